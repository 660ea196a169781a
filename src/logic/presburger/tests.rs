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

/// A random quantifier-free formula over the variables `0..vars`, coefficients in
/// `-most..=most`.
fn random_body(rng: &mut SplitMix64, vars: u32, depth: u32, most: i128) -> Formula {
    let pick = |rng: &mut SplitMix64, n: u64| rng.below(n) as i128;
    if depth == 0 || rng.below(3) == 0 {
        let mut t = Linear::constant(pick(rng, 9) - 4);
        for x in 0..vars {
            let c = pick(rng, 2 * most as u64 + 1) - most;
            if c != 0 {
                t.coeffs.insert(x, c);
            }
        }
        return match rng.below(4) {
            0 => Formula::Positive(t),
            1 => Formula::Zero(t),
            2 => Formula::Divides(2 + pick(rng, 2 * most as u64 - 1), t),
            _ => Formula::not(Formula::Positive(t)),
        };
    }
    let parts = (0..2 + rng.below(2)).map(|_| random_body(rng, vars, depth - 1, most)).collect();
    match rng.below(3) {
        0 => Formula::And(parts),
        1 => Formula::Or(parts),
        _ => Formula::Not(Box::new(Formula::And(parts))),
    }
}

const RANGE: i128 = 4;

/// An unbounded variable's stand-in range. In the random atoms `a·x + Σ b·y + c` (|a|, |b|
/// ≤ 2, |c| ≤ 4, two other variables within `RANGE`) x's truth changes only within
/// |x| ≤ 20, and past that repeats with a period dividing 12 (the divisors 2–4): counting
/// through ±40 sees every case, so the count is exact for x unbounded.
const WIDE: i128 = 40;

fn in_range(x: Var) -> Formula {
    Formula::and(vec![
        Formula::at_most(&k(-RANGE), &v(x)).unwrap(),
        Formula::at_most(&v(x), &k(RANGE)).unwrap(),
    ])
}

/// Counts through `-RANGE..=RANGE` for each quantifier, and `-WIDE..=WIDE` for `wide`'s.
fn brute(f: &Formula, env: &mut Vec<(Var, i128)>, wide: Option<Var>) -> bool {
    match f {
        Formula::Exists(x, body) | Formula::Forall(x, body) => {
            let range = if wide == Some(*x) { WIDE } else { RANGE };
            let mut results = (-range..=range).map(|value| {
                env.push((*x, value));
                let r = brute(body, env, wide);
                env.pop();
                r
            });
            if matches!(f, Formula::Exists(..)) {
                results.any(|r| r)
            } else {
                results.all(|r| r)
            }
        }
        Formula::Not(g) => !brute(g, env, wide),
        Formula::And(parts) => parts.iter().all(|p| brute(p, env, wide)),
        Formula::Or(parts) => parts.iter().any(|p| brute(p, env, wide)),
        atom => {
            let lookup = |x: Var| env.iter().rev().find(|(y, _)| *y == x).map(|(_, value)| *value);
            atom.value(&lookup).expect("every variable bound")
        }
    }
}

/// `rounds` random sentences of up to `most_vars` variables, each quantified inside the
/// brute-force range, decided and counted through: how many were true, false, too large.
fn against_brute_force(
    seed: u64,
    rounds: u32,
    most_vars: u64,
    most: i128,
    max_nodes: usize,
    unbounded_innermost: bool,
) -> [u32; 3] {
    let mut rng = SplitMix64::new(seed);
    let mut counts = [0; 3];
    for round in 0..rounds {
        let vars = 1 + rng.below(most_vars) as u32;
        let mut f = random_body(&mut rng, vars, 2, most);
        // Quantify every variable inside the range (but the innermost, if so asked): brute
        // force is then exact (see `WIDE` for the unbounded one).
        let wide = unbounded_innermost.then_some(vars - 1);
        for x in (0..vars).rev() {
            f = match (rng.below(2) == 0, wide == Some(x)) {
                (true, false) => some(x, Formula::and(vec![in_range(x), f])),
                (false, false) => all(x, Formula::implies(in_range(x), f)),
                (true, true) => some(x, f),
                (false, true) => all(x, f),
            };
        }
        let expected = brute(&f, &mut Vec::new(), wide);
        match cooper::decide_within(&f, None, max_nodes) {
            Ok(answer) => assert_eq!(answer, expected, "round {round}: {f:?}"),
            Err(PresburgerError::TooLarge(_)) => {
                counts[2] += 1;
                continue;
            }
            Err(e) => panic!("round {round}: {e}"),
        }
        counts[expected as usize] += 1;
    }
    counts
}

