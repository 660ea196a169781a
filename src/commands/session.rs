//! The REPL's session: players try statements, build a board, ask for verdicts, and run a
//! saved game, one line at a time.
//!
//! [`Session`] holds the state and answers a line with text; [`hint`] and [`complete`] are
//! what the terminal shows while a line is typed. None of it touches a terminal (the
//! command line's `repl` puts it behind rustyline), so all of it is tested directly.

use crate::commands::cardgame::{claim_outcome, parse_cards, parse_claim, SavedGame};
use crate::commands::computer::{self, thinking, turn_text, why_last_play};
use crate::commands::defaults::MOVE_TIME;
use crate::commands::defaults::SEARCH_SECONDS;
use crate::commands::evidence::{evidence, report, unknown_hint};
use crate::commands::scoring;
use crate::commands::verdict::Search;
use crate::logic::board::{self, CheckedBoard};
use crate::logic::check::CheckMode;
use crate::logic::print::{self, Style};
use crate::reason::finite::{render, Limits, Progress};
use crate::reason::{decide_with, Certificate, Decision, Options, Question, Verdict};
use crate::solve::parse_seconds;
use std::path::PathBuf;
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
    "help",
    "quit",
];
/// The words after `game`.
pub const GAME_COMMANDS: &[&str] =
    &["load", "show", "score", "play", "claim", "pass", "undo", "save", "move", "hint", "why"];

