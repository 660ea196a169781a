//! The logic card game: the deck ([`deck`]) and whether a play is legal ([`legal`]).
//!
//! Still to come (issue 6): the game itself (players, hands, turns, scoring claims checked by
//! [`crate::verdict`]), saved games with an event log, and the REPL.

pub mod deck;
pub mod legal;
