//! The proof object every refutation engine hands over: the ground clauses a refutation
//! needs, each tied to where it comes from, self-contained (terms are trees, not ids into a
//! prover's tables), so that the independent checker ([`check`]) and a player can read it
//! without the prover that found it.

pub mod check;
pub mod clausify;
pub mod drat;
pub mod ground;
pub mod saturation;
pub mod terms;

use crate::logic::clauses::{Atom, Literal, Meaning, Origin, Part, Role, SymId, Term, Vocabulary};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// A symbol as the proof shows it, with what it stands for when it is not the board's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofSymbol {
    /// The clause set's name (unique, ASCII-safe): what TSTP output uses.
    pub name: String,
    /// The name players read: the board's own name, or for an object a statement asserts,
    /// its variable with the statement's number (`x₃`: the x of (3)).
    pub shown: String,
    pub arity: usize,
    /// "the x that (2) asserts", "part of (3)"; none for the board's own symbols.
    pub note: Option<String>,
    /// Whether it stands for a truth value (a predicate) rather than an object.
    pub predicate: bool,
    /// What a symbol the clausifier made stands for; none for the board's own symbols
    /// (whose names the checker finds in the board's signature) and for an extra object.
    pub meaning: Option<Meaning>,
}

/// `3` as `₃`.
fn subscript(n: usize) -> String {
    n.to_string()
        .chars()
        .map(|c| char::from_u32('₀' as u32 + c.to_digit(10).unwrap_or(0)).unwrap_or(c))
        .collect()
}

/// `31` as `³¹` (Unicode puts ¹ ² ³ apart from the other superscript digits).
fn superscript(n: usize) -> String {
    n.to_string()
        .chars()
        .map(|c| match c.to_digit(10).unwrap_or(0) {
            1 => '¹',
            2 => '²',
            3 => '³',
            d => char::from_u32('⁰' as u32 + d).unwrap_or(c),
        })
        .collect()
}

/// The mark that tells the `n`th object sharing a name from the first: `′`, `″`, `‴`,
/// then `⁽⁴⁾` and on.
fn distinction(n: usize) -> String {
    match n {
        1 => "′".into(),
        2 => "″".into(),
        3 => "‴".into(),
        _ => format!("⁽{}⁾", superscript(n)),
    }
}

impl ProofSymbol {
    pub fn of(vocabulary: &Vocabulary) -> Vec<ProofSymbol> {
        let mut taken: BTreeSet<String> = vocabulary
            .symbols
            .iter()
            .filter(|s| matches!(s.role, Role::Given(_)))
            .map(|s| s.name.clone())
            .collect();
        vocabulary
            .symbols
            .iter()
            .map(|s| {
                let (shown, note) = match &s.role {
                    Role::Given(_) => (s.name.clone(), None),
                    Role::Skolem { origin, var, of } => {
                        let k = origin.statement;
                        let note = match (origin.part, of.is_empty()) {
                            (Part::Negation, true) => {
                                format!("{} {var} for which ({k}) fails", article(var))
                            }
                            (Part::Negation, false) => format!(
                                "given {}, the {var} that the negation of ({k}) asserts",
                                of.join(", ")
                            ),
                            (_, true) => format!("the {var} that ({k}) asserts"),
                            (_, false) => {
                                format!("the {var} that ({k}) gives for {}", of.join(", "))
                            }
                        };
                        (format!("{var}{}", subscript(k)), Some(note))
                    }
                    Role::Definition { origin } => (
                        format!("part{}", subscript(origin.statement)),
                        Some(format!("an abbreviation for part of ({})", origin.statement)),
                    ),
                };
                // Two objects of one statement may share a letter: primes tell them apart, up
                // to three, then a number (a large formula may need thirty abbreviations).
                let mut unique = shown.clone();
                if !matches!(s.role, Role::Given(_)) {
                    let mut n = 0;
                    while !taken.insert(unique.clone()) {
                        n += 1;
                        unique = format!("{shown}{}", distinction(n));
                    }
                }
                ProofSymbol {
                    name: s.name.clone(),
                    shown: unique,
                    arity: s.arity,
                    note,
                    predicate: s.predicate,
                    meaning: s.meaning.clone(),
                }
            })
            .collect()
    }

