//! How hard a search may look (`--timeout`, `--max-size`, `--memory`, and the cancel flag
//! Ctrl-C or a closed page sets): one type every command that runs the engines takes.

use crate::commands::defaults::{MAX_MODEL_SIZE, SEARCH_TIME};
use crate::reason::finite::Limits;
use crate::solve::Budget;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// How hard a search may look: the flags `--timeout`, `--max-size` and `--memory`.
#[derive(Clone, Debug)]
pub struct Search {
    pub timeout: Duration,
    pub max_size: usize,
    /// The memory ceiling in MiB (`None`: half the machine's memory, at most 8 GiB).
    pub memory_mib: Option<u64>,
    /// Set from outside (Ctrl-C, a closed page) to stop the search; it then answers unknown.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Search {
    fn default() -> Self {
        Search { timeout: SEARCH_TIME, max_size: MAX_MODEL_SIZE, memory_mib: None, cancel: None }
    }
}

impl Search {
    /// The budget from now, with the memory ceiling and the cancel flag.
    pub fn budget(&self) -> Budget {
        let mut budget = Budget::time(self.timeout);
        if let Some(mib) = self.memory_mib {
            budget = budget.with_memory(mib.saturating_mul(1 << 20));
        }
        if let Some(cancel) = &self.cancel {
            budget = budget.with_cancel(cancel.clone());
        }
        budget
    }

    /// The finite search's limits: the largest size and the budget from now.
    pub fn limits(&self) -> Limits {
        Limits { max_size: self.max_size, budget: self.budget() }
    }
}
