//! The computer Universe's choices (rulings I11, I12): the experiment that answers a
//! published Theory (one already on the table, else the smallest disproof from the free dice,
//! else from the whole box with the Researchers' oldest experiments taken down for parts,
//! when the Researchers consent),
//! what it builds for a token spent without a Theory, and the opening experiments. It
//! decides what to build; placing it and its marker is the move's, in [`game`](super::game).

use super::deck::cards;
use super::experiment::Experiment;
use super::law::{Law, Sees};
use super::search::{self, Found, Limits};
use super::shapes::shapes;
use super::state::{Event, Game, GameError, Origin, OPENING_DICE};
use crate::solve::Budget;
use crate::util::random::SplitMix64;

/// How long the Universe may search for an opening experiment; a search that runs out found none.
const OPENING_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// Why a published Theory wins: decided over every experiment the box allows.
const NOWHERE_IN_BOX: &str = "no experiment the box allows separates it from the Law";

/// Why the Universe cannot rule on a Theory it could not disprove within `n` dice (ruling
/// I23): the box holds more, and the Law or the Theory speaks of arrangement.
fn beyond(n: usize) -> String {
    format!(
        "no experiment of up to {n} dice separates it from the Law, but the box allows larger ones and umpire cannot search them all for a Law about arrangement; the Theory is neither disproved nor accepted"
    )
}

/// The Universe's answer to a spent token.
pub(super) enum Answer {
    /// Build this (after taking down these experiments for parts).
    Build(Experiment, Vec<Event>),
    /// Nothing disproves the Theory: why (what was searched).
    Nothing(String),
    /// This experiment on the table disproves it already.
    Point(usize),
    /// The budget ran out.
    Undecided(String),
    /// The answer needs the dice of these experiments, and the Researchers keep them.
    PartsRefused(Vec<usize>),
}

impl Game {
    /// The smallest disproof from the free dice; failing that, from the whole box, taking
    /// down the oldest experiments of the Researchers for parts (ruling I12) when `consent`
    /// (asked with their numbers) says all the Researchers agree.
    pub(super) fn disproof(
        &mut self,
        law: &Law,
        theory: &Law,
        limits: &Limits,
        consent: &mut dyn FnMut(&[usize]) -> bool,
    ) -> Result<Answer, GameError> {
        // The Law itself (the same tree, however it was typed) cannot be disproved: no
        // search, so that a winning Theory is never lost to the clock (issue 34).
        if law == theory {
            return Ok(Answer::Nothing("it is the Law itself".into()));
        }
        if law.same_as(theory) {
            return Ok(Answer::Nothing("it is the Law itself in other words".into()));
        }
        let on_table = self.table.iter().find(|p| {
            theory
                .follows(&Experiment::parse(&p.experiment).expect("checked on load"))
                .is_some_and(|f| f != p.follows)
        });
        if let Some(p) = on_table {
            return Ok(Answer::Point(p.number));
        }
        let free = self.free_dice();
        let whole_box = free == self.supply;
        match search::disprove(law, theory, &free, limits, &mut |_, _| {})? {
            Found::Experiment(x) | Found::Larger { experiment: x, .. } => {
                return Ok(Answer::Build(x, vec![]))
            }
            Found::Unknown { why, .. } => return Ok(Answer::Undecided(why.to_string())),
            // The free dice are the whole box: searching the box would repeat the search.
            Found::NoneInBox if whole_box => return Ok(Answer::Nothing(NOWHERE_IN_BOX.into())),
            Found::NoneUpTo(n) if whole_box => return Ok(Answer::Undecided(beyond(n))),
            Found::NoneInBox | Found::NoneUpTo(_) => {}
        }
        match search::disprove(law, theory, &self.supply, limits, &mut |_, _| {})? {
            Found::Experiment(x) | Found::Larger { experiment: x, .. } => {
                // Which experiments would give the dice: the Researchers' oldest first.
                let mut trial = self.clone();
                let mut parts = Vec::new();
                while trial.shortfall(&x).is_some() {
                    let oldest = trial
                        .table
                        .iter()
                        .find(|p| p.origin == Origin::Researchers)
                        .or(trial.table.first())
                        .map(|p| p.number);
                    let Some(n) = oldest else { break };
                    trial.remove(n)?;
                    parts.push(n);
                }
                // Only with the consent of all Researchers (the rules): without it the
                // answer cannot be built, and the publication is withdrawn (ruling I22).
                if !parts.is_empty() && !consent(&parts) {
                    return Ok(Answer::PartsRefused(parts));
                }
                let mut events = Vec::new();
                for n in parts {
                    self.remove(n)?;
                    events.push(Event::TakenDown(n));
                }
                Ok(Answer::Build(x, events))
            }
            Found::Unknown { why, .. } => Ok(Answer::Undecided(why.to_string())),
            Found::NoneInBox => Ok(Answer::Nothing(NOWHERE_IN_BOX.into())),
            // Never a win on a bounded search: the box may hold the disproof (ruling I23).
            Found::NoneUpTo(n) => Ok(Answer::Undecided(beyond(n))),
        }
    }

