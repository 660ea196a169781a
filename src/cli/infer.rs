//! `umpire infer …`: argument parsing and printing for Infer.

use crate::budget::{budget, seconds};
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::Subcommand;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use umpire::games::infer::deck::{parse_deck, COMPASS_DECK, DECK};
use umpire::games::infer::experiment::{Experiment, ExperimentError, Supply};
use umpire::games::infer::game::{Game, Setup, Variants};
use umpire::games::infer::law::Law;
use umpire::games::infer::markers::{disagreements, parse_markers};
use umpire::games::infer::picture::svg;
use umpire::games::infer::play::{session, Table};
use umpire::games::infer::search::{self, Demonstrable, Found, Limits, DEMONSTRABLE_DICE};
use umpire::util::files::{write_atomically, Exclusive};
use umpire::util::input::{read_stdin, read_text, MAX_LOG_BYTES};

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
        #[arg(long, default_value = "red:20,blue:20,white:20")]
        supply: String,
        /// The largest experiment the Universe tries when it disproves a Theory.
        #[arg(long, default_value_t = 6)]
        max_dice: usize,
        /// The Universe's time budget per search, in seconds.
        #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
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
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
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

/// The most dice a search may be asked to try: shapes of 11 dice number in the hundred
/// thousands, and `touch each other` looks at every subset of the dice.
const MAX_SEARCH_DICE: usize = 10;

impl SearchArgs {
    /// The limits, with Ctrl-C wired to cancel the search.
    fn limits(&self, default_dice: usize) -> Result<(Limits, Supply), Failure> {
        let max_dice = self.max_dice.unwrap_or(default_dice);
        if max_dice > MAX_SEARCH_DICE {
            return Err(Failure::usage(format_args!("--max-dice is at most {MAX_SEARCH_DICE}")));
        }
        let supply = read_supply(&self.table.supply)?;
        Ok((Limits { max_dice, budget: crate::budget::interruptible(budget(self.time)) }, supply))
    }
}

fn read_supply(text: &str) -> Result<Supply, Failure> {
    Supply::parse(text).map_err(|e| Failure::in_source(e, "supply", text))
}

/// Reads a Law; directions only in the Compass Rose variant.
fn read_law(text: &str, compass: bool) -> Result<Law, Failure> {
    let law =
        umpire::games::infer::law::parse(text).map_err(|e| Failure::in_source(e, "law", text))?;
    if law.sees().compass && !compass {
        return Err(Failure::usage(format_args!("`{text}` speaks of directions, which only the Compass Rose variant allows: add --compass")));
    }
    Ok(law)
}

fn read_experiment(text: &str, supply: &str) -> Result<Experiment, Failure> {
    let read = || -> Result<Experiment, ExperimentError> {
        let x = Experiment::parse(text)?;
        x.validate(&Supply::parse(supply)?)?;
        Ok(x)
    };
    read().map_err(|e| Failure::in_source(e, "experiment", text))
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

fn write_picture(path: &Path, x: &Experiment) -> Result<(), Failure> {
    write_atomically(path, svg(x).as_bytes())
        .map_err(|e| Failure::usage(format_args!("cannot write {}: {e}", path.display())))
}

fn disprove(law: &str, theory: &str, args: &SearchArgs, picture: Option<PathBuf>) -> Outcome {
    let (l, t) = match (read_law(law, args.table.compass), read_law(theory, args.table.compass)) {
        (Ok(l), Ok(t)) => (l, t),
        (Err(a), Err(b)) => return Err(a.and(b)),
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    let (limits, supply) = args.limits(6)?;
    let started = Instant::now();
    let found = search::disprove(&l, &t, &supply, &limits, &mut progress);
    end_progress();
    let seconds = started.elapsed().as_secs_f64();
    let found = found?;
    let mut out =
        serde_json::json!({"law": l.english(), "theory": t.english(), "seconds": seconds});
    let code = match &found {
        Found::Experiment(x) => {
            let (jl, jt) = (l.judge(x)?, t.judge(x)?);
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
                println!(
                    "Disproved with {} {}: {}",
                    x.len(),
                    if x.len() == 1 { "die" } else { "dice" },
                    x.notation()
                );
                println!("  the Law:    {} ({})", mark(jl.follows), jl.reason);
                println!("  the Theory: {} ({})", mark(jt.follows), jt.reason);
                println!("No experiment with fewer dice separates them.");
            }
            if let Some(path) = &picture {
                write_picture(path, x)?;
            }
            Answer::Yes
        }
        Found::NoneUpTo(n) => {
            out["verdict"] = "not_disproved".into();
            out["bound"] = (*n).into();
            if !args.table.json {
                println!("Law:    {}.", l.english());
                println!("Theory: {}.", t.english());
                println!("Not disproved: no experiment with up to {n} dice (within the supply) follows one and not the other.");
            }
            Answer::No
        }
        Found::Unknown { why, checked } => {
            out["verdict"] = "unknown".into();
            out["why"] = why.to_string().into();
            out["checked_up_to"] = (*checked).into();
            if !args.table.json {
                let so_far = checked.map_or("nothing yet".to_string(), |c| {
                    format!("no experiment with up to {c} dice separates them")
                });
                println!("Unknown: {why} ({so_far}).");
            }
            Answer::Unknown
        }
    };
    if args.table.json {
        print_json(&out);
    }
    Ok(code)
}

fn mark(follows: bool) -> &'static str {
    if follows {
        "O follows"
    } else {
        "X does not follow"
    }
}

