//! A game of Infer as it stands, and as it is saved: the table, the markers and tokens, the
//! publications, the variants' state; what a move did ([`Event`]) and what can go wrong
//! ([`GameError`]); and the small reads and changes every rule is made of (placing a marker,
//! ending the game, passing the turn). The JSON of [`Game`] is the save format, so its fields
//! keep their names and order. The moves themselves are in [`game`](super::game), the
//! Universe's choices in [`universe`](super::universe).

use super::experiment::{Experiment, ExperimentError, Supply};
use super::law::{parse, Law};
use super::search::{self, SearchError};
use serde::{Deserialize, Serialize};

pub const RESULT_MARKERS: u32 = 20;
pub const PUBLICATION_TOKENS: u32 = 4;
/// Publish or Perish: the clock starts at 10 minutes and each publication adds 5.
pub const TIMER_START_SECS: u64 = 10 * 60;
pub const TIMER_EXTENSION_SECS: u64 = 5 * 60;
/// The Cheater's Vote: two minutes of talk before everyone points.
pub const VOTE_TALK_SECS: u64 = 2 * 60;
/// The opening experiments use at most this many dice (and so must a home-made Law be
/// demonstrable with).
pub const OPENING_DICE: usize = search::DEMONSTRABLE_DICE;

/// Who built an experiment, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    Opening,
    Researchers,
    /// The Universe's answer to the publication with this number (from 1).
    Disproof(usize),
    /// Built for a token spent without a Theory.
    Help(usize),
}

/// An experiment on the table with its Result Marker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    /// Its number on the table (from 1, never reused).
    pub number: usize,
    pub experiment: String,
    pub follows: bool,
    pub origin: Origin,
    /// The Researcher who built it, when the game knows the players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Publication {
    /// The Theory as typed, or none (a token spent for help).
    pub theory: Option<String>,
    /// The experiment the Universe answered with, if any.
    pub answer: Option<usize>,
    /// The Researcher who published, when the game knows the players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub won: bool,
    pub why: String,
    /// Who wins, when it is not simply everyone or no one (the Cheater variant's Vote).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
}

/// The whole game, as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub format: u32,
    pub supply: Supply,
    pub compass: bool,
    /// The largest experiment the Universe tries when it disproves.
    pub max_dice: usize,
    /// The Law, hex-encoded and scrambled: not a secret from a determined reader, only from
    /// a glance at the file.
    pub(super) sealed_law: String,
    pub level: Option<u8>,
    pub table: Vec<Placed>,
    pub markers_left: u32,
    pub tokens_left: u32,
    pub publications: Vec<Publication>,
    /// Publish or Perish: when the time runs out (seconds since 1970).
    pub deadline: Option<u64>,
    pub ending: Option<Ending>,
    pub seed: u64,
    /// Experiments numbered so far.
    pub(super) built: usize,
    /// The variants in play (all off in games saved before they existed).
    #[serde(default)]
    pub variants: Variants,
    /// The Researchers in seat order (the Cheater variant needs them; otherwise optional).
    #[serde(default)]
    pub players: Vec<String>,
    /// Whose turn it is: an index into `players`.
    #[serde(default)]
    pub turn: usize,
    /// The Highlight stones on the table.
    #[serde(default)]
    pub highlights: Vec<Highlight>,
    /// Experiments the Researchers built since the last publication or highlight.
    #[serde(default)]
    pub(super) quiet: usize,
    /// The Cheater variant: the Cheater's name, sealed like the Law.
    #[serde(default)]
    pub(super) sealed_cheater: Option<String>,
    /// The players who have looked at their identity card.
    #[serde(default)]
    pub cards_seen: Vec<String>,
    /// The Cheater variant: the Class is over and the table votes.
    #[serde(default)]
    pub voting: bool,
    /// The Cheater variant: when the Vote's 2 minutes of talk end (seconds since 1970).
    #[serde(default)]
    pub vote_talk_ends: Option<u64>,
    /// The Cheater variant: per player, the share of the still-possible deck Laws each of
    /// their experiments ruled out (what the Teacher watches for).
    #[serde(default)]
    pub leads: Vec<Lead>,
}

