//! The optimal solitaire strategy: backward induction over every score-sheet state.
//!
//! A state is which boxes are used and which bonus sections are still alive (no zero in
//! them). A section not yet touched is alive and a complete one no longer matters, so each
//! state is put in a canonical form and the standard sheet has 62 × 2046 × 62 ≈ 7.9 million
//! of them. A state's value is the expected final score still to come under optimal play:
//! the turn's dynamic program ([`Turn`]) where ending with a face set pays the box it scores
//! (plus a bonus it completes) plus the value of the state it leads to — or, on a miss, the
//! best box to cross out. States with more used boxes come first; each layer runs in
//! parallel (rayon), in chunks that check the budget and report progress, and within a chunk
//! [`LANES`] states' turns are solved side by side (see [`Lanes`]), in the widest vector
//! instructions the processor has: the full table takes about 4 s on two quiet cores and
//! under 8 s on two busy ones (BENCHMARKS.md).
//!
//! The table is saved as a small JSON header (format, rules, sheet) and the values as
//! little-endian `f64`, written atomically; loading checks that the header matches the
//! rules and sheet asked for, so a coach never advises from another game's table.

use super::roll::{inverted_sum, Lanes, LANES};
use super::turn::{Payoff, Turn};
use super::{Position, Rules, Sheet};
use crate::solve::{Budget, Exhausted};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How a turn ends for a face set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "box", rename_all = "kebab-case")]
pub enum End {
    /// The dice score this box.
    Score(u32),
    /// The player writes 0 in this box.
    Zero(u32),
}

/// What ending the turn pays in a state, and what gets written for each face set.
#[derive(Clone, Debug)]
pub struct TurnEnd {
    pub payoff: Payoff<f64>,
    pub end: [Option<End>; 64],
}

/// The values of every state of a sheet under some rules.
#[derive(Clone, Debug)]
pub struct Strategy {
    pub rules: Rules,
    pub sheet: Sheet,
    layout: Layout,
    values: Vec<f64>,
}

/// How states map to table slots.
#[derive(Clone, Debug)]
struct Layout {
    boxes: usize,
    /// Bits of the sheet's positions in each section.
    section_masks: Vec<u32>,
    /// For each box position, the sections it belongs to (bits).
    sections_of: Vec<u32>,
    /// For each face set a turn can end with, the box position on the sheet of its
    /// inverted sum (looked up once here, not summed again for every state).
    box_of_faces: [Option<usize>; 64],
    values_of_box: Vec<u32>,
    bonus: Vec<u32>,
}

impl Layout {
    fn new(sheet: &Sheet) -> Layout {
        let section_masks: Vec<u32> =
            (0..sheet.sections.len()).map(|s| sheet.section_mask(s)).collect();
        let sections_of = (0..sheet.boxes.len())
            .map(|i| {
                (0..section_masks.len())
                    .filter(|&s| section_masks[s] & (1 << i) != 0)
                    .map(|s| 1u32 << s)
                    .sum()
            })
            .collect();
        let mut box_of_faces = [None; 64];
        for (faces, slot) in box_of_faces.iter_mut().enumerate().take(63).skip(1) {
            let sum = inverted_sum(faces as u8);
            *slot = sheet.boxes.iter().position(|&b| b == sum);
        }
        Layout {
            boxes: sheet.boxes.len(),
            section_masks,
            sections_of,
            box_of_faces,
            values_of_box: sheet.boxes.clone(),
            bonus: sheet.sections.iter().map(|s| s.bonus).collect(),
        }
    }

    fn slots(&self) -> usize {
        1 << (self.boxes + self.section_masks.len())
    }

    fn canonical(&self, p: Position) -> Position {
        let mut alive = p.alive;
        for (s, &m) in self.section_masks.iter().enumerate() {
            if p.used & m == 0 {
                alive |= 1 << s;
            } else if p.used & m == m {
                alive &= !(1 << s);
            }
        }
        Position { used: p.used, alive }
    }

    fn slot(&self, p: Position) -> usize {
        self.canonical_slot(self.canonical(p))
    }

    /// The slot of a state already in canonical form.
    fn canonical_slot(&self, c: Position) -> usize {
        // The section bits come lowest, so the states with the same boxes used sit side by
        // side (eight of them in one cache line on the standard sheet): a state's successors
        // by a score and by a zero in the same box are then one memory access, not two.
        (c.alive | (c.used << self.section_masks.len())) as usize
    }

