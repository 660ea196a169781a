//! The verdicts on a board: is it consistent (`check`), does statement k follow
//! (`follows`), what does a model look like (`model`), and which statements follow from the
//! others (`check --redundant`). Each job reads the board, asks the arbiter once and hands
//! back the decision with the text every front end prints; the front ends only choose
//! between that text, JSON and a picture.

use crate::commands::board::{read_board, BoardError};
use crate::commands::drawing;
use crate::commands::evidence::{has_steps, report, unknown_hint};
use crate::commands::scoring;
pub use crate::commands::search::Search;
use crate::commands::written;
use crate::commands::Answer;
use crate::logic::board::CheckedBoard;
use crate::logic::cnf::premises_of;
use crate::reason::finite::SearchError;
use crate::reason::finite::{self, render, AtSize};
use crate::reason::{decide_with, DecideError, Options};
use crate::util::failure::{Classify, FailureKind};
use serde::Serialize;
use std::time::Duration;

use crate::commands::verdict_json::DecisionJson;
pub use crate::reason::Question;
use crate::reason::{Decision, Verdict};

/// What a front end hears of a search as it goes: one size of the finite search finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub size: usize,
    pub found: bool,
    pub elapsed: Duration,
    pub variables: usize,
    pub clauses: usize,
}

impl Progress {
    pub(crate) fn of(p: &finite::Progress) -> Progress {
        let finite::Progress { size, found, elapsed, variables, clauses } = *p;
        Progress { size, found, elapsed, variables, clauses }
    }
}

/// A decision as the page shows it: the verdict's fields as `check --json` gives them, the
/// explanation, the evidence as text, and the model as a picture when it has one.
#[derive(Clone, Debug)]
pub struct DecisionView {
    decision: Decision,
    explanation_text: String,
    evidence: String,
    svg: Option<String>,
}

impl Serialize for DecisionView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown<'a> {
            #[serde(flatten)]
            decision: DecisionJson<'a>,
            explanation_text: &'a str,
            evidence: &'a str,
            svg: &'a Option<String>,
        }
        Shown {
            decision: DecisionJson::of(&self.decision),
            explanation_text: &self.explanation_text,
            evidence: &self.evidence,
            svg: &self.svg,
        }
        .serialize(s)
    }
}

impl DecisionView {
    pub fn of(decision: &Decision) -> DecisionView {
        DecisionView {
            decision: decision.clone(),
            explanation_text: decision.explanation.clone(),
            evidence: crate::commands::evidence::evidence(decision),
            svg: svg(decision),
        }
    }
}

/// Why a verdict could not be given: the board cannot be read, or the arbiter failed.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum VerdictError {
    #[error(transparent)]
    #[diagnostic(transparent)]
    Board(#[from] BoardError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Decide(#[from] DecideError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Search(#[from] SearchError),
}

impl Classify for VerdictError {
    fn kind(&self) -> FailureKind {
        match self {
            VerdictError::Board(e) => e.kind(),
            VerdictError::Decide(e) => e.kind(),
            VerdictError::Search(e) => e.kind(),
        }
    }

    fn notes(&self) -> Vec<String> {
        match self {
            VerdictError::Board(e) => e.notes(),
            VerdictError::Decide(e) => e.notes(),
            VerdictError::Search(e) => e.notes(),
        }
    }
}

/// The exit answer of a verdict: yes for consistent or redundant, no for the opposite.
pub fn answer_of(verdict: &Verdict) -> Answer {
    match verdict {
        Verdict::Consistent { .. } | Verdict::Redundant { .. } => Answer::Yes,
        Verdict::Inconsistent { .. } | Verdict::NotRedundant { .. } => Answer::No,
        Verdict::Unknown { .. } => Answer::Unknown,
    }
}

