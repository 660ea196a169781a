//! What the integration tests share: paths into the repository, and the binary run as a
//! user runs it (from the repository's root, so corpus paths read as in the README).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A path relative to the crate root.
pub fn root(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// A file of the repository, as text.
pub fn read(rel: &str) -> String {
    std::fs::read_to_string(root(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Runs `umpire ARGS` with nothing on standard input.
pub fn umpire(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .current_dir(root(""))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs `umpire ARGS` with `input` typed on standard input.
pub fn umpire_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .current_dir(root(""))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error with miette's line wrapping undone: every run of white space and of the
/// `│` gutter becomes one space. The wrap points move with the length of a temporary path
/// (which holds the process id), so a phrase a test looks for may be split on one machine
/// and whole on another; tests match on the flattened text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr)
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
