//! The infinite-model engine: finds a structure over ℕ or ℤ, each symbol defined by a
//! small formula of linear arithmetic, in which every premise holds — for boards whose
//! models are all infinite ("smarter is a strict order and everyone's father is smarter").
//!
//! The search proposes; [`crate::logic::infinite`] decides. Candidates come from a small
//! grammar of definitions ([`templates`]), simplest first, chosen symbol by symbol in an
//! order that lets each premise be tried as soon as its symbols are chosen. A premise is
//! first tried on a window of the domain (∀ over a few numbers, ∃ over a few more), which
//! throws out most candidates in microseconds; a candidate that passes every window is
//! decided premise by premise by the Presburger procedure, and only an exact pass is
//! returned.
//!
//! What it can find: structures whose definitions are in the grammar — successor-like
//! functions, `+`, `max`, orders, parity, equality and its neighbours. What it cannot:
//! anything that needs a definition outside the grammar, and in particular anything that
//! is not Presburger-definable at all, such as a one-to-one pairing of ℕ×ℕ into ℕ or
//! multiplication. Those boards are left to the provers (a saturation prover can say
//! "satisfiable" where no model can be shown this way).

pub mod templates;
mod window;

use crate::logic::ast::StatementKind;
use crate::logic::check::Signature;
use crate::logic::cnf::Premise;
use crate::logic::infinite::{Domain, InfiniteStructure, Meaning};
use crate::solve::Budget;
use std::collections::BTreeSet;

/// What the engine found, or why not.
#[derive(Clone, Debug)]
pub enum Outcome {
    Found(InfiniteStructure),
    /// No structure in the grammar satisfies the premises (each candidate refuted).
    NoneInGrammar,
    /// The premises need a finite domain (`|L| < n`), use a symbol the grammar has no
    /// definitions for (arity above 2), or more symbols than [`MAX_SYMBOLS`].
    OutOfReach,
    /// The budget ran out (or the search was cancelled) first.
    Stopped,
}

/// How many candidates pass every window before the engine stops trying (each costs an
/// exact decision).
const MAX_EXACT_CHECKS: usize = 200;

/// How many partial choices the engine looks at before it stops: on a large signature the
/// choices multiply, and the engine shares the machine with the others in the race.
const MAX_CHOICES: usize = 100_000;

/// The most symbols the engine takes on: it chooses a meaning for each in turn, one level
/// of recursion a symbol (a TPTP problem of 20 000 symbols overflowed the thread's
/// stack), and [`MAX_CHOICES`] stops it long before it could finish so many.
const MAX_SYMBOLS: usize = 256;

/// Searches for an infinite structure satisfying every premise, within `budget`.
pub fn search(signature: &Signature, premises: &[Premise], budget: &Budget) -> Outcome {
    if premises
        .iter()
        .any(|p| p.statement.kind.size_bound().is_some_and(|(at_least, _)| at_least == p.negated))
    {
        return Outcome::OutOfReach;
    }
    // The symbols each premise uses.
    let mut uses: Vec<BTreeSet<String>> = premises
        .iter()
        .map(|p| {
            let mut s = BTreeSet::new();
            if let Some(f) = p.statement.formula() {
                f.collect_symbols(&mut s);
            }
            if let StatementKind::Named { name, .. } = &p.statement.kind {
                s.insert(name.name.clone());
            }
            s
        })
        .collect();
    // Symbols in an order that completes small premises first.
    let mut order: Vec<usize> = (0..premises.len()).collect();
    order.sort_by_key(|&i| uses[i].len());
    let mut symbols: Vec<String> = Vec::new();
    for &i in &order {
        for s in &uses[i] {
            if !symbols.contains(s) {
                symbols.push(s.clone());
                // Declined as soon as it is known: the list is searched once a symbol.
                if symbols.len() > MAX_SYMBOLS {
                    return Outcome::OutOfReach;
                }
            }
        }
    }
    let mut kinds = Vec::new();
    for s in &symbols {
        match signature.symbols.get(s) {
            Some(info) if info.arity <= 2 => kinds.push((info.kind, info.arity)),
            _ => return Outcome::OutOfReach,
        }
    }
    // Each premise is tried once its last symbol is chosen.
    let mut ready: Vec<Vec<usize>> = vec![Vec::new(); symbols.len().max(1)];
    for (i, used) in uses.iter_mut().enumerate() {
        let last = used
            .iter()
            .map(|s| symbols.iter().position(|t| t == s).expect("listed"))
            .max()
            .unwrap_or(0);
        ready[last].push(i);
    }
    let mut stopped = false;
    for domain in [Domain::Naturals, Domain::Integers] {
        let choices: Vec<Vec<Meaning>> =
            kinds.iter().map(|&(kind, arity)| templates::candidates(kind, arity, domain)).collect();
        let mut search = Search {
            premises,
            symbols: &symbols,
            choices: &choices,
            ready: &ready,
            budget,
            exact_checks: 0,
            choices_seen: 0,
            structure: InfiniteStructure::new(domain),
        };
        match search.extend(0) {
            Step::Found => return Outcome::Found(search.structure),
            Step::Stop => stopped = true,
            Step::Exhausted => {}
        }
    }
    if stopped {
        Outcome::Stopped
    } else {
        Outcome::NoneInGrammar
    }
}

enum Step {
    Found,
    Exhausted,
    Stop,
}

struct Search<'a> {
    premises: &'a [Premise<'a>],
    symbols: &'a [String],
    choices: &'a [Vec<Meaning>],
    ready: &'a [Vec<usize>],
    budget: &'a Budget,
    exact_checks: usize,
    choices_seen: usize,
    structure: InfiniteStructure,
}

impl Search<'_> {
    fn extend(&mut self, depth: usize) -> Step {
        if depth == self.symbols.len() {
            return self.exact();
        }
        for meaning in &self.choices[depth] {
            self.choices_seen += 1;
            if self.budget.spent().is_some() || self.choices_seen > MAX_CHOICES {
                return Step::Stop;
            }
            self.structure.define(&self.symbols[depth], meaning.clone());
            let passes = self.ready[depth]
                .iter()
                .all(|&i| window::plausible(&self.structure, &self.premises[i]));
            if passes {
                match self.extend(depth + 1) {
                    Step::Exhausted => {}
                    done => return done,
                }
            }
        }
        self.structure.symbols.remove(&self.symbols[depth]);
        Step::Exhausted
    }

    /// The exact decision of every premise (cheapest first: the window passed them all).
    fn exact(&mut self) -> Step {
        self.exact_checks += 1;
        if self.exact_checks > MAX_EXACT_CHECKS {
            return Step::Stop;
        }
        match self.structure.well_defined(Some(self.budget)) {
            Ok(true) => {}
            Ok(false) | Err(_) => return Step::Exhausted,
        }
        for p in self.premises {
            match self.structure.satisfies(p.statement, p.negated, Some(self.budget)) {
                Ok(true) => {}
                Ok(false) => return Step::Exhausted,
                Err(_) if self.budget.spent().is_some() => return Step::Stop,
                Err(_) => return Step::Exhausted,
            }
        }
        Step::Found
    }
}
