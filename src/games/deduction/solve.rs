//! From a Deduction log to everything that follows, and the best question to ask.

use super::log::{Answer, Entry, Event, Log};
use super::{tile_name, Attribute, SUITS, TILES, VALUES};
pub use crate::games::logs::Refuter;
use crate::games::logs::{Over, Standing};
use crate::solve::deal::{Deal, DealCount};
use crate::solve::information::{entropy, expected_gain, minimal_conflict};
use crate::solve::{Budget, Outcome};

/// What the log implies.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Players, then `missing`, then `table`.
    pub holders: Vec<String>,
    /// The model of the answerer the odds follow (ruling E2).
    pub refuter: Refuter,
    /// Deals consistent with the log.
    pub deals: u128,
    /// The deals' total weight under the model (whole: weights are scaled alike, so only
    /// ratios mean anything). With `Refuter::Any`, the deals.
    pub total: u128,
    /// `counts[tile][holder]`: the weight of the consistent deals that put `tile` there.
    pub counts: Vec<Vec<u128>>,
    /// The player who kept the log.
    pub me: usize,
    /// Who is out after a wrong announcement, and whether the game is over.
    pub standing: Standing,
}

impl Solution {
    pub fn missing(&self) -> usize {
        self.holders.len() - 2
    }

    /// The exact chance that `tile` is the missing one, as (count, total).
    pub fn missing_chance(&self, tile: usize) -> (u128, u128) {
        (self.counts[tile][self.missing()], self.total)
    }

