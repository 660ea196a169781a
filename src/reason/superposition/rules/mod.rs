//! The generating rules of the superposition calculus with selection (Bachmair and
//! Ganzinger), a predicate atom `P` read as the equation `P = ⊤`: binary resolution and
//! superposition between two clauses, equality resolution, factoring and equality
//! factoring on one. One file per rule; here, what they share: which premises meet, the
//! literals they may use, renaming apart, and the weight limit on conclusions.
//!
//! Every rule works only on eligible literals (see `selection`) and only where the ordering
//! allows; the conclusions come in a fixed order (literal by literal of the first premise,
//! then of the second), which the passive set's tie-breaking by id keeps reproducible. A
//! conclusion heavier than [`MAX_WEIGHT`] is not built, and the run notes it, since
//! running out of inferences then no longer means saturation.
//!
//! Deliberately separate from `reason::proof::saturation`'s own recomputation of the
//! inferences (`unary`, `superpositions`): the checker must not share code with the engine
//! it checks.

mod equality_factoring;
mod equality_resolution;
mod factoring;
mod resolution;
mod superposition;

use super::active::Indexes;
use super::bank::{Bank, TermId};
use super::clause::{ClauseStore, Conclusion, Record};
use super::index::{Key, Retrieve};
use super::literal::{max_var, shift_literals, Atom, Literal};
use super::order::Kbo;
use super::position::each_position;
use super::unify::Substitution;
use std::cell::Cell;

/// The heaviest conclusion kept (symbols and variables): heavier ones are dropped before
/// they are built, which only makes the search incomplete (see [`Rules::dropped`]).
const MAX_WEIGHT: usize = 1_000;

/// Whether the literals under `u` weigh more than [`MAX_WEIGHT`] (counted without building
/// them).
fn too_heavy<'l>(
    bank: &Bank,
    literals: impl Iterator<Item = &'l Literal>,
    u: &Substitution,
) -> bool {
    // The literals' terms: a predicate's arguments (its symbol is not counted), or the
    // two sides of an equation.
    let mut left = MAX_WEIGHT;
    for l in literals {
        let equation;
        let terms: &[TermId] = match l.atom {
            Atom::Pred(p) => bank.args(p),
            Atom::Eq(s, t) => {
                equation = [s, t];
                &equation
            }
        };
        for &t in terms {
            match u.size_under(bank, t, left) {
                Some(n) => left -= n,
                None => return true,
            }
        }
    }
    false
}

/// What the rules read besides their premises: the ordering, and where they note a
/// conclusion dropped as too heavy.
pub(super) struct Rules<'r> {
    pub(super) kbo: &'r Kbo,
    /// Set once a conclusion was dropped as too heavy (then running out of inferences would
    /// not mean saturation).
    pub(super) dropped: &'r Cell<bool>,
}

/// Two premises of a binary inference: `a` (the clause with the positive literal) and `b`,
/// whose literals are renamed apart from `a`'s by `offset`.
struct Pair<'p> {
    a: usize,
    da: &'p Record,
    b: usize,
    db: &'p Record,
    offset: u32,
    /// `b`'s literals, renamed apart.
    lb: Vec<Literal>,
}

impl Pair<'_> {
    /// The literals of both premises but `a`'s `i`th and `b`'s `j`th, under `u`.
    fn conclusion(&self, bank: &mut Bank, i: usize, j: usize, u: &Substitution) -> Vec<Literal> {
        let mut rest = without(bank, &self.da.literals, i, u);
        for (k, n) in self.lb.iter().enumerate() {
            if k != j {
                rest.push(u.apply_literal(bank, *n));
            }
        }
        rest
    }
}

/// The literals but the `skip`th, under `u`.
fn without(bank: &mut Bank, lits: &[Literal], skip: usize, u: &Substitution) -> Vec<Literal> {
    lits.iter()
        .enumerate()
        .filter(|(k, _)| *k != skip)
        .map(|(_, n)| u.apply_literal(bank, *n))
        .collect()
}

