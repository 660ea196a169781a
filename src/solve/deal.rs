//! Exact counting of card deals: items dealt to holders with fixed capacities, under the
//! constraints every card game's log produces.
//!
//! Constraints: an item may go only to some holders ("h does not have it", "I saw it");
//! "holder h has at least one of these items" (a refutation whose card I did not see);
//! "holder h has exactly n of these items" (a public count, or the envelope's one card of
//! each kind).
//!
//! # Algorithm
//! A layered dynamic program over the items, one layer per item in a fixed order. A state
//! is what the rest of the deal needs to know: each holder's remaining capacity, each exact
//! count's remainder, and which "at least one" constraints are still open. Forward, each
//! layer maps states to the number of ways to reach them; backward, to the number of ways to
//! complete them. The total is the completions of the start state, and the number of deals
//! that give item i to holder h is Σ forward(s)·backward(s') over the transitions s → s' of
//! layer i that give it to h — every marginal exactly, in one pass. Counts are `u128`: even a
//! 52-card deal to four hands (about 5·10²⁸) fits; an overflow is reported, never wrapped.
//!
//! # Limits
//! The cost is the number of distinct states per layer: at most Π(capacity+1) times the
//! combinations of open constraints. Items that appear in constraints are processed first so
//! constraints close early; items free of constraints add no state beyond capacities. Games
//! with a few dozen cards, up to 64 holders and a few dozen open constraints stay well within
//! milliseconds; a log with very many overlapping open constraints can grow the layers
//! exponentially, which the budget catches.

use super::{Budget, Exhausted, Outcome};
use std::collections::HashMap;

/// A deal to count: `items` dealt to holders with the given capacities.
#[derive(Clone, Debug)]
pub struct Deal {
    pub capacities: Vec<u32>,
    /// For each item, the holders it may go to, as a bit set.
    pub allowed: Vec<u64>,
    pub at_least_one: Vec<(usize, Vec<usize>)>,
    pub exactly: Vec<(usize, Vec<usize>, u32)>,
}

/// The number of deals, and for each item and holder the number that give it there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealCount {
    pub total: u128,
    /// `marginals[item][holder]`.
    pub marginals: Vec<Vec<u128>>,
}

impl DealCount {
    /// The exact probability that `item` is with `holder`, as a fraction (numerator, total).
    pub fn fraction(&self, item: usize, holder: usize) -> (u128, u128) {
        (self.marginals[item][holder], self.total)
    }
}

impl Deal {
    pub fn new(items: usize, capacities: Vec<u32>) -> Self {
        assert!(capacities.len() <= 64, "at most 64 holders");
        let all = if capacities.len() == 64 { u64::MAX } else { (1u64 << capacities.len()) - 1 };
        Deal { capacities, allowed: vec![all; items], at_least_one: Vec::new(), exactly: Vec::new() }
    }

    pub fn items(&self) -> usize {
        self.allowed.len()
    }

    pub fn holders(&self) -> usize {
        self.capacities.len()
    }

    /// `holder` does not have `item`.
    pub fn forbid(&mut self, item: usize, holder: usize) {
        self.allowed[item] &= !(1u64 << holder);
    }

    /// `holder` has `item`.
    pub fn place(&mut self, item: usize, holder: usize) {
        self.allowed[item] &= 1u64 << holder;
    }

    pub fn at_least_one(&mut self, holder: usize, items: &[usize]) {
        self.at_least_one.push((holder, items.to_vec()));
    }

    pub fn exactly(&mut self, holder: usize, items: &[usize], n: u32) {
        self.exactly.push((holder, items.to_vec(), n));
    }

