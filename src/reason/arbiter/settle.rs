//! Settles the verdict from what the race ended with: which evidence wins, each piece
//! checked once by its engine's `certify`, and the decision in words. A model or a
//! saturation together with a proof (or a refutation by the sizes) for the same question is
//! an internal error, never an answer.

use super::engines::{checker_verdict, Found, ENGINES, HOME};
use super::error::DecideError;
use super::problem::Problem;
use super::race::{check_budget, Finish, Report};
use crate::logic::infinite::InfiniteStructure;
use crate::reason::finite::{GaveUp, Limits, Search};
use crate::reason::proof::check::ProofError;
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
    let verdict = verdict(problem, finish, &check_budget(&limits.budget))?;
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
fn verdict(problem: &Problem, finish: Finish, budget: &Budget) -> Result<Verdict, DecideError> {
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
    let home = |search| (ENGINES[HOME].certify)(problem, Found::Search(search), budget);
    match (search, proof, model, saturation) {
        (search @ Search::Found { .. }, ..) => home(search),
        (_, _, Some((i, model)), _) => (ENGINES[i].certify)(problem, Found::Model(model), budget),
        (search @ Search::NoSize { .. }, ..) => home(search),
        // Checked as it was handed in (see `race`): the checker's argument is the verdict's.
        (_, Some((_, proof, Some(argument))), ..) => {
            Ok(problem.refuted(Certificate::Refutation { proof, argument }))
        }
        (search, Some((i, proof, None)), ..) => {
            match (ENGINES[i].certify)(problem, Found::Proof(proof), budget) {
                // A proof the checker refuses is no verdict: the search's, if it has one, or
                // unknown, saying why.
                Err(DecideError::BadProof(why)) => match search {
                    search @ Search::NoModel { .. } => home(search),
                    _ => Ok(refused_proof(ENGINES[i].name, &why)),
                },
                other => other,
            }
        }
        (search @ Search::NoModel { .. }, ..) => home(search),
        (_, _, _, Some(saturated)) => Ok(saturated),
        (Search::GaveUp { refuted, why }, None, None, None) => Ok(unknown(refuted, why, &reports)),
    }
}

