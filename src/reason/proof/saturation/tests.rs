//! The check's ordering on its own: the Knuth–Bendix ordering against its defining
//! properties and, on ground terms, against a plain reading of its definition; the
//! multiset extension to literals; and which literals of a clause inferences may use.

use super::*;
use crate::util::random::SplitMix64;
use std::cmp::Ordering;

/// Symbols 0..4 with arities 0, 0, 1, 1, 2.
const ARITY: [usize; 5] = [0, 0, 1, 1, 2];

fn random_term(rng: &mut SplitMix64, depth: u32, vars: u32) -> Term {
    if vars > 0 && rng.below(4) == 0 {
        return Term::Var(rng.below(vars as u64) as u32);
    }
    let f = if depth == 0 { rng.below(2) as usize } else { rng.below(5) as usize };
    Term::App(f, (0..ARITY[f]).map(|_| random_term(rng, depth.saturating_sub(1), vars)).collect())
}

fn random_precedence(rng: &mut SplitMix64) -> Vec<u32> {
    let mut p: Vec<u32> = (0..ARITY.len() as u32).collect();
    for i in (1..p.len()).rev() {
        p.swap(i, rng.below(i as u64 + 1) as usize);
    }
    p
}

/// Ground KBO with unit weights, read off its definition: larger size first, then the
/// head's rank, then the arguments left to right.
fn ground_kbo(rank: &[u32], s: &Term, t: &Term) -> Ordering {
    let (Term::App(f, a), Term::App(g, b)) = (s, t) else { panic!("ground terms only") };
    Order::size(s).cmp(&Order::size(t)).then_with(|| {
        let r = |h: SymId| if h == TOP { -1 } else { i64::from(rank[h]) };
        r(*f).cmp(&r(*g)).then_with(|| {
            a.iter()
                .zip(b)
                .map(|(x, y)| ground_kbo(rank, x, y))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        })
    })
}

fn substitute(t: &Term, by: &[Term]) -> Term {
    match t {
        Term::Var(v) => by[*v as usize].clone(),
        Term::App(f, args) => Term::App(*f, args.iter().map(|a| substitute(a, by)).collect()),
    }
}

fn subterms(t: &Term, out: &mut Vec<Term>) {
    if let Term::App(_, args) = t {
        for a in args {
            out.push(a.clone());
            subterms(a, out);
        }
    }
}

#[test]
fn on_ground_terms_the_ordering_is_its_definition() {
    let mut rng = SplitMix64::new(1);
    let mut seen = [0; 3];
    for _ in 0..3_000 {
        let rank = random_precedence(&mut rng);
        let order = Order { rank: &rank };
        let (s, t) = (random_term(&mut rng, 3, 0), random_term(&mut rng, 3, 0));
        let expected = ground_kbo(&rank, &s, &t);
        assert_eq!(order.greater(&s, &t), expected.is_gt(), "{s:?} > {t:?} under {rank:?}");
        assert_eq!(order.greater(&t, &s), expected.is_lt(), "{t:?} > {s:?} under {rank:?}");
        assert_eq!(expected.is_eq(), s == t, "total on ground terms");
        seen[(expected as i8 + 1) as usize] += 1;
        assert!(order.greater(&s, &top()) && !order.greater(&top(), &s), "⊤ is below {s:?}");
    }
    assert!(seen[0] > 500 && seen[2] > 500, "{seen:?}");
}

