//! Inverted Dice: exact odds, a coach, and the optimal solitaire strategy.
//!
//! - [`roll`]: rolls as multisets, the inverted sum, the first-roll table, exact fractions.
//! - [`turn`]: one turn solved by a dynamic program over rolls and keeps.
//! - [`strategy`]: backward induction over every score-sheet state, saved to a table file.
//! - [`coach`]: the best choice for a position, its expected value, the chance of each outcome.
//! - [`play`]: a score-sheet game for 1–5 players at the table.
//! - [`review`]: after a game, each choice that cost expected points against the strategy.
//! - [`plot`]: SVG pictures of the odds.
//!
//! # Where the constraint core fits, and where it does not
//! The shared core (`crate::solve`) is a SAT solver with counting; Inverted Dice asks for
//! expectations and maxima over a small, fully known tree of chance, which no constraint
//! encoding represents better than the tree itself. So the odds and the strategy are
//! dedicated dynamic programs here (exact fractions for the odds, `f64` for expected scores),
//! and what the module takes from the core is its [`Budget`](crate::solve::Budget): the
//! strategy computation checks it between chunks of work, so a time limit or Ctrl-C stops
//! it with [`Exhausted`](crate::solve::Exhausted) instead of a half-filled table.
//!
//! # Rule options
//! The published rules leave three points open; each is a [`Rules`] field, and RULINGS.md
//! (D1–D6) gives the defaults and the reasons.

pub mod coach;
pub mod play;
pub mod plot;
pub mod review;
pub mod roll;
pub mod strategy;
pub mod turn;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

/// When a result that fits an open box is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// The dice are scored when the turn ends (the player stops, or after the third roll).
    AtStop,
    /// The moment a roll shows a result that fits an open box, it is scored and the turn ends.
    Immediately,
}

/// The three points the rules leave open (rulings D2–D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// A player may end the turn before the third roll. When not, rolls two and three must
    /// each throw at least one die.
    pub stop_early: bool,
    pub scoring: Scoring,
    /// At the end of the turn a player may write 0 in an open box of their choice even when
    /// the dice fit an open box.
    pub free_zero: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { stop_early: true, scoring: Scoring::AtStop, free_zero: false }
    }
}

/// A bonus section: all its boxes scored (none zeroed) earns the bonus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    pub name: String,
    pub boxes: Vec<u32>,
    pub bonus: u32,
}

/// The boxes of a score sheet and its bonus sections.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// Box values (the inverted sum each box takes), ascending.
    pub boxes: Vec<u32>,
    pub sections: Vec<Section>,
}

/// The lowest and highest inverted sums five dice can show.
pub const RESULTS: std::ops::RangeInclusive<u32> = 1..=20;

impl Sheet {
    /// The published sheet: boxes 1–20; 50 points each for 1–5, 6–15 and 16–20 complete.
    pub fn standard() -> Sheet {
        Sheet::with_boxes(RESULTS.collect(), true).expect("1-20 is a valid sheet")
    }

    /// A sheet with only some of the boxes (for study, and for tests small enough to check
    /// by brute force). With `bonuses`, each published section keeps its 50 points for the
    /// boxes of it that the sheet has.
    pub fn with_boxes(mut boxes: Vec<u32>, bonuses: bool) -> Result<Sheet, String> {
        boxes.sort_unstable();
        boxes.dedup();
        if boxes.is_empty() {
            return Err("a sheet needs at least one box".into());
        }
        if let Some(b) = boxes.iter().find(|b| !RESULTS.contains(b)) {
            return Err(format!("there is no box {b}: inverted sums run from 1 to 20"));
        }
        let mut sections = Vec::new();
        if bonuses {
            for (name, range) in [("low", 1..=5), ("middle", 6..=15), ("high", 16..=20)] {
                let in_sheet: Vec<u32> =
                    boxes.iter().copied().filter(|b| range.contains(b)).collect();
                if !in_sheet.is_empty() {
                    sections.push(Section { name: name.into(), boxes: in_sheet, bonus: 50 });
                }
            }
        }
        Ok(Sheet { boxes, sections })
    }

    /// The position of box `value` on this sheet.
    pub fn position(&self, value: u32) -> Option<usize> {
        self.boxes.iter().position(|&b| b == value)
    }

    fn section_mask(&self, s: usize) -> u32 {
        self.sections[s]
            .boxes
            .iter()
            .map(|&b| 1u32 << self.position(b).expect("section boxes are on the sheet"))
            .sum()
    }

