//! The ordering against its definition's promises, and unification against what a
//! unifier must do, on random terms.

use super::bank::{Bank, TermId};
use super::order::Kbo;
use super::unify::{matches, matches_shifted, mgu, Substitution};
use crate::logic::clauses::Term;
use crate::util::random::SplitMix64;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashMap;

// The tests below speak of tree terms; these read them through one bank per test thread.
thread_local! {
    static BANK: RefCell<Bank> = RefCell::new(Bank::new());
}

fn id(t: &Term) -> TermId {
    BANK.with(|b| b.borrow_mut().intern(t))
}

fn tree(t: TermId) -> Term {
    BANK.with(|b| b.borrow().tree(t))
}

fn with_bank<R>(f: impl FnOnce(&mut Bank) -> R) -> R {
    BANK.with(|b| f(&mut b.borrow_mut()))
}

/// The ordering on tree terms.
trait OnTrees {
    fn greater_t(&self, s: &Term, t: &Term) -> bool;
    fn compare_t(&self, s: &Term, t: &Term) -> Option<Ordering>;
    fn weight_t(&self, t: &Term) -> u64;
}

impl OnTrees for Kbo {
    fn greater_t(&self, s: &Term, t: &Term) -> bool {
        let (s, t) = (id(s), id(t));
        with_bank(|bank| self.greater(bank, s, t))
    }
    fn compare_t(&self, s: &Term, t: &Term) -> Option<Ordering> {
        let (s, t) = (id(s), id(t));
        with_bank(|bank| self.compare(bank, s, t))
    }
    fn weight_t(&self, t: &Term) -> u64 {
        let t = id(t);
        with_bank(|bank| self.weight(bank, t))
    }
}

fn mgu_t(s: &Term, t: &Term) -> Option<Substitution> {
    let (s, t) = (id(s), id(t));
    with_bank(|bank| mgu(bank, s, t))
}

fn matches_t(p: &Term, t: &Term, into: &mut Substitution) -> bool {
    let (p, t) = (id(p), id(t));
    with_bank(|bank| matches(bank, p, t, into))
}

fn matches_shifted_t(p: &Term, offset: u32, t: &Term) -> Option<Substitution> {
    let (p, t) = (id(p), id(t));
    with_bank(|bank| matches_shifted(bank, p, offset, t))
}

fn apply_t(sigma: &Substitution, t: &Term) -> Term {
    let t = id(t);
    tree(with_bank(|bank| sigma.apply(bank, t)))
}

fn apply_once_t(sigma: &Substitution, t: &Term) -> Term {
    let t = id(t);
    tree(with_bank(|bank| sigma.apply_once(bank, t)))
}

fn shift_t(t: &Term, by: u32) -> Term {
    let t = id(t);
    tree(with_bank(|bank| bank.shift(t, by)))
}

/// Symbols 0–1 constants, 2–3 unary, 4–5 binary.
const ARITIES: [usize; 6] = [0, 0, 1, 1, 2, 2];

fn random_term(rng: &mut SplitMix64, depth: u32, vars: u32) -> Term {
    if vars > 0 && rng.below(4) == 0 {
        return Term::Var(rng.below(u64::from(vars)) as u32);
    }
    let f =
        if depth == 0 { rng.below(2) as usize } else { rng.below(ARITIES.len() as u64) as usize };
    Term::App(f, (0..ARITIES[f]).map(|_| random_term(rng, depth.saturating_sub(1), vars)).collect())
}

fn kbos() -> Vec<Kbo> {
    let occurrences = [5, 1, 3, 2, 4, 1];
    vec![
        Kbo::new(&ARITIES),
        Kbo::with(vec![3, 1, 2, 1, 1, 4], vec![5, 0, 3, 1, 4, 2]),
        Kbo::by_inverse_frequency(&ARITIES, &occurrences),
        Kbo::by_inverse_frequency_weights(&ARITIES, &occurrences),
        Kbo::conjecture_max(&ARITIES, &occurrences, &[false, true, false, false, true, false]),
    ]
}

