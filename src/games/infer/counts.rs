//! Laws that see no arrangement, decided over the whole box at once (issue 59).
//!
//! A Law that looks at no touching, line, stack or direction (its [`Sees`] is empty) sees an
//! experiment only through how many visible dice of each colour show each face and how many
//! dice of each colour are covered: 21 counts for the box's three colours. Any such count
//! vector is an experiment the supply allows as long as each colour's counts fit the supply
//! and covered dice have a die on top (a single stack takes any number of them), so a Law and
//! a Theory agree on every experiment of the box exactly when no count vector separates
//! them. The counts are integers in the constraint core; one solve says whether a separating
//! experiment exists anywhere in the box, and a few more find the fewest dice it needs.
//! What comes back is built as loose dice plus one stack and re-checked by the evaluator.
//!
//! Products are left out (their values outgrow any table of integers): a Law with a product,
//! like one with an arrangement, is not decided here.

use super::experiment::{Die, Experiment, Supply};
use super::law::{Aspect, Compare, Dice, Law, Number, Property, Sees};
use crate::solve::encode::{self, IntVar};
use crate::solve::{Budget, Exhausted, Lit, Outcome, SatProblem};

/// What the whole box says about separating two Laws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoxAnswer {
    /// The experiment with the fewest dice that separates them.
    Separated(Experiment),
    /// An experiment that separates them; whether fewer dice would do was not settled.
    Found(Experiment),
    /// No experiment the supply allows separates them.
    Never,
}

/// Whether the Law is decided by counts alone.
pub fn counts_only(law: &Law) -> bool {
    law.sees() == Sees::default() && !has_product(law)
}

fn has_product(law: &Law) -> bool {
    fn number(n: &Number) -> bool {
        match n {
            Number::Product(_) | Number::Groups | Number::LargestGroup => true,
            Number::Add(a, b) | Number::Sub(a, b) | Number::Mul(a, b) => number(a) || number(b),
            Number::Literal(_)
            | Number::Count(_)
            | Number::Sum(_)
            | Number::Kinds(..)
            | Number::MostAlike(..)
            | Number::Highest(_)
            | Number::Lowest(_) => false,
        }
    }
    match law {
        Law::Compare(a, _, b) => number(a) || number(b),
        Law::Is(n, _) => number(n),
        Law::Not(a) => has_product(a),
        Law::And(a, b) | Law::Or(a, b) => has_product(a) || has_product(b),
        Law::Scoped(..) | Law::Ascending(_) | Law::Repeated(_) | Law::Line(_) => true,
        Law::TouchEachOther(_) => true,
        Law::All(..) | Law::No(..) | Law::Some(..) | Law::Most(..) => false,
        Law::Same(..) | Law::Different(..) => false,
    }
}

/// A kind of die as counts see it: its colour, and its face when it shows one.
#[derive(Clone, Copy, Debug)]
struct Cell {
    colour: usize,
    face: Option<u8>,
}

/// The largest table of values one step of arithmetic may build.
const MAX_PAIRS: usize = 200_000;

struct Counts<'a> {
    p: SatProblem,
    supply: &'a Supply,
    /// Each class's first kind of die, which answers for the class.
    cells: Vec<Cell>,
    /// Each class's kinds of die.
    members: Vec<Vec<Cell>>,
    count: Vec<IntVar>,
    /// Sums already built, by the cells and weights they add: a Law and its Theory often
    /// count the same dice, and one adder for both lets the solver see they are equal.
    built: std::collections::HashMap<Vec<(usize, i64)>, IntVar>,
}

/// The fewest-dice experiment of the box on which `law` and `theory` disagree, or that there
/// is none; `None` when either Law is not decided by counts.
/// `fewest`: no experiment of fewer dice separates them (a search has ruled them out).
pub fn separate(
    law: &Law,
    theory: &Law,
    supply: &Supply,
    fewest: usize,
    budget: &Budget,
) -> Option<Result<BoxAnswer, Exhausted>> {
    if !counts_only(law) || !counts_only(theory) {
        return None;
    }
    Some(separate_counted(law, theory, supply, fewest, budget))
}

