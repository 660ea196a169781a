//! Binary resolution (ordered, with selection): from `P(s̄) ∨ C` and `¬P(t̄) ∨ D`, with `s̄`
//! and `t̄` unified by `σ`, `(C ∨ D)σ`; the positive literal eligible in a clause without a
//! selected literal, the negative one eligible (selected, or maximal) in the other.

use super::{Pair, Rules};
use crate::logic::clauses::{Atom, SymId, Term};
use crate::reason::superposition::clause::{Conclusion, How, Rule};
use crate::reason::superposition::unify::Substitution;

impl Rules<'_> {
    /// Resolution of the `i`th literal `p(xs)` of the pair's first clause against each
    /// eligible complement in the second.
    pub(super) fn resolution(
        &self,
        pair: &Pair,
        i: usize,
        p: SymId,
        xs: &[Term],
        out: &mut Vec<Conclusion>,
    ) {
        let (la, lb) = (&pair.da.literals, &pair.lb);
        for (j, m) in lb.iter().enumerate() {
            if let (false, Atom::Pred(q, ys), true) = (m.positive, &m.atom, pair.db.eligible[j]) {
                let mut u = Substitution::new();
                if p == *q
                    && xs.iter().zip(ys).all(|(x, y)| u.unify(x, y))
                    && !self.heavy(la.iter().chain(lb), &u)
                {
                    let rest = pair.conclusion(i, j, &u);
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
