//! The schedule of runs [`super::prove`] makes, each a configuration of the given-clause
//! loop (literal selection, term ordering, clause selection, goal direction) with a slice of
//! the budget, and the catalog of named strategies `benches/schedule.rs` measures one by
//! one to build it.

use super::saturate::{ClauseSelection, Outcome, Saturation, Selection};
use crate::logic::clauses::ClauseSet;
use crate::reason::relevance::{self, Relevance};
use crate::solve::Budget;
use std::time::Duration;

/// The term ordering a run uses (see [`super::order::Kbo`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ordering {
    /// Every weight 1, the precedence by arity.
    ByArity,
    /// Every weight 1, the precedence by inverse frequency (E's `invfreq`).
    InverseFrequency,
    /// Weights and precedence by inverse frequency (E's `invfreqrank`): definitions of
    /// rare symbols by frequent ones rewrite from left to right. A saturation under it is
    /// no claim (the saturation check reads weight-1 orderings only).
    InverseFrequencyWeights,
    /// The question's symbols greatest and lightest (E's `invfreqconjmax` with
    /// `invprecedence` weights, see [`order::Kbo::conjecture_max`]); no claim either.
    ConjectureMax,
}

/// One run of the loop in [`super::prove`]'s schedule.
struct Run {
    selection: Selection,
    ordering: Ordering,
    goal_directed: bool,
    /// How the passive set ranks the waiting clauses.
    clause_selection: ClauseSelection,
    /// None: the rest of the budget.
    slice: Option<Duration>,
    /// Only the statements relevant to the question (see [`relevance`]); the run is
    /// skipped when the selection would leave the problem whole.
    relevant_only: bool,
}

const fn run(selection: Selection, ordering: Ordering, goal_directed: bool, ms: u64) -> Run {
    let slice = if ms == 0 { None } else { Some(Duration::from_millis(ms)) };
    let clause_selection = ClauseSelection::Symbols;
    Run { selection, ordering, goal_directed, clause_selection, slice, relevant_only: false }
}

/// A run whose clause selection goes by refined weights.
const fn refined(run: Run) -> Run {
    Run { clause_selection: ClauseSelection::Refined, ..run }
}

/// A run whose clause selection takes turns between E's three queues (see
/// [`ClauseSelection::Mixed`]).
const fn mixed(run: Run) -> Run {
    Run { clause_selection: ClauseSelection::Mixed, ..run }
}

/// A run whose clause selection goes by conjecture-relative weights (see
/// [`ClauseSelection::Conjecture`]).
const fn conjecture(run: Run) -> Run {
    Run { clause_selection: ClauseSelection::Conjecture, ..run }
}

/// The axiom selection of the runs on relevant statements: a symbol triggers a statement
/// when it is at most twice as rare as the statement's rarest, to the end; problems of
/// fewer than [`RELEVANCE_MIN_STATEMENTS`] statements (every game board) are left whole.
const RELEVANCE: Relevance =
    Relevance { tolerance: 2.0, depth: None, min_statements: RELEVANCE_MIN_STATEMENTS };

/// See [`RELEVANCE`].
const RELEVANCE_MIN_STATEMENTS: usize = 40;

