//! The `umpire` command line: parses arguments, calls the library, prints.

mod clue_cli;
mod deduction_cli;
mod dice_cli;
mod infer_cli;

use clap::{Args, Parser, Subcommand};
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;
use umpire::logic::board::{self, CheckedBoard};
use umpire::logic::check::CheckMode;
use umpire::logic::print::{self, Style};
use umpire::cardgame::deck::CardKind;
use umpire::cardgame::game::{Claim, Event, Game, GameError, Settings};
use umpire::cardgame::legal::Illegal;
use umpire::logic::tptp;
use umpire::models::{self, premises_of, render, AtSize, Limits, Progress};
use umpire::solve::Budget;
use umpire::verdict::{decide, Certificate, Decision, Question, Verdict};

/// Exit status: the answer is yes (consistent; the statement follows; a model exists).
const EXIT_YES: u8 = 0;
/// Exit status: the answer is no (inconsistent; the statement does not follow; no model).
const EXIT_NO: u8 = 1;
/// Exit status for input umpire could not read or that is not well-formed.
const EXIT_BAD_INPUT: u8 = 2;
/// Exit status: umpire could not decide within its budget.
const EXIT_UNKNOWN: u8 = 3;
/// Exit status: umpire caught itself in an internal error (a result failed its re-check).
const EXIT_INTERNAL: u8 = 70;

/// Prints a game log's error (the diagnostic, then the lines that conflict, when they do)
/// and gives the exit code: a contradiction is a "no", a spent budget "unknown", the rest
/// bad input.
fn report_log_error(e: impl miette::Diagnostic + Send + Sync + 'static, conflict: Option<Vec<String>>, exhausted: bool) -> ExitCode {
    let code = match (&conflict, exhausted) {
        (Some(_), _) => EXIT_NO,
        (None, true) => EXIT_UNKNOWN,
        (None, false) => EXIT_BAD_INPUT,
    };
    eprintln!("{:?}", miette::Report::new(e));
    for line in conflict.unwrap_or_default() {
        eprintln!("  {line}");
    }
    ExitCode::from(code)
}

#[derive(Parser)]
#[command(name = "umpire", version, about = "Referees table games of logic and deduction")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and check statements; print them normalized, or as a syntax tree.
    Parse {
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
    },
    /// Is the board consistent? Prints a model, or why there is none.
    Check {
        /// A board file or a statement in quotes.
        board: String,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Does statement K (counted from 1) follow from the other statements?
    Follows {
        board: String,
        /// The statement claimed redundant, counted from 1 in the board file.
        k: usize,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Finds and shows a model of the board (the smallest, or one of the given size).
    Model {
        board: String,
        /// Look for a model of exactly this many objects.
        #[arg(long)]
        size: Option<usize>,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Try statements interactively: build a board, check it, ask what follows, play a game.
    Repl,
    /// A game of the logic card game, kept in a save file (JSON; written atomically).
    Game {
        #[command(subcommand)]
        action: GameAction,
    },
    /// Solves a TPTP problem (FOF or CNF) and reports in the ATP ecosystem's terms:
    /// `% SZS status … for NAME`, then the model or the proof.
    Tptp {
        /// The problem file (`include`s are read relative to it, then to $TPTP).
        problem: String,
        /// Time limit in seconds.
        #[arg(long, default_value_t = 10.0, value_parser = seconds)]
        cpu_limit: f64,
        /// The largest domain size the model search tries.
        #[arg(long, default_value_t = 24)]
        max_size: usize,
    },
    /// Clue: everything a game log implies, with exact probabilities; advice; log editing.
    Clue {
        #[command(subcommand)]
        action: clue_cli::ClueAction,
    },
    /// Deduction (piecepack): what a log implies about the missing tile, advice, a game.
    Deduction {
        #[command(subcommand)]
        action: deduction_cli::DeductionAction,
    },
    /// Infer: dice experiments and Laws — judging, the Universe's disproofs, the deck, and a game against a computer Universe.
    Infer {
        #[command(subcommand)]
        action: infer_cli::InferAction,
    },
    /// Inverted Dice: exact odds, the coach, the optimal strategy, a score-sheet game.
    Dice {
        #[command(subcommand)]
        action: dice_cli::DiceAction,
    },
    /// Writes the board as a problem for other provers.
    Export {
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
    },
}

#[derive(Subcommand)]
enum GameAction {
    /// Starts a game: shuffles (seeded) and deals.
    New {
        /// The save file to create.
        file: String,
        /// Player names, in turn order, separated by commas.
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<String>,
        /// Cards in each hand (the rules' n).
        #[arg(long, default_value_t = 3)]
        hand: usize,
        /// Points that win (the rules' w).
        #[arg(long, default_value_t = 3)]
        win: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Shows the board, the scores, whose turn it is, and a player's hand.
    Show {
        file: String,
        /// Show this player's hand.
        #[arg(long)]
        hand: Option<String>,
    },
    /// Plays cards and writes a statement (with `X:¬`, `--target k` is the statement changed).
    Play {
        file: String,
        #[arg(long)]
        player: String,
        /// The cards, separated by commas: P:blonde, F:+, R:likes, Q:∀x∃y, S:3, X:?, X:¬.
        #[arg(long, value_delimiter = ',', required = true)]
        cards: Vec<String>,
        statement: String,
        #[arg(long)]
        target: Option<usize>,
    },
    /// Claims, in the scoring phase, that statement K is redundant (`redundant K`) or that
    /// the board is inconsistent (`inconsistent`); umpire checks the claim.
    Claim {
        file: String,
        #[arg(long)]
        player: String,
        /// `redundant` or `inconsistent`.
        kind: String,
        /// The statement claimed redundant.
        k: Option<usize>,
        #[arg(long, default_value_t = 10.0, value_parser = seconds)]
        timeout: f64,
    },
    /// Ends the turn without playing.
    Pass {
        file: String,
        #[arg(long)]
        player: String,
    },
    /// Takes back the last event.
    Undo { file: String },
    /// Replays a saved game and shows it (a save that does not replay is refused).
    Load { file: String },
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
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = seconds)]
    timeout: f64,
    /// The largest domain size the model search tries.
    #[arg(long, default_value_t = 24, value_name = "N")]
    max_size: usize,
    /// Report each domain size searched on stderr (the default when stderr is a terminal).
    #[arg(long)]
    progress: bool,
}

/// A time budget: a number of seconds, not negative, at most a year.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=3.2e7).contains(&s) => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds between 0 and 32000000")),
    }
}

