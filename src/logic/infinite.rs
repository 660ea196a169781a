//! Infinite structures that can be written down, and what statements mean in them.
//!
//! The objects are ℕ = {0, 1, 2, …} or ℤ; each symbol is defined by a formula of
//! Presburger arithmetic: a function by guarded linear cases (`max(x, y) + 1` is
//! `y + 1 if x < y, x + 1 otherwise`), a predicate by a quantifier-free formula
//! (`smarter(x, y)` when `x > y`, `blonde(x)` when x is even). A statement read in such a
//! structure is a sentence of Presburger arithmetic, and [`InfiniteStructure::satisfies`]
//! decides it with [`crate::logic::presburger`]. This is the re-check behind every infinite
//! model, as [`crate::logic::semantics`] is for finite ones: it reads the syntax tree
//! directly and shares no code with the search that proposes the definitions.
//!
//! ```
//! use umpire::logic::{board, check::CheckMode, infinite::{Domain, InfiniteStructure, Meaning}};
//! use umpire::logic::presburger::{Formula, Linear};
//! let b = board::load("b", "∀x smarter(father(x), x)\n∀x ¬smarter(x, x)", CheckMode::FreeStanding).unwrap();
//! let mut m = InfiniteStructure::new(Domain::Naturals);
//! m.define("father", Meaning::function(1, Linear::var(0).plus_constant(1).unwrap()));
//! m.define("smarter", Meaning::Predicate { arity: 2, holds: Formula::less(&Linear::var(1), &Linear::var(0)).unwrap() });
//! assert_eq!(m.satisfies(&b.board.statements[0], false, None), Ok(true));
//! assert_eq!(m.satisfies(&b.board.statements[1], false, None), Ok(true));
//! assert_eq!(m.describe(), ["L = ℕ = {0, 1, 2, …}", "father(x) = x + 1", "smarter(x, y) when x > y"]);
//! ```

use crate::logic::ast::{
    BinaryOp, Formula, FormulaKind, Quantifier, Statement, StatementKind, Term, TermKind, PLUS,
};
use crate::logic::presburger::{self as pa, show_linear, Linear, PresburgerError, Var};
use crate::solve::budget::Budget;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;

/// The objects of an infinite structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Domain {
    /// ℕ = {0, 1, 2, …}
    Naturals,
    /// ℤ = {…, −1, 0, 1, …}
    Integers,
}

/// What a symbol means. Arguments are the variables `0..arity`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Meaning {
    /// The value is the linear term of the one case whose guard holds.
    Function { arity: usize, cases: Vec<(pa::Formula, Linear)> },
    /// Holds of the arguments that satisfy the formula.
    Predicate { arity: usize, holds: pa::Formula },
}

impl Meaning {
    /// A function given by one linear term.
    pub fn function(arity: usize, value: Linear) -> Meaning {
        Meaning::Function { arity, cases: vec![(pa::Formula::True, value)] }
    }

    pub fn arity(&self) -> usize {
        match self {
            Meaning::Function { arity, .. } | Meaning::Predicate { arity, .. } => *arity,
        }
    }
}

/// An infinite structure: the domain and each symbol's definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfiniteStructure {
    pub domain: Domain,
    pub symbols: BTreeMap<String, Meaning>,
}

