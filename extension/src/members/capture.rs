//! screenshot and zoom, and the screenshot frame every coordinate is expressed in.
//!
//! Screenshots are downscaled so their long edge is at most 1568 px and their area about
//! 1.15 megapixels. The factor is kept per tab, and coordinates Claude sends are mapped back
//! through it before dispatch.

use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::Value;
use tabwright_protocol::input::Point;
use tabwright_protocol::wire::Outcome;

use super::number;
use crate::cdp;
use crate::state;

/// The longest screenshot edge, in pixels.
pub const MAX_EDGE: f64 = 1568.0;
/// The largest screenshot area, in pixels.
pub const MAX_AREA: f64 = 1_150_000.0;
/// The encoding screenshots use (chosen by measurement; see BENCHMARKS.md).
pub const FORMAT: (&str, &str, Option<u32>) = ("jpeg", "image/jpeg", Some(80));

thread_local! {
    /// The viewport each tab's last screenshot showed, with its factor.
    static SHOWN: RefCell<HashMap<i32, View>> = RefCell::new(HashMap::new());
    /// Tabs whose viewport changed size since their last screenshot.
    static RESIZED: RefCell<std::collections::HashSet<i32>> = RefCell::new(std::collections::HashSet::new());
    /// The viewport each tab's points were last mapped with when it had no screenshot, until it
    /// changes size.
    static READ: RefCell<HashMap<i32, View>> = RefCell::new(HashMap::new());
    /// Each tab's page zoom, with the device pixel ratio it was read at.
    static ZOOM: RefCell<HashMap<i32, (f64, f64)>> = RefCell::new(HashMap::new());
    /// The document (its generation) of each tab whose PDF the viewer is known to have drawn.
    static PDF_DRAWN: RefCell<HashMap<i32, u64>> = RefCell::new(HashMap::new());
}

/// A tab's debugger events: a main frame that changed size (the window was resized, DevTools
/// docked) no longer has the bounds of the screenshot Claude read.
pub fn on_event(tab: i32, method: &str) {
    if method == "Page.frameResized" {
        mark_resized(tab);
    }
}

/// Image pixels per CSS pixel for a viewport of this size.
pub fn factor_for(css_w: f64, css_h: f64) -> f64 {
    if css_w <= 0.0 || css_h <= 0.0 {
        return 1.0;
    }
    let mut f = 1.0_f64.min(MAX_EDGE / css_w.max(css_h)).min((MAX_AREA / (css_w * css_h)).sqrt());
    // The image's size is rounded to whole pixels; the rounded size must fit too.
    while ((css_w * f).round() * (css_h * f).round() > MAX_AREA || (css_w.max(css_h) * f).round() > MAX_EDGE) && f > 0.01 {
        f *= 0.999;
    }
    f
}

/// The viewport as screenshots show it.
#[derive(Clone, Copy, Debug)]
pub struct View {
    pub page_x: f64,
    pub page_y: f64,
    pub css_w: f64,
    pub css_h: f64,
    /// Device pixels per CSS pixel.
    pub dpr: f64,
    /// Image pixels per CSS pixel.
    pub factor: f64,
}

impl View {
    pub fn img_w(&self) -> u32 {
        (self.css_w * self.factor).round() as u32
    }
    pub fn img_h(&self) -> u32 {
        (self.css_h * self.factor).round() as u32
    }
}

/// The tab's viewport now, with the factor its screenshots use, and the device pixel ratio.
pub async fn view(tab: i32) -> Result<View, String> {
    Ok(read_view(tab, None).await?.0)
}

/// What a capture hides of the overlay: all of it, or only what lies in a rectangle of the
/// viewport (CSS pixels).
enum Hide {
    All,
    Over([f64; 4]),
}

