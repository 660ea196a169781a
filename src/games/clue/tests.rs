//! The Clue solver against brute-force enumeration of every deal of a small deck, on logs
//! generated from known deals, after every event; a hand-checked scenario; a contradiction.

use super::log::{parse, Entry, Event, Log};
use super::solve::{solve, solve_with, Refuter, SolveError};
use super::{Deck, Kind};
use crate::solve::Budget;
use crate::util::random::SplitMix64;

fn small_deck() -> Deck {
    let kind = |k: &str, cards: &[&str]| Kind {
        kind: k.into(),
        cards: cards.iter().map(|c| c.to_string()).collect(),
    };
    Deck {
        name: "small".into(),
        kinds: vec![
            kind("who", &["Ann", "Bo"]),
            kind("what", &["axe", "bat"]),
            kind("where", &["cellar", "den", "attic"]),
        ],
        aliases: Default::default(),
    }
}

/// Whether a deal (card → holder; envelope = players) fits an event, by the rules directly.
fn fits(deal: &[usize], players: usize, me: usize, e: &Event) -> bool {
    let envelope = players;
    match e {
        Event::Hand { cards } => cards.iter().all(|&c| deal[c] == me),
        Event::Seen { player, card } => deal[*card] == *player,
        Event::Accuse { cards, correct, .. } => {
            cards.iter().all(|&c| deal[c] == envelope) == *correct
        }
        Event::Suggest { by, cards, passed, shown_by, card } => {
            let holds = |p: usize| cards.iter().any(|&c| deal[c] == p);
            let mut seat = (by + 1) % players;
            while seat != *by && Some(seat) != *shown_by {
                if holds(seat) {
                    return false;
                }
                seat = (seat + 1) % players;
            }
            passed.iter().all(|&p| !holds(p))
                && match (shown_by, card) {
                    (Some(r), Some(c)) => deal[*c] == *r,
                    (Some(r), None) => holds(*r),
                    (None, _) => true,
                }
        }
    }
}

/// Every deal of the deck to `sizes` and an envelope with one card per kind.
fn all_deals(deck: &Deck, sizes: &[u32]) -> Vec<Vec<usize>> {
    let n = deck.len();
    let holders = sizes.len() + 1;
    let mut caps: Vec<u32> = sizes.to_vec();
    caps.push(deck.kinds.len() as u32);
    let mut out = Vec::new();
    let mut deal = vec![0; n];
    fn go(
        i: usize,
        deal: &mut Vec<usize>,
        caps: &mut Vec<u32>,
        holders: usize,
        deck: &Deck,
        out: &mut Vec<Vec<usize>>,
    ) {
        if i == deal.len() {
            let env = holders - 1;
            if (0..deck.kinds.len())
                .all(|k| deck.kind_range(k).filter(|&c| deal[c] == env).count() == 1)
            {
                out.push(deal.clone());
            }
            return;
        }
        for h in 0..holders {
            if caps[h] > 0 {
                caps[h] -= 1;
                deal[i] = h;
                go(i + 1, deal, caps, holders, deck, out);
                caps[h] += 1;
            }
        }
    }
    go(0, &mut deal, &mut caps, holders, deck, &mut out);
    out
}

/// A random, truthful log of `events` events for a random deal.
fn random_log(seed: u64, events: usize) -> Log {
    let deck = small_deck();
    let mut rng = SplitMix64::new(seed);
    let sizes = vec![2u32, 2];
    let deals = all_deals(&deck, &sizes);
    let truth = deals[rng.below(deals.len() as u64) as usize].clone();
    let players = 2;
    let me = 0;
    let mut entries = vec![Entry {
        event: Event::Hand { cards: (0..deck.len()).filter(|&c| truth[c] == me).collect() },
        line: 1,
        span: (0, 0).into(),
        text: "hand".into(),
    }];
    for i in 0..events {
        let by = rng.below(players as u64) as usize;
        let cards: Vec<usize> = (0..3)
            .map(|k| {
                let r = deck.kind_range(k);
                r.start + rng.below(r.len() as u64) as usize
            })
            .collect();
        let event = match rng.below(5) {
            0 => Event::Accuse { by, cards: cards.clone(), correct: false },
            _ => {
                let other = (by + 1) % players;
                let held: Vec<usize> =
                    cards.iter().copied().filter(|&c| truth[c] == other).collect();
                let (shown_by, card) = if held.is_empty() {
                    (None, None)
                } else {
                    let c = held[rng.below(held.len() as u64) as usize];
                    (Some(other), (by == me || other == me).then_some(c))
                };
                Event::Suggest { by, cards: cards.clone(), passed: Vec::new(), shown_by, card }
            }
        };
        if let Event::Accuse { cards, .. } = &event {
            if cards.iter().all(|&c| truth[c] == players) {
                continue; // a right accusation ends the game; logs hold only wrong ones
            }
        }
        entries.push(Entry { event, line: i + 2, span: (0, 0).into(), text: String::new() });
    }
    Log { deck, players: vec!["me".into(), "you".into()], hand_sizes: sizes, me, entries }
}

