//! The `--json` users' scripts read, held by snapshots (issue 56): the shape of every
//! command's JSON — its keys, the kind of each value, and the words of the fields that name
//! a kind (`verdict`, `kind`, `event`, …) — is written under `tests/snapshots/`, so that a
//! change to the public surface, a rename inside an engine included, is always a visible
//! diff. Values that change from run to run (times, counts) are not in a shape.
//!
//! After a deliberate change: `INSTA_UPDATE=always cargo test json_shapes`, then read the
//! diff of the `.snap` files before committing them.

use crate::support::{stdout, umpire};
use serde_json::Value;
use std::collections::BTreeSet;

/// Fields whose words are part of the promise, not data: their values stay in the shape.
const TAGS: &[&str] = &["verdict", "kind", "event", "claim", "stopped_by", "status", "form"];

/// The shape of a JSON value: objects by key, arrays of objects by the one shape all their
/// items share (merged: a key some items lack, a value null in some, is still one shape),
/// scalars by kind (the words of [`TAGS`] kept). Which items an array holds is data; what
/// an item looks like is the promise.
fn shape(value: &Value, key: Option<&str>) -> Value {
    match value {
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| (k.clone(), shape(v, Some(k)))).collect())
        }
        // Which items an array holds, and whether it holds any, is data (a race of engines
        // may find a size without a model first, or a proof): an array of scalars is just
        // "array", and an array of objects shows the shape its items share.
        // A proof's steps differ with the engine that won the race: their own shape is
        // the proof's business (the proof checker reads them), not a stable promise.
        Value::Array(_) if key == Some("steps") => "array".into(),
        Value::Array(items) => {
            match items.iter().map(|item| shape(item, key)).reduce(|a, b| merge(&a, &b)) {
                Some(item @ (Value::Object(_) | Value::Array(_))) => Value::Array(vec![item]),
                _ => "array".into(),
            }
        }
        Value::String(s) if key.is_some_and(|k| TAGS.contains(&k)) => Value::String(s.clone()),
        Value::String(_) => "string".into(),
        Value::Number(_) => "number".into(),
        Value::Bool(_) => "bool".into(),
        Value::Null => "null".into(),
    }
}

/// Two shapes as one: objects by the union of their keys, arrays by their items, and
/// different scalars as `a|b` (sorted).
fn merge(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut out = x.clone();
            for (k, v) in y {
                let m = match x.get(k) {
                    Some(w) => merge(w, v),
                    None => v.clone(),
                };
                out.insert(k.clone(), m);
            }
            Value::Object(out)
        }
        (Value::Array(x), Value::Array(y)) => Value::Array(
            x.iter().chain(y).cloned().reduce(|p, q| merge(&p, &q)).into_iter().collect(),
        ),
        _ if a == b => a.clone(),
        _ => {
            let words = |v: &Value| -> Vec<String> {
                match v {
                    Value::String(s) => s.split('|').map(str::to_string).collect(),
                    other => vec![other.to_string()],
                }
            };
            let all: BTreeSet<String> = words(a).into_iter().chain(words(b)).collect();
            Value::String(all.into_iter().collect::<Vec<_>>().join("|"))
        }
    }
}

