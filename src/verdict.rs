//! The arbiter's answers: one [`Verdict`] type for every logic command, each answer with
//! its evidence, re-checked before it is returned.
//!
//! - consistent / not-redundant carry a model, already re-checked statement by statement
//!   by the evaluator in [`crate::logic::semantics`];
//! - inconsistent / redundant carry a [`Certificate`], re-checked against the statements
//!   by [`Certificate::recheck`];
//! - unknown says what was tried and why the search stopped. It is never a guess.
//!
//! For now the evidence for "inconsistent" comes from the finite model search alone: when
//! the cardinality statements bound the domain, searching every allowed size is a decision
//! procedure. Boards without such a bound need the prover.

use crate::logic::ast::StatementKind;
use crate::logic::board::CheckedBoard;
use crate::logic::cnf::{clausify_with, DomainBounds};
use crate::prove::{self, Proof, Prover, Refutation, Stopped};
use std::sync::atomic::{AtomicBool, Ordering};
use std::collections::BTreeSet;
use std::sync::{mpsc, Arc};
use crate::models::{self, premises_with, GaveUp, Limits, Model, Progress, Search, SearchError};
use crate::solve::Exhausted;
use serde::Serialize;
use std::time::Instant;

/// What the arbiter is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Is the board consistent?
    Consistency,
    /// Does statement k (counted from 1) follow from the others?
    Follows(usize),
}

/// Evidence that a set of premises (the board, or the others plus the negated claim) has
/// no model.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Certificate {
    /// A refutation by the prover, re-checked by the independent checker; `argument` is
    /// the checker's case analysis over the proof's steps.
    Refutation { proof: Proof, argument: Vec<String> },
    /// The cardinality statements leave no domain size: `below ≤ at_least`.
    NoSizeAllowed {
        at_least: usize,
        /// The statement that sets the lower bound; none when it is the rule that the
        /// domain is never empty.
        at_least_from: Option<usize>,
        below: usize,
        below_from: usize,
    },
    /// Every size the cardinality statements allow was searched and has no model. Each
    /// size's refutation was verified by varisat's proof checker as the solver ran.
    NoModelOfAllowedSize { sizes: Vec<usize>, below: usize, below_from: usize },
}

#[derive(Clone, Debug, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    Consistent { model: Model },
    Inconsistent { certificate: Certificate },
    Redundant { certificate: Certificate },
    NotRedundant { countermodel: Model },
    Unknown {
        reason: String,
        /// What ended the search: `time`, `conflicts`, `cancelled` or `size-limit`.
        stopped_by: &'static str,
    },
}

impl Verdict {
    /// The `verdict` field of `--json`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Consistent { .. } => "consistent",
            Verdict::Inconsistent { .. } => "inconsistent",
            Verdict::Redundant { .. } => "redundant",
            Verdict::NotRedundant { .. } => "not-redundant",
            Verdict::Unknown { .. } => "unknown",
        }
    }

    /// The SZS status the ATP world uses for this verdict: Theorem, CounterSatisfiable,
    /// Unsatisfiable, Satisfiable, or Timeout / GaveUp when there is no answer.
    pub fn szs_status(&self) -> &'static str {
        match self {
            Verdict::Consistent { .. } => "Satisfiable",
            Verdict::Inconsistent { .. } => "Unsatisfiable",
            Verdict::Redundant { .. } => "Theorem",
            Verdict::NotRedundant { .. } => "CounterSatisfiable",
            Verdict::Unknown { stopped_by: "time", .. } => "Timeout",
            Verdict::Unknown { .. } => "GaveUp",
        }
    }

    /// The model or countermodel, if the verdict carries one.
    pub fn model(&self) -> Option<&Model> {
        match self {
            Verdict::Consistent { model } | Verdict::NotRedundant { countermodel: model } => Some(model),
            _ => None,
        }
    }
}

/// A verdict with what it took.
#[derive(Clone, Debug, Serialize)]
pub struct Decision {
    #[serde(flatten)]
    pub verdict: Verdict,
    /// "consistency", or the statement whose redundancy was asked.
    pub question: String,
    /// Sizes searched that have no model.
    pub sizes_without_model: Vec<usize>,
    pub explanation: String,
    pub elapsed_ms: u128,
}

