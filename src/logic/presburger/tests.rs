//! The decision procedure against brute force (quantifiers bounded inside the formula, so
//! that counting through the range is exact) and against known theorems and non-theorems.

use super::*;
use crate::util::random::SplitMix64;

fn v(i: Var) -> Linear {
    Linear::var(i)
}

fn k(c: i128) -> Linear {
    Linear::constant(c)
}

fn all(x: Var, f: Formula) -> Formula {
    Formula::Forall(x, Box::new(f))
}

fn some(x: Var, f: Formula) -> Formula {
    Formula::Exists(x, Box::new(f))
}

fn lt(a: Linear, b: Linear) -> Formula {
    Formula::less(&a, &b).unwrap()
}

fn eq(a: Linear, b: Linear) -> Formula {
    Formula::equal(&a, &b).unwrap()
}

fn sum(a: Linear, b: Linear) -> Linear {
    a.plus(&b).unwrap()
}

fn nat(x: Var) -> Formula {
    Formula::at_most(&k(0), &v(x)).unwrap()
}

#[test]
fn known_theorems_are_true() {
    let theorems = [
        // every integer is even or odd
        all(
            0,
            some(
                1,
                Formula::or(vec![
                    eq(v(0), v(1).times(2).unwrap()),
                    eq(v(0), sum(v(1).times(2).unwrap(), k(1))),
                ]),
            ),
        ),
        // no largest integer
        all(0, some(1, lt(v(0), v(1)))),
        // < is transitive
        all(
            0,
            all(
                1,
                all(
                    2,
                    Formula::implies(
                        Formula::and(vec![lt(v(0), v(1)), lt(v(1), v(2))]),
                        lt(v(0), v(2)),
                    ),
                ),
            ),
        ),
        // between x and x + 1 there is nothing
        all(
            0,
            Formula::not(some(1, Formula::and(vec![lt(v(0), v(1)), lt(v(1), sum(v(0), k(1)))]))),
        ),
        // every natural number ≥ 8 is 3a + 5b with a, b ≥ 0 (the coin problem)
        all(
            0,
            Formula::implies(
                Formula::at_most(&k(8), &v(0)).unwrap(),
                some(
                    1,
                    some(
                        2,
                        Formula::and(vec![
                            nat(1),
                            nat(2),
                            eq(v(0), sum(v(1).times(3).unwrap(), v(2).times(5).unwrap())),
                        ]),
                    ),
                ),
            ),
        ),
        // 0 is the least natural number
        some(
            0,
            Formula::and(vec![
                nat(0),
                all(1, Formula::implies(nat(1), Formula::at_most(&v(0), &v(1)).unwrap())),
            ]),
        ),
        // x ↦ x + 1 is one-to-one
        all(0, all(1, Formula::implies(eq(sum(v(0), k(1)), sum(v(1), k(1))), eq(v(0), v(1))))),
        // 6 | x → 3 | x
        all(0, Formula::implies(Formula::Divides(6, v(0)), Formula::Divides(3, v(0)))),
    ];
    for (i, t) in theorems.iter().enumerate() {
        assert_eq!(decide(t, None), Ok(true), "theorem {i}: {t:?}");
    }
}

#[test]
fn known_non_theorems_are_false() {
    let false_sentences = [
        // a largest integer
        some(0, all(1, Formula::at_most(&v(1), &v(0)).unwrap())),
        // a least integer (true in ℕ, false in ℤ)
        some(0, all(1, Formula::at_most(&v(0), &v(1)).unwrap())),
        // every integer is even
        all(0, Formula::Divides(2, v(0))),
        // 7 is 3a + 5b with a, b ≥ 0
        some(
            1,
            some(
                2,
                Formula::and(vec![
                    nat(1),
                    nat(2),
                    eq(k(7), sum(v(1).times(3).unwrap(), v(2).times(5).unwrap())),
                ]),
            ),
        ),
        // 2x = 2y + 1 has a solution
        some(0, some(1, eq(v(0).times(2).unwrap(), sum(v(1).times(2).unwrap(), k(1))))),
        // the natural numbers have a successor-free element other than 0
        some(
            0,
            Formula::and(vec![
                lt(k(0), v(0)),
                all(1, Formula::implies(nat(1), Formula::not(eq(sum(v(1), k(1)), v(0))))),
            ]),
        ),
    ];
    for (i, t) in false_sentences.iter().enumerate() {
        assert_eq!(decide(t, None), Ok(false), "non-theorem {i}: {t:?}");
    }
}

