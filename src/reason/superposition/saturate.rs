//! A first given-clause loop: binary resolution, factoring, equality resolution and
//! superposition (into the larger side of an equation, by the KBO), with tautology deletion
//! and variant elimination; no indexing, no demodulation or subsumption yet, and no
//! consistency answer (it never claims saturation). What it finds is a refutation, and that
//! only counts once [`extract`] has turned it into ground instances and equality facts that
//! `reason::proof::check` accepts.

use super::order::Kbo;
use super::unify::Substitution;
use crate::logic::clauses::{negate, Atom, ClauseSet, Literal, Role, SymId, Term};
use crate::reason::proof::{Proof, ProofSymbol, Step, StepKind};
use crate::solve::Budget;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashSet, VecDeque};

/// The clauses waiting to be picked: by weight (a heap) and by age (a queue), each clause
/// picked once whichever queue reaches it first.
#[derive(Default)]
struct Passive {
    by_weight: BinaryHeap<Reverse<(usize, usize)>>,
    by_age: VecDeque<usize>,
    picked: HashSet<usize>,
}

impl Passive {
    fn push(&mut self, id: usize, weight: usize) {
        self.by_weight.push(Reverse((weight, id)));
        self.by_age.push_back(id);
    }

    /// The oldest (`oldest`) or the lightest clause not yet picked.
    fn pick(&mut self, oldest: bool) -> Option<usize> {
        loop {
            let id = if oldest {
                self.by_age.pop_front().or_else(|| self.by_weight.pop().map(|Reverse((_, id))| id))?
            } else {
                self.by_weight.pop().map(|Reverse((_, id))| id).or_else(|| self.by_age.pop_front())?
            };
            if self.picked.insert(id) {
                return Some(id);
            }
        }
    }
}

/// How a clause came about.
#[derive(Clone, Debug)]
enum How {
    /// Clause `k` of the clause set.
    Input(usize),
    /// From premises (renamed apart by the offsets) under a unifier; `axiom` is the ground
    /// equality fact the inference relies on, once instantiated (built by the extractor).
    Inference { premises: Vec<(usize, u32)>, unifier: Substitution, rule: Rule },
}

#[derive(Clone, Debug)]
enum Rule {
    Resolution,
    Factoring,
    /// `s ≠ t` with `s` and `t` unified: relies on `s = s`.
    EqualityResolution { left: Term },
    /// `l = r` rewrote `l` inside literal `into` of the second premise (before the unifier):
    /// relies on `l ≠ r ∨ ¬M ∨ M[r]`.
    Superposition { l: Term, r: Term, into: Literal, rewritten: Literal },
}

#[derive(Clone, Debug)]
struct Derived {
    literals: Vec<Literal>,
    how: How,
}

