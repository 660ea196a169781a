//! Verdicts on the corpus boards (`corpus/boards/verdicts.tsv`), each with its evidence
//! re-checked here once more, against the statements.

use crate::read;
use umpire::logic::board::{self, CheckedBoard};
use umpire::logic::check::CheckMode;
use umpire::logic::cnf::premises_of;
use umpire::logic::infinite::{Domain, InfiniteStructure, Meaning};
use umpire::logic::presburger::{Formula, Linear};
use umpire::reason::finite::{self, Limits};
use umpire::reason::infinite;
use umpire::reason::proof::saturation;
use umpire::reason::{decide, decide_with, Certificate, Options, Question, Verdict};
use umpire::solve::Budget;

fn load(name: &str) -> CheckedBoard {
    let path = format!("corpus/boards/{name}");
    board::load(&path, &read(&path), CheckMode::FreeStanding)
        .unwrap_or_else(|r| panic!("{}", r.render_plain()))
}

/// Small enough to keep the suite quick; large enough for every board in the table. Only
/// the boards whose answer is *unknown* take the whole time.
fn limits() -> Limits {
    Limits { max_size: 10, budget: Budget::time(std::time::Duration::from_secs(3)) }
}

fn question(text: &str) -> Question {
    match text.strip_prefix("follows ") {
        Some(k) => Question::Follows(k.parse().unwrap()),
        None => Question::Consistency,
    }
}

#[test]
fn corpus_verdicts() {
    let table = read("corpus/boards/verdicts.tsv");
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, q, expected, size) = (cols[0], question(cols[1]), cols[2], cols[3]);
        let b = load(name);
        // Steps are asked for, as a claim at the table asks for them.
        let d = decide_with(&b, q, &limits(), Options { steps: true }, &mut |_| {}).unwrap();
        assert_eq!(d.verdict.name(), expected, "{name} {q:?}: {}", d.explanation);
        if let Some(m) = d.verdict.infinite_model() {
            let domain = match m.domain {
                Domain::Naturals => "ℕ",
                Domain::Integers => "ℤ",
            };
            assert_eq!(domain, size, "{name} {q:?}: the model's domain");
            let negated = if let Question::Follows(k) = q { Some(k) } else { None };
            assert_eq!(m.well_defined(None), Ok(true), "{name}");
            for (i, st) in b.board.statements.iter().enumerate() {
                let neg = negated == Some(i + 1);
                assert_eq!(
                    m.satisfies(st, neg, None),
                    Ok(true),
                    "{name}: statement {} fails in the infinite model",
                    i + 1
                );
            }
        } else {
            assert!(
                !size.starts_with('ℕ') && !size.starts_with('ℤ'),
                "{name} {q:?}: expected an infinite model, got {}",
                d.explanation
            );
        }
        // A saturation, where the table says so, passes the independent check once more.
        assert_eq!(
            d.verdict.saturation().is_some(),
            size == "saturation",
            "{name} {q:?}: {}",
            d.explanation
        );
        if let Some(s) = d.verdict.saturation() {
            let negated = if let Question::Follows(k) = q { Some(k) } else { None };
            assert_eq!(
                saturation::check(
                    &b.signature,
                    &premises_of(&b, negated),
                    &s.symbols,
                    &s.saturation
                ),
                Ok(()),
                "{name}"
            );
        }
        if let Some(m) = d.verdict.model() {
            if size != "-" {
                assert_eq!(m.structure.size.to_string(), size, "{name}: the smallest model");
            }
            // The evaluator once more, statement by statement, outside the library's path.
            let negated = match q {
                Question::Follows(k) => Some(k),
                Question::Consistency => None,
            };
            for (i, st) in b.board.statements.iter().enumerate() {
                let neg = negated == Some(i + 1);
                assert!(
                    m.structure.satisfies(st, neg).unwrap(),
                    "{name}: statement {} fails in the model",
                    i + 1
                );
            }
            // Every smaller size was searched without a model, or is ruled out by the board.
            let premises = premises_of(&b, negated);
            for s in 1..m.structure.size {
                if !d.sizes_without_model.contains(&s) {
                    let at = finite::search_size(&b.signature, &premises, s, &Budget::unlimited())
                        .unwrap();
                    assert!(
                        matches!(at, finite::AtSize::Forbidden { .. }),
                        "{name}: size {s} skipped"
                    );
                }
            }
        }
        if let Verdict::Inconsistent { certificate } | Verdict::Redundant { certificate } =
            &d.verdict
        {
            let negated = if let Question::Follows(k) = q { Some(k) } else { None };
            assert!(certificate.recheck(&b, negated), "{name}");
            // Proved in steps (asked for), unless the cardinality statements alone leave no size.
            assert!(
                matches!(
                    certificate,
                    Certificate::Refutation { .. } | Certificate::NoSizeAllowed { .. }
                ),
                "{name} {q:?}: {}",
                d.explanation
            );
        }
        rows += 1;
    }
    assert!(rows >= 15, "the table has {rows} rows");
}

