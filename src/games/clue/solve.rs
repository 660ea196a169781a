//! From a log to everything that follows: exact counts of the deals consistent with it.
//!
//! Every event is a constraint of the core's deal counter ([`crate::solve::deal`]): a card
//! placed ("I saw it", my hand), forbidden ("could not refute"), "at least one of these"
//! (a refutation I did not see), and the envelope's one card of each kind. A failed
//! accusation ("not all three in the envelope") is not of those shapes; it is counted by
//! inclusion–exclusion: deals − deals with all three there (over subsets, when there are
//! several). A correct accusation places its cards in the envelope; when the rest of the log
//! rules that out, the lines that conflict are named with it ([`SolveError::Refuted`]). The counts are exact, so a card is *certainly* somewhere exactly when its count
//! there equals the total (the backbone), and every probability is a fraction of counts.

use super::log::{Entry, Event, Log};
use crate::games::logs::{Over, Standing};
use crate::solve::deal::{Deal, DealCount};
use crate::solve::information::minimal_conflict;
use crate::solve::{Budget, Outcome};

pub use crate::games::logs::Refuter;

/// What the log implies.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Players, then `envelope`.
    pub holders: Vec<String>,
    pub cards: Vec<String>,
    /// The model of the refuter the odds follow.
    pub refuter: Refuter,
    /// Deals consistent with the log.
    pub deals: u128,
    /// The deals' total weight under the model (a whole number: weights are scaled alike,
    /// so only ratios of them mean anything). With `Refuter::Any`, the deals.
    pub total: u128,
    /// `counts[card][holder]`: the weight of the consistent deals that put `card` with
    /// `holder`; `counts[card][holder] / total` is the probability.
    pub counts: Vec<Vec<u128>>,
    /// Envelope contents (one card per kind) with their counts, likeliest first (count > 0).
    pub envelopes: Vec<(Vec<usize>, u128)>,
    /// Who is out after a wrong accusation, and whether the game is over.
    pub standing: Standing,
}

impl Solution {
    pub fn envelope(&self) -> usize {
        self.holders.len() - 1
    }

    pub fn probability(&self, card: usize, holder: usize) -> f64 {
        self.counts[card][holder] as f64 / self.total as f64
    }

    /// The holder `card` is certainly with, if any.
    pub fn certain_holder(&self, card: usize) -> Option<usize> {
        (0..self.holders.len()).find(|&h| self.counts[card][h] == self.total)
    }

    /// The solution, when only one envelope is possible.
    pub fn can_accuse(&self) -> Option<&[usize]> {
        match self.envelopes.as_slice() {
            [(cards, _)] => Some(cards),
            _ => None,
        }
    }
}

pub use crate::games::logs::SolveError;

/// The deal for some of a log's entries (without the wrong accusations, which are returned).
pub(super) fn build(
    log: &Log,
    entries: &[&Entry],
    refuter: Refuter,
) -> Result<(Deal, Vec<Vec<usize>>), SolveError> {
    let players = log.players.len();
    let envelope = players;
    let kinds = log.deck.kinds.len() as u32;
    // Hand sizes are at most the deck's size (checked when parsing), so the sum cannot overflow.
    let hands: u32 = log.hand_sizes.iter().sum();
    if (hands + kinds) as usize != log.deck.len() {
        return Err(SolveError::Setup {
            why: format!("the hands ({hands} cards) and the envelope ({kinds}) do not add up to the deck's {} cards", log.deck.len()),
            help: "check the hand sizes on the `players:` line".into(),
        });
    }
    let mut capacities = log.hand_sizes.clone();
    capacities.push(kinds);
    let mut deal = Deal::new(log.deck.len(), capacities);
    for k in 0..log.deck.kinds.len() {
        deal.exactly(envelope, &log.deck.kind_range(k).collect::<Vec<_>>(), 1);
    }
    let mut accusations = Vec::new();
    for entry in entries {
        match &entry.event {
            Event::Hand { cards } => {
                for &c in cards {
                    deal.place(c, log.me);
                }
            }
            Event::Seen { player, card } => deal.place(*card, *player),
            Event::Accuse { cards, correct: false, .. } => accusations.push(cards.clone()),
            Event::Accuse { cards, correct: true, .. } => {
                for &c in cards {
                    deal.place(c, envelope);
                }
            }
            Event::Suggest { by, cards, passed, shown_by, card } => {
                // Ruling C1: everyone between the suggester and the refuter (all others when
                // nobody refuted) was asked and could not refute.
                let mut asked = Vec::new();
                let mut seat = (*by + 1) % players;
                while seat != *by && Some(seat) != *shown_by {
                    asked.push(seat);
                    seat = (seat + 1) % players;
                }
                for &p in passed.iter().chain(&asked) {
                    for &c in cards {
                        deal.forbid(c, p);
                    }
                }
                if let Some(r) = shown_by {
                    match card {
                        Some(c) => {
                            deal.place(*c, *r);
                            // Shown to me by a refuter who picks at random: evidence about
                            // how many of the three they hold (C4). My own shows are mine.
                            if refuter == Refuter::Random && *by == log.me && *r != log.me {
                                deal.weigh_by_choice(*r, cards);
                            }
                        }
                        None => deal.at_least_one(*r, cards),
                    }
                }
            }
        }
    }
    Ok((deal, accusations))
}

