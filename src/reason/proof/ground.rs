//! The checker's own propositional encoding of "a structure of exactly n objects satisfies
//! these statements", written from the statements' meaning, not from the finite model
//! finder's encoding: the other half of certifying that an exhaustive search found nothing.
//!
//! Read it as the evaluator ([`crate::logic::semantics`]) turned into clauses:
//! - a variable for each predicate on each tuple of objects, and for each function, tuple
//!   and value "f(ā) = b", with exactly one value per tuple;
//! - a term's value as n literals, one per object ("t is b"), built up from its arguments;
//! - each formula, under values for its free variables, as one literal defined by clauses
//!   (Tseitin): `∀` over the objects is a conjunction, `∃` a disjunction, `∃!` exactly one;
//! - each statement (taken as written or negated) asserted by a unit clause, a cardinality
//!   statement decided outright by the size, and a naming statement read as the evaluator
//!   reads it (the name points at the unique object wherever there is one, ruling L6).
//!
//! Nothing is optimised away, so the encoding stays easy to check by reading; a limit on
//! its size turns a large one into [`GroundError::TooLarge`] rather than a long wait. The
//! only thing added beyond the statements is symmetry breaking that any structure can be
//! brought to by renaming its objects (see [`Encoding::break_symmetry`]).

use crate::logic::ast::{BinaryOp, Formula, FormulaKind, Quantifier, Statement, StatementKind};
use crate::logic::ast::{Term as AstTerm, TermKind};
use crate::logic::board::Premise;
use crate::logic::check::{Signature, SymbolKind};
use crate::solve::budget::{Budget, Exhausted};
use std::collections::BTreeMap;

/// A literal: a variable number from 1, negative when negated (DIMACS).
pub type Lit = i32;

/// Why no encoding was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GroundError {
    #[error("the encoding at size {size} would exceed {limit} clauses")]
    TooLarge { size: usize, limit: usize },
    #[error("a statement uses `{0}`, which the signature does not have")]
    Unknown(String),
    #[error("the encoding ran out of its budget ({0})")]
    OutOfBudget(Exhausted),
}

/// The clauses, over variables `1..=num_vars`.
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    pub num_vars: u32,
    pub clauses: Vec<Vec<Lit>>,
}

/// The clauses that have a solution exactly when some structure of `size` objects over
/// `signature` satisfies every premise, within `limit` clauses and `budget`.
pub fn encode(
    signature: &Signature,
    premises: &[Premise],
    size: usize,
    limit: usize,
    budget: &Budget,
) -> Result<Cnf, GroundError> {
    let mut e = Encoding::new(size, limit, budget);
    e.clause(vec![e.truth])?;
    for (name, info) in &signature.symbols {
        let tuples = size.pow(info.arity as u32);
        let first = e.cnf.num_vars + 1;
        match info.kind {
            SymbolKind::Predicate => {
                e.cnf.num_vars += tuples as u32;
            }
            SymbolKind::Function => {
                e.cnf.num_vars += (tuples * size) as u32;
                for t in 0..tuples {
                    let value = |b: usize| first as i32 + (t * size + b) as i32;
                    e.clause((0..size).map(value).collect())?;
                    for b in 0..size {
                        for c in b + 1..size {
                            e.clause(vec![-value(b), -value(c)])?;
                        }
                    }
                }
            }
        }
        e.symbols.insert(name.clone(), (info.kind, info.arity, first));
    }
    for p in premises {
        let holds = e.premise(p.statement, p.negated)?;
        e.clause(vec![holds])?;
    }
    e.break_symmetry(signature)?;
    Ok(e.cnf)
}

type Env<'f> = Vec<(&'f str, usize)>;

struct Encoding<'b> {
    size: usize,
    limit: usize,
    budget: &'b Budget,
    cnf: Cnf,
    /// A variable fixed true.
    truth: Lit,
    /// Each symbol's kind, arity and first variable.
    symbols: BTreeMap<String, (SymbolKind, usize, u32)>,
}

