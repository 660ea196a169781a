//! The term toolkit the rule checker needs: formulas compared up to the names of bound
//! variables, a quantifier's instance recognised, one term put for another in some places,
//! and the names a formula mentions. Works on the syntax tree alone.

use crate::logic::ast::{Formula, FormulaKind, Statement, StatementKind, Term, TermKind};
use std::collections::BTreeSet;

/// `s ≠ t` read as `¬(s = t)`: the rules see one form (RULINGS P3).
pub fn normal(f: &Formula) -> Formula {
    let kind = match &f.kind {
        FormulaKind::Neq(a, b) => {
            FormulaKind::Not(Box::new(Formula::new(FormulaKind::Eq(a.clone(), b.clone()))))
        }
        FormulaKind::Not(g) => FormulaKind::Not(Box::new(normal(g))),
        FormulaKind::Binary { op, left, right } => FormulaKind::Binary {
            op: *op,
            left: Box::new(normal(left)),
            right: Box::new(normal(right)),
        },
        FormulaKind::Quant { q, var, body } => {
            FormulaKind::Quant { q: *q, var: var.clone(), body: Box::new(normal(body)) }
        }
        other => other.clone(),
    };
    Formula { kind, span: f.span }
}

/// Bound variables on each side, innermost last: a variable is compared by the binder it
/// refers to, not by its name.
#[derive(Default)]
struct Binders<'a> {
    left: Vec<&'a str>,
    right: Vec<&'a str>,
}

impl Binders<'_> {
    fn same_variable(&self, a: &str, b: &str) -> bool {
        let da = self.left.iter().rev().position(|v| *v == a);
        let db = self.right.iter().rev().position(|v| *v == b);
        match (da, db) {
            (Some(x), Some(y)) => x == y,
            (None, None) => a == b,
            _ => false,
        }
    }
}

/// Whether two formulas are the same up to the names of their bound variables (and `≠`
/// against `¬ =`).
pub fn same_formula(a: &Formula, b: &Formula) -> bool {
    formulas_match(&normal(a), &normal(b), &mut Binders::default(), &mut |_, _, _| None)
}

/// Whether two statements say the same (formulas up to bound variable names; a naming
/// statement with the same name and parameters; a size bound with the same meaning).
pub fn same_statement(a: &Statement, b: &Statement) -> bool {
    match (&a.kind, &b.kind) {
        (StatementKind::Formula(f), StatementKind::Formula(g)) => same_formula(f, g),
        (
            StatementKind::Named { formula: f, name: n, params: p, .. },
            StatementKind::Named { formula: g, name: m, params: q, .. },
        ) => {
            n.name == m.name
                && p.len() == q.len()
                && same_formula(f, g)
                && p.iter().zip(q).all(|(x, y)| x.name == y.name)
        }
        (x, y) => x.size_bound().is_some() && x.size_bound() == y.size_bound(),
    }
}

/// A hook at each pair of terms in the same place: `Some(answer)` decides the pair,
/// `None` compares them structurally. Given the binders, for variables' sake.
type TermHook<'h> = dyn FnMut(&Term, &Term, &Binders) -> Option<bool> + 'h;

fn formulas_match<'a>(
    a: &'a Formula,
    b: &'a Formula,
    binders: &mut Binders<'a>,
    hook: &mut TermHook<'_>,
) -> bool {
    use FormulaKind as K;
    match (&a.kind, &b.kind) {
        (K::Atom { pred: p, args: x }, K::Atom { pred: q, args: y }) => {
            p.name == q.name && x.len() == y.len() && terms_match(x, y, binders, hook)
        }
        (K::Eq(s1, t1), K::Eq(s2, t2)) | (K::Neq(s1, t1), K::Neq(s2, t2)) => {
            term_match(s1, s2, binders, hook) && term_match(t1, t2, binders, hook)
        }
        (K::Not(f), K::Not(g)) => formulas_match(f, g, binders, hook),
        (K::Binary { op: o1, left: l1, right: r1 }, K::Binary { op: o2, left: l2, right: r2 }) => {
            o1 == o2
                && formulas_match(l1, l2, binders, hook)
                && formulas_match(r1, r2, binders, hook)
        }
        (K::Quant { q: q1, var: v1, body: b1 }, K::Quant { q: q2, var: v2, body: b2 }) => {
            if q1 != q2 {
                return false;
            }
            binders.left.push(&v1.name);
            binders.right.push(&v2.name);
            let same = formulas_match(b1, b2, binders, hook);
            binders.left.pop();
            binders.right.pop();
            same
        }
        _ => false,
    }
}

