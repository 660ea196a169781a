//! Clue's commands: a log read from a file (or sent by the page), everything it implies
//! (the notebook), advice on the next suggestion, and the log's editing (`new`, `add`,
//! `undo`, `edit`), each change checked before it is saved.

use super::logs::{add_line, create_log, edit_line as edit_log_line, undo_line};
use super::logs::{read_log, unparsed, Chance, GameState, LogGameError};
use crate::games::clue::advise::{
    advise as rate_suggestions, cards_to_show, room_kind, ShowReason,
};
use crate::games::clue::log::{parse, Log};
pub use crate::games::clue::solve::Refuter;
use crate::games::clue::solve::{notebook, solve_with as count_deals, state_line, upto_events};
use crate::games::clue::Deck;
use crate::games::logs::{SolveError, Standing};
use crate::solve::Budget;
use crate::util::input::{read_text, MAX_LOG_BYTES};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a count of the deals may take: `solve`, and the check of every change to a log.
pub const SOLVE_TIME: Duration = Duration::from_secs(60);
/// How long advice may take unless told otherwise, in seconds (as `--timeout` reads it).
pub const ADVISE_SECONDS: &str = "60";
/// How many suggestions advice lists unless told otherwise.
pub const SUGGESTIONS_SHOWN: usize = 10;
/// The deck a new log plays unless told otherwise.
pub const DECK: &str = "classic";

/// A log that reads, ready for the solver.
pub struct ClueLog {
    log: Log,
}

/// Reads the log in the file at `path`; its `deck:` line may name a deck file beside it.
pub fn open_log(path: &Path) -> Result<ClueLog, LogGameError> {
    let text = read_log(path)?;
    parse_file(path, &text)
}

/// Reads a log sent by the page, which knows the built-in decks only (it has no files).
pub fn page_log(text: &str) -> Result<ClueLog, LogGameError> {
    let builtin = |name: &str| {
        Deck::builtin(name)
            .ok_or_else(|| format!("the page knows the built-in decks only, not `{name}`"))
    };
    parse(text, &builtin).map(|log| ClueLog { log }).map_err(|e| unparsed(e, "log", text))
}

/// `text` as the log in the file at `path`.
fn parse_file(path: &Path, text: &str) -> Result<ClueLog, LogGameError> {
    let base = path.parent().map(PathBuf::from).unwrap_or_default();
    let load_deck = |name: &str| {
        let path = base.join(name);
        let text = read_text(&path, MAX_LOG_BYTES)
            .map_err(|e| format!("cannot read the deck {}: {}", path.display(), e.reason()))?;
        Deck::from_json(&text)
    };
    parse(text, &load_deck)
        .map(|log| ClueLog { log })
        .map_err(|e| unparsed(e, &path.display().to_string(), text))
}

/// Everything a log implies: who holds each card, with exact chances, and the envelopes.
#[derive(Clone, Debug, Serialize)]
pub struct Notebook {
    /// Deals consistent with the log.
    pub deals: String,
    /// The model of the refuter the odds follow: `random` (RULINGS C4, the default: a
    /// refuter shows one of their matching cards at random, so a card shown to me weighs the
    /// deals) or `any` (every consistent deal weighs the same).
    pub refuter: &'static str,
    pub cards: Vec<CardOdds>,
    /// The possible envelopes, likeliest first.
    pub envelopes: Vec<EnvelopeOdds>,
    /// The envelope to accuse, when only one is possible and I may still accuse.
    pub accuse: Option<Vec<String>>,
    #[serde(flatten)]
    pub state: GameState<GameOver>,
    /// The detective's notebook as text: a row per card, a column per holder.
    #[serde(skip)]
    pub text: String,
}

/// Where one card is.
#[derive(Clone, Debug, Serialize)]
pub struct CardOdds {
    pub card: String,
    /// The holder it is certainly with, if any.
    pub holder: Option<String>,
    /// By holder (the players, then `envelope`).
    pub probability: BTreeMap<String, Chance>,
}

