//! Clause weights: how the passive set's queues rank a waiting clause ([`ClauseSelection`]).
//!
//! A run picks its clauses from one or more queues, each ordered by a key computed here
//! when the clause is queued, and takes turns between them and the oldest clause
//! (`passive`). The keys are after E's clause evaluation functions: plain symbol counting,
//! refined weights, orientation weights, positive/negative refined weights and
//! conjecture-relative symbol weights, the last four written from their descriptions in
//! E's heuristics.
//!
//! In a goal-directed run a clause descending from the negated question is queued at
//! [`GOAL_WEIGHT_PERCENT`] of its weight.

use super::bank::{Bank, Head, TermId};
use super::literal::{clause_weight, Atom, Literal};
use super::order::{maximal_literals, Kbo};

/// How a run ranks the clauses waiting in the passive set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClauseSelection {
    /// One queue by symbols and variables (`literal::clause_weight`); every fifth pick
    /// the oldest clause (the age–weight ratio of 1 to 4 Otter and E use).
    Symbols,
    /// As `Symbols`, by refined weights: a symbol counts 2 and a variable 1, and a positive
    /// literal half as much again, so that of two clauses the same size the one with more
    /// negative literals, nearer a refutation, comes first.
    Refined,
    /// As `Symbols`, by orientation weights (after E's `OrientLMaxWeight`): a literal weighs
    /// as its heavier side, twice that when it is an equation neither of whose sides is
    /// greater. Of two equations the one that rewrites a big term into a small one comes
    /// first, and a permutation (`x + y = y + x`, only of use to ordered rewriting) late.
    Orientation,
    /// Three queues and the oldest clause, in turns of 10, 10, 5 and 1 picks (E's heuristic
    /// for unit and near-unit equational problems in its automatic mode):
    /// - clauses without a positive literal first, by weights where a negative literal's
    ///   variables count double and a positive literal half;
    /// - clauses with a positive literal first, by weights where a positive literal's
    ///   symbols count double and the literal twice;
    /// - orientation weights (as [`ClauseSelection::Orientation`]).
    ///
    /// In the first two, the sides that may be maximal in their literal, and the literals
    /// that may be maximal in their clause, count double.
    Mixed,
    /// Four queues and the oldest clause, in turns of 1, 4, 1 and 4 picks (the heuristic
    /// E's automatic mode picks most often for problems with a conjecture), by
    /// conjecture-relative weights: a symbol of the negated question weighs a fraction of
    /// any other (see [`Conjecture`]), so that a clause about the question's notions comes
    /// before one about the axioms' other notions:
    /// - the set of support first (input clauses and descendants of the negated question),
    ///   a question's symbol at half weight;
    /// - every clause, a question's symbol at a tenth, a positive literal half as much again;
    /// - clauses with a positive literal first, a question's symbol at half weight;
    /// - the set of support first, by refined weights (a symbol 3, a variable 2, a positive
    ///   literal twice).
    ///
    /// In all four a maximal side weighs half as much again (the refined weights: twice),
    /// and so does a maximal literal.
    Conjecture,
}

/// What the weights may know of the problem beside the clause weighed.
pub(super) struct Weighing<'a> {
    pub(super) bank: &'a Bank,
    pub(super) kbo: &'a Kbo,
    /// Per symbol: whether it occurs in the negated question.
    pub(super) conjecture_symbols: &'a [bool],
}

/// What the weights may know of the clause weighed beside its literals.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Standing {
    /// Whether it is to weigh [`GOAL_WEIGHT_PERCENT`] of its weight (a goal descendant in
    /// a goal-directed run).
    pub(super) goal_share: bool,
    /// Whether it is in the set of support: an input clause or a descendant of the negated
    /// question.
    pub(super) support: bool,
}

/// In a goal-directed run, a clause that descends from the negation of the statement asked
/// about (the conjecture) is queued at this share of its weight, so the search works
/// towards the question before it wanders through the axioms' consequences (E's
/// conjecture-relative weights do the same). Measured on the 43 TPTP problems with a proof,
/// 5 s each: 31 at 30 % or 50 % against 30 without (NUN057+2: 200 000 clauses without, a
/// proof at once with), none lost; but the equational proofs come slower (GRP711+1 1.8 s
/// against 52 ms), hence runs without it in `superposition::prove`.
const GOAL_WEIGHT_PERCENT: u64 = 30;