#[test]
fn boards_beyond_the_engines_are_unknown_never_inconsistent() {
    let b = load("pairing-chain.board");
    let budget = Budget::time(std::time::Duration::from_secs(2));
    let d =
        decide(&b, Question::Consistency, &Limits { max_size: 6, budget }, &mut |_| {}).unwrap();
    let Verdict::Unknown { reason, stopped_by } = &d.verdict else { panic!("{:?}", d.verdict) };
    assert_eq!(*stopped_by, "size-limit");
    assert!(reason.contains("the prover found no contradiction"), "{reason}");
    assert!(reason.contains("no model of any size from 1 to 6"), "{reason}");
    assert_eq!(d.sizes_without_model, vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn a_tampered_certificate_fails_its_recheck() {
    let b = load("s-cards.board");
    let d = decide(&b, Question::Consistency, &limits(), &mut |_| {}).unwrap();
    let Verdict::Inconsistent { certificate } = d.verdict else { panic!() };
    assert!(certificate.recheck(&b, None));
    let Certificate::NoSizeAllowed { at_least, at_least_from, below, .. } = certificate else {
        panic!()
    };
    // Statement 1 says nothing about sizes: citing it must fail.
    let forged = Certificate::NoSizeAllowed { at_least, at_least_from, below, below_from: 1 };
    assert!(!forged.recheck(&b, None));
    let short = Certificate::NoModelOfAllowedSize {
        sizes: vec![1],
        below: 3,
        below_from: 13,
        certified: Vec::new(),
    };
    assert!(!short.recheck(&b, None), "size 2 was not searched");
}

#[test]
fn a_model_of_a_given_size() {
    let b = load("two-objects.board");
    let premises = premises_of(&b, None);
    let budget = Budget::unlimited();
    assert!(matches!(
        finite::search_size(&b.signature, &premises, 1, &budget).unwrap(),
        finite::AtSize::NoModel
    ));
    let finite::AtSize::Found { model } =
        finite::search_size(&b.signature, &premises, 7, &budget).unwrap()
    else {
        panic!("a model of size 7")
    };
    assert_eq!(model.structure.size, 7);
    let bounded = load("bounded-redundancy.board");
    let p = premises_of(&bounded, None);
    assert!(matches!(
        finite::search_size(&bounded.signature, &p, 2, &budget).unwrap(),
        finite::AtSize::Forbidden { .. }
    ));
}

#[test]
fn names_and_functions_show_in_the_model() {
    let b = load("plus-group.board");
    let d = decide(&b, Question::Consistency, &limits(), &mut |_| {}).unwrap();
    let m = d.verdict.model().unwrap();
    let text = umpire::commands::drawing::text(m);
    assert!(text.contains("zero = #"), "{text}");
    assert!(text.contains("+ (row + column):"), "{text}");
    assert!(text.contains("inverse: #1↦"), "{text}");
    let zero = m.structure.apply("zero", &[]).unwrap();
    for x in 0..3 {
        let inv = m.structure.apply("inverse", &[x]).unwrap();
        assert_eq!(m.structure.apply("+", &[x, inv]).unwrap(), zero);
    }
}

#[test]
fn the_budget_is_honoured() {
    let b = load("pairing-chain.board");
    // The conflict budget stops the model search; the provers, which count no conflicts,
    // stop on the time.
    let budget = Budget::time(std::time::Duration::from_secs(3)).with_conflicts(1);
    let d =
        decide(&b, Question::Consistency, &Limits { max_size: 50, budget }, &mut |_| {}).unwrap();
    assert!(
        matches!(d.verdict, Verdict::Unknown { stopped_by: "conflicts", .. }),
        "{:?}",
        d.verdict
    );
}

/// Without steps asked for, any certified answer will do (the bounded search's, typically);
/// with steps asked for, the prover's steps are waited for.
#[test]
fn steps_are_found_when_asked_for() {
    let b = load("bounded-redundancy.board");
    let d = decide(&b, Question::Follows(3), &limits(), &mut |_| {}).unwrap();
    assert!(matches!(d.verdict, Verdict::Redundant { .. }), "{}", d.explanation);
    assert!(d.verdict.certificate().unwrap().recheck(&b, Some(3)));
    let d = decide_with(&b, Question::Follows(3), &limits(), Options { steps: true }, &mut |_| {})
        .unwrap();
    assert!(
        matches!(d.verdict, Verdict::Redundant { certificate: Certificate::Refutation { .. } }),
        "{}",
        d.explanation
    );
}

/// No board with a finite contradiction gets an infinite model: the engine is run alone
/// (without the race) on every refutable question of the corpus.
#[test]
fn refutable_questions_never_get_an_infinite_model() {
    let mut tried = 0;
    for table in ["corpus/boards/verdicts.tsv", "corpus/claims/claims.tsv"] {
        for line in read(table).lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let cols: Vec<&str> = line.split('\t').collect();
            if !matches!(cols[2], "inconsistent" | "redundant" | "upheld") {
                continue;
            }
            let folder = table.rsplit_once('/').unwrap().0;
            let path = format!("{folder}/{}", cols[0]);
            let b = board::load(&path, &read(&path), CheckMode::FreeStanding).unwrap();
            let negated = cols[1].strip_prefix("follows ").map(|k| k.parse().unwrap());
            let premises = premises_of(&b, negated);
            let outcome = infinite::search(
                &b.signature,
                &premises,
                &Budget::time(std::time::Duration::from_secs(5)),
            );
            assert!(
                !matches!(outcome, infinite::Outcome::Found(_)),
                "{path} {negated:?}: {outcome:?}"
            );
            tried += 1;
        }
    }
    assert!(tried >= 12, "only {tried} refutable questions");
}

/// A deliberately wrong infinite model is refused, statement by statement.
#[test]
fn a_wrong_infinite_model_is_refused() {
    let b = load("infinite-smarter.board");
    let x = Linear::var(0);
    let mut m = InfiniteStructure::new(Domain::Naturals);
    m.define(
        "smarter",
        Meaning::Predicate { arity: 2, holds: Formula::less(&Linear::var(1), &x).unwrap() },
    );
    m.define("father", Meaning::function(1, x.clone()));
    assert_eq!(
        m.satisfies(&b.board.statements[0], false, None),
        Ok(false),
        "father(x) = x is not smarter than x"
    );
    assert_eq!(m.satisfies(&b.board.statements[1], false, None), Ok(true));
    // The predecessor is no function on ℕ: 0 has none.
    m.define("father", Meaning::function(1, x.plus_constant(-1).unwrap()));
    assert_eq!(m.well_defined(None), Ok(false));
    // smarter(x, y) when x ≥ y is not irreflexive.
    m.define(
        "smarter",
        Meaning::Predicate { arity: 2, holds: Formula::at_most(&Linear::var(1), &x).unwrap() },
    );
    assert_eq!(m.satisfies(&b.board.statements[1], false, None), Ok(false));
}

/// A statement that does not follow is shown failing in the infinite countermodel, at the
/// smallest values of its ∀ variables.
#[test]
fn a_statement_that_does_not_follow_is_shown_failing_at_a_number() {
    let b = load("above-someone.board");
    let d = decide(&b, Question::Follows(4), &limits(), &mut |_| {}).unwrap();
    assert!(d.verdict.infinite_model().is_some(), "{}", d.explanation);
    assert!(d.explanation.ends_with("; (4) fails for x = 0"), "{}", d.explanation);
}

#[test]
fn exhaustive_searches_are_certified_apart_from_the_search() {
    // Issue 36: "no model of any allowed size" rests on the statements encoded again by the
    // checker's own grounding and a DRAT proof that a checker sharing nothing with varisat
    // accepts, size by size.
    for (name, sizes) in [
        ("tournament-too-small.board", 1..=6),
        ("pigeonhole-fathers.board", 1..=5),
        ("bounded-redundancy.board", 1..=1),
    ] {
        let b = load(name);
        let question =
            if name.starts_with("bounded") { Question::Follows(3) } else { Question::Consistency };
        let d = decide(&b, question, &limits(), &mut |_| {}).unwrap();
        let (Verdict::Inconsistent { certificate } | Verdict::Redundant { certificate }) =
            &d.verdict
        else {
            panic!("{name}: {:?}", d.verdict)
        };
        if let Certificate::NoModelOfAllowedSize { sizes: searched, certified, .. } = certificate {
            let wanted: Vec<usize> = sizes.collect();
            assert_eq!(searched, &wanted, "{name}");
            let certified_sizes: Vec<usize> = certified.iter().map(|c| c.size).collect();
            assert_eq!(certified_sizes, wanted, "{name}");
            assert!(d.explanation.contains("refuted by a DRAT proof"), "{}", d.explanation);
        }
    }
    // The tournament has no six-player model, which takes a real proof to show.
    let b = load("tournament-too-small.board");
    let d = decide(&b, Question::Consistency, &limits(), &mut |_| {}).unwrap();
    let Verdict::Inconsistent { certificate: Certificate::NoModelOfAllowedSize { certified, .. } } =
        &d.verdict
    else {
        panic!("{:?}", d.verdict)
    };
    let six = certified.iter().find(|c| c.size == 6).unwrap();
    assert!(six.proof_steps > 100 && six.clauses > 1_000, "{six:?}");
}

#[test]
fn a_search_that_wrongly_finds_no_model_is_not_certified() {
    // A finite search whose grounding were broken could report "no model of size 2" for a
    // board that has one; the certificate is made from the statements, so it fails, and
    // the sizes are not certified.
    use umpire::reason::finite::certify::{certify_sizes, CertifyError};
    let b = board::load("two.board", "|L| < 3\n∃x∃y x ≠ y\n", CheckMode::FreeStanding)
        .unwrap_or_else(|r| panic!("{}", r.render_plain()));
    let premises = premises_of(&b, None);
    let budget = Budget::time(std::time::Duration::from_secs(10));
    assert!(certify_sizes(&b.signature, &premises, &[1], &budget).is_ok());
    assert_eq!(
        certify_sizes(&b.signature, &premises, &[1, 2], &budget),
        Err(CertifyError::HasModel(2))
    );
}

#[test]
fn the_checkers_own_grounding_agrees_with_the_search_on_every_board() {
    // Two independent readings of "a model of n objects": the finite search's encoding and
    // the checker's own (`proof::ground`), asked at sizes 1 to 3 of every corpus board, as
    // written and with each statement negated in turn. They must agree everywhere.
    use umpire::reason::finite::certify::{certify_sizes, CertifyError};
    let budget = Budget::time(std::time::Duration::from_secs(20));
    let mut compared = 0;
    let mut names: Vec<String> = std::fs::read_dir(crate::root("corpus/boards"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".board"))
        .collect();
    names.sort();
    for name in names {
        let b = load(&name);
        let count = b.board.statements.len();
        for negated in std::iter::once(None).chain((1..=count).map(Some)) {
            let premises = premises_of(&b, negated);
            for size in 1..=3 {
                let search = finite::search_size(&b.signature, &premises, size, &budget);
                let has_model = match search {
                    Ok(finite::AtSize::Found { .. }) => true,
                    Ok(finite::AtSize::NoModel) | Ok(finite::AtSize::Forbidden { .. }) => false,
                    _ => continue,
                };
                let certified = certify_sizes(&b.signature, &premises, &[size], &budget);
                match certified {
                    Ok(_) => assert!(
                        !has_model,
                        "{name} {negated:?} size {size}: certified, yet a model"
                    ),
                    Err(CertifyError::HasModel(_)) => {
                        assert!(
                            has_model,
                            "{name} {negated:?} size {size}: a model only by the checker"
                        )
                    }
                    Err(e) => panic!("{name} {negated:?} size {size}: {e}"),
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 300, "{compared}");
}

/// The infinite-model search chooses a meaning for one symbol at a time, recursively: a
/// problem of thousands of symbols (a TPTP clause of 20 000 propositional letters) overflowed
/// its stack. Past its symbol limit it declines at once.
#[test]
fn very_many_symbols_are_out_of_the_infinite_searchs_reach() {
    let text: String = (0..300).map(|i| format!("blonde(k{i})\n")).collect();
    let b = board::load("many.board", &text, CheckMode::FreeStanding).unwrap();
    let premises = premises_of(&b, None);
    let outcome =
        infinite::search(&b.signature, &premises, &Budget::time(std::time::Duration::from_secs(5)));
    assert!(matches!(outcome, infinite::Outcome::OutOfReach), "{outcome:?}");
    // A few are still searched (and a structure found: everyone blonde).
    let text: String = (0..3).map(|i| format!("blonde(k{i})\n")).collect();
    let b = board::load("few.board", &text, CheckMode::FreeStanding).unwrap();
    let outcome = infinite::search(
        &b.signature,
        &premises_of(&b, None),
        &Budget::time(std::time::Duration::from_secs(5)),
    );
    assert!(matches!(outcome, infinite::Outcome::Found(_)), "{outcome:?}");
}