#[test]
fn bounded_sentences_agree_with_brute_force() {
    let [falses, truths, too_large] = against_brute_force(20261123, 400, 3, 2, 10_000, false);
    assert!(truths > 40 && falses > 40, "both answers are exercised: {truths}, {falses}");
    assert!(too_large < 20, "{too_large} of 400 grew too large");
}

/// Two variables with coefficients up to 6 in absolute value: common factors, least common multiples of
/// coprime coefficients and rounding of negative bounds are all exercised.
#[test]
fn bounded_sentences_with_large_coefficients_agree_with_brute_force() {
    let [falses, truths, too_large] = against_brute_force(20261127, 600, 2, 6, 2_000, false);
    assert!(truths > 100 && falses > 100, "both answers are exercised: {truths}, {falses}");
    assert!(too_large < 60, "{too_large} of 600 grew too large");
}

#[test]
fn a_spent_budget_stops_the_procedure() {
    let budget = Budget::time(std::time::Duration::ZERO);
    let f = all(0, some(1, lt(v(0), v(1))));
    assert!(matches!(decide(&f, Some(&budget)), Err(PresburgerError::OutOfBudget(_))));
}

use crate::solve::Budget;

// The terms and formulas themselves (`formula.rs`), each operation against its meaning.

#[test]
fn linear_arithmetic_keeps_no_zero_coefficient() {
    let x_minus_x = v(0).minus(&v(0)).unwrap();
    assert!(x_minus_x.is_constant() && !x_minus_x.mentions(0), "{x_minus_x:?}");
    let t = sum(v(0).times(3).unwrap(), sum(v(1).times(-2).unwrap(), k(5)));
    assert_eq!((t.coeff(0), t.coeff(1), t.coeff(2), t.constant), (3, -2, 0, 5));
    assert!(t.mentions(0) && t.mentions(1) && !t.mentions(2) && !t.is_constant());
    assert_eq!(t.times(0).unwrap(), Linear::default());
    let doubled = t.times(-2).unwrap();
    assert_eq!((doubled.coeff(0), doubled.coeff(1), doubled.constant), (-6, 4, -10));
    assert_eq!(t.plus_constant(-5).unwrap().constant, 0);
    // x ↦ 2y − 1 in 3x − 2y + 5 gives 4y + 2.
    let by = sum(v(1).times(2).unwrap(), k(-1));
    let s = t.substitute(0, &by).unwrap();
    assert_eq!((s.coeff(0), s.coeff(1), s.constant), (0, 4, 2));
    assert_eq!(t.substitute(7, &by).unwrap(), t, "a variable the term lacks changes nothing");
    let env = |x: Var| [Some(2), Some(-3)].get(x as usize).copied().flatten();
    assert_eq!(t.value(&env), Some(3 * 2 - 2 * -3 + 5));
    assert_eq!(sum(t.clone(), v(2)).value(&env), None, "v2 has no value");
}

#[test]
fn numbers_past_i128_are_an_overflow_not_a_wrong_answer() {
    let big = k(i128::MAX);
    assert_eq!(big.plus(&k(1)), Err(Overflow));
    assert_eq!(big.times(2), Err(Overflow));
    assert_eq!(v(0).times(i128::MAX).unwrap().plus(&v(0)), Err(Overflow));
    assert_eq!(v(0).times(i128::MAX).unwrap().times(2), Err(Overflow));
    assert_eq!(k(i128::MIN).minus(&k(1)), Err(Overflow));
    assert_eq!(Formula::less(&k(i128::MIN), &k(1)), Err(Overflow));
    assert_eq!(Formula::at_most(&k(0), &k(i128::MAX)), Err(Overflow));
}

