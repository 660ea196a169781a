//! The finder against brute force: for random small boards and every size up to 3, a
//! model exists by the finder exactly when one exists among all structures of that size.

use crate::logic::board;
use crate::logic::check::CheckMode;
use crate::logic::cnf::Premise;
use crate::logic::semantics::Structure;
use crate::reason::finite::{search_size, AtSize};
use crate::solve::Budget;
use proptest::prelude::*;

/// Symbol sets whose structures of size 3 can all be enumerated quickly.
const VOCABULARIES: &[&[&str]] = &[
    &["blonde", "father", "c"],
    &["likes", "c"],
    &["blonde", "likes"],
    &["happy", "father", "c"],
    &["+"],
    &["likes", "father"],
];

fn term(
    symbols: &'static [&'static str],
    vars: Vec<&'static str>,
    depth: u32,
) -> BoxedStrategy<String> {
    let mut leaves: Vec<String> = vars.iter().map(|v| v.to_string()).collect();
    if symbols.contains(&"c") {
        leaves.push("c".into());
    }
    let leaf = proptest::sample::select(leaves).boxed();
    if depth == 0 {
        return leaf;
    }
    let mut options = vec![leaf];
    if symbols.contains(&"father") {
        options.push(
            term(symbols, vars.clone(), depth - 1).prop_map(|t| format!("father({t})")).boxed(),
        );
    }
    if symbols.contains(&"+") {
        options.push(
            (term(symbols, vars.clone(), depth - 1), term(symbols, vars.clone(), depth - 1))
                .prop_map(|(a, b)| format!("({a} + {b})"))
                .boxed(),
        );
    }
    proptest::strategy::Union::new(options).boxed()
}

fn atom(symbols: &'static [&'static str], vars: Vec<&'static str>) -> BoxedStrategy<String> {
    let t = || term(symbols, vars.clone(), 2);
    let mut options: Vec<BoxedStrategy<String>> =
        vec![(t(), t()).prop_map(|(a, b)| format!("{a} = {b}")).boxed()];
    for p in ["blonde", "happy"] {
        if symbols.contains(&p) {
            options.push(t().prop_map(move |a| format!("{p}({a})")).boxed());
        }
    }
    if symbols.contains(&"likes") {
        options.push((t(), t()).prop_map(|(a, b)| format!("likes({a}, {b})")).boxed());
    }
    proptest::strategy::Union::new(options).boxed()
}

/// A formula whose free variables are among `vars`; may bind up to two more.
fn formula(
    symbols: &'static [&'static str],
    vars: Vec<&'static str>,
    depth: u32,
) -> BoxedStrategy<String> {
    let a = atom(symbols, vars.clone());
    if depth == 0 {
        return a;
    }
    let sub = || formula(symbols, vars.clone(), depth - 1);
    let mut options = vec![
        a,
        sub().prop_map(|f| format!("¬({f})")).boxed(),
        (sub(), sub(), proptest::sample::select(vec!["∧", "∨", "→", "↔"]))
            .prop_map(|(l, r, op)| format!("({l}) {op} ({r})"))
            .boxed(),
    ];
    if let Some(v) = ["x", "y"].into_iter().find(|v| !vars.contains(v)) {
        let mut inner = vars.clone();
        inner.push(v);
        options.push(
            (proptest::sample::select(vec!["∀", "∃", "∃!"]), formula(symbols, inner, depth - 1))
                .prop_map(move |(q, f)| format!("{q}{v} ({f})"))
                .boxed(),
        );
    }
    proptest::strategy::Union::new(options).boxed()
}

pub(crate) fn board_text() -> impl Strategy<Value = (&'static [&'static str], String, Vec<bool>)> {
    proptest::sample::select(VOCABULARIES).prop_flat_map(|symbols| {
        let statement = proptest::prop_oneof![
            8 => (proptest::sample::select(vec!["∀", "∃", "∃!", "¬∀", "¬∃"]), formula(symbols, vec!["x"], 3))
                .prop_map(|(q, f)| format!("{q}x ({f})")),
            1 => (1u32..4).prop_map(|n| format!("|L| ≥ {n}")),
            1 => (1u32..5).prop_map(|n| format!("|L| < {n}")),
        ];
        (Just(symbols), proptest::collection::vec((statement, proptest::bool::weighted(0.2)), 1..4)).prop_map(
            |(symbols, sts)| {
                let text = sts.iter().map(|(s, _)| s.clone()).collect::<Vec<_>>().join("\n");
                (symbols, text, sts.into_iter().map(|(_, neg)| neg).collect())
            },
        )
    })
}

