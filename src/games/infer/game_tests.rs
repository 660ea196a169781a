//! The game: setup, marking, publishing, the loss conditions, saving.

use super::experiment::{Experiment, Supply};
use super::game::{Event, Game, GameError, Origin, Setup, OPENING_DICE, PUBLICATION_TOKENS, RESULT_MARKERS};
use super::law::parse;
use super::play::{session, Table};
use crate::solve::Budget;

fn setup(law: &str, timer: bool) -> Setup {
    Setup { supply: Supply::default(), compass: false, max_dice: 6, timer, seed: 3, level: None, law: Some(law.into()) }
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
            assert!(e.len() <= OPENING_DICE && p.follows == want && law.judge(&e).follows == want, "{} on {}", g.law_text(), p.experiment);
            assert_eq!(p.origin, Origin::Opening);
        }
        assert_eq!((g.markers_left, g.tokens_left), (RESULT_MARKERS - 2, PUBLICATION_TOKENS));
    }
}

#[test]
fn a_home_made_law_must_be_demonstrable_with_four_dice() {
    assert!(matches!(Game::new(setup("count dice = 6", false), 0), Err(GameError::NotDemonstrable)));
    assert!(matches!(Game::new(setup("some blue are north", false), 0), Err(GameError::NeedsCompass)));
}

#[test]
fn experiments_are_marked_by_the_law_and_dice_are_limited() {
    let mut g = Game::new(Setup { supply: Supply::parse("red:3,blue:20,white:20").unwrap(), ..setup("all blue are 5", false) }, 0).unwrap();
    let events = g.build(&x("b5 r3"), 0).unwrap();
    assert!(matches!(&events[..], [Event::Placed(p)] if p.follows && p.origin == Origin::Researchers));
    let events = g.build(&x("b5 b3"), 0).unwrap();
    assert!(matches!(&events[..], [Event::Placed(p)] if !p.follows));
    let reds_on_table = g.table.iter().map(|p| x(&p.experiment).dice.iter().filter(|d| d.colour == "red").count()).sum::<usize>();
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
    let events = g.publish(Some(("count dice >= 1 and no dice are odd", &wrong)), &budget(), 0).unwrap();
    // Either an experiment on the table already disproves it, or the Universe builds one
    // that separates the two and marks it by the Law.
    let law = parse("all dice are even").unwrap();
    match &events[..] {
        [Event::PointedAt(n)] | [Event::Placed(super::game::Placed { number: n, .. })] => {
            let p = g.table.iter().find(|p| p.number == *n).unwrap();
            let e = x(&p.experiment);
            assert_ne!(law.judge(&e).follows, wrong.judge(&e).follows);
            assert_eq!(p.follows, law.judge(&e).follows);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.tokens_left, PUBLICATION_TOKENS - 1);
    let right = parse("no dice are odd").unwrap();
    let events = g.publish(Some(("no dice are odd", &right)), &budget(), 0).unwrap();
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
    let covered: Vec<bool> = g.table.iter().map(|p| theory.judge(&x(&p.experiment)).follows == p.follows).collect();
    let events = g.publish(Some(("sum dice >= 10", &theory)), &budget(), 0).unwrap();
    if covered.iter().all(|&c| c) {
        let [Event::Placed(p)] = &events[..] else { panic!("{events:?}") };
        assert_eq!(p.origin, Origin::Disproof(1));
        let e = x(&p.experiment);
        assert!(!p.follows && theory.judge(&e).follows, "{}", p.experiment);
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
        let events = g.publish(None, &budget(), 0).unwrap();
        let placed = events.iter().find_map(|e| if let Event::Placed(p) = e { Some(p.clone()) } else { None }).unwrap();
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
    assert!(matches!(&events[..], [Event::Ended(e)] if !e.won && e.why.contains("Result Marker")), "{events:?}");
}

#[test]
fn publish_or_perish_runs_out_and_publications_extend_it() {
    let mut g = Game::new(setup("count red >= 1", true), 1000).unwrap();
    let deadline = g.deadline.unwrap();
    assert_eq!(deadline, 1000 + 600);
    g.publish(None, &budget(), 1100).unwrap();
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
    assert!(matches!(Game::load(&json.replace("\"sealed_law\": \"", "\"sealed_law\": \"zz")), Err(GameError::Damaged(_))));
}

#[test]
fn a_session_plays_from_text_and_saves_after_each_move() {
    let mut g = Game::new(setup("all blue are 5", false), 0).unwrap();
    let input = "build b5 b5\nbogus\npublish all blue are\npublish no blue are odd\nno\npublish all blue are 5\nyes\n";
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
