//! umpire's proof as a derivation (`follows K --derivation`, `check --derivation`): the
//! writer's drafts ([`crate::reason::argue`]) judged by the same judge as a player's
//! derivation, the first one it accepts as proving the claim kept. What is printed is a
//! derivation file: `umpire derive` reads it unchanged.

use crate::commands::defaults::MAX_MODEL_SIZE;
use crate::commands::derive::{self, ClaimAsked, DerivationReport, STEP_TIME};
use crate::commands::search::Search;
use crate::logic::ast::Statement;
use crate::logic::derivation;
use crate::reason::argue::{drafts, one_step, Draft};
use crate::reason::{Certificate, Decision, Question};
use serde::Serialize;
use std::collections::BTreeSet;

/// A derivation umpire wrote of its own proof, with the judge's verdict on it.
#[derive(Clone, Debug, Serialize)]
pub struct WrittenDerivation {
    /// The derivation file, comments included.
    pub text: String,
    /// Its numbered lines.
    pub lines: usize,
    /// The proof's steps it was written from (0 for a size argument).
    pub proof_steps: usize,
    /// The judge's verdict: `proves`, or `has-gaps` when no draft passed (the last one
    /// is shown, its gaps marked by `umpire derive`).
    pub verdict: &'static str,
    /// The judge's report on it, line by line.
    #[serde(skip)]
    pub report: DerivationReport,
}

/// Why no derivation is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoDerivation {
    /// The verdict has no proof (consistent, not redundant, unknown).
    NoProof,
}

impl std::fmt::Display for NoDerivation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoDerivation::NoProof => {
                f.write_str("the verdict has no proof to write as a derivation")
            }
        }
    }
}

/// The step search `umpire derive` uses by default.
fn step_search() -> Search {
    Search { timeout: STEP_TIME, max_size: MAX_MODEL_SIZE, memory_mib: None, cancel: None }
}

fn claim_of(question: Question) -> ClaimAsked {
    match question {
        Question::Consistency => ClaimAsked::Inconsistent,
        Question::Follows(k) => ClaimAsked::Redundant(k),
    }
}

/// The decision's proof written as a derivation of its claim, judged.
pub fn written(
    board: &[Statement],
    question: Question,
    decision: &Decision,
) -> Result<WrittenDerivation, NoDerivation> {
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
    let search = step_search();
    let mut last = None;
    for draft in candidates {
        let judged = judge(board, question, &draft, &search);
        if let Some(report) = judged {
            let proves = report.verdict == "proves";
            last = Some((draft, report));
            if proves {
                break;
            }
        }
    }
    let (draft, report) = last.ok_or(NoDerivation::NoProof)?;
    let verdict = report.verdict;
    // A size argument's one step rests on a search; what fails at each size is said in
    // words above it (the certificate stays with the machine).
    let sizes: String = decision.size_cores.iter().map(|c| format!("# {}\n", c.text())).collect();
    Ok(WrittenDerivation {
        text: format!("{sizes}{}", file_text(question, &draft, verdict)),
        lines: draft.lines,
        proof_steps,
        verdict,
        report,
    })
}

fn judge(
    board: &[Statement],
    question: Question,
    draft: &Draft,
    search: &Search,
) -> Option<DerivationReport> {
    let d = derivation::read_against("umpire's derivation", &draft.text, board).ok()?;
    derive::judge(&d, board, Some(claim_of(question)), search, &mut |_, _| {}).ok()
}

/// The draft with a heading in comments, as `umpire derive` reads it.
fn file_text(question: Question, draft: &Draft, verdict: &str) -> String {
    let claim = claim_of(question).as_typed();
    let judged = if verdict == "proves" {
        "umpire derive judges it: proves".to_string()
    } else {
        format!("umpire derive judges it: {verdict} (within {} s a step)", STEP_TIME.as_secs())
    };
    format!("# claim: {claim}\n# {judged}\n{}", draft.text)
}