#[test]
fn the_ordering_holds_in_every_instance_and_contains_the_subterm_relation() {
    let mut rng = SplitMix64::new(2);
    let mut compared = 0;
    for _ in 0..3_000 {
        let rank = random_precedence(&mut rng);
        let order = Order { rank: &rank };
        let (s, t, u) =
            (random_term(&mut rng, 3, 2), random_term(&mut rng, 3, 2), random_term(&mut rng, 2, 2));
        assert!(!order.greater(&s, &s));
        if order.greater(&s, &t) {
            compared += 1;
            assert!(!order.greater(&t, &s), "asymmetric: {s:?}, {t:?}");
            if order.greater(&t, &u) {
                assert!(order.greater(&s, &u), "transitive: {s:?} > {t:?} > {u:?}");
            }
            // Stable: every ground instance keeps the comparison.
            let by = [random_term(&mut rng, 2, 0), random_term(&mut rng, 2, 0)];
            let (si, ti) = (substitute(&s, &by), substitute(&t, &by));
            assert!(order.greater(&si, &ti), "{s:?} > {t:?} but not under {by:?}");
            // Monotone: in a context.
            let (fs, ft) = (Term::App(2, vec![s.clone()]), Term::App(2, vec![t.clone()]));
            assert!(order.greater(&fs, &ft));
            let (gs, gt) = (
                Term::App(4, vec![u.clone(), s.clone()]),
                Term::App(4, vec![u.clone(), t.clone()]),
            );
            assert!(order.greater(&gs, &gt));
        }
        let mut below = Vec::new();
        subterms(&s, &mut below);
        for b in below {
            assert!(order.greater(&s, &b), "{s:?} is above its subterm {b:?}");
        }
    }
    assert!(compared > 500, "{compared}");
}

#[test]
fn terms_with_variables_compare_only_where_every_instance_agrees() {
    let rank = [0, 1, 2, 3, 4];
    let order = Order { rank: &rank };
    let (x, y) = (Term::Var(0), Term::Var(1));
    let (a, b) = (Term::App(0, vec![]), Term::App(1, vec![]));
    let f = |t: Term| Term::App(2, vec![t]);
    let g = |t: Term| Term::App(3, vec![t]);
    let h = |s: Term, t: Term| Term::App(4, vec![s, t]);
    assert!(order.greater(&f(x.clone()), &x) && !order.greater(&x, &f(x.clone())));
    assert!(!order.greater(&x, &a) && !order.greater(&a, &x), "x may be above or below a");
    assert!(!order.greater(&x, &y), "two variables never compare");
    assert!(order.greater(&g(x.clone()), &f(x.clone())), "g ranks above f");
    assert!(!order.greater(&g(x.clone()), &f(y.clone())), "y may be large");
    assert!(order.greater(&f(x.clone()), &b), "larger, and x's count is not below");
    assert!(!order.greater(&f(a.clone()), &h(x.clone(), x.clone())), "smaller");
    assert!(order.greater(&h(x.clone(), b.clone()), &h(x.clone(), a.clone())), "lexicographic");
    assert!(order.greater(&h(b.clone(), a.clone()), &h(a.clone(), b.clone())));
    assert!(!order.greater(&h(x.clone(), y.clone()), &h(y.clone(), x.clone())));
    // Same size and variables: the first argument decides, in every instance.
    assert!(order.greater(&h(f(x.clone()), y.clone()), &h(x.clone(), f(y.clone()))));
    assert!(order.greater(&a, &top()) && !order.greater(&top(), &a), "⊤ is the least");
    assert!(!order.greater(&top(), &x) && !order.greater(&x, &top()));
}

fn lit(positive: bool, left: Term, right: Term) -> Lit {
    Lit { positive, left, right }
}

