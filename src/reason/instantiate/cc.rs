//! Equality for the prover: congruence closure in an egg e-graph, checked against a SAT
//! model of the ground clauses. Every conflict becomes a lemma, a clause that holds in every
//! interpretation of equality, built from egg's explanation of why two terms are equal.

use super::{AtomId, GroundAtom, TermId};
use crate::logic::clauses::SymId;
use crate::solve::{Budget, Exhausted};
use crate::util::elsewhere::DropElsewhere;
use egg::{EGraph, Id, SymbolLang, TreeTerm};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;

/// At most this many lemmas per check: enough to steer the SAT solver, and explanations
/// are not free.
const MAX_LEMMAS: usize = 32;

/// How many terms are added, or equations merged, between two looks at the budget.
const BUDGET_EVERY: usize = 4096;

/// E-graph nodes from which the e-graph is freed on a thread of its own (a large one
/// takes most of a second to free, and the answer should not wait for that).
const LARGE_EGRAPH: usize = 4096;

/// Terms from which the closure runs on a thread of its own that the caller can walk away
/// from. egg's `rebuild` reads no budget, and on GRP760+1 one rebuild over 712 000 ground
/// terms took 6 s, the last 5.8 s of it after the first 4 096 merges: no chunking of the
/// merges bounds it. Below this size a closure takes milliseconds, and a thread costs more.
const ABANDONABLE_FROM: usize = 20_000;

/// A clause over atoms, `(atom, positive)`.
type Lemma = Vec<(AtomId, bool)>;

/// The lemmas that the model `values` (one truth value per atom) violates: each a clause
/// over atoms; or why the budget stopped the closure first. On hundreds of thousands of
/// ground terms one closure takes seconds, hence the budget, kept even inside egg's
/// rebuild by leaving a large closure to finish on its own thread.
pub fn conflicts(
    terms: &[(SymId, Vec<TermId>)],
    atoms: &[GroundAtom],
    values: &[bool],
    budget: &Budget,
) -> Result<Vec<Lemma>, Exhausted> {
    if terms.len() < ABANDONABLE_FROM {
        return closure(terms, atoms, values, budget);
    }
    out_of(budget)?;
    let (terms, atoms, values) = (terms.to_vec(), atoms.to_vec(), values.to_vec());
    let inner = budget.clone();
    crate::util::elsewhere::run_abandonably(
        move || closure(&terms, &atoms, &values, &inner),
        || budget.spent(),
    )?
}

fn out_of(budget: &Budget) -> Result<(), Exhausted> {
    budget.spent().map_or(Ok(()), Err)
}

fn closure(
    terms: &[(SymId, Vec<TermId>)],
    atoms: &[GroundAtom],
    values: &[bool],
    budget: &Budget,
) -> Result<Vec<Lemma>, Exhausted> {
    // The shortest-explanation search (on by default) can take exponential time.
    let mut graph = DropElsewhere::new(
        EGraph::default().with_explanations_enabled().without_explanation_length_optimization(),
        |e: &EGraph<SymbolLang, ()>| e.total_size() > LARGE_EGRAPH,
    );
    let egraph: &mut EGraph<SymbolLang, ()> = &mut graph;
    let out_of_budget = || out_of(budget);
    let mut ids: Vec<Id> = Vec::with_capacity(terms.len());
    for (k, (f, args)) in terms.iter().enumerate() {
        if k.is_multiple_of(BUDGET_EVERY) {
            out_of_budget()?;
        }
        let children: Vec<Id> = args.iter().map(|&a| ids[a as usize]).collect();
        ids.push(egraph.add_uncanonical(SymbolLang::new(f.to_string(), children)));
    }
    for (i, atom) in atoms.iter().enumerate() {
        if i.is_multiple_of(BUDGET_EVERY) {
            out_of_budget()?;
        }
        if let GroundAtom::Eq(a, b) = atom {
            if values[i] && a != b {
                egraph.union_trusted(ids[*a as usize], ids[*b as usize], i.to_string());
            }
        }
    }
    egraph.rebuild();
    out_of_budget()?;
    let mut lemmas = Vec::new();
    // Why two terms are equal: the equality atoms egg's explanation rests on.
    let because = |egraph: &mut EGraph<SymbolLang, ()>, a: TermId, b: TermId| -> BTreeSet<AtomId> {
        let mut used = BTreeSet::new();
        if a != b {
            // The tree form shares subproofs; flattening it can be exponentially large.
            let explanation = egraph.explain_id_equivalence(ids[a as usize], ids[b as usize]);
            let mut visited = HashSet::new();
            for step in &explanation.explanation_trees {
                rules(step, &mut used, &mut visited);
            }
        }
        used
    };
    for (i, atom) in atoms.iter().enumerate() {
        if lemmas.len() >= MAX_LEMMAS {
            return Ok(lemmas);
        }
        if i.is_multiple_of(BUDGET_EVERY) {
            out_of_budget()?;
        }
        if let GroundAtom::Eq(a, b) = atom {
            if !values[i] && egraph.find(ids[*a as usize]) == egraph.find(ids[*b as usize]) {
                let mut lemma: Lemma =
                    because(egraph, *a, *b).into_iter().map(|e| (e, false)).collect();
                lemma.push((i as AtomId, true));
                lemmas.push(lemma);
            }
        }
    }
    // A predicate true on some arguments and false on equal ones.
    let mut seen: HashMap<(SymId, Vec<Id>), (usize, bool)> = HashMap::new();
    for (i, atom) in atoms.iter().enumerate() {
        if lemmas.len() >= MAX_LEMMAS {
            break;
        }
        if let GroundAtom::Pred(p, args) = atom {
            let key = (*p, args.iter().map(|&a| egraph.find(ids[a as usize])).collect::<Vec<_>>());
            match seen.get(&key) {
                Some(&(j, value)) if value != values[i] => {
                    let GroundAtom::Pred(_, other) = &atoms[j] else { unreachable!() };
                    let mut uses = BTreeSet::new();
                    for (&a, &b) in args.iter().zip(other) {
                        uses.extend(because(egraph, a, b));
                    }
                    let mut lemma: Lemma = uses.into_iter().map(|e| (e, false)).collect();
                    // Not both: the true one and the false one.
                    lemma.push((i as AtomId, !values[i]));
                    lemma.push((j as AtomId, !value));
                    lemmas.push(lemma);
                }
                Some(_) => {}
                None => {
                    seen.insert(key, (i, values[i]));
                }
            }
        }
    }
    Ok(lemmas)
}

/// The equality atoms (union reasons) a proof tree rests on, each shared subtree once.
fn rules(
    t: &Rc<TreeTerm<SymbolLang>>,
    out: &mut BTreeSet<AtomId>,
    visited: &mut HashSet<*const TreeTerm<SymbolLang>>,
) {
    if !visited.insert(Rc::as_ptr(t)) {
        return;
    }
    for rule in [&t.forward_rule, &t.backward_rule].into_iter().flatten() {
        if let Ok(atom) = rule.as_str().parse::<AtomId>() {
            out.insert(atom);
        }
    }
    for child in t.child_proofs.iter().flatten() {
        rules(child, out, visited);
    }
}
