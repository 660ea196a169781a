//! Axiom selection by symbol relevance (SInE, after Hoder and Voronkov's "Sine Qua Non for
//! Large Theory Reasoning", as Vampire and E use it): of a large problem, the statements
//! likely to matter for its goal, so that a prover can try the small problem first.
//!
//! A statement's symbols are the predicate and function symbols of its clauses. A symbol
//! is rarer the fewer statements it occurs in. A statement is *triggered* by a symbol of
//! it whose occurrence count is at most `tolerance` times that of the statement's rarest
//! symbol: the rare symbols are the ones a statement "defines". Selection starts from the
//! goal's symbols (the negated conjecture), takes every statement they trigger, then the
//! statements the new statements' symbols trigger, and so on, up to `depth` rounds.
//!
//! Refuting the selected statements refutes the whole problem, since a proof from fewer
//! premises is a proof from all of them, and the checker checks it as any other. A
//! saturation of a selection says nothing of the whole problem: callers must not report
//! one.

use crate::logic::clauses::{Atom, ClauseSet, SymId, Term};
use std::collections::{BTreeSet, HashMap};

/// How wide the selection reaches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Relevance {
    /// A symbol triggers a statement when it occurs in at most this many times as many
    /// statements as the statement's rarest symbol (1.0: only the rarest symbols trigger).
    pub tolerance: f64,
    /// Rounds of triggering after the goal's own symbols; `None`: until nothing new comes.
    pub depth: Option<usize>,
    /// Problems of fewer statements are left whole: the provers take in a small problem
    /// quickly, and game boards (a few dozen statements at most) are not slowed by a run on
    /// part of them.
    pub min_statements: usize,
}

/// The clauses of the statements relevant to the goal, or `None` when there is no goal (no
/// negated conjecture), when the problem is small, or when every statement is relevant
/// (the selection would change nothing).
pub fn select(set: &ClauseSet, relevance: Relevance) -> Option<ClauseSet> {
    let statements = symbols_by_statement(set);
    if statements.len() < relevance.min_statements {
        return None;
    }
    let goal: BTreeSet<usize> =
        set.clauses.iter().filter(|c| set.is_goal(c)).map(|c| c.origin.statement).collect();
    if goal.is_empty() {
        return None;
    }
    let chosen = relevant_statements(&statements, &goal, relevance);
    if chosen.len() == statements.len() {
        return None;
    }
    let clauses =
        set.clauses.iter().filter(|c| chosen.contains(&c.origin.statement)).cloned().collect();
    Some(ClauseSet {
        vocabulary: set.vocabulary.clone(),
        clauses,
        bounds: set.bounds,
        goals: set.goals.clone(),
    })
}

/// Each statement's symbols (by statement number).
fn symbols_by_statement(set: &ClauseSet) -> HashMap<usize, BTreeSet<SymId>> {
    let mut by_statement: HashMap<usize, BTreeSet<SymId>> = HashMap::new();
    for clause in &set.clauses {
        let symbols = by_statement.entry(clause.origin.statement).or_default();
        for literal in &clause.literals {
            match &literal.atom {
                Atom::Pred(p, args) => {
                    symbols.insert(*p);
                    args.iter().for_each(|t| term_symbols(t, symbols));
                }
                Atom::Eq(l, r) => {
                    term_symbols(l, symbols);
                    term_symbols(r, symbols);
                }
            }
        }
    }
    by_statement
}

fn term_symbols(t: &Term, out: &mut BTreeSet<SymId>) {
    if let Term::App(f, args) = t {
        out.insert(*f);
        args.iter().for_each(|a| term_symbols(a, out));
    }
}

