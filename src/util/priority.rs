//! Threads' share of the cores: an engine that races the others only as a second string
//! (the superposition prover beside the model search and instantiation) runs at a lower
//! priority, so that on a machine with fewer cores than engines it takes the time the others
//! leave, and the boards they decide quickly are not slowed. A race that goes on past its
//! first second lowers every engine's threads to the same priority (through their budgets,
//! see `solve::Budget::lower_at`), and time slices that must mean work done, not time
//! passed, are measured in the thread's own CPU time ([`thread_cpu_time`]).

/// The nice value of a lowered thread.
const LOWERED: i32 = 10;

/// Lowers the calling thread's scheduling priority (Linux `nice` 10 for this thread only;
/// nothing elsewhere), unless it was lowered already: cheap enough to call at every check
/// of a budget. Lowering needs no privilege (raising does, so a lowered thread stays
/// lowered: only threads that end with their work are lowered). Failure is harmless and
/// ignored: the thread then runs as before.
pub fn lower_this_thread() {
    thread_local! {
        static LOWERED_HERE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if LOWERED_HERE.with(|l| l.replace(true)) {
        return;
    }
    #[cfg(target_os = "linux")]
    // SAFETY: `gettid` takes nothing and `setpriority` takes and returns plain integers; on
    // Linux, PRIO_PROCESS with a thread id changes that thread's nice value alone.
    unsafe {
        let _ = libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, LOWERED);
    }
}

/// The CPU time the calling thread has used; none where the system cannot tell.
pub fn thread_cpu_time() -> Option<std::time::Duration> {
    #[cfg(unix)]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `clock_gettime` writes the timespec it is given, which lives on this frame.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        ok.then(|| std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
    #[cfg(not(unix))]
    None
}
