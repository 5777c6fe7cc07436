//! Where a pointer member acts: its target (a ref's element or a point of the screenshot)
//! resolved to a point in the tab's CSS pixels, through the frames it lies in, with what the
//! page shows there.

use serde::Deserialize;
use tabwright_protocol::input::Target;

use super::pointer::{buttons, inventory_shown, mouse, relist_unless_shown};
use super::{capture, reading};
use crate::cdp::{self, Debuggee};
use crate::{page, refs};

/// A resolved target: a point in the tab's CSS pixels, and what it hits.
pub struct Spot {
    pub x: f64,
    pub y: f64,
    /// What is there, for the acknowledgement ("button "Save" (ref_3)").
    pub what: Option<String>,
    /// A ref's control that the page disabled, named: a click there does nothing.
    pub disabled: Option<String>,
    /// The ref aimed at, when the tab's own page agent holds it (not another site's frame).
    pub aimed: Option<u64>,
    /// The frame of another site whose agent holds the ref aimed at.
    pub frame: Option<Debuggee>,
}

#[derive(Deserialize)]
struct PointFor {
    #[serde(default)]
    x: f64,
    #[serde(default)]
    y: f64,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    covered: Option<String>,
    #[serde(default)]
    what: Option<String>,
    #[serde(default)]
    disabled: bool,
    /// The point is over a box whose hover shows the element, which is hidden until then.
    #[serde(default)]
    hover: bool,
    /// The person pinch-zoomed the page: nothing was looked for.
    #[serde(default)]
    pinched: bool,
    /// The agent's own words for an error (`renamed`).
    #[serde(default)]
    told: Option<String>,
}

/// One step from an out-of-process frame out to the document that holds it: that document's
/// session and the frame's element there.
pub(super) struct Hop {
    pub(super) holder: Debuggee,
    pub(super) owner: i64,
}

/// The steps from a frame of another site out to the tab's own document, innermost first.
pub(super) async fn frame_hops(at: &Debuggee) -> Result<Vec<Hop>, String> {
    let mut hops = Vec::new();
    let mut session = at.session.clone();
    // Frames nest only so deep; a loop in what the browser told is not followed forever.
    for _ in 0..16 {
        let Some(current) = session else {
            return Ok(hops);
        };
        let child = cdp::children(at.tab).into_iter().find(|c| c.session == current).ok_or("the frame is gone")?;
        let holder = Debuggee { tab: at.tab, session: child.parent.clone() };
        let owner = cdp::send_to(&holder, &cdp::GetFrameOwner { frame_id: &child.target_id }).await.map_err(|e| e.to_string())?;
        hops.push(Hop { holder, owner: owner.backend_node_id });
        session = child.parent;
    }
    Err("the frames nest too deep to be reached".into())
}

impl Hop {
    /// The frame element's box in its document's viewport: where its content and its border
    /// begin, in CSS pixels, and how many of them one of the frame's own takes (a transform's
    /// scale or CSS zoom around it).
    async fn origins(&self) -> Result<((f64, f64), (f64, f64), f64), String> {
        let model = cdp::send_to(&self.holder, &cdp::GetBoxModel { backend_node_id: self.owner }).await.map_err(|e| e.to_string())?.model;
        let (content, border) = (&model.content, if model.border.len() >= 4 { &model.border } else { &model.content });
        if content.len() < 2 || border.len() < 4 {
            return Err("the frame has no box".into());
        }
        // (Chromium lays the width out in whole pixels: within 1% is no scale, as the page agent
        // takes it; a rotated frame's quad says none.)
        let scale = Some((border[2] - border[0]) / model.width).filter(|s| *s > 0.0 && (s - 1.0).abs() >= 0.01 && s.is_finite()).unwrap_or(1.0);
        Ok(((content[0], content[1]), (border[0], border[1]), scale))
    }
}

/// A point of an out-of-process frame's viewport as a point of the tab's: through its box in
/// the document that holds it, and that document's own when it is such a frame too.
async fn to_tab(at: &Debuggee, (mut x, mut y): (f64, f64)) -> Result<(f64, f64), String> {
    for hop in frame_hops(at).await? {
        let ((cx, cy), _, s) = hop.origins().await?;
        (x, y) = (cx + s * x, cy + s * y);
    }
    Ok((x, y))
}

