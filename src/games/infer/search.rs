//! The Universe's search: the experiment with the fewest dice that meets a goal — follows
//! a Law, breaks it, or separates a Law from a Theory.
//!
//! For each count of dice (the null experiment first) and each arrangement of that many
//! dice ([`shapes`](super::shapes)), the colours and faces are left symbolic: one integer per
//! die for its colour and one for its face, in the constraint core. Each Law is compiled over
//! them to a literal that holds exactly when the experiment follows it, and the goal becomes
//! clauses; the supply limits each colour. The first satisfiable arrangement gives the
//! smallest experiment, which the evaluator ([`Law::judge`]) then re-checks: a witness the
//! evaluator disagrees with is an internal error, never an answer.

use super::counts::BoxAnswer;
use super::experiment::{Experiment, Supply};
use super::law::{scope_members, Among, Aspect, Compare, Dice, Law, Number, Property, Sees};
use super::shapes::{shapes_within, Shape, Structure, COMPASS_MAX_DICE};
use crate::solve::encode::{self, IntVar};
use crate::solve::{Budget, Exhausted, Lit, Outcome, SatProblem};
use std::borrow::Cow;

/// What the experiment must do.
#[derive(Clone, Debug)]
pub enum Goal {
    /// Follow (true) or break (false) each Law.
    Judged(Vec<(Law, bool)>),
    /// Follow one of the two Laws and not the other.
    Separates(Law, Law),
}

impl Goal {
    fn laws(&self) -> Vec<&Law> {
        match self {
            Goal::Judged(v) => v.iter().map(|(l, _)| l).collect(),
            Goal::Separates(a, b) => vec![a, b],
        }
    }

