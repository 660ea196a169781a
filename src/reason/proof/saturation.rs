//! The independent check of a saturation: a clause set closed under the inferences of a
//! complete calculus, up to redundancy, and without the empty clause, has a model; if it
//! also entails every clause of the premises, the premises are consistent.
//!
//! The calculus is superposition with selection (Bachmair and Ganzinger), with a predicate
//! atom `P(…)` read as the equation `P(…) = ⊤` (⊤ below every term, and never the value
//! of a variable), so that ordered resolution and factoring are its special cases. The
//! ordering is the Knuth–Bendix ordering with every symbol and variable of weight 1 and the
//! precedence the certificate gives, extended to literals as multisets (`s = t` as
//! `{s, t}`, `s ≠ t` as `{s, s, t, t}`). A clause with a selected (negative) literal is
//! worked on through that literal alone, any other through the literals no other literal
//! of it exceeds.
//!
//! The check recomputes every such inference between the certificate's clauses
//! (superposition into either sign, equality resolution, equality factoring), skipping only
//! those the ordering rules out for every instance, and shows each conclusion redundant:
//! rewritten by the set's unit equations (each step by an instance below the clause being
//! rewritten, so below the inference's largest premise), with `t ≠ t` and repeated literals
//! dropped, it is a tautology or has an instance of a clause of the set as a sub-multiset.
//! Each premise clause must follow the same way (there any rewriting by the set's equations
//! will do); the premise clauses are rebuilt from the statements by [`super::clausify`], in
//! the symbols the saturation names, so that the model the saturation stands for is a
//! model of the statements themselves. A lower domain bound `|L| ≥ n` is covered through
//! its n distinct witness constants; an upper bound `|L| < n` is not. It shares no code
//! with the prover or its clausifier: its own unifier, ordering, rewriting and matcher,
//! written to be read.

use super::clausify::{clausify, ClausifyError};
use crate::logic::board::Premise;
use crate::logic::check::Signature;
use crate::logic::clauses::{Atom, Literal, SymId, Term};
use crate::reason::proof::{Names, ProofSymbol};
use crate::solve::budget::{Budget, Exhausted};
use std::collections::HashMap;

/// What a saturation claims: the clauses (variables numbered from 0 in each), for each the
/// selected literal if any, and the precedence rank of every symbol of the clause set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saturation {
    pub clauses: Vec<Vec<Literal>>,
    pub selected: Vec<Option<usize>>,
    pub precedence: Vec<u32>,
}

/// A saturation that passed [`check`], with the names its clauses are shown in: the
/// evidence of a "consistent / not redundant" verdict when no model was found. In JSON:
/// `{"kind": "saturation", "count": N, "clauses": [...]}`, variables written `X0, X1, …`
/// and read as "for all".
#[derive(Clone, Debug)]
pub struct Saturated {
    pub saturation: Saturation,
    pub symbols: Vec<ProofSymbol>,
}

impl Saturated {
    /// The clauses as players read them.
    pub fn clauses(&self) -> Vec<String> {
        self.saturation.clauses.iter().map(|c| Names(&self.symbols).clause(c)).collect()
    }

    /// What the symbols the clauses use but the board does not name stand for: "x₂: the
    /// x that (2) asserts".
    pub fn legend(&self) -> Vec<String> {
        super::legend(&self.symbols, self.saturation.clauses.iter().flatten(), None)
    }

    /// The clauses as TSTP `cnf` lines.
    pub fn tstp(&self) -> String {
        let names = Names(&self.symbols);
        self.saturation
            .clauses
            .iter()
            .enumerate()
            .map(|(i, c)| format!("cnf(s{},plain,{}).\n", i + 1, names.tstp_clause(c)))
            .collect()
    }
}