#[test]
fn conjecture_max_puts_the_question_symbols_greatest_and_lightest() {
    // Symbols 1 (a constant) and 4 (binary) are the question's: above every other symbol,
    // 4 (more frequent) below 1; the other four by inverse frequency, 0 the most frequent.
    let in_goal = [false, true, false, false, true, false];
    let kbo = Kbo::conjecture_max(&ARITIES, &[5, 1, 3, 2, 4, 1], &in_goal);
    let p = kbo.precedence();
    assert_eq!(p.to_vec(), vec![0, 5, 1, 2, 4, 3], "precedence");
    // A symbol weighs one more than the number of symbols above it: 1 weighs 1, 0 six.
    let (a, b) = (Term::App(1, vec![]), Term::App(0, vec![]));
    assert_eq!((kbo.weight_t(&a), kbo.weight_t(&b)), (1, 6));
    // So the question's constant is below the axioms' constant although greater in the
    // precedence: equations rewrite towards the question's names.
    assert!(kbo.greater_t(&b, &a));
}

#[test]
fn by_inverse_frequency_the_rarer_symbol_is_greater_and_constants_lowest() {
    // Symbol 2 (unary) occurs 3 times, 3 (unary) twice, 5 (binary) once, 4 (binary) 4
    // times; the constants 0 and 1 come below every function whatever their counts.
    let kbo = Kbo::by_inverse_frequency(&ARITIES, &[5, 1, 3, 2, 4, 1]);
    let p = kbo.precedence();
    assert!(p[0] < p[2] && p[1] < p[2], "constants lowest: {p:?}");
    assert!(p[3] > p[2] && p[5] > p[4], "rarer is greater: {p:?}");
    // With weights by frequency rank, `f(x, x) = g(g(x, c), c)` for a rare f and a
    // frequent g and c is ordered from left to right, which it is not with every weight 1.
    let (f, g, c) = (5usize, 4usize, Term::App(0, vec![]));
    let x = Term::Var(0);
    let lhs = Term::App(f, vec![x.clone(), x.clone()]);
    let rhs = Term::App(g, vec![Term::App(g, vec![x.clone(), c.clone()]), c]);
    let weighted = Kbo::by_inverse_frequency_weights(&ARITIES, &[5, 1, 3, 2, 4, 1]);
    assert!(weighted.greater_t(&lhs, &rhs));
    assert!(!kbo.greater_t(&lhs, &rhs));
}

fn substitute(t: &Term, s: &HashMap<u32, Term>) -> Term {
    crate::logic::clauses::subst_term(t, s)
}

#[test]
fn kbo_is_a_strict_order_total_on_ground_terms() {
    let mut rng = SplitMix64::new(21);
    for kbo in kbos() {
        for _ in 0..3000 {
            let (s, t, u) = (
                random_term(&mut rng, 3, 0),
                random_term(&mut rng, 3, 0),
                random_term(&mut rng, 3, 0),
            );
            assert!(!kbo.greater_t(&s, &s), "irreflexive");
            if s != t {
                assert!(
                    kbo.greater_t(&s, &t) != kbo.greater_t(&t, &s),
                    "total and asymmetric on ground terms: {s:?} {t:?}"
                );
            }
            if kbo.greater_t(&s, &t) && kbo.greater_t(&t, &u) {
                assert!(kbo.greater_t(&s, &u), "transitive");
            }
        }
    }
}