/// `check` and `follows`: the board given as a file or a statement, one question, decided
/// within `search`; `steps` asks for a proof's steps. `progress` hears each size searched.
pub fn decide(
    input: &str,
    question: Question,
    search: &Search,
    steps: bool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Decision, VerdictError> {
    decide_on(&read_board(input)?, question, search, steps, progress)
}

/// The same question on a board already read (the page's check pad, the REPL's board).
pub fn decide_on(
    board: &CheckedBoard,
    question: Question,
    search: &Search,
    steps: bool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Decision, VerdictError> {
    let heard = &mut |p: &finite::Progress| progress(&Progress::of(p));
    Ok(decide_with(board, question, &search.limits(), Options { steps }, heard)?)
}

/// How an answer is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The explanation, and the model or the proof's steps when there are any to show.
    Text,
    /// The model as Graphviz.
    Dot,
    /// The answer as JSON (the `--json` shapes of ARCHITECTURE.md's public surface).
    Json,
}

/// The front end's own names for its controls, for the hint an unknown verdict carries
/// (`--timeout` and `--max-size` on the command line, `set timeout <s>` in the REPL).
#[derive(Clone, Copy, Debug)]
pub struct Controls {
    pub time: &'static str,
    pub size: Option<&'static str>,
}

/// The command line's flags.
pub const FLAGS: Controls = Controls { time: "--timeout", size: Some("--max-size") };

/// An answer as a front end prints it: `out` on standard output, `err` (possibly empty)
/// on standard error, and the answer the exit status gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    pub out: String,
    pub err: String,
    pub answer: Answer,
}

impl Printed {
    fn new(out: String, answer: Answer) -> Printed {
        Printed { out, err: String::new(), answer }
    }
}

/// `value` as the command line prints JSON: pretty, one value, a newline.
fn pretty(value: &impl Serialize) -> String {
    format!("{}\n", serde_json::to_string_pretty(value).expect("JSON of plain data"))
}

/// A decision in the form asked for; `proof`: the text shows a proof's steps, not only
/// the sentence.
pub fn shown(decision: &Decision, form: Form, proof: bool, controls: Controls) -> Printed {
    let mut printed = Printed::new(String::new(), answer_of(&decision.verdict));
    match form {
        Form::Json => return Printed::new(pretty(&DecisionJson::of(decision)), printed.answer),
        Form::Dot => match decision.verdict.model() {
            Some(m) => printed.out = drawing::dot(m),
            None if decision.verdict.infinite_model().is_some() => {
                printed.err = format!(
                    "{}\n(an infinite model has no graph: its definitions follow)\n{}\n",
                    decision.explanation,
                    report(decision, false)
                )
            }
            None if decision.verdict.saturation().is_some() => {
                printed.err = format!(
                    "{}\n(a saturation has no graph: its clauses follow)\n{}\n",
                    decision.explanation,
                    report(decision, false)
                )
            }
            None => printed.err = format!("{}\n", decision.explanation),
        },
        Form::Text => {
            if decision.verdict.witness().is_some() || proof {
                printed.out = report(decision, false);
            } else {
                printed.out = format!("{}\n", decision.explanation);
                if has_steps(decision) {
                    printed.out.push_str("(--proof shows the steps)\n");
                }
            }
        }
    }
    if let Some(hint) = unknown_hint(decision, controls.time, controls.size) {
        printed.err.push_str(&format!("umpire: {hint}\n"));
    }
    printed
}

/// A question about a board, as `check`, `follows` and `model` ask it.
pub struct Request<'a> {
    /// A board file, or a statement in quotes.
    pub board: &'a str,
    pub question: Question,
    pub search: Search,
    pub form: Form,
    /// A refutation's steps are wanted (shown as text, or in the JSON).
    pub steps: bool,
    /// The proof is wanted as a derivation `umpire derive` accepts (the text is then the
    /// derivation file; the JSON gains `derivation`).
    pub derivation: bool,
}

