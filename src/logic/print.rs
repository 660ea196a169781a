//! Printing statements back as text, in Unicode (`∀x ¬blonde(father(x))`) or ASCII
//! (`forall x ~blonde(father(x))`).
//!
//! The printer writes the fewest parentheses that parse back to the same tree; that is its
//! contract, tested by property tests (`parse(print(tree)) == tree` in both styles). Two rules
//! decide parentheses: binding strength (¬ > ∧ > ∨ > → > ↔; ∧ ∨ lean left, → leans right,
//! ↔ and `+` lean nowhere), and a quantifier reaching as far right as possible, so a
//! quantified formula is parenthesised whenever anything is printed after it.
//!
//! ```
//! use umpire::logic::{parse::parse_statement, print::{statement, Style}};
//! let st = parse_statement("forall x (blonde(x) => happy(x))").unwrap();
//! assert_eq!(statement(&st, Style::Unicode), "∀x blonde(x) → happy(x)");
//! assert_eq!(statement(&st, Style::Ascii), "forall x blonde(x) -> happy(x)");
//! ```

use crate::logic::ast::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    #[default]
    Unicode,
    Ascii,
}

struct Symbols {
    forall: &'static str,
    exists: &'static str,
    exists_unique: &'static str,
    not: &'static str,
    and: &'static str,
    or: &'static str,
    implies: &'static str,
    iff: &'static str,
    neq: &'static str,
    at_least: &'static str,
}

const UNICODE: Symbols = Symbols {
    forall: "∀",
    exists: "∃",
    exists_unique: "∃!",
    not: "¬",
    and: "∧",
    or: "∨",
    implies: "→",
    iff: "↔",
    neq: "≠",
    at_least: "≥",
};

const ASCII: Symbols = Symbols {
    forall: "forall ",
    exists: "exists ",
    exists_unique: "exists! ",
    not: "~",
    and: "&",
    or: "|",
    implies: "->",
    iff: "<->",
    neq: "!=",
    at_least: ">=",
};

fn symbols(style: Style) -> &'static Symbols {
    match style {
        Style::Unicode => &UNICODE,
        Style::Ascii => &ASCII,
    }
}

pub fn statement(st: &Statement, style: Style) -> String {
    let s = symbols(style);
    match &st.kind {
        StatementKind::Formula(f) => formula(f, style),
        StatementKind::Named { formula: f, name, params, target } => {
            let params = if params.is_empty() {
                String::new()
            } else {
                let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
                format!("({})", names.join(", "))
            };
            format!("{} | {name}{params} := {target}", formula(f, style))
        }
        StatementKind::AtLeast { n } => format!("|L| {} {n}", s.at_least),
        StatementKind::LessThan { n } => format!("|L| < {n}"),
        StatementKind::NegatedBound { negations, at_least, n } => {
            let op = if *at_least { s.at_least } else { "<" };
            format!("{}|L| {op} {n}", s.not.repeat(*negations as usize))
        }
    }
}

pub fn formula(f: &Formula, style: Style) -> String {
    let mut out = String::new();
    write_formula(f, symbols(style), 0, true, &mut out);
    out
}

pub fn term(t: &Term) -> String {
    let mut out = String::new();
    write_term(t, false, &mut out);
    out
}

/// Binding strength of the operand position of ¬ (tighter than any binary connective).
const UNARY: u8 = 5;

/// `context` is the binding strength the position demands; `rightmost` says whether nothing
/// will be printed after this formula (up to the closing parenthesis of its context).
fn write_formula(f: &Formula, s: &Symbols, context: u8, rightmost: bool, out: &mut String) {
    match &f.kind {
        FormulaKind::Atom { pred, args } => write_application(&pred.name, args, out),
        FormulaKind::Eq(a, b) => {
            write_term(a, false, out);
            out.push_str(" = ");
            write_term(b, false, out);
        }
        FormulaKind::Neq(a, b) => {
            write_term(a, false, out);
            out.push(' ');
            out.push_str(s.neq);
            out.push(' ');
            write_term(b, false, out);
        }
        FormulaKind::Not(g) => {
            out.push_str(s.not);
            write_formula(g, s, UNARY, rightmost, out);
        }
        FormulaKind::Binary { op, left, right } => {
            let p = op.precedence();
            let parens = p < context;
            let rightmost = rightmost || parens;
            let (left_context, right_context) = match op {
                BinaryOp::And | BinaryOp::Or => (p, p + 1),
                BinaryOp::Implies => (p + 1, p),
                BinaryOp::Iff => (p + 1, p + 1),
            };
            if parens {
                out.push('(');
            }
            write_formula(left, s, left_context, false, out);
            out.push(' ');
            out.push_str(match op {
                BinaryOp::And => s.and,
                BinaryOp::Or => s.or,
                BinaryOp::Implies => s.implies,
                BinaryOp::Iff => s.iff,
            });
            out.push(' ');
            write_formula(right, s, right_context, rightmost, out);
            if parens {
                out.push(')');
            }
        }
        FormulaKind::Quant { .. } => {
            let parens = !rightmost;
            if parens {
                out.push('(');
            }
            let mut g = f;
            while let FormulaKind::Quant { q, var, body } = &g.kind {
                out.push_str(match q {
                    Quantifier::Forall => s.forall,
                    Quantifier::Exists => s.exists,
                    Quantifier::ExistsUnique => s.exists_unique,
                });
                out.push_str(&var.name);
                // Quantifiers stack without a space in Unicode (∀x∀y); words need one.
                if !(matches!(body.kind, FormulaKind::Quant { .. }) && s.forall == "∀") {
                    out.push(' ');
                }
                g = body;
            }
            write_formula(g, s, 0, true, out);
            if parens {
                out.push(')');
            }
        }
    }
}

