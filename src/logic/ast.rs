//! The first-order syntax tree of board statements.
//!
//! One tree serves both the parser and the engines. Whether an application such as
//! `blonde(x)` or `father(x)` stands for a truth value or an object is decided by where it
//! stands (formula position or term position), so the parser never needs the signature; the
//! checker (`check.rs`) then compares each use against the signature and explains misuse.
//!
//! Every node carries a [`Span`] into the text it came from. Spans always compare equal, so
//! `==` on trees is structural: `parse(print(tree)) == tree` is the printer's contract.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A byte range of the source text. Two spans always compare equal (see the module docs).
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}
impl Eq for Span {}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.start, s.len()).into()
    }
}

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

impl Ident {
    pub fn new(name: impl Into<String>, span: Span) -> Self {
        Ident { name: name.into(), span }
    }
}

impl fmt::Display for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// An object-denoting expression.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    pub kind: TermKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "term", rename_all = "snake_case")]
pub enum TermKind {
    /// A variable bound by an enclosing quantifier.
    Var(Ident),
    /// A function symbol applied to arguments; a constant is an application with no
    /// arguments. `+` is an ordinary binary symbol that is written infix.
    App { func: Ident, args: Vec<Term> },
}

/// The name of the one infix function symbol.
pub const PLUS: &str = "+";

impl Term {
    pub fn var(name: &str) -> Term {
        Term { kind: TermKind::Var(Ident::new(name, Span::default())), span: Span::default() }
    }
    pub fn app(func: &str, args: Vec<Term>) -> Term {
        Term {
            kind: TermKind::App { func: Ident::new(func, Span::default()), args },
            span: Span::default(),
        }
    }
    pub fn constant(name: &str) -> Term {
        Term::app(name, Vec::new())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantifier {
    Forall,
    Exists,
    /// "There is exactly one".
    ExistsUnique,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BinaryOp {
    And,
    Or,
    Implies,
    Iff,
}

impl BinaryOp {
    /// Binding strength: a larger number binds tighter.
    pub fn precedence(self) -> u8 {
        match self {
            BinaryOp::And => 4,
            BinaryOp::Or => 3,
            BinaryOp::Implies => 2,
            BinaryOp::Iff => 1,
        }
    }
}

/// A truth-valued expression.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formula {
    pub kind: FormulaKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "formula", content = "of", rename_all = "snake_case")]
pub enum FormulaKind {
    /// A predicate or relation applied to terms: `blonde(x)`, `likes(x, y)`.
    Atom {
        pred: Ident,
        args: Vec<Term>,
    },
    Eq(Term, Term),
    /// `s ≠ t`, kept apart from `¬(s = t)` so that the board shows what was written.
    Neq(Term, Term),
    Not(Box<Formula>),
    Binary {
        op: BinaryOp,
        left: Box<Formula>,
        right: Box<Formula>,
    },
    Quant {
        q: Quantifier,
        var: Ident,
        body: Box<Formula>,
    },
}

impl Formula {
    pub fn new(kind: FormulaKind) -> Formula {
        Formula { kind, span: Span::default() }
    }
    pub fn atom(pred: &str, args: Vec<Term>) -> Formula {
        Formula::new(FormulaKind::Atom { pred: Ident::new(pred, Span::default()), args })
    }
    pub fn negation(f: Formula) -> Formula {
        Formula::new(FormulaKind::Not(Box::new(f)))
    }
    pub fn binary(op: BinaryOp, l: Formula, r: Formula) -> Formula {
        Formula::new(FormulaKind::Binary { op, left: Box::new(l), right: Box::new(r) })
    }
    pub fn quant(q: Quantifier, var: &str, body: Formula) -> Formula {
        Formula::new(FormulaKind::Quant {
            q,
            var: Ident::new(var, Span::default()),
            body: Box::new(body),
        })
    }

    /// Adds the non-logical symbols the formula uses (predicates, functions, constants).
    pub fn collect_symbols(&self, out: &mut std::collections::BTreeSet<String>) {
        fn term(t: &Term, out: &mut std::collections::BTreeSet<String>) {
            if let TermKind::App { func, args } = &t.kind {
                out.insert(func.name.clone());
                args.iter().for_each(|a| term(a, out));
            }
        }
        match &self.kind {
            FormulaKind::Atom { pred, args } => {
                out.insert(pred.name.clone());
                args.iter().for_each(|a| term(a, out));
            }
            FormulaKind::Eq(a, b) | FormulaKind::Neq(a, b) => {
                term(a, out);
                term(b, out);
            }
            FormulaKind::Not(g) | FormulaKind::Quant { body: g, .. } => g.collect_symbols(out),
            FormulaKind::Binary { left, right, .. } => {
                left.collect_symbols(out);
                right.collect_symbols(out);
            }
        }
    }