/// How well a deal explains the cards shown to me (RULINGS C4, issue 60): for each card a
/// refuter showed me, 1/k when they held k of the three; scaled by 6 a show so it stays whole.
fn likelihood(deal: &[usize], log: &Log, upto: usize, refuter: Refuter) -> u128 {
    let mut w = 1u128;
    for e in &log.entries[..upto] {
        if let Event::Suggest { by, cards, shown_by: Some(r), card: Some(_), .. } = &e.event {
            if refuter == Refuter::Random && *by == log.me && *r != log.me {
                let k = cards.iter().filter(|&&c| deal[c] == *r).count() as u128;
                w *= 6 / k;
            } else {
                w *= 6;
            }
        }
    }
    w
}

#[test]
fn odds_equal_brute_force_after_every_event_under_both_models() {
    let mut weighed = 0;
    for seed in 0..40 {
        let log = random_log(seed, 6);
        let deals = all_deals(&log.deck, &log.hand_sizes);
        for upto in 0..=log.entries.len() {
            let fitting: Vec<&Vec<usize>> = deals
                .iter()
                .filter(|d| log.entries[..upto].iter().all(|e| fits(d, 2, 0, &e.event)))
                .collect();
            for refuter in [Refuter::Random, Refuter::Any] {
                let s = solve_with(&log, Some(upto), refuter, &Budget::unlimited())
                    .expect("a truthful log is consistent");
                assert_eq!(s.deals, fitting.len() as u128, "seed {seed}, {upto} events");
                let w = |d: &Vec<usize>| likelihood(d, &log, upto, refuter);
                let total: u128 = fitting.iter().map(|d| w(d)).sum();
                // Exact fractions, compared crosswise: counts/total = brute/total'.
                let same = |count: u128, brute: u128| count * total == brute * s.total;
                for c in 0..log.deck.len() {
                    for h in 0..3 {
                        let brute: u128 = fitting.iter().filter(|d| d[c] == h).map(|d| w(d)).sum();
                        assert!(
                            same(s.counts[c][h], brute),
                            "seed {seed}, {upto} events, {refuter:?}: card {c} holder {h}: {}/{} against {brute}/{total}",
                            s.counts[c][h],
                            s.total
                        );
                    }
                }
                let envelope_total: u128 = s.envelopes.iter().map(|e| e.1).sum();
                assert_eq!(envelope_total, s.total);
                for (cards, n) in &s.envelopes {
                    let brute: u128 = fitting
                        .iter()
                        .filter(|d| cards.iter().all(|&c| d[c] == 2))
                        .map(|d| w(d))
                        .sum();
                    assert!(same(*n, brute), "seed {seed}: envelope {cards:?}");
                }
                if refuter == Refuter::Random && s.total != s.deals {
                    weighed += 1;
                }
            }
        }
    }
    // The logs show me cards, some from a refuter holding two of the three: the weights
    // must have mattered somewhere, or this test says nothing about them.
    assert!(weighed >= 20, "only {weighed} states were weighed");
}

fn classic_log(text: &str) -> Log {
    parse(text, &|_| Err("no files in tests".into())).unwrap()
}

