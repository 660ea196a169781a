//! The deduction games: the solve after each event of a six-player, 30-event Clue game
//! (goal: under 50 ms each with exact probabilities and envelope odds), the advice for the
//! next suggestion, and the solve after each event of a five-player Deduction game.

use umpire::games::clue::log::parse as parse_clue;
use umpire::games::clue::simulate::random_game;
use umpire::games::clue::Deck;
use umpire::games::deduction::play::computer_game;
use umpire::solve::Budget;

fn main() {
    divan::main();
}

fn clue_log(players: usize) -> umpire::games::clue::log::Log {
    let deck = Deck::builtin("classic").unwrap();
    let game = random_game(&deck, "classic", players, 30, 1);
    parse_clue(&game.log, &|_| Err("built-in deck".into())).unwrap()
}

/// Event counts 1, 2, 5, 10, 20 and 30 of the six-player game (after the hand).
#[divan::bench(args = [1, 2, 5, 10, 20, 30], sample_count = 10)]
fn clue_six_players_after_event(bencher: divan::Bencher, events: usize) {
    let log = clue_log(6);
    bencher.bench(|| {
        umpire::games::clue::solve::solve(&log, Some(1 + events), &Budget::unlimited()).unwrap()
    });
}

#[divan::bench(args = [3, 6], sample_count = 3)]
fn clue_advice_after_ten_events(bencher: divan::Bencher, players: usize) {
    let mut log = clue_log(players);
    log.entries.truncate(11);
    bencher
        .bench(|| umpire::games::clue::advise::advise(&log, None, &Budget::unlimited()).unwrap());
}

fn deduction_log() -> umpire::games::deduction::log::Log {
    let players: Vec<String> =
        ["Ann", "Bob", "Cat", "Dan", "Eve"].iter().map(|s| s.to_string()).collect();
    let (_, logs) = computer_game(&players, 3, 200).unwrap();
    logs.into_iter().next().unwrap()
}

/// Events after the hand and table of seat 1's log in a five-player game (38 turns).
#[divan::bench(args = [1, 5, 10, 20, 30], sample_count = 10)]
fn deduction_five_players_after_event(bencher: divan::Bencher, events: usize) {
    let log = deduction_log();
    bencher.bench(|| {
        umpire::games::deduction::solve::solve(&log, Some(2 + events), &Budget::unlimited())
            .unwrap()
    });
}

#[divan::bench(sample_count = 5)]
fn deduction_advice_at_the_start(bencher: divan::Bencher) {
    let mut log = deduction_log();
    log.entries.truncate(2);
    bencher
        .bench(|| umpire::games::deduction::solve::advise(&log, 3, &Budget::unlimited()).unwrap());
}

/// Advice in a six-player game (issues 35 and 60: goal under a second each), at the start
/// (my hand only) and after events 1, 5, 10 and 30, on the posterior that weighs the cards
/// shown to me (C4).
#[divan::bench(args = [0, 1, 5, 10, 30], sample_count = 3)]
fn clue_advice_six_players_after_event(bencher: divan::Bencher, events: usize) {
    let mut log = clue_log(6);
    log.entries.truncate(1 + events);
    bencher
        .bench(|| umpire::games::clue::advise::advise(&log, None, &Budget::unlimited()).unwrap());
}
