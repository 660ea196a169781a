//! The evaluator: whether an experiment follows a Law, and the reason a player can check,
//! with the rules' conventions (RULINGS I5–I7). It reads the syntax tree directly and
//! shares no code with the compiled search, which is tested against it.

use super::english::{english_dice, english_number};
use super::{
    scope_members, Among, Aspect, Compare, Dice, Kind, Law, Number, Property, Scope, Sees,
};
use crate::games::infer::experiment::Experiment;

/// A number in a Law that umpire cannot compute exactly on this experiment (beyond about
/// ±1.7·10^38, or a primality test beyond ±9.2·10^18): the experiment is not judged, rather
/// than judged on a wrapped or rounded number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("{0} is too large for umpire to compute exactly, so the experiment cannot be judged")]
#[diagnostic(
    code(umpire::infer::too_large),
    help("a Law's numbers must stay within ±10^38 (a product of up to 49 dice)")
)]
pub struct TooLarge(pub String);

impl crate::util::failure::Classify for TooLarge {}

/// A judgement: whether the experiment follows the Law, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub follows: bool,
    pub reason: String,
}

impl Dice {
    pub fn all() -> Dice {
        Dice(Vec::new())
    }

    /// The indices of the experiment's dice in the set.
    pub fn members(&self, x: &Experiment) -> Vec<usize> {
        (0..x.len()).filter(|&i| self.0.iter().all(|p| p.holds(x, i))).collect()
    }
}

impl Property {
    pub fn holds(&self, x: &Experiment, i: usize) -> bool {
        let face = x.face(i);
        match self {
            Property::Colour(c) => &x.dice[i].colour == c,
            Property::Face(f) => face == Some(*f),
            Property::Odd => face.is_some_and(|f| f % 2 == 1),
            Property::Even => face.is_some_and(|f| f % 2 == 0),
            Property::DivisibleBy(n) => face.is_some_and(|f| u32::from(f) % n == 0),
            Property::Visible => face.is_some(),
            Property::Hidden => face.is_none(),
            Property::Stacked => x.stacked(i),
            Property::OnTable => x.dice[i].level == 0,
            Property::Touching(set) => set.members(x).iter().any(|&j| j != i && x.touch(i, j)),
            Property::Alone => (0..x.len()).all(|j| j == i || !x.touch(i, j)),
            Property::Toward(d) => x.toward(i, *d),
            Property::TouchingAlike(aspect) => (0..x.len()).any(|j| {
                j != i
                    && x.touch(i, j)
                    && match aspect {
                        Aspect::Colour => x.dice[i].colour == x.dice[j].colour,
                        Aspect::Face => face.is_some() && face == x.face(j),
                    }
            }),
            Property::Not(p) => !p.holds(x, i),
            Property::Either(ps) => ps.iter().any(|p| p.holds(x, i)),
        }
    }

    /// Whether the property speaks only of a die's value (ruling I7). "Not odd" holds of a
    /// covered die, so a negation is not; "a 5 or a 6" is, when each choice is.
    pub(crate) fn about_values(&self) -> bool {
        match self {
            Property::Face(_) | Property::Odd | Property::Even | Property::DivisibleBy(_) => true,
            Property::Either(ps) => ps.iter().all(Property::about_values),
            _ => false,
        }
    }
}

impl Number {
    /// The number's exact value on the experiment.
    pub fn value(&self, x: &Experiment) -> Result<i128, TooLarge> {
        let faces = |d: &Dice| -> Vec<i128> {
            d.members(x).into_iter().filter_map(|i| x.face(i)).map(i128::from).collect()
        };
        let too_large = || TooLarge(english_number(self));
        Ok(match self {
            Number::Literal(n) => i128::from(*n),
            Number::Count(d) => d.members(x).len() as i128,
            Number::Sum(d) => faces(d).iter().sum(),
            Number::Product(d) => faces(d)
                .iter()
                .try_fold(1i128, |acc, f| acc.checked_mul(*f))
                .ok_or_else(too_large)?,
            Number::Groups => x.groups().len() as i128,
            Number::LargestGroup => x.groups().first().map_or(0, |g| g.len() as i128),
            Number::Kinds(d, aspect) => alike(x, d, *aspect).len() as i128,
            Number::Highest(d) => faces(d).into_iter().max().unwrap_or(0),
            Number::Lowest(d) => faces(d).into_iter().min().unwrap_or(0),
            Number::MostAlike(d, aspect) => {
                alike(x, d, *aspect).iter().map(|(_, n)| *n).max().unwrap_or(0) as i128
            }
            Number::Add(a, b) => a.value(x)?.checked_add(b.value(x)?).ok_or_else(too_large)?,
            Number::Sub(a, b) => a.value(x)?.checked_sub(b.value(x)?).ok_or_else(too_large)?,
            Number::Mul(a, b) => a.value(x)?.checked_mul(b.value(x)?).ok_or_else(too_large)?,
        })
    }
}

