//! `umpire game …`: a game of the logic card game in a save file, one action a call. Every
//! rule of the table (who acts, claims, undo, how cards and plays are written) and every
//! text printed is the command layer's ([`umpire::commands::cardgame`]), shared with the
//! REPL and the page: this file only turns flags into its verbs.

use crate::budget::seconds;
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::Subcommand;
use std::path::PathBuf;
use std::time::Duration;
use umpire::commands::cardgame::{GameError, NewGame, Play, SavedGame};
use umpire::commands::computer::{selfplay, SelfPlayRequest, MAX_LEVEL};
use umpire::commands::defaults::{
    COMPUTER_LEVEL, HAND_SIZE, MOVE_SECONDS, POINTS_TO_WIN, SEARCH_SECONDS, SELFPLAY_MAX_TURNS,
    SELFPLAY_SEED,
};
use umpire::commands::derive::read_derivation;
use umpire::commands::verdict::Search;
use umpire::commands::Front;

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
        /// Replays the shuffle of an earlier game (a finished game shows its seed); without
        /// it every game is dealt afresh.
        #[arg(long)]
        seed: Option<u64>,
        /// The table plays its own physical deck: nothing is dealt, and each play is checked
        /// against the rules of the cards it names, not against a hand.
        #[arg(long)]
        own_cards: bool,
        /// Seats the computer plays (names from --players, separated by commas).
        #[arg(long, value_delimiter = ',')]
        computer: Vec<String>,
        /// How the computer plays: 0 any legal statement at random, 1 a safe one, 2 one that
        /// leaves nothing to claim, looking one round ahead.
        #[arg(long, default_value_t = COMPUTER_LEVEL, value_parser = clap::value_parser!(u8).range(0..=MAX_LEVEL as i64))]
        level: u8,
        /// `required`: a claim scores only when the claimant's derivation proves it (`game
        /// claim … --derivation FILE`; ruling G20). `optional` (the default): a derivation
        /// may be shown with a claim, and the arbiter alone decides it.
        #[arg(long, value_enum, default_value_t = Derivations::Optional)]
        derivations: Derivations,
    },
    /// Plays the computer's turn (its claims, then its play or pass, and why); a person's
    /// turn is refused.
    Move {
        file: PathBuf,
        /// With the table's own cards (--own-cards): the cards the computer holds.
        #[arg(long, num_args = 1..)]
        cards: Vec<String>,
        /// The budget of the computer's writing phase.
        #[arg(long, default_value = MOVE_SECONDS, value_name = "SECONDS", value_parser = seconds)]
        move_time: Duration,
        /// Only the outcome lines, without the evidence of its claims.
        #[arg(long, conflicts_with = "json")]
        brief: bool,
        #[arg(long)]
        json: bool,
    },
    /// The coach: what a player can claim now (with the evidence) and the plays their hand
    /// allows, safest first, with the risk of each. Never changes the game.
    Hint {
        file: PathBuf,
        /// The player advised (default: the one whose turn it is).
        #[arg(long)]
        player: Option<String>,
        /// With the table's own cards (--own-cards): the cards the player holds.
        #[arg(long, num_args = 1..)]
        cards: Vec<String>,
        /// The budget of judging the plays.
        #[arg(long, default_value = MOVE_SECONDS, value_name = "SECONDS", value_parser = seconds)]
        move_time: Duration,
        #[arg(long, conflicts_with = "json")]
        brief: bool,
        #[arg(long)]
        json: bool,
    },
    /// The evidence that the last play was safe: a model of the board, and one in which the
    /// statement played does not follow.
    Why { file: PathBuf },
    /// Computer against computer, for measurement: wins, points, claims, time per move, and
    /// every fault (an illegal play, a refused claim, an unclaimed inconsistent board).
    Selfplay {
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// One level per seat, separated by commas (seats rotate from game to game).
        #[arg(long, value_delimiter = ',', default_value = "1,2")]
        levels: Vec<u8>,
        #[arg(long, default_value_t = SELFPLAY_SEED)]
        seed: u64,
        #[arg(long, default_value_t = HAND_SIZE)]
        hand: usize,
        #[arg(long, default_value_t = POINTS_TO_WIN)]
        win: usize,
        #[arg(long, default_value = MOVE_SECONDS, value_name = "SECONDS", value_parser = seconds)]
        move_time: Duration,
        /// Turns after which a game stops and is scored by points.
        #[arg(long, default_value_t = SELFPLAY_MAX_TURNS)]
        max_turns: usize,
        /// Where to write each game's save (DIR/game-N.json), to replay it.
        #[arg(long)]
        saves: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Shows the board, the scores, whose turn it is, and a player's hand (each S card
    /// with its statement).
    Show {
        file: PathBuf,
        /// Show this player's hand.
        #[arg(long)]
        hand: Option<String>,
        /// The table as JSON (the page's view; only the hand asked for).
        #[arg(long)]
        json: bool,
    },
    /// Plays cards and writes a statement: `game play FILE 'F:+,R:likes ∀x∀y likes(x, y)'`,
    /// as the coach prints a play (`-> k` at the end: the statement a ¬ card changes), or
    /// with the cards apart: `--cards F:+,R:likes '∀x∀y likes(x, y)'`.
    Play {
        file: PathBuf,
        /// The player (default: the one whose turn it is).
        #[arg(long)]
        player: Option<String>,
        /// The cards, separated by commas or spaces: P:blonde, F:+, R:likes, Q:∀x∃y, S:3,
        /// X:?, X:¬ (the statement may follow them).
        #[arg(long, num_args = 1..)]
        cards: Vec<String>,
        /// The statement (with --cards), or the whole play: cards, statement, `-> k`.
        play: Vec<String>,
        /// With `X:¬`: the statement changed.
        #[arg(long)]
        target: Option<usize>,
    },
    /// Claims, in the scoring phase, that statement K is redundant (`redundant K`) or that
    /// the board is inconsistent (`inconsistent`); umpire checks the claim.
    Claim {
        file: PathBuf,
        /// The player (default: the one whose turn it is).
        #[arg(long)]
        player: Option<String>,
        /// `redundant` or `inconsistent`.
        kind: String,
        /// The statement claimed redundant.
        k: Option<usize>,
        /// The derivation the claim is argued with (`umpire derive`'s language): judged
        /// line by line, shown to the table and kept in the save.
        #[arg(long, value_name = "FILE")]
        derivation: Option<PathBuf>,
        #[arg(long, default_value = SEARCH_SECONDS, value_name = "SECONDS", value_parser = seconds)]
        timeout: Duration,
        /// Only the verdict's line, without the model or the proof.
        #[arg(long, conflicts_with = "json")]
        brief: bool,
        /// The proof's numbered steps in place of umpire's derivation.
        #[arg(long, conflicts_with_all = ["json", "brief"])]
        proof: bool,
        /// The claim, its outcome and the verdict with its evidence, as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Ends the turn without playing.
    Pass {
        file: PathBuf,
        /// The player (default: the one whose turn it is).
        #[arg(long)]
        player: Option<String>,
    },
    /// Takes back the last move, for everyone, and names it. A move that won the game is
    /// taken back only with the whole table's agreement: `--yes`.
    Undo {
        file: PathBuf,
        /// The whole table agrees to take back a win.
        #[arg(long)]
        yes: bool,
    },
    /// Replays a saved game and shows it (a save that does not replay is refused).
    Load { file: PathBuf },
}

/// Whether a table requires a derivation with each claim (ruling G20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Derivations {
    Optional,
    Required,
}

