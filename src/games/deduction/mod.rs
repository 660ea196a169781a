//! Deduction (piecepack): one tile of 24 is hidden; players ask each other about suits and
//! values and deduce it.
//!
//! - Tiles and questions: the 24 tiles (4 suits × 6 values), the attributes a question may
//!   name (a suit or a value), and the deal (hand sizes and face-up leftovers by player count).
//! - [`log`]: the game log (`grammar/deduction-log.ebnf`), as one player saw it.
//! - [`solve`]: the log as a deal for the core's exact counter ([`crate::solve::deal`]):
//!   players, the missing tile and the face-up table are holders; "yes"/"no" answers are "at
//!   least one"/"none", a count is "exactly n", a failed announcement rules a tile out. Every
//!   probability is a fraction of exact counts, so "announce now" is said only when certain.
//!   Also the advice: the question (for the drawn coin) that tells most about the missing tile.
//! - [`play`]: a seeded game against computer players who use the solver.

pub mod log;
pub mod play;
pub mod solve;

#[cfg(test)]
mod tests;

pub const SUITS: [&str; 4] = ["Sun", "Moon", "Crown", "Shield"];
pub const VALUES: [&str; 6] = ["Null", "Ace", "2", "3", "4", "5"];
pub const TILES: usize = 24;

/// Tile number of a suit and a value (both indices).
pub fn tile(suit: usize, value: usize) -> usize {
    suit * VALUES.len() + value
}

pub fn suit_of(tile: usize) -> usize {
    tile / VALUES.len()
}

pub fn value_of(tile: usize) -> usize {
    tile % VALUES.len()
}

pub fn tile_name(tile: usize) -> String {
    format!("{} {}", SUITS[suit_of(tile)], VALUES[value_of(tile)])
}

/// What a question asks about: a suit or a value (from the drawn coin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attribute {
    Suit(usize),
    Value(usize),
}

impl Attribute {
    /// The tiles that have it.
    pub fn tiles(self) -> Vec<usize> {
        (0..TILES).filter(|&t| self.fits(t)).collect()
    }

    pub fn fits(self, tile: usize) -> bool {
        match self {
            Attribute::Suit(s) => suit_of(tile) == s,
            Attribute::Value(v) => value_of(tile) == v,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Attribute::Suit(s) => SUITS[s],
            Attribute::Value(v) => VALUES[v],
        }
    }

    /// "Suns", "Aces", "3s" (read back by [`parse_attribute`]).
    pub fn plural(self) -> String {
        format!("{}s", self.name())
    }

    /// "a Sun", "an Ace", "a 3".
    pub fn with_article(self) -> String {
        let name = self.name();
        let vowel = name.starts_with(['A', 'E', 'I', 'O', 'U']);
        format!("{} {name}", if vowel { "an" } else { "a" })
    }
}

/// Reads a suit or a value: `Sun`, `suns`, `3`, `3s`, `Null`, `0`, `Ace`, `A`, `1`.
pub fn parse_attribute(text: &str) -> Option<Attribute> {
    let t = text.trim().to_lowercase();
    let t = t.strip_suffix("'s").unwrap_or(&t);
    for (i, s) in SUITS.iter().enumerate() {
        let s = s.to_lowercase();
        if t == s || t == format!("{s}s") {
            return Some(Attribute::Suit(i));
        }
    }
    let t = if t.len() > 1 { t.strip_suffix('s').unwrap_or(t) } else { t };
    match t {
        "null" | "nul" | "0" | "blank" => Some(Attribute::Value(0)),
        "ace" | "a" | "1" => Some(Attribute::Value(1)),
        "2" | "3" | "4" | "5" => Some(Attribute::Value(t.parse::<usize>().expect("a digit"))),
        _ => None,
    }
}

/// Reads a tile: `Sun 3`, `3 Sun`, `3 of Suns`, `Moon Null`, `Crown A`.
pub fn parse_tile(text: &str) -> Option<usize> {
    let words: Vec<&str> =
        text.split_whitespace().filter(|w| !w.eq_ignore_ascii_case("of")).collect();
    let [a, b] = words.as_slice() else { return None };
    match (parse_attribute(a)?, parse_attribute(b)?) {
        (Attribute::Suit(s), Attribute::Value(v)) | (Attribute::Value(v), Attribute::Suit(s)) => {
            Some(tile(s, v))
        }
        _ => None,
    }
}

/// Hand size and face-up leftovers for a player count (3–5), as the rules deal them.
pub fn deal_for(players: usize) -> Option<(u32, u32)> {
    match players {
        3 => Some((7, 2)),
        4 => Some((5, 3)),
        5 => Some((4, 3)),
        _ => None,
    }
}
