//! `umpire repl`: the terminal around the library's [`Session`]: rustyline for history,
//! Tab completion, a Unicode hint as a statement is typed, and lines that continue while
//! parentheses are open; a Ctrl-C handler that cancels the running search (the session
//! goes on); Ctrl-D to leave. While a search runs, one status line on stderr names the
//! size being searched; after each command the freed memory goes back to the system.

use crate::exit::{Answer, Failure, Outcome};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::hint::Hinter;
use rustyline::validate::MatchingBracketValidator;
use rustyline::{Completer, Editor, Helper, Highlighter, Validator};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use umpire::commands::session::{complete, hint, Reply, Session};

/// Tab completion, hints and multi-line input for the terminal.
#[derive(Helper, Completer, Highlighter, Validator)]
struct Assist {
    #[rustyline(Completer)]
    words: Words,
    #[rustyline(Validator)]
    brackets: MatchingBracketValidator,
}

struct Words {
    symbols: Vec<String>,
}

impl Completer for Words {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, words) = complete(line, pos, &self.symbols);
        Ok((
            start,
            words.into_iter().map(|w| Pair { display: w.clone(), replacement: w }).collect(),
        ))
    }
}

impl Hinter for Assist {
    type Hint = String;
    fn hint(&self, line: &str, pos: usize, _: &rustyline::Context<'_>) -> Option<String> {
        // Only with the cursor at the end: a hint in mid-line would hide what follows.
        if pos < line.len() {
            return None;
        }
        hint(line)
    }
}

/// Where the history is kept: `$UMPIRE_HISTORY`, else `~/.umpire_history`.
fn history_path() -> Option<PathBuf> {
    std::env::var_os("UMPIRE_HISTORY")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".umpire_history")))
}

/// Runs the REPL on the terminal until `quit` or Ctrl-D.
pub fn run() -> Outcome {
    let terminal_failed =
        |e: ReadlineError| Failure::usage(format_args!("the terminal failed: {e}"));
    let cancel = Arc::new(AtomicBool::new(false));
    {
        // Ctrl-C while a search runs (the terminal is not in raw mode then) stops the search.
        let cancel = cancel.clone();
        let _ = ctrlc::set_handler(move || cancel.store(true, Ordering::Relaxed));
    }
    let mut session = Session::new(cancel);
    let shown = Arc::new(AtomicBool::new(false));
    if std::io::stderr().is_terminal() {
        let shown = shown.clone();
        session.watch_progress(move |p| {
            let mark = if p.found { "a model" } else { "no model" };
            eprint!(
                "\r\x1b[K  searching: size {} has {mark} ({:.1} s; Ctrl-C stops the search)",
                p.size,
                p.elapsed.as_secs_f64()
            );
            let _ = std::io::stderr().flush();
            shown.store(true, Ordering::Relaxed);
        });
    }
    let mut editor: Editor<Assist, rustyline::history::FileHistory> =
        Editor::new().map_err(terminal_failed)?;
    editor.set_helper(Some(Assist {
        words: Words { symbols: session.symbols() },
        brackets: MatchingBracketValidator::new(),
    }));
    let history = history_path();
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    println!(
        "umpire: type a statement to add it to the board, `help` for commands, Ctrl-D to leave."
    );
    loop {
        match editor.readline(&session.prompt()) {
            Ok(line) => {
                let _ = editor.add_history_entry(line.as_str());
                let reply = session.execute(&line);
                if shown.swap(false, Ordering::Relaxed) {
                    eprint!("\r\x1b[K");
                }
                give_back_memory();
                match reply {
                    Reply::Quit => break,
                    Reply::Text(t) if t.is_empty() => {}
                    Reply::Text(t) => println!("{t}"),
                }
                if let Some(helper) = editor.helper_mut() {
                    helper.words.symbols = session.symbols();
                }
            }
            Err(ReadlineError::Interrupted) => println!("^C"),
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(terminal_failed(e)),
        }
    }
    if let Some(h) = &history {
        let _ = editor.save_history(h);
    }
    Ok(Answer::Yes)
}

/// Returns freed heap pages to the system. glibc keeps what a large search freed (half a
/// gigabyte after a cancelled search at size 20) mapped until told; a session may then sit
/// idle for an hour.
fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists; no pointer is passed.
    unsafe {
        libc::malloc_trim(0);
    }
}
