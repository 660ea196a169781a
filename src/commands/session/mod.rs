//! The REPL's session: players try statements, build a board, ask for verdicts, and run a
//! saved game, one line at a time. Once a game is loaded, the board commands (`list`,
//! `check`, `follows k`, `redundant?`, `model`) ask about the game's board, the one being
//! scored; `game close` goes back to the player's own board. The game's commands are in
//! [`game`].
//!
//! [`Session`] holds the state and answers a line with text; [`hint`] and [`complete`] are
//! what the terminal shows while a line is typed. None of it touches a terminal (the
//! command line's `repl` puts it behind rustyline), so all of it is tested directly.

mod derive;
mod game;

use crate::commands::cardgame::SavedGame;
use crate::commands::defaults::SEARCH_SECONDS;
use crate::commands::drawing;
use crate::commands::evidence::{report, unknown_hint};
use crate::commands::scoring;
use crate::commands::verdict::Progress;
use crate::commands::verdict::Search;
use crate::logic::board::{self, CheckedBoard};
use crate::logic::check::CheckMode;
use crate::logic::print::{self, Style};
use crate::reason::finite::Limits;
use crate::reason::{decide_with, Certificate, Decision, Options, Question, Verdict};
use crate::solve::parse_seconds;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The words that start a command (completed at the start of a line).
pub const COMMANDS: &[&str] = &[
    "add",
    "list",
    "remove",
    "clear",
    "check",
    "follows",
    "redundant?",
    "model",
    "proof",
    "set",
    "game",
    "derive",
    "help",
    "quit",
];
/// The words after `game`.
pub const GAME_COMMANDS: &[&str] = &[
    "load", "show", "score", "play", "claim", "pass", "undo", "save", "close", "move", "hint",
    "why",
];

