//! The infinite-model evaluator against statements whose truth in ℕ and ℤ is known, its
//! refusals, the check that definitions are functions, the smallest failing values, and
//! the three ways a structure is written out (the table's lines, TPTP, JSON).

use super::*;
use crate::logic::ast::{Formula as Ast, Span};
use crate::logic::board;
use crate::logic::check::CheckMode;
use crate::logic::presburger::Formula as Pa;

fn statements(text: &str) -> Vec<Statement> {
    board::load("b", text, CheckMode::FreeStanding).expect("a well-formed board").board.statements
}

fn statement(text: &str) -> Statement {
    statements(text).remove(0)
}

fn v(i: Var) -> Linear {
    Linear::var(i)
}

fn k(c: i128) -> Linear {
    Linear::constant(c)
}

fn plus(a: Linear, b: Linear) -> Linear {
    a.plus(&b).unwrap()
}

/// `smarter(x, y)` when x > y, `father(x) = x + 1`, `adam = 0`, `x + y = max(x, y)`.
fn numbers(domain: Domain) -> InfiniteStructure {
    let mut m = InfiniteStructure::new(domain);
    m.define("smarter", Meaning::Predicate { arity: 2, holds: Pa::less(&v(1), &v(0)).unwrap() });
    m.define("father", Meaning::function(1, plus(v(0), k(1))));
    m.define("adam", Meaning::function(0, k(0)));
    m.define("+", max());
    m
}

/// `max(x, y)` by its two cases: x if x ≥ y, y if y > x.
fn max() -> Meaning {
    Meaning::Function {
        arity: 2,
        cases: vec![
            (Pa::at_most(&v(1), &v(0)).unwrap(), v(0)),
            (Pa::less(&v(0), &v(1)).unwrap(), v(1)),
        ],
    }
}

/// Whether `text` holds in `m`, and whether its negation does.
fn truth(m: &InfiniteStructure, text: &str) -> (bool, bool) {
    let st = statement(text);
    (m.satisfies(&st, false, None).unwrap(), m.satisfies(&st, true, None).unwrap())
}

#[test]
fn statements_mean_in_n_and_z_what_they_say() {
    let (n, z) = (numbers(Domain::Naturals), numbers(Domain::Integers));
    for (text, in_n, in_z) in [
        ("∀x smarter(father(x), x)", true, true),
        ("∀x ¬smarter(x, x)", true, true),
        // Something below every object: not in ℕ (0 has nothing below), in ℤ.
        ("∀x ∃y smarter(x, y)", false, true),
        ("∃x ∀y ¬smarter(x, y)", true, false),
        ("∃x smarter(adam, x)", false, true),
        ("∃x ∃y x ≠ y", true, true),
        ("∀x ∀y x ≠ y", false, false),
        ("∃x x = father(x)", false, false),
        // x + y is the larger of the two: its cases combine through nested terms.
        ("∀x ∀y x + y = x ∨ x + y = y", true, true),
        ("∀x ∀y x + y = x", false, false),
        ("∀x ∀y x + y = y + x", true, true),
        ("∀x ∀y ∀z (x + y) + z = x + (y + z)", true, true),
        ("∀x ∀y ¬smarter(x, x + y)", true, true),
        ("∀x ∀y smarter(father(x + y), y)", true, true),
        ("∀x ∃y smarter(y, x) ∧ ¬smarter(y, father(x))", true, true),
        ("∀x smarter(x, adam) ⇒ smarter(x, father(adam))", false, false),
        ("∀x smarter(x, adam) ⇔ x ≠ adam", true, false),
        // Exactly one object with nothing below it (ℕ's 0); in ℤ none.
        ("∃!x ∀y ¬smarter(x, y)", true, false),
        ("∃!x x = adam ∨ x = father(adam)", false, false),
        ("∃!x x = father(adam)", true, true),
        ("∀x ∃!y father(y) = x", false, true),
    ] {
        assert_eq!(truth(&n, text), (in_n, !in_n), "in ℕ: {text}");
        assert_eq!(truth(&z, text), (in_z, !in_z), "in ℤ: {text}");
    }
}

