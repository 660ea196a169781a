//! The constraint-solving core every engine shares: a small modelling layer over varisat.
//!
//! - [`SatProblem`]: boolean variables and clauses, solved incrementally under assumptions,
//!   with the failed assumptions (an unsat core in the caller's own literals) when it fails.
//! - Encodings ([`encode`]): at-most/at-least/exactly-k (sequential counter for small k,
//!   totalizer-style adders otherwise), finite-domain integers in the order encoding with
//!   one-hot value literals ([`IntVar`]), and linear sums of small integers compared with a
//!   constant or with each other.
//! - [`SatProblem::enumerate`] (projected, with blocking clauses that can be retracted),
//!   [`SatProblem::backbone`] (literals true in every solution), and exact counting: by
//!   enumeration in general, and by a dynamic program for card deals ([`deal`]).
//! - Every call takes a [`Budget`] (time, memory, conflicts, cancellation flags another
//!   thread may set). An exhausted budget is the distinct outcome [`Outcome::Exhausted`],
//!   never an answer.
//!
//! varisat has no interrupt API; the one hook inside a running `solve` is a proof processor,
//! called at each learned clause. [`SatProblem`] installs one that stops the search when the
//! budget runs out. After such a stop varisat cannot be used again, so the problem answers
//! every later call with `Exhausted` too (a budget that ran out ends that line of work).
//!
//! Every model returned is re-checked against all clauses added (kept for that purpose); a
//! model that fails is a bug and panics rather than being shown.

pub mod budget;
pub mod deal;
pub mod encode;
pub mod information;

pub use budget::{parse_seconds, Budget, Exhausted, TimeLimitError};
pub use encode::IntVar;
pub use varisat::{Lit, Var};

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use varisat::checker::{CheckedProofStep, CheckerData, ProofProcessor};
use varisat::ExtendFormula;

/// The answer of a call: found, proved impossible, or out of budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<S, U = ()> {
    Sat(S),
    Unsat(U),
    Exhausted(Exhausted),
}

impl<S, U> Outcome<S, U> {
    pub fn is_sat(&self) -> bool {
        matches!(self, Outcome::Sat(_))
    }
    pub fn is_unsat(&self) -> bool {
        matches!(self, Outcome::Unsat(_))
    }
}

/// A satisfying assignment of every variable of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    values: Vec<bool>,
}

impl Solution {
    pub fn value(&self, lit: Lit) -> bool {
        self.values[lit.index()] == lit.is_positive()
    }
    pub fn int_value(&self, x: &IntVar) -> i64 {
        x.value_in(self)
    }
}

/// The budget state shared with the proof processor that runs inside varisat.
#[derive(Default)]
struct Guard {
    budget: Mutex<Budget>,
    conflicts_left: AtomicU64,
    stopped: Mutex<Option<Exhausted>>,
}

struct Interrupter {
    guard: Arc<Guard>,
    steps: u64,
}

#[derive(Debug)]
struct Stop;
impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("budget exhausted")
    }
}
impl std::error::Error for Stop {}

impl ProofProcessor for Interrupter {
    fn process_step(
        &mut self,
        step: &CheckedProofStep,
        _: CheckerData,
    ) -> Result<(), anyhow::Error> {
        if !matches!(step, CheckedProofStep::AtClause { .. }) {
            return Ok(());
        }
        self.steps += 1;
        let g = &self.guard;
        let reason = if g.conflicts_left.fetch_sub(1, Ordering::Relaxed) <= 1 {
            Some(Exhausted::Conflicts)
        } else if self.steps.is_multiple_of(64) {
            g.budget.lock().unwrap().spent()
        } else {
            None
        };
        match reason {
            Some(r) => {
                *g.stopped.lock().unwrap() = Some(r);
                Err(Stop.into())
            }
            None => Ok(()),
        }
    }
}

/// A CNF problem on one incremental varisat solver.
pub struct SatProblem {
    solver: varisat::Solver<'static>,
    guard: Arc<Guard>,
    num_vars: usize,
    clauses: Vec<Vec<Lit>>,
    true_lit: Lit,
    /// Set once the solver was stopped from inside; it cannot be used again.
    dead: Option<Exhausted>,
}

impl Default for SatProblem {
    fn default() -> Self {
        SatProblem::new()
    }
}

