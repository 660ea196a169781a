//! The independent check of a saturation: a clause set closed under the inferences of a
//! complete calculus, up to redundancy, and without the empty clause, has a model; if it
//! also entails every clause of the premises, the premises are consistent.
//!
//! This first version covers clause sets **without equality** and without domain bounds,
//! under ordered resolution with selection (Bachmair and Ganzinger): a clause with a selected
//! (negative) literal is worked on through that literal alone, any other through the
//! literals no other literal of it exceeds in the Knuth–Bendix ordering (every symbol and
//! variable of weight 1, the precedence the certificate gives), extended to literals (`A`
//! as `{A, ⊤}`, `¬A` as `{A, A, ⊤, ⊤}`). The check recomputes every such resolvent and
//! positive factor between the certificate's clauses and requires each to be a tautology or
//! an instance of a clause of the set as a sub-multiset (which is then no larger, so the
//! inference is redundant). It shares no code with the prover: its own unifier, ordering
//! and matcher, written to be read.
//!
//! Not yet used by the arbiter: no verdict rests on it until it also covers equality.

use crate::logic::check::Signature;
use crate::logic::clauses::{Atom, Literal, Term};
use crate::logic::cnf::{clausify_with, Premise};
use std::collections::HashMap;

/// What a saturation claims: the clauses (variables numbered from 0 in each), for each the
/// selected literal if any, and the precedence rank of every symbol of the clause set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saturation {
    pub clauses: Vec<Vec<Literal>>,
    pub selected: Vec<Option<usize>>,
    pub precedence: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaturationError {
    #[error("the premises use equality or bound the number of objects, which this check does not cover yet")]
    Unsupported,
    #[error("the saturation is malformed: {0}")]
    Malformed(&'static str),
    #[error("premise clause {0} does not follow from the saturated clauses")]
    Uncovered(usize),
    #[error("an inference between clauses {0} and {1} gives a clause the set does not make redundant")]
    NotSaturated(usize, usize),
    #[error("a factor of clause {0} is not redundant")]
    FactorNotRedundant(usize),
}

/// Checks that `claim` is a saturation of the premises' clauses, so that the premises have
/// a model.
pub fn check(signature: &Signature, premises: &[Premise], claim: &Saturation) -> Result<(), SaturationError> {
    let set = clausify_with(signature, premises, true);
    let has_equality = set.clauses.iter().flat_map(|c| &c.literals).any(|l| matches!(l.atom, Atom::Eq(..)));
    if has_equality || set.bounds.at_least > 1 || set.bounds.below.is_some() {
        return Err(SaturationError::Unsupported);
    }
    if claim.selected.len() != claim.clauses.len() || claim.precedence.len() != set.vocabulary.symbols.len() {
        return Err(SaturationError::Malformed("one selection per clause and one rank per symbol"));
    }
    let mut ranks = claim.precedence.clone();
    ranks.sort_unstable();
    if ranks.iter().enumerate().any(|(i, &r)| r as usize != i) {
        return Err(SaturationError::Malformed("the precedence must rank each symbol once"));
    }
    for (c, sel) in claim.clauses.iter().zip(&claim.selected) {
        if c.is_empty() {
            return Err(SaturationError::Malformed("the empty clause"));
        }
        let symbols_ok = c.iter().all(|l| match &l.atom {
            Atom::Pred(p, args) => *p < ranks.len() && args.iter().all(|t| known(t, ranks.len())),
            Atom::Eq(..) => false,
        });
        if !symbols_ok {
            return Err(SaturationError::Malformed("a clause uses equality or an unknown symbol"));
        }
        if let Some(i) = *sel {
            if c.get(i).is_none_or(|l| l.positive) {
                return Err(SaturationError::Malformed("a selected literal must be a negative literal of its clause"));
            }
        }
    }
    let order = Order { rank: &claim.precedence };
    for (k, input) in set.clauses.iter().enumerate() {
        if !tautology(&input.literals) && !claim.clauses.iter().any(|d| instance_within(d, &input.literals)) {
            return Err(SaturationError::Uncovered(k + 1));
        }
    }
    let redundant = |c: &[Literal]| tautology(c) || claim.clauses.iter().any(|d| instance_within(d, c));
    let usable: Vec<Vec<usize>> = claim.clauses.iter().zip(&claim.selected).map(|(c, sel)| order.usable(c, *sel)).collect();
    for (a, ca) in claim.clauses.iter().enumerate() {
        if claim.selected[a].is_some() {
            continue;
        }
        // Positive factors.
        for &i in &usable[a] {
            for j in 0..ca.len() {
                if j == i || !ca[i].positive || !ca[j].positive {
                    continue;
                }
                if let Some(u) = unify_atoms(&ca[i].atom, &ca[j].atom) {
                    let factor: Vec<Literal> = ca.iter().enumerate().filter(|(k, _)| *k != j).map(|(_, l)| substitute_literal(l, &u)).collect();
                    if !redundant(&factor) {
                        return Err(SaturationError::FactorNotRedundant(a + 1));
                    }
                }
            }
        }
        // Resolvents with every clause (itself too, renamed apart).
        for (b, cb) in claim.clauses.iter().enumerate() {
            let shift = variables(ca);
            let cb: Vec<Literal> = cb.iter().map(|l| rename_literal(l, shift)).collect();
            for &i in &usable[a] {
                if !ca[i].positive {
                    continue;
                }
                for &j in &usable[b] {
                    if cb[j].positive {
                        continue;
                    }
                    let Some(u) = unify_atoms(&ca[i].atom, &cb[j].atom) else { continue };
                    let mut resolvent: Vec<Literal> = ca.iter().enumerate().filter(|(k, _)| *k != i).map(|(_, l)| substitute_literal(l, &u)).collect();
                    resolvent.extend(cb.iter().enumerate().filter(|(k, _)| *k != j).map(|(_, l)| substitute_literal(l, &u)));
                    if !redundant(&resolvent) {
                        return Err(SaturationError::NotSaturated(a + 1, b + 1));
                    }
                }
            }
        }
    }
    Ok(())
}

fn known(t: &Term, symbols: usize) -> bool {
    match t {
        Term::Var(_) => true,
        Term::App(f, args) => *f < symbols && args.iter().all(|a| known(a, symbols)),
    }
}

/// One more than the largest variable of the clause.
fn variables(c: &[Literal]) -> u32 {
    fn top(t: &Term) -> u32 {
        match t {
            Term::Var(v) => v + 1,
            Term::App(_, args) => args.iter().map(top).max().unwrap_or(0),
        }
    }
    c.iter()
        .map(|l| match &l.atom {
            Atom::Pred(_, args) => args.iter().map(top).max().unwrap_or(0),
            Atom::Eq(a, b) => top(a).max(top(b)),
        })
        .max()
        .unwrap_or(0)
}

fn rename_literal(l: &Literal, by: u32) -> Literal {
    fn go(t: &Term, by: u32) -> Term {
        match t {
            Term::Var(v) => Term::Var(v + by),
            Term::App(f, args) => Term::App(*f, args.iter().map(|a| go(a, by)).collect()),
        }
    }
    let atom = match &l.atom {
        Atom::Pred(p, args) => Atom::Pred(*p, args.iter().map(|a| go(a, by)).collect()),
        Atom::Eq(a, b) => Atom::Eq(go(a, by), go(b, by)),
    };
    Literal { positive: l.positive, atom }
}

/// A substitution in solved form: applied to the end.
type Bindings = HashMap<u32, Term>;

fn resolve(t: &Term, s: &Bindings) -> Term {
    match t {
        Term::Var(v) => s.get(v).map_or_else(|| t.clone(), |u| resolve(u, s)),
        Term::App(f, args) => Term::App(*f, args.iter().map(|a| resolve(a, s)).collect()),
    }
}

fn occurs_in(v: u32, t: &Term) -> bool {
    match t {
        Term::Var(w) => *w == v,
        Term::App(_, args) => args.iter().any(|a| occurs_in(v, a)),
    }
}

/// Robinson's unification over a work list of pairs.
fn unify_atoms(a: &Atom, b: &Atom) -> Option<Bindings> {
    let (Atom::Pred(p, xs), Atom::Pred(q, ys)) = (a, b) else { return None };
    if p != q || xs.len() != ys.len() {
        return None;
    }
    let mut s = Bindings::new();
    let mut work: Vec<(Term, Term)> = xs.iter().cloned().zip(ys.iter().cloned()).collect();
    while let Some((x, y)) = work.pop() {
        let (x, y) = (resolve(&x, &s), resolve(&y, &s));
        match (&x, &y) {
            _ if x == y => {}
            (Term::Var(v), t) | (t, Term::Var(v)) => {
                if occurs_in(*v, t) {
                    return None;
                }
                s.insert(*v, t.clone());
            }
            (Term::App(f, fa), Term::App(g, ga)) => {
                if f != g || fa.len() != ga.len() {
                    return None;
                }
                work.extend(fa.iter().cloned().zip(ga.iter().cloned()));
            }
        }
    }
    Some(s)
}

fn substitute_literal(l: &Literal, s: &Bindings) -> Literal {
    let atom = match &l.atom {
        Atom::Pred(p, args) => Atom::Pred(*p, args.iter().map(|a| resolve(a, s)).collect()),
        Atom::Eq(a, b) => Atom::Eq(resolve(a, s), resolve(b, s)),
    };
    Literal { positive: l.positive, atom }
}

fn tautology(c: &[Literal]) -> bool {
    c.iter().any(|l| c.iter().any(|m| m.atom == l.atom && m.positive != l.positive))
}

/// Whether some instance of `d` is a sub-multiset of `c`: each literal of `d` matched to a
/// literal of `c` of its own (so the instance is no larger than `c`).
fn instance_within(d: &[Literal], c: &[Literal]) -> bool {
    fn term(p: &Term, t: &Term, s: &mut Bindings) -> bool {
        match p {
            Term::Var(v) => match s.get(v) {
                Some(bound) => bound == t,
                None => {
                    s.insert(*v, t.clone());
                    true
                }
            },
            Term::App(f, args) => matches!(t, Term::App(g, targs) if f == g && args.len() == targs.len() && args.iter().zip(targs).all(|(a, b)| term(a, b, s))),
        }
    }
    fn go(d: &[Literal], c: &[Literal], used: &mut Vec<bool>, s: &Bindings, budget: &mut usize) -> bool {
        let Some((first, rest)) = d.split_first() else { return true };
        for (k, target) in c.iter().enumerate() {
            if used[k] || target.positive != first.positive || *budget == 0 {
                continue;
            }
            *budget -= 1;
            let (Atom::Pred(p, xs), Atom::Pred(q, ys)) = (&first.atom, &target.atom) else { continue };
            let mut s2 = s.clone();
            if p == q && xs.iter().zip(ys).all(|(x, y)| term(x, y, &mut s2)) {
                used[k] = true;
                if go(rest, c, used, &s2, budget) {
                    return true;
                }
                used[k] = false;
            }
        }
        false
    }
    d.len() <= c.len() && go(d, c, &mut vec![false; c.len()], &Bindings::new(), &mut 10_000)
}

/// The Knuth–Bendix ordering with every weight 1 and the given precedence, on atoms read as
/// terms (a predicate is a symbol like any other).
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

    /// `s > t`.
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
                    return self.rank[*f] > self.rank[*g];
                }
                a.iter().zip(b).find(|(x, y)| x != y).is_some_and(|(x, y)| self.greater(x, y))
            }
        }
    }

    /// A literal as the multiset compared: `Some(atom)` for the atom, `None` for ⊤.
    fn multiset(l: &Literal) -> Vec<Option<Term>> {
        let Atom::Pred(p, args) = &l.atom else { return Vec::new() };
        let a = Some(Term::App(*p, args.clone()));
        if l.positive {
            vec![a, None]
        } else {
            vec![a.clone(), a, None, None]
        }
    }

    fn element_greater(&self, x: &Option<Term>, y: &Option<Term>) -> bool {
        match (x, y) {
            (Some(s), Some(t)) => self.greater(s, t),
            (Some(_), None) => true,
            (None, _) => false,
        }
    }

    fn literal_greater(&self, l: &Literal, m: &Literal) -> bool {
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
        !left.is_empty() && rest_right.iter().all(|y| left.iter().any(|x| self.element_greater(x, y)))
    }

    /// The literals inferences may use: the selected one, or those no other exceeds.
    fn usable(&self, c: &[Literal], selected: Option<usize>) -> Vec<usize> {
        match selected {
            Some(i) => vec![i],
            None => (0..c.len()).filter(|&i| !(0..c.len()).any(|j| j != i && self.literal_greater(&c[j], &c[i]))).collect(),
        }
    }
}
