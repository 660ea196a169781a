//! A game of Infer with the computer as the Universe: the rules' moves (setting up, loading
//! a save, building, taking down, publishing, the variants' moves). The state and its save
//! format are in [`state`](super::state), the Universe's choices in
//! [`universe`](super::universe), the variants' rules in [`variants`]; the
//! names a caller needs are re-exported here.
//!
//! The Universe holds a secret Law, opens with two experiments of at most 4 dice (one O,
//! one X), marks every experiment the Researchers build, and answers each published Theory
//! with the smallest experiment that disproves it ([`search::disprove`](super::search::disprove));
//! it has 20 Result Markers and the Researchers 4 Publication tokens. Rulings I11–I14
//! (RULINGS.md) settle what the rules leave open: how a computer Universe "helps" when a
//! token is spent without a Theory, where its dice come from when the supply runs short, and
//! what a budget overrun means.

use super::experiment::{Experiment, Supply};
use super::law::{parse, Law};
use super::search::Limits;
use super::state::seal;
use super::universe::Answer;
use super::variants;
use crate::solve::Budget;
use crate::util::random::SplitMix64;

pub use super::deck::cards;
pub use super::state::{
    Ending, Event, Game, GameError, Highlight, Lead, Origin, Placed, Publication, Stone, Variants,
    CHEATER_MIN_PLAYERS, OPENING_DICE, PUBLICATION_TOKENS, RESULT_MARKERS, STONES_PER_COLOUR,
    STUCK_AFTER, TIMER_EXTENSION_SECS, TIMER_START_SECS, VOTE_TALK_SECS,
};

/// How a new game is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    pub supply: Supply,
    pub compass: bool,
    pub max_dice: usize,
    /// Publish or Perish.
    pub timer: bool,
    pub seed: u64,
    /// Draw from this level only.
    pub level: Option<u8>,
    /// A home-made Law instead of a card.
    pub law: Option<String>,
    pub variants: Variants,
    /// The Researchers in seat order (may be empty unless the Cheater variant is played).
    pub players: Vec<String>,
}

impl Game {
    /// Sets up a game: draws (or takes) the Law and builds the two opening experiments.
    pub fn new(setup: Setup, now: u64) -> Result<Game, GameError> {
        let mut rng = SplitMix64::new(setup.seed);
        let (text, level) = match &setup.law {
            Some(text) => (text.clone(), None),
            None => {
                let deck = cards(setup.compass, setup.level);
                let card = deck
                    .get(rng.below(deck.len().max(1) as u64) as usize)
                    .ok_or(GameError::Damaged("the deck has no card of that level".into()))?;
                (card.text.clone(), Some(card.level))
            }
        };
        let law = parse(&text).map_err(|e| GameError::Damaged(e.message))?;
        if law.sees().compass && !setup.compass {
            return Err(GameError::NeedsCompass);
        }
        let players = variants::check_players(&setup.players, setup.variants)?;
        // The Cheater is dealt from the same seeded draw as the Law.
        let sealed_cheater = setup
            .variants
            .cheater
            .then(|| seal(&players[rng.below(players.len() as u64) as usize]));
        let mut game = Game {
            format: 1,
            supply: setup.supply,
            compass: setup.compass,
            max_dice: setup.max_dice,
            sealed_law: seal(&text),
            level,
            table: Vec::new(),
            markers_left: RESULT_MARKERS,
            tokens_left: PUBLICATION_TOKENS,
            publications: Vec::new(),
            // The Cheater variant's Class always runs against the clock.
            // The Cheater's Class clock starts when the Class begins: once every player has
            // seen their identity card (`card`).
            deadline: (setup.timer && !setup.variants.cheater).then_some(now + TIMER_START_SECS),
            ending: None,
            seed: setup.seed,
            built: 0,
            variants: setup.variants,
            players,
            turn: 0,
            highlights: Vec::new(),
            quiet: 0,
            sealed_cheater,
            cards_seen: Vec::new(),
            voting: false,
            vote_talk_ends: None,
            leads: Vec::new(),
        };
        for follows in [true, false] {
            let x = game.opening(&law, follows, &mut rng)?.ok_or(GameError::NotDemonstrable)?;
            game.place(&x, follows, Origin::Opening);
        }
        Ok(game)
    }

