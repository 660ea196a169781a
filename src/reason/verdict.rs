//! The arbiter's answers: one [`Verdict`] type for every logic command, each answer with
//! its evidence, and the words a player reads.
//!
//! - consistent / not-redundant carry a model, already re-checked statement by statement
//!   by the evaluator in [`crate::logic::semantics`];
//! - inconsistent / redundant carry a [`Certificate`], re-checked against the statements
//!   by [`Certificate::recheck`]: a refutation (checked by [`crate::reason::proof::check`])
//!   or, when the cardinality statements bound the domain, the bounded search itself;
//! - unknown says what was tried and why the search stopped. It is never a guess.

use crate::logic::board::CheckedBoard;
use crate::logic::clauses::DomainBounds;
use crate::logic::cnf::premises_of;
use crate::logic::infinite::InfiniteStructure;
use crate::reason::finite::certify::SizeCertificate;
use crate::reason::finite::Model;
use crate::reason::proof::saturation::Saturated;
use crate::reason::proof::{self, Proof};

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
#[derive(Clone, Debug)]
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
    /// size is certified apart from the search: the statements encoded again by the
    /// checker's own grounding, refuted with a DRAT proof that an independent checker
    /// accepted ([`crate::reason::finite::certify`]); `certified` says how large each was.
    NoModelOfAllowedSize {
        sizes: Vec<usize>,
        below: usize,
        below_from: usize,
        certified: Vec<SizeCertificate>,
    },
}

/// Why the premises have a model: a finite model (tables), an infinite one (a definition per
/// symbol over ℕ or ℤ), or, when neither was found, a saturated clause set from which no
/// contradiction can be derived. In JSON the infinite one has `"kind": "infinite"` and the
/// saturation `"kind": "saturation"`.
#[derive(Clone, Debug)]
pub enum Witness {
    /// Re-checked by [`crate::logic::semantics`].
    Finite(Model),
    /// Re-checked by [`crate::logic::infinite`] (a decision procedure for Presburger
    /// arithmetic).
    Infinite(InfiniteStructure),
    /// Re-checked by [`crate::reason::proof::saturation::check`]: every inference between
    /// its clauses gives a clause they already make redundant.
    Saturation(Saturated),
}

#[derive(Clone, Debug)]
pub enum Verdict {
    Consistent {
        model: Witness,
    },
    Inconsistent {
        certificate: Certificate,
    },
    Redundant {
        certificate: Certificate,
    },
    NotRedundant {
        countermodel: Witness,
    },
    Unknown {
        reason: String,
        /// What ended the search: `time`, `memory`, `conflicts`, `cancelled`, `limit`,
        /// `size-limit`, `unsupported`, or `check` (the independent checker refused the
        /// only answer found).
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

    /// The certificate of an inconsistent or redundant verdict.
    pub fn certificate(&self) -> Option<&Certificate> {
        match self {
            Verdict::Inconsistent { certificate } | Verdict::Redundant { certificate } => {
                Some(certificate)
            }
            _ => None,
        }
    }

    /// The model or countermodel, finite or infinite, if the verdict carries one.
    pub fn witness(&self) -> Option<&Witness> {
        match self {
            Verdict::Consistent { model } | Verdict::NotRedundant { countermodel: model } => {
                Some(model)
            }
            _ => None,
        }
    }

    /// The finite model or countermodel, if the verdict carries one.
    pub fn model(&self) -> Option<&Model> {
        match self.witness() {
            Some(Witness::Finite(m)) => Some(m),
            _ => None,
        }
    }

    /// The saturated clause set, if the verdict rests on one.
    pub fn saturation(&self) -> Option<&Saturated> {
        match self.witness() {
            Some(Witness::Saturation(s)) => Some(s),
            _ => None,
        }
    }

    /// The infinite model or countermodel, if the verdict carries one.
    pub fn infinite_model(&self) -> Option<&InfiniteStructure> {
        match self.witness() {
            Some(Witness::Infinite(m)) => Some(m),
            _ => None,
        }
    }
}

/// For a refutation by the sizes: sizes `from` to `to` have no model of these statements
/// alone (index, and whether it is the negation of the one asked about).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeCore {
    pub from: usize,
    pub to: usize,
    pub statements: Vec<(usize, bool)>,
}

