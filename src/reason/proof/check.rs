//! The independent proof checker. It does not call the prover, egg or the SAT solver; it
//! is deliberately simple code:
//! - each instance step must contain an instance of a clause of the statement it cites,
//!   as [`super::clausify`] rebuilds the clauses from the statement itself and the
//!   meanings of the proof's symbols (so a wrong clausification in the engine is caught);
//! - each cardinality step must be "two of these n distinct terms are equal" for a
//!   statement that allows fewer than n objects;
//! - each equality step must hold in every structure: its negation is refuted by a small
//!   congruence closure of its own;
//! - each derived step must follow from the earlier steps it cites by unit propagation:
//!   with all its literals false, those steps force a contradiction;
//! - the steps together must be contradictory: a small DPLL (unit propagation and case
//!   splits) refutes them, and its trace is the argument a player reads.
//!
//! It imports no engine and not the engines' clausifier (`logic::cnf`).

use super::clausify::{clausify, ClausifyError};
use super::{Proof, Step, StepKind};
use crate::logic::board::Premise;
use crate::logic::check::Signature;
use crate::logic::clauses::{Atom, Literal, Origin, Term};
use crate::solve::budget::{Budget, Exhausted};
use std::collections::{BTreeMap, HashMap};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    #[error("step {0} does not match the clause it cites")]
    NotAnInstance(usize),
    #[error("step {0} is not what the cardinality statement it cites says")]
    NotABound(usize),
    #[error("step {0} is not a fact about equality")]
    NotAnEquality(usize),
    #[error("step {0} does not follow from the steps it cites")]
    NotDerived(usize),
    #[error("step {0} uses a term that is not well-formed")]
    BadTerm(usize),
    #[error("the steps are not contradictory: {0}")]
    NotARefutation(String),
    #[error("the proof is too large to check ({0} case splits)")]
    TooLarge(usize),
    #[error("the check of the proof stopped at its budget ({})", .0.name())]
    OutOfBudget(Exhausted),
    #[error("the statements' clauses cannot be rebuilt in the proof's symbols: {0}")]
    Clausify(ClausifyError),
}

/// Checks `proof` against the premises; on success, the refutation's lines (unit
/// propagation and case splits over the steps) for players.
pub fn check(
    signature: &Signature,
    premises: &[Premise],
    proof: &Proof,
) -> Result<Vec<String>, ProofError> {
    check_within(signature, premises, proof, &Budget::unlimited())
}

/// [`check`], stopping with [`ProofError::OutOfBudget`] when `budget` runs out: a proof of
/// thousands of steps takes seconds to check, and the caller's time limit holds for that
/// too.
pub fn check_within(
    signature: &Signature,
    premises: &[Premise],
    proof: &Proof,
    budget: &Budget,
) -> Result<Vec<String>, ProofError> {
    let out_of_budget = || budget.spent().map_or(Ok(()), |e| Err(ProofError::OutOfBudget(e)));
    out_of_budget()?;
    let rebuilt = clausify(signature, premises, &proof.symbols).map_err(ProofError::Clausify)?;
    let mut clauses_of: HashMap<Origin, Vec<&[Literal]>> = HashMap::new();
    for (origin, clause) in &rebuilt.clauses {
        clauses_of.entry(*origin).or_default().push(clause);
    }
    let arity_of = |f: usize| proof.symbols.get(f).map(|s| (s.arity, s.predicate));
    let well_formed = |t: &Term| -> bool {
        fn ok(t: &Term, arity_of: &dyn Fn(usize) -> Option<(usize, bool)>) -> bool {
            match t {
                Term::Var(_) => false,
                Term::App(f, args) => {
                    arity_of(*f) == Some((args.len(), false))
                        && args.iter().all(|a| ok(a, arity_of))
                }
            }
        }
        ok(t, &arity_of)
    };
    for (i, step) in proof.steps.iter().enumerate() {
        let n = i + 1;
        // Every step: one of a large proof can take tens of milliseconds (BOO072-1's
        // literals reach 63 000 symbols), and 64 of them overran the budget by 0.7 s.
        out_of_budget()?;
        for l in &step.literals {
            let terms_ok = match &l.atom {
                Atom::Pred(p, args) => {
                    arity_of(*p) == Some((args.len(), true)) && args.iter().all(&well_formed)
                }
                Atom::Eq(a, b) => well_formed(a) && well_formed(b),
            };
            if !terms_ok {
                return Err(ProofError::BadTerm(n));
            }
        }
        match &step.kind {
            StepKind::Instance { origin, substitution, .. } => {
                // The substitution only explains the step to players; what counts is that
                // the step contains an instance of one of the cited part's clauses.
                let mut matches_left = MATCH_BUDGET;
                let ground = without_false_literals(&step.literals);
                let found = clauses_of.get(origin).is_some_and(|clauses| {
                    clauses.iter().any(|c| contains_instance(&ground, c, &mut matches_left))
                });
                if !found || !substitution.iter().all(&well_formed) {
                    return Err(ProofError::NotAnInstance(n));
                }
            }
            StepKind::Bound { origin, terms } => {
                let premise = premises
                    .iter()
                    .find(|p| p.index == origin.statement)
                    .ok_or(ProofError::NotABound(n))?;
                let allows_fewer_than = match premise.statement.kind.size_bound() {
                    Some((at_least, n)) if at_least == premise.negated => Some(n as usize),
                    _ => None,
                };
                let distinct = terms.iter().enumerate().all(|(i, t)| !terms[..i].contains(t));
                if allows_fewer_than != Some(terms.len())
                    || !distinct
                    || !terms.iter().all(&well_formed)
                {
                    return Err(ProofError::NotABound(n));
                }
                let mut expected = Vec::new();
                for i in 0..terms.len() {
                    for j in i + 1..terms.len() {
                        expected.push(Literal {
                            positive: true,
                            atom: Atom::Eq(terms[i].clone(), terms[j].clone()),
                        });
                    }
                }
                if normalized(&expected) != normalized(&step.literals) {
                    return Err(ProofError::NotABound(n));
                }
            }
            StepKind::Equality => {
                if !equality_refutes_negation(&step.literals) {
                    return Err(ProofError::NotAnEquality(n));
                }
            }
            StepKind::Derived { from } => {
                if from.iter().any(|&k| k >= i)
                    || !propagation_refutes_negation(
                        &step.literals,
                        from.iter().map(|&k| proof.steps[k].literals.as_slice()),
                    )
                {
                    return Err(ProofError::NotDerived(n));
                }
            }
        }
    }
    refute(proof, budget)
}

