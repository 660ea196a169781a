//! Infer: dice experiments judged against a Law of the Universe.
//!
//! - [`experiment`]: dice with a colour and a top face, placed in stacks on a grid; the text
//!   notation (`grammar/infer-experiment.ebnf`) and JSON; which dice touch, the groups
//!   (connected components, with petgraph), the straight lines, which faces are visible.
//! - [`picture`]: an experiment drawn as SVG.
//! - [`law`]: the Law language, its English printer, and the evaluator.
//!
//! - [`deck`]: the graded Laws of the Universe (`corpus/infer/`).
//! - [`game`]: a game with the computer as the Universe: its moves.
//! - [`state`]: the game as it stands and as it is saved (JSON between sittings).
//! - [`universe`]: what the computer Universe builds in answer to a publication.
//! - [`variants`]: the Highlights and Cheater variants' rules.
//! - [`play`]: the table talk of `umpire infer play` (commands in, answers out).
//! - [`markers`]: marked experiments (O/X) and whether a Law agrees with them.
//! - [`shapes`]: every arrangement of n dice a Law can tell apart.
//! - [`search`]: the smallest experiment that follows, breaks, or separates Laws, with the
//!   colours and faces solved for in the constraint core.

pub mod counts;
pub mod deck;
pub mod experiment;
pub mod game;
pub mod law;
pub mod markers;
pub mod picture;
pub mod play;
pub mod search;
pub mod shapes;
pub mod state;
pub mod universe;
pub mod variants;

#[cfg(test)]
mod counts_tests;
#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod search_tests;
#[cfg(test)]
mod tests;
