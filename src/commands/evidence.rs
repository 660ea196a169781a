//! A verdict as the table reads it: the one-line explanation, then the evidence — the
//! model as tables, or the proof's numbered steps with the argument, or the saturated
//! clauses, or what the bounded search covered. One rendering for every front end (`check`, `follows`, `game claim`,
//! the REPL), so players see the same evidence wherever they ask.

use crate::commands::drawing;
use crate::reason::{Certificate, Decision, Verdict};

/// The evidence under a verdict's explanation: tables, steps, or nothing more to show
/// (the explanation of a bounded search or an unknown says it all).
pub fn evidence(decision: &Decision) -> String {
    if let Some(model) = decision.verdict.model() {
        return drawing::text(model);
    }
    if let Some(model) = decision.verdict.infinite_model() {
        let mut out = String::from("a model with infinitely many objects, one line per symbol:\n");
        for line in model.describe() {
            out.push_str(&format!("  {line}\n"));
        }
        out.push_str("  (symbols the board does not use may mean anything)\n");
        return out;
    }
    if let Some(saturated) = decision.verdict.saturation() {
        return saturation_text(&saturated.clauses(), &saturated.legend());
    }
    match &decision.verdict {
        Verdict::Inconsistent { certificate: Certificate::Refutation { proof, argument } }
        | Verdict::Redundant { certificate: Certificate::Refutation { proof, argument } } => {
            proof.text(argument)
        }
        _ if !decision.size_cores.is_empty() => {
            let mut out = String::from(
                "no step-by-step proof came in time; the search went through every size the board allows, and at each size \
                 these statements alone have no model (try it by hand with that many objects):\n",
            );
            for core in &decision.size_cores {
                out.push_str(&format!("  {}\n", core.text()));
            }
            out
        }
        _ => String::new(),
    }
}

/// How many saturated clauses are listed before "… and N more": a table can read a page,
/// and `--json` has them all.
const SHOWN_CLAUSES: usize = 40;

fn saturation_text(clauses: &[String], legend: &[String]) -> String {
    let mut out = String::from(
        "no model was found, but the reasoning runs dry: these clauses follow from the statements, and every \
         inference between them gives a clause they already cover (X0, X1, … stand for any object):\n",
    );
    for (i, c) in clauses.iter().take(SHOWN_CLAUSES).enumerate() {
        out.push_str(&format!("  {}. {c}\n", i + 1));
    }
    if clauses.len() > SHOWN_CLAUSES {
        out.push_str(&format!(
            "  … and {} more (--json lists them all)\n",
            clauses.len() - SHOWN_CLAUSES
        ));
    }
    for line in legend {
        out.push_str(&format!("  where {line}\n"));
    }
    out
}

/// The explanation, and (unless `brief`) the evidence under it.
pub fn report(decision: &Decision, brief: bool) -> String {
    let mut out = decision.explanation.clone();
    out.push('\n');
    if !brief {
        out.push_str(&evidence(decision));
    }
    out
}

/// True when the verdict carries steps that [`evidence`] prints.
pub fn has_steps(decision: &Decision) -> bool {
    matches!(
        &decision.verdict,
        Verdict::Inconsistent { certificate: Certificate::Refutation { .. } }
            | Verdict::Redundant { certificate: Certificate::Refutation { .. } }
    )
}

/// For an unknown verdict, which of the front end's own options would give the search more
/// room: `time` is how that front end sets the time limit (`--timeout`, `set timeout`),
/// `size` how it sets the largest model (if it has a way).
pub fn unknown_hint(decision: &Decision, time: &str, size: Option<&str>) -> Option<String> {
    match &decision.verdict {
        Verdict::Unknown { stopped_by: "time", .. } => {
            Some(format!("{time} gives the search more time"))
        }
        Verdict::Unknown { stopped_by: "size-limit", .. } => {
            size.map(|s| format!("{s} lets the model search try larger sizes"))
        }
        _ => None,
    }
}
