//! Saturations, with and without equality, and the independent check of them.

use crate::logic::board;
use crate::logic::check::CheckMode;
use crate::logic::check::Signature;
use crate::logic::clauses::{negate, Literal};
use crate::logic::cnf::{clausify_with, premises_of, Premise};
use crate::reason::proof::saturation::{Saturation as Claim, SaturationError};
use crate::reason::proof::ProofSymbol;
use crate::reason::superposition::saturate::{Outcome, Saturation};
use crate::solve::Budget;
use std::time::Duration;

/// The independent check, with the symbols the engines' clausifier makes.
pub(super) fn check(
    signature: &Signature,
    premises: &[Premise],
    claim: &Claim,
) -> Result<(), SaturationError> {
    let symbols = ProofSymbol::of(&clausify_with(signature, premises, true).vocabulary);
    crate::reason::proof::saturation::check(signature, premises, &symbols, claim)
}

fn saturate(text: &str) -> (board::CheckedBoard, Option<Claim>) {
    let b = board::load("t", text, CheckMode::FreeStanding).unwrap();
    let premises = premises_of(&b, None);
    let set = clausify_with(&b.signature, &premises, true);
    let claim = match Saturation::new(&set).run(&Budget::time(Duration::from_secs(3))) {
        Outcome::Saturated(c) => Some(c),
        _ => None,
    };
    (b, claim)
}

fn premises(b: &board::CheckedBoard) -> Vec<Premise<'_>> {
    premises_of(b, None)
}

const CONSISTENT: &[&str] = &[
    "∀x blonde(x) → happy(x)\nblonde(a)\n∀x ¬happy(x) ∨ smarter(x, a)",
    "∀x∀y smarter(x, y) → ¬smarter(y, x)\n∀x∃y smarter(x, y) ∨ blonde(x)",
    "∀x blonde(x) ∨ happy(x)\n¬blonde(a)\n∀x∀y likes(x, y) → likes(y, x)",
    // With equality: a pairing (only infinite models), a choice between an equation and
    // an atom, an unorientable equation, and rewriting into atoms.
    "∀x∀y∀u∀v (x + y = u + v → x = u ∧ y = v)\n∃x∃y x ≠ y",
    "∀x∀y∀u∀v (x + y = u + v → x = u ∧ y = v)\n|L| ≥ 3",
    "∀x father(x) = x ∨ blonde(x)\nhappy(a)",
    "∀x∀y x + y = y + x\na ≠ b",
    "father(a) = b\n∀x blonde(father(x))\n¬blonde(a)",
    // Rewriting by a unit whose variables share numbers with the clause's (the check
    // once resolved such bindings again, and overflowed its stack).
    "¬∃x (¬((((x + (x + x)) = (x + x)) → (((x + x) + x) = ((x + x) + (x + x)))) ∧ ((x = x) ↔ (x = (x + (x + x))))))",
    // A premise clause with a disequation of a variable, either way round: the saturation
    // holds happy(a) instead, which covers it once x := a is put in.
    "∀x x ≠ a ∨ happy(x)\n¬happy(b)",
    "∀x a ≠ x ∨ happy(x)\n¬happy(b)",
    // likes(x, y) ∨ likes(y, x) with x := a, y := father(a) has its largest literal in
    // likes(father(a), a): no inference with ¬likes(a, father(a)) is needed.
    "∀x∀y likes(x, y) ∨ likes(y, x)\n¬likes(a, father(a))",
];

/// Issue 61's play-test board: father one-to-one, a fixed point, and exactly one object that
/// is nobody's father (a model over ℕ: father(0) = 0, father(n) = n + 1 otherwise, and 1 is
/// nobody's father). Destructive equality resolution
/// deletes `x ≠ t ∨ C` for `C[x := t]`, which is not a redundancy under the ordering: the set
/// it saturates fails the check. Without it the loop saturates a set the check accepts, and
/// the arbiter answers consistent.
#[test]
fn a_saturation_without_destructive_equality_resolution_passes_where_one_with_it_fails() {
    let text = "∃!x ∀y father(y) ≠ x\n∃x father(x) = x\n∀x∀y father(x) = father(y) → x = y";
    let b = board::load("t", text, CheckMode::FreeStanding).unwrap();
    let set = clausify_with(&b.signature, &premises(&b), true);
    let budget = Budget::time(Duration::from_secs(3));
    let Outcome::Saturated(with) = Saturation::new(&set).run(&budget) else {
        panic!("saturates with destructive equality resolution")
    };
    assert!(matches!(
        check(&b.signature, &premises(&b), &with),
        Err(SaturationError::NotSaturated(..))
    ));
    let strict = Saturation::new(&set).without_destructive_equality_resolution().run(&budget);
    let Outcome::Saturated(without) = strict else { panic!("saturates without it") };
    assert_eq!(check(&b.signature, &premises(&b), &without), Ok(()), "{without:?}");
    // The schedule the arbiter runs when the check refuses a saturation.
    let strictly = crate::reason::superposition::prove_strictly(&set, &budget);
    let Outcome::Saturated(scheduled) = strictly else { panic!("the schedule saturates") };
    assert_eq!(check(&b.signature, &premises(&b), &scheduled), Ok(()));
}

