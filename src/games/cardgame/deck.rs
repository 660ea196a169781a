//! The deck: 54 cards, as data (`corpus/cards/deck.json`, built into the binary).

use crate::logic::ast::Quantifier;
use serde::{Deserialize, Serialize};

/// P (property), F (function), R (relation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SymbolClass {
    P,
    F,
    R,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CardKind {
    /// P/F/R: statements over this symbol (and the other symbol cards played with it).
    Symbol { class: SymbolClass, symbol: String },
    /// Q: statements with this quantifier prefix, e.g. `∀x∃y`.
    Quantifier { prefix: String },
    /// S: exactly this statement (`|L| ≥ n` and `|L| < n` take n when played).
    Statement { statement: String },
    /// X `?`: any well-formed statement.
    Wild,
    /// X `¬`: insert one negation into a statement on the board.
    Negation,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CardSpec {
    #[serde(flatten)]
    pub kind: CardKind,
    pub count: usize,
    pub text: String,
}

#[derive(Deserialize)]
struct DeckFile {
    cards: Vec<CardSpec>,
}

const DECK_JSON: &str = include_str!("../../../corpus/cards/deck.json");

/// The kinds of card with their counts and texts.
pub fn specs() -> Vec<CardSpec> {
    serde_json::from_str::<DeckFile>(DECK_JSON)
        .expect("corpus/cards/deck.json is valid (a test reads it)")
        .cards
}

/// Every card of the deck, one entry per physical card, in the file's order.
pub fn full_deck() -> Vec<CardKind> {
    specs().into_iter().flat_map(|s| std::iter::repeat_n(s.kind, s.count)).collect()
}

impl CardKind {
    /// The short name players type: `P:blonde`, `F:+`, `Q:∀x∃y`, `S:3` (the third S card),
    /// `X:?`, `X:¬`.
    pub fn short_name(&self) -> String {
        match self {
            CardKind::Symbol { class, symbol } => format!("{class:?}:{symbol}"),
            CardKind::Quantifier { prefix } => format!("Q:{prefix}"),
            CardKind::Statement { statement } => {
                let n = statement_cards().iter().position(|s| s == statement).map_or(0, |i| i + 1);
                format!("S:{n}")
            }
            CardKind::Wild => "X:?".into(),
            CardKind::Negation => "X:¬".into(),
        }
    }

    /// Reads a short name (ASCII spellings too: `Q:AxEy`, `X:not`, `Q:forall x exists y`).
    pub fn parse(name: &str) -> Option<CardKind> {
        let (class, rest) = name.trim().split_once(':')?;
        let rest = rest.trim();
        match class.trim().to_ascii_uppercase().as_str() {
            c @ ("P" | "F" | "R") => {
                let class = match c {
                    "P" => SymbolClass::P,
                    "F" => SymbolClass::F,
                    _ => SymbolClass::R,
                };
                let kind = CardKind::Symbol { class, symbol: rest.to_string() };
                specs().into_iter().any(|s| s.kind == kind).then_some(kind)
            }
            "Q" => {
                let wanted = quantifier_prefix(rest)?;
                specs().into_iter().map(|s| s.kind).find(|k| match k {
                    CardKind::Quantifier { prefix } => {
                        quantifier_prefix(prefix).as_ref() == Some(&wanted)
                    }
                    _ => false,
                })
            }
            "S" => {
                let n: usize = rest.parse().ok()?;
                statement_cards()
                    .get(n.checked_sub(1)?)
                    .map(|s| CardKind::Statement { statement: s.clone() })
            }
            "X" => match rest {
                "?" => Some(CardKind::Wild),
                "¬" | "~" | "not" | "!" => Some(CardKind::Negation),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The S cards' statements in deck order.
pub fn statement_cards() -> Vec<String> {
    specs()
        .into_iter()
        .filter_map(|s| match s.kind {
            CardKind::Statement { statement } => Some(statement),
            _ => None,
        })
        .collect()
}

/// Reads a quantifier prefix such as `∀x∃!y`, `forall x exists y` or `AxE!y` into
/// (quantifier, variable) pairs.
pub fn quantifier_prefix(text: &str) -> Option<Vec<(Quantifier, String)>> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (q, after) = if let Some(r) = rest
            .strip_prefix("∃!")
            .or_else(|| rest.strip_prefix("E!"))
            .or_else(|| rest.strip_prefix("exists!"))
        {
            (Quantifier::ExistsUnique, r)
        } else if let Some(r) = rest
            .strip_prefix('∃')
            .or_else(|| rest.strip_prefix("exists"))
            .or_else(|| rest.strip_prefix('E'))
        {
            (Quantifier::Exists, r)
        } else if let Some(r) = rest
            .strip_prefix('∀')
            .or_else(|| rest.strip_prefix("forall"))
            .or_else(|| rest.strip_prefix('A'))
        {
            (Quantifier::Forall, r)
        } else {
            return None;
        };
        let after = after.trim_start();
        // A variable is one letter, then digits or primes (so `AxEy` reads as ∀x∃y).
        let mut chars = after.chars();
        let first = chars.next().filter(|c| c.is_alphabetic())?;
        let var: String = std::iter::once(first)
            .chain(chars.take_while(|c| c.is_ascii_digit() || *c == '\''))
            .collect();
        rest = after[var.len()..].trim_start();
        out.push((q, var));
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_the_rules_counts() {
        let deck = full_deck();
        assert_eq!(deck.len(), 54);
        let count = |f: &dyn Fn(&CardKind) -> bool| deck.iter().filter(|k| f(k)).count();
        assert_eq!(count(&|k| matches!(k, CardKind::Symbol { .. })), 24);
        assert_eq!(count(&|k| matches!(k, CardKind::Quantifier { .. })), 12);
        assert_eq!(count(&|k| matches!(k, CardKind::Statement { .. })), 14);
        assert_eq!(count(&|k| matches!(k, CardKind::Wild)), 1);
        assert_eq!(count(&|k| matches!(k, CardKind::Negation)), 3);
    }

    #[test]
    fn short_names_round_trip_and_ascii_spellings_work() {
        for spec in specs() {
            let name = spec.kind.short_name();
            assert_eq!(CardKind::parse(&name), Some(spec.kind.clone()), "{name}");
        }
        assert_eq!(CardKind::parse("Q:AxEy"), CardKind::parse("Q:∀x∃y"));
        assert_eq!(CardKind::parse("q: forall x exists! y"), CardKind::parse("Q:∀x∃!y"));
        assert_eq!(CardKind::parse("X:not"), Some(CardKind::Negation));
        assert_eq!(CardKind::parse("P:likes"), None, "likes is an R card");
        assert_eq!(CardKind::parse("Q:∃x∃y"), None, "no such card");
        assert_eq!(CardKind::parse("S:15"), None);
    }

    #[test]
    fn every_statement_card_is_well_formed() {
        for s in statement_cards() {
            let text = if s.starts_with("|L|") { s.replace('n', "3") } else { s.clone() };
            crate::logic::board::load("card", &text, crate::logic::check::CheckMode::InGame)
                .unwrap_or_else(|r| panic!("{s}: {}", r.render_plain()));
        }
    }
}
