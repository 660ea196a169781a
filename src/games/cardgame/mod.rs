//! The logic card game: the deck ([`deck`]), whether a play is legal ([`legal`]), and a
//! whole game as a replayable list of events ([`game`]: the rules of a turn), with its data
//! ([`state`]), its claims decided and re-decided ([`claims`]) and atomic saves ([`save`]).
//! The computer player ([`computer`]) draws the plays a hand allows ([`candidates`]), judges
//! them with the arbiter ([`judge`]) and plays by its level; [`selfplay`] sets computers
//! against each other for measurement. The REPL ([`crate::commands::session`]) plays a
//! saved game too.

pub mod candidates;
pub mod claims;
pub mod computer;
pub mod deck;
pub mod game;
pub mod judge;
pub mod legal;
pub mod save;
pub mod selfplay;
pub mod state;
