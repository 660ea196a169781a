//! The indexes over the active set, as the given-clause loop keeps them: one fingerprint
//! index (see `index`) per kind of search (inference partners, demodulators, subsumers, and
//! what a new active clause may subsume or rewrite), each filled when a clause becomes
//! active.
//!
//! Each index answers with a superset of the clauses a search could use, which the caller
//! then tries in the order the clauses became active, so that the search is what it would
//! be without the index, only faster. Values are never removed one by one: those of
//! retired clauses are skipped as they are met, and swept out once they are many.

use super::bank::Bank;
use super::clause::{ClauseStore, Record};
use super::demodulation::Demodulator;
use super::index::{FingerprintIndex, Key};
use super::literal::Atom;
use super::position::each_position;
use super::subsumption::key_literal;

/// The term indexes over the active clauses: each lists a superset of the partners an
/// inference or a simplification could have, which are then tried as before. Values of
/// clauses retired since are skipped as they are met, and swept now and then.
#[derive(Default)]
pub(super) struct Indexes {
    /// The demodulators, by left side: those that may rewrite a term (forward rewriting).
    pub(super) demodulators: FingerprintIndex<Demodulator>,
    /// Every non-variable subterm of an active clause, with whether its literal is eligible:
    /// where the given clause may superpose into, and what a new demodulator may rewrite.
    pub(super) subterms: FingerprintIndex<(usize, bool)>,
    /// The sides of eligible positive equations of clauses without a selected
    /// literal: what may superpose into the given clause.
    pub(super) from_sides: FingerprintIndex<usize>,
    /// Eligible predicate literals by sign (`[negative, positive]`): resolution partners.
    pub(super) resolvable: [FingerprintIndex<usize>; 2],
    /// Every literal of an active clause, by sign: what the given clause may subsume.
    pub(super) literals: [FingerprintIndex<usize>; 2],
    /// One literal of each active clause (its heaviest), by sign: what may subsume a new
    /// clause (every literal of a subsuming clause matches one of the subsumed).
    pub(super) keys: [FingerprintIndex<usize>; 2],
    /// Clauses retired since the last sweep.
    pub(super) retired: usize,
}

impl Indexes {
    /// Enters active clause `id`, whose record is `d` (with its eligible literals).
    pub(super) fn insert(&mut self, bank: &Bank, id: usize, d: &Record) {
        for (i, l) in d.literals.iter().enumerate() {
            let (sign, eligible) = (l.positive as usize, d.eligible[i]);
            self.literals[sign].insert(bank, Key::atom(l.atom, false), id);
            for side in l.sides(bank) {
                each_position(bank, side, &mut |sub| {
                    self.subterms.insert(bank, Key::Term(sub), (id, eligible))
                });
            }
            if !eligible {
                continue;
            }
            match l.atom {
                Atom::Pred(p) => self.resolvable[sign].insert(bank, Key::Term(p), id),
                Atom::Eq(s, t) if l.positive && !d.selected => {
                    for side in [s, t] {
                        self.from_sides.insert(bank, Key::Term(side), id);
                    }
                }
                Atom::Eq(..) => {}
            }
        }
        let key = key_literal(bank, &d.literals);
        self.keys[key.positive as usize].insert(bank, Key::atom(key.atom, false), id);
    }

    /// Drops the index values of retired clauses, once they are many (at least 1 000, and
    /// as many as there are `active_clauses`).
    pub(super) fn sweep(&mut self, clauses: &ClauseStore, active_clauses: usize) {
        if self.retired < 1_000 || self.retired < active_clauses {
            return;
        }
        let active = |c: &usize| clauses.is_active(*c);
        self.demodulators.retain(&mut |d: &Demodulator| active(&d.clause));
        self.subterms.retain(&mut |(c, _): &(usize, bool)| active(c));
        self.from_sides.retain(&mut |c: &usize| active(c));
        for index in self.resolvable.iter_mut().chain(&mut self.literals).chain(&mut self.keys) {
            index.retain(&mut |c: &usize| active(c));
        }
        self.retired = 0;
    }

    /// Enters a demodulator of an active clause, by its left side.
    pub(super) fn insert_demodulator(&mut self, bank: &Bank, d: Demodulator) {
        self.demodulators.insert(bank, Key::Term(d.l), d);
    }
}