    /// An object a prover adds because the statements name none (the domain is never
    /// empty): it stands for no particular object.
    pub fn object(name: String) -> ProofSymbol {
        ProofSymbol {
            shown: name.clone(),
            name,
            arity: 0,
            note: None,
            predicate: false,
            meaning: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// Clause `clause` of the statement's clauses, with its variables replaced.
    Instance { clause: usize, origin: Origin, variables: Vec<String>, substitution: Vec<Term> },
    /// `|L| < n` for these n terms: two of them are equal.
    Bound { origin: Origin, terms: Vec<Term> },
    /// A fact about equality alone (congruence): true in every structure.
    Equality,
    /// A clause that follows from the earlier steps `from` (numbered from 0) in one round:
    /// were each of its literals false, those steps would force a contradiction by unit
    /// propagation alone. A saturation prover's inferences, grounded, are such steps.
    Derived { from: Vec<usize> },
}

/// One ground clause of the refutation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub kind: StepKind,
    pub literals: Vec<Literal>,
}

#[derive(Clone, Debug)]
pub struct Proof {
    pub steps: Vec<Step>,
    pub symbols: Vec<ProofSymbol>,
    /// An object the prover added because the statements name none (the domain is never
    /// empty, so "some object" exists).
    pub extra_constant: Option<SymId>,
}

impl Proof {
    /// The statements the contradiction uses.
    pub fn statements(&self) -> BTreeSet<usize> {
        self.steps
            .iter()
            .filter_map(|s| match &s.kind {
                StepKind::Instance { origin, .. } | StepKind::Bound { origin, .. } => {
                    Some(origin.statement)
                }
                StepKind::Equality | StepKind::Derived { .. } => None,
            })
            .collect()
    }

    /// The statements whose negation the contradiction uses (a claimed redundancy's
    /// statement, supposed false). None when the others contradict each other by themselves.
    pub fn negated_statements(&self) -> BTreeSet<usize> {
        self.steps
            .iter()
            .filter_map(|s| match &s.kind {
                // A size bound's negation is a bound too (`|L| ≥ 2` supposed false is
                // `|L| < 2`): its steps use the claim as much as an instance does.
                StepKind::Instance { origin, .. } | StepKind::Bound { origin, .. }
                    if origin.part == Part::Negation =>
                {
                    Some(origin.statement)
                }
                _ => None,
            })
            .collect()
    }

    pub fn term(&self, t: &Term) -> String {
        Names(&self.symbols).term(t)
    }

    pub fn literal(&self, l: &Literal) -> String {
        Names(&self.symbols).literal(l)
    }

    pub fn clause(&self, literals: &[Literal]) -> String {
        Names(&self.symbols).clause(literals)
    }

    /// Where step `i` comes from, in words: "(2) with x := a", "equality".
    pub fn source(&self, step: &Step) -> String {
        match &step.kind {
            StepKind::Instance { origin, variables, substitution, .. } => {
                let what = match origin.part {
                    Part::Statement => format!("({})", origin.statement),
                    Part::Negation => format!("the negation of ({})", origin.statement),
                    Part::NameDefinition => {
                        format!("what the name in ({}) means", origin.statement)
                    }
                };
                if substitution.is_empty() {
                    what
                } else {
                    let binds: Vec<String> = variables
                        .iter()
                        .zip(substitution)
                        .map(|(v, t)| format!("{v} := {}", self.term(t)))
                        .collect();
                    format!("{what} with {}", binds.join(", "))
                }
            }
            StepKind::Bound { origin, terms } => format!(
                "({}) allows fewer than {} objects, so two of {} are equal",
                origin.statement,
                terms.len(),
                terms.iter().map(|t| self.term(t)).collect::<Vec<_>>().join(", ")
            ),
            StepKind::Equality => "equals can replace equals".into(),
            StepKind::Derived { from } => {
                format!(
                    "from {}",
                    from.iter().map(|k| format!("[{}]", k + 1)).collect::<Vec<_>>().join(", ")
                )
            }
        }
    }

    /// The symbols of the proof that are not the board's, with what they stand for.
    pub fn legend(&self) -> Vec<String> {
        legend(&self.symbols, self.steps.iter().flat_map(|s| &s.literals), self.extra_constant)
    }

