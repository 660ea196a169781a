//! A game of the logic card game as data: the settings and the events (together, the saved
//! form), the state the events replay to (deck, hands, board, scores, whose turn), and what
//! can go wrong. The serde names of [`Settings`] and [`Event`] are the save format.

use crate::games::cardgame::deck::CardKind;
use crate::games::cardgame::legal::Illegal;
use crate::logic::semantics::Structure;
use crate::reason::finite::Limits;
use crate::reason::DecideError;
use serde::{Deserialize, Serialize};
use std::time::Duration;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub players: Vec<String>,
    /// Cards in each hand (the rules' n).
    pub hand_size: usize,
    /// Points that win (the rules' w).
    pub points_to_win: usize,
    /// Seeds the shuffle, so that a game can be replayed.
    pub seed: u64,
    /// The table plays its own deck: no deal, no hands, plays checked against the cards'
    /// rules only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_cards: bool,
    /// The seats the computer plays, with its level (issue 33).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computers: Vec<Computer>,
    /// A claim scores only when the claimant's derivation proves it (ruling G20): the
    /// rules' "and convince the other players" taken literally.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub derivations_required: bool,
}

/// The derivation a player argued a claim with, and how umpire judged it (issue 57,
/// ruling G20). The table reads it; a load judges it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Argument {
    /// The derivation as the player wrote it.
    pub text: String,
    /// `proves`, `has-gaps` or `proves-something-else`.
    pub verdict: String,
    /// The lines that are not right.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gaps: Vec<usize>,
    /// The engines' time for each step, so that a load judges it again within as much.
    pub step_ms: u64,
}

impl Argument {
    /// Whether the derivation proves the claim it was argued for.
    pub fn proves(&self) -> bool {
        self.verdict == "proves"
    }
}

/// A seat the computer plays: the player's name and how it plays (`0` plays any legal
/// statement at random, `1` any safe one, `2` looks one round ahead; RULINGS.md, G14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Computer {
    pub player: String,
    pub level: u8,
}

impl Settings {
    /// Whether an upheld claim argued with `derivation` scores on this table: always,
    /// unless the table requires derivations and this one does not prove it (ruling G20).
    pub fn claim_counts(&self, derivation: Option<&Argument>) -> bool {
        !self.derivations_required || derivation.is_some_and(Argument::proves)
    }

    /// The computer's level at seat `player`, if the computer plays it.
    pub fn computer_level(&self, player: usize) -> Option<u8> {
        let name = self.players.get(player)?;
        self.computers.iter().find(|c| c.player == *name).map(|c| c.level)
    }
}

/// The budget a claim was decided within, kept so that loading can decide it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimBudget {
    pub timeout_ms: u64,
    pub max_size: usize,
}

impl ClaimBudget {
    /// What a claim saved before budgets were recorded was decided with: the defaults.
    pub const DEFAULT: ClaimBudget = ClaimBudget { timeout_ms: 10_000, max_size: 24 };
    /// The most a load spends deciding one recorded claim again (ruling G12): a save edited
    /// to record an hour's budget must not keep `game load` or `serve` busy for an hour.
    pub const REPLAY_CEILING: ClaimBudget = ClaimBudget { timeout_ms: 60_000, max_size: 48 };

    /// The budget a load decides a recorded claim again within: the recorded one doubled
    /// (for a slower machine), but never past [`Self::REPLAY_CEILING`].
    pub fn for_replay(recorded: Option<ClaimBudget>) -> ClaimBudget {
        let b = recorded.unwrap_or(Self::DEFAULT);
        ClaimBudget {
            timeout_ms: b.timeout_ms.saturating_mul(2).min(Self::REPLAY_CEILING.timeout_ms),
            max_size: b.max_size.min(Self::REPLAY_CEILING.max_size),
        }
    }

    pub fn of(limits: &Limits) -> ClaimBudget {
        let timeout =
            limits.budget.deadline.map_or(Duration::from_millis(Self::DEFAULT.timeout_ms), |d| {
                d.saturating_duration_since(std::time::Instant::now())
            });
        // Whole tenths of a second: the limit asked for, not the milliseconds already gone.
        let ms = timeout.as_millis().min(u64::MAX as u128 - 100) as u64;
        ClaimBudget { timeout_ms: ms.div_ceil(100) * 100, max_size: limits.max_size }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "claim", rename_all = "kebab-case")]
