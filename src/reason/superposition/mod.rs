//! The saturation engine (issue 21), being built beside instantiation: superposition with
//! selection over the clauses of `logic::cnf`, in the given-clause style of E and Vampire.
//!
//! In place so far, each tested against its definition on random terms:
//! - [`order`]: the Knuth–Bendix ordering that orients equations and selects maximal
//!   literals (well-founded, total on ground terms, stable under substitution);
//! - [`unify`]: most general unifiers and one-way matching over `logic::clauses::Term`.
//!
//! Still to come, in this order: the inference rules (superposition, equality resolution and
//! factoring, ordered resolution and factoring) with literal selection; the given-clause loop
//! (active/passive, age–weight queue) with demodulation, subsumption and tautology deletion;
//! term indexing; extracting ground instances from a refutation for `reason::proof::check`
//! (the one judge of "inconsistent"); and a separately written re-check of saturations.
//! Until then the arbiter does not run this engine, and no verdict depends on it.

pub mod order;
pub mod unify;

#[cfg(test)]
mod tests;
