//! The game log: parsing `grammar/clue-log.ebnf` into events with spans.

use super::Deck;
use crate::games::logs::{error, verdict, ClaimWords, LogError, Standing};
use crate::util::input::shorten;
use miette::SourceSpan;

/// Something that happened, as one player saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// My hand.
    Hand { cards: Vec<usize> },
    /// A suggestion of `cards` by `by`: `passed` could not refute; `shown_by` did, with the
    /// card when I saw it.
    Suggest {
        by: usize,
        cards: Vec<usize>,
        passed: Vec<usize>,
        shown_by: Option<usize>,
        card: Option<usize>,
    },
    /// An accusation: when `correct`, these cards are the envelope and `by` wins (the game
    /// is over); when wrong, they are not all in the envelope and `by` is out of the game
    /// (still showing cards).
    Accuse { by: usize, cards: Vec<usize>, correct: bool },
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

impl Log {
    /// Where the game stands after the first `upto` entries (all when `None`).
    pub fn standing(&self, upto: Option<usize>) -> Standing {
        let mut standing = Standing::default();
        for e in self.entries.iter().take(upto.unwrap_or(usize::MAX)) {
            if let Event::Accuse { by, cards, correct } = &e.event {
                standing.claim(*by, e.line, cards, *correct, self.players.len());
            }
        }
        standing
    }
}

