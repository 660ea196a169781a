//! Which suggestion to make: the expected information each one gives about the envelope.
//!
//! My suggestion's outcome is who refutes it (the first player to my left holding one of the
//! three cards) and the card they show me, or nobody. For every way that can happen — the
//! refuter is the i-th player to my left and holds exactly the subset S of the three — the
//! core counts the consistent deals exactly, with the envelope's marginals. A refuter holding
//! several of the cards shows each with equal chance (ruling C4: umpire cannot know their
//! habit), so outcome (i, card) mixes the subsets that contain the card with weight 1/|S|.
//!
//! The measure is the information about the envelope kind by kind: for each kind, the
//! entropy of which of its cards is in the envelope, before minus expected after, summed
//! over kinds (ruling C5). Each term is exact up to floating-point rounding, because every
//! count behind it is.

use super::log::{Event, Log};
use super::solve::{build, count, Refuter, SolveError};
use crate::solve::deal::Deal;
use crate::solve::information::expected_gain;
use crate::solve::Budget;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One suggestion and what it is expected to teach.
#[derive(Clone, Debug)]
pub struct Suggestion {
    /// One card per kind, in the deck's kind order.
    pub cards: Vec<usize>,
    /// Expected information about the envelope, in bits (summed over kinds).
    pub bits: f64,
    /// The chance nobody can refute it.
    pub nobody_refutes: f64,
    /// Whether it names a room I said I can reach (`None`: no rooms were given).
    pub reachable: Option<bool>,
}

/// The advice for a log: suggestions best first, and how many were left unevaluated when the
/// budget ran out.
#[derive(Clone, Debug)]
pub struct Advice {
    pub suggestions: Vec<Suggestion>,
    pub unevaluated: usize,
    /// The envelope's uncertainty now, in bits (summed over kinds).
    pub bits_now: f64,
}

/// The kind whose card says where a suggestion is made: the one named "room(s)", else the last.
pub fn room_kind(log: &Log) -> usize {
    let kinds = &log.deck.kinds;
    kinds.iter().position(|k| k.kind.to_lowercase().starts_with("room")).unwrap_or(kinds.len() - 1)
}

/// Rates every suggestion `me` could make (naming one card per kind), best first. `rooms`
/// are the rooms I can reach this turn, if given; the ranking covers every room anyway, so a
/// player sees what the unreachable best would have been.
pub fn advise(log: &Log, rooms: Option<&[usize]>, budget: &Budget) -> Result<Advice, SolveError> {
    // Solving first checks the log and reports a contradiction as such.
    let solution = super::solve::solve(log, None, budget)?;
    let entries: Vec<_> = log.entries.iter().collect();
    let (deal, accusations) = build(log, &entries, Refuter::default())?;
    let kinds = log.deck.kinds.len();
    let envelope = log.players.len();
    let prior = envelope_by_kind(log, &solution.counts, envelope);
    let bits_now: f64 = prior.iter().map(|d| crate::solve::information::entropy(d)).sum();
    let mut all: Vec<Vec<usize>> = vec![Vec::new()];
    for k in 0..kinds {
        all = all
            .into_iter()
            .flat_map(|p| log.deck.kind_range(k).map(move |c| [p.clone(), vec![c]].concat()))
            .collect();
    }
    let room = room_kind(log);
    // Suggestions that a relabelling of look-alike cards turns into each other teach the
    // same: each is rated once, through its representative.
    let class = look_alike(log, &deal);
    let representative =
        |cards: &[usize]| -> Vec<usize> { cards.iter().map(|&c| class[c]).collect() };
    let mut distinct: Vec<Vec<usize>> = all.iter().map(|c| representative(c)).collect();
    distinct.sort();
    distinct.dedup();
    let evaluated = AtomicUsize::new(0);
    let rated: std::collections::HashMap<Vec<usize>, (f64, f64)> = distinct
        .par_iter()
        .filter_map(|cards| {
            if budget.spent().is_some() {
                return None;
            }
            let s = rate(log, &deal, &accusations, cards, &prior, budget).ok()?;
            evaluated.fetch_add(1, Ordering::Relaxed);
            Some((cards.clone(), s))
        })
        .collect();
    let mut suggestions: Vec<Suggestion> = all
        .iter()
        .filter_map(|cards| {
            let &(bits, nobody_refutes) = rated.get(&representative(cards))?;
            let reachable = rooms.map(|r| r.contains(&cards[room]));
            Some(Suggestion { cards: cards.clone(), bits, nobody_refutes, reachable })
        })
        .collect();
    let unevaluated = all.len() - suggestions.len();
    suggestions.sort_by(|a, b| b.bits.total_cmp(&a.bits).then(a.cards.cmp(&b.cards)));
    Ok(Advice { suggestions, unevaluated, bits_now })
}

