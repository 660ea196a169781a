//! An independent checker of DRAT refutations: the certificate that a propositional formula
//! has no solution, as a SAT solver writes it while it searches.
//!
//! A DRAT proof is a list of clause additions and deletions (text: one clause per line,
//! literals as non-zero integers ending in `0`, a deletion prefixed by `d`). Each added
//! clause must be implied by the clauses present at that point:
//! - by **reverse unit propagation** (RUP): with every literal of the clause false, unit
//!   propagation over the present clauses reaches a conflict;
//! - or, failing that, it must be a **resolution asymmetric tautology** (RAT) on its first
//!   literal `l`: for every present clause with `¬l`, the clause joined with the rest of
//!   that one is RUP. RAT additions keep satisfiability rather than truth, which is all a
//!   refutation needs.
//!
//! The proof must add the empty clause (or the formula must propagate to a conflict by
//! itself). Deleting a unit clause is ignored, as drat-trim does (solvers delete the reasons
//! of their top-level facts); keeping a clause the proof dropped never makes a wrong proof
//! pass, since every clause kept was implied when it was added.
//!
//! The code is written to be read, with the one optimisation a forward checker cannot do
//! without: two watched literals per clause. It shares nothing with the SAT solver whose
//! proofs it checks. Every propagation step counts against a limit, so a proof too large to
//! check is [`DratError::TooLarge`], never a hang.

use crate::solve::budget::{Budget, Exhausted};
use std::collections::HashMap;

/// Why a proof was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DratError {
    #[error("the proof is not DRAT text: {0}")]
    Malformed(String),
    #[error("a literal of the proof names variable {0}, which the formula does not have")]
    UnknownVariable(u32),
    #[error("proof step {0} is not implied by the clauses before it (neither RUP nor RAT)")]
    NotImplied(usize),
    #[error("the proof never derives the empty clause")]
    NoContradiction,
    #[error("the proof is too large to check within {0} propagation steps")]
    TooLarge(u64),
    #[error("checking the proof ran out of its budget ({0})")]
    OutOfBudget(Exhausted),
}

/// What checking a proof took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DratStats {
    pub additions: usize,
    pub deletions: usize,
    pub propagations: u64,
}

/// One step of a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DratStep {
    Add(Vec<i32>),
    Delete(Vec<i32>),
}

/// Reads DRAT text.
pub fn parse(text: &str) -> Result<Vec<DratStep>, DratError> {
    let mut steps = Vec::new();
    let mut clause = Vec::new();
    let mut deleting = false;
    for token in text.split_ascii_whitespace() {
        if token == "d" {
            if !clause.is_empty() || deleting {
                return Err(DratError::Malformed("`d` inside a clause".into()));
            }
            deleting = true;
            continue;
        }
        let lit: i32 = token
            .parse()
            .map_err(|_| DratError::Malformed(format!("`{token}` is not a literal")))?;
        if lit != 0 {
            clause.push(lit);
            continue;
        }
        let done = std::mem::take(&mut clause);
        steps.push(if deleting { DratStep::Delete(done) } else { DratStep::Add(done) });
        deleting = false;
    }
    if !clause.is_empty() || deleting {
        return Err(DratError::Malformed("the last clause has no closing 0".into()));
    }
    Ok(steps)
}

/// Checks that `proof` refutes the formula `clauses` over variables `1..=num_vars`, within
/// `limit` propagation steps and `budget`.
pub fn check(
    num_vars: u32,
    clauses: &[Vec<i32>],
    proof: &[DratStep],
    limit: u64,
    budget: &Budget,
) -> Result<DratStats, DratError> {
    let mut db = Database::new(num_vars, limit, budget);
    for c in clauses {
        db.check_literals(c)?;
        if db.insert(c)? {
            return Ok(db.stats);
        }
    }
    for (i, step) in proof.iter().enumerate() {
        match step {
            DratStep::Delete(c) => {
                db.check_literals(c)?;
                db.delete(c);
            }
            DratStep::Add(c) => {
                db.check_literals(c)?;
                db.stats.additions += 1;
                if !db.implied(c)? {
                    return Err(DratError::NotImplied(i + 1));
                }
                if db.insert(c)? {
                    return Ok(db.stats);
                }
            }
        }
    }
    Err(DratError::NoContradiction)
}

