//! The Deduction log: parsing `grammar/deduction-log.ebnf` into events with spans.

use super::{deal_for, parse_attribute, parse_tile, tile_name, Attribute};
use crate::games::logs::{error, verdict, ClaimWords, LogError, Standing};
use miette::SourceSpan;

/// An answer to a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    No,
    /// Yes, with the tile shown when I asked or answered.
    Yes(Option<usize>),
    /// How many.
    Count(u32),
}

/// Something that happened, as one player saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Hand(Vec<usize>),
    /// The face-up leftovers.
    Table(Vec<usize>),
    /// `asker` asked `answerer` about `about` ("have one?" or "how many?", by the answer).
    Ask {
        asker: usize,
        answerer: usize,
        about: Attribute,
        answer: Answer,
        coin: Option<usize>,
    },
    /// An announcement: when `correct`, `tile` is the missing one and `by` wins (the game is
    /// over); when wrong, it is not, and `by` is out (takes no more turns, still answers).
    Announce {
        by: usize,
        tile: usize,
        correct: bool,
    },
}

/// An event with the line it came from.
pub type Entry = crate::games::logs::Entry<Event>;

#[derive(Clone, Debug)]
pub struct Log {
    pub players: Vec<String>,
    pub me: usize,
    pub entries: Vec<Entry>,
}

impl Log {
    /// Hand size and leftovers for this many players.
    pub fn deal(&self) -> (u32, u32) {
        deal_for(self.players.len()).expect("checked when parsed")
    }

    /// Where the game stands after the first `upto` entries (all when `None`).
    pub fn standing(&self, upto: Option<usize>) -> Standing {
        let mut standing = Standing::default();
        for e in self.entries.iter().take(upto.unwrap_or(usize::MAX)) {
            if let Event::Announce { by, tile, correct } = e.event {
                standing.claim(by, e.line, &[tile], correct, self.players.len());
            }
        }
        standing
    }

    /// The whole log as text (`grammar/deduction-log.ebnf`), which [`parse`] reads back:
    /// the players, who I am, then each event, a question after the coin it was asked with.
    pub fn text(&self) -> String {
        let mut out =
            format!("players: {}\nme: {}\n", self.players.join(", "), self.players[self.me]);
        for e in &self.entries {
            if let Event::Ask { coin: Some(coin), .. } = e.event {
                out += &format!("coin: {}\n", tile_name(coin));
            }
            out += &self.line(&e.event);
            out.push('\n');
        }
        out
    }

    /// The event as a log line (`grammar/deduction-log.ebnf`).
    pub fn line(&self, event: &Event) -> String {
        let tiles = |ts: &[usize]| ts.iter().map(|&t| tile_name(t)).collect::<Vec<_>>().join(", ");
        match event {
            Event::Hand(ts) => format!("hand: {}", tiles(ts)),
            Event::Table(ts) => format!("table: {}", tiles(ts)),
            Event::Announce { by, tile, correct } => {
                format!(
                    "{} announces: {} {}",
                    self.players[*by],
                    tile_name(*tile),
                    if *correct { "correct" } else { "wrong" }
                )
            }
            Event::Ask { asker, answerer, about, answer, .. } => {
                let q = match answer {
                    Answer::Count(_) => format!("how many {}?", about.plural()),
                    _ => format!("have {}?", about.name()),
                };
                let a = match answer {
                    Answer::No => "no".to_string(),
                    Answer::Yes(None) => "yes".to_string(),
                    Answer::Yes(Some(t)) => format!("yes: {}", tile_name(*t)),
                    Answer::Count(n) => n.to_string(),
                };
                format!("{} asks {}: {q} {a}", self.players[*asker], self.players[*answerer])
            }
        }
    }
}

const TILE_HELP: &str =
    "a tile is a suit (Sun, Moon, Crown, Shield) and a value (Null, Ace, 2–5): `Moon 3`";

