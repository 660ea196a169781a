//! The API boundary every front end stands on: the command line (`src/cli/`), the REPL
//! (its line interpreter is [`session`]) and the page (`serve`). What a user's words mean
//! is decided here, once: a board given as a file or a statement, a question, a card list,
//! a claim, a log line, a Law, a roll, a default. Each job takes plain values (a request)
//! and returns plain values (an answer: data that serializes to the `--json` and page
//! shapes through [`json`], and the text the command line prints), so the front ends only
//! translate. Nothing here touches a terminal or HTTP.
//!
//! The types a front end needs from the layers below (a verdict, a question) are
//! re-exported by the module of the job that uses them, so that a front end imports from
//! here and never from `games/` or `reason/`. A game is never re-exported: the card table
//! is [`cardgame::SavedGame`] and [`cardgame::Snapshot`], whose insides stay here, and the
//! front ends get views and text.

pub mod board;
pub mod cardgame;
pub mod clue;
pub mod coach;
pub mod computer;
pub mod deduction;
pub mod defaults;
pub mod derive;
pub mod dice;
mod dice_views;
pub mod drawing;
pub mod evidence;
pub mod export;
pub mod infer;
pub mod logs;
pub mod scoring;
pub mod search;
pub mod session;
pub mod verdict;
pub mod verdict_json;
pub mod written;

/// Which front end a text is for, where their words differ (the command line's flags, the
/// REPL's commands, the page's buttons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    CommandLine,
    Repl,
    Page,
}

/// How a job that ran to its end answered: the command line's exit status 0, 1 or 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// Consistent; the statement follows; a model exists; the claim is upheld.
    Yes,
    /// Inconsistent; it does not follow; no model of that size; refuted.
    No,
    /// Not decided within the budget.
    Unknown,
}

/// An answer as JSON, with every object's keys in sorted order: the one form every front
/// end gives, whatever order an answer's fields are declared in.
pub fn json(answer: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(answer).expect("answers are plain data")
}
