//! Inverted Dice: one turn's dynamic program, exact target odds, the coach's advice from the
//! full strategy table, and the full backward induction (one sample: it takes seconds).

use std::sync::OnceLock;
use umpire::games::dice::coach::advise;
use umpire::games::dice::roll::{first_roll_counts, Lanes, LANES};
use umpire::games::dice::strategy::Strategy;
use umpire::games::dice::turn::{target_odds, Payoff, Turn};
use umpire::games::dice::{Rules, ScoreSheet, Sheet};
use umpire::solve::Budget;

fn main() {
    divan::main();
}

fn full_table() -> &'static Strategy {
    static TABLE: OnceLock<Strategy> = OnceLock::new();
    TABLE.get_or_init(|| {
        Strategy::compute(Rules::default(), Sheet::standard(), &Budget::unlimited(), &|_| {})
            .unwrap()
    })
}

#[divan::bench]
fn first_roll_table() -> [u32; 22] {
    first_roll_counts()
}

#[divan::bench(args = [9, 20])]
fn exact_target_odds(target: u32) -> f64 {
    target_odds(target)[2].to_f64()
}

/// What ending the first turn pays on a two-box sheet: a payoff for the turn benches.
fn small_sheet_turn_end() -> umpire::games::dice::strategy::TurnEnd {
    let small = Strategy::compute(
        Rules::default(),
        Sheet::with_boxes(vec![1, 2], false).unwrap(),
        &Budget::unlimited(),
        &|_| {},
    )
    .unwrap();
    small.turn_end(ScoreSheet::new(small.sheet.clone()).position())
}

/// One sheet state's turn (what the backward induction does 7.9 million times).
#[divan::bench]
fn one_turn_f64(bencher: divan::Bencher) {
    let end = small_sheet_turn_end();
    let mut turn = Turn::<f64>::new();
    bencher.bench_local(|| {
        turn.solve(&end.payoff, &Rules::default());
        turn.start
    });
}

/// `LANES` sheet states' turns solved side by side, as the backward induction does them.
#[divan::bench]
fn turns_in_lanes(bencher: divan::Bencher) {
    let end = small_sheet_turn_end();
    let payoff = Payoff {
        value: end.payoff.value.map(|v| Lanes(std::array::from_fn(|i| v + i as f64))),
        available: end.payoff.available.map(|a| [a; LANES]),
    };
    let mut turn = Turn::<Lanes>::new();
    bencher.bench_local(|| {
        turn.solve(&payoff, &Rules::default());
        turn.start
    });
}

/// The coach on the standard sheet, table in memory (computing it first takes ~6 s).
#[divan::bench(args = ["12455", "11111", "23456"])]
fn coach_advice(bencher: divan::Bencher, dice: &str) {
    let strategy = full_table();
    let sheet = ScoreSheet::with(Sheet::standard(), &[3, 9, 12, 17], &[20]).unwrap();
    let dice: Vec<u8> = dice.bytes().map(|b| b - b'0').collect();
    bencher.bench_local(|| advise(strategy, &sheet, &dice, 2).unwrap().choices.len());
}

/// The whole optimal strategy for the standard sheet: every state, both cores.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn optimal_strategy_full() -> f64 {
    Strategy::compute(Rules::default(), Sheet::standard(), &Budget::unlimited(), &|_| {})
        .unwrap()
        .expected_score()
}
