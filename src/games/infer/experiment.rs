//! Experiments: what is on the table, and the relations a Law may speak of.
//!
//! An experiment is a set of stacks on a square grid; a stack is one or more dice, bottom
//! to top. Rulings (RULINGS.md, I1–I4): two dice touch when one sits directly on the other,
//! or when they stand side by side — in orthogonally adjacent cells at the same height
//! (diagonal neighbours do not touch); only the top die of a stack shows its face (the dice
//! under it keep their colour); a line is a straight run of adjacent occupied cells in a row
//! or a column, read from above (the top dice), in both directions.

use petgraph::unionfind::UnionFind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A cardinal direction, relative to the rest of the experiment (row 0 is north).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    North,
    South,
    East,
    West,
}

impl Direction {
    pub const ALL: [Direction; 4] =
        [Direction::North, Direction::South, Direction::East, Direction::West];

    pub fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::South => "south",
            Direction::East => "east",
            Direction::West => "west",
        }
    }
}

/// One die as placed: its colour, its top face, its cell and its height in the stack
/// (0 = on the table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    pub colour: String,
    pub face: u8,
    pub row: i32,
    pub col: i32,
    pub level: u32,
}

/// An experiment: its dice, ordered by cell then height.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Experiment {
    pub dice: Vec<Die>,
}

/// The dice available: colours (full names, lowercase) and how many of each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Supply {
    pub colours: Vec<(String, u32)>,
}

impl Default for Supply {
    /// The game's box: 20 dice in each of three colours.
    fn default() -> Self {
        Supply { colours: ["red", "blue", "white"].iter().map(|c| (c.to_string(), 20)).collect() }
    }
}

impl Supply {
    /// Reads `red:20,blue:20,white:20,orange:20` (a count may be left out: 20).
    pub fn parse(text: &str) -> Result<Supply, ExperimentError> {
        let mut colours = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, count) = match part.split_once(':') {
                Some((n, c)) => (
                    n.trim(),
                    c.trim().parse::<u32>().map_err(|_| {
                        ExperimentError::plain(format!("`{c}` is not a number of dice"))
                    })?,
                ),
                None => (part, 20),
            };
            let name = colour_name(name).ok_or_else(|| {
                ExperimentError::plain(format!(
                    "`{name}` is not a colour umpire knows ({})",
                    COLOURS.join(", ")
                ))
            })?;
            colours.push((name.to_string(), count));
        }
        if colours.is_empty() {
            return Err(ExperimentError::plain("a supply needs at least one colour".into()));
        }
        Ok(Supply { colours })
    }

    pub fn has(&self, colour: &str) -> bool {
        self.colours.iter().any(|(c, _)| c == colour)
    }
}

/// Colours a die may have. Each has a one-letter abbreviation: its first letter, except
/// `k` for black (`b` is blue).
pub const COLOURS: [&str; 8] =
    ["red", "blue", "white", "orange", "green", "yellow", "black", "purple"];

fn abbreviation(colour: &str) -> char {
    match colour {
        "black" => 'k',
        c => c.chars().next().expect("a colour name"),
    }
}

/// The full name of a colour from its name or its letter.
pub fn colour_name(text: &str) -> Option<&'static str> {
    let t = text.trim().to_lowercase();
    COLOURS.iter().copied().find(|c| *c == t || (t.len() == 1 && abbreviation(c).to_string() == t))
}

/// An experiment that cannot be read or built.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
#[diagnostic(code(umpire::infer::experiment))]
pub struct ExperimentError {
    pub message: String,
    #[label("here")]
    pub span: Option<miette::SourceSpan>,
    #[help]
    pub help: Option<String>,
}

impl crate::util::failure::Classify for ExperimentError {}

impl ExperimentError {
    fn plain(message: String) -> Self {
        ExperimentError { message, span: None, help: None }
    }
}

const NOTATION_HELP: &str = "rows split by `/`, cells by spaces: `r3 b4 . w1+o2 / . b5` (a die is a colour letter and a face; `+` stacks, bottom first; `.` is an empty cell; `null` is no dice)";

impl Experiment {
    /// Reads the text notation (`grammar/infer-experiment.ebnf`).
    pub fn parse(text: &str) -> Result<Experiment, ExperimentError> {
        let trimmed = text.trim();
        if trimmed.starts_with('{') {
            return Experiment::from_json(trimmed);
        }
        if trimmed.is_empty() || trimmed.eq_ignore_ascii_case("null") || trimmed == "-" {
            return Ok(Experiment::default());
        }
        let mut dice = Vec::new();
        let mut offset = text.len() - text.trim_start().len();
        for (row, line) in trimmed.split(['/', '\n']).enumerate() {
            let mut col = 0;
            let mut pos = 0;
            for cell in line.split(' ') {
                let at = offset + pos;
                pos += cell.len() + 1;
                let cell = cell.trim();
                if cell.is_empty() {
                    continue;
                }
                if cell != "." {
                    for (level, die) in cell.split('+').enumerate() {
                        let (colour, face) = parse_die(die).ok_or_else(|| ExperimentError {
                            message: format!("`{die}` is not a die"),
                            span: Some((at, cell.len()).into()),
                            help: Some(NOTATION_HELP.into()),
                        })?;
                        dice.push(Die {
                            colour: colour.into(),
                            face,
                            row: row as i32,
                            col,
                            level: level as u32,
                        });
                    }
                }
                col += 1;
            }
            offset += line.len() + 1;
        }
        Ok(Experiment::from_dice(dice))
    }

