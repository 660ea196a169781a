//! `umpire clue …` as a user runs it.

use crate::root;
use std::process::Command;

fn umpire(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_umpire")).args(args).current_dir(root("")).output().unwrap()
}

#[test]
fn solve_prints_the_notebook_and_json() {
    let out = umpire(&["clue", "solve", "corpus/clue/logs/three-players.log"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("784 deals fit the log; 48 envelopes are possible."), "{text}");
    let json = umpire(&["clue", "solve", "--json", "corpus/clue/logs/three-players.log"]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let rope = v["cards"].as_array().unwrap().iter().find(|c| c["card"] == "Rope").unwrap();
    assert_eq!(rope["holder"], "Bob");
    let sum: f64 = v["envelopes"].as_array().unwrap().iter().map(|e| e["probability"].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-9);
    assert_eq!(v["accuse"], serde_json::Value::Null);
}

#[test]
fn a_typo_is_named_and_bad_logs_are_diagnostics() {
    let out = umpire(&["clue", "solve", "corpus/clue/logs/typo.log"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("lines 9, 10 contradict each other"), "{err}");
    // Up to the event before the typo, the log is fine.
    assert!(umpire(&["clue", "solve", "--upto", "4", "corpus/clue/logs/typo.log"]).status.success());
    let missing = umpire(&["clue", "solve", "corpus/clue/logs/none.log"]);
    assert_eq!(missing.status.code(), Some(2));
    let dir = std::env::temp_dir().join(format!("umpire-clue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.log");
    std::fs::write(&bad, "players: Ann 6, Bob 6, Cat 6\nme: Ann\nhand: Scarlet, Moose\n").unwrap();
    let out = umpire(&["clue", "solve", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("no card `Moose`"));
    std::fs::remove_dir_all(dir).unwrap();
}
