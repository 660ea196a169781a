//! The Deduction solver and advisor against brute-force enumeration of every deal a
//! three-player log leaves open; a hand-checked scenario; a contradiction; seeded games.

use super::log::{parse, Answer, Entry, Event, Log};
use super::play::{play, Ending};
use super::solve::{advise, solve, solve_with, Refuter, SolveError};
use super::{parse_tile, tile, Attribute, TILES};
use crate::solve::Budget;
use crate::util::random::SplitMix64;

/// Every deal of the tiles that are neither mine nor face up: 7 to each other player (seats
/// 1, 2), 1 missing (holder 3). Holder 0 is me, 4 the table.
fn all_deals(mine: &[usize], table: &[usize]) -> Vec<Vec<usize>> {
    let free: Vec<usize> = (0..TILES).filter(|t| !mine.contains(t) && !table.contains(t)).collect();
    let mut out = Vec::new();
    let mut deal = vec![0; TILES];
    table.iter().for_each(|&t| deal[t] = 4);
    fn go(
        i: usize,
        free: &[usize],
        caps: &mut [u32; 3],
        deal: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if i == free.len() {
            out.push(deal.clone());
            return;
        }
        for (k, holder) in [1, 2, 3].into_iter().enumerate() {
            if caps[k] > 0 {
                caps[k] -= 1;
                deal[free[i]] = holder;
                go(i + 1, free, caps, deal, out);
                caps[k] += 1;
            }
        }
    }
    go(0, &free, &mut [7, 7, 1], &mut deal, &mut out);
    out
}

fn fits(deal: &[usize], e: &Event) -> bool {
    match e {
        Event::Hand(_) | Event::Table(_) => true,
        Event::Announce { tile, correct, .. } => (deal[*tile] == 3) == *correct,
        Event::Ask { answerer, about, answer, .. } => {
            let held = about.tiles().into_iter().filter(|&t| deal[t] == *answerer).count();
            match answer {
                Answer::No => held == 0,
                Answer::Yes(Some(t)) => deal[*t] == *answerer,
                Answer::Yes(None) => held > 0,
                Answer::Count(n) => held == *n as usize,
            }
        }
    }
}

/// A truthful random log of me (seat 0) in a three-player game.
fn random_log(seed: u64, events: usize) -> (Log, Vec<usize>) {
    let mut rng = SplitMix64::new(seed);
    let mut tiles: Vec<usize> = (0..TILES).collect();
    rng.shuffle(&mut tiles);
    let mut truth = vec![0; TILES];
    truth[tiles[0]] = 3;
    for (i, &t) in tiles[1..].iter().enumerate() {
        truth[t] = if i < 21 { i / 7 } else { 4 };
    }
    let held = |h: usize| (0..TILES).filter(|&t| truth[t] == h).collect::<Vec<_>>();
    let e = |event, line| Entry { event, line, span: (0, 0).into(), text: String::new() };
    let mut entries = vec![e(Event::Hand(held(0)), 1), e(Event::Table(held(4)), 2)];
    for i in 0..events {
        let asker = rng.below(3) as usize;
        let answerer = (asker + 1 + rng.below(2) as usize) % 3;
        let coin = rng.below(24) as usize;
        let about = if rng.below(2) == 0 {
            Attribute::Suit(super::suit_of(coin))
        } else {
            Attribute::Value(super::value_of(coin))
        };
        let matching: Vec<usize> =
            about.tiles().into_iter().filter(|&t| truth[t] == answerer).collect();
        let answer = match rng.below(3) {
            0 => Answer::Count(matching.len() as u32),
            _ if matching.is_empty() => Answer::No,
            _ => {
                let shown = matching[rng.below(matching.len() as u64) as usize];
                Answer::Yes((asker == 0 || answerer == 0).then_some(shown))
            }
        };
        let event = if rng.below(10) == 0 && truth[coin] != 3 {
            Event::Announce { by: asker, tile: coin, correct: false }
        } else {
            Event::Ask { asker, answerer, about, answer, coin: Some(coin) }
        };
        entries.push(e(event, i + 3));
    }
    (Log { players: vec!["Ann".into(), "Bob".into(), "Cat".into()], me: 0, entries }, truth)
}