/// The clauses present, with two watched literals each, and the literals every clause
/// present forces (the root assignment), kept from one check to the next.
struct Database<'b> {
    budget: &'b Budget,
    num_vars: u32,
    clauses: Vec<Vec<i32>>,
    alive: Vec<bool>,
    /// For each literal (see [`index`]), the clauses watching it.
    watches: Vec<Vec<usize>>,
    /// A clause's literals sorted, to find it again when it is deleted.
    by_key: HashMap<Vec<i32>, Vec<usize>>,
    /// Current values: 1 true, -1 false, 0 unassigned (index: variable).
    value: Vec<i8>,
    trail: Vec<i32>,
    /// The trail's first `root` literals are the root assignment; a check adds to it and
    /// takes its own literals back.
    root: usize,
    limit: u64,
    stats: DratStats,
}

/// A literal's slot in the watch lists.
fn index(lit: i32) -> usize {
    2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
}

impl<'b> Database<'b> {
    fn new(num_vars: u32, limit: u64, budget: &'b Budget) -> Database<'b> {
        let slots = 2 * (num_vars as usize + 1);
        Database {
            budget,
            num_vars,
            clauses: Vec::new(),
            alive: Vec::new(),
            watches: vec![Vec::new(); slots],
            by_key: HashMap::new(),
            value: vec![0; num_vars as usize + 1],
            trail: Vec::new(),
            root: 0,
            limit,
            stats: DratStats::default(),
        }
    }

    fn check_literals(&self, c: &[i32]) -> Result<(), DratError> {
        // 0 ends a clause in the text and is no literal: refused here, so that the
        // database never meets it (`lit_value` and `assign` read its sign).
        match c.iter().find(|l| **l == 0 || l.unsigned_abs() > self.num_vars) {
            Some(l) => Err(DratError::UnknownVariable(l.unsigned_abs())),
            None => Ok(()),
        }
    }

    fn key(c: &[i32]) -> Vec<i32> {
        let mut k = c.to_vec();
        k.sort_unstable();
        k.dedup();
        k
    }

    /// Adds a clause and propagates what it forces at the root; true when the clauses
    /// present are now contradictory (the proof is done).
    fn insert(&mut self, c: &[i32]) -> Result<bool, DratError> {
        let mut key = Self::key(c);
        // A tautology constrains nothing. Sorted by value, `l` and `-l` sit side by side
        // only when no literal lies between them (`-3 3`, not `-3 1 3`): look each up.
        if key.iter().any(|&l| key.binary_search(&-l).is_ok()) {
            return Ok(false);
        }
        // Watch literals that are not false at the root, if there are any.
        key.sort_by_key(|&l| self.lit_value(l) == -1);
        let open = key.iter().take_while(|&&l| self.lit_value(l) != -1).count();
        let id = self.clauses.len();
        if key.len() >= 2 {
            self.watches[index(key[0])].push(id);
            self.watches[index(key[1])].push(id);
        }
        let mut sorted = key.clone();
        sorted.sort_unstable();
        self.by_key.entry(sorted).or_default().push(id);
        let first = key.first().copied();
        self.clauses.push(key);
        self.alive.push(true);
        match (open, first) {
            (0, _) | (_, None) => Ok(true),
            (1, Some(l)) if self.lit_value(l) == 0 => {
                self.assign(l);
                let conflict = self.propagate(self.root)?;
                self.root = self.trail.len();
                Ok(conflict)
            }
            _ => Ok(false),
        }
    }

    fn delete(&mut self, c: &[i32]) {
        let key = Self::key(c);
        if key.len() <= 1 {
            return; // unit deletions are ignored (see the module's note)
        }
        if let Some(id) = self.by_key.get_mut(&key).and_then(Vec::pop) {
            self.alive[id] = false;
            self.stats.deletions += 1;
        }
    }

    fn lit_value(&self, lit: i32) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 {
            -v
        } else {
            v
        }
    }

    fn assign(&mut self, lit: i32) {
        self.value[lit.unsigned_abs() as usize] = if lit > 0 { 1 } else { -1 };
        self.trail.push(lit);
    }

    /// Takes back every assignment past the root.
    fn reset(&mut self) {
        for lit in self.trail.drain(self.root..) {
            self.value[lit.unsigned_abs() as usize] = 0;
        }
    }