    /// Every canonical state with these boxes used.
    fn states_with(&self, used: u32, out: &mut Vec<Position>) {
        let mut fixed = 0;
        let mut free = Vec::new();
        for (s, &m) in self.section_masks.iter().enumerate() {
            if used & m == 0 {
                fixed |= 1 << s;
            } else if used & m != m {
                free.push(s);
            }
        }
        for choice in 0u32..(1 << free.len()) {
            let alive = free
                .iter()
                .enumerate()
                .filter(|(j, _)| choice & (1 << j) != 0)
                .fold(fixed, |a, (_, &s)| a | (1 << s));
            out.push(Position { used, alive });
        }
    }

    /// Writing in open box position `i` from state `p` (its points, or 0 when `zero`): the
    /// points it earns (a bonus it completes included) and the state it leads to.
    fn ending(&self, p: Position, i: usize, zero: bool) -> (u32, Position) {
        let step = self.step(self.canonical(p), i);
        if zero {
            (0, step.zeroed)
        } else {
            (step.points, step.scored)
        }
    }

    /// Writing in open box position `i` from the canonical state `p`. Only the sections of
    /// box `i` change, so the states after are canonical without another pass over the
    /// sections: the table's inner loop takes two steps for every open box of every state.
    fn step(&self, p: Position, i: usize) -> Step {
        let used = p.used | (1 << i);
        let touched = self.sections_of[i];
        let (mut completed, mut bonus) = (0, 0);
        let mut sections = touched;
        while sections != 0 {
            let s = sections.trailing_zeros() as usize;
            sections &= sections - 1;
            if used & self.section_masks[s] == self.section_masks[s] {
                completed |= 1 << s;
                if p.alive & (1 << s) != 0 {
                    bonus += self.bonus[s];
                }
            }
        }
        Step {
            points: self.values_of_box[i] + bonus,
            // A complete section no longer matters; a zero kills the sections it is in.
            scored: Position { used, alive: p.alive & !completed },
            zeroed: Position { used, alive: p.alive & !touched },
        }
    }

    /// What ending the turn pays in state `p`, given the values of the states after it (by
    /// table slot).
    fn turn_end(&self, rules: &Rules, p: Position, value_after: impl Fn(usize) -> f64) -> TurnEnd {
        let mut payoff = Payoff { value: [0.0; 64], available: [false; 64] };
        let mut end = [None; 64];
        self.each_end(rules, p, value_after, |faces, value, available, how| {
            payoff.value[faces] = value;
            payoff.available[faces] = available;
            end[faces] = Some(how);
        });
        TurnEnd { payoff, end }
    }

    /// The one place that decides how a turn ends in state `p`: for each face set five dice
    /// can show, `write(faces, value, available, end)` gets what ending with it is worth,
    /// whether it fits an open box, and what gets written. The table's inner loop calls this
    /// for every state, so it writes straight into the caller's buffers. `value_after` gives
    /// the value of the state in a table slot.
    #[inline]
    fn each_end(
        &self,
        rules: &Rules,
        p: Position,
        value_after: impl Fn(usize) -> f64,
        mut write: impl FnMut(usize, f64, bool, End),
    ) {
        let p = self.canonical(p);
        let mut score_value = [0.0f64; 32];
        let mut zero_best: Option<(f64, usize)> = None;
        for i in (0..self.boxes).filter(|&i| p.used & (1 << i) == 0) {
            let step = self.step(p, i);
            score_value[i] = step.points as f64 + value_after(self.canonical_slot(step.scored));
            let zero = value_after(self.canonical_slot(step.zeroed));
            if zero_best.is_none_or(|(best, _)| zero > best) {
                zero_best = Some((zero, i));
            }
        }
        let (zero, zero_box) = zero_best.expect("a turn is played only while a box is open");
        let zero_end = End::Zero(self.values_of_box[zero_box]);
        // Five dice show one to five faces: every set but the empty one and all six.
        for (faces, &target) in self.box_of_faces.iter().enumerate().take(63).skip(1) {
            match target.filter(|&i| p.used & (1 << i) == 0) {
                Some(i) if !(rules.free_zero && zero > score_value[i]) => {
                    write(faces, score_value[i], true, End::Score(self.values_of_box[i]))
                }
                Some(_) => write(faces, zero, true, zero_end),
                None => write(faces, zero, false, zero_end),
            }
        }
    }
}

/// Some states of one layer, to be solved from the values of the layers after it.
struct Chunk<'a> {
    layout: &'a Layout,
    rules: &'a Rules,
    table: &'a [f64],
    states: &'a [Position],
}