impl SizeCore {
    /// "with 1 to 3 objects, (1) and the negation of (3) cannot all hold".
    pub fn text(&self) -> String {
        let objects = if self.from == self.to {
            format!("{} object{}", self.from, plural(self.from))
        } else {
            format!("{} to {} objects", self.from, self.to)
        };
        let names: Vec<String> = self
            .statements
            .iter()
            .map(
                |(i, negated)| {
                    if *negated {
                        format!("the negation of ({i})")
                    } else {
                        format!("({i})")
                    }
                },
            )
            .collect();
        let what = match names.len() {
            0 => "nothing at all can hold (there is no object to fill the tables)".to_string(),
            1 => format!("{} cannot hold", names[0]),
            2 => format!("{} and {} cannot both hold", names[0], names[1]),
            _ => format!("{} cannot all hold", names.join(", ")),
        };
        format!("with {objects}, {what}")
    }
}

/// A verdict with what it took. Its JSON is the command layer's
/// (`commands::verdict_json`), not this type's.
#[derive(Clone, Debug)]
pub struct Decision {
    /// For a refutation by the sizes, when steps were asked for: what fails at each size.
    pub size_cores: Vec<SizeCore>,
    pub verdict: Verdict,
    /// "consistency", or the statement whose redundancy was asked.
    pub question: String,
    /// Sizes searched that have no model.
    pub sizes_without_model: Vec<usize>,
    pub explanation: String,
    pub elapsed_ms: u128,
}

/// The verdict in words a player can follow.
pub fn explain(verdict: &Verdict, question: Question) -> String {
    let premises = match question {
        Question::Consistency => "the board".to_string(),
        Question::Follows(k) => format!("the other statements together with the negation of ({k})"),
    };
    let because = |c: &Certificate| {
        match c {
        Certificate::Refutation { proof, .. } => {
            let used: Vec<String> = proof.statements().iter().map(|s| format!("({s})")).collect();
            let all = if used.len() == 1 { "" } else { " all" };
            let used = if used.is_empty() { "equality alone".to_string() } else { used.join(", ") };
            format!("{used} cannot{all} hold: a contradiction in {} step{} (re-checked)", proof.steps.len(), plural(proof.steps.len()))
        }
        Certificate::NoSizeAllowed { at_least, at_least_from, below, below_from } => match at_least_from {
            Some(i) => format!(
                "({i}) needs at least {at_least} object{} and ({below_from}) allows fewer than {below}",
                if *at_least == 1 { "" } else { "s" }
            ),
            None => format!("({below_from}) allows fewer than {below} object, and the domain is never empty"),
        },
        Certificate::NoModelOfAllowedSize { sizes, below, below_from, certified } => format!(
            "({below_from}) allows at most {} object{}, and an exhaustive search finds no model of {premises} \
             of size {} (each size re-checked: the statements encoded again and refuted by a DRAT proof \
             of {} step{} in all, checked)",
            below - 1,
            if *below == 2 { "" } else { "s" },
            size_range(sizes),
            certified.iter().map(|c| c.proof_steps).sum::<usize>(),
            plural(certified.iter().map(|c| c.proof_steps).sum::<usize>()),
        ),
    }
    };
    match (verdict, question) {
        (Verdict::Consistent { model: Witness::Finite(model) }, _) => format!(
            "consistent: every statement holds in this model of {} object{} (re-checked statement by statement)",
            model.structure.size,
            if model.structure.size == 1 { "" } else { "s" }
        ),
        (Verdict::Consistent { model: Witness::Infinite(_) }, _) => "consistent: every statement holds in this model with infinitely many objects \
             (re-checked statement by statement by a decision procedure for Presburger arithmetic)"
            .to_string(),
        (Verdict::NotRedundant { countermodel: Witness::Finite(countermodel) }, Question::Follows(k)) => format!(
            "not redundant: ({k}) does not follow, since in this model of {} object{} the other statements hold and ({k}) is false",
            countermodel.structure.size,
            if countermodel.structure.size == 1 { "" } else { "s" }
        ),
        (Verdict::NotRedundant { countermodel: Witness::Infinite(_) }, Question::Follows(k)) => format!(
            "not redundant: ({k}) does not follow, since in this model with infinitely many objects the other statements \
             hold and ({k}) is false (re-checked by a decision procedure for Presburger arithmetic)"
        ),
        (Verdict::Consistent { model: Witness::Saturation(s) }, _) => {
            let n = s.saturation.clauses.len();
            format!("consistent: no contradiction can be derived (the derivation saturates; {n} clause{}, re-checked)", plural(n))
        }
        (Verdict::NotRedundant { countermodel: Witness::Saturation(s) }, Question::Follows(k)) => {
            let n = s.saturation.clauses.len();
            format!(
                "not redundant: ({k}) does not follow, since no contradiction can be derived from the other statements \
                 and the negation of ({k}) (the derivation saturates; {n} clause{}, re-checked)",
                plural(n)
            )
        }
        (Verdict::Inconsistent { certificate }, _) => format!("inconsistent: {}", because(certificate)),
        (Verdict::Redundant { certificate: Certificate::Refutation { proof, .. } }, Question::Follows(k)) => {
            let from: Vec<String> = proof.statements().iter().filter(|&&s| s != k).map(|s| format!("({s})")).collect();
            let from = if from.is_empty() { "logic alone".to_string() } else { from.join(", ") };
            let mut text = format!(
                "redundant: ({k}) follows from {from}: supposing it false leads to a contradiction in {} step{} (re-checked)",
                proof.steps.len(),
                plural(proof.steps.len())
            );
            if !proof.negated_statements().contains(&k) {
                text.push_str(&inconsistent_anyway(&from));
            }
            text
        }
        (Verdict::Redundant { certificate }, Question::Follows(k)) => {
            let mut text = format!("redundant: ({k}) follows, because its negation cannot hold with the others: {}", because(certificate));
            if let Certificate::NoSizeAllowed { at_least_from, below_from, .. } = certificate {
                if *below_from != k && *at_least_from != Some(k) {
                    let from: Vec<String> = at_least_from.iter().chain([below_from]).map(|s| format!("({s})")).collect();
                    text.push_str(&inconsistent_anyway(&from.join(" and ")));
                }
            }
            text
        }
        (Verdict::Unknown { reason, .. }, _) => format!("unknown: {reason}"),
        _ => verdict.name().to_string(),
    }
}

