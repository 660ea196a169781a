//! Encodings of counting and arithmetic into clauses.
//!
//! Integers use the order encoding over an explicit, sorted set of values: `ge[i]` is true
//! exactly when the value is at least `values[i]`, with one-hot `eq[i]` literals beside them.
//! Sums are built by pairwise adders that are exact in both directions, so an [`IntVar`]'s
//! literals may be used positively or negatively (inside disjunctions, under negation).
//! Cardinality: `at_most` uses a sequential counter (Sinz 2005, O(n·k) clauses) while k is
//! small, and a balanced adder tree (a totalizer) when k is large.

use super::{Lit, SatProblem, Solution};

/// A finite-domain integer: one of `values`, in the order encoding.
#[derive(Clone, Debug)]
pub struct IntVar {
    values: Vec<i64>,
    /// `ge[i]` ⇔ value ≥ values[i]; `ge[0]` is the constant true literal.
    ge: Vec<Lit>,
    /// `eq[i]` ⇔ value = values[i].
    eq: Vec<Lit>,
}

impl IntVar {
    pub fn values(&self) -> &[i64] {
        &self.values
    }
    pub fn min(&self) -> i64 {
        self.values[0]
    }
    pub fn max(&self) -> i64 {
        *self.values.last().unwrap()
    }

    /// A literal for `self ≥ v` (a constant literal outside the domain).
    pub fn ge(&self, p: &SatProblem, v: i64) -> Lit {
        match self.values.iter().position(|&x| x >= v) {
            Some(i) => self.ge[i],
            None => p.constant(false),
        }
    }
    /// A literal for `self ≤ v`.
    pub fn le(&self, p: &SatProblem, v: i64) -> Lit {
        !self.ge(p, v.saturating_add(1))
    }
    /// A literal for `self = v`.
    pub fn eq(&self, p: &SatProblem, v: i64) -> Lit {
        match self.values.binary_search(&v) {
            Ok(i) => self.eq[i],
            Err(_) => p.constant(false),
        }
    }

    pub fn value_in(&self, s: &Solution) -> i64 {
        let mut v = self.values[0];
        for (i, &l) in self.ge.iter().enumerate() {
            if s.value(l) {
                v = self.values[i];
            }
        }
        v
    }

    fn from_order(p: &mut SatProblem, values: Vec<i64>, ge: Vec<Lit>) -> IntVar {
        for w in ge.windows(2) {
            p.implies(w[1], w[0]);
        }
        let eq = (0..values.len())
            .map(|i| match ge.get(i + 1) {
                Some(&next) => p.and(&[ge[i], !next]),
                None => ge[i],
            })
            .collect();
        IntVar { values, ge, eq }
    }

    /// An integer that takes one of `values` (duplicates ignored).
    pub fn new(p: &mut SatProblem, values: &[i64]) -> IntVar {
        let mut values = values.to_vec();
        values.sort_unstable();
        values.dedup();
        assert!(!values.is_empty(), "an integer needs at least one possible value");
        let mut ge = vec![p.true_lit()];
        ge.extend(p.new_lits(values.len() - 1));
        IntVar::from_order(p, values, ge)
    }

    pub fn range(p: &mut SatProblem, lo: i64, hi: i64) -> IntVar {
        let values: Vec<i64> = (lo..=hi).collect();
        IntVar::new(p, &values)
    }

    /// The integer 1 when `lit` holds, else 0.
    pub fn from_lit(p: &mut SatProblem, lit: Lit) -> IntVar {
        IntVar { values: vec![0, 1], ge: vec![p.true_lit(), lit], eq: vec![!lit, lit] }
    }

    pub fn constant(p: &SatProblem, v: i64) -> IntVar {
        IntVar { values: vec![v], ge: vec![p.true_lit()], eq: vec![p.true_lit()] }
    }

    /// `c · self`, sharing this integer's literals.
    pub fn scale(&self, p: &SatProblem, c: i64) -> IntVar {
        if c == 0 {
            return IntVar::constant(p, 0);
        }
        if c > 0 {
            return IntVar {
                values: self.values.iter().map(|v| v * c).collect(),
                ge: self.ge.clone(),
                eq: self.eq.clone(),
            };
        }
        // c < 0: the order reverses; -x ≥ -v ⇔ x ≤ v ⇔ ¬(x ≥ next value after v).
        let n = self.values.len();
        let values: Vec<i64> = self.values.iter().rev().map(|v| v * c).collect();
        let ge = (0..n).map(|j| if j == 0 { p.true_lit() } else { !self.ge[n - j] }).collect();
        let eq = self.eq.iter().rev().copied().collect();
        IntVar { values, ge, eq }
    }

    /// `self + other`, exact in both directions.
    pub fn add(&self, p: &mut SatProblem, other: &IntVar) -> IntVar {
        let mut values: Vec<i64> = Vec::new();
        for a in &self.values {
            for b in &other.values {
                values.push(a + b);
            }
        }
        values.sort_unstable();
        values.dedup();
        let mut ge = vec![p.true_lit()];
        ge.extend(p.new_lits(values.len() - 1));
        let z = IntVar::from_order(p, values, ge);
        let (n, m) = (self.values.len(), other.values.len());
        for i in 0..n {
            for j in 0..m {
                let s = self.values[i] + other.values[j];
                // x ≥ a ∧ y ≥ b → z ≥ a + b
                let zi = z.values.binary_search(&s).unwrap();
                p.add_clause(&[!self.ge[i], !other.ge[j], z.ge[zi]]);
                // x ≤ a ∧ y ≤ b → z ≤ a + b, i.e. ¬(x ≥ next a) ∧ ¬(y ≥ next b) → ¬(z ≥ next s)
                if zi + 1 < z.values.len() {
                    let mut clause = vec![!z.ge[zi + 1]];
                    if i + 1 < n {
                        clause.push(self.ge[i + 1]);
                    }
                    if j + 1 < m {
                        clause.push(other.ge[j + 1]);
                    }
                    p.add_clause(&clause);
                }
            }
        }
        z
    }
}

