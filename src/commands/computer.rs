//! The computer at the card table (issue 33): its moves, the coach's hints and self-play,
//! for every front end. `umpire game move | hint | selfplay`, the REPL's `move` and `hint`
//! and the page's seats and hint button all come here; what they print or show is built
//! here once, and what the coach prints can be typed back as a play as it stands.

use crate::commands::cardgame::{
    claim_outcome, event_view, parse_cards, Play, SavedGame, Snapshot,
};
use crate::commands::defaults::{COMPUTER_CLAIM_TIME, JUDGE_QUESTION_TIME, MAX_MODEL_SIZE};
use crate::commands::evidence::evidence;
use crate::commands::verdict::DecisionView;
use crate::commands::verdict_json::DecisionJson;
use crate::games::cardgame::computer::{Thinking, Turn};
use crate::games::cardgame::deck::CardKind;
use crate::games::cardgame::judge::Judge;
use crate::games::cardgame::selfplay::{self, Ending, Played};
use crate::games::cardgame::state::{Claim, Event, Game, GameError};
use crate::reason::{Decision, Question};
use serde::Serialize;
use std::path::Path;
use std::time::Duration;

pub use crate::games::cardgame::computer::MAX_LEVEL;

/// How the computer thinks, given the front end's move budget (the benches measure a
/// turn with it; the front ends give the verbs a move time).
pub fn thinking(per_move: Duration) -> Thinking {
    Thinking {
        per_move,
        per_question: JUDGE_QUESTION_TIME.min(per_move),
        claim: COMPUTER_CLAIM_TIME,
        max_size: MAX_MODEL_SIZE,
    }
}

/// The cards a player names with the table's own deck (none named: not told).
fn told(cards: &[String]) -> Result<Option<Vec<CardKind>>, GameError> {
    let named: Vec<&str> =
        cards.iter().map(String::as_str).filter(|c| !c.trim().is_empty()).collect();
    if named.is_empty() {
        return Ok(None);
    }
    parse_cards(named).map(Some)
}

/// A computer's turn as the table is told of it, drawn when it was played.
pub struct ComputerTurn {
    /// Its claims: the event's number, the outcome's line and the decision.
    claims: Vec<(usize, String, Decision)>,
    text: String,
    brief: String,
    json: serde_json::Value,
}

impl ComputerTurn {
    /// Its claims with their outcomes, its play or pass, and why; `brief`: without the
    /// claims' evidence.
    pub fn text(&self, brief: bool) -> &str {
        if brief {
            &self.brief
        } else {
            &self.text
        }
    }

    /// The turn as JSON (the page and `--json` show the same).
    pub fn json(&self) -> &serde_json::Value {
        &self.json
    }

    /// Its claims: the event's number (from 1), the outcome's line and the decision as the
    /// page shows it.
    pub fn claims(&self) -> impl Iterator<Item = (usize, &str, DecisionView)> {
        self.claims.iter().map(|(at, outcome, d)| (*at, outcome.as_str(), DecisionView::of(d)))
    }

    /// The decision of its last claim, if it claimed (the REPL's `proof` repeats it).
    pub(crate) fn last_decision(&self) -> Option<&Decision> {
        self.claims.last().map(|(_, _, d)| d)
    }

    fn of(game: &Game, turn: &Turn) -> ComputerTurn {
        let claims = turn
            .claims
            .iter()
            .filter_map(|(event, decision)| {
                let at = game.events.iter().rposition(|e| e == event)? + 1;
                Some((at, claim_outcome(event).unwrap_or_default(), decision.clone()))
            })
            .collect();
        ComputerTurn {
            claims,
            text: turn_text(game, turn, false),
            brief: turn_text(game, turn, true),
            json: turn_json(game, turn),
        }
    }
}

impl SavedGame {
    /// `game move`: the computer plays the turn of the seat whose turn it is; a person's turn
    /// is refused. With the table's own cards, `cards` is what the computer holds (G13).
    pub fn computer_move(
        &mut self,
        move_time: Duration,
        cards: &[String],
    ) -> Result<ComputerTurn, GameError> {
        let told = told(cards)?;
        let seat = self.game().state.current;
        let level = computer_seat(self.game(), seat)?;
        let thinking = thinking(move_time);
        let turn = self.change(|g| g.computer_turn(seat, level, &thinking, told.as_deref()))?;
        Ok(ComputerTurn::of(self.game(), &turn))
    }

