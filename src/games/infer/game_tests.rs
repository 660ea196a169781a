//! The game: setup, marking, publishing, the loss conditions, saving.

use super::experiment::{Experiment, Supply};
use super::game::{
    Event, Game, GameError, Origin, Setup, OPENING_DICE, PUBLICATION_TOKENS, RESULT_MARKERS,
};
use super::law::parse;
use super::play::{session, Table};
use crate::solve::Budget;

fn setup(law: &str, timer: bool) -> Setup {
    Setup {
        supply: Supply::default(),
        compass: false,
        max_dice: 6,
        timer,
        seed: 3,
        level: None,
        law: Some(law.into()),
        variants: Default::default(),
        players: Vec::new(),
    }
}

fn x(text: &str) -> Experiment {
    Experiment::parse(text).unwrap()
}

fn budget() -> Budget {
    Budget::time(std::time::Duration::from_secs(30))
}

#[test]
fn the_universe_opens_with_one_o_and_one_x_of_at_most_four_dice() {
    for card in super::game::cards(false, None) {
        let g = Game::new(Setup { seed: card.line as u64, ..setup(&card.text, false) }, 0).unwrap();
        let law = parse(&g.law_text()).unwrap();
        assert_eq!(g.table.len(), 2);
        for (p, want) in g.table.iter().zip([true, false]) {
            let e = x(&p.experiment);
            assert!(
                e.len() <= OPENING_DICE
                    && p.follows == want
                    && law.judge(&e).unwrap().follows == want,
                "{} on {}",
                g.law_text(),
                p.experiment
            );
            assert_eq!(p.origin, Origin::Opening);
        }
        assert_eq!((g.markers_left, g.tokens_left), (RESULT_MARKERS - 2, PUBLICATION_TOKENS));
    }
}

#[test]
fn a_home_made_law_must_be_demonstrable_with_four_dice() {
    assert!(matches!(
        Game::new(setup("count dice = 6", false), 0),
        Err(GameError::NotDemonstrable)
    ));
    assert!(matches!(
        Game::new(setup("some blue are north", false), 0),
        Err(GameError::NeedsCompass)
    ));
}

#[test]
fn experiments_are_marked_by_the_law_and_dice_are_limited() {
    let mut g = Game::new(
        Setup {
            supply: Supply::parse("red:3,blue:20,white:20").unwrap(),
            ..setup("all blue are 5", false)
        },
        0,
    )
    .unwrap();
    let events = g.build(&x("b5 r3"), 0).unwrap();
    assert!(
        matches!(&events[..], [Event::Placed(p)] if p.follows && p.origin == Origin::Researchers)
    );
    let events = g.build(&x("b5 b3"), 0).unwrap();
    assert!(matches!(&events[..], [Event::Placed(p)] if !p.follows));
    let reds_on_table = g
        .table
        .iter()
        .map(|p| x(&p.experiment).dice.iter().filter(|d| d.colour == "red").count())
        .sum::<usize>();
    let too_many = format!("r1 {}", "r1 ".repeat(3 - reds_on_table));
    assert!(matches!(g.build(&x(&too_many), 0), Err(GameError::NotEnoughDice { .. })));
    // Taking an experiment down frees its dice; its marker does not come back.
    let markers = g.markers_left;
    let with_red = g.table.iter().find(|p| p.experiment.contains('r')).unwrap().number;
    g.take_down(with_red, 0).unwrap();
    assert_eq!(g.markers_left, markers);
    assert!(matches!(g.take_down(999, 0), Err(GameError::NoSuchExperiment(999))));
}

