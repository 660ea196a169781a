//! `umpire infer …`: argument parsing and printing for Infer; the work is the command
//! layer's ([`umpire::commands::infer`]). Ctrl-C and the search's progress line are the
//! terminal's, so they are wired here.

use crate::budget::{budget, interruptible, seconds};
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::Subcommand;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use umpire::commands::infer::LAW_SYNTAX;
use umpire::commands::infer::{self, Agreement, Demonstrability, DisproofVerdict, InferError};
use umpire::commands::infer::{JudgeRequest, MarkersRequest, NewGame, PlayRequest};
use umpire::commands::infer::{SearchRequest, DISPROOF_DICE, SEARCH_SECONDS, SUPPLY};

#[derive(Subcommand)]
pub enum InferAction {
    /// Reads an experiment and shows what a Law may see in it: the dice, the visible faces,
    /// the groups of touching dice, the lines.
    Show {
        /// The experiment (`grammar/infer-experiment.ebnf`), like `r3 b4 . w1+o2 / . b5`.
        experiment: String,
        /// The dice available, like `red:20,blue:20,white:20,orange:20`.
        #[arg(long, default_value = SUPPLY)]
        supply: String,
        #[arg(long)]
        json: bool,
        /// Also draw it (SVG) in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Judges an experiment against a Law: O (follows, exit 0) or X (does not, exit 1), with
    /// the reason and the Law read back in English.
    #[command(after_long_help = LAW_SYNTAX)]
    Judge {
        /// The Law, in plain English or the formal language: `All blue dice must be 5s.` or
        /// `all blue are 5` (`--help` lists the forms).
        law: String,
        experiment: String,
        #[command(flatten)]
        table: TableArgs,
    },
    /// The Universe's move: the experiment with the fewest dice (the null experiment first)
    /// that follows the Law and not the Theory, or the Theory and not the Law. Exit 0 when
    /// disproved, 1 when no experiment up to the bound separates them, 3 when out of budget.
    #[command(after_long_help = LAW_SYNTAX)]
    Disprove {
        /// The Law of the Universe.
        law: String,
        /// The published Theory.
        theory: String,
        #[command(flatten)]
        search: SearchArgs,
        /// Also draw the experiment (SVG) in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Whether a home-made Law can be shown both ways with few dice (the rules ask for 4 or
    /// fewer): one experiment that follows it and one that does not. Exit 0 when both exist.
    #[command(after_long_help = LAW_SYNTAX)]
    Demonstrable {
        law: String,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Whether a Law agrees with marked experiments: a file with one per line, `O r3 b4` or
    /// `X null`. Exit 0 when every mark agrees, 1 (listing the others) when not.
    #[command(after_long_help = LAW_SYNTAX)]
    CheckMarkers {
        law: String,
        /// The marked experiments (`-` reads standard input).
        file: PathBuf,
        #[command(flatten)]
        table: TableArgs,
    },
    /// Plays Infer with the computer as the Universe. The game lives in FILE and is saved
    /// after every move, so it can be played over days (asynchronous play). Commands come
    /// from standard input (`help` lists them); Ctrl-C cancels a search in progress.
    #[command(after_long_help = LAW_SYNTAX)]
    Play {
        /// The saved game.
        file: PathBuf,
        /// Start a new game in FILE (which must not exist yet).
        #[arg(long)]
        new: bool,
        /// Draw a Law of this level only (1 gentle, 2, 3 hard).
        #[arg(long)]
        level: Option<u8>,
        /// A home-made Law instead of a card, in plain English or the formal language (it
        /// must be demonstrable with 4 dice).
        #[arg(long)]
        law: Option<String>,
        /// The seed of the draw and the openings (default: the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Publish or Perish: 10 minutes, 5 more for each publication.
        #[arg(long)]
        timer: bool,
        /// The Compass Rose variant: Laws may speak of directions (row 1 is north).
        #[arg(long)]
        compass: bool,
        /// The Highlights variant: when the Researchers seem stuck (5 experiments without a
        /// publication, a disproved Theory, or `stuck`), the Universe marks the O and the X
        /// that differ least, with gold or silver stones.
        #[arg(long)]
        highlights: bool,
        /// The Silence variant: nobody speaks except while publishing; `publish` first asks
        /// for every other Researcher's thumbs up; `point N` is how Researchers talk.
        #[arg(long)]
        silence: bool,
        /// The Cheater variant (needs --players with 3 or more names): the computer is the
        /// Teacher, one player is secretly the Cheater and knows the Law; a 10-minute Class
        /// against the clock, then the Vote.
        #[arg(long)]
        cheater: bool,
        /// The Researchers in seat order, like `Ann,Bob,Cy`: turns pass around the table and
        /// the table shows who built what.
        #[arg(long, value_delimiter = ',')]
        players: Vec<String>,
        #[arg(long, default_value = SUPPLY)]
        supply: String,
        /// The largest experiment the Universe tries when it disproves a Theory.
        #[arg(long, default_value_t = DISPROOF_DICE)]
        max_dice: usize,
        /// The Universe's time budget per search, in seconds.
        #[arg(long, value_name = "SECONDS", default_value = SEARCH_SECONDS, value_parser = seconds)]
        time: Duration,
    },
    /// Lists the Laws of the Universe deck in English, by level.
    Deck {
        /// Only this level (1 gentle, 2, 3 hard).
        #[arg(long)]
        level: Option<u8>,
        /// The Compass Rose variant's Laws instead.
        #[arg(long)]
        compass: bool,
        #[arg(long)]
        json: bool,
    },
}

/// How the Universe searches: a bound on the dice, a time budget, the supply.
#[derive(clap::Args)]
pub struct SearchArgs {
    /// Try experiments of at most this many dice (at most 10; 4 with directions).
    #[arg(long, value_name = "N")]
    max_dice: Option<usize>,
    /// Give up (answer unknown) after this many seconds.
    #[arg(long, value_name = "SECONDS", default_value = SEARCH_SECONDS, value_parser = seconds)]
    time: Duration,
    #[command(flatten)]
    table: TableArgs,
}

/// What every Law command shares: the dice in the box, the variant, the output form.
#[derive(clap::Args)]
pub struct TableArgs {
    #[arg(long, default_value = "red:20,blue:20,white:20")]
    supply: String,
    /// Allow the Compass Rose variant's directions (north, south, east, west).
    #[arg(long)]
    compass: bool,
    #[arg(long)]
    json: bool,
}

impl SearchArgs {
    /// The search's bounds, with Ctrl-C wired to cancel it.
    fn request(&self) -> SearchRequest {
        SearchRequest {
            max_dice: self.max_dice,
            budget: interruptible(budget(self.time)),
            supply: self.table.supply.clone(),
            compass: self.table.compass,
        }
    }
}

/// How an Infer command's failure is shown: what does not read pointing into its text,
/// the other library errors as reports, the refusals in one line.
fn failure(e: InferError) -> Failure {
    match e {
        InferError::Law { error, text } => Failure::in_source(error, "law", &text),
        InferError::Supply { error, text } => Failure::in_source(error, "supply", &text),
        InferError::Experiment { error, text } => Failure::in_source(error, "experiment", &text),
        InferError::Markers { error, name, text } => Failure::in_source(error, &name, &text),
        InferError::Both(a, b) => failure(*a).and(failure(*b)),
        InferError::Refused(why) => Failure::usage(why),
        InferError::Unreadable(e) => Failure::plain(e),
        InferError::TooLarge(e) => Failure::report(e),
        InferError::Search(e) => Failure::report(e),
        InferError::Game(e) => Failure::report(e),
        InferError::Io(e) => Failure::plain(e),
    }
}

/// Tells a person at a terminal which size the search has reached.
fn progress(dice: usize, shapes: usize) {
    if std::io::stderr().is_terminal() {
        eprint!("\rtrying {dice} dice ({shapes} arrangements)…   ");
    }
}

fn end_progress() {
    if std::io::stderr().is_terminal() {
        eprint!("\r{:60}\r", "");
    }
}

fn disprove(law: &str, theory: &str, args: &SearchArgs, picture: Option<PathBuf>) -> Outcome {
    let found = infer::disprove(law, theory, &args.request(), &mut progress);
    end_progress();
    let disproof = found.map_err(failure)?;
    let answer = match disproof.verdict {
        DisproofVerdict::Disproved { .. } => Answer::Yes,
        DisproofVerdict::NotDisproved { .. } => Answer::No,
        DisproofVerdict::Unknown { .. } => Answer::Unknown,
    };
    if !args.table.json {
        print!("{}", disproof.text());
    }
    if let (Some(path), Some(svg)) = (&picture, &disproof.picture) {
        infer::write_picture(path, svg).map_err(failure)?;
    }
    if args.table.json {
        print_json(&umpire::commands::json(&disproof));
    }
    Ok(answer)
}

fn demonstrable(law: &str, args: &SearchArgs) -> Outcome {
    let shown = infer::demonstrate(law, &args.request(), &mut progress);
    end_progress();
    let shown = shown.map_err(failure)?;
    if args.table.json {
        print_json(&umpire::commands::json(&shown));
    } else {
        print!("{}", shown.text());
    }
    Ok(match shown.verdict {
        Demonstrability::Demonstrable => Answer::Yes,
        Demonstrability::Unknown => Answer::Unknown,
        Demonstrability::NotDemonstrable => Answer::No,
    })
}

fn check_markers(law: String, file: PathBuf, table: TableArgs) -> Outcome {
    let TableArgs { supply, compass, json } = table;
    let checked =
        infer::check_markers(&MarkersRequest { law, file, supply, compass }).map_err(failure)?;
    if json {
        print_json(&umpire::commands::json(&checked));
    } else {
        print!("{}", checked.text());
    }
    Ok(match checked.verdict {
        Agreement::Consistent => Answer::Yes,
        Agreement::Inconsistent => Answer::No,
    })
}

fn play(request: &PlayRequest, time: Duration) -> Outcome {
    let mut game = infer::open_game(request).map_err(failure)?;
    // Ctrl-C cancels a search in progress; at any other time it leaves (the game is saved
    // after every move, so nothing is lost).
    let cancel = Arc::new(AtomicBool::new(false));
    let searching = Arc::new(AtomicBool::new(false));
    let (c, s) = (cancel.clone(), searching.clone());
    let _ = ctrlc::set_handler(move || {
        if s.load(Ordering::Relaxed) {
            c.store(true, Ordering::Relaxed);
        } else {
            std::process::exit(130);
        }
    });
    let budget = || {
        cancel.store(false, Ordering::Relaxed);
        searching.store(true, Ordering::Relaxed);
        budget(time).with_cancel(cancel.clone())
    };
    let searched = || searching.store(false, Ordering::Relaxed);
    let stdin = std::io::stdin();
    game.play(&mut stdin.lock(), &mut std::io::stdout(), &budget, &searched).map_err(failure)?;
    Ok(Answer::Yes)
}

fn list_deck(level: Option<u8>, compass: bool, json: bool) -> Outcome {
    let deck = infer::deck(level, compass).map_err(failure)?;
    if json {
        print_json(&umpire::commands::json(&deck));
    } else {
        print!("{}", deck.text());
    }
    Ok(Answer::Yes)
}

fn judge(law: String, experiment: String, table: TableArgs) -> Outcome {
    let TableArgs { supply, compass, json } = table;
    let request = JudgeRequest { law, experiment, supply: Some(supply), compass };
    let judged = infer::judge(&request).map_err(failure)?;
    if json {
        print_json(&umpire::commands::json(&judged));
    } else {
        print!("{}", judged.text());
    }
    Ok(if judged.follows { Answer::Yes } else { Answer::No })
}

fn show(experiment: &str, supply: &str, json: bool, picture: Option<PathBuf>) -> Outcome {
    let shown = infer::show(experiment, supply).map_err(failure)?;
    if json {
        print_json(&umpire::commands::json(&shown));
    } else {
        print!("{}", shown.text());
    }
    if let Some(path) = picture {
        infer::write_picture(&path, &shown.picture).map_err(failure)?;
    }
    Ok(Answer::Yes)
}

pub fn run(action: InferAction) -> Outcome {
    match action {
        InferAction::Show { experiment, supply, json, svg } => {
            show(&experiment, &supply, json, svg)
        }
        InferAction::Judge { law, experiment, table } => judge(law, experiment, table),
        InferAction::Disprove { law, theory, search, svg } => disprove(&law, &theory, &search, svg),
        InferAction::Demonstrable { law, search } => demonstrable(&law, &search),
        InferAction::CheckMarkers { law, file, table } => check_markers(law, file, table),
        InferAction::Deck { level, compass, json } => list_deck(level, compass, json),
        InferAction::Play {
            file,
            new,
            level,
            law,
            seed,
            timer,
            compass,
            highlights,
            silence,
            cheater,
            players,
            supply,
            max_dice,
            time,
        } => {
            let setup = NewGame {
                level,
                law,
                seed,
                timer,
                compass,
                supply,
                highlights,
                silence,
                cheater,
                players,
            };
            play(&PlayRequest { file, new, setup, max_dice }, time)
        }
    }
}
