//! `umpire clue …`: argument parsing and printing for the Clue solver.

use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;
use umpire::clue::log::parse;
use umpire::clue::solve::{notebook, solve, SolveError};
use umpire::clue::Deck;
use umpire::solve::Budget;

use super::{EXIT_BAD_INPUT, EXIT_NO, EXIT_UNKNOWN};

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
}

pub fn run(action: ClueAction) -> ExitCode {
    let ClueAction::Solve { log, upto, json } = action;
    let text = match std::fs::read_to_string(&log) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("umpire: cannot read {}: {e}", log.display());
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let base = log.parent().map(PathBuf::from).unwrap_or_default();
    let load_deck = |name: &str| {
        let path = base.join(name);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read the deck {}: {e}", path.display()))?;
        Deck::from_json(&text)
    };
    let parsed = match parse(&text, &load_deck) {
        Ok(l) => l,
        Err(e) => {
            let report = miette::Report::new(e).with_source_code(miette::NamedSource::new(log.display().to_string(), text));
            eprintln!("{report:?}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    match solve(&parsed, upto, &Budget::time(std::time::Duration::from_secs(60))) {
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
            print!("{}", notebook(&parsed, &s));
            ExitCode::SUCCESS
        }
        Err(e) => {
            let lines = match &e {
                SolveError::Contradiction { lines, texts } => lines.iter().zip(texts).map(|(l, t)| format!("  line {l}: {t}")).collect(),
                _ => Vec::new(),
            };
            let code = match e {
                SolveError::Contradiction { .. } => EXIT_NO,
                SolveError::Exhausted(_) => EXIT_UNKNOWN,
                _ => EXIT_BAD_INPUT,
            };
            eprintln!("{:?}", miette::Report::new(e));
            for line in lines {
                eprintln!("{line}");
            }
            ExitCode::from(code)
        }
    }
}