#[test]
fn an_equivalent_theory_wins_and_a_wrong_one_is_disproved_by_the_smallest_experiment() {
    let mut g = Game::new(setup("all dice are even", false), 0).unwrap();
    let wrong = parse("count dice >= 1 and no dice are odd").unwrap();
    let events = g
        .publish(Some(("count dice >= 1 and no dice are odd", &wrong)), &budget(), 0, &mut |_| true)
        .unwrap();
    // Either an experiment on the table already disproves it, or the Universe builds one
    // that separates the two and marks it by the Law.
    let law = parse("all dice are even").unwrap();
    match &events[..] {
        [Event::PointedAt(n)] | [Event::Placed(super::game::Placed { number: n, .. })] => {
            let p = g.table.iter().find(|p| p.number == *n).unwrap();
            let e = x(&p.experiment);
            assert_ne!(law.judge(&e).unwrap().follows, wrong.judge(&e).unwrap().follows);
            assert_eq!(p.follows, law.judge(&e).unwrap().follows);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.tokens_left, PUBLICATION_TOKENS - 1);
    let right = parse("no dice are odd").unwrap();
    let events = g.publish(Some(("no dice are odd", &right)), &budget(), 0, &mut |_| true).unwrap();
    assert!(matches!(&events[..], [Event::Ended(e)] if e.won), "{events:?}");
    assert!(matches!(g.build(&x("r2"), 0), Err(GameError::Over(_))));
}

#[test]
fn a_disproof_not_on_the_table_is_built_and_marked() {
    let mut g = Game::new(setup("sum dice = 10", false), 0).unwrap();
    for e in ["r5 b5", "w4 w6", "r1"] {
        g.build(&x(e), 0).unwrap();
    }
    let theory = parse("sum dice >= 10").unwrap();
    let covered: Vec<bool> = g
        .table
        .iter()
        .map(|p| theory.judge(&x(&p.experiment)).unwrap().follows == p.follows)
        .collect();
    let events = g.publish(Some(("sum dice >= 10", &theory)), &budget(), 0, &mut |_| true).unwrap();
    if covered.iter().all(|&c| c) {
        let [Event::Placed(p)] = &events[..] else { panic!("{events:?}") };
        assert_eq!(p.origin, Origin::Disproof(1));
        let e = x(&p.experiment);
        assert!(!p.follows && theory.judge(&e).unwrap().follows, "{}", p.experiment);
        // The smallest: one die cannot reach 11, two dice can.
        assert_eq!(e.len(), 2);
    } else {
        assert!(matches!(&events[..], [Event::PointedAt(_)]), "{events:?}");
    }
}

#[test]
fn a_drawn_card_respects_the_level() {
    for level in 1..=3 {
        let g = Game::new(Setup { law: None, level: Some(level), ..setup("", false) }, 0).unwrap();
        assert_eq!(g.level, Some(level));
        assert!(super::game::cards(false, Some(level)).iter().any(|c| c.text == g.law_text()));
    }
}

#[test]
fn help_builds_a_new_experiment_and_the_last_token_loses() {
    let mut g = Game::new(setup("count red >= 1", false), 0).unwrap();
    for k in 0..PUBLICATION_TOKENS {
        let before: Vec<String> = g.table.iter().map(|p| p.experiment.clone()).collect();
        let events = g.publish(None, &budget(), 0, &mut |_| true).unwrap();
        let placed = events
            .iter()
            .find_map(|e| if let Event::Placed(p) = e { Some(p.clone()) } else { None })
            .unwrap();
        assert!(!before.contains(&placed.experiment), "a new experiment");
        assert_eq!(placed.origin, Origin::Help(k as usize + 1));
        if k + 1 == PUBLICATION_TOKENS {
            assert!(matches!(events.last(), Some(Event::Ended(e)) if !e.won));
        }
    }
}

#[test]
fn the_universe_loses_when_it_runs_out_of_markers() {
    let mut g = Game::new(setup("count red >= 1", false), 0).unwrap();
    for _ in 0..RESULT_MARKERS - 2 {
        assert!(matches!(g.build(&x("r1"), 0).unwrap()[..], [Event::Placed(_)]));
        let last = g.table.last().unwrap().number;
        g.take_down(last, 0).unwrap();
    }
    assert_eq!(g.markers_left, 0);
    let events = g.build(&x("b1"), 0).unwrap();
    assert!(
        matches!(&events[..], [Event::Ended(e)] if !e.won && e.why.contains("Result Marker")),
        "{events:?}"
    );
}

#[test]
fn publish_or_perish_runs_out_and_publications_extend_it() {
    let mut g = Game::new(setup("count red >= 1", true), 1000).unwrap();
    let deadline = g.deadline.unwrap();
    assert_eq!(deadline, 1000 + 600);
    g.publish(None, &budget(), 1100, &mut |_| true).unwrap();
    assert_eq!(g.deadline, Some(deadline + 300));
    let events = g.build(&x("r1"), deadline + 301).unwrap();
    assert!(matches!(&events[..], [Event::Ended(e)] if !e.won && e.why.contains("clock")));
}

#[test]
fn a_saved_game_reads_back_the_same_and_damage_is_caught() {
    let g = Game::new(setup("white touch each other", true), 5).unwrap();
    let json = g.to_json();
    assert!(!json.contains("white touch"), "the Law is not readable at a glance");
    assert_eq!(Game::load(&json).unwrap(), g);
    assert!(matches!(Game::load("{}"), Err(GameError::Damaged(_))));
    assert!(matches!(
        Game::load(&json.replace("\"sealed_law\": \"", "\"sealed_law\": \"zz")),
        Err(GameError::Damaged(_))
    ));
}

/// Issue 34: a command typed at a yes/no question (`remove 1`) was taken as "no" and lost;
/// now the question is asked again.
#[test]
fn a_yes_no_question_does_not_swallow_a_command() {
    let mut g = Game::new(setup("all blue are 5", false), 0).unwrap();
    let input = "publish all blue are 5\nremove 1\nyes\n";
    let mut out = Vec::new();
    let mut save = |_: &Game| Ok(());
    let mut table = Table { now: &|| 0, budget: &budget, searched: &|| {}, save: &mut save };
    session(&mut g, &mut input.as_bytes(), &mut out, &mut table).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("Please answer yes or no first (`remove 1` was not taken"), "{out}");
    assert!(out.contains("Everyone wins!"), "the yes after it publishes: {out}");
    assert_eq!(g.table.len(), 2, "nothing was removed");
}

