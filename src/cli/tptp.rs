//! `umpire tptp`: a TPTP problem solved and reported in the ATP world's terms (an SZS
//! status line, then the model or the derivation).

use crate::budget::{seconds, size};
use crate::exit::{Failure, Outcome};
use clap::Args;
use std::path::Path;
use std::time::Duration;
use umpire::commands::defaults::{MAX_MODEL_SIZE, SEARCH_SECONDS};
use umpire::commands::export::solve_tptp;
use umpire::commands::verdict::Search;

#[derive(Args)]
pub struct TptpArgs {
    /// The problem file (`include`s are read relative to it, then to $TPTP).
    problem: String,
    /// Time limit in seconds.
    #[arg(long, default_value = SEARCH_SECONDS, value_name = "SECONDS", value_parser = seconds)]
    cpu_limit: Duration,
    /// The largest domain size the model search tries.
    #[arg(long, default_value_t = MAX_MODEL_SIZE, value_name = "N", value_parser = size)]
    max_size: usize,
}

pub fn run(args: TptpArgs) -> Outcome {
    let search = Search { timeout: args.cpu_limit, max_size: args.max_size, ..Search::default() };
    match solve_tptp(Path::new(&args.problem), &search) {
        Ok((text, answer)) => {
            print!("{text}");
            Ok(answer)
        }
        Err(failed) => {
            println!("{}", failed.status_line);
            Err(Failure::report(failed.error))
        }
    }
}
