//! The computer player and the coach (issue 33), as a user meets them: whole games computer
//! against computer, a game against the computer from the command line, the REPL and the
//! page answering a person's move.

use crate::support::{stderr, stdout, umpire, umpire_with_input};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-computer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whole dealt games played to their end, computer against computer, for several seeds and
/// every pairing of levels: no fault (illegal play, refused claim, unclaimed inconsistency),
/// and every save loads, which replays every play through the legality check and decides
/// every claim again.
#[test]
fn whole_games_computer_against_computer_are_legal_and_replay() {
    let dir = scratch("selfplay");
    for (levels, seed) in [("1,2", "11"), ("0,1", "12"), ("2,0,1", "13")] {
        let saves = dir.join(seed);
        std::fs::create_dir_all(&saves).unwrap();
        let out = umpire(&[
            "game",
            "selfplay",
            "--games",
            "2",
            "--levels",
            levels,
            "--seed",
            seed,
            "--move-time",
            "2",
            "--max-turns",
            "40",
            "--saves",
            saves.to_str().unwrap(),
            "--json",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
        let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(report["games"], 2);
        assert_eq!(report["faults"], json!([]), "{report}");
        let seats = levels.split(',').count();
        let upheld: u64 = (0..seats).map(|s| report["levels"][s]["upheld"].as_u64().unwrap()).sum();
        let claims: u64 = (0..seats).map(|s| report["levels"][s]["claims"].as_u64().unwrap()).sum();
        assert_eq!(upheld, claims, "every claim upheld: {report}");
        for g in 1..=2 {
            let save = saves.join(format!("game-{g}.json"));
            let text = std::fs::read_to_string(&save).unwrap();
            let saved: Value = serde_json::from_str(&text).unwrap();
            let events = saved["events"].as_array().unwrap();
            assert!(!events.is_empty());
            for e in events {
                match e["event"].as_str().unwrap() {
                    "claim" => assert_eq!(e["upheld"], true, "{e}"),
                    // Every computer move says why.
                    "play" | "pass" => assert!(e["reason"].is_string(), "{e}"),
                    other => panic!("unexpected event {other}"),
                }
            }
            let loaded = umpire(&["game", "load", save.to_str().unwrap()]);
            assert!(
                stdout(&loaded).starts_with(&format!("{} events replayed", events.len())),
                "{}{}",
                stdout(&loaded),
                stderr(&loaded)
            );
        }
    }
}

#[test]
fn a_game_against_the_computer_from_the_command_line() {
    let dir = scratch("cli");
    let g = dir.join("g.json");
    let g = g.to_str().unwrap();
    let out = umpire(&[
        "game",
        "new",
        g,
        "--players",
        "Ann,Bob",
        "--computer",
        "Bob",
        "--level",
        "2",
        "--seed",
        "4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Ann's turn: the computer does not move for her.
    let out = umpire(&["game", "move", g]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("the computer does not play Ann"), "{}", stderr(&out));
    // The coach never changes the game.
    let before = std::fs::read_to_string(g).unwrap();
    let out = umpire(&["game", "hint", g, "--player", "Ann"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Ann can claim nothing now."), "{}", stdout(&out));
    assert!(stdout(&out).contains("Plays, safest first:"), "{}", stdout(&out));
    assert_eq!(std::fs::read_to_string(g).unwrap(), before);
    let out = umpire(&["game", "pass", g, "--player", "Ann"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Advice for a turn that is not Ann's is refused, not given for the wrong board.
    let out = umpire(&["game", "hint", g, "--player", "Ann"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("it is Bob's turn, not Ann's"), "{}", stderr(&out));
    // Bob's turn: the computer plays (or passes) and says why.
    let out = umpire(&["game", "move", g]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        (text.contains("Bob plays") && text.contains("why:")) || text.contains("Bob passes:"),
        "{text}"
    );
    assert!(text.contains("Ann to play"), "{text}");
    let out = umpire(&["game", "why", g]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = umpire(&["game", "load", g]);
    assert!(stdout(&out).starts_with("2 events replayed"), "{}", stdout(&out));
    // A level the computer does not have is refused by the command line.
    let out = umpire(&[
        "game",
        "new",
        &format!("{g}.2"),
        "--players",
        "A,B",
        "--computer",
        "B",
        "--level",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = umpire(&["game", "new", &format!("{g}.3"), "--players", "A,B", "--computer", "C"]);
    assert!(stderr(&out).contains("not one of the players"), "{}", stderr(&out));
}

#[test]
fn in_the_repl_the_computer_answers_a_persons_move() {
    let dir = scratch("repl");
    let g = dir.join("g.json");
    let g = g.to_str().unwrap();
    let out =
        umpire(&["game", "new", g, "--players", "Ann,Bob", "--computer", "Bob", "--seed", "9"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = umpire_with_input(&["repl"], &format!("game load {g}\ngame hint\ngame pass\nquit\n"));
    let text = stdout(&out);
    assert!(text.contains("Plays, safest first:"), "{text}");
    assert!(text.contains("Bob plays") || text.contains("Bob passes"), "{text}");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(g).unwrap()).unwrap();
    assert_eq!(saved["events"].as_array().unwrap().len(), 2, "Ann's pass and Bob's move");
    // Loaded on the computer's turn, it moves at once (play-testing found it waiting); an
    // undo back onto its turn does not replay it, and says how to go on.
    let h = dir.join("h.json");
    let h = h.to_str().unwrap();
    let out =
        umpire(&["game", "new", h, "--players", "Bob,Ann", "--computer", "Bob", "--seed", "9"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = umpire_with_input(
        &["repl"],
        &format!(
            "game load {h}
game undo
quit
"
        ),
    );
    let text = stdout(&out);
    assert!(text.contains("Bob plays") || text.contains("Bob passes"), "{text}");
    assert!(text.contains("`game move` plays its turn"), "{text}");
}

/// The coach on a board that is already inconsistent: claiming wins, nothing else is advised.
#[test]
fn the_coach_says_a_winning_claim_wins() {
    let dir = scratch("coach-wins");
    let g = dir.join("g.json");
    let g = g.to_str().unwrap();
    assert!(umpire(&["game", "new", g, "--players", "Ann,Bob", "--own-cards"]).status.success());
    for (who, st) in [("Ann", "∀x happy(x)"), ("Bob", "∃x ¬happy(x)")] {
        let out = umpire(&["game", "play", g, "--player", who, "--cards", "X:?", st]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let out = umpire(&["game", "hint", g, "--player", "Ann", "--cards", "P:happy"]);
    let text = stdout(&out);
    assert!(text.contains("Ann can claim `inconsistent`"), "{text}");
    assert!(text.contains("Claim it: that wins the game."), "{text}");
    assert!(!text.contains("passing is safest") && !text.contains("Plays"), "{text}");
}

#[test]
fn on_the_page_a_seat_can_be_the_computer() {
    use umpire::serve::api::Api;
    let dir = scratch("page");
    let api = Api::new(dir.join("g.json"), Duration::from_secs(10)).unwrap();
    let call = |path: &str, body: Value| {
        let reply = api.handle("POST", path, &body.to_string());
        (reply.status, serde_json::from_str::<Value>(&reply.body).unwrap_or(Value::Null))
    };
    // The computer sits first: it has moved by the time the game is shown.
    let (s, v) = call(
        "/api/game/new",
        json!({ "players": ["Cy", "Ann"], "computer": ["Cy"], "level": 1, "seed": 5 }),
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["game"]["computers"], json!({ "Cy": 1 }));
    assert_eq!(v["game"]["current"], "Ann", "{v}");
    let first = &v["game"]["events"][0];
    assert_eq!(first["player"], "Cy");
    assert!(first["reason"].is_string(), "the page shows why: {first}");
    // The hint button: the coach for Ann, the game unchanged.
    let (s, h) = call("/api/game/hint", json!({ "player": "Ann" }));
    assert_eq!(s, 200, "{h}");
    assert!(h["text"].as_str().unwrap().contains("Ann can claim"), "{h}");
    assert!(h["hint"]["plays"].is_array(), "{h}");
    // Ann passes: Cy answers at once.
    let (s, v) = call("/api/game/pass", json!({ "player": "Ann" }));
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["game"]["events"].as_array().unwrap().len(), 3, "{v}");
    assert_eq!(v["game"]["current"], "Ann");
    // A person's turn is not the computer's to play.
    let (s, v) = call("/api/game/move", json!({}));
    assert_eq!(s, 400, "{v}");
}

/// With the table's own deck (G13) umpire does not know the computer's cards: the table
/// names them, and the computer plays only those.
#[test]
fn with_the_tables_own_cards_the_computer_is_told_its_cards() {
    let dir = scratch("own");
    let g = dir.join("g.json");
    let g = g.to_str().unwrap();
    let out =
        umpire(&["game", "new", g, "--players", "Ann,Bob", "--own-cards", "--computer", "Ann"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = umpire(&["game", "move", g]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("does not know which cards"), "{}", stderr(&out));
    let out = umpire(&["game", "move", g, "--cards", "P:happy,R:likes", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let turn: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let cards = turn["event"]["cards"].as_array().unwrap();
    assert!(!cards.is_empty() && cards.iter().all(|c| c == "P:happy" || c == "R:likes"), "{turn}");
    // The coach without the cards gives the claims and asks for the cards.
    let out = umpire(&["game", "hint", g, "--player", "Bob"]);
    assert!(stdout(&out).contains("name yours (`--cards …`)"), "{}", stdout(&out));
}