#[test]
fn the_atoms_mean_what_they_say() {
    let none = |_: Var| None;
    let truth = |f: Formula| f.value(&none).unwrap();
    assert!(truth(lt(k(2), k(3))) && !truth(lt(k(3), k(3))) && !truth(lt(k(4), k(3))));
    let at_most = |a, b| Formula::at_most(&k(a), &k(b)).unwrap();
    assert!(truth(at_most(3, 3)) && truth(at_most(2, 3)) && !truth(at_most(4, 3)));
    assert!(truth(eq(k(3), k(3))) && !truth(eq(k(3), k(4))));
    // Divisibility of negative numbers: 3 | −6, not 3 | −4.
    assert!(truth(Formula::Divides(3, k(-6))) && !truth(Formula::Divides(3, k(-4))));
    assert!(truth(Formula::Divides(1, k(-7))) && truth(Formula::Divides(5, k(0))));
    assert_eq!(some(0, Formula::True).value(&none), None, "a quantifier has no value");
    assert_eq!(Formula::Zero(v(0)).value(&none), None);
}

#[test]
fn the_connectives_simplify_without_changing_the_truth() {
    let none = |_: Var| None;
    let (t, f) = (Formula::True, Formula::False);
    let atom = lt(v(0), k(1));
    assert_eq!(Formula::not(t.clone()), f);
    assert_eq!(Formula::not(f.clone()), t);
    assert_eq!(Formula::not(Formula::not(atom.clone())), atom);
    assert_eq!(Formula::and(vec![]), t);
    assert_eq!(Formula::or(vec![]), f);
    assert_eq!(Formula::and(vec![t.clone(), atom.clone()]), atom);
    assert_eq!(Formula::and(vec![atom.clone(), f.clone(), atom.clone()]), f);
    assert_eq!(Formula::or(vec![f.clone(), atom.clone()]), atom);
    assert_eq!(Formula::or(vec![atom.clone(), t.clone()]), t);
    let other = eq(v(1), k(0));
    // Nested conjunctions and disjunctions are flattened into one.
    let nested = Formula::and(vec![Formula::and(vec![atom.clone(), other.clone()]), atom.clone()]);
    assert_eq!(nested, Formula::And(vec![atom.clone(), other.clone(), atom.clone()]));
    let nested = Formula::or(vec![atom.clone(), Formula::or(vec![other.clone(), atom.clone()])]);
    assert_eq!(nested, Formula::Or(vec![atom.clone(), other.clone(), atom.clone()]));
    // implies and iff against their truth tables, on every combination of values.
    for a in [false, true] {
        for b in [false, true] {
            let c = |x: bool| if x { t.clone() } else { f.clone() };
            let lit = |x: bool| lt(k(0), k(x as i128));
            assert_eq!(Formula::implies(c(a), c(b)).value(&none), Some(!a || b));
            assert_eq!(Formula::iff(lit(a), lit(b)).value(&none), Some(a == b), "{a} ⟷ {b}");
            assert_eq!(Formula::And(vec![lit(a), lit(b)]).value(&none), Some(a && b));
            assert_eq!(Formula::Or(vec![lit(a), lit(b)]).value(&none), Some(a || b));
            assert_eq!(Formula::Not(Box::new(lit(a))).value(&none), Some(!a));
        }
    }
}

