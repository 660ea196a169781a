//! The checker: every name used with its kind and arity, in its place, variables bound once,
//! names defined once and in the shape the ∃! cards allow.
//!
//! The signature is data ([`Signature`]), not six hard-wired symbols: the game's signature is
//! one instance ([`Signature::game`]), names made by `∃!` extend it statement by statement,
//! and other front ends (TPTP) can bring their own.
//!
//! Two modes ([`CheckMode`]): free-standing (`umpire check`, the REPL), where an unknown name
//! like `a` or `0` stands for a constant and earns a note; and in-game, where only the
//! game's symbols and named objects exist.

use crate::logic::ast::*;
use crate::logic::diagnostics::{FreeConstantNote, LanguageError};
use crate::logic::print;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SymbolKind {
    /// Truth-valued: predicates (arity 1) and relations (arity 2), any arity in general.
    Predicate,
    /// Object-valued: functions; a constant is a function of arity 0.
    Function,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SymbolOrigin {
    /// Part of the signature the board started with (the game's six symbols).
    Builtin,
    /// Named by a `∃!` statement: its number at the table, (1) first (as `parse --json` shows it).
    Named { statement: usize },
    /// An unknown name taken as a constant (free-standing use only).
    FreeConstant,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SymbolInfo {
    pub kind: SymbolKind,
    pub arity: usize,
    pub origin: SymbolOrigin,
}

impl SymbolInfo {
    /// How the symbol is described to a player: "a property", "a relation", "a function".
    pub fn describe(&self) -> &'static str {
        match (self.kind, self.arity) {
            (SymbolKind::Predicate, 0) => "a proposition",
            (SymbolKind::Predicate, 1) => "a property",
            (SymbolKind::Predicate, _) => "a relation",
            (SymbolKind::Function, 0) => "an object",
            (SymbolKind::Function, _) => "a function",
        }
    }
}

/// The non-logical symbols in force, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signature {
    pub symbols: BTreeMap<String, SymbolInfo>,
}

impl Signature {
    /// The logic card game's symbols: blonde, happy, likes, smarter, father, +.
    pub fn game() -> Self {
        let mut sig = Signature::default();
        for (name, kind, arity) in [
            ("blonde", SymbolKind::Predicate, 1),
            ("happy", SymbolKind::Predicate, 1),
            ("likes", SymbolKind::Predicate, 2),
            ("smarter", SymbolKind::Predicate, 2),
            ("father", SymbolKind::Function, 1),
            (PLUS, SymbolKind::Function, 2),
        ] {
            sig.add(name, kind, arity, SymbolOrigin::Builtin);
        }
        sig
    }

    pub fn add(&mut self, name: &str, kind: SymbolKind, arity: usize, origin: SymbolOrigin) {
        self.symbols.insert(name.to_string(), SymbolInfo { kind, arity, origin });
    }

    pub fn get(&self, name: &str) -> Option<&SymbolInfo> {
        self.symbols.get(name)
    }

    fn names_of(&self, kind: SymbolKind) -> Vec<String> {
        self.symbols
            .iter()
            .filter(|(_, s)| s.kind == kind && s.origin != SymbolOrigin::FreeConstant)
            .map(|(n, s)| if s.arity == 0 { n.clone() } else { format!("{n}/{}", s.arity) })
            .collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CheckMode {
    /// Unknown names that do not look like variables are constants (with a note).
    #[default]
    FreeStanding,
    /// Only the signature's symbols and named objects exist.
    InGame,
}

/// Names that read as variables: `u`–`z`, optionally followed by digits or primes.
/// Unbound, they are errors rather than constants.
pub fn looks_like_variable(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some('u'..='z')) && chars.all(|c| c.is_ascii_digit() || c == '\'')
}

/// Checks statements one after another, growing the signature with the names they make.
#[derive(Clone, Debug)]
pub struct Checker {
    pub signature: Signature,
    pub mode: CheckMode,
    pub notes: Vec<FreeConstantNote>,
}

impl Checker {
    pub fn new(signature: Signature, mode: CheckMode) -> Self {
        Checker { signature, mode, notes: Vec::new() }
    }