impl serde::Serialize for Saturated {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde_json::json!({ "kind": "saturation", "count": self.saturation.clauses.len(), "clauses": self.clauses() }).serialize(s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaturationError {
    #[error("the premises bound the number of objects from above (or from below without naming the objects), which this check does not cover")]
    Unsupported,
    #[error("the statements' clauses cannot be rebuilt in the saturation's symbols: {0}")]
    Clausify(ClausifyError),
    #[error("the saturation is malformed: {0}")]
    Malformed(&'static str),
    #[error("premise clause {0} does not follow from the saturated clauses")]
    Uncovered(usize),
    #[error(
        "an inference between clauses {0} and {1} gives a clause the set does not make redundant"
    )]
    NotSaturated(usize, usize),
    #[error("an inference on clause {0} alone (equality resolution or factoring) gives a clause the set does not make redundant")]
    UnaryNotRedundant(usize),
    #[error("the check ran out of budget ({})", .0.name())]
    OutOfBudget(Exhausted),
}

/// ⊤, the other side of a predicate atom read as an equation.
const TOP: SymId = SymId::MAX;

fn top() -> Term {
    Term::App(TOP, Vec::new())
}

/// A literal as an equation: `left = right` or `left ≠ right` (unordered).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Lit {
    positive: bool,
    left: Term,
    right: Term,
}

impl Lit {
    fn of(l: &Literal) -> Lit {
        match &l.atom {
            Atom::Eq(a, b) => Lit { positive: l.positive, left: a.clone(), right: b.clone() },
            Atom::Pred(p, args) => {
                Lit { positive: l.positive, left: Term::App(*p, args.clone()), right: top() }
            }
        }
    }

    fn side(&self, k: usize) -> &Term {
        if k == 0 {
            &self.left
        } else {
            &self.right
        }
    }

    fn with_side(&self, k: usize, t: Term) -> Lit {
        let mut l = self.clone();
        if k == 0 {
            l.left = t;
        } else {
            l.right = t;
        }
        l
    }

    fn map(&self, f: &dyn Fn(&Term) -> Term) -> Lit {
        Lit { positive: self.positive, left: f(&self.left), right: f(&self.right) }
    }

    /// The same equation, signs aside (either orientation).
    fn same_pair(&self, other: &Lit) -> bool {
        (self.left == other.left && self.right == other.right)
            || (self.left == other.right && self.right == other.left)
    }
}

type Clause = Vec<Lit>;

/// Checks that `claim` is a saturation of the premises' clauses, so that the premises have
/// a model.
pub fn check(
    signature: &Signature,
    premises: &[Premise],
    symbols: &[ProofSymbol],
    claim: &Saturation,
) -> Result<(), SaturationError> {
    check_within(signature, premises, symbols, claim, &Budget::unlimited())
}