    /// Counts every deal that satisfies the constraints, with the marginals.
    pub fn count(&self, budget: &Budget) -> Outcome<DealCount> {
        let n = self.items();
        let h = self.holders();
        let empty = DealCount { total: 0, marginals: vec![vec![0; h]; n] };
        if self.capacities.iter().map(|&c| c as usize).sum::<usize>() != n
            || self.capacities.iter().any(|&c| c > 255)
            || self.exactly.iter().any(|(_, _, k)| *k > 255)
        {
            return Outcome::Sat(empty);
        }
        let order = self.order();
        let position: Vec<usize> = {
            let mut p = vec![0; n];
            for (t, &i) in order.iter().enumerate() {
                p[i] = t;
            }
            p
        };
        let clauses = self.at_least_one.len();
        // The layer after which each clause must be satisfied (an empty clause: before any).
        let closes: Vec<Option<usize>> =
            self.at_least_one.iter().map(|(_, items)| items.iter().map(|&i| position[i]).max()).collect();
        if closes.iter().any(Option::is_none) {
            return Outcome::Sat(empty);
        }
        // For each exact count, how many of its items come after layer t.
        let later: Vec<Vec<u32>> = self
            .exactly
            .iter()
            .map(|(_, items, _)| {
                (0..n).map(|t| items.iter().filter(|&&i| position[i] > t).count() as u32).collect()
            })
            .collect();
        let caps = h;
        let counts = self.exactly.len();
        let width = caps + counts + clauses.div_ceil(8);

        let mut start = vec![0u8; width];
        for (k, &c) in self.capacities.iter().enumerate() {
            start[k] = c as u8;
        }
        for (e, (_, items, k)) in self.exactly.iter().enumerate() {
            if *k as usize > items.len() {
                return Outcome::Sat(empty);
            }
            start[caps + e] = *k as u8;
        }
        for c in 0..clauses {
            start[caps + counts + c / 8] |= 1 << (c % 8);
        }

        let step = |state: &[u8], t: usize, holder: usize| -> Option<Vec<u8>> {
            let item = order[t];
            if self.allowed[item] & (1 << holder) == 0 || state[holder] == 0 {
                return None;
            }
            let mut s = state.to_vec();
            s[holder] -= 1;
            for (e, (eh, items, _)) in self.exactly.iter().enumerate() {
                if *eh == holder && items.contains(&item) {
                    if s[caps + e] == 0 {
                        return None;
                    }
                    s[caps + e] -= 1;
                }
            }
            for (e, l) in later.iter().enumerate() {
                if u32::from(s[caps + e]) > l[t] {
                    return None;
                }
            }
            for (c, (ch, items)) in self.at_least_one.iter().enumerate() {
                let byte = caps + counts + c / 8;
                let bit = 1u8 << (c % 8);
                if *ch == holder && items.contains(&item) {
                    s[byte] &= !bit;
                }
                if closes[c] == Some(t) && s[byte] & bit != 0 {
                    return None;
                }
            }
            Some(s)
        };

        // Forward: ways to reach each state before layer t.
        let mut forward: Vec<HashMap<Vec<u8>, u128>> = Vec::with_capacity(n + 1);
        forward.push(HashMap::from([(start.clone(), 1u128)]));
        let mut work = 0u64;
        for t in 0..n {
            let mut next: HashMap<Vec<u8>, u128> = HashMap::new();
            for (state, &ways) in &forward[t] {
                work += 1;
                if work % 4096 == 0 {
                    if let Some(why) = budget.spent() {
                        return Outcome::Exhausted(why);
                    }
                }
                for holder in 0..h {
                    if let Some(s) = step(state, t, holder) {
                        let slot = next.entry(s).or_insert(0);
                        match slot.checked_add(ways) {
                            Some(v) => *slot = v,
                            None => return Outcome::Exhausted(Exhausted::Limit),
                        }
                    }
                }
            }
            forward.push(next);
        }
        // Backward: ways to complete each state from layer t on. Every state of the last
        // layer is complete (capacities sum to the items; constraints were checked on the way).
        let mut backward: Vec<HashMap<Vec<u8>, u128>> = vec![HashMap::new(); n + 1];
        backward[n] = forward[n].keys().map(|s| (s.clone(), 1u128)).collect();
        let mut marginals = vec![vec![0u128; h]; n];
        for t in (0..n).rev() {
            let mut here = HashMap::with_capacity(forward[t].len());
            for (state, &ways_in) in &forward[t] {
                let mut total = 0u128;
                for holder in 0..h {
                    let Some(s) = step(state, t, holder) else { continue };
                    let Some(&ways_out) = backward[t + 1].get(&s) else { continue };
                    if ways_out == 0 {
                        continue;
                    }
                    let Some(through) = ways_in.checked_mul(ways_out) else {
                        return Outcome::Exhausted(Exhausted::Limit);
                    };
                    let m = &mut marginals[order[t]][holder];
                    match m.checked_add(through) {
                        Some(v) => *m = v,
                        None => return Outcome::Exhausted(Exhausted::Limit),
                    }
                    total = match total.checked_add(ways_out) {
                        Some(v) => v,
                        None => return Outcome::Exhausted(Exhausted::Limit),
                    };
                }
                here.insert(state.clone(), total);
            }
            backward[t] = here;
            forward.truncate(t + 1);
        }
        let total = backward[0].get(&start).copied().unwrap_or(0);
        Outcome::Sat(DealCount { total, marginals })
    }

    /// Items in constraints first, in the order the constraints mention them, so that each
    /// constraint closes as early as possible; then the free items.
    fn order(&self) -> Vec<usize> {
        let n = self.items();
        let mut seen = vec![false; n];
        let mut order = Vec::with_capacity(n);
        let mentioned = self
            .at_least_one
            .iter()
            .map(|(_, items)| items)
            .chain(self.exactly.iter().map(|(_, items, _)| items));
        for items in mentioned {
            for &i in items {
                if !seen[i] {
                    seen[i] = true;
                    order.push(i);
                }
            }
        }
        order.extend((0..n).filter(|&i| !seen[i]));
        order
    }
}
