//! umpire's own refutations written as derivations a player can follow and check with
//! `umpire derive`: the facts the proof establishes, in the board's names, each a `by` step
//! citing the statements and earlier lines it rests on; the objects statements assert
//! introduced by `∃E` ("take an object d with …"); a universal claim proved of fresh
//! objects and generalised by `∀I`.
//!
//! The writer only drafts: [`drafts`] gives candidates from the most detailed to a single
//! `by` step, and the caller keeps the first that the derivation judge accepts (each `by`
//! within its own budget), so nothing here is trusted.

mod naming;
mod trace;

use crate::logic::ast::{self, FormulaKind, Quantifier, Statement, StatementKind, Term};
use crate::logic::clauses::{Atom, Literal, Term as ClauseTerm};
use crate::logic::derivation::syntax::instance;
use crate::logic::print::{formula, statement, Style};
use crate::reason::proof::Proof;
use crate::reason::verdict::Question;
use naming::{substitute, Namer, WitnessClaim};
use std::collections::{BTreeMap, BTreeSet};
use trace::Trace;

/// A derivation umpire wrote, not yet judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    pub text: String,
    /// Its numbered lines.
    pub lines: usize,
}

/// The most lines a written derivation aims at: the facts beyond it are folded into the
/// steps that use them.
pub const TARGET_LINES: usize = 8;

