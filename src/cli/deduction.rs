//! `umpire deduction …`: argument parsing and printing for the Deduction solver and game.

use crate::budget::budget;
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::time::Duration;
use umpire::games::deduction::log::{parse, Log};
use umpire::games::deduction::play::{play, Ending};
use umpire::games::deduction::solve::{advise, notebook, solve, state_line, upto_events};
use umpire::games::deduction::{parse_tile, tile_name, TILES};
use umpire::games::logs::{Over, Standing};
use umpire::solve::Budget;
use umpire::util::input::{read_text, MAX_LOG_BYTES};

#[derive(Subcommand)]
pub enum DeductionAction {
    /// Everything the log implies: where each tile can be, the exact chance of each tile
    /// being the missing one, and whether to announce.
    Solve {
        /// The game log (`grammar/deduction-log.ebnf`).
        log: PathBuf,
        /// Only the first N events.
        #[arg(long, value_name = "N")]
        upto: Option<usize>,
        #[arg(long)]
        json: bool,
    },
    /// The question to ask with the coin I drew: expected bits about the missing tile.
    Advise {
        log: PathBuf,
        /// The drawn coin, like `Sun 3`.
        #[arg(long)]
        coin: String,
        #[arg(long)]
        json: bool,
    },
    /// A game against computer players (3–5 seats), seeded; one seat may be you.
    Play {
        /// The players in seat order.
        #[arg(long, value_delimiter = ',', default_value = "Ann,Bob,Cat")]
        players: Vec<String>,
        /// The seat you play (typed at the keyboard); without it, the computer plays every seat.
        #[arg(long, value_name = "NAME")]
        human: Option<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many turns if nobody has deduced the tile.
        #[arg(long, default_value_t = 200)]
        max_turns: usize,
    },
}

pub fn run(action: DeductionAction) -> Outcome {
    match action {
        DeductionAction::Solve { log, upto, json } => with_log(&log, |parsed| {
            match solve(parsed, upto.map(|n| upto_events(parsed, n)), &solve_budget()) {
                Ok(s) if json => {
                    let m = s.missing();
                    let tiles: Vec<_> = (0..TILES)
                    .map(|t| {
                        serde_json::json!({
                            "tile": tile_name(t),
                            "holder": s.certain_holder(t).map(|h| s.holders[h].clone()),
                            "missing": {"count": s.counts[t][m].to_string(), "probability": s.counts[t][m] as f64 / s.total as f64},
                            "counts": (0..s.holders.len()).map(|h| (s.holders[h].clone(), serde_json::Value::from(s.counts[t][h].to_string()))).collect::<serde_json::Map<_, _>>(),
                        })
                    })
                    .collect();
                    // Advice to announce only while I may: not when I am out or the game is over.
                    let announce = s
                        .announce()
                        .filter(|_| state_line(&parsed.players, parsed.me, &s.standing).is_none())
                        .map(tile_name);
                    let (game_over, out) = standing_json(parsed, &s.standing);
                    print_json(
                        &serde_json::json!({"deals": s.total.to_string(), "tiles": tiles, "announce": announce, "game_over": game_over, "out": out}),
                    );
                    Ok(Answer::Yes)
                }
                Ok(s) => {
                    print!("{}", notebook(&s));
                    Ok(Answer::Yes)
                }
                Err(e) => Err(e.into()),
            }
        }),
        DeductionAction::Advise { log, coin, json } => {
            let Some(coin) = parse_tile(&coin) else {
                return Err(Failure::usage(format_args!(
                    "`{coin}` is not a coin (a suit and a value, like `Sun 3`)"
                )));
            };
            with_log(&log, |parsed| {
                // Nothing to advise when the game is over or I am out: say so (the log is still checked).
                let standing = parsed.standing(None);
                let Some(state) = state_line(&parsed.players, parsed.me, &standing) else {
                    return advise_command(parsed, coin, json);
                };
                solve(parsed, None, &solve_budget())?;
                if json {
                    let (game_over, out) = standing_json(parsed, &standing);
                    print_json(
                        &serde_json::json!({"game_over": game_over, "out": out, "questions": []}),
                    );
                } else {
                    println!("{state}");
                    println!("There is no question to advise.");
                }
                Ok(Answer::Yes)
            })
        }
        DeductionAction::Play { players, human, seed, max_turns } => {
            if umpire::games::deduction::deal_for(players.len()).is_none() {
                return Err(Failure::usage("Deduction is for 3 to 5 players"));
            }
            let seat = match human {
                Some(name) => match players.iter().position(|p| p.eq_ignore_ascii_case(&name)) {
                    Some(s) => Some(s),
                    None => {
                        return Err(Failure::usage(format_args!(
                            "`{name}` is not one of the players"
                        )))
                    }
                },
                None => None,
            };
            let stdin = std::io::stdin();
            match play(&players, seat, seed, max_turns, &mut stdin.lock(), &mut std::io::stdout()) {
                Ok(Ending::Won { .. }) => Ok(Answer::Yes),
                Ok(Ending::Nobody { .. }) => Ok(Answer::No),
                Err(e) => Err(Failure::plain(e)),
            }
        }
    }
}

/// How long a count of the deals may take.
fn solve_budget() -> Budget {
    budget(Duration::from_secs(60))
}

fn with_log(path: &Path, then: impl FnOnce(&Log) -> Outcome) -> Outcome {
    let text = read_text(path, MAX_LOG_BYTES).map_err(Failure::plain)?;
    let log =
        parse(&text).map_err(|e| Failure::in_source(e, &path.display().to_string(), &text))?;
    then(&log)
}

/// `deduction advise` on a game still under way for me.
fn advise_command(parsed: &Log, coin: usize, json: bool) -> Outcome {
    match advise(parsed, coin, &solve_budget()) {
        Ok((bits, questions)) if json => {
            let list: Vec<_> = questions
                .iter()
                .map(|q| serde_json::json!({"question": q.text(parsed), "answerer": parsed.players[q.answerer], "about": q.about.name(), "how_many": q.how_many, "bits": q.bits}))
                .collect();
            let (game_over, out) = standing_json(parsed, &parsed.standing(None));
            print_json(
                &serde_json::json!({"game_over": game_over, "out": out, "bits_now": bits, "questions": list}),
            );
            Ok(Answer::Yes)
        }
        Ok((0.0, _)) => {
            println!("The missing tile is known: announce it (`umpire deduction solve` names it).");
            Ok(Answer::Yes)
        }
        Ok((bits, questions)) => {
            println!(
                "The missing tile is uncertain by {bits:.2} bits. With the {} coin, best first:",
                tile_name(coin)
            );
            for q in &questions {
                println!("  {:.3} bits  {}", q.bits, q.text(parsed));
            }
            Ok(Answer::Yes)
        }
        Err(e) => Err(e.into()),
    }
}

/// The game's state for `--json`: `game_over` (null, or the winner — null when everyone
/// announced wrongly —, the line and the tile) and the players who are `out`.
fn standing_json(log: &Log, standing: &Standing) -> (serde_json::Value, serde_json::Value) {
    let over = match &standing.over {
        Some(Over::Won { player, line, named }) => {
            serde_json::json!({"winner": log.players[*player], "line": line, "tile": named.first().map(|&t| tile_name(t))})
        }
        Some(Over::AllOut { line }) => {
            serde_json::json!({"winner": null, "line": line, "tile": null})
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