/// The viewport; with `hide`, the overlay is hidden in the same call (before a capture), and
/// whether it was.
async fn read_view(tab: i32, hide: Option<Hide>) -> Result<(View, bool), String> {
    // One evaluation in the page answers all of it. The viewport is the window's, scrollbars
    // included, as a capture of it shows them: every screenshot of a tab has the same size, on
    // pages that scroll and pages that do not, and each of its points can be pressed (on a
    // scrollbar, as a person would).
    let hidden = match hide {
        None => "false".to_string(),
        Some(Hide::All) => "__tabwright.hideOverlay()".to_string(),
        Some(Hide::Over([x, y, w, h])) => format!("__tabwright.hideOverlay({x}, {y}, {w}, {h})"),
    };
    let expression = format!("[visualViewport.pageLeft, visualViewport.pageTop, innerWidth, innerHeight, devicePixelRatio, visualViewport.scale, document.contentType == 'application/pdf', {hidden}]");
    let unreadable = |e: String| format!("unreadable viewport: {e}");
    let mut was_hidden = false;
    let mut unpinched = false;
    let (page_x, page_y, css_w, css_h, dpr) = loop {
        let (value, generation) = crate::page::call(tab, &expression).await?;
        let (n, pdf, hidden): ([f64; 6], bool, bool) = match value.as_array().map(Vec::as_slice) {
            Some([n @ .., pdf, hidden]) => (serde_json::from_value(Value::Array(n.to_vec())).map_err(|e| unreadable(e.to_string()))?, pdf == true, hidden.as_bool().unwrap_or(true)),
            _ => return Err(unreadable(value.to_string())),
        };
        was_hidden |= hidden;
        // Before a capture.
        if pdf && hide.is_some() {
            pdf_drawn(tab, generation).await;
        }
        let [page_x, page_y, css_w, css_h, dpr, pinch] = n;
        // A page the person pinch-zoomed shows a part of its viewport magnified, and input goes
        // to points of that part: it is set back to its normal scale, once, so that screenshots
        // and points are of the whole viewport, as everything else takes them to be.
        if (pinch - 1.0).abs() < 0.001 {
            break (page_x, page_y, css_w, css_h, dpr);
        }
        if unpinched {
            return Err(STAYS_PINCHED.into());
        }
        cdp::unpinch(tab).await?;
        unpinched = true;
    };
    let hidden = was_hidden;
    let factor = known_view(tab).map(|v| v.factor).unwrap_or_else(|| factor_for(css_w, css_h));
    Ok((View { page_x, page_y, css_w, css_h, dpr: if dpr > 0.0 { dpr } else { 1.0 }, factor }, hidden))
}

/// Maps a point in screenshot pixels to CSS pixels, refusing points outside the viewport: the
/// viewport as it was last read for the tab, while it has not changed size since.
pub async fn to_css(tab: i32, p: Point) -> Result<(f64, f64), String> {
    if let Some(v) = READ.with(|r| r.borrow().get(&tab).copied()) {
        return point_in(p, &v);
    }
    let v = view(tab).await?;
    READ.with(|r| r.borrow_mut().insert(tab, v));
    point_in(p, &v)
}

/// The viewport the tab's last screenshot showed, if it had one: Claude's coordinates are points
/// of that image.
pub fn known_view(tab: i32) -> Option<View> {
    SHOWN.with(|f| f.borrow().get(&tab).copied())
}

/// A screenshot point in CSS pixels: checked against the viewport of the screenshot Claude
/// looked at, with no call to the page unless the viewport changed size since; without a
/// screenshot, against the viewport now.
pub async fn css_point(tab: i32, p: Point) -> Result<(f64, f64), String> {
    let Some(shown) = known_view(tab) else { return to_css(tab, p).await };
    if !RESIZED.with(|r| r.borrow().contains(&tab)) {
        return point_in(p, &shown);
    }
    let now = view(tab).await?;
    let checked = still_valid(p, &shown, now.css_w, now.css_h, Some(now.dpr));
    if now_same(&shown, now.css_w, now.css_h, Some(now.dpr)) {
        // Back to the screenshot's size.
        RESIZED.with(|r| r.borrow_mut().remove(&tab));
    }
    checked
}

/// Widths within this many CSS pixels count as the same (a scrollbar coming or going).
const SAME_WIDTH: f64 = 20.0;

fn now_same(shown: &View, w: f64, h: f64, dpr: Option<f64>) -> bool {
    (w - shown.css_w).abs() < 1.0 && (h - shown.css_h).abs() < 1.0 && dpr.is_none_or(|d| (d - shown.dpr).abs() < 0.01)
}