fn separate_counted(
    law: &Law,
    theory: &Law,
    supply: &Supply,
    fewest: usize,
    budget: &Budget,
) -> Result<BoxAnswer, Exhausted> {
    let mut c = Counts::new(supply, [law, theory]);
    let a = c.law(law)?;
    let b = c.law(theory)?;
    let one = c.p.and(&[a, !b]);
    let other = c.p.and(&[!a, b]);
    let differ = c.p.or(&[one, other]);
    c.p.add_clause(&[differ]);
    let total = c.counted(|_, _| true);
    // The fewest dice: a first answer, then halving the bound below it.
    let first = c.p.solve(&[], budget);
    let mut best = match first {
        Outcome::Sat(s) => c.experiment(&s),
        Outcome::Unsat(_) => return Ok(BoxAnswer::Never),
        Outcome::Exhausted(why) => return Err(why),
    };
    // Proving that no smaller experiment exists can take long (arithmetic is hard for a
    // SAT solver): it gets a share of the budget, and when that runs out the disproof found
    // is kept without the claim that it is the smallest.
    // Downwards one die at a time: a smaller answer is usually quick to find, and only the
    // last step, that none has fewer dice, is a proof of impossibility.
    let shrinking = budget.clone().within(SHRINK_TIME);
    let mut smallest = false;
    while best.len() > fewest {
        let within = total.le(&c.p, best.len() as i64 - 1);
        match c.p.solve(&[within], &shrinking) {
            Outcome::Sat(s) => best = c.experiment(&s),
            Outcome::Unsat(_) => {
                smallest = true;
                break;
            }
            Outcome::Exhausted(_) => break,
        }
    }
    smallest |= best.len() <= fewest;
    // As few covered dice as may be: a loose die reads more easily than a stack.
    let covered = c.counted(|_, cell| cell.face.is_none());
    let same = total.le(&c.p, best.len() as i64);
    let flat = covered.le(&c.p, 0);
    if let Outcome::Sat(s) = c.p.solve(&[same, flat], &shrinking) {
        best = c.experiment(&s);
    }
    Ok(if smallest { BoxAnswer::Separated(best) } else { BoxAnswer::Found(best) })
}

/// How long the search for a smaller disproof may take once one is found.
const SHRINK_TIME: std::time::Duration = std::time::Duration::from_secs(2);

