//! Derivations as players write them at the table: natural deduction in the plain-text
//! notation of Carnap's *forall x: Calgary* system, over the board's statement language,
//! plus umpire's own big step `by` (grammar in `grammar/derivation.ebnf`).
//!
//! Part of the trust base: the reader ([`read`]), the proof's shape ([`Derivation`]: its
//! lines and subproofs), what a line may cite ([`scope`]) and the rule checker ([`rules`])
//! use the parser, the syntax tree and the term toolkit ([`syntax`]) only: no engine, no
//! clausifier, no SAT solver. A `by` line is left to the engines (through `reason/`); the
//! checker only says which statements it rests on.

pub mod read;
pub mod rules;
pub mod scope;
pub mod syntax;

use crate::logic::ast::{Span, Statement};

pub use read::{read, read_against, DerivationError};
pub use rules::judge_line;
pub use scope::Setting;

/// A derivation read from text: its lines in order and its subproofs.
#[derive(Clone, Debug)]
pub struct Derivation {
    /// The text the spans point into.
    pub text: String,
    pub lines: Vec<Line>,
    /// Every subproof, in the order they open.
    pub subproofs: Vec<Subproof>,
}

/// One numbered line.
#[derive(Clone, Debug)]
pub struct Line {
    /// Counted from 1, as players cite it.
    pub number: usize,
    /// What the line says.
    pub body: Body,
    /// Its justification (none for a separator).
    pub rule: Option<Rule>,
    /// The rule as written, for messages (`->E`, `∀I`, `by`).
    pub rule_written: String,
    pub citations: Vec<Citation>,
    /// The subproofs the line stands in, outermost first (indices into `subproofs`).
    pub within: Vec<usize>,
    /// The whole line, and its formula.
    pub span: Span,
    pub body_span: Span,
}

/// What a line says.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one a line, read once: boxing buys nothing
pub enum Body {
    Statement(Statement),
    /// `⊥` (`_|_`, `!?`): the absurd.
    Bottom,
    /// `--` between two subproofs at one depth: numbered, never citable.
    Separator,
}

impl Body {
    pub fn statement(&self) -> Option<&Statement> {
        match self {
            Body::Statement(s) => Some(s),
            Body::Bottom | Body::Separator => None,
        }
    }
}

/// A subproof: lines `first..=last`, opened by the assumption on `first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subproof {
    pub first: usize,
    pub last: usize,
    /// The subproof it stands in (none: the top level).
    pub parent: Option<usize>,
}

/// A citation in a justification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Citation {
    /// An earlier line: `4`.
    Line { number: usize, span: Span },
    /// A closed subproof: `3-6`.
    Range { first: usize, last: usize, span: Span },
    /// A board statement: `(2)`.
    Board { k: usize, span: Span },
}

impl Citation {
    pub fn span(&self) -> Span {
        match *self {
            Citation::Line { span, .. }
            | Citation::Range { span, .. }
            | Citation::Board { span, .. } => span,
        }
    }

    /// As written: `4`, `3-6`, `(2)`.
    pub fn written(&self) -> String {
        match *self {
            Citation::Line { number, .. } => number.to_string(),
            Citation::Range { first, last, .. } => format!("{first}-{last}"),
            Citation::Board { k, .. } => format!("({k})"),
        }
    }
}

/// The rules of *forall x: Calgary*, its derived rules, and umpire's `by`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Premise,
    Assumption,
    Reiteration,
    AndIntro,
    AndElim,
    OrIntro,
    OrElim,
    IfIntro,
    IfElim,
    IffIntro,
    IffElim,
    NotIntro,
    NotElim,
    IndirectProof,
    Explosion,
    AllIntro,
    AllElim,
    SomeIntro,
    SomeElim,
    EqIntro,
    EqElim,
    DisjunctiveSyllogism,
    ModusTollens,
    DoubleNegationElim,
    ExcludedMiddle,
    DeMorgan,
    QuantifierConversion,
    /// umpire's big step: the line follows from what it cites, decided by the engines.
    By,
}

