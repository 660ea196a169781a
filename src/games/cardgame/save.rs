//! The saved game: the settings and the events as JSON (`umpire_game: 1`), written
//! atomically; loading replays every event and decides every claim again, so a save that
//! does not replay is refused and the file is left as it is; undo replays all but the last.
//!
//! While a dealt game runs, its seed is saved sealed (`sealed_deal`), as Infer seals its
//! Law: the seed gives the order of the draw pile, so a player who read it from the save
//! could replay the shuffle and see what comes next. Once the game is won the seed is saved
//! plainly, and shown, so that the deal can be replayed. Saves that hold a plain `seed`
//! still load.

use super::state::{Event, Game, GameError, Settings};
use serde::Deserialize;
use std::path::Path;

impl Game {
    /// The saved form: settings and events.
    pub fn to_json(&self) -> String {
        let mut settings = serde_json::to_value(&self.settings).expect("JSON of plain data");
        if self.deal_is_secret() {
            let fields = settings.as_object_mut().expect("the settings are a JSON object");
            fields.remove("seed");
            fields.insert("sealed_deal".into(), seal(self.settings.seed).into());
        }
        serde_json::to_string_pretty(
            &serde_json::json!({ "umpire_game": 1, "settings": settings, "events": self.events }),
        )
        .expect("JSON of plain data")
    }

    /// Whether the seed must not be seen: a dealt game that is still running.
    pub fn deal_is_secret(&self) -> bool {
        !self.settings.own_cards && self.state.winner.is_none()
    }

    /// Rebuilds a game from its saved form by replaying every event.
    pub fn from_json(text: &str, path: &str) -> Result<Game, GameError> {
        #[derive(Deserialize)]
        struct Saved {
            umpire_game: u32,
            settings: serde_json::Value,
            events: Vec<Event>,
        }
        let corrupt = |why: String| GameError::Corrupt { path: path.to_string(), why };
        let mut saved: Saved = serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
        if saved.umpire_game != 1 {
            return Err(corrupt(format!(
                "format version {} is not one this umpire reads",
                saved.umpire_game
            )));
        }
        if let Some(fields) = saved.settings.as_object_mut() {
            if let Some(sealed) = fields.remove("sealed_deal") {
                let seed = sealed
                    .as_str()
                    .and_then(unseal)
                    .ok_or_else(|| corrupt("the sealed deal cannot be unsealed".into()))?;
                fields.insert("seed".into(), seed.into());
            }
        }
        let settings: Settings = serde_json::from_value(saved.settings)
            .map_err(|e| corrupt(format!("the settings: {e}")))?;
        let mut game = Game::new(settings).map_err(|e| corrupt(e.to_string()))?;
        for (i, event) in saved.events.into_iter().enumerate() {
            game.verify(&event).map_err(|why| {
                corrupt(format!("event {} (a claim) does not stand: {why}", i + 1))
            })?;
            game.apply(event)
                .map_err(|e| corrupt(format!("event {} does not replay: {e}", i + 1)))?;
        }
        Ok(game)
    }

    /// Undoes the last event (by replaying the others).
    pub fn undo(&self) -> Result<Game, GameError> {
        let mut game = Game::new(self.settings.clone())?;
        for event in self.events.iter().take(self.events.len().saturating_sub(1)) {
            game.apply(event.clone())?;
        }
        Ok(game)
    }

    /// Saves atomically: the new text goes to a temporary file beside the target, which
    /// then replaces it, so a crash never leaves a half-written save.
    pub fn save(&self, path: &Path) -> Result<(), GameError> {
        crate::util::files::write_atomically(path, self.to_json().as_bytes())
            .map_err(|e| GameError::Io { path: path.display().to_string(), why: e.to_string() })
    }

    pub fn load(path: &Path) -> Result<Game, GameError> {
        if !path.exists() {
            return Err(GameError::Missing(path.display().to_string()));
        }
        let text = crate::util::input::read_text(path, crate::util::input::MAX_LOG_BYTES).map_err(
            |e| GameError::Corrupt { path: path.display().to_string(), why: e.reason() },
        )?;
        Game::from_json(&text, &path.display().to_string())
    }
}

/// The seed as a save holds it while the game runs: not a number anyone reads as a seed.
/// (Not encryption: umpire itself must unseal it to replay the deal.)
fn seal(seed: u64) -> String {
    format!("{:016x}", (seed ^ SEAL).rotate_left(23))
}

fn unseal(sealed: &str) -> Option<u64> {
    if sealed.len() != 16 {
        return None;
    }
    u64::from_str_radix(sealed, 16).ok().map(|v| v.rotate_right(23) ^ SEAL)
}

const SEAL: u64 = 0x5a3c_96e1_0f7b_d248;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cardgame::state::ClaimBudget;

    /// Issue 38: a claim's recorded budget, edited to an hour, kept a load busy for minutes.
    #[test]
    fn a_load_never_spends_more_than_its_ceiling_on_a_claim() {
        let hour = ClaimBudget { timeout_ms: 3_600_000, max_size: 100_000 };
        assert_eq!(ClaimBudget::for_replay(Some(hour)), ClaimBudget::REPLAY_CEILING);
        let usual = ClaimBudget { timeout_ms: 10_000, max_size: 24 };
        assert_eq!(
            ClaimBudget::for_replay(Some(usual)),
            ClaimBudget { timeout_ms: 20_000, max_size: 24 }
        );
        assert_eq!(ClaimBudget::for_replay(None), ClaimBudget::for_replay(Some(usual)));
    }

    #[test]
    fn a_seal_opens_to_its_seed() {
        for seed in [0, 1, 42, u64::MAX, 0x0123_4567_89ab_cdef] {
            assert_eq!(unseal(&seal(seed)), Some(seed));
        }
        assert_eq!(unseal("zz"), None);
        assert_ne!(seal(42), "42");
        assert_eq!(unseal("0123456789abcdeg"), None);
    }
}
