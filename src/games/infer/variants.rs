//! The rules' variants that change what the computer Universe does (RULINGS I18–I20):
//! Highlights (which experiments it marks when the Researchers seem stuck), and the Cheater
//! (identity cards, what the Teacher watches for, the Vote). Silence changes only the table
//! talk, in [`play`](super::play). Publish or Perish is the game's deadline.

use super::deck::deck;
use super::experiment::Experiment;
use super::law::Sees;
use super::shapes::Structure;
use super::state::{
    Ending, Event, Game, GameError, Highlight, Lead, Placed, Variants, CHEATER_MIN_PLAYERS,
    TIMER_START_SECS,
};
use std::collections::BTreeMap;

/// The box says 2–10 players; the computer is one of them.
pub const MAX_PLAYERS: usize = 9;

/// The players in seat order, checked: names distinct and non-empty; the Cheater variant
/// needs at least [`CHEATER_MIN_PLAYERS`] besides the computer Teacher.
pub fn check_players(players: &[String], variants: Variants) -> Result<Vec<String>, GameError> {
    let players: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
    if let Some(empty) = players.iter().position(String::is_empty) {
        return Err(GameError::Variant(format!("player {} has no name", empty + 1)));
    }
    for (k, p) in players.iter().enumerate() {
        if players[..k].iter().any(|q| q.eq_ignore_ascii_case(p)) {
            return Err(GameError::Variant(format!("two players are called {p}")));
        }
        if p.len() > 40 || p.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(GameError::Variant(format!(
                "`{p}`: a player's name is one word of at most 40 letters"
            )));
        }
    }
    if players.len() > MAX_PLAYERS {
        return Err(GameError::Variant(format!(
            "Infer is for 2 to 10 players: at most {MAX_PLAYERS} besides the computer Universe"
        )));
    }
    if variants.cheater && players.len() < CHEATER_MIN_PLAYERS {
        return Err(GameError::Variant(format!(
            "the Cheater variant is for 4 or more players: the computer Teacher and at least {CHEATER_MIN_PLAYERS} more (--players Ann,Bob,Cy)"
        )));
    }
    Ok(players)
}

/// What a hand edit of a saved game could break in the variants' state.
pub fn check_loaded(game: &Game) -> Result<(), GameError> {
    fn damaged<T>(why: &str) -> Result<T, GameError> {
        Err(GameError::Damaged(why.to_string()))
    }
    check_players(&game.players, game.variants).or_else(|e| damaged(&e.to_string()))?;
    if game.variants.cheater && !game.cheater().is_some_and(|c| game.players.contains(&c)) {
        return damaged("the sealed Cheater is not one of the players");
    }
    if !game.players.is_empty() && game.turn >= game.players.len() {
        return damaged("the turn points past the last player");
    }
    if game.voting && !game.variants.cheater {
        return damaged("a Vote in a game without the Cheater variant");
    }
    if !game.variants.cheater && game.sealed_cheater_present() {
        return damaged("a Cheater in a game without the Cheater variant");
    }
    for h in &game.highlights {
        if h.experiments.len() < 2
            || h.experiments.len() > super::state::STONES_PER_COLOUR
            || !h.experiments.iter().all(|n| game.table.iter().any(|p| p.number == *n))
        {
            return damaged("a Highlight is not next to two or three experiments on the table");
        }
    }
    Ok(())
}

/// What tells two experiments apart, roughly as a player sees it: dice of a colour and face
/// on one side and not the other, and one more if they are arranged differently (groups,
/// lines or stacks).
fn difference(a: &Experiment, b: &Experiment) -> usize {
    let dice = |x: &Experiment| -> BTreeMap<(String, Option<u8>), i64> {
        let mut m = BTreeMap::new();
        for i in 0..x.len() {
            *m.entry((x.dice[i].colour.clone(), x.face(i))).or_insert(0) += 1;
        }
        m
    };
    let (da, db) = (dice(a), dice(b));
    let mut keys: Vec<&(String, Option<u8>)> = da.keys().chain(db.keys()).collect();
    keys.sort();
    keys.dedup();
    let unmatched: i64 =
        keys.iter().map(|k| (da.get(*k).unwrap_or(&0) - db.get(*k).unwrap_or(&0)).abs()).sum();
    let sees = Sees { compass: false, ..Sees::everything() };
    let arranged = |x: &Experiment| {
        let mut key = Structure::of(x).key(sees);
        key.sort_unstable();
        (x.groups().len(), x.lines().len(), key)
    };
    unmatched as usize + usize::from(a.len() == b.len() && arranged(a) != arranged(b))
}