/// One possible envelope.
#[derive(Clone, Debug, Serialize)]
pub struct EnvelopeOdds {
    pub cards: Vec<String>,
    /// The weight of the deals with this envelope under the model (`--refuter any`: the
    /// number of deals); only its ratio to the others' means anything.
    pub count: String,
    pub probability: f64,
}

/// How the game ended: the winner (none when everyone accused wrongly), the line, and the
/// envelope the winner named.
#[derive(Clone, Debug, Serialize)]
pub struct GameOver {
    pub winner: Option<String>,
    pub line: usize,
    pub envelope: Option<Vec<String>>,
}

/// Counts the deals that fit the log (its first `upto` events only, when given), with the
/// odds under the default model of the refuter.
pub fn solve(
    log: &ClueLog,
    upto: Option<usize>,
    budget: &Budget,
) -> Result<Notebook, LogGameError> {
    solve_with(log, upto, Refuter::default(), budget)
}

/// [`solve`] under a stated model of the refuter (`--refuter`).
pub fn solve_with(
    log: &ClueLog,
    upto: Option<usize>,
    refuter: Refuter,
    budget: &Budget,
) -> Result<Notebook, LogGameError> {
    let log = &log.log;
    let s = count_deals(log, upto.map(|n| upto_events(log, n)), refuter, budget)
        .map_err(LogGameError::Unsolved)?;
    let cards = (0..s.cards.len())
        .map(|c| CardOdds {
            card: s.cards[c].clone(),
            holder: s.certain_holder(c).map(|h| s.holders[h].clone()),
            probability: (0..s.holders.len())
                .map(|h| (s.holders[h].clone(), Chance::of(s.counts[c][h], s.total)))
                .collect(),
        })
        .collect();
    let envelopes = s
        .envelopes
        .iter()
        .map(|(cards, n)| EnvelopeOdds {
            cards: cards.iter().map(|&c| s.cards[c].clone()).collect(),
            count: n.to_string(),
            probability: *n as f64 / s.total as f64,
        })
        .collect();
    // Advice to accuse only while I may: not when I am out or the game is over.
    let accuse = s
        .can_accuse()
        .filter(|_| state_line(log, &s.standing).is_none())
        .map(|cards| cards.iter().map(|&c| s.cards[c].clone()).collect());
    Ok(Notebook {
        deals: s.deals.to_string(),
        refuter: s.refuter.name(),
        cards,
        envelopes,
        accuse,
        state: state(log, &s.standing),
        text: notebook(log, &s),
    })
}

fn state(log: &Log, standing: &Standing) -> GameState<GameOver> {
    GameState::of(standing, &log.players, |winner, line, named| GameOver {
        winner,
        line,
        envelope: named
            .map(|cards| cards.iter().map(|&c| log.deck.name_of(c).to_string()).collect()),
    })
}

/// What advice is asked for.
#[derive(Clone, Debug)]
pub struct AdviseRequest {
    /// The rooms I can reach this turn (none: any).
    pub rooms: Vec<String>,
    /// How many suggestions to list.
    pub top: usize,
    /// The time the rating may take.
    pub timeout: Duration,
}

/// Which suggestion to make, best first; or why there is none to advise.
#[derive(Clone, Debug, Serialize)]
pub struct Advice {
    #[serde(flatten)]
    pub state: GameState<GameOver>,
    /// The envelope's uncertainty now, in bits (summed over kinds); none when the game is
    /// over for me.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bits_now: Option<f64>,
    /// Suggestions not rated before the time ran out.
    pub unevaluated: usize,
    /// The best suggestions, as many as asked for.
    pub suggestions: Vec<Suggestion>,
    /// The best suggestion in a room I can reach.
    pub best_reachable: Option<Suggestion>,
    /// Why there is nothing to advise: the game is over, or I am out.
    #[serde(skip)]
    pub over_for_me: Option<String>,
    /// Whether rooms were given.
    #[serde(skip)]
    pub rooms_given: bool,
    /// How many suggestions were rated.
    #[serde(skip)]
    pub rated: usize,
}

