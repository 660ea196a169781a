//! The scoring-phase helper: which statements of a board follow from the others, each
//! decided as a redundancy claim would be (with proof steps), so that a table can settle
//! "did anybody miss a point?". `umpire check --redundant` and the REPL's `redundant?`.

use crate::commands::evidence::evidence;
use crate::logic::board::CheckedBoard;
use crate::reason::finite::Limits;
use crate::reason::{decide_with, DecideError, Decision, Options, Question, Verdict};
use crate::solve::Budget;
use std::time::Duration;

/// Every statement's redundancy question, decided in order, each within `per_question`
/// (and the budget's other limits: memory, cancellation). `told` hears each statement as
/// it starts, for progress.
pub fn each_statement(
    board: &CheckedBoard,
    max_size: usize,
    per_question: Duration,
    base: &Budget,
    told: &mut dyn FnMut(usize),
) -> Result<Vec<(usize, Decision)>, DecideError> {
    let mut out = Vec::new();
    for k in 1..=board.board.statements.len() {
        if base.spent().is_some() {
            break;
        }
        told(k);
        let limits = Limits { max_size, budget: base.clone().within(per_question) };
        out.push((
            k,
            decide_with(
                board,
                Question::Follows(k),
                &limits,
                Options { steps: true },
                &mut |_| {},
            )?,
        ));
    }
    Ok(out)
}

/// The statements that follow from the others.
pub fn redundant(decisions: &[(usize, Decision)]) -> Vec<usize> {
    decisions
        .iter()
        .filter(|(_, d)| matches!(d.verdict, Verdict::Redundant { .. }))
        .map(|(k, _)| *k)
        .collect()
}

/// The listing for the table: each redundant statement with its proof, the others in one
/// line each, then the summary.
pub fn text(decisions: &[(usize, Decision)], statements: usize) -> String {
    let mut out = String::new();
    for (_, d) in decisions {
        out.push_str(&d.explanation);
        out.push('\n');
        if matches!(d.verdict, Verdict::Redundant { .. }) {
            out.push_str(&evidence(d));
        }
    }
    let found = redundant(decisions);
    let listed: Vec<String> = found.iter().map(|k| format!("({k})")).collect();
    out.push_str(&match found.len() {
        0 => "No statement follows from the others".to_string(),
        1 => format!("One statement follows from the others: {}", listed[0]),
        n => format!("{n} statements follow from the others: {}", listed.join(", ")),
    });
    let unknown =
        decisions.iter().filter(|(_, d)| matches!(d.verdict, Verdict::Unknown { .. })).count();
    let unasked = statements - decisions.len();
    if unknown > 0 || unasked > 0 {
        out.push_str(&format!(" ({} undecided within the budget)", unknown + unasked));
    }
    out.push_str(".\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board;
    use crate::logic::check::CheckMode;

    #[test]
    fn lists_what_follows_with_its_proof() {
        let b = board::load("b", "∀x happy(x)\n∃x happy(x)\n∃x blonde(x)", CheckMode::FreeStanding)
            .unwrap();
        let all = each_statement(&b, 8, Duration::from_secs(10), &Budget::unlimited(), &mut |_| {})
            .unwrap();
        assert_eq!(redundant(&all), vec![2]);
        let shown = text(&all, 3);
        assert!(shown.contains("redundant: (2) follows from (1)"), "{shown}");
        assert!(
            shown.contains("[1]") && shown.contains("One statement follows from the others: (2)."),
            "{shown}"
        );
    }
}
