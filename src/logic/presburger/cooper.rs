//! Cooper's quantifier elimination: decides a sentence of Presburger arithmetic by removing
//! its quantifiers innermost first, each `∃x φ` (φ quantifier-free) replaced by a finite
//! disjunction of instances of φ, until a closed quantifier-free formula — true or false —
//! remains.
//!
//! For `∃x φ`: the coefficients of x are made ±1 (scaling each atom to their least common
//! multiple l and adding `l | x`); δ is the least common multiple of the divisors of the
//! atoms on x; B holds the lower bounds that atoms put on x. Then `∃x φ` holds exactly when
//! `φ₋∞(j)` holds for some `1 ≤ j ≤ δ` (φ₋∞ is φ for x far below every bound) or `φ(b + j)`
//! does for some b in B. The mirror image with the upper bounds is used when they are
//! fewer. Atoms are normalized as they are built (common factors divided out, divisibility
//! reduced modulo its divisor, ground atoms evaluated), which keeps the disjunctions small.

use super::formula::{checked, Formula, Linear, Overflow, Var};
use crate::solve::budget::{Budget, Exhausted};
use std::collections::BTreeSet;

/// Why a sentence was not decided.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PresburgerError {
    #[error(transparent)]
    Overflow(#[from] Overflow),
    #[error("the elimination grew past {0} formula nodes")]
    TooLarge(usize),
    #[error("the decision procedure ran out of its budget")]
    OutOfBudget(Exhausted),
    #[error("the formula has a free variable")]
    FreeVariable,
}

/// The largest formula an elimination may build before it gives up.
pub const MAX_NODES: usize = 100_000;

/// An atom in normal form.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Lit {
    /// `0 < t`
    Pos(Linear),
    /// `t = 0`
    Zero(Linear),
    /// `t ≠ 0`
    NonZero(Linear),
    /// `d | t`
    Dvd(i128, Linear),
    /// `¬ d | t`
    NotDvd(i128, Linear),
}

/// A quantifier-free formula in negation normal form.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Nnf {
    True,
    False,
    Lit(Lit),
    And(Vec<Nnf>),
    Or(Vec<Nnf>),
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn lcm(a: i128, b: i128) -> Result<i128, Overflow> {
    if a == 0 || b == 0 {
        return Ok(a.max(b));
    }
    checked((a / gcd(a, b)).checked_mul(b))
}

fn coefficient_gcd(t: &Linear) -> i128 {
    t.coeffs.values().fold(0, |g, &c| gcd(g, c))
}

/// The normal form of an atom: ground atoms evaluated, common factors divided out,
/// divisibility reduced modulo its divisor, `t = 0` with a positive leading coefficient.
fn literal(l: Lit) -> Result<Nnf, Overflow> {
    let truth = |b: bool| if b { Nnf::True } else { Nnf::False };
    let zero = matches!(l, Lit::Zero(_));
    let divides = matches!(l, Lit::Dvd(..));
    Ok(match l {
        Lit::Pos(t) => {
            if t.is_constant() {
                return Ok(truth(t.constant > 0));
            }
            let g = coefficient_gcd(&t);
            if g > 1 {
                // g·u + c > 0 ⇔ u > -c/g ⇔ u + ⌈c/g⌉ > 0
                let mut u = t.clone();
                u.coeffs.values_mut().for_each(|c| *c /= g);
                u.constant = -(-t.constant).div_euclid(g);
                Nnf::Lit(Lit::Pos(u))
            } else {
                Nnf::Lit(Lit::Pos(t))
            }
        }
        Lit::Zero(t) | Lit::NonZero(t) => {
            if t.is_constant() {
                return Ok(truth((t.constant == 0) == zero));
            }
            let g = coefficient_gcd(&t);
            if t.constant % g != 0 {
                return Ok(truth(!zero));
            }
            let mut u = t.clone();
            let sign = if *t.coeffs.values().next().expect("not constant") < 0 { -1 } else { 1 };
            u.coeffs.values_mut().for_each(|c| *c = *c / g * sign);
            u.constant = t.constant / g * sign;
            Nnf::Lit(if zero { Lit::Zero(u) } else { Lit::NonZero(u) })
        }
        Lit::Dvd(d, t) | Lit::NotDvd(d, t) => {
            let mut u = Linear::constant(t.constant.rem_euclid(d));
            for (&v, &c) in &t.coeffs {
                let c = c.rem_euclid(d);
                if c != 0 {
                    u.coeffs.insert(v, c);
                }
            }
            if u.is_constant() || d == 1 {
                return Ok(truth((u.constant == 0) == divides));
            }
            Nnf::Lit(if divides { Lit::Dvd(d, u) } else { Lit::NotDvd(d, u) })
        }
    })
}

