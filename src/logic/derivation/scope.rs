//! What a line may cite and what it rests on: citations resolved against the lines in
//! scope, the closed subproofs and the board (a later line, the line itself, a line of a
//! closed subproof or the statement claimed are faults), premises checked against the
//! board, names checked fresh, and the statements a step or a counter-model rests on.

use super::syntax::{names_in_statement, same_statement};
use super::{fault, Body, Citation, Derivation, Fault, FaultKind, Judgment, Line, Premise, Rule};
use crate::logic::ast::{BinaryOp, Formula, Span, Statement, StatementKind};
use std::collections::BTreeSet;

/// What a line is judged against: the board, and the statement claimed redundant (if so).
#[derive(Clone, Copy)]
pub struct Setting<'a> {
    pub board: &'a [Statement],
    pub claim: Option<usize>,
}

/// A cited item, resolved.
pub(super) enum Cited<'d> {
    Line(&'d Line),
    Range(&'d Line, &'d Line),
    Board(&'d Statement),
}

pub(super) fn premise(line: &Line, setting: Setting<'_>) -> Judgment {
    let Body::Statement(st) = &line.body else {
        return Judgment::Wrong(fault(FaultKind::Misapplied, "⊥ is no board statement", line.span));
    };
    if !line.within.is_empty() {
        return Judgment::Wrong(fault(
            FaultKind::Misapplied,
            "a premise stands at the top level, not inside a subproof (there, write `:AS`)",
            line.span,
        ));
    }
    let matching: Vec<usize> =
        (1..=setting.board.len()).filter(|&k| same_statement(&setting.board[k - 1], st)).collect();
    match matching.first() {
        // Circular only when the claim is the one board statement it can be.
        Some(&k) if matching.iter().all(|&m| Some(m) == setting.claim) => Judgment::Wrong(fault(
            FaultKind::Circular,
            format!("circular: this is statement ({k}), the one claimed redundant"),
            line.span,
        )),
        Some(_) => Judgment::Ok,
        None => Judgment::Wrong(fault(
            FaultKind::Misapplied,
            "a premise must be a statement on the board, and this one is not",
            line.span,
        )),
    }
}

pub(super) fn resolve<'d>(
    d: &'d Derivation,
    at: usize,
    c: &Citation,
    setting: Setting<'d>,
) -> Result<Cited<'d>, Fault> {
    let scope = |reason: String| fault(FaultKind::Scope, reason, c.span());
    match *c {
        Citation::Line { number, .. } => {
            let line = cited_line(d, number, at).map_err(scope)?;
            if !d.line_in_scope(number, at) {
                return Err(scope(format!(
                    "line {number} is inside a subproof that is closed before line {at}: cite the whole subproof, or nothing in it"
                )));
            }
            if let (Some(k), Some(Rule::Premise), Body::Statement(st)) =
                (setting.claim, line.rule, &line.body)
            {
                // A premise that is the claim and no other board statement.
                let others = (1..=setting.board.len())
                    .any(|j| j != k && same_statement(&setting.board[j - 1], st));
                if !others && setting.board.get(k - 1).is_some_and(|b| same_statement(b, st)) {
                    return Err(fault(
                        FaultKind::Circular,
                        format!(
                            "circular: line {number} is statement ({k}), the one claimed redundant"
                        ),
                        c.span(),
                    ));
                }
            }
            Ok(Cited::Line(line))
        }
        Citation::Range { first, last, .. } => {
            let opening = cited_line(d, first, at).map_err(scope)?;
            let closing = cited_line(d, last, at).map_err(scope)?;
            let Some(index) = d.subproofs.iter().position(|s| s.first == first && s.last == last)
            else {
                return Err(scope(format!("lines {first}-{last} are not a subproof (a subproof runs from its `:AS` line to its last line)")));
            };
            let s = &d.subproofs[index];
            // What a subproof shows is its last line standing in it directly: a last line
            // inside a subproof nested in it rests on that one's assumption too.
            if closing.within.last() != Some(&index) {
                return Err(scope(format!(
                    "subproof {first}-{last} ends inside a subproof nested in it, so line {last} rests on that one's assumption too: close the nested subproof, and end {first}-… with a line of its own"
                )));
            }
            if !d.subproof_in_scope(s, at) {
                return Err(scope(format!(
                    "subproof {first}-{last} stands inside a subproof that is closed before line {at}"
                )));
            }
            Ok(Cited::Range(opening, closing))
        }
        Citation::Board { k, .. } => {
            if setting.claim == Some(k) {
                return Err(fault(
                    FaultKind::Circular,
                    format!("circular: ({k}) is the statement claimed redundant"),
                    c.span(),
                ));
            }
            match setting.board.get(k.wrapping_sub(1)) {
                Some(st) if k >= 1 => Ok(Cited::Board(st)),
                _ => Err(scope(format!(
                    "there is no statement ({k}): the board has {}",
                    setting.board.len()
                ))),
            }
        }
    }
}

