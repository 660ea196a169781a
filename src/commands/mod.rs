//! The command layer the command line and the REPL share: what a user's words mean, once.
//! A board given as a file or a statement, a card list, a claim, a game action, a line typed
//! at the REPL: each is read, checked and refused here, with one message, so that every front
//! end says the same thing. Nothing here touches a terminal: results are values and text.

pub mod board;
pub mod cardgame;
pub mod evidence;
pub mod scoring;
pub mod session;
