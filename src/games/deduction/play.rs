//! A seeded game of Deduction: umpire deals, draws the coins and plays the computer seats,
//! which ask the question the advisor rates best and announce only when the solver is certain.
//! One seat may be a person at the keyboard.

use super::log::{Answer, Entry, Event, Log};
use super::solve::{advise, notebook, solve};
use super::{deal_for, parse_attribute, parse_tile, tile_name, Attribute, TILES};
use crate::solve::Budget;
use crate::util::random::SplitMix64;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::rc::Rc;
use std::time::Duration;

/// A game as saved after each answer the person gives: its setup and those answers. The deal,
/// the coins and the computer's play follow from the seed, so replaying the answers brings the
/// game back exactly where it was; each replayed answer must be accepted again, so a save that
/// does not fit its game is refused, never half played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub format: u32,
    pub players: Vec<String>,
    /// The seat the person plays.
    pub human: Option<usize>,
    pub seed: u64,
    pub max_turns: usize,
    /// The person's answers, in order: questions, tiles shown, announcements (empty: pass).
    pub answers: Vec<String>,
}

/// The format of [`SavedGame`] files this umpire writes and reads.
pub const SAVED_FORMAT: u32 = 1;

/// Called with the game after each answer the person gives, to save it.
pub type Saver<'a> = dyn FnMut(&SavedGame) -> std::io::Result<()> + 'a;

/// Why a game could not go on.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum PlayError {
    #[error("the terminal failed: {0}")]
    Io(#[from] std::io::Error),
    #[error("the saved game cannot be trusted: {0}")]
    Damaged(String),
    /// The person typed `quit` or the input ended (handled inside the game, never returned).
    #[error("the game was stopped")]
    Stopped,
}

impl crate::util::failure::Classify for PlayError {}

/// The person's side of the keyboard: lines typed, or first the answers of a saved game
/// replayed (shown after their prompts, as if typed), and every answer given, saved.
struct Keyboard<'a> {
    input: &'a mut dyn BufRead,
    /// Cleared while saved answers are replayed (see [`Transcript`]).
    live: Rc<Cell<bool>>,
    replay: VecDeque<String>,
    /// A replayed answer read but not yet accepted.
    pending: Option<String>,
    game: SavedGame,
    save: Option<&'a mut Saver<'a>>,
}

impl Keyboard<'_> {
    /// The next line at `prompt`; `quit` or the end of the input stops the game.
    fn read(&mut self, output: &mut dyn Write, prompt: &str) -> Result<String, PlayError> {
        self.refuse_pending()?;
        self.live.set(self.replay.is_empty());
        write!(output, "{prompt}")?;
        if let Some(line) = self.replay.pop_front() {
            writeln!(output, "{line}")?;
            self.pending = Some(line.clone());
            return Ok(line);
        }
        output.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Err(PlayError::Stopped);
        }
        match line.trim() {
            "quit" | "q" => Err(PlayError::Stopped),
            answer => Ok(answer.to_string()),
        }
    }

    /// The line just read is the person's answer: it is kept, and saved once live.
    fn accept(&mut self, line: &str) -> Result<(), PlayError> {
        self.pending = None;
        self.game.answers.push(line.to_string());
        if self.replay.is_empty() {
            if let Some(save) = self.save.as_mut() {
                save(&self.game)?;
            }
        }
        Ok(())
    }

    /// A replayed answer the game did not take: the save is not this game's.
    fn refuse_pending(&self) -> Result<(), PlayError> {
        match &self.pending {
            Some(line) => Err(PlayError::Damaged(format!(
                "answer {} (`{line}`) does not fit the game at that point",
                self.game.answers.len() + 1
            ))),
            None => Ok(()),
        }
    }

    /// The game is over: every saved answer must have been used.
    fn finished(&self) -> Result<(), PlayError> {
        self.refuse_pending()?;
        match self.replay.len() {
            0 => {
                self.live.set(true);
                Ok(())
            }
            left => Err(PlayError::Damaged(format!(
                "the game ends before its last {left} saved answer{}",
                if left == 1 { "" } else { "s" }
            ))),
        }
    }
}

