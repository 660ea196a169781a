//! A model as data: the names of its objects, the part of it players are shown, and its
//! JSON form (what `--json`, the page and the saves read). Drawing it for players — text
//! tables, Graphviz, SVG — is the command layer's (`commands::drawing`).
//!
//! Objects are written `#1`, `#2`, …: never a name a player could have used, so a model
//! cannot be misread as saying something about a constant called `1`.

use crate::logic::semantics::Structure;
use crate::reason::finite::Model;
use serde_json::{json, Value};

/// An object's name: `#1` for the first.
pub fn object(e: u32) -> String {
    format!("#{}", e + 1)
}

/// The structure without the symbols the board does not mention.
pub fn shown(model: &Model) -> Structure {
    let mut m = model.structure.clone();
    m.predicates.retain(|n, _| !model.unmentioned.contains(n));
    m.functions.retain(|n, _| !model.unmentioned.contains(n));
    m
}

/// The model as JSON, objects written as in the text (`"#1"`).
pub fn json(model: &Model) -> Value {
    let (m, witnesses) = (&shown(model), &model.witnesses);
    let mut constants = serde_json::Map::new();
    let mut functions = serde_json::Map::new();
    for (name, t) in &m.functions {
        if t.arity == 0 {
            constants.insert(name.clone(), json!(object(t.values[0])));
        } else {
            let entries: Vec<Value> = (0..t.values.len())
                .map(|i| {
                    let args: Vec<String> = m.tuple(i, t.arity).into_iter().map(object).collect();
                    json!({ "args": args, "value": object(t.values[i]) })
                })
                .collect();
            functions.insert(name.clone(), Value::Array(entries));
        }
    }
    let mut predicates = serde_json::Map::new();
    for (name, t) in &m.predicates {
        let holding: Vec<Value> = (0..t.values.len())
            .filter(|&i| t.values[i])
            .map(|i| {
                let args: Vec<String> = m.tuple(i, t.arity).into_iter().map(object).collect();
                if t.arity == 1 {
                    json!(args[0])
                } else {
                    json!(args)
                }
            })
            .collect();
        predicates.insert(name.clone(), Value::Array(holding));
    }
    let witnesses: Vec<Value> = witnesses
        .iter()
        .map(|(var, st, e, against)| {
            json!({ "variable": var, "statement": st, "object": object(*e), "counterexample": against })
        })
        .collect();
    json!({
        "size": m.size,
        "objects": (0..m.size as u32).map(object).collect::<Vec<_>>(),
        "constants": constants,
        "predicates": predicates,
        "functions": functions,
        "witnesses": witnesses,
        "unmentioned": model.unmentioned,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::logic::semantics::Table;
    use std::collections::BTreeMap;

    /// A model of two objects with a constant, two predicates, a function and a witness;
    /// the drawing's tests (`commands::drawing`) draw it too.
    pub(crate) fn family() -> Model {
        let mut m = Structure { size: 2, predicates: BTreeMap::new(), functions: BTreeMap::new() };
        m.predicates.insert("blonde".into(), Table { arity: 1, values: vec![true, false] });
        m.predicates
            .insert("likes".into(), Table { arity: 2, values: vec![false, true, false, false] });
        m.functions.insert("father".into(), Table { arity: 1, values: vec![1, 0] });
        m.functions.insert("blondie".into(), Table { arity: 0, values: vec![0] });
        m.predicates.insert("happy".into(), Table { arity: 1, values: vec![true, true] });
        Model {
            structure: m,
            witnesses: vec![("x".into(), 3, 1, false)],
            unmentioned: vec!["happy".into()],
        }
    }

    #[test]
    fn json_lists_what_holds() {
        let j = json(&family());
        assert!(j["predicates"].get("happy").is_none());
        assert_eq!(j["constants"]["blondie"], "#1");
        assert_eq!(j["predicates"]["likes"], json!([["#1", "#2"]]));
        assert_eq!(j["functions"]["father"][0], json!({"args": ["#1"], "value": "#2"}));
    }
}
