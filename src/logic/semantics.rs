//! What statements mean: finite structures, and an evaluator that decides whether a
//! structure satisfies a statement by reading the syntax tree directly.
//!
//! This is the independent re-check behind every "consistent" and "not redundant": it
//! shares nothing with clausification or the SAT encoding, so a bug there shows up as a
//! model that fails here instead of as a wrong verdict. Keep it simple rather than fast.
//!
//! ```
//! use umpire::logic::{board, check::CheckMode, semantics::Structure};
//! let b = board::load("b", "∀x happy(x)\n|L| < 3", CheckMode::FreeStanding).unwrap();
//! let mut m = Structure::blank(&b.signature, 2);
//! m.predicates.get_mut("happy").unwrap().values = vec![true, true];
//! assert!(m.satisfies(&b.board.statements[0], false).unwrap());
//! assert!(m.satisfies(&b.board.statements[1], false).unwrap());
//! ```

use crate::logic::ast::{
    BinaryOp, Formula, FormulaKind, Quantifier, Statement, StatementKind, Term, TermKind,
};
use crate::logic::check::{Signature, SymbolKind};
use crate::solve::budget::{Budget, Exhausted};
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::collections::BTreeMap;

/// The values of one symbol on every tuple, in row-major order (first argument slowest).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table<T> {
    pub arity: usize,
    pub values: Vec<T>,
}

/// A finite structure: the objects are `0..size`; each predicate and function of the
/// signature has a table (constants are functions of arity 0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Structure {
    pub size: usize,
    pub predicates: BTreeMap<String, Table<bool>>,
    pub functions: BTreeMap<String, Table<u32>>,
}

/// Why a statement could not be evaluated (a structure that lacks a symbol it uses).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    #[error("the structure has no symbol `{0}`")]
    MissingSymbol(String),
    #[error("`{0}` is used with a variable that is not bound")]
    UnboundVariable(String),
    #[error("the table of `{0}` does not fit a domain of this size")]
    BadTable(String),
    #[error("the check ran out of its budget: {0}")]
    OutOfBudget(Exhausted),
}

type Env<'a> = Vec<(&'a str, u32)>;

/// Counts the evaluator's steps and stops it when the budget is spent: a model of 12
/// objects and a statement with eight nested ∀ is 12⁸ cases to check.
struct Meter<'b> {
    budget: Option<&'b Budget>,
    steps: Cell<u64>,
}

impl Meter<'_> {
    fn tick(&self) -> Result<(), EvalError> {
        let n = self.steps.get() + 1;
        self.steps.set(n);
        match self.budget {
            Some(b) if n.is_multiple_of(4096) => {
                b.spent().map_or(Ok(()), |why| Err(EvalError::OutOfBudget(why)))
            }
            _ => Ok(()),
        }
    }
}

impl Structure {
    /// All predicates false and all functions 0, for every symbol of `signature`.
    pub fn blank(signature: &Signature, size: usize) -> Structure {
        let mut s = Structure { size, predicates: BTreeMap::new(), functions: BTreeMap::new() };
        for (name, info) in &signature.symbols {
            let n = size.saturating_pow(info.arity as u32);
            match info.kind {
                SymbolKind::Predicate => s
                    .predicates
                    .insert(name.clone(), Table { arity: info.arity, values: vec![false; n] }),
                SymbolKind::Function => {
                    s.functions
                        .insert(name.clone(), Table { arity: info.arity, values: vec![0; n] });
                    None
                }
            };
        }
        s
    }

    /// The position of a tuple in a table.
    pub fn index(&self, args: &[u32]) -> usize {
        args.iter().fold(0, |acc, &a| acc * self.size + a as usize)
    }

    /// The tuple at a position of a table of the given arity.
    pub fn tuple(&self, mut index: usize, arity: usize) -> Vec<u32> {
        let mut t = vec![0; arity];
        for slot in t.iter_mut().rev() {
            *slot = (index % self.size) as u32;
            index /= self.size;
        }
        t
    }

