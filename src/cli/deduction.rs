//! `umpire deduction …`: argument parsing and printing for the Deduction solver and game;
//! the work is the command layer's ([`umpire::commands::deduction`]).

use crate::budget::budget;
use crate::clue::{failure, said};
use crate::exit::{print_json, Answer, Outcome};
use clap::Subcommand;
use std::path::PathBuf;
use umpire::commands::deduction::{self, Ending, PlayRequest};
use umpire::commands::deduction::{MAX_TURNS, PLAYERS, SEED, SOLVE_TIME};

#[derive(Subcommand)]
pub enum DeductionAction {
    /// Everything the log implies: where each tile can be, the exact chance of each tile
    /// being the missing one, and whether to announce.
    Solve {
        /// The game log (`grammar/deduction-log.ebnf`).
        log: PathBuf,
        /// Only the first N events.
        #[arg(long, value_name = "N")]
        upto: Option<usize>,
        /// How a player holding several of the tiles asked for picks the one to show:
        /// `random` (RULINGS E2: a tile shown to you weighs the deals) or `any` (they may
        /// choose: every consistent deal weighs the same)
        #[arg(long, value_name = "MODEL", default_value = "random", value_parser = ["random", "any"])]
        refuter: String,
        #[arg(long)]
        json: bool,
    },
    /// The question to ask with the coin I drew: expected bits about the missing tile.
    Advise {
        log: PathBuf,
        /// The drawn coin, like `Sun 3`.
        #[arg(long)]
        coin: String,
        #[arg(long)]
        json: bool,
    },
    /// Starts a log: the players in seat order, who I am, my hand and the tiles face up. The
    /// file must not exist yet; it is checked as `solve` checks a log.
    New {
        log: PathBuf,
        /// Seat order: `Ann, Bob, Cat`.
        #[arg(long)]
        players: String,
        /// Which player I am.
        #[arg(long)]
        me: String,
        /// My tiles: `Sun Null, Sun Ace, Moon 2, …`.
        #[arg(long)]
        hand: String,
        /// The tiles face up on the table: `Sun 2, Moon Ace`.
        #[arg(long)]
        table: String,
    },
    /// Appends a line to the log (`coin: Sun 4`, `Bob asks Cat: how many Suns? 1`), after
    /// checking it reads and fits the log.
    Add {
        log: PathBuf,
        event: String,
        /// Save it even if it contradicts earlier lines (to fix those next).
        #[arg(long)]
        anyway: bool,
    },
    /// Removes the log's last event line.
    Undo { log: PathBuf },
    /// Replaces line N of the log with a new text (an empty text deletes it).
    Edit {
        log: PathBuf,
        #[arg(long, value_name = "N")]
        line: usize,
        text: String,
        #[arg(long)]
        anyway: bool,
    },
    /// A game against computer players (3–5 seats), seeded; one seat may be you.
    Play {
        /// The players in seat order.
        #[arg(long, value_delimiter = ',', default_value = PLAYERS)]
        players: Vec<String>,
        /// The seat you play (typed at the keyboard); without it, the computer plays every seat.
        #[arg(long, value_name = "NAME")]
        human: Option<String>,
        #[arg(long, default_value_t = SEED)]
        seed: u64,
        /// Stop after this many turns if nobody has deduced the tile.
        #[arg(long, default_value_t = MAX_TURNS)]
        max_turns: usize,
        /// Write your log (the first seat's, without --human) to this file when the game
        /// ends or stops: `umpire deduction solve FILE` reads it.
        #[arg(long, value_name = "FILE")]
        log: Option<PathBuf>,
        /// Save the game in this file after each of your answers; `quit` stops it, and when
        /// the file exists the game saved in it goes on (its own players, seat and seed).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
    },
}

pub fn run(action: DeductionAction) -> Outcome {
    match action {
        DeductionAction::New { log, players, me, hand, table } => {
            let request = deduction::NewLog { players, me, hand, table };
            print!("{}", deduction::new_log(&log, &request).map_err(failure)?);
            Ok(Answer::Yes)
        }
        DeductionAction::Add { log, event, anyway } => {
            said(deduction::add_event(&log, &event, anyway))
        }
        DeductionAction::Undo { log } => said(deduction::undo_event(&log)),
        DeductionAction::Edit { log, line, text, anyway } => {
            said(deduction::edit_line(&log, line, &text, anyway))
        }
        DeductionAction::Solve { log, upto, refuter, json } => {
            let log = deduction::open_log(&log).map_err(failure)?;
            let refuter =
                if refuter == "any" { deduction::Refuter::Any } else { deduction::Refuter::Random };
            let notebook =
                deduction::solve_with(&log, upto, refuter, &budget(SOLVE_TIME)).map_err(failure)?;
            if json {
                print_json(&umpire::commands::json(&notebook));
            } else {
                print!("{}", notebook.text);
            }
            Ok(Answer::Yes)
        }
        DeductionAction::Advise { log, coin, json } => {
            let coin = deduction::read_coin(&coin).map_err(failure)?;
            let log = deduction::open_log(&log).map_err(failure)?;
            let advice = deduction::advise(&log, coin, &budget(SOLVE_TIME)).map_err(failure)?;
            if json {
                print_json(&umpire::commands::json(&advice));
            } else {
                print!("{}", advice.text());
            }
            Ok(Answer::Yes)
        }
        DeductionAction::Play { players, human, seed, max_turns, log, save } => {
            let request = PlayRequest { players, human, seed, max_turns, log, save };
            let stdin = std::io::stdin();
            match deduction::play(&request, &mut stdin.lock(), &mut std::io::stdout()) {
                Ok(Ending::Won { .. }) => Ok(Answer::Yes),
                Ok(Ending::Nobody { .. }) => Ok(Answer::No),
                // Stopped before its end: no outcome yet.
                Ok(Ending::Stopped { .. }) => Ok(Answer::Unknown),
                Err(e) => Err(failure(e)),
            }
        }
    }
}
