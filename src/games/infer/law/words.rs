//! The plain-English reader: a Law (or a Theory) said the way the rules say them — "There
//! must be at least one orange die", "Odd blue dice must touch each other", "The sum of all
//! dice must be ten" — read into the same tree the formal parser builds
//! (`grammar/infer-english.ebnf`).
//!
//! The reader tries every way a sentence can be read (a list of successes over the words,
//! with a step budget so no sentence can make it run long). One reading: that is the Law.
//! Several different Laws: it never picks one; the caller gets them all to choose from, as
//! the Universe would ask "do you mean at least two, or exactly two?". None: the error
//! points at the farthest word it could not read past, with what it expected there and the
//! nearest sentences it knows.

use super::{Among, Aspect, Compare, Dice, Direction, Kind, Law, Number, Property, Scope};
use crate::games::infer::experiment::COLOURS;
use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;

/// Why a sentence is not one Law.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misread {
    /// No reading: `at` is the byte span of the word the reader could not get past.
    Unread { message: String, at: (usize, usize), nearest: Vec<&'static str> },
    /// More than one reading, in the order found (at least two, all different).
    Ambiguous(Vec<Law>),
}

/// Sentences of every form the reader knows: the syntax summary, and the pool the nearest
/// forms are drawn from when a sentence is not understood.
pub const FORMS: &[&str] = &[
    "There must be at least one red die.",
    "There must be exactly two 2s.",
    "There must be at most three dice.",
    "There must be no white dice.",
    "There must be a red 2.",
    "There must be more odd dice than even dice.",
    "There must be as many red dice as blue dice.",
    "There must be an even number of dice.",
    "There must be exactly two groups.",
    "There must be a group of at least three dice.",
    "There must be a line of three dice.",
    "There must be three dice in a row counting up by one.",
    "There must be two dice in a row showing the same number.",
    "There must not be a stack.",
    "All blue dice must be 5s.",
    "Blue dice must be odd.",
    "No die may show a 6.",
    "At least one red die must be stacked.",
    "Most dice must be odd.",
    "Exactly two dice must be red.",
    "Every red die must touch a blue die.",
    "No die may be alone.",
    "Every die must stand on the table.",
    "Odd blue dice must touch each other.",
    "All dice must be the same colour.",
    "The blue dice must all show different numbers.",
    "The sum of all dice must be ten.",
    "The red dice must add up to more than 6.",
    "The sum of the red dice must be greater than the sum of the blue dice.",
    "The product of all dice must be divisible by 4.",
    "The number of dice must be odd.",
    "The largest group must have at least three dice.",
    "Every group must contain a red die.",
    "No group may have more than two dice.",
    "In every group, the sum of the dice must be divisible by three.",
    "It must not be that all dice are red.",
    "There must be a red die and there must be a blue die.",
    "If there is a red die then there must be a blue die.",
];

/// A sentence longer than this is refused before it is read: a Law said aloud is short, and
/// the formal language takes anything longer.
const MAX_WORDS: usize = 80;
/// Steps the reader may take over one sentence (each rule tried at a word is a step).
const MAX_STEPS: usize = 200_000;

/// Reads a sentence of plain English into a Law.
pub fn read(text: &str) -> Result<Law, Misread> {
    let tokens = tokenize(text);
    if tokens.is_empty() {
        return Err(Misread::Unread {
            message: "there is no Law here".into(),
            at: (0, text.len()),
            nearest: nearest(text),
        });
    }
    if tokens.len() > MAX_WORDS {
        let t = &tokens[MAX_WORDS];
        return Err(Misread::Unread {
            message: format!(
                "a Law said aloud is at most {MAX_WORDS} words; write a longer one in the formal language"
            ),
            at: (t.start, t.len),
            nearest: vec![],
        });
    }
    let reader = Reader {
        tokens,
        steps: Cell::new(0),
        far: RefCell::new((0, BTreeSet::new())),
        known: RefCell::new(BTreeSet::new()),
        note: RefCell::new(None),
        text_len: text.len(),
    };
    let mut laws: Vec<Law> = Vec::new();
    for (law, end) in reader.sentence(0) {
        if end == reader.tokens.len() && !laws.contains(&law) {
            laws.push(law);
        }
    }
    if reader.steps.get() > MAX_STEPS {
        return Err(Misread::Unread {
            message: "this sentence has too many ways to be read; say it in shorter sentences, or in the formal language".into(),
            at: (0, text.len()),
            nearest: vec![],
        });
    }
    match laws.len() {
        1 => Ok(laws.pop().expect("one")),
        0 => Err(reader.unread(text)),
        _ => Err(Misread::Ambiguous(laws)),
    }
}

