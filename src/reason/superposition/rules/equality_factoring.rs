//! Equality factoring: from `s = t ∨ s' = v ∨ C`, with `s` and `s'` unified by `σ`, `tσ` not
//! above `sσ`, the conclusion `(t ≠ v ∨ s' = v ∨ C)σ`, in a clause without a selected
//! literal, the first equation eligible. The extractor justifies it by the fact
//! `s ≠ t ∨ t ≠ v ∨ s = v` (instantiated).

use super::{without, Rules};
use crate::reason::superposition::bank::{Bank, TermId};
use crate::reason::superposition::clause::{Conclusion, How, Rule};
use crate::reason::superposition::literal::{Atom, Literal};
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Equality factoring of the `i`th literal `s0 = t0` of clause `c` (literals `lits`),
    /// either way round, with each other positive equation, either way round.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn equality_factoring(
        &self,
        bank: &mut Bank,
        c: usize,
        lits: &[Literal],
        i: usize,
        s0: TermId,
        t0: TermId,
        out: &mut Vec<Conclusion>,
    ) {
        for (s, t) in [(s0, t0), (t0, s0)] {
            if self.kbo.greater(bank, t, s) {
                continue;
            }
            for (j, m) in lits.iter().enumerate() {
                let (true, Atom::Eq(u0, v0), true) = (m.positive, m.atom, j != i) else {
                    continue;
                };
                for (u_side, v) in [(u0, v0), (v0, u0)] {
                    let mut u = Substitution::new();
                    if !u.unify(bank, s, u_side) || self.heavy(bank, lits.iter(), &u) {
                        continue;
                    }
                    let (ts, ss) = (u.apply(bank, t), u.apply(bank, s));
                    if self.kbo.greater(bank, ts, ss) {
                        continue;
                    }
                    let mut rest = without(bank, lits, i, &u);
                    let t_ne_v = Literal { positive: false, atom: Atom::Eq(t, v) };
                    rest.push(u.apply_literal(bank, t_ne_v));
                    let rule = Rule::EqualityFactoring { s, t, v };
                    out.push((rest, How::inference(vec![(c, 0)], u, rule)));
                }
            }
        }
    }
}
