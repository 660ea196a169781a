//! Showing a model to players: as text tables, as Graphviz (`--dot`), as JSON.
//!
//! Objects are written `#1`, `#2`, …: never a name a player could have used, so a model
//! cannot be misread as saying something about a constant called `1`.

use crate::logic::semantics::Structure;
use crate::reason::finite::Model;
use petgraph::dot::{Config, Dot};
use petgraph::graph::Graph;
use serde_json::{json, Value};
use std::fmt::Write;

/// Relations on at most this many objects are drawn as a matrix, larger ones as a list.
const MATRIX_UP_TO: usize = 10;

pub fn object(e: u32) -> String {
    format!("#{}", e + 1)
}

fn tuple_text(t: &[u32]) -> String {
    t.iter().map(|&e| object(e)).collect::<Vec<_>>().join(", ")
}

/// The model as a player reads it: objects, named objects, then each symbol's table.
pub fn text(model: &Model) -> String {
    let (m, witnesses) = (&shown(model), &model.witnesses);
    let mut out = String::new();
    let objects: Vec<String> = (0..m.size as u32).map(object).collect();
    let _ = writeln!(out, "{} object{}: {}", m.size, if m.size == 1 { "" } else { "s" }, objects.join(" "));
    for (name, t) in m.functions.iter().filter(|(_, t)| t.arity == 0) {
        let _ = writeln!(out, "  {name} = {}", object(t.values[0]));
    }
    for (name, t) in &m.predicates {
        let holding: Vec<usize> = (0..t.values.len()).filter(|&i| t.values[i]).collect();
        match t.arity {
            0 => {
                let _ = writeln!(out, "  {name}: {}", if t.values[0] { "true" } else { "false" });
            }
            1 => {
                let set: Vec<String> = holding.iter().map(|&i| object(i as u32)).collect();
                let _ = writeln!(out, "  {name}: {}", if set.is_empty() { "nobody".into() } else { set.join(" ") });
            }
            2 if m.size <= MATRIX_UP_TO && !holding.is_empty() => {
                let _ = writeln!(out, "  {name} (row {name} column):");
                grid(&mut out, m.size, |a, b| if t.values[m.index(&[a, b])] { "✓".into() } else { "·".into() });
            }
            _ => {
                let list: Vec<String> = holding.iter().map(|&i| format!("({})", tuple_text(&m.tuple(i, t.arity)))).collect();
                let _ = writeln!(out, "  {name}: {}", if list.is_empty() { "never".into() } else { list.join(" ") });
            }
        }
    }
    for (name, t) in m.functions.iter().filter(|(_, t)| t.arity > 0) {
        if t.arity == 2 && m.size <= MATRIX_UP_TO {
            let _ = writeln!(out, "  {}:", if name == "+" { "+ (row + column)".to_string() } else { format!("{name} (row, column)") });
            grid(&mut out, m.size, |a, b| object(t.values[m.index(&[a, b])]));
        } else {
            let entries: Vec<String> = (0..t.values.len())
                .map(|i| {
                    let args = m.tuple(i, t.arity);
                    let lhs = if t.arity == 1 { object(args[0]) } else { format!("({})", tuple_text(&args)) };
                    format!("{lhs}↦{}", object(t.values[i]))
                })
                .collect();
            let _ = writeln!(out, "  {name}: {}", entries.join(" "));
        }
    }
    if !model.unmentioned.is_empty() {
        let _ = writeln!(out, "  not on the board (anything goes): {}", model.unmentioned.join(", "));
    }
    if !witnesses.is_empty() {
        let list: Vec<String> =
            witnesses.iter().map(|(var, st, e)| format!("{var} of ({st}) is {}", object(*e))).collect();
        let _ = writeln!(out, "  witnesses: {}", list.join(", "));
    }
    out
}

