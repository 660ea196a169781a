//! Equality factoring: from `s = t ∨ s' = v ∨ C`, with `s` and `s'` unified by `σ`, `tσ` not
//! above `sσ`, the conclusion `(t ≠ v ∨ s' = v ∨ C)σ`, in a clause without a selected
//! literal, the first equation eligible. The extractor justifies it by the fact
//! `s ≠ t ∨ t ≠ v ∨ s = v` (instantiated).

use super::{without, Rules};
use crate::logic::clauses::{Atom, Literal, Term};
use crate::reason::superposition::clause::{map_literal, Conclusion, How, Rule};
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Equality factoring of the `i`th literal `s0 = t0` of clause `c` (literals `lits`),
    /// either way round, with each other positive equation, either way round.
    pub(super) fn equality_factoring(
        &self,
        c: usize,
        lits: &[Literal],
        i: usize,
        s0: &Term,
        t0: &Term,
        out: &mut Vec<Conclusion>,
    ) {
        for (s, t) in [(s0, t0), (t0, s0)] {
            if self.kbo.greater(t, s) {
                continue;
            }
            for (j, m) in lits.iter().enumerate() {
                let (true, Atom::Eq(u0, v0), true) = (m.positive, &m.atom, j != i) else {
                    continue;
                };
                for (u_side, v) in [(u0, v0), (v0, u0)] {
                    let mut u = Substitution::new();
                    if !u.unify(s, u_side) {
                        continue;
                    }
                    if self.heavy(lits.iter(), &u) || self.kbo.greater(&u.apply(t), &u.apply(s)) {
                        continue;
                    }
                    let mut rest = without(lits, i, &u);
                    rest.push(map_literal(
                        &Literal { positive: false, atom: Atom::Eq(t.clone(), v.clone()) },
                        &|x| u.apply(x),
                    ));
                    let rule = Rule::EqualityFactoring { s: s.clone(), t: t.clone(), v: v.clone() };
                    out.push((rest, How::inference(vec![(c, 0)], u, rule)));
                }
            }
        }
    }
}