/// Derivations of the question's answer from `proof`, the most detailed first; the last is
/// always the single step `⊥ :by …` (or the claim `:by …`) citing the statements used.
pub fn drafts(board: &[Statement], question: Question, proof: &Proof) -> Vec<Draft> {
    let claim = match question {
        Question::Follows(k) => Some(k),
        Question::Consistency => None,
    };
    let used: BTreeSet<usize> =
        proof.statements().into_iter().filter(|s| Some(*s) != claim).collect();
    let mut out = Vec::new();
    for target in [TARGET_LINES, TARGET_LINES / 2] {
        if let Some(d) = stepwise(board, question, proof, target) {
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    let single = one_step(board, question, &used);
    if !out.contains(&single) {
        out.push(single);
    }
    out
}

/// `statements` and the naming statements of the names they or `line` use (to a fixpoint:
/// a naming statement may use another's name).
fn with_namings(board: &[Statement], statements: &BTreeSet<usize>, line: &str) -> BTreeSet<usize> {
    let made: BTreeMap<&str, usize> = board
        .iter()
        .enumerate()
        .filter_map(|(i, st)| match &st.kind {
            StatementKind::Named { name, .. } => Some((name.name.as_str(), i + 1)),
            _ => None,
        })
        .collect();
    if made.is_empty() {
        return statements.clone();
    }
    let mut symbols = BTreeSet::new();
    if let Ok(st) = crate::logic::parse::parse_statement(line) {
        if let Some(f) = st.formula() {
            f.collect_symbols(&mut symbols);
        }
    }
    let mut out = statements.clone();
    let mut todo: Vec<usize> = out.iter().copied().collect();
    let add = |symbols: &BTreeSet<String>, out: &mut BTreeSet<usize>, todo: &mut Vec<usize>| {
        for sym in symbols {
            if let Some(&k) = made.get(sym.as_str()) {
                if out.insert(k) {
                    todo.push(k);
                }
            }
        }
    };
    add(&symbols, &mut out, &mut todo);
    while let Some(k) = todo.pop() {
        let mut used = BTreeSet::new();
        if let Some(f) = board.get(k - 1).and_then(Statement::formula) {
            f.collect_symbols(&mut used);
        }
        add(&used, &mut out, &mut todo);
    }
    out
}

/// `⊥ :by (1), (2)`, or the claim `:by` the statements.
pub fn one_step(board: &[Statement], question: Question, statements: &BTreeSet<usize>) -> Draft {
    let goal = match question {
        Question::Consistency => "⊥".to_string(),
        Question::Follows(k) => {
            board.get(k.wrapping_sub(1)).map_or("⊥".into(), |s| statement(s, Style::Unicode))
        }
    };
    // The claim itself is never cited for itself, even when it names something.
    let claim = match question {
        Question::Follows(k) => Some(k),
        Question::Consistency => None,
    };
    let mut statements = with_namings(board, statements, &goal);
    statements.retain(|s| Some(*s) != claim);
    let cites: Vec<String> = statements.iter().map(|s| format!("({s})")).collect();
    Draft { text: format!("{goal} :by {}\n", cites.join(", ")), lines: 1 }
}

/// What the derivation ends in: `⊥`, or the claim proved of fresh objects (`goal`) and
/// generalised back to the claim (`generalised`, innermost first, the claim last).
struct Goal {
    goal: String,
    /// The goal's formula (none for `⊥` and a naming or size statement).
    formula: Option<ast::Formula>,
    generalised: Vec<String>,
    /// The claimed statement, never cited for itself.
    claim: Option<usize>,
}

fn goal(board: &[Statement], question: Question, namer: &mut Namer<'_>) -> Option<Goal> {
    let k = match question {
        Question::Consistency => {
            return Some(Goal {
                goal: "⊥".into(),
                formula: None,
                generalised: Vec::new(),
                claim: None,
            })
        }
        Question::Follows(k) => k,
    };
    let claim = board.get(k.checked_sub(1)?)?;
    let StatementKind::Formula(f) = &claim.kind else {
        return Some(Goal {
            goal: statement(claim, Style::Unicode),
            formula: None,
            generalised: Vec::new(),
            claim: Some(k),
        });
    };
    let mut levels = vec![f.clone()];
    let mut current = f.clone();
    let mut path = Vec::new();
    while let FormulaKind::Quant { q: Quantifier::Forall, var, body } = &current.kind {
        let name = namer.fresh();
        if let Some(t) = namer.negation_witness(k, &path) {
            namer.give(t, name.clone());
        }
        current = substitute(body, &var.name, &Term::constant(&name));
        levels.push(current.clone());
        path.push(0);
    }
    let proved = levels.pop()?;
    let goal = formula(&proved, Style::Unicode);
    let mut generalised: Vec<String> =
        levels.iter().rev().map(|f| formula(f, Style::Unicode)).collect();
    if let Some(last) = generalised.last_mut() {
        *last = statement(claim, Style::Unicode);
    }
    Some(Goal { goal, formula: Some(proved), generalised, claim: Some(k) })
}

/// An object introduced by `∃E`: its name, and what introduces it.
#[derive(Clone, Debug)]
struct Frame {
    name: String,
    claim: WitnessClaim,
}

impl Frame {
    fn lines(&self) -> usize {
        // The existential (unless it is the statement), the assumption, the `∃E` line.
        if self.claim.is_statement {
            2
        } else {
            3
        }
    }
}

/// Names the objects the literal mentions, opening a frame for each; none when some
/// object cannot be introduced.
fn introduce(namer: &mut Namer<'_>, l: &Literal, frames: &mut Vec<Frame>) -> Option<()> {
    let mut terms = Vec::new();
    namer.unnamed(l, &mut terms);
    for t in terms {
        if namer.name_of(&t).is_some() {
            continue;
        }
        let claim = namer.witness_claim(&t)?;
        let name = namer.fresh();
        namer.give(t.clone(), name.clone());
        frames.push(Frame { name, claim });
    }
    Some(())
}

/// The facts shown and the objects they need, laid out.
struct Layout<'a> {
    namer: Namer<'a>,
    frames: Vec<Frame>,
    shown: BTreeSet<usize>,
}

impl Layout<'_> {
    fn lines(&self, goal: &Goal) -> usize {
        self.frames.iter().map(Frame::lines).sum::<usize>()
            + self.shown.len()
            + 1
            + goal.generalised.len()
    }
}

fn layout<'a>(base: &Namer<'a>, trace: &Trace, shown: &BTreeSet<usize>) -> Option<Layout<'a>> {
    let mut namer = base.clone();
    let mut frames = Vec::new();
    for &f in shown {
        introduce(&mut namer, &trace.facts[f].literal, &mut frames)?;
    }
    Some(Layout { namer, frames, shown: shown.clone() })
}