/// A point of the last screenshot (`shown`), for a viewport that is now `w`×`h` CSS pixels (and
/// `dpr` device pixels each, when known). A point outside that screenshot is refused as always.
/// When the width or the zoom changed, the page's layout may have moved under every point: all
/// are refused until a new screenshot. When only the height changed (a bar, a docked panel),
/// the points still inside are where they were.
pub fn still_valid(p: Point, shown: &View, w: f64, h: f64, dpr: Option<f64>) -> Result<(f64, f64), String> {
    let css = point_in(p, shown)?;
    if now_same(shown, w, h, dpr) {
        return Ok(css);
    }
    let now = View { css_w: w, css_h: h, ..*shown };
    let size = format!("{}×{}", now.img_w(), now.img_h());
    let moved = (w - shown.css_w).abs() >= SAME_WIDTH || dpr.is_some_and(|d| (d - shown.dpr).abs() >= 0.01);
    if moved {
        return Err(format!(
            "The viewport changed size after the last screenshot (the window was resized or zoomed; it is now {size} pixels in that screenshot's coordinates), so what was at ({}, {}) may have moved, and nothing was done. Take a new screenshot and use its coordinates.",
            number(p.x),
            number(p.y)
        ));
    }
    point_in(p, &now).map_err(|_| {
        format!(
            "The viewport changed size after the last screenshot (it is now {size} pixels in that screenshot's coordinates), and ({}, {}) is outside it, so nothing was done. Take a new screenshot and use its coordinates.",
            number(p.x),
            number(p.y)
        )
    })
}

/// A tab whose debugger was detached may have changed size unheard (the debugging bar alone
/// changes it): its next coordinate is checked against the viewport as it is then.
pub fn mark_resized(tab: i32) {
    RESIZED.with(|r| r.borrow_mut().insert(tab));
    READ.with(|r| r.borrow_mut().remove(&tab));
    ZOOM.with(|z| z.borrow_mut().remove(&tab));
    PDF_DRAWN.with(|d| d.borrow_mut().remove(&tab));
}

/// A screenshot point in CSS pixels of a viewport, refused when outside it.
pub fn point_in(p: Point, v: &View) -> Result<(f64, f64), String> {
    let (w, h) = (v.img_w() as f64, v.img_h() as f64);
    if p.x < 0.0 || p.y < 0.0 || p.x >= w || p.y >= h {
        return Err(format!(
            "The point ({}, {}) is outside the viewport, which is {}×{} pixels in screenshot coordinates. Scroll to bring the target into view, or use a point inside.",
            number(p.x),
            number(p.y),
            v.img_w(),
            v.img_h()
        ));
    }
    Ok((p.x / v.factor, p.y / v.factor))
}

/// The viewport, with the overlay hidden for a capture (of `region`, CSS pixels of the
/// viewport, when known): screenshots show the page, never tabwright's own UI. What was hidden
/// is shown again by [`after_capture`].
async fn view_for_capture(tab: i32, region: Option<[f64; 4]>) -> Result<(View, bool), String> {
    let hide = crate::policy::current().overlay.then(|| region.map_or(Hide::All, Hide::Over));
    read_view(tab, hide).await
}

/// Shows the overlay again after a capture that hid it. Not waited for: the next command to the
/// tab queues behind it, so nothing acts on the page before it is back.
fn after_capture(tab: i32, hidden: bool) {
    if hidden {
        crate::page::overlay_soon(tab);
    }
}

/// A page the person pinch-zoomed that stays so after it was set back.
pub const STAYS_PINCHED: &str = "The page stayed pinch-zoomed after it was set back to its normal scale, so what it shows and where could not be known, and nothing was done. Ask the person to undo the pinch zoom.";

/// The browser's zoom of the tab's page (its zoom setting, Ctrl + and −), the browser's own
/// pixels per CSS pixel; 1 when it cannot be read. `devicePixelRatio` is that zoom times the
/// screen's own scale, so the zoom is read again only when the ratio changes.
async fn page_zoom(tab: i32, dpr: f64) -> f64 {
    if let Some((at, zoom)) = ZOOM.with(|z| z.borrow().get(&tab).copied()) {
        if at == dpr {
            return zoom;
        }
    }
    let Ok(zoom) = cdp::page_zoom(tab).await else { return 1.0 };
    let zoom = zoom.filter(|z| z.is_finite() && *z > 0.0).unwrap_or(1.0);
    ZOOM.with(|z| z.borrow_mut().insert(tab, (dpr, zoom)));
    zoom
}

