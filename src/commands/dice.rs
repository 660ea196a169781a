//! Inverted Dice's commands: exact odds (the first roll, each box within a turn), the
//! optimal strategy's table (loaded, or computed and saved: the one place that is done), the
//! coach's advice, robot games and the score-sheet game's setup.

use crate::games::dice::coach::advise as coach;
use crate::games::dice::play::{robot_games, PlayError, SavedGame, Table};
use crate::games::dice::plot::{bar_chart, Series};
use crate::games::dice::review::review;
use crate::games::dice::roll::{
    face_set, first_roll_counts, inverted_sum, parse_dice, Frac, ORDERED_ROLLS, ROLLS,
};
use crate::games::dice::strategy::TableError;
use crate::games::dice::turn::target_odds;
use crate::games::dice::{parse_box_list, ScoreSheet, RESULTS};
use crate::solve::{Budget, Exhausted};
use crate::util::failure::{Classify, FailureKind};
use crate::util::files::write_atomically;
use crate::util::input::MAX_SIMULATED_GAMES;
use serde::Serialize;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use super::dice_views::{
    CoachAdvice, CoachChoice, CostlyChoice, GameReview, PlayerChoices, TurnEnd,
};
pub use crate::games::dice::play::{CoachLoader, Dice};
pub use crate::games::dice::strategy::Strategy;
pub use crate::games::dice::{Rules, Scoring, Sheet};

/// The rerolls left in the position the coach is asked about unless told otherwise: the
/// turn's first roll.
pub const REROLLS_LEFT: usize = 2;
/// The most rerolls a turn has.
pub const MOST_REROLLS: usize = ROLLS - 1;
/// How many choices the coach shows unless told otherwise (the best and the runners-up).
pub const CHOICES_SHOWN: usize = 5;
/// The players of a score-sheet game unless told otherwise.
pub const PLAYERS: &str = "You";
/// How many robot games a simulation plays unless told otherwise.
pub const SIMULATED_GAMES: usize = 1000;
/// The seed of a simulation's dice unless told otherwise.
pub const SIMULATION_SEED: u64 = 1;
/// How long the page lets the coach's table compute in the background (a few tens of
/// seconds are enough on a laptop).
pub const PAGE_TABLE_TIME: Duration = Duration::from_secs(600);

/// Why a dice command has no answer.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum DiceError {
    /// The request's words are wrong: dice, boxes, a position, a file to write.
    #[error("{0}")]
    Refused(String),
    /// The strategy table's file cannot be read, or is for other rules.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Table(TableError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Stopped(StrategyStopped),
    /// A game stopped before its end.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Play(PlayError),
}

impl Classify for DiceError {
    fn kind(&self) -> FailureKind {
        match self {
            DiceError::Stopped(e) => e.kind(),
            _ => FailureKind::BadInput,
        }
    }
}

/// The strategy computation ran out of its budget.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("the strategy computation stopped ({0}) before it finished; nothing was saved")]
pub struct StrategyStopped(pub Exhausted);

impl Classify for StrategyStopped {
    fn kind(&self) -> FailureKind {
        FailureKind::OutOfBudget
    }
}

fn refused(message: impl std::fmt::Display) -> DiceError {
    DiceError::Refused(message.to_string())
}

/// Reads five dice, like `13356` (sorted).
pub fn read_dice(text: &str) -> Result<Vec<u8>, DiceError> {
    parse_dice(text, 5..=5).map_err(refused)
}

/// The inverted sum of five dice: the faces 1–6 they do not show, added up.
pub fn sum(dice: &str) -> Result<u32, DiceError> {
    read_dice(dice).map(|d| inverted_sum(face_set(&d)))
}

fn percent(f: Frac) -> f64 {
    f.to_f64() * 100.0
}

/// The first roll's distribution of inverted sums, exactly.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct FirstRoll {
    pub rows: Vec<FirstRollRow>,
}

/// How many of the ordered rolls give one inverted sum.
#[derive(Clone, Debug, Serialize)]
pub struct FirstRollRow {
    pub sum: u32,
    pub ways: u32,
    pub of: u32,
    pub probability: f64,
}

