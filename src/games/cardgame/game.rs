//! A game of the logic card game. The saved form is the settings and the list of events;
//! the state (deck, hands, board, scores, whose turn) is always the replay of the events,
//! so a save can be checked by replaying it, and undo is "replay all but the last".
//!
//! A turn: the current player may make claims (the scoring phase), then plays cards or
//! passes (the writing phase), then refills their hand; play passes clockwise. A claim is
//! decided by [`crate::reason::arbiter`] when it is made, and its outcome is recorded in
//! the event with its budget (and, for a claim refuted by a model, the model), so that
//! loading a save decides each claim again (ruling G12): an edited outcome is refused.
//!
//! Statements stay on the board for good (ruling G9): one that scored still counts in
//! every later question, can take a ¬, and scores again only once a ¬ has changed it.
//! With `own_cards` the table plays its own physical deck: nothing is dealt, and a play is
//! checked against the cards' rules but not against a hand.

use crate::games::cardgame::deck::{full_deck, CardKind};
use crate::games::cardgame::legal::{check_negation, check_write, Illegal};
use crate::logic::board::{self, CheckedBoard};
use crate::logic::check::{CheckMode, SymbolOrigin};
use crate::logic::cnf::premises_of;
use crate::logic::semantics::Structure;
use crate::reason::finite::Limits;
use crate::reason::{decide_with, DecideError, Decision, Options, Question, Verdict};
use crate::solve::Budget;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::Path;
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

    pub fn of(limits: &Limits) -> ClaimBudget {
        let timeout = limits.budget.deadline.map_or(Duration::from_secs(10), |d| {
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
    },
    /// Cards played and the statement written; with the ¬ card, `target` is the statement
    /// it changes.
    Play { player: usize, cards: Vec<String>, statement: String, target: Option<usize> },
    /// The writing phase without a play.
    Pass { player: usize },
}

/// A statement on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub text: String,
    pub by: usize,
    /// Scored as redundant as it now reads; it stays on the board and counts in every
    /// question, but scores again only once a ¬ changes it (ruling G9).
    pub scored: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
    #[error("there is no player `{0}`")]
    #[diagnostic(code(umpire::game::player))]
    NoSuchPlayer(String),
    #[error("the game is over: {0} won")]
    #[diagnostic(code(umpire::game::over))]
    Over(String),
    #[error("{player} does not hold {card}")]
    #[diagnostic(code(umpire::game::card), help("`umpire game show` lists your hand"))]
    NotInHand { player: String, card: String },
    // Not `#[from]`: that would make the ruling the error's source, and miette would print
    // the same sentence twice.
    #[error("illegal play: {0}")]
    #[diagnostic(code(umpire::game::illegal), help("RULINGS.md explains the G-rulings"))]
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

impl Game {
    pub fn new(settings: Settings) -> Result<Game, GameError> {
        let players = settings.players.len();
        if players == 0 || players > 8 {
            return Err(GameError::Settings("a game has 1 to 8 players".into()));
        }
        if settings.players.iter().any(|p| p.trim().is_empty() || p.contains(',')) {
            return Err(GameError::Settings(
                "player names must be non-empty and contain no comma".into(),
            ));
        }
        let names: BTreeSet<&String> = settings.players.iter().collect();
        if names.len() != players {
            return Err(GameError::Settings("player names must differ".into()));
        }
        let deck = full_deck();
        if !settings.own_cards
            && (settings.hand_size == 0
                || settings.hand_size.checked_mul(players).is_none_or(|n| n > deck.len()))
        {
            return Err(GameError::Settings(format!(
                "hands of {} cards for {players} players do not fit a deck of {}",
                settings.hand_size,
                deck.len()
            )));
        }
        if settings.points_to_win == 0 {
            return Err(GameError::Settings("the points to win must be at least 1".into()));
        }
        let mut draw = if settings.own_cards { Vec::new() } else { deck };
        crate::util::random::SplitMix64::new(settings.seed).shuffle(&mut draw);
        let mut hands = vec![Vec::new(); players];
        let dealt = if settings.own_cards { 0 } else { settings.hand_size };
        for _ in 0..dealt {
            for hand in hands.iter_mut() {
                hand.push(draw.pop().expect("checked that the deck is large enough"));
            }
        }
        let state = State {
            draw,
            hands,
            board: Vec::new(),
            scores: vec![0; players],
            current: 0,
            winner: None,
        };
        Ok(Game { settings, events: Vec::new(), state, note: None })
    }

    pub fn player_index(&self, name: &str) -> Result<usize, GameError> {
        self.settings
            .players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| GameError::NoSuchPlayer(crate::util::input::shorten(name)))
    }

    fn my_turn(&self, player: usize) -> Result<(), GameError> {
        // An event of a save names its player by number; an edited save may name one that
        // is not at the table.
        if player >= self.settings.players.len() {
            return Err(GameError::NoSuchPlayer(format!(
                "#{} (the game has {})",
                player + 1,
                self.settings.players.len()
            )));
        }
        if let Some(w) = self.state.winner {
            return Err(GameError::Over(self.settings.players[w].clone()));
        }
        if player != self.state.current {
            return Err(GameError::NotYourTurn {
                player: self.settings.players[player].clone(),
                current: self.settings.players[self.state.current].clone(),
            });
        }
        Ok(())
    }

    /// The board as a checked board (in-game mode: only the game's symbols and names).
    pub fn checked_board(&self, board: &[Entry]) -> Result<CheckedBoard, GameError> {
        let text: String = board.iter().map(|e| format!("{}\n", e.text)).collect();
        board::load("board", &text, CheckMode::InGame)
            .map_err(|r| GameError::Statement(crate::util::input::shorten_lines(&r.render_plain())))
    }

    /// The question a claim asks of the board as it stands, refusing what the rules do not
    /// allow (a statement that is not there; one that scored and has not changed since).
    fn question(&self, claim: Claim) -> Result<Question, GameError> {
        match claim {
            Claim::Redundant { statement } => match self.state.board.get(statement.wrapping_sub(1))
            {
                None => Err(GameError::NoStatement(statement)),
                Some(entry) if entry.scored => Err(GameError::AlreadyScored(statement)),
                Some(_) => Ok(Question::Follows(statement)),
            },
            Claim::Inconsistent => Ok(Question::Consistency),
        }
    }

    /// A claim in the scoring phase, decided now (with proof steps, since the table will
    /// read them). Returns the event recorded and the decision, with its evidence.
    pub fn claim(
        &mut self,
        player: usize,
        claim: Claim,
        limits: &Limits,
    ) -> Result<(Event, Decision), GameError> {
        self.my_turn(player)?;
        let question = self.question(claim)?;
        let board = self.checked_board(&self.state.board)?;
        let budget = ClaimBudget::of(limits);
        let decision = decide_with(&board, question, limits, Options { steps: true }, &mut |_| {})?;
        let upheld =
            matches!(decision.verdict, Verdict::Redundant { .. } | Verdict::Inconsistent { .. });
        let model = decision.verdict.model().map(|m| m.structure.clone());
        let infinite_model = decision.verdict.infinite_model().map(|m| m.describe());
        let saturation = decision.verdict.saturation().map(|s| s.saturation.clauses.len());
        let event = Event::Claim {
            player,
            claim,
            upheld,
            verdict: decision.explanation.clone(),
            budget: Some(budget),
            model,
            infinite_model,
            saturation,
        };
        self.apply(event.clone())?;
        Ok((event, decision))
    }

    /// Decides a recorded claim again, on the board as it stood (ruling G12): an upheld
    /// claim must be proved again within its budget (doubled, for a slower machine); a claim
    /// refuted by a model must have that model satisfy what it says, and one refuted by an
    /// infinite model or a saturation is decided again and must be refuted again. A claim that was not
    /// upheld and carries no model (its budget ran out) awarded nothing, and is taken as
    /// recorded.
    fn verify(&self, event: &Event) -> Result<(), String> {
        let Event::Claim { claim, upheld, budget, model, infinite_model, saturation, .. } = event
        else {
            return Ok(());
        };
        let question = self.question(*claim).map_err(|e| e.to_string())?;
        let board = self.checked_board(&self.state.board).map_err(|e| e.to_string())?;
        // Decided again within the claim's budget, doubled for a slower machine.
        let decide_again = || {
            let b = budget.unwrap_or(ClaimBudget::DEFAULT);
            let limits = Limits {
                max_size: b.max_size,
                budget: Budget::time(Duration::from_millis(b.timeout_ms.saturating_mul(2))),
            };
            crate::reason::decide(&board, question, &limits, &mut |_| {}).map_err(|e| e.to_string())
        };
        if *upheld {
            let decision = decide_again()?;
            if !matches!(decision.verdict, Verdict::Redundant { .. } | Verdict::Inconsistent { .. })
            {
                return Err(format!(
                    "it is recorded as upheld, but deciding it again gives: {}",
                    decision.explanation
                ));
            }
        } else if let Some(lines) = infinite_model {
            // Decided again: a model must refute the claim again (the infinite engine finds the
            // recorded one; on a board that also has a large finite model, the finite search
            // may answer first, which refutes the claim as well).
            let decision = decide_again()?;
            match (decision.verdict.infinite_model(), decision.verdict.model()) {
                (Some(m), _) if m.describe() == *lines => {}
                (None, Some(_)) => {}
                _ => return Err(format!("it is recorded as refuted by an infinite model, but deciding it again gives: {}", decision.explanation)),
            }
        } else if saturation.is_some() {
            // Decided again: no contradiction, shown by a saturation or (if the search now
            // finds one) a model.
            let decision = decide_again()?;
            if decision.verdict.witness().is_none() {
                return Err(format!(
                    "it is recorded as refuted by a saturation, but deciding it again gives: {}",
                    decision.explanation
                ));
            }
        } else if let Some(structure) = model {
            let negate = match question {
                Question::Follows(k) => Some(k),
                Question::Consistency => None,
            };
            for p in premises_of(&board, negate) {
                if !structure.satisfies_premise(&p).unwrap_or(false) {
                    let what = if p.negated {
                        format!("the negation of ({})", p.index)
                    } else {
                        format!("({})", p.index)
                    };
                    return Err(format!("it is recorded as refuted by a model, but {what} does not hold in that model"));
                }
            }
        }
        Ok(())
    }

    /// A play in the writing phase; ends the turn.
    pub fn play(
        &mut self,
        player: usize,
        cards: &[CardKind],
        statement: &str,
        target: Option<usize>,
    ) -> Result<Event, GameError> {
        let event = Event::Play {
            player,
            cards: cards.iter().map(|c| c.short_name()).collect(),
            statement: statement.trim().to_string(),
            target,
        };
        self.apply(event.clone())?;
        Ok(event)
    }

    pub fn pass(&mut self, player: usize) -> Result<Event, GameError> {
        let event = Event::Pass { player };
        self.apply(event.clone())?;
        Ok(event)
    }

    /// Checks an event against the state and applies it. Claims are taken as recorded (they
    /// were verified when made); plays are checked for legality every time.
    pub fn apply(&mut self, event: Event) -> Result<(), GameError> {
        self.note = None;
        match &event {
            Event::Claim { player, claim, upheld, .. } => {
                self.my_turn(*player)?;
                self.question(*claim)?;
                if *upheld {
                    match claim {
                        Claim::Redundant { statement } => {
                            let entry = self
                                .state
                                .board
                                .get_mut(statement - 1)
                                .ok_or(GameError::NoStatement(*statement))?;
                            entry.scored = true;
                            self.state.scores[*player] += 1;
                            if self.state.scores[*player] >= self.settings.points_to_win {
                                self.state.winner = Some(*player);
                            }
                        }
                        Claim::Inconsistent => self.state.winner = Some(*player),
                    }
                }
            }
            Event::Play { player, cards, statement, target } => {
                self.my_turn(*player)?;
                let kinds: Vec<CardKind> = cards
                    .iter()
                    .map(|c| {
                        CardKind::parse(c).ok_or_else(|| {
                            GameError::Illegal(Illegal {
                                reason: format!("no card `{c}`"),
                                ruling: "G1",
                            })
                        })
                    })
                    .collect::<Result<_, _>>()?;
                // The cards must be in the hand (as a multiset), unless the table plays its
                // own cards.
                let mut hand = self.state.hands[*player].clone();
                for k in kinds.iter().filter(|_| !self.settings.own_cards) {
                    let i =
                        hand.iter().position(|h| h == k).ok_or_else(|| GameError::NotInHand {
                            player: self.settings.players[*player].clone(),
                            card: k.short_name(),
                        })?;
                    hand.remove(i);
                }
                let mut board = self.state.board.clone();
                let negation = kinds.len() == 1 && kinds[0] == CardKind::Negation;
                match (negation, target) {
                    (true, Some(k)) => {
                        let entry =
                            board.get_mut(k.wrapping_sub(1)).ok_or(GameError::NoStatement(*k))?;
                        entry.text = statement.clone();
                        // A changed statement is a new statement: it may score (ruling G9).
                        entry.scored = false;
                    }
                    (true, None) => {
                        return Err(Illegal {
                            reason: "the ¬ card changes a statement on the board; say which one"
                                .into(),
                            ruling: "G5",
                        }
                        .into())
                    }
                    (false, Some(_)) => {
                        return Err(Illegal {
                            reason: "only the ¬ card changes a statement already on the board"
                                .into(),
                            ruling: "G5",
                        }
                        .into())
                    }
                    (false, None) => {
                        board.push(Entry { text: statement.clone(), by: *player, scored: false })
                    }
                }
                let checked = self.checked_board(&board)?;
                // A board line is one statement: an empty play, a comment or two lines
                // would leave the board's numbering off by one.
                if checked.board.statements.len() != board.len() {
                    return Err(GameError::Statement(
                        "a play is exactly one statement, on one line".into(),
                    ));
                }
                match target {
                    Some(k) => {
                        let before = self.checked_board(&self.state.board)?;
                        let at = check_negation(
                            &before.board.statements[k - 1],
                            &checked.board.statements[k - 1],
                        )?;
                        self.note =
                            Some(format!("¬ now stands in front of `{}` in ({k})", at.negated));
                    }
                    None => {
                        let new = checked.board.statements.last().expect("just added");
                        // Names made by earlier statements are free to use.
                        let names: BTreeSet<String> = checked
                            .signature
                            .symbols
                            .iter()
                            .filter(|(_, s)| matches!(s.origin, SymbolOrigin::Named { statement } if statement < checked.board.statements.len()))
                            .map(|(n, _)| n.clone())
                            .collect();
                        check_write(&kinds, new, &names)?;
                    }
                }
                self.state.board = board;
                self.state.hands[*player] = hand;
                while self.state.hands[*player].len() < self.settings.hand_size {
                    match self.state.draw.pop() {
                        Some(c) => self.state.hands[*player].push(c),
                        None => break,
                    }
                }
                self.state.current = (self.state.current + 1) % self.settings.players.len();
            }
            Event::Pass { player } => {
                self.my_turn(*player)?;
                self.state.current = (self.state.current + 1) % self.settings.players.len();
            }
        }
        self.events.push(event);
        Ok(())
    }

    /// The saved form: settings and events.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&serde_json::json!({ "umpire_game": 1, "settings": self.settings, "events": self.events }))
            .expect("JSON of plain data")
    }

    /// Rebuilds a game from its saved form by replaying every event.
    pub fn from_json(text: &str, path: &str) -> Result<Game, GameError> {
        #[derive(Deserialize)]
        struct Saved {
            umpire_game: u32,
            settings: Settings,
            events: Vec<Event>,
        }
        let corrupt = |why: String| GameError::Corrupt { path: path.to_string(), why };
        let saved: Saved = serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
        if saved.umpire_game != 1 {
            return Err(corrupt(format!(
                "format version {} is not one this umpire reads",
                saved.umpire_game
            )));
        }
        let mut game = Game::new(saved.settings).map_err(|e| corrupt(e.to_string()))?;
        for (i, event) in saved.events.into_iter().enumerate() {
            game.verify(&event).map_err(|why| {
                corrupt(format!("event {} (a claim) does not stand: {why}", i + 1))
            })?;
            game.apply(event)
                .map_err(|e| corrupt(format!("event {} does not replay: {e}", i + 1)))?;
        }
        Ok(game)
    }

    /// Undoes the last event (by replaying the others).
    pub fn undo(&self) -> Result<Game, GameError> {
        let mut game = Game::new(self.settings.clone())?;
        for event in self.events.iter().take(self.events.len().saturating_sub(1)) {
            game.apply(event.clone())?;
        }
        Ok(game)
    }

    /// Saves atomically: the new text goes to a temporary file beside the target, which
    /// then replaces it, so a crash never leaves a half-written save.
    pub fn save(&self, path: &Path) -> Result<(), GameError> {
        crate::util::files::write_atomically(path, self.to_json().as_bytes())
            .map_err(|e| GameError::Io { path: path.display().to_string(), why: e.to_string() })
    }

    pub fn load(path: &Path) -> Result<Game, GameError> {
        if !path.exists() {
            return Err(GameError::Missing(path.display().to_string()));
        }
        let text = crate::util::input::read_text(path, crate::util::input::MAX_LOG_BYTES).map_err(
            |e| GameError::Corrupt { path: path.display().to_string(), why: e.reason() },
        )?;
        Game::from_json(&text, &path.display().to_string())
    }

    /// The state for players: board, scores, whose turn, and (optionally) one hand.
    pub fn show(&self, hand_of: Option<usize>) -> String {
        let mut out = String::new();
        if let Some(note) = &self.note {
            out.push_str(note);
            out.push('\n');
        }
        out.push_str("Board:\n");
        if self.state.board.is_empty() {
            out.push_str("  (empty)\n");
        }
        for (i, e) in self.state.board.iter().enumerate() {
            let mark = if e.scored { "  (scored as redundant)" } else { "" };
            out.push_str(&format!(
                "  ({}) {}   — {}{mark}\n",
                i + 1,
                e.text,
                self.settings.players[e.by]
            ));
        }
        out.push_str("Scores:");
        for (p, s) in self.settings.players.iter().zip(&self.state.scores) {
            out.push_str(&format!(" {p} {s}"));
        }
        out.push_str(&format!("  (first to {} wins)\n", self.settings.points_to_win));
        match self.state.winner {
            Some(w) => out.push_str(&format!("{} has won.\n", self.settings.players[w])),
            None if self.settings.own_cards => out.push_str(&format!(
                "{} to play (the table's own cards).\n",
                self.settings.players[self.state.current]
            )),
            None => out.push_str(&format!(
                "{} to play. Cards left to draw: {}\n",
                self.settings.players[self.state.current],
                self.state.draw.len()
            )),
        }
        if let Some(p) = hand_of.filter(|_| !self.settings.own_cards) {
            let cards: Vec<String> = self.state.hands[p].iter().map(|c| c.short_name()).collect();
            out.push_str(&format!("{}'s hand: {}\n", self.settings.players[p], cards.join("  ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Budget;
    use std::time::Duration;

    fn limits() -> Limits {
        Limits { max_size: 8, budget: Budget::time(Duration::from_secs(5)) }
    }

    /// A game whose hands are set by hand, for scripted play.
    fn game_with(hands: &[&[&str]]) -> Game {
        let settings = Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 2,
            seed: 7,
            own_cards: false,
        };
        let mut g = Game::new(settings).unwrap();
        for (i, h) in hands.iter().enumerate() {
            g.state.hands[i] = h.iter().map(|c| CardKind::parse(c).unwrap()).collect();
        }
        g
    }

    #[test]
    fn the_deal_is_seeded_and_complete() {
        let s = Settings {
            players: vec!["a".into(), "b".into(), "c".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 42,
            own_cards: false,
        };
        let g1 = Game::new(s.clone()).unwrap();
        let g2 = Game::new(s).unwrap();
        assert_eq!(g1.state, g2.state);
        assert_eq!(g1.state.draw.len() + 9, 54);
        assert!(g1.state.hands.iter().all(|h| h.len() == 3));
    }

    #[test]
    fn a_scripted_game_with_claims_and_a_win() {
        let mut g = game_with(&[&["S:1", "P:blonde", "Q:∃x"], &["P:happy", "X:?", "X:¬"]]);
        g.play(0, &[CardKind::parse("S:1").unwrap()], "∀x blonde(x) ⇒ happy(x)", None).unwrap();
        g.play(1, &[CardKind::parse("X:?").unwrap()], "∀x blonde(x)", None).unwrap();
        // Ann's turn: nothing follows yet that she can claim wrongly...
        let (e, _) = g.claim(0, Claim::Redundant { statement: 1 }, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: false, .. }), "{e:?}");
        g.play(0, &[CardKind::parse("Q:∃x").unwrap()], "∃x happy(x)", None).unwrap();
        // Bob: (3) follows from (1) and (2): one point; (3) stays on the board, scored.
        let (e, _) = g.claim(1, Claim::Redundant { statement: 3 }, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: true, .. }), "{e:?}");
        assert_eq!(g.state.scores, vec![0, 1]);
        assert!(g.state.board[2].scored);
        assert!(matches!(
            g.claim(1, Claim::Redundant { statement: 3 }, &limits()),
            Err(GameError::AlreadyScored(3))
        ));
        // Bob's ¬ card goes in front of blonde(x) in (1).
        g.play(1, &[CardKind::parse("X:¬").unwrap()], "∀x ¬blonde(x) ⇒ happy(x)", Some(1)).unwrap();
        assert_eq!(g.state.board[0].text, "∀x ¬blonde(x) ⇒ happy(x)");
        // Ann's P:blonde card does not cover happy; and she does not hold P:happy.
        g.state.hands[0] =
            vec![CardKind::parse("P:blonde").unwrap(), CardKind::parse("Q:∀x").unwrap()];
        let err =
            g.play(0, &[CardKind::parse("P:blonde").unwrap()], "∀x ¬happy(x)", None).unwrap_err();
        assert!(matches!(err, GameError::Illegal(_)), "{err}");
        let err =
            g.play(0, &[CardKind::parse("P:happy").unwrap()], "∀x ¬happy(x)", None).unwrap_err();
        assert!(matches!(err, GameError::NotInHand { .. }), "{err}");
        g.pass(0).unwrap();
        assert_eq!(g.state.current, 1);
        // (1) now follows from (2): with everything blonde, "not blonde ⇒ happy" holds.
        let (e, _) = g.claim(1, Claim::Redundant { statement: 1 }, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: true, .. }), "{e:?}");
        assert_eq!(g.state.winner, Some(1), "two points win this game");
    }

    #[test]
    fn illegal_plays_of_each_kind_are_refused() {
        let mut g = game_with(&[&["Q:∀x", "X:¬", "S:1"], &["X:?", "P:happy", "R:likes"]]);
        let card = |c: &str| vec![CardKind::parse(c).unwrap()];
        assert!(matches!(
            g.play(0, &card("Q:∀x"), "∃x happy(x)", None),
            Err(GameError::Illegal(Illegal { ruling: "G3", .. }))
        ));
        assert!(matches!(
            g.play(0, &card("S:1"), "∀x happy(x) ⇒ blonde(x)", None),
            Err(GameError::Illegal(Illegal { ruling: "G4", .. }))
        ));
        assert!(matches!(
            g.play(0, &card("X:¬"), "∀x happy(x)", None),
            Err(GameError::Illegal(Illegal { ruling: "G5", .. }))
        ));
        g.play(0, &card("Q:∀x"), "∀x happy(x)", None).unwrap();
        assert!(matches!(
            g.play(1, &card("P:happy"), "∀x likes(x, x)", None),
            Err(GameError::Illegal(Illegal { ruling: "G1", .. }))
        ));
        assert!(matches!(
            g.play(1, &[card("P:happy")[0].clone(), card("X:?")[0].clone()], "∀x happy(x)", None),
            Err(GameError::Illegal(Illegal { ruling: "G1", .. }))
        ));
        g.pass(1).unwrap();
        assert!(matches!(
            g.play(0, &card("X:¬"), "¬¬∀x happy(x)", Some(1)),
            Err(GameError::Illegal(Illegal { ruling: "G5", .. }))
        ));
        g.play(0, &card("X:¬"), "∀x ¬happy(x)", Some(1)).unwrap();
        assert_eq!(g.note.as_deref(), Some("¬ now stands in front of `happy(x)` in (1)"));
        assert_eq!(g.events.len(), 3, "refused plays leave no event");
    }

    #[test]
    fn an_inconsistency_claim_wins() {
        let mut g = game_with(&[&["X:?", "P:blonde", "Q:∃x"], &["X:?", "P:happy", "Q:∀x"]]);
        g.play(0, &[CardKind::parse("X:?").unwrap()], "∀x blonde(father(x))", None).unwrap();
        g.play(1, &[CardKind::parse("X:?").unwrap()], "∀x ¬blonde(father(x))", None).unwrap();
        let wrong = g.claim(0, Claim::Redundant { statement: 9 }, &limits());
        assert!(matches!(wrong, Err(GameError::NoStatement(9))));
        let (e, _) = g.claim(0, Claim::Inconsistent, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: true, .. }));
        assert_eq!(g.state.winner, Some(0));
        assert!(matches!(g.pass(1), Err(GameError::Over(_))));
    }

    #[test]
    fn saves_replay_undo_and_refuse_corruption() {
        let dir = std::env::temp_dir().join(format!("umpire-game-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.json");
        let mut g = game_with(&[&["X:?", "P:blonde", "Q:∃x"], &["X:?", "P:happy", "Q:∀x"]]);
        // Hands set by hand do not replay from the seed: play from the real deal instead.
        g = Game::new(g.settings.clone()).unwrap();
        g.pass(0).unwrap();
        g.pass(1).unwrap();
        g.save(&path).unwrap();
        let loaded = Game::load(&path).unwrap();
        assert_eq!(loaded.state, g.state);
        assert_eq!(loaded.events, g.events);
        let undone = loaded.undo().unwrap();
        assert_eq!(undone.events.len(), 1);
        assert_eq!(undone.state.current, 1);
        std::fs::write(&path, "{ not json").unwrap();
        assert!(matches!(Game::load(&path), Err(GameError::Corrupt { .. })));
        std::fs::write(&path, g.to_json().replace("\"player\": 1", "\"player\": 0")).unwrap();
        let e = Game::load(&path).unwrap_err();
        assert!(e.to_string().contains("does not replay"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The sequence of issue 19, point 1: a statement that scored stays on the board.
    #[test]
    fn a_scored_statement_still_counts_and_can_be_negated() {
        let mut g = game_with(&[&["Q:∀x", "X:¬", "Q:∃x"], &["Q:∃x", "P:blonde", "Q:∀x"]]);
        let card = |c: &str| vec![CardKind::parse(c).unwrap()];
        g.play(0, &card("Q:∀x"), "∀x happy(x)", None).unwrap();
        g.play(1, &card("Q:∃x"), "∃x happy(x)", None).unwrap();
        let (e, d) = g.claim(0, Claim::Redundant { statement: 2 }, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: true, .. }), "{}", d.explanation);
        assert_eq!(g.state.scores, vec![1, 0]);
        assert!(matches!(
            g.claim(0, Claim::Redundant { statement: 2 }, &limits()),
            Err(GameError::AlreadyScored(2))
        ));
        g.play(0, &card("X:¬"), "∀x ¬happy(x)", Some(1)).unwrap();
        // (2) is still on the board: with (1) as it now reads, the board contradicts itself.
        let (e, d) = g.claim(1, Claim::Inconsistent, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: true, .. }), "{}", d.explanation);
        assert!(
            d.explanation.contains("(1)") && d.explanation.contains("(2)"),
            "{}",
            d.explanation
        );
        assert_eq!(g.state.winner, Some(1));
    }

    #[test]
    fn a_statement_changed_by_a_negation_may_score_again() {
        let mut g = game_with(&[&["Q:∀x", "X:¬", "P:blonde"], &["Q:∃x", "P:happy", "Q:∀x"]]);
        let card = |c: &str| vec![CardKind::parse(c).unwrap()];
        g.play(0, &card("Q:∀x"), "∀x happy(x)", None).unwrap();
        g.play(1, &card("Q:∃x"), "∃x blonde(x) → happy(x)", None).unwrap();
        // (2) follows from (1).
        let (e, _) = g.claim(0, Claim::Redundant { statement: 2 }, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: true, .. }));
        g.play(0, &card("X:¬"), "∃x ¬blonde(x) → happy(x)", Some(2)).unwrap();
        assert!(!g.state.board[1].scored, "a changed statement is a new one");
        // It still follows from (1), and scores again, for Bob now.
        let (e, d) = g.claim(1, Claim::Redundant { statement: 2 }, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: true, .. }), "{}", d.explanation);
        assert_eq!(g.state.scores, vec![1, 1]);
    }

    #[test]
    fn own_cards_deal_nothing_and_check_plays_against_the_cards_only() {
        let settings = Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 1,
            own_cards: true,
        };
        let mut g = Game::new(settings).unwrap();
        assert!(g.state.draw.is_empty() && g.state.hands.iter().all(Vec::is_empty));
        let card = |c: &str| vec![CardKind::parse(c).unwrap()];
        g.play(0, &card("P:happy"), "∀x happy(x)", None).unwrap();
        assert!(matches!(
            g.play(1, &card("P:happy"), "∀x blonde(x)", None),
            Err(GameError::Illegal(Illegal { ruling: "G1", .. }))
        ));
        g.play(1, &card("Q:∃x"), "∃x happy(x)", None).unwrap();
        assert!(g.state.hands.iter().all(Vec::is_empty), "nothing is drawn");
        assert!(g.show(Some(0)).contains("Ann to play (the table's own cards)"));
    }

    #[test]
    fn a_save_with_a_made_up_claim_is_refused() {
        let settings = Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 1,
            own_cards: true,
        };
        let mut g = Game::new(settings).unwrap();
        let card = |c: &str| vec![CardKind::parse(c).unwrap()];
        g.play(0, &card("Q:∀x"), "∀x happy(x)", None).unwrap();
        g.play(1, &card("Q:∃x"), "∃x blonde(x)", None).unwrap();
        let (_, _) = g.claim(0, Claim::Redundant { statement: 2 }, &limits()).unwrap();
        let honest = g.to_json();
        assert!(Game::from_json(&honest, "g").is_ok());
        // (2) does not follow from (1); the claim was not upheld; a hand edit says it was.
        let forged = honest.replace("\"upheld\": false", "\"upheld\": true");
        assert_ne!(forged, honest);
        let e = Game::from_json(&forged, "g").unwrap_err().to_string();
        assert!(e.contains("event 3") && e.contains("recorded as upheld"), "{e}");
        // A model that does not refute the claim is refused too.
        let mut v: serde_json::Value = serde_json::from_str(&honest).unwrap();
        let model =
            v["events"][2]["model"]["predicates"]["blonde"]["values"].as_array_mut().unwrap();
        model.iter_mut().for_each(|b| *b = serde_json::Value::Bool(true));
        let e = Game::from_json(&v.to_string(), "g").unwrap_err().to_string();
        assert!(e.contains("event 3") && e.contains("does not hold in that model"), "{e}");
    }
}