/// Issue 59: `remove N` took an experiment down at once; the rules want every Researcher's
/// consent, as the Universe's own take-downs ask (ruling I22).
#[test]
fn a_researchers_take_down_asks_the_table_first() {
    let mut g = Game::new(
        Setup { players: vec!["Ann".into(), "Bob".into()], ..setup("all blue are 5", false) },
        0,
    )
    .unwrap();
    let before = g.table.len();
    let first = g.table[0].number;
    let input = format!("remove {first}\nno\nremove {first}\nyes\n");
    let mut out = Vec::new();
    let mut save = |_: &Game| Ok(());
    let mut table = Table { now: &|| 0, budget: &budget, searched: &|| {}, save: &mut save };
    session(&mut g, &mut input.as_bytes(), &mut out, &mut table).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("Every Researcher must agree"), "{out}");
    assert!(out.contains(&format!("Not taken down: experiment {first} stays")), "{out}");
    assert_eq!(g.table.len(), before - 1, "taken down on the yes only: {out}");
}

#[test]
fn a_session_plays_from_text_and_saves_after_each_move() {
    let mut g = Game::new(setup("all blue are 5", false), 0).unwrap();
    let input = "build b5 b5\nyes\nbogus\npublish all blue are\npublish no blue are odd\nno\npublish all blue are 5\nyes\n";
    let mut out = Vec::new();
    let mut saves = 0;
    let mut save = |_: &Game| {
        saves += 1;
        Ok(())
    };
    let mut table = Table { now: &|| 0, budget: &budget, searched: &|| {}, save: &mut save };
    session(&mut g, &mut input.as_bytes(), &mut out, &mut table).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("O  b5 b5"), "{out}");
    assert!(out.contains("`bogus` is not a command"), "{out}");
    assert!(out.contains("expected"), "a Theory that does not parse is explained: {out}");
    assert!(out.contains("Not published."), "{out}");
    assert!(out.contains("Everyone wins!"), "{out}");
    assert_eq!(saves, 2, "after the build and the publication");
    assert_eq!(g.tokens_left, PUBLICATION_TOKENS - 1);
}

mod variants {
    //! The Highlights, Silence and Cheater variants, each on a whole game.
    use super::{budget, setup, x};
    use crate::games::infer::game::{
        Event, Game, GameError, Setup, Stone, Variants, TIMER_START_SECS,
    };
    use crate::games::infer::law::parse;
    use crate::games::infer::play::{session, Table};