#[test]
fn size_statements_hold_as_an_infinite_set_makes_them() {
    let m = numbers(Domain::Naturals);
    assert_eq!(truth(&m, "|L| ≥ 3"), (true, false));
    assert_eq!(truth(&m, "|L| < 3"), (false, true));
    assert_eq!(truth(&m, "¬|L| ≥ 3"), (false, true));
}

#[test]
fn a_named_object_must_be_the_one_the_statement_describes_either_way() {
    let named = statement("∀x∃!y smarter(y, x) ∧ ¬smarter(y, father(x)) | next(x) := y");
    let mut m = numbers(Domain::Naturals);
    m.define("next", Meaning::function(1, plus(v(0), k(1))));
    assert_eq!(m.satisfies(&named, false, None), Ok(true));
    assert_eq!(m.satisfies(&named, true, None), Ok(false));
    // next(x) = x + 2 is not the object described: false, and so is its negation (ruling L6).
    m.define("next", Meaning::function(1, plus(v(0), k(2))));
    assert_eq!(m.satisfies(&named, false, None), Ok(false));
    assert_eq!(m.satisfies(&named, true, None), Ok(false));
    let constant = statement("∃!x ∀y ¬smarter(x, y) | bottom := x");
    m.define("bottom", Meaning::function(0, k(0)));
    assert_eq!(m.satisfies(&constant, false, None), Ok(true));
    m.define("bottom", Meaning::function(0, k(1)));
    assert_eq!(m.satisfies(&constant, false, None), Ok(false));
}

#[test]
fn a_symbol_missing_or_defined_otherwise_is_refused() {
    let m = numbers(Domain::Naturals);
    let refusal = |text: &str| m.satisfies(&statement(text), false, None).unwrap_err();
    assert_eq!(refusal("∀x happy(x)"), InfiniteCheckError::MissingSymbol("happy".into()));
    let mut fatherless = m.clone();
    fatherless.symbols.remove("father");
    assert_eq!(
        fatherless.satisfies(&statement("∀x father(x) = x"), false, None),
        Err(InfiniteCheckError::MissingSymbol("father".into()))
    );
    // Each symbol defined as the other kind.
    let mut swapped = m.clone();
    swapped.define("smarter", Meaning::function(2, v(0)));
    swapped.define("father", Meaning::Predicate { arity: 1, holds: Pa::True });
    let refusal = |text: &str| swapped.satisfies(&statement(text), false, None).unwrap_err();
    assert_eq!(
        refusal("∀x smarter(x, x)"),
        InfiniteCheckError::WrongKind("smarter".into(), "predicate")
    );
    assert_eq!(
        refusal("∀x father(x) = x"),
        InfiniteCheckError::WrongKind("father".into(), "function")
    );
    let mut other = m.clone();
    other.define("father", Meaning::function(2, v(0)));
    other.define("smarter", Meaning::Predicate { arity: 1, holds: Pa::True });
    let refusal = |text: &str| other.satisfies(&statement(text), false, None).unwrap_err();
    assert_eq!(
        refusal("∀x father(x) = x"),
        InfiniteCheckError::WrongKind("father".into(), "function of another arity")
    );
    assert_eq!(
        refusal("∀x smarter(x, x)"),
        InfiniteCheckError::WrongKind("smarter".into(), "predicate of another arity")
    );
    // A variable no quantifier binds (the parser never gives one; built by hand).
    let free = Statement {
        kind: StatementKind::Formula(Ast::new(FormulaKind::Eq(Term::var("x"), Term::var("x")))),
        span: Span::new(0, 0),
    };
    assert_eq!(
        m.satisfies(&free, false, None),
        Err(InfiniteCheckError::UnboundVariable("x".into()))
    );
}