/// [`check`] within a budget: the check tries every inference between every two clauses,
/// which on thousands of clauses takes longer than the search that found them. Out of
/// budget, it says so ([`SaturationError::OutOfBudget`]): no answer either way.
pub fn check_within(
    signature: &Signature,
    premises: &[Premise],
    symbols: &[ProofSymbol],
    claim: &Saturation,
    budget: &Budget,
) -> Result<(), SaturationError> {
    let mut steps = 0u32;
    let mut within_budget = || {
        steps = steps.wrapping_add(1);
        // Looked at on the first step, then every 16th.
        match (steps % 16 == 1).then(|| budget.spent()).flatten() {
            Some(why) => Err(SaturationError::OutOfBudget(why)),
            None => Ok(()),
        }
    };
    let rebuilt = clausify(signature, premises, symbols).map_err(SaturationError::Clausify)?;
    // A lower bound `|L| ≥ n` is in the clauses as n constants that are pairwise distinct,
    // so the model a saturation stands for has n objects at least. An upper bound, or a
    // lower one without its objects, is not a clause at all.
    for p in premises {
        let covered = match p.statement.kind.size_bound() {
            None => true,
            Some((at_least, n)) if at_least != p.negated => {
                n < 2
                    || rebuilt
                        .witnessed_bounds
                        .iter()
                        .any(|&(o, m)| o.statement == p.index && m == n as usize)
            }
            Some(_) => false,
        };
        if !covered {
            return Err(SaturationError::Unsupported);
        }
    }
    let input: Vec<&[Literal]> = rebuilt.clauses.iter().map(|(_, c)| c.as_slice()).collect();
    let symbols = symbols.len();
    if claim.selected.len() != claim.clauses.len() || claim.precedence.len() != symbols {
        return Err(SaturationError::Malformed("one selection per clause and one rank per symbol"));
    }
    let mut ranks = claim.precedence.clone();
    ranks.sort_unstable();
    if ranks.iter().enumerate().any(|(i, &r)| r as usize != i) {
        return Err(SaturationError::Malformed("the precedence must rank each symbol once"));
    }
    // Which symbols are predicates: they head atoms and nothing else.
    let mut predicate = vec![None::<bool>; symbols];
    let mut sorted = true;
    for c in input.iter().copied().chain(claim.clauses.iter().map(Vec::as_slice)) {
        for l in c {
            match &l.atom {
                Atom::Pred(p, args) => {
                    sorted &= mark(&mut predicate, *p, true)
                        && args.iter().all(|t| terms_ok(t, &mut predicate));
                }
                Atom::Eq(a, b) => {
                    sorted &= terms_ok(a, &mut predicate) && terms_ok(b, &mut predicate)
                }
            }
        }
    }
    if !sorted {
        return Err(SaturationError::Malformed(
            "a symbol is unknown, or used both as a predicate and as a function",
        ));
    }
    for (c, sel) in claim.clauses.iter().zip(&claim.selected) {
        if c.is_empty() {
            return Err(SaturationError::Malformed("the empty clause"));
        }
        if let Some(i) = *sel {
            if c.get(i).is_none_or(|l| l.positive) {
                return Err(SaturationError::Malformed(
                    "a selected literal must be a negative literal of its clause",
                ));
            }
        }
    }
    // Each clause's variables renumbered from 0 (a renaming: the clause says the same), so
    // that shifting one clause's variables apart from another's cannot overflow.
    let n: Vec<Clause> =
        claim.clauses.iter().map(|c| renumber(c.iter().map(Lit::of).collect())).collect();
    let predicate = predicate.iter().map(|p| *p == Some(true)).collect();
    let checker =
        Checker { order: Order { rank: &claim.precedence }, predicate, n: &n, units: units(&n) };
    for (k, input) in input.iter().enumerate() {
        within_budget()?;
        let input: Clause = input.iter().map(Lit::of).collect();
        if !checker.redundant(input, false) {
            return Err(SaturationError::Uncovered(k + 1));
        }
    }
    let usable: Vec<Vec<usize>> =
        n.iter().zip(&claim.selected).map(|(c, sel)| checker.order.usable(c, *sel)).collect();
    for (a, ca) in n.iter().enumerate() {
        for conclusion in checker.unary(ca, &usable[a]) {
            if !checker.redundant(conclusion, true) {
                return Err(SaturationError::UnaryNotRedundant(a + 1));
            }
        }
        if claim.selected[a].is_some() {
            continue;
        }
        // Superposition from a's usable positive literals into every clause (itself too,
        // renamed apart).
        for (b, cb) in n.iter().enumerate() {
            within_budget()?;
            let shift = variables(ca);
            let cb: Clause = cb.iter().map(|l| l.map(&|t| rename(t, shift))).collect();
            for conclusion in
                checker.superpositions(ca, &usable[a], &cb, &usable[b], claim.selected[b].is_some())
            {
                if !checker.redundant(conclusion, true) {
                    return Err(SaturationError::NotSaturated(a + 1, b + 1));
                }
            }
        }
    }
    Ok(())
}

/// Records that `p` is (or is not) a predicate; false on a clash or an unknown symbol.
fn mark(predicate: &mut [Option<bool>], p: SymId, is_predicate: bool) -> bool {
    match predicate.get_mut(p) {
        None => false,
        Some(slot) => *slot.get_or_insert(is_predicate) == is_predicate,
    }
}

fn terms_ok(t: &Term, predicate: &mut [Option<bool>]) -> bool {
    match t {
        Term::Var(_) => true,
        Term::App(f, args) => {
            mark(predicate, *f, false) && args.iter().all(|a| terms_ok(a, predicate))
        }
    }
}

/// The positive unit clauses, each as the rules it gives: `(left, right)` and, for an
/// equation between terms, `(right, left)` (each used only where the instance decreases).
fn units(n: &[Clause]) -> Vec<(Term, Term)> {
    let mut out = Vec::new();
    for c in n {
        if let [l] = c.as_slice() {
            if l.positive {
                for (a, b) in [(&l.left, &l.right), (&l.right, &l.left)] {
                    if !matches!(a, Term::Var(_)) && !is_top(a) {
                        out.push((a.clone(), b.clone()));
                    }
                }
            }
        }
    }
    out
}

