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

use super::bank::{Bank, Head, TermId};
use super::clause::{Conclusion, How, Rule};
use super::literal::{Atom, Literal};
use super::unify::Substitution;
use rustc_hash::FxHashMap as HashMap;
use std::cmp::Ordering;

/// The order of the clause form's derived `Ord` on trees (a variable before an
/// application, variables by number, applications by symbol, then arguments in turn),
/// read off the bank without building the trees.
fn tree_order(bank: &Bank, a: TermId, b: TermId) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    match (bank.head(a), bank.head(b)) {
        (Head::Var(v), Head::Var(w)) => v.cmp(&w),
        (Head::Var(_), Head::App(_)) => Ordering::Less,
        (Head::App(_), Head::Var(_)) => Ordering::Greater,
        (Head::App(f), Head::App(g)) => f.cmp(&g).then_with(|| {
            let (x, y) = (bank.args(a), bank.args(b));
            x.iter()
                .zip(y)
                .map(|(&s, &t)| tree_order(bank, s, t))
                .find(|o| o.is_ne())
                .unwrap_or_else(|| x.len().cmp(&y.len()))
        }),
    }
}

/// [`tree_order`] on literals: negative first, a predicate atom before an equation.
fn literal_order(bank: &Bank, l: &Literal, m: &Literal) -> Ordering {
    l.positive.cmp(&m.positive).then_with(|| match (l.atom, m.atom) {
        (Atom::Pred(p), Atom::Pred(q)) => tree_order(bank, p, q),
        (Atom::Pred(_), Atom::Eq(..)) => Ordering::Less,
        (Atom::Eq(..), Atom::Pred(_)) => Ordering::Greater,
        (Atom::Eq(a, b), Atom::Eq(c, d)) => {
            tree_order(bank, a, c).then_with(|| tree_order(bank, b, d))
        }
    })
}

/// A clause with each equation turned its smaller side first and its literals sorted (both
/// in [`tree_order`]), then its variables renamed in order of first occurrence: equal for
/// variants whose variables come in the same order (the store numbers every clause's
/// variables so), to drop clauses already kept. Equal keys are always variants.
// Deliberately separate from `reason::proof::check`'s `normalized`, which orders literals the
// same way: the checker must not share code with the engine it checks.
pub(super) fn canonical(bank: &mut Bank, lits: &[Literal]) -> Vec<Literal> {
    let mut sorted: Vec<Literal> = lits
        .iter()
        .map(|&l| match l.atom {
            Atom::Eq(a, b) if tree_order(bank, a, b).is_gt() => {
                Literal { positive: l.positive, atom: Atom::Eq(b, a) }
            }
            _ => l,
        })
        .collect();
    sorted.sort_by(|l, m| literal_order(bank, l, m));
    sorted.dedup();
    let mut names: HashMap<u32, u32> = HashMap::default();
    sorted
        .into_iter()
        .map(|l| {
            l.map(bank, &mut |bank, t| {
                bank.map_vars(t, &mut |bank, v| {
                    let next = names.len() as u32;
                    let n = *names.entry(v).or_insert(next);
                    bank.var(n)
                })
            })
        })
        .collect()
}

/// Whether the clause holds in every interpretation: `t = t`, or a literal and its
/// complement.
pub(super) fn tautology(lits: &[Literal]) -> bool {
    lits.iter().any(|l| matches!(l.atom, Atom::Eq(a, b) if l.positive && a == b))
        || lits.iter().any(|l| lits.contains(&l.negated()))
}

/// Clause `id` (with literals `lits`) without its first `t ≠ t`, as an equality resolution
/// step; none when it has no such literal.
pub(super) fn trivial_inequality(id: usize, lits: &[Literal]) -> Option<Conclusion> {
    let i = lits.iter().position(|l| matches!(l.atom, Atom::Eq(a, b) if !l.positive && a == b))?;
    let Atom::Eq(left, _) = lits[i].atom else { unreachable!() };
    let rest: Vec<Literal> =
        lits.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, &l)| l).collect();
    Some((
        rest,
        How::inference(vec![(id, 0)], Substitution::new(), Rule::EqualityResolution { left }),
    ))
}

/// Destructive equality resolution: `x ≠ t` with x not in t says nothing but "x is t" (E's
/// DER), so clause `id` becomes its instance without the literal (the first such literal,
/// `x` on the left side before the right); none when it has none.
pub(super) fn destructive_equality_resolution(
    bank: &mut Bank,
    id: usize,
    lits: &[Literal],
) -> Option<Conclusion> {
    let (i, x, t) = lits.iter().enumerate().find_map(|(i, l)| match (l.atom, l.positive) {
        (Atom::Eq(s, t), false) => [(s, t), (t, s)]
            .into_iter()
            .find_map(|(x, t)| bank.as_var(x).filter(|&v| !bank.occurs(v, t)).map(|_| (i, x, t))),
        _ => None,
    })?;
    let mut unifier = Substitution::new();
    unifier.unify(bank, x, t);
    let rest: Vec<Literal> = lits
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, l)| unifier.apply_literal(bank, *l))
        .collect();
    Some((rest, How::inference(vec![(id, 0)], unifier, Rule::EqualityResolution { left: x })))
}