/// How well a deal explains the tiles shown to me (RULINGS E2, issue 60): 1/k for each tile
/// an answerer holding k of those asked for showed me; scaled by 60 a show to stay whole.
fn likelihood(deal: &[usize], log: &Log, upto: usize, refuter: Refuter) -> u128 {
    let mut w = 1u128;
    for e in &log.entries[..upto] {
        if let Event::Ask { answerer, about, answer: Answer::Yes(Some(_)), .. } = &e.event {
            let k = about.tiles().into_iter().filter(|&t| deal[t] == *answerer).count() as u128;
            w *= if refuter == Refuter::Random && *answerer != log.me { 60 / k } else { 60 };
        }
    }
    w
}

#[test]
fn odds_equal_brute_force_after_every_event_under_both_models() {
    let mut weighed = 0;
    for seed in 0..6 {
        let (log, truth) = random_log(seed, 8);
        let mine: Vec<usize> = (0..TILES).filter(|&t| truth[t] == 0).collect();
        let table: Vec<usize> = (0..TILES).filter(|&t| truth[t] == 4).collect();
        let deals = all_deals(&mine, &table);
        for upto in 2..=log.entries.len() {
            let fitting: Vec<&Vec<usize>> = deals
                .iter()
                .filter(|d| log.entries[..upto].iter().all(|e| fits(d, &e.event)))
                .collect();
            for refuter in [Refuter::Random, Refuter::Any] {
                let s = solve_with(&log, Some(upto), refuter, &Budget::unlimited())
                    .expect("a truthful log");
                assert_eq!(s.deals, fitting.len() as u128, "seed {seed} upto {upto}");
                let w = |d: &Vec<usize>| likelihood(d, &log, upto, refuter);
                let total: u128 = fitting.iter().map(|d| w(d)).sum();
                for t in 0..TILES {
                    for holder in [1usize, 2, 3] {
                        let brute: u128 =
                            fitting.iter().filter(|d| d[t] == holder).map(|d| w(d)).sum();
                        // Exact fractions, compared crosswise.
                        assert_eq!(
                            s.counts[t][holder] * total,
                            brute * s.total,
                            "seed {seed} upto {upto} {refuter:?}: tile {t} holder {holder}"
                        );
                    }
                }
                assert!(s.counts[truth.iter().position(|&h| h == 3).unwrap()][3] > 0);
                if refuter == Refuter::Random && s.total != s.deals {
                    weighed += 1;
                }
            }
        }
    }
    assert!(weighed >= 6, "only {weighed} states were weighed: the logs show me too few tiles");
}

#[test]
fn advice_equals_brute_force_information() {
    let entropy = |w: &[f64]| {
        let t: f64 = w.iter().sum();
        w.iter().filter(|&&x| x > 0.0).map(|&x| -(x / t) * (x / t).log2()).sum::<f64>()
    };
    for seed in [3, 8] {
        let (log, truth) = random_log(seed, 4);
        let mine: Vec<usize> = (0..TILES).filter(|&t| truth[t] == 0).collect();
        let table: Vec<usize> = (0..TILES).filter(|&t| truth[t] == 4).collect();
        let fitting: Vec<Vec<usize>> = all_deals(&mine, &table)
            .into_iter()
            .filter(|d| log.entries.iter().all(|e| fits(d, &e.event)))
            .collect();
        let coin = tile(1, 3);
        let (_, questions) = advise(&log, coin, &Budget::unlimited()).unwrap();
        assert_eq!(questions.len(), 2 * 4);
        // The posterior now weighs each deal by the tiles shown to me (E2, issue 60).
        let past = |d: &Vec<usize>| likelihood(d, &log, log.entries.len(), Refuter::Random) as f64;
        let mut prior = vec![0.0; TILES];
        fitting.iter().for_each(|d| prior[d.iter().position(|&h| h == 3).unwrap()] += past(d));
        for q in &questions {
            // Outcome → missing-tile weights.
            let mut outcomes: std::collections::BTreeMap<(i64, usize), Vec<f64>> =
                Default::default();
            for d in &fitting {
                let missing = d.iter().position(|&h| h == 3).unwrap();
                let held: Vec<usize> =
                    q.about.tiles().into_iter().filter(|&t| d[t] == q.answerer).collect();
                let shown: Vec<((i64, usize), f64)> = if q.how_many {
                    vec![((held.len() as i64, 0), 1.0)]
                } else if held.is_empty() {
                    vec![((-1, 0), 1.0)]
                } else {
                    held.iter().map(|&t| ((-2, t), 1.0 / held.len() as f64)).collect()
                };
                for (key, w) in shown {
                    outcomes.entry(key).or_insert_with(|| vec![0.0; TILES])[missing] += w * past(d);
                }
            }
            let total: f64 = outcomes.values().map(|v| v.iter().sum::<f64>()).sum();
            let want = entropy(&prior)
                - outcomes
                    .values()
                    .map(|v| v.iter().sum::<f64>() / total * entropy(v))
                    .sum::<f64>();
            assert!((q.bits - want).abs() < 1e-9, "seed {seed} {:?}: {} vs {want}", q, q.bits);
        }
    }
}