fn is_top(t: &Term) -> bool {
    matches!(t, Term::App(TOP, _))
}

struct Checker<'n> {
    order: Order<'n>,
    predicate: Vec<bool>,
    n: &'n [Clause],
    units: Vec<(Term, Term)>,
}

/// The most rewriting steps one redundancy test takes (each decreases the clause, so this
/// only bounds the work; a test that runs out answers "not shown redundant").
const MAX_REWRITES: usize = 10_000;

impl Checker<'_> {
    // Deliberately separate from the engine's demodulation and deletion
    // (`superposition::demodulation`, `deletion`): the checker must not share code with the engine
    // it checks.
    /// Whether clause `c` is redundant: rewritten by the unit equations (with `below`, only
    /// by instances below the clause at hand), without `t ≠ t` and repeats, a tautology or
    /// an instance of a clause of the set within it.
    fn redundant(&self, mut c: Clause, below: bool) -> bool {
        let mut steps = 0;
        loop {
            c.retain(|l| l.positive || l.left != l.right);
            // For a premise (entailment is all that counts): `x ≠ t ∨ C` says no more than
            // `C[x := t]` when x is not in t.
            if !below {
                let unbinding = c.iter().position(|l| {
                    !l.positive
                        && [(&l.left, &l.right), (&l.right, &l.left)]
                            .iter()
                            .any(|(x, t)| matches!(x, Term::Var(v) if !occurs_in(*v, t)))
                });
                if let Some(i) = unbinding {
                    let l = c.remove(i);
                    let (v, t) = match (&l.left, &l.right) {
                        (Term::Var(v), t) if !occurs_in(*v, t) => (*v, t.clone()),
                        (t, Term::Var(v)) => (*v, t.clone()),
                        _ => unreachable!("just found"),
                    };
                    let s = Bindings::from([(v, t)]);
                    c = c.iter().map(|m| m.map(&|u| resolve(u, &s))).collect();
                    continue;
                }
            }
            let mut unique: Clause = Vec::with_capacity(c.len());
            for l in c {
                if !unique.iter().any(|m| m.positive == l.positive && m.same_pair(&l)) {
                    unique.push(l);
                }
            }
            c = unique;
            if tautology(&c) || self.n.iter().any(|d| instance_within(d, &c, &self.predicate)) {
                return true;
            }
            steps += 1;
            if steps > MAX_REWRITES {
                return false;
            }
            match self.rewrite_once(&c, below) {
                Some(next) => c = next,
                None => return false,
            }
        }
    }

    // Deliberately separate from the engine's rewriting step
    // (`superposition::demodulation::rewrite_once`): the checker must not share code with the
    // engine it checks.
    /// One rewriting step: the first subterm an instance of a unit rule reduces.
    fn rewrite_once(&self, c: &Clause, below: bool) -> Option<Clause> {
        for (i, l) in c.iter().enumerate() {
            for k in 0..2 {
                let mut found = Vec::new();
                positions(l.side(k), &mut Vec::new(), &mut found);
                for (path, sub) in found {
                    for (left, right) in &self.units {
                        let mut s = Bindings::new();
                        if !match_term(left, &sub, &mut s, &self.predicate) {
                            continue;
                        }
                        // A matcher's bindings are values in the clause's own variables, which
                        // may share numbers with the rule's: applied once, never resolved.
                        let right = instantiate(right, &s);
                        if !self.order.greater(&sub, &right) {
                            continue;
                        }
                        // The equation's instance must lie below the clause, so below the
                        // inference's largest premise.
                        let equation =
                            Lit { positive: true, left: sub.clone(), right: right.clone() };
                        if below && !c.iter().any(|m| self.order.literal_greater(m, &equation)) {
                            continue;
                        }
                        let mut next = c.clone();
                        next[i] = l.with_side(k, replace_at(l.side(k), &path, &right));
                        return Some(next);
                    }
                }
            }
        }
        None
    }

    // Deliberately separate from the engine's unary rules (`superposition::rules`: equality
    // resolution, factoring, equality factoring): the checker must not share code with the engine
    // it checks.
    /// Equality resolution and equality factoring (factoring, for atoms) on one clause.
    fn unary(&self, c: &Clause, usable: &[usize]) -> Vec<Clause> {
        let mut out = Vec::new();
        let without = |skip: usize, s: &Bindings| -> Clause {
            c.iter()
                .enumerate()
                .filter(|(k, _)| *k != skip)
                .map(|(_, l)| l.map(&|t| resolve(t, s)))
                .collect()
        };
        for &i in usable {
            let l = &c[i];
            if !l.positive {
                if let Some(s) = unify(&l.left, &l.right, &self.predicate) {
                    out.push(without(i, &s));
                }
                continue;
            }
            // Equality factoring: `C ∨ s = t ∨ s' = t'` with s, s' unified gives
            // `C ∨ t ≠ t' ∨ s' = t'`.
            for (s_side, t_side) in [(&l.left, &l.right), (&l.right, &l.left)] {
                if self.order.greater(t_side, s_side) {
                    continue;
                }
                for (j, m) in c.iter().enumerate() {
                    if j == i || !m.positive {
                        continue;
                    }
                    for (u, v) in [(&m.left, &m.right), (&m.right, &m.left)] {
                        let Some(s) = unify(s_side, u, &self.predicate) else { continue };
                        let (sv, tv) = (resolve(s_side, &s), resolve(t_side, &s));
                        if self.order.greater(&tv, &sv) || self.dominated(c, i, &s) {
                            continue;
                        }
                        let mut conclusion = without(i, &s);
                        conclusion.push(Lit { positive: false, left: tv, right: resolve(v, &s) });
                        out.push(conclusion);
                    }
                }
            }
        }
        out
    }

    /// Whether, under `s`, some other literal of `c` exceeds literal `i` (then no ground
    /// instance works on it).
    fn dominated(&self, c: &Clause, i: usize, s: &Bindings) -> bool {
        let li = c[i].map(&|t| resolve(t, s));
        c.iter()
            .enumerate()
            .any(|(j, m)| j != i && self.order.literal_greater(&m.map(&|t| resolve(t, s)), &li))
    }

    // Deliberately separate from the engine's binary rules (`superposition::rules`: superposition,
    // resolution): the checker must not share code with the engine it checks.
    /// Superpositions from a usable positive literal of `a` into a usable literal of `b`
    /// (renamed apart), at a non-variable subterm of a side not smaller than the other. A
    /// selected literal of `b` is worked on whatever the other literals are.
    fn superpositions(
        &self,
        a: &Clause,
        usable_a: &[usize],
        b: &Clause,
        usable_b: &[usize],
        b_selects: bool,
    ) -> Vec<Clause> {
        let mut out = Vec::new();
        for &i in usable_a {
            let from = &a[i];
            if !from.positive {
                continue;
            }
            for (l, r) in [(&from.left, &from.right), (&from.right, &from.left)] {
                if is_top(l) || self.order.greater(r, l) {
                    continue;
                }
                for &j in usable_b {
                    let into = &b[j];
                    for k in 0..2 {
                        let (side, other) = (into.side(k), into.side(1 - k));
                        if self.order.greater(other, side) {
                            continue;
                        }
                        let mut found = Vec::new();
                        positions(side, &mut Vec::new(), &mut found);
                        for (path, sub) in found {
                            let Some(s) = unify(l, &sub, &self.predicate) else { continue };
                            let (lv, rv) = (resolve(l, &s), resolve(r, &s));
                            if self.order.greater(&rv, &lv) || self.dominated(a, i, &s) {
                                continue;
                            }
                            let (side_v, other_v) = (resolve(side, &s), resolve(other, &s));
                            if self.order.greater(&other_v, &side_v)
                                || (!b_selects && self.dominated(b, j, &s))
                            {
                                continue;
                            }
                            let mut conclusion: Clause = a
                                .iter()
                                .enumerate()
                                .filter(|(x, _)| *x != i)
                                .map(|(_, m)| m.map(&|t| resolve(t, &s)))
                                .collect();
                            conclusion.extend(
                                b.iter()
                                    .enumerate()
                                    .filter(|(x, _)| *x != j)
                                    .map(|(_, m)| m.map(&|t| resolve(t, &s))),
                            );
                            let rewritten = into.with_side(k, replace_at(side, &path, r));
                            conclusion.push(rewritten.map(&|t| resolve(t, &s)));
                            out.push(conclusion);
                        }
                    }
                }
            }
        }
        out
    }
}