#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum DecideError {
    #[error("there is no statement {k}: the board has {count}")]
    #[diagnostic(code(umpire::no_such_statement), help("statements are counted from 1, skipping blank lines and comments"))]
    NoSuchStatement { k: usize, count: usize },
    #[error("statement {k} has been struck from the board")]
    #[diagnostic(code(umpire::struck), help("a statement that scored as redundant cannot score again (ruling G9)"))]
    Struck { k: usize },
    #[error(transparent)]
    #[diagnostic(transparent)]
    Search(#[from] SearchError),
    #[error("internal error: the prover's proof failed the independent check: {0}")]
    #[diagnostic(code(umpire::uncertified_proof), help("this is a bug in umpire; please report it with the board"))]
    BadProof(prove::check::ProofError),
    #[error("internal error: the model search found a model and the prover a proof")]
    #[diagnostic(code(umpire::uncertified_proof), help("this is a bug in umpire; please report it with the board"))]
    Contradictory,
    #[error("internal error: the prover stopped unexpectedly")]
    #[diagnostic(code(umpire::uncertified_proof), help("this is a bug in umpire; please report it with the board"))]
    ProverFailed,
    #[error("internal error: a certificate for `{0}` failed its re-check")]
    #[diagnostic(code(umpire::uncertified_proof), help("this is a bug in umpire; please report it with the board"))]
    Uncertified(&'static str),
}

/// How long a proof in steps is waited for when bounded search has already refuted.
const PROOF_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// Answers `question` about `board` within `limits`.
pub fn decide(
    board: &CheckedBoard,
    question: Question,
    limits: &Limits,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Decision, DecideError> {
    decide_struck(board, question, &BTreeSet::new(), limits, progress)
}

/// Like [`decide`], with the statements in `struck` (1-based) off the board, except for the
/// meaning of any name they made (ruling G9).
pub fn decide_struck(
    board: &CheckedBoard,
    question: Question,
    struck: &BTreeSet<usize>,
    limits: &Limits,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Decision, DecideError> {
    let start = Instant::now();
    let count = board.board.statements.len();
    let negate = match question {
        Question::Consistency => None,
        Question::Follows(k) if struck.contains(&k) => return Err(DecideError::Struck { k }),
        Question::Follows(k) if k >= 1 && k <= count => Some(k),
        Question::Follows(k) => return Err(DecideError::NoSuchStatement { k, count }),
    };
    let premises = premises_with(board, negate, struck);
    // The model search and the prover race; the first definite answer stops the other.
    // The prover runs on its own thread with its own copy of the board, so that a quick
    // answer from the model search need not wait for the prover to notice it lost.
    let race = Arc::new(AtomicBool::new(false));
    let rival_budget = limits.budget.clone().with_cancel(race.clone());
    let search_limits = Limits { max_size: limits.max_size, budget: rival_budget.clone() };
    let (sender, receiver) = mpsc::channel();
    {
        let board = board.clone();
        let race = race.clone();
        let struck = struck.clone();
        std::thread::spawn(move || {
            let premises = premises_with(&board, negate, &struck);
            let set = clausify_with(&board.signature, &premises, true);
            let r = Prover::new(&set).run(&rival_budget);
            if matches!(r, Refutation::Proved(_)) {
                race.store(true, Ordering::Relaxed);
            }
            let _ = sender.send(r);
        });
    }
    // A problem the finder cannot ground is left to the prover.
    let result = match models::search(&board.signature, &premises, &search_limits, progress) {
        Err(SearchError::Unsupported(_)) => Search::GaveUp { refuted: Vec::new(), why: GaveUp::Unsupported },
        other => other?,
    };
    let refutation = match result {
        Search::Found { .. } | Search::NoSize { .. } => {
            race.store(true, Ordering::Relaxed);
            receiver.try_recv().ok()
        }
        // No model of any allowed size is a proof already; a proof in steps is easier to
        // follow, so the prover gets a moment (within the budget) to find one.
        Search::NoModel { .. } => {
            let mut grace = PROOF_GRACE;
            if let Some(deadline) = limits.budget.deadline {
                grace = grace.min(deadline.saturating_duration_since(Instant::now()));
            }
            let r = receiver.recv_timeout(grace).ok();
            race.store(true, Ordering::Relaxed);
            r
        }
        Search::GaveUp { .. } => Some(receiver.recv().map_err(|_| DecideError::ProverFailed)?),
    };
    let refutation = refutation.unwrap_or(Refutation::Stopped {
        stopped: Stopped::Budget(Exhausted::Cancelled),
        rounds: 0,
        instances: 0,
    });
    let mut refuted_sizes = Vec::new();
    let verdict = match (result, refutation) {
        (Search::Found { .. }, Refutation::Proved(_)) => return Err(DecideError::Contradictory),
        (Search::Found { model, refuted }, _) => {
            refuted_sizes = refuted;
            match question {
                Question::Consistency => Verdict::Consistent { model },
                Question::Follows(_) => Verdict::NotRedundant { countermodel: model },
            }
        }
        (Search::NoSize { bounds }, _) => {
            let certificate = Certificate::NoSizeAllowed {
                at_least: bounds.at_least,
                at_least_from: bounds.at_least_from.map(|o| o.statement),
                below: bounds.below.expect("an empty range has an upper bound"),
                below_from: bounds.below_from.expect("an upper bound comes from a statement").statement,
            };
            refuted_verdict(question, certificate)
        }
        (search, Refutation::Proved(proof)) => {
            if let Search::NoModel { refuted, .. } | Search::GaveUp { refuted, .. } = search {
                refuted_sizes = refuted;
            }
            let argument = prove::check::check(&board.signature, &premises, &proof).map_err(DecideError::BadProof)?;
            refuted_verdict(question, Certificate::Refutation { proof, argument })
        }
        (Search::NoModel { refuted, bounds }, _) => {
            refuted_sizes = refuted.clone();
            let below = bounds.below.expect("a finished search had an upper bound");
            let below_from = bounds.below_from.expect("an upper bound comes from a statement").statement;
            refuted_verdict(question, Certificate::NoModelOfAllowedSize { sizes: refuted, below, below_from })
        }
        (Search::GaveUp { refuted, why }, Refutation::Stopped { stopped, rounds, instances }) => {
            refuted_sizes = refuted.clone();
            let stopped_by = match why {
                GaveUp::SizeLimit(_) => "size-limit",
                GaveUp::Unsupported => "unsupported",
                GaveUp::Budget(Exhausted::Time) => "time",
                GaveUp::Budget(Exhausted::Conflicts) => "conflicts",
                GaveUp::Budget(Exhausted::Cancelled) => "cancelled",
                GaveUp::Budget(Exhausted::Limit) => "limit",
            };
            let prover = match stopped {
                Stopped::Saturated => format!(
                    "the prover used every term in play ({instances} ground clauses) without a contradiction, \
                     so there is a finite model, larger than the search tried"
                ),
                Stopped::TooManyInstances(n) => {
                    format!("the prover found no contradiction in {rounds} rounds before reaching its limit of {n} ground clauses")
                }
                Stopped::Budget(_) => {
                    format!("the prover found no contradiction in {rounds} rounds ({instances} ground clauses)")
                }
            };
            Verdict::Unknown { reason: format!("{}; {prover}", unknown_reason(&refuted, why, limits)), stopped_by }
        }
    };
    if let Verdict::Inconsistent { certificate } | Verdict::Redundant { certificate } = &verdict {
        if !certificate.recheck_struck(board, negate, struck) {
            return Err(DecideError::Uncertified(verdict.name()));
        }
    }
    let explanation = explain(&verdict, question);
    Ok(Decision {
        question: match question {
            Question::Consistency => "consistency".into(),
            Question::Follows(k) => format!("does statement {k} follow from the others?"),
        },
        explanation,
        verdict,
        sizes_without_model: refuted_sizes,
        elapsed_ms: start.elapsed().as_millis(),
    })
}

fn refuted_verdict(question: Question, certificate: Certificate) -> Verdict {
    match question {
        Question::Consistency => Verdict::Inconsistent { certificate },
        Question::Follows(_) => Verdict::Redundant { certificate },
    }
}

fn unknown_reason(refuted: &[usize], why: GaveUp, limits: &Limits) -> String {
    let searched = match (refuted.first(), refuted.last()) {
        (Some(a), Some(b)) if a == b => format!("no model of size {a}"),
        (Some(a), Some(b)) => format!("no model of any size from {a} to {b}"),
        _ => "no size searched to the end".into(),
    };
    let stop = match why {
        GaveUp::SizeLimit(n) if refuted.is_empty() => {
            format!("the board needs more than {n} objects, more than the model search can build")
        }
        GaveUp::SizeLimit(n) => format!("sizes above {n} were not tried (raise --max-size)"),
        GaveUp::Unsupported => "the model search cannot ground a symbol of this arity".into(),
        GaveUp::Budget(Exhausted::Time) => match limits.budget.deadline {
            Some(_) => "the time budget ran out (raise --timeout)".into(),
            None => "the time budget ran out".into(),
        },
        GaveUp::Budget(Exhausted::Conflicts) => "the conflict budget ran out".into(),
        GaveUp::Budget(Exhausted::Cancelled) => "the search was cancelled".into(),
        GaveUp::Budget(Exhausted::Limit) => "a search limit was reached".into(),
    };
    format!("{searched}; {stop}")
}

/// The verdict in words a player can follow.
pub fn explain(verdict: &Verdict, question: Question) -> String {
    let premises = match question {
        Question::Consistency => "the board".to_string(),
        Question::Follows(k) => format!("the other statements together with the negation of ({k})"),
    };
    let because = |c: &Certificate| match c {
        Certificate::Refutation { proof, .. } => {
            let used: Vec<String> = proof.statements().iter().map(|s| format!("({s})")).collect();
            let used = if used.is_empty() { "equality alone".to_string() } else { used.join(", ") };
            format!("{used} cannot all hold: a contradiction in {} steps (re-checked; --proof shows them)", proof.steps.len())
        }
        Certificate::NoSizeAllowed { at_least, at_least_from, below, below_from } => match at_least_from {
            Some(i) => format!(
                "({i}) needs at least {at_least} object{} and ({below_from}) allows fewer than {below}",
                if *at_least == 1 { "" } else { "s" }
            ),
            None => format!("({below_from}) allows fewer than {below} object, and the domain is never empty"),
        },
        Certificate::NoModelOfAllowedSize { sizes, below, below_from } => format!(
            "({below_from}) allows at most {} object{}, and an exhaustive search finds no model of {premises} \
             of size {} (each refutation checked by varisat's proof checker)",
            below - 1,
            if *below == 2 { "" } else { "s" },
            size_range(sizes),
        ),
    };
    match (verdict, question) {
        (Verdict::Consistent { model }, _) => format!(
            "consistent: every statement holds in this model of {} object{} (re-checked statement by statement)",
            model.structure.size,
            if model.structure.size == 1 { "" } else { "s" }
        ),
        (Verdict::NotRedundant { countermodel }, Question::Follows(k)) => format!(
            "not redundant: ({k}) does not follow, since in this model of {} object{} the other statements hold and ({k}) is false",
            countermodel.structure.size,
            if countermodel.structure.size == 1 { "" } else { "s" }
        ),
        (Verdict::Inconsistent { certificate }, _) => format!("inconsistent: {}", because(certificate)),
        (Verdict::Redundant { certificate: Certificate::Refutation { proof, .. } }, Question::Follows(k)) => {
            let from: Vec<String> = proof.statements().iter().filter(|&&s| s != k).map(|s| format!("({s})")).collect();
            let from = if from.is_empty() { "logic alone".to_string() } else { from.join(", ") };
            format!(
                "redundant: ({k}) follows from {from}: supposing it false leads to a contradiction in {} steps \
                 (re-checked; --proof shows them)",
                proof.steps.len()
            )
        }
        (Verdict::Redundant { certificate }, Question::Follows(k)) => {
            format!("redundant: ({k}) follows, because its negation cannot hold with the others: {}", because(certificate))
        }
        (Verdict::Unknown { reason, .. }, _) => format!("unknown: {reason}"),
        _ => verdict.name().to_string(),
    }
}

fn size_range(sizes: &[usize]) -> String {
    match (sizes.first(), sizes.last()) {
        (Some(a), Some(b)) if a == b => format!("{a}"),
        (Some(a), Some(b)) => format!("{a} to {b}"),
        _ => "none".into(),
    }
}

impl Certificate {
    /// Re-checks the certificate against the statements themselves (not the clauses):
    /// the cited statements say what the certificate claims, and the sizes cover the range.
    pub fn recheck(&self, board: &CheckedBoard, negated: Option<usize>) -> bool {
        self.recheck_struck(board, negated, &BTreeSet::new())
    }

    /// Like [`Certificate::recheck`], with the statements in `struck` off the board.
    pub fn recheck_struck(&self, board: &CheckedBoard, negated: Option<usize>, struck: &BTreeSet<usize>) -> bool {
        // What statement i says about the size, taking the negation into account.
        let bound = |i: usize| -> Option<(bool, usize)> {
            let st = board.board.statements.get(i.checked_sub(1)?)?;
            if struck.contains(&i) {
                return None;
            }
            let flip = negated == Some(i);
            match st.kind {
                StatementKind::AtLeast { n } => Some((!flip, n as usize)),
                StatementKind::LessThan { n } => Some((flip, n as usize)),
                _ => None,
            }
        };
        let mut lower = DomainBounds::default().at_least;
        for i in 1..=board.board.statements.len() {
            if let Some((true, n)) = bound(i) {
                lower = lower.max(n);
            }
        }
        match self {
            Certificate::Refutation { proof, argument } => {
                let premises = premises_with(board, negated, struck);
                prove::check::check(&board.signature, &premises, proof).is_ok_and(|lines| lines == *argument)
            }
            Certificate::NoSizeAllowed { at_least, at_least_from, below, below_from } => {
                let low_ok = match at_least_from {
                    Some(i) => bound(*i) == Some((true, *at_least)),
                    None => *at_least == 1,
                };
                low_ok && bound(*below_from) == Some((false, *below)) && below <= at_least
            }
            Certificate::NoModelOfAllowedSize { sizes, below, below_from } => match bound(*below_from) {
                Some((false, b)) if b == *below => {
                    let needed: Vec<usize> = (lower..b).collect();
                    !needed.is_empty() && needed.iter().all(|s| sizes.contains(s))
                }
                _ => false,
            },
        }
    }
}