    /// Checks one statement (the `index`-th of its board, from 0). On success, the names it
    /// makes are added to the signature; on failure nothing changes.
    pub fn check_statement(
        &mut self,
        st: &Statement,
        index: usize,
    ) -> Result<(), Vec<LanguageError>> {
        let mut pass = Pass {
            sig: self.signature.clone(),
            mode: self.mode,
            errors: Vec::new(),
            notes: Vec::new(),
            scope: Vec::new(),
        };
        match &st.kind {
            StatementKind::Formula(f) => pass.formula(f),
            StatementKind::Named { formula, name, params, target } => {
                pass.formula(formula);
                pass.naming(formula, name, params, target, index);
            }
            StatementKind::AtLeast { n }
            | StatementKind::LessThan { n }
            | StatementKind::NegatedBound { n, .. } => {
                if *n == 0 {
                    pass.errors
                        .push(LanguageError::NonPositiveCardinality { span: st.span.into() });
                }
            }
        }
        if pass.errors.is_empty() {
            self.signature = pass.sig;
            self.notes.extend(pass.notes);
            Ok(())
        } else {
            Err(pass.errors)
        }
    }
}

struct Pass {
    sig: Signature,
    mode: CheckMode,
    errors: Vec<LanguageError>,
    notes: Vec<FreeConstantNote>,
    /// Bound variables, innermost last, with where they were bound.
    scope: Vec<Ident>,
}

impl Pass {
    fn formula(&mut self, f: &Formula) {
        match &f.kind {
            FormulaKind::Atom { pred, args } => self.atom(f, pred, args),
            FormulaKind::Eq(a, b) | FormulaKind::Neq(a, b) => self.equation(f, a, b),
            FormulaKind::Not(g) => self.formula(g),
            FormulaKind::Binary { left, right, .. } => {
                self.formula(left);
                self.formula(right);
            }
            FormulaKind::Quant { var, body, .. } => {
                if let Some(outer) = self.scope.iter().find(|v| v.name == var.name) {
                    self.errors.push(LanguageError::ShadowedVariable {
                        name: var.name.clone(),
                        span: var.span.into(),
                        outer: outer.span.into(),
                    });
                } else if let Some(info) = self.sig.get(&var.name) {
                    if info.origin != SymbolOrigin::FreeConstant {
                        self.errors.push(LanguageError::VariableIsSymbol {
                            name: var.name.clone(),
                            what: info.describe().to_string(),
                            span: var.span.into(),
                        });
                    }
                }
                self.scope.push(var.clone());
                self.formula(body);
                self.scope.pop();
            }
        }
    }

    /// An unknown name that is a known one (or mixes Latin letters) written with letters of
    /// another script that look like Latin ones: `х` (Cyrillic) for the bound `x`, `hаppy`
    /// with a Cyrillic `а`. Refused, since it would silently be another symbol (issue 38).
    fn look_alike(&mut self, name: &Ident, span: miette::SourceSpan) -> bool {
        let Some(latin) = crate::util::text::latin_spelling(&name.name) else { return false };
        let mixed = name.name.chars().any(|c| c.is_ascii_alphabetic());
        let known = self.sig.get(&latin).is_some()
            || self.scope.iter().any(|v| v.name == latin)
            || looks_like_variable(&latin);
        if !(mixed || known) {
            return false;
        }
        let letters: Vec<String> = name
            .name
            .chars()
            .filter(|c| crate::util::text::looks_like_latin(*c).is_some())
            .map(|c| format!("`{c}` (U+{:04X})", c as u32))
            .collect();
        let letters = if letters.len() == 1 {
            format!("a letter of another alphabet, {}", letters[0])
        } else {
            format!("letters of another alphabet, {}", letters.join(", "))
        };
        self.errors.push(LanguageError::LookAlike {
            name: name.name.clone(),
            latin,
            letters,
            span,
        });
        true
    }

    fn atom(&mut self, f: &Formula, pred: &Ident, args: &[Term]) {
        if args.is_empty() && self.scope.iter().any(|v| v.name == pred.name) {
            self.errors.push(LanguageError::NotAStatement {
                text: pred.name.clone(),
                span: f.span.into(),
            });
            return;
        }
        match self.sig.get(&pred.name).copied() {
            None if self.look_alike(pred, pred.span.into()) => {}
            None => {
                let preds = self.sig.names_of(SymbolKind::Predicate);
                self.errors.push(LanguageError::UnknownSymbol {
                    name: pred.name.clone(),
                    position: "predicate or relation".into(),
                    span: pred.span.into(),
                    hint: Some(format!("the predicates and relations are: {}", preds.join(", "))),
                });
            }
            Some(info) if info.kind == SymbolKind::Function => {
                self.errors.push(LanguageError::NotAStatement {
                    text: application_text(&pred.name, args),
                    span: f.span.into(),
                });
            }
            Some(info) => {
                if info.arity != args.len() {
                    self.errors.push(arity_error(&pred.name, &info, args.len(), f.span));
                }
                for a in args {
                    self.term(a, Some(&pred.name));
                }
            }
        }
    }

