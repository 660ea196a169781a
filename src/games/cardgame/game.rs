//! A game of the logic card game. The saved form is the settings and the list of events;
//! the state (deck, hands, board, scores, whose turn) is always the replay of the events,
//! so a save can be checked by replaying it, and undo is "replay all but the last".
//!
//! A turn: the current player may make claims (the scoring phase), then plays cards or
//! passes (the writing phase), then refills their hand; play passes clockwise. A claim is
//! verified by [`crate::reason::arbiter`] when it is made, and its outcome is recorded in the event.

use crate::games::cardgame::deck::{full_deck, CardKind};
use crate::games::cardgame::legal::{check_negation, check_write, Illegal};
use crate::logic::board::{self, CheckedBoard};
use crate::logic::check::{CheckMode, SymbolOrigin};
use crate::reason::finite::Limits;
use crate::reason::{decide_struck, DecideError, Question, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::Path;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub players: Vec<String>,
    /// Cards in each hand (the rules' n).
    pub hand_size: usize,
    /// Points that win (the rules' w).
    pub points_to_win: usize,
    /// Seeds the shuffle, so that a game can be replayed.
    pub seed: u64,
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
    /// A claim in the scoring phase, with what the arbiter decided.
    Claim { player: usize, claim: Claim, upheld: bool, verdict: String },
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
    /// Scored as redundant: off the board for all later reasoning (ruling G9).
    pub struck: bool,
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
    #[error(transparent)]
    #[diagnostic(transparent)]
    Decide(#[from] DecideError),
    #[error("the saved game {path} cannot be read: {why}")]
    #[diagnostic(code(umpire::game::corrupt), help("the file is left as it is"))]
    Corrupt { path: String, why: String },
    #[error("cannot write {path}: {why}")]
    #[diagnostic(code(umpire::game::io))]
    Io { path: String, why: String },
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
            return Err(GameError::Settings("player names must be non-empty and contain no comma".into()));
        }
        let names: BTreeSet<&String> = settings.players.iter().collect();
        if names.len() != players {
            return Err(GameError::Settings("player names must differ".into()));
        }
        let deck = full_deck();
        if settings.hand_size == 0 || settings.hand_size * players > deck.len() {
            return Err(GameError::Settings(format!("hands of {} cards for {players} players do not fit a deck of {}", settings.hand_size, deck.len())));
        }
        if settings.points_to_win == 0 {
            return Err(GameError::Settings("the points to win must be at least 1".into()));
        }
        let mut draw = deck;
        crate::util::random::SplitMix64::new(settings.seed).shuffle(&mut draw);
        let mut hands = vec![Vec::new(); players];
        for _ in 0..settings.hand_size {
            for hand in hands.iter_mut() {
                hand.push(draw.pop().expect("checked that the deck is large enough"));
            }
        }
        let state = State { draw, hands, board: Vec::new(), scores: vec![0; players], current: 0, winner: None };
        Ok(Game { settings, events: Vec::new(), state, note: None })
    }

    pub fn player_index(&self, name: &str) -> Result<usize, GameError> {
        self.settings
            .players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| GameError::NoSuchPlayer(name.to_string()))
    }

    fn my_turn(&self, player: usize) -> Result<(), GameError> {
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
        board::load("board", &text, CheckMode::InGame).map_err(|r| GameError::Statement(r.render_plain()))
    }

    fn struck(&self) -> BTreeSet<usize> {
        self.state.board.iter().enumerate().filter(|(_, e)| e.struck).map(|(i, _)| i + 1).collect()
    }

    /// A claim in the scoring phase, verified now. Returns the event recorded.
    pub fn claim(&mut self, player: usize, claim: Claim, limits: &Limits) -> Result<Event, GameError> {
        self.my_turn(player)?;
        let board = self.checked_board(&self.state.board)?;
        let question = match claim {
            Claim::Redundant { statement } => {
                if statement == 0 || statement > self.state.board.len() {
                    return Err(GameError::NoStatement(statement));
                }
                Question::Follows(statement)
            }
            Claim::Inconsistent => Question::Consistency,
        };
        let decision = decide_struck(&board, question, &self.struck(), limits, &mut |_| {})?;
        let upheld = matches!(decision.verdict, Verdict::Redundant { .. } | Verdict::Inconsistent { .. });
        let event = Event::Claim { player, claim, upheld, verdict: decision.explanation };
        self.apply(event.clone())?;
        Ok(event)
    }

    /// A play in the writing phase; ends the turn.
    pub fn play(&mut self, player: usize, cards: &[CardKind], statement: &str, target: Option<usize>) -> Result<Event, GameError> {
        let event = Event::Play { player, cards: cards.iter().map(|c| c.short_name()).collect(), statement: statement.trim().to_string(), target };
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
                if *upheld {
                    match claim {
                        Claim::Redundant { statement } => {
                            let entry = self.state.board.get_mut(statement - 1).ok_or(GameError::NoStatement(*statement))?;
                            entry.struck = true;
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
                    .map(|c| CardKind::parse(c).ok_or_else(|| GameError::Illegal(Illegal { reason: format!("no card `{c}`"), ruling: "G1" })))
                    .collect::<Result<_, _>>()?;
                // The cards must be in the hand (as a multiset).
                let mut hand = self.state.hands[*player].clone();
                for k in &kinds {
                    let i = hand.iter().position(|h| h == k).ok_or_else(|| GameError::NotInHand {
                        player: self.settings.players[*player].clone(),
                        card: k.short_name(),
                    })?;
                    hand.remove(i);
                }
                let mut board = self.state.board.clone();
                let negation = kinds.len() == 1 && kinds[0] == CardKind::Negation;
                match (negation, target) {
                    (true, Some(k)) => {
                        let entry = board.get_mut(k.wrapping_sub(1)).ok_or(GameError::NoStatement(*k))?;
                        entry.text = statement.clone();
                    }
                    (true, None) => {
                        return Err(Illegal { reason: "the ¬ card changes a statement on the board; say which one".into(), ruling: "G5" }.into())
                    }
                    (false, Some(_)) => {
                        return Err(Illegal { reason: "only the ¬ card changes a statement already on the board".into(), ruling: "G5" }.into())
                    }
                    (false, None) => board.push(Entry { text: statement.clone(), by: *player, struck: false }),
                }
                let checked = self.checked_board(&board)?;
                match target {
                    Some(k) => {
                        let before = self.checked_board(&self.state.board)?;
                        let at = check_negation(&before.board.statements[k - 1], &checked.board.statements[k - 1])?;
                        self.note = Some(format!("¬ now stands in front of `{}` in ({k})", at.negated));
                    }
                    None => {
                        let new = checked.board.statements.last().expect("just added");
                        // Names made by earlier statements are free to use.
                        let names: BTreeSet<String> = checked
                            .signature
                            .symbols
                            .iter()
                            .filter(|(_, s)| matches!(s.origin, SymbolOrigin::Named { statement } if statement + 1 < checked.board.statements.len()))
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
            return Err(corrupt(format!("format version {} is not one this umpire reads", saved.umpire_game)));
        }
        let mut game = Game::new(saved.settings).map_err(|e| corrupt(e.to_string()))?;
        for (i, event) in saved.events.into_iter().enumerate() {
            game.apply(event).map_err(|e| corrupt(format!("event {} does not replay: {e}", i + 1)))?;
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
        let text = crate::util::input::read_text(path, crate::util::input::MAX_LOG_BYTES)
            .map_err(|e| GameError::Corrupt { path: path.display().to_string(), why: e.reason() })?;
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
            let mark = if e.struck { "  (struck: scored as redundant)" } else { "" };
            out.push_str(&format!("  ({}) {}   — {}{mark}\n", i + 1, e.text, self.settings.players[e.by]));
        }
        out.push_str("Scores:");
        for (p, s) in self.settings.players.iter().zip(&self.state.scores) {
            out.push_str(&format!(" {p} {s}"));
        }
        out.push_str(&format!("  (first to {} wins)\n", self.settings.points_to_win));
        match self.state.winner {
            Some(w) => out.push_str(&format!("{} has won.\n", self.settings.players[w])),
            None => out.push_str(&format!("{} to play. Cards left to draw: {}\n", self.settings.players[self.state.current], self.state.draw.len())),
        }
        if let Some(p) = hand_of {
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
        let settings = Settings { players: vec!["Ann".into(), "Bob".into()], hand_size: 3, points_to_win: 2, seed: 7 };
        let mut g = Game::new(settings).unwrap();
        for (i, h) in hands.iter().enumerate() {
            g.state.hands[i] = h.iter().map(|c| CardKind::parse(c).unwrap()).collect();
        }
        g
    }

    #[test]
    fn the_deal_is_seeded_and_complete() {
        let s = Settings { players: vec!["a".into(), "b".into(), "c".into()], hand_size: 3, points_to_win: 3, seed: 42 };
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
        let e = g.claim(0, Claim::Redundant { statement: 1 }, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: false, .. }), "{e:?}");
        g.play(0, &[CardKind::parse("Q:∃x").unwrap()], "∃x happy(x)", None).unwrap();
        // Bob: (3) follows from (1) and (2): one point, and (3) is struck.
        let e = g.claim(1, Claim::Redundant { statement: 3 }, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: true, .. }), "{e:?}");
        assert_eq!(g.state.scores, vec![0, 1]);
        assert!(g.state.board[2].struck);
        assert!(matches!(g.claim(1, Claim::Redundant { statement: 3 }, &limits()), Err(GameError::Decide(DecideError::Struck { k: 3 }))));
        // Bob's ¬ card goes in front of blonde(x) in (1).
        g.play(1, &[CardKind::parse("X:¬").unwrap()], "∀x ¬blonde(x) ⇒ happy(x)", Some(1)).unwrap();
        assert_eq!(g.state.board[0].text, "∀x ¬blonde(x) ⇒ happy(x)");
        // Ann's P:blonde card does not cover happy; and she does not hold P:happy.
        g.state.hands[0] = vec![CardKind::parse("P:blonde").unwrap(), CardKind::parse("Q:∀x").unwrap()];
        let err = g.play(0, &[CardKind::parse("P:blonde").unwrap()], "∀x ¬happy(x)", None).unwrap_err();
        assert!(matches!(err, GameError::Illegal(_)), "{err}");
        let err = g.play(0, &[CardKind::parse("P:happy").unwrap()], "∀x ¬happy(x)", None).unwrap_err();
        assert!(matches!(err, GameError::NotInHand { .. }), "{err}");
        g.pass(0).unwrap();
        assert_eq!(g.state.current, 1);
        // (1) now follows from (2): with everything blonde, "not blonde ⇒ happy" holds.
        let e = g.claim(1, Claim::Redundant { statement: 1 }, &limits()).unwrap();
        assert!(matches!(e, Event::Claim { upheld: true, .. }), "{e:?}");
        assert_eq!(g.state.winner, Some(1), "two points win this game");
    }

    #[test]
    fn illegal_plays_of_each_kind_are_refused() {
        let mut g = game_with(&[&["Q:∀x", "X:¬", "S:1"], &["X:?", "P:happy", "R:likes"]]);
        let card = |c: &str| vec![CardKind::parse(c).unwrap()];
        assert!(matches!(g.play(0, &card("Q:∀x"), "∃x happy(x)", None), Err(GameError::Illegal(Illegal { ruling: "G3", .. }))));
        assert!(matches!(g.play(0, &card("S:1"), "∀x happy(x) ⇒ blonde(x)", None), Err(GameError::Illegal(Illegal { ruling: "G4", .. }))));
        assert!(matches!(g.play(0, &card("X:¬"), "∀x happy(x)", None), Err(GameError::Illegal(Illegal { ruling: "G5", .. }))));
        g.play(0, &card("Q:∀x"), "∀x happy(x)", None).unwrap();
        assert!(matches!(g.play(1, &card("P:happy"), "∀x likes(x, x)", None), Err(GameError::Illegal(Illegal { ruling: "G1", .. }))));
        assert!(matches!(g.play(1, &[card("P:happy")[0].clone(), card("X:?")[0].clone()], "∀x happy(x)", None), Err(GameError::Illegal(Illegal { ruling: "G1", .. }))));
        g.pass(1).unwrap();
        assert!(matches!(g.play(0, &card("X:¬"), "¬¬∀x happy(x)", Some(1)), Err(GameError::Illegal(Illegal { ruling: "G5", .. }))));
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
        let e = g.claim(0, Claim::Inconsistent, &limits()).unwrap();
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
}
