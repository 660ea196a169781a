//! Small utilities every layer may use: the kinds of failure ([`failure`]), atomic file
//! writes ([`files`]), reading input within limits ([`input`]), the line structure of game
//! logs ([`lines`]) and seeded randomness ([`random`]). They know nothing of statements,
//! engines or games.

pub mod failure;
pub mod files;
pub mod input;
pub mod lines;
pub mod random;
