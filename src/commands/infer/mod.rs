//! Infer's commands: an experiment shown, judged against a Law (on the command line and on
//! the page alike), the Universe's disproof of a Theory, whether a home-made Law can be
//! shown both ways, marked experiments checked, the deck listed, and a saved game opened
//! and played.

use crate::games::infer::deck::{parse_deck, COMPASS_DECK, DECK};
use crate::games::infer::experiment::{Experiment, ExperimentError, Supply};
use crate::games::infer::game::{Game, GameError, Setup};
use crate::games::infer::law::{parse as parse_law, Law, LawError, TooLarge};
use crate::games::infer::markers::MarkerError;
use crate::games::infer::picture::svg;
use crate::games::infer::play::{session, Table};
use crate::games::infer::search::{self, Found, Limits, SearchError};
use crate::solve::Budget;
use crate::util::failure::{Classify, FailureKind};
use crate::util::files::{write_atomically, Exclusive};
use crate::util::input::{read_stdin, read_text, InputError, MAX_LOG_BYTES};
use serde::Serialize;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::games::infer::game::Variants;
pub use crate::games::infer::search::DEMONSTRABLE_DICE;

mod homemade;
pub use homemade::*;

/// The dice in the box unless told otherwise, as written on the command line.
pub const SUPPLY: &str = "red:20,blue:20,white:20";
/// The Universe's time budget per search unless told otherwise: every search's default.
pub use crate::commands::defaults::SEARCH_SECONDS;
/// The largest experiment the Universe tries when it disproves a Theory, unless told
/// otherwise.
pub const DISPROOF_DICE: usize = 6;
/// The most dice a search may be asked to try: shapes of 11 dice number in the hundred
/// thousands, and `touch each other` looks at every subset of the dice.
pub const MAX_SEARCH_DICE: usize = 10;

/// How Laws and Theories are written, for `--help`: plain English or the formal language.
/// (A test reads every example here.)
pub const LAW_SYNTAX: &str = "\
Laws and Theories: one sentence of plain English, or the formal language.

Plain English (grammar/infer-english.ebnf), for example:
  There must be at least one red die.  |  There must be exactly two 2s.
  There must be more odd dice than even dice.  |  There must be a line of three dice.
  All blue dice must be 5s.  |  No die may show a 6.  |  Most dice must be odd.
  Every red die must touch a blue die.  |  Odd blue dice must touch each other.
  All dice must be the same colour.  |  The sum of all dice must be ten.
  The number of dice must be odd.  |  The largest group must have at least three dice.
  Every group must contain a red die.  |  It must not be that all dice are red.
With a number, say \"at least\" or \"exactly\"; after \"touch\", say \"each other\" or
\"another die\". A sentence that reads two ways is answered with both readings, and
umpire never picks one.

Formal (grammar/infer-law.ebnf), for example:
  count red >= 1  |  sum dice = 10  |  count odd > count even  |  all blue are 5
  no dice are 6  |  most dice are odd  |  red touch each other  |  dice same colour
  line 3  |  line ascending 3  |  groups = 2  |  every group (count red >= 1)
  not (…)  |  … and …  |  … or …";

/// Why an Infer command has no answer.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum InferError {
    /// A Law (or Theory) that does not read: `error` points into `text`.
    #[error("{error}")]
    #[diagnostic(forward(error))]
    Law { error: LawError, text: String },
    /// The supply does not read.
    #[error("{error}")]
    #[diagnostic(forward(error))]
    Supply { error: ExperimentError, text: String },
    /// The experiment does not read, or is not within the supply.
    #[error("{error}")]
    #[diagnostic(forward(error))]
    Experiment { error: ExperimentError, text: String },
    /// A marker line does not read; `name` is the file.
    #[error("{error}")]
    #[diagnostic(forward(error))]
    Markers { error: MarkerError, name: String, text: String },
    /// The Law and the Theory both do not read.
    #[error("{0}")]
    Both(Box<InferError>, Box<InferError>),
    /// The request is refused: a level, a bound, a variant, a file to lock or write.
    #[error("{0}")]
    Refused(String),
    /// A file cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Unreadable(InputError),
    /// A number the Law computes is too large to judge exactly.
    #[error(transparent)]
    #[diagnostic(transparent)]
    TooLarge(TooLarge),
    /// The search found an experiment the evaluator does not confirm (a bug).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Search(SearchError),
    /// The game refuses (a Law that cannot be shown, a damaged save, …).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Game(GameError),
    /// The game's input or output failed.
    #[error(transparent)]
    Io(std::io::Error),
}