fn three(text: &str) -> Log {
    parse(&format!("players: Ann, Bob, Cat\nme: Ann\n{text}")).unwrap()
}

const SCENARIO: &str = "hand: Sun Null, Sun Ace, Moon 2, Moon 3, Crown 4, Crown 5, Shield Null\n\
                        table: Sun 2, Moon Ace\n\
                        Bob asks Cat: how many Suns? 1\n\
                        Cat asks Bob: how many Suns? 1\n\
                        Ann asks Bob: have a Sun? yes: Sun 3\n\
                        Ann asks Cat: have a Sun? yes: Sun 4\n";

#[test]
fn a_hand_checked_scenario() {
    // Six Suns: I hold two, one is face up, Bob and Cat one each, so one Sun is missing.
    // Bob shows me his (Sun 3): the Sun 4 and Sun 5 are Cat's one and the missing one, half
    // and half. Cat shows me the Sun 4: the Sun 5 is missing.
    let log = three(SCENARIO);
    let sun = |v| tile(0, v);
    let s = solve(&log, Some(4), &Budget::unlimited()).unwrap();
    let suns_missing: u128 = (0..6).map(|v| s.missing_chance(sun(v)).0).sum();
    assert_eq!(suns_missing, s.total, "the missing tile is a Sun");
    assert_eq!(s.missing_chance(sun(0)).0, 0);
    let s = solve(&log, Some(5), &Budget::unlimited()).unwrap();
    assert_eq!(s.missing_chance(sun(4)).0 * 2, s.total);
    assert_eq!(s.missing_chance(sun(5)).0 * 2, s.total);
    assert_eq!(s.announce(), None);
    let s = solve(&log, None, &Budget::unlimited()).unwrap();
    assert_eq!(s.announce(), Some(sun(5)));
    assert_eq!(s.certain_holder(sun(3)), Some(1));
}

