//! What the two log games, Clue and Deduction, answer alike: why a log command has no
//! answer ([`LogGameError`]), where a game stands (who is out, who won), an exact chance,
//! and the editing of a log file (create, add, undo, edit: each change checked by the
//! game's own reader and counter, saved atomically under the file's lock).
//! As `games::logs` is to the two solvers, this is to their commands.

use crate::games::logs::{LogError, Over, SolveError, Standing};
use crate::util::failure::{Classify, FailureKind};
use crate::util::files::Exclusive;
use crate::util::input::{read_text, InputError, MAX_LOG_BYTES};
use serde::Serialize;
use std::path::Path;

/// Why a log command has no answer.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum LogGameError {
    /// The log file cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Unreadable(InputError),
    /// The log does not read: `error` points into `text`, the log called `name`.
    #[error("{error}")]
    #[diagnostic(forward(error))]
    Unparsed { error: LogError, name: String, text: String },
    /// The log reads but has no answer: it contradicts itself, its setup does not add up,
    /// or the count ran out of time.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Unsolved(SolveError),
    /// The request is refused: a room that is not a room, a line the log lacks, a log
    /// that cannot be locked or saved, a coin that is not a coin.
    #[error("{0}")]
    Refused(String),
    /// A change to a log refused for `why`: the log was left as it was. `hint` says how to
    /// save it anyway, where that is possible.
    #[error("{why}")]
    #[diagnostic(forward(why))]
    Unchanged { why: Box<LogGameError>, hint: &'static str },
    /// The game's input or output failed.
    #[error(transparent)]
    Io(std::io::Error),
}

impl Classify for LogGameError {
    fn kind(&self) -> FailureKind {
        match self {
            LogGameError::Unsolved(e) => e.kind(),
            LogGameError::Unchanged { why, .. } => why.kind(),
            _ => FailureKind::BadInput,
        }
    }

    fn notes(&self) -> Vec<String> {
        match self {
            LogGameError::Unsolved(e) => e.notes(),
            LogGameError::Unchanged { why, .. } => why.notes(),
            _ => Vec::new(),
        }
    }
}

/// A log file's text.
pub fn read_log(path: &Path) -> Result<String, LogGameError> {
    read_text(path, MAX_LOG_BYTES).map_err(LogGameError::Unreadable)
}

/// A log that does not read, with the text its error points into.
pub fn unparsed(error: LogError, name: &str, text: &str) -> LogGameError {
    LogGameError::Unparsed { error, name: name.to_string(), text: text.to_string() }
}

/// An exact chance: the count of deals (their weight, under a model that weighs them; a
/// string, as it may pass 2^53), the exact fraction in lowest terms, and the probability.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Chance {
    pub count: String,
    /// `numerator/denominator` in lowest terms, like `947/3301`.
    pub fraction: String,
    pub probability: f64,
}

impl Chance {
    pub fn of(count: u128, total: u128) -> Chance {
        let (mut a, mut b) = (count, total);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1);
        Chance {
            count: count.to_string(),
            fraction: format!("{}/{}", count / g, total / g),
            probability: count as f64 / total as f64,
        }
    }
}

/// A player out of the game by a wrong claim (accusation, announcement) on `line`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutPlayer {
    pub player: String,
    pub line: usize,
}

/// Where a game stands, as both games' notebooks and advice give it: how it ended
/// (`game_over`: none while it goes on) and who is `out`, in the log's order. `Ending` is each
/// game's ending, which says what the winner named (Clue's envelope, Deduction's tile).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameState<Ending> {
    pub game_over: Option<Ending>,
    pub out: Vec<OutPlayer>,
}

impl<Ending> GameState<Ending> {
    /// `over` makes the ending from the winner (none when every player claimed wrongly),
    /// the line of the last claim, and what the winner named.
    pub fn of(
        standing: &Standing,
        players: &[String],
        over: impl FnOnce(Option<String>, usize, Option<&[usize]>) -> Ending,
    ) -> GameState<Ending> {
        let game_over = standing.over.as_ref().map(|ending| match ending {
            Over::Won { player, line, named } => {
                over(Some(players[*player].clone()), *line, Some(named.as_slice()))
            }
            Over::AllOut { line } => over(None, *line, None),
        });
        let out = standing
            .out
            .iter()
            .map(|&(p, line)| OutPlayer { player: players[p].clone(), line })
            .collect();
        GameState { game_over, out }
    }
}