impl Classify for InferError {
    fn kind(&self) -> FailureKind {
        match self {
            InferError::Search(e) => e.kind(),
            InferError::Game(e) => e.kind(),
            InferError::Both(a, _) => a.kind(),
            _ => FailureKind::BadInput,
        }
    }
}

fn refused(message: impl std::fmt::Display) -> InferError {
    InferError::Refused(message.to_string())
}

/// Reads a Law; directions only when the Compass Rose variant is played.
fn read_law(text: &str, compass: bool) -> Result<Law, InferError> {
    let law = parse_law(text).map_err(|error| InferError::Law { error, text: text.to_string() })?;
    if law.sees().compass && !compass {
        return Err(refused(format!("`{text}` speaks of directions, which only the Compass Rose variant allows: add --compass")));
    }
    Ok(law)
}

fn read_supply(text: &str) -> Result<Supply, InferError> {
    Supply::parse(text).map_err(|error| InferError::Supply { error, text: text.to_string() })
}

/// Reads an experiment, and checks it against the supply when one is given.
fn read_experiment(text: &str, supply: Option<&str>) -> Result<Experiment, InferError> {
    let read = || -> Result<Experiment, ExperimentError> {
        let x = Experiment::parse(text)?;
        if let Some(supply) = supply {
            x.validate(&Supply::parse(supply)?)?;
        }
        Ok(x)
    };
    read().map_err(|error| InferError::Experiment { error, text: text.to_string() })
}

/// A file's text, or standard input for `-`.
fn read_input(path: &Path) -> Result<String, InferError> {
    let text = if path.as_os_str() == "-" {
        read_stdin(MAX_LOG_BYTES)
    } else {
        read_text(path, MAX_LOG_BYTES)
    };
    text.map_err(InferError::Unreadable)
}

fn check_level(level: Option<u8>) -> Result<(), InferError> {
    match level {
        Some(l) if !(1..=3).contains(&l) => Err(refused("--level is 1, 2 or 3")),
        _ => Ok(()),
    }
}

fn marker(follows: bool) -> &'static str {
    if follows {
        "O"
    } else {
        "X"
    }
}

/// Writes an experiment's picture (SVG) to `path`.
pub fn write_picture(path: &Path, picture: &str) -> Result<(), InferError> {
    write_atomically(path, picture.as_bytes())
        .map_err(|e| refused(format!("cannot write {}: {e}", path.display())))
}

/// What a Law may see in an experiment: the dice, the visible faces, the groups of
/// touching dice, the lines.
#[derive(Clone, Debug, Serialize)]
pub struct Shown {
    pub experiment: String,
    pub dice: Vec<ShownDie>,
    /// The groups of touching dice, as indices into `dice`.
    pub groups: Vec<Vec<usize>>,
    /// The lines (two or more dice in a row or a column, ruling I3), as indices into `dice`.
    pub lines: Vec<Vec<usize>>,
    /// The experiment as a picture (SVG).
    #[serde(skip)]
    pub picture: String,
    /// The groups and lines in words, a line each.
    #[serde(skip)]
    pub described: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct ShownDie {
    pub colour: String,
    /// The top face, when it is visible.
    pub face: Option<u8>,
    pub row: i32,
    pub col: i32,
    pub level: u32,
    pub stacked: bool,
}

/// Shows the experiment written `experiment`, built from the dice in `supply`.
pub fn show(experiment: &str, supply: &str) -> Result<Shown, InferError> {
    let x = read_experiment(experiment, Some(supply))?;
    Ok(Shown {
        experiment: x.notation(),
        dice: x
            .dice
            .iter()
            .enumerate()
            .map(|(i, d)| ShownDie {
                colour: d.colour.clone(),
                face: x.face(i),
                row: d.row,
                col: d.col,
                level: d.level,
                stacked: x.stacked(i),
            })
            .collect(),
        groups: x.groups(),
        lines: x.lines(),
        picture: svg(&x),
        described: x.describe(),
    })
}

impl Shown {
    pub fn text(&self) -> String {
        format!("{} ({} dice)\n{}", self.experiment, self.dice.len(), self.described)
    }
}

/// An experiment to judge against a Law.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct JudgeRequest {
    pub law: String,
    pub experiment: String,
    /// The dice the experiment must be built from (none: not checked).
    pub supply: Option<String>,
    /// Whether the Law may speak of directions (the Compass Rose variant).
    pub compass: bool,
}

