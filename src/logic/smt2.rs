//! Writing boards as SMT-LIB 2 problems (uninterpreted sort `U`, quantifiers), for z3 and
//! cvc5. The question is always satisfiability: for "does k follow?", statement k is
//! asserted negated, so `unsat` means it follows.

use crate::logic::ast::{BinaryOp, Quantifier, StatementKind};
use crate::logic::board::CheckedBoard;
use crate::logic::check::SymbolKind;
use crate::logic::export::{name_definition, statement, Dialect};

/// SMT-LIB symbols: plain when they can be, else `|quoted|`.
fn symbol(name: &str) -> String {
    let plain = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain
        && !matches!(
            name,
            "and" | "or" | "not" | "forall" | "exists" | "true" | "false" | "distinct"
        )
    {
        name.to_string()
    } else {
        format!("|{}|", name.replace(['|', '\\'], "_"))
    }
}

/// A bound variable: `|?name_k|` with k the binder's number in its statement. No symbol
/// starts with `?` (a board's names cannot), and the number after the last `_` tells binders
/// apart whatever the names.
fn variable(name: &str, index: usize) -> String {
    format!("|?{}_{index}|", name.replace(['|', '\\'], "_"))
}

/// The board as an SMT-LIB 2 script; with `negate` = k, statement k is asserted negated.
pub fn problem(
    board: &CheckedBoard,
    negate: Option<usize>,
) -> Result<String, crate::logic::export::TooLargeToWrite> {
    crate::logic::export::writable(board)?;
    let mut out =
        format!("; {} exported by umpire\n(set-logic UF)\n(declare-sort U 0)\n", board.board.name);
    for (name, info) in &board.signature.symbols {
        let args = vec!["U"; info.arity].join(" ");
        let result = if info.kind == SymbolKind::Predicate { "Bool" } else { "U" };
        out.push_str(&format!("(declare-fun {} ({args}) {result})\n", symbol(name)));
    }
    for (i, st) in board.board.statements.iter().enumerate() {
        let k = i + 1;
        let f = statement(&Smt2, st);
        let f = if negate == Some(k) { format!("(not {f})") } else { f };
        out.push_str(&format!("; ({k})\n(assert {f})\n"));
        if let StatementKind::Named { formula, name, params, target } = &st.kind {
            out.push_str(&format!(
                "(assert {})\n",
                name_definition(&Smt2, formula, &name.name, params.len(), &target.name)
            ));
        }
    }
    out.push_str("(check-sat)\n");
    Ok(out)
}

/// SMT-LIB 2, over the uninterpreted sort `U`.
struct Smt2;

impl Dialect for Smt2 {
    fn variable(&self, name: &str, index: usize) -> String {
        variable(name, index)
    }
    fn apply(&self, name: &str, args: &[String]) -> String {
        if args.is_empty() {
            symbol(name)
        } else {
            format!("({} {})", symbol(name), args.join(" "))
        }
    }
    fn equal(&self, a: &str, b: &str, equal: bool) -> String {
        if equal {
            format!("(= {a} {b})")
        } else {
            format!("(not (= {a} {b}))")
        }
    }
    fn not(&self, f: &str) -> String {
        format!("(not {f})")
    }
    fn binary(&self, op: BinaryOp, left: &str, right: &str) -> String {
        let op = match op {
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
            BinaryOp::Implies => "=>",
            BinaryOp::Iff => "=",
        };
        format!("({op} {left} {right})")
    }
    fn quantified(&self, q: Quantifier, v: &str, inner: &str) -> String {
        let q = if q == Quantifier::Forall { "forall" } else { "exists" };
        format!("({q} (({v} U)) {inner})")
    }
    fn exists_unique(&self, v: &str, inner: &str, w: &str, again: &str) -> String {
        format!("(exists (({v} U)) (and {inner} (forall (({w} U)) (=> {again} (= {w} {v})))))")
    }
    fn at_least(&self, vars: &[String]) -> String {
        let binders: Vec<String> = vars.iter().map(|v| format!("({v} U)")).collect();
        format!("(exists ({}) (distinct {}))", binders.join(" "), vars.join(" "))
    }
    fn truth(&self) -> &'static str {
        "true"
    }
    fn definition(&self, params: &[String], unique: &str, instance: &str) -> String {
        let inner = format!("(=> {unique} {instance})");
        if params.is_empty() {
            inner
        } else {
            format!(
                "(forall ({}) {inner})",
                params.iter().map(|p| format!("({p} U)")).collect::<Vec<_>>().join(" ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{board, check::CheckMode};

    #[test]
    fn boards_become_smt2_scripts() {
        let b = board::load(
            "b",
            "∀x blonde(x) → happy(x)\n|L| < 3\nhappy(0 + a)",
            CheckMode::FreeStanding,
        )
        .unwrap();
        let p = problem(&b, Some(3)).unwrap();
        assert!(p.contains("(declare-fun |+| (U U) U)"), "{p}");
        assert!(p.contains("(declare-fun blonde (U) Bool)"), "{p}");
        assert!(
            p.contains("(assert (forall ((|?x_1| U)) (=> (blonde |?x_1|) (happy |?x_1|))))"),
            "{p}"
        );
        assert!(p.contains("(assert (not (exists ((|?o_1| U) (|?o_2| U) (|?o_3| U)) (distinct |?o_1| |?o_2| |?o_3|))))"), "{p}");
        assert!(p.contains("(assert (not (happy (|+| |0| a))))"), "{p}");
        assert!(p.ends_with("(check-sat)\n"));
    }
}
