//! umpire referees table games of logic and deduction.
//!
//! The library holds everything; the `umpire` binary only parses arguments and prints.
//! See `ARCHITECTURE.md` for the map of modules and how text becomes a verdict.

pub mod cardgame;
pub mod clue;
pub mod dice;
pub mod deduction;
pub mod files;
pub mod infer;
pub mod lines;
pub mod logic;
pub mod models;
pub mod prove;
pub mod random;
pub mod repl;
pub mod solve;
pub mod verdict;
