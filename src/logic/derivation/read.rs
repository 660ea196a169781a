//! Reads a derivation's text: one line per formula, `FORMULA :RULE CITATIONS`, subproofs by
//! indentation (`grammar/derivation.ebnf`). Every problem is reported with its span, all of
//! them together; nothing here panics or loops on any input.

use super::{Body, Citation, Derivation, Line, Rule, Subproof};
use crate::logic::ast::Span;
use crate::logic::ast::{Statement, StatementKind};
use crate::logic::check::{CheckMode, Checker, Signature, SymbolKind, SymbolOrigin};
use crate::logic::diagnostics::{LanguageError, Report};
use crate::logic::parse::parse_statement_at;

/// The most lines a derivation may have: a table's arguments are tens of lines; past this,
/// the text is refused before it is read (a bound on the work of every later step).
pub const MAX_DERIVATION_LINES: usize = 2_000;
/// The deepest nesting of subproofs.
pub const MAX_DEPTH: usize = 64;
/// The most bytes a derivation's text may have.
pub const MAX_DERIVATION_BYTES: usize = 256 << 10;

/// Why a derivation cannot be read: every problem found, pointing into the text.
pub type DerivationError = Report;

/// Reads and checks a derivation named `name` (for messages). Each statement is checked
/// against the game's signature on its own (names made by `∃!` are constants here).
pub fn read(name: &str, text: &str) -> Result<Derivation, DerivationError> {
    read_against(name, text, &[])
}

/// Reads a derivation about `board`: the functions its naming statements make
/// (`∀x∃!y likes(x, y) | best(x) := y`) may be used, as may those the derivation's own
/// naming lines make, in the lines after them.
pub fn read_against(
    name: &str,
    text: &str,
    board: &[Statement],
) -> Result<Derivation, DerivationError> {
    let text = crate::util::text::as_read(text).into_owned();
    let functions = board.iter().filter_map(made_function).collect();
    let mut reader = Reader { text: &text, errors: Vec::new(), functions };
    let lines = reader.lines();
    if reader.errors.is_empty() {
        Ok(Derivation { text: text.clone(), lines: lines.0, subproofs: lines.1 })
    } else {
        Err(Report::new(name, &text, reader.errors))
    }
}

struct Reader<'t> {
    text: &'t str,
    errors: Vec<LanguageError>,
    /// Functions made by naming statements so far (the board's, then the lines'), with
    /// their arities: a later line may use them.
    functions: Vec<(String, usize)>,
}

/// The function a naming statement makes, if it makes one (a name with parameters).
fn made_function(st: &Statement) -> Option<(String, usize)> {
    match &st.kind {
        StatementKind::Named { name, params, .. } if !params.is_empty() => {
            Some((name.name.clone(), params.len()))
        }
        _ => None,
    }
}

/// A subproof still open while reading: its index and the indentation of its lines.
struct Open {
    subproof: usize,
    indent: usize,
}

fn error(message: impl Into<String>, span: Span, hint: Option<&str>) -> LanguageError {
    LanguageError::Syntax {
        message: message.into(),
        span: span.into(),
        hint: hint.map(str::to_string),
    }
}