/// The detailed derivation, with at most `target` lines where folding facts allows.
fn stepwise(
    board: &[Statement],
    question: Question,
    proof: &Proof,
    target: usize,
) -> Option<Draft> {
    let trace = trace::trace(proof);
    trace.conflict.as_ref()?;
    let mut base = Namer::new(proof, board);
    let goal = goal(board, question, &mut base)?;
    let mut shown: BTreeSet<usize> = trace
        .cone()
        .into_iter()
        .filter(|&f| {
            let fact = &trace.facts[f];
            !fact.from_negation && {
                let mut namer = base.clone();
                introduce(&mut namer, &fact.literal, &mut Vec::new()).is_some()
                    && namer.literal(&fact.literal).is_some()
            }
        })
        .collect();
    // A long proof's early facts fold first, before the careful choice below (which weighs
    // each fact against the others, and would take long over hundreds).
    let keep = 3 * target;
    if shown.len() > keep {
        shown = shown.iter().rev().take(keep).copied().collect();
    }
    let mut laid = layout(&base, &trace, &shown)?;
    while laid.lines(&goal) > target && !shown.is_empty() {
        let uses = trace.uses(&shown);
        // Fold first the fact whose leaving saves the most lines; then one no other fact
        // gave (an instance of a statement), then the least used, then the earliest.
        let pick = shown
            .iter()
            .map(|&f| {
                let mut without = shown.clone();
                without.remove(&f);
                let saved = layout(&base, &trace, &without)
                    .map_or(0, |l| laid.lines(&goal).saturating_sub(l.lines(&goal)));
                let given = trace.facts[f].because.is_empty();
                (std::cmp::Reverse(saved), !given, uses.get(&f).copied().unwrap_or(0), f)
            })
            .min()?
            .3;
        shown.remove(&pick);
        laid = layout(&base, &trace, &shown)?;
    }
    Some(render(board, proof, &trace, &laid, &goal))
}

/// A line being written: its depth and text.
struct Writer {
    lines: Vec<String>,
}

impl Writer {
    fn push(&mut self, depth: usize, body: &str, justification: &str) -> usize {
        self.lines.push(format!("{}{body} :{justification}", "  ".repeat(depth)));
        self.lines.len()
    }
}

/// The `by` justification citing these statements and lines, with the naming statements
/// (`∀x∃!y … | son(x) := y`) of every made name the line or a cited statement uses: the
/// engines read a name only with its definition.
fn cites(
    board: &[Statement],
    claim: Option<usize>,
    statements: &BTreeSet<usize>,
    lines: &BTreeSet<usize>,
    line: &str,
) -> String {
    let mut statements = with_namings(board, statements, line);
    statements.retain(|s| Some(*s) != claim);
    let mut out: Vec<String> = statements.iter().map(|s| format!("({s})")).collect();
    out.extend(lines.iter().map(|l| l.to_string()));
    if out.is_empty() {
        "by".into()
    } else {
        format!("by {}", out.join(", "))
    }
}

fn render(
    board: &[Statement],
    proof: &Proof,
    trace: &Trace,
    laid: &Layout<'_>,
    goal: &Goal,
) -> Draft {
    let namer = &laid.namer;
    let mut w = Writer { lines: Vec::new() };
    // Each frame's existential (a line, or the statement) and its assumption's line.
    let mut opened: Vec<(String, usize)> = Vec::new();
    let mut assumption_of: BTreeMap<String, usize> = BTreeMap::new();
    let mut said: BTreeMap<String, usize> = BTreeMap::new();
    for (depth, frame) in laid.frames.iter().enumerate() {
        let text = formula(&frame.claim.exists, Style::Unicode);
        let exists = if frame.claim.is_statement {
            format!("({})", frame.claim.statement)
        } else if let Some(at) = said.get(&text) {
            // An object inside another's assumption (`∃x∃y …`): that line asserts it.
            at.to_string()
        } else {
            // The existential holds of the objects named so far: cite their assumptions.
            let mut constants = BTreeSet::new();
            frame.claim.exists.collect_symbols(&mut constants);
            let lines: BTreeSet<usize> =
                constants.iter().filter_map(|c| assumption_of.get(c).copied()).collect();
            let statements = BTreeSet::from([frame.claim.statement]);
            w.push(depth, &text, &cites(board, goal.claim, &statements, &lines, &text)).to_string()
        };
        let body = substitute(&frame.claim.body, &frame.claim.var, &Term::constant(&frame.name));
        let text = formula(&body, Style::Unicode);
        let at = w.push(depth + 1, &text, "AS");
        opened.push((exists, at));
        assumption_of.insert(frame.name.clone(), at);
        said.insert(text, at);
    }
    let depth = laid.frames.len();
    let mut line_of: BTreeMap<usize, usize> = BTreeMap::new();
    let citing = |rests: trace::RestsOn, line_of: &BTreeMap<usize, usize>, line: &str| {
        let mut lines: BTreeSet<usize> =
            rests.facts.iter().filter_map(|f| line_of.get(f).copied()).collect();
        for step in &rests.steps {
            for l in &proof.steps[*step].literals {
                for name in names_in_literal(namer, l) {
                    if let Some(&at) = assumption_of.get(&name) {
                        lines.insert(at);
                    }
                }
            }
        }
        cites(board, goal.claim, &rests.statements, &lines, line)
    };
    for &f in &laid.shown {
        let Some(fact) = namer.literal(&trace.facts[f].literal) else {
            continue;
        };
        // An equation reads the way round the goal or an earlier line has it.
        let flipped = flip(&fact).map(|g| formula(&g, Style::Unicode));
        let text = match flipped {
            Some(t) if t == goal.goal || said.contains_key(&t) => t,
            _ => formula(&fact, Style::Unicode),
        };
        if let Some(&at) = said.get(&text) {
            line_of.insert(f, at);
            continue;
        }
        let rests = trace.rests_on(Some(f), &laid.shown);
        if let Some(k) = universal_instance(board, &rests, &fact) {
            let at = w.push(depth, &text, &format!("∀E ({k})"));
            line_of.insert(f, at);
            said.insert(text, at);
            continue;
        }
        let justification = citing(rests, &line_of, &text);
        let at = w.push(depth, &text, &justification);
        line_of.insert(f, at);
        said.insert(text, at);
    }
    // The last fact may be the goal itself.
    let mut last = match said.get(&goal.goal) {
        Some(&at) if at == w.lines.len() && at > laid.frames.len() => at,
        _ => match witnessed(goal, &said) {
            // `∃x φ` from a line `φ(t)`: ∃I, a rule a player checks by eye.
            Some(at) => w.push(depth, &goal.goal, &format!("∃I {at}")),
            None => {
                let justification = citing(trace.rests_on(None, &laid.shown), &line_of, &goal.goal);
                w.push(depth, &goal.goal, &justification)
            }
        },
    };
    for (d, (exists, at)) in opened.iter().enumerate().rev() {
        last = w.push(d, &goal.goal, &format!("∃E {exists}, {at}-{last}"));
    }
    for general in &goal.generalised {
        last = w.push(0, general, &format!("∀I {last}"));
    }
    let lines = w.lines.len();
    Draft { text: w.lines.join("\n") + "\n", lines }
}

