//! The REPL's derive mode: a derivation typed line by line, each line judged as it is typed
//! (against the board the board commands ask about: the loaded game's, or the player's
//! own), with `undo`, `show` and `end`. The derivation typed last is what `game claim …
//! --derivation` argues with.

use super::Session;
use crate::commands::derive::{judge_one_line, report, ClaimAsked};
use crate::logic::derivation::{self, Body};

/// A derivation being typed: its lines as typed, and the claim it argues (if told).
#[derive(Default)]
pub(super) struct Deriving {
    pub(super) lines: Vec<String>,
    pub(super) claim: Option<ClaimAsked>,
}

const DERIVE_HELP: &str = "\
Type the derivation a line at a time: FORMULA :RULE CITATIONS (indent a subproof, its first
line `:AS`; rules ∧I ∧E ∨I ∨E →I →E ↔I ↔E ¬I ¬E IP X ∀I ∀E ∃I ∃E =I =E R DS MT DNE LEM DeM
CQ PR by, or in ASCII &I ->E AE …; cite lines 3, subproofs 3-6, board statements (2)).
Each line is judged as you type it.
  undo    take back the last line        show   the whole derivation, judged
  clear   start again                     end    leave derive mode (the derivation is kept
                                                 for `game claim … --derivation`)";

impl Session {
    /// `derive [redundant <k> | inconsistent]`: starts derive mode.
    pub(super) fn start_deriving(&mut self, rest: &str) -> String {
        let words: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
        let claim = if words.is_empty() {
            None
        } else {
            match ClaimAsked::from_words(&words) {
                Ok(c) => Some(c),
                Err(e) => {
                    return format!(
                        "{e}: write `derive`, `derive redundant 3` or `derive inconsistent`"
                    )
                }
            }
        };
        // The claim names a statement of the board, as on the command line.
        if let Some(ClaimAsked::Redundant(k)) = claim {
            let count = self.board().map(|b| b.board.statements.len()).unwrap_or(0);
            if k > count {
                return format!("there is no statement ({k}): the board has {count}");
            }
        }
        self.deriving = Some(Deriving { lines: Vec::new(), claim });
        let board = if self.game.is_some() { "the game's board" } else { "your board" };
        let arguing = claim.map(|c| format!(", arguing that {}", c.words())).unwrap_or_default();
        format!("derive mode on {board}{arguing}.\n{DERIVE_HELP}")
    }

    /// A line typed in derive mode: a command of the mode, or the derivation's next line.
    pub(super) fn derive_line(&mut self, raw: &str) -> String {
        // The board's statements: the functions its naming statements make may be used.
        let statements = self.board().map(|b| b.board.statements).unwrap_or_default();
        let Some(deriving) = self.deriving.as_mut() else { return String::new() };
        let line = super::unicode_shortcuts(raw.trim_end_matches(['\r', '\n']));
        match line.trim() {
            "" => return String::new(),
            "help" => return DERIVE_HELP.into(),
            "undo" => {
                return match deriving.lines.pop() {
                    Some(l) => format!("took back line {}: {}", deriving.lines.len() + 1, l.trim()),
                    None => "there is no line to take back".into(),
                }
            }
            "clear" => {
                deriving.lines.clear();
                return "the derivation is empty".into();
            }
            "show" => return self.derivation_report(),
            "end" | "done" => {
                let out = self.derivation_report();
                let deriving = self.deriving.take().expect("in derive mode");
                self.derivation = Some(deriving.lines.join("\n") + "\n");
                return format!(
                    "{out}left derive mode (`game claim … --derivation` argues with it)"
                );
            }
            _ => {}
        }
        deriving.lines.push(line);
        let text = deriving.lines.join("\n") + "\n";
        let claim = deriving.claim;
        let d = match derivation::read_against("derivation", &text, &statements) {
            Ok(d) => d,
            // A separator is read with the assumption after it.
            Err(r)
                if r.errors.len() == 1 && r.errors[0].to_string().contains("ends after `--`") =>
            {
                return format!(
                    "line {}: `--` (the next subproof opens next)",
                    deriving.lines.len()
                );
            }
            Err(r) => {
                deriving.lines.pop();
                return format!(
                    "{}(the line is not added)",
                    crate::util::input::shorten_lines(&r.render_plain())
                );
            }
        };
        let board = match self.board() {
            Ok(b) => b,
            Err(e) => return e,
        };
        let at = d.lines.len();
        if matches!(d.lines[at - 1].body, Body::Separator) {
            return format!("line {at}: `--`");
        }
        judge_one_line(&d, &board.board.statements, claim, at, &self.search)
            .text_within(0, false)
            .trim_end()
            .to_string()
    }

    /// The derivation typed so far, judged whole.
    fn derivation_report(&self) -> String {
        let Some(deriving) = &self.deriving else { return String::new() };
        if deriving.lines.is_empty() {
            return "the derivation is empty\n".into();
        }
        let text = deriving.lines.join("\n") + "\n";
        let board = match self.board() {
            Ok(b) => b,
            Err(e) => return e,
        };
        match derivation::read_against("derivation", &text, &board.board.statements) {
            Ok(d) => {
                let judged = crate::reason::derivation::judge(
                    &d,
                    &board.board.statements,
                    deriving.claim.map(ClaimAsked::argued),
                    &|| self.search.limits(),
                    &mut |_, _| {},
                );
                report(&d, &judged, deriving.claim, self.search.timeout).text()
            }
            Err(r) => crate::util::input::shorten_lines(&r.render_plain()),
        }
    }

    /// The prompt: `umpire>`, or in derive mode the number of the next line.
    pub fn prompt(&self) -> String {
        match &self.deriving {
            Some(d) => format!("derive {}> ", d.lines.len() + 1),
            None => "umpire> ".into(),
        }
    }
}
