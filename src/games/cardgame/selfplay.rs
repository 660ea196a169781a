//! Computer against computer, for measurement (`umpire game selfplay`): whole dealt games
//! played to the end, with everything a referee would flag counted rather than hidden: an
//! illegal play, a claim the arbiter does not uphold, an inconsistent board left unclaimed.
//!
//! A game ends as the rules end it (a win by points or by an inconsistency claim), or, since
//! the rules name no other end, when every player has passed in turn (the board and hands no
//! longer change, so nothing ever will: RULINGS.md, G16) or after a cap of turns; then the
//! most points win, and equal points are a draw.

use super::computer::{Thinking, Turn};
use super::state::{Computer, Event, Game, GameError, Settings};
use crate::reason::finite::Limits;
use crate::reason::Question;
use crate::solve::Budget;
use std::time::Duration;

/// How a game of self-play ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Someone reached the points to win.
    Points,
    /// Someone claimed the board inconsistent.
    Inconsistency,
    /// Every player passed in turn.
    AllPassed,
    /// The cap on turns was reached.
    TurnCap,
    /// A play or a claim went wrong (an illegal play, an error): a bug, reported.
    Fault,
}

/// One game of self-play.
#[derive(Debug)]
pub struct Played {
    /// The level of each seat, in turn order.
    pub levels: Vec<u8>,
    /// The winning seat; `None` is a draw.
    pub winner: Option<usize>,
    pub ending: Ending,
    pub scores: Vec<usize>,
    pub turns: usize,
    /// Claims each seat made, and how many were upheld.
    pub claims: Vec<usize>,
    pub upheld: Vec<usize>,
    /// Questions that ran out of budget while judging, per seat.
    pub unknowns: Vec<usize>,
    /// How long each computer move took, per seat.
    pub move_times: Vec<Vec<Duration>>,
    /// What went wrong, when something did (an illegal play, an error, an unclaimed
    /// inconsistent board): each a bug.
    pub faults: Vec<String>,
    /// The game as played (its save replays it).
    pub game: Game,
}

/// The game's settings for self-play: seats named by letter and level.
pub fn settings(levels: &[u8], seed: u64, hand_size: usize, points_to_win: usize) -> Settings {
    let players: Vec<String> = levels
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{}{l}", (b'A' + i as u8) as char))
        .collect();
    let computers = players
        .iter()
        .zip(levels)
        .map(|(p, l)| Computer { player: p.clone(), level: *l })
        .collect();
    Settings {
        players,
        hand_size,
        points_to_win,
        seed,
        own_cards: false,
        computers,
        derivations_required: false,
    }
}

/// Plays one game to its end; `on_turn` hears of every computer turn.
pub fn play_game(
    settings: Settings,
    thinking: &Thinking,
    max_turns: usize,
    on_turn: &mut dyn FnMut(&Game, &Turn),
) -> Result<Played, GameError> {
    let mut game = Game::new(settings)?;
    let seats = game.settings.players.len();
    let levels: Vec<u8> =
        (0..seats).map(|p| game.settings.computer_level(p).unwrap_or(1)).collect();
    let mut played = Played {
        levels: levels.clone(),
        winner: None,
        ending: Ending::TurnCap,
        scores: Vec::new(),
        turns: 0,
        claims: vec![0; seats],
        upheld: vec![0; seats],
        unknowns: vec![0; seats],
        move_times: vec![Vec::new(); seats],
        faults: Vec::new(),
        game: game.clone(),
    };
    let mut passes_in_a_row = 0;
    while played.turns < max_turns {
        let seat = game.state.current;
        played.turns += 1;
        let turn_board = game.clone();
        let turn = match game.computer_turn(seat, levels[seat], thinking, None) {
            Ok(turn) => turn,
            Err(e) => {
                played
                    .faults
                    .push(format!("turn {} ({}): {e}", played.turns, game.settings.players[seat]));
                played.ending = Ending::Fault;
                break;
            }
        };
        // A board the mover could not settle: looked at harder, since an inconsistent board
        // left unclaimed is a fault of the player.
        if turn.consistency_unsettled && turn.claims.is_empty() {
            if let Some(why) = unclaimed_inconsistency(&turn_board, thinking) {
                played.faults.push(format!(
                    "turn {}: {} left an inconsistent board unclaimed: {why}",
                    played.turns, game.settings.players[seat]
                ));
            }
        }
        on_turn(&game, &turn);
        played.move_times[seat].push(turn.elapsed);
        played.unknowns[seat] += turn.unknowns;
        for (event, decision) in &turn.claims {
            played.claims[seat] += 1;
            if matches!(event, Event::Claim { upheld: true, .. }) {
                played.upheld[seat] += 1;
            } else {
                played.faults.push(format!(
                    "turn {}: a claim by {} was not upheld: {}",
                    played.turns, game.settings.players[seat], decision.explanation
                ));
            }
        }
        if let Some(w) = game.state.winner {
            played.winner = Some(w);
            played.ending = if game.state.scores[w] >= game.settings.points_to_win {
                Ending::Points
            } else {
                Ending::Inconsistency
            };
            break;
        }
        passes_in_a_row =
            if matches!(turn.event, Some(Event::Pass { .. })) { passes_in_a_row + 1 } else { 0 };
        if passes_in_a_row >= seats {
            played.ending = Ending::AllPassed;
            break;
        }
    }
    if played.winner.is_none() && played.ending != Ending::Fault {
        // The most points win; equal points are a draw.
        let best = game.state.scores.iter().max().copied().unwrap_or(0);
        let leaders: Vec<usize> = (0..seats).filter(|&p| game.state.scores[p] == best).collect();
        if leaders.len() == 1 {
            played.winner = Some(leaders[0]);
        }
        // A board left inconsistent that nobody claimed is a bug of the player.
        if let Some(why) = unclaimed_inconsistency(&game, thinking) {
            played.faults.push(format!(
                "the game ended with an inconsistent board that nobody claimed: {why}"
            ));
        }
    }
    played.scores = game.state.scores.clone();
    played.game = game;
    Ok(played)
}

/// Whether the board of `game` is inconsistent, decided with five times a claim's budget:
/// the arbiter's explanation if so.
fn unclaimed_inconsistency(game: &Game, thinking: &Thinking) -> Option<String> {
    let board = game.checked_board(&game.state.board).ok()?;
    let limits = Limits { max_size: thinking.max_size, budget: Budget::time(thinking.claim * 5) };
    let d = crate::reason::decide(&board, Question::Consistency, &limits, &mut |_| {}).ok()?;
    matches!(d.verdict, crate::reason::Verdict::Inconsistent { .. }).then_some(d.explanation)
}
