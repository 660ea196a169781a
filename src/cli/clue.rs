//! `umpire clue …`: argument parsing and printing for the Clue solver.

use crate::budget::{budget, seconds};
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::time::Duration;
use umpire::games::clue::advise::{advise, room_kind};
use umpire::games::clue::log::{parse, Log};
use umpire::games::clue::solve::{notebook, solve, state_line, upto_events};
use umpire::games::clue::Deck;
use umpire::games::logs::{Over, Standing};
use umpire::util::files::Exclusive;
use umpire::util::input::{read_text, MAX_LOG_BYTES};

/// How long a count of the deals may take.
const SOLVE_TIME: Duration = Duration::from_secs(60);

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
        #[arg(long, default_value = "60", value_name = "SECONDS", value_parser = seconds)]
        timeout: Duration,
        #[arg(long)]
        json: bool,
    },
    /// Starts a log: the deck, the players in seat order with their hand sizes, who I am and
    /// my hand. The file must not exist yet.
    New {
        log: PathBuf,
        /// `classic`, `ivory-tower`, or a deck file (JSON) beside the log.
        #[arg(long, default_value = "classic")]
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
        ClueAction::Solve { log, upto, json } => with_log(&log, |parsed| {
            solve_command(parsed, upto.map(|n| upto_events(parsed, n)), json)
        }),
        ClueAction::Advise { log, room, top, timeout, json } => {
            with_log(&log, |parsed| advise_command(parsed, &room, top, timeout, json))
        }
        ClueAction::New { log, deck, players, me, hand } => {
            new_log(&log, &format!("deck: {deck}\nplayers: {players}\nme: {me}\nhand: {hand}\n"))
        }
        ClueAction::Add { log, event, anyway } => edit_log(&log, anyway, |lines| {
            lines.push(event.clone());
            Ok(format!("added: {event}"))
        }),
        ClueAction::Undo { log } => edit_log(&log, true, |lines| {
            let last =
                lines.iter().rposition(|l| is_event(l)).ok_or("the log has no event to undo")?;
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
    let word =
        line.split('#').next().unwrap_or("").split_whitespace().next().unwrap_or("").to_lowercase();
    matches!(word.as_str(), "suggest" | "accuse" | "seen")
}

fn read(log: &Path) -> Result<String, Failure> {
    read_text(log, MAX_LOG_BYTES).map_err(Failure::plain)
}

fn parse_log(log: &Path, text: &str) -> Result<Log, Failure> {
    let base = log.parent().map(PathBuf::from).unwrap_or_default();
    let load_deck = |name: &str| {
        let path = base.join(name);
        let text = read_text(&path, MAX_LOG_BYTES)
            .map_err(|e| format!("cannot read the deck {}: {}", path.display(), e.reason()))?;
        Deck::from_json(&text)
    };
    parse(text, &load_deck).map_err(|e| Failure::in_source(e, &log.display().to_string(), text))
}

fn with_log(log: &Path, then: impl FnOnce(&Log) -> Outcome) -> Outcome {
    let text = read(log)?;
    then(&parse_log(log, &text)?)
}

/// Changes the log's lines, checks the result, and saves it atomically (the old log stays
/// whole if anything fails). Without `anyway`, a change that makes the log contradictory is
/// refused, with the conflicting lines named.
fn edit_log(
    log: &Path,
    anyway: bool,
    change: impl FnOnce(&mut Vec<String>) -> Result<String, String>,
) -> Outcome {
    // One writer at a time: the log is read, changed and written under its lock, so two
    // `clue add` at once both land.
    let lock = Exclusive::acquire(log)
        .map_err(|e| Failure::usage(format_args!("cannot lock {}: {e}", log.display())))?;
    let text = read(log)?;
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let said = change(&mut lines).map_err(Failure::usage)?;
    let new_text = lines.join("\n") + "\n";
    let parsed = parse_log(log, &new_text).map_err(|f| f.then("the log was not changed"))?;
    if let Err(e) = solve(&parsed, None, &budget(SOLVE_TIME)) {
        if !anyway || !e.is_contradiction() {
            let hint = if anyway { "" } else { " (--anyway saves a contradictory log)" };
            return Err(Failure::report(e).then(format_args!("the log was not changed{hint}")));
        }
    }
    lock.write(new_text.as_bytes())
        .map_err(|e| Failure::usage(format_args!("cannot save {}: {e}", log.display())))?;
    println!("{said}");
    Ok(Answer::Yes)
}

/// `clue new`: the header lines, checked as a log before the file is written.
fn new_log(log: &Path, header: &str) -> Outcome {
    let lock = Exclusive::acquire(log)
        .map_err(|e| Failure::usage(format_args!("cannot lock {}: {e}", log.display())))?;
    if log.exists() {
        return Err(Failure::usage(format_args!(
            "{} already exists; add events to it with `umpire clue add`",
            log.display()
        )));
    }
    let parsed = parse_log(log, header)?;
    solve(&parsed, None, &budget(SOLVE_TIME))?;
    lock.write(header.as_bytes())
        .map_err(|e| Failure::usage(format_args!("cannot save {}: {e}", log.display())))?;
    print!("{header}");
    Ok(Answer::Yes)
}

fn solve_command(parsed: &Log, upto: Option<usize>, json: bool) -> Outcome {
    match solve(parsed, upto, &budget(SOLVE_TIME)) {
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
            // Advice to accuse only while I may: not when I am out or the game is over.
            let accuse = s
                .can_accuse()
                .filter(|_| state_line(parsed, &s.standing).is_none())
                .map(|cards| cards.iter().map(|&c| s.cards[c].clone()).collect::<Vec<_>>());
            let (game_over, out) = standing_json(parsed, &s.standing);
            print_json(
                &serde_json::json!({"deals": s.total.to_string(), "cards": cards, "envelopes": envelopes, "accuse": accuse, "game_over": game_over, "out": out}),
            );
            Ok(Answer::Yes)
        }
        Ok(s) => {
            print!("{}", notebook(parsed, &s));
            Ok(Answer::Yes)
        }
        Err(e) => Err(e.into()),
    }
}

/// The game's state for `--json`: `game_over` (null, or the winner — null when everyone
/// accused wrongly —, the line and the envelope) and the players who are `out`.
fn standing_json(log: &Log, standing: &Standing) -> (serde_json::Value, serde_json::Value) {
    let cards = |cs: &[usize]| cs.iter().map(|&c| log.deck.name_of(c)).collect::<Vec<_>>();
    let over = match &standing.over {
        Some(Over::Won { player, line, named }) => {
            serde_json::json!({"winner": log.players[*player], "line": line, "envelope": cards(named)})
        }
        Some(Over::AllOut { line }) => {
            serde_json::json!({"winner": null, "line": line, "envelope": null})
        }
        None => serde_json::Value::Null,
    };
    let out = standing
        .out
        .iter()
        .map(|&(p, line)| serde_json::json!({"player": log.players[p], "line": line}))
        .collect();
    (over, serde_json::Value::Array(out))
}

fn advise_command(
    parsed: &Log,
    rooms: &[String],
    top: usize,
    timeout: Duration,
    json: bool,
) -> Outcome {
    // Nothing to advise when the game is over or I am out: say so (the log is still checked).
    let standing = parsed.standing(None);
    if let Some(state) = state_line(parsed, &standing) {
        solve(parsed, None, &budget(timeout))?;
        if json {
            let (game_over, out) = standing_json(parsed, &standing);
            print_json(
                &serde_json::json!({"game_over": game_over, "out": out, "suggestions": [], "best_reachable": null, "unevaluated": 0}),
            );
        } else {
            println!("{state}");
            println!("There is no suggestion to advise.");
        }
        return Ok(Answer::Yes);
    }
    let room = room_kind(parsed);
    let mut reachable = Vec::new();
    for name in rooms {
        match parsed.deck.find(name) {
            Ok(c) if parsed.deck.kind_of(c) == room => reachable.push(c),
            Ok(c) => {
                return Err(Failure::usage(format_args!(
                    "{} is not a {}",
                    parsed.deck.name_of(c),
                    parsed.deck.kinds[room].kind
                )))
            }
            Err(e) => return Err(Failure::usage(e)),
        }
    }
    let rooms = (!reachable.is_empty()).then_some(reachable.as_slice());
    let advice = advise(parsed, rooms, &budget(timeout))?;
    let names = |cards: &[usize]| {
        cards.iter().map(|&c| parsed.deck.name_of(c)).collect::<Vec<_>>().join(", ")
    };
    let best_reachable = advice.suggestions.iter().find(|s| s.reachable == Some(true));
    if json {
        let item = |s: &umpire::games::clue::advise::Suggestion| serde_json::json!({"cards": s.cards.iter().map(|&c| parsed.deck.name_of(c)).collect::<Vec<_>>(), "bits": s.bits, "nobody_refutes": s.nobody_refutes, "reachable": s.reachable});
        let (game_over, out) = standing_json(parsed, &standing);
        print_json(&serde_json::json!({
            "game_over": game_over,
            "out": out,
            "bits_now": advice.bits_now,
            "unevaluated": advice.unevaluated,
            "suggestions": advice.suggestions.iter().take(top).map(item).collect::<Vec<_>>(),
            "best_reachable": best_reachable.map(item),
        }));
    } else {
        println!("The envelope is uncertain by {:.2} bits (summed over kinds).", advice.bits_now);
        println!("{:>6}  {:>8}  {:9}  suggestion", "bits", "no-show", "reachable");
        for s in advice.suggestions.iter().take(top) {
            let r = match s.reachable {
                Some(true) => "yes",
                Some(false) => "no",
                None => "?",
            };
            println!(
                "{:>6.3}  {:>7.1}%  {:9}  {}",
                s.bits,
                100.0 * s.nobody_refutes,
                r,
                names(&s.cards)
            );
        }
        if let Some(b) = best_reachable {
            println!("Best reachable: {} ({:.3} bits).", names(&b.cards), b.bits);
        } else if rooms.is_some() {
            println!("No rated suggestion names a room you can reach.");
        }
        if advice.unevaluated > 0 {
            println!(
                "The time limit left {} of {} suggestions unrated.",
                advice.unevaluated,
                advice.unevaluated + advice.suggestions.len()
            );
        }
    }
    Ok(if advice.unevaluated > 0 { Answer::Unknown } else { Answer::Yes })
}
