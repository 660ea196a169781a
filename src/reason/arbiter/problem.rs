//! The problem one decision is about, built once and shared by reference by every engine of
//! the race: the question and what is asked beyond a verdict, the premises, and the clause
//! set the provers read.

use crate::logic::board::CheckedBoard;
use crate::logic::check::Signature;
use crate::logic::clauses::ClauseSet;
use crate::logic::cnf::{clausify_with, premises_of, Premise};
use crate::reason::verdict::{Certificate, Question, Verdict, Witness};
use std::sync::OnceLock;

/// A question about a board, with the premises it stands for.
pub(super) struct Problem<'b> {
    pub board: &'b CheckedBoard,
    pub question: Question,
    pub options: Options,
    /// The statement taken negated: the one whose redundancy is asked.
    pub negate: Option<usize>,
    pub premises: Vec<Premise<'b>>,
    /// The premises' clauses with witness constants for lower bounds, which the provers
    /// need (the finite search reads the bound instead, and clausifies for itself). Built by
    /// the first engine that asks, so that the finite search does not wait for it.
    clauses: OnceLock<ClauseSet>,
}

impl<'b> Problem<'b> {
    /// `negate` must be a statement of the board (1-based), as the question asks.
    pub fn new(
        board: &'b CheckedBoard,
        question: Question,
        negate: Option<usize>,
        options: Options,
    ) -> Self {
        let premises = premises_of(board, negate);
        Problem { board, question, options, negate, premises, clauses: OnceLock::new() }
    }

    pub fn signature(&self) -> &'b Signature {
        &self.board.signature
    }

    /// The clause set the provers share.
    pub fn clauses(&self) -> &ClauseSet {
        self.clauses.get_or_init(|| {
            clausify_with(self.signature(), &self.premises, true)
                .with_goals(&self.board.board.goals)
        })
    }

    /// The verdict that the premises have no model gives.
    pub fn refuted(&self, certificate: Certificate) -> Verdict {
        match self.question {
            Question::Consistency => Verdict::Inconsistent { certificate },
            Question::Follows(_) => Verdict::Redundant { certificate },
        }
    }

    /// The verdict that the premises have a model gives.
    pub fn witnessed(&self, witness: Witness) -> Verdict {
        match self.question {
            Question::Consistency => Verdict::Consistent { model: witness },
            Question::Follows(_) => Verdict::NotRedundant { countermodel: witness },
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
