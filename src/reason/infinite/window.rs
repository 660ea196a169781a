//! A quick test of a premise on a window of the domain, to throw out candidates before the
//! exact decision: `∀` ranges over a few numbers and `∃` over a few more (so that "everyone
//! has someone smarter" passes for `x > y`). It may throw out a good candidate or keep a
//! bad one; only the exact decision counts.

use crate::logic::ast::{
    BinaryOp, Formula, FormulaKind, Quantifier, StatementKind, Term, TermKind,
};
use crate::logic::cnf::Premise;
use crate::logic::infinite::{Domain, InfiniteStructure, Meaning};
use crate::logic::presburger::Var;

/// How many numbers `∀` looks at, and how many more `∃` may use.
const WIDTH: i128 = 5;
const MORE: i128 = 6;

/// False when the premise fails on the window.
pub fn plausible(structure: &InfiniteStructure, premise: &Premise) -> bool {
    let mut w = Window { structure, env: Vec::new(), steps: 0 };
    let st = premise.statement;
    let holds = match &st.kind {
        StatementKind::Formula(f) => w.eval(f, !premise.negated).map(|v| v != premise.negated),
        StatementKind::Named { formula, .. } => {
            w.eval(formula, !premise.negated).map(|v| v != premise.negated)
        }
        _ => Some(st.kind.size_bound().is_some_and(|(at_least, _)| at_least != premise.negated)),
    };
    // A window too costly to walk does not count against the candidate.
    holds.unwrap_or(true)
}

struct Window<'s> {
    structure: &'s InfiniteStructure,
    env: Vec<(&'s str, i128)>,
    steps: u32,
}

impl<'s> Window<'s> {
    fn range(&self, wide: bool) -> std::ops::Range<i128> {
        let reach = if wide { WIDTH + MORE } else { WIDTH };
        match self.structure.domain {
            Domain::Naturals => 0..reach,
            Domain::Integers => -reach..reach,
        }
    }

    fn term(&self, t: &'s Term) -> Option<i128> {
        match &t.kind {
            TermKind::Var(v) => self.env.iter().rev().find(|(n, _)| *n == v.name).map(|(_, x)| *x),
            TermKind::App { func, args } => {
                let values: Vec<i128> = args.iter().map(|a| self.term(a)).collect::<Option<_>>()?;
                let lookup = |v: Var| values.get(v as usize).copied();
                let Meaning::Function { cases, .. } = self.structure.symbols.get(&func.name)?
                else {
                    return None;
                };
                let (_, value) =
                    cases.iter().find(|(guard, _)| guard.value(&lookup) == Some(true))?;
                value.value(&lookup)
            }
        }
    }

    /// The truth on the window; `positive` says whether the formula is asserted or denied
    /// (a denied `∀` acts as an `∃` and gets the wide range).
    fn eval(&mut self, f: &'s Formula, positive: bool) -> Option<bool> {
        self.steps += 1;
        if self.steps > 200_000 {
            return None;
        }
        Some(match &f.kind {
            FormulaKind::Atom { pred, args } => {
                let values: Vec<i128> = args.iter().map(|a| self.term(a)).collect::<Option<_>>()?;
                let Meaning::Predicate { holds, .. } = self.structure.symbols.get(&pred.name)?
                else {
                    return None;
                };
                holds.value(&|v: Var| values.get(v as usize).copied())?
            }
            FormulaKind::Eq(a, b) => self.term(a)? == self.term(b)?,
            FormulaKind::Neq(a, b) => self.term(a)? != self.term(b)?,
            FormulaKind::Not(g) => !self.eval(g, !positive)?,
            FormulaKind::Binary { op, left, right } => match op {
                BinaryOp::And => self.eval(left, positive)? && self.eval(right, positive)?,
                BinaryOp::Or => self.eval(left, positive)? || self.eval(right, positive)?,
                BinaryOp::Implies => !self.eval(left, !positive)? || self.eval(right, positive)?,
                BinaryOp::Iff => self.eval(left, positive)? == self.eval(right, positive)?,
            },
            FormulaKind::Quant { q, var, body } => {
                let wide = (*q == Quantifier::Forall) != positive;
                let mut count = 0;
                for value in self.range(wide || *q == Quantifier::ExistsUnique) {
                    self.env.push((&var.name, value));
                    let r = self.eval(body, positive);
                    self.env.pop();
                    match (q, r?) {
                        (Quantifier::Forall, false) => return Some(false),
                        (Quantifier::Exists, true) => return Some(true),
                        (Quantifier::ExistsUnique, true) => count += 1,
                        _ => {}
                    }
                }
                match q {
                    Quantifier::Forall => true,
                    Quantifier::Exists => false,
                    // Only "at least one": a ∀ inside ranges over fewer numbers than the ∃!
                    // does, so a window can see several where the structure has one. The
                    // exact decision counts.
                    Quantifier::ExistsUnique => count >= 1,
                }
            }
        })
    }
}