/// A growing buffer varisat writes its proof into, shared so it can be read afterwards.
#[derive(Clone, Default)]
struct ProofBuffer(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for ProofBuffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Solves a plain CNF (DIMACS literals) and, when it has no solution, returns the DRAT
/// proof varisat wrote while searching, for a checker that shares nothing with varisat
/// (`reason::proof::drat`). `Sat` carries no model: this is for certificates only.
pub fn refute_with_drat(clauses: &[Vec<i32>], budget: &Budget) -> Outcome<(), String> {
    if let Some(why) = budget.spent() {
        return Outcome::Exhausted(why);
    }
    let guard = Arc::new(Guard::default());
    *guard.budget.lock().unwrap() = budget.clone();
    guard.conflicts_left.store(budget.conflicts.unwrap_or(u64::MAX), Ordering::Relaxed);
    let mut solver = varisat::Solver::new();
    let buffer = ProofBuffer::default();
    solver.write_proof(buffer.clone(), varisat::ProofFormat::Drat);
    // As in `SatProblem::new`: the interrupter must live as long as the solver's type says.
    let interrupter: &'static mut Interrupter =
        Box::leak(Box::new(Interrupter { guard: guard.clone(), steps: 0 }));
    solver.add_proof_processor(interrupter);
    for c in clauses {
        let lits: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
        solver.add_clause(&lits);
    }
    match solver.solve() {
        Ok(true) => Outcome::Sat(()),
        Ok(false) => {
            if solver.close_proof().is_err() {
                return Outcome::Exhausted(Exhausted::Cancelled);
            }
            drop(solver);
            let bytes = std::mem::take(&mut *buffer.0.lock().unwrap());
            Outcome::Unsat(String::from_utf8_lossy(&bytes).into_owned())
        }
        Err(_) => {
            Outcome::Exhausted(guard.stopped.lock().unwrap().take().unwrap_or(Exhausted::Cancelled))
        }
    }
}

impl SatProblem {
    pub fn new() -> Self {
        let guard = Arc::new(Guard::default());
        let mut solver = varisat::Solver::new();
        // varisat keeps a `&'a mut` to its proof processors; one small interrupter per
        // problem is leaked to give it the `'static` lifetime the solver needs.
        let interrupter: &'static mut Interrupter =
            Box::leak(Box::new(Interrupter { guard: guard.clone(), steps: 0 }));
        solver.add_proof_processor(interrupter);
        let mut p = SatProblem {
            solver,
            guard,
            num_vars: 0,
            clauses: Vec::new(),
            true_lit: Lit::from_index(0, true),
            dead: None,
        };
        p.true_lit = p.new_lit();
        p.add_clause(&[p.true_lit]);
        p
    }

    pub fn new_lit(&mut self) -> Lit {
        let lit = self.solver.new_lit();
        self.num_vars = self.num_vars.max(lit.index() + 1);
        lit
    }

    pub fn new_lits(&mut self, n: usize) -> Vec<Lit> {
        (0..n).map(|_| self.new_lit()).collect()
    }

    /// A literal that is always true (its negation is always false).
    pub fn true_lit(&self) -> Lit {
        self.true_lit
    }

    pub fn constant(&self, value: bool) -> Lit {
        if value {
            self.true_lit
        } else {
            !self.true_lit
        }
    }

    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    pub fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }

    pub fn add_clause(&mut self, clause: &[Lit]) {
        for l in clause {
            self.num_vars = self.num_vars.max(l.index() + 1);
        }
        self.solver.add_clause(clause);
        self.clauses.push(clause.to_vec());
    }

    /// `a → b`, as a clause.
    pub fn implies(&mut self, a: Lit, b: Lit) {
        self.add_clause(&[!a, b]);
    }

    /// A fresh literal equivalent to the conjunction of `lits`.
    pub fn and(&mut self, lits: &[Lit]) -> Lit {
        let z = self.new_lit();
        for &l in lits {
            self.add_clause(&[!z, l]);
        }
        let mut big: Vec<Lit> = lits.iter().map(|&l| !l).collect();
        big.push(z);
        self.add_clause(&big);
        z
    }

    /// A fresh literal equivalent to the disjunction of `lits`.
    pub fn or(&mut self, lits: &[Lit]) -> Lit {
        let negated: Vec<Lit> = lits.iter().map(|&l| !l).collect();
        !self.and(&negated)
    }

    /// Solves under `assumptions`. When unsatisfiable, the answer carries the failed
    /// assumptions: a subset of `assumptions` that is unsatisfiable with the clauses.
    pub fn solve(&mut self, assumptions: &[Lit], budget: &Budget) -> Outcome<Solution, Vec<Lit>> {
        if let Some(why) = self.dead.or_else(|| budget.spent()) {
            return Outcome::Exhausted(why);
        }
        *self.guard.budget.lock().unwrap() = budget.clone();
        self.guard.conflicts_left.store(budget.conflicts.unwrap_or(u64::MAX), Ordering::Relaxed);
        self.solver.assume(assumptions);
        match self.solver.solve() {
            Ok(true) => {
                let model = self.solver.model().expect("a model after SAT");
                let mut values = vec![false; self.num_vars];
                for l in model {
                    if l.index() < values.len() {
                        values[l.index()] = l.is_positive();
                    }
                }
                let solution = Solution { values };
                self.assert_model(&solution, assumptions);
                Outcome::Sat(solution)
            }
            Ok(false) => {
                let core = self.solver.failed_core().map(<[Lit]>::to_vec).unwrap_or_default();
                Outcome::Unsat(core)
            }
            Err(_) => {
                let why = self.guard.stopped.lock().unwrap().take().unwrap_or(Exhausted::Cancelled);
                self.dead = Some(why);
                Outcome::Exhausted(why)
            }
        }
    }

    /// The independent re-check of a model against every clause and assumption.
    fn assert_model(&self, s: &Solution, assumptions: &[Lit]) {
        for c in &self.clauses {
            assert!(c.iter().any(|&l| s.value(l)), "varisat model violates clause {c:?}");
        }
        for &a in assumptions {
            assert!(s.value(a), "varisat model violates assumption {a:?}");
        }
    }

    /// Enumerates solutions projected on `on` (distinct restrictions to those literals), at
    /// most `limit` of them. Each projection is a vector of values in the order of `on`.
    /// The blocking clauses are retracted afterwards: the problem is unchanged.
    pub fn enumerate(
        &mut self,
        on: &[Lit],
        assumptions: &[Lit],
        limit: usize,
        budget: &Budget,
    ) -> Outcome<Vec<Vec<bool>>> {
        let active = self.new_lit();
        let mut assume = assumptions.to_vec();
        assume.push(active);
        let mut found = Vec::new();
        let result = loop {
            match self.solve(&assume, budget) {
                Outcome::Sat(s) => {
                    if found.len() == limit {
                        break Outcome::Exhausted(Exhausted::Limit);
                    }
                    let values: Vec<bool> = on.iter().map(|&l| s.value(l)).collect();
                    let mut block: Vec<Lit> =
                        on.iter().zip(&values).map(|(&l, &v)| if v { !l } else { l }).collect();
                    block.push(!active);
                    self.add_clause(&block);
                    found.push(values);
                }
                Outcome::Unsat(_) => break Outcome::Sat(std::mem::take(&mut found)),
                Outcome::Exhausted(e) => break Outcome::Exhausted(e),
            }
        };
        // Retire the blocking clauses for good.
        self.add_clause(&[!active]);
        result
    }

    /// The number of solutions projected on `on`, by enumeration (at most `limit`).
    pub fn count_by_enumeration(
        &mut self,
        on: &[Lit],
        assumptions: &[Lit],
        limit: usize,
        budget: &Budget,
    ) -> Outcome<u128> {
        match self.enumerate(on, assumptions, limit, budget) {
            Outcome::Sat(v) => Outcome::Sat(v.len() as u128),
            Outcome::Unsat(()) => Outcome::Sat(0),
            Outcome::Exhausted(e) => Outcome::Exhausted(e),
        }
    }

    /// The literals among `candidates` (and their negations) that hold in every solution
    /// under `assumptions`. `Unsat` when there is no solution at all.
    pub fn backbone(
        &mut self,
        candidates: &[Lit],
        assumptions: &[Lit],
        budget: &Budget,
    ) -> Outcome<Vec<Lit>, Vec<Lit>> {
        let first = match self.solve(assumptions, budget) {
            Outcome::Sat(s) => s,
            Outcome::Unsat(core) => return Outcome::Unsat(core),
            Outcome::Exhausted(e) => return Outcome::Exhausted(e),
        };
        // Each candidate in the polarity it has in the first model; drop those refuted.
        let mut open: Vec<Lit> =
            candidates.iter().map(|&l| if first.value(l) { l } else { !l }).collect();
        let mut backbone = Vec::new();
        while let Some(l) = open.pop() {
            let mut assume = assumptions.to_vec();
            assume.push(!l);
            match self.solve(&assume, budget) {
                Outcome::Sat(s) => open.retain(|&m| s.value(m)),
                Outcome::Unsat(_) => backbone.push(l),
                Outcome::Exhausted(e) => return Outcome::Exhausted(e),
            }
        }
        backbone.reverse();
        Outcome::Sat(backbone)
    }
}

#[cfg(test)]
pub(crate) mod tests;
