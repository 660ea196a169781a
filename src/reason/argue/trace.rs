//! The facts a refutation establishes, in the order a player would find them: unit
//! propagation over the proof's ground steps, first over what the board's statements give
//! (the forward facts a derivation can show), then with the claim's negation added, until
//! some step is false. Each fact remembers the step that forced it and the facts that made
//! the step's other literals false, so that a derivation line can cite what it rests on.

use crate::logic::clauses::Part;
use crate::logic::clauses::{Atom, Literal};
use crate::reason::proof::{Proof, StepKind};
use std::collections::{BTreeSet, HashMap};

/// A literal the steps force.
#[derive(Clone, Debug)]
pub(super) struct Fact {
    pub literal: Literal,
    /// The step (index into the proof's steps) all of whose other literals were false.
    pub step: usize,
    /// The facts that made those literals false.
    pub because: Vec<usize>,
    /// Whether it needed the claim's negation.
    pub from_negation: bool,
}

/// Unit propagation's record over a proof's steps.
#[derive(Clone, Debug)]
pub(super) struct Trace {
    pub facts: Vec<Fact>,
    /// The step found false, with the facts that falsify it; none when propagation alone
    /// does not reach the contradiction (the proof splits cases).
    pub conflict: Option<(usize, Vec<usize>)>,
    /// For each step, the board statements it comes from (through derived steps), and
    /// whether it rests on the claim's negation.
    pub sources: Vec<(BTreeSet<usize>, bool)>,
}

/// `s = t` and `t = s` as one atom.
pub(super) fn oriented(l: &Literal) -> Literal {
    match &l.atom {
        Atom::Eq(a, b) if b < a => {
            Literal { positive: l.positive, atom: Atom::Eq(b.clone(), a.clone()) }
        }
        _ => l.clone(),
    }
}

/// Where each step comes from: the statements its instances are of, and whether the
/// claim's negation is among them.
fn sources(proof: &Proof) -> Vec<(BTreeSet<usize>, bool)> {
    let mut out: Vec<(BTreeSet<usize>, bool)> = Vec::with_capacity(proof.steps.len());
    for step in &proof.steps {
        let source = match &step.kind {
            StepKind::Instance { origin, .. } if origin.part == Part::Negation => {
                (BTreeSet::new(), true)
            }
            StepKind::Instance { origin, .. } | StepKind::Bound { origin, .. } => {
                (BTreeSet::from([origin.statement]), false)
            }
            StepKind::Equality => (BTreeSet::new(), false),
            StepKind::Derived { from } => {
                let mut all = (BTreeSet::new(), false);
                for &k in from {
                    if let Some((s, n)) = out.get(k) {
                        all.0.extend(s.iter().copied());
                        all.1 |= n;
                    }
                }
                all
            }
        };
        out.push(source);
    }
    out
}

/// Propagates over the steps: the negation's steps only once nothing else propagates.
pub(super) fn trace(proof: &Proof) -> Trace {
    let sources = sources(proof);
    let clauses: Vec<Vec<Literal>> =
        proof.steps.iter().map(|s| s.literals.iter().map(oriented).collect()).collect();
    let mut value: HashMap<Atom, (bool, Option<usize>)> = HashMap::new();
    let mut facts: Vec<Fact> = Vec::new();
    let mut conflict = None;
    for with_negation in [false, true] {
        loop {
            let mut progress = false;
            for (k, clause) in clauses.iter().enumerate() {
                if sources[k].1 && !with_negation {
                    continue;
                }
                let mut open = Vec::new();
                let mut because = Vec::new();
                let mut satisfied = false;
                for l in clause {
                    match truth(&value, l) {
                        Some((true, _)) => {
                            satisfied = true;
                            break;
                        }
                        Some((false, by)) => because.extend(by),
                        None => open.push(l),
                    }
                }
                if satisfied || open.len() > 1 {
                    continue;
                }
                match open.first() {
                    None => {
                        conflict = Some((k, because));
                        break;
                    }
                    Some(l) => {
                        value.insert(l.atom.clone(), (l.positive, Some(facts.len())));
                        facts.push(Fact {
                            literal: (*l).clone(),
                            step: k,
                            because,
                            from_negation: with_negation,
                        });
                        progress = true;
                    }
                }
            }
            if conflict.is_some() || !progress {
                break;
            }
        }
        if conflict.is_some() {
            break;
        }
    }
    Trace { facts, conflict, sources }
}

/// A literal's value so far (`t = t` is true, `t ≠ t` false), with the fact that set it.
fn truth(
    value: &HashMap<Atom, (bool, Option<usize>)>,
    l: &Literal,
) -> Option<(bool, Option<usize>)> {
    if let Atom::Eq(a, b) = &l.atom {
        if a == b {
            return Some((l.positive, None));
        }
    }
    value.get(&l.atom).map(|&(v, by)| (v == l.positive, by))
}

impl Trace {
    /// The facts the contradiction rests on, in order.
    pub fn cone(&self) -> BTreeSet<usize> {
        let mut cone = BTreeSet::new();
        let mut todo: Vec<usize> = self.conflict.iter().flat_map(|(_, b)| b.clone()).collect();
        while let Some(f) = todo.pop() {
            if cone.insert(f) {
                todo.extend(self.facts[f].because.iter().copied());
            }
        }
        cone
    }

    /// What fact `f` (or, with `None`, the contradiction) rests on among the facts `shown`:
    /// the shown facts it uses, looking through the hidden ones, and the statements of the
    /// steps it and those hidden facts were forced by.
    pub fn rests_on(&self, f: Option<usize>, shown: &BTreeSet<usize>) -> RestsOn {
        let mut rests = RestsOn::default();
        let (step, because) = match f {
            Some(f) => (self.facts[f].step, self.facts[f].because.clone()),
            None => match &self.conflict {
                Some((k, b)) => (*k, b.clone()),
                None => return rests,
            },
        };
        rests.statements = self.sources[step].0.clone();
        rests.steps.insert(step);
        let mut seen = BTreeSet::new();
        let mut todo = because;
        while let Some(g) = todo.pop() {
            if !seen.insert(g) {
                continue;
            }
            if shown.contains(&g) {
                rests.facts.insert(g);
            } else {
                let step = self.facts[g].step;
                rests.statements.extend(self.sources[step].0.iter().copied());
                rests.steps.insert(step);
                todo.extend(self.facts[g].because.iter().copied());
            }
        }
        rests
    }
}

/// What a line rests on: shown facts, board statements, and the proof's steps its reasoning
/// goes through (whose objects it may need).
#[derive(Clone, Debug, Default)]
pub(super) struct RestsOn {
    pub facts: BTreeSet<usize>,
    pub statements: BTreeSet<usize>,
    pub steps: BTreeSet<usize>,
}

impl Trace {
    /// How many shown facts and lines cite each fact (the final line counting as one).
    pub fn uses(&self, shown: &BTreeSet<usize>) -> HashMap<usize, usize> {
        let mut uses = HashMap::new();
        for f in shown.iter().map(|&f| Some(f)).chain([None]) {
            for g in self.rests_on(f, shown).facts {
                *uses.entry(g).or_insert(0) += 1;
            }
        }
        uses
    }
}
