//! Integration tests, one binary with modules (each extra test binary costs a link).

mod cli;
mod clue;
mod deduction;
mod dice;
mod infer;
mod language;
mod models;
mod repl;
mod tptp;

use std::path::{Path, PathBuf};

/// A path relative to the crate root.
pub fn root(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

pub fn read(rel: &str) -> String {
    std::fs::read_to_string(root(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}
