//! Clausification: checked statements become first-order clauses that the model finder
//! (and the prover) work on.
//!
//! The steps, in one pass per statement:
//! - **Negation normal form** with the polarity pushed down; `→` and `↔` disappear.
//! - **Definitions instead of copies.** A subformula that would be needed twice (an operand
//!   of `↔`, the body of `∃!`) is replaced by a fresh predicate over its free variables,
//!   defined once in each polarity it is used in. Nothing grows exponentially.
//! - `∃!x φ` becomes `∃x (φ(x) ∧ ∀y (φ(y) → y = x))`.
//! - **Skolemization** over the free variables of each `∃` (not all enclosing `∀`), so Skolem
//!   functions have the smallest arity; each Skolem symbol remembers its statement and
//!   variable, to explain models.
//! - **CNF**, naming a disjunct when distributing it would multiply clauses.
//! - A name made by `∃!` brings its definition `(∃!y φ) → φ(name)` (ruling L6).
//! - `|L| ≥ n` and `|L| < n` never become clauses: they are bounds on the domain size
//!   ([`DomainBounds`]); written out, `|L| < 8` alone has 7⁸ ground instances at size 7.
//!
//! The clause types are in [`crate::logic::clauses`] (re-exported here); they speak about any
//! signature, not just the game's six symbols.

use crate::logic::ast::{
    self, BinaryOp, Formula, FormulaKind, Quantifier, StatementKind, TermKind,
};
use crate::logic::check::{Signature, SymbolKind};
use crate::logic::clauses::*;
use std::collections::{BTreeSet, HashMap};

mod formulas;
use formulas::*;

pub use crate::logic::board::{premises_of, Premise};

/// Clausifies the premises over `signature` (which must hold every symbol they use, as the
/// checker guarantees for a checked board).
pub fn clausify(signature: &Signature, premises: &[Premise]) -> ClauseSet {
    clausify_with(signature, premises, false)
}

/// Like [`clausify`]; with `witnesses`, a lower bound `|L| ≥ n` (n ≤ 16) also brings n
/// distinct witness constants as clauses, which the prover needs (the model finder reads the
/// bound instead).
pub fn clausify_with(signature: &Signature, premises: &[Premise], witnesses: bool) -> ClauseSet {
    let mut c = Clausifier {
        vocabulary: Vocabulary::default(),
        definitions: HashMap::new(),
        var_names: HashMap::new(),
        next_var: 0,
        out: Vec::new(),
        bounds: DomainBounds::default(),
        witnesses,
        walked_twice: 0,
    };
    for (name, info) in &signature.symbols {
        c.vocabulary.add(
            name.clone(),
            info.arity,
            info.kind == SymbolKind::Predicate,
            Role::Given(info.origin),
        );
    }
    for p in premises {
        c.premise(p);
    }
    ClauseSet { vocabulary: c.vocabulary, clauses: c.out, bounds: c.bounds, goals: BTreeSet::new() }
}

/// A formula in negation normal form, before Skolemization.
#[derive(Clone, Debug)]
enum Nnf {
    Lit(Literal),
    And(Vec<Nnf>),
    Or(Vec<Nnf>),
    All(u32, Box<Nnf>),
    Ex(u32, String, Box<Nnf>, Source),
    /// A disjunct, with its node: named, if distributing it would cost too much.
    Part(Box<Nnf>, Source),
}

/// The node of the statement an `∃` or a disjunct comes from, for the meaning of the
/// symbol made for it ([`Meaning`]): what lets the proof checker rebuild the clauses.
#[derive(Clone, Debug)]
struct Source {
    path: Vec<u16>,
    /// The second variable of an `∃!` (its witness under a negation).
    inner: bool,
    positive: bool,
    /// The variables free at the node, with their terms (Skolem terms once skolemized).
    bindings: Env,
}

/// The terms `env` gives `names` (innermost binding first).
fn bind(names: &[String], env: &Env) -> Env {
    names
        .iter()
        .map(|n| {
            let t = env.iter().rev().find(|(m, _)| m == n).map(|(_, t)| t.clone());
            (n.clone(), t.expect("the checker guarantees every variable is bound"))
        })
        .collect()
}

