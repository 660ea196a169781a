//! A score-sheet game for 1–5 players at the table, and robot games that follow the coach.
//!
//! Each turn: umpire rolls (seeded), or the player rolls real dice and types them; after each
//! roll the player types the dice to keep, `stop`, or `?` for the coach. At the end of the
//! turn the result is scored, or the player names the box to cross out. The game reads
//! lines from any input, so a whole game can be scripted (and is, in the tests).

use super::coach::advise;
use super::review::{review, Chosen, Decision, Review};
use super::roll::{face_set, inverted_sum, parse_dice, DICE, ROLLS};
use super::strategy::{End, Strategy};
use super::{Rules, ScoreSheet, Scoring, Sheet};
use crate::util::random::SplitMix64;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// Who rolls the dice.
#[derive(Clone, Copy, Debug)]
pub enum Dice {
    /// umpire rolls, from this seed.
    Seeded(u64),
    /// The players roll real dice and type what they show.
    Typed,
}

/// Why a game stopped before its end.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum PlayError {
    #[error("the input ended before the game did")]
    InputEnded,
    #[error("the game was abandoned")]
    Quit,
    #[error("the terminal failed: {0}")]
    Io(#[from] std::io::Error),
    #[error("a game needs 1 to 5 players, {0} given")]
    Players(usize),
    #[error("`{0}` is named twice: give each player a name of their own")]
    SameName(String),
    #[error("the saved game cannot be trusted: {0}")]
    Damaged(String),
    /// `undo` was typed: the game goes back a turn (handled by [`Table::play`], never
    /// returned by it).
    #[error("undo")]
    Undo,
}

/// A game as saved after every turn: enough to go on exactly where it stopped, with the
/// same dice a seeded game would have rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub format: u32,
    pub players: Vec<String>,
    pub rules: Rules,
    pub sheet: Sheet,
    /// The seeded dice's generator, where it stands; none for dice typed at the table.
    pub dice_state: Option<u64>,
    /// Each player's sheet: per box, the points written (0 for a crossed-out box).
    pub entries: Vec<Vec<Option<u32>>>,
    /// The turn to play next: its round (from 1; one past the last when the game is over)
    /// and seat.
    pub round: usize,
    pub seat: usize,
    /// Every choice made so far, for the review (absent in saves from before reviews).
    #[serde(default)]
    pub decisions: Vec<Decision>,
}

/// The format of [`SavedGame`] files this umpire writes and reads.
pub const SAVED_FORMAT: u32 = 1;

/// Called with the game after every turn, to save it.
pub type Saver<'a> = dyn FnMut(&SavedGame) -> std::io::Result<()> + 'a;

/// What can be typed at the table's questions.
const HELP: &str = "\
  at `keep which dice?`: the dice to keep, as digits (`35` keeps a 3 and a 5), `none` to
    throw them all again, `stop` to end the turn (when the rules allow it); Enter alone
    is asked again
  at a roll to type (--typed): the faces thrown, as digits, like `13356`
  at `which box?`: a box number; Enter scores the inverted sum when its box is open
  anywhere: `?` asks the coach, `sheet` shows every score sheet, `undo` plays the last
    finished turn again (taking back its box; seeded dice roll as they did), `help` shows
    this, `quit` leaves the game (a saved game goes on from the turn being played)";

impl crate::util::failure::Classify for PlayError {}

/// Where the coach's table for the game's rules and sheet comes from when a player first
/// asks (it may take a while; the writer is the table's, for a word meanwhile).
pub type CoachLoader<'a> = dyn FnMut(Rules, &Sheet, &mut dyn Write) -> Option<Strategy> + 'a;

/// The game: players, their sheets, the dice.
pub struct Table<'io> {
    pub rules: Rules,
    pub players: Vec<String>,
    pub sheets: Vec<ScoreSheet>,
    dice: Dice,
    rng: SplitMix64,
    /// The turn to play first (round from 1, seat).
    start: (usize, usize),
    saver: Option<&'io mut Saver<'io>>,
    input: &'io mut dyn BufRead,
    out: &'io mut dyn Write,
    coach: Option<Strategy>,
    /// Every choice made, in order (for the review).
    decisions: Vec<Decision>,
    /// The turn being played: round (from 1) and seat.
    now: (usize, usize),
}

