//! Integration tests, one binary with modules (each extra test binary costs a link).

mod claims;
mod cli;
mod clue;
mod computer;
mod deduction;
mod derivations;
mod dice;
mod export;
mod frontends;
mod fuzz;
mod infer;
mod infer_english;
mod json_shapes;
mod language;
mod layers;
mod models;
mod repl;
mod serve;
mod support;
mod table;
mod tptp;
mod writers;
mod written;

pub use support::{read, root};