fn demonstrable(law: &str, args: &SearchArgs) -> Outcome {
    let l = read_law(law, args.table.compass)?;
    let (limits, supply) = args.limits(DEMONSTRABLE_DICE)?;
    let shown = search::demonstrate(&l, &supply, &limits, &mut progress);
    end_progress();
    let shown = shown?;
    let side = |f: &Found| match f {
        Found::Experiment(x) => {
            serde_json::json!({"experiment": x.notation(), "dice": x.len(), "reason": l.judge(x).map_or_else(|e| e.to_string(), |j| j.reason)})
        }
        Found::NoneUpTo(n) => serde_json::json!({"experiment": null, "bound": n}),
        Found::Unknown { why, .. } => {
            serde_json::json!({"experiment": null, "why": why.to_string()})
        }
    };
    let (verdict, answer) = match shown.verdict() {
        Demonstrable::Yes => ("demonstrable", Answer::Yes),
        Demonstrable::Unknown => ("unknown", Answer::Unknown),
        Demonstrable::No => ("not_demonstrable", Answer::No),
    };
    if args.table.json {
        print_json(
            &serde_json::json!({"law": l.english(), "verdict": verdict, "follows": side(&shown.follows), "breaks": side(&shown.breaks)}),
        );
    } else {
        println!("Law: {}.", l.english());
        for (f, name) in [(&shown.follows, "O follows"), (&shown.breaks, "X does not follow")] {
            match f {
                Found::Experiment(x) => println!(
                    "  {name}: {} ({})",
                    x.notation(),
                    l.judge(x).map_or_else(|e| e.to_string(), |j| j.reason)
                ),
                Found::NoneUpTo(n) => println!("  {name}: impossible with up to {n} dice"),
                Found::Unknown { why, .. } => println!("  {name}: unknown ({why})"),
            }
        }
        println!("{}", match answer {
            Answer::Yes => "Demonstrable: it can be shown both ways.",
            Answer::Unknown => "Unknown: the search ran out of budget.",
            Answer::No => "Not demonstrable: the Researchers could never see both sides of it with that few dice.",
        });
    }
    Ok(answer)
}

fn check_markers(law: &str, file: &Path, table: &TableArgs) -> Outcome {
    let json = table.json;
    let l = read_law(law, table.compass)?;
    let supply = read_supply(&table.supply)?;
    let text = read_input(file)?;
    let marks = parse_markers(&text, &supply)
        .map_err(|e| Failure::in_source(e, &file.display().to_string(), &text))?;
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
                println!(
                    "  line {}: {} is marked {} but {} ({why})",
                    m.line,
                    m.experiment.notation(),
                    if m.follows { "O" } else { "X" },
                    if m.follows { "does not follow" } else { "follows" }
                );
            }
            println!(
                "Inconsistent: {} of {} marks disagree with the Law.",
                wrong.len(),
                marks.len()
            );
        }
    }
    Ok(if wrong.is_empty() { Answer::Yes } else { Answer::No })
}

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// What `--new` asks for.
struct NewGame {
    level: Option<u8>,
    law: Option<String>,
    seed: Option<u64>,
    timer: bool,
    compass: bool,
    supply: String,
    variants: Variants,
    players: Vec<String>,
}

fn check_level(level: Option<u8>) -> Result<(), Failure> {
    match level {
        Some(l) if !(1..=3).contains(&l) => Err(Failure::usage("--level is 1, 2 or 3")),
        _ => Ok(()),
    }
}