#[test]
fn a_hand_checked_classic_scenario() {
    // Three players, 6 cards each. I hold six cards; nobody can refute Bob's suggestion of
    // Plum, Rope, Hall, so each is Bob's or the envelope's. I then see Bob's Rope and Hall.
    let log = classic_log(
        "players: Ann 6, Bob 6, Cat 6\nme: Ann\n\
         hand: Scarlet, Mustard, Knife, Kitchen, Ballroom, Study\n\
         suggest Bob: Plum, Rope, Hall; passed Cat, Ann\n\
         seen Bob: Rope\nseen Bob: Hall\n",
    );
    let s = solve(&log, None, &Budget::unlimited()).unwrap();
    let card = |n: &str| log.deck.find(n).unwrap();
    assert_eq!(s.certain_holder(card("Scarlet")), Some(0));
    // Nobody but Bob or the envelope can have Plum; Cat certainly not.
    assert_eq!(s.counts[card("Plum")][2], 0);
    assert_eq!(s.counts[card("Plum")][0], 0);
    assert_eq!(s.certain_holder(card("Rope")), Some(1));
    // Neither the Rope nor the Hall is in the envelope.
    assert!(s
        .envelopes
        .iter()
        .all(|(cards, _)| !cards.contains(&card("Rope")) && !cards.contains(&card("Hall"))));
    assert!(s.can_accuse().is_none());
}

#[test]
fn a_contradictory_log_names_the_lines_that_conflict() {
    let log = classic_log(
        "players: Ann 6, Bob 6, Cat 6\nme: Ann\n\
         hand: Scarlet, Mustard, Knife, Kitchen, Ballroom, Study\n\
         suggest Cat: Green, Wrench, Lounge; passed Ann, Bob\n\
         seen Bob: Wrench\n\
         seen Cat: Hall\n",
    );
    match solve(&log, None, &Budget::unlimited()) {
        Err(SolveError::Contradiction { lines, .. }) => assert_eq!(lines, vec![4, 5]),
        other => panic!("{other:?}"),
    }
    // Undo: the log up to line 4 is fine.
    assert!(solve(&log, Some(2), &Budget::unlimited()).is_ok());
}

#[test]
fn bad_logs_are_diagnostics() {
    let parse = |t: &str| parse(t, &|_| Err("no files".into())).map(|_| ()).unwrap_err().message;
    assert!(parse("players: Ann 6, Bob 6, Cat 6\nme: Ann\nhand: Scar, Moose\n")
        .contains("no card `Moose`"));
    assert!(parse("players: Ann 9, Bob 9\nme: Ann\nhand: L\n")
        .contains("`L` could be Lead Pipe or Library or Lounge"));
    assert!(parse("players: Ann six\n").contains("not a player with a hand size"));
    assert!(parse("players: Ann 99999999999\n").contains("larger than any deck"));
    assert!(parse("deck: classic\nplayers: Ann 6, Bob 6, Cat 6\nme: Ann\nhand: Knife, Rope, Knife, Hall, Study, Plum\n").contains("named twice"));
    assert!(parse("players: Ann 9, Bob 9\nme: Zed\n").contains("no player `Zed`"));
    assert!(parse("hello\n").contains("a log line is"));
    assert!(parse("players: Ann 9, Bob 9\n").contains("who is `me`"));
    let crowd: Vec<String> = (0..70).map(|i| format!("P{i} {}", u32::from(i < 18))).collect();
    assert!(parse(&format!("players: {}\nme: P0\n", crowd.join(", "))).contains("at most 63"));
    assert!(parse("players: Ann 4294967295, Bob 4294967295\nme: Ann\n")
        .contains("larger than the deck"));
    // Hands that do not add up to the cards dealt are refused when read (issue 35), and by
    // the solver for a log built in code.
    assert!(parse("players: Ann 5, Bob 6, Cat 6\nme: Ann\n").contains("the hands hold 17 cards"));
    let mut sizes = classic_log("players: Ann 6, Bob 6, Cat 6\nme: Ann\n");
    sizes.hand_sizes[0] = 5;
    assert!(matches!(solve(&sizes, None, &Budget::unlimited()), Err(SolveError::Setup { .. })));
    let text = "players: Ann 6, Bob 6, Cat 6\nme: Ann\nsuggest Bob: Plum, Rope; passed Cat\n";
    let e = super::log::parse(text, &|_| Err("no files".into())).unwrap_err();
    assert_eq!(e.message, "a suggestion names one card of each of the 3 kinds");
    assert_eq!(e.span, (37, 35).into());
    assert_eq!(
        e.help.as_deref(),
        Some("one card of each kind (suspect, weapon, room), like `Scarlet, Candlestick, Kitchen`")
    );
    assert!(parse("players: Ann 6, Bob 6, Cat 6\nme: Ann\nsuggest Bob: Plum, Rope, Hall; shown by Cat: Knife\n").contains("Knife was not suggested"));
    assert!(parse("players: Ann 6, Bob 6, Cat 6\nme: Ann\nsuggest Bob: Plum, Rope, Hall; shown by Cat: Rope\n").contains("only the suggester sees"));
    // A log built in code is checked by the solver too.
    let mut wrong = classic_log("players: Ann 6, Bob 6, Cat 6\nme: Ann\n");
    wrong.entries.push(Entry {
        event: Event::Suggest { by: 1, cards: vec![0], passed: vec![], shown_by: None, card: None },
        line: 3,
        span: (0, 0).into(),
        text: String::new(),
    });
    assert!(matches!(
        solve(&wrong, None, &Budget::unlimited()),
        Err(SolveError::Event { line: 3, .. })
    ));
}

