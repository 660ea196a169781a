//! The race: every engine of [`ENGINES`] on one [`Problem`], the first certified answer
//! stopping the others, by the rules the table's entries ask for.
//!
//! The home engine runs on the race's own thread, the others on scoped threads that borrow
//! the problem from it. Each engine has its own cancel flag in its budget, and reports
//! exactly once; the rules set the flags:
//! - any model stops every engine;
//! - a proof stops every engine, but when steps will be shown, the engines with
//!   `shorter_proofs` go on and are waited for up to [`PREFER_WAIT`];
//! - a certified saturation stops the other provers at once (there is no refutation to
//!   find), the model searches after as long again as the race has run, within
//!   [`MODEL_WAIT_LEAST`] and [`PREFER_WAIT`];
//! - the home engine's answer stops every engine, but a refutation by exhausting the sizes
//!   waits up to [`STEPS_WAIT`] for the provers' steps when they will be shown.

use super::engines::{certify_saturation, Engine, Found, Role, Start, Stop, ENGINES, HOME};
use super::error::DecideError;
use super::problem::Problem;
use crate::reason::finite::{Limits, Progress, Search};
use crate::reason::proof;
use crate::reason::proof::saturation::{Saturation, SaturationError};
use crate::reason::proof::Proof;
use crate::reason::superposition::{self, saturate};
use crate::reason::verdict::Verdict;
use crate::solve::Budget;
use crate::util::elsewhere::drop_elsewhere;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// The longest the provers are waited for when the finite search has already refuted and
/// steps are wanted (within the budget in any case). Short: the verdict is certified, and
/// without steps the players still get what fails at each size (issue 38: a 5 s wait
/// ended with nothing to read).
const STEPS_WAIT: Duration = Duration::from_secs(2);

/// How long a proof waits for a shorter one when steps will be shown, and a certified
/// saturation for a model.
const PREFER_WAIT: Duration = Duration::from_secs(1);

/// The least a certified saturation waits for a model (see `Race::model_wait`).
const MODEL_WAIT_LEAST: Duration = Duration::from_millis(50);

/// How long past the search's deadline the check of its evidence may run: the race may
/// end at the deadline with a proof in hand (a shorter one was waited for), and checking
/// a proof of a game board takes milliseconds; a proof of thousands of steps that needs
/// longer is no verdict (unknown, saying so).
const CHECK_GRACE: Duration = Duration::from_millis(500);

/// How long the second string runs at its lower priority: after that, the engines still
/// running share the cores alike, each thread that checks its budget lowering itself to
/// the second string's priority (the finite search's finder too: at the usual priority it
/// kept a whole core of two, and the prover had a third of the other). Game boards are
/// mostly decided well within it; a problem that takes longer is one where the prover is
/// as likely to answer as the others, and at a tenth of a core it could not (MGT042+1:
/// refuted in 0.8 s alone, not in 10 s in the race while instantiation held the second
/// core).
const EVEN_AFTER: Duration = Duration::from_secs(1);

/// The search's budget with [`CHECK_GRACE`] added to its deadline.
pub(super) fn check_budget(search: &Budget) -> Budget {
    Budget { deadline: search.deadline.map(|d| d + CHECK_GRACE), ..search.clone() }
}

/// What an engine on its own thread reported.
pub(super) enum Report {
    /// What it handed in; an answer in it is checked once chosen.
    Found(Found),
    /// A saturation that passed its check, as the verdict it gives.
    Certified(Verdict),
    /// A proof that passed the independent check as it was handed in, with the checker's
    /// argument: the verdict shows it, and the proof is not checked a second time (on a
    /// proof of thousands of steps that doubled the check).
    Refuted { proof: Proof, argument: Vec<String> },
    /// It ended without handing anything in (it panicked).
    Failed,
}

/// What the race ends with: the home engine's result, and each engine's report in table
/// order (none for the home engine, or for one not heard from).
pub(super) struct Finish {
    pub search: Search,
    pub reports: Vec<Option<Report>>,
}

/// The shared state of one race.
pub(super) struct Race<'p, 'b> {
    problem: &'p Problem<'b>,
    limits: &'p Limits,
    start: Instant,
    /// One cancel flag per engine, in table order, in that engine's budget.
    stop: Vec<Arc<AtomicBool>>,
    /// The home engine has stopped.
    home_done: AtomicBool,
    /// The largest size the home engine found no model of.
    refuted_up_to: AtomicUsize,
}

