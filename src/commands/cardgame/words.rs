//! The words players use at the card table, read once for every front end: a card list, a
//! play, a claim. What the coach and the computer print is written in the same forms, so a
//! line umpire prints can be typed back as it stands (`F:+,R:likes ∀x∀y likes(x, y)`).

use crate::games::cardgame::deck::CardKind;
use crate::games::cardgame::legal::Illegal;
use crate::games::cardgame::state::{Claim, GameError};

/// How the cards are written, for messages.
pub const CARD_EXAMPLES: &str = "P:blonde, F:+, R:likes, Q:∀x∃y, S:3, X:?, X:¬";

/// Whether a word starts a card's name (`P:`, `f:`, `Q:`, …): a letter and a colon (a
/// letter no card has, `Z:9`, is read as a card, to be refused by name).
fn starts_a_card(word: &str) -> bool {
    let mut chars = word.chars();
    matches!((chars.next(), chars.next()), (Some(c), Some(':')) if c.is_ascii_alphabetic())
}

/// The card names of a list as players write it: separated by commas, by spaces, or both
/// (`F:+,R:likes`, `F:+ R:likes`). A space splits only before a new card's name, so an
/// ASCII quantifier card keeps its spaces (`Q:forall x exists y`).
pub fn card_names(list: &str) -> Vec<String> {
    let mut names = Vec::new();
    for piece in list.split(',') {
        let mut current = String::new();
        for word in piece.split_whitespace() {
            if starts_a_card(word) && !current.is_empty() {
                names.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        if !current.is_empty() {
            names.push(current);
        }
    }
    names
}

/// Reads card names (`P:blonde`, `X:¬`, …), each item of `lists` itself a list in either
/// form; an unknown card is refused (ruling G1).
pub fn parse_cards<'a>(
    lists: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<CardKind>, GameError> {
    lists
        .into_iter()
        .flat_map(card_names)
        .map(|name| {
            CardKind::parse(&name).ok_or_else(|| {
                GameError::Illegal(Illegal {
                    reason: format!("there is no card `{name}` (cards look like {CARD_EXAMPLES})"),
                    ruling: "G1",
                })
            })
        })
        .collect()
}

/// A play as the table writes it: the cards, the statement, and for the ¬ card the
/// number of the statement it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    pub(crate) cards: Vec<CardKind>,
    pub(crate) statement: String,
    pub(crate) target: Option<usize>,
}

impl Play {
    /// A play written on one line, the form the coach prints and the REPL reads: the cards
    /// first (commas or spaces between them), then the statement, then `-> k` when a ¬ card
    /// changes statement k. `F:+,R:likes ∀x∀y likes(x, y)`, `X:¬ ∀x ¬happy(x) -> 1`.
    pub fn parse(line: &str) -> Result<Play, GameError> {
        let line = line.trim();
        let mut rest = line;
        let mut cards = String::new();
        while let Some(word) = rest.split_whitespace().next() {
            let first = word.split(',').find(|w| !w.is_empty()).unwrap_or("");
            if !starts_a_card(first) {
                break;
            }
            cards.push_str(word);
            cards.push(',');
            rest = rest.trim_start()[word.len()..].trim_start();
        }
        if cards.is_empty() {
            return Err(no_cards(line));
        }
        let (statement, target) = split_target(rest);
        Play::new([cards.as_str()], statement, target)
    }

    /// A play given in parts (`--cards` and the statement; the page's fields). A card list
    /// with no statement beside it may end with the statement (`--cards F:+ R:likes '…'`,
    /// where the shell hands everything after `--cards` to the list): the first item that
    /// does not start with a card begins the statement, and is taken whole, commas and all.
    pub fn new<'a>(
        cards: impl IntoIterator<Item = &'a str>,
        statement: &str,
        target: Option<usize>,
    ) -> Result<Play, GameError> {
        let mut names: Vec<String> = Vec::new();
        let mut rest: Vec<&str> = Vec::new();
        for item in cards {
            let first = item.split(',').map(str::trim).find(|w| !w.is_empty()).unwrap_or("");
            if rest.is_empty() && starts_a_card(first) {
                names.extend(card_names(item));
            } else if !item.trim().is_empty() {
                rest.push(item.trim());
            }
        }
        let mut statement = statement.trim().to_string();
        if statement.is_empty() {
            statement = rest.join(" ");
        } else {
            // Beside a statement, every item is a card: what is not one is refused as such.
            names.extend(rest.into_iter().map(str::to_string));
        }
        if names.is_empty() {
            return Err(no_cards(&statement));
        }
        if statement.is_empty() {
            return Err(GameError::Statement(
                "a play writes a statement after its cards: `F:+,R:likes ∀x∀y likes(x, y)`".into(),
            ));
        }
        let cards = parse_cards(names.iter().map(String::as_str))?;
        Ok(Play { cards, statement, target })
    }

    /// The same play with its ¬ card aimed at statement `target` (`--target k`); a play
    /// that already says `-> k` for another statement is refused.
    pub fn aimed_at(self, target: Option<usize>) -> Result<Play, GameError> {
        match (self.target, target) {
            (Some(k), Some(t)) if k != t => Err(GameError::Illegal(Illegal {
                reason: format!("the play says `-> {k}` and `--target {t}`: which statement?"),
                ruling: "G5",
            })),
            (_, None) => Ok(self),
            (_, target) => Ok(Play { target, ..self }),
        }
    }

    /// The play in the one-line form [`Play::parse`] reads.
    pub fn line(cards: &[String], statement: &str, target: Option<usize>) -> String {
        let on = target.map(|k| format!(" -> {k}")).unwrap_or_default();
        format!("{} {statement}{on}", cards.join(","))
    }
}

