//! Tests of `check`.

use super::*;
use crate::logic::board::{self, premises_of, CheckedBoard};
use crate::logic::check::CheckMode;
use crate::logic::cnf::clausify_with;
use crate::reason::proof::ProofSymbol;

fn constant(k: usize) -> Term {
    Term::App(k, vec![])
}

fn pred(p: usize, positive: bool, args: Vec<Term>) -> Literal {
    Literal { positive, atom: Atom::Pred(p, args) }
}

/// Mutation testing left `t = t` read as unknown in unit propagation uncaught.
#[test]
fn propagation_reads_an_equation_of_a_term_with_itself_as_true() {
    let a = constant(0);
    let p_a = pred(1, true, vec![a.clone()]);
    // p(a) follows from a ≠ a ∨ p(a): a ≠ a is false whatever else holds.
    let premise =
        vec![Literal { positive: false, atom: Atom::Eq(a.clone(), a.clone()) }, p_a.clone()];
    assert!(propagation_refutes_negation(
        std::slice::from_ref(&p_a),
        std::iter::once(premise.as_slice())
    ));
    // It does not follow from q(a) ∨ p(a).
    let other = vec![pred(2, true, vec![a]), p_a.clone()];
    assert!(!propagation_refutes_negation(
        std::slice::from_ref(&p_a),
        std::iter::once(other.as_slice())
    ));
}

/// Mutation testing left "both sides" dropped from equation matching uncaught (either
/// way round).
#[test]
fn an_instance_of_an_equation_matches_both_sides() {
    let (a, b) = (constant(0), constant(1));
    let ground = vec![Literal { positive: true, atom: Atom::Eq(a.clone(), b.clone()) }];
    let reflexive = vec![Literal { positive: true, atom: Atom::Eq(Term::Var(0), Term::Var(0)) }];
    assert!(!contains_instance(&ground, &reflexive, &mut 1000));
    let turned = vec![Literal { positive: true, atom: Atom::Eq(b, Term::Var(0)) }];
    assert!(contains_instance(&ground, &turned, &mut 1000));
}

/// Mutation testing left "same function symbol" (and "same predicate") dropped from
/// instance matching uncaught.
#[test]
fn an_instance_has_the_same_function_symbols() {
    let g_b = Term::App(1, vec![constant(0)]);
    let ground = vec![pred(3, true, vec![g_b])];
    let other_function = vec![pred(3, true, vec![Term::App(2, vec![Term::Var(0)])])];
    assert!(!contains_instance(&ground, &other_function, &mut 1000));
    let same_function = vec![pred(3, true, vec![Term::App(1, vec![Term::Var(0)])])];
    assert!(contains_instance(&ground, &same_function, &mut 1000));
    // The same for predicates (a third survivor: `&&` made `||` in the atom matching).
    let other_predicate = vec![pred(4, true, vec![Term::Var(0)])];
    assert!(!contains_instance(&ground, &other_predicate, &mut 1000));
}

/// Mutation testing left the occurs check uncaught (`occurs` made always false): then
/// `X ≠ f(X)` would count as `t ≠ t` and be dropped, and the satisfiable clause would
/// "contain" the empty clause.
#[test]
fn a_variable_is_never_unified_with_a_term_containing_it() {
    let f_x = Term::App(1, vec![Term::Var(0)]);
    let cyclic = vec![Literal { positive: false, atom: Atom::Eq(Term::Var(0), f_x) }];
    assert!(!contains_instance(&[], &cyclic, &mut 1000));
    let plain = vec![Literal {
        positive: false,
        atom: Atom::Eq(Term::Var(0), Term::App(1, vec![Term::Var(1)])),
    }];
    assert!(contains_instance(&[], &plain, &mut 1000));
}

/// Mutation testing left the argument-wise unification of the disequations an
/// instance may drop (`s ≠ t` made `t ≠ t`) uncaught: `&&` made `||`, and `==` made
/// `!=` on the argument counts.
#[test]
fn a_dropped_disequation_needs_a_unifier_of_its_sides() {
    let f = |t: Term| Term::App(1, vec![t]);
    let g = |t: Term| Term::App(2, vec![t]);
    let unequal = |l: Term, r: Term| vec![Literal { positive: false, atom: Atom::Eq(l, r) }];
    assert!(contains_instance(&[], &unequal(f(Term::Var(0)), f(constant(0))), &mut 1000));
    assert!(!contains_instance(&[], &unequal(f(constant(0)), f(constant(3))), &mut 1000));
    assert!(!contains_instance(&[], &unequal(f(Term::Var(0)), g(Term::Var(0))), &mut 1000));
}

