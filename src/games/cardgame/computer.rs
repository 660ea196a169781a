//! The computer player (RULINGS.md, G14), and the judgement of plays it shares with the
//! coach.
//!
//! A computer's turn is a person's turn made by rule:
//! - *Scoring*: it asks the arbiter whether the board is inconsistent and which statements
//!   follow, and claims exactly what the arbiter proves (through [`Game::claim`], so its
//!   claims carry the same evidence as anyone's, and it never claims what it cannot prove).
//! - *Writing*: it draws the plays its hand allows ([`super::candidates`]), judges each on
//!   the board it would leave ([`super::judge`]), and plays by its level: `0` any legal play
//!   at random (a sparring partner), `1` a *safe* one (the board stays consistent and the new
//!   statement does not follow from the others), `2` one that leaves the next player nothing
//!   to claim at all, choosing among those by looking one round ahead at the replies the
//!   next player's face-up hand allows. With nothing safe it passes.
//!
//! Its choices are reproducible: the candidates are drawn from a stream seeded by the game's
//! seed and the number of events so far. Only a question that runs out of its budget on one
//! machine and not on another can make two runs differ.

use super::candidates::{legal_plays, more_legal_plays, Play};
use super::deck::CardKind;
use super::judge::{Judge, Outlook, Tri};
use super::state::{Claim, Event, Game, GameError};
use crate::reason::finite::Limits;
use crate::reason::Decision;
use crate::solve::Budget;
use crate::util::random::SplitMix64;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// The highest level: 0 random, 1 safe, 2 one round ahead.
pub const MAX_LEVEL: u8 = 2;

/// How many candidate plays a move judges (level 1 stops at the first safe one).
const CANDIDATES: usize = 24;
/// How many batches of candidates a move draws at most, while none is acceptable.
const BATCHES: usize = 4;
/// How many of its safe plays level 2 looks one round ahead from, and how many of the next
/// player's replies it judges for each.
const LOOKAHEAD_PLAYS: usize = 4;
const LOOKAHEAD_REPLIES: usize = 8;

/// How long the computer may think.
#[derive(Clone, Copy, Debug)]
pub struct Thinking {
    /// The whole turn's budget: the scoring phase may use half of it, and when it is spent
    /// the computer chooses among the plays judged so far (so only then can two runs of the
    /// same seed differ).
    pub per_move: Duration,
    /// One question's budget while judging plays (an unsettled question counts as unsafe).
    pub per_question: Duration,
    /// One question's budget in the scoring phase, and the budget its claims are decided
    /// within, as a person's claim would be.
    pub claim: Duration,
    /// The largest model the searches try.
    pub max_size: usize,
}

/// A computer's turn: the claims it made, then its play (or pass) and why.
#[derive(Debug)]
pub struct Turn {
    pub player: usize,
    pub claims: Vec<(Event, Decision)>,
    /// The play or pass event; `None` when a claim ended the game.
    pub event: Option<Event>,
    /// One line: why it played what it played.
    pub reason: String,
    /// The scoring phase could not tell whether the board is consistent (self-play then
    /// looks harder: an inconsistent board nobody claims is a fault).
    pub consistency_unsettled: bool,
    /// Questions put to the arbiter while judging, and how many ran out of budget.
    pub searches: usize,
    pub unknowns: usize,
    pub elapsed: Duration,
}

/// A play the hand allows, with what it would give the next player.
#[derive(Clone, Debug)]
pub struct Judged {
    pub play: Play,
    pub outlook: Outlook,
    /// The statement the play writes or changes (1-based).
    pub written: usize,
}

impl Judged {
    /// Safe in level 1's sense: the board stays consistent and the statement written does
    /// not follow from the others.
    pub fn safe(&self) -> bool {
        self.outlook.inconsistent == Tri::No
            && self.outlook.follows.iter().all(|(k, t)| *k != self.written || *t == Tri::No)
    }

    /// The risks in plain words, for the coach: empty when the play gives nothing away.
    pub fn risks(&self, next: &str) -> Vec<String> {
        let mut risks = Vec::new();
        match self.outlook.inconsistent {
            Tri::Yes => risks
                .push(format!("this makes the board inconsistent: {next} would claim it and win")),
            Tri::Unknown => risks.push(
                "umpire could not tell within its budget whether the board stays consistent"
                    .to_string(),
            ),
            Tri::No => {}
        }
        if self.outlook.inconsistent != Tri::Yes {
            for (k, t) in &self.outlook.follows {
                match (t, *k == self.written) {
                    (Tri::Yes, true) => {
                        risks.push(format!("({k}) follows from the others: {next} would score it"))
                    }
                    (Tri::Yes, false) => {
                        risks.push(format!("this makes ({k}) follow: {next} would score it"))
                    }
                    (Tri::Unknown, _) => risks.push(format!(
                        "umpire could not tell within its budget whether ({k}) follows"
                    )),
                    (Tri::No, _) => {}
                }
            }
        }
        risks
    }
}

