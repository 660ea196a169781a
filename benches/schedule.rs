//! Not a timing bench but the measurement the prover's schedule is picked from: every
//! strategy of `superposition::schedule::catalog` (or those named) run alone on each
//! problem with a proof of a TPTP directory, within a slice of the prover thread's CPU
//! time, one line each: problem, strategy, outcome, CPU milliseconds.
//!
//! ```text
//! cargo bench --bench schedule -- DIR [--split train] [--ms 1000] [--jobs 2]
//!     [--only NAME,NAME…] [--matching TEXT] [--problems FILE,FILE…] [--classes]
//! ```
//!
//! `--split` keeps the problems `DIR/split.tsv` puts in that split (tune on `train` only);
//! `--matching` keeps the strategies whose name contains the text. Problems whose known
//! status is not Theorem or Unsatisfiable are left out: the schedule is about refutations.
//! `--classes` prints each problem's class (`schedule::classify`) instead.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use umpire::logic::clauses::ClauseSet;
use umpire::logic::cnf::{clausify_with, premises_of};
use umpire::logic::tptp::read::{read_file, to_named_board};
use umpire::reason::superposition::saturate::Outcome;
use umpire::reason::superposition::schedule::{catalog, classify, Strategy};
use umpire::solve::Budget;

struct Options {
    dir: PathBuf,
    split: Option<String>,
    slice: Duration,
    jobs: usize,
    only: Option<Vec<String>>,
    matching: Vec<String>,
    problems: Option<Vec<String>>,
    /// Print each problem's class and stop.
    classes: bool,
}

fn options() -> Options {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let mut o = Options {
        dir: PathBuf::new(),
        split: None,
        slice: Duration::from_millis(1000),
        jobs: 1,
        only: None,
        matching: Vec::new(),
        problems: None,
        classes: false,
    };
    let list = |v: Option<String>| v.unwrap_or_default().split(',').map(String::from).collect();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--split" => o.split = args.next(),
            "--ms" => o.slice = Duration::from_millis(args.next().unwrap().parse().unwrap()),
            "--jobs" => o.jobs = args.next().unwrap().parse().unwrap(),
            "--only" => o.only = Some(list(args.next())),
            "--matching" => o.matching.push(args.next().unwrap()),
            "--problems" => o.problems = Some(list(args.next())),
            "--classes" => o.classes = true,
            _ => o.dir = PathBuf::from(a),
        }
    }
    o
}

/// The problems of the directory's manifest with a proof, in its order, kept by split
/// and name as asked.
fn problems(o: &Options) -> Vec<String> {
    let read = |name: &str| std::fs::read_to_string(o.dir.join(name)).unwrap_or_default();
    let split = read("split.tsv");
    let in_split = |file: &str| match &o.split {
        None => true,
        Some(want) => split.lines().any(|l| l.split('\t').eq([file, want.as_str()])),
    };
    read("MANIFEST.tsv")
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (matches!(f[2], "Theorem" | "Unsatisfiable")).then(|| f[0].to_string())
        })
        .filter(|f| in_split(f))
        .filter(|f| o.problems.as_ref().is_none_or(|p| p.contains(f)))
        .collect()
}

fn clauses(path: &Path) -> Option<ClauseSet> {
    let formulas = read_file(path).ok()?;
    let name = path.file_name()?.to_string_lossy().to_string();
    let (board, conjecture, _) = to_named_board(&name, &formulas).ok()?;
    let set = clausify_with(&board.signature, &premises_of(&board, conjecture), true);
    Some(set.with_goals(&board.board.goals))
}

fn main() {
    let o = options();
    let strategies: Vec<Strategy> = catalog()
        .into_iter()
        .filter(|s| o.only.as_ref().is_none_or(|only| only.iter().any(|n| n == s.name())))
        .filter(|s| o.matching.iter().all(|m| s.name().contains(m.as_str())))
        .collect();
    let problems = problems(&o);
    if o.classes {
        for p in &problems {
            let class = clauses(&o.dir.join(p)).map(|set| classify(&set).name());
            println!("{p}\t{}", class.unwrap_or_else(|| "unreadable".into()));
        }
        return;
    }
    eprintln!("{} strategies on {} problems, {:?} each", strategies.len(), problems.len(), o.slice);
    let work: Vec<(&String, &Strategy)> =
        problems.iter().flat_map(|p| strategies.iter().map(move |s| (p, s))).collect();
    let next = AtomicUsize::new(0);
    let sets: Mutex<std::collections::HashMap<String, Option<std::sync::Arc<ClauseSet>>>> =
        Mutex::default();
    std::thread::scope(|scope| {
        for _ in 0..o.jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&(problem, strategy)) = work.get(i) else { break };
                let set = sets
                    .lock()
                    .unwrap()
                    .entry(problem.clone())
                    .or_insert_with(|| clauses(&o.dir.join(problem)).map(std::sync::Arc::new))
                    .clone();
                let Some(set) = set else {
                    println!("{problem}\t{}\tunreadable\t0", strategy.name());
                    continue;
                };
                let budget = Budget::time(o.slice * 4).within_thread_cpu(o.slice);
                let start = Instant::now();
                let outcome = match strategy.attempt(&set, &budget) {
                    None => "skipped",
                    Some(Outcome::Refuted(_)) => "refuted",
                    Some(Outcome::Saturated(_)) => "saturated",
                    Some(Outcome::Stopped { .. }) => "stopped",
                };
                let ms = start.elapsed().as_millis();
                println!("{problem}\t{}\t{outcome}\t{ms}", strategy.name());
            });
        }
    });
}
