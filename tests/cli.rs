//! The `umpire` binary as a user runs it.

use crate::root;
use std::process::{Command, Output};

fn umpire(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_umpire")).args(args).current_dir(root("")).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn parse_prints_a_board_normalized() {
    let out = umpire(&["parse", "corpus/boards/s-cards.board"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), crate::read("corpus/boards/s-cards.expected"));
}

#[test]
fn parse_a_statement_in_ascii() {
    let out = umpire(&["parse", "--ascii", "∀x∀y x ≠ y ⇒ (smarter(x, y) ⇔ ¬smarter(y, x))"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "forall x forall y x != y -> (smarter(x, y) <-> ~smarter(y, x))\n");
}

#[test]
fn parse_json_gives_the_tree() {
    let out = umpire(&["parse", "--json", "∃!x blonde(x) | blondie := x"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let st = &v["statements"][0];
    assert_eq!(st["ast"]["kind"]["statement"], "named");
    assert_eq!(st["ast"]["kind"]["name"]["name"], "blondie");
    assert_eq!(v["signature"]["symbols"]["blondie"]["origin"]["named"]["statement"], 0);
}

#[test]
fn bad_input_is_a_diagnostic_and_exit_2() {
    for bad in ["∀x smarter(x)", "", "((((", "|L| ≥", "\u{7}"] {
        let out = umpire(&["parse", bad]);
        let err = String::from_utf8_lossy(&out.stderr);
        if bad.is_empty() {
            // An empty board is a board with no statements.
            assert!(out.status.success());
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(err.contains("umpire::"), "{bad}: {err}");
        assert!(!err.contains("panicked"), "{bad}: {err}");
    }
}

#[test]
fn a_missing_file_argument_is_read_as_a_statement() {
    let out = umpire(&["parse", "no/such/file.board"]);
    assert_eq!(out.status.code(), Some(2));
}
