//! Clause records: every clause the loop has made, by id (its index in the store), with
//! how it came about (an input clause, or an inference or simplification step from premises
//! under a unifier), so that a refutation can be traced back from the empty clause.
//!
//! A record is never removed or changed but for its state and, on activation, its
//! eligible literals: a clause that changes (rewritten, simplified) is a new record whose
//! premise is the old one. So ids are stable, and every premise of a record has a smaller
//! id.
//!
//! Terms are ids of the run's bank (`bank`), which only grows, so the terms of a record
//! (and of its step: unifier, rule) stay what they were.

use super::bank::{Bank, TermId};
use super::literal::{Atom, Literal};
use super::unify::Substitution;
use crate::logic::clauses::ClauseSet;
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
    pub(super) fn renamed(&self, bank: &mut Bank, t: TermId) -> TermId {
        bank.map_vars(t, &mut |bank, v| {
            bank.var(match self.renamed.binary_search_by_key(&v, |&(o, _)| o) {
                Ok(i) => self.renamed[i].1,
                Err(_) => UNBOUND,
            })
        })
    }
}

/// The variable a renamed term has where the recorded clause has none (no grounding binds
/// it); far above any clause's variables, and below the bank's limit for one.
pub(super) const UNBOUND: u32 = u32::MAX / 2;

/// Renumbers the literals' variables from 0 in order of first occurrence; the renaming,
/// sorted by old number.
fn renumber(bank: &mut Bank, literals: &mut [Literal]) -> Vec<(u32, u32)> {
    let mut names: Vec<(u32, u32)> = Vec::new();
    for l in literals.iter_mut() {
        *l = l.map(bank, &mut |bank, t| {
            bank.map_vars(t, &mut |bank, v| {
                let new = match names.iter().find(|&&(o, _)| o == v) {
                    Some(&(_, n)) => n,
                    None => {
                        let n = names.len() as u32;
                        names.push((v, n));
                        n
                    }
                };
                bank.var(new)
            })
        });
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
        left: TermId,
    },
    /// `l = r` rewrote `l` inside literal `into` (superposition, or demodulation by a unit
    /// equation; before the unifier): relies on `l ≠ r ∨ ¬M ∨ M[r]`.
    Superposition {
        l: TermId,
        r: TermId,
        into: Literal,
        rewritten: Literal,
    },
    /// From `s = t ∨ s' = v` with `s, s'` unified, `t ≠ v ∨ s' = v`: relies on
    /// `s ≠ t ∨ t ≠ v ∨ s = v`.
    EqualityFactoring {
        s: TermId,
        t: TermId,
        v: TermId,
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
        bank: &mut Bank,
        literals: Vec<Literal>,
        mut how: How,
        set: &ClauseSet,
    ) -> usize {
        let mut unique: Vec<Literal> = Vec::with_capacity(literals.len());
        for l in literals {
            let same = |m: &Literal| {
                m.positive == l.positive
                    && match (m.atom, l.atom) {
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
            step.renamed = renumber(bank, &mut unique);
        }
        let goal = match &how {
            How::Input(k) => set.is_goal(&set.clauses[*k]),
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
