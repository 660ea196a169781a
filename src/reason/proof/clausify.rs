//! The checkers' own clausification: the premises' clauses rebuilt from the statements
//! themselves, in the symbols a proof (or a saturation) brings.
//!
//! A proof speaks of symbols the board does not have: Skolem functions, definitions, named
//! disjuncts. Each carries its [`Meaning`]: the node of a statement it stands for, and the
//! terms its arguments give the variables free there. This module walks each statement in
//! negation normal form and, wherever a clausifier makes a symbol, looks one up by its
//! meaning instead of inventing one:
//! - an `∃` (or a `∀` under a negation) takes the witness of its node, applied to the
//!   arguments under which the witness's bindings are the variables' current values;
//! - an operand of `↔`, or the body of `∃!`, that has a definition becomes the
//!   definition's atom, and the definition's two directions become clauses of their own;
//! - a disjunct with a named part becomes the part's atom, with "the atom implies each
//!   clause of the disjunct" as clauses of their own;
//! - everything else is translated in place and distributed in full.
//!
//! Why the result can be trusted without trusting the engines:
//! - every model of the statements extends to a model of these clauses, reading each
//!   symbol as its meaning says (a witness as a choice of object that makes its node's
//!   body true when one exists, a definition or part as its node's truth value); the
//!   meanings only mention earlier symbols, so that reading is well founded. This is what
//!   a refutation needs.
//! - every model of these clauses is a model of the statements, whatever it makes of the
//!   symbols: a witness term that satisfies the body shows the `∃`, and a definition or
//!   part atom implies its node wherever it stands for it. This is what a saturation needs.
//!
//! Neither argument depends on the meanings being the ones the engine used: a wrong
//! meaning, a dropped clause or a wrong Skolemization in the engine only makes its clauses
//! differ from these, and the checkers then refuse them. Naming statements, `∃!` and `↔`
//! are read as `logic::semantics` reads them; this module shares no code with
//! `logic::cnf`.

use super::ProofSymbol;
use crate::logic::ast::{
    self, BinaryOp, Formula, FormulaKind, Quantifier, Statement, StatementKind, TermKind,
};
use crate::logic::board::Premise;
use crate::logic::check::{Signature, SymbolKind};
use crate::logic::clauses::{Atom, Bindings, Literal, Meaning, Origin, Part, SymId, Term};
use std::collections::{HashMap, HashSet};

/// A clause of a premise, with the premise part it comes from.
pub type SourcedClause = (Origin, Vec<Literal>);

