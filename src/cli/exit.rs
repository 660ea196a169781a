//! The binary's one way out: a command ends with an [`Answer`] (yes, no, unknown) or a
//! [`Failure`], and [`finish`] prints the failure once and turns either into the exit
//! status. Which status a library error gets is the error's own [`FailureKind`], never a
//! guess from its text.

use std::fmt::Display;
use std::process::ExitCode;
use umpire::util::failure::{Classify, FailureKind};
use umpire::util::input::shorten_lines;

/// The answer is yes (consistent; the statement follows; a model exists; upheld).
pub const EXIT_YES: u8 = 0;
/// The answer is no (inconsistent; the statement does not follow; a log contradicts itself).
pub const EXIT_NO: u8 = 1;
/// The input could not be read or is not well-formed.
pub const EXIT_BAD_INPUT: u8 = 2;
/// umpire could not decide within its budget.
pub const EXIT_UNKNOWN: u8 = 3;
/// umpire caught itself in an internal error (a result failed its re-check).
pub const EXIT_INTERNAL: u8 = 70;

pub use umpire::commands::Answer;

/// The exit status of an answer.
fn code_of(answer: Answer) -> u8 {
    match answer {
        Answer::Yes => EXIT_YES,
        Answer::No => EXIT_NO,
        Answer::Unknown => EXIT_UNKNOWN,
    }
}

/// What a command returns.
pub type Outcome = Result<Answer, Failure>;

/// Why a command stopped: what to print on standard error, and the kind of failure.
pub struct Failure {
    kind: FailureKind,
    shown: Vec<String>,
    /// The same, for `--json`: one object per diagnostic.
    described: Vec<serde_json::Value>,
}

use umpire::util::failure::diagnostic_json as describe;

/// A mistake in the command line's words that no library type names (`--level 4`).
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{0}")]
pub struct UsageError(pub String);

impl Classify for UsageError {}

impl Failure {
    /// A library error, rendered as a diagnostic (with its source, labels and hint), then
    /// the lines it asks to list.
    pub fn report<E: miette::Diagnostic + Classify + Send + Sync + 'static>(e: E) -> Failure {
        let (kind, notes) = (e.kind(), e.notes());
        Failure::of(kind, miette::Report::new(e), notes)
    }

    /// Like [`Failure::report`], pointing into the text the error is about.
    pub fn in_source<E: miette::Diagnostic + Classify + Send + Sync + 'static>(
        e: E,
        name: &str,
        text: &str,
    ) -> Failure {
        let (kind, notes) = (e.kind(), e.notes());
        let report = miette::Report::new(e)
            .with_source_code(umpire::util::source::SourceText::new(name, text));
        Failure::of(kind, report, notes)
    }

    /// Several diagnostics about one input (a board's problems), each shown whole.
    pub fn reports(
        kind: FailureKind,
        reports: impl IntoIterator<Item = miette::Report>,
    ) -> Failure {
        let reports: Vec<miette::Report> = reports.into_iter().collect();
        Failure {
            kind,
            shown: reports
                .iter()
                .map(|r| umpire::util::failure::render(r.as_ref(), theme(), 80))
                .collect(),
            described: reports.iter().map(|r| describe(r.as_ref())).collect(),
        }
    }

    /// A one-line message, `umpire: …`, with the kind of the error it comes from.
    pub fn plain(e: impl Display + Classify) -> Failure {
        let described = vec![
            serde_json::json!({ "code": null, "message": e.to_string(), "help": null, "labels": [] }),
        ];
        Failure { kind: e.kind(), shown: vec![format!("umpire: {e}")], described }
    }

    /// A one-line message about the command line's words (bad input).
    pub fn usage(message: impl Display) -> Failure {
        Failure::plain(UsageError(message.to_string()))
    }

    /// Both failures, one after the other (two inputs that are both wrong).
    pub fn and(mut self, other: Failure) -> Failure {
        self.shown.extend(other.shown);
        self.described.extend(other.described);
        self
    }

    /// One more line to print after the rest (what was left unchanged, say).
    pub fn then(mut self, line: impl Display) -> Failure {
        self.shown.push(format!("umpire: {line}"));
        self.described.push(serde_json::json!({ "code": null, "message": line.to_string(), "help": null, "labels": [] }));
        self
    }

    fn of(kind: FailureKind, report: miette::Report, notes: Vec<String>) -> Failure {
        let mut d = describe(report.as_ref());
        if !notes.is_empty() {
            d["notes"] = serde_json::json!(notes);
        }
        let mut shown = vec![umpire::util::failure::render(report.as_ref(), theme(), 80)];
        shown.extend(notes.into_iter().map(|n| format!("  {n}")));
        Failure { kind, shown, described: vec![d] }
    }

    fn kind_name(&self) -> &'static str {
        match self.kind {
            FailureKind::BadInput => "bad-input",
            FailureKind::Contradiction => "contradiction",
            FailureKind::OutOfBudget => "out-of-budget",
            FailureKind::Internal => "internal",
        }
    }

    pub fn code(&self) -> u8 {
        match self.kind {
            FailureKind::BadInput => EXIT_BAD_INPUT,
            FailureKind::Contradiction => EXIT_NO,
            FailureKind::OutOfBudget => EXIT_UNKNOWN,
            FailureKind::Internal => EXIT_INTERNAL,
        }
    }
}

impl<E: miette::Diagnostic + Classify + Send + Sync + 'static> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure::report(e)
    }
}

/// Lets the program end quietly when its output pipe closes (`umpire … | head`), as cat and
/// grep do: Rust ignores SIGPIPE, and println! would then panic.
pub fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing, before any thread starts; it only resets a signal action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Prints a failure (once: on standard error, or with `json` as one JSON object on
/// standard output, where a script reading `--json` looks) and gives the exit status.
/// Arguments clap refused (or `--help`, `--version`): clap's own text, or under `--json` the
/// same JSON error as every other refusal, exit 2.
pub fn refused_arguments(refused: clap::Error, json: bool) -> ExitCode {
    use clap::error::ErrorKind;
    let informational = matches!(
        refused.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if !json || informational {
        refused.exit();
    }
    let message = refused.render().to_string();
    let first =
        message.lines().next().unwrap_or_default().trim_start_matches("error: ").to_string();
    let failure = Failure::usage(first);
    finish(Err(failure), true)
}

/// How diagnostics are drawn: in colour on a terminal (unless `NO_COLOR` is set), plain
/// Unicode otherwise, so that what a script or a test reads has no escape codes.
fn theme() -> miette::GraphicalTheme {
    use std::io::IsTerminal;
    if std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    }
}

pub fn finish(outcome: Outcome, json: bool) -> ExitCode {
    match outcome {
        Ok(answer) => ExitCode::from(code_of(answer)),
        Err(failure) if json => {
            print_json(
                &serde_json::json!({ "error": { "kind": failure.kind_name(), "exit": failure.code(), "diagnostics": failure.described } }),
            );
            ExitCode::from(failure.code())
        }
        Err(failure) => {
            for text in &failure.shown {
                eprintln!("{}", shorten_lines(text));
            }
            ExitCode::from(failure.code())
        }
    }
}

/// Prints JSON of plain data (it cannot fail to serialize).
pub fn print_json(value: &impl serde::Serialize) {
    println!("{}", serde_json::to_string_pretty(value).expect("JSON of plain data"));
}
