//! The search: the compiled Laws agree with the evaluator, the shape listing is complete,
//! and the smallest witnesses are the smallest.

use super::deck::{deck, parse_deck, COMPASS_DECK};
use super::experiment::{Die, Experiment, Supply};
use super::law::{parse, Law, Sees};
use super::search::{disprove, smallest, Encoder, Found, Goal, Limits};
use super::shapes::{shapes, Shape, Structure};
use crate::solve::{Budget, Lit, Outcome};
use crate::util::random::SplitMix64;
use std::collections::BTreeSet;

fn law(text: &str) -> Law {
    parse(text).unwrap()
}

fn limits(max_dice: usize) -> Limits {
    Limits { max_dice, budget: Budget::unlimited() }
}

/// A random experiment of up to `max` dice on a 3×3 board, stacks included.
fn random_experiment(rng: &mut SplitMix64, max: u64, colours: &[&str]) -> Experiment {
    let n = rng.below(max + 1);
    let mut heights = [[0u32; 3]; 3];
    let mut dice = Vec::new();
    for _ in 0..n {
        let (r, c) = (rng.below(3) as usize, rng.below(3) as usize);
        let colour = colours[rng.below(colours.len() as u64) as usize].to_string();
        dice.push(Die {
            colour,
            face: 1 + rng.below(6) as u8,
            row: r as i32,
            col: c as i32,
            level: heights[r][c],
        });
        heights[r][c] += 1;
    }
    Experiment::from_dice(dice)
}

/// Whether the Law's literal, with the colours and faces fixed to `x`'s, says what the
/// evaluator says.
fn compiled_agrees(l: &Law, x: &Experiment, supply: &Supply) -> Result<(), String> {
    let shape = Shape { cells: x.clone(), structure: Structure::of(x) };
    let mut e = Encoder::new(&shape, supply, &Budget::unlimited()).unwrap();
    let lit = e.law(l).map_err(|w| format!("{w}"))?;
    let mut fix: Vec<Lit> = Vec::new();
    for (i, d) in x.dice.iter().enumerate() {
        let c = supply.colours.iter().position(|s| s.0 == d.colour).unwrap();
        fix.push(e.colour[i].eq(&e.p, c as i64));
        if x.visible(i) {
            fix.push(e.face[i].eq(&e.p, i64::from(d.face)));
        }
    }
    let sol = match e.p.solve(&fix, &Budget::unlimited()) {
        Outcome::Sat(s) => s,
        other => return Err(format!("fixing the dice left no solution: {other:?}")),
    };
    let (compiled, judged) = (sol.value(lit), l.judge(x).unwrap().follows);
    if compiled == judged {
        Ok(())
    } else {
        Err(format!(
            "`{}` on `{}`: compiled {compiled}, evaluator {judged}",
            l.english(),
            x.notation()
        ))
    }
}

#[test]
fn compiled_laws_agree_with_the_evaluator_on_random_experiments() {
    let supply = Supply::default();
    let mut laws: Vec<Law> = deck().into_iter().map(|c| c.law).collect();
    laws.extend(parse_deck(COMPASS_DECK).unwrap().into_iter().map(|c| c.law));
    for extra in [
        "not (count dice = 3) or all blue are 5",
        "product red * 2 - sum blue >= 7",
        "line ascending 1",
        "line same 3",
        "most blue are hidden",
        "white same face",
        "some dice are touching odd white",
        "sum dice is even and count red is odd",
        // The forms of ruling I16 and the words of I15 and I17.
        "every group (count red >= 1)",
        "every group (visible same face)",
        "no group (count dice > 3)",
        "some group (all dice are blue)",
        "no line (count on-table >= 3)",
        "line 3",
        "every line (count white >= 1)",
        "some line (dice different colour)",
        "every group (some dice are stacked or count dice = 1)",
        "no group has (line 2 and count red >= 1)",
        "every line (every group (count dice >= 2))",
        "all dice are divisible by 3",
        "some red are divisible by 2",
        "sum dice is divisible by 4",
        "most red are 5",
    ] {
        laws.push(law(extra));
    }
    let mut rng = SplitMix64::new(7);
    let mut follows = 0;
    let mut checks = 0;
    for _ in 0..120 {
        let x = random_experiment(&mut rng, 6, &["red", "blue", "white"]);
        for l in &laws {
            compiled_agrees(l, &x, &supply).unwrap();
            follows += l.judge(&x).unwrap().follows as usize;
            checks += 1;
        }
    }
    // Both answers came up often enough for the agreement to mean something.
    assert!(follows > checks / 5 && follows < checks * 4 / 5, "{follows} of {checks}");
}

