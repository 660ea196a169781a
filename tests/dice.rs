//! `umpire dice …` as a user runs it.

use crate::support::{stderr, stdout, umpire_with_input};

/// A fresh folder for table files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-dice-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn sum_gives_the_inverted_sum_and_refuses_bad_dice() {
    let out = umpire_with_input(&["dice", "sum", "2 3 5 5 6"], "");
    assert!(out.status.success());
    assert_eq!(stdout(&out), "5\n");
    let bad = umpire_with_input(&["dice", "sum", "12379"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("`7` is not a die"), "{}", stderr(&bad));
    assert_eq!(umpire_with_input(&["dice", "sum", ""], "").status.code(), Some(2));
}

#[test]
fn table_prints_the_first_roll_distribution_and_draws_it() {
    let dir = scratch("table");
    let svg = dir.join("first.svg");
    let out = umpire_with_input(&["dice", "table", "--json", "--svg", svg.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 20);
    assert_eq!(rows[8]["sum"], 9);
    assert_eq!(rows[8]["ways"], 930);
    assert_eq!(rows[14]["ways"], 211);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.matches("<rect").count() > 20);
}

#[test]
fn odds_are_exact_fractions() {
    let out = umpire_with_input(&["dice", "odds", "--target", "20", "--json"], "");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v[0]["within_rolls"][0]["fraction"], "1/7776");
    assert_eq!(v[0]["within_rolls"][2]["fraction"], "6240321451/470184984576"); // (91/216)^5
    assert_eq!(umpire_with_input(&["dice", "odds", "--target", "21"], "").status.code(), Some(2));
}

