//! Literal selection and eligibility: which literals of an active clause the generating
//! rules may work on (superposition with selection, after Bachmair and Ganzinger).
//!
//! In a clause with a negative literal, one negative literal is selected (the heaviest, the
//! first of equal weight) and it alone is eligible, unless the run is without selection.
//! Otherwise the eligible literals are the maximal ones: those no other literal of the
//! clause exceeds in the literal ordering (see `order`). Selection is decided once, when
//! the clause becomes active, and recorded with it.
//!
//! Deliberately separate from `reason::proof::saturation`'s own `usable`: the checker must
//! not share code with the engine it checks.

use super::clause::clause_weight;
use super::order::{literal_multiset, multiset_greater, Kbo};
use crate::logic::clauses::{Literal, Term};
use std::cmp::Reverse;

/// For each literal of `lits`, whether inferences may use it; and whether a negative
/// literal is selected (`select`: whether the run selects at all).
pub(super) fn eligible(kbo: &Kbo, lits: &[Literal], select: bool) -> (Vec<bool>, bool) {
    let negative: Vec<usize> = (0..lits.len()).filter(|&i| !lits[i].positive).collect();
    let pick = negative
        .iter()
        .filter(|_| select)
        .max_by_key(|&&i| (clause_weight(std::slice::from_ref(&lits[i])), Reverse(i)));
    if let Some(&pick) = pick {
        ((0..lits.len()).map(|i| i == pick).collect(), true)
    } else {
        let multisets: Vec<Vec<Option<Term>>> = lits.iter().map(literal_multiset).collect();
        let eligible = (0..lits.len())
            .map(|i| {
                !(0..lits.len())
                    .any(|j| j != i && multiset_greater(kbo, &multisets[j], &multisets[i]))
            })
            .collect();
        (eligible, false)
    }
}
