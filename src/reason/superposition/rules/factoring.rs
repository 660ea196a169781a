//! Factoring of predicate literals: from `P(s̄) ∨ P(t̄) ∨ C`, with `s̄` and `t̄` unified by
//! `σ`, `(P(s̄) ∨ C)σ`, in a clause without a selected literal, the first literal eligible.
//! A pair of eligible literals is factored once (the second after the first). Equations
//! are factored by equality factoring instead.

use super::{without, Rules};
use crate::reason::superposition::bank::{Bank, TermId};
use crate::reason::superposition::clause::{Conclusion, How, Record, Rule};
use crate::reason::superposition::literal::Atom;
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Factoring of the `i`th literal `p` (a predicate atom) of clause `c` with each later
    /// or ineligible positive literal of the same predicate.
    pub(super) fn factoring(
        &self,
        bank: &mut Bank,
        c: usize,
        record: &Record,
        i: usize,
        p: TermId,
        out: &mut Vec<Conclusion>,
    ) {
        let (lits, eligible) = (&record.literals, &record.eligible);
        for (j, m) in lits.iter().enumerate() {
            if let (true, Atom::Pred(q)) = (m.positive, m.atom) {
                if j != i && bank.symbol(p) == bank.symbol(q) && (j > i || !eligible[j]) {
                    let mut u = Substitution::new();
                    if u.unify(bank, p, q) && !self.heavy(bank, lits.iter(), &u) {
                        out.push((
                            without(bank, lits, j, &u),
                            How::inference(vec![(c, 0)], u, Rule::Factoring),
                        ));
                    }
                }
            }
        }
    }
}