/// The expected information about the envelope, kind by kind, by enumerating every deal
/// that fits the log and the refuter's equally likely choices (the advisor's rulings C4, C5).
fn brute_bits(log: &Log, deals: &[Vec<usize>], cards: &[usize]) -> f64 {
    let players = log.players.len();
    let envelope = players;
    let fitting: Vec<&Vec<usize>> = deals
        .iter()
        .filter(|d| log.entries.iter().all(|e| fits(d, players, log.me, &e.event)))
        .collect();
    let h = |w: &[f64]| {
        let t: f64 = w.iter().sum();
        w.iter().filter(|&&x| x > 0.0).map(|&x| -(x / t) * (x / t).log2()).sum::<f64>()
    };
    // Outcome → (weight, envelope card weights for each kind).
    let kinds = log.deck.kinds.len();
    type Weights = (f64, Vec<Vec<f64>>);
    let mut outcomes: std::collections::BTreeMap<(usize, usize), Weights> = Default::default();
    let mut prior = vec![vec![0.0; log.deck.len()]; kinds];
    for d in &fitting {
        let mut seat = (log.me + 1) % players;
        let mut shown: Vec<((usize, usize), f64)> = vec![((usize::MAX, 0), 1.0)];
        while seat != log.me {
            let held: Vec<usize> = cards.iter().copied().filter(|&c| d[c] == seat).collect();
            if !held.is_empty() {
                shown = held.iter().map(|&c| ((seat, c), 1.0 / held.len() as f64)).collect();
                break;
            }
            seat = (seat + 1) % players;
        }
        for (key, w) in shown {
            let o = outcomes
                .entry(key)
                .or_insert_with(|| (0.0, vec![vec![0.0; log.deck.len()]; kinds]));
            o.0 += w;
            for c in 0..log.deck.len() {
                if d[c] == envelope {
                    o.1[log.deck.kind_of(c)][c] += w;
                }
            }
        }
        for c in 0..log.deck.len() {
            if d[c] == envelope {
                prior[log.deck.kind_of(c)][c] += 1.0;
            }
        }
    }
    let total: f64 = outcomes.values().map(|o| o.0).sum();
    (0..kinds)
        .map(|k| h(&prior[k]) - outcomes.values().map(|o| o.0 / total * h(&o.1[k])).sum::<f64>())
        .sum()
}