pub fn first_roll() -> FirstRoll {
    let counts = first_roll_counts();
    let rows = RESULTS
        .map(|s| {
            let ways = counts[s as usize];
            FirstRollRow {
                sum: s,
                ways,
                of: ORDERED_ROLLS,
                probability: ways as f64 / ORDERED_ROLLS as f64,
            }
        })
        .collect();
    FirstRoll { rows }
}

impl FirstRoll {
    /// A row per sum: the ways of 7776, the reduced fraction, the percentage.
    pub fn text(&self) -> String {
        let mut out = "sum  ways/7776  reduced   percent\n".to_string();
        for r in &self.rows {
            let f = Frac::new(r.ways as u128, 5);
            out += &format!(
                "{:>3}  {:>4}/7776  {:<8}  {:>6.3}%\n",
                r.sum,
                r.ways,
                f.to_string(),
                percent(f)
            );
        }
        out
    }

    /// The distribution as a bar chart (SVG).
    pub fn chart(&self) -> String {
        bar_chart(
            "Inverted Dice: the first roll",
            "inverted sum",
            &self.rows.iter().map(|r| r.sum.to_string()).collect::<Vec<_>>(),
            &[Series {
                name: "first roll",
                colour: "#3b6ea8",
                values: self.rows.iter().map(|r| r.ways as f64 * 100.0 / 7776.0).collect(),
            }],
        )
    }
}

/// The best chance of rolling each inverted sum within 1, 2 and 3 rolls.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct Odds {
    pub targets: Vec<TargetOdds>,
}

#[derive(Clone, Debug, Serialize)]
pub struct TargetOdds {
    pub target: u32,
    /// Within 1, 2 and 3 rolls.
    pub within_rolls: Vec<Chance>,
}

/// An exact chance: the fraction, and its value.
#[derive(Clone, Debug, Serialize)]
pub struct Chance {
    pub fraction: String,
    pub probability: f64,
}

/// The odds of `target` only, or of every sum.
pub fn odds(target: Option<u32>) -> Result<Odds, DiceError> {
    let targets: Vec<u32> = match target {
        Some(t) if RESULTS.contains(&t) => vec![t],
        Some(t) => {
            return Err(refused(format!("there is no inverted sum {t}: five dice show 1 to 20")))
        }
        None => RESULTS.collect(),
    };
    let targets = targets
        .iter()
        .map(|&t| TargetOdds {
            target: t,
            within_rolls: target_odds(t)
                .iter()
                .map(|f| Chance { fraction: f.to_string(), probability: f.to_f64() })
                .collect(),
        })
        .collect();
    Ok(Odds { targets })
}

impl Odds {
    /// A row per sum in percent, then the exact fractions.
    pub fn text(&self) -> String {
        let mut out =
            "sum  within 1 roll    within 2 rolls   within 3 rolls   (exact fractions below)\n"
                .to_string();
        let pct = |o: &TargetOdds, i: usize| o.within_rolls[i].probability * 100.0;
        for o in &self.targets {
            out += &format!(
                "{:>3}  {:>13.3}%  {:>14.3}%  {:>14.3}%\n",
                o.target,
                pct(o, 0),
                pct(o, 1),
                pct(o, 2)
            );
        }
        for o in &self.targets {
            let f = |i: usize| &o.within_rolls[i].fraction;
            out += &format!("{:>3}: {}  |  {}  |  {}\n", o.target, f(0), f(1), f(2));
        }
        out
    }

    /// The per-box odds as a bar chart (SVG).
    pub fn chart(&self) -> String {
        let cats: Vec<String> = self.targets.iter().map(|o| o.target.to_string()).collect();
        let series: Vec<Series> = ["1 roll", "2 rolls", "3 rolls"]
            .iter()
            .zip(["#9ecae1", "#4292c6", "#08519c"])
            .enumerate()
            .map(|(i, (name, colour))| Series {
                name,
                colour,
                values: self
                    .targets
                    .iter()
                    .map(|o| o.within_rolls[i].probability * 100.0)
                    .collect(),
            })
            .collect();
        bar_chart(
            "Inverted Dice: best chance of each box in a turn",
            "target inverted sum",
            &cats,
            &series,
        )
    }
}

