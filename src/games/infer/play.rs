//! The table talk of `umpire infer play`: commands read line by line, the Universe's
//! answers written back, and the game saved after every move.

use super::experiment::Experiment;
use super::game::{Event, Game, GameError, Highlight, Origin, Placed};
use super::law::{parse, Law};
use crate::solve::Budget;
use std::io::{self, BufRead, Write};

pub const COMMANDS: &str = "\
commands:
  build <experiment>   build an experiment, like `build r3 b4 . w1+b2`: it is shown, and the
                       Universe marks it once you say it is finished (no or undo takes it back)
  publish <theory>     publish a Theory, like `publish All blue dice must be 5s.` or
                       `publish all blue are 5` (costs a token)
  publish              spend a token without a Theory: the Universe builds an experiment
  remove <n>           take experiment n down for parts (its marker leaves the game)
  point <n>            point at experiment n (how Researchers talk under Silence)
  stuck                tell the Universe you are stuck (Highlights: it may mark two experiments)
  card <name>          see your identity card, alone at the screen (Cheater)
  vote <name> …        the Vote: each player's pick, in seat order (Cheater)
  table                show the table
  help                 this list
  quit                 stop for now (the game is saved)";

/// What the session needs from outside: the clock, the budget for each search (and a call
/// when the search is over, so Ctrl-C can go back to meaning "leave"), the save.
pub struct Table<'a> {
    pub now: &'a dyn Fn() -> u64,
    pub budget: &'a dyn Fn() -> Budget,
    pub searched: &'a dyn Fn(),
    pub save: &'a mut dyn FnMut(&Game) -> io::Result<()>,
}

/// What the computer is called at this table: the Cheater variant makes it the Teacher.
fn role(game: &Game) -> &'static str {
    if game.variants.cheater {
        "Teacher"
    } else {
        "Universe"
    }
}

fn describe(p: &Placed, game: &Game, stones: bool) -> String {
    let highlights: &[Highlight] = if stones { &game.highlights } else { &[] };
    let r = role(game);
    let by = match p.origin {
        Origin::Opening => format!("the {r}'s opening"),
        Origin::Researchers => format!("built by {}", p.by.as_deref().unwrap_or("the Researchers")),
        Origin::Disproof(n) => format!("the {r}'s answer to publication {n}"),
        Origin::Help(n) => format!("the {r}'s help for publication {n}"),
    };
    let stones: String = highlights
        .iter()
        .filter(|h| h.experiments.contains(&p.number))
        .map(|h| format!("  [{} stone]", h.stone.name()))
        .collect();
    format!(
        "#{:<3} {}  {:24} ({by}){stones}",
        p.number,
        if p.follows { "O" } else { "X" },
        p.experiment
    )
}

pub fn show_table(game: &Game, now: u64, out: &mut dyn Write) -> io::Result<()> {
    for p in &game.table {
        writeln!(out, "{}", describe(p, game, true))?;
    }
    let mut status = format!(
        "Result Markers left: {}; Publication tokens left: {}",
        game.markers_left, game.tokens_left
    );
    if let Some(d) = game.deadline {
        let left = d.saturating_sub(now);
        status += &format!("; time left: {}:{:02}", left / 60, left % 60);
    }
    if game.variants.cheater && game.deadline.is_none() && !game.voting && game.ending.is_none() {
        status += "; the Class and its 10-minute clock begin when every player has seen their card";
    }
    if game.voting {
        match game.vote_talk_ends.map(|e| e.saturating_sub(now)) {
            Some(left) if left > 0 => {
                status += &format!(
                    "; the Vote: talk for {}:{:02} more (or vote now if everyone wants), then `vote NAME …`, one pick per player in seat order",
                    left / 60,
                    left % 60
                )
            }
            _ => status += "; the Vote: time is up, everyone points now (`vote NAME …`, one pick per player in seat order)",
        }
    } else if let Some(p) = game.active() {
        status += &format!("; {p}'s turn");
    }
    writeln!(out, "{status}")
}