/// The Highlights variant (ruling I18): the O and the X on the table that differ least —
/// the comparison that isolates what the Law cares about — the most recent among equals,
/// and not a pair the stones already mark.
pub fn most_telling_pair(table: &[Placed], already: &[Highlight]) -> Option<Vec<usize>> {
    let parsed: Vec<(usize, bool, Experiment)> = table
        .iter()
        .filter_map(|p| Experiment::parse(&p.experiment).ok().map(|x| (p.number, p.follows, x)))
        .collect();
    let mut best: Option<(usize, usize, usize)> = None;
    for (i, (na, fa, xa)) in parsed.iter().enumerate() {
        for (nb, fb, xb) in &parsed[i + 1..] {
            if fa == fb || already.iter().any(|h| h.experiments == [*na, *nb]) {
                continue;
            }
            let d = difference(xa, xb);
            // Smaller difference first; among equals the later pair (the newer experiments).
            if best.is_none_or(|(bd, ba, bb)| d < bd || d == bd && (*nb, *na) > (bb, ba)) {
                best = Some((d, *na, *nb));
            }
        }
    }
    best.map(|(_, a, b)| vec![a, b])
}

/// The Cheater variant: before the marker goes down, the Teacher notes how much of what was
/// still possible (the deck Laws agreeing with every marker on the table) this experiment
/// rules out — an experiment aimed straight at the Law is what a Cheater's looks like.
pub fn watch(game: &mut Game, x: &Experiment, follows: bool) {
    let Some(player) = game.active() else { return };
    let marks: Vec<(Experiment, bool)> = game
        .table
        .iter()
        .filter_map(|p| Experiment::parse(&p.experiment).ok().map(|e| (e, p.follows)))
        .collect();
    let alive: Vec<_> = deck()
        .into_iter()
        .filter(|c| marks.iter().all(|(e, f)| c.law.follows(e) == Some(*f)))
        .collect();
    let share = if alive.is_empty() {
        0.0
    } else {
        alive.iter().filter(|c| c.law.follows(x).is_some_and(|v| v != follows)).count() as f64
            / alive.len() as f64
    };
    match game.leads.iter_mut().find(|l| l.player == player) {
        Some(l) => {
            l.experiments += 1;
            l.ruled_out += share;
        }
        None => game.leads.push(Lead { player, experiments: 1, ruled_out: share }),
    }
}

/// The player the Teacher suspects most among `among`, and why: the highest average share
/// ruled out; seat order among equals.
pub fn teacher_pick(game: &Game, among: &[String]) -> (String, String) {
    let average = |p: &String| {
        game.leads
            .iter()
            .find(|l| &l.player == p)
            .map_or(0.0, |l| l.ruled_out / f64::from(l.experiments.max(1)))
    };
    let mut best = among[0].clone();
    for p in among {
        if average(p) > average(&best) {
            best = p.clone();
        }
    }
    let built = game.leads.iter().find(|l| l.player == best).map_or(0, |l| l.experiments);
    let why = if built == 0 {
        format!("{best} built no experiment; the Teacher points by seat order")
    } else {
        format!("{best}'s {built} experiment(s) ruled out {:.0}% of the deck Laws still possible, on average", 100.0 * average(&best))
    };
    (best, why)
}

