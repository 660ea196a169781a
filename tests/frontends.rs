//! One table, three front ends (issue 56): the same game played through the command line,
//! the REPL and the page's API gives the same save, and the table's rules (the undo of a
//! win, the player to move, the one claim protocol, the card lists the coach prints) hold
//! alike in each.

use crate::support::{stderr, stdout, umpire};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use umpire::commands::session::{Reply, Session};
use umpire::serve::api::Api;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-frontends-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A save as the table agreed it: the settings and each event, without the budget a claim
/// was decided within (the time left when it was recorded, which no two runs share).
fn agreed(path: &Path) -> Value {
    let mut save: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for event in save["events"].as_array_mut().unwrap() {
        event.as_object_mut().unwrap().remove("budget");
    }
    save
}

fn say(session: &mut Session, line: &str) -> String {
    match session.execute(line) {
        Reply::Text(text) => text,
        Reply::Quit => "QUIT".into(),
    }
}

fn ok(args: &[&str]) -> String {
    let out = umpire(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// The game every front end plays: Ann writes ∀x happy(x), Bob ∃x happy(x); Ann scores (2);
/// Ann writes ∃x ¬happy(x); Bob claims the inconsistency and wins; the win is taken back
/// only once the table agrees; Bob passes instead.
#[test]
fn the_same_game_through_the_command_line_the_repl_and_the_page_saves_the_same() {
    let dir = scratch("same");
    let new = ["--players", "Ann,Bob", "--own-cards", "--seed", "7", "--win", "2"];

    // The command line.
    let cli = dir.join("cli.json");
    let f = cli.to_str().unwrap();
    ok(&[&["game", "new", f][..], &new[..]].concat());
    ok(&["game", "play", f, "Q:∀x ∀x happy(x)"]);
    ok(&["game", "play", f, "--player", "Bob", "--cards", "Q:∃x", "∃x happy(x)"]);
    assert!(ok(&["game", "claim", f, "redundant", "2"]).starts_with("upheld"));
    ok(&["game", "play", f, "X:?", "∃x ¬happy(x)"]);
    assert!(ok(&["game", "claim", f, "inconsistent"]).contains("Bob has won"));
    let refused = umpire(&["game", "undo", f]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("takes back Bob's win"), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("--yes"), "{}", stderr(&refused));
    let undone = ok(&["game", "undo", f, "--yes"]);
    assert!(
        undone.starts_with("took back Bob's claim that the board is inconsistent (upheld)"),
        "{undone}"
    );
    ok(&["game", "pass", f]);

    // The REPL, on a game the command line dealt.
    let repl = dir.join("repl.json");
    ok(&[&["game", "new", repl.to_str().unwrap()][..], &new[..]].concat());
    let mut s = Session::new(Arc::new(AtomicBool::new(false)));
    say(&mut s, &format!("game load {}", repl.display()));
    say(&mut s, "game play Q:∀x ∀x happy(x)");
    say(&mut s, "game play Q:∃x ∃x happy(x)");
    assert!(say(&mut s, "game claim redundant 2").starts_with("upheld"));
    say(&mut s, "game play X:? ∃x ¬happy(x)");
    assert!(say(&mut s, "game claim inconsistent").contains("Bob has won"));
    let asked = say(&mut s, "game undo");
    assert!(asked.contains("takes back Bob's win") && asked.contains("`yes`"), "{asked}");
    assert_eq!(say(&mut s, "no"), "the win stands: nothing was taken back");
    assert!(say(&mut s, "game show").contains("Bob has won"));
    // Any answer but yes keeps the win, a blank line or a command too (not run then).
    for answer in ["", "list"] {
        say(&mut s, "game undo");
        assert_eq!(say(&mut s, answer), "the win stands: nothing was taken back");
    }
    say(&mut s, "game undo");
    let undone = say(&mut s, "Y");
    assert!(undone.starts_with("took back Bob's claim"), "{undone}");
    say(&mut s, "game pass");

    // The page.
    let page = dir.join("page.json");
    let api = Api::new(page.clone(), Duration::from_secs(10)).unwrap();
    let call = |path: &str, body: Value| {
        let reply = api.handle("POST", path, &body.to_string());
        let value: Value = serde_json::from_str(&reply.body).unwrap_or(Value::Null);
        (reply.status, value)
    };
    let body = json!({ "players": ["Ann", "Bob"], "own_cards": true, "seed": 7, "win": 2 });
    assert_eq!(call("/api/game/new", body).0, 200);
    for (cards, statement) in [("Q:∀x", "∀x happy(x)"), ("Q:∃x", "∃x happy(x)")] {
        let (status, v) =
            call("/api/game/play", json!({ "cards": [cards], "statement": statement }));
        assert_eq!(status, 200, "{v}");
    }
    let (_, v) = call("/api/game/claim", json!({ "claim": "redundant", "k": 2 }));
    assert_eq!(v["claimed"]["outcome"].as_str().map(|o| o.starts_with("upheld")), Some(true));
    call("/api/game/play", json!({ "cards": ["X:?"], "statement": "∃x ¬happy(x)" }));
    let (_, v) = call("/api/game/claim", json!({ "claim": "inconsistent" }));
    assert_eq!(v["game"]["winner"], "Bob", "{v}");
    let (status, v) = call("/api/game/undo", json!({}));
    assert_eq!(status, 400, "{v}");
    let (status, v) = call("/api/game/undo", json!({ "table_agrees": true }));
    assert_eq!(status, 200, "{v}");
    assert!(v["undone"].as_str().unwrap().starts_with("took back Bob's claim"), "{v}");
    assert_eq!(call("/api/game/pass", json!({})).0, 200);

    let cli = agreed(&cli);
    assert_eq!(cli["events"].as_array().unwrap().len(), 5, "{cli}");
    assert_eq!(agreed(&repl), cli, "the REPL's save");
    assert_eq!(agreed(&page), cli, "the page's save");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 56: an undo on a game with no move "succeeded" on the command line and in the REPL.
#[test]
fn there_is_nothing_to_undo_before_the_first_move() {
    let dir = scratch("nothing");
    let file = dir.join("g.json");
    let f = file.to_str().unwrap();
    ok(&["game", "new", f, "--players", "Ann,Bob"]);
    let out = umpire(&["game", "undo", f, "--yes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("there is nothing to undo"), "{}", stderr(&out));
    let mut s = Session::new(Arc::new(AtomicBool::new(false)));
    say(&mut s, &format!("game load {f}"));
    assert!(say(&mut s, "game undo").contains("there is nothing to undo"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 56: the coach printed `F:+ R:likes: ∀x∀y …`, which neither `game play` nor the
/// REPL took back. Every play the coach prints is now typed back as it stands, and card
/// lists take spaces as well as commas.
#[test]
fn a_play_the_coach_prints_is_typed_back_as_it_stands() {
    let dir = scratch("hint");
    let file = dir.join("g.json");
    let f = file.to_str().unwrap();
    ok(&["game", "new", f, "--players", "Ann,Bob", "--seed", "5"]);
    let hint = ok(&["game", "hint", f, "--brief", "--move-time", "2"]);
    let plays: Vec<&str> = hint
        .lines()
        .filter_map(|l| l.trim_start().split_once(". "))
        .filter(|(n, _)| n.parse::<usize>().is_ok())
        .map(|(_, play)| play)
        .collect();
    assert!(!plays.is_empty(), "{hint}");
    // Into the REPL, on a copy of the game.
    let copy = dir.join("copy.json");
    std::fs::copy(&file, &copy).unwrap();
    let mut s = Session::new(Arc::new(AtomicBool::new(false)));
    say(&mut s, &format!("game load {}", copy.display()));
    let out = say(&mut s, &format!("game play {}", plays[0]));
    assert!(out.contains("(1) "), "{}: {out}", plays[0]);
    // Into `game play`, as one argument and as the shell splits it unquoted.
    ok(&["game", "play", f, plays[0]]);
    ok(&["game", "undo", f]);
    let words: Vec<&str> = plays[0].split_whitespace().collect();
    ok(&[&["game", "play", f][..], &words[..]].concat());
    assert_eq!(agreed(&file), agreed(&copy), "the same play, however it was typed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn card_lists_take_spaces_as_well_as_commas() {
    let dir = scratch("cards");
    let file = dir.join("g.json");
    let f = file.to_str().unwrap();
    ok(&["game", "new", f, "--players", "Ann,Bob", "--own-cards"]);
    ok(&["game", "play", f, "--cards", "F:+", "R:likes", "∀x∀y likes(x, y + x)"]);
    let shown = ok(&["game", "play", f, "--cards", "F:father R:likes", "∀x likes(father(x), x)"]);
    assert!(shown.contains("(2) ∀x likes(father(x), x)"), "{shown}");
    let out = umpire(&["game", "play", f, "--cards", "F:+", "blonde", "∃x blonde(x)"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 56: after `game load`, `list`, `check`, `follows 1` and `redundant?` acted on an
/// empty scratch board while the game's board had statements.
#[test]
fn the_repls_board_commands_ask_about_the_loaded_games_board() {
    let dir = scratch("board");
    let file = dir.join("g.json");
    let f = file.to_str().unwrap();
    ok(&["game", "new", f, "--players", "Ann,Bob", "--own-cards"]);
    ok(&["game", "play", f, "Q:∀x ∀x happy(x)"]);
    ok(&["game", "play", f, "Q:∃x ∃x happy(x)"]);
    let mut s = Session::new(Arc::new(AtomicBool::new(false)));
    say(&mut s, "∃x blonde(x)");
    assert!(say(&mut s, &format!("game load {f}")).contains("now ask about this game's board"));
    let listed = say(&mut s, "list");
    assert!(listed.contains("(1) ∀x happy(x)") && listed.contains("(2) ∃x happy(x)"), "{listed}");
    assert!(say(&mut s, "check").starts_with("consistent"));
    assert!(say(&mut s, "follows 2").starts_with("redundant"));
    let scored = say(&mut s, "redundant?");
    assert!(scored.contains("One statement follows from the others: (2)"), "{scored}");
    assert!(say(&mut s, "game claim redundant 2").starts_with("upheld"));
    assert!(say(&mut s, "list").contains("(2) ∃x happy(x)   (scored)"));
    let scored = say(&mut s, "redundant?");
    assert!(scored.contains("Already scored") && scored.contains("(2)"), "{scored}");
    // The game's board changes only by plays.
    for line in ["∃x ¬happy(x)", "add ∃x ¬happy(x)", "remove 1", "clear"] {
        assert!(say(&mut s, line).contains("changes only by plays"), "{line}");
    }
    assert!(say(&mut s, "game close").starts_with("closed the game"));
    assert_eq!(say(&mut s, "list"), "(1) ∃x blonde(x)", "the player's own board is back");
    std::fs::remove_dir_all(&dir).unwrap();
}
