//! The MACE/Paradox-style search: ground the flat clauses over domains 1, 2, 3, … on one
//! incremental SAT problem.
//!
//! - Each predicate tuple is a propositional variable; each function entry `f(d̄)` has one
//!   variable per value, at most one true (functionality, permanent clauses).
//! - Growing the domain from n−1 to n adds the variables for the new element and the clause
//!   instances that mention it; instances over smaller domains stay valid at every size.
//! - The only size-specific clauses, "`f(d̄)` is one of 0..n", are guarded by an
//!   activation literal for size n, which is assumed when solving at that size.
//! - Static symmetry breaking on constants (the order they are given in): the i-th constant
//!   is at most i, and it can only be a new object k if an earlier constant is k−1. Every
//!   model can be renamed to satisfy this, so no size loses its models.
//! - Then, for one unary function f (`father` when the board uses it), the least-number
//!   rule continues the renaming: f(i) ≤ max(i, the constants, f(0), …, f(i−1)) + 1. Name
//!   the objects greedily (constants first, then i = 0, 1, …: object i, then f(i) if it has
//!   no name yet), and every model satisfies it. Without it, proving "no model of size 7"
//!   for a board whose models are 8-cycles of `father` means trying every permutation.

use crate::logic::clauses::{ClauseSet, Role, SymId, Vocabulary};
use crate::logic::semantics::{Structure, Table};
use crate::reason::finite::flatten::{flatten, split, FlatClause, FlatLit};
use crate::solve::{Budget, Exhausted, Lit, Outcome, SatProblem, Solution};
use std::collections::{BTreeMap, HashMap};

/// The largest domain the finder builds (elements are packed in a byte).
pub const MAX_SIZE: usize = 250;
/// The largest arity of a symbol the finder can ground (arguments packed in a `u128`).
pub const MAX_ARITY: usize = 14;

/// What a search at one size found.
pub enum SizeResult {
    Model(Structure, Witnesses),
    NoModel,
    Exhausted(Exhausted),
}

/// Values of the Skolem constants (the objects that `∃` statements assert), to explain a
/// model: "the x of statement 3 is #2": the variable, the statement, the object, and
/// whether it comes from the statement's negation (the counterexample to a `∀` statement
/// that does not follow, rather than an object the statement promises).
pub type Witnesses = Vec<(String, usize, u32, bool)>;

/// The grounding of a clause set at growing domain sizes, on one SAT problem.
pub struct Finder {
    vocabulary: Vocabulary,
    clauses: Vec<FlatClause>,
    sat: SatProblem,
    size: usize,
    preds: HashMap<u128, Lit>,
    funs: HashMap<u128, Vec<Lit>>,
    guards: Vec<Lit>,
    functions: Vec<SymId>,
    /// Constants in symmetry-breaking order: position i may only take values 0..=i.
    constants: Vec<SymId>,
    /// The unary function the least-number rule applies to, if any.
    chain: Option<SymId>,
    /// `lt[(entry, k)]` implies "the entry's value is below k" (one direction suffices).
    below: HashMap<(u128, u32), Lit>,
}

/// The most constants symmetry breaking orders (see `Finder::new`).
const SYMMETRY_CONSTANTS: usize = 256;

/// A symbol and its arguments in one number: the symbol in the top 16 bits, then one byte
/// per argument (at most [`MAX_ARITY`] of them, each below [`MAX_SIZE`]).
fn key(sym: SymId, args: impl IntoIterator<Item = u32>) -> u128 {
    let mut packed = 0u128;
    for a in args {
        packed = (packed << 8) | (a as u128 + 1);
    }
    ((sym as u128) << 112) | packed
}

/// All tuples of `arity` elements of `0..size`, first element slowest.
fn tuples(size: usize, arity: usize) -> impl Iterator<Item = Vec<u32>> {
    let total = size.saturating_pow(arity as u32);
    (0..total).map(move |mut i| {
        let mut t = vec![0u32; arity];
        for slot in t.iter_mut().rev() {
            *slot = (i % size) as u32;
            i /= size;
        }
        t
    })
}

/// Why a clause set cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsupported {
    #[error("the symbol `{0}` takes {1} arguments; the model finder handles at most {MAX_ARITY}")]
    Arity(String, usize),
    #[error("the problem has {0} symbols; the model finder handles fewer than 65536")]
    Symbols(usize),
}