impl<'io> Table<'io> {
    pub fn new(
        players: Vec<String>,
        rules: Rules,
        sheet: Sheet,
        dice: Dice,
        input: &'io mut dyn BufRead,
        out: &'io mut dyn Write,
    ) -> Result<Table<'io>, PlayError> {
        if players.is_empty() || players.len() > 5 {
            return Err(PlayError::Players(players.len()));
        }
        if let Some(twice) = crate::util::text::repeated_name(players.iter().map(String::as_str)) {
            return Err(PlayError::SameName(twice.to_string()));
        }
        let seed = match dice {
            Dice::Seeded(s) => s,
            Dice::Typed => 0,
        };
        let sheets = players.iter().map(|_| ScoreSheet::new(sheet.clone())).collect();
        Ok(Table {
            rules,
            players,
            sheets,
            dice,
            rng: SplitMix64::new(seed),
            start: (1, 0),
            saver: None,
            input,
            out,
            coach: None,
            decisions: Vec::new(),
            now: (1, 0),
        })
    }

    /// The table of a saved game, checked before it is trusted: the players, each sheet
    /// (only the box's points or 0 in a box), and as many boxes filled as turns played.
    pub fn resume(
        saved: SavedGame,
        input: &'io mut dyn BufRead,
        out: &'io mut dyn Write,
    ) -> Result<Table<'io>, PlayError> {
        let damaged = |why: String| PlayError::Damaged(why);
        if saved.format != SAVED_FORMAT {
            return Err(damaged(format!(
                "format {} (this umpire reads {SAVED_FORMAT})",
                saved.format
            )));
        }
        let dice = match saved.dice_state {
            Some(state) => Dice::Seeded(state),
            None => Dice::Typed,
        };
        let mut table =
            Table::new(saved.players.clone(), saved.rules, saved.sheet.clone(), dice, input, out)?;
        let rounds = saved.sheet.boxes.len();
        let (n, boxes) = (saved.players.len(), &saved.sheet.boxes);
        if saved.entries.len() != n || saved.seat >= n || !(1..=rounds + 1).contains(&saved.round) {
            return Err(damaged("the players, the round and the seat do not fit together".into()));
        }
        for (p, entries) in saved.entries.iter().enumerate() {
            if entries.len() != boxes.len() {
                return Err(damaged(format!(
                    "{}'s sheet has {} boxes, not {}",
                    saved.players[p],
                    entries.len(),
                    boxes.len()
                )));
            }
            for (b, e) in boxes.iter().zip(entries) {
                if e.is_some_and(|v| v != 0 && v != *b) {
                    return Err(damaged(format!(
                        "{}'s box {b} holds {}",
                        saved.players[p],
                        e.unwrap_or(0)
                    )));
                }
            }
            let played = saved.round - 1 + usize::from(p < saved.seat);
            if entries.iter().filter(|e| e.is_some()).count() != played.min(rounds) {
                return Err(damaged(format!(
                    "{}'s sheet does not have one box filled per turn played",
                    saved.players[p]
                )));
            }
            table.sheets[p].entries = entries.clone();
        }
        for d in &saved.decisions {
            d.check(&saved.sheet, n).map_err(damaged)?;
        }
        table.decisions = saved.decisions;
        table.start = (saved.round, saved.seat);
        Ok(table)
    }

    /// Where the table writes (for a word before the game goes on).
    pub fn out(&mut self) -> &mut dyn Write {
        self.out
    }

    /// Saves the game with `saver` after every turn.
    pub fn saving(mut self, saver: &'io mut Saver<'io>) -> Table<'io> {
        self.saver = Some(saver);
        self
    }

    /// Puts the sheets and the dice back as they were in `saved`.
    fn restore(&mut self, saved: &SavedGame) {
        for (sheet, entries) in self.sheets.iter_mut().zip(&saved.entries) {
            sheet.entries = entries.clone();
        }
        if let Some(state) = saved.dice_state {
            self.rng = SplitMix64::new(state);
        }
        self.decisions = saved.decisions.clone();
    }

    /// The game as it stands, with the turn to play next.
    fn snapshot(&self, round: usize, seat: usize) -> SavedGame {
        SavedGame {
            format: SAVED_FORMAT,
            players: self.players.clone(),
            rules: self.rules,
            sheet: self.sheets[0].sheet.clone(),
            dice_state: match self.dice {
                Dice::Seeded(_) => Some(self.rng.state()),
                Dice::Typed => None,
            },
            entries: self.sheets.iter().map(|s| s.entries.clone()).collect(),
            round,
            seat,
            decisions: self.decisions.clone(),
        }
    }

    /// Notes a choice of the turn being played, with the position it was made in.
    fn decided(&mut self, dice: &[u8], rerolls_left: usize, chosen: Chosen) {
        let (round, seat) = self.now;
        self.decisions.push(Decision {
            round,
            seat,
            entries: self.sheets[seat].entries.clone(),
            dice: dice.to_vec(),
            rerolls_left,
            chosen,
        });
    }

    /// The review of the choices made so far against the coach's strategy (loaded with
    /// `coach` if no player asked for it yet); none when the coach is not available.
    pub fn review(&mut self, coach: &mut CoachLoader<'_>) -> Option<Review> {
        if self.coach.is_none() {
            self.coach = coach(self.rules, &self.sheets[0].sheet, self.out);
        }
        let strategy = self.coach.as_ref()?;
        Some(review(strategy, &self.players, &self.decisions))
    }

    fn line(&mut self, prompt: &str) -> Result<String, PlayError> {
        loop {
            write!(self.out, "{prompt}")?;
            self.out.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                return Err(PlayError::InputEnded);
            }
            let line = line.trim().to_string();
            match line.as_str() {
                "quit" | "q" => return Err(PlayError::Quit),
                "undo" => return Err(PlayError::Undo),
                // At any question, the sheets or the help; then the question again.
                "sheet" => self.show_sheets()?,
                "help" => writeln!(self.out, "{HELP}")?,
                _ => return Ok(line),
            }
        }
    }

    fn throw(&mut self, n: usize) -> Result<Vec<u8>, PlayError> {
        match self.dice {
            Dice::Seeded(_) => Ok(throw(&mut self.rng, n)),
            Dice::Typed => loop {
                let text = self.line(&format!(
                    "roll {n} {} and type {}: ",
                    if n == 1 { "die" } else { "dice" },
                    if n == 1 { "it" } else { "them" }
                ))?;
                match parse_dice(&text, n..=n) {
                    Ok(d) => return Ok(d),
                    Err(e) => writeln!(self.out, "  {e}")?,
                }
            },
        }
    }

    /// Plays the whole game; returns the final totals.
    pub fn play(&mut self, coach: &mut CoachLoader<'_>) -> Result<Vec<u32>, PlayError> {
        let rounds = self.sheets[0].sheet.boxes.len();
        let n = self.players.len();
        let (mut round, mut p) = self.start;
        // The game at the start of each turn played, for `undo`.
        let mut history: Vec<SavedGame> = Vec::new();
        // Saved from the start, so a game left in its first turn is not lost.
        let saved = self.snapshot(round, p);
        if let Some(save) = self.saver.as_mut() {
            save(&saved)?;
        }
        while round <= rounds {
            history.push(self.snapshot(round, p));
            writeln!(
                self.out,
                "\n── round {round}/{rounds}: {} ({} points) ──",
                self.players[p],
                self.sheets[p].total()
            )?;
            self.now = (round, p);
            match self.turn(p, coach) {
                Ok(()) => {}
                Err(PlayError::Undo) => {
                    // Back to the start of the last turn finished (its entry is taken back,
                    // and seeded dice roll as they did), or of this one if none was.
                    let this = history.pop().expect("pushed above");
                    let first = history.is_empty();
                    let back = history.pop().unwrap_or(this);
                    self.restore(&back);
                    (round, p) = (back.round, back.seat);
                    if first {
                        writeln!(
                            self.out,
                            "No turn is finished yet: {}'s turn starts again.",
                            self.players[p]
                        )?;
                    } else {
                        writeln!(
                            self.out,
                            "Taken back: {}'s turn is played again.",
                            self.players[p]
                        )?;
                    }
                    let saved = self.snapshot(round, p);
                    if let Some(save) = self.saver.as_mut() {
                        save(&saved)?;
                    }
                    continue;
                }
                Err(e) => return Err(e),
            }
            (round, p) = if p + 1 == n { (round + 1, 0) } else { (round, p + 1) };
            let saved = self.snapshot(round, p);
            if let Some(save) = self.saver.as_mut() {
                save(&saved)?;
            }
        }
        let totals: Vec<u32> = self.sheets.iter().map(ScoreSheet::total).collect();
        writeln!(self.out, "\n── final scores ──")?;
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by_key(|&p| std::cmp::Reverse(totals[p]));
        for p in order {
            let bonuses: Vec<String> =
                self.sheets[p].bonuses().iter().map(|(n, b)| format!("{n} +{b}")).collect();
            let bonus_text = if bonuses.is_empty() {
                String::new()
            } else {
                format!(" (bonuses: {})", bonuses.join(", "))
            };
            writeln!(self.out, "{:>4}  {}{bonus_text}", totals[p], self.players[p])?;
        }
        // The rules: the highest total wins (they name no tie-break, so a tie is shared).
        if self.players.len() > 1 {
            let best = *totals.iter().max().expect("players");
            let winners: Vec<&str> = (0..self.players.len())
                .filter(|&p| totals[p] == best)
                .map(|p| self.players[p].as_str())
                .collect();
            match winners.as_slice() {
                [one] => writeln!(self.out, "{one} wins with {best} points.")?,
                many => {
                    writeln!(self.out, "{} share the win with {best} points.", many.join(" and "))?
                }
            }
        }
        Ok(totals)
    }

    /// Every player's sheet: each box with what is written in it (`·` open, `0` crossed out).
    fn show_sheets(&mut self) -> Result<(), PlayError> {
        for p in 0..self.players.len() {
            let s = &self.sheets[p];
            let boxes: Vec<String> = s
                .sheet
                .boxes
                .iter()
                .zip(&s.entries)
                .map(|(b, e)| match e {
                    Some(points) => format!("{b}:{points}"),
                    None => format!("{b}:·"),
                })
                .collect();
            writeln!(
                self.out,
                "  {} ({} points): {}",
                self.players[p],
                s.total(),
                boxes.join(" ")
            )?;
        }
        Ok(())
    }

    fn open_boxes(&self, p: usize) -> String {
        let s = &self.sheets[p];
        let open: Vec<String> =
            s.sheet.boxes.iter().filter(|&&b| s.is_open(b)).map(u32::to_string).collect();
        open.join(" ")
    }

    fn turn(&mut self, p: usize, coach: &mut CoachLoader<'_>) -> Result<(), PlayError> {
        writeln!(self.out, "open boxes: {}", self.open_boxes(p))?;
        let mut dice = self.throw(DICE)?;
        for rerolls_left in (0..ROLLS).rev() {
            dice.sort_unstable();
            let sum = inverted_sum(face_set(&dice));
            let open = self.sheets[p].is_open(sum);
            writeln!(
                self.out,
                "roll {}: {}  → inverted sum {sum}{}",
                ROLLS - rerolls_left,
                dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" "),
                if open { " (open)" } else { " (not open)" }
            )?;
            if rerolls_left == 0 || (open && self.rules.scoring == Scoring::Immediately) {
                break;
            }
            let keep = loop {
                let stop_hint = if self.rules.stop_early { ", `stop`" } else { "" };
                let answer = self.line(&format!(
                    "keep which dice? (digits, `none`{stop_hint}, `?` for the coach) "
                ))?;
                match answer.as_str() {
                    "?" => {
                        self.show_advice(p, &dice, rerolls_left, coach)?;
                        continue;
                    }
                    // An Enter alone is no choice: it would throw all five dice away.
                    "" => writeln!(
                        self.out,
                        "  type the dice to keep (like `{}`), `none` to throw all five{}",
                        dice.iter().take(2).map(u8::to_string).collect::<String>(),
                        if self.rules.stop_early { ", or `stop`" } else { "" }
                    )?,
                    "stop" | "all" if self.rules.stop_early => break None,
                    "none" | "-" => break Some(Vec::new()),
                    _ => match parse_dice(&answer, 0..=DICE).and_then(|k| keep_from(&dice, k)) {
                        Ok(k) if k.len() == DICE && !self.rules.stop_early => {
                            writeln!(self.out, "  these rules make you throw at least one die")?
                        }
                        Ok(k) if k.len() == DICE => break None,
                        Ok(k) => break Some(k),
                        Err(e) => writeln!(self.out, "  {e}")?,
                    },
                }
            };
            let chosen = match &keep {
                Some(k) => Chosen::Keep { keep: k.clone() },
                None => Chosen::Stop,
            };
            self.decided(&dice, rerolls_left, chosen);
            let Some(mut kept) = keep else { break };
            let thrown = self.throw(DICE - kept.len())?;
            kept.extend(thrown);
            dice = kept;
        }
        self.end_turn(p, &dice, coach)
    }

    fn show_advice(
        &mut self,
        p: usize,
        dice: &[u8],
        rerolls_left: usize,
        coach: &mut CoachLoader<'_>,
    ) -> Result<(), PlayError> {
        if self.coach.is_none() {
            self.coach = coach(self.rules, &self.sheets[0].sheet, self.out);
        }
        match &self.coach {
            Some(strategy) => match advise(strategy, &self.sheets[p], dice, rerolls_left) {
                Ok(a) => write!(self.out, "{}", a.render(3))?,
                Err(e) => writeln!(self.out, "  the coach cannot say: {e}")?,
            },
            None => writeln!(self.out, "  the coach is not available")?,
        }
        Ok(())
    }

    fn end_turn(
        &mut self,
        p: usize,
        dice: &[u8],
        coach: &mut CoachLoader<'_>,
    ) -> Result<(), PlayError> {
        let sum = inverted_sum(face_set(dice));
        let sheet = &self.sheets[p];
        if sheet.is_open(sum) && !self.rules.free_zero {
            self.sheets[p].write(sum, false).expect("the box is open");
            writeln!(self.out, "{}: {sum} points in box {sum}", self.players[p])?;
            return Ok(());
        }
        let open: Vec<u32> =
            sheet.sheet.boxes.iter().copied().filter(|&b| sheet.is_open(b)).collect();
        if let [only] = open[..] {
            // One box left: there is nothing to choose.
            let zero = only != sum;
            self.sheets[p].write(only, zero).expect("the box is open");
            let points = if zero { 0 } else { sum };
            writeln!(self.out, "{}: {points} in box {only}, the last open box", self.players[p])?;
            return Ok(());
        }
        let question = if sheet.is_open(sum) {
            format!("score {sum} (press Enter), or name a box to write 0 in: ")
        } else {
            format!(
                "{sum} is not open: which box gets a 0? ({}; `?` for the coach) ",
                self.open_boxes(p)
            )
        };
        loop {
            let answer = self.line(&question)?;
            if answer == "?" {
                self.show_advice(p, dice, 0, coach)?;
                continue;
            }
            if answer.is_empty() && self.sheets[p].is_open(sum) {
                self.decided(dice, 0, Chosen::Box { end: End::Score(sum) });
                self.sheets[p].write(sum, false).expect("the box is open");
                writeln!(self.out, "{}: {sum} points in box {sum}", self.players[p])?;
                return Ok(());
            }
            match answer.parse::<u32>() {
                Ok(b) if self.sheets[p].is_open(b) => {
                    self.decided(dice, 0, Chosen::Box { end: End::Zero(b) });
                    self.sheets[p].write(b, true).expect("the box is open");
                    writeln!(self.out, "{}: 0 in box {b}", self.players[p])?;
                    return Ok(());
                }
                _ => writeln!(self.out, "  `{answer}` is not an open box")?,
            }
        }
    }
}