#[test]
fn advice_equals_brute_force_information() {
    use super::advise::advise;
    for seed in 0..12 {
        let mut log = random_log(seed, 3);
        // Three players: me with two cards, two others with one each.
        log.players = vec!["me".into(), "you".into(), "them".into()];
        log.hand_sizes = vec![2, 1, 1];
        let deck = log.deck.clone();
        let deals = all_deals(&deck, &log.hand_sizes);
        // Keep the events true of one deal of the new seating: my hand and others' refutations.
        let truth = deals[(seed as usize * 7) % deals.len()].clone();
        log.entries
            .retain(|e| fits(&truth, 3, 0, &e.event) && !matches!(e.event, Event::Hand { .. }));
        log.entries.insert(
            0,
            Entry {
                event: Event::Hand { cards: (0..deck.len()).filter(|&c| truth[c] == 0).collect() },
                line: 1,
                span: (0, 0).into(),
                text: String::new(),
            },
        );
        let advice =
            advise(&log, Some(&[deck.find("den").unwrap()]), &Budget::unlimited()).unwrap();
        assert_eq!(advice.unevaluated, 0);
        assert_eq!(advice.suggestions.len(), 2 * 2 * 3);
        for s in &advice.suggestions {
            let want = brute_bits(&log, &deals, &s.cards);
            assert!(
                (s.bits - want).abs() < 1e-9,
                "seed {seed} {:?}: {} vs {want}",
                s.cards,
                s.bits
            );
            assert_eq!(s.reachable, Some(s.cards[2] == deck.find("den").unwrap()));
        }
        assert!(advice.suggestions.windows(2).all(|w| w[0].bits >= w[1].bits));
    }
}

#[test]
fn simulated_games_are_consistent_and_the_truth_is_always_possible() {
    use super::simulate::random_game;
    let deck = Deck::builtin("classic").unwrap();
    for (players, seed) in [(3, 1), (4, 2), (6, 3)] {
        let game = random_game(&deck, "classic", players, 20, seed);
        let log = classic_log(&game.log);
        let s = solve(&log, None, &Budget::unlimited()).expect("a truthful log");
        let envelope = players;
        for c in 0..deck.len() {
            assert!(s.counts[c][game.deal[c]] > 0, "the true holder of card {c} is possible");
            if let Some(h) = s.certain_holder(c) {
                assert_eq!(h, game.deal[c]);
            }
        }
        let truth: Vec<usize> = (0..deck.len()).filter(|&c| game.deal[c] == envelope).collect();
        assert!(s.envelopes.iter().any(|(cards, _)| *cards == truth));
    }
}

// Illegal sequences (issue 22): each is a diagnostic at its line, with a hint, before any
// inference; a correct accusation ends the game and is checked against the log.

const FOUR: &str = "players: Ann 5, Bob 5, Cat 4, Dan 4\nme: Ann\nhand: Scarlet, Mustard, Knife, Kitchen, Ballroom\n";

/// The error a log ends in, with the span the line `bad` has in it.
fn illegal(text: &str, bad: &str) -> (crate::games::logs::LogError, miette::SourceSpan) {
    let e = parse(text, &|_| Err("no files".into())).expect_err("an illegal log");
    let at = text.find(bad).expect("the bad line is in the log");
    (e, (at, bad.len()).into())
}

#[test]
fn refusals_go_round_the_table_in_seat_order() {
    let bad = "suggest Ann: Plum, Rope, Hall; passed Cat, Bob; shown by Dan";
    let (e, span) = illegal(&format!("{FOUR}{bad}\n"), bad);
    assert_eq!(e.message, "`passed` lists Cat before Bob, but Bob is asked first");
    assert_eq!(e.span, span);
    assert_eq!(e.help.as_deref(), Some("players are asked in seat order from Ann's left (Bob, Cat, Dan): write `passed Bob, Cat`"));
    // Whoever showed a card is the last one asked.
    let bad = "suggest Ann: Plum, Rope, Hall; passed Dan; shown by Cat";
    let (e, span) = illegal(&format!("{FOUR}{bad}\n"), bad);
    assert_eq!(e.message, "Dan is listed as passing, but Cat showed a card before Dan was asked");
    assert_eq!(e.span, span);
    assert!(e.help.unwrap().contains("once a card is shown nobody else is asked"));
    let bad = "suggest Bob: Plum, Rope, Hall; passed Cat; shown by Cat";
    assert_eq!(
        illegal(&format!("{FOUR}{bad}\n"), bad).0.message,
        "Cat is listed both as passing and as showing a card"
    );
    let bad = "suggest Bob: Plum, Rope, Hall; passed Cat, Cat";
    assert!(illegal(&format!("{FOUR}{bad}\n"), bad).0.message.contains("Cat is listed twice"));
    let bad = "suggest Bob: Plum, Rope, Hall; passed Cat, Bob";
    assert_eq!(
        illegal(&format!("{FOUR}{bad}\n"), bad).0.message,
        "Bob made this suggestion and does not answer it"
    );
    // Round the table from Cat's left: Dan, Ann, then Bob; players left out passed (C1).
    let ok = classic_log(&format!("{FOUR}suggest Cat: Plum, Rope, Hall; passed Dan, Ann; shown by Bob\nsuggest Dan: Green, Wrench, Lounge; passed Ann\nsuggest Dan: Green, Rope, Hall; shown by Cat\n"));
    assert!(solve(&ok, None, &Budget::unlimited()).is_ok());
}

