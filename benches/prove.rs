//! The superposition prover alone, from clauses to a checked proof: on every corpus
//! question that has one (boards and claims at the table), and on ten equational problems
//! (seven from the TPTP library, kept in `corpus/tptp/`, and three group identities of
//! the corpus). Beside it, the instantiation prover on those of the ten it proves.
//! Each run has a 10 s budget; a question it cannot refute panics, so the list stays true.
//! Last, three consistent questions a checked saturation settles.

use std::time::Duration;
use umpire::logic::board::{self, CheckedBoard};
use umpire::logic::check::CheckMode;
use umpire::logic::clauses::ClauseSet;
use umpire::logic::cnf::{clausify_with, premises_of};
use umpire::logic::tptp::read::{read_file, to_named_board};
use umpire::reason::instantiate::{Prover, Refutation};
use umpire::reason::proof::check::check;
use umpire::reason::proof::Proof;
use umpire::reason::superposition::saturate::{Outcome, Saturation};
use umpire::solve::Budget;

fn main() {
    divan::main();
}

fn board(name: &str) -> CheckedBoard {
    let root = env!("CARGO_MANIFEST_DIR");
    let path = [
        format!("{root}/corpus/boards/{name}.board"),
        format!("{root}/corpus/claims/{name}.board"),
    ]
    .into_iter()
    .find(|p| std::path::Path::new(p).exists())
    .unwrap_or_else(|| panic!("no board {name}"));
    board::load(name, &std::fs::read_to_string(&path).unwrap(), CheckMode::FreeStanding).unwrap()
}

/// A question: `board:k` (does statement k follow?), `board:0` (consistency), or a TPTP
/// problem `NAME.p` with its conjecture.
fn question(q: &str) -> (CheckedBoard, Option<usize>) {
    if let Some(file) = q.strip_suffix(".p").map(|_| q) {
        let path = format!("{}/corpus/tptp/{file}", env!("CARGO_MANIFEST_DIR"));
        let formulas = read_file(std::path::Path::new(&path)).unwrap();
        let (b, conjecture, _) = to_named_board(file, &formulas).unwrap();
        return (b, conjecture);
    }
    let (name, k) = q.split_once(':').unwrap();
    let k: usize = k.parse().unwrap();
    (board(name), (k > 0).then_some(k))
}

/// From the question to a checked proof with `prover` (10 s); panics when it finds none.
fn prove(q: &str, prover: fn(&ClauseSet, &Budget) -> Option<Proof>) {
    let (b, negated) = question(q);
    let premises = premises_of(&b, negated);
    let set = clausify_with(&b.signature, &premises, true);
    let proof = prover(&set, &Budget::time(Duration::from_secs(10)))
        .unwrap_or_else(|| panic!("{q}: not refuted"));
    divan::black_box(check(&b.signature, &premises, &proof).unwrap());
}

fn superposition(set: &ClauseSet, budget: &Budget) -> Option<Proof> {
    match Saturation::new(set).run(budget) {
        Outcome::Refuted(proof) => Some(proof),
        _ => None,
    }
}

fn instantiation(set: &ClauseSet, budget: &Budget) -> Option<Proof> {
    match Prover::new(set).run(budget) {
        Refutation::Proved(proof) => Some(proof),
        Refutation::Stopped { .. } => None,
    }
}

/// Every corpus question with a proof (inconsistent boards, redundant statements, claims);
/// `bounded-*`, `empty-domain`, `two-names-one-object` and `s-cards` rest on the domain bounds, which superposition leaves to the
/// model search, and are not here.
const CORPUS: &[&str] = &[
    "blonde-paradox:0",
    "rules-legal:0",
    "commutative-likes:0",
    "sum-likes:3",
    "grandfather:3",
    "named-blondie:3",
    "named-blondie:2",
    "infinite-countermodel:5",
    "crush:3",
    "liker:4",
    "blondie:3",
    "blondie-father:3",
    "boss:3",
    "transitive:4",
    "own-father:0",
    "father-not-self:3",
];

const EQUATIONAL: &[&str] = &[
    "ALG019+1.p",
    "ALG210+2.p",
    "GRP711+1.p",
    "PUZ001+1.p",
    "PUZ001+2.p",
    "SET879+1.p",
    "SET921+1.p",
    "group-double-inverse:4",
    "group-left-inverse:4",
    "group-left-identity:4",
];

#[divan::bench(args = CORPUS, sample_count = 10)]
fn superposition_on_corpus(q: &str) {
    prove(q, superposition);
}

#[divan::bench(args = EQUATIONAL, sample_count = 10)]
fn superposition_equational(q: &str) {
    prove(q, superposition);
}

/// The independent check alone (issue 36: clauses rebuilt from the statements, each step
/// matched, the refutation replayed), on superposition's proofs of a few questions.
const CHECKED: &[&str] =
    &["blonde-paradox:0", "named-blondie:3", "crush:3", "transitive:4", "ALG210+2.p", "SET921+1.p"];

#[divan::bench(args = CHECKED, sample_count = 20)]
fn proof_check_alone(bencher: divan::Bencher, q: &str) {
    let (b, negated) = question(q);
    let premises = premises_of(&b, negated);
    let set = clausify_with(&b.signature, &premises, true);
    let proof = superposition(&set, &Budget::time(Duration::from_secs(10)))
        .unwrap_or_else(|| panic!("{q}: no proof"));
    bencher.bench(|| check(&b.signature, &premises, &proof).unwrap());
}

/// The instantiation prover on those of the ten it proves within 10 s (the others: it gives
/// up at its instance limit, or runs out of time; see BENCHMARKS.md).
const INSTANTIATION_PROVES: &[&str] = &["PUZ001+1.p", "SET879+1.p", "SET921+1.p"];

#[divan::bench(args = INSTANTIATION_PROVES, sample_count = 3)]
fn instantiation_equational(q: &str) {
    prove(q, instantiation);
}

/// Consistent questions that a saturation settles: the loop until it runs out of
/// inferences, then the independent check of the saturated set (both timed together);
/// panics when the loop does not saturate or the check refuses.
const SATURATES: &[&str] = &["pairing:0", "MSC014+1.p", "SYN305-1.p"];

#[divan::bench(args = SATURATES, sample_count = 10)]
fn saturation_checked(q: &str) {
    let (b, negated) = question(q);
    let premises = premises_of(&b, negated);
    let set = clausify_with(&b.signature, &premises, true);
    let Outcome::Saturated(claim) =
        Saturation::new(&set).run(&Budget::time(Duration::from_secs(10)))
    else {
        panic!("{q}: not saturated")
    };
    let symbols = umpire::reason::proof::ProofSymbol::of(&set.vocabulary);
    umpire::reason::proof::saturation::check(&b.signature, &premises, &symbols, &claim).unwrap();
    divan::black_box(claim);
}
