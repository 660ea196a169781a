//! Finite model search: is there a structure of some size where the premises hold?
//!
//! Clauses ([`crate::logic::cnf`]) are flattened ([`flatten`]) and grounded over domains
//! of size 1, 2, 3, … on one incremental SAT problem ([`finder`]), within the bounds the
//! cardinality statements set. Every model found is re-checked against the original
//! statements by the independent evaluator ([`crate::logic::semantics`]) before anyone
//! sees it; one that fails is reported as a bug ([`Uncertified`]), never shown.
//!
//! ```
//! use umpire::logic::{board, check::CheckMode};
//! use umpire::logic::cnf::premises_of;
//! use umpire::reason::finite::{search, Limits, Search};
//! use umpire::solve::Budget;
//! use std::time::Duration;
//! let limits = Limits { max_size: 8, budget: Budget::time(Duration::from_secs(5)) };
//! let b = board::load("b", "∃x blonde(x)\n∃x ¬blonde(x)", CheckMode::FreeStanding).unwrap();
//! let result = search(&b.signature, &premises_of(&b, None), &limits, &mut |_| {}).unwrap();
//! let Search::Found { model, .. } = result else { panic!() };
//! assert_eq!(model.structure.size, 2);
//! assert!(model.unmentioned.contains(&"father".to_string()));
//! ```

pub mod certify;
pub mod finder;
pub mod flatten;
pub mod render;
#[cfg(test)]
pub(crate) mod tests;

use crate::logic::ast::StatementKind;
use crate::logic::check::Signature;
use crate::logic::clauses::ClauseSet;
use crate::logic::clauses::DomainBounds;
use crate::logic::cnf::{clausify, Premise};
use crate::logic::semantics::Structure;
use crate::solve::{Budget, Exhausted};
use finder::{Finder, SizeResult, Unsupported, Witnesses, MAX_SIZE};
use serde::{Serialize, Serializer};
use std::collections::BTreeSet;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A model as shown to players: the structure, the objects that `∃` statements promise,
/// and the symbols the statements never mention (left blank and not shown: anything goes).
#[derive(Clone, Debug)]
pub struct Model {
    pub structure: Structure,
    pub witnesses: Witnesses,
    pub unmentioned: Vec<String>,
}

impl Serialize for Model {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        render::json(self).serialize(s)
    }
}

/// How far a search may go.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest domain size tried.
    pub max_size: usize,
    pub budget: Budget,
}

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GaveUp {
    Budget(Exhausted),
    /// Every size up to this one was searched.
    SizeLimit(usize),
    /// The problem is beyond what the finder can ground (a symbol of very high arity).
    Unsupported,
}

#[derive(Clone, Debug)]
pub enum Search {
    /// A model, re-checked; `refuted` lists the smaller sizes that have none.
    Found {
        model: Model,
        refuted: Vec<usize>,
    },
    /// Every size the cardinality statements allow has been searched: there is no model.
    /// `certified` is that answer certified apart from the search, size by size
    /// ([`certify`]), or why it could not be, made while the search still had its budget.
    NoModel {
        refuted: Vec<usize>,
        bounds: DomainBounds,
        certified: Result<Vec<certify::SizeCertificate>, certify::CertifyError>,
    },
    /// The cardinality statements allow no size at all.
    NoSize {
        bounds: DomainBounds,
    },
    GaveUp {
        refuted: Vec<usize>,
        why: GaveUp,
    },
}

/// A model failed the independent re-check: a bug in clausification, flattening or
/// grounding. It is reported and never shown as a verdict.
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
#[error("internal error: a model of size {size} found by the search fails statement {statement} ({detail})")]
#[diagnostic(
    code(umpire::uncertified_model),
    help("this is a bug in umpire; please report it with the board")
)]
pub struct Uncertified {
    pub size: usize,
    pub statement: usize,
    pub detail: String,
}

