//! The instantiation prover: proving that premises have no model at all, with a proof
//! ([`crate::reason::proof`]) that the independent checker ([`crate::reason::proof::check`])
//! re-verifies and a player can follow.
//!
//! The procedure is Herbrand-style instantiation, guided by the terms the clauses produce:
//! - Ground terms start from the constants (or one arbitrary object when there are none).
//!   Each term has a generation: the constants 0, and a term first made by an instance
//!   whose terms are of generation ≤ g has generation g + 1 (as in SMT solvers' E-matching).
//!   Round g instantiates every clause with every tuple of terms of generation ≤ g. A term
//!   written in a clause (`father(father(y))`) thus comes in one round after its variables'
//!   terms, however deep it is. Every term made is eventually used, and each generation is
//!   finite, so the search is complete in the limit.
//! - The ground clauses go to one incremental SAT problem ([`crate::solve`]). Each SAT
//!   model is checked for equality with congruence closure in an egg e-graph ([`cc`]);
//!   a conflict becomes a lemma clause built from egg's explanation, and the search goes on
//!   (lazy SMT). An unsatisfiable ground set is a refutation.
//! - `|L| < n` adds "two of these n terms are equal" for every n terms in play.
//! - The proof ([`Proof`]) keeps only what the contradiction needs: a minimal set of
//!   instances (each tied to its statement and substitution) and equality lemmas.

pub mod cc;
#[cfg(test)]
mod tests;

use crate::logic::clauses::{Atom, ClauseSet, Literal, Origin, Role, SymId, Term};
pub use crate::reason::proof::{Proof, ProofSymbol, Step, StepKind};
use crate::solve::{Budget, Exhausted, Lit, Outcome, SatProblem};
use crate::util::elsewhere::{drop_elsewhere, drop_here_unless_leaving};
use std::collections::{HashMap, HashSet};

/// A ground term in the prover's bank: children first, so ids are topologically sorted.
pub type TermId = u32;
/// A ground atom in the prover's table.
pub type AtomId = u32;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GroundAtom {
    Pred(SymId, Vec<TermId>),
    /// Always with the smaller id first.
    Eq(TermId, TermId),
}

/// Why the prover stopped without a refutation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    Budget(Exhausted),
    /// The next round would create more instances than the prover keeps.
    TooManyInstances(usize),
    /// Every term in play has been used and the ground clauses are satisfiable: the
    /// premises have a (finite) model, which the model search finds.
    Saturated,
}

#[derive(Clone, Debug)]
pub enum Refutation {
    Proved(Proof),
    Stopped { stopped: Stopped, rounds: usize, instances: usize },
}

/// The most ground instances the prover builds.
pub const MAX_INSTANCES: usize = 400_000;

/// One ground clause and where it comes from.
#[derive(Clone, Debug)]
struct Ground {
    source: Source,
    lits: Vec<(AtomId, bool)>,
    guard: Lit,
}

#[derive(Clone, Debug)]
enum Source {
    /// Clause `clause` of the set under `subst` (one term per clause variable).
    Instance { clause: usize, subst: Vec<TermId> },
    /// "Two of these terms are equal", from `|L| < n`.
    Bound { origin: Origin, terms: Vec<TermId> },
    /// A consequence of equality (congruence closure); `uses` are the atoms whose truth it
    /// relies on.
    Lemma,
}

pub struct Prover<'s> {
    set: &'s ClauseSet,
    /// The symbols as the proof shows them, with any extra constant the prover adds.
    symbols: Vec<ProofSymbol>,
    /// An arbitrary object added when the premises name none (the domain is never empty).
    extra_constant: Option<SymId>,
    terms: Vec<(SymId, Vec<TermId>)>,
    term_index: HashMap<(SymId, Vec<TermId>), TermId>,
    generation: Vec<u32>,
    /// The generation of the terms made now.
    making: u32,
    atoms: Vec<GroundAtom>,
    atom_index: HashMap<GroundAtom, AtomId>,
    atom_lits: Vec<Lit>,
    sat: SatProblem,
    ground: Vec<Ground>,
    seen: HashSet<(usize, Vec<TermId>)>,
    /// Terms used for instantiation so far, in the order they were admitted.
    candidates: Vec<TermId>,
    admitted: HashSet<TermId>,
    bound_sets: HashSet<Vec<TermId>>,
    rounds: usize,
}