    /// After a person's move (in the REPL or on the page): the computer plays every seat it
    /// holds until a person's turn comes or the game ends, at most one round. With the
    /// table's own cards it waits to be told its cards (`game move CARDS`).
    pub fn computers_reply(&mut self, move_time: Duration) -> Result<Vec<ComputerTurn>, GameError> {
        let mut turns = Vec::new();
        for _ in 0..self.game().settings.players.len() {
            if !self.computer_to_move() || self.game().settings.own_cards {
                break;
            }
            turns.push(self.computer_move(move_time, &[])?);
        }
        Ok(turns)
    }
}

/// The computer's level at `seat`, or why it does not play there.
fn computer_seat(game: &Game, seat: usize) -> Result<u8, GameError> {
    if let Some(w) = game.state.winner {
        return Err(GameError::Over(game.settings.players[w].clone()));
    }
    game.settings.computer_level(seat).ok_or_else(|| {
        let name = &game.settings.players[seat];
        GameError::NotComputer(name.clone())
    })
}

/// The number a play's statement has on the board: the one a ¬ changed, or the one it
/// added (the count of statements added up to and including it).
fn statement_number(game: &Game, event: &Event) -> Option<usize> {
    statement_number_at(game, game.events.iter().rposition(|e| e == event)?)
}

/// The number the statement of play event `at` (from 0) has on the board.
fn statement_number_at(game: &Game, at: usize) -> Option<usize> {
    match &game.events[at] {
        Event::Play { target: Some(k), .. } => Some(*k),
        Event::Play { target: None, .. } => Some(
            game.events[..=at]
                .iter()
                .filter(|e| matches!(e, Event::Play { target: None, .. }))
                .count(),
        ),
        _ => None,
    }
}

/// What the table is told of a computer's turn: its claims with their outcomes, its play or
/// pass, and why. The statement is echoed as the board shows it (an S card's text as the
/// card prints it is normalised there), and the play in the form a player would type it.
fn turn_text(game: &Game, turn: &Turn, brief: bool) -> String {
    let name = &game.settings.players[turn.player];
    let mut out = String::new();
    for (event, decision) in &turn.claims {
        let Event::Claim { claim, .. } = event else { continue };
        let what = match claim {
            Claim::Redundant { statement } => format!("({statement}) redundant"),
            Claim::Inconsistent => "the board inconsistent".to_string(),
        };
        out.push_str(&format!(
            "{name} claims {what}: {}\n",
            claim_outcome(event).unwrap_or_default()
        ));
        if !brief {
            out.push_str(&evidence(decision));
        }
    }
    match &turn.event {
        Some(event @ Event::Play { cards, statement, target, .. }) => {
            let shown = statement_number(game, event)
                .and_then(|k| game.state.board.get(k - 1))
                .map_or(statement.as_str(), |entry| entry.text.as_str());
            out.push_str(&format!(
                "{name} plays {}\n  why: {}\n",
                Play::line(cards, shown, *target),
                turn.reason
            ));
        }
        Some(Event::Pass { .. }) => out.push_str(&format!("{name} passes: {}\n", turn.reason)),
        _ => {}
    }
    out
}

/// A computer's turn as JSON: its claims and its play or pass as the table's events
/// (players by name, as `game show --json` has them), each claim with its decision.
fn turn_json(game: &Game, turn: &Turn) -> serde_json::Value {
    let view = |event: &Event| {
        game.events.iter().rposition(|e| e == event).map(|i| event_view(game, i, &[]))
    };
    let claims: Vec<serde_json::Value> = turn
        .claims
        .iter()
        .map(|(event, decision)| {
            serde_json::json!({ "event": view(event), "decision": DecisionJson::of(decision) })
        })
        .collect();
    serde_json::json!({
        "player": game.settings.players[turn.player],
        "claims": claims,
        "event": turn.event.as_ref().and_then(view),
        "reason": turn.reason,
        "elapsed_ms": turn.elapsed.as_millis() as u64,
        "winner": game.state.winner.map(|w| game.settings.players[w].clone()),
    })
}

impl Snapshot {
    /// `game why`: the evidence for the last play's safety, decided again: a model of the
    /// board as it now stands, and one in which the statement written does not follow.
    pub fn why(&self) -> Result<String, GameError> {
        let game = self.game();
        let thinking = thinking(crate::commands::defaults::MOVE_TIME);
        let Some((i, Event::Play { player, statement, .. })) =
            game.events.iter().enumerate().rev().find(|(_, e)| matches!(e, Event::Play { .. }))
        else {
            return Ok("Nothing has been played yet.\n".into());
        };
        let written = statement_number_at(game, i).expect("a play writes a statement");
        let board = self.board()?;
        let mut judge = Judge::new(thinking.claim, thinking.max_size);
        let mut out = format!(
            "The last play, by {}: ({written}) {statement}\nOn the board as it stands now:\n",
            game.settings.players[*player]
        );
        for question in [Question::Consistency, Question::Follows(written)] {
            if let Some(decision) = judge.decide(&board, question) {
                out.push_str(&format!("- {}\n", decision.explanation));
                out.push_str(&evidence(&decision));
            }
        }
        Ok(out)
    }