/// One suggestion and what it is expected to teach.
#[derive(Clone, Debug, Serialize)]
pub struct Suggestion {
    pub cards: Vec<String>,
    /// Expected information about the envelope, in bits.
    pub bits: f64,
    /// The chance nobody can refute it.
    pub nobody_refutes: f64,
    /// Whether it names a room I can reach (none: no rooms were given).
    pub reachable: Option<bool>,
}

/// Rates every suggestion I could make.
pub fn advise(log: &ClueLog, request: &AdviseRequest) -> Result<Advice, LogGameError> {
    let log = &log.log;
    let standing = log.standing(None);
    let state = state(log, &standing);
    // Nothing to advise when the game is over or I am out: say so (the log is still checked).
    if let Some(over_for_me) = state_line(log, &standing) {
        count_deals(log, None, Refuter::default(), &Budget::time(request.timeout))
            .map_err(LogGameError::Unsolved)?;
        return Ok(Advice {
            state,
            bits_now: None,
            unevaluated: 0,
            suggestions: Vec::new(),
            best_reachable: None,
            over_for_me: Some(over_for_me),
            rooms_given: !request.rooms.is_empty(),
            rated: 0,
        });
    }
    let room = room_kind(log);
    let mut reachable = Vec::new();
    for name in &request.rooms {
        match log.deck.find(name) {
            Ok(c) if log.deck.kind_of(c) == room => reachable.push(c),
            Ok(c) => {
                return Err(LogGameError::Refused(format!(
                    "{} is not a {}",
                    log.deck.name_of(c),
                    log.deck.kinds[room].kind
                )))
            }
            Err(e) => return Err(LogGameError::Refused(e)),
        }
    }
    let rooms = (!reachable.is_empty()).then_some(reachable.as_slice());
    let advice = rate_suggestions(log, rooms, &Budget::time(request.timeout))
        .map_err(LogGameError::Unsolved)?;
    let suggestion = |s: &crate::games::clue::advise::Suggestion| Suggestion {
        cards: s.cards.iter().map(|&c| log.deck.name_of(c).to_string()).collect(),
        bits: s.bits,
        nobody_refutes: s.nobody_refutes,
        reachable: s.reachable,
    };
    Ok(Advice {
        state,
        bits_now: Some(advice.bits_now),
        unevaluated: advice.unevaluated,
        suggestions: advice.suggestions.iter().take(request.top).map(suggestion).collect(),
        best_reachable: advice
            .suggestions
            .iter()
            .find(|s| s.reachable == Some(true))
            .map(suggestion),
        over_for_me: None,
        rooms_given: rooms.is_some(),
        rated: advice.suggestions.len(),
    })
}

impl Advice {
    /// The advice for people: a table of the suggestions, the best reachable, what is left.
    pub fn text(&self) -> String {
        if let Some(state) = &self.over_for_me {
            return format!("{state}\nThere is no suggestion to advise.\n");
        }
        let mut out = format!(
            "The envelope is uncertain by {:.2} bits (summed over kinds).\n",
            self.bits_now.unwrap_or(0.0)
        );
        out += &format!("{:>6}  {:>8}  {:9}  suggestion\n", "bits", "no-show", "reachable");
        for s in &self.suggestions {
            let r = match s.reachable {
                Some(true) => "yes",
                Some(false) => "no",
                None => "?",
            };
            out += &format!(
                "{:>6.3}  {:>7.1}%  {:9}  {}\n",
                s.bits,
                100.0 * s.nobody_refutes,
                r,
                s.cards.join(", ")
            );
        }
        if let Some(b) = &self.best_reachable {
            out += &format!("Best reachable: {} ({:.3} bits).\n", b.cards.join(", "), b.bits);
        } else if self.rooms_given {
            out += "No rated suggestion names a room you can reach.\n";
        }
        if self.unevaluated > 0 {
            out += &format!(
                "The time limit left {} of {} suggestions unrated.\n",
                self.unevaluated,
                self.unevaluated + self.rated
            );
        }
        out
    }
}