/// Reads a log.
// Long by design: one pass over the log's lines, one arm per kind of line in the order of
// grammar/deduction-log.ebnf; every arm reads and extends the same running state (players,
// me, the coin being asked about), which a split would pass around by hand.
pub fn parse(text: &str) -> Result<Log, LogError> {
    let mut players: Vec<String> = Vec::new();
    let mut me = None;
    let mut entries = Vec::new();
    let mut coin: Option<(usize, SourceSpan)> = None;
    for crate::games::logs::Statement { line, span, text: content } in
        crate::games::logs::statements(text)
    {
        let (head, rest) = content.split_once(':').ok_or_else(|| {
            error("a log line is `…: …`", span, Some("for example `Ann asks Bob: have 3? yes`"))
        })?;
        let head = head.trim();
        let find = |name: &str| -> Result<usize, LogError> {
            players.iter().position(|p| p.eq_ignore_ascii_case(name.trim())).ok_or_else(|| {
                error(
                    format!("there is no player `{}`", name.trim()),
                    span,
                    Some("players are named on the `players:` line"),
                )
            })
        };
        let tile_list = |t: &str| -> Result<Vec<usize>, LogError> {
            t.split(',')
                .map(|w| {
                    parse_tile(w).ok_or_else(|| {
                        error(format!("`{}` is not a tile", w.trim()), span, Some(TILE_HELP))
                    })
                })
                .collect()
        };
        let event = match head.to_lowercase().as_str() {
            "players" => {
                players = rest.split(',').map(|p| p.trim().to_string()).collect();
                if players.iter().any(String::is_empty) || deal_for(players.len()).is_none() {
                    return Err(error(
                        "Deduction is for 3 to 5 players, each named",
                        span,
                        Some("like `players: Ann, Bob, Cat`"),
                    ));
                }
                if let Some(twice) =
                    crate::util::text::repeated_name(players.iter().map(String::as_str))
                {
                    return Err(error(
                        format!("`{twice}` sits at the table twice"),
                        span,
                        Some("give each player a name of their own"),
                    ));
                }
                continue;
            }
            "me" => {
                me = Some(find(rest)?);
                continue;
            }
            "hand" => Event::Hand(tile_list(rest)?),
            "table" => Event::Table(tile_list(rest)?),
            "coin" => {
                coin = Some((
                    parse_tile(rest).ok_or_else(|| {
                        error(format!("`{}` is not a coin", rest.trim()), span, Some(TILE_HELP))
                    })?,
                    span,
                ));
                continue;
            }
            _ if ends_with_word(head, " announces") => {
                let by = find(&head[..head.len() - " announces".len()])?;
                // Ruling E4: no silent default; a wrong announcement and a right one mean opposite things.
                let (named, correct) = verdict(rest).ok_or_else(|| {
                    error(
                        "an announcement says whether it was `wrong` or `correct`",
                        span,
                        Some("end the line with `wrong` (the player is out, but still answers questions) or `correct` (the player wins and the game is over)"),
                    )
                })?;
                let tile = parse_tile(named).ok_or_else(|| {
                    error(format!("`{}` is not a tile", named.trim()), span, Some(TILE_HELP))
                })?;
                Event::Announce { by, tile, correct }
            }
            _ if find_word(head, " asks ").is_some() => {
                let at = find_word(head, " asks ").expect("found");
                let asker = find(&head[..at])?;
                let answerer = find(&head[at + " asks ".len()..])?;
                if asker == answerer {
                    return Err(error("a player asks another player", span, None));
                }
                let (question, reply) = rest.split_once('?').ok_or_else(|| {
                    error(
                        "a question ends with `?`",
                        span,
                        Some("`have 3? yes` or `how many Suns? 2`"),
                    )
                })?;
                let question = question.trim().to_lowercase();
                let (count, named) = if let Some(a) = question.strip_prefix("how many") {
                    (true, a.trim().strip_suffix("do you have").unwrap_or(a.trim()))
                } else if let Some(a) =
                    question.strip_prefix("have").or_else(|| question.strip_prefix("do you have"))
                {
                    (
                        false,
                        a.trim()
                            .strip_prefix("a ")
                            .or_else(|| a.trim().strip_prefix("an "))
                            .unwrap_or(a.trim()),
                    )
                } else {
                    return Err(error(
                        format!("`{question}?` is neither `have …?` nor `how many …?`"),
                        span,
                        None,
                    ));
                };
                let about = parse_attribute(named).ok_or_else(|| {
                    error(
                        format!("`{named}` is neither a suit nor a value"),
                        span,
                        Some("suits: Sun, Moon, Crown, Shield; values: Null, Ace, 2, 3, 4, 5"),
                    )
                })?;
                let reply = reply.trim().to_lowercase();
                let answer = if count {
                    Answer::Count(
                        reply
                            .parse()
                            .map_err(|_| error(format!("`{reply}` is not a number"), span, None))?,
                    )
                } else if reply == "no" {
                    Answer::No
                } else if let Some(shown) = reply.strip_prefix("yes") {
                    let shown = shown.trim().trim_start_matches(':').trim();
                    if shown.is_empty() {
                        Answer::Yes(None)
                    } else {
                        let t = parse_tile(shown).ok_or_else(|| {
                            error(format!("`{shown}` is not a tile"), span, Some(TILE_HELP))
                        })?;
                        if !about.fits(t) {
                            return Err(error(
                                format!("{} is not a {}", tile_name(t), about.name()),
                                span,
                                None,
                            ));
                        }
                        Answer::Yes(Some(t))
                    }
                } else {
                    return Err(error(
                        format!("`{reply}` is not `yes`, `yes: tile` or `no`"),
                        span,
                        None,
                    ));
                };
                let coin = match coin.take() {
                    Some((c, coin_span)) => {
                        if !about.fits(c) {
                            return Err(error(
                                format!(
                                    "the coin drawn was {}: a question names its suit or its value",
                                    tile_name(c)
                                ),
                                coin_span,
                                None,
                            ));
                        }
                        Some(c)
                    }
                    None => None,
                };
                Event::Ask { asker, answerer, about, answer, coin }
            }
            _ => {
                return Err(error(
                    format!("`{head}` is not a kind of log line"),
                    span,
                    Some("lines are players, me, hand, table, coin, `… asks …` or `… announces`"),
                ))
            }
        };
        entries.push(Entry { event, line, span, text: content.to_string() });
    }
    if players.is_empty() {
        return Err(error(
            "the log names no players",
            (0, 0).into(),
            Some("add `players: Ann, Bob, Cat` (3 to 5, in seat order)"),
        ));
    }
    let me = me.ok_or_else(|| {
        error("the log does not say who is `me`", (0, 0).into(), Some("add `me: Ann`"))
    })?;
    for e in &entries {
        if let Event::Ask { asker, answerer, answer: Answer::Yes(Some(_)), .. } = e.event {
            if asker != me && answerer != me {
                return Err(error(
                    "only the asker sees the tile shown (write it only when that is me)",
                    e.span,
                    None,
                ));
            }
        }
    }
    check_sequence(&players, &entries)?;
    Ok(Log { players, me, entries })
}