/// The statement and the `-> k` that may end a play (`->` is also the ASCII arrow, so only
/// a whole number after the last one makes it a target).
fn split_target(text: &str) -> (&str, Option<usize>) {
    match text.rsplit_once("->") {
        Some((s, k)) if k.trim().parse::<usize>().is_ok() => (s.trim(), k.trim().parse().ok()),
        _ => (text.trim(), None),
    }
}

fn no_cards(text: &str) -> GameError {
    let reason = if text.trim().is_empty() {
        "a play names its cards, then the statement: `F:+,R:likes ∀x∀y likes(x, y)`".to_string()
    } else {
        format!(
            "a play names its cards first (`F:+,R:likes ∀x∀y likes(x, y)`), and `{}` names none",
            crate::util::text::shorten(text)
        )
    };
    GameError::Illegal(Illegal { reason, ruling: "G1" })
}

/// Reads a claim: `redundant K` or `inconsistent` (ruling G8).
pub fn parse_claim(words: &[&str]) -> Result<Claim, GameError> {
    match words {
        ["redundant", k] => match k.parse() {
            Ok(statement) => Ok(Claim::Redundant { statement }),
            Err(_) => Err(bad_claim()),
        },
        ["inconsistent"] => Ok(Claim::Inconsistent),
        _ => Err(bad_claim()),
    }
}