    /// Reads a saved game, checking what a hand edit could break.
    pub fn load(json: &str) -> Result<Game, GameError> {
        let game: Game =
            serde_json::from_str(json).map_err(|e| GameError::Damaged(e.to_string()))?;
        if game.format != 1 {
            return Err(GameError::Damaged(format!(
                "format {} is not one this umpire reads",
                game.format
            )));
        }
        game.secret().map_err(|e| GameError::Damaged(format!("the sealed Law: {e}")))?;
        variants::check_loaded(&game)?;
        let mut used = Experiment::default();
        for (k, p) in game.table.iter().enumerate() {
            let x = Experiment::parse(&p.experiment).map_err(|e| {
                GameError::Damaged(format!("experiment {}: {}", p.number, e.message))
            })?;
            x.validate(&game.supply).map_err(|e| {
                GameError::Damaged(format!("experiment {}: {}", p.number, e.message))
            })?;
            if game.table[..k].iter().any(|q| q.number == p.number)
                || p.number == 0
                || p.number > game.built
            {
                return Err(GameError::Damaged(format!(
                    "experiment number {} is used twice or was never given out",
                    p.number
                )));
            }
            used.dice.extend(x.dice);
        }
        // Together the experiments cannot use more dice than the box holds.
        for (colour, count) in &game.supply.colours {
            let n = used.dice.iter().filter(|d| &d.colour == colour).count();
            if n > *count as usize {
                return Err(GameError::Damaged(format!(
                    "the table uses {n} {colour} dice, but the supply has {count}"
                )));
            }
        }
        if game.secret().is_ok_and(|l| l.sees().compass) && !game.compass {
            return Err(GameError::Damaged(
                "the Law speaks of directions, but the game is not played with the Compass Rose"
                    .into(),
            ));
        }
        Ok(game)
    }

    /// Ends the game when the Publish-or-Perish clock has run out; refuses moves when the
    /// game is over, during the Vote, and before every Cheater-variant player has seen
    /// their identity card.
    fn check(&mut self, now: u64) -> Result<Option<Ending>, GameError> {
        self.takes_moves()?;
        if self.deadline.is_some_and(|d| now > d) {
            return Ok(Some(self.end(false, "the Publish-or-Perish clock ran out")));
        }
        Ok(None)
    }

    /// Refuses a move when the game is over, the table is voting, or (the Cheater) not
    /// every player has seen their identity card.
    fn takes_moves(&self) -> Result<(), GameError> {
        if let Some(e) = &self.ending {
            return Err(GameError::Over(e.why.clone()));
        }
        if self.voting {
            return Err(GameError::Variant(
                "the Class is over: the table votes now (`vote …`)".into(),
            ));
        }
        if self.variants.cheater {
            let unseen: Vec<&String> =
                self.players.iter().filter(|p| !self.cards_seen.contains(p)).collect();
            if !unseen.is_empty() {
                let names = unseen.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
                return Err(GameError::Variant(format!("not every player has seen their identity card: {names} (`card NAME`, alone at the screen)")));
            }
        }
        Ok(())
    }

    /// Whether the experiment can be built now, from the dice free (checked before the
    /// table is asked to confirm it, and again by [`Game::build`]).
    pub fn buildable(&self, x: &Experiment) -> Result<(), GameError> {
        self.takes_moves()?;
        if x.dice.iter().any(|d| d.colour.is_empty()) {
            return Err(GameError::Damaged("a die without a colour".into()));
        }
        if let Some(short) = self.shortfall(x) {
            return Err(short);
        }
        x.validate(&self.supply)?;
        Ok(())
    }

    /// The Researchers build an experiment; the Universe marks it.
    pub fn build(&mut self, x: &Experiment, now: u64) -> Result<Vec<Event>, GameError> {
        if let Some(e) = self.check(now)? {
            return Ok(vec![Event::Ended(e)]);
        }
        self.buildable(x)?;
        if let Some(e) = self.needs_marker() {
            return Ok(vec![Event::Ended(e)]);
        }
        let follows = self.law().judge(x)?.follows;
        if self.variants.cheater {
            variants::watch(self, x, follows);
        }
        let mut events = vec![Event::Placed(self.place(x, follows, Origin::Researchers))];
        self.next_turn();
        self.quiet += 1;
        if self.variants.highlights && self.quiet >= STUCK_AFTER {
            events.extend(self.highlight());
        }
        Ok(events)
    }

    /// The Highlights variant: the Universe marks the two experiments whose comparison
    /// says most (ruling I18). Nothing when the variant is off or nothing is worth it.
    pub fn highlight(&mut self) -> Option<Event> {
        if !self.variants.highlights || self.ending.is_some() {
            return None;
        }
        let chosen = variants::most_telling_pair(&self.table, &self.highlights)?;
        self.quiet = 0;
        let stone = match self.highlights.as_slice() {
            [] => Stone::Gold,
            [one] => {
                if one.stone == Stone::Gold {
                    Stone::Silver
                } else {
                    Stone::Gold
                }
            }
            // Both colours are out: the older placement moves.
            [older, ..] => older.stone,
        };
        self.highlights.retain(|h| h.stone != stone);
        let h = Highlight { stone, experiments: chosen };
        self.highlights.push(h.clone());
        Some(Event::Highlighted(h))
    }

