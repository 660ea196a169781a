//! The game log: parsing `grammar/clue-log.ebnf` into events with spans.

use super::Deck;
use crate::games::logs::{error, LogError};
use crate::util::input::shorten;
use miette::SourceSpan;

/// Something that happened, as one player saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// My hand.
    Hand { cards: Vec<usize> },
    /// A suggestion of `cards` by `by`: `passed` could not refute; `shown_by` did, with the
    /// card when I saw it.
    Suggest { by: usize, cards: Vec<usize>, passed: Vec<usize>, shown_by: Option<usize>, card: Option<usize> },
    /// A wrong accusation: these cards are not all in the envelope.
    Accuse { by: usize, cards: Vec<usize> },
    /// I saw `card` in `player`'s hand.
    Seen { player: usize, card: usize },
}

/// An event with the line it came from.
pub type Entry = crate::games::logs::Entry<Event>;

/// A parsed log.
#[derive(Clone, Debug)]
pub struct Log {
    pub deck: Deck,
    pub players: Vec<String>,
    pub hand_sizes: Vec<u32>,
    pub me: usize,
    pub entries: Vec<Entry>,
}


/// Reads a log. `load_deck` resolves a `deck:` line that names a file.
pub fn parse(text: &str, load_deck: &dyn Fn(&str) -> Result<Deck, String>) -> Result<Log, LogError> {
    let mut deck = Deck::builtin("classic").expect("built in");
    let mut players: Vec<(String, u32)> = Vec::new();
    let mut me: Option<usize> = None;
    let mut pending: Vec<(usize, SourceSpan, String)> = Vec::new();
    for crate::games::logs::Statement { line, span, text: content } in crate::games::logs::statements(text) {
        let (head, rest) = content.split_once(':').ok_or_else(|| {
            error("a log line is `word …: …`", span, Some("for example `suggest Bob: Plum, Rope, Hall; passed Cat; shown by Ann`"))
        })?;
        let word = head.split_whitespace().next().unwrap_or("").to_lowercase();
        match word.as_str() {
            "deck" => {
                let name = rest.trim();
                deck = match Deck::builtin(name) {
                    Some(d) => d,
                    None => load_deck(name).map_err(|e| error(e, span, Some("built in: `classic`, `ivory-tower`; or a deck file")))?,
                };
            }
            "players" => {
                for seat in rest.split(',') {
                    let mut words: Vec<&str> = seat.split_whitespace().collect();
                    let last = words.pop().unwrap_or("");
                    match last.parse::<u32>() {
                        Ok(size) if !words.is_empty() => players.push((words.join(" "), size)),
                        Err(_) if !words.is_empty() && last.chars().all(|c| c.is_ascii_digit()) => {
                            return Err(error(format!("a hand of {last} cards is larger than any deck"), span, Some("the number after a player is how many cards they hold")))
                        }
                        _ => return Err(error(format!("`{}` is not a player with a hand size", shorten(seat.trim())), span, Some("like `players: Ann 6, Bob 6, Cat 6`"))),
                    }
                }
            }
            "me" | "hand" | "suggest" | "accuse" | "seen" => pending.push((line, span, content.to_string())),
            _ => return Err(error(format!("`{word}` is not a kind of log line"), span, Some("lines start with deck, players, me, hand, suggest, accuse or seen"))),
        }
    }
    // The deal counter takes up to 64 holders: the players and the envelope.
    if players.len() > 63 {
        return Err(error(format!("{} players: at most 63", players.len()), (0, 0).into(), None));
    }
    if players.iter().any(|(_, size)| *size as usize > deck.len()) {
        return Err(error("a hand is larger than the deck", (0, 0).into(), Some("check the hand sizes on the `players:` line")));
    }
    if players.is_empty() {
        return Err(error("the log names no players", (0, 0).into(), Some("add `players: Ann 6, Bob 6, Cat 6` (seat order, hand sizes)")));
    }
    let find_player = |name: &str, span: SourceSpan| -> Result<usize, LogError> {
        let want = name.trim().to_lowercase();
        players
            .iter()
            .position(|(p, _)| p.to_lowercase() == want)
            .ok_or_else(|| error(format!("there is no player `{}`", name.trim()), span, Some("players are named on the `players:` line")))
    };
    let card_list = |text: &str, span: SourceSpan| -> Result<Vec<usize>, LogError> {
        text.split(',').map(|c| deck.find(c).map_err(|e| error(e, span, None))).collect()
    };
    let mut entries = Vec::new();
    for (line, span, content) in pending {
        let (head, rest) = content.split_once(':').expect("checked above");
        let mut words = head.split_whitespace();
        let word = words.next().unwrap_or("").to_lowercase();
        let who: String = words.collect::<Vec<_>>().join(" ");
        let event = match word.as_str() {
            "me" => {
                me = Some(find_player(rest, span)?);
                continue;
            }
            "hand" => {
                let cards = card_list(rest, span)?;
                if let Some(twice) = cards.iter().enumerate().find(|(i, c)| cards[..*i].contains(c)).map(|(_, &c)| c) {
                    return Err(error(format!("`{}` is named twice in the hand", deck.name_of(twice)), span, Some("each card is in one place only")));
                }
                Event::Hand { cards }
            }
            "seen" => Event::Seen { player: find_player(&who, span)?, card: card_list(rest, span)?.first().copied().unwrap_or(0) },
            "accuse" => {
                let by = find_player(&who, span)?;
                let text = rest.trim().trim_end_matches("wrong").trim_end();
                let cards = card_list(text, span)?;
                Event::Accuse { by, cards }
            }
            _ => {
                let by = find_player(&who, span)?;
                let mut parts = rest.split(';');
                let cards = card_list(parts.next().unwrap_or(""), span)?;
                let (mut passed, mut shown_by, mut card) = (Vec::new(), None, None);
                for part in parts {
                    let part = part.trim();
                    if let Some(names) = part.strip_prefix("passed") {
                        for name in names.split(',').filter(|n| !n.trim().is_empty()) {
                            passed.push(find_player(name, span)?);
                        }
                    } else if let Some(rest) = part.strip_prefix("shown by") {
                        let (name, shown) = match rest.split_once(':') {
                            Some((n, c)) => (n, Some(c)),
                            None => (rest, None),
                        };
                        shown_by = Some(find_player(name, span)?);
                        card = shown.map(|c| deck.find(c).map_err(|e| error(e, span, None))).transpose()?;
                    } else {
                        return Err(error(format!("`{part}` is neither `passed …` nor `shown by …`"), span, None));
                    }
                }
                Event::Suggest { by, cards, passed, shown_by, card }
            }
        };
        entries.push(Entry { event, line, span, text: content });
    }
    let me = me.ok_or_else(|| error("the log does not say who is `me`", (0, 0).into(), Some("add `me: Ann`")))?;
    let (names, sizes) = players.into_iter().unzip();
    Ok(Log { deck, players: names, hand_sizes: sizes, me, entries })
}