    fn play(g: &mut Game, input: &str) -> String {
        let mut out = Vec::new();
        let mut save = |_: &Game| Ok(());
        let mut table = Table { now: &|| 0, budget: &budget, searched: &|| {}, save: &mut save };
        session(g, &mut input.as_bytes(), &mut out, &mut table).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn with(law: &str, variants: Variants, players: &[&str]) -> Setup {
        Setup {
            variants,
            players: players.iter().map(|p| p.to_string()).collect(),
            ..setup(law, false)
        }
    }

    fn highlighted(events: &[Event]) -> Option<(Stone, Vec<usize>)> {
        events.iter().find_map(|e| {
            if let Event::Highlighted(h) = e {
                Some((h.stone, h.experiments.clone()))
            } else {
                None
            }
        })
    }

    #[test]
    fn highlights_mark_the_closest_o_and_x_when_the_researchers_seem_stuck() {
        let v = Variants { highlights: true, ..Variants::default() };
        let mut g = Game::new(with("all blue are 5", v, &[]), 0).unwrap();
        // Four experiments: quiet, no stones yet.
        for e in ["r1 r2 r3", "w4 w4", "b5 b5 r2", "r6 . w6"] {
            assert_eq!(highlighted(&g.build(&x(e), 0).unwrap()), None);
        }
        // The fifth differs from `b5 b5 r2` (O) by one die's face: that is the pair.
        let events = g.build(&x("b5 b3 r2"), 0).unwrap();
        let (stone, pair) = highlighted(&events).expect("stuck after five experiments");
        let numbers: Vec<usize> = g
            .table
            .iter()
            .filter(|p| ["b5 b5 r2", "b5 b3 r2"].contains(&p.experiment.as_str()))
            .map(|p| p.number)
            .collect();
        assert_eq!((stone, pair), (Stone::Gold, numbers.clone()));
        // Asking again gives the next most telling pair in silver; a third request moves the gold.
        let (second, other) = highlighted(&[g.highlight().unwrap()]).unwrap();
        assert_eq!(second, Stone::Silver);
        assert_ne!(other, numbers);
        let (third, _) = highlighted(&[g.highlight().unwrap()]).unwrap();
        assert_eq!(third, Stone::Gold);
        assert_eq!(g.highlights.len(), 2, "three stones of each colour, one placement each");
        // Taking a marked experiment down returns its stones.
        let marked = g.highlights[0].experiments[0];
        g.take_down(marked, 0).unwrap();
        assert!(g.highlights.iter().all(|h| !h.experiments.contains(&marked)));
        // A disproved Theory also highlights, and the table shows the stones.
        let wrong = parse("count blue >= 1").unwrap();
        let events =
            g.publish(Some(("count blue >= 1", &wrong)), &budget(), 0, &mut |_| true).unwrap();
        assert!(highlighted(&events).is_some(), "{events:?}");
        let out = play(&mut g, "table\n");
        assert!(out.contains("stone]"), "{out}");
        // The variant off: `stuck` gets silence, and builds never place stones.
        let mut plain = Game::new(setup("all blue are 5", false), 0).unwrap();
        for _ in 0..6 {
            assert_eq!(highlighted(&plain.build(&x("r1"), 0).unwrap()), None);
        }
        assert!(play(&mut plain, "stuck\n").contains("stays silent"));
    }

    #[test]
    fn silence_asks_for_thumbs_before_a_theory_is_stated() {
        let v = Variants { silence: true, ..Variants::default() };
        let mut g = Game::new(with("all blue are 5", v, &["Ann", "Bob"]), 0).unwrap();
        let out = play(&mut g, "publish no blue are odd\nno\n");
        assert!(out.contains("thumbs up") && out.contains("Not published."), "{out}");
        assert_eq!(g.tokens_left, super::PUBLICATION_TOKENS, "no token spent without consent");
        let out = play(&mut g, "point 1\npublish all blue are 5\nyes\nyes\n");
        assert!(out.contains("→ #1"), "{out}");
        assert!(out.contains("Everyone wins!"), "{out}");
        assert_eq!(g.publications[0].by.as_deref(), Some("Ann"));
    }

    #[test]
    fn the_cheater_knows_the_law_and_the_vote_decides_who_wins() {
        let v = Variants { cheater: true, ..Variants::default() };
        assert!(matches!(
            Game::new(with("count red >= 1", v, &["Ann", "Bob"]), 0),
            Err(GameError::Variant(_))
        ));
        assert!(matches!(
            Game::new(with("count red >= 1", v, &["Ann", "Bob", "ann"]), 0),
            Err(GameError::Variant(_))
        ));
        let fresh = || Game::new(with("count red >= 1", v, &["Ann", "Bob", "Cy"]), 100).unwrap();
        let mut g = fresh();
        // Nobody moves before every player has seen their card, and the Class clock has
        // not started: the Class begins when the last card is seen (issue 34).
        assert_eq!(g.deadline, None, "no clock during the setup");
        assert!(
            matches!(g.build(&x("r1"), 100), Err(GameError::Variant(m)) if m.contains("identity card"))
        );
        let cards: Vec<String> = [("Ann", 130), ("bob", 160), ("Cy", 400)]
            .iter()
            .map(|(p, t)| {
                let card = g.card(p, *t).unwrap();
                assert_eq!(g.deadline.is_some(), *p == "Cy", "the clock starts with the last card");
                card
            })
            .collect();
        assert_eq!(g.deadline, Some(400 + TIMER_START_SECS), "the Class runs against the clock");
        g.card("Ann", 500).unwrap();
        assert_eq!(g.deadline, Some(400 + TIMER_START_SECS), "looking again changes nothing");
        let cheaters: Vec<&String> = cards.iter().filter(|c| c.contains("CHEATER")).collect();
        assert_eq!(cheaters.len(), 1, "{cards:?}");
        assert!(cheaters[0].contains("count red >= 1"), "the Cheater reads the Law");
        assert!(cards.iter().filter(|c| c.contains("STUDENT")).all(|c| !c.contains("count red")));
        let cheater = g.cheater().unwrap();
        // Turns go around the table; each experiment is credited.
        for e in ["r1", "b2", "w3"] {
            g.build(&x(e), 100).unwrap();
        }
        let by: Vec<Option<String>> = g.table[2..].iter().map(|p| p.by.clone()).collect();
        assert_eq!(by, vec![Some("Ann".into()), Some("Bob".into()), Some("Cy".into())]);
        // The right Theory: the Class is over, the clock stops, and the table votes.
        let law = parse("count red >= 1").unwrap();
        let events =
            g.publish(Some(("count red >= 1", &law)), &budget(), 100, &mut |_| true).unwrap();
        assert_eq!(events, vec![Event::VoteBegins]);
        assert!(g.voting && g.deadline.is_none() && g.ending.is_none());
        assert_eq!(g.vote_talk_ends, Some(100 + 120), "the Vote's 2-minute timer");
        let status = |now: u64| {
            let mut out = Vec::new();
            crate::games::infer::play::show_table(&g, now, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert!(status(130).contains("talk for 1:30 more"), "{}", status(130));
        assert!(status(221).contains("time is up, everyone points now"), "{}", status(221));
        assert!(matches!(g.build(&x("r1"), 100), Err(GameError::Variant(_))));
        assert!(g.vote(&["Ann".into()]).is_err(), "one pick per player");
        assert!(g.vote(&["Ann".into(), "Bob".into(), "Zed".into()]).is_err(), "picks are players");
        // The saved game keeps all of it.
        let saved = Game::load(&g.to_json()).unwrap();
        assert_eq!(saved, g);
        // Everyone points at the Cheater: everyone else wins.
        let mut caught = saved.clone();
        let events = caught.vote(&vec![cheater.clone(); 3]).unwrap();
        let [Event::Ended(end)] = &events[..] else { panic!("{events:?}") };
        assert!(end.won && end.headline.as_deref().unwrap().contains(&cheater), "{end:?}");
        // Everyone points at a Student: the Cheater wins alone.
        let student = ["Ann", "Bob", "Cy"].into_iter().find(|p| *p != cheater).unwrap().to_string();
        let mut fooled = saved.clone();
        let events = fooled.vote(&vec![student.clone(); 3]).unwrap();
        let [Event::Ended(end)] = &events[..] else { panic!("{events:?}") };
        assert!(!end.won && end.headline.as_deref().unwrap().contains("wins alone"), "{end:?}");
        assert!(end.why.contains(&format!("{student} has the most fingers")), "{}", end.why);
        // A tampered Cheater is refused on load.
        let json = g.to_json().replace("\"sealed_cheater\": \"", "\"sealed_cheater\": \"1b");
        assert!(matches!(Game::load(&json), Err(GameError::Damaged(_))));
    }

    #[test]
    fn in_a_tie_the_teachers_pick_decides() {
        let v = Variants { cheater: true, ..Variants::default() };
        let mut g = Game::new(with("count red >= 1", v, &["Ann", "Bob", "Cy", "Dee"]), 0).unwrap();
        for p in ["Ann", "Bob", "Cy", "Dee"] {
            g.card(p, 100).unwrap();
        }
        // Ann's experiment rules out much of what was possible, the others' nothing new.
        for e in ["r2 b2 w2", "r5", "r5 . r5", "w1"] {
            g.build(&x(e), 0).unwrap();
        }
        let best = g
            .leads
            .iter()
            .max_by(|a, b| {
                (a.ruled_out / f64::from(a.experiments))
                    .total_cmp(&(b.ruled_out / f64::from(b.experiments)))
            })
            .unwrap()
            .player
            .clone();
        let law = parse("count red >= 1").unwrap();
        g.publish(Some(("count red >= 1", &law)), &budget(), 0, &mut |_| true).unwrap();
        // Two fingers each on Bob and Cy; the Teacher's own finger and tie-break follow the leads.
        let picks: Vec<String> = ["Bob", "Cy", "Bob", "Cy"].iter().map(|s| s.to_string()).collect();
        let events = g.vote(&picks).unwrap();
        let [Event::Ended(end)] = &events[..] else { panic!("{events:?}") };
        assert!(end.why.contains(&format!("The Teacher points at {best}")), "{}", end.why);
        if best == "Bob" || best == "Cy" {
            assert!(end.why.contains(&format!("{best} has the most fingers (3)")), "{}", end.why);
        } else {
            // The Teacher's finger is on neither: nobody is caught, the Cheater wins (I20).
            assert!(
                end.why.contains("nobody shows a card")
                    && end.headline.as_deref().unwrap().contains("wins alone"),
                "{end:?}"
            );
        }
    }

    #[test]
    fn a_tie_the_teacher_does_not_break_leaves_the_cheater_free() {
        let v = Variants { cheater: true, ..Variants::default() };
        let names = ["Ann", "Bob", "Cy", "Dee", "Eve"];
        let mut g = Game::new(with("count red >= 1", v, &names), 0).unwrap();
        for p in names {
            g.card(p, 100).unwrap();
        }
        for e in ["b2", "r1 r1", "w3 . w3"] {
            g.build(&x(e), 0).unwrap();
        }
        let law = parse("count red >= 1").unwrap();
        g.publish(Some(("count red >= 1", &law)), &budget(), 0, &mut |_| true).unwrap();
        let (teacher, _) = crate::games::infer::variants::teacher_pick(&g, &g.players);
        // Two fingers each on two players the Teacher does not point at, one on a third.
        let others: Vec<String> =
            names.iter().map(|s| s.to_string()).filter(|p| *p != teacher).collect();
        let picks = vec![
            others[0].clone(),
            others[1].clone(),
            others[0].clone(),
            others[1].clone(),
            others[2].clone(),
        ];
        let [Event::Ended(end)] = &g.vote(&picks).unwrap()[..] else { panic!() };
        assert!(end.why.contains(&format!("The Teacher points at {teacher}")), "{}", end.why);
        assert!(
            end.why.contains(&format!("{}, {} are tied", others[0], others[1]))
                && end.why.contains("nobody shows a card"),
            "{}",
            end.why
        );
        assert!(
            !end.won && end.headline.as_deref().unwrap().contains("wins alone"),
            "the Cheater is not found: {end:?}"
        );
    }

    #[test]
    fn damaged_variant_saves_are_refused() {
        let plain = Game::new(setup("count red >= 1", false), 0).unwrap();
        let json = plain.to_json();
        for (what, bad) in [
            ("a vote without the variant", json.replace("\"voting\": false", "\"voting\": true")),
            (
                "an experiment beyond the supply",
                json.replacen(
                    "\"experiment\": \"",
                    &format!("\"experiment\": \"{}", "r1 ".repeat(21)),
                    1,
                ),
            ),
            ("a number used twice", json.replacen("\"number\": 2", "\"number\": 1", 1)),
        ] {
            assert_ne!(bad, json, "{what}: the edit applies");
            assert!(matches!(Game::load(&bad), Err(GameError::Damaged(_))), "{what}");
        }
        let v = Variants { cheater: true, ..Variants::default() };
        let many: Vec<String> = (0..10).map(|k| format!("P{k}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        assert!(
            matches!(Game::new(with("count red >= 1", v, &many), 0), Err(GameError::Variant(m)) if m.contains("2 to 10"))
        );
        let mut g = Game::new(with("count red >= 1", v, &["Ann", "Bob", "Cy"]), 0).unwrap();
        assert!(matches!(g.card(" ", 0), Err(GameError::Variant(m)) if m.contains("whose card")));
    }
}

/// Issue 34: publishing the Law itself could end "the Universe could not decide" when the
/// search over the dice ran out of time; the Law itself wins with no search, whatever the
/// budget (here: none at all), on every card of the deck.
#[test]
fn the_law_itself_wins_without_a_search() {
    for card in super::game::cards(false, None) {
        // Typed in the formal language, or said in the card's own words.
        for said in [&card.text, &card.says] {
            let mut g = Game::new(Setup { seed: 5, ..setup(&card.text, false) }, 0).unwrap();
            let law = parse(said).unwrap();
            let no_time = Budget::time(std::time::Duration::ZERO);
            let events = g.publish(Some((said, &law)), &no_time, 0, &mut |_| true).unwrap();
            assert!(matches!(&events[..], [Event::Ended(e)] if e.won), "{said}: {events:?}");
        }
    }
}

#[test]
fn an_equivalent_theory_in_other_words_wins_without_a_search() {
    // A double negation, or `and` the other way round, is the Law itself: no search, so no
    // bound on the dice can leave it undecided (issue 59), whatever the budget.
    let card = "every group (sum dice is divisible by 3)";
    let no_time = Budget::time(std::time::Duration::ZERO);
    for theory in [format!("not (not ({card}))"), format!("count dice >= 0 and {card}")] {
        let law = parse(&format!("{card} and count dice >= 0")).unwrap();
        let mut g = Game::new(setup(&law.formal(), false), 0).unwrap();
        let theory = parse(&theory).unwrap();
        let events = g.publish(Some(("in other words", &theory)), &no_time, 0, &mut |_| true);
        let events = events.unwrap();
        if theory.normal() == law.normal() {
            assert!(matches!(&events[..], [Event::Ended(e)] if e.won), "{events:?}");
        }
    }
}

/// Issue 59: a wrong Theory never wins. The Law "exactly three dice" and the Theory "three
/// or seven dice" differ only on experiments of 7 dice, beyond the search's 6: the whole box
/// is decided by counts, and the Universe builds the 7-dice disproof.
#[test]
fn a_theory_wrong_only_beyond_the_search_bound_is_disproved_over_the_whole_box() {
    let mut g = Game::new(setup("count dice = 3", false), 0).unwrap();
    let theory = parse("There must be exactly three dice or exactly seven dice.").unwrap();
    let events = g.publish(Some(("three or seven", &theory)), &budget(), 0, &mut |_| true).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Ended(end) if end.won)), "{events:?}");
    let built = events.iter().find_map(|e| match e {
        Event::Placed(p) => Some(p.experiment.clone()),
        _ => None,
    });
    let built = built.unwrap_or_else(|| panic!("a disproof is built: {events:?}"));
    assert_eq!(Experiment::parse(&built).unwrap().len(), 7, "{built}");
}

/// Issue 59: a Theory about arrangement that no experiment within the search bound
/// separates from the Law is neither disproved nor accepted: the Universe says it cannot
/// decide (ruling I23), never "Everyone wins!".
#[test]
fn an_arrangement_theory_not_separated_within_the_bound_does_not_win() {
    let mut g = Game::new(setup("white touch each other", false), 0).unwrap();
    // Differs from the Law only with at least 7 dice on the table.
    let theory = parse("white touch each other or count dice >= 7").unwrap();
    let events = g.publish(Some(("or seven", &theory)), &budget(), 0, &mut |_| true).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Ended(end) if end.won)), "{events:?}");
}

