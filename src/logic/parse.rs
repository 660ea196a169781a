//! The nom parser for board statements, following `grammar/statements.ebnf` rule by rule.
//!
//! Parsing is recursive descent over nom token parsers. Alternatives that can only be told
//! apart late (an equation `(x+y) = z` against a parenthesised formula `(p ∧ q)`) are tried
//! in the grammar's order with backtracking; errors that no alternative could repair
//! (`a+b+c`, `a ↔ b ↔ c`) are committed failures carrying their own message and hint.
//! Otherwise the error reported is the furthest point reached and what was expected there.
//!
//! Spans are byte offsets into the text handed to [`parse_statement_at`] (for a board file,
//! the whole file), so diagnostics point into what the user wrote.

use crate::logic::ast::*;
use crate::logic::diagnostics::LanguageError;
use crate::util::input::MAX_NAME_CHARS;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{digit1, multispace0};
use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Parser};
use std::cell::Cell;

/// Deeper trees than this (nesting plus chains of ∧, ∨, →) are refused rather than risking
/// the stack, here and in every pass that walks the tree.
const MAX_DEPTH: usize = 256;

const RESERVED: [&str; 5] = ["forall", "exists", "not", "and", "or"];

/// A parse failure: where, and what would have been accepted there.
#[derive(Debug, Clone)]
pub struct PErr<'a> {
    /// The input remaining where the failure happened.
    at: &'a str,
    expected: Vec<&'static str>,
    /// A committed failure's own explanation: message, hint, length of the offending text.
    custom: Option<(String, Option<String>, usize)>,
}

impl<'a> PErr<'a> {
    fn expected(at: &'a str, what: &'static str) -> Self {
        PErr { at, expected: vec![what], custom: None }
    }
    fn custom(at: &'a str, len: usize, message: String, hint: Option<String>) -> Self {
        PErr { at, expected: Vec::new(), custom: Some((message, hint, len)) }
    }
}

impl<'a> ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        PErr { at: input, expected: Vec::new(), custom: None }
    }
    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
    /// Keep the failure that got furthest; at the same point, merge what was expected.
    fn or(mut self, other: Self) -> Self {
        if self.custom.is_some() {
            return self;
        }
        if other.custom.is_some() {
            return other;
        }
        match self.at.len().cmp(&other.at.len()) {
            std::cmp::Ordering::Less => self,
            std::cmp::Ordering::Greater => other,
            std::cmp::Ordering::Equal => {
                for e in other.expected {
                    if !self.expected.contains(&e) {
                        self.expected.push(e);
                    }
                }
                self
            }
        }
    }
}

type Res<'a, T> = IResult<&'a str, T, PErr<'a>>;

