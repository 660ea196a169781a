//! Deduction's commands (the piecepack game): a log read from a file (or sent by the page),
//! everything it implies about the missing tile (the notebook), the question to ask with a
//! drawn coin, and a seeded game against computer players.

use super::logs::{add_line, create_log, edit_line as edit_log_line, undo_line};
use super::logs::{read_log, unparsed, Chance, GameState, LogGameError};
use crate::games::deduction::log::{parse, Log};
use crate::games::deduction::play::play as play_game;
use crate::games::deduction::play::{PlayError, SavedGame, Saver, SAVED_FORMAT};
pub use crate::games::deduction::solve::Refuter;
use crate::games::deduction::solve::{
    advise as rate_questions, notebook, solve_with as count_deals, state_line, upto_events,
};
use crate::games::deduction::{deal_for, parse_tile, tile_name, TILES};
use crate::games::logs::{SolveError, Standing};
use crate::solve::Budget;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Duration;

pub use crate::games::deduction::play::Ending;

/// How long a count of the deals may take.
pub const SOLVE_TIME: Duration = Duration::from_secs(60);
/// The players of a game unless told otherwise, in seat order.
pub const PLAYERS: &str = "Ann,Bob,Cat";
/// The seed of a game's deal and coins unless told otherwise.
pub const SEED: u64 = 1;
/// Turns after which a game stops if nobody has deduced the tile, unless told otherwise.
pub const MAX_TURNS: usize = 200;

/// A log that reads, ready for the solver.
pub struct DeductionLog {
    log: Log,
}

/// Reads the log in the file at `path`.
pub fn open_log(path: &Path) -> Result<DeductionLog, LogGameError> {
    let text = read_log(path)?;
    parse_named(&path.display().to_string(), &text)
}

/// Reads a log sent by the page.
pub fn page_log(text: &str) -> Result<DeductionLog, LogGameError> {
    parse_named("log", text)
}

fn parse_named(name: &str, text: &str) -> Result<DeductionLog, LogGameError> {
    parse(text).map(|log| DeductionLog { log }).map_err(|e| unparsed(e, name, text))
}

/// Everything a log implies: where each tile can be, the chance of each being the missing
/// one, and whether to announce.
#[derive(Clone, Debug, Serialize)]
pub struct Notebook {
    /// Deals consistent with the log.
    pub deals: String,
    /// The model of the answerer the odds follow: `random` (RULINGS E2, the default: a tile
    /// shown to me weighs the deals) or `any` (every consistent deal weighs the same).
    pub refuter: &'static str,
    pub tiles: Vec<TileOdds>,
    /// The tile to announce, when it is certain and I may still announce.
    pub announce: Option<String>,
    #[serde(flatten)]
    pub state: GameState<GameOver>,
    /// The notebook as text: a row per tile, a column per holder.
    #[serde(skip)]
    pub text: String,
}

/// Where one tile is.
#[derive(Clone, Debug, Serialize)]
pub struct TileOdds {
    pub tile: String,
    /// The holder it is certainly with, if any.
    pub holder: Option<String>,
    /// The chance that it is the missing tile.
    pub missing: Chance,
    /// The deals that put it with each holder (the players, `missing`, `table`).
    pub counts: BTreeMap<String, String>,
}

/// How the game ended: the winner (none when everyone announced wrongly), the line, and
/// the tile the winner named.
#[derive(Clone, Debug, Serialize)]
pub struct GameOver {
    pub winner: Option<String>,
    pub line: usize,
    pub tile: Option<String>,
}

fn state(log: &Log, standing: &Standing) -> GameState<GameOver> {
    GameState::of(standing, &log.players, |winner, line, named| GameOver {
        winner,
        line,
        tile: named.and_then(|tiles| tiles.first()).map(|&t| tile_name(t)),
    })
}

/// Counts the deals that fit the log (its first `upto` events only, when given), with the
/// odds under the default model of the answerer.
pub fn solve(
    log: &DeductionLog,
    upto: Option<usize>,
    budget: &Budget,
) -> Result<Notebook, LogGameError> {
    solve_with(log, upto, Refuter::default(), budget)
}

