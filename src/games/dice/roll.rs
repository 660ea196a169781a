//! Rolls of five dice, seen the way Inverted Dice sees them.
//!
//! A roll's score depends only on the *set* of faces it shows ([`inverted_sum`]), but what a
//! player may keep depends on the multiset: four 1s and a 2 let you keep four dice that add
//! no new face, one 1 and four 2s do not. So the turn works on multisets of dice — 252 rolls
//! of five, 462 keeps of zero to five — and collapses to face sets only when scoring.
//!
//! [`Frac`] carries exact probabilities: every probability in a turn is a whole number over a
//! power of six, so a numerator and an exponent are enough (no general rational arithmetic).

use std::cmp::Ordering;
use std::sync::OnceLock;

/// Dice rolled in a turn.
pub const DICE: usize = 5;
/// Rolls in a turn.
pub const ROLLS: usize = 3;
/// Ways to roll five dice in order: 6⁵.
pub const ORDERED_ROLLS: u32 = 7776;

/// A set of faces as bits: bit `f-1` for face `f`.
pub type FaceSet = u8;

/// The sum of the faces 1–6 a set does *not* show.
pub fn inverted_sum(faces: FaceSet) -> u32 {
    (1..=6u32).filter(|f| faces & (1 << (f - 1)) == 0).sum()
}

/// The faces shown by some dice.
pub fn face_set(dice: &[u8]) -> FaceSet {
    dice.iter().fold(0, |s, &d| s | (1 << (d - 1)))
}

/// Reads five dice written as digits 1–6, with or without separators (`13356`, `1 3 3 5 6`,
/// `1,3,3,5,6`). The dice come back sorted.
pub fn parse_dice(
    text: &str,
    how_many: std::ops::RangeInclusive<usize>,
) -> Result<Vec<u8>, String> {
    let mut dice = Vec::new();
    for c in text.chars() {
        match c {
            '1'..='6' => dice.push(c as u8 - b'0'),
            ' ' | ',' | '-' | '\t' => {}
            _ => return Err(format!("`{c}` is not a die: write faces 1 to 6, like 13356")),
        }
    }
    if !how_many.contains(&dice.len()) {
        let want = if how_many.start() == how_many.end() {
            format!("{}", how_many.start())
        } else {
            format!("{} to {}", how_many.start(), how_many.end())
        };
        return Err(format!("{} dice given, {want} expected", dice.len()));
    }
    dice.sort_unstable();
    Ok(dice)
}

/// Counts of each face, index `f-1`.
pub type Counts = [u8; 6];

fn counts_code(c: &Counts) -> usize {
    c.iter().rev().fold(0, |code, &n| code * 6 + n as usize)
}

/// The multisets of dice a turn works with, numbered once for every table.
#[derive(Debug)]
pub struct Combinatorics {
    /// Every multiset of 0–5 dice (a keep), by size: index 0 is the empty keep.
    pub keeps: Vec<Counts>,
    pub keep_size: Vec<u8>,
    /// `child[k][f]`: keep `k` plus one die showing `f+1` (meaningful for keeps under 5).
    pub child: Vec<[u16; 6]>,
    /// The keeps of five dice: the rolls. `rolls[r]` is a keep index.
    pub rolls: Vec<u16>,
    /// For each keep of five dice, its roll number (others: `u16::MAX`).
    pub roll_of_keep: Vec<u16>,
    pub roll_faces: Vec<FaceSet>,
    /// Orders in which five dice show each roll: 5!/Πcᵢ!, summing to 7776.
    pub roll_ways: Vec<u32>,
    /// For each roll, the keeps it allows (its sub-multisets, itself included), flattened:
    /// roll `r` owns `sub_keeps[sub_start[r]..sub_start[r+1]]`.
    pub sub_keeps: Vec<u16>,
    pub sub_start: Vec<u32>,
    /// For each keep, the keeps of one die fewer (one per face it shows), flattened:
    /// keep `k` owns `parent_keeps[parent_start[k]..parent_start[k+1]]`.
    parent_keeps: Vec<u16>,
    parent_start: Vec<u32>,
    index_of_code: Vec<u16>,
}

