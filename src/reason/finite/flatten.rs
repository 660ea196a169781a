//! Flattening (as in Paradox): every literal becomes shallow, so that its ground instances
//! over a domain of size n are single propositional variables.
//!
//! A nested term `t` is replaced by a fresh variable `v` and the clause gains `t ≠ v`:
//! `blonde(father(x))` becomes `father(x) ≠ v ∨ blonde(v)`. Equal subterms share one
//! variable; a literal `x ≠ y` between variables is removed by merging `y` into `x`.
//!
//! Flattening adds variables, and a clause with k variables has nᵏ instances. Clause
//! splitting ([`split`], also from Paradox) cuts a clause `C₁ ∨ C₂` into `C₁ ∨ s(S)` and
//! `¬s(S) ∨ C₂`, where S are the variables both parts share: `father⁵(x) = x` has five
//! variables flat, and three per clause once split.

use crate::logic::clauses::{Atom, Clause, Origin, SymId, Term};
use std::collections::{HashMap, HashSet};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlatLit {
    /// `p(x̄)` or `¬p(x̄)`.
    Pred { sym: SymId, args: Vec<u32>, positive: bool },
    /// `f(x̄) = v` or `f(x̄) ≠ v`; a constant is `f` with no arguments.
    Fun { sym: SymId, args: Vec<u32>, value: u32, positive: bool },
    /// `x = y` (or `x ≠ y`) between variables, decided when the clause is instantiated.
    Eq { a: u32, b: u32, positive: bool },
}

#[derive(Clone, Debug)]
pub struct FlatClause {
    pub lits: Vec<FlatLit>,
    pub num_vars: u32,
    pub origin: Origin,
}

/// Flattens a clause; `None` when it turns out to be a tautology.
pub fn flatten(c: &Clause) -> Option<FlatClause> {
    let mut f = Flattener { next: c.num_vars, names: HashMap::new(), extra: Vec::new() };
    let mut lits = Vec::new();
    for l in &c.literals {
        let positive = l.positive;
        let lit = match &l.atom {
            Atom::Pred(p, args) => {
                FlatLit::Pred { sym: *p, args: args.iter().map(|t| f.name(t)).collect(), positive }
            }
            Atom::Eq(Term::Var(a), Term::Var(b)) => FlatLit::Eq { a: *a, b: *b, positive },
            Atom::Eq(Term::App(g, args), Term::Var(v))
            | Atom::Eq(Term::Var(v), Term::App(g, args)) => FlatLit::Fun {
                sym: *g,
                args: args.iter().map(|t| f.name(t)).collect(),
                value: *v,
                positive,
            },
            Atom::Eq(Term::App(g, args), t) => {
                let value = f.name(t);
                FlatLit::Fun {
                    sym: *g,
                    args: args.iter().map(|t| f.name(t)).collect(),
                    value,
                    positive,
                }
            }
        };
        lits.push(lit);
    }
    lits.extend(f.extra);
    merge_disequal_variables(&mut lits);
    simplify(lits, c.origin)
}

struct Flattener {
    next: u32,
    names: HashMap<(SymId, Vec<u32>), u32>,
    extra: Vec<FlatLit>,
}

impl Flattener {
    fn name(&mut self, t: &Term) -> u32 {
        match t {
            Term::Var(v) => *v,
            Term::App(g, args) => {
                let args: Vec<u32> = args.iter().map(|a| self.name(a)).collect();
                if let Some(&v) = self.names.get(&(*g, args.clone())) {
                    return v;
                }
                let v = self.next;
                self.next += 1;
                self.names.insert((*g, args.clone()), v);
                self.extra.push(FlatLit::Fun { sym: *g, args, value: v, positive: false });
                v
            }
        }
    }
}

