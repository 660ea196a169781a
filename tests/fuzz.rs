//! Fuzzing every input format umpire reads: each must give `Ok` or a typed error, never a
//! panic, and in little time. Two sources of inputs, both seeded so a failure repeats:
//! mutations of every corpus file of the format, and token soup from the format's own
//! words (the statement grammar's symbols found `a + b + = c`). Failures found by
//! `scripts/fuzz.sh` are kept in `corpus/fuzz/` and replayed here first.
//!
//! `cargo test` runs a few hundred inputs a format (seconds); `scripts/fuzz.sh MINUTES`
//! runs the ignored `fuzz_for_a_while` with fresh seeds until the time is up.

use crate::support::root;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};
use umpire::games::cardgame::game::Game as CardGame;
use umpire::games::clue::{log as clue_log, Deck};
use umpire::games::deduction::log as deduction_log;
use umpire::games::dice::parse_box_list;
use umpire::games::dice::roll::parse_dice;
use umpire::games::infer::experiment::{Experiment, Supply};
use umpire::games::infer::game::Game as InferGame;
use umpire::games::infer::law;
use umpire::games::infer::markers::parse_markers;
use umpire::logic::board;
use umpire::logic::check::CheckMode;
use umpire::logic::tptp::read::read_file;
use umpire::util::random::SplitMix64;

/// One input format: where its corpus files are, the words to make soup of, and how
/// umpire reads it.
struct Format {
    name: &'static str,
    files: &'static [&'static str],
    words: &'static [&'static str],
    read: fn(&str),
}

fn read_board(text: &str) {
    let _ = board::load("fuzz", text, CheckMode::FreeStanding);
    let _ = board::load("fuzz", text, CheckMode::InGame);
    // The REPL parses what is typed, line by line, for its hint, before Enter.
    for line in text.lines().take(20) {
        let _ = umpire::commands::session::hint(line);
    }
}