#[test]
fn the_universe_takes_experiments_down_only_with_the_researchers_consent() {
    // Two red dice in the box, both in the Universe's O opening: an answer with a red die
    // needs that opening's dice (issue 34: it used to be taken down without asking).
    let mut g = Game::new(
        Setup {
            supply: Supply::parse("red:2,blue:20,white:20").unwrap(),
            ..setup("count red >= 2", false)
        },
        0,
    )
    .unwrap();
    let reds = |g: &Game| -> usize {
        g.table
            .iter()
            .map(|p| x(&p.experiment).dice.iter().filter(|d| d.colour == "red").count())
            .sum()
    };
    assert_eq!(reds(&g), 2, "the O opening holds both reds: {:?}", g.table);
    let theory = parse("count red >= 1").unwrap();
    let before = g.clone();
    let mut asked = Vec::new();
    let events = g
        .publish(Some(("count red >= 1", &theory)), &budget(), 0, &mut |parts| {
            asked = parts.to_vec();
            false
        })
        .unwrap();
    assert!(!asked.is_empty(), "the Researchers were asked");
    assert_eq!(events, vec![Event::PartsRefused(asked.clone())]);
    assert_eq!(g, before, "refused: nothing taken down, the token returned, the turn not over");
    // With consent, the experiments asked for come down and the answer is built.
    let events = g.publish(Some(("count red >= 1", &theory)), &budget(), 0, &mut |_| true).unwrap();
    let taken: Vec<usize> = events
        .iter()
        .filter_map(|e| if let Event::TakenDown(n) = e { Some(*n) } else { None })
        .collect();
    assert_eq!(taken, asked);
    assert!(
        events.iter().any(|e| matches!(e, Event::Placed(p) if p.origin == Origin::Disproof(1))),
        "{events:?}"
    );
    assert_eq!(g.tokens_left, before.tokens_left - 1);
}