/// Keys below this are weights; a queue that prefers some clauses adds it to the others'.
const DEFERRED: u64 = 1 << 40;

impl ClauseSelection {
    /// How many picks in a row each weight queue gets, in order; the oldest clause then
    /// gets one, and the turns start again.
    pub(super) fn turns(self) -> &'static [usize] {
        match self {
            ClauseSelection::Mixed => &[10, 10, 5],
            ClauseSelection::Conjecture => &[1, 4, 1, 4],
            _ => &[4],
        }
    }

    /// The clause's key in each queue of [`ClauseSelection::turns`] (the smallest first).
    pub(super) fn keys(self, with: &Weighing, lits: &[Literal], standing: Standing) -> Vec<u64> {
        let (bank, kbo) = (with.bank, with.kbo);
        let share = |w: u64| if standing.goal_share { w * GOAL_WEIGHT_PERCENT / 100 } else { w };
        match self {
            ClauseSelection::Symbols => vec![share(clause_weight(bank, lits) as u64)],
            ClauseSelection::Refined => vec![share(refined_weight(bank, lits))],
            ClauseSelection::Orientation => vec![share(orientation_weight(bank, kbo, lits))],
            ClauseSelection::Mixed => {
                let maximal = maximal_literals(bank, kbo, lits);
                let any_positive = lits.iter().any(|l| l.positive);
                let negative_first =
                    Sides { positive: (1, 1), negative: (1, 2), positive_times: 1 };
                let positive_first =
                    Sides { positive: (2, 1), negative: (1, 1), positive_times: 4 };
                let first = share(negative_first.weight(bank, kbo, lits, &maximal));
                let second = share(positive_first.weight(bank, kbo, lits, &maximal));
                vec![
                    first + if any_positive { DEFERRED } else { 0 },
                    second + if any_positive { 0 } else { DEFERRED },
                    share(orientation_weight(bank, kbo, lits)),
                ]
            }
            ClauseSelection::Conjecture => {
                let maximal = maximal_literals(bank, kbo, lits);
                let weigh = |c: &Conjecture| share(c.weight(with, lits, &maximal));
                let unsupported = if standing.support { 0 } else { DEFERRED };
                let no_positive = if lits.iter().any(|l| l.positive) { 0 } else { DEFERRED };
                vec![
                    weigh(&Conjecture::HALF) + unsupported,
                    weigh(&Conjecture::TENTH),
                    weigh(&Conjecture::HALF) + no_positive,
                    weigh(&Conjecture::REFINED) + unsupported,
                ]
            }
        }
    }
}

/// Conjecture-relative symbol weights (E's `ConjectureRelativeSymbolWeight` and, with no
/// symbol of the question lighter, its `Refinedweight`), written from their description;
/// in hundredths of a unit, rounded.
struct Conjecture {
    /// A symbol's weight, and a question symbol's share of it.
    symbol: f64,
    question_share: f64,
    variable: f64,
    /// The factors of a side that may be maximal in its literal, of a literal that may be
    /// maximal in its clause, and of a positive literal.
    maximal_side: f64,
    maximal_literal: f64,
    positive: f64,
}

impl Conjecture {
    const HALF: Conjecture = Conjecture {
        symbol: 1.0,
        question_share: 0.5,
        variable: 1.0,
        maximal_side: 1.5,
        maximal_literal: 1.5,
        positive: 1.0,
    };
    const TENTH: Conjecture = Conjecture { question_share: 0.1, positive: 1.5, ..Conjecture::HALF };
    const REFINED: Conjecture = Conjecture {
        symbol: 3.0,
        question_share: 1.0,
        variable: 2.0,
        maximal_side: 2.0,
        maximal_literal: 1.5,
        positive: 2.0,
    };

    fn term(&self, with: &Weighing, t: TermId) -> f64 {
        let f = match with.bank.head(t) {
            Head::Var(_) => return self.variable,
            Head::App(f) => f,
        };
        let own = if with.conjecture_symbols.get(f).copied().unwrap_or(false) {
            self.symbol * self.question_share
        } else {
            self.symbol
        };
        own + with.bank.args(t).iter().map(|&a| self.term(with, a)).sum::<f64>()
    }

