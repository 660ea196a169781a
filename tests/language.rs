//! The statement language on the corpus: S cards, the rules' examples, our own boards.

use crate::{read, root};
use umpire::logic::ast::StatementKind;
use umpire::logic::board::{load, Board};
use umpire::logic::check::CheckMode;
use umpire::logic::parse::parse_statement;
use umpire::logic::print::{statement, Style};

#[test]
fn s_cards_print_back_identically_in_both_styles() {
    let board = load("s-cards", &read("corpus/boards/s-cards.board"), CheckMode::InGame).unwrap();
    let expected: Vec<String> =
        read("corpus/boards/s-cards.expected").lines().map(String::from).collect();
    assert_eq!(board.board.statements.len(), 14, "the rules have 14 S cards");
    for (st, want) in board.board.statements.iter().zip(&expected) {
        let unicode = statement(st, Style::Unicode);
        assert_eq!(&unicode, want);
        // The normal form is a fixed point, and ASCII reads back as the same tree.
        assert_eq!(statement(&parse_statement(&unicode).unwrap(), Style::Unicode), unicode);
        let ascii = statement(st, Style::Ascii);
        assert!(ascii.is_ascii(), "{ascii}");
        let back = parse_statement(&ascii).unwrap();
        assert_eq!(back.kind, st.kind, "{ascii}");
        assert_eq!(statement(&back, Style::Ascii), ascii);
    }
}

#[test]
fn every_corpus_board_parses_and_checks() {
    let mut seen = 0;
    for entry in std::fs::read_dir(root("corpus/boards")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "board") {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.display().to_string();
            if let Err(report) = load(&name, &text, CheckMode::FreeStanding) {
                panic!("{}", report.render_plain());
            }
            seen += 1;
        }
    }
    assert!(seen >= 6, "only {seen} boards");
}

#[test]
fn names_are_usable_in_later_statements_and_in_game_mode() {
    let board =
        load("named", &read("corpus/boards/named-objects.board"), CheckMode::InGame).unwrap();
    assert!(board.notes.is_empty());
    let blondie = board.signature.get("blondie").unwrap();
    assert_eq!(blondie.arity, 0);
    assert_eq!(board.signature.get("liker").unwrap().arity, 1);
    // In a game an unknown name is an error; free-standing it is a constant, with a note.
    assert!(load("g", "happy(bob)", CheckMode::InGame).is_err());
    let free = load("f", "happy(bob)", CheckMode::FreeStanding).unwrap();
    assert_eq!(free.notes.len(), 1);
    assert_eq!(free.notes[0].name, "bob");
}

#[test]
fn a_name_cannot_be_used_before_it_is_made() {
    let text = "likes(liker(a), a)\n∀x∃!y likes(y, x) | liker(x) := y\n";
    let err = load("order", text, CheckMode::FreeStanding).unwrap_err();
    assert!(err.render_plain().contains("unknown function `liker`"), "{}", err.render_plain());
}

#[test]
fn cardinality_statements() {
    assert_eq!(parse_statement("|L| ≥ 4").unwrap().kind, StatementKind::AtLeast { n: 4 });
    assert_eq!(parse_statement("| L | >= 4").unwrap().kind, StatementKind::AtLeast { n: 4 });
    assert_eq!(parse_statement("|L| < 8").unwrap().kind, StatementKind::LessThan { n: 8 });
    assert!(parse_statement("|L| < 99999999999").is_err());
}

/// The expected diagnostic code of every illegal example, and the rendered messages pinned.
#[test]
fn illegal_examples_get_clear_diagnostics() {
    let mut rendered = String::new();
    let mut count = 0;
    for line in read("corpus/statements/illegal.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (code, text) = line.split_once('\t').expect("code<TAB>statement");
        let report =
            match Board::parse("statement", text).and_then(|b| b.check(CheckMode::FreeStanding)) {
                Ok(_) => panic!("accepted an illegal statement: {text}"),
                Err(r) => r,
            };
        let first =
            format!("{:?}", miette::Diagnostic::code(&report.errors[0]).map(|c| c.to_string()));
        assert_eq!(first, format!("{:?}", Some(format!("umpire::{code}"))), "{text}");
        rendered.push_str(&report.render_plain());
        rendered.push('\n');
        count += 1;
    }
    assert!(count >= 25);
    insta::assert_snapshot!("illegal_examples", rendered);
}

/// Issue 58: every S card read aloud as the rules read the symbols. The snapshot holds the
/// wording (read it against each card's printed meaning in `corpus/cards/deck.json`); the
/// asserts hold what each must say.
#[test]
fn s_cards_read_aloud() {
    use umpire::logic::words;
    let board = load("s-cards", &read("corpus/boards/s-cards.board"), CheckMode::InGame).unwrap();
    let said: Vec<String> = board.board.statements.iter().map(words::statement).collect();
    let must = [
        "for every x, if x is blonde, then x is happy",
        "for every x and y, if both x is happy and x likes y, then y is happy",
        "for every x, x's father is smarter than x",
        "for every x, x does not like x's father and x's father likes x",
        "for every x and y, if x is smarter than y, then y does not like x",
        "for every x and y, x plus y is smarter than x and x plus y is smarter than y",
        "for every x, y and z, if both x is smarter than y and y is smarter than z, then x is smarter than z",
        "if x is not y, then (x is smarter than y if and only if y is not smarter than x)",
        "for every x and y, x plus y is y plus x",
        "for every x and y, x plus y is the father of (y plus x)",
        "for every x, x's father is not blonde",
        "there are at least 3 objects",
        "there are fewer than 3 objects",
        "for every x and y, x is not smarter than y",
    ];
    assert_eq!(said.len(), must.len());
    for (want, got) in must.iter().zip(&said) {
        assert!(got.contains(want), "expected `{want}` in: {got}");
    }
    let shown: String = board
        .board
        .statements
        .iter()
        .zip(&said)
        .map(|(st, w)| format!("{}\n    {w}\n", statement(st, Style::Unicode)))
        .collect();
    insta::assert_snapshot!("s_cards_in_words", shown);
}