impl Game {
    /// The computer's whole turn at seat `player`: its claims, then its play or pass, all
    /// recorded as events (so a save replays them like anyone's).
    /// With the table's own cards (G13) nobody's hand is known: `told` is the cards the
    /// table says the computer holds, and without them the turn is refused.
    pub fn computer_turn(
        &mut self,
        player: usize,
        level: u8,
        thinking: &Thinking,
        told: Option<&[CardKind]>,
    ) -> Result<Turn, GameError> {
        self.my_turn(player)?;
        let hand = match told {
            Some(cards) => cards.to_vec(),
            None => self
                .known_hand(player)
                .ok_or_else(|| GameError::CardsUntold(self.settings.players[player].clone()))?,
        };
        let start = Instant::now();
        let mut judge = Judge::new(thinking.claim, thinking.max_size);
        judge.deadline = Some(start + thinking.per_move / 2);
        let (claims, consistency_unsettled) =
            self.claim_what_follows(player, thinking, &mut judge)?;
        let mut turn = Turn {
            player,
            claims,
            consistency_unsettled,
            event: None,
            reason: String::new(),
            searches: 0,
            unknowns: 0,
            elapsed: Duration::ZERO,
        };
        if self.state.winner.is_none() {
            judge.per_question = thinking.per_question;
            let deadline = start + thinking.per_move;
            judge.deadline = Some(deadline);
            let (event, reason) = self.choose(player, &hand, level, &mut judge, deadline)?;
            self.apply(event.clone())?;
            turn.event = Some(event);
            turn.reason = reason;
        } else {
            turn.reason = "its claim ended the game".into();
        }
        turn.searches = judge.searches;
        turn.unknowns = judge.unknowns;
        turn.elapsed = start.elapsed();
        Ok(turn)
    }

    /// The scoring phase: claims a win on an inconsistent board, else every statement the
    /// arbiter proves redundant, each decided again as a claim (with its proof steps).
    fn claim_what_follows(
        &mut self,
        player: usize,
        thinking: &Thinking,
        judge: &mut Judge,
    ) -> Result<(Vec<(Event, Decision)>, bool), GameError> {
        let outlook = judge.outlook(self, &self.state.board.clone(), None);
        let unsettled = outlook.inconsistent == Tri::Unknown;
        let (win, points) = outlook.proved();
        // On a table that requires derivations the computer claims nothing: it does not
        // yet write its own derivations (issue 58), and a claim without one is refused.
        let wanted: Vec<Claim> = if self.settings.derivations_required {
            Vec::new()
        } else if win {
            vec![Claim::Inconsistent]
        } else {
            points.into_iter().map(|statement| Claim::Redundant { statement }).collect()
        };
        let mut claims = Vec::new();
        for claim in wanted {
            if self.state.winner.is_some() {
                break;
            }
            let limits =
                Limits { max_size: thinking.max_size, budget: Budget::time(thinking.claim) };
            claims.push(self.claim(player, claim, &limits)?);
        }
        Ok((claims, unsettled))
    }