/// For each card, the card that stands for it: the first of its kind that the log cannot
/// tell apart from it. Two cards of a kind are look-alikes when they may go to the same
/// holders and no event names either (my hand aside, which names a set): swapping them maps
/// every deal the log allows to another, so a suggestion and its swap teach the same.
fn look_alike(log: &Log, deal: &Deal) -> Vec<usize> {
    let mut named = vec![false; log.deck.len()];
    for e in &log.entries {
        match &e.event {
            Event::Hand { .. } => {}
            Event::Suggest { cards, card, .. } => {
                for &c in cards.iter().chain(card) {
                    named[c] = true;
                }
            }
            Event::Accuse { cards, .. } => cards.iter().for_each(|&c| named[c] = true),
            Event::Seen { card, .. } => named[*card] = true,
        }
    }
    (0..log.deck.len())
        .map(|c| {
            if named[c] {
                return c;
            }
            log.deck
                .kind_range(log.deck.kind_of(c))
                .find(|&d| !named[d] && deal.allowed[d] == deal.allowed[c])
                .unwrap_or(c)
        })
        .collect()
}

/// For each kind, the weights of its cards being in the envelope.
fn envelope_by_kind(log: &Log, counts: &[Vec<u128>], envelope: usize) -> Vec<Vec<f64>> {
    (0..log.deck.kinds.len())
        .map(|k| log.deck.kind_range(k).map(|c| counts[c][envelope] as f64).collect())
        .collect()
}

/// One way my suggestion can turn out, with the deals' weight and the envelope's weights by
/// kind given it.
struct Observed {
    key: (Option<usize>, usize),
    weight: f64,
    envelope: Vec<Vec<f64>>,
}