    /// The numbered steps, for players.
    pub fn text(&self, refutation: &[String]) -> String {
        let mut out = String::new();
        let negated = self.negated_statements();
        let others: Vec<String> = self
            .statements()
            .iter()
            .filter(|s| !negated.contains(s))
            .map(|s| format!("({s})"))
            .collect();
        let others =
            if others.is_empty() { "equality alone".to_string() } else { others.join(", ") };
        match negated.iter().next() {
            Some(k) => out.push_str(&format!(
                "Suppose ({k}) were false; with {others} that is impossible:\n"
            )),
            None if self.statements().len() == 1 => {
                out.push_str(&format!("{others} cannot hold:\n"));
            }
            None => out.push_str(&format!("{others} cannot all hold:\n")),
        }
        for line in self.legend() {
            out.push_str(&format!("  where {line}\n"));
        }
        for (i, step) in self.steps.iter().enumerate() {
            out.push_str(&format!(
                "  [{}] {}: {}\n",
                i + 1,
                self.source(step),
                self.clause(&step.literals)
            ));
        }
        for line in refutation {
            out.push_str(&format!("  {line}\n"));
        }
        out
    }
}

impl Proof {
    /// The proof as a TSTP-style derivation: one `cnf(…, plain, clause, inference(…))` line a
    /// step, then the refutation; `parents[k - 1]` names statement k in the problem file.
    pub fn tstp(&self, parents: &[String]) -> String {
        use crate::logic::tptp::symbol;
        let names = Names(&self.symbols);
        let mut out = String::new();
        for (i, step) in self.steps.iter().enumerate() {
            let clause = names.tstp_clause(&step.literals);
            let inference = match &step.kind {
                StepKind::Instance { origin, .. } => {
                    let parent = parents
                        .get(origin.statement - 1)
                        .cloned()
                        .unwrap_or_else(|| format!("s{}", origin.statement));
                    let rule = match origin.part {
                        Part::Statement => "instantiate",
                        Part::Negation => "instantiate_negated_conjecture",
                        Part::NameDefinition => "instantiate_definition",
                    };
                    format!("inference({rule},[status(thm)],[{}])", symbol(&parent))
                }
                StepKind::Bound { origin, .. } => {
                    format!("inference(cardinality,[status(thm)],[s{}])", origin.statement)
                }
                StepKind::Equality => "inference(congruence,[status(thm)],[])".to_string(),
                StepKind::Derived { from } => {
                    format!(
                        "inference(unit_propagation,[status(thm)],[{}])",
                        from.iter().map(|k| format!("c{}", k + 1)).collect::<Vec<_>>().join(",")
                    )
                }
            };
            out.push_str(&format!("cnf(c{},plain,{clause},{inference}).\n", i + 1));
        }
        let all: Vec<String> = (1..=self.steps.len()).map(|i| format!("c{i}")).collect();
        out.push_str(&format!(
            "cnf(c{},plain,$false,inference(ground_refutation,[status(thm)],[{}])).\n",
            self.steps.len() + 1,
            all.join(",")
        ));
        out
    }
}

/// What the symbols these literals use stand for, where the board does not name them: "x₂:
/// the x that (2) asserts"; `extra` is an object a prover added (the domain is never empty).
pub fn legend<'l>(
    symbols: &[ProofSymbol],
    literals: impl Iterator<Item = &'l Literal>,
    extra: Option<SymId>,
) -> Vec<String> {
    fn term(t: &Term, used: &mut BTreeSet<SymId>) {
        if let Term::App(f, args) = t {
            used.insert(*f);
            args.iter().for_each(|a| term(a, used));
        }
    }
    let mut used = BTreeSet::new();
    for l in literals {
        match &l.atom {
            Atom::Pred(p, args) => {
                used.insert(*p);
                args.iter().for_each(|a| term(a, &mut used));
            }
            Atom::Eq(a, b) => {
                term(a, &mut used);
                term(b, &mut used);
            }
        }
    }
    let mut out = Vec::new();
    for id in used {
        let s = &symbols[id];
        let called = if s.arity == 0 { s.shown.clone() } else { format!("{}(…)", s.shown) };
        if let Some(note) = &s.note {
            out.push(format!("{called}: {note}"));
        } else if Some(id) == extra {
            out.push(format!("{called}: any object (there is at least one)"));
        }
    }
    out
}

/// How a clause set's symbols are written: the names players read, and TSTP's.
#[derive(Clone, Copy)]
pub struct Names<'a>(pub &'a [ProofSymbol]);