/// The runs [`super::prove`] makes on a problem without a goal (a board's consistency, a
/// TPTP problem without a conjecture or negated conjecture), in order, each from scratch;
/// problems with one go by [`GOAL_SCHEDULE`]. No single strategy does best:
/// measured alone at 4 s on the 83 `../shared/tptp-wide` problems with a proof, plain
/// selection refutes 20, no selection 17, goal-directed weights 25, goal-directed with the
/// precedence by inverse frequency 26, and that with the Horn exception to selection 23,
/// but together they refute 34 (the 43 of `../shared/tptp`: 31 to 33 each, 34 together).
/// Most answers come within a fraction of a second, so the schedule tries each briefly,
/// cheapest first (game boards are mostly settled by the first run), and gives the rest of
/// the budget to goal-directed selection. Simulated from those runs with 9 s in all: 33 of
/// the 83 (the earlier four runs: 25), 34 of the 43 (33).
///
/// The four runs after the first come from measurements alone at 1 s on the 83 problems
/// of `../shared/tptp-wide` with a proof, 15 configurations in all, picked greedily (the
/// one refuting the most that those picked do not): conjecture-relative weights 49, E's
/// mix 5 more, E's mix goal-directed under weights by frequency 2 more, and
/// conjecture-relative weights under [`Ordering::ConjectureMax`] 2 more: 58 of the 59
/// that any configuration refutes. E's mix goes first, as its slice is the tighter (see
/// below). The runs after those keep what earlier measurements gave them, in the order
/// they had.
///
/// The second and fourth runs pick clauses from E's three queues in turn (see
/// [`ClauseSelection::Mixed`]): plain selection refutes 38 with them (31 by symbols, 27 by
/// refined weights), goal-directed selection 41 (35, 39), among them BOO072-1, HAL004+1,
/// KLE143+1 and SYO617-1, which no other run refuted within 10 s. The second gets 1.5 s:
/// KLE143+1 takes 0.7 s of it alone, but 1.0 to 1.4 s in the race (the two cores are busy
/// with the other engines, and the same work takes more CPU time then).
///
/// The third and fifth runs pick clauses by conjecture-relative weights, where the
/// question's symbols weigh a fraction of the others (see [`ClauseSelection::Conjecture`]):
/// plain selection refutes 49 with them, among them BOO028-1, COM124+1, COM134+1,
/// REL050+1, SCT121+1 and SCT122+1, which no run refuted within 10 s before; with the
/// question's symbols also greatest and lightest in the ordering 47, among them
/// MSC007-1.008, which no other configuration refutes within 1 s.
///
/// A run on the statements relevant to the question (SInE, see [`RELEVANCE`]) stood
/// fourth while this schedule served problems with a goal too; without a goal there is
/// nothing to be relevant to, and it is gone.
///
/// The sixth, seventh and eighth runs pick clauses by refined weights (symbols twice a
/// variable, positive literals half as much again, see [`ClauseSelection::Refined`]):
/// measured alone at 3 s on the 83 problems, the goal-directed run refutes 42 with them
/// against 41 without, with the Horn exception 37 against 33 (NUN065+1 in 0.2 s, never
/// without), and with weights by frequency 35 against 34. Plain selection loses with them
/// (30 against 33), and the last run, 40 against 39 with them, keeps the plain weights.
///
/// A slice is the prover thread's own CPU time, not time passed: beside the model search
/// and instantiation, at a lower priority, the thread may get a tenth of a core, and a
/// wall-clock slice then did a tenth of the work it was measured with (MGT042+1: refuted
/// in 0.4 s alone by the refined Horn run, never in the race within 10 s). The budget's deadline
/// stays wall-clock time; the last run has what is left of it.
const SCHEDULE_WITHOUT_GOAL: [Run; 11] = {
    use Ordering::*;
    use Selection::*;
    [
        run(Heaviest, ByArity, false, 300),
        mixed(run(Heaviest, ByArity, false, 1500)),
        conjecture(run(Heaviest, ByArity, false, 1000)),
        mixed(run(HeaviestExceptUniqueMaxHorn, InverseFrequencyWeights, true, 1000)),
        conjecture(run(Heaviest, ConjectureMax, false, 500)),
        refined(run(HeaviestExceptUniqueMaxHorn, InverseFrequency, true, 500)),
        refined(run(Heaviest, InverseFrequency, true, 1000)),
        refined(run(HeaviestExceptUniqueMaxHorn, InverseFrequencyWeights, true, 1000)),
        run(Off, ByArity, false, 1000),
        run(HeaviestExceptUniqueMaxHorn, InverseFrequency, false, 1000),
        run(Heaviest, ByArity, true, 0),
    ]
};

/// The runs made on a problem with a goal after its class's opening ([`opening`]), picked
/// from measurements on the `train` rows of `../shared/tptp-train/split.tsv` only: 53
/// strategies of [`catalog`] alone, 500 ms each, on its 169 problems with a proof, then
/// `scripts/pick-schedule.py` (greedy: the slot refuting the most problems not yet refuted
/// per millisecond, slices half as long again as measured, at least 50 ms): the first nine
/// runs refute the 100 that any strategy refutes within 500 ms, in 3.0 s. Measured again
/// at 2 s on the 69 left, three more strategies refute one each: plain selection with E's
/// mix (1.5 s) or with plain weights (1.8 s), the tenth and eleventh runs, and the last
/// (0.6 s), which has the rest of the budget: the second most productive alone, under an
/// ordering whose saturations are claims. Simulated from the same measurements, the
/// schedule refutes 102 of the 169 within 8.6 s; the schedule before it (now
/// [`SCHEDULE_WITHOUT_GOAL`]) 93 within 10.4 s. The third run, E's complex selection with
/// the Horn exception (12 such strategies measured the same way), adds SET814+4 (8 ms):
/// judged on `validate` in the whole race at 10 s, it adds CSR001+1 and loses nothing.
const GOAL_SCHEDULE: [Run; 13] = {
    use Ordering::*;
    use Selection::*;
    [
        conjecture(run(Heaviest, ConjectureMax, false, 360)),
        conjecture(run(HeaviestExceptUniqueMaxHorn, ByArity, true, 430)),
        conjecture(run(ComplexExceptUniqueMaxHorn, ByArity, false, 50)),
        mixed(run(Off, InverseFrequency, true, 60)),
        refined(run(Heaviest, ByArity, true, 50)),
        conjecture(run(Off, ByArity, true, 70)),
        refined(run(HeaviestExceptUniqueMaxHorn, InverseFrequency, true, 440)),
        mixed(run(HeaviestExceptUniqueMaxHorn, InverseFrequency, true, 470)),
        refined(run(Off, ByArity, true, 820)),
        conjecture(run(Heaviest, ByArity, false, 330)),
        mixed(run(Heaviest, ByArity, false, 2300)),
        run(Heaviest, ByArity, false, 2700),
        conjecture(run(HeaviestExceptUniqueMaxHorn, ByArity, true, 0)),
    ]
};

