//! Small utilities every layer may use: the kinds of failure ([`failure`]), atomic file
//! writes ([`files`]), reading input within limits ([`input`]), seeded randomness ([`random`]),
//! a lower priority for a racing engine's thread ([`priority`]) and
//! the text a diagnostic points into ([`source`]). They know nothing of statements, engines or games, and import nothing
//! from the rest of the crate.

pub mod failure;
pub mod files;
pub mod input;
pub mod priority;
pub mod random;
pub mod source;
