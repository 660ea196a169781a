//! Whether a statement follows from a handful of others: the question a derivation's `by`
//! step asks, and the one that looks for a counter-model of a wrong step. The premises and
//! the conclusion become a small board of their own, decided by the arbiter like any
//! other, so every answer carries a re-checked proof or model.

use crate::logic::ast::StatementKind;
use crate::logic::board::Board;
use crate::logic::check::CheckMode;
use crate::logic::derivation::Premise;
use crate::logic::diagnostics::Report;
use crate::logic::print::{statement, Style};
use crate::reason::arbiter::{decide, DecideError};
use crate::reason::finite::Limits;
use crate::reason::verdict::{Decision, Question};

/// Why a step could not be put to the engines.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum EntailError {
    /// The step's statements do not make a board (a name made twice, say).
    #[error("the step's statements do not make a board: {}", .0.errors.first().map(|e| e.to_string()).unwrap_or_default())]
    Board(Report),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Decide(#[from] DecideError),
}

/// The board of a step: its premises one a line, then its conclusion, and the question to
/// ask of it (consistency when the conclusion is ⊥: then ⊥ follows when there is no model).
pub fn step_board(premises: &[Premise], conclusion: &Premise) -> (String, Question) {
    let mut lines: Vec<String> = Vec::new();
    // Naming statements first: a name is made before any statement uses it.
    let naming = |p: &&Premise| matches!(p, Premise::Statement(s) if matches!(s.kind, StatementKind::Named { .. }));
    let ordered = premises.iter().filter(naming).chain(premises.iter().filter(|p| !naming(p)));
    for p in ordered {
        let line = match p {
            Premise::Statement(s) => statement(s, Style::Unicode),
            // The absurd, in the board's language.
            Premise::Bottom => "∃x x ≠ x".to_string(),
        };
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    let question = match conclusion {
        Premise::Bottom => Question::Consistency,
        Premise::Statement(s) => {
            // A naming statement concludes what its formula says (the name it makes is
            // only a way to speak of the object).
            let said = match &s.kind {
                StatementKind::Named { formula, .. } => {
                    crate::logic::print::formula(formula, Style::Unicode)
                }
                _ => statement(s, Style::Unicode),
            };
            lines.push(said);
            Question::Follows(lines.len())
        }
    };
    (lines.join("\n") + "\n", question)
}

/// Decides whether `conclusion` follows from `premises` within `limits`: `Redundant` or
/// `Inconsistent` (it follows, with a checked proof), `NotRedundant` or `Consistent` (it
/// does not: the model makes every premise true and the conclusion false), or `Unknown`.
pub fn follows(
    premises: &[Premise],
    conclusion: &Premise,
    limits: &Limits,
) -> Result<Decision, EntailError> {
    let (text, question) = step_board(premises, conclusion);
    let board = Board::parse("step", &text)
        .and_then(|b| b.check(CheckMode::FreeStanding))
        .map_err(EntailError::Board)?;
    Ok(decide(&board, question, limits, &mut |_| {})?)
}

/// Whether a decision of [`follows`] says the step holds.
pub fn holds(decision: &Decision) -> Option<bool> {
    use crate::reason::verdict::Verdict;
    match decision.verdict {
        Verdict::Redundant { .. } | Verdict::Inconsistent { .. } => Some(true),
        Verdict::NotRedundant { .. } | Verdict::Consistent { .. } => Some(false),
        Verdict::Unknown { .. } => None,
    }
}
