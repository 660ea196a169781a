//! The card game at the table: the one façade every front end plays through. The rules of
//! the table that are not the rules of a turn live here once: who a request acts for (the
//! player named, or the one to move), how a claim is decided and recorded, when an undo is
//! allowed (never with nothing to undo; a win only with the table's agreement), how cards
//! and plays are written. `umpire game …`, the REPL's `game …` and the page all come here,
//! so they cannot disagree.
//!
//! [`SavedGame`] is a game and the file it lives in; every change is made under the file's
//! lock and written atomically before it is reported. [`Snapshot`] is the game as it stood
//! at one moment, for what does not change it (a dry run of a play, the coach, the start of
//! a claim), so that a front end never holds the game while umpire thinks. Neither shows
//! its insides: front ends get plain views ([`TableView`]) and text.

mod view;
mod words;

use crate::commands::derive;
use crate::commands::evidence::{evidence, unknown_hint};
use crate::commands::verdict::Search;
use crate::commands::written::{self, WrittenDerivation};
use crate::commands::Answer;
use crate::games::cardgame::game::{Claim, Event, Game, Settings};
use crate::logic::board::CheckedBoard;
use crate::reason::{Decision, Verdict};
use crate::util::files::Exclusive;
use std::path::{Path, PathBuf};

pub use crate::games::cardgame::game::GameError;
pub(crate) use view::{board_form, event_view};
pub use view::{card_text, BoardEntry, CardView, ClaimView, EventView, TableView};
pub use words::{card_names, parse_cards, parse_claim, Play, CARD_EXAMPLES};

/// A new game as a front end asks for it; what is left out takes the defaults of
/// [`crate::commands::defaults`].
#[derive(Clone, Debug, Default)]
pub struct NewGame {
    /// Player names, in turn order.
    pub players: Vec<String>,
    pub hand: Option<usize>,
    pub win: Option<usize>,
    /// Replays an earlier deal; none: a seed nobody can guess (G17).
    pub seed: Option<u64>,
    pub own_cards: bool,
    /// The seats the computer plays.
    pub computers: Vec<String>,
    pub level: Option<u8>,
    /// A claim scores only with a derivation that proves it (ruling G20).
    pub derivations_required: bool,
}

impl NewGame {
    /// The game's settings, or why they cannot be: names are trimmed, must be there, and
    /// must differ even in case (players are named without regard to case).
    fn settings(&self) -> Result<Settings, GameError> {
        use crate::commands::defaults::{COMPUTER_LEVEL, HAND_SIZE, POINTS_TO_WIN};
        let players: Vec<String> = self.players.iter().map(|s| s.trim().to_string()).collect();
        if let Some(k) = players.iter().position(String::is_empty) {
            return Err(GameError::Settings(format!("player {} has no name", k + 1)));
        }
        if let Some((k, p)) = players
            .iter()
            .enumerate()
            .find(|(k, p)| players[..*k].iter().any(|q| q.eq_ignore_ascii_case(p)))
        {
            return Err(GameError::Settings(format!(
                "two players are called {p} (player {}): names must differ",
                k + 1
            )));
        }
        let level = self.level.unwrap_or(COMPUTER_LEVEL);
        let computers = self
            .computers
            .iter()
            .map(|c| c.trim())
            .filter(|c| !c.is_empty())
            .map(|c| {
                // A seat is named as players are, without regard to case.
                let player = players.iter().find(|p| p.eq_ignore_ascii_case(c)).map_or(c, |p| p);
                crate::games::cardgame::game::Computer { player: player.to_string(), level }
            })
            .collect();
        Ok(Settings {
            players,
            hand_size: self.hand.unwrap_or(HAND_SIZE),
            points_to_win: self.win.unwrap_or(POINTS_TO_WIN),
            seed: crate::commands::defaults::game_seed(self.seed),
            own_cards: self.own_cards,
            computers,
            derivations_required: self.derivations_required,
        })
    }
}

/// The game as it stood at one moment: everything a front end may ask of it without
/// changing it.
#[derive(Clone, Debug)]
pub struct Snapshot {
    game: Game,
}

