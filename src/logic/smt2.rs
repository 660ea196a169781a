//! Writing boards as SMT-LIB 2 problems (uninterpreted sort `U`, quantifiers), for z3 and
//! cvc5. The question is always satisfiability: for "does k follow?", statement k is
//! asserted negated, so `unsat` means it follows.

use crate::logic::ast::{BinaryOp, Formula, FormulaKind, Quantifier, Statement, StatementKind, Term, TermKind};
use crate::logic::board::CheckedBoard;
use crate::logic::check::SymbolKind;

/// SMT-LIB symbols: plain when they can be, else `|quoted|`.
fn symbol(name: &str) -> String {
    let plain = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain && !matches!(name, "and" | "or" | "not" | "forall" | "exists" | "true" | "false" | "distinct") {
        name.to_string()
    } else {
        format!("|{}|", name.replace(['|', '\\'], "_"))
    }
}

fn variable(name: &str) -> String {
    format!("|?{}|", name.replace(['|', '\\'], "_"))
}

/// The board as an SMT-LIB 2 script; with `negate` = k, statement k is asserted negated.
pub fn problem(board: &CheckedBoard, negate: Option<usize>) -> String {
    let mut out = format!("; {} exported by umpire\n(set-logic UF)\n(declare-sort U 0)\n", board.board.name);
    for (name, info) in &board.signature.symbols {
        let args = vec!["U"; info.arity].join(" ");
        let result = if info.kind == SymbolKind::Predicate { "Bool" } else { "U" };
        out.push_str(&format!("(declare-fun {} ({args}) {result})\n", symbol(name)));
    }
    for (i, st) in board.board.statements.iter().enumerate() {
        let k = i + 1;
        let f = statement(st);
        let f = if negate == Some(k) { format!("(not {f})") } else { f };
        out.push_str(&format!("; ({k})\n(assert {f})\n"));
        if let StatementKind::Named { formula, name, params, target } = &st.kind {
            out.push_str(&format!("(assert {})\n", name_definition(formula, &name.name, params.len(), &target.name)));
        }
    }
    out.push_str("(check-sat)\n");
    out
}

fn statement(st: &Statement) -> String {
    match &st.kind {
        StatementKind::Formula(f) | StatementKind::Named { formula: f, .. } => formula(f, &[]),
        StatementKind::AtLeast { n } => at_least(*n as usize),
        StatementKind::LessThan { n } => format!("(not {})", at_least(*n as usize)),
    }
}

fn at_least(n: usize) -> String {
    if n <= 1 {
        return "true".into();
    }
    let vars: Vec<String> = (1..=n).map(|i| format!("|?o{i}|")).collect();
    let binders: Vec<String> = vars.iter().map(|v| format!("({v} U)")).collect();
    format!("(exists ({}) (distinct {}))", binders.join(" "), vars.join(" "))
}

fn name_definition(f: &Formula, name: &str, arity: usize, target: &str) -> String {
    let mut params = Vec::new();
    let mut g = f;
    while params.len() < arity {
        let FormulaKind::Quant { var, body, .. } = &g.kind else { break };
        params.push(var.name.clone());
        g = body;
    }
    let FormulaKind::Quant { body, .. } = &g.kind else { return "true".into() };
    let named =
        if arity == 0 { symbol(name) } else { format!("({} {})", symbol(name), params.iter().map(|p| variable(p)).collect::<Vec<_>>().join(" ")) };
    let inner = format!("(=> {} {})", formula(g, &[]), formula(body, &[(target.to_string(), named)]));
    if params.is_empty() {
        inner
    } else {
        format!("(forall ({}) {inner})", params.iter().map(|p| format!("({} U)", variable(p))).collect::<Vec<_>>().join(" "))
    }
}

fn formula(f: &Formula, subst: &[(String, String)]) -> String {
    let t = |x: &Term| term(x, subst);
    match &f.kind {
        FormulaKind::Atom { pred, args } => application(&pred.name, &args.iter().map(t).collect::<Vec<_>>()),
        FormulaKind::Eq(a, b) => format!("(= {} {})", t(a), t(b)),
        FormulaKind::Neq(a, b) => format!("(not (= {} {}))", t(a), t(b)),
        FormulaKind::Not(g) => format!("(not {})", formula(g, subst)),
        FormulaKind::Binary { op, left, right } => {
            let op = match op {
                BinaryOp::And => "and",
                BinaryOp::Or => "or",
                BinaryOp::Implies => "=>",
                BinaryOp::Iff => "=",
            };
            format!("({op} {} {})", formula(left, subst), formula(right, subst))
        }
        FormulaKind::Quant { q, var, body } => {
            let v = variable(&var.name);
            let inner = formula(body, subst);
            match q {
                Quantifier::Forall => format!("(forall (({v} U)) {inner})"),
                Quantifier::Exists => format!("(exists (({v} U)) {inner})"),
                Quantifier::ExistsUnique => {
                    let w = variable(&format!("{}'", var.name));
                    let mut renamed = subst.to_vec();
                    renamed.push((var.name.clone(), w.clone()));
                    let again = formula(body, &renamed);
                    format!("(exists (({v} U)) (and {inner} (forall (({w} U)) (=> {again} (= {w} {v})))))")
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
        format!("({} {})", symbol(name), args.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{board, check::CheckMode};

    #[test]
    fn boards_become_smt2_scripts() {
        let b = board::load("b", "∀x blonde(x) → happy(x)\n|L| < 3\nhappy(0 + a)", CheckMode::FreeStanding).unwrap();
        let p = problem(&b, Some(3));
        assert!(p.contains("(declare-fun |+| (U U) U)"), "{p}");
        assert!(p.contains("(declare-fun blonde (U) Bool)"), "{p}");
        assert!(p.contains("(assert (forall ((|?x| U)) (=> (blonde |?x|) (happy |?x|))))"), "{p}");
        assert!(p.contains("(assert (not (exists ((|?o1| U) (|?o2| U) (|?o3| U)) (distinct |?o1| |?o2| |?o3|))))"), "{p}");
        assert!(p.contains("(assert (not (happy (|+| |0| a))))"), "{p}");
        assert!(p.ends_with("(check-sat)\n"));
    }
}