    /// The variables free in the formula, in order of first appearance.
    pub fn free_variables(&self) -> Vec<String> {
        fn term(t: &Term, bound: &[String], out: &mut Vec<String>) {
            match &t.kind {
                TermKind::Var(v) if !bound.contains(&v.name) && !out.contains(&v.name) => {
                    out.push(v.name.clone())
                }
                TermKind::Var(_) => {}
                TermKind::App { args, .. } => args.iter().for_each(|a| term(a, bound, out)),
            }
        }
        fn go(f: &Formula, bound: &mut Vec<String>, out: &mut Vec<String>) {
            match &f.kind {
                FormulaKind::Atom { args, .. } => args.iter().for_each(|a| term(a, bound, out)),
                FormulaKind::Eq(a, b) | FormulaKind::Neq(a, b) => {
                    term(a, bound, out);
                    term(b, bound, out);
                }
                FormulaKind::Not(g) => go(g, bound, out),
                FormulaKind::Binary { left, right, .. } => {
                    go(left, bound, out);
                    go(right, bound, out);
                }
                FormulaKind::Quant { var, body, .. } => {
                    bound.push(var.name.clone());
                    go(body, bound, out);
                    bound.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(self, &mut Vec::new(), &mut out);
        out
    }

    /// A naming statement's formula `∀p₁ … ∀pₙ ∃!y φ` read apart, with `n = arity`: the
    /// one walk every reader of a naming statement shares (the evaluator, the size-free
    /// decision, the clausifiers, the ground encoding). `None` when the formula does not
    /// have that shape (the language checker refuses such a statement, `BadNaming`).
    pub fn naming_parts(&self, arity: usize) -> Option<NamingParts<'_>> {
        let mut params = Vec::with_capacity(arity);
        let mut f = self;
        while params.len() < arity {
            let FormulaKind::Quant { q: Quantifier::Forall, var, body } = &f.kind else {
                return None;
            };
            params.push(var);
            f = body;
        }
        match &f.kind {
            FormulaKind::Quant { q: Quantifier::ExistsUnique, body, .. } => {
                Some(NamingParts { params, unique: f, body })
            }
            _ => None,
        }
    }

    /// The leading quantifiers and the formula under them.
    pub fn prefix(&self) -> (Vec<(Quantifier, &Ident)>, &Formula) {
        let mut prefix = Vec::new();
        let mut f = self;
        while let FormulaKind::Quant { q, var, body } = &f.kind {
            prefix.push((*q, var));
            f = body;
        }
        (prefix, f)
    }
}

/// The parts of a naming statement's formula `∀p₁ … ∀pₙ ∃!y φ` ([`Formula::naming_parts`]).
#[derive(Clone, Debug)]
pub struct NamingParts<'f> {
    /// The parameters p₁ … pₙ, outermost first.
    pub params: Vec<&'f Ident>,
    /// `∃!y φ`, the formula under the parameters.
    pub unique: &'f Formula,
    /// φ, the body under `∃!y`.
    pub body: &'f Formula,
}

/// What a player writes on the board: one line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Statement {
    pub kind: StatementKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "statement", rename_all = "snake_case")]
pub enum StatementKind {
    Formula(Formula),
    /// `∀x… ∃!y φ | name(x…) := y`: the formula, and a name for the unique object (a
    /// constant when `params` is empty, else a function of the universally quantified
    /// variables, in order).
    Named {
        formula: Formula,
        name: Ident,
        params: Vec<Ident>,
        target: Ident,
    },
    /// `|L| ≥ n`: there are at least n objects.
    AtLeast {
        n: u32,
    },
    /// `|L| < n`: there are fewer than n objects.
    LessThan {
        n: u32,
    },
    /// A cardinality statement under ¬ cards (ruling G5): `¬|L| ≥ 3` has one negation and
    /// means `|L| < 3`; `at_least` tells which bound is written.
    NegatedBound {
        negations: u32,
        at_least: bool,
        n: u32,
    },
}

impl StatementKind {
    /// What a cardinality statement says, ¬s included: `(true, n)` for "at least n objects",
    /// `(false, n)` for "fewer than n"; `None` for a formula.
    pub fn size_bound(&self) -> Option<(bool, u32)> {
        match *self {
            StatementKind::AtLeast { n } => Some((true, n)),
            StatementKind::LessThan { n } => Some((false, n)),
            StatementKind::NegatedBound { negations, at_least, n } => {
                Some((at_least != (negations % 2 == 1), n))
            }
            StatementKind::Formula(_) | StatementKind::Named { .. } => None,
        }
    }
}

impl Statement {
    /// The formula the statement asserts, if it is not a cardinality statement.
    pub fn formula(&self) -> Option<&Formula> {
        match &self.kind {
            StatementKind::Formula(f) | StatementKind::Named { formula: f, .. } => Some(f),
            StatementKind::AtLeast { .. }
            | StatementKind::LessThan { .. }
            | StatementKind::NegatedBound { .. } => None,
        }
    }
}
