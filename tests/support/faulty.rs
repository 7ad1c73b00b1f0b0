//! A store that fails or is slow on demand, around a real one: a full disk,
//! or a disk or database under load.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::Arc;

use isolo_bot::store::{Entry, KeyRange, Op, Result, Scanned, Space, Store};

/// `inner`, whose commits wait `delay_ms` first, and fail while `failing`
/// is set (counted in `commits_tried`); reads wait `read_delay_ms` and never fail.
pub struct FaultyStore {
    inner: Arc<dyn Store>,
    /// Milliseconds each commit waits before it is made.
    pub delay_ms: AtomicU64,
    /// Milliseconds each read (a get or a scan) waits before it is made.
    pub read_delay_ms: AtomicU64,
    /// Commits fail, as on a full disk.
    pub failing: AtomicBool,
    /// Commits tried while failing.
    pub commits_tried: AtomicUsize,
}

impl FaultyStore {
    /// `inner`, neither slow nor failing yet.
    pub fn new(inner: Arc<dyn Store>) -> FaultyStore {
        FaultyStore {
            inner,
            delay_ms: AtomicU64::new(0),
            read_delay_ms: AtomicU64::new(0),
            failing: AtomicBool::new(false),
            commits_tried: AtomicUsize::new(0),
        }
    }
}

impl FaultyStore {
    /// Waits as long as a read is asked to.
    fn read_wait(&self) {
        let ms = self.read_delay_ms.load(SeqCst);
        if ms > 0 {
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
    }
}

impl Store for FaultyStore {
    fn get_raw(&self, space: Space, key: &[u8]) -> Result<Option<Entry>> {
        self.read_wait();
        self.inner.get_raw(space, key)
    }

    fn scan(&self, space: Space, range: &KeyRange) -> Result<Vec<Scanned>> {
        self.read_wait();
        self.inner.scan(space, range)
    }

    fn commit(&self, ops: &[Op]) -> Result<u64> {
        std::thread::sleep(std::time::Duration::from_millis(self.delay_ms.load(SeqCst)));
        if self.failing.load(SeqCst) {
            self.commits_tried.fetch_add(1, SeqCst);
            return Err(std::io::Error::other("No space left on device").into());
        }
        self.inner.commit(ops)
    }

    fn deadline_changes(&self) -> Result<Option<tokio::sync::mpsc::Receiver<u64>>> {
        self.inner.deadline_changes()
    }
}