/// Why the search could not run at all.
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
pub enum SearchError {
    #[error(transparent)]
    #[diagnostic(code(umpire::uncertified_model))]
    Uncertified(#[from] Uncertified),
    #[error(transparent)]
    #[diagnostic(code(umpire::unsupported))]
    Unsupported(#[from] finder::Unsupported),
    /// A model was found, but checking it against the statements ran out of the budget:
    /// it is not shown (every model shown is checked), and the answer is unknown.
    #[error("a model was found, but checking it ran out of the budget ({0})")]
    #[diagnostic(code(umpire::check_budget))]
    CheckOutOfBudget(Exhausted),
}

impl crate::util::failure::Classify for SearchError {
    fn kind(&self) -> crate::util::failure::FailureKind {
        match self {
            SearchError::Uncertified(_) => crate::util::failure::FailureKind::Internal,
            SearchError::Unsupported(_) => crate::util::failure::FailureKind::BadInput,
            SearchError::CheckOutOfBudget(_) => crate::util::failure::FailureKind::OutOfBudget,
        }
    }
}

/// One size searched, for progress reports.
#[derive(Clone, Debug)]
pub struct Progress {
    pub size: usize,
    pub found: bool,
    pub elapsed: Duration,
    pub variables: usize,
    pub clauses: usize,
}

/// Searches sizes from the smallest allowed upwards.
/// The finder of [`search`], on a thread of its own when one can be had: freeing the SAT
/// problem of a large size takes most of a second (0.8 s on SCT121+1, past its time limit),
/// and the thread does it after the answer has gone. The SAT solver cannot move between
/// threads, so the finder is built, used and freed on that thread, which answers one size
/// at a time.
enum Sizes {
    Here(Box<Finder>),
    Elsewhere { ask: mpsc::Sender<usize>, answers: mpsc::Receiver<(SizeResult, (usize, usize))> },
}

impl Sizes {
    fn start(set: &ClauseSet, budget: &Budget) -> Result<Sizes, Unsupported> {
        let (ask, asked) = mpsc::channel::<usize>();
        let (answer, answers) = mpsc::channel();
        let (made, made_here) = mpsc::channel();
        let (set_there, budget) = (set.clone(), budget.clone());
        let spawned = std::thread::Builder::new().name("finite models".into()).spawn(move || {
            let mut finder = match Finder::new(&set_there) {
                Ok(finder) => {
                    let _ = made.send(Ok(()));
                    finder
                }
                Err(why) => {
                    let _ = made.send(Err(why));
                    return;
                }
            };
            // Ends when the search drops its end of the channel; the finder is freed here.
            for size in asked {
                let found = finder.solve(size, &budget);
                if answer.send((found, finder.stats())).is_err() {
                    break;
                }
            }
        });
        if spawned.is_err() {
            return Ok(Sizes::Here(Box::new(Finder::new(set)?)));
        }
        match made_here.recv() {
            Ok(Ok(())) => Ok(Sizes::Elsewhere { ask, answers }),
            Ok(Err(why)) => Err(why),
            Err(_) => panic!("the finite model finder's thread failed while it was being built"),
        }
    }

    /// The search at `size` (see [`Finder::solve`]), with the finder's size afterwards.
    fn solve(&mut self, size: usize, budget: &Budget) -> (SizeResult, (usize, usize)) {
        match self {
            Sizes::Here(finder) => (finder.solve(size, budget), finder.stats()),
            Sizes::Elsewhere { ask, answers } => {
                if ask.send(size).is_err() {
                    panic!("the finite model finder's thread failed before size {size}");
                }
                // The SAT solver reads the clauses of a new size (and writes their proof)
                // before it looks at the budget, a second or more on large problems
                // (NLP089+1 at size 5): once the budget is spent the answer is not waited
                // for, and the thread finishes and frees the finder on its own.
                loop {
                    match answers.recv_timeout(Duration::from_millis(20)) {
                        Ok(found) => return found,
                        Err(mpsc::RecvTimeoutError::Timeout) => {
                            if let Some(why) = budget.spent() {
                                return (SizeResult::Exhausted(why), (0, 0));
                            }
                        }
                        Err(mpsc::RecvTimeoutError::Disconnected) => {
                            panic!("the finite model finder's thread failed at size {size}")
                        }
                    }
                }
            }
        }
    }
}

pub fn search(
    signature: &Signature,
    premises: &[Premise],
    limits: &Limits,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Search, SearchError> {
    let set = clausify(signature, premises);
    let bounds = set.bounds;
    if bounds.empty() {
        return Ok(Search::NoSize { bounds });
    }
    let mut finder = Sizes::start(&set, &limits.budget)?;
    let last = bounds.below.map_or(limits.max_size.max(bounds.at_least), |b| b - 1).min(MAX_SIZE);
    let mut refuted = Vec::new();
    let start = Instant::now();
    // Sizes below the lower bound are grown through but not solved.
    for size in bounds.at_least..=last {
        let (found, (variables, clauses)) = finder.solve(size, &limits.budget);
        match found {
            SizeResult::Model(model, witnesses) => {
                progress(&Progress {
                    size,
                    found: true,
                    elapsed: start.elapsed(),
                    variables,
                    clauses,
                });
                let model = match present(model, witnesses, premises, &limits.budget) {
                    Err(SearchError::CheckOutOfBudget(why)) => {
                        return Ok(Search::GaveUp { refuted, why: GaveUp::Budget(why) })
                    }
                    other => other?,
                };
                return Ok(Search::Found { model, refuted });
            }
            SizeResult::NoModel => {
                progress(&Progress {
                    size,
                    found: false,
                    elapsed: start.elapsed(),
                    variables,
                    clauses,
                });
                refuted.push(size);
            }
            SizeResult::Exhausted(why) => {
                return Ok(Search::GaveUp { refuted, why: GaveUp::Budget(why) })
            }
        }
    }
    if bounds.below.is_some_and(|b| b - 1 <= last) {
        let certified = certify::certify_sizes(signature, premises, &refuted, &limits.budget);
        Ok(Search::NoModel { refuted, bounds, certified })
    } else {
        Ok(Search::GaveUp { refuted, why: GaveUp::SizeLimit(last) })
    }
}

/// What a search at one given size found.
#[derive(Clone, Debug)]
pub enum AtSize {
    Found {
        model: Model,
    },
    NoModel,
    /// The cardinality statements rule this size out (or it is 0: the domain is never empty).
    Forbidden {
        bounds: DomainBounds,
    },
    /// Larger than the finder builds ([`finder::MAX_SIZE`]): whether a model of this size
    /// exists is not known.
    BeyondSearch {
        max: usize,
    },
    GaveUp(Exhausted),
}

impl AtSize {
    /// The answer in words, for a model of `size` objects that was not found.
    pub fn explain(&self, size: usize) -> String {
        match self {
            AtSize::Found { model } => format!("a model of {} objects", model.structure.size),
            AtSize::NoModel => format!("no model of size {size}"),
            AtSize::Forbidden { bounds } => {
                let why = match bounds.below {
                    _ if size == 0 => "the domain is never empty".to_string(),
                    Some(b) if size >= b => format!("the board allows fewer than {b} objects"),
                    _ => format!("the board needs at least {} objects", bounds.at_least),
                };
                format!("no model of size {size}: {why}")
            }
            AtSize::BeyondSearch { max } => format!(
                "unknown: the model search builds models of at most {max} objects, not {size}"
            ),
            AtSize::GaveUp(why) => format!("unknown: the search at size {size} stopped ({why})"),
        }
    }
}

/// Searches for a model of exactly `size` objects.
pub fn search_size(
    signature: &Signature,
    premises: &[Premise],
    size: usize,
    budget: &Budget,
) -> Result<AtSize, SearchError> {
    let set = clausify(signature, premises);
    if !set.bounds.allows(size) || size == 0 {
        return Ok(AtSize::Forbidden { bounds: set.bounds });
    }
    if size > MAX_SIZE {
        return Ok(AtSize::BeyondSearch { max: MAX_SIZE });
    }
    let mut finder = Finder::new(&set)?;
    Ok(match finder.solve(size, budget) {
        SizeResult::Model(model, witnesses) => match present(model, witnesses, premises, budget) {
            Err(SearchError::CheckOutOfBudget(why)) => AtSize::GaveUp(why),
            other => AtSize::Found { model: other? },
        },
        SizeResult::NoModel => AtSize::NoModel,
        SizeResult::Exhausted(why) => AtSize::GaveUp(why),
    })
}

/// Blanks the symbols the premises never mention (so that a player is not shown
/// arbitrary tables), then re-checks the model against every premise.
fn present(
    mut structure: Structure,
    witnesses: Witnesses,
    premises: &[Premise],
    budget: &Budget,
) -> Result<Model, SearchError> {
    let mut mentioned = BTreeSet::new();
    for p in premises {
        match &p.statement.kind {
            StatementKind::Formula(f) => f.collect_symbols(&mut mentioned),
            StatementKind::Named { formula, name, .. } => {
                formula.collect_symbols(&mut mentioned);
                mentioned.insert(name.name.clone());
            }
            StatementKind::AtLeast { .. }
            | StatementKind::LessThan { .. }
            | StatementKind::NegatedBound { .. } => {}
        }
    }
    let mut unmentioned = Vec::new();
    for (name, t) in structure.predicates.iter_mut().filter(|(n, _)| !mentioned.contains(*n)) {
        t.values.iter_mut().for_each(|v| *v = false);
        unmentioned.push(name.clone());
    }
    for (name, t) in structure.functions.iter_mut().filter(|(n, _)| !mentioned.contains(*n)) {
        t.values.iter_mut().for_each(|v| *v = 0);
        unmentioned.push(name.clone());
    }
    certify_within(&structure, premises, budget)?;
    Ok(Model { structure, witnesses, unmentioned })
}

/// The independent re-check: every premise, read from its syntax tree, holds in `model`.
pub fn certify(model: &Structure, premises: &[Premise]) -> Result<(), Uncertified> {
    match certify_within(model, premises, &Budget::unlimited()) {
        Err(SearchError::Uncertified(u)) => Err(u),
        _ => Ok(()),
    }
}

/// Like [`certify`], within `budget`: a check that runs out of it is
/// [`SearchError::CheckOutOfBudget`], not a verdict either way.
pub fn certify_within(
    model: &Structure,
    premises: &[Premise],
    budget: &Budget,
) -> Result<(), SearchError> {
    for p in premises {
        match model.satisfies_premise_within(p, budget) {
            Err(crate::logic::semantics::EvalError::OutOfBudget(why)) => {
                return Err(SearchError::CheckOutOfBudget(why))
            }
            Ok(true) => {}
            Ok(false) => {
                return Err(Uncertified {
                    size: model.size,
                    statement: p.index,
                    detail: "it is false there".into(),
                }
                .into())
            }
            Err(e) => {
                return Err(Uncertified {
                    size: model.size,
                    statement: p.index,
                    detail: e.to_string(),
                }
                .into())
            }
        }
    }
    Ok(())
}
