//! Exact counting of card deals: items dealt to holders with fixed capacities, under the
//! constraints every card game's log produces.
//!
//! Constraints: an item may go only to some holders ("h does not have it", "I saw it");
//! "holder h has at least one of these items" (a refutation whose card I did not see);
//! "holder h has exactly n of these items" (a public count, or the envelope's one card of
//! each kind); and weights: "each deal counts 1/k, where k is how many of these items holder
//! h has" (a card shown to me by a refuter who picks at random among the cards they could
//! show). Weighted counts are scaled by the least common multiple of 1..=|items| for each
//! weight, so they stay whole numbers; a probability is a ratio of two of them, in which the
//! scale cancels.
//!
//! # Algorithm
//! A layered dynamic program. Items that no constraint tells apart (same allowed holders,
//! same constraints) form a class; a layer deals one class (big classes are cut into pieces,
//! see [`MAX_SPLITS`]). A state is what the rest of the deal needs to know: each holder's
//! remaining capacity, each exact count's remainder, and which "at least one" constraints are
//! still open. A transition splits the layer's class among the holders, weighted by the
//! multinomial number of ways to give those distinct items so. Forward, each layer maps
//! states to the number of ways to reach them; backward, to the number of ways to complete
//! them. The total is the completions of the start state, and the number of deals that give
//! a given item to holder h is Σ forward(s)·ways·(nₕ/k)·backward(s') over the layer's
//! transitions — every marginal exactly, in one pass. Counts are `u128`: even a 52-card deal
//! to four hands (about 5·10²⁸) fits; an overflow is reported, never wrapped.
//!
//! # Limits
//! The cost is the number of distinct states per layer: at most Π(capacity+1) times the
//! combinations of open constraints. Items that appear in constraints are processed first so
//! constraints close early. Many holders with small capacities (six Clue players with three
//! cards each) give the most states: the first count of such a game takes a few tens of
//! milliseconds, and every event that places or forbids cards makes it cheaper. A log with
//! very many overlapping open constraints can grow the layers exponentially, which the
//! budget catches.

use super::{Budget, Exhausted, Outcome};

/// One layer of the dynamic program: states and their numbers of ways. States are short
/// byte strings hashed many millions of times, where the Fx hash is several times faster than
/// the default (and no input here is adversarial).
type Layer = rustc_hash::FxHashMap<Vec<u8>, u128>;

/// A deal to count: `items` dealt to holders with the given capacities.
#[derive(Clone, Debug)]
pub struct Deal {
    pub capacities: Vec<u32>,
    /// For each item, the holders it may go to, as a bit set.
    pub allowed: Vec<u64>,
    pub at_least_one: Vec<(usize, Vec<usize>)>,
    pub exactly: Vec<(usize, Vec<usize>, u32)>,
    /// (holder, items): each deal weighs 1/k, k the number of the items the holder has.
    pub weighted: Vec<(usize, Vec<usize>)>,
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
        Deal {
            capacities,
            allowed: vec![all; items],
            at_least_one: Vec::new(),
            exactly: Vec::new(),
            weighted: Vec::new(),
        }
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

    /// Each deal weighs 1/k, where k is how many of `items` `holder` has (a deal in which
    /// they have none weighs nothing).
    pub fn weigh_by_choice(&mut self, holder: usize, items: &[usize]) {
        self.weighted.push((holder, items.to_vec()));
    }

    /// Counts every deal that satisfies the constraints, with the marginals: a pass forward
    /// over the layers (the ways to reach each state), then one backward (the ways to
    /// complete each state, and through them how often each holder gets each item).
    pub fn count(&self, budget: &Budget) -> Outcome<DealCount> {
        let plan = match Plan::new(self) {
            Ok(plan) => plan,
            Err(early) => return early,
        };
        let mut splits = SplitCache::new(plan.classes.len());
        let counted = plan
            .forward(&mut splits, budget)
            .and_then(|forward| plan.backward(forward, &mut splits));
        match counted {
            Ok(count) => Outcome::Sat(count),
            Err(why) => Outcome::Exhausted(why),
        }
    }