/// Every structure of `size` over `symbols` (all other symbols stay blank).
pub(crate) fn exists_by_brute_force(
    blank: &Structure,
    symbols: &[&str],
    check: &dyn Fn(&Structure) -> bool,
) -> bool {
    // Each table cell is one digit of a mixed-radix counter.
    let mut cells: Vec<(String, bool, usize)> = Vec::new();
    for &s in symbols {
        let (is_pred, len) = match (blank.predicates.get(s), blank.functions.get(s)) {
            (Some(t), _) => (true, t.values.len()),
            (_, Some(t)) => (false, t.values.len()),
            _ => continue,
        };
        for i in 0..len {
            cells.push((s.to_string(), is_pred, i));
        }
    }
    let radix = |is_pred: bool| if is_pred { 2 } else { blank.size as u32 };
    let mut digits = vec![0u32; cells.len()];
    let mut m = blank.clone();
    loop {
        for ((name, is_pred, i), &d) in cells.iter().zip(&digits) {
            if *is_pred {
                m.predicates.get_mut(name).unwrap().values[*i] = d == 1;
            } else {
                m.functions.get_mut(name).unwrap().values[*i] = d;
            }
        }
        if check(&m) {
            return true;
        }
        let mut k = 0;
        loop {
            if k == digits.len() {
                return false;
            }
            digits[k] += 1;
            if digits[k] < radix(cells[k].1) {
                break;
            }
            digits[k] = 0;
            k += 1;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn finder_agrees_with_brute_force((symbols, text, negated) in board_text()) {
        let Ok(b) = board::load("random", &text, CheckMode::FreeStanding) else {
            // The generator can write `∃!x` around a body without x and similar legal
            // oddities, but never an ill-formed board; still, skip anything refused.
            return Ok(());
        };
        let premises: Vec<Premise> = b.board.statements.iter().enumerate()
            .map(|(i, s)| Premise { index: i + 1, statement: s, negated: negated[i] })
            .collect();
        for size in 1..=3 {
            let blank = Structure::blank(&b.signature, size);
            let brute = exists_by_brute_force(&blank, symbols, &|m| {
                premises.iter().all(|p| m.satisfies(p.statement, p.negated).unwrap())
            });
            let found = match search_size(&b.signature, &premises, size, &Budget::unlimited()).unwrap() {
                AtSize::Found { .. } => true,
                AtSize::NoModel | AtSize::Forbidden { .. } => false,
                AtSize::GaveUp(why) => panic!("unlimited budget gave up: {why}"),
                AtSize::BeyondSearch { .. } => panic!("sizes 1 to 3 are searched"),
            };
            prop_assert_eq!(found, brute, "size {} of board (negated {:?}):\n{}", size, negated, text);
        }
    }
}

/// The provers' shared property, on a random board (statement i negated when `negated[i]`):
/// whatever `refute` proves passes the independent checker, and a board it refutes has no
/// model of size ≤ 3 (found by brute force).
pub(crate) fn refutation_has_no_small_model(
    symbols: &[&str],
    text: &str,
    negated: &[bool],
    refute: &dyn Fn(&crate::logic::clauses::ClauseSet) -> Option<crate::reason::proof::Proof>,
) -> Result<(), TestCaseError> {
    let Ok(b) = board::load("random", text, CheckMode::FreeStanding) else { return Ok(()) };
    let premises: Vec<Premise> = b
        .board
        .statements
        .iter()
        .enumerate()
        .map(|(i, s)| Premise { index: i + 1, statement: s, negated: negated[i] })
        .collect();
    let set = crate::logic::cnf::clausify_with(&b.signature, &premises, true);
    if let Some(proof) = refute(&set) {
        prop_assert!(
            crate::reason::proof::check::check(&b.signature, &premises, &proof).is_ok(),
            "{}",
            proof.text(&[])
        );
        for size in 1..=3 {
            let blank = Structure::blank(&b.signature, size);
            let model = exists_by_brute_force(&blank, symbols, &|m| {
                premises.iter().all(|p| m.satisfies(p.statement, p.negated).unwrap())
            });
            prop_assert!(
                !model,
                "refuted, but has a model of size {}:\n{}\n{}",
                size,
                text,
                proof.text(&[])
            );
        }
    }
    Ok(())
}
