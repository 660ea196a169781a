//! `umpire infer …` as a user runs it.

use crate::support::{stderr, umpire, umpire_with_input};

#[test]
fn show_reads_an_experiment_and_draws_it() {
    let dir = std::env::temp_dir().join(format!("umpire-infer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let picture = dir.join("x.svg");
    let out =
        umpire(&["infer", "show", "r3 b4 . w1+w2 / . b5 r6", "--svg", picture.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("group 2: white (face hidden), white 2"), "{text}");
    assert!(std::fs::read_to_string(&picture).unwrap().starts_with("<svg"));
    let json = umpire(&["infer", "show", "--json", "o1+o2", "--supply", "red,orange:2"]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["dice"][0]["face"], serde_json::Value::Null);
    assert_eq!(v["dice"][1]["face"], 2);
    assert_eq!(
        umpire(&["infer", "show", "o1"]).status.code(),
        Some(2),
        "orange is not in the default box"
    );
    assert_eq!(umpire(&["infer", "show", "r3 x4"]).status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn judge_marks_o_or_x_with_the_reason() {
    let out = umpire(&["infer", "judge", "all blue are 5", "b5 b3"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Law: all blue dice must show 5.")
            && text.contains("X does not follow: not so: blue 3"),
        "{text}"
    );
    let json = umpire(&["infer", "judge", "--json", "count red = 0", "null"]);
    assert!(json.status.success());
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["marker"], "O");
    assert_eq!(umpire(&["infer", "judge", "all blue ar 5", "null"]).status.code(), Some(2));
}

fn json_of(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn disprove_finds_the_smallest_separating_experiment_or_says_none_up_to_the_bound() {
    // Laws about counts are decided over the whole box (issue 59): 60 dice, not the 6 the
    // search over arrangements goes to.
    let out = umpire(&["infer", "disprove", "all dice are even", "no dice are odd", "--json"]);
    let v = json_of(&out);
    assert_eq!(
        (v["verdict"].as_str(), v["bound"].as_u64(), v["whole_box"].as_bool(), out.status.code()),
        (Some("not_disproved"), Some(60), Some(true), Some(1))
    );
    // The wrong win: the two differ only on 7 dice.
    let out = umpire(&[
        "infer",
        "disprove",
        "There must be exactly three dice.",
        "There must be exactly three dice or exactly seven dice.",
        "--json",
    ]);
    let v = json_of(&out);
    assert_eq!(
        (v["verdict"].as_str(), v["dice"].as_u64(), v["smallest"].as_bool()),
        (Some("disproved"), Some(7), Some(true))
    );
    // A Law about arrangement is searched up to the bound only, and says so.
    let out = umpire(&[
        "infer",
        "disprove",
        "white touch each other",
        "white touch each other or count dice >= 7",
        "--json",
    ]);
    let v = json_of(&out);
    assert_eq!(
        (v["verdict"].as_str(), v["bound"].as_u64(), v["whole_box"].as_bool()),
        (Some("not_disproved"), Some(6), Some(false))
    );
    let out = umpire(&["infer", "disprove", "sum dice = 10", "sum dice >= 10", "--json"]);
    let v = json_of(&out);
    assert_eq!(
        (v["verdict"].as_str(), v["dice"].as_u64(), out.status.code()),
        (Some("disproved"), Some(2), Some(0))
    );
    assert_ne!(v["law_follows"], v["theory_follows"]);
    let text = String::from_utf8(
        umpire(&["infer", "disprove", "count red >= 1", "count dice >= 1"]).stdout,
    )
    .unwrap();
    assert!(text.contains("Disproved with 1 die"), "{text}");
    let spent = umpire(&[
        "infer",
        "disprove",
        "all dice are even",
        "no dice are odd",
        "--time",
        "0",
        "--json",
    ]);
    assert_eq!(
        (json_of(&spent)["verdict"].as_str(), spent.status.code()),
        (Some("unknown"), Some(3))
    );
    assert_eq!(
        umpire(&["infer", "disprove", "all blue are", "count red = 1"]).status.code(),
        Some(2)
    );
    assert_eq!(
        umpire(&["infer", "disprove", "some blue are north", "count blue = 1"]).status.code(),
        Some(2),
        "directions need --compass"
    );
    assert_eq!(
        umpire(&["infer", "disprove", "some blue are north", "count blue = 1", "--compass"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        umpire(&["infer", "disprove", "count red = 1", "count red = 2", "--max-dice", "99"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn demonstrable_shows_a_law_both_ways_or_says_it_cannot() {
    let out = umpire(&["infer", "demonstrable", "odd blue touch each other", "--json"]);
    let v = json_of(&out);
    assert_eq!((v["verdict"].as_str(), out.status.code()), (Some("demonstrable"), Some(0)));
    assert!(v["breaks"]["dice"].as_u64().unwrap() >= 2);
    let out = umpire(&["infer", "demonstrable", "count dice = 6", "--json"]);
    let v = json_of(&out);
    assert_eq!(
        (v["verdict"].as_str(), v["follows"]["bound"].as_u64(), out.status.code()),
        (Some("not_demonstrable"), Some(4), Some(1))
    );
}

#[test]
fn check_markers_lists_the_marks_a_law_disagrees_with() {
    let file = "corpus/infer/markers/all-blue-5.txt";
    let out = umpire(&["infer", "check-markers", "all blue are 5", file, "--json"]);
    let v = json_of(&out);
    assert_eq!(
        (v["verdict"].as_str(), v["marks"].as_u64(), out.status.code()),
        (Some("consistent"), Some(5), Some(0))
    );
    let out = umpire(&["infer", "check-markers", "no blue are odd", file, "--json"]);
    let v = json_of(&out);
    assert_eq!((v["verdict"].as_str(), out.status.code()), (Some("inconsistent"), Some(1)));
    let lines: Vec<u64> = v["disagreements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, vec![2, 5], "the O marks with a visible blue 5 (odd) disagree");
    let dir = std::env::temp_dir().join(format!("umpire-markers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "O r3\nQ r4\n").unwrap();
    let out = umpire(&["infer", "check-markers", "all blue are 5", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 2"));
    assert_eq!(
        umpire(&["infer", "check-markers", "all blue are 5", dir.to_str().unwrap()]).status.code(),
        Some(2)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_deck_lists_at_least_forty_laws_in_english() {
    let v = json_of(&umpire(&["infer", "deck", "--json"]));
    let cards = v.as_array().unwrap();
    assert!(cards.len() >= 40);
    assert!(cards.iter().any(|c| c["english"] == "all blue dice must show 5"));
    let level1 = json_of(&umpire(&["infer", "deck", "--level", "1", "--json"]));
    assert!(level1.as_array().unwrap().iter().all(|c| c["level"] == 1));
    assert_eq!(umpire(&["infer", "deck", "--level", "9"]).status.code(), Some(2));
}

#[test]
fn play_keeps_the_game_in_a_file_between_sittings() {
    let dir = std::env::temp_dir().join(format!("umpire-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let path = file.to_str().unwrap();
    let run = |args: &[&str], input: &str| {
        let out = umpire_with_input(args, input);
        (String::from_utf8(out.stdout).unwrap(), out.status.code())
    };
    let (first, code) = run(
        &["infer", "play", path, "--new", "--law", "count red >= 1", "--seed", "9"],
        "build r4\nyes\nquit\n",
    );
    assert_eq!(code, Some(0), "{first}");
    assert!(first.contains("(the Universe's opening)") && first.contains("O  r4"), "{first}");
    let (_, again) = run(&["infer", "play", path, "--new", "--law", "count red >= 1"], "");
    assert_eq!(again, Some(2), "an existing game is never overwritten");
    let (second, code) = run(&["infer", "play", path], "table\npublish some dice are red\nyes\n");
    assert_eq!(code, Some(0));
    assert!(second.contains("O  r4"), "the first sitting's experiment is still there: {second}");
    assert!(second.contains("Everyone wins!") && second.contains("count red >= 1"), "{second}");
    let (third, _) = run(&["infer", "play", path], "");
    assert!(third.contains("This game is over"), "{third}");
    std::fs::write(&file, "{ not a game").unwrap();
    assert_eq!(run(&["infer", "play", path], "").1, Some(2));
    let (_, code) = run(
        &[
            "infer",
            "play",
            dir.join("other.json").to_str().unwrap(),
            "--new",
            "--law",
            "count dice = 6",
        ],
        "",
    );
    assert_eq!(code, Some(2), "a home-made Law must be demonstrable with 4 dice");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_variants_play_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("umpire-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let run = |args: &[&str], input: &str| {
        let out = umpire_with_input(args, input);
        (String::from_utf8(out.stdout).unwrap(), out.status.code())
    };
    // The Cheater: cards first, turns around the table, the Vote in a second sitting.
    let cheat = path("cheat.json");
    let new = [
        "infer",
        "play",
        &cheat,
        "--new",
        "--cheater",
        "--players",
        "Ann,Bob,Cy",
        "--law",
        "count red >= 1",
        "--seed",
        "4",
        "--highlights",
    ];
    let (first, code) = run(&new, "build r1\ncard Ann\n\n\ncard Bob\n\n\ncard Cy\n\n\nbuild r1\nyes\nbuild b2\nyes\nstuck\npublish count red >= 1\nyes\nquit\n");
    assert_eq!(code, Some(0), "{first}");
    assert!(first.contains("identity card"), "no move before the cards: {first}");
    assert_eq!(first.matches("you are the CHEATER. The Law is").count(), 1, "{first}");
    assert!(first.contains("(built by Ann)") && first.contains("(built by Bob)"), "{first}");
    assert!(first.contains("Highlight stones next to"), "{first}");
    assert!(first.contains("the Class is over"), "{first}");
    let (second, _) = run(&["infer", "play", &cheat], "vote Ann Ann Ann\n");
    assert!(second.contains("Ann has the most fingers"), "{second}");
    assert!(
        second.contains("wins alone") || second.contains("Everyone but the Cheater"),
        "{second}"
    );
    let (_, code) = run(
        &["infer", "play", &path("few.json"), "--new", "--cheater", "--players", "Ann,Bob"],
        "",
    );
    assert_eq!(code, Some(2), "the Cheater needs 4 players with the Teacher");
    let (_, code) = run(&["infer", "play", &cheat, "--silence"], "");
    assert_eq!(code, Some(2), "variants are chosen when a game starts");
    // Silence: the thumbs come before the Theory.
    let quiet = path("quiet.json");
    let (out, _) = run(
        &["infer", "play", &quiet, "--new", "--silence", "--law", "all blue are 5", "--seed", "2"],
        "publish all blue are 5\nno\npublish all blue are 5\nyes\nyes\n",
    );
    assert!(
        out.contains("thumbs up")
            && out.contains("Not published.")
            && out.contains("Everyone wins!"),
        "{out}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