#[test]
fn kbo_with_variables_is_stable_under_substitution_and_has_the_subterm_property() {
    let mut rng = SplitMix64::new(22);
    let mut compared = 0;
    for kbo in kbos() {
        for _ in 0..4000 {
            let (s, t) = (random_term(&mut rng, 3, 3), random_term(&mut rng, 3, 3));
            if kbo.greater_t(&s, &t) {
                compared += 1;
                assert!(!kbo.greater_t(&t, &s), "asymmetric");
                let sigma: HashMap<u32, Term> =
                    (0..3).map(|v| (v, random_term(&mut rng, 2, 3))).collect();
                assert!(
                    kbo.greater_t(&substitute(&s, &sigma), &substitute(&t, &sigma)),
                    "stable: {s:?} > {t:?} under {sigma:?}"
                );
            }
            // Compatible with contexts: putting both in the same place keeps the order.
            if kbo.greater_t(&s, &t) {
                let other = random_term(&mut rng, 2, 3);
                for (f, args) in [
                    (2, vec![s.clone()]),
                    (4, vec![s.clone(), other.clone()]),
                    (5, vec![other.clone(), s.clone()]),
                ] {
                    let with_t: Vec<Term> =
                        args.iter().map(|a| if *a == s { t.clone() } else { a.clone() }).collect();
                    assert!(
                        kbo.greater_t(&Term::App(f, args.clone()), &Term::App(f, with_t.clone())),
                        "monotone: {s:?} > {t:?} inside {f}"
                    );
                }
            }
            // A term is greater than each of its proper subterms.
            if let Term::App(_, args) = &s {
                for a in args {
                    assert!(kbo.greater_t(&s, a), "subterm: {s:?} > {a:?}");
                }
            }
            // Never a variable above a term that is not it.
            if let Term::Var(_) = s {
                assert!(!kbo.greater_t(&s, &t) || t == s);
            }
        }
    }
    assert!(compared > 500, "enough comparable pairs: {compared}");
}

#[test]
fn kbo_descending_chains_end() {
    // Well-founded: from any ground term, a chain of ever smaller ground terms is short,
    // since weight never grows along it and, at equal weight, there are finitely many terms.
    let kbo = Kbo::new(&ARITIES);
    let mut rng = SplitMix64::new(23);
    for _ in 0..200 {
        let mut t = random_term(&mut rng, 4, 0);
        let start = kbo.weight_t(&t);
        for _ in 0..200 {
            let candidates: Vec<Term> = (0..50)
                .map(|_| random_term(&mut rng, 3, 0))
                .filter(|u| kbo.greater_t(&t, u))
                .collect();
            let Some(next) = candidates.into_iter().next() else { break };
            assert!(kbo.weight_t(&next) <= kbo.weight_t(&t));
            t = next;
        }
        assert!(kbo.weight_t(&t) <= start);
    }
    assert_eq!(kbo.compare_t(&Term::App(0, vec![]), &Term::App(0, vec![])), Some(Ordering::Equal));
    // compare agrees with greater, and says when neither is greater.
    let (x, y) = (Term::Var(0), Term::Var(1));
    assert_eq!(kbo.compare_t(&x, &y), None, "two variables are incomparable");
    let fx = Term::App(2, vec![x.clone()]);
    assert_eq!(kbo.compare_t(&fx, &x), Some(Ordering::Greater));
    assert_eq!(kbo.compare_t(&x, &fx), Some(Ordering::Less));
    assert_eq!(kbo.compare_t(&fx, &Term::App(2, vec![y])), None, "f(x) and f(y) are incomparable");
}