    /// The allowed holders, with one consequence drawn first: a holder whose capacity is
    /// filled by items that can only be theirs (my own hand) takes no other item. That
    /// leaves fewer ways to split each class, without changing any count.
    fn settled_allowed(&self) -> Vec<u64> {
        let mut allowed = self.allowed.clone();
        for (holder, &cap) in self.capacities.iter().enumerate() {
            let only = 1u64 << holder;
            let fixed = allowed.iter().filter(|&&a| a == only).count();
            if fixed == cap as usize {
                for a in allowed.iter_mut().filter(|a| **a != only) {
                    *a &= !only;
                }
            }
        }
        allowed
    }

    /// Items that no constraint tells apart (same allowed holders, same constraints), as
    /// layers of the dynamic program: items in constraints first, in the order the
    /// constraints mention them, so each constraint closes as early as possible.
    fn classes(&self, allowed: &[u64]) -> Vec<Class> {
        let n = self.items();
        let mut order = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mentioned = self
            .at_least_one
            .iter()
            .map(|(_, items)| items)
            .chain(self.exactly.iter().map(|(_, items, _)| items))
            .chain(self.weighted.iter().map(|(_, items)| items));
        for items in mentioned {
            for &i in items {
                if !seen[i] {
                    seen[i] = true;
                    order.push(i);
                }
            }
        }
        order.extend((0..n).filter(|&i| !seen[i]));
        let mut classes: Vec<Class> = Vec::new();
        for i in order {
            let exact: Vec<usize> =
                (0..self.exactly.len()).filter(|&e| self.exactly[e].1.contains(&i)).collect();
            let clauses: Vec<usize> = (0..self.at_least_one.len())
                .filter(|&c| self.at_least_one[c].1.contains(&i))
                .collect();
            let weights: Vec<usize> =
                (0..self.weighted.len()).filter(|&w| self.weighted[w].1.contains(&i)).collect();
            match classes.iter_mut().find(|c| {
                allowed[c.items[0]] == allowed[i]
                    && c.exact == exact
                    && c.clauses == clauses
                    && c.weights == weights
            }) {
                Some(class) => class.items.push(i),
                None => classes.push(Class {
                    items: vec![i],
                    exact,
                    clauses,
                    weights,
                    holders: Vec::new(),
                }),
            }
        }
        // A class's splits grow as (items + holders − 1 choose holders − 1): cut big classes
        // into pieces (still exact: a piece is a class too) so no layer has too many.
        let mut pieces = Vec::with_capacity(classes.len());
        for class in classes {
            let holders = allowed[class.items[0]].count_ones() as u128;
            let mut size = class.items.len();
            while size > 1
                && binomial(size as u128 + holders.max(1) - 1, holders.max(1) - 1)
                    .is_none_or(|b| b > MAX_SPLITS)
            {
                size -= 1;
            }
            let holders: Vec<usize> = (0..self.holders())
                .filter(|&h| allowed[class.items[0]] & (1 << h) != 0 && self.capacities[h] > 0)
                .collect();
            for chunk in class.items.chunks(size) {
                pieces.push(Class {
                    items: chunk.to_vec(),
                    exact: class.exact.clone(),
                    clauses: class.clauses.clone(),
                    weights: class.weights.clone(),
                    holders: holders.clone(),
                });
            }
        }
        pieces
    }
}

/// Most ways to split one layer's class among the holders. Splitting a whole class at once
/// skips the intermediate states of dealing it item by item, but tries every split from every
/// state; with many holders the item-by-item layers merge more. Measured on Clue and
/// Deduction games (`cargo bench --bench solve`), small pieces win with five or more holders and
/// lose little with three.
const MAX_SPLITS: u128 = 8;

/// How [`Deal::count`] walks the deal: the items in layers (one [`Class`] of
/// interchangeable items each), and a state between layers as bytes — each holder's room
/// left, each exact count still to meet, each weight's count so far, and a bit for each
/// "at least one" not yet met.
struct Plan<'d> {
    deal: &'d Deal,
    classes: Vec<Class>,
    /// The layer after which each "at least one" must be met.
    closes: Vec<usize>,
    /// For each exact count, how many of its items come after layer t.
    later: Vec<Vec<u32>>,
    /// The layer after which each weight is known, and its scale (lcm of 1..=|items|).
    weighs: Vec<(usize, u128)>,
    /// Where the parts of a state start: exact counts, weights, the clause bits.
    counts_at: usize,
    weights_at: usize,
    clauses_at: usize,
    start: Vec<u8>,
}