/// Reads a log. `load_deck` resolves a `deck:` line that names a file.
// Long by design: one pass over the log's lines, one arm per kind of line in the order of
// grammar/clue-log.ebnf; every arm reads and extends the same running state (deck, players,
// me, the lines waiting for the players' line).
pub fn parse(
    text: &str,
    load_deck: &dyn Fn(&str) -> Result<Deck, String>,
) -> Result<Log, LogError> {
    let mut deck = Deck::builtin("classic").expect("built in");
    let mut players: Vec<(String, u32)> = Vec::new();
    let mut players_span: SourceSpan = (0, 0).into();
    let mut me: Option<usize> = None;
    let mut pending: Vec<(usize, SourceSpan, String)> = Vec::new();
    for crate::games::logs::Statement { line, span, text: content } in
        crate::games::logs::statements(text)
    {
        let (head, rest) = content.split_once(':').ok_or_else(|| {
            error(
                "a log line is `word …: …`",
                span,
                Some("for example `suggest Bob: Plum, Rope, Hall; passed Cat; shown by Ann`"),
            )
        })?;
        let word = head.split_whitespace().next().unwrap_or("").to_lowercase();
        match word.as_str() {
            "deck" => {
                let name = rest.trim();
                deck = match Deck::builtin(name) {
                    Some(d) => d,
                    None => load_deck(name).map_err(|e| {
                        error(e, span, Some("built in: `classic`, `ivory-tower`; or a deck file"))
                    })?,
                };
            }
            "players" => {
                players_span = span;
                for seat in rest.split(',') {
                    let mut words: Vec<&str> = seat.split_whitespace().collect();
                    let last = words.pop().unwrap_or("");
                    match last.parse::<u32>() {
                        Ok(size) if !words.is_empty() => players.push((words.join(" "), size)),
                        Err(_) if !words.is_empty() && last.chars().all(|c| c.is_ascii_digit()) => {
                            return Err(error(
                                format!("a hand of {last} cards is larger than any deck"),
                                span,
                                Some("the number after a player is how many cards they hold"),
                            ))
                        }
                        _ => {
                            return Err(error(
                                format!(
                                    "`{}` is not a player with a hand size",
                                    shorten(seat.trim())
                                ),
                                span,
                                Some("like `players: Ann 6, Bob 6, Cat 6`"),
                            ))
                        }
                    }
                }
            }
            "me" | "hand" | "suggest" | "accuse" | "seen" => {
                pending.push((line, span, content.to_string()))
            }
            _ => {
                return Err(error(
                    format!("`{word}` is not a kind of log line"),
                    span,
                    Some("lines start with deck, players, me, hand, suggest, accuse or seen"),
                ))
            }
        }
    }
    // The deal counter takes up to 64 holders: the players and the envelope.
    if players.len() > 63 {
        return Err(error(format!("{} players: at most 63", players.len()), (0, 0).into(), None));
    }
    if players.iter().any(|(_, size)| *size as usize > deck.len()) {
        return Err(error(
            "a hand is larger than the deck",
            (0, 0).into(),
            Some("check the hand sizes on the `players:` line"),
        ));
    }
    if players.is_empty() {
        return Err(error(
            "the log names no players",
            (0, 0).into(),
            Some("add `players: Ann 6, Bob 6, Cat 6` (seat order, hand sizes)"),
        ));
    }
    check_seats(&players, &deck, players_span)?;
    let find_player = |name: &str, span: SourceSpan| -> Result<usize, LogError> {
        let want = name.trim().to_lowercase();
        players.iter().position(|(p, _)| p.to_lowercase() == want).ok_or_else(|| {
            error(
                format!("there is no player `{}`", name.trim()),
                span,
                Some("players are named on the `players:` line"),
            )
        })
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
                if let Some(twice) =
                    cards.iter().enumerate().find(|(i, c)| cards[..*i].contains(c)).map(|(_, &c)| c)
                {
                    return Err(error(
                        format!("`{}` is named twice in the hand", deck.name_of(twice)),
                        span,
                        Some("each card is in one place only"),
                    ));
                }
                Event::Hand { cards }
            }
            "seen" => Event::Seen {
                player: find_player(&who, span)?,
                card: card_list(rest, span)?.first().copied().unwrap_or(0),
            },
            "accuse" => {
                let by = find_player(&who, span)?;
                // Ruling C9: no silent default; a wrong accusation and a right one mean opposite things.
                let (text, correct) = verdict(rest).ok_or_else(|| {
                    error(
                        "an accusation says whether it was `wrong` or `correct`",
                        span,
                        Some("end the line with `wrong` (the accuser is out, but still shows cards) or `correct` (the accuser wins and the game is over)"),
                    )
                })?;
                Event::Accuse { by, cards: card_list(text, span)?, correct }
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
                        card = shown
                            .map(|c| deck.find(c).map_err(|e| error(e, span, None)))
                            .transpose()?;
                    } else {
                        return Err(error(
                            format!("`{part}` is neither `passed …` nor `shown by …`"),
                            span,
                            None,
                        ));
                    }
                }
                Event::Suggest { by, cards, passed, shown_by, card }
            }
        };
        entries.push(Entry { event, line, span, text: content });
    }
    let me = me.ok_or_else(|| {
        error("the log does not say who is `me`", (0, 0).into(), Some("add `me: Ann`"))
    })?;
    // My hand line holds as many cards as the `players:` line says I hold.
    for e in &entries {
        if let Event::Hand { cards } = &e.event {
            let size = players[me].1 as usize;
            if cards.len() != size {
                return Err(error(
                    format!("the hand names {} cards, but {} holds {size}", cards.len(), players[me].0),
                    e.span,
                    Some("list every card in your hand, or correct the hand size on the `players:` line"),
                ));
            }
        }
    }
    let (names, sizes): (Vec<String>, Vec<u32>) = players.into_iter().unzip();
    check_sequence(&names, &deck, me, &entries)?;
    Ok(Log { deck, players: names, hand_sizes: sizes, me, entries })
}