fn and(parts: Vec<Nnf>) -> Nnf {
    let mut out = BTreeSet::new();
    for p in parts {
        match p {
            Nnf::True => {}
            Nnf::False => return Nnf::False,
            Nnf::And(inner) => out.extend(inner),
            p => {
                out.insert(p);
            }
        }
    }
    match out.len() {
        0 => Nnf::True,
        1 => out.pop_first().expect("one part"),
        _ => Nnf::And(out.into_iter().collect()),
    }
}

fn or(parts: Vec<Nnf>) -> Nnf {
    let mut out = BTreeSet::new();
    for p in parts {
        match p {
            Nnf::False => {}
            Nnf::True => return Nnf::True,
            Nnf::Or(inner) => out.extend(inner),
            p => {
                out.insert(p);
            }
        }
    }
    match out.len() {
        0 => Nnf::False,
        1 => out.pop_first().expect("one part"),
        _ => Nnf::Or(out.into_iter().collect()),
    }
}

fn negate(f: Nnf) -> Result<Nnf, Overflow> {
    Ok(match f {
        Nnf::True => Nnf::False,
        Nnf::False => Nnf::True,
        Nnf::And(parts) => or(parts.into_iter().map(negate).collect::<Result<_, _>>()?),
        Nnf::Or(parts) => and(parts.into_iter().map(negate).collect::<Result<_, _>>()?),
        // ¬(0 < t) ⇔ t ≤ 0 ⇔ 0 < 1 - t
        Nnf::Lit(Lit::Pos(t)) => literal(Lit::Pos(Linear::constant(1).minus(&t)?))?,
        Nnf::Lit(Lit::Zero(t)) => Nnf::Lit(Lit::NonZero(t)),
        Nnf::Lit(Lit::NonZero(t)) => Nnf::Lit(Lit::Zero(t)),
        Nnf::Lit(Lit::Dvd(d, t)) => Nnf::Lit(Lit::NotDvd(d, t)),
        Nnf::Lit(Lit::NotDvd(d, t)) => Nnf::Lit(Lit::Dvd(d, t)),
    })
}

fn mentions(f: &Nnf, x: Var) -> bool {
    match f {
        Nnf::True | Nnf::False => false,
        Nnf::Lit(
            Lit::Pos(t) | Lit::Zero(t) | Lit::NonZero(t) | Lit::Dvd(_, t) | Lit::NotDvd(_, t),
        ) => t.mentions(x),
        Nnf::And(parts) | Nnf::Or(parts) => parts.iter().any(|p| mentions(p, x)),
    }
}

fn size(f: &Nnf) -> usize {
    match f {
        Nnf::And(parts) | Nnf::Or(parts) => 1 + parts.iter().map(size).sum::<usize>(),
        _ => 1,
    }
}

/// Applies `g` to every literal, rebuilding (and simplifying) the formula.
fn map_literals(
    f: &Nnf,
    g: &mut dyn FnMut(&Lit) -> Result<Nnf, Overflow>,
) -> Result<Nnf, Overflow> {
    Ok(match f {
        Nnf::True | Nnf::False => f.clone(),
        Nnf::Lit(l) => g(l)?,
        Nnf::And(parts) => {
            and(parts.iter().map(|p| map_literals(p, g)).collect::<Result<_, _>>()?)
        }
        Nnf::Or(parts) => or(parts.iter().map(|p| map_literals(p, g)).collect::<Result<_, _>>()?),
    })
}

fn substitute(f: &Nnf, x: Var, by: &Linear) -> Result<Nnf, Overflow> {
    map_literals(f, &mut |l| {
        literal(match l {
            Lit::Pos(t) => Lit::Pos(t.substitute(x, by)?),
            Lit::Zero(t) => Lit::Zero(t.substitute(x, by)?),
            Lit::NonZero(t) => Lit::NonZero(t.substitute(x, by)?),
            Lit::Dvd(d, t) => Lit::Dvd(*d, t.substitute(x, by)?),
            Lit::NotDvd(d, t) => Lit::NotDvd(*d, t.substitute(x, by)?),
        })
    })
}

fn each_literal<'a>(f: &'a Nnf, out: &mut Vec<&'a Lit>) {
    match f {
        Nnf::Lit(l) => out.push(l),
        Nnf::And(parts) | Nnf::Or(parts) => parts.iter().for_each(|p| each_literal(p, out)),
        _ => {}
    }
}

struct Eliminator<'b> {
    budget: Option<&'b Budget>,
    max_nodes: usize,
}