fn cited_line(d: &Derivation, number: usize, at: usize) -> Result<&Line, String> {
    if number == at {
        return Err(format!("line {at} cites itself"));
    }
    if number > at {
        return Err(format!("line {number} comes later: a line cites only lines above it"));
    }
    match d.line(number) {
        Some(l) if matches!(l.body, Body::Separator) => {
            Err(format!("line {number} is a separator `--`: it cannot be cited"))
        }
        Some(l) => Ok(l),
        None => Err(format!("there is no line {number}")),
    }
}

/// What a cited item gives a `by` step: a line, a board statement, or a subproof read as
/// the conditional it shows (assumption → last line; ¬assumption when it ends in ⊥).
pub(super) fn rests_on(item: &Cited<'_>) -> Option<Premise> {
    match item {
        Cited::Line(l) => Some(match &l.body {
            Body::Statement(s) => Premise::Statement(s.clone()),
            _ => Premise::Bottom,
        }),
        Cited::Board(s) => Some(Premise::Statement((*s).clone())),
        Cited::Range(first, last) => {
            let assumed = first.body.statement()?.formula()?.clone();
            let shown = match &last.body {
                Body::Statement(s) => {
                    Formula::binary(BinaryOp::Implies, assumed, s.formula()?.clone())
                }
                _ => Formula::negation(assumed),
            };
            Some(Premise::Statement(Statement {
                kind: StatementKind::Formula(shown),
                span: Span::default(),
            }))
        }
    }
}

/// A name is fresh at line `at` when no premise (a `:PR` line, a board statement cited
/// anywhere) and no assumption open at `at` mentions it; for ∃E, the subproof's own
/// assumption (`own`) excepted.
pub(super) fn fresh(
    d: &Derivation,
    at: usize,
    name: &str,
    own: Option<usize>,
    setting: Setting<'_>,
    rule: &str,
) -> Result<(), String> {
    for p in d.premises() {
        if p.body.statement().is_some_and(|s| names_in_statement(s).contains(name)) {
            return Err(format!("`{name}` is not new: it is in the premise on line {}, so {rule} cannot treat it as any object", p.number));
        }
    }
    let mut cited_board = BTreeSet::new();
    for l in &d.lines {
        for c in &l.citations {
            if let Citation::Board { k, .. } = c {
                cited_board.insert(*k);
            }
        }
    }
    // A name a naming line makes stands for the one object its statement describes.
    for l in &d.lines {
        if let Some(Statement { kind: StatementKind::Named { name: made, .. }, .. }) =
            l.body.statement()
        {
            if made.name == name {
                return Err(format!("`{name}` is not new: line {} names it, so {rule} cannot treat it as any object", l.number));
            }
        }
    }
    for k in cited_board {
        if setting
            .board
            .get(k.wrapping_sub(1))
            .is_some_and(|s| names_in_statement(s).contains(name))
        {
            return Err(format!("`{name}` is not new: it is in board statement ({k}), so {rule} cannot treat it as any object"));
        }
    }
    for a in d.open_assumptions(at) {
        if Some(a) == own {
            continue;
        }
        if d.line(a)
            .and_then(|l| l.body.statement())
            .is_some_and(|s| names_in_statement(s).contains(name))
        {
            return Err(format!("`{name}` is not new: it is in the assumption on line {a}, still open here, so {rule} cannot treat it as any object"));
        }
    }
    Ok(())
}

/// The context a wrong line is held against when a model is sought: the `:PR` lines above
/// it that are sound premises, the assumptions open at `at`, and what it cites that it may
/// cite (lines in scope, closed subproofs, board statements other than the one claimed).
pub fn context(d: &Derivation, at: usize, setting: Setting<'_>) -> Vec<Premise> {
    let mut out: Vec<Premise> = Vec::new();
    let mut push = |p: Premise| out.push(p);
    for p in d.premises() {
        if p.number < at && matches!(premise(p, setting), Judgment::Ok) {
            if let Some(s) = p.body.statement() {
                push(Premise::Statement(s.clone()));
            }
        }
    }
    for a in d.open_assumptions(at) {
        if a != at {
            if let Some(l) = d.line(a) {
                push(match &l.body {
                    Body::Statement(s) => Premise::Statement(s.clone()),
                    _ => Premise::Bottom,
                });
            }
        }
    }
    for p in cited_sound(d, at, setting) {
        push(p);
    }
    out
}

/// Whether line `at` cites a subproof that reads as no conditional (a size statement for
/// its assumption or last line): a model of what it cites would leave that one out.
pub fn cites_unreadable_subproof(d: &Derivation, at: usize, setting: Setting<'_>) -> bool {
    let Some(line) = d.line(at) else { return false };
    line.citations
        .iter()
        .filter_map(|c| resolve(d, at, c, setting).ok())
        .any(|c| matches!(c, Cited::Range(..)) && rests_on(&c).is_none())
}

/// What line `at` cites that it may cite, as premises (the rest are scope errors).
pub fn cited_sound(d: &Derivation, at: usize, setting: Setting<'_>) -> Vec<Premise> {
    let Some(line) = d.line(at) else { return Vec::new() };
    line.citations
        .iter()
        .filter_map(|c| resolve(d, at, c, setting).ok())
        .filter_map(|c| rests_on(&c))
        .collect()
}