/// A judgement: O (the experiment follows the Law) or X, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Judged {
    /// The Law, in English.
    pub law: String,
    /// The Law in the formal language, as `umpire` reads it (to type it back exactly).
    pub formal: String,
    pub experiment: String,
    pub follows: bool,
    /// `O` or `X`.
    pub marker: &'static str,
    pub reason: String,
    /// The experiment as a picture (SVG).
    #[serde(skip)]
    pub picture: String,
}

pub fn judge(request: &JudgeRequest) -> Result<Judged, InferError> {
    let law = read_law(&request.law, request.compass)?;
    let x = read_experiment(&request.experiment, request.supply.as_deref())?;
    let j = law.judge(&x).map_err(InferError::TooLarge)?;
    Ok(Judged {
        law: law.english(),
        formal: law.formal(),
        experiment: x.notation(),
        follows: j.follows,
        marker: marker(j.follows),
        reason: j.reason,
        picture: svg(&x),
    })
}

impl Judged {
    pub fn text(&self) -> String {
        format!(
            "Law: {}.\n{} {}: {}\n",
            self.law,
            self.marker,
            if self.follows { "follows" } else { "does not follow" },
            self.reason
        )
    }
}

/// How a Universe's search is bounded, and what the Laws may speak of.
pub struct SearchRequest {
    /// Try experiments of at most this many dice (none: the command's own bound).
    pub max_dice: Option<usize>,
    pub budget: Budget,
    /// The dice in the box, as written.
    pub supply: String,
    /// Whether Laws may speak of directions (the Compass Rose variant).
    pub compass: bool,
}

impl SearchRequest {
    fn limits(&self, default_dice: usize) -> Result<(Limits, Supply), InferError> {
        let max_dice = self.max_dice.unwrap_or(default_dice);
        if max_dice > MAX_SEARCH_DICE {
            return Err(refused(format!("--max-dice is at most {MAX_SEARCH_DICE}")));
        }
        let supply = read_supply(&self.supply)?;
        Ok((Limits { max_dice, budget: self.budget.clone() }, supply))
    }
}