    fn weight(&self, with: &Weighing, lits: &[Literal], maximal: &[bool]) -> u64 {
        let (bank, kbo) = (with.bank, with.kbo);
        let total: f64 = lits
            .iter()
            .zip(maximal)
            .map(|(l, &maximal)| {
                let side = |t: TermId| self.term(with, t);
                let m = self.maximal_side;
                let sides = match l.atom {
                    Atom::Pred(p) => m * side(p),
                    Atom::Eq(s, t) if kbo.greater(bank, s, t) => m * side(s) + side(t),
                    Atom::Eq(s, t) if kbo.greater(bank, t, s) => side(s) + m * side(t),
                    Atom::Eq(s, t) => m * (side(s) + side(t)),
                };
                let literal = if maximal { self.maximal_literal * sides } else { sides };
                if l.positive {
                    self.positive * literal
                } else {
                    literal
                }
            })
            .sum();
        (100.0 * total).round() as u64
    }
}

/// The weight of a term with a symbol counting `f` and a variable `v`.
fn term_weight(bank: &Bank, t: TermId, (f, v): (u64, u64)) -> u64 {
    let size = bank.size(t) as u64;
    let variables = variables(bank, t);
    f * (size - variables) + v * variables
}

/// The variable occurrences of a term.
fn variables(bank: &Bank, t: TermId) -> u64 {
    if bank.is_ground(t) {
        0
    } else if bank.is_var(t) {
        1
    } else {
        bank.args(t).iter().map(|&a| variables(bank, a)).sum()
    }
}

/// Refined weights (see [`ClauseSelection::Refined`]), in half units to stay an integer.
pub(super) fn refined_weight(bank: &Bank, lits: &[Literal]) -> u64 {
    lits.iter()
        .map(|l| {
            let side = |t: TermId| term_weight(bank, t, (2, 1));
            let weight = match l.atom {
                Atom::Pred(p) => side(p),
                Atom::Eq(s, t) => side(s) + side(t),
            };
            if l.positive {
                3 * weight
            } else {
                2 * weight
            }
        })
        .sum()
}

/// Orientation weights (see [`ClauseSelection::Orientation`]).
fn orientation_weight(bank: &Bank, kbo: &Kbo, lits: &[Literal]) -> u64 {
    lits.iter()
        .map(|l| match l.atom {
            Atom::Pred(p) => term_weight(bank, p, (2, 1)),
            Atom::Eq(s, t) => {
                let heavier = term_weight(bank, s, (2, 1)).max(term_weight(bank, t, (2, 1)));
                if kbo.greater(bank, s, t) || kbo.greater(bank, t, s) {
                    heavier
                } else {
                    2 * heavier
                }
            }
        })
        .sum()
}

/// Weights with separate symbol and variable counts for positive and negative literals
/// (E's `PNRefinedweight` with maximal sides and maximal literals counting double), in
/// quarter units.
struct Sides {
    /// Symbol and variable weights in positive literals, and in negative ones.
    positive: (u64, u64),
    negative: (u64, u64),
    /// A positive literal's factor, in halves (1: a half; 4: twice).
    positive_times: u64,
}

