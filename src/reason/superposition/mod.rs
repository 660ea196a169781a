//! The saturation engine (issue 21), being built beside instantiation: superposition with
//! selection over the clauses of `logic::cnf`, in the given-clause style of E and Vampire.
//!
//! In place so far, each tested against its definition on random terms:
//! - [`order`]: the Knuth–Bendix ordering that orients equations and selects maximal
//!   literals (well-founded, total on ground terms, stable under substitution);
//! - [`unify`]: most general unifiers and one-way matching over `logic::clauses::Term`;
//! - [`saturate`]: a first given-clause loop (resolution, factoring, equality resolution,
//!   superposition into larger sides) whose refutations are extracted as ground instances
//!   and equality facts and accepted only through `reason::proof::check`.
//!
//! Still to come: ordered resolution and literal selection, equality factoring (for
//! completeness), demodulation and subsumption, term indexing, the domain bounds (`|L| < n`),
//! and a separately written re-check of saturations, so that a saturated set can answer
//! "consistent".
//! Until then the arbiter does not run this engine, and no verdict depends on it.

pub mod order;
pub mod saturate;
pub mod unify;

#[cfg(test)]
mod tests;
