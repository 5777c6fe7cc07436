//! A virtual display (Xvfb) for the tests that need a headed browser: some of what a person
//! sees, such as the print dialog, exists only there.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use anyhow::{bail, Context};

/// An Xvfb server, stopped when dropped.
pub struct Xvfb {
    child: Child,
    /// The display's name, such as ":93".
    pub name: String,
}

impl Xvfb {
    /// Starts Xvfb on a display number it picks itself (`-displayfd`), so tests running at once
    /// never share one.
    pub fn start() -> anyhow::Result<Xvfb> {
        let mut child = Command::new("Xvfb")
            .args(["-displayfd", "1", "-screen", "0", "1280x900x24", "-nolisten", "tcp"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .context("Xvfb is needed for the headed tests (cargo xtask test installs it; apt-get install xvfb)")?;
        // Xvfb writes the display's number once it is ready, or exits.
        let mut line = String::new();
        let read = child.stdout.take().map(|out| BufReader::new(out).read_line(&mut line));
        let number = line.trim();
        if !matches!(read, Some(Ok(n)) if n > 0) || number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            let _ = child.kill();
            let _ = child.wait();
            bail!("Xvfb did not start a display (it said {number:?})");
        }
        Ok(Xvfb { name: format!(":{number}"), child })
    }

    /// The browser flags that put it on this display.
    pub fn browser_flags(&self) -> Vec<String> {
        vec!["--browser-arg=--ozone-platform=x11".into(), format!("--browser-arg=--display={}", self.name)]
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