impl Sides {
    fn weight(&self, bank: &Bank, kbo: &Kbo, lits: &[Literal], maximal: &[bool]) -> u64 {
        lits.iter()
            .zip(maximal)
            .map(|(l, &maximal)| {
                let counts = if l.positive { self.positive } else { self.negative };
                let side = |t: TermId| term_weight(bank, t, counts);
                // Sides that may be maximal count double; the equality symbol counts once.
                let sides = match l.atom {
                    Atom::Pred(p) => 2 * side(p),
                    Atom::Eq(s, t) if kbo.greater(bank, s, t) => 2 * side(s) + side(t) + counts.0,
                    Atom::Eq(s, t) if kbo.greater(bank, t, s) => side(s) + 2 * side(t) + counts.0,
                    Atom::Eq(s, t) => 2 * (side(s) + side(t)) + counts.0,
                };
                let literal = if maximal { 2 * sides } else { sides };
                // In quarter units: a half of the literal is 2 quarters.
                if l.positive {
                    2 * self.positive_times * literal
                } else {
                    4 * literal
                }
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_weights_put_permutations_late_and_mixed_keys_prefer_by_sign() {
        let mut bank = Bank::new();
        // f binary (symbol 0), e a constant (1), p unary (2).
        let kbo = Kbo::new(&[2, 0, 1]);
        let (x, y) = (bank.var(0), bank.var(1));
        let e = bank.app(1, &[]);
        let (fxy, fyx, fxe) = (bank.app(0, &[x, y]), bank.app(0, &[y, x]), bank.app(0, &[x, e]));
        let eq = |s, t| Literal { positive: true, atom: Atom::Eq(s, t) };
        // f(x, y) = f(y, x): both sides weigh 2 + 1 + 1, doubled as it cannot be oriented.
        assert_eq!(orientation_weight(&bank, &kbo, &[eq(fxy, fyx)]), 8);
        // f(x, e) = x: the heavier side only, 2 + 1 + 2.
        assert_eq!(orientation_weight(&bank, &kbo, &[eq(fxe, x)]), 5);
        let px = bank.app(2, &[x]);
        let not_px = Literal { positive: false, atom: Atom::Pred(px) };
        let px = Literal { positive: true, atom: Atom::Pred(px) };
        let mixed = |bank: &Bank, lits: &[Literal]| {
            let with = Weighing { bank, kbo: &kbo, conjecture_symbols: &[] };
            ClauseSelection::Mixed.keys(&with, lits, Standing::default())
        };
        let (negative, positive) = (mixed(&bank, &[not_px]), mixed(&bank, &[px]));
        // The first queue takes a clause without positive literals first, the second one with.
        assert!(negative[0] < DEFERRED && positive[0] > DEFERRED);
        assert!(positive[1] < DEFERRED && negative[1] > DEFERRED);
        // ¬p(x): maximal, its atom a maximal side (2·(1 + 2) in the first queue's counts,
        // a variable 2), times 2 as a maximal literal, in quarters: 4·12 = 48.
        assert_eq!(negative[0], 48);
        // p(x) in the second: 2·(2 + 1) = 6, maximal 12, twice as positive, quarters: 96.
        assert_eq!(positive[1], 96);
        // One queue for the others, and a goal descendant at its share.
        let with = Weighing { bank: &bank, kbo: &kbo, conjecture_symbols: &[] };
        let plain = ClauseSelection::Symbols.keys(&with, &[eq(fxe, x)], Standing::default());
        let goal_share = Standing { goal_share: true, support: true };
        let goal = ClauseSelection::Symbols.keys(&with, &[eq(fxe, x)], goal_share);
        assert_eq!((plain, goal), (vec![4], vec![4 * GOAL_WEIGHT_PERCENT / 100]));
    }

    #[test]
    fn conjecture_relative_keys_make_the_question_symbols_light() {
        let mut bank = Bank::new();
        // f unary (symbol 0, the question's), g unary (1), p unary (2), a constant (3).
        let kbo = Kbo::new(&[1, 1, 1, 0]);
        let a = bank.app(3, &[]);
        let (fa, ga) = (bank.app(0, &[a]), bank.app(1, &[a]));
        let pred = |bank: &mut Bank, t, positive| Literal {
            positive,
            atom: Atom::Pred(bank.app(2, &[t])),
        };
        let (p_fa, p_ga) = (pred(&mut bank, fa, true), pred(&mut bank, ga, true));
        let not_p_fa = pred(&mut bank, fa, false);
        let with =
            Weighing { bank: &bank, kbo: &kbo, conjecture_symbols: &[true, false, false, false] };
        let keys = |lits: &[Literal], support| {
            let standing = Standing { goal_share: false, support };
            ClauseSelection::Conjecture.keys(&with, lits, standing)
        };
        let (question, other) = (keys(&[p_fa], true), keys(&[p_ga], true));
        // p(f(a)): the atom is its maximal side (×1.5), the literal maximal (×1.5); in the
        // second queue f weighs a tenth and a positive literal half as much again:
        // (1 + 0.1 + 1)·1.5·1.5·1.5 = 7.0875, in hundredths 709.
        assert_eq!(question[1], 709);
        // p(g(a)) weighs 3·1.5·1.5·1.5 = 10.125.
        assert_eq!(other[1], 1013);
        // At half weight in the first and third queues, and no lighter by refined weights.
        assert!(question[0] < other[0] && question[2] < other[2]);
        assert_eq!(question[3], other[3]);
        // The first and fourth queues defer a clause outside the set of support; the third
        // a clause without a positive literal.
        let outside = keys(&[p_fa], false);
        assert_eq!(outside[0], question[0] + DEFERRED);
        assert_eq!(outside[3], question[3] + DEFERRED);
        assert_eq!((outside[1], outside[2]), (question[1], question[2]));
        let negative = keys(&[not_p_fa], true);
        assert!(negative[2] > DEFERRED && negative[0] < DEFERRED);
    }
}