/// Counts `deal` under "not all of each accusation in the envelope", by inclusion–exclusion.
pub(super) fn count(
    deal: &Deal,
    accusations: &[Vec<usize>],
    envelope: usize,
    budget: &Budget,
) -> Result<DealCount, SolveError> {
    let n = deal.items();
    let h = deal.holders();
    let mut plus = DealCount { total: 0, marginals: vec![vec![0; h]; n] };
    let mut minus = plus.clone();
    for subset in 0u32..(1 << accusations.len()) {
        let mut term = deal.clone();
        for (i, acc) in accusations.iter().enumerate() {
            if subset & (1 << i) != 0 {
                for &c in acc {
                    term.place(c, envelope);
                }
            }
        }
        let counted = match term.count(budget) {
            Outcome::Sat(c) => c,
            Outcome::Unsat(()) => continue,
            Outcome::Exhausted(why) => return Err(SolveError::Exhausted(why)),
        };
        let into = if subset.count_ones() % 2 == 0 { &mut plus } else { &mut minus };
        into.total += counted.total;
        for (row, add) in into.marginals.iter_mut().zip(&counted.marginals) {
            for (x, y) in row.iter_mut().zip(add) {
                *x += y;
            }
        }
    }
    let total = plus.total - minus.total;
    let marginals = plus
        .marginals
        .iter()
        .zip(&minus.marginals)
        .map(|(p, m)| p.iter().zip(m).map(|(a, b)| a - b).collect())
        .collect();
    Ok(DealCount { total, marginals })
}

/// Each event legal on its own (parsing checks this too, with spans; this is for logs built
/// in code).
fn check_events(log: &Log) -> Result<(), SolveError> {
    for e in &log.entries {
        if let Some((why, _)) = super::log::event_error(&log.deck, &log.players, log.me, &e.event) {
            return Err(SolveError::Event { line: e.line, why });
        }
    }
    Ok(())
}

/// Solves the log's first `upto` entries (all when `None`); [`upto_events`] turns a count
/// of events into a count of entries.
pub fn solve(log: &Log, upto: Option<usize>, budget: &Budget) -> Result<Solution, SolveError> {
    solve_with(log, upto, Refuter::default(), budget)
}

/// [`solve`] under a stated model of the refuter.
pub fn solve_with(
    log: &Log,
    upto: Option<usize>,
    refuter: Refuter,
    budget: &Budget,
) -> Result<Solution, SolveError> {
    check_events(log)?;
    let entries: Vec<&Entry> = log.entries.iter().take(upto.unwrap_or(usize::MAX)).collect();
    let envelope = log.players.len();
    let (plain, _) = build(log, &entries, Refuter::Any)?;
    let (deal, accusations) = build(log, &entries, refuter)?;
    let plain_count = count(&plain, &accusations, envelope, budget)?;
    if plain_count.total == 0 {
        return Err(contradiction(log, &entries, budget));
    }
    // With no card shown to me there is nothing to weigh: the plain count is the answer.
    let counted = if deal.weighted.is_empty() {
        plain_count.clone()
    } else {
        count(&deal, &accusations, envelope, budget)?
    };
    // Envelope contents: fix a card of each kind but the last, read the last from the marginals.
    let kinds = log.deck.kinds.len();
    let mut envelopes = Vec::new();
    let mut prefixes: Vec<Vec<usize>> = vec![Vec::new()];
    for k in 0..kinds - 1 {
        prefixes = prefixes
            .into_iter()
            .flat_map(|p| {
                log.deck
                    .kind_range(k)
                    .filter(|&c| counted.marginals[c][envelope] > 0)
                    .map(move |c| [p.clone(), vec![c]].concat())
            })
            .collect();
    }
    for prefix in prefixes {
        let mut fixed = deal.clone();
        for &c in &prefix {
            fixed.place(c, envelope);
        }
        let sub = count(&fixed, &accusations, envelope, budget)?;
        for last in log.deck.kind_range(kinds - 1) {
            let n = sub.marginals[last][envelope];
            if n > 0 {
                envelopes.push(([prefix.clone(), vec![last]].concat(), n));
            }
        }
    }
    envelopes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut holders = log.players.clone();
    holders.push("envelope".into());
    let standing = log.standing(upto);
    Ok(Solution {
        holders,
        cards: log.deck.cards().cloned().collect(),
        refuter,
        deals: plain_count.total,
        total: counted.total,
        counts: counted.marginals,
        envelopes,
        standing,
    })
}