#[test]
fn the_loop_saturates_consistent_boards_and_the_check_accepts() {
    for text in CONSISTENT {
        let (b, claim) = saturate(text);
        let claim = claim.unwrap_or_else(|| panic!("saturates:\n{text}"));
        assert_eq!(check(&b.signature, &premises(&b), &claim), Ok(()), "{text}\n{claim:?}");
    }
}

/// Every ordering of the vocabulary, as precedences: small vocabularies only.
fn every_precedence(symbols: usize) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    for s in 0..symbols as u32 {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u32>| {
                (0..=p.len()).map(move |i| {
                    let mut q = p.clone();
                    q.insert(i, s);
                    q
                })
            })
            .collect();
    }
    all
}

/// The board's own clauses as a claim, nothing selected, under every precedence.
fn own_clauses_under_every_precedence(text: &str) -> Vec<Result<(), SaturationError>> {
    let b = board::load("t", text, CheckMode::FreeStanding).unwrap();
    let p = premises(&b);
    let own = own_claim(&b);
    every_precedence(own.precedence.len())
        .into_iter()
        .map(|precedence| check(&b.signature, &p, &Claim { precedence, ..own.clone() }))
        .collect()
}

/// An inconsistent board's own clauses, refused as unsaturated under each of at least
/// `orders` precedences.
fn assert_never_saturated(text: &str, orders: usize) {
    let refusals = own_clauses_under_every_precedence(text);
    assert!(refusals.len() >= orders);
    let other = refusals.iter().find(|r| !matches!(r, Err(SaturationError::NotSaturated(..))));
    assert_eq!(other, None, "{text}: of {} orders", refusals.len());
}

#[test]
fn a_conclusion_with_an_atom_and_its_negation_is_redundant_and_no_other_is() {
    // Saturated whatever the order: the one inference (on whichever predicate is the
    // larger) gives blonde(X) ∨ ¬blonde(X) or happy(X) ∨ ¬happy(X), a tautology.
    let saturated =
        own_clauses_under_every_precedence("∀x blonde(x) ∨ happy(x)\n∀x ¬blonde(x) ∨ ¬happy(x)");
    assert!(saturated.len() >= 2);
    assert!(saturated.iter().all(|r| r.is_ok()), "{saturated:?}");
    // Inconsistent, so never saturated. With happy above blonde the one inference gives
    // ¬blonde(a) ∨ blonde(b): two signs, but two different atoms, so no tautology.
    assert_never_saturated("blonde(a) → happy(a)\nhappy(a) → blonde(b)\nblonde(a)\n¬blonde(b)", 24);
}

#[test]
fn an_equation_and_a_disequation_sharing_one_side_are_no_tautology() {
    // a = b ∨ a ≠ c (either way round) says something: a claim without it is refused,
    // whichever way the clausifier writes the two sides.
    for text in ["a = b ∨ a ≠ c", "b = a ∨ a ≠ c", "a = b ∨ c ≠ a", "b = a ∨ c ≠ a"]
    {
        let source = format!("{text}\nblonde(a)");
        let b = board::load("t", &source, CheckMode::FreeStanding).unwrap();
        let own = own_claim(&b);
        let claim = Claim {
            clauses: vec![own.clauses[1].clone()],
            selected: vec![None],
            precedence: own.precedence.clone(),
        };
        assert_eq!(
            check(&b.signature, &premises(&b), &claim),
            Err(SaturationError::Uncovered(1)),
            "{text}"
        );
    }
}