/// Tells the table what happened; `theory` is the one just published, which a disproof is
/// compared with. True when the game is over.
fn report(
    events: &[Event],
    theory: Option<&Law>,
    game: &Game,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let mut over = false;
    for e in events {
        let theory_says = |n: usize| -> Option<&'static str> {
            let p = game.table.iter().find(|p| p.number == n)?;
            let follows = theory?.follows(&Experiment::parse(&p.experiment).ok()?)?;
            Some(if follows { "O" } else { "X" })
        };
        match e {
            Event::Placed(p) => {
                // Stones placed by this same move are told after it.
                writeln!(out, "{}", describe(p, game, false))?;
                if let (Origin::Disproof(_), Some(says)) = (&p.origin, theory_says(p.number)) {
                    writeln!(out, "     (your Theory says {says})")?;
                }
            }
            Event::PointedAt(n) => writeln!(out, "The {} points at experiment #{n}: it already disproves the Theory (which says {}).", role(game), theory_says(*n).unwrap_or("?"))?,
            Event::TakenDown(n) => writeln!(out, "experiment #{n} is taken down; its marker leaves the game")?,
            // Beyond the bound of an arrangement search, more time would not help (I23).
            Event::Undecided(why) if why.contains("cannot search them all") => writeln!(out, "The {} could not decide ({why}); the token is returned (ruling I23).", role(game))?,
            Event::Undecided(why) => writeln!(out, "The {} could not decide ({why}); the token is returned. To give it more time, start `umpire infer play` with `--time SECONDS` (the game is saved: `umpire infer play FILE --time 60` goes on).", role(game))?,
            Event::PartsRefused(parts) => writeln!(
                out,
                "The Researchers keep {}: the {} cannot build its answer from the dice left, so the Theory is withdrawn and the token returned. Free some dice with `remove N`, or publish again.",
                super::universe::numbered(parts),
                role(game)
            )?,
            Event::Highlighted(h) => {
                let which: Vec<String> = h.experiments.iter().map(|n| format!("#{n}")).collect();
                writeln!(out, "The {} silently places {} Highlight stones next to {}.", role(game), h.stone.name(), which.join(" and "))?;
            }
            Event::VoteBegins => writeln!(
                out,
                "The Teacher cannot disprove the Theory: the Class is over and the clock stops.\nThe Vote: 2 minutes to talk it over (`table` shows the time left; vote sooner if everyone wants), then on three everyone points at the Cheater. Type the picks in seat order ({}): `vote NAME …`",
                game.players.join(", ")
            )?,
            Event::Ended(end) => {
                let mut why = end.why.clone();
                if let Some(first) = why.get(..1) {
                    why.replace_range(..1, &first.to_uppercase());
                }
                match end.headline.as_deref() {
                    // The Vote's outcome follows from the count, so the count comes first.
                    Some(headline) => writeln!(out, "{why}\n{headline}")?,
                    None => writeln!(out, "{} {why}", if end.won { "Everyone wins!" } else { "Everyone loses." })?,
                }
                over = true;
            }
        }
    }
    Ok(over)
}

/// Asks until `read` takes an answer: anything else is asked again rather than taken as a
/// command (issue 34: `remove 1` typed at a question was lost). `None` at the end of the
/// input.
fn ask<T>(
    lines: &mut io::Lines<&mut dyn BufRead>,
    out: &mut dyn Write,
    wanted: &str,
    read: impl Fn(&str) -> Option<T>,
) -> io::Result<Option<T>> {
    while let Some(answer) = lines.next().transpose()? {
        let answer = answer.trim().to_lowercase();
        match read(&answer) {
            Some(t) => return Ok(Some(t)),
            None => writeln!(
                out,
                "Please answer {wanted} first (`{}` was not taken as a command).",
                crate::util::text::shorten(&answer)
            )?,
        }
    }
    Ok(None)
}

