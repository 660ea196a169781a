//! The derivation corpus (`corpus/derivations/`): every derivation judged line by line
//! against its board, each line's status and the whole verdict as its header expects, and
//! every counter-model on a wrong line re-checked by the evaluator (the cited statements
//! hold in it, the line is false).

use crate::support::root;
use std::path::Path;
use umpire::commands::derive::{judge, ClaimAsked, DerivationReport};
use umpire::commands::verdict::Search;
use umpire::logic::ast::Statement;
use umpire::logic::board;
use umpire::logic::check::CheckMode;
use umpire::logic::derivation::syntax::same_statement;
use umpire::logic::derivation::{self, Body, Citation, Derivation};

/// What a corpus file's header says.
struct Expected {
    board: String,
    claim: Option<ClaimAsked>,
    statuses: Vec<String>,
    verdict: String,
}

fn header(text: &str, file: &Path) -> Expected {
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("# {name}: ")))
            .map(str::trim)
            .map(str::to_string)
    };
    let claim = field("claim").map(|c| {
        let words: Vec<String> = c.split_whitespace().map(str::to_string).collect();
        ClaimAsked::from_words(&words).expect("a claim")
    });
    Expected {
        board: field("board").unwrap_or_else(|| panic!("{}: no board", file.display())),
        claim,
        statuses: field("expect")
            .unwrap_or_else(|| panic!("{}: no expect", file.display()))
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        verdict: field("verdict").unwrap_or_else(|| panic!("{}: no verdict", file.display())),
    }
}

/// A line's status as the headers write it: `ok`, `unknown`, `wrong`, `wrong-model` (with a
/// counter-model), `wrong-follows` (a misapplied rule whose line follows anyway).
fn status_token(report: &DerivationReport, i: usize) -> String {
    let l = &report.lines[i];
    match (l.status, l.follows_anyway, l.model.is_some()) {
        ("wrong", true, _) => "wrong-follows".into(),
        ("wrong", false, true) => "wrong-model".into(),
        (s, _, _) => s.to_string(),
    }
}

/// The statements a line may cite and does (lines in scope and board statements, the
/// statement claimed excepted), for the re-check.
fn cited_statements(
    d: &Derivation,
    board: &[Statement],
    claim: Option<ClaimAsked>,
    at: usize,
) -> Vec<Statement> {
    let claimed = match claim {
        Some(ClaimAsked::Redundant(k)) => board.get(k - 1),
        _ => None,
    };
    let line = d.line(at).unwrap();
    line.citations
        .iter()
        .filter_map(|c| match *c {
            Citation::Line { number, .. } if number < at && d.line_in_scope(number, at) => {
                d.line(number).and_then(|l| l.body.statement()).cloned()
            }
            Citation::Board { k, .. } => board.get(k.wrapping_sub(1)).cloned(),
            _ => None,
        })
        .filter(|s| claimed.is_none_or(|c| !same_statement(c, s)))
        .collect()
}