#[test]
fn a_saturation_is_shown_as_clauses_a_legend_and_tstp_lines() {
    let (b, claim) = saturate("∃x blonde(x)\n∀x blonde(x) → happy(x)");
    let saturation = claim.expect("saturates");
    let symbols = ProofSymbol::of(&clausify_with(&b.signature, &premises(&b), true).vocabulary);
    let shown = crate::reason::proof::saturation::Saturated { saturation, symbols };
    let clauses = shown.clauses();
    assert_eq!(clauses.len(), shown.saturation.clauses.len());
    assert!(clauses.iter().any(|c| c == "¬blonde(X0) ∨ happy(X0)"), "{clauses:?}");
    assert!(clauses.iter().any(|c| c == "blonde(x₁)"), "{clauses:?}");
    assert_eq!(shown.legend(), ["x₁: the x that (1) asserts"], "{clauses:?}");
    let tstp = shown.tstp();
    assert_eq!(tstp.lines().count(), clauses.len(), "{tstp}");
    assert!(tstp.lines().all(|l| l.starts_with("cnf(s") && l.ends_with(").")), "{tstp}");
    assert!(tstp.contains("cnf(s1,plain,"), "{tstp}");
    assert!(tstp.contains("blonde("), "{tstp}");
}

#[test]
fn a_saturation_under_weights_the_check_does_not_read_is_no_claim() {
    // Per ordering: inverse-frequency weights, conjecture-max.
    let mut stopped_dry = [0, 0];
    for text in CONSISTENT {
        let b = board::load("t", text, CheckMode::FreeStanding).unwrap();
        let set = clausify_with(&b.signature, &premises(&b), true);
        for (k, weighted) in [true, false].into_iter().enumerate() {
            let run = if weighted {
                Saturation::new(&set).by_inverse_frequency_weights()
            } else {
                Saturation::new(&set).by_conjecture_max()
            };
            match run.run(&Budget::time(Duration::from_secs(3))) {
                Outcome::Stopped { why, .. } => {
                    stopped_dry[k] +=
                        usize::from(why.contains("the saturation check does not read"))
                }
                Outcome::Saturated(_) => panic!("a claim under weights:\n{text}"),
                Outcome::Refuted(_) => panic!("refuted a consistent board:\n{text}"),
            }
        }
    }
    assert!(stopped_dry.iter().all(|&n| n > 0), "ran out of inferences: {stopped_dry:?}");
}

#[test]
fn a_check_out_of_budget_says_so_and_accepts_nothing() {
    // SWV485+2 once hung the process: 3285 saturated clauses, checked with no budget.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let spent = Budget::unlimited().with_cancel(stop);
    for text in CONSISTENT {
        let (b, claim) = saturate(text);
        let claim = claim.unwrap();
        let p = premises(&b);
        let symbols = ProofSymbol::of(&clausify_with(&b.signature, &p, true).vocabulary);
        let checked = crate::reason::proof::saturation::check_within(
            &b.signature,
            &p,
            &symbols,
            &claim,
            &spent,
        );
        assert_eq!(
            checked,
            Err(SaturationError::OutOfBudget(crate::solve::Exhausted::Cancelled)),
            "{text}"
        );
    }
}

#[test]
fn forged_saturations_are_refused() {
    for text in CONSISTENT {
        let (b, claim) = saturate(text);
        let claim = claim.unwrap();
        let p = premises(&b);
        // A clause left out: a premise is no longer covered, or an inference no longer
        // redundant.
        for k in 0..claim.clauses.len() {
            let mut forged = claim.clone();
            forged.clauses.remove(k);
            forged.selected.remove(k);
            if check(&b.signature, &p, &forged).is_ok() {
                // Only acceptable if the clause was itself redundant: some other clause
                // of the set is an instance within it.
                let others = &forged.clauses;
                assert!(
                    others.iter().any(|d| d.len() <= claim.clauses[k].len()
                        && d.iter()
                            .all(|l| claim.clauses[k].iter().any(|m| m.positive == l.positive))),
                    "{text}: clause {k} dropped and still accepted"
                );
            }
        }
        // A positive literal selected, or the empty clause added, is malformed.
        if let Some(k) = claim.clauses.iter().position(|c| c.iter().any(|l| l.positive)) {
            let mut forged = claim.clone();
            forged.selected[k] = claim.clauses[k].iter().position(|l| l.positive);
            assert!(matches!(check(&b.signature, &p, &forged), Err(SaturationError::Malformed(_))));
        }
        let mut forged = claim.clone();
        forged.clauses.push(Vec::new());
        forged.selected.push(None);
        assert!(matches!(check(&b.signature, &p, &forged), Err(SaturationError::Malformed(_))));
    }
}

