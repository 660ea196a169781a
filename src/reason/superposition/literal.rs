//! Literals over the term bank: what the loop's clauses are made of. A predicate atom is
//! the bank's term `P(s̄)` under its predicate symbol, an equation its two sides; either is
//! a few ids, so a literal is copied, compared and hashed in constant time.
//!
//! The conversions from and to the clause form's literals (`logic::clauses::Literal`)
//! are here: input clauses come in through them, proofs and saturations go out.

use super::bank::{Bank, Head, TermId};
use crate::logic::clauses as tree;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Atom {
    /// `P(s̄)`, the term of the bank with the predicate symbol at its top.
    Pred(TermId),
    Eq(TermId, TermId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Literal {
    pub(super) positive: bool,
    pub(super) atom: Atom,
}

impl Literal {
    /// The literal with the other sign.
    pub(super) fn negated(self) -> Literal {
        Literal { positive: !self.positive, ..self }
    }

    /// The literal with `f` applied to its terms (to a predicate atom as a whole: `f`
    /// maps variables, and the predicate symbol is none).
    pub(super) fn map(
        self,
        bank: &mut Bank,
        f: &mut impl FnMut(&mut Bank, TermId) -> TermId,
    ) -> Literal {
        let atom = match self.atom {
            Atom::Pred(p) => Atom::Pred(f(bank, p)),
            Atom::Eq(s, t) => {
                let s = f(bank, s);
                Atom::Eq(s, f(bank, t))
            }
        };
        Literal { positive: self.positive, atom }
    }

    /// The literal's terms (the predicate's arguments, or the two sides).
    pub(super) fn sides(self, bank: &Bank) -> Vec<TermId> {
        match self.atom {
            Atom::Pred(p) => bank.args(p).to_vec(),
            Atom::Eq(s, t) => vec![s, t],
        }
    }

    /// The literal with its terms replaced by `sides` (as many as [`Literal::sides`] gives).
    pub(super) fn with_sides(self, bank: &mut Bank, sides: &[TermId]) -> Literal {
        let atom = match self.atom {
            Atom::Pred(p) => {
                let head = bank.head(p);
                Atom::Pred(bank.make(head, sides))
            }
            Atom::Eq(..) => Atom::Eq(sides[0], sides[1]),
        };
        Literal { positive: self.positive, atom }
    }

    /// The predicate symbol, or `None` for an equation.
    pub(super) fn predicate(self, bank: &Bank) -> Option<usize> {
        match self.atom {
            Atom::Pred(p) => bank.symbol(p),
            Atom::Eq(..) => None,
        }
    }

    /// One more than the largest variable; 0 for a ground literal.
    pub(super) fn var_bound(self, bank: &Bank) -> u32 {
        match self.atom {
            Atom::Pred(p) => bank.var_bound(p),
            Atom::Eq(s, t) => bank.var_bound(s).max(bank.var_bound(t)),
        }
    }

    /// Symbols and variables, the predicate symbol counted: the weight clause selection
    /// goes by.
    pub(super) fn weight(self, bank: &Bank) -> usize {
        match self.atom {
            Atom::Pred(p) => bank.size(p),
            Atom::Eq(s, t) => bank.size(s) + bank.size(t),
        }
    }

    /// A literal of the clause form, stored.
    pub(super) fn intern(bank: &mut Bank, l: &tree::Literal) -> Literal {
        let atom = match &l.atom {
            tree::Atom::Pred(p, args) => {
                let args: Vec<TermId> = args.iter().map(|a| bank.intern(a)).collect();
                Atom::Pred(bank.make(Head::App(*p), &args))
            }
            tree::Atom::Eq(s, t) => {
                let s = bank.intern(s);
                Atom::Eq(s, bank.intern(t))
            }
        };
        Literal { positive: l.positive, atom }
    }

    /// The literal in the clause form.
    pub(super) fn tree(self, bank: &Bank) -> tree::Literal {
        self.tree_with(bank, &mut |bank, t| bank.tree(t))
    }

    /// The literal in the clause form, each term written by `term`.
    pub(super) fn tree_with(
        self,
        bank: &Bank,
        term: &mut impl FnMut(&Bank, TermId) -> tree::Term,
    ) -> tree::Literal {
        let atom = match self.atom {
            Atom::Pred(p) => tree::Atom::Pred(
                bank.symbol(p).expect("a predicate atom has its symbol on top"),
                bank.args(p).iter().map(|&a| term(bank, a)).collect(),
            ),
            Atom::Eq(s, t) => tree::Atom::Eq(term(bank, s), term(bank, t)),
        };
        tree::Literal { positive: self.positive, atom }
    }
}

/// One more than the largest variable of the literals (0 without variables): the offset
/// that renames another clause apart from them.
pub(super) fn max_var(bank: &Bank, lits: &[Literal]) -> u32 {
    lits.iter().map(|l| l.var_bound(bank)).max().unwrap_or(0)
}

/// The symbols and variables of the literals (a predicate atom counts its predicate): the
/// weight clause selection goes by.
pub(super) fn clause_weight(bank: &Bank, lits: &[Literal]) -> usize {
    lits.iter().map(|l| l.weight(bank)).sum()
}

/// The literals with every variable `v` renamed `v + by`.
pub(super) fn shift_literals(bank: &mut Bank, lits: &[Literal], by: u32) -> Vec<Literal> {
    lits.iter().map(|l| l.map(bank, &mut |bank, t| bank.shift(t, by))).collect()
}
