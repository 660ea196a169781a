//! The `umpire` command line: parses arguments, calls the library, prints.

use clap::{Parser, Subcommand};
use std::path::Path;
use std::process::ExitCode;
use umpire::logic::board::{self, CheckedBoard};
use umpire::logic::check::CheckMode;
use umpire::logic::print::{self, Style};

/// Exit status for input umpire could not read or that is not well-formed.
const EXIT_BAD_INPUT: u8 = 2;

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
}

fn main() -> ExitCode {
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
    }
}

/// Reads `input` as a board file if such a file exists, else as one statement.
fn load_board(input: &str) -> Result<CheckedBoard, ExitCode> {
    let (name, text) = if Path::new(input).is_file() {
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