/// The first runs on a problem with a goal, by its class: from the same measurements as
/// [`GOAL_SCHEDULE`], the greedy pick on the `train` problems of the class alone, within
/// 300 ms (Horn without equality: 22 of the 22 any strategy refutes, 19 in the first
/// 50 ms; with equality, not Horn: 11 of 14 in 100 ms; Horn with equality: 6 of 7; not Horn
/// without equality: 8 of 8). Large problems and the rest go straight to the schedule,
/// whose first run is the pick for large problems with equality (24 of 37).
fn opening(class: Class) -> &'static [Run] {
    use Ordering::*;
    use Selection::*;
    const HORN_WITHOUT_EQUALITY: [Run; 3] = [
        mixed(run(Off, InverseFrequency, true, 75)),
        refined(run(Heaviest, InverseFrequency, true, 50)),
        run(HeaviestExceptUniqueMaxHorn, ByArity, true, 130),
    ];
    const WITH_EQUALITY: [Run; 2] = [
        run(HeaviestExceptUniqueMaxHorn, InverseFrequency, false, 50),
        run(Heaviest, ByArity, true, 50),
    ];
    const HORN_WITH_EQUALITY: [Run; 2] = [
        conjecture(run(HeaviestExceptUniqueMaxHorn, InverseFrequency, true, 50)),
        mixed(run(Off, ByArity, true, 140)),
    ];
    const WITHOUT_EQUALITY: [Run; 1] =
        [refined(run(HeaviestExceptUniqueMaxHorn, ByArity, true, 50))];
    match (class.large, class.horn, class.equality) {
        (true, ..) => &[],
        (false, true, Equality::None) => &HORN_WITHOUT_EQUALITY,
        (false, true, _) => &HORN_WITH_EQUALITY,
        (false, false, Equality::None) => &WITHOUT_EQUALITY,
        (false, false, _) => &WITH_EQUALITY,
    }
}

/// The runs [`super::prove`] makes on `set`, by its class.
fn schedule(set: &ClauseSet) -> Vec<&'static Run> {
    let class = classify(set);
    if class.goal {
        opening(class).iter().chain(&GOAL_SCHEDULE).collect()
    } else {
        SCHEDULE_WITHOUT_GOAL.iter().collect()
    }
}

pub(super) fn prove_with(set: &ClauseSet, budget: &Budget, destructive: bool) -> Outcome {
    let mut last = Outcome::Stopped { why: "the budget ran out", clauses: 0 };
    // Selected once, when a run first asks for it.
    let mut relevant: Option<Option<ClauseSet>> = None;
    for run in schedule(set) {
        if budget.spent().is_some() {
            break;
        }
        let within = match run.slice {
            Some(d) => budget.clone().within_thread_cpu(d),
            None => budget.clone(),
        };
        let Some(outcome) = attempt(run, set, &mut relevant, &within, destructive) else {
            continue;
        };
        last = outcome;
        if !matches!(last, Outcome::Stopped { .. }) {
            break;
        }
    }
    last
}

/// One run of the loop configured as `run` says, on the whole set or on its relevant
/// statements (selected into `relevant` the first time; `None` when that selection would
/// leave the problem whole, and the run is pointless).
fn attempt(
    run: &Run,
    set: &ClauseSet,
    relevant: &mut Option<Option<ClauseSet>>,
    budget: &Budget,
    destructive: bool,
) -> Option<Outcome> {
    let on = if run.relevant_only {
        relevant.get_or_insert_with(|| relevance::select(set, RELEVANCE)).as_ref()?
    } else {
        set
    };
    let mut loop_ = Saturation::new(on).with_selection(run.selection);
    loop_ = match run.ordering {
        Ordering::ByArity => loop_,
        Ordering::InverseFrequency => loop_.by_inverse_frequency(),
        Ordering::InverseFrequencyWeights => loop_.by_inverse_frequency_weights(),
        Ordering::ConjectureMax => loop_.by_conjecture_max(),
    };
    if run.goal_directed {
        loop_ = loop_.goal_directed();
    }
    loop_ = loop_.with_clause_selection(run.clause_selection);
    if !destructive {
        loop_ = loop_.without_destructive_equality_resolution();
    }
    Some(match loop_.run(budget) {
        Outcome::Saturated(_) if run.relevant_only => {
            Outcome::Stopped { why: "the relevant statements alone are consistent", clauses: 0 }
        }
        outcome => outcome,
    })
}

