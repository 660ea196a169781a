//! A proof's ground terms and literals in the board's own names. The board's symbols keep
//! their names; an object a statement asserts (a Skolem term such as `y₅(x₄)`) gets a
//! fresh name that a derivation introduces with `∃E` ("take an object d with …"), and an
//! object the claim's negation asserts for a leading `∀` gets the fresh name that `∀I`
//! generalises. What a name cannot be given for (an object under a disjunction, one of the
//! n objects a size bound asserts) is left unnamed, and a fact about it is not shown.

use crate::logic::ast::{self, Formula, FormulaKind, Quantifier, Statement, StatementKind};
use crate::logic::clauses::{Atom, Literal, Meaning, Part, Term};
use crate::reason::proof::Proof;
use std::collections::{BTreeSet, HashMap};

/// The names a derivation gives to a proof's objects.
#[derive(Clone)]
pub(super) struct Namer<'a> {
    proof: &'a Proof,
    board: &'a [Statement],
    named: HashMap<Term, String>,
    taken: BTreeSet<String>,
}

/// An object a statement asserts, as a derivation introduces it: from statement
/// `statement` follows `exists` (`∃y ψ`), and `body` (`ψ`, with `var` free) holds of it.
#[derive(Clone, Debug)]
pub(super) struct WitnessClaim {
    pub statement: usize,
    pub exists: Formula,
    pub var: String,
    pub body: Formula,
    /// The statement is this existential itself: `∃E` can cite it directly.
    pub is_statement: bool,
}

/// Fresh names in the order a player would reach for them.
const POOL: &[&str] = &["a", "b", "c", "d", "e", "k", "m", "n", "p", "q", "r", "s", "u", "v", "w"];

