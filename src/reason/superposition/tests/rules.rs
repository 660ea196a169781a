//! Each inference rule, and the restrictions on it, on small clause sets: the conclusions
//! are read as a player would (variables `X0`, `X1`, …, after renaming in order).

use crate::logic::board;
use crate::logic::check::CheckMode;
use crate::logic::clauses::{ClauseSet, Literal};
use crate::logic::cnf::{clausify_with, premises_of};
use crate::reason::proof::{Proof, ProofSymbol};
use crate::reason::superposition::bank::Bank;
use crate::reason::superposition::literal::Literal as BankLiteral;
use crate::reason::superposition::saturate::{Saturation, Selection};

fn subsumes_for_test(d: &[Literal], c: &[Literal]) -> bool {
    let mut bank = Bank::new();
    let d: Vec<BankLiteral> = d.iter().map(|l| BankLiteral::intern(&mut bank, l)).collect();
    let c: Vec<BankLiteral> = c.iter().map(|l| BankLiteral::intern(&mut bank, l)).collect();
    crate::reason::superposition::subsumption::subsumes(&bank, &d, &c)
}

fn clause_set(text: &str) -> ClauseSet {
    let b = board::load("t", text, CheckMode::FreeStanding).unwrap();
    let premises = premises_of(&b, None);
    clausify_with(&b.signature, &premises, true)
}

fn show(set: &ClauseSet, lits: &[Literal]) -> String {
    let p = Proof {
        steps: Vec::new(),
        symbols: ProofSymbol::of(&set.vocabulary),
        extra_constant: None,
    };
    let mut shown: Vec<String> = lits.iter().map(|l| p.literal(l)).collect();
    shown.sort();
    shown.join(" ∨ ")
}

/// The conclusions of all inferences among the board's clauses, as text.
fn conclusions(text: &str) -> Vec<String> {
    let set = clause_set(text);
    let out = Saturation::new(&set).conclusions_among_inputs();
    out.iter().map(|c| show(&set, c)).collect()
}

#[test]
fn the_horn_exception_lets_a_definition_meet_the_question_head_first() {
    // happy occurs twice, blonde three times: by inverse frequency happy is the
    // greater, so `happy(x) ∨ ¬blonde(x)` is a Horn clause led by its head.
    let text = "∀x happy(x) ∨ ¬blonde(x)\n∀x blonde(x) ∨ ¬likes(x, x)\nblonde(b)\n¬happy(a)";
    let set = clause_set(text);
    let shown = |mut s: Saturation| -> Vec<String> {
        s.conclusions_among_inputs().iter().map(|c| show(&set, c)).collect()
    };
    let heaviest = shown(Saturation::new(&set).by_inverse_frequency());
    assert!(!heaviest.contains(&"¬blonde(a)".to_string()), "{heaviest:?}");
    let horn = shown(
        Saturation::new(&set)
            .by_inverse_frequency()
            .with_selection(Selection::HeaviestExceptUniqueMaxHorn),
    );
    assert!(horn.contains(&"¬blonde(a)".to_string()), "{horn:?}");
}

#[test]
fn resolution_works_on_the_selected_negative_literal_only() {
    let c = conclusions("blonde(a)\nhappy(a)\n∀x ¬blonde(x) ∨ ¬happy(x)");
    // Both negative literals weigh the same: the first is selected.
    assert!(c.contains(&"¬happy(a)".to_string()), "{c:?}");
    assert!(!c.contains(&"¬blonde(a)".to_string()), "¬happy(x) is not selected: {c:?}");
    let c = conclusions("blonde(a)\n∀x ¬blonde(x) ∨ happy(x)");
    assert_eq!(c, vec!["happy(a)".to_string()]);
}

#[test]
fn a_variable_side_superposes_unless_the_other_side_contains_it() {
    // x = y rewrites any subterm: father(a) becomes an arbitrary object.
    let c = conclusions("∀x∀y x = y\nblonde(father(a))");
    assert!(c.contains(&"blonde(X0)".to_string()), "{c:?}");
    // father(x) = x: father(x) is the larger side, so x never rewrites a to father(a).
    let c = conclusions("∀x father(x) = x\nblonde(a)");
    assert!(!c.contains(&"blonde(father(a))".to_string()), "{c:?}");
}

