//! The REPL's `game …` commands: a saved game played line by line, through the card
//! table's façade ([`crate::commands::cardgame`]) like every other front end. Only the
//! REPL's own manners are here: what it prints after a move, the question before a win is
//! taken back, and which decision `proof` repeats.

use super::{shown, Session, GAME_COMMANDS};
use crate::commands::cardgame::{card_names, Play, SavedGame};
use crate::commands::computer::ComputerTurn;
use crate::commands::defaults::MOVE_TIME;
use crate::commands::derive::read_derivation;
use crate::commands::Front;
use crate::reason::Decision;
use std::path::PathBuf;

/// What `add`, `remove`, `clear` and a bare statement say while a game is loaded.
pub(super) fn board_is_the_games(table: &SavedGame) -> String {
    format!(
        "a game is loaded ({}): its board changes only by plays (`game play CARDS STATEMENT`); \
         `game close` goes back to your own board",
        table.path().display()
    )
}

/// What `redundant?` adds on a game's board: which of the statements that follow have
/// scored already, and so cannot be claimed again (G9).
pub(super) fn scored_note(table: &SavedGame, follows: &[usize]) -> String {
    let scored: Vec<String> = table
        .scored()
        .into_iter()
        .filter(|k| follows.contains(k))
        .map(|k| format!("({k})"))
        .collect();
    if scored.is_empty() {
        return String::new();
    }
    let them = if scored.len() == 1 { "it" } else { "them" };
    format!(
        "\nAlready scored, so not to be claimed until a ¬ changes {them} (G9): {}.",
        scored.join(", ")
    )
}

impl Session {
    /// `game …`.
    pub(super) fn game(&mut self, rest: &str) -> String {
        let (word, args) =
            rest.split_once(char::is_whitespace).map_or((rest, ""), |(w, r)| (w, r.trim()));
        if word == "load" && args.is_empty() {
            return "game load takes the save's file: `game load g.json`".into();
        }
        if word == "load" {
            return match SavedGame::open(&PathBuf::from(args)) {
                Ok(g) => {
                    self.game = Some(g);
                    // Loaded on a computer's turn: it moves, as it would once its turn came.
                    let replies = self.computers_reply();
                    let table = self.game.as_ref().expect("just loaded");
                    format!(
                        "{replies}{}(`list`, `check`, `follows k`, `redundant?` and `model` now ask \
                         about this game's board; `game close` goes back to your own)",
                        table.show_turn()
                    )
                }
                Err(e) => shown(e),
            };
        }
        self.cancel.store(false, std::sync::atomic::Ordering::Relaxed);
        let Some(table) = self.game.as_mut() else {
            return "no game loaded: `game load <file>`".into();
        };
        let moved = match word {
            "show" => return table.show_turn().trim_end().to_string(),
            "score" => return table.scores_line(),
            "close" => {
                let path = table.path().display().to_string();
                self.game = None;
                return format!("closed the game {path} (it is saved); the board commands ask about your own board again");
            }
            "save" => {
                return match table.save_as(&PathBuf::from(args)) {
                    Ok(()) => format!("saved to {}", table.path().display()),
                    Err(e) => shown(e),
                };
            }
            // game play P:blonde,F:father ∃x blonde(father(x))   (-> k for the ¬ card)
            "play" => Play::parse(args).and_then(|play| table.play(None, &play)),
            "claim" => {
                // `game claim redundant 3 --derivation [FILE]`: the derivation typed last in
                // derive mode, or one from a file.
                let (claim, argued) = match args.split_once("--derivation") {
                    Some((claim, file)) if file.trim().is_empty() => match &self.derivation {
                        Some(text) => (claim, Some(text.clone())),
                        None => return "no derivation typed yet: `derive` types one (or `--derivation <file>`)".into(),
                    },
                    Some((claim, file)) => match read_derivation(std::path::Path::new(file.trim())) {
                        Ok(text) => (claim, Some(text)),
                        Err(e) => return shown(e),
                    },
                    None => (args, None),
                };
                let words: Vec<&str> = claim.split_whitespace().collect();
                return match table.claim_arguing(None, &words, argued.as_deref(), &self.search) {
                    Ok(claimed) => {
                        let out = format!(
                            "{}{}",
                            claimed.text(false, "`set timeout <s>`"),
                            table.show_turn().trim_end()
                        );
                        self.last = Some(claimed.decision().clone());
                        out
                    }
                    Err(e) => shown(e),
                };
            }
            "pass" => table.pass(None),
            "undo" => return self.undo(args == "yes"),
            "move" => {
                // `game move` (with the table's own cards: `game move P:blonde,X:¬`).
                return match table.computer_move(MOVE_TIME, &card_names(args)) {
                    Ok(turn) => {
                        let mut out = turn.text(false).to_string();
                        if let Some(mine) = turn.last_decision() {
                            self.last = Some(mine.clone());
                        }
                        // A later computer's claim, if any, becomes the one `proof` repeats.
                        out.push_str(&self.computers_reply());
                        let table = self.game.as_ref().expect("loaded");
                        out.push_str(&table.show_turn());
                        out.trim_end().to_string()
                    }
                    Err(e) => shown(e),
                };
            }
            "hint" => {
                // `game hint [<player>] [<cards>]` (cards with the table's own deck).
                let mut who = None;
                let mut cards = Vec::new();
                for word in args.split_whitespace() {
                    if word.contains(':') {
                        cards.extend(card_names(word));
                    } else {
                        who = Some(word);
                    }
                }
                return match table.hint(who, &cards, MOVE_TIME) {
                    Ok(h) => h.text(false, Front::Repl).trim_end().to_string(),
                    Err(e) => shown(e),
                };
            }
            "why" => {
                return match table.why() {
                    Ok(text) => text.trim_end().to_string(),
                    Err(e) => shown(e),
                };
            }
            _ => return format!("game commands: {}", GAME_COMMANDS.join(", ")),
        };
        match moved {
            // A person's play or pass ends their turn: the seats the computer holds answer.
            Ok(()) => {
                let replies = self.computers_reply();
                let table = self.game.as_ref().expect("loaded");
                format!("{replies}{}", table.show_turn()).trim_end().to_string()
            }
            Err(e) => shown(e),
        }
    }