// Deliberately separate from the engine's positions and replacement (`superposition::position`):
// the checker must not share code with the engine it checks.
/// The non-variable subterms of `t` (⊤ aside), with their paths.
fn positions(t: &Term, path: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, Term)>) {
    if let Term::App(f, args) = t {
        if *f != TOP {
            out.push((path.clone(), t.clone()));
        }
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

/// One more than the largest variable of the clause.
fn variables(c: &Clause) -> u32 {
    fn top_var(t: &Term) -> u32 {
        match t {
            Term::Var(v) => v + 1,
            Term::App(_, args) => args.iter().map(top_var).max().unwrap_or(0),
        }
    }
    c.iter().map(|l| top_var(&l.left).max(top_var(&l.right))).max().unwrap_or(0)
}

/// The clause with its variables numbered 0, 1, … in order of first appearance.
fn renumber(c: Clause) -> Clause {
    fn go(t: &Term, names: &mut HashMap<u32, u32>) -> Term {
        match t {
            Term::Var(v) => {
                let next = names.len() as u32;
                Term::Var(*names.entry(*v).or_insert(next))
            }
            Term::App(f, args) => Term::App(*f, args.iter().map(|a| go(a, names)).collect()),
        }
    }
    let mut names = HashMap::new();
    c.into_iter()
        .map(|l| {
            let left = go(&l.left, &mut names);
            let right = go(&l.right, &mut names);
            Lit { positive: l.positive, left, right }
        })
        .collect()
}

fn rename(t: &Term, by: u32) -> Term {
    match t {
        Term::Var(v) => Term::Var(v + by),
        Term::App(f, args) => Term::App(*f, args.iter().map(|a| rename(a, by)).collect()),
    }
}

use super::terms::{instantiate, match_onto, occurs as occurs_in, resolve, Bindings};

/// Whether a variable (an object) may take `t` as its value: never an atom or ⊤.
fn object_value(t: &Term, predicate: &[bool]) -> bool {
    !matches!(t, Term::App(f, _) if *f == TOP || predicate[*f])
}

// Deliberately separate from the engine's unifier (`superposition::unify`): the checker must not
// share code with the engine it checks; it shares the trust base's toolkit (`super::terms`) with
// the proof checker.
/// Robinson's unification; a variable (an object) never takes an atom or ⊤ as its value
/// (`predicate[f]` says whether f heads atoms).
fn unify(a: &Term, b: &Term, predicate: &[bool]) -> Option<Bindings> {
    let mut s = Bindings::new();
    super::terms::unify(a, b, &mut s, &|t| object_value(t, predicate)).then_some(s)
}

// Deliberately separate from the engine's matchers (`superposition::unify::matches`, the `Matcher`
// of `superposition::subsumption`): the checker must not share code with the engine it checks.
/// One-way matching: extends `s` so that `pattern` under it is `t`. Like unification, it
/// never gives a variable (an object) an atom or ⊤ as its value: `x = y` is no pattern for
/// `P(a) = ⊤`.
fn match_term(pattern: &Term, t: &Term, s: &mut Bindings, predicate: &[bool]) -> bool {
    match_onto(pattern, t, s, &|t| object_value(t, predicate))
}
// Deliberately separate from the engine's tautology deletion (`superposition::deletion`): the
// checker must not share code with the engine it checks.
fn tautology(c: &Clause) -> bool {
    c.iter().any(|l| {
        (l.positive && l.left == l.right)
            || c.iter().any(|m| !m.positive && l.positive && m.same_pair(l))
    })
}

// Deliberately separate from the engine's subsumption test (`superposition::subsumption`): the
// checker must not share code with the engine it checks.
/// Whether some instance of `d` is a sub-multiset of `c`: each literal of `d` matched, in
/// either orientation, to a literal of `c` of its own (so the instance is no larger).
fn instance_within(d: &Clause, c: &Clause, predicate: &[bool]) -> bool {
    fn go(
        d: &[Lit],
        c: &Clause,
        used: &mut Vec<bool>,
        s: &Bindings,
        budget: &mut usize,
        predicate: &[bool],
    ) -> bool {
        let Some((first, rest)) = d.split_first() else { return true };
        for (k, target) in c.iter().enumerate() {
            if used[k] || target.positive != first.positive {
                continue;
            }
            for (x, y) in [(&target.left, &target.right), (&target.right, &target.left)] {
                if *budget == 0 {
                    return false;
                }
                *budget -= 1;
                let mut s2 = s.clone();
                if match_term(&first.left, x, &mut s2, predicate)
                    && match_term(&first.right, y, &mut s2, predicate)
                {
                    used[k] = true;
                    if go(rest, c, used, &s2, budget, predicate) {
                        return true;
                    }
                    used[k] = false;
                }
            }
        }
        false
    }
    d.len() <= c.len()
        && go(d, c, &mut vec![false; c.len()], &Bindings::new(), &mut 10_000, predicate)
}

// Deliberately separate from the engine's KBO and its literal extension (`superposition::order`):
// the checker must not share code with the engine it checks.
/// The Knuth–Bendix ordering with every weight 1 and the given precedence (⊤ below every
/// symbol), on terms and atoms alike.
struct Order<'p> {
    rank: &'p [u32],
}

impl Order<'_> {
    fn size(t: &Term) -> usize {
        match t {
            Term::Var(_) => 1,
            Term::App(_, args) => 1 + args.iter().map(Order::size).sum::<usize>(),
        }
    }

    fn count_vars(t: &Term, into: &mut HashMap<u32, i64>, by: i64) {
        match t {
            Term::Var(v) => *into.entry(*v).or_insert(0) += by,
            Term::App(_, args) => args.iter().for_each(|a| Order::count_vars(a, into, by)),
        }
    }

    fn rank(&self, f: SymId) -> i64 {
        if f == TOP {
            -1
        } else {
            i64::from(self.rank[f])
        }
    }

    /// `s > t` in every instance.
    fn greater(&self, s: &Term, t: &Term) -> bool {
        if s == t {
            return false;
        }
        let mut balance = HashMap::new();
        Order::count_vars(s, &mut balance, 1);
        Order::count_vars(t, &mut balance, -1);
        if balance.values().any(|&n| n < 0) {
            return false;
        }
        let (ws, wt) = (Order::size(s), Order::size(t));
        if ws != wt {
            return ws > wt;
        }
        match (s, t) {
            (Term::Var(_), _) => false,
            (Term::App(..), Term::Var(_)) => true,
            (Term::App(f, a), Term::App(g, b)) => {
                if f != g {
                    return self.rank(*f) > self.rank(*g);
                }
                a.iter().zip(b).find(|(x, y)| x != y).is_some_and(|(x, y)| self.greater(x, y))
            }
        }
    }

    fn multiset(l: &Lit) -> Vec<&Term> {
        if l.positive {
            vec![&l.left, &l.right]
        } else {
            vec![&l.left, &l.left, &l.right, &l.right]
        }
    }

    /// The multiset extension: `l > m` when they differ and every element of `m` not in `l`
    /// is below some element of `l` not in `m`.
    fn literal_greater(&self, l: &Lit, m: &Lit) -> bool {
        let (mut left, right) = (Order::multiset(l), Order::multiset(m));
        let mut rest_right = Vec::new();
        for y in right {
            match left.iter().position(|x| *x == y) {
                Some(i) => {
                    left.remove(i);
                }
                None => rest_right.push(y),
            }
        }
        !left.is_empty() && rest_right.iter().all(|y| left.iter().any(|x| self.greater(x, y)))
    }

    // Deliberately separate from the engine's selection (`superposition::selection`): the checker
    // must not share code with the engine it checks.
    /// The literals inferences may use: the selected one, or those no other exceeds.
    fn usable(&self, c: &Clause, selected: Option<usize>) -> Vec<usize> {
        match selected {
            Some(i) => vec![i],
            None => (0..c.len())
                .filter(|&i| !(0..c.len()).any(|j| j != i && self.literal_greater(&c[j], &c[i])))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests;
