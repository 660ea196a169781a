//! Time limits from the command line, read one way everywhere: every `--timeout`, `--time`
//! and `--cpu-limit` goes through [`seconds`], which refuses what is not a number of
//! seconds from 0 to a year (no flag can panic the clock), and every budget is made by
//! [`budget`] with the default memory ceiling; [`size`] reads `--max-size`. [`interruptible`] ties Ctrl-C to a budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use umpire::solve::{parse_seconds, Budget};

/// clap's reader of a time limit.
pub fn seconds(text: &str) -> Result<Duration, String> {
    parse_seconds(text).map_err(|e| e.to_string())
}

/// clap's reader of `--max-size`: a whole number of objects, at least 1 (0 used to become 1
/// silently).
pub fn size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "`{}` is not a model size: give a whole number of objects, at least 1",
            umpire::util::input::shorten(text)
        )),
    }
}

/// A budget of `limit` from now, with the default memory ceiling.
pub fn budget(limit: Duration) -> Budget {
    Budget::time(limit)
}

/// The budget with Ctrl-C wired to cancel the work (not to end the program).
pub fn interruptible(budget: Budget) -> Budget {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    budget.with_cancel(cancel)
}
