//! Settles the verdict from what the race ended with: which evidence wins, each piece
//! checked once by its engine's `certify`, and the decision in words. A model or a
//! saturation together with a proof (or a refutation by the sizes) for the same question is
//! an internal error, never an answer.

use super::engines::{Found, ENGINES, HOME};
use super::error::DecideError;
use super::problem::Problem;
use super::race::{Finish, Report};
use crate::logic::infinite::InfiniteStructure;
use crate::reason::finite::{GaveUp, Limits, Search};
use crate::reason::proof::Proof;
use crate::reason::verdict::{explain, Certificate, Decision, Question, SizeCore, Verdict};
use crate::solve::Budget;
use std::time::Instant;

/// The decision, with its explanation, from what the race ended with.
pub(super) fn decision(
    problem: &Problem,
    limits: &Limits,
    finish: Finish,
    start: Instant,
) -> Result<Decision, DecideError> {
    let sizes_without_model = match &finish.search {
        Search::Found { refuted, .. }
        | Search::NoModel { refuted, .. }
        | Search::GaveUp { refuted, .. } => refuted.clone(),
        Search::NoSize { .. } => Vec::new(),
    };
    let verdict = verdict(problem, finish)?;
    let mut explanation = explain(&verdict, problem.question);
    // Where a statement that does not follow fails in an infinite countermodel: the smallest
    // values of its ∀ variables that make it false, decided exactly.
    if let (Some(m), Question::Follows(k)) = (verdict.infinite_model(), problem.question) {
        let statement = &problem.board.board.statements[k - 1];
        if let Some(values) = m.counterexample(statement, Some(&limits.budget)) {
            let shown: Vec<String> = values.iter().map(|(x, v)| format!("{x} = {v}")).collect();
            explanation.push_str(&format!("; ({k}) fails for {}", shown.join(", ")));
        }
    }
    let size_cores = match &verdict {
        Verdict::Inconsistent { certificate: Certificate::NoModelOfAllowedSize { sizes, .. } }
        | Verdict::Redundant { certificate: Certificate::NoModelOfAllowedSize { sizes, .. } }
            if problem.options.steps =>
        {
            size_cores(problem, sizes)
        }
        _ => Vec::new(),
    };
    Ok(Decision {
        size_cores,
        question: match problem.question {
            Question::Consistency => "consistency".into(),
            Question::Follows(k) => format!("does statement {k} follow from the others?"),
        },
        explanation,
        verdict,
        sizes_without_model,
        elapsed_ms: start.elapsed().as_millis(),
    })
}

/// The winning evidence, checked: a finite model, an infinite one (when the finite search
/// gave up), no size allowed, the shortest proof, no model of any allowed size, a
/// saturation; else unknown.
fn verdict(problem: &Problem, finish: Finish) -> Result<Verdict, DecideError> {
    let Finish { search, mut reports } = finish;
    let proof = take_shortest_proof(&mut reports);
    let saturation = take_saturation(&mut reports);
    let model = match search {
        Search::GaveUp { .. } => take_infinite_model(&mut reports),
        _ => None,
    };
    let has_model = matches!(search, Search::Found { .. }) || model.is_some();
    let refuted = matches!(search, Search::NoModel { .. } | Search::NoSize { .. });
    if (has_model && proof.is_some()) || (saturation.is_some() && (proof.is_some() || refuted)) {
        return Err(DecideError::Contradictory);
    }
    let home = |search| (ENGINES[HOME].certify)(problem, Found::Search(search));
    match (search, proof, model, saturation) {
        (search @ Search::Found { .. }, ..) => home(search),
        (_, _, Some((i, model)), _) => (ENGINES[i].certify)(problem, Found::Model(model)),
        (search @ Search::NoSize { .. }, ..) => home(search),
        (_, Some((i, proof)), ..) => (ENGINES[i].certify)(problem, Found::Proof(proof)),
        (search @ Search::NoModel { .. }, ..) => home(search),
        (_, _, _, Some(saturated)) => Ok(saturated),
        (Search::GaveUp { refuted, why }, None, None, None) => Ok(unknown(refuted, why, &reports)),
    }
}