/// A line already written of which the goal `∃x φ` is the existential generalisation.
fn witnessed(goal: &Goal, said: &BTreeMap<String, usize>) -> Option<usize> {
    let FormulaKind::Quant { q: Quantifier::Exists, var, body } = &goal.formula.as_ref()?.kind
    else {
        return None;
    };
    said.iter().find_map(|(text, &at)| {
        let line = crate::logic::parse::parse_statement(text).ok()?;
        let StatementKind::Formula(f) = &line.kind else { return None };
        instance(body, &var.name, f).ok().map(|_| at)
    })
}

/// `t = s` for `s = t` (and `≠` alike).
fn flip(f: &ast::Formula) -> Option<ast::Formula> {
    let kind = match &f.kind {
        FormulaKind::Eq(a, b) => FormulaKind::Eq(b.clone(), a.clone()),
        FormulaKind::Neq(a, b) => FormulaKind::Neq(b.clone(), a.clone()),
        _ => return None,
    };
    Some(ast::Formula::new(kind))
}

/// The statement `∀x φ` whose instance the fact is, when it rests on that statement alone:
/// the line is then `∀E`, a rule a player checks by eye.
fn universal_instance(
    board: &[Statement],
    rests: &trace::RestsOn,
    fact: &ast::Formula,
) -> Option<usize> {
    if !rests.facts.is_empty() || rests.statements.len() != 1 {
        return None;
    }
    let k = *rests.statements.first()?;
    let StatementKind::Formula(f) = &board.get(k.checked_sub(1)?)?.kind else {
        return None;
    };
    let FormulaKind::Quant { q: Quantifier::Forall, var, body } = &f.kind else {
        return None;
    };
    instance(body, &var.name, fact).ok().map(|_| k)
}

/// The fresh names of the objects a literal mentions.
fn names_in_literal(namer: &Namer<'_>, l: &Literal) -> BTreeSet<String> {
    fn walk(namer: &Namer<'_>, t: &ClauseTerm, out: &mut BTreeSet<String>) {
        if let Some(n) = namer.name_of(t) {
            out.insert(n.to_string());
        }
        if let ClauseTerm::App(_, args) = t {
            args.iter().for_each(|a| walk(namer, a, out));
        }
    }
    let mut out = BTreeSet::new();
    match &l.atom {
        Atom::Eq(a, b) => {
            walk(namer, a, &mut out);
            walk(namer, b, &mut out);
        }
        Atom::Pred(_, args) => args.iter().for_each(|a| walk(namer, a, &mut out)),
    }
    out
}