fn write_application(name: &str, args: &[Term], out: &mut String) {
    out.push_str(name);
    if !args.is_empty() {
        out.push('(');
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_term(a, false, out);
        }
        out.push(')');
    }
}

/// `in_sum` is set for an operand of `+`, where another sum needs parentheses.
fn write_term(t: &Term, in_sum: bool, out: &mut String) {
    match &t.kind {
        TermKind::Var(v) => out.push_str(&v.name),
        TermKind::App { func, args } if func.name == PLUS && args.len() == 2 => {
            if in_sum {
                out.push('(');
            }
            write_term(&args[0], true, out);
            out.push_str(" + ");
            write_term(&args[1], true, out);
            if in_sum {
                out.push(')');
            }
        }
        TermKind::App { func, args } => write_application(&func.name, args, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::parse::{parse_statement, resolve_formula};
    use proptest::prelude::*;

    fn leaf_name() -> impl Strategy<Value = String> {
        prop::sample::select(vec!["x", "y", "z", "a", "b", "0", "blondie"]).prop_map(String::from)
    }

    fn arb_term() -> impl Strategy<Value = Term> {
        leaf_name().prop_map(|n| Term::constant(&n)).prop_recursive(3, 12, 2, |inner| {
            prop_oneof![
                inner.clone().prop_map(|t| Term::app("father", vec![t])),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::app(PLUS, vec![a, b])),
                (inner.clone(), inner).prop_map(|(a, b)| Term::app("liker", vec![a, b])),
            ]
        })
    }

    fn atom() -> impl Strategy<Value = Formula> {
        prop_oneof![
            arb_term().prop_map(|t| Formula::atom("blonde", vec![t])),
            (arb_term(), arb_term()).prop_map(|(a, b)| Formula::atom("likes", vec![a, b])),
            (arb_term(), arb_term()).prop_map(|(a, b)| Formula::new(FormulaKind::Eq(a, b))),
            (arb_term(), arb_term()).prop_map(|(a, b)| Formula::new(FormulaKind::Neq(a, b))),
            Just(Formula::atom("p", vec![])),
        ]
    }

    fn arb_formula() -> impl Strategy<Value = Formula> {
        atom()
            .prop_recursive(5, 40, 2, |inner| {
                let op = prop::sample::select(vec![
                    BinaryOp::And,
                    BinaryOp::Or,
                    BinaryOp::Implies,
                    BinaryOp::Iff,
                ]);
                let q = prop::sample::select(vec![
                    Quantifier::Forall,
                    Quantifier::Exists,
                    Quantifier::ExistsUnique,
                ]);
                prop_oneof![
                    inner.clone().prop_map(Formula::negation),
                    (op, inner.clone(), inner.clone())
                        .prop_map(|(op, l, r)| Formula::binary(op, l, r)),
                    (q, prop::sample::select(vec!["x", "y", "z"]), inner)
                        .prop_map(|(q, v, body)| Formula::quant(q, v, body)),
                ]
            })
            .prop_map(|mut f| {
                resolve_formula(&mut f, &mut Vec::new());
                f
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn printing_then_parsing_gives_the_same_tree(f in arb_formula()) {
            for style in [Style::Unicode, Style::Ascii] {
                let text = formula_text(&f, style);
                let back = parse_statement(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
                prop_assert_eq!(back.kind, StatementKind::Formula(f.clone()), "{}", text);
            }
        }
    }

    fn formula_text(f: &Formula, style: Style) -> String {
        formula(f, style)
    }

    #[test]
    fn quantifier_followed_by_more_text_is_parenthesised() {
        let f = Formula::binary(
            BinaryOp::And,
            Formula::quant(Quantifier::Forall, "x", Formula::atom("p", vec![])),
            Formula::atom("q", vec![]),
        );
        assert_eq!(formula(&f, Style::Unicode), "(∀x p) ∧ q");
        assert_eq!(formula(&f, Style::Ascii), "(forall x p) & q");
    }

    #[test]
    fn implication_leans_right_and_sums_need_parentheses() {
        let st = parse_statement("(p -> q) -> r -> s").unwrap();
        assert_eq!(statement(&st, Style::Unicode), "(p → q) → r → s");
        let st = parse_statement("(a + b) + father(a + b) = a").unwrap();
        assert_eq!(statement(&st, Style::Ascii), "(a + b) + father(a + b) = a");
    }
}
