//! What the games that read logs share (Clue, Deduction, and Infer's marker files); it is
//! no game itself. The line structure — one statement per line, `#` starts a comment, blank
//! lines are skipped, and every statement keeps its line number and span for diagnostics —
//! the error of a log that cannot be read ([`LogError`]), and of one that has no answer
//! ([`SolveError`]); and where a game stands ([`Standing`]): who is out after a wrong
//! accusation or announcement, and whether the game is over.

use crate::solve::Exhausted;
use crate::util::failure::{Classify, FailureKind};
use miette::SourceSpan;

/// A statement of a log: its line number (from 1), its span in the text, and its text
/// without the comment and surrounding blanks.
pub struct Statement<'a> {
    pub line: usize,
    pub span: SourceSpan,
    pub text: &'a str,
}

/// A log's event with the statement it was read from (for diagnostics and for naming the
/// lines of a contradiction).
#[derive(Clone, Debug)]
pub struct Entry<E> {
    pub event: E,
    pub line: usize,
    pub span: SourceSpan,
    pub text: String,
}

/// How many of a log's entries come before its `events`-th event plus one: `--upto 3`
/// counts what happened (suggestions, questions, …), not the lines that describe the table
/// (a hand, the face-up tiles), which are always in.
pub fn entries_through<E>(
    entries: &[Entry<E>],
    events: usize,
    is_event: impl Fn(&E) -> bool,
) -> usize {
    let mut seen = 0;
    for (i, e) in entries.iter().enumerate() {
        if is_event(&e.event) {
            if seen == events {
                return i;
            }
            seen += 1;
        }
    }
    entries.len()
}

/// The statements of a log, in order.
///
/// ```
/// let s: Vec<_> = umpire::games::logs::statements("# a comment\n\n  me: Ann  # me\n").collect();
/// assert_eq!((s[0].line, s[0].text), (3, "me: Ann"));
/// assert_eq!(s[0].span, (15, 7).into());
/// ```
pub fn statements(text: &str) -> impl Iterator<Item = Statement<'_>> {
    let mut offset = 0;
    text.split_inclusive('\n').enumerate().filter_map(move |(n, raw)| {
        let start = offset;
        offset += raw.len();
        let content = raw.split('#').next().unwrap_or("").trim_end();
        let lead = content.len() - content.trim_start().len();
        let content = content.trim();
        (!content.is_empty()).then(|| Statement {
            line: n + 1,
            span: (start + lead, content.len()).into(),
            text: content,
        })
    })
}

/// A log that cannot be read: what is wrong, where, and (often) how to write it.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
#[diagnostic(code(umpire::log))]
pub struct LogError {
    pub message: String,
    #[label("here")]
    pub span: SourceSpan,
    #[help]
    pub help: Option<String>,
}

impl Classify for LogError {}

/// A [`LogError`] at `span`.
pub fn error(message: impl Into<String>, span: SourceSpan, help: Option<&str>) -> LogError {
    // A message quotes what was typed; a name of a megabyte is not worth quoting whole.
    let message = crate::util::input::shorten_message(&message.into());
    LogError { message, span, help: help.map(str::to_string) }
}

/// A claim's last word, `wrong` or `correct` (any case), after a space or a comma: the text
/// before it, and whether the claim was correct. `None` when the line does not say.
///
/// ```
/// use umpire::games::logs::verdict;
/// assert_eq!(verdict("Plum, Rope, Hall wrong"), Some(("Plum, Rope, Hall", false)));
/// assert_eq!(verdict("Sun 5, CORRECT "), Some(("Sun 5", true)));
/// assert_eq!(verdict("Plum, Rope, Hall"), None);
/// ```
pub fn verdict(text: &str) -> Option<(&str, bool)> {
    let text = text.trim_end();
    let (cut, sep) =
        text.char_indices().rev().find(|&(_, c)| c.is_whitespace() || c == ',' || c == ':')?;
    let correct = match text[cut + sep.len_utf8()..].to_lowercase().as_str() {
        "wrong" => false,
        "correct" => true,
        _ => return None,
    };
    Some((text[..cut].trim_end().trim_end_matches(',').trim_end(), correct))
}

/// Where a game stands after some of its events: the players who are out (a wrong accusation
/// or announcement; they still answer, but make no more moves) and whether the game is over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// `(player, line)`: out by the wrong claim on that line, in the log's order.
    pub out: Vec<(usize, usize)>,
    pub over: Option<Over>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Over {
    /// `player`'s claim on `line` was correct: they win. `named`: the cards (the tile) named.
    Won { player: usize, line: usize, named: Vec<usize> },
    /// Every player is out, the last by the wrong claim on `line`: nobody can win.
    AllOut { line: usize },
}

/// How a game's claims are called in its messages: Clue accuses, Deduction announces.
pub struct ClaimWords {
    /// "accused correctly", "announced the missing tile correctly".
    pub correctly: &'static str,
    /// "accused wrongly", "announced wrongly".
    pub wrongly: &'static str,
    /// "accusation", "announcement".
    pub claim: &'static str,
    /// "nobody moves", "nobody takes a turn".
    pub nobody: &'static str,
}

