//! Work under way that later callers join instead of starting again (an attach, an agent's
//! installation): one future per key, shared, forgotten when it ends.

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::thread::LocalKey;

use futures::future::{LocalBoxFuture, Shared};
use futures::FutureExt;

/// The work under way, by key.
pub type Pending<K, T> = RefCell<HashMap<K, Shared<LocalBoxFuture<'static, T>>>>;

/// Runs `work` for `key`, or joins the run already under way for it.
pub async fn join<K, T, F>(pending: &'static LocalKey<Pending<K, T>>, key: K, work: impl FnOnce() -> F) -> T
where
    K: Hash + Eq + Clone + 'static,
    T: Clone + 'static,
    F: Future<Output = T> + 'static,
{
    let under_way = pending.with(|p| p.borrow().get(&key).cloned());
    let shared = match under_way {
        Some(shared) => shared,
        None => {
            let run = work();
            let done = key.clone();
            let shared = async move {
                let out = run.await;
                pending.with(|p| p.borrow_mut().remove(&done));
                out
            }
            .boxed_local()
            .shared();
            pending.with(|p| p.borrow_mut().insert(key, shared.clone()));
            shared
        }
    };
    shared.await
}