/// A named configuration of one run, for measuring strategies one at a time
/// (`benches/schedule.rs`): the schedule is picked from such measurements.
pub struct Strategy {
    name: String,
    run: Run,
}

impl Strategy {
    /// `selection/ordering/clause selection[/goal][/relevant]`, e.g.
    /// `heaviest/arity/symbols` or `horn/invfreq/refined/goal`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// One run of the loop on `set` within `budget`; `None` when the strategy works on the
    /// relevant statements and the selection would leave the problem whole.
    pub fn attempt(&self, set: &ClauseSet, budget: &Budget) -> Option<Outcome> {
        attempt(&self.run, set, &mut None, budget, true)
    }
}

/// Every configuration a run of the schedule can have, named (see [`Strategy::name`]).
pub fn catalog() -> Vec<Strategy> {
    use ClauseSelection as C;
    use Ordering as O;
    use Selection as S;
    let selections = [
        (S::Heaviest, "heaviest"),
        (S::HeaviestExceptUniqueMaxHorn, "horn"),
        (S::Off, "off"),
        (S::Complex, "complex"),
        (S::ComplexExceptUniqueMaxHorn, "complexhorn"),
    ];
    let orderings = [
        (O::ByArity, "arity"),
        (O::InverseFrequency, "invfreq"),
        (O::InverseFrequencyWeights, "invfreqweights"),
        (O::ConjectureMax, "conjmax"),
    ];
    let clause_selections = [
        (C::Symbols, "symbols"),
        (C::Refined, "refined"),
        (C::Mixed, "mixed"),
        (C::Conjecture, "conjecture"),
    ];
    let mut all = Vec::new();
    for (selection, s) in selections {
        for (ordering, o) in orderings {
            for (clause_selection, c) in clause_selections {
                for goal_directed in [false, true] {
                    for relevant_only in [false, true] {
                        let mut name = format!("{s}/{o}/{c}");
                        if goal_directed {
                            name.push_str("/goal");
                        }
                        if relevant_only {
                            name.push_str("/relevant");
                        }
                        let run = Run {
                            selection,
                            ordering,
                            goal_directed,
                            clause_selection,
                            slice: None,
                            relevant_only,
                        };
                        all.push(Strategy { name, run });
                    }
                }
            }
        }
    }
    all
}

/// What the schedule reads of a clause set to choose its runs, after the features E's
/// automatic mode classes problems by (Horn or not, equality, size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    /// Every clause has at most one positive literal.
    pub horn: bool,
    pub equality: Equality,
    /// At least [`RELEVANCE_MIN_STATEMENTS`] statements: the relevance filter has work.
    pub large: bool,
    /// Some clauses are the goal (a negated statement, or TPTP's negated conjecture).
    pub goal: bool,
}

/// How much of a problem is equality.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Equality {
    /// No literal is an equation.
    None,
    /// Every clause is a single equation or disequation (unit equality, UEQ).
    Unit,
    /// Some literals are equations.
    Some,
}

impl Class {
    /// `horn|general`, `-` then `noeq|ueq|eq`, then `-large` when large and `-nogoal`
    /// without a goal.
    pub fn name(&self) -> String {
        let shape = if self.horn { "horn" } else { "general" };
        let equality = match self.equality {
            Equality::None => "noeq",
            Equality::Unit => "ueq",
            Equality::Some => "eq",
        };
        let size = if self.large { "-large" } else { "" };
        let goal = if self.goal { "" } else { "-nogoal" };
        format!("{shape}-{equality}{size}{goal}")
    }
}

/// The class of a clause set (see [`Class`]).
pub fn classify(set: &ClauseSet) -> Class {
    use crate::logic::clauses::Atom;
    let horn = set.clauses.iter().all(|c| c.literals.iter().filter(|l| l.positive).count() <= 1);
    let equations = |c: &crate::logic::clauses::Clause| {
        c.literals.iter().filter(|l| matches!(l.atom, Atom::Eq(..))).count()
    };
    let equality = if set.clauses.iter().all(|c| c.literals.len() == 1 && equations(c) == 1) {
        Equality::Unit
    } else if set.clauses.iter().any(|c| equations(c) > 0) {
        Equality::Some
    } else {
        Equality::None
    };
    let statements: std::collections::BTreeSet<usize> =
        set.clauses.iter().map(|c| c.origin.statement).collect();
    let goal = set.clauses.iter().any(|c| set.is_goal(c));
    Class { horn, equality, large: statements.len() >= RELEVANCE_MIN_STATEMENTS, goal }
}
