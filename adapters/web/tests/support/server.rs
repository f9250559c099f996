//! A fresh `guerrilla-web` on a free port, for the tests that talk to it over HTTP: started
//! with the given database, its port read from the URL it prints first, ended when dropped.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// The server, ended when dropped; `.1` is its port.
pub struct Server(pub Child, pub u16);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the server with `--database <database>` (a file, or `:memory:`).
pub fn start(database: impl AsRef<OsStr>) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_guerrilla-web"))
        .args(["--port", "0", "--database"])
        .arg(database)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start guerrilla-web");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .expect("the server's first line");
    let port = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split(['/', ' ']).next())
        .and_then(|host_port| host_port.rsplit(':').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no URL in '{line}'"));
    Server(child, port)
}
