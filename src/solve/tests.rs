//! Cross-checks of the core against brute force: every answer on small random problems is
//! compared with the enumeration of all assignments.

use super::deal::Deal;
use super::encode::{self, IntVar};
use super::*;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// A clause over variables 0..n as (variable, polarity) pairs.
type RawClause = Vec<(usize, bool)>;

fn raw_cnf() -> impl Strategy<Value = (usize, Vec<RawClause>)> {
    (1usize..7).prop_flat_map(|n| {
        let clause = prop::collection::vec((0..n, any::<bool>()), 1..4);
        (Just(n), prop::collection::vec(clause, 0..18))
    })
}

fn satisfies(assignment: u32, clause: &RawClause) -> bool {
    clause.iter().any(|&(v, pol)| ((assignment >> v) & 1 == 1) == pol)
}

fn brute_models(n: usize, cnf: &[RawClause]) -> BTreeSet<u32> {
    (0..1u32 << n).filter(|&a| cnf.iter().all(|c| satisfies(a, c))).collect()
}

fn build(n: usize, cnf: &[RawClause]) -> (SatProblem, Vec<Lit>) {
    let mut p = SatProblem::new();
    let x = p.new_lits(n);
    for c in cnf {
        let lits: Vec<Lit> = c.iter().map(|&(v, pol)| if pol { x[v] } else { !x[v] }).collect();
        p.add_clause(&lits);
    }
    (p, x)
}