/// What the `players:` line must be for a deal the rules allow (ruling C12): at least two
/// players, each named once; the hands hold every card but the envelope's; and they are a
/// deal round the table, one card at a time (no hand two cards bigger than another, and the
/// bigger hands side by side from where the deal began).
fn check_seats(players: &[(String, u32)], deck: &Deck, span: SourceSpan) -> Result<(), LogError> {
    if players.len() < 2 {
        return Err(error(
            "Clue needs at least two players",
            span,
            Some("name every player at the table, in seat order: `players: Ann 9, Bob 9`"),
        ));
    }
    // Each player takes a token of the first kind (the suspects, the characters).
    let tokens = deck.kinds[0].cards.len();
    if players.len() > tokens {
        return Err(error(
            format!(
                "{} players, but {} has {tokens} {} tokens: one each",
                players.len(),
                deck.name,
                deck.kinds[0].kind
            ),
            span,
            Some("the rules give each player a token of their own"),
        ));
    }
    if let Some(name) = crate::util::text::repeated_name(players.iter().map(|(p, _)| p.as_str())) {
        return Err(error(
            format!("`{name}` sits at the table twice"),
            span,
            Some("give each player a name of their own"),
        ));
    }
    let dealt: u64 = players.iter().map(|(_, size)| u64::from(*size)).sum();
    let to_deal = (deck.len() - deck.kinds.len()) as u64;
    if dealt != to_deal {
        return Err(error(
            format!(
                "the hands hold {dealt} cards, but {} deals {to_deal} ({} cards, one of each kind in the envelope)",
                deck.name,
                deck.len()
            ),
            span,
            Some("the hand sizes add up to the cards dealt"),
        ));
    }
    let sizes: Vec<u32> = players.iter().map(|(_, size)| *size).collect();
    let (low, high) =
        (*sizes.iter().min().expect("players"), *sizes.iter().max().expect("players"));
    // Round the table, the bigger hands make one run (which may wrap past the last seat).
    let steps_down = (0..sizes.len()).filter(|&i| sizes[i] > sizes[(i + 1) % sizes.len()]).count();
    if high - low > 1 || steps_down > 1 {
        let fair = (0..players.len())
            .map(|i| {
                let extra = usize::from((i as u64) < to_deal % players.len() as u64);
                format!("{} {}", players[i].0, to_deal / players.len() as u64 + extra as u64)
            })
            .collect::<Vec<_>>()
            .join(", ");
        return Err(error(
            "these hands cannot come from dealing round the table one card at a time",
            span,
            Some(&format!("hands differ by one card at most, the bigger ones side by side from where the deal began: for example `players: {fair}`")),
        ));
    }
    Ok(())
}

