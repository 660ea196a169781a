//! Why a decision failed: a question about a statement the board does not have, or an
//! answer that failed its independent check (a bug in umpire, never shown as a verdict).

use crate::reason::finite::SearchError;
use crate::reason::proof;
use crate::util::failure::{Classify, FailureKind};

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