/// Mutation testing left the equality step's check uncaught when made always true, and
/// its union-find's `find` when made constant: an equality step must hold in every
/// structure, which congruence closure of its negation decides.
#[test]
fn an_equality_step_must_hold_by_congruence_alone() {
    let (a, b, c) = (constant(0), constant(3), constant(4));
    let f = |t: &Term| Term::App(1, vec![t.clone()]);
    let eq = |positive: bool, l: &Term, r: &Term| Literal {
        positive,
        atom: Atom::Eq(l.clone(), r.clone()),
    };
    // Valid: reflexivity, congruence, transitivity, a predicate on equal arguments.
    assert!(equality_refutes_negation(&[eq(true, &a, &a)]));
    assert!(equality_refutes_negation(&[eq(false, &a, &b), eq(true, &f(&a), &f(&b))]));
    assert!(equality_refutes_negation(&[eq(false, &a, &b), eq(false, &b, &c), eq(true, &a, &c)]));
    assert!(equality_refutes_negation(&[
        pred(5, false, vec![a.clone()]),
        eq(false, &a, &b),
        pred(5, true, vec![b.clone()])
    ]));
    // Not valid: an equation of two names, congruence on unequal arguments, a predicate
    // on arguments not known equal.
    assert!(!equality_refutes_negation(&[eq(true, &a, &b)]));
    assert!(!equality_refutes_negation(&[eq(false, &a, &b), eq(true, &f(&a), &f(&c))]));
    assert!(!equality_refutes_negation(&[
        pred(5, false, vec![a.clone()]),
        pred(5, true, vec![b.clone()])
    ]));
}

fn corpus() -> Vec<(String, CheckedBoard)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(root.join("boards")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "board") {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.display().to_string();
            if let Ok(b) = board::load(&name, &text, CheckMode::FreeStanding) {
                out.push((name, b));
            }
        }
    }
    for entry in std::fs::read_dir(root.join("tptp")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "p") {
            let formulas = crate::logic::tptp::read::read_file(&path).unwrap();
            let name = path.display().to_string();
            let (b, _) = crate::logic::tptp::read::to_board(&name, &formulas).unwrap();
            out.push((name, b));
        }
    }
    out
}

/// The clause with each variable made a constant of its own (a symbol no board has).
fn frozen(literals: &[Literal]) -> Vec<Literal> {
    fn term(t: &Term) -> Term {
        match t {
            Term::Var(v) => Term::App(usize::MAX - *v as usize, Vec::new()),
            Term::App(f, xs) => Term::App(*f, xs.iter().map(term).collect()),
        }
    }
    let atom = |a: &Atom| match a {
        Atom::Pred(p, xs) => Atom::Pred(*p, xs.iter().map(term).collect()),
        Atom::Eq(a, b) => Atom::Eq(term(a), term(b)),
    };
    literals.iter().map(|l| Literal { positive: l.positive, atom: atom(&l.atom) }).collect()
}

