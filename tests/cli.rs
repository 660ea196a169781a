//! The `umpire` binary as a user runs it.

use crate::support::{stderr, stdout, umpire};

#[test]
fn parse_prints_a_board_normalized() {
    let out = umpire(&["parse", "corpus/boards/s-cards.board"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), crate::read("corpus/boards/s-cards.expected"));
}

#[test]
fn parse_a_statement_in_ascii() {
    let out = umpire(&["parse", "--ascii", "∀x∀y x ≠ y ⇒ (smarter(x, y) ⇔ ¬smarter(y, x))"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "forall x forall y x != y -> (smarter(x, y) <-> ~smarter(y, x))\n");
}

#[test]
fn parse_json_gives_the_tree() {
    let out = umpire(&["parse", "--json", "∃!x blonde(x) | blondie := x"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let st = &v["statements"][0];
    assert_eq!(st["ast"]["kind"]["statement"], "named");
    assert_eq!(st["ast"]["kind"]["name"]["name"], "blondie");
    assert_eq!(st["number"], 1);
    assert_eq!(
        v["signature"]["symbols"]["blondie"]["origin"]["named"]["statement"], 1,
        "counted as the table counts"
    );
}

#[test]
fn bad_input_is_a_diagnostic_and_exit_2() {
    for bad in ["∀x smarter(x)", "", "((((", "|L| ≥", "\u{7}"] {
        let out = umpire(&["parse", bad]);
        let err = String::from_utf8_lossy(&out.stderr);
        if bad.is_empty() {
            // An empty board is a board with no statements.
            assert!(out.status.success());
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(err.contains("umpire::"), "{bad}: {err}");
        assert!(!err.contains("panicked"), "{bad}: {err}");
    }
}

#[test]
fn a_missing_file_that_looks_like_a_path_is_refused_not_read_as_a_statement() {
    let out = umpire(&["parse", "no/such/file.board"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        crate::support::stderr(&out).contains("no such file"),
        "{}",
        crate::support::stderr(&out)
    );
}

fn verdict_of(args: &[&str]) -> (serde_json::Value, Option<i32>) {
    let out = umpire(args);
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)));
    (v, out.status.code())
}

#[test]
fn check_json_gives_the_verdict_and_exit_codes() {
    let (v, code) = verdict_of(&["check", "--json", "corpus/boards/named-objects.board"]);
    assert_eq!(v["verdict"], "consistent");
    assert_eq!(v["model"]["constants"]["blondie"], "#1");
    assert_eq!(code, Some(0));
    let (v, code) = verdict_of(&["check", "--json", "corpus/boards/s-cards.board"]);
    assert_eq!(v["verdict"], "inconsistent");
    assert_eq!(v["certificate"]["kind"], "no-size-allowed");
    assert_eq!(code, Some(1));
    let (v, code) = verdict_of(&[
        "check",
        "--json",
        "--max-size",
        "3",
        "--timeout",
        "3",
        "corpus/boards/pairing-chain.board",
    ]);
    assert_eq!(v["verdict"], "unknown");
    assert_eq!(v["stopped_by"], "size-limit");
    assert_eq!(v["sizes_without_model"], serde_json::json!([1, 2, 3]));
    assert_eq!(code, Some(3));
}

#[test]
fn follows_answers_redundancy_claims() {
    let (v, code) =
        verdict_of(&["follows", "--json", "corpus/boards/bounded-redundancy.board", "3"]);
    assert_eq!(v["verdict"], "redundant");
    assert_eq!(code, Some(0));
    let (v, code) = verdict_of(&["follows", "--json", "corpus/boards/two-objects.board", "1"]);
    assert_eq!(v["verdict"], "not-redundant");
    assert_eq!(v["countermodel"]["size"], 1);
    assert_eq!(code, Some(1));
    let out = umpire(&["follows", "corpus/boards/two-objects.board", "9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("there is no statement 9"));
}

#[test]
fn model_prints_tables_dot_and_sizes() {
    let out = umpire(&["model", "corpus/boards/two-objects.board"]);
    let text = stdout(&out);
    assert!(text.contains("2 objects: #1 #2"), "{text}");
    assert!(text.contains("likes (row likes column):"), "{text}");
    let out = umpire(&["model", "--dot", "corpus/boards/named-objects.board"]);
    assert!(stdout(&out).starts_with("digraph {"));
    assert!(stdout(&out).contains("style = dashed"));
    let out = umpire(&["model", "--size", "4", "corpus/boards/two-objects.board"]);
    assert!(stdout(&out).starts_with("4 objects:"), "{}", stdout(&out));
    let out = umpire(&["model", "--size", "2", "corpus/boards/bounded-redundancy.board"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("fewer than 2 objects"));
}

#[test]
fn export_writes_tptp() {
    let out = umpire(&["export", "--tptp", "--follows", "2", "corpus/boards/two-objects.board"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("fof(s1, axiom, ? [X_1] : (blonde(X_1)))."), "{text}");
    assert!(text.contains("fof(s2, conjecture,"), "{text}");
}

#[test]
fn missing_files_folders_and_bad_budgets_are_clear_errors() {
    let out = umpire(&["check", "no-such.board"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no such file"));
    let out = umpire(&["check", "corpus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is a folder"));
    let out = umpire(&["check", "--timeout", "nan", "∀x happy(x)"]);
    assert_eq!(out.status.code(), Some(2));
    let out = umpire(&["check", "∀x happy(x"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn proofs_are_printed_with_proof_and_in_json() {
    let out = umpire(&["check", "--proof", "corpus/boards/blonde-paradox.board"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("[1] (1) with x := a: blonde(father(a))"), "{text}");
    assert!(text.contains("contradiction"), "{text}");
    let (v, code) = verdict_of(&["follows", "--json", "corpus/boards/grandfather.board", "3"]);
    assert_eq!(v["verdict"], "redundant");
    assert_eq!(v["certificate"]["kind"], "refutation");
    assert_eq!(v["certificate"]["proof"]["statements"], serde_json::json!([1, 2, 3]));
    assert_eq!(code, Some(0));
}

/// A game through the binary, on the deal of seed 5: Ann holds S:9 X:¬ F:father, Bob
/// holds R:likes R:likes S:7.
#[test]
fn a_scripted_game_through_the_binary() {
    let dir = std::env::temp_dir().join(format!("umpire-cli-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.json");
    let f = file.to_str().unwrap();
    let run = |args: &[&str]| umpire(args);
    let out = run(&["game", "new", f, "--players", "Ann,Bob", "--seed", "5"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Each S card shows its statement (issue 56).
    assert!(
        stdout(&out).contains("Ann's hand: S:9 ∀x∀y x + y = y + x  X:¬  F:father"),
        "{}",
        stdout(&out)
    );
    // Out of turn, and an S card with the wrong statement: refused, the save untouched.
    let before = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        run(&["game", "play", f, "--player", "Bob", "--cards", "R:likes", "∀x likes(x, x)"])
            .status
            .code(),
        Some(2)
    );
    let out = run(&["game", "play", f, "--player", "Ann", "--cards", "S:9", "∀x∀y x + y = x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("ruling G4"));
    // The ruling in a sentence, for a table without the repository (issue 56).
    assert!(
        stderr(&out).contains("ruling G4: an S card writes exactly its own statement"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // Legal plays; Bob's R card with a symbol it does not cover is refused.
    assert!(run(&["game", "play", f, "--player", "Ann", "--cards", "S:9", "∀a∀b (a+b=b+a)"])
        .status
        .success());
    let out = run(&[
        "game",
        "play",
        f,
        "--player",
        "Bob",
        "--cards",
        "R:likes",
        "∀x likes(x, father(x))",
    ]);
    assert!(stderr(&out).contains("`father` without its card"));
    assert!(run(&["game", "play", f, "--player", "Bob", "--cards", "R:likes", "∀x likes(x, x)"])
        .status
        .success());
    // Ann's ¬ card turns (2) into its opposite... in front of likes(x, x).
    let out = run(&[
        "game",
        "play",
        f,
        "--player",
        "Ann",
        "--cards",
        "X:¬",
        "--target",
        "2",
        "∀x ¬likes(x, x)",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains("(2) ∀x ¬likes(x, x)"));
    // Bob claims wrongly that (1) is redundant: not upheld, no point.
    let out = run(&["game", "claim", f, "--player", "Bob", "redundant", "1"]);
    assert!(stdout(&out).starts_with("not upheld"), "{}", stdout(&out));
    // Undo the claim, then a load replays the rest.
    assert!(run(&["game", "undo", f]).status.success());
    let out = run(&["game", "load", f]);
    assert!(stdout(&out).starts_with("3 events replayed."), "{}", stdout(&out));
    // Bob makes the board inconsistent; Ann claims it and wins.
    assert!(run(&["game", "play", f, "--player", "Bob", "--cards", "R:likes", "∃x likes(x, x)"])
        .status
        .success());
    let out = run(&["game", "claim", f, "--player", "Ann", "inconsistent"]);
    assert!(stdout(&out).starts_with("upheld: inconsistent"), "{}", stdout(&out));
    assert!(stdout(&out).contains("Ann has won."), "{}", stdout(&out));
    // Once won, the deal is no secret: shown and saved plainly, so it can be dealt again.
    assert!(stdout(&out).contains("The deal was seed 5"), "{}", stdout(&out));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["settings"]["seed"], 5, "{saved}");
    assert_eq!(
        run(&["game", "pass", f, "--player", "Bob"]).status.code(),
        Some(2),
        "the game is over"
    );
    // A corrupted save is refused and left as it is.
    std::fs::write(&file, "{\"umpire_game\": 1, \"settings\": 7}").unwrap();
    let out = run(&["game", "show", f]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot be read"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "{\"umpire_game\": 1, \"settings\": 7}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 38: without `--seed` every game is dealt afresh, and while a game runs its save
/// does not hold the seed that would let a player replay the shuffle and read the pile.
#[test]
fn unseeded_games_deal_differently_and_the_save_hides_the_pile() {
    let dir = std::env::temp_dir().join(format!("umpire-cli-deal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut hands = Vec::new();
    let mut seals = Vec::new();
    for k in 0..4 {
        let file = dir.join(format!("g{k}.json"));
        let out = umpire(&["game", "new", file.to_str().unwrap(), "--players", "Ann,Bob"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let hand = stdout(&out).lines().find(|l| l.contains("Ann's hand")).unwrap().to_string();
        hands.push(hand);
        let text = std::fs::read_to_string(&file).unwrap();
        let saved: serde_json::Value = serde_json::from_str(&text).unwrap();
        let settings = saved["settings"].as_object().unwrap();
        assert!(!settings.contains_key("seed"), "a running game's save names its seed: {text}");
        let sealed = settings["sealed_deal"].as_str().unwrap().to_string();
        seals.push(sealed);
        // The sealed save still loads to the same deal.
        let shown = stdout(&umpire(&["game", "show", file.to_str().unwrap(), "--hand", "Ann"]));
        assert!(shown.contains(&hands[k]), "{shown}");
    }
    seals.sort();
    seals.dedup();
    assert_eq!(seals.len(), 4, "four unseeded games, four deals");
    assert!(hands.iter().any(|h| *h != hands[0]), "four unseeded games dealt alike: {hands:?}");
    // A damaged seal is refused, not dealt from some other seed.
    let file = dir.join("g0.json");
    let text = std::fs::read_to_string(&file).unwrap();
    let broken = text.replace("\"sealed_deal\": \"", "\"sealed_deal\": \"zz");
    std::fs::write(&file, &broken).unwrap();
    let out = umpire(&["game", "show", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("sealed deal"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn export_writes_smt2() {
    let out = umpire(&["export", "--smt2", "--follows", "3", "corpus/boards/grandfather.board"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("(declare-sort U 0)"), "{text}");
    assert!(
        text.contains(
            "(assert (not (forall ((|?x_1| U)) (smarter (father (father |?x_1|)) |?x_1|))))"
        ),
        "{text}"
    );
    assert_eq!(
        umpire(&["export", "corpus/boards/grandfather.board"]).status.code(),
        Some(2),
        "a format is required"
    );
}

#[test]
fn tptp_prints_szs_status_and_a_derivation() {
    let out = umpire(&["tptp", "--cpu-limit", "10", "corpus/tptp/GRP003-1.p"]);
    let text = stdout(&out);
    assert!(text.starts_with("% SZS status Unsatisfiable for GRP003-1\n"), "{text}");
    assert!(text.contains("% SZS output start CNFRefutation for GRP003-1"), "{text}");
    assert!(text.contains(",plain,$false,inference(ground_refutation"), "{text}");
    assert_eq!(out.status.code(), Some(1));
    // Satisfiable by a saturation: its clauses in TSTP.
    let out = umpire(&["tptp", "--cpu-limit", "10", "corpus/tptp/SYN305-1.p"]);
    let text = stdout(&out);
    assert!(text.starts_with("% SZS status Satisfiable for SYN305-1\n"), "{text}");
    assert!(
        text.contains("% consistent: no contradiction can be derived (the derivation saturates;"),
        "{text}"
    );
    assert!(text.contains("% SZS output start Saturation for SYN305-1\ncnf(s1,plain,"), "{text}");
    assert_eq!(out.status.code(), Some(0));
    let out = umpire(&["tptp", "corpus/boards/s-cards.board"]);
    assert!(stdout(&out).starts_with("% SZS status InputError"), "{}", stdout(&out));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn huge_time_limits_are_refused_never_a_panic() {
    for args in [
        &["check", "--timeout", "1e300", "∀x happy(x)"][..],
        &["infer", "disprove", "--time", "1e300", "all dice are even", "no dice are odd"],
        &["infer", "demonstrable", "--time", "1e300", "count red >= 1"],
        &["dice", "optimal", "--timeout", "1e300", "--boxes", "1-2"],
        &["clue", "advise", "--timeout", "1e300", "corpus/clue/logs/three-players.log"],
        &["tptp", "--cpu-limit", "1e300", "corpus/tptp/GRP003-1.p"],
        &["game", "claim", "--timeout", "1e300", "--player", "Ann", "g.json", "inconsistent"],
    ] {
        let out = umpire(args);
        let err = crate::support::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("not a number of seconds between 0 and 32000000")
                && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_spent_memory_budget_is_unknown_with_the_reason() {
    let out = umpire(&["check", "--json", "--memory", "1", "corpus/boards/pairing-chain.board"]);
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)));
    assert_eq!(v["verdict"], "unknown");
    assert_eq!(v["stopped_by"], "memory");
    assert!(v["reason"].as_str().unwrap().contains("memory budget ran out"), "{v}");
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn absurdly_large_boards_get_a_diagnostic_with_the_limit() {
    let dir = std::env::temp_dir().join(format!("umpire-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let many = dir.join("many.board");
    std::fs::write(&many, "a = a\n".repeat(100_000)).unwrap();
    let huge = dir.join("huge.board");
    std::fs::write(&huge, format!("happy({})\n", "a".repeat(3 << 20))).unwrap();
    for (file, says) in [(&many, "10000 statements"), (&huge, "1048576 bytes")] {
        let out = umpire(&["check", file.to_str().unwrap()]);
        let err = crate::support::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(says) && err.len() < 10_000, "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn completions_and_the_manual_page_come_from_the_command_line_itself() {
    let bash = umpire(&["completions", "bash"]);
    assert!(bash.status.success());
    assert!(
        stdout(&bash).contains("follows") && stdout(&bash).contains("--timeout"),
        "{}",
        stdout(&bash)
    );
    let man = umpire(&["man"]);
    assert!(man.status.success());
    let page = stdout(&man);
    assert!(page.starts_with(".ie") || page.contains(".TH umpire"), "{page}");
    assert!(page.contains("tptp") && page.contains("Referees table games"), "{page}");
}

/// Inputs that once crashed umpire or got a wrong answer: each is now a clear answer.
#[test]
fn former_crashes_and_false_answers() {
    use crate::support::stderr;
    // A sum with a missing term panicked in the parser.
    for text in ["a + b + = c", "forall x (x + x) + x+ = x"] {
        let out = umpire(&["parse", text]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(stderr(&out).contains("expected a term after `+`"), "{text}: {}", stderr(&out));
    }
    // A count too large for u32 was "expected a formula, found `|`".
    let out = umpire(&["parse", "|L| ≥ 4294967296"]);
    assert!(stderr(&out).contains("too large for a count of objects"), "{}", stderr(&out));
    // A size beyond the search was a false "no model of size 251".
    let out = umpire(&["model", "--json", "--size", "251", "corpus/boards/two-objects.board"]);
    assert_eq!(out.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["verdict"], "unknown");
    // Writing |L| ≥ 4294967295 out for another prover tried to allocate 103 GB.
    let out = umpire(&["export", "--tptp", "|L| >= 4294967295"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("at most 1000"), "{}", stderr(&out));
    // A trillion robot games tried to allocate 4 TB.
    let out = umpire(&["dice", "simulate", "--boxes", "1-2", "--games", "1000000000000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--games is at most"), "{}", stderr(&out));
    // Hands too large to multiply panicked.
    let out = umpire(&[
        "game",
        "new",
        "/nonexistent/w.json",
        "--players",
        "Ann,Bob",
        "--hand",
        "9223372036854775808",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // Checking a model of 12 objects against eight nested ∀ ran 40 s past a 3 s budget: the
    // check is budgeted too, and its end is unknown, never a model shown unchecked. (The
    // upper bound keeps the model at 12 objects, and keeps a saturation from answering.)
    let heavy = "|L| ≥ 12\n∀a∀b∀c∀d∀e∀f∀g∀h (likes(a,b) ∨ likes(c,d) ∨ ¬likes(e,f) ∨ smarter(g,h) ∨ ¬smarter(a,h))\n∃x ¬likes(x,x)\n∃x likes(x,x)";
    let dir = std::env::temp_dir().join(format!("umpire-heavy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("heavy.board");
    std::fs::write(&board, format!("{heavy}\n|L| < 13")).unwrap();
    let out = umpire(&["check", "--json", "--timeout", "1", board.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["verdict"], "unknown", "{v}");
    // Without the upper bound the same board is settled by a saturation, its twelve objects
    // being twelve constants that must differ (ruling M9), re-checked.
    std::fs::write(&board, heavy).unwrap();
    let out = umpire(&["check", "--json", "--timeout", "3", board.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        (&v["verdict"], &v["model"]["kind"]),
        (&"consistent".into(), &"saturation".into()),
        "{v}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_naming_a_player_who_is_not_there_is_refused_not_a_panic() {
    use crate::support::stderr;
    let dir = std::env::temp_dir().join(format!("umpire-short-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let g = dir.join("g.json");
    let path = g.to_str().unwrap();
    assert!(umpire(&["game", "new", path, "--players", "Ann,Bob", "--own-cards"]).status.success());
    assert!(umpire(&["game", "play", path, "--player", "Ann", "--cards", "Q:∀x", "∀x happy(x)"])
        .status
        .success());
    assert!(umpire(&["game", "pass", path, "--player", "Bob"]).status.success());
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&g).unwrap()).unwrap();
    save["settings"]["players"] = serde_json::json!(["Ann"]);
    std::fs::write(&g, save.to_string()).unwrap();
    let out = umpire(&["game", "load", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no player") && !stderr(&out).contains("panicked"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn completions_to_a_full_disk_are_an_error_not_a_panic() {
    let Ok(full) = std::fs::File::create("/dev/full") else { return };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(["completions", "bash"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn json_errors_are_json_even_when_the_arguments_are_refused() {
    for args in [
        &["check", "--json", "--max-size", "0", "corpus/boards/two-objects.board"][..],
        &["check", "--json", "corpus/boards/no-such.board"][..],
        &["check", "--json", "--timeout", "nan", "corpus/boards/two-objects.board"][..],
    ] {
        let out = umpire(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let v: serde_json::Value = serde_json::from_str(&stdout(&out))
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stdout(&out)));
        assert_eq!(v["error"]["exit"], 2, "{v}");
        assert!(
            v["error"]["diagnostics"][0]["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{v}"
        );
    }
    let plain = umpire(&["check", "--max-size", "0", "corpus/boards/two-objects.board"]);
    assert_eq!(plain.status.code(), Some(2));
    assert!(
        crate::support::stderr(&plain).contains("at least 1"),
        "{}",
        crate::support::stderr(&plain)
    );
}

/// Issue 38, rules and words: one statement "cannot hold" (not "cannot all hold"); a
/// redundancy that rests on the others' own contradiction says that claiming the
/// inconsistency wins; an error opens with what went wrong and ends with its code.
#[test]
fn verdicts_and_errors_in_the_players_words() {
    let dir = std::env::temp_dir().join(format!("umpire-cli-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = dir.join("one.board");
    std::fs::write(&one, "∀x happy(x) ∧ ¬happy(x)\n∀x likes(x, x)\n").unwrap();
    let out = umpire(&["check", one.to_str().unwrap()]);
    assert!(stdout(&out).starts_with("inconsistent: (1) cannot hold: "), "{}", stdout(&out));
    let two = dir.join("two.board");
    std::fs::write(&two, "∀x happy(x)\n∃x ¬happy(x)\n∀x likes(x, x)\n").unwrap();
    let out = umpire(&["follows", two.to_str().unwrap(), "3"]);
    let text = stdout(&out);
    assert!(text.starts_with("redundant: (3) follows"), "{text}");
    assert!(text.contains("(1), (2) contradict each other without it"), "{text}");
    assert!(text.contains("claiming that wins the game"), "{text}");
    // A redundancy that does use its statement says nothing of the kind.
    let plain = dir.join("plain.board");
    std::fs::write(&plain, "∀x happy(x)\n∃x happy(x)\n").unwrap();
    let text = stdout(&umpire(&["follows", plain.to_str().unwrap(), "2"]));
    assert!(text.starts_with("redundant") && !text.contains("claiming"), "{text}");
    // A proof speaks only of names on the board (and explains its own, like y₁): the
    // uniqueness half of ∃!y was shown as `y'`.
    let unique = dir.join("unique.board");
    std::fs::write(&unique, "∃!y happy(y)\n∀x∀y happy(x) ∧ happy(y) → x = y\n").unwrap();
    let text = stdout(&umpire(&["follows", "--proof", unique.to_str().unwrap(), "2"]));
    assert!(text.starts_with("redundant") && text.contains("[1]"), "{text}");
    assert!(!text.contains('\''), "{text}");
    let bad = dir.join("bad.board");
    std::fs::write(&bad, "∀x happy(x\n").unwrap();
    let err = stderr(&umpire(&["check", bad.to_str().unwrap()]));
    assert!(err.trim_start().starts_with("× expected"), "{err}");
    assert!(err.trim_end().ends_with("code: umpire::syntax"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 38, text as people type it: a byte-order mark (Windows Notepad) is dropped; an
/// invisible character is named by its code point; a Cyrillic `х` for the bound `x` is
/// refused instead of becoming a new constant; a fullwidth letter and a decomposed accent
/// read as the letters they are.
#[test]
fn text_as_people_type_it() {
    let dir = std::env::temp_dir().join(format!("umpire-cli-typed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let check = |name: &str, text: &str| {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        umpire(&["check", file.to_str().unwrap()])
    };
    let out = check("bom.board", "\u{feff}∀x happy(x)\n∃x ¬happy(x)\n");
    assert!(stdout(&out).starts_with("inconsistent"), "{}{}", stdout(&out), stderr(&out));
    let out = check("zw.board", "∀x happy(x\u{200b})\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("U+200B ZERO WIDTH SPACE"), "{}", stderr(&out));
    let out = check("cyrillic.board", "∀x happy(\u{445})\n");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("U+0445") && stderr(&out).contains("umpire::look_alike"));
    // Nor may a name be made to look like a variable or like another name.
    let out = check("named-x.board", "∃!x blonde(x) | \u{445} := x\n");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let out =
        check("two-papas.board", "∃!x blonde(x) | papa := x\n∃!x happy(x) | pap\u{430} := x\n");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let out =
        check("two-pas.board", "∃!x blonde(x) | \u{440}\u{430} := x\n∃!x happy(x) | pa := x\n");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    // A name wholly in another alphabet is a name like any other.
    let out = check("russian.board", "хлеб = хлеб\n");
    assert!(stdout(&out).starts_with("consistent"), "{}{}", stdout(&out), stderr(&out));
    let out = check("fullwidth.board", "happy(\u{ff43})\n¬happy(c)\n");
    assert!(stdout(&out).starts_with("inconsistent"), "{}{}", stdout(&out), stderr(&out));
    let out = check("accents.board", "happy(cafe\u{301})\n¬happy(café)\n");
    assert!(stdout(&out).starts_with("inconsistent"), "{}{}", stdout(&out), stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 38, evidence: a redundancy certified only by searching every allowed size used to
/// end with no steps at all; now it says, size by size, which statements have no model.
#[test]
fn a_refutation_by_the_sizes_says_what_fails_at_each_size() {
    let dir = std::env::temp_dir().join(format!("umpire-cli-sizes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("d.board");
    std::fs::write(
        &board,
        "∀x ¬likes(x, father(x)) ∧ likes(father(x), x)\n|L| < 4\n∀x∃!y father(y) = x | son(x) := y\n",
    )
    .unwrap();
    let out = umpire(&["follows", "--proof", board.to_str().unwrap(), "3"]);
    let text = stdout(&out);
    assert!(text.starts_with("redundant: (3) follows"), "{text}");
    if !text.contains("[1]") {
        // No step-by-step proof in time: then the account by sizes.
        assert!(text.contains("with 1 object, the negation of (3) cannot hold"), "{text}");
        assert!(text.contains("with 2 objects, (1) cannot hold"), "{text}");
        assert!(text.contains("with 3 objects, (1) and the negation of (3) cannot both hold"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
