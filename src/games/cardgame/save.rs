//! The saved game: the settings and the events as JSON (`umpire_game: 1`), written
//! atomically; loading replays every event and decides every claim again, so a save that
//! does not replay is refused and the file is left as it is; undo replays all but the last.

use super::state::{Event, Game, GameError, Settings};
use serde::Deserialize;
use std::path::Path;

impl Game {
    /// The saved form: settings and events.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&serde_json::json!({ "umpire_game": 1, "settings": self.settings, "events": self.events }))
            .expect("JSON of plain data")
    }

    /// Rebuilds a game from its saved form by replaying every event.
    pub fn from_json(text: &str, path: &str) -> Result<Game, GameError> {
        #[derive(Deserialize)]
        struct Saved {
            umpire_game: u32,
            settings: Settings,
            events: Vec<Event>,
        }
        let corrupt = |why: String| GameError::Corrupt { path: path.to_string(), why };
        let saved: Saved = serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
        if saved.umpire_game != 1 {
            return Err(corrupt(format!(
                "format version {} is not one this umpire reads",
                saved.umpire_game
            )));
        }
        let mut game = Game::new(saved.settings).map_err(|e| corrupt(e.to_string()))?;
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
