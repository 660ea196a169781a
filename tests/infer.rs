//! `umpire infer …` as a user runs it.

use crate::root;
use std::process::Command;

fn umpire(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_umpire")).args(args).current_dir(root("")).output().unwrap()
}

#[test]
fn show_reads_an_experiment_and_draws_it() {
    let dir = std::env::temp_dir().join(format!("umpire-infer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let picture = dir.join("x.svg");
    let out = umpire(&["infer", "show", "r3 b4 . w1+w2 / . b5 r6", "--svg", picture.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("group 2: white (face hidden), white 2"), "{text}");
    assert!(std::fs::read_to_string(&picture).unwrap().starts_with("<svg"));
    let json = umpire(&["infer", "show", "--json", "o1+o2", "--supply", "red,orange:2"]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["dice"][0]["face"], serde_json::Value::Null);
    assert_eq!(v["dice"][1]["face"], 2);
    assert_eq!(umpire(&["infer", "show", "o1"]).status.code(), Some(2), "orange is not in the default box");
    assert_eq!(umpire(&["infer", "show", "r3 x4"]).status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn judge_marks_o_or_x_with_the_reason() {
    let out = umpire(&["infer", "judge", "all blue are 5", "b5 b3"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Law: all blue dice must show 5.") && text.contains("X does not follow: not so: blue 3"), "{text}");
    let json = umpire(&["infer", "judge", "--json", "count red = 0", "null"]);
    assert!(json.status.success());
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["marker"], "O");
    assert_eq!(umpire(&["infer", "judge", "all blue ar 5", "null"]).status.code(), Some(2));
}
