//! Shortening what a message quotes: a name, a message, the lines a diagnostic shows. umpire
//! echoes what people type, and a megabyte of it is not worth echoing; every front end cuts
//! it the same way, here. Imports nothing (so that both the kinds of failure and the input
//! limits can use it).

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
