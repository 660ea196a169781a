//! Small utilities every layer may use: the kinds of failure ([`failure`]), freeing large
//! structures off the answering thread ([`elsewhere`]), atomic file
//! writes ([`files`]), reading input within limits ([`input`]), seeded randomness
//! ([`random`]), a lower priority for a racing engine's thread ([`priority`]), the text a
//! diagnostic points into ([`source`]) and the shortening of what a message quotes
//! ([`text`]). They know nothing of statements, engines or games, and import nothing from
//! the rest of the crate.

pub mod elsewhere;
pub mod failure;
pub mod files;
pub mod input;
pub mod priority;
pub mod random;
pub mod source;
pub mod text;
