//! The clause form every reasoning engine works on: terms, atoms, literals and clauses over
//! a [`Vocabulary`] (the board's symbols plus Skolem functions and definitions), each
//! clause tied to the statement it comes from ([`Origin`]), and the domain-size bounds
//! that cardinality statements become ([`DomainBounds`]).
//!
//! [`crate::logic::cnf`] produces a [`ClauseSet`]; the finite model search, the
//! instantiation prover and the proof checker read it. The types speak about any signature.

use crate::logic::check::SymbolOrigin;
use std::collections::{BTreeSet, HashMap};

/// Index of a symbol in a [`Vocabulary`].
pub type SymId = usize;

/// A first-order term; variables are numbered within their clause.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    Var(u32),
    App(SymId, Vec<Term>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Atom {
    Pred(SymId, Vec<Term>),
    Eq(Term, Term),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal {
    pub positive: bool,
    pub atom: Atom,
}

/// Which part of a statement a clause or symbol comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The statement as written.
    Statement,
    /// The negation of the statement (the claim under test in "does k follow?").
    Negation,
    /// The definition that a name made by `∃!` brings (ruling L6).
    NameDefinition,
}

impl Part {
    /// The part's name in evidence files (`statement`, `negation`, `name-definition`).
    pub fn name(self) -> &'static str {
        match self {
            Part::Statement => "statement",
            Part::Negation => "negation",
            Part::NameDefinition => "name-definition",
        }
    }
}

/// Where a clause comes from: statement numbers count from 1, as players count them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Origin {
    pub statement: usize,
    pub part: Part,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    pub literals: Vec<Literal>,
    pub origin: Origin,
    /// Variables are `0..num_vars`.
    pub num_vars: u32,
    /// The statement's name for each variable (`x`, `y`, …), to explain instances.
    pub var_names: Vec<String>,
}

/// What a symbol of the clause set stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// A symbol of the board's signature (the game's, a name, a free constant).
    Given(SymbolOrigin),
    /// The witness for the `∃` variable `var` of a statement, depending on the variables
    /// named in `of` (the arguments, in order).
    Skolem { origin: Origin, var: String, of: Vec<String> },
    /// A predicate that stands for a subformula of a statement.
    Definition { origin: Origin },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub arity: usize,
    pub predicate: bool,
    pub role: Role,
    /// For a symbol the clausifier made, which subformula of which statement it stands
    /// for: what the proof checker rebuilds the clauses from (`reason::proof::clausify`).
    pub meaning: Option<Meaning>,
}

/// A node of a statement's formula: the statement (and which part of it), and the path to
/// the node, one child index per step (`¬`, `∀`, `∃` have child 0; a binary connective
/// 0 for the left side and 1 for the right). For a naming statement the formula is the
/// one before `|`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub origin: Origin,
    pub path: Vec<u16>,
}

/// The values a fresh symbol's arguments give the variables free at its node: each free
/// variable's name, with its value as a term over the arguments (`Var(i)` is argument i).
pub type Bindings = Vec<(String, Term)>;

/// What a symbol the clausifier made stands for, in terms of the statement it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// A Skolem function: for the quantifier at `at`, an object that makes its body true
    /// (`∃`), or false (`∀` read under a negation). For `∃!x φ`: with `inner` false, an
    /// object x with φ(x) that is the only one; with `inner` true (`∃!` under a negation),
    /// given x (bound under the quantifier's own name), an object y ≠ x with φ(y).
    Witness { at: Place, inner: bool, bindings: Bindings },
    /// A predicate true exactly where the subformula at `at` is true (an operand of `↔`,
    /// the body of `∃!`).
    Subformula { at: Place, bindings: Bindings },
    /// A predicate that implies the subformula at `at` (`positive`), or its negation: a
    /// disjunct named instead of distributed.
    Part { at: Place, positive: bool, bindings: Bindings },
    /// One of the n distinct objects that a bound `|L| ≥ n` asserts (from 0).
    Object { origin: Origin, index: usize },
}

#[derive(Clone, Debug, Default)]
pub struct Vocabulary {
    pub symbols: Vec<Symbol>,
    by_name: HashMap<String, SymId>,
    /// For each base name, the last suffix given, so that the thousandth `def` costs no
    /// more than the first (counting up from 1 each time was quadratic).
    last_suffix: HashMap<String, usize>,
}

impl Vocabulary {
    pub fn get(&self, id: SymId) -> &Symbol {
        &self.symbols[id]
    }
    pub fn id(&self, name: &str) -> Option<SymId> {
        self.by_name.get(name).copied()
    }
    /// A fresh predicate that stands for part of a clause from `origin`.
    pub fn add_definition(&mut self, arity: usize, origin: Origin) -> SymId {
        self.add("def".into(), arity, true, Role::Definition { origin })
    }

    /// Records what symbol `id` stands for.
    pub(crate) fn set_meaning(&mut self, id: SymId, meaning: Meaning) {
        self.symbols[id].meaning = Some(meaning);
    }

    pub(crate) fn add(&mut self, name: String, arity: usize, predicate: bool, role: Role) -> SymId {
        let mut unique = name.clone();
        let mut k = self.last_suffix.get(&name).copied().unwrap_or(1);
        while self.by_name.contains_key(&unique) {
            k += 1;
            unique = format!("{name}.{k}");
        }
        self.last_suffix.insert(name, k);
        let id = self.symbols.len();
        self.by_name.insert(unique.clone(), id);
        self.symbols.push(Symbol { name: unique, arity, predicate, role, meaning: None });
        id
    }
}

