//! `umpire dice …`: argument parsing and printing for Inverted Dice.

use crate::budget::{budget, interruptible, seconds};
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use umpire::games::dice::coach::advise;
use umpire::games::dice::play::{robot_games, Dice, Table};
use umpire::games::dice::plot::{bar_chart, Series};
use umpire::games::dice::roll::{
    face_set, first_roll_counts, inverted_sum, parse_dice, Frac, ORDERED_ROLLS, ROLLS,
};
use umpire::games::dice::strategy::Strategy;
use umpire::games::dice::turn::target_odds;
use umpire::games::dice::{parse_box_list, Rules, ScoreSheet, Scoring, Sheet, RESULTS};
use umpire::solve::Budget;
use umpire::util::input::MAX_SIMULATED_GAMES;

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
        #[arg(long, default_value_t = 2)]
        rerolls_left: usize,
        /// Boxes already scored, like 1-3,9.
        #[arg(long, value_name = "LIST", default_value = "")]
        scored: String,
        /// Boxes crossed out with a 0.
        #[arg(long, value_name = "LIST", default_value = "")]
        zeroed: String,
        /// How many choices to show.
        #[arg(long, default_value_t = 5)]
        show: usize,
        #[command(flatten)]
        game: GameOptions,
        #[arg(long)]
        json: bool,
    },
    /// A score-sheet game for 1–5 players; type `?` at any choice for the coach.
    Play {
        /// Player names, separated by commas.
        #[arg(long, default_value = "You")]
        players: String,
        /// umpire rolls the dice from this seed (default: a seed from the clock, printed).
        #[arg(long, conflicts_with = "typed")]
        seed: Option<u64>,
        /// The players roll real dice and type them.
        #[arg(long)]
        typed: bool,
        #[command(flatten)]
        game: GameOptions,
    },
    /// Robot games following the coach: their average checks the expected score.
    Simulate {
        #[arg(long, default_value_t = 1000)]
        games: usize,
        #[arg(long, default_value_t = 1)]
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
    #[arg(long, value_enum, default_value = "at-stop")]
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
    fn rules(&self) -> Rules {
        Rules { stop_early: !self.no_stop_early, scoring: self.scoring, free_zero: self.free_zero }
    }
    fn sheet(&self) -> Result<Sheet, String> {
        let boxes = match &self.boxes {
            Some(list) => parse_box_list(list)?,
            None => RESULTS.collect(),
        };
        Sheet::with_boxes(boxes, !self.no_bonus)
    }
}

fn bad(message: impl std::fmt::Display) -> Failure {
    Failure::usage(message)
}

fn percent(f: Frac) -> f64 {
    f.to_f64() * 100.0
}

