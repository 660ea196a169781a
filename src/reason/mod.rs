//! The reasoning engines and the arbiter that races them.
//!
//! Every engine reads the clause form of [`crate::logic::clauses`] and answers within a
//! [`crate::solve::Budget`]; none of its answers reaches a player before an independent
//! check:
//! - [`finite`]: finite model search (MACE style) on the SAT core; its models are
//!   re-checked by the evaluator [`crate::logic::semantics`];
//! - [`instantiate`]: the instantiation prover (guided Herbrand instantiation with
//!   congruence closure); its refutations are [`proof::Proof`]s;
//! - [`superposition`]: the saturation prover (superposition with selection,
//!   demodulation, subsumption); its refutations are [`proof::Proof`]s too;
//! - [`infinite`]: models over ℕ or ℤ, each statement decided in them by
//!   [`crate::logic::presburger`];
//! - [`proof`]: the proof object every refutation engine hands over, and its independent
//!   checker ([`proof::check`]), which shares no code with any engine;
//! - [`verdict`]: the answers ([`verdict::Verdict`] with its evidence) and their wording;
//! - [`entail`]: whether a statement follows from a few others (a derivation's step);
//! - [`derivation`]: a player's derivation judged line by line, the engines filling in
//!   what the rule checker leaves open;
//! - [`argue`]: umpire's own refutations written as derivations in the board's names;
//! - [`arbiter`]: [`arbiter::decide`] races the engines on one budget; the first certified
//!   answer wins and cancels the others.
//!
//! An engine to come lands here beside the others and joins the race by an entry in the
//! arbiter's table of engines.

pub mod arbiter;
pub mod argue;
pub mod derivation;
pub mod entail;
pub mod finite;
pub mod infinite;
pub mod instantiate;
pub mod proof;
pub mod relevance;
pub mod superposition;
pub mod verdict;

pub use arbiter::{decide, decide_with, DecideError, Options};
pub use verdict::{Certificate, Decision, Question, Verdict, Witness};