#[test]
fn a_player_out_after_a_wrong_accusation_only_shows_cards() {
    let accuse = "accuse Bob: Plum, Rope, Hall wrong";
    let bad = "suggest Bob: Green, Rope, Hall; shown by Cat";
    let (e, span) = illegal(&format!("{FOUR}{accuse}\n{bad}\n"), bad);
    assert_eq!(e.message, "Bob accused wrongly on line 4 and is out of the game: a player who is out no longer suggests");
    assert_eq!(e.span, span);
    assert_eq!(e.help.as_deref(), Some("Bob still shows cards to the others; check who made this move, or whether line 4 was wrong"));
    let bad = "accuse Bob: Green, Rope, Hall wrong";
    assert!(illegal(&format!("{FOUR}{accuse}\n{bad}\n"), bad)
        .0
        .message
        .ends_with("no longer accuses"));
    let bad = "accuse Bob: Green, Rope, Hall correct";
    assert!(illegal(&format!("{FOUR}{accuse}\n{bad}\n"), bad)
        .0
        .message
        .ends_with("no longer accuses"));
    // Bob still answers: passing and showing are legal, and count.
    let log = classic_log(&format!("{FOUR}{accuse}\nsuggest Ann: Plum, Wrench, Hall; passed Bob; shown by Cat\nsuggest Cat: Green, Rope, Lounge; passed Dan; shown by Bob\n"));
    let s = solve(&log, None, &Budget::unlimited()).unwrap();
    assert_eq!(s.standing.out, vec![(1, 4)]);
    assert!(s.standing.over.is_none());
    assert_eq!(s.counts[log.deck.find("Plum").unwrap()][1], 0, "Bob passed on Plum");
}

#[test]
fn an_accusation_says_wrong_or_correct() {
    let bad = "accuse Bob: Plum, Rope, Hall";
    let (e, span) = illegal(&format!("{FOUR}{bad}\n"), bad);
    assert_eq!(e.message, "an accusation says whether it was `wrong` or `correct`");
    assert_eq!(e.span, span);
    assert!(e.help.unwrap().contains("end the line with `wrong`"));
    for (line, correct) in [
        ("accuse Bob: Plum, Rope, Hall WRONG", false),
        ("accuse Bob: Plum, Rope, Hall, correct", true),
    ] {
        let log = classic_log(&format!("{FOUR}{line}\n"));
        assert!(
            matches!(&log.entries[1].event, Event::Accuse { cards, correct: c, .. } if cards.len() == 3 && *c == correct),
            "{line}"
        );
    }
    // An accusation names one card of each kind, like a suggestion.
    let bad = "accuse Bob: Plum, Green, Hall wrong";
    let (e, span) = illegal(&format!("{FOUR}{bad}\n"), bad);
    assert_eq!(
        (e.message.as_str(), e.span),
        ("an accusation names one card of each of the 3 kinds", span)
    );
}

