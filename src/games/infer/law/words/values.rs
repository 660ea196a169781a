//! Colours and faces as things counted: "three different values must show", "there must be
//! at least two colours", "the number of different colours", "every colour may appear at
//! most twice", "no number may appear more than once", "some value must appear three times".

use super::super::{Aspect, Compare, Dice, Law, Number, Property};
use super::meaning::*;
use super::{Alts, Reader};

/// Who of the colours (or faces) a sentence speaks of.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Among {
    Every,
    No,
    Some,
}

impl Reader {
    /// "at least three different numbers", "two colours": how many kinds, of which aspect.
    pub(super) fn kinds_said(&self, at: usize) -> Alts<Whole> {
        let mut out = Vec::new();
        for (q, k) in self.quantity(at) {
            // "a colour", "no colour": one kind is sameness, none is no dice.
            if matches!(q, Quantity::Compared(Compare::Ge, 1) | Quantity::Compared(Compare::Eq, 0))
                && matches!(self.word(at), Some("a" | "an" | "any" | "some" | "no" | "zero"))
            {
                continue;
            }
            // "exactly one colour": one kind, said in the singular.
            let one = matches!(q, Quantity::Compared(_, 1) | Quantity::Bare(1));
            for k2 in self.opts(k, &["different", "distinct", "unique"]) {
                for (a, k3) in self.aspect(k2, one) {
                    // A bare "three numbers" may mean three dice: only colours go bare.
                    if k2 == k && a != Aspect::Colour {
                        continue;
                    }
                    out.push((Whole::Kinds(a, q), k3));
                }
            }
        }
        out
    }

    /// After "there must be": "three different colours", "at least four different values
    /// among the red dice".
    pub(super) fn kinds_exist(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        for (w, k) in self.kinds_said(at) {
            let Whole::Kinds(a, q) = w else { continue };
            let mut sets: Alts<Dice> = vec![(Dice(vec![]), k)];
            for k in self.any(k, &["among the", "among", "on the", "in the"]) {
                sets.extend(self.dice(k, false));
            }
            for (d, k) in sets {
                for law in quantified(Number::Kinds(d, a), q) {
                    out.push((law, k));
                }
            }
        }
        out
    }

    /// "Three different values must show", "at least two colours must be used".
    pub(super) fn kinds_clause(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        for (w, k) in self.kinds_said(at) {
            let Whole::Kinds(a, q) = w else { continue };
            let permissive = matches!(q, Quantity::Compared(Compare::Le | Compare::Lt, _));
            let mut said: Alts<bool> = Vec::new();
            for verb in ["show shows", "appear appears", "occur occurs"] {
                said.extend(self.verb(k, verb, permissive));
            }
            for (neg, k) in self.be(k, permissive) {
                for k in self.any(k, &["shown", "showing", "used", "present", "visible", "seen"]) {
                    said.push((neg, k));
                }
            }
            for (neg, k) in said {
                for law in quantified(Number::Kinds(Dice(vec![]), a), q) {
                    out.push((if neg { negate(law) } else { law }, k));
                }
            }
        }
        out
    }

    /// "Every colour may appear at most twice", "no value may appear more than once", "some
    /// number must appear three times", "every number must show".
    pub(super) fn frequency_clause(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        let mut who: Alts<Among> = Vec::new();
        for (among, words) in [
            (Among::Every, "every"),
            (Among::Every, "each"),
            (Among::Every, "any"),
            (Among::No, "no"),
            (Among::Some, "some"),
            (Among::Some, "a"),
            (Among::Some, "one"),
            (Among::Some, "at least one"),
        ] {
            who.extend(self.seq(at, words).map(|k| (among, k)));
        }
        for (among, k) in who {
            for (a, k) in self.aspect(k, true) {
                let mut said: Alts<bool> = Vec::new();
                for verb in ["appear appears", "occur occurs", "show shows"] {
                    said.extend(self.verb(k, verb, true));
                }
                for (neg, k) in self.be(k, true) {
                    for k in self.any(k, &["used", "shown", "repeated"]) {
                        said.push((neg, k));
                    }
                }
                for (neg, k) in said {
                    for (q, k) in self.times(k) {
                        if let Some(law) = self.frequency(among, a, q, neg, k) {
                            out.push((law, k));
                        }
                    }
                }
            }
        }
        out
    }