fn bad_claim() -> GameError {
    GameError::ClaimWords("claim `redundant K` or `inconsistent`".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_and_claims_are_read_once_with_one_message() {
        assert_eq!(parse_cards(["P:blonde", " X:¬"]).unwrap().len(), 2);
        let e = parse_cards(["P:blonde", "Z:9"]).unwrap_err().to_string();
        assert!(e.contains("there is no card `Z:9`") && e.contains("P:blonde"), "{e}");
        assert_eq!(parse_claim(&["redundant", "2"]).unwrap(), Claim::Redundant { statement: 2 });
        assert_eq!(parse_claim(&["inconsistent"]).unwrap(), Claim::Inconsistent);
        for bad in [&["redundant"][..], &["redundant", "x"], &["inconsistent", "2"], &[]] {
            assert!(parse_claim(bad)
                .unwrap_err()
                .to_string()
                .contains("claim `redundant K` or `inconsistent`"));
        }
    }

    /// Issue 56: the coach printed `F:+ R:likes`, which `--cards` refused.
    #[test]
    fn card_lists_take_commas_spaces_and_ascii_quantifier_cards() {
        assert_eq!(card_names("F:+,R:likes"), ["F:+", "R:likes"]);
        assert_eq!(card_names("F:+ R:likes"), ["F:+", "R:likes"]);
        assert_eq!(card_names(" F:+ , R:likes  S:3"), ["F:+", "R:likes", "S:3"]);
        assert_eq!(card_names("Q:forall x exists y X:?"), ["Q:forall x exists y", "X:?"]);
        assert_eq!(parse_cards(["F:+ R:likes"]).unwrap(), parse_cards(["F:+,R:likes"]).unwrap());
        assert_eq!(parse_cards(["Q:forall x exists y"]).unwrap(), parse_cards(["Q:∀x∃y"]).unwrap());
    }

    #[test]
    fn a_play_on_one_line_is_read_as_the_coach_prints_it() {
        let p = Play::parse("F:+,R:likes ∀x∀y likes(x, y + x)").unwrap();
        assert_eq!(p.cards, parse_cards(["F:+", "R:likes"]).unwrap());
        assert_eq!((p.statement.as_str(), p.target), ("∀x∀y likes(x, y + x)", None));
        assert_eq!(Play::parse("F:+ R:likes ∀x∀y likes(x, y + x)").unwrap(), p);
        let line = Play::line(&["F:+".into(), "R:likes".into()], "∀x∀y likes(x, y + x)", None);
        assert_eq!(Play::parse(&line).unwrap(), p);
        let not = Play::parse("X:¬ ∀x ¬happy(x) -> 1").unwrap();
        assert_eq!((not.statement.as_str(), not.target), ("∀x ¬happy(x)", Some(1)));
        let arrow = Play::parse("S:1 ∀x blonde(x) -> happy(x)").unwrap();
        assert_eq!((arrow.statement.as_str(), arrow.target), ("∀x blonde(x) -> happy(x)", None));
        let e = Play::parse("∀x happy(x)").unwrap_err().to_string();
        assert!(e.contains("names its cards first"), "{e}");
        let e = Play::parse("  ").unwrap_err().to_string();
        assert!(e.contains("a play names its cards, then the statement"), "{e}");
        // A card of no kind is refused by its name, not taken for the statement.
        let e = Play::parse("Z:foo ∀x happy(x)").unwrap_err().to_string();
        assert!(e.contains("there is no card `Z:foo`"), "{e}");
        // `-> k` and `--target` must agree.
        let aimed = Play::parse("X:¬ ∀x ¬happy(x) -> 2").unwrap();
        assert_eq!(aimed.clone().aimed_at(Some(2)).unwrap().target, Some(2));
        assert_eq!(aimed.clone().aimed_at(None).unwrap().target, Some(2));
        let e = aimed.aimed_at(Some(1)).unwrap_err().to_string();
        assert!(e.contains("`-> 2` and `--target 1`"), "{e}");
    }

    #[test]
    fn a_play_in_parts_may_carry_its_statement_in_the_card_list() {
        let whole = Play::new(["F:+", "R:likes", "∀x∀y likes(x, y + x)"], "", None).unwrap();
        assert_eq!(whole, Play::new(["F:+,R:likes"], "∀x∀y likes(x, y + x)", None).unwrap());
        let split = Play::new(["F:+,R:likes", "∀x∀y", "likes(x, y + x)"], "", None).unwrap();
        assert_eq!(split, whole, "the shell's words after the cards are the statement");
        let e = Play::new(["F:+", "blonde"], "∀x blonde(x)", None).unwrap_err().to_string();
        assert!(e.contains("there is no card `blonde`"), "{e}");
        assert!(Play::new(["F:+"], "", None)
            .unwrap_err()
            .to_string()
            .contains("writes a statement"));
    }
}