/// Issue 36: the checkers' clauses, rebuilt from the statements and the meanings of
/// the engines' symbols, are the engines' clauses: each engine clause contains an
/// instance of a rebuilt one from the same statement part (its variables read as
/// constants), and each rebuilt clause, unless always true, one of an engine clause.
/// Every corpus board and TPTP problem, as written and with each statement negated.
#[test]
fn the_rebuilt_clauses_are_the_engines_clauses_on_the_whole_corpus() {
    let boards = corpus();
    assert!(boards.len() > 60, "{} boards", boards.len());
    let mut compared = 0;
    for (name, b) in &boards {
        let count = b.board.statements.len();
        for negate in std::iter::once(None).chain((1..=count.min(12)).map(Some)) {
            let premises = premises_of(b, negate);
            let set = clausify_with(&b.signature, &premises, true);
            let symbols = ProofSymbol::of(&set.vocabulary);
            let rebuilt = clausify(&b.signature, &premises, &symbols)
                .unwrap_or_else(|e| panic!("{name} negating {negate:?}: {e}"));
            let budget = &mut usize::MAX.clone();
            for c in &set.clauses {
                let literals = without_false_literals(&frozen(&c.literals));
                assert!(
                    rebuilt
                        .clauses
                        .iter()
                        .any(|(o, r)| *o == c.origin && contains_instance(&literals, r, budget)),
                    "{name} negating {negate:?}: engine clause {:?} is not rebuilt among {:?}",
                    c,
                    rebuilt.clauses.iter().filter(|(o, _)| *o == c.origin).collect::<Vec<_>>()
                );
            }
            for (origin, r) in &rebuilt.clauses {
                let literals = without_false_literals(&frozen(r));
                let always_true = literals.iter().any(|l| {
                    matches!(&l.atom, Atom::Eq(a, b) if l.positive && a == b)
                        || literals.iter().any(|m| m.atom == l.atom && m.positive != l.positive)
                });
                assert!(
                    always_true
                        || set.clauses.iter().any(|c| c.origin == *origin
                            && contains_instance(&literals, &c.literals, budget)),
                    "{name} negating {negate:?}: rebuilt clause {r:?} is no engine clause"
                );
            }
            compared += 1;
        }
    }
    assert!(compared > 200, "{compared} questions");
}

/// The board, the instantiation prover's proof of its inconsistency (checked), and the
/// proof's first Skolem function.
fn proved(text: &str) -> (CheckedBoard, Proof, usize) {
    use crate::reason::instantiate::{Prover, Refutation};
    let b = board::load("forged", text, CheckMode::FreeStanding).unwrap();
    let premises = premises_of(&b, None);
    let set = clausify_with(&b.signature, &premises, true);
    let budget = crate::solve::Budget::time(std::time::Duration::from_secs(10));
    let Refutation::Proved(proof) = Prover::new(&set).run(&budget) else { panic!() };
    assert!(check(&b.signature, &premises, &proof).is_ok());
    let skolem = (proof.symbols.iter())
        .position(|s| matches!(s.meaning, Some(crate::logic::clauses::Meaning::Witness { .. })))
        .unwrap();
    (b, proof, skolem)
}

/// The check keeps its budget: with the time spent, a sound proof is neither accepted
/// nor refused but stopped, and the same proof passes with time to spare (issue 37).
#[test]
fn a_check_out_of_time_stops_without_a_ruling() {
    let (b, proof, _) = proved("∀x∃y likes(x, y)\n∀x∀y ¬likes(x, y)\n");
    let premises = premises_of(&b, None);
    let spent = Budget::time(std::time::Duration::ZERO);
    assert_eq!(
        check_within(&b.signature, &premises, &proof, &spent),
        Err(ProofError::OutOfBudget(Exhausted::Time))
    );
    let ample = Budget::time(std::time::Duration::from_secs(60));
    assert!(check_within(&b.signature, &premises, &proof, &ample).is_ok());
}

/// A proof whose Skolem function claims to stand for another node than its own is
/// refused: the checker finds no witness for the `∃` (issue 36).
#[test]
fn a_symbol_with_a_forged_meaning_is_refused() {
    use crate::logic::clauses::Meaning;
    let (b, proof, skolem) = proved("∀x∃y likes(x, y)\n∀x∀y ¬likes(x, y)\n");
    let premises = premises_of(&b, None);
    let mut forged = proof.clone();
    let Some(Meaning::Witness { at, .. }) = &mut forged.symbols[skolem].meaning else {
        unreachable!()
    };
    at.path = vec![0, 0];
    assert!(matches!(
        check(&b.signature, &premises, &forged),
        Err(ProofError::Clausify(ClausifyError::Unnamed(..)))
    ));
}