#[test]
fn every_deck_law_can_be_shown_both_ways_with_four_dice() {
    let supply = Supply::default();
    let compass = parse_deck(COMPASS_DECK).unwrap();
    let cards = deck();
    assert!(cards.len() >= 40, "{} cards", cards.len());
    for level in 1..=3 {
        assert!(cards.iter().filter(|c| c.level == level).count() >= 10, "level {level}");
    }
    for card in cards.iter().chain(&compass) {
        for want in [true, false] {
            let goal = Goal::Judged(vec![(card.law.clone(), want)]);
            match smallest(&goal, &supply, &limits(4), &mut |_, _| {}).unwrap() {
                Found::Experiment(x) => {
                    assert_eq!(card.law.judge(&x).unwrap().follows, want, "{}", card.text)
                }
                other => panic!(
                    "`{}` cannot be shown {} with 4 dice: {other:?}",
                    card.text,
                    if want { "followed" } else { "broken" }
                ),
            }
        }
    }
}

#[test]
fn the_rules_equivalent_pair_cannot_be_separated() {
    let supply = Supply::default();
    let found = disprove(
        &law("all dice are even"),
        &law("no dice are odd"),
        &supply,
        &limits(6),
        &mut |_, _| {},
    )
    .unwrap();
    // Decided over the whole box, not only up to the search's 6 dice (issue 59).
    assert_eq!(found, Found::NoneInBox);
    // The rules' own wording of it: "All dice must be divisible by 2".
    let found = disprove(
        &law("all dice are divisible by 2"),
        &law("no dice are odd"),
        &supply,
        &limits(6),
        &mut |_, _| {},
    )
    .unwrap();
    assert_eq!(found, Found::NoneInBox);
}

/// Issue 59: over a small box, the decision by counts agrees with the exhaustive search of
/// every arrangement the box allows, on random pairs of Laws that see no arrangement: the
/// same answer, and the same fewest dice whenever the counts call theirs the fewest.
#[test]
fn counts_agree_with_the_exhaustive_search_over_a_small_box() {
    let supply = Supply::parse("red:2,blue:2,white:1").unwrap();
    let atoms = [
        "count red >= 2",
        "count dice = 3",
        "count dice >= 4",
        "sum dice > 12",
        "sum blue = 7",
        "count odd > count even",
        "all red are 5",
        "some blue are even",
        "no dice are 6",
        "most dice are odd",
        "dice same colour",
        "blue different face",
        "count dice is even",
        "sum dice is prime",
        "count hidden = 1",
        "count visible white = 1",
        "sum red > sum blue",
    ];
    let mut rng = SplitMix64::new(59);
    let pick = |rng: &mut SplitMix64| -> String {
        let a = atoms[rng.below(atoms.len() as u64) as usize];
        let b = atoms[rng.below(atoms.len() as u64) as usize];
        match rng.below(4) {
            0 => a.to_string(),
            1 => format!("{a} and {b}"),
            2 => format!("{a} or {b}"),
            _ => format!("not ({a})"),
        }
    };
    let mut separated = 0;
    for _ in 0..60 {
        let (a, b) = (pick(&mut rng), pick(&mut rng));
        let (la, lb) = (law(&a), law(&b));
        let by_counts = disprove(&la, &lb, &supply, &limits(1), &mut |_, _| {}).unwrap();
        let goal = Goal::Separates(la.clone(), lb.clone());
        let exhaustive = smallest(&goal, &supply, &limits(5), &mut |_, _| {}).unwrap();
        match (&by_counts, &exhaustive) {
            (Found::NoneInBox, Found::NoneUpTo(5)) => {}
            (Found::Experiment(x), Found::Experiment(y)) => {
                assert_eq!(x.len(), y.len(), "`{a}` vs `{b}`: {} / {}", x.notation(), y.notation());
                separated += 1;
            }
            (Found::Larger { experiment: x, .. }, Found::Experiment(_)) => {
                assert!(goal.met_by(x), "`{a}` vs `{b}`");
                separated += 1;
            }
            _ => panic!("`{a}` vs `{b}`: counts {by_counts:?}, exhaustive {exhaustive:?}"),
        }
    }
    assert!(separated >= 20, "only {separated} pairs separated: the test would mean little");
}

/// Every experiment of up to `max` dice with colours from `colours` (all shapes: nothing
/// coarsened), for brute-force checks.
fn all_experiments(max: usize, colours: &[&str]) -> Vec<Experiment> {
    let mut out = Vec::new();
    for n in 0..=max {
        for shape in shapes(n, Sees { compass: false, ..Sees::everything() }) {
            let visible: Vec<bool> = shape.structure.visible.clone();
            let mut combos = vec![shape.cells.clone()];
            for (i, &shown) in visible.iter().enumerate().take(n) {
                let mut next = Vec::new();
                for x in &combos {
                    for c in colours {
                        let faces: Vec<u8> = if shown { (1..=6).collect() } else { vec![1] };
                        for f in faces {
                            let mut y = x.clone();
                            y.dice[i].colour = c.to_string();
                            y.dice[i].face = f;
                            next.push(y);
                        }
                    }
                }
                combos = next;
            }
            out.extend(combos);
        }
    }
    out
}

