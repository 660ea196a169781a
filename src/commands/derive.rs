//! `umpire derive`: a player's derivation judged line by line against a board, each line on
//! its own (as if what it cites were right), with a counter-model for every wrong step
//! that does not follow, and the whole derivation's verdict on the claim it argues. The
//! report, its text and its `--json` are here once for every front end.

use super::board::{read_board, BoardError};
use super::drawing;
use super::search::Search;
use super::Answer;
use crate::logic::ast::Statement;
use crate::logic::derivation::{self, Body, Derivation};
use crate::logic::diagnostics::Report;
use crate::logic::print::{statement, Style};
use crate::logic::semantics::Structure;
use crate::reason;
use crate::reason::derivation::{Argued, Counter, Judged, LineJudgment, Outcome};
use crate::reason::verdict::Witness;
use crate::util::failure::Classify;
use crate::util::input::{read_text, InputError};
use serde::Serialize;
use std::path::Path;
use std::time::Duration;

/// How long the engines may take over one step unless told otherwise (a typical `by`
/// step takes milliseconds; a counter-model rarely more).
pub const STEP_TIME: Duration = Duration::from_secs(3);

/// The claim a derivation argues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimAsked {
    /// Statement K follows from the others.
    Redundant(usize),
    /// The board is inconsistent: the derivation ends in ⊥.
    Inconsistent,
}

impl ClaimAsked {
    /// Reads the words after `--claim`: `redundant K` or `inconsistent`.
    pub fn from_words(words: &[String]) -> Result<ClaimAsked, DeriveError> {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match words.as_slice() {
            ["inconsistent"] => Ok(ClaimAsked::Inconsistent),
            ["redundant", k] => k
                .parse::<usize>()
                .ok()
                .filter(|&k| k >= 1)
                .map(ClaimAsked::Redundant)
                .ok_or_else(|| DeriveError::Claim(format!("`{k}` is not a statement number"))),
            ["redundant"] => Err(DeriveError::Claim(
                "`redundant` needs the statement's number: `redundant 3`".into(),
            )),
            _ => Err(DeriveError::Claim(format!("`{}` is no claim", words.join(" ")))),
        }
    }

    /// As `--claim` takes it: `redundant 3`, `inconsistent`.
    pub fn as_typed(self) -> String {
        match self {
            ClaimAsked::Redundant(k) => format!("redundant {k}"),
            ClaimAsked::Inconsistent => "inconsistent".into(),
        }
    }

    /// The claim a card-game claim makes.
    pub fn of(claim: crate::games::cardgame::state::Claim) -> ClaimAsked {
        use crate::games::cardgame::state::Claim;
        match claim {
            Claim::Redundant { statement } => ClaimAsked::Redundant(statement),
            Claim::Inconsistent => ClaimAsked::Inconsistent,
        }
    }

    /// The claim as the judge takes it.
    pub fn argued(self) -> Argued {
        match self {
            ClaimAsked::Redundant(k) => Argued::Redundant(k),
            ClaimAsked::Inconsistent => Argued::Inconsistent,
        }
    }

    /// In words: "(3) is redundant", "the board is inconsistent".
    pub fn words(self) -> String {
        match self {
            ClaimAsked::Redundant(k) => format!("({k}) is redundant"),
            ClaimAsked::Inconsistent => "the board is inconsistent".into(),
        }
    }
}

/// Why a derivation cannot be judged.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum DeriveError {
    #[error(transparent)]
    #[diagnostic(transparent)]
    Board(#[from] BoardError),
    #[error("{0}")]
    #[diagnostic(transparent)]
    Unreadable(InputError),
    /// The derivation's text does not read; each problem points into it.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Derivation(Report),
    #[error("{0}")]
    #[diagnostic(
        code(umpire::claim),
        help("write `--claim redundant K` or `--claim inconsistent`")
    )]
    Claim(String),
}

impl Classify for DeriveError {}

/// What to judge: a board (a file, or a statement in quotes), a derivation file, the
/// claim it argues, and each step's search.
pub struct DeriveRequest<'a> {
    pub board: &'a str,
    pub derivation: &'a Path,
    pub claim: Option<ClaimAsked>,
    pub search: Search,
}

/// One line's judgment as players read it and `--json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct LineReport {
    pub line: usize,
    /// How deep in subproofs (0: the top level).
    pub depth: usize,
    /// The formula as umpire prints it (`⊥`, `--`).
    pub text: String,
    /// `ok`, `wrong` or `unknown`.
    pub status: &'static str,
    /// The rule as umpire names it, and what the line cites.
    pub rule: String,
    pub cites: String,
    /// Why it is wrong or unknown (empty for a line that is ok).
    pub reason: String,
    /// On a wrong line that does not follow: a model where what it rests on holds and the
    /// line is false (tables, as `umpire check --json` prints a model).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<serde_json::Value>,
    /// The rule is misapplied, but the line follows from what it cites: `by` would do.
    pub follows_anyway: bool,
    /// The line's statement in words (none for ⊥ and a separator).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
    /// The counter-model drawn as text tables (what the page shows on a tap).
    #[serde(skip_serializing_if = "Option::is_none")]
    model_text: Option<String>,
    #[serde(skip)]
    structure: Option<Structure>,
}