/// The rebuilt clauses.
#[derive(Clone, Debug, Default)]
pub struct Rebuilt {
    pub clauses: Vec<SourcedClause>,
    /// Bounds `|L| ≥ n` (n ≥ 2) whose n distinct objects are among the clauses.
    pub witnessed_bounds: Vec<(Origin, usize)>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClausifyError {
    #[error("the symbol `{0}` does not fit the board's signature")]
    NotTheBoards(String),
    #[error("the board's symbol `{0}` is missing from the proof's symbols")]
    Missing(String),
    #[error("the meaning of `{0}` is malformed")]
    BadMeaning(String),
    #[error("no symbol stands for the {0} in ({1})")]
    Unnamed(&'static str, usize),
    #[error("statement ({0}) is not well formed")]
    BadStatement(usize),
    #[error("the clauses are too large to rebuild (over {0} literals)")]
    TooLarge(usize),
}

/// More literals than this and the rebuilding stops.
const LITERAL_LIMIT: usize = 2_000_000;

/// The clauses of `premises` in `symbols`.
pub fn clausify(
    signature: &Signature,
    premises: &[Premise],
    symbols: &[ProofSymbol],
) -> Result<Rebuilt, ClausifyError> {
    let table = Table::new(signature, symbols)?;
    let statements: HashMap<usize, &Statement> =
        premises.iter().map(|p| (p.index, p.statement)).collect();
    let mut walker = Walker {
        table: &table,
        statements: &statements,
        origin: Origin { statement: 0, part: Part::Statement },
        next_var: 0,
        literals: 0,
        defined: HashSet::new(),
        pending: Vec::new(),
        out: Rebuilt::default(),
    };
    for p in premises {
        walker.premise(p)?;
    }
    Ok(walker.out)
}

/// The proof's symbols, by what they stand for.
struct Table<'p> {
    symbols: &'p [ProofSymbol],
    given: HashMap<&'p str, SymId>,
    witnesses: HashMap<(Origin, &'p [u16], bool), Vec<SymId>>,
    definitions: HashMap<(usize, &'p [u16]), Vec<SymId>>,
    parts: HashMap<(Origin, &'p [u16], bool), Vec<SymId>>,
    objects: HashMap<Origin, Vec<(usize, SymId)>>,
}

impl<'p> Table<'p> {
    fn new(signature: &Signature, symbols: &'p [ProofSymbol]) -> Result<Table<'p>, ClausifyError> {
        let mut t = Table {
            symbols,
            given: HashMap::new(),
            witnesses: HashMap::new(),
            definitions: HashMap::new(),
            parts: HashMap::new(),
            objects: HashMap::new(),
        };
        for (id, s) in symbols.iter().enumerate() {
            let bad = || ClausifyError::BadMeaning(s.name.clone());
            let Some(meaning) = &s.meaning else {
                if let Some(info) = signature.symbols.get(&s.name) {
                    let predicate = info.kind == SymbolKind::Predicate;
                    if info.arity != s.arity
                        || predicate != s.predicate
                        || t.given.insert(&s.name, id).is_some()
                    {
                        return Err(ClausifyError::NotTheBoards(s.name.clone()));
                    }
                }
                continue;
            };
            match meaning {
                Meaning::Witness { at, inner, bindings } if !s.predicate => {
                    t.check_bindings(id, bindings).ok_or_else(bad)?;
                    let key = (at.origin, at.path.as_slice(), *inner);
                    t.witnesses.entry(key).or_default().push(id);
                }
                Meaning::Subformula { at, bindings } if s.predicate => {
                    t.check_bindings(id, bindings).ok_or_else(bad)?;
                    let key = (at.origin.statement, at.path.as_slice());
                    t.definitions.entry(key).or_default().push(id);
                }
                Meaning::Part { at, positive, bindings } if s.predicate => {
                    t.check_bindings(id, bindings).ok_or_else(bad)?;
                    let key = (at.origin, at.path.as_slice(), *positive);
                    t.parts.entry(key).or_default().push(id);
                }
                Meaning::Object { origin, index } if !s.predicate && s.arity == 0 => {
                    t.objects.entry(*origin).or_default().push((*index, id));
                }
                _ => return Err(bad()),
            }
        }
        Ok(t)
    }

    /// Whether symbol `id`'s bindings use each of its arguments, only earlier function
    /// symbols (so that reading the meanings in order is well founded), and each name once.
    fn check_bindings(&self, id: SymId, bindings: &Bindings) -> Option<()> {
        fn go(t: &Term, id: SymId, symbols: &[ProofSymbol], used: &mut [bool]) -> bool {
            match t {
                Term::Var(i) => used.get_mut(*i as usize).map(|u| *u = true).is_some(),
                Term::App(f, args) => {
                    *f < id
                        && !symbols[*f].predicate
                        && symbols[*f].arity == args.len()
                        && args.iter().all(|a| go(a, id, symbols, used))
                }
            }
        }
        let mut used = vec![false; self.symbols[id].arity];
        let names: HashSet<&str> = bindings.iter().map(|(n, _)| n.as_str()).collect();
        let ok = names.len() == bindings.len()
            && bindings.iter().all(|(_, t)| go(t, id, self.symbols, &mut used))
            && used.iter().all(|&u| u);
        ok.then_some(())
    }

    fn given(&self, name: &str, arity: usize, predicate: bool) -> Result<SymId, ClausifyError> {
        let id = *self.given.get(name).ok_or_else(|| ClausifyError::Missing(name.into()))?;
        let s = &self.symbols[id];
        if s.arity != arity || s.predicate != predicate {
            return Err(ClausifyError::NotTheBoards(name.into()));
        }
        Ok(id)
    }

    /// The first of `candidates` whose bindings, for exactly the variables `names`, are
    /// the terms `env` gives them; applied to the arguments that make them so.
    fn application(
        &self,
        candidates: Option<&Vec<SymId>>,
        names: &[String],
        env: &Env,
    ) -> Option<(SymId, Vec<Term>)> {
        candidates?.iter().find_map(|&id| {
            let bindings = self.bindings(id);
            if bindings.len() != names.len()
                || !names.iter().all(|n| bindings.iter().any(|(m, _)| m == n))
            {
                return None;
            }
            let mut args = vec![None; self.symbols[id].arity];
            for (name, pattern) in bindings {
                if !matches(pattern, lookup(env, name)?, &mut args) {
                    return None;
                }
            }
            Some((id, args.into_iter().collect::<Option<Vec<Term>>>()?))
        })
    }

    fn bindings(&self, id: SymId) -> &'p Bindings {
        match &self.symbols[id].meaning {
            Some(Meaning::Witness { bindings, .. })
            | Some(Meaning::Subformula { bindings, .. })
            | Some(Meaning::Part { bindings, .. }) => bindings,
            _ => unreachable!("only symbols with bindings are looked up"),
        }
    }
}

/// Whether `t` is an instance of `pattern`, with `args` the values of its variables.
fn matches(pattern: &Term, t: &Term, args: &mut [Option<Term>]) -> bool {
    match (pattern, t) {
        (Term::Var(i), _) => match &args[*i as usize] {
            Some(a) => a == t,
            None => {
                args[*i as usize] = Some(t.clone());
                true
            }
        },
        (Term::App(f, ps), Term::App(g, ts)) => {
            f == g && ps.len() == ts.len() && ps.iter().zip(ts).all(|(p, t)| matches(p, t, args))
        }
        (Term::App(..), Term::Var(_)) => false,
    }
}

/// The variables bound so far, innermost last, with their terms.
type Env = Vec<(String, Term)>;

fn lookup<'e>(env: &'e Env, name: &str) -> Option<&'e Term> {
    env.iter().rev().find(|(n, _)| n == name).map(|(_, t)| t)
}

/// A quantifier-free formula in negation normal form.
enum Form {
    Lit(Literal),
    And(Vec<Form>),
    Or(Vec<Form>),
}

fn literal(positive: bool, atom: Atom) -> Form {
    Form::Lit(Literal { positive, atom })
}

struct Walker<'t, 'p> {
    table: &'t Table<'p>,
    statements: &'t HashMap<usize, &'t Statement>,
    /// The premise part being walked: witnesses and parts are looked up in it.
    origin: Origin,
    next_var: u32,
    literals: usize,
    /// Definitions whose clauses are written (or queued in `pending`).
    defined: HashSet<SymId>,
    pending: Vec<SymId>,
    out: Rebuilt,
}

impl<'t> Walker<'t, '_> {
    fn fresh(&mut self) -> Term {
        self.next_var += 1;
        Term::Var(self.next_var - 1)
    }

    fn premise(&mut self, p: &Premise) -> Result<(), ClausifyError> {
        let part = if p.negated { Part::Negation } else { Part::Statement };
        self.origin = Origin { statement: p.index, part };
        let bad = ClausifyError::BadStatement(p.index);
        match &p.statement.kind {
            StatementKind::Formula(f) => {
                let form = self.walk(f, &mut Vec::new(), !p.negated, &mut Vec::new())?;
                self.emit(form)?;
            }
            StatementKind::Named { formula, name, params, target } if !p.negated => {
                let form = self.named(formula, &name.name, params.len(), &target.name)?;
                self.emit(form)?;
            }
            StatementKind::Named { formula, name, params, target } => {
                let form = self.walk(formula, &mut Vec::new(), false, &mut Vec::new())?;
                self.emit(form)?;
                self.origin = Origin { statement: p.index, part: Part::NameDefinition };
                let form = self.name_means(formula, &name.name, params.len(), &target.name)?;
                self.emit(form)?;
            }
            kind => {
                let (at_least, n) = kind.size_bound().ok_or(bad)?;
                if at_least != p.negated && n >= 2 {
                    self.objects(n as usize);
                }
            }
        }
        self.definitions()
    }

    /// `o₀ ≠ o₁, …` for the n objects a bound `|L| ≥ n` asserts, when the proof has
    /// exactly one symbol for each.
    fn objects(&mut self, n: usize) {
        let mut ids = vec![None; n];
        for &(index, id) in self.table.objects.get(&self.origin).into_iter().flatten() {
            match ids.get_mut(index) {
                Some(slot @ None) => *slot = Some(id),
                _ => return,
            }
        }
        let Some(ids) = ids.into_iter().collect::<Option<Vec<SymId>>>() else { return };
        for i in 0..n {
            for j in i + 1..n {
                let atom = Atom::Eq(Term::App(ids[i], vec![]), Term::App(ids[j], vec![]));
                self.out.clauses.push((self.origin, vec![Literal { positive: false, atom }]));
            }
        }
        self.out.witnessed_bounds.push((self.origin, n));
    }

    /// The clauses of each definition used, both directions, until none is left.
    fn definitions(&mut self) -> Result<(), ClausifyError> {
        let saved = self.origin;
        while let Some(d) = self.pending.pop() {
            let Some(Meaning::Subformula { at, bindings }) = &self.table.symbols[d].meaning else {
                unreachable!("only definitions are queued")
            };
            self.origin = at.origin;
            let node = self.node(at.origin.statement, &at.path)?;
            let args: Vec<Term> = (0..self.table.symbols[d].arity).map(|_| self.fresh()).collect();
            let mut env: Env =
                bindings.iter().map(|(n, t)| (n.clone(), instantiate(t, &args))).collect();
            let atom = Atom::Pred(d, args);
            for positive in [true, false] {
                let body = self.walk(node, &mut env, positive, &mut at.path.clone())?;
                self.emit(Form::Or(vec![literal(!positive, atom.clone()), body]))?;
            }
        }
        self.origin = saved;
        Ok(())
    }

    /// The node at `path` in statement `k`'s formula.
    fn node(&self, k: usize, path: &[u16]) -> Result<&'t Formula, ClausifyError> {
        let bad = ClausifyError::BadStatement(k);
        let statements: &'t HashMap<usize, &'t Statement> = self.statements;
        let mut f = statements.get(&k).and_then(|s| s.formula()).ok_or(bad.clone())?;
        for &i in path {
            f = match (&f.kind, i) {
                (FormulaKind::Not(g) | FormulaKind::Quant { body: g, .. }, 0) => g,
                (FormulaKind::Binary { left, .. }, 0) => left,
                (FormulaKind::Binary { right, .. }, 1) => right,
                _ => return Err(bad),
            };
        }
        Ok(f)
    }