/// [`solve`] under a stated model of the answerer (`--refuter`).
pub fn solve_with(
    log: &DeductionLog,
    upto: Option<usize>,
    refuter: Refuter,
    budget: &Budget,
) -> Result<Notebook, LogGameError> {
    let log = &log.log;
    let s = count_deals(log, upto.map(|n| upto_events(log, n)), refuter, budget)
        .map_err(LogGameError::Unsolved)?;
    let m = s.missing();
    let tiles = (0..TILES)
        .map(|t| TileOdds {
            tile: tile_name(t),
            holder: s.certain_holder(t).map(|h| s.holders[h].clone()),
            missing: Chance::of(s.counts[t][m], s.total),
            counts: (0..s.holders.len())
                .map(|h| (s.holders[h].clone(), s.counts[t][h].to_string()))
                .collect(),
        })
        .collect();
    // Advice to announce only while I may: not when I am out or the game is over.
    let announce = s
        .announce()
        .filter(|_| state_line(&log.players, log.me, &s.standing).is_none())
        .map(tile_name);
    Ok(Notebook {
        deals: s.deals.to_string(),
        refuter: s.refuter.name(),
        tiles,
        announce,
        state: state(log, &s.standing),
        text: notebook(&s),
    })
}

/// A drawn coin, like `Sun 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coin(usize);

/// Reads a coin: a suit and a value.
pub fn read_coin(text: &str) -> Result<Coin, LogGameError> {
    parse_tile(text).map(Coin).ok_or_else(|| {
        LogGameError::Refused(format!("`{text}` is not a coin (a suit and a value, like `Sun 3`)"))
    })
}

/// The questions to ask with a coin, best first; or why there is none to advise.
#[derive(Clone, Debug, Serialize)]
pub struct Advice {
    #[serde(flatten)]
    pub state: GameState<GameOver>,
    /// The missing tile's uncertainty now, in bits; none when the game is over for me.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bits_now: Option<f64>,
    pub questions: Vec<Question>,
    /// Why there is nothing to advise: the game is over, or I am out.
    #[serde(skip)]
    pub over_for_me: Option<String>,
    /// The coin's name.
    #[serde(skip)]
    pub coin: String,
}

/// A question and what it is expected to teach.
#[derive(Clone, Debug, Serialize)]
pub struct Question {
    pub question: String,
    pub answerer: String,
    /// The suit or value asked about.
    pub about: String,
    /// "How many?" rather than "do you have one?".
    pub how_many: bool,
    /// Expected information about the missing tile, in bits.
    pub bits: f64,
}

/// Rates every question I may ask with `coin`.
pub fn advise(log: &DeductionLog, coin: Coin, budget: &Budget) -> Result<Advice, LogGameError> {
    let log = &log.log;
    let standing = log.standing(None);
    let state = state(log, &standing);
    // Nothing to advise when the game is over or I am out: say so (the log is still checked).
    if let Some(over_for_me) = state_line(&log.players, log.me, &standing) {
        count_deals(log, None, Refuter::default(), budget).map_err(LogGameError::Unsolved)?;
        return Ok(Advice {
            state,
            bits_now: None,
            questions: Vec::new(),
            over_for_me: Some(over_for_me),
            coin: tile_name(coin.0),
        });
    }
    let (bits, questions) = rate_questions(log, coin.0, budget).map_err(LogGameError::Unsolved)?;
    let questions = questions
        .iter()
        .map(|q| Question {
            question: q.text(log),
            answerer: log.players[q.answerer].clone(),
            about: q.about.name().to_string(),
            how_many: q.how_many,
            bits: q.bits,
        })
        .collect();
    Ok(Advice {
        state,
        bits_now: Some(bits),
        questions,
        over_for_me: None,
        coin: tile_name(coin.0),
    })
}

impl Advice {
    /// The advice for people: the questions best first, or that the tile is known.
    pub fn text(&self) -> String {
        if let Some(state) = &self.over_for_me {
            return format!("{state}\nThere is no question to advise.\n");
        }
        let bits = self.bits_now.unwrap_or(0.0);
        if bits == 0.0 {
            return "The missing tile is known: announce it (`umpire deduction solve` names it).\n"
                .to_string();
        }
        let mut out = format!(
            "The missing tile is uncertain by {bits:.2} bits. With the {} coin, best first:\n",
            self.coin
        );
        for q in &self.questions {
            out += &format!("  {:.3} bits  {}\n", q.bits, q.question);
        }
        out
    }
}

/// A game against computer players.
#[derive(Clone, Debug)]
pub struct PlayRequest {
    /// The players in seat order (3 to 5).
    pub players: Vec<String>,
    /// The seat a person plays, by name; the computer plays every other.
    pub human: Option<String>,
    pub seed: u64,
    /// Stop after this many turns if nobody has deduced the tile.
    pub max_turns: usize,
    /// Write my log here when the game ends (or stops), for `deduction solve`.
    pub log: Option<std::path::PathBuf>,
    /// Save the game here after each answer the person gives; when the file exists, the game
    /// saved in it goes on (its players, seat and seed, not the request's).
    pub save: Option<std::path::PathBuf>,
}

