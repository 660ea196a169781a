//! The saturation prover: superposition with selection over the clauses of `logic::cnf`,
//! in the given-clause style of E and Vampire. The arbiter races it beside instantiation.
//!
//! - [`order`]: the Knuth–Bendix ordering that orients equations and selects maximal
//!   literals (well-founded, total on ground terms, stable under substitution);
//! - [`unify`]: most general unifiers and one-way matching over `logic::clauses::Term`;
//! - [`saturate`]: the given-clause loop (selection, ordered inferences, demodulation,
//!   subsumption) whose refutations are extracted as ground instances, equality facts and
//!   derived steps, and accepted only through `reason::proof::check`.
//!
//! A run that saturates a clause set without domain bounds hands its clauses to
//! `reason::proof::saturation::check`, the separately written re-check; once accepted, the
//! arbiter answers "consistent" (or "not redundant") with them. Still to come: term
//! indexing; the domain bounds (`|L| < n`; leaving them out only weakens the prover, since a
//! refutation of fewer premises refutes all of them).

pub mod order;
pub mod saturate;
pub mod unify;

#[cfg(test)]
mod tests;