impl Eliminator<'_> {
    /// The quantifier-free equivalent of `f` (negated when `negated`).
    fn nnf(&self, f: &Formula, negated: bool) -> Result<Nnf, PresburgerError> {
        let out = match f {
            Formula::True => {
                if negated {
                    Nnf::False
                } else {
                    Nnf::True
                }
            }
            Formula::False => {
                if negated {
                    Nnf::True
                } else {
                    Nnf::False
                }
            }
            Formula::Positive(t) => {
                let l = literal(Lit::Pos(t.clone()))?;
                if negated {
                    negate(l)?
                } else {
                    l
                }
            }
            Formula::Zero(t) => {
                literal(if negated { Lit::NonZero(t.clone()) } else { Lit::Zero(t.clone()) })?
            }
            Formula::Divides(d, t) => {
                if *d < 1 {
                    return Err(PresburgerError::Overflow(Overflow));
                }
                literal(if negated { Lit::NotDvd(*d, t.clone()) } else { Lit::Dvd(*d, t.clone()) })?
            }
            Formula::Not(g) => self.nnf(g, !negated)?,
            Formula::And(parts) if !negated => {
                and(parts.iter().map(|p| self.nnf(p, false)).collect::<Result<_, _>>()?)
            }
            Formula::And(parts) => {
                or(parts.iter().map(|p| self.nnf(p, true)).collect::<Result<_, _>>()?)
            }
            Formula::Or(parts) if !negated => {
                or(parts.iter().map(|p| self.nnf(p, false)).collect::<Result<_, _>>()?)
            }
            Formula::Or(parts) => {
                and(parts.iter().map(|p| self.nnf(p, true)).collect::<Result<_, _>>()?)
            }
            Formula::Exists(x, body) => {
                let e = self.exists(*x, self.nnf(body, false)?)?;
                if negated {
                    negate(e)?
                } else {
                    e
                }
            }
            // ∀x φ ⇔ ¬∃x ¬φ
            Formula::Forall(x, body) => {
                let e = self.exists(*x, self.nnf(body, true)?)?;
                if negated {
                    e
                } else {
                    negate(e)?
                }
            }
        };
        if let Some(e) = self.budget.and_then(Budget::spent) {
            return Err(PresburgerError::OutOfBudget(e));
        }
        Ok(out)
    }

    /// A quantifier-free equivalent of `∃x f`.
    fn exists(&self, x: Var, f: Nnf) -> Result<Nnf, PresburgerError> {
        if !mentions(&f, x) {
            return Ok(f);
        }
        // ∃ distributes over ∨; conjuncts without x stay outside.
        if let Nnf::Or(parts) = f {
            let mut out = Vec::new();
            for p in parts {
                out.push(self.exists(x, p)?);
                if out.last() == Some(&Nnf::True) {
                    return Ok(Nnf::True);
                }
            }
            return Ok(or(out));
        }
        if let Nnf::And(parts) = &f {
            let (with, without): (Vec<Nnf>, Vec<Nnf>) =
                parts.iter().cloned().partition(|p| mentions(p, x));
            if !without.is_empty() {
                let inner = self.exists(x, and(with))?;
                return Ok(and(without.into_iter().chain([inner]).collect()));
            }
            // ∃x (x = s ∧ ψ) ⇔ ψ[x := s]: an equation with x at coefficient ±1 settles x.
            for p in parts {
                if let Nnf::Lit(Lit::Zero(t)) = p {
                    let c = t.coeff(x);
                    if c.abs() == 1 {
                        let mut rest = t.clone();
                        rest.coeffs.remove(&x);
                        let value = rest.times(-c)?; // c·x + rest = 0 ⇔ x = -c·rest
                        return Ok(substitute(&f, x, &value)?);
                    }
                }
            }
        }
        let mut literals = Vec::new();
        each_literal(&f, &mut literals);
        let mut l = 1;
        for lit in &literals {
            let (Lit::Pos(t) | Lit::Zero(t) | Lit::NonZero(t) | Lit::Dvd(_, t) | Lit::NotDvd(_, t)) =
                lit;
            if t.mentions(x) {
                l = lcm(l, t.coeff(x).abs())?;
            }
        }
        // Every coefficient of x becomes ±1: scale the atom to ±l, then read l·x as x.
        let unit = |t: &Linear, factor: i128, sign: i128| -> Result<Linear, Overflow> {
            let mut u = t.times(factor)?;
            u.coeffs.insert(x, sign);
            Ok(u)
        };
        let mut f = map_literals(&f, &mut |lit| {
            let (Lit::Pos(t) | Lit::Zero(t) | Lit::NonZero(t) | Lit::Dvd(_, t) | Lit::NotDvd(_, t)) =
                lit;
            let c = t.coeff(x);
            if c == 0 {
                return Ok(Nnf::Lit(lit.clone()));
            }
            let m = l / c.abs();
            let s = c.signum();
            Ok(Nnf::Lit(match lit {
                Lit::Pos(t) => Lit::Pos(unit(t, m, s)?),
                Lit::Zero(t) => Lit::Zero(unit(t, m * s, 1)?),
                Lit::NonZero(t) => Lit::NonZero(unit(t, m * s, 1)?),
                Lit::Dvd(d, t) => Lit::Dvd(checked(d.checked_mul(m))?, unit(t, m * s, 1)?),
                Lit::NotDvd(d, t) => Lit::NotDvd(checked(d.checked_mul(m))?, unit(t, m * s, 1)?),
            }))
        })?;
        if l > 1 {
            f = and(vec![f, Nnf::Lit(Lit::Dvd(l, Linear::var(x)))]);
        }
        let mut literals = Vec::new();
        each_literal(&f, &mut literals);
        let mut delta = 1;
        let (mut below, mut above) = (BTreeSet::new(), BTreeSet::new());
        for lit in literals {
            match lit {
                Lit::Dvd(d, t) | Lit::NotDvd(d, t) if t.mentions(x) => delta = lcm(delta, *d)?,
                Lit::Pos(t) if t.mentions(x) => {
                    let mut rest = t.clone();
                    rest.coeffs.remove(&x);
                    if t.coeff(x) > 0 {
                        below.insert(rest.times(-1)?); // x > -rest
                    } else {
                        above.insert(rest); // x < rest
                    }
                }
                Lit::Zero(t) | Lit::NonZero(t) if t.mentions(x) => {
                    let mut rest = t.clone();
                    rest.coeffs.remove(&x);
                    let root = rest.times(-1)?; // x = -rest
                    if matches!(lit, Lit::Zero(_)) {
                        below.insert(root.plus_constant(-1)?);
                        above.insert(root.plus_constant(1)?);
                    } else {
                        below.insert(root.clone());
                        above.insert(root);
                    }
                }
                _ => {}
            }
        }
        let from_below = below.len() <= above.len();
        // φ with x beyond every bound: far below (or far above) all of them.
        let infinite = map_literals(&f, &mut |lit| {
            Ok(match lit {
                Lit::Pos(t) if t.mentions(x) => {
                    if (t.coeff(x) > 0) == from_below {
                        Nnf::False
                    } else {
                        Nnf::True
                    }
                }
                Lit::Zero(t) if t.mentions(x) => Nnf::False,
                Lit::NonZero(t) if t.mentions(x) => Nnf::True,
                other => Nnf::Lit(other.clone()),
            })
        })?;
        let mut out = Vec::new();
        let mut built = 0;
        let bounds = if from_below { &below } else { &above };
        for j in 1..=delta {
            let step = if from_below { j } else { -j };
            let instances = std::iter::once(substitute(&infinite, x, &Linear::constant(step)))
                .chain(
                    bounds
                        .iter()
                        .map(|b| b.plus_constant(step).and_then(|at| substitute(&f, x, &at))),
                );
            for instance in instances {
                let instance = instance?;
                if instance == Nnf::True {
                    return Ok(Nnf::True);
                }
                built += size(&instance);
                if built > self.max_nodes {
                    return Err(PresburgerError::TooLarge(self.max_nodes));
                }
                if let Some(e) = self.budget.and_then(Budget::spent) {
                    return Err(PresburgerError::OutOfBudget(e));
                }
                out.push(instance);
            }
        }
        Ok(or(out))
    }
}