/// The variants of the rules text a game can be played with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variants {
    /// The Universe may highlight experiments when the Researchers seem stuck.
    pub highlights: bool,
    /// Nobody speaks except while publishing; publishing needs everyone's thumbs up.
    pub silence: bool,
    /// A secret Cheater knows the Law; after the Class comes the Vote.
    pub cheater: bool,
}

/// The two colours of Highlight stones, three of each: two lines of communication.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stone {
    Gold,
    Silver,
}

impl Stone {
    pub fn name(self) -> &'static str {
        match self {
            Stone::Gold => "gold",
            Stone::Silver => "silver",
        }
    }
}

/// The stones of one colour, next to these experiments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Highlight {
    pub stone: Stone,
    pub experiments: Vec<usize>,
}

/// How much a player's experiments looked like they knew where to look.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lead {
    pub player: String,
    pub experiments: u32,
    /// The sum, over their experiments, of the share of deck Laws still possible before it
    /// that its marker ruled out.
    pub ruled_out: f64,
}

impl Eq for Lead {}

/// Highlight stones per colour.
pub const STONES_PER_COLOUR: usize = 3;
/// The Universe takes the Researchers to be stuck after this many experiments without a
/// publication or a highlight.
pub const STUCK_AFTER: usize = 5;
/// The Cheater variant needs this many players besides the computer Teacher.
pub const CHEATER_MIN_PLAYERS: usize = 3;

/// What a move did, for the table to see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// An experiment was placed with its marker.
    Placed(Placed),
    /// An experiment already on the table disproves the Theory: the Universe points at it
    /// instead of building another (ruling I12).
    PointedAt(usize),
    /// An experiment was taken down; its marker left the game.
    TakenDown(usize),
    /// The Universe placed (or moved) a colour of Highlight stones.
    Highlighted(Highlight),
    /// The Cheater variant: the Teacher cannot disprove the Theory; the Class is over and
    /// the table votes.
    VoteBegins,
    /// The Universe could not decide within its budget; the token is returned.
    Undecided(String),
    /// The Universe's answer needs the dice of these experiments and the Researchers did
    /// not consent to their taking down: the Theory is withdrawn, the token returned
    /// (ruling I22).
    PartsRefused(Vec<usize>),
    Ended(Ending),
}

#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
pub enum GameError {
    #[error("the game is over: {0}")]
    #[diagnostic(code(umpire::infer::game_over))]
    Over(String),
    #[error("not enough {colour} dice left: {wanted} wanted, {free} free")]
    #[diagnostic(code(umpire::infer::dice), help("take down an experiment for parts: `remove N`"))]
    NotEnoughDice { colour: String, wanted: usize, free: usize },
    #[error("there is no experiment {0} on the table")]
    #[diagnostic(code(umpire::infer::no_experiment))]
    NoSuchExperiment(usize),
    #[error("the Law cannot be shown both ways with {OPENING_DICE} dice or fewer, as the rules ask of a home-made Law")]
    #[diagnostic(
        code(umpire::infer::not_demonstrable),
        help("check it with `umpire infer demonstrable`")
    )]
    NotDemonstrable,
    #[error(
        "the Law speaks of directions: start the game with --compass (the Compass Rose variant)"
    )]
    #[diagnostic(code(umpire::infer::compass))]
    NeedsCompass,
    #[error("{0}")]
    #[diagnostic(code(umpire::infer::variant))]
    Variant(String),
    #[error("the saved game is damaged: {0}")]
    #[diagnostic(code(umpire::infer::save))]
    Damaged(String),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Experiment(#[from] ExperimentError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Search(#[from] SearchError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    TooLarge(#[from] super::law::TooLarge),
}

impl crate::util::failure::Classify for GameError {
    fn kind(&self) -> crate::util::failure::FailureKind {
        match self {
            GameError::Search(e) => e.kind(),
            _ => crate::util::failure::FailureKind::BadInput,
        }
    }
}

