//! The saturation prover: superposition with selection over the clauses of `logic::cnf`,
//! in the given-clause style of E and Vampire, cut into the units a reader of those provers
//! expects. The arbiter races it beside instantiation.
//!
//! - [`saturate`]: the given-clause loop, one run of the prover ([`saturate::Saturation`],
//!   [`saturate::Outcome`]); [`prove`]: the schedule of runs, which differ in literal
//!   selection, term ordering and clause selection (see [`schedule`]);
//! - `passive`: the passive set and clause selection (queues by weight and by age, in
//!   turns); `weights`: the weights the queues go by (symbols, refined, orientation, E's
//!   mix of three queues, and conjecture-relative weights in four), goal descendants
//!   lighter;
//! - `clause`: the clause store, every clause made with how it came about;
//! - [`order`]: the Knuth–Bendix ordering (precedence by arity or by inverse frequency)
//!   and its multiset extension to literals; `selection`: the literals of a clause
//!   inferences may use ([`saturate::Selection`]);
//! - [`bank`]: the term bank, every term stored once (perfect sharing) with its size and
//!   variables cached; `literal`: literals and clauses over it, and the conversions from
//!   and to the clause form;
//! - `position`: subterm positions;
//! - `rules`: the generating rules, one file each (resolution, superposition, equality
//!   resolution, factoring, equality factoring);
//! - the simplifications: `demodulation` (rewriting by unit equations), `deletion`
//!   (tautologies, variants, `t ≠ t`, destructive equality resolution), `subsumption`
//!   (forward and backward, and forward subsumption resolution: E's contextual
//!   simplify-reflect);
//! - `index`: fingerprint indexing; `active`: the indexes over the active set, by search;
//! - [`unify`]: most general unifiers and one-way matching over the bank's terms;
//! - `extract`: a refutation as ground steps for `reason::proof::check`, and a saturation as
//!   a claim for `reason::proof::saturation::check`.
//!
//! A run that saturates a clause set without an upper domain bound hands its clauses to
//! `reason::proof::saturation::check`, the separately written re-check; once accepted, the
//! arbiter answers "consistent" (or "not redundant") with them (a lower bound `|L| ≥ n`, n ≤
//! 16, is among the clauses as n distinct witnesses). Still to come: the upper bounds (`|L| < n`; leaving them out only weakens the prover, since a
//! refutation of fewer premises refutes all of them).

mod active;
pub mod bank;
mod clause;
mod deletion;
mod demodulation;
mod extract;
mod index;
mod literal;
pub mod order;
mod passive;
mod position;
mod rules;
pub mod saturate;
pub mod schedule;
mod selection;
mod subsumption;
pub mod unify;
mod weights;

use crate::logic::clauses::ClauseSet;
use crate::solve::Budget;
use saturate::Outcome;

/// The superposition prover as the arbiter runs it: the runs of the [`schedule`] for the
/// problem's class, each from scratch within `budget`, until one refutes or saturates.
///
/// A run on the relevant statements only is a refutation of the whole problem when it
/// refutes them (a proof from fewer premises), and nothing when it saturates them.
pub fn prove(set: &ClauseSet, budget: &Budget) -> Outcome {
    schedule::prove_with(set, budget, true)
}

/// [`prove`] without destructive equality resolution (see
/// [`Saturation::without_destructive_equality_resolution`]): slower, but a set it saturates
/// is saturated up to redundancy under the ordering, which the independent check can
/// follow. The arbiter runs it when the check refuses a saturation [`prove`] found.
pub fn prove_strictly(set: &ClauseSet, budget: &Budget) -> Outcome {
    schedule::prove_with(set, budget, false)
}

#[cfg(test)]
mod tests;