/// A prover that ran long holds hundreds of thousands of ground clauses, terms and atoms,
/// and freeing them took a second after the budget had run out (GRP760+1: 11.0 s at
/// `--cpu-limit 10`); the answer should not wait for that. (The SAT solver is freed here,
/// as varisat's is not `Send`, unless the process is to end once it has answered.)
impl Drop for Prover<'_> {
    fn drop(&mut self) {
        if self.ground.len() + self.terms.len() < LARGE {
            return;
        }
        drop_here_unless_leaving(std::mem::take(&mut self.sat));
        drop_elsewhere((
            std::mem::take(&mut self.terms),
            std::mem::take(&mut self.term_index),
            std::mem::take(&mut self.atoms),
            std::mem::take(&mut self.atom_index),
            std::mem::take(&mut self.ground),
            std::mem::take(&mut self.seen),
            std::mem::take(&mut self.admitted),
            std::mem::take(&mut self.bound_sets),
        ));
    }
}

/// Ground clauses and terms from which a prover's memory is freed elsewhere.
const LARGE: usize = 10_000;

impl<'s> Prover<'s> {
    pub fn new(set: &'s ClauseSet) -> Prover<'s> {
        let mut symbols = ProofSymbol::of(&set.vocabulary);
        let has_constant = set.vocabulary.symbols.iter().enumerate().any(|(i, s)| {
            !s.predicate
                && s.arity == 0
                && (set.mentions(i) || matches!(s.role, Role::Skolem { .. }))
        });
        let extra_constant = if has_constant {
            None
        } else {
            let mut name = "a".to_string();
            while symbols.iter().any(|s| s.name == name || s.shown == name) {
                name.push('\'');
            }
            symbols.push(ProofSymbol::object(name));
            Some(symbols.len() - 1)
        };
        Prover {
            set,
            symbols,
            extra_constant,
            terms: Vec::new(),
            term_index: HashMap::new(),
            generation: Vec::new(),
            making: 0,
            atoms: Vec::new(),
            atom_index: HashMap::new(),
            atom_lits: Vec::new(),
            sat: SatProblem::new(),
            ground: Vec::new(),
            seen: HashSet::new(),
            candidates: Vec::new(),
            admitted: HashSet::new(),
            bound_sets: HashSet::new(),
            rounds: 0,
        }
    }

    fn intern(&mut self, sym: SymId, args: Vec<TermId>) -> TermId {
        if let Some(&t) = self.term_index.get(&(sym, args.clone())) {
            return t;
        }
        let id = self.terms.len() as TermId;
        self.terms.push((sym, args.clone()));
        self.generation.push(self.making);
        self.term_index.insert((sym, args), id);
        id
    }

    fn ground_term(&mut self, t: &Term, subst: &[TermId]) -> TermId {
        match t {
            Term::Var(v) => subst[*v as usize],
            Term::App(f, args) => {
                let args = args.iter().map(|a| self.ground_term(a, subst)).collect();
                self.intern(*f, args)
            }
        }
    }

    fn atom(&mut self, a: GroundAtom) -> AtomId {
        if let Some(&id) = self.atom_index.get(&a) {
            return id;
        }
        let id = self.atoms.len() as AtomId;
        let lit = match &a {
            GroundAtom::Eq(x, y) if x == y => self.sat.true_lit(),
            _ => self.sat.new_lit(),
        };
        self.atoms.push(a.clone());
        self.atom_index.insert(a, id);
        self.atom_lits.push(lit);
        id
    }

    fn eq_atom(&mut self, a: TermId, b: TermId) -> AtomId {
        self.atom(GroundAtom::Eq(a.min(b), a.max(b)))
    }

    fn add_ground(&mut self, source: Source, lits: Vec<(AtomId, bool)>) {
        let guard = self.sat.new_lit();
        let mut clause = vec![!guard];
        clause.extend(lits.iter().map(|&(a, pos)| {
            if pos {
                self.atom_lits[a as usize]
            } else {
                !self.atom_lits[a as usize]
            }
        }));
        self.sat.add_clause(&clause);
        self.ground.push(Ground { source, lits, guard });
    }

    fn instantiate(&mut self, ci: usize, subst: Vec<TermId>) {
        if !self.seen.insert((ci, subst.clone())) {
            return;
        }
        let clause = &self.set.clauses[ci];
        let literals = clause.literals.clone();
        let mut lits = Vec::with_capacity(literals.len());
        for l in &literals {
            let atom = match &l.atom {
                Atom::Pred(p, args) => {
                    let args = args.iter().map(|a| self.ground_term(a, &subst)).collect();
                    self.atom(GroundAtom::Pred(*p, args))
                }
                Atom::Eq(a, b) => {
                    let (a, b) = (self.ground_term(a, &subst), self.ground_term(b, &subst));
                    self.eq_atom(a, b)
                }
            };
            lits.push((atom, l.positive));
        }
        self.add_ground(Source::Instance { clause: ci, subst }, lits);
    }

    /// Searches for a refutation within `budget`.
    pub fn run(mut self, budget: &Budget) -> Refutation {
        for (i, s) in self.set.vocabulary.symbols.iter().enumerate() {
            if !s.predicate && s.arity == 0 {
                self.intern(i, Vec::new());
            }
        }
        if let Some(c) = self.extra_constant {
            self.intern(c, Vec::new());
        }
        // Ground clauses (no variables) once.
        for ci in 0..self.set.clauses.len() {
            if self.set.clauses[ci].num_vars == 0 {
                self.instantiate(ci, Vec::new());
            }
        }
        let mut round = 0u32;
        loop {
            self.rounds += 1;
            let before = self.ground.len();
            // Admit every term of generation ≤ `round`; what the instances make is next.
            self.making = round + 1;
            loop {
                let old = self.candidates.len();
                let fresh: Vec<TermId> = (0..self.terms.len() as TermId)
                    .filter(|t| self.generation[*t as usize] <= round && !self.admitted.contains(t))
                    .collect();
                if fresh.is_empty() {
                    break;
                }
                for t in fresh {
                    self.admitted.insert(t);
                    self.candidates.push(t);
                }
                if let Err(stopped) = self.instantiate_new(old, budget) {
                    return self.stop(stopped);
                }
                self.add_bound_instances(old);
            }
            match self.solve_ground(budget) {
                Ok(true) => {
                    let proof = self.proof(budget);
                    return Refutation::Proved(proof);
                }
                Ok(false) => {}
                Err(why) => return self.stop(Stopped::Budget(why)),
            }
            let deeper = self.generation.iter().any(|&g| g > round);
            if self.ground.len() == before && !deeper {
                return self.stop(Stopped::Saturated);
            }
            round += 1;
        }
    }

    fn stop(&self, stopped: Stopped) -> Refutation {
        Refutation::Stopped { stopped, rounds: self.rounds, instances: self.ground.len() }
    }

    /// Instantiates every clause with the tuples of candidates that use at least one
    /// candidate from position `old` on.
    fn instantiate_new(&mut self, old: usize, budget: &Budget) -> Result<(), Stopped> {
        let n = self.candidates.len();
        for ci in 0..self.set.clauses.len() {
            let k = self.set.clauses[ci].num_vars as usize;
            if k == 0 {
                continue;
            }
            let total =
                (n as u128).checked_pow(k as u32).map(|all| all - (old as u128).pow(k as u32));
            if total.is_none_or(|t| self.ground.len() as u128 + t > MAX_INSTANCES as u128) {
                return Err(Stopped::TooManyInstances(MAX_INSTANCES));
            }
            let mut idx = vec![0usize; k];
            let mut count = 0u32;
            loop {
                // Every tuple counts, instantiated or skipped as old: with many candidates
                // and few new ones, most are skipped, and counting only the instances left
                // the budget unread for a second past its deadline (GRP760+1).
                count += 1;
                if count.is_multiple_of(1024) {
                    if let Some(why) = budget.spent() {
                        return Err(Stopped::Budget(why));
                    }
                }
                if idx.iter().any(|&i| i >= old) {
                    let subst: Vec<TermId> = idx.iter().map(|&i| self.candidates[i]).collect();
                    self.instantiate(ci, subst);
                }
                let mut pos = 0;
                loop {
                    if pos == k {
                        break;
                    }
                    idx[pos] += 1;
                    if idx[pos] < n {
                        break;
                    }
                    idx[pos] = 0;
                    pos += 1;
                }
                if pos == k {
                    break;
                }
            }
        }
        Ok(())
    }

    /// `|L| < n`: among any n candidates, two are equal.
    fn add_bound_instances(&mut self, old: usize) {
        let (Some(n), Some(origin)) = (self.set.bounds.below, self.set.bounds.below_from) else {
            return;
        };
        let m = self.candidates.len();
        if n == 0 || n > m || n > 8 {
            return;
        }
        // All n-subsets of the candidates that include a new one.
        let mut chosen = Vec::new();
        fn subsets(
            start: usize,
            m: usize,
            n: usize,
            chosen: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
            limit: usize,
        ) {
            if out.len() >= limit {
                return;
            }
            if chosen.len() == n {
                out.push(chosen.clone());
                return;
            }
            for i in start..m {
                chosen.push(i);
                subsets(i + 1, m, n, chosen, out, limit);
                chosen.pop();
            }
        }
        let mut all = Vec::new();
        subsets(0, m, n, &mut chosen, &mut all, 20_000);
        for set in all {
            if set.iter().all(|&i| i < old) {
                continue; // added when its last member came in
            }
            let terms: Vec<TermId> = set.iter().map(|&i| self.candidates[i]).collect();
            if !self.bound_sets.insert(terms.clone()) {
                continue;
            }
            let mut lits = Vec::new();
            for i in 0..terms.len() {
                for j in i + 1..terms.len() {
                    lits.push((self.eq_atom(terms[i], terms[j]), true));
                }
            }
            self.add_ground(Source::Bound { origin, terms }, lits);
        }
    }

    /// SAT with equality, lazily: Ok(true) when the ground clauses are unsatisfiable.
    fn solve_ground(&mut self, budget: &Budget) -> Result<bool, Exhausted> {
        loop {
            if let Some(why) = budget.spent() {
                return Err(why);
            }
            let guards: Vec<Lit> = self.ground.iter().map(|g| g.guard).collect();
            match self.sat.solve(&guards, budget) {
                Outcome::Unsat(_) => return Ok(true),
                Outcome::Exhausted(why) => return Err(why),
                Outcome::Sat(solution) => {
                    let values: Vec<bool> =
                        self.atom_lits.iter().map(|&l| solution.value(l)).collect();
                    let lemmas = cc::conflicts(&self.terms, &self.atoms, &values, budget)?;
                    if lemmas.is_empty() {
                        return Ok(false);
                    }
                    for lits in lemmas {
                        self.add_ground(Source::Lemma, lits);
                    }
                }
            }
        }
    }

    /// The ground clauses that the contradiction needs, made small: the failed core, then
    /// each clause dropped if the rest still contradicts.
    fn minimal_core(&mut self, budget: &Budget) -> Vec<usize> {
        let guards: Vec<Lit> = self.ground.iter().map(|g| g.guard).collect();
        let by_guard: HashMap<Lit, usize> =
            guards.iter().enumerate().map(|(i, &g)| (g, i)).collect();
        let mut core: Vec<usize> = match self.sat.solve(&guards, budget) {
            Outcome::Unsat(failed) => {
                failed.iter().filter_map(|l| by_guard.get(l).copied()).collect()
            }
            _ => (0..self.ground.len()).collect(),
        };
        core.sort_unstable();
        let mut i = core.len();
        while i > 0 {
            i -= 1;
            if i >= core.len() {
                continue;
            }
            let trial: Vec<Lit> = core
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &g)| self.ground[g].guard)
                .collect();
            match self.sat.solve(&trial, budget) {
                Outcome::Unsat(failed) => {
                    let keep: HashSet<Lit> = failed.into_iter().collect();
                    core.retain(|&g| keep.contains(&self.ground[g].guard));
                    i = i.min(core.len());
                }
                Outcome::Sat(_) => {}
                Outcome::Exhausted(_) => break,
            }
        }
        core
    }

    fn proof(&mut self, budget: &Budget) -> Proof {
        // Minimizing is a nicety: it may use at most a second of its own.
        let spare = Budget {
            deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(1)),
            ..budget.clone()
        };
        let core = self.minimal_core(&spare);
        let mut steps = Vec::new();
        for &g in &core {
            let ground = &self.ground[g];
            let literals: Vec<Literal> =
                ground.lits.iter().map(|&(a, pos)| self.literal(a, pos)).collect();
            let kind = match &ground.source {
                Source::Instance { clause, subst } => StepKind::Instance {
                    clause: *clause,
                    origin: self.set.clauses[*clause].origin,
                    variables: self.set.clauses[*clause].var_names.clone(),
                    substitution: subst.iter().map(|&t| self.term(t)).collect(),
                },
                Source::Bound { origin, terms } => StepKind::Bound {
                    origin: *origin,
                    terms: terms.iter().map(|&t| self.term(t)).collect(),
                },
                Source::Lemma => StepKind::Equality,
            };
            steps.push(Step { kind, literals });
        }
        Proof { steps, symbols: self.symbols.clone(), extra_constant: self.extra_constant }
    }

    fn term(&self, t: TermId) -> Term {
        let (f, args) = &self.terms[t as usize];
        Term::App(*f, args.iter().map(|&a| self.term(a)).collect())
    }

    fn literal(&self, a: AtomId, positive: bool) -> Literal {
        let atom = match &self.atoms[a as usize] {
            GroundAtom::Pred(p, args) => {
                Atom::Pred(*p, args.iter().map(|&t| self.term(t)).collect())
            }
            GroundAtom::Eq(x, y) => Atom::Eq(self.term(*x), self.term(*y)),
        };
        Literal { positive, atom }
    }
}