#[test]
fn unifiers_unify_and_matching_matches() {
    let mut rng = SplitMix64::new(24);
    let mut unified = 0;
    for _ in 0..5000 {
        let (s, t) = (random_term(&mut rng, 3, 4), random_term(&mut rng, 2, 4));
        match mgu_t(&s, &t) {
            Some(sigma) => {
                unified += 1;
                assert_eq!(apply_t(&sigma, &s), apply_t(&sigma, &t), "{s:?} {t:?}");
            }
            None => {
                // No ground instance makes them equal either (tried on random groundings).
                for _ in 0..5 {
                    let g: HashMap<u32, Term> =
                        (0..4).map(|v| (v, random_term(&mut rng, 1, 0))).collect();
                    if substitute(&s, &g) == substitute(&t, &g) {
                        panic!("{s:?} and {t:?} have a common instance, but no unifier was found");
                    }
                }
            }
        }
        // Matching an instance of a term finds the substitution that made it.
        let g: HashMap<u32, Term> = (0..4).map(|v| (v, random_term(&mut rng, 2, 2))).collect();
        let instance = substitute(&s, &g);
        let mut found = Substitution::new();
        assert!(matches_t(&s, &instance, &mut found), "{s:?} matches its instance");
        assert_eq!(apply_once_t(&found, &s), instance);
        // Likewise with the pattern's variables shifted (as a demodulator's are), and on
        // another term (a grounding of the other random term) both agree.
        let shifted = matches_shifted_t(&s, 7, &instance).expect("the shifted pattern matches");
        assert_eq!(apply_once_t(&shifted, &shift_t(&s, 7)), instance);
        let other = substitute(&t, &g);
        let plain = matches_t(&s, &other, &mut Substitution::new());
        assert_eq!(matches_shifted_t(&s, 7, &other).is_some(), plain, "{s:?} onto {other:?}");
    }
    assert!(unified > 300, "enough unifiable pairs: {unified}");
    // The occurs check: x and f(x) do not unify.
    assert!(mgu_t(&Term::Var(0), &Term::App(2, vec![Term::Var(0)])).is_none());
}

/// The fingerprint index never loses an answer: every stored term that unifies with a query,
/// that the query is an instance of, or that is an instance of the query, is among what the
/// index returns (and it does leave some out, or it would index nothing).
#[test]
fn the_term_index_returns_every_unifiable_generalization_and_instance() {
    use super::index::{FingerprintIndex, Key, Retrieve};
    let mut rng = SplitMix64::new(25);
    let mut stored: Vec<Term> = (0..300).map(|_| random_term(&mut rng, 3, 3)).collect();
    // Instances of some stored terms, so that matching happens often.
    for k in 0..100 {
        let g: HashMap<u32, Term> = (0..3).map(|v| (v, random_term(&mut rng, 1, 2))).collect();
        stored.push(substitute(&stored[k], &g));
    }
    let mut index = FingerprintIndex::default();
    for (k, t) in stored.iter().enumerate() {
        let t = id(t);
        with_bank(|bank| index.insert(bank, Key::Term(t), k));
    }
    let (mut kept, mut left_out) = (0, 0);
    for query in stored.iter().take(150) {
        for mode in [Retrieve::Unifiable, Retrieve::Generalizations, Retrieve::Instances] {
            let mut found = vec![false; stored.len()];
            let q = id(query);
            with_bank(|bank| index.retrieve(bank, Key::Term(q), mode, &mut |&k| found[k] = true));
            for (k, t) in stored.iter().enumerate() {
                let holds = match mode {
                    Retrieve::Unifiable => mgu_t(query, t).is_some(),
                    Retrieve::Generalizations => matches_t(t, query, &mut Substitution::new()),
                    Retrieve::Instances => matches_t(query, t, &mut Substitution::new()),
                };
                assert!(!holds || found[k], "{mode:?} of {query:?}: {t:?} was left out");
                if holds {
                    kept += 1;
                } else if !found[k] {
                    left_out += 1;
                }
            }
        }
    }
    assert!(kept > 1000 && left_out > 10_000, "answers {kept}, non-answers filtered {left_out}");
}

mod refutations {
    use crate::logic::board;
    use crate::logic::check::CheckMode;
    use crate::logic::cnf::{clausify_with, premises_of};
    use crate::reason::proof::check::check;
    use crate::reason::superposition::saturate::{Outcome, Saturation};
    use crate::solve::Budget;
    use std::time::Duration;

    /// Runs the loop on a board (statement `negated` negated); a refutation must pass the
    /// independent checker. Whether it was refuted.
    fn refuted(text: &str, negated: Option<usize>) -> bool {
        refuted_within(text, negated, 3000)
    }

