//! Truthful random games: a seeded deal and a log of random suggestions as one player saw
//! them. Tests check the solver against the known deal, and benches time it on real-sized
//! games.

use super::Deck;
use crate::util::random::SplitMix64;

/// A dealt game and the log `me` would write of it.
#[derive(Clone, Debug)]
pub struct SimulatedGame {
    /// `deal[card]`: the player holding it, or `players` for the envelope.
    pub deal: Vec<usize>,
    /// The log text (`grammar/clue-log.ebnf`), one event per line after the header.
    pub log: String,
}

/// Deals `deck` to `players` seats (hands as even as the deck allows, the first seats get the
/// extra cards) and plays `events` turns of random suggestions; about one turn in twenty is
/// a wrong accusation instead, after which that player makes no more moves (the log may be
/// shorter if everyone is out). Player 0 is `me`; the log's `deck:` line says `deck_ref`.
pub fn random_game(
    deck: &Deck,
    deck_ref: &str,
    players: usize,
    events: usize,
    seed: u64,
) -> SimulatedGame {
    assert!(players >= 2, "a game has at least two players");
    let mut rng = SplitMix64::new(seed);
    let kinds = deck.kinds.len();
    let envelope = players;
    let mut deal = vec![usize::MAX; deck.len()];
    for k in 0..kinds {
        let r = deck.kind_range(k);
        deal[r.start + rng.below(r.len() as u64) as usize] = envelope;
    }
    let mut rest: Vec<usize> = (0..deck.len()).filter(|&c| deal[c] == usize::MAX).collect();
    rng.shuffle(&mut rest);
    let base = rest.len() / players;
    let extra = rest.len() % players;
    let sizes: Vec<usize> = (0..players).map(|p| base + usize::from(p < extra)).collect();
    let mut next = rest.into_iter();
    for (p, &size) in sizes.iter().enumerate() {
        for c in next.by_ref().take(size) {
            deal[c] = p;
        }
    }
    let name = |p: usize| format!("P{}", p + 1);
    let cards = |cs: &[usize]| cs.iter().map(|&c| deck.name_of(c)).collect::<Vec<_>>().join(", ");
    let seats: Vec<String> = (0..players).map(|p| format!("{} {}", name(p), sizes[p])).collect();
    let mut log = format!(
        "# A random game, seed {seed}.\ndeck: {deck_ref}\nplayers: {}\nme: P1\n",
        seats.join(", ")
    );
    log.push_str(&format!(
        "hand: {}\n",
        cards(&(0..deck.len()).filter(|&c| deal[c] == 0).collect::<Vec<_>>())
    ));
    let mut written = 0;
    let mut turn = 0;
    // A player out after a wrong accusation makes no more moves (ruling C8).
    let mut out = vec![false; players];
    while written < events && out.iter().any(|&o| !o) {
        let by = turn % players;
        turn += 1;
        if out[by] {
            continue;
        }
        let named: Vec<usize> = (0..kinds)
            .map(|k| {
                let r = deck.kind_range(k);
                r.start + rng.below(r.len() as u64) as usize
            })
            .collect();
        if rng.below(20) == 0 {
            if named.iter().all(|&c| deal[c] == envelope) {
                continue; // a right accusation would end the game
            }
            log.push_str(&format!("accuse {}: {} wrong\n", name(by), cards(&named)));
            out[by] = true;
            written += 1;
            continue;
        }
        let mut line = format!("suggest {}: {}", name(by), cards(&named));
        let mut seat = (by + 1) % players;
        while seat != by {
            let held: Vec<usize> = named.iter().copied().filter(|&c| deal[c] == seat).collect();
            if !held.is_empty() {
                let shown = held[rng.below(held.len() as u64) as usize];
                line.push_str(&format!("; shown by {}", name(seat)));
                if by == 0 || seat == 0 {
                    line.push_str(&format!(": {}", deck.name_of(shown)));
                }
                break;
            }
            seat = (seat + 1) % players;
        }
        log.push_str(&line);
        log.push('\n');
        written += 1;
    }
    SimulatedGame { deal, log }
}