/// Writes a chart (or any picture) to `path`.
pub fn write_chart(path: &Path, svg: &str) -> Result<(), DiceError> {
    write_atomically(path, svg.as_bytes())
        .map_err(|e| refused(format!("cannot write {}: {e}", path.display())))
}

/// The rule options and the sheet a game is played by (RULINGS.md, D1–D6), and where its
/// strategy table is kept. The default is the published game, as the page plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceOptions {
    /// A player may stop before the third roll.
    pub stop_early: bool,
    pub scoring: Scoring,
    /// A player may write 0 in an open box even when the dice fit an open box.
    pub free_zero: bool,
    /// Only these boxes, like `1-6` (all twenty when none).
    pub boxes: Option<String>,
    /// The sections' bonuses.
    pub bonus: bool,
    /// The strategy table's file (none: in the user's cache directory).
    pub table: Option<PathBuf>,
}

impl Default for DiceOptions {
    fn default() -> Self {
        let Rules { stop_early, scoring, free_zero } = Rules::default();
        DiceOptions { stop_early, scoring, free_zero, boxes: None, bonus: true, table: None }
    }
}

impl DiceOptions {
    fn rules(&self) -> Rules {
        Rules { stop_early: self.stop_early, scoring: self.scoring, free_zero: self.free_zero }
    }

    /// The sheet, checked.
    pub fn sheet(&self) -> Result<Sheet, DiceError> {
        let boxes = match &self.boxes {
            Some(list) => parse_box_list(list).map_err(refused)?,
            None => RESULTS.collect(),
        };
        Sheet::with_boxes(boxes, self.bonus).map_err(refused)
    }

    /// The sheet with the boxes `scored` and `zeroed` (lists like `1-3,9`) filled in.
    pub fn score_sheet(&self, scored: &str, zeroed: &str) -> Result<ScoreSheet, DiceError> {
        let sheet = self.sheet()?;
        ScoreSheet::with(
            sheet,
            &parse_box_list(scored).map_err(refused)?,
            &parse_box_list(zeroed).map_err(refused)?,
        )
        .map_err(refused)
    }

    /// The strategy table these options play by.
    pub fn table(&self) -> Result<StrategyTable, DiceError> {
        Ok(StrategyTable::of(self.rules(), self.sheet()?, self.table.clone()))
    }
}

/// The strategy table of some rules and sheet, and the file it is kept in.
#[derive(Clone, Debug)]
pub struct StrategyTable {
    rules: Rules,
    sheet: Sheet,
    path: PathBuf,
}

/// A table computed, and saved if it could be.
pub struct Computed {
    pub strategy: Strategy,
    /// The states evaluated, and how long that took.
    pub states: u64,
    pub seconds: f64,
    /// Where it was saved, or why it was not.
    pub saved: Result<PathBuf, TableError>,
}

impl StrategyTable {
    /// The table of a game's rules and sheet, kept in `file` (none: the user's cache).
    pub fn of(rules: Rules, sheet: Sheet, file: Option<PathBuf>) -> StrategyTable {
        let path = file.unwrap_or_else(|| Strategy::default_path(&rules, &sheet));
        StrategyTable { rules, sheet, path }
    }

    /// The table of a saved game's own rules and sheet (`file`: another table's file).
    pub fn of_saved(game: &SavedGame, file: Option<PathBuf>) -> StrategyTable {
        StrategyTable::of(game.rules, game.sheet.clone(), file)
    }

    /// How many states a computation evaluates (for a progress bar).
    pub fn states(&self) -> u64 {
        Strategy::state_count(&self.sheet)
    }

    /// The saved table, if its file exists; a file for other rules is refused.
    pub fn load(&self) -> Result<Option<Strategy>, DiceError> {
        Strategy::load(&self.path, &self.rules, &self.sheet).map_err(DiceError::Table)
    }