impl Snapshot {
    /// The one player lookup: the player named (in any case), or the one whose turn it is.
    pub(crate) fn seat(&self, who: Option<&str>) -> Result<usize, GameError> {
        seat(&self.game, who)
    }

    fn person(&self, who: Option<&str>) -> Result<usize, GameError> {
        person(&self.game, who)
    }

    /// The name of the player a request acts for (see [`Snapshot::seat`]).
    pub fn seat_name(&self, who: Option<&str>) -> Result<String, GameError> {
        Ok(self.game.settings.players[self.seat(who)?].clone())
    }

    /// Whether `name` is a seat the computer plays.
    pub fn computer_plays(&self, name: &str) -> bool {
        self.game.player_index(name).is_ok_and(|p| self.game.settings.computer_level(p).is_some())
    }

    /// The game is running and the seat to move is the computer's.
    pub fn computer_to_move(&self) -> bool {
        self.game.state.winner.is_none()
            && self.game.settings.computer_level(self.game.state.current).is_some()
    }

    /// Someone has won.
    pub fn is_over(&self) -> bool {
        self.game.state.winner.is_some()
    }

    /// The number of events: the game's version, which grows with each move.
    pub fn version(&self) -> usize {
        self.game.events.len()
    }

    /// Whether `play` by `who` would be legal now, decided by the same rules as the play
    /// itself, on a copy.
    pub fn would_play(&self, who: Option<&str>, play: &Play) -> Result<(), GameError> {
        let player = self.person(who)?;
        let mut copy = self.game.clone();
        copy.play(player, &play.cards, &play.statement, play.target).map(|_| ())
    }

    /// Starts a claim by `who` (`redundant 3`, `inconsistent`): checked against the rules
    /// now, decided later by [`PendingClaim::decide`] without holding the game.
    pub fn begin_claim(
        &self,
        who: Option<&str>,
        words: &[&str],
    ) -> Result<PendingClaim, GameError> {
        let player = self.person(who)?;
        let claim = parse_claim(words)?;
        self.game.my_turn(player)?;
        self.game.question(claim)?;
        Ok(PendingClaim { game: self.game.clone(), player, claim, argument: None })
    }

    /// The table as the page and `--json` show it; `evidence` holds the claims' evidence a
    /// front end remembers, by event number.
    pub fn view(&self, evidence: &[(usize, serde_json::Value)]) -> TableView {
        TableView::of(&self.game, evidence)
    }

    /// The table as `game show --json` prints it: the view, with only the hand of the
    /// player named (a command line shows nobody's hand unasked).
    pub fn view_for(&self, hand_of: Option<&str>) -> Result<TableView, GameError> {
        let mut view = self.view(&[]);
        let keep = hand_of.map(|h| self.seat_name(Some(h))).transpose()?;
        view.hands.retain(|name, _| Some(name) == keep.as_ref());
        Ok(view)
    }

    /// The table in text, with the hand of the player named (absent: no hand).
    pub fn show(&self, hand_of: Option<&str>) -> Result<String, GameError> {
        let who = hand_of.map(|h| self.game.player_index(h)).transpose()?;
        Ok(view::table_text(&self.game, who))
    }

    /// The table after a move, as the next player needs it (their hand, if a person's).
    pub fn show_turn(&self) -> String {
        view::turn_table_text(&self.game)
    }

    /// The scores in one line: `Ann 1, Bob 0`.
    pub fn scores_line(&self) -> String {
        let game = &self.game;
        let scores: Vec<String> = game
            .settings
            .players
            .iter()
            .zip(&game.state.scores)
            .map(|(p, s)| format!("{p} {s}"))
            .collect();
        scores.join(", ")
    }

    /// The board as a checked board, for the questions a player asks of it.
    pub(crate) fn board(&self) -> Result<CheckedBoard, GameError> {
        self.game.checked_board(&self.game.state.board)
    }

