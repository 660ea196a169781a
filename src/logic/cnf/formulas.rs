//! Small facts about formulas on their way to clauses: whether an operand of `↔` is small
//! enough to write out twice, whether a formula is a literal, an NNF's free variables, and
//! the simplification of a clause's literals.

use super::*;

/// The most nodes an operand of `↔` written out in both polarities may have (see
/// `Clausifier::operand`): definitions of the usual kind (`∀y (a → b)`, `a ∧ b`, `∃y (a
/// ∧ b)`) fit.
const INLINE_OPERAND_NODES: usize = 8;

pub(super) fn inline_operand(f: &Formula) -> bool {
    /// The nodes of `f`, or None when it holds `↔` or `∃!`.
    fn nodes(f: &Formula) -> Option<usize> {
        match &f.kind {
            FormulaKind::Atom { .. } | FormulaKind::Eq(..) | FormulaKind::Neq(..) => Some(1),
            FormulaKind::Not(g) => Some(1 + nodes(g)?),
            FormulaKind::Binary { op: BinaryOp::Iff, .. } => None,
            FormulaKind::Binary { left, right, .. } => Some(1 + nodes(left)? + nodes(right)?),
            FormulaKind::Quant { q: Quantifier::ExistsUnique, .. } => None,
            FormulaKind::Quant { body, .. } => Some(1 + nodes(body)?),
        }
    }
    nodes(f).is_some_and(|n| n <= INLINE_OPERAND_NODES)
}

pub(super) fn is_literal(f: &Formula) -> bool {
    match &f.kind {
        FormulaKind::Atom { .. } | FormulaKind::Eq(..) | FormulaKind::Neq(..) => true,
        FormulaKind::Not(g) => is_literal(g),
        _ => false,
    }
}

pub(super) fn nnf_free_vars(n: &Nnf, bound: &mut Vec<u32>, out: &mut BTreeSet<u32>) {
    match n {
        Nnf::Lit(l) => {
            let mut vs = BTreeSet::new();
            atom_vars(&l.atom, &mut vs);
            out.extend(vs.into_iter().filter(|v| !bound.contains(v)));
        }
        Nnf::And(xs) | Nnf::Or(xs) => xs.iter().for_each(|x| nnf_free_vars(x, bound, out)),
        Nnf::Part(b, _) => nnf_free_vars(b, bound, out),
        Nnf::All(v, b) | Nnf::Ex(v, _, b, _) => {
            bound.push(*v);
            nnf_free_vars(b, bound, out);
            bound.pop();
        }
    }
}

/// Drops false and repeated literals, orients equations, numbers the variables from 0;
/// `None` for a tautology.
pub(super) fn simplify(
    literals: Vec<Literal>,
    origin: Origin,
    names: &HashMap<u32, String>,
) -> Option<Clause> {
    let mut out: Vec<Literal> = Vec::new();
    for mut l in literals {
        if let Atom::Eq(a, b) = &l.atom {
            if a == b {
                if l.positive {
                    return None;
                }
                continue;
            }
            if a > b {
                l.atom = Atom::Eq(b.clone(), a.clone());
            }
        }
        if out.iter().any(|o| o.atom == l.atom && o.positive != l.positive) {
            return None;
        }
        if !out.contains(&l) {
            out.push(l);
        }
    }
    let mut order: Vec<u32> = Vec::new();
    for l in &out {
        collect_in_order(&l.atom, &mut order);
    }
    let renaming: HashMap<u32, Term> =
        order.iter().enumerate().map(|(i, &v)| (v, Term::Var(i as u32))).collect();
    let literals = out
        .into_iter()
        .map(|l| Literal { positive: l.positive, atom: subst_atom(&l.atom, &renaming) })
        .collect();
    let var_names =
        order.iter().map(|v| names.get(v).cloned().unwrap_or_else(|| format!("v{v}"))).collect();
    Some(Clause { literals, origin, num_vars: order.len() as u32, var_names })
}

pub(super) fn collect_in_order(a: &Atom, order: &mut Vec<u32>) {
    fn term(t: &Term, order: &mut Vec<u32>) {
        match t {
            Term::Var(v) => {
                if !order.contains(v) {
                    order.push(*v)
                }
            }
            Term::App(_, args) => args.iter().for_each(|a| term(a, order)),
        }
    }
    match a {
        Atom::Pred(_, args) => args.iter().for_each(|t| term(t, order)),
        Atom::Eq(l, r) => {
            term(l, order);
            term(r, order);
        }
    }
}
