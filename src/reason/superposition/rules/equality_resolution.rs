//! Equality resolution: from `s ≠ t ∨ C`, with `s` and `t` unified by `σ`, `Cσ` (the
//! literal must be eligible). The extractor justifies it by the fact `sσ = sσ`.

use super::{without, Rules};
use crate::logic::clauses::{Literal, Term};
use crate::reason::superposition::clause::{Conclusion, How, Rule};
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Equality resolution on the `i`th literal `s ≠ t` of clause `c` (literals `lits`).
    pub(super) fn equality_resolution(
        &self,
        c: usize,
        lits: &[Literal],
        i: usize,
        s: &Term,
        t: &Term,
        out: &mut Vec<Conclusion>,
    ) {
        let mut u = Substitution::new();
        if u.unify(s, t) && !self.heavy(lits.iter(), &u) {
            let rest = without(lits, i, &u);
            out.push((
                rest,
                How::inference(vec![(c, 0)], u, Rule::EqualityResolution { left: s.clone() }),
            ));
        }
    }
}
