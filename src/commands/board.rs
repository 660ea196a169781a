//! A board as a user gives it: the name of a board file, or a statement in quotes. One
//! reading for every command that takes a board (`check`, `follows`, `model`, `parse`,
//! `export`), so that a missing file or a folder is refused with the same words everywhere.

use crate::logic::board::{self, CheckedBoard};
use crate::logic::check::CheckMode;
use crate::logic::diagnostics::Report;
use crate::logic::print;
use crate::logic::words;
use crate::util::failure::Classify;
use crate::util::input::{read_text, InputError, MAX_BOARD_BYTES};
use crate::util::source::SourceText;
use std::path::Path;

pub use crate::logic::print::Style;

/// Why a board cannot be had.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum BoardError {
    #[error("{0} is a folder; give a board file or a statement in quotes")]
    #[diagnostic(code(umpire::folder))]
    Folder(String),
    #[error("cannot read {0}: no such file (to check a statement, write it in quotes)")]
    #[diagnostic(code(umpire::no_such_file))]
    NoSuchFile(String),
    #[error("{0}")]
    #[diagnostic(transparent)]
    Unreadable(InputError),
    /// The statements do not parse or check; each problem points into the text.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Language(Report),
}

impl Classify for BoardError {}

/// Reads `input` as a board file if such a file exists (or it looks like a path), else as
/// one statement; parses and checks it free-standing (any names allowed).
pub fn read_board(input: &str) -> Result<CheckedBoard, BoardError> {
    let path = Path::new(input);
    let looks_like_a_path = !input.contains(char::is_whitespace)
        && (input.contains('/') || input.ends_with(".board") || input.ends_with(".txt"));
    if path.is_dir() {
        return Err(BoardError::Folder(input.to_string()));
    }
    if looks_like_a_path && !path.exists() {
        return Err(BoardError::NoSuchFile(input.to_string()));
    }
    let (name, text) = if path.exists() {
        (input.to_string(), read_text(path, MAX_BOARD_BYTES).map_err(BoardError::Unreadable)?)
    } else {
        ("statement".to_string(), input.to_string())
    };
    board::load(&name, &text, CheckMode::FreeStanding).map_err(BoardError::Language)
}

/// A board typed into a page or a line: the text itself, never a file name, parsed and
/// checked free-standing; the problems point into it.
pub fn read_typed(name: &str, text: &str) -> Result<CheckedBoard, Report> {
    board::load(name, text, CheckMode::FreeStanding)
}

/// Each statement printed back (the page's parse-as-you-type).
pub fn statements(board: &CheckedBoard, style: Style) -> Vec<String> {
    board.board.statements.iter().map(|st| print::statement(st, style)).collect()
}

/// `parse`: the board's notes (names taken as constants, say) as diagnostics pointing into
/// its text, to show before the statements.
pub fn notes(board: &CheckedBoard) -> Vec<miette::Report> {
    board
        .notes
        .iter()
        .map(|note| {
            miette::Report::new(note.clone())
                .with_source_code(SourceText::new(&board.board.name, board.board.text.clone()))
        })
        .collect()
}

/// `parse`: the statements printed back, one a line.
pub fn statements_text(board: &CheckedBoard, style: Style) -> String {
    statements(board, style).into_iter().map(|st| format!("{st}\n")).collect()
}

/// `parse --words`: each statement printed back, and under it what it says in words.
pub fn statements_words(board: &CheckedBoard, style: Style) -> String {
    board
        .board
        .statements
        .iter()
        .map(|st| format!("{}\n    {}\n", print::statement(st, style), words::statement(st)))
        .collect()
}

/// `parse --json --words`: the JSON of [`statements_json`], each statement with its words.
pub fn statements_json_with_words(board: &CheckedBoard, style: Style) -> serde_json::Value {
    let mut json = statements_json(board, style);
    if let Some(list) = json["statements"].as_array_mut() {
        for (item, st) in list.iter_mut().zip(&board.board.statements) {
            item["words"] = serde_json::Value::String(words::statement(st));
        }
    }
    json
}

/// `parse --json`: each statement with its number at the table ((1) first, as every
/// verdict names it), its line, its text and its syntax tree; then the signature.
pub fn statements_json(board: &CheckedBoard, style: Style) -> serde_json::Value {
    let statements: Vec<_> = board
        .board
        .statements
        .iter()
        .zip(&board.board.lines)
        .enumerate()
        .map(|(i, (st, line))| {
            serde_json::json!({ "number": i + 1, "line": line, "text": print::statement(st, style), "ast": st })
        })
        .collect();
    serde_json::json!({ "statements": statements, "signature": board.signature })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_folders_and_statements() {
        let root = env!("CARGO_MANIFEST_DIR");
        let b = read_board(&format!("{root}/corpus/boards/grandfather.board")).unwrap();
        assert!(b.board.statements.len() >= 3);
        assert!(matches!(read_board(root), Err(BoardError::Folder(_))));
        assert!(matches!(read_board("no/such.board"), Err(BoardError::NoSuchFile(_))));
        assert_eq!(read_board("∀x happy(x)").unwrap().board.statements.len(), 1);
        assert!(matches!(read_board("∀x happy("), Err(BoardError::Language(_))));
    }

    #[test]
    fn a_board_of_a_hundred_thousand_statements_is_refused_with_the_limit() {
        let text = "a = a\n".repeat(100_000);
        let Err(BoardError::Language(report)) = read_board(&text) else { panic!("accepted") };
        let shown = report.render_plain();
        assert!(shown.contains("10000 statements"), "{shown}");
    }
}