    /// `game undo`, or `yes` after it asked: the table's one undo rule, the win's question
    /// asked here in words.
    pub(super) fn undo(&mut self, table_agrees: bool) -> String {
        let Some(table) = self.game.as_mut() else {
            return "no game loaded: `game load <file>`".into();
        };
        match table.undo(table_agrees) {
            Ok(said) => {
                let mut out = format!("{said}\n{}", table.show_turn());
                // An undo that lands on a computer's turn does not replay it at once (the
                // next undo could then never reach the person's own play): say how to go on.
                if table.computer_to_move() {
                    let name = table.seat_name(None).unwrap_or_default();
                    out.push_str(&format!(
                        "The computer plays {name}: `game move` plays its turn, `game undo` takes back more."
                    ));
                }
                out.trim_end().to_string()
            }
            Err(crate::commands::cardgame::GameError::WinNeedsTable(winner)) => {
                self.undo_asked = true;
                format!(
                    "this takes back {winner}'s win, and the rules know no taking back: does the \
                     whole table agree? `yes` takes it back; any other answer keeps it"
                )
            }
            Err(e) => shown(e),
        }
    }

    /// The computer's turns until a person's turn comes, as the table is told of them (each
    /// claim with its evidence); the last claim's decision becomes the one `proof` repeats.
    fn computers_reply(&mut self) -> String {
        let Some(table) = self.game.as_mut() else { return String::new() };
        match table.computers_reply(MOVE_TIME) {
            Ok(turns) => {
                let last: Option<Decision> =
                    turns.iter().filter_map(ComputerTurn::last_decision).next_back().cloned();
                if last.is_some() {
                    self.last = last;
                }
                turns.iter().map(|t| t.text(false)).collect()
            }
            Err(e) => shown(e),
        }
    }
}