/// The multiset extension of a total order, read off its definition: both multisets
/// sorted from the largest, compared element by element, a longer one above its prefix.
fn ground_multiset(rank: &[u32], l: &Lit, m: &Lit) -> Ordering {
    let sorted = |l: &Lit| {
        let mut v: Vec<Term> = Order::multiset(l).into_iter().cloned().collect();
        v.sort_by(|x, y| ground_kbo(rank, y, x));
        v
    };
    let (a, b) = (sorted(l), sorted(m));
    for (x, y) in a.iter().zip(&b) {
        let o = ground_kbo(rank, x, y);
        if o.is_ne() {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

#[test]
fn literals_compare_as_multisets_of_their_sides() {
    let mut rng = SplitMix64::new(3);
    let mut greater = 0;
    for _ in 0..3_000 {
        let rank = random_precedence(&mut rng);
        let order = Order { rank: &rank };
        let side = |rng: &mut SplitMix64| {
            if rng.below(4) == 0 {
                top()
            } else {
                random_term(rng, 2, 0)
            }
        };
        let l = lit(rng.below(2) == 0, side(&mut rng), side(&mut rng));
        let m = if rng.below(4) == 0 {
            lit(!l.positive, l.left.clone(), l.right.clone())
        } else {
            lit(rng.below(2) == 0, side(&mut rng), side(&mut rng))
        };
        let expected = ground_multiset(&rank, &l, &m);
        assert_eq!(order.literal_greater(&l, &m), expected.is_gt(), "{l:?} > {m:?}");
        assert_eq!(order.literal_greater(&m, &l), expected.is_lt(), "{m:?} > {l:?}");
        greater += usize::from(expected.is_gt());
    }
    assert!(greater > 500, "{greater}");
    // s ≠ t is above s = t; the larger side decides between two equations.
    let order = Order { rank: &[0, 1, 2, 3, 4] };
    let (a, b) = (Term::App(0, vec![]), Term::App(1, vec![]));
    let fa = Term::App(2, vec![a.clone()]);
    assert!(
        order.literal_greater(&lit(false, a.clone(), b.clone()), &lit(true, a.clone(), b.clone()))
    );
    assert!(
        order.literal_greater(&lit(true, fa.clone(), a.clone()), &lit(false, b.clone(), a.clone()))
    );
    assert!(
        !order.literal_greater(&lit(true, a.clone(), b.clone()), &lit(true, b.clone(), a.clone()))
    );
}

#[test]
fn inferences_use_the_selected_literal_or_the_largest_ones() {
    let order = Order { rank: &[0, 1, 2, 3, 4] };
    let (a, b) = (Term::App(0, vec![]), Term::App(1, vec![]));
    let fa = Term::App(2, vec![a.clone()]);
    let (x, y) = (Term::Var(0), Term::Var(1));
    let c = vec![
        lit(true, a.clone(), b.clone()),
        lit(false, fa.clone(), b.clone()),
        lit(true, fa.clone(), top()),
    ];
    assert_eq!(order.usable(&c, None), [1], "f(a) ≠ b is above f(a) = ⊤ and a = b");
    assert_eq!(order.usable(&c, Some(0)), [0]);
    let twice = vec![lit(true, fa.clone(), a.clone()), lit(true, a.clone(), fa.clone())];
    assert_eq!(order.usable(&twice, None), [0, 1], "equal literals are both largest");
    let apart = vec![lit(true, x.clone(), a.clone()), lit(true, y.clone(), b.clone())];
    assert_eq!(order.usable(&apart, None), [0, 1], "incomparable literals are both largest");
}

/// Rewriting by a unit shows a conclusion redundant only when the unit's instance lies
/// below the conclusion (a premise clause, only covered, may be rewritten by any unit).
#[test]
fn a_conclusion_is_rewritten_only_by_equations_below_it() {
    // a ≻ b ≻ c, and P above them all.
    let rank = [2, 1, 0, 3];
    let (a, b, c) = (Term::App(0, vec![]), Term::App(1, vec![]), Term::App(2, vec![]));
    let p = |t: &Term| Term::App(3, vec![t.clone()]);
    let n = vec![
        vec![lit(true, a.clone(), b.clone())],
        vec![lit(true, b.clone(), c.clone())],
        vec![lit(false, p(&b), top())],
    ];
    let checker = Checker {
        order: Order { rank: &rank },
        predicate: vec![false, false, false, true],
        n: &n,
        units: units(&n),
    };
    // ¬P(a) is ¬P(b), a clause of the set, by a = b, which lies below it.
    assert!(checker.redundant(vec![lit(false, p(&a), top())], true));
    // a = c would be b = c, a clause of the set, by a = b, which lies above it.
    assert!(!checker.redundant(vec![lit(true, a.clone(), c.clone())], true));
    assert!(checker.redundant(vec![lit(true, a.clone(), c.clone())], false));
}