impl<'a> Counts<'a> {
    /// One count per class of dice the two Laws cannot tell apart (a die's colour matters
    /// only where a Law names colours, its face only where one adds or compares faces), so
    /// that `count odd > count even` is two integers, not eighteen.
    fn new(supply: &'a Supply, laws: [&Law; 2]) -> Counts<'a> {
        let mut p = SatProblem::new();
        let mut seen = Seen::default();
        for l in laws {
            seen.law(l);
        }
        // The classes: every die kind of the box, grouped by what the Laws see of it.
        let mut classes: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
        for (colour, _) in supply.colours.iter().enumerate() {
            for face in std::iter::once(None).chain((1..=6).map(Some)) {
                let cell = Cell { colour, face };
                let key = seen.signature(supply, cell);
                match classes.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, cells)) => cells.push(cell),
                    None => classes.push((key, vec![cell])),
                }
            }
        }
        let members: Vec<Vec<Cell>> = classes.into_iter().map(|(_, c)| c).collect();
        let colours_of = |cells: &[Cell]| -> u32 { cells.iter().fold(0, |m, c| m | 1 << c.colour) };
        let in_box = |mask: u32| -> i64 {
            supply
                .colours
                .iter()
                .enumerate()
                .filter(|(c, _)| mask & (1 << c) != 0)
                .map(|(_, (_, n))| i64::from(*n))
                .sum()
        };
        let count: Vec<IntVar> = members
            .iter()
            .map(|cells| IntVar::range(&mut p, 0, in_box(colours_of(cells))))
            .collect();
        // The supply: for every set of colours, the classes that need only those colours
        // take no more dice than those colours have (enough, by the supply–demand theorem,
        // for the dice to be shared out).
        let all_colours = (1u32 << supply.colours.len()) - 1;
        for set in 1..=all_colours {
            let within: Vec<IntVar> = members
                .iter()
                .zip(&count)
                .filter(|(cells, _)| colours_of(cells) & !set == 0)
                .map(|(_, v)| v.clone())
                .collect();
            if within.len() > 1 {
                let n = encode::sum(&mut p, within);
                let fits = n.le(&p, in_box(set));
                p.add_clause(&[fits]);
            }
        }
        let cells: Vec<Cell> = members.iter().map(|c| c[0]).collect();
        let mut counts =
            Counts { p, supply, cells, members, count, built: std::collections::HashMap::new() };
        // A covered die has a die on top of it: some die shows a face.
        let covered = counts.counted(|_, c| c.face.is_none());
        let shown = counts.counted(|_, c| c.face.is_some());
        let some_covered = covered.ge(&counts.p, 1);
        let some_shown = shown.ge(&counts.p, 1);
        counts.p.add_clause(&[!some_covered, some_shown]);
        counts
    }

    fn has(&self, cell: Cell, property: &Property) -> bool {
        has(self.supply, cell, property)
    }

    fn member(&self, cell: Cell, d: &Dice) -> bool {
        d.0.iter().all(|p| self.has(cell, p))
    }

    /// The counts of the cells that pass `keep`.
    fn counted(&mut self, keep: impl Fn(&Self, Cell) -> bool) -> IntVar {
        let terms: Vec<(usize, i64)> =
            (0..self.cells.len()).filter(|&i| keep(self, self.cells[i])).map(|i| (i, 1)).collect();
        self.weighted(terms)
    }

    /// `Σ wᵢ·countᵢ` (weights from 1 to 6), built once for each set of cells and weights.
    /// Each class alone may take every die of its colours, but all of them together no more
    /// than the box holds: every partial sum is cut to that, or the tables of values grow
    /// with the number of classes instead of the size of the box.
    fn weighted(&mut self, terms: Vec<(usize, i64)>) -> IntVar {
        if let Some(x) = self.built.get(&terms) {
            return x.clone();
        }
        let in_box: i64 = self.supply.colours.iter().map(|c| i64::from(c.1)).sum();
        let mut level: Vec<(i64, IntVar)> =
            terms.iter().map(|&(i, w)| (w, self.count[i].scale(&self.p, w))).collect();
        if level.is_empty() {
            level.push((1, IntVar::constant(&self.p, 0)));
        }
        while level.len() > 1 {
            let mut next = Vec::with_capacity(level.len().div_ceil(2));
            let mut it = level.into_iter();
            while let Some((wa, a)) = it.next() {
                match it.next() {
                    Some((wb, b)) => {
                        let sum = a.add(&mut self.p, &b);
                        let w = wa.max(wb);
                        next.push((w, self.cut(sum, w * in_box)));
                    }
                    None => next.push((wa, a)),
                }
            }
            level = next;
        }
        let x = level.pop().expect("one sum").1;
        self.built.insert(terms, x.clone());
        x
    }

    /// `x`, known to be at most `cap`: the values above are ruled out and dropped.
    fn cut(&mut self, x: IntVar, cap: i64) -> IntVar {
        if x.max() <= cap {
            return x;
        }
        let kept: Vec<i64> = x.values().iter().copied().filter(|&v| v <= cap).collect();
        let z = IntVar::new(&mut self.p, &kept);
        for &v in x.values() {
            let was = x.eq(&self.p, v);
            if v <= cap {
                let is = z.eq(&self.p, v);
                self.p.add_clause(&[!was, is]);
                self.p.add_clause(&[!is, was]);
            } else {
                self.p.add_clause(&[!was]);
            }
        }
        z
    }

    fn number(&mut self, n: &Number) -> Result<IntVar, Exhausted> {
        Ok(match n {
            Number::Literal(v) => IntVar::constant(&self.p, *v),
            Number::Count(d) => self.counted(|s, c| s.member(c, d)),
            Number::Sum(d) => {
                let terms: Vec<(usize, i64)> = (0..self.cells.len())
                    .filter(|&i| self.member(self.cells[i], d))
                    .filter_map(|i| self.cells[i].face.map(|f| (i, i64::from(f))))
                    .collect();
                self.weighted(terms)
            }
            Number::Add(a, b) | Number::Sub(a, b) | Number::Mul(a, b) => {
                let (x, y) = (self.number(a)?, self.number(b)?);
                if x.values().len().saturating_mul(y.values().len()) > MAX_PAIRS {
                    return Err(Exhausted::Limit);
                }
                match n {
                    Number::Add(..) => x.add(&mut self.p, &y),
                    Number::Sub(..) => {
                        let neg = y.scale(&self.p, -1);
                        x.add(&mut self.p, &neg)
                    }
                    _ => x.mul(&mut self.p, &y),
                }
            }
            Number::Kinds(d, aspect) => {
                let used = self.used(d, *aspect);
                encode::count(&mut self.p, &used)
            }
            // The highest face is how many of 1..=6 some shown face reaches; the lowest, how
            // many of them no shown face falls below (0 with no face at all).
            Number::Highest(d) | Number::Lowest(d) => {
                let shown = self.any(|s, c| s.member(c, d) && c.face.is_some());
                let mut steps = Vec::new();
                for v in 1..=6u8 {
                    let step = if matches!(n, Number::Highest(_)) {
                        self.any(|s, c| s.member(c, d) && c.face.is_some_and(|f| f >= v))
                    } else {
                        let below =
                            self.any(|s, c| s.member(c, d) && c.face.is_some_and(|f| f < v));
                        self.p.and(&[shown, !below])
                    };
                    steps.push(step);
                }
                encode::count(&mut self.p, &steps)
            }
            Number::MostAlike(d, aspect) => {
                let keys = self.keyed(d, *aspect);
                let mut most = IntVar::constant(&self.p, 0);
                for cells in keys {
                    let n = self.weighted(cells.into_iter().map(|i| (i, 1)).collect());
                    most = self.larger(&most, &n)?;
                }
                most
            }
            Number::Product(_) | Number::Groups | Number::LargestGroup => {
                unreachable!("a Law with these is not decided by counts")
            }
        })
    }

    fn compare(&mut self, a: &IntVar, op: Compare, b: &IntVar) -> Result<Lit, Exhausted> {
        if a.values().len().saturating_mul(b.values().len()) > MAX_PAIRS {
            return Err(Exhausted::Limit);
        }
        let neg = b.scale(&self.p, -1);
        let d = a.add(&mut self.p, &neg);
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

    /// Whether any die of the cells passing `keep` is in the experiment.
    fn any(&mut self, keep: impl Fn(&Self, Cell) -> bool) -> Lit {
        let lits: Vec<Lit> = (0..self.cells.len())
            .filter(|&i| keep(self, self.cells[i]))
            .map(|i| self.count[i].ge(&self.p, 1))
            .collect();
        self.p.or(&lits)
    }

    /// A literal that holds exactly when the experiment the counts describe follows `l`.
    fn law(&mut self, l: &Law) -> Result<Lit, Exhausted> {
        Ok(match l {
            Law::Compare(a, op, b) => {
                let (x, y) = (self.number(a)?, self.number(b)?);
                self.compare(&x, *op, &y)?
            }
            Law::Is(n, kind) => {
                let x = self.number(n)?;
                let lits: Vec<Lit> = x
                    .values()
                    .iter()
                    .filter(|&&v| kind.holds(v))
                    .map(|&v| x.eq(&self.p, v))
                    .collect();
                self.p.or(&lits)
            }
            // Restrictions on values pass over covered dice for `all` and `most` (I7).
            Law::All(d, p) => {
                let values = about_values(p);
                let broken = self
                    .any(|s, c| s.member(c, d) && (!values || c.face.is_some()) && !s.has(c, p));
                !broken
            }
            Law::No(d, p) => !self.any(|s, c| s.member(c, d) && s.has(c, p)),
            Law::Some(d, p) => self.any(|s, c| s.member(c, d) && s.has(c, p)),
            Law::Most(d, p) => {
                let values = about_values(p);
                let with = self
                    .counted(|s, c| s.member(c, d) && (!values || c.face.is_some()) && s.has(c, p));
                let members = self.counted(|s, c| s.member(c, d) && (!values || c.face.is_some()));
                // Vacuously true with no members; else more than half.
                let twice = with.scale(&self.p, 2);
                self.compare(&twice, Compare::Gt, &members)?.or_empty(&mut self.p, &members)
            }
            Law::Same(d, aspect) | Law::Different(d, aspect) => {
                let keys: Vec<Vec<usize>> = self.keyed(d, *aspect);
                let used = self.used(d, *aspect);
                match l {
                    Law::Same(..) => {
                        let n = encode::count(&mut self.p, &used);
                        n.le(&self.p, 1)
                    }
                    _ => {
                        let each: Vec<Lit> = keys
                            .iter()
                            .map(|cells| {
                                let xs: Vec<IntVar> =
                                    cells.iter().map(|&i| self.count[i].clone()).collect();
                                let n = encode::sum(&mut self.p, xs);
                                n.le(&self.p, 1)
                            })
                            .collect();
                        self.p.and(&each)
                    }
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
            Law::TouchEachOther(_)
            | Law::Ascending(_)
            | Law::Repeated(_)
            | Law::Line(_)
            | Law::Scoped(..) => unreachable!("a Law with these is not decided by counts"),
        })
    }

    /// For each colour (or face) the set's cells can have, whether some die has it.
    fn used(&mut self, d: &Dice, aspect: Aspect) -> Vec<Lit> {
        let keys = self.keyed(d, aspect);
        keys.iter()
            .map(|cells| {
                let lits: Vec<Lit> = cells.iter().map(|&i| self.count[i].ge(&self.p, 1)).collect();
                self.p.or(&lits)
            })
            .collect()
    }

    /// The larger of two numbers.
    fn larger(&mut self, a: &IntVar, b: &IntVar) -> Result<IntVar, Exhausted> {
        let a_wins = self.compare(a, Compare::Ge, b)?;
        Ok(IntVar::select(&mut self.p, a_wins, a, b))
    }

    /// The set's cells grouped by the aspect's value (faces: the visible cells only).
    fn keyed(&self, d: &Dice, aspect: Aspect) -> Vec<Vec<usize>> {
        let mut keys: Vec<(u32, Vec<usize>)> = Vec::new();
        for (i, &c) in self.cells.iter().enumerate() {
            if !self.member(c, d) {
                continue;
            }
            let key = match (aspect, c.face) {
                (Aspect::Colour, _) => c.colour as u32,
                (Aspect::Face, Some(f)) => u32::from(f),
                (Aspect::Face, None) => continue,
            };
            match keys.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push(i),
                None => keys.push((key, vec![i])),
            }
        }
        keys.into_iter().map(|(_, v)| v).collect()
    }

    /// The counts as dice: each class's dice shared out among its colours within the
    /// supply, then laid out as loose dice apart on the table, the covered ones in one stack
    /// under the first.
    fn experiment(&self, s: &crate::solve::Solution) -> Experiment {
        let wanted: Vec<u32> = self.count.iter().map(|v| s.int_value(v) as u32).collect();
        let mut left: Vec<u32> = self.supply.colours.iter().map(|c| c.1).collect();
        let mut taken: Vec<Vec<u32>> = vec![vec![0; left.len()]; wanted.len()];
        // One die at a time along an augmenting path (class → colour, or a colour handed
        // from one class to another): a tiny max-flow, always enough when the supply
        // constraints of the encoding hold.
        for class in 0..wanted.len() {
            for _ in 0..wanted[class] {
                let mut seen = vec![false; wanted.len()];
                self.place(class, &mut left, &mut taken, &mut seen);
            }
        }
        let mut shown = Vec::new();
        let mut covered = Vec::new();
        for (class, per_colour) in taken.iter().enumerate() {
            for (colour, &n) in per_colour.iter().enumerate() {
                let Some(cell) = self.members[class].iter().find(|c| c.colour == colour) else {
                    continue;
                };
                let name = self.supply.colours[colour].0.clone();
                for _ in 0..n {
                    match cell.face {
                        Some(face) => shown.push((name.clone(), face)),
                        None => covered.push(name.clone()),
                    }
                }
            }
        }
        let mut dice = Vec::new();
        for (level, colour) in covered.iter().enumerate() {
            dice.push(Die { colour: colour.clone(), face: 1, row: 0, col: 0, level: level as u32 });
        }
        for (k, (colour, face)) in shown.into_iter().enumerate() {
            let (col, level) = if k == 0 { (0, covered.len() as u32) } else { (2 * k as i32, 0) };
            dice.push(Die { colour, face, row: 0, col, level });
        }
        Experiment::from_dice(dice)
    }

    /// Finds a colour for one more die of `class`, moving other classes' dice to other
    /// colours if need be.
    fn place(
        &self,
        class: usize,
        left: &mut [u32],
        taken: &mut [Vec<u32>],
        seen: &mut [bool],
    ) -> bool {
        seen[class] = true;
        let colours: Vec<usize> = self.members[class].iter().map(|c| c.colour).collect();
        for &c in &colours {
            if left[c] > 0 {
                left[c] -= 1;
                taken[class][c] += 1;
                return true;
            }
        }
        for &c in &colours {
            for other in 0..taken.len() {
                if other != class && !seen[other] && taken[other][c] > 0 {
                    // Free a die of colour c from `other` by moving it elsewhere.
                    taken[other][c] -= 1;
                    if self.place(other, left, taken, seen) {
                        taken[class][c] += 1;
                        return true;
                    }
                    taken[other][c] += 1;
                }
            }
        }
        false
    }
}

/// Whether a die of this kind has the property (never one a counted Law cannot see).
fn has(supply: &Supply, cell: Cell, property: &Property) -> bool {
    let face = cell.face;
    match property {
        Property::Colour(c) => supply.colours[cell.colour].0 == *c,
        Property::Face(f) => face == Some(*f),
        Property::Odd => face.is_some_and(|f| f % 2 == 1),
        Property::Even => face.is_some_and(|f| f % 2 == 0),
        Property::DivisibleBy(n) => face.is_some_and(|f| u32::from(f) % n == 0),
        Property::Visible => face.is_some(),
        Property::Hidden => face.is_none(),
        // Not reached: a Law that sees these is not decided by counts.
        Property::Not(p) => !has(supply, cell, p),
        Property::Either(ps) => ps.iter().any(|p| has(supply, cell, p)),
        Property::Stacked
        | Property::OnTable
        | Property::Touching(_)
        | Property::TouchingAlike(_)
        | Property::Alone
        | Property::Toward(_) => false,
    }
}

/// What two Laws look at of a single die: the sets they name, the properties they test,
/// and whether faces (a sum, a face compared) or colours (a colour compared) matter.
#[derive(Default)]
struct Seen {
    sets: Vec<Dice>,
    properties: Vec<Property>,
    faces: bool,
    colours: bool,
}

impl Seen {
    fn number(&mut self, n: &Number) {
        match n {
            Number::Count(d) => self.sets.push(d.clone()),
            Number::Highest(d) | Number::Lowest(d) => {
                self.sets.push(d.clone());
                self.faces = true;
            }
            Number::Kinds(d, aspect) | Number::MostAlike(d, aspect) => {
                self.sets.push(d.clone());
                match aspect {
                    Aspect::Colour => self.colours = true,
                    Aspect::Face => self.faces = true,
                }
            }
            Number::Sum(d) | Number::Product(d) => {
                self.sets.push(d.clone());
                self.faces = true;
            }
            Number::Add(a, b) | Number::Sub(a, b) | Number::Mul(a, b) => {
                self.number(a);
                self.number(b);
            }
            Number::Literal(_) | Number::Groups | Number::LargestGroup => {}
        }
    }

    fn law(&mut self, l: &Law) {
        match l {
            Law::Compare(a, _, b) => {
                self.number(a);
                self.number(b);
            }
            Law::Is(n, _) => self.number(n),
            Law::All(d, p) | Law::No(d, p) | Law::Some(d, p) | Law::Most(d, p) => {
                self.sets.push(d.clone());
                self.properties.push(p.clone());
            }
            Law::Same(d, aspect) | Law::Different(d, aspect) => {
                self.sets.push(d.clone());
                match aspect {
                    Aspect::Colour => self.colours = true,
                    Aspect::Face => self.faces = true,
                }
            }
            Law::TouchEachOther(d) => self.sets.push(d.clone()),
            Law::Not(a) | Law::Scoped(_, _, a) => self.law(a),
            Law::And(a, b) | Law::Or(a, b) => {
                self.law(a);
                self.law(b);
            }
            Law::Ascending(_) | Law::Repeated(_) | Law::Line(_) => {}
        }
    }

    /// What the Laws see of a die of this kind.
    fn signature(&self, supply: &Supply, cell: Cell) -> Vec<u8> {
        let mut key = vec![cell.face.is_some() as u8];
        for d in &self.sets {
            key.push(d.0.iter().all(|p| has(supply, cell, p)) as u8);
        }
        for p in &self.properties {
            key.push(has(supply, cell, p) as u8);
        }
        if self.faces {
            key.push(cell.face.unwrap_or(0));
        }
        if self.colours {
            key.push(cell.colour as u8);
        }
        key
    }
}

fn about_values(p: &Property) -> bool {
    p.about_values()
}

/// `lit ∨ (n = 0)`.
trait OrEmpty {
    fn or_empty(self, p: &mut SatProblem, n: &IntVar) -> Lit;
}

impl OrEmpty for Lit {
    fn or_empty(self, p: &mut SatProblem, n: &IntVar) -> Lit {
        let empty = n.eq(p, 0);
        p.or(&[self, empty])
    }
}