impl Combinatorics {
    /// The one shared instance.
    pub fn get() -> &'static Combinatorics {
        static TABLES: OnceLock<Combinatorics> = OnceLock::new();
        TABLES.get_or_init(Combinatorics::build)
    }

    fn build() -> Combinatorics {
        let mut keeps = Vec::new();
        for size in 0..=DICE as u8 {
            let mut c = [0u8; 6];
            multisets(size, 0, &mut c, &mut keeps);
        }
        let mut index_of_code = vec![u16::MAX; 6usize.pow(6)];
        for (i, k) in keeps.iter().enumerate() {
            index_of_code[counts_code(k)] = i as u16;
        }
        let keep_size: Vec<u8> = keeps.iter().map(|k| k.iter().sum()).collect();
        let child = keeps
            .iter()
            .map(|k| {
                let mut out = [u16::MAX; 6];
                if k.iter().sum::<u8>() < DICE as u8 {
                    for (f, slot) in out.iter_mut().enumerate() {
                        let mut c = *k;
                        c[f] += 1;
                        *slot = index_of_code[counts_code(&c)];
                    }
                }
                out
            })
            .collect();
        let rolls: Vec<u16> =
            (0..keeps.len()).filter(|&i| keep_size[i] == DICE as u8).map(|i| i as u16).collect();
        let mut roll_of_keep = vec![u16::MAX; keeps.len()];
        for (r, &k) in rolls.iter().enumerate() {
            roll_of_keep[k as usize] = r as u16;
        }
        let roll_faces = rolls
            .iter()
            .map(|&k| (0..6).filter(|&f| keeps[k as usize][f] > 0).fold(0, |s, f| s | (1 << f)))
            .collect();
        let roll_ways = rolls.iter().map(|&k| arrangements(&keeps[k as usize])).collect();
        let mut sub_keeps = Vec::new();
        let mut sub_start = vec![0u32];
        for &k in &rolls {
            let full = keeps[k as usize];
            for (i, sub) in keeps.iter().enumerate() {
                if (0..6).all(|f| sub[f] <= full[f]) {
                    sub_keeps.push(i as u16);
                }
            }
            sub_start.push(sub_keeps.len() as u32);
        }
        let mut parent_keeps = Vec::new();
        let mut parent_start = vec![0u32];
        for k in &keeps {
            for f in (0..6).filter(|&f| k[f] > 0) {
                let mut c = *k;
                c[f] -= 1;
                parent_keeps.push(index_of_code[counts_code(&c)]);
            }
            parent_start.push(parent_keeps.len() as u32);
        }
        Combinatorics {
            keeps,
            keep_size,
            child,
            rolls,
            roll_of_keep,
            roll_faces,
            roll_ways,
            sub_keeps,
            sub_start,
            parent_keeps,
            parent_start,
            index_of_code,
        }
    }

    /// How many keeps have fewer than five dice. Keeps are numbered by size, so these are
    /// the keeps `0..partial_keeps()`, and the rolls come after them.
    pub fn partial_keeps(&self) -> usize {
        self.rolls[0] as usize
    }

    /// The keep index of some dice (0–5 of them).
    pub fn keep_index(&self, dice: &[u8]) -> usize {
        let mut c = [0u8; 6];
        for &d in dice {
            c[d as usize - 1] += 1;
        }
        self.index_of_code[counts_code(&c)] as usize
    }

    /// The roll number of five dice.
    pub fn roll_index(&self, dice: &[u8]) -> usize {
        self.roll_of_keep[self.keep_index(dice)] as usize
    }

    /// The dice of a keep, sorted.
    pub fn dice_of(&self, keep: usize) -> Vec<u8> {
        let c = self.keeps[keep];
        (0..6).flat_map(|f| std::iter::repeat_n(f as u8 + 1, c[f] as usize)).collect()
    }

    /// The keeps a roll allows.
    pub fn keeps_of_roll(&self, roll: usize) -> &[u16] {
        &self.sub_keeps[self.sub_start[roll] as usize..self.sub_start[roll + 1] as usize]
    }

    /// The keeps one die smaller than `keep` (one for each face it shows). Every keep's
    /// sub-multisets are reached through these, so a maximum over them is a walk up by size.
    pub fn parents(&self, keep: usize) -> &[u16] {
        &self.parent_keeps[self.parent_start[keep] as usize..self.parent_start[keep + 1] as usize]
    }

    /// The keep made of keep `a` and keep `b` together (at most five dice).
    pub fn union(&self, a: usize, b: usize) -> usize {
        let mut c = self.keeps[a];
        for (x, y) in c.iter_mut().zip(self.keeps[b]) {
            *x += y;
        }
        self.index_of_code[counts_code(&c)] as usize
    }

    /// The keeps of exactly `n` dice with the number of orders each shows up in when `n`
    /// dice are thrown (summing to 6ⁿ).
    pub fn throws(&self, n: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        (0..self.keeps.len())
            .filter(move |&k| self.keep_size[k] as usize == n)
            .map(|k| (k, arrangements(&self.keeps[k])))
    }
}

