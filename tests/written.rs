//! umpire's own proofs written as derivations (issue 58): `follows K --derivation` and
//! `check --derivation` print a derivation file that `umpire derive` accepts unchanged as
//! proving the claim, short enough to follow.

use crate::support::{read, stderr, stdout, umpire};
use std::path::PathBuf;

/// Every question of a verdict table whose verdict has a proof: (folder, board, question).
fn refutable(table: &str) -> Vec<(String, String, String)> {
    let folder = table.rsplit_once('/').unwrap().0.to_string();
    read(table)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|c| matches!(c[2], "inconsistent" | "redundant"))
        .map(|c| (folder.clone(), c[0].to_string(), c[1].to_string()))
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-written-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Writes the question's derivation, has `umpire derive` judge it, and returns its lines.
fn written_and_judged(board: &str, question: &str) -> (usize, String) {
    let mut args = vec!["--derivation", "--max-size", "10", "--timeout", "10"];
    let claim: Vec<&str> = match question.strip_prefix("follows ") {
        Some(k) => {
            args.splice(0..0, ["follows", board, k]);
            vec!["redundant", k]
        }
        None => {
            args.splice(0..0, ["check", board]);
            vec!["inconsistent"]
        }
    };
    let out = umpire(&args);
    let text = stdout(&out);
    assert!(text.contains("umpire derive judges it: proves"), "{board} {question}:\n{text}");
    let file = scratch(&format!("{}-{}.derivation", board.replace('/', "_"), claim.join("-")));
    std::fs::write(&file, &text).unwrap();
    let mut derive = vec!["derive", board, file.to_str().unwrap(), "--claim"];
    derive.extend(&claim);
    let judged = umpire(&derive);
    assert_eq!(
        judged.status.code(),
        Some(0),
        "{board} {question}: umpire derive does not accept\n{text}\n{}\n{}",
        stdout(&judged),
        stderr(&judged)
    );
    let lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count();
    (lines, text)
}

#[test]
fn every_corpus_proof_is_a_derivation_umpire_derive_accepts_of_at_most_15_lines() {
    let mut counts = Vec::new();
    for (folder, board, question) in refutable("corpus/boards/verdicts.tsv")
        .into_iter()
        .chain(refutable("corpus/claims/claims.tsv"))
    {
        let path = format!("{folder}/{board}");
        let (lines, text) = written_and_judged(&path, &question);
        assert!(lines <= 15, "{path} {question}: {lines} lines\n{text}");
        counts.push(lines);
    }
    assert!(counts.len() >= 25, "only {} refutable questions", counts.len());
    counts.sort_unstable();
    let median = counts[counts.len() / 2];
    assert!(median <= 6, "median {median} lines: {counts:?}");
}

#[test]
fn the_size_boards_proofs_are_derivations_too() {
    for (board, question) in [
        ("corpus/boards/pigeonhole-fathers.board", "check"),
        ("corpus/boards/sons-by-sizes.board", "follows 3"),
    ] {
        let (lines, text) = written_and_judged(board, question);
        assert!(lines <= 15, "{board}: {lines} lines\n{text}");
    }
}

#[test]
fn the_play_tests_48_step_proof_is_a_derivation_of_at_most_8_lines() {
    // Whichever engine wins the race (48 steps or 7), the writer folds the facts beyond
    // eight lines into the steps that use them.
    let board = "corpus/boards/play-test-48-steps.board";
    let (lines, text) = written_and_judged(board, "follows 4");
    assert!(lines <= 8, "{lines} lines:\n{text}");
    // It speaks the board's names only: no Skolem objects (`y₅`), no machine names.
    assert!(!text.lines().filter(|l| !l.starts_with('#')).any(|l| l.contains('₅')), "{text}");
}

#[test]
fn a_universal_claim_is_proved_of_a_fresh_object_and_generalised() {
    let (_, text) = written_and_judged("corpus/boards/grandfather.board", "follows 3");
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        body,
        [
            "smarter(father(a), a) :∀E (1)",
            "smarter(father(father(a)), father(a)) :∀E (1)",
            "smarter(father(father(a)), a) :by (2), 1, 2",
            "∀x smarter(father(father(x)), x) :∀I 3",
        ],
        "{text}"
    );
}

#[test]
fn an_object_a_statement_asserts_is_taken_with_existential_elimination() {
    let (_, text) = written_and_judged("corpus/boards/bounded-redundancy.board", "follows 3");
    assert!(text.contains(":AS"), "{text}");
    assert!(text.contains(":∃E (2), "), "{text}");
}

#[test]
fn the_json_carries_the_derivation_and_a_verdict_without_proof_says_why_not() {
    let out =
        umpire(&["follows", "corpus/boards/grandfather.board", "3", "--json", "--derivation"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["verdict"], "redundant");
    assert_eq!(v["derivation"]["verdict"], "proves");
    assert_eq!(v["derivation"]["lines"], 4);
    assert!(v["derivation"]["text"].as_str().unwrap().contains(":∀I 3"));
    let none = umpire(&["follows", "corpus/boards/grandfather.board", "4", "--derivation"]);
    assert_eq!(none.status.code(), Some(1));
    assert!(stderr(&none).contains("no derivation: the verdict has no proof"), "{}", stderr(&none));
}

/// Writes `text` as a board file of its own and returns its path.
fn board_file(name: &str, text: &str) -> String {
    let file = scratch(name);
    std::fs::write(&file, text).unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn a_size_bound_claim_is_no_sign_that_the_others_contradict_each_other() {
    // Play-test: `|L| ≥ 2` supposed false is `|L| < 2`, a bound the proof uses; the
    // verdict once said "(1), (2) contradict each other without it" of a consistent pair.
    let board = board_file("size-claim.board", "happy(a)\n¬happy(b)\n|L| ≥ 2\n");
    let (lines, text) = written_and_judged(&board, "follows 3");
    assert!(!text.contains("contradict each other"), "{text}");
    assert_eq!(lines, 1, "{text}");
}

#[test]
fn a_made_name_comes_with_its_naming_statement() {
    // Play-test: a step about `son` citing (2), (3) only could not be put to the engines
    // ("unknown function son"): the naming statement is cited with them.
    let board = board_file(
        "made-name.board",
        "∀x∃!y father(y) = x | son(x) := y\n∀x (blonde(x) → likes(x, son(x)))\n∀x (likes(x, son(x)) → happy(x))\n∀x (blonde(x) → happy(x))\n",
    );
    let (_, text) = written_and_judged(&board, "follows 4");
    assert!(text.contains("(1), (2), (3)"), "{text}");
}

#[test]
fn a_long_equational_proof_is_folded_into_a_few_lines() {
    // Play-test: a 400–600-step proof took minutes to fold; the early facts fold first.
    let board = board_file(
        "commutes.board",
        "∀x∀y∀z ((x + y) + z = x + (y + z))\n∀x (e + x = x)\n∀x (father(x) + x = e)\n∀x∀y ((x + y) + (x + y) = (x + x) + (y + y))\n∀x∀y (x + y = y + x)\n",
    );
    let (lines, text) = written_and_judged(&board, "follows 5");
    assert!(lines <= 8, "{text}");
}
