//! The engines of the race, one entry each in [`ENGINES`]: what it is called, when it
//! starts, what its answers settle (which decides what stops it), how it is run on the
//! shared [`Problem`], how its answers are checked before a player sees them, and what it
//! says when it found nothing. The race ([`super::race`]) reads this table; an engine to
//! come joins the race by an entry here.

use super::error::DecideError;
use super::problem::Problem;
use crate::logic::infinite::{InfiniteCheckError, InfiniteStructure};
use crate::logic::presburger::PresburgerError;
use crate::reason::finite::certify::CertifyError;
use crate::reason::finite::{self, GaveUp, Limits, Progress, Search, SearchError};
use crate::reason::infinite;
use crate::reason::instantiate::{Prover, Refutation, Stopped};
use crate::reason::proof::check::ProofError;
use crate::reason::proof::saturation::{Saturated, Saturation, SaturationError};
use crate::reason::proof::{self, drat, ground, Proof, ProofSymbol};
use crate::reason::superposition::{self, saturate};
use crate::reason::verdict::{Certificate, Verdict, Witness};
use crate::solve::{Budget, Exhausted};
use std::time::Duration;

/// What an engine hands in when it stops.
pub(super) enum Found {
    /// The finite search's result: a model, a refutation by exhausting the allowed sizes,
    /// or how far it got.
    Search(Search),
    Proof(Proof),
    /// A saturated clause set, not yet checked.
    Saturation(Saturation),
    Model(InfiniteStructure),
    /// No answer, and why.
    Nothing(Stop),
}

/// Why an engine stopped without an answer (what an unknown verdict reports of it).
pub(super) enum Stop {
    /// Another engine answered, or the budget ran out, before its turn came.
    NotStarted,
    Instantiation {
        stopped: Stopped,
        rounds: usize,
        instances: usize,
    },
    /// Superposition stopped with this many clauses derived.
    Superposition {
        clauses: usize,
    },
    /// Superposition ran out of inferences, but its saturation did not pass the check:
    /// the loop's simplifications (rewriting anywhere, bounded subsumption tests) are not
    /// all ones the check accepts, so this is no answer, and not a bug in a verdict.
    SaturationRefused {
        clauses: usize,
    },
    /// Superposition ran out of inferences, but the budget ran out before its saturation
    /// was checked.
    SaturationUnchecked {
        clauses: usize,
    },
    /// The infinite-model engine found no model it can show.
    NoInfiniteModel,
    /// A prover found a proof the independent checker refused or could not check in time
    /// (checked as it came in, so that the other engines went on).
    ProofRefused(ProofError),
}

/// What an engine's answers settle, which decides what stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// Looks for a model: any answer stops it, a proof too, and a saturation after
    /// `Race::model_wait` (a model is what players can read, and wins when one comes in time).
    ModelSearch,
    /// Looks for a refutation: a certified saturation stops it at once, since there is none.
    Prover,
}

/// When an engine starts.
#[derive(Clone, Copy, Debug)]
pub(super) enum Start {
    /// At once, on the deciding thread, reporting its progress: the home engine, whose
    /// answer the others race.
    Here,
    /// At once, on its own thread.
    AtOnce,
    /// On its own thread, once the home engine has stopped or this long after the decision
    /// began: the boards the other engines decide sooner are not slowed by a busy thread.
    After(Duration),
    /// On its own thread, once the home engine has stopped, or has found no model of any
    /// size up to `sizes` and `wait` has passed, or ten times `wait` has passed (under
    /// `|L| ≥ n` the search starts at size n: then only the time counts). A small finite
    /// model, when there is one, is the easier thing to show.
    AfterSmallSizes { sizes: usize, wait: Duration },
}

/// How an engine is run on a problem, within a budget (and, at home, reporting progress).
type Run = fn(&Problem, &Limits, &mut dyn FnMut(&Progress)) -> Result<Found, DecideError>;

/// One engine of the race.
pub(super) struct Engine {
    pub name: &'static str,
    pub role: Role,
    pub start: Start,
    /// Runs at a lower priority: it shares the cores as a second string, so that the boards
    /// the others decide are not slowed by it (measured: at-least-30.board went from 430 to
    /// 600 ms without this).
    pub second_string: bool,
    /// When steps will be shown and another engine's proof came first, this one's is
    /// waited for (`PREFER_WAIT`): it is usually shorter and made of fewer kinds of step.
    pub shorter_proofs: bool,
    pub run: Run,
    /// Checks an answer independently of the engine and turns it into the verdict it gives.
    /// A proof or a model is checked once chosen; a saturation as it comes in, since the
    /// race acts on it at once. The check keeps the budget (the run's): one it cannot finish
    /// within it is an unknown verdict, saying so.
    pub certify: fn(&Problem, Found, &Budget) -> Result<Verdict, DecideError>,
    /// Its part of an unknown verdict's reason, from what it handed in.
    pub gave_up: fn(Option<&Found>) -> String,
}

