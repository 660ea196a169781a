//! The commands that take a board: `parse`, `check`, `follows`, `model` and `export`.

use crate::budget::{budget, seconds, size};
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::Args;
use std::io::IsTerminal;
use std::time::Duration;
use umpire::commands::board::{read_board, BoardError};
use umpire::commands::evidence::{has_steps, report, unknown_hint};
use umpire::commands::scoring;
use umpire::logic::board::CheckedBoard;
use umpire::logic::cnf::premises_of;
use umpire::logic::print::{self, Style};
use umpire::logic::tptp;
use umpire::reason::finite::{self, render, AtSize, Limits, Progress};
use umpire::reason::{decide_with, Decision, Options, Question, Verdict};
use umpire::util::failure::FailureKind;

#[derive(Args)]
pub struct ParseArgs {
    /// A board file (one statement a line, `#` comments) or a statement in quotes.
    input: String,
    /// Print with ASCII connectives (forall, ~, &, |, ->, <->).
    #[arg(long, conflicts_with = "unicode")]
    ascii: bool,
    /// Print with Unicode connectives (the default).
    #[arg(long)]
    unicode: bool,
    /// Print the syntax trees as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct CheckArgs {
    /// A board file or a statement in quotes.
    board: String,
    /// The scoring helper: list every statement that follows from the others, with its
    /// proof (each question gets --timeout). Exit 0 when one or more follow, 1 when none.
    #[arg(long, conflicts_with = "dot")]
    redundant: bool,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Args)]
pub struct FollowsArgs {
    board: String,
    /// The statement claimed redundant, counted from 1 in the board file.
    k: usize,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Args)]
pub struct ModelArgs {
    board: String,
    /// Look for a model of exactly this many objects.
    #[arg(long)]
    size: Option<usize>,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Args)]
pub struct ExportArgs {
    board: String,
    /// TPTP (FOF), for E, Vampire, cvc5.
    #[arg(long, required_unless_present = "smt2", conflicts_with = "smt2")]
    tptp: bool,
    /// SMT-LIB 2 (uninterpreted sort U), for z3 and cvc5; with --follows, statement K is
    /// asserted negated, so `unsat` means it follows.
    #[arg(long)]
    smt2: bool,
    /// Make statement K the conjecture: does it follow from the others?
    #[arg(long, value_name = "K")]
    follows: Option<usize>,
}

#[derive(Args)]
struct Output {
    /// Print the verdict as JSON (its `verdict` field: consistent, inconsistent, redundant,
    /// not-redundant, unknown).
    #[arg(long, conflicts_with = "dot")]
    json: bool,
    /// Draw the model as Graphviz (likes and smarter as arrows, father dashed).
    #[arg(long)]
    dot: bool,
    /// Print the proof's steps when the verdict is inconsistent or redundant.
    #[arg(long)]
    proof: bool,
}

#[derive(Args)]
struct SearchArgs {
    /// Give up after this many seconds (the answer is then `unknown`).
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = seconds)]
    timeout: Duration,
    /// The largest domain size the model search tries.
    #[arg(long, default_value = "24", value_name = "N", value_parser = size)]
    max_size: usize,
    /// Give up (the answer is then `unknown`) when umpire's memory passes this many MiB
    /// (default: half the machine's memory, at most 8 GiB).
    #[arg(long, value_name = "MIB")]
    memory: Option<u64>,
    /// Report each domain size searched on stderr (the default when stderr is a terminal).
    #[arg(long)]
    progress: bool,
}

impl SearchArgs {
    fn limits(&self) -> Limits {
        let mut budget = budget(self.timeout);
        if let Some(mib) = self.memory {
            budget = budget.with_memory(mib.saturating_mul(1 << 20));
        }
        Limits { max_size: self.max_size, budget }
    }
}

/// Reads a board, or fails with every problem it has, each pointing into the text.
pub fn load(input: &str) -> Result<CheckedBoard, Failure> {
    read_board(input).map_err(|e| match e {
        BoardError::Language(report) => Failure::reports(FailureKind::BadInput, report.each()),
        other => Failure::plain(other),
    })
}

/// The exit answer of a verdict.
pub fn answer(verdict: &Verdict) -> Answer {
    match verdict {
        Verdict::Consistent { .. } | Verdict::Redundant { .. } => Answer::Yes,
        Verdict::Inconsistent { .. } | Verdict::NotRedundant { .. } => Answer::No,
        Verdict::Unknown { .. } => Answer::Unknown,
    }
}

pub fn parse(args: ParseArgs) -> Outcome {
    let style = if args.ascii { Style::Ascii } else { Style::Unicode };
    let board = load(&args.input)?;
    for note in &board.notes {
        let report = miette::Report::new(note.clone()).with_source_code(
            umpire::util::source::SourceText::new(&board.board.name, board.board.text.clone()),
        );
        eprintln!("{report:?}");
    }
    if args.json {
        let statements: Vec<_> = board
            .board
            .statements
            .iter()
            .zip(&board.board.lines)
            .enumerate()
            // `number` is the statement's number at the table, (1) first, as every verdict names it.
            .map(|(i, (st, line))| serde_json::json!({ "number": i + 1, "line": line, "text": print::statement(st, style), "ast": st }))
            .collect();
        print_json(&serde_json::json!({ "statements": statements, "signature": board.signature }));
    } else {
        for st in &board.board.statements {
            println!("{}", print::statement(st, style));
        }
    }
    Ok(Answer::Yes)
}