impl<'a> Namer<'a> {
    pub fn new(proof: &'a Proof, board: &'a [Statement]) -> Namer<'a> {
        let mut taken = BTreeSet::new();
        for st in board {
            if let Some(f) = st.formula() {
                f.collect_symbols(&mut taken);
                bound_variables(f, &mut taken);
            }
            if let StatementKind::Named { name, .. } = &st.kind {
                taken.insert(name.name.clone());
            }
        }
        for (id, s) in proof.symbols.iter().enumerate() {
            if s.meaning.is_none() && Some(id) != proof.extra_constant {
                taken.insert(s.shown.clone());
            }
        }
        let mut namer = Namer { proof, board, named: HashMap::new(), taken };
        if let Some(extra) = proof.extra_constant {
            let name = namer.fresh();
            namer.named.insert(Term::App(extra, Vec::new()), name);
        }
        namer
    }

    /// A name no statement uses and no object has yet.
    pub fn fresh(&mut self) -> String {
        let mut n = 0;
        loop {
            let name = match POOL.get(n) {
                Some(p) => p.to_string(),
                None => format!("o{}", n - POOL.len() + 1),
            };
            if self.taken.insert(name.clone()) {
                return name;
            }
            n += 1;
        }
    }

    pub fn give(&mut self, t: Term, name: String) {
        self.named.insert(t, name);
    }

    pub fn name_of(&self, t: &Term) -> Option<&str> {
        self.named.get(t).map(String::as_str)
    }

    /// The object the claim's negation asserts for the quantifier at `path` of statement
    /// `k` (a leading `∀` of the claim), if the proof uses it.
    pub fn negation_witness(&self, k: usize, path: &[u16]) -> Option<Term> {
        self.proof.symbols.iter().enumerate().find_map(|(id, s)| match &s.meaning {
            Some(Meaning::Witness { at, .. })
                if at.origin.statement == k
                    && at.origin.part == Part::Negation
                    && at.path == path
                    && s.arity == 0 =>
            {
                Some(Term::App(id, Vec::new()))
            }
            _ => None,
        })
    }

    /// The term in the board's names; none while it mentions an unnamed object.
    pub fn term(&self, t: &Term) -> Option<ast::Term> {
        if let Some(name) = self.named.get(t) {
            return Some(ast::Term::constant(name));
        }
        match t {
            Term::Var(_) => None,
            Term::App(f, args) => {
                let s = &self.proof.symbols[*f];
                if s.meaning.is_some() || Some(*f) == self.proof.extra_constant {
                    return None;
                }
                let args = args.iter().map(|a| self.term(a)).collect::<Option<Vec<_>>>()?;
                Some(ast::Term::app(&s.shown, args))
            }
        }
    }

    /// The literal as a formula of the board's language; none while it mentions an unnamed
    /// object, or when it is the false side of a named part (which says nothing by itself).
    pub fn literal(&self, l: &Literal) -> Option<Formula> {
        match &l.atom {
            Atom::Eq(a, b) => {
                let (a, b) = (self.term(a)?, self.term(b)?);
                Some(Formula::new(if l.positive {
                    FormulaKind::Eq(a, b)
                } else {
                    FormulaKind::Neq(a, b)
                }))
            }
            Atom::Pred(p, args) => {
                let s = &self.proof.symbols[*p];
                let positive = match &s.meaning {
                    None => {
                        let args = args.iter().map(|a| self.term(a)).collect::<Option<_>>()?;
                        let atom = Formula::atom(&s.shown, args);
                        return Some(if l.positive { atom } else { Formula::negation(atom) });
                    }
                    Some(Meaning::Subformula { .. }) => l.positive,
                    Some(Meaning::Part { positive, .. }) if l.positive => *positive,
                    _ => return None,
                };
                let (Some(Meaning::Subformula { at, bindings })
                | Some(Meaning::Part { at, bindings, .. })) = &s.meaning
                else {
                    return None;
                };
                let node = self.node(at.origin.statement, &at.path)?;
                let f = self.bound(node, bindings, args)?;
                Some(if positive { f } else { Formula::negation(f) })
            }
        }
    }

    /// `f` with its free variables given the values `bindings` make of `args`.
    fn bound(&self, f: &Formula, bindings: &[(String, Term)], args: &[Term]) -> Option<Formula> {
        let mut out = f.clone();
        for (var, value) in bindings {
            let value = self.term(&instantiate(value, args))?;
            out = substitute(&out, var, &value);
        }
        Some(out)
    }

    fn node(&self, k: usize, path: &[u16]) -> Option<&'a Formula> {
        let mut f = self.board.get(k.checked_sub(1)?)?.formula()?;
        for &i in path {
            f = match (&f.kind, i) {
                (FormulaKind::Not(g) | FormulaKind::Quant { body: g, .. }, 0) => g,
                (FormulaKind::Binary { left, .. }, 0) => left,
                (FormulaKind::Binary { right, .. }, 1) => right,
                _ => return None,
            };
        }
        Some(f)
    }

    /// The objects the literal mentions that a statement asserts and that have no name
    /// yet, arguments before the objects made of them.
    pub fn unnamed(&self, l: &Literal, out: &mut Vec<Term>) {
        let terms: Vec<&Term> = match &l.atom {
            Atom::Eq(a, b) => vec![a, b],
            Atom::Pred(p, args) => {
                // A part's subformula speaks of the objects its bindings give.
                if let Some(Meaning::Subformula { bindings, .. } | Meaning::Part { bindings, .. }) =
                    &self.proof.symbols[*p].meaning
                {
                    for (_, value) in bindings {
                        self.unnamed_in(&instantiate(value, args), out);
                    }
                    return;
                }
                args.iter().collect()
            }
        };
        for t in terms {
            self.unnamed_in(t, out);
        }
    }

    fn unnamed_in(&self, t: &Term, out: &mut Vec<Term>) {
        if self.named.contains_key(t) {
            return;
        }
        if let Term::App(f, args) = t {
            args.iter().for_each(|a| self.unnamed_in(a, out));
            if self.proof.symbols[*f].meaning.is_some() && !out.contains(t) {
                out.push(t.clone());
            }
        }
    }

    /// What the object `t` (a statement's witness applied to named objects) is, as a
    /// derivation introduces it; none when the statement does not assert it outright.
    pub fn witness_claim(&self, t: &Term) -> Option<WitnessClaim> {
        let Term::App(f, args) = t else { return None };
        let Some(Meaning::Witness { at, inner: false, bindings }) = &self.proof.symbols[*f].meaning
        else {
            return None;
        };
        if at.origin.part != Part::Statement {
            return None;
        }
        let k = at.origin.statement;
        let mut node = self.board.get(k.checked_sub(1)?)?.formula()?;
        let mut positive = true;
        for &i in &at.path {
            node = match (&node.kind, i, positive) {
                (FormulaKind::Not(g), 0, _) => {
                    positive = !positive;
                    g
                }
                (FormulaKind::Quant { q, body, .. }, 0, _) if *q != Quantifier::ExistsUnique => {
                    body
                }
                (FormulaKind::Binary { op: ast::BinaryOp::And, left, right }, _, true)
                | (FormulaKind::Binary { op: ast::BinaryOp::Or, left, right }, _, false) => {
                    if i == 0 {
                        left
                    } else {
                        right
                    }
                }
                (FormulaKind::Binary { op: ast::BinaryOp::Implies, left, right }, _, false) => {
                    if i == 0 {
                        positive = true;
                        left
                    } else {
                        right
                    }
                }
                _ => return None,
            };
        }
        let (var, body, negated) = match (&node.kind, positive) {
            (FormulaKind::Quant { q: Quantifier::Exists, var, body }, true) => (var, body, false),
            (FormulaKind::Quant { q: Quantifier::Forall, var, body }, false) => (var, body, true),
            _ => return None,
        };
        let body = self.bound(body, bindings, args)?;
        let body = if negated { Formula::negation(body) } else { body };
        let exists = Formula::quant(Quantifier::Exists, &var.name, body.clone());
        Some(WitnessClaim {
            statement: k,
            exists,
            var: var.name.clone(),
            body,
            is_statement: at.path.is_empty() && !negated,
        })
    }
}

