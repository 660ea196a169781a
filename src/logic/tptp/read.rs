//! Reading TPTP problems (FOF and CNF, no arithmetic) into the same syntax tree as board
//! statements, with their own signature: the engines do not assume the game's symbols.
//!
//! A small tokenizer and a recursive-descent parser; TPTP's precedence (quantifiers and ¬
//! bind tighter than any binary connective; `&` and `|` chain, the others do not) is
//! simpler to follow over tokens than over characters. `include('file')` is read relative
//! to the including file, then to `$TPTP`.

use crate::logic::ast::{
    BinaryOp, Formula, FormulaKind, Ident, Quantifier, Span, Statement, StatementKind, Term,
    TermKind,
};
use crate::logic::board::{Board, CheckedBoard};
use crate::logic::check::{Signature, SymbolKind, SymbolOrigin};
use crate::util::input::{read_text, MAX_TPTP_BYTES};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("{file}: {message} (near byte {at})")]
#[diagnostic(code(umpire::tptp))]
pub struct TptpError {
    pub file: String,
    pub message: String,
    pub at: usize,
}

impl crate::util::failure::Classify for TptpError {}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Lower(String),
    Upper(String),
    Quoted(String),
    Distinct(String),
    Number(String),
    Dollar(String),
    Punct(&'static str),
}

const PUNCT: &[&str] = &[
    "<=>", "<~>", "=>", "<=", "~|", "~&", "!=", "(", ")", "[", "]", ",", ".", ":", "!", "?", "~",
    "&", "|", "=", ">", "*",
];

fn tokenize(text: &str, file: &str) -> Result<Vec<(Tok, usize)>, TptpError> {
    let err = |at: usize, m: &str| TptpError { file: file.into(), message: m.into(), at };
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_whitespace() {
            i += 1;
        } else if c == '%' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if text[i..].starts_with("/*") {
            i = text[i..]
                .find("*/")
                .map(|j| i + j + 2)
                .ok_or_else(|| err(i, "unclosed comment"))?;
        } else if c == '\'' || c == '"' {
            let mut j = i + 1;
            let mut s = String::new();
            loop {
                let d = *b.get(j).ok_or_else(|| err(i, "unclosed quote"))? as char;
                if d == '\\' {
                    // The escaped character may be several bytes long.
                    let ch = text
                        .get(j + 1..)
                        .and_then(|rest| rest.chars().next())
                        .ok_or_else(|| err(i, "unclosed quote"))?;
                    s.push(ch);
                    j += 1 + ch.len_utf8();
                } else if d == c {
                    break;
                } else {
                    let ch = text[j..].chars().next().expect("in bounds");
                    s.push(ch);
                    j += ch.len_utf8();
                }
            }
            out.push((if c == '\'' { Tok::Quoted(s) } else { Tok::Distinct(s) }, i));
            i = j + 1;
        } else if c.is_ascii_alphanumeric() || c == '$' || c == '_' {
            let start = i;
            i += 1;
            while i < b.len()
                && ((b[i] as char).is_ascii_alphanumeric()
                    || b[i] == b'_'
                    || b[i] == b'.' && c.is_ascii_digit())
            {
                i += 1;
            }
            let w = text[start..i].to_string();
            let tok = if c == '$' {
                Tok::Dollar(w)
            } else if c.is_ascii_digit() {
                Tok::Number(w)
            } else if c.is_ascii_uppercase() || c == '_' {
                Tok::Upper(w)
            } else {
                Tok::Lower(w)
            };
            out.push((tok, start));
        } else if let Some(p) = PUNCT.iter().find(|p| text[i..].starts_with(**p)) {
            out.push((Tok::Punct(p), i));
            i += p.len();
        } else {
            let shown = text[i..].chars().next().unwrap_or(c);
            return Err(err(i, &format!("unexpected character `{shown}`")));
        }
    }
    Ok(out)
}

/// One annotated formula of a problem.
#[derive(Clone, Debug)]
pub struct Annotated {
    pub name: String,
    pub role: String,
    pub formula: Formula,
}

struct Parser<'a> {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    file: &'a str,
    /// Nesting so far, and `&`/`|` links in this formula: deeper or longer input is refused,
    /// not a stack overflow (later stages recurse over the tree).
    depth: usize,
    links: usize,
}