/// `bindings` as a meaning's bindings: each variable `args[i]` becomes `Var(i)`; `None`
/// when a binding uses a variable outside `args`.
fn bindings_over(bindings: &Env, args: &[u32]) -> Option<Bindings> {
    fn over(t: &Term, args: &[u32]) -> Option<Term> {
        Some(match t {
            Term::Var(v) => Term::Var(args.iter().position(|a| a == v)? as u32),
            Term::App(f, xs) => {
                Term::App(*f, xs.iter().map(|x| over(x, args)).collect::<Option<_>>()?)
            }
        })
    }
    bindings.iter().map(|(n, t)| Some((n.clone(), over(t, args)?))).collect()
}

/// A subformula needed in both polarities: small ones are translated twice, others are
/// replaced by a defined atom.
enum Shared<'f> {
    Inline(&'f Formula),
    /// The definition symbol and the free variable names it takes, in order.
    Defined(SymId, Vec<String>),
}

type Env = Vec<(String, Term)>;

struct Clausifier {
    vocabulary: Vocabulary,
    /// The statement's name of each variable made.
    var_names: HashMap<u32, String>,
    /// Subformulas already defined, by address in the syntax tree.
    definitions: HashMap<*const Formula, (SymId, Vec<String>)>,
    next_var: u32,
    out: Vec<Clause>,
    bounds: DomainBounds,
    /// Write `|L| ≥ n` out as n distinct witnesses too.
    witnesses: bool,
    /// How many enclosing walks go over the current node twice (a definition's two
    /// directions, a naming statement's two readings): inside one, an operand of `↔` is
    /// always named, so that each of its quantifiers gets one Skolem function, as the
    /// checkers' clausification expects (see `operand`).
    walked_twice: usize,
}

/// The largest `|L| ≥ n` written out as witnesses (n(n−1)/2 clauses).
pub const MAX_WITNESSES: usize = 16;

/// More clauses than this from distributing one disjunction, and a part is named instead.
const DISTRIBUTION_LIMIT: usize = 8;

impl Clausifier {
    fn fresh(&mut self) -> u32 {
        self.next_var += 1;
        self.next_var - 1
    }

    /// A fresh variable that stands for the statement's variable `name`.
    fn fresh_named(&mut self, name: &str) -> u32 {
        let v = self.fresh();
        self.var_names.insert(v, name.to_string());
        v
    }

    fn premise(&mut self, p: &Premise) {
        let part = if p.negated { Part::Negation } else { Part::Statement };
        let origin = Origin { statement: p.index, part };
        match &p.statement.kind {
            StatementKind::AtLeast { .. }
            | StatementKind::LessThan { .. }
            | StatementKind::NegatedBound { .. } => {
                let (at_least, n) = p.statement.kind.size_bound().expect("a cardinality statement");
                self.bound(n as usize, at_least != p.negated, origin)
            }
            StatementKind::Formula(f) => {
                let nnf = self.nnf(f, &mut Vec::new(), !p.negated, origin, &mut Vec::new());
                self.emit(nnf, origin);
            }
            StatementKind::Named { formula, name, params, target } if !p.negated => {
                let nnf =
                    self.named_statement(formula, &name.name, params.len(), &target.name, origin);
                self.emit(nnf, origin);
            }
            StatementKind::Named { formula, name, params, target } => {
                let nnf = self.nnf(formula, &mut Vec::new(), !p.negated, origin, &mut Vec::new());
                self.emit(nnf, origin);
                let def_origin = Origin { statement: p.index, part: Part::NameDefinition };
                let def = self.name_definition(
                    formula,
                    &name.name,
                    params.len(),
                    &target.name,
                    def_origin,
                );
                self.emit(def, def_origin);
            }
        }
    }

