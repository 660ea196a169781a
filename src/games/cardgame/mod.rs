//! The logic card game: the deck ([`deck`]), whether a play is legal ([`legal`]), and a
//! whole game as a replayable list of events ([`game`]: the rules of a turn), with its data
//! ([`state`]), its claims decided and re-decided ([`claims`]) and atomic saves ([`save`]).
//! The REPL ([`crate::commands::session`]) plays a saved game too.

pub mod claims;
pub mod deck;
pub mod game;
pub mod legal;
pub mod save;
pub mod state;
