//! A virtual display (Xvfb) for the tests that need a headed browser: some of what a person
//! sees, such as the print dialog, exists only there.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};

/// An Xvfb server, stopped when dropped.
pub struct Xvfb {
    child: Child,
    /// The display's name, such as ":93".
    pub name: String,
}

impl Xvfb {
    /// Starts Xvfb on the first free display number from :90 on.
    pub fn start() -> anyhow::Result<Xvfb> {
        for n in 90..140 {
            if Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() || Path::new(&format!("/tmp/.X{n}-lock")).exists() {
                continue;
            }
            let name = format!(":{n}");
            let mut child = Command::new("Xvfb")
                .args([name.as_str(), "-screen", "0", "1280x900x24", "-nolisten", "tcp"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .context("Xvfb is needed for the headed tests (cargo xtask test installs it; apt-get install xvfb)")?;
            let socket = format!("/tmp/.X11-unix/X{n}");
            let deadline = Instant::now() + Duration::from_secs(10);
            while Instant::now() < deadline {
                if Path::new(&socket).exists() {
                    return Ok(Xvfb { child, name });
                }
                // Another test took this number first: try the next one.
                if child.try_wait()?.is_some() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        bail!("no Xvfb display could be started on :90 to :139")
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
