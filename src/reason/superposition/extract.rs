//! Proof extraction and the saturation hand-over: what a run of the loop hands to the
//! independent checkers.
//!
//! A refutation is traced back from the empty clause through the clause records to the
//! input clauses, and written as steps `reason::proof::check` re-checks by ground reasoning
//! alone: each input clause used, under each ground instance the derivation needs (the
//! unifiers composed from the empty clause back, variables left over grounded by a
//! constant), each equational step's ground equality fact (`s = s`, `l ≠ r ∨ ¬M ∨ M[r]`,
//! `s ≠ t ∨ t ≠ v ∨ s = v`), and each derived clause's ground instance with the steps it
//! follows from. Premises come before conclusions, each (clause, instance) once.
//!
//! A saturation is handed over as the active clauses, each with its selected literal, and
//! the ordering's precedence, a claim for `reason::proof::saturation::check`.

use super::bank::{Bank, TermId};
use super::clause::{ClauseStore, How, Inference, Rule};
use super::literal::max_var;
use super::order::Kbo;
use crate::logic::clauses::{negate, Atom, ClauseSet, Literal, Role, SymId};
use crate::reason::proof::saturation::Saturation;
use crate::reason::proof::{Proof, ProofSymbol, Step, StepKind};
use crate::solve::budget::Budget;
use std::collections::HashMap;

/// The most steps an extracted proof may have: a bound on its memory (a step of a long
/// hyper-resolution chain holds a clause of some thirty literals, ~2 KB), the time being
/// kept by the run's budget.
const MAX_STEPS: usize = 100_000;