/// A point in a frame of another site's viewport, as a point of the tab's: each document out
/// from it scrolled until the point is in its view (the frame's own scroll does not move the
/// page around it), and checked to show the frame there, not something laid over it (the
/// frame's own hit test cannot see the page around it). `Err(Ok(cover))` names what covers it;
/// `Err(Err(e))`, why the point could not be brought into view.
async fn through_frames(at: &Debuggee, (x, y): (f64, f64)) -> Result<(f64, f64), Result<String, String>> {
    let (mut x, mut y) = (x, y);
    for hop in frame_hops(at).await.map_err(Err)? {
        let mut scrolled = false;
        loop {
            let ((cx, cy), (bx, by), s) = hop.origins().await.map_err(Err)?;
            let (hx, hy) = (cx + s * x, cy + s * y);
            let (seen, _) = page::call_in(&hop.holder, &format!("__tabwright.frameAt({hx}, {hy}, {x}, {y})")).await.map_err(Err)?;
            if let Some(cover) = seen["covered"].as_str() {
                return Err(Ok(fold(cover)));
            }
            if seen["shown"] == true {
                (x, y) = (hx, hy);
                break;
            }
            if std::mem::replace(&mut scrolled, true) {
                return Err(Err("its frame could not be scrolled into view".into()));
            }
            let rect = cdp::Rect { x: hx - bx, y: hy - by, width: 1.0, height: 1.0 };
            cdp::send_to(&hop.holder, &cdp::ScrollIntoViewIfNeeded { backend_node_id: hop.owner, rect }).await.map_err(|e| Err(e.to_string()))?;
            // The browser sends input to the frame where its last drawn frame had it.
            let _ = page::call_in(&hop.holder, "__tabwright.frames(2)").await;
        }
    }
    Ok((x, y))
}

/// Where a target is: a coordinate mapped from screenshot pixels, or a ref scrolled into view
/// and hit-tested.
pub async fn spot(tab: i32, target: &Target) -> Result<Spot, String> {
    match target {
        Target::Coordinate { x, y } => Ok(look_at(tab, tabwright_protocol::input::Point { x: *x, y: *y }).await?.0),
        Target::Ref { reference } => ref_spot(tab, reference, false).await,
    }
}

/// What is at a screenshot point, the overlay's marker put there, and the viewport, in one call
/// to the page, with the page's title and address (for [`state::shows_answer`]).
async fn look_at(tab: i32, point: tabwright_protocol::input::Point) -> Result<(Spot, serde_json::Value), String> {
    let at = |cx: f64, cy: f64| async move {
        let overlay = crate::policy::current().overlay;
        let expression = format!("Object.assign(__tabwright.pointerAt({cx}, {cy}, {}, {overlay}), {{ title: document.title, url: location.href }})", refs::next());
        let (found, generation) = page::call(tab, &expression).await?;
        refs::record_answer(&Debuggee::tab(tab), generation, &found);
        Ok::<_, String>(found)
    };
    // With the factor of the screenshot Claude looked at, the point is checked against the
    // viewport that call reads; without one, the viewport is read first.
    let (css, found) = match capture::known_view(tab) {
        Some(shown) => {
            let found = at(point.x / shown.factor, point.y / shown.factor).await?;
            let size = |k: &str| found["view"][k].as_f64().unwrap_or(0.0);
            (capture::still_valid(point, &shown, size("w"), size("h"), None)?, found)
        }
        None => {
            let (cx, cy) = capture::to_css(tab, point).await?;
            ((cx, cy), at(cx, cy).await?)
        }
    };
    let what = found.get("what").and_then(|w| w.as_str()).map(fold);
    Ok((Spot { x: css.0, y: css.1, what, disabled: None, aimed: None, frame: None }, found))
}

/// Moves the pointer to a target (`held`: the button a drag holds, or "none"). A point is
/// looked at after the move, in the call that also shows whether the move changed the page's
/// title or address (else the tabs need not be listed again); a ref is found first.
pub(super) async fn move_to(tab: i32, target: &Target, held: &'static str) -> Result<Spot, String> {
    match target {
        Target::Coordinate { x, y } => {
            let point = tabwright_protocol::input::Point { x: *x, y: *y };
            let css = capture::css_point(tab, point).await?;
            mouse(tab, "mouseMoved", css, held, buttons(tab), 0, 0).await?;
            let (spot, found) = look_at(tab, point).await?;
            moved_answer(tab, Ok((found, 0))).await;
            Ok(spot)
        }
        Target::Ref { .. } => {
            let spot = spot(tab, target).await?;
            mouse(tab, "mouseMoved", (spot.x, spot.y), held, buttons(tab), 0, 0).await?;
            // The page's title and address as what the move set off (a handler of mouseenter)
            // left them.
            moved_answer(tab, page::call_after_input(tab, "__tabwright.place()").await).await;
            Ok(spot)
        }
    }
}

/// The tabs as the page's answer after a move shows them, for the move's own result.
async fn moved_answer(tab: i32, answer: Result<(serde_json::Value, u64), String>) {
    relist_unless_shown(tab, &answer).await;
    if answer.is_ok() {
        inventory_shown(tab);
    }
}

/// Where a target is, without asking the page what is there beforehand: a coordinate needs no
/// call to the page once a screenshot fixed its frame; a ref is found as [`spot`] finds it.
/// Clicks say what their press reached afterwards ([`after_input`]), and a wheel says nothing.
/// `press`: a press follows, which the page may not turn onto another element (see the agent's
/// guardPress).
pub async fn aim(tab: i32, target: &Target, press: bool) -> Result<Spot, String> {
    match target {
        Target::Coordinate { x, y } => {
            let (cx, cy) = capture::css_point(tab, tabwright_protocol::input::Point { x: *x, y: *y }).await?;
            Ok(Spot { x: cx, y: cy, what: None, disabled: None, aimed: None, frame: None })
        }
        Target::Ref { reference } => ref_spot(tab, reference, press).await,
    }
}

