//! A page whose own scripts keep its main thread busy (a loop, a very long task) answers nothing
//! that needs that thread: reading it, capturing it, input to it, and even a navigation to its own
//! site, which commits in the same process. A call waiting on such a page is cut off with an
//! error that says so after a few seconds, instead of at the bridge's call timeout.

use futures::future::{select, Either};

use crate::{cdp, chrome, state};

/// How long a call runs before the page is checked at all (unless the call says otherwise).
pub const FIRST_CHECK_MS: i32 = 3_000;
/// How long the page has to answer a trivial question before it counts as not responding.
const ANSWER_MS: i32 = 3_000;
/// Between two checks while the call goes on.
const CHECK_EVERY_MS: i32 = 1_000;

/// Runs `work` on `tab`. Once it has taken `patience` milliseconds, the page is asked a trivial
/// question now and then; when one goes unanswered, the call ends with the error that explains it.
pub async fn guard<T, F>(tab: i32, member: &str, patience: i32, work: F) -> Result<T, String>
where
    F: std::future::Future<Output = Result<T, String>>,
{
    let watch = async {
        chrome::sleep(patience).await;
        loop {
            if !answers(tab).await {
                return not_responding(tab, member, patience + ANSWER_MS);
            }
            chrome::sleep(CHECK_EVERY_MS).await;
        }
    };
    match select(Box::pin(work), Box::pin(watch)).await {
        Either::Left((done, _)) => done,
        Either::Right((error, _)) => Err(error),
    }
}

/// Whether the page's main thread answers a trivial evaluation in time. An error counts as an
/// answer (a document being replaced is not a page stuck in a script).
async fn answers(tab: i32) -> bool {
    let probe = cdp::Evaluate { expression: "0", context_id: None, return_by_value: true, await_promise: false, timeout: None, object_group: None };
    let asked = cdp::send(tab, &probe);
    let answered = matches!(select(Box::pin(asked), Box::pin(chrome::sleep(ANSWER_MS))).await, Either::Left(_));
    answered
}

fn not_responding(tab: i32, member: &str, waited_ms: i32) -> String {
    format!(
        "The page in {} is not responding: its own scripts have kept it busy for over {} seconds (a script stuck in a loop or a very long task), so {member} could not finish, and whether it took effect is unknown. Reading, screenshots, input and navigating within its site wait until it recovers. close_tab closes it (new_tab opens another), a navigate to another site leaves it, or wait and try again.",
        state::tab_name(tab),
        waited_ms / 1000
    )
}
