//! One turn, solved exactly: what each roll is worth with 0, 1 or 2 rerolls left, and what
//! each keep is worth, given what ending the turn with each face set pays.
//!
//! With `r` rerolls left, a roll is worth the best of stopping (when the rules allow it) and
//! of each keep it allows; a keep is worth the average over the dice thrown. The average over
//! `6ⁿ` throws is computed one die at a time — a keep of `k` dice averages its six children of
//! `k+1` dice — so a whole layer costs 462 × 6 additions, not Σ 6ⁿ⁻ᵏ.

use super::roll::{Combinatorics, FaceSet, Value, DICE, ROLLS};
use super::{Rules, Scoring};

/// What ending the turn with each set of faces is worth (index: the [`FaceSet`]).
#[derive(Clone, Debug)]
pub struct Payoff<V> {
    pub value: [V; 64],
    /// The result is an open box: under [`Scoring::Immediately`] it ends the turn at once.
    pub available: [bool; 64],
}

/// The solved turn.
#[derive(Clone, Debug)]
pub struct Turn<V> {
    /// `after_roll[r][roll]`: holding this roll with `r` rerolls left.
    pub after_roll: [Vec<V>; ROLLS],
    /// `keep[r][k]`: keeping `k` and throwing the other dice, with `r` rerolls left after it.
    pub keep: [Vec<V>; ROLLS - 1],
    /// Before the first roll.
    pub start: V,
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
        }
    }

    /// Solves the turn for this payoff, reusing the buffers.
    pub fn solve(&mut self, payoff: &Payoff<V>, rules: &Rules) {
        let t = Combinatorics::get();
        for (roll, &faces) in t.roll_faces.iter().enumerate() {
            self.after_roll[0][roll] = payoff.value[faces as usize];
        }
        for r in 1..ROLLS {
            let (done, rest) = self.after_roll.split_at_mut(r);
            average_over_throws(t, &done[r - 1], &mut self.keep[r - 1]);
            let keep = &self.keep[r - 1];
            for (roll, slot) in rest[0].iter_mut().enumerate() {
                let faces = t.roll_faces[roll] as usize;
                let stop = payoff.value[faces];
                if rules.scoring == Scoring::Immediately && payoff.available[faces] {
                    *slot = stop;
                    continue;
                }
                let own = t.rolls[roll];
                let mut best: Option<V> = rules.stop_early.then_some(stop);
                for &k in t.keeps_of_roll(roll) {
                    if !rules.stop_early && k == own {
                        continue;
                    }
                    let v = keep[k as usize];
                    if best.is_none_or(|b| v > b) {
                        best = Some(v);
                    }
                }
                *slot = best.expect("a roll always allows rethrowing every die");
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
            if rules.stop_early && k == own {
                continue; // keeping every die is stopping, said more simply
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
fn average_over_throws<V: Value>(t: &Combinatorics, after: &[V], keep: &mut [V]) {
    // Keeps are stored by size, so walking backwards meets every child before its parent.
    for k in (0..t.keeps.len()).rev() {
        keep[k] = if t.keep_size[k] as usize == DICE {
            after[t.roll_of_keep[k] as usize]
        } else {
            let c = &t.child[k];
            let mut sum = keep[c[0] as usize];
            for &child in &c[1..] {
                sum = sum.plus(keep[child as usize]);
            }
            sum.sixth()
        };
    }
}

/// A payoff that is worth 1 when the turn ends on `target` (an inverted sum) and 0 otherwise,
/// with the turn ending as soon as it shows: the best chance of rolling `target`.
pub fn target_payoff<V: Value>(target: u32, one: V) -> Payoff<V> {
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