/// The set's dice by colour (or visible face): each value shown, with how many dice show it.
fn alike(x: &Experiment, d: &Dice, aspect: Aspect) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for i in d.members(x) {
        let key = match aspect {
            Aspect::Colour => x.dice[i].colour.clone(),
            Aspect::Face => match x.face(i) {
                Some(f) => f.to_string(),
                None => continue,
            },
        };
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => out.push((key, 1)),
        }
    }
    out
}

/// Whether `n` is prime: Miller–Rabin with the bases that decide every 64-bit number.
pub(crate) fn is_prime(n: i64) -> bool {
    if n < 2 {
        return false;
    }
    let n = n as u64;
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if let Some(&p) = BASES.iter().find(|&&p| n.is_multiple_of(p)) {
        return n == p;
    }
    let mul = |a: u64, b: u64| ((u128::from(a) * u128::from(b)) % u128::from(n)) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut r = 1u64;
        b %= n;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        r
    };
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    BASES.iter().all(|&a| {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                return true;
            }
        }
        false
    })
}

impl Law {
    /// What of the arrangement this Law looks at.
    pub fn sees(&self) -> Sees {
        let mut s = Sees::default();
        s.law(self);
        s
    }

    /// Judges an experiment, with the reason a player can check; refuses when a number is
    /// beyond exact computation.
    pub fn judge(&self, x: &Experiment) -> Result<Judgement, TooLarge> {
        let (follows, reason) = self.eval(x)?;
        Ok(Judgement { follows, reason })
    }

    /// Whether the experiment follows the Law, `None` when it cannot be judged (for
    /// searches and tallies that pass over such experiments).
    pub fn follows(&self, x: &Experiment) -> Option<bool> {
        self.judge(x).ok().map(|j| j.follows)
    }