    /// Computes the table (`progress` hears how many states each step finished) and saves it.
    pub fn compute(
        &self,
        budget: &Budget,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Computed, StrategyStopped> {
        let started = Instant::now();
        let strategy = Strategy::compute(self.rules, self.sheet.clone(), budget, progress)
            .map_err(StrategyStopped)?;
        let seconds = started.elapsed().as_secs_f64();
        let saved = strategy.save(&self.path).map(|()| self.path.clone());
        Ok(Computed { strategy, states: self.states(), seconds, saved })
    }
}

/// The expected score of optimal solitaire play.
#[derive(Clone, Debug, Serialize)]
pub struct Optimal {
    pub expected_score: f64,
    /// The best score possible.
    pub maximum: u32,
    pub rules: Rules,
    pub sheet: Sheet,
    /// How long loading or computing the table took.
    pub seconds: f64,
}

pub fn optimal(strategy: &Strategy, seconds: f64) -> Optimal {
    Optimal {
        expected_score: strategy.expected_score(),
        maximum: strategy.sheet.maximum(),
        rules: strategy.rules,
        sheet: strategy.sheet.clone(),
        seconds,
    }
}

impl Optimal {
    pub fn text(&self) -> String {
        format!(
            "expected score of optimal solitaire play: {:.4} (of {} possible)\n",
            self.expected_score, self.maximum
        )
    }
}

/// Refuses more rerolls than a turn has.
pub fn check_rerolls(rerolls_left: usize) -> Result<(), DiceError> {
    if rerolls_left > MOST_REROLLS {
        return Err(refused(format!(
            "{rerolls_left} rerolls left: a turn has at most {MOST_REROLLS}"
        )));
    }
    Ok(())
}

/// The coach: every choice for `dice` with `rerolls_left` on `sheet`, best first, with the
/// expected scores and the odds of each way the turn can end.
pub fn advise(
    strategy: &Strategy,
    sheet: &ScoreSheet,
    dice: &[u8],
    rerolls_left: usize,
) -> Result<CoachAdvice, DiceError> {
    coach(strategy, sheet, dice, rerolls_left).map(CoachAdvice::from).map_err(refused)
}

/// A score-sheet game: its players (names separated by commas), the rules and sheet, and
/// who rolls the dice.
pub struct PlayRequest<'a> {
    pub players: &'a str,
    pub options: &'a DiceOptions,
    pub dice: Dice,
    /// The file the game is saved in after every turn; when it exists, the game in it goes
    /// on (its players, rules and dice, not the request's).
    pub save: Option<&'a Path>,
    /// At the end, review each choice against the optimal strategy.
    pub review: bool,
}

/// Plays a game with `input` and `output`; `coach` gives the strategy table the first time
/// a player asks. Returns the final totals, or none when a player typed `quit`.
pub fn play(
    request: &PlayRequest,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    coach: &mut CoachLoader<'_>,
) -> Result<Option<Vec<u32>>, DiceError> {
    let saved = match request.save {
        Some(path) if path.exists() => Some(read_saved(path)?),
        _ => None,
    };
    let mut save_to = |game: &SavedGame| -> std::io::Result<()> {
        let path = request.save.expect("a saver only with a file");
        let json = serde_json::to_string_pretty(game).expect("a game serializes");
        write_atomically(path, json.as_bytes())
    };
    let mut table = match saved {
        Some(game) => {
            let (round, seat) = (game.round, game.seat);
            let whose = game.players.get(seat).cloned().unwrap_or_default();
            let mut table = Table::resume(game, input, output).map_err(DiceError::Play)?;
            let rounds = table.sheets[0].sheet.boxes.len();
            let path = request.save.expect("read from it").display();
            if round <= rounds {
                writeln!(table.out(), "Going on with the game saved in {path}: round {round}/{rounds}, {whose}'s turn.")
                    .map_err(|e| DiceError::Play(e.into()))?;
            }
            table
        }
        None => {
            let names: Vec<String> = request
                .players
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            let sheet = request.options.sheet()?;
            Table::new(names, request.options.rules(), sheet, request.dice, input, output)
                .map_err(DiceError::Play)?
        }
    };
    if request.save.is_some() {
        table = table.saving(&mut save_to);
    }
    let totals = match table.play(coach) {
        Ok(totals) => totals,
        // `quit`: a saved game goes on later with the same command.
        Err(PlayError::Quit) => {
            let said = match request.save {
                Some(path) => format!(
                    "\nThe game stops here, saved in {}: the same command goes on.\n",
                    path.display()
                ),
                None => "\nThe game stops here (not saved: `--save FILE` keeps a game).\n".into(),
            };
            write!(table.out(), "{said}").map_err(|e| DiceError::Play(e.into()))?;
            return Ok(None);
        }
        Err(e) => return Err(DiceError::Play(e)),
    };
    let said = if request.review {
        match table.review(coach) {
            Some(review) => {
                format!("\n── each choice against the optimal strategy ──\n{}", review.render())
            }
            None => "The review needs the coach's strategy table, which is not available.\n".into(),
        }
    } else if let Some(path) = request.save {
        format!(
            "(`umpire dice review {}` holds each choice against the optimal strategy)\n",
            path.display()
        )
    } else {
        String::new()
    };
    write!(table.out(), "{said}").map_err(|e| DiceError::Play(e.into()))?;
    Ok(Some(totals))
}

