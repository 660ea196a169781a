//! Time to first model (or to the verdict) for each corpus board with a definite answer,
//! from text to certified verdict: parse, check, clausify, ground, solve, re-check.

use umpire::logic::board;
use umpire::logic::check::CheckMode;
use umpire::models::Limits;
use umpire::solve::Budget;
use umpire::verdict::{decide, Question};

fn main() {
    divan::main();
}

const BOARDS: &[&str] = &[
    "ascii",
    "named-objects",
    "one-object",
    "two-objects",
    "father-cycle-5",
    "eight-kinds",
    "father-cycle-8",
    "noncommutative-group",
    "plus-group",
    "s-cards",
    "bounded-too-small",
    "bounded-redundancy",
];

#[divan::bench(args = BOARDS)]
fn check(name: &str) {
    let path = format!("{}/corpus/boards/{name}.board", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let b = board::load(name, &text, CheckMode::FreeStanding).unwrap();
    let limits = Limits { max_size: 10, budget: Budget::unlimited() };
    let d = decide(&b, Question::Consistency, &limits, &mut |_| {}).unwrap();
    divan::black_box(d);
}

/// A board that has no finite model: how many sizes a second buys.
#[divan::bench(args = [6, 10])]
fn infinite_smarter_up_to(max_size: usize) {
    let path = format!("{}/corpus/boards/infinite-smarter.board", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let b = board::load("infinite", &text, CheckMode::FreeStanding).unwrap();
    let limits = Limits { max_size, budget: Budget::unlimited() };
    divan::black_box(decide(&b, Question::Consistency, &limits, &mut |_| {}).unwrap());
}
