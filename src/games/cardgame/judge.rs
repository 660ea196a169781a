//! How the computer player and the coach judge a board: is it consistent, and which
//! statements follow from the others (each a point, or a win, for whoever claims next)?
//!
//! Every answer comes from the arbiter ([`crate::reason::decide`]) under a small budget, so
//! it is as certain as a verdict at the table; what the budget cannot settle is
//! [`Tri::Unknown`], and the player treats unknown as unsafe. Models the arbiter finds are
//! kept in a pool: a later question whose answer one of them already shows (a model of the
//! whole board shows it consistent; a model of the others in which (k) is false shows that
//! (k) does not follow) is answered by evaluating the statements in it, with no search.

use super::state::{Entry, Game};
use crate::logic::board::CheckedBoard;
use crate::logic::cnf::premises_of;
use crate::logic::semantics::Structure;
use crate::reason::finite::Limits;
use crate::reason::{Decision, Question, Verdict};
use crate::solve::Budget;
use std::time::{Duration, Instant};

/// An answer the judge proved, refuted, or could not settle within its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tri {
    Yes,
    No,
    Unknown,
}

/// What a board offers whoever claims on it next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outlook {
    /// Is the board inconsistent (an instant win)?
    pub inconsistent: Tri,
    /// For each statement that may score (1-based, not scored as it reads), does it follow?
    pub follows: Vec<(usize, Tri)>,
}

impl Outlook {
    /// Nothing for the next player: consistent, and no statement that may score follows.
    pub fn gives_nothing(&self) -> bool {
        self.inconsistent == Tri::No && self.follows.iter().all(|(_, t)| *t == Tri::No)
    }

    /// What the next player could claim for certain: a win, or these points.
    pub fn proved(&self) -> (bool, Vec<usize>) {
        let points = self.follows.iter().filter(|(_, t)| *t == Tri::Yes).map(|(k, _)| *k);
        (self.inconsistent == Tri::Yes, points.collect())
    }
}

/// The budget of one question, and what the judge has learned so far.
pub struct Judge {
    pub per_question: Duration,
    /// When set, a question asked after it is unknown at once, and one asked before it
    /// gets at most the time left.
    pub deadline: Option<Instant>,
    pub max_size: usize,
    /// Models found so far (of various boards), to answer later questions by evaluation.
    pool: Vec<Structure>,
    /// Questions put to the arbiter, and how many of them ran out of budget.
    pub searches: usize,
    pub unknowns: usize,
    /// Questions answered from the pool without a search.
    pub pooled: usize,
}

/// How many models the pool keeps (the most recent ones).
const POOL_SIZE: usize = 48;

impl Judge {
    pub fn new(per_question: Duration, max_size: usize) -> Judge {
        Judge {
            per_question,
            deadline: None,
            max_size,
            pool: Vec::new(),
            searches: 0,
            unknowns: 0,
            pooled: 0,
        }
    }

    /// The whole outlook of `board`: consistency, then every statement that may score. With
    /// `only`, just those statements (1-based) are asked about.
    pub fn outlook(&mut self, game: &Game, board: &[Entry], only: Option<&[usize]>) -> Outlook {
        let Ok(checked) = game.checked_board(board) else {
            return Outlook { inconsistent: Tri::Unknown, follows: Vec::new() };
        };
        let inconsistent = match self.consistent(&checked) {
            Tri::Yes => Tri::No,
            Tri::No => Tri::Yes,
            Tri::Unknown => Tri::Unknown,
        };
        let mut follows = Vec::new();
        for (i, entry) in board.iter().enumerate() {
            let k = i + 1;
            if entry.scored || only.is_some_and(|o| !o.contains(&k)) {
                continue;
            }
            // On an inconsistent board everything follows.
            let answer =
                if inconsistent == Tri::Yes { Tri::Yes } else { self.follows(&checked, k) };
            follows.push((k, answer));
        }
        Outlook { inconsistent, follows }
    }

    /// Does the board have a model?
    pub fn consistent(&mut self, board: &CheckedBoard) -> Tri {
        if self.pool_shows(board, None) {
            return Tri::Yes;
        }
        match self.decide(board, Question::Consistency).map(|d| d.verdict) {
            Some(Verdict::Consistent { .. }) => Tri::Yes,
            Some(Verdict::Inconsistent { .. }) => Tri::No,
            _ => Tri::Unknown,
        }
    }

    /// Does statement `k` (1-based) follow from the others?
    pub fn follows(&mut self, board: &CheckedBoard, k: usize) -> Tri {
        if self.pool_shows(board, Some(k)) {
            return Tri::No;
        }
        match self.decide(board, Question::Follows(k)).map(|d| d.verdict) {
            Some(Verdict::Redundant { .. }) | Some(Verdict::Inconsistent { .. }) => Tri::Yes,
            Some(Verdict::NotRedundant { .. }) | Some(Verdict::Consistent { .. }) => Tri::No,
            _ => Tri::Unknown,
        }
    }

    /// The arbiter's decision within one question's budget (`None` if it failed outright);
    /// a model it found joins the pool.
    pub fn decide(&mut self, board: &CheckedBoard, question: Question) -> Option<Decision> {
        let time = match self.deadline {
            Some(d) => self.per_question.min(d.saturating_duration_since(Instant::now())),
            None => self.per_question,
        };
        if time.is_zero() {
            self.unknowns += 1;
            return None;
        }
        self.searches += 1;
        let limits = Limits { max_size: self.max_size, budget: Budget::time(time) };
        let decision = crate::reason::decide(board, question, &limits, &mut |_| {}).ok();
        match decision.as_ref().map(|d| &d.verdict) {
            Some(Verdict::Unknown { .. }) | None => self.unknowns += 1,
            Some(v) => {
                if let Some(m) = v.model() {
                    if self.pool.len() >= POOL_SIZE {
                        self.pool.remove(0);
                    }
                    self.pool.push(m.structure.clone());
                }
            }
        }
        decision
    }

    /// Whether a pooled model shows the board consistent (`negate` = None) or shows that
    /// statement `negate` does not follow (the others hold in it, and it does not).
    fn pool_shows(&mut self, board: &CheckedBoard, negate: Option<usize>) -> bool {
        let premises = premises_of(board, negate);
        let shown = self
            .pool
            .iter()
            .rev()
            .any(|m| premises.iter().all(|p| m.satisfies_premise(p).unwrap_or(false)));
        if shown {
            self.pooled += 1;
        }
        shown
    }
}