impl SearchArgs {
    fn limits(&self) -> Limits {
        Limits { max_size: self.max_size.max(1), budget: Budget::time(Duration::from_secs_f64(self.timeout)) }
    }
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`umpire … | head`) would panic
    // in println!. A command-line tool should end quietly instead, as cat and grep do.
    #[cfg(unix)]
    // SAFETY: called first thing, before any thread starts; it only resets a signal action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match cli.command {
        Command::Parse { input, ascii, unicode: _, json } => {
            let style = if ascii { Style::Ascii } else { Style::Unicode };
            let board = match load_board(&input) {
                Ok(b) => b,
                Err(code) => return code,
            };
            for note in &board.notes {
                let report = miette::Report::new(note.clone())
                    .with_source_code(miette::NamedSource::new(&board.board.name, board.board.text.clone()));
                eprintln!("{report:?}");
            }
            if json {
                let statements: Vec<_> = board
                    .board
                    .statements
                    .iter()
                    .zip(&board.board.lines)
                    .map(|(st, line)| {
                        serde_json::json!({
                            "line": line,
                            "text": print::statement(st, style),
                            "ast": st,
                        })
                    })
                    .collect();
                let out = serde_json::json!({ "statements": statements, "signature": board.signature });
                println!("{}", serde_json::to_string_pretty(&out).expect("JSON of plain data"));
            } else {
                for st in &board.board.statements {
                    println!("{}", print::statement(st, style));
                }
            }
            ExitCode::SUCCESS
        }
        Command::Check { board, output, search } => verdict_command(&board, Question::Consistency, &output, &search),
        Command::Follows { board, k, output, search } => verdict_command(&board, Question::Follows(k), &output, &search),
        Command::Model { board, size, output, search } => model_command(&board, size, &output, &search),
        Command::Repl => match umpire::repl::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("umpire: the terminal failed: {e}");
                ExitCode::from(EXIT_BAD_INPUT)
            }
        },
        Command::Game { action } => match game_command(action) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => report_error(e),
        },
        Command::Tptp { problem, cpu_limit, max_size } => tptp_command(&problem, cpu_limit, max_size),
        Command::Dice { action } => dice_cli::run(action),
        Command::Clue { action } => clue_cli::run(action),
        Command::Deduction { action } => deduction_cli::run(action),
        Command::Infer { action } => infer_cli::run(action),
        Command::Export { board, tptp: _, smt2, follows } => {
            let board = match load_board(&board) {
                Ok(b) => b,
                Err(code) => return code,
            };
            if let Some(k) = follows {
                if k == 0 || k > board.board.statements.len() {
                    eprintln!("umpire: there is no statement {k}: the board has {}", board.board.statements.len());
                    return ExitCode::from(EXIT_BAD_INPUT);
                }
            }
            if smt2 {
                print!("{}", umpire::logic::smt2::problem(&board, follows));
            } else {
                print!("{}", tptp::problem(&board, follows));
            }
            ExitCode::SUCCESS
        }
    }
}

