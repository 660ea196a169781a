//! Subsumption: a clause `D` subsumes `C` when an instance of `D` is a subset of `C` (and
//! `D` has no more literals than `C`); then `C` is redundant. Forward, a new clause that an
//! active one subsumes is dropped; backward, the active clauses a new active clause
//! subsumes are retired.
//!
//! Subsumption resolution, the same test with one literal of `C` complemented: when an
//! instance of `D` is a subset of `C` but for one literal `L` of `C`, whose complement it
//! has, `C` without `L` is their resolvent and replaces `C` (E's contextual
//! simplify-reflect; a unit `D` is plain simplify-reflect). The picked clause is cut so
//! before it is activated, and every new clause by the active units as it is queued.
//!
//! The test matches `D`'s literals one by one onto `C`'s (an equation either way round),
//! backtracking along a trail of bindings; it gives up, answering "no", after
//! [`MAX_SUBSUMPTION_STEPS`] matches, which only keeps a clause that could have gone. The
//! candidates come from the fingerprint indexes: a subsumer is looked up by one literal of
//! it (its key literal), which must match some literal of the subsumed clause.
//!
//! Deliberately separate from `reason::proof::saturation`'s own `instance_within` and
//! `match_term`: the checker must not share code with the engine it checks.

use super::bank::{Bank, Head, TermId};
use super::clause::ClauseStore;
use super::index::{FingerprintIndex, Fingerprinted, Key, Retrieve};
use super::literal::{clause_weight, max_var, Atom, Literal};
use super::unify::Substitution;

/// The most literal matches one subsumption test tries before it answers "no" (which only
/// keeps a clause that could have been dropped).
const MAX_SUBSUMPTION_STEPS: usize = 2_000;

/// A matcher for subsumption: bindings of the subsuming clause's variables to terms of the
/// other clause, undone along a trail when backtracking.
struct Matcher<'b> {
    bank: &'b Bank,
    bound: Vec<Option<TermId>>,
    trail: Vec<u32>,
    steps: usize,
    /// The literal of the other clause read with its sign flipped (subsumption
    /// resolution), if any.
    flipped: Option<usize>,
}

impl Matcher<'_> {
    fn term(&mut self, p: TermId, t: TermId) -> bool {
        let bank = self.bank;
        if bank.is_ground(p) {
            return p == t;
        }
        match bank.head(p) {
            Head::Var(v) => match self.bound[v as usize] {
                Some(b) => b == t,
                None => {
                    self.bound[v as usize] = Some(t);
                    self.trail.push(v);
                    true
                }
            },
            Head::App(f) => {
                bank.symbol(t) == Some(f) && {
                    let (args, targs) = (bank.args(p), bank.args(t));
                    args.len() == targs.len()
                        && args.iter().zip(targs).all(|(&a, &b)| self.term(a, b))
                }
            }
        }
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let v = self.trail.pop().expect("above the mark");
            self.bound[v as usize] = None;
        }
    }

    /// Whether `d[k..]` maps into `c` extending the bindings so far.
    fn literals(&mut self, d: &[Literal], k: usize, c: &[Literal]) -> bool {
        let Some(pattern) = d.get(k) else { return true };
        for (t, target) in c.iter().enumerate() {
            if pattern.positive != (target.positive != (self.flipped == Some(t))) {
                continue;
            }
            let ways: [Option<(TermId, TermId, TermId, TermId)>; 2] =
                match (pattern.atom, target.atom) {
                    (Atom::Eq(a, b), Atom::Eq(x, y)) => [Some((a, b, x, y)), Some((a, b, y, x))],
                    _ => [None, None],
                };
            if let (Atom::Pred(p), Atom::Pred(q)) = (pattern.atom, target.atom) {
                if self.bank.symbol(p) != self.bank.symbol(q) {
                    continue;
                }
                self.steps += 1;
                let mark = self.trail.len();
                if self.term(p, q) && self.literals(d, k + 1, c) {
                    return true;
                }
                self.undo(mark);
            }
            for (a, b, x, y) in ways.into_iter().flatten() {
                self.steps += 1;
                let mark = self.trail.len();
                if self.term(a, x) && self.term(b, y) && self.literals(d, k + 1, c) {
                    return true;
                }
                self.undo(mark);
            }
            if self.steps > MAX_SUBSUMPTION_STEPS {
                return false;
            }
        }
        false
    }
}

/// Whether some instance of `d` is a subset of `c` (and `d` is no longer than `c`); "no"
/// also when the test gives up after [`MAX_SUBSUMPTION_STEPS`].
pub(super) fn subsumes(bank: &Bank, d: &[Literal], c: &[Literal]) -> bool {
    if d.len() > c.len() {
        return false;
    }
    // Quick refusal: each literal of `d` needs a literal of `c` of its sign and predicate.
    let key = |l: &Literal| (l.positive, l.predicate(bank));
    if !d.iter().all(|l| c.iter().any(|m| key(m) == key(l))) {
        return false;
    }
    let mut m = Matcher {
        bank,
        bound: vec![None; max_var(bank, d) as usize],
        trail: Vec::new(),
        steps: 0,
        flipped: None,
    };
    m.literals(d, 0, c)
}