pub(super) fn seal(text: &str) -> String {
    text.bytes().map(|b| format!("{:02x}", b ^ 0x5a)).collect()
}

pub(super) fn unseal(sealed: &str) -> Option<String> {
    let bytes: Option<Vec<u8>> = (0..sealed.len())
        .step_by(2)
        .map(|i| {
            sealed.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).map(|b| b ^ 0x5a)
        })
        .collect();
    String::from_utf8(bytes?).ok()
}

impl Game {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("plain data")
    }

    /// The Law as written, revealed at the end of the game.
    pub fn law_text(&self) -> String {
        unseal(&self.sealed_law).unwrap_or_default()
    }

    pub(super) fn secret(&self) -> Result<Law, String> {
        let text = unseal(&self.sealed_law).ok_or("it cannot be unsealed")?;
        parse(&text).map_err(|e| e.message)
    }

    pub(super) fn law(&self) -> Law {
        self.secret().expect("checked when the game was made or loaded")
    }

    /// The dice not on the table.
    pub fn free_dice(&self) -> Supply {
        let mut free = self.supply.clone();
        for p in &self.table {
            let x = Experiment::parse(&p.experiment).expect("checked on load");
            for d in &x.dice {
                if let Some(c) = free.colours.iter_mut().find(|c| c.0 == d.colour) {
                    c.1 = c.1.saturating_sub(1);
                }
            }
        }
        free
    }

    pub(super) fn on_table(&self, x: &Experiment) -> bool {
        self.table.iter().any(|p| p.experiment == x.notation())
    }

    pub(super) fn place(&mut self, x: &Experiment, follows: bool, origin: Origin) -> Placed {
        self.built += 1;
        self.markers_left -= 1;
        let by = (origin == Origin::Researchers).then(|| self.active()).flatten();
        let p = Placed { number: self.built, experiment: x.notation(), follows, origin, by };
        self.table.push(p.clone());
        p
    }

    /// The Universe must place a marker: with none left, everyone loses.
    pub(super) fn needs_marker(&mut self) -> Option<Ending> {
        (self.markers_left == 0)
            .then(|| self.end(false, "the Universe had to place a Result Marker and had none left"))
    }

    pub(super) fn end(&mut self, won: bool, why: &str) -> Ending {
        let e = Ending {
            won,
            why: format!("{why}. The Law was: {} ({})", self.law().english(), self.law_text()),
            headline: None,
        };
        self.ending = Some(e.clone());
        e
    }

    /// The active Researcher, when the game knows the players.
    pub fn active(&self) -> Option<String> {
        self.players.get(self.turn % self.players.len().max(1)).cloned()
    }

    /// The turn passes to the next Researcher in seat order.
    pub(super) fn next_turn(&mut self) {
        if !self.players.is_empty() {
            self.turn = (self.turn + 1) % self.players.len();
        }
    }

    pub(super) fn sealed_cheater_present(&self) -> bool {
        self.sealed_cheater.is_some()
    }

    /// The Cheater's name (the Cheater variant only).
    pub(super) fn cheater(&self) -> Option<String> {
        self.sealed_cheater.as_deref().and_then(unseal)
    }

    /// The secret Law, for the variants' module (the Cheater reads it).
    pub(super) fn the_law(&self) -> Law {
        self.law()
    }

    pub(super) fn finish(&mut self, won: bool, why: &str, headline: &str) -> Ending {
        self.end(won, why);
        let e = self.ending.as_mut().expect("just ended");
        e.headline = Some(headline.to_string());
        e.clone()
    }

    /// Takes an experiment off the table; the stones next to it go back to the Universe.
    pub(super) fn remove(&mut self, number: usize) -> Result<(), GameError> {
        let at = self
            .table
            .iter()
            .position(|p| p.number == number)
            .ok_or(GameError::NoSuchExperiment(number))?;
        self.table.remove(at);
        // Stones by a removed experiment go back to the Universe; a lone stone says nothing.
        for h in &mut self.highlights {
            h.experiments.retain(|&n| n != number);
        }
        self.highlights.retain(|h| h.experiments.len() >= 2);
        Ok(())
    }
}