/// What a redundancy verdict adds when the contradiction does not use the claimed
/// statement at all: the others are inconsistent by themselves, and claiming that wins.
fn inconsistent_anyway(from: &str) -> String {
    let by_themselves = if from.contains(',') || from.contains(" and ") {
        "contradict each other without it"
    } else {
        "cannot hold by itself"
    };
    format!(
        ". Note: {from} {by_themselves}: the board is inconsistent, and claiming that wins the \
         game"
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
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
        // What statement i says about the size, taking the negation into account.
        let bound = |i: usize| -> Option<(bool, usize)> {
            let st = board.board.statements.get(i.checked_sub(1)?)?;
            let flip = negated == Some(i);
            st.kind.size_bound().map(|(at_least, n)| (at_least != flip, n as usize))
        };
        let mut lower = DomainBounds::default().at_least;
        for i in 1..=board.board.statements.len() {
            if let Some((true, n)) = bound(i) {
                lower = lower.max(n);
            }
        }
        match self {
            Certificate::Refutation { proof, argument } => {
                let premises = premises_of(board, negated);
                proof::check::check(&board.signature, &premises, proof)
                    .is_ok_and(|lines| lines == *argument)
            }
            Certificate::NoSizeAllowed { at_least, at_least_from, below, below_from } => {
                let low_ok = match at_least_from {
                    Some(i) => bound(*i) == Some((true, *at_least)),
                    None => *at_least == 1,
                };
                low_ok && bound(*below_from) == Some((false, *below)) && below <= at_least
            }
            Certificate::NoModelOfAllowedSize { sizes, below, below_from, certified } => {
                match bound(*below_from) {
                    Some((false, b)) if b == *below => {
                        let needed: Vec<usize> = (lower..b).collect();
                        !needed.is_empty()
                            && needed.iter().all(|s| {
                                sizes.contains(s) && certified.iter().any(|c| c.size == *s)
                            })
                    }
                    _ => false,
                }
            }
        }
    }
}
