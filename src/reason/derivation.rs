//! A derivation judged line by line: the rule checker (`logic::derivation`, in the trust
//! base) first; then the engines, through [`crate::reason::entail`], for a `by` step and
//! for what a wrong line lacks — whether it follows anyway from what it cites, and a
//! counter-model where what it rests on holds and it is false. The result is data: the
//! words players read are `commands/derive.rs`'s.

use crate::logic::ast::Statement;
use crate::logic::derivation::syntax::same_statement;
use crate::logic::derivation::{
    judge_line, scope, Body, Derivation, Fault, FaultKind, Judgment, Premise, Setting,
};
use crate::reason::entail::{follows, holds};
use crate::reason::finite::Limits;
use crate::reason::verdict::{Decision, Verdict, Witness};

/// The claim a derivation argues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Argued {
    /// Statement K (counted from 1) follows from the others.
    Redundant(usize),
    /// The board is inconsistent: the derivation ends in ⊥.
    Inconsistent,
}

/// What the judge found of one line.
#[derive(Clone, Debug)]
pub enum Outcome {
    Ok,
    /// A `by` step that does not follow from what it cites.
    DoesNotFollow,
    /// A `by` step the engines did not decide within the step's budget, or (`why`) one
    /// that could not be put to them at all (its statements make no board together).
    Undecided {
        why: Option<String>,
    },
    /// The rule checker's fault; for a misapplied rule, whether the line follows from what
    /// it cites anyway.
    Wrong {
        fault: Fault,
        follows_anyway: bool,
    },
}

/// What shows a wrong line false.
#[derive(Clone, Debug)]
pub enum Counter {
    None,
    /// A model (re-checked) where what the line rests on holds and the line is false:
    /// the premises above it, the assumptions open at it and what it cites, or, when those
    /// give the line (`cited_only`), what it cites alone.
    Model {
        witness: Witness,
        cited_only: bool,
    },
    /// No model: the line does follow from the premises and the open assumptions.
    FollowsFromContext,
}

#[derive(Clone, Debug)]
pub struct LineJudgment {
    pub line: usize,
    pub outcome: Outcome,
    pub counter: Counter,
}

impl LineJudgment {
    pub fn is_ok(&self) -> bool {
        matches!(self.outcome, Outcome::Ok)
    }
}

/// The whole derivation's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overall {
    /// Every line is right and the last top-level line is the claim (or, with no claim,
    /// anything).
    Proves,
    /// Every line is right, but the last top-level line is not the claim.
    ProvesSomethingElse,
    HasGaps,
}