    fn refuted_within(text: &str, negated: Option<usize>, millis: u64) -> bool {
        let b = board::load("t", text, CheckMode::FreeStanding).unwrap();
        let premises = premises_of(&b, negated);
        let set = clausify_with(&b.signature, &premises, true);
        match Saturation::new(&set).run(&Budget::time(Duration::from_millis(millis))) {
            Outcome::Refuted(proof) => {
                check(&b.signature, &premises, &proof).unwrap_or_else(|e| {
                    panic!(
                        "the checker refuses a superposition proof ({e}) of:\n{text}\n{}",
                        proof.text(&[])
                    )
                });
                true
            }
            Outcome::Stopped { .. } | Outcome::Saturated(_) => false,
        }
    }

    #[test]
    fn equational_refutations_pass_the_checker() {
        assert!(refuted("∀x∀y x + y = y + x\n∀x∀y likes(x + y, x)\n¬likes(a + b, b)", None));
        assert!(refuted("∀x father(father(x)) = x\n∀x blonde(x) → blonde(father(x))\nblonde(a)\n¬blonde(father(father(father(a))))", None));
        // Group theory's double inverse may take longer than the budget; whatever is found
        // must pass the checker (which `refuted` asserts).
        refuted("∀x∀y∀z (x + y) + z = x + (y + z)\n∀x x + a = x\n∀x x + father(x) = a\n¬(father(father(b)) = b)", None);
        assert!(!refuted("∀x blonde(x) ∨ happy(x)\n¬blonde(a)", None), "consistent: never refuted");
    }

    /// A clause rewritten into a simpler one leaves the set of clauses that later variants
    /// are dropped against. Here `b = father(father(a))` is rewritten by `c =
    /// father(father(a))` into `c = b`, which rewrites `c = father(father(a))` back into
    /// `b = father(father(a))`: dropped as a variant of the first, it took the value of
    /// `father(father(a))` with it, and the loop ran dry on an inconsistent board (ALG102+1
    /// of the TPTP library did so).
    #[test]
    fn a_variant_of_a_clause_rewritten_away_is_kept() {
        let text = "c = father(father(a))\nb = father(father(a))\n¬(father(father(a)) = b)";
        assert!(refuted(text, None));
    }

    #[test]
    fn forged_derived_steps_are_refused() {
        use crate::reason::proof::StepKind;
        let text = "∀x father(father(x)) = x\n∀x blonde(x) → blonde(father(x))\nblonde(a)\n¬blonde(father(father(father(a))))";
        let b = board::load("t", text, CheckMode::FreeStanding).unwrap();
        let premises = premises_of(&b, None);
        let set = clausify_with(&b.signature, &premises, true);
        let Outcome::Refuted(proof) =
            Saturation::new(&set).run(&Budget::time(Duration::from_secs(3)))
        else {
            panic!("refuted before")
        };
        assert!(check(&b.signature, &premises, &proof).is_ok());
        let derived: Vec<usize> = (0..proof.steps.len())
            .filter(
                |&i| matches!(&proof.steps[i].kind, StepKind::Derived { from } if !from.is_empty()),
            )
            .collect();
        assert!(!derived.is_empty(), "{}", proof.text(&[]));
        for &i in &derived {
            let StepKind::Derived { from } = &proof.steps[i].kind else { unreachable!() };
            // Without its premises, a non-empty derived clause that is no tautology follows
            // from nothing.
            let mut forged = proof.clone();
            forged.steps[i].kind = StepKind::Derived { from: Vec::new() };
            if !proof.steps[i].literals.is_empty()
                && check(&b.signature, &premises, &forged).is_ok()
            {
                panic!("step {} accepted without premises: {}", i + 1, forged.text(&[]));
            }
            // Citing a later step is refused.
            let mut forged = proof.clone();
            forged.steps[i].kind = StepKind::Derived { from: vec![i] };
            assert!(check(&b.signature, &premises, &forged).is_err());
            // A literal flipped no longer follows (or the refutation breaks).
            if let Some(l) = proof.steps[i].literals.first() {
                let mut forged = proof.clone();
                forged.steps[i].literals[0] = crate::logic::clauses::negate(l);
                assert!(
                    check(&b.signature, &premises, &forged).is_err(),
                    "flipped step {} of {:?}",
                    i + 1,
                    from
                );
            }
        }
    }