/// Runs `umpire ARGS` (expecting JSON on standard output, a refusal's too) and returns
/// the shape, pretty-printed.
fn json_shape(args: &[&str]) -> String {
    let text = stdout(&umpire(args));
    let value: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{args:?} printed no JSON ({e}): {text}"));
    serde_json::to_string_pretty(&shape(&value, None)).unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-json-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_shape_keeps_keys_kinds_and_tags() {
    let v = serde_json::json!({
        "verdict": "consistent",
        "n": 3,
        "xs": [{"a": null, "b": [1]}, {"a": 2, "b": [], "c": true}],
    });
    let s = shape(&v, None);
    assert_eq!(s["verdict"], "consistent");
    assert_eq!(s["n"], "number");
    assert_eq!(s["xs"], serde_json::json!([{"a": "null|number", "b": "array", "c": "bool"}]));
}

#[test]
fn the_board_commands() {
    let two = "corpus/boards/two-objects.board";
    insta::assert_snapshot!("parse", json_shape(&["parse", "--json", two]));
    insta::assert_snapshot!("check_consistent", json_shape(&["check", "--json", two]));
    insta::assert_snapshot!(
        "check_inconsistent",
        json_shape(&["check", "--json", "corpus/boards/blonde-paradox.board"])
    );
    insta::assert_snapshot!(
        "follows_redundant",
        json_shape(&["follows", "--json", "corpus/boards/grandfather.board", "3"])
    );
    insta::assert_snapshot!(
        "follows_not_redundant",
        json_shape(&["follows", "--json", "∃x happy(x)\n∀x happy(x)", "2"])
    );
    insta::assert_snapshot!(
        "check_unknown",
        json_shape(&["check", "--json", "--timeout", "0", two])
    );
    insta::assert_snapshot!("model", json_shape(&["model", "--json", "--size", "4", two]));
    insta::assert_snapshot!(
        "check_redundant",
        json_shape(&["check", "--redundant", "--json", "corpus/claims/three-objects.board"])
    );
    insta::assert_snapshot!("refused", json_shape(&["check", "--json", "∀x happy(x"]));
}

#[test]
fn a_derivation_judged() {
    let board = "corpus/derivations/boards/family.board";
    insta::assert_snapshot!(
        "derive_has_gaps",
        json_shape(&[
            "derive",
            "--json",
            board,
            "corpus/derivations/mistaken/affirming-the-consequent.derivation",
            "--claim",
            "redundant",
            "2"
        ])
    );
    insta::assert_snapshot!(
        "derive_proves",
        json_shape(&[
            "derive",
            "--json",
            board,
            "corpus/derivations/proving/by-board-statements.derivation",
            "--claim",
            "redundant",
            "3"
        ])
    );
}

#[test]
fn the_card_game() {
    let dir = scratch("game");
    let file = dir.join("g.json");
    let f = file.to_str().unwrap();
    let new = ["game", "new", f, "--players", "Ann,Bob", "--computer", "Bob", "--seed", "5"];
    assert!(umpire(&new).status.success());
    insta::assert_snapshot!(
        "game_show",
        json_shape(&["game", "show", f, "--hand", "Ann", "--json"])
    );
    insta::assert_snapshot!("game_hint", json_shape(&["game", "hint", f, "--json"]));
    assert!(umpire(&["game", "play", f, "F:father ∀x father(x) ≠ x"]).status.success());
    insta::assert_snapshot!("game_move", json_shape(&["game", "move", f, "--json"]));
    insta::assert_snapshot!(
        "game_claim",
        json_shape(&["game", "claim", f, "redundant", "1", "--json"])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn clue_deduction_dice_and_infer() {
    let clue = "corpus/clue/logs/three-players.log";
    insta::assert_snapshot!("clue_solve", json_shape(&["clue", "solve", "--json", clue]));
    insta::assert_snapshot!(
        "clue_advise",
        json_shape(&["clue", "advise", clue, "--room", "Kitchen", "--json"])
    );
    insta::assert_snapshot!("clue_deck", json_shape(&["clue", "deck", "ivory-tower", "--json"]));
    insta::assert_snapshot!(
        "deduction_solve",
        json_shape(&[
            "deduction",
            "solve",
            "--json",
            "--upto",
            "3",
            "corpus/deduction/logs/suns.log"
        ])
    );
    insta::assert_snapshot!("dice_table", json_shape(&["dice", "table", "--json"]));
    insta::assert_snapshot!(
        "infer_show",
        json_shape(&["infer", "show", "o1 o2", "--supply", "red,blue,white,orange", "--json"])
    );
    insta::assert_snapshot!(
        "infer_judge",
        json_shape(&["infer", "judge", "--json", "odd blue touch each other", "b1 b3 . b5+r2"])
    );
    insta::assert_snapshot!("infer_deck", json_shape(&["infer", "deck", "--level", "1", "--json"]));
}