/// The refutation ending in the empty clause `empty` as ground steps: each input clause
/// used, under each grounding the derivation needs (unifiers composed from the empty clause
/// back), and the ground equality fact each equational inference relies on; none when it
/// would take more than [`MAX_STEPS`] steps or the budget runs out first.
// Long by design: one walk from the empty clause back to the inputs with an explicit stack
// (each clause and grounding once, premises first); its bookkeeping is shared by every step.
pub(super) fn refutation(
    bank: &mut Bank,
    set: &ClauseSet,
    clauses: &ClauseStore,
    empty: usize,
    budget: &Budget,
) -> Option<Proof> {
    let mut symbols = ProofSymbol::of(&set.vocabulary);
    let constant = set
        .vocabulary
        .symbols
        .iter()
        .enumerate()
        .find(|(i, s)| {
            !s.predicate
                && s.arity == 0
                && (set.mentions(*i) || matches!(s.role, Role::Skolem { .. }))
        })
        .map(|(i, _)| i);
    let (filler, extra_constant): (SymId, Option<SymId>) = match constant {
        Some(c) => (c, None),
        None => {
            let mut name = "a".to_string();
            while symbols.iter().any(|s| s.name == name || s.shown == name) {
                name.push('\'');
            }
            symbols.push(ProofSymbol::object(name));
            (symbols.len() - 1, Some(symbols.len() - 1))
        }
    };
    // Groundings are the bank's terms, so that a (clause, grounding) key is a few ids to
    // hash and compare, and a grounding is shared, not copied, by every term it is put
    // into; only the steps written out are trees (BOO072-1: extraction took 3 s, twice the
    // search, building, hashing and dropping the same large ground trees over and over).
    let filler_id = bank.app(filler, &[]);
    let ground = |bank: &mut Bank, t: TermId, theta: &[TermId]| -> TermId {
        bank.map_vars(t, &mut |_, v| theta.get(v as usize).copied().unwrap_or(filler_id))
    };
    // Each (clause, grounding) once, premises before conclusions: a clause's step is
    // written when it comes off the stack the second time.
    let mut steps: Vec<Step> = Vec::new();
    let mut step_of: HashMap<(usize, Vec<TermId>), usize> = HashMap::new();
    let mut work: Vec<(usize, Vec<TermId>, bool)> = vec![(empty, Vec::new(), false)];
    while let Some((id, theta, ready)) = work.pop() {
        if step_of.contains_key(&(id, theta.clone())) {
            continue;
        }
        if steps.len() > MAX_STEPS || (steps.len() % 256 == 255 && budget.spent().is_some()) {
            return None;
        }
        match &clauses[id].how {
            How::Input(k) => {
                let c = &set.clauses[*k];
                let substitution: Vec<TermId> = (0..c.num_vars)
                    .map(|v| theta.get(v as usize).copied().unwrap_or(filler_id))
                    .collect();
                // The input clause as written (its record may have lost repeated literals).
                let literals = c
                    .literals
                    .iter()
                    .map(|l| {
                        let l = super::literal::Literal::intern(bank, l);
                        l.map(bank, &mut |bank, t| ground(bank, t, &substitution)).tree(bank)
                    })
                    .collect();
                steps.push(Step {
                    kind: StepKind::Instance {
                        clause: *k,
                        origin: c.origin,
                        variables: c.var_names.clone(),
                        substitution: substitution.iter().map(|&t| bank.tree(t)).collect(),
                    },
                    literals,
                });
            }
            How::Inference(step) => {
                let Inference { premises, unifier, rule, .. } = &**step;
                // A premise's variable v (renamed by its offset) is, in the conclusion's
                // grounding, the unifier's image of v + offset, renumbered as the
                // conclusion was, grounded by theta.
                let image = |bank: &mut Bank, t: TermId| {
                    let applied = unifier.apply(bank, t);
                    let renamed = step.renamed(bank, applied);
                    ground(bank, renamed, &theta)
                };
                let premise_keys: Vec<(usize, Vec<TermId>)> = premises
                    .iter()
                    .map(|&(p, offset)| {
                        let n = max_var(bank, &clauses[p].literals);
                        let images = (0..n)
                            .map(|v| {
                                let var = bank.var(v + offset);
                                image(bank, var)
                            })
                            .collect();
                        (p, images)
                    })
                    .collect();
                if !ready {
                    work.push((id, theta.clone(), true));
                    work.extend(premise_keys.into_iter().map(|(p, t)| (p, t, false)));
                    continue;
                }
                let mut from: Vec<usize> = premise_keys.iter().map(|k| step_of[k]).collect();
                let fact = match *rule {
                    Rule::EqualityResolution { left } => {
                        let s = image(bank, left);
                        let s = bank.tree(s);
                        Some(vec![Literal { positive: true, atom: Atom::Eq(s.clone(), s) }])
                    }
                    Rule::Superposition { l, r, into, rewritten } => {
                        let (lg, rg) = (image(bank, l), image(bank, r));
                        let literal_image = |bank: &mut Bank, m: super::literal::Literal| {
                            m.map(bank, &mut |bank, t| image(bank, t)).tree(bank)
                        };
                        let before = literal_image(bank, into);
                        let after = literal_image(bank, rewritten);
                        Some(vec![
                            Literal {
                                positive: false,
                                atom: Atom::Eq(bank.tree(lg), bank.tree(rg)),
                            },
                            negate(&before),
                            after,
                        ])
                    }
                    Rule::EqualityFactoring { s, t, v } => {
                        let (s, t, v) = (image(bank, s), image(bank, t), image(bank, v));
                        let (s, t, v) = (bank.tree(s), bank.tree(t), bank.tree(v));
                        Some(vec![
                            Literal { positive: false, atom: Atom::Eq(s.clone(), t.clone()) },
                            Literal { positive: false, atom: Atom::Eq(t, v.clone()) },
                            Literal { positive: true, atom: Atom::Eq(s, v) },
                        ])
                    }
                    Rule::Resolution | Rule::Factoring => None,
                };
                if let Some(literals) = fact {
                    steps.push(Step { kind: StepKind::Equality, literals });
                    from.push(steps.len() - 1);
                }
                from.sort_unstable();
                from.dedup();
                let literals = clauses[id]
                    .literals
                    .iter()
                    .map(|l| l.map(bank, &mut |bank, t| ground(bank, t, &theta)).tree(bank))
                    .collect();
                steps.push(Step { kind: StepKind::Derived { from }, literals });
            }
        }
        step_of.insert((id, theta), steps.len() - 1);
    }
    Some(Proof { steps, symbols, extra_constant })
}

/// The saturation the loop ended with: the active clauses (in the order they became
/// active), each with its selected literal if any, and the ordering's precedence.
pub(super) fn saturation(
    bank: &Bank,
    clauses: &ClauseStore,
    active: &[usize],
    kbo: &Kbo,
) -> Saturation {
    let selected = active
        .iter()
        .map(|&a| {
            let d = &clauses[a];
            d.selected.then(|| d.eligible.iter().position(|&e| e)).flatten()
        })
        .collect();
    Saturation {
        clauses: active
            .iter()
            .map(|&a| clauses[a].literals.iter().map(|l| l.tree(bank)).collect())
            .collect(),
        selected,
        precedence: kbo.precedence().to_vec(),
    }
}
