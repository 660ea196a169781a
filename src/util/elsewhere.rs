//! Freeing large structures off the thread that answers: a search that built a
//! hundred-megabyte structure (a SAT problem of millions of clauses, a store of a hundred
//! thousand clauses) can take most of a second to free it, and the answer, or the news that
//! the time ran out, should not wait for that.

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by [`leave_to_process_exit`].
static LEAVE_TO_EXIT: AtomicBool = AtomicBool::new(false);

/// Declares that the process ends once it has answered (one question from the command
/// line): large structures are then left for the operating system to take back at exit,
/// not freed. Freeing them on another thread still competes with the answer for the
/// allocator's lock and the cores, and some cannot go to another thread at all: the
/// instantiation engine's SAT solver (about 1 GB on GRP760+1) took up to 3 s to free after
/// the budget had run out, and the race waits for every engine. A server or a REPL, which
/// lives on, never calls this.
pub fn leave_to_process_exit() {
    LEAVE_TO_EXIT.store(true, Ordering::Relaxed);
}

fn leaving() -> bool {
    LEAVE_TO_EXIT.load(Ordering::Relaxed)
}

/// Frees `value` on a thread of its own (or here, when no thread can be had); after
/// [`leave_to_process_exit`], not at all.
pub fn drop_elsewhere<T: Send + 'static>(value: T) {
    free_elsewhere(value, leaving());
}

fn free_elsewhere<T: Send + 'static>(value: T, leave: bool) {
    if leave {
        std::mem::forget(value);
    } else {
        let _ = std::thread::Builder::new().name("free".into()).spawn(move || drop(value));
    }
}

/// Frees a large `value` that cannot go to another thread here; after
/// [`leave_to_process_exit`], not at all.
pub fn drop_here_unless_leaving<T>(value: T) {
    free_here(value, leaving());
}

fn free_here<T>(value: T, leave: bool) {
    if leave {
        std::mem::forget(value);
    } else {
        drop(value);
    }
}

/// A value that, when dropped, is freed by [`drop_elsewhere`] if `large` says it is large
/// (small ones are freed at once: a thread costs more than they do).
pub struct DropElsewhere<T: Send + 'static> {
    value: Option<T>,
    large: fn(&T) -> bool,
}

impl<T: Send + 'static> DropElsewhere<T> {
    pub fn new(value: T, large: fn(&T) -> bool) -> Self {
        DropElsewhere { value: Some(value), large }
    }
}

impl<T: Send + 'static> Deref for DropElsewhere<T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.value.as_ref().expect("present until dropped")
    }
}

impl<T: Send + 'static> DerefMut for DropElsewhere<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.value.as_mut().expect("present until dropped")
    }
}

impl<T: Send + 'static> Drop for DropElsewhere<T> {
    fn drop(&mut self) {
        if let Some(value) = self.value.take() {
            if (self.large)(&value) {
                drop_elsewhere(value);
            }
        }
    }
}

/// Runs `work` on a thread of its own and waits for its result, but looks at `give_up`
/// every few milliseconds and, once it says why, returns that at once and leaves the work
/// to finish (and free what it built) on its own. For a step that cannot look at a budget
/// itself: a library call that runs for seconds on a large input. A panic in `work` is
/// raised again here. When no thread can be had, `work` runs here.
pub fn run_abandonably<T, E>(
    work: impl FnOnce() -> T + Send + 'static,
    give_up: impl Fn() -> Option<E>,
) -> Result<T, E>
where
    T: Send + 'static,
{
    let (sender, receiver) = std::sync::mpsc::channel();
    let (work_here, work_there) = {
        // Exactly one of the two runs the work: the thread if it starts, else this one.
        let slot = std::sync::Arc::new(std::sync::Mutex::new(Some(work)));
        (slot.clone(), slot)
    };
    let spawned = std::thread::Builder::new().name("abandonable".into()).spawn(move || {
        let work = work_there.lock().ok().and_then(|mut w| w.take());
        if let Some(work) = work {
            let _ = sender.send(work());
        }
    });
    let handle = match spawned {
        Ok(handle) => handle,
        Err(_) => {
            let work = work_here.lock().ok().and_then(|mut w| w.take());
            return Ok(work.expect("the thread never started")());
        }
    };
    drop(work_here);
    loop {
        match receiver.recv_timeout(std::time::Duration::from_millis(5)) {
            Ok(result) => return Ok(result),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                // The thread ended without a result: it panicked.
                match handle.join() {
                    Err(panic) => std::panic::resume_unwind(panic),
                    Ok(()) => unreachable!("the work sends its result before the thread ends"),
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if let Some(why) = give_up() {
                    return Err(why);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    struct Counted(Arc<AtomicUsize>, bool);
    impl Drop for Counted {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn small_values_are_freed_at_once_and_large_ones_soon() {
        let freed = Arc::new(AtomicUsize::new(0));
        drop(DropElsewhere::new(Counted(freed.clone(), false), |c| c.1));
        assert_eq!(freed.load(Ordering::SeqCst), 1, "a small value is freed here and now");
        drop(DropElsewhere::new(Counted(freed.clone(), true), |c| c.1));
        let start = std::time::Instant::now();
        while freed.load(Ordering::SeqCst) < 2 {
            assert!(start.elapsed().as_secs() < 10, "the large value was never freed");
            std::thread::yield_now();
        }
    }

    #[test]
    fn abandoned_work_returns_at_once_and_finished_work_its_result() {
        assert_eq!(run_abandonably(|| 6 * 7, || None::<()>), Ok(42));
        let start = std::time::Instant::now();
        let stop_at = start + std::time::Duration::from_millis(30);
        let slow = run_abandonably(
            || std::thread::sleep(std::time::Duration::from_secs(5)),
            || (std::time::Instant::now() >= stop_at).then_some("spent"),
        );
        assert_eq!(slow, Err("spent"));
        assert!(start.elapsed() < std::time::Duration::from_secs(4), "it waited for the work");
        let panicked = std::panic::catch_unwind(|| {
            run_abandonably(|| -> u8 { panic!("inside") }, || None::<()>)
        });
        assert!(panicked.is_err(), "the work's panic is raised again");
    }

    #[test]
    fn a_process_that_ends_once_it_has_answered_frees_nothing() {
        let freed = Arc::new(AtomicUsize::new(0));
        free_here(Counted(freed.clone(), true), false);
        assert_eq!(freed.load(Ordering::SeqCst), 1, "freed here when the process lives on");
        free_here(Counted(freed.clone(), true), true);
        free_elsewhere(Counted(freed.clone(), true), true);
        // Neither path starts a thread or frees: nothing can come later.
        std::thread::sleep(std::time::Duration::from_millis(50));
        assert_eq!(freed.load(Ordering::SeqCst), 1, "left to the process's exit");
    }
}