/// The lines that conflict: a minimal set of entries with no consistent deal (deletion: drop
/// each entry whose removal leaves the rest still contradictory).
fn contradiction(log: &Log, entries: &[&Entry], budget: &Budget) -> SolveError {
    let envelope = log.players.len();
    let consistent = |subset: &[&Entry]| -> bool {
        match build(log, subset, Refuter::Any).and_then(|(d, a)| count(&d, &a, envelope, budget)) {
            Ok(c) => c.total > 0,
            Err(_) => true,
        }
    };
    let core: Vec<&Entry> = minimal_conflict(entries.len(), |keep| {
        consistent(&keep.iter().map(|&i| entries[i]).collect::<Vec<_>>())
    })
    .into_iter()
    .map(|i| entries[i])
    .collect();
    SolveError::contradiction(&core, |e| {
        match e {
        Event::Accuse { by, cards, correct: true } => Some((
            format!("{}'s accusation ({})", log.players[*by], names(log, cards)),
            "if the accusation was wrong, end its line with `wrong`; otherwise one of the other lines named has a typo".to_string(),
        )),
        _ => None,
    }
    })
}

fn names(log: &Log, cards: &[usize]) -> String {
    cards.iter().map(|&c| log.deck.name_of(c)).collect::<Vec<_>>().join(", ")
}

/// What the game's state means for `me`, in a sentence: it is over (and who won), I am out,
/// or `None` (I may still suggest and accuse).
pub fn state_line(log: &Log, standing: &Standing) -> Option<String> {
    match &standing.over {
        Some(Over::Won { player, line, named }) => Some(format!(
            "The game is over: {} accused correctly on line {line} ({}) and wins.",
            log.players[*player],
            names(log, named)
        )),
        Some(Over::AllOut { line }) => {
            Some(format!("The game is over: every player has accused wrongly (the last on line {line}); nobody wins."))
        }
        None => standing.out_line(log.me).map(|line| {
            format!("You accused wrongly on line {line}: you may not suggest or accuse again, but you still show cards.")
        }),
    }
}

/// The detective's notebook: a row per card, a column per holder; ✓ certain, · impossible,
/// else the probability in percent. Then the likeliest envelopes.
pub fn notebook(log: &Log, s: &Solution) -> String {
    let width = s.cards.iter().map(|c| c.chars().count()).max().unwrap_or(4).max(4);
    let mut out = format!("{:width$}", "");
    for h in &s.holders {
        out.push_str(&format!(" {:>9}", truncate(h, 9)));
    }
    out.push('\n');
    for (k, kind) in log.deck.kinds.iter().enumerate() {
        out.push_str(&format!("── {}\n", kind.kind));
        for c in log.deck.kind_range(k) {
            out.push_str(&format!("{:width$}", s.cards[c]));
            for h in 0..s.holders.len() {
                let cell = if s.counts[c][h] == s.total {
                    "✓".to_string()
                } else if s.counts[c][h] == 0 {
                    "·".to_string()
                } else {
                    format!("{:.1}%", 100.0 * s.probability(c, h))
                };
                out.push_str(&format!(" {cell:>9}"));
            }
            out.push('\n');
        }
    }
    let envelopes = match s.envelopes.len() {
        1 => "1 envelope is possible".to_string(),
        n => format!("{n} envelopes are possible"),
    };
    let deals =
        if s.deals == 1 { "1 deal fits".to_string() } else { format!("{} deals fit", s.deals) };
    let model = match s.refuter {
        Refuter::Random => "odds weigh each deal by how likely it makes the cards shown to you (a refuter shows one of their matching cards at random; --refuter any weighs deals alike)",
        Refuter::Any => "odds weigh every deal alike (--refuter any: a refuter may choose which card to show)",
    };
    out.push_str(&format!("{deals} the log; {envelopes}; {model}.\n"));
    for (cards, n) in s.envelopes.iter().take(5) {
        let names: Vec<&str> = cards.iter().map(|&c| s.cards[c].as_str()).collect();
        out.push_str(&format!(
            "  {:>6.2}%  {}\n",
            100.0 * *n as f64 / s.total as f64,
            names.join(", ")
        ));
    }
    match (state_line(log, &s.standing), s.can_accuse()) {
        (Some(state), _) => {
            out.push_str(&state);
            out.push('\n');
        }
        (None, Some(cards)) => out.push_str(&format!(
            "Accuse now: {} (certain).\n",
            cards.iter().map(|&c| s.cards[c].as_str()).collect::<Vec<_>>().join(", ")
        )),
        (None, None) => out.push_str("Not yet certain: do not accuse.\n"),
    }
    out
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// The entries that hold a log's first `events` events (and every hand line).
pub fn upto_events(log: &Log, events: usize) -> usize {
    crate::games::logs::entries_through(&log.entries, events, |e| {
        !matches!(e, crate::games::clue::log::Event::Hand { .. })
    })
}