#[test]
fn optimal_computes_saves_and_then_loads_the_table() {
    let dir = scratch("optimal");
    let table = dir.join("small.table");
    let args = [
        "dice",
        "optimal",
        "--boxes",
        "1-6",
        "--no-bonus",
        "--json",
        "--table",
        table.to_str().unwrap(),
    ];
    let first = umpire_with_input(&args, "");
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(stderr(&first).contains("saved the strategy table"));
    let v: serde_json::Value = serde_json::from_str(&stdout(&first)).unwrap();
    let expected = v["expected_score"].as_f64().unwrap();
    assert!(expected > 10.0 && expected < 21.0, "{expected}");
    assert_eq!(v["maximum"], 21);
    let second = umpire_with_input(&args, "");
    assert!(!stderr(&second).contains("computed"), "the saved table is loaded, not recomputed");
    let w: serde_json::Value = serde_json::from_str(&stdout(&second)).unwrap();
    assert_eq!(w["expected_score"], v["expected_score"]);
    // The same file under other rules is refused, not misused.
    let other = umpire_with_input(
        &[
            "dice",
            "optimal",
            "--boxes",
            "1-6",
            "--no-bonus",
            "--free-zero",
            "--table",
            table.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(other.status.code(), Some(2));
    assert!(stderr(&other).contains("other rules"), "{}", stderr(&other));
}

#[test]
fn advise_names_the_best_keep_with_its_odds() {
    let dir = scratch("advise");
    let table = dir.join("t.table");
    let out = umpire_with_input(
        &[
            "dice",
            "advise",
            "--dice",
            "11346",
            "--boxes",
            "19,20",
            "--scored",
            "19",
            "--table",
            table.to_str().unwrap(),
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["choices"][0]["keep"], serde_json::json!([1, 1]));
    // Outcomes are [end, chance] pairs, likeliest first: mostly a miss, else five 1s.
    assert_eq!(v["outcomes"][0][0], serde_json::json!({"kind": "zero", "box": 20}));
    assert_eq!(v["outcomes"][1][0], serde_json::json!({"kind": "score", "box": 20}));
    let chance = v["outcomes"][1][1].as_f64().unwrap();
    assert!((chance - (11.0f64 / 36.0).powi(3)).abs() < 1e-12, "{chance}");
    let text = umpire_with_input(
        &[
            "dice",
            "advise",
            "--dice",
            "11346",
            "--boxes",
            "19,20",
            "--scored",
            "19",
            "--table",
            table.to_str().unwrap(),
        ],
        "",
    );
    assert!(stdout(&text).contains("best: keep 11, reroll 3 dice"), "{}", stdout(&text));
    for bad in [
        vec!["dice", "advise", "--dice", "1134", "--boxes", "19,20"],
        vec!["dice", "advise", "--dice", "11346", "--boxes", "19,20", "--scored", "18"],
        vec!["dice", "advise", "--dice", "11346", "--boxes", "19,20", "--rerolls-left", "3"],
        vec!["dice", "advise", "--dice", "11346", "--boxes", "0-40"],
    ] {
        let mut args = bad.clone();
        args.extend(["--table", table.to_str().unwrap()]);
        let out = umpire_with_input(&args, "");
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", stderr(&out));
    }
}

#[test]
fn a_typed_game_for_two_players_scores_zeroes_and_bonuses() {
    let dir = scratch("play");
    let table = dir.join("t.table");
    // Boxes 1 and 2 (the low section's, so completing both earns its 50).
    let input = "23456\nstop\n\
                 11111\nstop\n7\n2\n\
                 11111\nnone\n13456\n?\nstop\n\
                 23456\nstop\n";
    let out = umpire_with_input(
        &[
            "dice",
            "play",
            "--players",
            "Ann,Bob",
            "--typed",
            "--boxes",
            "1-2",
            "--table",
            table.to_str().unwrap(),
        ],
        input,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    assert!(text.contains("Ann: 1 points in box 1"), "{text}");
    assert!(text.contains("`7` is not an open box"), "{text}");
    assert!(text.contains("Bob: 0 in box 2"), "{text}");
    assert!(text.contains("best: stop: score 2"), "the coach answers `?`: {text}");
    assert!(text.contains("  53  Ann (bonuses: low +50)"), "{text}");
    assert!(text.contains("   1  Bob\n"), "{text}");
}

#[test]
fn a_seeded_game_rolls_the_same_dice_and_an_early_end_is_reported() {
    let run = |seed: &str| umpire_with_input(&["dice", "play", "--seed", seed], "none\n");
    let (a, b, c) = (run("11"), run("11"), run("12"));
    assert_eq!(stdout(&a), stdout(&b));
    assert_ne!(stdout(&a), stdout(&c));
    assert_eq!(a.status.code(), Some(2));
    assert!(stderr(&a).contains("the input ended"), "{}", stderr(&a));
    let too_many =
        umpire_with_input(&["dice", "play", "--players", "a,b,c,d,e,f", "--seed", "1"], "");
    assert_eq!(too_many.status.code(), Some(2));
    // Issue 35: a name twice is refused; `help` lists what can be typed.
    let twice = umpire_with_input(&["dice", "play", "--players", "Ann,ann", "--seed", "1"], "");
    assert_eq!(twice.status.code(), Some(2));
    assert!(stderr(&twice).contains("named twice"), "{}", stderr(&twice));
    let help = umpire_with_input(&["dice", "play", "--seed", "1"], "help\nquit\n");
    assert!(
        stdout(&help).contains("`?` asks the coach, `sheet` shows every score sheet"),
        "{}",
        stdout(&help)
    );
    assert!(!stdout(&help).contains("is not a die"), "{}", stdout(&help));
}

#[test]
fn a_whole_game_ends_naming_the_winner_and_the_sheets_show_at_any_question() {
    // Issue 35: `sheet` at a question shows every sheet; the end names the winner.
    let mut typed = String::from("sheet\n");
    for _ in 0..400 {
        typed.push('\n');
        for b in (1..=20).rev() {
            typed.push_str(&format!("{b}\n"));
        }
    }
    let out = umpire_with_input(&["dice", "play", "--players", "Ann,Bob", "--seed", "5"], &typed);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("Ann (0 points): 1:· 2:·"), "the sheets at the first question: {text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.ends_with("points.")
            && (last.contains(" wins with ") || last.contains("share the win")),
        "{last}"
    );
}

#[test]
fn a_saved_dice_game_goes_on_where_it_stopped_and_a_damaged_one_is_refused() {
    // Issue 35: `dice play --save FILE` saves after every turn; the same command goes on.
    let dir = scratch("dice-save");
    let file = dir.join("game.json");
    let path = file.to_str().unwrap();
    let block = |turns: usize| {
        let mut typed = String::new();
        for _ in 0..turns {
            typed.push('\n');
            for b in (1..=20).rev() {
                typed.push_str(&format!("{b}\n"));
            }
        }
        typed
    };
    let args = ["dice", "play", "--players", "Ann,Bob", "--seed", "9", "--save", path];
    let first = umpire_with_input(&args, &(block(3) + "quit\n"));
    assert_eq!(first.status.code(), Some(3), "quit stops, no result yet: {}", stderr(&first));
    assert!(
        stdout(&first).ends_with(&format!(
            "The game stops here, saved in {path}: the same command goes on.\n"
        )),
        "{}",
        stdout(&first)
    );
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let round = saved["round"].as_u64().unwrap();
    assert!(round >= 1 && saved["dice_state"].is_u64(), "{saved}");
    let ann: Vec<serde_json::Value> = saved["entries"][0].as_array().unwrap().clone();
    let shown: Vec<String> = (1..=20)
        .zip(&ann)
        .map(|(b, e)| format!("{b}:{}", e.as_u64().map_or("·".to_string(), |v| v.to_string())))
        .collect();
    let again = umpire_with_input(&args, &(String::from("sheet\n") + &block(400)));
    let text = stdout(&again);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(
        text.contains(&format!("Going on with the game saved in {path}: round {round}/20")),
        "{text}"
    );
    assert!(text.contains(&shown.join(" ")), "Ann's sheet as saved: {text}");
    // The winner, then how to review the saved game.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[lines.len() - 2].ends_with("points."), "{text}");
    assert_eq!(
        lines[lines.len() - 1],
        format!("(`umpire dice review {path}` holds each choice against the optimal strategy)")
    );
    // A sheet that could not be: refused, not played.
    let mut bad = saved.clone();
    bad["entries"][0][2] = serde_json::json!(7);
    bad["round"] = serde_json::json!(2);
    bad["seat"] = serde_json::json!(0);
    std::fs::write(&file, bad.to_string()).unwrap();
    let refused = umpire_with_input(&args, "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("cannot be trusted"), "{}", stderr(&refused));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn undo_plays_the_last_turn_again_with_the_same_dice() {
    // Issue 35: `undo` takes back the last entry: the turn is played again, its box empty,
    // and seeded dice roll as they did.
    let mut typed = String::from("\n");
    for b in (1..=20).rev() {
        typed.push_str(&format!("{b}\n"));
    }
    let out = umpire_with_input(
        &["dice", "play", "--players", "Ann,Bob", "--seed", "4"],
        &(typed.clone() + "undo\nsheet\nquit\n"),
    );
    let text = stdout(&out);
    assert!(text.contains("Taken back: Ann's turn is played again."), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let taken = lines.iter().position(|l| l.contains("Taken back:")).unwrap();
    let header = lines[taken..].iter().find(|l| l.starts_with("── round")).unwrap();
    let before = lines.iter().position(|l| l == header).unwrap();
    assert!(before < taken, "the turn taken back was played before: {text}");
    let roll_after =
        |from: usize| *lines[from..].iter().find(|l| l.starts_with("roll 1:")).unwrap();
    let replayed = lines[taken..].iter().position(|l| l == header).unwrap() + taken;
    assert_eq!(roll_after(before), roll_after(replayed), "the same dice: {text}");
    // Its box is empty again: as many boxes filled as turns before it.
    let round: usize =
        header.split('/').next().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    let name = header.split(": ").nth(1).unwrap().split(' ').next().unwrap();
    let tag = format!("{name} (");
    let sheet = lines.iter().rev().find(|l| l.contains(&tag) && l.contains(" 1:")).unwrap();
    let sheet = &sheet[sheet.find(&tag).unwrap()..];
    let filled =
        sheet.split("): ").nth(1).unwrap().split(' ').filter(|b| !b.ends_with('·')).count();
    assert_eq!(filled, round - 1, "{sheet}");
}

/// Answers for a whole game on a small sheet: throw everything once, keep the 4s, then stop
/// and name boxes from 6 down (a wrong answer is asked again, so the stream always fits).
fn careless_answers() -> String {
    let mut typed = String::from("none\n44\n");
    for _ in 0..200 {
        typed.push_str("stop\n6\n5\n4\n3\n2\n1\n");
    }
    typed
}

#[test]
fn a_reviewed_game_names_each_costly_choice_and_a_saved_one_is_reviewed_alike() {
    // Issue 35: the review after a game lists each choice that cost expected points against
    // the optimal strategy, with how much; `dice review FILE` reviews a saved game.
    let dir = scratch("review");
    let (file, table) = (dir.join("game.json"), dir.join("six.table"));
    let (path, table) = (file.to_str().unwrap(), table.to_str().unwrap());
    let args = ["dice", "play", "--players", "Ann,Bob", "--seed", "3", "--boxes", "1-6"];
    let played = umpire_with_input(
        &[&args[..], &["--save", path, "--table", table, "--review"]].concat(),
        &careless_answers(),
    );
    let text = stdout(&played);
    assert!(played.status.success(), "{}", stderr(&played));
    let (_, review) = text.split_once("── each choice against the optimal strategy ──\n").unwrap();
    assert!(review.starts_with("Ann: ") && review.contains("\nBob: "), "{review}");
    // Throwing all five dice first is poor play on this sheet: it is named with its cost.
    let thrown = "round 1, dice 14446 (10 not open), 2 rerolls left: reroll all five dice";
    assert!(review.contains(thrown), "{review}");
    // The same review from the saved file, in words and as JSON.
    let again = umpire_with_input(&["dice", "review", path, "--table", table], "");
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again), review);
    let json = umpire_with_input(&["dice", "review", path, "--table", table, "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    let ann = &json["players"][0];
    let costs: Vec<f64> =
        ann["costly"].as_array().unwrap().iter().map(|c| c["cost"].as_f64().unwrap()).collect();
    assert!(!costs.is_empty() && costs.iter().all(|&c| c > 0.005), "{ann}");
    assert!((costs.iter().sum::<f64>() - ann["total_cost"].as_f64().unwrap()).abs() < 1e-9);
    // A choice that could not have been made is refused, naming it; the file is left alone.
    let mut saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    saved["decisions"][0]["dice"] = serde_json::json!([1, 4, 4, 4, 7]);
    std::fs::write(&file, saved.to_string()).unwrap();
    let forged = umpire_with_input(&["dice", "review", path, "--table", table], "");
    assert_eq!(forged.status.code(), Some(2));
    assert!(stderr(&forged).contains("the choice of round 1 has dice that could not be"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), saved.to_string());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_resumed_game_asks_the_coach_of_its_own_rules_and_sheet() {
    // A saved game goes on with its own sheet, so the coach must advise from that sheet's
    // table, not from the one the resuming command's options name.
    let dir = scratch("resume-coach");
    let (file, table) = (dir.join("game.json"), dir.join("six.table"));
    let (path, table) = (file.to_str().unwrap(), table.to_str().unwrap());
    let first = umpire_with_input(
        &["dice", "play", "--seed", "2", "--boxes", "1-6", "--save", path, "--table", table],
        "?\nquit\n",
    );
    assert!(stdout(&first).contains("best: "), "{}", stdout(&first));
    let resumed =
        umpire_with_input(&["dice", "play", "--save", path, "--table", table], "?\nquit\n");
    let text = stdout(&resumed);
    assert!(text.contains("round 1/6"), "{text}");
    assert!(text.contains("best: ") && !text.contains("not available"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn enter_alone_is_no_choice_undo_says_what_it_takes_back_and_a_last_box_fills_itself() {
    // Play-testers: an Enter alone at `keep which dice?` threw all five dice away; `undo`
    // before any turn ended said a turn was taken back; one open box was still asked for.
    let out = umpire_with_input(&["dice", "play", "--seed", "5"], "\nundo\nquit\n");
    let text = stdout(&out);
    assert!(text.contains("  type the dice to keep (like `"), "{text}");
    assert_eq!(text.matches("roll 1:").count(), 2, "asked again, then the turn again: {text}");
    assert!(!text.contains("roll 2:"), "nothing was thrown: {text}");
    assert!(text.contains("No turn is finished yet: You's turn starts again."), "{text}");
    assert!(text.ends_with("The game stops here (not saved: `--save FILE` keeps a game).\n"));
    assert_eq!(out.status.code(), Some(3));
    // A one-box sheet: the turn ends in that box, with no question.
    let one = umpire_with_input(&["dice", "play", "--seed", "5", "--boxes", "7"], "stop\n");
    let text = stdout(&one);
    assert!(one.status.success(), "{}", stderr(&one));
    assert!(text.contains("in box 7, the last open box"), "{text}");
    assert!(!text.contains("which box"), "{text}");
}