/// What the rules forbid in one event on its own, as (what is wrong, a hint): a suggestion
/// or accusation that does not name one card of each kind, a suggester who answers their
/// own suggestion, a card shown that was not suggested or that `me` could not have seen
/// (ruling C2). The order of events is [`check_sequence`]'s. `solve` asks it too, for logs
/// built in code.
pub fn event_error(
    deck: &Deck,
    players: &[String],
    me: usize,
    event: &Event,
) -> Option<(String, String)> {
    let one_of_each = |cards: &[usize]| {
        let mut kinds: Vec<usize> = cards.iter().map(|&c| deck.kind_of(c)).collect();
        kinds.sort_unstable();
        kinds.dedup();
        kinds.len() == cards.len() && cards.len() == deck.kinds.len()
    };
    let kinds = || {
        let names: Vec<&str> = deck.kinds.iter().map(|k| k.kind.as_str()).collect();
        let example: Vec<&str> =
            (0..deck.kinds.len()).map(|k| deck.name_of(deck.kind_range(k).start)).collect();
        format!("one card of each kind ({}), like `{}`", names.join(", "), example.join(", "))
    };
    let n = deck.kinds.len();
    match event {
        Event::Suggest { cards, .. } if !one_of_each(cards) => {
            Some((format!("a suggestion names one card of each of the {n} kinds"), kinds()))
        }
        Event::Accuse { cards, .. } if !one_of_each(cards) => {
            Some((format!("an accusation names one card of each of the {n} kinds"), kinds()))
        }
        Event::Suggest { by, passed, shown_by, .. }
            if passed.contains(by) || *shown_by == Some(*by) =>
        {
            let order: Vec<&str> =
                (1..players.len()).map(|k| players[(by + k) % players.len()].as_str()).collect();
            Some((
                format!("{} made this suggestion and does not answer it", players[*by]),
                format!("`passed` and `shown by` name the other players, asked in turn from {}'s left: {}", players[*by], order.join(", ")),
            ))
        }
        Event::Suggest { by, cards, shown_by, card: Some(c), .. } => {
            if !cards.contains(c) {
                Some((
                    format!("{} was not suggested", deck.name_of(*c)),
                    "the card shown is one of the cards suggested".into(),
                ))
            } else if *by != me && *shown_by != Some(me) {
                Some((
                    "only the suggester sees the card shown (write it only when that is me)".into(),
                    format!(
                        "write `shown by {}` without the card",
                        shown_by.map_or("…", |r| players[r].as_str())
                    ),
                ))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The rules' order of play, line by line: the players who could not refute a suggestion
/// answered in seat order from the suggester's left, and whoever showed a card came after
/// them (ruling C7); a player out after a wrong accusation neither suggests nor accuses
/// (C8); nothing happens after the game is over (C9, C10). Each event must also be legal on
/// its own ([`event_error`]). An illegal line is an error before anything is inferred from it.
fn check_sequence(
    players: &[String],
    deck: &Deck,
    me: usize,
    entries: &[Entry],
) -> Result<(), LogError> {
    let n = players.len();
    let name = |p: usize| players[p].as_str();
    let mut standing = Standing::default();
    for e in entries {
        if let Some((why, hint)) = event_error(deck, players, me, &e.event) {
            return Err(error(why, e.span, Some(&hint)));
        }
        let by = match &e.event {
            Event::Hand { .. } => continue,
            Event::Seen { .. } => None,
            Event::Suggest { by, .. } | Event::Accuse { by, .. } => Some(*by),
        };
        let words = ClaimWords {
            correctly: "accused correctly",
            wrongly: "accused wrongly",
            claim: "accusation",
            nobody: "nobody moves",
        };
        standing.refuse_after_end(e.span, &|p| name(p).to_string(), &words)?;
        if let Some(by) = by {
            if let Some(line) = standing.out_line(by) {
                let doing =
                    if matches!(e.event, Event::Suggest { .. }) { "suggests" } else { "accuses" };
                return Err(error(
                    format!("{} accused wrongly on line {line} and is out of the game: a player who is out no longer {doing}", name(by)),
                    e.span,
                    Some(&format!("{} still shows cards to the others; check who made this move, or whether line {line} was wrong", name(by))),
                ));
            }
        }
        match &e.event {
            Event::Suggest { by, passed, shown_by, .. } => {
                check_refutation(players, *by, passed, *shown_by, e)?
            }
            Event::Accuse { by, cards, correct } => standing.claim(*by, e.line, cards, *correct, n),
            _ => {}
        }
    }
    Ok(())
}

/// Ruling C7: `passed` in the order the players were asked, going round the table from the
/// suggester's left, and the player who showed a card after all of them.
fn check_refutation(
    players: &[String],
    by: usize,
    passed: &[usize],
    shown_by: Option<usize>,
    e: &Entry,
) -> Result<(), LogError> {
    let n = players.len();
    let name = |p: usize| players[p].as_str();
    // How far round the table from the suggester a player sits (1: the next one to the left).
    let turn = |p: usize| (p + n - by) % n;
    let order = || (1..n).map(|k| name((by + k) % n)).collect::<Vec<_>>().join(", ");
    // The suggester answering is event_error's, checked first.
    for (i, &p) in passed.iter().enumerate() {
        if let Some(&before) = passed[..i].iter().find(|&&q| turn(q) >= turn(p)) {
            if before == p {
                return Err(error(
                    format!("{} is listed twice under `passed`", name(p)),
                    e.span,
                    Some("each player answers a suggestion once"),
                ));
            }
            let mut sorted = passed.to_vec();
            sorted.sort_by_key(|&q| turn(q));
            sorted.dedup();
            return Err(error(
                format!(
                    "`passed` lists {} before {}, but {} is asked first",
                    name(before),
                    name(p),
                    name(p)
                ),
                e.span,
                Some(&format!(
                    "players are asked in seat order from {}'s left ({}): write `passed {}`",
                    name(by),
                    order(),
                    sorted.iter().map(|&q| name(q)).collect::<Vec<_>>().join(", ")
                )),
            ));
        }
    }
    if let Some(r) = shown_by.filter(|r| passed.contains(r)) {
        return Err(error(
            format!("{} is listed both as passing and as showing a card", name(r)),
            e.span,
            Some("a player asked either shows a card or passes; check `passed` and `shown by`"),
        ));
    }
    if let (Some(r), Some(&last)) = (shown_by, passed.iter().max_by_key(|&&q| turn(q))) {
        if turn(last) > turn(r) {
            return Err(error(
                format!("{} is listed as passing, but {} showed a card before {} was asked", name(last), name(r), name(last)),
                e.span,
                Some(&format!(
                    "once a card is shown nobody else is asked; players are asked in seat order from {}'s left: {}",
                    name(by),
                    order()
                )),
            ));
        }
    }
    Ok(())
}