    /// `f`, the node at `path`, in negation normal form (its negation unless `pos`), with
    /// the witnesses, definitions and parts of the proof's symbols.
    fn walk(
        &mut self,
        f: &Formula,
        env: &mut Env,
        pos: bool,
        path: &mut Vec<u16>,
    ) -> Result<Form, ClausifyError> {
        Ok(match &f.kind {
            FormulaKind::Atom { pred, args } => {
                let p = self.table.given(&pred.name, args.len(), true)?;
                literal(pos, Atom::Pred(p, self.terms(args, env)?))
            }
            FormulaKind::Eq(a, b) => literal(pos, Atom::Eq(self.term(a, env)?, self.term(b, env)?)),
            FormulaKind::Neq(a, b) => {
                literal(!pos, Atom::Eq(self.term(a, env)?, self.term(b, env)?))
            }
            FormulaKind::Not(g) => self.child(g, env, !pos, path, 0)?,
            FormulaKind::Binary { op, left, right } => match (op, pos) {
                (BinaryOp::And, true) | (BinaryOp::Or, false) => Form::And(vec![
                    self.child(left, env, pos, path, 0)?,
                    self.child(right, env, pos, path, 1)?,
                ]),
                (BinaryOp::Or, true) | (BinaryOp::And, false) => Form::Or(vec![
                    self.disjunct(left, env, pos, path, 0)?,
                    self.disjunct(right, env, pos, path, 1)?,
                ]),
                (BinaryOp::Implies, true) => Form::Or(vec![
                    self.disjunct(left, env, false, path, 0)?,
                    self.disjunct(right, env, true, path, 1)?,
                ]),
                (BinaryOp::Implies, false) => Form::And(vec![
                    self.child(left, env, true, path, 0)?,
                    self.child(right, env, false, path, 1)?,
                ]),
                (BinaryOp::Iff, _) => {
                    // a ↔ b is (¬a ∨ b) ∧ (a ∨ ¬b); its negation (a ∨ b) ∧ (¬a ∨ ¬b).
                    let (l, r) = ([&path[..], &[0]].concat(), [&path[..], &[1]].concat());
                    Form::And(vec![
                        Form::Or(vec![
                            self.operand(left, env, false, &l)?,
                            self.operand(right, env, pos, &r)?,
                        ]),
                        Form::Or(vec![
                            self.operand(left, env, true, &l)?,
                            self.operand(right, env, !pos, &r)?,
                        ]),
                    ])
                }
            },
            FormulaKind::Quant { q, var, body } => match (q, pos) {
                (Quantifier::Forall, true) | (Quantifier::Exists, false) => {
                    let v = self.fresh();
                    self.under(var, v, body, env, pos, path)?
                }
                (Quantifier::Exists, true) | (Quantifier::Forall, false) => {
                    let w = self.witness(&f.free_variables(), env, path, false)?;
                    self.under(var, w, body, env, pos, path)?
                }
                (Quantifier::ExistsUnique, _) => self.unique(&var.name, body, env, pos, path)?,
            },
        })
    }