/// Runs one game action on its save file; returns what to print.
fn game_command(action: GameAction) -> Result<String, GameError> {
    let open = |file: &str| Game::load(Path::new(file));
    let card = |c: &String| {
        CardKind::parse(c).ok_or_else(|| GameError::Illegal(Illegal { reason: format!("there is no card `{c}`"), ruling: "G1" }))
    };
    match action {
        GameAction::New { file, players, hand, win, seed } => {
            if Path::new(&file).exists() {
                return Err(GameError::Io { path: file, why: "a file of that name exists; choose another name".into() });
            }
            let game = Game::new(Settings { players, hand_size: hand, points_to_win: win, seed })?;
            game.save(Path::new(&file))?;
            Ok(game.show(Some(game.state.current)))
        }
        GameAction::Show { file, hand } => {
            let game = open(&file)?;
            let who = hand.map(|h| game.player_index(&h)).transpose()?;
            Ok(game.show(who))
        }
        GameAction::Load { file } => {
            let game = open(&file)?;
            Ok(format!("{} events replayed.\n{}", game.events.len(), game.show(None)))
        }
        GameAction::Play { file, player, cards, statement, target } => {
            let mut game = open(&file)?;
            let p = game.player_index(&player)?;
            let kinds = cards.iter().map(card).collect::<Result<Vec<_>, _>>()?;
            game.play(p, &kinds, &statement, target)?;
            game.save(Path::new(&file))?;
            Ok(game.show(None))
        }
        GameAction::Claim { file, player, kind, k, timeout } => {
            let mut game = open(&file)?;
            let p = game.player_index(&player)?;
            let claim = match (kind.as_str(), k) {
                ("redundant", Some(k)) => Claim::Redundant { statement: k },
                ("inconsistent", None) => Claim::Inconsistent,
                _ => {
                    return Err(GameError::Illegal(Illegal {
                        reason: "claim `redundant K` or `inconsistent`".into(),
                        ruling: "G8",
                    }))
                }
            };
            let limits = Limits { max_size: 24, budget: Budget::time(Duration::from_secs_f64(timeout)) };
            let event = game.claim(p, claim, &limits)?;
            game.save(Path::new(&file))?;
            let Event::Claim { upheld, verdict, .. } = event else { unreachable!("a claim records a claim") };
            Ok(format!("{}: {verdict}\n{}", if upheld { "upheld" } else { "not upheld" }, game.show(None)))
        }
        GameAction::Pass { file, player } => {
            let mut game = open(&file)?;
            let p = game.player_index(&player)?;
            game.pass(p)?;
            game.save(Path::new(&file))?;
            Ok(game.show(None))
        }
        GameAction::Undo { file } => {
            let game = open(&file)?.undo()?;
            game.save(Path::new(&file))?;
            Ok(game.show(None))
        }
    }
}

