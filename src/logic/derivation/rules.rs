//! The rule checker: judges one line of a derivation on its own, as if the lines it cites
//! were right. A line is `Ok` by its rule, `Wrong` with the condition it breaks, or left
//! to the engines (`by`) with the statements it rests on.

use super::scope::{fresh, premise, resolve, rests_on, Cited, Setting};
use super::syntax::{
    instance, names_in_statement, normal, replaced_in_places, same_formula, same_statement,
};
use super::{fault, Body, Derivation, FaultKind, Judgment, Line, Rule};
use crate::logic::ast::{
    BinaryOp, Formula, FormulaKind, Quantifier, Span, Statement, StatementKind, Term, TermKind,
};
use std::collections::BTreeSet;

/// Judges line `at` (counted from 1) of `d`.
pub fn judge_line(d: &Derivation, at: usize, setting: Setting<'_>) -> Judgment {
    let Some(line) = d.line(at) else {
        return Judgment::Wrong(fault(FaultKind::Scope, "there is no such line", Span::default()));
    };
    let Some(rule) = line.rule else { return Judgment::Ok };
    let mut cited = Vec::new();
    for c in &line.citations {
        match resolve(d, at, c, setting) {
            Ok(item) => cited.push(item),
            Err(f) => return Judgment::Wrong(f),
        }
    }
    let wrong = |reason: String| Judgment::Wrong(fault(FaultKind::Misapplied, reason, line.span));
    if let Some(reason) = renamed(d, line, rule, setting) {
        return Judgment::Wrong(fault(FaultKind::Naming, reason, line.span));
    }
    match rule {
        Rule::Premise => premise(line, setting),
        Rule::Assumption => Judgment::Ok,
        Rule::By => Judgment::ByEngines {
            rests_on: cited.iter().filter_map(rests_on).collect(),
            unread: unreadable(&cited),
        },
        _ => match apply(d, line, rule, &cited, setting) {
            Ok(()) => Judgment::Ok,
            Err(reason) => wrong(reason + &scope_note(line, rule)),
        },
    }
}

/// When a rule that concludes a connective meets a line that starts with a quantifier over
/// that connective (`∀x happy(x) → happy(a)` reads as `∀x (happy(x) → happy(a))`: a
/// quantifier reaches as far right as it can, unlike in Carnap), says how it reads and how
/// to write what was probably meant.
fn scope_note(line: &Line, rule: Rule) -> String {
    let op = match rule {
        Rule::AndIntro => BinaryOp::And,
        Rule::OrIntro => BinaryOp::Or,
        Rule::IfIntro => BinaryOp::Implies,
        Rule::IffIntro => BinaryOp::Iff,
        _ => return String::new(),
    };
    let Some(f) = line.body.statement().and_then(|s| s.formula()) else { return String::new() };
    let FormulaKind::Quant { q, var, body } = &f.kind else { return String::new() };
    let Some((left, right)) = binary(body, op) else { return String::new() };
    let meant = Formula::binary(op, Formula::quant(*q, &var.name, left.clone()), right.clone());
    let style = crate::logic::print::Style::Unicode;
    format!(
        " (this line reads as {}: a quantifier reaches as far right as it can; to quantify the first part only, write {})",
        crate::logic::print::formula(f, style).replacen(' ', " (", 1) + ")",
        crate::logic::print::formula(&meant, style)
    )
}