    /// The body of the quantifier at `path`, with `var` bound to `value`.
    fn under(
        &mut self,
        var: &ast::Ident,
        value: Term,
        body: &Formula,
        env: &mut Env,
        pos: bool,
        path: &mut Vec<u16>,
    ) -> Result<Form, ClausifyError> {
        env.push((var.name.clone(), value));
        let form = self.child(body, env, pos, path, 0);
        env.pop();
        form
    }

    fn child(
        &mut self,
        f: &Formula,
        env: &mut Env,
        pos: bool,
        path: &mut Vec<u16>,
        i: u16,
    ) -> Result<Form, ClausifyError> {
        path.push(i);
        let form = self.walk(f, env, pos, path);
        path.pop();
        form
    }

    /// Child `i` as a disjunct: the atom of its named part when the proof has one (the
    /// part's clauses are written then), else the child itself.
    fn disjunct(
        &mut self,
        f: &Formula,
        env: &mut Env,
        pos: bool,
        path: &mut Vec<u16>,
        i: u16,
    ) -> Result<Form, ClausifyError> {
        path.push(i);
        let parts = self.table.parts.get(&(self.origin, path.as_slice(), pos));
        let form = match self.table.application(parts, &f.free_variables(), env) {
            Some((d, args)) => {
                let body = self.walk(f, env, pos, path)?;
                let atom = Atom::Pred(d, args);
                self.emit(Form::Or(vec![literal(false, atom.clone()), body]))?;
                literal(true, atom)
            }
            None => self.walk(f, env, pos, path)?,
        };
        path.pop();
        Ok(form)
    }