    pub fn holds(&self, pred: &str, args: &[u32]) -> Result<bool, EvalError> {
        let t = self.predicates.get(pred).ok_or_else(|| EvalError::MissingSymbol(pred.into()))?;
        if t.arity != args.len() {
            return Err(EvalError::BadTable(pred.into()));
        }
        t.values.get(self.index(args)).copied().ok_or_else(|| EvalError::BadTable(pred.into()))
    }

    pub fn apply(&self, func: &str, args: &[u32]) -> Result<u32, EvalError> {
        let t = self.functions.get(func).ok_or_else(|| EvalError::MissingSymbol(func.into()))?;
        if t.arity != args.len() {
            return Err(EvalError::BadTable(func.into()));
        }
        match t.values.get(self.index(args)) {
            Some(&v) if (v as usize) < self.size => Ok(v),
            _ => Err(EvalError::BadTable(func.into())),
        }
    }

    /// Whether the structure satisfies the statement (or, with `negated`, its negation).
    /// A name's definition (ruling L6) must hold either way: negating a naming statement
    /// negates what it says, not what the name means.
    pub fn satisfies(&self, st: &Statement, negated: bool) -> Result<bool, EvalError> {
        self.satisfies_metered(st, negated, &Meter { budget: None, steps: Cell::new(0) })
    }

    /// Like [`Structure::satisfies`], giving up with [`EvalError::OutOfBudget`] when `budget`
    /// is spent.
    pub fn satisfies_within(
        &self,
        st: &Statement,
        negated: bool,
        budget: &Budget,
    ) -> Result<bool, EvalError> {
        self.satisfies_metered(st, negated, &Meter { budget: Some(budget), steps: Cell::new(0) })
    }

    fn satisfies_metered(
        &self,
        st: &Statement,
        negated: bool,
        meter: &Meter,
    ) -> Result<bool, EvalError> {
        Ok(match &st.kind {
            StatementKind::Formula(f) => self.eval_metered(f, &mut Vec::new(), meter)? != negated,
            StatementKind::AtLeast { .. }
            | StatementKind::LessThan { .. }
            | StatementKind::NegatedBound { .. } => {
                let (at_least, n) = st.kind.size_bound().expect("a cardinality statement");
                ((self.size >= n as usize) == at_least) != negated
            }
            StatementKind::Named { formula, name, params, target } => {
                (self.eval_metered(formula, &mut Vec::new(), meter)? != negated)
                    && self.name_means(formula, &name.name, params.len(), &target.name, meter)?
            }
        })
    }

    /// Whether the structure satisfies what a premise takes from its statement.
    pub fn satisfies_premise(&self, p: &crate::logic::board::Premise) -> Result<bool, EvalError> {
        self.satisfies(p.statement, p.negated)
    }

    /// Like [`Structure::satisfies_premise`], within `budget`.
    pub fn satisfies_premise_within(
        &self,
        p: &crate::logic::board::Premise,
        budget: &Budget,
    ) -> Result<bool, EvalError> {
        self.satisfies_within(p.statement, p.negated, budget)
    }

