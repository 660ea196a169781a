//! The logic card game: the deck ([`deck`]), whether a play is legal ([`legal`]), and a
//! whole game as a replayable list of events with atomic saves ([`game`]).
//! The REPL ([`crate::commands::session`]) plays a saved game too.

pub mod deck;
pub mod game;
pub mod legal;
