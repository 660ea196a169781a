//! Presburger arithmetic — the first-order theory of the integers with `+`, `<`, constants
//! and divisibility by constants — and a decision procedure for it ([`cooper`]).
//!
//! This is the independent check behind every infinite model (see
//! [`crate::logic::infinite`]): a board read in a structure over ℕ or ℤ whose symbols are
//! defined by linear formulas is a Presburger sentence, and [`decide`] says whether it is
//! true. It shares no code with the search that proposes the structures.

pub mod cooper;
pub mod formula;

pub use cooper::{decide, PresburgerError};
pub use formula::{show_linear, Formula, Linear, Overflow, Var};

#[cfg(test)]
mod tests;