#[test]
fn nested_definitions_by_cases_stop_at_the_case_limit() {
    let mut m = numbers(Domain::Naturals);
    m.define("likes", Meaning::Predicate { arity: 2, holds: Pa::True });
    m.define("father", step_up_from_even());
    let nest = |depth: usize| (0..depth).fold("x".to_string(), |t, _| format!("father({t})"));
    // Each father doubles the cases: 2¹² = 4 096 is the limit.
    let within = format!("∀x {} = x", nest(12));
    assert_eq!(m.satisfies(&statement(&within), false, None), Ok(false));
    let beyond = format!("∀x {} = x", nest(13));
    assert_eq!(
        m.satisfies(&statement(&beyond), false, None),
        Err(InfiniteCheckError::TooManyCases)
    );
    // 2⁶ · 2⁷ combinations of a predicate's arguments pass it too.
    let pair = format!("∀x likes({}, {})", nest(6), nest(7));
    assert_eq!(m.satisfies(&statement(&pair), false, None), Err(InfiniteCheckError::TooManyCases));
    let pair = format!("∀x likes({}, {})", nest(6), nest(6));
    assert_eq!(m.satisfies(&statement(&pair), false, None), Ok(true));
}

/// `x + 1 if x is even, x otherwise`: two cases.
fn step_up_from_even() -> Meaning {
    Meaning::Function {
        arity: 1,
        cases: vec![
            (Pa::Divides(2, v(0)), plus(v(0), k(1))),
            (Pa::not(Pa::Divides(2, v(0))), v(0)),
        ],
    }
}

#[test]
fn a_false_universal_statement_fails_at_its_smallest_values() {
    let (n, z) = (numbers(Domain::Naturals), numbers(Domain::Integers));
    let at = |m: &InfiniteStructure, text: &str| m.counterexample(&statement(text), None);
    let named = |pairs: &[(&str, i128)]| {
        Some(pairs.iter().map(|&(name, value)| (name.to_string(), value)).collect::<Vec<_>>())
    };
    assert_eq!(at(&n, "∀x smarter(x, adam)"), named(&[("x", 0)]));
    assert_eq!(at(&n, "∀x smarter(x, father(adam))"), named(&[("x", 0)]));
    assert_eq!(at(&n, "∀x ¬smarter(x, father(adam))"), named(&[("x", 2)]));
    // Of (0, 1) and (1, 0), both with largest entry 1, the first in order.
    assert_eq!(at(&n, "∀x ∀y x = y ∨ smarter(x, y)"), named(&[("x", 0), ("y", 1)]));
    assert_eq!(at(&n, "∀x ∀y ∀z x + y ≠ z"), named(&[("x", 0), ("y", 0), ("z", 0)]));
    // ℤ is counted 0, 1, −1, 2, −2, …
    assert_eq!(at(&z, "∀x ¬smarter(adam, x)"), named(&[("x", -1)]));
    assert_eq!(at(&z, "∀x ¬smarter(x, father(adam))"), named(&[("x", 2)]));
    assert_eq!(at(&n, "∀x ¬smarter(adam, x)"), None, "true in ℕ: nothing fails");
    // Failing first at 7, past the values tried; no leading ∀; four ∀.
    let seven = "∀x x ≠ father(father(father(father(father(father(father(adam)))))))";
    assert_eq!(at(&n, seven), None);
    assert_eq!(at(&n, &seven.replace("father(adam)", "adam")), named(&[("x", 6)]));
    assert_eq!(at(&n, "∃x smarter(x, father(x))"), None);
    assert_eq!(at(&n, "∀w ∀x ∀y ∀z w = x"), None);
    assert_eq!(at(&n, "∀x ∀y ∀z x = y"), named(&[("x", 0), ("y", 1), ("z", 0)]));
}

