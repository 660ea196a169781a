//! The encoding against the evaluator: for random structures, the clauses with the
//! structure's own variables fixed must propagate to "satisfied" exactly when the
//! evaluator says every premise holds (and the constants are in the symmetry-broken order).

use super::*;
use crate::logic::board::{self, premises_of, CheckedBoard};
use crate::logic::check::CheckMode;
use crate::logic::semantics::Structure;
use crate::util::random::SplitMix64;

fn load(text: &str) -> CheckedBoard {
    board::load("b", text, CheckMode::FreeStanding).expect("a well-formed board")
}

/// Unit propagation from `fixed` to a fixpoint: `Some(true)` when every clause is then
/// satisfied, `Some(false)` on a conflict, `None` when something is left open.
fn propagate(cnf: &Cnf, fixed: &[(u32, bool)]) -> Option<bool> {
    let mut value: Vec<Option<bool>> = vec![None; cnf.num_vars as usize + 1];
    for &(var, b) in fixed {
        value[var as usize] = Some(b);
    }
    let truth =
        |value: &[Option<bool>], l: Lit| value[l.unsigned_abs() as usize].map(|b| b == (l > 0));
    loop {
        let mut changed = false;
        let mut open = false;
        for clause in &cnf.clauses {
            if clause.iter().any(|&l| truth(&value, l) == Some(true)) {
                continue;
            }
            let unset: Vec<Lit> =
                clause.iter().copied().filter(|&l| truth(&value, l).is_none()).collect();
            match unset.as_slice() {
                [] => return Some(false),
                [l] => {
                    value[l.unsigned_abs() as usize] = Some(*l > 0);
                    changed = true;
                }
                _ => open = true,
            }
        }
        if !changed {
            return if open { None } else { Some(true) };
        }
    }
}

/// The structure's tables as the encoding's variables: 1 is "true", then each symbol in
/// the signature's order, a predicate one variable a tuple, a function one a tuple and value.
fn variables(signature: &Signature, s: &Structure) -> Vec<(u32, bool)> {
    let mut out = vec![(1, true)];
    let mut next = 2;
    for (name, info) in &signature.symbols {
        let tuples = s.size.pow(info.arity as u32);
        match info.kind {
            SymbolKind::Predicate => {
                for (t, &b) in s.predicates[name].values.iter().enumerate() {
                    out.push((next + t as u32, b));
                }
                next += tuples as u32;
            }
            SymbolKind::Function => {
                for (t, &v) in s.functions[name].values.iter().enumerate() {
                    for b in 0..s.size {
                        out.push((next + (t * s.size + b) as u32, v as usize == b));
                    }
                }
                next += (tuples * s.size) as u32;
            }
        }
    }
    out
}

fn random_structure(signature: &Signature, size: usize, rng: &mut SplitMix64) -> Structure {
    let mut s = Structure::blank(signature, size);
    for table in s.predicates.values_mut() {
        table.values.iter_mut().for_each(|b| *b = rng.below(2) == 1);
    }
    for table in s.functions.values_mut() {
        table.values.iter_mut().for_each(|v| *v = rng.below(size as u64) as u32);
    }
    s
}

/// The constants, in the signature's order, name objects in order of first appearance.
fn in_symmetry_order(signature: &Signature, s: &Structure) -> bool {
    let mut seen = 0;
    for (name, info) in &signature.symbols {
        if info.kind == SymbolKind::Function && info.arity == 0 {
            let v = s.functions[name].values[0];
            if v > seen {
                return false;
            }
            seen = seen.max(v + 1);
        }
    }
    true
}

const BOARDS: &[&str] = &[
    "∀x ¬smarter(x, x)\n∀x∀y∀z smarter(x, y) ∧ smarter(y, z) → smarter(x, z)\n∀x∃y smarter(y, x)",
    "∀x∀y father(x) = father(y) → x = y\n∀x father(x) ≠ adam\n∃x blonde(x) ∨ happy(eve)",
    "∃!x blonde(x) | blondie := x\nhappy(blondie) ↔ likes(blondie, blondie)",
    "∀x∃!y likes(y, x) | liker(x) := y\n∀x ¬likes(x, x) ∨ blonde(liker(x))",
    "∀x∀y x + y = y + x\n∀x∀y likes(x + y, x)\n¬likes(a + b, b)",
    "|L| ≥ 2\n|L| < 3\n∃x∃y x ≠ y ∧ (smarter(x, y) ⇔ ¬smarter(y, x))",
    "¬|L| ≥ 3\n∀x blonde(x) ↔ ¬blonde(father(x))",
    "∃!x ∀y smarter(x, y) ∨ x = y\n∀x father(father(x)) = x",
    // Three constants: the third may name object 2 only if the second names object 1.
    "likes(a, b) ∨ ¬likes(b, c)\nc ≠ a ∨ blonde(b)",
];