    /// Reads the JSON form `{"dice": [{"colour": "red", "face": 3, "row": 0, "col": 0,
    /// "level": 0}, …]}`, as `umpire infer show --json` prints it (a covered die's `face`
    /// may be null: no Law reads it; other fields are ignored).
    pub fn from_json(text: &str) -> Result<Experiment, ExperimentError> {
        #[derive(Deserialize)]
        struct JsonDie {
            colour: String,
            face: Option<u8>,
            row: i32,
            col: i32,
            #[serde(default)]
            level: u32,
        }
        #[derive(Deserialize)]
        struct JsonExperiment {
            dice: Vec<JsonDie>,
        }
        let read: JsonExperiment = serde_json::from_str(text).map_err(|e| ExperimentError {
            message: format!("not an experiment in JSON: {e}"),
            span: None,
            help: Some("like {\"dice\": [{\"colour\": \"red\", \"face\": 3, \"row\": 0, \"col\": 0, \"level\": 0}]}".into()),
        })?;
        let mut dice = Vec::new();
        for d in read.dice {
            let colour = colour_name(&d.colour).ok_or_else(|| {
                ExperimentError::plain(format!(
                    "`{}` is not a colour umpire knows ({})",
                    d.colour,
                    COLOURS.join(", ")
                ))
            })?;
            dice.push(Die {
                colour: colour.to_string(),
                face: d.face.unwrap_or(1),
                row: d.row,
                col: d.col,
                level: d.level,
            });
        }
        let x = Experiment::from_dice(dice);
        for (i, d) in x.dice.iter().enumerate() {
            if x.dice[..i].iter().any(|e| (e.row, e.col, e.level) == (d.row, d.col, d.level)) {
                return Err(ExperimentError::plain(format!(
                    "two dice at row {} column {} height {}",
                    d.row, d.col, d.level
                )));
            }
        }
        Ok(x)
    }

    /// An experiment from dice in any order; cells and heights are taken as given.
    pub fn from_dice(mut dice: Vec<Die>) -> Experiment {
        dice.sort_by_key(|d| (d.row, d.col, d.level));
        Experiment { dice }
    }

    /// Checks that stacks have no gaps or doubled heights and that the supply suffices.
    pub fn validate(&self, supply: &Supply) -> Result<(), ExperimentError> {
        for (cell, stack) in self.stacks() {
            for (i, &d) in stack.iter().enumerate() {
                if self.dice[d].level != i as u32 {
                    return Err(ExperimentError::plain(format!(
                        "the stack at row {} column {} has a gap or two dice at one height",
                        cell.0 + 1,
                        cell.1 + 1
                    )));
                }
            }
        }
        for d in &self.dice {
            if !(1..=6).contains(&d.face) {
                return Err(ExperimentError::plain(format!(
                    "a die shows {}: faces are 1–6",
                    d.face
                )));
            }
            if !supply.has(&d.colour) {
                return Err(ExperimentError::plain(format!(
                    "there are no {} dice in the supply",
                    d.colour
                )));
            }
        }
        for (colour, count) in &supply.colours {
            let used = self.dice.iter().filter(|d| &d.colour == colour).count();
            if used > *count as usize {
                return Err(ExperimentError::plain(format!(
                    "{used} {colour} dice, but the supply has {count}"
                )));
            }
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.dice.len()
    }

    pub fn is_empty(&self) -> bool {
        self.dice.is_empty()
    }

    /// The stacks by cell: die indices, bottom to top.
    pub fn stacks(&self) -> BTreeMap<(i32, i32), Vec<usize>> {
        let mut stacks: BTreeMap<(i32, i32), Vec<usize>> = BTreeMap::new();
        for (i, d) in self.dice.iter().enumerate() {
            stacks.entry((d.row, d.col)).or_default().push(i);
        }
        stacks
    }

    /// Whether die `i` shows its face (nothing on top of it).
    pub fn visible(&self, i: usize) -> bool {
        let d = &self.dice[i];
        !self.dice.iter().any(|e| e.row == d.row && e.col == d.col && e.level > d.level)
    }

    /// The face a Law may read: `None` for a die under another.
    pub fn face(&self, i: usize) -> Option<u8> {
        self.visible(i).then_some(self.dice[i].face)
    }

    /// Whether die `i` is part of a stack of two or more.
    pub fn stacked(&self, i: usize) -> bool {
        let d = &self.dice[i];
        self.dice.iter().any(|e| e.row == d.row && e.col == d.col && e.level != d.level)
    }

    /// Whether die `i` lies toward `direction` (Compass Rose, ruling I9): in the experiment's
    /// outermost row or column that way, with some die further the other way.
    pub fn toward(&self, i: usize, direction: Direction) -> bool {
        use Direction::*;
        let rows = self.dice.iter().map(|d| d.row);
        let cols = self.dice.iter().map(|d| d.col);
        let (min_row, max_row) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
        let (min_col, max_col) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
        let d = &self.dice[i];
        match direction {
            North => d.row == min_row && max_row > min_row,
            South => d.row == max_row && max_row > min_row,
            West => d.col == min_col && max_col > min_col,
            East => d.col == max_col && max_col > min_col,
        }
    }

    /// Whether two dice touch (ruling I1).
    pub fn touch(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.dice[i], &self.dice[j]);
        let same_cell = a.row == b.row && a.col == b.col;
        let side_by_side = (a.row - b.row).abs() + (a.col - b.col).abs() == 1 && a.level == b.level;
        (same_cell && a.level.abs_diff(b.level) == 1) || side_by_side
    }