/// The result of a run.
pub enum Outcome {
    /// A refutation, extracted and ready for the checker.
    Refuted(Proof),
    /// Stopped (budget, clause limit, or a proof too large to extract), with why.
    Stopped(&'static str),
}

/// The most clauses kept, and the most steps an extracted proof may have.
const MAX_CLAUSES: usize = 200_000;
const MAX_STEPS: usize = 4_000;

fn max_var(lits: &[Literal]) -> u32 {
    fn term(t: &Term) -> u32 {
        match t {
            Term::Var(v) => v + 1,
            Term::App(_, a) => a.iter().map(term).max().unwrap_or(0),
        }
    }
    lits.iter()
        .map(|l| match &l.atom {
            Atom::Pred(_, a) => a.iter().map(term).max().unwrap_or(0),
            Atom::Eq(a, b) => term(a).max(term(b)),
        })
        .max()
        .unwrap_or(0)
}

fn shift_term(t: &Term, by: u32) -> Term {
    match t {
        Term::Var(v) => Term::Var(v + by),
        Term::App(f, a) => Term::App(*f, a.iter().map(|x| shift_term(x, by)).collect()),
    }
}

fn map_literal(l: &Literal, f: &dyn Fn(&Term) -> Term) -> Literal {
    let atom = match &l.atom {
        Atom::Pred(p, a) => Atom::Pred(*p, a.iter().map(f).collect()),
        Atom::Eq(a, b) => Atom::Eq(f(a), f(b)),
    };
    Literal { positive: l.positive, atom }
}

fn term_size(t: &Term) -> usize {
    match t {
        Term::Var(_) => 1,
        Term::App(_, a) => 1 + a.iter().map(term_size).sum::<usize>(),
    }
}

fn clause_weight(lits: &[Literal]) -> usize {
    lits.iter()
        .map(|l| match &l.atom {
            Atom::Pred(_, a) => 1 + a.iter().map(term_size).sum::<usize>(),
            Atom::Eq(a, b) => term_size(a) + term_size(b),
        })
        .sum()
}

/// A clause with its variables renamed in order of first occurrence and its literals sorted:
/// equal for variants, to drop clauses already kept.
fn canonical(lits: &[Literal]) -> Vec<Literal> {
    let mut sorted: Vec<Literal> = lits
        .iter()
        .map(|l| match &l.atom {
            Atom::Eq(a, b) if a > b => Literal { positive: l.positive, atom: Atom::Eq(b.clone(), a.clone()) },
            _ => l.clone(),
        })
        .collect();
    sorted.sort();
    sorted.dedup();
    let mut names: BTreeMap<u32, u32> = BTreeMap::new();
    fn rename(t: &Term, names: &mut BTreeMap<u32, u32>) -> Term {
        match t {
            Term::Var(v) => {
                let next = names.len() as u32;
                Term::Var(*names.entry(*v).or_insert(next))
            }
            Term::App(f, a) => Term::App(*f, a.iter().map(|x| rename(x, names)).collect()),
        }
    }
    sorted
        .iter()
        .map(|l| {
            let atom = match &l.atom {
                Atom::Pred(p, a) => Atom::Pred(*p, a.iter().map(|t| rename(t, &mut names)).collect()),
                Atom::Eq(a, b) => {
                    let a = rename(a, &mut names);
                    Atom::Eq(a, rename(b, &mut names))
                }
            };
            Literal { positive: l.positive, atom }
        })
        .collect()
}

fn tautology(lits: &[Literal]) -> bool {
    lits.iter().any(|l| matches!(&l.atom, Atom::Eq(a, b) if l.positive && a == b)) || lits.iter().any(|l| lits.contains(&negate(l)))
}

/// Every (path, subterm) of a term that is not a variable.
fn positions(t: &Term, path: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, Term)>) {
    if let Term::App(_, args) = t {
        out.push((path.clone(), t.clone()));
        for (i, a) in args.iter().enumerate() {
            path.push(i);
            positions(a, path, out);
            path.pop();
        }
    }
}

fn replace_at(t: &Term, path: &[usize], with: &Term) -> Term {
    match (path.split_first(), t) {
        (None, _) => with.clone(),
        (Some((&i, rest)), Term::App(f, args)) => {
            let mut args = args.clone();
            args[i] = replace_at(&args[i], rest, with);
            Term::App(*f, args)
        }
        (Some(_), Term::Var(_)) => t.clone(),
    }
}

/// The terms of a literal as a list (predicate arguments, or the two sides), and back.
fn sides(l: &Literal) -> Vec<Term> {
    match &l.atom {
        Atom::Pred(_, a) => a.clone(),
        Atom::Eq(a, b) => vec![a.clone(), b.clone()],
    }
}

fn with_sides(l: &Literal, terms: Vec<Term>) -> Literal {
    let atom = match &l.atom {
        Atom::Pred(p, _) => Atom::Pred(*p, terms),
        Atom::Eq(..) => Atom::Eq(terms[0].clone(), terms[1].clone()),
    };
    Literal { positive: l.positive, atom }
}

pub struct Saturation<'s> {
    set: &'s ClauseSet,
    kbo: Kbo,
    clauses: Vec<Derived>,
    seen: HashSet<Vec<Literal>>,
}

