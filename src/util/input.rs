//! Input limits, in one place, and reading files within them. umpire reads what people
//! type and save; a file that is far larger than any game could need (a 50 MB board, a deck
//! named `/dev/zero`) is refused with its size and the limit, before it can fill the memory.
//! Engines have their own ceiling in [`crate::solve::Budget`].

use crate::util::failure::Classify;
use std::io::Read;
use std::path::Path;

/// A board (a file or a statement typed in): a thousand times what a game writes.
pub const MAX_BOARD_BYTES: u64 = 1 << 20;
/// Statements on one board.
pub const MAX_STATEMENTS: usize = 10_000;
/// A TPTP problem, with everything it includes.
pub const MAX_TPTP_BYTES: u64 = 64 << 20;
/// A game log, a deck, a marker file, a saved game.
pub const MAX_LOG_BYTES: u64 = 4 << 20;

/// A file that cannot be read, or is past its limit.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum InputError {
    #[error("cannot read {path}: {why}")]
    #[diagnostic(code(umpire::unreadable))]
    Unreadable { path: String, why: String },
    #[error("{path} is a folder")]
    #[diagnostic(code(umpire::folder), help("give a file"))]
    Folder { path: String },
    #[error("{path} is larger than umpire reads ({limit} bytes at most)")]
    #[diagnostic(code(umpire::too_large), help("is it the file you meant?"))]
    TooLarge { path: String, limit: u64 },
}

impl Classify for InputError {}

impl InputError {
    /// What is wrong, without the file's name (for messages that name it already).
    pub fn reason(&self) -> String {
        match self {
            InputError::Unreadable { why, .. } => why.clone(),
            InputError::Folder { .. } => "it is a folder".into(),
            InputError::TooLarge { limit, .. } => format!("it is larger than {limit} bytes"),
        }
    }
}

/// Reads a text file of at most `limit` bytes. Reads no more than `limit + 1` bytes
/// whatever the file is (a device, a pipe), so an endless file costs nothing.
pub fn read_text(path: &Path, limit: u64) -> Result<String, InputError> {
    let shown = path.display().to_string();
    if path.is_dir() {
        return Err(InputError::Folder { path: shown });
    }
    let file = std::fs::File::open(path).map_err(|e| InputError::Unreadable { path: shown.clone(), why: e.to_string() })?;
    let mut text = String::new();
    file.take(limit + 1)
        .read_to_string(&mut text)
        .map_err(|e| InputError::Unreadable { path: shown.clone(), why: e.to_string() })?;
    if text.len() as u64 > limit {
        return Err(InputError::TooLarge { path: shown, limit });
    }
    Ok(text)
}

/// Standard input, within the same limits.
pub fn read_stdin(limit: u64) -> Result<String, InputError> {
    let mut text = String::new();
    std::io::stdin()
        .take(limit + 1)
        .read_to_string(&mut text)
        .map_err(|e| InputError::Unreadable { path: "standard input".into(), why: e.to_string() })?;
    if text.len() as u64 > limit {
        return Err(InputError::TooLarge { path: "standard input".into(), limit });
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_refused_after_its_limit() {
        if Path::new("/dev/zero").exists() {
            assert!(matches!(read_text(Path::new("/dev/zero"), 1000), Err(InputError::TooLarge { limit: 1000, .. })));
        }
        assert!(matches!(read_text(Path::new("."), 10), Err(InputError::Folder { .. })));
        assert!(matches!(read_text(Path::new("no/such/file"), 10), Err(InputError::Unreadable { .. })));
    }
}
