//! Superposition: from `l = r ∨ C` and `L[l'] ∨ D`, with `l` and the non-variable subterm
//! `l'` unified by `σ`, `rσ` not above `lσ`, the conclusion `(C ∨ D ∨ L[r])σ`. The equation
//! is eligible in a clause without a selected literal, `L` eligible in the other (into an
//! equation, only on its side that is not the smaller). Into a predicate literal, this is
//! paramodulation as well. The extractor justifies it by the fact `l ≠ r ∨ ¬L ∨ L[r]`
//! (instantiated).

use super::{Pair, Rules};
use crate::reason::superposition::bank::{Bank, TermId};
use crate::reason::superposition::clause::{Conclusion, How, Rule};
use crate::reason::superposition::literal::Atom;
use crate::reason::superposition::position::each_path;
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Superposition from the `i`th literal `s = t` of the pair's first clause into each
    /// eligible literal of the second.
    pub(super) fn superposition(
        &self,
        bank: &mut Bank,
        pair: &Pair,
        i: usize,
        s: TermId,
        t: TermId,
        out: &mut Vec<Conclusion>,
    ) {
        let (la, lb) = (&pair.da.literals, &pair.lb);
        // The equation, from its side that is not the smaller, into a non-variable subterm
        // of an eligible literal of `b` (of an equation, on its side that is not the smaller).
        for (lhs, rhs) in [(s, t), (t, s)] {
            // A variable side superposes too, unless the other side contains it (then the
            // other side is the larger): `x = y` rewrites anything.
            if self.kbo.greater(bank, rhs, lhs) {
                continue;
            }
            for (j, &m) in lb.iter().enumerate() {
                if !pair.db.eligible[j] {
                    continue;
                }
                let both = m.sides(bank);
                let equation = matches!(m.atom, Atom::Eq(..));
                for (side, &term) in both.iter().enumerate() {
                    if equation && self.kbo.greater(bank, both[1 - side], term) {
                        continue;
                    }
                    each_path(bank, term, &mut Vec::new(), &mut |bank, path, sub| {
                        let mut u = Substitution::new();
                        if !u.unify(bank, lhs, sub) || self.heavy(bank, la.iter().chain(lb), &u) {
                            return;
                        }
                        let (rhs_u, lhs_u) = (u.apply(bank, rhs), u.apply(bank, lhs));
                        if self.kbo.greater(bank, rhs_u, lhs_u) {
                            return;
                        }
                        // Into an equation, its side must not be the smaller once
                        // instantiated either (before, the two may be incomparable).
                        if equation {
                            let (other_u, term_u) =
                                (u.apply(bank, both[1 - side]), u.apply(bank, term));
                            if self.kbo.greater(bank, other_u, term_u) {
                                return;
                            }
                        }
                        let mut new_sides = both.clone();
                        new_sides[side] = bank.replace_at(term, path, rhs);
                        let rewritten = m.with_sides(bank, &new_sides);
                        let mut rest = pair.conclusion(bank, i, j, &u);
                        rest.push(u.apply_literal(bank, rewritten));
                        let rule = Rule::Superposition { l: lhs, r: rhs, into: m, rewritten };
                        out.push((
                            rest,
                            How::inference(vec![(pair.a, 0), (pair.b, pair.offset)], u, rule),
                        ));
                    });
                }
            }
        }
    }
}