impl<'s> Saturation<'s> {
    pub fn new(set: &'s ClauseSet) -> Saturation<'s> {
        let arities: Vec<usize> = set.vocabulary.symbols.iter().map(|s| s.arity).collect();
        Saturation { set, kbo: Kbo::new(&arities), clauses: Vec::new(), seen: HashSet::new() }
    }

    fn add(&mut self, literals: Vec<Literal>, how: How, passive: &mut Passive) -> Option<usize> {
        if tautology(&literals) || !self.seen.insert(canonical(&literals)) {
            return None;
        }
        let weight = clause_weight(&literals);
        self.clauses.push(Derived { literals, how });
        let id = self.clauses.len() - 1;
        passive.push(id, weight);
        Some(id)
    }

    /// Runs until a refutation, the budget, or the clause limit.
    pub fn run(mut self, budget: &Budget) -> Outcome {
        let mut passive = Passive::default();
        for (k, c) in self.set.clauses.iter().enumerate() {
            if let Some(id) = self.add(c.literals.clone(), How::Input(k), &mut passive) {
                if self.clauses[id].literals.is_empty() {
                    return self.extract(id);
                }
            }
        }
        let mut active: Vec<usize> = Vec::new();
        let mut picks = 0usize;
        loop {
            if budget.spent().is_some() {
                return Outcome::Stopped("the budget ran out");
            }
            if self.clauses.len() > MAX_CLAUSES {
                return Outcome::Stopped("the clause limit was reached");
            }
            // Mostly the lightest clause, every fifth time the oldest (age–weight).
            picks += 1;
            let Some(given) = passive.pick(picks % 5 == 0) else { break };
            active.push(given);
            let mut fresh = Vec::new();
            for &other in &active {
                fresh.extend(self.inferences(given, other));
                if other != given {
                    fresh.extend(self.inferences(other, given));
                }
            }
            fresh.extend(self.unary_inferences(given));
            for (literals, how) in fresh {
                let empty = literals.is_empty();
                if let Some(id) = self.add(literals, how, &mut passive) {
                    if empty {
                        return self.extract(id);
                    }
                }
            }
        }
        Outcome::Stopped("no more inferences (saturated, but saturation is not yet certified)")
    }

    /// Factoring and equality resolution on one clause.
    fn unary_inferences(&self, c: usize) -> Vec<(Vec<Literal>, How)> {
        let lits = &self.clauses[c].literals;
        let mut out = Vec::new();
        for (i, l) in lits.iter().enumerate() {
            if let (false, Atom::Eq(s, t)) = (l.positive, &l.atom) {
                let mut u = Substitution::new();
                if u.unify(s, t) {
                    let rest: Vec<Literal> = lits.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, m)| map_literal(m, &|x| u.apply(x))).collect();
                    let left = s.clone();
                    out.push((rest, How::Inference { premises: vec![(c, 0)], unifier: u, rule: Rule::EqualityResolution { left } }));
                }
            }
            for (j, m) in lits.iter().enumerate().skip(i + 1) {
                if let (Atom::Pred(p, a), Atom::Pred(q, b)) = (&l.atom, &m.atom) {
                    if l.positive == m.positive && p == q {
                        let mut u = Substitution::new();
                        if a.iter().zip(b).all(|(x, y)| u.unify(x, y)) {
                            let rest: Vec<Literal> = lits.iter().enumerate().filter(|(k, _)| *k != j).map(|(_, n)| map_literal(n, &|x| u.apply(x))).collect();
                            out.push((rest, How::Inference { premises: vec![(c, 0)], unifier: u, rule: Rule::Factoring }));
                        }
                    }
                }
            }
        }
        out
    }

    /// Resolution and superposition from `a` (first premise) into `b`, renamed apart.
    fn inferences(&self, a: usize, b: usize) -> Vec<(Vec<Literal>, How)> {
        let la = &self.clauses[a].literals;
        let offset = max_var(la);
        let lb: Vec<Literal> = self.clauses[b].literals.iter().map(|l| map_literal(l, &|t| shift_term(t, offset))).collect();
        let mut out = Vec::new();
        for (i, l) in la.iter().enumerate() {
            // Resolution: l positive in a, its complement in b.
            if let (true, Atom::Pred(p, xs)) = (l.positive, &l.atom) {
                for (j, m) in lb.iter().enumerate() {
                    if let (false, Atom::Pred(q, ys)) = (m.positive, &m.atom) {
                        let mut u = Substitution::new();
                        if p == q && xs.iter().zip(ys).all(|(x, y)| u.unify(x, y)) {
                            let mut rest: Vec<Literal> = la.iter().enumerate().filter(|(k, _)| *k != i).map(|(_, n)| map_literal(n, &|x| u.apply(x))).collect();
                            rest.extend(lb.iter().enumerate().filter(|(k, _)| *k != j).map(|(_, n)| map_literal(n, &|x| u.apply(x))));
                            out.push((rest, How::Inference { premises: vec![(a, 0), (b, offset)], unifier: u, rule: Rule::Resolution }));
                        }
                    }
                }
            }
            // Superposition: a positive equation of a, either way round, rewrites a
            // non-variable subterm of b where the rewritten side is not the smaller.
            if let (true, Atom::Eq(s, t)) = (l.positive, &l.atom) {
                for (lhs, rhs) in [(s, t), (t, s)] {
                    if matches!(lhs, Term::Var(_)) || self.kbo.greater(rhs, lhs) {
                        continue;
                    }
                    for (j, m) in lb.iter().enumerate() {
                        for (side, term) in sides(m).iter().enumerate() {
                            let mut found = Vec::new();
                            positions(term, &mut Vec::new(), &mut found);
                            for (path, sub) in found {
                                let mut u = Substitution::new();
                                if !u.unify(lhs, &sub) {
                                    continue;
                                }
                                let (ls, rs) = (u.apply(lhs), u.apply(rhs));
                                if self.kbo.greater(&rs, &ls) {
                                    continue;
                                }
                                let mut new_sides = sides(m);
                                new_sides[side] = replace_at(&new_sides[side], &path, rhs);
                                let rewritten = with_sides(m, new_sides);
                                let mut rest: Vec<Literal> = la.iter().enumerate().filter(|(k, _)| *k != i).map(|(_, n)| map_literal(n, &|x| u.apply(x))).collect();
                                rest.extend(lb.iter().enumerate().filter(|(k, _)| *k != j).map(|(_, n)| map_literal(n, &|x| u.apply(x))));
                                rest.push(map_literal(&rewritten, &|x| u.apply(x)));
                                let rule = Rule::Superposition { l: lhs.clone(), r: rhs.clone(), into: m.clone(), rewritten };
                                out.push((rest, How::Inference { premises: vec![(a, 0), (b, offset)], unifier: u, rule }));
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The refutation as ground steps: each input clause used, under each grounding the
    /// derivation needs (unifiers composed from the empty clause back), and the ground
    /// equality fact each equational inference relies on.
    fn extract(&self, empty: usize) -> Outcome {
        let mut symbols = ProofSymbol::of(&self.set.vocabulary);
        let constant = self
            .set
            .vocabulary
            .symbols
            .iter()
            .enumerate()
            .find(|(i, s)| !s.predicate && s.arity == 0 && (self.set.mentions(*i) || matches!(s.role, Role::Skolem { .. })))
            .map(|(i, _)| i);
        let (filler, extra_constant): (SymId, Option<SymId>) = match constant {
            Some(c) => (c, None),
            None => {
                let mut name = "a".to_string();
                while symbols.iter().any(|s| s.name == name || s.shown == name) {
                    name.push('\'');
                }
                symbols.push(ProofSymbol { shown: name.clone(), name, arity: 0, note: None });
                (symbols.len() - 1, Some(symbols.len() - 1))
            }
        };
        let mut steps: Vec<Step> = Vec::new();
        let mut done: HashSet<(usize, Vec<Term>)> = HashSet::new();
        let mut work: Vec<(usize, Vec<Term>)> = vec![(empty, Vec::new())];
        let ground = |t: &Term, theta: &[Term]| -> Term {
            fn go(t: &Term, theta: &[Term], filler: SymId) -> Term {
                match t {
                    Term::Var(v) => theta.get(*v as usize).cloned().unwrap_or(Term::App(filler, vec![])),
                    Term::App(f, a) => Term::App(*f, a.iter().map(|x| go(x, theta, filler)).collect()),
                }
            }
            go(t, theta, filler)
        };
        while let Some((id, theta)) = work.pop() {
            if !done.insert((id, theta.clone())) {
                continue;
            }
            if steps.len() > MAX_STEPS {
                return Outcome::Stopped("the refutation is too large to extract");
            }
            match &self.clauses[id].how {
                How::Input(k) => {
                    let c = &self.set.clauses[*k];
                    let substitution: Vec<Term> = (0..c.num_vars).map(|v| ground(&Term::Var(v), &theta)).collect();
                    let literals = c.literals.iter().map(|l| map_literal(l, &|t| ground(t, &substitution))).collect();
                    steps.push(Step { kind: StepKind::Instance { clause: *k, origin: c.origin, variables: c.var_names.clone(), substitution }, literals });
                }
                How::Inference { premises, unifier, rule } => {
                    // A premise's variable v (renamed by its offset) is, in the conclusion's
                    // grounding, the unifier's image of v + offset, grounded by theta.
                    let image = |t: &Term| ground(&unifier.apply(t), &theta);
                    for &(p, offset) in premises {
                        let n = max_var(&self.clauses[p].literals);
                        let premise_theta: Vec<Term> = (0..n).map(|v| image(&Term::Var(v + offset))).collect();
                        work.push((p, premise_theta));
                    }
                    match rule {
                        Rule::EqualityResolution { left } => {
                            let s = image(left);
                            steps.push(Step { kind: StepKind::Equality, literals: vec![Literal { positive: true, atom: Atom::Eq(s.clone(), s) }] });
                        }
                        Rule::Superposition { l, r, into, rewritten } => {
                            let (lg, rg) = (image(l), image(r));
                            let before = map_literal(into, &image);
                            let after = map_literal(rewritten, &image);
                            steps.push(Step { kind: StepKind::Equality, literals: vec![Literal { positive: false, atom: Atom::Eq(lg, rg) }, negate(&before), after] });
                        }
                        Rule::Resolution | Rule::Factoring => {}
                    }
                }
            }
        }
        Outcome::Refuted(Proof { steps, symbols, extra_constant })
    }
}