impl Rule {
    /// The rule's name as umpire prints it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Premise => "PR",
            Rule::Assumption => "AS",
            Rule::Reiteration => "R",
            Rule::AndIntro => "∧I",
            Rule::AndElim => "∧E",
            Rule::OrIntro => "∨I",
            Rule::OrElim => "∨E",
            Rule::IfIntro => "→I",
            Rule::IfElim => "→E",
            Rule::IffIntro => "↔I",
            Rule::IffElim => "↔E",
            Rule::NotIntro => "¬I",
            Rule::NotElim => "¬E",
            Rule::IndirectProof => "IP",
            Rule::Explosion => "X",
            Rule::AllIntro => "∀I",
            Rule::AllElim => "∀E",
            Rule::SomeIntro => "∃I",
            Rule::SomeElim => "∃E",
            Rule::EqIntro => "=I",
            Rule::EqElim => "=E",
            Rule::DisjunctiveSyllogism => "DS",
            Rule::ModusTollens => "MT",
            Rule::DoubleNegationElim => "DNE",
            Rule::ExcludedMiddle => "LEM",
            Rule::DeMorgan => "DeM",
            Rule::QuantifierConversion => "CQ",
            Rule::By => "by",
        }
    }

    /// Every rule, for the palette and the help.
    pub const ALL: [Rule; 28] = [
        Rule::Premise,
        Rule::Assumption,
        Rule::Reiteration,
        Rule::AndIntro,
        Rule::AndElim,
        Rule::OrIntro,
        Rule::OrElim,
        Rule::IfIntro,
        Rule::IfElim,
        Rule::IffIntro,
        Rule::IffElim,
        Rule::NotIntro,
        Rule::NotElim,
        Rule::IndirectProof,
        Rule::Explosion,
        Rule::AllIntro,
        Rule::AllElim,
        Rule::SomeIntro,
        Rule::SomeElim,
        Rule::EqIntro,
        Rule::EqElim,
        Rule::DisjunctiveSyllogism,
        Rule::ModusTollens,
        Rule::DoubleNegationElim,
        Rule::ExcludedMiddle,
        Rule::DeMorgan,
        Rule::QuantifierConversion,
        Rule::By,
    ];
}

impl Derivation {
    /// Line `n` (counted from 1), if there is one.
    pub fn line(&self, n: usize) -> Option<&Line> {
        n.checked_sub(1).and_then(|i| self.lines.get(i))
    }

    /// Whether line `cited` stands where line `at` can see it: every subproof around it is
    /// still open at `at` (the lines of a closed subproof are gone with it).
    pub fn line_in_scope(&self, cited: usize, at: usize) -> bool {
        match (self.line(cited), self.line(at)) {
            (Some(c), Some(a)) => c.within.iter().all(|s| a.within.contains(s)),
            _ => false,
        }
    }

    /// The subproof that is exactly lines `first..=last`, if there is one.
    pub fn subproof(&self, first: usize, last: usize) -> Option<&Subproof> {
        self.subproofs.iter().find(|s| s.first == first && s.last == last)
    }

    /// Whether subproof `s` is closed before line `at` and stands where `at` can see it
    /// (at the top level, or inside a subproof still open at `at`).
    pub fn subproof_in_scope(&self, s: &Subproof, at: usize) -> bool {
        let Some(line) = self.line(at) else { return false };
        s.last < at && s.parent.is_none_or(|p| line.within.contains(&p))
    }

    /// The assumptions open at line `at` (itself included when it opens a subproof).
    pub fn open_assumptions(&self, at: usize) -> Vec<usize> {
        self.line(at)
            .map(|l| l.within.iter().map(|&s| self.subproofs[s].first).collect())
            .unwrap_or_default()
    }

    /// The `:PR` lines.
    pub fn premises(&self) -> impl Iterator<Item = &Line> {
        self.lines.iter().filter(|l| l.rule == Some(Rule::Premise))
    }

    /// The last line at the top level that is not a separator: what the derivation shows.
    pub fn conclusion(&self) -> Option<&Line> {
        self.lines.iter().rev().find(|l| l.within.is_empty() && !matches!(l.body, Body::Separator))
    }
}

/// What the checker says of a line.
#[derive(Clone, Debug)]
pub enum Judgment {
    /// The rule applies as written.
    Ok,
    /// A `by` line: it holds when it follows from these (for the engines to decide).
    ByEngines {
        rests_on: Vec<Premise>,
        /// Why part of what it cites cannot be put to the engines (a subproof whose
        /// assumption or last line is a size statement reads as no conditional).
        unread: Option<String>,
    },
    Wrong(Fault),
}

/// A statement a step rests on, or the absurd.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // a step rests on a handful: boxing buys nothing
pub enum Premise {
    Statement(Statement),
    Bottom,
}

/// Why a line is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    pub reason: String,
    /// Where in the line the fault is (a citation, the rule, the formula).
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// The rule does not give this line from what it cites (or a condition of the rule, such
    /// as a fresh name, fails): the line may still follow, by `by`.
    Misapplied,
    /// A citation the line may not make: a later line, itself, a line of a closed subproof,
    /// a separator, no such line.
    Scope,
    /// The line rests on the statement the derivation claims to prove redundant.
    Circular,
    /// A naming line gives a name that is already in use a second meaning: whatever it
    /// says, no model or `by` mends that.
    Naming,
}

fn fault(kind: FaultKind, reason: impl Into<String>, span: Span) -> Fault {
    Fault { kind, reason: reason.into(), span }
}