fn multisets(left: u8, face: usize, c: &mut Counts, out: &mut Vec<Counts>) {
    if face == 5 {
        c[5] = left;
        out.push(*c);
        c[5] = 0;
        return;
    }
    for n in (0..=left).rev() {
        c[face] = n;
        multisets(left - n, face + 1, c, out);
    }
    c[face] = 0;
}

/// n!/Πcᵢ!: the orders in which dice can show these counts.
fn arrangements(c: &Counts) -> u32 {
    let fact = |n: u8| (1..=n as u32).product::<u32>();
    fact(c.iter().sum()) / c.iter().map(|&n| fact(n)).product::<u32>()
}

/// The first roll: for each inverted sum 0–21, the number of the 7776 ordered rolls that
/// give it (only 1–20 occur).
pub fn first_roll_counts() -> [u32; 22] {
    let t = Combinatorics::get();
    let mut counts = [0u32; 22];
    for (r, &faces) in t.roll_faces.iter().enumerate() {
        counts[inverted_sum(faces) as usize] += t.roll_ways[r];
    }
    counts
}

/// An exact probability `num / 6^pow`.
#[derive(Clone, Copy, Debug)]
pub struct Frac {
    num: u128,
    pow: u32,
}

impl Frac {
    pub const ZERO: Frac = Frac { num: 0, pow: 0 };
    pub const ONE: Frac = Frac { num: 1, pow: 0 };

    pub fn new(num: u128, pow: u32) -> Frac {
        Frac { num, pow }
    }

    fn aligned(self, other: Frac) -> (u128, u128, u32) {
        let pow = self.pow.max(other.pow);
        (self.num * 6u128.pow(pow - self.pow), other.num * 6u128.pow(pow - other.pow), pow)
    }

    /// In lowest terms: (numerator, denominator).
    pub fn reduced(self) -> (u128, u128) {
        let den = 6u128.pow(self.pow);
        let g = gcd(self.num, den);
        (self.num / g, den / g)
    }

    pub fn to_f64(self) -> f64 {
        self.num as f64 / 6f64.powi(self.pow as i32)
    }
}

