//! The review after a game: each choice a player made, held against the optimal strategy,
//! and the ones that cost expected points, with how much.
//!
//! A choice's cost is the expected final score of the best choice in that position minus
//! that of the choice made, both under optimal play afterwards (the strategy table's values).
//! Luck is not a cost: a good choice that rolled badly costs nothing, a poor one that rolled
//! well still does.

use super::coach::{advise, describe, describe_end};
use super::roll::{face_set, inverted_sum, DICE, ROLLS};
use super::strategy::{End, Strategy};
use super::{ScoreSheet, Sheet};
use serde::{Deserialize, Serialize};

/// What a player chose at one question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Chosen {
    /// After a roll: these dice kept, the others thrown again.
    Keep { keep: Vec<u8> },
    /// After a roll: the turn ended with the dice as they are.
    Stop,
    /// At the end of the turn, where the player had a choice: what was written.
    Box { end: End },
}

/// One choice, with the position it was made in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// Round (from 1) and seat of the turn.
    pub round: usize,
    pub seat: usize,
    /// The player's sheet when choosing: per box, the points written.
    pub entries: Vec<Option<u32>>,
    /// The dice (sorted) and the rerolls left.
    pub dice: Vec<u8>,
    pub rerolls_left: usize,
    pub chosen: Chosen,
}

impl Decision {
    /// Whether the decision could have been made in a game on `sheet` with `players`
    /// players (a saved game's decisions are checked before they are reviewed).
    pub fn check(&self, sheet: &Sheet, players: usize) -> Result<(), String> {
        let at = format!("the choice of round {}", self.round);
        if self.seat >= players || !(1..=sheet.boxes.len()).contains(&self.round) {
            return Err(format!("{at} has no such seat or round"));
        }
        let fits = |(b, e): (&u32, &Option<u32>)| e.is_none_or(|v| v == 0 || v == *b);
        if self.entries.len() != sheet.boxes.len()
            || !sheet.boxes.iter().zip(&self.entries).all(fits)
        {
            return Err(format!("{at} has a sheet that could not be"));
        }
        if self.dice.len() != DICE
            || self.dice.iter().any(|d| !(1..=6).contains(d))
            || !self.dice.is_sorted()
            || self.rerolls_left >= ROLLS
        {
            return Err(format!("{at} has dice that could not be"));
        }
        let is_open = |b: u32| sheet.position(b).is_some_and(|i| self.entries[i].is_none());
        let possible = match &self.chosen {
            Chosen::Keep { keep } => {
                keep.len() < DICE && {
                    let mut left = self.dice.clone();
                    keep.iter().all(|k| match left.iter().position(|d| d == k) {
                        Some(i) => {
                            left.remove(i);
                            true
                        }
                        None => false,
                    })
                }
            }
            Chosen::Stop => self.rerolls_left > 0,
            Chosen::Box { end: End::Score(b) } => {
                *b == inverted_sum(face_set(&self.dice)) && is_open(*b)
            }
            Chosen::Box { end: End::Zero(b) } => is_open(*b),
        };
        if possible {
            Ok(())
        } else {
            Err(format!("{at} was not a legal choice"))
        }
    }
}

/// Choices cheaper than this (in expected points) count as optimal: they differ from the
/// best by rounding only.
pub const NEGLIGIBLE: f64 = 0.005;

/// A choice that cost expected points.
#[derive(Clone, Debug)]
pub struct Costly {
    pub round: usize,
    pub dice: Vec<u8>,
    /// The dice's inverted sum, and whether its box was open.
    pub sum: u32,
    pub open: bool,
    pub rerolls_left: usize,
    /// The choice made, and the best one, in words.
    pub chosen: String,
    pub best: String,
    /// Expected points lost against the best choice.
    pub cost: f64,
}

/// One player's review.
#[derive(Clone, Debug)]
pub struct PlayerReview {
    pub player: String,
    /// Choices held against the strategy.
    pub choices: usize,
    /// Those that cost expected points, in the order they were made.
    pub costly: Vec<Costly>,
    /// Their costs added up.
    pub total_cost: f64,
}

