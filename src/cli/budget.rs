//! Time limits from the command line, read one way everywhere: every `--timeout`, `--time`
//! and `--cpu-limit` goes through [`seconds`], which refuses what is not a number of
//! seconds from 0 to a year (no flag can panic the clock), and every budget is made by
//! [`budget`] with the default memory ceiling. [`interruptible`] ties Ctrl-C to a budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use umpire::solve::{parse_seconds, Budget};

/// clap's reader of a time limit.
pub fn seconds(text: &str) -> Result<Duration, String> {
    parse_seconds(text).map_err(|e| e.to_string())
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
