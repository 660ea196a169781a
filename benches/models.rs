//! Time to a verdict per corpus board: the model search (parse, check, clausify, ground,
//! solve, re-check the model) and the prover (clausify, instantiate, solve, minimise, and
//! the independent check of the proof).

use umpire::logic::board::{self, CheckedBoard};
use umpire::logic::check::CheckMode;
use umpire::logic::cnf::{clausify_with, premises_of};
use umpire::reason::finite::{self, Limits};
use umpire::reason::instantiate::{Prover, Refutation};
use umpire::reason::proof::check::check;
use umpire::solve::Budget;

fn main() {
    divan::main();
}

fn load(name: &str) -> CheckedBoard {
    let path = format!("{}/corpus/boards/{name}.board", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    board::load(name, &text, CheckMode::FreeStanding).unwrap()
}

const CONSISTENT: &[&str] = &[
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

#[divan::bench(args = CONSISTENT)]
fn model_search(name: &str) {
    let b = load(name);
    let limits = Limits { max_size: 10, budget: Budget::unlimited() };
    divan::black_box(
        finite::search(&b.signature, &premises_of(&b, None), &limits, &mut |_| {}).unwrap(),
    );
}

/// A board that has no finite model: how many sizes a second buys.
#[divan::bench(args = [6, 10])]
fn infinite_smarter_up_to(max_size: usize) {
    let b = load("infinite-smarter");
    let limits = Limits { max_size, budget: Budget::unlimited() };
    divan::black_box(
        finite::search(&b.signature, &premises_of(&b, None), &limits, &mut |_| {}).unwrap(),
    );
}

/// Inconsistent boards and true redundancy claims (board, negated statement).
const REFUTABLE: &[(&str, usize)] = &[
    ("blonde-paradox", 0),
    ("rules-legal", 0),
    ("commutative-likes", 0),
    ("two-names-one-object", 0),
    ("grandfather", 3),
    ("named-blondie", 3),
    ("sum-likes", 3),
];

#[divan::bench(args = REFUTABLE)]
fn prove_and_check(&(name, negate): &(&str, usize)) {
    let b = load(name);
    let premises = premises_of(&b, (negate > 0).then_some(negate));
    let set = clausify_with(&b.signature, &premises, true);
    let Refutation::Proved(proof) = Prover::new(&set).run(&Budget::unlimited()) else {
        panic!("{name}")
    };
    divan::black_box(check(&b.signature, &premises, &proof).unwrap());
}

/// Boards whose models are all infinite (board, negated statement): the infinite-model
/// engine alone, from the board to a structure whose every statement the Presburger
/// procedure has decided; and the whole verdict through the arbiter, which first lets the
/// finite search refute sizes 1-4. Goal: each under 100 ms.
const INFINITE: &[(&str, usize)] = &[
    ("infinite-smarter", 0),
    ("always-someone-smarter", 0),
    ("adam-nobodys-father", 0),
    ("least-no-greatest", 0),
    ("greatest-no-least", 0),
    ("no-ends", 0),
    ("sum-smarter-than-both", 0),
    ("next-smarter", 0),
    ("blonde-generations", 0),
    ("likes-the-next", 0),
    ("named-first", 0),
    ("infinite-countermodel", 4),
];

#[divan::bench(args = INFINITE)]
fn infinite_model(&(name, negate): &(&str, usize)) {
    let b = load(name);
    let premises = premises_of(&b, (negate > 0).then_some(negate));
    let found = umpire::reason::infinite::search(&b.signature, &premises, &Budget::unlimited());
    assert!(matches!(found, umpire::reason::infinite::Outcome::Found(_)), "{name}");
}

#[divan::bench(args = INFINITE)]
fn infinite_verdict(&(name, negate): &(&str, usize)) {
    let b = load(name);
    let question = if negate > 0 {
        umpire::reason::Question::Follows(negate)
    } else {
        umpire::reason::Question::Consistency
    };
    let limits = Limits { max_size: 24, budget: Budget::time(std::time::Duration::from_secs(10)) };
    let d = umpire::reason::decide(&b, question, &limits, &mut |_| {}).unwrap();
    assert!(d.verdict.infinite_model().is_some(), "{name}: {}", d.explanation);
}

/// Boards whose inconsistency is an exhaustive search over the allowed sizes, with the
/// largest size: the search itself, then its certificate (the statements encoded again,
/// refuted by varisat with a DRAT proof, the proof checked independently).
const EXHAUSTIVE: &[(&str, usize)] = &[("tournament-too-small", 6), ("pigeonhole-fathers", 5)];

#[divan::bench(args = EXHAUSTIVE)]
fn exhaustive_search(case: (&str, usize)) {
    let b = load(case.0);
    let limits = Limits { max_size: case.1, budget: Budget::unlimited() };
    divan::black_box(
        finite::search(&b.signature, &premises_of(&b, None), &limits, &mut |_| {}).unwrap(),
    );
}

#[divan::bench(args = EXHAUSTIVE)]
fn exhaustive_certificate(case: (&str, usize)) {
    use umpire::reason::finite::certify::certify_sizes;
    let b = load(case.0);
    let sizes: Vec<usize> = (1..=case.1).collect();
    let premises = premises_of(&b, None);
    divan::black_box(certify_sizes(&b.signature, &premises, &sizes, &Budget::unlimited()).unwrap());
}
