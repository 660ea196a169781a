//! Input limits, in one place, and reading files within them. umpire reads what people
//! type and save; a file that is far larger than any game could need (a 50 MB board, a deck
//! named `/dev/zero`) is refused with its size and the limit, before it can fill the memory.
//! Engines have their own ceiling in [`crate::solve::Budget`].

use crate::util::failure::Classify;
// What a message quotes of the input is cut to size; the front ends find it beside the limits.
pub use crate::util::text::{shorten, shorten_lines, shorten_message};
use std::io::Read;
use std::path::Path;

/// A board (a file or a statement typed in): a thousand times what a game writes.
pub const MAX_BOARD_BYTES: u64 = 1 << 20;
/// Statements on one board.
pub const MAX_STATEMENTS: usize = 10_000;
/// A TPTP problem, with everything it includes (a 5 MB problem already takes a gigabyte
/// to clausify and ground).
pub const MAX_TPTP_BYTES: u64 = 8 << 20;
/// A game log, a deck, a marker file, a saved game.
pub const MAX_LOG_BYTES: u64 = 4 << 20;
/// A name in a statement (a symbol, a variable).
pub const MAX_NAME_CHARS: usize = 64;
/// Robot games one `dice simulate` plays (each keeps its score in memory).
pub const MAX_SIMULATED_GAMES: usize = 10_000_000;
/// The largest `n` of `|L| ≥ n` / `|L| < n` written out as a formula for another prover:
/// the formula says every pair of n objects differs, so it grows with n² (n = 10 000
/// already writes 839 MB).
pub const MAX_WRITTEN_COUNT: u32 = 1000;

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
    let bytes = read_bytes(path, limit)?;
    String::from_utf8(bytes)
        .map_err(|_| InputError::Unreadable { path: shown, why: "it is not UTF-8 text".into() })
}

/// The bytes as text, when they are within the limit (checked first: a cut at the limit
/// may split a character, which is the size's fault, not the encoding's).
fn text_within(bytes: Vec<u8>, limit: u64, shown: String) -> Result<String, InputError> {
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLarge { path: shown, limit });
    }
    String::from_utf8(bytes)
        .map_err(|_| InputError::Unreadable { path: shown, why: "it is not UTF-8 text".into() })
}

/// A file of at most `limit` bytes, as bytes (the size is checked before anything else).
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, InputError> {
    let shown = path.display().to_string();
    if path.is_dir() {
        return Err(InputError::Folder { path: shown });
    }
    let file = std::fs::File::open(path)
        .map_err(|e| InputError::Unreadable { path: shown.clone(), why: e.to_string() })?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| InputError::Unreadable { path: shown.clone(), why: e.to_string() })?;
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLarge { path: shown, limit });
    }
    Ok(bytes)
}

/// Standard input, within the same limits.
pub fn read_stdin(limit: u64) -> Result<String, InputError> {
    let mut bytes = Vec::new();
    std::io::stdin().take(limit + 1).read_to_end(&mut bytes).map_err(|e| {
        InputError::Unreadable { path: "standard input".into(), why: e.to_string() }
    })?;
    text_within(bytes, limit, "standard input".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_refused_after_its_limit() {
        if Path::new("/dev/zero").exists() {
            assert!(matches!(
                read_text(Path::new("/dev/zero"), 1000),
                Err(InputError::TooLarge { limit: 1000, .. })
            ));
        }
        assert!(matches!(read_text(Path::new("."), 10), Err(InputError::Folder { .. })));
        assert!(matches!(
            read_text(Path::new("no/such/file"), 10),
            Err(InputError::Unreadable { .. })
        ));
        // A limit that cuts a character in two is still a size error, not an encoding one.
        let dir = std::env::temp_dir().join(format!("umpire-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let wide = dir.join("wide.txt");
        std::fs::write(&wide, "∀".repeat(10)).unwrap();
        assert!(matches!(read_text(&wide, 10), Err(InputError::TooLarge { .. })));
        assert_eq!(read_text(&wide, 30).unwrap(), "∀".repeat(10));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
