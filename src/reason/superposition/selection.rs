//! Literal selection and eligibility: which literals of an active clause the generating
//! rules may work on (superposition with selection, after Bachmair and Ganzinger).
//!
//! In a clause with a negative literal, one negative literal is selected (the heaviest; of
//! equal weight, the one with the most variables, whose partners then instantiate most of
//! the clause; then the first) and it alone is eligible, unless the run is without selection,
//! or selects with the Horn exception and the clause is a Horn clause whose positive
//! literal exceeds all others ([`Selection`]). Otherwise the eligible literals are the
//! maximal ones: those no other literal of the clause exceeds in the literal ordering (see
//! `order`). Selection is decided once, when the clause becomes active, and recorded with
//! it; any choice among these keeps the calculus complete.
//!
//! Deliberately separate from `reason::proof::saturation`'s own `usable`: the checker must
//! not share code with the engine it checks.

use super::bank::{Bank, TermId};
use super::literal::{clause_weight, Atom, Literal};
use super::order::{literal_multiset, maximal_literals, multiset_greater, Kbo};
use std::cmp::Reverse;

/// How a run chooses the literal to select in a clause with negative literals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// No selection: every clause works through its maximal literals.
    Off,
    /// The heaviest negative literal, always.
    Heaviest,
    /// As `Heaviest`, except in a Horn clause whose positive literal is strictly greater
    /// than every other (a definition read forwards, `p(x) ← q(x) ∧ r(x)`): there nothing
    /// is selected, so the clause can meet a negated goal `¬p(a)` head first and the
    /// search works backwards from the question (E's favourite selection does the same).
    HeaviestExceptUniqueMaxHorn,
    /// After E's `SelectComplex`: a negative `x ≠ y` if there is one, else the lightest
    /// ground negative literal (its partners are found by matching, and it is cut early),
    /// else the negative literal whose sides differ most in weight (a predicate literal
    /// counts its whole weight).
    Complex,
    /// As `Complex`, with the Horn exception of `HeaviestExceptUniqueMaxHorn`.
    ComplexExceptUniqueMaxHorn,
}

impl Selection {
    fn horn_exception(self) -> bool {
        matches!(
            self,
            Selection::HeaviestExceptUniqueMaxHorn | Selection::ComplexExceptUniqueMaxHorn
        )
    }
}

/// For each literal of `lits`, whether inferences may use it; and whether a negative
/// literal is selected.
pub(super) fn eligible(
    bank: &Bank,
    kbo: &Kbo,
    lits: &[Literal],
    selection: Selection,
) -> (Vec<bool>, bool) {
    let negative: Vec<usize> = (0..lits.len()).filter(|&i| !lits[i].positive).collect();
    let mut pick = match selection {
        Selection::Off => None,
        Selection::Complex | Selection::ComplexExceptUniqueMaxHorn => {
            complex_pick(bank, lits, &negative)
        }
        Selection::Heaviest | Selection::HeaviestExceptUniqueMaxHorn => negative
            .iter()
            .max_by_key(|&&i| {
                let l = std::slice::from_ref(&lits[i]);
                (clause_weight(bank, l), distinct_variables(bank, l), Reverse(i))
            })
            .copied(),
    };
    let multisets = || -> Vec<Vec<Option<TermId>>> { lits.iter().map(literal_multiset).collect() };
    let positive: Vec<usize> = (0..lits.len()).filter(|&i| lits[i].positive).collect();
    if let (Some(_), true, [head]) = (pick, selection.horn_exception(), &positive[..]) {
        let m = multisets();
        if (0..lits.len()).all(|j| j == *head || multiset_greater(kbo, bank, &m[*head], &m[j])) {
            pick = None;
        }
    }
    if let Some(pick) = pick {
        ((0..lits.len()).map(|i| i == pick).collect(), true)
    } else {
        (maximal_literals(bank, kbo, lits), false)
    }
}

/// The negative literal [`Selection::Complex`] picks among `negative`.
fn complex_pick(bank: &Bank, lits: &[Literal], negative: &[usize]) -> Option<usize> {
    let variable_pair = |i: &&usize| match lits[**i].atom {
        Atom::Eq(s, t) => bank.as_var(s).is_some() && bank.as_var(t).is_some(),
        Atom::Pred(_) => false,
    };
    if let Some(&i) = negative.iter().find(variable_pair) {
        return Some(i);
    }
    let ground = negative.iter().filter(|&&i| lits[i].var_bound(bank) == 0);
    if let Some(&i) = ground.min_by_key(|&&i| (lits[i].weight(bank), i)) {
        return Some(i);
    }
    let difference = |i: usize| match lits[i].atom {
        Atom::Eq(s, t) => bank.size(s).abs_diff(bank.size(t)),
        Atom::Pred(p) => bank.size(p),
    };
    negative.iter().copied().max_by_key(|&i| (difference(i), Reverse(i)))
}

/// The number of distinct variables of the literals.
fn distinct_variables(bank: &Bank, lits: &[Literal]) -> usize {
    fn collect(bank: &Bank, t: TermId, seen: &mut Vec<u32>) {
        if bank.is_ground(t) {
            return;
        }
        match bank.as_var(t) {
            Some(v) => {
                if !seen.contains(&v) {
                    seen.push(v)
                }
            }
            None => bank.args(t).iter().for_each(|&a| collect(bank, a, seen)),
        }
    }
    let mut seen = Vec::new();
    for l in lits {
        for t in l.sides(bank) {
            collect(bank, t, &mut seen);
        }
    }
    seen.len()
}
