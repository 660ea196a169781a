//! `umpire clue …` as a user runs it.

use crate::support::{root, umpire};


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

#[test]
fn advise_ranks_suggestions_and_marks_the_reachable_ones() {
    let out = umpire(&["clue", "advise", "--json", "--room", "Kitchen", "corpus/clue/logs/three-players.log"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = v["suggestions"].as_array().unwrap();
    assert_eq!(list.len(), 10);
    let bits: Vec<f64> = list.iter().map(|s| s["bits"].as_f64().unwrap()).collect();
    assert!(bits.windows(2).all(|w| w[0] >= w[1]) && bits[0] > 0.0);
    assert!(bits[0] <= v["bits_now"].as_f64().unwrap());
    assert_eq!(v["best_reachable"]["cards"][2], "Kitchen");
    assert_eq!(v["unevaluated"], 0);
    let bad = umpire(&["clue", "advise", "--room", "Rope", "corpus/clue/logs/three-players.log"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn add_undo_and_edit_change_the_log_safely() {
    let dir = std::env::temp_dir().join(format!("umpire-clue-edit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.log");
    let start = std::fs::read_to_string(root("corpus/clue/logs/three-players.log")).unwrap();
    std::fs::write(&log, &start).unwrap();
    let path = log.to_str().unwrap();
    let solve = || String::from_utf8(umpire(&["clue", "solve", path]).stdout).unwrap();
    // A line that contradicts `seen Bob: Rope` is refused and the log is unchanged.
    let out = umpire(&["clue", "add", path, "seen Cat: Rope"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("line 10: seen Bob: Rope"));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), start);
    // A garbled line is refused too.
    assert_eq!(umpire(&["clue", "add", path, "seen Cat Rope"]).status.code(), Some(2));
    assert!(solve().contains("784 deals fit the log"));
    assert!(umpire(&["clue", "add", path, "seen Cat: Green"]).status.success());
    assert!(!solve().contains("784 deals fit the log"), "{}", solve());
    let undo = umpire(&["clue", "undo", path]);
    assert!(String::from_utf8(undo.stdout).unwrap().contains("seen Cat: Green"));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), start);
    // Edit line 11 (`seen Bob: Hall`) into something else, then delete it.
    assert!(umpire(&["clue", "edit", path, "--line", "11", "seen Bob: Lounge"]).status.success());
    assert!(std::fs::read_to_string(&log).unwrap().contains("seen Bob: Lounge"));
    assert!(umpire(&["clue", "edit", path, "--line", "11", ""]).status.success());
    let after = std::fs::read_to_string(&log).unwrap();
    assert!(!after.contains("seen Bob: Lounge") && after.contains("seen Bob: Rope"));
    std::fs::remove_dir_all(dir).unwrap();
}
