//! The arbiter: answers a [`Question`] about a board by racing the reasoning engines, and
//! returns only re-checked answers.
//!
//! The question's problem is built once (`problem`): its premises, and the clause set the
//! provers share. Four engines race on it, each an entry of the table in `engines` that
//! says when it starts, what stops it and how its answers are checked: the finite model
//! search ([`crate::reason::finite`]), at home; the instantiation prover
//! ([`crate::reason::instantiate`]) at once; the superposition prover
//! ([`crate::reason::superposition`]) after 100 ms (game boards are mostly decided sooner,
//! and are not slowed); and the infinite-model engine ([`crate::reason::infinite`]) once the
//! finite search has found no model of sizes 1-4 and run for 50 ms (a small finite model,
//! when there is one, is the easier thing to show). The first definite answer stops the
//! others through their [`crate::solve::Budget`]s; the rules, among them the wait for a
//! shorter proof when steps will be shown and the wait for a model after a saturation, are
//! in `race`. Every answer a player sees is checked once, independently of the engine
//! that found it (`settle`): proofs by [`crate::reason::proof::check`], saturations by
//! [`crate::reason::proof::saturation::check`], models by the evaluators.

mod engines;
mod error;
mod problem;
mod race;
mod settle;

pub use error::DecideError;
pub use problem::Options;

use crate::logic::board::CheckedBoard;
use crate::reason::finite::{Limits, Progress};
use crate::reason::verdict::{Decision, Question};
use problem::Problem;
use race::{Race, StopAll};
use std::sync::mpsc::{self, Sender};
use std::time::Instant;

/// Answers `question` about `board` within `limits`, as soon as a certified answer exists.
///
/// ```
/// use umpire::logic::{board::load, check::CheckMode};
/// use umpire::reason::finite::Limits;
/// use umpire::reason::{decide, Question, Verdict};
/// use umpire::solve::Budget;
///
/// let text = "∀x smarter(father(x), x)\n\
///             ∀x∀y∀z smarter(x, y) ∧ smarter(y, z) → smarter(x, z)\n\
///             ∀x smarter(father(father(x)), x)\n";
/// let board = load("grandfather", text, CheckMode::InGame).unwrap();
/// let limits = Limits { max_size: 8, budget: Budget::unlimited() };
///
/// // Statement 3 follows from the other two: a proof, already re-checked.
/// let decision = decide(&board, Question::Follows(3), &limits, &mut |_| {}).unwrap();
/// assert!(matches!(decision.verdict, Verdict::Redundant { .. }));
///
/// // The board is consistent: a model, already re-checked.
/// let decision = decide(&board, Question::Consistency, &limits, &mut |_| {}).unwrap();
/// assert!(matches!(decision.verdict, Verdict::Consistent { .. }));
/// ```
pub fn decide(
    board: &CheckedBoard,
    question: Question,
    limits: &Limits,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Decision, DecideError> {
    decide_with(board, question, limits, Options::default(), progress)
}

/// Like [`decide`], with [`Options`].
///
/// The race runs on a thread of its own, which owns a copy of the board; `progress` is
/// called here, on the calling thread, as the finite search reports it.
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
    let (sender, receiver) = mpsc::channel();
    let host = {
        let (board, limits) = (board.clone(), limits.clone());
        std::thread::Builder::new()
            .name("arbiter".into())
            .spawn(move || {
                let problem = Problem::new(&board, question, negate, options);
                host(&problem, &limits, start, &sender)
            })
            .expect("the system gives the race a thread")
    };
    for message in receiver {
        match message {
            Message::Progress(p) => progress(&p),
            Message::Decided(decided) => return decided,
        }
    }
    // The host always delivers a decision, unless it panicked: the panic goes on here.
    match host.join() {
        Err(panic) => std::panic::resume_unwind(panic),
        Ok(()) => Err(DecideError::ProverFailed),
    }
}

/// What the host tells the caller.
enum Message {
    Progress(Progress),
    Decided(Result<Decision, DecideError>),
}

/// Races the engines on the host thread, which owns the problem (they run on scoped
/// threads that borrow it), and tells `messages` the home engine's progress, then the
/// decision the moment it is settled: the caller need not wait for the losers to notice
/// they lost. The engines still running are stopped once it is delivered.
fn host(problem: &Problem, limits: &Limits, start: Instant, messages: &Sender<Message>) {
    let race = Race::new(problem, limits, start);
    std::thread::scope(|scope| {
        let _stop = StopAll(&race);
        let mut progress = |p: &Progress| {
            let _ = messages.send(Message::Progress(p.clone()));
        };
        let decided = race
            .run(scope, &mut progress)
            .and_then(|finish| settle::decision(problem, limits, finish, start));
        let _ = messages.send(Message::Decided(decided));
    });
}