impl<'t> Reader<'t> {
    // Long by design: one pass over the lines in which indentation opens and closes
    // subproofs as it goes; the stack of open subproofs is the state every step shares.
    fn lines(&mut self) -> (Vec<Line>, Vec<Subproof>) {
        let text = self.text;
        if text.len() > MAX_DERIVATION_BYTES {
            self.errors.push(error(
                format!("the derivation has {} bytes; at most {MAX_DERIVATION_BYTES} are read", text.len()),
                Span::new(0, 0),
                Some("a derivation at the table has tens of lines: split it, or use `by` for the routine steps"),
            ));
            return (Vec::new(), Vec::new());
        }
        let mut lines: Vec<Line> = Vec::new();
        let mut subproofs: Vec<Subproof> = Vec::new();
        let mut open: Vec<Open> = Vec::new();
        // The top level is the least indentation of any line: a derivation of a theorem
        // may start with a subproof, indented (as Carnap writes it).
        let base_indent = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|l| indentation(&l[..l.len() - l.trim_start().len()]))
            .min()
            .unwrap_or(0);
        let mut depth_refused = false;
        // After a separator the next line must open the next subproof at that indentation.
        let mut after_separator: Option<(usize, Span)> = None;
        let mut offset = 0;
        for raw in text.split_inclusive('\n') {
            let start = offset;
            offset += raw.len();
            let content = raw.trim_end_matches(['\n', '\r']);
            let trimmed = content.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if lines.len() == MAX_DERIVATION_LINES {
                self.errors.push(error(
                    format!("more than {MAX_DERIVATION_LINES} lines"),
                    Span::new(start, start + content.len()),
                    Some("a derivation at the table has tens of lines: use `by` for the routine steps"),
                ));
                break;
            }
            let indent = indentation(&content[..content.len() - trimmed.len()]);
            let lead = start + content.len() - trimmed.len();
            let whole = Span::new(lead, start + content.len());
            let number = lines.len() + 1;
            let separator = trimmed.chars().all(|c| c == '-') && trimmed.len() >= 2;
            let parsed = if separator { None } else { Some(self.line_parts(trimmed, lead)) };
            // Read from the justification alone, so that a line whose formula does not
            // parse still opens its subproof (no follow-on errors on the lines after it).
            let is_assumption = !separator
                && justification_start(trimmed).is_some_and(|c| {
                    rule_named(trimmed[c + 1..].split_whitespace().next().unwrap_or(""))
                        == Some(Rule::Assumption)
                });

            // Where the line stands: close what its indentation leaves, open what it starts.
            let current = open.last().map_or(base_indent, |o| o.indent);
            if indent > current {
                if !is_assumption && !separator {
                    self.errors.push(error(
                        "this line is indented deeper, but a subproof opens with an assumption `:AS`",
                        whole,
                        Some("indent only the lines of a subproof, starting with its assumption"),
                    ));
                }
            } else if indent < current {
                while open.last().is_some_and(|o| o.indent > indent) {
                    let o = open.pop().expect("checked");
                    subproofs[o.subproof].last = number - 1;
                }
                let now = open.last().map_or(base_indent, |o| o.indent);
                if now != indent {
                    self.errors.push(error(
                        "this indentation matches no open subproof",
                        whole,
                        Some("return to the indentation of an open subproof, or of the top level"),
                    ));
                }
            }
            let current = open.last().map_or(base_indent, |o| o.indent);
            if let Some((at, sep)) = after_separator.take() {
                if !(is_assumption && indent == at) {
                    self.errors.push(error(
                        "after `--` the next subproof opens, with an assumption `:AS` at the same indentation",
                        sep,
                        None,
                    ));
                }
            }
            if separator {
                // The separator closes the subproof at its indentation (if one is open there).
                if open.last().is_some_and(|o| o.indent == indent) {
                    let o = open.pop().expect("checked");
                    subproofs[o.subproof].last = number - 1;
                    after_separator = Some((indent, whole));
                } else {
                    self.errors.push(error(
                        "`--` separates two subproofs at one depth, but no subproof is open here",
                        whole,
                        None,
                    ));
                }
            } else if is_assumption {
                if indent == current && !open.is_empty() && indent > base_indent {
                    // A new assumption at the depth of an open subproof closes it.
                    let o = open.pop().expect("checked");
                    subproofs[o.subproof].last = number - 1;
                }
                if indent <= base_indent {
                    self.errors.push(error(
                        "an assumption opens a subproof: indent it deeper than the lines around it",
                        whole,
                        Some("write the subproof's lines, from its `:AS` line on, indented"),
                    ));
                } else if open.len() >= MAX_DEPTH {
                    // Said once: every line past it would say the same.
                    if !std::mem::replace(&mut depth_refused, true) {
                        self.errors.push(error(
                            format!("subproofs nested more than {MAX_DEPTH} deep"),
                            whole,
                            None,
                        ));
                    }
                } else {
                    subproofs.push(Subproof {
                        first: number,
                        last: number,
                        parent: open.last().map(|o| o.subproof),
                    });
                    open.push(Open { subproof: subproofs.len() - 1, indent });
                }
            }
            let within: Vec<usize> = open.iter().map(|o| o.subproof).collect();
            let line = match parsed {
                None => Line {
                    number,
                    body: Body::Separator,
                    rule: None,
                    rule_written: String::new(),
                    citations: Vec::new(),
                    within,
                    span: whole,
                    body_span: whole,
                },
                Some(None) => continue_with_placeholder(number, within, whole),
                Some(Some(p)) => Line {
                    number,
                    body: p.body,
                    rule: p.rule,
                    rule_written: p.rule_written,
                    citations: p.citations,
                    within,
                    span: whole,
                    body_span: p.body_span,
                },
            };
            lines.push(line);
        }
        let end = lines.len();
        for o in open {
            subproofs[o.subproof].last = end;
        }
        if let Some((_, sep)) = after_separator {
            self.errors.push(error("the derivation ends after `--`", sep, None));
        }
        if lines.is_empty() && self.errors.is_empty() {
            self.errors.push(error(
                "the derivation has no lines",
                Span::new(0, 0),
                Some("write one line per formula: `happy(a) :→E 1, 2`"),
            ));
        }
        (lines, subproofs)
    }

    /// A line's formula, rule and citations; `None` (with the errors noted) when unreadable.
    fn line_parts(&mut self, line: &'t str, at: usize) -> Option<Parts> {
        let Some(colon) = justification_start(line) else {
            self.errors.push(error(
                "this line has no justification",
                Span::new(at, at + line.len()),
                Some("end each line with ` :RULE` and what it cites, e.g. `happy(a) :→E 1, 2` or `:PR`"),
            ));
            return None;
        };
        let formula = line[..colon].trim_end();
        let justification = &line[colon + 1..];
        let body_span = Span::new(at, at + formula.len());
        let rule_text = justification.split_whitespace().next().unwrap_or("");
        let rule_at = at + colon + 1 + (justification.len() - justification.trim_start().len());
        let rule_span = Span::new(rule_at, rule_at + rule_text.len());
        let rule = rule_named(rule_text);
        if rule.is_none() {
            self.errors.push(error(
                if rule_text.is_empty() {
                    "the justification names no rule".to_string()
                } else {
                    format!("`{}` is not a rule", crate::util::text::shorten(rule_text))
                },
                rule_span,
                Some(RULES_HINT),
            ));
        }
        let rest_at = rule_at + rule_text.len();
        let citations = self.citations(&line[rest_at - at..], rest_at);
        let body = match formula {
            "" => {
                self.errors.push(error(
                    "the line has a justification but no formula",
                    Span::new(at, at + colon + 1),
                    Some("write the formula before ` :`"),
                ));
                return None;
            }
            "⊥" | "_|_" | "!?" => Body::Bottom,
            _ => match parse_statement_at(self.text, formula) {
                Ok(st) => {
                    // The game's symbols and the functions made so far, but not the one this
                    // line makes (a line may repeat a naming statement).
                    let made = made_function(&st);
                    let mut signature = Signature::game();
                    for (f, arity) in &self.functions {
                        if made.as_ref().is_none_or(|(m, _)| m != f) {
                            signature.add(f, SymbolKind::Function, *arity, SymbolOrigin::Builtin);
                        }
                    }
                    let mut checker = Checker::new(signature, CheckMode::FreeStanding);
                    if let Err(mut es) = checker.check_statement(&st, 0) {
                        self.errors.append(&mut es);
                        return None;
                    }
                    if let Some(f) = made.filter(|m| !self.functions.contains(m)) {
                        self.functions.push(f);
                    }
                    Body::Statement(st)
                }
                Err(e) => {
                    self.errors.push(e);
                    return None;
                }
            },
        };
        Some(Parts {
            body,
            rule,
            rule_written: rule_text.to_string(),
            citations: citations?,
            body_span,
        })
    }

    /// `1, 3-5 (2)`: numbers, ranges and board statements, separated by commas or spaces.
    fn citations(&mut self, text: &str, at: usize) -> Option<Vec<Citation>> {
        let mut out = Vec::new();
        let mut ok = true;
        let mut pos = 0;
        for piece in text.split([',', ' ', '\t']) {
            let start = at + pos;
            pos += piece.len() + 1;
            if piece.is_empty() {
                continue;
            }
            let span = Span::new(start, start + piece.len());
            match citation(piece, span) {
                Some(c) => out.push(c),
                None => {
                    ok = false;
                    self.errors.push(error(
                        format!("`{}` is not a citation", crate::util::text::shorten(piece)),
                        span,
                        Some("cite a line `4`, a subproof `3-6`, or a board statement `(2)`"),
                    ));
                }
            }
        }
        ok.then_some(out)
    }
}