/// Whether, with every literal of `clause` false (and every `t = t` true), unit propagation
/// over `premises` makes some premise false.
fn propagation_refutes_negation<'p>(
    clause: &[Literal],
    premises: impl Iterator<Item = &'p [Literal]>,
) -> bool {
    let premises: Vec<Vec<Literal>> = premises.map(normalized).collect();
    let mut value: BTreeMap<Atom, bool> = BTreeMap::new();
    if clause.iter().any(|l| matches!(&l.atom, Atom::Eq(a, b) if l.positive && a == b)) {
        // `t = t` cannot be false.
        return true;
    }
    for l in normalized(clause) {
        if value.insert(l.atom.clone(), !l.positive) == Some(l.positive) {
            // The clause has a literal and its negation: it cannot be all false.
            return true;
        }
    }
    let value_of = |value: &BTreeMap<Atom, bool>, a: &Atom| match a {
        Atom::Eq(l, r) if l == r => Some(true),
        _ => value.get(a).copied(),
    };
    loop {
        let mut progress = false;
        for c in &premises {
            if c.iter().any(|l| value_of(&value, &l.atom) == Some(l.positive)) {
                continue;
            }
            let free: Vec<&Literal> =
                c.iter().filter(|l| value_of(&value, &l.atom).is_none()).collect();
            match free.as_slice() {
                [] => return true,
                [l] => {
                    value.insert(l.atom.clone(), l.positive);
                    progress = true;
                }
                _ => {}
            }
        }
        if !progress {
            return false;
        }
    }
}

/// The most partial matches tried for one instance step.
const MATCH_BUDGET: usize = 100_000;

/// The ground clause's literals without the always-false `t ≠ t`, oriented and in order.
fn without_false_literals(ground: &[Literal]) -> Vec<Literal> {
    let kept: Vec<Literal> = ground
        .iter()
        .filter(|l| !matches!(&l.atom, Atom::Eq(a, b) if !l.positive && a == b))
        .cloned()
        .collect();
    normalized(&kept)
}