#[test]
fn an_inconsistent_board_has_no_saturation() {
    let text = "∀x blonde(x) → happy(x)\nblonde(a)\n¬happy(a)";
    let (b, claim) = saturate(text);
    assert!(claim.is_none(), "refuted, not saturated");
    // Its own clauses, claimed saturated, are refused: resolving them gives more.
    let p = premises(&b);
    let set = clausify_with(&b.signature, &p, true);
    let forged = Claim {
        clauses: set.clauses.iter().map(|c| c.literals.clone()).collect(),
        selected: set.clauses.iter().map(|c| c.literals.iter().position(|l| !l.positive)).collect(),
        precedence: (0..set.vocabulary.symbols.len() as u32).collect(),
    };
    assert!(matches!(check(&b.signature, &p, &forged), Err(SaturationError::NotSaturated(..))));
    // A flipped literal makes a premise uncovered.
    let (b2, claim2) = saturate(CONSISTENT[0]);
    let mut forged = claim2.unwrap();
    let k = forged.clauses.iter().position(|c| c.len() == 1).unwrap();
    let flipped: Literal = negate(&forged.clauses[k][0]);
    forged.clauses[k] = vec![flipped];
    forged.selected[k] = forged.clauses[k].iter().position(|l| !l.positive);
    assert!(check(&b2.signature, &premises(&b2), &forged).is_err());
}

#[test]
fn equational_forgeries_are_refused() {
    // a = b and P(b): a set claiming ¬P(a) is saturated misses the superposition that
    // gives ⊥.
    let (b, claim) = saturate("a = b\nblonde(b)\n¬blonde(a)");
    assert!(claim.is_none(), "refuted, not saturated");
    let p = premises(&b);
    let set = clausify_with(&b.signature, &p, true);
    let mut precedence: Vec<u32> = (0..set.vocabulary.symbols.len() as u32).collect();
    let forged = Claim {
        clauses: set.clauses.iter().map(|c| c.literals.clone()).collect(),
        selected: set.clauses.iter().map(|c| c.literals.iter().position(|l| !l.positive)).collect(),
        precedence: precedence.clone(),
    };
    assert!(check(&b.signature, &p, &forged).is_err());
    // Whichever way the precedence orients a = b.
    precedence.reverse();
    assert!(check(&b.signature, &p, &Claim { precedence, ..forged }).is_err());
    // The pairing board's saturation without its injectivity in the second argument
    // leaves that premise uncovered.
    let (b, claim) = saturate(CONSISTENT[3]);
    let mut forged = claim.unwrap();
    let k = forged.clauses.len() - 1;
    forged.clauses.remove(k);
    forged.selected.remove(k);
    assert!(matches!(
        check(&b.signature, &premises(&b), &forged),
        Err(SaturationError::Uncovered(_))
    ));
}

/// Found in review: `x = y` must not subsume an atom (a variable is an object, never
/// an atom or ⊤), and huge variable numbers must not defeat renaming apart.
#[test]
fn sorts_and_variable_numbers_cannot_be_abused() {
    use crate::logic::clauses::{Atom, Term};
    let (b, claim) = saturate("blonde(a)\n∀x ¬blonde(x)");
    assert!(claim.is_none(), "refuted, not saturated");
    let p = premises(&b);
    let set = clausify_with(&b.signature, &p, true);
    let symbols = set.vocabulary.symbols.len();
    let blonde = set.vocabulary.symbols.iter().position(|s| s.name == "blonde").unwrap();
    let (x, y) = (Term::Var(0), Term::Var(1));
    let forged = Claim {
        clauses: vec![
            vec![Literal { positive: true, atom: Atom::Eq(x.clone(), y) }],
            vec![Literal { positive: false, atom: Atom::Pred(blonde, vec![x]) }],
        ],
        selected: vec![None, Some(0)],
        precedence: (0..symbols as u32).collect(),
    };
    assert!(check(&b.signature, &p, &forged).is_err(), "x = y does not make blonde(a) follow");
    // ∀x blonde(x) and ∀x ¬blonde(father(x)), with a variable numbered u32::MAX in each.
    let (b, claim) = saturate("∀x blonde(x)\n∀x ¬blonde(father(x))");
    assert!(claim.is_none(), "refuted, not saturated");
    let p = premises(&b);
    let set = clausify_with(&b.signature, &p, true);
    let father = set.vocabulary.symbols.iter().position(|s| s.name == "father").unwrap();
    let blonde = set.vocabulary.symbols.iter().position(|s| s.name == "blonde").unwrap();
    let big = Term::Var(u32::MAX);
    let forged = Claim {
        clauses: vec![
            vec![Literal { positive: true, atom: Atom::Pred(blonde, vec![big.clone()]) }],
            vec![Literal {
                positive: false,
                atom: Atom::Pred(blonde, vec![Term::App(father, vec![big])]),
            }],
        ],
        selected: vec![None, Some(0)],
        precedence: (0..set.vocabulary.symbols.len() as u32).collect(),
    };
    assert!(
        check(&b.signature, &p, &forged).is_err(),
        "the resolvent ⊥ is found whatever the variables are called"
    );
}

