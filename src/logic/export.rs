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
    /// The bound variable numbered `index` within its statement, whose name on the board was
    /// `name`. Two different indices must give two different names, and no symbol may be
    /// written as one of them, so that no variable is captured.
    fn variable(&self, name: &str, index: usize) -> String;
    /// `f` applied to arguments already written (a constant when there are none).
    fn apply(&self, name: &str, args: &[String]) -> String;
    fn equal(&self, a: &str, b: &str, equal: bool) -> String;
    fn not(&self, f: &str) -> String;
    fn binary(&self, op: BinaryOp, left: &str, right: &str) -> String;
    /// `∀v φ` or `∃v φ`, with `v` already written.
    fn quantified(&self, q: Quantifier, v: &str, inner: &str) -> String;
    /// `∃v (φ(v) ∧ ∀w (φ(w) → w = v))`.
    fn exists_unique(&self, v: &str, inner: &str, w: &str, again: &str) -> String;
    /// At least `vars.len()` objects (at least two): the variables are distinct.
    fn at_least(&self, vars: &[String]) -> String;
    fn truth(&self) -> &'static str;
    /// `∀params (unique → instance)`: the definition a name brings (ruling L6).
    fn definition(&self, params: &[String], unique: &str, instance: &str) -> String;
}

/// One statement's walk: every binder gets a variable of its own, numbered in the order the
/// walk meets them, so a board's names (`x'` beside `x_p`, an inner `∃x` under an outer
/// `∀x`) can never make two binders share a written variable.
struct Walk<'d, D: Dialect> {
    dialect: &'d D,
    next: usize,
}

impl<D: Dialect> Walk<'_, D> {
    fn fresh(&mut self, name: &str) -> String {
        self.next += 1;
        self.dialect.variable(name, self.next)
    }

    /// Writes `f` where `scope` gives, innermost last, what each board variable is written as.
    fn formula(&mut self, f: &Formula, scope: &mut Vec<(String, String)>) -> String {
        let d = self.dialect;
        match &f.kind {
            FormulaKind::Atom { pred, args } => {
                let args: Vec<String> = args.iter().map(|a| self.term(a, scope)).collect();
                d.apply(&pred.name, &args)
            }
            FormulaKind::Eq(a, b) => d.equal(&self.term(a, scope), &self.term(b, scope), true),
            FormulaKind::Neq(a, b) => d.equal(&self.term(a, scope), &self.term(b, scope), false),
            FormulaKind::Not(x) => {
                let inner = self.formula(x, scope);
                d.not(&inner)
            }
            FormulaKind::Binary { op, left, right } => {
                let l = self.formula(left, scope);
                let r = self.formula(right, scope);
                d.binary(*op, &l, &r)
            }
            FormulaKind::Quant { q, var, body } => {
                let v = self.fresh(&var.name);
                let inner = self.bound(&var.name, &v, body, scope);
                match q {
                    Quantifier::Forall | Quantifier::Exists => d.quantified(*q, &v, &inner),
                    Quantifier::ExistsUnique => {
                        let w = self.fresh(&var.name);
                        let again = self.bound(&var.name, &w, body, scope);
                        d.exists_unique(&v, &inner, &w, &again)
                    }
                }
            }
        }
    }

    /// Writes `body` with the board variable `name` written as `written`.
    fn bound(
        &mut self,
        name: &str,
        written: &str,
        body: &Formula,
        scope: &mut Vec<(String, String)>,
    ) -> String {
        scope.push((name.to_string(), written.to_string()));
        let out = self.formula(body, scope);
        scope.pop();
        out
    }

    fn term(&mut self, t: &Term, scope: &[(String, String)]) -> String {
        match &t.kind {
            TermKind::Var(id) => match scope.iter().rev().find(|(n, _)| *n == id.name) {
                Some((_, by)) => by.clone(),
                // A checked board has no free variable; were one left, it is written as a
                // constant of its own name rather than silently bound.
                None => self.dialect.apply(&id.name, &[]),
            },
            TermKind::App { func, args } => {
                let args: Vec<String> = args.iter().map(|a| self.term(a, scope)).collect();
                self.dialect.apply(&func.name, &args)
            }
        }
    }
}

pub(crate) fn statement(d: &impl Dialect, st: &Statement) -> String {
    match &st.kind {
        StatementKind::Formula(f) | StatementKind::Named { formula: f, .. } => formula(d, f),
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
        let vars: Vec<String> = (1..=n).map(|i| d.variable("o", i)).collect();
        d.at_least(&vars)
    }
}

/// A closed formula, written.
pub(crate) fn formula(d: &impl Dialect, f: &Formula) -> String {
    Walk { dialect: d, next: 0 }.formula(f, &mut Vec::new())
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
    let mut walk = Walk { dialect: d, next: 0 };
    let mut scope = Vec::new();
    let mut g = f;
    while scope.len() < arity {
        let FormulaKind::Quant { var, body, .. } = &g.kind else { break };
        let v = walk.fresh(&var.name);
        scope.push((var.name.clone(), v));
        g = body;
    }
    let FormulaKind::Quant { body, .. } = &g.kind else { return d.truth().to_string() };
    let written: Vec<String> = scope.iter().map(|(_, v)| v.clone()).collect();
    let named = d.apply(name, &written);
    let unique = walk.formula(g, &mut scope);
    scope.push((target.to_string(), named));
    let instance = walk.formula(body, &mut scope);
    d.definition(&written, &unique, &instance)
}