/// Malformed symbol tables are refused before any clause is rebuilt: bindings that name
/// an argument the symbol does not have, that use the symbol itself (a meaning that
/// would define it by itself), or that leave an argument unused; a board symbol with
/// another arity, or twice.
#[test]
fn malformed_symbols_are_refused() {
    use crate::logic::clauses::Meaning;
    let (b, proof, sk) = proved("∀x∃y likes(x, y)\n∀x∀y ¬likes(x, y)\n");
    let premises = premises_of(&b, None);
    let bad_meaning = |forge: &dyn Fn(&mut crate::logic::clauses::Bindings)| {
        let mut forged = proof.clone();
        let Some(Meaning::Witness { bindings, .. }) = &mut forged.symbols[sk].meaning else {
            unreachable!()
        };
        forge(bindings);
        check(&b.signature, &premises, &forged)
    };
    let refused = |r: Result<Vec<String>, ProofError>| {
        matches!(r, Err(ProofError::Clausify(ClausifyError::BadMeaning(_))))
    };
    assert!(refused(bad_meaning(&|b| b[0].1 = Term::Var(7))));
    assert!(refused(bad_meaning(&|b| b[0].1 = Term::App(sk, vec![Term::Var(0)]))));
    assert!(refused(bad_meaning(&|b| b.clear())));
    assert!(refused(bad_meaning(&|b| b.push(b[0].clone()))));
    // A board symbol with another arity, or listed twice.
    let likes = proof.symbols.iter().position(|s| s.name == "likes").unwrap();
    let mut forged = proof.clone();
    forged.symbols[likes].arity = 3;
    assert!(matches!(
        check(&b.signature, &premises, &forged),
        Err(ProofError::Clausify(ClausifyError::NotTheBoards(_)))
    ));
    let mut forged = proof.clone();
    forged.symbols.push(proof.symbols[likes].clone());
    assert!(matches!(
        check(&b.signature, &premises, &forged),
        Err(ProofError::Clausify(ClausifyError::NotTheBoards(_)))
    ));
}

/// A witness whose bindings name a variable bound around its node but not free in it
/// (and leave out one that is) would not be a function of its arguments: refused.
#[test]
fn a_witness_bound_to_the_wrong_variable_is_refused() {
    use crate::logic::clauses::Meaning;
    let (b, proof, sk) = proved("∀z∀x∃y likes(x, y)\n∀x∀y ¬likes(x, y)\n");
    let premises = premises_of(&b, None);
    let mut forged = proof.clone();
    let Some(Meaning::Witness { bindings, .. }) = &mut forged.symbols[sk].meaning else {
        unreachable!()
    };
    assert_eq!(bindings[0].0, "x");
    bindings[0].0 = "z".into();
    assert!(check(&b.signature, &premises, &forged).is_err());
}

/// Objects that only a lower bound `|L| ≥ n` asserts: claimed for an upper bound, they
/// would refute the consistent `|L| < 3` (three distinct objects, two of them equal).
#[test]
fn objects_claimed_for_an_upper_bound_are_no_clauses() {
    use crate::logic::clauses::{Meaning, Origin, Part};
    use crate::reason::proof::{Step, StepKind};
    let b = board::load("upper", "|L| < 3\n", CheckMode::FreeStanding).unwrap();
    let premises = premises_of(&b, None);
    let origin = Origin { statement: 1, part: Part::Statement };
    let mut symbols = ProofSymbol::of(&clausify_with(&b.signature, &premises, true).vocabulary);
    let first = symbols.len();
    for index in 0..3 {
        let mut o = ProofSymbol::object(format!("o{index}"));
        o.meaning = Some(Meaning::Object { origin, index });
        symbols.push(o);
    }
    let o = |i: usize| Term::App(first + i, Vec::new());
    let eq = |i: usize, j: usize, positive: bool| Literal { positive, atom: Atom::Eq(o(i), o(j)) };
    let distinct = |i: usize, j: usize| Step {
        kind: StepKind::Instance {
            clause: 0,
            origin,
            variables: Vec::new(),
            substitution: Vec::new(),
        },
        literals: vec![eq(i, j, false)],
    };
    let bound = Step {
        kind: StepKind::Bound { origin, terms: vec![o(0), o(1), o(2)] },
        literals: vec![eq(0, 1, true), eq(0, 2, true), eq(1, 2, true)],
    };
    let forged = Proof {
        steps: vec![distinct(0, 1), distinct(0, 2), distinct(1, 2), bound],
        symbols,
        extra_constant: None,
    };
    assert!(matches!(check(&b.signature, &premises, &forged), Err(ProofError::NotAnInstance(1))));
}