fn backtrack<T>(e: PErr<'_>) -> Res<'_, T> {
    Err(nom::Err::Error(e))
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn ws(i: &str) -> &str {
    let r: IResult<&str, &str, PErr> = multispace0(i);
    r.map(|(rest, _)| rest).unwrap_or(i)
}

/// Parses one statement. `source` is the whole text the spans refer to; `text` is the slice
/// of it holding the statement (for a board file, one line).
pub fn parse_statement_at(source: &str, text: &str) -> Result<Statement, LanguageError> {
    let p = Parser_ { base: source, depth: Cell::new(0) };
    match p.statement(text) {
        Ok((rest, st)) => {
            let rest = ws(rest);
            if rest.is_empty() {
                Ok(p.resolve(st))
            } else {
                Err(p.leftover(rest))
            }
        }
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => Err(p.to_error(e)),
        Err(nom::Err::Incomplete(_)) => Err(p.to_error(PErr::expected("", "more input"))),
    }
}

/// Parses a statement standing alone (spans refer to `text`).
pub fn parse_statement(text: &str) -> Result<Statement, LanguageError> {
    parse_statement_at(text, text)
}

/// Parses a single formula (no naming, no cardinality), e.g. for the REPL or tests.
pub fn parse_formula(text: &str) -> Result<Formula, LanguageError> {
    let st = parse_statement(text)?;
    match st.kind {
        StatementKind::Formula(f) => Ok(f),
        _ => Err(LanguageError::Syntax {
            message: "expected a formula, not a naming or cardinality statement".into(),
            span: st.span.into(),
            hint: None,
        }),
    }
}

struct Parser_<'a> {
    base: &'a str,
    depth: Cell<usize>,
}

impl<'a> Parser_<'a> {
    fn off(&self, i: &str) -> usize {
        i.as_ptr() as usize - self.base.as_ptr() as usize
    }
    /// The span from where `start` begins to where `end` (the rest after parsing) begins.
    fn span(&self, start: &str, end: &str) -> Span {
        let s = self.off(ws(start));
        Span::new(s, self.off(end).max(s))
    }

    fn to_error(&self, e: PErr<'a>) -> LanguageError {
        let at = self.off(ws(e.at));
        if let Some((message, hint, len)) = e.custom {
            return LanguageError::Syntax { message, span: (at, len).into(), hint };
        }
        if let Some(stray) = self.stray(e.at) {
            return stray;
        }
        let found = describe_token(e.at);
        let mut expected = e.expected;
        expected.dedup();
        // "a formula" covers the pieces a formula may start with.
        if expected.contains(&"a formula") {
            expected.retain(|x| !matches!(*x, "a name" | "a term" | "`(`"));
        }
        let message = if expected.is_empty() {
            format!("unexpected {found}")
        } else {
            format!("expected {}, found {found}", join_or(&expected))
        };
        LanguageError::Syntax { message, span: (at, token_len(e.at)).into(), hint: None }
    }

    /// A character that stops the parser and that people cannot see or mistake for another:
    /// named, with what to do, rather than "expected …, found ``".
    fn stray(&self, rest: &'a str) -> Option<LanguageError> {
        let rest = ws(rest);
        let c = rest.chars().next()?;
        let span = (self.off(rest), c.len_utf8()).into();
        if let Some(named) = crate::util::text::invisible(c) {
            return Some(LanguageError::Syntax {
                message: format!("there is {named} here"),
                span,
                hint: Some("delete it: it cannot be seen, and umpire does not read it".into()),
            });
        }
        let (instead, what) = match c {
            '′' | '’' | '‘' | 'ʹ' => ("'", "a prime"),
            '“' | '”' => ("(", "a bracket"),
            _ => return None,
        };
        Some(LanguageError::Syntax {
            message: format!("`{c}` (U+{:04X}) is not read here", c as u32),
            span,
            hint: Some(format!("for {what}, type `{instead}`")),
        })
    }

    fn leftover(&self, rest: &'a str) -> LanguageError {
        if let Some(stray) = self.stray(rest) {
            return stray;
        }
        LanguageError::Syntax {
            message: format!("unexpected {} after a complete statement", describe_token(rest)),
            span: (self.off(rest), token_len(rest)).into(),
            hint: Some(
                "join statements with a connective (∧ ∨ → ↔), or write one statement a line".into(),
            ),
        }
    }

    fn enter(&self, i: &'a str) -> Result<(), nom::Err<PErr<'a>>> {
        let d = self.depth.get() + 1;
        if d > MAX_DEPTH {
            return Err(nom::Err::Failure(PErr::custom(
                i,
                1,
                format!("the statement is nested or chained more than {MAX_DEPTH} levels deep"),
                Some("split it into several statements: a board holds as many as you like".into()),
            )));
        }
        self.depth.set(d);
        Ok(())
    }
    /// Runs `f` and restores the depth afterwards, whatever `f` returned (errors may be
    /// backtracked over, so the count must not leak out of a failed alternative).
    fn nested<T>(&self, i: &'a str, f: impl FnOnce() -> Res<'a, T>) -> Res<'a, T> {
        let saved = self.depth.get();
        let r = self.enter(i).and_then(|()| f());
        self.depth.set(saved);
        r
    }

    // ---- tokens -------------------------------------------------------------------------

    /// One of the spellings of a symbol; `what` names it in "expected …" messages.
    fn sym(&self, i: &'a str, spellings: &[&'static str], what: &'static str) -> Res<'a, &'a str> {
        let i = ws(i);
        for s in spellings {
            let r: Res<'a, &'a str> = tag(*s).parse(i);
            if let Ok((rest, t)) = r {
                // A word spelling must end at a word boundary ("not" is no prefix of "nothing").
                let wordy = s.chars().all(is_ident_char);
                if wordy && rest.chars().next().is_some_and(is_ident_char) {
                    continue;
                }
                return Ok((rest, t));
            }
        }
        backtrack(PErr::expected(i, what))
    }

    fn ident(&self, i: &'a str) -> Res<'a, Ident> {
        let i = ws(i);
        let (rest, body) = take_while1(is_ident_char)
            .parse(i)
            .map_err(|_: nom::Err<PErr>| nom::Err::Error(PErr::expected(i, "a name")))?;
        let (rest, _) = take_while(|c| c == '\'').parse(rest)?;
        if RESERVED.contains(&body) {
            return backtrack(PErr::expected(i, "a name"));
        }
        let text = &i[..i.len() - rest.len()];
        if text.chars().count() > MAX_NAME_CHARS {
            return Err(nom::Err::Failure(PErr::custom(
                i,
                text.len(),
                format!("a name is at most {MAX_NAME_CHARS} characters long"),
                Some("choose a shorter name".into()),
            )));
        }
        Ok((rest, Ident::new(text, self.span(i, rest))))
    }

    // ---- statements ---------------------------------------------------------------------

    fn statement(&self, i: &'a str) -> Res<'a, Statement> {
        let start = ws(i);
        match self.cardinality(start) {
            Ok(r) => return Ok(r),
            // Past `|L|` nothing else can start: its own message (a number too large, say).
            Err(f @ nom::Err::Failure(_)) => return Err(f),
            Err(_) => {}
        }
        let (rest, formula) = self.formula(start)?;
        if let Ok((rest2, (name, params, target))) = self.naming(rest) {
            let span = self.span(start, rest2);
            return Ok((
                rest2,
                Statement { kind: StatementKind::Named { formula, name, params, target }, span },
            ));
        }
        let span = formula.span;
        Ok((rest, Statement { kind: StatementKind::Formula(formula), span }))
    }

    fn cardinality(&self, i: &'a str) -> Res<'a, Statement> {
        // ¬ cards may stand in front (ruling G5): `¬|L| ≥ 3`.
        let mut negations = 0;
        let mut r = i;
        while let Ok((after, _)) = self.sym(r, &["¬", "~", "not", "!"], "`¬`") {
            negations += 1;
            r = after;
        }
        let (r, _) = self.sym(r, &["|"], "`|L|`")?;
        let (r, _) = self.sym(r, &["L"], "`L`")?;
        let (r, _) = self.sym(r, &["|"], "`|`")?;
        // Committed from here on: `|L|` can start nothing else.
        let commit = |e: nom::Err<PErr<'a>>| match e {
            nom::Err::Error(e) => nom::Err::Failure(e),
            other => other,
        };
        let (r, op) = self.sym(r, &["≥", ">=", "<"], "`≥` or `<`").map_err(commit)?;
        let r = ws(r);
        let (rest, digits) = digit1(r)
            .map_err(|_: nom::Err<PErr>| nom::Err::Failure(PErr::expected(r, "a whole number")))?;
        let n: u32 = digits.parse().map_err(|_| {
            nom::Err::Failure(PErr::custom(
                r,
                digits.len(),
                "this number is too large for a count of objects".into(),
                None,
            ))
        })?;
        let kind = match (negations, op == "<") {
            (0, true) => StatementKind::LessThan { n },
            (0, false) => StatementKind::AtLeast { n },
            (negations, less) => StatementKind::NegatedBound { negations, at_least: !less, n },
        };
        Ok((rest, Statement { kind, span: self.span(i, rest) }))
    }

    /// `| name [(params)] := target`
    fn naming(&self, i: &'a str) -> Res<'a, (Ident, Vec<Ident>, Ident)> {
        let (r, _) = self.sym(i, &["|"], "`|`")?;
        let (r, name) = self.ident(r)?;
        let (r, params) = match self.sym(r, &["("], "`(`") {
            Ok((r2, _)) => {
                let (r2, params) = self.comma_list(r2, |s, i| s.ident(i))?;
                let (r2, _) = self.sym(r2, &[")"], "`)`")?;
                (r2, params)
            }
            Err(_) => (r, Vec::new()),
        };
        let (r, _) = self.sym(r, &[":="], "`:=`")?;
        let (r, target) = self.ident(r)?;
        Ok((r, (name, params, target)))
    }

    fn comma_list<T>(
        &self,
        i: &'a str,
        item: impl Fn(&Self, &'a str) -> Res<'a, T>,
    ) -> Res<'a, Vec<T>> {
        let (mut r, first) = item(self, i)?;
        let mut items = vec![first];
        while let Ok((r2, _)) = self.sym(r, &[","], "`,`") {
            let (r3, next) = item(self, r2)?;
            items.push(next);
            r = r3;
        }
        Ok((r, items))
    }

    // ---- formulas -----------------------------------------------------------------------

    fn formula(&self, i: &'a str) -> Res<'a, Formula> {
        self.nested(i, || self.iff(i))
    }

    fn iff(&self, i: &'a str) -> Res<'a, Formula> {
        let (r, left) = self.implication(i)?;
        let Ok((r2, _)) = self.sym(r, &["↔", "⇔", "<->", "<=>"], "`↔`") else {
            return Ok((r, left));
        };
        let (r3, right) = self.implication(r2)?;
        if let Ok((r4, _)) = self.sym(r3, &["↔", "⇔", "<->", "<=>"], "`↔`") {
            let whole = &ws(i)[..ws(i).len() - r4.len()];
            return Err(nom::Err::Failure(PErr::custom(
                ws(i),
                whole.trim_end().len(),
                "↔ has no associativity: a chain of ↔ is ambiguous to the players".into(),
                Some("add parentheses: (a ↔ b) ↔ c or a ↔ (b ↔ c)".into()),
            )));
        }
        Ok((r3, self.binary(BinaryOp::Iff, left, right, i, r3)))
    }

    fn implication(&self, i: &'a str) -> Res<'a, Formula> {
        let (r, left) = self.disjunction(i)?;
        let Ok((r2, _)) = self.sym(r, &["→", "⇒", "->", "=>"], "`→`") else {
            return Ok((r, left));
        };
        let (r3, right) = self.nested(r2, || self.implication(r2))?;
        Ok((r3, self.binary(BinaryOp::Implies, left, right, i, r3)))
    }

    fn disjunction(&self, i: &'a str) -> Res<'a, Formula> {
        let (mut r, mut acc) = self.conjunction(i)?;
        loop {
            let Ok((r2, _)) = self.or_op(r) else { return Ok((r, acc)) };
            // Each link of a chain deepens the (left-leaning) tree; `formula` restores it.
            self.enter(r2)?;
            let (r3, right) = self.conjunction(r2)?;
            acc = self.binary(BinaryOp::Or, acc, right, i, r3);
            r = r3;
        }
    }

    /// `∨`, `or`, or a `|` that does not start a naming.
    fn or_op(&self, i: &'a str) -> Res<'a, &'a str> {
        if let Ok(r) = self.sym(i, &["∨", "or"], "`∨`") {
            return Ok(r);
        }
        if self.naming(i).is_ok() {
            return backtrack(PErr::expected(ws(i), "`∨`"));
        }
        self.sym(i, &["|"], "`∨`")
    }

    fn conjunction(&self, i: &'a str) -> Res<'a, Formula> {
        let (mut r, mut acc) = self.unary(i)?;
        loop {
            let Ok((r2, _)) = self.sym(r, &["∧", "&", "and"], "`∧`") else {
                return Ok((r, acc));
            };
            self.enter(r2)?;
            let (r3, right) = self.unary(r2)?;
            acc = self.binary(BinaryOp::And, acc, right, i, r3);
            r = r3;
        }
    }

    fn binary(
        &self,
        op: BinaryOp,
        l: Formula,
        r: Formula,
        start: &'a str,
        end: &'a str,
    ) -> Formula {
        Formula {
            kind: FormulaKind::Binary { op, left: Box::new(l), right: Box::new(r) },
            span: self.span(start, end),
        }
    }

    fn unary(&self, i: &'a str) -> Res<'a, Formula> {
        self.nested(i, || self.unary_inner(i))
    }

    fn unary_inner(&self, i: &'a str) -> Res<'a, Formula> {
        if let Ok((r, _)) = self.sym(i, &["¬", "~", "not"], "`¬`") {
            let (r2, body) = self.unary(r)?;
            return Ok((
                r2,
                Formula { kind: FormulaKind::Not(Box::new(body)), span: self.span(i, r2) },
            ));
        }
        // `!` is "not", but not the start of `!=`.
        if let Ok((r, _)) = self.sym(i, &["!"], "`¬`") {
            if !r.starts_with('=') {
                let (r2, body) = self.unary(r)?;
                return Ok((
                    r2,
                    Formula { kind: FormulaKind::Not(Box::new(body)), span: self.span(i, r2) },
                ));
            }
        }
        let quantifier = self
            .sym(i, &["∀", "forall"], "a quantifier")
            .map(|(r, _)| (r, Quantifier::Forall))
            .or_else(|_| {
                self.sym(i, &["∃!", "exists!"], "a quantifier")
                    .map(|(r, _)| (r, Quantifier::ExistsUnique))
            })
            .or_else(|_| {
                self.sym(i, &["∃", "exists"], "a quantifier").map(|(r, _)| (r, Quantifier::Exists))
            });
        if let Ok((r, q)) = quantifier {
            let (r, vars) = self.comma_list(r, |s, i| s.ident(i)).map_err(|_| {
                nom::Err::Failure(PErr::expected(ws(r), "a variable after the quantifier"))
            })?;
            let r = self.sym(r, &["."], "`.`").map(|(r, _)| r).unwrap_or(r);
            let (end, body) = self.formula(r)?;
            let span = self.span(i, end);
            let f = vars.into_iter().rev().fold(body, |body, var| Formula {
                kind: FormulaKind::Quant { q, var, body: Box::new(body) },
                span,
            });
            return Ok((end, f));
        }
        self.atomic(i)
    }

    fn atomic(&self, i: &'a str) -> Res<'a, Formula> {
        // An equation first: its left side may look like a parenthesised formula.
        let mut err = match self.term(i) {
            Ok((r, left)) => {
                let equation = self
                    .sym(r, &["=", "≠", "!="], "`=`")
                    .ok()
                    .filter(|(r2, _)| !r2.starts_with('>'));
                if let Some((r2, op)) = equation {
                    let (r3, right) = self.term(r2)?;
                    let span = self.span(i, r3);
                    let kind = if op == "=" {
                        FormulaKind::Eq(left, right)
                    } else {
                        FormulaKind::Neq(left, right)
                    };
                    return Ok((r3, Formula { kind, span }));
                }
                if let TermKind::App { func, args } = &left.kind {
                    if func.name == PLUS && args.len() == 2 && !ws(i).starts_with('(') {
                        let text = &ws(i)[..ws(i).len() - r.len()];
                        return Err(nom::Err::Failure(PErr::custom(
                            ws(i),
                            text.len(),
                            format!("`{text}` is an object, not a statement that is true or false"),
                            Some(format!("compare it with something, e.g. `{text} = …`")),
                        )));
                    }
                }
                PErr::expected(ws(r), "`=`")
            }
            Err(nom::Err::Error(e)) => e,
            Err(f) => return Err(f),
        };
        match self.sym(i, &["("], "`(`") {
            Ok((r, _)) => match self.formula(r) {
                Ok((r2, inner)) => match self.sym(r2, &[")"], "`)`") {
                    Ok((r3, _)) => return Ok((r3, inner)),
                    Err(nom::Err::Error(e)) => err = err.or(e),
                    Err(f) => return Err(f),
                },
                Err(nom::Err::Error(e)) => err = err.or(e),
                Err(f) => return Err(f),
            },
            Err(nom::Err::Error(e)) => err = err.or(e),
            Err(f) => return Err(f),
        }
        match self.application(i) {
            Ok((r, (pred, args))) => {
                let span = self.span(i, r);
                Ok((r, Formula { kind: FormulaKind::Atom { pred, args }, span }))
            }
            Err(nom::Err::Error(e)) => backtrack(err.or(e).or(PErr::expected(ws(i), "a formula"))),
            Err(f) => Err(f),
        }
    }

    // ---- terms --------------------------------------------------------------------------

    fn term(&self, i: &'a str) -> Res<'a, Term> {
        self.nested(i, || self.term_inner(i))
    }

    fn term_inner(&self, i: &'a str) -> Res<'a, Term> {
        let (r, left) = self.primary(i)?;
        let Ok((r2, plus)) = self.sym(r, &["+"], "`+`") else { return Ok((r, left)) };
        let (r3, right) = self.primary(r2)?;
        if let Ok((r4, _)) = self.sym(r3, &["+"], "`+`") {
            // `a + b +` with nothing after: the missing term is the mistake, not the
            // associativity (and there is no third term to quote).
            let Ok((r5, _third)) = self.primary(r4) else {
                return Err(nom::Err::Failure(PErr::expected(ws(r4), "a term after `+`")));
            };
            let a = &ws(i)[..ws(i).len() - r.len()];
            let b = ws(r2);
            let b = &b[..b.len() - r3.len()];
            let c = ws(r4);
            let c = &c[..c.len() - r5.len()];
            let whole = &ws(i)[..ws(i).len() - r5.len()];
            return Err(nom::Err::Failure(PErr::custom(
                ws(i),
                whole.len(),
                "`+` has no associativity: a sum of three terms is ambiguous".into(),
                Some(format!("write ({a} + {b}) + {c} or {a} + ({b} + {c})")),
            )));
        }
        let span = self.span(i, r3);
        let func = Ident::new(PLUS, Span::new(self.off(plus), self.off(plus) + plus.len()));
        Ok((r3, Term { kind: TermKind::App { func, args: vec![left, right] }, span }))
    }

    fn primary(&self, i: &'a str) -> Res<'a, Term> {
        if let Ok((r, _)) = self.sym(i, &["("], "a term") {
            let (r2, inner) = self.term(r)?;
            let (r3, _) = self.sym(r2, &[")"], "`)`")?;
            return Ok((r3, inner));
        }
        let (r, (func, args)) =
            self.application(i).map_err(|e| e.map(|e| e.or(PErr::expected(ws(i), "a term"))))?;
        Ok((r, Term { kind: TermKind::App { func, args }, span: self.span(i, r) }))
    }

    /// `name` or `name(t, …)`.
    fn application(&self, i: &'a str) -> Res<'a, (Ident, Vec<Term>)> {
        let (r, name) = self.ident(i)?;
        let Ok((r2, _)) = self.sym(r, &["("], "`(`") else { return Ok((r, (name, Vec::new()))) };
        let (r3, args) = self.comma_list(r2, |s, i| s.term(i))?;
        let (r4, _) = self.sym(r3, &[")"], "`)` or `,`")?;
        Ok((r4, (name, args)))
    }

    // ---- variables ----------------------------------------------------------------------

    /// Turns the 0-ary applications that name a bound variable into [`TermKind::Var`].
    fn resolve(&self, mut st: Statement) -> Statement {
        match &mut st.kind {
            StatementKind::Formula(f) | StatementKind::Named { formula: f, .. } => {
                resolve_formula(f, &mut Vec::new())
            }
            _ => {}
        }
        st
    }
}

/// Marks bound variables in `f`, given the variables bound around it.
pub fn resolve_formula(f: &mut Formula, bound: &mut Vec<String>) {
    match &mut f.kind {
        FormulaKind::Atom { args, .. } => args.iter_mut().for_each(|t| resolve_term(t, bound)),
        FormulaKind::Eq(a, b) | FormulaKind::Neq(a, b) => {
            resolve_term(a, bound);
            resolve_term(b, bound);
        }
        FormulaKind::Not(g) => resolve_formula(g, bound),
        FormulaKind::Binary { left, right, .. } => {
            resolve_formula(left, bound);
            resolve_formula(right, bound);
        }
        FormulaKind::Quant { var, body, .. } => {
            bound.push(var.name.clone());
            resolve_formula(body, bound);
            bound.pop();
        }
    }
}

fn resolve_term(t: &mut Term, bound: &[String]) {
    if let TermKind::App { func, args } = &mut t.kind {
        if args.is_empty() && bound.contains(&func.name) {
            t.kind = TermKind::Var(func.clone());
        } else {
            args.iter_mut().for_each(|a| resolve_term(a, bound));
        }
    }
}

/// How the next token reads in a message.
fn describe_token(rest: &str) -> String {
    let rest = ws(rest);
    match rest.chars().next() {
        None => "the end of the statement".to_string(),
        // An invisible character would be shown as nothing between backticks: name it.
        Some(c) => match crate::util::text::invisible(c) {
            Some(named) => named,
            None => format!("`{}`", &rest[..token_len(rest)]),
        },
    }
}

fn token_len(rest: &str) -> usize {
    let rest = ws(rest);
    let mut chars = rest.char_indices();
    match chars.next() {
        None => 0,
        Some((_, c)) if is_ident_char(c) => {
            rest.find(|c: char| !is_ident_char(c)).unwrap_or(rest.len())
        }
        Some((_, c)) => c.len_utf8(),
    }
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn kind(text: &str) -> StatementKind {
        parse_statement(text).unwrap_or_else(|e| panic!("{text}: {e}")).kind
    }

    #[test]
    fn precedence_and_scope() {
        // ¬ > ∧ > ∨ > → > ↔, and a quantifier reaches as far right as it can.
        assert_eq!(kind("∀x p(x) → q(x)"), kind("∀x (p(x) → q(x))"));
        assert_eq!(kind("a ∧ b ∨ c"), kind("(a ∧ b) ∨ c"));
        assert_eq!(kind("a → b → c"), kind("a → (b → c)"));
        assert_eq!(kind("¬a ∧ b"), kind("(¬a) ∧ b"));
        assert_eq!(kind("a ∨ b ↔ c → d"), kind("(a ∨ b) ↔ (c → d)"));
        assert_eq!(kind("a ∧ ∀x p(x) ∨ q(x)"), kind("a ∧ (∀x (p(x) ∨ q(x)))"));
    }

    #[test]
    fn ascii_and_unicode_spellings_agree() {
        assert_eq!(
            kind("∀x∀y ¬(x ≠ y) ∧ p ∨ q → r ↔ s"),
            kind("forall x forall y ~(x != y) & p | q -> r <-> s")
        );
        assert_eq!(kind("∀x,y p(x,y)"), kind("forall x, y. p(x, y)"));
        assert_eq!(kind("¬p ⇒ q ⇔ r"), kind("not p => q <=> r"));
        assert_eq!(kind("!p and q or r"), kind("¬p ∧ q ∨ r"));
        assert_eq!(kind("∃!x p(x)"), kind("exists! x p(x)"));
    }

    #[test]
    fn bar_is_or_unless_a_naming_follows() {
        let StatementKind::Named { formula, name, params, target } =
            kind("∃!x blonde(x) | happy(x) | b := x")
        else {
            panic!("expected a naming")
        };
        assert!(matches!(formula.kind, FormulaKind::Quant { .. }));
        assert_eq!((name.name.as_str(), params.len(), target.name.as_str()), ("b", 0, "x"));
        assert!(matches!(kind("p | q"), StatementKind::Formula(_)));
    }

    #[test]
    fn variables_are_resolved_by_scope() {
        let StatementKind::Formula(f) = kind("∀x likes(x, a)") else { panic!() };
        let (_, body) = f.prefix();
        let FormulaKind::Atom { args, .. } = &body.kind else { panic!() };
        assert!(matches!(args[0].kind, TermKind::Var(_)));
        assert!(matches!(args[1].kind, TermKind::App { .. }));
    }

    #[test]
    fn spans_point_into_the_source() {
        let st = parse_statement("  ∀x  blonde(x)").unwrap();
        assert_eq!((st.span.start, st.span.end), (2, "  ∀x  blonde(x)".len()));
        let err = parse_statement("∀x a+b+c = x").unwrap_err();
        let span = err.span();
        assert_eq!((span.offset(), span.len()), ("∀x ".len(), "a+b+c".len()));
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let text = format!("{}p{}", "(".repeat(5000), ")".repeat(5000));
        assert!(parse_statement(&text).is_err());
        let text = format!("{}p", "¬".repeat(5000));
        assert!(parse_statement(&text).is_err());
        let ok = format!("{}p{}", "(".repeat(50), ")".repeat(50));
        assert!(parse_statement(&ok).is_ok());
        // Long flat chains build deep trees too: refused with a message, not a crash.
        for op in [" ∧ ", " ∨ ", " → "] {
            let chain = vec!["happy(a)"; 100_000].join(op);
            let err = parse_statement(&chain).unwrap_err();
            assert!(err.to_string().contains("levels deep"), "{err}");
        }
        let fine = vec!["happy(a)"; 60].join(" ∧ ");
        assert!(parse_statement(&fine).is_ok());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn never_panics_on_token_soup(parts in prop::collection::vec(prop::sample::select(vec![
            "∀", "∃", "∃!", "forall ", "exists! ", "x", "y", "a", "0", "blonde", "likes", "father",
            "(", ")", ",", "+", "=", "≠", "!=", "¬", "~", "!", "∧", "&", "∨", "|", "→", "->", "=>",
            "↔", "<->", "|L|", "≥", "<", "3", ":=", " ", ".", "é", "\n", "#",
        ]), 0..30)) {
            let text: String = parts.concat();
            let _ = parse_statement(&text);
            let _ = crate::logic::board::load("fuzz", &text, crate::logic::check::CheckMode::InGame);
        }

        #[test]
        fn never_panics_on_arbitrary_text(text in ".{0,80}") {
            let _ = parse_statement(&text);
            let _ = crate::logic::board::load("fuzz", &text, crate::logic::check::CheckMode::FreeStanding);
        }
    }
}