impl std::fmt::Display for Frac {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (n, d) = self.reduced();
        if d == 1 {
            write!(f, "{n}")
        } else {
            write!(f, "{n}/{d}")
        }
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl PartialEq for Frac {
    fn eq(&self, other: &Frac) -> bool {
        self.partial_cmp(other) == Some(Ordering::Equal)
    }
}

impl PartialOrd for Frac {
    fn partial_cmp(&self, other: &Frac) -> Option<Ordering> {
        let (a, b, _) = self.aligned(*other);
        Some(a.cmp(&b))
    }
}

/// What a turn's dynamic program computes with: `f64` for expected scores, [`Frac`] for
/// exact probabilities, [`Lanes`] for several `f64` turns solved side by side.
pub trait Value: Copy + Send + Sync {
    /// A yes or no for each turn the value carries (a `bool` for one turn).
    type Flag: Copy + Send + Sync;
    fn zero() -> Self;
    fn plus(self, other: Self) -> Self;
    /// `self · n`
    fn times(self, n: u32) -> Self;
    /// `self / 6`
    fn sixth(self) -> Self;
    /// The larger of the two (ties: either).
    fn max(self, other: Self) -> Self;
    /// `if_set` where `flag` says yes, `otherwise` where it says no.
    fn select(flag: Self::Flag, if_set: Self, otherwise: Self) -> Self;
    /// `self / 6⁵`
    fn over_ordered_rolls(self) -> Self {
        self.sixth().sixth().sixth().sixth().sixth()
    }
}

impl Value for f64 {
    type Flag = bool;
    fn zero() -> f64 {
        0.0
    }
    fn max(self, other: f64) -> f64 {
        if other > self {
            other
        } else {
            self
        }
    }
    fn select(flag: bool, if_set: f64, otherwise: f64) -> f64 {
        if flag {
            if_set
        } else {
            otherwise
        }
    }
    fn plus(self, other: f64) -> f64 {
        self + other
    }
    fn times(self, n: u32) -> f64 {
        self * n as f64
    }
    fn sixth(self) -> f64 {
        self / 6.0
    }
    fn over_ordered_rolls(self) -> f64 {
        self / ORDERED_ROLLS as f64
    }
}

impl Value for Frac {
    type Flag = bool;
    fn zero() -> Frac {
        Frac::ZERO
    }
    fn max(self, other: Frac) -> Frac {
        if other > self {
            other
        } else {
            self
        }
    }
    fn select(flag: bool, if_set: Frac, otherwise: Frac) -> Frac {
        if flag {
            if_set
        } else {
            otherwise
        }
    }
    fn plus(self, other: Frac) -> Frac {
        let (a, b, pow) = self.aligned(other);
        Frac { num: a + b, pow }
    }
    fn times(self, n: u32) -> Frac {
        Frac { num: self.num * n as u128, pow: self.pow }
    }
    fn sixth(self) -> Frac {
        if self.num.is_multiple_of(6) {
            Frac { num: self.num / 6, pow: self.pow }
        } else {
            Frac { num: self.num, pow: self.pow + 1 }
        }
    }
}

/// How many turns a [`Lanes`] value solves at once. Sixteen beat eight on every instruction
/// set measured (AVX-512 3.7 s against 4.5 s for the table, AVX2 4.0 against 4.2, plain
/// x86-64 5.3 against 5.4): the index loads and loop steps are shared by more turns. At 32
/// the compiler no longer keeps them in vectors and it takes 12 s.
pub const LANES: usize = 16;

/// [`LANES`] independent `f64` values, one per turn. The turn's dynamic program has the same
/// shape for every sheet state, so solving several states together turns each step into a
/// few vector instructions and hides the latency of the long chains of sums and maxima.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lanes(pub [f64; LANES]);

impl Lanes {
    fn zip(self, other: Lanes, f: impl Fn(f64, f64) -> f64) -> Lanes {
        Lanes(std::array::from_fn(|i| f(self.0[i], other.0[i])))
    }
}

impl Value for Lanes {
    type Flag = [bool; LANES];
    fn zero() -> Lanes {
        Lanes([0.0; LANES])
    }
    fn plus(self, other: Lanes) -> Lanes {
        self.zip(other, |a, b| a + b)
    }
    fn times(self, n: u32) -> Lanes {
        Lanes(self.0.map(|a| a * n as f64))
    }
    fn sixth(self) -> Lanes {
        Lanes(self.0.map(|a| a / 6.0))
    }
    fn over_ordered_rolls(self) -> Lanes {
        Lanes(self.0.map(|a| a / ORDERED_ROLLS as f64))
    }
    fn max(self, other: Lanes) -> Lanes {
        self.zip(other, Value::max)
    }
    fn select(flag: [bool; LANES], if_set: Lanes, otherwise: Lanes) -> Lanes {
        Lanes(std::array::from_fn(|i| if flag[i] { if_set.0[i] } else { otherwise.0[i] }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_examples_of_inverted_sums() {
        for (dice, sum) in [
            ("23556", 5),
            ("11456", 5),
            ("44556", 6),
            ("11223", 15),
            ("12233", 15),
            ("11122", 18),
            ("12222", 18),
            ("55666", 10),
            ("23456", 1),
            ("11111", 20),
        ] {
            let d = parse_dice(dice, 5..=5).unwrap();
            assert_eq!(inverted_sum(face_set(&d)), sum, "{dice}");
        }
    }

    #[test]
    fn the_tables_count_what_they_should() {
        let t = Combinatorics::get();
        assert_eq!(t.keeps.len(), 462);
        assert_eq!(t.rolls.len(), 252);
        assert_eq!(t.roll_ways.iter().sum::<u32>(), ORDERED_ROLLS);
        for n in 0..=5 {
            assert_eq!(t.throws(n).map(|(_, w)| w).sum::<u32>(), 6u32.pow(n as u32));
        }
        let r = t.roll_index(&[1, 1, 1, 1, 2]);
        assert_eq!(t.keeps_of_roll(r).len(), 5 * 2);
        assert_eq!(t.dice_of(t.rolls[r] as usize), vec![1, 1, 1, 1, 2]);
    }

    #[test]
    fn fractions_stay_exact() {
        let a = Frac::ONE.sixth().sixth(); // 1/36
        let b = a.times(2).plus(Frac::new(1, 1)); // 2/36 + 6/36
        assert_eq!(b.reduced(), (2, 9));
        assert!(b > a && a < Frac::ONE);
        assert_eq!(Frac::new(0, 0), Frac::new(0, 7));
    }

    #[test]
    fn bad_dice_are_refused() {
        assert!(parse_dice("1237", 5..=5).unwrap_err().contains("`7`"));
        assert!(parse_dice("123", 5..=5).unwrap_err().contains("3 dice given"));
    }
}
