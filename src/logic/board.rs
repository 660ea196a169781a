//! Board files: one statement a line, `#` starts a comment, blank lines are ignored.
//! Statements are numbered from 1 in the order they stand, as players count them.

use crate::logic::ast::Statement;
use crate::logic::check::{CheckMode, Checker, Signature};
use crate::logic::diagnostics::{FreeConstantNote, LanguageError, Report};
use crate::logic::parse::parse_statement_at;
use crate::util::input::{MAX_BOARD_BYTES, MAX_STATEMENTS};

/// A parsed board: its text, and its statements with the line each stands on.
#[derive(Clone, Debug)]
pub struct Board {
    pub name: String,
    pub text: String,
    pub statements: Vec<Statement>,
    /// The 1-based line of each statement.
    pub lines: Vec<usize>,
    /// Statements that already are a question's negation (TPTP's `negated_conjecture`):
    /// the provers take their clauses as the goal to search from. A search hint only; no
    /// verdict reads it. Empty for boards players write.
    pub goals: Vec<usize>,
}

/// A board whose statements all passed the checker, with the signature they build.
#[derive(Clone, Debug)]
pub struct CheckedBoard {
    pub board: Board,
    pub signature: Signature,
    pub notes: Vec<FreeConstantNote>,
}

impl Board {
    /// Parses every line; all syntax errors are reported together. A text past the input
    /// limits ([`MAX_BOARD_BYTES`], [`MAX_STATEMENTS`]) is refused before anything is parsed.
    pub fn parse(name: &str, text: &str) -> Result<Board, Report> {
        // What umpire reads is the text as people meant it (a byte-order mark dropped,
        // accents and fullwidth letters in one form); spans and diagnostics refer to it.
        let text = &*crate::util::text::as_read(text);
        if let Some(e) = too_large(text) {
            return Err(Report::new(name, text, vec![e]));
        }
        let mut statements = Vec::new();
        let mut lines = Vec::new();
        let mut errors = Vec::new();
        let mut offset = 0;
        for (number, raw) in text.split_inclusive('\n').enumerate() {
            let line = &text[offset..offset + raw.len()];
            offset += raw.len();
            let content = match line.find('#') {
                Some(i) => &line[..i],
                None => line,
            };
            if content.trim().is_empty() {
                continue;
            }
            match parse_statement_at(text, content.trim_end()) {
                Ok(st) => {
                    statements.push(st);
                    lines.push(number + 1);
                }
                Err(e) => errors.push(e),
            }
        }
        if errors.is_empty() {
            Ok(Board {
                name: name.to_string(),
                text: text.to_string(),
                statements,
                lines,
                goals: Vec::new(),
            })
        } else {
            Err(Report::new(name, text, errors))
        }
    }

    /// A board of a single statement given on the command line or at the prompt.
    pub fn single(text: &str) -> Result<Board, Report> {
        Board::parse("statement", text)
    }

    /// Checks the statements in order against the game's signature.
    pub fn check(self, mode: CheckMode) -> Result<CheckedBoard, Report> {
        self.check_with(Signature::game(), mode)
    }

    pub fn check_with(self, signature: Signature, mode: CheckMode) -> Result<CheckedBoard, Report> {
        let mut checker = Checker::new(signature, mode);
        let mut errors: Vec<LanguageError> = Vec::new();
        for (i, st) in self.statements.iter().enumerate() {
            if let Err(mut es) = checker.check_statement(st, i) {
                errors.append(&mut es);
            }
        }
        if errors.is_empty() {
            Ok(CheckedBoard { board: self, signature: checker.signature, notes: checker.notes })
        } else {
            Err(Report::new(&self.name, &self.text, errors))
        }
    }
}

/// Why a board's text is past the input limits, if it is: pointing at where it passes them.
fn too_large(text: &str) -> Option<LanguageError> {
    if text.len() as u64 > MAX_BOARD_BYTES {
        let at =
            (0..=MAX_BOARD_BYTES as usize).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        return Some(LanguageError::TooLarge {
            what: format!("{} bytes", text.len()),
            limit: format!("{MAX_BOARD_BYTES} bytes"),
            span: (at, 0).into(),
        });
    }
    let mut count = 0;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let content = line.split('#').next().unwrap_or("");
        if !content.trim().is_empty() {
            count += 1;
            if count > MAX_STATEMENTS {
                return Some(LanguageError::TooLarge {
                    what: format!("more than {MAX_STATEMENTS} statements"),
                    limit: format!("{MAX_STATEMENTS} statements"),
                    span: (offset, content.trim_end().len()).into(),
                });
            }
        }
        offset += line.len();
    }
    None
}

/// Parses and checks in one step: the entry to the statement language.
///
/// ```
/// use umpire::logic::board::load;
/// use umpire::logic::check::CheckMode;
///
/// let text = "# a comment\n∀x happy(x)\n\n∃x ¬happy(x)\n";
/// let board = load("example", text, CheckMode::InGame).expect("both statements are legal");
/// assert_eq!(board.board.statements.len(), 2);
/// assert_eq!(board.board.lines, vec![2, 4]); // numbered as players count them
///
/// // A statement outside the game's language is refused, with where and why.
/// let refused = load("typo", "∀x hapy(x)\n", CheckMode::InGame).unwrap_err();
/// assert_eq!(refused.errors.len(), 1);
/// assert!(refused.errors[0].to_string().contains("hapy"));
/// ```
pub fn load(name: &str, text: &str, mode: CheckMode) -> Result<CheckedBoard, Report> {
    Board::parse(name, text)?.check(mode)
}

/// A statement taken into a problem, as written or negated.
#[derive(Clone, Copy, Debug)]
pub struct Premise<'a> {
    /// 1-based, as on the board.
    pub index: usize,
    pub statement: &'a Statement,
    pub negated: bool,
}

/// The premises of a board: every statement as written, except `negate` (1-based), which
/// is taken negated (the question "does it follow from the others?").
pub fn premises_of(board: &CheckedBoard, negate: Option<usize>) -> Vec<Premise<'_>> {
    board
        .board
        .statements
        .iter()
        .enumerate()
        .map(|(i, s)| Premise { index: i + 1, statement: s, negated: negate == Some(i + 1) })
        .collect()
}