/// A ref's element under something else at its middle.
fn covered(name: &str, cover: &str) -> String {
    format!("{name} is covered by {cover}, so nothing was clicked. Close or move what covers it first, or act on a coordinate.")
}

/// Page-supplied descriptions are folded to one bounded line before they reach Claude.
pub(super) fn fold(s: &str) -> String {
    tabwright_protocol::sanitize::line(s, 200)
}

/// A ref scrolled into view and hit-tested: the point to press, or why it cannot be pressed.
async fn ref_spot(tab: i32, reference: &str, press: bool) -> Result<Spot, String> {
    // The ref's owner is checked here; whether it is still on the page, by the hit test
    // itself (a stale one is then explained in full).
    let (at, id) = reading::locate_ref(tab, reference)?;
    let top = at.session.is_none() && crate::policy::current().overlay;
    let mut pointed = false;
    let mut unpinched = false;
    // A frame's agent cannot see the page's pinch zoom (another site's frame is walled off from
    // the top): it is asked of the page.
    if at.session.is_some() {
        if let Ok((scale, _)) = page::call(tab, "visualViewport.scale").await {
            if scale.as_f64().is_some_and(|s| (s - 1.0).abs() > 0.001) {
                cdp::unpinch(tab).await?;
                unpinched = true;
            }
        }
    }
    let mut p = loop {
        let (value, generation) = page::call_in(&at, &format!("__tabwright.pointFor({id}, {}, {top}, {pointed}, {press})", refs::next())).await?;
        refs::record_answer(&at, generation, &value);
        let p: PointFor = serde_json::from_value(value).map_err(|e| format!("unreadable hit test: {e}"))?;
        if p.pinched {
            // Set back to its normal scale (as a screenshot does), where the page's points are
            // the ones input goes to.
            if std::mem::replace(&mut unpinched, true) {
                return Err(capture::STAYS_PINCHED.into());
            }
            cdp::unpinch(tab).await?;
            continue;
        }
        if !p.hover || pointed {
            break p;
        }
        // Shown while the pointer is over a box around it (a row's actions, a menu's items):
        // the pointer goes there, as a person's does, and the element is looked for again.
        mouse(tab, "mouseMoved", to_tab(&at, (p.x, p.y)).await?, "none", buttons(tab), 0, 0).await?;
        pointed = true;
    };
    p.what = p.what.as_deref().map(fold);
    p.covered = p.covered.as_deref().map(fold);
    // The agent's description names the element with its ref (`combobox "Country" (ref_1)`);
    // one that names another (an ancestor's role) or none gets the ref Claude passed.
    let own = format!("(ref_{id})");
    let name = match p.what.clone() {
        Some(what) if what.ends_with(&own) => what,
        Some(what) => format!("ref_{id} ({what})"),
        None => format!("ref_{id}"),
    };
    match (p.error.as_deref(), p.covered) {
        (Some("stale"), _) => Err(reading::resolve_ref(tab, reference).await.err().unwrap_or_else(|| reading::stale(id, "the element was removed from the page"))),
        (Some("renamed"), _) => Err(tabwright_protocol::sanitize::line(p.told.as_deref().unwrap_or_default(), 1000)),
        (Some("invisible"), _) => Err(format!("{name} has no size on the page, so it cannot be clicked. It may be hidden; read_page shows what is visible.")),
        (Some("disabled"), _) => Err(format!("{name} is disabled (the page lets presses pass through it), so nothing was clicked.")),
        (Some(_), _) => Err(format!("{name} could not be brought into view.")),
        (None, Some(cover)) => Err(covered(&name, &cover)),
        (None, None) => {
            let (x, y) = match through_frames(&at, (p.x, p.y)).await {
                Ok(point) => point,
                Err(failed) => {
                    // (The frame's hit test found nothing wrong, so did not say what it is.)
                    let name = match page::call_in(&at, &format!("__tabwright.describeRef({id})")).await {
                        Ok((serde_json::Value::String(what), _)) if p.what.is_none() => fold(&what),
                        _ => name,
                    };
                    return Err(match failed {
                        Ok(cover) => covered(&name, &cover),
                        Err(e) => format!("{name} could not be brought into view: {e}."),
                    });
                }
            };
            let spot = Spot { x, y, what: None, disabled: p.disabled.then_some(name), aimed: at.session.is_none().then_some(id), frame: at.session.is_some().then(|| at.clone()) };
            // That frame tells of a chooser the press opens there on its own way.
            if let Some(session) = &at.session {
                super::chooser::frame_pressed(tab, session);
            }
            // A point inside another site's frame is marked in the tab's own overlay.
            if at.session.is_some() && crate::policy::current().overlay && !p.disabled {
                let _ = page::call(tab, &format!("__tabwright.inputStart({}, {}, null)", spot.x, spot.y)).await;
            }
            Ok(spot)
        }
    }
}