    /// `game hint`: the coach for `who` (absent: the player to move); never changes the
    /// game. With the table's own cards, `cards` is what the player holds (without them,
    /// only the claims are given).
    pub fn hint(
        &self,
        who: Option<&str>,
        cards: &[String],
        move_time: Duration,
    ) -> Result<crate::commands::coach::Hint, GameError> {
        let player = self.seat(who)?;
        crate::commands::coach::hint(
            self.game(),
            player,
            told(cards)?.as_deref(),
            &thinking(move_time),
        )
    }
}

/// `game selfplay`: what to play.
#[derive(Clone, Debug)]
pub struct SelfPlayRequest {
    pub games: usize,
    /// One level per seat; seats rotate from game to game, so each level starts as often.
    pub levels: Vec<u8>,
    pub seed: u64,
    pub hand_size: usize,
    pub points_to_win: usize,
    /// The budget of each computer move.
    pub move_time: Duration,
    pub max_turns: usize,
}

/// What self-play measured, per level and in all.
#[derive(Debug, Default, Serialize)]
pub struct SelfPlayReport {
    pub games: usize,
    pub levels: Vec<LevelReport>,
    pub draws: usize,
    pub endings: std::collections::BTreeMap<String, usize>,
    /// Illegal plays, claims not upheld, unclaimed inconsistent boards, errors: each a bug.
    pub faults: Vec<String>,
    pub move_ms_median: u64,
    pub move_ms_p90: u64,
    pub move_ms_max: u64,
    pub moves: usize,
}

#[derive(Debug, Default, Serialize)]
pub struct LevelReport {
    pub seat_index: usize,
    pub level: u8,
    pub wins: usize,
    pub points: usize,
    pub claims: usize,
    pub upheld: usize,
    pub unknowns: usize,
    pub move_ms_median: u64,
    pub move_ms_max: u64,
}

/// Plays the games; `each` hears of every game when it ends (for progress).
pub fn selfplay(
    request: &SelfPlayRequest,
    each: &mut dyn FnMut(usize, &PlayedGame),
) -> Result<SelfPlayReport, GameError> {
    let seats = request.levels.len();
    if seats < 2 {
        return Err(GameError::Settings(
            "self-play needs at least two seats: give a level for each (`--levels 1,2`)".into(),
        ));
    }
    if request.games == 0 {
        return Err(GameError::Settings("self-play needs at least one game (`--games N`)".into()));
    }
    let mut report = SelfPlayReport {
        levels: request
            .levels
            .iter()
            .enumerate()
            .map(|(i, l)| LevelReport { seat_index: i, level: *l, ..Default::default() })
            .collect(),
        ..Default::default()
    };
    let mut all_times: Vec<Duration> = Vec::new();
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); seats];
    for g in 0..request.games {
        // Game g seats the levels rotated by g: entry e of the request sits at seat (e+g)%n.
        let seat_of = |e: usize| (e + g) % seats;
        let mut levels = vec![0; seats];
        for (e, l) in request.levels.iter().enumerate() {
            levels[seat_of(e)] = *l;
        }
        let seed = request.seed.wrapping_add(g as u64);
        let settings = selfplay::settings(&levels, seed, request.hand_size, request.points_to_win);
        let played = selfplay::play_game(
            settings,
            &thinking(request.move_time),
            request.max_turns,
            &mut |_, _| {},
        )?;
        report.games += 1;
        *report.endings.entry(ending_name(played.ending).into()).or_default() += 1;
        if played.winner.is_none() {
            report.draws += 1;
        }
        for (e, level) in report.levels.iter_mut().enumerate() {
            let s = seat_of(e);
            level.wins += usize::from(played.winner == Some(s));
            level.points += played.scores[s];
            level.claims += played.claims[s];
            level.upheld += played.upheld[s];
            level.unknowns += played.unknowns[s];
            times[e].extend(&played.move_times[s]);
            all_times.extend(&played.move_times[s]);
        }
        for f in &played.faults {
            report.faults.push(format!("game {} (seed {seed}): {f}", g + 1));
        }
        each(g, &PlayedGame(&played));
    }
    for (level, t) in report.levels.iter_mut().zip(&mut times) {
        t.sort();
        level.move_ms_median = percentile(t, 50);
        level.move_ms_max = t.last().map_or(0, |d| d.as_millis() as u64);
    }
    all_times.sort();
    report.moves = all_times.len();
    report.move_ms_median = percentile(&all_times, 50);
    report.move_ms_p90 = percentile(&all_times, 90);
    report.move_ms_max = all_times.last().map_or(0, |d| d.as_millis() as u64);
    Ok(report)
}