/// The statements reached from `goal` by triggering (the goal's included).
fn relevant_statements(
    statements: &HashMap<usize, BTreeSet<SymId>>,
    goal: &BTreeSet<usize>,
    relevance: Relevance,
) -> BTreeSet<usize> {
    let mut occurrences: HashMap<SymId, usize> = HashMap::new();
    for symbols in statements.values() {
        for &s in symbols {
            *occurrences.entry(s).or_default() += 1;
        }
    }
    // The statements each symbol triggers.
    let mut triggers: HashMap<SymId, Vec<usize>> = HashMap::new();
    for (&statement, symbols) in statements {
        let Some(rarest) = symbols.iter().map(|s| occurrences[s]).min() else { continue };
        for &s in symbols {
            if occurrences[&s] as f64 <= relevance.tolerance * rarest as f64 {
                triggers.entry(s).or_default().push(statement);
            }
        }
    }
    let mut chosen: BTreeSet<usize> = goal.clone();
    let mut seen: BTreeSet<SymId> = BTreeSet::new();
    let mut frontier: Vec<SymId> =
        goal.iter().flat_map(|g| statements.get(g).into_iter().flatten().copied()).collect();
    let mut round = 0;
    while !frontier.is_empty() && relevance.depth.is_none_or(|d| round <= d) {
        let mut next = Vec::new();
        for s in frontier {
            if !seen.insert(s) {
                continue;
            }
            for &statement in triggers.get(&s).into_iter().flatten() {
                if chosen.insert(statement) {
                    next.extend(statements[&statement].iter().copied());
                }
            }
        }
        frontier = next;
        round += 1;
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board::Board;
    use crate::logic::check::{CheckMode, Signature, SymbolKind, SymbolOrigin};
    use crate::logic::cnf::{clausify_with, premises_of};

    fn clauses(text: &str, negate: Option<usize>) -> ClauseSet {
        let mut signature = Signature::default();
        for (name, arity) in [("dog", 1), ("animal", 1), ("alive", 1), ("mortal", 1)]
            .into_iter()
            .chain([("star", 1), ("bright", 1), ("seen", 2)])
            .chain(["p", "q", "r", "s", "t", "u"].map(|p| (p, 1)))
        {
            signature.add(name, SymbolKind::Predicate, arity, SymbolOrigin::Builtin);
        }
        let board = Board::parse("test", text)
            .and_then(|b| b.check_with(signature, CheckMode::FreeStanding))
            .unwrap();
        let premises = premises_of(&board, negate);
        clausify_with(&board.signature, &premises, true)
    }

    fn statements(set: &ClauseSet) -> BTreeSet<usize> {
        set.clauses.iter().map(|c| c.origin.statement).collect()
    }

    #[test]
    fn the_goal_pulls_in_what_defines_its_symbols_and_nothing_unrelated() {
        // 1-3 lead from `dog` to `mortal` for the goal 6; 4-5 are about other things.
        let set = clauses(
            "∀x (dog(x) → animal(x))\n\
             ∀x (animal(x) → alive(x))\n\
             ∀x (alive(x) → mortal(x))\n\
             ∀x (star(x) → bright(x))\n\
             ∀x (bright(x) → ∃y seen(y, x))\n\
             ∀x (dog(x) → mortal(x))",
            Some(6),
        );
        let all = Relevance { tolerance: 1.0, depth: None, min_statements: 0 };
        let chosen = select(&set, all).expect("a smaller selection");
        assert_eq!(statements(&chosen), BTreeSet::from([1, 2, 3, 6]));
        // No further round: only what the goal's own symbols trigger.
        let shallow = Relevance { tolerance: 1.0, depth: Some(0), min_statements: 0 };
        assert_eq!(statements(&select(&set, shallow).unwrap()), BTreeSet::from([1, 3, 6]));
    }

    #[test]
    fn without_a_goal_or_when_everything_is_relevant_nothing_is_selected() {
        let set = clauses("∀x (p(x) → q(x))\np(a)\nq(a)", Some(3));
        assert!(
            select(&set, Relevance { tolerance: 1.0, depth: None, min_statements: 0 }).is_none()
        );
        let consistency = clauses("∀x (p(x) → q(x))\np(a)\nstar(b)", None);
        let any = Relevance { tolerance: 1.0, depth: None, min_statements: 0 };
        assert!(select(&consistency, any).is_none());
        // A small problem is left whole.
        let large_only = Relevance { min_statements: 7, ..any };
        let six = clauses("∀x (p(x) → q(x))\nr(b)\ns(c)\nt(d)\nu(e)\n∀x (p(x) → q(x))", Some(6));
        assert!(select(&six, any).is_some());
        assert!(select(&six, large_only).is_none());
    }
}
