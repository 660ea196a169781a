//! `umpire game …`: a game of the logic card game in a save file, one action a call. The
//! reading of cards and claims, and the saving, are the command layer's
//! ([`umpire::commands::cardgame`]), shared with the REPL.

use crate::budget::seconds;
use crate::exit::{print_json, Answer, Outcome};
use clap::Subcommand;
use std::path::PathBuf;
use std::time::Duration;
use umpire::commands::cardgame::{parse_cards, SavedGame, Settings};
use umpire::commands::defaults::{GAME_SEED, HAND_SIZE, POINTS_TO_WIN, SEARCH_SECONDS};
use umpire::commands::verdict::Search;

#[derive(Subcommand)]
pub enum GameAction {
    /// Starts a game: shuffles (seeded) and deals; or, with --own-cards, for a table that
    /// plays its own deck.
    New {
        /// The save file to create.
        file: PathBuf,
        /// Player names, in turn order, separated by commas.
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<String>,
        /// Cards in each hand (the rules' n).
        #[arg(long, default_value_t = HAND_SIZE)]
        hand: usize,
        /// Points that win (the rules' w).
        #[arg(long, default_value_t = POINTS_TO_WIN)]
        win: usize,
        #[arg(long, default_value_t = GAME_SEED)]
        seed: u64,
        /// The table plays its own physical deck: nothing is dealt, and each play is checked
        /// against the rules of the cards it names, not against a hand.
        #[arg(long)]
        own_cards: bool,
    },
    /// Shows the board, the scores, whose turn it is, and a player's hand.
    Show {
        file: PathBuf,
        /// Show this player's hand.
        #[arg(long)]
        hand: Option<String>,
    },
    /// Plays cards and writes a statement (with `X:¬`, `--target k` is the statement changed).
    Play {
        file: PathBuf,
        #[arg(long)]
        player: String,
        /// The cards, separated by commas: P:blonde, F:+, R:likes, Q:∀x∃y, S:3, X:?, X:¬.
        #[arg(long, value_delimiter = ',', required = true)]
        cards: Vec<String>,
        statement: String,
        #[arg(long)]
        target: Option<usize>,
    },
    /// Claims, in the scoring phase, that statement K is redundant (`redundant K`) or that
    /// the board is inconsistent (`inconsistent`); umpire checks the claim.
    Claim {
        file: PathBuf,
        #[arg(long)]
        player: String,
        /// `redundant` or `inconsistent`.
        kind: String,
        /// The statement claimed redundant.
        k: Option<usize>,
        #[arg(long, default_value = SEARCH_SECONDS, value_name = "SECONDS", value_parser = seconds)]
        timeout: Duration,
        /// Only the verdict's line, without the model or the proof.
        #[arg(long, conflicts_with = "json")]
        brief: bool,
        /// The claim, its outcome and the verdict with its evidence, as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Ends the turn without playing.
    Pass {
        file: PathBuf,
        #[arg(long)]
        player: String,
    },
    /// Takes back the last event.
    Undo { file: PathBuf },
    /// Replays a saved game and shows it (a save that does not replay is refused).
    Load { file: PathBuf },
}

/// Runs one game action on its save file and prints the table.
pub fn run(action: GameAction) -> Outcome {
    let text = match action {
        GameAction::New { file, players, hand, win, seed, own_cards } => {
            let table = SavedGame::create(
                &file,
                Settings { players, hand_size: hand, points_to_win: win, seed, own_cards },
            )?;
            table.game.show(Some(table.game.state.current))
        }
        GameAction::Show { file, hand } => {
            let table = SavedGame::open(&file)?;
            let who = hand.map(|h| table.player(Some(&h))).transpose()?;
            table.game.show(who)
        }
        GameAction::Load { file } => {
            let table = SavedGame::open(&file)?;
            format!("{} events replayed.\n{}", table.game.events.len(), table.game.show(None))
        }
        GameAction::Play { file, player, cards, statement, target } => {
            let mut table = SavedGame::open(&file)?;
            let p = table.player(Some(&player))?;
            let kinds = parse_cards(cards.iter().map(String::as_str))?;
            table.play(p, &kinds, &statement, target)?;
            table.game.show(None)
        }
        GameAction::Claim { file, player, kind, k, timeout, brief, json } => {
            let mut table = SavedGame::open(&file)?;
            let k = k.map(|k| k.to_string());
            let words: Vec<&str> = std::iter::once(kind.as_str()).chain(k.as_deref()).collect();
            let search = Search { timeout, ..Search::default() };
            let claimed = table.claim_in_words(&player, &words, &search)?;
            if json {
                print_json(&claimed.json(&table.game));
            } else {
                print!("{}{}", claimed.text(brief, "--timeout"), table.game.show(None));
            }
            return Ok(claimed.answer());
        }
        GameAction::Pass { file, player } => {
            let mut table = SavedGame::open(&file)?;
            let p = table.player(Some(&player))?;
            table.pass(p)?;
            table.game.show(None)
        }
        GameAction::Undo { file } => {
            let mut table = SavedGame::open(&file)?;
            table.undo()?;
            table.game.show(None)
        }
    };
    print!("{text}");
    Ok(Answer::Yes)
}
