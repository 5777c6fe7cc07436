  // Why an element is not read: aria-hidden, drawing no ink, off the page, clipped or scrolled
  // away.

  // aria-hidden keeps what a box holds out of the reads, as a screen reader leaves it out,
  // unless a person can plainly act on it: a page that marks its whole app aria-hidden (a modal
  // library that left its mark behind) would read as empty while every control in it takes
  // clicks. Such a box holds a control in view whose middle a click reaches; the icons and
  // decorations marked aria-hidden inside controls hold none, and a page under an open modal
  // dialog's backdrop takes no click. Answered once per box in a read.
  let ariaHiddenAnswers = null;
  function ariaHidden(el) {
    if (el.getAttribute("aria-hidden") !== "true") return false;
    if (el === overlayHost) return true;
    if (!ariaHiddenAnswers) {
      ariaHiddenAnswers = new Map();
      queueMicrotask(() => { ariaHiddenAnswers = null; });
    }
    let hides = ariaHiddenAnswers.get(el);
    if (hides === undefined) {
      hides = !reachableInside(el);
      ariaHiddenAnswers.set(el, hides);
    }
    return hides;
  }
  function underAriaHidden(el) {
    for (let e = el; e; e = e.parentElement) if (ariaHidden(e)) return true;
    return false;
  }
  const REACHABLE = "a[href], button, input:not([type=hidden]), select, textarea, [contenteditable=''], [contenteditable=true], [tabindex]:not([tabindex='-1']), [role=button], [role=link], [onclick]";
  function reachableInside(el) {
    const view = el.ownerDocument.defaultView;
    if (!view) return false;
    let looked = 0;
    for (const c of el.querySelectorAll(REACHABLE)) {
      if (++looked > 40) break;
      const r = c.getBoundingClientRect();
      if (r.width < 4 || r.height < 4) continue;
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) continue;
      const root = c.getRootNode();
      const hit = (typeof root.elementFromPoint === "function" ? root : el.ownerDocument).elementFromPoint(x, y);
      if (hit && (hit === c || c.contains(hit))) return true;
    }
    return false;
  }

  // Whether an element is rendered and not hidden from people: display, visibility, opacity,
  // aria-hidden, and the tricks that hide text visually (1px clips, far off-page positions).
  //
  // Each element is judged by its own rendering. A box of (almost) no size that does not clip
  // shows its content outside itself (absolutely positioned children, overflowing text), so it
  // is not hidden: it answers "open", and the text under it is then judged text node by text
  // node (see textShown).
  function hiddenReason(el, rect, style) {
    if (!seen(el, true)) return "hidden";
    // Words drawn fully transparent by a filter, or clipped away whole by a clip path. (Asked
    // only of a box that holds words of its own: two more reads of every box's style cost a
    // large page's read a tenth of its time.)
    if (ownWords(el)) {
      style = style || getComputedStyle(el);
      if ((style.filter !== "none" && /(^|\s)opacity\(0(\.0*)?%?\)/.test(style.filter)) || (style.clipPath !== "none" && /^inset\((50|100)%\)/.test(style.clipPath))) return "hidden";
    }
    if (rect.width <= 1 || rect.height <= 1) {
      style = style || getComputedStyle(el);
      if (style.fontSize === "0px") return "tiny";
      const doc = el.ownerDocument;
      // The root and the body hand their overflow to the viewport: they never clip.
      const root = el === doc.documentElement || el === doc.body;
      const clipsX = !root && rect.width <= 1 && style.overflowX !== "visible";
      const clipsY = !root && rect.height <= 1 && style.overflowY !== "visible";
      if (clipsX || clipsY || style.clip !== "auto" || style.clipPath !== "none") return standsIn(el) ? null : "tiny";
      return "open";
    }
    if (!offPage(el, rect)) return null;
    // Content wider or taller than a box that does not clip it can lie back on the page: a
    // carousel's track, moved left past the slides before the one it shows.
    const spills = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    return spills && clipsNothing(style || getComputedStyle(el)) ? "open" : standsIn(el) ? null : "offpage";
  }
  // Words hidden from sight that say what a copy beside them, hidden from screen readers,
  // shows: a shop's price ("$29.99" for the "$ 29 99" it draws in three sizes), a rating ("4.4
  // out of 5 stars" for its stars). Read in that copy's place, which is left out as aria-hidden:
  // its drawing alone can mislead ("$2999").
  // (Beside it, in a box of a few parts: a price's, a rating's; not any part of a page that
  // also holds something aria-hidden.)
  function standsIn(el) {
    const by = el.parentElement;
    // (A few words, as a price or a rating says: no paragraph of instructions rides in so.)
    const words = el.textContent.trim();
    if (!by || by.childElementCount > 4 || !words || words.length > 60) return false;
    for (const c of [el.previousElementSibling, el.nextElementSibling]) if (c && c.getAttribute("aria-hidden") === "true" && c.textContent.trim() && seen(c)) return true;
    return false;
  }
  // Whether a frame element shows its document: rendered, seen, on the page, and of some size.
  function frameShown(el) {
    const rect = el.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1 && hiddenReason(el, rect) === null;
  }
  // Whether the words an element draws have no ink: colour and fill fully transparent, with no
  // shadow or stroke to draw them and no box around that clips a background to them (gradient
  // text). A page hides words from people so, and a reader would still hand them on.
  // A box that skips drawing its content (content-visibility: hidden, as a closed <details> has
  // its body) draws none of its own words either.
  const NO_INK = /^transparent$|^rgba\([^)]*,\s*0\)$|\/\s*0\)$/;
  function inkless(el, style = getComputedStyle(el)) {
    if ((el.localName === "details" && !el.open) || style.contentVisibility === "hidden") return true;
    if (!NO_INK.test(style.color) || !NO_INK.test(style.webkitTextFillColor)) return false;
    if (style.textShadow !== "none" || parseFloat(style.webkitTextStrokeWidth) > 0) return false;
    for (let e = el, i = 0; e && i < 8; e = e.parentElement, i++) {
      const cs = e === el ? style : getComputedStyle(e);
      if (cs.backgroundClip === "text" || cs.webkitBackgroundClip === "text") return false;
      // Words laid without ink over a drawing of them (PDF.js's text layer over its canvas, a
      // scanned page's recognised text over its image) are what the drawing shows; a picture
      // beside them (a logo, an avatar) draws none of them.
      if (e.classList?.contains("textLayer") || drawnUnder(el, e.parentElement?.querySelector(":scope > canvas, :scope > img"))) return false;
    }
    return true;
  }
  // Whether a drawing (a canvas, an image) lies under all of an element's box.
  function drawnUnder(el, drawing) {
    if (!drawing) return false;
    const d = drawing.getBoundingClientRect(), r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && d.left <= r.left + 1 && d.top <= r.top + 1 && d.right >= r.right - 1 && d.bottom >= r.bottom - 1;
  }
  // Whether an element holds words of its own among its first few children.
  function ownWords(el) {
    let i = 0;
    for (let c = el.firstChild; c && i < 8; c = c.nextSibling, i++) if (c.nodeType === 3 && /\S/.test(c.data)) return true;
    return false;
  }
  // Whether a box lets its content show outside it: no overflow of its own, clip or clip path.
  function clipsNothing(style) {
    return style.overflowX === "visible" && style.overflowY === "visible" && style.clip === "auto" && style.clipPath === "none";
  }

  // Whether a box lies wholly outside what can be scrolled into view: the page, or the area of
  // the scrolling box that holds it (a panel of an app whose page itself does not scroll). That
  // is the far-off-screen trick of visually hidden text.
  function offPage(node, rect) {
    const e = extentOf(node.ownerDocument);
    const x = rect.left + e.sx;
    const y = rect.top + e.sy;
    if (!(x + rect.width <= e.x0 || y + rect.height <= 0 || x >= e.x0 + e.w + 1 || y >= e.h + 1)) return false;
    const area = scrollAreaOf(node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement);
    return !area || !(rect.left < area.right && rect.left + rect.width > area.left && rect.top < area.bottom && rect.top + rect.height > area.top);
  }
  // What the nearest scrolling box holding `el` can bring into view (its whole content, in
  // viewport pixels), when that box can itself be scrolled to; null when no such box holds it.
  function scrollAreaOf(el) {
    const box = el && scrollerOf(el);
    if (!box) return null;
    const r = box.getBoundingClientRect();
    if (offPage(box, r)) return null;
    // The content's extent at the present scroll, from the padding box's start; content that
    // starts at the other edge (right to left, a reversed flex box like a chat's) runs back from it.
    const cs = getComputedStyle(box);
    const x0 = r.left + box.clientLeft, y0 = r.top + box.clientTop;
    const backX = box.scrollLeft < 0 || cs.direction === "rtl" || cs.flexDirection === "row-reverse";
    const backY = box.scrollTop < 0 || cs.flexDirection === "column-reverse";
    const left = backX ? x0 + box.clientWidth - box.scrollLeft - box.scrollWidth : x0 - box.scrollLeft;
    const top = backY ? y0 + box.clientHeight - box.scrollTop - box.scrollHeight : y0 - box.scrollTop;
    return { left, top, right: left + box.scrollWidth, bottom: top + box.scrollHeight };
  }
  // Whether a box scrolls its content itself: any box whose overflow is not visible, but the
  // root, and the body unless the root scrolls (the body's overflow is then the viewport's).
  function ownScroller(el, style) {
    const doc = el.ownerDocument;
    if (el === doc.documentElement || !scrolls(style)) return false;
    return el !== doc.body || scrolls(getComputedStyle(doc.documentElement));
  }
  // The nearest box around `el` (across shadow roots) that clips and scrolls its content, below
  // the page's own root.
  function scrollerOf(el) {
    // Iterative, with every box passed on the way up remembered: a page may nest thousands.
    const passed = [];
    let found = null;
    for (let node = el; ; ) {
      const kept = scrollers && scrollers.get(node);
      if (kept !== undefined) {
        found = kept;
        break;
      }
      passed.push(node);
      const up = flatParent(node);
      if (!up || up === up.ownerDocument.documentElement) break;
      const style = getComputedStyle(up);
      if (ownScroller(up, style)) {
        found = up;
        break;
      }
      if (style.position === "fixed") break;
      node = up;
    }
    if (scrollers) for (const node of passed) scrollers.set(node, found);
    return found;
  }
  function scrolls(style) {
    return /auto|scroll|hidden/.test(style.overflowX + style.overflowY);
  }
  // A document's size and scroll. A walk over every element reads them once per document
  // (pinned): nothing moves while it runs, and reading them for each element was a quarter of
  // the time of reading a long page. The scrolling boxes found are kept the same way.
  let pinned = null, scrollers = null, lengths = null, pseudos = null, layouts = null;
  function extentOf(doc) {
    const kept = pinned && pinned.get(doc);
    if (kept) return kept;
    const root = doc.documentElement, win = doc.defaultView;
    const e = { sx: win?.scrollX || 0, sy: win?.scrollY || 0, w: Math.max(root.scrollWidth, root.clientWidth), h: Math.max(root.scrollHeight, root.clientHeight), x0: 0 };
    // A page written right to left (or in vertical lines laid right to left) starts at its
    // right edge and goes on to the left, where scrollX runs below 0. The viewport takes that
    // from the body when there is one.
    const cs = win && (doc.body || root) && win.getComputedStyle(doc.body || root);
    if (cs && (cs.writingMode.startsWith("horizontal") ? cs.direction === "rtl" : cs.writingMode.endsWith("-rl"))) e.x0 = root.clientWidth - e.w;
    if (pinned) pinned.set(doc, e);
    return e;
  }
  // Whether a person can scroll the page sideways: it is wider than its viewport, and neither
  // the root nor the body (whose overflow is then the viewport's) hides what spills out, as
  // pages do that keep a menu off to the side until it slides in. (Kept with the extent.)
  function sideways(doc) {
    const e = extentOf(doc);
    if (e.sideways === undefined) {
      const root = doc.documentElement, win = doc.defaultView;
      const rootX = win ? win.getComputedStyle(root).overflowX : "visible";
      const x = rootX === "visible" && doc.body && win ? win.getComputedStyle(doc.body).overflowX : rootX;
      e.sideways = e.w > root.clientWidth + 1 && !/hidden|clip/.test(x);
    }
    return e.sideways;
  }
  function pinningExtents(fn) {
    return (...args) => {
      if (pinned) return fn(...args);
      pinned = new Map();
      scrollers = new Map();
      lengths = new Map();
      pseudos = new Map();
      layouts = new Map();
      try {
        return fn(...args);
      } finally {
        pinned = scrollers = lengths = pseudos = layouts = null;
      }
    };
  }

  // Whether a text node under an "open" box is rendered: it has a size and is on the page.
  function textShown(node) {
    const range = node.ownerDocument.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !offPage(node, r);
  }
