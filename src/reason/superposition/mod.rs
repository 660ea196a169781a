//! The saturation prover: superposition with selection over the clauses of `logic::cnf`,
//! in the given-clause style of E and Vampire, cut into the units a reader of those provers
//! expects. The arbiter races it beside instantiation.
//!
//! - [`saturate`]: the given-clause loop, one run of the prover ([`saturate::Saturation`],
//!   [`saturate::Outcome`]); [`prove`]: the schedule of runs (with and without literal
//!   selection, and goal-directed);
//! - `passive`: the passive set and clause selection (lightest, every fifth time oldest,
//!   goal descendants lighter);
//! - `clause`: the clause store, every clause made with how it came about;
//! - [`order`]: the Knuth–Bendix ordering and its multiset extension to literals;
//!   `selection`: the literals of a clause inferences may use;
//! - `position`: subterm positions and replacement;
//! - `rules`: the generating rules, one file each (resolution, superposition, equality
//!   resolution, factoring, equality factoring);
//! - the simplifications: `demodulation` (rewriting by unit equations), `deletion`
//!   (tautologies, variants, `t ≠ t`, destructive equality resolution), `subsumption`
//!   (forward and backward);
//! - [`index`]: fingerprint indexing; `active`: the indexes over the active set, by search;
//! - [`unify`]: most general unifiers and one-way matching over `logic::clauses::Term`;
//! - `extract`: a refutation as ground steps for `reason::proof::check`, and a saturation as
//!   a claim for `reason::proof::saturation::check`.
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