/// The engine that runs on the deciding thread: its answer is the one the others race.
pub(super) const HOME: usize = 0;

pub(super) const ENGINES: [Engine; 4] = [
    Engine {
        name: "finite search",
        role: Role::ModelSearch,
        start: Start::Here,
        second_string: false,
        shorter_proofs: false,
        run: run_finite,
        certify: certify_search,
        gave_up: finite_gave_up,
    },
    Engine {
        name: "instantiation",
        role: Role::Prover,
        start: Start::AtOnce,
        second_string: false,
        shorter_proofs: true,
        run: run_instantiation,
        certify: certify_proof,
        gave_up: instantiation_gave_up,
    },
    Engine {
        name: "superposition",
        role: Role::Prover,
        start: Start::After(Duration::from_millis(100)),
        second_string: true,
        shorter_proofs: false,
        run: run_superposition,
        certify: certify_superposition,
        gave_up: superposition_gave_up,
    },
    Engine {
        name: "infinite models",
        role: Role::ModelSearch,
        start: Start::AfterSmallSizes { sizes: 4, wait: Duration::from_millis(50) },
        second_string: false,
        shorter_proofs: false,
        run: run_infinite,
        certify: certify_infinite,
        gave_up: |_| String::new(),
    },
];

fn run_finite(
    problem: &Problem,
    limits: &Limits,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Found, DecideError> {
    match finite::search(problem.signature(), &problem.premises, limits, progress) {
        // A problem the finder cannot ground is left to the provers.
        Err(SearchError::Unsupported(_)) => {
            Ok(Found::Search(Search::GaveUp { refuted: Vec::new(), why: GaveUp::Unsupported }))
        }
        other => Ok(Found::Search(other?)),
    }
}

fn run_instantiation(
    problem: &Problem,
    limits: &Limits,
    _: &mut dyn FnMut(&Progress),
) -> Result<Found, DecideError> {
    Ok(match Prover::new(problem.clauses()).run(&limits.budget) {
        Refutation::Proved(p) => Found::Proof(p),
        Refutation::Stopped { stopped, rounds, instances } => {
            Found::Nothing(Stop::Instantiation { stopped, rounds, instances })
        }
    })
}

fn run_superposition(
    problem: &Problem,
    limits: &Limits,
    _: &mut dyn FnMut(&Progress),
) -> Result<Found, DecideError> {
    Ok(match superposition::prove(problem.clauses(), &limits.budget) {
        saturate::Outcome::Refuted(p) => Found::Proof(p),
        saturate::Outcome::Saturated(claim) => Found::Saturation(claim),
        saturate::Outcome::Stopped { clauses, .. } => {
            Found::Nothing(Stop::Superposition { clauses })
        }
    })
}

fn run_infinite(
    problem: &Problem,
    limits: &Limits,
    _: &mut dyn FnMut(&Progress),
) -> Result<Found, DecideError> {
    Ok(match infinite::search(problem.signature(), &problem.premises, &limits.budget) {
        infinite::Outcome::Found(m) => Found::Model(m),
        _ => Found::Nothing(Stop::NoInfiniteModel),
    })
}

/// A model was re-checked by the evaluator inside the search; a certificate that no size is
/// left is re-read against the statements themselves ([`Certificate::recheck`]).
fn certify_search(problem: &Problem, found: Found, _: &Budget) -> Result<Verdict, DecideError> {
    let certificate = match found {
        Found::Search(Search::Found { model, .. }) => {
            return Ok(problem.witnessed(Witness::Finite(model)))
        }
        Found::Search(Search::NoSize { bounds }) => Certificate::NoSizeAllowed {
            at_least: bounds.at_least,
            at_least_from: bounds.at_least_from.map(|o| o.statement),
            below: bounds.below.expect("an empty range has an upper bound"),
            below_from: bounds.below_from.expect("an upper bound comes from a statement").statement,
        },
        Found::Search(Search::NoModel { refuted, bounds, certified }) => {
            // The search's "no model" is certified apart from it, size by size (the search
            // did it within its budget); what could not be certified is no verdict.
            let certified = match certified {
                Ok(certified) => certified,
                Err(why) => return Ok(uncertified_search(&refuted, &why)),
            };
            Certificate::NoModelOfAllowedSize {
                sizes: refuted,
                below: bounds.below.expect("a finished search had an upper bound"),
                below_from: bounds
                    .below_from
                    .expect("an upper bound comes from a statement")
                    .statement,
                certified,
            }
        }
        _ => return Err(DecideError::Uncertified(ENGINES[HOME].name)),
    };
    let checked = certificate.recheck(problem.board, problem.negate);
    let verdict = problem.refuted(certificate);
    if !checked {
        return Err(DecideError::Uncertified(verdict.name()));
    }
    Ok(verdict)
}

/// The verdict when the search found no model of `sizes` but that could not be certified:
/// unknown, saying why.
fn uncertified_search(sizes: &[usize], why: &CertifyError) -> Verdict {
    let stopped_by = match why {
        CertifyError::Exhausted(_, e)
        | CertifyError::Ground(ground::GroundError::OutOfBudget(e))
        | CertifyError::Proof(_, drat::DratError::OutOfBudget(e)) => e.name(),
        _ => "limit",
    };
    let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
    Verdict::Unknown {
        reason: format!(
            "the search found no model of size {}, but that could not be certified: {why}",
            sizes.join(", ")
        ),
        stopped_by,
    }
}

/// A refutation goes through the independent checker ([`proof::check`]), whose lines are
/// the argument shown with it.
fn certify_proof(problem: &Problem, found: Found, budget: &Budget) -> Result<Verdict, DecideError> {
    let Found::Proof(proof) = found else {
        return Err(DecideError::Uncertified("a proof"));
    };
    let argument =
        proof::check::check_within(problem.signature(), &problem.premises, &proof, budget)
            .map_err(DecideError::BadProof)?;
    Ok(problem.refuted(Certificate::Refutation { proof, argument }))
}

/// Proofs as the other prover's; a saturation goes through [`proof::saturation::check`]
/// within the budget (the race checks one as it comes in, so this is for callers that
/// hold one).
fn certify_superposition(
    problem: &Problem,
    found: Found,
    budget: &Budget,
) -> Result<Verdict, DecideError> {
    let Found::Saturation(claim) = found else {
        return certify_proof(problem, found, budget);
    };
    match certify_saturation(problem, claim, budget) {
        Err(SaturationError::OutOfBudget(e)) => Ok(Verdict::Unknown {
            reason: format!(
                "a saturation was found, but its check stopped at the budget ({})",
                e.name()
            ),
            stopped_by: e.name(),
        }),
        other => other.map_err(|_| DecideError::Uncertified("a saturation")),
    }
}

/// A saturation is checked by [`proof::saturation::check_within`], within `budget`: the
/// check tries every inference of every pair of clauses, and on thousands of clauses takes
/// longer than finding them did.
pub(super) fn certify_saturation(
    problem: &Problem,
    claim: Saturation,
    budget: &Budget,
) -> Result<Verdict, SaturationError> {
    let symbols = ProofSymbol::of(&problem.clauses().vocabulary);
    proof::saturation::check_within(
        problem.signature(),
        &problem.premises,
        &symbols,
        &claim,
        budget,
    )?;
    Ok(problem.witnessed(Witness::Saturation(Saturated { saturation: claim, symbols })))
}

/// Every premise is decided in the model by [`crate::logic::infinite`] (Presburger
/// arithmetic), apart from the engine's own search. A decision the procedure cannot finish
/// (its budget, or its size limits) leaves the verdict unknown; a premise found false is a
/// bug.
fn certify_infinite(
    problem: &Problem,
    found: Found,
    budget: &Budget,
) -> Result<Verdict, DecideError> {
    let Found::Model(model) = found else {
        return Err(DecideError::Uncertified("an infinite model"));
    };
    let decided = model.well_defined(Some(budget)).and_then(|defined| {
        for p in &problem.premises {
            if !(defined && model.satisfies(p.statement, p.negated, Some(budget))?) {
                return Ok(false);
            }
        }
        Ok(defined)
    });
    match decided {
        Ok(true) => Ok(problem.witnessed(Witness::Infinite(model))),
        Ok(false) => Err(DecideError::Uncertified("an infinite model")),
        Err(why) => Ok(Verdict::Unknown {
            reason: format!("an infinite model was found, but checking it stopped: {why}"),
            stopped_by: match why {
                InfiniteCheckError::Presburger(PresburgerError::OutOfBudget(e)) => e.name(),
                _ => "limit",
            },
        }),
    }
}

fn finite_gave_up(found: Option<&Found>) -> String {
    let Some(Found::Search(Search::GaveUp { refuted, why })) = found else {
        return String::new();
    };
    let searched = match (refuted.first(), refuted.last()) {
        (Some(a), Some(b)) if a == b => format!("no model of size {a}"),
        (Some(a), Some(b)) => format!("no model of any size from {a} to {b}"),
        _ => "no size searched to the end".into(),
    };
    let stop = match why {
        GaveUp::SizeLimit(n) if refuted.is_empty() => {
            format!("the board needs more than {n} objects, more than the model search can build")
        }
        GaveUp::SizeLimit(n) => format!("sizes above {n} were not tried"),
        GaveUp::Unsupported => "the model search cannot ground a symbol of this arity".into(),
        GaveUp::Budget(Exhausted::Time) => "the time budget ran out".into(),
        GaveUp::Budget(Exhausted::Memory) => "the memory budget ran out".into(),
        GaveUp::Budget(Exhausted::Conflicts) => "the conflict budget ran out".into(),
        GaveUp::Budget(Exhausted::Cancelled) => "the search was cancelled".into(),
        GaveUp::Budget(Exhausted::Limit) => "a search limit was reached".into(),
    };
    format!("{searched}; {stop}")
}

fn instantiation_gave_up(found: Option<&Found>) -> String {
    if let Some(account) = refused_proof_account(found) {
        return account;
    }
    let (stopped, rounds, instances) = match found {
        Some(Found::Nothing(Stop::Instantiation { stopped, rounds, instances })) => {
            (stopped.clone(), *rounds, *instances)
        }
        _ => (Stopped::Budget(Exhausted::Cancelled), 0, 0),
    };
    match stopped {
        Stopped::Saturated => format!(
            "; the prover used every term in play ({instances} ground clauses) without a contradiction, \
             so there is a finite model, larger than the search tried"
        ),
        Stopped::TooManyInstances(n) => {
            format!("; the prover found no contradiction in {rounds} round{} before reaching its limit of {n} ground clauses", plural(rounds))
        }
        Stopped::Budget(_) => {
            format!("; the prover found no contradiction in {rounds} round{} ({instances} ground clauses)", plural(rounds))
        }
    }
}

/// What the independent checker did with a proof it did not pass: "could not check it"
/// when it stopped at a limit, "refused it" when it found the proof wrong.
pub(super) fn checker_verdict(why: &ProofError) -> &'static str {
    match why {
        ProofError::TooLarge(_) | ProofError::OutOfBudget(_) => "could not check it",
        _ => "refused it",
    }
}