#[test]
fn the_smallest_separating_experiment_is_the_smallest_brute_force_finds() {
    // Two colours keep the brute force small: every experiment of up to 3 dice.
    let supply = Supply::parse("red:20,blue:20").unwrap();
    let everything = all_experiments(3, &["red", "blue"]);
    let pairs = [
        ("count red >= 1", "count dice >= 1"),
        ("all blue are 5", "no blue are odd"),
        ("sum dice = 7", "count dice = 2"),
        ("red touch each other", "groups <= 1"),
        ("line ascending 3", "dice different face"),
        ("some dice are stacked", "some dice are hidden"),
        ("most dice are odd", "count odd > count even"),
        ("product dice > 20", "sum dice > 9"),
        ("largest-group >= 2", "no dice are alone"),
        ("count red = count blue", "count dice is even"),
        ("every group (count red >= 1)", "count red >= groups"),
        ("no line (count dice >= 3)", "largest-group <= 2"),
        ("some group (all dice are blue)", "count blue >= 1"),
        ("every line (dice same face)", "line same 2"),
        ("no group (count dice = 2)", "every group (count dice = 1)"),
        ("most blue are 5", "all blue are 5"),
        ("line 3", "largest-group >= 3"),
        ("sum dice is divisible by 3", "sum dice = 6"),
        ("all dice are divisible by 3", "no dice are divisible by 2"),
        ("most dice are odd", "count odd > count even or count dice = 0"),
        ("most dice are odd", "count odd > count even or count visible = 0"),
    ];
    for (a, b) in pairs {
        let (la, lb) = (law(a), law(b));
        let brute = everything
            .iter()
            .filter(|x| la.judge(x).unwrap().follows != lb.judge(x).unwrap().follows)
            .map(Experiment::len)
            .min();
        let found = disprove(&la, &lb, &supply, &limits(3), &mut |_, _| {}).unwrap();
        match (brute, found) {
            (Some(n), Found::Experiment(x)) => {
                assert_eq!(x.len(), n, "`{a}` vs `{b}`: {}", x.notation());
                assert_ne!(la.judge(&x).unwrap().follows, lb.judge(&x).unwrap().follows);
            }
            (None, Found::NoneUpTo(3) | Found::NoneInBox) => {}
            // Beyond the brute force's 3 dice, decided over the whole box (issue 59).
            (None, Found::Experiment(x) | Found::Larger { experiment: x, .. }) if x.len() > 3 => {
                assert_ne!(la.judge(&x).unwrap().follows, lb.judge(&x).unwrap().follows);
            }
            (brute, found) => panic!("`{a}` vs `{b}`: brute force {brute:?}, search {found:?}"),
        }
    }
}

#[test]
fn the_null_experiment_comes_first_and_supply_limits_hold() {
    let supply = Supply::default();
    let found = disprove(
        &law("count red >= 1"),
        &law("no dice are blue"),
        &supply,
        &limits(6),
        &mut |_, _| {},
    )
    .unwrap();
    assert_eq!(found, Found::Experiment(Experiment::default()));
    let two_red = Supply::parse("red:2,blue:5").unwrap();
    let goal = Goal::Judged(vec![(law("count red >= 3"), true)]);
    assert_eq!(smallest(&goal, &two_red, &limits(6), &mut |_, _| {}).unwrap(), Found::NoneUpTo(6));
    let goal = Goal::Judged(vec![(law("count red = 2 and count blue = 1"), true)]);
    let Found::Experiment(x) = smallest(&goal, &two_red, &limits(6), &mut |_, _| {}).unwrap()
    else {
        panic!()
    };
    assert_eq!(x.len(), 3);
}

#[test]
fn pieces_laid_apart_cover_every_placement() {
    // The piece listing against a brute force placement in a square, for up to 4 dice:
    // the same structures come out.
    let sees = Sees { compass: false, ..Sees::everything() };
    for n in 0..=4 {
        let from_pieces: BTreeSet<Vec<u32>> =
            shapes(n, sees).iter().map(|s| s.structure.key(sees)).collect();
        let from_square: BTreeSet<Vec<u32>> =
            shapes(n, Sees::everything()).iter().map(|s| s.structure.key(sees)).collect();
        assert_eq!(from_pieces, from_square, "{n} dice");
    }
}

#[test]
fn a_spent_budget_says_unknown() {
    let supply = Supply::default();
    let spent = Limits { max_dice: 6, budget: Budget::time(std::time::Duration::ZERO) };
    let found = disprove(
        &law("all dice are even"),
        &law("no dice are odd"),
        &supply,
        &spent,
        &mut |_, _| {},
    )
    .unwrap();
    assert!(matches!(found, Found::Unknown { .. }), "{found:?}");
}