/// Subsumption resolution (E's contextual simplify-reflect): when an instance `dσ` of `d`
/// is a subset of `c` with one literal `c[i]` complemented, `c` without `c[i]` follows from
/// `c` and `dσ` (resolving on `c[i]`) and makes `c` redundant. The literal cut, and `σ` as a
/// substitution of `d`'s variables shifted by `offset` (no fewer than `c`'s); none when no
/// literal can go (or the tests give up).
pub(super) fn resolves_away(
    bank: &Bank,
    d: &[Literal],
    c: &[Literal],
    offset: u32,
) -> Option<(usize, Substitution)> {
    if d.len() > c.len() {
        return None;
    }
    for i in 0..c.len() {
        // `d` needs a literal of the other sign on the same predicate (or `=`).
        let head = c[i].predicate(bank);
        if !d.iter().any(|l| l.positive != c[i].positive && l.predicate(bank) == head) {
            continue;
        }
        let mut m = Matcher {
            bank,
            bound: vec![None; max_var(bank, d) as usize],
            trail: Vec::new(),
            steps: 0,
            flipped: Some(i),
        };
        if m.literals(d, 0, c) {
            let mut sigma = Substitution::new();
            for (v, t) in m.bound.iter().enumerate() {
                if let Some(t) = t {
                    sigma.bind(v as u32 + offset, *t);
                }
            }
            return Some((i, sigma));
        }
    }
    None
}

/// An active clause (not `id`) that cuts a literal of clause `id` by subsumption
/// resolution (see [`resolves_away`]), looked up in `keys` like a subsumer, with either
/// sign for each literal: the clause, the literal and the matcher (its variables shifted
/// by `offset`).
pub(super) fn forward_subsumption_resolution(
    bank: &Bank,
    clauses: &ClauseStore,
    keys: &[FingerprintIndex<usize>; 2],
    id: usize,
    offset: u32,
    units_only: bool,
) -> Option<(usize, usize, Substitution)> {
    let c = &clauses[id].literals;
    let mut candidates = Vec::new();
    for m in c {
        for key in Key::both_ways(m.atom) {
            let key = Fingerprinted::new(bank, key);
            for sign in [true, false] {
                keys[sign as usize]
                    .retrieve_by(&key, Retrieve::Generalizations, &mut |&a| candidates.push(a));
            }
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    let wanted = |a: usize| {
        a != id && clauses.is_active(a) && (!units_only || clauses[a].literals.len() == 1)
    };
    candidates.into_iter().filter(|&a| wanted(a)).find_map(|a| {
        resolves_away(bank, &clauses[a].literals, c, offset).map(|(i, sigma)| (a, i, sigma))
    })
}

/// The literal a clause is indexed by for subsumption (its heaviest, the most selective):
/// a clause that subsumes another maps it, as every literal, onto one of the other's.
pub(super) fn key_literal(bank: &Bank, lits: &[Literal]) -> Literal {
    *lits
        .iter()
        .max_by_key(|l| clause_weight(bank, std::slice::from_ref(l)))
        .expect("an active clause is not empty")
}

/// Whether an active clause subsumes clause `id` (forward subsumption), looked up in
/// `keys`, the index of each active clause's key literal by sign.
pub(super) fn forward_subsumed(
    bank: &Bank,
    clauses: &ClauseStore,
    keys: &[FingerprintIndex<usize>; 2],
    id: usize,
) -> bool {
    let c = &clauses[id].literals;
    let mut candidates = Vec::new();
    for m in c {
        for key in Key::both_ways(m.atom) {
            keys[m.positive as usize].retrieve(
                bank,
                key,
                Retrieve::Generalizations,
                &mut |&a: &usize| candidates.push(a),
            );
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    candidates
        .into_iter()
        .any(|a| a != id && clauses.is_active(a) && subsumes(bank, &clauses[a].literals, c))
}

/// Adds to `candidates` the clauses the clause `given` may subsume (backward subsumption):
/// those with an instance of its key literal in `literals`, the index of every active
/// clause's literals by sign. A superset: each is then tried with [`subsumes`].
pub(super) fn backward_candidates(
    bank: &Bank,
    literals: &[FingerprintIndex<usize>; 2],
    given: &[Literal],
    candidates: &mut Vec<usize>,
) {
    let key = key_literal(bank, given);
    for k in Key::both_ways(key.atom) {
        literals[key.positive as usize].retrieve(
            bank,
            k,
            Retrieve::Instances,
            &mut |&c: &usize| candidates.push(c),
        );
    }
}
