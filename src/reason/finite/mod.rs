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
//! let b = board::load("b", "∃x blonde(x)\n∃x ¬blonde(x)", CheckMode::FreeStanding).unwrap();
//! let result = search(&b.signature, &premises_of(&b, None), &Limits::default(), &mut |_| {}).unwrap();
//! let Search::Found { model, .. } = result else { panic!() };
//! assert_eq!(model.structure.size, 2);
//! assert!(model.unmentioned.contains(&"father".to_string()));
//! ```

pub mod finder;
pub mod flatten;
pub mod render;
#[cfg(test)]
pub(crate) mod tests;

use crate::logic::check::Signature;
use crate::logic::cnf::{clausify, Premise};
use crate::logic::clauses::DomainBounds;
use crate::logic::ast::StatementKind;
use crate::logic::semantics::Structure;
use crate::solve::{Budget, Exhausted};
use finder::{Finder, SizeResult, Witnesses, MAX_SIZE};
use serde::{Serialize, Serializer};
use std::collections::BTreeSet;
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

impl Default for Limits {
    fn default() -> Self {
        Limits { max_size: 24, budget: Budget::time(Duration::from_secs(10)) }
    }
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
    Found { model: Model, refuted: Vec<usize> },
    /// Every size the cardinality statements allow has been searched: there is no model.
    NoModel { refuted: Vec<usize>, bounds: DomainBounds },
    /// The cardinality statements allow no size at all.
    NoSize { bounds: DomainBounds },
    GaveUp { refuted: Vec<usize>, why: GaveUp },
}

/// A model failed the independent re-check: a bug in clausification, flattening or
/// grounding. It is reported and never shown as a verdict.
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
#[error("internal error: a model of size {size} found by the search fails statement {statement} ({detail})")]
#[diagnostic(code(umpire::uncertified_model), help("this is a bug in umpire; please report it with the board"))]
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
}

impl crate::util::failure::Classify for SearchError {
    fn kind(&self) -> crate::util::failure::FailureKind {
        match self {
            SearchError::Uncertified(_) => crate::util::failure::FailureKind::Internal,
            SearchError::Unsupported(_) => crate::util::failure::FailureKind::BadInput,
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
    let mut finder = Finder::new(&set)?;
    let last = bounds.below.map_or(limits.max_size.max(bounds.at_least), |b| b - 1).min(MAX_SIZE);
    let mut refuted = Vec::new();
    let start = Instant::now();
    // Sizes below the lower bound are grown through but not solved.
    for size in bounds.at_least..=last {
        match finder.solve(size, &limits.budget) {
            SizeResult::Model(model, witnesses) => {
                let (variables, clauses) = finder.stats();
                progress(&Progress { size, found: true, elapsed: start.elapsed(), variables, clauses });
                let model = present(model, witnesses, premises)?;
                return Ok(Search::Found { model, refuted });
            }
            SizeResult::NoModel => {
                let (variables, clauses) = finder.stats();
                progress(&Progress { size, found: false, elapsed: start.elapsed(), variables, clauses });
                refuted.push(size);
            }
            SizeResult::Exhausted(why) => return Ok(Search::GaveUp { refuted, why: GaveUp::Budget(why) }),
        }
    }
    if bounds.below.is_some_and(|b| b - 1 <= last) {
        Ok(Search::NoModel { refuted, bounds })
    } else {
        Ok(Search::GaveUp { refuted, why: GaveUp::SizeLimit(last) })
    }
}

/// What a search at one given size found.
#[derive(Clone, Debug)]
pub enum AtSize {
    Found { model: Model },
    NoModel,
    /// The cardinality statements (or the finder's limits) rule this size out.
    Forbidden { bounds: DomainBounds },
    GaveUp(Exhausted),
}

/// Searches for a model of exactly `size` objects.
pub fn search_size(signature: &Signature, premises: &[Premise], size: usize, budget: &Budget) -> Result<AtSize, SearchError> {
    let set = clausify(signature, premises);
    if !set.bounds.allows(size) || size == 0 || size > MAX_SIZE {
        return Ok(AtSize::Forbidden { bounds: set.bounds });
    }
    let mut finder = Finder::new(&set)?;
    Ok(match finder.solve(size, budget) {
        SizeResult::Model(model, witnesses) => AtSize::Found { model: present(model, witnesses, premises)? },
        SizeResult::NoModel => AtSize::NoModel,
        SizeResult::Exhausted(why) => AtSize::GaveUp(why),
    })
}

/// Blanks the symbols the premises never mention (so that a player is not shown
/// arbitrary tables), then re-checks the model against every premise.
fn present(mut structure: Structure, witnesses: Witnesses, premises: &[Premise]) -> Result<Model, Uncertified> {
    let mut mentioned = BTreeSet::new();
    for p in premises {
        match &p.statement.kind {
            StatementKind::Formula(f) => f.collect_symbols(&mut mentioned),
            StatementKind::Named { formula, name, .. } => {
                formula.collect_symbols(&mut mentioned);
                mentioned.insert(name.name.clone());
            }
            StatementKind::AtLeast { .. } | StatementKind::LessThan { .. } | StatementKind::NegatedBound { .. } => {}
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
    certify(&structure, premises)?;
    Ok(Model { structure, witnesses, unmentioned })
}

/// The independent re-check: every premise, read from its syntax tree, holds in `model`.
pub fn certify(model: &Structure, premises: &[Premise]) -> Result<(), Uncertified> {
    for p in premises {
        match model.satisfies_premise(p) {
            Ok(true) => {}
            Ok(false) => {
                return Err(Uncertified { size: model.size, statement: p.index, detail: "it is false there".into() })
            }
            Err(e) => return Err(Uncertified { size: model.size, statement: p.index, detail: e.to_string() }),
        }
    }
    Ok(())
}
