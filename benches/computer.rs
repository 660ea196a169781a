//! The computer player of the logic card game (issue 33): one whole turn (claims, then the
//! play) at levels 1 and 2, at positions of a self-played game. The goal is a median under
//! 2 s and a worst case under 10 s on the 2-core build machine; the distribution over whole
//! games is measured by `scripts/selfplay.sh` (`umpire game selfplay`), see BENCHMARKS.md.

use std::time::Duration;
use umpire::commands::computer::thinking;
use umpire::commands::defaults::MOVE_TIME;
use umpire::games::cardgame::game::Game;
use umpire::games::cardgame::selfplay::{play_game, settings};

fn main() {
    divan::main();
}

/// The position after `events` events of a level-2 against level-2 game (seed 21), played
/// once for every bench.
fn position(events: usize) -> Game {
    static PLAYED: std::sync::OnceLock<Game> = std::sync::OnceLock::new();
    let played = PLAYED.get_or_init(|| {
        play_game(settings(&[2, 2], 21, 3, 3), &thinking(MOVE_TIME), 40, &mut |_, _| {})
            .unwrap()
            .game
    });
    let mut game = Game::new(played.settings.clone()).unwrap();
    for event in played.events.iter().take(events) {
        if game.state.winner.is_some() {
            break;
        }
        game.apply(event.clone()).unwrap();
    }
    game
}

#[divan::bench(args = [0, 4, 8, 12], sample_count = 5, max_time = Duration::from_secs(60))]
fn level_1_turn(bencher: divan::Bencher, events: usize) {
    let game = position(events);
    let seat = game.state.current;
    bencher.bench(|| game.clone().computer_turn(seat, 1, &thinking(MOVE_TIME), None).unwrap());
}

#[divan::bench(args = [0, 4, 8, 12], sample_count = 5, max_time = Duration::from_secs(60))]
fn level_2_turn(bencher: divan::Bencher, events: usize) {
    let game = position(events);
    let seat = game.state.current;
    bencher.bench(|| game.clone().computer_turn(seat, 2, &thinking(MOVE_TIME), None).unwrap());
}