    /// The best score possible: every box and every bonus.
    pub fn maximum(&self) -> u32 {
        self.boxes.iter().sum::<u32>() + self.sections.iter().map(|s| s.bonus).sum::<u32>()
    }
}

/// Reads a list of boxes like `1-6,8,10-12`.
pub fn parse_box_list(text: &str) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let number =
            |t: &str| t.trim().parse::<u32>().map_err(|_| format!("`{t}` is not a box number"));
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if a > b || b > 20 {
                    return Err(format!("`{part}` is not a range of boxes within 1-20"));
                }
                out.extend(a..=b);
            }
            None => out.push(number(part)?),
        }
    }
    if let Some(b) = out.iter().find(|b| !RESULTS.contains(b)) {
        return Err(format!("there is no box {b}: boxes run from 1 to 20"));
    }
    Ok(out)
}

/// What the strategy needs to know of a sheet in play: which boxes are used, and which
/// sections can still earn their bonus (no zero in them yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Bit `i`: the sheet's box `i` is used (scored or zeroed).
    pub used: u32,
    /// Bit `s`: section `s` has no zero.
    pub alive: u32,
}

/// A player's score sheet: what is written in each box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreSheet {
    pub sheet: Sheet,
    /// Per box position: the points written, if any (0 for a crossed-out box).
    pub entries: Vec<Option<u32>>,
}

impl ScoreSheet {
    pub fn new(sheet: Sheet) -> ScoreSheet {
        let n = sheet.boxes.len();
        ScoreSheet { sheet, entries: vec![None; n] }
    }

    /// A sheet with some boxes scored and some zeroed.
    pub fn with(sheet: Sheet, scored: &[u32], zeroed: &[u32]) -> Result<ScoreSheet, String> {
        let mut s = ScoreSheet::new(sheet);
        for (&b, zero) in scored.iter().map(|b| (b, false)).chain(zeroed.iter().map(|b| (b, true)))
        {
            let pos = s.sheet.position(b).ok_or_else(|| format!("box {b} is not on the sheet"))?;
            if s.entries[pos].is_some() {
                return Err(format!("box {b} is given twice"));
            }
            s.entries[pos] = Some(if zero { 0 } else { b });
        }
        Ok(s)
    }

    pub fn position(&self) -> Position {
        let used = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_some())
            .map(|(i, _)| 1u32 << i)
            .sum();
        let alive = (0..self.sheet.sections.len())
            .filter(|&s| {
                self.sheet.sections[s]
                    .boxes
                    .iter()
                    .all(|&b| self.entries[self.sheet.position(b).unwrap()] != Some(0))
            })
            .map(|s| 1u32 << s)
            .sum();
        Position { used, alive }
    }

    pub fn is_open(&self, value: u32) -> bool {
        self.sheet.position(value).is_some_and(|p| self.entries[p].is_none())
    }

    pub fn is_full(&self) -> bool {
        self.entries.iter().all(Option::is_some)
    }

    /// Bonuses earned so far: (section name, points).
    pub fn bonuses(&self) -> Vec<(String, u32)> {
        self.sheet
            .sections
            .iter()
            .filter(|s| {
                s.boxes
                    .iter()
                    .all(|&b| self.entries[self.sheet.position(b).unwrap()].is_some_and(|p| p > 0))
            })
            .map(|s| (s.name.clone(), s.bonus))
            .collect()
    }

    pub fn total(&self) -> u32 {
        self.entries.iter().flatten().sum::<u32>() + self.bonuses().iter().map(|b| b.1).sum::<u32>()
    }

    /// Writes the points for box `value`: its value, or 0.
    pub fn write(&mut self, value: u32, zero: bool) -> Result<(), String> {
        let pos = self
            .sheet
            .position(value)
            .ok_or_else(|| format!("there is no box {value} on the sheet"))?;
        if self.entries[pos].is_some() {
            return Err(format!("box {value} is already used"));
        }
        self.entries[pos] = Some(if zero { 0 } else { value });
        Ok(())
    }

    /// The sheet as a table: box, points.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (i, &b) in self.sheet.boxes.iter().enumerate() {
            let cell = match self.entries[i] {
                None => "·".to_string(),
                Some(0) => "0 ✗".to_string(),
                Some(p) => p.to_string(),
            };
            out.push_str(&format!("{b:>3} │ {cell}\n"));
        }
        for (name, bonus) in self.bonuses() {
            out.push_str(&format!("bonus {name}: {bonus}\n"));
        }
        out.push_str(&format!("total {}\n", self.total()));
        out
    }
}
