//! The card game at the table: a game with its save file, and the words players use for
//! cards and claims. `umpire game …` and the REPL's `game …` both come here, so a card or a
//! claim is read and refused in one place, with one message, and every change is saved at
//! once (atomically) in both.

use crate::commands::evidence::{evidence, unknown_hint};
use crate::commands::verdict::Search;
use crate::commands::Answer;
use crate::games::cardgame::game::Claim;
use crate::games::cardgame::legal::Illegal;
use crate::reason::finite::Limits;
use crate::reason::{Decision, Verdict};
use crate::util::files::Exclusive;
use std::path::{Path, PathBuf};

pub use crate::games::cardgame::deck::CardKind;
pub use crate::games::cardgame::game::{Computer, Event, Game, GameError, Settings};

/// How the cards are written, for messages.
pub const CARD_EXAMPLES: &str = "P:blonde, F:+, R:likes, Q:∀x∃y, S:3, X:?, X:¬";

/// Reads card names (`P:blonde`, `X:¬`, …); an unknown one is refused (ruling G1).
pub fn parse_cards<'a>(
    names: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<CardKind>, GameError> {
    names
        .into_iter()
        .map(|name| {
            CardKind::parse(name.trim()).ok_or_else(|| {
                GameError::Illegal(Illegal {
                    reason: format!(
                        "there is no card `{}` (cards look like {CARD_EXAMPLES})",
                        name.trim()
                    ),
                    ruling: "G1",
                })
            })
        })
        .collect()
}

/// Reads a claim: `redundant K` or `inconsistent` (ruling G8).
pub fn parse_claim(words: &[&str]) -> Result<Claim, GameError> {
    match words {
        ["redundant", k] => match k.parse() {
            Ok(statement) => Ok(Claim::Redundant { statement }),
            Err(_) => Err(bad_claim()),
        },
        ["inconsistent"] => Ok(Claim::Inconsistent),
        _ => Err(bad_claim()),
    }
}

fn bad_claim() -> GameError {
    GameError::Illegal(Illegal {
        reason: "claim `redundant K` or `inconsistent`".into(),
        ruling: "G8",
    })
}

/// What a claim's event says, for the table: "upheld: …" or "not upheld: …".
pub fn claim_outcome(event: &Event) -> Option<String> {
    match event {
        Event::Claim { upheld, verdict, .. } => {
            Some(format!("{}: {verdict}", if *upheld { "upheld" } else { "not upheld" }))
        }
        _ => None,
    }
}

/// A claim made at the table and decided: what the table is told of it.
pub struct Claimed {
    pub player: usize,
    pub claim: Claim,
    pub event: Event,
    pub decision: Decision,
}

impl Claimed {
    /// Upheld: yes; refuted: no; a claim umpire could not decide is not upheld either
    /// (ruling G8), but scripts must not take it for a refutation: unknown.
    pub fn answer(&self) -> Answer {
        match (self.upheld(), &self.decision.verdict) {
            (true, _) => Answer::Yes,
            (false, Verdict::Unknown { .. }) => Answer::Unknown,
            (false, _) => Answer::No,
        }
    }

    fn upheld(&self) -> bool {
        matches!(self.event, Event::Claim { upheld: true, .. })
    }

    /// The claim, its outcome, the verdict with its evidence and the scores, as JSON.
    pub fn json(&self, game: &Game) -> serde_json::Value {
        let players = &game.settings.players;
        let scores: serde_json::Map<_, _> = players
            .iter()
            .zip(&game.state.scores)
            .map(|(n, s)| (n.clone(), serde_json::Value::from(*s)))
            .collect();
        serde_json::json!({
            "player": players[self.player],
            "claim": self.claim,
            "upheld": self.upheld(),
            "decision": self.decision,
            "scores": scores,
            "winner": game.state.winner.map(|w| players[w].clone()),
        })
    }

    /// The outcome's line, the evidence (unless `brief`) and the hint of an unknown
    /// verdict, naming the front end's own time control (`time`).
    pub fn text(&self, brief: bool, time: &str) -> String {
        let mut text = format!("{}\n", claim_outcome(&self.event).unwrap_or_default());
        if !brief {
            text.push_str(&evidence(&self.decision));
        }
        if let Some(hint) = unknown_hint(&self.decision, time, None) {
            text.push_str(&format!("({hint})\n"));
        }
        text
    }
}

/// A game and the file it lives in. Every change is made under the file's lock (one writer
/// at a time: two players typing at once never lose a move), on the game as the file holds
/// it then, and written before it is reported; a change that fails leaves both as they were.
pub struct SavedGame {
    pub game: Game,
    pub path: PathBuf,
    /// The file's text when `game` was read or written, to see whether another writer has
    /// changed it since.
    text: String,
}

fn io_error(path: &Path, e: std::io::Error) -> GameError {
    GameError::Io { path: path.display().to_string(), why: e.to_string() }
}

impl SavedGame {
    /// Deals a new game into a file that must not exist yet.
    pub fn create(path: &Path, settings: Settings) -> Result<SavedGame, GameError> {
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
        Ok(SavedGame { game, path: path.to_path_buf(), text })
    }

