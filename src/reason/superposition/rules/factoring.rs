//! Factoring of predicate literals: from `P(s̄) ∨ P(t̄) ∨ C`, with `s̄` and `t̄` unified by
//! `σ`, `(P(s̄) ∨ C)σ`, in a clause without a selected literal, the first literal eligible.
//! A pair of eligible literals is factored once (the second after the first). Equations
//! are factored by equality factoring instead.

use super::{without, Rules};
use crate::logic::clauses::{Atom, SymId, Term};
use crate::reason::superposition::clause::{Conclusion, How, Record, Rule};
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Factoring of the `i`th literal `p(a)` of clause `c` with each later or ineligible
    /// positive `p` literal of it.
    pub(super) fn factoring(
        &self,
        c: usize,
        record: &Record,
        i: usize,
        p: SymId,
        a: &[Term],
        out: &mut Vec<Conclusion>,
    ) {
        let (lits, eligible) = (&record.literals, &record.eligible);
        for (j, m) in lits.iter().enumerate() {
            if let (true, Atom::Pred(q, b)) = (m.positive, &m.atom) {
                if j != i && p == *q && (j > i || !eligible[j]) {
                    let mut u = Substitution::new();
                    if a.iter().zip(b).all(|(x, y)| u.unify(x, y)) && !self.heavy(lits.iter(), &u) {
                        out.push((
                            without(lits, j, &u),
                            How::inference(vec![(c, 0)], u, Rule::Factoring),
                        ));
                    }
                }
            }
        }
    }
}