/// The game's transcript, held back while a saved game's answers are replayed, so a save
/// that turns out not to fit its game shows nothing; written out once the replay is through.
struct Transcript<'a> {
    out: &'a mut dyn Write,
    held: Vec<u8>,
    live: Rc<Cell<bool>>,
}

impl Write for Transcript<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if !self.live.get() {
            self.held.extend_from_slice(bytes);
            return Ok(bytes.len());
        }
        if !self.held.is_empty() {
            self.out.write_all(&std::mem::take(&mut self.held))?;
        }
        self.out.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.live.get() {
            self.out.write_all(&std::mem::take(&mut self.held))?;
        }
        self.out.flush()
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This player announced the missing tile.
    Won { player: usize, tile: usize, turns: usize },
    /// Everyone announced wrongly, or the turn limit came first.
    Nobody { missing: usize, turns: usize },
    /// The person stopped the game (`quit`, or the input ended) before its end.
    Stopped { turns: usize },
}

/// The game's setup and everyone's view of it.
struct Game {
    players: Vec<String>,
    /// `holder[tile]`: a player, or `players.len()` for missing, `+1` for the table.
    holder: Vec<usize>,
    logs: Vec<Log>,
    out: Vec<bool>,
}

impl Game {
    fn deal(players: &[String], rng: &mut SplitMix64) -> Game {
        let n = players.len();
        let (hand, _) = deal_for(n).expect("3 to 5 players");
        let mut tiles: Vec<usize> = (0..TILES).collect();
        rng.shuffle(&mut tiles);
        let mut holder = vec![n + 1; TILES];
        holder[tiles[0]] = n;
        for (i, &t) in tiles[1..].iter().enumerate() {
            holder[t] = if i < n * hand as usize { i / hand as usize } else { n + 1 };
        }
        let held = |h: usize| (0..TILES).filter(|&t| holder[t] == h).collect::<Vec<_>>();
        let logs = (0..n)
            .map(|p| Log {
                players: players.to_vec(),
                me: p,
                entries: vec![entry(Event::Hand(held(p)), 1), entry(Event::Table(held(n + 1)), 2)],
            })
            .collect();
        Game { players: players.to_vec(), holder, logs, out: vec![false; n] }
    }

    fn record(&mut self, event: Event, asker: usize, answerer: usize) {
        for (q, log) in self.logs.iter_mut().enumerate() {
            let mut e = event.clone();
            // Only the asker and the answerer see the tile shown.
            if let Event::Ask { answer: Answer::Yes(shown), .. } = &mut e {
                if q != asker && q != answerer {
                    *shown = None;
                }
            }
            let line = log.entries.len() + 1;
            log.entries.push(entry(e, line));
        }
    }
}

fn entry(event: Event, line: usize) -> Entry {
    Entry { event, line, span: (0, 0).into(), text: String::new() }
}