    /// Whether `c` is RUP, or else RAT on its first literal.
    fn implied(&mut self, c: &[i32]) -> Result<bool, DratError> {
        let negated: Vec<i32> = c.iter().map(|l| -l).collect();
        if self.propagates_to_conflict(&negated)? {
            return Ok(true);
        }
        let Some(&pivot) = c.first() else { return Ok(false) };
        let partners: Vec<usize> = (0..self.clauses.len())
            .filter(|&id| self.alive[id] && self.clauses[id].contains(&-pivot))
            .collect();
        for id in partners {
            let mut resolvent = negated.clone();
            resolvent.extend(self.clauses[id].iter().filter(|&&l| l != -pivot).map(|l| -l));
            if !self.propagates_to_conflict(&resolvent)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// With the literals `assumed` true (on top of the root assignment), does unit
    /// propagation reach a conflict? The check's own values are taken back before returning.
    fn propagates_to_conflict(&mut self, assumed: &[i32]) -> Result<bool, DratError> {
        let mut conflict = false;
        for &lit in assumed {
            match self.lit_value(lit) {
                -1 => {
                    conflict = true;
                    break;
                }
                1 => {}
                _ => self.assign(lit),
            }
        }
        let conflict = if conflict { Ok(true) } else { self.propagate(self.root) };
        self.reset();
        conflict
    }

    /// Unit propagation over the trail from position `from`: true on a conflict.
    fn propagate(&mut self, from: usize) -> Result<bool, DratError> {
        let mut next = from;
        while next < self.trail.len() {
            let falsified = -self.trail[next];
            next += 1;
            let watching = std::mem::take(&mut self.watches[index(falsified)]);
            let mut kept = Vec::with_capacity(watching.len());
            let mut conflict = false;
            for (at, &id) in watching.iter().enumerate() {
                if conflict {
                    kept.extend_from_slice(&watching[at..]);
                    break;
                }
                if !self.alive[id] {
                    continue; // a deleted clause leaves its watch lists here
                }
                self.stats.propagations += 1;
                let stop = if self.stats.propagations > self.limit {
                    Some(DratError::TooLarge(self.limit))
                } else if self.stats.propagations.is_multiple_of(65_536) {
                    self.budget.spent().map(DratError::OutOfBudget)
                } else {
                    None
                };
                if let Some(stop) = stop {
                    kept.extend_from_slice(&watching[at..]);
                    self.watches[index(falsified)].extend(kept);
                    return Err(stop);
                }
                // Keep the falsified watch second: the first is the clause's other watch.
                let clause = &mut self.clauses[id];
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                let other = clause[0];
                let value_of = |l: i32, value: &[i8]| {
                    let v = value[l.unsigned_abs() as usize];
                    if l < 0 {
                        -v
                    } else {
                        v
                    }
                };
                let other_value = value_of(other, &self.value);
                if other_value == 1 {
                    kept.push(id);
                    continue;
                }
                match (2..clause.len()).find(|&k| value_of(clause[k], &self.value) != -1) {
                    Some(k) => {
                        clause.swap(1, k);
                        let new_watch = clause[1];
                        self.watches[index(new_watch)].push(id);
                    }
                    None => {
                        kept.push(id);
                        if other_value == -1 {
                            conflict = true;
                        } else {
                            self.assign(other);
                        }
                    }
                }
            }
            // Watches moved onto this literal meanwhile cannot exist (a clause's two watches
            // are different literals), but keep whatever is there.
            let added = std::mem::take(&mut self.watches[index(falsified)]);
            kept.extend(added);
            self.watches[index(falsified)] = kept;
            if conflict {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLENTY: u64 = 10_000_000;

    /// The pigeonhole formula: `n + 1` pigeons, `n` holes. Variable `p·n + h + 1`: pigeon p
    /// sits in hole h.
    fn pigeonhole(n: i32) -> Vec<Vec<i32>> {
        let var = |p: i32, h: i32| p * n + h + 1;
        let mut f: Vec<Vec<i32>> = (0..=n).map(|p| (0..n).map(|h| var(p, h)).collect()).collect();
        for h in 0..n {
            for p in 0..=n {
                for q in p + 1..=n {
                    f.push(vec![-var(p, h), -var(q, h)]);
                }
            }
        }
        f
    }

    #[test]
    fn a_resolution_refutation_is_accepted_and_a_wrong_step_is_not() {
        // (a ∨ b), (a ∨ ¬b), (¬a ∨ b), (¬a ∨ ¬b): learn a, then the empty clause.
        let f = vec![vec![1, 2], vec![1, -2], vec![-1, 2], vec![-1, -2]];
        let proof = parse("1 0\n0\n").unwrap();
        // Once `a` is in, the clauses propagate to a conflict: the empty clause is not needed.
        assert_eq!(check(2, &f, &proof, PLENTY, &Budget::unlimited()).unwrap().additions, 1);
        // `¬a` contradicts the first two clauses (which imply `a`): neither RUP nor RAT.
        let bad = parse("-1 0\n0\n").unwrap();
        let only_two = &f[..2];
        assert_eq!(
            check(2, only_two, &bad, PLENTY, &Budget::unlimited()),
            Err(DratError::NotImplied(1))
        );
        // A proof that stops early proves nothing.
        assert_eq!(
            check(2, &f[..3], &[], PLENTY, &Budget::unlimited()),
            Err(DratError::NoContradiction)
        );
        // A deleted clause no longer helps (a clause of two literals is not a unit).
        let gone = parse("d -1 -2 0\n1 0\n0\n").unwrap();
        assert_eq!(
            check(2, &f, &gone, PLENTY, &Budget::unlimited()),
            Err(DratError::NotImplied(3))
        );
        // A deletion counts when it finds its clause, whatever the order of its literals
        // (found by `cargo mutants`: the count was never looked at).
        let extra: Vec<Vec<i32>> = f.iter().cloned().chain([vec![1, 2, 3]]).collect();
        let tidy = parse("d 3 2 1 0\nd 2 3 0\n1 0\n0\n").unwrap();
        let stats = check(3, &extra, &tidy, PLENTY, &Budget::unlimited()).unwrap();
        assert_eq!((stats.additions, stats.deletions), (1, 1));
    }

    #[test]
    fn rat_additions_are_accepted_only_when_every_resolvent_is_implied() {
        // Accepted steps leave the proof unfinished: NoContradiction, not NotImplied.
        let unfinished = Err(DratError::NoContradiction);
        // x3 is fresh: `3 1` is RAT on 3, since no clause holds ¬3.
        assert_eq!(
            check(3, &[vec![1, 2]], &parse("3 1 0").unwrap(), PLENTY, &Budget::unlimited()),
            unfinished
        );
        // Over (1 ∨ 2) ∧ (¬1 ∨ 2), `1` is not RUP, but its one resolvent (1 ∨ 2) is.
        let g = vec![vec![1, 2], vec![-1, 2]];
        assert_eq!(check(2, &g, &parse("1 0").unwrap(), PLENTY, &Budget::unlimited()), unfinished);
        // Over (1 ∨ 2) ∧ (¬1 ∨ 3), neither ¬3 nor ¬1 is RUP or RAT.
        let h = vec![vec![1, 2], vec![-1, 3]];
        assert_eq!(
            check(3, &h, &parse("-3 0").unwrap(), PLENTY, &Budget::unlimited()),
            Err(DratError::NotImplied(1))
        );
        assert_eq!(
            check(3, &h, &parse("-1 0").unwrap(), PLENTY, &Budget::unlimited()),
            Err(DratError::NotImplied(1))
        );
        // A deleted clause is no partner: once (¬1 ∨ 2) is gone, no clause holds ¬1, and
        // `1` is RAT (its resolvent with the deleted clause, 2, would not be implied).
        let deleted = parse("d -1 2 0\n1 0").unwrap();
        assert_eq!(check(2, &[vec![-1, 2]], &deleted, PLENTY, &Budget::unlimited()), unfinished);
    }

    #[test]
    fn varisat_proofs_pass_and_fail_on_a_formula_that_has_a_solution() {
        use crate::solve::{refute_with_drat, Budget, Outcome};
        for n in 3..=6 {
            let f = pigeonhole(n);
            let vars = ((n + 1) * n) as u32;
            let Outcome::Unsat(text) = refute_with_drat(&f, &Budget::unlimited()) else {
                panic!("the pigeonhole formula has no solution")
            };
            let proof = parse(&text).unwrap();
            assert!(
                check(vars, &f, &proof, PLENTY, &Budget::unlimited()).is_ok(),
                "pigeonhole {n}"
            );
            // Without pigeon 0's "somewhere" clause, the others fit: no proof may pass.
            assert!(
                check(vars, &f[1..], &proof, PLENTY, &Budget::unlimited()).is_err(),
                "pigeonhole {n}"
            );
        }
    }

    #[test]
    fn clauses_added_under_a_root_assignment_prove_nothing_by_themselves() {
        // Found by `cargo mutants`: a clause inserted with a literal already false at the
        // root must be watched on its open literals, not taken for a contradiction.
        let f = vec![vec![1], vec![-1, 2], vec![-1, 3, 4], vec![-2, -3, 4]];
        let none = check(4, &f, &[], PLENTY, &Budget::unlimited());
        assert_eq!(none, Err(DratError::NoContradiction));
        // A tautology adds nothing either.
        for tautology in ["3 -3 0", "3 1 -3 0"] {
            let taut = check(4, &f, &parse(tautology).unwrap(), PLENTY, &Budget::unlimited());
            assert_eq!(taut, Err(DratError::NoContradiction));
        }
        // And the real consequence 4 is accepted, still without a contradiction.
        let four = check(4, &f, &parse("4 0").unwrap(), PLENTY, &Budget::unlimited());
        assert_eq!(four, Err(DratError::NoContradiction));
    }

    #[test]
    fn a_lemma_whose_negation_meets_the_root_assignment_is_checked_against_it() {
        // 1 holds at the root; then (2 ∨ 3), (2 ∨ ¬3) give 2, and 4 and ¬4 clash.
        let f = vec![vec![1], vec![-1, 2, 3], vec![-1, 2, -3], vec![-2, 4], vec![-2, -4]];
        // `1 2`: its negation assumes ¬1, false at the root, so it is implied at once; `2`
        // then needs the root's 1 (the first check must not have taken it back).
        let stats = check(4, &f, &parse("1 2 0\n2 0\n0\n").unwrap(), PLENTY, &Budget::unlimited());
        assert_eq!(stats.map(|s| s.additions), Ok(2));
        // `¬1 2`: its negation assumes 1, already true; the lemma is then a unit under the
        // root assignment, and 2 ends the proof.
        let stats = check(4, &f, &parse("-1 2 0\n0\n").unwrap(), PLENTY, &Budget::unlimited());
        assert_eq!(stats.map(|s| s.additions), Ok(1));
        // With the root's 1 kept, `2` alone is implied after it too.
        let stats =
            check(4, &f, &parse("-1 3 2 0\n2 0\n0\n").unwrap(), PLENTY, &Budget::unlimited());
        assert!(stats.is_ok(), "{stats:?}");
    }

    #[test]
    fn garbage_is_refused_and_limits_are_kept() {
        assert!(matches!(parse("1 2"), Err(DratError::Malformed(_))));
        assert!(matches!(parse("1 x 0"), Err(DratError::Malformed(_))));
        assert!(matches!(parse("1 d 0"), Err(DratError::Malformed(_))));
        let unknown = check(2, &[vec![1]], &parse("5 0").unwrap(), PLENTY, &Budget::unlimited());
        assert_eq!(unknown, Err(DratError::UnknownVariable(5)));
        // A literal 0 in a clause given directly (not through the text) is no variable.
        let zero = check(2, &[vec![1, 0]], &[], PLENTY, &Budget::unlimited());
        assert_eq!(zero, Err(DratError::UnknownVariable(0)));
        // A formula that propagates to a conflict by itself needs no proof.
        assert!(check(1, &[vec![1], vec![-1]], &[], PLENTY, &Budget::unlimited()).is_ok());
        // A chain 1 → 2 → … → 40 with 1 and ¬40 propagates to a conflict in 39 steps.
        let mut chain: Vec<Vec<i32>> = (1..40).map(|v| vec![-v, v + 1]).collect();
        chain.extend([vec![1], vec![-40]]);
        assert!(check(40, &chain, &[], 100, &Budget::unlimited()).is_ok());
        assert_eq!(check(40, &chain, &[], 10, &Budget::unlimited()), Err(DratError::TooLarge(10)));
        // The pigeonhole formula needs a real proof: the empty clause alone is not RUP.
        let f = pigeonhole(3);
        assert_eq!(
            check(12, &f, &parse("0").unwrap(), PLENTY, &Budget::unlimited()),
            Err(DratError::NotImplied(1))
        );
    }
}