/// Runs one game action on its save file and prints the table.
pub fn run(action: GameAction) -> Outcome {
    let text = match action {
        GameAction::New {
            file,
            players,
            hand,
            win,
            seed,
            own_cards,
            computer,
            level,
            derivations,
        } => {
            let new = NewGame {
                players,
                hand: Some(hand),
                win: Some(win),
                seed,
                own_cards,
                computers: computer,
                level: Some(level),
                derivations_required: derivations == Derivations::Required,
            };
            SavedGame::create(&file, &new)?.show_turn()
        }
        GameAction::Move { file, cards, move_time, brief, json } => {
            let mut table = SavedGame::open(&file)?;
            let turn = table.computer_move(move_time, &cards)?;
            if json {
                print_json(turn.json());
                return Ok(Answer::Yes);
            }
            format!("{}{}", turn.text(brief), table.show_turn())
        }
        GameAction::Hint { file, player, cards, move_time, brief, json } => {
            let hint = SavedGame::open(&file)?.hint(player.as_deref(), &cards, move_time)?;
            if json {
                print_json(&hint);
                return Ok(Answer::Yes);
            }
            hint.text(brief, Front::CommandLine)
        }
        GameAction::Why { file } => SavedGame::open(&file)?.why()?,
        GameAction::Selfplay {
            games,
            levels,
            seed,
            hand,
            win,
            move_time,
            max_turns,
            saves,
            json,
        } => {
            let request = SelfPlayRequest {
                games,
                levels,
                seed,
                hand_size: hand,
                points_to_win: win,
                move_time,
                max_turns,
            };
            if let Some(dir) = &saves {
                std::fs::create_dir_all(dir).map_err(|e| GameError::Io {
                    path: dir.display().to_string(),
                    why: e.to_string(),
                })?;
            }
            let report = selfplay(&request, &mut |g, played| {
                eprintln!("game {}/{games}: {}", g + 1, played.line());
                if let Some(dir) = &saves {
                    let path = dir.join(format!("game-{}.json", g + 1));
                    if let Err(e) = played.save(&path) {
                        eprintln!("  (could not save {}: {e})", path.display());
                    }
                }
            })?;
            if json {
                print_json(&report);
            } else {
                print!("{}", report.text());
            }
            return Ok(if report.faults.is_empty() { Answer::Yes } else { Answer::No });
        }
        GameAction::Show { file, hand, json } => {
            let table = SavedGame::open(&file)?;
            if json {
                print_json(&table.view_for(hand.as_deref())?);
                return Ok(Answer::Yes);
            }
            table.show(hand.as_deref())?
        }
        GameAction::Load { file } => {
            let table = SavedGame::open(&file)?;
            format!("{} events replayed.\n{}", table.version(), table.show_turn())
        }
        GameAction::Play { file, player, cards, play, target } => {
            let mut table = SavedGame::open(&file)?;
            let words = play.join(" ");
            let play = if cards.is_empty() {
                Play::parse(&words)?.aimed_at(target)?
            } else {
                Play::new(cards.iter().map(String::as_str), &words, target)?
            };
            table.play(player.as_deref(), &play)?;
            table.show_turn()
        }
        GameAction::Claim { file, player, kind, k, derivation, timeout, brief, proof, json } => {
            let argued = match &derivation {
                Some(path) => Some(read_derivation(path).map_err(Failure::plain)?),
                None => None,
            };
            let mut table = SavedGame::open(&file)?;
            let k = k.map(|k| k.to_string());
            let words: Vec<&str> = std::iter::once(kind.as_str()).chain(k.as_deref()).collect();
            let search = Search { timeout, ..Search::default() };
            let claimed =
                table.claim_arguing(player.as_deref(), &words, argued.as_deref(), &search)?;
            if json {
                print_json(&claimed.json());
            } else {
                print!("{}{}", claimed.text_showing(brief, proof, "--timeout"), table.show_turn());
            }
            return Ok(claimed.answer());
        }
        GameAction::Pass { file, player } => {
            let mut table = SavedGame::open(&file)?;
            table.pass(player.as_deref())?;
            table.show_turn()
        }
        GameAction::Undo { file, yes } => {
            let mut table = SavedGame::open(&file)?;
            let said = table.undo(yes)?;
            format!("{said}\n{}", table.show_turn())
        }
    };
    print!("{text}");
    Ok(Answer::Yes)
}