impl LineReport {
    /// The line for people: its mark (✓ ✗ ?), number, formula (padded to `width`) and
    /// justification; under it why it is wrong or unknown, and the counter-model.
    pub fn text_within(&self, width: usize, words: bool) -> String {
        let mark = match self.status {
            "ok" => "✓",
            "wrong" => "✗",
            _ => "?",
        };
        let body = format!("{}{}", "│ ".repeat(self.depth), self.text);
        let pad = width.saturating_sub(body.chars().count());
        let just = if self.cites.is_empty() {
            self.rule.clone()
        } else {
            format!("{} {}", self.rule, self.cites)
        };
        let mut out = format!("{mark} {:>3}  {body}{}  :{just}\n", self.line, " ".repeat(pad));
        if let (true, Some(w)) = (words, &self.words) {
            out += &format!("        “{w}”\n");
        }
        if !self.reason.is_empty() {
            out += &format!("        {}\n", self.reason);
        }
        if let Some(m) = &self.model_text {
            for row in m.lines() {
                out += &format!("          {row}\n");
            }
        }
        out
    }

    /// The counter-model's structure, for an independent re-check by the evaluator.
    pub fn countermodel(&self) -> Option<&Structure> {
        self.structure.as_ref()
    }
}

/// The whole derivation's verdict.
#[derive(Clone, Debug, Serialize)]
pub struct DerivationReport {
    /// `proves`, `has-gaps` or `proves-something-else`.
    pub verdict: &'static str,
    /// The claim argued, as `--claim` takes it: `redundant 3`, `inconsistent` (none when no
    /// claim was given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<String>,
    #[serde(skip)]
    claim_words: Option<String>,
    /// The derivation's last top-level line.
    pub conclusion: Option<String>,
    /// Lines that are not ok.
    pub gaps: Vec<usize>,
    pub lines: Vec<LineReport>,
    /// The verdict in one sentence, as the table reads it.
    pub summary: String,
}

impl DerivationReport {
    /// The verdict in one sentence: "The derivation proves that (3) is redundant."
    pub fn verdict_sentence(&self) -> String {
        let gaps = self.gaps.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        match (self.verdict, &self.claim_words) {
            ("proves", Some(c)) => format!("The derivation proves that {c}."),
            ("proves", None) => format!(
                "Every line is right: the derivation proves {}.",
                self.conclusion.as_deref().unwrap_or("its last line")
            ),
            ("proves-something-else", Some(c)) => format!(
                "Every line is right, but the derivation ends with {}, which does not show that {c}.",
                self.conclusion.as_deref().unwrap_or("nothing")
            ),
            _ => format!(
                "The derivation has gaps (line{} {gaps}): it does not yet convince the table.",
                if self.gaps.len() == 1 { "" } else { "s" }
            ),
        }
    }

    /// Exit answer: yes when the derivation proves its claim, no otherwise.
    pub fn answer(&self) -> Answer {
        if self.verdict == "proves" {
            Answer::Yes
        } else {
            Answer::No
        }
    }

    /// The report for people: each line with its mark, the reasons and models under the
    /// wrong ones, then the verdict.
    pub fn text(&self) -> String {
        self.text_saying(false)
    }

    /// The report, with each line's statement in words under it when `words` (`--words`).
    pub fn text_saying(&self, words: bool) -> String {
        let width = self
            .lines
            .iter()
            .map(|l| 2 * l.depth + l.text.chars().count())
            .max()
            .unwrap_or(0)
            .min(60);
        let mut out = String::new();
        for l in &self.lines {
            out += &l.text_within(width, words);
        }
        out += &self.verdict_sentence();
        out.push('\n');
        out
    }
}

/// A derivation's text, read from its file (within the input limits).
pub fn read_derivation(path: &Path) -> Result<String, DeriveError> {
    read_text(path, derivation::read::MAX_DERIVATION_BYTES as u64).map_err(DeriveError::Unreadable)
}

/// Reads the board and the derivation, and judges the derivation.
pub fn derive(
    request: &DeriveRequest<'_>,
    on_line: &mut dyn FnMut(usize, usize),
) -> Result<DerivationReport, DeriveError> {
    let board = read_board(request.board)?;
    let text = read_derivation(request.derivation)?;
    let name = request.derivation.display().to_string();
    let d = derivation::read_against(&name, &text, &board.board.statements)
        .map_err(DeriveError::Derivation)?;
    judge(&d, &board.board.statements, request.claim, &request.search, on_line)
}

/// Judges a derivation already read against the board's statements.
pub fn judge(
    d: &Derivation,
    board: &[Statement],
    claim: Option<ClaimAsked>,
    search: &Search,
    on_line: &mut dyn FnMut(usize, usize),
) -> Result<DerivationReport, DeriveError> {
    if let Some(ClaimAsked::Redundant(k)) = claim {
        if k > board.len() {
            return Err(DeriveError::Claim(format!(
                "there is no statement ({k}): the board has {}",
                board.len()
            )));
        }
    }
    let judged = reason::derivation::judge(
        d,
        board,
        claim.map(ClaimAsked::argued),
        &|| search.limits(),
        on_line,
    );
    Ok(report(d, &judged, claim, search.timeout))
}