/// One game of self-play, as a front end hears of it when it ends.
pub struct PlayedGame<'a>(&'a Played);

impl PlayedGame<'_> {
    /// The game in a line, for progress.
    pub fn line(&self) -> String {
        played_line(self.0)
    }

    /// Saves the game (its save replays it).
    pub fn save(&self, path: &Path) -> Result<(), GameError> {
        self.0.game.save(path)
    }
}

/// One game of self-play in a line, for progress.
fn played_line(played: &Played) -> String {
    let players = &played.game.settings.players;
    let scores: Vec<String> =
        players.iter().zip(&played.scores).map(|(p, s)| format!("{p} {s}")).collect();
    let winner = played.winner.map_or("a draw".to_string(), |w| format!("{} wins", players[w]));
    format!(
        "{winner} ({}; {}; {} turns){}",
        ending_name(played.ending),
        scores.join(", "),
        played.turns,
        if played.faults.is_empty() {
            String::new()
        } else {
            format!("; {} faults", played.faults.len())
        }
    )
}

fn percentile(sorted: &[Duration], p: usize) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[(sorted.len() - 1) * p / 100].as_millis() as u64
}

fn ending_name(e: Ending) -> &'static str {
    match e {
        Ending::Points => "points",
        Ending::Inconsistency => "inconsistency",
        Ending::AllPassed => "all-passed",
        Ending::TurnCap => "turn-cap",
        Ending::Fault => "fault",
    }
}

