//! Plain-English Laws (issue 34): the data-driven corpus `corpus/infer/english.laws`, the
//! deck's own words, refusals with a span and the nearest forms, and the commands that take
//! a Law taking English too.

use crate::support::umpire;
use umpire::games::infer::deck::deck;
use umpire::games::infer::law::{parse, parse_formal, Law};

const CORPUS: &str = include_str!("../corpus/infer/english.laws");

enum Expected {
    One(Law),
    Ambiguous(Vec<Law>),
    Refused,
}

fn corpus() -> Vec<(usize, &'static str, Expected)> {
    let mut out = Vec::new();
    for (k, line) in CORPUS.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (said, want) = line.split_once("=>").unwrap_or_else(|| panic!("line {}: no =>", k + 1));
        let want = want.trim();
        let formal = |t: &str| {
            parse_formal(t.trim()).unwrap_or_else(|e| panic!("line {}: `{t}`: {e}", k + 1))
        };
        let expected = if want == "refused" {
            Expected::Refused
        } else if let Some(readings) = want.strip_prefix("ambiguous:") {
            Expected::Ambiguous(readings.split('|').map(formal).collect())
        } else {
            Expected::One(formal(want))
        };
        out.push((k + 1, said.trim(), expected));
    }
    out
}

#[test]
fn every_sentence_of_the_corpus_reads_as_written_down() {
    let all = corpus();
    let read_right = all.iter().filter(|(_, _, e)| matches!(e, Expected::One(_))).count();
    assert!(read_right >= 30, "the corpus has {read_right} English Laws read one way");
    let mut wrong = Vec::new();
    for (line, said, expected) in &all {
        match (parse(said), expected) {
            (Ok(got), Expected::One(want)) if got == *want => {}
            // The readings in any order, each once.
            (Err(e), Expected::Ambiguous(want))
                if e.readings.len() == want.len()
                    && want.iter().all(|w| e.readings.contains(w)) => {}
            (Err(e), Expected::Refused) if e.readings.is_empty() => {}
            (got, _) => wrong.push(format!(
                "line {line}: `{said}` gave {:?}",
                got.map(|l| l.formal()).map_err(|e| e.message)
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_deck_card_says_its_law_in_english() {
    let cards = umpire::games::infer::deck::cards(true, None);
    assert!(cards.len() > deck().len(), "the Compass Rose cards too");
    for card in cards {
        assert!(!card.says.is_empty(), "card `{}` has no words", card.text);
        assert_eq!(parse(&card.says).unwrap(), card.law, "{}", card.says);
    }
}

#[test]
fn a_law_read_from_english_prints_back_to_the_same_formal_law() {
    let mut laws: Vec<Law> = deck().into_iter().map(|c| c.law).collect();
    for (_, _, e) in corpus() {
        match e {
            Expected::One(l) => laws.push(l),
            Expected::Ambiguous(ls) => laws.extend(ls),
            Expected::Refused => {}
        }
    }
    for law in laws {
        assert_eq!(parse_formal(&law.formal()).unwrap(), law, "{}", law.formal());
    }
}

#[test]
fn a_misspelt_word_is_named_with_what_was_meant() {
    let e = parse("There must be at least one bleu die.").unwrap_err();
    assert!(e.message.contains("`bleu`") && e.message.contains("`blue`"), "{}", e.message);
    assert_eq!((e.span.offset(), e.span.len()), (27, 4), "the span is the word");
    let help = e.help.unwrap();
    assert!(help.contains("There must be at least one red die."), "{help}");
}

#[test]
fn a_sentence_umpire_cannot_read_points_at_the_word_and_offers_the_nearest_forms() {
    let said = "The dice must be happy.";
    let e = parse(said).unwrap_err();
    assert_eq!(&said[e.span.offset()..e.span.offset() + e.span.len()], "happy");
    assert!(e.readings.is_empty());
    let help = e.help.unwrap();
    assert!(help.matches('"').count() >= 6, "three forms in quotes: {help}");
    // A sentence that stops early says so.
    let e = parse("There must be at least").unwrap_err();
    assert!(e.message.contains("stops"), "{}", e.message);
    assert_eq!(e.span.offset(), 22);
}

#[test]
fn umpire_never_guesses_between_two_readings() {
    // The rules' own Common Mistake: "two 2s" may be at least two or exactly two.
    let e = parse("There must be two 2s").unwrap_err();
    assert_eq!(e.readings.len(), 2);
    let help = e.help.unwrap();
    assert!(help.contains("at least 2") && help.contains("exactly 2"), "{help}");
    assert!(help.contains("count 2s dice = 2"), "each reading has its formal form: {help}");
    // Saying which settles it.
    assert!(parse("There must be exactly two 2s").is_ok());
}

#[test]
fn judge_and_disprove_take_plain_english() {
    let out = umpire(&["infer", "judge", "There must be at least one red die.", "r1 b2"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("O"), "{text}");
    let out = umpire(&["infer", "judge", "There must be at least one red die.", "b2"]);
    assert_eq!(out.status.code(), Some(1), "X");
    // The rules' example: "All dice must be divisible by 2" and "There must be no odd
    // dice" cannot be told apart.
    let out = umpire(&[
        "infer",
        "disprove",
        "All dice must be divisible by 2.",
        "There must be no odd dice.",
        "--max-dice",
        "3",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "not disproved: {text}");
}

#[test]
fn a_refused_sentence_on_the_command_line_shows_the_span_and_the_nearest_forms() {
    let out = umpire(&["infer", "judge", "Red dice must be hapy.", "r1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    let flat: String = err.split_whitespace().collect::<Vec<_>>().join(" ").replace("│ ", "");
    assert!(flat.contains("hapy"), "{err}");
    assert!(flat.contains("sentences umpire reads"), "{err}");
    assert!(err.contains("umpire::infer::law"), "{err}");
    let out = umpire(&["infer", "judge", "There must be two 2s.", "r2 b2"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("2 ways"), "{err}");
    // Issue 59: a sentence the reader refuses hears about English, not about the formal
    // language's numbers ("expected a number … found `red`").
    let out = umpire(&["infer", "judge", "Red dice are not welcome.", "r1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    let flat: String = err.split_whitespace().collect::<Vec<_>>().join(" ").replace("│ ", "");
    assert!(!flat.contains("expected a number"), "{err}");
    assert!(flat.contains("sentence"), "{err}");
}

#[test]
fn every_english_example_in_the_help_reads_one_way() {
    let syntax = umpire::commands::infer::LAW_SYNTAX;
    let english =
        syntax.split("Plain English").nth(1).unwrap().split("With a number").next().unwrap();
    let examples: Vec<&str> = english
        .lines()
        .skip(1)
        .flat_map(|l| l.split('|'))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    assert!(examples.len() >= 15, "{examples:?}");
    for e in examples {
        assert!(parse(e).is_ok(), "`{e}` in --help does not read: {:?}", parse(e).err());
    }
    for form in umpire::games::infer::law::ENGLISH_FORMS {
        assert!(parse(form).is_ok(), "`{form}`: {:?}", parse(form).err());
    }
    let help = umpire(&["infer", "judge", "--help"]);
    assert!(String::from_utf8(help.stdout).unwrap().contains("There must be exactly two 2s."));
}

#[test]
fn a_game_takes_its_law_and_its_theories_in_english_and_asks_which_reading_is_meant() {
    let dir = std::env::temp_dir().join(format!("umpire-english-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let path = file.to_str().unwrap();
    let law = "There must be exactly two 2s.";
    let out = crate::support::umpire_with_input(
        &["infer", "play", path, "--new", "--law", law, "--seed", "3"],
        // An ambiguous Theory: asked which; `build r1` typed there is not taken as a command;
        // `no` says it again. Then the wrong reading, chosen, is disproved; then the right.
        "publish There must be two 2s\nbuild r1\nno\npublish There must be two 2s\n1\npublish There must be two 2s\n2\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("can understand that 2 ways"), "{text}");
    assert!(text.contains("was not taken as a command"), "{text}");
    assert!(text.contains("Not published."), "{text}");
    assert!(text.contains("Everyone wins!"), "the exact reading is the Law: {text}");
    // The save holds the reading chosen, in the formal language, and reads back.
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("count 2s dice = 2"), "{saved}");
    let again = crate::support::umpire_with_input(&["infer", "play", path], "");
    assert!(String::from_utf8(again.stdout).unwrap().contains("This game is over"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// `grammar/infer-english.ebnf` is what the reader reads (issue 59): every production has
/// an example sentence, and every example reads (one reading, or several offered).
#[test]
fn every_production_of_the_english_grammar_has_an_example_that_reads() {
    let grammar = include_str!("../grammar/infer-english.ebnf");
    let mut productions: Vec<(String, Vec<String>)> = Vec::new();
    for line in grammar.lines() {
        let trimmed = line.trim_start();
        // A production starts at the left margin: `name = …`.
        if !line.starts_with([' ', '(']) && !trimmed.is_empty() {
            if let Some((name, _)) = line.split_once('=') {
                productions.push((name.trim().to_string(), Vec::new()));
            }
        }
        let mut rest = line;
        while let Some(at) = rest.find("(* e.g. \"") {
            let after = &rest[at + 9..];
            let end = after.find("\" *)").expect("an example ends with \" *)");
            // The header's own description of the form is no example.
            if let Some(last) = productions.last_mut() {
                last.1.push(after[..end].to_string());
            }
            rest = &after[end..];
        }
    }
    assert!(productions.len() >= 35, "{} productions", productions.len());
    let mut wrong = Vec::new();
    for (name, examples) in &productions {
        if examples.is_empty() {
            wrong.push(format!("{name}: no example"));
        }
        for e in examples {
            match parse(e) {
                Ok(_) => {}
                Err(err) if !err.readings.is_empty() => {}
                Err(err) => wrong.push(format!("{name}: `{e}` is refused: {}", err.message)),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
