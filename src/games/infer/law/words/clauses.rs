//! The sentence and its clauses: "there must be …", "all blue dice must …", "the sum of …
//! must …", "every group must …", joined by "and", "or", "if", "unless".

use super::super::{Among, Aspect, Compare, Dice, Law, Number, Property, Scope};
use super::meaning::*;
use super::{adjective, face_noun, Alts, Reader};
use crate::games::infer::experiment::COLOURS;

impl Reader {
    // ---- the sentence ----

    pub(super) fn sentence(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        // "If A then B", "If A, B": B, or A does not hold.
        if let Some(k) = self.lit(at, "if") {
            for (a, k) in self.condition_clause(k) {
                for k in self.opt(k, "then") {
                    for (b, k) in self.sentence(k) {
                        out.push((Law::Or(Box::new(negate(a.clone())), Box::new(b)), k));
                    }
                }
            }
        }
        // "Unless A, B": A or B.
        if let Some(k) = self.lit(at, "unless") {
            for (a, k) in self.condition_clause(k) {
                for (b, k) in self.sentence(k) {
                    out.push((Law::Or(Box::new(a.clone()), Box::new(b)), k));
                }
            }
        }
        for k in self.opts(at, &["either", "both"]) {
            for (parts, joints, k) in self.chain(k) {
                for law in join(parts, &joints) {
                    out.push((law.clone(), k));
                    // "B if A": B, or A does not hold.
                    if let Some(k) = self.lit(k, "if") {
                        for (a, k) in self.condition_clause(k) {
                            out.push((Law::Or(Box::new(negate(a)), Box::new(law.clone())), k));
                        }
                    }
                }
            }
        }
        out
    }