/// `t` with argument `i` (`Var(i)`) replaced by `args[i]`.
fn instantiate(t: &Term, args: &[Term]) -> Term {
    match t {
        Term::Var(i) => args.get(*i as usize).cloned().unwrap_or(Term::Var(*i)),
        Term::App(f, a) => Term::App(*f, a.iter().map(|x| instantiate(x, args)).collect()),
    }
}

/// Every variable a quantifier binds: a fresh name must not read as one.
fn bound_variables(f: &Formula, out: &mut BTreeSet<String>) {
    match &f.kind {
        FormulaKind::Quant { var, body, .. } => {
            out.insert(var.name.clone());
            bound_variables(body, out);
        }
        FormulaKind::Not(g) => bound_variables(g, out),
        FormulaKind::Binary { left, right, .. } => {
            bound_variables(left, out);
            bound_variables(right, out);
        }
        _ => {}
    }
}

/// `f` with the free occurrences of `var` replaced by `by` (a closed term, so nothing is
/// captured).
pub(super) fn substitute(f: &Formula, var: &str, by: &ast::Term) -> Formula {
    let kind = match &f.kind {
        FormulaKind::Atom { pred, args } => FormulaKind::Atom {
            pred: pred.clone(),
            args: args.iter().map(|a| substitute_term(a, var, by)).collect(),
        },
        FormulaKind::Eq(a, b) => {
            FormulaKind::Eq(substitute_term(a, var, by), substitute_term(b, var, by))
        }
        FormulaKind::Neq(a, b) => {
            FormulaKind::Neq(substitute_term(a, var, by), substitute_term(b, var, by))
        }
        FormulaKind::Not(g) => FormulaKind::Not(Box::new(substitute(g, var, by))),
        FormulaKind::Binary { op, left, right } => FormulaKind::Binary {
            op: *op,
            left: Box::new(substitute(left, var, by)),
            right: Box::new(substitute(right, var, by)),
        },
        FormulaKind::Quant { var: v, .. } if v.name == var => return f.clone(),
        FormulaKind::Quant { q, var: v, body } => {
            FormulaKind::Quant { q: *q, var: v.clone(), body: Box::new(substitute(body, var, by)) }
        }
    };
    Formula { kind, span: f.span }
}

fn substitute_term(t: &ast::Term, var: &str, by: &ast::Term) -> ast::Term {
    match &t.kind {
        ast::TermKind::Var(v) if v.name == var => by.clone(),
        ast::TermKind::Var(_) => t.clone(),
        ast::TermKind::App { func, args } => ast::Term {
            kind: ast::TermKind::App {
                func: func.clone(),
                args: args.iter().map(|a| substitute_term(a, var, by)).collect(),
            },
            span: t.span,
        },
    }
}