/// The most nesting a formula may have, as for board statements.
const MAX_DEPTH: usize = 256;
/// The most `&`/`|` links in one formula. Runs are read as balanced trees, so this is not
/// about the tree's depth, but the engines work clause by clause and symbol by symbol, some
/// recursively: a clause of 20 000 literals overflowed the instantiation engine's stack.
/// 5 000 is measured safe, and the longest formula of the shared TPTP sets has about 4 000.
const MAX_LINKS: usize = 5_000;
/// The most levels a read formula may have, whatever made them (parentheses, long
/// quantifier prefixes): later stages recurse over the tree.
const MAX_HEIGHT: usize = 2300;

/// `operands` joined by `op` as a balanced tree (`operands` is not empty).
fn balanced(op: BinaryOp, mut operands: Vec<Formula>) -> Formula {
    if operands.len() == 1 {
        return operands.pop().expect("one operand");
    }
    let right = operands.split_off(operands.len() / 2);
    Formula::binary(op, balanced(op, operands), balanced(op, right))
}

/// The number of levels of `formula`, counted without recursion (the tree may be deep).
fn height(formula: &Formula) -> usize {
    let mut highest = 0;
    let mut todo = vec![(formula, 1)];
    while let Some((f, level)) = todo.pop() {
        highest = highest.max(level);
        match &f.kind {
            FormulaKind::Not(body) | FormulaKind::Quant { body, .. } => {
                todo.push((body, level + 1))
            }
            FormulaKind::Binary { left, right, .. } => {
                todo.push((left, level + 1));
                todo.push((right, level + 1));
            }
            FormulaKind::Atom { .. } | FormulaKind::Eq(..) | FormulaKind::Neq(..) => {}
        }
    }
    highest
}

type R<T> = Result<T, TptpError>;

