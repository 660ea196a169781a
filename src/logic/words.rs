//! Statements read aloud: the rules' own readings of the symbols ("x is blonde", "x likes
//! y", "x is smarter than y", "x's father", "x plus y"), the quantifiers and connectives in
//! plain words, so that a table can hear what a formula says (issue 58). Compositional, with
//! a few idioms players use ("nobody is …", "there is no x such that …"); where English
//! would be ambiguous, "either … or …" and "both … and …" group the parts.

use crate::logic::ast::{
    BinaryOp, Formula, FormulaKind, Quantifier, Statement, StatementKind, Term, TermKind,
};

/// A statement in words: "for every x, if x is blonde, then x is happy".
pub fn statement(st: &Statement) -> String {
    match &st.kind {
        StatementKind::Formula(f) => formula(f),
        StatementKind::Named { formula: f, name, params, .. } => {
            let called = if params.is_empty() {
                name.name.clone()
            } else {
                let p: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
                format!("{}({})", name.name, p.join(", "))
            };
            format!("{}; call it {called}", formula(f))
        }
        kind => match kind.size_bound() {
            Some((true, n)) => format!("there are at least {n} object{}", plural(n)),
            Some((false, n)) => format!("there are fewer than {n} object{}", plural(n)),
            None => String::new(),
        },
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A formula in words.
pub fn formula(f: &Formula) -> String {
    match &f.kind {
        FormulaKind::Atom { pred, args } => atom(&pred.name, args, true),
        FormulaKind::Eq(a, b) => format!("{} is {}", term(a), term(b)),
        FormulaKind::Neq(a, b) => format!("{} is not {}", term(a), term(b)),
        FormulaKind::Not(g) => negation(g),
        FormulaKind::Binary { op, left, right } => match op {
            // A grouped part on the left ends with a comma: "either A or B, and C".
            BinaryOp::And => {
                format!("{}{} and {}", part(left, *op), comma(left, *op), part(right, *op))
            }
            BinaryOp::Or => {
                format!("{}{} or {}", part(left, *op), comma(left, *op), part(right, *op))
            }
            BinaryOp::Implies => format!("if {}, then {}", part(left, *op), part(right, *op)),
            BinaryOp::Iff => format!("{} if and only if {}", part(left, *op), part(right, *op)),
        },
        FormulaKind::Quant { .. } => quantified(f),
    }
}

/// The comma after a left part that is grouped by "either" or "both".
fn comma(left: &Formula, op: BinaryOp) -> &'static str {
    match &left.kind {
        FormulaKind::Binary { op: inner, .. }
            if *inner != op && matches!(inner, BinaryOp::And | BinaryOp::Or) =>
        {
            ","
        }
        _ => "",
    }
}

/// An operand of `op`: a different connective inside is grouped in words.
fn part(f: &Formula, op: BinaryOp) -> String {
    match &f.kind {
        FormulaKind::Binary { op: inner, .. }
            if *inner != op || op == BinaryOp::Implies || op == BinaryOp::Iff =>
        {
            let said = formula(f);
            match inner {
                BinaryOp::And => format!("both {said}"),
                BinaryOp::Or => format!("either {said}"),
                BinaryOp::Implies | BinaryOp::Iff => format!("({said})"),
            }
        }
        // A quantifier inside a connective reaches only as far as its own part.
        FormulaKind::Quant { .. } if op != BinaryOp::Implies => format!("({})", formula(f)),
        _ => formula(f),
    }
}

/// `¬g`: atoms are negated in place ("x is not blonde"), ∃ becomes "there is no", anything
/// else "it is not so that …".
fn negation(g: &Formula) -> String {
    match &g.kind {
        FormulaKind::Atom { pred, args } => atom(&pred.name, args, false),
        FormulaKind::Eq(a, b) => format!("{} is not {}", term(a), term(b)),
        FormulaKind::Neq(a, b) => format!("{} is {}", term(a), term(b)),
        FormulaKind::Not(h) => format!("it is not so that {}", negation(h)),
        FormulaKind::Quant { q: Quantifier::Exists, var, body } => {
            format!("there is no {} such that {}", var.name, formula(body))
        }
        _ => format!("it is not so that {}", formula(g)),
    }
}

/// A run of quantifiers of one kind, said once: "for every x and y, …".
fn quantified(f: &Formula) -> String {
    let FormulaKind::Quant { q, .. } = &f.kind else { return formula(f) };
    let mut vars = Vec::new();
    let mut body = f;
    while let FormulaKind::Quant { q: next, var, body: inner } = &body.kind {
        if next != q || (*q == Quantifier::ExistsUnique && !vars.is_empty()) {
            break;
        }
        vars.push(var.name.as_str());
        body = inner;
    }
    let names = match vars.as_slice() {
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => String::new(),
    };
    match q {
        Quantifier::Forall => {
            // "nobody is …": for every x, x is not …
            if let (1, FormulaKind::Not(inner)) = (vars.len(), &body.kind) {
                if let FormulaKind::Atom { pred, args } = &inner.kind {
                    if let [TermKind::Var(v)] = args.iter().map(|a| &a.kind).collect::<Vec<_>>()[..]
                    {
                        if v.name == vars[0] {
                            let said = atom(&pred.name, args, true);
                            return format!("no object {}", said[v.name.len()..].trim_start());
                        }
                    }
                }
            }
            format!("for every {names}, {}", formula(body))
        }
        Quantifier::Exists if vars.len() == 1 => {
            format!("there is {} {names} such that {}", article(&names), formula(body))
        }
        Quantifier::Exists => format!("there are {names} such that {}", formula(body)),
        Quantifier::ExistsUnique => {
            format!("there is exactly one {names} such that {}", formula(body))
        }
    }
}

/// "a" or "an" before a letter read aloud: "an x", "a y".
fn article(name: &str) -> &'static str {
    match name.chars().next() {
        Some('a' | 'e' | 'f' | 'h' | 'i' | 'l' | 'm' | 'n' | 'o' | 'r' | 's' | 'x') => "an",
        _ => "a",
    }
}