/// `check` and `follows`: the question decided and shown. `progress` hears each size the
/// finite search finishes.
pub fn ask(
    request: &Request,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Printed, VerdictError> {
    let board = read_board(request.board)?;
    let wants_steps = request.steps || request.derivation;
    let decision = decide_on(&board, request.question, &request.search, wants_steps, progress)?;
    let printed = shown(&decision, request.form, request.steps, FLAGS);
    Ok(if request.derivation {
        with_derivation(printed, &board, request, &decision)
    } else {
        printed
    })
}

/// The answer with the proof written as a derivation: in text, the derivation file
/// itself (the verdict in a comment above it); in JSON, a `derivation` field.
fn with_derivation(
    mut printed: Printed,
    board: &CheckedBoard,
    request: &Request,
    decision: &Decision,
) -> Printed {
    let written = written::written(
        &board.board.statements,
        request.question,
        decision,
        request.search.timeout,
    );
    match (written, request.form) {
        (Ok(w), Form::Json) => {
            let mut value: serde_json::Value =
                serde_json::from_str(&printed.out).expect("the JSON just printed");
            value["derivation"] = serde_json::to_value(&w).expect("JSON of plain data");
            printed.out = pretty(&value);
        }
        (Ok(w), _) => {
            let heading: String =
                decision.explanation.lines().map(|l| format!("# {l}\n")).collect();
            printed.out = format!("{heading}{}", w.text);
        }
        (Err(why), _) => printed.err.push_str(&format!("umpire: no derivation: {why}\n")),
    }
    printed
}

/// `check`: the board's consistency or, with `each`, every statement's redundancy (the
/// scoring helper, `check --redundant`); `progress` hears each size searched, `told` each
/// statement as its question starts. The board is read once, for either. What `umpire
/// check` prints, and its exit status, for every front end.
///
/// ```
/// use umpire::commands::search::Search;
/// use umpire::commands::verdict::{check, Form, Request};
/// use umpire::reason::Question;
///
/// let request = Request {
///     board: "corpus/boards/s-cards.board", // a file, or one statement in quotes
///     question: Question::Consistency,
///     search: Search::default(),
///     form: Form::Text,
///     steps: false,
///     derivation: false,
/// };
/// let printed = check(&request, false, &mut |_| {}, &mut |_, _| {}).unwrap();
/// assert!(printed.out.starts_with("inconsistent: (12) needs at least 3 objects"));
/// ```
pub fn check(
    request: &Request,
    each: bool,
    progress: &mut dyn FnMut(&Progress),
    told: &mut dyn FnMut(usize, usize),
) -> Result<Printed, VerdictError> {
    let board = read_board(request.board)?;
    if !each {
        let wants_steps = request.steps || request.derivation;
        let decision = decide_on(&board, request.question, &request.search, wants_steps, progress)?;
        let printed = shown(&decision, request.form, request.steps, FLAGS);
        return Ok(if request.derivation {
            with_derivation(printed, &board, request, &decision)
        } else {
            printed
        });
    }
    let found = redundant(&board, &request.search, told)?;
    Ok(each_shown(found, request.form))
}

/// The scoring helper's answer in the form asked for.
fn each_shown(found: Redundancy, form: Form) -> Printed {
    let out = match form {
        Form::Json => pretty(&found.json()),
        Form::Text | Form::Dot => found.text(),
    };
    Printed::new(out, found.answer())
}

/// `model`: the smallest model (as `check` finds it), or with `size` one of exactly that
/// many objects.
pub fn model(
    request: &Request,
    size: Option<usize>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Printed, VerdictError> {
    let Some(size) = size else {
        return ask(request, progress);
    };
    let found = model_of_size(request.board, size, &request.search)?;
    let out = match request.form {
        Form::Json => pretty(&found.json(size)),
        Form::Dot => found.text(true),
        Form::Text => found.text(false),
    };
    Ok(Printed::new(out, found.answer()))
}

/// The model as a picture (SVG), when the verdict has a finite one of two objects or more:
/// one object is a dot with its labels, which the text says as well (issue 56: a page drew
/// a large, nearly empty picture for it).
pub fn svg(decision: &Decision) -> Option<String> {
    decision.verdict.model().filter(|m| m.structure.size > 1).map(drawing::svg)
}

/// `model --size N`: what the search at exactly that size found.
#[derive(Clone, Debug)]
pub enum SizedModel {
    Found(finite::Model),
    /// No model of that size (or the board's bounds forbid it): the answer is no.
    None {
        why: String,
    },
    /// Not decided (beyond the search, or out of budget).
    Unknown {
        why: String,
    },
}

impl SizedModel {
    pub fn answer(&self) -> Answer {
        match self {
            SizedModel::Found(_) => Answer::Yes,
            SizedModel::None { .. } => Answer::No,
            SizedModel::Unknown { .. } => Answer::Unknown,
        }
    }

    /// The answer as `model --size --json` prints it.
    pub fn json(&self, size: usize) -> serde_json::Value {
        match self {
            SizedModel::Found(model) => {
                serde_json::json!({ "verdict": "consistent", "model": render::json(model) })
            }
            SizedModel::None { why } => {
                serde_json::json!({ "verdict": "no-model-of-size", "size": size, "explanation": why })
            }
            SizedModel::Unknown { why } => {
                serde_json::json!({ "verdict": "unknown", "size": size, "explanation": why })
            }
        }
    }

    /// The answer as text (the model's tables) or, with `dot`, the model as Graphviz.
    pub fn text(&self, dot: bool) -> String {
        match self {
            SizedModel::Found(model) if dot => drawing::dot(model),
            SizedModel::Found(model) => drawing::text(model),
            SizedModel::None { why } | SizedModel::Unknown { why } => format!("{why}\n"),
        }
    }
}

/// `model --size N`: a model of exactly `size` objects, or why there is none.
pub fn model_of_size(
    input: &str,
    size: usize,
    search: &Search,
) -> Result<SizedModel, VerdictError> {
    let board = read_board(input)?;
    let premises = premises_of(&board, None);
    Ok(match finite::search_size(&board.signature, &premises, size, &search.budget())? {
        AtSize::Found { model } => SizedModel::Found(model),
        other @ (AtSize::NoModel | AtSize::Forbidden { .. }) => {
            SizedModel::None { why: other.explain(size) }
        }
        other @ (AtSize::BeyondSearch { .. } | AtSize::GaveUp(_)) => {
            SizedModel::Unknown { why: other.explain(size) }
        }
    })
}

/// `check --redundant`: every statement's redundancy question, as the scoring phase asks it.
pub struct Redundancy {
    /// The decided questions, in order (fewer than the statements when the budget ran out).
    pub decisions: Vec<(usize, Decision)>,
    /// The statements that follow from the others.
    pub found: Vec<usize>,
    /// How many statements the board has.
    pub count: usize,
}

/// The JSON of `check --redundant --json`.
#[derive(Serialize)]
struct RedundancyJson<'a> {
    redundant: &'a [usize],
    statements: Vec<StatementJson<'a>>,
}

#[derive(Serialize)]
struct StatementJson<'a> {
    statement: usize,
    decision: DecisionJson<'a>,
}

