//! The `umpire` binary: parses the command line, hands each command to its file here, and
//! ends in [`exit::finish`], the one error path. The library does the work.

mod args;
mod board;
mod budget;
mod clue;
mod deduction;
mod derive;
mod dice;
mod exit;
mod game;
mod infer;
mod repl;
mod serve;
mod shell;
mod tptp;

use args::Command;
use clap::{CommandFactory, Parser};

fn main() -> std::process::ExitCode {
    exit::quiet_on_closed_pipe();
    let json = std::env::args().any(|a| a == "--json");
    let command = match Command::try_parse() {
        Ok(command) => command,
        Err(refused) => return exit::refused_arguments(refused, json),
    };
    // One question, then the process ends: its large structures are left to the exit.
    // (Not for the commands that may decide many questions in one process.)
    if matches!(
        command,
        Command::Tptp(_) | Command::Check(_) | Command::Follows(_) | Command::Model(_)
    ) {
        umpire::util::elsewhere::leave_to_process_exit();
    }
    exit::finish(
        match command {
            Command::Parse(args) => board::parse(args),
            Command::Check(args) => board::check(args),
            Command::Follows(args) => board::follows(args),
            Command::Model(args) => board::model(args),
            Command::Derive(args) => derive::run(args),
            Command::Export(args) => board::export(args),
            Command::Repl => repl::run(),
            Command::Game(action) => game::run(action),
            Command::Tptp(args) => tptp::run(args),
            Command::Clue(action) => clue::run(action),
            Command::Deduction(action) => deduction::run(action),
            Command::Infer(action) => infer::run(action),
            Command::Dice(action) => dice::run(action),
            Command::Serve(args) => serve::run(args),
            Command::Completions { shell } => shell::completions(Command::command(), shell),
            Command::Man => shell::man(Command::command()),
        },
        json,
    )
}