impl Rules<'_> {
    /// Whether the conclusion of an inference with these premises' literals under `u`
    /// would be too heavy to keep (noted, since the search is then incomplete).
    fn heavy<'l>(
        &self,
        bank: &Bank,
        literals: impl Iterator<Item = &'l Literal>,
        u: &Substitution,
    ) -> bool {
        let heavy = too_heavy(bank, literals, u);
        if heavy {
            self.dropped.set(true);
        }
        heavy
    }

    /// Factoring, equality factoring and equality resolution on active clause `c`.
    pub(super) fn unary(&self, bank: &mut Bank, c: usize, record: &Record) -> Vec<Conclusion> {
        let Record { literals: lits, eligible, selected, .. } = record;
        let mut out = Vec::new();
        for (i, l) in lits.iter().enumerate() {
            if !eligible[i] {
                continue;
            }
            match (l.positive, l.atom) {
                (false, Atom::Eq(s, t)) => {
                    self.equality_resolution(bank, c, lits, i, s, t, &mut out)
                }
                (true, Atom::Pred(p)) if !selected => {
                    self.factoring(bank, c, record, i, p, &mut out)
                }
                (true, Atom::Eq(s, t)) if !selected => {
                    self.equality_factoring(bank, c, lits, i, s, t, &mut out)
                }
                _ => {}
            }
        }
        out
    }

    /// Resolution and superposition from active clause `a` (the positive premise) into
    /// active clause `b`, renamed apart, on the literals each may use.
    pub(super) fn binary(
        &self,
        bank: &mut Bank,
        a: usize,
        da: &Record,
        b: usize,
        db: &Record,
    ) -> Vec<Conclusion> {
        let mut out = Vec::new();
        if da.selected {
            return out;
        }
        let offset = max_var(bank, &da.literals);
        let lb = shift_literals(bank, &db.literals, offset);
        let pair = Pair { a, da, b, db, offset, lb };
        for (i, l) in da.literals.iter().enumerate() {
            if !da.eligible[i] || !l.positive {
                continue;
            }
            match l.atom {
                Atom::Pred(p) => self.resolution(bank, &pair, i, p, &mut out),
                Atom::Eq(s, t) => self.superposition(bank, &pair, i, s, t, &mut out),
            }
        }
        out
    }
}

/// The active clauses (the given clause among them) that may have a resolution or a
/// superposition with the given clause, either way round, in the order they became active.
pub(super) fn partners(
    bank: &Bank,
    clauses: &ClauseStore,
    ix: &Indexes,
    given: usize,
) -> Vec<usize> {
    let d = &clauses[given];
    let mut found = Vec::new();
    for (i, l) in d.literals.iter().enumerate() {
        if !d.eligible[i] {
            continue;
        }
        match l.atom {
            // Resolution, either way round.
            Atom::Pred(p) => ix.resolvable[!l.positive as usize].retrieve(
                bank,
                Key::Term(p),
                Retrieve::Unifiable,
                &mut |&c: &usize| found.push(c),
            ),
            // Superposition from the given clause into an eligible subterm.
            Atom::Eq(s, t) if l.positive && !d.selected => {
                for side in [s, t] {
                    ix.subterms.retrieve(
                        bank,
                        Key::Term(side),
                        Retrieve::Unifiable,
                        &mut |&(c, eligible): &(usize, bool)| {
                            if eligible {
                                found.push(c)
                            }
                        },
                    );
                }
            }
            Atom::Eq(..) => {}
        }
        // Superposition into the given clause.
        for side in l.sides(bank) {
            each_position(bank, side, &mut |sub| {
                ix.from_sides
                    .retrieve(bank, Key::Term(sub), Retrieve::Unifiable, &mut |&c| found.push(c))
            });
        }
    }
    clauses.active_in_order(found)
}