/// Plays a game, new or saved: `game.human` is the seat typed at `input` (its saved answers
/// are replayed first), every other seat is the computer; `save` hears the game after each
/// answer. Returns how it ended and the log each seat kept; the transcript goes to `output`.
pub fn play(
    game: SavedGame,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    save: Option<&mut Saver<'_>>,
) -> Result<(Ending, Vec<Log>), PlayError> {
    if game.format != SAVED_FORMAT {
        return Err(PlayError::Damaged(format!(
            "format {} (this umpire reads {SAVED_FORMAT})",
            game.format
        )));
    }
    if deal_for(game.players.len()).is_none() || game.human.is_some_and(|h| h >= game.players.len())
    {
        return Err(PlayError::Damaged("the players and the seat do not fit together".into()));
    }
    let replay = game.answers.iter().cloned().collect();
    let (players, human, seed, max_turns) =
        (game.players.clone(), game.human, game.seed, game.max_turns);
    let live = Rc::new(Cell::new(game.answers.is_empty()));
    let mut transcript = Transcript { out: output, held: Vec::new(), live: live.clone() };
    if !game.answers.is_empty() {
        writeln!(
            transcript,
            "Going on with the saved game: the game so far, with your {} answers replayed.",
            game.answers.len()
        )?;
    }
    let mut keyboard = Keyboard {
        input,
        live,
        replay,
        pending: None,
        game: SavedGame { answers: Vec::new(), ..game },
        save: save.map(|s| s as &mut Saver<'_>),
    };
    let result = run(&players, human, seed, max_turns, &mut keyboard, &mut transcript)?;
    keyboard.finished()?;
    transcript.flush()?;
    Ok(result)
}

/// A game the computer plays alone, and the log each seat kept (seat order, ending with the
/// winning announcement when there is one): real games for tests and benches.
pub fn computer_game(
    players: &[String],
    seed: u64,
    max_turns: usize,
) -> Result<(Ending, Vec<Log>), PlayError> {
    let game = SavedGame {
        format: SAVED_FORMAT,
        players: players.to_vec(),
        human: None,
        seed,
        max_turns,
        answers: Vec::new(),
    };
    play(game, &mut std::io::empty(), &mut std::io::sink(), None)
}

fn run(
    players: &[String],
    human: Option<usize>,
    seed: u64,
    max_turns: usize,
    keyboard: &mut Keyboard<'_>,
    output: &mut dyn Write,
) -> Result<(Ending, Vec<Log>), PlayError> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::deal(players, &mut rng);
    let n = players.len();
    let budget = || Budget::time(Duration::from_secs(30));
    let missing = (0..TILES).find(|&t| game.holder[t] == n).expect("one tile is missing");
    writeln!(
        output,
        "Deduction, seed {seed}: {} players; {} tiles lie face up: {}.",
        n,
        deal_for(n).expect("checked").1,
        names(&held(&game, n + 1))
    )?;
    if let Some(h) = human {
        writeln!(output, "Your hand ({}): {}.", players[h], names(&held(&game, h)))?;
        writeln!(
            output,
            "On your turn type `Bob have 3`, `Bob how many Suns`, `?` for advice or `notes`; `quit` stops."
        )?;
    }
    let mut turn = 0;
    let mut seat = 0;
    let mut told_certain = false;
    while turn < max_turns {
        if game.out.iter().all(|&o| o) {
            break;
        }
        if game.out[seat] {
            seat = (seat + 1) % n;
            continue;
        }
        turn += 1;
        let coin = rng.below(TILES as u64) as usize;
        let asker = seat;
        write!(output, "Turn {turn}: {} draws the {} coin", players[asker], tile_name(coin))?;
        let (answerer, about, how_many) = if Some(asker) == human {
            writeln!(output, ".")?;
            match ask_person(&game, asker, coin, keyboard, output) {
                Err(PlayError::Stopped) => return stopped(keyboard, output, missing, turn, game),
                q => q?,
            }
        } else {
            let (_, questions) =
                advise(&game.logs[asker], coin, &budget()).map_err(std::io::Error::other)?;
            let best = &questions[0];
            (best.answerer, best.about, best.how_many)
        };
        let matching: Vec<usize> =
            about.tiles().into_iter().filter(|&t| game.holder[t] == answerer).collect();
        let answer = if how_many {
            Answer::Count(matching.len() as u32)
        } else if matching.is_empty() {
            Answer::No
        } else if Some(answerer) == human {
            // The question first, then which tile to show.
            writeln!(
                output,
                ": {} asks you about {}; you hold {}.",
                players[asker],
                about.name(),
                names(&matching)
            )?;
            match choose_to_show(&game.logs[answerer], &matching, keyboard, output) {
                Err(PlayError::Stopped) => return stopped(keyboard, output, missing, turn, game),
                shown => Answer::Yes(Some(shown?)),
            }
        } else {
            Answer::Yes(Some(matching[rng.below(matching.len() as u64) as usize]))
        };
        let event = Event::Ask { asker, answerer, about, answer, coin: Some(coin) };
        let mut said = game.logs[asker].line(&event);
        if human.is_some_and(|h| h != asker && h != answerer) {
            said = game.logs[(asker + 1) % n].line(&Event::Ask {
                asker,
                answerer,
                about,
                answer: hide(answer),
                coin: None,
            });
        }
        // After "Bob asks you about …" the answer goes on a line of its own.
        let asked_me = Some(answerer) == human && !how_many && !matching.is_empty();
        writeln!(output, "{}{said}", if Some(asker) == human || asked_me { "" } else { ": " })?;
        game.record(event, asker, answerer);
        // The moment I am certain, I am told (the computer players announce at once).
        if let Some(h) = human.filter(|&h| !game.out[h] && !told_certain) {
            if let Some(tile) =
                solve(&game.logs[h], None, &budget()).map_err(std::io::Error::other)?.announce()
            {
                told_certain = true;
                writeln!(
                    output,
                    "You are certain now: the missing tile is {}{}.",
                    tile_name(tile),
                    if Some(asker) == human {
                        " (announce it now)"
                    } else {
                        " (announce it on your turn)"
                    }
                )?;
            }
        }
        // The asker may announce.
        let claim = if Some(asker) == human {
            match claim_person(&game.logs[asker], keyboard, output) {
                Err(PlayError::Stopped) => return stopped(keyboard, output, missing, turn, game),
                claim => claim?,
            }
        } else {
            solve(&game.logs[asker], None, &budget()).map_err(std::io::Error::other)?.announce()
        };
        if let Some(tile) = claim {
            let correct = tile == missing;
            game.record(Event::Announce { by: asker, tile, correct }, asker, asker);
            if correct {
                writeln!(
                    output,
                    "{} announces {}: right! {} wins.",
                    players[asker],
                    tile_name(tile),
                    players[asker]
                )?;
                return Ok((Ending::Won { player: asker, tile, turns: turn }, game.logs));
            }
            writeln!(
                output,
                "{} announces {}: wrong, and is out (still answers questions).",
                players[asker],
                tile_name(tile)
            )?;
            game.out[asker] = true;
        }
        seat = (seat + 1) % n;
    }
    writeln!(output, "Nobody deduced it; the missing tile was {}.", tile_name(missing))?;
    Ok((Ending::Nobody { missing, turns: turn }, game.logs))
}

