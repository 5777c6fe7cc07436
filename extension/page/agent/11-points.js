  // From a ref or a point to an element and back: scrolling into view, the point a press is aimed
  // at, what lies there, and how an element is described in a result.

  function resolveEl(ref) {
    const weak = byRef.get(ref);
    const el = weak && weak.deref();
    if (!el || !el.isConnected) return null;
    // One in a frame of this page: that frame must still be on it, holding that document (not
    // removed, nor gone on to another page).
    for (let doc = el.ownerDocument; doc !== document; ) {
      const frame = doc.defaultView?.frameElement;
      if (!frame || !frame.isConnected || frame.contentDocument !== doc) return null;
      doc = frame.ownerDocument;
    }
    return el;
  }

  // Two animation frames from now (a scroll or a re-render has landed), or one (50 ms at most,
  // answered 0 then: a hidden tab may not draw).
  const frames = (n) => new Promise((r) => {
    if (n === 1) setTimeout(() => r(0), 50);
    requestAnimationFrame(() => (n === 1 ? r(1) : requestAnimationFrame(() => r(1))));
  });
  // The page's title and address, as a tab's state says them.
  const place = () => ({ title: document.title, url: location.href });

  // A DOM node a script returned, as javascript_exec says it: `<h1#title.big> "Its text"`.
  function nodeSaid(v) {
    if (v.nodeType !== 1) return `${v.nodeName} ${JSON.stringify((v.textContent || "").slice(0, 100))}`;
    const id = v.id ? `#${v.id}` : "";
    const cls = typeof v.className === "string" && v.className.trim() ? "." + v.className.trim().split(/\s+/).join(".") : "";
    const text = (v.innerText || v.textContent || "").replace(/\s+/g, " ").trim().slice(0, 100);
    return `<${v.localName}${id}${cls}>${text ? ` ${JSON.stringify(text)}` : ""}`;
  }

  // Finds an element with this role and name, for a stale ref's suggestion.
  function suggest(role, name, next) {
    const counter = { next };
    const found = collect({ next, filter: "all", maxDepth: 100, unread: true });
    counter.next = found.next;
    // (A box the core took a control's role for from the browser is read here as a box.)
    // Only one such: of several (each row's "Delete"), the first is no more the one Claude
    // meant than any other.
    const hits = found.nodes.filter((n) => (n.role === role || (n.x && n.role === "generic")) && n.name === name);
    return { next: counter.next, ref: hits.length === 1 ? hits[0].ref : null };
  }

  function scrollTo(ref) {
    const el = resolveEl(ref);
    if (!el) return { error: "stale" };
    // Shown only while the pointer is over a box around it: that box is brought into view.
    const shown = !seen(el) && revealedBy(el);
    if (shown && shown.over !== el) {
      shown.over.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      return { covered: null, hover: describe(shown.over) };
    }
    el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    const r = el.getBoundingClientRect();
    // Scrolled to, but under something fixed (a cookie banner at the bottom of a page that ends
    // there): what covers it is said.
    const hit = hitPoint(el, { w: innerWidth, h: innerHeight }, { next: 0 });
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height, covered: hit.covered ?? null };
  }

  // A short description of an element, for messages: `button "Save" (ref_12)`.
  function describe(el, counter) {
    let node = el;
    // Describe the nearest element a person would name.
    for (let i = 0; node && i < 5; i++) {
      const role = roleOf(node);
      if (role) {
        // With no name of its own (a menu's item that holds its submenu), its own words.
        const name = nameOf(node, role) || clean([...node.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.data).join(" "), 60);
        const r = counter ? ensureRef(node, counter) : refOf.get(node);
        return `${role}${name ? ` "${name.replace(/"/g, "'")}"` : ""}${r !== undefined ? ` (ref_${r})` : ""}`;
      }
      node = node.parentElement || node.getRootNode().host;
    }
    const tag = el.localName;
    // The document's own box: no element a person would point at, and its text is the page's.
    if (tag === "html" || tag === "body") return `the page's background (<${tag}>), not an element on it`;
    const id = el.id ? `#${clean(el.id, 40).replace(/[^\w-]/g, "")}` : "";
    const text = clean(writtenText(el, 80), 40);
    return `<${tag}${id}>${text ? ` "${text.replace(/"/g, "'")}"` : ""}`;
  }

  // The element at a viewport point, through open shadow roots and same-origin frames; `ox`,
  // `oy` and `s` map a point of its document to the viewport (see frameOffset).
  function deepElementAt(x, y) {
    let doc = document, ox = 0, oy = 0, s = 1, el = null;
    // (Frames a page nests in frames of its own site: as deep as a browser draws them.)
    for (let i = 0; i < 64; i++) {
      const lx = (x - ox) / s, ly = (y - oy) / s;
      let hit = doc.elementFromPoint(lx, ly);
      // The overlay's Stop button is not part of the page.
      if (hit && hit === overlayHost) hit = doc.elementsFromPoint(lx, ly).find((e) => e !== overlayHost) || null;
      while (hit && shadowOf(hit)) {
        const inner = shadowOf(hit).elementFromPoint(lx, ly);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      if (!hit) return { el, ox, oy, s };
      el = hit;
      if (isFrame(hit)) {
        const inner = frameDoc(hit);
        if (!inner) return { el, ox, oy, s, crossFrame: true };
        const b = frameBox(hit);
        ox += s * b.x;
        oy += s * b.y;
        s *= b.s;
        doc = inner;
        continue;
      }
      return { el, ox, oy, s };
    }
    return { el, ox, oy, s };
  }

  // Whether a point of this document's viewport (x, y) shows the frame of another site whose own
  // viewport has it at (fx, fy): `{ shown: true }`; else what lies over it (`{ covered }`), or
  // nothing when the point is out of view.
  function frameAt(x, y, fx, fy) {
    const out = x < 0 || y < 0 || x >= innerWidth || y >= innerHeight;
    const hit = out ? { el: null } : deepElementAt(x, y);
    if (!hit.el) return {};
    if (hit.crossFrame) {
      const inner = intoFrame(hit.el, (x - hit.ox) / hit.s, (y - hit.oy) / hit.s);
      if (Math.abs(inner.fx - fx) <= 2 && Math.abs(inner.fy - fy) <= 2) return { shown: true };
    }
    return { covered: describe(hit.el) };
  }

  // Before a wheel at a viewport point: marks the point (with `mark`) and says whether anything
  // there can scroll that way (the element under the point, its scrolling ancestors, their
  // documents). Null when that cannot be told (the point is over another site's frame). A box
  // that scrolls and keeps the wheel to itself (overscroll-behavior) ends the look at it.
  function wheelAt(x, y, dx, dy, mark) {
    if (mark) markPointer(x, y);
    const hit = deepElementAt(x, y);
    if (hit.crossFrame) return null;
    // (Heard whether or not anything could scroll: a map or a feed on a page that does not
    // scroll takes the wheel all the same.)
    watchWheels(hit.el);
    return canScrollFrom(hit.el, dx, dy);
  }
  function canScrollFrom(start, dx, dy) {
    for (let el = start; el; el = el.parentElement || el.getRootNode().host || el.ownerDocument.defaultView?.frameElement) {
      const can = canScroll(el, dx, dy);
      if (can) return true;
      if (can === null) return false;
    }
    return !!canScroll(document.scrollingElement, dx, dy);
  }
  // The wheels the page hears from now until wheelsTaken() (two seconds at most), in the window
  // of the element `at` the point, with where that element and every box around it, and the
  // page, stood. The listener is passive, so the browser does not hold its scrolling for it;
  // whether the page's own listeners cancelled an event is read once its dispatch is over.
  let wheels = null;
  function watchWheels(at) {
    wheelsTaken();
    const win = at?.ownerDocument.defaultView || window;
    const seen = [];
    const hear = (e) => { if (e.isTrusted) seen.push(e); };
    win.addEventListener("wheel", hear, { capture: true, passive: true });
    const boxes = [document.scrollingElement];
    for (let el = at; el && boxes.length < 200; el = el.parentElement || el.getRootNode().host || el.ownerDocument.defaultView?.frameElement) boxes.push(el);
    const place = () => boxes.map((b) => (b ? `${b.scrollTop},${b.scrollLeft}` : "")).join(" ");
    const w = { seen, before: place(), place, stop: () => win.removeEventListener("wheel", hear, { capture: true }) };
    wheels = w;
    setTimeout(() => { if (wheels === w) wheelsTaken(); }, 2000);
  }
  // Whether the page cancelled every wheel it heard since a wheelAt, and nothing moved over the next two frames (a page that scrolls smoothly in script,
  // as Lenis does, cancels the wheel and moves the boxes itself). False when it heard none.
  function wheelsTaken() {
    if (!wheels) return false;
    const { seen, before, place, stop } = wheels;
    wheels = null;
    stop();
    if (!(seen.length > 0 && seen.every((e) => e.defaultPrevented))) return false;
    return new Promise((resolve) => {
      const look = () => resolve(place() === before);
      requestAnimationFrame(() => requestAnimationFrame(look));
      setTimeout(look, 150);
    });
  }
  // Whether `el` can scroll by (dx, dy): true, false, or null when it cannot but is a box that
  // scrolls and keeps the wheel from the boxes around it. The page's own scroller is the
  // viewport, whose overflow is the root's, or the body's when the root leaves it visible (a
  // page that locks its scrolling under a modal sets the body's). Its position runs from 0 up,
  // or from 0 down in a box laid out the other way (a chat log in a column-reverse flex box
  // starts at its end, a page written right to left at its right edge).
  function canScroll(el, dx, dy) {
    if (!el) return false;
    const doc = el.ownerDocument;
    const vertical = dy !== 0;
    const prop = vertical ? "overflowY" : "overflowX";
    const html = doc.documentElement;
    const rootOverflow = getComputedStyle(html)[prop];
    const viewport = el === doc.scrollingElement || el === html;
    let overflow;
    if (viewport) {
      overflow = rootOverflow !== "visible" || !doc.body ? rootOverflow : getComputedStyle(doc.body)[prop];
      if (overflow === "hidden" || overflow === "clip") return false;
    } else {
      // A body whose overflow went to the viewport scrolls nothing of its own.
      if (el === doc.body && rootOverflow === "visible") return false;
      overflow = getComputedStyle(el)[prop];
      if (!/^(auto|scroll|overlay)$/.test(overflow)) return false;
    }
    const pos = vertical ? el.scrollTop : el.scrollLeft;
    const range = vertical ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
    const reversed = pos < 0 || laidOutBackwards(viewport ? html : el, vertical);
    const [low, high] = reversed ? [-range, 0] : [0, range];
    if ((vertical ? dy : dx) > 0 ? pos < high - 1 : pos > low + 1) return true;
    const keeps = !viewport && range > 1 && getComputedStyle(el)[vertical ? "overscrollBehaviorY" : "overscrollBehaviorX"] !== "auto";
    return keeps ? null : false;
  }
  // Whether a box's scroll position along an axis runs from 0 down: its content starts at the
  // end of that axis (a column-reverse flex box vertically; right to left, or a row-reverse flex
  // box, horizontally).
  function laidOutBackwards(el, vertical) {
    const style = getComputedStyle(el);
    const flex = /flex/.test(style.display);
    if (vertical) return flex && style.flexDirection === "column-reverse";
    const rtl = style.direction === "rtl";
    return flex && style.flexDirection === "row-reverse" ? !rtl : rtl;
  }

  function composedContains(outer, inner) {
    for (let n = inner; n; n = n.parentNode || n.host) if (n === outer) return true;
    return false;
  }

  // Whether `e` is in the document of `frame` (a frame of this page's own site), or deeper.
  function inFrame(frame, e) {
    if (!isFrame(frame)) return false;
    for (let w = e?.ownerDocument?.defaultView; w && w !== window; w = w.frameElement?.ownerDocument.defaultView) if (w.frameElement === frame) return true;
    return false;
  }
  // Where a frame's viewport starts in the viewport of the document around it, and how many of
  // that document's pixels one of the frame's takes (`s`: CSS zoom on the frame or around it,
  // or a transform's scale, which make its box that many times its layout size).
  function frameBox(f) {
    const r = f.getBoundingClientRect(), cs = getComputedStyle(f);
    let s = f.offsetWidth > 0 ? r.width / f.offsetWidth : 1;
    if (!(s > 0) || Math.abs(s - 1) < 1e-3) s = 1;
    return { x: r.left + (parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft)) * s, y: r.top + (parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop)) * s, s };
  }
  // How a point of an element's document maps into this (top) document's viewport, for
  // same-origin frames: top = o + s × point.
  function frameOffset(el) {
    let ox = 0, oy = 0, s = 1;
    let win = el.ownerDocument.defaultView;
    while (win && win !== window && win.frameElement) {
      const f = win.frameElement, b = frameBox(f);
      ox = b.x + b.s * ox;
      oy = b.y + b.s * oy;
      s *= b.s;
      win = f.ownerDocument.defaultView;
    }
    return { ox, oy, s };
  }

  // Where to put the pointer to act on a ref: scrolled into view when needed, at a point that
  // really hits it (checked by hit test). When everything at its box is covered, says by what.
  // With `overlay`, a point found in the top document is also marked (inputStart), so the
  // overlay needs no call of its own.
  function pointFor(ref, next, overlay, pointed, press) {
    // A pinch-zoomed page takes input at points of the part it shows: it is set back first.
    if (window === window.top && Math.abs(visualViewport.scale - 1) > 0.001) return { pinched: true };
    noteLive();
    const changed = press && renamed(ref, resolveEl(ref), "pressed");
    if (changed) return { error: "renamed", told: changed };
    guardPress(press ? resolveEl(ref) : null);
    const found = findPoint(ref, next);
    const cover = found.coverEl;
    delete found.coverEl;
    // Shown only while the pointer is over a box around it: the pointer goes there first.
    if (!pointed && (found.error === "invisible" || found.covered != null)) {
      const over = hoverPoint(ref, next);
      if (over) return over;
    }
    if (found.covered == null && found.error !== "offscreen" && !sliding(resolveEl(ref))) return guardPoint(pointFound(found, ref, overlay));
    // What covers it, or the element itself, is still moving (a menu fading out after its
    // choice, a panel sliding in): the point is looked for again once that has ended.
    return settled(ref, next, cover, found).then((again) => guardPoint(pointFound(again, ref, overlay)));
  }
  // Where to put the pointer so that the box around a ref's element that a hover shows is
  // shown: `{ hover: true, x, y }`, or null.
  function hoverPoint(ref, next) {
    const el = resolveEl(ref);
    const shown = el && revealedBy(el);
    if (!shown || shown.over === el) return null;
    const p = pointOn(shown.over, next);
    return p.error == null && p.covered == null ? { hover: true, x: p.x, y: p.y, next: p.next } : null;
  }
  // Animations that end by themselves soon (not a spinner's endless turn), running on the
  // elements from `el` up.
  const SETTLE_MS = 1000;
  function endsSoon(a, ms) {
    if (a.playState !== "running" || !a.effect) return false;
    const timing = a.effect.getComputedTiming();
    return Number.isFinite(timing.endTime) && timing.endTime - (a.currentTime ?? 0) <= ms;
  }
  // Whether the element, or a box around it, is moving on the page by an animation about to end
  // (a slider's thumb easing to the value keys gave it): a press now would land off its end.
  const MOVES = /^(left|top|right|bottom|inset|transform|translate|scale|margin|width|height)/;
  function sliding(el) {
    if (!el) return false;
    for (const a of el.ownerDocument.getAnimations()) {
      if (!endsSoon(a, SETTLE_MS) || !a.effect?.target || !composedContains(a.effect.target, el)) continue;
      const props = a.transitionProperty ? [a.transitionProperty] : a.effect.getKeyframes().flatMap((k) => Object.keys(k));
      if (props.some((p) => MOVES.test(p))) return true;
    }
    return false;
  }
  function endingAnimations(el) {
    const out = [];
    for (let e = el, i = 0; e && i < 60; e = flatParent(e), i++) {
      try {
        out.push(...e.getAnimations().filter((a) => endsSoon(a, SETTLE_MS)));
      } catch {}
    }
    return out;
  }
  async function settled(ref, next, cover, found) {
    const until = performance.now() + SETTLE_MS;
    // How long a layer that shows nothing may take to go: a library's timer ends its exit a
    // little after the fade ends.
    let gone = performance.now() + 300;
    let framed = false;
    while (performance.now() < until) {
      const el = resolveEl(ref);
      if (!el) break;
      const moving = [...endingAnimations(cover), ...endingAnimations(el), ...endingWithin(cover)];
      // A box that has faded out but still lies over the element is about to be taken away
      // (a library's own timer ends its exit a little after the fade).
      // A transparent layer that stays (a menu's invisible backdrop) is not waited on for long.
      if (!moving.length && !(cover && performance.now() < gone && showsNothing(cover, { left: 200 }))) {
        // An animation that has just ended hands the page its end in a task of its own (a
        // panel's height set to fit once it has opened): looked for again once after a frame.
        if (framed) break;
        framed = true;
        await Promise.race([new Promise((r) => requestAnimationFrame(r)), wait(100)]);
      } else if (moving.length) {
        await Promise.race([Promise.allSettled(moving.map((a) => a.finished)), wait(until - performance.now())]);
        // What the end sets off (the closed menu taken off the page) comes in the page's next tasks.
        await wait(30);
        gone = performance.now() + 300;
      } else {
        await wait(Math.min(50, until - performance.now()));
      }
      found = findPoint(ref, next);
      cover = found.coverEl;
      delete found.coverEl;
      if (found.covered == null && found.error !== "offscreen") break;
    }
    return found;
  }
  // Animations inside a covering box (a menu's sheet fading out inside the layer that holds it),
  // in the shadow roots inside it too, nested ones included (Ionic's popover fades its wrapper in
  // its own; a select's menu may fade in a component's inside the select's). A few thousand
  // elements are looked through at most.
  function endingWithin(cover) {
    if (!cover) return [];
    const out = [];
    let looked = 0;
    const visit = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
      for (let e = walker.nextNode(); e && ++looked <= 3000; e = walker.nextNode()) {
        const inner = shadowOf(e);
        if (inner) {
          out.push(...inner.getAnimations());
          visit(inner);
        }
      }
    };
    try {
      out.push(...cover.getAnimations({ subtree: true }), ...(shadowOf(cover)?.getAnimations() || []));
      if (shadowOf(cover)) visit(shadowOf(cover));
      visit(cover);
    } catch {}
    return out.filter((a) => endsSoon(a, SETTLE_MS));
  }
  // Whether nothing of a box shows: it, or a box around it, is fully transparent; or it paints
  // nothing itself and nothing inside it shows (the layer left of a menu that faded out).
  // `budget.left`: how many elements may still be looked at.
  function showsNothing(el, budget) {
    return !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || paintsNothingInside(el, budget);
  }
  const REPLACED = new Set(["img", "svg", "canvas", "iframe", "frame", "video", "audio", "object", "embed", "input", "button", "select", "textarea", "picture"]);
  function paintsNothingInside(el, budget) {
    if (--budget.left < 0) return false;
    const cs = getComputedStyle(el);
    if (cs.opacity === "0" || cs.visibility === "hidden" || cs.display === "none") return true;
    // What draws itself shows whatever its box looks like.
    if (REPLACED.has(el.localName)) return false;
    const clear = (c) => /^(transparent|rgba\(.*,\s*0\))$/.test(c);
    if (!clear(cs.backgroundColor) || cs.backgroundImage !== "none" || cs.boxShadow !== "none" || parseFloat(cs.borderTopWidth) || parseFloat(cs.borderLeftWidth)) return false;
    for (const n of nodesIn(el)) {
      if (n.nodeType === Node.TEXT_NODE && n.data.trim()) return false;
      if (n.nodeType === Node.ELEMENT_NODE && !paintsNothingInside(n, budget)) return false;
    }
    return !shadowOf(el);
  }
  function pointFound(found, ref, overlay) {
    // A control the page disabled (itself or its fieldset) takes no click.
    const el = found.error == null ? resolveEl(ref) : null;
    if (el?.matches(":disabled")) {
      found.disabled = true;
      found.what = describe(el);
    }
    if (overlay && found.error == null && found.covered == null && !found.disabled && window === window.top) inputStart(found.x, found.y, ref);
    return found;
  }
  function findPoint(ref, next) {
    const el = resolveEl(ref);
    if (!el) return { error: "stale" };
    // A combobox's field out of sight is reached through the box that shows it (a ref handed
    // out while it was being typed in).
    const box = roleOf(el) === "combobox" && !controlShown(el) ? boxShowing(el) : null;
    return pointOn(box || el, next);
  }
  // A point of `el` a click would reach, the element scrolled into view first as a person
  // would, or what covers it.
  function pointOn(el, next) {
    const counter = { next };
    const view = { w: innerWidth, h: innerHeight };
    const r = pressBox(el);
    const { ox, oy, s } = frameOffset(el);
    const fullyVisible = oy + s * r.top >= 0 && ox + s * r.left >= 0 && oy + s * r.bottom <= view.h && ox + s * r.right <= view.w;
    const reveal = () => el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    if (!fullyVisible) reveal();
    let found = hitPoint(el, view, counter);
    // Inside the viewport but hidden: clipped by the panel that scrolls it, or under a sticky
    // header or bar. Brought to the middle, as a person would scroll it, and tried again.
    if (fullyVisible && (found.covered != null || found.error === "offscreen")) {
      // Where everything was, to put back if that does not help: the error tells Claude to use
      // the screenshot it has, whose coordinates must still hold.
      const was = [];
      for (let n = el.parentElement; n; n = n.parentElement) if (n.scrollTop || n.scrollLeft) was.push([n, n.scrollLeft, n.scrollTop]);
      const [sx, sy] = [scrollX, scrollY];
      reveal();
      const again = hitPoint(el, view, counter);
      if (again.covered != null || again.error != null) {
        for (const [n, x, y] of was) n.scrollTo({ left: x, top: y, behavior: "instant" });
        window.scrollTo({ left: sx, top: sy, behavior: "instant" });
        return found;
      }
      found = again;
    }
    return found;
  }
  // Where an element is pressed: its box, or for a box of no size whose content shows outside
  // it (a button 0 × 0 whose words overflow it), that content's.
  function pressBox(el) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 || r.height > 0) return r;
    if (!clipsNothing(getComputedStyle(el))) return r;
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    const c = range.getBoundingClientRect();
    return c.width > 0 && c.height > 0 ? c : r;
  }
  // A point of `el` that a click there would reach, or what covers it.
  function hitPoint(el, view, counter) {
    const r = pressBox(el);
    const off = frameOffset(el);
    if (r.width === 0 && r.height === 0) return { error: "invisible", what: describe(el), next: counter.next };
    const candidates = [[0.5, 0.5], [0.25, 0.5], [0.75, 0.5], [0.5, 0.25], [0.5, 0.75], [0.15, 0.15], [0.85, 0.85], [0.15, 0.85], [0.85, 0.15]];
    // A date or time field is typed into from its first part (month, day or hour, as the
    // locale orders them), which is where a person clicks before typing the whole value; its
    // middle is often the year, which then takes every digit.
    if (el.localName === "input" && /^(date|time|datetime-local|month|week)$/.test(el.type) && r.width > 40) {
      const cs = getComputedStyle(el);
      const rtl = cs.direction === "rtl";
      const inset = (parseFloat(rtl ? cs.paddingRight : cs.paddingLeft) || 0) + (parseFloat(rtl ? cs.borderRightWidth : cs.borderLeftWidth) || 0) + 8;
      const first = Math.min(0.5, inset / r.width);
      candidates.unshift([rtl ? 1 - first : first, 0.5]);
    }
    // A range's thumb, where a person takes it: pressed anywhere else on its track, it jumps
    // there and the value with it.
    if (el.localName === "input" && el.type === "range" && r.width >= r.height && r.width > 20) {
      const [min, max, v] = [parseFloat(el.min) || 0, el.max === "" ? 100 : parseFloat(el.max), parseFloat(el.value)];
      const f = max > min && isFinite(v) ? Math.min(1, Math.max(0, (v - min) / (max - min))) : 0.5;
      const at = (8 + f * (r.width - 16)) / r.width;
      candidates.unshift([getComputedStyle(el).direction === "rtl" ? 1 - at : at, 0.5]);
    }
    const mine = pressReaches(el, r);
    // An item that holds items of its own (a tree's open branch, a menu item's submenu, a row's
    // controls): a point on one of those would press it, not the item. Its own words are
    // tried first, and points on what it holds only when nothing else of it is reached.
    const role = roleOf(el);
    const holder = role && (HOLDING_ITEMS.has(role) || el.querySelector(`[role="${CSS.escape(role)}"]`)) ? role : null;
    const inner = (hit) => {
      for (let n = hit, i = 0; n && n !== el && i < 30; n = flatParent(n), i++) {
        const r2 = roleOf(n);
        if (r2 && (r2 === holder || (HOLDING_ITEMS.has(holder) && isInteractive(n, r2)))) return true;
      }
      return false;
    };
    if (holder) {
      const words = ownWordsBox(el);
      if (words) candidates.unshift([(words.left + words.width / 2 - r.left) / r.width, (words.top + words.height / 2 - r.top) / r.height]);
    }
    let held = null;
    let cover = null, coverPoint = null;
    for (const [fx, fy] of candidates) {
      const x = off.ox + off.s * (r.left + r.width * fx), y = off.oy + off.s * (r.top + r.height * fy);
      if (x < 0 || y < 0 || x >= view.w || y >= view.h) continue;
      const hit = deepElementAt(x, y);
      if (hit.el && mine(hit.el)) {
        if (holder && inner(hit.el)) {
          held ||= { x, y, next: counter.next };
          continue;
        }
        return { x, y, next: counter.next };
      }
      if (hit.el && !cover) {
        cover = hit.el;
        coverPoint = [x, y];
      }
    }
    // A control the page disabled and lets every press pass through (a carousel's "Previous
    // slide" at the first slide) is not covered by what lies under it: it is disabled.
    if (cover && getComputedStyle(el).pointerEvents === "none" && el.closest?.(GREYED)) return { error: "disabled", what: describe(el), next: counter.next };
    if (held) return held;
    if (cover) return { covered: describe(cover), coverEl: cover, what: describe(el), x: coverPoint[0], y: coverPoint[1], next: counter.next };
    return { error: "offscreen", what: describe(el), next: counter.next };
  }
  // Roles of items that may hold controls of their own, and are pressed away from them.
  const HOLDING_ITEMS = new Set(["treeitem", "row", "listitem", "option", "menuitem"]);
  // The box of an element's own first words (not those of an element inside it with a role),
  // or null.
  function ownWordsBox(el) {
    const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(), i = 0; t && i < 50; t = walker.nextNode(), i++) {
      if (!t.data.trim()) continue;
      let owned = true;
      for (let n = t.parentElement; n && n !== el; n = n.parentElement) if (roleOf(n)) owned = false;
      if (!owned) continue;
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(t);
      const b = range.getClientRects()[0];
      if (b && b.width > 0 && b.height > 0) return b;
    }
    return null;
  }

  // A control disabled, or greyed out by a box around it (Bootstrap's `.disabled`).
  const GREYED = ":disabled, [aria-disabled=true], .disabled";
  // Whether a press on an element `e` is a press on `el` (its box `r`), as a person sees it.
  function pressReaches(el, r) {
    // A label's own control counts as the label (a transparent box is often laid over it); a
    // transparent or clipped-away control's drawing counts as the control (what it draws lies
    // over it, in the box of about its size that holds both: Material UI's slider thumb).
    const own = getComputedStyle(el);
    const drawing = own.opacity === "0" || own.clip !== "auto" || own.clipPath !== "none" ? drawnBox(el, r) : null;
    // A web component's host hit over its slotted text, which the element shows inside itself
    // (a checkbox's label in its shadow root), counts too, unless the element lets presses through.
    const slotted = (e) => e !== el && !!shadowOf(e) && composedContains(e, el) && getComputedStyle(el).pointerEvents !== "none";
    // A field that lets presses through to the box around it (a select's input in Vuetify):
    // that box, near it and not the page's own, takes the press a person gives the field.
    // (Not a control greyed out so, as Bootstrap's `.disabled` is, nor a box that does nothing
    // with a press: the box is a control, or listens.)
    const passes = getComputedStyle(el).pointerEvents === "none" && !el.closest?.(GREYED);
    const takes = (e) => {
      const role = roleOf(e);
      return hasOwnHandler(e) || (role != null && isInteractive(e, role));
    };
    const around = (e) => {
      if (!passes || e === el.ownerDocument.body || e === el.ownerDocument.documentElement || !ancestorWithin(el, e, 4)) return false;
      // It, or a box around it as near the field, takes the press.
      for (let n = e; n && ancestorWithin(el, n, 4); n = flatParent(n)) if (takes(n)) return true;
      return false;
    };
    // (A box drawn inside it counts too, through the slot its words are in: a menu item's words
    // in Material's md-menu-item.)
    return (e) => composedContains(el, e) || ancestorWithin(e, el, 60) || inFrame(el, e) || slotted(e) || around(e) || (drawing && composedContains(drawing, e)) || labelsOf(el).some((l) => composedContains(l, e)) || (el.localName === "label" && el.control && composedContains(el.control, e));
  }
  // Whether `up` is one of the `n` boxes nearest above `el` (across shadow roots).
  function ancestorWithin(el, up, n) {
    for (let p = flatParent(el), i = 0; p && i < n; p = flatParent(p), i++) if (p === up) return true;
    return false;
  }
  // The box around a transparent control that holds its drawing: the highest of its nearest
  // few ancestors that is not much larger than it.
  function drawnBox(el, r) {
    let box = null;
    let n = flatParent(el);
    for (let i = 0; n && i < 3; i++, n = flatParent(n)) {
      const b = n.getBoundingClientRect();
      // A box of no size of its own (display: contents, a slot) is passed through, not taken.
      if (b.width * b.height === 0) continue;
      if (b.width * b.height > Math.max(2 * r.width * r.height, (r.width + 16) * (r.height + 16))) break;
      if (b.left > r.left + 1 || b.top > r.top + 1 || b.right < r.right - 1 || b.bottom < r.bottom - 1) break;
      box = n;
    }
    return box;
  }

  // What a ref or the focused element is now (for the click-approval rule: names are read live).
  function describeRef(ref) {
    const el = resolveEl(ref);
    return el ? describe(el) : null;
  }

  // Whether `describe` finds a name or text for an element: a canvas, an unlabelled image or an
  // empty box says nothing a rule could be checked against.
  function isNamed(el) {
    let node = el;
    for (let i = 0; node && i < 5; i++) {
      const role = roleOf(node);
      if (role) return !!nameOf(node, role);
      node = node.parentElement || node.getRootNode().host;
    }
    return !!clean(writtenText(el, 40), 40);
  }
  function describeRefNamed(ref) {
    const el = resolveEl(ref);
    return el ? { what: describe(el), named: isNamed(el) } : null;
  }

  // Where a point of a frame element lands inside the frame's own viewport (CSS zoom on the
  // frame or around it makes its box that many times its layout size).
  function intoFrame(frame, x, y) {
    const r = frame.getBoundingClientRect(), cs = getComputedStyle(frame);
    let z = frame.offsetWidth > 0 ? r.width / frame.offsetWidth : 1;
    if (!(z > 0) || Math.abs(z - 1) < 0.01) z = 1;
    return { fx: (x - r.left) / z - parseFloat(cs.borderLeftWidth) - parseFloat(cs.paddingLeft), fy: (y - r.top) / z - parseFloat(cs.borderTopWidth) - parseFloat(cs.paddingTop) };
  }

  // The controls that submit a form, first the default one (what Enter in a field presses).
  function submitterOf(form) {
    const isSubmit = (e) =>
      (e.localName === "button" && (e.getAttribute("type") || "submit").toLowerCase() === "submit") ||
      (e.localName === "input" && ["submit", "image"].includes((e.getAttribute("type") || "").toLowerCase()));
    return [...form.elements].find((e) => isSubmit(e) && !e.disabled) || null;
  }

  // A form as a submission is judged: its name, its default submit control and where it goes.
  function describeForm(form) {
    const submit = submitterOf(form);
    const name = clean(form.getAttribute("aria-label") || form.getAttribute("name") || form.id || "", 80);
    return {
      name: name ? `form "${name.replace(/"/g, "'")}"` : "form",
      submit: submit ? describe(submit) : null,
      action: clean(form.action || location.href, 300),
    };
  }