fn tptp_command(problem: &str, seconds: f64, max_size: usize) -> ExitCode {
    let path = Path::new(problem);
    let name = path.file_stem().map_or_else(|| problem.to_string(), |s| s.to_string_lossy().trim_end_matches(".p").to_string());
    let formulas = match tptp::read::read_file(path) {
        Ok(f) => f,
        Err(e) => {
            println!("% SZS status InputError for {name}");
            eprintln!("{:?}", miette::Report::new(e));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let (board, conjecture, parents) = match tptp::read::to_named_board(&name, &formulas) {
        Ok(b) => b,
        Err(e) => {
            println!("% SZS status Inappropriate for {name}");
            eprintln!("{:?}", miette::Report::new(e));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let question = conjecture.map_or(Question::Consistency, Question::Follows);
    let limits = Limits { max_size: max_size.max(1), budget: Budget::time(Duration::from_secs_f64(seconds)) };
    let decision = match decide(&board, question, &limits, &mut |_| {}) {
        Ok(d) => d,
        Err(e) => {
            println!("% SZS status Error for {name}");
            return report_error(e);
        }
    };
    println!("% SZS status {} for {name}", decision.verdict.szs_status());
    println!("% {}", decision.explanation);
    if let Some(m) = decision.verdict.model() {
        println!("% SZS output start FiniteModel for {name}");
        print!("{}", render::text(m));
        println!("% SZS output end FiniteModel for {name}");
    }
    if let Verdict::Inconsistent { certificate: Certificate::Refutation { proof, argument } }
    | Verdict::Redundant { certificate: Certificate::Refutation { proof, argument } } = &decision.verdict
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
    ExitCode::from(match decision.verdict {
        Verdict::Consistent { .. } | Verdict::Redundant { .. } => EXIT_YES,
        Verdict::Inconsistent { .. } | Verdict::NotRedundant { .. } => EXIT_NO,
        Verdict::Unknown { .. } => EXIT_UNKNOWN,
    })
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

fn verdict_command(input: &str, question: Question, output: &Output, search: &SearchArgs) -> ExitCode {
    let board = match load_board(input) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let decision = match decide(&board, question, &search.limits(), &mut progress_printer(search.progress)) {
        Ok(d) => d,
        Err(e) => return report_error(e),
    };
    print_decision(&decision, output);
    ExitCode::from(match decision.verdict {
        Verdict::Consistent { .. } | Verdict::Redundant { .. } => EXIT_YES,
        Verdict::Inconsistent { .. } | Verdict::NotRedundant { .. } => EXIT_NO,
        Verdict::Unknown { .. } => EXIT_UNKNOWN,
    })
}

fn print_decision(decision: &Decision, output: &Output) {
    if output.json {
        println!("{}", serde_json::to_string_pretty(decision).expect("JSON of plain data"));
    } else if output.dot {
        match decision.verdict.model() {
            Some(m) => print!("{}", render::dot(m)),
            None => eprintln!("{}", decision.explanation),
        }
    } else {
        println!("{}", decision.explanation);
        if let Some(m) = decision.verdict.model() {
            print!("{}", render::text(m));
        }
        if let (true, Verdict::Inconsistent { certificate } | Verdict::Redundant { certificate }) = (output.proof, &decision.verdict) {
            if let Certificate::Refutation { proof, argument } = certificate {
                print!("{}", proof.text(argument));
            }
        }
    }
}

fn model_command(input: &str, size: Option<usize>, output: &Output, search: &SearchArgs) -> ExitCode {
    let board = match load_board(input) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let Some(size) = size else {
        return verdict_command(input, Question::Consistency, output, search);
    };
    let premises = premises_of(&board, None);
    let model = match models::search_size(&board.signature, &premises, size, &search.limits().budget) {
        Ok(AtSize::Found { model }) => model,
        Ok(AtSize::NoModel) => {
            println!("no model of size {size}");
            return ExitCode::from(EXIT_NO);
        }
        Ok(AtSize::Forbidden { bounds }) => {
            let why = match bounds.below {
                Some(b) if size >= b => format!("the board allows fewer than {b} objects"),
                _ if size == 0 => "the domain is never empty".to_string(),
                _ if size < bounds.at_least => format!("the board needs at least {} objects", bounds.at_least),
                _ => format!("the model search handles at most {} objects", models::finder::MAX_SIZE),
            };
            println!("no model of size {size}: {why}");
            return ExitCode::from(EXIT_NO);
        }
        Ok(AtSize::GaveUp(why)) => {
            println!("unknown: the search at size {size} stopped ({why})");
            return ExitCode::from(EXIT_UNKNOWN);
        }
        Err(e) => return report_error(e),
    };
    if output.json {
        let out = serde_json::json!({ "verdict": "consistent", "model": render::json(&model) });
        println!("{}", serde_json::to_string_pretty(&out).expect("JSON of plain data"));
    } else if output.dot {
        print!("{}", render::dot(&model));
    } else {
        print!("{}", render::text(&model));
    }
    ExitCode::from(EXIT_YES)
}

fn report_error(e: impl miette::Diagnostic + Send + Sync + 'static) -> ExitCode {
    let internal = e.code().is_some_and(|c| c.to_string().starts_with("umpire::uncertified"));
    eprintln!("{:?}", miette::Report::new(e));
    ExitCode::from(if internal { EXIT_INTERNAL } else { EXIT_BAD_INPUT })
}

/// Reads `input` as a board file if such a file exists, else as one statement.
fn load_board(input: &str) -> Result<CheckedBoard, ExitCode> {
    let path = Path::new(input);
    let looks_like_a_path = !input.contains(char::is_whitespace)
        && (input.contains('/') || input.ends_with(".board") || input.ends_with(".txt"));
    if path.is_dir() {
        eprintln!("umpire: {input} is a folder; give a board file or a statement in quotes");
        return Err(ExitCode::from(EXIT_BAD_INPUT));
    }
    if looks_like_a_path && !path.exists() {
        eprintln!("umpire: cannot read {input}: no such file (to check a statement, write it in quotes)");
        return Err(ExitCode::from(EXIT_BAD_INPUT));
    }
    let (name, text) = if path.exists() && !path.is_dir() {
        match std::fs::read_to_string(input) {
            Ok(text) => (input.to_string(), text),
            Err(e) => {
                eprintln!("umpire: cannot read {input}: {e}");
                return Err(ExitCode::from(EXIT_BAD_INPUT));
            }
        }
    } else {
        ("statement".to_string(), input.to_string())
    };
    board::load(&name, &text, CheckMode::FreeStanding).map_err(|report| {
        for diagnostic in report.each() {
            eprintln!("{diagnostic:?}");
        }
        ExitCode::from(EXIT_BAD_INPUT)
    })
}
