//! `umpire deduction …`: argument parsing and printing for the Deduction solver and game.

use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use umpire::deduction::log::{parse, Log};
use umpire::deduction::play::{play, Ending};
use umpire::deduction::solve::{advise, notebook, solve, SolveError};
use umpire::deduction::{parse_tile, tile_name, TILES};
use umpire::solve::Budget;

use super::{report_log_error, EXIT_BAD_INPUT, EXIT_NO};

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

pub fn run(action: DeductionAction) -> ExitCode {
    match action {
        DeductionAction::Solve { log, upto, json } => with_log(&log, |parsed| match solve(parsed, upto, &budget()) {
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
                let out = serde_json::json!({"deals": s.total.to_string(), "tiles": tiles, "announce": s.announce().map(tile_name)});
                println!("{}", serde_json::to_string_pretty(&out).expect("plain data"));
                ExitCode::SUCCESS
            }
            Ok(s) => {
                print!("{}", notebook(&s));
                ExitCode::SUCCESS
            }
            Err(e) => report(e),
        }),
        DeductionAction::Advise { log, coin, json } => {
            let Some(coin) = parse_tile(&coin) else {
                eprintln!("umpire: `{coin}` is not a coin (a suit and a value, like `Sun 3`)");
                return ExitCode::from(EXIT_BAD_INPUT);
            };
            with_log(&log, |parsed| match advise(parsed, coin, &budget()) {
                Ok((bits, questions)) if json => {
                    let list: Vec<_> = questions
                        .iter()
                        .map(|q| serde_json::json!({"question": q.text(parsed), "answerer": parsed.players[q.answerer], "about": q.about.name(), "how_many": q.how_many, "bits": q.bits}))
                        .collect();
                    println!("{}", serde_json::to_string_pretty(&serde_json::json!({"bits_now": bits, "questions": list})).expect("plain data"));
                    ExitCode::SUCCESS
                }
                Ok((bits, _)) if bits == 0.0 => {
                    println!("The missing tile is known: announce it (`umpire deduction solve` names it).");
                    ExitCode::SUCCESS
                }
                Ok((bits, questions)) => {
                    println!("The missing tile is uncertain by {bits:.2} bits. With the {} coin, best first:", tile_name(coin));
                    for q in &questions {
                        println!("  {:.3} bits  {}", q.bits, q.text(parsed));
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => report(e),
            })
        }
        DeductionAction::Play { players, human, seed, max_turns } => {
            if umpire::deduction::deal_for(players.len()).is_none() {
                eprintln!("umpire: Deduction is for 3 to 5 players");
                return ExitCode::from(EXIT_BAD_INPUT);
            }
            let seat = match human {
                Some(name) => match players.iter().position(|p| p.eq_ignore_ascii_case(&name)) {
                    Some(s) => Some(s),
                    None => {
                        eprintln!("umpire: `{name}` is not one of the players");
                        return ExitCode::from(EXIT_BAD_INPUT);
                    }
                },
                None => None,
            };
            let stdin = std::io::stdin();
            match play(&players, seat, seed, max_turns, &mut stdin.lock(), &mut std::io::stdout()) {
                Ok(Ending::Won { .. }) => ExitCode::SUCCESS,
                Ok(Ending::Nobody { .. }) => ExitCode::from(EXIT_NO),
                Err(e) => {
                    eprintln!("umpire: {e}");
                    ExitCode::from(EXIT_BAD_INPUT)
                }
            }
        }
    }
}

fn budget() -> Budget {
    Budget::time(Duration::from_secs(60))
}

fn with_log(path: &Path, then: impl FnOnce(&Log) -> ExitCode) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("umpire: cannot read {}: {e}", path.display());
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    match parse(&text) {
        Ok(log) => then(&log),
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e).with_source_code(miette::NamedSource::new(path.display().to_string(), text)));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

fn report(e: SolveError) -> ExitCode {
    let conflict = match &e {
        SolveError::Contradiction { lines, texts } => Some(lines.iter().zip(texts).map(|(l, t)| format!("line {l}: {t}")).collect()),
        _ => None,
    };
    let exhausted = matches!(e, SolveError::Exhausted(_));
    report_log_error(e, conflict, exhausted)
}
