//! `umpire clue …`: argument parsing and printing for the Clue solver.

use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use umpire::clue::advise::{advise, room_kind};
use umpire::clue::log::{parse, Log};
use umpire::clue::solve::{notebook, solve, SolveError};
use umpire::clue::Deck;
use umpire::files::write_atomically;
use umpire::solve::Budget;

use super::{report_log_error, EXIT_BAD_INPUT, EXIT_UNKNOWN};

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
        #[arg(long, default_value_t = 10)]
        top: usize,
        /// Give up after this many seconds (the suggestions rated by then are shown).
        #[arg(long, default_value_t = 60)]
        timeout: u64,
        #[arg(long)]
        json: bool,
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

pub fn run(action: ClueAction) -> ExitCode {
    match action {
        ClueAction::Solve { log, upto, json } => with_log(&log, |parsed| solve_command(parsed, upto, json)),
        ClueAction::Advise { log, room, top, timeout, json } => {
            with_log(&log, |parsed| advise_command(parsed, &room, top, Duration::from_secs(timeout), json))
        }
        ClueAction::Add { log, event, anyway } => edit_log(&log, anyway, |lines| {
            lines.push(event.clone());
            Ok(format!("added: {event}"))
        }),
        ClueAction::Undo { log } => edit_log(&log, true, |lines| {
            let last = lines.iter().rposition(|l| is_event(l)).ok_or("the log has no event to undo")?;
            Ok(format!("removed line {}: {}", last + 1, lines.remove(last)))
        }),
        ClueAction::Edit { log, line, text, anyway } => edit_log(&log, anyway, |lines| {
            if line == 0 || line > lines.len() {
                return Err(format!("the log has no line {line} (it has {} lines)", lines.len()));
            }
            let old = std::mem::replace(&mut lines[line - 1], text.clone());
            if text.trim().is_empty() {
                lines.remove(line - 1);
            }
            Ok(format!("line {line} was: {old}"))
        }),
    }
}

fn is_event(line: &str) -> bool {
    let word = line.split('#').next().unwrap_or("").split_whitespace().next().unwrap_or("").to_lowercase();
    matches!(word.as_str(), "suggest" | "accuse" | "seen")
}

fn read(log: &Path) -> Result<String, ExitCode> {
    std::fs::read_to_string(log).map_err(|e| {
        eprintln!("umpire: cannot read {}: {e}", log.display());
        ExitCode::from(EXIT_BAD_INPUT)
    })
}

fn parse_log(log: &Path, text: &str) -> Result<Log, ExitCode> {
    let base = log.parent().map(PathBuf::from).unwrap_or_default();
    let load_deck = |name: &str| {
        let path = base.join(name);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read the deck {}: {e}", path.display()))?;
        Deck::from_json(&text)
    };
    parse(text, &load_deck).map_err(|e| {
        let report = miette::Report::new(e).with_source_code(miette::NamedSource::new(log.display().to_string(), text.to_string()));
        eprintln!("{report:?}");
        ExitCode::from(EXIT_BAD_INPUT)
    })
}

fn with_log(log: &Path, then: impl FnOnce(&Log) -> ExitCode) -> ExitCode {
    match read(log).and_then(|text| parse_log(log, &text)) {
        Ok(parsed) => then(&parsed),
        Err(code) => code,
    }
}