    /// Corpus questions whose proofs are not the superposition loop's to find: bounds on the
    /// domain's size, the empty domain, and a naming statement's uniqueness are settled by
    /// other engines (the arbiter races them).
    const NOT_SUPERPOSITIONS: [&str; 4] = [
        "bounded-too-small.board check",
        "bounded-redundancy.board follows 3",
        "empty-domain.board check",
        "two-names-one-object.board check",
    ];

    #[test]
    fn corpus_questions_that_are_refuted_are_refuted_correctly() {
        let root = env!("CARGO_MANIFEST_DIR");
        let table = std::fs::read_to_string(format!("{root}/corpus/boards/verdicts.tsv")).unwrap();
        let (mut tried, mut proved) = (0, 0);
        let mut missed = Vec::new();
        for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let cols: Vec<&str> = line.split('\t').collect();
            let (file, question, verdict) = (cols[0], cols[1], cols[2]);
            let text = std::fs::read_to_string(format!("{root}/corpus/boards/{file}")).unwrap();
            let negated =
                question.strip_prefix("follows ").map(|k| k.trim().parse::<usize>().unwrap());
            let provable = matches!(verdict, "inconsistent" | "redundant");
            let mut ok = refuted_within(&text, negated, if provable { 3000 } else { 300 });
            let name = format!("{file} {question}");
            if provable && !ok && !NOT_SUPERPOSITIONS.contains(&name.as_str()) {
                // A slow machine gets a second, longer try before this counts as a miss.
                ok = refuted_within(&text, negated, 20_000);
            }
            if provable {
                tried += 1;
                proved += usize::from(ok);
                if !ok {
                    missed.push(name);
                }
            } else {
                assert!(!ok, "{file} {question} is {verdict}, but the loop refuted it");
            }
        }
        eprintln!("superposition refuted {proved} of {tried} corpus questions that have proofs; missed: {missed:?}");
        // Issue 62: every question the loop refutes today must stay refuted; a fall from 15
        // of 19 to 10 of 19 would have passed "at least half".
        let regressed: Vec<&String> =
            missed.iter().filter(|m| !NOT_SUPERPOSITIONS.contains(&m.as_str())).collect();
        assert!(regressed.is_empty(), "the loop no longer refutes: {regressed:?}");
        assert!(tried >= 19, "the corpus lost questions that have proofs: {tried}");
    }
}

mod random_boards {
    use super::saturations::check;
    use crate::logic::board;
    use crate::logic::check::CheckMode;
    use crate::logic::cnf::{clausify_with, Premise};
    use crate::reason::finite::tests::{board_text, refutation_has_no_small_model};
    use crate::reason::instantiate::{Prover, Refutation};
    use crate::reason::superposition::saturate::{Outcome, Saturation};
    use crate::solve::Budget;
    use proptest::prelude::*;
    use std::time::Duration;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

        /// A board with a model of size ≤ 3 is never refuted; every refutation passes the
        /// checker.
        #[test]
        fn never_refutes_a_board_with_a_small_model((symbols, text, negated) in board_text()) {
            refutation_has_no_small_model(symbols, &text, &negated, &|set| match Saturation::new(set).run(&Budget::time(Duration::from_millis(300))) {
                Outcome::Refuted(proof) => Some(proof),
                _ => None,
            })?;
        }