/// The domain sizes the cardinality statements allow: `at_least ≤ size < below`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DomainBounds {
    /// Never below 1: the domain is never empty (a rule of the game).
    pub at_least: usize,
    /// The statement that sets `at_least`, if one does.
    pub at_least_from: Option<Origin>,
    pub below: Option<usize>,
    pub below_from: Option<Origin>,
}

impl DomainBounds {
    pub fn allows(&self, size: usize) -> bool {
        size >= self.at_least && self.below.is_none_or(|b| size < b)
    }
    /// True when no size at all is allowed.
    pub fn empty(&self) -> bool {
        self.below.is_some_and(|b| b <= self.at_least)
    }
}

impl Default for DomainBounds {
    fn default() -> Self {
        DomainBounds { at_least: 1, at_least_from: None, below: None, below_from: None }
    }
}

impl ClauseSet {
    /// The same set with the clauses of `statements` counted as the goal too.
    pub fn with_goals(mut self, statements: &[usize]) -> Self {
        self.goals.extend(statements);
        self
    }

    /// Whether the clause is part of the goal: the negated statement's, or a goal
    /// statement's (TPTP's `negated_conjecture`).
    pub fn is_goal(&self, clause: &Clause) -> bool {
        clause.origin.part == Part::Negation || self.goals.contains(&clause.origin.statement)
    }

    /// Whether any clause mentions the symbol.
    pub fn mentions(&self, sym: SymId) -> bool {
        fn in_term(t: &Term, sym: SymId) -> bool {
            match t {
                Term::Var(_) => false,
                Term::App(f, args) => *f == sym || args.iter().any(|a| in_term(a, sym)),
            }
        }
        self.clauses.iter().flat_map(|c| &c.literals).any(|l| match &l.atom {
            Atom::Pred(p, args) => *p == sym || args.iter().any(|a| in_term(a, sym)),
            Atom::Eq(a, b) => in_term(a, sym) || in_term(b, sym),
        })
    }
}

/// A board (or a redundancy question) in clause form.
#[derive(Clone, Debug)]
pub struct ClauseSet {
    pub vocabulary: Vocabulary,
    pub clauses: Vec<Clause>,
    pub bounds: DomainBounds,
    /// Statements whose clauses count as the goal beside a negated one (see
    /// `logic::board::Board::goals`): a search hint for the provers.
    pub goals: BTreeSet<usize>,
}

pub fn negate(l: &Literal) -> Literal {
    Literal { positive: !l.positive, atom: l.atom.clone() }
}

pub fn subst_term(t: &Term, s: &HashMap<u32, Term>) -> Term {
    match t {
        Term::Var(v) => s.get(v).cloned().unwrap_or(Term::Var(*v)),
        Term::App(f, args) => Term::App(*f, args.iter().map(|a| subst_term(a, s)).collect()),
    }
}

pub fn subst_atom(a: &Atom, s: &HashMap<u32, Term>) -> Atom {
    match a {
        Atom::Pred(p, args) => Atom::Pred(*p, args.iter().map(|t| subst_term(t, s)).collect()),
        Atom::Eq(l, r) => Atom::Eq(subst_term(l, s), subst_term(r, s)),
    }
}

pub fn term_vars(t: &Term, out: &mut BTreeSet<u32>) {
    match t {
        Term::Var(v) => {
            out.insert(*v);
        }
        Term::App(_, args) => args.iter().for_each(|a| term_vars(a, out)),
    }
}

pub fn atom_vars(a: &Atom, out: &mut BTreeSet<u32>) {
    match a {
        Atom::Pred(_, args) => args.iter().for_each(|t| term_vars(t, out)),
        Atom::Eq(l, r) => {
            term_vars(l, out);
            term_vars(r, out);
        }
    }
}

/// Prints a clause for debugging and for proofs: `¬blonde(X0) ∨ happy(X0)`.
pub fn clause_text(v: &Vocabulary, c: &Clause) -> String {
    if c.literals.is_empty() {
        return "⊥".into();
    }
    c.literals.iter().map(|l| literal_text(v, l)).collect::<Vec<_>>().join(" ∨ ")
}

pub fn literal_text(v: &Vocabulary, l: &Literal) -> String {
    match &l.atom {
        Atom::Eq(a, b) => format!(
            "{} {} {}",
            term_text(v, a),
            if l.positive { "=" } else { "≠" },
            term_text(v, b)
        ),
        Atom::Pred(p, args) => {
            let s = format!(
                "{}({})",
                v.get(*p).name,
                args.iter().map(|t| term_text(v, t)).collect::<Vec<_>>().join(", ")
            );
            if l.positive {
                s
            } else {
                format!("¬{s}")
            }
        }
    }
}

pub fn term_text(v: &Vocabulary, t: &Term) -> String {
    match t {
        Term::Var(i) => format!("X{i}"),
        Term::App(f, args) if args.is_empty() => v.get(*f).name.clone(),
        Term::App(f, args) => format!(
            "{}({})",
            v.get(*f).name,
            args.iter().map(|t| term_text(v, t)).collect::<Vec<_>>().join(", ")
        ),
    }
}