#[test]
fn upper_domain_bounds_are_not_covered() {
    let (b, claim) = saturate("∀x father(x) = x ∨ blonde(x)\nhappy(a)\n|L| < 3");
    assert!(claim.is_none(), "the loop claims no saturation with an upper bound");
    let forged = Claim { clauses: Vec::new(), selected: Vec::new(), precedence: Vec::new() };
    assert_eq!(check(&b.signature, &premises(&b), &forged), Err(SaturationError::Unsupported));
    // A lower bound past the 16 witnesses is no clause either.
    let (b, claim) = saturate("∀x blonde(x)\n|L| ≥ 17");
    assert!(claim.is_none(), "the loop claims no saturation past the witnesses");
    assert_eq!(check(&b.signature, &premises(&b), &forged), Err(SaturationError::Unsupported));
}

/// A board's own clauses as a claim, nothing selected, symbols in their order.
fn own_claim(b: &board::CheckedBoard) -> Claim {
    let set = clausify_with(&b.signature, &premises(b), true);
    Claim {
        clauses: set.clauses.iter().map(|c| c.literals.clone()).collect(),
        selected: vec![None; set.clauses.len()],
        precedence: (0..set.vocabulary.symbols.len() as u32).collect(),
    }
}

#[test]
fn bounds_at_their_edges_or_without_their_objects_are_read_rightly() {
    let load = |text| board::load("t", text, CheckMode::FreeStanding).unwrap();
    // `|L| < 1` holds in no structure and `|L| < 2` bounds from above: neither is a
    // clause, so a saturation of the rest says nothing about them.
    for text in ["∀x blonde(x)\n|L| < 1", "∀x blonde(x)\n|L| < 2"] {
        let b = load(text);
        let claim = own_claim(&b);
        assert_eq!(check(&b.signature, &premises(&b), &claim), Err(SaturationError::Unsupported));
    }
    // `|L| ≥ 1` holds in every structure: nothing to cover.
    let b = load("∀x blonde(x)\n|L| ≥ 1");
    assert_eq!(check(&b.signature, &premises(&b), &own_claim(&b)), Ok(()));
    // `|L| ≥ 2` is covered only when the proof's symbols name its two objects: not with
    // the symbols of a board without it, nor for a second copy of it.
    let bare = load("∀x∀y x = y");
    let bare_symbols =
        ProofSymbol::of(&clausify_with(&bare.signature, &premises(&bare), true).vocabulary);
    let bounded = load("∀x∀y x = y\n|L| ≥ 2");
    assert_eq!(
        crate::reason::proof::saturation::check(
            &bounded.signature,
            &premises(&bounded),
            &bare_symbols,
            &own_claim(&bare)
        ),
        Err(SaturationError::Unsupported)
    );
    let bounded_symbols =
        ProofSymbol::of(&clausify_with(&bounded.signature, &premises(&bounded), true).vocabulary);
    let twice = load("∀x∀y x = y\n|L| ≥ 2\n|L| ≥ 2");
    assert_eq!(
        crate::reason::proof::saturation::check(
            &twice.signature,
            &premises(&twice),
            &bounded_symbols,
            &own_claim(&bounded)
        ),
        Err(SaturationError::Unsupported)
    );
}