#[test]
fn a_contradiction_names_its_lines() {
    let log =
        three(&format!("{SCENARIO}Bob asks Ann: how many 3s? 1\nCat asks Bob: have a 3? no\n"));
    match solve(&log, None, &Budget::unlimited()) {
        Err(SolveError::Contradiction { lines, .. }) => assert_eq!(lines, vec![7, 10]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_logs_are_diagnostics() {
    let err = |t: &str| parse(t).unwrap_err().message;
    assert!(err("players: Ann, Bob\n").contains("3 to 5 players"));
    assert!(err("players: Ann, Bob, Cat\nme: Ann\nhand: Sun 9\n").contains("`Sun 9` is not a tile"));
    assert!(err("players: Ann, Bob, Cat\nme: Ann\nBob asks Cat: have a Sun? yes: Sun 3\n")
        .contains("only the asker"));
    assert!(err("players: Ann, Bob, Cat\nme: Ann\nAnn asks Cat: have Sun? yes: Moon 3\n")
        .contains("Moon 3 is not a Sun"));
    assert!(err("players: Ann, Bob, Cat\nme: Ann\ncoin: Moon 3\nAnn asks Cat: have Sun? no\n")
        .contains("the coin drawn was Moon 3"));
    assert!(err("players: Ann, Bob, Cat\nme: Ann\nAnn asks Ann: have Sun? no\n")
        .contains("asks another"));
    assert!(err("players: Ann, Bob, Cat\nme: Zed\n").contains("no player `Zed`"));
    assert!(err("hello\n").contains("a log line"));
    let short = parse("players: Ann, Bob, Cat\nme: Ann\nhand: Sun 3\n").unwrap_err();
    assert_eq!(
        (short.message.as_str(), short.span),
        ("a hand has 7 tiles with 3 players", (31, 11).into())
    );
    assert_eq!(
        short.help.as_deref(),
        Some("the tiles are dealt evenly: 7 each, 2 face up on the table")
    );
    assert!(err("players: Ann, Bob, Cat\nme: Ann\nBob asks Cat: how many Suns? 7\n")
        .contains("nobody can hold 7 Sun tiles"));
    // A log built in code is checked by the solver too.
    let mut built = three("");
    built.entries.push(Entry {
        event: Event::Table(vec![0]),
        line: 3,
        span: (0, 0).into(),
        text: String::new(),
    });
    assert!(matches!(
        solve(&built, None, &Budget::unlimited()),
        Err(SolveError::Event { line: 3, .. })
    ));
    assert_eq!(parse_tile("3 of Suns"), Some(tile(0, 3)));
    assert_eq!(parse_tile("shield a"), Some(tile(3, 1)));
}

#[test]
fn computer_players_win_and_only_announce_the_truth() {
    for (n, seed) in [(3, 1), (4, 2), (5, 3), (3, 4)] {
        let players: Vec<String> =
            ["Ann", "Bob", "Cat", "Dan", "Eve"][..n].iter().map(|s| s.to_string()).collect();
        let mut out = Vec::new();
        let game = new_game(&players, None, seed);
        let (ending, _) = play(game, &mut std::io::empty(), &mut out, None).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            matches!(ending, Ending::Won { .. }),
            "{n} players, seed {seed}: {ending:?}\n{text}"
        );
        assert!(!text.contains("wrong"), "a certain announcement was wrong:\n{text}");
    }
}

#[test]
fn a_person_can_play_a_seat() {
    let players: Vec<String> = ["Ann", "Bob", "Cat"].iter().map(|s| s.to_string()).collect();
    // Ask for advice, then ask an ill-formed question, then stop typing: the game ends.
    let mut input = "?\nZed have 3\n".as_bytes();
    let mut out = Vec::new();
    let (ending, _) = play(new_game(&players, Some(0), 5), &mut input, &mut out, None).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("Your hand (Ann)"), "{text}");
    assert!(text.contains("Questions, best first"), "{text}");
    assert!(text.contains("`zed` is not another player"), "{text}");
    assert_eq!(ending, Ending::Stopped { turns: 1 });
    assert!(text.ends_with("The game stops; the missing tile was Shield Null.\n"), "{text}");
}

fn new_game(players: &[String], human: Option<usize>, seed: u64) -> super::play::SavedGame {
    super::play::SavedGame {
        format: super::play::SAVED_FORMAT,
        players: players.to_vec(),
        human,
        seed,
        max_turns: 300,
        answers: Vec::new(),
    }
}

// Illegal sequences (issue 22): each is a diagnostic at its line, with a hint, before any
// inference; a correct announcement ends the game and is checked against the log.

/// The error a three-player log (after `players:` and `me:`) ends in, with the span the
/// line `bad` has in it.
fn illegal(text: &str, bad: &str) -> (crate::games::logs::LogError, miette::SourceSpan) {
    let text = format!("players: Ann, Bob, Cat\nme: Ann\n{text}");
    let e = parse(&text).expect_err("an illegal log");
    let at = text.find(bad).expect("the bad line is in the log");
    (e, (at, bad.len()).into())
}

#[test]
fn a_player_out_after_a_wrong_announcement_only_answers() {
    let wrong = "Bob announces: Moon 4 wrong\n";
    let bad = "Bob asks Cat: have a Sun? no";
    let (e, span) = illegal(&format!("{SCENARIO}{wrong}{bad}\n"), bad);
    assert_eq!(e.message, "Bob announced wrongly on line 9 and is out of the game: a player who is out no longer asks questions");
    assert_eq!(e.span, span);
    assert_eq!(
        e.help.as_deref(),
        Some(
            "Bob still answers the others' questions; check who asked, or whether line 9 was wrong"
        )
    );
    let bad = "Bob announces: Sun 5 correct";
    assert!(illegal(&format!("{SCENARIO}{wrong}{bad}\n"), bad)
        .0
        .message
        .ends_with("no longer announces"));
    // Asked, Bob still answers; it counts.
    let log = three(&format!("{SCENARIO}{wrong}Cat asks Bob: have a 5? no\n"));
    let s = solve(&log, None, &Budget::unlimited()).unwrap();
    assert_eq!(s.standing.out, vec![(1, 9)]);
    assert!((0..4).all(|suit| s.counts[tile(suit, 5)][1] == 0), "Bob has no 5");
}

#[test]
fn an_announcement_says_wrong_or_correct() {
    let bad = "Bob announces: Moon 4";
    let (e, span) = illegal(&format!("{bad}\n"), bad);
    assert_eq!(e.message, "an announcement says whether it was `wrong` or `correct`");
    assert_eq!(e.span, span);
    assert!(e.help.unwrap().contains("end the line with `wrong`"));
    let log = three("Bob announces: 4 of Moons Correct\n");
    assert_eq!(log.entries[0].event, Event::Announce { by: 1, tile: tile(1, 4), correct: true });
}

#[test]
fn a_correct_announcement_ends_the_game() {
    let text = format!("{SCENARIO}Ann announces: Sun 5 correct\n");
    let log = three(&text);
    let s = solve(&log, None, &Budget::unlimited()).unwrap();
    assert_eq!(
        s.standing.over,
        Some(crate::games::logs::Over::Won { player: 0, line: 9, named: vec![tile(0, 5)] })
    );
    let notes = super::solve::notebook(&s);
    assert!(
        notes.ends_with("The game is over: Ann announced Sun 5 correctly on line 9 and wins.\n"),
        "{notes}"
    );
    assert!(!notes.contains("Announce now"));
    for later in ["Bob asks Cat: have a 3? no", "Cat announces: Sun 5 correct"] {
        let (e, span) = illegal(&format!("{text}{later}\n"), later);
        assert_eq!(e.message, "the game ended on line 9, when Ann announced the missing tile correctly: nothing happens after it");
        assert_eq!(e.span, span);
        assert!(e.help.unwrap().contains("if the announcement on line 9 was wrong"));
    }
}

#[test]
fn a_correct_announcement_the_log_rules_out_names_the_lines() {
    // Cat showed Ann the Sun 4 (line 8), so it is not the missing tile.
    let log = three(&format!("{SCENARIO}Bob announces: Sun 4 correct\n"));
    let e = solve(&log, None, &Budget::unlimited()).unwrap_err();
    match &e {
        SolveError::Refuted { line: 9, lines, .. } => assert_eq!(lines, &vec![8, 9]),
        other => panic!("{other:?}"),
    }
    assert_eq!(e.to_string(), "line 9 says Bob's announcement (Sun 4) was correct, but the log rules that out: lines 8, 9 contradict each other");
}

#[test]
fn when_everyone_has_announced_wrongly_nobody_wins() {
    let text = format!("{SCENARIO}Ann announces: Crown 3 wrong\nBob announces: Moon 4 wrong\nCat announces: Moon 5 wrong\n");
    let log = three(&text);
    let s = solve(&log, None, &Budget::unlimited()).unwrap();
    assert_eq!(s.standing.over, Some(crate::games::logs::Over::AllOut { line: 11 }));
    assert!(super::solve::notebook(&s)
        .contains("every player has announced wrongly (the last on line 11); nobody wins."));
    let s = solve(&log, Some(7), &Budget::unlimited()).unwrap();
    assert!(
        super::solve::notebook(&s)
            .contains("You announced wrongly on line 9: you take no more turns"),
        "{}",
        super::solve::notebook(&s)
    );
    let bad = "Cat asks Bob: have a 3? no";
    assert!(illegal(&format!("{text}{bad}\n"), bad)
        .0
        .message
        .starts_with("every player had announced wrongly by line 11"));
}

#[test]
fn computer_games_are_legal_logs_that_end_with_the_win() {
    use super::play::computer_game;
    let players: Vec<String> = ["Ann", "Bob", "Cat", "Dan"].iter().map(|s| s.to_string()).collect();
    let (ending, logs) = computer_game(&players, 2, 300).unwrap();
    let Ending::Won { player, tile: won, .. } = ending else { panic!("{ending:?}") };
    for log in &logs {
        // Written out and read back, each seat's log is legal, and says who won.
        let mut text = format!("players: {}\nme: {}\n", players.join(", "), players[log.me]);
        for e in &log.entries {
            text.push_str(&log.line(&e.event));
            text.push('\n');
        }
        let read = parse(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        let s = solve(&read, None, &Budget::unlimited()).unwrap();
        assert!(
            matches!(&s.standing.over, Some(crate::games::logs::Over::Won { player: p, named, .. }) if *p == player && named == &vec![won])
        );
    }
}