fn as_bits(values: &[bool]) -> u32 {
    values.iter().enumerate().map(|(i, &b)| (b as u32) << i).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solving_enumeration_and_backbone_agree_with_brute_force((n, cnf) in raw_cnf()) {
        let models = brute_models(n, &cnf);
        let (mut p, x) = build(n, &cnf);
        let budget = Budget::unlimited();
        prop_assert_eq!(p.solve(&[], &budget).is_sat(), !models.is_empty());
        let all = match p.enumerate(&x, &[], 1 << n, &budget) {
            Outcome::Sat(all) => all,
            other => return Err(TestCaseError::fail(format!("{other:?}"))),
        };
        let got: BTreeSet<u32> = all.iter().map(|v| as_bits(v)).collect();
        prop_assert_eq!(got.len(), all.len(), "no duplicates");
        prop_assert_eq!(&got, &models);
        // The blocking clauses were retracted: solving again finds the same answer.
        prop_assert_eq!(p.solve(&[], &budget).is_sat(), !models.is_empty());
        match p.backbone(&x, &[], &budget) {
            Outcome::Sat(bb) => {
                let mut want = Vec::new();
                for (v, &xv) in x.iter().enumerate().take(n) {
                    if models.iter().all(|m| (m >> v) & 1 == 1) { want.push(xv); }
                    if models.iter().all(|m| (m >> v) & 1 == 0) { want.push(!xv); }
                }
                let got: BTreeSet<Lit> = bb.into_iter().collect();
                prop_assert_eq!(got, want.into_iter().collect::<BTreeSet<Lit>>());
            }
            Outcome::Unsat(_) => prop_assert!(models.is_empty()),
            Outcome::Exhausted(e) => panic!("{e}"),
        }
    }

    #[test]
    fn failed_assumptions_are_an_unsat_core((n, cnf) in raw_cnf(), pols in prop::collection::vec(any::<bool>(), 6)) {
        let models = brute_models(n, &cnf);
        let (mut p, x) = build(n, &cnf);
        let assumptions: Vec<Lit> = (0..n).map(|v| if pols[v] { x[v] } else { !x[v] }).collect();
        let a = as_bits(&pols[..n]);
        match p.solve(&assumptions, &Budget::unlimited()) {
            Outcome::Sat(_) => prop_assert!(models.contains(&a)),
            Outcome::Unsat(core) => {
                prop_assert!(!models.contains(&a));
                prop_assert!(core.iter().all(|l| assumptions.contains(l)));
                // The core alone is already contradictory (checked by brute force).
                let agrees = |m: u32| core.iter().all(|l| {
                    let v = x.iter().position(|xv| xv.var() == l.var()).unwrap();
                    ((m >> v) & 1 == 1) == l.is_positive()
                });
                prop_assert!(!models.iter().any(|&m| agrees(m)));
            }
            Outcome::Exhausted(e) => panic!("{e}"),
        }
    }

    #[test]
    fn cardinality_encodings_are_exact(n in 1usize..8, k in 0usize..9, which in 0u8..3) {
        let mut p = SatProblem::new();
        let x = p.new_lits(n);
        match which {
            0 => encode::at_most(&mut p, &x, k),
            1 => encode::at_least(&mut p, &x, k),
            _ => encode::exactly(&mut p, &x, k),
        }
        let want: BTreeSet<u32> = (0..1u32 << n)
            .filter(|a| {
                let c = a.count_ones() as usize;
                match which { 0 => c <= k, 1 => c >= k, _ => c == k }
            })
            .collect();
        let all = match p.enumerate(&x, &[], 1 << n, &Budget::unlimited()) {
            Outcome::Sat(all) => all,
            other => return Err(TestCaseError::fail(format!("{other:?}"))),
        };
        let got: BTreeSet<u32> = all.iter().map(|v| as_bits(v)).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn linear_sums_compare_exactly(
        doms in prop::collection::vec((-2i64..3, 0i64..3), 1..4),
        coeffs in prop::collection::vec(-2i64..3, 4),
        c in -8i64..9,
        against_count in any::<bool>(),
    ) {
        let mut p = SatProblem::new();
        let xs: Vec<IntVar> = doms.iter().map(|&(lo, w)| IntVar::range(&mut p, lo, lo + w)).collect();
        let terms: Vec<(i64, IntVar)> = xs.iter().zip(&coeffs).map(|(x, &k)| (k, x.clone())).collect();
        let s = encode::linear(&mut p, &terms);
        // Compare with a constant, or with another sum (the count of positive xs) minus c.
        type ValueOf = Box<dyn Fn(&[i64]) -> i64>;
        let (other, other_value): (Option<IntVar>, ValueOf) = if against_count {
            let pos: Vec<Lit> = xs.iter().map(|x| x.ge(&p, 1)).collect();
            (Some(encode::count(&mut p, &pos)), Box::new(|v: &[i64]| v.iter().filter(|&&a| a >= 1).count() as i64))
        } else {
            (None, Box::new(|_: &[i64]| 0))
        };
        let diff = match &other { Some(o) => { let neg = o.scale(&p, -1); s.add(&mut p, &neg) } None => s.clone() };
        let ge = diff.ge(&p, c);
        let eq = diff.eq(&p, c);
        // Every combination of values: the reified literals must be forced to the truth.
        let mut combo = vec![0usize; xs.len()];
        'all: loop {
            let values: Vec<i64> = combo.iter().zip(&xs).map(|(&i, x)| x.values()[i]).collect();
            let total: i64 = values.iter().zip(&coeffs).map(|(v, k)| v * k).sum::<i64>() - other_value(&values);
            let fix: Vec<Lit> = combo.iter().zip(&xs).map(|(&i, x)| x.eq(&p, x.values()[i])).collect();
            let sol = match p.solve(&fix, &Budget::unlimited()) {
                Outcome::Sat(sol) => sol,
                other => return Err(TestCaseError::fail(format!("values are free: {other:?}"))),
            };
            prop_assert_eq!(sol.int_value(&diff), total);
            prop_assert_eq!(sol.value(ge), total >= c);
            prop_assert_eq!(sol.value(eq), total == c);
            let mut i = 0;
            loop {
                if i == combo.len() { break 'all; }
                combo[i] += 1;
                if combo[i] < xs[i].values().len() { break; }
                combo[i] = 0;
                i += 1;
            }
        }
    }

    #[test]
    fn products_and_selections_are_exact(a_lo in -3i64..4, a_w in 0i64..4, b_lo in -3i64..4, b_w in 0i64..4, threshold in -10i64..11) {
        let mut p = SatProblem::new();
        let (a, b) = (IntVar::range(&mut p, a_lo, a_lo + a_w), IntVar::range(&mut p, b_lo, b_lo + b_w));
        let cond = p.new_lit();
        let product = a.mul(&mut p, &b);
        let chosen = IntVar::select(&mut p, cond, &a, &b);
        let (big, small) = (product.ge(&p, threshold), chosen.le(&p, threshold));
        for &x in a.values() {
            for &y in b.values() {
                for c in [false, true] {
                    let fix = [a.eq(&p, x), b.eq(&p, y), if c { cond } else { !cond }];
                    let sol = match p.solve(&fix, &Budget::unlimited()) {
                        Outcome::Sat(sol) => sol,
                        other => return Err(TestCaseError::fail(format!("values are free: {other:?}"))),
                    };
                    let pick = if c { x } else { y };
                    prop_assert_eq!(sol.int_value(&product), x * y);
                    prop_assert_eq!(sol.int_value(&chosen), pick);
                    // The reified comparisons must be forced too (used under negation by Laws).
                    prop_assert_eq!(sol.value(big), x * y >= threshold);
                    prop_assert_eq!(sol.value(small), pick <= threshold);
                }
            }
        }
    }

    #[test]
    fn deal_counts_equal_brute_force(
        items in 1usize..8,
        holders in 1usize..4,
        seed in any::<u64>(),
    ) {
        let deal = random_deal(items, holders, seed);
        let brute = brute_deal(&deal);
        match deal.count(&Budget::unlimited()) {
            Outcome::Sat(got) => prop_assert_eq!(got, brute),
            other => prop_assert!(false, "{:?}", other),
        }
    }
}

/// A reproducible random deal with a few constraints of each kind.
fn random_deal(items: usize, holders: usize, seed: u64) -> Deal {
    let mut r = seed | 1;
    let mut next = move |m: usize| {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        (r % m as u64) as usize
    };
    let mut caps = vec![0u32; holders];
    for _ in 0..items {
        caps[next(holders)] += 1;
    }
    let mut d = Deal::new(items, caps);
    for _ in 0..next(3) {
        d.forbid(next(items), next(holders));
    }
    for _ in 0..next(3) {
        let set: Vec<usize> = (0..1 + next(3)).map(|_| next(items)).collect();
        d.at_least_one(next(holders), &set);
    }
    for _ in 0..next(2) {
        let set: Vec<usize> =
            (0..1 + next(4)).map(|_| next(items)).collect::<BTreeSet<_>>().into_iter().collect();
        let k = next(set.len() + 1) as u32;
        d.exactly(next(holders), &set, k);
    }
    d
}

fn brute_deal(d: &Deal) -> super::deal::DealCount {
    let (n, h) = (d.items(), d.holders());
    let mut total = 0u128;
    let mut marginals = vec![vec![0u128; h]; n];
    let mut a = vec![0usize; n];
    loop {
        let ok = (0..h).all(|k| a.iter().filter(|&&x| x == k).count() == d.capacities[k] as usize)
            && (0..n).all(|i| d.allowed[i] & (1 << a[i]) != 0)
            && d.at_least_one.iter().all(|(k, s)| s.iter().any(|&i| a[i] == *k))
            && d.exactly
                .iter()
                .all(|(k, s, m)| s.iter().filter(|&&i| a[i] == *k).count() == *m as usize);
        if ok {
            total += 1;
            for i in 0..n {
                marginals[i][a[i]] += 1;
            }
        }
        let mut i = 0;
        loop {
            if i == n {
                return super::deal::DealCount { total, marginals };
            }
            a[i] += 1;
            if a[i] < h {
                break;
            }
            a[i] = 0;
            i += 1;
        }
    }
}

/// Pigeons into holes: unsatisfiable and hard for resolution, so it exercises the budget.
pub fn pigeonhole(p: &mut SatProblem, pigeons: usize, holes: usize) {
    let x: Vec<Vec<Lit>> = (0..pigeons).map(|_| p.new_lits(holes)).collect();
    for row in &x {
        p.add_clause(row);
    }
    for h in 0..holes {
        let column: Vec<Lit> = x.iter().map(|row| row[h]).collect();
        encode::at_most(p, &column, 1);
    }
}

#[test]
fn learned_clauses_are_counted_through_assumptions_enumeration_and_unsat() {
    // The conflict count is read from varisat's own proof format; every kind of step the
    // solver writes here (assumptions, failed cores, models, added clauses) must be read.
    let mut p = SatProblem::new();
    pigeonhole(&mut p, 7, 6);
    let extra = p.new_lits(4);
    p.add_clause(&extra);
    assert!(p.solve(&[!extra[0]], &Budget::unlimited()).is_unsat());
    let after_first = p.learned_clauses().expect("the proof was read");
    assert!(after_first > 20, "a pigeonhole takes conflicts: {after_first}");
    let mut q = SatProblem::new();
    pigeonhole(&mut q, 5, 5);
    let on = q.new_lits(3);
    assert!(q.enumerate(&on, &[], 100, &Budget::unlimited()).is_sat());
    assert!(q.solve(&[on[0], !on[0]], &Budget::unlimited()).is_unsat());
    assert!(q.learned_clauses().is_some(), "every step of enumeration was read");
    // The same search with a budget of half the conflicts it took is stopped.
    let mut again = SatProblem::new();
    pigeonhole(&mut again, 7, 6);
    let extra = again.new_lits(4);
    again.add_clause(&extra);
    let out = again.solve(&[!extra[0]], &Budget::unlimited().with_conflicts(after_first / 2));
    assert_eq!(out, Outcome::Exhausted(Exhausted::Conflicts));
}

#[test]
fn a_budget_ends_with_its_call() {
    // Between calls the solver still writes its proof (clauses added after solving); an
    // earlier call's budget, spent since, must not stop it.
    let mut p = SatProblem::new();
    let a = p.new_lits(2);
    p.add_clause(&a);
    assert!(p.solve(&[], &Budget::time(Duration::from_millis(30))).is_sat());
    std::thread::sleep(Duration::from_millis(40));
    for _ in 0..3000 {
        let x = p.new_lits(3);
        p.add_clause(&x);
    }
    assert!(p.solve(&[], &Budget::unlimited()).is_sat());
}

#[test]
fn a_conflict_budget_stops_a_hard_problem_and_says_so() {
    let mut p = SatProblem::new();
    pigeonhole(&mut p, 11, 10);
    let out = p.solve(&[], &Budget::unlimited().with_conflicts(500));
    assert_eq!(out, Outcome::Exhausted(Exhausted::Conflicts));
    // The solver stays out of budget rather than answering wrongly later.
    assert_eq!(p.solve(&[], &Budget::unlimited()), Outcome::Exhausted(Exhausted::Conflicts));
}

#[test]
fn cancellation_and_time_limits() {
    let flag = Arc::new(AtomicBool::new(true));
    let mut p = SatProblem::new();
    pigeonhole(&mut p, 5, 4);
    assert_eq!(
        p.solve(&[], &Budget::unlimited().with_cancel(flag.clone())),
        Outcome::Exhausted(Exhausted::Cancelled)
    );
    flag.store(false, Ordering::Relaxed);
    assert!(p.solve(&[], &Budget::unlimited().with_cancel(flag)).is_unsat());
    let mut hard = SatProblem::new();
    pigeonhole(&mut hard, 13, 12);
    assert_eq!(
        hard.solve(&[], &Budget::time(Duration::from_millis(50))),
        Outcome::Exhausted(Exhausted::Time)
    );
}

#[test]
fn a_cancelled_flag_set_from_another_thread_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(false));
    let setter = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let mut hard = SatProblem::new();
    pigeonhole(&mut hard, 13, 12);
    assert_eq!(
        hard.solve(&[], &Budget::unlimited().with_cancel(flag)),
        Outcome::Exhausted(Exhausted::Cancelled)
    );
    setter.join().unwrap();
}

