//! Small utilities every layer may use: the kinds of failure ([`failure`]), atomic file
//! writes ([`files`]), reading input within limits ([`input`]) and seeded randomness
//! ([`random`]). They know nothing of statements, engines or games, and import nothing
//! from the rest of the crate.

pub mod failure;
pub mod files;
pub mod input;
pub mod random;