    /// The writing phase's choice: the event (a play or a pass, with its reason) and the
    /// reason again for the caller.
    fn choose(
        &self,
        player: usize,
        hand: &[CardKind],
        level: u8,
        judge: &mut Judge,
        deadline: Instant,
    ) -> Result<(Event, String), GameError> {
        let in_time = || Instant::now() < deadline;
        let mut rng = SplitMix64::new(self.move_seed());
        let mut seen = BTreeSet::new();
        let next = &self.settings.players[(player + 1) % self.settings.players.len()];
        let pass = |reason: String| (Event::Pass { player, reason: Some(reason.clone()) }, reason);
        let play = |p: &Play, reason: String| {
            let mut event = p.event(player);
            if let Event::Play { reason: r, .. } = &mut event {
                *r = Some(reason.clone());
            }
            (event, reason)
        };
        let mut considered = 0;
        let mut safe: Vec<Judged> = Vec::new();
        // Batches of candidates, until one has a play the level accepts (or the batches or
        // the time run out): a hand that seldom allows a safe play gets a wider search.
        let mut ran_out = false;
        for _ in 0..BATCHES {
            if !in_time() {
                ran_out = true;
                break;
            }
            let plays = more_legal_plays(self, player, hand, &mut rng, CANDIDATES, &mut seen);
            if plays.is_empty() {
                break;
            }
            considered += plays.len();
            match level {
                0 => return Ok(play(&plays[0], "a legal play, chosen at random (level 0)".into())),
                1 => {
                    for p in plays.iter().take_while(|_| in_time()) {
                        let judged = self.judge_play(p, player, judge, true);
                        if judged.safe() {
                            let reason = format!(
                                "safe: the board stays consistent and ({}) does not follow from the others",
                                judged.written
                            );
                            return Ok(play(p, reason));
                        }
                    }
                }
                _ => {
                    safe.extend(
                        plays
                            .iter()
                            .take_while(|_| in_time())
                            .map(|p| self.judge_play(p, player, judge, false))
                            .filter(|j| j.outlook.gives_nothing()),
                    );
                    if !safe.is_empty() {
                        break;
                    }
                }
            }
        }
        if considered == 0 && ran_out {
            return Ok(pass("its time for the move ran out before it could judge a play".into()));
        }
        if considered == 0 {
            return Ok(pass("no card in the hand makes a legal play".into()));
        }
        if safe.is_empty() {
            let why = if level == 1 {
                format!("none of the {considered} plays it considered is safe: each would hand {next} a win or a point (or could not be judged in time)")
            } else {
                format!("each of the {considered} plays it considered would give {next} something to claim (or could not be judged in time)")
            };
            return Ok(pass(why));
        }
        let mut best: Option<(usize, (usize, usize))> = None;
        for (i, j) in safe.iter().enumerate().take(LOOKAHEAD_PLAYS).take_while(|_| in_time()) {
            let (traps, replies) = self.look_ahead(j, player, judge);
            // More of the replies that hand a point back, then fewer safe replies.
            let better = match best {
                None => true,
                Some((_, (t, r))) => {
                    traps * r.max(1) > t * replies.max(1) || (traps == t && replies < r)
                }
            };
            if better {
                best = Some((i, (traps, replies)));
            }
        }
        // With no time left to look ahead, the first safe play.
        let (i, (traps, replies)) = best.unwrap_or((0, (0, 0)));
        let mut reason = format!(
            "leaves {next} nothing to claim (the board stays consistent and no statement follows)"
        );
        if traps > 0 {
            let look = if traps == 1 { "looks" } else { "look" };
            reason.push_str(&format!(
                "; {traps} of the {replies} replies {next}'s hand allows {look} safe but would hand a point back"
            ));
        }
        Ok(play(&safe[i].play, reason))
    }

    /// The seed of this move's candidates: the game's seed and how far the game has gone.
    fn move_seed(&self) -> u64 {
        self.settings.seed ^ (self.events.len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Judges a play on the board it would leave: with `quick`, only what level 1 asks
    /// (consistency and the statement written); else every statement that may score.
    pub fn judge_play(&self, p: &Play, player: usize, judge: &mut Judge, quick: bool) -> Judged {
        let mut after = self.clone();
        let written = p.target.unwrap_or(self.state.board.len() + 1);
        if after.apply(p.event(player)).is_err() {
            // Not legal after all: judged as unsafe, never played.
            let outlook = Outlook { inconsistent: Tri::Unknown, follows: Vec::new() };
            return Judged { play: p.clone(), outlook, written };
        }
        let only = [written];
        let outlook = judge.outlook(&after, &after.state.board, quick.then_some(&only[..]));
        Judged { play: p.clone(), outlook, written }
    }

    /// After a safe play: of the replies the next player's hand allows (a sample), how many
    /// are traps (safe-looking, since the board stays consistent and the reply itself does
    /// not follow, yet they make another statement follow: a point back), and how many
    /// were judged. Replies that are plainly unsafe do not count: a careful player passes
    /// rather than make them, so a board that allows only those stalls the game.
    fn look_ahead(&self, judged: &Judged, player: usize, judge: &mut Judge) -> (usize, usize) {
        let mut after = self.clone();
        if after.apply(judged.play.event(player)).is_err() {
            return (0, 0);
        }
        let next = after.state.current;
        // With the table's own cards the next hand is not known: nothing to look at.
        let Some(hand) = after.known_hand(next) else { return (0, 0) };
        let mut rng = SplitMix64::new(after.move_seed());
        let replies = legal_plays(&after, next, &hand, &mut rng, LOOKAHEAD_REPLIES);
        let traps = replies
            .iter()
            .filter(|r| {
                let j = after.judge_play(r, next, judge, false);
                j.safe() && !j.outlook.proved().1.is_empty()
            })
            .count();
        (traps, replies.len())
    }

    /// The hand of `player` as the game knows it: dealt, or unknown with the table's own
    /// cards.
    pub fn known_hand(&self, player: usize) -> Option<Vec<CardKind>> {
        if self.settings.own_cards {
            return None;
        }
        self.state.hands.get(player).cloned()
    }

    /// Every play `hand` allows `player` (a sample), judged in full, for the coach.
    pub fn judged_plays(&self, player: usize, hand: &[CardKind], judge: &mut Judge) -> Vec<Judged> {
        let mut rng = SplitMix64::new(self.move_seed());
        legal_plays(self, player, hand, &mut rng, CANDIDATES)
            .iter()
            .map(|p| self.judge_play(p, player, judge, false))
            .collect()
    }
}