impl Chunk<'_> {
    /// Solves the chunk with the widest vector instructions this processor has. The program
    /// is built for any x86-64, whose vectors hold two `f64`; a [`Lanes`] step is one
    /// instruction with AVX-512 and two with AVX2 instead of four. The results are the same
    /// bit for bit: the same additions, divisions and maxima, in the same order (no
    /// fused multiply-add is enabled).
    fn solve_fastest(&self, turn: &mut Turn<Lanes>, out: &mut Vec<f64>) {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                // SAFETY: the processor was just asked whether it has these instructions.
                return unsafe { self.solve_avx512(turn, out) };
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: as above.
                return unsafe { self.solve_avx2(turn, out) };
            }
        }
        self.solve(turn, out)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn solve_avx512(&self, turn: &mut Turn<Lanes>, out: &mut Vec<f64>) {
        self.solve(turn, out)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn solve_avx2(&self, turn: &mut Turn<Lanes>, out: &mut Vec<f64>) {
        self.solve(turn, out)
    }

    /// Always inlined, so that each caller above compiles it for its own instructions.
    #[inline(always)]
    fn solve(&self, turn: &mut Turn<Lanes>, out: &mut Vec<f64>) {
        let mut payoff =
            Payoff { value: [Lanes([0.0; LANES]); 64], available: [[false; LANES]; 64] };
        for group in self.states.chunks(LANES) {
            // A short last group repeats its last state in the spare lanes.
            for lane in 0..LANES {
                let p = group[lane.min(group.len() - 1)];
                let after = |slot: usize| self.table[slot];
                self.layout.each_end(self.rules, p, after, |faces, value, fits, _| {
                    payoff.value[faces].0[lane] = value;
                    payoff.available[faces][lane] = fits;
                });
            }
            turn.solve(&payoff, self.rules);
            out.extend_from_slice(&turn.start.0[..group.len()]);
        }
    }
}

/// Writing in one box: what a score earns, and the canonical states after a score and after
/// a zero.
struct Step {
    points: u32,
    scored: Position,
    zeroed: Position,
}

/// Header of a saved table.
#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    version: u32,
    rules: Rules,
    sheet: Sheet,
    slots: usize,
}

const FORMAT: &str = "umpire inverted-dice strategy";
/// Version 2 put the section bits lowest in a state's slot (version 1: the boxes lowest).
const TABLE_VERSION: u32 = 2;

/// Why a table could not be loaded or saved.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum TableError {
    #[error("cannot read {path}: {why}")]
    #[diagnostic(
        code(umpire::dice::table),
        help("run `umpire dice optimal --recompute` to build it again")
    )]
    Unreadable { path: String, why: String },
    #[error("{path} is a table for other rules or another sheet")]
    #[diagnostic(
        code(umpire::dice::table_mismatch),
        help("give the same rule options as when it was computed, or recompute")
    )]
    Mismatch { path: String },
    #[error("cannot write {path}: {why}")]
    #[diagnostic(code(umpire::dice::table_write))]
    Unwritable { path: String, why: String },
}

impl crate::util::failure::Classify for TableError {}

