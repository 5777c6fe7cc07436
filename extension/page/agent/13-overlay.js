  // The overlay a person sees: the banner with Stop, the pointer marker and the highlight.

  // The overlay a person sees on the tab Claude controls: a slim banner with Stop, a marker where
  // each pointer action lands, and a brief highlight of an element acted on. It lives in a closed
  // shadow root of a fixed, pointer-transparent host: it takes no space in the layout, is hidden
  // from the accessibility tree, and is hidden while screenshots are taken.
  let overlayParts = null;
  // Important inline styles: a page rule cannot hide or move the overlay. Set through the
  // element's style object, which a CSP that bars inline styles allows, where a style attribute
  // written whole is refused.
  // (Its opacity is 0 while a screenshot is taken.)
  let hostOpacity = "1";
  function styleHost(opacity = hostOpacity) {
    hostOpacity = opacity;
    overlayHost.removeAttribute("style");
    for (const [k, v] of [["all", "initial"], ["position", "fixed"], ["inset", "0"], ["pointer-events", "none"], ["z-index", "2147483647"], ["display", "block"], ["contain", "strict"], ["will-change", "opacity"], ["opacity", opacity]]) {
      overlayHost.style.setProperty(k, v, "important");
    }
    hostStyle = overlayHost.getAttribute("style");
  }
  // The overlay's parts, or null in a document that cannot hold it (an image or XML document
  // has no HTML to show it in): Claude's input goes on without it.
  function overlay() {
    if (overlayHost && overlayHost.isConnected) return overlayParts;
    try {
      return makeOverlay();
    } catch {
      try {
        overlayHost?.remove();
      } catch {}
      overlayHost = overlayParts = null;
      return null;
    }
  }
  // The host's tag. A page that defined a custom element of that name has its own constructor run
  // on the host, which can take the shadow root and so keep the banner from showing: the host is
  // then made again under a name the page cannot know in advance.
  let overlayTag = "tabwright-overlay";
  function makeOverlay() {
    overlayHost = document.createElementNS("http://www.w3.org/1999/xhtml", overlayTag);
    if (overlayHost.matches(":defined")) {
      overlayTag = `tabwright-overlay-${Math.random().toString(36).slice(2, 10)}`;
      overlayHost = document.createElementNS("http://www.w3.org/1999/xhtml", overlayTag);
    }
    overlayHost.setAttribute("aria-hidden", "true");
    styleHost();
    const root = overlayHost.attachShadow({ mode: "closed" });
    // Built element by element, with a constructed style sheet: a page that enforces Trusted
    // Types refuses HTML strings even from our world, and one whose CSP bars inline styles
    // refuses a <style> element.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`      .banner { position: fixed; top: 6px; left: 50%; transform: translateX(-50%); display: flex; align-items: center; gap: 10px;
        font: 13px/1.2 system-ui, sans-serif; color: #fff; background: rgba(201, 100, 66, .94); padding: 5px 6px 5px 12px;
        border-radius: 999px; box-shadow: 0 2px 10px rgba(0,0,0,.25); pointer-events: none; }
      .stop { pointer-events: auto; font: 600 12px system-ui, sans-serif; border: 0; border-radius: 999px; padding: 4px 12px;
        background: #fff; color: #b3261e; cursor: pointer; }
      .stopped .stop { display: none; }
      .marker { position: fixed; width: 18px; height: 18px; margin: -9px 0 0 -9px; border-radius: 50%;
        border: 3px solid rgba(201,100,66,.95); background: rgba(201,100,66,.25); display: none; pointer-events: none; }
      .box { position: fixed; border: 2px solid rgba(201,100,66,.95); border-radius: 4px; background: rgba(201,100,66,.12);
        display: none; pointer-events: none; transition: opacity .6s; }
    `);
    root.adoptedStyleSheets = [sheet];
    // (HTML elements in any document: in an SVG or XML one, createElement makes elements
    // without a style.)
    const part = (tag, cls, parent, text) => {
      const el = document.createElementNS("http://www.w3.org/1999/xhtml", tag);
      el.className = cls;
      if (text) el.textContent = text;
      parent.appendChild(el);
      return el;
    };
    const banner = part("div", "banner", root);
    part("span", "label", banner, "Claude is controlling this tab");
    const stop = part("button", "stop", banner, "Stop");
    stop.title = "Stop Claude";
    const marker = part("div", "marker", root), box = part("div", "box", root);
    // Out of the tab order, so Claude's keys never reach it.
    stop.tabIndex = -1;
    stop.addEventListener("click", (e) => {
      // Only a person's real click counts; a page cannot forge one, and Claude's own input is not
      // a person's (the core ignores a Stop heard while Claude presses, and shows the stop).
      stop.blur();
      if (!e.isTrusted || inputBusy) return;
      if (typeof globalThis.tabwrightStop === "function") globalThis.tabwrightStop("stop");
    });
    // A manual popover, so it can be shown in the top layer.
    overlayHost.setAttribute("popover", "manual");
    (document.documentElement || document.body).appendChild(overlayHost);
    guardOverlay();
    toTop();
    overlayParts = { banner, stop, label: banner.firstChild, marker, box };
    watchStop();
    return overlayParts;
  }
  // The person must see that Claude controls the tab: a page that takes the overlay away
  // (removes its element, or restyles it) has it put back, at most ten times a second; a page
  // that keeps at it is reported to the core, which tells Claude.
  // The element's style as tabwright last set it: any other is the page's doing.
  let hostStyle = null, restores = [], toldFight = false, retry = null;
  // The page's modal dialogs in the order they opened (the last open one is the topmost), the
  // guard's restore, and whether the top-layer events are heard (once per document).
  let modalOrder = [], guardRestore = null, topHeard = false;
  function guardOverlay() {
    const restore = () => {
      if (!overlayHost) return;
      const now = performance.now();
      restores = restores.filter((t) => now - t < 1000);
      if (restores.length >= 10) {
        if (!toldFight) {
          toldFight = true;
          tellCore("overlay");
        }
        // Tried again in a second, whether or not the page changes anything meanwhile.
        if (!retry) retry = setTimeout(() => { retry = null; restore(); }, 1000);
        return;
      }
      let fixed = false;
      const holder = overlayHolder();
      if (holder && (!overlayHost.isConnected || overlayHost.parentNode !== holder)) {
        toTop();
        fixed = true;
      }
      if (hostStyle != null && overlayHost.getAttribute("style") !== hostStyle) {
        styleHost();
        fixed = true;
      }
      if (overlayHost.hidden) {
        overlayHost.hidden = false;
        fixed = true;
      }
      // An inert overlay would show a Stop that takes no click.
      if (overlayHost.hasAttribute("inert")) {
        overlayHost.removeAttribute("inert");
        fixed = true;
      }
      if (overlayHost.getAttribute("popover") !== "manual") {
        overlayHost.setAttribute("popover", "manual");
        fixed = true;
      }
      // (Moving it hides it for a moment, and it is shown again at once; only a page's hiding
      // leaves it hidden.)
      let shown = true;
      try {
        shown = overlayHost.matches(":popover-open");
      } catch {}
      if (overlayHost.isConnected && !shown) {
        toTop();
        fixed = true;
      }
      if (fixed) restores.push(now);
    };
    guardRestore = restore;
    const watch = new MutationObserver(restore);
    // The element's own attributes, and the children of where it lives (and of its holder's
    // parent, when a dialog holds it).
    watch.observe(overlayHost, { attributes: true });
    if (document.documentElement) watch.observe(document.documentElement, { childList: true });
    watchHolder = (el) => {
      watch.observe(el, { childList: true });
      if (el.parentNode) watch.observe(el.parentNode, { childList: true });
    };
    if (topHeard) return;
    topHeard = true;
    // Whatever the page puts in the top layer later (a popover, a dialog, a fullscreen element)
    // goes under the overlay again; the overlay hidden by the page is shown again.
    const dialogChanged = (d, open) => {
      modalOrder = modalOrder.filter((m) => m !== d);
      if (open && d.matches(":modal")) modalOrder.push(d);
      toTop();
    };
    addEventListener("toggle", (e) => {
      if (!overlayHost) return;
      const t = e.target;
      if (t === overlayHost) guardRestore?.();
      else if (t.localName === "dialog") dialogChanged(t, e.newState === "open");
      else if (e.newState === "open" && t.hasAttribute("popover")) toTop();
    }, true);
    addEventListener("close", (e) => { if (overlayHost && e.target.localName === "dialog") dialogChanged(e.target, false); }, true);
    document.addEventListener("fullscreenchange", () => toTop(), true);
  }
  // Where the overlay lives: inside the topmost open modal dialog (everything outside one is
  // inert, so the Stop button could not be pressed), else at the document's root.
  function overlayHolder() {
    const root = document.documentElement || document.body;
    let modals = modalOrder.filter((d) => d.isConnected && d.matches(":modal"));
    if (!modals.length) {
      try {
        modals = [...document.querySelectorAll("dialog:modal")];
      } catch {}
    }
    if (!modals.length && deepModal?.isConnected && deepModal.matches(":modal")) modals = [deepModal];
    return modals.length ? modals[modals.length - 1] : root;
  }
  // A modal dialog or popover inside a shadow root sends no event the document hears. Twice a
  // second (timers of a tab in the background run less often), and as the person's pointer
  // moves, the point of the banner's Stop button is checked: when something else is hit there,
  // the modal dialogs of the shadow roots are looked for, and the banner goes inside the open
  // one, or back on top.
  let deepModal = null, stopWatch = null, stopChecked = 0, missed = null;
  function watchStop() {
    if (stopWatch || window !== window.top) return;
    stopWatch = setInterval(checkStop, 500);
    addEventListener("pointermove", (e) => {
      if (e.isTrusted && performance.now() - stopChecked > 200) checkStop();
    }, true);
  }
  function checkStop() {
    stopChecked = performance.now();
    if (!overlayHost?.isConnected || !overlayParts) return;
    const r = overlayParts.stop.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const hitNow = () => document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const hit = hitNow();
    if (hit === overlayHost) return void (missed = null);
    // What the last move could not get above: moved again only once something else is there.
    if (hit === missed) return;
    deepModal = null;
    for (const root of listenerRoots()) {
      if (!(root instanceof ShadowRoot)) continue;
      let found = null;
      try {
        found = root.querySelector("dialog:modal");
      } catch {}
      if (found) deepModal = found;
    }
    // Inside a shadow root the banner is hit as that root's host: not moved again once there.
    if (deepModal && overlayHost.parentNode === deepModal) return;
    toTop();
    const after = hitNow();
    missed = after === overlayHost ? null : after;
  }
  // The overlay in the top layer, above anything the page stacks with z-index, and above the
  // page's own top-layer elements; the top layer places it on the viewport wherever it lives.
  let watchHolder = null;
  function toTop() {
    if (!overlayHost || typeof overlayHost.showPopover !== "function") return;
    const holder = overlayHolder();
    if (!holder) return;
    try {
      if (overlayHost.parentNode !== holder) {
        holder.appendChild(overlayHost);
        if (watchHolder && holder !== (document.documentElement || document.body)) watchHolder(holder);
      }
      if (overlayHost.matches(":popover-open")) overlayHost.hidePopover();
      overlayHost.showPopover();
    } catch {
      // A document where popovers cannot show: the z-index stands.
    }
  }
  function stopped(is) {
    const o = overlay();
    if (!o) return;
    o.banner.classList.toggle("stopped", is);
    o.label.textContent = is ? "Claude was stopped. Resume from the tabwright button." : "Claude is controlling this tab";
  }
  // The banner's last asked-for state: a showing put off until the document has an element
  // shows that, never the state of its own (older) request.
  let wantStopped = null, showPending = false;
  function showOverlay(state) {
    if (window !== window.top) return;
    if (state && "stopped" in state) wantStopped = state.stopped;
    if (!document.documentElement) {
      // A document still being parsed: shown as soon as it has an element to hold it.
      if (!showPending) {
        showPending = true;
        document.addEventListener("readystatechange", () => { showPending = false; showOverlay(); }, { once: true });
      }
      return;
    }
    if (overlay()) styleHost("1");
    if (wantStopped !== null) stopped(wantStopped);
  }
