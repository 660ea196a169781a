//! A seeded game of Deduction: umpire deals, draws the coins and plays the computer seats,
//! which ask the question the advisor rates best and announce only when the solver is certain.
//! One seat may be a person at the keyboard.

use super::log::{Answer, Entry, Event, Log};
use super::solve::{advise, notebook, solve};
use super::{deal_for, parse_attribute, parse_tile, tile_name, Attribute, TILES};
use crate::solve::Budget;
use crate::util::random::SplitMix64;
use std::io::{BufRead, Write};
use std::time::Duration;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This player announced the missing tile.
    Won { player: usize, tile: usize, turns: usize },
    /// Everyone announced wrongly, or the turn limit came first.
    Nobody { missing: usize, turns: usize },
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

/// Plays a game. `human` is the seat typed at `input`; every other seat is the computer.
/// Returns how it ended and the log each seat kept; the transcript goes to `output`.
pub fn play(
    players: &[String],
    human: Option<usize>,
    seed: u64,
    max_turns: usize,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> std::io::Result<(Ending, Vec<Log>)> {
    run(players, human, seed, max_turns, input, output)
}

/// A game the computer plays alone, and the log each seat kept (seat order, ending with the
/// winning announcement when there is one): real games for tests and benches.
pub fn computer_game(
    players: &[String],
    seed: u64,
    max_turns: usize,
) -> std::io::Result<(Ending, Vec<Log>)> {
    run(players, None, seed, max_turns, &mut std::io::empty(), &mut std::io::sink())
}

fn run(
    players: &[String],
    human: Option<usize>,
    seed: u64,
    max_turns: usize,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> std::io::Result<(Ending, Vec<Log>)> {
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
            "On your turn type `Bob have 3`, `Bob how many Suns`, `?` for advice or `notes`."
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
            match ask_person(&game, asker, coin, input, output)? {
                Some(q) => q,
                None => {
                    writeln!(
                        output,
                        "\nThe input ended, so the game stops; the missing tile was {}.",
                        tile_name(missing)
                    )?;
                    return Ok((Ending::Nobody { missing, turns: turn }, game.logs));
                }
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
            Answer::Yes(Some(choose_to_show(&matching, input, output)?))
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
            claim_person(&game.logs[asker], input, output)?
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

fn read_line(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    prompt: &str,
) -> std::io::Result<Option<String>> {
    write!(output, "{prompt}")?;
    output.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

/// The person's question: `Bob have 3`, `Bob how many Suns`; `?` lists the advisor's ratings.
/// `None` when the input ends.
fn ask_person(
    game: &Game,
    me: usize,
    coin: usize,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> std::io::Result<Option<(usize, Attribute, bool)>> {
    let log = &game.logs[me];
    loop {
        let Some(line) = read_line(input, output, "your question> ")? else { return Ok(None) };
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
            None => (false, rest.strip_prefix("have").unwrap_or(rest)),
        };
        match parse_attribute(named) {
            Some(about) if about.fits(coin) => return Ok(Some((answerer, about, how_many))),
            _ => writeln!(output, "Name the coin's suit or value: {}.", tile_name(coin))?,
        }
    }
}

fn choose_to_show(
    matching: &[usize],
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> std::io::Result<usize> {
    if matching.len() == 1 {
        writeln!(output, "(you show {})", tile_name(matching[0]))?;
        return Ok(matching[0]);
    }
    loop {
        let prompt = format!("show which? ({})> ", names(matching));
        let Some(line) = read_line(input, output, &prompt)? else { return Ok(matching[0]) };
        match parse_tile(&line).filter(|t| matching.contains(t)) {
            Some(t) => return Ok(t),
            None if line.is_empty() => return Ok(matching[0]),
            None => writeln!(output, "Show one of: {}.", names(matching))?,
        }
    }
}

/// Whether I announce: a tile, or Enter to pass; `notes` and `?` show what I know first.
fn claim_person(
    log: &Log,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> std::io::Result<Option<usize>> {
    loop {
        let Some(line) = read_line(
            input,
            output,
            "announce the missing tile? (a tile, Enter to pass, `notes`, `?`)> ",
        )?
        else {
            return Ok(None);
        };
        if line.is_empty() {
            return Ok(None);
        }
        if line == "notes" || line == "?" {
            let s = solve(log, None, &Budget::time(Duration::from_secs(30)))
                .map_err(std::io::Error::other)?;
            if line == "notes" {
                write!(output, "{}", notebook(&s))?;
            } else {
                match s.announce() {
                    Some(t) => writeln!(output, "You are certain: the missing tile is {}.", tile_name(t))?,
                    None => writeln!(
                        output,
                        "Not certain yet: the likeliest missing tile is {} (`notes` shows every chance).",
                        tile_name(s.likeliest())
                    )?,
                }
            }
            continue;
        }
        match parse_tile(&line) {
            Some(t) => return Ok(Some(t)),
            None => writeln!(output, "`{line}` is not a tile.")?,
        }
    }
}
