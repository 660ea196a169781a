//! Typed diagnostics for the statement language: one variant per kind of mistake, each with
//! the span it is about, a plain-words message and, where one helps, a hint.
//!
//! Messages speak to a player at the table ("`father(x)` is an object, …"), not to a parser
//! writer. Snapshot tests in `tests/language.rs` pin the rendered text.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

#[derive(Debug, Clone, Error, Diagnostic, PartialEq, Eq)]
pub enum LanguageError {
    #[error("{message}")]
    #[diagnostic(code(umpire::syntax))]
    Syntax {
        message: String,
        #[label("here")]
        span: SourceSpan,
        #[help]
        hint: Option<String>,
    },

    #[error("`{text}` is {what}, not an object")]
    #[diagnostic(code(umpire::not_an_object))]
    NotAnObject {
        text: String,
        /// "a property", "a relation", "true or false", …
        what: String,
        #[label("an object is needed here")]
        span: SourceSpan,
        #[help]
        hint: Option<String>,
    },

    #[error("`{text}` is an object, but a statement must be true or false")]
    #[diagnostic(
        code(umpire::not_a_statement),
        help("say something about it, e.g. `blonde({text})` or `{text} = …`")
    )]
    NotAStatement {
        text: String,
        #[label("this names an object")]
        span: SourceSpan,
    },

    #[error("`{text}` compares two truth values with `=`")]
    #[diagnostic(
        code(umpire::truth_values_compared),
        help("truth values are compared with ↔ (ASCII <->): `{suggestion}`")
    )]
    TruthValuesCompared {
        text: String,
        suggestion: String,
        #[label("both sides are true or false")]
        span: SourceSpan,
    },

    #[error("`{name}` takes {expected}, but is given {found}")]
    #[diagnostic(code(umpire::arity))]
    WrongArity {
        name: String,
        expected: String,
        found: String,
        #[label("{found} here")]
        span: SourceSpan,
        #[help]
        hint: Option<String>,
    },

    #[error("`{name}` is written with {letters}: it looks like `{latin}` but is another name")]
    #[diagnostic(
        code(umpire::look_alike),
        help("type `{latin}` with Latin letters (a keyboard set to another alphabet gives such letters)")
    )]
    LookAlike {
        name: String,
        latin: String,
        /// The look-alike letters, by code point.
        letters: String,
        #[label("not the Latin `{latin}`")]
        span: SourceSpan,
    },

    #[error("unknown {position} `{name}`")]
    #[diagnostic(code(umpire::unknown_symbol))]
    UnknownSymbol {
        name: String,
        /// "predicate or relation", "function", "name"
        position: String,
        #[label("not in the game's signature")]
        span: SourceSpan,
        #[help]
        hint: Option<String>,
    },

    #[error("the variable `{name}` is not bound by any quantifier")]
    #[diagnostic(
        code(umpire::unbound_variable),
        help("quantify it, e.g. `∀{name} …` or `∃{name} …`, or use a named object")
    )]
    UnboundVariable {
        name: String,
        #[label("unbound")]
        span: SourceSpan,
    },

    #[error("`{name}` is already bound by an outer quantifier")]
    #[diagnostic(
        code(umpire::shadowed_variable),
        help("use a fresh letter for each quantifier, so every reader sees the same thing")
    )]
    ShadowedVariable {
        name: String,
        #[label("bound again here")]
        span: SourceSpan,
        #[label("first bound here")]
        outer: SourceSpan,
    },

    #[error("`{name}` cannot be used as a variable: it is {what}")]
    #[diagnostic(code(umpire::variable_is_symbol), help("pick another letter for the variable"))]
    VariableIsSymbol {
        name: String,
        what: String,
        #[label("quantified here")]
        span: SourceSpan,
    },

    #[error("the name `{name}` is already taken: {what}")]
    #[diagnostic(code(umpire::name_taken), help("choose a name that is not yet on the board"))]
    NameTaken {
        name: String,
        what: String,
        #[label("named again here")]
        span: SourceSpan,
    },

    #[error("{message}")]
    #[diagnostic(code(umpire::naming))]
    BadNaming {
        message: String,
        #[label("here")]
        span: SourceSpan,
        #[help]
        hint: Option<String>,
    },

    #[error("`|L| < 1` and `|L| ≥ 0` say nothing sensible: n must be a positive whole number")]
    #[diagnostic(
        code(umpire::cardinality),
        help("the card says n is a positive integer: 1, 2, 3, …")
    )]
    NonPositiveCardinality {
        #[label("n = 0")]
        span: SourceSpan,
    },

    #[error("the board is too large: {what}; umpire reads at most {limit}")]
    #[diagnostic(
        code(umpire::too_large),
        help("a board at the table has tens of statements; split the file, or check the part you mean")
    )]
    TooLarge {
        what: String,
        limit: String,
        #[label("from here on")]
        span: SourceSpan,
    },
}

