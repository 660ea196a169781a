//! Counting the clauses a SAT proof adds, from the bytes varisat writes, as they are written.
//!
//! varisat has no interrupt API and no conflict counter; the budget hook ([`super`]) is the
//! sink its proof is written to. To count conflicts that sink reads the stream: a text DRAT
//! proof (one step a line, deletions start with `d`) or varisat's own binary format, which
//! incremental solving with assumptions needs (DRAT has no steps for those).
//!
//! The binary format (varisat-internal-proof 0.2, `binary_format.rs`): each step is a code
//! followed by its fields, every number in varisat's variable-length encoding (its length in
//! bytes is one more than the trailing zero bits of its first one or two bytes). A field is a
//! number or a list: a length, then that many items of one or two numbers. Learned clauses
//! are the `AtClause` steps. A code this reader does not know means the format changed; it
//! then stops counting (`lost`) rather than guess, and the time, memory and cancellation parts
//! of the budget still hold.

/// The shape of a step's fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Number,
    /// A length, then that many items of this many numbers each.
    List(u64),
    /// The rest of a list: this many numbers still to read.
    Rest(u64),
}

const AT_CLAUSE_REDUNDANT: u64 = 7;
const AT_CLAUSE_IRREDUNDANT: u64 = 8;
const END: u64 = 0x9ac3391f4294c211;

/// The fields that follow each step code, or `None` for a code this reader does not know.
fn fields_of(code: u64) -> Option<&'static [Field]> {
    use Field::*;
    Some(match code {
        // Solver and user variable names updated: two variable indices.
        0 | 2 => &[Number, Number],
        // Names removed, a variable deleted, sampling mode changed, hash bits changed.
        1 | 3 | 4 | 5 | 6 | 13 => &[Number],
        // A clause learned: its literals, then the hashes of the clauses that propagated.
        AT_CLAUSE_REDUNDANT | AT_CLAUSE_IRREDUNDANT => &[List(1), List(1)],
        // Unit clauses: (literal, hash) pairs.
        9 => &[List(2)],
        // Clause deletions, a model, an added clause, assumptions: a list of literals.
        10 | 11 | 12 | 14 | 15 | 16 => &[List(1)],
        // Failed assumptions: the core, then propagation hashes.
        17 => &[List(1), List(1)],
        END => &[],
        _ => return None,
    })
}

/// Which proof format the bytes are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofFormat {
    /// Text DRAT.
    Drat,
    /// varisat's own binary format.
    Varisat,
}

/// Reads a proof stream in pieces and counts the clauses it adds.
#[derive(Debug)]
pub struct StepCounter {
    format: ProofFormat,
    /// Text: at the start of a line.
    at_line_start: bool,
    /// Binary: the bytes of the number being read, and how many it has (`None` until known).
    number: [u8; 16],
    filled: usize,
    length: Option<usize>,
    /// Binary: the fields still to read in the current step, the next first.
    expected: Vec<Field>,
    /// Binary: an unknown step code was met; nothing more is counted.
    pub lost: bool,
}

impl StepCounter {
    pub fn new(format: ProofFormat) -> StepCounter {
        StepCounter {
            format,
            at_line_start: true,
            number: [0; 16],
            filled: 0,
            length: None,
            expected: Vec::new(),
            lost: false,
        }
    }

    /// The number of clause additions (learned clauses) that start in `bytes`.
    pub fn additions(&mut self, bytes: &[u8]) -> u64 {
        match self.format {
            ProofFormat::Drat => self.text_additions(bytes),
            ProofFormat::Varisat => self.binary_additions(bytes),
        }
    }

    fn text_additions(&mut self, bytes: &[u8]) -> u64 {
        let mut added = 0;
        for &byte in bytes {
            if self.at_line_start {
                added += u64::from(byte != b'd');
            }
            self.at_line_start = byte == b'\n';
        }
        added
    }

    fn binary_additions(&mut self, bytes: &[u8]) -> u64 {
        let mut added = 0;
        let mut i = 0;
        while i < bytes.len() && !self.lost {
            if self.filled == 0 {
                if let Some(Field::Rest(left)) = self.expected.last().copied() {
                    // Most of the stream is lists of literals and hashes, whose values do
                    // not matter: skip whole numbers by their length alone.
                    let (skipped, at) = skip_numbers(&bytes[i..], left);
                    i += at;
                    self.expected.pop();
                    if skipped < left {
                        self.expected.push(Field::Rest(left - skipped));
                    }
                    if skipped == left || i == bytes.len() {
                        continue;
                    }
                    // A number cut by the end of the piece: read byte by byte below.
                }
            }
            if let Some(value) = self.push_byte(bytes[i]) {
                added += self.take_number(value);
            }
            i += 1;
        }
        added
    }

    /// Adds one byte to the number being read; the number, when it is complete.
    fn push_byte(&mut self, byte: u8) -> Option<u64> {
        self.number[self.filled] = byte;
        self.filled += 1;
        if self.length.is_none() {
            self.length = match self.filled {
                1 if byte != 0 => Some(byte.trailing_zeros() as usize + 1),
                1 => None,
                // The first byte was zero: the second byte's lowest bit says 9 or 10 bytes.
                _ => Some(if byte & 1 == 1 { 9 } else { 10 }),
            };
        }
        let length = self.length?;
        if self.filled < length {
            return None;
        }
        let low = u64::from_le_bytes(self.number[..8].try_into().expect("eight bytes"));
        let value = if length <= 8 {
            let kept = if length == 8 { low } else { low & ((1u64 << (8 * length)) - 1) };
            kept >> length
        } else {
            let mut high_bytes = [0u8; 8];
            high_bytes[..length - 8].copy_from_slice(&self.number[8..length]);
            (low >> length) | (u64::from_le_bytes(high_bytes) << (64 - length))
        };
        self.number = [0; 16];
        self.filled = 0;
        self.length = None;
        Some(value)
    }

