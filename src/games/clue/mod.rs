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

use crate::util::text::{edit_distance, fold_name};
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
    /// Other names for cards, as people say them or as other editions print them: card →
    /// names (`"Scarlet": ["Miss Scarlet", "Miss Scarlett"]`). Matching ignores case,
    /// accents and punctuation.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub aliases: std::collections::BTreeMap<String, Vec<String>>,
}

impl Deck {
    /// The decks that come with umpire, by name.
    pub fn builtin(name: &str) -> Option<Deck> {
        let text = match name {
            "classic" => include_str!("../../../corpus/clue/classic.json"),
            "ivory-tower" => include_str!("../../../corpus/clue/ivory-tower.json"),
            _ => return None,
        };
        Some(Deck::from_json(text).expect("the built-in decks are valid (a test reads them)"))
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
        let cards: Vec<String> = deck.cards().map(|c| fold_name(c)).collect();
        let mut names = std::collections::HashMap::new();
        for (card, aliases) in &deck.aliases {
            let Some(i) = cards.iter().position(|c| *c == fold_name(card)) else {
                return Err(format!("the aliases of `{card}` name no card of the deck"));
            };
            for alias in aliases {
                let folded = fold_name(alias);
                let clash = cards.iter().position(|c| *c == folded).filter(|&j| j != i);
                let other = names.insert(folded.clone(), i).filter(|&j| j != i);
                if folded.is_empty() || clash.is_some() || other.is_some() {
                    return Err(format!("the alias `{alias}` is empty or names another card"));
                }
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

    /// Every name of card `i`: its own, then its aliases.
    pub fn names_of(&self, i: usize) -> Vec<&str> {
        let own = self.name_of(i);
        let mut names = vec![own];
        if let Some(aliases) = self.aliases.get(own) {
            names.extend(aliases.iter().map(String::as_str));
        }
        names
    }

    /// The card a name means, ignoring case, accents and punctuation: a card's name or an
    /// alias, else the one card one of whose names it begins, else the one card whose names
    /// hold all its words ("Mustard" for "Colonel Mustard"). A name that means no card is
    /// refused with the closest names.
    pub fn find(&self, name: &str) -> Result<usize, String> {
        let want = fold_name(name);
        if want.is_empty() {
            return Err("a card name is missing".into());
        }
        let names: Vec<Vec<String>> = (0..self.len())
            .map(|i| self.names_of(i).iter().map(|n| fold_name(n)).collect())
            .collect();
        let unique = |hit: &dyn Fn(&str) -> bool| -> Option<Result<usize, String>> {
            let cards: Vec<usize> =
                (0..names.len()).filter(|&i| names[i].iter().any(|n| hit(n))).collect();
            match cards.as_slice() {
                [] => None,
                [one] => Some(Ok(*one)),
                many => Some(Err(format!(
                    "`{}` could be {}",
                    name.trim(),
                    many.iter()
                        .map(|&i| self.name_of(i).to_string())
                        .collect::<Vec<_>>()
                        .join(" or ")
                ))),
            }
        };
        let words: Vec<&str> = want.split(' ').collect();
        unique(&|n| n == want)
            .or_else(|| unique(&|n| n.starts_with(&want)))
            .or_else(|| unique(&|n| words.iter().all(|w| n.split(' ').any(|x| x == *w))))
            .unwrap_or_else(|| Err(self.unknown(name, &want, &names)))
    }

    /// "There is no card …": with the closest names, or the deck's cards when none is close.
    fn unknown(&self, name: &str, want: &str, names: &[Vec<String>]) -> String {
        let mut close: Vec<(usize, usize)> = names
            .iter()
            .enumerate()
            .map(|(i, ns)| {
                (ns.iter().map(|n| edit_distance(want, n)).min().unwrap_or(usize::MAX), i)
            })
            .filter(|(d, _)| *d <= (want.chars().count() / 3).max(2))
            .collect();
        close.sort();
        let listed: Vec<String> =
            close.iter().take(3).map(|&(_, i)| format!("`{}`", self.name_of(i))).collect();
        if listed.is_empty() {
            format!(
                "there is no card `{}` in {} (its cards: {}; `umpire clue deck` lists their other names)",
                name.trim(),
                self.name,
                self.cards().cloned().collect::<Vec<_>>().join(", ")
            )
        } else {
            format!(
                "there is no card `{}` in {}: did you mean {}?",
                name.trim(),
                self.name,
                listed.join(" or ")
            )
        }
    }
}
