//! The `browser_toolset_20260801` contract, with no I/O.
//!
//! Every per-member fact comes from the one table in [`members`]. The executor, the bridge,
//! the tests and outside tools all lean on this crate.

pub mod blocks;
pub mod config;
pub mod input;
pub mod members;
pub mod navigation;
pub mod pipeline;
pub mod policy;
pub mod render;
pub mod sanitize;
pub mod validate;
#[cfg(any(target_arch = "wasm32", test))]
pub mod weburl;
pub mod wire;

pub use blocks::{BrowserState, ContentBlock, StateChange, TabEntry, ToolResult, ToolUse};
pub use members::{Member, ResultKind};

/// The toolset type this crate implements.
pub const TOOLSET_TYPE: &str = "browser_toolset_20260801";
/// The `toolset_name` Claude's member calls carry and every result echoes.
pub const TOOLSET_NAME: &str = "browser";
/// The exact text of a result skipped by the batch halt rule.
pub const NOT_EXECUTED: &str = "Not executed: an earlier action in this turn failed.";
