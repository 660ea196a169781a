//! A game of Infer with the computer as the Universe: the state (saved as JSON between
//! sittings, for asynchronous play) and the rules' moves.
//!
//! The Universe holds a secret Law, opens with two experiments of at most 4 dice (one O,
//! one X), marks every experiment the Researchers build, and answers each published Theory
//! with the smallest experiment that disproves it ([`search::disprove`]); it has 20 Result
//! Markers and the Researchers 4 Publication tokens. Rulings I11–I14 (RULINGS.md) settle
//! what the rules leave open: how a computer Universe "helps" when a token is spent without
//! a Theory, where its dice come from when the supply runs short, and what a budget
//! overrun means.

use super::deck::{parse_deck, Card, COMPASS_DECK, DECK};
use super::experiment::{Experiment, ExperimentError, Supply};
use super::law::{parse, Law, Sees};
use super::search::{self, Found, Limits, SearchError};
use super::shapes::shapes;
use crate::solve::Budget;
use crate::util::random::SplitMix64;
use serde::{Deserialize, Serialize};

pub const RESULT_MARKERS: u32 = 20;
pub const PUBLICATION_TOKENS: u32 = 4;
/// Publish or Perish: the clock starts at 10 minutes and each publication adds 5.
pub const TIMER_START_SECS: u64 = 10 * 60;
pub const TIMER_EXTENSION_SECS: u64 = 5 * 60;
/// The opening experiments use at most this many dice (and so must a home-made Law be
/// demonstrable with).
pub const OPENING_DICE: usize = search::DEMONSTRABLE_DICE;

/// Who built an experiment, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    Opening,
    Researchers,
    /// The Universe's answer to the publication with this number (from 1).
    Disproof(usize),
    /// Built for a token spent without a Theory.
    Help(usize),
}

/// An experiment on the table with its Result Marker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    /// Its number on the table (from 1, never reused).
    pub number: usize,
    pub experiment: String,
    pub follows: bool,
    pub origin: Origin,
    /// The Researcher who built it, when the game knows the players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Publication {
    /// The Theory as typed, or none (a token spent for help).
    pub theory: Option<String>,
    /// The experiment the Universe answered with, if any.
    pub answer: Option<usize>,
    /// The Researcher who published, when the game knows the players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub won: bool,
    pub why: String,
    /// Who wins, when it is not simply everyone or no one (the Cheater variant's Vote).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
}

/// The whole game, as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub format: u32,
    pub supply: Supply,
    pub compass: bool,
    /// The largest experiment the Universe tries when it disproves.
    pub max_dice: usize,
    /// The Law, hex-encoded and scrambled: not a secret from a determined reader, only from
    /// a glance at the file.
    sealed_law: String,
    pub level: Option<u8>,
    pub table: Vec<Placed>,
    pub markers_left: u32,
    pub tokens_left: u32,
    pub publications: Vec<Publication>,
    /// Publish or Perish: when the time runs out (seconds since 1970).
    pub deadline: Option<u64>,
    pub ending: Option<Ending>,
    pub seed: u64,
    /// Experiments numbered so far.
    built: usize,
    /// The variants in play (all off in games saved before they existed).
    #[serde(default)]
    pub variants: Variants,
    /// The Researchers in seat order (the Cheater variant needs them; otherwise optional).
    #[serde(default)]
    pub players: Vec<String>,
    /// Whose turn it is: an index into `players`.
    #[serde(default)]
    pub turn: usize,
    /// The Highlight stones on the table.
    #[serde(default)]
    pub highlights: Vec<Highlight>,
    /// Experiments the Researchers built since the last publication or highlight.
    #[serde(default)]
    quiet: usize,
    /// The Cheater variant: the Cheater's name, sealed like the Law.
    #[serde(default)]
    sealed_cheater: Option<String>,
    /// The players who have looked at their identity card.
    #[serde(default)]
    pub cards_seen: Vec<String>,
    /// The Cheater variant: the Class is over and the table votes.
    #[serde(default)]
    pub voting: bool,
    /// The Cheater variant: per player, the share of the still-possible deck Laws each of
    /// their experiments ruled out (what the Teacher watches for).
    #[serde(default)]
    pub leads: Vec<Lead>,
}

/// The variants of the rules text a game can be played with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variants {
    /// The Universe may highlight experiments when the Researchers seem stuck.
    pub highlights: bool,
    /// Nobody speaks except while publishing; publishing needs everyone's thumbs up.
    pub silence: bool,
    /// A secret Cheater knows the Law; after the Class comes the Vote.
    pub cheater: bool,
}

