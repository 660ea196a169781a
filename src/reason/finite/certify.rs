//! Certificates for "no model of these sizes" that rest on nothing of the search: at each
//! size the statements are encoded again by the checker's own grounding
//! ([`proof::ground`]), varisat refutes that encoding writing a DRAT proof, and the proof is
//! checked by [`proof::drat`], which shares nothing with varisat. The search's own
//! encoding and varisat's own checker are not part of the argument.
//!
//! A size whose encoding or proof is too large for the limits, or whose refutation runs out
//! of the budget, is no certificate: the verdict that needed it becomes *unknown*.

use crate::logic::board::Premise;
use crate::logic::check::Signature;
use crate::reason::proof::{drat, ground};
use crate::solve::{refute_with_drat, Budget, Exhausted, Outcome};

/// The most clauses the encoding of one size may have.
pub const GROUND_CLAUSES: usize = 3_000_000;
/// The most unit-propagation steps checking one size's proof may take.
pub const DRAT_PROPAGATIONS: u64 = 500_000_000;

/// What certifies one size: the encoding's size and the proof's, for players and benches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeCertificate {
    pub size: usize,
    pub variables: u32,
    pub clauses: usize,
    /// Clauses the proof adds, and its length as DRAT text.
    pub proof_steps: usize,
    pub proof_bytes: usize,
    /// Unit propagations the check took.
    pub propagations: u64,
}

/// Why a size could not be certified.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertifyError {
    #[error(transparent)]
    Ground(#[from] ground::GroundError),
    #[error("the statements' own encoding at size {0} has a solution")]
    HasModel(usize),
    #[error("refuting the statements' own encoding at size {0} ran out of its budget ({1})")]
    Exhausted(usize, Exhausted),
    #[error("the proof for size {0} failed its check: {1}")]
    Proof(usize, drat::DratError),
}

/// Certifies that no structure of any of `sizes` satisfies the premises.
pub fn certify_sizes(
    signature: &Signature,
    premises: &[Premise],
    sizes: &[usize],
    budget: &Budget,
) -> Result<Vec<SizeCertificate>, CertifyError> {
    sizes.iter().map(|&size| certify_size(signature, premises, size, budget)).collect()
}

fn certify_size(
    signature: &Signature,
    premises: &[Premise],
    size: usize,
    budget: &Budget,
) -> Result<SizeCertificate, CertifyError> {
    let cnf = ground::encode(signature, premises, size, GROUND_CLAUSES, budget)?;
    let text = match refute_with_drat(&cnf.clauses, budget) {
        Outcome::Unsat(text) => text,
        Outcome::Sat(()) => return Err(CertifyError::HasModel(size)),
        Outcome::Exhausted(why) => return Err(CertifyError::Exhausted(size, why)),
    };
    let proof = drat::parse(&text).map_err(|e| CertifyError::Proof(size, e))?;
    let stats = drat::check(cnf.num_vars, &cnf.clauses, &proof, DRAT_PROPAGATIONS, budget)
        .map_err(|e| CertifyError::Proof(size, e))?;
    Ok(SizeCertificate {
        size,
        variables: cnf.num_vars,
        clauses: cnf.clauses.len(),
        proof_steps: stats.additions,
        proof_bytes: text.len(),
        propagations: stats.propagations,
    })
}