impl<'b> Encoding<'b> {
    /// An empty encoding with its first variable taken as "true" (not yet asserted).
    fn new(size: usize, limit: usize, budget: &'b Budget) -> Encoding<'b> {
        let mut e = Encoding {
            size,
            limit,
            budget,
            cnf: Cnf::default(),
            truth: 0,
            symbols: BTreeMap::new(),
        };
        e.truth = e.fresh();
        e
    }

    fn fresh(&mut self) -> Lit {
        self.cnf.num_vars += 1;
        self.cnf.num_vars as Lit
    }

    fn clause(&mut self, c: Vec<Lit>) -> Result<(), GroundError> {
        if self.cnf.clauses.len() >= self.limit {
            return Err(GroundError::TooLarge { size: self.size, limit: self.limit });
        }
        if self.cnf.clauses.len() % 4096 == 4095 {
            if let Some(why) = self.budget.spent() {
                return Err(GroundError::OutOfBudget(why));
            }
        }
        self.cnf.clauses.push(c);
        Ok(())
    }

    fn constant(&self, value: bool) -> Lit {
        if value {
            self.truth
        } else {
            -self.truth
        }
    }

    /// A literal equivalent to the conjunction of `parts`. Constants are folded (a
    /// variable bound to an object makes most parts of an atom's cases true or false), so
    /// only what the structure leaves open gets a definition.
    fn and(&mut self, given: Vec<Lit>) -> Result<Lit, GroundError> {
        let mut parts = Vec::with_capacity(given.len());
        for p in given {
            if p == self.truth || parts.contains(&p) {
                continue;
            }
            if p == -self.truth || parts.contains(&-p) {
                return Ok(-self.truth);
            }
            parts.push(p);
        }
        match parts.as_slice() {
            [] => return Ok(self.truth),
            [one] => return Ok(*one),
            _ => {}
        }
        let x = self.fresh();
        for &p in &parts {
            self.clause(vec![-x, p])?;
        }
        let mut back: Vec<Lit> = parts.iter().map(|p| -p).collect();
        back.push(x);
        self.clause(back)?;
        Ok(x)
    }

    /// A literal equivalent to the disjunction of `parts`.
    fn or(&mut self, parts: Vec<Lit>) -> Result<Lit, GroundError> {
        let negated = self.and(parts.into_iter().map(|p| -p).collect())?;
        Ok(-negated)
    }

    /// A literal true when exactly one of `parts` is.
    fn exactly_one(&mut self, parts: Vec<Lit>) -> Result<Lit, GroundError> {
        let mut alone = Vec::new();
        for (i, &p) in parts.iter().enumerate() {
            let mut all = vec![p];
            all.extend(parts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &q)| -q));
            alone.push(self.and(all)?);
        }
        self.or(alone)
    }

    fn iff(&mut self, a: Lit, b: Lit) -> Result<Lit, GroundError> {
        let forwards = self.or(vec![-a, b])?;
        let backwards = self.or(vec![a, -b])?;
        self.and(vec![forwards, backwards])
    }

    fn symbol(&self, name: &str) -> Result<(SymbolKind, usize, u32), GroundError> {
        self.symbols.get(name).copied().ok_or_else(|| GroundError::Unknown(name.to_string()))
    }

    /// The tuple `args` (objects) as a row-major index, first argument slowest.
    fn tuple_index(&self, args: &[usize]) -> usize {
        args.iter().fold(0, |i, &a| i * self.size + a)
    }

    fn tuples(&self, arity: usize) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new()];
        for _ in 0..arity {
            out = out
                .into_iter()
                .flat_map(|t| {
                    (0..self.size).map(move |a| {
                        let mut t = t.clone();
                        t.push(a);
                        t
                    })
                })
                .collect();
        }
        out
    }

    /// "f(args) is b".
    fn function_value(&self, first: u32, args: &[usize], b: usize) -> Lit {
        first as Lit + (self.tuple_index(args) * self.size + b) as Lit
    }

    /// The term's value as one literal per object: literal b holds when the term is b.
    fn term(&mut self, t: &AstTerm, env: &Env) -> Result<Vec<Lit>, GroundError> {
        match &t.kind {
            TermKind::Var(id) => {
                let d = env
                    .iter()
                    .rev()
                    .find(|(n, _)| *n == id.name)
                    .map(|&(_, d)| d)
                    .ok_or_else(|| GroundError::Unknown(id.name.clone()))?;
                Ok((0..self.size).map(|b| self.constant(b == d)).collect())
            }
            TermKind::App { func, args } => {
                let (kind, arity, first) = self.symbol(&func.name)?;
                if kind != SymbolKind::Function || arity != args.len() {
                    return Err(GroundError::Unknown(func.name.clone()));
                }
                let values =
                    args.iter().map(|a| self.term(a, env)).collect::<Result<Vec<_>, _>>()?;
                let mut out = Vec::with_capacity(self.size);
                for b in 0..self.size {
                    let mut cases = Vec::new();
                    for tuple in self.tuples(arity) {
                        let mut parts: Vec<Lit> =
                            tuple.iter().zip(&values).map(|(&a, v)| v[a]).collect();
                        parts.push(self.function_value(first, &tuple, b));
                        cases.push(self.and(parts)?);
                    }
                    out.push(self.or(cases)?);
                }
                Ok(out)
            }
        }
    }

    fn formula<'f>(&mut self, f: &'f Formula, env: &mut Env<'f>) -> Result<Lit, GroundError> {
        match &f.kind {
            FormulaKind::Atom { pred, args } => {
                let (kind, arity, first) = self.symbol(&pred.name)?;
                if kind != SymbolKind::Predicate || arity != args.len() {
                    return Err(GroundError::Unknown(pred.name.clone()));
                }
                let values =
                    args.iter().map(|a| self.term(a, env)).collect::<Result<Vec<_>, _>>()?;
                let mut cases = Vec::new();
                for tuple in self.tuples(arity) {
                    let mut parts: Vec<Lit> =
                        tuple.iter().zip(&values).map(|(&a, v)| v[a]).collect();
                    parts.push(first as Lit + self.tuple_index(&tuple) as Lit);
                    cases.push(self.and(parts)?);
                }
                self.or(cases)
            }
            FormulaKind::Eq(a, b) | FormulaKind::Neq(a, b) => {
                let (a, b) = (self.term(a, env)?, self.term(b, env)?);
                let mut cases = Vec::new();
                for d in 0..self.size {
                    cases.push(self.and(vec![a[d], b[d]])?);
                }
                let same = self.or(cases)?;
                Ok(if matches!(f.kind, FormulaKind::Eq(..)) { same } else { -same })
            }
            FormulaKind::Not(g) => Ok(-self.formula(g, env)?),
            FormulaKind::Binary { op, left, right } => {
                let l = self.formula(left, env)?;
                let r = self.formula(right, env)?;
                match op {
                    BinaryOp::And => self.and(vec![l, r]),
                    BinaryOp::Or => self.or(vec![l, r]),
                    BinaryOp::Implies => self.or(vec![-l, r]),
                    BinaryOp::Iff => self.iff(l, r),
                }
            }
            FormulaKind::Quant { q, var, body } => {
                let mut each = Vec::with_capacity(self.size);
                for d in 0..self.size {
                    env.push((var.name.as_str(), d));
                    let v = self.formula(body, env);
                    env.pop();
                    each.push(v?);
                }
                match q {
                    Quantifier::Forall => self.and(each),
                    Quantifier::Exists => self.or(each),
                    Quantifier::ExistsUnique => self.exactly_one(each),
                }
            }
        }
    }

    /// A literal true when the structure satisfies what the premise takes from the
    /// statement: the statement, or its negation. A naming statement's name keeps its
    /// meaning either way (ruling L6): negated, its formula is false and its name still
    /// points at the unique object wherever there is one.
    fn premise(&mut self, st: &Statement, negated: bool) -> Result<Lit, GroundError> {
        let flip = |l: Lit| if negated { -l } else { l };
        match &st.kind {
            StatementKind::Formula(f) => Ok(flip(self.formula(f, &mut Vec::new())?)),
            StatementKind::AtLeast { .. }
            | StatementKind::LessThan { .. }
            | StatementKind::NegatedBound { .. } => {
                let (at_least, n) = st.kind.size_bound().expect("a cardinality statement");
                Ok(flip(self.constant((self.size >= n as usize) == at_least)))
            }
            StatementKind::Named { formula, name, params, target } => {
                let holds = self.formula(formula, &mut Vec::new())?;
                let means = self.name_means(formula, &name.name, params.len(), &target.name)?;
                self.and(vec![flip(holds), means])
            }
        }
    }

    /// `name(p̄)` is the unique object the body allows, wherever there is exactly one: the
    /// evaluator's reading of a naming statement's name (taken with the statement as written
    /// and with its negation alike, as the evaluator does).
    fn name_means(
        &mut self,
        formula: &Formula,
        name: &str,
        arity: usize,
        target: &str,
    ) -> Result<Lit, GroundError> {
        let Some(naming) = formula.naming_parts(arity) else {
            return Ok(self.constant(false));
        };
        let params: Vec<&str> = naming.params.iter().map(|p| p.name.as_str()).collect();
        let body = naming.body;
        let (_, _, first) = self.symbol(name)?;
        let mut all = Vec::new();
        for tuple in self.tuples(arity) {
            let mut env: Env = params.iter().copied().zip(tuple.iter().copied()).collect();
            let mut witness = Vec::with_capacity(self.size);
            for y in 0..self.size {
                env.push((target, y));
                witness.push(self.formula(body, &mut env)?);
                env.pop();
            }
            for y in 0..self.size {
                let mut only_y = vec![witness[y]];
                only_y.extend((0..self.size).filter(|&z| z != y).map(|z| -witness[z]));
                let unique = self.and(only_y)?;
                let named = self.function_value(first, &tuple, y);
                all.push(self.or(vec![-unique, named])?);
            }
        }
        self.and(all)
    }

    /// Symmetry breaking that keeps a structure of every kind: the constants, taken in the
    /// signature's order, name objects in order of first appearance — constant i is one of
    /// the objects the earlier constants name or the next new one. Any structure is brought
    /// to this form by renaming its objects, which changes no statement's truth.
    fn break_symmetry(&mut self, signature: &Signature) -> Result<(), GroundError> {
        let constants: Vec<u32> = signature
            .symbols
            .iter()
            .filter(|(_, i)| i.kind == SymbolKind::Function && i.arity == 0)
            .map(|(n, _)| self.symbols[n].2)
            .collect();
        // Constant i (from 0) may name object b only if b ≤ i and, for b > 0, some earlier
        // constant names b − 1.
        for (i, &first) in constants.iter().enumerate() {
            for b in 0..self.size {
                let is_b = first as Lit + b as Lit;
                if b > i {
                    self.clause(vec![-is_b])?;
                } else if b > 0 {
                    let mut c = vec![-is_b];
                    c.extend(constants[..i].iter().map(|&e| e as Lit + (b - 1) as Lit));
                    self.clause(c)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
