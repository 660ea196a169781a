//! Superposition: from `l = r ∨ C` and `L[l'] ∨ D`, with `l` and the non-variable subterm
//! `l'` unified by `σ`, `rσ` not above `lσ`, the conclusion `(C ∨ D ∨ L[r])σ`. The equation
//! is eligible in a clause without a selected literal, `L` eligible in the other (into an
//! equation, only on its side that is not the smaller). Into a predicate literal, this is
//! paramodulation as well. The extractor justifies it by the fact `l ≠ r ∨ ¬L ∨ L[r]`
//! (instantiated).

use super::{Pair, Rules};
use crate::logic::clauses::{Atom, Term};
use crate::reason::superposition::clause::{map_literal, Conclusion, How, Rule};
use crate::reason::superposition::position::{each_path, replace_at, side_refs, sides, with_sides};
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Superposition from the `i`th literal `s = t` of the pair's first clause into each
    /// eligible literal of the second.
    pub(super) fn superposition(
        &self,
        pair: &Pair,
        i: usize,
        s: &Term,
        t: &Term,
        out: &mut Vec<Conclusion>,
    ) {
        let (la, lb) = (&pair.da.literals, &pair.lb);
        // The equation, from its side that is not the smaller, into a non-variable subterm
        // of an eligible literal of `b` (of an equation, on its side that is not the smaller).
        for (lhs, rhs) in [(s, t), (t, s)] {
            // A variable side superposes too, unless the other side contains it (then the
            // other side is the larger): `x = y` rewrites anything.
            if self.kbo.greater(rhs, lhs) {
                continue;
            }
            for (j, m) in lb.iter().enumerate() {
                if !pair.db.eligible[j] {
                    continue;
                }
                let both = side_refs(m);
                for (side, &term) in both.iter().enumerate() {
                    if matches!(m.atom, Atom::Eq(..)) && self.kbo.greater(both[1 - side], term) {
                        continue;
                    }
                    each_path(term, &mut Vec::new(), &mut |path, sub| {
                        let mut u = Substitution::new();
                        if !u.unify(lhs, sub) || self.heavy(la.iter().chain(lb), &u) {
                            return;
                        }
                        if self.kbo.greater(&u.apply(rhs), &u.apply(lhs)) {
                            return;
                        }
                        // Into an equation, its side must not be the smaller once
                        // instantiated either (before, the two may be incomparable).
                        if matches!(m.atom, Atom::Eq(..))
                            && self.kbo.greater(&u.apply(both[1 - side]), &u.apply(term))
                        {
                            return;
                        }
                        let mut new_sides = sides(m);
                        new_sides[side] = replace_at(&new_sides[side], path, rhs);
                        let rewritten = with_sides(m, new_sides);
                        let mut rest = pair.conclusion(i, j, &u);
                        rest.push(map_literal(&rewritten, &|x| u.apply(x)));
                        let rule = Rule::Superposition {
                            l: lhs.clone(),
                            r: rhs.clone(),
                            into: m.clone(),
                            rewritten,
                        };
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
