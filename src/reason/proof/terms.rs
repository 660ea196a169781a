//! The term toolkit of the trust base: substitution, occurs check, unification and one-way
//! matching over the checkers' terms (`logic::clauses::Term`), shared by the proof checker
//! ([`super::check`]) and the saturation check ([`super::saturation`]).
//!
//! Two checkers may share code: what must stay apart is a checker and the engine it checks.
//! The engine's twins (`superposition::unify`, its matchers) are deliberately not used here,
//! nor is anything here used by an engine (`tests/layers.rs`).

use crate::logic::clauses::Term;
use std::collections::HashMap;

/// A substitution in solved form: a variable's value may mention variables bound too, so it
/// is applied to the end ([`resolve`]).
pub type Bindings = HashMap<u32, Term>;

/// `t` with every bound variable replaced by its value, to the end.
pub fn resolve(t: &Term, s: &Bindings) -> Term {
    match t {
        Term::Var(v) => s.get(v).map_or_else(|| t.clone(), |u| resolve(u, s)),
        Term::App(f, args) => Term::App(*f, args.iter().map(|a| resolve(a, s)).collect()),
    }
}

/// `t` with each variable bound in `s` replaced by its value, once.
pub fn instantiate(t: &Term, s: &Bindings) -> Term {
    match t {
        Term::Var(v) => s.get(v).cloned().unwrap_or_else(|| t.clone()),
        Term::App(f, args) => Term::App(*f, args.iter().map(|a| instantiate(a, s)).collect()),
    }
}

/// Whether the variable `v` occurs in `t`.
pub fn occurs(v: u32, t: &Term) -> bool {
    match t {
        Term::Var(w) => *w == v,
        Term::App(_, args) => args.iter().any(|a| occurs(v, a)),
    }
}

/// Robinson's unification over a work list of pairs, extending `s`: whether some instance
/// makes `a` and `b` the same term. A variable takes only values `may_take` allows (the
/// saturation check never gives an object variable an atom or ⊤). On failure `s` may hold
/// some of the bindings made on the way: callers that go on keep a copy.
pub fn unify(a: &Term, b: &Term, s: &mut Bindings, may_take: &dyn Fn(&Term) -> bool) -> bool {
    let mut work = vec![(a.clone(), b.clone())];
    while let Some((x, y)) = work.pop() {
        let (x, y) = (resolve(&x, s), resolve(&y, s));
        match (&x, &y) {
            _ if x == y => {}
            (Term::Var(v), t) | (t, Term::Var(v)) => {
                if occurs(*v, t) || !may_take(t) {
                    return false;
                }
                s.insert(*v, t.clone());
            }
            (Term::App(f, fa), Term::App(g, ga)) => {
                if f != g || fa.len() != ga.len() {
                    return false;
                }
                work.extend(fa.iter().cloned().zip(ga.iter().cloned()));
            }
        }
    }
    true
}

/// One-way matching, extending `s` so that `pattern` under it is `t` (the variables of `t`
/// are constants here). A variable takes only values `may_take` allows.
pub fn match_onto(
    pattern: &Term,
    t: &Term,
    s: &mut Bindings,
    may_take: &dyn Fn(&Term) -> bool,
) -> bool {
    match pattern {
        Term::Var(v) => match s.get(v) {
            Some(bound) => bound == t,
            None if !may_take(t) => false,
            None => {
                s.insert(*v, t.clone());
                true
            }
        },
        Term::App(f, args) => matches!(t, Term::App(g, targs)
            if f == g
                && args.len() == targs.len()
                && args.iter().zip(targs).all(|(a, b)| match_onto(a, b, s, may_take))),
    }
}

/// Any value: the proof checker's terms are all objects.
pub fn anything(_: &Term) -> bool {
    true
}