        /// A saturation the independent check accepts is never of a board the other prover
        /// refutes. (Of 400 random boards, 300 ms each: 226 saturate and the check accepts
        /// 225, 86 are refuted, 88 stop. Before the loop superposed from a variable side, as
        /// from `x = y`, 245 saturated and the check refused 34 of them.)
        #[test]
        fn an_accepted_saturation_is_never_of_a_refutable_board((_symbols, text, negated) in board_text()) {
            let Ok(b) = board::load("random", &text, CheckMode::FreeStanding) else { return Ok(()) };
            let premises: Vec<Premise> =
                b.board.statements.iter().enumerate().map(|(i, s)| Premise { index: i + 1, statement: s, negated: negated[i] }).collect();
            let set = clausify_with(&b.signature, &premises, true);
            if let Outcome::Saturated(claim) = Saturation::new(&set).run(&Budget::time(Duration::from_millis(300))) {
                if check(&b.signature, &premises, &claim).is_ok() {
                    let refuted = matches!(Prover::new(&set).run(&Budget::time(Duration::from_millis(300))), Refutation::Proved(_));
                    prop_assert!(!refuted, "saturated and refuted:\n{}\n{:?}", text, claim);
                }
            }
        }
    }
}

/// Each inference rule, and the restrictions on it, on small clause sets.
mod rules;

/// Saturations, with and without equality, and the independent check of them.
mod saturations;

/// The schedule's classes and catalog, and the literal selections it picks from.
mod schedule;

/// Subsumption resolution (`subsumption::resolves_away`), on literals built by hand.
mod subsumption_resolution {
    use crate::logic::clauses::{Atom, Literal, Term};
    use crate::reason::superposition::bank::Bank;
    use crate::reason::superposition::literal::Literal as BankLiteral;
    use crate::reason::superposition::unify::Substitution;

    /// `subsumption::resolves_away` on tree literals: the literal cut, and the matcher with
    /// its bindings as trees.
    fn resolves_away(
        d: &[Literal],
        c: &[Literal],
        offset: u32,
    ) -> Option<(usize, Vec<(u32, Term)>)> {
        let mut bank = Bank::new();
        let d: Vec<BankLiteral> = d.iter().map(|l| BankLiteral::intern(&mut bank, l)).collect();
        let c: Vec<BankLiteral> = c.iter().map(|l| BankLiteral::intern(&mut bank, l)).collect();
        let (i, sigma): (usize, Substitution) =
            crate::reason::superposition::subsumption::resolves_away(&bank, &d, &c, offset)?;
        let bound = (0..20).filter_map(|v| sigma.get(v).map(|t| (v, bank.tree(t)))).collect();
        Some((i, bound))
    }

    fn lit(positive: bool, p: usize, args: Vec<Term>) -> Literal {
        Literal { positive, atom: Atom::Pred(p, args) }
    }
    fn c(k: usize) -> Term {
        Term::App(k, vec![])
    }
    const P: usize = 10;
    const Q: usize = 11;
    const R: usize = 12;

    #[test]
    fn a_unit_cuts_the_complement_of_its_instance() {
        let f_a = Term::App(1, vec![c(0)]);
        let d = [lit(false, P, vec![Term::Var(0)])];
        let target = [lit(true, Q, vec![c(2)]), lit(true, P, vec![f_a.clone()])];
        let (cut, sigma) = resolves_away(&d, &target, 5).expect("¬p(x) cuts p(f(a))");
        assert_eq!(cut, 1);
        assert_eq!(sigma, vec![(5, f_a.clone())], "the unit's variable, shifted by the offset");
        // Of the same sign, nothing is cut (that would be subsumption, not resolution).
        let same_sign = [lit(true, Q, vec![c(2)]), lit(false, P, vec![f_a])];
        assert!(resolves_away(&d, &same_sign, 5).is_none());
    }

    #[test]
    fn the_rest_of_the_cutting_clause_must_be_in_the_cut_one() {
        // ¬p(x) ∨ q(x) cuts p(a) from p(a) ∨ q(a) ∨ r(b): resolving leaves q(a) ∨ r(b).
        let d = [lit(false, P, vec![Term::Var(0)]), lit(true, Q, vec![Term::Var(0)])];
        let fits = [lit(true, P, vec![c(0)]), lit(true, Q, vec![c(0)]), lit(true, R, vec![c(1)])];
        assert_eq!(resolves_away(&d, &fits, 0).map(|(i, _)| i), Some(0));
        // Not from p(a) ∨ q(b): the resolvent q(a) ∨ q(b) is no subset of q(b).
        let misfit = [lit(true, P, vec![c(0)]), lit(true, Q, vec![c(1)])];
        assert!(resolves_away(&d, &misfit, 0).is_none());
        // Nor is a longer clause used on a shorter one.
        assert!(resolves_away(&fits, &d, 0).is_none());
    }
}

