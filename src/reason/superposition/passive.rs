//! The passive set and clause selection: which clause the given-clause loop works on next.
//!
//! Clauses wait in two queues at once, by weight (symbols and variables) and by age (the
//! order they were queued in); the loop mostly takes the lightest, and every fifth time the
//! oldest (an age–weight ratio of 1 to 4, the interleaving Otter and E use too), so that no
//! clause waits forever. In a goal-directed run, a clause descending from the negated
//! question weighs less.
//!
//! Each clause is handed out once, whichever queue reaches it first; ties in weight go to
//! the older clause (the smaller id), so the order is reproducible.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet, VecDeque};

/// In a goal-directed run, a clause that descends from the negation of the statement asked
/// about (the conjecture) is queued at this share of its weight, so the search works
/// towards the question before it wanders through the axioms' consequences (E's
/// conjecture-relative weights do the same). Measured on the 43 TPTP problems with a proof,
/// 5 s each: 31 at 30 % or 50 % against 30 without (NUN057+2: 200 000 clauses without, a
/// proof at once with), none lost; but the equational proofs come slower (GRP711+1 1.8 s
/// against 52 ms), hence a run of its own in `superposition::prove`.
const GOAL_WEIGHT_PERCENT: usize = 30;

/// Every how many picks the oldest clause is taken instead of the lightest.
const AGE_PICK_EVERY: usize = 5;

/// The clauses waiting to be picked: by weight (a heap) and by age (a queue), each clause
/// picked once whichever queue reaches it first.
pub(super) struct Passive {
    by_weight: BinaryHeap<Reverse<(usize, usize)>>,
    by_age: VecDeque<usize>,
    picked: HashSet<usize>,
    /// Picks so far (for the age–weight ratio).
    picks: usize,
    /// Whether clauses descending from the negated question weigh less.
    goal_directed: bool,
}

impl Passive {
    pub(super) fn new(goal_directed: bool) -> Passive {
        Passive {
            by_weight: BinaryHeap::new(),
            by_age: VecDeque::new(),
            picked: HashSet::new(),
            picks: 0,
            goal_directed,
        }
    }

    /// Queues clause `id`, with its weight (see `literal::clause_weight`) and whether it
    /// descends from the negated question (`goal`).
    pub(super) fn push(&mut self, id: usize, mut weight: usize, goal: bool) {
        if self.goal_directed && goal {
            weight = weight * GOAL_WEIGHT_PERCENT / 100;
        }
        self.by_weight.push(Reverse((weight, id)));
        self.by_age.push_back(id);
    }

    /// The next clause to work on: mostly the lightest, every [`AGE_PICK_EVERY`]th time the
    /// oldest; none when both queues are empty.
    pub(super) fn next(&mut self) -> Option<usize> {
        self.picks += 1;
        self.pick(self.picks.is_multiple_of(AGE_PICK_EVERY))
    }

    /// The oldest (`oldest`) or the lightest clause not yet picked.
    fn pick(&mut self, oldest: bool) -> Option<usize> {
        loop {
            let id = if oldest {
                self.by_age
                    .pop_front()
                    .or_else(|| self.by_weight.pop().map(|Reverse((_, id))| id))?
            } else {
                self.by_weight
                    .pop()
                    .map(|Reverse((_, id))| id)
                    .or_else(|| self.by_age.pop_front())?
            };
            if self.picked.insert(id) {
                return Some(id);
            }
        }
    }
}