/// Terms that are not ground, or apply a symbol with the wrong number of arguments, are
/// refused wherever they are: in a function's arguments, a predicate's, or either side
/// of an equation (cargo mutants found these checks untested).
#[test]
fn ill_formed_terms_are_refused() {
    let (b, proof, sk) = proved("∀x∃y likes(x, y)\n∀x∀y ¬likes(x, y)\n");
    let premises = premises_of(&b, None);
    let first_app = |forged: &mut Proof| -> (usize, usize) {
        for (n, step) in forged.steps.iter().enumerate() {
            for (k, l) in step.literals.iter().enumerate() {
                if matches!(&l.atom, Atom::Pred(_, args) if !args.is_empty()) {
                    return (n, k);
                }
            }
        }
        unreachable!("the proof has an atom with arguments")
    };
    let forge = |change: &dyn Fn(&mut Atom)| {
        let mut forged = proof.clone();
        let (n, k) = first_app(&mut forged);
        change(&mut forged.steps[n].literals[k].atom);
        (n + 1, check(&b.signature, &premises, &forged))
    };
    // A variable as an argument.
    let (n, r) = forge(&|a| {
        if let Atom::Pred(_, args) = a {
            args[0] = Term::Var(0);
        }
    });
    assert_eq!(r, Err(ProofError::BadTerm(n)));
    // A Skolem function with one argument too many.
    let (n, r) = forge(&|a| {
        if let Atom::Pred(_, args) = a {
            args[0] = Term::App(sk, vec![args[1].clone(), args[1].clone(), args[1].clone()]);
        }
    });
    assert_eq!(r, Err(ProofError::BadTerm(n)));
    // A predicate with an argument too many, each argument well formed.
    let (n, r) = forge(&|a| {
        if let Atom::Pred(_, args) = a {
            args.push(args[0].clone());
        }
    });
    assert_eq!(r, Err(ProofError::BadTerm(n)));
    // An equation with one side not ground.
    let (n, r) = forge(&|a| {
        if let Atom::Pred(_, args) = a {
            *a = Atom::Eq(args[0].clone(), Term::Var(3));
        }
    });
    assert_eq!(r, Err(ProofError::BadTerm(n)));
    let (n, r) = forge(&|a| {
        if let Atom::Pred(_, args) = a {
            *a = Atom::Eq(Term::Var(3), args[0].clone());
        }
    });
    assert_eq!(r, Err(ProofError::BadTerm(n)));
}

/// A bound step must cite an upper bound `|L| < n` with exactly n distinct, well-formed
/// terms; a lower bound, a repeated term or a variable is refused.
#[test]
fn bound_steps_are_checked_in_every_part() {
    use crate::logic::clauses::{Origin, Part};
    use crate::reason::proof::{Step, StepKind};
    let bound_proof = |text: &str, names: &[&str]| {
        let b = board::load("bounds", text, CheckMode::FreeStanding).unwrap();
        let premises = premises_of(&b, None);
        let symbols = ProofSymbol::of(&clausify_with(&b.signature, &premises, true).vocabulary);
        let constant = |name: &str| {
            Term::App(symbols.iter().position(|s| s.name == name).unwrap(), Vec::new())
        };
        let terms: Vec<Term> = names.iter().map(|n| constant(n)).collect();
        let mut literals = Vec::new();
        for i in 0..terms.len() {
            for j in i + 1..terms.len() {
                literals.push(Literal {
                    positive: true,
                    atom: Atom::Eq(terms[i].clone(), terms[j].clone()),
                });
            }
        }
        let origin = Origin { statement: 1, part: Part::Statement };
        let step = Step { kind: StepKind::Bound { origin, terms }, literals };
        let proof = Proof { steps: vec![step], symbols, extra_constant: None };
        check(&b.signature, &premises, &proof)
    };
    let upper = "|L| < 3\nblonde(a)\nblonde(b)\nhappy(c)\n";
    let lower = "|L| ≥ 3\nblonde(a)\nblonde(b)\nhappy(c)\n";
    let abc = ["a", "b", "c"];
    // The well-formed step is no refutation by itself, but is not refused as a bound.
    assert!(!matches!(bound_proof(upper, &abc), Err(ProofError::NotABound(_))));
    assert_eq!(bound_proof(lower, &abc), Err(ProofError::NotABound(1)));
    assert_eq!(bound_proof(upper, &["a", "b", "a"]), Err(ProofError::NotABound(1)));
    assert_eq!(bound_proof(upper, &["a", "b"]), Err(ProofError::NotABound(1)));
}
