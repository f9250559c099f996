//! The watchdog of a search's time budget: a thread that sets the search's stop flag at its
//! deadline, so that a search stops on time whatever it is doing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// The watchdog of a search's time budget: sets `stop` at `deadline` unless the search has
/// ended by then (`done`), looking every few milliseconds so that it ends with the search. A
/// deadline already past sets it at once.
pub(super) fn watchdog(stop: &Arc<AtomicBool>, done: &Arc<AtomicBool>, deadline: Instant) {
    const LOOK: Duration = Duration::from_millis(20);
    let (stop, done) = (Arc::clone(stop), Arc::clone(done));
    let watch = move || loop {
        if done.load(Ordering::SeqCst) {
            return;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            stop.store(true, Ordering::SeqCst);
            return;
        }
        thread::sleep(left.min(LOOK));
    };
    if deadline <= Instant::now() {
        watch();
    } else if let Err(e) = thread::Builder::new().name("watchdog".into()).spawn(watch) {
        // The search's own deadline still stops it.
        log::warn!("no watchdog thread: {e}");
    }
}