/// Why a cited subproof cannot be read as the conditional it shows (its assumption or its
/// last line is a size statement, which is no formula), if one cannot.
fn unreadable(cited: &[Cited<'_>]) -> Option<String> {
    cited.iter().find_map(|c| match c {
        Cited::Range(first, _) if rests_on(c).is_none() => Some(format!(
            "subproof {}-… has a size statement (|L| …) for its assumption or last line, which `by` cannot read as a conditional",
            first.number
        )),
        _ => None,
    })
}

/// A naming line (`∃!x φ | k := x`) that is not a premise makes a new name: `k` must occur
/// in no line above it and on no board statement — unless that very naming statement stands
/// above or on the board (it is then repeated). Otherwise a derivation could give a name a
/// second meaning.
fn renamed(d: &Derivation, line: &Line, rule: Rule, setting: Setting<'_>) -> Option<String> {
    let st = line.body.statement()?;
    let StatementKind::Named { name, .. } = &st.kind else { return None };
    if rule == Rule::Premise {
        return None;
    }
    let above = d.lines[..line.number - 1].iter().filter_map(|l| l.body.statement());
    let mut known = above.chain(setting.board.iter());
    let mut all = known.clone();
    if all.any(|s| same_statement(s, st)) {
        return None;
    }
    known
        .any(|s| names_in_statement(s).contains(&name.name))
        .then(|| format!("`{}` already names an object here: a naming line makes a new name (or repeats a naming statement as it stands)", name.name))
}

/// A line's content for the rules: a formula (`≠` read as `¬ =`), the absurd, or a
/// statement no rule but `R` and `by` takes apart (a size bound).
#[derive(Clone, Debug)]
enum Prop {
    F(Formula),
    Bottom,
    Other,
}

impl Prop {
    fn of(body: &Body) -> Prop {
        match body {
            Body::Statement(s) => s.formula().map_or(Prop::Other, |f| Prop::F(normal(f))),
            Body::Bottom => Prop::Bottom,
            Body::Separator => Prop::Other,
        }
    }
    fn of_statement(s: &Statement) -> Prop {
        s.formula().map_or(Prop::Other, |f| Prop::F(normal(f)))
    }
    fn formula(&self) -> Option<&Formula> {
        match self {
            Prop::F(f) => Some(f),
            _ => None,
        }
    }
    fn is_bottom(&self) -> bool {
        matches!(self, Prop::Bottom)
    }
    fn same(&self, other: &Prop) -> bool {
        match (self, other) {
            (Prop::F(a), Prop::F(b)) => same_formula(a, b),
            (Prop::Bottom, Prop::Bottom) => true,
            _ => false,
        }
    }
}

fn binary(f: &Formula, op: BinaryOp) -> Option<(&Formula, &Formula)> {
    match &f.kind {
        FormulaKind::Binary { op: o, left, right } if *o == op => Some((left, right)),
        _ => None,
    }
}

fn negated(f: &Formula) -> Option<&Formula> {
    match &f.kind {
        FormulaKind::Not(g) => Some(g),
        _ => None,
    }
}

fn quantified(f: &Formula, q: Quantifier) -> Option<(&str, &Formula)> {
    match &f.kind {
        FormulaKind::Quant { q: found, var, body } if *found == q => Some((&var.name, body)),
        _ => None,
    }
}

fn same(a: &Formula, b: &Formula) -> bool {
    same_formula(a, b)
}

/// The cited items split into lines (their content) and subproofs (assumption, last line).
struct Items {
    lines: Vec<Prop>,
    ranges: Vec<(Prop, Prop, usize, usize)>,
}

impl Items {
    /// Whether the two lines cited fit `fits` in one order or the other (the rules with two
    /// premises take them in any order).
    fn either_order(&self, fits: impl Fn(&Prop, &Prop) -> bool) -> bool {
        fits(&self.lines[0], &self.lines[1]) || fits(&self.lines[1], &self.lines[0])
    }
}

fn items(cited: &[Cited<'_>]) -> Items {
    let mut out = Items { lines: Vec::new(), ranges: Vec::new() };
    for c in cited {
        match c {
            Cited::Line(l) => out.lines.push(Prop::of(&l.body)),
            Cited::Board(s) => out.lines.push(Prop::of_statement(s)),
            Cited::Range(a, b) => {
                out.ranges.push((Prop::of(&a.body), Prop::of(&b.body), a.number, b.number))
            }
        }
    }
    out
}

fn shape(rule: Rule, items: &Items, lines: usize, ranges: usize) -> Result<(), String> {
    if items.lines.len() == lines && items.ranges.len() == ranges {
        return Ok(());
    }
    let want = |n: usize, one: &str, many: &str| match n {
        0 => None,
        1 => Some(format!("one {one}")),
        n => Some(format!("{n} {many}")),
    };
    let wanted: Vec<String> =
        [want(lines, "line", "lines"), want(ranges, "subproof `i-j`", "subproofs `i-j`")]
            .into_iter()
            .flatten()
            .collect();
    Err(format!(
        "{} cites {}",
        rule.name(),
        if wanted.is_empty() { "nothing".to_string() } else { wanted.join(" and ") }
    ))
}

/// Whether `line` follows by `rule` from what it cites. The rules come in the three tables
/// of *forall x: Calgary*: the basic rules of truth-functional logic, the derived ones, and
/// those of first-order logic with identity; each table is one function, one arm per rule.
fn apply(
    d: &Derivation,
    line: &Line,
    rule: Rule,
    cited: &[Cited<'_>],
    setting: Setting<'_>,
) -> Result<(), String> {
    match rule {
        Rule::Reiteration
        | Rule::AndIntro
        | Rule::AndElim
        | Rule::OrIntro
        | Rule::OrElim
        | Rule::IfIntro
        | Rule::IfElim
        | Rule::IffIntro
        | Rule::IffElim
        | Rule::NotIntro
        | Rule::IndirectProof
        | Rule::NotElim
        | Rule::Explosion => basic(line, rule, cited),
        Rule::DoubleNegationElim
        | Rule::DisjunctiveSyllogism
        | Rule::ModusTollens
        | Rule::ExcludedMiddle
        | Rule::DeMorgan
        | Rule::QuantifierConversion => derived(line, rule, cited),
        Rule::EqIntro
        | Rule::EqElim
        | Rule::AllElim
        | Rule::SomeIntro
        | Rule::AllIntro
        | Rule::SomeElim => first_order(d, line, rule, cited, setting),
        Rule::Premise | Rule::Assumption | Rule::By => Ok(()),
    }
}

/// The basic rules of truth-functional logic: R, ∧I, ∧E, ∨I, ∨E, →I, →E, ↔I, ↔E, ¬I, IP,
/// ¬E, X.
fn basic(line: &Line, rule: Rule, cited: &[Cited<'_>]) -> Result<(), String> {
    let it = items(cited);
    let this = Prop::of(&line.body);
    let name = rule.name();
    let need_formula = || format!("{name} concludes a formula");
    match rule {
        Rule::Reiteration => {
            shape(rule, &it, 1, 0)?;
            let same_statement_cited = match (&cited[0], &line.body) {
                (Cited::Line(l), Body::Statement(s)) => {
                    l.body.statement().is_some_and(|c| same_statement(c, s))
                }
                (Cited::Board(c), Body::Statement(s)) => same_statement(c, s),
                _ => false,
            };
            (same_statement_cited || it.lines[0].same(&this)).then_some(()).ok_or_else(|| {
                "R repeats a line as it stands, and this line is not the one cited".into()
            })
        }
        Rule::AndIntro => {
            let (l, r) = this
                .formula()
                .and_then(|f| binary(f, BinaryOp::And))
                .ok_or("∧I concludes a conjunction A ∧ B")?;
            let cited_forms: Vec<&Formula> = it.lines.iter().filter_map(Prop::formula).collect();
            if !it.ranges.is_empty()
                || cited_forms.len() != it.lines.len()
                || cited_forms.is_empty()
                || cited_forms.len() > 2
            {
                return Err("∧I cites the two lines it joins, A and B".into());
            }
            let (a, b) = (cited_forms[0], cited_forms[cited_forms.len() - 1]);
            let fits = (same(a, l) && same(b, r)) || (same(a, r) && same(b, l));
            fits.then_some(()).ok_or_else(|| {
                "∧I joins the lines it cites, and this conjunction is not made of them".into()
            })
        }
        Rule::AndElim => {
            shape(rule, &it, 1, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            let (l, r) = it.lines[0].formula().and_then(|g| binary(g, BinaryOp::And)).ok_or(
                "∧E takes a conjunct from a conjunction, and the line cited is no conjunction",
            )?;
            (same(f, l) || same(f, r))
                .then_some(())
                .ok_or_else(|| "this line is neither side of the conjunction cited".into())
        }
        Rule::OrIntro => {
            shape(rule, &it, 1, 0)?;
            let (l, r) = this
                .formula()
                .and_then(|f| binary(f, BinaryOp::Or))
                .ok_or("∨I concludes a disjunction A ∨ B")?;
            let c = it.lines[0].formula().ok_or("∨I adds a disjunct to a formula")?;
            (same(c, l) || same(c, r))
                .then_some(())
                .ok_or_else(|| "the line cited is neither side of this disjunction".into())
        }
        Rule::OrElim => {
            shape(rule, &it, 1, 2)?;
            let (l, r) = it.lines[0]
                .formula()
                .and_then(|f| binary(f, BinaryOp::Or))
                .ok_or("∨E cites a disjunction A ∨ B, and the line cited is none")?;
            let (r1, r2) = (&it.ranges[0], &it.ranges[1]);
            let cases = |x: &Prop, y: &Prop| {
                x.formula().is_some_and(|f| same(f, l)) && y.formula().is_some_and(|f| same(f, r))
            };
            if !(cases(&r1.0, &r2.0) || cases(&r2.0, &r1.0)) {
                return Err(
                    "∨E's subproofs assume the two sides of the disjunction, one each".into()
                );
            }
            (r1.1.same(&this) && r2.1.same(&this))
                .then_some(())
                .ok_or_else(|| "both subproofs of ∨E must end with this line".into())
        }
        Rule::IfIntro => {
            shape(rule, &it, 0, 1)?;
            let (a, b) = this
                .formula()
                .and_then(|f| binary(f, BinaryOp::Implies))
                .ok_or("→I concludes a conditional A → B")?;
            let (first, last, i, j) = &it.ranges[0];
            if !first.formula().is_some_and(|f| same(f, a)) {
                return Err(format!(
                    "subproof {i}-{j} assumes something other than the conditional's antecedent"
                ));
            }
            last.formula().is_some_and(|f| same(f, b)).then_some(()).ok_or_else(|| {
                format!("subproof {i}-{j} does not end with the conditional's consequent")
            })
        }
        Rule::IfElim => {
            shape(rule, &it, 2, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            let try_pair = |c: &Prop, a: &Prop| {
                c.formula().and_then(|g| binary(g, BinaryOp::Implies)).is_some_and(
                    |(ante, cons)| a.formula().is_some_and(|x| same(x, ante)) && same(f, cons),
                )
            };
            if it.either_order(try_pair) {
                return Ok(());
            }
            let conditional = it
                .lines
                .iter()
                .filter_map(Prop::formula)
                .find_map(|g| binary(g, BinaryOp::Implies));
            Err(match conditional {
                None => "→E needs a conditional A → B among the lines cited".into(),
                Some((_, cons)) if same(f, cons) => {
                    "→E needs the conditional's antecedent, and the other line cited is not it"
                        .into()
                }
                Some((ante, _)) if same(f, ante) => {
                    "affirming the consequent: from A → B and B, A does not follow".into()
                }
                Some(_) => {
                    "→E concludes the conditional's consequent, and this line is not it".into()
                }
            })
        }
        Rule::IffIntro => {
            shape(rule, &it, 0, 2)?;
            let (a, b) = this
                .formula()
                .and_then(|f| binary(f, BinaryOp::Iff))
                .ok_or("↔I concludes a biconditional A ↔ B")?;
            let goes = |r: &(Prop, Prop, usize, usize), x: &Formula, y: &Formula| {
                r.0.formula().is_some_and(|f| same(f, x))
                    && r.1.formula().is_some_and(|f| same(f, y))
            };
            let (r1, r2) = (&it.ranges[0], &it.ranges[1]);
            ((goes(r1, a, b) && goes(r2, b, a)) || (goes(r2, a, b) && goes(r1, b, a)))
                .then_some(())
                .ok_or_else(|| "↔I needs one subproof from A to B and one from B to A".into())
        }
        Rule::IffElim => {
            shape(rule, &it, 2, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            let try_pair = |c: &Prop, a: &Prop| {
                c.formula().and_then(|g| binary(g, BinaryOp::Iff)).is_some_and(|(x, y)| {
                    a.formula()
                        .is_some_and(|a| (same(a, x) && same(f, y)) || (same(a, y) && same(f, x)))
                })
            };
            it.either_order(try_pair).then_some(()).ok_or_else(|| {
                "↔E takes a biconditional and one of its sides, and concludes the other side".into()
            })
        }
        Rule::NotIntro | Rule::IndirectProof => {
            shape(rule, &it, 0, 1)?;
            let (first, last, i, j) = &it.ranges[0];
            if !last.is_bottom() {
                return Err(format!("subproof {i}-{j} does not end with ⊥: {name} needs the assumption to lead to the absurd"));
            }
            let f = this.formula().ok_or_else(need_formula)?;
            let assumed = first.formula().ok_or(format!("subproof {i}-{j} assumes no formula"))?;
            let fits = if rule == Rule::NotIntro {
                negated(f).is_some_and(|g| same(g, assumed))
            } else {
                negated(assumed).is_some_and(|g| same(g, f))
            };
            fits.then_some(()).ok_or_else(|| {
                if rule == Rule::NotIntro {
                    format!("¬I concludes the negation of what subproof {i}-{j} assumes")
                } else {
                    format!("IP concludes A from a subproof that assumes ¬A, and {i}-{j} assumes something else")
                }
            })
        }
        Rule::NotElim => {
            shape(rule, &it, 2, 0)?;
            if !this.is_bottom() {
                return Err("¬E concludes ⊥".into());
            }
            let contra = |a: &Prop, b: &Prop| match (a.formula(), b.formula()) {
                (Some(x), Some(y)) => negated(y).is_some_and(|n| same(n, x)),
                _ => false,
            };
            it.either_order(contra)
                .then_some(())
                .ok_or_else(|| "¬E needs a formula and its negation".into())
        }
        Rule::Explosion => {
            shape(rule, &it, 1, 0)?;
            it.lines[0]
                .is_bottom()
                .then_some(())
                .ok_or_else(|| "X concludes anything from ⊥, and the line cited is not ⊥".into())
        }
        _ => unreachable!("{} is not one of these rules", rule.name()),
    }
}

/// The derived rules of truth-functional logic: DNE, DS, MT, LEM, DeM, and the conversion
/// of quantifiers (CQ).
fn derived(line: &Line, rule: Rule, cited: &[Cited<'_>]) -> Result<(), String> {
    let it = items(cited);
    let this = Prop::of(&line.body);
    let name = rule.name();
    let need_formula = || format!("{name} concludes a formula");
    match rule {
        Rule::DoubleNegationElim => {
            shape(rule, &it, 1, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            it.lines[0]
                .formula()
                .and_then(negated)
                .and_then(negated)
                .is_some_and(|g| same(g, f))
                .then_some(())
                .ok_or_else(|| {
                    "DNE takes ¬¬A to A, and the line cited is not ¬¬ of this line".into()
                })
        }
        Rule::DisjunctiveSyllogism => {
            shape(rule, &it, 2, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            let try_pair = |c: &Prop, n: &Prop| {
                let (Some((l, r)), Some(neg)) = (
                    c.formula().and_then(|g| binary(g, BinaryOp::Or)),
                    n.formula().and_then(negated),
                ) else {
                    return false;
                };
                (same(neg, l) && same(f, r)) || (same(neg, r) && same(f, l))
            };
            it.either_order(try_pair).then_some(()).ok_or_else(|| {
                "DS takes A ∨ B and the negation of one side to the other side".into()
            })
        }
        Rule::ModusTollens => {
            shape(rule, &it, 2, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            let try_pair = |c: &Prop, n: &Prop| {
                let (Some((a, b)), Some(neg)) = (
                    c.formula().and_then(|g| binary(g, BinaryOp::Implies)),
                    n.formula().and_then(negated),
                ) else {
                    return false;
                };
                same(neg, b) && negated(f).is_some_and(|x| same(x, a))
            };
            if it.either_order(try_pair) {
                return Ok(());
            }
            Err("MT takes A → B and ¬B to ¬A (denying the antecedent, from ¬A to ¬B, is no rule)"
                .into())
        }
        Rule::ExcludedMiddle => {
            shape(rule, &it, 0, 2)?;
            let (r1, r2) = (&it.ranges[0], &it.ranges[1]);
            let opposite = |a: &Prop, b: &Prop| match (a.formula(), b.formula()) {
                (Some(x), Some(y)) => negated(y).is_some_and(|n| same(n, x)),
                _ => false,
            };
            if !(opposite(&r1.0, &r2.0) || opposite(&r2.0, &r1.0)) {
                return Err("LEM's subproofs assume A and ¬A".into());
            }
            (r1.1.same(&this) && r2.1.same(&this))
                .then_some(())
                .ok_or_else(|| "both subproofs of LEM must end with this line".into())
        }
        Rule::DeMorgan => {
            shape(rule, &it, 1, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            let c = it.lines[0].formula().ok_or("DeM rewrites a formula")?;
            (de_morgan(c).is_some_and(|g| same(&g, f)) || de_morgan(f).is_some_and(|g| same(&g, c)))
                .then_some(())
                .ok_or_else(|| {
                    "DeM rewrites ¬(A ∨ B) as ¬A ∧ ¬B, or ¬(A ∧ B) as ¬A ∨ ¬B (either way)".into()
                })
        }
        Rule::QuantifierConversion => {
            shape(rule, &it, 1, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            let c = it.lines[0].formula().ok_or("CQ rewrites a formula")?;
            (converted(c).is_some_and(|g| same(&g, f)) || converted(f).is_some_and(|g| same(&g, c)))
                .then_some(())
                .ok_or_else(|| "CQ rewrites ∀x¬A as ¬∃xA, or ∃x¬A as ¬∀xA (either way)".into())
        }
        _ => unreachable!("{} is not one of these rules", rule.name()),
    }
}

/// The rules of first-order logic with identity: =I, =E, ∀E, ∃I, ∀I, ∃E.
fn first_order(
    d: &Derivation,
    line: &Line,
    rule: Rule,
    cited: &[Cited<'_>],
    setting: Setting<'_>,
) -> Result<(), String> {
    let it = items(cited);
    let this = Prop::of(&line.body);
    let name = rule.name();
    let need_formula = || format!("{name} concludes a formula");
    match rule {
        Rule::EqIntro => {
            shape(rule, &it, 0, 0)?;
            match this.formula().map(|f| &f.kind) {
                Some(FormulaKind::Eq(s, t)) if s == t => Ok(()),
                _ => Err("=I concludes t = t, a term equal to itself".into()),
            }
        }
        Rule::EqElim => {
            shape(rule, &it, 2, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            let try_pair = |e: &Prop, g: &Prop| {
                let (Some(FormulaKind::Eq(s, t)), Some(g)) =
                    (e.formula().map(|x| &x.kind), g.formula())
                else {
                    return false;
                };
                replaced_in_places(g, f, s, t) || replaced_in_places(g, f, t, s)
            };
            if it.either_order(try_pair) {
                return Ok(());
            }
            Err("=E puts one side of an equation for the other in a line, and this line is not the other line so changed".into())
        }
        Rule::AllElim => {
            shape(rule, &it, 1, 0)?;
            let f = this.formula().ok_or_else(need_formula)?;
            let (var, body) = it.lines[0]
                .formula()
                .and_then(|g| quantified(g, Quantifier::Forall))
                .ok_or("∀E instantiates a ∀ statement, and the line cited does not start with ∀")?;
            instance(body, var, f).map(|_| ()).map_err(|_| {
                format!(
                    "this line is no instance of the ∀ statement: put one term for every `{var}`"
                )
            })
        }
        Rule::SomeIntro => {
            shape(rule, &it, 1, 0)?;
            let (var, body) = this
                .formula()
                .and_then(|g| quantified(g, Quantifier::Exists))
                .ok_or("∃I concludes an ∃ statement")?;
            let c = it.lines[0].formula().ok_or("∃I generalises a formula")?;
            instance(body, var, c).map(|_| ()).map_err(|_| format!("the line cited is no instance of this ∃ statement: `{var}` must stand where one term stood"))
        }
        Rule::AllIntro => {
            shape(rule, &it, 1, 0)?;
            let whole = this.formula().ok_or_else(need_formula)?;
            let (var, body) =
                quantified(whole, Quantifier::Forall).ok_or("∀I concludes a ∀ statement")?;
            let c = it.lines[0].formula().ok_or("∀I generalises a formula")?;
            match instance(body, var, c) {
                Err(()) => {
                    Err(format!("the line cited is not this statement with a name for `{var}`"))
                }
                Ok(None) => Ok(()),
                Ok(Some(t)) => {
                    let name = as_name(&t).ok_or_else(|| {
                        format!(
                            "∀I generalises on a name, and `{}` is a compound term",
                            crate::logic::print::term(&t)
                        )
                    })?;
                    if names_of(whole).contains(&name) {
                        return Err(format!(
                            "`{name}` is still in the ∀ statement: ∀I replaces every `{name}`"
                        ));
                    }
                    fresh(d, line.number, &name, None, setting, "∀I")
                }
            }
        }
        Rule::SomeElim => {
            shape(rule, &it, 1, 1)?;
            let f = this.formula();
            let whole = it.lines[0].formula().ok_or("∃E cites an ∃ statement")?;
            let (var, body) = quantified(whole, Quantifier::Exists)
                .ok_or("∃E cites an ∃ statement, and the line cited does not start with ∃")?;
            let (first, last, i, j) = &it.ranges[0];
            let assumed = first.formula().ok_or(format!("subproof {i}-{j} assumes no formula"))?;
            let name = match instance(body, var, assumed) {
                Ok(Some(t)) => as_name(&t).ok_or_else(|| format!("subproof {i}-{j} must assume the ∃ statement for a new name, not a compound term"))?,
                Ok(None) => return Err(format!("subproof {i}-{j} must assume the ∃ statement with a new name for `{var}`")),
                Err(()) => return Err(format!("subproof {i}-{j} does not assume an instance of the ∃ statement")),
            };
            if !last.same(&this) {
                return Err(format!("subproof {i}-{j} does not end with this line"));
            }
            if names_of(whole).contains(&name) {
                return Err(format!("`{name}` is in the ∃ statement itself: ∃E needs a new name"));
            }
            if f.is_some_and(|f| names_of(f).contains(&name)) {
                return Err(format!("the name escapes: `{name}` stands for the object of the ∃ statement only inside subproof {i}-{j}, and this line still mentions it"));
            }
            fresh(d, line.number, &name, Some(*i), setting, "∃E")
        }
        _ => unreachable!("{} is not one of these rules", rule.name()),
    }
}

fn as_name(t: &Term) -> Option<String> {
    match &t.kind {
        TermKind::App { func, args } if args.is_empty() => Some(func.name.clone()),
        _ => None,
    }
}

fn names_of(f: &Formula) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    super::syntax::names_in(f, &mut out);
    out
}

/// ¬(A ∨ B) ↦ ¬A ∧ ¬B and ¬(A ∧ B) ↦ ¬A ∨ ¬B.
fn de_morgan(f: &Formula) -> Option<Formula> {
    let inner = negated(f)?;
    let (op, dual) = match &inner.kind {
        FormulaKind::Binary { op: BinaryOp::Or, .. } => (BinaryOp::Or, BinaryOp::And),
        FormulaKind::Binary { op: BinaryOp::And, .. } => (BinaryOp::And, BinaryOp::Or),
        _ => return None,
    };
    let (l, r) = binary(inner, op)?;
    Some(Formula::binary(dual, Formula::negation(l.clone()), Formula::negation(r.clone())))
}

/// ∀x¬A ↦ ¬∃xA and ∃x¬A ↦ ¬∀xA.
fn converted(f: &Formula) -> Option<Formula> {
    let FormulaKind::Quant { q, var, body } = &f.kind else { return None };
    let dual = match q {
        Quantifier::Forall => Quantifier::Exists,
        Quantifier::Exists => Quantifier::Forall,
        Quantifier::ExistsUnique => return None,
    };
    let inner = negated(body)?;
    Some(Formula::negation(Formula::quant(dual, &var.name, inner.clone())))
}