/// The two colours of Highlight stones, three of each: two lines of communication.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stone {
    Gold,
    Silver,
}

impl Stone {
    pub fn name(self) -> &'static str {
        match self {
            Stone::Gold => "gold",
            Stone::Silver => "silver",
        }
    }
}

/// The stones of one colour, next to these experiments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Highlight {
    pub stone: Stone,
    pub experiments: Vec<usize>,
}

/// How much a player's experiments looked like they knew where to look.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lead {
    pub player: String,
    pub experiments: u32,
    /// The sum, over their experiments, of the share of deck Laws still possible before it
    /// that its marker ruled out.
    pub ruled_out: f64,
}

impl Eq for Lead {}

/// Highlight stones per colour.
pub const STONES_PER_COLOUR: usize = 3;
/// The Universe takes the Researchers to be stuck after this many experiments without a
/// publication or a highlight.
pub const STUCK_AFTER: usize = 5;
/// The Cheater variant needs this many players besides the computer Teacher.
pub const CHEATER_MIN_PLAYERS: usize = 3;

/// What a move did, for the table to see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// An experiment was placed with its marker.
    Placed(Placed),
    /// An experiment already on the table disproves the Theory: the Universe points at it
    /// instead of building another (ruling I12).
    PointedAt(usize),
    /// An experiment was taken down; its marker left the game.
    TakenDown(usize),
    /// The Universe placed (or moved) a colour of Highlight stones.
    Highlighted(Highlight),
    /// The Cheater variant: the Teacher cannot disprove the Theory; the Class is over and
    /// the table votes.
    VoteBegins,
    /// The Universe could not decide within its budget; the token is returned.
    Undecided(String),
    Ended(Ending),
}

#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
pub enum GameError {
    #[error("the game is over: {0}")]
    #[diagnostic(code(umpire::infer::game_over))]
    Over(String),
    #[error("not enough {colour} dice left: {wanted} wanted, {free} free")]
    #[diagnostic(code(umpire::infer::dice), help("take down an experiment for parts: `remove N`"))]
    NotEnoughDice { colour: String, wanted: usize, free: usize },
    #[error("there is no experiment {0} on the table")]
    #[diagnostic(code(umpire::infer::no_experiment))]
    NoSuchExperiment(usize),
    #[error("the Law cannot be shown both ways with {OPENING_DICE} dice or fewer, as the rules ask of a home-made Law")]
    #[diagnostic(
        code(umpire::infer::not_demonstrable),
        help("check it with `umpire infer demonstrable`")
    )]
    NotDemonstrable,
    #[error(
        "the Law speaks of directions: start the game with --compass (the Compass Rose variant)"
    )]
    #[diagnostic(code(umpire::infer::compass))]
    NeedsCompass,
    #[error("{0}")]
    #[diagnostic(code(umpire::infer::variant))]
    Variant(String),
    #[error("the saved game is damaged: {0}")]
    #[diagnostic(code(umpire::infer::save))]
    Damaged(String),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Experiment(#[from] ExperimentError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Search(#[from] SearchError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    TooLarge(#[from] super::law::TooLarge),
}

impl crate::util::failure::Classify for GameError {
    fn kind(&self) -> crate::util::failure::FailureKind {
        match self {
            GameError::Search(e) => e.kind(),
            _ => crate::util::failure::FailureKind::BadInput,
        }
    }
}

/// The Universe's answer to a spent token.
enum Answer {
    /// Build this (after taking down these experiments for parts).
    Build(Experiment, Vec<Event>),
    /// Nothing disproves the Theory.
    Nothing,
    /// This experiment on the table disproves it already.
    Point(usize),
    /// The budget ran out.
    Undecided(String),
}

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

fn seal(text: &str) -> String {
    text.bytes().map(|b| format!("{:02x}", b ^ 0x5a)).collect()
}

fn unseal(sealed: &str) -> Option<String> {
    let bytes: Option<Vec<u8>> = (0..sealed.len())
        .step_by(2)
        .map(|i| {
            sealed.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).map(|b| b ^ 0x5a)
        })
        .collect();
    String::from_utf8(bytes?).ok()
}

