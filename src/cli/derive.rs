//! `umpire derive BOARD DERIVATION`: a player's derivation judged line by line.

use crate::budget::{seconds, size};
use crate::exit::{print_json, Failure, Outcome};
use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use umpire::commands::defaults::MAX_MODEL_SIZE;
use umpire::commands::derive::{derive, ClaimAsked, DeriveError, DeriveRequest, STEP_TIME};
use umpire::commands::verdict::Search;
use umpire::util::failure::FailureKind;

#[derive(Args)]
pub struct DeriveArgs {
    /// The board: a board file, or a statement in quotes.
    board: String,
    /// The derivation: one line per formula, `FORMULA :RULE CITATIONS`, subproofs indented
    /// (see `grammar/derivation.ebnf` and GUIDE.md).
    derivation: PathBuf,
    /// The claim the derivation argues: `--claim redundant K` or `--claim inconsistent`.
    #[arg(long, num_args = 1..=2, value_name = "CLAIM")]
    claim: Option<Vec<String>>,
    /// The engines' time for each step (a `by` line, or the model of a wrong line).
    #[arg(long, default_value_t = STEP_TIME.as_secs_f64(), value_name = "SECONDS", value_parser = seconds_f64)]
    step_time: f64,
    /// The largest domain size a counter-model may have.
    #[arg(long, default_value_t = MAX_MODEL_SIZE, value_name = "N", value_parser = size)]
    max_size: usize,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Say each line's statement in words under it.
    #[arg(long)]
    words: bool,
}

fn seconds_f64(text: &str) -> Result<f64, String> {
    seconds(text).map(|d| d.as_secs_f64())
}

pub fn run(args: DeriveArgs) -> Outcome {
    let claim = match &args.claim {
        Some(words) => Some(ClaimAsked::from_words(words).map_err(failure)?),
        None => None,
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let search = Search {
        timeout: Duration::from_secs_f64(args.step_time),
        max_size: args.max_size,
        memory_mib: None,
        cancel: Some(cancel),
    };
    let request = DeriveRequest { board: &args.board, derivation: &args.derivation, claim, search };
    let show = std::io::stderr().is_terminal() && !args.json;
    let report = derive(&request, &mut |k, n| {
        if show {
            eprint!("\rjudging line {k} of {n}");
            if k == n {
                eprint!("\r{}\r", " ".repeat(30));
            }
        }
    })
    .map_err(failure)?;
    if args.json {
        print_json(&umpire::commands::json(&report));
    } else {
        print!("{}", report.text_saying(args.words));
    }
    Ok(report.answer())
}

fn failure(e: DeriveError) -> Failure {
    match e {
        DeriveError::Derivation(report) => Failure::reports(FailureKind::BadInput, report.each()),
        DeriveError::Board(umpire::commands::board::BoardError::Language(report)) => {
            Failure::reports(FailureKind::BadInput, report.each())
        }
        DeriveError::Claim(_) => Failure::usage(e),
        other => Failure::plain(other),
    }
}