/// `n` dice thrown from a seeded stream.
fn throw(rng: &mut SplitMix64, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.below(6) as u8 + 1).collect()
}

/// The kept dice, if they are among the roll.
fn keep_from(dice: &[u8], keep: Vec<u8>) -> Result<Vec<u8>, String> {
    let mut left = dice.to_vec();
    for d in &keep {
        match left.iter().position(|x| x == d) {
            Some(i) => {
                left.remove(i);
            }
            None => return Err(format!("there is no {d} left to keep among the dice")),
        }
    }
    Ok(keep)
}

/// Plays `games` solitaire games by the coach's best choices with seeded dice; returns the
/// final scores. Their average estimates the strategy's expected score independently of the
/// backward induction (only the coach's choices are shared).
pub fn robot_games(strategy: &Strategy, games: usize, seed: u64) -> Vec<u32> {
    let mut rng = SplitMix64::new(seed);
    (0..games)
        .map(|_| {
            let mut sheet = ScoreSheet::new(strategy.sheet.clone());
            while !sheet.is_full() {
                let mut dice = throw(&mut rng, DICE);
                dice.sort_unstable();
                let mut rerolls_left = ROLLS - 1;
                let end = loop {
                    let advice =
                        advise(strategy, &sheet, &dice, rerolls_left).expect("a legal position");
                    let best = advice.best();
                    if let Some(end) = best.stop {
                        break end;
                    }
                    let mut next = best.keep.clone();
                    next.extend(throw(&mut rng, best.reroll.len()));
                    next.sort_unstable();
                    dice = next;
                    rerolls_left -= 1;
                };
                match end {
                    End::Score(b) => sheet.write(b, false),
                    End::Zero(b) => sheet.write(b, true),
                }
                .expect("the coach names an open box");
            }
            sheet.total()
        })
        .collect()
}