    /// Clauses joined by `and`, `or` (and `unless`, which is an `or`).
    pub(super) fn chain(&self, at: usize) -> Vec<(Vec<Law>, Vec<Joint>, usize)> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        for (law, k) in self.clause(at) {
            out.push((vec![law.clone()], vec![], k));
            let joint = match self.word(k) {
                Some("and") => Joint::And,
                Some("or" | "unless") => Joint::Or,
                _ => {
                    self.expected(k, "and");
                    self.expected(k, "or");
                    continue;
                }
            };
            for (mut parts, mut joints, end) in self.chain(k + 1) {
                parts.insert(0, law.clone());
                joints.insert(0, joint);
                out.push((parts, joints, end));
            }
        }
        out
    }

    pub(super) fn clause(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        // "It must not be that …", "It is not the case that …".
        for k in self.any(at, &["it"]) {
            for (neg, k) in self.be(k, false) {
                // What follows may be joined ("that A and B"): how far the "not" reaches
                // is read both ways when the sentence goes on after A.
                for k in self.any(k, &["that", "the case that", "true that"]) {
                    for (l, k) in self.sentence(k) {
                        out.push((if neg { negate(l) } else { l }, k));
                    }
                }
            }
        }
        out.extend(self.there(at));
        out.extend(self.scoped(at));
        out.extend(self.number_clause(at));
        out.extend(self.dice_clause(at));
        out.extend(self.kinds_clause(at));
        out.extend(self.frequency_clause(at));
        out
    }

    // ---- "There must be …" ----

    pub(super) fn there(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        let Some(k) = self.lit(at, "there") else { return out };
        for (neg, k) in self.be(k, false) {
            // "There must be a red die and a blue die": what must be, joined.
            let mut joined = self.existences(k);
            // "both red dice and blue dice": with "both" or "either" said, each part may be
            // a bare plural.
            for k in self.any(k, &["both", "either"]) {
                joined.extend(self.existences_from(k, true, true));
            }
            for (parts, joints, k) in joined {
                for law in join(parts, &joints) {
                    out.push((if neg { negate(law) } else { law }, k));
                }
            }
        }
        out
    }

    /// What there must be, one or more joined by `and` and `or`.
    pub(super) fn existences(&self, at: usize) -> Vec<(Vec<Law>, Vec<Joint>, usize)> {
        self.existences_from(at, true, false)
    }

    /// `first`: whether this is the first of the joined parts. Only the first may be a bare
    /// plural: in "no red or blue dice", "blue dice" leans on the "no", which umpire does not
    /// carry over, so it is not read as "some blue dice".
    fn existences_from(
        &self,
        at: usize,
        first: bool,
        bare: bool,
    ) -> Vec<(Vec<Law>, Vec<Joint>, usize)> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        let mut parts = self.exists(at);
        // A bare plural: "there must not be red dice", "there are blue dice" (some).
        if first || bare {
            for (d, k) in self.dice(at, false) {
                parts.push((Law::Compare(Number::Count(d), Compare::Ge, Number::Literal(1)), k));
            }
        }
        let first = parts;
        for (law, k) in first {
            out.push((vec![law.clone()], vec![], k));
            let joint = match self.word(k) {
                Some("and") => Joint::And,
                Some("or") => Joint::Or,
                // "a 3, a 4 and a 5" (the commas are gone): a list joined as its last
                // joint says.
                _ if k < self.tokens.len() => {
                    for (mut parts, mut joints, end) in self.existences_from(k, false, false) {
                        if let Some(&next) = joints.first() {
                            parts.insert(0, law.clone());
                            joints.insert(0, next);
                            out.push((parts, joints, end));
                        }
                    }
                    continue;
                }
                _ => continue,
            };
            for (mut parts, mut joints, end) in self.existences_from(k + 1, false, bare) {
                parts.insert(0, law.clone());
                joints.insert(0, joint);
                out.push((parts, joints, end));
            }
        }
        out
    }

    /// What "there must be" is followed by.
    pub(super) fn exists(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        // "at least one red die", "exactly two 2s", "an even number of dice".
        for (q, k) in self.quantity(at) {
            for (d, k) in self.dice(k, false) {
                for law in quantified(Number::Count(d), q) {
                    out.push((law, k));
                }
            }
            // Groups: "exactly two groups", "a single group".
            for k in self.any(k, &["group", "groups"]) {
                for law in quantified(Number::Groups, q) {
                    out.push((law, k));
                }
            }
            // "a stack", "no stacks".
            for k in self.any(k, &["stack", "stacks"]) {
                match q {
                    Quantity::Compared(Compare::Ge, 1) => {
                        out.push((Law::Some(Dice(vec![]), Property::Stacked), k))
                    }
                    Quantity::Compared(Compare::Eq, 0) => {
                        out.push((Law::No(Dice(vec![]), Property::Stacked), k))
                    }
                    // Every stack stands on one covered die on the table, so "exactly two
                    // stacks" counts those.
                    _ => {
                        let bottoms = Dice(vec![Property::OnTable, Property::Hidden]);
                        for law in quantified(Number::Count(bottoms), q) {
                            out.push((law, k));
                        }
                    }
                }
            }
        }
        for k in self.any(at, &["a single group", "one single group", "only one group"]) {
            out.push((Law::Compare(Number::Groups, Compare::Eq, Number::Literal(1)), k));
        }
        // "a group of at least three dice", "a group with a red die", "a group where …".
        for k in self.any(at, &["a group", "some group", "any group"]) {
            for k in self.any(k, &["of", "with", "containing", "that has"]) {
                for (q, k) in self.quantity(k) {
                    for (d, k) in self.dice_or_none(k) {
                        for law in quantified(Number::Count(d), q) {
                            out.push((scoped(Scope::Group, Among::Some, law), k));
                        }
                    }
                }
            }
            for k in self.any(k, &["where", "in which"]) {
                for (law, k) in self.clause(k) {
                    out.push((scoped(Scope::Group, Among::Some, law), k));
                }
            }
        }
        // "more odd dice than even dice", "fewer blue dice than red dice".
        for (op, k) in [
            (Compare::Gt, self.lit(at, "more")),
            (Compare::Lt, self.lit(at, "fewer")),
            (Compare::Lt, self.lit(at, "less")),
            (Compare::Le, self.seq(at, "no more")),
            (Compare::Ge, self.seq(at, "no fewer")),
            (Compare::Ge, self.seq(at, "no less")),
        ] {
            let Some(k) = k else { continue };
            for (a, k) in self.noun_phrases(k, false) {
                let Some(k) = self.lit(k, "than") else { continue };
                for (b, k) in self.compared_dice(k, &a) {
                    // "more red dice than blue or white dice": than both together, or than
                    // each? Not read.
                    if b.0.iter().any(|p| matches!(p, Property::Either(_))) {
                        self.note(
                            k,
                            "\"than … or …\" can mean both together or each of them: say which",
                        );
                        continue;
                    }
                    out.push((Law::Compare(Number::Count(a.dice()), op, Number::Count(b)), k));
                }
            }
        }
        // "as many red dice as blue dice", "at least as many …", "twice as many …".
        let as_many: [(&'static str, Compare, i64); 5] = [
            ("as many", Compare::Eq, 1),
            ("at least as many", Compare::Ge, 1),
            ("at most as many", Compare::Le, 1),
            ("twice as many", Compare::Eq, 2),
            ("exactly as many", Compare::Eq, 1),
        ];
        for (words, op, times) in as_many {
            let Some(k) = self.seq(at, words) else { continue };
            for (a, k) in self.noun_phrases(k, false) {
                let Some(k) = self.lit(k, "as") else { continue };
                for (b, k) in self.compared_dice(k, &a) {
                    let b = Number::Count(b);
                    let b = if times == 1 { b } else { times_number(times, b) };
                    out.push((Law::Compare(Number::Count(a.dice()), op, b), k));
                }
            }
        }
        // "the same number of red dice as (or and) blue dice", "an equal number of …".
        for k in self.any(at, &["the same number of", "an equal number of"]) {
            for (a, k) in self.noun_phrases(k, false) {
                for k in self.any(k, &["as", "and"]) {
                    for (b, k) in self.compared_dice(k, &a) {
                        out.push((
                            Law::Compare(Number::Count(a.dice()), Compare::Eq, Number::Count(b)),
                            k,
                        ));
                    }
                }
            }
        }
        out.extend(self.lines(at));
        out.extend(self.kinds_exist(at));
        out
    }

    /// Lines: "a line of three dice", "three dice in a row counting up by one", "two dice in a
    /// row showing the same number". A line of four holds a line of three, so a bare length
    /// is a least length.
    pub(super) fn lines(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        // The length, said first ("three dice in a row") or after ("a line of three dice").
        let mut lengths: Alts<i64> = Vec::new();
        let length = |k: usize| -> Alts<i64> {
            let mut v = Vec::new();
            for k in self.opts(k, &["at least"]) {
                for (n, k) in self.integer(k) {
                    for k in self.opts(k, &["dice", "die", "or more", "or more dice"]) {
                        v.push((n, k));
                    }
                }
            }
            v
        };
        // A straight, a run or a sequence steps by one, as in card games
        // (`grammar/infer-english.ebnf`, `line`).
        const RUNS: [&str; 4] =
            ["a straight of", "a run of", "a sequence of", "an ascending run of"];
        for k in self.any(at, &["a line of", "a row of"]).into_iter().chain(self.any(at, &RUNS)) {
            lengths.extend(length(k));
        }
        for (n, k) in length(at) {
            for k in
                self.any(k, &["in a row", "in a line", "in a row or column", "in a line or column"])
            {
                lengths.push((n, k));
            }
        }
        // "Ascending" or "in order" need not step by one (1, 3, 5): only words that say
        // "by one" are a run (a straight is one).
        let ascending = RUNS.iter().any(|r| self.seq(at, r).is_some());
        for (n, k) in lengths {
            let n32 = u32::try_from(n).unwrap_or(u32::MAX);
            if n < 2 {
                self.expected(k.saturating_sub(1), "a length of 2 or more");
                continue;
            }
            if !ascending {
                out.push((Law::Line(n32), k));
            }
            for k in self.any(
                k,
                &[
                    "counting up",
                    "counting up by one",
                    "counting up by 1",
                    "of consecutive numbers",
                    "showing consecutive numbers",
                    "with consecutive numbers",
                    "counting down",
                    "counting down by one",
                    "going down by one",
                    "going up by one",
                ],
            ) {
                out.push((Law::Ascending(n32), k));
            }
            if ascending {
                out.push((Law::Ascending(n32), k));
            }
            for k in self.any(
                k,
                &[
                    "showing the same number",
                    "showing the same face",
                    "showing the same value",
                    "with the same number",
                    "with the same face",
                    "of the same number",
                    "all showing the same number",
                ],
            ) {
                out.push((Law::Repeated(n32), k));
            }
        }
        out
    }

    // ---- "All blue dice must be 5s" ----

    pub(super) fn dice_clause(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        for (det, k) in self.determiner(at) {
            // "May" requires nothing, except after "no" ("no die may be red") and an upper
            // bound ("at most one die may be red").
            let permissive = matches!(
                det,
                Determiner::No
                    | Determiner::NoTwo
                    | Determiner::NotAll
                    | Determiner::Only
                    | Determiner::Minority
                    | Determiner::Counted(Quantity::Compared(Compare::Le | Compare::Lt, _))
                    | Determiner::Share(Compare::Le | Compare::Lt, ..)
            );
            for (d, k_set) in self.dice(k, false) {
                // "All dice in a stack must be the same colour" speaks of each stack on its
                // own, which is no part a Law can take (groups and lines are): not read.
                let one_stack = (k..k_set).any(|i| self.seq(i, "in a stack").is_some());
                for (pred, k) in self.predicate(k_set, permissive) {
                    if one_stack && matches!(pred, Predicate::Whole(..)) {
                        self.note(k, "\"in a stack\" with \"the same\" or \"each other\" speaks of each stack on its own, which umpire cannot take apart; say \"all stacked dice …\" for all of them together");
                        continue;
                    }
                    for law in apply(det, d.clone(), pred) {
                        out.push((simpler(law), k));
                    }
                }
            }
        }
        out
    }

    /// What the dice must be or do, or one of two: "be red or touch a red die".
    pub(super) fn predicate(&self, at: usize, permissive: bool) -> Alts<Predicate> {
        let mut out = self.single_predicate(at, permissive);
        let mut i = 0;
        while i < out.len() && self.step() {
            if let (Predicate::Each(p, false), k) = out[i].clone() {
                let Some(k) = self.lit(k, "or") else {
                    i += 1;
                    continue;
                };
                // The second says its verb without the modal: "or touch", "or be".
                let mut second = self.single_predicate(k, permissive);
                if let Some(k) = self.lit(k, "be") {
                    second.extend(self.complement(k));
                }
                for (q, k) in second {
                    if let Predicate::Each(q, false) = q {
                        out.push((Predicate::Each(one_of(&p, q), false), k));
                    }
                }
            }
            i += 1;
        }
        out
    }

    fn single_predicate(&self, at: usize, permissive: bool) -> Alts<Predicate> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        for (neg, k) in self.be(at, permissive) {
            for (p, k) in self.complement(k) {
                out.push((negated(p, neg), k));
            }
        }
        // "touch a blue die", "touch each other", "touch" (each other, or another die?).
        for (neg, k) in self.verb(at, "touch touches", permissive) {
            for k in self.any(k, &["each other", "one another"]) {
                out.push((Predicate::Whole(Whole::EachOther, neg), k));
            }
            for (p, k) in self.touch_object(k) {
                out.push((Predicate::Each(p, neg), k));
            }
            out.push((Predicate::Whole(Whole::EachOther, neg), k));
            out.push((Predicate::Whole(Whole::TouchSomething, neg), k));
        }
        for (neg, k) in self.verb(at, "show shows", permissive) {
            for (p, k) in self.shown_either(k) {
                out.push((Predicate::Each(p, neg), k));
            }
            out.extend(self.kinds_said(k).into_iter().map(|(w, k)| (Predicate::Whole(w, neg), k)));
            out.extend(self.sameness(k).into_iter().map(|(w, k)| (Predicate::Whole(w, neg), k)));
        }
        for (neg, k) in self.verb(at, "have has", permissive) {
            out.extend(self.sameness(k).into_iter().map(|(w, k)| (Predicate::Whole(w, neg), k)));
            out.extend(self.kinds_said(k).into_iter().map(|(w, k)| (Predicate::Whole(w, neg), k)));
        }
        for (neg, k) in self.verb(at, "share shares", permissive) {
            for k in self.any(
                k,
                &[
                    "a colour",
                    "a color",
                    "one colour",
                    "one color",
                    "the same colour",
                    "the same color",
                ],
            ) {
                out.push((Predicate::Whole(Whole::Same(Aspect::Colour), neg), k));
            }
            for k in self
                .any(k, &["a number", "a face", "one number", "the same number", "the same face"])
            {
                out.push((Predicate::Whole(Whole::Same(Aspect::Face), neg), k));
            }
        }
        for (neg, k) in self.verb(at, "form forms", permissive) {
            for k in self.any(k, &["one group", "a single group", "a group", "one single group"]) {
                out.push((Predicate::Whole(Whole::OneGroup, neg), k));
            }
        }
        for (neg, k) in self
            .verb(at, "stand stands", permissive)
            .into_iter()
            .chain(self.verb(at, "sit sits", permissive))
            .chain(self.verb(at, "lie lies", permissive))
            .chain(self.verb(at, "rest rests", permissive))
        {
            for (p, k) in self.place(k) {
                out.push((Predicate::Each(p, neg), k));
            }
        }
        // "add up to 10", "sum to more than 6", "total an even number".
        for (neg, k) in self
            .verb(at, "add adds", permissive)
            .into_iter()
            .filter_map(|(n, k)| self.seq(k, "up to").map(|k| (n, k)))
            .chain(
                self.verb(at, "sum sums", permissive)
                    .into_iter()
                    .filter_map(|(n, k)| self.lit(k, "to").map(|k| (n, k))),
            )
            .chain(self.verb(at, "total totals", permissive))
            .chain(
                self.verb(at, "come comes", permissive)
                    .into_iter()
                    .filter_map(|(n, k)| self.lit(k, "to").map(|k| (n, k))),
            )
        {
            for ((op, n), k) in self.compared(k) {
                out.push((Predicate::Whole(Whole::SumCompared(op, n), neg), k));
            }
            for (kind, k) in self.kind(k) {
                out.push((Predicate::Whole(Whole::SumIs(kind), neg), k));
            }
        }
        out
    }

    /// What follows "must be", and "red or blue", "a 5 or a 6": one of several.
    pub(super) fn complement(&self, at: usize) -> Alts<Predicate> {
        let mut out = self.single_complement(at);
        if !self.step() {
            return out;
        }
        let mut i = 0;
        while i < out.len() {
            if let (Predicate::Each(p, false), k) = out[i].clone() {
                // "red, blue or white": the commas are gone; a list ends in "or".
                let mut joints = self.any(k, &["or", "or else"]);
                let colour = |at: usize| self.word(at).is_some_and(|w| COLOURS.contains(&w));
                if matches!(p, Property::Colour(_))
                    && colour(k)
                    && (colour(k + 1) || self.word(k + 1) == Some("or"))
                {
                    joints.push(k);
                }
                for k in joints {
                    for (q, k) in self.single_complement(k) {
                        if let Predicate::Each(q, false) = q {
                            out.push((Predicate::Each(one_of(&p, q), false), k));
                        }
                    }
                }
            }
            i += 1;
        }
        // "allowed", "forbidden", "required": of the dice as a whole.
        for k in self.any(at, &["allowed", "permitted", "used", "played", "legal"]) {
            out.push((Predicate::Whole(Whole::Allowed, false), k));
        }
        for k in self.any(at, &["forbidden", "banned", "prohibited", "illegal", "disallowed"]) {
            out.push((Predicate::Whole(Whole::Allowed, true), k));
        }
        for k in self.any(at, &["required", "needed", "necessary", "mandatory"]) {
            out.push((Predicate::Whole(Whole::Required, false), k));
        }
        // "of at least two different colours".
        for k in self.opts(at, &["of"]) {
            out.extend(
                self.kinds_said(k).into_iter().map(|(w, k)| (Predicate::Whole(w, false), k)),
            );
        }
        out
    }

    /// One thing a die (or the dice) must be: a colour, odd, a face, stacked, alone, the
    /// same colour, ….
    fn single_complement(&self, at: usize) -> Alts<Predicate> {
        let mut out = Vec::new();
        let each = |p: Property| Predicate::Each(p, false);
        if let Some(w) = self.word(at) {
            if let Some(p) = adjective(w) {
                out.push((each(p), at + 1));
            }
            if let Some(c) = w.strip_suffix('s').filter(|c| COLOURS.contains(c)) {
                out.push((each(Property::Colour(c.to_string())), at + 1));
            }
            match w {
                "alone" | "isolated" | "lonely" => out.push((each(Property::Alone), at + 1)),
                "uncovered" => out.push((each(Property::Visible), at + 1)),
                "buried" => out.push((each(Property::Hidden), at + 1)),
                _ => {}
            }
        }
        for k in self.any(at, &["odd numbers", "an odd number"]) {
            out.push((each(Property::Odd), k));
        }
        for k in self.any(at, &["even numbers", "an even number"]) {
            out.push((each(Property::Even), k));
        }
        out.extend(self.shown(at).into_iter().map(|(p, k)| (each(p), k)));
        // A bare face after "be": "be 5s", "be fives".
        if let Some(f) = self.word(at).and_then(|w| face_noun(w, true)) {
            out.push((each(Property::Face(f)), at + 1));
        }
        for k in self.any(at, &["divisible by"]) {
            for (n, k) in self.integer(k) {
                if n >= 1 {
                    out.push((each(Property::DivisibleBy(n as u32)), k));
                }
            }
        }
        // "All faces must be between 2 and 5", "every red die must be at least 4".
        out.extend(self.face_range(at).into_iter().map(|(p, k)| (each(p), k)));
        out.extend(self.place(at).into_iter().map(|(p, k)| (each(p), k)));
        for k in self.any(at, &["touching each other", "touching one another"]) {
            out.push((Predicate::Whole(Whole::EachOther, false), k));
        }
        // "Red dice must be touching": each other, or another die? Both readings.
        if let Some(k) = self.lit(at, "touching") {
            out.push((Predicate::Whole(Whole::EachOther, false), k));
            out.push((Predicate::Whole(Whole::TouchSomething, false), k));
        }
        let one_group =
            ["in one group", "in a single group", "in the same group", "together", "connected"];
        for k in self.any(at, &one_group) {
            out.push((Predicate::Whole(Whole::OneGroup, false), k));
        }
        out.extend(self.sameness(at).into_iter().map(|(w, k)| (Predicate::Whole(w, false), k)));
        out
    }

    /// "the same colour", "different numbers", "unique" (colour or number? both readings).
    pub(super) fn sameness(&self, at: usize) -> Alts<Whole> {
        let mut out = Vec::new();
        for k in self.opts(at, &["all", "of", "all of"]) {
            for k in self.any(k, &["the same", "one", "a single"]) {
                out.extend(self.aspect(k, true).into_iter().map(|(a, k)| (Whole::Same(a), k)));
                out.push((Whole::Same(Aspect::Colour), k));
                out.push((Whole::Same(Aspect::Face), k));
            }
            for k in self.any(k, &["different", "unique", "distinct"]) {
                out.extend(
                    self.aspect(k, false).into_iter().map(|(a, k)| (Whole::Different(a), k)),
                );
                out.push((Whole::Different(Aspect::Colour), k));
                out.push((Whole::Different(Aspect::Face), k));
            }
        }
        out
    }

    pub(super) fn aspect(&self, at: usize, one: bool) -> Alts<Aspect> {
        let mut out = Vec::new();
        let colour: &[&'static str] =
            if one { &["colour", "color"] } else { &["colours", "colors"] };
        let face: &[&'static str] = if one {
            &["number", "face", "value", "top face"]
        } else {
            &["numbers", "faces", "values", "top faces"]
        };
        out.extend(self.any(at, colour).into_iter().map(|k| (Aspect::Colour, k)));
        out.extend(self.any(at, face).into_iter().map(|k| (Aspect::Face, k)));
        out
    }

    // ---- groups and lines, one at a time ----

    pub(super) fn scoped(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        let among = |k: usize| -> Alts<(Among, Scope)> {
            let mut v = Vec::new();
            for (a, words) in [
                (Among::Every, "every"),
                (Among::Every, "each"),
                (Among::Every, "all"),
                (Among::Some, "some"),
                (Among::Some, "at least one"),
                (Among::No, "no"),
            ] {
                let Some(k) = self.seq(k, words) else { continue };
                for (s, w) in [
                    (Scope::Group, "group"),
                    (Scope::Group, "groups"),
                    (Scope::Line, "line"),
                    (Scope::Line, "lines"),
                ] {
                    if let Some(k) = self.lit(k, w) {
                        v.push(((a, s), k));
                    }
                }
            }
            v
        };
        // "In every group, the sum of the dice must be divisible by three."
        for k in self.any(at, &["in", "within", "for"]) {
            for ((a, s), k) in among(k) {
                for (law, k) in self.clause(k) {
                    out.push((scoped(s, a, law), k));
                }
            }
        }
        for ((a, s), k) in among(at) {
            let permissive = a == Among::No;
            // "Every group must contain at least one red die."
            for (neg, k) in self
                .verb(k, "contain contains", permissive)
                .into_iter()
                .chain(self.verb(k, "have has", permissive))
                .chain(self.verb(k, "include includes", permissive))
            {
                let mut found = self.exists(k);
                // "contain red dice": some.
                for (d, k) in self.dice(k, false) {
                    found
                        .push((Law::Compare(Number::Count(d), Compare::Ge, Number::Literal(1)), k));
                }
                for (law, k) in found {
                    out.push((scoped(s, a, if neg { negate(law) } else { law }), k));
                }
            }
            // "Some group must be all blue", "every group must add up to a multiple of 3".
            for (pred, k) in self.predicate(k, permissive) {
                for law in apply(Determiner::All, Dice(vec![]), pred) {
                    out.push((scoped(s, a, law), k));
                }
            }
        }
        out
    }
}
