//! Element references: numbered from one counter for the whole browser, so a ref names exactly
//! one element on one tab, and a ref handed out is never given to another element.
//!
//! What is kept is bounded: each document (a tab's, or one of its frames') keeps the refs of its
//! current document and of the one before it, whose role and name let a stale ref be matched
//! to what the page shows now. Older documents and closed tabs keep only runs of numbers with
//! their tab, enough to say why such a ref no longer works, and at most [`RETIRED_RUNS`] of those.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

use crate::cdp::Debuggee;
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

/// The most documents per tab or frame whose refs are kept whole.
const DOCUMENTS: usize = 2;
/// The most runs of retired ref numbers remembered.
const RETIRED_RUNS: usize = 4096;
/// The most refs kept whole (some 135 bytes each): past it, the tab whose read went over keeps
/// its older ones as runs of numbers only (those more than half this many refs old), as a page
/// that redraws its lists (a feed, a mail client) hands out new refs at every read of one
/// document. (Far more than one read of the largest page hands out, so a read's own refs, and
/// other tabs', stay whole.)
const KEPT: usize = 200_000;

/// A run of consecutive ref numbers, `first..=last`, that all came from documents of `tab`
/// that are gone.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Run {
    tab: i32,
    first: u64,
    last: u64,
}

#[derive(Default)]
struct Refs {
    next: u64,
    owners: HashMap<u64, Owner>,
    /// The documents each tab or frame has handed refs out from, oldest first.
    documents: HashMap<Debuggee, VecDeque<u64>>,
    /// Refs of documents left behind and tabs closed, oldest first.
    retired: VecDeque<Run>,
}

impl Refs {
    /// Drops the whole records of the refs `gone` selects, keeping runs of their numbers.
    fn retire(&mut self, gone: &dyn Fn(u64, &Owner) -> bool) {
        let mut ids: Vec<(i32, u64)> = self.owners.iter().filter(|(id, o)| gone(**id, o)).map(|(id, o)| (o.tab, *id)).collect();
        if ids.is_empty() {
            return;
        }
        for (_, id) in &ids {
            self.owners.remove(id);
        }
        ids.sort_unstable();
        let mut runs: Vec<Run> = Vec::new();
        for (tab, id) in ids {
            match runs.last_mut() {
                Some(run) if run.tab == tab && run.last + 1 == id => run.last = id,
                _ => runs.push(Run { tab, first: id, last: id }),
            }
        }
        self.retired.extend(runs);
        while self.retired.len() > RETIRED_RUNS {
            self.retired.pop_front();
        }
        self.owners.shrink_to(self.owners.len() * 2);
    }

    /// Notes that `at` handed refs out from document `generation`; documents before the last
    /// [`DOCUMENTS`] are retired, and so are frames of the tab that are gone.
    fn saw_document(&mut self, at: &Debuggee, generation: u64, live_frames: &[String]) {
        let docs = self.documents.entry(at.clone()).or_default();
        if docs.contains(&generation) {
            return;
        }
        docs.push_back(generation);
        let mut old = Vec::new();
        while docs.len() > DOCUMENTS {
            old.extend(docs.pop_front());
        }
        let (tab, session) = (at.tab, at.session.clone());
        if !old.is_empty() {
            self.retire(&|_, o| o.tab == tab && o.session == session && old.contains(&o.generation));
        }
        if session.is_none() {
            // The tab's page changed: frames that are no longer attached are gone for good.
            let gone = |s: &Option<String>| s.as_ref().is_some_and(|s| !live_frames.contains(s));
            self.documents.retain(|d, _| d.tab != tab || !gone(&d.session));
            self.retire(&|_, o| o.tab == tab && gone(&o.session));
        }
    }
}

thread_local! {
    static REFS: RefCell<Refs> = RefCell::new(Refs { next: 1, ..Default::default() });
}

/// The number the page agent gives the next new element.
pub fn next() -> u64 {
    REFS.with(|r| r.borrow().next.max(1))
}

/// Records what a read handed out.
pub fn record(at: &Debuggee, generation: u64, next: u64, nodes: &[Node]) {
    let live_frames: Vec<String> = if at.session.is_none() { crate::cdp::children(at.tab).into_iter().map(|c| c.session).collect() } else { Vec::new() };
    REFS.with(|r| record_in(&mut r.borrow_mut(), at, generation, next, nodes, &live_frames));
}

