//! Integration tests, one binary with modules (each extra test binary costs a link).

mod cli;
mod claims;
mod clue;
mod deduction;
mod dice;
mod fuzz;
mod infer;
mod language;
mod models;
mod repl;
mod serve;
mod support;
mod table;
mod writers;
mod tptp;

pub use support::{read, root};