/// The answer to a yes/no question; the end of the input is no.
fn yes_or_no(lines: &mut io::Lines<&mut dyn BufRead>, out: &mut dyn Write) -> io::Result<bool> {
    let answer = ask(lines, out, "yes or no", |a| match a {
        "yes" | "y" => Some(true),
        "no" | "n" => Some(false),
        _ => None,
    })?;
    Ok(answer.unwrap_or(false))
}

/// Whether a build is finished: yes has it judged, no or undo takes it back (a blank line
/// is asked again: a marker is not spent on a stray Enter).
fn finished(lines: &mut io::Lines<&mut dyn BufRead>, out: &mut dyn Write) -> io::Result<bool> {
    let answer = ask(lines, out, "yes or no", |a| match a {
        "yes" | "y" => Some(true),
        "no" | "n" | "undo" => Some(false),
        _ => None,
    })?;
    Ok(answer.unwrap_or(false))
}

/// Which of several readings of a Theory is meant: its number, or `no` (and the end of the
/// input) for none.
fn which_reading(
    readings: &[Law],
    lines: &mut io::Lines<&mut dyn BufRead>,
    out: &mut dyn Write,
) -> io::Result<Option<usize>> {
    let wanted = format!("with a number from 1 to {}, or no,", readings.len());
    let answer = ask(lines, out, &wanted, |a| match a.parse::<usize>() {
        Ok(n) if (1..=readings.len()).contains(&n) => Some(Some(n - 1)),
        _ if a == "no" || a == "n" => Some(None),
        _ => None,
    })?;
    Ok(answer.flatten())
}

/// The lines typed at the table.
type Lines<'a> = io::Lines<&'a mut dyn BufRead>;

/// What one command came to.
enum Said {
    /// Answered at the table (or taken back before anything was spent): nothing to record.
    Answered,
    /// A move the game answered: its events (saved, then told), and the Theory it published.
    Moved(Result<Vec<Event>, GameError>, Option<Law>),
}

/// Plays until the input ends, `quit`, or the game ends.
pub fn session(
    game: &mut Game,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    table: &mut Table,
) -> io::Result<()> {
    if let Some(e) = &game.ending {
        writeln!(out, "This game is over: {}", e.why)?;
        return Ok(());
    }
    show_table(game, (table.now)(), out)?;
    writeln!(out, "Type `help` for the commands.")?;
    let mut lines = input.lines();
    while let Some(line) = lines.next() {
        let line = line?;
        let line = line.trim();
        let (word, rest) =
            line.split_once(char::is_whitespace).map_or((line, ""), |(w, r)| (w, r.trim()));
        let now = (table.now)();
        let said = match word.to_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" => break,
            "help" | "?" => {
                writeln!(out, "{COMMANDS}")?;
                Said::Answered
            }
            "table" | "show" => {
                show_table(game, now, out)?;
                Said::Answered
            }
            "build" | "b" => build(game, rest, now, &mut lines, out)?,
            "undo" => {
                writeln!(out, "Nothing to take back: an experiment is judged only when you say it is finished, and a judged one stays on the table, as the rules say (`remove N` takes one down for parts).")?;
                Said::Answered
            }
            "point" => {
                match rest
                    .trim_start_matches('#')
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| game.table.iter().find(|p| p.number == n))
                {
                    Some(p) => writeln!(out, "→ {}", describe(p, game, true))?,
                    None => writeln!(out, "which experiment on the table? `point 3`")?,
                }
                Said::Answered
            }
            "stuck" => stuck(game, out)?,
            "card" => card(game, rest, now, &mut lines, out, table)?,
            "vote" => {
                let picks: Vec<String> = rest
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|w| !w.is_empty())
                    .map(str::to_string)
                    .collect();
                Said::Moved(game.vote(&picks), None)
            }
            "remove" => remove(game, rest, now, &mut lines, out)?,
            "publish" => publish(game, rest, now, &mut lines, out, table)?,
            other => {
                writeln!(out, "`{other}` is not a command. {COMMANDS}")?;
                Said::Answered
            }
        };
        match said {
            Said::Answered => {}
            Said::Moved(Ok(events), published) => {
                (table.save)(game)?;
                if report(&events, published.as_ref(), game, out)? {
                    return Ok(());
                }
            }
            Said::Moved(Err(e), _) => writeln!(out, "{e}")?,
        }
    }
    (table.save)(game)?;
    writeln!(out, "The game is saved.")
}