/// Whether some instance of `clause` (dropping the literals `s ≠ t` it makes `t ≠ t`) has
/// all its literals in `ground`: then the ground clause follows from the clause.
fn contains_instance(ground: &[Literal], clause: &[Literal], budget: &mut usize) -> bool {
    use super::terms::{anything, match_onto, unify as unify_with};
    /// Matches `p` onto `a`; an equation as written when `flip` is false, else turned.
    fn atom(p: &Atom, a: &Atom, flip: bool, s: &mut HashMap<u32, Term>) -> bool {
        let term = |p: &Term, t: &Term, s: &mut HashMap<u32, Term>| match_onto(p, t, s, &anything);
        match (p, a) {
            (Atom::Pred(f, ps), Atom::Pred(g, ts)) => {
                !flip
                    && f == g
                    && ps.len() == ts.len()
                    && ps.iter().zip(ts).all(|(p, t)| term(p, t, s))
            }
            (Atom::Eq(l, r), Atom::Eq(a, b)) if !flip => term(l, a, s) && term(r, b, s),
            (Atom::Eq(l, r), Atom::Eq(a, b)) => term(l, b, s) && term(r, a, s),
            _ => false,
        }
    }
    /// Whether some instance makes each deferred `l ≠ r` a `t ≠ t` (any ground term may
    /// take the place of a variable left free, the same wherever it occurs).
    fn trivial(deferred: &[&Literal], s: &mut HashMap<u32, Term>) -> bool {
        deferred.iter().all(|l| match &l.atom {
            Atom::Eq(a, b) => unify_with(a, b, s, &anything),
            Atom::Pred(..) => false,
        })
    }
    fn go<'c>(
        ground: &[Literal],
        clause: &'c [Literal],
        s: &mut HashMap<u32, Term>,
        deferred: &mut Vec<&'c Literal>,
        budget: &mut usize,
    ) -> bool {
        let Some((l, rest)) = clause.split_first() else {
            return trivial(deferred, &mut s.clone());
        };
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        for g in ground.iter().filter(|g| g.positive == l.positive) {
            for flip in [false, true] {
                let saved = s.clone();
                if atom(&l.atom, &g.atom, flip, s) && go(ground, rest, s, deferred, budget) {
                    return true;
                }
                *s = saved;
            }
        }
        if !l.positive && matches!(l.atom, Atom::Eq(..)) {
            deferred.push(l);
            if go(ground, rest, s, deferred, budget) {
                return true;
            }
            deferred.pop();
        }
        false
    }
    go(ground, clause, &mut HashMap::new(), &mut Vec::new(), budget)
}

