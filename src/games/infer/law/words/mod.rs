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
//!
//! Here: the words (`tokenize`), the reader's bookkeeping and the refusal; `clauses` reads
//! sentences and clauses, `phrases` the sets of dice, modal verbs and numbers in them, and
//! `meaning` turns what was read into a Law.

mod clauses;
mod faces;
mod meaning;
mod phrases;
mod quantities;
mod values;

use super::{Law, Property};
use crate::games::infer::experiment::COLOURS;
use crate::util::text::edit_distance;
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
        condition: Cell::new(false),
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

struct Reader {
    tokens: Vec<Token>,
    steps: Cell<usize>,
    /// The farthest word any rule failed at, and what the rules there expected.
    far: RefCell<(usize, BTreeSet<&'static str>)>,
    /// Every word a rule looked for: a word among them is not a misspelling.
    known: RefCell<BTreeSet<&'static str>>,
    /// Why words that read were still refused (a die of two colours), and where.
    note: RefCell<Option<(usize, &'static str)>>,
    /// Whether the words being read are a condition ("if any die is red"), where "any"
    /// and "a" mean some die, not every die.
    condition: Cell<bool>,
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
    /// The clauses at `at`, read as a condition ("if …", "unless …").
    pub(super) fn condition_clause(&self, at: usize) -> Alts<Law> {
        let before = self.condition.replace(true);
        let out = self.clause(at);
        self.condition.set(before);
        out
    }

    pub(super) fn word(&self, at: usize) -> Option<&str> {
        self.tokens.get(at).map(|t| t.word.as_str())
    }

    /// Counts a step; false once the budget is spent, which ends every rule.
    pub(super) fn step(&self) -> bool {
        let n = self.steps.get() + 1;
        self.steps.set(n);
        n <= MAX_STEPS
    }

    pub(super) fn expected(&self, at: usize, what: &'static str) {
        let mut far = self.far.borrow_mut();
        if at > far.0 {
            *far = (at, BTreeSet::new());
        }
        if at == far.0 {
            far.1.insert(what);
        }
    }

    /// Why a reading ending at `at` was refused, kept when it is the farthest.
    pub(super) fn note(&self, at: usize, why: &'static str) {
        let mut note = self.note.borrow_mut();
        if note.is_none_or(|(k, _)| at >= k) {
            *note = Some((at, why));
        }
    }

    /// The word `w` at `at`, or a note of what was expected there.
    pub(super) fn lit(&self, at: usize, w: &'static str) -> Option<usize> {
        self.known.borrow_mut().insert(w);
        if self.word(at) == Some(w) {
            Some(at + 1)
        } else {
            self.expected(at, w);
            None
        }
    }

    /// The words of `phrase` (space-separated) in order; the empty phrase matches at once.
    pub(super) fn seq(&self, mut at: usize, phrase: &'static str) -> Option<usize> {
        for w in phrase.split_whitespace() {
            at = self.lit(at, w)?;
        }
        Some(at)
    }

    /// Every one of the phrases that starts at `at`.
    pub(super) fn any(&self, at: usize, phrases: &[&'static str]) -> Vec<usize> {
        phrases.iter().filter_map(|p| self.seq(at, p)).collect()
    }

    /// `at`, and the word `w` after it when there is one: an optional word.
    pub(super) fn opt(&self, at: usize, w: &'static str) -> Vec<usize> {
        let mut out = vec![at];
        out.extend(self.lit(at, w));
        out
    }

    pub(super) fn opts(&self, at: usize, phrases: &[&'static str]) -> Vec<usize> {
        let mut out = vec![at];
        out.extend(self.any(at, phrases));
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

/// A condition said before the noun: an adjective, "touching" or "adjacent" (touching some
/// die), or "non-red" (not red).
fn prenominal(w: &str) -> Option<Property> {
    if let Some(p) = adjective(w) {
        return Some(p);
    }
    if let Some(rest) = w.strip_prefix("non-") {
        return adjective(rest).map(|p| Property::Not(Box::new(p)));
    }
    match w {
        "touching" | "adjacent" | "neighbouring" | "neighboring" => {
            Some(Property::Touching(super::Dice(vec![])))
        }
        _ => None,
    }
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
    // Slips rarely fall on the first letter, and "of" is no misspelt "if".
    let first = word.chars().next();
    pool.retain(|w| w.chars().next() == first);
    pool.into_iter()
        .map(|w| (edit_distance(word, w), std::cmp::Reverse(w.len()), w))
        .filter(|(d, _, _)| *d <= limit)
        .min()
        // Letters are dropped more often than added: between two as close, the longer.
        .map(|(_, _, w)| w.to_string())
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