    /// The Cheater variant's Vote: each player's pick, in seat order.
    pub fn vote(&mut self, picks: &[String]) -> Result<Vec<Event>, GameError> {
        variants::vote(self, picks)
    }

    /// The Cheater variant: a player looks at their identity card (alone at the screen).
    pub fn card(&mut self, player: &str, now: u64) -> Result<String, GameError> {
        variants::card(self, player, now)
    }

    /// Takes an experiment down for parts; its marker leaves the game.
    pub fn take_down(&mut self, number: usize, now: u64) -> Result<Vec<Event>, GameError> {
        if let Some(e) = self.check(now)? {
            return Ok(vec![Event::Ended(e)]);
        }
        self.remove(number)?;
        Ok(vec![Event::TakenDown(number)])
    }

    /// A Researcher publishes a Theory (or spends a token for help, with `None`).
    pub fn publish(
        &mut self,
        theory: Option<(&str, &Law)>,
        budget: &Budget,
        now: u64,
        consent: &mut dyn FnMut(&[usize]) -> bool,
    ) -> Result<Vec<Event>, GameError> {
        if let Some(e) = self.check(now)? {
            return Ok(vec![Event::Ended(e)]);
        }
        if theory.is_some_and(|(_, t)| t.sees().compass && !self.compass) {
            return Err(GameError::NeedsCompass);
        }
        let law = self.law();
        let limits = Limits { max_dice: self.max_dice, budget: budget.clone() };
        let answer = match theory {
            Some((_, t)) => self.disproof(&law, t, &limits, consent)?,
            None => self.help(&law, &limits)?,
        };
        // Why nothing disproves the Theory, when nothing does: what was searched.
        let mut unbeaten = String::new();
        let (x, mut events) = match answer {
            Answer::Undecided(why) => return Ok(vec![Event::Undecided(why)]),
            Answer::PartsRefused(parts) => return Ok(vec![Event::PartsRefused(parts)]),
            Answer::Nothing(why) => {
                unbeaten = why;
                (None, vec![])
            }
            Answer::Point(n) => (None, vec![Event::PointedAt(n)]),
            Answer::Build(x, events) => (Some(x), events),
        };
        self.tokens_left -= 1;
        if let Some(d) = &mut self.deadline {
            *d += TIMER_EXTENSION_SECS;
        }
        let number = self.publications.len() + 1;
        let by = self.active();
        self.publications.push(Publication {
            theory: theory.map(|(text, _)| text.to_string()),
            answer: None,
            by,
        });
        self.next_turn();
        self.quiet = 0;
        match x {
            None if events.is_empty() && self.variants.cheater => {
                // The Class is won; the clock stops and the Vote decides who else wins.
                self.voting = true;
                self.deadline = None;
                self.vote_talk_ends = Some(now + VOTE_TALK_SECS);
                events.push(Event::VoteBegins);
                return Ok(events);
            }
            None if events.is_empty() => {
                let why = format!("the Universe cannot disprove the Theory: {unbeaten}");
                events.push(Event::Ended(self.end(true, &why)));
                return Ok(events);
            }
            None => {
                if let [Event::PointedAt(n)] = events.as_slice() {
                    self.publications[number - 1].answer = Some(*n);
                }
            }
            Some(x) => {
                if let Some(e) = self.needs_marker() {
                    events.push(Event::Ended(e));
                    return Ok(events);
                }
                let follows = law.judge(&x)?.follows;
                let origin =
                    if theory.is_some() { Origin::Disproof(number) } else { Origin::Help(number) };
                let placed = self.place(&x, follows, origin);
                self.publications[number - 1].answer = Some(placed.number);
                events.push(Event::Placed(placed));
            }
        }
        if self.tokens_left == 0 && theory.is_some() {
            events.push(Event::Ended(
                self.end(false, "the last Publication token was spent without a win"),
            ));
        } else if self.tokens_left == 0 {
            events.push(Event::Ended(
                self.end(false, "the last Publication token was spent without a Theory"),
            ));
        } else if theory.is_some() {
            // A disproved Theory: the Researchers were on the wrong track.
            events.extend(self.highlight());
        }
        Ok(events)
    }
}