    /// The missing tile, when the log leaves only one.
    pub fn announce(&self) -> Option<usize> {
        let possible: Vec<usize> =
            (0..TILES).filter(|&t| self.counts[t][self.missing()] > 0).collect();
        match possible.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// The likeliest missing tile (the first, on a tie).
    pub fn likeliest(&self) -> usize {
        (0..TILES)
            .max_by_key(|&t| (self.counts[t][self.missing()], std::cmp::Reverse(t)))
            .expect("24 tiles")
    }

    pub fn certain_holder(&self, tile: usize) -> Option<usize> {
        (0..self.holders.len()).find(|&h| self.counts[tile][h] == self.total)
    }

    fn missing_weights(&self) -> Vec<f64> {
        (0..TILES).map(|t| self.counts[t][self.missing()] as f64).collect()
    }
}

pub use crate::games::logs::SolveError;

/// The deal for some of a log's entries: players, the missing tile, the face-up table.
pub fn build(log: &Log, entries: &[&Entry], refuter: Refuter) -> Deal {
    let (hand, up) = log.deal();
    let players = log.players.len();
    let (missing, table) = (players, players + 1);
    let mut capacities = vec![hand; players];
    capacities.extend([1, up]);
    let mut deal = Deal::new(TILES, capacities);
    for entry in entries {
        match &entry.event {
            Event::Hand(tiles) => tiles.iter().for_each(|&t| deal.place(t, log.me)),
            Event::Table(tiles) => tiles.iter().for_each(|&t| deal.place(t, table)),
            Event::Announce { tile, correct: false, .. } => deal.forbid(*tile, missing),
            Event::Announce { tile, correct: true, .. } => deal.place(*tile, missing),
            Event::Ask { answerer, about, answer, .. } => {
                let tiles = about.tiles();
                match answer {
                    Answer::No => tiles.iter().for_each(|&t| deal.forbid(t, *answerer)),
                    Answer::Yes(Some(t)) => {
                        deal.place(*t, *answerer);
                        // Shown by an answerer choosing at random among their matching
                        // tiles: evidence about how many they hold (E2). Mine are mine.
                        if refuter == Refuter::Random && *answerer != log.me {
                            deal.weigh_by_choice(*answerer, &tiles);
                        }
                    }
                    Answer::Yes(None) => deal.at_least_one(*answerer, &tiles),
                    Answer::Count(n) => deal.exactly(*answerer, &tiles, *n),
                }
            }
        }
    }
    deal
}

/// Each event legal on its own (parsing checks this too, with spans; this is for logs built
/// in code).
fn check(log: &Log) -> Result<(), SolveError> {
    for e in &log.entries {
        if let Some((why, _)) = super::log::event_error(log.players.len(), &e.event) {
            return Err(SolveError::Event { line: e.line, why });
        }
    }
    Ok(())
}

fn count(deal: &Deal, budget: &Budget) -> Result<DealCount, SolveError> {
    match deal.count(budget) {
        Outcome::Sat(c) => Ok(c),
        Outcome::Unsat(()) => {
            Ok(DealCount { total: 0, marginals: vec![vec![0; deal.holders()]; deal.items()] })
        }
        Outcome::Exhausted(why) => Err(SolveError::Exhausted(why)),
    }
}

/// Solves the log's first `upto` entries (all when `None`).
pub fn solve(log: &Log, upto: Option<usize>, budget: &Budget) -> Result<Solution, SolveError> {
    solve_with(log, upto, Refuter::default(), budget)
}

/// [`solve`] under a stated model of the answerer.
pub fn solve_with(
    log: &Log,
    upto: Option<usize>,
    refuter: Refuter,
    budget: &Budget,
) -> Result<Solution, SolveError> {
    check(log)?;
    let entries: Vec<&Entry> = log.entries.iter().take(upto.unwrap_or(usize::MAX)).collect();
    let plain = count(&build(log, &entries, Refuter::Any), budget)?;
    if plain.total == 0 {
        let consistent = |keep: &[usize]| {
            let subset: Vec<&Entry> = keep.iter().map(|&i| entries[i]).collect();
            count(&build(log, &subset, Refuter::Any), budget).map_or(true, |c| c.total > 0)
        };
        let core: Vec<&Entry> =
            minimal_conflict(entries.len(), consistent).into_iter().map(|i| entries[i]).collect();
        return Err(SolveError::contradiction(&core, |e| {
            match e {
            Event::Announce { by, tile, correct: true } => Some((
                format!("{}'s announcement ({})", log.players[*by], tile_name(*tile)),
                "if the announcement was wrong, end its line with `wrong`; otherwise one of the other lines named has a typo".to_string(),
            )),
            _ => None,
        }
        }));
    }
    let mut holders = log.players.clone();
    holders.extend(["missing".to_string(), "table".to_string()]);
    let weighed = build(log, &entries, refuter);
    let counted =
        if weighed.weighted.is_empty() { plain.clone() } else { count(&weighed, budget)? };
    Ok(Solution {
        holders,
        refuter,
        deals: plain.total,
        total: counted.total,
        counts: counted.marginals,
        me: log.me,
        standing: log.standing(upto),
    })
}

/// What the game's state means for `me`, in a sentence: it is over (and who won), I am out,
/// or `None` (I may still ask and announce).
pub fn state_line(players: &[String], me: usize, standing: &Standing) -> Option<String> {
    match &standing.over {
        Some(Over::Won { player, line, named }) => Some(format!(
            "The game is over: {} announced {} correctly on line {line} and wins.",
            players[*player],
            named.iter().map(|&t| tile_name(t)).collect::<Vec<_>>().join(", ")
        )),
        Some(Over::AllOut { line }) => {
            Some(format!("The game is over: every player has announced wrongly (the last on line {line}); nobody wins."))
        }
        None => standing
            .out_line(me)
            .map(|line| format!("You announced wrongly on line {line}: you take no more turns, but you still answer questions.")),
    }
}

/// A question I could ask with the drawn coin, and what it is expected to teach.
#[derive(Clone, Debug)]
pub struct Question {
    pub answerer: usize,
    pub about: Attribute,
    /// "How many?" rather than "do you have one?".
    pub how_many: bool,
    /// Expected information about the missing tile, in bits.
    pub bits: f64,
}

impl Question {
    pub fn text(&self, log: &Log) -> String {
        let name = &log.players[self.answerer];
        if self.how_many {
            format!("{name}, how many {} do you have?", self.about.plural())
        } else {
            format!("{name}, do you have {}?", self.about.with_article())
        }
    }
}

/// Every question `me` may ask with `coin` (its suit or its value, to each other player,
/// "have one?" or "how many?"), best first. When I ask "have one?" and the answer is yes I
/// see a tile; a player with several chooses each with equal chance (ruling E2).
pub fn advise(log: &Log, coin: usize, budget: &Budget) -> Result<(f64, Vec<Question>), SolveError> {
    let now = solve(log, None, budget)?;
    let prior = now.missing_weights();
    let entries: Vec<&Entry> = log.entries.iter().collect();
    let base = build(log, &entries, Refuter::default());
    let missing = now.missing();
    let column = |c: &DealCount| -> Vec<f64> {
        (0..TILES).map(|t| c.marginals[t][missing] as f64).collect()
    };
    let mut questions = Vec::new();
    for answerer in (0..log.players.len()).filter(|&p| p != log.me) {
        for about in
            [Attribute::Suit(super::suit_of(coin)), Attribute::Value(super::value_of(coin))]
        {
            let tiles = about.tiles();
            // How many: one outcome per count.
            let mut outcomes = Vec::new();
            for n in 0..=tiles.len() as u32 {
                let mut d = base.clone();
                d.exactly(answerer, &tiles, n);
                let c = count(&d, budget)?;
                if c.total > 0 {
                    outcomes.push((c.total as f64, column(&c)));
                }
            }
            questions.push(Question {
                answerer,
                about,
                how_many: true,
                bits: expected_gain(&prior, &outcomes),
            });
            // Have one: no, or yes with tile t shown — t held with k of the kind, shown 1/k.
            let mut outcomes = Vec::new();
            let mut none = base.clone();
            tiles.iter().for_each(|&t| none.forbid(t, answerer));
            let c = count(&none, budget)?;
            if c.total > 0 {
                outcomes.push((c.total as f64, column(&c)));
            }
            for &t in &tiles {
                let mut weight = 0.0;
                let mut dist = vec![0.0; TILES];
                for k in 1..=tiles.len() as u32 {
                    let mut d = base.clone();
                    d.place(t, answerer);
                    d.exactly(answerer, &tiles, k);
                    let c = count(&d, budget)?;
                    weight += c.total as f64 / k as f64;
                    for (x, y) in dist.iter_mut().zip(column(&c)) {
                        *x += y / k as f64;
                    }
                }
                if weight > 0.0 {
                    outcomes.push((weight, dist));
                }
            }
            questions.push(Question {
                answerer,
                about,
                how_many: false,
                bits: expected_gain(&prior, &outcomes),
            });
        }
    }
    questions.sort_by(|a, b| b.bits.total_cmp(&a.bits));
    Ok((entropy(&prior), questions))
}

/// The notebook: for each tile, where it can be (✓ certain, · impossible, else percent),
/// then the chance of each tile being the missing one as a suit × value grid.
pub fn notebook(s: &Solution) -> String {
    let mut out = format!("{:11}", "");
    for h in &s.holders {
        out.push_str(&format!(" {:>8}", h.chars().take(8).collect::<String>()));
    }
    out.push('\n');
    for t in 0..TILES {
        out.push_str(&format!("{:11}", tile_name(t)));
        for h in 0..s.holders.len() {
            out.push_str(&format!(" {:>8}", cell(s.counts[t][h], s.total)));
        }
        out.push('\n');
    }
    let deals =
        if s.deals == 1 { "1 deal fits".to_string() } else { format!("{} deals fit", s.deals) };
    let model = match s.refuter {
        Refuter::Random => "odds weigh each deal by how likely it makes the tiles shown to you; --refuter any weighs deals alike",
        Refuter::Any => "odds weigh every deal alike",
    };
    out.push_str(&format!("\nThe missing tile ({deals} the log; {model}):\n{:8}", ""));
    for v in VALUES {
        out.push_str(&format!(" {v:>7}"));
    }
    out.push('\n');
    for (si, suit) in SUITS.iter().enumerate() {
        out.push_str(&format!("{suit:8}"));
        for v in 0..VALUES.len() {
            out.push_str(&format!(
                " {:>7}",
                cell(s.counts[super::tile(si, v)][s.missing()], s.total)
            ));
        }
        out.push('\n');
    }
    match (state_line(&s.holders, s.me, &s.standing), s.announce()) {
        (Some(state), _) => {
            out.push_str(&state);
            out.push('\n');
        }
        (None, Some(t)) => out
            .push_str(&format!("Announce now: the missing tile is {} (certain).\n", tile_name(t))),
        (None, None) => {
            let (n, d) = s.missing_chance(s.likeliest());
            out.push_str(&format!(
                "Not certain yet: likeliest {} at {:.1}%; do not announce.\n",
                tile_name(s.likeliest()),
                100.0 * n as f64 / d as f64
            ));
        }
    }
    out
}

fn cell(n: u128, total: u128) -> String {
    if n == total {
        "✓".into()
    } else if n == 0 {
        "·".into()
    } else {
        format!("{:.1}%", 100.0 * n as f64 / total as f64)
    }
}

/// The entries that hold a log's first `events` events (and every hand and table line).
pub fn upto_events(log: &Log, events: usize) -> usize {
    crate::games::logs::entries_through(&log.entries, events, |e| {
        !matches!(e, Event::Hand(_) | Event::Table(_))
    })
}