    /// Is the term really a truth value (a predicate applied), by the signature?
    fn truth_valued(&self, t: &Term) -> bool {
        match &t.kind {
            TermKind::App { func, .. } => {
                self.sig.get(&func.name).is_some_and(|s| s.kind == SymbolKind::Predicate)
            }
            TermKind::Var(_) => false,
        }
    }

    fn equation(&mut self, f: &Formula, a: &Term, b: &Term) {
        if self.truth_valued(a) && self.truth_valued(b) {
            let op = if matches!(f.kind, FormulaKind::Eq(..)) { "↔" } else { "↔ ¬" };
            let suggestion = match op {
                "↔" => format!("{} ↔ {}", print::term(a), print::term(b)),
                _ => format!("¬({} ↔ {})", print::term(a), print::term(b)),
            };
            self.errors.push(LanguageError::TruthValuesCompared {
                text: print::formula(f, print::Style::Unicode),
                suggestion,
                span: f.span.into(),
            });
            return;
        }
        self.term(a, None);
        self.term(b, None);
    }

    /// `parent` is the predicate or function whose argument this is, for hints.
    fn term(&mut self, t: &Term, parent: Option<&str>) {
        let TermKind::App { func, args } = &t.kind else { return };
        match self.sig.get(&func.name).copied() {
            Some(info) if info.kind == SymbolKind::Predicate => {
                let (text, what) = if args.is_empty() {
                    (func.name.clone(), info.describe().to_string())
                } else {
                    (application_text(&func.name, args), "true or false".to_string())
                };
                let hint = parent.map(|p| format!("`{p}` takes objects, such as x or father(x)"));
                self.errors.push(LanguageError::NotAnObject {
                    text,
                    what,
                    span: t.span.into(),
                    hint,
                });
            }
            Some(info) => {
                if info.arity != args.len() {
                    self.errors.push(arity_error(&func.name, &info, args.len(), t.span));
                }
                for a in args {
                    self.term(a, Some(&func.name));
                }
            }
            None if self.look_alike(func, t.span.into()) => {
                for a in args {
                    self.term(a, Some(&func.name));
                }
            }
            None if !args.is_empty() => {
                let funcs = self.sig.names_of(SymbolKind::Function);
                self.errors.push(LanguageError::UnknownSymbol {
                    name: func.name.clone(),
                    position: "function".into(),
                    span: func.span.into(),
                    hint: Some(format!("the functions are: {}", funcs.join(", "))),
                });
                for a in args {
                    self.term(a, Some(&func.name));
                }
            }
            None if looks_like_variable(&func.name) => {
                self.errors.push(LanguageError::UnboundVariable {
                    name: func.name.clone(),
                    span: t.span.into(),
                });
            }
            None => match self.mode {
                CheckMode::FreeStanding => {
                    self.notes
                        .push(FreeConstantNote { name: func.name.clone(), span: t.span.into() });
                    self.sig.add(&func.name, SymbolKind::Function, 0, SymbolOrigin::FreeConstant);
                }
                CheckMode::InGame => self.errors.push(LanguageError::UnknownSymbol {
                    name: func.name.clone(),
                    position: "name".into(),
                    span: t.span.into(),
                    hint: Some(
                        "in a game only named objects exist: name one with `∃!x … | name := x`"
                            .into(),
                    ),
                }),
            },
        }
    }

