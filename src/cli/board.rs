//! The commands that take a board: `parse`, `check`, `follows`, `model` and `export`.

use crate::budget::{seconds, size};
use crate::exit::{print_json, Answer, Failure, Outcome};
use clap::Args;
use std::io::IsTerminal;
use std::time::Duration;
use umpire::commands::board::{self, read_board, BoardError, Style};
use umpire::commands::defaults::{MAX_MODEL_SIZE, SEARCH_SECONDS};
use umpire::commands::export::{self, Format};
use umpire::commands::verdict::{self, Form, Printed, Progress, Question, Request, Search};
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
    /// Say each statement in words too, as the rules read the symbols ("x is blonde",
    /// "x likes y", "x's father").
    #[arg(long)]
    words: bool,
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
    /// Print the proof as a derivation (`umpire derive` accepts it as proving the claim):
    /// a `#` comment with the verdict, then the lines.
    #[arg(long, conflicts_with_all = ["dot", "proof"])]
    derivation: bool,
}

#[derive(Args)]
struct SearchArgs {
    /// Give up after this many seconds (the answer is then `unknown`).
    #[arg(long, default_value = SEARCH_SECONDS, value_name = "SECONDS", value_parser = seconds)]
    timeout: Duration,
    /// The largest domain size the model search tries.
    #[arg(long, default_value_t = MAX_MODEL_SIZE, value_name = "N", value_parser = size)]
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
    fn search(&self) -> Search {
        Search {
            timeout: self.timeout,
            max_size: self.max_size,
            memory_mib: self.memory,
            cancel: None,
        }
    }
}

/// A board's problems, each shown whole and pointing into the text; other failures as
/// they come.
pub fn failure(e: verdict::VerdictError) -> Failure {
    match e {
        verdict::VerdictError::Board(e) => board_failure(e),
        other => Failure::report(other),
    }
}

fn board_failure(e: BoardError) -> Failure {
    match e {
        BoardError::Language(report) => Failure::reports(FailureKind::BadInput, report.each()),
        other => Failure::plain(other),
    }
}

pub fn parse(args: ParseArgs) -> Outcome {
    let style = if args.ascii { Style::Ascii } else { Style::Unicode };
    let board = read_board(&args.input).map_err(board_failure)?;
    for note in board::notes(&board) {
        eprintln!("{note:?}");
    }
    match (args.json, args.words) {
        (true, false) => print_json(&board::statements_json(&board, style)),
        (true, true) => print_json(&board::statements_json_with_words(&board, style)),
        (false, false) => print!("{}", board::statements_text(&board, style)),
        (false, true) => print!("{}", board::statements_words(&board, style)),
    }
    Ok(Answer::Yes)
}

pub fn check(args: CheckArgs) -> Outcome {
    let watching = args.search.progress || std::io::stderr().is_terminal();
    let mut told = |k: usize, count: usize| {
        if watching {
            eprintln!("statement {k} of {count}…");
        }
    };
    let mut progress = progress_printer(args.search.progress);
    let request = request(&args.board, Question::Consistency, &args.output, &args.search);
    print(verdict::check(&request, args.redundant, &mut progress, &mut told))
}

pub fn follows(args: FollowsArgs) -> Outcome {
    let request = request(&args.board, Question::Follows(args.k), &args.output, &args.search);
    print(verdict::ask(&request, &mut progress_printer(args.search.progress)))
}

pub fn model(args: ModelArgs) -> Outcome {
    let request = request(&args.board, Question::Consistency, &args.output, &args.search);
    print(verdict::model(&request, args.size, &mut progress_printer(args.search.progress)))
}

fn request<'a>(
    board: &'a str,
    question: Question,
    output: &Output,
    search: &SearchArgs,
) -> Request<'a> {
    let form = match (output.json, output.dot) {
        (true, _) => Form::Json,
        (false, true) => Form::Dot,
        (false, false) => Form::Text,
    };
    Request {
        board,
        question,
        search: search.search(),
        form,
        steps: output.proof,
        derivation: output.derivation,
    }
}

fn print(printed: Result<Printed, verdict::VerdictError>) -> Outcome {
    let printed = printed.map_err(failure)?;
    print!("{}", printed.out);
    eprint!("{}", printed.err);
    Ok(printed.answer)
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

pub fn export(args: ExportArgs) -> Outcome {
    let format = if args.smt2 { Format::Smt2 } else { Format::Tptp };
    match export::export(&args.board, format, args.follows) {
        Ok(text) => {
            print!("{text}");
            Ok(Answer::Yes)
        }
        Err(export::ExportError::Board(e)) => Err(board_failure(e)),
        Err(e @ export::ExportError::NoStatement { .. }) => Err(Failure::plain(e)),
        Err(e) => Err(Failure::report(e)),
    }
}