fn play(file: &Path, setup: Option<NewGame>, max_dice: usize, time: Duration) -> Outcome {
    if max_dice > MAX_SEARCH_DICE {
        return Err(Failure::usage(format_args!("--max-dice is at most {MAX_SEARCH_DICE}")));
    }
    // The game is this session's until it ends: a second `infer play` on the same file
    // would otherwise overwrite this one's moves.
    let lock = Exclusive::try_acquire(file)
        .map_err(|e| Failure::usage(format_args!("cannot lock {}: {e}", file.display())))?
        .ok_or_else(|| {
            Failure::usage(format_args!(
                "{} is being played in another umpire; finish there first",
                file.display()
            ))
        })?;
    let mut game = match setup {
        Some(NewGame { level, law, seed, timer, compass, supply, variants, players }) => {
            if file.exists() {
                return Err(Failure::usage(format_args!(
                    "{} already exists; play it without --new, or choose another file",
                    file.display()
                )));
            }
            check_level(level)?;
            if let Some(text) = &law {
                read_law(text, compass)?;
            }
            let supply = read_supply(&supply)?;
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64)
            });
            Game::new(
                Setup { supply, compass, max_dice, timer, seed, level, law, variants, players },
                unix_now(),
            )?
        }
        None => Game::load(&read_input(file)?)?,
    };
    let mut save = move |g: &Game| lock.write(g.to_json().as_bytes());
    save(&game).map_err(|e| {
        Failure::usage(format_args!("cannot save the game to {}: {e}", file.display()))
    })?;
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
    let mut table = Table { now: &unix_now, budget: &budget, searched: &searched, save: &mut save };
    let stdin = std::io::stdin();
    session(&mut game, &mut stdin.lock(), &mut std::io::stdout(), &mut table)
        .map_err(Failure::plain)?;
    Ok(Answer::Yes)
}

/// A file's text, or standard input for `-`.
fn read_input(path: &Path) -> Result<String, Failure> {
    let text = if path.as_os_str() == "-" {
        read_stdin(MAX_LOG_BYTES)
    } else {
        read_text(path, MAX_LOG_BYTES)
    };
    text.map_err(Failure::plain)
}

fn list_deck(level: Option<u8>, compass: bool, json: bool) -> Outcome {
    check_level(level)?;
    let cards =
        parse_deck(if compass { COMPASS_DECK } else { DECK }).expect("the shipped decks read");
    let cards: Vec<_> = cards.into_iter().filter(|c| level.is_none_or(|l| c.level == l)).collect();
    if json {
        print_json(&serde_json::json!(cards
            .iter()
            .map(
                |c| serde_json::json!({"level": c.level, "law": c.text, "english": c.law.english()})
            )
            .collect::<Vec<_>>()));
    } else {
        let width = cards.iter().map(|c| c.text.chars().count()).max().unwrap_or(0);
        for c in &cards {
            println!("{} | {:width$} | {}", c.level, c.text, c.law.english());
        }
    }
    Ok(Answer::Yes)
}

fn judge(law: &str, experiment: &str, table: &TableArgs) -> Outcome {
    let parsed = read_law(law, table.compass)?;
    let x = read_experiment(experiment, &table.supply)?;
    let j = parsed.judge(&x)?;
    if table.json {
        print_json(
            &serde_json::json!({"law": parsed.english(), "experiment": x.notation(), "follows": j.follows, "marker": if j.follows { "O" } else { "X" }, "reason": j.reason}),
        );
    } else {
        println!("Law: {}.", parsed.english());
        println!(
            "{} {}: {}",
            if j.follows { "O" } else { "X" },
            if j.follows { "follows" } else { "does not follow" },
            j.reason
        );
    }
    Ok(if j.follows { Answer::Yes } else { Answer::No })
}

fn show(experiment: &str, supply: &str, json: bool, picture: Option<PathBuf>) -> Outcome {
    let x = read_experiment(experiment, supply)?;
    let name = |i: usize| {
        let d = &x.dice[i];
        match x.face(i) {
            Some(f) => format!("{} {f}", d.colour),
            None => format!("{} (face hidden)", d.colour),
        }
    };
    let list = |ids: &[usize]| ids.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ");
    if json {
        print_json(&serde_json::json!({
            "experiment": x.notation(),
            "dice": x.dice.iter().enumerate().map(|(i, d)| serde_json::json!({
                "colour": d.colour, "face": x.face(i), "row": d.row, "col": d.col, "level": d.level, "stacked": x.stacked(i),
            })).collect::<Vec<_>>(),
            "groups": x.groups(),
            "lines": x.lines(),
        }));
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
        write_picture(&path, &x)?;
    }
    Ok(Answer::Yes)
}

pub fn run(action: InferAction) -> Outcome {
    match action {
        InferAction::Show { experiment, supply, json, svg } => {
            show(&experiment, &supply, json, svg)
        }
        InferAction::Judge { law, experiment, table } => judge(&law, &experiment, &table),
        InferAction::Disprove { law, theory, search, svg } => disprove(&law, &theory, &search, svg),
        InferAction::Demonstrable { law, search } => demonstrable(&law, &search),
        InferAction::CheckMarkers { law, file, table } => check_markers(&law, &file, &table),
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
            if !new && (highlights || silence || cheater || !players.is_empty()) {
                return Err(Failure::usage(
                    "the variants and --players are chosen when a game starts: use them with --new",
                ));
            }
            let variants = Variants { highlights, silence, cheater };
            let setup = new.then_some(NewGame {
                level,
                law,
                seed,
                timer,
                compass,
                supply,
                variants,
                players,
            });
            play(&file, setup, max_dice, time)
        }
    }
}