#[test]
fn the_encoding_holds_exactly_where_the_evaluator_says_the_premises_do() {
    let mut rng = SplitMix64::new(20261127);
    let budget = Budget::unlimited();
    let mut agreed = [0, 0];
    for text in BOARDS {
        let b = load(text);
        let count = b.board.statements.len();
        // Every statement as written, and each in turn negated (the question "does it
        // follow from the others?").
        for negate in std::iter::once(None).chain((1..=count).map(Some)) {
            let premises = premises_of(&b, negate);
            for size in 1..=3 {
                let cnf = encode(&b.signature, &premises, size, 1_000_000, &budget).unwrap();
                for round in 0..60 {
                    let s = random_structure(&b.signature, size, &mut rng);
                    let holds = premises.iter().all(|p| s.satisfies_premise(p).unwrap())
                        && in_symmetry_order(&b.signature, &s);
                    let encoded = propagate(&cnf, &variables(&b.signature, &s));
                    assert_eq!(
                        encoded,
                        Some(holds),
                        "{text:?} negating {negate:?}, size {size}, round {round}: {s:?}"
                    );
                    agreed[holds as usize] += 1;
                }
            }
        }
    }
    assert!(agreed[0] > 500 && agreed[1] > 200, "both outcomes exercised: {agreed:?}");
}

#[test]
fn a_function_has_exactly_one_value_on_each_tuple() {
    let b = load("∀x happy(father(x)) ∨ ¬happy(father(x))");
    let budget = Budget::unlimited();
    let cnf = encode(&b.signature, &premises_of(&b, None), 2, 1_000, &budget).unwrap();
    let s = Structure::blank(&b.signature, 2);
    let fixed = variables(&b.signature, &s);
    assert_eq!(propagate(&cnf, &fixed), Some(true));
    // father(0) given both values, then neither.
    let father_of_0 = |value: usize| {
        let at = fixed.iter().position(|&(v, _)| v == father_variable(&b, 2, 0, value)).unwrap();
        at
    };
    let mut both = fixed.clone();
    both[father_of_0(1)].1 = true;
    assert_eq!(propagate(&cnf, &both), Some(false), "two values");
    let mut neither = fixed.clone();
    neither[father_of_0(0)].1 = false;
    assert_eq!(propagate(&cnf, &neither), Some(false), "no value");
}

/// The variable "father(tuple) is value" in the layout `variables` writes.
fn father_variable(b: &CheckedBoard, size: usize, tuple: usize, value: usize) -> u32 {
    let mut next = 2;
    for (name, info) in &b.signature.symbols {
        let tuples = size.pow(info.arity as u32);
        if name == "father" {
            return next + (tuple * size + value) as u32;
        }
        next += match info.kind {
            SymbolKind::Predicate => tuples,
            SymbolKind::Function => tuples * size,
        } as u32;
    }
    panic!("no father")
}

#[test]
fn sizes_decide_the_cardinality_statements() {
    let budget = Budget::unlimited();
    for (text, sizes_allowed) in [
        ("|L| ≥ 2", [false, true, true]),
        ("|L| < 3", [true, true, false]),
        ("¬|L| ≥ 3", [true, true, false]),
        ("¬|L| < 2", [false, true, true]),
    ] {
        let b = load(text);
        for (size, allowed) in (1..=3).zip(sizes_allowed) {
            for negate in [None, Some(1)] {
                let cnf = encode(&b.signature, &premises_of(&b, negate), size, 1_000, &budget);
                let fixed = variables(&b.signature, &Structure::blank(&b.signature, size));
                let holds = propagate(&cnf.unwrap(), &fixed);
                assert_eq!(
                    holds,
                    Some(allowed == negate.is_none()),
                    "{text} {negate:?} size {size}"
                );
            }
        }
    }
}

