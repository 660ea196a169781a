//! How much work a call may do: a deadline, a memory ceiling, a number of conflicts, and
//! cancellation flags that another thread sets (Ctrl-C, or a rival engine that already
//! answered). Every search in umpire takes a [`Budget`]; a spent budget is
//! [`Exhausted`], never an answer.
//!
//! Time limits come from people (`--timeout 10`, `set timeout 10`); [`parse_seconds`] is
//! the one reader of them, so that every front end accepts and refuses the same texts.
//!
//! Memory is the process's resident set, read from `/proc/self/statm` at most every few
//! milliseconds (a search checks its budget far more often than that). Where the system has
//! no such file the ceiling is not enforced; the time limit still is.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The longest time limit accepted: about a year. Longer limits are refused rather than
/// overflowing a clock (`--timeout 1e300` used to panic).
pub const MAX_SECONDS: f64 = 32_000_000.0;

/// The memory ceiling a budget gets by default: half the machine's memory, at most 8 GiB.
/// Engines that reach it stop with [`Exhausted::Memory`] instead of being killed.
pub fn default_memory_limit() -> u64 {
    const CAP: u64 = 8 << 30;
    static LIMIT: OnceLock<u64> = OnceLock::new();
    *LIMIT.get_or_init(|| physical_memory().map_or(CAP, |m| (m / 2).min(CAP)))
}

/// How much work a call may do.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    pub deadline: Option<Instant>,
    /// The resident memory (bytes) at which work stops.
    pub memory: Option<u64>,
    /// Learned clauses (about one per conflict) allowed per call.
    pub conflicts: Option<u64>,
    /// Flags set from another thread (Ctrl-C, or a rival search that already answered):
    /// the work stops when any is set.
    pub cancel: Vec<Arc<AtomicBool>>,
    /// The CPU time of the thread that checks at which work stops (see
    /// [`Budget::within_thread_cpu`]).
    pub thread_cpu: Option<Duration>,
    /// When the work should yield the cores: every thread that checks the budget after it
    /// lowers its own priority, once (see [`crate::util::priority::lower_this_thread`]).
    /// A race evens out its engines so, helper threads included, which it could not name
    /// one by one.
    pub lower_at: Option<Instant>,
}

impl Budget {
    /// No limit at all (tests, and computations bounded by their own size).
    pub fn unlimited() -> Self {
        Budget::default()
    }

    /// A time limit from now, with the default memory ceiling. A limit too far away for the
    /// clock is no deadline at all.
    pub fn time(limit: Duration) -> Self {
        Budget {
            deadline: Instant::now().checked_add(limit),
            memory: Some(default_memory_limit()),
            ..Budget::default()
        }
    }

    pub fn with_conflicts(mut self, n: u64) -> Self {
        self.conflicts = Some(n);
        self
    }

    pub fn with_memory(mut self, bytes: u64) -> Self {
        self.memory = Some(bytes);
        self
    }

    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel.push(flag);
        self
    }

    /// The same budget with its deadline moved `limit` from now (never later than it was).
    pub fn within(mut self, limit: Duration) -> Self {
        let sooner = Instant::now().checked_add(limit);
        self.deadline = match (self.deadline, sooner) {
            (Some(d), Some(s)) => Some(d.min(s)),
            (d, s) => d.or(s),
        };
        self
    }

    /// The same budget, also spent once the calling thread has used `limit` more CPU
    /// time: a slice of work that a busy machine does not cut short (a prover's schedule
    /// beside other engines on fewer cores). Only for work on the calling thread, which is
    /// the one whose clock is read. Where the system cannot tell a thread's CPU time, the
    /// slice is wall-clock time, as [`Budget::within`].
    pub fn within_thread_cpu(mut self, limit: Duration) -> Self {
        match crate::util::priority::thread_cpu_time() {
            Some(used) => {
                self.thread_cpu = Some(used + limit);
                self
            }
            None => self.within(limit),
        }
    }

    /// The same budget, lowering the priority of the threads that check it from `at` on
    /// (see [`Budget::lower_at`]).
    pub fn lowering_at(mut self, at: Instant) -> Self {
        self.lower_at = Some(at);
        self
    }

    /// Why the budget is spent, if it is (conflicts are counted inside the solver).
    pub fn spent(&self) -> Option<Exhausted> {
        if self.cancel.iter().any(|c| c.load(Ordering::Relaxed)) {
            return Some(Exhausted::Cancelled);
        }
        if self.deadline.is_some() || self.lower_at.is_some() {
            let now = Instant::now();
            if self.lower_at.is_some_and(|at| now >= at) {
                crate::util::priority::lower_this_thread();
            }
            if self.deadline.is_some_and(|d| now >= d) {
                return Some(Exhausted::Time);
            }
        }
        if self.thread_cpu.is_some_and(|limit| {
            crate::util::priority::thread_cpu_time().is_some_and(|used| used >= limit)
        }) {
            return Some(Exhausted::Time);
        }
        if self.memory.is_some_and(|m| resident_memory().is_some_and(|r| r >= m)) {
            return Some(Exhausted::Memory);
        }
        None
    }
}

/// Why work stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Exhausted {
    Time,
    Memory,
    Conflicts,
    Cancelled,
    /// A size limit of the algorithm (e.g. too many solutions to enumerate).
    Limit,
}