    /// How often: "at most twice", "more than once", "three times", "on at least two dice";
    /// nothing said is at least once.
    fn times(&self, at: usize) -> Alts<Quantity> {
        let mut out = vec![(Quantity::Compared(Compare::Ge, 1), at)];
        let count = |k: usize| -> Alts<i64> {
            let mut v = Vec::new();
            for (w, n) in [("once", 1), ("twice", 2), ("thrice", 3)] {
                v.extend(self.lit(k, w).map(|k| (n, k)));
            }
            for (n, k) in self.integer(k) {
                v.extend(self.any(k, &["times", "time"]).into_iter().map(|k| (n, k)));
            }
            v
        };
        // "at most two times", "three times".
        for (q, k) in self.quantity(at) {
            if matches!(q, Quantity::Compared(..) | Quantity::Bare(_)) {
                out.extend(self.any(k, &["times", "time"]).into_iter().map(|k| (q, k)));
            }
        }
        for (op, words) in [
            (Compare::Ge, "at least"),
            (Compare::Le, "at most"),
            (Compare::Le, "no more than"),
            (Compare::Eq, "exactly"),
            (Compare::Eq, "only"),
            (Compare::Gt, "more than"),
            (Compare::Lt, "fewer than"),
            (Compare::Lt, "less than"),
        ] {
            if let Some(k) = self.seq(at, words) {
                out.extend(count(k).into_iter().map(|(n, k)| (Quantity::Compared(op, n), k)));
            }
        }
        for (w, n) in [("once", 1), ("twice", 2), ("thrice", 3)] {
            if let Some(k) = self.lit(at, w) {
                out.push((Quantity::Bare(n), k));
                for k in self.any(k, &["or more"]) {
                    out.push((Quantity::Compared(Compare::Ge, n), k));
                }
                for k in self.any(k, &["or less", "or fewer"]) {
                    out.push((Quantity::Compared(Compare::Le, n), k));
                }
            }
        }
        // "on at most two dice".
        for k in self.any(at, &["on"]) {
            for (q, k) in self.quantity(k) {
                for k in self.any(k, &["dice", "die"]) {
                    out.push((q, k));
                }
            }
        }
        out
    }

    /// The Law "every (no, some) colour appears `q` times" makes, when one says it exactly.
    fn frequency(&self, among: Among, a: Aspect, q: Quantity, neg: bool, at: usize) -> Option<Law> {
        use Compare::*;
        let flip = opposite;
        // "No colour may appear twice": appearing three times appears twice, so a bare
        // number after "no" or "some" is a least number (ruling I24).
        let (op, n) = match q {
            Quantity::Compared(op, n) => (op, n),
            Quantity::Bare(n) if among != Among::Every => (Ge, n),
            _ => {
                self.note(
                    at,
                    "\"every colour\" with a bare number: at least, or exactly? Say which",
                );
                return None;
            }
        };
        // Said of every one: `op` (turned round by a "not", or by "no").
        let (every, op) = match (among, neg) {
            (Among::Every, false) => (true, op),
            (Among::Every, true) | (Among::No, false) => (true, flip(op)),
            (Among::No, true) => (false, op),
            (Among::Some, false) => (false, op),
            (Among::Some, true) => (false, flip(op)),
        };
        let most = Number::MostAlike(Dice(vec![]), a);
        let literal = Number::Literal(n);
        match (every, op) {
            // Every one at most n: the most alike at most n.
            (true, Le | Lt) => Some(Law::Compare(most, op, literal)),
            // Some one at least n: the most alike at least n.
            (false, Ge | Gt) => Some(Law::Compare(most, op, literal)),
            // Every face at least n: each of the six.
            (true, Ge | Gt) if a == Aspect::Face => {
                let each = (1..=6u8).map(|f| {
                    Law::Compare(Number::Count(Dice(vec![Property::Face(f)])), op, literal.clone())
                });
                each.reduce(|x, y| Law::And(Box::new(x), Box::new(y)))
            }
            (true, Ge | Gt) => {
                self.note(at, "\"every colour\" needs the colours of the box, which a Law does not know: name the colours (\"there must be at least one red die and …\")");
                None
            }
            _ => {
                self.note(at, "umpire reads \"every colour (or number) at most …\" and \"some colour at least …\"; say this one with the colours or numbers named");
                None
            }
        }
    }
}