#[test]
fn substitution_stops_at_a_quantifier_of_the_same_variable() {
    let five = k(5);
    let free = Formula::and(vec![lt(v(0), k(9)), Formula::Divides(5, v(0))]);
    let none = |_: Var| None;
    assert_eq!(free.substitute(0, &five).unwrap().value(&none), Some(true));
    let bound = some(0, lt(v(0), k(3)));
    assert_eq!(bound.substitute(0, &five).unwrap(), bound);
    let inner = all(1, Formula::or(vec![lt(v(0), v(1)), Formula::not(eq(v(0), k(5)))]));
    let replaced = inner.substitute(0, &five).unwrap();
    let expected = all(1, Formula::or(vec![lt(k(5), v(1)), Formula::not(eq(k(5), k(5)))]));
    assert_eq!(replaced, expected);
    let existential = some(1, eq(v(0), v(1))).substitute(0, &five).unwrap();
    assert_eq!(existential, some(1, eq(k(5), v(1))));
}

#[test]
fn a_linear_term_prints_as_a_player_writes_it() {
    let names = |x: Var| ["x", "y"][x as usize].to_string();
    let show = |t: Linear| show_linear(&t, &names);
    assert_eq!(show(k(0)), "0");
    assert_eq!(show(k(-3)), "-3");
    assert_eq!(show(v(0)), "x");
    assert_eq!(show(v(0).times(-1).unwrap()), "-x");
    assert_eq!(show(sum(v(0), sum(v(1).times(2).unwrap(), k(-1)))), "x + 2y - 1");
    assert_eq!(
        show(sum(v(0).times(-3).unwrap(), sum(v(1).times(-1).unwrap(), k(4)))),
        "-3x - y + 4"
    );
    assert_eq!(sum(v(0), k(1)).to_string(), "v0 + 1");
}

#[test]
fn a_divisor_below_one_and_a_growing_elimination_are_refused() {
    let zero_divisor = all(0, Formula::Divides(0, v(0)));
    assert!(matches!(decide(&zero_divisor, None), Err(PresburgerError::Overflow(_))));
    let coins =
        all(0, some(1, some(2, eq(v(0), sum(v(1).times(3).unwrap(), v(2).times(5).unwrap())))));
    assert_eq!(decide(&coins, None), Ok(true));
    assert_eq!(cooper::decide_within(&coins, None, 3), Err(PresburgerError::TooLarge(3)));
}