const HELP: &str = "\
A line that is not a command is a statement: it is checked and added to your board.
  add <statement>     the same, explicitly
  list                the board, numbered
  remove <k>          take statement k off the board
  clear               empty the board
  check               is the board consistent? (a model, or a proof)
  follows <k>         does statement k follow from the others?
  redundant?          which statements follow from the others (the scoring helper)
  model [<n>]         a model (of n objects)
  proof               the last verdict's proof, step by step
  set timeout <s>     the budget of each search (default SEARCH_SECONDS s); set max-size <n>
  game load <file>    play a saved game (see `umpire game new`): from then on `list`,
                      `check`, `follows k`, `redundant?` and `model` ask about the game's
                      board, and `game close` goes back to your own; then:
  game show | game score | game play <cards> <statement> [-> <k>] (as the coach writes
  it: game play F:+,R:likes ∀x∀y likes(x, y + x)) |
  game claim redundant <k> | game claim inconsistent | game pass |
  game undo (a win only if the table agrees: umpire asks) |
  (each change is saved at once) | game save <file> (to another file) | game close
  game hint [<player>] (the coach) | game move (the computer's turn) | game why
  (with the table's own cards, name the cards: game move P:blonde,X:¬)
  (a seat the computer plays moves by itself when its turn comes, and when a game is
  loaded on its turn; after an undo, `game move` plays it)
  derive [redundant <k> | inconsistent]
                      type a derivation a line at a time, each line judged as typed
                      (`undo`, `show`, `end`); `game claim redundant <k> --derivation`
                      then argues the claim with it (--derivation <file>: from a file)
  help, quit (or Ctrl-D)
ASCII works everywhere: forall, exists, exists!, ~, &, |, ->, <->, !=, >=; and \\A \\E \\E! \\not
\\and \\or \\to \\iff \\ne \\ge become ∀ ∃ ∃! ¬ ∧ ∨ → ↔ ≠ ≥. Ctrl-C stops a search.";

/// Backslash shortcuts for the logic symbols.
pub fn unicode_shortcuts(line: &str) -> String {
    let mut out = line.to_string();
    for (from, to) in [
        ("\\E!", "∃!"),
        ("\\A", "∀"),
        ("\\E", "∃"),
        ("\\not", "¬"),
        ("\\and", "∧"),
        ("\\or", "∨"),
        ("\\to", "→"),
        ("\\iff", "↔"),
        ("\\ne", "≠"),
        ("\\ge", "≥"),
    ] {
        out = out.replace(from, to);
    }
    out
}

/// What the session answers.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    Text(String),
    Quit,
}

pub struct Session {
    statements: Vec<String>,
    /// `set timeout`, `set max-size`, and the Ctrl-C flag every search carries.
    search: Search,
    cancel: Arc<AtomicBool>,
    last: Option<Decision>,
    game: Option<SavedGame>,
    /// A `game undo` that would take back a win asked the table; `yes` next confirms it.
    undo_asked: bool,
    /// Told of each size the finite search finishes, so a front end can show progress.
    progress: Box<dyn FnMut(&Progress)>,
    /// Derive mode: the derivation being typed.
    deriving: Option<derive::Deriving>,
    /// The derivation typed last, which `game claim … --derivation` argues with.
    derivation: Option<String>,
}

impl Session {
    /// A session whose searches stop when `cancel` is set (Ctrl-C).
    pub fn new(cancel: Arc<AtomicBool>) -> Session {
        Session {
            statements: Vec::new(),
            search: Search { cancel: Some(cancel.clone()), ..Search::default() },
            cancel,
            last: None,
            game: None,
            undo_asked: false,
            progress: Box::new(|_| {}),
            deriving: None,
            derivation: None,
        }
    }

    /// Has each searched size reported to `watch` (the REPL prints it while a search runs).
    pub fn watch_progress(&mut self, watch: impl FnMut(&Progress) + 'static) {
        self.progress = Box::new(watch);
    }

    /// The symbols a statement can use now: the game's and the names on the board.
    pub fn symbols(&self) -> Vec<String> {
        let mut out: Vec<String> = ["blonde", "happy", "likes", "smarter", "father"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        if let Ok(b) = self.board() {
            let more: Vec<String> = b
                .signature
                .symbols
                .keys()
                .filter(|k| !out.contains(k) && k.as_str() != "+")
                .cloned()
                .collect();
            out.extend(more);
        }
        out
    }

    /// The board the board commands ask about: the loaded game's, or the player's own.
    fn board(&self) -> Result<CheckedBoard, String> {
        if let Some(table) = &self.game {
            return table.board().map_err(shown);
        }
        let text: String = self.statements.iter().map(|s| format!("{s}\n")).collect();
        board::load("board", &text, CheckMode::FreeStanding)
            .map_err(|r| crate::util::input::shorten_lines(&r.render_plain()))
    }

    fn limits(&self) -> Limits {
        self.cancel.store(false, Ordering::Relaxed);
        self.search.limits()
    }

    /// Answers one line.
    pub fn execute(&mut self, line: &str) -> Reply {
        // In derive mode the line is the derivation's (its indentation counts), unless it
        // leaves the REPL.
        if self.deriving.is_some() && !["quit", "exit"].contains(&line.trim()) {
            return Reply::Text(self.derive_line(line));
        }
        // A statement typed over several lines (an open parenthesis continues it) is one
        // statement: the board keeps one statement per line.
        let line = unicode_shortcuts(line.replace(['\r', '\n'], " ").trim());
        // The answer to the question a win's undo asked: `yes` takes the win back, any other
        // line (a blank one too) keeps it, and is not run: it answered the question.
        if std::mem::take(&mut self.undo_asked) {
            return Reply::Text(if ["y", "yes"].contains(&line.to_lowercase().as_str()) {
                self.undo(true)
            } else {
                "the win stands: nothing was taken back".into()
            });
        }
        if line.is_empty() {
            return Reply::Text(String::new());
        }
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line.as_str(), ""), |(w, r)| (w, r.trim()));
        // The game's board changes only by plays.
        if let (Some(table), "add" | "remove" | "clear") = (&self.game, word) {
            return Reply::Text(game::board_is_the_games(table));
        }
        let text = match word {
            "quit" | "exit" => return Reply::Quit,
            "help" => HELP.replace("SEARCH_SECONDS", SEARCH_SECONDS),
            "add" => self.add(rest),
            "list" => self.list(),
            "clear" => {
                self.statements.clear();
                "the board is empty".into()
            }
            "remove" => match rest.parse::<usize>() {
                Ok(k) if k >= 1 && k <= self.statements.len() => {
                    let st = self.statements.remove(k - 1);
                    match self.board() {
                        Ok(_) => format!("removed ({k}) {st}"),
                        Err(e) => {
                            self.statements.insert(k - 1, st);
                            format!("cannot remove ({k}): later statements need it\n{e}")
                        }
                    }
                }
                _ => format!("remove takes a statement number, 1 to {}", self.statements.len()),
            },
            "check" => self.verdict(Question::Consistency),
            "redundant?" => self.redundant(),
            "follows" => match rest.parse::<usize>() {
                Ok(k) => self.verdict(Question::Follows(k)),
                Err(_) => "follows takes a statement number".into(),
            },
            "model" => self.model(rest),
            "proof" => self.proof(),
            "set" => self.set(rest),
            "game" => self.game(rest),
            "derive" => self.start_deriving(rest),
            _ if self.game.is_some() => {
                game::board_is_the_games(self.game.as_ref().expect("a game is loaded"))
            }
            _ => self.add(&line),
        };
        Reply::Text(text)
    }

    fn add(&mut self, statement: &str) -> String {
        if statement.is_empty() {
            return "add takes a statement".into();
        }
        self.statements.push(statement.to_string());
        match self.board() {
            Ok(b) => {
                let st = b.board.statements.last().expect("just added");
                let notes: Vec<String> = b
                    .notes
                    .iter()
                    .filter(|n| statement.contains(n.name.as_str()))
                    .map(|n| format!("  note: `{}` is taken as a constant", n.name))
                    .collect();
                let mut out =
                    format!("({}) {}", self.statements.len(), print::statement(st, Style::Unicode));
                for n in notes {
                    out.push('\n');
                    out.push_str(&n);
                }
                out
            }
            Err(e) => {
                self.statements.pop();
                e
            }
        }
    }

    fn list(&self) -> String {
        let scored = self.game.as_ref().map(|t| t.scored()).unwrap_or_default();
        let listed = match self.board() {
            Ok(b) if b.board.statements.is_empty() => "the board is empty".to_string(),
            Ok(b) => b
                .board
                .statements
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let mark = if scored.contains(&(i + 1)) { "   (scored)" } else { "" };
                    format!("({}) {}{mark}", i + 1, print::statement(s, Style::Unicode))
                })
                .collect::<Vec<_>>()
                .join("\n"),
            Err(e) => e,
        };
        match &self.game {
            Some(table) => format!("the board of the game {}:\n{listed}", table.path().display()),
            None => listed,
        }
    }

    fn verdict(&mut self, question: Question) -> String {
        let b = match self.board() {
            Ok(b) => b,
            Err(e) => return e,
        };
        match decide_with(&b, question, &self.limits(), Options { steps: true }, &mut |p| {
            (self.progress)(&Progress::of(p))
        }) {
            Ok(d) => {
                let mut out = report(&d, false).trim_end().to_string();
                if self.cancel.load(Ordering::Relaxed) {
                    out = format!("cancelled — {out}");
                } else if let Some(hint) =
                    unknown_hint(&d, "`set timeout <s>`", Some("`set max-size <n>`"))
                {
                    out.push_str(&format!("\n({hint})"));
                }
                self.last = Some(d);
                out
            }
            Err(e) => shown(e),
        }
    }

    /// `redundant?`: every statement that follows from the others, with its proof.
    fn redundant(&mut self) -> String {
        let b = match self.board() {
            Ok(b) => b,
            Err(e) => return e,
        };
        let limits = self.limits();
        match scoring::each_statement(
            &b,
            limits.max_size,
            self.search.timeout,
            &limits.budget,
            &mut |_| {},
        ) {
            Ok(all) => {
                let mut out = scoring::text(&all, b.board.statements.len()).trim_end().to_string();
                if let Some(table) = &self.game {
                    out.push_str(&game::scored_note(table, &scoring::redundant(&all)));
                }
                if self.cancel.load(Ordering::Relaxed) {
                    format!("cancelled — {out}")
                } else {
                    out
                }
            }
            Err(e) => shown(e),
        }
    }

    fn model(&mut self, rest: &str) -> String {
        if rest.is_empty() {
            return self.verdict(Question::Consistency);
        }
        let Ok(size) = rest.parse::<usize>() else {
            return "model takes a number of objects".into();
        };
        let b = match self.board() {
            Ok(b) => b,
            Err(e) => return e,
        };
        let premises = crate::logic::cnf::premises_of(&b, None);
        match crate::reason::finite::search_size(
            &b.signature,
            &premises,
            size,
            &self.limits().budget,
        ) {
            Ok(crate::reason::finite::AtSize::Found { model }) => {
                drawing::text(&model).trim_end().to_string()
            }
            Ok(other) => other.explain(size),
            Err(e) => shown(e),
        }
    }

    fn proof(&self) -> String {
        match &self.last {
            Some(d) => match &d.verdict {
                Verdict::Inconsistent {
                    certificate: Certificate::Refutation { proof, argument },
                }
                | Verdict::Redundant { certificate: Certificate::Refutation { proof, argument } } => {
                    proof.text(argument).trim_end().to_string()
                }
                _ => format!("the last verdict has no proof in steps: {}", d.explanation),
            },
            None => "no verdict yet: try `check` or `follows k`".into(),
        }
    }

    fn set(&mut self, rest: &str) -> String {
        let mut words = rest.split_whitespace();
        match (words.next(), words.next()) {
            (Some("timeout"), Some(text)) => match parse_seconds(text) {
                Ok(limit) if limit.is_zero() => {
                    self.search.timeout = limit;
                    "searches now stop at once: every verdict will be unknown until the timeout is raised".into()
                }
                Ok(limit) => {
                    self.search.timeout = limit;
                    format!("searches now stop after {} s", limit.as_secs_f64())
                }
                Err(e) => e.to_string(),
            },
            (Some("max-size"), Some(n)) => match n.parse::<usize>() {
                Ok(n) if n >= 1 => {
                    self.search.max_size = n;
                    format!("the model search now tries up to {n} objects")
                }
                _ => "the largest model size is a whole number, at least 1".into(),
            },
            _ => "set timeout <seconds> | set max-size <n>".into(),
        }
    }
}

