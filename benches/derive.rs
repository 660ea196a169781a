//! Judging derivations (issue 57's targets): one rule-by-rule line (well under a
//! millisecond), one typical `by` line (under 30 ms), a whole 30-line derivation with rules
//! and `by` mixed (under a second). Run: `cargo bench --bench derive`.

use umpire::commands::derive::judge;
use umpire::commands::verdict::Search;
use umpire::logic::ast::Statement;
use umpire::logic::board::load;
use umpire::logic::check::CheckMode;
use umpire::logic::derivation::{judge_line, read, Derivation, Setting};

fn main() {
    divan::main();
}

fn corpus(board: &str, derivation: &str) -> (Vec<Statement>, Derivation) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/derivations");
    let b = std::fs::read_to_string(format!("{dir}/boards/{board}")).unwrap();
    let d = std::fs::read_to_string(format!("{dir}/proving/{derivation}")).unwrap();
    let board = load(board, &b, CheckMode::FreeStanding).unwrap().board.statements;
    (board, read(derivation, &d).unwrap())
}

/// The ∨E line of a proof by cases: the rule checker alone.
#[divan::bench]
fn rule_line(bencher: divan::Bencher) {
    let (board, d) = corpus("cases.board", "proof-by-cases.derivation");
    let setting = Setting { board: &board, claim: Some(4) };
    bencher.bench(|| divan::black_box(judge_line(&d, 8, setting)));
}

/// `blonde(adam) :by (1), (2)`: a step the engines decide, with its proof re-checked.
#[divan::bench]
fn by_line(bencher: divan::Bencher) {
    let (board, d) = corpus("family.board", "by-board-statements.derivation");
    bencher.bench(|| {
        divan::black_box(judge(&d, &board, None, &Search::default(), &mut |_, _| {}).unwrap())
    });
}

/// A wrong step and its counter-model (affirming the consequent).
#[divan::bench]
fn wrong_line_with_model(bencher: divan::Bencher) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/derivations");
    let b = std::fs::read_to_string(format!("{dir}/boards/family.board")).unwrap();
    let board = load("family", &b, CheckMode::FreeStanding).unwrap().board.statements;
    let text =
        std::fs::read_to_string(format!("{dir}/mistaken/affirming-the-consequent.derivation"))
            .unwrap();
    let d = read("affirming", &text).unwrap();
    bencher.bench(|| {
        divan::black_box(judge(&d, &board, None, &Search::default(), &mut |_, _| {}).unwrap())
    });
}

/// Thirty lines, rules and `by` mixed.
#[divan::bench]
fn thirty_lines(bencher: divan::Bencher) {
    let (board, d) = corpus("family.board", "thirty-lines.derivation");
    bencher.bench(|| {
        divan::black_box(judge(&d, &board, None, &Search::default(), &mut |_, _| {}).unwrap())
    });
}
