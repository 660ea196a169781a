//! Infer: dice experiments judged against a Law of the Universe.
//!
//! - [`experiment`]: dice with a colour and a top face, placed in stacks on a grid; the text
//!   notation (`grammar/infer-experiment.ebnf`) and JSON; which dice touch, the groups
//!   (connected components, with petgraph), the straight lines, which faces are visible.
//! - [`picture`]: an experiment drawn as SVG.
//! - [`law`]: the Law language, its English printer, and the evaluator.
//!
//! Planned (issue 7): the Universe's search for the smallest separating experiment over the
//! constraint core, marker checks, the deck of Laws and the game.

pub mod experiment;
pub mod law;
pub mod picture;

#[cfg(test)]
mod tests;