impl Exhausted {
    /// A one-word name for scripts (`stopped_by` in JSON): time, memory, conflicts, …
    pub fn name(self) -> &'static str {
        match self {
            Exhausted::Time => "time",
            Exhausted::Memory => "memory",
            Exhausted::Conflicts => "conflicts",
            Exhausted::Cancelled => "cancelled",
            Exhausted::Limit => "limit",
        }
    }
}

impl std::fmt::Display for Exhausted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Exhausted::Time => "the time limit was reached",
            Exhausted::Memory => "the memory limit was reached",
            Exhausted::Conflicts => "the conflict limit was reached",
            Exhausted::Cancelled => "the search was cancelled",
            Exhausted::Limit => "a size limit was reached",
        })
    }
}

/// A time limit that is not a number of seconds umpire accepts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("`{text}` is not a number of seconds between 0 and 32000000")]
#[diagnostic(code(umpire::time_limit), help("write the seconds as a number, like 10 or 0.5"))]
pub struct TimeLimitError {
    pub text: String,
}

impl crate::util::failure::Classify for TimeLimitError {}

/// Reads a time limit in seconds: a number from 0 to [`MAX_SECONDS`].
///
/// ```
/// use umpire::solve::parse_seconds;
/// assert_eq!(parse_seconds("2.5").unwrap().as_millis(), 2500);
/// assert!(parse_seconds("1e300").is_err());
/// assert!(parse_seconds("nan").is_err());
/// ```
pub fn parse_seconds(text: &str) -> Result<Duration, TimeLimitError> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=MAX_SECONDS).contains(&s) => {
            Ok(Duration::from_secs_f64(s))
        }
        _ => Err(TimeLimitError { text: text.to_string() }),
    }
}

/// The process's resident memory in bytes, read at most every 5 ms; `None` where the
/// system does not tell.
pub fn resident_memory() -> Option<u64> {
    static START: OnceLock<Instant> = OnceLock::new();
    static LAST_READ_US: AtomicU64 = AtomicU64::new(u64::MAX);
    static LAST_BYTES: AtomicU64 = AtomicU64::new(0);
    let now_us = START.get_or_init(Instant::now).elapsed().as_micros() as u64;
    let last = LAST_READ_US.load(Ordering::Relaxed);
    if last != u64::MAX && now_us.saturating_sub(last) < 5_000 {
        let bytes = LAST_BYTES.load(Ordering::Relaxed);
        return (bytes > 0).then_some(bytes);
    }
    LAST_READ_US.store(now_us, Ordering::Relaxed);
    let bytes = read_resident().unwrap_or(0);
    LAST_BYTES.store(bytes, Ordering::Relaxed);
    (bytes > 0).then_some(bytes)
}

fn read_resident() -> Option<u64> {
    // statm: total size, resident, … in pages.
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * page_size())
}

fn page_size() -> u64 {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads a system constant.
        let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if size > 0 {
            return size as u64;
        }
    }
    4096
}

fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_and_odd_time_limits_are_refused_not_panics() {
        for bad in ["1e300", "-1", "nan", "inf", "", "ten", "32000001"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_seconds("0").unwrap(), Duration::ZERO);
        assert_eq!(parse_seconds("32000000").unwrap(), Duration::from_secs(32_000_000));
    }

    #[test]
    fn a_deadline_past_the_clock_is_no_deadline() {
        assert!(Budget::time(Duration::MAX).deadline.is_none());
        assert_eq!(Budget::time(Duration::MAX).spent(), None);
        assert_eq!(Budget::time(Duration::ZERO).spent(), Some(Exhausted::Time));
    }

    #[test]
    fn a_memory_ceiling_below_what_is_in_use_stops_the_work() {
        if resident_memory().is_none() {
            return; // no /proc here: the ceiling is documented as not enforced
        }
        assert_eq!(Budget::unlimited().with_memory(1).spent(), Some(Exhausted::Memory));
        assert_eq!(Budget::unlimited().with_memory(u64::MAX).spent(), None);
    }

    #[test]
    fn a_thread_cpu_slice_is_spent_by_work_not_by_waiting() {
        let slice = Budget::unlimited().within_thread_cpu(Duration::from_millis(20));
        std::thread::sleep(Duration::from_millis(40));
        if crate::util::priority::thread_cpu_time().is_some() {
            assert_eq!(slice.spent(), None, "sleeping spent a CPU-time slice");
        }
        let mut spins = 0u64;
        while slice.spent().is_none() {
            spins = std::hint::black_box(spins + 1);
        }
        assert_eq!(slice.spent(), Some(Exhausted::Time));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_that_checks_past_the_lowering_time_lowers_itself_once() {
        // SAFETY: `gettid` and `getpriority` take and return plain integers.
        let nice = || unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as _) };
        let later = Instant::now() + Duration::from_secs(3600);
        let (before, after) = std::thread::spawn(move || {
            let start = nice();
            assert_eq!(Budget::unlimited().lowering_at(later).spent(), None);
            assert_eq!(nice(), start, "lowered before its time");
            let due = Budget::unlimited().lowering_at(Instant::now());
            assert_eq!(due.spent(), None, "lowering spends nothing");
            (start, nice())
        })
        .join()
        .unwrap();
        assert!(after > before || before >= 10, "nice {before} → {after}");
        // Only that thread was lowered.
        assert_eq!(nice(), before);
    }

    #[test]
    fn within_only_shortens() {
        let far = Budget::time(Duration::from_secs(100));
        let near = far.clone().within(Duration::from_secs(1));
        assert!(near.deadline < far.deadline);
        let again = near.clone().within(Duration::from_secs(50));
        assert_eq!(again.deadline, near.deadline);
    }
}
