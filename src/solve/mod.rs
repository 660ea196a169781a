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
//! varisat has no interrupt API; the one hook inside a running `solve` is the proof it writes.
//! [`SatProblem`] gives it a sink that counts learned clauses and fails the write when the
//! budget runs out, which stops the search. After such a stop varisat cannot be used again, so the problem answers
//! every later call with `Exhausted` too (a budget that ran out ends that line of work).
//!
//! Every model returned is re-checked against all clauses added (kept for that purpose); a
//! model that fails is a bug and panics rather than being shown.

pub mod budget;
pub mod deal;
pub mod encode;
pub mod information;
mod proof_steps;

pub use budget::{parse_seconds, Budget, Exhausted, TimeLimitError};
pub use encode::IntVar;
pub use varisat::{Lit, Var};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
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

/// The budget state shared with the proof writer that runs inside varisat.
#[derive(Default)]
struct Guard {
    /// The budget of the `solve` running now, and the conflicts it has left; `None` between
    /// calls, when the proof is still written (clauses added, variables named) but no budget
    /// applies: a spent budget of an earlier call must not stop the solver then.
    running: Mutex<Option<(Budget, u64)>>,
    stopped: Mutex<Option<Exhausted>>,
    /// Clauses learned over the solver's life, and whether the count stopped being kept.
    learned: AtomicU64,
    count_lost: AtomicBool,
}

impl Guard {
    fn start(&self, budget: &Budget) {
        *self.running.lock().unwrap() =
            Some((budget.clone(), budget.conflicts.unwrap_or(u64::MAX)));
    }

    fn finish(&self) {
        *self.running.lock().unwrap() = None;
    }

    /// Counts `learned` clauses against the running call's conflict budget and checks the
    /// rest of it: the reason to stop, if there is one (remembered for the caller).
    fn charge(&self, learned: u64) -> Option<Exhausted> {
        let mut running = self.running.lock().unwrap();
        let (budget, conflicts_left) = running.as_mut()?;
        *conflicts_left = conflicts_left.saturating_sub(learned);
        let reason = if *conflicts_left == 0 { Some(Exhausted::Conflicts) } else { budget.spent() };
        if let Some(r) = reason {
            *self.stopped.lock().unwrap() = Some(r);
        }
        reason
    }
}

/// The budget hook inside a running `solve`: the sink of varisat's proof. varisat writes its
/// proof through an 8 KiB buffer, so this is called every few hundred learned clauses; it
/// counts the clauses the proof adds ([`proof_steps`]) and fails the write when the budget is
/// spent, which stops the search. (A proof processor would see each clause as it is learned,
/// but installing one turns on varisat's own proof checker, which took more than half of the
/// solving time on large problems.) With `keep`, the proof text is kept as well.
struct BudgetedProof {
    guard: Arc<Guard>,
    steps: proof_steps::StepCounter,
    keep: Option<ProofBuffer>,
}

impl std::io::Write for BudgetedProof {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let learned = self.steps.additions(bytes);
        self.guard.learned.fetch_add(learned, Ordering::Relaxed);
        if self.steps.lost {
            self.guard.count_lost.store(true, Ordering::Relaxed);
        }
        if let Some(why) = self.guard.charge(learned) {
            return Err(std::io::Error::other(why.name()));
        }
        if let Some(keep) = &self.keep {
            keep.0.lock().unwrap().extend_from_slice(bytes);
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A solver whose search stops when `guard`'s budget runs out. With `keep`, its proof is kept
/// there in DRAT, which allows no assumptions and no clauses added after solving; without,
/// it is read in varisat's own format, which allows both, and dropped.
fn budgeted_solver(guard: &Arc<Guard>, keep: Option<ProofBuffer>) -> varisat::Solver<'static> {
    let mut solver = varisat::Solver::new();
    let (format, counted) = if keep.is_some() {
        (varisat::ProofFormat::Drat, proof_steps::ProofFormat::Drat)
    } else {
        (varisat::ProofFormat::Varisat, proof_steps::ProofFormat::Varisat)
    };
    let steps = proof_steps::StepCounter::new(counted);
    solver.write_proof(BudgetedProof { guard: guard.clone(), steps, keep }, format);
    solver
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
    guard.start(budget);
    let buffer = ProofBuffer::default();
    let mut solver = budgeted_solver(&guard, Some(buffer.clone()));
    for c in clauses {
        let lits: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
        solver.add_clause(&lits);
    }
    match solver.solve() {
        Ok(true) => Outcome::Sat(()),
        Ok(false) => {
            if solver.close_proof().is_err() {
                let why = guard.stopped.lock().unwrap().take();
                return Outcome::Exhausted(why.unwrap_or(Exhausted::Cancelled));
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
        let solver = budgeted_solver(&guard, None);
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

    /// The clauses learned so far (about one a conflict), as read from the solver's proof;
    /// `None` if the proof could not be read (the conflict budget is then not kept).
    pub fn learned_clauses(&self) -> Option<u64> {
        let lost = self.guard.count_lost.load(Ordering::Relaxed);
        (!lost).then(|| self.guard.learned.load(Ordering::Relaxed))
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
        self.guard.start(budget);
        self.solver.assume(assumptions);
        let result = self.solver.solve();
        self.guard.finish();
        match result {
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
