//! Several umpires writing one file at once, and umpires killed while writing: every change
//! that was reported lands exactly once, and the file always loads.

use crate::support::umpire;
use std::process::{Command, Stdio};

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-writers-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn twenty_clue_adds_at_once_all_land() {
    let dir = scratch("clue");
    let log = dir.join("game.log");
    let path = log.to_str().unwrap();
    let new = umpire(&[
        "clue",
        "new",
        path,
        "--players",
        "Ann 6, Bob 6, Cat 6",
        "--me",
        "Ann",
        "--hand",
        "Scarlet, Mustard, Knife, Kitchen, Ballroom, Study",
    ]);
    assert!(new.status.success(), "{}", String::from_utf8_lossy(&new.stderr));
    // Suggestions nobody could refute would contradict each other; these are all "passed by
    // nobody, shown by Bob", which any deal with Bob holding a card of each fits.
    let children: Vec<_> = (0..20)
        .map(|i| {
            let who = ["Plum", "Green", "Peacock", "White"][i % 4];
            Command::new(env!("CARGO_BIN_EXE_umpire"))
                .args([
                    "clue",
                    "add",
                    path,
                    &format!("suggest Cat: {who}, Rope, Hall; shown by Bob"),
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    let accepted =
        children.into_iter().map(|mut c| c.wait().unwrap().success()).filter(|&ok| ok).count();
    let text = std::fs::read_to_string(&log).unwrap();
    let events = text.lines().filter(|l| l.starts_with("suggest")).count();
    assert_eq!(accepted, 20, "every add is accepted");
    assert_eq!(events, accepted, "every accepted add is in the log once:\n{text}");
    assert!(umpire(&["clue", "solve", path]).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn twenty_plays_at_once_land_once_each_and_the_save_loads() {
    let dir = scratch("game");
    let save = dir.join("g.json");
    let path = save.to_str().unwrap();
    assert!(umpire(&["game", "new", path, "--players", "Ann,Bob", "--own-cards"]).status.success());
    let children: Vec<_> = (0..20)
        .map(|i| {
            let (player, card, statement) = if i % 2 == 0 {
                ("Ann", "Q:∀x", "∀x happy(x) ∨ blonde(x)")
            } else {
                ("Bob", "Q:∃x", "∃x happy(x)")
            };
            Command::new(env!("CARGO_BIN_EXE_umpire"))
                .args(["game", "play", path, "--player", player, "--cards", card, statement])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    let accepted =
        children.into_iter().map(|mut c| c.wait().unwrap().success()).filter(|&ok| ok).count();
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let events = v["events"].as_array().unwrap().len();
    assert!(accepted >= 1, "at least the first play is accepted");
    assert_eq!(events, accepted, "every accepted play is in the save once");
    assert!(umpire(&["game", "load", path]).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Killed at arbitrary moments while saving, a save is always whole (the old state or the
/// new), and the next write removes what the killed one left.
#[test]
fn a_writer_killed_mid_save_never_leaves_a_broken_save() {
    let dir = scratch("kill");
    let log = dir.join("game.log");
    let path = log.to_str().unwrap();
    assert!(umpire(&[
        "clue",
        "new",
        path,
        "--players",
        "Ann 6, Bob 6, Cat 6",
        "--me",
        "Ann",
        "--hand",
        "Scarlet, Mustard, Knife, Kitchen, Ballroom, Study"
    ])
    .status
    .success());
    for round in 0..30u64 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_umpire"))
            .args(["clue", "add", path, "suggest Cat: Plum, Rope, Hall; shown by Bob"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_micros(300 * (round % 17)));
        let _ = child.kill();
        let _ = child.wait();
        assert!(
            umpire(&["clue", "solve", path]).status.success(),
            "round {round}: the log no longer reads"
        );
    }
    assert!(umpire(&["clue", "add", path, "seen Bob: Rope"]).status.success());
    let strays: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(strays.is_empty(), "temporary files outlived the next write: {strays:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
