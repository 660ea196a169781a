//! The passive set and clause selection: which clause the given-clause loop works on next.
//!
//! Clauses wait in several queues at once: one or more by a key (a weight, see `weights`)
//! and one by age (the order they were queued in). The loop takes turns: so many picks from
//! the first weight queue, so many from the next, then one from the age queue, and again
//! (with one weight queue and 4 picks, the lightest four times and every fifth time the
//! oldest: the age–weight ratio of 1 to 4 Otter and E use), so that no clause waits
//! forever.
//!
//! Each clause is handed out once, whichever queue reaches it first; ties in a key go to
//! the older clause (the smaller id), so the order is reproducible.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet, VecDeque};

/// The clauses waiting to be picked: by key (a heap for each) and by age (a queue), each
/// clause picked once whichever queue reaches it first.
pub(super) struct Passive {
    by_key: Vec<BinaryHeap<Reverse<(u64, usize)>>>,
    by_age: VecDeque<usize>,
    picked: HashSet<usize>,
    /// How many picks in a row each keyed queue gets, then the age queue one.
    turns: &'static [usize],
    /// The queue whose turn it is (`turns.len()`: the age queue), and its picks so far.
    turn: usize,
    picks_in_turn: usize,
}

impl Passive {
    /// A passive set with a keyed queue for each entry of `turns` (picks in a row).
    pub(super) fn new(turns: &'static [usize]) -> Passive {
        Passive {
            by_key: turns.iter().map(|_| BinaryHeap::new()).collect(),
            by_age: VecDeque::new(),
            picked: HashSet::new(),
            turns,
            turn: 0,
            picks_in_turn: 0,
        }
    }

    /// Queues clause `id` with its key in each keyed queue.
    pub(super) fn push(&mut self, id: usize, keys: &[u64]) {
        debug_assert_eq!(keys.len(), self.by_key.len());
        for (queue, &key) in self.by_key.iter_mut().zip(keys) {
            queue.push(Reverse((key, id)));
        }
        self.by_age.push_back(id);
    }

    /// The next clause to work on, from the queue whose turn it is; none when all are
    /// empty.
    pub(super) fn next(&mut self) -> Option<usize> {
        let queue = self.turn;
        self.picks_in_turn += 1;
        if self.picks_in_turn >= self.turns.get(queue).copied().unwrap_or(1) {
            self.picks_in_turn = 0;
            self.turn = (self.turn + 1) % (self.turns.len() + 1);
        }
        self.pick(queue)
    }

    /// The first clause not yet picked of queue `queue` (`turns.len()`: the oldest), or of
    /// the others when it is empty.
    fn pick(&mut self, queue: usize) -> Option<usize> {
        let count = self.by_key.len() + 1;
        for q in (queue..queue + count).map(|q| q % count) {
            loop {
                let next = if q == self.by_key.len() {
                    self.by_age.pop_front()
                } else {
                    self.by_key[q].pop().map(|Reverse((_, id))| id)
                };
                match next {
                    Some(id) if self.picked.insert(id) => return Some(id),
                    Some(_) => continue,
                    None => break,
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queues_take_turns_and_hand_each_clause_out_once() {
        // Two picks from the first queue (ids ascending), one from the second (descending),
        // one from the age queue, and again.
        let mut passive = Passive::new(&[2, 1]);
        for id in 0..8 {
            passive.push(id, &[id as u64, 10 - id as u64]);
        }
        let order: Vec<usize> = std::iter::from_fn(|| passive.next()).collect();
        assert_eq!(order, vec![0, 1, 7, 2, 3, 4, 6, 5]);
        // One queue of four picks: the lightest four times, then the oldest.
        let mut passive = Passive::new(&[4]);
        for (id, weight) in [(0, 9), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)] {
            passive.push(id, &[weight]);
        }
        let order: Vec<usize> = std::iter::from_fn(|| passive.next()).collect();
        assert_eq!(order, vec![1, 2, 3, 4, 0, 5]);
    }
}