async fn capture(tab: i32, v: &View, x: f64, y: f64, w: f64, h: f64, out_per_css: f64) -> Result<String, String> {
    let dpr = v.dpr;
    let zoom = page_zoom(tab, dpr).await;
    let (format, _, quality) = FORMAT;
    shoot(
        tab,
        &cdp::CaptureClip {
            format,
            quality,
            // The clip is in the browser's own pixels (CSS pixels times the page's zoom), and
            // its scale multiplies the device pixels of each CSS pixel.
            clip: cdp::Clip { x: (v.page_x + x) * zoom, y: (v.page_y + y) * zoom, width: w * zoom, height: h * zoom, scale: out_per_css / dpr },
            from_surface: true,
            capture_beyond_viewport: false,
        },
    )
    .await
}

/// The browser can fail a capture while the view is between frames (a document committing, a
/// loaded machine): it is tried twice more, a tenth of a second apart, before the failure is
/// said.
async fn shoot<C: cdp::Command<Response = cdp::Screenshot>>(tab: i32, command: &C) -> Result<String, String> {
    let mut left = 2;
    loop {
        match cdp::send(tab, command).await {
            Ok(shot) => return Ok(shot.data),
            Err(e) if left > 0 && e.to_string().contains("Unable to capture") => {
                left -= 1;
                crate::chrome::sleep(100).await;
            }
            Err(e) => return Err(format!("Could not capture {}: {e}", state::tab_name(tab))),
        }
    }
}

pub async fn screenshot(tab_id: Option<&str>) -> Result<Outcome, String> {
    let tab = state::resolve_tab(tab_id).await?;
    let (mut v, hidden) = view_for_capture(tab, None).await?;
    // Each screenshot fixes the frame later coordinates are read in.
    v.factor = factor_for(v.css_w, v.css_h);
    SHOWN.with(|f| f.borrow_mut().insert(tab, v));
    RESIZED.with(|r| r.borrow_mut().remove(&tab));
    let data = if v.factor == 1.0 && v.dpr == 1.0 {
        // Device pixels are already screenshot pixels: the plain viewport capture is the image.
        let (format, _, quality) = FORMAT;
        shoot(tab, &cdp::CaptureViewport { format, quality }).await
    } else {
        capture(tab, &v, 0.0, 0.0, v.css_w, v.css_h, v.factor).await
    };
    after_capture(tab, hidden);
    Ok(Outcome::Image { media_type: FORMAT.1.into(), data: data? })
}

/// The browser's PDF viewer draws a document's pages a moment after the tab's load, and shows
/// its empty frame a while before: the first capture of each PDF (by the tab's `generation` of
/// documents) waits for the load, then until what the tab shows holds still (four rough
/// captures a tenth of a second apart alike, three seconds at most: on a busy machine the
/// viewer's empty frame held still for three).
pub async fn pdf_drawn(tab: i32, generation: u64) {
    if PDF_DRAWN.with(|d| d.borrow().get(&tab) == Some(&generation)) {
        return;
    }
    super::tabs::until(tab, js_sys::Date::now() + 10_000.0, 50, super::tabs::loaded).await;
    let (mut last, mut alike) = (String::new(), 0);
    for _ in 0..30 {
        let Ok(shot) = cdp::send(tab, &cdp::CaptureViewport { format: "jpeg", quality: Some(10) }).await else { break };
        alike = if shot.data == last { alike + 1 } else { 0 };
        if alike == 3 {
            break;
        }
        last = shot.data;
        crate::chrome::sleep(100).await;
    }
    PDF_DRAWN.with(|d| d.borrow_mut().insert(tab, generation));
}

/// The long edge of a zoomed image, in pixels.
const ZOOM_EDGE: f64 = 1024.0;
/// The most a zoom magnifies a CSS pixel.
const ZOOM_MAX: f64 = 8.0;

pub async fn zoom(region: &[f64], tab_id: Option<&str>) -> Result<Outcome, String> {
    let tab = state::resolve_tab(tab_id).await?;
    // The region in CSS pixels, when a screenshot has fixed the factor: the overlay is hidden
    // only when it shows there, since every change to the page makes a magnified capture draw
    // the region again.
    let css = match (known_view(tab), region) {
        (Some(k), [x0, y0, x1, y1]) => Some([x0 / k.factor, y0 / k.factor, (x1 - x0) / k.factor, (y1 - y0) / k.factor]).filter(|r| r.iter().all(|v| v.is_finite())),
        _ => None,
    };
    let (v, hidden) = view_for_capture(tab, css).await?;
    let shot = zoom_in(tab, &v, region).await;
    after_capture(tab, hidden);
    Ok(Outcome::Image { media_type: FORMAT.1.into(), data: shot? })
}

