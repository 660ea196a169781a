//! The Knuth–Bendix ordering (KBO) on terms, as superposition needs it: a simplification
//! ordering, total on ground terms, stable under substitution.
//!
//! Every symbol weighs at least 1 and every variable weighs 1, so no unary symbol of weight
//! 0 needs the special case of the general definition. `s > t` when every variable occurs at
//! least as often in `s` as in `t`, and either `s` weighs more, or they weigh the same and
//! `s`'s head comes later in the precedence, or the heads are equal and the arguments are
//! greater lexicographically (the first that differ decides).
//!
//! Literals are compared by the KBO's multiset extension (Bachmair and Ganzinger): a
//! literal is the multiset of its sides, doubled when negative, with a predicate atom `P`
//! read as the equation `P = ⊤` (`⊤` below every term). The maximal literals of a clause
//! are those no other literal of it exceeds.
//!
//! Deliberately separate from `reason::proof::saturation`'s own `Order` (its KBO and
//! literal ordering): the checker must not share code with the engine it checks.

use super::bank::{Bank, Head, TermId};
use super::literal::{Atom, Literal};
use crate::logic::clauses::SymId;
use std::cmp::Ordering;

/// The ordering's parameters: a weight and a precedence rank per symbol.
#[derive(Clone, Debug)]
pub struct Kbo {
    weights: Vec<u32>,
    precedence: Vec<u32>,
    /// Every weight is 1: a term's weight is its size, which the bank keeps.
    unit_weights: bool,
}

impl Kbo {
    /// Weight 1 for every symbol; precedence by arity, then by number (constants lowest,
    /// so that equations rewrite towards them).
    pub fn new(arities: &[usize]) -> Kbo {
        let mut order: Vec<usize> = (0..arities.len()).collect();
        order.sort_by_key(|&f| (arities[f], f));
        let mut precedence = vec![0; arities.len()];
        for (rank, f) in order.into_iter().enumerate() {
            precedence[f] = rank as u32;
        }
        Kbo { weights: vec![1; arities.len()], precedence, unit_weights: true }
    }

    /// Weight 1 for every symbol; the precedence E calls `invfreq`: the fewer occurrences a
    /// symbol has in the problem (`occurrences`, per symbol), the greater it is (ties by
    /// arity, then number), constants lowest. A defined notion, used in few places, then
    /// outranks the notions its definition uses, so definitions unfold from the question
    /// down rather than being built up from the axioms.
    pub fn by_inverse_frequency(arities: &[usize], occurrences: &[usize]) -> Kbo {
        let mut order: Vec<usize> = (0..arities.len()).collect();
        order.sort_by_key(|&f| (arities[f] > 0, std::cmp::Reverse(occurrences[f]), arities[f], f));
        let mut precedence = vec![0; arities.len()];
        for (rank, f) in order.into_iter().enumerate() {
            precedence[f] = rank as u32;
        }
        Kbo { weights: vec![1; arities.len()], precedence, unit_weights: true }
    }

    /// As [`Kbo::by_inverse_frequency`], and each symbol weighs its rank by frequency (the
    /// most frequent 1, the rarest most: E's `invfreqrank`), so that an equation defining
    /// a rare symbol by frequent ones, `f(x) = g(h(x), x)`, is ordered from left to right.
    pub fn by_inverse_frequency_weights(arities: &[usize], occurrences: &[usize]) -> Kbo {
        let mut kbo = Kbo::by_inverse_frequency(arities, occurrences);
        let mut order: Vec<usize> = (0..arities.len()).collect();
        order.sort_by_key(|&f| (std::cmp::Reverse(occurrences[f]), f));
        let mut rank = 0;
        let mut last = None;
        for f in order {
            if last != Some(occurrences[f]) {
                rank += 1;
                last = Some(occurrences[f]);
            }
            kbo.weights[f] = rank;
        }
        kbo.unit_weights = kbo.weights.iter().all(|&w| w == 1);
        kbo
    }

    /// E's `invfreqconjmax` precedence with `invprecedence` weights: the symbols of the
    /// negated question (`in_goal`) outrank all others, each class by inverse frequency
    /// (ties by arity, then number), and a symbol weighs one more than the number of
    /// symbols above it. The question's symbols are then the lightest and greatest, so
    /// equations rewrite towards the axioms' frequent symbols and the goal's terms are the
    /// ones worked on. E's automatic mode picks it for unit-equality problems.
    pub fn conjecture_max(arities: &[usize], occurrences: &[usize], in_goal: &[bool]) -> Kbo {
        let mut order: Vec<usize> = (0..arities.len()).collect();
        order.sort_by_key(|&f| (in_goal[f], std::cmp::Reverse(occurrences[f]), arities[f], f));
        let n = arities.len() as u32;
        let mut precedence = vec![0; arities.len()];
        let mut weights = vec![1; arities.len()];
        for (rank, f) in order.into_iter().enumerate() {
            precedence[f] = rank as u32;
            weights[f] = n - rank as u32;
        }
        let unit_weights = weights.iter().all(|&w| w == 1);
        Kbo { weights, precedence, unit_weights }
    }

    /// The same, with weights and a precedence of one's own (each weight at least 1).
    pub fn with(weights: Vec<u32>, precedence: Vec<u32>) -> Kbo {
        assert!(weights.iter().all(|&w| w >= 1), "KBO weights here are at least 1");
        assert_eq!(weights.len(), precedence.len());
        let unit_weights = weights.iter().all(|&w| w == 1);
        Kbo { weights, precedence, unit_weights }
    }