/// The Universe's move against a Theory.
#[derive(Clone, Debug, Serialize)]
pub struct Disproof {
    /// The Law and the Theory, in English.
    pub law: String,
    pub theory: String,
    /// How long the search took.
    pub seconds: f64,
    #[serde(flatten)]
    pub verdict: DisproofVerdict,
    /// The experiment's picture (SVG), when there is one.
    #[serde(skip)]
    pub picture: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum DisproofVerdict {
    /// The experiment with the fewest dice that follows one and not the other.
    Disproved {
        experiment: String,
        dice: usize,
        law_follows: bool,
        law_reason: String,
        theory_follows: bool,
        theory_reason: String,
        /// No experiment with fewer dice separates them (false: not settled within the
        /// time, for a disproof beyond the search's bound found over the whole box).
        smallest: bool,
    },
    /// No experiment with up to `bound` dice separates them; `whole_box`: that is every
    /// experiment the supply allows (decided over the whole box), else larger ones were not
    /// searched.
    NotDisproved { bound: usize, whole_box: bool },
    /// The budget ran out after every experiment of up to `checked_up_to` dice was tried.
    Unknown { why: String, checked_up_to: Option<usize> },
}

/// Which answer a search gave, for the wording.
enum FoundKind {
    Larger,
    Other,
}

/// Looks for the experiment with the fewest dice that follows the Law and not the Theory,
/// or the Theory and not the Law. `progress` hears each count of dice as the search starts
/// it, with the number of arrangements to try.
pub fn disprove(
    law: &str,
    theory: &str,
    search: &SearchRequest,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Disproof, InferError> {
    let (l, t) = match (read_law(law, search.compass), read_law(theory, search.compass)) {
        (Ok(l), Ok(t)) => (l, t),
        (Err(a), Err(b)) => return Err(InferError::Both(Box::new(a), Box::new(b))),
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    let (limits, supply) = search.limits(DISPROOF_DICE)?;
    let started = Instant::now();
    let found = search::disprove(&l, &t, &supply, &limits, progress);
    let seconds = started.elapsed().as_secs_f64();
    let found = found.map_err(InferError::Search)?;
    let found_kind =
        if matches!(found, Found::Larger { .. }) { FoundKind::Larger } else { FoundKind::Other };
    let (verdict, picture) = match found {
        Found::Experiment(x) | Found::Larger { experiment: x, .. } => {
            let smallest = !matches!(found_kind, FoundKind::Larger);
            let jl = l.judge(&x).map_err(InferError::TooLarge)?;
            let jt = t.judge(&x).map_err(InferError::TooLarge)?;
            let verdict = DisproofVerdict::Disproved {
                experiment: x.notation(),
                dice: x.len(),
                law_follows: jl.follows,
                law_reason: jl.reason,
                theory_follows: jt.follows,
                theory_reason: jt.reason,
                smallest,
            };
            (verdict, Some(svg(&x)))
        }
        Found::NoneUpTo(bound) => (DisproofVerdict::NotDisproved { bound, whole_box: false }, None),
        Found::NoneInBox => {
            let bound = supply.colours.iter().map(|c| c.1 as usize).sum();
            (DisproofVerdict::NotDisproved { bound, whole_box: true }, None)
        }
        Found::Unknown { why, checked } => {
            (DisproofVerdict::Unknown { why: why.to_string(), checked_up_to: checked }, None)
        }
    };
    Ok(Disproof { law: l.english(), theory: t.english(), seconds, verdict, picture })
}

fn mark(follows: bool) -> &'static str {
    if follows {
        "O follows"
    } else {
        "X does not follow"
    }
}

impl Disproof {
    pub fn text(&self) -> String {
        let both = format!("Law:    {}.\nTheory: {}.\n", self.law, self.theory);
        match &self.verdict {
            DisproofVerdict::Disproved {
                experiment,
                dice,
                law_follows,
                law_reason,
                theory_follows,
                theory_reason,
                smallest,
            } => format!(
                "{both}Disproved with {dice} {}: {experiment}\n  the Law:    {} ({law_reason})\n  the Theory: {} ({theory_reason})\n{}\n",
                if *dice == 1 { "die" } else { "dice" },
                mark(*law_follows),
                mark(*theory_follows),
                if *smallest {
                    "No experiment with fewer dice separates them."
                } else {
                    "Whether fewer dice would do was not settled in the time (the smaller experiments searched do not separate them)."
                },
            ),
            DisproofVerdict::NotDisproved { bound, whole_box: true } => format!("{both}Not disproved: no experiment the supply allows ({bound} dice in all) follows one and not the other: they agree on every experiment.\n"),
            DisproofVerdict::NotDisproved { bound, whole_box: false } => format!("{both}Not disproved: no experiment with up to {bound} dice (within the supply) follows one and not the other; larger experiments were not searched (a Law about arrangement), so they may still differ.\n"),
            DisproofVerdict::Unknown { why, checked_up_to } => {
                let so_far = checked_up_to.map_or("nothing yet".to_string(), |c| {
                    format!("no experiment with up to {c} dice separates them")
                });
                format!("Unknown: {why} ({so_far}).\n")
            }
        }
    }
}

/// The Laws of the Universe deck.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct DeckList {
    pub cards: Vec<DeckCard>,
}

#[derive(Clone, Debug, Serialize)]
pub struct DeckCard {
    /// 1 (gentle) to 3 (hard).
    pub level: u8,
    /// The Law as written on the card, in the formal language.
    pub law: String,
    /// The Law as umpire reads it back.
    pub english: String,
    /// The card's words: the Law as the rules would phrase it (the English reader reads
    /// them back to `law`).
    pub says: String,
}

/// The deck's Laws (of `level` only, when given; the Compass Rose variant's with `compass`).
pub fn deck(level: Option<u8>, compass: bool) -> Result<DeckList, InferError> {
    check_level(level)?;
    let cards =
        parse_deck(if compass { COMPASS_DECK } else { DECK }).expect("the shipped decks read");
    let cards = cards
        .into_iter()
        .filter(|c| level.is_none_or(|l| c.level == l))
        .map(|c| DeckCard { level: c.level, english: c.law.english(), law: c.text, says: c.says })
        .collect();
    Ok(DeckList { cards })
}

impl DeckList {
    /// A line per card: the level, the Law in the formal language, the card's words.
    pub fn text(&self) -> String {
        let width = self.cards.iter().map(|c| c.law.chars().count()).max().unwrap_or(0);
        self.cards
            .iter()
            .map(|c| format!("{} | {:width$} | {}\n", c.level, c.law, c.says))
            .collect()
    }
}

/// A game to play: the file it lives in, and how a new one is set up.
#[derive(Clone, Debug)]
pub struct PlayRequest {
    pub file: PathBuf,
    /// Start a new game in `file`, which must not exist yet.
    pub new: bool,
    /// The new game's setup (the variants and players only with `new`).
    pub setup: NewGame,
    /// The largest experiment the Universe tries when it disproves a Theory.
    pub max_dice: usize,
}

/// How a new game is set up.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Draw a Law of this level only (1 gentle, 2, 3 hard).
    pub level: Option<u8>,
    /// A home-made Law instead of a card.
    pub law: Option<String>,
    /// The seed of the draw and the openings (none: the clock).
    pub seed: Option<u64>,
    /// Publish or Perish.
    pub timer: bool,
    pub compass: bool,
    pub supply: String,
    /// The variants: the Universe may highlight experiments; silence; a secret Cheater.
    pub highlights: bool,
    pub silence: bool,
    pub cheater: bool,
    /// The Researchers in seat order.
    pub players: Vec<String>,
}

