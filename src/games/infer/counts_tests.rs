//! The counts decision (issue 59) against brute force, on random Laws that see only counts:
//! at a small supply every count vector is tried; on the full box, every win ("no experiment
//! the supply allows") is checked by a search that goes to 12 dice.

use super::counts::{counts_only, separate, BoxAnswer};
use super::experiment::{Experiment, Supply};
use super::law::{Aspect, Compare, Dice, Kind, Law, Number, Property};
use super::search::{disprove, smallest, Found, Goal, Limits};
use crate::solve::Budget;
use proptest::prelude::*;

fn property() -> impl Strategy<Value = Property> {
    let leaf = prop_oneof![
        prop_oneof![Just("red"), Just("blue")].prop_map(|c| Property::Colour(c.to_string())),
        (1u8..=6).prop_map(Property::Face),
        Just(Property::Odd),
        Just(Property::Even),
        Just(Property::Hidden),
        Just(Property::Visible),
        (2u32..=3).prop_map(Property::DivisibleBy),
    ];
    leaf.prop_recursive(2, 6, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(|p| Property::Not(Box::new(p))),
            prop::collection::vec(inner, 2..=3).prop_map(Property::Either),
        ]
    })
}

fn dice() -> impl Strategy<Value = Dice> {
    prop::collection::vec(property(), 0..=2).prop_map(Dice)
}

fn aspect() -> impl Strategy<Value = Aspect> {
    prop_oneof![Just(Aspect::Colour), Just(Aspect::Face)]
}

fn number() -> impl Strategy<Value = Number> {
    let leaf = prop_oneof![
        (0i64..=6).prop_map(Number::Literal),
        dice().prop_map(Number::Count),
        dice().prop_map(Number::Sum),
        (dice(), aspect()).prop_map(|(d, a)| Number::Kinds(d, a)),
        (dice(), aspect()).prop_map(|(d, a)| Number::MostAlike(d, a)),
        dice().prop_map(Number::Highest),
        dice().prop_map(Number::Lowest),
    ];
    leaf.prop_recursive(1, 3, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Number::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Number::Sub(Box::new(a), Box::new(b))),
        ]
    })
}

fn compare() -> impl Strategy<Value = Compare> {
    prop_oneof![
        Just(Compare::Eq),
        Just(Compare::Ne),
        Just(Compare::Lt),
        Just(Compare::Le),
        Just(Compare::Gt),
        Just(Compare::Ge),
    ]
}

fn law() -> impl Strategy<Value = Law> {
    let leaf = prop_oneof![
        (number(), compare(), number()).prop_map(|(a, op, b)| Law::Compare(a, op, b)),
        (number(), prop_oneof![Just(Kind::Even), Just(Kind::Odd), Just(Kind::Prime)])
            .prop_map(|(n, k)| Law::Is(n, k)),
        (dice(), property()).prop_map(|(d, p)| Law::All(d, p)),
        (dice(), property()).prop_map(|(d, p)| Law::No(d, p)),
        (dice(), property()).prop_map(|(d, p)| Law::Some(d, p)),
        (dice(), property()).prop_map(|(d, p)| Law::Most(d, p)),
        (dice(), aspect()).prop_map(|(d, a)| Law::Same(d, a)),
        (dice(), aspect()).prop_map(|(d, a)| Law::Different(d, a)),
    ];
    leaf.prop_recursive(2, 4, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|l| Law::Not(Box::new(l))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Law::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Law::Or(Box::new(a), Box::new(b))),
        ]
    })
}