const HELP: &str = "\
A line that is not a command is a statement: it is checked and added to the board.
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
  game load <file>    play a saved game (see `umpire game new`); then:
  game show | game score | game play <cards> <statement> [-> <k>] |
  game claim redundant <k> | game claim inconsistent | game pass | game undo
  (each change is saved at once) | game save <file> (to another file)
  game hint [<player>] (the coach) | game move (the computer's turn) | game why
  (with the table's own cards, name the cards: game move P:blonde,X:¬)
  (a seat the computer plays moves by itself when its turn comes, and when a game is
  loaded on its turn; after an undo, `game move` plays it)
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
    /// Told of each size the finite search finishes, so a front end can show progress.
    progress: Box<dyn FnMut(&Progress)>,
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
            progress: Box::new(|_| {}),
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

    fn board(&self) -> Result<CheckedBoard, String> {
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
        // A statement typed over several lines (an open parenthesis continues it) is one
        // statement: the board keeps one statement per line.
        let line = unicode_shortcuts(line.replace(['\r', '\n'], " ").trim());
        if line.is_empty() {
            return Reply::Text(String::new());
        }
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line.as_str(), ""), |(w, r)| (w, r.trim()));
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
        if self.statements.is_empty() {
            return "the board is empty".into();
        }
        match self.board() {
            Ok(b) => b
                .board
                .statements
                .iter()
                .enumerate()
                .map(|(i, s)| format!("({}) {}", i + 1, print::statement(s, Style::Unicode)))
                .collect::<Vec<_>>()
                .join("\n"),
            Err(e) => e,
        }
    }

    fn verdict(&mut self, question: Question) -> String {
        let b = match self.board() {
            Ok(b) => b,
            Err(e) => return e,
        };
        match decide_with(
            &b,
            question,
            &self.limits(),
            Options { steps: true },
            &mut *self.progress,
        ) {
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
                let out = scoring::text(&all, b.board.statements.len()).trim_end().to_string();
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
                render::text(&model).trim_end().to_string()
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

    fn game(&mut self, rest: &str) -> String {
        let (word, args) =
            rest.split_once(char::is_whitespace).map_or((rest, ""), |(w, r)| (w, r.trim()));
        if word == "load" {
            return match SavedGame::open(&PathBuf::from(args)) {
                Ok(g) => {
                    let table = self.game.insert(g);
                    // Loaded on a computer's turn: it moves, as it would once its turn came.
                    let (replies, last) = Self::computers_reply(table);
                    if last.is_some() {
                        self.last = last;
                    }
                    let table = self.game.as_ref().expect("just loaded");
                    format!("{replies}{}", table.game.show_turn()).trim_end().to_string()
                }
                Err(e) => shown(e),
            };
        }
        let limits = self.limits();
        let Some(table) = self.game.as_mut() else {
            return "no game loaded: `game load <file>`".into();
        };
        let player = table.game.state.current;
        let result = match word {
            "show" => return table.game.show_turn().trim_end().to_string(),
            "score" => {
                let game = &table.game;
                let scores: Vec<String> = game
                    .settings
                    .players
                    .iter()
                    .zip(&game.state.scores)
                    .map(|(p, s)| format!("{p} {s}"))
                    .collect();
                return scores.join(", ");
            }
            "save" => {
                return match table.save_as(&PathBuf::from(args)) {
                    Ok(()) => format!("saved to {}", table.path.display()),
                    Err(e) => shown(e),
                };
            }
            "play" => {
                // game play P:blonde,F:father ∃x blonde(father(x))   (-> k for the ¬ card)
                let (cards, statement) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
                let (statement, target) = match statement.rsplit_once("->") {
                    Some((s, k)) if k.trim().parse::<usize>().is_ok() => {
                        (s.trim(), k.trim().parse().ok())
                    }
                    _ => (statement.trim(), None),
                };
                parse_cards(cards.split(','))
                    .and_then(|kinds| table.play(player, &kinds, statement, target))
                    .map(Some)
            }
            "claim" => {
                let words: Vec<&str> = args.split_whitespace().collect();
                return match parse_claim(&words)
                    .and_then(|claim| table.claim(player, claim, &limits))
                {
                    Ok((event, decision)) => {
                        let shown = format!(
                            "{}\n{}{}",
                            claim_outcome(&event).unwrap_or_default(),
                            evidence(&decision),
                            table.game.show_turn().trim_end()
                        );
                        self.last = Some(decision);
                        shown
                    }
                    Err(e) => shown(e),
                };
            }
            "pass" => table.pass(player).map(Some),
            "undo" => table.undo().map(|()| None),
            "move" => {
                // `game move` (with the table's own cards: `game move P:blonde,X:¬`).
                let told =
                    if args.is_empty() { Ok(None) } else { parse_cards(args.split(',')).map(Some) };
                return match told
                    .and_then(|t| table.computer_move(&thinking(MOVE_TIME), t.as_deref()))
                {
                    Ok(turn) => {
                        let mut out = turn_text(&table.game, &turn, false);
                        let mine = turn.claims.last().map(|(_, d)| d.clone());
                        let (replies, theirs) = Self::computers_reply(table);
                        out.push_str(&replies);
                        out.push_str(&table.game.show_turn());
                        if let Some(d) = theirs.or(mine) {
                            self.last = Some(d);
                        }
                        out.trim_end().to_string()
                    }
                    Err(e) => shown(e),
                };
            }
            "hint" => {
                // `game hint [<player>] [<cards>]` (cards with the table's own deck).
                let mut who = Ok(player);
                let mut told = Ok(None);
                for word in args.split_whitespace() {
                    if word.contains(':') {
                        told = parse_cards(word.split(',')).map(Some);
                    } else {
                        who = table.player(Some(word));
                    }
                }
                let hinted = who.and_then(|p| {
                    let told = told?;
                    computer::hint(&table.game, p, told.as_deref(), &thinking(MOVE_TIME))
                });
                return match hinted {
                    Ok(h) => h.text(false).trim_end().to_string(),
                    Err(e) => shown(e),
                };
            }
            "why" => {
                return match why_last_play(&table.game, &thinking(MOVE_TIME)) {
                    Ok(text) => text.trim_end().to_string(),
                    Err(e) => shown(e),
                };
            }
            _ => return format!("game commands: {}", GAME_COMMANDS.join(", ")),
        };
        match result {
            // A person's play or pass ends their turn: the seats the computer holds answer.
            Ok(Some(_)) => {
                let (replies, last) = Self::computers_reply(table);
                let out = format!("{replies}{}", table.game.show_turn());
                if last.is_some() {
                    self.last = last;
                }
                out.trim_end().to_string()
            }
            // An undo that lands on a computer's turn does not replay it at once (the next
            // undo could then never reach the person's own play): say how to go on.
            Ok(None) => {
                let game = &table.game;
                let mut out = game.show_turn();
                if game.state.winner.is_none()
                    && game.settings.computer_level(game.state.current).is_some()
                {
                    out.push_str(&format!(
                        "The computer plays {}: `game move` plays its turn, `game undo` takes back more.",
                        game.settings.players[game.state.current]
                    ));
                }
                out.trim_end().to_string()
            }
            Err(e) => shown(e),
        }
    }

    /// The computer's turns until a person's turn comes, as the table is told of them (each
    /// claim with its evidence), and the decision of the last claim among them, for `proof`.
    fn computers_reply(table: &mut SavedGame) -> (String, Option<Decision>) {
        match table.computers_reply(&thinking(MOVE_TIME)) {
            Ok(turns) => {
                let text = turns.iter().map(|t| turn_text(&table.game, t, false)).collect();
                let last = turns.iter().flat_map(|t| &t.claims).last().map(|(_, d)| d.clone());
                (text, last)
            }
            Err(e) => (shown(e), None),
        }
    }
}

/// A diagnostic as the REPL prints it (long lines cut).
fn shown(e: impl miette::Diagnostic + Send + Sync + 'static) -> String {
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
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(Arc::new(AtomicBool::new(false)))
    }

    fn say(s: &mut Session, line: &str) -> String {
        match s.execute(line) {
            Reply::Text(t) => t,
            Reply::Quit => "QUIT".into(),
        }
    }

    #[test]
    fn a_statement_typed_over_two_lines_is_one_statement() {
        let mut s = session();
        assert_eq!(
            say(&mut s, "forall x (blonde(x)\n  -> happy(x))"),
            "(1) ∀x blonde(x) → happy(x)"
        );
        assert_eq!(say(&mut s, "list").lines().count(), 1);
    }

    #[test]
    fn the_watcher_hears_each_searched_size() {
        let mut s = session();
        let heard = std::rc::Rc::new(std::cell::Cell::new(0));
        let h = heard.clone();
        s.watch_progress(move |_| h.set(h.get() + 1));
        say(&mut s, "exists x exists y x != y");
        assert!(say(&mut s, "check").contains("consistent"));
        assert!(heard.get() >= 2, "sizes 1 and 2 were searched, heard {}", heard.get());
    }

    #[test]
    fn statements_are_added_checked_and_listed() {
        let mut s = session();
        assert_eq!(say(&mut s, "forall x blonde(x) -> happy(x)"), "(1) ∀x blonde(x) → happy(x)");
        assert_eq!(
            say(&mut s, "\\E!x blonde(x) | blondie := x"),
            "(2) ∃!x blonde(x) | blondie := x"
        );
        assert!(say(&mut s, "happy(blondie) & likes(x)").contains("likes"), "an error, not added");
        assert_eq!(say(&mut s, "list").lines().count(), 2);
        assert!(say(&mut s, "remove 2").starts_with("removed (2)"));
        assert_eq!(say(&mut s, "quit"), "QUIT");
    }

    #[test]
    fn verdicts_models_and_proofs() {
        let mut s = session();
        say(&mut s, "∀x blonde(father(x))");
        assert!(say(&mut s, "check").starts_with("consistent"));
        say(&mut s, "∀x ¬blonde(father(x))");
        assert!(say(&mut s, "check").starts_with("inconsistent"));
        assert!(say(&mut s, "proof").contains("[2]"));
        say(&mut s, "clear");
        say(&mut s, "∃x blonde(x)");
        assert!(say(&mut s, "model 3").starts_with("3 objects"));
        assert!(say(&mut s, "follows 1").starts_with("not redundant"));
    }

    #[test]
    fn a_saved_game_is_played_from_the_repl() {
        use crate::games::cardgame::game::{Game, Settings};
        let dir = std::env::temp_dir().join(format!("umpire-repl-game-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.json");
        // Seed 5: Ann holds S:9 X:¬ F:father.
        let g = Game::new(Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 5,
            own_cards: false,
            computers: Vec::new(),
        })
        .unwrap();
        g.save(&path).unwrap();
        let mut s = session();
        assert!(say(&mut s, &format!("game load {}", path.display())).contains("Ann's hand: S:9"));
        let out = say(&mut s, "game play S:9 ∀a∀b (a+b=b+a)");
        assert!(out.contains("(1) ∀a∀b a + b = b + a"), "{out}");
        assert!(say(&mut s, "game claim redundant 1").starts_with("not upheld"));
        assert!(say(&mut s, "game pass").contains("Ann to play"));
        assert!(say(&mut s, "game undo").contains("Bob to play"));
        assert_eq!(say(&mut s, "game score"), "Ann 0, Bob 0");
        let copy = dir.join("copy.json");
        assert!(say(&mut s, &format!("game save {}", copy.display())).starts_with("saved to"));
        assert!(copy.exists());
        assert_eq!(Game::load(&path).unwrap().events.len(), 2, "each change is saved");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_claim_in_the_repl_shows_its_evidence_and_proof_repeats_it() {
        use crate::games::cardgame::game::{Game, Settings};
        let dir = std::env::temp_dir().join(format!("umpire-repl-claim-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.json");
        Game::new(Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 1,
            own_cards: true,
            computers: Vec::new(),
        })
        .unwrap()
        .save(&path)
        .unwrap();
        let mut s = session();
        say(&mut s, &format!("game load {}", path.display()));
        say(&mut s, "game play Q:∀x ∀x happy(x)");
        say(&mut s, "game play Q:∃x ∃x happy(x)");
        let out = say(&mut s, "game claim redundant 2");
        assert!(out.starts_with("upheld: redundant: (2) follows from (1)"), "{out}");
        assert!(out.contains("[1] (1) with x := a: happy(a)"), "{out}");
        assert!(say(&mut s, "proof").contains("[2] the negation of (2) with x := a: ¬happy(a)"));
        assert!(say(&mut s, "game claim redundant 2").contains("already scored"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn redundant_lists_what_follows() {
        let mut s = session();
        say(&mut s, "∀x happy(x)");
        say(&mut s, "∃x happy(x)");
        let out = say(&mut s, "redundant?");
        assert!(out.ends_with("One statement follows from the others: (2)."), "{out}");
    }

    #[test]
    fn odd_settings_are_refused_with_the_reason() {
        let mut s = session();
        assert!(say(&mut s, "set timeout 1e300").contains("not a number of seconds"));
        assert!(say(&mut s, "set timeout nan").contains("not a number of seconds"));
        assert!(say(&mut s, "set timeout 0").contains("every verdict will be unknown"));
        say(&mut s, "exists x blonde(x)");
        assert!(say(&mut s, "check").starts_with("unknown"), "a zero budget searches nothing");
        assert_eq!(say(&mut s, "set timeout 2.5"), "searches now stop after 2.5 s");
        assert!(say(&mut s, "set max-size 0").contains("at least 1"));
        assert_eq!(say(&mut s, "set max-size 7"), "the model search now tries up to 7 objects");
    }

    #[test]
    fn hints_and_completions_need_no_terminal() {
        assert_eq!(hint("forall x happy(x)").as_deref(), Some("   ⟶ ∀x happy(x)"));
        assert_eq!(hint("check"), None);
        assert_eq!(hint("∀x happy("), None, "nothing while it does not parse");
        let symbols = vec!["blonde".to_string(), "blondie".to_string()];
        assert_eq!(complete("bl", 2, &symbols), (0, symbols.clone()));
        assert_eq!(complete("game un", 7, &symbols), (5, vec!["undo".to_string()]));
        assert_eq!(complete("∀x ¬bl", "∀x ¬bl".len(), &symbols).0, "∀x ¬".len());
    }

    #[test]
    fn a_cancelled_search_says_so() {
        let flag = Arc::new(AtomicBool::new(false));
        let mut s = Session::new(flag.clone());
        // corpus/boards/pairing-chain.board: beyond every engine, so the search runs on.
        for st in [
            "∀x∀y∀u∀v (x + y = u + v → x = u ∧ y = v)",
            "∃x∃y x ≠ y",
            "∀x∀y∀z (smarter(x, y) ∧ smarter(y, z) → smarter(x, z))",
            "∀x smarter(father(x), x)",
        ] {
            say(&mut s, st);
        }
        say(&mut s, "set max-size 250");
        let setter = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            flag.store(true, Ordering::Relaxed);
        });
        let out = say(&mut s, "check");
        setter.join().unwrap();
        assert!(out.starts_with("cancelled"), "{out}");
    }
}
