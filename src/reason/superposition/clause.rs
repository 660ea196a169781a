//! Clause records: every clause the loop has made, by id (its index in the store), with
//! how it came about (an input clause, or an inference or simplification step from premises
//! under a unifier), so that a refutation can be traced back from the empty clause.
//!
//! A record is never removed or changed but for its state and, on activation, its
//! eligible literals: a clause that changes (rewritten, simplified) is a new record whose
//! premise is the old one. So ids are stable, and every premise of a record has a smaller
//! id.
//!
//! Also here, the measures of clauses the other units share: variables, weight, renaming.

use super::unify::Substitution;
use crate::logic::clauses::{Atom, ClauseSet, Literal, Part, Term};
use std::ops::{Index, IndexMut};

/// How a clause came about.
#[derive(Clone, Debug)]
pub(super) enum How {
    /// Clause `k` of the clause set.
    Input(usize),
    /// An inference or simplification step (boxed: an input clause needs no room for one).
    Inference(Box<Inference>),
}

impl How {
    pub(super) fn inference(premises: Vec<(usize, u32)>, unifier: Substitution, rule: Rule) -> How {
        How::Inference(Box::new(Inference { premises, unifier, rule, renamed: Vec::new() }))
    }
}

/// A step from premises (their variables shifted by the offsets, to rename them apart)
/// under a unifier, by a rule (which tells the extractor the equality fact it relies on).
#[derive(Clone, Debug)]
pub(super) struct Inference {
    pub(super) premises: Vec<(usize, u32)>,
    pub(super) unifier: Substitution,
    pub(super) rule: Rule,
    /// How the conclusion's variables were renumbered from 0 when it was recorded
    /// (`(old, new)`, by old): without it, shifting premises apart made the numbers grow
    /// with every generation, until one clause's matcher asked for 25 GB (SYN885-1).
    pub(super) renamed: Vec<(u32, u32)>,
}

impl Inference {
    /// A term over the unrenamed conclusion's variables, in the recorded clause's; a
    /// variable that is not in the clause becomes one no grounding binds.
    pub(super) fn renamed(&self, t: &Term) -> Term {
        match t {
            Term::Var(v) => Term::Var(match self.renamed.binary_search_by_key(v, |&(o, _)| o) {
                Ok(i) => self.renamed[i].1,
                Err(_) => u32::MAX,
            }),
            Term::App(f, args) => Term::App(*f, args.iter().map(|a| self.renamed(a)).collect()),
        }
    }
}

/// Renumbers the literals' variables from 0 in order of first occurrence; the renaming,
/// sorted by old number.
fn renumber(literals: &mut [Literal]) -> Vec<(u32, u32)> {
    fn term(t: &mut Term, names: &mut Vec<(u32, u32)>) {
        match t {
            Term::Var(v) => {
                let new = match names.iter().find(|&&(o, _)| o == *v) {
                    Some(&(_, n)) => n,
                    None => {
                        let n = names.len() as u32;
                        names.push((*v, n));
                        n
                    }
                };
                *v = new;
            }
            Term::App(_, args) => args.iter_mut().for_each(|a| term(a, names)),
        }
    }
    let mut names = Vec::new();
    for l in literals {
        match &mut l.atom {
            Atom::Pred(_, args) => args.iter_mut().for_each(|a| term(a, &mut names)),
            Atom::Eq(a, b) => {
                term(a, &mut names);
                term(b, &mut names);
            }
        }
    }
    names.sort_unstable();
    names
}

/// The rule of an inference or simplification step, with what the extractor needs to
/// write the ground equality fact it relies on.
#[derive(Clone, Debug)]
pub(super) enum Rule {
    Resolution,
    Factoring,
    /// `s ≠ t` with `s` and `t` unified: relies on `s = s`.
    EqualityResolution {
        left: Term,
    },
    /// `l = r` rewrote `l` inside literal `into` (superposition, or demodulation by a unit
    /// equation; before the unifier): relies on `l ≠ r ∨ ¬M ∨ M[r]`.
    Superposition {
        l: Term,
        r: Term,
        into: Literal,
        rewritten: Literal,
    },
    /// From `s = t ∨ s' = v` with `s, s'` unified, `t ≠ v ∨ s' = v`: relies on
    /// `s ≠ t ∨ t ≠ v ∨ s = v`.
    EqualityFactoring {
        s: Term,
        t: Term,
        v: Term,
    },
}

