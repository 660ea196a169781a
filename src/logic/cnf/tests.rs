//! Tests of `cnf`.

use super::*;
use crate::logic::board;
use crate::logic::check::CheckMode;

fn clauses_of(text: &str) -> (ClauseSet, Vec<String>) {
    let b = board::load("t", text, CheckMode::FreeStanding).unwrap();
    let premises: Vec<Premise> = crate::logic::board::premises_of(&b, None);
    let set = clausify(&b.signature, &premises);
    let texts = set.clauses.iter().map(|c| clause_text(&set.vocabulary, c)).collect();
    (set, texts)
}

#[test]
fn implication_is_one_clause() {
    let (_, t) = clauses_of("∀x blonde(x) → happy(x)");
    assert_eq!(t, vec!["¬blonde(X0) ∨ happy(X0)"]);
}

#[test]
fn skolem_functions_take_only_the_variables_they_need() {
    let (set, t) = clauses_of("∀x∀y∃z likes(y, z)");
    assert_eq!(t.len(), 1);
    let sk = set.vocabulary.symbols.iter().find(|s| matches!(s.role, Role::Skolem { .. })).unwrap();
    assert_eq!(sk.arity, 1, "z depends on y only: {t:?}");
}

#[test]
fn cardinality_is_a_bound_not_clauses() {
    let (set, t) = clauses_of("|L| ≥ 3\n|L| < 5\n|L| < 7");
    assert!(t.is_empty());
    assert_eq!(set.bounds.at_least, 3);
    assert_eq!(set.bounds.below, Some(5));
    assert_eq!(set.bounds.below_from.unwrap().statement, 2);
}

#[test]
fn nested_iff_stays_linear() {
    // Eight nested ↔ would give 2⁸ clauses by expansion.
    let f = "∀x (blonde(x) ↔ (happy(x) ↔ (likes(x,x) ↔ (smarter(x,x) ↔ (blonde(father(x)) ↔ (happy(father(x)) ↔ (likes(x, father(x)) ↔ smarter(x, father(x)))))))))";
    let (_, t) = clauses_of(f);
    assert!(t.len() < 40, "{} clauses", t.len());
}

#[test]
fn a_small_operand_of_iff_is_written_out_not_named() {
    // A definition as players write it: no fresh predicate stands between `happy` and
    // what it means, so a proof reads in the board's own notions.
    let (set, t) = clauses_of("∀x (happy(x) ↔ ∀y (likes(x, y) → blonde(y)))");
    assert!(
        !set.vocabulary.symbols.iter().any(|s| matches!(s.role, Role::Definition { .. })),
        "{t:?}"
    );
    assert_eq!(t.len(), 3, "{t:?}");
    assert!(t.contains(&"¬happy(X0) ∨ ¬likes(X0, X1) ∨ blonde(X1)".to_string()), "{t:?}");
    // An operand that holds a `↔` of its own is still named, so nesting stays linear.
    let (set, _) = clauses_of("∀x (happy(x) ↔ (blonde(x) ↔ likes(x, x)))");
    assert!(set.vocabulary.symbols.iter().any(|s| matches!(s.role, Role::Definition { .. })));
}

#[test]
fn unique_existence_gives_existence_and_uniqueness() {
    let (_, t) = clauses_of("∃!x blonde(x)");
    assert_eq!(t.len(), 2, "{t:?}");
    assert!(t.iter().any(|c| c.starts_with("blonde(")), "{t:?}");
    assert!(t.iter().any(|c| c.contains('=')), "{t:?}");
}

#[test]
fn a_name_is_the_object_its_statement_asserts() {
    // As written, the statement says blondie is blonde, and any blonde object is blondie.
    let (set, t) = clauses_of("∃!x blonde(x) | blondie := x");
    assert_eq!(t, vec!["blonde(blondie)", "¬blonde(X0) ∨ X0 = blondie"]);
    assert!(
        !set.vocabulary.symbols.iter().any(|s| matches!(s.role, Role::Skolem { .. })),
        "no Skolem object beside the name"
    );
    // Negated (does it follow?), the name keeps its meaning through its definition (L6).
    let b = board::load("b", "∃!x blonde(x) | blondie := x", CheckMode::FreeStanding).unwrap();
    let negated = clausify(
        &b.signature,
        &[Premise { index: 1, statement: &b.board.statements[0], negated: true }],
    );
    assert!(negated.clauses.iter().any(|c| c.origin.part == Part::NameDefinition));
}