/// The verdict when the only answer was a proof the independent checker refused (or could
/// not check within its limits).
fn refused_proof(engine: &str, why: &ProofError) -> Verdict {
    let stopped_by = match why {
        ProofError::TooLarge(_) => "limit",
        ProofError::OutOfBudget(e) => e.name(),
        _ => "check",
    };
    let reason = format!(
        "the {engine} prover found a proof, but the independent checker {}: {why}",
        checker_verdict(why)
    );
    Verdict::Unknown { reason, stopped_by }
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
fn take_shortest_proof(reports: &mut [Option<Report>]) -> Option<(usize, Proof, Checked)> {
    let (best, _) = (reports.iter().enumerate())
        .filter_map(|(i, r)| match r {
            Some(Report::Found(Found::Proof(p)) | Report::Refuted { proof: p, .. }) => {
                Some((i, p.steps.len()))
            }
            _ => None,
        })
        .min_by_key(|&(_, steps)| steps)?;
    match reports[best].take() {
        Some(Report::Found(Found::Proof(p))) => Some((best, p, None)),
        Some(Report::Refuted { proof, argument }) => Some((best, proof, Some(argument))),
        _ => None,
    }
}

/// The independent checker's argument for a proof it passed as the proof was handed in;
/// none for a proof not yet checked.
type Checked = Option<Vec<String>>;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board;
    use crate::logic::check::CheckMode;
    use crate::logic::clauses::{Atom, ClauseSet, Role, Term};
    use crate::reason::instantiate::{Prover, Refutation};
    use crate::reason::Options;
    use std::time::Duration;

    /// The instantiation prover's proof from `set`, in place of the clausifier's clauses.
    fn proof_from(set: &ClauseSet) -> Proof {
        match Prover::new(set).run(&Budget::time(Duration::from_secs(10))) {
            Refutation::Proved(proof) => proof,
            other => panic!("the clauses are refutable: {other:?}"),
        }
    }

    /// The verdict when the race ends with `proof` and nothing else.
    fn verdict_with(problem: &Problem, proof: Proof) -> Verdict {
        let mut reports: Vec<Option<Report>> = ENGINES.iter().map(|_| None).collect();
        let prover = ENGINES.iter().position(|e| e.name == "instantiation").unwrap();
        reports[prover] = Some(Report::Found(Found::Proof(proof)));
        let search = Search::GaveUp { refuted: Vec::new(), why: GaveUp::Unsupported };
        verdict(problem, Finish { search, reports }, &Budget::unlimited())
            .expect("a verdict, not an error")
    }

    /// Issue 36: the engines' clausifier broken on purpose (a literal dropped; a Skolem
    /// function replaced by a constant). The prover then refutes a consistent board, the
    /// independent checker, which rebuilds the clauses from the statements, refuses the
    /// proof, and the answer is unknown. The same board's proof from the true clauses of an
    /// inconsistent variant passes, so the check is not refusing everything.
    #[test]
    fn a_proof_from_a_broken_clausifier_is_refused_and_the_verdict_is_unknown() {
        type Break = fn(&mut ClauseSet);
        let cases: [(&str, Break); 2] = [
            ("∀x blonde(x) ∨ happy(x)\n¬blonde(a)\n¬happy(b)\n", |set| {
                // "∀x blonde(x)": the disjunct happy(x) dropped.
                let happy = set.vocabulary.id("happy").unwrap();
                let c = set.clauses.iter_mut().find(|c| c.origin.statement == 1).unwrap();
                c.literals.retain(|l| !matches!(&l.atom, Atom::Pred(p, _) if *p == happy));
            }),
            ("∀x∃y likes(x, y)\n∀x ¬likes(x, a)\n", |set| {
                // The witness for y replaced by the constant a.
                let a = set.vocabulary.id("a").unwrap();
                let skolem = (set.vocabulary.symbols.iter())
                    .position(|s| matches!(s.role, Role::Skolem { .. }))
                    .unwrap();
                for c in set.clauses.iter_mut().filter(|c| c.origin.statement == 1) {
                    for l in &mut c.literals {
                        replace(&mut l.atom, skolem, a);
                    }
                }
            }),
        ];
        for (text, break_clausifier) in cases {
            let b = board::load("broken.board", text, CheckMode::FreeStanding).unwrap();
            let problem = Problem::new(&b, Question::Consistency, None, Options::default());
            let mut broken = problem.clauses().clone();
            break_clausifier(&mut broken);
            let proof = proof_from(&broken);
            let verdict = verdict_with(&problem, proof);
            let Verdict::Unknown { reason, stopped_by } = &verdict else {
                panic!("{text}: {verdict:?}")
            };
            assert_eq!(*stopped_by, "check", "{text}");
            assert!(reason.contains("refused it"), "{reason}");
            assert!(reason.contains("does not match"), "{reason}");
        }
        // The control: a truly inconsistent board's proof passes the same way in.
        let b =
            board::load("c.board", "∀x blonde(x)\n¬blonde(a)\n", CheckMode::FreeStanding).unwrap();
        let problem = Problem::new(&b, Question::Consistency, None, Options::default());
        let proof = proof_from(problem.clauses());
        assert_eq!(verdict_with(&problem, proof).name(), "inconsistent");
    }

    /// Issue 37: a proof too large for the checker is *unknown* (GaveUp), saying so, never
    /// an internal error.
    #[test]
    fn a_proof_too_large_to_check_gives_up_with_the_reason() {
        let verdict = refused_proof("superposition", &ProofError::TooLarge(20_001));
        let Verdict::Unknown { reason, stopped_by } = &verdict else { panic!() };
        assert_eq!((*stopped_by, verdict.szs_status()), ("limit", "GaveUp"));
        assert!(reason.contains("too large to check (20001 case splits)"), "{reason}");
    }

    fn replace(atom: &mut Atom, from: usize, to: usize) {
        fn term(t: &mut Term, from: usize, to: usize) {
            if let Term::App(f, args) = t {
                if *f == from {
                    *t = Term::App(to, Vec::new());
                } else {
                    args.iter_mut().for_each(|a| term(a, from, to));
                }
            }
        }
        match atom {
            Atom::Pred(_, args) => args.iter_mut().for_each(|a| term(a, from, to)),
            Atom::Eq(a, b) => {
                term(a, from, to);
                term(b, from, to);
            }
        }
    }
}