    /// `at_least` true: `|L| ≥ n`; false: `|L| < n`.
    fn bound(&mut self, n: usize, at_least: bool, origin: Origin) {
        if at_least && self.witnesses && (2..=MAX_WITNESSES).contains(&n) {
            let ids: Vec<SymId> = (1..=n)
                .map(|i| {
                    self.vocabulary.add(
                        format!("o{i}#{}", origin.statement),
                        0,
                        false,
                        Role::Skolem { origin, var: format!("o{i}"), of: Vec::new() },
                    )
                })
                .collect();
            for (index, &id) in ids.iter().enumerate() {
                self.vocabulary.set_meaning(id, Meaning::Object { origin, index });
            }
            for i in 0..n {
                for j in i + 1..n {
                    let lit = Literal {
                        positive: false,
                        atom: Atom::Eq(Term::App(ids[i], vec![]), Term::App(ids[j], vec![])),
                    };
                    self.out.push(Clause {
                        literals: vec![lit],
                        origin,
                        num_vars: 0,
                        var_names: Vec::new(),
                    });
                }
            }
        }
        let b = &mut self.bounds;
        if at_least {
            if n > b.at_least {
                b.at_least = n;
                b.at_least_from = Some(origin);
            }
        } else if b.below.is_none_or(|old| n < old) {
            b.below = Some(n);
            b.below_from = Some(origin);
        }
    }

    /// `∀p̄ ((∃!y φ(p̄, y)) → φ(p̄, name(p̄)))` for `formula` = `∀p̄ ∃!y φ`.
    fn name_definition(
        &mut self,
        formula: &Formula,
        name: &str,
        arity: usize,
        target: &str,
        origin: Origin,
    ) -> Nnf {
        let (vars, mut env, named, body) = self.naming_prefix(formula, name, arity);
        let mut path = vec![0; arity];
        let unique = self.exists_unique(target, body, &mut env, false, origin, &path);
        env.push((target.to_string(), named));
        let instance = self.part(body, &mut env, true, origin, &mut path, 0);
        let mut n = Nnf::Or(vec![unique, instance]);
        for v in vars.into_iter().rev() {
            n = Nnf::All(v, Box::new(n));
        }
        n
    }

