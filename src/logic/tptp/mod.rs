//! Writing boards as TPTP problems (FOF), so that other systems (cvc5, E, Vampire) can
//! answer the same question and every verdict can be checked elsewhere.
//!
//! Symbols keep their names where TPTP allows them (`blonde`), `+` becomes `plus`, other
//! names are single-quoted (`'0'`). Variables are upper-cased (`x` → `X`). A cardinality
//! statement is written out as the formula it abbreviates; a name made by `∃!` is
//! written with its definition (ruling L6) as a further axiom.

use crate::logic::ast::{BinaryOp, Formula, Quantifier, Statement, StatementKind, PLUS};
use crate::logic::board::CheckedBoard;
use crate::logic::export::{self, Dialect};

pub mod read;

/// The board as a TPTP problem; with `conjecture` = k, statement k becomes the
/// conjecture (is it a consequence of the others?).
pub fn problem(
    board: &CheckedBoard,
    conjecture: Option<usize>,
) -> Result<String, export::TooLargeToWrite> {
    export::writable(board)?;
    let mut out = format!("% {} exported by umpire\n", board.board.name);
    for (i, st) in board.board.statements.iter().enumerate() {
        let k = i + 1;
        let role = if conjecture == Some(k) { "conjecture" } else { "axiom" };
        out.push_str(&format!("fof(s{k}, {role}, {}).\n", statement(st)));
        if let StatementKind::Named { formula, name, params, target } = &st.kind {
            out.push_str(&format!(
                "fof(s{k}_name, axiom, {}).\n",
                export::name_definition(&Fof, formula, &name.name, params.len(), &target.name)
            ));
        }
    }
    Ok(out)
}

/// A symbol as TPTP writes it: plain when it can be, `+` as `plus`, else single-quoted.
pub fn symbol(name: &str) -> String {
    if name == PLUS {
        return "plus".into();
    }
    let mut chars = name.chars();
    let plain = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        name.to_string()
    } else {
        format!("'{}'", name.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

fn variable(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        match c {
            '\'' => out.push_str("_p"),
            c if i == 0 => out.extend(c.to_uppercase()),
            c if c.is_ascii_alphanumeric() => out.push(c),
            _ => out.push('_'),
        }
    }
    out
}

/// A statement as a TPTP formula.
pub fn statement(st: &Statement) -> String {
    export::statement(&Fof, st)
}

/// A formula as a TPTP formula.
pub fn formula(f: &Formula) -> String {
    export::formula(&Fof, f, &[])
}

/// TPTP's first-order form (FOF).
struct Fof;

impl Dialect for Fof {
    fn variable(&self, name: &str) -> String {
        variable(name)
    }
    fn apply(&self, name: &str, args: &[String]) -> String {
        if args.is_empty() {
            symbol(name)
        } else {
            format!("{}({})", symbol(name), args.join(","))
        }
    }
    fn equal(&self, a: &str, b: &str, equal: bool) -> String {
        format!("{a} {} {b}", if equal { "=" } else { "!=" })
    }
    fn not(&self, f: &str) -> String {
        format!("~ ({f})")
    }
    fn binary(&self, op: BinaryOp, left: &str, right: &str) -> String {
        let op = match op {
            BinaryOp::And => "&",
            BinaryOp::Or => "|",
            BinaryOp::Implies => "=>",
            BinaryOp::Iff => "<=>",
        };
        format!("({left}) {op} ({right})")
    }
    fn quantified(&self, q: Quantifier, v: &str, inner: &str) -> String {
        let q = if q == Quantifier::Forall { "!" } else { "?" };
        format!("{q} [{v}] : ({inner})")
    }
    fn twin(&self, v: &str, _name: &str) -> String {
        format!("{v}_u")
    }
    fn exists_unique(&self, v: &str, inner: &str, w: &str, again: &str) -> String {
        format!("? [{v}] : (({inner}) & ! [{w}] : (({again}) => {w} = {v}))")
    }
    /// `?[X1,…,Xn] : (X1 != X2 & …)`.
    fn at_least(&self, n: usize) -> String {
        let vars: Vec<String> = (1..=n).map(|i| format!("X{i}")).collect();
        let mut distinct = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                distinct.push(format!("{} != {}", vars[i], vars[j]));
            }
        }
        format!("? [{}] : ({})", vars.join(","), distinct.join(" & "))
    }
    fn truth(&self) -> &'static str {
        "$true"
    }
    fn definition(&self, params: &[String], unique: &str, instance: &str) -> String {
        let inner = format!("(({unique}) => ({instance}))");
        if params.is_empty() {
            inner
        } else {
            format!("! [{}] : {inner}", params.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{board, check::CheckMode};

    #[test]
    fn boards_become_fof_problems() {
        let b = board::load(
            "b",
            "∀x blonde(x) → happy(x)\n∃!x blonde(x) | blondie := x\n|L| < 3\nhappy(0 + blondie)",
            CheckMode::FreeStanding,
        )
        .unwrap();
        let p = problem(&b, Some(4)).unwrap();
        assert!(p.contains("fof(s1, axiom, ! [X] : ((blonde(X)) => (happy(X))))."), "{p}");
        assert!(p.contains("fof(s2_name, axiom, ((? [X] : ((blonde(X)) & ! [X_u] : ((blonde(X_u)) => X_u = X))) => (blonde(blondie))))."), "{p}");
        assert!(
            p.contains("fof(s3, axiom, ~ (? [X1,X2,X3] : (X1 != X2 & X1 != X3 & X2 != X3)))."),
            "{p}"
        );
        assert!(p.contains("fof(s4, conjecture, happy(plus('0',blondie)))."), "{p}");
    }
}
