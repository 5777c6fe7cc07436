//! `tabwright demo`: a scripted agent drives the bundled local site and prints, for each call,
//! the text Claude would read.

use std::path::Path;

use anyhow::{bail, Context};
use serde_json::{json, Value};
use tabwright_protocol::blocks::{ContentBlock, ToolResult, ToolUse};
use tabwright_protocol::render::Renderer;
use tabwright_protocol::validate;

use crate::session::Session;
use crate::site::{Pages, Site};

/// The bundled site.
pub const SITE: &[(&str, &str)] = &[
    ("index.html", include_str!("../site/index.html")),
    ("pricing.html", include_str!("../site/pricing.html")),
];

fn tool_use(n: &mut u32, name: &str, input: Value) -> Value {
    *n += 1;
    json!({"type": "tool_use", "id": format!("toolu_demo_{:02}", n), "name": name, "toolset_name": "browser", "input": input})
}

/// The scripted turns: (what Claude says, its member calls).
fn script(site: &Site) -> Vec<(&'static str, Vec<Value>)> {
    let n = &mut 0;
    vec![
        ("I'll open the docs site and read what I can act on.", vec![
            tool_use(n, "navigate", json!({"url": site.url("index.html")})),
            tool_use(n, "read_page", json!({"filter": "interactive"})),
        ]),
        ("Where is the search box?", vec![tool_use(n, "find", json!({"query": "search box"}))]),
        ("I'll search the docs for \"init\".", vec![
            tool_use(n, "left_click", json!({"target": {"type": "ref", "ref": "{search}"}})),
            tool_use(n, "type", json!({"text": "init"})),
        ]),
        ("Let me look at the page.", vec![tool_use(n, "screenshot", json!({}))]),
        ("I'll open pricing in a new tab.", vec![
            tool_use(n, "new_tab", json!({})),
            tool_use(n, "navigate", json!({"url": site.url("pricing.html")})),
        ]),
        ("Which tabs are open?", vec![tool_use(n, "list_tabs", json!({}))]),
        ("Back to the docs tab, and close pricing.", vec![
            tool_use(n, "switch_tab", json!({"tab_id": "tab-1"})),
            tool_use(n, "close_tab", json!({"tab_id": "tab-2"})),
        ]),
        ("A batch whose first call is refused: the rest must not run.", vec![
            tool_use(n, "navigate", json!({"url": "javascript:alert(1)"})),
            tool_use(n, "screenshot", json!({})),
        ]),
        ("Reload the page.", vec![tool_use(n, "navigate", json!({"url": "reload"}))]),
        ("A member this toolset does not have.", vec![tool_use(n, "teleport", json!({}))]),
    ]
}

/// Runs the demo with the browser visible when a display is available.
pub async fn run(exe: &Path, headless: bool, out: &Path) -> anyhow::Result<()> {
    let site = Site::start(Pages::Embedded(SITE), "127.0.0.1").await?;
    println!("Bundled site at {}", site.url(""));
    println!("Starting the browser ({})…", if headless { "headless" } else { "visible" });
    if crate::launch::running_as_root() {
        // Session::start passes --no-sandbox as root; the demo only opens its own local pages.
        println!("Running as root: the browser's sandbox cannot start, so the demo runs it with --no-sandbox (its own local pages only).");
    }
    let session = Session::start(exe, headless, &[])?;
    let mut client = session.client().await?;
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut renderer = Renderer::new();
    let mut violations = 0;
    let mut shots = 0;
    let mut search_ref = String::new();
    for (say, mut calls) in script(&site) {
        // A later turn uses the ref an earlier read handed out, as Claude would.
        for call in &mut calls {
            if call["input"]["target"]["ref"] == "{search}" {
                call["input"]["target"]["ref"] = json!(search_ref);
            }
        }
        println!("\nClaude: {say}");
        let result = client.request("run", json!({"content": calls})).await?;
        let results: Vec<ToolResult> = serde_json::from_value(result["tool_results"].clone())?;
        for (call, result) in calls.iter().zip(&results) {
            let call: ToolUse = serde_json::from_value(call.clone())?;
            println!("  → {} {}", call.name, call.input);
            for v in validate::result(Some(&call.name), &result.to_value()) {
                println!("  !! contract violation: {v}");
                violations += 1;
            }
            for block in &result.content {
                if let ContentBlock::Image { source } = block {
                    shots += 1;
                    let file = out.join(format!("screenshot-{shots}.png"));
                    std::fs::write(&file, decode_base64(&source.data)?)?;
                    println!("    (image saved to {})", file.display());
                }
            }
            if call.name == "find" {
                let text = result.text();
                if let Some(r) = text.split("[ref_").nth(1).and_then(|t| t.split(']').next()) {
                    search_ref = format!("ref_{r}");
                }
            }
            let marker = if result.is_error { " [is_error]" } else { "" };
            println!("  ← what Claude reads{marker}:");
            for line in renderer.render(&call, result).lines() {
                println!("      {line}");
            }
        }
    }
    drop(session);
    if violations > 0 {
        bail!("{violations} results broke the browser_state contract");
    }
    println!("\nDone: every result obeyed the contract.");
    Ok(())
}

/// Decodes standard base64 (the screenshot data).
pub fn decode_base64(text: &str) -> anyhow::Result<Vec<u8>> {
    fn value(c: u8) -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    }
    let bytes: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut acc = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            acc |= value(*c).context("invalid base64")? << (18 - 6 * i);
        }
        let n = chunk.len() * 6 / 8;
        for i in 0..n {
            out.push((acc >> (16 - 8 * i)) as u8);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_decodes() {
        assert_eq!(super::decode_base64("aGVsbG8=").expect("decode"), b"hello");
        assert_eq!(super::decode_base64("aGk=").expect("decode"), b"hi");
        assert!(super::decode_base64("a*").is_err());
    }
}