impl crate::util::failure::Classify for LanguageError {}
impl crate::util::failure::Classify for Report {}

impl LanguageError {
    /// The main span the diagnostic points at.
    pub fn span(&self) -> SourceSpan {
        match self {
            LanguageError::Syntax { span, .. }
            | LanguageError::NotAnObject { span, .. }
            | LanguageError::NotAStatement { span, .. }
            | LanguageError::TruthValuesCompared { span, .. }
            | LanguageError::WrongArity { span, .. }
            | LanguageError::UnknownSymbol { span, .. }
            | LanguageError::LookAlike { span, .. }
            | LanguageError::UnboundVariable { span, .. }
            | LanguageError::ShadowedVariable { span, .. }
            | LanguageError::VariableIsSymbol { span, .. }
            | LanguageError::NameTaken { span, .. }
            | LanguageError::BadNaming { span, .. }
            | LanguageError::NonPositiveCardinality { span }
            | LanguageError::TooLarge { span, .. } => *span,
        }
    }
}

/// Something worth telling that is not an error, such as an unknown name taken as a constant.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq, Eq)]
#[error("`{name}` is not a known name; it is taken as a constant (an unnamed object)")]
#[diagnostic(
    code(umpire::free_constant),
    severity(Advice),
    help("inside a game only named objects exist; name one with `∃!x … | {name} := x`")
)]
pub struct FreeConstantNote {
    pub name: String,
    #[label("a constant")]
    pub span: SourceSpan,
}

/// All the problems found in one text, with that text, ready to render.
#[derive(Debug, Error, Diagnostic)]
#[error("{summary}")]
#[diagnostic(code(umpire::invalid_statements))]
pub struct Report {
    pub summary: String,
    #[source_code]
    pub src: crate::util::source::SourceText,
    #[related]
    pub errors: Vec<LanguageError>,
}

impl Report {
    pub fn new(name: &str, text: &str, errors: Vec<LanguageError>) -> Self {
        let summary = match errors.len() {
            1 => format!("{name}: 1 problem"),
            n => format!("{name}: {n} problems"),
        };
        Report { summary, src: crate::util::source::SourceText::new(name, text), errors }
    }

    /// Each problem as a diagnostic of its own, carrying the source text to point into.
    pub fn each(&self) -> impl Iterator<Item = miette::Report> + '_ {
        self.errors
            .iter()
            .map(|e| miette::Report::new(e.clone()).with_source_code(self.src.clone()))
    }

    /// All problems rendered as plain text, one after another.
    pub fn render_plain(&self) -> String {
        self.each().map(|r| render_plain(r.as_ref())).collect::<Vec<_>>().join("")
    }
}

/// Renders a diagnostic as plain text (no colours), as the snapshot tests see it.
pub fn render_plain(diagnostic: &dyn Diagnostic) -> String {
    crate::util::failure::render(diagnostic, miette::GraphicalTheme::unicode_nocolor(), 100)
}