async fn zoom_in(tab: i32, v: &View, region: &[f64]) -> Result<String, String> {
    let [x0, y0, x1, y1] = region else {
        return Err("zoom region must be [x0, y0, x1, y1]".into());
    };
    let (w, h) = (v.img_w() as f64, v.img_h() as f64);
    if *x1 > w || *y1 > h {
        return Err(format!(
            "The region [{}, {}, {}, {}] reaches outside the viewport, which is {}×{} pixels in screenshot coordinates.",
            number(*x0),
            number(*y0),
            number(*x1),
            number(*y1),
            v.img_w(),
            v.img_h()
        ));
    }
    if x1 - x0 < 4.0 || y1 - y0 < 4.0 {
        return Err("The zoom region must be at least 4×4 pixels.".into());
    }
    let (cx, cy, cw, ch) = (x0 / v.factor, y0 / v.factor, (x1 - x0) / v.factor, (y1 - y0) / v.factor);
    let scale = (ZOOM_EDGE / cw.max(ch)).min(ZOOM_MAX).max(v.factor);
    capture(tab, v, cx, cy, cw, ch, scale).await
}

/// Forgets a closed tab's screenshot viewport.
pub fn forget(tab: i32) {
    SHOWN.with(|f| f.borrow_mut().remove(&tab));
    RESIZED.with(|r| r.borrow_mut().remove(&tab));
    READ.with(|r| r.borrow_mut().remove(&tab));
    ZOOM.with(|z| z.borrow_mut().remove(&tab));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_after_a_resize_are_checked_against_the_viewport_now() {
        let shown = View { page_x: 0.0, page_y: 0.0, css_w: 1280.0, css_h: 657.0, dpr: 1.0, factor: 1.0 };
        let p = |x: f64, y: f64| Point { x, y };
        assert_eq!(still_valid(p(100.0, 100.0), &shown, 1280.0, 657.0, Some(1.0)), Ok((100.0, 100.0)));
        // Outside the screenshot itself: the usual refusal.
        assert!(still_valid(p(1300.0, 10.0), &shown, 1280.0, 657.0, None).unwrap_err().contains("Scroll to bring"));
        // Narrower or zoomed: every point may have moved.
        for (w, dpr) in [(700.0, Some(1.0)), (1280.0, Some(1.25))] {
            assert!(still_valid(p(100.0, 100.0), &shown, w, 657.0, dpr).unwrap_err().contains("may have moved"), "{w} {dpr:?}");
        }
        // A scrollbar's width, or only a shorter viewport: points inside stay.
        assert_eq!(still_valid(p(100.0, 100.0), &shown, 1265.0, 657.0, None), Ok((100.0, 100.0)));
        assert_eq!(still_valid(p(100.0, 100.0), &shown, 1280.0, 457.0, None), Ok((100.0, 100.0)));
        assert!(still_valid(p(100.0, 600.0), &shown, 1280.0, 457.0, None).unwrap_err().contains("1280×457"));
        // A huge point is said short.
        let far = point_in(p(1e308, 20.5), &shown).unwrap_err();
        assert!(far.starts_with("The point (1e+308, 20.5) is outside the viewport"), "{far}");
    }

    #[test]
    fn factors_fit_the_image_limits() {
        assert_eq!(factor_for(1280.0, 657.0), 1.0);
        for (w, h) in [(1920.0, 1080.0), (2000.0, 1257.0), (1600.0, 1200.0), (3840.0, 2160.0)] {
            let f = factor_for(w, h);
            assert!((w * f).round() <= MAX_EDGE && (w * f).round() * (h * f).round() <= MAX_AREA, "{w}×{h} at {f}");
        }
        let f = factor_for(3000.0, 400.0);
        assert!((3000.0 * f).round() <= MAX_EDGE);
        assert_eq!(factor_for(0.0, 10.0), 1.0);
    }
}