#[test]
fn a_correct_accusation_ends_the_game() {
    let won = "accuse Cat: Plum, Rope, Hall correct";
    let text = format!("{FOUR}suggest Ann: Plum, Rope, Hall; passed Bob, Cat, Dan\n{won}\n");
    let log = classic_log(&text);
    let s = solve(&log, None, &Budget::unlimited()).unwrap();
    let plum_rope_hall: Vec<usize> =
        ["Plum", "Rope", "Hall"].iter().map(|c| log.deck.find(c).unwrap()).collect();
    assert_eq!(
        s.standing.over,
        Some(crate::games::logs::Over::Won { player: 2, line: 5, named: plum_rope_hall.clone() })
    );
    assert_eq!(s.can_accuse(), Some(plum_rope_hall.as_slice()));
    let notes = super::solve::notebook(&log, &s);
    assert!(
        notes.ends_with(
            "The game is over: Cat accused correctly on line 5 (Plum, Rope, Hall) and wins.\n"
        ),
        "{notes}"
    );
    assert!(!notes.contains("Accuse now"));
    // Before line 5 the game is on.
    assert!(solve(&log, Some(2), &Budget::unlimited()).unwrap().standing.over.is_none());
    // Nothing happens after it, not even a card seen.
    for later in [
        "seen Bob: Green",
        "suggest Dan: Green, Rope, Hall",
        "accuse Ann: Plum, Rope, Hall correct",
    ] {
        let (e, span) = illegal(&format!("{text}{later}\n"), later);
        assert_eq!(
            e.message,
            "the game ended on line 5, when Cat accused correctly: nothing happens after it",
            "{later}"
        );
        assert_eq!(e.span, span);
        assert!(e.help.unwrap().contains("if the accusation on line 5 was wrong"));
    }
}

#[test]
fn a_correct_accusation_the_log_rules_out_names_the_lines() {
    let log = classic_log(&format!(
        "{FOUR}suggest Ann: Plum, Rope, Hall; shown by Bob: Rope\nsuggest Dan: Green, Wrench, Lounge; passed Ann, Bob\naccuse Cat: Plum, Rope, Hall correct\n"
    ));
    match solve(&log, None, &Budget::unlimited()) {
        Err(SolveError::Refuted { line, claim, lines, texts, .. }) => {
            assert_eq!((line, claim.as_str()), (6, "Cat's accusation (Plum, Rope, Hall)"));
            assert_eq!(lines, vec![4, 6]);
            assert_eq!(texts[0], "suggest Ann: Plum, Rope, Hall; shown by Bob: Rope");
        }
        other => panic!("{other:?}"),
    }
    let e = solve(&log, None, &Budget::unlimited()).unwrap_err();
    assert_eq!(e.to_string(), "line 6 says Cat's accusation (Plum, Rope, Hall) was correct, but the log rules that out: lines 4, 6 contradict each other");
    assert!(e.is_contradiction());
    // A correct accusation of what my own hand holds is ruled out by the hand.
    let mine = classic_log(&format!("{FOUR}accuse Bob: Scarlet, Rope, Hall correct\n"));
    assert!(
        matches!(solve(&mine, None, &Budget::unlimited()), Err(SolveError::Refuted { lines, .. }) if lines == vec![3, 4])
    );
}

#[test]
fn when_everyone_has_accused_wrongly_nobody_wins() {
    let text = "players: Ann 9, Bob 9\nme: Ann\nhand: Scarlet, Mustard, White, Knife, Rope, Kitchen, Ballroom, Study, Hall\n\
                accuse Bob: Plum, Wrench, Lounge wrong\naccuse Ann: Plum, Wrench, Library wrong\n";
    let log = classic_log(text);
    let s = solve(&log, None, &Budget::unlimited()).unwrap();
    assert_eq!(s.standing.over, Some(crate::games::logs::Over::AllOut { line: 5 }));
    assert!(super::solve::notebook(&log, &s).contains(
        "The game is over: every player has accused wrongly (the last on line 5); nobody wins."
    ));
    let bad = "seen Bob: Plum";
    assert!(illegal(&format!("{text}{bad}\n"), bad)
        .0
        .message
        .starts_with("every player had accused wrongly by line 5"));
    // Only Ann out: she is told she may no longer accuse, even when the envelope is certain.
    let s = solve(&log, Some(2), &Budget::unlimited()).unwrap();
    assert!(super::solve::notebook(&log, &s).contains("Not yet certain"));
    let me_out = classic_log("players: Ann 9, Bob 9\nme: Ann\nhand: Scarlet, Mustard, White, Knife, Rope, Kitchen, Ballroom, Study, Hall\naccuse Ann: Plum, Wrench, Library wrong\n");
    let s = solve(&me_out, None, &Budget::unlimited()).unwrap();
    assert!(super::solve::notebook(&me_out, &s).contains("You accused wrongly on line 4: you may not suggest or accuse again, but you still show cards."));
}