/// The cards a game may draw.
pub fn cards(compass: bool, level: Option<u8>) -> Vec<Card> {
    let mut all = parse_deck(DECK).expect("the shipped deck reads");
    if compass {
        all.extend(parse_deck(COMPASS_DECK).expect("the shipped deck reads"));
    }
    all.retain(|c| level.is_none_or(|l| c.level == l));
    all
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
        let players = super::variants::check_players(&setup.players, setup.variants)?;
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
            deadline: (setup.timer || setup.variants.cheater).then_some(now + TIMER_START_SECS),
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
        super::variants::check_loaded(&game)?;
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

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("plain data")
    }

    /// The Law as written, revealed at the end of the game.
    pub fn law_text(&self) -> String {
        unseal(&self.sealed_law).unwrap_or_default()
    }

    fn secret(&self) -> Result<Law, String> {
        let text = unseal(&self.sealed_law).ok_or("it cannot be unsealed")?;
        parse(&text).map_err(|e| e.message)
    }

    fn law(&self) -> Law {
        self.secret().expect("checked when the game was made or loaded")
    }

    /// The dice not on the table.
    pub fn free_dice(&self) -> Supply {
        let mut free = self.supply.clone();
        for p in &self.table {
            let x = Experiment::parse(&p.experiment).expect("checked on load");
            for d in &x.dice {
                if let Some(c) = free.colours.iter_mut().find(|c| c.0 == d.colour) {
                    c.1 = c.1.saturating_sub(1);
                }
            }
        }
        free
    }

    fn on_table(&self, x: &Experiment) -> bool {
        self.table.iter().any(|p| p.experiment == x.notation())
    }

    fn place(&mut self, x: &Experiment, follows: bool, origin: Origin) -> Placed {
        self.built += 1;
        self.markers_left -= 1;
        let by = (origin == Origin::Researchers).then(|| self.active()).flatten();
        let p = Placed { number: self.built, experiment: x.notation(), follows, origin, by };
        self.table.push(p.clone());
        p
    }

    /// The Universe must place a marker: with none left, everyone loses.
    fn needs_marker(&mut self) -> Option<Ending> {
        (self.markers_left == 0)
            .then(|| self.end(false, "the Universe had to place a Result Marker and had none left"))
    }

    fn end(&mut self, won: bool, why: &str) -> Ending {
        let e = Ending {
            won,
            why: format!("{why}. The Law was: {} ({})", self.law().english(), self.law_text()),
            headline: None,
        };
        self.ending = Some(e.clone());
        e
    }

    /// The active Researcher, when the game knows the players.
    pub fn active(&self) -> Option<String> {
        self.players.get(self.turn % self.players.len().max(1)).cloned()
    }

    /// The turn passes to the next Researcher in seat order.
    fn next_turn(&mut self) {
        if !self.players.is_empty() {
            self.turn = (self.turn + 1) % self.players.len();
        }
    }

    pub(super) fn sealed_cheater_present(&self) -> bool {
        self.sealed_cheater.is_some()
    }

    /// The Cheater's name (the Cheater variant only).
    pub(super) fn cheater(&self) -> Option<String> {
        self.sealed_cheater.as_deref().and_then(unseal)
    }

    /// The secret Law, for the variants' module (the Cheater reads it).
    pub(super) fn the_law(&self) -> Law {
        self.law()
    }

    pub(super) fn finish(&mut self, won: bool, why: &str, headline: &str) -> Ending {
        self.end(won, why);
        let e = self.ending.as_mut().expect("just ended");
        e.headline = Some(headline.to_string());
        e.clone()
    }

    /// Ends the game when the Publish-or-Perish clock has run out; refuses moves when the
    /// game is over, during the Vote, and before every Cheater-variant player has seen
    /// their identity card.
    fn check(&mut self, now: u64) -> Result<Option<Ending>, GameError> {
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
        if self.deadline.is_some_and(|d| now > d) {
            return Ok(Some(self.end(false, "the Publish-or-Perish clock ran out")));
        }
        Ok(None)
    }

    /// The Researchers build an experiment; the Universe marks it.
    pub fn build(&mut self, x: &Experiment, now: u64) -> Result<Vec<Event>, GameError> {
        if let Some(e) = self.check(now)? {
            return Ok(vec![Event::Ended(e)]);
        }
        if x.dice.iter().any(|d| d.colour.is_empty()) {
            return Err(GameError::Damaged("a die without a colour".into()));
        }
        if let Some(short) = self.shortfall(x) {
            return Err(short);
        }
        x.validate(&self.supply)?;
        if let Some(e) = self.needs_marker() {
            return Ok(vec![Event::Ended(e)]);
        }
        let follows = self.law().judge(x)?.follows;
        if self.variants.cheater {
            super::variants::watch(self, x, follows);
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
        let chosen = super::variants::most_telling_pair(&self.table, &self.highlights)?;
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
        super::variants::vote(self, picks)
    }

    /// The Cheater variant: a player looks at their identity card (alone at the screen).
    pub fn card(&mut self, player: &str) -> Result<String, GameError> {
        super::variants::card(self, player)
    }

    /// Takes an experiment down for parts; its marker leaves the game.
    pub fn take_down(&mut self, number: usize, now: u64) -> Result<Vec<Event>, GameError> {
        if let Some(e) = self.check(now)? {
            return Ok(vec![Event::Ended(e)]);
        }
        self.remove(number)?;
        Ok(vec![Event::TakenDown(number)])
    }

    fn remove(&mut self, number: usize) -> Result<(), GameError> {
        let at = self
            .table
            .iter()
            .position(|p| p.number == number)
            .ok_or(GameError::NoSuchExperiment(number))?;
        self.table.remove(at);
        // Stones by a removed experiment go back to the Universe; a lone stone says nothing.
        for h in &mut self.highlights {
            h.experiments.retain(|&n| n != number);
        }
        self.highlights.retain(|h| h.experiments.len() >= 2);
        Ok(())
    }

    /// A Researcher publishes a Theory (or spends a token for help, with `None`).
    pub fn publish(
        &mut self,
        theory: Option<(&str, &Law)>,
        budget: &Budget,
        now: u64,
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
            Some((_, t)) => self.disproof(&law, t, &limits)?,
            None => self.help(&law, &limits)?,
        };
        let (x, mut events) = match answer {
            Answer::Undecided(why) => return Ok(vec![Event::Undecided(why)]),
            Answer::Nothing => (None, vec![]),
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
                events.push(Event::VoteBegins);
                return Ok(events);
            }
            None if events.is_empty() => {
                events
                    .push(Event::Ended(self.end(true, "the Universe cannot disprove the Theory")));
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

    /// The smallest disproof from the free dice; failing that, from the whole box, taking
    /// down the oldest experiments of the Researchers for parts (ruling I12). `Ok(None)` when
    /// nothing disproves the Theory; `Err` (inner) when the budget ran out.
    fn disproof(&mut self, law: &Law, theory: &Law, limits: &Limits) -> Result<Answer, GameError> {
        let on_table = self.table.iter().find(|p| {
            theory
                .follows(&Experiment::parse(&p.experiment).expect("checked on load"))
                .is_some_and(|f| f != p.follows)
        });
        if let Some(p) = on_table {
            return Ok(Answer::Point(p.number));
        }
        match search::disprove(law, theory, &self.free_dice(), limits, &mut |_, _| {})? {
            Found::Experiment(x) => return Ok(Answer::Build(x, vec![])),
            Found::Unknown { why, .. } => return Ok(Answer::Undecided(why.to_string())),
            Found::NoneUpTo(_) => {}
        }
        match search::disprove(law, theory, &self.supply, limits, &mut |_, _| {})? {
            Found::Experiment(x) => {
                let mut events = Vec::new();
                while self.shortfall(&x).is_some() {
                    let oldest = self
                        .table
                        .iter()
                        .find(|p| p.origin == Origin::Researchers)
                        .or(self.table.first())
                        .map(|p| p.number);
                    let Some(n) = oldest else { break };
                    self.remove(n)?;
                    events.push(Event::TakenDown(n));
                }
                Ok(Answer::Build(x, events))
            }
            Found::Unknown { why, .. } => Ok(Answer::Undecided(why.to_string())),
            Found::NoneUpTo(_) => Ok(Answer::Nothing),
        }
    }

    /// The first colour the free dice have too few of for `x`, if any.
    fn shortfall(&self, x: &Experiment) -> Option<GameError> {
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
    fn help(&mut self, law: &Law, limits: &Limits) -> Result<Answer, GameError> {
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
    fn opening(
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
        let limits = Limits {
            max_dice: OPENING_DICE,
            budget: Budget::time(std::time::Duration::from_secs(10)),
        };
        match search::example(law, follows, &free, &limits, &mut |_, _| {})? {
            Found::Experiment(x) if !self.on_table(&x) => Ok(Some(x)),
            _ => Ok(None),
        }
    }
}