/// A predicate or relation applied, as the rules read it.
fn atom(pred: &str, args: &[Term], holds: bool) -> String {
    let a: Vec<String> = args.iter().map(term).collect();
    match (pred, a.as_slice(), holds) {
        ("blonde" | "happy", [x], true) => format!("{x} is {pred}"),
        ("blonde" | "happy", [x], false) => format!("{x} is not {pred}"),
        ("likes", [x, y], true) => format!("{x} likes {y}"),
        ("likes", [x, y], false) => format!("{x} does not like {y}"),
        ("smarter", [x, y], true) => format!("{x} is smarter than {y}"),
        ("smarter", [x, y], false) => format!("{x} is not smarter than {y}"),
        (p, args, true) => format!("{p}({})", args.join(", ")),
        (p, args, false) => format!("not {p}({})", args.join(", ")),
    }
}

/// A term as the rules read it: `father(x)` is "x's father", `x + y` "x plus y"
/// (compound operands in parentheses).
pub fn term(t: &Term) -> String {
    match &t.kind {
        TermKind::Var(v) => v.name.clone(),
        TermKind::App { func, args } if args.is_empty() => func.name.clone(),
        TermKind::App { func, args } if func.name == "father" && args.len() == 1 => {
            match &args[0].kind {
                TermKind::App { func: f, args: inner } if f.name == "+" && inner.len() == 2 => {
                    format!("the father of ({})", term(&args[0]))
                }
                _ => format!("{}'s father", term(&args[0])),
            }
        }
        TermKind::App { func, args } if func.name == "+" && args.len() == 2 => {
            let operand = |a: &Term| match &a.kind {
                TermKind::App { func, args } if func.name == "+" && args.len() == 2 => {
                    format!("({})", term(a))
                }
                _ => term(a),
            };
            format!("{} plus {}", operand(&args[0]), operand(&args[1]))
        }
        TermKind::App { func, args } => {
            format!("{}({})", func.name, args.iter().map(term).collect::<Vec<_>>().join(", "))
        }
    }
}
