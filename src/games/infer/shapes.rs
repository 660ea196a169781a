//! Shapes: the arrangements an experiment can take before its dice get colours and faces.
//!
//! A Law sees an arrangement only through its [`Structure`]: which dice show a face, which
//! are stacked or on the table, which touch, the lines, the groups and (Compass Rose) which
//! lie toward a direction. Searches need one shape for every structure a Law can tell apart
//! and no more, so shapes are listed and then deduplicated by a canonical key of the part of
//! the structure the Laws at hand look at ([`Sees`]).
//!
//! Why the listing is complete (ruling I10): stacks in cells that are not orthogonally
//! adjacent never touch and never share a line, so an experiment is a set of independent
//! pieces — orthogonally connected cells (a polyomino) with a stack height per cell — and
//! nothing depends on where the pieces lie relative to each other. Every piece is listed as
//! a fixed polyomino with every height profile, and shapes are all multisets of pieces.
//! Directions break that independence (a piece can be north of another), so with the
//! Compass Rose every placement in a square of side 2·cells−1 is listed instead: squeezing
//! the empty rows and columns of any experiment to single gaps keeps every adjacency, line
//! and extreme, and fits it in that square.

use super::experiment::{Die, Experiment};
use super::law::{Direction, Sees};
use crate::solve::{Budget, Exhausted};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// What a Law can see of an arrangement, die by die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Structure {
    pub visible: Vec<bool>,
    pub stacked: Vec<bool>,
    pub on_table: Vec<bool>,
    pub alone: Vec<bool>,
    pub touch: Vec<Vec<bool>>,
    /// Lines of top dice, in order (a line reads both ways).
    pub lines: Vec<Vec<usize>>,
    pub groups: usize,
    pub largest_group: usize,
    /// Per die, whether it lies toward each of [`Direction::ALL`].
    pub toward: Vec<[bool; 4]>,
}

impl Structure {
    pub fn of(x: &Experiment) -> Structure {
        let n = x.len();
        let touch: Vec<Vec<bool>> =
            (0..n).map(|i| (0..n).map(|j| i != j && x.touch(i, j)).collect()).collect();
        let groups = x.groups();
        Structure {
            visible: (0..n).map(|i| x.visible(i)).collect(),
            stacked: (0..n).map(|i| x.stacked(i)).collect(),
            on_table: x.dice.iter().map(|d| d.level == 0).collect(),
            alone: touch.iter().map(|row| !row.contains(&true)).collect(),
            lines: x.lines(),
            largest_group: groups.first().map_or(0, Vec::len),
            groups: groups.len(),
            touch,
            toward: (0..n).map(|i| Direction::ALL.map(|d| x.toward(i, d))).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.visible.len()
    }

    pub fn is_empty(&self) -> bool {
        self.visible.is_empty()
    }

    /// A key equal for two structures exactly when renaming the dice of one gives the other,
    /// as far as `sees` looks.
    pub fn key(&self, sees: Sees) -> Vec<u32> {
        let n = self.len();
        let label = |i: usize| -> u32 {
            let mut l = self.visible[i] as u32;
            if sees.stacking {
                l |= (self.stacked[i] as u32) << 1 | (self.on_table[i] as u32) << 2;
            }
            if sees.compass {
                for (b, &t) in self.toward[i].iter().enumerate() {
                    l |= (t as u32) << (3 + b);
                }
            }
            if sees.touching {
                l |= (self.touch[i].iter().filter(|&&t| t).count() as u32) << 8;
            }
            if sees.lines {
                l |= (self.lines.iter().filter(|line| line.contains(&i)).count() as u32) << 12;
            }
            l
        };
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| label(i));
        let mut head = vec![n as u32];
        head.extend(order.iter().map(|&i| label(i)));
        if !sees.touching && !sees.lines {
            return head;
        }
        // Dice with equal labels may be renamed among themselves: try every such renaming.
        let classes: Vec<(usize, usize)> = {
            let mut c = Vec::new();
            let mut start = 0;
            for k in 1..=n {
                if k == n || label(order[k]) != label(order[start]) {
                    c.push((start, k));
                    start = k;
                }
            }
            c
        };
        let mut best: Option<Vec<u32>> = None;
        let mut perm = order.clone();
        self.each_renaming(&classes, 0, &mut perm, &mut |perm: &[usize]| {
            let body = self.body(perm, sees);
            if best.as_ref().is_none_or(|b| body < *b) {
                best = Some(body);
            }
        });
        head.extend(best.unwrap_or_default());
        head
    }

