//! One turn, solved exactly: what each roll is worth with 0, 1 or 2 rerolls left, and what
//! each keep is worth, given what ending the turn with each face set pays.
//!
//! With `r` rerolls left, a roll is worth the best of stopping (when the rules allow it) and
//! of each keep it allows; a keep is worth the average over the dice thrown. The average over
//! `6ⁿ` throws is computed one die at a time — a keep of `k` dice averages its six children of
//! `k+1` dice — so a whole layer costs 210 × 6 additions, not Σ 6ⁿ⁻ᵏ. Likewise the best
//! keep of every roll is found walking up the keeps by size (a keep's best sub-keep is itself
//! or the best sub-keep of a keep one die smaller), not by listing each roll's sub-multisets.
//! The same program runs on one `f64`, on exact fractions, or on [`Lanes`](super::roll::Lanes)
//! of several sheet states at once.

use super::roll::{Combinatorics, FaceSet, Value, DICE, ROLLS};
use super::{Rules, Scoring};

/// What ending the turn with each set of faces is worth (index: the [`FaceSet`]).
#[derive(Clone, Debug)]
pub struct Payoff<V: Value> {
    pub value: [V; 64],
    /// The result is an open box: under [`Scoring::Immediately`] it ends the turn at once.
    pub available: [V::Flag; 64],
}

/// The solved turn.
#[derive(Clone, Debug)]
pub struct Turn<V> {
    /// `after_roll[r][roll]`: holding this roll with `r` rerolls left.
    pub after_roll: [Vec<V>; ROLLS],
    /// `keep[r][k]`: keeping `k` and throwing the other dice, with `r` rerolls left after it.
    /// Only keeps of fewer than five dice: keeping all five is not a reroll (it is stopping,
    /// or not allowed), so those slots are not filled.
    pub keep: [Vec<V>; ROLLS - 1],
    /// Before the first roll.
    pub start: V,
    /// Scratch: `best_sub[k]` is the best of `keep[r][j]` over the sub-multisets `j` of `k`.
    best_sub: Vec<V>,
}

/// A choice after a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// End the turn with the dice as they are.
    Stop,
    /// Keep these dice (a keep index) and throw the others.
    Keep(usize),
}

impl<V: Value> Turn<V> {
    pub fn new() -> Self {
        let t = Combinatorics::get();
        Turn {
            after_roll: std::array::from_fn(|_| vec![V::zero(); t.rolls.len()]),
            keep: std::array::from_fn(|_| vec![V::zero(); t.keeps.len()]),
            start: V::zero(),
            best_sub: vec![V::zero(); t.keeps.len()],
        }
    }

    /// Solves the turn for this payoff, reusing the buffers. Always inlined: the strategy
    /// table compiles it once per vector instruction set (see `strategy::Chunk`).
    #[inline(always)]
    pub fn solve(&mut self, payoff: &Payoff<V>, rules: &Rules) {
        let t = Combinatorics::get();
        for (roll, &faces) in t.roll_faces.iter().enumerate() {
            self.after_roll[0][roll] = payoff.value[faces as usize];
        }
        for r in 1..ROLLS {
            let (done, rest) = self.after_roll.split_at_mut(r);
            average_over_throws(t, &done[r - 1], &mut self.keep[r - 1]);
            let keep = &self.keep[r - 1];
            // The best keep of each roll, as a walk up the keeps by size: a keep's best
            // sub-keep is itself or the best of a keep one die smaller. This visits each
            // keep's few parents (≈1 200 steps) instead of every roll's sub-multisets (4 368).
            // A roll's best keep is the best over its parents: keeping all five dice is
            // never a reroll, so the walk stops below five dice.
            let best_sub = &mut self.best_sub;
            for k in 0..t.partial_keeps() {
                let mut best = keep[k];
                for &p in t.parents(k) {
                    best = best.max(best_sub[p as usize]);
                }
                best_sub[k] = best;
            }
            for (roll, slot) in rest[0].iter_mut().enumerate() {
                let faces = t.roll_faces[roll] as usize;
                let stop = payoff.value[faces];
                let mut parents = t.parents(t.rolls[roll] as usize).iter();
                let first = best_sub[*parents.next().expect("a roll has dice") as usize];
                let best_keep = parents.fold(first, |b, &p| b.max(best_sub[p as usize]));
                let best = if rules.stop_early { stop.max(best_keep) } else { best_keep };
                *slot = match rules.scoring {
                    Scoring::Immediately => V::select(payoff.available[faces], stop, best),
                    Scoring::AtStop => best,
                };
            }
        }
        self.start = self.start_with_rolls(ROLLS);
    }

    /// The value before the first roll when the turn has only `rolls` rolls (1 to 3).
    pub fn start_with_rolls(&self, rolls: usize) -> V {
        let t = Combinatorics::get();
        let mut start = V::zero();
        for (roll, &ways) in t.roll_ways.iter().enumerate() {
            start = start.plus(self.after_roll[rolls - 1][roll].times(ways));
        }
        start.over_ordered_rolls()
    }
}

