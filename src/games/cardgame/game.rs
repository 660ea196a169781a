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
//!
//! This file holds the rules of a turn; the data and its errors are in
//! [`state`](super::state), the claims' decisions in [`claims`](super::claims), the saved
//! form in [`save`](super::save). The names a caller needs are re-exported here.

use crate::games::cardgame::deck::{full_deck, CardKind};
use crate::games::cardgame::legal::{check_negation, check_write, Illegal};
use crate::logic::board::{self, CheckedBoard};
use crate::logic::check::{CheckMode, SymbolOrigin};
use crate::logic::print::{self, Style};
use crate::reason::Question;
use std::collections::BTreeSet;

pub use super::state::{
    Claim, ClaimBudget, Computer, Entry, Event, Game, GameError, Settings, State,
};

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
        for (i, seat) in settings.computers.iter().enumerate() {
            if settings.computers[..i].iter().any(|other| other.player == seat.player) {
                return Err(GameError::Settings(format!(
                    "the computer is seated at `{}` twice: name each of its seats once",
                    seat.player
                )));
            }
            if !settings.players.contains(&seat.player) {
                return Err(GameError::Settings(format!(
                    "the computer is to play `{}`, who is not one of the players",
                    seat.player
                )));
            }
            if seat.level > super::computer::MAX_LEVEL {
                return Err(GameError::Settings(format!(
                    "the computer plays at level 0 (random), 1 (safe) or 2 (one round ahead), not {}",
                    seat.level
                )));
            }
        }
        let deck = full_deck();
        if !settings.own_cards && settings.hand_size == 0 {
            return Err(GameError::Settings("a hand holds at least one card".into()));
        }
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
            .ok_or_else(|| GameError::NoSuchPlayer(crate::util::text::shorten(name)))
    }

    /// Refuses a move by `player` when the game is over or it is someone else's turn.
    pub fn my_turn(&self, player: usize) -> Result<(), GameError> {
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
            .map_err(|r| GameError::Statement(crate::util::text::shorten_lines(&r.render_plain())))
    }

    /// The question a claim asks of the board as it stands, refusing what the rules do not
    /// allow (a statement that is not there; one that scored and has not changed since).
    pub fn question(&self, claim: Claim) -> Result<Question, GameError> {
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
            reason: None,
        };
        self.apply(event.clone())?;
        Ok(event)
    }

    pub fn pass(&mut self, player: usize) -> Result<Event, GameError> {
        let event = Event::Pass { player, reason: None };
        self.apply(event.clone())?;
        Ok(event)
    }

    /// Checks an event against the state and applies it. Claims are taken as recorded (they
    /// were verified when made); plays are checked for legality every time.
    pub fn apply(&mut self, event: Event) -> Result<(), GameError> {
        self.note = None;
        match &event {
            Event::Claim { player, claim, upheld, derivation, .. } => {
                self.my_turn(*player)?;
                self.question(*claim)?;
                // On a table that requires derivations, an upheld claim scores only with one
                // that proves it (ruling G20).
                if *upheld && self.settings.claim_counts(derivation.as_ref()) {
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
            Event::Play { player, cards, statement, target, .. } => {
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
                        if !entry.changed_by.contains(player) {
                            entry.changed_by.push(*player);
                        }
                    }
                    (true, None) => {
                        return Err(Illegal {
                            reason: "the ¬ card changes a statement on the board; say which one: \
                                     `-> k` after the statement (or `--target k`)"
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
                    (false, None) => board.push(Entry {
                        text: statement.clone(),
                        by: *player,
                        changed_by: Vec::new(),
                        scored: false,
                    }),
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
                // One way of showing statements: as umpire prints them (Unicode), whatever
                // mix of ASCII and symbols was typed; the event keeps the typed text.
                for (entry, st) in board.iter_mut().zip(&checked.board.statements) {
                    entry.text = print::statement(st, Style::Unicode);
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
            Event::Pass { player, .. } => {
                self.my_turn(*player)?;
                self.state.current = (self.state.current + 1) % self.settings.players.len();
            }
        }
        self.events.push(event);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::finite::Limits;
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
            computers: Vec::new(),
            derivations_required: false,
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
            computers: Vec::new(),
            derivations_required: false,
        };
        let g1 = Game::new(s.clone()).unwrap();
        let g2 = Game::new(s).unwrap();
        assert_eq!(g1.state, g2.state);
        assert_eq!(g1.state.draw.len() + 9, 54);
        assert!(g1.state.hands.iter().all(|h| h.len() == 3));
    }

    /// Play-testing issue 33: `--computer Bob,Bob` seated the computer twice.
    #[test]
    fn a_computer_seat_is_named_once() {
        let seat = |level| super::super::state::Computer { player: "b".into(), level };
        let s = Settings {
            players: vec!["a".into(), "b".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 1,
            own_cards: false,
            computers: vec![seat(2), seat(1)],
            derivations_required: false,
        };
        let e = Game::new(s).unwrap_err();
        assert!(e.to_string().contains("twice"), "{e}");
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
        assert_eq!(g.state.board[0].text, "∀x ¬blonde(x) → happy(x)", "shown as umpire prints it");
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
            computers: Vec::new(),
            derivations_required: false,
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
    }

    #[test]
    fn a_save_with_a_made_up_claim_is_refused() {
        let settings = Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 1,
            own_cards: true,
            computers: Vec::new(),
            derivations_required: false,
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

    /// A two-player game on the table's own cards with (1) ∀x happy(x) and (2) `second`,
    /// and Ann's claim about (2) decided within `limits`; its save as JSON.
    fn claimed(second: &str, claim: Claim, limits: &Limits) -> serde_json::Value {
        let settings = Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 1,
            own_cards: true,
            computers: Vec::new(),
            derivations_required: false,
        };
        let mut g = Game::new(settings).unwrap();
        let card = |c: &str| vec![CardKind::parse(c).unwrap()];
        g.play(0, &card("Q:∀x"), "∀x happy(x)", None).unwrap();
        g.play(1, &card("Q:∃x"), second, None).unwrap();
        g.claim(0, claim, limits).unwrap();
        serde_json::from_str(&g.to_json()).unwrap()
    }

    /// Loading `save` with the claim record changed by `edit` is refused, naming the event.
    fn refused_after(save: &serde_json::Value, edit: impl Fn(&mut serde_json::Value)) -> String {
        assert!(Game::from_json(&save.to_string(), "g").is_ok(), "the honest save loads");
        let mut forged = save.clone();
        edit(&mut forged["events"][2]);
        assert_ne!(&forged, save);
        let e = Game::from_json(&forged.to_string(), "g").expect_err("a forged claim").to_string();
        assert!(e.contains("event 3"), "{e}");
        e
    }

    #[test]
    fn a_save_cannot_lie_about_any_claim() {
        // Issue 36: every kind of claim record is decided again or its evidence re-checked,
        // and its verdict's words must agree with its outcome.
        use serde_json::json;
        let upheld = claimed("∃x happy(x)", Claim::Redundant { statement: 2 }, &limits());
        assert_eq!(upheld["events"][2]["upheld"], json!(true));
        let refuted = claimed("∃x blonde(x)", Claim::Redundant { statement: 2 }, &limits());
        assert!(refuted["events"][2]["model"].is_object());
        let no_time = Limits { max_size: 8, budget: Budget::time(Duration::ZERO) };
        let unknown = claimed("∃x blonde(x)", Claim::Redundant { statement: 2 }, &no_time);
        let record = &unknown["events"][2];
        assert!(record["verdict"].as_str().unwrap().starts_with("unknown:"), "{record}");
        // Upheld flipped to refused (Ann's point taken away), the verdict left as it was.
        let e = refused_after(&upheld, |c| c["upheld"] = json!(false));
        assert!(e.contains("recorded as undecided") && e.contains("says: redundant"), "{e}");
        // … and with the verdict's words changed too: decided again, it is upheld.
        let e = refused_after(&upheld, |c| {
            c["upheld"] = json!(false);
            c["verdict"] = json!("unknown: the budget ran out");
        });
        assert!(e.contains("deciding it again upholds it"), "{e}");
        // Refused flipped to upheld, words and all: decided again, it is not.
        let e = refused_after(&refuted, |c| {
            c["upheld"] = json!(true);
            c["verdict"] = json!("redundant: (2) follows");
        });
        assert!(e.contains("recorded as upheld, but deciding it again gives"), "{e}");
        // Unknown to upheld: it cannot be proved again.
        let e = refused_after(&unknown, |c| {
            c["upheld"] = json!(true);
            c["verdict"] = json!("redundant: (2) follows");
        });
        assert!(e.contains("recorded as upheld"), "{e}");
        // Unknown to refused, with no model to show for it.
        let e = refused_after(&unknown, |c| c["verdict"] = json!("not redundant: a model"));
        assert!(e.contains("should say `unknown`"), "{e}");
        // Unknown to refused with a model that does not refute it.
        let model = refuted["events"][2]["model"].clone();
        let e = refused_after(&unknown, |c| {
            let mut m = model.clone();
            let blonde = m["predicates"]["blonde"]["values"].as_array_mut().unwrap();
            blonde.iter_mut().for_each(|b| *b = json!(true));
            c["model"] = m;
            c["verdict"] = json!("not redundant: a model");
        });
        assert!(e.contains("does not hold in that model"), "{e}");
        // The verdict's words swapped, the outcome left.
        let e = refused_after(&refuted, |c| c["verdict"] = json!("redundant: (2) follows"));
        assert!(e.contains("recorded as refuted, so its verdict should say `not redundant`"));
        let e = refused_after(&upheld, |c| c["verdict"] = json!("not redundant: a model"));
        assert!(e.contains("should say `redundant`"), "{e}");
    }
}