/// Why a statement could not be decided in the structure.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InfiniteCheckError {
    #[error("the structure does not define `{0}`")]
    MissingSymbol(String),
    #[error("`{0}` is used as a {1} but defined otherwise")]
    WrongKind(String, &'static str),
    #[error("`{0}` is used with a variable that is not bound")]
    UnboundVariable(String),
    #[error("the statement has too many cases to decide (nested definitions by cases)")]
    TooManyCases,
    #[error(transparent)]
    Presburger(#[from] PresburgerError),
}

impl From<pa::Overflow> for InfiniteCheckError {
    fn from(o: pa::Overflow) -> Self {
        InfiniteCheckError::Presburger(o.into())
    }
}

/// The most cases a term may split into before the statement is given up.
const MAX_CASES: usize = 4096;

/// Bound variables are numbered from here; below are the arguments of definitions.
const FIRST_BOUND: Var = 64;

type Cases = Vec<(pa::Formula, Linear)>;

impl InfiniteStructure {
    pub fn new(domain: Domain) -> InfiniteStructure {
        InfiniteStructure { domain, symbols: BTreeMap::new() }
    }

    pub fn define(&mut self, name: &str, meaning: Meaning) {
        self.symbols.insert(name.to_string(), meaning);
    }

    /// Whether the structure satisfies the statement (or, with `negated`, its negation).
    /// Like the finite evaluator: a name's definition (ruling L6) must hold either way;
    /// `|L| ≥ n` always holds and `|L| < n` never does.
    pub fn satisfies(
        &self,
        st: &Statement,
        negated: bool,
        budget: Option<&Budget>,
    ) -> Result<bool, InfiniteCheckError> {
        let sentence = Reader { structure: self, next: FIRST_BOUND, env: Vec::new() }
            .statement(st, negated)?;
        Ok(pa::decide(&sentence, budget)?)
    }

    /// For a statement of the form `∀x̄ φ` that is false in the structure: the smallest values
    /// of x̄ (by size, at most 6 from 0, for up to three variables) for which φ is false,
    /// each decided exactly. `None` when the statement has no leading `∀` or no such values
    /// are small.
    pub fn counterexample(
        &self,
        st: &Statement,
        budget: Option<&Budget>,
    ) -> Option<Vec<(String, i128)>> {
        let mut body = st.formula()?;
        let mut vars = Vec::new();
        while let FormulaKind::Quant { q: Quantifier::Forall, var, body: inner } = &body.kind {
            vars.push(var.name.clone());
            body = inner;
        }
        if vars.is_empty() || vars.len() > 3 {
            return None;
        }
        let values: Vec<i128> = match self.domain {
            Domain::Naturals => (0..=6).collect(),
            Domain::Integers => {
                (0..=6).flat_map(|v| if v == 0 { vec![0] } else { vec![v, -v] }).collect()
            }
        };
        // Tuples in order of their largest entry's place in `values`, so small ones come first.
        let mut tuples: Vec<Vec<usize>> = vec![Vec::new()];
        for _ in &vars {
            tuples = tuples
                .into_iter()
                .flat_map(|t| (0..values.len()).map(move |i| [t.clone(), vec![i]].concat()))
                .collect();
        }
        tuples.sort_by_key(|t| (t.iter().copied().max(), t.clone()));
        for t in tuples {
            let mut reader = Reader { structure: self, next: FIRST_BOUND, env: Vec::new() };
            for (name, &i) in vars.iter().zip(&t) {
                reader
                    .env
                    .push((name.clone(), vec![(pa::Formula::True, Linear::constant(values[i]))]));
            }
            let sentence = reader.formula(body).ok()?;
            if pa::decide(&sentence, budget).ok()? {
                continue;
            }
            return Some(vars.iter().cloned().zip(t.iter().map(|&i| values[i])).collect());
        }
        None
    }

    /// Whether every function is total and single-valued on the domain: for all arguments
    /// in the domain exactly one case applies, and (over ℕ) its value is in ℕ.
    pub fn well_defined(&self, budget: Option<&Budget>) -> Result<bool, InfiniteCheckError> {
        for meaning in self.symbols.values() {
            let Meaning::Function { arity, cases } = meaning else { continue };
            let mut parts = vec![pa::Formula::or(cases.iter().map(|(g, _)| g.clone()).collect())];
            for (i, (gi, value)) in cases.iter().enumerate() {
                for (gj, _) in &cases[i + 1..] {
                    parts.push(pa::Formula::not(pa::Formula::and(vec![gi.clone(), gj.clone()])));
                }
                if self.domain == Domain::Naturals {
                    parts.push(pa::Formula::implies(
                        gi.clone(),
                        pa::Formula::at_most(&Linear::constant(0), value)?,
                    ));
                }
            }
            let mut sentence = pa::Formula::and(parts);
            for x in (0..*arity as Var).rev() {
                sentence = pa::Formula::Forall(
                    x,
                    Box::new(pa::Formula::implies(self.within(x)?, sentence)),
                );
            }
            if !pa::decide(&sentence, budget)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `x` is in the domain.
    fn within(&self, x: Var) -> Result<pa::Formula, pa::Overflow> {
        match self.domain {
            Domain::Naturals => pa::Formula::at_most(&Linear::constant(0), &Linear::var(x)),
            Domain::Integers => Ok(pa::Formula::True),
        }
    }

    /// One line for the domain, then one per symbol, as the table reads them.
    pub fn describe(&self) -> Vec<String> {
        let mut out = vec![match self.domain {
            Domain::Naturals => "L = ℕ = {0, 1, 2, …}".to_string(),
            Domain::Integers => "L = ℤ = {…, -1, 0, 1, …}".to_string(),
        }];
        for (name, meaning) in &self.symbols {
            out.push(describe_symbol(name, meaning));
        }
        out
    }
}

fn parameter(i: Var, arity: usize) -> String {
    match (arity, i) {
        (1..=3, 0) => "x".into(),
        (1..=3, 1) => "y".into(),
        (1..=3, 2) => "z".into(),
        _ => format!("x{}", i + 1),
    }
}

/// `father(x) = x + 1`, `smarter(x, y) when x > y`, `adam = 0`.
pub fn describe_symbol(name: &str, meaning: &Meaning) -> String {
    let arity = meaning.arity();
    let names = |v: Var| parameter(v, arity);
    let params: Vec<String> = (0..arity as Var).map(names).collect();
    let applied = if name == PLUS && arity == 2 {
        format!("{} + {}", params[0], params[1])
    } else if arity == 0 {
        name.to_string()
    } else {
        format!("{name}({})", params.join(", "))
    };
    match meaning {
        Meaning::Function { cases, .. } if extremum(cases, &names).is_some() => {
            format!("{applied} = {}", extremum(cases, &names).expect("just matched"))
        }
        Meaning::Function { cases, .. } => {
            let shown: Vec<String> = cases
                .iter()
                .enumerate()
                .map(|(i, (guard, value))| {
                    let value = show_linear(value, &names);
                    if i + 1 == cases.len() {
                        if cases.len() == 1 {
                            value
                        } else {
                            format!("{value} otherwise")
                        }
                    } else {
                        format!("{value} if {}", show(guard, &names))
                    }
                })
                .collect();
            format!("{applied} = {}", shown.join("; "))
        }
        Meaning::Predicate { holds: pa::Formula::True, .. } if arity == 0 => {
            format!("{name} is true")
        }
        Meaning::Predicate { holds: pa::Formula::False, .. } if arity == 0 => {
            format!("{name} is false")
        }
        Meaning::Predicate { holds: pa::Formula::True, .. } => {
            format!("{applied} for every {}", params.join(", "))
        }
        Meaning::Predicate { holds: pa::Formula::False, .. } => {
            format!("{applied} for no {}", params.join(", "))
        }
        Meaning::Predicate { holds, .. } => format!("{applied} when {}", show(holds, &names)),
    }
}

/// `max(a, b) + c` or `min(a, b) + c` when two cases say so: `a + c if a ≥ b; b + c
/// otherwise`.
fn extremum(cases: &[(pa::Formula, Linear)], names: &dyn Fn(Var) -> String) -> Option<String> {
    let [(first, a), (pa::Formula::Positive(second), b)] = cases else { return None };
    let pa::Formula::Positive(first) = first else { return None };
    let d = a.minus(b).ok()?;
    let larger = *first == d.plus_constant(1).ok()? && *second == d.times(-1).ok()?;
    let smaller = *first == d.times(-1).ok()?.plus_constant(1).ok()? && *second == d;
    if !larger && !smaller {
        return None;
    }
    let c = a.constant.min(b.constant);
    let (a, b) = (a.plus_constant(-c).ok()?, b.plus_constant(-c).ok()?);
    let which = if larger { "max" } else { "min" };
    let core = format!("{which}({}, {})", show_linear(&a, names), show_linear(&b, names));
    Some(match c {
        0 => core,
        c if c > 0 => format!("{core} + {c}"),
        c => format!("{core} - {}", -c),
    })
}

/// A quantifier-free formula in the table's words: `x > y`, `x is even`, `x = y + 1`.
pub fn show(f: &pa::Formula, names: &dyn Fn(Var) -> String) -> String {
    // Splits t into the positive part, the negated negative part and the constant.
    let sides = |t: &Linear| {
        let mut plus = Linear::default();
        let mut minus = Linear::default();
        for (&v, &c) in &t.coeffs {
            if c > 0 {
                plus.coeffs.insert(v, c);
            } else {
                minus.coeffs.insert(v, -c);
            }
        }
        (plus, minus, t.constant)
    };
    let text = |t: &Linear| show_linear(t, names);
    let with = |t: &Linear, k: i128| text(&Linear { coeffs: t.coeffs.clone(), constant: k });
    let equation = |t: &Linear, relation: &str| {
        let (p, m, c) = sides(t);
        let (l, r) = if c >= 0 { (with(&p, c), text(&m)) } else { (text(&p), with(&m, -c)) };
        format!("{l} {relation} {r}")
    };
    // `2 | x + c` as `x is even` (c even) or `x is odd`; `divides` false for its negation.
    let parity = |t: &Linear, divides: bool| -> Option<String> {
        let [(&v, 1)] = t.coeffs.iter().collect::<Vec<_>>()[..] else { return None };
        let even = (t.constant.rem_euclid(2) == 0) == divides;
        Some(format!("{} is {}", names(v), if even { "even" } else { "odd" }))
    };
    let atom = |f: &pa::Formula| -> Option<String> {
        Some(match f {
            pa::Formula::Positive(t) => {
                let (p, m, c) = sides(t);
                match c {
                    0 => format!("{} > {}", text(&p), text(&m)),
                    1 => format!("{} ≥ {}", text(&p), text(&m)),
                    c if c > 1 => format!("{} ≥ {}", with(&p, c - 1), text(&m)),
                    c => format!("{} > {}", text(&p), with(&m, -c)),
                }
            }
            pa::Formula::Zero(t) => equation(t, "="),
            pa::Formula::Not(g) => match &**g {
                pa::Formula::Zero(t) => equation(t, "≠"),
                pa::Formula::Divides(2, t) => parity(t, false)?,
                _ => return None,
            },
            pa::Formula::Divides(2, t) if parity(t, true).is_some() => {
                parity(t, true).expect("just matched")
            }
            pa::Formula::Divides(d, t) => format!("{d} divides {}", text(t)),
            _ => return None,
        })
    };
    if let Some(a) = atom(f) {
        return a;
    }
    let group = |g: &pa::Formula| {
        let s = show(g, names);
        if matches!(g, pa::Formula::And(_) | pa::Formula::Or(_)) {
            format!("({s})")
        } else {
            s
        }
    };
    match f {
        pa::Formula::True => "always".into(),
        pa::Formula::False => "never".into(),
        pa::Formula::Not(g) => format!("not {}", group(g)),
        pa::Formula::And(parts) => parts.iter().map(group).collect::<Vec<_>>().join(" and "),
        pa::Formula::Or(parts) => parts.iter().map(group).collect::<Vec<_>>().join(" or "),
        pa::Formula::Exists(..) | pa::Formula::Forall(..) => "(a quantified formula)".into(),
        _ => unreachable!("atoms are shown above"),
    }
}

impl InfiniteStructure {
    /// The definitions as TPTP formulas (typed first-order form with integer arithmetic,
    /// role `interpretation`), after a comment naming the domain: for the SZS output block.
    pub fn tptp_lines(&self) -> Vec<String> {
        let mut out = vec![match self.domain {
            Domain::Naturals => "% the objects are the natural numbers 0, 1, 2, ... (every quantifier ranges over them)".to_string(),
            Domain::Integers => "% the objects are the integers (every quantifier ranges over them)".to_string(),
        }];
        for (name, meaning) in &self.symbols {
            let arity = meaning.arity();
            let var = |v: Var| parameter(v, arity).to_uppercase();
            let params: Vec<String> = (0..arity as Var).map(var).collect();
            // Quoted where TPTP needs it: `'+'(X, Y)`, `'0'` (a bare 0 is an integer).
            let symbol = crate::logic::tptp::symbol(name);
            let applied =
                if arity == 0 { symbol } else { format!("{symbol}({})", params.join(", ")) };
            let body = match meaning {
                Meaning::Function { cases, .. } if cases.len() == 1 => {
                    format!("{applied} = {}", tptp_linear(&cases[0].1, &var))
                }
                Meaning::Function { cases, .. } => cases
                    .iter()
                    .map(|(g, e)| {
                        format!(
                            "({} => {applied} = {})",
                            tptp_formula(g, &var),
                            tptp_linear(e, &var)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" & "),
                Meaning::Predicate { holds, .. } => {
                    format!("({applied} <=> {})", tptp_formula(holds, &var))
                }
            };
            let quantified = if arity == 0 {
                body
            } else {
                let bound: Vec<String> = params.iter().map(|p| format!("{p}: $int")).collect();
                format!("! [{}] : ({body})", bound.join(", "))
            };
            let label: String =
                name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
            out.push(format!("tff(meaning_of_{label}, interpretation, {quantified})."));
        }
        out
    }
}

fn tptp_linear(t: &Linear, var: &dyn Fn(Var) -> String) -> String {
    let mut parts: Vec<String> = t
        .coeffs
        .iter()
        .map(|(&v, &c)| match c {
            1 => var(v),
            -1 => format!("$uminus({})", var(v)),
            c => format!("$product({c}, {})", var(v)),
        })
        .collect();
    if t.constant != 0 || parts.is_empty() {
        parts.push(t.constant.to_string());
    }
    let mut out = parts.pop().expect("at least one part");
    while let Some(p) = parts.pop() {
        out = format!("$sum({p}, {out})");
    }
    out
}

fn tptp_formula(f: &pa::Formula, var: &dyn Fn(Var) -> String) -> String {
    let join = |parts: &[pa::Formula], op: &str| {
        format!("({})", parts.iter().map(|p| tptp_formula(p, var)).collect::<Vec<_>>().join(op))
    };
    match f {
        pa::Formula::True => "$true".into(),
        pa::Formula::False => "$false".into(),
        pa::Formula::Positive(t) => format!("$greater({}, 0)", tptp_linear(t, var)),
        pa::Formula::Zero(t) => format!("{} = 0", tptp_linear(t, var)),
        pa::Formula::Divides(d, t) => format!("$remainder_e({}, {d}) = 0", tptp_linear(t, var)),
        pa::Formula::Not(g) => format!("~ ({})", tptp_formula(g, var)),
        pa::Formula::And(parts) => join(parts, " & "),
        pa::Formula::Or(parts) => join(parts, " | "),
        pa::Formula::Exists(..) | pa::Formula::Forall(..) => {
            "$true /* quantified definitions are not used */".into()
        }
    }
}

/// Reads statements into Presburger sentences.
struct Reader<'s> {
    structure: &'s InfiniteStructure,
    next: Var,
    env: Vec<(String, Cases)>,
}

impl Reader<'_> {
    fn fresh(&mut self) -> Var {
        self.next += 1;
        self.next
    }

    fn statement(
        &mut self,
        st: &Statement,
        negated: bool,
    ) -> Result<pa::Formula, InfiniteCheckError> {
        let truth = |b: bool| if b { pa::Formula::True } else { pa::Formula::False };
        Ok(match &st.kind {
            StatementKind::Formula(f) => {
                let s = self.formula(f)?;
                if negated {
                    pa::Formula::not(s)
                } else {
                    s
                }
            }
            StatementKind::AtLeast { .. }
            | StatementKind::LessThan { .. }
            | StatementKind::NegatedBound { .. } => {
                let (at_least, _) = st.kind.size_bound().expect("a cardinality statement");
                truth(at_least != negated)
            }
            StatementKind::Named { formula, name, params, target } => {
                let said = self.formula(formula)?;
                let said = if negated { pa::Formula::not(said) } else { said };
                pa::Formula::and(vec![
                    said,
                    self.name_means(formula, &name.name, params.len(), &target.name)?,
                ])
            }
        })
    }

    /// `∀p̄ ((∃!y φ) → φ(p̄, name(p̄)))`.
    fn name_means(
        &mut self,
        formula: &Formula,
        name: &str,
        arity: usize,
        target: &str,
    ) -> Result<pa::Formula, InfiniteCheckError> {
        let Some(naming) = formula.naming_parts(arity) else {
            return Ok(pa::Formula::False);
        };
        let params: Vec<String> = naming.params.iter().map(|p| p.name.clone()).collect();
        let (f, body) = (naming.unique, naming.body);
        let vars: Vec<Var> = params.iter().map(|_| self.fresh()).collect();
        for (p, &v) in params.iter().zip(&vars) {
            self.env.push((p.clone(), vec![(pa::Formula::True, Linear::var(v))]));
        }
        let unique = self.formula(f)?;
        let named = Term::app(name, params.iter().map(|p| Term::var(p)).collect());
        let value = self.term(&named)?;
        self.env.push((target.to_string(), value));
        let holds = self.formula(body)?;
        self.env.pop();
        self.env.truncate(self.env.len() - params.len());
        let mut out = pa::Formula::implies(unique, holds);
        for &v in vars.iter().rev() {
            out = pa::Formula::Forall(
                v,
                Box::new(pa::Formula::implies(self.structure.within(v)?, out)),
            );
        }
        Ok(out)
    }

    fn term(&mut self, t: &Term) -> Result<Cases, InfiniteCheckError> {
        match &t.kind {
            TermKind::Var(v) => self
                .env
                .iter()
                .rev()
                .find(|(name, _)| *name == v.name)
                .map(|(_, cases)| cases.clone())
                .ok_or_else(|| InfiniteCheckError::UnboundVariable(v.name.clone())),
            TermKind::App { func, args } => {
                let Some(meaning) = self.structure.symbols.get(&func.name) else {
                    return Err(InfiniteCheckError::MissingSymbol(func.name.clone()));
                };
                let Meaning::Function { arity, cases } = meaning else {
                    return Err(InfiniteCheckError::WrongKind(func.name.clone(), "function"));
                };
                if *arity != args.len() {
                    return Err(InfiniteCheckError::WrongKind(
                        func.name.clone(),
                        "function of another arity",
                    ));
                }
                let mut out = Vec::new();
                for (guard, values) in self.combinations(args)? {
                    for (g, e) in cases {
                        let (mut g, mut e) = (g.clone(), e.clone());
                        for (i, value) in values.iter().enumerate() {
                            g = g.substitute(i as Var, value)?;
                            e = e.substitute(i as Var, value)?;
                        }
                        out.push((pa::Formula::and(vec![guard.clone(), g]), e));
                        if out.len() > MAX_CASES {
                            return Err(InfiniteCheckError::TooManyCases);
                        }
                    }
                }
                Ok(out)
            }
        }
    }

    /// Every combination of the arguments' cases: the conjunction of their guards, and
    /// their values.
    fn combinations(
        &mut self,
        args: &[Term],
    ) -> Result<Vec<(pa::Formula, Vec<Linear>)>, InfiniteCheckError> {
        let mut out = vec![(pa::Formula::True, Vec::new())];
        for a in args {
            let cases = self.term(a)?;
            let mut next = Vec::new();
            for (guard, values) in &out {
                for (g, e) in &cases {
                    let mut values = values.clone();
                    values.push(e.clone());
                    next.push((pa::Formula::and(vec![guard.clone(), g.clone()]), values));
                }
            }
            if next.len() > MAX_CASES {
                return Err(InfiniteCheckError::TooManyCases);
            }
            out = next;
        }
        Ok(out)
    }

    fn formula(&mut self, f: &Formula) -> Result<pa::Formula, InfiniteCheckError> {
        Ok(match &f.kind {
            FormulaKind::Atom { pred, args } => {
                let Some(meaning) = self.structure.symbols.get(&pred.name) else {
                    return Err(InfiniteCheckError::MissingSymbol(pred.name.clone()));
                };
                let Meaning::Predicate { arity, holds } = meaning else {
                    return Err(InfiniteCheckError::WrongKind(pred.name.clone(), "predicate"));
                };
                if *arity != args.len() {
                    return Err(InfiniteCheckError::WrongKind(
                        pred.name.clone(),
                        "predicate of another arity",
                    ));
                }
                let holds = holds.clone();
                let mut out = Vec::new();
                for (guard, values) in self.combinations(args)? {
                    let mut h = holds.clone();
                    for (i, value) in values.iter().enumerate() {
                        h = h.substitute(i as Var, value)?;
                    }
                    out.push(pa::Formula::and(vec![guard, h]));
                }
                pa::Formula::or(out)
            }
            FormulaKind::Eq(a, b) | FormulaKind::Neq(a, b) => {
                let equal = matches!(f.kind, FormulaKind::Eq(..));
                let (left, right) = (self.term(a)?, self.term(b)?);
                let mut out = Vec::new();
                for (ga, la) in &left {
                    for (gb, lb) in &right {
                        let same = pa::Formula::equal(la, lb)?;
                        out.push(pa::Formula::and(vec![
                            ga.clone(),
                            gb.clone(),
                            if equal { same } else { pa::Formula::not(same) },
                        ]));
                    }
                }
                pa::Formula::or(out)
            }
            FormulaKind::Not(g) => pa::Formula::not(self.formula(g)?),
            FormulaKind::Binary { op, left, right } => {
                let (l, r) = (self.formula(left)?, self.formula(right)?);
                match op {
                    BinaryOp::And => pa::Formula::and(vec![l, r]),
                    BinaryOp::Or => pa::Formula::or(vec![l, r]),
                    BinaryOp::Implies => pa::Formula::implies(l, r),
                    BinaryOp::Iff => pa::Formula::iff(l, r),
                }
            }
            FormulaKind::Quant { q, var, body } => {
                let x = self.fresh();
                let within = self.structure.within(x)?;
                self.env.push((var.name.clone(), vec![(pa::Formula::True, Linear::var(x))]));
                let b = self.formula(body);
                self.env.pop();
                let b = b?;
                match q {
                    Quantifier::Forall => {
                        pa::Formula::Forall(x, Box::new(pa::Formula::implies(within, b)))
                    }
                    Quantifier::Exists => {
                        pa::Formula::Exists(x, Box::new(pa::Formula::and(vec![within, b])))
                    }
                    Quantifier::ExistsUnique => {
                        let y = self.fresh();
                        let within_y = self.structure.within(y)?;
                        self.env
                            .push((var.name.clone(), vec![(pa::Formula::True, Linear::var(y))]));
                        let other = self.formula(body);
                        self.env.pop();
                        let only = pa::Formula::Forall(
                            y,
                            Box::new(pa::Formula::implies(
                                pa::Formula::and(vec![within_y, other?]),
                                pa::Formula::equal(&Linear::var(y), &Linear::var(x))?,
                            )),
                        );
                        pa::Formula::Exists(x, Box::new(pa::Formula::and(vec![within, b, only])))
                    }
                }
            }
        })
    }
}

impl Serialize for InfiniteStructure {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let symbols: BTreeMap<&String, serde_json::Value> = self
            .symbols
            .iter()
            .map(|(name, m)| {
                let kind = if matches!(m, Meaning::Function { .. }) { "function" } else { "predicate" };
                (name, serde_json::json!({ "kind": kind, "arity": m.arity(), "definition": describe_symbol(name, m) }))
            })
            .collect();
        serde_json::json!({
            "kind": "infinite",
            "domain": match self.domain { Domain::Naturals => "N", Domain::Integers => "Z" },
            "symbols": symbols,
        })
        .serialize(s)
    }
}

#[cfg(test)]
mod tests;
