//! Text as people type it: shortening what a message quotes (a name, a message, the lines a
//! diagnostic shows: umpire echoes what people type, and a megabyte of it is not worth
//! echoing), and reading what they meant (a byte-order mark, decomposed accents, fullwidth
//! letters, invisible characters, letters of other alphabets that look Latin). Every front
//! end does it the same way, here. Imports nothing of umpire's (so that both the kinds of
//! failure and the input limits can use it).

/// What a message quotes of a user's text: at most 40 characters (a 1 MB name is not
/// worth echoing in full).
pub fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// A message of at most 200 characters (what it quotes of a user's text is cut).
pub fn shorten_message(message: &str) -> String {
    match message.char_indices().nth(200) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message.to_string(),
    }
}

/// A rendered message with every line cut to at most 300 characters: a diagnostic shows the
/// line it points into, and a line of a megabyte is not worth showing.
pub fn shorten_lines(text: &str) -> String {
    const MAX: usize = 300;
    let mut out = String::with_capacity(text.len().min(64 << 10));
    for line in text.split_inclusive('\n') {
        match line.char_indices().nth(MAX) {
            Some((cut, _)) => {
                out.push_str(&line[..cut]);
                out.push_str(if line.ends_with('\n') { "…\n" } else { "…" });
            }
            None => out.push_str(line),
        }
    }
    out
}

/// Text as people type it, made into the text umpire reads (issue 38): a byte-order mark at
/// the start (Windows Notepad writes one) is dropped, and the text is put in Unicode's
/// compatibility composed form (NFKC), so that a decomposed accent (`e` + U+0301) is the
/// same letter as `é`, and a fullwidth `ｃ` (as an East Asian keyboard types it) is `c`.
/// The logical symbols umpire reads (∀ ∃ ¬ ∧ ∨ → ↔ ≠ ≥) are unchanged by it.
pub fn as_read(text: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{is_nfkc_quick, IsNormalized, UnicodeNormalization};
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match is_nfkc_quick(text.chars()) {
        IsNormalized::Yes => std::borrow::Cow::Borrowed(text),
        _ => std::borrow::Cow::Owned(text.nfkc().collect()),
    }
}

/// A character a reader cannot see (zero-width spaces and joiners, a byte-order mark inside
/// the text, direction marks, a soft hyphen), named by its code point, or `None` for one
/// that shows.
pub fn invisible(c: char) -> Option<String> {
    let name = match c {
        '\u{200b}' => "ZERO WIDTH SPACE",
        '\u{200c}' => "ZERO WIDTH NON-JOINER",
        '\u{200d}' => "ZERO WIDTH JOINER",
        '\u{2060}' => "WORD JOINER",
        '\u{feff}' => "ZERO WIDTH NO-BREAK SPACE (byte-order mark)",
        '\u{00ad}' => "SOFT HYPHEN",
        '\u{200e}' => "LEFT-TO-RIGHT MARK",
        '\u{200f}' => "RIGHT-TO-LEFT MARK",
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => "a text-direction control",
        '\u{034f}' => "COMBINING GRAPHEME JOINER",
        '\u{2028}' => "LINE SEPARATOR",
        '\u{2029}' => "PARAGRAPH SEPARATOR",
        '\u{180e}' => "MONGOLIAN VOWEL SEPARATOR",
        '\u{2061}'..='\u{2064}' => "an invisible mathematical operator",
        '\u{fe00}'..='\u{fe0f}' => "a variation selector",
        c if ('\u{0300}'..='\u{036f}').contains(&c) => {
            "a combining accent with no letter before it"
        }
        _ => return None,
    };
    Some(format!("an invisible character, U+{:04X} {name}", c as u32))
}

