//! umpire's proof as a derivation (`follows K --derivation`, `check --derivation`): the
//! writer's drafts ([`crate::reason::argue`]) judged by the same judge as a player's
//! derivation, the first one it accepts as proving the claim kept. What is printed is a
//! derivation file: `umpire derive` reads it unchanged.

use crate::commands::defaults::MAX_MODEL_SIZE;
use crate::commands::derive::{ClaimAsked, STEP_TIME};
use crate::logic::ast::Statement;
use crate::logic::derivation::{self, syntax::same_statement, Body};
use crate::reason::argue::{drafts, one_step, Draft};
use crate::reason::derivation::judge_line_at;
use crate::reason::finite::Limits;
use crate::reason::{Certificate, Decision, Question};
use crate::solve::Budget;
use serde::Serialize;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// A derivation umpire wrote of its own proof, with the judge's verdict on it.
#[derive(Clone, Debug, Serialize)]
pub struct WrittenDerivation {
    /// The derivation file, comments included.
    pub text: String,
    /// Its numbered lines.
    pub lines: usize,
    /// The proof's steps it was written from (0 for a size argument).
    pub proof_steps: usize,
    /// The judge's verdict on it: `proves` (a draft it does not accept is never shown).
    pub verdict: &'static str,
}

impl WrittenDerivation {
    /// "3 lines", "1 line".
    pub fn length(&self) -> String {
        format!("{} line{}", self.lines, if self.lines == 1 { "" } else { "s" })
    }

    /// The derivation's lines without the comments, each after `indent`.
    pub fn body(&self, indent: &str) -> String {
        self.text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{indent}{l}\n"))
            .collect()
    }
}

/// Why no derivation is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoDerivation {
    /// The verdict has no proof (consistent, not redundant, unknown).
    NoProof,
    /// Judging the drafts took longer than the time given.
    OutOfTime(Duration),
    /// The judge accepted none of the drafts (each `by` step within its budget).
    NotJudgedRight,
}

impl std::fmt::Display for NoDerivation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoDerivation::NoProof => {
                f.write_str("the verdict has no proof to write as a derivation")
            }
            NoDerivation::OutOfTime(t) => write!(
                f,
                "judging the derivation took longer than {} s (give more time with --timeout)",
                t.as_secs_f64()
            ),
            NoDerivation::NotJudgedRight => f.write_str(
                "no derivation umpire wrote was accepted line by line within the step budget (--proof shows the proof's steps)",
            ),
        }
    }
}

fn claim_of(question: Question) -> ClaimAsked {
    match question {
        Question::Consistency => ClaimAsked::Inconsistent,
        Question::Follows(k) => ClaimAsked::Redundant(k),
    }
}

/// The decision's proof written as a derivation of its claim, judged within `time` in all
/// (each `by` step within the step budget, and no longer than what is left).
pub fn written(
    board: &[Statement],
    question: Question,
    decision: &Decision,
    time: Duration,
) -> Result<WrittenDerivation, NoDerivation> {
    let deadline = Instant::now() + time;
    let certificate = decision.verdict.certificate().ok_or(NoDerivation::NoProof)?;
    let claim = match question {
        Question::Follows(k) => Some(k),
        Question::Consistency => None,
    };
    let (candidates, proof_steps) = match certificate {
        Certificate::Refutation { proof, .. } => {
            (drafts(board, question, proof), proof.steps.len())
        }
        Certificate::NoSizeAllowed { at_least_from, below_from, .. } => {
            let cited: BTreeSet<usize> =
                at_least_from.iter().chain([below_from]).copied().collect();
            (vec![one_step(board, question, &cited)], 0)
        }
        Certificate::NoModelOfAllowedSize { .. } => {
            let cited: BTreeSet<usize> = (1..=board.len()).filter(|k| Some(*k) != claim).collect();
            (vec![one_step(board, question, &cited)], 0)
        }
    };
    let mut out_of_time = false;
    for draft in candidates {
        match proves(board, question, &draft, deadline) {
            Some(true) => {
                // A size argument's one step rests on a search; what fails at each size is
                // said in words above it (the certificate stays with the machine).
                let sizes: String =
                    decision.size_cores.iter().map(|c| format!("# {}\n", c.text())).collect();
                return Ok(WrittenDerivation {
                    text: format!("{sizes}{}", file_text(question, &draft)),
                    lines: draft.lines,
                    proof_steps,
                    verdict: "proves",
                });
            }
            Some(false) => {}
            None => {
                out_of_time = true;
                break;
            }
        }
    }
    Err(if out_of_time { NoDerivation::OutOfTime(time) } else { NoDerivation::NotJudgedRight })
}

/// Whether the judge accepts every line of the draft, stopping at the first it does not;
/// `None` when the time ran out first.
fn proves(
    board: &[Statement],
    question: Question,
    draft: &Draft,
    deadline: Instant,
) -> Option<bool> {
    let Ok(d) = derivation::read_against("umpire's derivation", &draft.text, board) else {
        return Some(false);
    };
    let argued = Some(claim_of(question).argued());
    for line in &d.lines {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return None;
        }
        let limits = Limits { max_size: MAX_MODEL_SIZE, budget: Budget::time(left.min(STEP_TIME)) };
        let judged = judge_line_at(&d, board, argued, line.number, &|| limits.clone());
        if !judged.is_ok() {
            return Some(false);
        }
    }
    // It must end in what it argues.
    let last = d.conclusion().map(|l| &l.body);
    Some(match (question, last) {
        (Question::Consistency, Some(Body::Bottom)) => true,
        (Question::Follows(k), Some(Body::Statement(s))) => {
            board.get(k.wrapping_sub(1)).is_some_and(|b| same_statement(s, b))
        }
        _ => false,
    })
}

/// The draft with a heading in comments, as `umpire derive` reads it.
fn file_text(question: Question, draft: &Draft) -> String {
    let claim = claim_of(question).as_typed();
    format!("# claim: {claim}\n# umpire derive judges it: proves\n{}", draft.text)
}
