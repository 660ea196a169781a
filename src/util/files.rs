//! Writing files so that a crash never leaves one half-written, and two writers never lose
//! each other's changes.
//!
//! - [`write_atomically`]: the new content goes to a temporary file beside the target,
//!   which then replaces it in one rename (all or nothing on one file system).
//! - [`Exclusive`]: one writer at a time. Read-change-write cycles (adding a line to a log,
//!   a move in a saved game) take an advisory lock on a sidecar file `.NAME.lock` beside
//!   the target, re-read the target under it, and write through it; a second writer waits
//!   for the first. A writer killed mid-write leaves a temporary file, which the next
//!   writer under the lock removes (nobody else can be writing it then).

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically (on the same file system, a rename is all or nothing).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temp = temp_path(path, std::process::id());
    std::fs::write(&temp, bytes)?;
    std::fs::rename(&temp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temp);
    })
}

fn parts(path: &Path) -> (PathBuf, String) {
    let dir =
        path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let name =
        path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_else(|| "file".into());
    (dir, name)
}

fn temp_path(path: &Path, pid: u32) -> PathBuf {
    let (dir, name) = parts(path);
    dir.join(format!(".{name}.{pid}.tmp"))
}

/// The right to change one file, held until dropped.
pub struct Exclusive {
    path: PathBuf,
    // Holding the open, locked file is holding the lock; closing it releases it.
    _lock: File,
}

impl Exclusive {
    /// Waits until no other umpire is changing `path`, then holds the right to.
    pub fn acquire(path: &Path) -> std::io::Result<Exclusive> {
        let lock = Exclusive::lock_file(path)?;
        lock.lock()?;
        Ok(Exclusive { path: path.to_path_buf(), _lock: lock })
    }

    /// Like [`Exclusive::acquire`], but `None` at once when another umpire holds it.
    pub fn try_acquire(path: &Path) -> std::io::Result<Option<Exclusive>> {
        let lock = Exclusive::lock_file(path)?;
        match lock.try_lock() {
            Ok(()) => Ok(Some(Exclusive { path: path.to_path_buf(), _lock: lock })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    fn lock_file(path: &Path) -> std::io::Result<File> {
        let (dir, name) = parts(path);
        OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(format!(".{name}.lock")))
    }

    /// Writes the file atomically, after removing what killed writers left behind.
    pub fn write(&self, bytes: &[u8]) -> std::io::Result<()> {
        let (dir, name) = parts(&self.path);
        let prefix = format!(".{name}.");
        if let Ok(entries) = std::fs::read_dir(&dir) {
            for entry in entries.flatten() {
                let file = entry.file_name().to_string_lossy().to_string();
                if file.starts_with(&prefix) && file.ends_with(".tmp") {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        write_atomically(&self.path, bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_writer_waits_for_the_other_and_cleans_what_a_killed_one_left() {
        let dir = std::env::temp_dir().join(format!("umpire-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("log.txt");
        let stray = temp_path(&target, 999_999);
        std::fs::write(&stray, "half").unwrap();
        let first = Exclusive::acquire(&target).unwrap();
        assert!(Exclusive::try_acquire(&target).unwrap().is_none(), "a second writer must wait");
        first.write(b"whole").unwrap();
        assert!(!stray.exists(), "the stray temporary file is removed");
        drop(first);
        assert!(Exclusive::try_acquire(&target).unwrap().is_some());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "whole");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
