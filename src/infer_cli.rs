//! `umpire infer …`: argument parsing and printing for Infer.

use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;
use umpire::files::write_atomically;
use umpire::infer::experiment::{Experiment, ExperimentError, Supply};
use umpire::infer::deck::{parse_deck, COMPASS_DECK, DECK};
use umpire::infer::game::{Game, GameError, Setup};
use umpire::infer::law::Law;
use umpire::infer::play::{session, Table};
use umpire::infer::markers::{disagreements, parse_markers};
use umpire::infer::picture::svg;
use umpire::infer::search::{self, Found, Goal, Limits};
use umpire::solve::Budget;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::EXIT_BAD_INPUT;

#[derive(Subcommand)]
pub enum InferAction {
    /// Reads an experiment and shows what a Law may see in it: the dice, the visible faces,
    /// the groups of touching dice, the lines.
    Show {
        /// The experiment (`grammar/infer-experiment.ebnf`), like `r3 b4 . w1+o2 / . b5`.
        experiment: String,
        /// The dice available, like `red:20,blue:20,white:20,orange:20`.
        #[arg(long, default_value = "red:20,blue:20,white:20")]
        supply: String,
        #[arg(long)]
        json: bool,
        /// Also draw it (SVG) in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Judges an experiment against a Law: O (follows, exit 0) or X (does not, exit 1), with
    /// the reason and the Law read back in English.
    Judge {
        /// The Law (`grammar/infer-law.ebnf`), like `all blue are 5`.
        law: String,
        experiment: String,
        #[command(flatten)]
        table: TableArgs,
    },
    /// The Universe's move: the experiment with the fewest dice (the null experiment first)
    /// that follows the Law and not the Theory, or the Theory and not the Law. Exit 0 when
    /// disproved, 1 when no experiment up to the bound separates them, 3 when out of budget.
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
    Demonstrable {
        law: String,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Whether a Law agrees with marked experiments: a file with one per line, `O r3 b4` or
    /// `X null`. Exit 0 when every mark agrees, 1 (listing the others) when not.
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
    Play {
        /// The saved game.
        file: PathBuf,
        /// Start a new game in FILE (which must not exist yet).
        #[arg(long)]
        new: bool,
        /// Draw a Law of this level only (1 gentle, 2, 3 hard).
        #[arg(long)]
        level: Option<u8>,
        /// A home-made Law instead of a card (it must be demonstrable with 4 dice).
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
        #[arg(long, default_value = "red:20,blue:20,white:20")]
        supply: String,
        /// The largest experiment the Universe tries when it disproves a Theory.
        #[arg(long, default_value_t = 6)]
        max_dice: usize,
        /// The Universe's time budget per search, in seconds.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        time: f64,
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
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    time: f64,
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

/// The most dice a search may be asked to try: shapes of 11 dice number in the hundred
/// thousands, and `touch each other` looks at every subset of the dice.
const MAX_SEARCH_DICE: usize = 10;

impl SearchArgs {
    /// The limits, with Ctrl-C wired to cancel the search.
    fn limits(&self, default_dice: usize) -> Result<(Limits, Supply), ExitCode> {
        let max_dice = self.max_dice.unwrap_or(default_dice);
        if max_dice > MAX_SEARCH_DICE {
            eprintln!("umpire: --max-dice is at most {MAX_SEARCH_DICE}");
            return Err(ExitCode::from(EXIT_BAD_INPUT));
        }
        if !(self.time.is_finite() && self.time >= 0.0) {
            eprintln!("umpire: --time must be a number of seconds");
            return Err(ExitCode::from(EXIT_BAD_INPUT));
        }
        let supply = read_supply(&self.table.supply)?;
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
        let budget = Budget::time(Duration::from_secs_f64(self.time)).with_cancel(cancel);
        Ok((Limits { max_dice, budget }, supply))
    }
}

fn read_supply(text: &str) -> Result<Supply, ExitCode> {
    Supply::parse(text).map_err(|e| {
        eprintln!("{:?}", miette::Report::new(e).with_source_code(text.to_string()));
        ExitCode::from(EXIT_BAD_INPUT)
    })
}

/// Reads a Law; directions only in the Compass Rose variant.
fn read_law(text: &str, compass: bool) -> Result<Law, ExitCode> {
    let law = umpire::infer::law::parse(text).map_err(|e| {
        eprintln!("{:?}", miette::Report::new(e).with_source_code(text.to_string()));
        ExitCode::from(EXIT_BAD_INPUT)
    })?;
    if law.sees().compass && !compass {
        eprintln!("umpire: `{text}` speaks of directions, which only the Compass Rose variant allows: add --compass");
        return Err(ExitCode::from(EXIT_BAD_INPUT));
    }
    Ok(law)
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

fn print_json(v: &serde_json::Value) {
    println!("{}", serde_json::to_string_pretty(v).expect("plain data"));
}

fn disprove(law: &str, theory: &str, args: &SearchArgs, picture: Option<PathBuf>) -> ExitCode {
    let (l, t) = match (read_law(law, args.table.compass), read_law(theory, args.table.compass)) {
        (Ok(l), Ok(t)) => (l, t),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let (limits, supply) = match args.limits(6) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let started = Instant::now();
    let found = search::disprove(&l, &t, &supply, &limits, &mut progress);
    end_progress();
    let seconds = started.elapsed().as_secs_f64();
    let found = match found {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e));
            return ExitCode::from(super::EXIT_INTERNAL);
        }
    };
    let mut out = serde_json::json!({"law": l.english(), "theory": t.english(), "seconds": seconds});
    let code = match &found {
        Found::Experiment(x) => {
            let (jl, jt) = (l.judge(x), t.judge(x));
            out["verdict"] = "disproved".into();
            out["experiment"] = x.notation().into();
            out["dice"] = x.len().into();
            out["law_follows"] = jl.follows.into();
            out["law_reason"] = jl.reason.clone().into();
            out["theory_follows"] = jt.follows.into();
            out["theory_reason"] = jt.reason.clone().into();
            if !args.table.json {
                println!("Law:    {}.", l.english());
                println!("Theory: {}.", t.english());
                println!("Disproved with {} {}: {}", x.len(), if x.len() == 1 { "die" } else { "dice" }, x.notation());
                println!("  the Law:    {} ({})", mark(jl.follows), jl.reason);
                println!("  the Theory: {} ({})", mark(jt.follows), jt.reason);
                println!("No experiment with fewer dice separates them.");
            }
            if let Some(path) = &picture {
                if let Err(e) = write_atomically(path, svg(x).as_bytes()) {
                    eprintln!("umpire: cannot write {}: {e}", path.display());
                    return ExitCode::from(EXIT_BAD_INPUT);
                }
            }
            ExitCode::SUCCESS
        }
        Found::NoneUpTo(n) => {
            out["verdict"] = "not_disproved".into();
            out["bound"] = (*n).into();
            if !args.table.json {
                println!("Law:    {}.", l.english());
                println!("Theory: {}.", t.english());
                println!("Not disproved: no experiment with up to {n} dice (within the supply) follows one and not the other.");
            }
            ExitCode::from(super::EXIT_NO)
        }
        Found::Unknown { why, checked } => {
            out["verdict"] = "unknown".into();
            out["why"] = why.to_string().into();
            out["checked_up_to"] = (*checked).into();
            if !args.table.json {
                let so_far = checked.map_or("nothing yet".to_string(), |c| format!("no experiment with up to {c} dice separates them"));
                println!("Unknown: {why} ({so_far}).");
            }
            ExitCode::from(super::EXIT_UNKNOWN)
        }
    };
    if args.table.json {
        print_json(&out);
    }
    code
}

fn mark(follows: bool) -> &'static str {
    if follows {
        "O follows"
    } else {
        "X does not follow"
    }
}

fn demonstrable(law: &str, args: &SearchArgs) -> ExitCode {
    let l = match read_law(law, args.table.compass) {
        Ok(l) => l,
        Err(c) => return c,
    };
    let (limits, supply) = match args.limits(4) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let mut sides = Vec::new();
    for want in [true, false] {
        let goal = Goal::Judged(vec![(l.clone(), want)]);
        match search::smallest(&goal, &supply, &limits, &mut progress) {
            Ok(f) => sides.push(f),
            Err(e) => {
                eprintln!("{:?}", miette::Report::new(e));
                return ExitCode::from(super::EXIT_INTERNAL);
            }
        }
    }
    end_progress();
    let side = |f: &Found| match f {
        Found::Experiment(x) => serde_json::json!({"experiment": x.notation(), "dice": x.len(), "reason": l.judge(x).reason}),
        Found::NoneUpTo(n) => serde_json::json!({"experiment": null, "bound": n}),
        Found::Unknown { why, .. } => serde_json::json!({"experiment": null, "why": why.to_string()}),
    };
    let both = sides.iter().all(|f| matches!(f, Found::Experiment(_)));
    let unknown = sides.iter().any(|f| matches!(f, Found::Unknown { .. }));
    let verdict = if both { "demonstrable" } else if unknown { "unknown" } else { "not_demonstrable" };
    if args.table.json {
        print_json(&serde_json::json!({"law": l.english(), "verdict": verdict, "follows": side(&sides[0]), "breaks": side(&sides[1])}));
    } else {
        println!("Law: {}.", l.english());
        for (f, name) in sides.iter().zip(["O follows", "X does not follow"]) {
            match f {
                Found::Experiment(x) => println!("  {name}: {} ({})", x.notation(), l.judge(x).reason),
                Found::NoneUpTo(n) => println!("  {name}: impossible with up to {n} dice"),
                Found::Unknown { why, .. } => println!("  {name}: unknown ({why})"),
            }
        }
        println!("{}", match verdict {
            "demonstrable" => "Demonstrable: it can be shown both ways.",
            "unknown" => "Unknown: the search ran out of budget.",
            _ => "Not demonstrable: the Researchers could never see both sides of it with that few dice.",
        });
    }
    match verdict {
        "demonstrable" => ExitCode::SUCCESS,
        "unknown" => ExitCode::from(super::EXIT_UNKNOWN),
        _ => ExitCode::from(super::EXIT_NO),
    }
}

fn check_markers(law: &str, file: &std::path::Path, table: &TableArgs) -> ExitCode {
    let json = table.json;
    let l = match read_law(law, table.compass) {
        Ok(l) => l,
        Err(c) => return c,
    };
    let supply = match read_supply(&table.supply) {
        Ok(s) => s,
        Err(c) => return c,
    };
    let text = match read_input(file) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let marks = match parse_markers(&text, &supply) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e).with_source_code(miette::NamedSource::new(file.display().to_string(), text)));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let wrong = disagreements(&l, &marks);
    if json {
        print_json(&serde_json::json!({
            "law": l.english(),
            "verdict": if wrong.is_empty() { "consistent" } else { "inconsistent" },
            "marks": marks.len(),
            "disagreements": wrong.iter().map(|(m, why)| serde_json::json!({"line": m.line, "experiment": m.experiment.notation(), "marked": if m.follows { "O" } else { "X" }, "reason": why})).collect::<Vec<_>>(),
        }));
    } else {
        println!("Law: {}.", l.english());
        if wrong.is_empty() {
            println!("Consistent: all {} marks agree with the Law.", marks.len());
        } else {
            for (m, why) in &wrong {
                println!("  line {}: {} is marked {} but {} ({why})", m.line, m.experiment.notation(), if m.follows { "O" } else { "X" }, if m.follows { "does not follow" } else { "follows" });
            }
            println!("Inconsistent: {} of {} marks disagree with the Law.", wrong.len(), marks.len());
        }
    }
    if wrong.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::EXIT_NO)
    }
}

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