fn read_tptp(text: &str) {
    let path = std::env::temp_dir().join(format!(
        "umpire-fuzz-{}-{:?}.p",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&path, text).unwrap();
    if let Ok(formulas) = read_file(&path) {
        let _ = umpire::logic::tptp::read::to_board("fuzz", &formulas);
    }
    let _ = std::fs::remove_file(&path);
}

/// A derivation read and every line judged by the rule checker (a `by` line needs the
/// engines, which the fuzzer leaves out: it is about the reader and the checker).
fn read_derivation(text: &str) {
    use umpire::logic::derivation::{judge_line, read, Setting};
    if let Ok(d) = read("fuzz", text) {
        let board = board::load("b", "happy(a)\n∀x blonde(x)\n", CheckMode::FreeStanding).unwrap();
        let setting = Setting { board: &board.board.statements, claim: Some(1) };
        for line in &d.lines {
            let _ = judge_line(&d, line.number, setting);
        }
    }
}

fn read_clue(text: &str) {
    let _ = clue_log::parse(text, &|_| Err("no deck files while fuzzing".into()));
}

const FORMATS: &[Format] = &[
    Format {
        name: "statements",
        files: &["corpus/boards", "corpus/claims"],
        words: &[
            "∀x",
            "∃y",
            "∃!z",
            "¬",
            "∧",
            "∨",
            "→",
            "↔",
            "(",
            ")",
            ",",
            "+",
            "=",
            "≠",
            "|",
            "L",
            "≥",
            "<",
            ":=",
            "blonde(",
            "likes(",
            "father(",
            "a",
            "x",
            "4294967296",
            "#",
            "\n",
            " ",
        ],
        read: read_board,
    },
    Format {
        name: "tptp",
        files: &["corpus/tptp"],
        words: &[
            "fof(",
            "cnf(",
            "axiom",
            "conjecture",
            ",",
            ").",
            "! [X] :",
            "? [Y] :",
            "~",
            "&",
            "|",
            "=>",
            "<=>",
            "=",
            "!=",
            "p(X)",
            "'q'",
            "include('",
            "$true",
            "%",
            "\n",
        ],
        read: read_tptp,
    },
    Format {
        name: "infer laws",
        files: &["corpus/infer/deck.laws", "corpus/infer/compass.laws"],
        words: &[
            "count",
            "sum",
            "product",
            "all",
            "no",
            "some",
            "most",
            "red",
            "blue",
            "odd",
            "even",
            "dice",
            "are",
            "=",
            ">=",
            "<",
            "(",
            ")",
            "and",
            "or",
            "not",
            "touch each other",
            "line",
            "north",
            "99999999999999999999",
            "*",
            "+",
            "every",
            "group",
            "lines",
            "divisible by",
            "0",
            "-3",
            "has",
        ],
        read: |text| {
            // Every Law that reads is also judged and read back: the evaluator must not panic.
            let experiments = ["null", "r3 b4 . w1+b2 / . r5 r5", "w1+w2+w3 b6 b6 b6 / r2"]
                .map(|x| Experiment::parse(x).unwrap());
            for line in text.lines().take(60) {
                if let Ok(l) = law::parse(line) {
                    let _ = l.english();
                    for x in &experiments {
                        let _ = l.judge(x);
                    }
                }
            }
        },
    },
    Format {
        name: "infer experiments and markers",
        files: &["corpus/infer/markers"],
        words: &[
            "r3", "b4", "w1+w2", ".", "/", "null", "O", "X", "o9", " ", "\n", "+", "{", "}",
            "\"dice\"",
        ],
        read: |text| {
            let supply = Supply::default();
            let _ = parse_markers(text, &supply);
            for line in text.lines().take(20) {
                let _ = Experiment::parse(line).map(|x| x.validate(&supply));
                let _ = Experiment::from_json(line);
            }
        },
    },
    Format {
        name: "clue logs and decks",
        files: &["corpus/clue/logs", "corpus/clue"],
        words: &[
            "deck:",
            "players:",
            "me:",
            "hand:",
            "suggest",
            "accuse",
            "seen",
            "passed",
            "shown by",
            "wrong",
            "correct",
            "Ann",
            "Bob 6",
            "Plum",
            "Rope",
            "Hall",
            ";",
            ",",
            ":",
            "\n",
            "{",
            "}",
            "\"kinds\"",
        ],
        read: |text| {
            read_clue(text);
            let _ = Deck::from_json(text);
        },
    },
    Format {
        name: "deduction logs",
        files: &["corpus/deduction/logs"],
        words: &[
            "players:",
            "me:",
            "hand:",
            "table:",
            "coin:",
            "asks",
            "have a",
            "how many",
            "yes",
            "no",
            "announces",
            "wrong",
            "correct",
            "Sun",
            "Moon",
            "Null",
            "Ace",
            "3",
            "?",
            ":",
            ",",
            "\n",
        ],
        read: |text| {
            let _ = deduction_log::parse(text);
        },
    },
    Format {
        name: "saves",
        files: &["corpus/saves"],
        words: &[
            "{",
            "}",
            "[",
            "]",
            "\"events\"",
            "\"player\": 7",
            "\"upheld\": true",
            "\"claim\"",
            "\"target\": 99",
            "\"X:¬\"",
            "18446744073709551615",
            "\"own_cards\": true",
            ",",
            ":",
        ],
        read: |text| {
            let _ = CardGame::from_json(text, "fuzz");
            let _ = InferGame::load(text);
        },
    },
    Format {
        name: "derivations",
        files: &["corpus/derivations/proving", "corpus/derivations/mistaken"],
        words: &[
            ":PR",
            ":AS",
            ":R",
            ":∧I",
            ":->E",
            ":∀I",
            ":EE",
            ":by",
            ":=E",
            ":IP",
            "⊥",
            "_|_",
            "--",
            "  ",
            "\t",
            "1",
            "2-3",
            "(1)",
            ",",
            "happy(a)",
            "∀x",
            "likes(x, c)",
            "¬",
            "→",
            "|",
            ":=",
            "3–",
            "99999999999",
            "\n",
        ],
        read: read_derivation,
    },
    Format {
        name: "dice",
        files: &[],
        words: &["1", "6", "7", "0", "-", ",", "20", "99999999999999999999", " ", "a"],
        read: |text| {
            let _ = parse_dice(text, 5..=5);
            let _ = parse_box_list(text);
        },
    },
];

/// The texts of a format's corpus files (folders are read one level deep).
fn seeds(format: &Format) -> Vec<String> {
    let mut out = Vec::new();
    for rel in format.files {
        let path = root(rel);
        let files: Vec<std::path::PathBuf> = if path.is_dir() {
            let mut v: Vec<_> = std::fs::read_dir(&path)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect();
            v.sort();
            v
        } else {
            vec![path]
        };
        out.extend(files.iter().filter_map(|f| std::fs::read_to_string(f).ok()));
    }
    if out.is_empty() {
        out.push("12456".into());
    }
    out
}

/// One mutation of `text`: a cut, a copy, an insertion of a word or of a random byte run,
/// a truncation, or several at once.
fn mutate(text: &str, words: &[&str], rng: &mut SplitMix64) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let len = s.len() as u64;
        let at = if len == 0 { 0 } else { rng.below(len + 1) as usize };
        match rng.below(6) {
            0 if len > 0 => {
                let end = (at + 1 + rng.below(12) as usize).min(s.len());
                s.drain(at.min(end)..end);
            }
            1 if len > 0 => {
                let end = (at + 1 + rng.below(40) as usize).min(s.len());
                let copy: Vec<char> = s[at.min(end)..end].to_vec();
                let to = rng.below(s.len() as u64 + 1) as usize;
                s.splice(to..to, copy);
            }
            2 => s.truncate(at),
            3 => {
                let junk: String = (0..1 + rng.below(6))
                    .map(|_| char::from_u32(rng.below(0x2200) as u32).unwrap_or('?'))
                    .collect();
                s.splice(at..at, junk.chars());
            }
            _ => {
                let word = words[rng.below(words.len() as u64) as usize];
                s.splice(at..at, word.chars());
            }
        }
    }
    s.into_iter().collect()
}