    fn each_renaming(
        &self,
        classes: &[(usize, usize)],
        c: usize,
        perm: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]),
    ) {
        let Some(&(start, end)) = classes.get(c) else {
            visit(perm);
            return;
        };
        permute(perm, start, end, &mut |p| self.each_renaming(classes, c + 1, p, visit));
    }

    /// The touch and line relations with die `perm[k]` renamed `k`.
    fn body(&self, perm: &[usize], sees: Sees) -> Vec<u32> {
        let n = perm.len();
        let mut out = Vec::new();
        if sees.touching {
            for a in 0..n {
                for b in a + 1..n {
                    out.push(self.touch[perm[a]][perm[b]] as u32);
                }
            }
        }
        if sees.lines {
            let mut new_name = vec![0u32; n];
            for (k, &old) in perm.iter().enumerate() {
                new_name[old] = k as u32;
            }
            let mut lines: Vec<Vec<u32>> = self
                .lines
                .iter()
                .map(|l| {
                    let fwd: Vec<u32> = l.iter().map(|&i| new_name[i]).collect();
                    let rev: Vec<u32> = fwd.iter().rev().copied().collect();
                    fwd.min(rev)
                })
                .collect();
            lines.sort();
            for l in lines {
                out.push(u32::MAX);
                out.extend(l);
            }
        }
        out
    }
}

/// Calls `visit` with every ordering of `perm[start..end]` (Heap's algorithm, in place).
fn permute(
    perm: &mut Vec<usize>,
    start: usize,
    end: usize,
    visit: &mut dyn FnMut(&mut Vec<usize>),
) {
    fn heap(k: usize, perm: &mut Vec<usize>, start: usize, visit: &mut dyn FnMut(&mut Vec<usize>)) {
        if k <= 1 {
            visit(perm);
            return;
        }
        for i in 0..k - 1 {
            heap(k - 1, perm, start, visit);
            if k.is_multiple_of(2) {
                perm.swap(start + i, start + k - 1);
            } else {
                perm.swap(start, start + k - 1);
            }
        }
        heap(k - 1, perm, start, visit);
    }
    heap(end - start, perm, start, visit);
}

/// An arrangement: its dice (each a white 1 until a search colours it) and its structure.
#[derive(Clone, Debug)]
pub struct Shape {
    pub cells: Experiment,
    pub structure: Structure,
}

impl Shape {
    fn new(stacks: &[((i32, i32), u32)]) -> Shape {
        let mut dice = Vec::new();
        for &((row, col), height) in stacks {
            for level in 0..height {
                dice.push(Die { colour: "white".into(), face: 1, row, col, level });
            }
        }
        let cells = Experiment::from_dice(dice);
        let structure = Structure::of(&cells);
        Shape { cells, structure }
    }
}

/// The most dice the Compass Rose listing handles (it places cells in a square, which grows
/// fast): laws with directions are searched up to this many dice.
pub const COMPASS_MAX_DICE: usize = 4;

/// Every arrangement of exactly `dice` dice that `sees` can tell apart, simplest first (apart
/// before touching, flat before stacked). With directions, `dice` must not exceed
/// [`COMPASS_MAX_DICE`].
pub fn shapes(dice: usize, sees: Sees) -> Vec<Shape> {
    shapes_within(dice, sees, &Budget::unlimited()).expect("an unlimited budget")
}

/// [`shapes`], giving up when the budget is spent (listing 9 or 10 dice takes seconds).
pub fn shapes_within(dice: usize, sees: Sees, budget: &Budget) -> Result<Vec<Shape>, Exhausted> {
    let stop = || budget.spent();
    let candidates = if sees.compass {
        placements_in_square(dice, &stop)?
    } else {
        piece_multisets(dice, &stop)?
    };
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for s in candidates {
        if let Some(why) = stop() {
            return Err(why);
        }
        if seen.insert(s.structure.key(sees)) {
            out.push(s);
        }
    }
    Ok(out)
}

/// Says why to stop, when the budget is spent.
type Stop<'a> = &'a dyn Fn() -> Option<Exhausted>;

/// A cell of the grid, `(row, col)`.
type Cell = (i32, i32);

/// Cells with stack heights, as `((row, col), height)`.
type Stacks = Vec<(Cell, u32)>;

/// Fixed polyominoes (orthogonally connected cell sets, up to translation) of `size` cells.
fn polyominoes(size: usize) -> Vec<Vec<(i32, i32)>> {
    let mut current: BTreeSet<Vec<(i32, i32)>> = BTreeSet::from([vec![(0, 0)]]);
    for _ in 1..size {
        let mut next = BTreeSet::new();
        for poly in &current {
            for &(r, c) in poly {
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let cell = (r + dr, c + dc);
                    if poly.contains(&cell) {
                        continue;
                    }
                    let mut grown = poly.clone();
                    grown.push(cell);
                    next.insert(normalised(grown));
                }
            }
        }
        current = next;
    }
    if size == 0 {
        return vec![];
    }
    current.into_iter().collect()
}

