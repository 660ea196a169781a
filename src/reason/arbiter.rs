//! The arbiter: answers a [`Question`] about a board by racing the reasoning engines, and
//! returns only re-checked answers.
//!
//! Four engines race: the finite model search ([`crate::reason::finite`]) on the calling
//! thread, the instantiation prover ([`crate::reason::instantiate`]) on another, the
//! superposition prover ([`crate::reason::superposition`]) on a third, which starts after
//! 100 ms (game boards are mostly decided sooner, and are not slowed), and the
//! infinite-model engine ([`crate::reason::infinite`]) on a fourth, which starts once the
//! finite search has found no model of sizes 1-4 and run for 50 ms (a small finite model,
//! when there is one, is the easier thing to show). The first definite answer sets a
//! cancel flag in the others' [`crate::solve::Budget`]; when steps will be shown, a
//! superposition proof stops the model searches only, and instantiation gets up to 1 s more
//! (`PREFER_WAIT`): the shorter proof is shown. Both provers' proofs go through
//! [`proof::check`]. When superposition saturates, the saturation is re-checked by
//! [`proof::saturation::check`] and stops instantiation at once, the model searches after
//! `PREFER_WAIT` (a model is what players can read, and wins when one comes in time). A
//! model or a saturation together with a proof for the same question is an internal error,
//! never an answer.

use crate::logic::board::CheckedBoard;
use crate::logic::cnf::{clausify_with, premises_of};
use crate::reason::finite::{self, GaveUp, Limits, Progress, Search, SearchError};
use crate::reason::infinite;
use crate::reason::instantiate::{Prover, Refutation, Stopped};
use crate::reason::proof::saturation::Saturated;
use crate::reason::proof::{self, Proof, ProofSymbol};
use crate::reason::superposition::saturate;
use crate::reason::verdict::{explain, Certificate, Decision, Question, Verdict, Witness};
use crate::solve::Exhausted;
use crate::util::failure::{Classify, FailureKind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum DecideError {
    #[error("there is no statement {k}: the board has {count}")]
    #[diagnostic(
        code(umpire::no_such_statement),
        help("statements are counted from 1, skipping blank lines and comments")
    )]
    NoSuchStatement { k: usize, count: usize },
    #[error(transparent)]
    #[diagnostic(transparent)]
    Search(#[from] SearchError),
    #[error("internal error: the prover's proof failed the independent check: {0}")]
    #[diagnostic(
        code(umpire::uncertified_proof),
        help("this is a bug in umpire; please report it with the board")
    )]
    BadProof(proof::check::ProofError),
    #[error("internal error: the model search found a model and the prover a proof")]
    #[diagnostic(
        code(umpire::uncertified_proof),
        help("this is a bug in umpire; please report it with the board")
    )]
    Contradictory,
    #[error("internal error: the prover stopped unexpectedly")]
    #[diagnostic(
        code(umpire::uncertified_proof),
        help("this is a bug in umpire; please report it with the board")
    )]
    ProverFailed,
    #[error("internal error: a certificate for `{0}` failed its re-check")]
    #[diagnostic(
        code(umpire::uncertified_proof),
        help("this is a bug in umpire; please report it with the board")
    )]
    Uncertified(&'static str),
}

impl DecideError {
    /// True when a result failed its independent re-check: a bug in umpire, not in the input.
    pub fn is_internal(&self) -> bool {
        match self {
            DecideError::NoSuchStatement { .. } => false,
            DecideError::Search(e) => e.kind() == FailureKind::Internal,
            DecideError::BadProof(_)
            | DecideError::Contradictory
            | DecideError::ProverFailed
            | DecideError::Uncertified(_) => true,
        }
    }
}

impl Classify for DecideError {
    fn kind(&self) -> FailureKind {
        if self.is_internal() {
            FailureKind::Internal
        } else {
            FailureKind::BadInput
        }
    }
}