/// Letters of other scripts that look like Latin letters, with the Latin letter each looks
/// like (the common ones of Unicode's confusables list: Cyrillic, Greek, and the like).
const LOOK_ALIKES: &[(char, char)] = &[
    ('а', 'a'),
    ('в', 'b'),
    ('е', 'e'),
    ('к', 'k'),
    ('м', 'm'),
    ('н', 'h'),
    ('о', 'o'),
    ('р', 'p'),
    ('с', 'c'),
    ('т', 't'),
    ('у', 'y'),
    ('х', 'x'),
    ('ѕ', 's'),
    ('і', 'i'),
    ('ј', 'j'),
    ('ԁ', 'd'),
    ('ԛ', 'q'),
    ('ԝ', 'w'),
    ('һ', 'h'),
    ('ӏ', 'l'),
    ('ɡ', 'g'),
    ('А', 'A'),
    ('В', 'B'),
    ('Е', 'E'),
    ('К', 'K'),
    ('М', 'M'),
    ('Н', 'H'),
    ('О', 'O'),
    ('Р', 'P'),
    ('С', 'C'),
    ('Т', 'T'),
    ('Х', 'X'),
    ('У', 'Y'),
    ('Ѕ', 'S'),
    ('І', 'I'),
    ('Ј', 'J'),
    ('α', 'a'),
    ('ο', 'o'),
    ('ν', 'v'),
    ('ρ', 'p'),
    ('τ', 't'),
    ('υ', 'u'),
    ('ι', 'i'),
    ('κ', 'k'),
    ('χ', 'x'),
    ('Α', 'A'),
    ('Β', 'B'),
    ('Ε', 'E'),
    ('Ζ', 'Z'),
    ('Η', 'H'),
    ('Ι', 'I'),
    ('Κ', 'K'),
    ('Μ', 'M'),
    ('Ν', 'N'),
    ('Ο', 'O'),
    ('Ρ', 'P'),
    ('Τ', 'T'),
    ('Υ', 'Y'),
    ('Χ', 'X'),
];

/// The Latin letter `c` looks like, if it is a look-alike from another script.
pub fn looks_like_latin(c: char) -> Option<char> {
    LOOK_ALIKES.iter().find(|(other, _)| *other == c).map(|(_, latin)| *latin)
}

/// The name with every look-alike letter written as the Latin letter it looks like, when it
/// has any (`hаppy` with a Cyrillic `а` gives `happy`).
pub fn latin_spelling(name: &str) -> Option<String> {
    if !name.chars().any(|c| looks_like_latin(c).is_some()) {
        return None;
    }
    Some(name.chars().map(|c| looks_like_latin(c).unwrap_or(c)).collect())
}

/// The edit distance between two words (optimal string alignment: a letter added, dropped,
/// changed, or two neighbours swapped, as in "bleu", is one edit), for "did you mean".
pub fn edit_distance(a: &str, b: &str) -> usize {
    // Optimal string alignment: a swap of two neighbouring letters ("bleu") is one edit.
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// A name as people type it, for matching names: accents and case dropped ("Gödel" is
/// "godel"), apostrophes and dots dropped ("Mrs. White's" is "mrs whites"), any other mark
/// a space, runs of spaces one.
///
/// ```
/// use umpire::util::text::fold_name;
/// assert_eq!(fold_name("  Gödel's   Chalkboard-padded Room "), "godels chalkboard padded room");
/// assert_eq!(fold_name("Ulysses S. \"Grant\" Rider"), "ulysses s grant rider");
/// ```
pub fn fold_name(name: &str) -> String {
    use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};
    let mut out = String::new();
    for c in name.nfkd().filter(|c| !is_combining_mark(*c)) {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if matches!(c, '\'' | '’' | '.') {
            continue;
        } else if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    out.trim().to_string()
}

/// The first name said a second time, case aside ("Ann" and "ann" are one player).
///
/// ```
/// use umpire::util::text::repeated_name;
/// assert_eq!(repeated_name(["Ann", "Bob", "ann"]), Some("ann"));
/// assert_eq!(repeated_name(["Ann", "Bob"]), None);
/// ```
pub fn repeated_name<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen = std::collections::HashSet::new();
    names.into_iter().find(|n| !seen.insert(n.to_lowercase()))
}

#[cfg(test)]
mod typed_text_tests {
    use super::*;

    #[test]
    fn text_as_people_type_it() {
        assert_eq!(as_read("\u{feff}∀x happy(x)"), "∀x happy(x)");
        assert_eq!(as_read("cafe\u{301}"), "café");
        assert_eq!(as_read("happy(ｃ)"), "happy(c)");
        let symbols = "∀x∃y∃!z ¬(a ≠ b) ∧ c ∨ d → e ↔ f |L| ≥ 3 |L| < 2";
        assert_eq!(as_read(symbols), symbols, "the logical symbols stay as they are");
        assert!(invisible('\u{200b}').unwrap().contains("U+200B ZERO WIDTH SPACE"));
        assert_eq!(invisible('x'), None);
        assert_eq!(latin_spelling("hаppy").as_deref(), Some("happy"));
        assert_eq!(latin_spelling("happy"), None);
        assert_eq!(latin_spelling("х").as_deref(), Some("x"));
    }
}