/// A new log's header: the deck, the players in seat order with their hand sizes, who I am
/// and my hand.
#[derive(Clone, Debug)]
pub struct NewLog {
    /// `classic`, `ivory-tower`, or a deck file (JSON) beside the log.
    pub deck: String,
    /// Seat order and hand sizes: `Ann 6, Bob 6, Cat 6`.
    pub players: String,
    pub me: String,
    /// My cards: `Scarlet, Knife, Kitchen, …`.
    pub hand: String,
}

/// Starts a log in `path`, which must not exist yet; the header is checked as a log before
/// it is written. Returns the header.
pub fn new_log(path: &Path, request: &NewLog) -> Result<String, LogGameError> {
    let NewLog { deck, players, me, hand } = request;
    let header = format!("deck: {deck}\nplayers: {players}\nme: {me}\nhand: {hand}\n");
    create_log(path, &header, "clue", &checker(path))
}

/// Appends an event line, after checking it reads and fits the log (with `anyway`, even if
/// it contradicts earlier lines). Returns what was done, in a line.
pub fn add_event(path: &Path, event: &str, anyway: bool) -> Result<String, LogGameError> {
    add_line(path, event, anyway, &checker(path))
}

/// Removes the log's last event line.
pub fn undo_event(path: &Path) -> Result<String, LogGameError> {
    undo_line(path, is_event, &checker(path))
}

/// Replaces line `line` (from 1) with `text`; an empty text deletes it.
pub fn edit_line(
    path: &Path,
    line: usize,
    text: &str,
    anyway: bool,
) -> Result<String, LogGameError> {
    edit_log_line(path, line, text, anyway, &checker(path))
}

fn is_event(line: &str) -> bool {
    let word =
        line.split('#').next().unwrap_or("").split_whitespace().next().unwrap_or("").to_lowercase();
    matches!(word.as_str(), "suggest" | "accuse" | "seen")
}

/// A log's text checked as the log in `path` would be: it reads, and its deals count.
fn checker(path: &Path) -> impl Fn(&str) -> Result<Result<(), SolveError>, LogGameError> + '_ {
    move |text| {
        let parsed = parse_file(path, text)?;
        Ok(count_deals(&parsed.log, None, Refuter::Any, &Budget::time(SOLVE_TIME)).map(|_| ()))
    }
}

/// A deck's cards by kind, each with its other names.
#[derive(Clone, Debug, Serialize)]
pub struct DeckCards {
    pub name: String,
    pub kinds: Vec<DeckKind>,
}

#[derive(Clone, Debug, Serialize)]
pub struct DeckKind {
    pub kind: String,
    pub cards: Vec<DeckCard>,
}

#[derive(Clone, Debug, Serialize)]
pub struct DeckCard {
    pub name: String,
    /// Other names the card is known by (matching ignores case, accents and punctuation).
    pub aliases: Vec<String>,
}

/// The cards of a deck: `classic`, `ivory-tower`, or a deck file.
pub fn deck_cards(deck: &str) -> Result<DeckCards, LogGameError> {
    let deck = match Deck::builtin(deck) {
        Some(d) => d,
        None => {
            let text =
                read_text(Path::new(deck), MAX_LOG_BYTES).map_err(LogGameError::Unreadable)?;
            Deck::from_json(&text).map_err(LogGameError::Refused)?
        }
    };
    let mut next = 0;
    let kinds = deck
        .kinds
        .iter()
        .map(|k| DeckKind {
            kind: k.kind.clone(),
            cards: k
                .cards
                .iter()
                .map(|_| {
                    let names = deck.names_of(next);
                    next += 1;
                    DeckCard {
                        name: names[0].to_string(),
                        aliases: names[1..].iter().map(|n| n.to_string()).collect(),
                    }
                })
                .collect(),
        })
        .collect();
    Ok(DeckCards { name: deck.name.clone(), kinds })
}