impl Overall {
    /// The `verdict` field of `--json`.
    pub fn name(self) -> &'static str {
        match self {
            Overall::Proves => "proves",
            Overall::ProvesSomethingElse => "proves-something-else",
            Overall::HasGaps => "has-gaps",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Judged {
    pub lines: Vec<LineJudgment>,
    pub overall: Overall,
}

/// Judges every line of `d` against `board`, each engine question within `limits()` (a
/// fresh budget each), telling `on_line` which line it is on. `argued`, if given, must name
/// a statement of the board.
pub fn judge(
    d: &Derivation,
    board: &[Statement],
    argued: Option<Argued>,
    limits: &dyn Fn() -> Limits,
    on_line: &mut dyn FnMut(usize, usize),
) -> Judged {
    let setting = Setting {
        board,
        claim: match argued {
            Some(Argued::Redundant(k)) => Some(k),
            _ => None,
        },
    };
    let mut lines = Vec::with_capacity(d.lines.len());
    for line in &d.lines {
        on_line(line.number, d.lines.len());
        lines.push(judge_one(d, line.number, setting, limits));
    }
    let last = d.conclusion().map(|l| &l.body);
    let shows_claim = match (argued, last) {
        (Some(Argued::Inconsistent), Some(Body::Bottom)) => true,
        (Some(Argued::Redundant(k)), Some(Body::Statement(s))) => {
            board.get(k.wrapping_sub(1)).is_some_and(|b| same_statement(s, b))
        }
        (None, Some(_)) => true,
        _ => false,
    };
    let overall = match (lines.iter().all(LineJudgment::is_ok), shows_claim) {
        (false, _) => Overall::HasGaps,
        (true, true) => Overall::Proves,
        (true, false) => Overall::ProvesSomethingElse,
    };
    Judged { lines, overall }
}

/// Line `at` of `d` judged alone, as [`judge`] judges each line.
pub fn judge_line_at(
    d: &Derivation,
    board: &[Statement],
    argued: Option<Argued>,
    at: usize,
    limits: &dyn Fn() -> Limits,
) -> LineJudgment {
    let setting = Setting {
        board,
        claim: match argued {
            Some(Argued::Redundant(k)) => Some(k),
            _ => None,
        },
    };
    judge_one(d, at, setting, limits)
}

fn as_premise(body: &Body) -> Premise {
    match body {
        Body::Statement(s) => Premise::Statement(s.clone()),
        _ => Premise::Bottom,
    }
}

fn judge_one(
    d: &Derivation,
    at: usize,
    setting: Setting<'_>,
    limits: &dyn Fn() -> Limits,
) -> LineJudgment {
    let line = d.line(at).expect("a line of the derivation");
    let conclusion = as_premise(&line.body);
    let done = |outcome, counter| LineJudgment { line: at, outcome, counter };
    match judge_line(d, at, setting) {
        Judgment::Ok => done(Outcome::Ok, Counter::None),
        Judgment::ByEngines { unread: Some(why), .. } => {
            done(Outcome::Undecided { why: Some(why) }, Counter::None)
        }
        Judgment::ByEngines { rests_on, .. } => match decide(&rests_on, &conclusion, limits) {
            Ok(Some((true, _))) => done(Outcome::Ok, Counter::None),
            Ok(Some((false, decision))) => {
                done(Outcome::DoesNotFollow, counter(d, at, setting, limits, Some(decision)))
            }
            Ok(None) => done(Outcome::Undecided { why: None }, Counter::None),
            Err(why) => done(Outcome::Undecided { why: Some(why) }, Counter::None),
        },
        Judgment::Wrong(fault) if fault.kind == FaultKind::Misapplied => {
            let cited = scope::cited_sound(d, at, setting);
            match decide(&cited, &conclusion, limits).ok().flatten() {
                Some((true, _)) => {
                    done(Outcome::Wrong { fault, follows_anyway: true }, Counter::None)
                }
                Some((false, decision)) => done(
                    Outcome::Wrong { fault, follows_anyway: false },
                    counter(d, at, setting, limits, Some(decision)),
                ),
                None => done(
                    Outcome::Wrong { fault, follows_anyway: false },
                    counter(d, at, setting, limits, None),
                ),
            }
        }
        Judgment::Wrong(fault) if fault.kind == FaultKind::Naming => {
            done(Outcome::Wrong { fault, follows_anyway: false }, Counter::None)
        }
        Judgment::Wrong(fault) => done(
            Outcome::Wrong { fault, follows_anyway: false },
            counter(d, at, setting, limits, None),
        ),
    }
}

/// A model where the premises, the open assumptions and what the line may cite hold and the
/// line is false; failing that, `cited_only`'s model (what it cites holds).
fn counter(
    d: &Derivation,
    at: usize,
    setting: Setting<'_>,
    limits: &dyn Fn() -> Limits,
    cited_only: Option<Decision>,
) -> Counter {
    let line = d.line(at).expect("a line of the derivation");
    // A model of what the line cites would leave such a subproof out, and say it held.
    if scope::cites_unreadable_subproof(d, at, setting) {
        return Counter::None;
    }
    let context = scope::context(d, at, setting);
    match (decide(&context, &as_premise(&line.body), limits).ok().flatten(), cited_only) {
        (Some((false, decision)), _) => model_of(decision, false),
        (Some((true, _)), Some(decision)) => model_of(decision, true),
        (Some((true, _)), None) => Counter::FollowsFromContext,
        (None, _) => Counter::None,
    }
}

fn model_of(decision: Decision, cited_only: bool) -> Counter {
    match decision.verdict {
        Verdict::NotRedundant { countermodel: witness }
        | Verdict::Consistent { model: witness } => Counter::Model { witness, cited_only },
        _ => Counter::None,
    }
}

/// Whether `conclusion` follows from `premises`: `Some((holds, decision))`, `None` when the
/// engines do not decide within the budget, an error when the step cannot be put to them.
fn decide(
    premises: &[Premise],
    conclusion: &Premise,
    limits: &dyn Fn() -> Limits,
) -> Result<Option<(bool, Decision)>, String> {
    let decision = follows(premises, conclusion, &limits()).map_err(|e| e.to_string())?;
    Ok(holds(&decision).map(|h| (h, decision)))
}
