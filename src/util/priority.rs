//! Thread priority: an engine that races the others only as a second string (the
//! superposition prover beside the model search and instantiation) runs at a lower
//! priority, so that on a machine with fewer cores than engines it takes the time the others
//! leave, and the boards they decide quickly are not slowed.

/// Lowers the calling thread's scheduling priority (Linux `nice` 10 for this thread only;
/// nothing elsewhere). Failure is harmless and ignored: the thread then runs as before.
pub fn lower_this_thread() {
    #[cfg(target_os = "linux")]
    // SAFETY: `gettid` and `setpriority` take and return plain integers; on Linux,
    // PRIO_PROCESS with a thread id changes that thread's nice value alone.
    unsafe {
        let tid = libc::gettid();
        let _ = libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 10);
    }
}
