//! Sentences of Presburger arithmetic: linear terms over the integers, the atoms `0 < t`,
//! `t = 0` and `d | t`, the connectives, and quantifiers over ℤ.

use std::collections::BTreeMap;
use std::fmt;

/// A variable, by number.
pub type Var = u32;

/// The numbers grew past what the procedure computes with (i128): the sentence is not
/// decided rather than decided wrongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the numbers in the formula grew too large to compute with")]
pub struct Overflow;

pub(crate) fn checked(x: Option<i128>) -> Result<i128, Overflow> {
    x.ok_or(Overflow)
}

/// `Σ cᵢ·xᵢ + constant`; no zero coefficient is stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Linear {
    pub coeffs: BTreeMap<Var, i128>,
    pub constant: i128,
}

impl Linear {
    pub fn constant(c: i128) -> Linear {
        Linear { coeffs: BTreeMap::new(), constant: c }
    }

    pub fn var(v: Var) -> Linear {
        Linear { coeffs: BTreeMap::from([(v, 1)]), constant: 0 }
    }

    pub fn coeff(&self, v: Var) -> i128 {
        self.coeffs.get(&v).copied().unwrap_or(0)
    }

    pub fn is_constant(&self) -> bool {
        self.coeffs.is_empty()
    }

    pub fn mentions(&self, v: Var) -> bool {
        self.coeffs.contains_key(&v)
    }

    pub fn plus(&self, other: &Linear) -> Result<Linear, Overflow> {
        let mut out = self.clone();
        for (&v, &c) in &other.coeffs {
            let sum = checked(out.coeff(v).checked_add(c))?;
            if sum == 0 {
                out.coeffs.remove(&v);
            } else {
                out.coeffs.insert(v, sum);
            }
        }
        out.constant = checked(out.constant.checked_add(other.constant))?;
        Ok(out)
    }

    pub fn times(&self, k: i128) -> Result<Linear, Overflow> {
        if k == 0 {
            return Ok(Linear::default());
        }
        let mut out = Linear::constant(checked(self.constant.checked_mul(k))?);
        for (&v, &c) in &self.coeffs {
            out.coeffs.insert(v, checked(c.checked_mul(k))?);
        }
        Ok(out)
    }

    pub fn minus(&self, other: &Linear) -> Result<Linear, Overflow> {
        self.plus(&other.times(-1)?)
    }

    pub fn plus_constant(&self, k: i128) -> Result<Linear, Overflow> {
        self.plus(&Linear::constant(k))
    }

    /// The term with `v` replaced by `by`.
    pub fn substitute(&self, v: Var, by: &Linear) -> Result<Linear, Overflow> {
        let c = self.coeff(v);
        if c == 0 {
            return Ok(self.clone());
        }
        let mut rest = self.clone();
        rest.coeffs.remove(&v);
        rest.plus(&by.times(c)?)
    }

    /// The value when every variable has a value (`None` if one has none).
    pub fn value(&self, env: &dyn Fn(Var) -> Option<i128>) -> Option<i128> {
        let mut sum = self.constant;
        for (&v, &c) in &self.coeffs {
            sum = sum.checked_add(c.checked_mul(env(v)?)?)?;
        }
        Some(sum)
    }
}

/// A formula of Presburger arithmetic over ℤ.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Formula {
    True,
    False,
    /// `0 < t`.
    Positive(Linear),
    /// `t = 0`.
    Zero(Linear),
    /// `d | t`, with `d ≥ 1`.
    Divides(i128, Linear),
    Not(Box<Formula>),
    And(Vec<Formula>),
    Or(Vec<Formula>),
    Exists(Var, Box<Formula>),
    Forall(Var, Box<Formula>),
}

impl Formula {
    /// `a < b`.
    pub fn less(a: &Linear, b: &Linear) -> Result<Formula, Overflow> {
        Ok(Formula::Positive(b.minus(a)?))
    }

    /// `a ≤ b`.
    pub fn at_most(a: &Linear, b: &Linear) -> Result<Formula, Overflow> {
        Ok(Formula::Positive(b.minus(a)?.plus_constant(1)?))
    }

    /// `a = b`.
    pub fn equal(a: &Linear, b: &Linear) -> Result<Formula, Overflow> {
        Ok(Formula::Zero(a.minus(b)?))
    }

    #[allow(clippy::should_implement_trait)]
    pub fn not(f: Formula) -> Formula {
        match f {
            Formula::True => Formula::False,
            Formula::False => Formula::True,
            Formula::Not(g) => *g,
            g => Formula::Not(Box::new(g)),
        }
    }