/// The person stopped the game: saved, it can go on (and the missing tile stays hidden);
/// not saved, the missing tile is told.
fn stopped(
    keyboard: &Keyboard<'_>,
    output: &mut dyn Write,
    missing: usize,
    turns: usize,
    game: Game,
) -> Result<(Ending, Vec<Log>), PlayError> {
    keyboard.refuse_pending()?;
    if !keyboard.replay.is_empty() {
        return Err(PlayError::Damaged("a saved answer is `quit`".into()));
    }
    keyboard.live.set(true);
    if keyboard.save.is_some() {
        writeln!(output, "\nThe game stops here, saved: the same command goes on.")?;
    } else {
        writeln!(output, "\nThe game stops; the missing tile was {}.", tile_name(missing))?;
    }
    Ok((Ending::Stopped { turns }, game.logs))
}

/// `notes`: the notebook; `?`: whether I am certain, else the likeliest tile.
fn show_notes(log: &Log, line: &str, output: &mut dyn Write) -> Result<(), PlayError> {
    let s =
        solve(log, None, &Budget::time(Duration::from_secs(30))).map_err(std::io::Error::other)?;
    if line == "notes" {
        write!(output, "{}", notebook(&s))?;
        return Ok(());
    }
    match s.announce() {
        Some(t) => writeln!(output, "You are certain: the missing tile is {}.", tile_name(t))?,
        None => writeln!(
            output,
            "Not certain yet: the likeliest missing tile is {} (`notes` shows every chance).",
            tile_name(s.likeliest())
        )?,
    }
    Ok(())
}

/// The tiles a log's keeper sees: their hand and the tiles face up.
fn visible(log: &Log) -> Vec<usize> {
    log.entries
        .iter()
        .flat_map(|e| match &e.event {
            Event::Hand(tiles) | Event::Table(tiles) => tiles.clone(),
            _ => Vec::new(),
        })
        .collect()
}

fn held(game: &Game, h: usize) -> Vec<usize> {
    (0..TILES).filter(|&t| game.holder[t] == h).collect()
}

fn names(tiles: &[usize]) -> String {
    tiles.iter().map(|&t| tile_name(t)).collect::<Vec<_>>().join(", ")
}

fn hide(answer: Answer) -> Answer {
    match answer {
        Answer::Yes(_) => Answer::Yes(None),
        a => a,
    }
}