/// What an inference or a simplification step makes: the literals of a new clause, and
/// how it came about (to be recorded in the store).
pub(super) type Conclusion = (Vec<Literal>, How);

/// Where a clause is in the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    /// A step of a simplification, or a clause dropped: only a premise of others.
    Retired,
    Passive,
    Active,
}

/// A clause as the loop keeps it: its literals, how it came about, and where it is.
#[derive(Clone, Debug)]
pub(super) struct Record {
    pub(super) literals: Vec<Literal>,
    pub(super) how: How,
    pub(super) state: State,
    /// For an active clause, the literals inferences may use.
    pub(super) eligible: Vec<bool>,
    /// For an active clause, whether a negative literal is selected (then no positive
    /// literal is eligible).
    pub(super) selected: bool,
    /// Whether it descends from the negation of the statement asked about.
    pub(super) goal: bool,
    /// For an active clause, when it became active (the order partners are tried in).
    pub(super) rank: usize,
}

/// Every clause made so far, by id.
#[derive(Default)]
pub(super) struct ClauseStore {
    records: Vec<Record>,
}

impl Index<usize> for ClauseStore {
    type Output = Record;
    fn index(&self, id: usize) -> &Record {
        &self.records[id]
    }
}

impl IndexMut<usize> for ClauseStore {
    fn index_mut(&mut self, id: usize) -> &mut Record {
        &mut self.records[id]
    }
}

impl ClauseStore {
    /// How many clauses were made.
    pub(super) fn len(&self) -> usize {
        self.records.len()
    }

    pub(super) fn is_active(&self, id: usize) -> bool {
        self.records[id].state == State::Active
    }

    /// Records a clause (its literals without repeats), retired until it is queued.
    pub(super) fn record(
        &mut self,
        literals: Vec<Literal>,
        mut how: How,
        set: &ClauseSet,
    ) -> usize {
        let mut unique: Vec<Literal> = Vec::with_capacity(literals.len());
        for l in literals {
            let same = |m: &Literal| {
                m.positive == l.positive
                    && match (&m.atom, &l.atom) {
                        (Atom::Eq(a, b), Atom::Eq(x, y)) => {
                            (a == x && b == y) || (a == y && b == x)
                        }
                        (a, b) => a == b,
                    }
            };
            if !unique.iter().any(same) {
                unique.push(l);
            }
        }
        if let How::Inference(step) = &mut how {
            step.renamed = renumber(&mut unique);
        }
        let goal = match &how {
            How::Input(k) => set.clauses[*k].origin.part == Part::Negation,
            How::Inference(step) => step.premises.iter().any(|(p, _)| self.records[*p].goal),
        };
        self.records.push(Record {
            literals: unique,
            how,
            state: State::Retired,
            eligible: Vec::new(),
            selected: false,
            goal,
            rank: 0,
        });
        self.records.len() - 1
    }

    /// The active clauses among `ids` (values an index returned: repeated, some retired),
    /// once each, in the order they became active (the order a scan would meet them in).
    pub(super) fn active_in_order(&self, mut ids: Vec<usize>) -> Vec<usize> {
        ids.sort_unstable();
        ids.dedup();
        ids.retain(|&c| self.is_active(c));
        ids.sort_by_key(|&c| self.records[c].rank);
        ids
    }
}

/// One more than the largest variable of the literals (0 without variables): the offset
/// that renames another clause apart from them.
pub(super) fn max_var(lits: &[Literal]) -> u32 {
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

/// The term with every variable `v` renamed `v + by`.
pub(super) fn shift_term(t: &Term, by: u32) -> Term {
    match t {
        Term::Var(v) => Term::Var(v + by),
        Term::App(f, a) => Term::App(*f, a.iter().map(|x| shift_term(x, by)).collect()),
    }
}

/// The literal with `f` applied to each of its terms.
pub(super) fn map_literal(l: &Literal, f: &dyn Fn(&Term) -> Term) -> Literal {
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

/// The symbols and variables of the literals (a predicate atom counts its predicate): the
/// weight clause selection goes by.
pub(super) fn clause_weight(lits: &[Literal]) -> usize {
    lits.iter()
        .map(|l| match &l.atom {
            Atom::Pred(_, a) => 1 + a.iter().map(term_size).sum::<usize>(),
            Atom::Eq(a, b) => term_size(a) + term_size(b),
        })
        .sum()
}