/// A line that could not be read still takes its number (so the lines after it keep the
/// numbers their author sees); it is never judged, since the whole text is refused.
fn continue_with_placeholder(number: usize, within: Vec<usize>, span: Span) -> Line {
    Line {
        number,
        body: Body::Bottom,
        rule: None,
        rule_written: String::new(),
        citations: Vec::new(),
        within,
        span,
        body_span: span,
    }
}

struct Parts {
    body: Body,
    rule: Option<Rule>,
    rule_written: String,
    citations: Vec<Citation>,
    body_span: Span,
}

const RULES_HINT: &str = "the rules: PR AS R ∧I ∧E ∨I ∨E →I →E ↔I ↔E ¬I ¬E IP X ∀I ∀E ∃I ∃E =I =E \
                          DS MT DNE LEM DeM CQ by (ASCII: &I /\\E vI \\/E ->I <->E ~I AI AE EI EE …)";

/// Columns of leading whitespace: a tab counts as four.
fn indentation(lead: &str) -> usize {
    lead.chars().map(|c| if c == '\t' { 4 } else { 1 }).sum()
}

/// Where the justification starts: the last ` :` (or tab-colon) that is not a naming
/// statement's `:=` (the rules `:=I` and `:=E` are justifications); a line may also be a
/// bare `:RULE` only when it has no formula (an error reported later).
fn justification_start(line: &str) -> Option<usize> {
    let bytes = line.as_bytes();
    let equality_rule = |i: usize| {
        matches!(bytes.get(i + 2), Some(b'I' | b'E' | b'i' | b'e'))
            && bytes.get(i + 3).is_none_or(|b| b.is_ascii_whitespace())
    };
    (0..bytes.len())
        .rev()
        .find(|&i| {
            bytes[i] == b':'
                && (i == 0 || bytes[i - 1] == b' ' || bytes[i - 1] == b'\t')
                && (bytes.get(i + 1) != Some(&b'=') || equality_rule(i))
        })
        // `happy(a):PR`, without the space: a colon followed by a rule's name.
        .or_else(|| {
            (0..bytes.len()).rev().find(|&i| {
                bytes[i] == b':'
                    && line.is_char_boundary(i + 1)
                    && rule_named(line[i + 1..].split_whitespace().next().unwrap_or("")).is_some()
            })
        })
}

