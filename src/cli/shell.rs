//! `umpire completions SHELL` and `umpire man`: what users of a Rust command-line tool
//! expect beside `--help`, generated from the same clap definition, so they never drift.

use crate::exit::{Answer, Failure, Outcome};
use clap_complete::Shell;

/// Prints the completion script for `shell` (source it, or put it where the shell looks).
pub fn completions(mut command: clap::Command, shell: Shell) -> Outcome {
    // Into memory first: clap_complete panics when it cannot write (a full disk).
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "umpire", &mut script);
    std::io::Write::write_all(&mut std::io::stdout(), &script)
        .map_err(|e| Failure::usage(format_args!("cannot write the completion script: {e}")))?;
    Ok(Answer::Yes)
}

/// Prints the manual page (roff) for `umpire`: `umpire man > umpire.1; man ./umpire.1`.
pub fn man(command: clap::Command) -> Outcome {
    clap_mangen::Man::new(command)
        .render(&mut std::io::stdout())
        .map_err(|e| Failure::usage(format_args!("cannot write the manual page: {e}")))?;
    Ok(Answer::Yes)
}