/// The person's question: `Bob have 3`, `Bob how many Suns`; `?` lists the advisor's ratings.
/// `None` when the input ends.
fn ask_person(
    game: &Game,
    me: usize,
    coin: usize,
    keyboard: &mut Keyboard<'_>,
    output: &mut dyn Write,
) -> Result<(usize, Attribute, bool), PlayError> {
    let log = &game.logs[me];
    loop {
        let line = keyboard.read(output, "your question> ")?;
        if line == "?" {
            let (bits, questions) = advise(log, coin, &Budget::time(Duration::from_secs(30)))
                .map_err(std::io::Error::other)?;
            writeln!(
                output,
                "The missing tile is uncertain by {bits:.2} bits. Questions, best first:"
            )?;
            for q in &questions {
                writeln!(output, "  {:.3} bits  {}", q.bits, q.text(log))?;
            }
            continue;
        }
        if line == "notes" {
            let s = solve(log, None, &Budget::time(Duration::from_secs(30)))
                .map_err(std::io::Error::other)?;
            write!(output, "{}", notebook(&s))?;
            continue;
        }
        let lower = line.to_lowercase();
        let Some((name, rest)) = lower.split_once(' ') else {
            writeln!(output, "Ask like `Bob have 3` or `Bob how many Suns`.")?;
            continue;
        };
        let Some(answerer) = game
            .players
            .iter()
            .position(|p| p.to_lowercase().starts_with(name))
            .filter(|&p| p != me)
        else {
            writeln!(output, "`{name}` is not another player.")?;
            continue;
        };
        let (how_many, named) = match rest.strip_prefix("how many") {
            Some(a) => (true, a),
            None => match rest.strip_prefix("have") {
                Some(a) => (false, a),
                // `Bob 3` is short for `Bob have 3`; anything else gets the two forms.
                None if parse_attribute(rest).is_some() => (false, rest),
                None => {
                    let who = &game.players[answerer];
                    writeln!(
                        output,
                        "Ask like `{who} have 3` or `{who} how many Suns` (the coin is {}).",
                        tile_name(coin)
                    )?;
                    continue;
                }
            },
        };
        match parse_attribute(named) {
            Some(about) if about.fits(coin) => {
                keyboard.accept(&line)?;
                return Ok((answerer, about, how_many));
            }
            _ => writeln!(output, "Name the coin's suit or value: {}.", tile_name(coin))?,
        }
    }
}

fn choose_to_show(
    log: &Log,
    matching: &[usize],
    keyboard: &mut Keyboard<'_>,
    output: &mut dyn Write,
) -> Result<usize, PlayError> {
    if matching.len() == 1 {
        writeln!(output, "(you show {})", tile_name(matching[0]))?;
        return Ok(matching[0]);
    }
    loop {
        let prompt = format!("show which? ({})> ", names(matching));
        let line = keyboard.read(output, &prompt)?;
        if line == "notes" || line == "?" {
            show_notes(log, &line, output)?;
            continue;
        }
        // Enter alone is no choice: which tile a player shows is theirs to say.
        match parse_tile(&line).filter(|t| matching.contains(t)) {
            Some(shown) => {
                keyboard.accept(&line)?;
                return Ok(shown);
            }
            None => writeln!(output, "Show one of: {}.", names(matching))?,
        }
    }
}

/// Whether I announce: a tile, or Enter to pass; `notes` and `?` show what I know first.
fn claim_person(
    log: &Log,
    keyboard: &mut Keyboard<'_>,
    output: &mut dyn Write,
) -> Result<Option<usize>, PlayError> {
    loop {
        let line = keyboard
            .read(output, "announce the missing tile? (a tile, Enter to pass, `notes`, `?`)> ")?;
        if line.is_empty() {
            keyboard.accept(&line)?;
            return Ok(None);
        }
        if line == "notes" || line == "?" {
            show_notes(log, &line, output)?;
            continue;
        }
        match parse_tile(&line) {
            // A tile in my hand or face up cannot be the missing one: a slip, not a guess.
            Some(t) if visible(log).contains(&t) => writeln!(
                output,
                "You can see {}: it is not the missing tile. Announce another, or Enter to pass.",
                tile_name(t)
            )?,
            Some(t) => {
                keyboard.accept(&line)?;
                return Ok(Some(t));
            }
            None => writeln!(output, "`{line}` is not a tile.")?,
        }
    }
}