impl SelfPlayReport {
    /// The table the command line prints (and BENCHMARKS.md keeps).
    pub fn text(&self) -> String {
        let mut out = format!(
            "{} games (a row is one entry of --levels; the seats rotate from game to game)\n",
            self.games
        );
        out.push_str(
            "seat  level  wins   win%  points  claims  upheld  unknowns  move median  move max\n",
        );
        for l in &self.levels {
            let pct = if self.games == 0 { 0.0 } else { 100.0 * l.wins as f64 / self.games as f64 };
            out.push_str(&format!(
                "{:<5} {:<6} {:<6} {:>5.1}  {:<7} {:<7} {:<7} {:<9} {:>8} ms  {:>6} ms\n",
                l.seat_index + 1,
                l.level,
                l.wins,
                pct,
                l.points,
                l.claims,
                l.upheld,
                l.unknowns,
                l.move_ms_median,
                l.move_ms_max
            ));
        }
        let endings: Vec<String> = self.endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
        out.push_str(&format!("draws: {}; endings: {}\n", self.draws, endings.join(", ")));
        out.push_str(&format!(
            "moves: {}; time per move: median {} ms, 90th percentile {} ms, max {} ms\n",
            self.moves, self.move_ms_median, self.move_ms_p90, self.move_ms_max
        ));
        if self.faults.is_empty() {
            out.push_str("faults: none (no illegal play, no claim refused, no inconsistent board left unclaimed)\n");
        } else {
            out.push_str(&format!("faults: {}\n", self.faults.len()));
            for f in &self.faults {
                out.push_str(&format!("  {f}\n"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::coach::{hint, HintPlay};
    use crate::commands::Front;
    use crate::games::cardgame::deck::CardKind;
    use crate::games::cardgame::state::Settings;

    fn cards(names: &[&str]) -> Vec<CardKind> {
        names.iter().map(|c| CardKind::parse(c).unwrap()).collect()
    }

    fn game() -> Game {
        Game::new(Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 2,
            own_cards: false,
            computers: Vec::new(),
            derivations_required: false,
        })
        .unwrap()
    }

    fn quick() -> Thinking {
        thinking(Duration::from_secs(4))
    }

    #[test]
    fn the_coach_lists_a_redundancy_with_its_proof() {
        let mut g = game();
        g.state.hands[0] = cards(&["Q:∀x"]);
        g.state.hands[1] = cards(&["Q:∃x"]);
        g.play(0, &cards(&["Q:∀x"]), "∀x happy(x)", None).unwrap();
        g.play(1, &cards(&["Q:∃x"]), "∃x happy(x)", None).unwrap();
        let events = g.events.len();
        let h = hint(&g, 0, None, &quick()).unwrap();
        assert_eq!(h.claims.len(), 1);
        assert_eq!(h.claims[0].claim, "redundant 2");
        let text = h.text(false, Front::CommandLine);
        assert!(text.contains("Ann can claim `redundant 2`"), "{text}");
        assert!(text.contains("(1)") && text.contains("1."), "the proof's steps: {text}");
        assert_eq!(g.events.len(), events, "a hint never changes the game");
    }

    /// Ruling G20: the computer writes no derivations yet, so on a table that requires them
    /// it claims nothing (a claim would be refused) and still plays.
    #[test]
    fn on_a_table_that_requires_derivations_the_computer_claims_nothing() {
        let mut g = game();
        g.settings.derivations_required = true;
        g.state.hands[0] = cards(&["Q:∀x"]);
        g.state.hands[1] = cards(&["Q:∃x", "P:blonde"]);
        g.play(0, &cards(&["Q:∀x"]), "∀x happy(x)", None).unwrap();
        g.play(1, &cards(&["Q:∃x"]), "∃x happy(x)", None).unwrap();
        g.state.hands[0] = cards(&["Q:∀x", "P:blonde"]);
        let turn = g.computer_turn(0, 2, &quick(), None).unwrap();
        assert!(turn.claims.is_empty(), "no claim without a derivation");
        assert_eq!(g.state.scores, vec![0, 0]);
        assert!(g.events.len() == 3, "it played or passed");
    }

    #[test]
    fn the_coach_says_when_every_play_of_the_hand_is_unsafe() {
        let mut g = game();
        g.state.hands[0] = cards(&["X:?"]);
        g.state.hands[1] = cards(&["X:?"]);
        g.play(0, &cards(&["X:?"]), "∀x blonde(x)", None).unwrap();
        g.play(1, &cards(&["X:?"]), "∀x∀y smarter(x, y)", None).unwrap();
        // No father is blonde: inconsistent with (1); nobody is smarter: inconsistent with
        // (2); every father is smarter: follows from (2).
        g.state.hands[0] = cards(&["S:11", "S:14", "S:3"]);
        let h = hint(&g, 0, None, &quick()).unwrap();
        assert!(h.all_unsafe, "{}", h.text(true, Front::CommandLine));
        assert_eq!(h.plays.len(), 3, "{}", h.text(true, Front::CommandLine));
        let text = h.text(true, Front::CommandLine);
        assert!(text.contains("gives something away: passing is safest"), "{text}");
        assert!(text.contains("inconsistent: Bob would claim it and win"), "{text}");
        assert!(text.contains("(3) follows from the others: Bob would score it"), "{text}");
    }

    #[test]
    fn the_coach_ranks_handing_over_the_win_below_handing_over_a_point() {
        let mut g = game();
        g.state.hands[0] = cards(&["P:blonde"]);
        g.state.hands[1] = cards(&["P:blonde"]);
        g.play(0, &cards(&["P:blonde"]), "∀x blonde(x)", None).unwrap();
        g.play(1, &cards(&["P:blonde"]), "∃x blonde(x)", None).unwrap();
        g.state.hands[0] = cards(&["P:blonde"]);
        let h = hint(&g, 0, None, &quick()).unwrap();
        let wins = |p: &HintPlay| p.risks.iter().any(|r| r.contains("win"));
        let first_win = h.plays.iter().position(wins).expect("some play is inconsistent");
        assert!(h.plays[first_win..].iter().all(wins), "{}", h.text(true, Front::CommandLine));
        assert!(first_win > 0, "{}", h.text(true, Front::CommandLine));
    }

    #[test]
    fn a_computer_never_plays_a_persons_turn() {
        let dir = std::env::temp_dir().join(format!("umpire-computer-turn-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.json");
        let _ = std::fs::remove_file(&path);
        let new = crate::commands::cardgame::NewGame {
            players: vec!["Ann".into(), "Bob".into()],
            seed: Some(2),
            computers: vec!["bob".into()],
            level: Some(1),
            ..Default::default()
        };
        let mut saved = SavedGame::create(&path, &new).unwrap();
        let four = Duration::from_secs(4);
        assert!(
            matches!(saved.computer_move(four, &[]), Err(GameError::NotComputer(n)) if n == "Ann")
        );
        saved.pass(None).unwrap();
        let turn = saved.computer_move(four, &[]).unwrap();
        assert!(turn.text(true).starts_with("Bob "), "{}", turn.text(true));
        assert!(turn.text(true).contains("why:") || turn.text(true).contains("passes:"));
        assert_eq!(turn.json()["player"], "Bob");
        assert_eq!(SavedGame::open(&path).unwrap().version(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