/// `x ≠ y ∨ C(x, y)` is `C(x, x)`.
fn merge_disequal_variables(lits: &mut Vec<FlatLit>) {
    while let Some(i) = lits.iter().position(|l| matches!(l, FlatLit::Eq { positive: false, .. })) {
        let FlatLit::Eq { a, b, .. } = lits.remove(i) else { unreachable!() };
        let r = |v: &mut u32| {
            if *v == b {
                *v = a
            }
        };
        for l in lits.iter_mut() {
            match l {
                FlatLit::Pred { args, .. } => args.iter_mut().for_each(r),
                FlatLit::Fun { args, value, .. } => {
                    args.iter_mut().for_each(r);
                    r(value);
                }
                FlatLit::Eq { a, b, .. } => {
                    r(a);
                    r(b);
                }
            }
        }
    }
}

fn simplify(lits: Vec<FlatLit>, origin: Origin) -> Option<FlatClause> {
    let mut out: Vec<FlatLit> = Vec::new();
    for l in lits {
        match &l {
            FlatLit::Eq { a, b, positive } if a == b => {
                if *positive {
                    return None;
                }
                continue;
            }
            _ => {}
        }
        if out.iter().any(|o| complementary(o, &l)) {
            return None;
        }
        if !out.contains(&l) {
            out.push(l);
        }
    }
    // Number the variables 0.. in order of appearance.
    let mut order: HashMap<u32, u32> = HashMap::new();
    let mut number = |v: &mut u32| {
        let n = order.len() as u32;
        *v = *order.entry(*v).or_insert(n);
    };
    for l in out.iter_mut() {
        match l {
            FlatLit::Pred { args, .. } => args.iter_mut().for_each(&mut number),
            FlatLit::Fun { args, value, .. } => {
                args.iter_mut().for_each(&mut number);
                number(value);
            }
            FlatLit::Eq { a, b, .. } => {
                number(a);
                number(b);
            }
        }
    }
    Some(FlatClause { lits: out, num_vars: order.len() as u32, origin })
}

fn complementary(a: &FlatLit, b: &FlatLit) -> bool {
    match (a, b) {
        (
            FlatLit::Pred { sym: s1, args: a1, positive: p1 },
            FlatLit::Pred { sym: s2, args: a2, positive: p2 },
        ) => s1 == s2 && a1 == a2 && p1 != p2,
        (
            FlatLit::Fun { sym: s1, args: a1, value: v1, positive: p1 },
            FlatLit::Fun { sym: s2, args: a2, value: v2, positive: p2 },
        ) => s1 == s2 && a1 == a2 && v1 == v2 && p1 != p2,
        _ => false,
    }
}

fn lit_vars(l: &FlatLit) -> Vec<u32> {
    match l {
        FlatLit::Pred { args, .. } => args.clone(),
        FlatLit::Fun { args, value, .. } => {
            let mut v = args.clone();
            v.push(*value);
            v
        }
        FlatLit::Eq { a, b, .. } => vec![*a, *b],
    }
}