pub fn run(action: DiceAction) -> Outcome {
    match action {
        DiceAction::Sum { dice } => match parse_dice(&dice, 5..=5) {
            Ok(d) => {
                println!("{}", inverted_sum(face_set(&d)));
                Ok(Answer::Yes)
            }
            Err(e) => Err(bad(e)),
        },
        DiceAction::Table { json, svg } => {
            let counts = first_roll_counts();
            let rows: Vec<(u32, u32)> = RESULTS.map(|s| (s, counts[s as usize])).collect();
            if json {
                let out: Vec<_> = rows
                    .iter()
                    .map(|&(s, c)| serde_json::json!({"sum": s, "ways": c, "of": ORDERED_ROLLS, "probability": c as f64 / ORDERED_ROLLS as f64}))
                    .collect();
                print_json(&out);
            } else {
                println!("sum  ways/7776  reduced   percent");
                for &(s, c) in &rows {
                    let f = Frac::new(c as u128, 5);
                    println!("{s:>3}  {c:>4}/7776  {:<8}  {:>6.3}%", f.to_string(), percent(f));
                }
            }
            if let Some(path) = svg {
                let chart = bar_chart(
                    "Inverted Dice: the first roll",
                    "inverted sum",
                    &rows.iter().map(|r| r.0.to_string()).collect::<Vec<_>>(),
                    &[Series {
                        name: "first roll",
                        colour: "#3b6ea8",
                        values: rows.iter().map(|r| r.1 as f64 * 100.0 / 7776.0).collect(),
                    }],
                );
                write_svg(&path, &chart)?;
            }
            Ok(Answer::Yes)
        }
        DiceAction::Odds { target, json, svg } => {
            let targets: Vec<u32> = match target {
                Some(t) if RESULTS.contains(&t) => vec![t],
                Some(t) => {
                    return Err(bad(format_args!(
                        "there is no inverted sum {t}: five dice show 1 to 20"
                    )))
                }
                None => RESULTS.collect(),
            };
            let odds: Vec<(u32, [Frac; ROLLS])> =
                targets.iter().map(|&t| (t, target_odds(t))).collect();
            if json {
                let out: Vec<_> = odds
                    .iter()
                    .map(|(t, o)| {
                        let fr: Vec<_> = o.iter().map(|f| serde_json::json!({"fraction": f.to_string(), "probability": f.to_f64()})).collect();
                        serde_json::json!({"target": t, "within_rolls": fr})
                    })
                    .collect();
                print_json(&out);
            } else {
                println!("sum  within 1 roll    within 2 rolls   within 3 rolls   (exact fractions below)");
                for (t, o) in &odds {
                    println!(
                        "{t:>3}  {:>13.3}%  {:>14.3}%  {:>14.3}%",
                        percent(o[0]),
                        percent(o[1]),
                        percent(o[2])
                    );
                }
                for (t, o) in &odds {
                    println!("{t:>3}: {}  |  {}  |  {}", o[0], o[1], o[2]);
                }
            }
            if let Some(path) = svg {
                let cats: Vec<String> = odds.iter().map(|o| o.0.to_string()).collect();
                let series: Vec<Series> = ["1 roll", "2 rolls", "3 rolls"]
                    .iter()
                    .zip(["#9ecae1", "#4292c6", "#08519c"])
                    .enumerate()
                    .map(|(i, (name, colour))| Series {
                        name,
                        colour,
                        values: odds.iter().map(|o| percent(o.1[i])).collect(),
                    })
                    .collect();
                write_svg(
                    &path,
                    &bar_chart(
                        "Inverted Dice: best chance of each box in a turn",
                        "target inverted sum",
                        &cats,
                        &series,
                    ),
                )?;
            }
            Ok(Answer::Yes)
        }
        DiceAction::Optimal { game, recompute, timeout, json } => {
            let started = Instant::now();
            let strategy = strategy_for(&game, recompute, timeout)?;
            let value = strategy.expected_score();
            if json {
                let out = serde_json::json!({
                    "expected_score": value,
                    "maximum": strategy.sheet.maximum(),
                    "rules": strategy.rules,
                    "sheet": strategy.sheet,
                    "seconds": started.elapsed().as_secs_f64(),
                });
                print_json(&out);
            } else {
                println!(
                    "expected score of optimal solitaire play: {value:.4} (of {} possible)",
                    strategy.sheet.maximum()
                );
            }
            Ok(Answer::Yes)
        }
        DiceAction::Advise { dice, rerolls_left, scored, zeroed, show, game, json } => {
            let dice = match parse_dice(&dice, 5..=5) {
                Ok(d) => d,
                Err(e) => return Err(bad(e)),
            };
            let sheet = match game.sheet().and_then(|s| {
                ScoreSheet::with(s, &parse_box_list(&scored)?, &parse_box_list(&zeroed)?)
            }) {
                Ok(s) => s,
                Err(e) => return Err(bad(e)),
            };
            if rerolls_left >= ROLLS {
                return Err(bad(format_args!(
                    "{rerolls_left} rerolls left: a turn has at most {}",
                    ROLLS - 1
                )));
            }
            let strategy = strategy_for(&game, false, None)?;
            match advise(&strategy, &sheet, &dice, rerolls_left) {
                Ok(a) if json => {
                    println!("{}", serde_json::to_string_pretty(&a).expect("plain data"));
                    Ok(Answer::Yes)
                }
                Ok(a) => {
                    print!("{}", a.render(show));
                    Ok(Answer::Yes)
                }
                Err(e) => Err(bad(e)),
            }
        }
        DiceAction::Play { players, seed, typed, game } => {
            let names: Vec<String> = players
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            let sheet = match game.sheet() {
                Ok(s) => s,
                Err(e) => return Err(bad(e)),
            };
            let dice = if typed {
                Dice::Typed
            } else {
                let seed = seed.unwrap_or_else(|| {
                    let s = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_nanos() as u64)
                        .unwrap_or(1);
                    eprintln!("seed {s} (give --seed {s} to replay these dice)");
                    s
                });
                Dice::Seeded(seed)
            };
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut out = std::io::stdout();
            let mut table = match Table::new(names, game.rules(), sheet, dice, &mut input, &mut out)
            {
                Ok(t) => t,
                Err(e) => return Err(bad(e)),
            };
            let mut loader = |out: &mut dyn std::io::Write| {
                let _ = writeln!(out, "(loading the coach's strategy table)");
                strategy_for(&game, false, None).ok()
            };
            match table.play(&mut loader) {
                Ok(_) => Ok(Answer::Yes),
                Err(e) => Err(bad(e)),
            }
        }
        DiceAction::Simulate { games, seed, game, json } => {
            if games > MAX_SIMULATED_GAMES {
                return Err(bad(format_args!("--games is at most {MAX_SIMULATED_GAMES}")));
            }
            let strategy = strategy_for(&game, false, None)?;
            let scores = robot_games(&strategy, games.max(1), seed);
            let n = scores.len() as f64;
            let mean = scores.iter().map(|&s| s as f64).sum::<f64>() / n;
            let var =
                scores.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
            let standard_error = (var / n).sqrt();
            let expected = strategy.expected_score();
            if json {
                let out = serde_json::json!({"games": scores.len(), "mean": mean, "standard_deviation": var.sqrt(), "standard_error": standard_error, "expected_score": expected});
                print_json(&out);
            } else {
                println!(
                    "{} game{}: mean {mean:.2} ± {standard_error:.2} (standard error), standard deviation {:.2}; the table expects {expected:.2}",
                    scores.len(),
                    if scores.len() == 1 { "" } else { "s" },
                    var.sqrt()
                );
            }
            Ok(Answer::Yes)
        }
    }
}

