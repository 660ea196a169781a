//! `umpire dice …`: argument parsing and printing for Inverted Dice; the work is the
//! command layer's ([`umpire::commands::dice`]). The strategy table's progress bar is the
//! terminal's, so it is drawn here.

use crate::budget::{budget, interruptible, seconds};
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use umpire::commands::dice::{self, DiceError, DiceOptions, PlayRequest, Scoring, Strategy};
use umpire::commands::dice::{Sheet, StrategyTable};
use umpire::commands::dice::{CHOICES_SHOWN, PLAYERS, REROLLS_LEFT};
use umpire::commands::dice::{SIMULATED_GAMES, SIMULATION_SEED};
use umpire::solve::Budget;

#[derive(Subcommand)]
pub enum DiceAction {
    /// The inverted sum of five dice (the faces 1–6 they do not show, added up).
    Sum {
        /// Five dice, like 23556.
        dice: String,
    },
    /// The first roll's distribution of inverted sums, exactly.
    Table {
        #[arg(long)]
        json: bool,
        /// Also draw it as a bar chart (SVG) in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// The best chance of rolling each inverted sum within 1, 2 and 3 rolls, exactly.
    Odds {
        /// Only this inverted sum (1–20).
        #[arg(long)]
        target: Option<u32>,
        #[arg(long)]
        json: bool,
        /// Also draw the per-box odds as a bar chart (SVG) in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// The expected score of optimal solitaire play (computes the strategy table, or loads it).
    Optimal {
        #[command(flatten)]
        game: GameOptions,
        /// Compute the table again even if a saved one exists.
        #[arg(long)]
        recompute: bool,
        /// Give up after this many seconds.
        #[arg(long, value_name = "SECONDS", value_parser = seconds)]
        timeout: Option<Duration>,
        #[arg(long)]
        json: bool,
    },
    /// The coach: the best keep (or stop) for a position, with expected scores and the odds
    /// of each way the turn can end.
    Advise {
        /// The five dice showing, like 13356.
        #[arg(long)]
        dice: String,
        /// Rerolls left in the turn (0, 1 or 2).
        #[arg(long, default_value_t = REROLLS_LEFT)]
        rerolls_left: usize,
        /// Boxes already scored, like 1-3,9.
        #[arg(long, value_name = "LIST", default_value = "")]
        scored: String,
        /// Boxes crossed out with a 0.
        #[arg(long, value_name = "LIST", default_value = "")]
        zeroed: String,
        /// How many choices to show.
        #[arg(long, default_value_t = CHOICES_SHOWN)]
        show: usize,
        #[command(flatten)]
        game: GameOptions,
        #[arg(long)]
        json: bool,
    },
    /// A score-sheet game for 1–5 players; type `?` at any choice for the coach.
    Play {
        /// Player names, separated by commas.
        #[arg(long, default_value = PLAYERS)]
        players: String,
        /// umpire rolls the dice from this seed (default: a seed from the clock, printed).
        #[arg(long, conflicts_with = "typed")]
        seed: Option<u64>,
        /// The players roll real dice and type them.
        #[arg(long)]
        typed: bool,
        /// Save the game in this file after every turn; when the file exists, the game saved
        /// in it goes on (with its own players, rules and dice).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// At the end, list each choice that cost expected points against the optimal
        /// strategy, with how much.
        #[arg(long)]
        review: bool,
        #[command(flatten)]
        game: GameOptions,
    },
    /// Each choice of a game saved with `play --save` held against the optimal strategy:
    /// the ones that cost expected points, with how much.
    Review {
        /// The saved game (finished or not).
        file: PathBuf,
        /// The strategy table file (default: in the user's cache directory).
        #[arg(long, value_name = "FILE")]
        table: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Robot games following the coach: their average checks the expected score.
    Simulate {
        #[arg(long, default_value_t = SIMULATED_GAMES)]
        games: usize,
        #[arg(long, default_value_t = SIMULATION_SEED)]
        seed: u64,
        #[command(flatten)]
        game: GameOptions,
        #[arg(long)]
        json: bool,
    },
}

/// The rule options and the sheet (see RULINGS.md, D1–D6).
#[derive(Args, Clone)]
pub struct GameOptions {
    /// Rolls two and three must each throw at least one die (by default a player may stop).
    #[arg(long)]
    no_stop_early: bool,
    /// When a result that fits an open box is scored: when the turn ends, or the moment it shows.
    #[arg(long, value_enum, default_value_t = DiceOptions::default().scoring)]
    scoring: Scoring,
    /// A player may write 0 in an open box of their choice even when the dice fit an open box.
    #[arg(long)]
    free_zero: bool,
    /// Play with only these boxes, like 1-6 (for study).
    #[arg(long, value_name = "LIST")]
    boxes: Option<String>,
    /// No bonuses.
    #[arg(long)]
    no_bonus: bool,
    /// The strategy table file (default: in the user's cache directory).
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
}

impl GameOptions {
    /// The strategy table these options play by.
    fn table(&self) -> Result<StrategyTable, Failure> {
        self.options().table().map_err(failure)
    }

    fn options(&self) -> DiceOptions {
        DiceOptions {
            stop_early: !self.no_stop_early,
            scoring: self.scoring,
            free_zero: self.free_zero,
            boxes: self.boxes.clone(),
            bonus: !self.no_bonus,
            table: self.table.clone(),
        }
    }
}

pub fn run(action: DiceAction) -> Outcome {
    match action {
        DiceAction::Sum { dice } => {
            println!("{}", dice::sum(&dice).map_err(failure)?);
            Ok(Answer::Yes)
        }
        DiceAction::Table { json, svg } => {
            let first = dice::first_roll();
            if json {
                print_json(&umpire::commands::json(&first));
            } else {
                print!("{}", first.text());
            }
            if let Some(path) = svg {
                dice::write_chart(&path, &first.chart()).map_err(failure)?;
            }
            Ok(Answer::Yes)
        }
        DiceAction::Odds { target, json, svg } => {
            let odds = dice::odds(target).map_err(failure)?;
            if json {
                print_json(&umpire::commands::json(&odds));
            } else {
                print!("{}", odds.text());
            }
            if let Some(path) = svg {
                dice::write_chart(&path, &odds.chart()).map_err(failure)?;
            }
            Ok(Answer::Yes)
        }
        DiceAction::Optimal { game, recompute, timeout, json } => {
            let started = Instant::now();
            let strategy = strategy_for(&game.table()?, recompute, timeout)?;
            let optimal = dice::optimal(&strategy, started.elapsed().as_secs_f64());
            if json {
                print_json(&umpire::commands::json(&optimal));
            } else {
                print!("{}", optimal.text());
            }
            Ok(Answer::Yes)
        }
        DiceAction::Advise { dice: shown, rerolls_left, scored, zeroed, show, game, json } => {
            let shown = dice::read_dice(&shown).map_err(failure)?;
            let sheet = game.options().score_sheet(&scored, &zeroed).map_err(failure)?;
            dice::check_rerolls(rerolls_left).map_err(failure)?;
            let strategy = strategy_for(&game.table()?, false, None)?;
            let advice = dice::advise(&strategy, &sheet, &shown, rerolls_left).map_err(failure)?;
            if json {
                // The coach's own field order, as it has always been printed.
                print_json(&advice);
            } else {
                print!("{}", advice.render(show));
            }
            Ok(Answer::Yes)
        }
        DiceAction::Play { players, seed, typed, save, review, game } => {
            let options = game.options();
            // The sheet is checked before a seed is drawn and shown.
            options.sheet().map_err(failure)?;
            let dice = if typed {
                dice::Dice::Typed
            } else {
                let seed = seed.unwrap_or_else(|| {
                    let s = dice::clock_seed();
                    eprintln!("seed {s} (give --seed {s} to replay these dice)");
                    s
                });
                dice::Dice::Seeded(seed)
            };
            let request = PlayRequest {
                players: &players,
                options: &options,
                dice,
                save: save.as_deref(),
                review,
            };
            // The table of the game's own rules and sheet (a saved game keeps its own).
            let mut loader = |rules, sheet: &Sheet, out: &mut dyn std::io::Write| {
                let _ = writeln!(out, "(loading the coach's strategy table)");
                let table = StrategyTable::of(rules, sheet.clone(), game.table.clone());
                strategy_for(&table, false, None).ok()
            };
            let stdin = std::io::stdin();
            let played =
                dice::play(&request, &mut stdin.lock(), &mut std::io::stdout(), &mut loader)
                    .map_err(failure)?;
            // Stopped by `quit`: no result yet.
            Ok(if played.is_some() { Answer::Yes } else { Answer::Unknown })
        }
        DiceAction::Review { file, table, json } => {
            let saved = dice::saved_game(&file).map_err(failure)?;
            let table = StrategyTable::of_saved(&saved, table);
            let strategy = strategy_for(&table, false, None)?;
            let review = dice::review_game(&saved, &strategy);
            if json {
                print_json(&umpire::commands::json(&review));
            } else {
                print!("{}", review.render());
            }
            Ok(Answer::Yes)
        }
        DiceAction::Simulate { games, seed, game, json } => {
            dice::check_games(games).map_err(failure)?;
            let strategy = strategy_for(&game.table()?, false, None)?;
            let simulation = dice::simulate(&strategy, games, seed);
            if json {
                print_json(&umpire::commands::json(&simulation));
            } else {
                print!("{}", simulation.text());
            }
            Ok(Answer::Yes)
        }
    }
}

/// How a dice command's failure is shown: the strategy table's file as a report, the rest
/// in one line.
fn failure(e: DiceError) -> Failure {
    match e {
        DiceError::Table(e) => Failure::report(e),
        DiceError::Stopped(e) => Failure::plain(e),
        other => Failure::usage(other),
    }
}

/// Loads the strategy table for these options, or computes (and saves) it with a progress bar.
fn strategy_for(
    table: &StrategyTable,
    recompute: bool,
    timeout: Option<Duration>,
) -> Result<Strategy, Failure> {
    if !recompute {
        if let Some(s) = table.load().map_err(failure)? {
            return Ok(s);
        }
    }
    let budget = interruptible(timeout.map_or_else(Budget::unlimited, budget));
    let bar = ProgressBar::new(table.states());
    bar.set_style(
        ProgressStyle::with_template(
            "computing the strategy {bar:40} {percent}% of {len} states, {eta} left",
        )
        .expect("a valid template"),
    );
    let computed = table.compute(&budget, &|n| bar.inc(n));
    bar.finish_and_clear();
    let computed = computed.map_err(|e| failure(DiceError::Stopped(e)))?;
    eprintln!("computed {} states in {:.1} s", computed.states, computed.seconds);
    match computed.saved {
        Ok(path) => eprintln!("saved the strategy table to {}", path.display()),
        Err(e) => eprintln!("{:?}", miette::Report::new(e)),
    }
    Ok(computed.strategy)
}
