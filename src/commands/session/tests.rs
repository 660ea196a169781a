//! The REPL's session, line by line, without a terminal.

use super::*;

fn session() -> Session {
    Session::new(Arc::new(AtomicBool::new(false)))
}

/// A two-player game with the table's own cards (seed 1), saved in a scratch folder and
/// loaded into a fresh session; `derivations_required` as the table chooses.
fn own_cards_game_loaded(name: &str, derivations_required: bool) -> (std::path::PathBuf, Session) {
    use crate::games::cardgame::game::{Game, Settings};
    let dir = std::env::temp_dir().join(format!("umpire-repl-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.json");
    Game::new(Settings {
        players: vec!["Ann".into(), "Bob".into()],
        hand_size: 3,
        points_to_win: 3,
        seed: 1,
        own_cards: true,
        computers: Vec::new(),
        derivations_required,
    })
    .unwrap()
    .save(&path)
    .unwrap();
    let mut s = session();
    say(&mut s, &format!("game load {}", path.display()));
    (dir, s)
}

fn say(s: &mut Session, line: &str) -> String {
    match s.execute(line) {
        Reply::Text(t) => t,
        Reply::Quit => "QUIT".into(),
    }
}

#[test]
fn a_statement_typed_over_two_lines_is_one_statement() {
    let mut s = session();
    assert_eq!(say(&mut s, "forall x (blonde(x)\n  -> happy(x))"), "(1) ∀x blonde(x) → happy(x)");
    assert_eq!(say(&mut s, "list").lines().count(), 1);
}

#[test]
fn the_watcher_hears_each_searched_size() {
    let mut s = session();
    let heard = std::rc::Rc::new(std::cell::Cell::new(0));
    let h = heard.clone();
    s.watch_progress(move |_| h.set(h.get() + 1));
    say(&mut s, "exists x exists y x != y");
    assert!(say(&mut s, "check").contains("consistent"));
    assert!(heard.get() >= 2, "sizes 1 and 2 were searched, heard {}", heard.get());
}

#[test]
fn statements_are_added_checked_and_listed() {
    let mut s = session();
    assert_eq!(say(&mut s, "forall x blonde(x) -> happy(x)"), "(1) ∀x blonde(x) → happy(x)");
    assert_eq!(say(&mut s, "\\E!x blonde(x) | blondie := x"), "(2) ∃!x blonde(x) | blondie := x");
    assert!(say(&mut s, "happy(blondie) & likes(x)").contains("likes"), "an error, not added");
    assert_eq!(say(&mut s, "list").lines().count(), 2);
    assert!(say(&mut s, "remove 2").starts_with("removed (2)"));
    assert_eq!(say(&mut s, "quit"), "QUIT");
}

#[test]
fn verdicts_models_and_proofs() {
    let mut s = session();
    say(&mut s, "∀x blonde(father(x))");
    assert!(say(&mut s, "check").starts_with("consistent"));
    say(&mut s, "∀x ¬blonde(father(x))");
    assert!(say(&mut s, "check").starts_with("inconsistent"));
    assert!(say(&mut s, "proof").contains("[2]"));
    say(&mut s, "clear");
    say(&mut s, "∃x blonde(x)");
    assert!(say(&mut s, "model 3").starts_with("3 objects"));
    assert!(say(&mut s, "follows 1").starts_with("not redundant"));
}

#[test]
fn a_saved_game_is_played_from_the_repl() {
    use crate::games::cardgame::game::{Game, Settings};
    let dir = std::env::temp_dir().join(format!("umpire-repl-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.json");
    // Seed 5: Ann holds S:9 X:¬ F:father.
    let g = Game::new(Settings {
        players: vec!["Ann".into(), "Bob".into()],
        hand_size: 3,
        points_to_win: 3,
        seed: 5,
        own_cards: false,
        computers: Vec::new(),
        derivations_required: false,
    })
    .unwrap();
    g.save(&path).unwrap();
    let mut s = session();
    assert!(say(&mut s, &format!("game load {}", path.display())).contains("Ann's hand: S:9"));
    let out = say(&mut s, "game play S:9 ∀a∀b (a+b=b+a)");
    assert!(out.contains("(1) ∀a∀b a + b = b + a"), "{out}");
    assert!(say(&mut s, "game claim redundant 1").starts_with("not upheld"));
    assert!(say(&mut s, "game pass").contains("Ann to play"));
    assert!(say(&mut s, "game undo").contains("Bob to play"));
    assert_eq!(say(&mut s, "game score"), "Ann 0, Bob 0");
    let copy = dir.join("copy.json");
    assert!(say(&mut s, &format!("game save {}", copy.display())).starts_with("saved to"));
    assert!(copy.exists());
    assert_eq!(Game::load(&path).unwrap().events.len(), 2, "each change is saved");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_claim_in_the_repl_shows_its_evidence_and_proof_repeats_it() {
    let (dir, mut s) = own_cards_game_loaded("claim", false);
    say(&mut s, "game play Q:∀x ∀x happy(x)");
    say(&mut s, "game play Q:∃x ∃x happy(x)");
    let out = say(&mut s, "game claim redundant 2");
    assert!(out.starts_with("upheld: redundant: (2) follows from (1)"), "{out}");
    // The claim shows umpire's derivation; `proof` repeats the proof's steps.
    assert!(out.contains("umpire's derivation"), "{out}");
    assert!(out.contains("∃x happy(x) :∃I 1"), "{out}");
    assert!(say(&mut s, "proof").contains("[2] the negation of (2) with x := a: ¬happy(a)"));
    assert!(say(&mut s, "game claim redundant 2").contains("already scored"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn redundant_lists_what_follows() {
    let mut s = session();
    say(&mut s, "∀x happy(x)");
    say(&mut s, "∃x happy(x)");
    let out = say(&mut s, "redundant?");
    assert!(out.ends_with("One statement follows from the others: (2)."), "{out}");
}

#[test]
fn odd_settings_are_refused_with_the_reason() {
    let mut s = session();
    assert!(say(&mut s, "set timeout 1e300").contains("not a number of seconds"));
    assert!(say(&mut s, "set timeout nan").contains("not a number of seconds"));
    assert!(say(&mut s, "set timeout 0").contains("every verdict will be unknown"));
    say(&mut s, "exists x blonde(x)");
    assert!(say(&mut s, "check").starts_with("unknown"), "a zero budget searches nothing");
    assert_eq!(say(&mut s, "set timeout 2.5"), "searches now stop after 2.5 s");
    assert!(say(&mut s, "set max-size 0").contains("at least 1"));
    assert_eq!(say(&mut s, "set max-size 7"), "the model search now tries up to 7 objects");
}

#[test]
fn hints_and_completions_need_no_terminal() {
    assert_eq!(hint("forall x happy(x)").as_deref(), Some("   ⟶ ∀x happy(x)"));
    assert_eq!(hint("check"), None);
    assert_eq!(hint("∀x happy("), None, "nothing while it does not parse");
    let symbols = vec!["blonde".to_string(), "blondie".to_string()];
    assert_eq!(complete("bl", 2, &symbols), (0, symbols.clone()));
    assert_eq!(complete("game un", 7, &symbols), (5, vec!["undo".to_string()]));
    assert_eq!(complete("∀x ¬bl", "∀x ¬bl".len(), &symbols).0, "∀x ¬".len());
}

#[test]
fn a_cancelled_search_says_so() {
    let flag = Arc::new(AtomicBool::new(false));
    let mut s = Session::new(flag.clone());
    // corpus/boards/pairing-chain.board: beyond every engine, so the search runs on.
    for st in [
        "∀x∀y∀u∀v (x + y = u + v → x = u ∧ y = v)",
        "∃x∃y x ≠ y",
        "∀x∀y∀z (smarter(x, y) ∧ smarter(y, z) → smarter(x, z))",
        "∀x smarter(father(x), x)",
    ] {
        say(&mut s, st);
    }
    say(&mut s, "set max-size 250");
    let setter = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
    });
    let out = say(&mut s, "check");
    setter.join().unwrap();
    assert!(out.starts_with("cancelled"), "{out}");
}

/// Issue 57: derive mode judges each line as it is typed (indentation kept), takes lines
/// back, and hands the derivation to `game claim … --derivation` on a table that requires
/// one (ruling G20).
#[test]
fn derive_mode_judges_each_line_and_argues_a_claim_in_the_game() {
    let (dir, mut s) = own_cards_game_loaded("derive", true);
    say(&mut s, "game play P:happy,P:blonde ∀x (happy(x) → blonde(x))");
    say(&mut s, "game play P:happy ∀x happy(x)");
    say(&mut s, "game play P:blonde ∀x blonde(x)");
    let refused = say(&mut s, "game claim redundant 3");
    assert!(refused.contains("only with a derivation"), "{refused}");
    assert!(say(&mut s, "derive redundant 3").contains("derive mode on the game's board"));
    assert_eq!(s.prompt(), "derive 1> ");
    assert!(say(&mut s, "\\A x (happy(x) -> blonde(x)) :PR").starts_with("✓   1"));
    assert!(say(&mut s, "forall x happy(x) :PR").starts_with("✓   2"));
    let wrong = say(&mut s, "blonde(a) :->E 1, 2");
    assert!(wrong.starts_with("✗   3") && wrong.contains("anyway"), "{wrong}");
    assert!(say(&mut s, "undo").starts_with("took back line 3"));
    let unreadable = say(&mut s, "happy(a) :MP 2");
    assert!(
        unreadable.contains("is not a rule") && unreadable.contains("not added"),
        "{unreadable}"
    );
    for line in [
        "happy(a) :AE 2",
        "happy(a) -> blonde(a) :AE 1",
        "blonde(a) :->E 4, 3",
        "forall x blonde(x) :AI 5",
    ] {
        assert!(say(&mut s, line).starts_with('✓'), "{line}");
    }
    // A subproof typed indented is one: its assumption opens it.
    assert!(say(&mut s, "  happy(b) :AS").starts_with("✓   7  │ happy(b)"));
    assert!(say(&mut s, "undo").starts_with("took back line 7"));
    let end = say(&mut s, "end");
    assert!(end.contains("The derivation proves that (3) is redundant."), "{end}");
    assert_eq!(s.prompt(), "umpire> ");
    let claimed = say(&mut s, "game claim redundant 3 --derivation");
    assert!(claimed.contains("Bob's derivation:") && claimed.contains("Bob 1"), "{claimed}");
    std::fs::remove_dir_all(&dir).unwrap();
}