/// Stops every engine when dropped: on every way out of a race, a panic included, so that
/// the scope's end does not wait long for the engines still running.
pub(super) struct StopAll<'r, 'p, 'b>(pub &'r Race<'p, 'b>);

impl Drop for StopAll<'_, '_, '_> {
    fn drop(&mut self) {
        self.0.stop_all();
    }
}

impl<'p, 'b> Race<'p, 'b> {
    pub fn new(problem: &'p Problem<'b>, limits: &'p Limits, start: Instant) -> Self {
        Race {
            problem,
            limits,
            start,
            stop: ENGINES.iter().map(|_| Arc::new(AtomicBool::new(false))).collect(),
            home_done: AtomicBool::new(false),
            refuted_up_to: AtomicUsize::new(0),
        }
    }

    /// Starts the engines, runs the home one, and waits for the reports the verdict rests
    /// on; the losers may still be stopping.
    pub fn run<'s>(
        &'s self,
        scope: &'s thread::Scope<'s, '_>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Finish, DecideError> {
        let (sender, receiver) = mpsc::channel();
        for (i, engine) in ENGINES.iter().enumerate() {
            if matches!(engine.start, Start::Here) {
                continue;
            }
            let sender = sender.clone();
            thread::Builder::new()
                .name(engine.name.into())
                .spawn_scoped(scope, move || self.enter(i, &sender))
                .expect("the system gives the race a thread for each engine");
        }
        drop(sender);
        let mut reports = Reports { receiver, slots: ENGINES.iter().map(|_| None).collect() };
        // The engines just spawned get their chance to start before the home engine takes
        // this core: this thread is new, and the scheduler lets it run on while they wait,
        // so that on a busy machine the finite search would settle the smallest boards
        // before instantiation had begun (measured: the steps shown on 3% of runs instead
        // of about 30% on the boards both settle within a millisecond).
        thread::yield_now();
        let search = self.run_home(progress)?;
        self.await_answers(&search, &mut reports)?;
        Ok(Finish { search, reports: reports.slots })
    }

    fn limits_of(&self, engine: usize) -> Limits {
        Limits {
            max_size: self.limits.max_size,
            budget: (self.limits.budget.clone().with_cancel(self.stop[engine].clone()))
                .lowering_at(self.start + EVEN_AFTER),
        }
    }

    fn stop_where(&self, which: impl Fn(usize, &Engine) -> bool) {
        for (i, engine) in ENGINES.iter().enumerate() {
            if which(i, engine) {
                self.stop[i].store(true, Ordering::Relaxed);
            }
        }
    }

    fn stop_all(&self) {
        self.stop_where(|_, _| true);
    }

    /// A proof stops every engine, except, when steps will be shown, those whose proofs are
    /// shorter (theirs is waited for).
    fn stop_for_proof(&self) {
        self.stop_where(|_, e| !(self.problem.options.steps && e.shorter_proofs));
    }

    fn deadline(&self, wait: Duration) -> Instant {
        let soon = Instant::now() + wait;
        self.limits.budget.deadline.map_or(soon, |d| soon.min(d))
    }

    /// The home engine, on this thread; the engines waiting for it watch its progress.
    fn run_home(&self, progress: &mut dyn FnMut(&Progress)) -> Result<Search, DecideError> {
        let mut watch = |p: &Progress| {
            if !p.found {
                self.refuted_up_to.fetch_max(p.size, Ordering::Relaxed);
            }
            progress(p)
        };
        let found = (ENGINES[HOME].run)(self.problem, &self.limits_of(HOME), &mut watch)?;
        self.home_done.store(true, Ordering::Relaxed);
        match found {
            Found::Search(search) => Ok(search),
            _ => Err(DecideError::ProverFailed),
        }
    }

    /// After the home engine: which reports are waited for, and when the others stop.
    fn await_answers(&self, search: &Search, reports: &mut Reports) -> Result<(), DecideError> {
        match search {
            Search::Found { .. } | Search::NoSize { .. } => {
                self.stop_all();
                reports.poll();
            }
            // No model of any allowed size is a certified answer already. Steps are easier
            // to follow, so when they will be shown the provers get time (within the budget)
            // to find them; otherwise the answer goes out now.
            Search::NoModel { .. } if self.problem.options.steps => {
                reports.wait_for_answer(Some(self.deadline(STEPS_WAIT)));
                self.stop_all();
            }
            Search::NoModel { .. } => {
                self.stop_all();
                reports.poll();
            }
            Search::GaveUp { .. } => {
                if !reports.wait_for_answer(None) && !reports.has_proof() {
                    return Err(DecideError::ProverFailed);
                }
            }
        }
        if self.problem.options.steps && reports.has_proof() {
            reports.wait_for(|e| e.shorter_proofs, self.deadline(PREFER_WAIT));
        }
        if reports.has_proof() {
            self.stop_all();
        }
        // Once the others have stopped without an answer, the model searches' (they stop
        // on the budget, or at their own limits; a prover that stopped at its clause limit
        // must not cut them short).
        if let Search::GaveUp { .. } = search {
            reports.wait_for_models();
        }
        Ok(())
    }

    /// An engine on its own thread: waits for its turn, runs, and reports exactly once.
    fn enter(&self, i: usize, reports: &Sender<(usize, Report)>) {
        let engine = &ENGINES[i];
        let limits = self.limits_of(i);
        if !self.wait_for_turn(engine.start, &limits.budget) {
            let _ = reports.send((i, Report::Found(Found::Nothing(Stop::NotStarted))));
            return;
        }
        if engine.second_string {
            crate::util::priority::lower_this_thread();
        }
        // A panic has printed its message by the time it is caught; the race goes on
        // without this engine, and fails if it needed its report.
        match catch_unwind(AssertUnwindSafe(|| (engine.run)(self.problem, &limits, &mut |_| {}))) {
            Ok(Ok(found)) => self.hand_in(i, found, &limits.budget, reports),
            Ok(Err(_)) | Err(_) => {
                let _ = reports.send((i, Report::Failed));
            }
        }
    }

    /// False when the budget ran out (another engine answered, say) before the turn came.
    fn wait_for_turn(&self, start: Start, budget: &Budget) -> bool {
        while !self.turn_came(start) {
            if budget.spent().is_some() {
                return false;
            }
            thread::sleep(Duration::from_millis(2));
        }
        true
    }

    fn turn_came(&self, start: Start) -> bool {
        let elapsed = self.start.elapsed();
        self.home_done.load(Ordering::Relaxed)
            || match start {
                Start::Here | Start::AtOnce => true,
                Start::After(wait) => elapsed >= wait,
                Start::AfterSmallSizes { sizes, wait } => {
                    (self.refuted_up_to.load(Ordering::Relaxed) >= sizes && elapsed >= wait)
                        || elapsed >= wait * 10
                }
            }
    }

    /// Stops whom an engine's answer stops, and reports it. A proof is checked first: one
    /// the checker refuses, or cannot check within its limits, stops no one (ALG102+1: the
    /// instantiation prover's proof, too large to check, stopped superposition, which had
    /// a checkable one 0.3 s away).
    fn hand_in(&self, i: usize, found: Found, budget: &Budget, reports: &Sender<(usize, Report)>) {
        match found {
            Found::Saturation(claim) => return self.saturated(i, claim, budget, reports),
            Found::Proof(proof) => {
                let problem = self.problem;
                let checked = proof::check::check_within(
                    problem.signature(),
                    &problem.premises,
                    &proof,
                    &check_budget(budget),
                );
                let report = match checked {
                    Err(why) => {
                        // A proof too large to check in time can take most of a second
                        // to free (BOO072-1: 26 million term nodes, 0.5–2 s), and the
                        // race's answer should not wait for that.
                        drop_elsewhere(proof);
                        Report::Found(Found::Nothing(Stop::ProofRefused(why)))
                    }
                    Ok(argument) => {
                        self.stop_for_proof();
                        Report::Refuted { proof, argument }
                    }
                };
                let _ = reports.send((i, report));
                return;
            }
            Found::Model(_) => self.stop_all(),
            Found::Search(_) | Found::Nothing(_) => {}
        }
        let _ = reports.send((i, Report::Found(found)));
    }

    /// A saturation is checked as it comes in: the race acts on it at once. One the check
    /// refuses is no answer, and the others go on.
    fn saturated(
        &self,
        i: usize,
        claim: Saturation,
        budget: &Budget,
        reports: &Sender<(usize, Report)>,
    ) {
        let clauses = claim.clauses.len();
        let verdict = match certify_saturation(self.problem, claim, budget) {
            Ok(verdict) => verdict,
            Err(SaturationError::OutOfBudget(_)) => {
                let stop = Stop::SaturationUnchecked { clauses };
                let _ = reports.send((i, Report::Found(Found::Nothing(stop))));
                return;
            }
            // Destructive equality resolution deletes `x ≠ t ∨ C` for `C[x := t]`, which is
            // not a redundancy under the ordering: a set saturated with its help can fail
            // the check (issue 61's play-test board). Saturated again without it, it can
            // pass; only a refused saturation pays for the second run.
            Err(_) => match self.strict_saturation(budget) {
                Some(verdict) => verdict,
                None => {
                    let stop = Stop::SaturationRefused { clauses };
                    let _ = reports.send((i, Report::Found(Found::Nothing(stop))));
                    return;
                }
            },
        };
        let _ = reports.send((i, Report::Certified(verdict)));
        // There is no refutation to find: the other provers stop now. A model, if one comes
        // soon, is what players can read.
        self.stop_where(|j, e| j != i && e.role == Role::Prover);
        let until = Instant::now() + self.model_wait();
        while Instant::now() < until && budget.spent().is_none() {
            thread::sleep(Duration::from_millis(5));
        }
        self.stop_all();
    }

    /// How long a certified saturation waits for a model: as long again as the race has
    /// run, within [`MODEL_WAIT_LEAST`] and [`PREFER_WAIT`]. A model search that found
    /// nothing while the prover saturated rarely finds a model right after (boards whose
    /// models are all infinite never do), and the answer is as certain without one: a
    /// saturation in 8 ms is answered in tens of milliseconds, not in a second.
    fn model_wait(&self) -> Duration {
        self.start.elapsed().clamp(MODEL_WAIT_LEAST, PREFER_WAIT)
    }

    /// The problem saturated again without destructive equality resolution, and checked:
    /// the verdict, or none when it does not saturate or the check refuses it too.
    fn strict_saturation(&self, budget: &Budget) -> Option<Verdict> {
        match superposition::prove_strictly(self.problem.clauses(), budget) {
            saturate::Outcome::Saturated(strict) => {
                certify_saturation(self.problem, strict, budget).ok()
            }
            _ => None,
        }
    }
}