/// (expected bits about the envelope, chance nobody refutes) for my suggesting `cards`.
fn rate(
    log: &Log,
    deal: &Deal,
    accusations: &[Vec<usize>],
    cards: &[usize],
    prior: &[Vec<f64>],
    budget: &Budget,
) -> Result<(f64, f64), SolveError> {
    let players = log.players.len();
    let envelope = players;
    let me = log.me;
    // Outcomes keyed by (refuter seat, card shown), or (None, 0) for nobody.
    let mut outcomes: Vec<Observed> = Vec::new();
    let mut add = |key: (Option<usize>, usize), weight: f64, by_kind: Vec<Vec<f64>>| match outcomes
        .iter_mut()
        .find(|o| o.key == key)
    {
        Some(o) => {
            o.weight += weight;
            for (a, b) in o.envelope.iter_mut().zip(&by_kind) {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
            }
        }
        None => outcomes.push(Observed { key, weight, envelope: by_kind }),
    };
    let mut before = deal.clone();
    let mut seat = (me + 1) % players;
    while seat != me {
        // Subsets of the named cards this player may hold.
        let possible: Vec<usize> =
            cards.iter().copied().filter(|&c| before.allowed[c] & (1 << seat) != 0).collect();
        for mask in 1u32..(1 << possible.len()) {
            let held: Vec<usize> = (0..possible.len())
                .filter(|&b| mask & (1 << b) != 0)
                .map(|b| possible[b])
                .collect();
            let mut d = before.clone();
            for &c in cards {
                if held.contains(&c) {
                    d.place(c, seat);
                } else {
                    d.forbid(c, seat);
                }
            }
            let counted = count(&d, accusations, envelope, budget)?;
            if counted.total == 0 {
                continue;
            }
            let share = 1.0 / held.len() as f64;
            let by_kind: Vec<Vec<f64>> = envelope_by_kind(log, &counted.marginals, envelope)
                .into_iter()
                .map(|k| k.into_iter().map(|w| w * share).collect())
                .collect();
            for &c in &held {
                add((Some(seat), c), counted.total as f64 * share, by_kind.clone());
            }
        }
        for &c in cards {
            before.forbid(c, seat);
        }
        seat = (seat + 1) % players;
    }
    let nobody = count(&before, accusations, envelope, budget)?;
    let total_nobody = nobody.total as f64;
    if nobody.total > 0 {
        add((None, 0), total_nobody, envelope_by_kind(log, &nobody.marginals, envelope));
    }
    let total: f64 = outcomes.iter().map(|o| o.weight).sum();
    let bits = (0..prior.len())
        .map(|k| {
            let per_outcome: Vec<(f64, Vec<f64>)> =
                outcomes.iter().map(|o| (o.weight, o.envelope[k].clone())).collect();
            expected_gain(&prior[k], &per_outcome)
        })
        .sum();
    Ok((bits, total_nobody / total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::clue::log::parse;

    /// Rating each suggestion on its own gives what the look-alike shortcut gives.
    #[test]
    fn look_alike_cards_are_rated_alike() {
        for text in [
            "players: Ann 3, Bob 3, Cat 3, Dan 3, Eve 3, Fay 3\nme: Ann\nhand: Scarlet, Knife, Kitchen\n",
            "players: Ann 6, Bob 6, Cat 6\nme: Ann\nhand: Scarlet, Mustard, Knife, Kitchen, Ballroom, Study\n\
             suggest Bob: Green, Rope, Study; passed Cat; shown by Ann: Study\n\
             suggest Cat: Plum, Rope, Lounge; shown by Bob\n",
        ] {
            let log = parse(text, &|_| Err("no files".into())).unwrap();
            let budget = Budget::unlimited();
            let advice = advise(&log, None, &budget).unwrap();
            assert_eq!(advice.unevaluated, 0);
            assert_eq!(advice.suggestions.len(), 6 * 6 * 9);
            let entries: Vec<_> = log.entries.iter().collect();
            let (deal, accusations) = build(&log, &entries, Refuter::default()).unwrap();
            let solution = super::super::solve::solve(&log, None, &budget).unwrap();
            let prior = envelope_by_kind(&log, &solution.counts, log.players.len());
            // Every suggestion with three players; a spread of them with six (each is
            // slow to rate on its own, which is the point of the shortcut).
            let step = if log.players.len() == 6 { 13 } else { 1 };
            for s in advice.suggestions.iter().step_by(step) {
                let (bits, nobody) = rate(&log, &deal, &accusations, &s.cards, &prior, &budget).unwrap();
                assert!((bits - s.bits).abs() < 1e-9 && (nobody - s.nobody_refutes).abs() < 1e-12, "{:?}", s.cards);
            }
        }
    }
}

/// Why a card is a good one to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShowReason {
    /// The suggester has seen it from me already, on this line: they learn nothing new.
    SeenBy { line: usize },
    /// Others have seen it from me (the lines): showing it again keeps the set of cards
    /// anyone has seen from me small.
    ShownBefore { lines: Vec<usize> },
    /// Nobody has seen it from me yet.
    NeverShown,
}

/// Which of my cards to show when `suggester` names `cards` and I can refute, best first
/// (ruling C13): one they have seen from me already, then one I have shown others (most
/// often first), then the rest in deck order. Empty when I hold none of them.
pub fn cards_to_show(log: &Log, suggester: usize, cards: &[usize]) -> Vec<(usize, ShowReason)> {
    let mine: Vec<usize> = log
        .entries
        .iter()
        .filter_map(|e| match &e.event {
            Event::Hand { cards } => Some(cards.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    let mut shown: Vec<(usize, usize, usize)> = Vec::new(); // (card, to, line)
    for e in &log.entries {
        if let Event::Suggest { by, shown_by: Some(me), card: Some(card), .. } = &e.event {
            if *me == log.me {
                shown.push((*card, *by, e.line));
            }
        }
    }
    let mut ranked: Vec<(usize, ShowReason)> = cards
        .iter()
        .copied()
        .filter(|c| mine.contains(c))
        .map(|c| {
            let to_them = shown.iter().find(|(card, to, _)| *card == c && *to == suggester);
            let lines: Vec<usize> =
                shown.iter().filter(|(card, _, _)| *card == c).map(|(_, _, l)| *l).collect();
            let reason = match (to_them, lines.is_empty()) {
                (Some(&(_, _, line)), _) => ShowReason::SeenBy { line },
                (None, false) => ShowReason::ShownBefore { lines },
                (None, true) => ShowReason::NeverShown,
            };
            (c, reason)
        })
        .collect();
    let rank = |r: &ShowReason| match r {
        ShowReason::SeenBy { .. } => (0, 0),
        ShowReason::ShownBefore { lines } => (1, usize::MAX - lines.len()),
        ShowReason::NeverShown => (2, 0),
    };
    ranked.sort_by_key(|(c, r)| (rank(r), *c));
    ranked
}
