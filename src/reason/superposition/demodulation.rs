//! Demodulation: rewriting by positive unit equations, to a normal form, as a
//! simplification (E's forward and backward rewriting, Vampire's demodulation).
//!
//! A unit equation `l = r` rewrites an instance `lσ` to `rσ` when `lσ > rσ` in the KBO:
//! always when `l > r`, and instance by instance when the two sides are incomparable (never
//! from a variable side). Each step is a new clause, a superposition step from the clause
//! rewritten and the equation, so that the extractor can account for it. Forward, a new
//! clause is rewritten by the active equations; backward, a new active equation rewrites
//! the active clauses, which go back to the passive set.
//!
//! Which subterm is rewritten, and by which equation, is fixed: the first (literal by
//! literal, side by side, top down), by the oldest equation that applies.
//!
//! Deliberately separate from `reason::proof::saturation`'s own rewriting (`rewrite_once`
//! and `redundant`): the checker must not share code with the engine it checks.

use super::bank::{Bank, TermId};
use super::clause::{ClauseStore, Conclusion, How, Rule};
use super::index::{FingerprintIndex, Key, Retrieve};
use super::literal::{max_var, Atom, Literal};
use super::order::Kbo;
use super::position::find_position;
use super::unify::matches_shifted;

/// A positive unit equation used to rewrite, with the directions it may be used in: `l → r`
/// always when `l > r`, and by instance (`lσ > rσ`) when the two are incomparable.
#[derive(Clone, Debug)]
pub(super) struct Demodulator {
    pub(super) clause: usize,
    pub(super) l: TermId,
    pub(super) r: TermId,
    /// `l > r` holds for every instance.
    pub(super) oriented: bool,
    /// Demodulators are tried in the order they came (this number).
    pub(super) seq: usize,
}

/// The demodulators clause `id` makes when it is a positive unit equation (none for
/// other clauses), numbered from `seq`.
pub(super) fn demodulators_of(
    bank: &Bank,
    kbo: &Kbo,
    id: usize,
    literals: &[Literal],
    seq: usize,
) -> Vec<Demodulator> {
    let mut made = Vec::new();
    if let [Literal { positive: true, atom: Atom::Eq(s, t) }] = *literals {
        let mut add = |l: TermId, r: TermId, oriented: bool| {
            made.push(Demodulator { clause: id, l, r, oriented, seq: seq + made.len() })
        };
        if kbo.greater(bank, s, t) {
            add(s, t, true);
        } else if kbo.greater(bank, t, s) {
            add(t, s, true);
        } else if s != t {
            for (l, r) in [(s, t), (t, s)] {
                if !bank.is_var(l) {
                    add(l, r, false);
                }
            }
        }
    }
    made
}

/// One rewriting step of clause `id` by a demodulator in `index` (only by clause `only`'s,
/// when given), as a new clause; none when no demodulator applies. The first subterm
/// (literal by literal, side by side, top down) that an active demodulator rewrites is
/// rewritten by the oldest such demodulator.
pub(super) fn rewrite_once(
    bank: &mut Bank,
    clauses: &ClauseStore,
    kbo: &Kbo,
    index: &FingerprintIndex<Demodulator>,
    id: usize,
    only: Option<usize>,
) -> Option<Conclusion> {
    let lits = &clauses[id].literals;
    let offset = max_var(bank, lits);
    let mut try_at = |bank: &mut Bank, path: &[usize], sub: TermId| {
        let mut candidates: Vec<&Demodulator> = Vec::new();
        index.retrieve(bank, Key::Term(sub), Retrieve::Generalizations, &mut |d: &Demodulator| {
            if d.clause != id && only.is_none_or(|o| o == d.clause) && clauses.is_active(d.clause) {
                candidates.push(d);
            }
        });
        candidates.sort_by_key(|d| d.seq);
        candidates.into_iter().find_map(|d| {
            let sigma = matches_shifted(bank, d.l, offset, sub)?;
            let r = bank.shift(d.r, offset);
            if !d.oriented {
                let rewritten = sigma.apply(bank, r);
                if !kbo.greater(bank, sub, rewritten) {
                    return None;
                }
            }
            Some((path.to_vec(), d.clause, bank.shift(d.l, offset), r, sigma))
        })
    };
    let mut found = None;
    'literals: for (i, m) in lits.iter().enumerate() {
        for (side, term) in m.sides(bank).into_iter().enumerate() {
            if let Some(at) = find_position(bank, term, &mut Vec::new(), &mut try_at) {
                found = Some((i, side, at));
                break 'literals;
            }
        }
    }
    let (i, side, (path, clause, l, r, sigma)) = found?;
    let m = lits[i];
    let mut new_sides = m.sides(bank);
    new_sides[side] = bank.replace_at(new_sides[side], &path, r);
    let rewritten = m.with_sides(bank, &new_sides);
    let mut literals: Vec<Literal> = lits.to_vec();
    literals[i] = sigma.apply_literal(bank, rewritten);
    let rule = Rule::Superposition { l, r, into: m, rewritten };
    let how = How::inference(vec![(id, 0), (clause, offset)], sigma, rule);
    Some((literals, how))
}

/// Adds to `candidates` the clauses the demodulators `made` (of the new active clause) may
/// rewrite (backward demodulation): those with an instance of a left side in `subterms`,
/// the index of every active clause's non-variable subterms. A superset: each is then tried
/// with [`rewrite_once`].
pub(super) fn rewritable_candidates(
    bank: &Bank,
    subterms: &FingerprintIndex<(usize, bool)>,
    made: &[Demodulator],
    candidates: &mut Vec<usize>,
) {
    for d in made {
        subterms
            .retrieve(bank, Key::Term(d.l), Retrieve::Instances, &mut |&(c, _)| candidates.push(c));
    }
}
