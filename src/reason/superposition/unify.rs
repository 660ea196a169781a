//! Most general unifiers and one-way matching, over the terms of the bank (`bank`).
//!
//! A substitution maps variables to terms that may mention other bound variables (it is
//! kept in triangular form while unifying, and applied to a fixed point by
//! [`Substitution::apply`]); the occurs check keeps it acyclic. Binding a variable stores
//! an id, and two equal subterms (the same id) unify or match at once.
//!
//! Deliberately separate from `reason::proof::saturation`'s own `unify` and `match_term`: the
//! checker must not share code with the engine it checks.

use super::bank::{Bank, Head, TermId};
use super::literal::Literal;
use rustc_hash::FxHashMap as HashMap;

/// Variables bound to terms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Substitution {
    bound: HashMap<u32, TermId>,
}

impl Substitution {
    pub fn new() -> Substitution {
        Substitution::default()
    }

    pub fn get(&self, v: u32) -> Option<TermId> {
        self.bound.get(&v).copied()
    }

    pub fn len(&self) -> usize {
        self.bound.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bound.is_empty()
    }

    /// Binds variable `v`, unbound so far, to `t`.
    pub(super) fn bind(&mut self, v: u32, t: TermId) {
        self.bound.insert(v, t);
    }

    /// The term with every bound variable replaced, to a fixed point.
    pub fn apply(&self, bank: &mut Bank, t: TermId) -> TermId {
        if self.bound.is_empty() {
            return t;
        }
        bank.map_vars(t, &mut |bank, v| match self.bound.get(&v) {
            Some(&u) => self.apply(bank, u),
            None => bank.var(v),
        })
    }

    /// The literal with the substitution applied to its terms (see [`Substitution::apply`]).
    pub(super) fn apply_literal(&self, bank: &mut Bank, l: Literal) -> Literal {
        l.map(bank, &mut |bank, t| self.apply(bank, t))
    }

    /// The term with each bound variable replaced once (for a matcher, whose bindings are
    /// terms of the target, whose variables are not the pattern's).
    pub fn apply_once(&self, bank: &mut Bank, t: TermId) -> TermId {
        bank.map_vars(t, &mut |bank, v| match self.bound.get(&v) {
            Some(&u) => u,
            None => bank.var(v),
        })
    }

    /// The number of symbols and variables of `t` with the substitution applied, counted
    /// without building it; `None` once the count passes `cap` (an applied unifier can be
    /// exponentially larger than the terms it unified).
    pub fn size_under(&self, bank: &Bank, t: TermId, cap: usize) -> Option<usize> {
        fn go(s: &Substitution, bank: &Bank, t: TermId, left: &mut usize) -> bool {
            if let Some(v) = bank.as_var(t) {
                if let Some(&u) = s.bound.get(&v) {
                    return go(s, bank, u, left);
                }
            }
            if bank.is_ground(t) || s.bound.is_empty() {
                let n = bank.size(t);
                return match left.checked_sub(n) {
                    Some(rest) => {
                        *left = rest;
                        true
                    }
                    None => false,
                };
            }
            if *left == 0 {
                return false;
            }
            *left -= 1;
            bank.args(t).iter().all(|&a| go(s, bank, a, left))
        }
        let mut left = cap;
        go(self, bank, t, &mut left).then(|| cap - left)
    }

    /// Follows variable bindings until an unbound variable or an application.
    fn walk(&self, bank: &Bank, mut t: TermId) -> TermId {
        while let Some(v) = bank.as_var(t) {
            match self.bound.get(&v) {
                Some(&u) => t = u,
                None => break,
            }
        }
        t
    }

    fn occurs(&self, bank: &Bank, v: u32, t: TermId) -> bool {
        let t = self.walk(bank, t);
        match bank.head(t) {
            Head::Var(w) => w == v,
            Head::App(_) => {
                !bank.is_ground(t) && bank.args(t).iter().any(|&a| self.occurs(bank, v, a))
            }
        }
    }

    /// Extends the substitution to unify `s` and `t`; false (leaving it in some extended
    /// state the caller should drop) when they do not unify.
    pub fn unify(&mut self, bank: &Bank, s: TermId, t: TermId) -> bool {
        let (s, t) = (self.walk(bank, s), self.walk(bank, t));
        if s == t {
            return true;
        }
        match (bank.head(s), bank.head(t)) {
            (Head::Var(a), _) => self.bind_checked(bank, a, t),
            (_, Head::Var(b)) => self.bind_checked(bank, b, s),
            (Head::App(f), Head::App(g)) => {
                if f != g || (bank.is_ground(s) && bank.is_ground(t)) {
                    return false;
                }
                let (a, b) = (bank.args(s), bank.args(t));
                a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| self.unify(bank, x, y))
            }
        }
    }

    fn bind_checked(&mut self, bank: &Bank, v: u32, t: TermId) -> bool {
        if self.occurs(bank, v, t) {
            return false;
        }
        self.bound.insert(v, t);
        true
    }
}

/// The most general unifier of `s` and `t`, if they unify.
pub fn mgu(bank: &Bank, s: TermId, t: TermId) -> Option<Substitution> {
    let mut sigma = Substitution::new();
    sigma.unify(bank, s, t).then_some(sigma)
}

/// [`matches`] for `pattern` with its variables shifted by `offset`, without building the
/// shifted pattern.
pub fn matches_shifted(
    bank: &Bank,
    pattern: TermId,
    offset: u32,
    target: TermId,
) -> Option<Substitution> {
    let mut sigma = Substitution::new();
    matches(bank, pattern, target, &mut sigma).then(|| Substitution {
        bound: sigma.bound.into_iter().map(|(v, t)| (v + offset, t)).collect(),
    })
}

/// A substitution of `pattern`'s variables that turns it into `target` exactly (`target`'s
/// variables are left alone, as constants), extending `into`; false when there is none.
/// Apply it with [`Substitution::apply_once`].
pub fn matches(bank: &Bank, pattern: TermId, target: TermId, into: &mut Substitution) -> bool {
    if bank.is_ground(pattern) {
        return pattern == target;
    }
    match bank.head(pattern) {
        Head::Var(v) => match into.bound.get(&v) {
            Some(&bound) => bound == target,
            None => {
                into.bound.insert(v, target);
                true
            }
        },
        Head::App(f) => {
            if bank.symbol(target) != Some(f) {
                return false;
            }
            let (args, targs) = (bank.args(pattern), bank.args(target));
            args.len() == targs.len()
                && args.iter().zip(targs).all(|(&p, &t)| matches(bank, p, t, into))
        }
    }
}
