//! Equality resolution: from `s ≠ t ∨ C`, with `s` and `t` unified by `σ`, `Cσ` (the
//! literal must be eligible). The extractor justifies it by the fact `sσ = sσ`.

use super::{without, Rules};
use crate::reason::superposition::bank::{Bank, TermId};
use crate::reason::superposition::clause::{Conclusion, How, Rule};
use crate::reason::superposition::literal::Literal;
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Equality resolution on the `i`th literal `s ≠ t` of clause `c` (literals `lits`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn equality_resolution(
        &self,
        bank: &mut Bank,
        c: usize,
        lits: &[Literal],
        i: usize,
        s: TermId,
        t: TermId,
        out: &mut Vec<Conclusion>,
    ) {
        let mut u = Substitution::new();
        if u.unify(bank, s, t) && !self.heavy(bank, lits.iter(), &u) {
            let rest = without(bank, lits, i, &u);
            out.push((rest, How::inference(vec![(c, 0)], u, Rule::EqualityResolution { left: s })));
        }
    }
}