impl Names<'_> {
    pub fn term(&self, t: &Term) -> String {
        let s = self.subterm(t);
        match s.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            Some(inner) if matches!(t, Term::App(f, args) if args.len() == 2 && self.0[*f].name == "+") => {
                inner.to_string()
            }
            _ => s,
        }
    }

    /// A term as an argument: `+` in parentheses.
    fn subterm(&self, t: &Term) -> String {
        match t {
            Term::Var(v) => format!("X{v}"),
            Term::App(f, args) => {
                let name = &self.0[*f].shown;
                match args.len() {
                    0 => name.clone(),
                    2 if name == "+" => {
                        format!("({} + {})", self.subterm(&args[0]), self.subterm(&args[1]))
                    }
                    _ => format!(
                        "{name}({})",
                        args.iter().map(|a| self.term(a)).collect::<Vec<_>>().join(", ")
                    ),
                }
            }
        }
    }

    pub fn literal(&self, l: &Literal) -> String {
        match &l.atom {
            Atom::Eq(a, b) => {
                format!("{} {} {}", self.term(a), if l.positive { "=" } else { "≠" }, self.term(b))
            }
            Atom::Pred(p, args) => {
                let text = format!(
                    "{}({})",
                    self.0[*p].shown,
                    args.iter().map(|a| self.term(a)).collect::<Vec<_>>().join(", ")
                );
                if l.positive {
                    text
                } else {
                    format!("¬{text}")
                }
            }
        }
    }

    pub fn clause(&self, literals: &[Literal]) -> String {
        if literals.is_empty() {
            "⊥".into()
        } else {
            literals.iter().map(|l| self.literal(l)).collect::<Vec<_>>().join(" ∨ ")
        }
    }

    fn tstp_term(&self, t: &Term) -> String {
        use crate::logic::tptp::symbol;
        match t {
            Term::Var(v) => format!("X{v}"),
            Term::App(f, args) if args.is_empty() => symbol(&self.0[*f].name),
            Term::App(f, args) => format!(
                "{}({})",
                symbol(&self.0[*f].name),
                args.iter().map(|a| self.tstp_term(a)).collect::<Vec<_>>().join(",")
            ),
        }
    }

    fn tstp_literal(&self, l: &Literal) -> String {
        use crate::logic::tptp::symbol;
        match &l.atom {
            Atom::Eq(a, b) => format!(
                "{} {} {}",
                self.tstp_term(a),
                if l.positive { "=" } else { "!=" },
                self.tstp_term(b)
            ),
            Atom::Pred(q, args) => {
                let a = if args.is_empty() {
                    symbol(&self.0[*q].name)
                } else {
                    format!(
                        "{}({})",
                        symbol(&self.0[*q].name),
                        args.iter().map(|a| self.tstp_term(a)).collect::<Vec<_>>().join(",")
                    )
                };
                if l.positive {
                    a
                } else {
                    format!("~ {a}")
                }
            }
        }
    }

    /// A clause in TSTP syntax (`$false` when empty).
    pub fn tstp_clause(&self, literals: &[Literal]) -> String {
        if literals.is_empty() {
            "$false".to_string()
        } else {
            literals.iter().map(|l| self.tstp_literal(l)).collect::<Vec<_>>().join(" | ")
        }
    }
}

impl Serialize for Proof {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let steps: Vec<Value> = self
            .steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                let mut v = json!({
                    "step": i + 1,
                    "from": self.source(step),
                    "clause": self.clause(&step.literals),
                });
                match &step.kind {
                    StepKind::Instance { origin, variables, substitution, .. } => {
                        v["kind"] = json!("instance");
                        v["statement"] = json!(origin.statement);
                        v["part"] = json!(origin.part.name());
                        let subst: serde_json::Map<String, Value> = variables
                            .iter()
                            .zip(substitution)
                            .map(|(n, t)| (n.clone(), json!(self.term(t))))
                            .collect();
                        v["substitution"] = Value::Object(subst);
                    }
                    StepKind::Bound { origin, .. } => {
                        v["kind"] = json!("cardinality");
                        v["statement"] = json!(origin.statement);
                    }
                    StepKind::Equality => v["kind"] = json!("equality"),
                    StepKind::Derived { from } => {
                        v["kind"] = json!("derived");
                        v["premises"] = json!(from.iter().map(|k| k + 1).collect::<Vec<_>>());
                    }
                }
                v
            })
            .collect();
        json!({ "statements": self.statements(), "legend": self.legend(), "steps": steps })
            .serialize(s)
    }
}

/// `a` or `an` before a variable's name, as it is read aloud letter by letter (`an x`, `a y`).
fn article(var: &str) -> &'static str {
    match var.chars().next() {
        Some('a' | 'e' | 'f' | 'h' | 'i' | 'l' | 'm' | 'n' | 'o' | 'r' | 's' | 'x') => "an",
        _ => "a",
    }
}

#[cfg(test)]
mod tests {
    use super::distinction;

    #[test]
    fn objects_sharing_a_name_get_primes_then_numbers() {
        let marks: Vec<String> = [1, 2, 3, 4, 31].into_iter().map(distinction).collect();
        assert_eq!(marks, ["′", "″", "‴", "⁽⁴⁾", "⁽³¹⁾"]);
    }
}
