//! The grammar of definitions the engine tries, simplest first: the successor, `+` and
//! `max`, the orders, parity, equality and its neighbours. Every function here maps the
//! domain into itself (checked again by [`InfiniteStructure::well_defined`]).
//!
//! [`InfiniteStructure::well_defined`]: crate::logic::infinite::InfiniteStructure::well_defined

use crate::logic::check::SymbolKind;
use crate::logic::infinite::{Domain, Meaning};
use crate::logic::presburger::{Formula, Linear};

fn x() -> Linear {
    Linear::var(0)
}

fn y() -> Linear {
    Linear::var(1)
}

fn k(c: i128) -> Linear {
    Linear::constant(c)
}

fn add(a: Linear, b: Linear) -> Linear {
    a.plus(&b).expect("small numbers")
}

fn scale(a: Linear, c: i128) -> Linear {
    a.times(c).expect("small numbers")
}

fn less(a: Linear, b: Linear) -> Formula {
    Formula::less(&a, &b).expect("small numbers")
}

fn at_most(a: Linear, b: Linear) -> Formula {
    Formula::at_most(&a, &b).expect("small numbers")
}

fn equal(a: Linear, b: Linear) -> Formula {
    Formula::equal(&a, &b).expect("small numbers")
}

fn even(a: Linear) -> Formula {
    Formula::Divides(2, a)
}

/// `a` where `a ≥ b`, else `b`.
fn max(a: Linear, b: Linear) -> Vec<(Formula, Linear)> {
    vec![(at_most(b.clone(), a.clone()), a.clone()), (less(a, b.clone()), b)]
}

fn min(a: Linear, b: Linear) -> Vec<(Formula, Linear)> {
    vec![(at_most(a.clone(), b.clone()), a.clone()), (less(b.clone(), a), b)]
}

/// The candidate meanings of a symbol of this kind and arity over `domain`, simplest first.
pub fn candidates(kind: SymbolKind, arity: usize, domain: Domain) -> Vec<Meaning> {
    let integers = domain == Domain::Integers;
    let function = |value: Linear| Meaning::function(arity, value);
    let cases = |cases: Vec<(Formula, Linear)>| Meaning::Function { arity, cases };
    let predicate = |holds: Formula| Meaning::Predicate { arity, holds };
    match (kind, arity) {
        (SymbolKind::Function, 0) => {
            let mut out = vec![function(k(0)), function(k(1)), function(k(2))];
            if integers {
                out.insert(2, function(k(-1)));
            }
            out
        }
        (SymbolKind::Function, 1) => {
            let mut out = vec![function(add(x(), k(1))), function(x()), function(k(0))];
            if integers {
                out.push(function(add(x(), k(-1))));
                out.push(function(scale(x(), -1)));
            }
            out.extend([
                function(add(x(), k(2))),
                function(scale(x(), 2)),
                function(add(scale(x(), 2), k(1))),
                function(k(1)),
            ]);
            if !integers {
                // the predecessor, with 0 kept at 0
                out.push(cases(vec![(equal(x(), k(0)), k(0)), (less(k(0), x()), add(x(), k(-1)))]));
            }
            out
        }
        (SymbolKind::Function, 2) => {
            let mut out = vec![
                function(add(x(), y())),
                cases(max(add(x(), k(1)), add(y(), k(1)))),
                function(add(add(x(), y()), k(1))),
                cases(max(x(), y())),
                cases(min(x(), y())),
                function(x()),
                function(y()),
                function(add(x(), k(1))),
                function(add(y(), k(1))),
                function(k(0)),
            ];
            if integers {
                out.push(function(add(x(), scale(y(), -1))));
            }
            out
        }
        (SymbolKind::Predicate, 0) => vec![predicate(Formula::False), predicate(Formula::True)],
        (SymbolKind::Predicate, 1) => {
            let mut out = vec![
                predicate(Formula::False),
                predicate(Formula::True),
                predicate(equal(x(), k(0))),
                predicate(Formula::not(equal(x(), k(0)))),
                predicate(even(x())),
                predicate(even(add(x(), k(1)))),
            ];
            if integers {
                out.push(predicate(less(k(0), x())));
                out.push(predicate(less(x(), k(0))));
            } else {
                out.push(predicate(at_most(x(), k(1))));
            }
            out
        }
        (SymbolKind::Predicate, 2) => vec![
            predicate(Formula::False),
            predicate(Formula::True),
            predicate(less(y(), x())),
            predicate(less(x(), y())),
            predicate(at_most(y(), x())),
            predicate(at_most(x(), y())),
            predicate(equal(x(), y())),
            predicate(Formula::not(equal(x(), y()))),
            predicate(equal(y(), add(x(), k(1)))),
            predicate(equal(x(), add(y(), k(1)))),
            predicate(Formula::or(vec![equal(x(), y()), equal(y(), add(x(), k(1)))])),
            predicate(less(add(y(), k(1)), x())),
            predicate(even(add(x(), y()))),
            predicate(Formula::not(even(add(x(), y())))),
        ],
        _ => Vec::new(),
    }
}