pub enum Claim {
    /// Statement k (1-based) follows from the others.
    Redundant { statement: usize },
    /// The board is inconsistent.
    Inconsistent,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A claim in the scoring phase, with what the arbiter decided, the budget it had and,
    /// when a model or a saturation refuted the claim, that model or the saturation's size
    /// (so a save can be re-checked).
    Claim {
        player: usize,
        claim: Claim,
        upheld: bool,
        verdict: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        budget: Option<ClaimBudget>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        model: Option<Structure>,
        /// When an infinite model refuted the claim: its definitions, one line per symbol
        /// (the engine finds the same one again when the save is loaded).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        infinite_model: Option<Vec<String>>,
        /// When no model was found but the derivation saturated: how many clauses (on load
        /// the claim is decided again and must be refuted again).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        saturation: Option<usize>,
        /// The derivation the player argued the claim with (ruling G20).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        derivation: Option<Argument>,
    },
    /// Cards played and the statement written; with the ¬ card, `target` is the statement
    /// it changes. A computer's play says in one line why it chose it.
    Play {
        player: usize,
        cards: Vec<String>,
        statement: String,
        target: Option<usize>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The writing phase without a play (a computer's pass says why).
    Pass {
        player: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}

/// A statement on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The statement as umpire prints it (the typed text is in the play's event).
    pub text: String,
    /// Who wrote it.
    pub by: usize,
    /// Who changed it since with a ¬ card, in order (each once, its author too).
    pub changed_by: Vec<usize>,
    /// Scored as redundant as it now reads; it stays on the board and counts in every
    /// question, but scores again only once a ¬ changes it (ruling G9).
    pub scored: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub draw: Vec<CardKind>,
    pub hands: Vec<Vec<CardKind>>,
    pub board: Vec<Entry>,
    pub scores: Vec<usize>,
    /// Whose turn it is.
    pub current: usize,
    pub winner: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub settings: Settings,
    pub events: Vec<Event>,
    pub state: State,
    /// What the last event did that the board does not show by itself (where a ¬ went).
    pub note: Option<String>,
}

#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum GameError {
    #[error("{0}")]
    #[diagnostic(code(umpire::game::settings))]
    Settings(String),
    /// A change made against a game that another device has changed since.
    #[error("{0}")]
    #[diagnostic(code(umpire::game::moved_on))]
    MovedOn(String),
    #[error("it is {current}'s turn, not {player}'s")]
    #[diagnostic(code(umpire::game::turn))]
    NotYourTurn { player: String, current: String },
    #[error("it is {0}'s turn, and the computer does not play {0}")]
    #[diagnostic(
        code(umpire::game::not_computer),
        help("{0} plays or passes ({0} is a person at the table: `game play`, `game pass`); `game new --computer NAME` seats the computer")
    )]
    NotComputer(String),
    #[error("the table plays its own cards, so umpire does not know which cards {0} holds")]
    #[diagnostic(
        code(umpire::game::cards_untold),
        help("tell it: `umpire game move FILE --cards P:blonde,Q:∀x,X:¬` (the cards {0} holds)")
    )]
    CardsUntold(String),
    /// Undo of the move that won, asked without the table's agreement (RULINGS G18).
    #[error("this takes back {0}'s win: the whole table must agree")]
    #[diagnostic(
        code(umpire::game::undo_win),
        help("ask the table; with its agreement, `game undo --yes` takes the win back (the REPL and the page ask for it)")
    )]
    WinNeedsTable(String),
    #[error("it is {0}'s turn, and the computer plays {0}")]
    #[diagnostic(
        code(umpire::game::computer_seat),
        help("`game move` plays the computer's turn (on the page, the Computer's move button)")
    )]
    ComputerSeat(String),
    #[error("{0}")]
    #[diagnostic(
        code(umpire::game::claim),
        help("a claim is made before playing, by the player whose turn it is (ruling G8)")
    )]
    ClaimWords(String),
    #[error("this table counts a claim only with a derivation that proves it")]
    #[diagnostic(
        code(umpire::game::derivation_required),
        help("write the derivation in a file and claim with it: `game claim FILE redundant 3 --derivation proof.txt` (ruling G20)")
    )]
    DerivationRequired,
    #[error("the derivation cannot be read:\n{0}")]
    #[diagnostic(code(umpire::game::derivation))]
    Derivation(String),
    #[error("there is nothing to undo: no move has been made yet")]
    #[diagnostic(code(umpire::game::nothing_to_undo))]
    NothingToUndo,
    #[error("there is no player `{0}`")]
    #[diagnostic(code(umpire::game::player))]
    NoSuchPlayer(String),
    #[error("the game is over: {0} won")]
    #[diagnostic(code(umpire::game::over))]
    Over(String),
    #[error("{player} does not hold {card}")]
    #[diagnostic(
        code(umpire::game::card),
        help("`umpire game show FILE --hand NAME` lists your hand (in the REPL, `game show`)")
    )]
    NotInHand { player: String, card: String },
    // Not `#[from]`: that would make the ruling the error's source, and miette would print
    // the same sentence twice.
    #[error("illegal play: {0}")]
    #[diagnostic(transparent)]
    Illegal(Illegal),
    #[error("the statement is not well-formed:\n{0}")]
    #[diagnostic(code(umpire::game::statement))]
    Statement(String),
    #[error("there is no statement {0} on the board")]
    #[diagnostic(code(umpire::game::no_statement))]
    NoStatement(usize),
    #[error("({0}) has already scored as redundant, and no ¬ has changed it since")]
    #[diagnostic(
        code(umpire::game::scored),
        help("a statement scores again only once a ¬ card changes it (ruling G9)")
    )]
    AlreadyScored(usize),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Decide(#[from] DecideError),
    #[error("the saved game {path} cannot be read: {why}")]
    #[diagnostic(code(umpire::game::corrupt), help("the file is left as it is"))]
    Corrupt { path: String, why: String },
    #[error("cannot write {path}: {why}")]
    #[diagnostic(code(umpire::game::io))]
    Io { path: String, why: String },
    #[error("there is no saved game {0}")]
    #[diagnostic(
        code(umpire::game::missing),
        help("start one with `umpire game new FILE --players …`")
    )]
    Missing(String),
}

impl From<Illegal> for GameError {
    fn from(e: Illegal) -> GameError {
        GameError::Illegal(e)
    }
}

impl crate::util::failure::Classify for GameError {
    fn kind(&self) -> crate::util::failure::FailureKind {
        match self {
            GameError::Decide(e) => e.kind(),
            _ => crate::util::failure::FailureKind::BadInput,
        }
    }
}