fn normalised(mut cells: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for c in &mut cells {
        *c = (c.0 - r0, c.1 - c0);
    }
    cells.sort_unstable();
    cells
}

/// Every way to split `total` dice into `parts` stacks of at least one.
fn heights(total: u32, parts: usize) -> Vec<Vec<u32>> {
    if parts == 0 {
        return if total == 0 { vec![vec![]] } else { vec![] };
    }
    let mut out = Vec::new();
    for first in 1..=total.saturating_sub(parts as u32 - 1) {
        for mut rest in heights(total - first, parts - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Every connected piece of exactly `dice` dice, one per structure (all of it seen).
fn pieces(dice: usize, stop: Stop) -> Result<Vec<Stacks>, Exhausted> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for cells in 1..=dice {
        for poly in polyominoes(cells) {
            if let Some(why) = stop() {
                return Err(why);
            }
            for h in heights(dice as u32, cells) {
                let stacks: Stacks = poly.iter().copied().zip(h).collect();
                if seen.insert(Shape::new(&stacks).structure.key(Sees::everything())) {
                    out.push(stacks);
                }
            }
        }
    }
    // Flat and spread out first: the simplest witnesses read best.
    out.sort_by_key(|s| (s.iter().map(|c| c.1).max().unwrap_or(0), s.len()));
    Ok(out)
}

/// Every multiset of pieces with `dice` dice in all, the pieces laid out apart in a row.
fn piece_multisets(dice: usize, stop: Stop) -> Result<Vec<Shape>, Exhausted> {
    let by_size: Vec<Vec<Stacks>> =
        (0..=dice).map(|d| pieces(d, stop)).collect::<Result<_, _>>()?;
    // Pieces numbered smallest first, so multisets come out with loose dice first.
    let all: Vec<(usize, &Stacks)> =
        by_size.iter().enumerate().flat_map(|(d, ps)| ps.iter().map(move |p| (d, p))).collect();
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    fn pick<'a>(
        all: &[(usize, &'a Stacks)],
        from: usize,
        left: usize,
        chosen: &mut Vec<&'a Stacks>,
        out: &mut Vec<Shape>,
    ) {
        if left == 0 {
            let mut stacks = Vec::new();
            let mut offset = 0;
            for piece in chosen.iter() {
                let width = piece.iter().map(|c| c.0 .1).max().unwrap_or(0) + 1;
                stacks.extend(piece.iter().map(|&((r, c), h)| ((r, c + offset), h)));
                offset += width + 1;
            }
            out.push(Shape::new(&stacks));
            return;
        }
        for k in from..all.len() {
            let (d, piece) = all[k];
            if d == 0 || d > left {
                continue;
            }
            chosen.push(piece);
            pick(all, k, left - d, chosen, out);
            chosen.pop();
        }
    }
    pick(&all, 0, dice, &mut chosen, &mut out);
    Ok(out)
}

/// Every placement of `dice` dice in stacks on cells of a square of side 2·cells−1, up to
/// translation (Compass Rose: where pieces lie relative to each other matters).
fn placements_in_square(dice: usize, stop: Stop) -> Result<Vec<Shape>, Exhausted> {
    if dice == 0 {
        return Ok(vec![Shape::new(&[])]);
    }
    let mut out = Vec::new();
    for cells in 1..=dice {
        if let Some(why) = stop() {
            return Err(why);
        }
        let side = 2 * cells as i32 - 1;
        let square: Vec<(i32, i32)> =
            (0..side).flat_map(|r| (0..side).map(move |c| (r, c))).collect();
        let profiles = heights(dice as u32, cells);
        let mut chosen = Vec::new();
        choose(&square, 0, cells, &mut chosen, &mut |set: &[(i32, i32)]| {
            // Up to translation: keep only sets that touch the top row and the left column.
            if set.iter().all(|c| c.0 > 0) || set.iter().all(|c| c.1 > 0) {
                return;
            }
            for h in &profiles {
                let stacks: Stacks = set.iter().copied().zip(h.iter().copied()).collect();
                out.push(Shape::new(&stacks));
            }
        });
    }
    Ok(out)
}

fn choose(
    from: &[Cell],
    start: usize,
    left: usize,
    chosen: &mut Vec<Cell>,
    visit: &mut dyn FnMut(&[Cell]),
) {
    if left == 0 {
        visit(chosen);
        return;
    }
    for k in start..from.len() {
        if from.len() - k < left {
            return;
        }
        chosen.push(from[k]);
        choose(from, k + 1, left - 1, chosen, visit);
        chosen.pop();
    }
}

/// How many shapes each count of dice has, for `sees` (for the docs and the bench).
pub fn census(max_dice: usize, sees: Sees) -> BTreeMap<usize, usize> {
    (0..=max_dice).map(|d| (d, shapes(d, sees).len())).collect()
}
