//! The given-clause loop (the DISCOUNT loop of E and Waldmeister): one run of the prover,
//! from the clause set to a refutation, a saturation, or a stop.
//!
//! Each round, the clause the passive set hands out (`passive`) is simplified by the
//! active clauses (`deletion`, `demodulation`), dropped if it is a tautology or subsumed
//! (`subsumption`), and otherwise made active: its eligible literals fixed (`selection`),
//! entered in the indexes (`active`), and used to retire the active clauses it subsumes or
//! rewrites (the rewritten ones come back as new clauses). Then every inference between it
//! and the active clauses (`rules`) makes a new clause, which is simplified and, unless it
//! is a tautology or a variant of one kept, queued. Every clause made is kept in the store
//! (`clause`) with how it came about.
//!
//! The search is deterministic: every lookup in an index tries its candidates in the order
//! the clauses became active, so that the search is what it would be without the indexes,
//! only faster. A refutation counts only once `extract` has turned it into ground steps that
//! `reason::proof::check` accepts. A run out of inferences (without an upper domain bound,
//! and nothing dropped) ends [`Outcome::Saturated`], a claim for `reason::proof::saturation`.

use super::active::Indexes;
use super::bank::Bank;
use super::clause::{ClauseStore, Conclusion, How, Rule, State};
use super::deletion::{canonical, destructive_equality_resolution, tautology, trivial_inequality};
use super::demodulation::{demodulators_of, rewritable_candidates, rewrite_once};
use super::extract::{refutation, saturation};
use super::literal::{max_var, Literal};
use super::order::Kbo;
use super::passive::Passive;
use super::rules::{partners, Rules};
use super::selection::eligible;
pub use super::selection::Selection;
use super::subsumption::{
    backward_candidates, forward_subsumed, forward_subsumption_resolution, subsumes,
};
pub use super::weights::ClauseSelection;
use super::weights::{Standing, Weighing};
use crate::logic::clauses::{self as tree, ClauseSet};
use crate::reason::proof::Proof;
use crate::solve::Budget;
use crate::util::elsewhere::drop_elsewhere;
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;

/// The picked clause after forward simplification ([`Saturation::forward`]).
enum Forward {
    /// To be activated (the clause it became).
    Keep(usize),
    /// A tautology, or subsumed by an active clause.
    Redundant,
    /// The empty clause.
    Empty(usize),
}

/// The result of a run.
pub enum Outcome {
    /// A refutation, extracted and ready for the checker.
    Refuted(Proof),
    /// No inference is left, on a clause set without an upper domain bound (or a lower one
    /// past the witnesses `cnf` writes), with nothing dropped: the active clauses with their
    /// selections and the precedence, for `reason::proof::saturation::check`.
    Saturated(crate::reason::proof::saturation::Saturation),
    /// Stopped (budget, clause limit, or a proof too large to extract), with why and the
    /// number of clauses it had derived.
    Stopped { why: &'static str, clauses: usize },
}

/// The most clauses kept: a guard only, the budget's memory ceiling is the real limit. At
/// 200 000 (about 100 MB) the loop alone stopped on most problems E refutes and umpire
/// does not within 1–7 s of 10 (REL050+1 then needs 430 000 clauses, in 6.6 s).
const MAX_CLAUSES: usize = 2_000_000;

/// One run of the loop over a clause set: set up by [`Saturation::new`] (with
/// [`Saturation::goal_directed`] and [`Saturation::without_selection`]), started by
/// [`Saturation::run`].
pub struct Saturation<'s> {
    set: &'s ClauseSet,
    /// Every term of the run, stored once.
    bank: Bank,
    kbo: Kbo,
    clauses: ClauseStore,
    /// The clauses waiting or active, by their variant-invariant form, to drop a new clause
    /// that is a variant of one of them. A clause leaves it when it leaves the loop
    /// (rewritten, cut, subsumed): a variant of a clause the loop has replaced by a
    /// simpler one is not redundant unless the replacement (with what it was simplified
    /// by) still covers it, and those can be replaced in turn.
    seen: HashMap<Vec<Literal>, usize>,
    active: Vec<usize>,
    indexes: Indexes,
    /// Demodulators made so far, and clauses activated so far (for `seq` and `rank`).
    demodulators_made: usize,
    activated: usize,
    /// Whether a conclusion was dropped as too heavy (then running out of inferences
    /// would not mean saturation).
    dropped: std::cell::Cell<bool>,
    /// How a clause with a negative literal has one selected.
    selection: Selection,
    /// Whether clauses descending from the negated question weigh less.
    goal_directed: bool,
    /// Whether the ordering gives symbols weights other than 1, which
    /// `reason::proof::saturation` does not read: a saturation is then no claim.
    weighted: bool,
    /// How the passive set ranks the waiting clauses.
    clause_selection: ClauseSelection,
    /// Per symbol: whether it occurs in the negated question (for the weights).
    conjecture_symbols: Vec<bool>,
    /// Whether `x ≠ t ∨ C` is replaced by `C[x := t]` (destructive equality resolution).
    destructive: bool,
}