fn terms_match(x: &[Term], y: &[Term], binders: &Binders, hook: &mut TermHook<'_>) -> bool {
    x.iter().zip(y).all(|(s, t)| term_match(s, t, binders, hook))
}

fn term_match(s: &Term, t: &Term, binders: &Binders, hook: &mut TermHook<'_>) -> bool {
    if let Some(answer) = hook(s, t, binders) {
        return answer;
    }
    match (&s.kind, &t.kind) {
        (TermKind::Var(a), TermKind::Var(b)) => binders.same_variable(&a.name, &b.name),
        (TermKind::App { func: f, args: x }, TermKind::App { func: g, args: y }) => {
            f.name == g.name && x.len() == y.len() && terms_match(x, y, binders, hook)
        }
        _ => false,
    }
}

/// Whether a term mentions no variable (so it can stand for one without capture).
pub fn closed(t: &Term) -> bool {
    match &t.kind {
        TermKind::Var(_) => false,
        TermKind::App { args, .. } => args.iter().all(closed),
    }
}

/// The instance that turns `body` (with `var` free) into `target`: `Ok(Some(t))` when
/// `target` is `body` with the closed term `t` for `var`, `Ok(None)` when `var` does not
/// occur and `target` is `body`, `Err(())` when `target` is no instance.
#[allow(clippy::result_unit_err)]
pub fn instance(body: &Formula, var: &str, target: &Formula) -> Result<Option<Term>, ()> {
    let (body, target) = (normal(body), normal(target));
    let mut found: Option<Term> = None;
    let mut consistent = true;
    let mut hook = |s: &Term, t: &Term, binders: &Binders| -> Option<bool> {
        match &s.kind {
            TermKind::Var(v) if v.name == var && !binders.left.contains(&var) => {
                if !closed(t) {
                    return Some(false);
                }
                match &found {
                    Some(prev) if prev != t => {
                        consistent = false;
                        Some(false)
                    }
                    Some(_) => Some(true),
                    None => {
                        found = Some(t.clone());
                        Some(true)
                    }
                }
            }
            _ => None,
        }
    };
    if formulas_match(&body, &target, &mut Binders::default(), &mut hook) && consistent {
        Ok(found)
    } else {
        Err(())
    }
}

/// Whether `to` is `from` with `old` replaced by `new` in some (perhaps no, perhaps all)
/// of the places it stands.
pub fn replaced_in_places(from: &Formula, to: &Formula, old: &Term, new: &Term) -> bool {
    fn terms(s: &Term, t: &Term, old: &Term, new: &Term) -> bool {
        if s == t || (s == old && t == new) {
            return true;
        }
        match (&s.kind, &t.kind) {
            (TermKind::App { func: f, args: x }, TermKind::App { func: g, args: y }) => {
                f.name == g.name
                    && x.len() == y.len()
                    && x.iter().zip(y).all(|(a, b)| terms(a, b, old, new))
            }
            _ => false,
        }
    }
    let mut hook = |s: &Term, t: &Term, binders: &Binders| -> Option<bool> {
        if closed(s) && closed(t) {
            Some(terms(s, t, old, new))
        } else if let (TermKind::Var(a), TermKind::Var(b)) = (&s.kind, &t.kind) {
            Some(binders.same_variable(&a.name, &b.name))
        } else {
            None
        }
    };
    formulas_match(&normal(from), &normal(to), &mut Binders::default(), &mut hook)
}

/// The names (constants) a formula mentions.
pub fn names_in(f: &Formula, out: &mut BTreeSet<String>) {
    fn term(t: &Term, out: &mut BTreeSet<String>) {
        if let TermKind::App { func, args } = &t.kind {
            if args.is_empty() {
                out.insert(func.name.clone());
            }
            args.iter().for_each(|a| term(a, out));
        }
    }
    match &f.kind {
        FormulaKind::Atom { args, .. } => args.iter().for_each(|a| term(a, out)),
        FormulaKind::Eq(a, b) | FormulaKind::Neq(a, b) => {
            term(a, out);
            term(b, out);
        }
        FormulaKind::Not(g) | FormulaKind::Quant { body: g, .. } => names_in(g, out),
        FormulaKind::Binary { left, right, .. } => {
            names_in(left, out);
            names_in(right, out);
        }
    }
}

/// The names a statement mentions, the one a naming statement makes included.
pub fn names_in_statement(st: &Statement) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if let Some(f) = st.formula() {
        names_in(f, &mut out);
    }
    if let StatementKind::Named { name, .. } = &st.kind {
        out.insert(name.name.clone());
    }
    out
}