#[test]
fn a_symbol_heads_atoms_or_terms_never_both() {
    use crate::logic::clauses::{Atom, Term};
    let (b, claim) = saturate(CONSISTENT[0]);
    let claim = claim.unwrap();
    let p = premises(&b);
    let set = clausify_with(&b.signature, &p, true);
    let id = |name: &str| set.vocabulary.symbols.iter().position(|s| s.name == name).unwrap();
    let (blonde, happy, a) = (id("blonde"), id("happy"), id("a"));
    let constant = Term::App(a, Vec::new());
    let blonde_a = Term::App(blonde, vec![constant.clone()]);
    let wrong = [
        Atom::Pred(happy, vec![blonde_a.clone()]),
        Atom::Eq(constant.clone(), blonde_a.clone()),
        Atom::Eq(blonde_a, constant.clone()),
        Atom::Pred(a, Vec::new()),
        Atom::Pred(happy, vec![Term::App(set.vocabulary.symbols.len(), Vec::new())]),
    ];
    for atom in wrong {
        let mut forged = claim.clone();
        forged.clauses.push(vec![Literal { positive: true, atom: atom.clone() }]);
        forged.selected.push(None);
        assert!(
            matches!(check(&b.signature, &p, &forged), Err(SaturationError::Malformed(_))),
            "{atom:?}"
        );
    }
}

#[test]
fn refusals_name_the_clauses_they_are_about() {
    let load = |text| board::load("t", text, CheckMode::FreeStanding).unwrap();
    // Premise clauses are counted from 1 in the board's order.
    let b = load("blonde(a)\nhappy(a)");
    let own = own_claim(&b);
    for (kept, uncovered) in [(0, 2), (1, 1)] {
        let claim = Claim {
            clauses: vec![own.clauses[kept].clone()],
            selected: vec![None],
            precedence: own.precedence.clone(),
        };
        assert_eq!(
            check(&b.signature, &premises(&b), &claim),
            Err(SaturationError::Uncovered(uncovered))
        );
    }
    // blonde(a) into ¬blonde(a) gives ⊥: clause numbers from 1, the one rewritten from
    // first; either order of the two.
    let b = load("blonde(a)\n¬blonde(a)");
    let own = own_claim(&b);
    for reversed in [false, true] {
        let mut claim = own.clone();
        if reversed {
            claim.clauses.reverse();
        }
        let positive = claim.clauses.iter().position(|c| c[0].positive).unwrap();
        assert_eq!(
            check(&b.signature, &premises(&b), &claim),
            Err(SaturationError::NotSaturated(positive + 1, 2 - positive))
        );
    }
    // Factoring blonde(x) ∨ blonde(a) gives blonde(a).
    let b = load("happy(a)\n∀x blonde(x) ∨ blonde(a)");
    let claim = own_claim(&b);
    let k = claim.clauses.iter().position(|c| c.len() == 2).unwrap();
    assert_eq!(
        check(&b.signature, &premises(&b), &claim),
        Err(SaturationError::UnaryNotRedundant(k + 1))
    );
}

#[test]
fn an_equation_with_a_variable_side_rewrites_nothing_by_itself() {
    // ∀x x = a makes every object a, so b is a and the board is inconsistent: no
    // claim is saturated, whatever the order. (A unit x = a read as the rule x → a
    // would rewrite any term, and make the missing inferences look redundant.)
    let refusals = own_clauses_under_every_precedence("∀x x = a\nblonde(a)\n¬blonde(b)");
    assert!(refusals.len() >= 6);
    assert!(refusals.iter().all(|r| r.is_err()), "{refusals:?}");
}

/// An inference on a literal that another literal of its clause exceeds, once unified,
/// is not needed: likes(x, y) ∨ likes(y, x) with x := a, y := father(a) has its largest
/// literal in likes(father(a), a), so resolving ¬likes(a, father(a)) with it gives
/// nothing the set must hold. (The loop adds likes(father(a), a) anyway.)
#[test]
fn inferences_on_a_literal_exceeded_once_unified_are_not_needed() {
    let (b, claim) = saturate("∀x∀y likes(x, y) ∨ likes(y, x)\n¬likes(a, father(a))");
    let mut claim = claim.unwrap();
    let p = premises(&b);
    assert_eq!(check(&b.signature, &p, &claim), Ok(()));
    let set = clausify_with(&b.signature, &p, true);
    let shown = crate::reason::proof::saturation::Saturated {
        saturation: claim.clone(),
        symbols: ProofSymbol::of(&set.vocabulary),
    };
    let k = shown.clauses().iter().position(|c| c == "likes(father(a), a)").unwrap();
    claim.clauses.remove(k);
    claim.selected.remove(k);
    assert_eq!(check(&b.signature, &p, &claim), Ok(()));
}

