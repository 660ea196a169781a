//! The games umpire referees. Each game is one folder over the core ([`crate::solve`]),
//! the utilities ([`crate::util`]) and, for the logic card game, the statement language
//! and the arbiter; a game never imports a sibling game.
//!
//! - [`cardgame`]: the logic card game (cards, legal plays, a whole game as a replayable
//!   list of events), its claims settled by [`crate::reason::arbiter`];
//! - [`infer`]: dice experiments, the Law language, the Universe's search and game;
//! - [`clue`] and [`deduction`]: exact deduction from a game log, with advice;
//! - [`dice`]: Inverted Dice, exact odds, a coach and the optimal strategy;
//! - [`logs`] is no game: what the games that read logs share (the line structure, and the
//!   one error type of a log that cannot be read or has no answer).

pub mod cardgame;
pub mod clue;
pub mod deduction;
pub mod dice;
pub mod infer;
pub mod logs;