    /// An operand of `↔` or the body of `∃!` (at `at`): its definition's atom when the
    /// proof has one, else the operand itself.
    fn operand(
        &mut self,
        f: &Formula,
        env: &mut Env,
        pos: bool,
        at: &[u16],
    ) -> Result<Form, ClausifyError> {
        let definitions = self.table.definitions.get(&(self.origin.statement, at));
        match self.table.application(definitions, &f.free_variables(), env) {
            Some((d, args)) => {
                if self.defined.insert(d) {
                    self.pending.push(d);
                }
                Ok(literal(pos, Atom::Pred(d, args)))
            }
            None => self.walk(f, env, pos, &mut at.to_vec()),
        }
    }

    /// The witness term for the quantifier at `path`, whose free variables are `names`.
    fn witness(
        &self,
        names: &[String],
        env: &Env,
        path: &[u16],
        inner: bool,
    ) -> Result<Term, ClausifyError> {
        let candidates = self.table.witnesses.get(&(self.origin, path, inner));
        let (sk, args) = self
            .table
            .application(candidates, names, env)
            .ok_or(ClausifyError::Unnamed("object a quantifier asserts", self.origin.statement))?;
        Ok(Term::App(sk, args))
    }

    /// `∃!x φ` at `path` (as `logic::semantics` reads it): there is an x with φ(x), and
    /// every y with φ(y) is x. Its negation: every x with φ(x) has a y ≠ x with φ(y).
    fn unique(
        &mut self,
        var: &str,
        body: &Formula,
        env: &mut Env,
        pos: bool,
        path: &[u16],
    ) -> Result<Form, ClausifyError> {
        let at = [path, &[0]].concat();
        let mut names: Vec<String> =
            body.free_variables().into_iter().filter(|n| n != var).collect();
        if pos {
            let x = self.witness(&names, env, path, false)?;
            env.push((var.into(), x.clone()));
            let holds = self.operand(body, env, true, &at);
            env.pop();
            let y = self.fresh();
            env.push((var.into(), y.clone()));
            let fails = self.operand(body, env, false, &at);
            env.pop();
            let same = literal(true, Atom::Eq(y, x));
            Ok(Form::And(vec![holds?, Form::Or(vec![fails?, same])]))
        } else {
            let x = self.fresh();
            env.push((var.into(), x.clone()));
            names.push(var.into());
            let fails = self.operand(body, env, false, &at);
            let y = self.witness(&names, env, path, true);
            env.pop();
            let y = y?;
            env.push((var.into(), y.clone()));
            let holds = self.operand(body, env, true, &at);
            env.pop();
            let other = literal(false, Atom::Eq(y, x));
            Ok(Form::Or(vec![fails?, Form::And(vec![holds?, other])]))
        }
    }