    /// Each symbol's rank in the precedence.
    pub fn precedence(&self) -> &[u32] {
        &self.precedence
    }

    fn weight_of(&self, f: SymId) -> u64 {
        u64::from(self.weights.get(f).copied().unwrap_or(1))
    }

    fn rank(&self, f: SymId) -> u32 {
        self.precedence.get(f).copied().unwrap_or(u32::MAX)
    }

    /// The weight of a term: its size when every symbol weighs 1 (kept by the bank).
    pub fn weight(&self, bank: &Bank, t: TermId) -> u64 {
        if self.unit_weights {
            return bank.size(t) as u64;
        }
        match bank.head(t) {
            Head::Var(_) => 1,
            Head::App(f) => {
                self.weight_of(f) + bank.args(t).iter().map(|&a| self.weight(bank, a)).sum::<u64>()
            }
        }
    }

    /// `Greater`, `Less` or `Equal` (the same term), or `None` when the two are incomparable.
    pub fn compare(&self, bank: &Bank, s: TermId, t: TermId) -> Option<Ordering> {
        if s == t {
            return Some(Ordering::Equal);
        }
        if self.greater(bank, s, t) {
            Some(Ordering::Greater)
        } else if self.greater(bank, t, s) {
            Some(Ordering::Less)
        } else {
            None
        }
    }

    /// Whether `s > t`.
    pub fn greater(&self, bank: &Bank, s: TermId, t: TermId) -> bool {
        if s == t || !covers(bank, s, t) {
            return false;
        }
        let (ws, wt) = (self.weight(bank, s), self.weight(bank, t));
        if ws != wt {
            return ws > wt;
        }
        match (bank.head(s), bank.head(t)) {
            // Equal weight and `s` a variable: `t` would need more of it, or be `s` itself.
            (Head::Var(_), _) => false,
            // A variable of equal weight under `s` (covered, so it occurs in `s`): `s` is a
            // bigger term only if it is not the variable itself, and weight 1 means it is.
            (Head::App(_), Head::Var(_)) => true,
            (Head::App(f), Head::App(g)) => {
                if f != g {
                    return self.rank(f) > self.rank(g);
                }
                let (a, b) = (bank.args(s), bank.args(t));
                match a.iter().zip(b).find(|(x, y)| x != y) {
                    Some((&x, &y)) => self.greater(bank, x, y),
                    None => false,
                }
            }
        }
    }
}

/// Whether every variable occurs in `s` at least as often as in `t`.
fn covers(bank: &Bank, s: TermId, t: TermId) -> bool {
    if bank.is_ground(t) {
        return true;
    }
    if bank.var_bound(t) > bank.var_bound(s) && bank.is_ground(s) {
        return false;
    }
    fn count(bank: &Bank, t: TermId, into: &mut Vec<i64>, sign: i64) {
        if bank.is_ground(t) {
            return;
        }
        match bank.head(t) {
            Head::Var(v) => {
                let v = v as usize;
                if into.len() <= v {
                    into.resize(v + 1, 0);
                }
                into[v] += sign;
            }
            Head::App(_) => bank.args(t).iter().for_each(|&a| count(bank, a, into, sign)),
        }
    }
    let mut balance = Vec::new();
    count(bank, s, &mut balance, 1);
    count(bank, t, &mut balance, -1);
    balance.iter().all(|&n| n >= 0)
}

/// One side of a literal, for comparing literals: a term, or the `⊤` a predicate atom is
/// equated with (below every term).
fn side_greater(kbo: &Kbo, bank: &Bank, a: Option<TermId>, b: Option<TermId>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => kbo.greater(bank, x, y),
        (Some(_), None) => true,
        (None, _) => false,
    }
}

/// A literal as the multiset the literal ordering compares: `s = t` is `{s, t}`, `s ≠ t` is
/// `{s, s, t, t}`, and a predicate atom `P` is the equation `P = ⊤`.
pub(super) fn literal_multiset(l: &Literal) -> Vec<Option<TermId>> {
    let (a, b) = match l.atom {
        Atom::Eq(s, t) => (Some(s), Some(t)),
        Atom::Pred(p) => (Some(p), None),
    };
    if l.positive {
        vec![a, b]
    } else {
        vec![a, a, b, b]
    }
}

/// For each literal, whether no other literal of the clause is greater in the literal
/// ordering (its multiset extension).
pub(super) fn maximal_literals(bank: &Bank, kbo: &Kbo, lits: &[Literal]) -> Vec<bool> {
    let m: Vec<_> = lits.iter().map(literal_multiset).collect();
    (0..lits.len())
        .map(|i| !(0..lits.len()).any(|j| j != i && multiset_greater(kbo, bank, &m[j], &m[i])))
        .collect()
}

/// The multiset extension of the KBO: `m > n` when they differ and every element of `n`
/// not in `m` is below some element of `m` not in `n`.
pub(super) fn multiset_greater(
    kbo: &Kbo,
    bank: &Bank,
    m: &[Option<TermId>],
    n: &[Option<TermId>],
) -> bool {
    let mut m: Vec<Option<TermId>> = m.to_vec();
    let mut n_rest: Vec<Option<TermId>> = Vec::new();
    for &x in n {
        if let Some(i) = m.iter().position(|&y| y == x) {
            m.swap_remove(i);
        } else {
            n_rest.push(x);
        }
    }
    !m.is_empty() && n_rest.iter().all(|&x| m.iter().any(|&y| side_greater(kbo, bank, y, x)))
}