/// What a question asks of the arbiter beyond a certified verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Proof steps will be shown (`--proof`, a claim at the table): when the bounded search
    /// refutes first, the prover is given time, within the budget, to find steps a person
    /// can follow. Without it the verdict is returned as soon as it is certified.
    pub steps: bool,
}

/// The longest the prover is waited for when the bounded search has already refuted and
/// steps are wanted (within the budget in any case).
const STEPS_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The infinite-model engine starts once the finite search has found no model of any size
/// up to this one and has run for `INFINITE_WAIT`, or has stopped, or has run ten times
/// that (it starts at size n under `|L| ≥ n`): a small finite model is
/// the easier thing to show, and the boards the finite search decides quickly are not slowed
/// by a third engine on the machine's cores.
const INFINITE_AFTER: usize = 4;
const INFINITE_WAIT: std::time::Duration = std::time::Duration::from_millis(50);

/// The superposition prover starts after this long (or once the finite search stops):
/// the boards the other engines decide sooner are not slowed by a third busy thread.
const SUPERPOSITION_WAIT: std::time::Duration = std::time::Duration::from_millis(100);

/// How long a superposition proof waits for instantiation's when steps will be shown, and
/// a certified saturation for a model.
const PREFER_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// What one refutation prover reported.
enum Report {
    Instantiation(Refutation),
    Superposition(saturate::Outcome),
    /// A saturation that passed the independent check.
    Saturated(Saturated),
}

/// The two refutation provers' reports, as they come: each one's proof, and how each that
/// stopped without one stopped.
struct Provers {
    receiver: mpsc::Receiver<Report>,
    running: usize,
    instantiation_proof: Option<Proof>,
    superposition_proof: Option<Proof>,
    instantiation: Option<(Stopped, usize, usize)>,
    superposition: Option<(&'static str, usize)>,
    saturated: Option<Saturated>,
}

impl Provers {
    fn take(&mut self, report: Report) {
        self.running = self.running.saturating_sub(1);
        match report {
            Report::Instantiation(Refutation::Proved(p)) => self.instantiation_proof = Some(p),
            Report::Superposition(saturate::Outcome::Refuted(p)) => {
                self.superposition_proof = Some(p)
            }
            Report::Instantiation(Refutation::Stopped { stopped, rounds, instances }) => {
                self.instantiation = Some((stopped, rounds, instances))
            }
            Report::Superposition(saturate::Outcome::Stopped { why, clauses }) => {
                self.superposition = Some((why, clauses))
            }
            // The thread reports a saturation as `Saturated` once checked; one the check does
            // not accept is no answer (see the thread).
            Report::Superposition(saturate::Outcome::Saturated(s)) => self.superposition = Some((
                "ran out of inferences, but its saturation did not pass the independent re-check",
                s.clauses.len(),
            )),
            Report::Saturated(s) => {
                self.superposition = Some(("saturated", s.saturation.clauses.len()));
                self.saturated = Some(s);
            }
        }
    }

    fn has_proof(&self) -> bool {
        self.instantiation_proof.is_some() || self.superposition_proof.is_some()
    }

    /// A proof, or a certified saturation: an answer either way.
    fn has_answer(&self) -> bool {
        self.has_proof() || self.saturated.is_some()
    }

    /// The shorter of the proofs in (instantiation's on a tie).
    fn shortest(&mut self) -> Option<Proof> {
        match (self.instantiation_proof.take(), self.superposition_proof.take()) {
            (Some(i), Some(s)) if s.steps.len() < i.steps.len() => Some(s),
            (Some(i), _) => Some(i),
            (None, s) => s,
        }
    }

    /// Waits until `deadline` for the instantiation prover's report.
    fn wait_for_instantiation(&mut self, deadline: Instant) {
        while self.instantiation_proof.is_none() && self.instantiation.is_none() {
            match self.receiver.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(r) => self.take(r),
                Err(_) => return,
            }
        }
    }

    /// Takes the reports already in.
    fn poll(&mut self) {
        while let Ok(r) = self.receiver.try_recv() {
            self.take(r);
        }
    }

