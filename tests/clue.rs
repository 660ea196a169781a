//! `umpire clue …` as a user runs it.

use crate::support::{root, umpire};

#[test]
fn solve_prints_the_notebook_and_json() {
    let out = umpire(&["clue", "solve", "corpus/clue/logs/three-players.log"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("784 deals fit the log; 48 envelopes are possible;"), "{text}");
    let json = umpire(&["clue", "solve", "--json", "corpus/clue/logs/three-players.log"]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let rope = v["cards"].as_array().unwrap().iter().find(|c| c["card"] == "Rope").unwrap();
    assert_eq!(rope["holder"], "Bob");
    let sum: f64 =
        v["envelopes"].as_array().unwrap().iter().map(|e| e["probability"].as_f64().unwrap()).sum();
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
    assert!(umpire(&["clue", "solve", "--upto", "4", "corpus/clue/logs/typo.log"])
        .status
        .success());
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
    let out = umpire(&[
        "clue",
        "advise",
        "--json",
        "--room",
        "Kitchen",
        "corpus/clue/logs/three-players.log",
    ]);
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

#[test]
fn an_illegal_log_is_refused_at_its_line_with_a_hint() {
    let path = "corpus/clue/logs/moves-after-accusing.log";
    let out = umpire(&["clue", "solve", path]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("Cat accused wrongly on line 12 and is out of the game"), "{err}");
    assert!(err.contains("moves-after-accusing.log:13:1"), "{err}");
    assert!(err.contains("help: Cat still shows cards to the others"), "{err}");
    // The same for scripts: the hint and where the line is.
    let json = umpire(&["clue", "solve", "--json", path]);
    assert_eq!(json.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let d = &v["error"]["diagnostics"][0];
    assert_eq!(v["error"]["kind"], "bad-input");
    assert!(d["message"].as_str().unwrap().starts_with("Cat accused wrongly on line 12"));
    assert!(d["help"].as_str().unwrap().starts_with("Cat still shows cards"));
    let text = std::fs::read_to_string(root(path)).unwrap();
    let line = "suggest Cat: Green, Rope, Study; shown by Ann: Study";
    assert_eq!(d["labels"][0]["offset"], text.find(line).unwrap());
    assert_eq!(d["labels"][0]["length"], line.len());
    // Advice is refused too: nothing is inferred from an illegal log.
    assert_eq!(umpire(&["clue", "advise", path]).status.code(), Some(2));
}

#[test]
fn a_finished_game_is_over_and_nothing_can_follow() {
    let path = "corpus/clue/logs/won.log";
    let out = umpire(&["clue", "solve", path]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with("The game is over: Ann accused correctly on line 15 (Peacock, Wrench, Dining Room) and wins.\n"), "{text}");
    let v: serde_json::Value =
        serde_json::from_slice(&umpire(&["clue", "solve", "--json", path]).stdout).unwrap();
    assert_eq!(
        v["game_over"],
        serde_json::json!({"winner": "Ann", "line": 15, "envelope": ["Peacock", "Wrench", "Dining Room"]})
    );
    assert_eq!(v["out"], serde_json::json!([{"player": "Bob", "line": 13}]));
    assert_eq!(v["accuse"], serde_json::Value::Null);
    // Before Ann's accusation (event 9) the game is on, Bob is out, and Ann may accuse.
    let before = umpire(&["clue", "solve", "--json", "--upto", "8", path]);
    let v: serde_json::Value = serde_json::from_slice(&before.stdout).unwrap();
    assert_eq!(v["game_over"], serde_json::Value::Null);
    assert_eq!(v["accuse"], serde_json::json!(["Peacock", "Wrench", "Dining Room"]));
    let advice = umpire(&["clue", "advise", path]);
    assert!(advice.status.success());
    assert!(String::from_utf8(advice.stdout)
        .unwrap()
        .starts_with("The game is over: Ann accused correctly"));
    // A line added after the end is refused and the log is left as it was.
    let dir = std::env::temp_dir().join(format!("umpire-clue-won-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("won.log");
    let start = std::fs::read_to_string(root(path)).unwrap();
    std::fs::write(&log, &start).unwrap();
    let add = umpire(&["clue", "add", log.to_str().unwrap(), "seen Bob: Plum"]);
    assert_eq!(add.status.code(), Some(2));
    assert!(String::from_utf8(add.stderr)
        .unwrap()
        .contains("the game ended on line 15, when Ann accused correctly"));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), start);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_correct_accusation_the_log_rules_out_names_the_lines() {
    let dir = std::env::temp_dir().join(format!("umpire-clue-refuted-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("refuted.log");
    // Lines 10 and 11 of three-players.log: `seen Bob: Rope`, `seen Bob: Hall`; one is enough.
    let text = std::fs::read_to_string(root("corpus/clue/logs/three-players.log")).unwrap()
        + "accuse Cat: Plum, Rope, Hall correct\n";
    std::fs::write(&log, text).unwrap();
    let out = umpire(&["clue", "solve", log.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 12 says Cat's accusation (Plum, Rope, Hall) was correct, but the log"),
        "{err}"
    );
    assert!(err.contains("line 11: seen Bob: Hall"), "{err}");
    let json = umpire(&["clue", "solve", "--json", log.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["error"]["kind"], "contradiction");
    let message = "line 12 says Cat's accusation (Plum, Rope, Hall) was correct, but the log rules that out: lines 11, 12 contradict each other";
    assert_eq!(v["error"]["diagnostics"][0]["message"], message);
    assert_eq!(
        v["error"]["diagnostics"][0]["notes"],
        serde_json::json!([
            "line 11: seen Bob: Hall",
            "line 12: accuse Cat: Plum, Rope, Hall correct"
        ])
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn refute_says_which_card_to_show() {
    // Issue 35: when refuting, show the card that reveals least: one the suggester has seen
    // from me already, then one shown before, then any.
    let dir = std::env::temp_dir().join(format!("umpire-clue-refute-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("r.log");
    std::fs::write(
        &log,
        "players: Ann 6, Bob 6, Cat 6\nme: Ann\nhand: Scarlet, Mustard, Knife, Kitchen, Ballroom, Study\n\
         suggest Bob: Scarlet, Rope, Hall; passed Cat; shown by Ann: Scarlet\n\
         suggest Cat: Plum, Knife, Study; shown by Ann: Knife\n",
    )
    .unwrap();
    let path = log.to_str().unwrap();
    let show = |s: &str| String::from_utf8(umpire(&["clue", "refute", path, s]).stdout).unwrap();
    assert!(show("Bob: Scarlet, Knife, Kitchen").starts_with("Show Bob the Scarlet."));
    assert!(show("Cat: Scarlet, Knife, Kitchen").starts_with("Show Cat the Knife."));
    assert!(show("Bob: Mustard, Knife, Kitchen").starts_with("Show Bob the Knife."));
    assert!(show("Cat: Peacock, Rope, Lounge").contains("pass"));
    assert_eq!(umpire(&["clue", "refute", path, "Ann: Plum, Rope, Hall"]).status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 60: a card shown to me is evidence about the refuter's hand when they pick at random
/// among their matching cards (RULINGS C4, the default); `--refuter any` weighs every deal
/// alike. The fractions are the brute force's (src/games/clue/tests.rs checks the method).
#[test]
fn odds_follow_the_stated_model_of_the_refuter() {
    let envelope = |model: &str, card: &str| -> (String, String) {
        let out = umpire(&[
            "clue",
            "solve",
            "--json",
            "--refuter",
            model,
            "corpus/clue/logs/three-players.log",
        ]);
        assert!(out.status.success());
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let c = v["cards"].as_array().unwrap().iter().find(|c| c["card"] == card).unwrap();
        (
            v["refuter"].as_str().unwrap().to_string(),
            c["probability"]["envelope"]["fraction"].as_str().unwrap().to_string(),
        )
    };
    assert_eq!(envelope("random", "Plum"), ("random".into(), "947/3301".into()));
    assert_eq!(envelope("random", "White"), ("random".into(), "1290/3301".into()));
    assert_eq!(envelope("any", "Plum"), ("any".into(), "75/196".into()));
    // The default is the random refuter.
    let out = umpire(&["clue", "solve", "--json", "corpus/clue/logs/three-players.log"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["refuter"], "random");
    let bad = umpire(&["clue", "solve", "--refuter", "kind", "corpus/clue/logs/three-players.log"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// The corpus keeps the six-player game `cargo bench --bench deduce` times, so the end-to-end
/// figures of `scripts/clue-advise-times.sh` and the in-process ones are of the same game.
#[test]
fn the_corpus_six_player_game_is_the_benchmarks_game() {
    let deck = umpire::games::clue::Deck::builtin("classic").unwrap();
    let game = umpire::games::clue::simulate::random_game(&deck, "classic", 6, 30, 1);
    let kept = std::fs::read_to_string(root("corpus/clue/logs/six-players-seed1.log")).unwrap();
    let events = |text: &str| -> Vec<String> {
        text.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect()
    };
    assert_eq!(events(&kept), events(&game.log));
    // deck, players, me, hand, then thirty events
    assert_eq!(events(&kept).len(), 4 + 30);
}