/// A game opened for play: it is this session's (locked) until dropped, and saved after
/// every move.
pub struct OpenGame {
    game: Game,
    lock: Exclusive,
    file: PathBuf,
}

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Opens the game in `request.file`, or deals a new one there, and saves it.
pub fn open_game(request: &PlayRequest) -> Result<OpenGame, InferError> {
    let PlayRequest { file, new, setup, max_dice } = request;
    let variants =
        Variants { highlights: setup.highlights, silence: setup.silence, cheater: setup.cheater };
    let chosen_at_start = variants != Variants::default() || !setup.players.is_empty();
    if !new && chosen_at_start {
        return Err(refused(
            "the variants and --players are chosen when a game starts: use them with --new",
        ));
    }
    if *max_dice > MAX_SEARCH_DICE {
        return Err(refused(format!("--max-dice is at most {MAX_SEARCH_DICE}")));
    }
    // The game is this session's until it ends: a second session on the same file would
    // otherwise overwrite this one's moves.
    let lock = Exclusive::try_acquire(file)
        .map_err(|e| refused(format!("cannot lock {}: {e}", file.display())))?
        .ok_or_else(|| {
            refused(format!(
                "{} is being played in another umpire; finish there first",
                file.display()
            ))
        })?;
    let game = if *new {
        if file.exists() {
            return Err(refused(format!(
                "{} already exists; play it without --new, or choose another file",
                file.display()
            )));
        }
        let NewGame { level, law, seed, timer, compass, supply, players, .. } = setup;
        check_level(*level)?;
        if let Some(text) = law {
            read_law(text, *compass)?;
        }
        let supply = read_supply(supply)?;
        let seed = seed.unwrap_or_else(crate::util::random::fresh_seed);
        let setup = Setup {
            supply,
            compass: *compass,
            max_dice: *max_dice,
            timer: *timer,
            seed,
            level: *level,
            law: law.clone(),
            variants,
            players: players.clone(),
        };
        Game::new(setup, unix_now()).map_err(InferError::Game)?
    } else {
        Game::load(&read_input(file)?).map_err(InferError::Game)?
    };
    let open = OpenGame { game, lock, file: file.clone() };
    open.lock.write(open.game.to_json().as_bytes()).map_err(|e| open.cannot_save(e))?;
    Ok(open)
}

impl OpenGame {
    fn cannot_save(&self, e: std::io::Error) -> InferError {
        refused(format!("cannot save the game to {}: {e}", self.file.display()))
    }

    /// Plays until `input` ends, `quit`, or the game ends; the game is saved after every
    /// move. `budget` gives each of the Universe's searches its budget, and `searched` is
    /// told when a search is over.
    pub fn play(
        &mut self,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
        budget: &dyn Fn() -> Budget,
        searched: &dyn Fn(),
    ) -> Result<(), InferError> {
        let lock = &self.lock;
        let mut save = |g: &Game| lock.write(g.to_json().as_bytes());
        let mut table = Table { now: &unix_now, budget, searched, save: &mut save };
        session(&mut self.game, input, output, &mut table).map_err(InferError::Io)
    }
}
