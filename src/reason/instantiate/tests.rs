//! The prover against brute force, and its proofs against the checker.

use super::{Prover, Refutation};
use crate::logic::board;
use crate::logic::check::CheckMode;
use crate::logic::cnf::{clausify_with, Premise};
use crate::reason::finite::tests::{board_text, refutation_has_no_small_model};
use crate::reason::proof::check::check;
use crate::solve::Budget;
use proptest::prelude::*;
use std::time::Duration;

fn refute(text: &str, negated: &[usize]) -> (board::CheckedBoard, Refutation) {
    let b = board::load("t", text, CheckMode::FreeStanding).unwrap();
    let premises: Vec<Premise> = b
        .board
        .statements
        .iter()
        .enumerate()
        .map(|(i, s)| Premise { index: i + 1, statement: s, negated: negated.contains(&(i + 1)) })
        .collect();
    let set = clausify_with(&b.signature, &premises, true);
    let r = Prover::new(&set).run(&Budget::time(Duration::from_secs(20)));
    if let Refutation::Proved(proof) = &r {
        check(&b.signature, &premises, proof)
            .unwrap_or_else(|e| panic!("{e}: {}", proof.text(&[])));
    }
    (b, r)
}

fn proved(text: &str, negated: &[usize]) -> super::Proof {
    match refute(text, negated).1 {
        Refutation::Proved(p) => p,
        Refutation::Stopped { stopped, .. } => panic!("not proved ({stopped:?}): {text}"),
    }
}

#[test]
fn equality_reasoning() {
    let p = proved("∀x∀y x + y = y + x\n∀x∀y likes(x + y, x)\n¬likes(a + b, b)", &[]);
    assert!(p.steps.iter().any(|s| s.kind == super::StepKind::Equality), "{}", p.text(&[]));
    assert_eq!(p.statements().len(), 3);
}

#[test]
fn named_objects_and_their_meaning() {
    // blondie is the one blonde object; liking blondie makes you happy; someone blonde is unhappy.
    let p = proved(
        "∃!x blonde(x) | blondie := x\n∀x blonde(x) → happy(x)\n∃x blonde(x) ∧ ¬happy(x)",
        &[],
    );
    assert!(p.statements().contains(&3), "{}", p.text(&[]));
    // The name is used: blondie is blonde (what (1) says of it), so blondie is happy.
    let p = proved("∃!x blonde(x) | blondie := x\n∀x blonde(x) → happy(x)\nhappy(blondie)", &[3]);
    assert!(p.text(&[]).contains("(1): blonde(blondie)"), "{}", p.text(&[]));
    assert_eq!(p.steps.len(), 3, "{}", p.text(&[]));
}

#[test]
fn cardinality_with_two_distinct_named_objects() {
    let p = proved("∃!x blonde(x) | blondie := x\n∃!x ¬blonde(x) | other := x\n|L| < 2", &[]);
    assert!(p.statements().contains(&3), "{}", p.text(&[]));
    // And |L| ≥ 2 against "everything is equal".
    proved("|L| ≥ 2\n∀x∀y x = y", &[]);
}

#[test]
fn multi_step_chains() {
    // father's father's father is smarter, by three steps of transitivity-free reasoning.
    let text = "∀x smarter(father(x), x)\n∀x∀y∀z smarter(x, y) ∧ smarter(y, z) → smarter(x, z)\n∀x ¬smarter(father(father(father(x))), x)";
    let p = proved(text, &[]);
    assert!(p.steps.len() >= 5, "{}", p.text(&[]));
}

#[test]
fn satisfiable_boards_are_not_refuted() {
    let (_, r) = refute("∃x blonde(x)\n∃x ¬blonde(x)", &[]);
    assert!(matches!(r, Refutation::Stopped { stopped: super::Stopped::Saturated, .. }), "{r:?}");
}

#[test]
fn a_forged_proof_is_rejected() {
    let (b, r) = refute("∀x blonde(father(x))\n∀x ¬blonde(father(x))", &[]);
    let Refutation::Proved(mut proof) = r else { panic!() };
    let premises: Vec<Premise> = crate::logic::board::premises_of(&b, None);
    assert!(check(&b.signature, &premises, &proof).is_ok());
    // Claim a step came from the other statement.
    let mut wrong = proof.clone();
    let origins: Vec<_> = wrong
        .steps
        .iter()
        .filter_map(|s| match &s.kind {
            super::StepKind::Instance { origin, .. } => Some(*origin),
            _ => None,
        })
        .collect();
    let (first, second) = (origins[0], origins[1]);
    assert_ne!(first, second, "a step from each statement");
    for step in &mut wrong.steps {
        if let super::StepKind::Instance { origin, .. } = &mut step.kind {
            *origin = if *origin == first { second } else { first };
        }
    }
    assert!(check(&b.signature, &premises, &wrong).is_err());
    // Drop a step: no longer contradictory.
    proof.steps.pop();
    assert!(check(&b.signature, &premises, &proof).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// A board with a model of size ≤ 3 is never refuted; a refuted board has none.
    #[test]
    fn never_refutes_a_board_with_a_small_model((symbols, text, negated) in board_text()) {
        refutation_has_no_small_model(symbols, &text, &negated, &|set| match Prover::new(set).run(&Budget::time(Duration::from_millis(300))) {
            Refutation::Proved(proof) => Some(proof),
            Refutation::Stopped { .. } => None,
        })?;
    }
}

#[test]
fn congruence_closure_keeps_its_budget() {
    use super::cc::conflicts;
    use super::GroundAtom;
    use crate::solve::Exhausted;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    // a, b, f(a), f(b) with a = b true and f(a) = f(b) false: a conflict.
    let terms = vec![(0, vec![]), (1, vec![]), (2, vec![0]), (2, vec![1])];
    let atoms = vec![GroundAtom::Eq(0, 1), GroundAtom::Eq(2, 3)];
    let values = [true, false];
    let lemmas = conflicts(&terms, &atoms, &values, &Budget::unlimited()).unwrap();
    assert_eq!(lemmas, vec![vec![(0, false), (1, true)]]);
    // A budget already spent: no lemmas (which would read as "no conflict"), but why not.
    let cancelled = Budget::unlimited().with_cancel(Arc::new(AtomicBool::new(true)));
    assert_eq!(conflicts(&terms, &atoms, &values, &cancelled), Err(Exhausted::Cancelled));
    // The same conflict among 30 000 more constants: a closure large enough to run on a
    // thread of its own finds the same lemma, and still keeps a spent budget.
    let mut large = terms.clone();
    large.extend((3..30_003).map(|c| (c, vec![])));
    let lemmas = conflicts(&large, &atoms, &values, &Budget::unlimited()).unwrap();
    assert_eq!(lemmas, vec![vec![(0, false), (1, true)]]);
    assert_eq!(conflicts(&large, &atoms, &values, &cancelled), Err(Exhausted::Cancelled));
}