/// Literal selection among negative literals of equal weight.
mod selection_ties {
    use crate::logic::clauses::{Atom, Literal, Term};
    use crate::reason::superposition::bank::Bank;
    use crate::reason::superposition::literal::Literal as BankLiteral;
    use crate::reason::superposition::order::Kbo;
    use crate::reason::superposition::saturate::Selection;

    /// In `¬p(f(x), a) ∨ ¬q(s(x), y)` both literals weigh 4: the one with both variables is
    /// selected (E's proof of SYO617-1 resolves there first; the first literal was chosen
    /// before, and the run drowned in unit clauses).
    #[test]
    fn of_equal_weight_the_literal_with_more_variables_is_selected() {
        // Symbols: 0 a, 1 f, 2 s, 3 p, 4 q.
        let kbo = Kbo::new(&[0, 1, 1, 2, 2]);
        let fx = Term::App(1, vec![Term::Var(0)]);
        let sx = Term::App(2, vec![Term::Var(0)]);
        let one_variable =
            Literal { positive: false, atom: Atom::Pred(3, vec![fx, Term::App(0, vec![])]) };
        let two_variables =
            Literal { positive: false, atom: Atom::Pred(4, vec![sx, Term::Var(1)]) };
        for lits in [
            vec![one_variable.clone(), two_variables.clone()],
            vec![two_variables.clone(), one_variable.clone()],
        ] {
            let mut bank = Bank::new();
            let stored: Vec<BankLiteral> =
                lits.iter().map(|l| BankLiteral::intern(&mut bank, l)).collect();
            let (chosen, selected) = crate::reason::superposition::selection::eligible(
                &bank,
                &kbo,
                &stored,
                Selection::Heaviest,
            );
            assert!(selected);
            let pick: Vec<&Literal> =
                lits.iter().zip(&chosen).filter(|(_, &e)| e).map(|(l, _)| l).collect();
            assert_eq!(pick, vec![&two_variables]);
        }
    }
}

#[test]
fn refined_weights_count_symbols_twice_and_positive_literals_half_again() {
    use super::literal::{clause_weight, Literal};
    use super::weights::refined_weight as refined_clause_weight;
    use crate::logic::clauses::{Atom, Literal as TreeLiteral};
    let x = Term::Var(0);
    let f_x = Term::App(2, vec![x.clone()]);
    // p(f(x)) with p = 4: three symbols and variables, two of them symbols.
    let p = |positive| TreeLiteral { positive, atom: Atom::Pred(4, vec![f_x.clone()]) };
    // f(x) = c.
    let eq = |positive| TreeLiteral { positive, atom: Atom::Eq(f_x.clone(), Term::App(0, vec![])) };
    with_bank(|bank| {
        let mut lits = |ls: &[TreeLiteral]| -> Vec<Literal> {
            ls.iter().map(|l| Literal::intern(bank, l)).collect()
        };
        let (negative, positive, both) =
            (lits(&[p(false)]), lits(&[p(true)]), lits(&[p(false), eq(true)]));
        // In half units: (2·3 − 1)·2 = 10 negative, ·3 = 15 positive.
        assert_eq!(refined_clause_weight(bank, &negative), 10);
        assert_eq!(refined_clause_weight(bank, &positive), 15);
        // The plain weight does not tell the signs apart.
        assert_eq!(clause_weight(bank, &negative), clause_weight(bank, &positive));
        // f(x) = c, positive: three symbols and variables (an equation has no symbol of
        // its own), (2·3 − 1)·3 = 15.
        assert_eq!(refined_clause_weight(bank, &both), 10 + 15);
    });
}
