//! umpire and the other provers: a board written as a problem for them (`export`), and a
//! TPTP problem solved and reported in their terms (`tptp`: an SZS status line, then the
//! model, the saturation or the derivation).

use crate::commands::board::{read_board, BoardError};
use crate::commands::drawing;
use crate::commands::verdict::{answer_of, Search};
use crate::commands::Answer;
use crate::logic::export::TooLargeToWrite;
use crate::logic::{smt2, tptp};
use crate::reason::{decide, Certificate, DecideError, Question, Verdict};
use crate::util::failure::{Classify, FailureKind};
use std::path::Path;

/// The languages a board can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// TPTP FOF, for E, Vampire, cvc5.
    Tptp,
    /// SMT-LIB 2 over an uninterpreted sort, for z3 and cvc5.
    Smt2,
}

/// Why a board cannot be written.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum ExportError {
    #[error(transparent)]
    #[diagnostic(transparent)]
    Board(#[from] BoardError),
    #[error("there is no statement {k}: the board has {count}")]
    NoStatement { k: usize, count: usize },
    #[error(transparent)]
    #[diagnostic(transparent)]
    TooLarge(#[from] TooLargeToWrite),
}

impl Classify for ExportError {
    fn kind(&self) -> FailureKind {
        match self {
            ExportError::Board(e) => e.kind(),
            ExportError::NoStatement { .. } => FailureKind::BadInput,
            ExportError::TooLarge(e) => e.kind(),
        }
    }
}

/// `export`: the board as a problem; with `follows` = k, statement k is the conjecture
/// (TPTP) or is asserted negated (SMT-LIB), so a proof or `unsat` means it follows.
pub fn export(input: &str, format: Format, follows: Option<usize>) -> Result<String, ExportError> {
    let board = read_board(input)?;
    if let Some(k) = follows {
        let count = board.board.statements.len();
        if k == 0 || k > count {
            return Err(ExportError::NoStatement { k, count });
        }
    }
    Ok(match format {
        Format::Smt2 => smt2::problem(&board, follows)?,
        Format::Tptp => tptp::problem(&board, follows)?,
    })
}

/// Why a TPTP problem has no answer, with the SZS status line already due for it.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum TptpError {
    #[error(transparent)]
    #[diagnostic(transparent)]
    Read(#[from] tptp::read::TptpError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Decide(#[from] DecideError),
}

impl Classify for TptpError {
    fn kind(&self) -> FailureKind {
        match self {
            TptpError::Read(e) => e.kind(),
            TptpError::Decide(e) => e.kind(),
        }
    }

    fn notes(&self) -> Vec<String> {
        match self {
            TptpError::Read(e) => e.notes(),
            TptpError::Decide(e) => e.notes(),
        }
    }
}

/// A TPTP problem that could not be solved: the SZS line to print first, and why.
#[derive(Debug)]
pub struct TptpFailure {
    pub status_line: String,
    pub error: TptpError,
}

/// `tptp`: the problem in `path` (includes read relative to it, then to `$TPTP`), decided
/// within `search`; the text is the SZS status line, the explanation as a comment, then the
/// model, the saturation or the derivation between SZS output lines.
pub fn solve_tptp(path: &Path, search: &Search) -> Result<(String, Answer), Box<TptpFailure>> {
    let problem = path.to_string_lossy();
    let name = path.file_stem().map_or_else(
        || problem.to_string(),
        |s| s.to_string_lossy().trim_end_matches(".p").to_string(),
    );
    let failed = |status: &str, error: TptpError| {
        Box::new(TptpFailure { status_line: format!("% SZS status {status} for {name}"), error })
    };
    let formulas =
        tptp::read::read_file(path).map_err(|e| failed("InputError", TptpError::Read(e)))?;
    let (board, conjecture, parents) = tptp::read::to_named_board(&name, &formulas)
        .map_err(|e| failed("Inappropriate", TptpError::Read(e)))?;
    let question = conjecture.map_or(Question::Consistency, Question::Follows);
    let decision = decide(&board, question, &search.limits(), &mut |_| {})
        .map_err(|e| failed("Error", TptpError::Decide(e)))?;
    let mut out = format!("% SZS status {} for {name}\n", decision.verdict.szs_status());
    out.push_str(&format!("% {}\n", decision.explanation));
    let mut section = |kind: &str, body: &str| {
        out.push_str(&format!("% SZS output start {kind} for {name}\n{body}"));
        out.push_str(&format!("% SZS output end {kind} for {name}\n"));
    };
    if let Some(m) = decision.verdict.model() {
        section("FiniteModel", &drawing::text(m));
    }
    if let Some(m) = decision.verdict.infinite_model() {
        section("Model", &m.tptp_lines().iter().map(|l| format!("{l}\n")).collect::<String>());
    }
    if let Some(s) = decision.verdict.saturation() {
        section("Saturation", &s.tstp());
    }
    if let Verdict::Inconsistent { certificate: Certificate::Refutation { proof, argument } }
    | Verdict::Redundant { certificate: Certificate::Refutation { proof, argument } } =
        &decision.verdict
    {
        let kind = if conjecture.is_some() { "Proof" } else { "CNFRefutation" };
        section(kind, &proof.tstp(&parents));
        out.push_str("% The same proof for a reader:\n");
        for line in proof.text(argument).lines() {
            out.push_str(&format!("% {line}\n"));
        }
    }
    Ok((out, answer_of(&decision.verdict)))
}
