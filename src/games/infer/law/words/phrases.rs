//! The phrases of a clause: sets of dice ("odd blue dice touching a white die"), modal
//! verbs ("must", "may not"), and numbers ("three times the number of dice").

use super::super::{Compare, Dice, Direction, Kind, Law, Number, Property};
use super::meaning::*;
use super::{face_noun, prenominal, Alts, Reader, NUMBER_WORDS};
use crate::games::infer::experiment::COLOURS;

impl Reader {
    // ---- sets of dice ----

    /// A set of dice: "red dice", "odd blue dice", "a red 2", "5s", "stacked dice touching a
    /// white die", "dice in the north". With `elided`, the noun may be left out, as after
    /// "than" ("more red dice than blue").
    pub(super) fn dice(&self, at: usize, elided: bool) -> Alts<Dice> {
        self.noun_phrases(at, elided).into_iter().map(|(np, k)| (np.dice(), k)).collect()
    }

    pub(super) fn noun_phrases(&self, at: usize, elided: bool) -> Alts<NounPhrase> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        for start in self.opts(at, &["the", "all the", "all of the", "all"]) {
            let prefixed = start > at;
            // Adjectives, in the order said; "red or blue" is one of them.
            let mut props: Vec<Property> = Vec::new();
            let mut k = start;
            let colour = |at: usize| self.word(at).is_some_and(|w| COLOURS.contains(&w));
            while let Some(p) = self.word(k).and_then(prenominal) {
                k += 1;
                let mut either = vec![p];
                // "red, blue or white dice" (the commas are gone): colours in a row that
                // end in "or" and a colour are one choice.
                let mut end = k;
                while colour(end) {
                    end += 1;
                }
                if colour(k - 1) && end > k && self.word(end) == Some("or") && colour(end + 1) {
                    either.extend((k..end).filter_map(|i| self.word(i).and_then(prenominal)));
                    k = end;
                }
                while self.word(k) == Some("or") {
                    match self.word(k + 1).and_then(prenominal) {
                        Some(q) => {
                            either.push(q);
                            k += 2;
                        }
                        None => break,
                    }
                }
                props.push(if either.len() == 1 {
                    either.pop().expect("one")
                } else {
                    Property::Either(either)
                });
            }
            self.expected(k, "a colour");
            // The noun.
            let mut heads: Vec<(Option<Property>, usize)> = Vec::new();
            for n in self.any(k, &["dice", "die"]) {
                heads.push((None, n));
            }
            if let Some(w) = self.word(k) {
                let after_article = start > 0
                    && self.word(start - 1).is_some_and(|w| {
                        matches!(w, "a" | "an" | "one" | "every" | "each" | "no" | "any")
                    });
                if let Some(f) = face_noun(w, !props.is_empty() || after_article) {
                    heads.push((Some(Property::Face(f)), k + 1));
                }
                // "a six", "every one" is not a face: only two to six, after an article.
                if let Some(f) = NUMBER_WORDS[2..=6].iter().position(|x| *x == w) {
                    if after_article || !props.is_empty() {
                        heads.push((Some(Property::Face(f as u8 + 2)), k + 1));
                    }
                }
                match w {
                    // "the faces", "all visible faces": the dice that show one.
                    "faces" | "face" => heads.push((Some(Property::Visible), k + 1)),
                    "odds" => heads.push((Some(Property::Odd), k + 1)),
                    "evens" => heads.push((Some(Property::Even), k + 1)),
                    w if w.ends_with('s') && COLOURS.contains(&&w[..w.len() - 1]) => {
                        heads.push((Some(Property::Colour(w[..w.len() - 1].to_string())), k + 1))
                    }
                    _ => {}
                }
            }
            self.expected(k, "dice");
            if !props.is_empty() || elided {
                heads.push((None, k));
            }
            // "1s or 6s", "reds or blues": one of two nouns.
            let mut either_heads = Vec::new();
            for (head, k) in &heads {
                let Some(p) = head else { continue };
                let Some(k) = self.lit(*k, "or") else { continue };
                let Some(w) = self.word(k) else { continue };
                let second = face_noun(w, false).map(Property::Face).or_else(|| {
                    w.strip_suffix('s')
                        .filter(|c| COLOURS.contains(c))
                        .map(|c| Property::Colour(c.to_string()))
                });
                if let Some(q) = second {
                    either_heads.push((Some(Property::Either(vec![p.clone(), q])), k + 1));
                }
            }
            heads.extend(either_heads);
            for (head, k) in heads {
                let noun = head.is_some() || k > start + props.len();
                let mut said = props.clone();
                said.extend(head);
                for (post, k) in self.post_modifiers(k, 0) {
                    if said.is_empty() && post.is_empty() && !noun {
                        continue;
                    }
                    let np = NounPhrase { said: said.clone(), post, noun, prefixed };
                    // A die has one colour and one face: "a red blue die" is no die at all.
                    if np.possible() {
                        out.push((np, k));
                    } else {
                        self.note(
                            k,
                            "a die has one colour and one face: these words describe no die",
                        );
                    }
                }
            }
        }
        out
    }

    /// The second set of a comparison, whose words may lean on the first: "more red dice in
    /// stacks than on the table" compares red dice with red dice.
    pub(super) fn compared_dice(&self, at: usize, first: &NounPhrase) -> Alts<Dice> {
        self.noun_phrases(at, true)
            .into_iter()
            .map(|(np, k)| {
                if np.said.is_empty() && !np.noun {
                    let mut all = first.said.clone();
                    all.extend(np.post);
                    (Dice(all), k)
                } else {
                    (np.dice(), k)
                }
            })
            .collect()
    }

    /// Dice, or nothing said (then: the dice), as in "a group of three".
    pub(super) fn dice_or_none(&self, at: usize) -> Alts<Dice> {
        let mut out = self.dice(at, false);
        out.push((Dice(vec![]), at));
        out
    }

    /// What follows the noun: "showing a 5", "touching a blue die", "on the table", "in a
    /// stack", "that are odd", "in the north".
    pub(super) fn post_modifiers(&self, at: usize, depth: usize) -> Alts<Vec<Property>> {
        let mut out = vec![(vec![], at)];
        if depth > 3 || !self.step() {
            return out;
        }
        let mut singles: Alts<Property> = Vec::new();
        for k in self.any(at, &["showing", "that show", "that shows", "which show", "with"]) {
            singles.extend(self.shown_either(k));
        }
        for k in self.any(at, &["that are", "that is", "which are", "which is"]) {
            for k in self.opts(k, &["not"]) {
                let not = k > at + 2;
                singles.extend(self.complement(k).into_iter().filter_map(|(p, k)| match p {
                    Predicate::Each(p, false) if not => Some((Property::Not(Box::new(p)), k)),
                    Predicate::Each(p, false) => Some((p, k)),
                    _ => None,
                }));
            }
        }
        for k in self.any(at, &["that do not", "that does not", "which do not", "which does not"]) {
            for k in self.any(k, &["show", "touch"]) {
                let found = if self.word(k - 1) == Some("show") {
                    self.shown_either(k)
                } else {
                    self.touch_object(k)
                };
                singles.extend(found.into_iter().map(|(p, k)| (Property::Not(Box::new(p)), k)));
            }
        }
        for k in self.any(at, &["not"]) {
            singles.extend(self.place(k).into_iter().map(|(p, k)| (Property::Not(Box::new(p)), k)));
        }
        for k in self.any(at, &["that touch", "that touches", "which touch", "which touches"]) {
            singles.extend(self.touch_object(k));
        }
        singles.extend(self.place(at));
        for k in self.any(at, &["divisible by"]) {
            for (n, k) in self.integer(k) {
                if n >= 1 {
                    singles.push((Property::DivisibleBy(n as u32), k));
                }
            }
        }
        for (p, k) in singles {
            for (mut rest, k) in self.post_modifiers(k, depth + 1) {
                rest.insert(0, p.clone());
                out.push((rest, k));
            }
        }
        out
    }

    /// Where a die is, as a property: "touching a red die", "next to …", "on the table",
    /// "in a stack", "alone", "in the north".
    pub(super) fn place(&self, at: usize) -> Alts<Property> {
        let mut out = Vec::new();
        for k in self.any(at, &["touching", "next to", "adjacent to", "beside"]) {
            out.extend(self.touch_object(k));
        }
        for k in self.any(at, &["on the table", "touching the table"]) {
            out.push((Property::OnTable, k));
        }
        // On another die: off the table.
        for k in self.opts(at, &["resting", "stacked", "placed", "sitting", "standing"]) {
            for k in self.any(k, &["on top of", "on", "upon", "atop"]) {
                for k in self.any(
                    k,
                    &[
                        "another die",
                        "other dice",
                        "a die",
                        "another",
                        "some die",
                        "some other die",
                    ],
                ) {
                    out.push((Property::Not(Box::new(Property::OnTable)), k));
                }
            }
        }
        for k in self.any(at, &["off the table", "not on the table"]) {
            out.push((Property::Not(Box::new(Property::OnTable)), k));
        }
        for k in self.any(at, &["in a stack", "in stacks", "part of a stack"]) {
            out.push((Property::Stacked, k));
        }
        for k in self.any(at, &["on its own", "on their own", "by itself", "by themselves"]) {
            out.push((Property::Alone, k));
        }
        for k in self.any(at, &["under another die", "under other dice", "covered by another die"])
        {
            out.push((Property::Hidden, k));
        }
        for k in self.any(at, &["in the"]) {
            for d in Direction::ALL {
                if let Some(k) = self.lit(k, d.name()) {
                    out.push((Property::Toward(d), k));
                }
            }
        }
        out
    }

    /// What a die touches: "a blue die", "another die", "nothing", "no other die".
    pub(super) fn touch_object(&self, at: usize) -> Alts<Property> {
        let mut out = Vec::new();
        for k in self.any(at, &["nothing", "no other die", "no other dice", "no dice", "no die"]) {
            out.push((Property::Alone, k));
        }
        for k in self.any(at, &["the table", "the ground"]) {
            out.push((Property::OnTable, k));
        }
        for k in self.any(
            at,
            &[
                "another die",
                "any other die",
                "any other dice",
                "any die",
                "other dice",
                "another",
                "something",
                "a die",
                "other die",
                "some die",
                "some other die",
            ],
        ) {
            out.push((Property::Touching(Dice(vec![])), k));
        }
        // A die like it: "a die of the same colour", "another die showing the same number".
        for k in self.any(
            at,
            &[
                "a die",
                "another die",
                "a die of",
                "another die of",
                "any die",
                "any other die",
                "dice",
                "other dice",
            ],
        ) {
            for k in self.any(k, &["the same", "the same colour as itself", "its own"]) {
                for (a, k) in self.aspect(k, true) {
                    out.push((Property::TouchingAlike(a), k));
                }
            }
            for k in self.any(
                k,
                &[
                    "showing the same",
                    "with the same",
                    "that shows the same",
                    "that has the same",
                    "having the same",
                ],
            ) {
                for (a, k) in self.aspect(k, true) {
                    out.push((Property::TouchingAlike(a), k));
                }
            }
        }
        // "touch a blue die" is one of them; "touch the blue dice", "touch all blue dice" say
        // all of them, which no Law here says: those are not read.
        for k in self.opts(at, &["a", "an", "at least one", "some", "another", "other", "any"]) {
            for (np, k) in self.noun_phrases(k, false) {
                let d = np.dice();
                if !d.0.is_empty() && !np.prefixed {
                    out.push((Property::Touching(d), k));
                } else if np.prefixed {
                    self.note(k, "say one die to touch, like `a blue die`: touching all of them is not a Law umpire knows");
                }
            }
        }
        out
    }

    // ---- modal verbs ----

    /// "must be", "is", "are", "must not be", "cannot be", …: whether it is negated. With
    /// `permissive` ("No die may be red"), "may be" and "can be" count as "must be".
    pub(super) fn be(&self, at: usize, permissive: bool) -> Alts<bool> {
        let mut out = Vec::new();
        // After a negation, "all" and "always" would be read under it ("must not all be red":
        // not all of them): not read at all rather than read as "none".
        let adverbs = |neg: bool, k: usize, words: &[&'static str]| {
            if neg {
                vec![k]
            } else {
                self.opts(k, words)
            }
        };
        for (neg, k) in self.modal(at, permissive) {
            for k in adverbs(neg, k, &["always", "all", "each"]) {
                if let Some(k) = self.lit(k, "be") {
                    for k in adverbs(neg, k, &["all", "entirely", "completely"]) {
                        out.push((neg, k));
                    }
                }
            }
        }
        for k in self.any(at, &["is", "are"]) {
            for k in self.opts(k, &["always", "all", "each", "entirely", "completely"]) {
                out.push((false, k));
            }
            for k in self.any(k, &["not", "never"]) {
                out.push((true, k));
            }
        }
        out
    }

    /// A verb (`forms`: its base form first, then its present forms, space-separated): "must touch",
    /// "touches", "must not touch", "does not touch", "never touches".
    pub(super) fn verb(&self, at: usize, forms: &'static str, permissive: bool) -> Alts<bool> {
        let mut out = Vec::new();
        let forms: Vec<&'static str> = forms.split_whitespace().collect();
        let base = forms[0];
        for (neg, k) in self.modal(at, permissive) {
            // "must not all touch" is "not all of them": not read, rather than read as "none".
            let adverbs = if neg { vec![k] } else { self.opts(k, &["always", "all", "each"]) };
            for k in adverbs {
                if let Some(k) = self.lit(k, base) {
                    out.push((neg, k));
                }
            }
        }
        for k in self.opts(at, &["all", "each", "always"]) {
            for form in &forms {
                if let Some(k) = self.lit(k, form) {
                    out.push((false, k));
                }
            }
        }
        for k in self.any(at, &["do not", "does not", "never"]) {
            for form in &forms {
                if let Some(k) = self.lit(k, form) {
                    out.push((true, k));
                }
            }
        }
        out
    }

    /// "must", "should", "has to", …; "must not", "may not", "cannot", ….
    pub(super) fn modal(&self, at: usize, permissive: bool) -> Alts<bool> {
        let mut out = Vec::new();
        let positive: &[&'static str] =
            &["must", "should", "shall", "will", "has to", "have to", "need to", "needs to"];
        let negative: &[&'static str] = &[
            "must not",
            "must never",
            "may not",
            "may never",
            "cannot",
            "can not",
            "can never",
            "should not",
            "should never",
            "will not",
            "shall not",
            "will never",
        ];
        for k in self.any(at, positive) {
            out.push((false, k));
        }
        if permissive {
            for k in self.any(at, &["may", "can"]) {
                out.push((false, k));
            }
        }
        for k in self.any(at, negative) {
            out.push((true, k));
        }
        out
    }

    // ---- numbers ----

    pub(super) fn number_clause(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        for (n, k) in self.number(at) {
            if matches!(n, Number::Literal(_)) {
                continue;
            }
            // "The largest group must have at least three dice", "… must contain every die".
            if n == Number::LargestGroup {
                for (neg, k) in self.verb(k, "have has", false).into_iter().chain(self.verb(
                    k,
                    "contain contains",
                    false,
                )) {
                    for (q, k) in self.quantity(k) {
                        for k in self.opts(k, &["dice", "die"]) {
                            for law in quantified(n.clone(), q) {
                                out.push((if neg { negate(law) } else { law }, k));
                            }
                        }
                    }
                    for k in
                        self.any(k, &["every die", "all dice", "all the dice", "all of the dice"])
                    {
                        let law = Law::Compare(n.clone(), Compare::Eq, Number::Count(Dice(vec![])));
                        out.push((if neg { negate(law) } else { law }, k));
                    }
                }
            }
            for (law, k) in self.number_predicate(k, &n) {
                out.push((law, k));
            }
        }
        out
    }

    /// What a number must be: "at least 3", "ten", "greater than the sum of …", "odd",
    /// "divisible by 5"; "must equal …".
    pub(super) fn number_predicate(&self, at: usize, n: &Number) -> Alts<Law> {
        let mut out = Vec::new();
        for (neg, k) in self.be(at, false) {
            // A face: "the highest face must be a 5".
            if matches!(n, Number::Highest(_) | Number::Lowest(_)) {
                for k in self.any(k, &["a", "an"]) {
                    for (v, k) in self.integer(k) {
                        let law = Law::Compare(n.clone(), Compare::Eq, Number::Literal(v));
                        out.push((if neg { negate(law) } else { law }, k));
                    }
                }
            }
            for ((op, m), k) in self.compared(k) {
                let law = Law::Compare(n.clone(), op, m);
                out.push((if neg { negate(law) } else { law }, k));
            }
            for (kind, k) in self.kind(k) {
                let law = Law::Is(n.clone(), kind);
                out.push((if neg { negate(law) } else { law }, k));
            }
            // "between 5 and 10", both included.
            for k in self.any(k, &["between"]) {
                for (low, k) in self.number(k) {
                    let Some(k) = self.lit(k, "and") else { continue };
                    for (high, k) in self.number(k) {
                        let law = Law::And(
                            Box::new(Law::Compare(n.clone(), Compare::Ge, low.clone())),
                            Box::new(Law::Compare(n.clone(), Compare::Le, high)),
                        );
                        out.push((if neg { negate(law) } else { law }, k));
                    }
                }
            }
        }
        for (op, verb) in [(Compare::Eq, "equal equals"), (Compare::Gt, "exceed exceeds")] {
            for (neg, k) in self.verb(at, verb, false) {
                for (m, k) in self.number(k) {
                    let law = Law::Compare(n.clone(), op, m);
                    out.push((if neg { negate(law) } else { law }, k));
                }
            }
        }
        out
    }

    /// A comparison and what it compares with: "at least 3", "exactly 10", "10", "more than
    /// the sum of the blue dice", "10 or more".
    pub(super) fn compared(&self, at: usize) -> Alts<(Compare, Number)> {
        use Compare::*;
        let mut out = Vec::new();
        let words: [(&'static str, Compare); 28] = [
            ("", Eq),
            ("exactly", Eq),
            ("equal to", Eq),
            ("exactly equal to", Eq),
            ("the same as", Eq),
            ("at least", Ge),
            ("no less than", Ge),
            ("no fewer than", Ge),
            ("greater than or equal to", Ge),
            ("at most", Le),
            ("no more than", Le),
            ("less than or equal to", Le),
            ("more than", Gt),
            ("greater than", Gt),
            ("larger than", Gt),
            ("bigger than", Gt),
            ("higher than", Gt),
            ("over", Gt),
            ("above", Gt),
            ("less than", Lt),
            ("fewer than", Lt),
            ("smaller than", Lt),
            ("lower than", Lt),
            ("under", Lt),
            ("below", Lt),
            ("different from", Ne),
            ("other than", Ne),
            ("not equal to", Ne),
        ];
        for (w, op) in words {
            let Some(k) = self.seq(at, w) else { continue };
            for (m, k) in self.number(k) {
                out.push(((op, m.clone()), k));
                if op == Eq && w.is_empty() {
                    for k in self.any(k, &["or more", "or higher", "or greater"]) {
                        out.push(((Ge, m.clone()), k));
                    }
                    for k in self.any(k, &["or less", "or fewer", "or lower"]) {
                        out.push(((Le, m.clone()), k));
                    }
                }
            }
        }
        out
    }

    /// "even", "an odd number", "prime", "a prime number", "divisible by 3", "a multiple of 3".
    pub(super) fn kind(&self, at: usize) -> Alts<Kind> {
        let mut out = Vec::new();
        for k in self.any(at, &["even", "an even number"]) {
            out.push((Kind::Even, k));
        }
        for k in self.any(at, &["odd", "an odd number"]) {
            out.push((Kind::Odd, k));
        }
        for k in self.any(at, &["prime", "a prime", "a prime number"]) {
            out.push((Kind::Prime, k));
        }
        for k in self.any(at, &["divisible by", "a multiple of"]) {
            for (d, k) in self.integer(k) {
                if d >= 1 {
                    out.push((Kind::DivisibleBy(d), k));
                } else {
                    self.expected(k - 1, "a number from 1 up");
                }
            }
        }
        out
    }

    /// A number: "the sum of the red dice", "the number of groups", "three times the number
    /// of dice", "ten", "the sum of the red dice plus 2".
    pub(super) fn number(&self, at: usize) -> Alts<Number> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        for (n, k) in self.product(at) {
            out.extend(self.sum_rest(n, k));
        }
        out
    }

    /// The rest of a sum after `left`, grouped from the left: "10 minus 2 minus 3" is 5.
    pub(super) fn sum_rest(&self, left: Number, at: usize) -> Alts<Number> {
        let mut out = vec![(left.clone(), at)];
        if !self.step() {
            return out;
        }
        for (add, word) in [(true, "plus"), (false, "minus")] {
            if let Some(k) = self.lit(at, word) {
                for (m, k) in self.product(k) {
                    let (a, b) = (Box::new(left.clone()), Box::new(m));
                    let n = if add { Number::Add(a, b) } else { Number::Sub(a, b) };
                    out.extend(self.sum_rest(n, k));
                }
            }
        }
        out
    }

    pub(super) fn product(&self, at: usize) -> Alts<Number> {
        let mut out = Vec::new();
        for (n, k) in self.integer(at) {
            if let Some(k) = self.lit(k, "times") {
                for (m, k) in self.product(k) {
                    out.push((times_number(n, m), k));
                }
            }
        }
        for k in self.any(at, &["twice", "double"]) {
            for (m, k) in self.product(k) {
                out.push((times_number(2, m), k));
            }
        }
        for (n, k) in self.factor(at) {
            out.push((n, k));
        }
        out
    }

    pub(super) fn factor(&self, at: usize) -> Alts<Number> {
        let mut out = Vec::new();
        for (n, k) in self.integer(at) {
            out.push((Number::Literal(n), k));
        }
        let sets = |k: usize| -> Alts<Dice> {
            let mut v = Vec::new();
            for k in
                self.opts(k, &["the faces of", "the numbers on", "the values of", "the faces on"])
            {
                v.extend(self.dice(k, false));
            }
            v
        };
        for k in self.opts(at, &["the"]) {
            for k in self.any(k, &["sum of", "total of", "sum total of"]) {
                out.extend(sets(k).into_iter().map(|(d, k)| (Number::Sum(d), k)));
            }
            for k in self.any(
                k,
                &["sum", "total", "sum of the faces", "sum of all faces", "sum of the numbers"],
            ) {
                out.push((Number::Sum(Dice(vec![])), k));
            }
            for k in self.any(k, &["product of"]) {
                out.extend(sets(k).into_iter().map(|(d, k)| (Number::Product(d), k)));
            }
            for k in self.any(k, &["product"]) {
                out.push((Number::Product(Dice(vec![])), k));
            }
            for k in self.any(k, &["number of", "count of"]) {
                out.extend(self.dice(k, false).into_iter().map(|(d, k)| (Number::Count(d), k)));
                // "the number of different colours (among the red dice)".
                for k in self.opts(k, &["different", "distinct"]) {
                    for (a, k) in self.aspect(k, false) {
                        out.push((Number::Kinds(Dice(vec![]), a), k));
                        for k in
                            self.any(k, &["among the", "among", "of the", "on the", "shown by the"])
                        {
                            out.extend(
                                self.dice(k, false)
                                    .into_iter()
                                    .map(|(d, k)| (Number::Kinds(d, a), k)),
                            );
                        }
                    }
                }
                for k in self.any(k, &["groups"]) {
                    out.push((Number::Groups, k));
                }
                for k in self.any(k, &["dice in the largest group", "dice in the biggest group"]) {
                    out.push((Number::LargestGroup, k));
                }
            }
            // "the highest visible face", "the lowest number showing", "the highest face
            // among the red dice".
            for (high, words) in [
                (true, "highest"),
                (true, "largest"),
                (true, "biggest"),
                (false, "lowest"),
                (false, "smallest"),
            ] {
                let Some(k) = self.lit(k, words) else { continue };
                let mut props = Vec::new();
                let mut k = k;
                while let Some(p) = self.word(k).and_then(super::adjective) {
                    props.push(p);
                    k += 1;
                }
                for k in self.any(
                    k,
                    &[
                        "face",
                        "number",
                        "value",
                        "die",
                        "face showing",
                        "number showing",
                        "value showing",
                        "number shown",
                        "face shown",
                    ],
                ) {
                    let mut sets: Alts<Dice> = vec![(Dice(props.clone()), k)];
                    for k in self.any(
                        k,
                        &["among the", "of the", "on the", "shown by the", "of all the", "of all"],
                    ) {
                        for (d, k) in self.dice(k, false) {
                            let mut all = props.clone();
                            all.extend(d.0);
                            sets.push((Dice(all), k));
                        }
                    }
                    for (d, k) in sets {
                        out.push((if high { Number::Highest(d) } else { Number::Lowest(d) }, k));
                    }
                }
            }
            for k in self.any(
                k,
                &[
                    "largest group",
                    "biggest group",
                    "size of the largest group",
                    "size of the biggest group",
                ],
            ) {
                out.push((Number::LargestGroup, k));
            }
        }
        for k in self.any(at, &["how many"]) {
            out.extend(self.dice(k, false).into_iter().map(|(d, k)| (Number::Count(d), k)));
        }
        out
    }
}
