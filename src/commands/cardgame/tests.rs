//! The façade's table rules, each once: saving, the player lookup, the claim protocol and
//! the undo rule.

use super::*;
use crate::games::cardgame::deck::CardKind;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-saved-game-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("g.json")
}

fn two_players(own_cards: bool) -> NewGame {
    NewGame {
        players: vec!["Ann".into(), "Bob".into()],
        hand: Some(3),
        win: Some(1),
        seed: Some(5),
        own_cards,
        ..NewGame::default()
    }
}

fn events_on_disk(path: &Path) -> usize {
    SavedGame::open(path).unwrap().version()
}

#[test]
fn a_new_game_never_overwrites_a_file_and_every_change_is_saved() {
    let path = scratch("saved");
    let mut g = SavedGame::create(&path, &two_players(false)).unwrap();
    assert!(SavedGame::create(&path, &two_players(false)).is_err(), "an existing file is refused");
    g.pass(Some("ann")).unwrap();
    assert_eq!(events_on_disk(&path), 1);
    assert!(g.pass(Some("Ann")).is_err(), "not Ann's turn any more");
    assert_eq!(events_on_disk(&path), 1, "a refused change is not saved");
    assert_eq!(g.undo(false).unwrap(), "took back Ann's pass");
    assert_eq!(events_on_disk(&path), 0);
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn names_must_differ_even_in_case_and_must_be_there() {
    let path = scratch("names");
    let mut new = two_players(false);
    new.players = vec!["Ann".into(), "ANN".into()];
    let e = SavedGame::create(&path, &new).err().unwrap().to_string();
    assert!(e.contains("two players are called ANN"), "{e}");
    new.players = vec!["Ann".into(), " ".into()];
    let e = SavedGame::create(&path, &new).err().unwrap().to_string();
    assert!(e.contains("player 2 has no name"), "{e}");
    assert!(!path.exists());
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

/// Issue 56: `game undo` took back a win without a word, and "succeeded" on an empty game.
#[test]
fn undo_refuses_nothing_and_takes_back_a_win_only_with_the_table() {
    let path = scratch("undo");
    let mut g = SavedGame::create(&path, &two_players(true)).unwrap();
    assert!(matches!(g.undo(true), Err(GameError::NothingToUndo)));
    g.play(None, &Play::parse("X:? ∀x happy(x)").unwrap()).unwrap();
    g.play(None, &Play::parse("X:? ∃x ¬happy(x)").unwrap()).unwrap();
    let claimed = g.claim(Some("Ann"), &["inconsistent"], &Search::default()).unwrap();
    assert_eq!(claimed.answer(), Answer::Yes);
    assert!(g.is_over());
    let e = g.undo(false).unwrap_err();
    assert!(matches!(&e, GameError::WinNeedsTable(w) if w == "Ann"), "{e}");
    assert_eq!(events_on_disk(&path), 3, "the win stands");
    let said = g.undo(true).unwrap();
    assert_eq!(said, "took back Ann's claim that the board is inconsistent (upheld)");
    assert!(!g.is_over());
    assert_eq!(events_on_disk(&path), 2);
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_claim_is_recorded_only_if_the_game_has_not_moved_on() {
    let path = scratch("claim");
    let mut g = SavedGame::create(&path, &two_players(true)).unwrap();
    g.play(None, &Play::parse("Q:∀x ∀x happy(x)").unwrap()).unwrap();
    g.play(None, &Play::parse("Q:∃x ∃x happy(x)").unwrap()).unwrap();
    let pending = g.snapshot().begin_claim(None, &["redundant", "2"]).unwrap();
    // Another writer (another terminal) moves meanwhile: Ann passes.
    SavedGame::open(&path).unwrap().pass(Some("Ann")).unwrap();
    let decided = pending.decide(&Search::default()).unwrap();
    assert!(matches!(g.record(decided), Err(GameError::MovedOn(_))));
    assert_eq!(events_on_disk(&path), 3, "the stale claim is not saved");
    // Claimed through the protocol, the claim starts from the file as it is now: Bob's turn.
    let claimed = g.claim(None, &["redundant", "2"], &Search::default()).unwrap();
    assert!(claimed.outcome().starts_with("upheld"), "{}", claimed.outcome());
    assert_eq!(claimed.json()["player"], "Bob");
    assert_eq!(claimed.json()["claim"], serde_json::json!({"claim": "redundant", "statement": 2}));
    assert_eq!(claimed.json()["winner"], "Bob");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_claim_the_rules_refuse_is_refused_before_it_is_decided() {
    let path = scratch("refused");
    let g = SavedGame::create(&path, &two_players(true)).unwrap();
    assert!(matches!(g.begin_claim(None, &["redundant", "1"]), Err(GameError::NoStatement(1))));
    assert!(matches!(
        g.begin_claim(Some("Bob"), &["inconsistent"]),
        Err(GameError::NotYourTurn { .. })
    ));
    assert!(matches!(
        g.begin_claim(Some("Cy"), &["inconsistent"]),
        Err(GameError::NoSuchPlayer(_))
    ));
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

/// Play-testing issue 56: on the computer's turn, `game pass` (and play, and claim) passed
/// for the computer. Its seats are played by `game move` only.
#[test]
fn a_person_never_moves_for_the_computer() {
    let path = scratch("computer");
    let new = NewGame { computers: vec!["Bob".into()], ..two_players(true) };
    let mut g = SavedGame::create(&path, &new).unwrap();
    g.play(None, &Play::parse("Q:∀x ∀x happy(x)").unwrap()).unwrap();
    assert!(matches!(g.pass(None), Err(GameError::ComputerSeat(b)) if b == "Bob"));
    assert!(matches!(g.pass(Some("bob")), Err(GameError::ComputerSeat(_))));
    let play = Play::parse("Q:∃x ∃x happy(x)").unwrap();
    assert!(matches!(g.play(None, &play), Err(GameError::ComputerSeat(_))));
    assert!(matches!(g.would_play(None, &play), Err(GameError::ComputerSeat(_))));
    assert!(matches!(g.begin_claim(None, &["inconsistent"]), Err(GameError::ComputerSeat(_))));
    assert_eq!(events_on_disk(&path), 1);
    // The undo names the play as it is typed back.
    assert_eq!(g.undo(false).unwrap(), "took back Ann's play Q:∀x ∀x happy(x)");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

/// Issue 56: a hand showed `S:14`, and the player had to read the deck file to learn what
/// it says.
#[test]
fn a_hand_shows_each_s_card_with_its_statement() {
    let path = scratch("hand");
    let mut new = two_players(false);
    // Deal until a hand holds an S card.
    let g = (0..200)
        .find_map(|seed| {
            new.seed = Some(seed);
            let _ = std::fs::remove_file(&path);
            let g = SavedGame::create(&path, &new).unwrap();
            let hand = &g.game().state.hands[0];
            hand.iter().any(|c| matches!(c, CardKind::Statement { .. })).then_some(g)
        })
        .expect("some deal gives Ann an S card");
    let shown = g.show(Some("Ann")).unwrap();
    let hand_line = shown.lines().find(|l| l.starts_with("Ann's hand:")).unwrap();
    let statement = g.game().state.hands[0]
        .iter()
        .find_map(|c| match c {
            CardKind::Statement { statement } => Some(statement.clone()),
            _ => None,
        })
        .unwrap();
    assert!(hand_line.contains(&statement), "{hand_line}");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

/// Ruling G20: on a table that requires derivations, a claim scores only when the
/// claimant's derivation proves it; the derivation is kept in the save and judged again on
/// load, and an edited judgment is refused.
#[test]
fn a_table_that_requires_derivations_scores_a_claim_only_with_one_that_proves_it() {
    let path = scratch("derivations");
    let mut new = two_players(true);
    new.win = Some(3);
    new.derivations_required = true;
    let mut g = SavedGame::create(&path, &new).unwrap();
    g.play(None, &Play::parse("P:happy,P:blonde ∀x (happy(x) → blonde(x))").unwrap()).unwrap();
    g.play(None, &Play::parse("P:happy ∀x happy(x)").unwrap()).unwrap();
    g.play(None, &Play::parse("P:blonde ∀x blonde(x)").unwrap()).unwrap();
    let search = Search::default();
    assert!(matches!(
        g.claim(None, &["redundant", "3"], &search),
        Err(GameError::DerivationRequired)
    ));
    let gaps = "∀x (happy(x) → blonde(x)) :PR\nhappy(a) → blonde(a) :∀E 1\n∀x blonde(x) :by 2\n";
    let claimed = g.claim_arguing(None, &["redundant", "3"], Some(gaps), &search).unwrap();
    assert_eq!(claimed.answer(), Answer::No, "upheld, but it scores nothing");
    let text = claimed.text(true, "--timeout");
    assert!(text.contains("✗   3") && text.contains("It scores nothing"), "{text}");
    assert_eq!(g.now.game.state.scores, vec![0, 0]);
    let proof = "∀x (happy(x) → blonde(x)) :PR\n∀x happy(x) :PR\nhappy(a) :∀E 2\n\
                 happy(a) → blonde(a) :∀E 1\nblonde(a) :→E 4, 3\n∀x blonde(x) :∀I 5\n";
    let claimed = g.claim_arguing(None, &["redundant", "3"], Some(proof), &search).unwrap();
    assert_eq!(claimed.answer(), Answer::Yes);
    assert_eq!(claimed.json()["derivation"]["verdict"], "proves");
    assert_eq!(g.now.game.state.scores, vec![0, 1]);
    // The save replays, the derivations judged again; an edited judgment is refused.
    let again = SavedGame::open(&path).unwrap();
    assert_eq!(again.now.game.state.scores, vec![0, 1]);
    let view = serde_json::to_value(again.view(&[])).unwrap();
    assert_eq!(view["derivations_required"], true);
    assert_eq!(view["events"][3]["scores_nothing"], true);
    assert_eq!(view["events"][3]["derivation"]["gaps"], serde_json::json!([3]));
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    save["events"][3]["derivation"]["verdict"] = "proves".into();
    std::fs::write(&path, save.to_string()).unwrap();
    let refused = SavedGame::open(&path).err().expect("an edited judgment is refused").to_string();
    assert!(refused.contains("judging it again gives `has-gaps`"), "{refused}");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

/// Without the table's requirement, a derivation is shown and kept, and the arbiter alone
/// decides the claim; a derivation that cannot be read refuses the claim.
#[test]
fn a_derivation_may_be_shown_with_any_claim_and_must_read() {
    let path = scratch("derivation-optional");
    let mut g = SavedGame::create(&path, &two_players(true)).unwrap();
    g.play(None, &Play::parse("X:? ∀x happy(x)").unwrap()).unwrap();
    g.play(None, &Play::parse("X:? ∃x ¬happy(x)").unwrap()).unwrap();
    let search = Search::default();
    let bad = g.claim_arguing(None, &["inconsistent"], Some("⊥ :MP 1\n"), &search);
    assert!(matches!(bad, Err(GameError::Derivation(_))), "{:?}", bad.err());
    let wrong = "∀x happy(x) :PR\n∃x ¬happy(x) :PR\n⊥ :¬E 1, 2\n";
    let claimed = g.claim_arguing(None, &["inconsistent"], Some(wrong), &search).unwrap();
    assert_eq!(claimed.answer(), Answer::Yes, "the arbiter upholds it; the wrong step is shown");
    assert_eq!(claimed.json()["derivation"]["verdict"], "has-gaps");
    assert_eq!(g.now.game.state.winner, Some(0));
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}