#[test]
fn clauses_are_renamed_apart_before_they_meet() {
    // likes(x, y) against ¬likes(x, father(x)) gives ⊥ only with the second clause's x
    // kept apart from the first clause's y (else x := y, y := father(y) fails).
    assert_never_saturated("∀x∀y likes(x, y)\n∀x ¬likes(x, father(x))", 6);
}

#[test]
fn a_variable_met_again_in_unification_is_no_clash() {
    // likes(x, x) against ¬likes(y, y): x := y, then y against y again.
    assert_never_saturated("∀x likes(x, x)\n∀x ¬likes(x, x)", 2);
    assert_never_saturated("∀x likes(x, x)\n¬likes(a, a)", 2);
}

/// A board whose own clauses are saturated under every precedence: the inferences the
/// calculus leaves out must not be asked for.
fn assert_saturated_as_written(text: &str) {
    let verdicts = own_clauses_under_every_precedence(text);
    assert!(verdicts.len() >= 2);
    let refused = verdicts.iter().filter(|v| v.is_err()).count();
    let first = verdicts.iter().find(|v| v.is_err());
    assert_eq!(refused, 0, "{text}: refused under {refused} orders, first {first:?}");
}

#[test]
fn inferences_the_ordering_rules_out_are_not_asked_for() {
    // Into the smaller side of a literal: c = d does not rewrite the c of
    // father(father(a)) = c (else father(father(a)) = d would be needed, and it is no
    // consequence of smaller clauses when c is above d). The clausifier writes an
    // equation's sides in its own order, c before father(father(a)) and q after it,
    // so the small side is met in either place.
    assert_saturated_as_written("father(father(a)) = c\nc = d");
    assert_saturated_as_written("father(father(a)) = q\nq = r");
    // Into a literal that its clause's other literal exceeds once unified: likes(a,
    // father(a)) against ¬likes(x, y) ∨ ¬likes(y, x), x := a, y := father(a), where
    // ¬likes(father(a), a) is the larger.
    assert_saturated_as_written("likes(a, father(a))\n∀x∀y ¬likes(x, y) ∨ ¬likes(y, x)");
}

#[test]
fn a_claim_needs_one_selection_per_clause_and_one_rank_per_symbol() {
    let (b, claim) = saturate(CONSISTENT[0]);
    let claim = claim.unwrap();
    let p = premises(&b);
    assert_eq!(check(&b.signature, &p, &claim), Ok(()));
    let mut short = claim.clone();
    short.selected.pop();
    let mut long = claim.clone();
    long.selected.push(None);
    let mut fewer = claim.clone();
    let last = fewer.precedence.len() as u32 - 1;
    fewer.precedence.retain(|&r| r != last);
    let mut more = claim.clone();
    more.precedence.push(last + 1);
    for forged in [short, long, fewer, more] {
        assert!(
            matches!(check(&b.signature, &p, &forged), Err(SaturationError::Malformed(_))),
            "{forged:?}"
        );
    }
}

/// `|L| ≥ n` (n ≤ 16) is n constants that must differ: a saturation keeps them apart, a
/// claim without them is refused, and a board that cannot have n objects is refuted.
#[test]
fn a_lower_domain_bound_is_its_witnesses() {
    let text = "∀x∀y∀u∀v (x + y = u + v → x = u ∧ y = v)\n|L| ≥ 3";
    let (b, claim) = saturate(text);
    let claim = claim.expect("the pairing with three objects saturates");
    assert_eq!(check(&b.signature, &premises(&b), &claim), Ok(()));
    use crate::logic::clauses::{Atom, Term};
    let constant = |t: &Term| matches!(t, Term::App(_, args) if args.is_empty());
    let distinct = claim
        .clauses
        .iter()
        .filter(|c| matches!(c.as_slice(), [Literal { positive: false, atom: Atom::Eq(s, t) }] if constant(s) && constant(t)))
        .count();
    assert_eq!(distinct, 3, "the three witnesses kept apart: {claim:?}");
    let (b, claim) = saturate("∀x blonde(x)\n|L| ≥ 3");
    let mut forged = claim.expect("saturates");
    let keep: Vec<bool> = forged.clauses.iter().map(|c| c.iter().any(|l| l.positive)).collect();
    let mut k = keep.iter();
    forged.clauses.retain(|_| *k.next().unwrap());
    let mut k = keep.iter();
    forged.selected.retain(|_| *k.next().unwrap());
    assert!(
        matches!(check(&b.signature, &premises(&b), &forged), Err(SaturationError::Uncovered(_))),
        "{forged:?}"
    );
    // One object only, two asked for: `x = y` superposes into the witnesses' `o1 ≠ o2`
    // (from its variable side), and the loop refutes rather than runs dry.
    let (_, claim) = saturate("∀x∀y x = y\n|L| ≥ 2");
    assert!(claim.is_none(), "one object only, two asked for: no saturation");
}