impl Finder {
    pub fn new(set: &ClauseSet) -> Result<Finder, Unsupported> {
        for s in &set.vocabulary.symbols {
            if s.arity > MAX_ARITY {
                return Err(Unsupported::Arity(s.name.clone(), s.arity));
            }
        }

        let functions: Vec<SymId> = (0..set.vocabulary.symbols.len())
            .filter(|&i| !set.vocabulary.symbols[i].predicate)
            .collect();
        // Given constants first (names, then free constants), then witnesses: any order is
        // sound; this one keeps the objects a player named at the front.
        let mut constants: Vec<SymId> =
            functions.iter().copied().filter(|&f| set.vocabulary.symbols[f].arity == 0).collect();
        constants.sort_by_key(|&c| !matches!(set.vocabulary.symbols[c].role, Role::Given(_)));
        // Symmetry breaking on a prefix of the constants is as sound as on all of them (the
        // objects are renamed in order of first appearance in the prefix), and its clauses
        // grow with the square of the prefix: ten thousand constants of a large axiom set
        // once made 50 million literals before the search could look at its budget.
        constants.truncate(SYMMETRY_CONSTANTS);
        let unary = |f: &SymId| set.vocabulary.symbols[*f].arity == 1;
        let chain = functions
            .iter()
            .copied()
            .filter(unary)
            .find(|&f| matches!(set.vocabulary.symbols[f].role, Role::Given(_)) && set.mentions(f))
            .or_else(|| functions.iter().copied().filter(unary).find(|&f| set.mentions(f)));
        let mut vocabulary = set.vocabulary.clone();
        let mut clauses = Vec::new();
        for c in set.clauses.iter().filter_map(flatten) {
            let origin = c.origin;
            clauses.extend(split(c, &mut |arity| vocabulary.add_definition(arity, origin)));
        }
        if vocabulary.symbols.len() >= 1 << 16 {
            return Err(Unsupported::Symbols(vocabulary.symbols.len()));
        }
        Ok(Finder {
            vocabulary,
            clauses,
            sat: SatProblem::new(),
            size: 0,
            preds: HashMap::new(),
            funs: HashMap::new(),
            guards: Vec::new(),
            functions,
            constants,
            chain,
            below: HashMap::new(),
        })
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Propositional variables and clauses so far (for progress and benches).
    pub fn stats(&self) -> (usize, usize) {
        (self.sat.num_vars(), self.sat.clauses().len())
    }

    /// Searches for a model of exactly `size` elements.
    pub fn solve(&mut self, size: usize, budget: &Budget) -> SizeResult {
        assert!((1..=MAX_SIZE).contains(&size), "domain sizes run from 1 to {MAX_SIZE}");
        if size < self.size {
            // Growing is one-way; a smaller size needs a fresh finder. Callers go upwards.
            panic!("the finder is already at size {}, cannot go back to {size}", self.size);
        }
        while self.size < size {
            if let Err(why) = self.grow(budget) {
                return SizeResult::Exhausted(why);
            }
        }
        match self.sat.solve(&[self.guards[size - 1]], budget) {
            Outcome::Sat(solution) => {
                let (model, witnesses) = self.extract(&solution, size);
                SizeResult::Model(model, witnesses)
            }
            Outcome::Unsat(_) => SizeResult::NoModel,
            Outcome::Exhausted(why) => SizeResult::Exhausted(why),
        }
    }

    fn pred_lit(&mut self, sym: SymId, args: impl IntoIterator<Item = u32>) -> Lit {
        let k = key(sym, args);
        if let Some(&l) = self.preds.get(&k) {
            return l;
        }
        let l = self.sat.new_lit();
        self.preds.insert(k, l);
        l
    }

    fn fun_lit(&self, sym: SymId, args: impl IntoIterator<Item = u32>, value: u32) -> Lit {
        self.funs[&key(sym, args)][value as usize]
    }

    /// Adds element `self.size` (0-based) and everything that mentions it.
    fn grow(&mut self, budget: &Budget) -> Result<(), Exhausted> {
        let s = self.size + 1;
        let new = (s - 1) as u32;
        let guard = self.sat.new_lit();
        self.guards.push(guard);
        for fi in 0..self.functions.len() {
            let f = self.functions[fi];
            let arity = self.vocabulary.symbols[f].arity;
            if let Some(why) = budget.spent() {
                return Err(why);
            }
            for t in tuples(s, arity) {
                let k = key(f, t.iter().copied());
                let mut values = self.funs.remove(&k).unwrap_or_default();
                while values.len() < s {
                    let l = self.sat.new_lit();
                    for &old in &values {
                        self.sat.add_clause(&[!old, !l]);
                    }
                    values.push(l);
                }
                let mut total = vec![!guard];
                total.extend(&values);
                self.sat.add_clause(&total);
                self.funs.insert(k, values);
            }
        }
        self.break_symmetry(new);
        self.least_number(new);
        // The budget is looked at every 256 tuples, counted over all clauses: a problem
        // of ten thousand axioms has that many clauses of one instance each, and an
        // instance of a wide clause can take a while (every 4096 overshot a 10 s limit by
        // up to 1.7 s on SCT121+1).
        let mut count = 0u64;
        for ci in 0..self.clauses.len() {
            let m = self.clauses[ci].num_vars as usize;
            if m == 0 {
                if s == 1 {
                    self.instantiate(ci, &[]);
                }
                continue;
            }
            for t in tuples(s, m) {
                // Tuples without the new element are counted too: for a clause of eight
                // variables, going over them is most of the work.
                count += 1;
                if t.contains(&new) {
                    self.instantiate(ci, &t);
                }
                if count.is_multiple_of(256) {
                    if let Some(why) = budget.spent() {
                        return Err(why);
                    }
                }
            }
        }
        self.size = s;
        if let Some(why) = budget.spent() {
            return Err(why);
        }
        Ok(())
    }

    /// Constant i takes values 0..=i, and takes a new value k > 0 only if an earlier
    /// constant is k − 1 (Paradox's canonicity): new objects appear in constant order.
    fn break_symmetry(&mut self, new: u32) {
        for i in 0..self.constants.len() {
            let lit = self.fun_lit(self.constants[i], [], new);
            if new as usize > i {
                self.sat.add_clause(&[!lit]);
            } else if new > 0 {
                let mut c = vec![!lit];
                for j in 0..i {
                    c.push(self.fun_lit(self.constants[j], [], new - 1));
                }
                self.sat.add_clause(&c);
            }
        }
    }

    /// A literal that holds whenever the entry's value is below `k`.
    fn below_lit(&mut self, entry: u128, k: u32) -> Lit {
        if let Some(&l) = self.below.get(&(entry, k)) {
            return l;
        }
        let l = self.sat.new_lit();
        let values = self.funs[&entry][..k as usize].to_vec();
        for v in values {
            self.sat.add_clause(&[!v, l]);
        }
        self.below.insert((entry, k), l);
        l
    }

    /// f(i) = new only if max(i, constants, f(0..i)) ≥ new − 1: added as the value `new`
    /// appears for each entry f(i) with i + 1 < new.
    fn least_number(&mut self, new: u32) {
        let Some(f) = self.chain else { return };
        for i in 0..new.saturating_sub(1) {
            let mut clause = vec![!self.fun_lit(f, [i], new)];
            for ci in 0..self.constants.len() {
                let l = self.below_lit(key(self.constants[ci], []), new - 1);
                clause.push(!l);
            }
            for j in 0..i {
                let l = self.below_lit(key(f, [j]), new - 1);
                clause.push(!l);
            }
            self.sat.add_clause(&clause);
        }
    }

    fn instantiate(&mut self, ci: usize, t: &[u32]) {
        let mut lits = Vec::with_capacity(self.clauses[ci].lits.len());
        for li in 0..self.clauses[ci].lits.len() {
            let lit = match &self.clauses[ci].lits[li] {
                FlatLit::Eq { a, b, positive } => {
                    if (t[*a as usize] == t[*b as usize]) == *positive {
                        return; // the instance is true
                    }
                    continue;
                }
                FlatLit::Pred { sym, args, positive } => {
                    let (sym, positive) = (*sym, *positive);
                    let args: Vec<u32> = args.iter().map(|&a| t[a as usize]).collect();
                    let l = self.pred_lit(sym, args);
                    if positive {
                        l
                    } else {
                        !l
                    }
                }
                FlatLit::Fun { sym, args, value, positive } => {
                    let l =
                        self.fun_lit(*sym, args.iter().map(|&a| t[a as usize]), t[*value as usize]);
                    if *positive {
                        l
                    } else {
                        !l
                    }
                }
            };
            lits.push(lit);
        }
        self.sat.add_clause(&lits);
    }

    fn extract(&self, solution: &Solution, size: usize) -> (Structure, Witnesses) {
        let mut model = Structure { size, predicates: BTreeMap::new(), functions: BTreeMap::new() };
        let mut witnesses = Vec::new();
        for (id, sym) in self.vocabulary.symbols.iter().enumerate() {
            let given = matches!(sym.role, Role::Given(_));
            if sym.predicate {
                if given {
                    let values = tuples(size, sym.arity)
                        .map(|t| self.preds.get(&key(id, t)).is_some_and(|&l| solution.value(l)))
                        .collect();
                    model.predicates.insert(sym.name.clone(), Table { arity: sym.arity, values });
                }
                continue;
            }
            let values: Vec<u32> = tuples(size, sym.arity)
                .map(|t| {
                    let lits = &self.funs[&key(id, t)];
                    (0..size)
                        .find(|&e| solution.value(lits[e]))
                        .expect("totality holds at the solved size") as u32
                })
                .collect();
            match &sym.role {
                Role::Given(_) => {
                    model.functions.insert(sym.name.clone(), Table { arity: sym.arity, values });
                }
                Role::Skolem { origin, var, .. } if sym.arity == 0 => {
                    let counterexample = origin.part == crate::logic::clauses::Part::Negation;
                    witnesses.push((var.clone(), origin.statement, values[0], counterexample))
                }
                _ => {}
            }
        }
        (model, witnesses)
    }
}