impl DeckCards {
    /// A heading per kind, a line per card with its other names.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n", self.name);
        for k in &self.kinds {
            out += &format!("── {}\n", k.kind);
            for c in &k.cards {
                if c.aliases.is_empty() {
                    out += &format!("  {}\n", c.name);
                } else {
                    out += &format!("  {}  (also: {})\n", c.name, c.aliases.join("; "));
                }
            }
        }
        out
    }
}

/// Which card to show, when refuting a suggestion.
#[derive(Clone, Debug, Serialize)]
pub struct Refutation {
    pub suggester: String,
    /// My cards among those suggested, best to show first.
    pub cards: Vec<CardToShow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CardToShow {
    pub card: String,
    pub reason: WhyShow,
}

/// Why a card is worth showing (ruling C13), in the shape `--json` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WhyShow {
    /// The suggester has seen it from me already, on this line: they learn nothing new.
    SeenBy { line: usize },
    /// Others have seen it from me (the lines).
    ShownBefore { lines: Vec<usize> },
    /// Nobody has seen it from me yet.
    NeverShown,
}

impl From<ShowReason> for WhyShow {
    fn from(reason: ShowReason) -> Self {
        match reason {
            ShowReason::SeenBy { line } => WhyShow::SeenBy { line },
            ShowReason::ShownBefore { lines } => WhyShow::ShownBefore { lines },
            ShowReason::NeverShown => WhyShow::NeverShown,
        }
    }
}

/// Which of my cards to show when `suggestion` (`Bob: Plum, Rope, Hall`) is made and I can
/// refute it (ruling C13).
pub fn refute(log: &ClueLog, suggestion: &str) -> Result<Refutation, LogGameError> {
    let log = &log.log;
    let (who, named) = suggestion.split_once(':').ok_or_else(|| {
        LogGameError::Refused("write the suggestion as `Bob: Plum, Rope, Hall`".into())
    })?;
    let suggester = log
        .players
        .iter()
        .position(|p| p.eq_ignore_ascii_case(who.trim()))
        .ok_or_else(|| LogGameError::Refused(format!("there is no player `{}`", who.trim())))?;
    if suggester == log.me {
        return Err(LogGameError::Refused(
            "that is your own suggestion: the others refute it".into(),
        ));
    }
    let cards = named
        .split(',')
        .map(|c| log.deck.find(c).map_err(LogGameError::Refused))
        .collect::<Result<Vec<usize>, _>>()?;
    let cards = cards_to_show(log, suggester, &cards)
        .into_iter()
        .map(|(c, reason)| CardToShow {
            card: log.deck.name_of(c).to_string(),
            reason: reason.into(),
        })
        .collect();
    Ok(Refutation { suggester: log.players[suggester].clone(), cards })
}

impl Refutation {
    pub fn text(&self) -> String {
        let Some(first) = self.cards.first() else {
            return "You hold none of these cards: pass.\n".into();
        };
        let mut out = format!("Show {} the {}.\n", self.suggester, first.card);
        for c in &self.cards {
            let why = match &c.reason {
                WhyShow::SeenBy { line } => {
                    format!("{} has seen it from you already (line {line}): nothing new", self.suggester)
                }
                WhyShow::ShownBefore { lines } => format!(
                    "shown before (line{} {}): the fewer cards anyone has seen from you, the better",
                    if lines.len() == 1 { "" } else { "s" },
                    lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
                ),
                WhyShow::NeverShown => "nobody has seen it from you yet".into(),
            };
            out += &format!("  {}: {why}\n", c.card);
        }
        out
    }
}