impl IntVar {
    /// An integer over `values` forced to `value(i, j)` whenever `self = self.values[i]` and
    /// `other = other.values[j]`: exact in both directions, since each pair fixes it.
    fn combine(
        &self,
        p: &mut SatProblem,
        other: &IntVar,
        value: impl Fn(i64, i64) -> i64,
    ) -> IntVar {
        let mut values: Vec<i64> = Vec::with_capacity(self.values.len() * other.values.len());
        for &a in &self.values {
            for &b in &other.values {
                values.push(value(a, b));
            }
        }
        let z = IntVar::new(p, &values);
        for (i, &a) in self.values.iter().enumerate() {
            for (j, &b) in other.values.iter().enumerate() {
                let target = z.eq(p, value(a, b));
                p.add_clause(&[!self.eq[i], !other.eq[j], target]);
            }
        }
        z
    }

    /// `self · other` (saturating, as the evaluators compute it); the domain is every product
    /// of a pair, so keep both small.
    pub fn mul(&self, p: &mut SatProblem, other: &IntVar) -> IntVar {
        self.combine(p, other, i64::saturating_mul)
    }

    /// `if cond { then } else { otherwise }`.
    pub fn select(p: &mut SatProblem, cond: Lit, then: &IntVar, otherwise: &IntVar) -> IntVar {
        let mut values: Vec<i64> = then.values.clone();
        values.extend(&otherwise.values);
        let z = IntVar::new(p, &values);
        for (i, &v) in then.values.iter().enumerate() {
            let target = z.eq(p, v);
            p.add_clause(&[!cond, !then.eq[i], target]);
        }
        for (i, &v) in otherwise.values.iter().enumerate() {
            let target = z.eq(p, v);
            p.add_clause(&[cond, !otherwise.eq[i], target]);
        }
        z
    }
}

/// The sum `Σ cᵢ·xᵢ`, as a balanced tree of adders.
pub fn linear(p: &mut SatProblem, terms: &[(i64, IntVar)]) -> IntVar {
    let scaled: Vec<IntVar> = terms.iter().map(|(c, x)| x.scale(p, *c)).collect();
    sum(p, scaled)
}

/// The sum of the integers.
pub fn sum(p: &mut SatProblem, mut xs: Vec<IntVar>) -> IntVar {
    if xs.is_empty() {
        return IntVar::constant(p, 0);
    }
    while xs.len() > 1 {
        let mut next = Vec::with_capacity(xs.len().div_ceil(2));
        let mut it = xs.into_iter();
        while let Some(a) = it.next() {
            match it.next() {
                Some(b) => next.push(a.add(p, &b)),
                None => next.push(a),
            }
        }
        xs = next;
    }
    xs.pop().unwrap()
}

/// How many of `lits` are true, as an integer (a totalizer).
pub fn count(p: &mut SatProblem, lits: &[Lit]) -> IntVar {
    let xs = lits.iter().map(|&l| IntVar::from_lit(p, l)).collect();
    sum(p, xs)
}

/// At most `k` of `lits` are true.
pub fn at_most(p: &mut SatProblem, lits: &[Lit], k: usize) {
    let n = lits.len();
    if k >= n {
        return;
    }
    if k == 0 {
        for &l in lits {
            p.add_clause(&[!l]);
        }
        return;
    }
    if k <= 4 || n * k <= 256 {
        sequential_counter(p, lits, k);
    } else {
        let c = count(p, lits);
        let over = c.ge(p, k as i64 + 1);
        p.add_clause(&[!over]);
    }
}

/// At least `k` of `lits` are true.
pub fn at_least(p: &mut SatProblem, lits: &[Lit], k: usize) {
    if k == 0 {
        return;
    }
    if k > lits.len() {
        p.add_clause(&[]);
        return;
    }
    if k == 1 {
        p.add_clause(lits);
        return;
    }
    let negated: Vec<Lit> = lits.iter().map(|&l| !l).collect();
    at_most(p, &negated, lits.len() - k);
}

pub fn exactly(p: &mut SatProblem, lits: &[Lit], k: usize) {
    at_most(p, lits, k);
    at_least(p, lits, k);
}

/// Sinz's sequential counter: `s[i][j]` means at least j+1 of the first i+1 are true.
fn sequential_counter(p: &mut SatProblem, x: &[Lit], k: usize) {
    let n = x.len();
    let s: Vec<Vec<Lit>> = (0..n - 1).map(|_| p.new_lits(k)).collect();
    p.add_clause(&[!x[0], s[0][0]]);
    for &above_first in &s[0][1..k] {
        p.add_clause(&[!above_first]);
    }
    for i in 1..n - 1 {
        p.add_clause(&[!x[i], s[i][0]]);
        p.add_clause(&[!s[i - 1][0], s[i][0]]);
        for j in 1..k {
            p.add_clause(&[!x[i], !s[i - 1][j - 1], s[i][j]]);
            p.add_clause(&[!s[i - 1][j], s[i][j]]);
        }
        p.add_clause(&[!x[i], !s[i - 1][k - 1]]);
    }
    p.add_clause(&[!x[n - 1], !s[n - 2][k - 1]]);
}