/// Choosing needs one turn's values, which can be compared.
impl<V: Value<Flag = bool> + PartialOrd> Turn<V> {
    /// The choices after `roll` with `rerolls_left`, each with its value, best first (ties:
    /// stopping, then keeping more dice — the choice that is simplest to carry out).
    pub fn choices(
        &self,
        payoff: &Payoff<V>,
        rules: &Rules,
        roll: usize,
        rerolls_left: usize,
    ) -> Vec<(Action, V)> {
        let t = Combinatorics::get();
        let faces = t.roll_faces[roll] as usize;
        let stop = (Action::Stop, payoff.value[faces]);
        let forced =
            rerolls_left == 0 || (rules.scoring == Scoring::Immediately && payoff.available[faces]);
        if forced {
            return vec![stop];
        }
        let mut out = Vec::new();
        if rules.stop_early {
            out.push(stop);
        }
        let own = t.rolls[roll] as usize;
        for &k in t.keeps_of_roll(roll).iter().rev() {
            let k = k as usize;
            if k == own {
                // Keeping every die is stopping, said more simply — or, when a turn may not
                // stop early, not allowed (rolls two and three throw at least one die).
                continue;
            }
            out.push((Action::Keep(k), self.keep[rerolls_left - 1][k]));
        }
        // Stable sort: the order above (stop, then larger keeps first) breaks ties.
        out.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap_or(std::cmp::Ordering::Equal));
        out
    }

    /// The chance of ending the turn with each face set when following the best choice from
    /// `roll` with `rerolls_left` (the first of [`Turn::choices`] at every step).
    pub fn outcome_chances(
        &self,
        payoff: &Payoff<V>,
        rules: &Rules,
        roll: usize,
        rerolls_left: usize,
    ) -> [f64; 64] {
        let t = Combinatorics::get();
        let mut out = [0.0; 64];
        let mut layer = vec![0.0f64; t.rolls.len()];
        layer[roll] = 1.0;
        for r in (0..=rerolls_left).rev() {
            let mut next = vec![0.0f64; t.rolls.len()];
            for (roll, &p) in layer.iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                match self.choices(payoff, rules, roll, r)[0].0 {
                    Action::Stop => out[t.roll_faces[roll] as usize] += p,
                    Action::Keep(k) => {
                        let thrown = DICE - t.keep_size[k] as usize;
                        let total = 6f64.powi(thrown as i32);
                        for (throw, ways) in t.throws(thrown) {
                            let to = t.roll_of_keep[t.union(k, throw)] as usize;
                            next[to] += p * ways as f64 / total;
                        }
                    }
                }
            }
            layer = next;
        }
        out
    }
}

impl<V: Value> Default for Turn<V> {
    fn default() -> Self {
        Self::new()
    }
}

/// `keep[k]` = the average of `after[k ∪ throw]` over the throws of the missing dice.
#[inline(always)]
fn average_over_throws<V: Value>(t: &Combinatorics, after: &[V], keep: &mut [V]) {
    // Keeps are stored by size, so walking backwards meets every child before its parent.
    // A keep of four dice has rolls for children, read from `after` directly.
    for k in (0..t.partial_keeps()).rev() {
        let c = &t.child[k];
        let child = |i: usize| {
            let child = c[i] as usize;
            if t.keep_size[k] as usize == DICE - 1 {
                after[t.roll_of_keep[child] as usize]
            } else {
                keep[child]
            }
        };
        let mut sum = child(0);
        for i in 1..6 {
            sum = sum.plus(child(i));
        }
        keep[k] = sum.sixth();
    }
}

/// A payoff that is worth 1 when the turn ends on `target` (an inverted sum) and 0 otherwise,
/// with the turn ending as soon as it shows: the best chance of rolling `target`.
pub fn target_payoff<V: Value<Flag = bool>>(target: u32, one: V) -> Payoff<V> {
    let mut value = [V::zero(); 64];
    let mut available = [false; 64];
    for faces in 1..64u8 {
        if super::roll::inverted_sum(faces as FaceSet) == target {
            value[faces as usize] = one;
            available[faces as usize] = true;
        }
    }
    Payoff { value, available }
}

/// The best chance of ending a turn with the inverted sum `target` within 1, 2 and 3 rolls,
/// exactly: the player aims only for `target` and stops as soon as it shows (so the rule
/// options do not matter).
pub fn target_odds(target: u32) -> [super::roll::Frac; ROLLS] {
    use super::roll::Frac;
    let rules = Rules { stop_early: true, scoring: Scoring::Immediately, free_zero: false };
    let mut turn = Turn::<Frac>::new();
    turn.solve(&target_payoff(target, Frac::ONE), &rules);
    std::array::from_fn(|i| turn.start_with_rolls(i + 1))
}
