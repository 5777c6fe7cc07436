//! What `cargo test`'s output says: how many tests passed and failed, and the first lines of each
//! failure, printed again at the end where the tail of a long log shows them.

/// Lines kept of each failure, and characters of each line.
const LINES: usize = 12;
const WIDTH: usize = 400;

#[derive(Default)]
pub struct Tally {
    pub passed: u64,
    pub failed: u64,
    /// Each failed test's name and the first lines of what it printed.
    pub failures: Vec<(String, Vec<String>)>,
    in_failure: bool,
}

impl Tally {
    /// Takes in one line of `cargo test`'s standard output.
    pub fn feed(&mut self, line: &str) {
        if let Some(rest) = line.strip_prefix("test result: ") {
            let count = |word: &str| {
                rest.split(';').find_map(|part| part.trim().strip_suffix(word)?.trim().rsplit(' ').next()?.parse::<u64>().ok())
            };
            self.passed += count("passed").unwrap_or(0);
            self.failed += count("failed").unwrap_or(0);
            self.in_failure = false;
        } else if let Some(name) = line.strip_prefix("---- ").and_then(|l| l.strip_suffix(" stdout ----")) {
            self.failures.push((name.to_string(), Vec::new()));
            self.in_failure = true;
        } else if line == "failures:" {
            self.in_failure = false;
        } else if let Some((_, lines)) = self.failures.last_mut().filter(|_| self.in_failure) {
            if lines.len() < LINES && !line.trim().is_empty() {
                lines.push(line.chars().take(WIDTH).collect());
            }
        }
    }

    /// The failures' first lines, for the end of the output; empty when nothing failed.
    pub fn why(&self) -> String {
        let mut out = String::new();
        for (name, lines) in &self.failures {
            out.push_str(&format!("\nwhy {name} failed (its first lines):\n"));
            for line in lines {
                out.push_str(&format!("  {line}\n"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_every_binary_and_keeps_each_failures_first_lines() {
        let out = "\
running 2 tests
test a ... ok
test b ... FAILED

failures:

---- b stdout ----
Error: no line `combobox \"Warehouse\" [ref_…]` in:
page tree line

failures:
    b

test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.00s

running 3 tests
test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s
";
        let mut t = Tally::default();
        out.lines().for_each(|l| t.feed(l));
        assert_eq!((t.passed, t.failed), (4, 1));
        assert_eq!(t.failures, vec![("b".to_string(), vec!["Error: no line `combobox \"Warehouse\" [ref_…]` in:".to_string(), "page tree line".to_string()])]);
        assert!(t.why().contains("why b failed") && t.why().contains("  page tree line\n"), "{}", t.why());
    }

    #[test]
    fn a_long_failure_is_cut_to_its_first_lines() {
        let mut t = Tally::default();
        t.feed("---- long stdout ----");
        for i in 0..100 {
            t.feed(&format!("{i} {}", "x".repeat(1000)));
        }
        let lines = &t.failures[0].1;
        assert_eq!(lines.len(), LINES);
        assert!(lines.iter().all(|l| l.chars().count() == WIDTH));
        assert!(Tally::default().why().is_empty());
    }
}