impl Parser<'_> {
    fn err<T>(&self, m: impl Into<String>) -> R<T> {
        let at = self.toks.get(self.pos).or(self.toks.last()).map_or(0, |t| t.1);
        let mut message = m.into();
        if self.pos >= self.toks.len() {
            message.push_str(" at the end of the file");
        }
        Err(TptpError { file: self.file.into(), message, at })
    }

    fn link(&mut self) -> R<()> {
        self.links += 1;
        if self.links > MAX_LINKS {
            return self.err(format!("the formula chains more than {MAX_LINKS} connectives"));
        }
        Ok(())
    }

    fn deeper(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("the formula nests deeper than {MAX_DEPTH} levels"));
        }
        Ok(())
    }
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.0)
    }
    fn next(&mut self) -> Option<Tok> {
        self.pos += 1;
        self.toks.get(self.pos - 1).map(|t| t.0.clone())
    }
    fn punct(&mut self, p: &str) -> R<()> {
        match self.next() {
            Some(Tok::Punct(q)) if q == p => Ok(()),
            other => {
                self.pos -= 1;
                self.err(format!("expected `{p}`, found {other:?}"))
            }
        }
    }
    fn is(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Tok::Punct(q)) if *q == p)
    }

    fn name(&mut self) -> R<String> {
        match self.next() {
            Some(Tok::Lower(s) | Tok::Quoted(s) | Tok::Number(s) | Tok::Upper(s)) => Ok(s),
            _ => self.err("expected a name"),
        }
    }

    /// Skips balanced tokens up to (not including) the `)` that closes the current level.
    fn skip_annotations(&mut self) -> R<()> {
        let mut depth = 0;
        loop {
            match self.peek() {
                None => return self.err("unexpected end in annotations"),
                Some(Tok::Punct("(" | "[")) => depth += 1,
                Some(Tok::Punct(")" | "]")) if depth == 0 => return Ok(()),
                Some(Tok::Punct(")" | "]")) => depth -= 1,
                _ => {}
            }
            self.pos += 1;
        }
    }

    /// Binary connectives, loosest first: `<=>` `<~>`, then `=>` `<=`, then `|` `~|`, then
    /// `&` `~&`. Strict TPTP parenthesises mixed connectives; reading them with the usual
    /// precedence accepts the same files and a few more.
    fn formula(&mut self) -> R<Formula> {
        let depth = self.depth;
        let f = self.formula_inner();
        self.depth = depth;
        f
    }

    fn formula_inner(&mut self) -> R<Formula> {
        self.deeper()?;
        let left = self.implication()?;
        match self.peek() {
            Some(Tok::Punct(op @ ("<=>" | "<~>"))) => {
                let iff = *op == "<=>";
                self.pos += 1;
                let right = self.implication()?;
                let f = Formula::binary(BinaryOp::Iff, left, right);
                Ok(if iff { f } else { Formula::negation(f) })
            }
            _ => Ok(left),
        }
    }

    fn implication(&mut self) -> R<Formula> {
        let left = self.disjunction()?;
        match self.peek() {
            Some(Tok::Punct(op @ ("=>" | "<="))) => {
                let forward = *op == "=>";
                self.pos += 1;
                let right = self.disjunction()?;
                Ok(if forward {
                    Formula::binary(BinaryOp::Implies, left, right)
                } else {
                    Formula::binary(BinaryOp::Implies, right, left)
                })
            }
            _ => Ok(left),
        }
    }

    fn disjunction(&mut self) -> R<Formula> {
        self.chain(BinaryOp::Or, "|", "~|", Self::conjunction)
    }

    fn conjunction(&mut self) -> R<Formula> {
        self.chain(BinaryOp::And, "&", "~&", Self::unitary)
    }

    /// A run of `operand (plain|negated) operand …`, read left to right. A run of the plain
    /// connective is built as a balanced tree, since `&` and `|` are associative: a clause of
    /// a thousand literals is then ten levels deep, not a thousand, for every later stage that
    /// recurses over it. `a ~| b` is `¬(a | b)` and closes the run so far as its left side.
    fn chain(
        &mut self,
        op: BinaryOp,
        plain: &str,
        negated: &str,
        operand: fn(&mut Self) -> R<Formula>,
    ) -> R<Formula> {
        let mut run = vec![operand(self)?];
        loop {
            if self.is(plain) {
                self.pos += 1;
                self.link()?;
                run.push(operand(self)?);
            } else if self.is(negated) {
                self.pos += 1;
                let left = balanced(op, std::mem::take(&mut run));
                let right = operand(self)?;
                run.push(Formula::negation(Formula::binary(op, left, right)));
            } else {
                return Ok(balanced(op, run));
            }
        }
    }

    fn unitary(&mut self) -> R<Formula> {
        match self.peek() {
            Some(Tok::Punct("(")) => {
                self.pos += 1;
                let f = self.formula()?;
                self.punct(")")?;
                Ok(f)
            }
            Some(Tok::Punct("~")) => {
                self.pos += 1;
                let depth = self.depth;
                self.deeper()?;
                let f = Formula::negation(self.unitary()?);
                self.depth = depth;
                Ok(f)
            }
            Some(Tok::Punct(q @ ("!" | "?"))) => {
                let q = if *q == "!" { Quantifier::Forall } else { Quantifier::Exists };
                self.pos += 1;
                self.punct("[")?;
                let mut vars = Vec::new();
                loop {
                    match self.next() {
                        Some(Tok::Upper(v)) => vars.push(v),
                        _ => return self.err("expected a variable"),
                    }
                    // A typed variable (TFF) is not read.
                    if self.is(",") {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                self.punct("]")?;
                self.punct(":")?;
                let depth = self.depth;
                self.deeper()?;
                let mut body = self.unitary()?;
                self.depth = depth;
                for v in vars.into_iter().rev() {
                    body = Formula::quant(q, &v, body);
                }
                Ok(body)
            }
            _ => self.atomic(),
        }
    }

    fn atomic(&mut self) -> R<Formula> {
        if let Some(Tok::Dollar(d)) = self.peek().cloned() {
            if d == "$true" || d == "$false" {
                self.pos += 1;
                let truth = Formula::quant(
                    Quantifier::Forall,
                    "True",
                    Formula::new(FormulaKind::Eq(Term::var("True"), Term::var("True"))),
                );
                return Ok(if d == "$true" { truth } else { Formula::negation(truth) });
            }
            return self.err(format!("`{d}` is not supported (no arithmetic or types)"));
        }
        let t = self.term()?;
        if self.is("=") || self.is("!=") {
            let eq = self.is("=");
            self.pos += 1;
            let u = self.term()?;
            return Ok(Formula::new(if eq {
                FormulaKind::Eq(t, u)
            } else {
                FormulaKind::Neq(t, u)
            }));
        }
        match t.kind {
            TermKind::App { func, args } => {
                Ok(Formula::new(FormulaKind::Atom { pred: func, args }))
            }
            TermKind::Var(_) => self.err("a variable is not a formula"),
        }
    }

    fn term(&mut self) -> R<Term> {
        let depth = self.depth;
        self.deeper()?;
        let t = self.term_inner();
        self.depth = depth;
        t
    }

    fn term_inner(&mut self) -> R<Term> {
        match self.next() {
            Some(Tok::Upper(v)) => Ok(Term::var(&v)),
            Some(Tok::Lower(f) | Tok::Quoted(f)) => {
                let mut args = Vec::new();
                if self.is("(") {
                    self.pos += 1;
                    loop {
                        args.push(self.term()?);
                        if self.is(",") {
                            self.pos += 1;
                        } else {
                            break;
                        }
                    }
                    self.punct(")")?;
                }
                Ok(Term {
                    kind: TermKind::App { func: Ident::new(f, Span::default()), args },
                    span: Span::default(),
                })
            }
            Some(Tok::Number(n)) => Ok(Term::constant(&n)),
            Some(Tok::Distinct(s)) => Ok(Term::constant(&format!("\"{s}\""))),
            _ => {
                self.pos -= 1;
                self.err("expected a term")
            }
        }
    }
}

/// Reads a problem file (following includes), at most [`MAX_TPTP_BYTES`] in all.
pub fn read_file(path: &Path) -> Result<Vec<Annotated>, TptpError> {
    let mut left = MAX_TPTP_BYTES;
    let text = read_within(path, &mut left, path.display().to_string(), "")?;
    read(&text, path, 0, &mut left)
}

/// A file's text, counted against what the whole problem may still read.
fn read_within(path: &Path, left: &mut u64, file: String, what: &str) -> Result<String, TptpError> {
    let text = read_text(path, *left).map_err(|e| {
        let why = match e {
            crate::util::input::InputError::TooLarge { .. } => {
                format!("the problem, with what it includes, is larger than umpire reads ({MAX_TPTP_BYTES} bytes at most)")
            }
            other => other.reason(),
        };
        TptpError { file, message: format!("{what}{why}"), at: 0 }
    })?;
    *left -= text.len() as u64;
    Ok(text)
}

fn read(
    text: &str,
    path: &Path,
    depth: usize,
    left: &mut u64,
) -> Result<Vec<Annotated>, TptpError> {
    let file = path.display().to_string();
    if depth > 16 {
        return Err(TptpError { file, message: "includes nest too deep".into(), at: 0 });
    }
    let mut p = Parser { toks: tokenize(text, &file)?, pos: 0, file: &file, depth: 0, links: 0 };
    let mut out = Vec::new();
    while let Some(tok) = p.next() {
        let Tok::Lower(kind) = tok else {
            return p.err("expected fof(…), cnf(…) or include(…)");
        };
        p.punct("(")?;
        if kind == "include" {
            let Some(Tok::Quoted(name)) = p.next() else { return p.err("expected a file name") };
            p.skip_annotations()?;
            p.punct(")")?;
            p.punct(".")?;
            let here = path.parent().unwrap_or(Path::new(".")).join(&name);
            let target = if here.exists() {
                here
            } else {
                std::env::var_os("TPTP").map(|t| PathBuf::from(t).join(&name)).unwrap_or(here)
            };
            let text = read_within(&target, left, file.clone(), &format!("include {name}: "))?;
            out.extend(read(&text, &target, depth + 1, left)?);
            continue;
        }
        if kind != "fof" && kind != "cnf" {
            return p.err(format!("`{kind}` formulas are not supported (FOF and CNF only)"));
        }
        let name = p.name()?;
        p.punct(",")?;
        let role = p.name()?;
        p.punct(",")?;
        p.depth = 0;
        p.links = 0;
        let mut formula = p.formula()?;
        if p.is(",") {
            p.pos += 1;
            p.skip_annotations()?;
        }
        p.punct(")")?;
        p.punct(".")?;
        let levels = height(&formula);
        if levels > MAX_HEIGHT {
            p.pos -= 1;
            return p.err(format!("the formula nests deeper than {MAX_HEIGHT} levels"));
        }
        // Free variables (CNF clauses) are universally quantified.
        let free = formula.free_variables();
        if levels + free.len() > MAX_HEIGHT {
            p.pos -= 1;
            return p.err(format!("the clause has more than {MAX_HEIGHT} variables"));
        }
        for v in free.into_iter().rev() {
            formula = Formula::quant(Quantifier::Forall, &v, formula);
        }
        out.push(Annotated { name, role, formula });
    }
    Ok(out)
}

/// A problem as a board: the axioms (and, in CNF, every clause) as statements, then the
/// conjectures joined into one last statement, whose number is returned.
pub fn to_board(
    name: &str,
    formulas: &[Annotated],
) -> Result<(CheckedBoard, Option<usize>), TptpError> {
    to_named_board(name, formulas).map(|(b, c, _)| (b, c))
}

/// Like [`to_board`], with the problem's name of each statement (for derivations).
pub fn to_named_board(
    name: &str,
    formulas: &[Annotated],
) -> Result<(CheckedBoard, Option<usize>, Vec<String>), TptpError> {
    let mut statements = Vec::new();
    let mut names = Vec::new();
    let mut conjectures = Vec::new();
    let mut conjecture_names = Vec::new();
    let mut goals = Vec::new();
    for a in formulas {
        if a.role == "negated_conjecture" {
            goals.push(statements.len() + 1);
        }
        if a.role == "conjecture" {
            conjectures.push(a.formula.clone());
            conjecture_names.push(a.name.clone());
        } else if a.role != "type" {
            statements.push(a.formula.clone());
            names.push(a.name.clone());
        }
    }
    let conjecture =
        conjectures.into_iter().reduce(|a, b| Formula::binary(BinaryOp::And, a, b)).map(|c| {
            statements.push(c);
            names.push(conjecture_names.join("_and_"));
            statements.len()
        });
    let mut signature = Signature::default();
    let mut error = None;
    for f in &statements {
        symbols(f, &mut signature, &mut error);
    }
    if let Some(message) = error {
        return Err(TptpError { file: name.into(), message, at: 0 });
    }
    let statements: Vec<Statement> = statements
        .into_iter()
        .map(|f| Statement { kind: StatementKind::Formula(f), span: Span::default() })
        .collect();
    let lines = (1..=statements.len()).collect();
    let board = Board { name: name.into(), text: String::new(), statements, lines, goals };
    Ok((CheckedBoard { board, signature, notes: Vec::new() }, conjecture, names))
}

fn symbols(f: &Formula, sig: &mut Signature, error: &mut Option<String>) {
    fn add(
        sig: &mut Signature,
        name: &str,
        kind: SymbolKind,
        arity: usize,
        error: &mut Option<String>,
    ) {
        match sig.get(name) {
            Some(s) if s.kind != kind || s.arity != arity => {
                error.get_or_insert(format!(
                    "`{name}` is used with two arities or kinds, which umpire does not support"
                ));
            }
            Some(_) => {}
            None => sig.add(name, kind, arity, SymbolOrigin::Builtin),
        }
    }
    fn term(t: &Term, sig: &mut Signature, error: &mut Option<String>) {
        if let TermKind::App { func, args } = &t.kind {
            add(sig, &func.name, SymbolKind::Function, args.len(), error);
            args.iter().for_each(|a| term(a, sig, error));
        }
    }
    match &f.kind {
        FormulaKind::Atom { pred, args } => {
            add(sig, &pred.name, SymbolKind::Predicate, args.len(), error);
            args.iter().for_each(|a| term(a, sig, error));
        }
        FormulaKind::Eq(a, b) | FormulaKind::Neq(a, b) => {
            term(a, sig, error);
            term(b, sig, error);
        }
        FormulaKind::Not(g) | FormulaKind::Quant { body: g, .. } => symbols(g, sig, error),
        FormulaKind::Binary { left, right, .. } => {
            symbols(left, sig, error);
            symbols(right, sig, error);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No limit on what a test problem may read.
    fn unlimited() -> u64 {
        u64::MAX
    }

    #[test]
    fn fof_and_cnf_with_precedence_and_annotations() {
        let text = "% a comment\nfof(a1, axiom, ! [X,Y] : (p(X) & q(Y) => X = Y), file('x', y)).\n\
                    cnf(c1, negated_conjecture, ~ p(a) | r(f(X), 'B')).\n\
                    fof(g, conjecture, ? [X] : ~ p(X) | $true).";
        let fs = read(text, Path::new("t.p"), 0, &mut unlimited()).unwrap();
        assert_eq!(fs.len(), 3);
        assert_eq!(fs[1].role, "negated_conjecture");
        // The quantifier binds tighter than `|`: (? [X] : ~p(X)) | $true.
        assert!(matches!(fs[2].formula.kind, FormulaKind::Binary { op: BinaryOp::Or, .. }));
        // The CNF clause's X is universally quantified.
        assert!(matches!(fs[1].formula.kind, FormulaKind::Quant { q: Quantifier::Forall, .. }));
        let (board, conjecture) = to_board("t", &fs).unwrap();
        assert_eq!(conjecture, Some(3));
        assert_eq!(board.signature.get("r").unwrap().arity, 2);
        assert_eq!(board.signature.get("B").unwrap().kind, SymbolKind::Function);
    }

    #[test]
    fn deep_input_is_refused_not_a_crash() {
        let deep = format!("fof(a, axiom, {}p).", "~".repeat(100_000));
        assert!(read(&deep, Path::new("t.p"), 0, &mut unlimited())
            .unwrap_err()
            .message
            .contains("deeper than"));
        let long = format!("fof(a, axiom, p{}).", " & p".repeat(100_001));
        assert!(read(&long, Path::new("t.p"), 0, &mut unlimited())
            .unwrap_err()
            .message
            .contains("more than"));
        // A long quantifier prefix nests one level per variable.
        let vars: Vec<String> = (0..3000).map(|i| format!("X{i}")).collect();
        let prefix = format!("fof(a, axiom, ! [{}] : p).", vars.join(","));
        assert!(read(&prefix, Path::new("t.p"), 0, &mut unlimited())
            .unwrap_err()
            .message
            .contains("deeper than"));
        let terms = format!("fof(a, axiom, p({}a{})).", "f(".repeat(100_000), ")".repeat(100_000));
        assert!(read(&terms, Path::new("t.p"), 0, &mut unlimited())
            .unwrap_err()
            .message
            .contains("deeper than"));
        // A long clause of negated literals is fine: ¬ nests only over its own operand.
        let ok = format!("cnf(a, axiom, ~p{}).", " | ~p".repeat(1000));
        assert!(read(&ok, Path::new("t.p"), 0, &mut unlimited()).is_ok());
    }

    #[test]
    fn long_runs_are_read_as_balanced_trees() {
        // 5000 literals: ⌈log₂ 5000⌉ = 13 levels of `|` under the clause's one quantifier.
        let text = format!("cnf(a, axiom, p(X){}).", " | ~q(X)".repeat(4999));
        let fs = read(&text, Path::new("t.p"), 0, &mut unlimited()).unwrap();
        assert_eq!(height(&fs[0].formula), 1 + 13 + 2);
        // `~|` closes the run so far: (p | q) ~| r is ¬((p | q) | r).
        let fs = read("fof(a, axiom, p | q ~| r & s & t).", Path::new("t.p"), 0, &mut unlimited())
            .unwrap();
        let FormulaKind::Not(inner) = &fs[0].formula.kind else { panic!("{:?}", fs[0].formula) };
        let FormulaKind::Binary { op: BinaryOp::Or, right, .. } = &inner.kind else {
            panic!("{inner:?}")
        };
        assert!(matches!(right.kind, FormulaKind::Binary { op: BinaryOp::And, .. }));
    }

    #[test]
    fn errors_say_where() {
        let e = read("fof(a, axiom, p(X)", Path::new("t.p"), 0, &mut unlimited()).unwrap_err();
        assert!(e.message.contains("at the end of the file"), "{e}");
        let e = read("fof(a, axiom, p(X) &).", Path::new("t.p"), 0, &mut unlimited()).unwrap_err();
        assert!(e.message.contains("expected a term"), "{e}");
        let e =
            read("tff(a, type, p: $i > $o).", Path::new("t.p"), 0, &mut unlimited()).unwrap_err();
        assert!(e.message.contains("not supported"), "{e}");
    }
}