/// A saved game (finished or not), read and checked as for going on with it.
pub fn saved_game(path: &Path) -> Result<SavedGame, DiceError> {
    let game = read_saved(path)?;
    let (mut nothing, mut nowhere) = (std::io::empty(), std::io::sink());
    Table::resume(game.clone(), &mut nothing, &mut nowhere).map_err(DiceError::Play)?;
    Ok(game)
}

/// Each choice made in a saved game held against the optimal strategy of its rules and
/// sheet (`strategy` must be that table: see [`StrategyTable::of`]).
pub fn review_game(game: &SavedGame, strategy: &Strategy) -> GameReview {
    review(strategy, &game.players, &game.decisions).into()
}

/// A saved game's file, read and parsed (its contents are checked by `Table::resume`).
fn read_saved(path: &Path) -> Result<SavedGame, DiceError> {
    let text = crate::util::input::read_text(path, crate::util::input::MAX_LOG_BYTES)
        .map_err(|e| refused(format!("cannot read {}: {}", path.display(), e.reason())))?;
    serde_json::from_str(&text).map_err(|e| {
        DiceError::Play(PlayError::Damaged(format!(
            "{} is not a saved dice game ({e})",
            path.display()
        )))
    })
}

/// A fresh seed, for dice nobody asked to replay.
pub fn clock_seed() -> u64 {
    crate::util::random::fresh_seed()
}

/// Refuses more robot games than are kept in memory.
pub fn check_games(games: usize) -> Result<(), DiceError> {
    if games > MAX_SIMULATED_GAMES {
        return Err(refused(format!("--games is at most {MAX_SIMULATED_GAMES}")));
    }
    Ok(())
}

/// Robot games following the coach: their mean checks the table's expected score.
#[derive(Clone, Debug, Serialize)]
pub struct Simulation {
    pub games: usize,
    pub mean: f64,
    pub standard_deviation: f64,
    pub standard_error: f64,
    /// What the table expects.
    pub expected_score: f64,
}

/// Plays `games` robot games (at least one) with dice from `seed`.
pub fn simulate(strategy: &Strategy, games: usize, seed: u64) -> Simulation {
    let scores = robot_games(strategy, games.max(1), seed);
    let n = scores.len() as f64;
    let mean = scores.iter().map(|&s| s as f64).sum::<f64>() / n;
    let var = scores.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    Simulation {
        games: scores.len(),
        mean,
        standard_deviation: var.sqrt(),
        standard_error: (var / n).sqrt(),
        expected_score: strategy.expected_score(),
    }
}

impl Simulation {
    pub fn text(&self) -> String {
        format!(
            "{} game{}: mean {:.2} ± {:.2} (standard error), standard deviation {:.2}; the table expects {:.2}\n",
            self.games,
            if self.games == 1 { "" } else { "s" },
            self.mean,
            self.standard_error,
            self.standard_deviation,
            self.expected_score
        )
    }
}