/// The Vote (ruling I19): each player's pick in seat order, and the Teacher's; most
/// fingers is caught, ties broken by the Teacher's pick among the tied.
pub fn vote(game: &mut Game, picks: &[String]) -> Result<Vec<Event>, GameError> {
    if let Some(e) = &game.ending {
        return Err(GameError::Over(e.why.clone()));
    }
    if !game.voting {
        return Err(GameError::Variant("there is no vote now: the Vote comes when the Teacher cannot disprove a Theory (the Cheater variant)".into()));
    }
    if picks.len() != game.players.len() {
        return Err(GameError::Variant(format!(
            "{} players, {} picks: one pick per player, in seat order ({})",
            game.players.len(),
            picks.len(),
            game.players.join(", ")
        )));
    }
    let mut picks_named = Vec::new();
    for pick in picks {
        match game.players.iter().find(|p| p.eq_ignore_ascii_case(pick)) {
            Some(p) => picks_named.push(p.clone()),
            None => {
                return Err(GameError::Variant(format!(
                    "`{pick}` is not a player ({})",
                    game.players.join(", ")
                )))
            }
        }
    }
    let (teacher, why) = teacher_pick(game, &game.players);
    let mut fingers: BTreeMap<&String, usize> = BTreeMap::new();
    for p in picks_named.iter().chain(std::iter::once(&teacher)) {
        *fingers.entry(p).or_insert(0) += 1;
    }
    let most = *fingers.values().max().expect("at least the Teacher's pick");
    let tied: Vec<String> =
        game.players.iter().filter(|p| fingers.get(p) == Some(&most)).cloned().collect();
    let cheater = game.cheater().expect("checked on load");
    let told = format!("The Teacher points at {teacher}: {why}");
    let caught = if tied.len() == 1 {
        tied[0].clone()
    } else if tied.contains(&teacher) {
        teacher.clone()
    } else {
        // Nobody has the most fingers and the Teacher's finger breaks no tie: nobody shows a
        // card, so the Cheater is not found (ruling I20).
        game.voting = false;
        let why = format!("{told}. {} are tied with {most} fingers each and the Teacher points at none of them: nobody shows a card. The Cheater was {cheater}, who wins alone", tied.join(", "));
        let end = game.finish(false, &why, &format!("The Cheater, {cheater}, wins alone."));
        return Ok(vec![Event::Ended(end)]);
    };
    let count = fingers.get(&caught).copied().unwrap_or(0);
    let tie_note = if tied.len() > 1 {
        format!(" ({} tied; the Teacher's finger breaks the tie)", tied.join(", "))
    } else {
        String::new()
    };
    let told =
        format!("{told}. {caught} has the most fingers ({count}){tie_note} and shows their card");
    game.voting = false;
    let end: Ending = if caught == cheater {
        game.finish(
            true,
            &format!("{told}: the Cheater. Everyone but {cheater} wins"),
            &format!("Everyone but the Cheater, {cheater}, wins!"),
        )
    } else {
        game.finish(
            false,
            &format!("{told}: a Student. The Cheater was {cheater}, who wins alone"),
            &format!("The Cheater, {cheater}, wins alone."),
        )
    };
    Ok(vec![Event::Ended(end)])
}

/// A player's identity card, to be read alone at the screen: the Cheater's shows the Law.
pub fn card(game: &mut Game, player: &str, now: u64) -> Result<String, GameError> {
    if !game.variants.cheater {
        return Err(GameError::Variant(
            "identity cards belong to the Cheater variant (--cheater)".into(),
        ));
    }
    if player.trim().is_empty() {
        return Err(GameError::Variant(format!(
            "whose card? `card NAME` ({})",
            game.players.join(", ")
        )));
    }
    let name = game
        .players
        .iter()
        .find(|p| p.eq_ignore_ascii_case(player.trim()))
        .cloned()
        .ok_or_else(|| {
            GameError::Variant(format!("`{player}` is not a player ({})", game.players.join(", ")))
        })?;
    if !game.cards_seen.contains(&name) {
        game.cards_seen.push(name.clone());
        // The last card seen ends the setup: the Class begins, and its clock with it.
        let all_seen = game.players.iter().all(|p| game.cards_seen.contains(p));
        if all_seen && game.deadline.is_none() && !game.voting && game.ending.is_none() {
            game.deadline = Some(now + TIMER_START_SECS);
        }
    }
    Ok(if game.cheater().as_deref() == Some(name.as_str()) {
        format!("{name}, you are the CHEATER. The Law is: {} ({}). Help the class find it without being caught.", game.the_law().english(), game.law_text())
    } else {
        format!("{name}, you are a STUDENT. Find the Law, and watch for the Cheater.")
    })
}