impl Redundancy {
    /// Yes when some statement follows; unknown when none does but some were undecided.
    pub fn answer(&self) -> Answer {
        let undecided = self.decisions.len() < self.count
            || self.decisions.iter().any(|(_, d)| matches!(d.verdict, Verdict::Unknown { .. }));
        match (self.found.is_empty(), undecided) {
            (false, _) => Answer::Yes,
            (true, true) => Answer::Unknown,
            (true, false) => Answer::No,
        }
    }

    pub fn json(&self) -> serde_json::Value {
        let statements = self
            .decisions
            .iter()
            .map(|(k, d)| StatementJson { statement: *k, decision: DecisionJson::of(d) })
            .collect();
        serde_json::to_value(RedundancyJson { redundant: &self.found, statements })
            .unwrap_or_default()
    }

    pub fn text(&self) -> String {
        scoring::text(&self.decisions, self.count)
    }
}

/// `check --redundant`: each statement's question within `search.timeout` (the memory
/// ceiling and the cancel flag hold for all of them); `told` hears each statement as it
/// starts, with the board's count.
pub fn redundant(
    board: &CheckedBoard,
    search: &Search,
    told: &mut dyn FnMut(usize, usize),
) -> Result<Redundancy, VerdictError> {
    let count = board.board.statements.len();
    let base = search.budget();
    let decisions =
        scoring::each_statement(board, search.max_size, search.timeout, &base, &mut |k| {
            told(k, count)
        })?;
    let found = scoring::redundant(&decisions);
    Ok(Redundancy { decisions, found, count })
}
