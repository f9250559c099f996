//! Every page load works: a fresh server and a fresh browser, twenty times over, each page
//! loaded once (no reload, no retry) and its board drawn within 5 s of asking for it.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::harness::{open_browser, start_server};

/// How many fresh server and browser pairs load the page.
const LOADS: usize = 20;
/// The longest a load may take, from asking for the page to its board drawn.
const LIMIT: Duration = Duration::from_secs(5);

pub async fn fresh_loads(driver_url: &str, chrome: &Path, exe: &Path) {
    let mut took = Vec::new();
    for i in 0..LOADS {
        let (server, base) = start_server(exe);
        let name: &'static str = Box::leak(format!("load{i}").into_boxed_str());
        let b = open_browser(driver_url, chrome, name).await;
        let game = if i.is_multiple_of(2) {
            "guerrilla-checkers"
        } else {
            "guerrilla"
        };
        let asked = Instant::now();
        b.goto(&crate::games::url(&base, game, None)).await;
        let t = asked.elapsed();
        let _ = b.client.clone().close().await;
        drop(server);
        eprintln!("page load {}: {game} in {} ms", i + 1, t.as_millis());
        took.push(t);
    }
    let slow: Vec<(usize, u128)> = took
        .iter()
        .enumerate()
        .filter(|(_, t)| **t >= LIMIT)
        .map(|(i, t)| (i + 1, t.as_millis()))
        .collect();
    let longest = took.iter().max().copied().unwrap_or_default();
    eprintln!(
        "page loads: {LOADS} of {LOADS} loaded, the longest in {} ms",
        longest.as_millis()
    );
    assert!(
        slow.is_empty(),
        "loads that took {} s or more (load, ms): {slow:?}",
        LIMIT.as_secs()
    );
}