/// A word of the sentence, lower-cased, with its byte span in the text.
#[derive(Clone, Debug)]
struct Token {
    word: String,
    start: usize,
    len: usize,
}

/// Words, with punctuation dropped and contractions opened ("can't" is "cannot", "isn't"
/// is "is not", "2's" is "2s").
fn tokenize(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_alphanumeric() {
            let mut end = start;
            while let Some(&(i, c)) = chars.peek() {
                let joins = matches!(c, '\'' | '’' | '-');
                if c.is_alphanumeric() || joins {
                    // An apostrophe or a hyphen joins only when a letter or digit follows.
                    if joins && !text[i + c.len_utf8()..].starts_with(char::is_alphanumeric) {
                        break;
                    }
                    end = i + c.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            let word = text[start..end].to_lowercase().replace('’', "'");
            let len = end - start;
            let push = |out: &mut Vec<Token>, w: &str| {
                out.push(Token { word: w.to_string(), start, len });
            };
            match word.as_str() {
                "can't" | "cant" => push(&mut out, "cannot"),
                "won't" => {
                    push(&mut out, "will");
                    push(&mut out, "not");
                }
                w if w.ends_with("n't") => {
                    push(&mut out, &w[..w.len() - 3]);
                    push(&mut out, "not");
                }
                "there's" => {
                    push(&mut out, "there");
                    push(&mut out, "is");
                }
                "it's" => {
                    push(&mut out, "it");
                    push(&mut out, "is");
                }
                w => push(&mut out, &w.replace("'s", "s").replace('\'', "")),
            }
        } else if c.is_whitespace() || ".,;:!?\"“”'‘’()".contains(c) {
            chars.next();
        } else {
            // A symbol (`>=`, `+`): a word of its own, which no rule reads.
            chars.next();
            out.push(Token { word: c.to_string(), start, len: c.len_utf8() });
        }
    }
    out
}

/// Alternatives: each value with the index of the first word after it.
type Alts<T> = Vec<(T, usize)>;

/// How many dice (or groups): the quantity words before a noun.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Quantity {
    Compared(Compare, i64),
    /// A bare number ("two 2s"): at least, or exactly? The reader offers both.
    Bare(i64),
    Is(Kind),
}

/// What a sentence says of each die of a set, or of the set as a whole.
#[derive(Clone, Debug, PartialEq)]
enum Predicate {
    /// Each die has the property (or, when `bool` is set, does not).
    Each(Property, bool),
    /// The set as a whole (or, when `bool` is set, not).
    Whole(Whole, bool),
}

#[derive(Clone, Debug, PartialEq)]
enum Whole {
    /// "touch each other": all of them one group; "must not touch each other": none of
    /// them touches another of them.
    EachOther,
    /// "form one group", "be together": negated, only "not one group".
    OneGroup,
    Same(Aspect),
    Different(Aspect),
    SumCompared(Compare, Number),
    SumIs(Kind),
}

/// Who a sentence speaks of: all of a set, none, some, most, fewer than half, or a count.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Determiner {
    All,
    /// "all" said: "all dice must not be red" reads two ways (none, or not all).
    AllSaid,
    /// "no two": "no two dice may touch", "no two dice may show the same number".
    NoTwo,
    No,
    Some,
    Most,
    Minority,
    Counted(Quantity),
}

/// A set of dice as said: the words before and including the noun, the words after it.
#[derive(Clone, Debug, PartialEq)]
struct NounPhrase {
    said: Vec<Property>,
    post: Vec<Property>,
    /// Whether a noun was said ("dice", "5s"), not only adjectives.
    noun: bool,
    /// Whether it began with "the" or "all".
    prefixed: bool,
}

impl NounPhrase {
    fn dice(&self) -> Dice {
        let mut all: Vec<Property> = Vec::new();
        for p in self.said.iter().chain(&self.post) {
            if !all.contains(p) {
                all.push(p.clone());
            }
        }
        Dice(all)
    }