    /// Feeds one complete number to the step grammar; 1 if it starts a learned clause.
    fn take_number(&mut self, value: u64) -> u64 {
        match self.expected.pop() {
            None => match fields_of(value) {
                Some(fields) => {
                    self.expected.extend(fields.iter().rev());
                    u64::from(value == AT_CLAUSE_REDUNDANT || value == AT_CLAUSE_IRREDUNDANT)
                }
                None => {
                    self.lost = true;
                    0
                }
            },
            Some(Field::Number) => 0,
            Some(Field::List(per_item)) => {
                match value.checked_mul(per_item) {
                    Some(0) => {}
                    Some(numbers) => self.expected.push(Field::Rest(numbers)),
                    None => self.lost = true,
                }
                0
            }
            Some(Field::Rest(left)) => {
                if left > 1 {
                    self.expected.push(Field::Rest(left - 1));
                }
                0
            }
        }
    }
}

/// Skips up to `count` whole numbers at the start of `bytes`: how many it skipped, and
/// where it stopped (at the end, or at a number the piece does not hold whole).
fn skip_numbers(bytes: &[u8], count: u64) -> (u64, usize) {
    let (mut skipped, mut at) = (0, 0);
    while skipped < count && at < bytes.len() {
        let length = match bytes[at] {
            0 => match bytes.get(at + 1) {
                Some(second) if second & 1 == 1 => 9,
                Some(_) => 10,
                None => break,
            },
            first => first.trailing_zeros() as usize + 1,
        };
        if at + length > bytes.len() {
            break;
        }
        at += length;
        skipped += 1;
    }
    (skipped, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// varisat's variable-length encoding, written out from its description (for the tests).
    fn encode(value: u64, out: &mut Vec<u8>) {
        let bits = 64 - value.leading_zeros();
        let blocks = (bits * 9) / 64;
        if value < (1 << 56) {
            let word = ((value << 1) | 1) << blocks;
            out.extend_from_slice(&word.to_le_bytes()[..blocks as usize + 1]);
        } else {
            let low = ((value << 1) | 1) << blocks;
            let high = value >> (64 - (blocks + 1));
            out.extend_from_slice(&low.to_le_bytes());
            out.extend_from_slice(&high.to_le_bytes()[..blocks as usize + 1 - 8]);
        }
    }

    fn step(code: u64, fields: &[&[u64]], out: &mut Vec<u8>) {
        encode(code, out);
        for field in fields {
            for &n in *field {
                encode(n, out);
            }
        }
    }

    #[test]
    fn numbers_of_every_length_are_read_back() {
        for value in [0, 1, 127, 128, 1 << 20, (1 << 55) + 3, 1 << 56, u64::MAX - 1, u64::MAX] {
            let mut bytes = Vec::new();
            encode(value, &mut bytes);
            let mut counter = StepCounter::new(ProofFormat::Varisat);
            let read: Vec<u64> = bytes.iter().filter_map(|&b| counter.push_byte(b)).collect();
            assert_eq!(read, vec![value], "{bytes:?}");
        }
    }

    #[test]
    fn learned_clauses_are_counted_across_any_split_of_the_stream() {
        let mut bytes = Vec::new();
        step(0, &[&[3, 4]], &mut bytes); // a variable named
        step(AT_CLAUSE_REDUNDANT, &[&[2, 10, 300], &[1, u64::from(u32::MAX)]], &mut bytes);
        step(9, &[&[3, 4, 99, 6, 1 << 40, 8, u64::MAX]], &mut bytes); // three unit clauses
        step(AT_CLAUSE_IRREDUNDANT, &[&[1, 1 << 56], &[2, u64::MAX, 1 << 56]], &mut bytes);
        step(AT_CLAUSE_IRREDUNDANT, &[&[0], &[0]], &mut bytes); // the empty clause
        step(10, &[&[1, 7]], &mut bytes); // a deletion
        step(17, &[&[1, 8], &[2, 5, 5]], &mut bytes); // failed assumptions
        step(AT_CLAUSE_REDUNDANT, &[&[1, 9], &[0]], &mut bytes);
        step(END, &[], &mut bytes);
        for chunk in [1, 2, 3, 7, bytes.len()] {
            let mut counter = StepCounter::new(ProofFormat::Varisat);
            let counted: u64 = bytes.chunks(chunk).map(|c| counter.additions(c)).sum();
            assert_eq!(counted, 4, "in pieces of {chunk}");
            assert!(!counter.lost && counter.expected.is_empty());
        }
    }

    #[test]
    fn an_unknown_code_stops_the_count_instead_of_guessing() {
        let mut bytes = Vec::new();
        step(AT_CLAUSE_REDUNDANT, &[&[0], &[0]], &mut bytes);
        step(99, &[], &mut bytes);
        step(AT_CLAUSE_REDUNDANT, &[&[0], &[0]], &mut bytes);
        let mut counter = StepCounter::new(ProofFormat::Varisat);
        assert_eq!(counter.additions(&bytes), 1);
        assert!(counter.lost);
    }

    #[test]
    fn text_drat_counts_lines_that_are_not_deletions() {
        let mut counter = StepCounter::new(ProofFormat::Drat);
        let text = b"1 -2 0\nd 1 -2 0\n3 0\n0\n";
        let counted: u64 = text.chunks(2).map(|c| counter.additions(c)).sum();
        assert_eq!(counted, 3);
    }
}