/// The most rewriting steps one simplification may take (each is a KBO-decreasing step, so
/// this only guards against huge terms).
const MAX_REWRITES: usize = 2_000;

impl<'s> Saturation<'s> {
    pub fn new(set: &'s ClauseSet) -> Saturation<'s> {
        let arities: Vec<usize> = set.vocabulary.symbols.iter().map(|s| s.arity).collect();
        Saturation {
            set,
            bank: Bank::new(),
            kbo: Kbo::new(&arities),
            clauses: ClauseStore::default(),
            seen: HashMap::default(),
            active: Vec::new(),
            indexes: Indexes::default(),
            demodulators_made: 0,
            activated: 0,
            dropped: std::cell::Cell::new(false),
            selection: Selection::Heaviest,
            goal_directed: false,
            weighted: false,
            clause_selection: ClauseSelection::Symbols,
            conjecture_symbols: question_symbols(set),
            destructive: true,
        }
    }

    /// Clauses descending from the negated question weigh less (see `passive`).
    pub fn goal_directed(mut self) -> Self {
        self.goal_directed = true;
        self
    }

    /// Without literal selection: every clause is worked on through its maximal literals
    /// (ordered resolution and superposition alone). Some clause sets saturate only so.
    pub fn without_selection(mut self) -> Self {
        self.selection = Selection::Off;
        self
    }

    /// With another way of ranking the waiting clauses (see [`ClauseSelection`]).
    pub fn with_clause_selection(mut self, clause_selection: ClauseSelection) -> Self {
        self.clause_selection = clause_selection;
        self
    }

    /// Without destructive equality resolution: `x ≠ t ∨ C` stays, and equality resolution
    /// (an inference) derives `C[x := t]` from it. The deletion is sound for refutations,
    /// but it is not a redundancy under the ordering, so a set saturated with its help may
    /// fail the independent check of saturations; one saturated without it can pass.
    pub fn without_destructive_equality_resolution(mut self) -> Self {
        self.destructive = false;
        self
    }

    /// With another literal selection (see [`Selection`]).
    pub fn with_selection(mut self, selection: Selection) -> Self {
        self.selection = selection;
        self
    }

    /// With the precedence by inverse frequency ([`Kbo::by_inverse_frequency`]).
    pub fn by_inverse_frequency(self) -> Self {
        self.frequency_ordering(FrequencyOrdering::Precedence)
    }

    /// With the precedence and weights by inverse frequency
    /// ([`Kbo::by_inverse_frequency_weights`]).
    pub fn by_inverse_frequency_weights(self) -> Self {
        self.frequency_ordering(FrequencyOrdering::Weights)
    }

    /// With the question's symbols greatest and lightest ([`Kbo::conjecture_max`]).
    pub fn by_conjecture_max(self) -> Self {
        self.frequency_ordering(FrequencyOrdering::ConjectureMax)
    }

    fn frequency_ordering(mut self, kind: FrequencyOrdering) -> Self {
        let arities: Vec<usize> = self.set.vocabulary.symbols.iter().map(|s| s.arity).collect();
        let mut occurrences = vec![0; arities.len()];
        for l in self.set.clauses.iter().flat_map(|c| &c.literals) {
            each_symbol(&l.atom, &mut |f| occurrences[f] += 1);
        }
        self.kbo = match kind {
            FrequencyOrdering::Precedence => Kbo::by_inverse_frequency(&arities, &occurrences),
            FrequencyOrdering::Weights => Kbo::by_inverse_frequency_weights(&arities, &occurrences),
            FrequencyOrdering::ConjectureMax => {
                Kbo::conjecture_max(&arities, &occurrences, &self.conjecture_symbols)
            }
        };
        self.weighted = kind != FrequencyOrdering::Precedence;
        self
    }

    /// Runs until a refutation, the budget, or the clause limit.
    pub fn run(mut self, budget: &Budget) -> Outcome {
        let outcome = self.search(budget);
        // Freeing a hundred thousand clauses takes a good part of a second: another thread
        // does it, so that the answer (or the news of the budget) is not held up.
        let (clauses, seen) = (std::mem::take(&mut self.clauses), std::mem::take(&mut self.seen));
        if clauses.len() > 10_000 {
            drop_elsewhere((clauses, seen, std::mem::take(&mut self.bank)));
        }
        outcome
    }

    /// The loop itself: the input clauses queued, then rounds until an answer or a stop.
    fn search(&mut self, budget: &Budget) -> Outcome {
        let mut passive = Passive::new(self.clause_selection.turns());
        for (k, c) in self.set.clauses.iter().enumerate() {
            let literals = self.intern(&c.literals);
            let id = self.record(literals, How::Input(k));
            if let Some(empty) = self.offer(id, &mut passive) {
                return self.extract(empty, budget);
            }
        }
        loop {
            if budget.spent().is_some() {
                return self.stopped("the budget ran out");
            }
            if self.clauses.len() > MAX_CLAUSES {
                return self.stopped("the clause limit was reached");
            }
            let Some(picked) = passive.next() else { break };
            if self.clauses[picked].state != State::Passive {
                continue;
            }
            self.clauses[picked].state = State::Retired;
            let given = match self.forward(picked) {
                Forward::Keep(given) => {
                    if given != picked {
                        self.forget(picked);
                    }
                    given
                }
                Forward::Redundant => {
                    self.forget(picked);
                    continue;
                }
                Forward::Empty(empty) => return self.extract(empty, budget),
            };
            self.activate(given);
            if let Some(empty) = self.backward(given, &mut passive) {
                return self.extract(empty, budget);
            }
            if self.clauses[given].state != State::Active {
                continue;
            }
            let mut fresh = self.unary_inferences(given);
            let others = partners(&self.bank, &self.clauses, &self.indexes, given);
            for (k, other) in others.into_iter().enumerate() {
                if k % 32 == 31 && budget.spent().is_some() {
                    return self.stopped("the budget ran out");
                }
                fresh.extend(self.inferences(given, other));
                if other != given {
                    fresh.extend(self.inferences(other, given));
                }
            }
            for (n, (literals, how)) in fresh.into_iter().enumerate() {
                if n % 64 == 63 && budget.spent().is_some() {
                    return self.stopped("the budget ran out");
                }
                let id = self.record(literals, how);
                if let Some(empty) = self.offer(id, &mut passive) {
                    return self.extract(empty, budget);
                }
            }
        }
        // `|L| ≥ n` for n ≤ MAX_WITNESSES is n distinct constants among the clauses; other
        // bounds are not clauses, so running dry says nothing about them.
        let bounded = self.set.bounds.at_least > crate::logic::cnf::MAX_WITNESSES
            || self.set.bounds.below.is_some();
        if self.dropped.get() {
            self.stopped("no more inferences but ones too heavy to keep")
        } else if self.weighted {
            self.stopped("no more inferences, under an ordering the saturation check does not read")
        } else if !bounded {
            Outcome::Saturated(saturation(&self.bank, &self.clauses, &self.active, &self.kbo))
        } else {
            self.stopped("no more inferences, but a domain bound is not part of the saturation")
        }
    }

    /// The picked clause simplified by the active clauses: rewritten (demodulators may have
    /// come since it was queued), then its literals cut by subsumption resolution one by one,
    /// rewritten again after each cut; redundant when a tautology or subsumed.
    fn forward(&mut self, picked: usize) -> Forward {
        let mut given = self.simplify(picked);
        for _ in 0..=MAX_REWRITES {
            let literals = &self.clauses[given].literals;
            if literals.is_empty() {
                return Forward::Empty(given);
            }
            if tautology(literals)
                || forward_subsumed(&self.bank, &self.clauses, &self.indexes.keys, given)
            {
                return Forward::Redundant;
            }
            let Some(shorter) = self.resolve_away_once(given, false) else { break };
            given = self.simplify(shorter);
        }
        Forward::Keep(given)
    }

    /// One literal of clause `id` cut by subsumption resolution with an active clause (a
    /// unit only, with `units_only`; see `subsumption::forward_subsumption_resolution`),
    /// recorded as the resolution step it is; none when no literal can go.
    fn resolve_away_once(&mut self, id: usize, units_only: bool) -> Option<usize> {
        let offset = max_var(&self.bank, &self.clauses[id].literals);
        let (cutter, cut, sigma) = forward_subsumption_resolution(
            &self.bank,
            &self.clauses,
            &self.indexes.keys,
            id,
            offset,
            units_only,
        )?;
        let mut rest = self.clauses[id].literals.clone();
        rest.remove(cut);
        let how = How::inference(vec![(id, 0), (cutter, offset)], sigma, Rule::Resolution);
        Some(self.record(rest, how))
    }

    /// Simplifies a new clause and, unless it is a tautology or a variant of one kept,
    /// queues it. The empty clause, when it comes, is returned.
    fn offer(&mut self, id: usize, passive: &mut Passive) -> Option<usize> {
        let id = self.simplify(id);
        let id = self.cut_by_units(id);
        let literals = &self.clauses[id].literals;
        if literals.is_empty() {
            return Some(id);
        }
        if tautology(literals) {
            return None;
        }
        let key = canonical(&mut self.bank, &self.clauses[id].literals);
        match self.seen.entry(key) {
            Entry::Occupied(_) => return None,
            Entry::Vacant(v) => v.insert(id),
        };
        let record = &self.clauses[id];
        let standing = Standing {
            goal_share: self.goal_directed && record.goal,
            support: record.goal || matches!(record.how, How::Input(_)),
        };
        let with = Weighing {
            bank: &self.bank,
            kbo: &self.kbo,
            conjecture_symbols: &self.conjecture_symbols,
        };
        let keys = self.clause_selection.keys(&with, &record.literals, standing);
        passive.push(id, &keys);
        self.clauses[id].state = State::Passive;
        None
    }

    /// Simplify-reflect by the active unit clauses (subsumption resolution by units, cheap
    /// enough for every new clause): each literal whose complement is an instance of a unit
    /// is cut, each cut a new clause whose premises are the one before and the unit.
    fn cut_by_units(&mut self, mut id: usize) -> usize {
        for _ in 0..MAX_REWRITES {
            if self.clauses[id].literals.is_empty() {
                break;
            }
            match self.resolve_away_once(id, true) {
                Some(shorter) => id = shorter,
                None => break,
            }
        }
        id
    }

    /// Rewrites the clause with the demodulators and drops trivial literals (`t ≠ t`, and
    /// `x ≠ t` by destructive equality resolution), to a normal form: each step a new
    /// clause whose premise is the one before (and the equation used).
    fn simplify(&mut self, mut id: usize) -> usize {
        for _ in 0..MAX_REWRITES {
            let lits = &self.clauses[id].literals;
            let destructive = self.destructive;
            let trivial = trivial_inequality(id, lits).or_else(|| {
                destructive.then(|| destructive_equality_resolution(&mut self.bank, id, lits))?
            });
            if let Some((rest, how)) = trivial {
                id = self.record(rest, how);
                continue;
            }
            match self.rewrite_once(id, None) {
                Some(next) => id = next,
                None => return id,
            }
        }
        id
    }

    /// One rewriting step of clause `id` (see [`rewrite_once`]), recorded.
    fn rewrite_once(&mut self, id: usize, only: Option<usize>) -> Option<usize> {
        let (literals, how) = rewrite_once(
            &mut self.bank,
            &self.clauses,
            &self.kbo,
            &self.indexes.demodulators,
            id,
            only,
        )?;
        Some(self.record(literals, how))
    }

    /// Makes clause `id` active: its eligible literals, and as a demodulator when it is a
    /// positive unit equation.
    fn activate(&mut self, id: usize) {
        let (eligible, selected) =
            eligible(&self.bank, &self.kbo, &self.clauses[id].literals, self.selection);
        let c = &mut self.clauses[id];
        c.eligible = eligible;
        c.selected = selected;
        c.state = State::Active;
        c.rank = self.activated;
        self.activated += 1;
        self.active.push(id);
        let made = demodulators_of(
            &self.bank,
            &self.kbo,
            id,
            &self.clauses[id].literals,
            self.demodulators_made,
        );
        self.demodulators_made += made.len();
        for d in made {
            self.indexes.insert_demodulator(&self.bank, d);
        }
        self.indexes.insert(&self.bank, id, &self.clauses[id]);
    }

    /// Retires active clauses the new active clause `given` subsumes or rewrites; the
    /// rewritten ones come back through `offer`. The empty clause, when it comes, is returned.
    fn backward(&mut self, given: usize, passive: &mut Passive) -> Option<usize> {
        let g = self.clauses[given].literals.clone();
        let made = demodulators_of(&self.bank, &self.kbo, given, &self.clauses[given].literals, 0);
        let rewrites = !made.is_empty();
        // Candidates: clauses with an instance of the given clause's heaviest literal (which
        // a clause it subsumes must have), or with an instance of a left side it rewrites by.
        let mut candidates = Vec::new();
        backward_candidates(&self.bank, &self.indexes.literals, &g, &mut candidates);
        rewritable_candidates(&self.bank, &self.indexes.subterms, &made, &mut candidates);
        let candidates = self.clauses.active_in_order(candidates);
        let mut retired = Vec::new();
        let mut again = Vec::new();
        for a in candidates {
            if a == given {
                continue;
            }
            if subsumes(&self.bank, &g, &self.clauses[a].literals) {
                retired.push(a);
            } else if rewrites {
                if let Some(next) = self.rewrite_once(a, Some(given)) {
                    retired.push(a);
                    again.push(next);
                }
            }
        }
        if retired.is_empty() {
            return None;
        }
        for &a in &retired {
            self.clauses[a].state = State::Retired;
            self.forget(a);
        }
        self.indexes.retired += retired.len();
        self.active.retain(|a| self.clauses[*a].state == State::Active);
        self.indexes.sweep(&self.clauses, self.active.len());
        for next in again {
            // The rewritten clause is new: its old form's variant must not block it.
            if let Some(empty) = self.offer(next, passive) {
                return Some(empty);
            }
        }
        None
    }

    /// Clause `id` has left the loop: a variant of it may come again.
    fn forget(&mut self, id: usize) {
        let key = canonical(&mut self.bank, &self.clauses[id].literals);
        if self.seen.get(&key) == Some(&id) {
            self.seen.remove(&key);
        }
    }

    /// Stopped, for `why`, with the number of clauses made.
    fn stopped(&self, why: &'static str) -> Outcome {
        Outcome::Stopped { why, clauses: self.clauses.len() }
    }

    /// The inferences on active clause `c` alone.
    fn unary_inferences(&mut self, c: usize) -> Vec<Conclusion> {
        let rules = Rules { kbo: &self.kbo, dropped: &self.dropped };
        rules.unary(&mut self.bank, c, &self.clauses[c])
    }

    /// The inferences from active clause `a` (the positive premise) into active clause `b`.
    fn inferences(&mut self, a: usize, b: usize) -> Vec<Conclusion> {
        let rules = Rules { kbo: &self.kbo, dropped: &self.dropped };
        rules.binary(&mut self.bank, a, &self.clauses[a], b, &self.clauses[b])
    }

    /// The refutation ending in the empty clause `empty`, extracted for the checker (see
    /// `extract`), or stopped when it is too large or the budget runs out first.
    fn extract(&mut self, empty: usize, budget: &Budget) -> Outcome {
        match refutation(&mut self.bank, self.set, &self.clauses, empty, budget) {
            Some(proof) => Outcome::Refuted(proof),
            None => self.stopped("the refutation is too large to extract within the budget"),
        }
    }

    /// Records a clause in the store (see [`ClauseStore::record`]).
    fn record(&mut self, literals: Vec<Literal>, how: How) -> usize {
        self.clauses.record(&mut self.bank, literals, how, self.set)
    }

    /// Literals of the clause form, stored in the bank.
    fn intern(&mut self, literals: &[tree::Literal]) -> Vec<Literal> {
        literals.iter().map(|l| Literal::intern(&mut self.bank, l)).collect()
    }

    /// Literals of the loop, in the clause form.
    #[cfg(test)]
    fn trees(&self, literals: &[Literal]) -> Vec<tree::Literal> {
        literals.iter().map(|l| l.tree(&self.bank)).collect()
    }
}

#[cfg(test)]
impl Saturation<'_> {
    /// For tests of the rules: activates the clause set's clauses in order (no
    /// simplification) and returns the conclusions of every inference among them.
    pub(super) fn conclusions_among_inputs(&mut self) -> Vec<Vec<tree::Literal>> {
        let mut out = Vec::new();
        for (k, c) in self.set.clauses.iter().enumerate() {
            let literals = self.intern(&c.literals);
            let id = self.record(literals, How::Input(k));
            self.activate(id);
        }
        for a in self.active.clone() {
            let unary = self.unary_inferences(a);
            out.extend(unary.into_iter().map(|(l, _)| self.trees(&l)));
            for b in self.active.clone() {
                let binary = self.inferences(a, b);
                out.extend(binary.into_iter().map(|(l, _)| self.trees(&l)));
            }
        }
        out
    }