    /// Whether a die could be all of it: one colour, one face, not odd and even at once.
    fn possible(&self) -> bool {
        let all = self.dice().0;
        let colours = all.iter().filter(|p| matches!(p, Property::Colour(_))).count();
        let faces: Vec<u8> = all
            .iter()
            .filter_map(|p| if let Property::Face(f) = p { Some(*f) } else { None })
            .collect();
        let odd = all.contains(&Property::Odd);
        let even = all.contains(&Property::Even);
        let parity_clash = faces.iter().any(|f| (odd && f % 2 == 0) || (even && f % 2 == 1));
        colours <= 1
            && faces.len() <= 1
            && !(odd && even)
            && !parity_clash
            && !(all.contains(&Property::Visible) && all.contains(&Property::Hidden))
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Joint {
    And,
    Or,
}

struct Reader {
    tokens: Vec<Token>,
    steps: Cell<usize>,
    /// The farthest word any rule failed at, and what the rules there expected.
    far: RefCell<(usize, BTreeSet<&'static str>)>,
    /// Every word a rule looked for: a word among them is not a misspelling.
    known: RefCell<BTreeSet<&'static str>>,
    /// Why words that read were still refused (a die of two colours), and where.
    note: RefCell<Option<(usize, &'static str)>>,
    text_len: usize,
}

const NUMBER_WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];
const FACE_NOUNS: [&str; 6] = ["ones", "twos", "threes", "fours", "fives", "sixes"];

impl Reader {
    fn word(&self, at: usize) -> Option<&str> {
        self.tokens.get(at).map(|t| t.word.as_str())
    }

    /// Counts a step; false once the budget is spent, which ends every rule.
    fn step(&self) -> bool {
        let n = self.steps.get() + 1;
        self.steps.set(n);
        n <= MAX_STEPS
    }

    fn expected(&self, at: usize, what: &'static str) {
        let mut far = self.far.borrow_mut();
        if at > far.0 {
            *far = (at, BTreeSet::new());
        }
        if at == far.0 {
            far.1.insert(what);
        }
    }

    /// Why a reading ending at `at` was refused, kept when it is the farthest.
    fn note(&self, at: usize, why: &'static str) {
        let mut note = self.note.borrow_mut();
        if note.is_none_or(|(k, _)| at >= k) {
            *note = Some((at, why));
        }
    }

    /// The word `w` at `at`, or a note of what was expected there.
    fn lit(&self, at: usize, w: &'static str) -> Option<usize> {
        self.known.borrow_mut().insert(w);
        if self.word(at) == Some(w) {
            Some(at + 1)
        } else {
            self.expected(at, w);
            None
        }
    }

    /// The words of `phrase` (space-separated) in order; the empty phrase matches at once.
    fn seq(&self, mut at: usize, phrase: &'static str) -> Option<usize> {
        for w in phrase.split_whitespace() {
            at = self.lit(at, w)?;
        }
        Some(at)
    }

    /// Every one of the phrases that starts at `at`.
    fn any(&self, at: usize, phrases: &[&'static str]) -> Vec<usize> {
        phrases.iter().filter_map(|p| self.seq(at, p)).collect()
    }

    /// `at`, and the word `w` after it when there is one: an optional word.
    fn opt(&self, at: usize, w: &'static str) -> Vec<usize> {
        let mut out = vec![at];
        out.extend(self.lit(at, w));
        out
    }

    fn opts(&self, at: usize, phrases: &[&'static str]) -> Vec<usize> {
        let mut out = vec![at];
        out.extend(self.any(at, phrases));
        out
    }

    // ---- the sentence ----

    fn sentence(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        // "If A then B", "If A, B": B, or A does not hold.
        if let Some(k) = self.lit(at, "if") {
            for (a, k) in self.clause(k) {
                for k in self.opt(k, "then") {
                    for (b, k) in self.sentence(k) {
                        out.push((Law::Or(Box::new(negate(a.clone())), Box::new(b)), k));
                    }
                }
            }
        }
        // "Unless A, B": A or B.
        if let Some(k) = self.lit(at, "unless") {
            for (a, k) in self.clause(k) {
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
                        for (a, k) in self.clause(k) {
                            out.push((Law::Or(Box::new(negate(a)), Box::new(law.clone())), k));
                        }
                    }
                }
            }
        }
        out
    }

    /// Clauses joined by `and`, `or` (and `unless`, which is an `or`).
    fn chain(&self, at: usize) -> Vec<(Vec<Law>, Vec<Joint>, usize)> {
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

    fn clause(&self, at: usize) -> Alts<Law> {
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
        out
    }

    // ---- "There must be …" ----

    fn there(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        let Some(k) = self.lit(at, "there") else { return out };
        for (neg, k) in self.be(k, false) {
            // "There must be a red die and a blue die": what must be, joined.
            for (parts, joints, k) in self.existences(k) {
                for law in join(parts, &joints) {
                    out.push((if neg { negate(law) } else { law }, k));
                }
            }
        }
        out
    }

    /// What there must be, one or more joined by `and` and `or`.
    fn existences(&self, at: usize) -> Vec<(Vec<Law>, Vec<Joint>, usize)> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        let mut first = self.exists(at);
        // A bare plural: "there must not be red dice", "there are blue dice" (some).
        for (d, k) in self.dice(at, false) {
            first.push((Law::Compare(Number::Count(d), Compare::Ge, Number::Literal(1)), k));
        }
        for (law, k) in first {
            out.push((vec![law.clone()], vec![], k));
            let joint = match self.word(k) {
                Some("and") => Joint::And,
                Some("or") => Joint::Or,
                _ => continue,
            };
            for (mut parts, mut joints, end) in self.existences(k + 1) {
                parts.insert(0, law.clone());
                joints.insert(0, joint);
                out.push((parts, joints, end));
            }
        }
        out
    }

    /// What "there must be" is followed by.
    fn exists(&self, at: usize) -> Alts<Law> {
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
                    _ => self.expected(k - 1, "a stack"),
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
        out
    }

    /// Lines: "a line of three dice", "three dice in a row counting up by one", "two dice in a
    /// row showing the same number". A line of four holds a line of three, so a bare length
    /// is a least length.
    fn lines(&self, at: usize) -> Alts<Law> {
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
        for k in self.any(
            at,
            &[
                "a line of",
                "a row of",
                "a run of",
                "a sequence of",
                "a straight of",
                "an ascending run of",
                "an ascending sequence of",
            ],
        ) {
            lengths.extend(length(k));
        }
        for (n, k) in length(at) {
            for k in
                self.any(k, &["in a row", "in a line", "in a row or column", "in a line or column"])
            {
                lengths.push((n, k));
            }
        }
        let ascending = self.word(at).is_some_and(|w| w == "an")
            || self.seq(at, "a run of").is_some()
            || self.seq(at, "a sequence of").is_some()
            || self.seq(at, "a straight of").is_some();
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
                    "in ascending order",
                    "in sequence",
                    "in order",
                    "of consecutive numbers",
                    "showing consecutive numbers",
                    "with consecutive numbers",
                    "counting down",
                    "counting down by one",
                    "in descending order",
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

    /// How many: "at least one", "exactly 2", "no", "a", "an odd number of", "two" (bare).
    fn quantity(&self, at: usize) -> Alts<Quantity> {
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
    fn integer(&self, at: usize) -> Alts<i64> {
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

    // ---- sets of dice ----

    /// A set of dice: "red dice", "odd blue dice", "a red 2", "5s", "stacked dice touching a
    /// white die", "dice in the north". With `elided`, the noun may be left out, as after
    /// "than" ("more red dice than blue").
    fn dice(&self, at: usize, elided: bool) -> Alts<Dice> {
        self.noun_phrases(at, elided).into_iter().map(|(np, k)| (np.dice(), k)).collect()
    }

    fn noun_phrases(&self, at: usize, elided: bool) -> Alts<NounPhrase> {
        let mut out = Vec::new();
        if !self.step() {
            return out;
        }
        for start in self.opts(at, &["the", "all the", "all of the", "all"]) {
            let prefixed = start > at;
            // Adjectives, in the order said.
            let mut props = Vec::new();
            let mut k = start;
            while let Some(p) = self.word(k).and_then(adjective) {
                props.push(p);
                k += 1;
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
    fn compared_dice(&self, at: usize, first: &NounPhrase) -> Alts<Dice> {
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
    fn dice_or_none(&self, at: usize) -> Alts<Dice> {
        let mut out = self.dice(at, false);
        out.push((Dice(vec![]), at));
        out
    }

    /// What follows the noun: "showing a 5", "touching a blue die", "on the table", "in a
    /// stack", "that are odd", "in the north".
    fn post_modifiers(&self, at: usize, depth: usize) -> Alts<Vec<Property>> {
        let mut out = vec![(vec![], at)];
        if depth > 3 || !self.step() {
            return out;
        }
        let mut singles: Alts<Property> = Vec::new();
        for k in self.any(at, &["showing", "that show", "that shows", "which show", "with"]) {
            singles.extend(self.shown(k));
        }
        for k in self.any(at, &["that are", "that is", "which are", "which is"]) {
            singles.extend(self.complement(k).into_iter().filter_map(|(p, k)| match p {
                Predicate::Each(p, false) => Some((p, k)),
                _ => None,
            }));
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
    fn place(&self, at: usize) -> Alts<Property> {
        let mut out = Vec::new();
        for k in self.any(at, &["touching", "next to", "adjacent to", "beside"]) {
            out.extend(self.touch_object(k));
        }
        for k in self.any(at, &["on the table", "touching the table"]) {
            out.push((Property::OnTable, k));
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
    fn touch_object(&self, at: usize) -> Alts<Property> {
        let mut out = Vec::new();
        for k in self.any(at, &["nothing", "no other die", "no other dice", "no dice", "no die"]) {
            out.push((Property::Alone, k));
        }
        for k in self.any(
            at,
            &[
                "another die",
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

    /// A face shown: "a 5", "5", "fives", "an odd number", "an even number".
    fn shown(&self, at: usize) -> Alts<Property> {
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
        for k in self.any(at, &["a number divisible by", "a multiple of"]) {
            for (n, k) in self.integer(k) {
                if n >= 1 {
                    out.push((Property::DivisibleBy(n as u32), k));
                }
            }
        }
        out
    }

    // ---- modal verbs ----

    /// "must be", "is", "are", "must not be", "cannot be", …: whether it is negated. With
    /// `permissive` ("No die may be red"), "may be" and "can be" count as "must be".
    fn be(&self, at: usize, permissive: bool) -> Alts<bool> {
        let mut out = Vec::new();
        for (neg, k) in self.modal(at, permissive) {
            for k in self.opts(k, &["always", "all", "each"]) {
                if let Some(k) = self.lit(k, "be") {
                    for k in self.opts(k, &["all", "entirely", "completely"]) {
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
    fn verb(&self, at: usize, forms: &'static str, permissive: bool) -> Alts<bool> {
        let mut out = Vec::new();
        let forms: Vec<&'static str> = forms.split_whitespace().collect();
        let base = forms[0];
        for (neg, k) in self.modal(at, permissive) {
            for k in self.opts(k, &["always", "all", "each"]) {
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
    fn modal(&self, at: usize, permissive: bool) -> Alts<bool> {
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

    // ---- "All blue dice must be 5s" ----

    fn dice_clause(&self, at: usize) -> Alts<Law> {
        let mut out = Vec::new();
        for (det, k) in self.determiner(at) {
            // "May" requires nothing, except after "no" ("no die may be red") and an upper
            // bound ("at most one die may be red").
            let permissive = matches!(
                det,
                Determiner::No
                    | Determiner::NoTwo
                    | Determiner::Counted(Quantity::Compared(Compare::Le | Compare::Lt, _))
            );
            for (d, k) in self.dice(k, false) {
                for (pred, k) in self.predicate(k, permissive) {
                    for law in apply(det, d.clone(), pred) {
                        out.push((law, k));
                    }
                }
            }
        }
        out
    }

    /// Who of the dice: all (also "every", "each", "the", or nothing said), none, some,
    /// most, fewer than half, or a number of them.
    fn determiner(&self, at: usize) -> Alts<Determiner> {
        let mut out = vec![(Determiner::All, at)];
        for k in self.any(at, &["all", "all the", "all of the"]) {
            out.push((Determiner::AllSaid, k));
        }
        for k in self.any(at, &["no two", "no 2"]) {
            out.push((Determiner::NoTwo, k));
        }
        for k in self.any(at, &["every", "each", "each of the", "any"]) {
            out.push((Determiner::All, k));
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
        for (q, k) in self.quantity(at) {
            // "At least one" is `Some`, said the way the deck says it.
            let some = q == Quantity::Compared(Compare::Ge, 1);
            if matches!(q, Quantity::Compared(..) | Quantity::Bare(_))
                && !some
                && !matches!(self.word(at), Some("a" | "an" | "any" | "some" | "no"))
            {
                for k in self.opts(k, &["of the"]) {
                    out.push((Determiner::Counted(q), k));
                }
            }
        }
        out
    }

    /// What the dice must be or do.
    fn predicate(&self, at: usize, permissive: bool) -> Alts<Predicate> {
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
            out.push((Predicate::Each(Property::Touching(Dice(vec![])), neg), k));
        }
        for (neg, k) in self.verb(at, "show shows", permissive) {
            for (p, k) in self.shown(k) {
                out.push((Predicate::Each(p, neg), k));
            }
            out.extend(self.sameness(k).into_iter().map(|(w, k)| (Predicate::Whole(w, neg), k)));
        }
        for (neg, k) in self.verb(at, "have has", permissive) {
            out.extend(self.sameness(k).into_iter().map(|(w, k)| (Predicate::Whole(w, neg), k)));
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

    /// What follows "must be": a colour, odd, a face, stacked, alone, the same colour, ….
    fn complement(&self, at: usize) -> Alts<Predicate> {
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
        out.extend(self.place(at).into_iter().map(|(p, k)| (each(p), k)));
        for k in self.any(at, &["touching each other", "touching one another"]) {
            out.push((Predicate::Whole(Whole::EachOther, false), k));
        }
        // "Red dice must be touching": each other, or another die? Both readings.
        if let Some(k) = self.lit(at, "touching") {
            out.push((Predicate::Whole(Whole::EachOther, false), k));
            out.push((each(Property::Touching(Dice(vec![]))), k));
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
    fn sameness(&self, at: usize) -> Alts<Whole> {
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

    fn aspect(&self, at: usize, one: bool) -> Alts<Aspect> {
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

    // ---- numbers ----

    fn number_clause(&self, at: usize) -> Alts<Law> {
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
    fn number_predicate(&self, at: usize, n: &Number) -> Alts<Law> {
        let mut out = Vec::new();
        for (neg, k) in self.be(at, false) {
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
        for (neg, k) in self.verb(at, "equal equals", false) {
            for (m, k) in self.number(k) {
                let law = Law::Compare(n.clone(), Compare::Eq, m);
                out.push((if neg { negate(law) } else { law }, k));
            }
        }
        out
    }

    /// A comparison and what it compares with: "at least 3", "exactly 10", "10", "more than
    /// the sum of the blue dice", "10 or more".
    fn compared(&self, at: usize) -> Alts<(Compare, Number)> {
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
    fn kind(&self, at: usize) -> Alts<Kind> {
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
    fn number(&self, at: usize) -> Alts<Number> {
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
    fn sum_rest(&self, left: Number, at: usize) -> Alts<Number> {
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

    fn product(&self, at: usize) -> Alts<Number> {
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

    fn factor(&self, at: usize) -> Alts<Number> {
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
                for k in self.any(k, &["groups"]) {
                    out.push((Number::Groups, k));
                }
                for k in self.any(k, &["dice in the largest group", "dice in the biggest group"]) {
                    out.push((Number::LargestGroup, k));
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

    // ---- groups and lines, one at a time ----

    fn scoped(&self, at: usize) -> Alts<Law> {
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
                for (law, k) in self.exists(k) {
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

    // ---- when nothing reads ----

    fn unread(&self, text: &str) -> Misread {
        let far = self.far.borrow();
        let (at, expected) = (far.0, &far.1);
        let (span, found) = match self.tokens.get(at) {
            Some(t) => ((t.start, t.len), format!("`{}`", t.word)),
            None => ((self.text_len, 0), "the end".to_string()),
        };
        // Kinds of word first ("a colour", "a number"), then words, at most six.
        let mut ordered: Vec<&str> = expected.iter().copied().filter(|w| w.contains(' ')).collect();
        ordered.extend(expected.iter().copied().filter(|w| !w.contains(' ')));
        // A long list of what could have come there says little: it is left out, and the
        // nearest sentences (the help) say more.
        let wanted: Vec<String> = ordered
            .iter()
            .map(|w| if w.contains(' ') { w.to_string() } else { format!("`{w}`") })
            .collect();
        let wanted = if (1..=5).contains(&wanted.len()) {
            format!(" (expected {})", wanted.join(", "))
        } else {
            String::new()
        };
        let mut message = if at >= self.tokens.len() {
            format!("the sentence stops before it says a whole Law{wanted}")
        } else {
            format!("umpire cannot read the sentence from {found} on{wanted}")
        };
        if let Some((k, why)) = *self.note.borrow() {
            if k >= at {
                message = format!("umpire cannot read this: {why}");
            }
        }
        if let Some(t) = self.tokens.get(at) {
            let known = self.known.borrow().contains(t.word.as_str());
            if let Some(close) = suggestion(&t.word, expected).filter(|_| !known) {
                message = format!(
                    "`{}` is not a word umpire knows here: did you mean `{close}`?",
                    t.word
                );
            }
        }
        Misread::Unread { message, at: span, nearest: nearest(text) }
    }
}

/// A word that is a condition on one die, said before the noun: "red", "odd", "stacked".
fn adjective(w: &str) -> Option<Property> {
    if COLOURS.contains(&w) {
        return Some(Property::Colour(w.to_string()));
    }
    Some(match w {
        "odd" => Property::Odd,
        "even" => Property::Even,
        "stacked" => Property::Stacked,
        "covered" | "hidden" => Property::Hidden,
        "visible" => Property::Visible,
        "lone" => Property::Alone,
        _ => return None,
    })
}

/// A face as a noun: "5s", "fives", and a bare "5" when `bare` (after "a", "showing").
fn face_noun(w: &str, bare: bool) -> Option<u8> {
    if let Some(f) = FACE_NOUNS.iter().position(|x| *x == w) {
        return Some(f as u8 + 1);
    }
    let digits = w.strip_suffix('s').filter(|_| !bare).or(if bare {
        Some(w.strip_suffix('s').unwrap_or(w))
    } else {
        None
    })?;
    digits.parse::<u8>().ok().filter(|f| (1..=6).contains(f))
}

/// `n` times a number.
fn times_number(n: i64, m: Number) -> Number {
    Number::Mul(Box::new(Number::Literal(n)), Box::new(m))
}

/// The Laws a quantity makes of a number: a bare number reads two ways.
fn quantified(n: Number, q: Quantity) -> Vec<Law> {
    match q {
        Quantity::Compared(op, m) => vec![Law::Compare(n, op, Number::Literal(m))],
        Quantity::Bare(0) => vec![Law::Compare(n, Compare::Eq, Number::Literal(0))],
        Quantity::Bare(m) => vec![
            Law::Compare(n.clone(), Compare::Ge, Number::Literal(m)),
            Law::Compare(n, Compare::Eq, Number::Literal(m)),
        ],
        Quantity::Is(kind) => vec![Law::Is(n, kind)],
    }
}

fn scoped(s: Scope, a: Among, law: Law) -> Law {
    Law::Scoped(s, a, Box::new(law))
}

/// The opposite Law, said as simply as it can be: a comparison turns round, "there must
/// not be a group …" is "no group …", a double negation goes.
fn negate(law: Law) -> Law {
    use Compare::*;
    match law {
        Law::Compare(a, op, b) => {
            let op = match op {
                Eq => Ne,
                Ne => Eq,
                Lt => Ge,
                Ge => Lt,
                Gt => Le,
                Le => Gt,
            };
            Law::Compare(a, op, b)
        }
        Law::Some(d, p) => Law::No(d, p),
        Law::Scoped(s, Among::Some, l) => Law::Scoped(s, Among::No, l),
        Law::Scoped(s, Among::No, l) => Law::Scoped(s, Among::Some, l),
        Law::Not(l) => *l,
        other => Law::Not(Box::new(other)),
    }
}

fn negated(p: Predicate, neg: bool) -> Predicate {
    match p {
        Predicate::Each(p, n) => Predicate::Each(p, n != neg),
        Predicate::Whole(w, n) => Predicate::Whole(w, n != neg),
    }
}

/// The Laws a determiner, a set of dice and a predicate make: none when they make no
/// sense together, two for a bare count ("two dice must be red": at least, or exactly?).
fn apply(det: Determiner, d: Dice, pred: Predicate) -> Vec<Law> {
    let with = |p: &Property| {
        let mut all = d.0.clone();
        all.push(p.clone());
        Dice(all)
    };
    // None of the dice touches another of them.
    let apart = |d: &Dice| Law::No(d.clone(), Property::Touching(d.clone()));
    let whole = |w: Whole, d: Dice| match w {
        Whole::EachOther | Whole::OneGroup => Law::TouchEachOther(d),
        Whole::Same(a) => Law::Same(d, a),
        Whole::Different(a) => Law::Different(d, a),
        Whole::SumCompared(op, n) => Law::Compare(Number::Sum(d), op, n),
        Whole::SumIs(k) => Law::Is(Number::Sum(d), k),
    };
    use Determiner as D;
    vec![match (det, pred) {
        (D::All | D::AllSaid, Predicate::Each(p, false)) => Law::All(d, p),
        (D::All, Predicate::Each(p, true)) => Law::No(d, p),
        (D::AllSaid, Predicate::Each(p, true)) => {
            return vec![Law::No(d.clone(), p.clone()), Law::Not(Box::new(Law::All(d, p)))]
        }
        (D::All | D::AllSaid, Predicate::Whole(Whole::EachOther, true)) => apart(&d),
        (D::All | D::AllSaid, Predicate::Whole(w, false)) => whole(w, d),
        (D::All | D::AllSaid, Predicate::Whole(w, true)) => negate(whole(w, d)),
        (D::No, Predicate::Each(p, false)) => Law::No(d, p),
        (D::No, Predicate::Whole(Whole::EachOther, false)) => apart(&d),
        (D::NoTwo, Predicate::Whole(Whole::EachOther, false)) => apart(&d),
        (D::NoTwo, Predicate::Each(Property::Touching(t), false)) if t.0.is_empty() => apart(&d),
        (D::NoTwo, Predicate::Whole(Whole::Same(a), false)) => Law::Different(d, a),
        (D::Some, Predicate::Each(p, false)) => Law::Some(d, p),
        (D::Some, Predicate::Each(p, true)) => negate(Law::All(d, p)),
        (D::Most, Predicate::Each(p, false)) => Law::Most(d, p),
        // Fewer than half; over no dice it holds, as "most" does (ruling I15).
        (D::Minority, Predicate::Each(p, false)) => Law::Or(
            Box::new(Law::Compare(Number::Count(d.clone()), Compare::Eq, Number::Literal(0))),
            Box::new(Law::Compare(
                times_number(2, Number::Count(with(&p))),
                Compare::Lt,
                Number::Count(d),
            )),
        ),
        (D::Counted(q), Predicate::Each(p, false)) => {
            return quantified(Number::Count(with(&p)), q)
        }
        _ => return vec![],
    }]
}

/// Clauses joined left to right. `and` and `or` mixed read two ways (which binds first?),
/// and both are offered.
fn join(parts: Vec<Law>, joints: &[Joint]) -> Vec<Law> {
    let fold = |first: Joint| -> Law {
        // Split at the looser joint, then fold each side.
        let looser = if first == Joint::And { Joint::Or } else { Joint::And };
        let mut groups: Vec<Vec<Law>> = vec![vec![parts[0].clone()]];
        for (law, j) in parts[1..].iter().zip(joints) {
            if *j == looser {
                groups.push(vec![law.clone()]);
            } else {
                groups.last_mut().expect("one group").push(law.clone());
            }
        }
        let tie = |laws: Vec<Law>, j: Joint| -> Law {
            let mut it = laws.into_iter();
            let first = it.next().expect("a clause");
            it.fold(first, |a, b| match j {
                Joint::And => Law::And(Box::new(a), Box::new(b)),
                Joint::Or => Law::Or(Box::new(a), Box::new(b)),
            })
        };
        let inner: Vec<Law> = groups.into_iter().map(|g| tie(g, first)).collect();
        tie(inner, looser)
    };
    let mut out = vec![fold(Joint::And)];
    if joints.contains(&Joint::And) && joints.contains(&Joint::Or) {
        out.push(fold(Joint::Or));
    }
    out
}

/// The word umpire expected that is closest to a misspelt one, when one is close.
fn suggestion(word: &str, expected: &BTreeSet<&'static str>) -> Option<String> {
    let mut pool: Vec<&str> = expected.iter().copied().filter(|w| !w.contains(' ')).collect();
    if expected.contains("a colour") {
        pool.extend(COLOURS);
    }
    if expected.contains("a number") {
        pool.extend(NUMBER_WORDS);
    }
    if expected.contains("dice") {
        pool.extend(FACE_NOUNS);
        pool.push("die");
    }
    if pool.contains(&word) || word.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let limit = if word.chars().count() <= 4 { 1 } else { 2 };
    pool.into_iter()
        .map(|w| (edit_distance(word, w), std::cmp::Reverse(w.len()), w))
        .filter(|(d, _, _)| *d <= limit)
        .min()
        // Letters are dropped more often than added: between two as close, the longer.
        .map(|(_, _, w)| w.to_string())
}

fn edit_distance(a: &str, b: &str) -> usize {
    // Optimal string alignment: a swap of two neighbouring letters ("bleu") is one edit.
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The three forms of [`FORMS`] closest to the text: the most words in the same order (a
/// colour stands for any colour, a number for any number), then the shortest.
pub fn nearest(text: &str) -> Vec<&'static str> {
    let class = |w: &str| -> String {
        if COLOURS.contains(&w) {
            "red".into()
        } else if w.parse::<i64>().is_ok() || NUMBER_WORDS.contains(&w) {
            "#".into()
        } else if face_noun(w, false).is_some() {
            "5s".into()
        } else if w == "die" {
            "dice".into()
        } else {
            w.into()
        }
    };
    let words = |t: &str| -> Vec<String> { tokenize(t).iter().map(|t| class(&t.word)).collect() };
    let mine = words(text);
    let mut scored: Vec<(usize, usize, &'static str)> = FORMS
        .iter()
        .map(|f| {
            let theirs = words(f);
            (common_subsequence(&mine, &theirs), theirs.len(), *f)
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(3).map(|(_, _, f)| f).collect()
}

/// The length of the longest common subsequence of two word lists.
fn common_subsequence(a: &[String], b: &[String]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut diagonal = 0;
        for (j, y) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = if x == y { diagonal + 1 } else { row[j + 1].max(row[j]) };
            diagonal = up;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_deck_card_reads() {
        let mut wrong = vec![];
        for deck in [crate::games::infer::deck::DECK, crate::games::infer::deck::COMPASS_DECK] {
            for line in deck.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
                let parts: Vec<&str> = line.split('|').map(str::trim).collect();
                let want = super::super::parse_formal(parts[1]).unwrap();
                match read(parts[2]) {
                    Ok(l) if l == want => {}
                    Ok(l) => wrong.push(format!("{}: read as `{}`", parts[2], l.formal())),
                    Err(e) => wrong.push(format!("{}: {e:?}", parts[2])),
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
