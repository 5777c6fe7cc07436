  // tabwright's page agent: its pieces, in the order of their names, are one closure that runs in
  // an isolated world of each document the core reads (cargo xtask build joins them into
  // extension/pkg/agent.js), so the page's own scripts can neither see nor patch it. It collects
  // facts (roles, names, states, boxes); the Wasm core renders them. Elements get numeric refs from
  // the core's counter, kept in a WeakMap so the same node keeps its ref for the life of the
  // document.
  //
  // What the page heard of input before the core asks: presses, releases, keys, sent forms, clicks on
  // file inputs and download links, and the frames whose documents are heard too.

  const refOf = new WeakMap();
  let overlayHost = null;
  // HTML5 drags this document began since the last pointer target was found: a drag member asks,
  // and waits for the browser's interception only when one did. (A dragstart the page cancelled,
  // as `ondragstart="return false"` on a picture does, began none: read once it was dispatched.)
  let dragStarts = [];
  // Whether this document began a drag whose end it has not told yet.
  let dragHere = false;
  document.addEventListener("dragstart", (e) => { dragStarts.push(e); dragHere = true; }, true);
  // What the last HTML5 drag ended with: its drop effect, "none" when nothing took the drop.
  let dragEnd = null;
  document.addEventListener("dragend", (e) => { dragEnd = e.dataTransfer?.dropEffect || "none"; }, true);
  // Whether the drop of the drag this document began was taken (null: it began none, as when
  // the drag was in a frame, or no end was heard within 300 ms).
  async function dropTaken() {
    if (!dragHere) return null;
    dragHere = false;
    for (let i = 0; i < 10 && dragEnd == null; i++) await wait(30);
    const effect = dragEnd;
    dragEnd = null;
    return effect == null ? null : effect !== "none";
  }
  // Where the last trusted press landed, and on what: a click's acknowledgement names what the
  // press reached, even when the click then changed the page.
  let lastPress = null;
  // The first field the browser found invalid when a form was to be sent (its message shows in
  // a bubble of the browser's own, which screenshots do not hold).
  let invalid = null;
  const heardInvalid = (e) => { if (e.isTrusted && !invalid) invalid = { el: e.target, t: e.timeStamp }; };
  addEventListener("invalid", heardInvalid, true);
  // A form's invalid, submit and formdata events do not leave the shadow root it is in: each
  // root a press or key goes into is listened to as well, before the press can send the form.
  const hookedRoots = new WeakSet();
  function hookRootsOf(e) {
    for (const n of e.composedPath()) {
      if (!(n instanceof ShadowRoot) || hookedRoots.has(n)) continue;
      hookedRoots.add(n);
      n.addEventListener("invalid", heardInvalid, true);
      for (const type of ["submit", "formdata"]) n.addEventListener(type, noteActivated, true);
    }
  }
  // The core hears when this document asks to print and when its print dialog closes: the
  // dialog holds the page meanwhile.
  addEventListener("beforeprint", (e) => { if (e.isTrusted) tellCore("print"); }, true);
  addEventListener("afterprint", (e) => { if (e.isTrusted) tellCore("printed"); }, true);
  // The main frame's document tells the core, once its load is over (pageshow comes after every
  // load listener, and this one after the page's own pageshow listeners), whether it shows
  // content, with its title and address: a navigate that waited for that load answers without
  // asking the page again. (Both are cut: a title past what the browser keeps of it, an address
  // too long to be checked against the tab's, which the core then reads again.)
  if (window === window.top) {
    const onShown = (e) => {
      if (!e.isTrusted || e.persisted) return;
      const tell = () => tellCore(`shown ${JSON.stringify({ shown: hasContent(), title: document.title.slice(0, 5000), url: location.href.slice(0, 10000) })}`);
      // A form the page sent and a meta refresh start the navigation they ask for in a task of
      // their own: the word waits for the next task, so the core hears that request first.
      // (A script's navigation is asked for at once.)
      if (formSent >= 0 || document.querySelector('meta[http-equiv="refresh" i]')) setTimeout(tell, 0);
      else tell();
    };
    // Listened for from the load on, behind the page's own pageshow listeners: a page that sends
    // the tab on from one has asked for that by the time the word goes out.
    addEventListener("load", (e) => { if (e.isTrusted && e.target === document) addEventListener("pageshow", onShown); });
  }
  addEventListener("pointerdown", (e) => {
    if (!e.isTrusted) return;
    clickedField = null;
    lastPress = { el: e.composedPath()[0], x: e.clientX, y: e.clientY, t: e.timeStamp };
    pressedAt = { href: location.href, t: e.timeStamp };
    hookRootsOf(e);
    tellPress();
  }, true);
  // Where the page was at the last trusted press, and when a fragment the page moved to was
  // last announced (hashchange): see afterInput.
  let pressedAt = null, hashchanged = -1;
  addEventListener("hashchange", (e) => { if (e.isTrusted) hashchanged = e.timeStamp; }, true);
  // A press Claude aims at a ref's element (armed as its point is looked for): one that lands on
  // another element, because the page put that under the pointer as it came (a swap on
  // pointerover), is stopped before the page hears any of it, and the answer says so.
  let guarded = null;
  function guardPress(el) {
    guarded = el ? { el, at: null, said: plainName(el), row: rowWords(el), t: performance.now(), blocked: null } : null;
  }
  // Whether a row's words now are another row's than those read: its first two words differ
  // (a row that shows more under the pointer, its actions, still reads as itself).
  const head = (t) => t.split(" ").slice(0, 2).join(" ");
  const anotherRow = (now, read) => !now.startsWith(read) && !read.startsWith(now) && head(now) !== head(read);
  // The element at the point found for the press (a box that shows a hidden field, a label):
  // a press there is the one aimed.
  function guardPoint(found) {
    // (No press follows a point not found, or on a disabled control.)
    if (guarded && (!found || found.x == null || found.error != null || found.covered != null || found.disabled)) guarded = null;
    if (guarded) {
      const at = deepElementAt(found.x, found.y).el;
      if (at) {
        guarded.at = at;
        guarded.atSaid = plainName(at);
      }
    }
    return found;
  }
  const plainName = (el) => describe(el).replace(/ \(ref_\d+\)$/, "");
  const pressedIs = (g, hit) => {
    if (!hit || hit.nodeType !== Node.ELEMENT_NODE) return true;
    if (g.el.isConnected && pressReaches(g.el, g.el.getBoundingClientRect())(hit)) return true;
    if (g.at && (g.at.isConnected ? composedContains(g.at, hit) : plainName(hit) === g.atSaid)) return true;
    // (Drawn anew, or part of the same control: the same control by its name.)
    const control = (n) => n.closest?.(`${CONTROLS},label,[onclick]`) || n;
    return plainName(control(hit)) === g.said || (g.el.isConnected && control(hit) === control(g.el));
  };
  const guardEvent = (e) => {
    const g = guarded;
    if (!g || !g.at || !e.isTrusted || performance.now() - g.t > 1500) return;
    if (g.blocked == null) {
      if (e.type !== "pointerdown" && e.type !== "mousedown") return;
      const hit = e.composedPath()[0];
      // (In a list's row: the row it lands in is the one read. A list the page drew anew just
      // now, reusing its rows' elements for others, keeps the element under the pointer.)
      // (A press inside the element aimed at is in its row, whatever rows it holds itself.)
      const inside = g.el.isConnected && composedContains(g.el, hit);
      const rowNow = g.row != null && hit?.nodeType === Node.ELEMENT_NODE ? rowWords(inside ? g.el : hit) : null;
      const otherRow = rowNow != null && anotherRow(rowNow, g.row);
      if (pressedIs(g, hit) && !otherRow) {
        guarded = null;
        return;
      }
      g.blocked = otherRow ? `${describe(hit)} in a row that now reads "${rowNow.replace(/"/g, "'")}", not "${g.row.replace(/"/g, "'")}" as read (the page drew the list anew)` : describe(hit);
    }
    e.stopImmediatePropagation();
    e.preventDefault();
  };
  for (const type of ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "auxclick", "dblclick", "contextmenu"]) addEventListener(type, guardEvent, true);
  // What the pointer last moved onto, and when: a read right behind a hover waits for what the
  // hover set going there (a menu sliding open).
  let lastMove = null;
  addEventListener("pointermove", (e) => { if (e.isTrusted) lastMove = { el: e.composedPath()[0], t: e.timeStamp }; }, { capture: true, passive: true });
  // Enter and Space press a focused button or file input as a click does.
  let lastActivatingKey = -1;
  addEventListener("keydown", (e) => {
    if (e.isTrusted) clickedField = null;
    if (e.isTrusted && (e.key === "Enter" || e.key === " ")) {
      lastActivatingKey = e.timeStamp;
      hookRootsOf(e);
      tellPress();
    }
  }, true);
  // Their releases not yet answered for, and a waiter for the next (see afterKeys). Any key
  // the page gets keeps an answer waiting for keys alive (a long text typed before its Enter).
  let keyUps = [], keyupWaiter = null, keysAlive = null;
  const keyHeard = (e) => { if (e.isTrusted && keysAlive) keysAlive(); };
  const activatingUp = (e) => {
    if (!e.isTrusted || (e.key !== "Enter" && e.key !== " ")) return;
    if (keyupWaiter) keyupWaiter(e);
    else if (keyUps.push({ key: e.key, t: performance.now() }) > 16) keyUps.shift();
  };
  // When a form was last sent (its data gathered: by a submit button, Enter in its field, or
  // the page's own form.submit()), with the submit event a script may have stopped, and when
  // something was last pressed (a click, as Enter on a link or button makes): the navigation
  // they set off comes in a task of their own.
  let formSent = -1, lastSubmit = null, activated = -1;
  const noteActivated = (e) => {
    activated = performance.now();
    if (e.type !== "click") formSent = activated;
    if (e.type === "submit") lastSubmit = { e, t: activated };
  };
  // Keys and forms are heard in this document and in each same-origin frame's (see hookFrames).
  function hearKeysAndForms(target) {
    for (const type of ["keydown", "keyup"]) target.addEventListener(type, keyHeard, true);
    target.addEventListener("keyup", activatingUp, true);
    for (const type of ["submit", "formdata", "click"]) target.addEventListener(type, noteActivated, true);
  }
  hearKeysAndForms(window);
  // Whether a form was sent since `t` and no script stopped it (a page that sends it itself,
  // with fetch, prevents the submit event): a new page is on its way.
  const formLeaving = (t) => formSent >= t && !(lastSubmit && lastSubmit.t >= t && lastSubmit.e.defaultPrevented);
  // Calls `go` once the navigation a sent form asked for has begun (the Navigation API's
  // navigate event, which comes just before the browser hears of it, in the same task: `go`
  // runs a task later), or after `ms` at most.
  function afterNavigateBegins(go, ms) {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      globalThis.navigation?.removeEventListener("navigate", begun);
      go();
    }
    function begun() {
      setTimeout(done, 0);
    }
    globalThis.navigation?.addEventListener("navigate", begun);
  }
  // After Enter or Space: the field a form they were to send was stopped at, as for a click.
  // (Their releases are answered for then.)
  function takeInvalid() {
    keyUps = [];
    return stoppedSince(lastActivatingKey >= 0 ? lastActivatingKey : null);
  }
  // The field the browser stopped a form at since this document's last press or Enter, for a
  // press the top document cannot see (this is another site's frame).
  // (Only one the last few seconds brought: a key the core asks about may have gone elsewhere.)
  function stoppedHere() {
    const t = Math.max(lastPress?.t ?? -1, lastActivatingKey);
    return stoppedSince(t >= 0 && performance.now() - t < 5000 ? t : null);
  }
  // The field the browser stopped a form at since `t` (a press or a key), with its message, as
  // `textbox "Email" (ref_4): Please fill out this field.`; null when none. It is told once.
  function stoppedSince(t) {
    const stopped = invalid && t != null && invalid.t >= t ? `${stoppedAt(invalid.el)}: ${clean(invalid.el.validationMessage || "", 200)}` : null;
    invalid = null;
    return stopped;
  }
  // A field the browser stopped a form at, named for Claude: one out of sight (in a closed
  // <details>, whose label is not drawn either) by its label's words and where it is.
  function stoppedAt(el) {
    let what = describe(el);
    if (!what.includes('"')) {
      const label = clean(el.labels?.[0]?.textContent || el.getAttribute("aria-label") || el.getAttribute("placeholder") || "", 60);
      if (label) what = what.replace(/( \(ref_\d+\))?$/, (r) => ` "${label.replace(/"/g, "'")}"${r}`);
    }
    const closed = el.closest("details:not([open])");
    const summary = closed && clean(closed.querySelector(":scope > summary")?.textContent || "", 60);
    return closed ? `${what}, inside the closed section ${summary ? `"${summary.replace(/"/g, "'")}" ` : ""}(a click on its summary opens it)` : what;
  }
  // The core tells a person's press from Claude's (a file chooser the person opens is theirs).
  function tellCore(word) {
    if (typeof globalThis.tabwrightStop === "function") globalThis.tabwrightStop(word);
  }
  function tellPress() {
    tellCore("press");
  }
  // The box a node is drawn in: its slot when it is slotted, else its parent, or its shadow
  // root's host.
  const flatParent = (n) => n.assignedSlot || n.parentElement || n.parentNode?.host || null;
  // A node's children, as an array. (Taken sibling by sibling: iterating a NodeList costs some
  // 0.7 µs a node, most of a long page's walk.)
  const nodesIn = (parent) => {
    const out = [];
    for (let c = parent.firstChild; c; c = c.nextSibling) out.push(c);
    return parent.firstElementChild?.hasAttribute("aria-rowindex") ? inRowOrder(out) : out;
  };
  // Rows that say their place in the grid, in that order: a grid may sort its rows by moving
  // them on screen and leave them where they were in the document (AG Grid).
  function inRowOrder(nodes) {
    const index = nodes.map((n) => (n.nodeType === Node.ELEMENT_NODE ? parseInt(n.getAttribute("aria-rowindex"), 10) : NaN));
    const at = [];
    for (let i = 0; i < nodes.length; i++) if (index[i] >= 0) at.push(i);
    let sorted = true;
    for (let k = 1; k < at.length && sorted; k++) sorted = index[at[k - 1]] <= index[at[k]];
    if (sorted) return nodes;
    const order = [...at].sort((a, b) => index[a] - index[b]);
    const out = nodes.slice();
    at.forEach((slot, k) => (out[slot] = nodes[order[k]]));
    return out;
  }
  // Calls `fn` on each node drawn in an element's box: its shadow root's, a slot's assigned
  // nodes (or its own when none are), else its own. (Sibling by sibling where the nodes are the
  // element's or its shadow root's own: a long page's walk made an array for each element.)
  const eachDrawnKid = (el, fn) => {
    const own = shadowOf(el);
    const box = own || el;
    if (!own && el.localName === "slot") for (const c of el.assignedNodes({ flatten: true })) fn(c);
    else if (box.firstElementChild?.hasAttribute("aria-rowindex")) for (const c of nodesIn(box)) fn(c);
    else for (let c = box.firstChild; c; c = c.nextSibling) fn(c);
  };
  // Those nodes, as an array.
  const drawnKids = (el) => {
    const out = [];
    eachDrawnKid(el, (c) => out.push(c));
    return out;
  };
  // A promise that resolves after `ms` milliseconds (at once for none left).
  const wait = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  // A document's frame: an <iframe>, or a <frame> of a frameset.
  const isFrame = (el) => !!el && (el.localName === "iframe" || el.localName === "frame");
  // The document of a same-origin frame; null for another site's, or for anything not a frame.
  const frameDoc = (el) => {
    if (!isFrame(el)) return null;
    try {
      return el.contentDocument;
    } catch {
      return null;
    }
  };
  const isFileInput = (el) => !!el && el.localName === "input" && (el.getAttribute("type") || "").toLowerCase() === "file";
  // Trusted releases, by point and button, of presses made since the last pointer answer (or
  // look before a pointer action): an answer that arrives before its click waits for the click's
  // releases (see afterInput).
  let ups = [], armedAt = 0, upWaiter = null, releasedSeq = 0, releaseWaiter = null;
  function arm() {
    ups = [];
    armedAt = performance.now();
    hookFrames(document, 0);
  }
  // Same-origin frames' documents are heard too (their own agent tells the core of a person's
  // press): a press or key there, and the field a form there was stopped at, on this document's
  // clock, and what a press there reached and where.
  let framePress = -1, framePressAt = null;
  const hookedDocs = new WeakSet();
  function hookFrames(doc, depth) {
    if (depth > 4) return;
    for (const f of doc.querySelectorAll("iframe, frame")) {
      const inner = frameDoc(f);
      if (!inner) continue;
      if (!hookedDocs.has(inner)) {
        hookedDocs.add(inner);
        // A frame's document that changes is the page changing (new elements may bring
        // listeners or framework handlers); one not seen before is new content already.
        new MutationObserver(noteAdded).observe(inner, { childList: true, subtree: true });
        dirty = true;
        inner.addEventListener("invalid", (e) => { if (e.isTrusted && !invalid) invalid = { el: e.target, t: performance.now() }; }, true);
        inner.addEventListener("pointerdown", (e) => {
          if (!e.isTrusted) return;
          clickedField = null;
          framePress = performance.now();
          framePressAt = { el: e.composedPath()[0], x: e.clientX, y: e.clientY };
        }, true);
        inner.addEventListener("keydown", (e) => {
          if (!e.isTrusted) return;
          clickedField = null;
          if (e.key === "Enter" || e.key === " ") lastActivatingKey = performance.now();
        }, true);
        hearKeysAndForms(inner);
      }
      hookFrames(inner, depth + 1);
    }
  }
  addEventListener("pointerup", (e) => {
    if (!e.isTrusted || !lastPress || lastPress.t < armedAt) return;
    ups.push({ x: e.clientX, y: e.clientY, button: e.button });
    if (ups.length > 16) ups.shift();
    if (upWaiter) upWaiter();
  }, true);
  // The last click on a file input (a press on it, its label, or the page's own script on the
  // press's behalf): unless the page prevented it, its chooser is on its way.
  let fileClick = null, fileClickEl = null;
  // The last click on a link that downloads its address (`<a download>`): unless the page
  // prevented it, the browser starts a download, with no navigation to tell of it first.
  let downloadClick = null;
  // The last click on a link, or a form's button, whose target names a window (not _blank,
  // _self, _parent or _top): the browser loads its page in that window's tab when one is open.
  let windowClick = null;
  // (Not a frame of this page nor this window itself, which a target names too: a frameset's
  // links, a form sent into a hidden frame.)
  const namesWindow = (t) => {
    if (!t || /^_(blank|self|parent|top)$/i.test(t) || t === window.name) return false;
    try {
      return !window.frames[t] && !window.top.frames[t];
    } catch {
      return true;
    }
  };
  // The last trusted click: what it reached, and when.
  let lastClick = null;
  addEventListener("click", (e) => {
    // The path is read during the dispatch: it is empty afterwards.
    const path = e.composedPath();
    const el = path[0];
    if (e.isTrusted) lastClick = { el, t: e.timeStamp };
    if (isFileInput(el)) [fileClick, fileClickEl] = [e, el];
    if (path.some((n) => n.localName === "a" && n.hasAttribute?.("download") && n.hasAttribute("href"))) downloadClick = e;
    const link = path.find((n) => (n.localName === "a" || n.localName === "area") && n.hasAttribute?.("href"));
    const send = !link && el?.closest?.("button, input");
    const target = link ? link.getAttribute("target") || "" : (send?.type === "submit" || send?.type === "image") && send.form ? send.getAttribute("formtarget") || send.form.getAttribute("target") || "" : null;
    if (target != null && namesWindow(target || document.querySelector("base[target]")?.getAttribute("target"))) windowClick = e;
  }, true);
  // In a frame of another site, whose press the tab's agent never sees, the core is told that a
  // chooser is on its way, once the click's handlers have had their say (this listener runs last)
  // and only while the browser would open one (a person's or Claude's press just activated the
  // frame), once for each activation.
  // The core can also ask whether it was told since a time of the system clock
  // (chooserToldSince): the word may reach it after the input's own answer.
  let toldChooser = null, toldChooserAt = 0;
  if (window !== window.top) addEventListener("click", (e) => {
    if (e !== fileClick || e.defaultPrevented || !navigator.userActivation?.isActive) return;
    const press = Math.max(lastPress ? lastPress.t : -1, lastActivatingKey);
    if (press === toldChooser) return;
    toldChooser = press;
    toldChooserAt = Date.now();
    tellCore("chooser");
  });
  const chooserToldSince = (t) => toldChooserAt >= t;
  function takeDragStarts() {
    const n = dragStarts.filter((e) => !e.defaultPrevented).length;
    dragStarts = [];
    return n;
  }