/// A diagnostic as the REPL prints it (long lines cut).
pub(crate) fn shown(e: impl miette::Diagnostic + Send + Sync + 'static) -> String {
    crate::util::input::shorten_lines(&crate::util::failure::render(
        &e,
        miette::GraphicalTheme::unicode_nocolor(),
        80,
    ))
}

/// While a statement is typed in ASCII or with shortcuts, the same statement in Unicode
/// (shown greyed after the cursor); `None` for commands and for what does not parse yet.
pub fn hint(line: &str) -> Option<String> {
    if line.is_empty() {
        return None;
    }
    let first = line.split_whitespace().next().unwrap_or("");
    if COMMANDS.contains(&first) && first != "add" {
        return None;
    }
    let text = unicode_shortcuts(line.strip_prefix("add").unwrap_or(line));
    let st = crate::logic::parse::parse_statement(text.trim()).ok()?;
    let shown = print::statement(&st, Style::Unicode);
    (shown != line.trim()).then(|| format!("   ⟶ {shown}"))
}

/// Completions for the word before `pos`: commands at the start of a line, game commands
/// after `game`, and the symbols a statement can use. Returns where the word starts.
pub fn complete(line: &str, pos: usize, symbols: &[String]) -> (usize, Vec<String>) {
    let pos = pos.min(line.len());
    let pos = (0..=pos).rev().find(|&i| line.is_char_boundary(i)).unwrap_or(0);
    let start = line[..pos]
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .map_or(0, |i| i + line[i..].chars().next().map_or(1, char::len_utf8));
    let word = &line[start..pos];
    let first = line[..start].trim().is_empty();
    let mut options: Vec<&str> = symbols.iter().map(String::as_str).collect();
    if first {
        options.extend(COMMANDS);
    } else if line.trim_start().starts_with("game") {
        options.extend(GAME_COMMANDS);
    }
    let words = options
        .into_iter()
        .filter(|o| o.starts_with(word) && !word.is_empty())
        .map(str::to_string)
        .collect();
    (start, words)
}

#[cfg(test)]
mod tests;
