//! Freeing large structures off the thread that answers: a search that built a
//! hundred-megabyte structure (a SAT problem of millions of clauses, a store of a hundred
//! thousand clauses) can take most of a second to free it, and the answer, or the news that
//! the time ran out, should not wait for that.

use std::ops::{Deref, DerefMut};

/// Frees `value` on a thread of its own (or here, when no thread can be had).
pub fn drop_elsewhere<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new().name("free".into()).spawn(move || drop(value));
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
}