    /// A derivation (its text) judged on the board as it stands, arguing the claim `words`
    /// (`redundant 3`, `inconsistent`; none: no claim): what the page's derivation pane shows.
    pub fn judge_derivation(
        &self,
        text: &str,
        words: &[&str],
    ) -> Result<derive::DerivationReport, GameError> {
        let claim = match words {
            [] => None,
            _ => Some(derive::ClaimAsked::of(parse_claim(words)?)),
        };
        let board = self.board()?;
        let d = crate::logic::derivation::read_against("derivation", text, &board.board.statements)
            .map_err(|r| GameError::Derivation(r.render_plain()))?;
        let search = Search { timeout: derive::STEP_TIME, ..Search::default() };
        derive::judge(&d, &board.board.statements, claim, &search, &mut |_, _| {})
            .map_err(|e| GameError::Derivation(e.to_string()))
    }

    /// Which statements of the board have scored and not changed since (G9).
    pub(crate) fn scored(&self) -> Vec<usize> {
        let board = &self.game.state.board;
        (1..=board.len()).filter(|k| board[k - 1].scored).collect()
    }

    pub(crate) fn game(&self) -> &Game {
        &self.game
    }
}

/// The player named (in any case), or the one whose turn it is.
fn seat(game: &Game, who: Option<&str>) -> Result<usize, GameError> {
    match who {
        Some(name) => game.player_index(name),
        None => Ok(game.state.current),
    }
}

/// The seat a person's move acts for: the computer's seats are played by `game move` only,
/// never by a person's play, pass or claim.
fn person(game: &Game, who: Option<&str>) -> Result<usize, GameError> {
    let at = seat(game, who)?;
    if game.settings.computer_level(at).is_some() {
        return Err(GameError::ComputerSeat(game.settings.players[at].clone()));
    }
    Ok(at)
}

/// A claim checked against the rules and not yet decided.
pub struct PendingClaim {
    game: Game,
    player: usize,
    claim: Claim,
    /// The derivation the player argues it with (issue 57).
    argument: Option<String>,
}

impl PendingClaim {
    /// The claim argued with a derivation (its text), judged when the claim is decided.
    pub fn arguing(mut self, derivation: Option<&str>) -> PendingClaim {
        self.argument = derivation.map(str::to_string);
        self
    }

    /// Decides the claim within `search`, on the game as it stood when the claim was made;
    /// a derivation argued with it is judged, each step within the derivations' step time.
    pub fn decide(self, search: &Search) -> Result<DecidedClaim, GameError> {
        let before = self.game.events.clone();
        let board = self.game.checked_board(&self.game.state.board)?;
        let question = self.game.question(self.claim)?;
        let mut copy = self.game;
        let argument = self.argument.as_deref().map(|text| (text, derive::STEP_TIME));
        let (event, decision, judged) =
            copy.claim_arguing(self.player, self.claim, &search.limits(), argument)?;
        let report = judged.map(|(d, judged)| {
            derive::report(&d, &judged, Some(derive::ClaimAsked::of(self.claim)), derive::STEP_TIME)
        });
        // umpire's own proof, in the language the table argues in.
        let umpires =
            written::written(&board.board.statements, question, &decision, search.timeout).ok();
        Ok(DecidedClaim {
            before,
            player: self.player,
            claim: self.claim,
            event,
            decision,
            report,
            umpires,
        })
    }
}

/// A claim decided, waiting to be recorded (provided the game has not moved on).
pub struct DecidedClaim {
    before: Vec<Event>,
    player: usize,
    claim: Claim,
    event: Event,
    decision: Decision,
    report: Option<derive::DerivationReport>,
    umpires: Option<WrittenDerivation>,
}

/// A claim made at the table, decided and recorded: what the table is told of it.
pub struct Claimed {
    player: String,
    claim: Claim,
    upheld: bool,
    /// Upheld, but on a table that requires derivations its derivation does not prove it
    /// (ruling G20): it scores nothing.
    unproved: bool,
    decision: Decision,
    derivation: Option<derive::DerivationReport>,
    /// umpire's own proof as a derivation (when the verdict has a proof).
    umpires: Option<WrittenDerivation>,
    scores: Vec<(String, usize)>,
    winner: Option<String>,
}