pub fn check(args: CheckArgs) -> Outcome {
    if args.redundant {
        return redundant(&args.board, &args.output, &args.search);
    }
    verdict(&args.board, Question::Consistency, &args.output, &args.search)
}

/// `check --redundant`: every statement's redundancy question, as the scoring phase asks it.
fn redundant(input: &str, output: &Output, search: &SearchArgs) -> Outcome {
    let board = load(input)?;
    let watching = search.progress || std::io::stderr().is_terminal();
    let count = board.board.statements.len();
    let base = search.limits().budget;
    let mut told = |k: usize| {
        if watching {
            eprintln!("statement {k} of {count}…");
        }
    };
    let all = scoring::each_statement(&board, search.max_size, search.timeout, &base, &mut told)?;
    let found = scoring::redundant(&all);
    if output.json {
        let statements: Vec<_> =
            all.iter().map(|(k, d)| serde_json::json!({"statement": k, "decision": d})).collect();
        print_json(&serde_json::json!({"redundant": found, "statements": statements}));
    } else {
        print!("{}", scoring::text(&all, count));
    }
    let undecided =
        all.len() < count || all.iter().any(|(_, d)| matches!(d.verdict, Verdict::Unknown { .. }));
    Ok(match (found.is_empty(), undecided) {
        (false, _) => Answer::Yes,
        (true, true) => Answer::Unknown,
        (true, false) => Answer::No,
    })
}

pub fn follows(args: FollowsArgs) -> Outcome {
    verdict(&args.board, Question::Follows(args.k), &args.output, &args.search)
}

/// Prints each searched size on stderr when a person is watching.
fn progress_printer(always: bool) -> impl FnMut(&Progress) {
    let show = always || std::io::stderr().is_terminal();
    move |p: &Progress| {
        if show {
            eprintln!(
                "size {}: {} ({} ms, {} variables, {} clauses)",
                p.size,
                if p.found { "model found" } else { "no model" },
                p.elapsed.as_millis(),
                p.variables,
                p.clauses
            );
        }
    }
}

fn verdict(input: &str, question: Question, output: &Output, search: &SearchArgs) -> Outcome {
    let board = load(input)?;
    let options = Options { steps: output.proof };
    let decision = decide_with(
        &board,
        question,
        &search.limits(),
        options,
        &mut progress_printer(search.progress),
    )?;
    print_decision(&decision, output);
    if let (false, Some(hint)) =
        (output.json, unknown_hint(&decision, "--timeout", Some("--max-size")))
    {
        eprintln!("umpire: {hint}");
    }
    Ok(answer(&decision.verdict))
}

fn print_decision(decision: &Decision, output: &Output) {
    if output.json {
        print_json(decision);
    } else if output.dot {
        match decision.verdict.model() {
            Some(m) => print!("{}", render::dot(m)),
            None if decision.verdict.infinite_model().is_some() => {
                eprintln!(
                    "{}\n(an infinite model has no graph: its definitions follow)\n{}",
                    decision.explanation,
                    report(decision, false)
                )
            }
            None if decision.verdict.saturation().is_some() => {
                eprintln!(
                    "{}\n(a saturation has no graph: its clauses follow)\n{}",
                    decision.explanation,
                    report(decision, false)
                )
            }
            None => eprintln!("{}", decision.explanation),
        }
    } else if decision.verdict.witness().is_some() || output.proof {
        print!("{}", report(decision, false));
    } else {
        println!("{}", decision.explanation);
        if has_steps(decision) {
            println!("(--proof shows the steps)");
        }
    }
}

pub fn model(args: ModelArgs) -> Outcome {
    let Some(size) = args.size else {
        return verdict(&args.board, Question::Consistency, &args.output, &args.search);
    };
    let board = load(&args.board)?;
    let premises = premises_of(&board, None);
    let (answer, verdict, why) = match finite::search_size(
        &board.signature,
        &premises,
        size,
        &args.search.limits().budget,
    )? {
        AtSize::Found { model } => {
            if args.output.json {
                print_json(
                    &serde_json::json!({ "verdict": "consistent", "model": render::json(&model) }),
                );
            } else if args.output.dot {
                print!("{}", render::dot(&model));
            } else {
                print!("{}", render::text(&model));
            }
            return Ok(Answer::Yes);
        }
        other @ (AtSize::NoModel | AtSize::Forbidden { .. }) => {
            (Answer::No, "no-model-of-size", other.explain(size))
        }
        other @ (AtSize::BeyondSearch { .. } | AtSize::GaveUp(_)) => {
            (Answer::Unknown, "unknown", other.explain(size))
        }
    };
    if args.output.json {
        print_json(&serde_json::json!({ "verdict": verdict, "size": size, "explanation": why }));
    } else {
        println!("{why}");
    }
    Ok(answer)
}

pub fn export(args: ExportArgs) -> Outcome {
    let board = load(&args.board)?;
    if let Some(k) = args.follows {
        let count = board.board.statements.len();
        if k == 0 || k > count {
            return Err(Failure::usage(format_args!(
                "there is no statement {k}: the board has {count}"
            )));
        }
    }
    if args.smt2 {
        print!("{}", umpire::logic::smt2::problem(&board, args.follows)?);
    } else {
        print!("{}", tptp::problem(&board, args.follows)?);
    }
    Ok(Answer::Yes)
}