    /// `∀p̄ ((∃!y φ) → φ(p̄, name(p̄)))`.
    fn name_means(
        &self,
        formula: &Formula,
        name: &str,
        arity: usize,
        target: &str,
        meter: &Meter,
    ) -> Result<bool, EvalError> {
        let Some(naming) = formula.naming_parts(arity) else {
            return Ok(false);
        };
        let params: Vec<&str> = naming.params.iter().map(|p| p.name.as_str()).collect();
        let body = naming.body;
        let count = self.size.saturating_pow(arity as u32);
        for index in 0..count {
            let tuple = self.tuple(index, arity);
            let mut env: Env = params.iter().copied().zip(tuple.iter().copied()).collect();
            let mut witnesses = Vec::new();
            for y in 0..self.size as u32 {
                env.push((target, y));
                if self.eval_metered(body, &mut env, meter)? {
                    witnesses.push(y);
                }
                env.pop();
            }
            if let [only] = witnesses[..] {
                if self.apply(name, &tuple)? != only {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    pub fn eval<'f>(&self, f: &'f Formula, env: &mut Env<'f>) -> Result<bool, EvalError> {
        self.eval_metered(f, env, &Meter { budget: None, steps: Cell::new(0) })
    }

    fn eval_metered<'f>(
        &self,
        f: &'f Formula,
        env: &mut Env<'f>,
        meter: &Meter,
    ) -> Result<bool, EvalError> {
        meter.tick()?;
        Ok(match &f.kind {
            FormulaKind::Atom { pred, args } => {
                let values =
                    args.iter().map(|a| self.term(a, env)).collect::<Result<Vec<_>, _>>()?;
                self.holds(&pred.name, &values)?
            }
            FormulaKind::Eq(a, b) => self.term(a, env)? == self.term(b, env)?,
            FormulaKind::Neq(a, b) => self.term(a, env)? != self.term(b, env)?,
            FormulaKind::Not(g) => !self.eval_metered(g, env, meter)?,
            FormulaKind::Binary { op, left, right } => {
                let l = self.eval_metered(left, env, meter)?;
                match op {
                    BinaryOp::And => l && self.eval_metered(right, env, meter)?,
                    BinaryOp::Or => l || self.eval_metered(right, env, meter)?,
                    BinaryOp::Implies => !l || self.eval_metered(right, env, meter)?,
                    BinaryOp::Iff => l == self.eval_metered(right, env, meter)?,
                }
            }
            FormulaKind::Quant { q, var, body } => {
                let mut count = 0;
                for d in 0..self.size as u32 {
                    env.push((var.name.as_str(), d));
                    let v = self.eval_metered(body, env, meter);
                    env.pop();
                    if v? {
                        count += 1;
                        if *q == Quantifier::Exists || (*q == Quantifier::ExistsUnique && count > 1)
                        {
                            break;
                        }
                    } else if *q == Quantifier::Forall {
                        break;
                    }
                }
                match q {
                    Quantifier::Forall => count == self.size,
                    Quantifier::Exists => count > 0,
                    Quantifier::ExistsUnique => count == 1,
                }
            }
        })
    }

    fn term(&self, t: &Term, env: &Env) -> Result<u32, EvalError> {
        match &t.kind {
            TermKind::Var(id) => env
                .iter()
                .rev()
                .find(|(n, _)| *n == id.name)
                .map(|&(_, v)| v)
                .ok_or_else(|| EvalError::UnboundVariable(id.name.clone())),
            TermKind::App { func, args } => {
                let values =
                    args.iter().map(|a| self.term(a, env)).collect::<Result<Vec<_>, _>>()?;
                self.apply(&func.name, &values)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board;
    use crate::logic::check::CheckMode;

    fn board(text: &str) -> crate::logic::board::CheckedBoard {
        board::load("t", text, CheckMode::FreeStanding).unwrap()
    }

    #[test]
    fn forall_is_never_vacuous_and_unique_means_one() {
        let b = board("∃!x blonde(x)");
        let mut m = Structure::blank(&b.signature, 3);
        let st = &b.board.statements[0];
        assert!(!m.satisfies(st, false).unwrap());
        m.predicates.get_mut("blonde").unwrap().values = vec![false, true, false];
        assert!(m.satisfies(st, false).unwrap());
        m.predicates.get_mut("blonde").unwrap().values = vec![true, true, false];
        assert!(!m.satisfies(st, false).unwrap());
        assert!(m.satisfies(st, true).unwrap());
    }

    #[test]
    fn a_name_must_point_at_the_unique_object() {
        let b = board("∃!x blonde(x) | blondie := x");
        let mut m = Structure::blank(&b.signature, 2);
        m.predicates.get_mut("blonde").unwrap().values = vec![false, true];
        let st = &b.board.statements[0];
        assert!(!m.satisfies(st, false).unwrap(), "blondie is 0, the blonde one is 1");
        m.functions.get_mut("blondie").unwrap().values = vec![1];
        assert!(m.satisfies(st, false).unwrap());
        // Negated, the statement is false here whatever blondie is.
        assert!(!m.satisfies(st, true).unwrap());
    }

    #[test]
    fn functions_are_read_from_their_tables() {
        let b = board("∀x∀y x + y = y + x");
        let mut m = Structure::blank(&b.signature, 2);
        let st = &b.board.statements[0];
        assert!(m.satisfies(st, false).unwrap());
        m.functions.get_mut("+").unwrap().values = vec![0, 1, 0, 1];
        assert!(!m.satisfies(st, false).unwrap(), "0+1 = 1 but 1+0 = 0");
    }

    #[test]
    fn a_spent_budget_stops_a_long_check_and_no_budget_lets_it_end() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        // 8⁵ = 32 768 cases: the meter looks at the budget every 4 096 steps.
        let b = board("∀x∀y∀z∀u∀v x + y = x + y");
        let m = Structure::blank(&b.signature, 8);
        let st = &b.board.statements[0];
        let spent = Budget::unlimited().with_cancel(Arc::new(AtomicBool::new(true)));
        assert_eq!(
            m.satisfies_within(st, false, &spent),
            Err(EvalError::OutOfBudget(Exhausted::Cancelled))
        );
        assert_eq!(m.satisfies_within(st, false, &Budget::unlimited()), Ok(true));
        assert_eq!(m.satisfies(st, true), Ok(false));
    }

    #[test]
    fn a_table_position_and_its_tuple_are_one_another() {
        let m = Structure::blank(&board("∀x x = x").signature, 3);
        for args in [[0, 0, 0], [2, 0, 1], [1, 2, 2], [2, 2, 2]] {
            assert_eq!(m.tuple(m.index(&args), 3), args);
        }
        assert_eq!(m.index(&[2, 0, 1]), 19, "the first argument varies slowest");
    }

    #[test]
    fn a_premise_is_its_statement_as_written_or_negated() {
        use crate::logic::board::Premise;
        let b = board("∃x blonde(x)");
        let mut m = Structure::blank(&b.signature, 2);
        let st = &b.board.statements[0];
        let StatementKind::Formula(formula) = &st.kind else { panic!("a formula") };
        let as_written = Premise { index: 1, statement: st, negated: false };
        let negated = Premise { index: 1, statement: st, negated: true };
        let ample = Budget::unlimited();
        for blonde in [vec![false, false], vec![false, true]] {
            let holds = blonde.contains(&true);
            m.predicates.get_mut("blonde").unwrap().values = blonde;
            assert_eq!(m.satisfies_premise(&as_written), Ok(holds));
            assert_eq!(m.satisfies_premise(&negated), Ok(!holds));
            assert_eq!(m.satisfies_premise_within(&as_written, &ample), Ok(holds));
            assert_eq!(m.satisfies_premise_within(&negated, &ample), Ok(!holds));
            assert_eq!(m.eval(formula, &mut Vec::new()), Ok(holds));
        }
    }

    #[test]
    fn broken_tables_are_errors_not_panics() {
        let b = board("∀x blonde(father(x))");
        let mut m = Structure::blank(&b.signature, 2);
        m.functions.get_mut("father").unwrap().values = vec![5, 0];
        assert!(matches!(m.satisfies(&b.board.statements[0], false), Err(EvalError::BadTable(_))));
        // A value just outside the domain, read where no other table would notice it.
        let b = board("∀x father(x) = x");
        let mut m = Structure::blank(&b.signature, 2);
        m.functions.get_mut("father").unwrap().values = vec![2, 1];
        assert!(matches!(m.satisfies(&b.board.statements[0], false), Err(EvalError::BadTable(_))));
        m.functions.remove("father");
        assert!(matches!(
            m.satisfies(&b.board.statements[0], false),
            Err(EvalError::MissingSymbol(_))
        ));
    }
}
