//! A decision as `--json`, the page and users' scripts read it: explicit serde types of the
//! command layer, filled from the arbiter's answer. The engine's `Decision`, `Verdict`,
//! `Certificate` and `Witness` serialize nothing themselves, so a rename inside an engine
//! cannot change this promise; `tests/json_shapes.rs` holds its shape. The evidence objects
//! inside it (a proof, a model, a saturation, an infinite model) are written by their own
//! data forms.

use crate::logic::infinite::InfiniteStructure;
use crate::reason::finite::certify::SizeCertificate;
use crate::reason::finite::Model;
use crate::reason::proof::saturation::Saturated;
use crate::reason::proof::Proof;
use crate::reason::verdict::{Certificate, SizeCore, Witness};
use crate::reason::{Decision, Verdict};
use serde::{Serialize, Serializer};

/// A decision's JSON: the verdict's fields flattened beside what it took.
#[derive(Serialize)]
pub struct DecisionJson<'a> {
    /// For a refutation by the sizes, when steps were asked for: what fails at each size.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    size_cores: Vec<SizeCoreJson<'a>>,
    #[serde(flatten)]
    verdict: VerdictJson<'a>,
    /// "consistency", or the statement whose redundancy was asked.
    question: &'a str,
    /// Sizes searched that have no model.
    sizes_without_model: &'a [usize],
    explanation: &'a str,
    elapsed_ms: u128,
}

#[derive(Serialize)]
struct SizeCoreJson<'a> {
    from: usize,
    to: usize,
    /// Each statement, and whether it is the negation of the one asked about.
    statements: &'a [(usize, bool)],
}

#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
enum VerdictJson<'a> {
    Consistent { model: WitnessJson<'a> },
    Inconsistent { certificate: CertificateJson<'a> },
    Redundant { certificate: CertificateJson<'a> },
    NotRedundant { countermodel: WitnessJson<'a> },
    Unknown { reason: &'a str, stopped_by: &'a str },
}

/// A model: finite (tables), infinite (`"kind": "infinite"`) or a saturated clause set
/// (`"kind": "saturation"`).
#[derive(Serialize)]
#[serde(untagged)]
enum WitnessJson<'a> {
    Finite(&'a Model),
    Infinite(&'a InfiniteStructure),
    Saturation(&'a Saturated),
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum CertificateJson<'a> {
    Refutation {
        proof: &'a Proof,
        argument: &'a [String],
    },
    NoSizeAllowed {
        at_least: usize,
        at_least_from: Option<usize>,
        below: usize,
        below_from: usize,
    },
    NoModelOfAllowedSize {
        sizes: &'a [usize],
        below: usize,
        below_from: usize,
        certified: Vec<SizeCertificateJson>,
    },
}

/// What certifies one size: the encoding's size and the proof's.
#[derive(Serialize)]
struct SizeCertificateJson {
    size: usize,
    variables: u32,
    clauses: usize,
    proof_steps: usize,
    proof_bytes: usize,
    propagations: u64,
}

impl<'a> DecisionJson<'a> {
    pub fn of(decision: &'a Decision) -> DecisionJson<'a> {
        DecisionJson {
            size_cores: decision.size_cores.iter().map(SizeCoreJson::of).collect(),
            verdict: VerdictJson::of(&decision.verdict),
            question: &decision.question,
            sizes_without_model: &decision.sizes_without_model,
            explanation: &decision.explanation,
            elapsed_ms: decision.elapsed_ms,
        }
    }
}

impl<'a> SizeCoreJson<'a> {
    fn of(core: &'a SizeCore) -> SizeCoreJson<'a> {
        SizeCoreJson { from: core.from, to: core.to, statements: &core.statements }
    }
}

impl<'a> VerdictJson<'a> {
    fn of(verdict: &'a Verdict) -> VerdictJson<'a> {
        match verdict {
            Verdict::Consistent { model } => {
                VerdictJson::Consistent { model: WitnessJson::of(model) }
            }
            Verdict::Inconsistent { certificate } => {
                VerdictJson::Inconsistent { certificate: CertificateJson::of(certificate) }
            }
            Verdict::Redundant { certificate } => {
                VerdictJson::Redundant { certificate: CertificateJson::of(certificate) }
            }
            Verdict::NotRedundant { countermodel } => {
                VerdictJson::NotRedundant { countermodel: WitnessJson::of(countermodel) }
            }
            Verdict::Unknown { reason, stopped_by } => VerdictJson::Unknown { reason, stopped_by },
        }
    }
}

impl<'a> WitnessJson<'a> {
    fn of(witness: &'a Witness) -> WitnessJson<'a> {
        match witness {
            Witness::Finite(model) => WitnessJson::Finite(model),
            Witness::Infinite(model) => WitnessJson::Infinite(model),
            Witness::Saturation(saturated) => WitnessJson::Saturation(saturated),
        }
    }
}

impl<'a> CertificateJson<'a> {
    fn of(certificate: &'a Certificate) -> CertificateJson<'a> {
        match certificate {
            Certificate::Refutation { proof, argument } => {
                CertificateJson::Refutation { proof, argument }
            }
            &Certificate::NoSizeAllowed { at_least, at_least_from, below, below_from } => {
                CertificateJson::NoSizeAllowed { at_least, at_least_from, below, below_from }
            }
            Certificate::NoModelOfAllowedSize { sizes, below, below_from, certified } => {
                CertificateJson::NoModelOfAllowedSize {
                    sizes,
                    below: *below,
                    below_from: *below_from,
                    certified: certified.iter().map(SizeCertificateJson::of).collect(),
                }
            }
        }
    }
}

impl SizeCertificateJson {
    fn of(c: &SizeCertificate) -> SizeCertificateJson {
        let SizeCertificate { size, variables, clauses, proof_steps, proof_bytes, propagations } =
            *c;
        SizeCertificateJson { size, variables, clauses, proof_steps, proof_bytes, propagations }
    }
}

/// A decision field of a serde type, written as [`DecisionJson`]
/// (`#[serde(serialize_with = "…")]`).
pub fn decision<S: Serializer>(decision: &Decision, s: S) -> Result<S::Ok, S::Error> {
    DecisionJson::of(decision).serialize(s)
}
