//! What the TPTP and SMT-LIB writers share: one walk over the syntax tree, spelled out in a
//! [`Dialect`]. The walk decides what is written (a cardinality statement as the formula it
//! abbreviates, `∃!` as existence and uniqueness, a name's definition as a further axiom);
//! the dialect decides how it is spelled.

use crate::logic::ast::{
    BinaryOp, Formula, FormulaKind, Quantifier, Statement, StatementKind, Term, TermKind,
};
use crate::logic::board::CheckedBoard;
use crate::util::failure::Classify;
use crate::util::input::MAX_WRITTEN_COUNT;

/// A board that cannot be written out for another prover.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("statement {statement} counts {n} objects; written out for another prover that is a formula over every pair of them, too large to write (at most {MAX_WRITTEN_COUNT})")]
#[diagnostic(
    code(umpire::export_too_large),
    help("umpire itself reads the count without writing it out: ask it with `umpire check`")
)]
pub struct TooLargeToWrite {
    pub statement: usize,
    pub n: u32,
}

impl Classify for TooLargeToWrite {}

/// Refuses a board whose counts would not fit in a file.
pub fn writable(board: &CheckedBoard) -> Result<(), TooLargeToWrite> {
    for (i, st) in board.board.statements.iter().enumerate() {
        if let Some((_, n)) = st.kind.size_bound() {
            if n > MAX_WRITTEN_COUNT {
                return Err(TooLargeToWrite { statement: i + 1, n });
            }
        }
    }
    Ok(())
}

/// How a first-order language spells formulas.
pub(crate) trait Dialect {
    /// A bound variable.
    fn variable(&self, name: &str) -> String;
    /// `f` applied to arguments already written (a constant when there are none).
    fn apply(&self, name: &str, args: &[String]) -> String;
    fn equal(&self, a: &str, b: &str, equal: bool) -> String;
    fn not(&self, f: &str) -> String;
    fn binary(&self, op: BinaryOp, left: &str, right: &str) -> String;
    /// `∀v φ` or `∃v φ`, with `v` already written.
    fn quantified(&self, q: Quantifier, v: &str, inner: &str) -> String;
    /// The name of the second variable of `∃!v` (`v` already written).
    fn twin(&self, v: &str, name: &str) -> String;
    /// `∃v (φ(v) ∧ ∀w (φ(w) → w = v))`.
    fn exists_unique(&self, v: &str, inner: &str, w: &str, again: &str) -> String;
    /// At least `n` objects (n ≥ 2).
    fn at_least(&self, n: usize) -> String;
    fn truth(&self) -> &'static str;
    /// `∀params (unique → instance)`: the definition a name brings (ruling L6).
    fn definition(&self, params: &[String], unique: &str, instance: &str) -> String;
}

pub(crate) fn statement(d: &impl Dialect, st: &Statement) -> String {
    match &st.kind {
        StatementKind::Formula(f) | StatementKind::Named { formula: f, .. } => formula(d, f, &[]),
        StatementKind::AtLeast { .. }
        | StatementKind::LessThan { .. }
        | StatementKind::NegatedBound { .. } => {
            let (lower, n) = st.kind.size_bound().expect("a cardinality statement");
            let bound = at_least(d, n as usize);
            if lower {
                bound
            } else {
                d.not(&bound)
            }
        }
    }
}

fn at_least(d: &impl Dialect, n: usize) -> String {
    if n <= 1 {
        d.truth().to_string()
    } else {
        d.at_least(n)
    }
}

/// The definition that the name made by `∃!` in `f` brings: for every choice of the
/// parameters, if exactly one object fits, the name is that object.
pub(crate) fn name_definition(
    d: &impl Dialect,
    f: &Formula,
    name: &str,
    arity: usize,
    target: &str,
) -> String {
    let mut params = Vec::new();
    let mut g = f;
    while params.len() < arity {
        let FormulaKind::Quant { var, body, .. } = &g.kind else { break };
        params.push(var.name.clone());
        g = body;
    }
    let FormulaKind::Quant { body, .. } = &g.kind else { return d.truth().to_string() };
    let written: Vec<String> = params.iter().map(|p| d.variable(p)).collect();
    let named = d.apply(name, &written);
    let instance = formula(d, body, &[(target.to_string(), named)]);
    d.definition(&written, &formula(d, g, &[]), &instance)
}

/// Writes `f` with each variable of `subst` written as its term.
pub(crate) fn formula(d: &impl Dialect, f: &Formula, subst: &[(String, String)]) -> String {
    let t = |x: &Term| term(d, x, subst);
    let g = |x: &Formula| formula(d, x, subst);
    match &f.kind {
        FormulaKind::Atom { pred, args } => {
            d.apply(&pred.name, &args.iter().map(t).collect::<Vec<_>>())
        }
        FormulaKind::Eq(a, b) => d.equal(&t(a), &t(b), true),
        FormulaKind::Neq(a, b) => d.equal(&t(a), &t(b), false),
        FormulaKind::Not(x) => d.not(&g(x)),
        FormulaKind::Binary { op, left, right } => d.binary(*op, &g(left), &g(right)),
        FormulaKind::Quant { q, var, body } => {
            let v = d.variable(&var.name);
            let inner = g(body);
            match q {
                Quantifier::Forall | Quantifier::Exists => d.quantified(*q, &v, &inner),
                Quantifier::ExistsUnique => {
                    let w = d.twin(&v, &var.name);
                    let mut renamed = subst.to_vec();
                    renamed.push((var.name.clone(), w.clone()));
                    let again = formula(d, body, &renamed);
                    d.exists_unique(&v, &inner, &w, &again)
                }
            }
        }
    }
}

fn term(d: &impl Dialect, t: &Term, subst: &[(String, String)]) -> String {
    match &t.kind {
        TermKind::Var(id) => match subst.iter().rev().find(|(n, _)| *n == id.name) {
            Some((_, by)) => by.clone(),
            None => d.variable(&id.name),
        },
        TermKind::App { func, args } => {
            d.apply(&func.name, &args.iter().map(|a| term(d, a, subst)).collect::<Vec<_>>())
        }
    }
}