/// Token soup: words of the format, strung together.
fn soup(words: &[&str], rng: &mut SplitMix64) -> String {
    (0..1 + rng.below(14))
        .map(|_| words[rng.below(words.len() as u64) as usize])
        .collect::<Vec<_>>()
        .join(if rng.below(2) == 0 { " " } else { "" })
}

/// Runs `cases` inputs of every format from `seed`; returns the inputs that panicked or
/// took longer than `slow`, with the format's name.
fn run(seed: u64, cases: usize, slow: Duration) -> Vec<(&'static str, String, String)> {
    let mut failures = Vec::new();
    for (i, format) in FORMATS.iter().enumerate() {
        let mut rng = SplitMix64::new(seed ^ (i as u64 * 0x9e37_79b9));
        let seeds = seeds(format);
        for case in 0..cases {
            let input = if case % 4 == 3 {
                soup(format.words, &mut rng)
            } else {
                let base = &seeds[rng.below(seeds.len() as u64) as usize];
                mutate(base, format.words, &mut rng)
            };
            let started = Instant::now();
            let outcome = catch_unwind(AssertUnwindSafe(|| (format.read)(&input)));
            let took = started.elapsed();
            match outcome {
                Err(panic) => {
                    let why = panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    failures.push((format.name, input, format!("panicked: {why}")));
                }
                Ok(()) if took > slow => {
                    failures.push((format.name, input, format!("took {} ms", took.as_millis())))
                }
                Ok(()) => {}
            }
        }
    }
    failures
}

/// Replays the failures kept in `corpus/fuzz/` (files named `FORMAT-….txt`).
#[test]
fn kept_failures_no_longer_fail() {
    let dir = root("corpus/fuzz");
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let Some(format) = FORMATS.iter().find(|f| name.starts_with(&f.name.replace(' ', "-")))
        else {
            continue;
        };
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let outcome = catch_unwind(AssertUnwindSafe(|| (format.read)(&text)));
        assert!(outcome.is_ok(), "{name} panics again");
    }
}

#[test]
fn every_format_survives_mutations_and_token_soup() {
    // Slow only where something runs away: a second is far more than any reader needs.
    let failures = run(20_261_123, 150, Duration::from_secs(2));
    let shown: Vec<String> = failures
        .iter()
        .take(5)
        .map(|(f, input, why)| {
            format!("{f}: {why}: {:?}", input.chars().take(200).collect::<String>())
        })
        .collect();
    assert!(failures.is_empty(), "{} failures, first ones:\n{}", failures.len(), shown.join("\n"));
}

/// `scripts/fuzz.sh`: fresh seeds until `UMPIRE_FUZZ_SECONDS` pass; each failure is
/// written to `corpus/fuzz/` (to keep as a regression) and the count printed per format.
#[test]
#[ignore = "long: run by scripts/fuzz.sh"]
fn fuzz_for_a_while() {
    let seconds: u64 =
        std::env::var("UMPIRE_FUZZ_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let start_seed: u64 =
        std::env::var("UMPIRE_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let dir = root("corpus/fuzz");
    std::fs::create_dir_all(&dir).unwrap();
    let (mut rounds, mut found) = (0u64, 0usize);
    while Instant::now() < deadline {
        let seed = start_seed + rounds;
        for (format, input, why) in run(seed, 200, Duration::from_secs(2)) {
            found += 1;
            let file = dir.join(format!("{}-{seed}-{found}.txt", format.replace(' ', "-")));
            std::fs::write(&file, &input).unwrap();
            eprintln!("{}: {why}", file.display());
        }
        rounds += 1;
    }
    println!(
        "{rounds} rounds of 200 inputs for each of {} formats ({} inputs each); {found} failures",
        FORMATS.len(),
        rounds * 200
    );
    assert_eq!(found, 0, "failures kept in {}", Path::new("corpus/fuzz").display());
}