impl Claimed {
    /// Upheld: yes; refuted: no; a claim umpire could not decide is not upheld either
    /// (ruling G8), but scripts must not take it for a refutation: unknown.
    pub fn answer(&self) -> Answer {
        match (self.upheld, &self.decision.verdict) {
            // Upheld, but it counts for nothing without a derivation that proves it (G20).
            (true, _) if self.unproved => Answer::No,
            (true, _) => Answer::Yes,
            (false, Verdict::Unknown { .. }) => Answer::Unknown,
            (false, _) => Answer::No,
        }
    }

    /// "upheld: …" or "not upheld: …".
    pub fn outcome(&self) -> String {
        outcome_line(self.upheld, &self.decision.explanation)
    }

    /// The decision with its evidence (the REPL's `proof` repeats it).
    pub(crate) fn decision(&self) -> &Decision {
        &self.decision
    }

    /// The claimant's derivation, judged (when the claim was argued with one).
    pub fn derivation(&self) -> Option<&derive::DerivationReport> {
        self.derivation.as_ref()
    }

    /// umpire's own proof of the verdict as a derivation, when it has a proof.
    pub fn umpires_derivation(&self) -> Option<&WrittenDerivation> {
        self.umpires.as_ref()
    }

    /// The decision as the page shows it.
    pub fn view(&self) -> crate::commands::verdict::DecisionView {
        crate::commands::verdict::DecisionView::of(&self.decision)
    }

    /// The claim, its outcome, the verdict with its evidence and the scores, as JSON.
    pub fn json(&self) -> serde_json::Value {
        let scores: serde_json::Map<_, _> =
            self.scores.iter().map(|(n, s)| (n.clone(), serde_json::Value::from(*s))).collect();
        serde_json::json!({
            "player": self.player,
            "claim": ClaimView::of(&self.claim),
            "upheld": self.upheld,
            "decision": crate::commands::verdict_json::DecisionJson::of(&self.decision),
            "derivation": self.derivation,
            "umpires_derivation": self.umpires,
            "scores_nothing": self.unproved,
            "scores": scores,
            "winner": self.winner,
        })
    }

    /// The outcome's line, the evidence (unless `brief`) and the hint of an unknown
    /// verdict, naming the front end's own time control (`time`).
    pub fn text(&self, brief: bool, time: &str) -> String {
        self.text_showing(brief, false, time)
    }

    /// As [`Claimed::text`], with the proof's numbered steps (`steps`) in place of umpire's
    /// derivation (`game claim --proof`).
    pub fn text_showing(&self, brief: bool, steps: bool, time: &str) -> String {
        let mut text = format!("{}\n", self.outcome());
        match (&self.umpires, brief) {
            (_, true) => {}
            (_, false) if steps => text.push_str(&evidence(&self.decision)),
            // The proof in the table's own language; the REPL's `proof` keeps the steps.
            (Some(w), false) if w.verdict == "proves" => {
                text.push_str(&format!(
                    "umpire's derivation ({}; `umpire derive` accepts it):\n{}",
                    w.length(),
                    w.body("  ")
                ));
            }
            _ => text.push_str(&evidence(&self.decision)),
        }
        if let Some(report) = &self.derivation {
            text.push_str(&format!("{}'s derivation:\n{}", self.player, report.text()));
        }
        if self.unproved {
            text.push_str(UNPROVED);
            text.push('\n');
        }
        if let Some(hint) = unknown_hint(&self.decision, time, None) {
            text.push_str(&format!("({hint})\n"));
        }
        text
    }
}

/// What the table is told of an upheld claim whose derivation does not prove it on a table
/// that requires one.
const UNPROVED: &str = "It scores nothing: this table counts a claim only with a derivation that proves it (ruling G20).";

/// Whether a claim's event counts on `game`'s table: always, unless the table requires
/// derivations and the claim's does not prove it (ruling G20).
fn counts(game: &Game, event: &Event) -> bool {
    match event {
        Event::Claim { derivation, .. } => game.settings.claim_counts(derivation.as_ref()),
        _ => true,
    }
}

