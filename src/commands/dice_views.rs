//! What the dice coach and the review of a saved game hand front ends: plain data in the
//! shape `--json` has always printed, converted from the engine's results so that a rename
//! inside `games::dice` cannot silently change what users' scripts read.

use crate::games::dice::coach::{Advice, Choice};
use crate::games::dice::review::{Costly, PlayerReview, Review};
use crate::games::dice::strategy::End;
use serde::Serialize;

/// How a turn ends: the dice score a box, or the player writes 0 in one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "box", rename_all = "kebab-case")]
pub enum TurnEnd {
    Score(u32),
    Zero(u32),
}

impl From<End> for TurnEnd {
    fn from(end: End) -> Self {
        match end {
            End::Score(b) => TurnEnd::Score(b),
            End::Zero(b) => TurnEnd::Zero(b),
        }
    }
}

/// One of the coach's choices and what it is worth.
#[derive(Clone, Debug, Serialize)]
pub struct CoachChoice {
    /// Dice kept (all five when stopping).
    pub keep: Vec<u8>,
    /// Dice thrown again (none when stopping).
    pub reroll: Vec<u8>,
    /// When the choice is to stop: what gets written.
    pub stop: Option<TurnEnd>,
    /// Expected points still to come in the game, this turn included.
    pub expected: f64,
}

impl From<&Choice> for CoachChoice {
    fn from(c: &Choice) -> Self {
        CoachChoice {
            keep: c.keep.clone(),
            reroll: c.reroll.clone(),
            stop: c.stop.map(TurnEnd::from),
            expected: c.expected,
        }
    }
}

/// The coach's answer for a position.
#[derive(Clone, Debug, Serialize)]
pub struct CoachAdvice {
    pub dice: Vec<u8>,
    pub inverted_sum: u32,
    pub rerolls_left: usize,
    /// Points on the sheet now (bonuses earned included).
    pub points_so_far: u32,
    /// Every choice, best first.
    pub choices: Vec<CoachChoice>,
    /// With the best play from here: the chance of each way the turn ends, likeliest first.
    pub outcomes: Vec<(TurnEnd, f64)>,
    /// The engine's answer, kept for its wording (the score-sheet game prints the same).
    #[serde(skip)]
    source: Advice,
}

impl From<Advice> for CoachAdvice {
    fn from(a: Advice) -> Self {
        CoachAdvice {
            dice: a.dice.clone(),
            inverted_sum: a.inverted_sum,
            rerolls_left: a.rerolls_left,
            points_so_far: a.points_so_far,
            choices: a.choices.iter().map(CoachChoice::from).collect(),
            outcomes: a.outcomes.iter().map(|(e, p)| (TurnEnd::from(*e), *p)).collect(),
            source: a,
        }
    }
}

impl CoachAdvice {
    /// The advice for people: the best choice, `alternatives` runners-up, the outcomes.
    pub fn render(&self, alternatives: usize) -> String {
        self.source.render(alternatives)
    }
}

/// A choice in a saved game that cost expected points.
#[derive(Clone, Debug, Serialize)]
pub struct CostlyChoice {
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

impl From<&Costly> for CostlyChoice {
    fn from(c: &Costly) -> Self {
        CostlyChoice {
            round: c.round,
            dice: c.dice.clone(),
            sum: c.sum,
            open: c.open,
            rerolls_left: c.rerolls_left,
            chosen: c.chosen.clone(),
            best: c.best.clone(),
            cost: c.cost,
        }
    }
}

/// One player's choices held against the optimal strategy.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerChoices {
    pub player: String,
    /// Choices held against the strategy.
    pub choices: usize,
    /// Those that cost expected points, in the order they were made.
    pub costly: Vec<CostlyChoice>,
    /// Their costs added up.
    pub total_cost: f64,
}

impl From<&PlayerReview> for PlayerChoices {
    fn from(p: &PlayerReview) -> Self {
        PlayerChoices {
            player: p.player.clone(),
            choices: p.choices,
            costly: p.costly.iter().map(CostlyChoice::from).collect(),
            total_cost: p.total_cost,
        }
    }
}

/// The review of a saved game, player by player.
#[derive(Clone, Debug, Serialize)]
pub struct GameReview {
    pub players: Vec<PlayerChoices>,
    /// The engine's review, kept for its wording (the score-sheet game prints the same).
    #[serde(skip)]
    source: Review,
}

impl From<Review> for GameReview {
    fn from(r: Review) -> Self {
        GameReview { players: r.players.iter().map(PlayerChoices::from).collect(), source: r }
    }
}

impl GameReview {
    /// The review for people.
    pub fn render(&self) -> String {
        self.source.render()
    }
}