/// Every experiment a supply of two red and two blue dice allows, as counts see them: for
/// each colour, which faces its visible dice show and how many are covered (under the first
/// visible die; a covered die needs one on top).
fn every_count_vector() -> Vec<Experiment> {
    // The kinds of die: faces 1–6, or 0 for covered.
    let mut per_colour: Vec<Vec<u8>> = vec![vec![]];
    for first in 0..=6u8 {
        per_colour.push(vec![first]);
        for second in first..=6u8 {
            per_colour.push(vec![first, second]);
        }
    }
    let mut out = Vec::new();
    for red in &per_colour {
        for blue in &per_colour {
            let dice: Vec<(char, u8)> =
                red.iter().map(|&f| ('r', f)).chain(blue.iter().map(|&f| ('b', f))).collect();
            let visible: Vec<String> =
                dice.iter().filter(|d| d.1 > 0).map(|(c, f)| format!("{c}{f}")).collect();
            let covered: Vec<String> =
                dice.iter().filter(|d| d.1 == 0).map(|(c, _)| format!("{c}1")).collect();
            if visible.is_empty() && !covered.is_empty() {
                continue;
            }
            let mut loose = visible.clone();
            if !covered.is_empty() {
                // Bottom to top: the covered dice, then the first visible one.
                loose[0] = format!("{}+{}", covered.join("+"), visible[0]);
            }
            let text = if loose.is_empty() { "null".to_string() } else { loose.join(" . ") };
            out.push(Experiment::parse(&text).expect("a count vector as an experiment"));
        }
    }
    out
}

fn follows(l: &Law, x: &Experiment) -> bool {
    l.judge(x).expect("small numbers").follows
}

/// A fixed seed keeps CI repeatable; `PROPTEST_RNG_SEED=n` tries others.
fn config() -> ProptestConfig {
    let seed = std::env::var("PROPTEST_RNG_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(59);
    ProptestConfig {
        cases: 256,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// At a supply of two red and two blue dice, the counts decision agrees with trying every
    /// count vector: it separates exactly when one does, with an experiment that does, and
    /// with the fewest dice when it says so.
    #[test]
    fn the_counts_decision_agrees_with_every_count_vector(a in law(), b in law()) {
        prop_assume!(counts_only(&a) && counts_only(&b));
        let supply = Supply::parse("red:2,blue:2").unwrap();
        let brute = every_count_vector()
            .into_iter()
            .filter(|x| follows(&a, x) != follows(&b, x))
            .map(|x| x.len())
            .min();
        let answer = separate(&a, &b, &supply, 0, &Budget::unlimited())
            .expect("count-only Laws are decided");
        // Arithmetic beyond the decision's tables is refused, never guessed: not this test.
        prop_assume!(answer.is_ok());
        let answer = answer.unwrap();
        match (brute, answer) {
            (None, BoxAnswer::Never) => {}
            (Some(n), BoxAnswer::Separated(x)) => {
                prop_assert!(follows(&a, &x) != follows(&b, &x), "{} does not separate", x.notation());
                prop_assert_eq!(x.len(), n, "not the fewest dice: {}", x.notation());
            }
            (Some(n), BoxAnswer::Found(x)) => {
                prop_assert!(follows(&a, &x) != follows(&b, &x), "{} does not separate", x.notation());
                prop_assert!(x.len() >= n);
            }
            (brute, answer) => prop_assert!(false, "`{}` vs `{}`: brute force {:?}, decision {:?}", a.formal(), b.formal(), brute, answer),
        }
    }

    /// No published Theory wins when an experiment within the supply separates it from the
    /// Law: on every win (the search going to 3 dice, the counts decision beyond), a search
    /// through every experiment of the box (8 dice here, to keep the test short) finds none.
    #[test]
    fn no_theory_wins_that_a_search_of_the_whole_box_disproves(a in law(), b in law()) {
        prop_assume!(counts_only(&a) && counts_only(&b));
        let supply = Supply::parse("red:4,blue:4").unwrap();
        let budget = || Budget::unlimited().within(std::time::Duration::from_secs(20));
        let limits = Limits { max_dice: 3, budget: budget() };
        let found = disprove(&a, &b, &supply, &limits, &mut |_, _| {}).unwrap();
        if matches!(found, Found::NoneInBox) {
            let wide = Limits { max_dice: 8, budget: budget() };
            let goal = Goal::Separates(a.clone(), b.clone());
            let check = smallest(&goal, &supply, &wide, &mut |_, _| {}).unwrap();
            // Out of time is no evidence either way; a separating experiment is a wrong win.
            prop_assert!(!matches!(check, Found::Experiment(_)), "`{}` vs `{}` won, but: {:?}", a.formal(), b.formal(), check);
        }
    }
}