impl Standing {
    /// Refuses a line that comes after the game has ended, saying how it ended.
    pub fn refuse_after_end(
        &self,
        span: SourceSpan,
        name: &dyn Fn(usize) -> String,
        words: &ClaimWords,
    ) -> Result<(), LogError> {
        let ClaimWords { correctly, wrongly, claim, nobody } = words;
        match &self.over {
            Some(Over::Won { player, line, .. }) => Err(error(
                format!("the game ended on line {line}, when {} {correctly}: nothing happens after it", name(*player)),
                span,
                Some(&format!("remove this line; or, if the {claim} on line {line} was wrong, end that line with `wrong`")),
            )),
            Some(Over::AllOut { line }) => Err(error(
                format!("every player had {wrongly} by line {line}: the game is over and {nobody}"),
                span,
                Some(&format!("remove this line, or check the {claim}s marked `wrong`")),
            )),
            None => Ok(()),
        }
    }

    /// The line of `player`'s wrong claim, if they are out.
    pub fn out_line(&self, player: usize) -> Option<usize> {
        self.out.iter().find(|(p, _)| *p == player).map(|&(_, line)| line)
    }

    /// Counts a claim (an accusation, an announcement) of `players` seats: a correct one ends
    /// the game, a wrong one puts its maker out, and the last player out ends it too.
    pub fn claim(
        &mut self,
        player: usize,
        line: usize,
        named: &[usize],
        correct: bool,
        players: usize,
    ) {
        if self.over.is_some() {
            return;
        }
        if correct {
            self.over = Some(Over::Won { player, line, named: named.to_vec() });
            return;
        }
        if self.out_line(player).is_none() {
            self.out.push((player, line));
        }
        if self.out.len() == players {
            self.over = Some(Over::AllOut { line });
        }
    }
}

/// Why a log (Clue's or Deduction's) has no answer.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum SolveError {
    /// The log's setup does not add up (hand sizes against the deck, say).
    #[error("{why}")]
    #[diagnostic(code(umpire::log::setup), help("{help}"))]
    Setup { why: String, help: String },
    /// No deal fits: a smallest set of lines that contradict each other.
    #[error("no deal fits the log: lines {} contradict each other", lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", "))]
    #[diagnostic(
        code(umpire::log::contradiction),
        help("one of these lines has a typo; fix or remove it (the others agree with each other)")
    )]
    Contradiction { lines: Vec<usize>, texts: Vec<String> },
    /// A claim (accusation, announcement) logged as correct that the rest of the log rules
    /// out: a smallest set of lines, the claim's among them, that contradict each other.
    #[error("line {line} says {claim} was correct, but the log rules that out: lines {} contradict each other", lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", "))]
    #[diagnostic(code(umpire::log::claim), help("{help}"))]
    Refuted { line: usize, claim: String, help: String, lines: Vec<usize>, texts: Vec<String> },
    /// An event that the rules do not allow where it stands.
    #[error("line {line}: {why}")]
    #[diagnostic(code(umpire::log::event))]
    Event { line: usize, why: String },
    #[error("the count stopped ({0}) before it finished")]
    #[diagnostic(code(umpire::log::budget))]
    Exhausted(Exhausted),
}

impl SolveError {
    /// The contradiction made of these entries (in log order). `claim` says which entry, if
    /// any, is a claim logged as correct, as (what it claimed, the hint): a contradiction
    /// that needs that line is the claim refuted.
    pub fn contradiction<E>(
        core: &[&Entry<E>],
        claim: impl Fn(&E) -> Option<(String, String)>,
    ) -> SolveError {
        let lines = core.iter().map(|e| e.line).collect();
        let texts = core.iter().map(|e| e.text.clone()).collect();
        match core.iter().find_map(|e| claim(&e.event).map(|c| (e.line, c))) {
            Some((line, (claim, help))) => SolveError::Refuted { line, claim, help, lines, texts },
            None => SolveError::Contradiction { lines, texts },
        }
    }

    /// Whether the log contradicts itself (as opposed to being ill-formed or out of budget).
    pub fn is_contradiction(&self) -> bool {
        matches!(self, SolveError::Contradiction { .. } | SolveError::Refuted { .. })
    }
}

impl Classify for SolveError {
    fn kind(&self) -> FailureKind {
        match self {
            SolveError::Contradiction { .. } | SolveError::Refuted { .. } => {
                FailureKind::Contradiction
            }
            SolveError::Exhausted(_) => FailureKind::OutOfBudget,
            SolveError::Setup { .. } | SolveError::Event { .. } => FailureKind::BadInput,
        }
    }

    fn notes(&self) -> Vec<String> {
        match self {
            SolveError::Contradiction { lines, texts }
            | SolveError::Refuted { lines, texts, .. } => {
                lines.iter().zip(texts).map(|(l, t)| format!("line {l}: {t}")).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// How a player asked for a card (Clue's refuter, Deduction's answerer) picks the one to
/// show when they hold several, which decides how much a card shown to me says about their
/// hand (RULINGS C4, E2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Refuter {
    /// At random among the cards they could show: a deal in which they held k of those
    /// asked for explains "shown this one" with chance 1/k, and weighs that much.
    #[default]
    Random,
    /// Any way at all, deliberately too: every deal consistent with the log weighs the same.
    Any,
}

impl Refuter {
    /// The model's name, as `--refuter` takes it and `--json` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Refuter::Random => "random",
            Refuter::Any => "any",
        }
    }
}