fn clause_vars(lits: &[FlatLit]) -> Vec<u32> {
    let mut vars: Vec<u32> = lits.iter().flat_map(lit_vars).collect();
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// The widest clause (in variables, once flat) that [`split`] splits.
const SPLIT_MAX_VARS: usize = 256;

/// Splits a clause while that lowers the number of variables per clause: the literals of
/// the variable with the fewest neighbours go into one part (greedy elimination, as in a
/// tree decomposition). `new_predicate(arity)` makes the connecting symbol.
pub fn split(c: FlatClause, new_predicate: &mut dyn FnMut(usize) -> SymId) -> Vec<FlatClause> {
    let mut out = Vec::new();
    let mut rest = c.lits;
    loop {
        let vars = clause_vars(&rest);
        // Past SPLIT_MAX_VARS variables the clause stays whole: splitting costs the square
        // of its size before the search can look at its budget, and the search then gives
        // up on its instances within the budget instead.
        if vars.len() <= 3 || vars.len() > SPLIT_MAX_VARS {
            break;
        }
        // The variable co-occurring with the fewest others (itself counted), in one pass
        // over the literals: asking each variable in turn was cubic in the clause's size,
        // and a clause of software verification has thousands of variables once flat.
        let mut neighbours: HashMap<u32, HashSet<u32>> = HashMap::new();
        for l in &rest {
            let in_literal = lit_vars(l);
            for &v in &in_literal {
                neighbours.entry(v).or_default().extend(&in_literal);
            }
        }
        let Some(&v) = vars.iter().min_by_key(|v| neighbours.get(v).map_or(0, HashSet::len)) else {
            break;
        };
        let (part, remaining): (Vec<FlatLit>, Vec<FlatLit>) =
            rest.iter().cloned().partition(|l| lit_vars(l).contains(&v));
        if remaining.is_empty() || clause_vars(&part).len() >= vars.len() {
            break;
        }
        let part_vars = clause_vars(&part);
        let shared: Vec<u32> =
            clause_vars(&remaining).into_iter().filter(|x| part_vars.contains(x)).collect();
        let s = new_predicate(shared.len());
        let mut first = part;
        first.push(FlatLit::Pred { sym: s, args: shared.clone(), positive: true });
        out.extend(simplify(first, c.origin));
        rest = remaining;
        rest.push(FlatLit::Pred { sym: s, args: shared, positive: false });
    }
    out.extend(simplify(rest, c.origin));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::clauses::{Literal, Part};

    fn origin() -> Origin {
        Origin { statement: 1, part: Part::Statement }
    }

    #[test]
    fn nested_terms_get_variables_and_equal_terms_share_one() {
        // blonde(father(x)) ∨ happy(father(x)), with father = 0, blonde = 1, happy = 2.
        let fx = Term::App(0, vec![Term::Var(0)]);
        let c = Clause {
            literals: vec![
                Literal { positive: true, atom: Atom::Pred(1, vec![fx.clone()]) },
                Literal { positive: true, atom: Atom::Pred(2, vec![fx]) },
            ],
            origin: origin(),
            num_vars: 1,
            var_names: vec!["x".into()],
        };
        let f = flatten(&c).unwrap();
        assert_eq!(f.num_vars, 2);
        assert_eq!(f.lits.len(), 3);
        let defs: Vec<_> = f
            .lits
            .iter()
            .filter(|l| matches!(l, FlatLit::Fun { sym: 0, positive: false, .. }))
            .collect();
        assert_eq!(defs.len(), 1, "{f:?}");
    }

    #[test]
    fn a_chain_of_fathers_splits_into_three_variable_clauses() {
        // father(father(father(father(father(x))))) = x, father = 0.
        let mut t = Term::Var(0);
        for _ in 0..5 {
            t = Term::App(0, vec![t]);
        }
        let c = Clause {
            literals: vec![Literal { positive: true, atom: Atom::Eq(Term::Var(0), t) }],
            origin: origin(),
            num_vars: 1,
            var_names: vec!["x".into()],
        };
        let flat = flatten(&c).unwrap();
        assert_eq!(flat.num_vars, 5);
        let mut next = 100;
        let parts = split(flat, &mut |_| {
            next += 1;
            next
        });
        assert!(parts.len() >= 3, "{parts:?}");
        assert!(parts.iter().all(|p| p.num_vars <= 3), "{parts:?}");
    }

    #[test]
    fn disequal_variables_merge() {
        // x ≠ y ∨ p(x, y) becomes p(x, x).
        let c = Clause {
            literals: vec![
                Literal { positive: false, atom: Atom::Eq(Term::Var(0), Term::Var(1)) },
                Literal { positive: true, atom: Atom::Pred(3, vec![Term::Var(0), Term::Var(1)]) },
            ],
            origin: origin(),
            num_vars: 2,
            var_names: vec!["x".into(), "y".into()],
        };
        let f = flatten(&c).unwrap();
        assert_eq!(f.lits, vec![FlatLit::Pred { sym: 3, args: vec![0, 0], positive: true }]);
        assert_eq!(f.num_vars, 1);
    }
}