/// Inconsistent boards, each refuted by a different inference: resolution, factoring,
/// superposition into either sign, equality resolution, equality factoring, and
/// rewriting under a quantifier.
const INCONSISTENT: &[&str] = &[
    "∀x blonde(x) → happy(x)\nblonde(a)\n¬happy(a)",
    "∀x∀y smarter(x, y) ∨ smarter(y, x)\n∀x ¬smarter(x, x)\n∀x∀y smarter(x, y) → ¬smarter(y, x)",
    "∀x∀y blonde(x) ∨ blonde(y)\n¬blonde(a)",
    "father(a) = b\nblonde(father(a))\n¬blonde(b)",
    "∀x father(x) = x\nfather(father(a)) ≠ a",
    "∀x∀y x + y = y + x\na + b ≠ b + a",
    "∀x x ≠ father(x) ∨ happy(x)\nfather(a) = a\n¬happy(a)",
    "∀x x = a ∨ x = b\nc ≠ a\nc ≠ b",
    "∀x∀y x = y\na ≠ b",
    "∀x father(father(x)) = x\n∀x blonde(x) ↔ ¬blonde(father(x))\nblonde(a) ↔ blonde(father(father(a)))\n∀x blonde(x) ↔ blonde(father(x))",
    "∀x∃y likes(x, y)\n∀x∀y ¬likes(x, y) ∨ ¬happy(y)\n∀x happy(x)",
];

/// Soundness of the check: an inconsistent set has no saturation, so no claim about one
/// may pass, whatever its precedence and selection. Each claim is the board's own
/// clauses, alone or with the clauses of a consistent board's saturation added.
#[test]
fn no_claim_about_an_inconsistent_board_is_accepted() {
    use crate::util::random::SplitMix64;
    let mut rng = SplitMix64::new(20261127);
    let mut refusals = std::collections::BTreeMap::new();
    for text in INCONSISTENT {
        let (b, claim) = saturate(text);
        assert!(claim.is_none(), "refuted, not saturated: {text}");
        let p = premises(&b);
        let set = clausify_with(&b.signature, &p, true);
        let symbols = set.vocabulary.symbols.len();
        let own: Vec<Vec<Literal>> = set.clauses.iter().map(|c| c.literals.clone()).collect();
        for round in 0..40 {
            let mut clauses = own.clone();
            // Now and then with stronger clauses added (a literal dropped): a superset of
            // an unsatisfiable set is unsatisfiable.
            if round % 4 == 3 {
                clauses.extend(own.iter().filter(|c| c.len() > 1).map(|c| c[1..].to_vec()));
                clauses.retain(|c| !c.is_empty());
            }
            let mut precedence: Vec<u32> = (0..symbols as u32).collect();
            for i in (1..precedence.len()).rev() {
                precedence.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let selected = clauses
                .iter()
                .map(|c| {
                    let negative: Vec<usize> = (0..c.len()).filter(|&i| !c[i].positive).collect();
                    match rng.below(3) {
                        0 if !negative.is_empty() => {
                            Some(negative[rng.below(negative.len() as u64) as usize])
                        }
                        _ => None,
                    }
                })
                .collect();
            let claim = Claim { clauses, selected, precedence };
            match check(&b.signature, &p, &claim) {
                Ok(()) => {
                    panic!("accepted round {round} of an inconsistent board:\n{text}\n{claim:?}")
                }
                Err(e) => {
                    let kind = format!("{e:?}");
                    *refusals
                        .entry(kind[..kind.find('(').unwrap_or(kind.len())].to_string())
                        .or_insert(0) += 1;
                }
            }
        }
    }
    assert!(refusals.get("NotSaturated").is_some_and(|&n| n > 200), "{refusals:?}");
    assert!(refusals.contains_key("UnaryNotRedundant"), "{refusals:?}");
}