    /// The first colour the free dice have too few of for `x`, if any.
    pub(super) fn shortfall(&self, x: &Experiment) -> Option<GameError> {
        self.free_dice().colours.into_iter().find_map(|(colour, free)| {
            let wanted = x.dice.iter().filter(|d| d.colour == colour).count();
            (wanted > free as usize).then_some(GameError::NotEnoughDice {
                colour,
                wanted,
                free: free as usize,
            })
        })
    }

    /// A token spent without a Theory (ruling I11): the Universe answers the easiest card
    /// that fits every marker on the table but is not its Law, with the smallest experiment
    /// that tells the two apart — the assumption the Researchers are most likely making.
    /// With no such card, a new experiment of at most 4 dice that follows the Law.
    pub(super) fn help(&mut self, law: &Law, limits: &Limits) -> Result<Answer, GameError> {
        let marks: Vec<(Experiment, bool)> = self
            .table
            .iter()
            .map(|p| (Experiment::parse(&p.experiment).expect("checked on load"), p.follows))
            .collect();
        let free = self.free_dice();
        let mut candidates = cards(self.compass, None);
        candidates.sort_by_key(|c| c.level);
        for card in candidates
            .iter()
            .filter(|c| marks.iter().all(|(x, f)| c.law.follows(x) == Some(*f)))
            .take(12)
        {
            match search::disprove(law, &card.law, &free, limits, &mut |_, _| {})? {
                Found::Experiment(x) if !self.on_table(&x) => return Ok(Answer::Build(x, vec![])),
                Found::Unknown { why, .. } => return Ok(Answer::Undecided(why.to_string())),
                _ => {}
            }
        }
        let mut rng = SplitMix64::new(self.seed ^ (self.built as u64).wrapping_mul(0x9E37_79B9));
        match self.opening(law, true, &mut rng)? {
            Some(x) => Ok(Answer::Build(x, vec![])),
            None => {
                Ok(Answer::Undecided("no new experiment of 4 dice or fewer follows the Law".into()))
            }
        }
    }

    /// A varied experiment of at most [`OPENING_DICE`] dice, not yet on the table, that
    /// follows (or breaks) the Law: random ones first, then the smallest the search finds.
    pub(super) fn opening(
        &self,
        law: &Law,
        follows: bool,
        rng: &mut SplitMix64,
    ) -> Result<Option<Experiment>, GameError> {
        let free = self.free_dice();
        let colours: Vec<&String> = free.colours.iter().filter(|c| c.1 > 0).map(|c| &c.0).collect();
        let sees = Sees { compass: self.compass, ..Sees::everything() };
        let by_size: Vec<Vec<super::shapes::Shape>> =
            (1..=OPENING_DICE).map(|n| shapes(n, Sees { compass: false, ..sees })).collect();
        for _ in 0..400 {
            if colours.is_empty() {
                break;
            }
            let size = rng.below(OPENING_DICE as u64) as usize;
            let options = &by_size[size];
            let mut x = options[rng.below(options.len() as u64) as usize].cells.clone();
            for d in &mut x.dice {
                d.colour = colours[rng.below(colours.len() as u64) as usize].clone();
                d.face = 1 + rng.below(6) as u8;
            }
            if x.validate(&free).is_ok() && law.follows(&x) == Some(follows) && !self.on_table(&x) {
                return Ok(Some(x));
            }
        }
        let limits = Limits { max_dice: OPENING_DICE, budget: Budget::time(OPENING_TIME) };
        match search::example(law, follows, &free, &limits, &mut |_, _| {})? {
            Found::Experiment(x) if !self.on_table(&x) => Ok(Some(x)),
            _ => Ok(None),
        }
    }
}

/// "experiment 3", "experiments 3 and 5", "experiments 1, 3 and 5".
pub(super) fn numbered(numbers: &[usize]) -> String {
    let names: Vec<String> = numbers.iter().map(|n| format!("#{n}")).collect();
    match names.as_slice() {
        [one] => format!("experiment {one}"),
        [rest @ .., last] => format!("experiments {} and {last}", rest.join(", ")),
        [] => "no experiment".into(),
    }
}