#[test]
fn superposition_rewrites_with_the_larger_side_only() {
    // father(a) > a: father(a) = a rewrites father(a) to a, never a to father(a).
    let c = conclusions("father(a) = a\nblonde(father(father(a)))");
    assert!(c.contains(&"blonde(father(a))".to_string()), "{c:?}");
    let c = conclusions("father(a) = a\nblonde(a)");
    assert!(
        !c.contains(&"blonde(father(a))".to_string()),
        "nothing rewrites into the smaller side: {c:?}"
    );
    // Into a variable position never: x is not rewritten.
    let c = conclusions("father(a) = a\n∀x blonde(x)");
    assert!(c.iter().all(|s| s == "a = a"), "only the equation into itself: {c:?}");
    // With unification: father(x) = x into blonde(father(b)).
    let c = conclusions("∀x father(x) = x\nblonde(father(b))");
    assert!(c.contains(&"blonde(b)".to_string()), "{c:?}");
}

#[test]
fn equality_resolution_and_factoring() {
    let c = conclusions("∀x father(x) ≠ father(a) ∨ blonde(x)");
    assert_eq!(c, vec!["blonde(a)".to_string()]);
    let c = conclusions("∀x blonde(x) ∨ blonde(a)");
    assert!(c.contains(&"blonde(a)".to_string()), "{c:?}");
}

#[test]
fn equality_factoring() {
    // father(x) = a ∨ father(y) = b: with father(x) and father(y) unified,
    // a ≠ b ∨ father(x) = b (or the same with a and b swapped).
    let c = conclusions("∀x∀y father(x) = a ∨ father(y) = b");
    let factor = |s: &String| {
        let lits: Vec<&str> = s.split(" ∨ ").collect();
        lits.len() == 2
            && lits.iter().any(|l| *l == "a ≠ b" || *l == "b ≠ a")
            && lits.iter().any(|l| l.contains("= father(X"))
    };
    assert!(c.iter().any(factor), "{c:?}");
}

#[test]
fn demodulation_rewrites_to_normal_form() {
    let set = clause_set("∀x father(x) = x\nblonde(father(father(a)))");
    let out = Saturation::new(&set).simplified_last_input();
    assert_eq!(show(&set, &out), "blonde(a)");
    // An equation the KBO cannot orient rewrites only where the instance decreases:
    // x + y = y + x turns b + a into a + b (a before b), and leaves a + b alone.
    let set = clause_set("∀x∀y x + y = y + x\nblonde(a + b)");
    let out = Saturation::new(&set).simplified_last_input();
    let set2 = clause_set("∀x∀y x + y = y + x\nblonde(b + a)");
    let out2 = Saturation::new(&set2).simplified_last_input();
    assert_eq!(show(&set, &out), show(&set2, &out2), "both normalise to the same");
    // t ≠ t is dropped.
    let set = clause_set("∀x father(x) = x\nfather(a) ≠ a ∨ blonde(a)");
    assert_eq!(show(&set, &Saturation::new(&set).simplified_last_input()), "blonde(a)");
}

/// Every new clause loses the literals whose complements are instances of active unit
/// clauses; a clause of more literals that would resolve one away is left to the
/// picked clause's subsumption resolution.
#[test]
fn unit_clauses_cut_new_clauses() {
    let set = clause_set(
        "∀x ¬blonde(x)\n∀x∀y ¬likes(x, y) ∨ happy(y)\nlikes(a, b) ∨ blonde(father(a)) ∨ happy(b)",
    );
    let out = Saturation::new(&set).unit_cut_last_input();
    assert_eq!(show(&set, &out), "happy(b) ∨ likes(a, b)");
    let set = clause_set("∀x ¬blonde(x)\nblonde(a)");
    assert!(Saturation::new(&set).unit_cut_last_input().is_empty(), "the empty clause");
}

#[test]
fn subsumption() {
    let set = clause_set("∀x blonde(x)\nblonde(a) ∨ happy(b)\n∀x likes(x, x)\nlikes(a, b)\n∀x father(x) = a\na = father(b) ∨ happy(b)\n∀x∀y blonde(x) ∨ blonde(y)");
    let c: Vec<&[Literal]> = set.clauses.iter().map(|c| c.literals.as_slice()).collect();
    assert!(subsumes_for_test(c[0], c[1]), "blonde(x) subsumes blonde(a) ∨ happy(b)");
    assert!(!subsumes_for_test(c[1], c[0]));
    assert!(!subsumes_for_test(c[2], c[3]), "likes(x, x) does not subsume likes(a, b)");
    assert!(subsumes_for_test(c[4], c[5]), "an equation either way round");
    assert!(!subsumes_for_test(c[6], c[0]), "a longer clause never subsumes a shorter one");
}