impl Strategy {
    /// Computes every state's value. `progress` is told how many states each chunk finished.
    pub fn compute(
        rules: Rules,
        sheet: Sheet,
        budget: &Budget,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Strategy, Exhausted> {
        let layout = Layout::new(&sheet);
        let mut values = vec![0.0f64; layout.slots()];
        let mut by_used: Vec<Vec<u32>> = vec![Vec::new(); layout.boxes + 1];
        for used in 0u32..(1 << layout.boxes) {
            by_used[used.count_ones() as usize].push(used);
        }
        for level in (0..layout.boxes).rev() {
            let mut states = Vec::new();
            for &used in &by_used[level] {
                layout.states_with(used, &mut states);
            }
            let table = &values;
            let layout_ref = &layout;
            let chunks: Vec<Vec<f64>> = states
                .par_chunks(2048)
                .map_init(Turn::<Lanes>::new, |turn, chunk| {
                    if let Some(why) = budget.spent() {
                        return Err(why);
                    }
                    let mut out = Vec::with_capacity(chunk.len());
                    let job = Chunk { layout: layout_ref, rules: &rules, table, states: chunk };
                    job.solve_fastest(turn, &mut out);
                    progress(chunk.len() as u64);
                    Ok(out)
                })
                .collect::<Result<_, _>>()?;
            for (p, v) in states.iter().zip(chunks.into_iter().flatten()) {
                values[layout.slot(*p)] = v;
            }
        }
        Ok(Strategy { rules, sheet, layout, values })
    }

    /// How many states [`Strategy::compute`] evaluates (for a progress bar).
    pub fn state_count(sheet: &Sheet) -> u64 {
        let layout = Layout::new(sheet);
        let mut states = Vec::new();
        let mut count = 0;
        for used in 0u32..(1 << layout.boxes) {
            if used.count_ones() as usize == layout.boxes {
                continue;
            }
            states.clear();
            layout.states_with(used, &mut states);
            count += states.len() as u64;
        }
        count
    }

    /// The expected score still to come from this position under optimal play.
    pub fn value(&self, p: Position) -> f64 {
        self.values[self.layout.slot(p)]
    }

    /// The expected final score of optimal play from an empty sheet.
    pub fn expected_score(&self) -> f64 {
        let all_alive = (1u32 << self.sheet.sections.len()) - 1;
        self.value(Position { used: 0, alive: all_alive })
    }

    /// The expected points still to come from position `p` when the turn ends with `end`
    /// (which must name an open box): its points now plus optimal play after it.
    pub fn end_value(&self, p: Position, end: End) -> f64 {
        let (value, zero) = match end {
            End::Score(v) => (v, false),
            End::Zero(v) => (v, true),
        };
        let i = self.sheet.position(value).expect("the end names a box of the sheet");
        let (points, after) = self.layout.ending(p, i, zero);
        points as f64 + self.value(after)
    }

    /// What ending a turn pays from position `p` (which must have an open box).
    pub fn turn_end(&self, p: Position) -> TurnEnd {
        self.layout.turn_end(&self.rules, p, |slot| self.values[slot])
    }

    /// Where the table for these rules and this sheet is kept by default: the user's cache
    /// directory (`$XDG_CACHE_HOME`, else `~/.cache`), a file named by the options.
    pub fn default_path(rules: &Rules, sheet: &Sheet) -> PathBuf {
        let base = std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
            .unwrap_or_else(std::env::temp_dir);
        let key = serde_json::to_string(&(rules, sheet)).expect("plain data");
        // FNV-1a: a stable name for the same options on every run and version.
        let hash = key
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
        base.join("umpire").join(format!("inverted-dice-{hash:016x}.table"))
    }

    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        let header = Header {
            format: FORMAT.into(),
            version: TABLE_VERSION,
            rules: self.rules,
            sheet: self.sheet.clone(),
            slots: self.values.len(),
        };
        let mut bytes = serde_json::to_vec(&header).expect("plain data");
        bytes.push(b'\n');
        bytes.reserve(self.values.len() * 8);
        for v in &self.values {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        let unwritable = |e: std::io::Error| TableError::Unwritable {
            path: path.display().to_string(),
            why: e.to_string(),
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(unwritable)?;
        }
        crate::util::files::write_atomically(path, &bytes).map_err(unwritable)
    }

    /// Loads a saved table; `Ok(None)` when there is no file.
    pub fn load(path: &Path, rules: &Rules, sheet: &Sheet) -> Result<Option<Strategy>, TableError> {
        if !path.exists() {
            return Ok(None);
        }
        // The full sheet's table is 64 MB; anything far larger is not one (nor is /dev/zero).
        let bytes = crate::util::input::read_bytes(path, 256 << 20).map_err(|e| {
            TableError::Unreadable { path: path.display().to_string(), why: e.reason() }
        })?;
        let bad = |why: &str| TableError::Unreadable {
            path: path.display().to_string(),
            why: why.into(),
        };
        let split = bytes.iter().position(|&b| b == b'\n').ok_or_else(|| bad("no header"))?;
        let header: Header = serde_json::from_slice(&bytes[..split])
            .map_err(|_| bad("the header is not a strategy table's"))?;
        if header.format != FORMAT {
            return Err(bad("the header is not a strategy table's"));
        }
        if header.version < TABLE_VERSION {
            // An older umpire's table of the same game: computed again and written over,
            // as if it were not there (its values are the same, only laid out differently).
            return Ok(None);
        }
        if header.version != TABLE_VERSION {
            return Err(bad("not a strategy table of this version"));
        }
        if header.rules != *rules || header.sheet != *sheet {
            return Err(TableError::Mismatch { path: path.display().to_string() });
        }
        let layout = Layout::new(sheet);
        let body = &bytes[split + 1..];
        if header.slots != layout.slots() || body.len() != layout.slots() * 8 {
            return Err(bad("the file is cut short or has the wrong size"));
        }
        let values = body
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        Ok(Some(Strategy { rules: *rules, sheet: sheet.clone(), layout, values }))
    }
}
