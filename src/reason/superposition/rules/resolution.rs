//! Binary resolution (ordered, with selection): from `P(s̄) ∨ C` and `¬P(t̄) ∨ D`, with `s̄`
//! and `t̄` unified by `σ`, `(C ∨ D)σ`; the positive literal eligible in a clause without a
//! selected literal, the negative one eligible (selected, or maximal) in the other.

use super::{Pair, Rules};
use crate::reason::superposition::bank::{Bank, TermId};
use crate::reason::superposition::clause::{Conclusion, How, Rule};
use crate::reason::superposition::literal::Atom;
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Resolution of the `i`th literal `p` (a predicate atom) of the pair's first clause
    /// against each eligible complement in the second.
    pub(super) fn resolution(
        &self,
        bank: &mut Bank,
        pair: &Pair,
        i: usize,
        p: TermId,
        out: &mut Vec<Conclusion>,
    ) {
        let (la, lb) = (&pair.da.literals, &pair.lb);
        for (j, m) in lb.iter().enumerate() {
            if let (false, Atom::Pred(q), true) = (m.positive, m.atom, pair.db.eligible[j]) {
                let mut u = Substitution::new();
                if bank.symbol(p) == bank.symbol(q)
                    && u.unify(bank, p, q)
                    && !self.heavy(bank, la.iter().chain(lb), &u)
                {
                    let rest = pair.conclusion(bank, i, j, &u);
                    out.push((
                        rest,
                        How::inference(
                            vec![(pair.a, 0), (pair.b, pair.offset)],
                            u,
                            Rule::Resolution,
                        ),
                    ));
                }
            }
        }
    }
}
