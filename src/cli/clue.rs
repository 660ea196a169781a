//! `umpire clue …`: argument parsing and printing for the Clue solver; the work is the
//! command layer's ([`umpire::commands::clue`]).

use crate::budget::{budget, seconds};
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::time::Duration;
use umpire::commands::clue::{self, AdviseRequest, NewLog, ADVISE_SECONDS, DECK};
use umpire::commands::clue::{SOLVE_TIME, SUGGESTIONS_SHOWN};
use umpire::commands::logs::LogGameError;

#[derive(Subcommand)]
pub enum ClueAction {
    /// Everything the log implies: who must or cannot hold each card, exact probabilities,
    /// the possible envelopes, and whether to accuse.
    Solve {
        /// The game log (`grammar/clue-log.ebnf`).
        log: PathBuf,
        /// Only the first N events (to see the state at an earlier point, or to undo).
        #[arg(long, value_name = "N")]
        upto: Option<usize>,
        /// How a refuter holding several of the suggested cards picks the one to show:
        /// `random` (RULINGS C4: a card shown to you weighs the deals by how likely it
        /// makes that show) or `any` (they may choose: every consistent deal weighs the same)
        #[arg(long, value_name = "MODEL", default_value = "random", value_parser = ["random", "any"])]
        refuter: String,
        #[arg(long)]
        json: bool,
    },
    /// Which suggestion I should make: the expected information each gives about the
    /// envelope, best first.
    Advise {
        log: PathBuf,
        /// A room I can reach this turn (repeatable); suggestions there are marked reachable.
        #[arg(long, value_name = "ROOM")]
        room: Vec<String>,
        /// How many suggestions to list.
        #[arg(long, default_value_t = SUGGESTIONS_SHOWN)]
        top: usize,
        /// Give up after this many seconds (the suggestions rated by then are shown).
        #[arg(long, default_value = ADVISE_SECONDS, value_name = "SECONDS", value_parser = seconds)]
        timeout: Duration,
        #[arg(long)]
        json: bool,
    },
    /// Starts a log: the deck, the players in seat order with their hand sizes, who I am and
    /// my hand. The file must not exist yet.
    New {
        log: PathBuf,
        /// `classic`, `ivory-tower`, or a deck file (JSON) beside the log.
        #[arg(long, default_value = DECK)]
        deck: String,
        /// Seat order and hand sizes: `Ann 6, Bob 6, Cat 6`.
        #[arg(long)]
        players: String,
        /// Which player I am.
        #[arg(long)]
        me: String,
        /// My cards: `Scarlet, Knife, Kitchen, …`.
        #[arg(long)]
        hand: String,
    },
    /// Appends an event line to the log, after checking it reads and fits the log.
    Add {
        log: PathBuf,
        /// The event, as a log line: `suggest Bob: Plum, Rope, Hall; shown by Cat`.
        event: String,
        /// Save it even if it contradicts earlier lines (to fix those next).
        #[arg(long)]
        anyway: bool,
    },
    /// Removes the log's last event line.
    Undo { log: PathBuf },
    /// Which of my cards to show when someone's suggestion names some I hold: one they have
    /// seen from me already, else one I have shown before, else any (ruling C13).
    Refute {
        log: PathBuf,
        /// The suggestion: `Bob: Plum, Rope, Hall`.
        suggestion: String,
        #[arg(long)]
        json: bool,
    },
    /// Lists a deck's cards by kind, with the other names each is known by (any of them may
    /// be written in a log, in any case, with or without accents).
    Deck {
        /// `classic`, `ivory-tower`, or a deck file (JSON).
        #[arg(default_value = clue::DECK)]
        deck: String,
        #[arg(long)]
        json: bool,
    },
    /// Replaces line N of the log with a new text (an empty text deletes it).
    Edit {
        log: PathBuf,
        #[arg(long, value_name = "N")]
        line: usize,
        text: String,
        #[arg(long)]
        anyway: bool,
    },
}

pub fn run(action: ClueAction) -> Outcome {
    match action {
        ClueAction::Solve { log, upto, refuter, json } => {
            let refuter = if refuter == "any" { clue::Refuter::Any } else { clue::Refuter::Random };
            let notebook = clue::solve_with(&open(&log)?, upto, refuter, &budget(SOLVE_TIME))
                .map_err(failure)?;
            if json {
                print_json(&umpire::commands::json(&notebook));
            } else {
                print!("{}", notebook.text);
            }
            Ok(Answer::Yes)
        }
        ClueAction::Advise { log, room, top, timeout, json } => {
            let request = AdviseRequest { rooms: room, top, timeout };
            let advice = clue::advise(&open(&log)?, &request).map_err(failure)?;
            if json {
                print_json(&umpire::commands::json(&advice));
            } else {
                print!("{}", advice.text());
            }
            Ok(if advice.unevaluated > 0 { Answer::Unknown } else { Answer::Yes })
        }
        ClueAction::New { log, deck, players, me, hand } => {
            print!(
                "{}",
                clue::new_log(&log, &NewLog { deck, players, me, hand }).map_err(failure)?
            );
            Ok(Answer::Yes)
        }
        ClueAction::Add { log, event, anyway } => said(clue::add_event(&log, &event, anyway)),
        ClueAction::Undo { log } => said(clue::undo_event(&log)),
        ClueAction::Refute { log, suggestion, json } => {
            let refutation = clue::refute(&open(&log)?, &suggestion).map_err(failure)?;
            if json {
                print_json(&umpire::commands::json(&refutation));
            } else {
                print!("{}", refutation.text());
            }
            Ok(Answer::Yes)
        }
        ClueAction::Deck { deck, json } => {
            let cards = clue::deck_cards(&deck).map_err(failure)?;
            if json {
                print_json(&umpire::commands::json(&cards));
            } else {
                print!("{}", cards.text());
            }
            Ok(Answer::Yes)
        }
        ClueAction::Edit { log, line, text, anyway } => {
            said(clue::edit_line(&log, line, &text, anyway))
        }
    }
}

fn open(log: &Path) -> Result<clue::ClueLog, Failure> {
    clue::open_log(log).map_err(failure)
}

/// A change to a log (Clue's or Deduction's), said in a line.
pub(crate) fn said(change: Result<String, LogGameError>) -> Outcome {
    println!("{}", change.map_err(failure)?);
    Ok(Answer::Yes)
}

/// How a log game's failure is shown: a file that cannot be read or a refused request in
/// one line, a log that does not read pointing into it, a log with no answer as a report
/// (with its conflicting lines), and a refused change followed by what was left as it was.
pub fn failure(e: LogGameError) -> Failure {
    match e {
        LogGameError::Unreadable(e) => Failure::plain(e),
        LogGameError::Unparsed { error, name, text } => Failure::in_source(error, &name, &text),
        LogGameError::Unsolved(e) => Failure::report(e),
        LogGameError::Refused(why) => Failure::usage(why),
        LogGameError::Unchanged { why, hint } => {
            failure(*why).then(format_args!("the log was not changed{hint}"))
        }
        LogGameError::Io(e) => Failure::plain(e),
    }
}
