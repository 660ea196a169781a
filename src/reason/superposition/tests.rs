//! The ordering against its definition's promises, and unification against what a
//! unifier must do, on random terms.

use super::order::Kbo;
use super::unify::{matches, mgu, Substitution};
use crate::logic::clauses::Term;
use crate::util::random::SplitMix64;
use std::cmp::Ordering;
use std::collections::HashMap;

/// Symbols 0–1 constants, 2–3 unary, 4–5 binary.
const ARITIES: [usize; 6] = [0, 0, 1, 1, 2, 2];

fn random_term(rng: &mut SplitMix64, depth: u32, vars: u32) -> Term {
    if vars > 0 && rng.below(4) == 0 {
        return Term::Var(rng.below(u64::from(vars)) as u32);
    }
    let f = if depth == 0 { rng.below(2) as usize } else { rng.below(ARITIES.len() as u64) as usize };
    Term::App(f, (0..ARITIES[f]).map(|_| random_term(rng, depth.saturating_sub(1), vars)).collect())
}

fn kbos() -> Vec<Kbo> {
    vec![Kbo::new(&ARITIES), Kbo::with(vec![3, 1, 2, 1, 1, 4], vec![5, 0, 3, 1, 4, 2])]
}

fn substitute(t: &Term, s: &HashMap<u32, Term>) -> Term {
    crate::logic::clauses::subst_term(t, s)
}

#[test]
fn kbo_is_a_strict_order_total_on_ground_terms() {
    let mut rng = SplitMix64::new(21);
    for kbo in kbos() {
        for _ in 0..3000 {
            let (s, t, u) = (random_term(&mut rng, 3, 0), random_term(&mut rng, 3, 0), random_term(&mut rng, 3, 0));
            assert!(!kbo.greater(&s, &s), "irreflexive");
            if s != t {
                assert!(kbo.greater(&s, &t) != kbo.greater(&t, &s), "total and asymmetric on ground terms: {s:?} {t:?}");
            }
            if kbo.greater(&s, &t) && kbo.greater(&t, &u) {
                assert!(kbo.greater(&s, &u), "transitive");
            }
        }
    }
}

#[test]
fn kbo_with_variables_is_stable_under_substitution_and_has_the_subterm_property() {
    let mut rng = SplitMix64::new(22);
    let mut compared = 0;
    for kbo in kbos() {
        for _ in 0..4000 {
            let (s, t) = (random_term(&mut rng, 3, 3), random_term(&mut rng, 3, 3));
            if kbo.greater(&s, &t) {
                compared += 1;
                assert!(!kbo.greater(&t, &s), "asymmetric");
                let sigma: HashMap<u32, Term> = (0..3).map(|v| (v, random_term(&mut rng, 2, 3))).collect();
                assert!(kbo.greater(&substitute(&s, &sigma), &substitute(&t, &sigma)), "stable: {s:?} > {t:?} under {sigma:?}");
            }
            // Compatible with contexts: putting both in the same place keeps the order.
            if kbo.greater(&s, &t) {
                let other = random_term(&mut rng, 2, 3);
                for (f, args) in [(2, vec![s.clone()]), (4, vec![s.clone(), other.clone()]), (5, vec![other.clone(), s.clone()])] {
                    let with_t: Vec<Term> = args.iter().map(|a| if *a == s { t.clone() } else { a.clone() }).collect();
                    assert!(kbo.greater(&Term::App(f, args.clone()), &Term::App(f, with_t.clone())), "monotone: {s:?} > {t:?} inside {f}");
                }
            }
            // A term is greater than each of its proper subterms.
            if let Term::App(_, args) = &s {
                for a in args {
                    assert!(kbo.greater(&s, a), "subterm: {s:?} > {a:?}");
                }
            }
            // Never a variable above a term that is not it.
            if let Term::Var(_) = s {
                assert!(!kbo.greater(&s, &t) || t == s);
            }
        }
    }
    assert!(compared > 500, "enough comparable pairs: {compared}");
}

#[test]
fn kbo_descending_chains_end() {
    // Well-founded: from any ground term, a chain of ever smaller ground terms is short,
    // since weight never grows along it and, at equal weight, there are finitely many terms.
    let kbo = Kbo::new(&ARITIES);
    let mut rng = SplitMix64::new(23);
    for _ in 0..200 {
        let mut t = random_term(&mut rng, 4, 0);
        let start = kbo.weight(&t);
        for _ in 0..200 {
            let candidates: Vec<Term> = (0..50).map(|_| random_term(&mut rng, 3, 0)).filter(|u| kbo.greater(&t, u)).collect();
            let Some(next) = candidates.into_iter().next() else { break };
            assert!(kbo.weight(&next) <= kbo.weight(&t));
            t = next;
        }
        assert!(kbo.weight(&t) <= start);
    }
    assert_eq!(kbo.compare(&Term::App(0, vec![]), &Term::App(0, vec![])), Some(Ordering::Equal));
    // compare agrees with greater, and says when neither is greater.
    let (x, y) = (Term::Var(0), Term::Var(1));
    assert_eq!(kbo.compare(&x, &y), None, "two variables are incomparable");
    let fx = Term::App(2, vec![x.clone()]);
    assert_eq!(kbo.compare(&fx, &x), Some(Ordering::Greater));
    assert_eq!(kbo.compare(&x, &fx), Some(Ordering::Less));
    assert_eq!(kbo.compare(&fx, &Term::App(2, vec![y])), None, "f(x) and f(y) are incomparable");
}

#[test]
fn unifiers_unify_and_matching_matches() {
    let mut rng = SplitMix64::new(24);
    let mut unified = 0;
    for _ in 0..5000 {
        let (s, t) = (random_term(&mut rng, 3, 4), random_term(&mut rng, 2, 4));
        match mgu(&s, &t) {
            Some(sigma) => {
                unified += 1;
                assert_eq!(sigma.apply(&s), sigma.apply(&t), "{s:?} {t:?}");
            }
            None => {
                // No ground instance makes them equal either (tried on random groundings).
                for _ in 0..5 {
                    let g: HashMap<u32, Term> = (0..4).map(|v| (v, random_term(&mut rng, 1, 0))).collect();
                    if substitute(&s, &g) == substitute(&t, &g) {
                        panic!("{s:?} and {t:?} have a common instance, but no unifier was found");
                    }
                }
            }
        }
        // Matching an instance of a term finds the substitution that made it.
        let g: HashMap<u32, Term> = (0..4).map(|v| (v, random_term(&mut rng, 2, 2))).collect();
        let instance = substitute(&s, &g);
        let mut found = Substitution::new();
        assert!(matches(&s, &instance, &mut found), "{s:?} matches its instance");
        assert_eq!(found.apply_once(&s), instance);
    }
    assert!(unified > 300, "enough unifiable pairs: {unified}");
    // The occurs check: x and f(x) do not unify.
    assert!(mgu(&Term::Var(0), &Term::App(2, vec![Term::Var(0)])).is_none());
}
