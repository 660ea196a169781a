//! The saturation prover: superposition with selection over the clauses of `logic::cnf`,
//! in the given-clause style of E and Vampire. The arbiter races it beside instantiation.
//!
//! - [`order`]: the Knuth–Bendix ordering that orients equations and selects maximal
//!   literals (well-founded, total on ground terms, stable under substitution);
//! - [`index`]: a fingerprint index that narrows every search for partners, rewriters and
//!   subsumers to the candidates that could qualify;
//! - [`unify`]: most general unifiers and one-way matching over `logic::clauses::Term`;
//! - [`prove`]: a schedule of runs of the loop, with and without literal selection, and
//!   goal-directed;
//! - [`saturate`]: the given-clause loop (selection, ordered inferences, demodulation,
//!   subsumption) whose refutations are extracted as ground instances, equality facts and
//!   derived steps, and accepted only through `reason::proof::check`.
//!
//! A run that saturates a clause set without an upper domain bound hands its clauses to
//! `reason::proof::saturation::check`, the separately written re-check; once accepted, the
//! arbiter answers "consistent" (or "not redundant") with them (a lower bound `|L| ≥ n`, n ≤
//! 16, is among the clauses as n distinct witnesses). Still to come: perfect sharing of
//! terms; the upper bounds (`|L| < n`; leaving them out only weakens the prover, since a
//! refutation of fewer premises refutes all of them).

mod active;
mod clause;
mod deletion;
mod demodulation;
mod extract;
pub mod index;
pub mod order;
mod passive;
mod position;
mod rules;
pub mod saturate;
mod selection;
mod subsumption;
pub mod unify;

use crate::logic::clauses::ClauseSet;
use crate::solve::Budget;
use saturate::{Outcome, Saturation};
use std::time::Duration;

/// One run of the loop in [`prove`]'s schedule.
struct Run {
    select: bool,
    goal_directed: bool,
    /// None: the rest of the budget.
    slice: Option<Duration>,
}

/// The runs [`prove`] makes, in order, each from scratch. Measured on the 43
/// `../shared/tptp` problems with a proof, 5 s each: selection refutes 30, no selection 29
/// (together 31), selection with goal-directed weights 31 (NUN057+2 at once, where the
/// others drown in 200 000 clauses), but the equational proofs come slower that way
/// (GRP711+1 1.8 s against 52 ms). Some clause sets saturate only without selection
/// (SYN335+1 in 0.01 s, against none in 10 s with it). Most answers come within a fraction
/// of a second, so short first runs cost little.
const SCHEDULE: [Run; 4] = [
    Run { select: true, goal_directed: false, slice: Some(Duration::from_millis(500)) },
    Run { select: true, goal_directed: true, slice: Some(Duration::from_millis(500)) },
    Run { select: false, goal_directed: false, slice: Some(Duration::from_millis(1000)) },
    Run { select: true, goal_directed: false, slice: None },
];

/// The superposition prover as the arbiter runs it: the [`SCHEDULE`] of runs, each from
/// scratch within `budget`, until one refutes or saturates.
pub fn prove(set: &ClauseSet, budget: &Budget) -> Outcome {
    let mut last = Outcome::Stopped { why: "the budget ran out", clauses: 0 };
    for run in &SCHEDULE {
        if budget.spent().is_some() {
            break;
        }
        let within = match run.slice {
            Some(d) => budget.clone().within(d),
            None => budget.clone(),
        };
        let mut loop_ = Saturation::new(set);
        if !run.select {
            loop_ = loop_.without_selection();
        }
        if run.goal_directed {
            loop_ = loop_.goal_directed();
        }
        last = loop_.run(&within);
        if !matches!(last, Outcome::Stopped { .. }) {
            break;
        }
    }
    last
}

#[cfg(test)]
mod tests;
