//! The one writer of protocol output: every line, from the command loop or from a search
//! thread, is written and flushed under one lock, so lines never interleave.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared, line-oriented writer (cheap to clone).
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(w: impl Write + Send + 'static) -> Self {
        Output(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Standard output.
    pub fn stdout() -> Self {
        Output::new(std::io::stdout())
    }

    /// Writes one line (a `\n` is added) and flushes.
    pub fn line(&self, line: &str) {
        self.lines(std::slice::from_ref(&line.to_string()));
    }

    /// Writes several lines as one block (no other line can come between them) and flushes.
    pub fn lines(&self, lines: &[String]) {
        let mut w = match self.0.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let mut result = Ok(());
        for l in lines {
            result = result.and_then(|_| writeln!(w, "{l}"));
        }
        if let Err(e) = result.and_then(|_| w.flush()) {
            log::warn!("writing output: {e}");
        }
    }
}

/// An in-memory sink for tests: what was written, as text.
#[derive(Clone, Default)]
pub struct Captured(pub Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::ErrorKind::Other)?
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    /// Everything written so far.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().map(|v| v.clone()).unwrap_or_default()).into_owned()
    }
}
