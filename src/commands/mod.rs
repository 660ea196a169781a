//! The command layer the command line and the REPL share: what a user's words mean, once.
//! A board given as a file or a statement, a card list, a claim, a game action, a line typed
//! at the REPL: each is read, checked and refused here, with one message, so that every front
//! end says the same thing. Nothing here touches a terminal: results are values and text.
//!
//! The games' commands (`clue`, `deduction`, `dice`, `infer`) are the one boundary the
//! command line and the page call: a function per job, taking plain requests and returning
//! answers that serialize as the JSON both front ends give (through [`json`]) and know the
//! text the command line prints.

pub mod board;
pub mod cardgame;
pub mod clue;
pub mod deduction;
pub mod dice;
pub mod evidence;
pub mod infer;
pub mod logs;
pub mod scoring;
pub mod session;

/// An answer as JSON, with every object's keys in sorted order: the one form every front
/// end gives, whatever order an answer's fields are declared in.
pub fn json(answer: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(answer).expect("answers are plain data")
}