/// Whether a sentence (no free variable) of Presburger arithmetic is true in ℤ.
///
/// ```
/// use umpire::logic::presburger::{decide, Formula, Linear};
/// // ∀x ∃y (x = 2y ∨ x = 2y + 1): every integer is even or odd.
/// let (x, y) = (Linear::var(0), Linear::var(1));
/// let two_y = y.times(2).unwrap();
/// let body = Formula::or(vec![
///     Formula::equal(&x, &two_y).unwrap(),
///     Formula::equal(&x, &two_y.plus_constant(1).unwrap()).unwrap(),
/// ]);
/// let sentence = Formula::Forall(0, Box::new(Formula::Exists(1, Box::new(body))));
/// assert_eq!(decide(&sentence, None), Ok(true));
/// ```
pub fn decide(sentence: &Formula, budget: Option<&Budget>) -> Result<bool, PresburgerError> {
    decide_within(sentence, budget, MAX_NODES)
}

/// Like [`decide`], giving up when an elimination would build more than `max_nodes` nodes.
pub fn decide_within(
    sentence: &Formula,
    budget: Option<&Budget>,
    max_nodes: usize,
) -> Result<bool, PresburgerError> {
    match (Eliminator { budget, max_nodes }).nnf(sentence, false)? {
        Nnf::True => Ok(true),
        Nnf::False => Ok(false),
        _ => Err(PresburgerError::FreeVariable),
    }
}