/// `build X`: the experiment is shown, and the Universe judges it once the player says it
/// is finished — a typo can be taken back before a Result Marker is spent.
fn build(
    game: &mut Game,
    rest: &str,
    now: u64,
    lines: &mut Lines,
    out: &mut dyn Write,
) -> io::Result<Said> {
    let x = match Experiment::parse(rest) {
        Ok(x) => x,
        Err(e) => {
            writeln!(out, "{}", e.message)?;
            return Ok(Said::Answered);
        }
    };
    if let Err(e) = game.buildable(&x) {
        writeln!(out, "{e}")?;
        return Ok(Said::Answered);
    }
    let dice = match x.len() {
        0 => "the null experiment, no dice".to_string(),
        1 => "1 die".to_string(),
        n => format!("{n} dice"),
    };
    writeln!(out, "You built {} ({dice}):", x.notation())?;
    write!(out, "{}", x.describe())?;
    writeln!(
        out,
        "Is it finished? The {} judges it on yes; no (or undo) takes it back. (yes/no)",
        role(game)
    )?;
    if !finished(lines, out)? {
        writeln!(out, "Taken back: nothing was judged, no marker spent.")?;
        return Ok(Said::Answered);
    }
    Ok(Said::Moved(game.build(&x, now), None))
}

/// `stuck`: under Highlights the Universe may mark two experiments worth comparing.
fn stuck(game: &mut Game, out: &mut dyn Write) -> io::Result<Said> {
    if !game.variants.highlights {
        writeln!(
            out,
            "(The Universe stays silent. With --highlights it may mark experiments worth comparing.)"
        )?;
        return Ok(Said::Answered);
    }
    match game.highlight() {
        Some(e) => Ok(Said::Moved(Ok(vec![e]), None)),
        None => {
            writeln!(out, "(The Universe has nothing new to highlight.)")?;
            Ok(Said::Answered)
        }
    }
}

/// `card NAME` (Cheater): the others look away before the card shows, and it leaves the
/// screen and the scrollback before the next player looks.
fn card(
    game: &mut Game,
    rest: &str,
    now: u64,
    lines: &mut Lines,
    out: &mut dyn Write,
    table: &mut Table,
) -> io::Result<Said> {
    let text = match game.card(rest, now) {
        Ok(text) => text,
        Err(e) => return Ok(Said::Moved(Err(e), None)),
    };
    writeln!(out, "Only {} may look now. Press Enter to show the card.", rest.trim())?;
    let _ = lines.next();
    writeln!(out, "{text}")?;
    writeln!(out, "Press Enter to hide it.")?;
    let _ = lines.next();
    write!(out, "{}\x1b[2J\x1b[3J\x1b[H", "\n".repeat(60))?;
    writeln!(out, "(hidden)")?;
    (table.save)(game)?;
    Ok(Said::Answered)
}

/// `remove N`: taken down for parts "with the consent of all Researchers" (ruling I22), a
/// Researcher's own wish as much as the Universe's.
fn remove(
    game: &mut Game,
    rest: &str,
    now: u64,
    lines: &mut Lines,
    out: &mut dyn Write,
) -> io::Result<Said> {
    let Ok(n) = rest.trim_start_matches('#').parse::<usize>() else {
        writeln!(out, "which experiment? `remove 3`")?;
        return Ok(Said::Answered);
    };
    if game.players.len() > 1 && game.table.iter().any(|p| p.number == n) {
        writeln!(out, "Take experiment {n} down for parts? Every Researcher must agree. (yes/no)")?;
        if !yes_or_no(lines, out)? {
            writeln!(out, "Not taken down: experiment {n} stays on the table.")?;
            return Ok(Said::Answered);
        }
    }
    Ok(Said::Moved(game.take_down(n, now), None))
}