impl<'d> Plan<'d> {
    /// The plan, or the answer at once when the constraints settle it (no deal, or one
    /// past what a state can hold).
    fn new(deal: &'d Deal) -> Result<Plan<'d>, Outcome<DealCount>> {
        let n = deal.items();
        let h = deal.holders();
        let empty = || Outcome::Sat(DealCount { total: 0, marginals: vec![vec![0; h]; n] });
        if deal.capacities.iter().map(|&c| c as usize).sum::<usize>() != n {
            return Err(empty());
        }
        if deal.capacities.iter().any(|&c| c > 255) || n > 255 {
            // States keep capacities in bytes; no card game comes near this.
            return Err(Outcome::Exhausted(Exhausted::Limit));
        }
        if deal.exactly.iter().any(|(_, items, k)| *k as usize > items.len()) {
            return Err(empty());
        }
        let allowed = deal.settled_allowed();
        let classes = deal.classes(&allowed);
        let layers = classes.len();
        let mut layer_of = vec![0; n];
        for (t, class) in classes.iter().enumerate() {
            for &i in &class.items {
                layer_of[i] = t;
            }
        }
        // An empty clause closes before any layer: no deal meets it.
        let Some(closes) = deal
            .at_least_one
            .iter()
            .map(|(_, items)| items.iter().map(|&i| layer_of[i]).max())
            .collect::<Option<Vec<usize>>>()
        else {
            return Err(empty());
        };
        let later = deal
            .exactly
            .iter()
            .map(|(_, items, _)| {
                (0..layers)
                    .map(|t| items.iter().filter(|&&i| layer_of[i] > t).count() as u32)
                    .collect()
            })
            .collect();
        let weighs = deal
            .weighted
            .iter()
            .map(|(_, items)| {
                let last = items.iter().map(|&i| layer_of[i]).max().unwrap_or(0);
                (last, (1..=items.len() as u128).fold(1, lcm))
            })
            .collect();
        let counts_at = h;
        let weights_at = counts_at + deal.exactly.len();
        let clauses_at = weights_at + deal.weighted.len();
        let mut start = vec![0u8; clauses_at + closes.len().div_ceil(8)];
        for (k, &c) in deal.capacities.iter().enumerate() {
            start[k] = c as u8;
        }
        for (e, (_, _, k)) in deal.exactly.iter().enumerate() {
            start[counts_at + e] = *k as u8;
        }
        for c in 0..closes.len() {
            start[clauses_at + c / 8] |= 1 << (c % 8);
        }
        Ok(Plan { deal, classes, closes, later, weighs, counts_at, weights_at, clauses_at, start })
    }

    /// Writes the state after dealing layer t's class as `split` says into `s`, and returns
    /// the weight that layer settles (1 when none; 0 when that breaks a constraint).
    /// Writing into a reused buffer keeps the hot loop free of allocations: a state is
    /// copied only when it is new to the next layer.
    fn step(&self, state: &[u8], t: usize, split: &Split, s: &mut Vec<u8>) -> u128 {
        let deal = self.deal;
        let class = &self.classes[t];
        s.clear();
        s.extend_from_slice(state);
        for &(holder, k) in &split.parts {
            if s[holder] < k {
                return 0;
            }
            s[holder] -= k;
        }
        for &e in &class.exact {
            let k = split.to(deal.exactly[e].0);
            if s[self.counts_at + e] < k {
                return 0;
            }
            s[self.counts_at + e] -= k;
        }
        for (e, l) in self.later.iter().enumerate() {
            if u32::from(s[self.counts_at + e]) > l[t] {
                return 0;
            }
        }
        for &c in &class.clauses {
            if split.to(deal.at_least_one[c].0) > 0 {
                s[self.clauses_at + c / 8] &= !(1u8 << (c % 8));
            }
        }
        for (c, &closes) in self.closes.iter().enumerate() {
            if closes == t && s[self.clauses_at + c / 8] & (1u8 << (c % 8)) != 0 {
                return 0;
            }
        }
        // Weights: count the holder's items; once the last is dealt, the weight is
        // scale/k, and the count is forgotten (so states that differ only there merge).
        let mut weight = 1u128;
        for &w in &class.weights {
            s[self.weights_at + w] += split.to(deal.weighted[w].0);
        }
        for (w, &(last, scale)) in self.weighs.iter().enumerate() {
            if last == t {
                let k = u128::from(s[self.weights_at + w]);
                if k == 0 {
                    return 0;
                }
                weight *= scale / k;
                s[self.weights_at + w] = 0;
            }
        }
        weight
    }

    /// Forward: the ways to reach each state before each layer (the last entry: the
    /// complete deals' states).
    fn forward(&self, splits: &mut SplitCache, budget: &Budget) -> Result<Vec<Layer>, Exhausted> {
        let layers = self.classes.len();
        let mut forward: Vec<Layer> = Vec::with_capacity(layers + 1);
        forward.push(Layer::from_iter([(self.start.clone(), 1u128)]));
        let mut work = 0u64;
        let mut s = Vec::with_capacity(self.start.len());
        for t in 0..layers {
            let mut next = Layer::default();
            for (state, &ways) in &forward[t] {
                let splits = splits.get(&self.classes[t], t, state).ok_or(Exhausted::Limit)?;
                for split in splits.iter() {
                    work += 1;
                    if work.is_multiple_of(4096) {
                        if let Some(why) = budget.spent() {
                            return Err(why);
                        }
                    }
                    let weight = self.step(state, t, split, &mut s);
                    if weight == 0 {
                        continue;
                    }
                    let add = ways
                        .checked_mul(split.ways)
                        .and_then(|x| x.checked_mul(weight))
                        .ok_or(Exhausted::Limit)?;
                    match next.get_mut(s.as_slice()) {
                        Some(slot) => *slot = slot.checked_add(add).ok_or(Exhausted::Limit)?,
                        None => {
                            next.insert(s.clone(), add);
                        }
                    }
                }
            }
            forward.push(next);
        }
        Ok(forward)
    }

    /// Backward: the ways to complete each state from each layer on, and through them the
    /// deals that give each item to each holder. Every state of the last layer is complete
    /// (capacities sum to the items; constraints were checked on the way).
    fn backward(
        &self,
        mut forward: Vec<Layer>,
        splits: &mut SplitCache,
    ) -> Result<DealCount, Exhausted> {
        let layers = self.classes.len();
        let h = self.deal.holders();
        let mut backward: Vec<Layer> = vec![Layer::default(); layers + 1];
        backward[layers] = forward[layers].keys().map(|s| (s.clone(), 1u128)).collect();
        let mut marginals = vec![vec![0u128; h]; self.deal.items()];
        let mut s = Vec::with_capacity(self.start.len());
        for t in (0..layers).rev() {
            let mut here = Layer::with_capacity_and_hasher(forward[t].len(), Default::default());
            // Deals through this layer that give one particular item of the class to each holder.
            let mut through = vec![0u128; h];
            for (state, &ways_in) in &forward[t] {
                let mut total = 0u128;
                let splits = splits.get(&self.classes[t], t, state).ok_or(Exhausted::Limit)?;
                for split in splits.iter() {
                    let weight = self.step(state, t, split, &mut s);
                    if weight == 0 {
                        continue;
                    }
                    let Some(&ways_out) = backward[t + 1].get(s.as_slice()) else { continue };
                    if ways_out == 0 {
                        continue;
                    }
                    let ways_out = ways_out.checked_mul(weight).ok_or(Exhausted::Limit)?;
                    let both = ways_in.checked_mul(ways_out).ok_or(Exhausted::Limit)?;
                    for &(holder, one) in &split.one_item {
                        through[holder] = both
                            .checked_mul(one)
                            .and_then(|x| x.checked_add(through[holder]))
                            .ok_or(Exhausted::Limit)?;
                    }
                    total = ways_out
                        .checked_mul(split.ways)
                        .and_then(|x| x.checked_add(total))
                        .ok_or(Exhausted::Limit)?;
                }
                here.insert(state.clone(), total);
            }
            // Every item of a class stands in the same place, so each has the class's marginals.
            for &i in &self.classes[t].items {
                marginals[i].clone_from(&through);
            }
            backward[t] = here;
            forward.truncate(t + 1);
        }
        let total = backward[0].get(&self.start).copied().unwrap_or(0);
        Ok(DealCount { total, marginals })
    }
}

/// The splits of each class that fit a state's capacities, kept by the capacities (clipped
/// to the class's size) of the holders the class may go to: states that differ only
/// elsewhere share one list, and no split is tried that a capacity rules out.
struct SplitCache {
    lists: Vec<rustc_hash::FxHashMap<Vec<u8>, std::rc::Rc<Vec<Split>>>>,
}

impl SplitCache {
    fn new(layers: usize) -> SplitCache {
        SplitCache { lists: vec![Default::default(); layers] }
    }