type NewGame = (Option<u8>, Option<String>, Option<u64>, bool, bool, String);

fn play(file: &std::path::Path, setup: Option<NewGame>, max_dice: usize, time: f64) -> ExitCode {
    let fail = |e: GameError| {
        eprintln!("{:?}", miette::Report::new(e));
        ExitCode::from(EXIT_BAD_INPUT)
    };
    if max_dice > MAX_SEARCH_DICE || !(time.is_finite() && time >= 0.0) {
        eprintln!("umpire: --max-dice is at most {MAX_SEARCH_DICE} and --time a number of seconds");
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    let mut game = match setup {
        Some((level, law, seed, timer, compass, supply)) => {
            if file.exists() {
                eprintln!("umpire: {} already exists; play it without --new, or choose another file", file.display());
                return ExitCode::from(EXIT_BAD_INPUT);
            }
            if level.is_some_and(|l| !(1..=3).contains(&l)) {
                eprintln!("umpire: --level is 1, 2 or 3");
                return ExitCode::from(EXIT_BAD_INPUT);
            }
            if let Some(text) = &law {
                if let Err(c) = read_law(text, compass) {
                    return c;
                }
            }
            let supply = match read_supply(&supply) {
                Ok(s) => s,
                Err(c) => return c,
            };
            let seed = seed.unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64));
            match Game::new(Setup { supply, compass, max_dice, timer, seed, level, law }, unix_now()) {
                Ok(g) => g,
                Err(e) => return fail(e),
            }
        }
        None => {
            let text = match read_input(file) {
                Ok(t) => t,
                Err(c) => return c,
            };
            match Game::load(&text) {
                Ok(g) => g,
                Err(e) => return fail(e),
            }
        }
    };
    let save_to = file.to_path_buf();
    let mut save = move |g: &Game| write_atomically(&save_to, g.to_json().as_bytes());
    if let Err(e) = save(&game) {
        eprintln!("umpire: cannot save the game to {}: {e}", file.display());
        return ExitCode::from(EXIT_BAD_INPUT);
    }
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
        Budget::time(Duration::from_secs_f64(time)).with_cancel(cancel.clone())
    };
    let searched = || searching.store(false, Ordering::Relaxed);
    let mut table = Table { now: &unix_now, budget: &budget, searched: &searched, save: &mut save };
    let stdin = std::io::stdin();
    match session(&mut game, &mut stdin.lock(), &mut std::io::stdout(), &mut table) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("umpire: {e}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// A file's text, or standard input for `-`.
fn read_input(path: &std::path::Path) -> Result<String, ExitCode> {
    let read = if path.as_os_str() == "-" { std::io::read_to_string(std::io::stdin()) } else { std::fs::read_to_string(path) };
    read.map_err(|e| {
        eprintln!("umpire: cannot read {}: {e}", path.display());
        ExitCode::from(EXIT_BAD_INPUT)
    })
}

fn list_deck(level: Option<u8>, compass: bool, json: bool) -> ExitCode {
    if level.is_some_and(|l| !(1..=3).contains(&l)) {
        eprintln!("umpire: --level is 1, 2 or 3");
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    let cards = parse_deck(if compass { COMPASS_DECK } else { DECK }).expect("the shipped decks read");
    let cards: Vec<_> = cards.into_iter().filter(|c| level.is_none_or(|l| c.level == l)).collect();
    if json {
        print_json(&serde_json::json!(cards.iter().map(|c| serde_json::json!({"level": c.level, "law": c.text, "english": c.law.english()})).collect::<Vec<_>>()));
    } else {
        for c in &cards {
            println!("{} | {:32} | {}", c.level, c.text, c.law.english());
        }
    }
    ExitCode::SUCCESS
}

fn judge(law: &str, experiment: &str, table: &TableArgs) -> ExitCode {
    let parsed = match read_law(law, table.compass) {
        Ok(l) => l,
        Err(c) => return c,
    };
    let json = table.json;
    let x = match Experiment::parse(experiment).and_then(|x| x.validate(&Supply::parse(&table.supply)?).map(|()| x)) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e).with_source_code(experiment.to_string()));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let j = parsed.judge(&x);
    if json {
        print_json(&serde_json::json!({"law": parsed.english(), "experiment": x.notation(), "follows": j.follows, "marker": if j.follows { "O" } else { "X" }, "reason": j.reason}));
    } else {
        println!("Law: {}.", parsed.english());
        println!("{} {}: {}", if j.follows { "O" } else { "X" }, if j.follows { "follows" } else { "does not follow" }, j.reason);
    }
    if j.follows {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::EXIT_NO)
    }
}