    /// The naming prefix `∀p̄ ∃!y` of a naming statement: fresh variables for the
    /// parameters (bound in the returned environment), the name applied to them, and the
    /// body under `∃!y`.
    fn naming_prefix<'f>(
        &mut self,
        formula: &'f Formula,
        name: &str,
        arity: usize,
    ) -> (Vec<u32>, Env, Term, &'f Formula) {
        let naming =
            formula.naming_parts(arity).expect("the checker only lets `∀…∀ ∃!` statements name");
        let mut env: Env = Vec::new();
        let mut vars = Vec::new();
        for var in naming.params {
            let v = self.fresh_named(&var.name);
            vars.push(v);
            env.push((var.name.clone(), Term::Var(v)));
        }
        let body = naming.body;
        let func = self.vocabulary.id(name).expect("the checker added the name to the signature");
        let named = Term::App(func, vars.iter().map(|&v| Term::Var(v)).collect());
        (vars, env, named, body)
    }

    /// A naming statement `∀p̄ ∃!y φ | name(p̄) := y` taken as written: together with its
    /// name's definition it says exactly `∀p̄ (φ(p̄, name(p̄)) ∧ ∀y' (φ(p̄, y') → y' = name(p̄)))`,
    /// so the object it asserts is the named one, not a Skolem function of its own. Proofs
    /// then speak of `crush(a)` where the board does, and need no step to tie the two.
    fn named_statement(
        &mut self,
        formula: &Formula,
        name: &str,
        arity: usize,
        target: &str,
        origin: Origin,
    ) -> Nnf {
        let (vars, mut env, named, body) = self.naming_prefix(formula, name, arity);
        let mut path = vec![0; arity + 1];
        env.push((target.to_string(), named.clone()));
        self.walked_twice += 1;
        let holds = self.nnf(body, &mut env, true, origin, &mut path);
        env.pop();
        let other = self.fresh_named(&format!("{target}'"));
        env.push((target.to_string(), Term::Var(other)));
        let fails = self.nnf(body, &mut env, false, origin, &mut path);
        self.walked_twice -= 1;
        env.pop();
        let same = Nnf::Lit(Literal { positive: true, atom: Atom::Eq(Term::Var(other), named) });
        let mut n = Nnf::And(vec![holds, Nnf::All(other, Box::new(Nnf::Or(vec![fails, same])))]);
        for v in vars.into_iter().rev() {
            n = Nnf::All(v, Box::new(n));
        }
        n
    }

    fn term(&self, t: &ast::Term, env: &Env) -> Term {
        match &t.kind {
            TermKind::Var(id) => env
                .iter()
                .rev()
                .find(|(n, _)| *n == id.name)
                .map(|(_, t)| t.clone())
                .expect("the checker guarantees every variable is bound"),
            TermKind::App { func, args } => {
                let id = self
                    .vocabulary
                    .id(&func.name)
                    .expect("the checker guarantees every symbol is known");
                Term::App(id, args.iter().map(|a| self.term(a, env)).collect())
            }
        }
    }

    /// `f`, the node at `path`, in negation normal form (negated unless `pos`).
    fn nnf(
        &mut self,
        f: &Formula,
        env: &mut Env,
        pos: bool,
        origin: Origin,
        path: &mut Vec<u16>,
    ) -> Nnf {
        match &f.kind {
            FormulaKind::Atom { pred, args } => {
                let id = self
                    .vocabulary
                    .id(&pred.name)
                    .expect("the checker guarantees every symbol is known");
                let args = args.iter().map(|a| self.term(a, env)).collect();
                Nnf::Lit(Literal { positive: pos, atom: Atom::Pred(id, args) })
            }
            FormulaKind::Eq(a, b) => Nnf::Lit(Literal {
                positive: pos,
                atom: Atom::Eq(self.term(a, env), self.term(b, env)),
            }),
            FormulaKind::Neq(a, b) => Nnf::Lit(Literal {
                positive: !pos,
                atom: Atom::Eq(self.term(a, env), self.term(b, env)),
            }),
            FormulaKind::Not(g) => self.child(g, env, !pos, origin, path, 0),
            FormulaKind::Binary { op, left, right } => match (op, pos) {
                (BinaryOp::And, true) | (BinaryOp::Or, false) => Nnf::And(vec![
                    self.child(left, env, pos, origin, path, 0),
                    self.child(right, env, pos, origin, path, 1),
                ]),
                (BinaryOp::Or, true) | (BinaryOp::And, false) => Nnf::Or(vec![
                    self.part(left, env, pos, origin, path, 0),
                    self.part(right, env, pos, origin, path, 1),
                ]),
                (BinaryOp::Implies, true) => Nnf::Or(vec![
                    self.part(left, env, false, origin, path, 0),
                    self.part(right, env, true, origin, path, 1),
                ]),
                (BinaryOp::Implies, false) => Nnf::And(vec![
                    self.child(left, env, true, origin, path, 0),
                    self.child(right, env, false, origin, path, 1),
                ]),
                (BinaryOp::Iff, _) => {
                    let (left_at, right_at) =
                        ([&path[..], &[0]].concat(), [&path[..], &[1]].concat());
                    let a = self.operand(left, origin, &left_at);
                    let b = self.operand(right, origin, &right_at);
                    // pos: (¬a ∨ b) ∧ (a ∨ ¬b); neg: (a ∨ b) ∧ (¬a ∨ ¬b).
                    let first = Nnf::Or(vec![
                        self.use_shared(&a, env, false, origin, &left_at),
                        self.use_shared(&b, env, pos, origin, &right_at),
                    ]);
                    let second = Nnf::Or(vec![
                        self.use_shared(&a, env, true, origin, &left_at),
                        self.use_shared(&b, env, !pos, origin, &right_at),
                    ]);
                    Nnf::And(vec![first, second])
                }
            },
            FormulaKind::Quant { q, var, body } => match (q, pos) {
                (Quantifier::Forall, true) | (Quantifier::Exists, false) => {
                    let v = self.fresh_named(&var.name);
                    env.push((var.name.clone(), Term::Var(v)));
                    let b = self.child(body, env, pos, origin, path, 0);
                    env.pop();
                    Nnf::All(v, Box::new(b))
                }
                (Quantifier::Exists, true) | (Quantifier::Forall, false) => {
                    let bindings = bind(&f.free_variables(), env);
                    let v = self.fresh_named(&var.name);
                    env.push((var.name.clone(), Term::Var(v)));
                    let b = self.child(body, env, pos, origin, path, 0);
                    env.pop();
                    let source =
                        Source { path: path.clone(), inner: false, positive: pos, bindings };
                    Nnf::Ex(v, var.name.clone(), Box::new(b), source)
                }
                (Quantifier::ExistsUnique, _) => {
                    self.exists_unique(&var.name, body, env, pos, origin, path)
                }
            },
        }
    }

    /// Child `i` of the node at `path`.
    fn child(
        &mut self,
        f: &Formula,
        env: &mut Env,
        pos: bool,
        origin: Origin,
        path: &mut Vec<u16>,
        i: u16,
    ) -> Nnf {
        path.push(i);
        let n = self.nnf(f, env, pos, origin, path);
        path.pop();
        n
    }

    /// Child `i` of the node at `path` as a disjunct, which may be named.
    fn part(
        &mut self,
        f: &Formula,
        env: &mut Env,
        pos: bool,
        origin: Origin,
        path: &mut Vec<u16>,
        i: u16,
    ) -> Nnf {
        let bindings = bind(&f.free_variables(), env);
        let n = self.child(f, env, pos, origin, path, i);
        let source =
            Source { path: [&path[..], &[i]].concat(), inner: false, positive: pos, bindings };
        Nnf::Part(Box::new(n), source)
    }

    /// `∃!x φ` (pos) is `∃x (φ(x) ∧ ∀y (¬φ(y) ∨ y = x))`;
    /// its negation is `∀x (¬φ(x) ∨ ∃y (φ(y) ∧ y ≠ x))`.
    fn exists_unique(
        &mut self,
        var: &str,
        body: &Formula,
        env: &mut Env,
        pos: bool,
        origin: Origin,
        path: &[u16],
    ) -> Nnf {
        let free: Vec<String> = body.free_variables().into_iter().filter(|n| n != var).collect();
        let mut bindings = bind(&free, env);
        let x = self.fresh_named(var);
        // The second copy keeps the board's name: one of the two is always Skolemized, so
        // a clause never holds both, and a proof then speaks only of names on the board
        // (issue 38: `y'` appeared in proofs though no statement has it).
        let y = self.fresh_named(var);
        let body_at = [path, &[0]].concat();
        let shared = self.shared(body, origin, &body_at);
        env.push((var.to_string(), Term::Var(x)));
        let phi_x = self.use_shared(&shared, env, pos, origin, &body_at);
        env.pop();
        env.push((var.to_string(), Term::Var(y)));
        let phi_y = self.use_shared(&shared, env, !pos, origin, &body_at);
        env.pop();
        let eq = Nnf::Lit(Literal { positive: pos, atom: Atom::Eq(Term::Var(y), Term::Var(x)) });
        if pos {
            let rest = Nnf::All(y, Box::new(Nnf::Or(vec![phi_y, eq])));
            let source = Source { path: path.to_vec(), inner: false, positive: pos, bindings };
            Nnf::Ex(x, var.to_string(), Box::new(Nnf::And(vec![phi_x, rest])), source)
        } else {
            bindings.push((var.to_string(), Term::Var(x)));
            let source = Source { path: path.to_vec(), inner: true, positive: pos, bindings };
            let rest = Nnf::Ex(y, var.to_string(), Box::new(Nnf::And(vec![phi_y, eq])), source);
            Nnf::All(x, Box::new(Nnf::Or(vec![phi_x, rest])))
        }
    }

    /// An operand of `↔`, used in both polarities: written out twice when it is small and
    /// holds no `↔` or `∃!` of its own (a definition `p(x) ↔ ∀y (q(x,y) → r(y))` then
    /// gives the clauses a reader expects, and the provers reach the notions it defines
    /// without a detour through a fresh predicate), else defined by [`Self::shared`].
    /// Writing out only operands without `↔`, and only where the `↔` itself is walked
    /// once in each polarity (not inside another definition or a naming statement), keeps
    /// the clause count linear and gives each quantifier of the operand one Skolem
    /// function at most (it is an `∃` in one polarity only), as the checkers'
    /// clausification (`reason::proof::clausify`) reads it.
    fn operand<'f>(&mut self, f: &'f Formula, origin: Origin, at: &[u16]) -> Shared<'f> {
        if self.walked_twice == 0 && inline_operand(f) {
            Shared::Inline(f)
        } else {
            self.shared(f, origin, at)
        }
    }

    /// A subformula used in both polarities. Large ones are defined once, over their free
    /// variable names, and the definition is reused wherever the same subformula recurs
    /// (the two polarities of a definition expand the same inner subformulas).
    fn shared<'f>(&mut self, f: &'f Formula, origin: Origin, at: &[u16]) -> Shared<'f> {
        if is_literal(f) {
            return Shared::Inline(f);
        }
        let key = f as *const Formula;
        if let Some((sym, names)) = self.definitions.get(&key) {
            return Shared::Defined(*sym, names.clone());
        }
        let mut names = f.free_variables();
        names.sort();
        let def = self.vocabulary.add("def".into(), names.len(), true, Role::Definition { origin });
        let bindings =
            names.iter().enumerate().map(|(i, n)| (n.clone(), Term::Var(i as u32))).collect();
        let place = Place { origin, path: at.to_vec() };
        self.vocabulary.set_meaning(def, Meaning::Subformula { at: place, bindings });
        self.definitions.insert(key, (def, names.clone()));
        // ∀ȳ (d(ȳ) → φ(ȳ)) and ∀ȳ (φ(ȳ) → d(ȳ)).
        let vars: Vec<u32> = names.iter().map(|n| self.fresh_named(n)).collect();
        let mut env: Env = names.iter().cloned().zip(vars.iter().map(|&v| Term::Var(v))).collect();
        let d = Literal {
            positive: true,
            atom: Atom::Pred(def, vars.iter().map(|&v| Term::Var(v)).collect()),
        };
        self.walked_twice += 1;
        let forwards = self.nnf(f, &mut env, true, origin, &mut at.to_vec());
        let backwards = self.nnf(f, &mut env, false, origin, &mut at.to_vec());
        self.walked_twice -= 1;
        for (lit, body) in [(negate(&d), forwards), (d.clone(), backwards)] {
            let mut n = Nnf::Or(vec![Nnf::Lit(lit), body]);
            for &v in vars.iter().rev() {
                n = Nnf::All(v, Box::new(n));
            }
            self.emit(n, origin);
        }
        Shared::Defined(def, names)
    }

    fn use_shared(
        &mut self,
        s: &Shared,
        env: &mut Env,
        pos: bool,
        origin: Origin,
        at: &[u16],
    ) -> Nnf {
        match s {
            Shared::Inline(f) => self.nnf(f, env, pos, origin, &mut at.to_vec()),
            Shared::Defined(sym, names) => {
                let args = names
                    .iter()
                    .map(|n| {
                        env.iter()
                            .rev()
                            .find(|(m, _)| m == n)
                            .map(|(_, t)| t.clone())
                            .expect("free names are bound")
                    })
                    .collect();
                Nnf::Lit(Literal { positive: pos, atom: Atom::Pred(*sym, args) })
            }
        }
    }

    /// Skolemizes a closed formula and adds its clauses.
    fn emit(&mut self, n: Nnf, origin: Origin) {
        let qf = self.skolemize(n, &mut HashMap::new(), origin);
        let clauses = self.cnf(qf, origin);
        for literals in clauses {
            if let Some(c) = simplify(literals, origin, &self.var_names) {
                self.out.push(c);
            }
        }
    }

    fn skolemize(&mut self, n: Nnf, subst: &mut HashMap<u32, Term>, origin: Origin) -> Nnf {
        match n {
            Nnf::Lit(l) => {
                Nnf::Lit(Literal { positive: l.positive, atom: subst_atom(&l.atom, subst) })
            }
            Nnf::And(xs) => {
                Nnf::And(xs.into_iter().map(|x| self.skolemize(x, subst, origin)).collect())
            }
            Nnf::Or(xs) => {
                Nnf::Or(xs.into_iter().map(|x| self.skolemize(x, subst, origin)).collect())
            }
            Nnf::All(_, b) => self.skolemize(*b, subst, origin),
            Nnf::Part(b, mut source) => {
                for (_, t) in &mut source.bindings {
                    *t = subst_term(t, subst);
                }
                Nnf::Part(Box::new(self.skolemize(*b, subst, origin)), source)
            }
            Nnf::Ex(v, name, b, source) => {
                let mut free = BTreeSet::new();
                nnf_free_vars(&b, &mut Vec::new(), &mut free);
                free.remove(&v);
                let mut args = BTreeSet::new();
                for u in free {
                    match subst.get(&u) {
                        Some(t) => term_vars(t, &mut args),
                        None => {
                            args.insert(u);
                        }
                    }
                }
                let of = args
                    .iter()
                    .map(|a| self.var_names.get(a).cloned().unwrap_or_else(|| format!("v{a}")))
                    .collect();
                let sk = self.vocabulary.add(
                    format!("{name}#{}", origin.statement),
                    args.len(),
                    false,
                    Role::Skolem { origin, var: name, of },
                );
                let args: Vec<u32> = args.into_iter().collect();
                let bindings: Env = source
                    .bindings
                    .iter()
                    .map(|(n, t)| (n.clone(), subst_term(t, subst)))
                    .collect();
                if let Some(bindings) = bindings_over(&bindings, &args) {
                    let at = Place { origin, path: source.path };
                    let inner = source.inner;
                    self.vocabulary.set_meaning(sk, Meaning::Witness { at, inner, bindings });
                }
                subst.insert(v, Term::App(sk, args.into_iter().map(Term::Var).collect()));
                self.skolemize(*b, subst, origin)
            }
        }
    }

    fn cnf(&mut self, n: Nnf, origin: Origin) -> Vec<Vec<Literal>> {
        match n {
            Nnf::Lit(l) => vec![vec![l]],
            Nnf::And(xs) => xs.into_iter().flat_map(|x| self.cnf(x, origin)).collect(),
            Nnf::Part(x, _) => self.cnf(*x, origin),
            Nnf::Or(xs) => {
                let mut acc: Vec<Vec<Literal>> = vec![Vec::new()];
                for x in xs {
                    let (x, source) = match x {
                        Nnf::Part(x, source) => (*x, Some(source)),
                        x => (x, None),
                    };
                    let mut part = self.cnf(x, origin);
                    if acc.len() > 1
                        && part.len() > 1
                        && acc.len() * part.len() > DISTRIBUTION_LIMIT
                    {
                        part = self.name_clauses(part, origin, source);
                    }
                    let mut next = Vec::with_capacity(acc.len() * part.len());
                    for a in &acc {
                        for p in &part {
                            let mut c = a.clone();
                            c.extend(p.iter().cloned());
                            next.push(c);
                        }
                    }
                    acc = next;
                }
                acc
            }
            Nnf::All(..) | Nnf::Ex(..) => unreachable!("skolemized formulas have no quantifiers"),
        }
    }

    /// Replaces a conjunction of clauses by one fresh atom `d(x̄)` with `d → each clause`.
    /// With the disjunct's node known, x̄ are the variables free there (those bound inside
    /// it stay universal in `d → each clause`), and `d` means "the node holds".
    fn name_clauses(
        &mut self,
        clauses: Vec<Vec<Literal>>,
        origin: Origin,
        source: Option<Source>,
    ) -> Vec<Vec<Literal>> {
        let mut vars = BTreeSet::new();
        match &source {
            Some(source) => source.bindings.iter().for_each(|(_, t)| term_vars(t, &mut vars)),
            None => clauses.iter().flatten().for_each(|l| atom_vars(&l.atom, &mut vars)),
        }
        let def = self.vocabulary.add("def".into(), vars.len(), true, Role::Definition { origin });
        let vars: Vec<u32> = vars.into_iter().collect();
        if let Some(source) = source {
            let bindings =
                bindings_over(&source.bindings, &vars).expect("the variables are its own");
            let at = Place { origin, path: source.path };
            let meaning = Meaning::Part { at, positive: source.positive, bindings };
            self.vocabulary.set_meaning(def, meaning);
        }
        let d = Literal {
            positive: true,
            atom: Atom::Pred(def, vars.into_iter().map(Term::Var).collect()),
        };
        for mut c in clauses {
            c.push(negate(&d));
            if let Some(c) = simplify(c, origin, &self.var_names) {
                self.out.push(c);
            }
        }
        vec![vec![d]]
    }
}

#[cfg(test)]
mod tests;