#[test]
fn a_formula_with_a_free_variable_is_not_decided() {
    assert_eq!(decide(&lt(v(0), k(3)), None), Err(PresburgerError::FreeVariable));
}

/// A random quantifier-free formula over the variables `0..vars`.
fn random_body(rng: &mut SplitMix64, vars: u32, depth: u32) -> Formula {
    let pick = |rng: &mut SplitMix64, n: u64| rng.below(n) as i128;
    if depth == 0 || rng.below(3) == 0 {
        let mut t = Linear::constant(pick(rng, 9) - 4);
        for x in 0..vars {
            let c = pick(rng, 5) - 2;
            if c != 0 {
                t.coeffs.insert(x, c);
            }
        }
        return match rng.below(4) {
            0 => Formula::Positive(t),
            1 => Formula::Zero(t),
            2 => Formula::Divides(2 + pick(rng, 3), t),
            _ => Formula::not(Formula::Positive(t)),
        };
    }
    let parts = (0..2 + rng.below(2)).map(|_| random_body(rng, vars, depth - 1)).collect();
    match rng.below(3) {
        0 => Formula::And(parts),
        1 => Formula::Or(parts),
        _ => Formula::Not(Box::new(Formula::And(parts))),
    }
}

const RANGE: i128 = 4;

fn in_range(x: Var) -> Formula {
    Formula::and(vec![
        Formula::at_most(&k(-RANGE), &v(x)).unwrap(),
        Formula::at_most(&v(x), &k(RANGE)).unwrap(),
    ])
}

/// Counts through `-RANGE..=RANGE` for each quantifier.
fn brute(f: &Formula, env: &mut Vec<(Var, i128)>) -> bool {
    match f {
        Formula::Exists(x, body) | Formula::Forall(x, body) => {
            let mut results = (-RANGE..=RANGE).map(|value| {
                env.push((*x, value));
                let r = brute(body, env);
                env.pop();
                r
            });
            if matches!(f, Formula::Exists(..)) {
                results.any(|r| r)
            } else {
                results.all(|r| r)
            }
        }
        Formula::Not(g) => !brute(g, env),
        Formula::And(parts) => parts.iter().all(|p| brute(p, env)),
        Formula::Or(parts) => parts.iter().any(|p| brute(p, env)),
        atom => {
            let lookup = |x: Var| env.iter().rev().find(|(y, _)| *y == x).map(|(_, value)| *value);
            atom.value(&lookup).expect("every variable bound")
        }
    }
}

#[test]
fn bounded_sentences_agree_with_brute_force() {
    let mut rng = SplitMix64::new(20261123);
    let mut truths = [0, 0];
    let mut too_large = 0;
    for round in 0..400 {
        let vars = 1 + rng.below(3) as u32;
        let mut f = random_body(&mut rng, vars, 2);
        // Quantify every variable inside the range: brute force is then exact.
        for x in (0..vars).rev() {
            f = if rng.below(2) == 0 {
                some(x, Formula::and(vec![in_range(x), f]))
            } else {
                all(x, Formula::implies(in_range(x), f))
            };
        }
        let expected = brute(&f, &mut Vec::new());
        match cooper::decide_within(&f, None, 10_000) {
            Ok(answer) => assert_eq!(answer, expected, "round {round}: {f:?}"),
            Err(PresburgerError::TooLarge(_)) => {
                too_large += 1;
                continue;
            }
            Err(e) => panic!("round {round}: {e}"),
        }
        truths[expected as usize] += 1;
    }
    assert!(truths[0] > 40 && truths[1] > 40, "both answers are exercised: {truths:?}");
    assert!(too_large < 20, "{too_large} of 400 grew too large");
}

#[test]
fn a_spent_budget_stops_the_procedure() {
    let budget = Budget::time(std::time::Duration::ZERO);
    let f = all(0, some(1, lt(v(0), v(1))));
    assert!(matches!(decide(&f, Some(&budget)), Err(PresburgerError::OutOfBudget(_))));
}

use crate::solve::Budget;