/// Each engine's account of what it tried, in table order.
fn unknown(refuted: Vec<usize>, why: GaveUp, reports: &[Option<Report>]) -> Verdict {
    let stopped_by = match why {
        GaveUp::SizeLimit(_) => "size-limit",
        GaveUp::Unsupported => "unsupported",
        GaveUp::Budget(e) => e.name(),
    };
    let home = Found::Search(Search::GaveUp { refuted, why });
    let reason = (ENGINES.iter().zip(reports).enumerate())
        .map(|(i, (engine, report))| {
            let found = match report {
                _ if i == HOME => Some(&home),
                Some(Report::Found(found)) => Some(found),
                _ => None,
            };
            (engine.gave_up)(found)
        })
        .collect();
    Verdict::Unknown { reason, stopped_by }
}

/// The shortest proof in, with its engine (the first in table order on a tie).
fn take_shortest_proof(reports: &mut [Option<Report>]) -> Option<(usize, Proof)> {
    let (best, _) = (reports.iter().enumerate())
        .filter_map(|(i, r)| match r {
            Some(Report::Found(Found::Proof(p))) => Some((i, p.steps.len())),
            _ => None,
        })
        .min_by_key(|&(_, steps)| steps)?;
    match reports[best].take() {
        Some(Report::Found(Found::Proof(p))) => Some((best, p)),
        _ => None,
    }
}

/// A certified saturation's verdict.
fn take_saturation(reports: &mut [Option<Report>]) -> Option<Verdict> {
    let i = reports.iter().position(|r| matches!(r, Some(Report::Certified(_))))?;
    match reports[i].take() {
        Some(Report::Certified(verdict)) => Some(verdict),
        _ => None,
    }
}

/// An infinite model, not yet checked, with its engine.
fn take_infinite_model(reports: &mut [Option<Report>]) -> Option<(usize, InfiniteStructure)> {
    let i = reports.iter().position(|r| matches!(r, Some(Report::Found(Found::Model(_)))))?;
    match reports[i].take() {
        Some(Report::Found(Found::Model(m))) => Some((i, m)),
        _ => None,
    }
}

/// How long the size-by-size account of a refutation by the sizes may take: it is read by
/// players, and the verdict is already certified without it.
const SIZE_CORES_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// When the only certificate is that no size the board allows has a model, what fails at
/// each size, in the board's terms: the fewest statements (with the negation of the one
/// asked about) that have no model of that size, found by dropping statements one by one
/// while none has a model (issue 38: players were left with nothing to read). Sizes with the
/// same statements are merged. Empty when the budget runs out first.
fn size_cores(problem: &Problem, sizes: &[usize]) -> Vec<SizeCore> {
    let budget = Budget::time(SIZE_CORES_TIME);
    let premises = &problem.premises;
    let signature = problem.signature();
    let mut cores: Vec<SizeCore> = Vec::new();
    for &size in sizes {
        let has_model = |keep: &[usize]| -> bool {
            let subset: Vec<_> = keep.iter().map(|&i| premises[i]).collect();
            // A search that cannot answer counts as a model: the premise stays, and what is
            // left is still a set the search showed has none.
            !matches!(
                crate::reason::finite::search_size(signature, &subset, size, &budget),
                Ok(crate::reason::finite::AtSize::NoModel)
            )
        };
        let core = crate::solve::information::minimal_conflict(premises.len(), has_model);
        if budget.spent().is_some() {
            return Vec::new();
        }
        let statements: Vec<(usize, bool)> =
            core.iter().map(|&i| (premises[i].index, premises[i].negated)).collect();
        match cores.last_mut() {
            Some(last) if last.statements == statements && last.to + 1 == size => last.to = size,
            _ => cores.push(SizeCore { from: size, to: size, statements }),
        }
    }
    cores
}
