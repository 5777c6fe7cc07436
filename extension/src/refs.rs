//! Element references: numbered from one counter for the whole browser, so a ref names exactly
//! one element on one tab, and a ref handed out is never given to another element.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::snapshot::Node;

/// Where a ref came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Owner {
    pub tab: i32,
    /// The out-of-process frame the element lives in, if any.
    pub session: Option<String>,
    pub generation: u64,
    pub role: String,
    pub name: String,
}

#[derive(Default)]
struct Refs {
    next: u64,
    owners: HashMap<u64, Owner>,
}

thread_local! {
    static REFS: RefCell<Refs> = RefCell::new(Refs { next: 1, owners: HashMap::new() });
}

/// The number the page agent gives the next new element.
pub fn next() -> u64 {
    REFS.with(|r| r.borrow().next.max(1))
}

/// Records what a read handed out.
pub fn record(at: &crate::cdp::Debuggee, generation: u64, next: u64, nodes: &[Node]) {
    let (tab, session) = (at.tab, at.session.clone());
    REFS.with(|r| {
        let mut r = r.borrow_mut();
        r.next = r.next.max(next);
        for n in nodes {
            let owner = |role: &str, name: &str| Owner { tab, session: session.clone(), generation, role: role.into(), name: name.into() };
            match (n.r#ref, n.role.as_ref()) {
                (Some(id), Some(role)) => {
                    r.owners.insert(id, owner(role, n.name.as_deref().unwrap_or_default()));
                }
                // The element holding a text run, a depth cut or an unreadable frame: known, but
                // never suggested by name. An element line of the same read says more.
                _ => {
                    for id in [n.r#ref, n.more, n.frame].into_iter().flatten() {
                        if r.owners.get(&id).is_none_or(|o| o.generation != generation) {
                            r.owners.insert(id, owner("", ""));
                        }
                    }
                }
            }
        }
    });
}

pub fn owner(id: u64) -> Option<Owner> {
    REFS.with(|r| r.borrow().owners.get(&id).cloned())
}

/// Reads `ref_12` (or a bare `12`) as 12.
pub fn parse(text: &str) -> Option<u64> {
    text.trim().strip_prefix("ref_").unwrap_or(text.trim()).parse().ok().filter(|n| *n > 0)
}

/// Restores the counter after a service-worker restart, so numbers are not handed out twice.
pub fn restore(next: u64) {
    REFS.with(|r| {
        let mut r = r.borrow_mut();
        r.next = r.next.max(next);
    });
}