pub fn run(action: InferAction) -> ExitCode {
    let (experiment, supply, json, picture) = match action {
        InferAction::Show { experiment, supply, json, svg } => (experiment, supply, json, svg),
        InferAction::Judge { law, experiment, table } => return judge(&law, &experiment, &table),
        InferAction::Disprove { law, theory, search, svg } => return disprove(&law, &theory, &search, svg),
        InferAction::Demonstrable { law, search } => return demonstrable(&law, &search),
        InferAction::CheckMarkers { law, file, table } => return check_markers(&law, &file, &table),
        InferAction::Deck { level, compass, json } => return list_deck(level, compass, json),
        InferAction::Play { file, new, level, law, seed, timer, compass, supply, max_dice, time } => {
            let setup = new.then_some((level, law, seed, timer, compass, supply));
            return play(&file, setup, max_dice, time);
        }
    };
    let read = || -> Result<Experiment, ExperimentError> {
        let x = Experiment::parse(&experiment)?;
        x.validate(&Supply::parse(&supply)?)?;
        Ok(x)
    };
    let x = match read() {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e).with_source_code(experiment.clone()));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let name = |i: usize| {
        let d = &x.dice[i];
        match x.face(i) {
            Some(f) => format!("{} {f}", d.colour),
            None => format!("{} (face hidden)", d.colour),
        }
    };
    let list = |ids: &[usize]| ids.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ");
    if json {
        let out = serde_json::json!({
            "experiment": x.notation(),
            "dice": x.dice.iter().enumerate().map(|(i, d)| serde_json::json!({
                "colour": d.colour, "face": x.face(i), "row": d.row, "col": d.col, "level": d.level, "stacked": x.stacked(i),
            })).collect::<Vec<_>>(),
            "groups": x.groups(),
            "lines": x.lines(),
        });
        println!("{}", serde_json::to_string_pretty(&out).expect("plain data"));
    } else {
        println!("{} ({} dice)", x.notation(), x.len());
        for (k, g) in x.groups().iter().enumerate() {
            println!("  group {}: {}", k + 1, list(g));
        }
        for line in x.lines() {
            println!("  line: {}", list(&line));
        }
    }
    if let Some(path) = picture {
        if let Err(e) = write_atomically(&path, svg(&x).as_bytes()) {
            eprintln!("umpire: cannot write {}: {e}", path.display());
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    }
    ExitCode::SUCCESS
}
