//! The schedule's reading of a problem (its class, its goal) and the strategies it picks
//! from: each strategy of the catalog refutes a small problem; the "complex" literal
//! selection picks as E's `SelectComplex` does.

use crate::logic::clauses::{Atom as TreeAtom, ClauseSet, Literal as TreeLiteral, Term};
use crate::logic::cnf::{clausify_with, premises_of};
use crate::logic::tptp::read::{read_file, to_named_board};
use crate::reason::superposition::bank::Bank;
use crate::reason::superposition::literal::Literal;
use crate::reason::superposition::order::Kbo;
use crate::reason::superposition::saturate::{Outcome, Selection};
use crate::reason::superposition::schedule::{catalog, classify, Equality};
use crate::reason::superposition::selection::eligible;
use crate::solve::Budget;
use std::time::Duration;

/// The clause set of a TPTP problem, its negated conjectures the goal, as `tptp` builds it.
fn tptp(name: &str, text: &str) -> (ClauseSet, Vec<usize>) {
    let path =
        std::env::temp_dir().join(format!("umpire-schedule-{}-{name}.p", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let formulas = read_file(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let (board, conjecture, _) = to_named_board(name, &formulas).unwrap();
    let set = clausify_with(&board.signature, &premises_of(&board, conjecture), true);
    (set.with_goals(&board.board.goals), board.board.goals.clone())
}

/// A Horn problem without equality: a chain of implications, refuted by the negated goal.
const CHAIN: &str = "cnf(a, axiom, p(a)).\n\
    cnf(step, axiom, ~p(X) | q(f(X))).\n\
    cnf(step2, axiom, ~q(X) | r(X)).\n\
    cnf(goal, negated_conjecture, ~r(f(a))).\n";

#[test]
fn a_negated_conjecture_is_the_goal_and_the_class_reads_shape_equality_and_size() {
    let (set, goals) = tptp("chain", CHAIN);
    assert_eq!(goals, vec![4]);
    let class = classify(&set);
    assert!(class.horn && class.goal && !class.large);
    assert_eq!(class.equality, Equality::None);
    assert_eq!(class.name(), "horn-noeq");
    // The same clauses as axioms only: no goal.
    let (set, goals) = tptp("plain", &CHAIN.replace("negated_conjecture", "axiom"));
    assert!(goals.is_empty());
    assert_eq!(classify(&set).name(), "horn-noeq-nogoal");
    // A disjunction makes it non-Horn; an equation, equality; unit equations only, UEQ.
    let (set, _) = tptp("or", "cnf(a, axiom, p(a) | q(a)).\ncnf(g, negated_conjecture, ~p(a)).\n");
    assert_eq!(classify(&set).name(), "general-noeq");
    let (set, _) =
        tptp("eq", "cnf(a, axiom, ~p(X) | f(X) = X).\ncnf(g, negated_conjecture, ~p(a)).\n");
    assert_eq!(classify(&set).name(), "horn-eq");
    let (set, _) = tptp(
        "ueq",
        "cnf(a, axiom, f(X, Y) = f(Y, X)).\ncnf(g, negated_conjecture, f(a, b) != f(b, a)).\n",
    );
    assert_eq!(classify(&set).equality, Equality::Unit);
    // A conjecture of a FOF problem is the goal as the negated statement.
    let (set, goals) = tptp("fof", "fof(a, axiom, p(a)).\nfof(c, conjecture, ? [X] : p(X)).\n");
    assert!(goals.is_empty() && classify(&set).goal);
}

#[test]
fn every_strategy_of_the_catalog_refutes_a_small_problem() {
    let (set, _) = tptp("chain", CHAIN);
    let strategies = catalog();
    assert!(strategies.len() >= 100);
    for strategy in &strategies {
        let budget = Budget::time(Duration::from_secs(10));
        match strategy.attempt(&set, &budget) {
            // Too small for the relevance filter, which leaves it whole.
            None => assert!(strategy.name().ends_with("/relevant"), "{}", strategy.name()),
            Some(Outcome::Refuted(_)) => {}
            Some(_) => panic!("{} does not refute the chain", strategy.name()),
        }
    }
}

#[test]
fn complex_selection_picks_a_variable_pair_then_the_lightest_ground_literal_then_the_most_unequal()
{
    let x = || Term::Var(0);
    let y = || Term::Var(1);
    let a = || Term::App(0, vec![]);
    let f = |t: Term| Term::App(1, vec![t]);
    let p = |t: Term| TreeAtom::Pred(2, vec![t]);
    let negative = |atom| TreeLiteral { positive: false, atom };
    let pick = |lits: Vec<TreeLiteral>| {
        let mut bank = Bank::new();
        let lits: Vec<Literal> = lits.iter().map(|l| Literal::intern(&mut bank, l)).collect();
        let kbo = Kbo::new(&[0, 1, 1]);
        let (eligible, selected) = eligible(&bank, &kbo, &lits, Selection::Complex);
        assert!(selected);
        eligible.iter().position(|&e| e).unwrap()
    };
    // ¬p(f(x)) ∨ ¬p(f(a)) ∨ ¬p(a): the lightest ground literal, ¬p(a).
    let lits = vec![negative(p(f(x()))), negative(p(f(a()))), negative(p(a()))];
    assert_eq!(pick(lits), 2);
    // With x ≠ y among them, that one.
    let lits = vec![negative(p(a())), negative(TreeAtom::Eq(x(), y())), negative(p(x()))];
    assert_eq!(pick(lits), 1);
    // No ground literal: the sides most unequal in weight (f(f(f(x))) ≠ x, 3, over p(x), 2).
    let lits = vec![negative(p(x())), negative(TreeAtom::Eq(f(f(f(x()))), x()))];
    assert_eq!(pick(lits), 1);
}