/// The reports of the engines on their own threads, as they come.
struct Reports {
    receiver: Receiver<(usize, Report)>,
    slots: Vec<Option<Report>>,
}

impl Reports {
    fn has_proof(&self) -> bool {
        self.slots
            .iter()
            .any(|s| matches!(s, Some(Report::Found(Found::Proof(_)) | Report::Refuted { .. })))
    }

    /// A proof, or a certified saturation: an answer either way.
    fn has_answer(&self) -> bool {
        self.has_proof() || self.slots.iter().any(|s| matches!(s, Some(Report::Certified(_))))
    }

    /// Some engine `which` picks has not reported yet.
    fn waiting_for(&self, which: impl Fn(&Engine) -> bool) -> bool {
        (ENGINES.iter().zip(&self.slots).enumerate())
            .any(|(i, (e, slot))| i != HOME && which(e) && slot.is_none())
    }

    /// Takes the reports already in.
    fn poll(&mut self) {
        while let Ok((i, report)) = self.receiver.try_recv() {
            self.slots[i] = Some(report);
        }
    }

    /// Takes the next report, waiting until `deadline` when given.
    fn receive(&mut self, deadline: Option<Instant>) -> Result<(), RecvTimeoutError> {
        let (i, report) = match deadline {
            Some(d) => self.receiver.recv_timeout(d.saturating_duration_since(Instant::now()))?,
            None => self.receiver.recv().map_err(|_| RecvTimeoutError::Disconnected)?,
        };
        self.slots[i] = Some(report);
        Ok(())
    }

