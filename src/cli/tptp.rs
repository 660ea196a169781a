//! `umpire tptp`: a TPTP problem solved and reported in the ATP world's terms (an SZS
//! status line, then the model or the derivation).

use crate::budget::{budget, seconds, size};
use crate::exit::{Failure, Outcome};
use clap::Args;
use std::path::Path;
use std::time::Duration;
use umpire::logic::tptp;
use umpire::reason::finite::{render, Limits};
use umpire::reason::Question;
use umpire::reason::{decide, Certificate, Verdict};

#[derive(Args)]
pub struct TptpArgs {
    /// The problem file (`include`s are read relative to it, then to $TPTP).
    problem: String,
    /// Time limit in seconds.
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = seconds)]
    cpu_limit: Duration,
    /// The largest domain size the model search tries.
    #[arg(long, default_value = "24", value_name = "N", value_parser = size)]
    max_size: usize,
}

pub fn run(args: TptpArgs) -> Outcome {
    let problem = args.problem.as_str();
    let path = Path::new(problem);
    let name = path.file_stem().map_or_else(
        || problem.to_string(),
        |s| s.to_string_lossy().trim_end_matches(".p").to_string(),
    );
    let formulas = tptp::read::read_file(path)
        .inspect_err(|_| println!("% SZS status InputError for {name}"))?;
    let (board, conjecture, parents) = tptp::read::to_named_board(&name, &formulas)
        .inspect_err(|_| println!("% SZS status Inappropriate for {name}"))?;
    let question = conjecture.map_or(Question::Consistency, Question::Follows);
    let limits = Limits { max_size: args.max_size, budget: budget(args.cpu_limit) };
    let decision = decide(&board, question, &limits, &mut |_| {}).map_err(|e| {
        println!("% SZS status Error for {name}");
        Failure::report(e)
    })?;
    println!("% SZS status {} for {name}", decision.verdict.szs_status());
    println!("% {}", decision.explanation);
    if let Some(m) = decision.verdict.model() {
        println!("% SZS output start FiniteModel for {name}");
        print!("{}", render::text(m));
        println!("% SZS output end FiniteModel for {name}");
    }
    if let Some(m) = decision.verdict.infinite_model() {
        println!("% SZS output start Model for {name}");
        for line in m.tptp_lines() {
            println!("{line}");
        }
        println!("% SZS output end Model for {name}");
    }
    if let Some(s) = decision.verdict.saturation() {
        println!("% SZS output start Saturation for {name}");
        print!("{}", s.tstp());
        println!("% SZS output end Saturation for {name}");
    }
    if let Verdict::Inconsistent { certificate: Certificate::Refutation { proof, argument } }
    | Verdict::Redundant { certificate: Certificate::Refutation { proof, argument } } =
        &decision.verdict
    {
        let kind = if conjecture.is_some() { "Proof" } else { "CNFRefutation" };
        println!("% SZS output start {kind} for {name}");
        print!("{}", proof.tstp(&parents));
        println!("% SZS output end {kind} for {name}");
        println!("% The same proof for a reader:");
        for line in proof.text(argument).lines() {
            println!("% {line}");
        }
    }
    Ok(crate::board::answer(&decision.verdict))
}