/// `publish [THEORY]`: permission under Silence, the Theory read (and, when it reads more
/// than one way, the reading chosen) and repeated back, then the Universe's answer, asking
/// the table before it takes experiments down for parts.
fn publish(
    game: &mut Game,
    rest: &str,
    now: u64,
    lines: &mut Lines,
    out: &mut dyn Write,
    table: &mut Table,
) -> io::Result<Said> {
    if game.variants.silence && game.players.len() != 1 {
        // Silence: permission is asked by pointing at the tokens, given by thumbs.
        writeln!(out, "(Silence) You point at the Publication tokens. Do all the other Researchers give a thumbs up? (yes/no)")?;
        if !yes_or_no(lines, out)? {
            writeln!(out, "Not published.")?;
            return Ok(Said::Answered);
        }
    }
    let Some((said, theory)) = agreed_theory(game, rest, lines, out)? else {
        return Ok(Said::Answered);
    };
    // Taking experiments down needs every Researcher's consent: ask the table.
    let researchers = game.players.len();
    let mut consent = |parts: &[usize]| -> bool {
        let asked = writeln!(
            out,
            "To build its answer the Universe needs the dice of {}. May it take {} down for parts? {}(yes/no)",
            super::universe::numbered(parts),
            if parts.len() == 1 { "it" } else { "them" },
            if researchers > 1 { "Every Researcher must agree. " } else { "" }
        );
        asked.is_ok() && yes_or_no(lines, out).unwrap_or(false)
    };
    let result = game.publish(
        theory.as_ref().map(|t| (said.as_str(), t)),
        &(table.budget)(),
        now,
        &mut consent,
    );
    (table.searched)();
    Ok(Said::Moved(result, theory))
}

/// The Theory a publication puts forward, agreed with the player: the text saved with it
/// (as said, or the formal form of the reading chosen when it reads more than one way) and
/// the Law (none: a token spent without a Theory). `None` when it is not published — the
/// repeat-back answered no or no reading chosen ("Not published."), or the Theory not
/// understood (told why).
fn agreed_theory(
    game: &Game,
    rest: &str,
    lines: &mut Lines,
    out: &mut dyn Write,
) -> io::Result<Option<(String, Option<Law>)>> {
    let not_published = |out: &mut dyn Write| writeln!(out, "Not published.").map(|()| None);
    if rest.is_empty() {
        writeln!(out, "Spend a Publication token without a Theory? (yes/no)")?;
        if !yes_or_no(lines, out)? {
            return not_published(out);
        }
        return Ok(Some((String::new(), None)));
    }
    match parse(rest) {
        Ok(theory) => {
            // The Universe repeats the Theory back before it takes the token.
            writeln!(
                out,
                "The {} understands your Theory as: {}. Publish it? (yes/no)",
                role(game),
                theory.english()
            )?;
            if !yes_or_no(lines, out)? {
                return not_published(out);
            }
            Ok(Some((rest.to_string(), Some(theory))))
        }
        Err(e) if !e.readings.is_empty() => {
            // The Universe repeats back what it understands; two readings, so it asks
            // which, as the table would (a reading chosen is agreed already).
            writeln!(out, "The {} can understand that {} ways:", role(game), e.readings.len())?;
            for (i, l) in e.readings.iter().enumerate() {
                writeln!(out, "  {}. {}", i + 1, l.english())?;
            }
            writeln!(
                out,
                "Which do you mean? (its number; or no, and say it again with `publish …`)"
            )?;
            match which_reading(&e.readings, lines, out)? {
                Some(i) => Ok(Some((e.readings[i].formal(), Some(e.readings[i].clone())))),
                None => not_published(out),
            }
        }
        Err(e) => {
            writeln!(out, "{} (at `{}`)", e.message, rest.get(e.span.offset()..).unwrap_or(""))?;
            if let Some(help) = &e.help {
                writeln!(out, "  {help}")?;
            }
            Ok(None)
        }
    }
}