/// Literals with equations oriented and in a canonical order, to compare clauses.
// Deliberately separate from the prover's `superposition::deletion::canonical`, which does
// the same for the engine: the checker must share no code with what it checks.
fn normalized(lits: &[Literal]) -> Vec<Literal> {
    let mut out: Vec<Literal> = lits
        .iter()
        .map(|l| match &l.atom {
            Atom::Eq(a, b) if a > b => {
                Literal { positive: l.positive, atom: Atom::Eq(b.clone(), a.clone()) }
            }
            _ => l.clone(),
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Whether "every literal of the clause is false" is impossible by congruence alone.
fn equality_refutes_negation(clause: &[Literal]) -> bool {
    // The negation: each literal's atom takes the opposite value.
    let mut terms: Vec<Term> = Vec::new();
    fn collect(t: &Term, terms: &mut Vec<Term>) {
        if let Term::App(_, args) = t {
            args.iter().for_each(|a| collect(a, terms));
        }
        if !terms.contains(t) {
            terms.push(t.clone());
        }
    }
    for l in clause {
        match &l.atom {
            Atom::Pred(_, args) => args.iter().for_each(|a| collect(a, &mut terms)),
            Atom::Eq(a, b) => {
                collect(a, &mut terms);
                collect(b, &mut terms);
            }
        }
    }
    let index = |t: &Term| terms.iter().position(|u| u == t).expect("collected");
    let mut parent: Vec<usize> = (0..terms.len()).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for l in clause {
        if let (Atom::Eq(a, b), false) = (&l.atom, l.positive) {
            let (x, y) = (find(&mut parent, index(a)), find(&mut parent, index(b)));
            parent[x] = y;
        }
    }
    // Congruence: f(s̄) and f(t̄) with s̄, t̄ pairwise equal are equal; to a fixpoint.
    loop {
        let mut changed = false;
        for i in 0..terms.len() {
            for j in i + 1..terms.len() {
                if let (Term::App(f, xs), Term::App(g, ys)) = (&terms[i], &terms[j]) {
                    if f == g
                        && xs.len() == ys.len()
                        && find(&mut parent, i) != find(&mut parent, j)
                        && xs.iter().zip(ys).all(|(x, y)| {
                            let (x, y) = (index(x), index(y));
                            find(&mut parent, x) == find(&mut parent, y)
                        })
                    {
                        let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                        parent[a] = b;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    // A contradiction: an equation the negation denies between equal terms, or a predicate
    // true and false on equal arguments.
    let mut preds: Vec<(usize, Vec<usize>, bool)> = Vec::new();
    for l in clause {
        match &l.atom {
            Atom::Eq(a, b) if l.positive => {
                if find(&mut parent, index(a)) == find(&mut parent, index(b)) {
                    return true;
                }
            }
            Atom::Eq(..) => {}
            Atom::Pred(p, args) => {
                let classes: Vec<usize> =
                    args.iter().map(|a| find(&mut parent, index(a))).collect();
                let value = !l.positive;
                if preds.iter().any(|(q, c, v)| q == p && *c == classes && *v != value) {
                    return true;
                }
                preds.push((*p, classes, value));
            }
        }
    }
    false
}

/// The most case splits the checker makes before it calls a proof too large.
const MAX_SPLITS: usize = 20_000;

/// Refutes the steps by unit propagation and case splits, writing down each move.
fn refute(proof: &Proof, budget: &Budget) -> Result<Vec<String>, ProofError> {
    // A derived ⊥ (checked above) is the contradiction itself: nothing is left to show.
    if let Some(k) = proof
        .steps
        .iter()
        .position(|s| s.literals.is_empty() && matches!(s.kind, StepKind::Derived { .. }))
    {
        return Ok(vec![format!("[{}] is the contradiction", k + 1)]);
    }
    let mut atoms: BTreeMap<Atom, usize> = BTreeMap::new();
    let clauses: Vec<Vec<(usize, bool)>> = proof
        .steps
        .iter()
        .map(|s: &Step| {
            normalized(&s.literals)
                .into_iter()
                .map(|l| {
                    let n = atoms.len();
                    (*atoms.entry(l.atom).or_insert(n), l.positive)
                })
                .collect()
        })
        .collect();
    // Each atom as a player reads it, true and false.
    let names: Vec<[String; 2]> = {
        let mut v = vec![[String::new(), String::new()]; atoms.len()];
        for (a, &i) in &atoms {
            v[i] =
                [false, true].map(|positive| proof.literal(&Literal { positive, atom: a.clone() }));
        }
        v
    };
    let mut lines = Vec::new();
    let mut values = vec![None; atoms.len()];
    // Everything equals itself.
    for (a, &i) in &atoms {
        if let Atom::Eq(l, r) = a {
            if l == r {
                values[i] = Some(true);
            }
        }
    }
    let mut search = Search { clauses: &clauses, names: &names, budget, splits: 0, passes: 0 };
    if search.dpll(&mut values, 0, &mut lines)? {
        Ok(lines)
    } else {
        Err(ProofError::NotARefutation("some assignment satisfies every step".into()))
    }
}

fn show(names: &[[String; 2]], atom: usize, value: bool) -> String {
    names[atom][value as usize].clone()
}

/// The final refutation's search over the steps' clauses (atoms numbered).
struct Search<'a> {
    clauses: &'a [Vec<(usize, bool)>],
    names: &'a [[String; 2]],
    budget: &'a Budget,
    splits: usize,
    passes: usize,
}

impl Search<'_> {
    /// True when every assignment extending `values` falsifies some clause.
    fn dpll(
        &mut self,
        values: &mut Vec<Option<bool>>,
        depth: usize,
        lines: &mut Vec<String>,
    ) -> Result<bool, ProofError> {
        let (clauses, names) = (self.clauses, self.names);
        let indent = "  ".repeat(depth);
        let mut assigned = Vec::new();
        let result = loop {
            // Passes over thousands of steps take seconds: a look at the budget now and then
            // (it reads the clock and the process's memory).
            self.passes += 1;
            if self.passes.is_multiple_of(32) {
                if let Some(e) = self.budget.spent() {
                    break Err(ProofError::OutOfBudget(e));
                }
            }
            let mut progress = false;
            let mut open = None;
            let mut conflict = None;
            for (k, c) in clauses.iter().enumerate() {
                if c.iter().any(|&(a, pos)| values[a] == Some(pos)) {
                    continue;
                }
                let free: Vec<(usize, bool)> =
                    c.iter().copied().filter(|&(a, _)| values[a].is_none()).collect();
                match free.as_slice() {
                    [] => {
                        conflict = Some(k);
                        break;
                    }
                    [(a, pos)] => {
                        values[*a] = Some(*pos);
                        assigned.push(*a);
                        lines.push(format!("{indent}by [{}]: {}", k + 1, show(names, *a, *pos)));
                        progress = true;
                    }
                    _ => {
                        open.get_or_insert(free[0].0);
                    }
                }
            }
            if let Some(k) = conflict {
                lines.push(format!("{indent}[{}] is then false: contradiction", k + 1));
                break Ok(true);
            }
            if progress {
                continue;
            }
            let Some(atom) = open else { break Ok(false) };
            self.splits += 1;
            if self.splits > MAX_SPLITS {
                break Err(ProofError::TooLarge(self.splits));
            }
            let mut refuted = true;
            for value in [true, false] {
                lines.push(format!("{indent}case {}:", show(names, atom, value)));
                values[atom] = Some(value);
                let r = self.dpll(values, depth + 1, lines);
                values[atom] = None;
                match r {
                    Ok(true) => {}
                    Ok(false) => {
                        refuted = false;
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
            if refuted {
                lines.push(format!("{indent}both cases are contradictory"));
            }
            break Ok(refuted);
        };
        for a in assigned {
            values[a] = None;
        }
        result
    }
}

#[cfg(test)]
mod tests;