#[test]
fn a_build_is_shown_and_judged_only_once_it_is_finished() {
    let mut g = Game::new(setup("all blue are 5", false), 0).unwrap();
    let markers = g.markers_left;
    // A typo taken back with `no`, one with `undo`, a command typed at the question asked
    // again; a blank line is asked again too, then yes says it is finished.
    let input = "build b5 b3\nno\nbuild b5 b4\nremove 1\nundo\nundo\nbuild b5 . b5\n\nyes\n";
    let mut out = Vec::new();
    let mut save = |_: &Game| Ok(());
    let mut table = Table { now: &|| 0, budget: &budget, searched: &|| {}, save: &mut save };
    session(&mut g, &mut input.as_bytes(), &mut out, &mut table).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains(
            "You built b5 b3 (2 dice):\n  group 1: blue 5, blue 3\n  line: blue 5, blue 3"
        ),
        "{out}"
    );
    assert_eq!(out.matches("Taken back: nothing was judged").count(), 2, "{out}");
    assert!(out.contains("(`remove 1` was not taken as a command)"), "{out}");
    assert!(out.contains("Nothing to take back"), "`undo` at the prompt: {out}");
    assert!(out.contains("O  b5 . b5"), "{out}");
    assert_eq!(g.markers_left, markers - 1, "one marker, for the finished build");
    assert_eq!(g.table.len(), 3, "the openings and one build; nothing removed");
}

#[test]
fn a_theory_that_differs_is_disproved_on_every_card() {
    // Each card's game is sent the next card's Law as a Theory: the Universe answers with
    // an experiment (or points at one), within the default budget, never "undecided".
    let cards = super::game::cards(false, None);
    for (k, card) in cards.iter().enumerate() {
        let other = &cards[(k + 1) % cards.len()];
        let mut g = Game::new(Setup { seed: 7, ..setup(&card.text, false) }, 0).unwrap();
        // The default budget of `infer play` (commands::infer::SEARCH_SECONDS).
        let default = Budget::time(std::time::Duration::from_secs(10));
        let events =
            g.publish(Some((&other.says, &other.law)), &default, 0, &mut |_| true).unwrap();
        assert!(
            events.iter().any(|e| matches!(e, Event::Placed(_) | Event::PointedAt(_))),
            "{} against the Law {}: {events:?}",
            other.text,
            card.text
        );
    }
}
