//! Writing boards as TPTP problems (FOF), so that other systems (cvc5, E, Vampire) can
//! answer the same question and every verdict can be checked elsewhere.
//!
//! Symbols keep their names where TPTP allows them (`blonde`), `+` becomes `plus`, other
//! names are single-quoted (`'0'`). Variables are upper-cased (`x` → `X`). A cardinality
//! statement is written out as the formula it abbreviates; a name made by `∃!` is
//! written with its definition (ruling L6) as a further axiom.

use crate::logic::ast::{BinaryOp, Formula, FormulaKind, Quantifier, Statement, StatementKind, Term, TermKind, PLUS};
use crate::logic::board::CheckedBoard;

pub mod read;

/// The board as a TPTP problem; with `conjecture` = k, statement k becomes the
/// conjecture (is it a consequence of the others?).
pub fn problem(board: &CheckedBoard, conjecture: Option<usize>) -> String {
    let mut out = format!("% {} exported by umpire\n", board.board.name);
    for (i, st) in board.board.statements.iter().enumerate() {
        let k = i + 1;
        let role = if conjecture == Some(k) { "conjecture" } else { "axiom" };
        out.push_str(&format!("fof(s{k}, {role}, {}).\n", statement(st)));
        if let StatementKind::Named { formula, name, params, target } = &st.kind {
            out.push_str(&format!("fof(s{k}_name, axiom, {}).\n", name_definition(formula, &name.name, params.len(), &target.name)));
        }
    }
    out
}

/// A symbol as TPTP writes it: plain when it can be, `+` as `plus`, else single-quoted.
pub fn symbol(name: &str) -> String {
    if name == PLUS {
        return "plus".into();
    }
    let mut chars = name.chars();
    let plain = chars.next().is_some_and(|c| c.is_ascii_lowercase()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
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

pub fn statement(st: &Statement) -> String {
    match &st.kind {
        StatementKind::Formula(f) | StatementKind::Named { formula: f, .. } => formula(f),
        StatementKind::AtLeast { n } => at_least(*n as usize),
        StatementKind::LessThan { n } => format!("~ ({})", at_least(*n as usize)),
    }
}

/// `?[X1,…,Xn] : (X1 != X2 & …)`.
fn at_least(n: usize) -> String {
    if n <= 1 {
        return "$true".into();
    }
    let vars: Vec<String> = (1..=n).map(|i| format!("X{i}")).collect();
    let mut distinct = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            distinct.push(format!("{} != {}", vars[i], vars[j]));
        }
    }
    format!("? [{}] : ({})", vars.join(","), distinct.join(" & "))
}

fn name_definition(f: &Formula, name: &str, arity: usize, target: &str) -> String {
    let mut params = Vec::new();
    let mut g = f;
    while params.len() < arity {
        let FormulaKind::Quant { var, body, .. } = &g.kind else { break };
        params.push(var.name.clone());
        g = body;
    }
    let FormulaKind::Quant { body, .. } = &g.kind else { return "$true".into() };
    let named = if arity == 0 {
        symbol(name)
    } else {
        format!("{}({})", symbol(name), params.iter().map(|p| variable(p)).collect::<Vec<_>>().join(","))
    };
    let instance = formula_with(body, &[(target.to_string(), named)]);
    let unique = formula(g);
    let inner = format!("(({unique}) => ({instance}))");
    if params.is_empty() {
        inner
    } else {
        format!("! [{}] : {inner}", params.iter().map(|p| variable(p)).collect::<Vec<_>>().join(","))
    }
}

pub fn formula(f: &Formula) -> String {
    formula_with(f, &[])
}

/// Prints `f` with each variable of `subst` written as its term.
fn formula_with(f: &Formula, subst: &[(String, String)]) -> String {
    let t = |x: &Term| term(x, subst);
    let g = |x: &Formula| formula_with(x, subst);
    match &f.kind {
        FormulaKind::Atom { pred, args } => application(&pred.name, &args.iter().map(t).collect::<Vec<_>>()),
        FormulaKind::Eq(a, b) => format!("{} = {}", t(a), t(b)),
        FormulaKind::Neq(a, b) => format!("{} != {}", t(a), t(b)),
        FormulaKind::Not(x) => format!("~ ({})", g(x)),
        FormulaKind::Binary { op, left, right } => {
            let op = match op {
                BinaryOp::And => "&",
                BinaryOp::Or => "|",
                BinaryOp::Implies => "=>",
                BinaryOp::Iff => "<=>",
            };
            format!("({}) {op} ({})", g(left), g(right))
        }
        FormulaKind::Quant { q, var, body } => {
            let v = variable(&var.name);
            let inner = g(body);
            match q {
                Quantifier::Forall => format!("! [{v}] : ({inner})"),
                Quantifier::Exists => format!("? [{v}] : ({inner})"),
                Quantifier::ExistsUnique => {
                    // ?[V] : (φ(V) & ![W] : (φ(W) => W = V)), W a fresh name.
                    let w = format!("{v}_u");
                    let mut renamed = subst.to_vec();
                    renamed.push((var.name.clone(), w.clone()));
                    let again = formula_with(body, &renamed);
                    format!("? [{v}] : (({inner}) & ! [{w}] : (({again}) => {w} = {v}))")
                }
            }
        }
    }
}

fn term(t: &Term, subst: &[(String, String)]) -> String {
    match &t.kind {
        TermKind::Var(id) => match subst.iter().rev().find(|(n, _)| *n == id.name) {
            Some((_, by)) => by.clone(),
            None => variable(&id.name),
        },
        TermKind::App { func, args } => application(&func.name, &args.iter().map(|a| term(a, subst)).collect::<Vec<_>>()),
    }
}

fn application(name: &str, args: &[String]) -> String {
    if args.is_empty() {
        symbol(name)
    } else {
        format!("{}({})", symbol(name), args.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{board, check::CheckMode};

    #[test]
    fn boards_become_fof_problems() {
        let b = board::load("b", "∀x blonde(x) → happy(x)\n∃!x blonde(x) | blondie := x\n|L| < 3\nhappy(0 + blondie)", CheckMode::FreeStanding)
            .unwrap();
        let p = problem(&b, Some(4));
        assert!(p.contains("fof(s1, axiom, ! [X] : ((blonde(X)) => (happy(X))))."), "{p}");
        assert!(p.contains("fof(s2_name, axiom, ((? [X] : ((blonde(X)) & ! [X_u] : ((blonde(X_u)) => X_u = X))) => (blonde(blondie))))."), "{p}");
        assert!(p.contains("fof(s3, axiom, ~ (? [X1,X2,X3] : (X1 != X2 & X1 != X3 & X2 != X3)))."), "{p}");
        assert!(p.contains("fof(s4, conjecture, happy(plus('0',blondie)))."), "{p}");
    }
}