    /// A naming statement `∀p̄ ∃!y φ | name(p̄) := y` as written, with the meaning its name
    /// has (ruling L6): `∀p̄ (φ(p̄, name(p̄)) ∧ ∀y (φ(p̄, y) → y = name(p̄)))`. In every
    /// structure where the name means what L6 says, this is the statement; and it implies
    /// both the statement and that meaning.
    fn named(
        &mut self,
        formula: &Formula,
        name: &str,
        arity: usize,
        target: &str,
    ) -> Result<Form, ClausifyError> {
        let (mut env, named, body) = self.naming_prefix(formula, name, arity)?;
        let mut at = vec![0; arity + 1];
        env.push((target.into(), named.clone()));
        let holds = self.walk(body, &mut env, true, &mut at)?;
        env.pop();
        let y = self.fresh();
        env.push((target.into(), y.clone()));
        let fails = self.walk(body, &mut env, false, &mut at)?;
        Ok(Form::And(vec![holds, Form::Or(vec![fails, literal(true, Atom::Eq(y, named))])]))
    }

    /// What a name made by `∃!` means (ruling L6): `∀p̄ ((∃!y φ) → φ(p̄, name(p̄)))`.
    fn name_means(
        &mut self,
        formula: &Formula,
        name: &str,
        arity: usize,
        target: &str,
    ) -> Result<Form, ClausifyError> {
        let (mut env, named, body) = self.naming_prefix(formula, name, arity)?;
        let mut at = vec![0; arity];
        let unique = self.unique(target, body, &mut env, false, &at)?;
        env.push((target.into(), named));
        let instance = self.disjunct(body, &mut env, true, &mut at, 0)?;
        Ok(Form::Or(vec![unique, instance]))
    }

