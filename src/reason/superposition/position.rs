//! Positions in terms and the sides of literals: where an inference or a rewriting step
//! works, and how the term or literal is rebuilt with something else there.
//!
//! A position is the path of argument indices from the top of a term; only positions of
//! non-variable subterms are visited (superposition never works into a variable), top down
//! and left to right, an order the loop's search relies on to be reproducible. A literal's
//! sides are its predicate's arguments, or the two sides of its equation.
//!
//! Deliberately separate from `reason::proof::saturation`'s own `positions` and
//! `replace_at`: the checker must not share code with the engine it checks.

use crate::logic::clauses::{Atom, Literal, Term};

/// The first `Some` that `visit` returns for a subterm of `t` that is not a variable, given
/// with its path, in the order of `positions`.
pub(super) fn find_position<'t, R>(
    t: &'t Term,
    path: &mut Vec<usize>,
    visit: &mut impl FnMut(&[usize], &'t Term) -> Option<R>,
) -> Option<R> {
    let Term::App(_, args) = t else { return None };
    if let Some(found) = visit(path, t) {
        return Some(found);
    }
    for (i, a) in args.iter().enumerate() {
        path.push(i);
        let found = find_position(a, path, visit);
        path.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Calls `visit` on every subterm of `t` that is not a variable.
pub(super) fn each_position<'t>(t: &'t Term, visit: &mut impl FnMut(&'t Term)) {
    if let Term::App(_, args) = t {
        visit(t);
        args.iter().for_each(|a| each_position(a, visit));
    }
}

/// The terms of a literal, borrowed (predicate arguments, or the two sides).
pub(super) fn side_refs(l: &Literal) -> Vec<&Term> {
    match &l.atom {
        Atom::Pred(_, a) => a.iter().collect(),
        Atom::Eq(a, b) => vec![a, b],
    }
}

/// Calls `visit` on every subterm of `t` that is not a variable, with its path (borrowed:
/// most positions are only tried, and a path is copied only where an inference is made).
pub(super) fn each_path<'t>(
    t: &'t Term,
    path: &mut Vec<usize>,
    visit: &mut impl FnMut(&[usize], &'t Term),
) {
    if let Term::App(_, args) = t {
        visit(path, t);
        for (i, a) in args.iter().enumerate() {
            path.push(i);
            each_path(a, path, visit);
            path.pop();
        }
    }
}

pub(super) fn replace_at(t: &Term, path: &[usize], with: &Term) -> Term {
    match (path.split_first(), t) {
        (None, _) => with.clone(),
        (Some((&i, rest)), Term::App(f, args)) => {
            let mut args = args.clone();
            args[i] = replace_at(&args[i], rest, with);
            Term::App(*f, args)
        }
        (Some(_), Term::Var(_)) => t.clone(),
    }
}

/// The terms of a literal as a list (predicate arguments, or the two sides), and back.
pub(super) fn sides(l: &Literal) -> Vec<Term> {
    match &l.atom {
        Atom::Pred(_, a) => a.clone(),
        Atom::Eq(a, b) => vec![a.clone(), b.clone()],
    }
}

pub(super) fn with_sides(l: &Literal, terms: Vec<Term>) -> Literal {
    let atom = match &l.atom {
        Atom::Pred(p, _) => Atom::Pred(*p, terms),
        Atom::Eq(..) => Atom::Eq(terms[0].clone(), terms[1].clone()),
    };
    Literal { positive: l.positive, atom }
}