/// Line `at` of a derivation judged alone (the REPL's derive mode judges each line as it
/// is typed).
pub fn judge_one_line(
    d: &Derivation,
    board: &[Statement],
    claim: Option<ClaimAsked>,
    at: usize,
    search: &Search,
) -> LineReport {
    let judged =
        reason::derivation::judge_line_at(d, board, claim.map(ClaimAsked::argued), at, &|| {
            search.limits()
        });
    line_report(d, &judged, search.timeout)
}

/// The report players read of a judged derivation.
pub fn report(
    d: &Derivation,
    judged: &Judged,
    claim: Option<ClaimAsked>,
    step_time: Duration,
) -> DerivationReport {
    let lines: Vec<LineReport> =
        judged.lines.iter().map(|j| line_report(d, j, step_time)).collect();
    let gaps: Vec<usize> = lines.iter().filter(|l| l.status != "ok").map(|l| l.line).collect();
    let mut report = DerivationReport {
        verdict: judged.overall.name(),
        claim: claim.map(ClaimAsked::as_typed),
        claim_words: claim.map(ClaimAsked::words),
        conclusion: d.conclusion().map(|l| body_text(&l.body)),
        gaps,
        lines,
        summary: String::new(),
    };
    report.summary = report.verdict_sentence();
    report
}

fn body_text(body: &Body) -> String {
    match body {
        Body::Statement(s) => statement(s, Style::Unicode),
        Body::Bottom => "⊥".into(),
        Body::Separator => "--".into(),
    }
}

/// One line in words: its mark, why it is wrong or unknown, and its counter-model.
fn line_report(d: &Derivation, j: &LineJudgment, step_time: Duration) -> LineReport {
    let line = d.line(j.line).expect("a line of the derivation");
    let mut report = LineReport {
        line: j.line,
        depth: line.within.len(),
        text: body_text(&line.body),
        status: "ok",
        rule: line.rule.map_or("--".into(), |r| r.name().to_string()),
        cites: line.citations.iter().map(|c| c.written()).collect::<Vec<_>>().join(", "),
        reason: String::new(),
        model: None,
        follows_anyway: false,
        words: line.body.statement().map(crate::logic::words::statement),
        model_text: None,
        structure: None,
    };
    let cites = if report.cites.is_empty() { "nothing".to_string() } else { report.cites.clone() };
    match &j.outcome {
        Outcome::Ok => {}
        Outcome::DoesNotFollow => {
            report.status = "wrong";
            report.reason = format!("this does not follow from {cites}");
        }
        Outcome::Undecided { why: Some(why) } => {
            report.status = "unknown";
            report.reason = format!(
                "umpire could not put this step to its engines ({}): cite fewer statements, or split the step",
                crate::util::text::shorten_message(why.lines().next().unwrap_or(""))
            );
        }
        Outcome::Undecided { why: None } => {
            report.status = "unknown";
            report.reason = format!(
                "umpire could not decide within {} s whether this follows from {cites}: split the step into smaller ones, each with its own `by`, or cite only what it needs",
                step_time.as_secs_f64()
            );
        }
        Outcome::Wrong { fault, follows_anyway } => {
            report.status = "wrong";
            report.follows_anyway = *follows_anyway;
            report.reason = if *follows_anyway {
                format!(
                    "{}; but this follows from {cites} anyway, not by {}: write `:by {}`",
                    fault.reason, report.rule, report.cites
                )
            } else {
                fault.reason.clone()
            };
        }
    }
    match &j.counter {
        Counter::Model { witness, cited_only } => {
            if attach_model(&mut report, witness) {
                report.reason += if *cited_only {
                    "; it follows from the premises and the assumptions open here, but not from what it cites: in this model what it cites holds and this line is false:"
                } else {
                    "; in this model the premises, the assumptions open here and what it may cite hold, and this line is false:"
                };
            }
        }
        Counter::FollowsFromContext => {
            report.reason += " (the line does follow from the premises and the assumptions open here: cite what it needs)";
        }
        Counter::None => {}
    }
    report
}

/// Puts a counter-model on the line, if it has tables to show.
fn attach_model(report: &mut LineReport, witness: &Witness) -> bool {
    match witness {
        Witness::Finite(model) => {
            // The model's witnesses name the statements of the step's own board, which the
            // player never saw: the tables alone say it.
            let mut model = model.clone();
            model.witnesses.clear();
            report.model = serde_json::to_value(&model).ok();
            report.model_text = Some(drawing::text(&model));
            report.structure = Some(model.structure.clone());
            true
        }
        Witness::Infinite(model) => {
            report.model = serde_json::to_value(model).ok();
            report.model_text = Some(format!(
                "a model with infinitely many objects:\n{}",
                model.describe().iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
            ));
            true
        }
        Witness::Saturation(_) => {
            report.reason += "; no contradiction can be derived from what it rests on with this line denied (the search saturates)";
            false
        }
    }
}