/// Plays a game: the person's moves come from `input`, the transcript goes to `output`.
pub fn play(
    request: &PlayRequest,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<Ending, LogGameError> {
    let PlayRequest { players, human, seed, max_turns, log, save } = request;
    let game = match save.as_deref().filter(|path| path.exists()) {
        Some(path) => read_saved(path)?,
        None => {
            if deal_for(players.len()).is_none() {
                return Err(LogGameError::Refused("Deduction is for 3 to 5 players".into()));
            }
            let seat = match human {
                Some(name) => match players.iter().position(|p| p.eq_ignore_ascii_case(name)) {
                    Some(s) => Some(s),
                    None => {
                        return Err(LogGameError::Refused(format!(
                            "`{name}` is not one of the players"
                        )))
                    }
                },
                None => None,
            };
            SavedGame {
                format: SAVED_FORMAT,
                players: players.clone(),
                human: seat,
                seed: *seed,
                max_turns: *max_turns,
                answers: Vec::new(),
            }
        }
    };
    let seat = game.human;
    let mut save_to = |game: &SavedGame| -> std::io::Result<()> {
        let path = save.as_deref().expect("a saver only with a file");
        let json = serde_json::to_string_pretty(game).expect("a game serializes");
        crate::util::files::write_atomically(path, json.as_bytes())
    };
    let saver = save.is_some().then_some(&mut save_to as &mut Saver<'_>);
    let (ending, logs) = play_game(game, input, output, saver).map_err(|e| match e {
        PlayError::Io(e) => LogGameError::Io(e),
        other => LogGameError::Refused(other.to_string()),
    })?;
    // My log (the first seat's when the computer plays them all), for `deduction solve`.
    if let Some(path) = log {
        let text = logs[seat.unwrap_or(0)].text();
        crate::util::files::write_atomically(path, text.as_bytes()).map_err(|e| {
            LogGameError::Refused(format!("cannot save the log {}: {e}", path.display()))
        })?;
    }
    Ok(ending)
}

/// A saved game's file, read and parsed (the game checks it as it replays).
fn read_saved(path: &Path) -> Result<SavedGame, LogGameError> {
    let text = read_log(path)?;
    serde_json::from_str(&text).map_err(|e| {
        LogGameError::Refused(format!(
            "the saved game cannot be trusted: {} is not a saved Deduction game ({e})",
            path.display()
        ))
    })
}

/// A new log's header: the players in seat order, who I am, my hand and the tiles face up.
#[derive(Clone, Debug)]
pub struct NewLog {
    /// Seat order: `Ann, Bob, Cat`.
    pub players: String,
    pub me: String,
    /// My tiles: `Sun Null, Sun Ace, …`.
    pub hand: String,
    /// The tiles face up on the table: `Sun 2, Moon Ace`.
    pub table: String,
}

/// Starts a log in `path`, which must not exist yet; the header is checked as a log (the
/// same checks as `solve`) before it is written. Returns the header.
pub fn new_log(path: &Path, request: &NewLog) -> Result<String, LogGameError> {
    let NewLog { players, me, hand, table } = request;
    let header = format!("players: {players}\nme: {me}\nhand: {hand}\ntable: {table}\n");
    create_log(path, &header, "deduction", &checker(path))
}

/// Appends a line (a coin drawn, a question and its answer, an announcement), after checking
/// it reads and fits the log (with `anyway`, even if it contradicts earlier lines).
pub fn add_event(path: &Path, event: &str, anyway: bool) -> Result<String, LogGameError> {
    add_line(path, event, anyway, &checker(path))
}

/// Removes the log's last event line (a question, an announcement or a coin).
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

/// Every line but the header, comments and blank lines is an event.
fn is_event(line: &str) -> bool {
    let content = line.split('#').next().unwrap_or("").trim();
    let head = content.split(':').next().unwrap_or("").trim().to_lowercase();
    !content.is_empty() && !matches!(head.as_str(), "players" | "me" | "hand" | "table")
}

/// A log's text checked as the log in `path` would be: it reads, and its deals count.
fn checker(path: &Path) -> impl Fn(&str) -> Result<Result<(), SolveError>, LogGameError> + '_ {
    move |text| {
        let parsed = parse_named(&path.display().to_string(), text)?;
        Ok(count_deals(&parsed.log, None, Refuter::Any, &Budget::time(SOLVE_TIME)).map(|_| ()))
    }
}