fn citation(piece: &str, span: Span) -> Option<Citation> {
    let number = |s: &str| -> Option<usize> {
        (!s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    if let Some(inner) = piece.strip_prefix('(').and_then(|p| p.strip_suffix(')')) {
        return number(inner).map(|k| Citation::Board { k, span });
    }
    for dash in ['-', '–', '—'] {
        if let Some((a, b)) = piece.split_once(dash) {
            return Some(Citation::Range { first: number(a)?, last: number(b)?, span });
        }
    }
    number(piece).map(|n| Citation::Line { number: n, span })
}

/// The rule a justification names, Unicode or ASCII (letters in any case).
pub fn rule_named(written: &str) -> Option<Rule> {
    let w = written.to_ascii_uppercase();
    let w = w
        .replace('∧', "&")
        .replace("/\\", "&")
        .replace('∨', "V")
        .replace("\\/", "V")
        .replace('|', "V")
        .replace('↔', "<->")
        .replace(['→', '⇒', '⊃'], "->")
        .replace('¬', "~")
        .replace('∀', "A")
        .replace('∃', "E");
    Some(match w.as_str() {
        "PR" | "P" | "PREMISE" => Rule::Premise,
        "AS" | "A" | "ASSUMPTION" => Rule::Assumption,
        "R" => Rule::Reiteration,
        "&I" => Rule::AndIntro,
        "&E" => Rule::AndElim,
        "VI" => Rule::OrIntro,
        "VE" => Rule::OrElim,
        "->I" => Rule::IfIntro,
        "->E" => Rule::IfElim,
        "<->I" => Rule::IffIntro,
        "<->E" => Rule::IffElim,
        "~I" | "-I" => Rule::NotIntro,
        "~E" | "-E" => Rule::NotElim,
        "IP" => Rule::IndirectProof,
        "X" => Rule::Explosion,
        "AI" => Rule::AllIntro,
        "AE" => Rule::AllElim,
        "EI" => Rule::SomeIntro,
        "EE" => Rule::SomeElim,
        "=I" => Rule::EqIntro,
        "=E" => Rule::EqElim,
        "DS" => Rule::DisjunctiveSyllogism,
        "MT" => Rule::ModusTollens,
        "DNE" => Rule::DoubleNegationElim,
        "LEM" => Rule::ExcludedMiddle,
        "DEM" => Rule::DeMorgan,
        "CQ" => Rule::QuantifierConversion,
        "BY" => Rule::By,
        _ => return None,
    })
}