    /// Waits (until `deadline`, when given) for a proof or for both provers to stop; false
    /// when a prover ended without a report.
    fn wait(&mut self, deadline: Option<Instant>) -> bool {
        self.poll();
        while !self.has_answer() && self.running > 0 {
            let r = match deadline {
                Some(d) => {
                    match self.receiver.recv_timeout(d.saturating_duration_since(Instant::now())) {
                        Ok(r) => r,
                        Err(mpsc::RecvTimeoutError::Timeout) => return true,
                        Err(mpsc::RecvTimeoutError::Disconnected) => return false,
                    }
                }
                None => match self.receiver.recv() {
                    Ok(r) => r,
                    Err(_) => return false,
                },
            };
            self.take(r);
        }
        true
    }
}

/// Answers `question` about `board` within `limits`, as soon as a certified answer exists.
pub fn decide(
    board: &CheckedBoard,
    question: Question,
    limits: &Limits,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Decision, DecideError> {
    decide_with(board, question, limits, Options::default(), progress)
}

/// Like [`decide`], with [`Options`].
pub fn decide_with(
    board: &CheckedBoard,
    question: Question,
    limits: &Limits,
    options: Options,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Decision, DecideError> {
    let start = Instant::now();
    let count = board.board.statements.len();
    let negate = match question {
        Question::Consistency => None,
        Question::Follows(k) if k >= 1 && k <= count => Some(k),
        Question::Follows(k) => return Err(DecideError::NoSuchStatement { k, count }),
    };
    let premises = premises_of(board, negate);
    // The model search and the prover race; the first definite answer stops the other.
    // The prover runs on its own thread with its own copy of the board, so that a quick
    // answer from the model search need not wait for the prover to notice it lost.
    let race = Arc::new(AtomicBool::new(false));
    let rival_budget = limits.budget.clone().with_cancel(race.clone());
    // A superposition proof, when steps will be shown, stops the model searches but not
    // instantiation, whose proof may be shorter (see PREFER_WAIT).
    let models_race = Arc::new(AtomicBool::new(false));
    // A certified saturation stops instantiation at once (it cannot find a proof), the
    // model searches only after PREFER_WAIT.
    let saturated = Arc::new(AtomicBool::new(false));
    let search_limits = Limits {
        max_size: limits.max_size,
        budget: rival_budget.clone().with_cancel(models_race.clone()),
    };
    let (sender, receiver) = mpsc::channel();
    {
        let (board, race, sender) = (board.clone(), race.clone(), sender.clone());
        let budget = rival_budget.clone().with_cancel(saturated.clone());
        std::thread::spawn(move || {
            let premises = premises_of(&board, negate);
            let set = clausify_with(&board.signature, &premises, true);
            let r = Prover::new(&set).run(&budget);
            if matches!(r, Refutation::Proved(_)) {
                race.store(true, Ordering::Relaxed);
            }
            let _ = sender.send(Report::Instantiation(r));
        });
    }
    let finite_done = Arc::new(AtomicBool::new(false));
    {
        let (board, race, budget, finite_done) =
            (board.clone(), race.clone(), rival_budget.clone(), finite_done.clone());
        let (models_race, saturated) = (models_race.clone(), saturated.clone());
        std::thread::spawn(move || {
            while !finite_done.load(Ordering::Relaxed) && start.elapsed() < SUPERPOSITION_WAIT {
                if race.load(Ordering::Relaxed) || budget.spent().is_some() {
                    let _ = sender.send(Report::Superposition(saturate::Outcome::Stopped {
                        why: "another engine answered first",
                        clauses: 0,
                    }));
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            // It shares the cores as a second string: the boards the others decide are not
            // slowed by it (measured: at-least-30.board went from 430 to 600 ms without this).
            crate::util::priority::lower_this_thread();
            let premises = premises_of(&board, negate);
            let set = clausify_with(&board.signature, &premises, true);
            let r = crate::reason::superposition::prove(&set, &budget);
            match r {
                saturate::Outcome::Refuted(_) => {
                    if options.steps { &models_race } else { &race }.store(true, Ordering::Relaxed);
                }
                // A saturation the check refuses is no answer, and not a bug in a verdict: the
                // loop's simplifications (rewriting anywhere, bounded subsumption tests) are
                // not all ones the check accepts, so the others go on.
                saturate::Outcome::Saturated(claim) => {
                    if proof::saturation::check(&board.signature, &premises, &claim).is_err() {
                        let _ =
                            sender.send(Report::Superposition(saturate::Outcome::Saturated(claim)));
                        return;
                    }
                    let _ = sender.send(Report::Saturated(Saturated {
                        saturation: claim,
                        symbols: ProofSymbol::of(&set.vocabulary),
                    }));
                    saturated.store(true, Ordering::Relaxed);
                    // A model, if one comes soon, is what players can read.
                    let until = Instant::now() + PREFER_WAIT;
                    while Instant::now() < until
                        && !race.load(Ordering::Relaxed)
                        && budget.spent().is_none()
                    {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                    race.store(true, Ordering::Relaxed);
                    return;
                }
                saturate::Outcome::Stopped { .. } => {}
            }
            let _ = sender.send(Report::Superposition(r));
        });
    }
    let mut provers = Provers {
        receiver,
        running: 2,
        instantiation_proof: None,
        superposition_proof: None,
        instantiation: None,
        superposition: None,
        saturated: None,
    };
    // The infinite-model engine waits for the finite search to pass the small sizes.
    let refuted_up_to = Arc::new(AtomicUsize::new(0));
    let (infinite_sender, infinite_receiver) = mpsc::channel();
    {
        let (board, race, budget) = (board.clone(), race.clone(), search_limits.budget.clone());
        let (refuted_up_to, finite_done) = (refuted_up_to.clone(), finite_done.clone());
        std::thread::spawn(move || {
            // `|L| ≥ n` makes the finite search start at size n: then only the time counts.
            while !finite_done.load(Ordering::Relaxed)
                && (refuted_up_to.load(Ordering::Relaxed) < INFINITE_AFTER
                    || start.elapsed() < INFINITE_WAIT)
                && start.elapsed() < INFINITE_WAIT * 10
            {
                if race.load(Ordering::Relaxed) || budget.spent().is_some() {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            let premises = premises_of(&board, negate);
            let outcome = infinite::search(&board.signature, &premises, &budget);
            if matches!(outcome, infinite::Outcome::Found(_)) {
                race.store(true, Ordering::Relaxed);
            }
            let _ = infinite_sender.send(outcome);
        });
    }
    let mut watch = |p: &Progress| {
        if !p.found {
            refuted_up_to.fetch_max(p.size, Ordering::Relaxed);
        }
        progress(p)
    };
    // A problem the finder cannot ground is left to the prover.
    let result = match finite::search(&board.signature, &premises, &search_limits, &mut watch) {
        Err(SearchError::Unsupported(_)) => {
            Search::GaveUp { refuted: Vec::new(), why: GaveUp::Unsupported }
        }
        other => other?,
    };
    finite_done.store(true, Ordering::Relaxed);
    match result {
        Search::Found { .. } | Search::NoSize { .. } => {
            race.store(true, Ordering::Relaxed);
            provers.poll();
        }
        // No model of any allowed size is a certified answer already. Steps are easier to
        // follow, so when they will be shown the provers get time (within the budget) to
        // find them; otherwise the answer goes out now.
        Search::NoModel { .. } if options.steps => {
            let mut deadline = Instant::now() + STEPS_WAIT;
            if let Some(d) = limits.budget.deadline {
                deadline = deadline.min(d);
            }
            provers.wait(Some(deadline));
            race.store(true, Ordering::Relaxed);
        }
        Search::NoModel { .. } => {
            race.store(true, Ordering::Relaxed);
            provers.poll();
        }
        Search::GaveUp { .. } => {
            if !provers.wait(None) && !provers.has_proof() {
                return Err(DecideError::ProverFailed);
            }
        }
    }
    // When steps will be shown and superposition's proof came first, instantiation's, if it
    // comes soon, is usually shorter and made of fewer kinds of step: the shorter is shown.
    if options.steps
        && provers.superposition_proof.is_some()
        && provers.instantiation_proof.is_none()
        && provers.instantiation.is_none()
    {
        let mut deadline = Instant::now() + PREFER_WAIT;
        if let Some(d) = limits.budget.deadline {
            deadline = deadline.min(d);
        }
        provers.wait_for_instantiation(deadline);
    }
    if provers.has_proof() {
        race.store(true, Ordering::Relaxed);
    }
    // Once the others have stopped without an answer, the infinite engine's (it stops on
    // the budget, or at its own limits; a prover that stopped at its clause limit must not
    // cut it short).
    let infinite_model = match result {
        Search::GaveUp { .. } => match infinite_receiver.recv() {
            Ok(infinite::Outcome::Found(m)) => Some(m),
            _ => None,
        },
        _ => None,
    };
    let proof = provers.shortest();
    let stopped = provers.instantiation.unwrap_or((Stopped::Budget(Exhausted::Cancelled), 0, 0));
    let saturation = provers.superposition;
    let saturated = provers.saturated.take();
    let mut refuted_sizes = Vec::new();
    let verdict = match (result, proof) {
        (Search::Found { .. }, Some(_)) => return Err(DecideError::Contradictory),
        (Search::NoModel { .. } | Search::NoSize { .. }, _) | (_, Some(_))
            if saturated.is_some() =>
        {
            return Err(DecideError::Contradictory)
        }
        (Search::Found { model, refuted }, _) => {
            refuted_sizes = refuted;
            match question {
                Question::Consistency => Verdict::Consistent { model: Witness::Finite(model) },
                Question::Follows(_) => {
                    Verdict::NotRedundant { countermodel: Witness::Finite(model) }
                }
            }
        }
        (Search::GaveUp { .. }, Some(_)) if infinite_model.is_some() => {
            return Err(DecideError::Contradictory)
        }
        (Search::GaveUp { refuted, .. }, _) if infinite_model.is_some() => {
            refuted_sizes = refuted;
            let model = infinite_model.expect("just matched");
            let premises = premises_of(board, negate);
            let holds = model.well_defined(None) == Ok(true)
                && premises
                    .iter()
                    .all(|p| model.satisfies(p.statement, p.negated, None) == Ok(true));
            if !holds {
                return Err(DecideError::Uncertified("an infinite model"));
            }
            match question {
                Question::Consistency => Verdict::Consistent { model: Witness::Infinite(model) },
                Question::Follows(_) => {
                    Verdict::NotRedundant { countermodel: Witness::Infinite(model) }
                }
            }
        }
        (Search::NoSize { bounds }, _) => {
            let certificate = Certificate::NoSizeAllowed {
                at_least: bounds.at_least,
                at_least_from: bounds.at_least_from.map(|o| o.statement),
                below: bounds.below.expect("an empty range has an upper bound"),
                below_from: bounds
                    .below_from
                    .expect("an upper bound comes from a statement")
                    .statement,
            };
            refuted_verdict(question, certificate)
        }
        (search, Some(proof)) => {
            if let Search::NoModel { refuted, .. } | Search::GaveUp { refuted, .. } = search {
                refuted_sizes = refuted;
            }
            let argument = proof::check::check(&board.signature, &premises, &proof)
                .map_err(DecideError::BadProof)?;
            refuted_verdict(question, Certificate::Refutation { proof, argument })
        }
        (Search::NoModel { refuted, bounds }, _) => {
            refuted_sizes = refuted.clone();
            let below = bounds.below.expect("a finished search had an upper bound");
            let below_from =
                bounds.below_from.expect("an upper bound comes from a statement").statement;
            refuted_verdict(
                question,
                Certificate::NoModelOfAllowedSize { sizes: refuted, below, below_from },
            )
        }
        (Search::GaveUp { refuted, .. }, None) if saturated.is_some() => {
            refuted_sizes = refuted;
            let witness = Witness::Saturation(saturated.expect("just matched"));
            match question {
                Question::Consistency => Verdict::Consistent { model: witness },
                Question::Follows(_) => Verdict::NotRedundant { countermodel: witness },
            }
        }
        (Search::GaveUp { refuted, why }, None) => {
            let (stopped, rounds, instances) = stopped;
            refuted_sizes = refuted.clone();
            let stopped_by = match why {
                GaveUp::SizeLimit(_) => "size-limit",
                GaveUp::Unsupported => "unsupported",
                GaveUp::Budget(e) => e.name(),
            };
            let prover = match stopped {
                Stopped::Saturated => format!(
                    "the prover used every term in play ({instances} ground clauses) without a contradiction, \
                     so there is a finite model, larger than the search tried"
                ),
                Stopped::TooManyInstances(n) => {
                    format!("the prover found no contradiction in {rounds} round{} before reaching its limit of {n} ground clauses", plural(rounds))
                }
                Stopped::Budget(_) => {
                    format!("the prover found no contradiction in {rounds} round{} ({instances} ground clauses)", plural(rounds))
                }
            };
            let superposition = match saturation {
                Some((why, clauses)) if why.starts_with("ran out") => {
                    format!("; superposition {why} ({clauses} clauses)")
                }
                Some((_, clauses)) if clauses > 0 => {
                    format!("; superposition derived no contradiction in {clauses} clauses")
                }
                _ => String::new(),
            };
            Verdict::Unknown {
                reason: format!("{}; {prover}{superposition}", unknown_reason(&refuted, why)),
                stopped_by,
            }
        }
    };
    if let Verdict::Inconsistent { certificate } | Verdict::Redundant { certificate } = &verdict {
        if !certificate.recheck(board, negate) {
            return Err(DecideError::Uncertified(verdict.name()));
        }
    }
    let mut explanation = explain(&verdict, question);
    // Where a statement that does not follow fails in an infinite countermodel: the smallest
    // values of its ∀ variables that make it false, decided exactly.
    if let (Some(m), Question::Follows(k)) = (verdict.infinite_model(), question) {
        if let Some(values) = m.counterexample(&board.board.statements[k - 1], Some(&limits.budget))
        {
            let shown: Vec<String> = values.iter().map(|(x, v)| format!("{x} = {v}")).collect();
            explanation.push_str(&format!("; ({k}) fails for {}", shown.join(", ")));
        }
    }
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

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn unknown_reason(refuted: &[usize], why: GaveUp) -> String {
    let searched = match (refuted.first(), refuted.last()) {
        (Some(a), Some(b)) if a == b => format!("no model of size {a}"),
        (Some(a), Some(b)) => format!("no model of any size from {a} to {b}"),
        _ => "no size searched to the end".into(),
    };
    let stop = match why {
        GaveUp::SizeLimit(n) if refuted.is_empty() => {
            format!("the board needs more than {n} objects, more than the model search can build")
        }
        GaveUp::SizeLimit(n) => format!("sizes above {n} were not tried"),
        GaveUp::Unsupported => "the model search cannot ground a symbol of this arity".into(),
        GaveUp::Budget(Exhausted::Time) => "the time budget ran out".into(),
        GaveUp::Budget(Exhausted::Memory) => "the memory budget ran out".into(),
        GaveUp::Budget(Exhausted::Conflicts) => "the conflict budget ran out".into(),
        GaveUp::Budget(Exhausted::Cancelled) => "the search was cancelled".into(),
        GaveUp::Budget(Exhausted::Limit) => "a search limit was reached".into(),
    };
    format!("{searched}; {stop}")
}