    /// For tests of simplify-reflect by units: activates the clause set's clauses but the
    /// last, then cuts the last by the units among them.
    pub(super) fn unit_cut_last_input(&mut self) -> Vec<tree::Literal> {
        let last = self.activate_all_but_last_input();
        let id = self.cut_by_units(last);
        self.trees(&self.clauses[id].literals)
    }

    /// For tests of demodulation: activates the clause set's clauses but the last, then
    /// simplifies the last by them.
    pub(super) fn simplified_last_input(&mut self) -> Vec<tree::Literal> {
        let last = self.activate_all_but_last_input();
        let id = self.simplify(last);
        self.trees(&self.clauses[id].literals)
    }

    /// Activates the clause set's clauses but the last (no simplification); the last,
    /// recorded and not queued.
    fn activate_all_but_last_input(&mut self) -> usize {
        let n = self.set.clauses.len();
        for (k, c) in self.set.clauses.iter().enumerate().take(n - 1) {
            let literals = self.intern(&c.literals);
            let id = self.record(literals, How::Input(k));
            self.activate(id);
        }
        let literals = self.intern(&self.set.clauses[n - 1].literals);
        self.record(literals, How::Input(n - 1))
    }
}

/// Which ordering [`Saturation::frequency_ordering`] builds from the symbols' counts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FrequencyOrdering {
    Precedence,
    Weights,
    ConjectureMax,
}

/// Per symbol: whether it occurs in a clause of the negated question.
fn question_symbols(set: &ClauseSet) -> Vec<bool> {
    let mut marked = vec![false; set.vocabulary.symbols.len()];
    let question = set.clauses.iter().filter(|c| set.is_goal(c));
    for l in question.flat_map(|c| &c.literals) {
        each_symbol(&l.atom, &mut |f| marked[f] = true);
    }
    marked
}

/// Calls `visit` on each symbol occurrence of an atom (its predicate and every function
/// symbol).
fn each_symbol(atom: &tree::Atom, visit: &mut impl FnMut(usize)) {
    fn term(t: &tree::Term, visit: &mut impl FnMut(usize)) {
        if let tree::Term::App(f, args) = t {
            visit(*f);
            args.iter().for_each(|a| term(a, visit));
        }
    }
    match atom {
        tree::Atom::Pred(p, args) => {
            visit(*p);
            args.iter().for_each(|a| term(a, visit));
        }
        tree::Atom::Eq(a, b) => {
            term(a, visit);
            term(b, visit);
        }
    }
}
