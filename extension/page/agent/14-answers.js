  // Answers to input: when the page has taken it, what it drew, announced or started.

  // Claude's input must never land on the Stop button: it ignores clicks while input is sent.
  let inputBusy = false, busyTimer = null;
  function inputStart(x, y, ref) {
    inputBusy = true;
    // Never for long: the person's Stop must work again even if no end arrives.
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => { inputBusy = false; }, 1000);
    if (x != null) markPointer(x, y);
    if (ref != null) highlight(ref);
  }
  function inputEnd() {
    inputBusy = false;
  }
  // Whether the document is a PDF, which the browser's own viewer draws: its text is out of reach.
  const isPdf = () => document.contentType === "application/pdf";
  // Whether the document shows any content: text, or an image, control or frame, also inside the
  // shadow roots of web components (one whose closed root is not known counts when it takes up
  // room), or a PDF.
  function hasContent() {
    // A PDF shows what the browser's viewer draws, out of the document's reach.
    if (isPdf()) return true;
    const body = document.body;
    if (!body) {
      // A document that is not HTML (an SVG or XML one) shows what its root holds.
      const root = document.documentElement;
      return !!root && !(root instanceof HTMLElement) && (root.firstElementChild !== null || root.textContent.trim() !== "");
    }
    return holdsContent(body, 0);
  }
  function holdsContent(root, depth) {
    if (root.querySelector("img,svg,canvas,video,input,button,select,textarea,iframe,frame,embed,object")) return true;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (SKIP_TAGS.has(n.parentElement?.tagName) || !n.data.trim() ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_ACCEPT),
    });
    if (walker.nextNode() !== null) return true;
    if (depth > 8) return false;
    for (const el of root.querySelectorAll("*")) {
      if (!el.localName.includes("-")) continue;
      const inner = shadowOf(el);
      if (inner ? holdsContent(inner, depth + 1) : el.getBoundingClientRect().height > 0) return true;
    }
    return false;
  }
  // Whether the document shows anything yet (see hasContent); when not, waits up to `ms` for it
  // to draw its first content, then for a frame. An app that renders itself after its load event
  // is then read as it looks, not as an empty page.
  function firstContent(ms) {
    // "shown": nothing was waited for.
    if (hasContent()) return "shown";
    return new Promise((resolve) => {
      let timer = null;
      const done = (drawn) => {
        observer.disconnect();
        clearTimeout(timer);
        // A hidden tab draws no frames: the timer answers for it.
        requestAnimationFrame(() => resolve(drawn));
        setTimeout(() => resolve(drawn), 50);
      };
      const observer = new MutationObserver(() => { if (hasContent()) done(true); });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
      timer = setTimeout(() => done(false), ms);
    });
  }
  // Resolves once the page has drawn its next frame and run the tasks its frame callbacks
  // queued (a hidden tab draws none: 100 ms then).
  function nextFrame() {
    return Promise.race([new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))), wait(100)]);
  }
  // Before a drag's release: whether the page began an HTML5 drag, and whether it answered the
  // drag since its press (drew a ghost or a placeholder, moved the item), after its next frame
  // (a page that follows the pointer once per frame has the item at the target then).
  async function dragAnswered() {
    await nextFrame();
    return { began: takeDragStarts() > 0, answered: !!lastPress && lastChange > lastPress.t };
  }
  // Resolves once the pointer has rested `ms` since its last move, and the page drew a frame
  // after that (SortableJS in its own drag mode looks where the pointer is every 50 ms).
  async function pointerRested(ms) {
    if (lastMove) await wait(ms - (performance.now() - lastMove.t));
    await nextFrame();
  }
  // Before pointer input at a viewport point, in one call: what is there (for the
  // acknowledgement), and the overlay's marker (the Stop button kept out of Claude's input).
  function pointerAt(x, y, next, overlay) {
    dragStarts = [];
    dragEnd = null;
    dragHere = false;
    arm();
    noteLive();
    guarded = null;
    const found = describeAt(x, y, next);
    if (overlay) inputStart(x, y, null);
    found.view = { w: innerWidth, h: innerHeight };
    return found;
  }
  // After Claude's pointer input at a viewport point, in one call: the input's end (the Stop
  // button takes a person's clicks again), the overlay's marker there and, with `describeIt`,
  // what the press reached (what is there now when no press was seen, as in another frame).
  //
  // A click's answer is asked for right behind its events, so it can arrive before them: with
  // `presses`, it waits until that many releases at the point have been dispatched, then for the
  // end of their task (the click and what its handlers set off), or until pressDone(seq) says
  // the browser has answered every event of the click (a press in another frame, or outside the
  // viewport, is never seen here), or a second at most.
  // What the page's live regions (alerts, statuses) said when Claude last looked (a read, an
  // input's answer, an input about to begin), to tell after an input what they announced since
  // (a form's "Enter a postcode", "Saved").
  const LIVE_SEL = "[role=alert],[role=status],[aria-live=assertive],[aria-live=polite]";
  let liveBefore = null;
  function liveNow() {
    const now = new Map();
    for (const el of [...document.querySelectorAll(LIVE_SEL)].slice(0, 40)) now.set(el, el.checkVisibility?.({ visibilityProperty: true }) === false ? "" : clean(el.innerText || "", 300));
    return now;
  }
  function noteLive() {
    try {
      liveBefore = liveNow();
    } catch {
      liveBefore = null;
    }
  }
  // The words live regions took on since then (at most three, each once).
  function liveSaid() {
    const before = liveBefore;
    noteLive();
    if (!before || !liveBefore) return null;
    const said = [];
    for (const [el, t] of liveBefore) if (t && before.get(el) !== t && !said.some((s) => s.includes(t))) said.push(t);
    return said.length ? said.slice(0, 3) : null;
  }
  // A press that moved the page to a new fragment (a tab or view a link names by #) is
  // answered once the page's hashchange handlers have shown that view (they run in a task after
  // the press's, and often retitle the page), a tenth of a second at most.
  function afterInput(...args) {
    // (Asked for before the press comes: where it left the page is read once it is answered.)
    const moved = () => {
      const at = pressedAt;
      return !!at && performance.now() - at.t < 5000 && location.href !== at.href && location.href.split("#")[0] === at.href.split("#")[0] && hashchanged < at.t;
    };
    return Promise.resolve(afterInputNow(...args)).then((value) => !moved() ? value : new Promise((resolve) => {
      const done = () => { removeEventListener("hashchange", heard); clearTimeout(timer); resolve(value); };
      const heard = () => setTimeout(done, 0);
      const timer = setTimeout(done, 100);
      addEventListener("hashchange", heard);
    }));
  }
  function afterInputNow(x, y, describeIt, overlay, presses, seq, button, next, aimed = null) {
    const released = () => ups.filter((u) => u.button === button && Math.abs(u.x - x) <= 1 && Math.abs(u.y - y) <= 1).length >= presses;
    // (A form the click sent asks for its page in a task of its own: the answer waits until
    // that navigation has begun, a tenth of a second at most, so the result tells of it.)
    const t = performance.now();
    const sending = () => presses && button === 0 && formLeaving(lastPress?.t ?? t);
    if (!presses || released() || releasedSeq >= seq) {
      const now = () => answerInput(x, y, describeIt, overlay, presses && button === 0, next, aimed);
      return sending() ? new Promise((resolve) => afterNavigateBegins(() => resolve(now()), 100)) : now();
    }
    return new Promise((resolve, reject) => {
      let done = false;
      const go = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        upWaiter = releaseWaiter = null;
        // A failure is the call's answer too: thrown in a timer, it would leave the call waiting
        // out its limit.
        try {
          resolve(answerInput(x, y, describeIt, overlay, button === 0, next, aimed));
        } catch (e) {
          reject(e);
        }
      };
      const timer = setTimeout(go, 1000);
      const sent = () => (sending() ? afterNavigateBegins(go, 100) : go());
      upWaiter = () => { if (released()) { upWaiter = null; setTimeout(sent, 0); } };
      releaseWaiter = (s) => { if (s >= seq) sent(); };
    });
  }
  // After keys that press what has focus (Enter, Space), asked for before them: waits until
  // `presses` releases of those `keys` have been dispatched (here or in a same-origin frame),
  // and the page's handlers of the last have run, or until pressDone(seq) says the browser has
  // answered every key (this document never sees keys that went to another site's frame), or a
  // second at most. The field a form they were to send was stopped at is the answer.
  function afterKeys(keys, presses, seq) {
    const t0 = performance.now();
    // Releases dispatched before this call came count (unless another call came between, or
    // long ago: a person's).
    let seen = keyUps.filter((u) => keys.includes(u.key) && t0 - u.t < 1000).length;
    // (The keys often reach the page before this call: what the live regions said is taken
    // from the page's last read or answer.)
    guarded = null;
    const answer = (timedOut) => ({ invalid: takeInvalid(), timedOut, said: liveSaid() });
    if (releasedSeq >= seq) return answer(false);
    hookFrames(document, 0);
    return new Promise((resolve, reject) => {
      let done = false, decided = false;
      const finish = (timedOut) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        keyupWaiter = releaseWaiter = keysAlive = null;
        // A failure is the call's answer too: thrown in a timer, it would leave the call waiting
        // out its limit.
        try {
          resolve(answer(timedOut));
        } catch (e) {
          reject(e);
        }
      };
      const go = () => finish(false);
      let timer = setTimeout(() => finish(true), 1000);
      keysAlive = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(true), 1000);
      };
      // What the keys set off, once the page has had its say: a form they sent (no script
      // stopped it) is on its way in a task queued before, so the answer waits until its
      // navigation has begun (a tenth of a second at most); a link or button they pressed
      // (which may send one), for the next task.
      const decide = () => {
        if (decided) return;
        decided = true;
        if (formLeaving(lastActivatingKey)) afterNavigateBegins(go, 100);
        else if (activated >= lastActivatingKey) setTimeout(go, 0);
        else go();
      };
      // Once released, and the page's own handlers of the release have run (at the end of its
      // dispatch, or the next task when a handler stopped it short of the window). Space
      // presses a button, and ticks a box, at its release, after the dispatch: a task later.
      // (The browser's word that it has answered the keys no longer cuts this short.)
      const released = (e) => {
        keyupWaiter = releaseWaiter = null;
        const later = () => (globalThis.scheduler?.postTask ? scheduler.postTask(decide, { priority: "user-blocking" }) : setTimeout(decide, 0));
        if (!e) return decide();
        if (e.key !== " ") (e.view || window).addEventListener("keyup", decide, { once: true });
        later();
      };
      if (seen >= presses) released(null);
      else keyupWaiter = (e) => { if (keys.includes(e.key) && ++seen >= presses) released(e); };
      releaseWaiter = (s) => { if (s >= seq) go(); };
    });
  }
  function pressDone(seq) {
    releasedSeq = Math.max(releasedSeq, seq);
    if (releaseWaiter) releaseWaiter(seq);
  }
  // `primary`: the input was a click of the primary button. A file input whose chooser is on its
  // way is handed a ref numbered from `next`, so the result can name it without waiting for the
  // browser's word on the chooser.
  //
  // `aimed`: the ref the press was aimed at. When the press reached something else on the page
  // (the page moved or swapped the element as the pointer came), the answer names what it
  // reached (`astray`).
  function answerInput(x, y, describeIt, overlay, primary, next, aimed) {
    arm();
    inputEnd();
    const press = lastPress;
    lastPress = null;
    // A file input clicked since this press, and not prevented: its chooser is on its way.
    const chooser = !!(fileClick && press && fileClick.timeStamp >= press.t && !fileClick.defaultPrevented);
    let input = null;
    try {
      if (chooser && next != null) input = handOut(fileClickEl, next);
    } catch {}
    fileClick = fileClickEl = null;
    // A link this press clicked that downloads: the core waits for the download to begin.
    const download = !!(downloadClick && press && downloadClick.timeStamp >= press.t && !downloadClick.defaultPrevented);
    downloadClick = null;
    // Notes for the result, in the agent's words (the core adds them as they are).
    const notes = [];
    // The control an element is part of (a press on its picture or words is a press on it).
    const control = (n) => n?.closest?.(`${CONTROLS},label,[onclick]`) || null;
    // The page moved what the press went down on before the button came up (a message a
    // field's check put above it as the field lost the focus): the click reached a box around
    // it, not it. (Only when it no longer lies under the press: a menu that opens as the button
    // goes down and lets no pointer through until it closes sends the click to the page around
    // it too.)
    const down = control(press?.el);
    try {
      const up = lastClick && press && lastClick.t >= press.t ? lastClick.el : null;
      const box = down?.getBoundingClientRect();
      const under = box && press.x >= box.left && press.x <= box.right && press.y >= box.top && press.y <= box.bottom;
      if (primary && down && up && up !== down && up.contains(down) && !under) notes.push(`The press went down on ${describe(down)}, but the page moved it before the button came up, so the click reached ${describe(up)} instead, and may not have done what was meant. Read the page or take a screenshot before going on.`);
    } catch {}
    lastClick = null;
    // Fields the page marked invalid in answer to a press on a form's button (a form that
    // checks itself), with what the page says of each.
    const sends = down?.form && /^(submit|image)$/.test(down.type);
    const invalidNow = press && sends ? [...new Set(markedInvalid.filter(([el, t]) => t >= press.t && el.isConnected && el.getAttribute("aria-invalid") === "true").map(([el]) => el))] : [];
    markedInvalid = [];
    if (invalidNow.length) {
      const each = invalidNow.slice(0, 4).map((el) => {
        const why = clean(byIds(el, "aria-errormessage").concat(byIds(el, "aria-describedby")).filter((e) => seen(e)).map((e) => e.textContent).join(" "), 120);
        return `${describe(el)}${why ? `: "${why.replace(/"/g, "'")}"` : ""}`;
      });
      notes.push(`The page marked ${invalidNow.length === 1 ? "a field" : `${invalidNow.length} fields`} invalid in answer: ${each.join("; ")}${invalidNow.length > 4 ? "; …" : ""}. Fix ${invalidNow.length === 1 ? "it" : "them"} as it says, then send the form again.`);
    }
    const targeted = !!(windowClick && press && windowClick.timeStamp >= press.t && !windowClick.defaultPrevented);
    windowClick = null;
    // A form this press was to send, stopped by the browser at a field it found invalid.
    const stopped = stoppedSince(press ? press.t : framePress >= 0 ? framePress : null);
    const pressed = press && Math.abs(press.x - x) <= 1 && Math.abs(press.y - y) <= 1 && performance.now() - press.t < 5000;
    // What the press reached, here or at this point in a same-origin frame.
    const reached = pressed ? press.el : !press && framePress >= 0 && performance.now() - framePress < 5000 ? pressedInFrame(x, y) : null;
    framePress = -1;
    framePressAt = null;
    // No press arrived, at a point the viewport does not hold (the window shrank after the
    // screenshot Claude read): the input reached nothing. (A press that arrived counts even if
    // its click then changed the viewport.)
    if (!pressed && (x >= innerWidth || y >= innerHeight)) return { outside: true };
    if (overlay) markPointer(x, y);
    // What is at the point: what the press reached, or else what lies there now.
    const atPoint = pressed ? press.el : deepElementAt(x, y).el;
    inputAnimations = animationsAround(atPoint, press?.t);
    if (primary) clickedField = reached ? fieldPressed(reached) : null;
    let what = !describeIt ? null : onScrollbar(x, y) ? PAGE_SCROLLBAR : pressed ? describe(press.el) : describeAt(x, y).what;
    // A control the page disabled took the click and did nothing with it.
    if (what && primary) {
      if (atPoint?.closest?.("button, input, select, textarea, option, optgroup")?.matches(":disabled")) what += ", which is disabled, so the click did nothing";
    }
    try {
      const target = reached && aimed != null ? resolveEl(aimed) : null;
      if (target && reached.isConnected && !pressReaches(target, target.getBoundingClientRect())(reached)) {
        // (A press on another part of the control the element is in is a press on it: a link's
        // overlay shown on hover over its picture.)
        const own = control(target);
        if (!own || own !== control(reached)) notes.push(`The press did not reach the element aimed at: it reached ${describe(reached)}. The page moved or replaced that element as the pointer came to it; read the page again before going on.`);
      }
    } catch {}
    // A drop-down list the press opened: its options show in a list of the browser's own,
    // which no screenshot holds.
    try {
      const select = primary && reached?.closest?.("select");
      if (select && !select.multiple && select.size <= 1 && !select.disabled) notes.push(`${describe(select)} is a drop-down list: its options open in a list of the browser's own, which screenshots do not show. Choose one with form_input on it, or with ArrowDown or ArrowUp and then Enter.`);
    } catch {}
    // A press the guard stopped (see guardPress): nothing else is told.
    const blocked = guarded?.blocked;
    guarded = null;
    if (blocked) return { blocked };
    // What the page's alerts and statuses announced in answer (a form's checks of its own).
    const said = liveSaid();
    // The core waits for the browser's word on a file chooser only when one was asked for.
    return chooser || stopped || said || download || targeted || notes.length ? { what, chooser, input, invalid: stopped, said, download, window: targeted, told: notes } : what;
  }
  // The element the last press in a same-origin frame reached, when it was at viewport point
  // (x, y) (a person's press elsewhere is not the input's).
  function pressedInFrame(x, y) {
    const at = framePressAt;
    if (!at?.el?.isConnected) return null;
    const off = frameOffset(at.el);
    return Math.abs(off.ox + off.s * at.x - x) <= 1.5 && Math.abs(off.oy + off.s * at.y - y) <= 1.5 ? at.el : null;
  }
  // Hides the overlay before a capture; given the captured rectangle (CSS pixels of the
  // viewport), only when a part of the overlay shows there. Whether it hid the overlay.
  function hideOverlay(x, y, w, h) {
    if (!overlayHost) return false;
    if (x != null && visualViewport.scale === 1 && !overlayWithin(x, y, w, h)) return false;
    styleHost("0");
    return true;
  }
  function overlayWithin(x, y, w, h) {
    // An overlay that cannot be measured is taken to be there.
    if (!overlayParts) return true;
    // The banner's shadow reaches past its box.
    const m = 12;
    try {
      return [overlayParts.banner, overlayParts.marker, overlayParts.box].some((el) => {
        const r = el.getBoundingClientRect();
        const shown = r.width > 0 && r.height > 0 && getComputedStyle(el).opacity !== "0";
        return shown && r.right + m > x && r.left - m < x + w && r.bottom + m > y && r.top - m < y + h;
      });
    } catch {
      return true;
    }
  }
  function markPointer(x, y) {
    const o = window === window.top && overlay();
    if (!o) return;
    o.marker.style.left = `${x}px`;
    o.marker.style.top = `${y}px`;
    o.marker.style.display = "block";
  }
  let boxTimer = null;
  function highlight(ref) {
    const el = resolveEl(ref);
    const o = el && window === window.top && overlay();
    if (!o) return;
    const r = el.getBoundingClientRect(), off = frameOffset(el);
    Object.assign(o.box.style, { left: `${off.ox + off.s * r.left - 3}px`, top: `${off.oy + off.s * r.top - 3}px`, width: `${off.s * r.width + 6}px`, height: `${off.s * r.height + 6}px`, display: "block", opacity: "1" });
    clearTimeout(boxTimer);
    boxTimer = setTimeout(() => { o.box.style.opacity = "0"; }, 700);
  }