#[test]
fn definitions_by_cases_must_give_one_value_in_the_domain() {
    let cases = |guards: [Pa; 2], values: [Linear; 2]| Meaning::Function {
        arity: 1,
        cases: guards.into_iter().zip(values).collect(),
    };
    let (lt3, gt3) = (Pa::less(&v(0), &k(3)).unwrap(), Pa::less(&k(3), &v(0)).unwrap());
    let at_least3 = Pa::at_most(&k(3), &v(0)).unwrap();
    let lt5 = Pa::less(&v(0), &k(5)).unwrap();
    let well = |domain: Domain, meaning: Meaning| {
        let mut m = InfiniteStructure::new(domain);
        m.define("happy", Meaning::Predicate { arity: 1, holds: Pa::False });
        m.define("f", meaning);
        m.well_defined(None).unwrap()
    };
    for domain in [Domain::Naturals, Domain::Integers] {
        assert!(well(domain, cases([lt3.clone(), at_least3.clone()], [plus(v(0), k(1)), v(0)])));
        assert!(!well(domain, cases([lt3.clone(), gt3.clone()], [v(0), v(0)])), "no case at 3");
        assert!(!well(domain, cases([lt3.clone(), lt5.clone()], [v(0), v(0)])), "two at 4");
        assert!(well(domain, step_up_from_even()));
        assert!(well(domain, Meaning::function(1, v(0).times(3).unwrap())));
    }
    // x − 1 leaves ℕ at 0 and only there; over ℤ it is a function.
    let predecessor = cases([lt3.clone(), at_least3], [v(0), plus(v(0), k(-1))]);
    assert!(well(Domain::Naturals, predecessor.clone()), "x − 1 only from 3 up");
    let below = Meaning::function(1, plus(v(0), k(-1)));
    assert!(!well(Domain::Naturals, below.clone()));
    assert!(well(Domain::Integers, below));
    let two = Meaning::function(2, plus(v(0), v(1).times(-1).unwrap()));
    assert!(!well(Domain::Naturals, two.clone()));
    assert!(well(Domain::Integers, two));
    // Every definition is checked, not only the first.
    let mut m = numbers(Domain::Naturals);
    m.define("zz", Meaning::function(1, plus(v(0), k(-1))));
    assert_eq!(m.well_defined(None), Ok(false));
    assert_eq!(numbers(Domain::Naturals).well_defined(None), Ok(true));
}

/// A structure with one symbol of each way of being written.
fn gallery() -> InfiniteStructure {
    let mut m = numbers(Domain::Integers);
    m.define("step", step_up_from_even());
    let by_order = |first: Linear, second: Linear| Meaning::Function {
        arity: 2,
        cases: vec![
            (Pa::at_most(&v(1), &v(0)).unwrap(), first),
            (Pa::less(&v(0), &v(1)).unwrap(), second),
        ],
    };
    m.define("+", by_order(plus(v(0), k(3)), plus(v(1), k(3))));
    m.define("low", by_order(plus(v(1), k(-2)), plus(v(0), k(-2))));
    m.define("0", Meaning::function(0, k(-7)));
    m.define("rainy", Meaning::Predicate { arity: 0, holds: Pa::True });
    m.define("sunny", Meaning::Predicate { arity: 0, holds: Pa::False });
    m.define("happy", Meaning::Predicate { arity: 1, holds: Pa::True });
    m.define("sad", Meaning::Predicate { arity: 1, holds: Pa::False });
    m.define("blonde", Meaning::Predicate { arity: 1, holds: Pa::Divides(2, plus(v(0), k(1))) });
    m.define("tall", Meaning::Predicate { arity: 1, holds: Pa::Divides(3, plus(v(0), k(1))) });
    m.define(
        "likes",
        Meaning::Predicate {
            arity: 2,
            holds: Pa::or(vec![
                Pa::equal(&v(0), &plus(v(1), k(1))).unwrap(),
                Pa::and(vec![
                    Pa::not(Pa::equal(&v(0), &v(1)).unwrap()),
                    Pa::at_most(&k(2), &v(0)).unwrap(),
                ]),
                Pa::not(Pa::or(vec![
                    Pa::less(&v(0), &k(-4)).unwrap(),
                    Pa::less(&plus(v(0), k(4)), &v(1)).unwrap(),
                ])),
            ]),
        },
    );
    let at_least = |a: Linear, b: Linear| Pa::at_most(&b, &a).unwrap();
    m.define(
        "smarter",
        Meaning::Predicate {
            arity: 2,
            holds: Pa::and(vec![
                at_least(v(0), v(1)),
                at_least(plus(v(0), k(2)), v(1)),
                Pa::Not(Box::new(Pa::True)),
                Pa::Not(Box::new(Pa::Divides(2, v(1)))),
                Pa::Not(Box::new(Pa::Divides(2, v(0).times(2).unwrap()))),
            ]),
        },
    );
    m.define("wide", Meaning::Predicate { arity: 4, holds: Pa::less(&v(3), &v(0)).unwrap() });
    m.define(
        "between",
        Meaning::Predicate {
            arity: 3,
            holds: Pa::and(vec![Pa::less(&v(0), &v(1)).unwrap(), Pa::less(&v(1), &v(2)).unwrap()]),
        },
    );
    m
}