/// What a prover's refused proof says in the account of an unknown verdict.
fn refused_proof_account(found: Option<&Found>) -> Option<String> {
    match found {
        Some(Found::Nothing(Stop::ProofRefused(why))) => Some(format!(
            "; it found a proof, but the independent checker {}: {why}",
            checker_verdict(why)
        )),
        _ => None,
    }
}

fn superposition_gave_up(found: Option<&Found>) -> String {
    if let Some(account) = refused_proof_account(found) {
        return account;
    }
    match found {
        Some(Found::Nothing(Stop::SaturationRefused { clauses })) => format!(
            "; superposition ran out of inferences, but its saturation did not pass the \
             independent re-check ({clauses} clauses)"
        ),
        Some(Found::Nothing(Stop::SaturationUnchecked { clauses })) => format!(
            "; superposition ran out of inferences, but the time ran out before its \
             saturation ({clauses} clauses) was re-checked"
        ),
        Some(Found::Nothing(Stop::Superposition { clauses })) if *clauses > 0 => {
            format!("; superposition derived no contradiction in {clauses} clauses")
        }
        _ => String::new(),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search that reports "no model" where the statements have one (as a broken
    /// grounding would) gives no verdict: its certificate fails, and the answer is unknown.
    #[test]
    fn a_wrong_no_model_from_the_search_becomes_unknown() {
        use crate::logic::board;
        use crate::logic::check::CheckMode;
        use crate::logic::clauses::{DomainBounds, Origin, Part};
        use crate::reason::finite::certify::certify_sizes;
        use crate::reason::{Options, Question};
        use crate::solve::Budget;
        let text = "|L| < 3\n∃x∃y x ≠ y\n";
        let b = board::load("two.board", text, CheckMode::FreeStanding).unwrap();
        let budget = Budget::time(std::time::Duration::from_secs(10));
        let problem = Problem::new(&b, Question::Consistency, None, Options::default());
        let origin = Origin { statement: 1, part: Part::Statement };
        let bounds = DomainBounds {
            at_least: 1,
            at_least_from: None,
            below: Some(3),
            below_from: Some(origin),
        };
        let premises = &problem.premises;
        let certified = certify_sizes(&b.signature, premises, &[1, 2], &budget);
        let wrong = Found::Search(Search::NoModel { refuted: vec![1, 2], bounds, certified });
        let verdict = certify_search(&problem, wrong, &Budget::unlimited()).unwrap();
        let Verdict::Unknown { reason, stopped_by } = &verdict else { panic!("{verdict:?}") };
        assert_eq!(*stopped_by, "limit");
        assert!(reason.contains("could not be certified"), "{reason}");
        assert!(reason.contains("encoding at size 2 has a solution"), "{reason}");
    }

    /// The race runs the home engine on its own thread and spawns the others: exactly one
    /// entry, the first, starts here.
    #[test]
    fn only_the_home_engine_starts_here() {
        for (i, engine) in ENGINES.iter().enumerate() {
            assert_eq!(matches!(engine.start, Start::Here), i == HOME, "{}", engine.name);
        }
    }
}
