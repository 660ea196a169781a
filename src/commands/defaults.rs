//! Every default a user meets, defined once: the command line's flags, the REPL's `set`
//! and the page all read them from here, so that the three front ends cannot drift apart.
//! (A save file records the limits a claim was decided under; what an old save without
//! them meant is the game's own fact, `ClaimBudget::DEFAULT`, not a default to change here.)

use std::time::Duration;

/// How long a search may take unless the user says otherwise, as the command line's flags
/// write it (clap takes a default as text).
pub const SEARCH_SECONDS: &str = "10";
/// The same limit as a duration.
pub const SEARCH_TIME: Duration = Duration::from_secs(whole_seconds(SEARCH_SECONDS));
/// The largest domain the finite model search tries unless told otherwise.
pub const MAX_MODEL_SIZE: usize = 24;
/// Cards in each hand of the logic card game (the rules' n) unless the table says otherwise.
pub const HAND_SIZE: usize = 3;
/// Points that win the logic card game (the rules' w) unless the table says otherwise.
pub const POINTS_TO_WIN: usize = 3;
/// The shuffle of a new card game: the seed asked for (`--seed`, to replay a deal), else a
/// fresh one nobody can guess, so that two tables never see the same deal (issue 38).
pub fn game_seed(asked: Option<u64>) -> u64 {
    asked.unwrap_or_else(crate::util::random::fresh_seed)
}

/// The computer player's level unless the table says otherwise (issue 33): one round ahead.
pub const COMPUTER_LEVEL: u8 = 2;
/// The budget of a computer's whole turn (claims and play), as the flags write it.
pub const MOVE_SECONDS: &str = "4";
/// The same budget as a duration.
pub const MOVE_TIME: Duration = Duration::from_secs(whole_seconds(MOVE_SECONDS));
/// One question's budget while the computer or the coach judges a play: short, since a
/// play the arbiter cannot judge quickly is simply not played.
pub const JUDGE_QUESTION_TIME: Duration = Duration::from_millis(500);
/// The budget of a computer's claim (and of the coach's "you can claim"): what it claims
/// was already proved while judging, so this only bounds a hard question.
pub const COMPUTER_CLAIM_TIME: Duration = Duration::from_secs(1);
/// The first game's seed in `game selfplay` unless told otherwise: a measurement is
/// repeatable by default, unlike a deal at the table.
pub const SELFPLAY_SEED: u64 = 1;
/// Turns after which a self-play game stops and is scored by points.
pub const SELFPLAY_MAX_TURNS: usize = 80;

/// A whole number of seconds written in decimal digits, read at compile time, so that
/// [`SEARCH_TIME`] is [`SEARCH_SECONDS`] and not a second spelling of it.
const fn whole_seconds(text: &str) -> u64 {
    let digits = text.as_bytes();
    let mut value = 0;
    let mut i = 0;
    while i < digits.len() {
        assert!(digits[i].is_ascii_digit(), "a default time is whole seconds");
        value = value * 10 + (digits[i] - b'0') as u64;
        i += 1;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_time_is_the_flags_default() {
        assert_eq!(crate::solve::parse_seconds(SEARCH_SECONDS).unwrap(), SEARCH_TIME);
        assert_eq!(whole_seconds("120"), 120);
        assert_eq!(crate::solve::parse_seconds(MOVE_SECONDS).unwrap(), MOVE_TIME);
    }
}