#[test]
fn a_structure_reads_at_the_table_one_line_a_symbol() {
    assert_eq!(numbers(Domain::Naturals).describe()[0], "L = ℕ = {0, 1, 2, …}");
    assert_eq!(
        gallery().describe(),
        [
            "L = ℤ = {…, -1, 0, 1, …}",
            "x + y = max(x, y) + 3",
            "0 = -7",
            "adam = 0",
            "between(x, y, z) when y > x and z > y",
            "blonde(x) when x is odd",
            "father(x) = x + 1",
            "happy(x) for every x",
            "likes(x, y) when x = y + 1 or (x ≠ y and x > 1) or not (0 > x + 4 or y > x + 4)",
            "low(x, y) = min(y, x) - 2",
            "rainy is true",
            "sad(x) for no x",
            "smarter(x, y) when x ≥ y and x + 2 ≥ y and not always and y is odd and not 2 divides 2x",
            "step(x) = x + 1 if x is even; x otherwise",
            "sunny is false",
            "tall(x) when 3 divides x + 1",
            "wide(x1, x2, x3, x4) when x1 > x4",
        ]
    );
}

#[test]
fn a_structure_is_written_as_tptp_definitions_over_the_integers() {
    let lines = numbers(Domain::Naturals).tptp_lines();
    assert!(lines[0].contains("natural numbers"), "{lines:?}");
    let lines = gallery().tptp_lines();
    assert_eq!(lines[0], "% the objects are the integers (every quantifier ranges over them)");
    for expected in [
        "tff(meaning_of__, interpretation, ! [X: $int, Y: $int] : (($greater($sum(X, $sum($uminus(Y), 1)), 0) => '+'(X, Y) = $sum(X, 3)) & ($greater($sum($uminus(X), Y), 0) => '+'(X, Y) = $sum(Y, 3)))).",
        "tff(meaning_of_0, interpretation, '0' = -7).",
        "tff(meaning_of_adam, interpretation, adam = 0).",
        "tff(meaning_of_blonde, interpretation, ! [X: $int] : ((blonde(X) <=> $remainder_e($sum(X, 1), 2) = 0))).",
        "tff(meaning_of_happy, interpretation, ! [X: $int] : ((happy(X) <=> $true))).",
        "tff(meaning_of_likes, interpretation, ! [X: $int, Y: $int] : ((likes(X, Y) <=> ($sum(X, $sum($uminus(Y), -1)) = 0 | (~ ($sum(X, $uminus(Y)) = 0) & $greater($sum(X, -1), 0)) | ~ (($greater($sum($uminus(X), -4), 0) | $greater($sum($uminus(X), $sum(Y, -4)), 0))))))).",
        "tff(meaning_of_rainy, interpretation, (rainy <=> $true)).",
        "tff(meaning_of_sad, interpretation, ! [X: $int] : ((sad(X) <=> $false))).",
        "tff(meaning_of_step, interpretation, ! [X: $int] : (($remainder_e(X, 2) = 0 => step(X) = $sum(X, 1)) & (~ ($remainder_e(X, 2) = 0) => step(X) = X))).",
        "tff(meaning_of_wide, interpretation, ! [X1: $int, X2: $int, X3: $int, X4: $int] : ((wide(X1, X2, X3, X4) <=> $greater($sum(X1, $uminus(X4)), 0)))).",
    ] {
        assert!(lines.iter().any(|l| l == expected), "{expected}\nnot in\n{}", lines.join("\n"));
    }
    assert_eq!(lines.len(), 1 + gallery().symbols.len());
    let mut product = InfiniteStructure::new(Domain::Integers);
    product.define("father", Meaning::function(1, plus(v(0).times(-3).unwrap(), k(0))));
    product.define("adam", Meaning::function(0, plus(v(0), k(0)).times(0).unwrap()));
    assert_eq!(
        product.tptp_lines()[1..],
        [
            "tff(meaning_of_adam, interpretation, adam = 0).",
            "tff(meaning_of_father, interpretation, ! [X: $int] : (father(X) = $product(-3, X))).",
        ]
    );
}