/// The review of a game, player by player.
#[derive(Clone, Debug)]
pub struct Review {
    pub players: Vec<PlayerReview>,
}

/// Holds each decision against `strategy` (whose sheet and rules the game was played with).
pub fn review(strategy: &Strategy, players: &[String], decisions: &[Decision]) -> Review {
    let players = players
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let mine: Vec<&Decision> = decisions.iter().filter(|d| d.seat == seat).collect();
            let costly: Vec<Costly> = mine.iter().filter_map(|d| cost(strategy, d)).collect();
            PlayerReview {
                player: name.clone(),
                choices: mine.len(),
                total_cost: costly.iter().map(|c| c.cost).sum(),
                costly,
            }
        })
        .collect();
    Review { players }
}

/// The decision's cost, when it is more than negligible.
fn cost(strategy: &Strategy, d: &Decision) -> Option<Costly> {
    let sheet = ScoreSheet { sheet: strategy.sheet.clone(), entries: d.entries.clone() };
    let (chosen, best, chosen_value, best_value) = match &d.chosen {
        Chosen::Box { end } => {
            let options = endings(strategy, &sheet, &d.dice);
            let (best_end, best_value) = options
                .iter()
                .copied()
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .expect("a turn ends with a box open");
            let value = options.iter().find(|(e, _)| e == end)?.1;
            (describe_end(*end), describe_end(best_end), value, best_value)
        }
        Chosen::Keep { .. } | Chosen::Stop => {
            let advice = advise(strategy, &sheet, &d.dice, d.rerolls_left).ok()?;
            let made = advice.choices.iter().find(|c| match &d.chosen {
                Chosen::Stop => c.stop.is_some(),
                Chosen::Keep { keep } => c.stop.is_none() && same_dice(&c.keep, keep),
                Chosen::Box { .. } => false,
            })?;
            let best = advice.best();
            // A stop's box is the player's next choice, reviewed on its own.
            let said = if made.stop.is_some() { "stop".to_string() } else { describe(made) };
            (said, describe(best), made.expected, best.expected)
        }
    };
    let cost = best_value - chosen_value;
    let sum = inverted_sum(face_set(&d.dice));
    (cost > NEGLIGIBLE).then(|| Costly {
        round: d.round,
        dice: d.dice.clone(),
        sum,
        open: sheet.is_open(sum),
        rerolls_left: d.rerolls_left,
        chosen,
        best,
        cost,
    })
}

/// The ways a turn with `dice` may end on `sheet`, each with its worth: scoring the dice's
/// box when it is open, or writing 0 in any open box.
fn endings(strategy: &Strategy, sheet: &ScoreSheet, dice: &[u8]) -> Vec<(End, f64)> {
    let sum = inverted_sum(face_set(dice));
    let position = sheet.position();
    let score = sheet.is_open(sum).then_some(End::Score(sum));
    let zeros = sheet.sheet.boxes.iter().filter(|&&b| sheet.is_open(b)).map(|&b| End::Zero(b));
    score.into_iter().chain(zeros).map(|e| (e, strategy.end_value(position, e))).collect()
}

fn same_dice(a: &[u8], b: &[u8]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

impl Review {
    /// The review for people.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for p in &self.players {
            if p.costly.is_empty() {
                out.push_str(&format!(
                    "{}: all {} choices were the strategy's best.\n",
                    p.player, p.choices
                ));
                continue;
            }
            out.push_str(&format!(
                "{}: {} of {} choices cost {:.2} expected points in all.\n",
                p.player,
                p.costly.len(),
                p.choices,
                p.total_cost
            ));
            for c in &p.costly {
                let dice: String = c.dice.iter().map(|d| char::from(b'0' + d)).collect();
                out.push_str(&format!(
                    "  round {}, dice {dice} ({} {}), {} reroll{} left: {} — best: {} (−{:.2})\n",
                    c.round,
                    c.sum,
                    if c.open { "open" } else { "not open" },
                    c.rerolls_left,
                    if c.rerolls_left == 1 { "" } else { "s" },
                    c.chosen,
                    c.best,
                    c.cost
                ));
            }
        }
        out
    }
}
