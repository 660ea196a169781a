//! Parse + check throughput on the corpus boards (statements per second).

use umpire::logic::board::load;
use umpire::logic::check::CheckMode;

fn main() {
    divan::main();
}

fn corpus() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/boards");
    let mut boards: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "board")
                .then(|| (p.display().to_string(), std::fs::read_to_string(&p).unwrap()))
        })
        .collect();
    boards.sort();
    boards
}

/// All corpus boards, parsed and checked; throughput counted in statements.
#[divan::bench]
fn parse_and_check_corpus(bencher: divan::Bencher) {
    let boards = corpus();
    let statements: usize = boards
        .iter()
        .map(|(n, t)| load(n, t, CheckMode::FreeStanding).unwrap().board.statements.len())
        .sum();
    bencher.counter(divan::counter::ItemsCount::new(statements)).bench(|| {
        for (name, text) in &boards {
            divan::black_box(load(name, text, CheckMode::FreeStanding).unwrap());
        }
    });
}
