//! Result markers on a table: experiments marked O (follows) or X (does not follow), one per
//! line as `O r3 b4` (`grammar/infer-experiment.ebnf`, `marked`), and whether a Law agrees
//! with every mark.

use super::experiment::{Experiment, ExperimentError, Supply};
use super::law::Law;
use crate::games::logs::statements;

/// One marked experiment, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marked {
    pub line: usize,
    pub follows: bool,
    pub experiment: Experiment,
}

/// A marker line that cannot be read.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[error("line {line}: {message}")]
#[diagnostic(
    code(umpire::infer::markers),
    help("one experiment per line after its marker: `O r3 b4`, `X null`")
)]
pub struct MarkerError {
    pub line: usize,
    pub message: String,
    #[label("here")]
    pub span: miette::SourceSpan,
}

impl crate::util::failure::Classify for MarkerError {}

/// Reads marker lines; `#` starts a comment.
pub fn parse_markers(text: &str, supply: &Supply) -> Result<Vec<Marked>, MarkerError> {
    let mut out = Vec::new();
    for s in statements(text) {
        let fail = |message: String| MarkerError { line: s.line, message, span: s.span };
        let (mark, rest) = s.text.split_at(s.text.chars().next().map_or(0, char::len_utf8));
        let follows = match mark {
            "O" | "o" => true,
            "X" | "x" => false,
            _ => return Err(fail(format!("`{mark}` is not a marker: O or X"))),
        };
        let read = || -> Result<Experiment, ExperimentError> {
            let x = Experiment::parse(rest)?;
            x.validate(supply)?;
            Ok(x)
        };
        let experiment = read().map_err(|e| fail(e.message))?;
        out.push(Marked { line: s.line, follows, experiment });
    }
    Ok(out)
}

/// The marks the Law disagrees with, each with the Law's reason.
pub fn disagreements<'a>(law: &Law, marks: &'a [Marked]) -> Vec<(&'a Marked, String)> {
    marks
        .iter()
        .filter_map(|m| {
            match law.judge(&m.experiment) {
                Ok(j) => (j.follows != m.follows).then_some((m, j.reason)),
                // A mark the Law cannot be checked against is not an agreement.
                Err(e) => Some((m, e.to_string())),
            }
        })
        .collect()
}