    /// Opens a save, replaying (and so verifying) every event.
    pub fn open(path: &Path) -> Result<SavedGame, GameError> {
        let text = read_save(path)?;
        Ok(SavedGame {
            game: Game::from_json(&text, &path.display().to_string())?,
            path: path.to_path_buf(),
            text,
        })
    }

    /// The player called `name`, or the one whose turn it is.
    pub fn player(&self, name: Option<&str>) -> Result<usize, GameError> {
        match name {
            Some(n) => self.game.player_index(n),
            None => Ok(self.game.state.current),
        }
    }

    pub fn play(
        &mut self,
        player: usize,
        cards: &[CardKind],
        statement: &str,
        target: Option<usize>,
    ) -> Result<Event, GameError> {
        self.change(|g| g.play(player, cards, statement, target))
    }

    /// Decides a claim, records it, and returns the decision with its evidence.
    pub fn claim(
        &mut self,
        player: usize,
        claim: Claim,
        limits: &Limits,
    ) -> Result<(Event, Decision), GameError> {
        self.change(|g| g.claim(player, claim, limits))
    }

    /// `game claim`: `player` claims in the words the table uses (`redundant 3`,
    /// `inconsistent`), decided within `search` and recorded.
    pub fn claim_in_words(
        &mut self,
        player: &str,
        words: &[&str],
        search: &Search,
    ) -> Result<Claimed, GameError> {
        let player = self.player(Some(player))?;
        let claim = parse_claim(words)?;
        let (event, decision) = self.claim(player, claim, &search.limits())?;
        Ok(Claimed { player, claim, event, decision })
    }

    /// Records an event decided elsewhere (a claim decided on a copy of the game, so that
    /// the game is not held while the arbiter thinks), provided the game has not moved on.
    pub fn record(&mut self, event: Event, version: usize) -> Result<(), GameError> {
        self.change(|g| {
            if g.events.len() != version {
                return Err(GameError::MovedOn(
                    "the game moved on while the umpire was deciding: make the claim again".into(),
                ));
            }
            g.apply(event)
        })
    }

    pub fn pass(&mut self, player: usize) -> Result<Event, GameError> {
        self.change(|g| g.pass(player))
    }

    /// Takes back the last event.
    pub fn undo(&mut self) -> Result<(), GameError> {
        self.change(|g| {
            *g = g.undo()?;
            Ok(())
        })
    }

    /// Saves to another file, which the game then lives in.
    pub fn save_as(&mut self, path: &Path) -> Result<(), GameError> {
        let lock = Exclusive::acquire(path).map_err(|e| io_error(path, e))?;
        let text = self.game.to_json();
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
            self.game.clone()
        } else {
            Game::from_json(&on_disk, &self.path.display().to_string())?
        };
        let done = step(&mut next)?;
        let text = next.to_json();
        lock.write(text.as_bytes()).map_err(|e| io_error(&self.path, e))?;
        self.game = next;
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

/// What a card lets its player write, in the deck's own words (umpire's wording of the
/// rules' card sheets), for the page's buttons.
pub fn card_text(card: &CardKind) -> Option<String> {
    crate::games::cardgame::deck::specs().into_iter().find(|s| s.kind == *card).map(|s| s.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_and_claims_are_read_once_with_one_message() {
        assert_eq!(parse_cards(["P:blonde", " X:¬"]).unwrap().len(), 2);
        let e = parse_cards(["P:blonde", "Z:9"]).unwrap_err().to_string();
        assert!(e.contains("there is no card `Z:9`") && e.contains("P:blonde"), "{e}");
        assert_eq!(parse_claim(&["redundant", "2"]).unwrap(), Claim::Redundant { statement: 2 });
        assert_eq!(parse_claim(&["inconsistent"]).unwrap(), Claim::Inconsistent);
        for bad in [&["redundant"][..], &["redundant", "x"], &["inconsistent", "2"], &[]] {
            assert!(parse_claim(bad)
                .unwrap_err()
                .to_string()
                .contains("claim `redundant K` or `inconsistent`"));
        }
    }

    #[test]
    fn a_new_game_never_overwrites_a_file_and_every_change_is_saved() {
        let dir = std::env::temp_dir().join(format!("umpire-saved-game-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.json");
        let settings = Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 5,
            own_cards: false,
            computers: Vec::new(),
        };
        let mut g = SavedGame::create(&path, settings.clone()).unwrap();
        assert!(SavedGame::create(&path, settings).is_err(), "an existing file is refused");
        let ann = g.player(Some("ann")).unwrap();
        g.pass(ann).unwrap();
        assert_eq!(SavedGame::open(&path).unwrap().game.events.len(), 1);
        assert!(g.pass(ann).is_err(), "not Ann's turn any more");
        assert_eq!(
            SavedGame::open(&path).unwrap().game.events.len(),
            1,
            "a refused change is not saved"
        );
        g.undo().unwrap();
        assert_eq!(SavedGame::open(&path).unwrap().game.events.len(), 0);
        // An event decided on a copy is recorded only if the game has not moved on.
        let pass = Event::Pass { player: ann, reason: None };
        assert!(matches!(g.record(pass.clone(), 1), Err(GameError::MovedOn(_))));
        assert_eq!(
            SavedGame::open(&path).unwrap().game.events.len(),
            0,
            "a stale event is not saved"
        );
        g.record(pass, 0).unwrap();
        assert_eq!(SavedGame::open(&path).unwrap().game.events.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
