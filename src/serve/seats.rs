//! Which device holds which seat at the table (issue 38): a phone that sits at a seat is the
//! only one that acts for that player (plays, passes, claims, asks the coach) and the only
//! one shown that player's hand. A seat nobody sits at can be played from any device, so a
//! table sharing one screen plays as before. Kept in memory: a restarted server starts with
//! every seat free, and the save is not touched.
//!
//! A device names itself with a random `device` id that the page keeps in its storage and
//! sends with every request (in the body, or `device=` in a GET's query).

use super::messages::{Refusal, Reply};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The routes that act for a player, who must then be the device's own seat (or a free one).
/// (`parse` with a player checks a play against that player's hand, which would tell the
/// hand card by card: for another's seat it only reads the statement, see `api.rs`.)
pub const ACTING: &[&str] = &["play", "pass", "claim", "hint", "parse"];

#[derive(Default)]
pub struct Seats {
    /// Player name → the device sitting there.
    held: Mutex<BTreeMap<String, String>>,
}

/// The device a request comes from: `device` in its body, else `device=` in its query.
pub fn device_of(path: &str, request: &Value) -> Option<String> {
    if let Some(d) = request.get("device").and_then(Value::as_str) {
        return Some(d.to_string());
    }
    let query = path.split_once('?')?.1;
    query.split('&').find_map(|kv| kv.strip_prefix("device=")).map(str::to_string)
}

impl Seats {
    fn held(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, String>> {
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Every seat free again (a new or abandoned game).
    pub fn clear(&self) {
        self.held().clear();
    }

    /// `device` sits at `player`'s seat (leaving any other it held), unless another device
    /// holds it; with `leave`, it stands up.
    pub fn sit(&self, player: &str, device: &str, leave: bool) -> Result<(), Reply> {
        if device.trim().is_empty() {
            return Err(
                Refusal::BadInput.say("a device sits with its own id (`device`), not an empty one")
            );
        }
        let mut held = self.held();
        if held.get(player).is_some_and(|d| d != device) {
            return Err(taken(player));
        }
        held.retain(|_, d| d != device);
        if !leave {
            held.insert(player.to_string(), device.to_string());
        }
        Ok(())
    }

    /// Refuses a request that acts for a seat another device holds. `player` is the seat
    /// the request acts for, as the game spells the name (the game reads names without
    /// regard to case or spaces, so the request's own spelling must not be compared).
    pub fn check(
        &self,
        route: &str,
        player: Option<&str>,
        device: Option<&str>,
    ) -> Result<(), Reply> {
        if !ACTING.contains(&route) {
            return Ok(());
        }
        match player.and_then(|p| self.held().get(p).cloned()) {
            Some(d) if Some(d.as_str()) != device => Err(taken(player.unwrap_or_default())),
            _ => Ok(()),
        }
    }

    /// The game as `device` may see it: the hands of seats other devices hold are hidden,
    /// and `seated` lists the held seats, `you` the one this device holds.
    pub fn view(&self, mut state: Value, device: Option<&str>) -> Value {
        let held = self.held();
        let Some(game) = state.get_mut("game").and_then(Value::as_object_mut) else {
            return state;
        };
        if let Some(hands) = game.get_mut("hands").and_then(Value::as_object_mut) {
            for (player, hand) in hands.iter_mut() {
                if held.get(player).is_some_and(|d| Some(d.as_str()) != device) {
                    *hand = Value::Array(Vec::new());
                }
            }
        }
        let seated: Vec<&String> = held.keys().collect();
        game.insert("seated".into(), serde_json::json!(seated));
        let you = held.iter().find(|(_, d)| Some(d.as_str()) == device).map(|(p, _)| p.clone());
        game.insert("you".into(), serde_json::json!(you));
        state
    }
}

fn taken(player: &str) -> Reply {
    Refusal::Forbidden.with(vec![serde_json::json!({
            "code": "umpire::serve::seat_taken",
            "message": format!("{player}'s seat is held by another device: only that device plays for {player}"),
            "help": "sit at your own seat (the \"I am\" list); a device that leaves the table frees its seat",
            "labels": []
        })],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_seat_is_held_by_one_device() {
        let seats = Seats::default();
        seats.sit("Ann", "phone-a", false).unwrap();
        assert!(seats.sit("Ann", "phone-b", false).is_err(), "taken");
        assert!(seats.check("play", Some("Ann"), Some("phone-a")).is_ok());
        assert_eq!(seats.check("play", Some("Ann"), Some("phone-b")).unwrap_err().status, 403);
        assert_eq!(seats.check("claim", Some("Ann"), None).unwrap_err().status, 403);
        assert!(seats.check("play", Some("Bob"), Some("phone-b")).is_ok());
        assert!(
            seats.check("move", Some("Ann"), Some("phone-b")).is_ok(),
            "anyone starts the computer"
        );
        assert!(seats.sit("Bob", " ", false).is_err(), "an empty device id");
        let state = json!({ "game": { "hands": { "Ann": ["P:happy"], "Bob": ["F:+"] } } });
        let seen = seats.view(state.clone(), Some("phone-b"));
        assert_eq!(seen["game"]["hands"]["Ann"], json!([]));
        assert_eq!(seen["game"]["hands"]["Bob"], json!(["F:+"]));
        assert_eq!(seats.view(state, Some("phone-a"))["game"]["you"], "Ann");
        seats.sit("Ann", "phone-a", true).unwrap();
        assert!(seats.sit("Ann", "phone-b", false).is_ok(), "free once left");
    }

    #[test]
    fn the_device_comes_from_the_body_or_the_query() {
        assert_eq!(device_of("/api/game", &json!({ "device": "d1" })).as_deref(), Some("d1"));
        assert_eq!(device_of("/api/game?device=d2&x=1", &json!({})).as_deref(), Some("d2"));
        assert_eq!(device_of("/api/game", &json!({})), None);
    }
}