fn judge_file(file: &Path) -> (Derivation, Vec<Statement>, DerivationReport, Expected) {
    let text = std::fs::read_to_string(file).unwrap();
    let expected = header(&text, file);
    let board_file = root("corpus/derivations/boards").join(&expected.board);
    let board_text = std::fs::read_to_string(&board_file).unwrap();
    let board = board::load(&expected.board, &board_text, CheckMode::FreeStanding)
        .expect("the board reads");
    let d = derivation::read(&file.display().to_string(), &text)
        .unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
    let report =
        judge(&d, &board.board.statements, expected.claim, &Search::default(), &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    (d, board.board.statements, report, expected)
}

fn corpus(folder: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(root("corpus/derivations").join(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "derivation"))
        .collect();
    files.sort();
    files
}

fn check_folder(folder: &str) -> Vec<DerivationReport> {
    let mut failures = Vec::new();
    let mut reports = Vec::new();
    for file in corpus(folder) {
        let (d, board, report, expected) = judge_file(&file);
        let got: Vec<String> = (0..report.lines.len()).map(|i| status_token(&report, i)).collect();
        if got != expected.statuses || report.verdict != expected.verdict {
            failures.push(format!(
                "{}: expected {} | {}, got {} | {}",
                file.display(),
                expected.statuses.join(" "),
                expected.verdict,
                got.join(" "),
                report.verdict
            ));
        }
        for l in &report.lines {
            let Some(structure) = l.countermodel() else { continue };
            for cited in cited_statements(&d, &board, expected.claim, l.line) {
                assert_eq!(
                    structure.satisfies(&cited, false),
                    Ok(true),
                    "{} line {}: a cited statement fails in the counter-model",
                    file.display(),
                    l.line
                );
            }
            if let Body::Statement(st) = &d.line(l.line).unwrap().body {
                assert_eq!(
                    structure.satisfies(st, false),
                    Ok(false),
                    "{} line {}: the line holds in its counter-model",
                    file.display(),
                    l.line
                );
            }
        }
        reports.push(report);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    reports
}

#[test]
fn derivations_that_prove_their_claim_are_judged_right_line_by_line() {
    let reports = check_folder("proving");
    let proving = reports.iter().filter(|r| r.verdict == "proves" && r.claim.is_some()).count();
    assert!(proving >= 40, "only {proving} derivations prove a claim");
}

#[test]
fn classic_mistakes_are_found_with_a_model_or_the_condition_they_break() {
    let reports = check_folder("mistaken");
    let with_gaps = reports.iter().filter(|r| r.verdict == "has-gaps").count();
    assert!(with_gaps >= 40, "only {with_gaps} derivations with mistakes");
    let models = reports.iter().flat_map(|r| &r.lines).filter(|l| l.model.is_some()).count();
    assert!(models >= 30, "only {models} counter-models");
}

/// The message of each problem a derivation's text has.
fn problems(text: &str) -> Vec<String> {
    match derivation::read("d", text) {
        Ok(_) => Vec::new(),
        Err(report) => report.errors.iter().map(|e| e.to_string()).collect(),
    }
}

#[test]
fn every_production_of_the_derivation_grammar_reads() {
    // Each rule name in its Unicode and ASCII spellings, a separator, a range, a board
    // citation, each spelling of ⊥, tab indentation, a comment and a blank line.
    let text = "# a comment\n\
                happy(a) :PR\n\
                \n\
                happy(a) :premise\n\
                \thappy(b) :AS\n\
                \t⊥ :¬E 5, 5\n\
                \t--\n\
                \thappy(c) :as\n\
                \t_|_ :~E 8 8\n\
                \t!? :-E 8,8\n\
                blonde(a) :X 6\n\
                blonde(a) ∧ blonde(a) :&I 11, 11\n\
                blonde(a) :/\\E 12\n\
                blonde(a) ∨ happy(a) :vI 13\n\
                blonde(a) ∨ happy(a) :\\/I 13\n\
                blonde(a) ∨ happy(a) :∨I 13\n\
                blonde(a) :∧E 12\n\
                blonde(a) :R 17\n\
                a = a :=I\n\
                a = a :=E 19, 19\n\
                ∃x blonde(x) :EI 18\n\
                ∃x blonde(x) :∃I 18\n\
                ∀x ¬smarter(x, x) :by (1)\n\
                ¬smarter(a, a) :AE 23\n\
                ¬smarter(a, a) :∀E 23\n\
                happy(a) → happy(a) :->I 5-6\n\
                happy(a) → happy(a) :→I 5-6\n\
                happy(a) :->E 26, 1\n\
                happy(a) :⇒E 27, 1\n\
                happy(a) ↔ happy(a) :<->I 5-6, 5–6\n\
                happy(a) :↔E 30, 1\n\
                happy(a) :<->e 30, 1\n\
                ¬happy(b) :~I 5-6\n\
                ¬happy(b) :¬I 5-6\n\
                happy(b) :IP 5-6\n\
                ∀x happy(x) :AI 1\n\
                ∀x happy(x) :∀I 1\n\
                happy(a) :EE 22, 8-10\n\
                happy(a) :∃E 22, 8-10\n\
                happy(a) :DS 14, 33\n\
                happy(a) :vE 12, 3-4, 6-8\n\
                happy(a) :|E 12, 3-4, 6-8\n\
                happy(a) :∨E 12, 3-4, 6-8\n\
                ¬happy(b) :MT 26, 33\n\
                happy(a) :DNE 41\n\
                happy(a) :LEM 5-6, 8-10\n\
                ¬happy(b) ∨ ¬happy(b) :DeM 41\n\
                ¬∃x happy(x) :CQ 41\n\
                ∃!x blonde(x) | blondie := x :by (1)\n";
    let d = derivation::read("every production", text).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(d.lines.len(), 47);
    assert!(matches!(d.lines[4].body, Body::Separator));
    assert_eq!(d.subproofs.len(), 2, "the separator closes one subproof and the next opens");
    let rules: std::collections::BTreeSet<&str> =
        d.lines.iter().filter_map(|l| l.rule).map(|r| r.name()).collect();
    for rule in derivation::Rule::ALL {
        assert!(rules.contains(rule.name()), "no example of {}", rule.name());
    }
    // The naming statement's `:=` is no rule: its justification is the last ` :`.
    assert_eq!(d.lines[46].rule, Some(derivation::Rule::By));
    assert!(
        matches!(&d.lines[46].body, Body::Statement(s) if matches!(s.kind, umpire::logic::ast::StatementKind::Named { .. }))
    );
}

#[test]
fn unreadable_derivations_get_a_diagnostic_pointing_at_the_problem() {
    let unknown = problems("happy(a) :PR\nhappy(a) :MP 1\n");
    assert_eq!(unknown, ["`MP` is not a rule"]);
    let no_rule = problems("happy(a)\n");
    assert_eq!(no_rule, ["this line has no justification"]);
    let deeper = problems("happy(a) :PR\n  happy(a) :R 1\n");
    assert_eq!(
        deeper,
        ["this line is indented deeper, but a subproof opens with an assumption `:AS`"]
    );
    let between = problems("happy(a) :PR\n    happy(b) :AS\n  happy(b) :R 2\n");
    assert_eq!(between, ["this indentation matches no open subproof"]);
    let top_assumption = problems("happy(a) :AS\n");
    assert_eq!(
        top_assumption,
        ["an assumption opens a subproof: indent it deeper than the lines around it"]
    );
    let citation = problems("happy(a) :R one\n");
    assert_eq!(citation, ["`one` is not a citation"]);
    let formula = problems("happy(a :PR\n");
    assert_eq!(formula.len(), 1, "{formula:?}");
    let no_formula = problems(":PR\n");
    assert_eq!(no_formula, ["the line has a justification but no formula"]);
    assert_eq!(problems(""), ["the derivation has no lines"]);
    // A subproof's assumption whose formula does not parse still opens the subproof: one
    // problem, not one for every line after it.
    assert_eq!(problems("happy(a) :PR\n  happy(b :AS\n  happy(a) :R 1\nhappy(a) :R 1\n").len(), 1);
    assert_eq!(
        problems("happy(a) :PR\n  happy(b) :AS\n  --\n"),
        ["the derivation ends after `--`"]
    );
    // The span points at the rule.
    let report = derivation::read("d", "happy(a) :PR\nhappy(a) :MP 1\n").unwrap_err();
    let span = report.errors[0].span();
    assert_eq!((span.offset(), span.len()), (23, 2));
}

#[test]
fn huge_deep_and_binary_derivations_are_refused_or_read_quickly_without_a_panic() {
    let started = std::time::Instant::now();
    let long: String = (0..10_000).map(|_| "⊥ :R 1\n").collect();
    let refused = problems(&long);
    assert_eq!(refused, ["more than 2000 lines"]);
    let large: String = (0..10_000).map(|_| "happy(a) :R 1\n").collect();
    assert_eq!(problems(&large), ["more than 2000 lines"]);
    let mut deep = String::from("happy(a) :PR\n");
    for depth in 1..=1000 {
        deep += &format!("{}happy(a) :AS\n", " ".repeat(depth));
    }
    assert_eq!(problems(&deep), ["the derivation has 513513 bytes; at most 262144 are read"]);
    let mut deep = String::from("happy(a) :PR\n");
    for depth in 1..=100 {
        deep += &format!("{}happy(a) :AS\n", "\t".repeat(depth));
    }
    let refused = problems(&deep);
    assert!(refused.iter().any(|p| p.contains("nested more than 64")), "{refused:?}");
    let garbage: String =
        (0..4096u32).filter_map(|i| char::from_u32((i * 7919) % 0x2FFF)).collect();
    let _ = problems(&garbage);
    // Citations past the end are judged, not refused: the line is wrong.
    let d = derivation::read("d", "happy(a) :R 99999999\n").unwrap();
    let report = judge(&d, &[], None, &Search::default(), &mut |_, _| {}).unwrap();
    assert_eq!(report.lines[0].status, "wrong");
    assert!(started.elapsed().as_secs() < 60, "reading took {:?}", started.elapsed());
}

#[test]
fn umpire_derive_exits_0_when_it_proves_1_when_not_and_2_when_unreadable() {
    use crate::support::{stderr, stdout, umpire};
    let board = "corpus/derivations/boards/family.board";
    let proves = umpire(&[
        "derive",
        board,
        "corpus/derivations/proving/modus-ponens.derivation",
        "--claim",
        "redundant",
        "3",
    ]);
    assert_eq!(proves.status.code(), Some(0), "{}", stderr(&proves));
    assert!(stdout(&proves).contains("The derivation proves that (3) is redundant."));
    // The same derivation argued for another statement proves something else.
    let elsewhere = umpire(&[
        "derive",
        board,
        "corpus/derivations/proving/modus-ponens.derivation",
        "--claim",
        "redundant",
        "8",
    ]);
    assert_eq!(elsewhere.status.code(), Some(1));
    assert!(stdout(&elsewhere).contains("which does not show that (8) is redundant"));
    let gaps = umpire(&["derive", board, "corpus/derivations/mistaken/wrong-instance.derivation"]);
    assert_eq!(gaps.status.code(), Some(1));
    assert!(stdout(&gaps).contains("✗   3"), "{}", stdout(&gaps));
    let dir = std::env::temp_dir().join(format!("umpire-derive-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.derivation");
    std::fs::write(&bad, "happy(adam) :PR\nhappy(adam) :MP 1\n").unwrap();
    let unreadable = umpire(&["derive", board, bad.to_str().unwrap()]);
    assert_eq!(unreadable.status.code(), Some(2));
    let err = stderr(&unreadable);
    assert!(err.contains("`MP` is not a rule") && err.contains("help"), "{err}");
    let claim = umpire(&["derive", board, bad.to_str().unwrap(), "--claim", "redundnat", "3"]);
    assert_eq!(claim.status.code(), Some(2));
    assert!(stderr(&claim).contains("no claim"), "{}", stderr(&claim));
    let no_such = umpire(&[
        "derive",
        board,
        "corpus/derivations/proving/modus-ponens.derivation",
        "--claim",
        "redundant",
        "99",
    ]);
    assert_eq!(no_such.status.code(), Some(2));
    assert!(stderr(&no_such).contains("there is no statement (99)"));
    let missing = umpire(&["derive", board, "no/such.derivation"]);
    assert_eq!(missing.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
