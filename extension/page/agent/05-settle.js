  // Waiting for the page to hold still: boxes fading in or out, animations, a quiet page, busy
  // indicators.

  function appearing(el) {
    let fading = false;
    for (let e = el, i = 0; e && i < 60; e = flatParent(e), i++) {
      if (getComputedStyle(e).opacity !== "0") continue;
      // Every box that holds it at opacity 0 must be on its way to showing it.
      if (!fadesIn(e)) return false;
      fading = true;
    }
    return fading;
  }
  // Whether an animation or transition of `e` takes it from opacity 0 to a visible opacity and
  // ends soon (a popup's fade takes a fraction of a second; one that waits for minutes, repeats
  // forever or ends at 0 hides what it holds).
  const FADE_MS = 1500;
  function fadesIn(e) {
    try {
      return e.getAnimations().some((a) => {
        if (a.playState !== "running" || !a.effect) return false;
        const timing = a.effect.getComputedTiming();
        if (!Number.isFinite(timing.endTime) || timing.endTime - (a.currentTime ?? 0) > FADE_MS) return false;
        const frames = a.effect.getKeyframes().filter((k) => "opacity" in k);
        const last = frames[frames.length - 1];
        if (!last) return false;
        // A fade that names only where it starts (`from { opacity: 0 }`) ends at the box's own opacity.
        return last.computedOffset < 1 ? frames.length === 1 && last.computedOffset === 0 : parseFloat(last.opacity) > 0;
      });
    } catch {
      return false;
    }
  }

  // The boxes whose running animation or transition takes them to opacity 0 soon (with `keep`,
  // none), and whether anything on the page is moving to an end soon.
  function fadingOut(keep) {
    const vanishing = new Set();
    let animating = false;
    let all = [];
    try {
      all = document.getAnimations();
    } catch {}
    for (const a of all.slice(0, 500)) {
      try {
        if (!endsSoon(a, FADE_MS)) continue;
        animating = true;
        if (keep || !a.effect.target || a.effect.pseudoElement) continue;
        const frames = a.effect.getKeyframes().filter((k) => "opacity" in k);
        const last = frames[frames.length - 1];
        if (last && last.computedOffset === 1 && parseFloat(last.opacity) === 0 && frames.length > 1 && parseFloat(frames[0].opacity) > 0) vanishing.add(a.effect.target);
      } catch {}
    }
    return { vanishing, animating };
  }
  // Resolves once three frames have passed in which the page changed nothing (at most `ms`, or
  // more on a machine that draws slowly; see below): a popup a click opened is placed, shown and
  // set moving over the page's next frames, with a frame or two between the steps (Ant Design's
  // menus). Quiet time before the call counts: a page that has not changed for that long (a read
  // right after a load that settled) is drawn once, and read.
  const CALM_MS = 50;
  // `frames`: frames to wait for at least, however long the page was still before (a router
  // draws the view of an address changed within the document a frame or two after the change).
  // The wait ends after `ms` and as many frames as a display draws in that time, whichever
  // comes later: a busy machine that draws a frame in 30 ms instead of 17 gives the page the
  // frames it would have had (up to twice `ms`).
  //
  // `input`: when the input the wait is for began (for a navigate, when its load was done):
  // nodes in a run of changes that began a second or more before it (see noteChurn) are not
  // waited for.
  function quiet(ms, frames = 0, input = -Infinity) {
    return new Promise((resolve) => {
      let changed = performance.now() - lastChangeFor(input) < CALM_MS, still = 0, drawn = 0, scrolled = false;
      const seen = new MutationObserver((records) => { if (pageChanged(records, input)) changed = true; });
      seen.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      // The page or a box in it scrolling (smoothly, as `scroll-behavior: smooth` scrolls to
      // an anchor, or a script's scrollIntoView) is a change too, and is waited out for longer.
      // (Not a box that has scrolled on its own since RUN_MS before the input: a ticker.)
      const scrolling = (e) => {
        const run = scrollRuns.get(e.target);
        if (!run || run.from > input - RUN_MS) changed = scrolled = true;
      };
      addEventListener("scroll", scrolling, { capture: true, passive: true });
      const start = performance.now(), until = start + ms, enough = Math.ceil(ms / 17);
      const longest = () => start + (scrolled ? Math.max(2 * ms, SCROLL_MS) : 2 * ms);
      const done = () => {
        seen.disconnect();
        removeEventListener("scroll", scrolling, { capture: true });
        resolve(true);
      };
      const frame = () => {
        drawn += 1;
        still = changed ? 0 : still + 1;
        const now = performance.now();
        // (A smooth scroll the input began, a script's scrollIntoView, is heard some three
        // frames after it: nothing is taken as still before then.)
        const settled = now - input >= SCROLL_HEARD_MS && (still >= 3 || (still >= frames && !changed && now - lastChangeFor(input) >= CALM_MS));
        if (settled || (now > until && drawn >= enough && !(scrolled && still === 0)) || now > longest()) return done();
        changed = false;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      // A hidden tab draws no frames.
      setTimeout(() => drawn || done(), ms);
      setTimeout(done, Math.max(2 * ms, SCROLL_MS));
    });
  }
  const SCROLL_HEARD_MS = 80;
  // How long a read waits at most for a smooth scroll to end (the browser takes longer over a
  // longer way, some 1.3 s over a few screens).
  const SCROLL_MS = 2000;
  // Each scrolling box's run of scrolls: when it began and when it last scrolled. A run is
  // scrolls frame after frame: one that pauses for a few frames has ended (a read right behind
  // a smooth scroll waits for three frames of no change before the next input comes).
  const scrollRuns = new WeakMap();
  const SCROLL_GAP_MS = 60;
  addEventListener("scroll", (e) => {
    const now = performance.now(), run = scrollRuns.get(e.target);
    if (run && now - run.last <= SCROLL_GAP_MS) run.last = now;
    else scrollRuns.set(e.target, { from: now, last: now });
  }, { capture: true, passive: true });
  // Animations the last press set going beside what it pressed (a panel sliding open, a menu
  // fading in; a component's are in its shadow root, which the document's list leaves out), for
  // a read right behind the press to wait for. (One that takes longer, or starts later, is not
  // waited for: the read shows where it is.)
  const OPENING_MS = 700;
  const STARTED_BEFORE_MS = 250;
  let inputAnimations = [];
  // `since`: only those started about then or later, or about to start (a timeline's times count
  // from the time origin, as an event's timeStamp does; an animation's start is the time of the
  // frame it started in, which may be a frame or more before the event that started it).
  function animationsAround(el, since) {
    const roots = new Set([document]);
    for (let n = el, i = 0; n && i < 60; n = flatParent(n), i++) {
      const root = n.getRootNode?.();
      if (root && root !== document && root.getAnimations) roots.add(root);
      const own = shadowOf(n);
      if (own) roots.add(own);
    }
    const out = [];
    for (const root of roots) {
      try {
        out.push(...root.getAnimations().filter((a) => endsSoon(a, OPENING_MS) && (since == null || a.startTime == null || a.startTime >= since - STARTED_BEFORE_MS) && movesWhatIsRead(a)));
      } catch {}
    }
    return out;
  }
  // Properties whose change only repaints what is there, moving nothing and showing or hiding
  // nothing: the colours, shadows and outline a button takes on under the pointer, as it is
  // pressed or focused (Bootstrap's and Tailwind's buttons fade them over 150 ms).
  const PAINT_ONLY = new Set(["color", "background-color", "border-color", "border-top-color", "border-right-color", "border-bottom-color", "border-left-color", "border-block-start-color", "border-block-end-color", "border-inline-start-color", "border-inline-end-color", "outline-color", "outline-width", "outline-offset", "box-shadow", "text-shadow", "text-decoration-color", "fill", "stroke", "caret-color", "column-rule-color", "accent-color"]);
  const KEYFRAME_KEYS = new Set(["offset", "computedOffset", "easing", "composite"]);
  // Whether an animation changes what a read or a screenshot shows. It does not when it changes
  // only paint-only properties (see PAINT_ONLY), or animates a decoration (see decoration) or a
  // `::before` or `::after` of a small box that writes no words: the ripple Material UI,
  // Angular Material and Vuetify spread from a press for half a second.
  function movesWhatIsRead(a) {
    try {
      const target = a.effect?.target, pseudo = a.effect?.pseudoElement;
      if (target instanceof Element) {
        if (!pseudo && decoration(target)) return false;
        if (/^::?(before|after)$/.test(pseudo || "") && small(target) && !/[\p{L}\p{N}]/u.test(getComputedStyle(target, pseudo).content)) return false;
      }
      if (a.transitionProperty) return !PAINT_ONLY.has(a.transitionProperty);
      const props = animatedProperties(a.effect.getKeyframes());
      return props.length === 0 || props.some((p) => !PAINT_ONLY.has(p));
    } catch {
      return true;
    }
  }
  // Whether an animation changes only opacity (and paint-only properties), to a value above 0.
  function onlyFadesIn(a) {
    try {
      const frames = a.effect.getKeyframes();
      const props = animatedProperties(frames).filter((p) => !PAINT_ONLY.has(p));
      return props.length === 1 && props[0] === "opacity" && parseFloat(frames[frames.length - 1].opacity) > 0;
    } catch {
      return false;
    }
  }
  function animatedProperties(frames) {
    const props = new Set();
    for (const k of frames) for (const p of Object.keys(k)) if (!KEYFRAME_KEYS.has(p)) props.add(p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
    return [...props];
  }
  // A decoration: a small box laid over the page (positioned absolutely, or inside such a box),
  // outside any drawing, that lets the pointer through, as all it holds does, and holds no words,
  // pictures, fields or controls. (A sheet sliding in whose own box lets the pointer through and
  // its content takes it again, as Bootstrap's modal dialog and Ant Design's drawer do, is none.)
  const PICTURES = "img, svg, video, canvas, iframe, input, select, textarea, slot";
  function decoration(el) {
    const style = getComputedStyle(el);
    if (style.pointerEvents !== "none" || !small(el) || el.closest("svg") || shadowOf(el)) return false;
    const laid = (s) => s.position === "absolute" || s.position === "fixed";
    if (!laid(style) && !(el.parentElement && laid(getComputedStyle(el.parentElement)))) return false;
    const held = `${PICTURES}, ${CONTROLS}`;
    if (el.matches(held) || el.querySelector(held) || /[\p{L}\p{N}]/u.test(el.textContent || "")) return false;
    const inner = el.getElementsByTagName("*");
    if (inner.length > 20) return false;
    for (const e of inner) if (getComputedStyle(e).pointerEvents !== "none" || shadowOf(e)) return false;
    return true;
  }
  // Whether a box covers at most a quarter of the viewport.
  function small(el) {
    const r = el.getBoundingClientRect();
    return r.width * r.height <= (innerWidth * innerHeight) / 4;
  }
  // Before a read that follows a press, a key or a hover: what it set going has ended and been drawn (at
  // most `ms` for its animations), and, when it was a moment ago (`fresh`) or something moved,
  // three frames have passed that change nothing. A key's are looked for beside the focus and a
  // hover's beside what the pointer moved onto; a press's were noted as it ended, as one may end
  // before the read, its end not yet handed to the page.
  //
  // `busyMs`: how long it may wait, besides, for the page to stop saying it is busy (see
  // busyShown): the results a demo or an app draws after a timer, behind a spinner.
  //
  // `loaded`: the input was a load a moment ago ("read", or "capture" when a screenshot follows,
  // whose capture draws a frame of its own first). A page that has not changed since its load
  // event (nor, as the core saw, fetched since) is drawn as it will stay, and is not waited for;
  // one that has is waited for as after a press. Its animations that end soon (a page that
  // fades or slides its content in) are waited for either way, but for those that change
  // nothing a read or a screenshot shows (see movesWhatIsRead).
  //
  // `inputAt`: when the input began (see quiet), by the system clock (`Date.now()`, which the
  // core reads too; a frame earlier, for the clocks' grain).
  //
  // `capture`: a screenshot or a zoom follows. A read lists what fades in as soon as it is there
  // (see hiddenReason), and what fades out as gone: it does not wait for an animation of opacity
  // alone that ends above 0 (a tooltip, a control shown on hover, fading in).
  const SOON_AFTER_LOAD_MS = 100;
  async function drawnAfterInput(ms, fresh, busyMs, loaded, inputAt = -Infinity, capture = true) {
    const input = performance.now() - (Date.now() - inputAt) - 17;
    // (One cancelled since it was noted, as a transition is when the page turns it back, would
    // hand out a promise that never settles.)
    const moving = new Set(inputAnimations.filter((a) => a.playState === "running"));
    inputAnimations = [];
    let routed = false;
    if (loaded) {
      const entry = performance.getEntriesByType("navigation")[0];
      const load = entry?.loadEventEnd || 0;
      // (What the load handler set for the next frame or task is drawn by then: a frame is let
      // pass when the load was a moment ago. A navigate within the document, a hash or history
      // move, changed the address since the load: its router is waited for.)
      if (loaded === "read" && load && performance.now() - load < SOON_AFTER_LOAD_MS) await new Promise((r) => { requestAnimationFrame(() => setTimeout(r, 0)); setTimeout(r, 50); });
      routed = !!load && entry.name !== location.href;
      if (!load || lastChange >= load || routed) fresh = true;
      try {
        for (const a of document.getAnimations()) if (endsSoon(a, ms) && movesWhatIsRead(a)) moving.add(a);
      } catch {}
    }
    for (const a of animationsAround(deepActiveElement())) moving.add(a);
    if (lastMove && performance.now() - lastMove.t < ms) for (const a of animationsAround(lastMove.el, lastMove.t)) moving.add(a);
    if (!capture) for (const a of moving) if (onlyFadesIn(a)) moving.delete(a);
    if (moving.size) await Promise.race([Promise.allSettled([...moving].map((a) => a.finished)), wait(ms)]);
    const busy = busyMs > 0 && (await busyEnded(busyMs));
    // A field of the ARIA combobox pattern that typing just went into, whose list is still
    // closed: its page may open it after a pause of its own (a search as you type waits 300 to
    // 500 ms for the typing to stop), which is waited for, up to 900 ms after the typing began.
    const [box, typedAt] = typedInto;
    if (fresh && box && box === deepActiveElement() && box.value && (box.getAttribute("role") === "combobox" || /list|both/.test(box.getAttribute("aria-autocomplete") || ""))) {
      while (box.getAttribute("aria-expanded") === "false" && performance.now() - typedAt < 900) await wait(50);
      typedInto = [null, 0];
    }
    if (fresh || moving.size || busy) await quiet(QUIET_MS, routed ? 3 : 0, input);
    return moving.size;
  }
  // What says, in view, that the page is still at work on what to show: a region marked
  // `aria-busy`, an indeterminate progress bar, a spinner, loader or skeleton (by the class
  // every library names them with; one that holds controls or words other than "Loading…" is a
  // wrapper, as Ant Design's `ant-spin-nested-loading` around a table is, and a control is one
  // only when a class says it is loading, as Bulma's `is-loading` button, never a number field's
  // spinner buttons), or a short line that says so ("Loading…", a button's "Creating…").
  const BUSY = '[aria-busy="true"], [role="progressbar"]:not([aria-valuenow]), progress:not([value]), [class*="spinner" i], [class*="loader" i], [class*="skeleton" i], [class*="loading" i]';
  // (A word of work going on, then an ellipsis: "Creating…", "Uploading 3 files...", "Please
  // wait…", and a few other languages' "Loading…".)
  const BUSY_WORDS = /^\s*(\p{L}+ing|please wait|just a moment|one moment|cargando|carregando|chargement|caricamento|laden|wird geladen)\b.{0,40}(…|\.\.\.)\s*$/iu;
  const LOADING_CLASS = /(^|\s)(is-)?loading(\s|$)/i;
  function busyShown() {
    const out = [];
    for (const el of document.querySelectorAll(BUSY)) {
      const words = (el.textContent || "").trim();
      const control = el.matches(CONTROLS) && !LOADING_CLASS.test(typeof el.className === "string" ? el.className : "");
      const wrapper = el.getAttribute("aria-busy") !== "true" && (control || el.querySelector(CONTROLS) || (words !== "" && !BUSY_WORDS.test(words)));
      if (!wrapper && busyInView(el)) out.push({ el });
    }
    const walk = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(), i = 0; n && i < 50000; n = walk.nextNode(), i++) {
      // (A link's words go somewhere: "Reading list…" is no work going on.)
      // (An option's words show in its drop-down when it is the chosen one: a list still being
      // filled says "Loading…" there.)
      const parent = n.parentElement;
      const shown = parent?.localName === "option" ? (parent.selected ? parent.closest("select") : null) : parent;
      if (n.nodeValue.length < 80 && BUSY_WORDS.test(n.nodeValue) && shown && !parent.closest("a[href]") && busyInView(shown)) out.push({ el: shown, text: n });
    }
    // What was busy through a whole wait is not waited for while it stays so; once it is not,
    // it is forgotten (a loader the page shows again later is waited for again).
    for (const el of stuckBusy) if (!out.some((b) => b.el === el)) stuckBusy.delete(el);
    return out.filter((b) => !stuckBusy.has(b.el));
  }
  function busyInView(el) {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  }
  // Waits (at most `ms`) until what said the page was busy is gone, hidden or says otherwise;
  // whether there was any.
  async function busyEnded(ms) {
    const until = performance.now() + ms;
    let busy = busyShown();
    const was = busy.length > 0;
    while (busy.length && performance.now() < until) {
      await wait(30);
      busy = busy.filter(({ el, text }) => el.isConnected && busyInView(el) && (text ? text.isConnected && BUSY_WORDS.test(text.nodeValue) : el.matches(BUSY)));
    }
    // Still busy after a whole wait (a region marked busy for good, a dashboard's spinner that
    // never stops): not waited for again while it stays so, or every read after an input would
    // wait.
    if (ms >= STUCK_MS) for (const { el } of busy) if (stuckBusy.size < 50) stuckBusy.add(el);
    return was;
  }
  const stuckBusy = new Set();
  const STUCK_MS = 1500;
  const QUIET_MS = 300;
  // Resolves once the animations running on the page that end soon have ended (at most `ms`),
  // and what their ends set off has run.
  function animationsEnd(ms) {
    let ending = [];
    try {
      ending = document.getAnimations().filter((a) => endsSoon(a, FADE_MS));
    } catch {}
    return Promise.race([Promise.allSettled(ending.map((a) => a.finished)), wait(ms)]).then(() => wait(30)).then(() => ending.length);
  }
