//! The Laws of the Universe deck: graded Laws, one per line (`level | Law | the card's
//! words`), in `corpus/infer/deck.laws`; the Compass Rose Laws in
//! `corpus/infer/compass.laws`. The card's words are plain English that the English reader
//! reads back to the same Law (a test checks every card).

use super::law::{parse, parse_formal, Law, LawError};

/// The deck that ships with umpire.
pub const DECK: &str = include_str!("../../../corpus/infer/deck.laws");
/// The Compass Rose variant's Laws.
pub const COMPASS_DECK: &str = include_str!("../../../corpus/infer/compass.laws");

/// One card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// 1 (gentle) to 3 (hard).
    pub level: u8,
    /// The Law as written on the card, in the formal language.
    pub text: String,
    /// The card's words: the Law in plain English, as the rules phrase Laws (empty when a
    /// deck line gives none).
    pub says: String,
    pub law: Law,
    /// Line number in the deck file (from 1).
    pub line: usize,
}

/// A deck line that cannot be read.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
pub enum DeckError {
    #[error("line {line}: expected `level | Law | the card's words`, with a level from 1 to 3")]
    #[diagnostic(
        code(umpire::infer::deck),
        help("like `2 | white touch each other | White dice must touch each other.`")
    )]
    Shape { line: usize },
    #[error("line {line}: the card's words do not read as its Law: {why}")]
    #[diagnostic(code(umpire::infer::deck))]
    Words { line: usize, why: String },
    #[error("line {line}: {source}")]
    #[diagnostic(code(umpire::infer::deck))]
    Law {
        line: usize,
        #[source]
        source: LawError,
    },
}

impl crate::util::failure::Classify for DeckError {}

/// Reads a deck; `#` starts a comment, blank lines are skipped.
pub fn parse_deck(text: &str) -> Result<Vec<Card>, DeckError> {
    let mut cards = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let (level, rest) = content.split_once('|').ok_or(DeckError::Shape { line })?;
        let (law, says) = rest.split_once('|').unwrap_or((rest, ""));
        let level: u8 = level
            .trim()
            .parse()
            .ok()
            .filter(|l| (1..=3).contains(l))
            .ok_or(DeckError::Shape { line })?;
        let text = law.trim().to_string();
        let law = parse_formal(&text).map_err(|source| DeckError::Law { line, source })?;
        let says = says.trim().to_string();
        if !says.is_empty() {
            match parse(&says) {
                Ok(read) if read == law => {}
                Ok(read) => {
                    return Err(DeckError::Words {
                        line,
                        why: format!("they say `{}`", read.formal()),
                    })
                }
                Err(e) => return Err(DeckError::Words { line, why: e.message }),
            }
        }
        cards.push(Card { level, text, says, law, line });
    }
    Ok(cards)
}

/// The shipped deck (it is checked by the tests, so reading it cannot fail).
pub fn deck() -> Vec<Card> {
    parse_deck(DECK).expect("the shipped deck reads")
}

/// The cards a game may draw.
pub fn cards(compass: bool, level: Option<u8>) -> Vec<Card> {
    let mut all = parse_deck(DECK).expect("the shipped deck reads");
    if compass {
        all.extend(parse_deck(COMPASS_DECK).expect("the shipped deck reads"));
    }
    all.retain(|c| level.is_none_or(|l| c.level == l));
    all
}