    /// Whether `x` meets the goal, by the evaluator alone.
    pub fn met_by(&self, x: &Experiment) -> bool {
        match self {
            Goal::Judged(v) => v.iter().all(|(l, want)| l.follows(x) == Some(*want)),
            Goal::Separates(a, b) => {
                matches!((a.follows(x), b.follows(x)), (Some(p), Some(q)) if p != q)
            }
        }
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The smallest experiment meeting the goal.
    Experiment(Experiment),
    /// No experiment with at most this many dice meets it (and the search went no further:
    /// the box may hold more).
    NoneUpTo(usize),
    /// No experiment the supply allows meets it: decided over the whole box (issue 59).
    NoneInBox,
    /// An experiment that meets it, larger than any the search went through (`none_up_to`
    /// dice); whether fewer dice would do was not settled.
    Larger { experiment: Experiment, none_up_to: usize },
    /// The budget ran out after every experiment with at most `checked` dice was ruled out.
    Unknown { why: Exhausted, checked: Option<usize> },
}

/// A search that cannot run.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
pub enum SearchError {
    #[error("the evaluator does not confirm the experiment the search found ({0}): this is a bug in umpire")]
    #[diagnostic(code(umpire::infer::unconfirmed))]
    Unconfirmed(String),
}

impl crate::util::failure::Classify for SearchError {
    fn kind(&self) -> crate::util::failure::FailureKind {
        crate::util::failure::FailureKind::Internal
    }
}

/// How far a search may go.
#[derive(Clone, Debug)]
pub struct Limits {
    pub max_dice: usize,
    pub budget: Budget,
}

/// Finds the experiment with the fewest dice (at most `limits.max_dice`, and never more
/// than the supply holds) that meets `goal`. `progress` hears each count of dice as the
/// search starts it, with the number of arrangements to try.
pub fn smallest(
    goal: &Goal,
    supply: &Supply,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Found, SearchError> {
    let sees = goal.laws().iter().fold(Sees::default(), |s, l| s.union(l.sees()));
    let in_supply: usize = supply.colours.iter().map(|c| c.1 as usize).sum();
    let mut max_dice = limits.max_dice.min(in_supply);
    if sees.compass {
        max_dice = max_dice.min(COMPASS_MAX_DICE);
    }
    let mut checked = None;
    for dice in 0..=max_dice {
        let candidates = match shapes_within(dice, sees, &limits.budget) {
            Ok(c) => c,
            Err(why) => return Ok(Found::Unknown { why, checked }),
        };
        progress(dice, candidates.len());
        for shape in &candidates {
            if let Some(why) = limits.budget.spent() {
                return Ok(Found::Unknown { why, checked });
            }
            match solve_shape(goal, shape, supply, &limits.budget) {
                Outcome::Sat(x) => {
                    if !goal.met_by(&x) {
                        return Err(SearchError::Unconfirmed(x.notation()));
                    }
                    return Ok(Found::Experiment(x));
                }
                Outcome::Unsat(()) => {}
                Outcome::Exhausted(why) => return Ok(Found::Unknown { why, checked }),
            }
        }
        checked = Some(dice);
    }
    Ok(Found::NoneUpTo(max_dice))
}

/// The Universe's test of a Theory: the smallest experiment on which it and the Law differ.
pub fn disprove(
    law: &Law,
    theory: &Law,
    supply: &Supply,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Found, SearchError> {
    // The same Law (however it was typed or said) agrees with itself on every experiment:
    // nothing to search, so no clock can cut the answer short.
    if law.same_as(theory) {
        return Ok(Found::NoneInBox);
    }
    // Laws that see only counts are decided over the whole box at once, with the fewest
    // dice when the decision proves it: no arrangement need be tried (publication fast).
    let goal = Goal::Separates(law.clone(), theory.clone());
    match super::counts::separate(law, theory, supply, 0, &limits.budget) {
        Some(Ok(BoxAnswer::Never)) => return Ok(Found::NoneInBox),
        Some(Ok(BoxAnswer::Separated(x))) if goal.met_by(&x) => return Ok(Found::Experiment(x)),
        Some(Ok(BoxAnswer::Separated(x))) => return Err(SearchError::Unconfirmed(x.notation())),
        // Not shown to be the fewest, or out of budget: the search below settles it.
        _ => {}
    }
    let found = smallest(&goal, supply, limits, progress)?;
    let Found::NoneUpTo(n) = found else { return Ok(found) };
    // Nothing within the bound: the bound may have been the box itself; else Laws that see
    // only counts are decided over the whole box at once.
    let in_supply: usize = supply.colours.iter().map(|c| c.1 as usize).sum();
    if n >= in_supply {
        return Ok(Found::NoneInBox);
    }
    match super::counts::separate(law, theory, supply, n + 1, &limits.budget) {
        Some(Ok(BoxAnswer::Separated(x) | BoxAnswer::Found(x)))
            if !Goal::Separates(law.clone(), theory.clone()).met_by(&x) =>
        {
            Err(SearchError::Unconfirmed(x.notation()))
        }
        Some(Ok(BoxAnswer::Separated(x))) => Ok(Found::Experiment(x)),
        Some(Ok(BoxAnswer::Found(x))) => Ok(Found::Larger { experiment: x, none_up_to: n }),
        Some(Ok(BoxAnswer::Never)) => Ok(Found::NoneInBox),
        Some(Err(why)) => Ok(Found::Unknown { why, checked: Some(n) }),
        None => Ok(Found::NoneUpTo(n)),
    }
}

/// The most dice the rules allow for showing a home-made Law both ways (and the most the
/// Universe's opening experiments use).
pub const DEMONSTRABLE_DICE: usize = 4;

/// The smallest experiment that follows the Law (`follows`), or breaks it.
pub fn example(
    law: &Law,
    follows: bool,
    supply: &Supply,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Found, SearchError> {
    smallest(&Goal::Judged(vec![(law.clone(), follows)]), supply, limits, progress)
}

/// Whether a Law can be shown both ways: its smallest example and counterexample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demonstration {
    pub follows: Found,
    pub breaks: Found,
}

/// What a [`Demonstration`] says about the Law.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Demonstrable {
    /// Both sides were found within the bound.
    Yes,
    /// One side has no experiment within the bound.
    No,
    /// The budget ran out first.
    Unknown,
}

impl Demonstration {
    pub fn verdict(&self) -> Demonstrable {
        let sides = [&self.follows, &self.breaks];
        if sides.iter().all(|f| matches!(f, Found::Experiment(_))) {
            Demonstrable::Yes
        } else if sides.iter().any(|f| matches!(f, Found::Unknown { .. })) {
            Demonstrable::Unknown
        } else {
            Demonstrable::No
        }
    }
}

/// Looks for both sides of a Law within `limits` (the rules' bound is [`DEMONSTRABLE_DICE`]).
pub fn demonstrate(
    law: &Law,
    supply: &Supply,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Demonstration, SearchError> {
    let follows = example(law, true, supply, limits, progress)?;
    let breaks = example(law, false, supply, limits, progress)?;
    Ok(Demonstration { follows, breaks })
}

fn solve_shape(
    goal: &Goal,
    shape: &Shape,
    supply: &Supply,
    budget: &Budget,
) -> Outcome<Experiment> {
    let mut e = match Encoder::new(shape, supply, budget) {
        Some(e) => e,
        None => return Outcome::Unsat(()),
    };
    let goal_lit = match e.goal(goal) {
        Ok(l) => l,
        Err(why) => return Outcome::Exhausted(why),
    };
    match e.p.solve(&[goal_lit], budget) {
        Outcome::Sat(sol) => {
            let mut x = shape.cells.clone();
            for (i, die) in x.dice.iter_mut().enumerate() {
                die.colour = supply.colours[sol.int_value(&e.colour[i]) as usize].0.clone();
                die.face = sol.int_value(&e.face[i]) as u8;
            }
            Outcome::Sat(x)
        }
        Outcome::Unsat(_) => Outcome::Unsat(()),
        Outcome::Exhausted(why) => Outcome::Exhausted(why),
    }
}

/// Largest domain an arithmetic step may build (pairs of values), and most clauses one
/// shape's encoding may hold, so that a Law like `sum * sum * sum …` or a sum of thousands
/// of counts gives up with "unknown" instead of eating the machine.
const MAX_PAIRS: usize = 200_000;
const MAX_CLAUSES: usize = 2_000_000;

/// A shape with symbolic colours and faces, and the Laws compiled over it.
pub struct Encoder<'a> {
    pub p: SatProblem,
    /// The arrangement being compiled over: the shape, or one of its parts while a scoped
    /// Law is compiled.
    shape: Cow<'a, Shape>,
    supply: &'a Supply,
    /// Per die, the index of its colour in the supply.
    pub colour: Vec<IntVar>,
    /// Per die, its face (1 for a covered die, whose face no Law sees).
    pub face: Vec<IntVar>,
    budget: Budget,
}

impl<'a> Encoder<'a> {
    /// `None` when the supply cannot fill the shape. Compiling stops (with
    /// [`Exhausted`]) when the budget is spent or the encoding grows too large.
    pub fn new(shape: &'a Shape, supply: &'a Supply, budget: &Budget) -> Option<Encoder<'a>> {
        let n = shape.structure.len();
        let mut p = SatProblem::new();
        let colours: Vec<usize> =
            (0..supply.colours.len()).filter(|&c| supply.colours[c].1 > 0).collect();
        if n > 0 && colours.is_empty() {
            return None;
        }
        let colour_values: Vec<i64> = colours.iter().map(|&c| c as i64).collect();
        let colour: Vec<IntVar> = (0..n).map(|_| IntVar::new(&mut p, &colour_values)).collect();
        let face: Vec<IntVar> = (0..n)
            .map(|i| {
                if shape.structure.visible[i] {
                    IntVar::range(&mut p, 1, 6)
                } else {
                    IntVar::constant(&p, 1)
                }
            })
            .collect();
        for &c in &colours {
            let limit = supply.colours[c].1 as usize;
            if limit < n {
                let lits: Vec<Lit> = colour.iter().map(|v| v.eq(&p, c as i64)).collect();
                encode::at_most(&mut p, &lits, limit);
            }
        }
        Some(Encoder {
            p,
            shape: Cow::Borrowed(shape),
            supply,
            colour,
            face,
            budget: budget.clone(),
        })
    }

    fn n(&self) -> usize {
        self.shape.structure.len()
    }

    pub fn goal(&mut self, goal: &Goal) -> Result<Lit, Exhausted> {
        match goal {
            Goal::Judged(v) => {
                let mut lits = Vec::new();
                for (l, want) in v {
                    let lit = self.law(l)?;
                    lits.push(if *want { lit } else { !lit });
                }
                Ok(self.p.and(&lits))
            }
            Goal::Separates(a, b) => {
                let (a, b) = (self.law(a)?, self.law(b)?);
                let one = self.p.and(&[a, !b]);
                let other = self.p.and(&[!a, b]);
                Ok(self.p.or(&[one, other]))
            }
        }
    }

    fn constant(&self, v: bool) -> Lit {
        self.p.constant(v)
    }

    /// Whether die `i` has the property.
    fn property(&mut self, p: &Property, i: usize) -> Lit {
        let s = &self.shape.structure;
        let visible = s.visible[i];
        match p {
            Property::Colour(c) => match self.supply.colours.iter().position(|(name, _)| name == c)
            {
                Some(k) => self.colour[i].eq(&self.p, k as i64),
                None => self.constant(false),
            },
            Property::Face(f) if visible => self.face[i].eq(&self.p, i64::from(*f)),
            Property::Odd | Property::Even if visible => {
                let first = if matches!(p, Property::Odd) { 1 } else { 2 };
                let lits: Vec<Lit> = [first, first + 2, first + 4]
                    .iter()
                    .map(|&v| self.face[i].eq(&self.p, v))
                    .collect();
                self.p.or(&lits)
            }
            Property::DivisibleBy(d) if visible => {
                let lits: Vec<Lit> = (1..=6u32)
                    .filter(|f| f % d == 0)
                    .map(|f| self.face[i].eq(&self.p, i64::from(f)))
                    .collect();
                self.p.or(&lits)
            }
            Property::Face(_) | Property::Odd | Property::Even | Property::DivisibleBy(_) => {
                self.constant(false)
            }
            Property::Visible => self.constant(visible),
            Property::Hidden => self.constant(!visible),
            Property::Stacked => self.constant(s.stacked[i]),
            Property::OnTable => self.constant(s.on_table[i]),
            Property::Alone => self.constant(s.alone[i]),
            Property::Toward(d) => {
                let k =
                    super::law::Direction::ALL.iter().position(|x| x == d).expect("a direction");
                self.constant(s.toward[i][k])
            }
            Property::Touching(set) => {
                let neighbours: Vec<usize> = (0..self.n()).filter(|&j| s.touch[i][j]).collect();
                let lits: Vec<Lit> = neighbours.into_iter().map(|j| self.member(set, j)).collect();
                self.p.or(&lits)
            }
            Property::TouchingAlike(aspect) => {
                let neighbours: Vec<usize> = (0..self.n())
                    .filter(|&j| s.touch[i][j])
                    .filter(|&j| *aspect == Aspect::Colour || (visible && s.visible[j]))
                    .collect();
                let lits: Vec<Lit> =
                    neighbours.into_iter().map(|j| self.equal(*aspect, i, j)).collect();
                self.p.or(&lits)
            }
            Property::Not(p) => !self.property(p, i),
            Property::Either(ps) => {
                let lits: Vec<Lit> = ps.iter().map(|p| self.property(p, i)).collect();
                self.p.or(&lits)
            }
        }
    }

    /// For each value of the aspect, the set's dice that have it (faces: visible dice).
    fn alike(&mut self, d: &Dice, aspect: Aspect) -> Vec<Vec<Lit>> {
        let values: Vec<i64> = match aspect {
            Aspect::Colour => (0..self.supply.colours.len() as i64).collect(),
            Aspect::Face => (1..=6).collect(),
        };
        let members = self.members(d);
        values
            .into_iter()
            .map(|v| {
                (0..self.n())
                    .filter(|&i| aspect == Aspect::Colour || self.shape.structure.visible[i])
                    .map(|i| {
                        let has = match aspect {
                            Aspect::Colour => self.colour[i].eq(&self.p, v),
                            Aspect::Face => self.face[i].eq(&self.p, v),
                        };
                        self.p.and(&[members[i], has])
                    })
                    .collect()
            })
            .collect()
    }

    /// Whether die `i` belongs to the set.
    fn member(&mut self, d: &Dice, i: usize) -> Lit {
        let lits: Vec<Lit> = d.0.iter().map(|p| self.property(p, i)).collect();
        match lits.as_slice() {
            [] => self.constant(true),
            [one] => *one,
            _ => self.p.and(&lits),
        }
    }

    fn members(&mut self, d: &Dice) -> Vec<Lit> {
        (0..self.n()).map(|i| self.member(d, i)).collect()
    }

    fn number(&mut self, n: &Number) -> Result<IntVar, Exhausted> {
        let s = &self.shape.structure;
        Ok(match n {
            Number::Literal(v) => IntVar::constant(&self.p, *v),
            Number::Count(d) => {
                let m = self.members(d);
                encode::count(&mut self.p, &m)
            }
            Number::Sum(d) | Number::Product(d) => {
                let neutral =
                    IntVar::constant(&self.p, if matches!(n, Number::Sum(_)) { 0 } else { 1 });
                let visible: Vec<usize> = (0..self.n()).filter(|&i| s.visible[i]).collect();
                let mut terms = Vec::new();
                for i in visible {
                    let m = self.member(d, i);
                    let face = self.face[i].clone();
                    terms.push(IntVar::select(&mut self.p, m, &face, &neutral));
                }
                if matches!(n, Number::Sum(_)) {
                    encode::sum(&mut self.p, terms)
                } else {
                    let mut acc = neutral;
                    for t in terms {
                        acc = self.arithmetic(&acc, &t, '*')?;
                    }
                    acc
                }
            }
            Number::Kinds(d, aspect) => {
                let used: Vec<Lit> =
                    self.alike(d, *aspect).into_iter().map(|lits| self.p.or(&lits)).collect();
                encode::count(&mut self.p, &used)
            }
            Number::MostAlike(d, aspect) => {
                let mut most = IntVar::constant(&self.p, 0);
                for lits in self.alike(d, *aspect) {
                    let n = encode::count(&mut self.p, &lits);
                    let bigger = self.compare(&n, Compare::Gt, &most)?;
                    most = IntVar::select(&mut self.p, bigger, &n, &most);
                }
                most
            }
            // As in the counts decision: how many of 1..=6 the highest face reaches, how
            // many the lowest does not fall below.
            Number::Highest(d) | Number::Lowest(d) => {
                let visible: Vec<usize> = (0..self.n()).filter(|&i| s.visible[i]).collect();
                let members = self.members(d);
                let shown: Vec<Lit> = visible.iter().map(|&i| members[i]).collect();
                let shown = self.p.or(&shown);
                let mut steps = Vec::new();
                for v in 1..=6i64 {
                    let reach: Vec<Lit> = visible
                        .iter()
                        .map(|&i| {
                            let at_least = self.face[i].ge(&self.p, v);
                            let face =
                                if matches!(n, Number::Highest(_)) { at_least } else { !at_least };
                            self.p.and(&[members[i], face])
                        })
                        .collect();
                    let any = self.p.or(&reach);
                    steps.push(if matches!(n, Number::Highest(_)) {
                        any
                    } else {
                        self.p.and(&[shown, !any])
                    });
                }
                encode::count(&mut self.p, &steps)
            }
            Number::Groups => IntVar::constant(&self.p, s.groups as i64),
            Number::LargestGroup => IntVar::constant(&self.p, s.largest_group as i64),
            Number::Add(a, b) | Number::Sub(a, b) | Number::Mul(a, b) => {
                let (x, y) = (self.number(a)?, self.number(b)?);
                let op = match n {
                    Number::Add(..) => '+',
                    Number::Sub(..) => '-',
                    _ => '*',
                };
                self.arithmetic(&x, &y, op)?
            }
        })
    }

    fn guard(&self) -> Result<(), Exhausted> {
        if self.p.clauses().len() > MAX_CLAUSES {
            return Err(Exhausted::Limit);
        }
        self.budget.spent().map_or(Ok(()), Err)
    }

    fn arithmetic(&mut self, x: &IntVar, y: &IntVar, op: char) -> Result<IntVar, Exhausted> {
        self.guard()?;
        if x.values().len().saturating_mul(y.values().len()) > MAX_PAIRS {
            return Err(Exhausted::Limit);
        }
        Ok(match op {
            '+' => x.add(&mut self.p, y),
            '-' => {
                let neg = y.scale(&self.p, -1);
                x.add(&mut self.p, &neg)
            }
            _ => x.mul(&mut self.p, y),
        })
    }

    fn compare(&mut self, a: &IntVar, op: Compare, b: &IntVar) -> Result<Lit, Exhausted> {
        let d = self.arithmetic(a, b, '-')?;
        let p = &self.p;
        Ok(match op {
            Compare::Eq => d.eq(p, 0),
            Compare::Ne => !d.eq(p, 0),
            Compare::Lt => !d.ge(p, 0),
            Compare::Le => !d.ge(p, 1),
            Compare::Gt => d.ge(p, 1),
            Compare::Ge => d.ge(p, 0),
        })
    }

    /// A literal that holds exactly when the experiment follows the Law.
    pub fn law(&mut self, l: &Law) -> Result<Lit, Exhausted> {
        self.guard()?;
        let n = self.n();
        Ok(match l {
            Law::Compare(a, op, b) => {
                let (x, y) = (self.number(a)?, self.number(b)?);
                self.compare(&x, *op, &y)?
            }
            Law::Is(num, kind) => {
                let x = self.number(num)?;
                let lits: Vec<Lit> = x
                    .values()
                    .iter()
                    .filter(|&&v| kind.holds(v))
                    .map(|&v| x.eq(&self.p, v))
                    .collect();
                self.p.or(&lits)
            }
            Law::All(d, prop) | Law::No(d, prop) | Law::Some(d, prop) => {
                let about_values = prop.about_values();
                let mut parts = Vec::new();
                for i in 0..n {
                    // Restrictions on values pass over covered dice (ruling I7).
                    if matches!(l, Law::All(..)) && about_values && !self.shape.structure.visible[i]
                    {
                        continue;
                    }
                    let m = self.member(d, i);
                    let has = self.property(prop, i);
                    parts.push(match l {
                        Law::All(..) => self.p.or(&[!m, has]),
                        Law::No(..) => self.p.or(&[!m, !has]),
                        _ => self.p.and(&[m, has]),
                    });
                }
                if matches!(l, Law::Some(..)) {
                    self.p.or(&parts)
                } else {
                    self.p.and(&parts)
                }
            }
            Law::Most(d, prop) => {
                let mut with = Vec::new();
                let mut members = self.members(d);
                // Restrictions on values pass over covered dice (ruling I7).
                if prop.about_values() {
                    for (i, m) in members.iter_mut().enumerate() {
                        if !self.shape.structure.visible[i] {
                            *m = self.constant(false);
                        }
                    }
                }
                for (i, &m) in members.iter().enumerate() {
                    let has = self.property(prop, i);
                    with.push(self.p.and(&[m, has]));
                }
                let with = encode::count(&mut self.p, &with).scale(&self.p, 2);
                let all = encode::count(&mut self.p, &members);
                let majority = self.compare(&with, Compare::Gt, &all)?;
                // Vacuously true over no dice (ruling I15).
                let none = !self.p.or(&members);
                self.p.or(&[majority, none])
            }
            Law::TouchEachOther(d) => {
                let members = self.members(d);
                // Every set of two or more dice that does not hang together is forbidden as
                // the exact set of members.
                let mut forbidden = Vec::new();
                for set in 0u32..(1 << n) {
                    if set.count_ones() >= 2 && !self.connected(set) {
                        let exact: Vec<Lit> = (0..n)
                            .map(|i| if set >> i & 1 == 1 { members[i] } else { !members[i] })
                            .collect();
                        forbidden.push(self.p.and(&exact));
                    }
                }
                let any = self.p.or(&forbidden);
                !any
            }
            Law::Same(d, aspect) | Law::Different(d, aspect) => {
                let members = self.members(d);
                let counted: Vec<usize> = (0..n)
                    .filter(|&i| *aspect == Aspect::Colour || self.shape.structure.visible[i])
                    .collect();
                let mut parts = Vec::new();
                for (k, &i) in counted.iter().enumerate() {
                    for &j in &counted[k + 1..] {
                        let equal = self.equal(*aspect, i, j);
                        let differs_as_wanted =
                            if matches!(l, Law::Same(..)) { equal } else { !equal };
                        parts.push(self.p.or(&[!members[i], !members[j], differs_as_wanted]));
                    }
                }
                self.p.and(&parts)
            }
            Law::Ascending(len) | Law::Repeated(len) => {
                if *len <= 1 {
                    return Ok(self.constant(n > 0));
                }
                let len = *len as usize;
                let ascending = matches!(l, Law::Ascending(_));
                let lines = self.shape.structure.lines.clone();
                let mut runs = Vec::new();
                for line in &lines {
                    for forward in [true, false] {
                        let seq: Vec<usize> = if forward {
                            line.clone()
                        } else {
                            line.iter().rev().copied().collect()
                        };
                        let steps: Vec<Lit> =
                            seq.windows(2).map(|w| self.step(ascending, w[0], w[1])).collect();
                        for window in steps.windows(len - 1) {
                            runs.push(self.p.and(window));
                        }
                    }
                }
                self.p.or(&runs)
            }
            Law::Line(len) => {
                let long =
                    self.shape.structure.lines.iter().any(|line| line.len() >= *len as usize);
                self.constant(long)
            }
            Law::Scoped(scope, among, inner) => {
                let mut each = Vec::new();
                for part in scope_members(&self.shape.cells, *scope) {
                    each.push(self.within(&part, inner)?);
                }
                match among {
                    Among::Every => self.p.and(&each),
                    Among::Some => self.p.or(&each),
                    Among::No => !self.p.or(&each),
                }
            }
            Law::Not(a) => !self.law(a)?,
            Law::And(a, b) => {
                let (x, y) = (self.law(a)?, self.law(b)?);
                self.p.and(&[x, y])
            }
            Law::Or(a, b) => {
                let (x, y) = (self.law(a)?, self.law(b)?);
                self.p.or(&[x, y])
            }
        })
    }

    /// A literal for "the dice `part` (indices in order), taken as an experiment of their
    /// own, follow `inner`": the Law is compiled over the part's own arrangement, on the same
    /// colour and face variables.
    fn within(&mut self, part: &[usize], inner: &Law) -> Result<Lit, Exhausted> {
        let cells = self.shape.cells.part(part);
        let sub = Shape { structure: Structure::of(&cells), cells };
        let colour = part.iter().map(|&i| self.colour[i].clone()).collect();
        let face = part.iter().map(|&i| self.face[i].clone()).collect();
        let whole = (
            std::mem::replace(&mut self.shape, Cow::Owned(sub)),
            std::mem::replace(&mut self.colour, colour),
            std::mem::replace(&mut self.face, face),
        );
        let lit = self.law(inner);
        (self.shape, self.colour, self.face) = whole;
        lit
    }

    /// Whether the dice of `set` (a bit per die) form one group by touching each other.
    fn connected(&self, set: u32) -> bool {
        let touch = &self.shape.structure.touch;
        let first = set.trailing_zeros() as usize;
        let mut reached = 1u32 << first;
        let mut frontier = vec![first];
        while let Some(i) = frontier.pop() {
            for (j, &t) in touch[i].iter().enumerate() {
                if t && set >> j & 1 == 1 && reached >> j & 1 == 0 {
                    reached |= 1 << j;
                    frontier.push(j);
                }
            }
        }
        reached == set
    }

    /// Whether dice `i` and `j` share the aspect.
    fn equal(&mut self, aspect: Aspect, i: usize, j: usize) -> Lit {
        let (a, b) = match aspect {
            Aspect::Colour => (self.colour[i].clone(), self.colour[j].clone()),
            Aspect::Face => (self.face[i].clone(), self.face[j].clone()),
        };
        let pairs: Vec<(Lit, Lit)> =
            a.values().iter().map(|&v| (a.eq(&self.p, v), b.eq(&self.p, v))).collect();
        self.either_pair(pairs)
    }

    /// Whether `b`'s face follows `a`'s in a run: one more (ascending) or the same.
    fn step(&mut self, ascending: bool, a: usize, b: usize) -> Lit {
        let (x, y) = (self.face[a].clone(), self.face[b].clone());
        let offset = i64::from(ascending);
        let pairs: Vec<(Lit, Lit)> = (1..=6)
            .filter(|v| v + offset <= 6)
            .map(|v| (x.eq(&self.p, v), y.eq(&self.p, v + offset)))
            .collect();
        self.either_pair(pairs)
    }

    /// A literal for "both literals of some pair hold".
    fn either_pair(&mut self, pairs: Vec<(Lit, Lit)>) -> Lit {
        let both: Vec<Lit> = pairs.into_iter().map(|(p, q)| self.p.and(&[p, q])).collect();
        self.p.or(&both)
    }
}