    /// The parameters of a naming statement (fresh variables), the name applied to them,
    /// and the body under `∃!`.
    fn naming_prefix<'f>(
        &mut self,
        formula: &'f Formula,
        name: &str,
        arity: usize,
    ) -> Result<(Env, Term, &'f Formula), ClausifyError> {
        let naming = formula
            .naming_parts(arity)
            .ok_or(ClausifyError::BadStatement(self.origin.statement))?;
        let mut env = Env::new();
        for var in naming.params {
            let v = self.fresh();
            env.push((var.name.clone(), v));
        }
        let body = naming.body;
        let id = self.table.given(name, arity, false)?;
        let named = Term::App(id, env.iter().map(|(_, t)| t.clone()).collect());
        Ok((env, named, body))
    }

    fn term(&self, t: &ast::Term, env: &Env) -> Result<Term, ClausifyError> {
        match &t.kind {
            TermKind::Var(v) => lookup(env, &v.name)
                .cloned()
                .ok_or(ClausifyError::BadStatement(self.origin.statement)),
            TermKind::App { func, args } => {
                let f = self.table.given(&func.name, args.len(), false)?;
                Ok(Term::App(f, self.terms(args, env)?))
            }
        }
    }

    fn terms(&self, ts: &[ast::Term], env: &Env) -> Result<Vec<Term>, ClausifyError> {
        ts.iter().map(|t| self.term(t, env)).collect()
    }

    /// Adds the clauses of `form` (distributed in full) to the current premise part's.
    fn emit(&mut self, form: Form) -> Result<(), ClausifyError> {
        for clause in self.cnf(form)? {
            self.out.clauses.push((self.origin, clause));
        }
        Ok(())
    }

    fn cnf(&mut self, form: Form) -> Result<Vec<Vec<Literal>>, ClausifyError> {
        Ok(match form {
            Form::Lit(l) => vec![vec![l]],
            Form::And(xs) => {
                let mut out = Vec::new();
                for x in xs {
                    out.extend(self.cnf(x)?);
                }
                out
            }
            Form::Or(xs) => {
                let mut acc: Vec<Vec<Literal>> = vec![Vec::new()];
                for x in xs {
                    let part = self.cnf(x)?;
                    let mut next = Vec::with_capacity(acc.len() * part.len());
                    for a in &acc {
                        for p in &part {
                            self.literals += a.len() + p.len();
                            if self.literals > LITERAL_LIMIT {
                                return Err(ClausifyError::TooLarge(LITERAL_LIMIT));
                            }
                            next.push([&a[..], &p[..]].concat());
                        }
                    }
                    acc = next;
                }
                acc
            }
        })
    }
}

/// `t` with `Var(i)` replaced by `args[i]`.
fn instantiate(t: &Term, args: &[Term]) -> Term {
    match t {
        Term::Var(i) => args[*i as usize].clone(),
        Term::App(f, xs) => Term::App(*f, xs.iter().map(|x| instantiate(x, args)).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board::{self, premises_of};
    use crate::logic::check::CheckMode;
    use crate::logic::cnf::clausify_with;
    use crate::logic::parse::parse_statement;

    /// A statement that uses a board symbol with another arity than the proof's symbol
    /// (which only an unchecked statement can) is refused, not clausified.
    #[test]
    fn a_symbol_used_with_another_arity_is_refused() {
        let b = board::load("b", "likes(a, b)\n", CheckMode::FreeStanding).unwrap();
        let premises = premises_of(&b, None);
        let symbols = ProofSymbol::of(&clausify_with(&b.signature, &premises, true).vocabulary);
        assert!(clausify(&b.signature, &premises, &symbols).is_ok());
        for text in ["likes(a)", "likes(a, b, a)", "likes(likes(a, b), b)", "a(b)"] {
            let unchecked = parse_statement(text).unwrap();
            let premise = Premise { index: 1, statement: &unchecked, negated: false };
            assert!(
                matches!(
                    clausify(&b.signature, &[premise], &symbols),
                    Err(ClausifyError::NotTheBoards(_))
                ),
                "{text}"
            );
        }
    }

    /// Distributing a disjunction the proof names no part of stops at the literal limit,
    /// with an error, instead of growing without end: 2²⁴ clauses here.
    #[test]
    fn full_distribution_stops_at_its_limit() {
        let text: Vec<String> = (0..24).map(|i| format!("(blonde(c{i}) ∧ happy(c{i}))")).collect();
        let b = board::load("wide", &text.join(" ∨ "), CheckMode::FreeStanding).unwrap();
        let premises = premises_of(&b, None);
        let mut symbols = ProofSymbol::of(&clausify_with(&b.signature, &premises, true).vocabulary);
        assert!(clausify(&b.signature, &premises, &symbols).is_ok(), "with its named parts");
        symbols.iter_mut().for_each(|s| {
            if matches!(s.meaning, Some(Meaning::Part { .. })) {
                s.meaning = None;
            }
        });
        assert_eq!(
            clausify(&b.signature, &premises, &symbols).unwrap_err(),
            ClausifyError::TooLarge(LITERAL_LIMIT)
        );
    }
}