/// Checks a log's text: `Err` when it does not read, `Ok(Err)` when it reads but has no
/// answer (a contradiction, a setup that does not add up, a count out of time).
pub type CheckLog<'a> = dyn Fn(&str) -> Result<Result<(), SolveError>, LogGameError> + 'a;

fn lock_log(path: &Path) -> Result<Exclusive, LogGameError> {
    Exclusive::acquire(path)
        .map_err(|e| LogGameError::Refused(format!("cannot lock {}: {e}", path.display())))
}

/// Starts a log in `path`, which must not exist yet, with `header`, checked before it is
/// written. `game` names the command that adds to it (`clue`, `deduction`).
pub fn create_log(
    path: &Path,
    header: &str,
    game: &str,
    check: &CheckLog,
) -> Result<String, LogGameError> {
    let lock = lock_log(path)?;
    if path.exists() {
        return Err(LogGameError::Refused(format!(
            "{} already exists; add events to it with `umpire {game} add`",
            path.display()
        )));
    }
    check(header)?.map_err(LogGameError::Unsolved)?;
    lock.write(header.as_bytes())
        .map_err(|e| LogGameError::Refused(format!("cannot save {}: {e}", path.display())))?;
    Ok(header.to_string())
}

/// Changes a log's lines, checks the result, and saves it atomically (the old log stays
/// whole if anything fails). Without `anyway`, a change that makes the log contradictory is
/// refused, with the conflicting lines named. Returns what was done, in a line.
pub fn change_log(
    path: &Path,
    anyway: bool,
    check: &CheckLog,
    change: impl FnOnce(&mut Vec<String>) -> Result<String, String>,
) -> Result<String, LogGameError> {
    // One writer at a time: the log is read, changed and written under its lock, so two
    // changes at once both land.
    let lock = lock_log(path)?;
    let text = read_log(path)?;
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let said = change(&mut lines).map_err(LogGameError::Refused)?;
    let new_text = lines.join("\n") + "\n";
    let unchanged = |why, hint| LogGameError::Unchanged { why: Box::new(why), hint };
    if let Err(e) = check(&new_text).map_err(|e| unchanged(e, ""))? {
        if !anyway || !e.is_contradiction() {
            let hint = if anyway { "" } else { " (--anyway saves a contradictory log)" };
            return Err(unchanged(LogGameError::Unsolved(e), hint));
        }
    }
    lock.write(new_text.as_bytes())
        .map_err(|e| LogGameError::Refused(format!("cannot save {}: {e}", path.display())))?;
    Ok(said)
}

/// Appends a line to a log.
pub fn add_line(
    path: &Path,
    line: &str,
    anyway: bool,
    check: &CheckLog,
) -> Result<String, LogGameError> {
    change_log(path, anyway, check, |lines| {
        lines.push(line.to_string());
        Ok(format!("added: {line}"))
    })
}

/// Removes a log's last event line (`is_event` tells them from the header).
pub fn undo_line(
    path: &Path,
    is_event: fn(&str) -> bool,
    check: &CheckLog,
) -> Result<String, LogGameError> {
    change_log(path, true, check, |lines| {
        let last = lines.iter().rposition(|l| is_event(l)).ok_or("the log has no event to undo")?;
        Ok(format!("removed line {}: {}", last + 1, lines.remove(last)))
    })
}

/// Replaces line `line` (from 1) of a log with `text`; an empty text deletes it.
pub fn edit_line(
    path: &Path,
    line: usize,
    text: &str,
    anyway: bool,
    check: &CheckLog,
) -> Result<String, LogGameError> {
    change_log(path, anyway, check, |lines| {
        if line == 0 || line > lines.len() {
            return Err(format!("the log has no line {line} (it has {} lines)", lines.len()));
        }
        let old = std::mem::replace(&mut lines[line - 1], text.to_string());
        if text.trim().is_empty() {
            lines.remove(line - 1);
        }
        Ok(format!("line {line} was: {old}"))
    })
}