/// What the rules forbid in one event on its own, with `players` seats, as (what is wrong,
/// a hint): a hand or a face-up table of the wrong size, a count nobody can hold. The order
/// of events is [`check_sequence`]'s. `solve` asks it too, for logs built in code.
pub fn event_error(players: usize, event: &Event) -> Option<(String, String)> {
    let (hand, up) = deal_for(players)?;
    match event {
        Event::Hand(ts) if ts.len() != hand as usize => Some((
            format!("a hand has {hand} tiles with {players} players"),
            format!("the tiles are dealt evenly: {hand} each, {up} face up on the table"),
        )),
        Event::Table(ts) if ts.len() != up as usize => Some((
            format!("{up} tiles lie face up with {players} players"),
            format!("the tiles left over after dealing {hand} to each player lie face up"),
        )),
        Event::Ask { answer: Answer::Count(n), about, .. }
            if *n as usize > about.tiles().len().min(hand as usize) =>
        {
            Some((
                format!("nobody can hold {n} {} tiles", about.name()),
                format!(
                    "there are {} {} tiles, and a hand holds {hand}",
                    about.tiles().len(),
                    about.name()
                ),
            ))
        }
        _ => None,
    }
}

/// The rules' order of play, line by line: a player out after a wrong announcement asks no
/// more questions and makes no more announcements (ruling E5); nothing happens after the
/// game is over (E4). Each event must also be legal on its own ([`event_error`]). An
/// illegal line is an error before anything is inferred from it.
fn check_sequence(players: &[String], entries: &[Entry]) -> Result<(), LogError> {
    let mut standing = Standing::default();
    for e in entries {
        if let Some((why, hint)) = event_error(players.len(), &e.event) {
            return Err(error(why, e.span, Some(&hint)));
        }
        let by = match e.event {
            Event::Hand(_) | Event::Table(_) => continue,
            Event::Ask { asker, .. } => asker,
            Event::Announce { by, .. } => by,
        };
        let words = ClaimWords {
            correctly: "announced the missing tile correctly",
            wrongly: "announced wrongly",
            claim: "announcement",
            nobody: "nobody takes a turn",
        };
        standing.refuse_after_end(e.span, &|p| players[p].clone(), &words)?;
        if let Some(line) = standing.out_line(by) {
            let doing =
                if matches!(e.event, Event::Ask { .. }) { "asks questions" } else { "announces" };
            return Err(error(
                format!("{} announced wrongly on line {line} and is out of the game: a player who is out no longer {doing}", players[by]),
                e.span,
                Some(&format!("{} still answers the others' questions; check who asked, or whether line {line} was wrong", players[by])),
            ));
        }
        if let Event::Announce { by, tile, correct } = e.event {
            standing.claim(by, e.line, &[tile], correct, players.len());
        }
    }
    Ok(())
}

/// Where `word` (ASCII, any case) stands in `text`, as a byte offset into `text` itself:
/// offsets found in a lowercased copy need not fit the original, whose non-ASCII letters
/// may change length when lowercased.
fn find_word(text: &str, word: &str) -> Option<usize> {
    text.char_indices()
        .map(|(i, _)| i)
        .find(|&i| text[i..].get(..word.len()).is_some_and(|s| s.eq_ignore_ascii_case(word)))
}

fn ends_with_word(text: &str, word: &str) -> bool {
    text.len() >= word.len()
        && text.get(text.len() - word.len()..).is_some_and(|s| s.eq_ignore_ascii_case(word))
}
