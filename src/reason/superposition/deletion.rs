//! Deletion of what says nothing: tautologies (`t = t`, or a literal and its complement),
//! variants of clauses already kept, and trivial literals: `t ≠ t`, and `x ≠ t` with `x`
//! not in `t` (destructive equality resolution, E's DER), whose clause is the same as its
//! instance under `x ↦ t` without the literal.
//!
//! A tautology or a variant is dropped outright (nothing is derived from it); a clause that
//! loses a trivial literal becomes a new clause, a step of equality resolution from the
//! old one, so that the extractor can account for it.
//!
//! Deliberately separate from `reason::proof::saturation`'s own `tautology` (and its
//! dropping of `t ≠ t`): the checker must not share code with the engine it checks.

use super::clause::{map_literal, Conclusion, How, Rule};
use super::unify::Substitution;
use crate::logic::clauses::{negate, Atom, Literal, Term};
use std::collections::BTreeMap;

/// A clause with its variables renamed in order of first occurrence and its literals sorted:
/// equal for variants, to drop clauses already kept.
// Deliberately separate from `reason::proof::check`'s `normalized`, which orders literals the
// same way: the checker must not share code with the engine it checks.
pub(super) fn canonical(lits: &[Literal]) -> Vec<Literal> {
    let mut sorted: Vec<Literal> = lits
        .iter()
        .map(|l| match &l.atom {
            Atom::Eq(a, b) if a > b => {
                Literal { positive: l.positive, atom: Atom::Eq(b.clone(), a.clone()) }
            }
            _ => l.clone(),
        })
        .collect();
    sorted.sort();
    sorted.dedup();
    let mut names: BTreeMap<u32, u32> = BTreeMap::new();
    fn rename(t: &Term, names: &mut BTreeMap<u32, u32>) -> Term {
        match t {
            Term::Var(v) => {
                let next = names.len() as u32;
                Term::Var(*names.entry(*v).or_insert(next))
            }
            Term::App(f, a) => Term::App(*f, a.iter().map(|x| rename(x, names)).collect()),
        }
    }
    sorted
        .iter()
        .map(|l| {
            let atom = match &l.atom {
                Atom::Pred(p, a) => {
                    Atom::Pred(*p, a.iter().map(|t| rename(t, &mut names)).collect())
                }
                Atom::Eq(a, b) => {
                    let a = rename(a, &mut names);
                    Atom::Eq(a, rename(b, &mut names))
                }
            };
            Literal { positive: l.positive, atom }
        })
        .collect()
}

/// Whether the clause holds in every interpretation: `t = t`, or a literal and its
/// complement.
pub(super) fn tautology(lits: &[Literal]) -> bool {
    lits.iter().any(|l| matches!(&l.atom, Atom::Eq(a, b) if l.positive && a == b))
        || lits.iter().any(|l| lits.contains(&negate(l)))
}

/// Clause `id` (with literals `lits`) without its first `t ≠ t`, as an equality resolution
/// step; none when it has no such literal.
pub(super) fn trivial_inequality(id: usize, lits: &[Literal]) -> Option<Conclusion> {
    let i = lits.iter().position(|l| matches!(&l.atom, Atom::Eq(a, b) if !l.positive && a == b))?;
    let Atom::Eq(left, _) = &lits[i].atom else { unreachable!() };
    let left = left.clone();
    let rest: Vec<Literal> =
        lits.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, l)| l.clone()).collect();
    Some((
        rest,
        How::inference(vec![(id, 0)], Substitution::new(), Rule::EqualityResolution { left }),
    ))
}

/// Destructive equality resolution: `x ≠ t` with x not in t says nothing but "x is t" (E's
/// DER), so clause `id` becomes its instance without the literal (the first such literal,
/// `x` on the left side before the right); none when it has none.
pub(super) fn destructive_equality_resolution(id: usize, lits: &[Literal]) -> Option<Conclusion> {
    let (i, x, t) = lits.iter().enumerate().find_map(|(i, l)| match (&l.atom, l.positive) {
        (Atom::Eq(s, t), false) => [(s, t), (t, s)].into_iter().find_map(|(x, t)| match x {
            Term::Var(v) if !occurs(*v, t) => Some((i, x.clone(), t.clone())),
            _ => None,
        }),
        _ => None,
    })?;
    let mut unifier = Substitution::new();
    unifier.unify(&x, &t);
    let rest: Vec<Literal> = lits
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, l)| map_literal(l, &|u| unifier.apply(u)))
        .collect();
    Some((rest, How::inference(vec![(id, 0)], unifier, Rule::EqualityResolution { left: x })))
}

/// Whether variable `v` occurs in `t`.
fn occurs(v: u32, t: &Term) -> bool {
    match t {
        Term::Var(w) => *w == v,
        Term::App(_, args) => args.iter().any(|a| occurs(v, a)),
    }
}
