//! Most general unifiers and one-way matching, over `logic::clauses::Term`.
//!
//! A substitution maps variables to terms that may mention other bound variables (it is
//! kept in triangular form while unifying, and applied to a fixed point by
//! [`Substitution::apply`]); the occurs check keeps it acyclic.
//!
//! Deliberately separate from `reason::proof::saturation`'s own `unify` and `match_term`: the
//! checker must not share code with the engine it checks.

use crate::logic::clauses::Term;
use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;

/// Variables bound to terms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Substitution {
    bound: HashMap<u32, Term>,
}

impl Substitution {
    pub fn new() -> Substitution {
        Substitution::default()
    }

    pub fn get(&self, v: u32) -> Option<&Term> {
        self.bound.get(&v)
    }

    pub fn len(&self) -> usize {
        self.bound.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bound.is_empty()
    }

    /// The term with every bound variable replaced, to a fixed point.
    pub fn apply(&self, t: &Term) -> Term {
        match t {
            Term::Var(v) => match self.bound.get(v) {
                Some(u) => self.apply(u),
                None => t.clone(),
            },
            Term::App(f, args) => Term::App(*f, args.iter().map(|a| self.apply(a)).collect()),
        }
    }

    /// The term with each bound variable replaced once (for a matcher, whose bindings are
    /// terms of the target, whose variables are not the pattern's).
    pub fn apply_once(&self, t: &Term) -> Term {
        match t {
            Term::Var(v) => self.bound.get(v).cloned().unwrap_or_else(|| t.clone()),
            Term::App(f, args) => Term::App(*f, args.iter().map(|a| self.apply_once(a)).collect()),
        }
    }

    /// The number of symbols and variables of `t` with the substitution applied, counted
    /// without building it; `None` once the count passes `cap` (an applied unifier can be
    /// exponentially larger than the terms it unified).
    pub fn size_under(&self, t: &Term, cap: usize) -> Option<usize> {
        fn go(s: &Substitution, t: &Term, left: &mut usize) -> bool {
            if let Term::Var(v) = t {
                if let Some(u) = s.bound.get(v) {
                    return go(s, u, left);
                }
            }
            if *left == 0 {
                return false;
            }
            *left -= 1;
            match t {
                Term::Var(_) => true,
                Term::App(_, args) => args.iter().all(|a| go(s, a, left)),
            }
        }
        let mut left = cap;
        go(self, t, &mut left).then(|| cap - left)
    }

    /// Follows variable bindings until an unbound variable or an application.
    fn walk<'a>(&'a self, t: &'a Term) -> &'a Term {
        let mut t = t;
        while let Term::Var(v) = t {
            match self.bound.get(v) {
                Some(u) => t = u,
                None => break,
            }
        }
        t
    }

    fn occurs(&self, v: u32, t: &Term) -> bool {
        match self.walk(t) {
            Term::Var(w) => *w == v,
            Term::App(_, args) => args.iter().any(|a| self.occurs(v, a)),
        }
    }

    /// `t` with a bound variable at its top followed to what it stands for: borrowed when
    /// `t` is not a bound variable, a copy of the binding when it is (the binding lives in
    /// the map that unifying goes on to extend).
    fn resolve<'a>(&self, t: &'a Term) -> Cow<'a, Term> {
        match t {
            Term::Var(v) if self.bound.contains_key(v) => Cow::Owned(self.walk(t).clone()),
            _ => Cow::Borrowed(t),
        }
    }

    /// Extends the substitution to unify `s` and `t`; false (leaving it in some extended
    /// state the caller should drop) when they do not unify. Terms are copied only where a
    /// bound variable is followed, and into a new binding.
    pub fn unify(&mut self, s: &Term, t: &Term) -> bool {
        let (s, t) = (self.resolve(s), self.resolve(t));
        match (s.as_ref(), t.as_ref()) {
            (Term::Var(a), Term::Var(b)) if a == b => true,
            (Term::Var(a), other) | (other, Term::Var(a)) => {
                if self.occurs(*a, other) {
                    return false;
                }
                self.bound.insert(*a, other.clone());
                true
            }
            (Term::App(f, a), Term::App(g, b)) => {
                f == g && a.len() == b.len() && a.iter().zip(b).all(|(x, y)| self.unify(x, y))
            }
        }
    }
}

/// The most general unifier of `s` and `t`, if they unify.
pub fn mgu(s: &Term, t: &Term) -> Option<Substitution> {
    let mut sigma = Substitution::new();
    sigma.unify(s, t).then_some(sigma)
}

/// [`matches`] for `pattern` with its variables shifted by `offset`, without building the
/// shifted pattern, and binding references while it goes: most matches fail, and the
/// terms bound (whole subterms of the target) are copied into the substitution only when
/// it succeeds.
pub fn matches_shifted(pattern: &Term, offset: u32, target: &Term) -> Option<Substitution> {
    fn go<'t>(p: &Term, target: &'t Term, bound: &mut Vec<(u32, &'t Term)>) -> bool {
        match p {
            Term::Var(v) => match bound.iter().find(|(w, _)| w == v) {
                Some((_, b)) => *b == target,
                None => {
                    bound.push((*v, target));
                    true
                }
            },
            Term::App(f, args) => match target {
                Term::App(g, targs) => {
                    f == g
                        && args.len() == targs.len()
                        && args.iter().zip(targs).all(|(p, t)| go(p, t, bound))
                }
                Term::Var(_) => false,
            },
        }
    }
    let mut bound = Vec::new();
    go(pattern, target, &mut bound).then(|| Substitution {
        bound: bound.into_iter().map(|(v, t)| (v + offset, t.clone())).collect(),
    })
}

/// A substitution of `pattern`'s variables that turns it into `target` exactly (`target`'s
/// variables are left alone, as constants), extending `into`; false when there is none.
/// Apply it with [`Substitution::apply_once`].
pub fn matches(pattern: &Term, target: &Term, into: &mut Substitution) -> bool {
    match pattern {
        Term::Var(v) => match into.bound.get(v) {
            Some(bound) => bound == target,
            None => {
                into.bound.insert(*v, target.clone());
                true
            }
        },
        Term::App(f, args) => match target {
            Term::App(g, targs) => {
                f == g
                    && args.len() == targs.len()
                    && args.iter().zip(targs).all(|(p, t)| matches(p, t, into))
            }
            Term::Var(_) => false,
        },
    }
}