fn write_svg(path: &Path, svg: &str) -> Result<(), Failure> {
    umpire::util::files::write_atomically(path, svg.as_bytes())
        .map_err(|e| bad(format_args!("cannot write {}: {e}", path.display())))
}

/// Loads the strategy table for these options, or computes (and saves) it with a progress bar.
fn strategy_for(
    game: &GameOptions,
    recompute: bool,
    timeout: Option<Duration>,
) -> Result<Strategy, Failure> {
    let rules = game.rules();
    let sheet = game.sheet().map_err(bad)?;
    let path = game.table.clone().unwrap_or_else(|| Strategy::default_path(&rules, &sheet));
    if !recompute {
        match Strategy::load(&path, &rules, &sheet) {
            Ok(Some(s)) => return Ok(s),
            Ok(None) => {}
            Err(e) => return Err(e.into()),
        }
    }
    let budget = interruptible(timeout.map_or_else(Budget::unlimited, budget));
    let total = Strategy::state_count(&sheet);
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "computing the strategy {bar:40} {percent}% of {len} states, {eta} left",
        )
        .expect("a valid template"),
    );
    let started = Instant::now();
    let result = Strategy::compute(rules, sheet, &budget, &|n| bar.inc(n));
    bar.finish_and_clear();
    match result {
        Ok(s) => {
            eprintln!("computed {total} states in {:.1} s", started.elapsed().as_secs_f64());
            match s.save(&path) {
                Ok(()) => eprintln!("saved the strategy table to {}", path.display()),
                Err(e) => eprintln!("{:?}", miette::Report::new(e)),
            }
            Ok(s)
        }
        Err(why) => Err(Failure::plain(StrategyStopped(why))),
    }
}

/// The strategy computation ran out of its budget.
#[derive(Debug, thiserror::Error)]
#[error("the strategy computation stopped ({0}) before it finished; nothing was saved")]
struct StrategyStopped(umpire::solve::Exhausted);

impl umpire::util::failure::Classify for StrategyStopped {
    fn kind(&self) -> umpire::util::failure::FailureKind {
        umpire::util::failure::FailureKind::OutOfBudget
    }
}
