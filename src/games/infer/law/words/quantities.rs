//! How many, and of which: quantities before a noun ("at least two", "between two and
//! four", "an odd number of"), determiners before a set of dice ("every", "not all", "at
//! least half of the", "only"), and whole numbers in digits or words.

use super::super::{Compare, Kind};
use super::meaning::*;
use super::{Alts, Reader, NUMBER_WORDS};

impl Reader {
    /// How many: "at least one", "exactly 2", "no", "a", "an odd number of", "two" (bare).
    pub(super) fn quantity(&self, at: usize) -> Alts<Quantity> {
        use Compare::*;
        let mut out = Vec::new();
        for k in self.any(at, &["a", "an", "any", "some", "one or more"]) {
            out.push((Quantity::Compared(Ge, 1), k));
        }
        for k in self.any(at, &["no", "zero"]) {
            out.push((Quantity::Compared(Eq, 0), k));
        }
        let before: [(&'static str, Compare); 15] = [
            ("at least", Ge),
            ("no fewer than", Ge),
            ("no less than", Ge),
            ("at most", Le),
            ("no more than", Le),
            ("exactly", Eq),
            ("precisely", Eq),
            ("just", Eq),
            ("only", Eq),
            ("more than", Gt),
            ("over", Gt),
            ("fewer than", Lt),
            ("less than", Lt),
            ("under", Lt),
            ("not exactly", Ne),
        ];
        for (words, op) in before {
            if let Some(k) = self.seq(at, words) {
                for (n, k) in self.integer(k) {
                    out.push((Quantity::Compared(op, n), k));
                }
            }
        }
        for (n, k) in self.integer(at) {
            out.push((Quantity::Bare(n), k));
            for k in self.any(k, &["or more"]) {
                out.push((Quantity::Compared(Ge, n), k));
            }
            for k in self.any(k, &["or fewer", "or less"]) {
                out.push((Quantity::Compared(Le, n), k));
            }
        }
        // "between two and four", "from two to four": both ends included.
        for (first, second) in [("between", "and"), ("from", "to")] {
            let Some(k) = self.lit(at, first) else { continue };
            for (low, k) in self.integer(k) {
                let Some(k) = self.lit(k, second) else { continue };
                for (high, k) in self.integer(k) {
                    if low <= high {
                        out.push((Quantity::Between(low, high), k));
                    } else {
                        self.note(k, "the smaller number comes first in \"between … and …\"");
                    }
                }
            }
        }
        for (kind, words) in [
            (Kind::Even, "an even number of"),
            (Kind::Odd, "an odd number of"),
            (Kind::Prime, "a prime number of"),
        ] {
            if let Some(k) = self.seq(at, words) {
                out.push((Quantity::Is(kind), k));
            }
        }
        out
    }

    /// A whole number, in digits or in words up to twenty.
    pub(super) fn integer(&self, at: usize) -> Alts<i64> {
        let Some(w) = self.word(at) else {
            self.expected(at, "a number");
            return vec![];
        };
        let n = w
            .parse::<i64>()
            .ok()
            .filter(|n| (0..=1_000_000).contains(n))
            .or_else(|| NUMBER_WORDS.iter().position(|x| *x == w).map(|n| n as i64));
        match n {
            Some(n) => vec![(n, at + 1)],
            None => {
                self.expected(at, "a number");
                vec![]
            }
        }
    }

    /// Who of the dice: all (also "every", "each", "the", or nothing said), none, some,
    /// most, fewer than half, or a number of them.
    pub(super) fn determiner(&self, at: usize) -> Alts<Determiner> {
        let mut out = vec![(Determiner::All, at)];
        for k in self.any(at, &["all", "all the", "all of the"]) {
            out.push((Determiner::AllSaid, k));
        }
        for k in self.any(at, &["no two", "no 2"]) {
            out.push((Determiner::NoTwo, k));
        }
        for k in self.any(at, &["every", "each", "each of the"]) {
            out.push((Determiner::AllSaid, k));
        }
        // "Any die touching a white die must be odd": every one; "if any die is red": some.
        let condition = self.condition.get();
        for k in self.any(at, &["any"]) {
            out.push((if condition { Determiner::Some } else { Determiner::All }, k));
        }
        // "A red die must touch a blue die": every red die, or some red die? Both readings;
        // "if a die shows a 6": some die.
        for k in self.any(at, &["a", "an"]) {
            if !condition {
                out.push((Determiner::All, k));
            }
            out.push((Determiner::Some, k));
        }
        for k in self.any(at, &["no", "none of the"]) {
            out.push((Determiner::No, k));
        }
        for k in self
            .any(at, &["some", "some of the", "at least one", "at least one of the", "one or more"])
        {
            out.push((Determiner::Some, k));
        }
        for k in self.any(
            at,
            &[
                "most",
                "most of the",
                "the majority of",
                "the majority of the",
                "more than half of the",
                "more than half the",
            ],
        ) {
            out.push((Determiner::Most, k));
        }
        for k in self.any(
            at,
            &[
                "a minority of",
                "a minority of the",
                "fewer than half of the",
                "less than half of the",
                "fewer than half the",
                "less than half the",
            ],
        ) {
            out.push((Determiner::Minority, k));
        }
        for k in
            self.any(at, &["not all", "not all the", "not all of the", "not every", "not each"])
        {
            out.push((Determiner::NotAll, k));
        }
        for k in self.any(at, &["only", "only the"]) {
            out.push((Determiner::Only, k));
        }
        out.extend(self.share(at));
        for (q, k) in self.quantity(at) {
            // "At least one" is `Some`, said the way the deck says it.
            let some = q == Quantity::Compared(Compare::Ge, 1);
            let none = q == Quantity::Compared(Compare::Eq, 0);
            if matches!(q, Quantity::Compared(..) | Quantity::Bare(_) | Quantity::Between(..))
                && !some
                && !none
                && !matches!(self.word(at), Some("a" | "an" | "any" | "some"))
            {
                for k in self.opts(k, &["of the"]) {
                    out.push((Determiner::Counted(q), k));
                }
            }
        }
        out
    }

    /// A share of the dice: "at least half of the", "exactly a third of the", "two thirds
    /// of the", "half the"; bare ("half of the dice") reads two ways, as a bare count does.
    /// "More than half" and "fewer than half" are `most` and `a minority` (`determiner`).
    fn share(&self, at: usize) -> Alts<Determiner> {
        use Compare::*;
        let mut out = Vec::new();
        let fractions: [(&'static str, i64, i64); 8] = [
            ("half", 1, 2),
            ("one half", 1, 2),
            ("a third", 1, 3),
            ("one third", 1, 3),
            ("two thirds", 2, 3),
            ("a quarter", 1, 4),
            ("one quarter", 1, 4),
            ("three quarters", 3, 4),
        ];
        let mut said: Vec<(Option<Compare>, usize)> = vec![(None, at)];
        for (words, op) in [
            ("at least", Ge),
            ("no less than", Ge),
            ("at most", Le),
            ("no more than", Le),
            ("exactly", Eq),
            ("precisely", Eq),
            ("more than", Gt),
            ("over", Gt),
            ("fewer than", Lt),
            ("less than", Lt),
            ("under", Lt),
        ] {
            if let Some(k) = self.seq(at, words) {
                said.push((Some(op), k));
            }
        }
        for (op, k) in said {
            for (words, num, den) in fractions {
                let Some(k) = self.seq(k, words) else { continue };
                // "more than half" and "fewer than half" are read by `determiner` already.
                if num * 2 == den && matches!(op, Some(Gt | Lt)) {
                    continue;
                }
                for k in self.any(k, &["of the", "the", "of all the", "of all"]) {
                    match op {
                        Some(op) => out.push((Determiner::Share(op, num, den), k)),
                        None => {
                            out.push((Determiner::Share(Ge, num, den), k));
                            out.push((Determiner::Share(Eq, num, den), k));
                        }
                    }
                }
            }
        }
        out
    }
}