    // Long by design: one arm per form of Law (grammar/infer-law.ebnf), each judging and
    // saying why in a few lines; read side by side with the grammar, one match is clearer
    // than the forms scattered over functions.
    fn eval(&self, x: &Experiment) -> Result<(bool, String), TooLarge> {
        let names =
            |ids: &[usize]| ids.iter().map(|&i| die_name(x, i)).collect::<Vec<_>>().join(", ");
        Ok(match self {
            Law::Compare(a, op, b) => {
                let (l, r) = (a.value(x)?, b.value(x)?);
                let ok = match op {
                    Compare::Eq => l == r,
                    Compare::Ne => l != r,
                    Compare::Lt => l < r,
                    Compare::Le => l <= r,
                    Compare::Gt => l > r,
                    Compare::Ge => l >= r,
                };
                let side = |n: &Number, v: i128| match n {
                    Number::Literal(_) => None,
                    _ => Some(format!("{} is {v}", english_number(n))),
                };
                let said: Vec<String> = [side(a, l), side(b, r)].into_iter().flatten().collect();
                (ok, if said.is_empty() { format!("{l} against {r}") } else { said.join(" and ") })
            }
            Law::Is(n, kind) => {
                let v = n.value(x)?;
                let ok = match kind {
                    Kind::Even => v % 2 == 0,
                    Kind::Odd => v % 2 != 0,
                    Kind::Prime => {
                        is_prime(i64::try_from(v).map_err(|_| TooLarge(english_number(n)))?)
                    }
                    Kind::DivisibleBy(k) => v.rem_euclid(i128::from(*k)) == 0,
                };
                (ok, format!("{} is {v}", english_number(n)))
            }
            Law::All(d, p) | Law::No(d, p) | Law::Some(d, p) | Law::Most(d, p) => {
                let mut members = d.members(x);
                // Restrictions on values pass over dice that show none, for `all` and `most`
                // (ruling I7); `no` and `some` need no exception, a covered die having none.
                let mut none_said = format!("there are no {} (vacuously true)", english_dice(d));
                if p.about_values() && matches!(self, Law::All(..) | Law::Most(..)) {
                    let all = members.len();
                    members.retain(|&i| x.face(i).is_some());
                    if members.len() < all {
                        // Covered ones are there: say why they do not count.
                        none_said = format!(
                            "no {} shows a face (a covered die has none, so it is passed over: vacuously true)",
                            english_dice(d).replacen("dice", "die", 1)
                        );
                    }
                }
                let (with, without): (Vec<usize>, Vec<usize>) =
                    members.iter().partition(|&&i| p.holds(x, i));
                match self {
                    Law::All(..) if members.is_empty() => (true, none_said),
                    Law::All(..) => (
                        without.is_empty(),
                        if without.is_empty() {
                            format!("every one is: {}", names(&with))
                        } else {
                            format!("not so: {}", names(&without))
                        },
                    ),
                    Law::No(..) => (
                        with.is_empty(),
                        if with.is_empty() {
                            none_does(d, members.len())
                        } else {
                            format!("but: {}", names(&with))
                        },
                    ),
                    Law::Some(..) => (
                        !with.is_empty(),
                        if with.is_empty() {
                            none_does(d, members.len())
                        } else {
                            format!("this one is: {}", names(&with[..1]))
                        },
                    ),
                    // Vacuous truth, as for `all` (ruling I15).
                    Law::Most(..) if members.is_empty() => (true, none_said),
                    _ => (
                        2 * with.len() > members.len(),
                        format!("{} of {} are", with.len(), members.len()),
                    ),
                }
            }
            Law::TouchEachOther(d) => {
                let members = d.members(x);
                let groups = x.groups_among(&members);
                if groups.len() <= 1 {
                    (
                        true,
                        if members.len() < 2 {
                            format!("fewer than two {} (vacuously true)", english_dice(d))
                        } else {
                            format!(
                                "they all touch each other, directly or through each other: {}",
                                names(&members)
                            )
                        },
                    )
                } else {
                    (
                        false,
                        // Not "groups": a group is the table's, of every die touching (infer
                        // show); these are the parts the set falls into by itself.
                        format!(
                            "they fall apart into {} parts that do not touch each other: {}",
                            groups.len(),
                            groups
                                .iter()
                                .map(|g| format!("[{}]", names(g)))
                                .collect::<Vec<_>>()
                                .join(" ")
                        ),
                    )
                }
            }
            Law::Same(d, aspect) | Law::Different(d, aspect) => {
                let members = d.members(x);
                let keys: Vec<(usize, String)> = members
                    .iter()
                    .filter_map(|&i| match aspect {
                        Aspect::Colour => Some((i, x.dice[i].colour.clone())),
                        Aspect::Face => x.face(i).map(|f| (i, f.to_string())),
                    })
                    .collect();
                let mut distinct: Vec<&String> = keys.iter().map(|k| &k.1).collect();
                distinct.sort();
                distinct.dedup();
                let ok = match self {
                    Law::Same(..) => distinct.len() <= 1,
                    _ => distinct.len() == keys.len(),
                };
                (
                    ok,
                    format!(
                        "{} {} among {} dice",
                        distinct.len(),
                        if *aspect == Aspect::Colour { "colours" } else { "faces" },
                        keys.len()
                    ),
                )
            }
            Law::Ascending(n) | Law::Repeated(n) => {
                let ascending = matches!(self, Law::Ascending(_));
                for line in x.lines() {
                    let faces: Vec<Option<u8>> = line.iter().map(|&i| x.face(i)).collect();
                    for forward in [true, false] {
                        let seq: Vec<Option<u8>> = if forward {
                            faces.clone()
                        } else {
                            faces.iter().rev().copied().collect()
                        };
                        let mut run = 1;
                        for w in seq.windows(2) {
                            let next = match (w[0], w[1]) {
                                (Some(a), Some(b)) if ascending => b == a + 1,
                                (Some(a), Some(b)) => a == b,
                                _ => false,
                            };
                            run = if next { run + 1 } else { 1 };
                            if run >= *n as usize {
                                return Ok((true, format!("the line {}", names(&line))));
                            }
                        }
                    }
                }
                (*n <= 1 && !x.is_empty(), format!("no line has {n} such dice"))
            }
            Law::Line(n) => match x.lines().into_iter().find(|line| line.len() >= *n as usize) {
                Some(line) => (true, format!("the line {}", names(&line))),
                None => (false, format!("no line is {n} occupied cells long")),
            },
            Law::Scoped(scope, among, inner) => {
                let parts = scope_members(x, *scope);
                let what = match scope {
                    Scope::Group => "group",
                    Scope::Line => "line",
                };
                let judged: Vec<(Vec<usize>, bool, String)> = parts
                    .into_iter()
                    .map(|part| {
                        let (ok, why) = inner.eval(&x.part(&part))?;
                        Ok((part, ok, why))
                    })
                    .collect::<Result<_, TooLarge>>()?;
                let total = judged.len();
                let all_of = |n: usize| {
                    if n == 1 {
                        format!("the only {what}")
                    } else {
                        format!("each of the {n} {what}s")
                    }
                };
                let none_of = |n: usize| {
                    if n == 1 {
                        format!("the only {what}")
                    } else {
                        format!("any of the {n} {what}s")
                    }
                };
                let first = |want: bool| judged.iter().find(|j| j.1 == want);
                let name = |j: &(Vec<usize>, bool, String)| {
                    format!("the {what} [{}]: {}", names(&j.0), j.2)
                };
                match among {
                    Among::Every => match first(false) {
                        Some(j) => (false, format!("not so in {}", name(j))),
                        None if total == 0 => {
                            (true, format!("there is no {what} (vacuously true)"))
                        }
                        None => (true, format!("so in {}", all_of(total))),
                    },
                    Among::Some => match first(true) {
                        Some(j) => (true, format!("so in {}", name(j))),
                        None if total == 0 => (false, format!("there is no {what}")),
                        None => (false, format!("not so in {}", none_of(total))),
                    },
                    Among::No => match first(true) {
                        Some(j) => (false, format!("but so in {}", name(j))),
                        None if total == 0 => (true, format!("there is no {what}")),
                        None => (true, format!("not so in {}", none_of(total))),
                    },
                }
            }
            Law::Not(l) => {
                let (v, why) = l.eval(x)?;
                (!v, why)
            }
            Law::And(a, b) => {
                let ((va, wa), (vb, wb)) = (a.eval(x)?, b.eval(x)?);
                // False beats true: the first part that fails is the reason.
                match (va, vb) {
                    (true, true) => (true, joined(wa, wb)),
                    (false, _) => (false, wa),
                    (true, false) => (false, wb),
                }
            }
            Law::Or(a, b) => {
                let ((va, wa), (vb, wb)) = (a.eval(x)?, b.eval(x)?);
                match (va, vb) {
                    (true, _) => (true, wa),
                    (false, true) => (true, wb),
                    _ => (false, joined(wa, wb)),
                }
            }
        })
    }
}

/// Two reasons, once each: "the one die does not" twice reads as a stutter.
fn joined(a: String, b: String) -> String {
    if a == b {
        a
    } else {
        format!("{a}; {b}")
    }
}

fn die_name(x: &Experiment, i: usize) -> String {
    match x.face(i) {
        Some(f) => format!("{} {f}", x.dice[i].colour),
        None => format!("{} (hidden)", x.dice[i].colour),
    }
}

/// "none of the 2 blue dice does", "the one blue die does not", "there are no blue dice".
fn none_does(d: &Dice, count: usize) -> String {
    match count {
        0 => format!("there are no {}", english_dice(d)),
        1 => format!("the one {} does not", english_dice(d).replacen("dice", "die", 1)),
        n => format!("none of the {n} {} does", english_dice(d)),
    }
}