    fn naming(
        &mut self,
        f: &Formula,
        name: &Ident,
        params: &[Ident],
        target: &Ident,
        index: usize,
    ) {
        let (prefix, _) = f.prefix();
        let foralls: Vec<&Ident> =
            prefix.iter().take_while(|(q, _)| *q == Quantifier::Forall).map(|(_, v)| *v).collect();
        let shape_hint = Some(
            "write ∃!x φ | name := x, or ∀x ∃!y φ | name(x) := y (one parameter per ∀ before ∃!)"
                .to_string(),
        );
        match prefix.get(foralls.len()) {
            Some((Quantifier::ExistsUnique, unique)) => {
                if target.name != unique.name {
                    self.errors.push(LanguageError::BadNaming {
                        message: format!("the name must stand for the ∃! variable `{}`", unique.name),
                        span: target.span.into(),
                        hint: Some(format!("end the statement with `:= {}`", unique.name)),
                    });
                }
                let wanted: Vec<&str> = foralls.iter().map(|v| v.name.as_str()).collect();
                let given: Vec<&str> = params.iter().map(|v| v.name.as_str()).collect();
                if wanted != given {
                    let shown = if wanted.is_empty() {
                        name.name.clone()
                    } else {
                        format!("{}({})", name.name, wanted.join(", "))
                    };
                    let span = params.first().map(|p| p.span.to(params.last().unwrap().span)).unwrap_or(name.span);
                    self.errors.push(LanguageError::BadNaming {
                        message: format!(
                            "`{}` must take exactly the ∀-variables before ∃!, in order",
                            name.name
                        ),
                        span: span.into(),
                        hint: Some(format!("write `| {shown} := {}`", unique.name)),
                    });
                }
            }
            Some((Quantifier::Exists, _)) => self.errors.push(LanguageError::BadNaming {
                message: "a name can be given only to a ∃! that comes first or right after ∀s"
                    .into(),
                span: f.span.into(),
                hint: Some(
                    "after an ∃ the named object would depend on a choice; umpire does not allow it"
                        .into(),
                ),
            }),
            _ => self.errors.push(LanguageError::BadNaming {
                message: "only a statement that starts with ∃! (after any ∀s) can name something".into(),
                span: f.span.into(),
                hint: shape_hint,
            }),
        }
        if let Some(info) = self.sig.get(&name.name) {
            let what = match info.origin {
                SymbolOrigin::Builtin => format!("it is {} of the game", info.describe()),
                SymbolOrigin::Named { statement } => format!("statement {statement} named it"),
                SymbolOrigin::FreeConstant => "it is used as an unnamed constant".to_string(),
            };
            self.errors.push(LanguageError::NameTaken {
                name: name.name.clone(),
                what,
                span: name.span.into(),
            });
        } else if self.look_alike(name, name.span.into()) {
        } else if let Some(other) =
            self.sig.symbols.keys().find(|k| {
                crate::util::text::latin_spelling(k).is_some_and(|latin| latin == name.name)
            })
        {
            // The other way round: a Latin name beside one that looks the same in letters
            // of another alphabet; two names the table cannot tell apart.
            self.errors.push(LanguageError::NameTaken {
                name: name.name.clone(),
                what: format!(
                    "`{other}`, written with letters of another alphabet, looks the same"
                ),
                span: name.span.into(),
            });
        } else if looks_like_variable(&name.name) {
            self.errors.push(LanguageError::BadNaming {
                message: format!("`{}` reads as a variable, so it cannot be a name", name.name),
                span: name.span.into(),
                hint: Some("choose a word, such as `blondie` or `liker`".into()),
            });
        } else if self.errors.is_empty() {
            self.sig.add(
                &name.name,
                SymbolKind::Function,
                params.len(),
                SymbolOrigin::Named { statement: index + 1 },
            );
        }
    }
}

fn application_text(name: &str, args: &[Term]) -> String {
    if args.is_empty() {
        return name.to_string();
    }
    let args: Vec<String> = args.iter().map(print::term).collect();
    format!("{name}({})", args.join(", "))
}

fn count(n: usize) -> String {
    match n {
        0 => "no arguments".into(),
        1 => "one argument".into(),
        2 => "two arguments".into(),
        3 => "three arguments".into(),
        n => format!("{n} arguments"),
    }
}

fn arity_error(name: &str, info: &SymbolInfo, found: usize, span: Span) -> LanguageError {
    let hint = match (info.kind, info.arity) {
        (SymbolKind::Predicate, 2) => {
            Some(format!("{name}(x, y) relates two objects: x and whom?"))
        }
        (SymbolKind::Predicate, 1) => Some(format!("{name}(x) says something of one object x")),
        (SymbolKind::Function, 1) => Some(format!("{name}(x) is the object it gives for x")),
        (SymbolKind::Function, 2) if name == PLUS => Some("write x + y".into()),
        _ => None,
    };
    LanguageError::WrongArity {
        name: name.to_string(),
        expected: count(info.arity),
        found: count(found),
        span: span.into(),
        hint,
    }
}