    /// Waits (until `deadline`, when given) for an answer from a prover or for every prover
    /// to report; false when a prover ended without a report and there is no answer.
    fn wait_for_answer(&mut self, deadline: Option<Instant>) -> bool {
        let prover = |e: &Engine| e.role == Role::Prover;
        self.poll();
        while !self.has_answer() && self.waiting_for(prover) {
            match self.receive(deadline) {
                Ok(()) => {}
                Err(RecvTimeoutError::Timeout) => return true,
                Err(RecvTimeoutError::Disconnected) => return false,
            }
        }
        let failed = (ENGINES.iter().zip(&self.slots))
            .any(|(e, slot)| prover(e) && matches!(slot, Some(Report::Failed)));
        self.has_answer() || !failed
    }

    /// Waits until `deadline` for the reports of the engines `which` picks.
    fn wait_for(&mut self, which: impl Fn(&Engine) -> bool, deadline: Instant) {
        while self.waiting_for(&which) {
            if self.receive(Some(deadline)).is_err() {
                return;
            }
        }
    }

    /// Waits for every model search's report. The provers' part is settled by now: a late
    /// report of theirs is not read (the verdict rests on what was in when they were
    /// stopped).
    fn wait_for_models(&mut self) {
        let model_search = |e: &Engine| e.role == Role::ModelSearch;
        while self.waiting_for(model_search) {
            match self.receiver.recv() {
                Ok((i, report)) if model_search(&ENGINES[i]) => self.slots[i] = Some(report),
                Ok(_) => {}
                Err(_) => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board;
    use crate::logic::check::CheckMode;
    use crate::logic::clauses::Atom;
    use crate::reason::instantiate::{Prover, Refutation};
    use crate::reason::proof::Proof;
    use crate::reason::{Options, Question};

    fn instantiation_proof(set: &crate::logic::clauses::ClauseSet) -> Proof {
        match Prover::new(set).run(&Budget::time(Duration::from_secs(10))) {
            Refutation::Proved(proof) => proof,
            other => panic!("the clauses are refutable: {other:?}"),
        }
    }

    /// Hands `proof` in as the instantiation prover's: whether every engine was told to
    /// stop, and the report sent.
    fn hand_in_proof(problem: &Problem, proof: Proof) -> (bool, Report) {
        let limits = Limits { max_size: 8, budget: Budget::time(Duration::from_secs(10)) };
        let race = Race::new(problem, &limits, Instant::now());
        let (sender, receiver) = mpsc::channel();
        let prover = ENGINES.iter().position(|e| e.name == "instantiation").unwrap();
        race.hand_in(prover, Found::Proof(proof), &limits.budget, &sender);
        let stopped = race.stop.iter().all(|s| s.load(Ordering::Relaxed));
        let none_stopped = race.stop.iter().all(|s| !s.load(Ordering::Relaxed));
        assert!(stopped || none_stopped, "all or none");
        (stopped, receiver.try_recv().expect("a report").1)
    }

    /// A proof is checked as it comes in: one the checker refuses stops no engine (the
    /// others may still find one it accepts; ALG102+1's instantiation proof was too large to
    /// check and stopped superposition), and is reported as refused; one that passes stops
    /// them all (no steps are wanted here).
    #[test]
    fn only_a_proof_that_passes_the_check_stops_the_other_engines() {
        let text = "∀x blonde(x) ∨ happy(x)\n¬blonde(a)\n¬happy(b)\n";
        let b = board::load("broken.board", text, CheckMode::FreeStanding).unwrap();
        let problem = Problem::new(&b, Question::Consistency, None, Options::default());
        // The clausifier broken on purpose ("∀x blonde(x)"), so the proof is of a falsehood.
        let mut broken = problem.clauses().clone();
        let happy = broken.vocabulary.id("happy").unwrap();
        let c = broken.clauses.iter_mut().find(|c| c.origin.statement == 1).unwrap();
        c.literals.retain(|l| !matches!(&l.atom, Atom::Pred(p, _) if *p == happy));
        let (stopped, report) = hand_in_proof(&problem, instantiation_proof(&broken));
        assert!(!stopped, "a refused proof stops no one");
        assert!(matches!(report, Report::Found(Found::Nothing(Stop::ProofRefused(_)))));
        // The control: a true proof stops every engine and is handed on.
        let b =
            board::load("c.board", "∀x blonde(x)\n¬blonde(a)\n", CheckMode::FreeStanding).unwrap();
        let problem = Problem::new(&b, Question::Consistency, None, Options::default());
        let (stopped, report) = hand_in_proof(&problem, instantiation_proof(problem.clauses()));
        assert!(stopped, "a checked proof stops the others");
        assert!(matches!(report, Report::Refuted { .. }));
    }
}