    pub fn and(parts: Vec<Formula>) -> Formula {
        let mut out = Vec::new();
        for p in parts {
            match p {
                Formula::True => {}
                Formula::False => return Formula::False,
                Formula::And(inner) => out.extend(inner),
                p => out.push(p),
            }
        }
        match out.len() {
            0 => Formula::True,
            1 => out.pop().expect("one part"),
            _ => Formula::And(out),
        }
    }

    pub fn or(parts: Vec<Formula>) -> Formula {
        let mut out = Vec::new();
        for p in parts {
            match p {
                Formula::False => {}
                Formula::True => return Formula::True,
                Formula::Or(inner) => out.extend(inner),
                p => out.push(p),
            }
        }
        match out.len() {
            0 => Formula::False,
            1 => out.pop().expect("one part"),
            _ => Formula::Or(out),
        }
    }

    pub fn implies(a: Formula, b: Formula) -> Formula {
        Formula::or(vec![Formula::not(a), b])
    }

    pub fn iff(a: Formula, b: Formula) -> Formula {
        Formula::or(vec![
            Formula::and(vec![a.clone(), b.clone()]),
            Formula::and(vec![Formula::not(a), Formula::not(b)]),
        ])
    }

    /// The formula with the free variable `v` replaced by `by` (the variables of `by` must
    /// not be bound inside the formula: callers number bound variables apart).
    pub fn substitute(&self, v: Var, by: &Linear) -> Result<Formula, Overflow> {
        Ok(match self {
            Formula::True | Formula::False => self.clone(),
            Formula::Positive(t) => Formula::Positive(t.substitute(v, by)?),
            Formula::Zero(t) => Formula::Zero(t.substitute(v, by)?),
            Formula::Divides(d, t) => Formula::Divides(*d, t.substitute(v, by)?),
            Formula::Not(g) => Formula::Not(Box::new(g.substitute(v, by)?)),
            Formula::And(parts) => {
                Formula::And(parts.iter().map(|p| p.substitute(v, by)).collect::<Result<_, _>>()?)
            }
            Formula::Or(parts) => {
                Formula::Or(parts.iter().map(|p| p.substitute(v, by)).collect::<Result<_, _>>()?)
            }
            Formula::Exists(w, _) | Formula::Forall(w, _) if *w == v => self.clone(),
            Formula::Exists(w, g) => Formula::Exists(*w, Box::new(g.substitute(v, by)?)),
            Formula::Forall(w, g) => Formula::Forall(*w, Box::new(g.substitute(v, by)?)),
        })
    }

    /// The truth of a quantifier-free formula whose variables all have values (`None` when
    /// one has none, or a quantifier is met).
    pub fn value(&self, env: &dyn Fn(Var) -> Option<i128>) -> Option<bool> {
        Some(match self {
            Formula::True => true,
            Formula::False => false,
            Formula::Positive(t) => t.value(env)? > 0,
            Formula::Zero(t) => t.value(env)? == 0,
            Formula::Divides(d, t) => t.value(env)?.rem_euclid(*d) == 0,
            Formula::Not(g) => !g.value(env)?,
            Formula::And(parts) => {
                let mut all = true;
                for p in parts {
                    all &= p.value(env)?;
                }
                all
            }
            Formula::Or(parts) => {
                let mut any = false;
                for p in parts {
                    any |= p.value(env)?;
                }
                any
            }
            Formula::Exists(..) | Formula::Forall(..) => return None,
        })
    }
}

/// Prints a linear term with the variables named by `name`: `x + 2·y − 1`.
pub fn show_linear(t: &Linear, name: &dyn Fn(Var) -> String) -> String {
    let mut out = String::new();
    for (&v, &c) in &t.coeffs {
        let (sign, size) = if c < 0 { ("-", -c) } else { ("+", c) };
        if out.is_empty() {
            if sign == "-" {
                out.push('-');
            }
        } else {
            out.push_str(&format!(" {sign} "));
        }
        if size == 1 {
            out.push_str(&name(v));
        } else {
            out.push_str(&format!("{size}{}", name(v)));
        }
    }
    if out.is_empty() {
        return t.constant.to_string();
    }
    match t.constant {
        0 => {}
        c if c < 0 => out.push_str(&format!(" - {}", -c)),
        c => out.push_str(&format!(" + {c}")),
    }
    out
}

impl fmt::Display for Linear {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&show_linear(self, &|v| format!("v{v}")))
    }
}