/// Takes note of the refs a page call handed out, given its answer (whose `next` says up to
/// where), so no other document is given the same numbers.
pub fn record_answer(at: &Debuggee, generation: u64, answer: &serde_json::Value) {
    let Some(next) = answer["next"].as_u64() else { return };
    // The refs it handed out belong to this document (a message that names one lets Claude act
    // on it), known by number only.
    let handed: Vec<Node> = (self::next()..next).take(1_000).map(|id| Node { r#ref: Some(id), ..Default::default() }).collect();
    record(at, generation, next, &handed);
}

fn record_in(r: &mut Refs, at: &Debuggee, generation: u64, next: u64, nodes: &[Node], live_frames: &[String]) {
    let (tab, session) = (at.tab, at.session.clone());
    r.saw_document(at, generation, live_frames);
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
    if r.owners.len() > KEPT {
        let cut = r.next.saturating_sub(KEPT as u64 / 2);
        r.retire(&|id, o| id < cut && o.tab == tab);
    }
}

/// Where ref `id` came from. A ref of a document that is gone answers with its tab and a
/// generation no document has, so it reads as stale (or as a closed tab's).
pub fn owner(id: u64) -> Option<Owner> {
    REFS.with(|r| owner_in(&r.borrow(), id))
}

fn owner_in(r: &Refs, id: u64) -> Option<Owner> {
    if let Some(o) = r.owners.get(&id) {
        return Some(o.clone());
    }
    let run = r.retired.iter().rev().find(|run| run.first <= id && id <= run.last)?;
    Some(Owner { tab: run.tab, session: None, generation: 0, role: String::new(), name: String::new() })
}

/// Forgets a closed tab's refs, keeping runs of their numbers.
pub fn forget_tab(tab: i32) {
    REFS.with(|r| {
        let mut r = r.borrow_mut();
        r.documents.retain(|d, _| d.tab != tab);
        r.retire(&|_, o| o.tab == tab);
    });
}

/// How many refs are kept whole, and how many runs of retired ones (for tests and figures).
pub fn kept() -> (usize, usize) {
    REFS.with(|r| {
        let r = r.borrow();
        (r.owners.len(), r.retired.len())
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn nodes(ids: std::ops::Range<u64>) -> Vec<Node> {
        ids.map(|id| Node { r#ref: Some(id), role: Some("button".into()), name: Some(format!("b{id}")), ..Default::default() }).collect()
    }

    #[test]
    fn documents_left_behind_keep_only_runs_of_numbers() {
        let mut r = Refs { next: 1, ..Default::default() };
        let tab = Debuggee::tab(1);
        // 1,000 navigations of a page with 100 refs.
        let mut next = 1;
        for generation in 1..=1000u64 {
            record_in(&mut r, &tab, generation, next + 100, &nodes(next..next + 100), &[]);
            next += 100;
        }
        assert_eq!(r.owners.len(), 200, "the current and the previous document");
        assert_eq!(r.retired.len(), 998, "one run per document left behind");
        assert_eq!(r.documents[&tab].len(), 2);
        // The previous document's refs keep their names, for a suggestion.
        assert_eq!(owner_in(&r, next - 150).map(|o| (o.generation, o.name)), Some((999, format!("b{}", next - 150))));
        // An older one still says which tab it came from, with a generation no document has.
        assert_eq!(owner_in(&r, 5).map(|o| (o.tab, o.generation, o.name)), Some((1, 0, String::new())));
        assert_eq!(owner_in(&r, next + 5), None, "never handed out");
    }

    #[test]
    fn frames_that_are_gone_and_closed_tabs_are_retired() {
        let mut r = Refs { next: 1, ..Default::default() };
        let main = Debuggee::tab(1);
        let frame = Debuggee { tab: 1, session: Some("s1".into()) };
        let other = Debuggee::tab(2);
        record_in(&mut r, &main, 1, 11, &nodes(1..11), &["s1".into()]);
        record_in(&mut r, &frame, 2, 21, &nodes(11..21), &[]);
        record_in(&mut r, &other, 3, 31, &nodes(21..31), &[]);
        assert_eq!(r.owners.len(), 30);
        // The main document changes and the frame's session is gone.
        record_in(&mut r, &main, 4, 41, &nodes(31..41), &[]);
        assert!(owner_in(&r, 15).is_some_and(|o| o.generation == 0 && o.tab == 1), "the frame's refs are retired");
        assert!(!r.documents.contains_key(&frame));
        assert_eq!(owner_in(&r, 5).map(|o| o.generation), Some(1), "the previous main document is kept whole");
        let mut closed = Refs { next: 1, ..Default::default() };
        std::mem::swap(&mut closed, &mut r);
        REFS.with(|cell| *cell.borrow_mut() = closed);
        forget_tab(2);
        REFS.with(|cell| {
            let r = cell.borrow();
            assert!(r.owners.values().all(|o| o.tab == 1));
            assert_eq!(owner_in(&r, 25).map(|o| (o.tab, o.generation)), Some((2, 0)), "a closed tab's ref still names its tab");
            assert!(!r.documents.keys().any(|d| d.tab == 2));
        });
        let _ = r;
    }

    #[test]
    fn retired_runs_are_bounded() {
        let mut r = Refs { next: 1, ..Default::default() };
        // Two tabs read in turn: their numbers interleave, so each document leaves its own run.
        for generation in 1..=(RETIRED_RUNS as u64 + 100) {
            let tab = Debuggee::tab((generation % 2) as i32);
            let first = generation * 3;
            record_in(&mut r, &tab, generation, first + 3, &nodes(first..first + 3), &[]);
        }
        assert!(r.retired.len() <= RETIRED_RUNS);
        assert_eq!(r.owners.len(), 4 * 3);
    }

    #[test]
    fn one_document_that_keeps_redrawing_keeps_a_bounded_number_of_refs() {
        let mut r = Refs { next: 1, ..Default::default() };
        let tab = Debuggee::tab(1);
        // 500 reads of one document, each handing out 500 new refs; another tab read once.
        let other = Debuggee::tab(2);
        record_in(&mut r, &other, 3, 11, &nodes(1..11), &[]);
        for read in 0..500u64 {
            let first = 11 + read * 500;
            record_in(&mut r, &tab, 7, first + 500, &nodes(first..first + 500), &[]);
            assert!(r.owners.len() <= KEPT, "{} kept whole after read {read}", r.owners.len());
        }
        let last = 10 + 500 * 500;
        assert_eq!(owner_in(&r, last).map(|o| (o.generation, o.name)), Some((7, format!("b{last}"))), "the newest are kept whole");
        assert_eq!(owner_in(&r, 11).map(|o| (o.tab, o.generation)), Some((1, 0)), "the oldest still name their tab");
        assert_eq!(owner_in(&r, 5).map(|o| (o.tab, o.generation)), Some((2, 3)), "another tab's are kept whole");
    }
}