/// Changes the log's lines, checks the result, and saves it atomically (the old log stays
/// whole if anything fails). Without `anyway`, a change that makes the log contradictory is
/// refused, with the conflicting lines named.
fn edit_log(log: &Path, anyway: bool, change: impl FnOnce(&mut Vec<String>) -> Result<String, String>) -> ExitCode {
    let text = match read(log) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let said = match change(&mut lines) {
        Ok(s) => s,
        Err(why) => {
            eprintln!("umpire: {why}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let new_text = lines.join("\n") + "\n";
    let parsed = match parse_log(log, &new_text) {
        Ok(p) => p,
        Err(code) => {
            eprintln!("umpire: the log was not changed");
            return code;
        }
    };
    if let Err(e) = solve(&parsed, None, &Budget::time(Duration::from_secs(60))) {
        if !anyway || !matches!(e, SolveError::Contradiction { .. }) {
            let code = report_error(e);
            eprintln!("umpire: the log was not changed{}", if anyway { "" } else { " (--anyway saves a contradictory log)" });
            return code;
        }
    }
    if let Err(e) = write_atomically(log, new_text.as_bytes()) {
        eprintln!("umpire: cannot save {}: {e}", log.display());
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    println!("{said}");
    ExitCode::SUCCESS
}

fn report_error(e: SolveError) -> ExitCode {
    let conflict = match &e {
        SolveError::Contradiction { lines, texts } => Some(lines.iter().zip(texts).map(|(l, t)| format!("line {l}: {t}")).collect()),
        _ => None,
    };
    let exhausted = matches!(e, SolveError::Exhausted(_));
    report_log_error(e, conflict, exhausted)
}

fn solve_command(parsed: &Log, upto: Option<usize>, json: bool) -> ExitCode {
    match solve(parsed, upto, &Budget::time(Duration::from_secs(60))) {
        Ok(s) if json => {
            let cards: Vec<_> = (0..s.cards.len())
                .map(|c| {
                    serde_json::json!({
                        "card": s.cards[c],
                        "holder": s.certain_holder(c).map(|h| s.holders[h].clone()),
                        "probability": (0..s.holders.len()).map(|h| (s.holders[h].clone(), serde_json::json!({"count": s.counts[c][h].to_string(), "probability": s.probability(c, h)}))).collect::<serde_json::Map<_, _>>(),
                    })
                })
                .collect();
            let envelopes: Vec<_> = s
                .envelopes
                .iter()
                .map(|(cards, n)| serde_json::json!({"cards": cards.iter().map(|&c| &s.cards[c]).collect::<Vec<_>>(), "count": n.to_string(), "probability": *n as f64 / s.total as f64}))
                .collect();
            let accuse = s.can_accuse().map(|cards| cards.iter().map(|&c| s.cards[c].clone()).collect::<Vec<_>>());
            let out = serde_json::json!({"deals": s.total.to_string(), "cards": cards, "envelopes": envelopes, "accuse": accuse});
            println!("{}", serde_json::to_string_pretty(&out).expect("plain data"));
            ExitCode::SUCCESS
        }
        Ok(s) => {
            print!("{}", notebook(parsed, &s));
            ExitCode::SUCCESS
        }
        Err(e) => report_error(e),
    }
}

fn advise_command(parsed: &Log, rooms: &[String], top: usize, timeout: Duration, json: bool) -> ExitCode {
    let room = room_kind(parsed);
    let mut reachable = Vec::new();
    for name in rooms {
        match parsed.deck.find(name) {
            Ok(c) if parsed.deck.kind_of(c) == room => reachable.push(c),
            Ok(c) => {
                eprintln!("umpire: {} is not a {}", parsed.deck.name_of(c), parsed.deck.kinds[room].kind);
                return ExitCode::from(EXIT_BAD_INPUT);
            }
            Err(e) => {
                eprintln!("umpire: {e}");
                return ExitCode::from(EXIT_BAD_INPUT);
            }
        }
    }
    let rooms = (!reachable.is_empty()).then_some(reachable.as_slice());
    let advice = match advise(parsed, rooms, &Budget::time(timeout)) {
        Ok(a) => a,
        Err(e) => return report_error(e),
    };
    let names = |cards: &[usize]| cards.iter().map(|&c| parsed.deck.name_of(c)).collect::<Vec<_>>().join(", ");
    let best_reachable = advice.suggestions.iter().find(|s| s.reachable == Some(true));
    if json {
        let item = |s: &umpire::clue::advise::Suggestion| {
            serde_json::json!({"cards": s.cards.iter().map(|&c| parsed.deck.name_of(c)).collect::<Vec<_>>(), "bits": s.bits, "nobody_refutes": s.nobody_refutes, "reachable": s.reachable})
        };
        let out = serde_json::json!({
            "bits_now": advice.bits_now,
            "unevaluated": advice.unevaluated,
            "suggestions": advice.suggestions.iter().take(top).map(item).collect::<Vec<_>>(),
            "best_reachable": best_reachable.map(item),
        });
        println!("{}", serde_json::to_string_pretty(&out).expect("plain data"));
    } else {
        println!("The envelope is uncertain by {:.2} bits (summed over kinds).", advice.bits_now);
        println!("{:>6}  {:>8}  {:9}  suggestion", "bits", "no-show", "reachable");
        for s in advice.suggestions.iter().take(top) {
            let r = match s.reachable {
                Some(true) => "yes",
                Some(false) => "no",
                None => "?",
            };
            println!("{:>6.3}  {:>7.1}%  {:9}  {}", s.bits, 100.0 * s.nobody_refutes, r, names(&s.cards));
        }
        if let Some(b) = best_reachable {
            println!("Best reachable: {} ({:.3} bits).", names(&b.cards), b.bits);
        } else if rooms.is_some() {
            println!("No rated suggestion names a room you can reach.");
        }
        if advice.unevaluated > 0 {
            println!("The time limit left {} of {} suggestions unrated.", advice.unevaluated, advice.unevaluated + advice.suggestions.len());
        }
    }
    if advice.unevaluated > 0 {
        ExitCode::from(EXIT_UNKNOWN)
    } else {
        ExitCode::SUCCESS
    }
}