/// What a claim's event says, for the table: "upheld: …" or "not upheld: …".
fn outcome_line(upheld: bool, verdict: &str) -> String {
    format!("{}: {verdict}", if upheld { "upheld" } else { "not upheld" })
}

/// What a claim's event says (none for another event), with its derivation's judgment.
pub(crate) fn claim_outcome(event: &Event) -> Option<String> {
    match event {
        Event::Claim { upheld, verdict, derivation, .. } => {
            let mut line = outcome_line(*upheld, verdict);
            if let Some(d) = derivation {
                line += &format!(" (argued with a derivation that {})", argument_words(d));
            }
            Some(line)
        }
        _ => None,
    }
}

/// A recorded derivation's judgment in words: "proves it", "has gaps (lines 3, 4)".
fn argument_words(d: &crate::games::cardgame::state::Argument) -> String {
    match d.verdict.as_str() {
        "proves" => "proves it".into(),
        "proves-something-else" => "proves something else".into(),
        _ => format!(
            "has gaps (line{} {})",
            if d.gaps.len() == 1 { "" } else { "s" },
            d.gaps.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A game and the file it lives in. Every change is made under the file's lock (one writer
/// at a time: two players typing at once never lose a move), on the game as the file holds
/// it then, and written before it is reported; a change that fails leaves both as they were.
pub struct SavedGame {
    now: Snapshot,
    path: PathBuf,
    /// The file's text when the game was read or written, to see whether another writer has
    /// changed it since.
    text: String,
}

/// A saved game answers every question its snapshot does.
impl std::ops::Deref for SavedGame {
    type Target = Snapshot;
    fn deref(&self) -> &Snapshot {
        &self.now
    }
}

fn io_error(path: &Path, e: std::io::Error) -> GameError {
    GameError::Io { path: path.display().to_string(), why: e.to_string() }
}

impl SavedGame {
    /// Deals a new game into a file that must not exist yet.
    pub fn create(path: &Path, new: &NewGame) -> Result<SavedGame, GameError> {
        let settings = new.settings()?;
        let lock = Exclusive::acquire(path).map_err(|e| io_error(path, e))?;
        if path.exists() {
            return Err(GameError::Io {
                path: path.display().to_string(),
                why: "a file of that name exists; choose another name".into(),
            });
        }
        let game = Game::new(settings)?;
        let text = game.to_json();
        lock.write(text.as_bytes()).map_err(|e| io_error(path, e))?;
        Ok(SavedGame { now: Snapshot { game }, path: path.to_path_buf(), text })
    }

    /// Opens a save, replaying (and so verifying) every event.
    pub fn open(path: &Path) -> Result<SavedGame, GameError> {
        let text = read_save(path)?;
        let mut game = Game::from_json(&text, &path.display().to_string())?;
        // The last play's note (where its ¬ went) was said when it was played.
        game.note = None;
        Ok(SavedGame { now: Snapshot { game }, path: path.to_path_buf(), text })
    }

    /// The file the game lives in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The game as it stands, to ask of it later without holding this.
    pub fn snapshot(&self) -> Snapshot {
        self.now.clone()
    }

    /// `who` (absent: the player to move) plays.
    pub fn play(&mut self, who: Option<&str>, play: &Play) -> Result<(), GameError> {
        self.change(|g| {
            let player = person(g, who)?;
            g.play(player, &play.cards, &play.statement, play.target).map(|_| ())
        })
    }

    /// `who` (absent: the player to move) passes.
    pub fn pass(&mut self, who: Option<&str>) -> Result<(), GameError> {
        self.change(|g| {
            let player = person(g, who)?;
            g.pass(player).map(|_| ())
        })
    }

    /// `who` claims in the words the table uses (`redundant 3`, `inconsistent`): the one
    /// claim protocol. The claim starts on the game as the file now holds it, is decided
    /// within `search` without holding the file, and is recorded if nobody moved meanwhile.
    pub fn claim(
        &mut self,
        who: Option<&str>,
        words: &[&str],
        search: &Search,
    ) -> Result<Claimed, GameError> {
        self.claim_arguing(who, words, None, search)
    }

    /// A claim argued with a derivation (its text): the same protocol; the derivation is
    /// judged and kept in the save, and on a table that requires derivations only one that
    /// proves the claim lets it score (ruling G20).
    pub fn claim_arguing(
        &mut self,
        who: Option<&str>,
        words: &[&str],
        derivation: Option<&str>,
        search: &Search,
    ) -> Result<Claimed, GameError> {
        self.change(|_| Ok(()))?;
        let decided = self.begin_claim(who, words)?.arguing(derivation).decide(search)?;
        self.record(decided)
    }

    /// Records a claim decided on a snapshot, provided the game has not moved on since.
    pub fn record(&mut self, decided: DecidedClaim) -> Result<Claimed, GameError> {
        let DecidedClaim { before, player, claim, event, decision, report, umpires } = decided;
        let upheld = matches!(event, Event::Claim { upheld: true, .. });
        let unproved = upheld && !counts(&self.now.game, &event);
        self.change(|g| {
            if g.events != before {
                return Err(GameError::MovedOn(
                    "the game moved on while the umpire was deciding: make the claim again".into(),
                ));
            }
            g.apply(event)
        })?;
        let game = &self.now.game;
        let players = &game.settings.players;
        Ok(Claimed {
            player: players[player].clone(),
            claim,
            upheld,
            unproved,
            decision,
            derivation: report,
            umpires,
            scores: players.iter().cloned().zip(game.state.scores.iter().copied()).collect(),
            winner: game.state.winner.map(|w| players[w].clone()),
        })
    }

    /// The one undo rule: takes back the last move for everyone and says which it was.
    /// With nothing to take back it is refused; a move that won the game is taken back only
    /// with the table's agreement (`table_agrees`), since the rules know no taking back.
    pub fn undo(&mut self, table_agrees: bool) -> Result<String, GameError> {
        self.change(|g| {
            let Some(last) = g.events.last() else { return Err(GameError::NothingToUndo) };
            if let (Some(w), false) = (g.state.winner, table_agrees) {
                return Err(GameError::WinNeedsTable(g.settings.players[w].clone()));
            }
            let words = format!("took back {}", view::event_words(g, last));
            *g = g.undo()?;
            // What the move before did (where its ¬ went) was said when it was made.
            g.note = None;
            Ok(words)
        })
    }

    /// Saves to another file, which the game then lives in.
    pub fn save_as(&mut self, path: &Path) -> Result<(), GameError> {
        let lock = Exclusive::acquire(path).map_err(|e| io_error(path, e))?;
        let text = self.now.game.to_json();
        lock.write(text.as_bytes()).map_err(|e| io_error(path, e))?;
        self.path = path.to_path_buf();
        self.text = text;
        Ok(())
    }

    /// Under the file's lock: takes the game as the file now holds it (read again only if
    /// another writer changed it), applies the change to a copy, writes the copy, and only
    /// then keeps it.
    pub(crate) fn change<T>(
        &mut self,
        step: impl FnOnce(&mut Game) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        let lock = Exclusive::acquire(&self.path).map_err(|e| io_error(&self.path, e))?;
        let on_disk = read_save(&self.path)?;
        let mut next = if on_disk == self.text {
            self.now.game.clone()
        } else {
            Game::from_json(&on_disk, &self.path.display().to_string())?
        };
        let done = step(&mut next)?;
        let text = next.to_json();
        if text != on_disk {
            lock.write(text.as_bytes()).map_err(|e| io_error(&self.path, e))?;
        }
        self.now.game = next;
        self.text = text;
        Ok(done)
    }
}

/// A save's text (a missing file is said to be missing, not corrupt).
fn read_save(path: &Path) -> Result<String, GameError> {
    if !path.exists() {
        return Err(GameError::Missing(path.display().to_string()));
    }
    crate::util::input::read_text(path, crate::util::input::MAX_LOG_BYTES)
        .map_err(|e| GameError::Corrupt { path: path.display().to_string(), why: e.reason() })
}

#[cfg(test)]
mod tests;