/// A table with a row and a column per object.
fn grid(out: &mut String, size: usize, cell: impl Fn(u32, u32) -> String) {
    let width = object(size as u32 - 1).len().max(2);
    let mut header = format!("    {:width$}", "");
    for e in 0..size as u32 {
        let _ = write!(header, " {:>width$}", object(e));
    }
    let _ = writeln!(out, "{header}");
    for a in 0..size as u32 {
        let mut row = format!("    {:>width$}", object(a));
        for b in 0..size as u32 {
            let _ = write!(row, " {:>width$}", cell(a, b));
        }
        let _ = writeln!(out, "{row}");
    }
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
    let witnesses: Vec<Value> =
        witnesses.iter().map(|(var, st, e)| json!({ "variable": var, "statement": st, "object": object(*e) })).collect();
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

/// Graphviz: objects as nodes (labelled with their names and properties), binary
/// relations as arrows, unary functions as dashed arrows.
pub fn dot(model: &Model) -> String {
    let m = &shown(model);
    let mut g: Graph<String, (String, bool)> = Graph::new();
    let nodes: Vec<_> = (0..m.size as u32)
        .map(|e| {
            let mut label = vec![object(e)];
            for (name, t) in m.functions.iter().filter(|(_, t)| t.arity == 0) {
                if t.values[0] == e {
                    label.push(name.clone());
                }
            }
            for (name, t) in m.predicates.iter().filter(|(_, t)| t.arity == 1) {
                if t.values[e as usize] {
                    label.push(name.clone());
                }
            }
            g.add_node(label.join("\\n"))
        })
        .collect();
    for (name, t) in m.predicates.iter().filter(|(_, t)| t.arity == 2) {
        for i in (0..t.values.len()).filter(|&i| t.values[i]) {
            let pair = m.tuple(i, 2);
            g.add_edge(nodes[pair[0] as usize], nodes[pair[1] as usize], (name.clone(), false));
        }
    }
    for (name, t) in m.functions.iter().filter(|(_, t)| t.arity == 1) {
        for (a, &b) in t.values.iter().enumerate() {
            g.add_edge(nodes[a], nodes[b as usize], (name.clone(), true));
        }
    }
    let edge = |_, e: petgraph::graph::EdgeReference<(String, bool)>| {
        let (name, dashed) = e.weight();
        let color = match name.as_str() {
            "likes" => "crimson",
            "smarter" => "royalblue",
            _ => "black",
        };
        format!("label = \"{}\", style = {}, color = {color}", escape(name), if *dashed { "dashed" } else { "solid" })
    };
    let node = |_, (_, label): (petgraph::graph::NodeIndex, &String)| format!("label = \"{}\"", escape_keep_newlines(label));
    format!("{:?}", Dot::with_attr_getters(&g, &[Config::EdgeNoLabel, Config::NodeNoLabel], &edge, &node))
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn escape_keep_newlines(s: &str) -> String {
    s.replace('"', "\\\"")
}

/// The structure without the symbols the board does not mention.
fn shown(model: &Model) -> Structure {
    let mut m = model.structure.clone();
    m.predicates.retain(|n, _| !model.unmentioned.contains(n));
    m.functions.retain(|n, _| !model.unmentioned.contains(n));
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::semantics::Table;
    use std::collections::BTreeMap;

    fn family() -> Model {
        let mut m = Structure { size: 2, predicates: BTreeMap::new(), functions: BTreeMap::new() };
        m.predicates.insert("blonde".into(), Table { arity: 1, values: vec![true, false] });
        m.predicates.insert("likes".into(), Table { arity: 2, values: vec![false, true, false, false] });
        m.functions.insert("father".into(), Table { arity: 1, values: vec![1, 0] });
        m.functions.insert("blondie".into(), Table { arity: 0, values: vec![0] });
        m.predicates.insert("happy".into(), Table { arity: 1, values: vec![true, true] });
        Model { structure: m, witnesses: vec![("x".into(), 3, 1)], unmentioned: vec!["happy".into()] }
    }

    #[test]
    fn text_shows_sets_matrices_and_tables() {
        let t = text(&family());
        assert!(!t.contains("happy:"), "{t}");
        assert!(t.contains("not on the board (anything goes): happy"), "{t}");
        assert!(t.starts_with("2 objects: #1 #2\n"), "{t}");
        assert!(t.contains("blondie = #1"), "{t}");
        assert!(t.contains("blonde: #1\n"), "{t}");
        assert!(t.contains("#1  ·  ✓"), "{t}");
        assert!(t.contains("father: #1↦#2 #2↦#1"), "{t}");
        assert!(t.contains("x of (3) is #2"), "{t}");
    }

    #[test]
    fn dot_draws_relations_and_dashed_functions() {
        let d = dot(&family());
        assert!(d.starts_with("digraph"), "{d}");
        assert!(d.contains("0 -> 1 [ label = \"likes\", style = solid"), "{d}");
        assert!(d.contains("label = \"father\", style = dashed"), "{d}");
        assert!(d.contains("#1\\nblondie\\nblonde"), "{d}");
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