    /// The groups: connected components of touching dice, each sorted, largest first.
    pub fn groups(&self) -> Vec<Vec<usize>> {
        self.groups_among(&(0..self.len()).collect::<Vec<_>>())
    }

    /// The groups the dice `among` form by touching each other (other dice do not connect them).
    pub fn groups_among(&self, among: &[usize]) -> Vec<Vec<usize>> {
        let mut sets = UnionFind::<usize>::new(among.len());
        for a in 0..among.len() {
            for b in a + 1..among.len() {
                if self.touch(among[a], among[b]) {
                    sets.union(a, b);
                }
            }
        }
        let mut by_root: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (k, &i) in among.iter().enumerate() {
            by_root.entry(sets.find(k)).or_default().push(i);
        }
        let mut groups: Vec<Vec<usize>> = by_root.into_values().collect();
        groups.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        groups
    }

    /// The lines: maximal straight runs of two or more adjacent occupied cells in a row or a
    /// column, as the top dice in order (a line reads the same both ways, so one direction).
    pub fn lines(&self) -> Vec<Vec<usize>> {
        let stacks = self.stacks();
        let top = |cell: &(i32, i32)| stacks.get(cell).and_then(|s| s.last().copied());
        let mut lines = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0)] {
            for cell in stacks.keys() {
                if top(&(cell.0 - dr, cell.1 - dc)).is_some() {
                    continue; // not the start of a run
                }
                let mut run = Vec::new();
                let mut at = *cell;
                while let Some(d) = top(&at) {
                    run.push(d);
                    at = (at.0 + dr, at.1 + dc);
                }
                if run.len() >= 2 {
                    lines.push(run);
                }
            }
        }
        lines
    }

    /// The experiment made of just the dice `keep` (indices in order), where they stand.
    pub fn part(&self, keep: &[usize]) -> Experiment {
        Experiment::from_dice(keep.iter().map(|&i| self.dice[i].clone()).collect())
    }
    /// The experiment in words, as the table sees it: its groups of touching dice and its
    /// lines, each die by colour and visible face ("white (face hidden)" under another).
    pub fn describe(&self) -> String {
        let name = |i: usize| match self.face(i) {
            Some(f) => format!("{} {f}", self.dice[i].colour),
            None => format!("{} (face hidden)", self.dice[i].colour),
        };
        let list = |ids: &[usize]| ids.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ");
        let mut out = String::new();
        for (k, g) in self.groups().iter().enumerate() {
            out += &format!("  group {}: {}\n", k + 1, list(g));
        }
        for line in self.lines() {
            out += &format!("  line: {}\n", list(&line));
        }
        out
    }

    /// The text notation, normalised: rows from the top-left occupied corner.
    pub fn notation(&self) -> String {
        if self.is_empty() {
            return "null".into();
        }
        let stacks = self.stacks();
        let (r0, r1) = (
            self.dice.iter().map(|d| d.row).min().unwrap_or(0),
            self.dice.iter().map(|d| d.row).max().unwrap_or(0),
        );
        let (c0, c1) = (
            self.dice.iter().map(|d| d.col).min().unwrap_or(0),
            self.dice.iter().map(|d| d.col).max().unwrap_or(0),
        );
        let mut rows = Vec::new();
        for r in r0..=r1 {
            let mut cells = Vec::new();
            for c in c0..=c1 {
                cells.push(match stacks.get(&(r, c)) {
                    Some(stack) => stack
                        .iter()
                        .map(|&i| {
                            format!("{}{}", abbreviation(&self.dice[i].colour), self.dice[i].face)
                        })
                        .collect::<Vec<_>>()
                        .join("+"),
                    None => ".".into(),
                });
            }
            while cells.last().is_some_and(|c| c == ".") {
                cells.pop();
            }
            rows.push(cells.join(" "));
        }
        rows.join(" / ")
    }
}

fn parse_die(text: &str) -> Option<(&'static str, u8)> {
    let split = text.find(|c: char| c.is_ascii_digit())?;
    let (colour, face) = text.split_at(split);
    let face: u8 = face.parse().ok()?;
    ((1..=6).contains(&face)).then_some(())?;
    Some((colour_name(colour)?, face))
}
