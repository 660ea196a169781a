//! Home-made Laws (issue 22): whether one can be shown both ways with few dice
//! (`demonstrable`), and whether it agrees with marked experiments (`check-markers`).

use super::{marker, read_input, read_law, read_supply, InferError, SearchRequest};
use crate::games::infer::markers::{disagreements, parse_markers};
use crate::games::infer::search::{self, Demonstrable, Found, DEMONSTRABLE_DICE};
use serde::Serialize;
use std::path::PathBuf;
/// Whether a Law can be shown both ways with few dice.
#[derive(Clone, Debug, Serialize)]
pub struct Demonstration {
    /// The Law, in English.
    pub law: String,
    pub verdict: Demonstrability,
    /// The smallest experiment that follows the Law, and the smallest that does not.
    pub follows: Side,
    pub breaks: Side,
}

/// Whether both sides were found within the bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Demonstrability {
    /// Both sides were found.
    Demonstrable,
    /// One side has no experiment within the bound.
    NotDemonstrable,
    /// The budget ran out first.
    Unknown,
}

/// One side of a demonstration: the experiment, or why there is none.
#[derive(Clone, Debug, Serialize)]
pub struct Side {
    pub experiment: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<usize>,
    /// Why the experiment falls on this side.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// No experiment with up to this many dice is on this side.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<usize>,
    /// Why the search stopped before it knew.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// Looks for both sides of a home-made Law (the rules' bound is [`DEMONSTRABLE_DICE`]).
pub fn demonstrate(
    law: &str,
    search: &SearchRequest,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Demonstration, InferError> {
    let l = read_law(law, search.compass)?;
    let (limits, supply) = search.limits(DEMONSTRABLE_DICE)?;
    let shown = search::demonstrate(&l, &supply, &limits, progress).map_err(InferError::Search)?;
    let side = |f: &Found| match f {
        Found::Experiment(x) => Side {
            experiment: Some(x.notation()),
            dice: Some(x.len()),
            reason: Some(l.judge(x).map_or_else(|e| e.to_string(), |j| j.reason)),
            bound: None,
            why: None,
        },
        Found::NoneUpTo(n) => {
            Side { experiment: None, dice: None, reason: None, bound: Some(*n), why: None }
        }
        Found::Larger { experiment: x, .. } => Side {
            experiment: Some(x.notation()),
            dice: Some(x.len()),
            reason: Some(l.judge(x).map_or_else(|e| e.to_string(), |j| j.reason)),
            bound: None,
            why: None,
        },
        Found::NoneInBox => Side {
            experiment: None,
            dice: None,
            reason: None,
            bound: Some(supply.colours.iter().map(|c| c.1 as usize).sum()),
            why: None,
        },
        Found::Unknown { why, .. } => Side {
            experiment: None,
            dice: None,
            reason: None,
            bound: None,
            why: Some(why.to_string()),
        },
    };
    Ok(Demonstration {
        law: l.english(),
        verdict: match shown.verdict() {
            Demonstrable::Yes => Demonstrability::Demonstrable,
            Demonstrable::No => Demonstrability::NotDemonstrable,
            Demonstrable::Unknown => Demonstrability::Unknown,
        },
        follows: side(&shown.follows),
        breaks: side(&shown.breaks),
    })
}

impl Demonstration {
    pub fn text(&self) -> String {
        let mut out = format!("Law: {}.\n", self.law);
        for (side, name) in [(&self.follows, "O follows"), (&self.breaks, "X does not follow")] {
            out += &match side {
                Side { experiment: Some(x), reason, .. } => {
                    format!("  {name}: {x} ({})\n", reason.as_deref().unwrap_or_default())
                }
                Side { bound: Some(n), .. } => {
                    format!("  {name}: impossible with up to {n} dice\n")
                }
                Side { why, .. } => {
                    format!("  {name}: unknown ({})\n", why.as_deref().unwrap_or_default())
                }
            };
        }
        out += match self.verdict {
            Demonstrability::Demonstrable => "Demonstrable: it can be shown both ways.\n",
            Demonstrability::Unknown => "Unknown: the search ran out of budget.\n",
            Demonstrability::NotDemonstrable => "Not demonstrable: the Researchers could never see both sides of it with that few dice.\n",
        };
        out
    }
}

/// Marked experiments to check against a Law.
#[derive(Clone, Debug)]
pub struct MarkersRequest {
    pub law: String,
    /// The file of marked experiments, one a line (`O r3 b4`, `X null`); `-` is standard
    /// input.
    pub file: PathBuf,
    pub supply: String,
    pub compass: bool,
}

/// Whether a Law agrees with marked experiments.
#[derive(Clone, Debug, Serialize)]
pub struct MarkersChecked {
    /// The Law, in English.
    pub law: String,
    pub verdict: Agreement,
    /// How many experiments were marked.
    pub marks: usize,
    pub disagreements: Vec<Disagreement>,
}

/// Whether every mark agrees with the Law.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Agreement {
    Consistent,
    Inconsistent,
}

/// A mark the Law disagrees with.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    pub line: usize,
    pub experiment: String,
    /// `O` or `X`, as marked.
    pub marked: &'static str,
    pub reason: String,
}

pub fn check_markers(request: &MarkersRequest) -> Result<MarkersChecked, InferError> {
    let l = read_law(&request.law, request.compass)?;
    let supply = read_supply(&request.supply)?;
    let text = read_input(&request.file)?;
    let marks = parse_markers(&text, &supply).map_err(|error| InferError::Markers {
        error,
        name: request.file.display().to_string(),
        text: text.clone(),
    })?;
    let wrong = disagreements(&l, &marks);
    Ok(MarkersChecked {
        law: l.english(),
        verdict: if wrong.is_empty() { Agreement::Consistent } else { Agreement::Inconsistent },
        marks: marks.len(),
        disagreements: wrong
            .iter()
            .map(|(m, why)| Disagreement {
                line: m.line,
                experiment: m.experiment.notation(),
                marked: marker(m.follows),
                reason: why.clone(),
            })
            .collect(),
    })
}

impl MarkersChecked {
    pub fn text(&self) -> String {
        let mut out = format!("Law: {}.\n", self.law);
        if self.verdict == Agreement::Consistent {
            out += &format!("Consistent: all {} marks agree with the Law.\n", self.marks);
            return out;
        }
        for d in &self.disagreements {
            out += &format!(
                "  line {}: {} is marked {} but {} ({})\n",
                d.line,
                d.experiment,
                d.marked,
                if d.marked == "O" { "does not follow" } else { "follows" },
                d.reason
            );
        }
        out += &format!(
            "Inconsistent: {} of {} marks disagree with the Law.\n",
            self.disagreements.len(),
            self.marks
        );
        out
    }
}