#[test]
fn a_large_encoding_stops_at_its_limit_or_budget_and_an_unknown_symbol_is_refused() {
    let b = load("∀x∀y∀z (x + y) + z = x + (y + z)");
    let premises = premises_of(&b, None);
    let unlimited = Budget::unlimited();
    let small = encode(&b.signature, &premises, 2, 1_000_000, &unlimited).unwrap();
    assert!(small.clauses.len() < 5_000, "{}", small.clauses.len());
    let e = encode(&b.signature, &premises, 4, 5_000, &unlimited).unwrap_err();
    assert_eq!(e, GroundError::TooLarge { size: 4, limit: 5_000 });
    let spent = Budget::time(std::time::Duration::ZERO);
    let e = encode(&b.signature, &premises, 4, 10_000_000, &spent).unwrap_err();
    assert!(matches!(e, GroundError::OutOfBudget(_)), "{e:?}");
    let mut without_plus = b.signature.clone();
    without_plus.symbols.remove("+");
    let e = encode(&without_plus, &premises, 2, 1_000, &unlimited).unwrap_err();
    assert_eq!(e, GroundError::Unknown("+".into()));
}

/// Constants are folded and repeats dropped, so a conjunction (or disjunction) gets a
/// definition only for the parts the structure leaves open.
#[test]
fn conjunctions_fold_their_constants_and_define_only_what_is_open() {
    let budget = Budget::unlimited();
    let mut e = Encoding::new(2, 1_000, &budget);
    let (t, p, q) = (e.truth, e.fresh(), e.fresh());
    let before = (e.cnf.num_vars, e.cnf.clauses.len());
    assert_eq!(e.and(vec![]), Ok(t));
    assert_eq!(e.and(vec![p]), Ok(p));
    assert_eq!(e.and(vec![t, p, t]), Ok(p));
    assert_eq!(e.and(vec![p, p]), Ok(p));
    assert_eq!(e.and(vec![p, -t]), Ok(-t));
    assert_eq!(e.and(vec![-t, p]), Ok(-t));
    assert_eq!(e.and(vec![p, -p]), Ok(-t));
    assert_eq!(e.or(vec![-t, q]), Ok(q));
    assert_eq!(e.or(vec![q, t]), Ok(t));
    assert_eq!(before, (e.cnf.num_vars, e.cnf.clauses.len()), "nothing new was defined");
    // Two open parts get one new variable, defined by three clauses.
    let x = e.and(vec![p, t, q]).unwrap();
    assert_eq!(x, before.0 as Lit + 1);
    assert_eq!(e.cnf.clauses, vec![vec![-x, p], vec![-x, q], vec![-p, -q, x]]);
}

/// A signature that disagrees with the statements (a symbol of the other kind, or of
/// another arity) is refused by name, not encoded by guesswork.
#[test]
fn a_symbol_of_another_kind_or_arity_is_refused() {
    let b = load("∀x blonde(father(x))");
    let premises = premises_of(&b, None);
    let budget = Budget::unlimited();
    assert!(encode(&b.signature, &premises, 2, 1_000, &budget).is_ok());
    for (name, kind, arity) in [
        ("father", SymbolKind::Predicate, 1),
        ("father", SymbolKind::Function, 2),
        ("blonde", SymbolKind::Function, 1),
        ("blonde", SymbolKind::Predicate, 2),
    ] {
        let mut signature = b.signature.clone();
        let info = signature.symbols.get_mut(name).unwrap();
        (info.kind, info.arity) = (kind, arity);
        let e = encode(&signature, &premises, 2, 1_000, &budget).unwrap_err();
        assert_eq!(e, GroundError::Unknown(name.into()), "{name} as {kind:?}/{arity}");
    }
}

/// Every placing of three constants on three objects, with the other tables random: the
/// encoding admits exactly those in symmetry order (the third constant names object 2 only
/// when the second names object 1).
#[test]
fn three_constants_are_admitted_exactly_in_symmetry_order() {
    let b = load("a = a\nb = b\nc = c");
    let premises = premises_of(&b, None);
    let cnf = encode(&b.signature, &premises, 3, 100_000, &Budget::unlimited()).unwrap();
    let mut rng = SplitMix64::new(3);
    let mut admitted = 0;
    for placing in 0..27u32 {
        for _ in 0..20 {
            let mut s = random_structure(&b.signature, 3, &mut rng);
            for (k, name) in ["a", "b", "c"].into_iter().enumerate() {
                s.functions.get_mut(name).unwrap().values[0] = placing / 3u32.pow(k as u32) % 3;
            }
            let expected = in_symmetry_order(&b.signature, &s);
            assert_eq!(propagate(&cnf, &variables(&b.signature, &s)), Some(expected), "{s:?}");
            admitted += usize::from(expected);
        }
    }
    // (0,0,0), (0,0,1), (0,1,0), (0,1,1), (0,1,2): five placings, twenty times each.
    assert_eq!(admitted, 5 * 20);
}
