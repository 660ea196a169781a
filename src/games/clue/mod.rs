//! Clue solvers: from what one player saw, everything that follows, with exact odds.
//!
//! - [`Deck`]: card kinds and cards, as data (`corpus/clue/*.json`, or a user's own file).
//! - [`log`]: the game log (`grammar/clue-log.ebnf`), parsed with spans for diagnostics.
//! - [`solve`]: the log becomes a card deal for the core's exact counter
//!   ([`crate::solve::deal`]): players and the envelope are holders, the envelope holds one card
//!   of each kind; every count of consistent deals is exact, so the backbone (who must or
//!   cannot hold each card) and every probability are exact too — no sampling.
//! - [`advise`]: the expected information each suggestion gives about the envelope.
//! - [`simulate`]: seeded, truthful random games for tests and benches.

pub mod advise;
pub mod log;
pub mod simulate;
pub mod solve;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

/// One kind of card (suspects, weapons, rooms): the envelope holds exactly one of each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kind {
    pub kind: String,
    pub cards: Vec<String>,
}

/// A deck: its kinds in order; cards are numbered across kinds in that order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub name: String,
    pub kinds: Vec<Kind>,
}

impl Deck {
    /// The decks that come with umpire, by name.
    pub fn builtin(name: &str) -> Option<Deck> {
        let text = match name {
            "classic" => include_str!("../../../corpus/clue/classic.json"),
            "ivory-tower" => include_str!("../../../corpus/clue/ivory-tower.json"),
            _ => return None,
        };
        Some(serde_json::from_str(text).expect("the built-in decks are valid"))
    }

    /// Reads a deck file; checks that names are unique and every kind has a card.
    pub fn from_json(text: &str) -> Result<Deck, String> {
        let deck: Deck = serde_json::from_str(text).map_err(|e| format!("not a deck file: {e}"))?;
        if deck.kinds.is_empty() || deck.kinds.iter().any(|k| k.cards.is_empty()) {
            return Err("a deck needs at least one kind, and every kind a card".into());
        }
        let mut seen = std::collections::HashSet::new();
        for c in deck.cards() {
            if !seen.insert(c.to_lowercase()) {
                return Err(format!("the card `{c}` is named twice"));
            }
        }
        if deck.cards().count() > 60 {
            return Err("at most 60 cards".into());
        }
        // Envelope odds fix a card of every kind but the last: the work grows as the product
        // of the kinds' sizes, so a deck keeps to the few kinds real games have.
        if deck.kinds.len() > 4 {
            return Err("at most 4 kinds of card".into());
        }
        Ok(deck)
    }

    pub fn cards(&self) -> impl Iterator<Item = &String> {
        self.kinds.iter().flat_map(|k| &k.cards)
    }

    pub fn len(&self) -> usize {
        self.kinds.iter().map(|k| k.cards.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn name_of(&self, card: usize) -> &str {
        self.cards().nth(card).map(String::as_str).unwrap_or("?")
    }

    /// The card numbers of kind `k`.
    pub fn kind_range(&self, k: usize) -> std::ops::Range<usize> {
        let start: usize = self.kinds[..k].iter().map(|k| k.cards.len()).sum();
        start..start + self.kinds[k].cards.len()
    }

    pub fn kind_of(&self, card: usize) -> usize {
        (0..self.kinds.len())
            .find(|&k| self.kind_range(k).contains(&card))
            .expect("a card of the deck")
    }

    /// The card a name means: the whole name, else the one card it is a prefix of
    /// (ignoring case and surrounding spaces).
    pub fn find(&self, name: &str) -> Result<usize, String> {
        let want = name.trim().to_lowercase();
        if want.is_empty() {
            return Err("a card name is missing".into());
        }
        let names: Vec<String> = self.cards().map(|c| c.to_lowercase()).collect();
        if let Some(i) = names.iter().position(|c| *c == want) {
            return Ok(i);
        }
        let matches: Vec<usize> =
            (0..names.len()).filter(|&i| names[i].starts_with(&want)).collect();
        match matches.as_slice() {
            [one] => Ok(*one),
            [] => Err(format!("there is no card `{}` in {}", name.trim(), self.name)),
            many => Err(format!(
                "`{}` could be {}",
                name.trim(),
                many.iter().map(|&i| self.name_of(i).to_string()).collect::<Vec<_>>().join(" or ")
            )),
        }
    }
}
