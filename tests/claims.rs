//! Claims at the table (`corpus/claims/claims.tsv`): each decided as a game claim is, with
//! steps asked for; the verdict as expected, the proof within its bound of steps, in the
//! board's own names, and re-checked once more here.

use crate::read;
use std::time::Duration;
use umpire::logic::board;
use umpire::logic::check::CheckMode;
use umpire::reason::finite::Limits;
use umpire::reason::{decide_with, Certificate, Options, Question, Verdict};
use umpire::solve::Budget;

#[test]
fn claims_are_settled_in_few_steps_a_person_can_follow() {
    let table = read("corpus/claims/claims.tsv");
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, question, expected, most) = (cols[0], cols[1], cols[2], cols[3]);
        let path = format!("corpus/claims/{name}");
        let b = board::load(&path, &read(&path), CheckMode::FreeStanding)
            .unwrap_or_else(|r| panic!("{}", r.render_plain()));
        let q = match question.strip_prefix("follows ") {
            Some(k) => Question::Follows(k.parse().unwrap()),
            None => Question::Consistency,
        };
        let limits = Limits { max_size: 24, budget: Budget::time(Duration::from_secs(10)) };
        let d = decide_with(&b, q, &limits, Options { steps: true }, &mut |_| {}).unwrap();
        assert_eq!(d.verdict.name(), expected, "{name} {question}: {}", d.explanation);
        if let Some(certificate) = d.verdict.certificate() {
            let negated = if let Question::Follows(k) = q { Some(k) } else { None };
            assert!(certificate.recheck(&b, negated), "{name}");
            match (certificate, most.parse::<usize>()) {
                (Certificate::Refutation { proof, argument }, Ok(most)) => {
                    assert!(
                        proof.steps.len() <= most,
                        "{name} {question}: {} steps, at most {most} expected:\n{}",
                        proof.steps.len(),
                        proof.text(argument)
                    );
                    let text = proof.text(argument);
                    assert!(!text.contains('#'), "{name}: a machine name in the proof:\n{text}");
                }
                (Certificate::Refutation { proof, .. }, Err(_)) => {
                    panic!("{name}: {} steps where none were expected", proof.steps.len())
                }
                (_, Ok(_)) => panic!("{name} {question}: steps expected, got {}", d.explanation),
                (_, Err(_)) => {}
            }
        } else {
            assert_eq!(most, "-", "{name}: steps expected");
            assert!(
                matches!(d.verdict, Verdict::Consistent { .. } | Verdict::NotRedundant { .. }),
                "{name}"
            );
        }
        rows += 1;
    }
    assert!(rows >= 15, "{rows} claims");
}