    /// The splits of layer `t`'s class from `state`; `None` when there are too many ways.
    fn get(&mut self, class: &Class, t: usize, state: &[u8]) -> Option<std::rc::Rc<Vec<Split>>> {
        let key: Vec<u8> =
            class.holders.iter().map(|&hh| state[hh].min(class.items.len() as u8)).collect();
        if let Some(list) = self.lists[t].get(&key) {
            return Some(list.clone());
        }
        let list = std::rc::Rc::new(class.splits(&key)?);
        self.lists[t].insert(key, list.clone());
        Some(list)
    }
}

/// Interchangeable items: one layer of the dynamic program.
struct Class {
    items: Vec<usize>,
    /// The exact counts and the "at least one" clauses that mention these items.
    exact: Vec<usize>,
    clauses: Vec<usize>,
    /// The weights whose items these are.
    weights: Vec<usize>,
    /// The holders these items may go to.
    holders: Vec<usize>,
}

/// One way to deal a class: how many of its items each holder gets.
struct Split {
    /// (holder, how many), for holders that get some.
    parts: Vec<(usize, u8)>,
    /// The ways to give these distinct items so: the multinomial k!/Π nₕ!.
    ways: u128,
    /// (holder, ways with one given item going to that holder) = ways·nₕ/k, for holders that get some.
    one_item: Vec<(usize, u128)>,
}

impl Split {
    fn to(&self, holder: usize) -> u8 {
        self.parts.iter().find(|p| p.0 == holder).map_or(0, |p| p.1)
    }
}

impl Class {
    /// Every split of the class among its holders within `room` (each holder's remaining
    /// capacity, in the order of `holders`); `None` when a count would overflow.
    fn splits(&self, room: &[u8]) -> Option<Vec<Split>> {
        let k = self.items.len();
        fn go(
            rest: usize,
            at: usize,
            holders: &[usize],
            room: &[u8],
            parts: &mut Vec<(usize, u8)>,
            out: &mut Vec<Vec<(usize, u8)>>,
        ) {
            if at == holders.len() {
                if rest == 0 {
                    out.push(parts.clone());
                }
                return;
            }
            for take in 0..=rest.min(room[at] as usize) {
                if take > 0 {
                    parts.push((holders[at], take as u8));
                }
                go(rest - take, at + 1, holders, room, parts, out);
                if take > 0 {
                    parts.pop();
                }
            }
        }
        let mut raw = Vec::new();
        go(k, 0, &self.holders, room, &mut Vec::new(), &mut raw);
        let mut out = Vec::with_capacity(raw.len());
        for parts in raw {
            let mut ways = 1u128;
            let mut left = k as u128;
            for &(_, m) in &parts {
                ways = ways.checked_mul(binomial(left, m as u128)?)?;
                left -= m as u128;
            }
            // ways·m/k is a whole number (the ways with one given item placed first); split
            // the division so the product cannot overflow.
            let k = k as u128;
            let one_item = parts
                .iter()
                .map(|&(h, m)| (h, ways / k * m as u128 + ways % k * m as u128 / k))
                .collect();
            out.push(Split { parts, ways, one_item });
        }
        Some(out)
    }
}

/// The least common multiple.
fn lcm(a: u128, b: u128) -> u128 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// n choose k, `None` on overflow.
fn binomial(n: u128, k: u128) -> Option<u128> {
    let k = k.min(n.saturating_sub(k));
    let mut b = 1u128;
    for i in 0..k {
        b = b.checked_mul(n - i)? / (i + 1);
    }
    Some(b)
}
