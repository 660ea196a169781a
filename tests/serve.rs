//! `umpire serve`: every endpoint of the page's API, bad input, the join code, and many
//! devices writing to one game at once, over real HTTP on a free port.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use umpire::serve::api::Api;
use umpire::serve::{Options, Server};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn call(api: &Api, method: &str, path: &str, body: Value) -> (u16, Value) {
    let reply = api.handle(method, path, &body.to_string());
    (reply.status, serde_json::from_str(&reply.body).unwrap_or(Value::Null))
}

/// A running server on a free port, stopped when dropped.
struct Running {
    port: u16,
    code: Option<String>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    fn start(game: PathBuf, lan: bool) -> Running {
        let options =
            Options { port: 0, lan, game, search_time: Duration::from_secs(10), workers: 8 };
        let server = Server::bind(&options).unwrap();
        let (port, code) = (server.port(), server.join_code.clone());
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || server.run(&flag));
        Running { port, code, stop, thread: Some(thread) }
    }

    /// One request over HTTP/1.1: the status and the body.
    fn request(&self, method: &str, path: &str, body: &str, code: Option<&str>) -> (u16, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let code = code.map(|c| format!("X-Join-Code: {c}\r\n")).unwrap_or_default();
        write!(s, "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n{code}Content-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()).unwrap();
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        let text = String::from_utf8_lossy(&raw).to_string();
        let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
        (status, body)
    }

    fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let (status, text) = self.request("POST", path, &body.to_string(), self.code.as_deref());
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[test]
fn every_endpoint_answers_and_bad_input_points_at_its_span() {
    let dir = scratch("endpoints");
    let api = Api::new(dir.join("g.json"), Duration::from_secs(10)).unwrap();
    // The page itself, and health.
    let page = api.handle("GET", "/", "");
    assert!(
        page.status == 200
            && page.content_type.starts_with("text/html")
            && page.body.contains("/api/game/claim")
    );
    assert_eq!(call(&api, "GET", "/api/health", json!({})).0, 200);
    // Parse as you type: a statement read back, or a diagnostic with its span.
    let (s, v) =
        call(&api, "POST", "/api/parse", json!({ "text": "forall x exists y smarter(y, x)" }));
    assert_eq!((s, v["ok"].clone()), (200, json!(true)));
    assert_eq!(v["statements"][0], "∀x∃y smarter(y, x)");
    let (_, v) = call(&api, "POST", "/api/parse", json!({ "text": "∀x smarter(x" }));
    assert_eq!(v["ok"], false);
    let label = &v["diagnostics"][0]["labels"][0];
    assert_eq!(label["offset"], "∀x smarter(x".len(), "{v}");
    // The check pad: a verdict with its evidence and the model drawn.
    let (s, v) = call(
        &api,
        "POST",
        "/api/check",
        json!({ "text": "∀x ∃y smarter(y, x)\n∀x ¬smarter(x, x)" }),
    );
    assert_eq!(s, 200);
    assert_eq!(v["verdict"], "consistent");
    assert!(
        v["svg"].as_str().unwrap().starts_with("<svg")
            && v["evidence"].as_str().unwrap().contains("smarter"),
        "{v}"
    );
    let (_, v) =
        call(&api, "POST", "/api/check", json!({ "text": "blonde(a)\n¬blonde(a)", "follows": 1 }));
    assert_eq!(v["verdict"], "not-redundant", "{v}");
    let (_, v) = call(
        &api,
        "POST",
        "/api/check",
        json!({ "text": "∀x blonde(x)\nblonde(a)", "follows": 2 }),
    );
    assert_eq!(v["verdict"], "redundant");
    assert!(
        v["evidence"].as_str().unwrap().contains("(1)"),
        "proof steps in the board's numbering: {v}"
    );
    let (s, v) = call(&api, "POST", "/api/check", json!({ "text": "∀x blonde(" }));
    assert_eq!(s, 400);
    assert_eq!(v["error"]["kind"], "bad_input");
    assert!(v["error"]["diagnostics"][0]["labels"][0]["offset"].is_number(), "{v}");
    // Bad requests.
    assert_eq!(call(&api, "POST", "/api/check", json!({})).0, 400, "a missing field");
    assert_eq!(api.handle("POST", "/api/check", "{ not json").status, 400);
    assert_eq!(call(&api, "GET", "/api/nothing", json!({})).0, 405);
    assert_eq!(call(&api, "GET", "/elsewhere", json!({})).0, 404);
    // The card game: none yet, then a game, plays, a claim with its evidence, undo.
    assert_eq!(call(&api, "GET", "/api/game", json!({})).1, json!({ "game": null }));
    assert_eq!(call(&api, "POST", "/api/game/pass", json!({ "player": "Ann" })).0, 409);
    let (s, v) = call(
        &api,
        "POST",
        "/api/game/new",
        json!({ "players": ["Ann", "Bob"], "own_cards": true, "seed": 1 }),
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["game"]["current"], "Ann");
    assert_eq!(
        call(&api, "POST", "/api/game/new", json!({ "players": ["Cy", "Dee"] })).0,
        409,
        "a game in progress is not replaced"
    );
    let fresh = Api::new(dir.join("other.json"), Duration::from_secs(10)).unwrap();
    for players in [json!(["Ann", ""]), json!(["Ann", "ann"]), json!("Ann,Bob")] {
        assert_eq!(
            call(&fresh, "POST", "/api/game/new", json!({ "players": players })).0,
            400,
            "{players}"
        );
    }
    assert_eq!(
        call(&fresh, "POST", "/api/game/new", json!({ "players": ["Ann", "Bob"], "hand": -1 })).0,
        400
    );
    assert_eq!(
        call(&fresh, "POST", "/api/game/new", json!({ "players": ["Ann", "Bob"], "win": 1e20 })).0,
        400
    );
    let (_, v) = call(
        &api,
        "POST",
        "/api/parse",
        json!({ "text": "∃x blonde(x)", "player": "Ann", "cards": ["P:blonde"] }),
    );
    assert_eq!(v["play"]["legal"], true, "{v}");
    let (_, v) = call(
        &api,
        "POST",
        "/api/parse",
        json!({ "text": "∃x blonde(x)", "player": "Bob", "cards": ["P:blonde"] }),
    );
    assert!(v["play"]["why"].as_str().unwrap().contains("Ann's turn"), "{v}");
    let (s, v) = call(
        &api,
        "POST",
        "/api/game/play",
        json!({ "player": "Ann", "cards": ["P:blonde"], "statement": "∃x blonde(x)" }),
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["game"]["board"][0]["text"], "∃x blonde(x)");
    assert_eq!(v["game"]["board"][0]["by"], "Ann");
    let (s, v) = call(
        &api,
        "POST",
        "/api/game/play",
        json!({ "player": "Bob", "cards": ["Z:9"], "statement": "∃x blonde(x)" }),
    );
    assert_eq!((s, v["error"]["kind"].clone()), (400, json!("bad_input")), "an unknown card: {v}");
    call(&api, "POST", "/api/game/pass", json!({ "player": "Bob" }));
    let (s, v) =
        call(&api, "POST", "/api/game/claim", json!({ "player": "Ann", "claim": "inconsistent" }));
    assert_eq!(s, 200, "{v}");
    assert!(v["claimed"]["outcome"].as_str().unwrap().starts_with("not upheld"), "{v}");
    assert_eq!(v["claimed"]["decision"]["verdict"], "consistent");
    // A model of one object is told in words, not drawn as a large, nearly empty picture
    // (issue 56).
    assert!(v["claimed"]["decision"]["svg"].is_null(), "{v}");
    assert!(v["claimed"]["decision"]["evidence"].as_str().unwrap().starts_with("1 object"), "{v}");
    let events = v["game"]["events"].as_array().unwrap();
    assert_eq!(
        events.last().unwrap()["evidence"]["decision"]["verdict"],
        "consistent",
        "the claim keeps its evidence"
    );
    assert_eq!(
        call(&api, "POST", "/api/game/claim", json!({ "player": "Bob", "claim": "maybe" })).0,
        400
    );
    let before = call(&api, "GET", "/api/game", json!({})).1["game"]["version"].as_u64().unwrap();
    call(&api, "POST", "/api/game/undo", json!({}));
    assert_eq!(
        call(&api, "GET", "/api/game", json!({})).1["game"]["version"].as_u64().unwrap(),
        before - 1
    );
    // The game is in the file, and a new Api over the file sees it.
    let again = Api::new(dir.join("g.json"), Duration::from_secs(10)).unwrap();
    assert_eq!(
        call(&again, "GET", "/api/game", json!({})).1["game"]["version"].as_u64().unwrap(),
        before - 1
    );
    // Junk is refused, not read as something else.
    for (path, body) in [
        ("/api/game/claim", json!({ "player": { "nested": [[{}]] }, "claim": "inconsistent" })),
        ("/api/game/claim", json!({ "claim": "redundant", "k": -1 })),
        ("/api/game/claim", json!({ "claim": "redundant", "k": 1e20 })),
        ("/api/game/claim", json!({ "claim": "redundant", "k": "2" })),
        ("/api/game/claim", json!({ "claim": "redundant" })),
        ("/api/check", json!({ "text": "blonde(a)", "follows": -1 })),
        ("/api/check", json!({ "text": "blonde(a)", "follows": "1" })),
        (
            "/api/game/play",
            json!({ "player": "Ann", "cards": "P:blonde", "statement": "∃x blonde(x)" }),
        ),
        ("/api/parse", json!({ "text": "∃x blonde(x)", "player": "Ann", "target": "1abc" })),
    ] {
        let (s, v) = call(&api, "POST", path, body.clone());
        assert_eq!(s, 400, "{path} {body}: {v}");
    }
    let version = call(&api, "GET", "/api/game", json!({})).1["game"]["version"].clone();
    assert_eq!(version, before - 1, "nothing junk was recorded");
    // Infer, Clue, Deduction.
    let (_, v) = call(
        &api,
        "POST",
        "/api/infer/judge",
        json!({ "law": "every group (count red >= 1)", "experiment": "r1 b2 . b3" }),
    );
    assert_eq!(v["marker"], "X");
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    let (s, v) = call(
        &api,
        "POST",
        "/api/infer/judge",
        json!({ "law": "count red >> 1", "experiment": "r1" }),
    );
    assert_eq!(s, 400);
    assert!(v["error"]["diagnostics"][0]["labels"][0]["offset"].is_number(), "{v}");
    // Plain English, as the page's own example says it (issue 34); two readings are refused
    // with both.
    let (_, v) = call(
        &api,
        "POST",
        "/api/infer/judge",
        json!({ "law": "Every group must contain a red die.", "experiment": "r1 b2 . b3" }),
    );
    assert_eq!(v["marker"], "X", "{v}");
    let (s, v) = call(
        &api,
        "POST",
        "/api/infer/judge",
        json!({ "law": "There must be two 2s.", "experiment": "r2" }),
    );
    assert_eq!(s, 400);
    assert!(v["error"]["diagnostics"][0]["message"].as_str().unwrap().contains("2 ways"), "{v}");
    let clue =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/clue/logs/won.log"))
            .unwrap();
    let (s, v) = call(&api, "POST", "/api/clue/notebook", json!({ "log": clue }));
    assert_eq!(s, 200, "{v}");
    assert!(v["notebook"].as_str().unwrap().contains("Peacock"), "{v}");
    let (s, v) =
        call(&api, "POST", "/api/clue/notebook", json!({ "log": "players: Ann\nbogus line" }));
    assert_eq!(s, 400, "{v}");
    let deduction = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/deduction/logs/won.log"
    ))
    .unwrap();
    let (s, v) = call(&api, "POST", "/api/deduction/notebook", json!({ "log": deduction }));
    assert_eq!(s, 200, "{v}");
    assert!(v["notebook"].is_string());
    // The dice coach refuses a position that is not one before it looks at its table.
    let (s, v) = call(&api, "POST", "/api/dice/coach", json!({ "dice": "1335" }));
    assert_eq!(s, 400, "{v}");
    assert!(
        v["error"]["diagnostics"][0]["message"].as_str().unwrap().contains("5 expected"),
        "{v}"
    );
    assert_eq!(
        call(&api, "POST", "/api/dice/coach", json!({ "dice": "13356", "rerolls_left": 3 })).0,
        400
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn over_http_the_join_code_is_required_and_sizes_are_limited() {
    let dir = scratch("lan");
    let server = Running::start(dir.join("g.json"), true);
    let code = server.code.clone().expect("--lan makes a join code");
    assert_eq!(code.len(), 6);
    let (status, body) = server.request("GET", "/api/health", "", None);
    assert_eq!(status, 403, "no code: {body}");
    assert!(body.contains("join code"));
    assert_eq!(server.request("GET", "/api/health", "", Some("WRONG1")).0, 403);
    assert_eq!(server.request("GET", "/api/health", "", Some(&code)).0, 200);
    assert_eq!(
        server.request("GET", &format!("/?code={code}"), "", None).0,
        200,
        "the page's address carries the code"
    );
    let huge = format!("{{\"text\": \"{}\"}}", "a".repeat(umpire::serve::api::MAX_BODY_BYTES + 10));
    let (status, body) = server.request("POST", "/api/parse", &huge, Some(&code));
    assert_eq!(status, 413, "{body}");
    drop(server);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn fifty_devices_writing_at_once_lose_and_duplicate_nothing() {
    let dir = scratch("many");
    let file = dir.join("g.json");
    let server = Arc::new(Running::start(file.clone(), false));
    let (s, _) = server.post(
        "/api/game/new",
        json!({ "players": ["Ann", "Bob", "Cy"], "own_cards": true, "seed": 2 }),
    );
    assert_eq!(s, 200);
    let accepted = Arc::new(AtomicUsize::new(0));
    let threads: Vec<_> = (0..50)
        .map(|i| {
            let (server, accepted) = (server.clone(), accepted.clone());
            std::thread::spawn(move || {
                // Each device acts as whoever's turn it sees: plays, passes and claims race.
                let v: Value =
                    serde_json::from_str(&server.request("GET", "/api/game", "", None).1).unwrap();
                let me = v["game"]["current"].as_str().unwrap().to_string();
                let (status, _) = match i % 5 {
                    0 => server
                        .post("/api/game/claim", json!({ "player": me, "claim": "inconsistent" })),
                    1 | 2 => server.post("/api/game/pass", json!({ "player": me })),
                    _ => server.post(
                        "/api/game/play",
                        json!({ "player": me, "cards": ["P:blonde"], "statement": "∃x blonde(x)" }),
                    ),
                };
                if status == 200 {
                    accepted.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let accepted = accepted.load(Ordering::Relaxed);
    assert!(accepted >= 1, "at least the first writer of the first turn gets in");
    let v: Value = serde_json::from_str(&server.request("GET", "/api/game", "", None).1).unwrap();
    assert_eq!(
        v["game"]["version"].as_u64().unwrap() as usize,
        accepted,
        "every accepted event is in the game exactly once"
    );
    drop(server);
    // The save loads (every event replayed and verified) and holds the same events.
    let saved = umpire::commands::cardgame::SavedGame::open(&file).unwrap();
    assert_eq!(saved.version(), accepted);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n != "g.json" && !n.ends_with(".lock"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary files left: {leftovers:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 38, the page at a real table: a seat is held by the device that sat there (another
/// is refused, and does not see that hand); a win is taken back only with the table's
/// agreement; a running game can be abandoned (its file kept); the join address comes with
/// its QR code.
#[test]
fn seats_are_held_wins_are_not_undone_unasked_and_games_can_be_abandoned() {
    let dir = scratch("seats");
    let api = Api::new(dir.join("g.json"), Duration::from_secs(10))
        .unwrap()
        .with_join_url("http://192.0.2.7:8080/?code=ABC234".into());
    let (s, v) =
        call(&api, "POST", "/api/game/new", json!({ "players": ["Ann", "Bob"], "seed": 3 }));
    assert_eq!(s, 200, "{v}");
    let (s, v) =
        call(&api, "POST", "/api/game/sit", json!({ "player": "Ann", "device": "phone-a" }));
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["game"]["you"], "Ann", "{v}");
    // Bob's phone: Ann's hand is hidden from it, and it cannot act for Ann.
    let (_, v) = call(&api, "GET", "/api/game?device=phone-b", Value::Null);
    assert_eq!(v["game"]["hands"]["Ann"], json!([]), "{v}");
    assert!(v["game"]["seed"].is_null(), "a running game's seed stays sealed: {v}");
    assert!(v["game"]["hands"]["Bob"].as_array().unwrap().len() == 3, "{v}");
    let (s, v) =
        call(&api, "POST", "/api/game/pass", json!({ "player": "Ann", "device": "phone-b" }));
    assert_eq!(s, 403, "{v}");
    // However the name is spelled (the game reads it without case or spaces).
    for spelled in ["ann", " Ann", "ANN "] {
        let body = json!({ "player": spelled, "device": "phone-b" });
        let (s, v) = call(&api, "POST", "/api/game/hint", body);
        assert_eq!(s, 403, "{spelled:?}: {v}");
    }
    // Typing for Ann's seat reads the statement but does not judge the play (which would
    // tell her cards one by one).
    let body = json!({ "player": "Ann", "cards": ["P:happy"], "text": "∃x happy(x)", "device": "phone-b" });
    let (s, v) = call(&api, "POST", "/api/parse", body);
    assert_eq!(s, 200, "{v}");
    assert!(v["ok"] == true && v["play"].is_null(), "{v}");
    let (s, v) =
        call(&api, "POST", "/api/game/sit", json!({ "player": "Ann", "device": "phone-b" }));
    assert_eq!(s, 403, "{v}");
    let (s, _) =
        call(&api, "POST", "/api/game/pass", json!({ "player": "Ann", "device": "phone-a" }));
    assert_eq!(s, 200);
    // The join address and its QR code.
    let (_, v) = call(&api, "GET", "/api/join", Value::Null);
    assert!(v["svg"].as_str().unwrap().contains("<svg"), "{v}");
    // Abandoned: the table is free, the file kept beside.
    let (s, v) = call(&api, "POST", "/api/game/abandon", json!({}));
    assert_eq!(s, 200, "{v}");
    assert!(v["game"].is_null(), "{v}");
    assert!(dir.join("g.1.json").exists(), "the abandoned game's file is kept");
    // A won game: undo asks the table.
    let (s, _) = call(
        &api,
        "POST",
        "/api/game/new",
        json!({ "players": ["Ann", "Bob"], "own_cards": true }),
    );
    assert_eq!(s, 200);
    for (who, st) in [("Ann", "∀x happy(x)"), ("Bob", "∃x ¬happy(x)")] {
        let (s, v) = call(
            &api,
            "POST",
            "/api/game/play",
            json!({ "player": who, "cards": ["X:?"], "statement": st }),
        );
        assert_eq!(s, 200, "{v}");
    }
    let (s, v) =
        call(&api, "POST", "/api/game/claim", json!({ "player": "Ann", "claim": "inconsistent" }));
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["game"]["winner"], "Ann", "{v}");
    let (s, v) = call(&api, "POST", "/api/game/undo", json!({}));
    assert_eq!(s, 400, "{v}");
    assert!(v.to_string().contains("takes back Ann's win"), "{v}");
    let (s, v) = call(&api, "POST", "/api/game/undo", json!({ "table_agrees": true }));
    assert_eq!(s, 200, "{v}");
    assert!(v["game"]["winner"].is_null(), "{v}");
}

/// Issue 57 on the page: a table that requires derivations, the derivation pane's judge
/// (marks per line, a model on a wrong line), and a claim argued with a derivation.
#[test]
fn the_page_judges_a_derivation_and_a_claim_argued_with_one() {
    let dir = scratch("derive");
    let api = Api::new(dir.join("g.json"), Duration::from_secs(10)).unwrap();
    let (s, v) = call(
        &api,
        "POST",
        "/api/game/new",
        json!({ "players": ["Ann", "Bob"], "own_cards": true, "derivations_required": true }),
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["game"]["derivations_required"], true);
    for (player, cards, statement) in [
        ("Ann", json!(["P:happy", "P:blonde"]), "∀x (happy(x) → blonde(x))"),
        ("Bob", json!(["P:happy"]), "∀x happy(x)"),
        ("Ann", json!(["P:blonde"]), "∀x blonde(x)"),
    ] {
        let (s, v) = call(
            &api,
            "POST",
            "/api/game/play",
            json!({ "player": player, "cards": cards, "statement": statement }),
        );
        assert_eq!(s, 200, "{v}");
    }
    let gaps = "∀x (happy(x) → blonde(x)) :PR\nhappy(a) → blonde(a) :∀E 1\nhappy(a) :→E 2, 1\n";
    let (s, v) = call(
        &api,
        "POST",
        "/api/game/derive",
        json!({ "text": gaps, "claim": "redundant", "k": 3 }),
    );
    assert_eq!(s, 200, "{v}");
    let lines = v["report"]["lines"].as_array().unwrap();
    assert_eq!(
        lines.iter().map(|l| l["status"].as_str().unwrap()).collect::<Vec<_>>(),
        ["ok", "ok", "wrong"]
    );
    assert!(lines[2]["model_text"].as_str().unwrap().contains("object"), "{v}");
    assert_eq!(v["report"]["verdict"], "has-gaps");
    let (s, v) = call(&api, "POST", "/api/game/derive", json!({ "text": "happy(a) :MP 1\n" }));
    assert_eq!(s, 400, "{v}");
    // Without a derivation the claim is refused; with one that proves it, it scores.
    let (s, _) = call(&api, "POST", "/api/game/claim", json!({ "claim": "redundant", "k": 3 }));
    assert_eq!(s, 400);
    let proof = "∀x (happy(x) → blonde(x)) :PR\n∀x happy(x) :PR\nhappy(a) :∀E 2\n\
                 happy(a) → blonde(a) :∀E 1\nblonde(a) :→E 4, 3\n∀x blonde(x) :∀I 5\n";
    let (s, v) = call(
        &api,
        "POST",
        "/api/game/claim",
        json!({ "claim": "redundant", "k": 3, "derivation": proof }),
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["claimed"]["derivation"]["verdict"], "proves", "{v}");
    assert_eq!(v["game"]["scores"], json!([0, 1]));
    let _ = std::fs::remove_dir_all(&dir);
}