#[test]
fn a_structure_is_saved_as_its_domain_and_definitions() {
    let json = serde_json::to_value(numbers(Domain::Naturals)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "kind": "infinite",
            "domain": "N",
            "symbols": {
                "+": { "kind": "function", "arity": 2, "definition": "x + y = max(x, y)" },
                "adam": { "kind": "function", "arity": 0, "definition": "adam = 0" },
                "father": { "kind": "function", "arity": 1, "definition": "father(x) = x + 1" },
                "smarter": { "kind": "predicate", "arity": 2, "definition": "smarter(x, y) when x > y" },
            }
        })
    );
    assert_eq!(serde_json::to_value(numbers(Domain::Integers)).unwrap()["domain"], "Z");
}

#[test]
fn two_cases_read_as_max_or_min_only_when_both_guards_say_so() {
    let two = |first: Pa, second: Pa| Meaning::Function {
        arity: 2,
        cases: vec![(first, v(0)), (second, v(1))],
    };
    let at_least = |a: Linear, b: Linear| Pa::at_most(&b, &a).unwrap();
    // x if x ≥ y, y if y > x − 3: the second guard is not "y > x".
    let tilted = two(at_least(v(0), v(1)), Pa::less(&plus(v(0), k(-3)), &v(1)).unwrap());
    assert_eq!(describe_symbol("f", &tilted), "f(x, y) = x if x ≥ y; y otherwise");
    // x if y ≥ x, y if x > y + 3: the second guard is not "x > y".
    let tilted = two(at_least(v(1), v(0)), Pa::less(&plus(v(1), k(3)), &v(0)).unwrap());
    assert_eq!(describe_symbol("f", &tilted), "f(x, y) = x if y ≥ x; y otherwise");
    let max = two(at_least(v(0), v(1)), Pa::less(&v(0), &v(1)).unwrap());
    assert_eq!(describe_symbol("f", &max), "f(x, y) = max(x, y)");
    let min = two(at_least(v(1), v(0)), Pa::less(&v(1), &v(0)).unwrap());
    assert_eq!(describe_symbol("f", &min), "f(x, y) = min(x, y)");
}

#[test]
fn constant_and_quantified_guards_have_words_too() {
    let names = |v: Var| ["x", "y"][v as usize].to_string();
    assert_eq!(show(&Pa::True, &names), "always");
    assert_eq!(show(&Pa::False, &names), "never");
    assert_eq!(show(&Pa::Not(Box::new(Pa::False)), &names), "not never");
    let quantified = Pa::Exists(1, Box::new(Pa::equal(&v(0), &v(1)).unwrap()));
    assert_eq!(show(&quantified, &names), "(a quantified formula)");
    assert_eq!(
        show(&Pa::Or(vec![Pa::False, quantified]), &names),
        "never or (a quantified formula)"
    );
}

/// Bound variables are numbered apart from the definitions' arguments however many
/// quantifiers a statement nests.
#[test]
fn seventy_nested_quantifiers_keep_their_variables_apart() {
    let m = numbers(Domain::Naturals);
    let prefix: String = (1..=70).map(|i| format!("∀x{i} ")).collect();
    let commutes = format!("{prefix}x1 + x70 = x70 + x1");
    assert_eq!(truth(&m, &commutes), (true, false));
    let not_first = format!("{prefix}x1 + x70 = x1");
    assert_eq!(truth(&m, &not_first), (false, true));
}