#[test]
fn enumeration_limit_is_reported_not_truncated_silently() {
    let mut p = SatProblem::new();
    let x = p.new_lits(4);
    assert_eq!(p.enumerate(&x, &[], 3, &Budget::unlimited()), Outcome::Exhausted(Exhausted::Limit));
    assert_eq!(p.count_by_enumeration(&x, &[], 16, &Budget::unlimited()), Outcome::Sat(16));
}

#[test]
fn a_clue_shaped_deal_counts_exactly() {
    // Classic Clue: 6 suspects, 6 weapons, 9 rooms; the envelope (holder 0) takes one of
    // each, three players take 6 each. Without observations the count is a closed formula.
    let mut d = Deal::new(21, vec![3, 6, 6, 6]);
    d.exactly(0, &(0..6).collect::<Vec<_>>(), 1);
    d.exactly(0, &(6..12).collect::<Vec<_>>(), 1);
    d.exactly(0, &(12..21).collect::<Vec<_>>(), 1);
    let Outcome::Sat(c) = d.count(&Budget::unlimited()) else { panic!() };
    let multinomial: u128 = (1..=18u128).product::<u128>() / (720 * 720 * 720);
    assert_eq!(c.total, 6 * 6 * 9 * multinomial);
    // Each suspect is in the envelope with probability exactly 1/6.
    assert_eq!(c.marginals[0][0] * 6, c.total);
    assert_eq!(c.marginals[20][0] * 9, c.total);
}

#[test]
fn random_deals_are_mostly_satisfiable_so_the_cross_check_means_something() {
    let mut nonzero = 0;
    for seed in 1..200u64 {
        let d = random_deal(6, 3, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        if brute_deal(&d).total > 0 {
            nonzero += 1;
        }
    }
    assert!(nonzero > 60, "only {nonzero} of 199 random deals have a solution");
}
