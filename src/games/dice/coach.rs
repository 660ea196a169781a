//! The coach: for a position (open boxes, live bonuses, the dice, the rerolls left), every
//! choice with the expected score it leads to under optimal play, best first, and the chance
//! of each way the turn can end when following the best one.

use super::roll::{face_set, inverted_sum, Combinatorics, DICE, ROLLS};
use super::strategy::{End, Strategy};
use super::turn::{Action, Turn};
use super::ScoreSheet;

/// One choice and what it is worth.
#[derive(Clone, Debug)]
pub struct Choice {
    /// Dice kept (all five when stopping).
    pub keep: Vec<u8>,
    /// Dice thrown again (none when stopping).
    pub reroll: Vec<u8>,
    /// When the choice is to stop: what gets written.
    pub stop: Option<End>,
    /// Expected points still to come in the game, this turn included.
    pub expected: f64,
}

/// The coach's answer.
#[derive(Clone, Debug)]
pub struct Advice {
    pub dice: Vec<u8>,
    pub inverted_sum: u32,
    pub rerolls_left: usize,
    /// Points on the sheet now (bonuses earned included).
    pub points_so_far: u32,
    /// Every choice, best first.
    pub choices: Vec<Choice>,
    /// With the best play from here: the chance of each way the turn ends, likeliest first.
    pub outcomes: Vec<(End, f64)>,
}

impl Advice {
    pub fn best(&self) -> &Choice {
        &self.choices[0]
    }

    /// The advice for people: the best choice, the runners-up, the outcomes.
    pub fn render(&self, alternatives: usize) -> String {
        let mut out = format!(
            "dice {} (inverted sum {}), {} reroll{} left, {} points on the sheet\n",
            digits(&self.dice),
            self.inverted_sum,
            self.rerolls_left,
            if self.rerolls_left == 1 { "" } else { "s" },
            self.points_so_far
        );
        for (i, c) in self.choices.iter().take(alternatives.max(1)).enumerate() {
            let label = if i == 0 { "best:" } else { "  or:" };
            out.push_str(&format!(
                "{label} {:<40} expected final score {:.2}\n",
                describe(c),
                self.points_so_far as f64 + c.expected
            ));
        }
        out.push_str("the turn then ends with\n");
        for (end, p) in &self.outcomes {
            out.push_str(&format!("  {:>6.2}%  {}\n", p * 100.0, describe_end(*end)));
        }
        out
    }
}

fn digits(dice: &[u8]) -> String {
    dice.iter().map(|d| char::from(b'0' + d)).collect()
}

/// A choice in words: "stop: score 9", "keep 35, reroll 3 dice".
pub fn describe(c: &Choice) -> String {
    match c.stop {
        Some(end) => format!("stop: {}", describe_end(end)),
        None if c.keep.is_empty() => "reroll all five dice".into(),
        None => format!(
            "keep {}, reroll {} {}",
            digits(&c.keep),
            c.reroll.len(),
            if c.reroll.len() == 1 { "die" } else { "dice" }
        ),
    }
}

pub fn describe_end(end: End) -> String {
    match end {
        End::Score(b) => format!("score {b}"),
        End::Zero(b) => format!("write 0 in box {b}"),
    }
}

/// Why the coach cannot advise on a position.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum CoachError {
    #[error("the sheet is full: the game is over")]
    SheetFull,
    #[error("{0} rerolls left: a turn has at most {max}", max = ROLLS - 1)]
    TooManyRerolls(usize),
    #[error("five dice are needed, {0} given")]
    WrongDice(usize),
}

impl crate::util::failure::Classify for CoachError {}

/// The coach's advice for `dice` with `rerolls_left` on `sheet`, from the strategy table.
pub fn advise(
    strategy: &Strategy,
    sheet: &ScoreSheet,
    dice: &[u8],
    rerolls_left: usize,
) -> Result<Advice, CoachError> {
    if sheet.is_full() {
        return Err(CoachError::SheetFull);
    }
    if rerolls_left >= ROLLS {
        return Err(CoachError::TooManyRerolls(rerolls_left));
    }
    if dice.len() != DICE || dice.iter().any(|d| !(1..=6).contains(d)) {
        return Err(CoachError::WrongDice(dice.len()));
    }
    let t = Combinatorics::get();
    let end = strategy.turn_end(sheet.position());
    let mut turn = Turn::<f64>::new();
    turn.solve(&end.payoff, &strategy.rules);
    let roll = t.roll_index(dice);
    let faces = face_set(dice);
    let choices = turn
        .choices(&end.payoff, &strategy.rules, roll, rerolls_left)
        .into_iter()
        .map(|(action, expected)| match action {
            Action::Stop => Choice {
                keep: dice.to_vec(),
                reroll: Vec::new(),
                stop: end.end[faces as usize],
                expected,
            },
            Action::Keep(k) => {
                let keep = t.dice_of(k);
                let mut reroll = dice.to_vec();
                for d in &keep {
                    let i = reroll.iter().position(|x| x == d).expect("a keep is part of the roll");
                    reroll.remove(i);
                }
                Choice { keep, reroll, stop: None, expected }
            }
        })
        .collect();
    let chances = turn.outcome_chances(&end.payoff, &strategy.rules, roll, rerolls_left);
    let mut outcomes: Vec<(End, f64)> = Vec::new();
    for (faces, &p) in chances.iter().enumerate() {
        if p > 0.0 {
            let e = end.end[faces].expect("a reachable face set has an ending");
            match outcomes.iter_mut().find(|(x, _)| *x == e) {
                Some(slot) => slot.1 += p,
                None => outcomes.push((e, p)),
            }
        }
    }
    outcomes.sort_by(|a, b| b.1.total_cmp(&a.1));
    Ok(Advice {
        dice: dice.to_vec(),
        inverted_sum: inverted_sum(faces),
        rerolls_left,
        points_so_far: sheet.total(),
        choices,
        outcomes,
    })
}
