//! Faces as said: "a 5", "fives", "an odd number", "a number greater than 4", "a 2, a 4
//! or a 6", "between 2 and 5".

use super::super::{Compare, Property};
use super::meaning::one_of;
use super::{face_noun, Alts, Reader, NUMBER_WORDS};

impl Reader {
    /// A face shown, or one of several: "a 5 or a 6", "an odd number or a 6".
    pub(super) fn shown_either(&self, at: usize) -> Alts<Property> {
        let mut out = self.shown(at);
        let mut i = 0;
        while i < out.len() && self.step() {
            let (p, k) = out[i].clone();
            let mut joints = self.any(k, &["or"]);
            // "a 2, a 4 or a 6" (the commas are gone): a list ends in "or".
            if self
                .shown(k)
                .iter()
                .any(|(_, j)| matches!(self.word(*j), Some("or")) || !self.shown(*j).is_empty())
            {
                joints.push(k);
            }
            for k in joints {
                for (q, k) in self.shown(k) {
                    out.push((one_of(&p, q), k));
                }
            }
            i += 1;
        }
        out
    }

    /// A face shown: "a 5", "5", "fives", "an odd number", "an even number".
    pub(super) fn shown(&self, at: usize) -> Alts<Property> {
        let mut out = Vec::new();
        for k in self.opts(at, &["a", "an"]) {
            if let Some(f) = self.word(k).and_then(|w| face_noun(w, true)) {
                out.push((Property::Face(f), k + 1));
            }
            if let Some(f) = self
                .word(k)
                .and_then(|w| NUMBER_WORDS.iter().position(|x| *x == w))
                .filter(|f| (1..=6).contains(f))
            {
                out.push((Property::Face(f as u8), k + 1));
            }
        }
        self.expected(at, "a face from 1 to 6");
        for k in self.any(at, &["an odd number", "an odd face", "odd numbers"]) {
            out.push((Property::Odd, k));
        }
        for k in self.any(at, &["an even number", "an even face", "even numbers"]) {
            out.push((Property::Even, k));
        }
        // "a number greater than 4", "a face between 2 and 5": one of those faces.
        for k in self.any(at, &["a number", "a face", "a value"]) {
            out.extend(self.face_range(k));
        }
        for k in self.any(at, &["a number divisible by", "a multiple of"]) {
            for (n, k) in self.integer(k) {
                if n >= 1 {
                    out.push((Property::DivisibleBy(n as u32), k));
                }
            }
        }
        out
    }

    /// A face compared with a number: "greater than 4", "at most 3", "between 2 and 5" —
    /// the faces that are, as one property (none: not read).
    pub(super) fn face_range(&self, at: usize) -> Alts<Property> {
        use Compare::*;
        let mut ranges: Alts<(i64, i64)> = Vec::new();
        for (words, op) in [
            ("greater than", Gt),
            ("higher than", Gt),
            ("more than", Gt),
            ("larger than", Gt),
            ("above", Gt),
            ("over", Gt),
            ("at least", Ge),
            ("at most", Le),
            ("no more than", Le),
            ("less than", Lt),
            ("lower than", Lt),
            ("smaller than", Lt),
            ("below", Lt),
            ("under", Lt),
        ] {
            let Some(k) = self.seq(at, words) else { continue };
            for (n, k) in self.integer(k) {
                let range = match op {
                    Gt => (n + 1, 6),
                    Ge => (n, 6),
                    Le => (1, n),
                    _ => (1, n - 1),
                };
                ranges.push((range, k));
            }
        }
        for k in self.any(at, &["between", "from"]) {
            for (low, k) in self.integer(k) {
                for k in self.any(k, &["and", "to"]) {
                    for (high, k) in self.integer(k) {
                        ranges.push(((low, high), k));
                    }
                }
            }
        }
        let mut out = Vec::new();
        for ((low, high), k) in ranges {
            let faces: Vec<Property> =
                (low.max(1)..=high.min(6)).map(|f| Property::Face(f as u8)).collect();
            match faces.len() {
                0 => self.note(k, "no face from 1 to 6 is that"),
                1 => out.push((faces[0].clone(), k)),
                // Every face: any die showing one (a covered die shows none).
                6 => out.push((Property::Visible, k)),
                _ => out.push((Property::Either(faces), k)),
            }
        }
        out
    }
}