#[test]
fn cards_are_known_by_their_printed_names_and_near_misses_get_suggestions() {
    // Issue 35: the seed's own names, and the classic deck's in its editions.
    for deck in ["classic", "ivory-tower"] {
        let d = Deck::builtin(deck).unwrap();
        for i in 0..d.len() {
            for name in d.names_of(i) {
                assert_eq!(d.find(name), Ok(i), "{deck}: `{name}`");
                assert_eq!(d.find(&name.to_uppercase()), Ok(i), "{deck}: `{name}` in capitals");
            }
        }
    }
    let tower = Deck::builtin("ivory-tower").unwrap();
    let card = |n: &str| tower.find(n).map(|i| tower.name_of(i).to_string());
    for (said, card_name) in [
        ("Ulysses", "Grant Rider"),
        ("Theory of Evolution", "Evolution"),
        ("Unified Field Theory", "Unified Field"),
        ("Gödel's Incompleteness Theorems", "Incompleteness"),
        ("Godels incompleteness theorems", "Incompleteness"),
        ("Chalkboard-padded Room", "Chalkboard Room"),
        ("chalkboard padded room", "Chalkboard Room"),
        ("Aramak (TM) Feeding Trough", "Feeding Trough"),
    ] {
        assert_eq!(card(said).as_deref(), Ok(card_name), "{said}");
    }
    let classic = Deck::builtin("classic").unwrap();
    let card = |n: &str| classic.find(n).map(|i| classic.name_of(i).to_string());
    for (said, card_name) in [
        ("Colonel Mustard", "Mustard"),
        ("Mrs. White", "White"),
        ("mrs white", "White"),
        ("Professor Plum", "Plum"),
        ("Pipe", "Lead Pipe"),
        ("Dagger", "Knife"),
        ("Spanner", "Wrench"),
        ("Lead Piping", "Lead Pipe"),
    ] {
        assert_eq!(card(said).as_deref(), Ok(card_name), "{said}");
    }
    let miss = classic.find("Mustrad").unwrap_err();
    assert!(miss.contains("did you mean `Mustard`"), "{miss}");
    let far = classic.find("Xylophone").unwrap_err();
    assert!(far.contains("Scarlet, Mustard") && far.contains("clue deck"), "{far}");
}

#[test]
fn a_log_must_describe_a_deal_the_rules_allow() {
    let parse = |t: &str| parse(t, &|_| Err("no files".into())).map(|_| ()).unwrap_err().message;
    // Issue 35: five cards for a hand of six; a deal that round the table cannot give; one
    // player; a name twice.
    let short =
        "players: Ann 6, Bob 6, Cat 6\nme: Ann\nhand: Scarlet, Knife, Kitchen, Ballroom, Hall\n";
    assert!(parse(short).contains("the hand names 5 cards, but Ann holds 6"), "{}", parse(short));
    let lopsided = "players: Ann 10, Bob 4, Cat 4\nme: Ann\n";
    assert!(parse(lopsided).contains("dealing round the table"), "{}", parse(lopsided));
    assert!(parse("players: Ann 5, Bob 4, Cat 5, Dan 4\nme: Ann\n").contains("round the table"));
    assert!(parse("players: Ann 18\nme: Ann\n").contains("at least two players"));
    let seven = "players: A 3, B 3, C 3, D 3, E 2, F 2, G 2\nme: A\n";
    assert!(
        parse(seven).contains("7 players, but Clue (classic) has 6 suspect tokens"),
        "{}",
        parse(seven)
    );
    assert!(parse("players: Ann 9, ann 9\nme: Ann\n").contains("sits at the table twice"));
    // Deals that can be: from any seat, the bigger hands side by side.
    let fine = |t: &str| super::log::parse(t, &|_| Err("no files".into())).is_ok();
    assert!(fine("players: Ann 5, Bob 5, Cat 4, Dan 4\nme: Ann\n"));
    assert!(fine("players: Ann 4, Bob 5, Cat 5, Dan 4\nme: Ann\n"));
    assert!(fine("players: Ann 5, Bob 4, Cat 4, Dan 5\nme: Ann\n"));
}