/// Sentences aimed at single steps of the elimination, each of which a random bounded
/// sentence rarely depends on.
#[test]
// Long by design: a table of cases, one small formula and its expected answer each.
fn single_steps_of_the_elimination_decide_rightly() {
    let y = || v(1);
    let x = || v(0);
    for (i, (sentence, truth)) in [
        // 1 divides everything.
        (all(0, Formula::Divides(1, x())), true),
        (some(0, Formula::not(Formula::Divides(1, x()))), false),
        // ∃ over a disjunction whose first part is false: the rest still counts.
        (
            all(
                1,
                Formula::not(some(
                    0,
                    Formula::or(vec![
                        Formula::and(vec![lt(x(), y()), lt(y(), sum(x(), k(1)))]),
                        Formula::and(vec![
                            Formula::Divides(2, x()),
                            Formula::Divides(2, sum(x(), k(1))),
                        ]),
                    ]),
                )),
            ),
            true,
        ),
        (
            all(
                1,
                some(
                    0,
                    Formula::or(vec![
                        Formula::and(vec![lt(y(), x()), lt(x(), sum(y(), k(1)))]),
                        eq(x(), sum(y(), k(3))),
                    ]),
                ),
            ),
            true,
        ),
        // A disequation next to bounds that leave one value: x ≠ y with y ≤ x ≤ y.
        (
            all(
                1,
                Formula::not(some(
                    0,
                    Formula::and(vec![
                        Formula::not(eq(x(), y())),
                        Formula::at_most(&y(), &x()).unwrap(),
                        Formula::at_most(&x(), &y()).unwrap(),
                    ]),
                )),
            ),
            true,
        ),
        // The same with x scaled: 2x ≠ 2y + 2 and y + 1 ≤ x ≤ y + 1.
        (
            all(
                1,
                Formula::not(some(
                    0,
                    Formula::and(vec![
                        Formula::not(eq(x().times(2).unwrap(), sum(y().times(2).unwrap(), k(2)))),
                        Formula::at_most(&sum(y(), k(1)), &x()).unwrap(),
                        Formula::at_most(&x(), &sum(y(), k(1))).unwrap(),
                    ]),
                )),
            ),
            true,
        ),
        // Disequations and coefficients 2 and 3 together: x with 2x ≠ y, 3x ≠ y near y.
        (
            all(
                1,
                some(
                    0,
                    Formula::and(vec![
                        Formula::not(eq(x().times(2).unwrap(), y())),
                        Formula::not(eq(x().times(3).unwrap(), y())),
                        Formula::at_most(&y(), &x().times(6).unwrap()).unwrap(),
                        Formula::at_most(&x().times(6).unwrap(), &sum(y(), k(12))).unwrap(),
                    ]),
                ),
            ),
            true,
        ),
        // "x far below every bound" keeps the atoms without x as they are: y < 3 and
        // ∃x (x < y ∧ (5 < y ∨ 100 < x)) cannot both hold.
        (
            all(
                1,
                Formula::not(Formula::and(vec![
                    lt(y(), k(3)),
                    some(
                        0,
                        Formula::and(vec![
                            lt(x(), y()),
                            Formula::or(vec![lt(k(5), y()), lt(k(100), x())]),
                        ]),
                    ),
                ])),
            ),
            true,
        ),
        // The same far above (more lower bounds than upper): y > 5 gives a large x.
        (
            all(
                1,
                Formula::implies(
                    lt(k(5), y()),
                    some(
                        0,
                        Formula::and(vec![
                            lt(y(), x()),
                            lt(k(0), x()),
                            Formula::or(vec![lt(k(5), y()), lt(x(), k(-100))]),
                        ]),
                    ),
                ),
            ),
            true,
        ),
        // An equation and a disequation without x, inside.
        (
            all(
                1,
                Formula::implies(
                    eq(y(), k(7)),
                    some(
                        0,
                        Formula::and(vec![
                            lt(x(), y()),
                            Formula::or(vec![eq(y(), k(7)), lt(k(100), x())]),
                        ]),
                    ),
                ),
            ),
            true,
        ),
        (
            all(
                1,
                Formula::not(Formula::and(vec![
                    eq(y(), k(7)),
                    some(
                        0,
                        Formula::and(vec![
                            lt(x(), y()),
                            Formula::or(vec![Formula::not(eq(y(), k(7))), lt(k(100), x())]),
                        ]),
                    ),
                ])),
            ),
            true,
        ),
        // Far below every bound, x ≠ 1 holds.
        (all(1, some(0, Formula::and(vec![lt(x(), y()), Formula::not(eq(x(), k(1)))]))), true),
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(decide(&sentence, None), Ok(truth), "sentence {i}: {sentence:?}");
    }
}

/// The innermost quantifier unbounded (the others inside the range): the elimination's
/// "x far below (or above) every bound" part then counts, with atoms that do not mention x
/// inside it. Brute force through ±`WIDE` is exact for these (see `WIDE`).
#[test]
fn sentences_with_an_unbounded_quantifier_agree_with_brute_force() {
    let [falses, truths, _] = against_brute_force(20261128, 300, 3, 2, 10_000, true);
    assert!(falses > 60 && truths > 60, "both answers are exercised: {truths}, {falses}");
}

#[test]
fn the_node_limit_is_kept_at_every_size() {
    let coins =
        all(0, some(1, some(2, eq(v(0), sum(v(1).times(3).unwrap(), v(2).times(5).unwrap())))));
    let needed = (1..100_000)
        .find(|&n| cooper::decide_within(&coins, None, n).is_ok())
        .expect("decided within 100 000 nodes");
    assert!(needed >= 5, "{needed}");
    for n in 1..needed {
        assert_eq!(cooper::decide_within(&coins, None, n), Err(PresburgerError::TooLarge(n)));
    }
    assert_eq!(cooper::decide_within(&coins, None, needed + 5), Ok(true));
}
