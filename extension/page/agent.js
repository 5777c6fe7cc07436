// tabwright's page agent. It runs in an isolated world of each document the core reads, so the
// page's own scripts can neither see nor patch it. It collects facts (roles, names, states,
// boxes); the Wasm core renders them. Elements get numeric refs from the core's counter, kept in
// a WeakMap so the same node keeps its ref for the life of the document.
(() => {
  if (globalThis.__tabwright) return;

  const refOf = new WeakMap();
  let overlayHost = null;
  // HTML5 drags this document began since the last pointer target was found: a drag member asks,
  // and waits for the browser's interception only when one did.
  let dragStarts = 0;
  document.addEventListener("dragstart", () => { dragStarts++; }, true);
  // Where the last trusted press landed, and on what: a click's acknowledgement names what the
  // press reached, even when the click then changed the page.
  let lastPress = null;
  // The first field the browser found invalid when a form was to be sent (its message shows in
  // a bubble of the browser's own, which screenshots do not hold).
  let invalid = null;
  addEventListener("invalid", (e) => { if (e.isTrusted && !invalid) invalid = { el: e.target, t: e.timeStamp }; }, true);
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
    guarded = el ? { el, at: null, said: plainName(el), t: performance.now(), blocked: null } : null;
  }
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
      if (pressedIs(g, hit)) {
        guarded = null;
        return;
      }
      g.blocked = describe(hit);
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
  // The field the browser stopped a form at since `t` (a press or a key), with its message, as
  // `textbox "Email" (ref_4): Please fill out this field.`; null when none. It is told once.
  function stoppedSince(t) {
    const stopped = invalid && t != null && invalid.t >= t ? `${describe(invalid.el)}: ${clean(invalid.el.validationMessage || "", 200)}` : null;
    invalid = null;
    return stopped;
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
  addEventListener("click", (e) => {
    // The path is read during the dispatch: it is empty afterwards.
    const path = e.composedPath();
    const el = path[0];
    if (isFileInput(el)) [fileClick, fileClickEl] = [e, el];
    if (path.some((n) => n.localName === "a" && n.hasAttribute?.("download") && n.hasAttribute("href"))) downloadClick = e;
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
    const n = dragStarts;
    dragStarts = 0;
    return n;
  }
  const byRef = new Map();
  // An element the page dropped and the browser collected takes its ref's entry with it.
  const collected = new FinalizationRegistry((r) => byRef.delete(r));
  // Elements the page gave a click, mouse, pointer or key listener (found through CDP's
  // DOMDebugger by the core, which hands them over with markListeners).
  const listened = new WeakSet();
  // Whether elements were added since the last read (they may bring listeners).
  let dirty = true;
  // Nodes the page changes over and over, whatever Claude does: a clock, a ticker tape or an SVG
  // a script moves every frame, a title that counts. Per node: when its current run of changes
  // began (changes in separate batches, none more than CHURN_GAP_MS after the one before, none
  // adding or removing elements), when it last changed, and in how many batches. A wait for the
  // page to settle after an input does not wait for a node whose run began RUN_MS or more before
  // the input (see pageChanged): it would wait its whole time on such a page, after every input.
  // What an input sets changing (a panel a script slides open, rows added a frame at a time),
  // or one a moment before it did, has not run that long, and is waited for; so is a change that
  // adds or removes elements, on any node.
  const churn = new WeakMap();
  const CHURN_GAP_MS = 250;
  const RUN_MS = 1000;
  // A batch of more records than this is a render, a change as a whole (the work per record
  // stays out of a large page's renders).
  const BIG_BATCH = 1000;
  // Notes a batch of records; returns when the latest of the runs its nodes are in began
  // (Infinity when a node is in none yet; -Infinity when the batch is this agent's overlay alone).
  function noteChurn(records, now) {
    if (records.length > BIG_BATCH) return Infinity;
    let from = -Infinity;
    for (const r of records) {
      const own = ownRecord(r);
      if (!own) continue;
      let c = churn.get(r.target);
      if (!c) churn.set(r.target, (c = { from: now, last: now, batches: 1 }));
      else if (c.last !== now) {
        if (now - c.last > CHURN_GAP_MS) Object.assign(c, { from: now, batches: 0 });
        c.last = now;
        c.batches++;
      }
      if (own === MOVES_ELEMENTS) Object.assign(c, { from: now, batches: 1 });
      from = Math.max(from, c.batches >= 3 ? c.from : Infinity);
    }
    return from;
  }
  // Whether a record is of a node in a run of changes that began RUN_MS or more before `t`.
  function churning(r, t) {
    const c = churn.get(r.target);
    return !!c && c.batches >= 3 && c.from <= t - RUN_MS && performance.now() - c.last <= CHURN_GAP_MS;
  }
  // And when it last changed in any way quiet() watches for, changes only to nodes in a run of
  // RUN_MS or more aside (from this agent's start: it runs as the document is created, or as it
  // is first read).
  let lastChange = performance.now();
  // Its changes of the last moments: when, and when the latest of the runs of the nodes changed
  // began (Infinity when one was in none), for lastChangeFor.
  const changes = [];
  new MutationObserver((records) => {
    noteAdded(records);
    if (window === window.top) noteTitles(records);
    const now = performance.now();
    const from = noteChurn(records, now);
    if (from === -Infinity) return;
    if (from > now - RUN_MS) lastChange = now;
    changes.push([now, from]);
    while (changes.length > 100 || now - changes[0][0] > 4 * CALM_MS) changes.shift();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // A page that sets its title without pause (a counter in it, run wild) costs the browser work
  // for each title while its tab is in a tab group, enough at thousands a second to leave it no
  // time for anything else: the core is told, and takes the tab out of the "Claude" group until
  // a whole second passes with few titles.
  const TITLES_PER_S = 200;
  let titles = 0, titlesFrom = 0, titleFlood = null;
  function noteTitles(records) {
    for (const r of records) if (r.target.nodeName === "TITLE" || r.target.parentNode?.nodeName === "TITLE") titles++;
    const now = performance.now();
    if (now - titlesFrom < 1000) return;
    if (titles > TITLES_PER_S && !titleFlood) {
      tellCore("titles");
      titleFlood = setInterval(() => {
        if (titles < TITLES_PER_S / 4) {
          clearInterval(titleFlood);
          titleFlood = null;
          tellCore("titles calm");
        }
        titles = 0;
      }, 1000);
    }
    if (!titleFlood) titles = 0;
    titlesFrom = now;
  }
  // When the page last changed in a way a wait for an input at `t` (at the latest now) waits
  // for: nodes in a run of changes that began RUN_MS or more before it aside (from the last
  // moments; before them, as lastChange says, whose every change is one of those).
  function lastChangeFor(t) {
    for (let i = changes.length - 1; i >= 0; i--) if (changes[i][1] > t - RUN_MS) return changes[i][0];
    return lastChange;
  }
  // Only elements added make it dirty: a page that changes only words (a clock, a counter, a
  // status line) brings no listeners, and its next read does not ask for them all again.
  function noteAdded(records) {
    if (dirty) return;
    for (const r of records) {
      if (r.type !== "childList") continue;
      for (const n of r.addedNodes) {
        if (n.nodeType === Node.ELEMENT_NODE) {
          dirty = true;
          return;
        }
      }
    }
  }
  // Whether mutation records are the page's own, not only the overlay this agent shows, nor
  // only of nodes in a run of changes that began RUN_MS or more before `t` (see noteChurn).
  function pageChanged(records, t = -Infinity) {
    return records.length > BIG_BATCH || records.some((r) => ownRecord(r) && !churning(r, t));
  }
  // Whether a record is the page's own (not only of this agent's overlay, nor of its title): 0
  // when not, MOVES_ELEMENTS when it adds or removes elements, else 1.
  const MOVES_ELEMENTS = 2;
  function ownRecord(r) {
    if (r.target === overlayHost) return 0;
    // The document's title is not drawn in the page (a page may count in it every frame).
    if (r.target.nodeName === "TITLE" || r.target.parentNode?.nodeName === "TITLE") return 0;
    if (r.type !== "childList") return 1;
    let own = 0;
    for (const list of [r.addedNodes, r.removedNodes]) {
      for (const n of list) {
        if (n === overlayHost) continue;
        if (n.nodeType === Node.ELEMENT_NODE) return MOVES_ELEMENTS;
        own = 1;
      }
    }
    return own;
  }
  // Closed shadow roots the core found through the browser and handed over (see adoptRoot):
  // read as open ones are.
  const closedRoots = new WeakMap();
  function shadowOf(el) {
    return el.shadowRoot || closedRoots.get(el) || null;
  }
  // Boxes already asked about, and whether the page changed since the last look for new ones.
  const askedHosts = new WeakSet();
  let unaskedChecked = false;
  // The elements a shadow root can be attached to, besides custom elements.
  const SHADOW_HOSTS = new Set(["article", "aside", "blockquote", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "main", "nav", "p", "section", "span"]);
  // Boxes that show something (they have a size) yet hold no nodes of their own: a closed
  // shadow root may be drawing them. At most `max`, not asked about before; with `deep`,
  // inside the shadow roots known too.
  function unaskedHosts(max, deep) {
    const out = [];
    const roots = [document];
    for (let i = 0; i < roots.length && out.length < max; i++) {
      let empty = [];
      try {
        empty = roots[i].querySelectorAll(":empty");
      } catch {}
      for (const el of empty) {
        if (out.length >= max) break;
        const custom = el.localName.includes("-");
        // Empty boxes of the built-in kinds (spacers, icons, placeholders) are asked about up to
        // a budget per document while none has held a closed root; custom elements always.
        if (!custom && (!SHADOW_HOSTS.has(el.localName) || (builtinAsked >= BUILTIN_BUDGET && !closedFound))) continue;
        if (askedHosts.has(el) || el === overlayHost || el.namespaceURI !== "http://www.w3.org/1999/xhtml" || shadowOf(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0) out.push(el);
      }
      // Roots inside roots.
      if (!deep) break;
      for (const host of roots[i].querySelectorAll("*")) {
        const inner = shadowOf(host);
        if (inner && host !== overlayHost && roots.length < 200) roots.push(inner);
      }
    }
    return out;
  }
  const BUILTIN_BUDGET = 90;
  let builtinAsked = 0, closedFound = 0;
  function closedCandidates(max) {
    const out = unaskedHosts(max, true);
    for (const el of out) {
      askedHosts.add(el);
      if (!el.localName.includes("-")) builtinAsked++;
    }
    unaskedChecked = false;
    return out;
  }
  function adoptRoot(host, root) {
    if (!(host instanceof Element) || !(root instanceof ShadowRoot) || host.shadowRoot) return false;
    closedRoots.set(host, root);
    closedFound++;
    new MutationObserver(noteAdded).observe(root, { childList: true, subtree: true });
    dirty = true;
    return true;
  }

  // The open shadow roots and same-origin frame documents, whose listeners are asked for apart.
  function listenerRoots() {
    const out = [];
    const visit = (root) => {
      const it = (root.ownerDocument || root).createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
      for (let n = it.nextNode(); n && out.length < 50; n = it.nextNode()) {
        if (shadowOf(n) && n !== overlayHost) {
          out.push(shadowOf(n));
          visit(shadowOf(n));
        }
        const doc = frameDoc(n);
        if (doc && doc.documentElement) {
          out.push(doc);
          visit(doc);
        }
      }
    };
    visit(document);
    return out;
  }
  // Elements whose handlers a framework keeps for itself and calls from one listener on a
  // container (React's props, Svelte's and Solid's delegated handlers, jQuery's delegated
  // selectors), and the containers whose listener serves them (a React root, which is not
  // itself something to click). Only the page's own world can see those, so the core looks
  // there (see listeners.rs) and each element found is told here by an event on it. A page that
  // sends the events itself only makes an element listed as clickable, as a pointer cursor
  // would, or not.
  // Same-origin frames' elements are told in their own documents: the look first tells the
  // frame element, and its document is heard from then on (the event is dispatched, and heard,
  // before the look goes on).
  let toldHandlers = 0;
  const told = new WeakSet(), serving = new WeakSet(), hearing = new WeakSet();
  function hearIn(doc) {
    if (hearing.has(doc)) return;
    hearing.add(doc);
    const hear = (type, set) => doc.addEventListener(type, (e) => {
      const el = e.target;
      if (el && el.nodeType === Node.ELEMENT_NODE && !set.has(el)) {
        set.add(el);
        toldHandlers++;
      }
    }, true);
    hear("tabwright-handler", told);
    hear("tabwright-serving", serving);
    doc.addEventListener("tabwright-frame", (e) => {
      const inner = frameDoc(e.target);
      if (inner) hearIn(inner);
    }, true);
  }
  hearIn(document);
  // How many elements were newly told since the last call.
  function takeToldHandlers() {
    const n = toldHandlers;
    toldHandlers = 0;
    return n;
  }
  // The same, for elements named by their place: [nodeName, [element indices down from the
  // document]] each (the core read them from DevTools' tree of the document). Answers the
  // positions in `places` of those not found there (the page changed meanwhile).
  function markPlaces(places) {
    const missed = [];
    places.forEach(([name, place], i) => {
      let el = document;
      for (const at of place) el = el && el.children[at];
      if (el && el.nodeName === name) listened.add(el);
      else missed.push(i);
    });
    return missed;
  }
  function markListeners(...els) {
    let n = 0;
    for (const el of els) {
      if (el && el.nodeType === Node.ELEMENT_NODE) {
        listened.add(el);
        n++;
      }
    }
    return n;
  }

  const INTERACTIVE_ROLES = new Set([
    "button", "link", "textbox", "searchbox", "checkbox", "radio", "switch", "combobox", "listbox",
    "option", "slider", "spinbutton", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "treeitem",
  ]);
  // Roles whose accessible name comes from their content, so that content is not repeated.
  // Set while a tree item or menu item is named from its content (its nested items are not).
  let namingItem = false;
  // While a container is named by its own words: the controls inside it are left out.
  let namingOwn = false;
  // How deep the page's walks follow nested elements.
  const MAX_NESTING = 250;
  const NAME_FROM_CONTENT = new Set([
    "button", "link", "heading", "checkbox", "radio", "switch", "option", "menuitem", "menuitemcheckbox",
    "menuitemradio", "tab", "treeitem", "cell", "columnheader", "rowheader", "tooltip", "label", "legend",
    "caption", "figcaption", "listitem-name",
  ]);
  const CONTAINER_ROLES = new Set(["cell", "columnheader", "rowheader", "listitem-name", "tooltip"]);
  const LANDMARK_BY_TAG = { nav: "navigation", main: "main", aside: "complementary", search: "search" };
  // Words struck through (a price before its reduction, text deleted in a document's changes),
  // by their tag or their style, are read struck through, as Markdown writes it: ~~$120.00~~.
  const STRUCK_TAGS = new Set(["s", "del", "strike"]);
  const INLINE_TAGS = new Set(["b", "i", "em", "strong", "span", "small", "mark", "code", "kbd", "samp", "var", "abbr", "cite", "q", "s", "u", "sub", "sup", "time", "data", "font", "slot", "bdi", "bdo", "wbr", "dfn", "ins", "del"]);
  const ROLEFUL = "a[href],button,input,select,textarea,img,svg,[role],h1,h2,h3,h4,h5,h6,iframe,frame,canvas,video,audio,table,ul,ol,nav,main,form,section,article,aside,header,footer,details,summary,label,p,figure,progress,meter,[contenteditable],[tabindex],[onclick]";
  const SKIP_TAGS = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE"]);
  const NAME_MAX = 150;
  const TEXT_MAX = 300;

  // (Characters that draw nothing inside a word, a zero-width space or the byte-order mark, are
  // dropped: "Del\u200Bete" is "Delete".)
  const bounded = (t, max) => (t.length > max ? t.slice(0, max - 1) + "…" : t);
  const clean = (s, max) => bounded((s || "").replace(/[\u200B\u2060\uFEFF]/g, "").replace(/\s+/g, " ").trim(), max);
  // Text whose line breaks matter (a textarea's value): each line cleaned, the breaks kept.
  const cleanLines = (s, max) => bounded((s || "").split(/\r\n?|\n/).map((l) => clean(l, Infinity)).join("\n").replace(/\n{3,}/g, "\n\n").trim(), max);

  function inputRole(el) {
    const type = (el.getAttribute("type") || "text").toLowerCase();
    switch (type) {
      case "checkbox": return "checkbox";
      case "radio": return "radio";
      case "range": return "slider";
      case "number": return "spinbutton";
      case "search": return el.getAttribute("list") ? "combobox" : "searchbox";
      case "button": case "submit": case "reset": case "image": return "button";
      case "hidden": return null;
      case "file": return "button";
      default: return el.getAttribute("list") ? "combobox" : "textbox";
    }
  }

  function implicitRole(el) {
    const tag = el.localName;
    switch (tag) {
      case "a": case "area": return el.hasAttribute("href") ? "link" : null;
      case "button": return "button";
      case "input": return inputRole(el);
      case "select": return el.multiple || el.size > 1 ? "listbox" : "combobox";
      case "option": return "option";
      case "textarea": return "textbox";
      case "h1": case "h2": case "h3": case "h4": case "h5": case "h6": return "heading";
      case "img": return el.getAttribute("alt") === "" ? null : "img";
      case "svg": return el.getAttribute("aria-label") || el.querySelector("title") ? "img" : null;
      case "nav": case "main": case "aside": case "search": return LANDMARK_BY_TAG[tag];
      case "header": return el.closest("article,aside,main,nav,section") ? null : "banner";
      case "footer": return el.closest("article,aside,main,nav,section") ? null : "contentinfo";
      case "form": return hasOwnName(el) ? "form" : null;
      case "section": return hasOwnName(el) ? "region" : null;
      case "article": return "article";
      case "ul": case "ol": case "menu": return "list";
      case "li": return "listitem";
      case "dl": return "list";
      case "table": return layoutTable(el) ? null : "table";
      case "tr": return layoutTable(el.closest("table")) ? null : "row";
      case "td": return layoutTable(el.closest("table")) ? null : "cell";
      case "th":
        if (layoutTable(el.closest("table"))) return null;
        return el.closest("thead") || el.getAttribute("scope") === "col" ? "columnheader" : "rowheader";
      case "dialog": return "dialog";
      case "fieldset": return "group";
      case "details": return "group";
      case "summary": return "button";
      case "p": return "paragraph";
      case "blockquote": return "blockquote";
      case "figure": return "figure";
      case "iframe":
      case "frame": return "iframe";
      case "progress": return "progressbar";
      case "meter": return "meter";
      case "hr": return "separator";
      case "label": return null;
      case "canvas": return "canvas";
      case "video": return "video";
      case "audio": return "audio";
      case "output": return "status";
      default: return null;
    }
  }

  // Whether a table lays the page out rather than holding data (an older site's grid of boxes,
  // a mail's frame): its rows and cells are then the boxes they are, not a table's to read as
  // rows. A table says it holds data by its role, a caption, a head or foot, columns, or a
  // header cell; one without a header cell that holds a table, a heading or a form, or has a
  // single row or column, lays out. (Browsers tell them apart for screen readers the same way, with more signs.)
  function layoutTable(table) {
    if (!table) return false;
    const kept = layouts?.get(table);
    if (kept !== undefined) return kept;
    const explicit = (table.getAttribute("role") || "").trim().toLowerCase();
    let layout;
    if (explicit === "presentation" || explicit === "none") layout = true;
    else if (explicit || table.caption || table.tHead || table.tFoot || table.hasAttribute("summary") || table.querySelector(":scope > colgroup, :scope > col")) layout = false;
    else {
      const rows = table.rows;
      let widest = 0, header = false;
      for (let i = 0; i < rows.length && i < 20 && !header; i++) {
        const cells = rows[i].cells;
        widest = Math.max(widest, cells.length);
        for (const cell of cells) {
          if (cell.localName === "th" || cell.hasAttribute("scope") || cell.hasAttribute("headers")) {
            header = true;
            break;
          }
        }
      }
      layout = !header && (rows.length <= 1 || widest <= 1 || !!table.querySelector("table, td h1, td h2, td h3, td h4, td h5, td h6, td form"));
    }
    layouts?.set(table, layout);
    return layout;
  }

  function roleOf(el) {
    // Only a plain role word is taken from the page: anything else could spoof a line.
    let explicit = (el.getAttribute("role") || "").trim().split(/\s+/)[0].toLowerCase();
    if (explicit && !/^[a-z]{2,20}$/.test(explicit)) explicit = "";
    if (explicit && explicit !== "none" && explicit !== "presentation") return explicit;
    if (explicit === "none" || explicit === "presentation") return null;
    if (el.isContentEditable && (el.getAttribute("contenteditable") ?? "") !== "false" && !el.parentElement?.isContentEditable) {
      return "textbox";
    }
    return implicitRole(el);
  }

  function hasOwnName(el) {
    return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") || el.hasAttribute("title");
  }

  // Text of a subtree as a screen reader would read it for a name: hidden parts skipped,
  // visually hidden (screen-reader-only) parts kept.
  // An element whose words are left out of the text around it (a code editor's hidden field,
  // whose label is no part of what the editor shows).
  let unsaid = null;
  // While a code editor's text is read: the lines it draws count though it hides them from
  // screen readers (Monaco does, and reads its field to them), its line numbers do not.
  let drawnLines = false;
  function subtreeText(node, depth = 0) {
    if (depth > 30) return "";
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const el = node;
    if (SKIP_TAGS.has(el.tagName) || el === unsaid) return "";
    if (el.getAttribute("aria-hidden") === "true" && !(drawnLines && /[^\d\s]/.test(el.textContent))) return "";
    // A slot or a display: contents box has no box of its own: what it holds is judged apart
    // (a web component's label is the text slotted into its shadow root's <label>).
    if (!seen(el) && !boxlessShown(el)) return "";
    if (el.localName === "img") return el.getAttribute("alt") || "";
    // An icon's own title names it (a close button that holds only an <svg><title>).
    if (el.localName === "svg") return el.querySelector(":scope > title")?.textContent || "";
    if (el.localName === "input") {
      const t = (el.getAttribute("type") || "").toLowerCase();
      if (["button", "submit", "reset"].includes(t)) return el.value || "";
      return "";
    }
    // The items nested under a tree item or menu item (its group, its submenu) are not its name,
    // nor are the controls inside an item, which have lines of their own (a chosen option's
    // "Remove item" button).
    if (depth > 0 && namingItem && (/^(group|menu|tree|listbox)$/.test(el.getAttribute("role") || "") || isInteractive(el, roleOf(el)))) return "";
    if (depth > 0 && namingOwn && (el.matches(INTERACTIVE_SEL) || listened.has(el) || told.has(el))) return "";
    const label = el.getAttribute("aria-label");
    // An icon labelled with its identifier (Ant Design's `<span role="img"
    // aria-label="check-circle">`) says no words in running text or a name.
    if (depth > 0 && iconLabelled(el)) return "";
    if (label && depth > 0) return label;
    let out = "", last = "", lastBlock = false;
    for (const child of drawnKids(el)) {
      // A line break parts the words on either side of it.
      const t = child.nodeType === Node.ELEMENT_NODE && child.localName === "br" ? " " : subtreeText(child, depth + 1);
      if (!t) continue;
      // A block parts the words on either side of it too (a title's heading, then its address),
      // as does a control drawn as a box of its own (a stepper's "Decrease" button beside its
      // count).
      const block = child.nodeType === Node.ELEMENT_NODE && (isBlock(child) || boxedControl(child));
      out += (last && !/\s/.test(last) && (block || lastBlock) && !/^\s/.test(t) ? " " : "") + t;
      last = t[t.length - 1];
      lastBlock = block;
    }
    // With no text of its own, what the style sheet writes before or after it is its text
    // (a toggle whose "Collapse" is `summary::after { content: "Collapse" }`).
    if (!out.trim()) out = pseudoText(el) || out;
    // A part with no text of its own speaks by its tooltip (a vote arrow drawn by a styled
    // <div title="upvote"> inside a link); a control inside does not lend its tooltip to what
    // holds it (a section heading with a "Collapse operation" arrow button is not named so).
    if (depth > 0 && !out.trim()) return isInteractive(el, roleOf(el)) ? out : el.getAttribute("title") || out;
    return out;
  }

  // A slot or a display: contents box, which no box of its own shows or hides: shown unless its
  // text is made invisible (what it holds is judged apart).
  function boxlessShown(el) {
    const cs = getComputedStyle(el);
    return (el.localName === "slot" || cs.display === "contents") && cs.visibility === "visible";
  }

  // The words of an element's ::before and ::after `content`, as screen readers read them: its
  // alternative text when it has one (`content: "★" / "Favourite"`), never an icon font's
  // glyphs (characters of the private use areas), an image's address, a counter's separator or
  // generated text nobody sees; only text that says something (a letter or a digit).
  function pseudoText(el) {
    const out = pseudoContent(el);
    return /[\p{L}\p{N}]/u.test(out) ? out : "";
  }
  // The same, symbols and all (a close button's "×").
  function pseudoContent(el) {
    const kept = pseudos && pseudos.get(el);
    if (kept !== undefined) return kept;
    let out = "";
    for (const which of ["::before", "::after"]) {
      const style = getComputedStyle(el, which);
      const value = style.content;
      if (!value || value === "none" || value === "normal" || style.display === "none" || style.visibility === "hidden" || style.opacity === "0") continue;
      out += cssStrings(value.slice(0, 4 * NAME_MAX)).replace(/[\uE000-\uF8FF]|[\u{F0000}-\u{10FFFF}]/gu, "");
    }
    if (pseudos) pseudos.set(el, out);
    return out;
  }
  // The quoted strings of a computed `content` value joined (not those inside a function such as
  // url() or counters()), those after its "/" (the alternative text) when there is one.
  function cssStrings(value) {
    const parts = [[], []];
    let alt = 0, depth = 0;
    for (let i = 0; i < value.length; i++) {
      const c = value[i];
      if (c === "(") depth++;
      else if (c === ")") depth = Math.max(0, depth - 1);
      else if (c === "/" && depth === 0) alt = 1;
      if (c !== '"' && c !== "'") continue;
      let s = "";
      for (i++; i < value.length && value[i] !== c; i++) {
        if (value[i] !== "\\") {
          s += value[i];
          continue;
        }
        const hex = /^[0-9a-fA-F]{1,6} ?/.exec(value.slice(i + 1, i + 8));
        if (hex) {
          s += String.fromCodePoint(Math.min(parseInt(hex[0], 16), 0x10ffff));
          i += hex[0].length;
        } else {
          s += value[++i] ?? "";
        }
      }
      if (depth === 0) parts[alt].push(s);
    }
    return (alt ? parts[1] : parts[0]).join("");
  }

  const BLOCK_DISPLAY = /^(block|flex|grid|list-item|flow-root|table|table-row|table-caption)\b/;

  const BLOCK_TAGS = new Set(["div", "p", "li", "td", "th", "tr", "br", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "nav", "ul", "ol"]);
  // Elements that stand on lines of their own in a page's text, whatever their display.
  const LINE_TAGS = new Set([...BLOCK_TAGS, "hr", "table", "form", "fieldset", "main", "aside", "figure", "figcaption", "blockquote", "pre", "dl", "dt", "dd", "label", "details", "summary", "dialog"]);
  // Whether an element sits on a line, or in a box, of its own: its words are apart from its
  // neighbours' (a flex or grid item is such a box even when it is a <span>).
  function isBlock(node) {
    if (node.nodeType !== Node.ELEMENT_NODE) return false;
    if (BLOCK_TAGS.has(node.localName)) return true;
    const display = getComputedStyle(node).display;
    return !display.startsWith("inline") && display !== "contents" && display !== "none";
  }

  // A control laid out as a box of its own in a line (an inline-block button).
  function boxedControl(el) {
    if (!el.matches(INTERACTIVE_SEL) && !el.hasAttribute("aria-label")) return false;
    const display = getComputedStyle(el).display;
    return display !== "inline" && display !== "contents";
  }

  // The element an id names for `el`: in its own shadow root first, else in its document.
  function idFor(el, id) {
    const root = el.getRootNode();
    return (root.getElementById ? root.getElementById(id) : null) || el.ownerDocument.getElementById(id);
  }
  function byIds(el, attr) {
    const ids = (el.getAttribute(attr) || "").trim().split(/\s+/).filter(Boolean);
    return ids.map((id) => idFor(el, id)).filter(Boolean);
  }

  function labelsOf(el) {
    const own = el.labels;
    if (own && own.length) return [...own];
    const out = [];
    // A web component that keeps its real control in its shadow root (Material's md-checkbox,
    // a form-associated element) is what a label names: its labels name that control, the first
    // field in there, or the component itself when it is the control (md-radio).
    if (el.localName.includes("-")) return componentLabels(el);
    // (Only a field names itself so: a labelable element, or one with a role of its own.)
    if (!own && !el.hasAttribute("role")) return out;
    const host = el.getRootNode().host;
    return host && fieldOf(host) === el ? componentLabels(host) : out;
  }
  // Whether a label's words are in the name of its control (of the field in it, for a web
  // component): a field named otherwise (Material's slider by its value) leaves them to be read
  // where they are.
  function namesItsField(label) {
    const control = label.control;
    const field = fieldOf(control) || control;
    if (!(field.getAttribute("aria-label") || "").trim() && !field.hasAttribute("aria-labelledby")) return true;
    const words = clean(labelText(label, field), NAME_MAX);
    return !words || nameOf(field, roleOf(field)).includes(words);
  }
  // The field a web component keeps in its shadow root: the first there.
  function fieldOf(host) {
    return (host.localName.includes("-") && shadowOf(host)?.querySelector(FIELD_SEL)) || null;
  }
  const FIELD_SEL = "input:not([type=hidden]), select, textarea, [role=checkbox], [role=switch], [role=radio], [role=slider], [role=combobox], [role=textbox], [role=spinbutton]";
  function componentLabels(host) {
    const out = [];
    const around = host.closest("label");
    if (around && around.control === host) out.push(around);
    if (host.id) for (const l of forLabels(host.getRootNode()).get(host.id) || []) if (l !== around && l.control === host) out.push(l);
    return out;
  }
  // A document's or shadow root's labels that name their control by id, by that id: gathered
  // once per read (a page of many components with ids would otherwise be searched for each).
  let labelsById = new WeakMap();
  function forLabels(root) {
    let byId = labelsById.get(root);
    if (!byId) {
      byId = new Map();
      for (const l of root.querySelectorAll("label[for]")) byId.set(l.htmlFor, [...(byId.get(l.htmlFor) || []), l]);
      labelsById.set(root, byId);
    }
    return byId;
  }

  // The text of an element a label or description points to by id: counted even when that
  // element is hidden (a tooltip's text often is), as screen readers count it.
  function referencedText(el) {
    const shown = subtreeText(el, 1);
    if (shown.trim()) return shown;
    // Hidden: its text as written, as much as a name can hold.
    return writtenText(el, NAME_MAX);
  }
  // An element's text nodes as written (shown or not), without scripts and styles, up to about
  // `max` characters.
  function writtenText(el, max) {
    let out = "";
    const it = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (SKIP_TAGS.has(n.parentElement?.tagName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
    for (let n = it.nextNode(); n && out.length <= max; n = it.nextNode()) out += n.data + " ";
    return out;
  }

  function nameOf(el, role) {
    const by = byIds(el, "aria-labelledby");
    if (by.length) return clean(by.map(referencedText).join(" "), NAME_MAX);
    const aria = el.getAttribute("aria-label");
    if (aria && aria.trim()) return clean(aria, NAME_MAX);
    const tag = el.localName;
    if (tag === "input" || tag === "textarea" || tag === "select") {
      const labelled = labelsName(el);
      if (labelled !== null) return labelled;
      const type = (el.getAttribute("type") || "").toLowerCase();
      if (["button", "submit", "reset"].includes(type)) return clean(el.value || (type === "submit" ? "Submit" : type === "reset" ? "Reset" : ""), NAME_MAX);
      if (type === "image") return clean(el.getAttribute("alt") || "Submit", NAME_MAX);
      const title = el.getAttribute("title");
      if (title) return clean(title, NAME_MAX);
      if (type === "checkbox" || type === "radio") {
        const words = wordsNaming(el);
        if (words) return words.name;
      }
      // The last resort of the accessible name: the placeholder.
      return clean(el.getAttribute("placeholder") || "", NAME_MAX);
    }
    if (tag === "img" || tag === "area") return clean(el.getAttribute("alt") || el.getAttribute("title") || "", NAME_MAX);
    if (tag === "svg") return clean(el.querySelector("title")?.textContent || "", NAME_MAX);
    if (tag === "fieldset") {
      const legend = el.querySelector(":scope > legend");
      if (legend) return clean(subtreeText(legend, 1), NAME_MAX);
    }
    if (tag === "table") {
      const caption = el.querySelector(":scope > caption");
      if (caption) return clean(subtreeText(caption, 1), NAME_MAX);
    }
    if (tag === "figure") {
      const cap = el.querySelector(":scope > figcaption");
      if (cap) return clean(subtreeText(cap, 1), NAME_MAX);
    }
    if (tag === "iframe" || tag === "frame") return clean(el.getAttribute("title") || "", NAME_MAX);
    if (NAME_FROM_CONTENT.has(role)) {
      // A container's controls speak for themselves: a cell holding a link (or a clickable
      // element: a table's "Remove" drawn as an <a> with a handler) is not named after it.
      // Nor is one that holds structure of its own (a table laid out inside a cell, a list, a
      // heading): that is read as it is.
      if (CONTAINER_ROLES.has(role) && el.querySelector(STRUCTURE)) return clean(el.getAttribute("title") || "", NAME_MAX);
      // One that holds controls is named by its own words around them (a column header's
      // "Salary" beside its sort button), or its title. When a control stands between its words
      // (a cell's "UTC (WET)" with WET a link) they are no name without it: it has none, and its
      // text is read as running text is, the control under it.
      if (CONTAINER_ROLES.has(role) && holdsActionable(el)) {
        let own;
        namingOwn = true;
        try {
          own = clean(subtreeText(el), NAME_MAX);
        } finally {
          namingOwn = false;
        }
        const whole = own && clean(subtreeText(el), TEXT_MAX);
        return (whole && whole.includes(own) ? own : "") || clean(el.getAttribute("title") || "", NAME_MAX);
      }
      namingItem = role === "treeitem" || role.startsWith("menuitem") || role === "option" || role === "tab";
      let text;
      try {
        text = clean(subtreeText(el), NAME_MAX);
      } finally {
        namingItem = false;
      }
      // (Symbols are no words of its own: a checkbox drawn as a button shows a tick once
      // checked, and its label names it.)
      if (text && (/[\p{L}\p{N}]/u.test(text) || !labelsOf(el).length || labelsName(el) === null)) return text;
    }
    // A combobox a library draws around the field it replaces (Choices.js keeps the <select>
    // hidden inside it; Vuetify, a hidden <select> and the input a label names) is named by
    // that field's label.
    if ((role === "combobox" || role === "listbox") && !el.labels) {
      const inner = [...el.querySelectorAll("select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea")].filter((f) => !f.closest("[role=option]"));
      for (let i = 0; i < inner.length && i < 4; i++) {
        const labelled = labelsName(inner[i]);
        if (labelled !== null) return labelled;
      }
    }
    // A labelable element with nothing to say of its own (a switch drawn as an empty button,
    // `<label for>` beside it) is named by its label.
    if (labelsOf(el).length && !el.getAttribute("title")) {
      const labelled = labelsName(el);
      if (labelled !== null) return labelled;
    }
    const title = clean(el.getAttribute("title") || "", NAME_MAX);
    return title || (NAME_FROM_CONTENT.has(role) ? generatedWords(el) : "");
  }
  // What a style sheet writes into a control with nothing else to say, symbols too (a close
  // button's `×` drawn by `::after`), as the browser's accessible name counts it: the ::before
  // and ::after content of it and its few inner elements.
  function generatedWords(el) {
    const inner = el.getElementsByTagName("*");
    if (inner.length > 3) return "";
    const shown = [...inner].filter((e) => seen(e) && !e.closest("[aria-hidden=true]"));
    return clean([el, ...shown].map(pseudoContent).join(" "), NAME_MAX);
  }
  // A checkbox or radio button that has no label of any kind is named by the words beside it
  // (`<input type=checkbox> Remember me<br>`, `Remember me <input type=checkbox>`), as a person
  // reads them. Which side names the boxes is decided for the whole line they share: the words
  // after each box when the line ends in words, else the words before each box ("Yes ◯ No ◯").
  // `{side: "after" | "before", name}`, or null.
  function wordsNaming(el) {
    if (!unlabelledChoice(el)) return null;
    let last = el;
    // (A line of a few dozen boxes at most: a longer run is a grid, not a line of words.)
    for (let n = el.nextSibling, seen = 0; n && seen < 50; n = n.nextSibling, seen++) {
      if (n.nodeType !== Node.ELEMENT_NODE) continue;
      if (unlabelledChoice(n)) last = n;
      else if (endsWords(n)) break;
    }
    if (!wordsAfter(last)) {
      const before = wordsBefore(el);
      if (before) return { side: "before", name: before };
    }
    const after = wordsAfter(el);
    if (after) return { side: "after", name: after };
    // A box with words only before it, where the line goes on after the next box
    // ("Cash <box> <box> Card"), unless those words name the box before it.
    let n = el.previousSibling;
    while (n && !(n.nodeType === Node.ELEMENT_NODE && endsWords(n))) n = n.previousSibling;
    const before = n && unlabelledChoice(n) ? "" : wordsBefore(el);
    return before ? { side: "before", name: before } : null;
  }
  function unlabelledChoice(el) {
    // A label that stands in for its hidden box and says nothing itself (a switch's track).
    if (el.localName === "label" && standInRole(el) && !subtreeText(el).trim()) return !(byIds(el.control, "aria-labelledby").length || (el.control.getAttribute("aria-label") || "").trim() || el.control.getAttribute("title") || labelsOf(el.control).some((l) => l !== el && subtreeText(l).trim()));
    if (el.localName !== "input" || !/^(checkbox|radio)$/i.test(el.getAttribute("type") || "")) return false;
    return !(labelsOf(el).length || byIds(el, "aria-labelledby").length || (el.getAttribute("aria-label") || "").trim() || el.getAttribute("title"));
  }
  // A line break, a block, a control or something else to act on (a clickable icon): where the
  // words beside a box end, as the text around it is read in parts there too.
  const endsWords = (n) =>
    n.localName === "br" || n.matches(CONTROLS) || !!n.querySelector(CONTROLS) || isBlock(n) || !!roleOf(n) || !!actionable(n, getComputedStyle(n), null);
  // The words right after a control, up to the next line break, block or control.
  function wordsAfter(el) {
    let out = "";
    for (let n = el.nextSibling; n && out.length <= NAME_MAX; n = n.nextSibling) {
      if (n.nodeType === Node.TEXT_NODE) out += n.data;
      else if (n.nodeType === Node.ELEMENT_NODE) {
        // A label for nothing right after the box is its caption, whatever else it does (a
        // TodoMVC item's label, which edits the item on a double click).
        if (n.localName === "label" && !n.control && !out.trim()) return clean(subtreeText(n, 1), NAME_MAX);
        if (endsWords(n)) break;
        out += " " + subtreeText(n, 1);
      }
    }
    return clean(out, NAME_MAX);
  }
  // The words right before a control, back to the previous line break, block or control. More
  // than a name holds is a sentence, not a label: nothing then (it stays text, whole).
  function wordsBefore(el) {
    let out = "";
    for (let n = el.previousSibling; n; n = n.previousSibling) {
      if (n.nodeType === Node.TEXT_NODE) out = n.data + out;
      else if (n.nodeType === Node.ELEMENT_NODE) {
        if (endsWords(n)) break;
        out = " " + subtreeText(n, 1) + " " + out;
      }
      if (out.length > NAME_MAX * 2) return "";
    }
    out = clean(out, NAME_MAX * 2);
    return out.length > NAME_MAX ? "" : out;
  }

  // A label's text without the control it wraps.
  // The words of a field's shown labels, as its name; null when no label says any.
  function labelsName(field) {
    const labels = labelsOf(field).map((l) => labelText(l, field)).filter(Boolean);
    return labels.length ? clean(labels.join(" "), NAME_MAX) : null;
  }
  function labelText(label, control) {
    // A label nobody sees names nothing (its words would reach Claude unseen).
    if (!seen(label)) return "";
    // (A web component's label leaves the whole component out, the control in it too.)
    if (label.control && label.control !== control && composedContains(label.control, control)) control = label.control;
    let out = "";
    for (const child of nodesIn(label)) {
      if (child === control || (child.contains && child.contains(control))) {
        if (child !== control) out += " " + subtreeText(child, 1).replace(control.value || "\u0000", "");
        continue;
      }
      out += " " + subtreeText(child, 1);
    }
    return out.trim();
  }

  // Whether an element is rendered and seen: display, visibility, opacity (and content-visibility
  // when `cva`). A box that fades in from opacity 0 is seen already: a popup a click opened
  // (a date picker, a menu) is read right after the click, while its animation or transition
  // toward a visible opacity is still under way, or not yet started.
  function seen(el, cva) {
    if (revealing && composedContains(revealing, el)) return shownWhenRevealed(el);
    const opts = { visibilityProperty: true, contentVisibilityAuto: !!cva };
    if (el.checkVisibility({ ...opts, opacityProperty: true })) return true;
    return el.checkVisibility(opts) && (appearing(el) || drawnOver(el));
  }

  // The boxes inside a box hidden only by its visibility that show themselves (`visibility:
  // visible` on a descendant overrides the `hidden` it inherits), outermost first, in document
  // order; none under what is hidden from people otherwise (aria-hidden, inert). A look at some
  // thousand descendants at most.
  function shownInside(el, style) {
    if (style.visibility === "visible" || !el.firstElementChild || !el.checkVisibility({ opacityProperty: true, contentVisibilityAuto: true })) return [];
    const out = [];
    let looked = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT, (d) => {
      if (++looked > 1000) return NodeFilter.FILTER_REJECT;
      if (ariaHidden(d) || d.hasAttribute("inert") || SKIP_TAGS.has(d.tagName)) return NodeFilter.FILTER_REJECT;
      // (What is under one found is read with it.)
      if (getComputedStyle(d).visibility === "visible") {
        out.push(d);
        return NodeFilter.FILTER_REJECT;
      }
      return NodeFilter.FILTER_SKIP;
    });
    while (looked <= 1000 && walker.nextNode());
    return out;
  }

  // Boxes the style sheets show only while the pointer is over them or a box around them (a
  // row's actions at `opacity: 0` until `.row:hover .actions`, a menu's `li:hover > ul`). A
  // person sees them by pointing there, so they are read, marked so, and a ref to one is
  // pointed at through what shows it.
  //
  // The rules that do it, per document or shadow root: `{ shown, over }`, the selectors of what
  // is shown and of the box whose hover shows it (without `:hover`). Gathered again when the
  // sheets change.
  const hoverRulesOf = new WeakMap();
  function hoverRules(root) {
    const sheets = [...(root.styleSheets || []), ...(root.adoptedStyleSheets || [])];
    let key = sheets.length;
    for (const sheet of sheets) {
      try {
        key = (key * 31 + sheet.cssRules.length) % 1e9;
      } catch {}
    }
    const kept = hoverRulesOf.get(root);
    if (kept && kept.key === key) return kept.rules;
    const rules = [];
    const view = (root.defaultView || root.host?.ownerDocument.defaultView || window);
    const visit = (list, level) => {
      for (const rule of list) {
        if (rules.length >= 400) return;
        if (rule.selectorText != null) {
          const shows = rule.selectorText.includes(":hover") && revealsBox(rule.style);
          if (shows) for (const sel of topLevel(rule.selectorText, /,/)) addHoverRule(sel, shows, rules);
        } else if (rule.cssRules && level < 4) {
          // A media query's rules count while it holds.
          if (rule.media && rule.media.mediaText && !view.matchMedia(rule.media.mediaText).matches) continue;
          visit(rule.cssRules, level + 1);
        }
      }
    };
    for (const sheet of sheets) {
      try {
        visit(sheet.cssRules, 0);
      } catch {}
    }
    hoverRulesOf.set(root, { key, rules });
    return rules;
  }
  // A component library's style sheet holds thousands of rules, and reading their selectors the
  // first time costs some 5 microseconds apiece (15-35 ms on an Element Plus or Ant Design page):
  // once the page has loaded they are gathered while it is idle, before Claude's first read
  // (a page of more than 10,000 rules is left to the read, as it would hold the page that long).
  function gatherHoverRulesWhenIdle() {
    const count = (list, level) => {
      let n = list.length;
      for (let i = 0; i < list.length && n <= 10000; i++) if (list[i].cssRules && level < 4) n += count(list[i].cssRules, level + 1);
      return n;
    };
    const gather = () => requestIdleCallback(() => {
      let rules = 0;
      for (const sheet of document.styleSheets) {
        try {
          rules += count(sheet.cssRules, 0);
        } catch {}
        if (rules > 10000) return;
      }
      hoverRules(document);
    });
    if (document.readyState === "complete") gather();
    else addEventListener("load", gather, { once: true });
  }
  gatherHoverRulesWhenIdle();
  // An icon whose label is its identifier in an icon set (`<span role="img" aria-label="edit"
  // class="anticon anticon-edit">`): drawing, not words. A control that holds only it says which
  // icon it shows (`icon="edit"`).
  function iconLabelled(el) {
    const label = el.getAttribute("aria-label");
    if (!label || el.getAttribute("role") !== "img" || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(label)) return false;
    for (const c of el.classList) {
      const m = ICON_CLASS.exec(c);
      if (m && m[1] === label) return true;
    }
    return /^[a-z]+(-[a-z0-9]+)+$/.test(label);
  }
  // What a control with no name (or one of symbols only, an icon's "🗑") says it does: its
  // description (aria-describedby, a title, a tooltip library's), else the icon it shows.
  function wordlessHint(el) {
    const described = clean(byIds(el, "aria-describedby").map(referencedText).join(" ") || el.getAttribute("title") || dataHint(el), NAME_MAX);
    if (described) return { description: described };
    const icon = iconName(el);
    return icon ? { icon } : {};
  }
  // What a tooltip library says of a control with no words, kept in a data attribute
  // (`data-tooltip`, `data-bs-original-title`), or a swatch's `data-color="Navy"`: words only,
  // never an id.
  // (Only attributes whose words a person is shown: a tooltip's, a swatch's colour.)
  const DATA_HINTS = ["data-tooltip", "data-tippy-content", "data-original-title", "data-bs-original-title", "data-bs-title", "data-title", "data-tip", "data-balloon", "data-hint", "data-color", "data-colour"];
  function dataHint(el) {
    for (const a of DATA_HINTS) {
      const v = (el.getAttribute(a) || "").trim();
      if (v && v.length <= 80 && /\p{L}{2,}/u.test(v) && !/^[\w-]*\d{3,}[\w-]*$/.test(v) && !/^[0-9a-f-]{16,}$/i.test(v)) return v;
    }
    return "";
  }
  // The name of the icon a control without words shows, as its markup says it: an icon set's
  // class (`fa-trash`, `bi-pencil-square`, `lucide-settings`), a `data-icon`, the symbol an
  // <svg><use> draws (`#icon-share`), or the control's own class (`btn-close`, `close-btn`).
  // A hint for a control nobody named, never its name.
  const ICON_CLASS = /^(?:fa[srlbdt]?|bi|icon|anticon|glyphicon|ti|ri|mdi|lucide|feather|la[srb]?|ion|ionicons|octicon|ph|tabler|heroicon|iconoir|gg|uil|bx|bxs|codicon|el|oi|typcn|wi|ci)-([a-z0-9][a-z0-9-]*)$/i;
  const NOT_ICON = /^(?:[0-9]+x|xs|sm|md|lg|xl|2xl|fw|solid|regular|light|thin|duotone|sharp|brands|spin|pulse|beat|fade|shake|bounce|flip.*|rotate.*|pull-.*|stack.*|inverse|border|ul|li|inline|svg|btn|button|wrapper|container|wrap|icon|small|large|primary|secondary|white|black|muted|default|outline.*|link|block|group|toolbar|success|danger|warning|info|dark|size-.*|[0-9]+)$/i;
  // Ionic's state and layout classes, which name no icon.
  const ION_STATE = /^ion-(?:activatable.*|focusable|page|padding.*|margin.*|text-.*|color-.*|hide.*|float-.*|justify-.*|align-.*|display-.*|flex.*)$/;
  // A control's own class that ends in what it does (`flatpickr-prev-month`, `swiper-button-next`,
  // `slick-prev`, `modal-close`, a grid's `ag-header-cell-resize`): that word on.
  const ACTION_CLASS = /[-_]((?:prev|previous|next|close|dismiss|back|forward|expand|collapse|toggle|menu|search|delete|remove|add|edit|more|clear|cancel|play|pause|refresh|settings|share|copy|download|upload|up|down|left|right|resize|drag|grip|sort|filter)(?:[-_][a-z]+)?)$/i;
  function iconName(el) {
    const fromClass = (e, own) => {
      for (const c of e.classList || []) {
        if (ION_STATE.test(c)) continue;
        const m = ICON_CLASS.exec(c) || (own ? /^(?:btn|button|icon)-([a-z][a-z-]*)$|^([a-z][a-z-]*?)-(?:btn|button|icon)$/i.exec(c) || ACTION_CLASS.exec(c) : null);
        const name = m && (m[1] || m[2]);
        if (name && !NOT_ICON.test(name)) return name;
      }
      return "";
    };
    const parts = [el, ...el.querySelectorAll("i, span, svg, use, img, em, ion-icon, sl-icon, [data-icon]")].slice(0, 12);
    for (const e of parts) {
      const data = e.getAttribute("data-icon") || e.getAttribute("data-lucide") || e.getAttribute("data-feather") || e.getAttribute("icon") || e.getAttribute("name");
      if (data && e !== el && /^[a-z][\w:-]{1,40}$/i.test(data)) return data.replace(/^[a-z]+:/i, "");
      const href = e.localName === "use" ? e.getAttribute("href") || e.getAttribute("xlink:href") || "" : "";
      const frag = /#(?:icon[-_])?([a-z][\w-]{1,40})$/i.exec(href);
      if (frag) return frag[1];
      // An icon drawn by an image file named for it (`/icons/trash.svg`, `ic_delete_24px.png`).
      const src = e.localName === "img" && !e.getAttribute("alt") ? e.getAttribute("src") || "" : "";
      if (src && !/^(data|blob):/i.test(src)) {
        const file = (src.split(/[?#]/)[0].split("/").pop() || "").replace(/\.(svg|png|gif|webp)$/i, "").replace(/^(icons?|ic)[-_]/i, "").replace(/([-_](icon|\d+(px|dp)?|\d+x\d+|outline|filled|black|white))+$/i, "").replace(/@\dx$/, "");
        if (/^[a-z]+(?:[-_][a-z]+){0,3}$/i.test(file) && file.length <= 30) return file.replace(/_/g, "-");
      }
      const named = fromClass(e, e === el);
      if (named) return named;
    }
    return "";
  }

  // What of a box a rule shows: a display other than none, visibility, an opacity above 0.
  function revealsBox(style) {
    const shows = { display: !!style.display && style.display !== "none", visibility: style.visibility === "visible", opacity: style.opacity !== "" && parseFloat(style.opacity) > 0 };
    return shows.display || shows.visibility || shows.opacity ? shows : null;
  }
  // The parts of a selector, split outside brackets and parentheses at the characters `sep`
  // matches (`/,/` for a list's selectors, `/[\s>+~]/` for a selector's compounds).
  function topLevel(text, sep) {
    const out = [];
    let level = 0, start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === "(" || c === "[") level++;
      else if (c === ")" || c === "]") level--;
      else if (level === 0 && sep.test(c)) {
        out.push(text.slice(start, i));
        start = i + 1;
      }
    }
    out.push(text.slice(start));
    return out.map((t) => t.trim());
  }
  // `a b:hover > c` shows `a b > c` while the pointer is over the `b` it lies in; so do
  // `.group:hover .group-hover\:block` and `.group-hover\:block:is(:where(.group):hover *)`
  // (a utility framework's two ways of writing it). Kept with `:hover` taken out (`shown`,
  // what it shows when anything is hovered) and with `:hover` made `:scope` (`scoped`: what it
  // shows when a given box is hovered, asked of that box).
  function addHoverRule(sel, shows, rules) {
    if (!sel.includes(":hover")) return;
    const shown = sel.replace(/:hover\b/g, "");
    const scoped = sel.replace(/:hover\b/g, ":scope");
    try {
      document.createDocumentFragment().querySelector(shown);
      document.createDocumentFragment().querySelector(scoped);
    } catch {
      return;
    }
    // What the shown box's own part of the selector asks for first (a class, an id or a tag),
    // checked before the whole selector is.
    const last = topLevel(shown, /[\s>+~]/).pop().replace(/[(\[].*$/, "");
    const token = /[.#](?:[\w-]|\\.)+/.exec(last)?.[0];
    const key = token ? token[0] + token.slice(1).replace(/\\(.)/g, "$1") : /^[a-z][\w-]*/i.exec(last)?.[0] || "";
    rules.push({ shown, scoped, shows, key });
  }
  // The box whose hover shows `el`, a box hidden by its own style, or null. The rule must undo
  // what hides it (a link's common `a:hover { opacity: .8 }` shows no link hidden by its
  // display), and a box of no display or visibility can only be shown by a hover around it
  // (the nearest few boxes around it are asked).
  function hoverShows(el) {
    // A document or shadow root, of this frame or a same-origin one inside it.
    const root = el.getRootNode();
    if (root.nodeType !== Node.DOCUMENT_NODE && root.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return null;
    const cs = getComputedStyle(el);
    const need = cs.display === "none" ? "display" : cs.visibility === "hidden" ? "visibility" : cs.opacity === "0" ? "opacity" : null;
    if (!need) return null;
    const tag = el.localName;
    for (const rule of hoverRules(root)) {
      if (!rule.shows[need]) continue;
      const k = rule.key;
      if (k && (k[0] === "." ? !el.classList.contains(k.slice(1)) : k[0] === "#" ? el.id !== k.slice(1) : k.toLowerCase() !== tag)) continue;
      try {
        if (!el.matches(rule.shown)) continue;
        if (el.matches(rule.scoped)) {
          if (need === "opacity") return el;
          continue;
        }
        for (let over = el.parentElement, i = 0; over && i < 8; over = over.parentElement, i++) {
          if (over.getElementsByTagName("*").length > 3000) break;
          if ([...over.querySelectorAll(rule.scoped)].includes(el)) return seen(over) ? over : null;
        }
      } catch {}
    }
    return null;
  }
  // The hidden box a hover shows, from `el` up: `{ box, over }`, or null.
  function revealedBy(el) {
    for (let e = el, i = 0; e && i < 30; e = e.parentElement, i++) {
      if (e === e.ownerDocument.body) return null;
      const over = hoverShows(e);
      if (over) return { box: e, over };
    }
    return null;
  }
  // While a box the hover shows is read: what lies in it is shown, as the hover shows it,
  // unless it is hidden in its own right below that box.
  let revealing = null;
  function shownWhenRevealed(el) {
    for (let e = el, i = 0; e && e !== revealing && i < 40; e = flatParent(e), i++) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.opacity === "0") return false;
    }
    return true;
  }

  // A box or file input that the page draws itself is often the real input made transparent
  // over its drawing (TodoMVC's round toggles): it takes the person's clicks there, so it is
  // shown, though its own opacity is 0. Such an input holds no text; a transparent button or
  // link, whose text nobody sees, stays hidden. So is a slider's range input over the track and
  // handle it draws (Material's md-slider).
  // So is a widget library's select that keeps its focus holder, the combobox input with the
  // list's state, transparent over the choice it draws (Ant Design's Select).
  // An empty text field of a web component a few boxes inside a transparent one, where a press
  // reaches it, waits to be typed into under the words that name it (Material's
  // md-outlined-text-field shows its input only once it has focus or text).
  function drawnOver(el) {
    const combobox = el.getAttribute("role") === "combobox";
    if (el.localName !== "input" && el.localName !== "textarea") return false;
    const drawn = /^(checkbox|radio|file|range)$/.test(el.type) || combobox;
    if (!drawn && !componentField(el)) return false;
    const parent = drawn ? el.parentElement || el.getRootNode().host : transparentAround(el);
    if (drawn ? getComputedStyle(el).opacity !== "0" : !parent) return false;
    if (!parent?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    // A multiple select's holder is as narrow as what is typed into it (a few pixels at first).
    if (combobox ? r.width <= 0 || r.height < 8 : r.width < 8 || r.height < 8) return false;
    const view = el.ownerDocument.defaultView;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    // Out of the viewport it cannot be hit-tested: its size and shown parent stand for it then
    // (a long list's boxes below the fold, a long form's fields).
    if (!view || x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return true;
    const root = el.getRootNode();
    const hits = (typeof root.elementsFromPoint === "function" ? root : el.ownerDocument).elementsFromPoint(x, y);
    const top = hits.find((h) => h !== overlayHost);
    if (top === el) return true;
    if (!drawn) return false;
    // A popup laid over it for now (a list a field above opened) covers it; it is still the
    // box its drawing shows.
    const at = hits.indexOf(el);
    if (at > 0 && hits.slice(0, at).every((h) => h === overlayHost || (!composedContains(h, el) && floats(h) && !composedContains(el.parentElement || h, h)))) return true;
    // The choice a select draws may lie over its holder, in the box that holds both, where a
    // press opens the select all the same; so may a slider's handle over its range input (Spectrum's
    // sp-slider), which a drag moves.
    const box = (combobox || el.type === "range") && top ? drawnBox(el, r) : null;
    return !!box && composedContains(box, top);
  }
  // A text field a web component keeps in its shadow root, empty, in the tab order and named
  // there (a trap for robots is none of these: it sits in the page, out of the tab order, or
  // named only by a label as transparent as itself).
  function componentField(el) {
    return el.getRootNode() !== el.ownerDocument && !el.value && el.tabIndex >= 0 && !!((el.getAttribute("aria-label") || "").trim() || el.hasAttribute("aria-labelledby") || el.placeholder);
  }
  // The box right around the transparent ones that hold a field (four at most, the field
  // itself not among them), or null.
  function transparentAround(el) {
    let clear = false;
    for (let e = flatParent(el), i = 0; e && i < 5; e = flatParent(e), i++) {
      if (getComputedStyle(e).opacity === "0") clear = true;
      else if (clear) return e;
    }
    return null;
  }
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
    return out;
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
    return was;
  }
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
      if (clipsX || clipsY || style.clip !== "auto" || style.clipPath !== "none") return "tiny";
      return "open";
    }
    if (!offPage(el, rect)) return null;
    // Content wider or taller than a box that does not clip it can lie back on the page: a
    // carousel's track, moved left past the slides before the one it shows.
    const spills = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    return spills && clipsNothing(style || getComputedStyle(el)) ? "open" : "offpage";
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

  function states(el, role) {
    const s = {};
    const attr = (n) => el.getAttribute(n);
    if (role === "checkbox" || role === "radio" || role === "switch" || role === "menuitemcheckbox" || role === "menuitemradio") {
      const aria = attr("aria-checked");
      s.checked = aria != null ? aria : el.indeterminate === true ? "mixed" : el.checked === true ? "true" : "false";
    } else if ((role === "gridcell" || role === "option" || role === "treeitem") && /^(true|false|mixed)$/.test(attr("aria-checked") || "")) {
      // A cell drawn as a tick or a cross (Tabulator's) says which, as no box shows it is one;
      // an option of a list that ticks several.
      s.checked = role === "gridcell" && attr("aria-checked") === "false" ? "unchecked" : attr("aria-checked");
    }
    if (role === "option" || role === "tab" || role === "treeitem" || role === "row" || role === "gridcell") {
      const aria = attr("aria-selected");
      if (aria === "true" || (el.localName === "option" && el.selected)) s.selected = true;
    }
    if (attr("aria-expanded") != null) s.expanded = attr("aria-expanded") === "true";
    else if (el.localName === "details") s.expanded = el.open;
    else if (el.localName === "summary" && el.parentElement?.localName === "details") s.expanded = el.parentElement.open;
    if (attr("aria-pressed") != null) s.pressed = attr("aria-pressed");
    // The page, step or item a set of links marks as the one shown (a menu's open page, a
    // wizard's step, a pager's page number).
    const current = (attr("aria-current") || "").trim().toLowerCase();
    // (A value ARIA does not name counts as "true".)
    if (current && current !== "false") s.current = ["page", "step", "location", "date", "time"].includes(current) ? current : true;
    if (role === "columnheader" || role === "rowheader") {
      const sort = (attr("aria-sort") || "").trim().toLowerCase();
      if (sort === "ascending" || sort === "descending" || sort === "other") s.sort = sort;
    }
    if ((isTextEntry(el) && !el.isContentEditable && el.readOnly === true) || attr("aria-readonly") === "true") s.readonly = true;
    if (el.disabled === true || attr("aria-disabled") === "true") s.disabled = true;
    if (FIELD_ROLES.has(role)) {
      const d = fieldDescription(el);
      if (d) s.description = d;
    }
    if (el.required === true || attr("aria-required") === "true") s.required = true;
    if (attr("aria-invalid") === "true") s.invalid = true;
    if (role === "heading") {
      const m = /^h([1-6])$/.exec(el.localName);
      s.level = Number(attr("aria-level")) || (m ? Number(m[1]) : 2);
    }
    if (role === "link") {
      const href = attr("href");
      // (As the browser reads it: without the tabs and line breaks an address drops.)
      if (href != null) s.href = clean(href.replace(/[\t\n\r]/g, ""), 200);
    }
    const tag = el.localName;
    if (tag === "input" || tag === "textarea") {
      const type = (attr("type") || "text").toLowerCase();
      if (!["checkbox", "radio", "button", "submit", "reset", "image", "file", "hidden"].includes(type)) {
        // A date or time field takes its value in one form, within its limits; a number field
        // within its own (a quantity of 1 to 5).
        if ((DATE_TYPES[type] || type === "number") && tag === "input") {
          if (DATE_TYPES[type]) s.format = DATE_TYPES[type];
          if (el.min) s.min = clean(el.min, 40);
          if (el.max) s.max = clean(el.max, 40);
        }
        if (type === "password") {
          if (el.value) s.value = "••••";
        } else if (el.value) s.value = tag === "textarea" ? cleanLines(el.value, 200) : clean(el.value, 200);
        // (A placeholder of a blank only, as floating labels need one, says nothing.)
        const ph = clean(attr("placeholder") || attr("aria-placeholder"), 100);
        if (ph) s.placeholder = ph;
      }
      // What a field suggests (its datalist): it takes any text, these are offered.
      if (tag === "input" && el.list && el.list.localName === "datalist") {
        // (A list many fields share can be long: only what is shown is cleaned.)
        const offered = [];
        let more = 0;
        // (Those the words in the field match, as the browser's list shows them.)
        const typed = (el.value || "").trim().toLowerCase();
        for (const o of el.list.options) {
          if (o.disabled || !(o.value || o.label)) continue;
          if (typed && !`${o.value}\n${o.label}`.toLowerCase().includes(typed)) continue;
          if (offered.length < 12) offered.push(clean(o.value || o.label, 60));
          else more++;
        }
        if (offered.length) s.suggestions = more ? `${offered.join(" | ")} | +${more} more` : offered.join(" | ");
      }
      if (type === "file" && el.files && el.files.length) s.value = clean([...el.files].map((f) => f.name).join(", "), 200);
      if (type === "range") {
        s.value = el.value;
        s.min = el.min || "0";
        s.max = el.max || "100";
      }
    } else if (tag === "select") {
      const chosen = [...el.selectedOptions].map((o) => clean(o.label || o.text, 80));
      if (chosen.length) s.value = chosen.join(", ");
      if (el.multiple) s.multiselectable = true;
      // The choices, so Claude can pick one with form_input without another read.
      // (One the page made unavailable, or whose group it did, says so.)
      const labels = [...el.options].map((o) => {
        const label = clean(o.label || o.text, 60);
        return label && o.matches(":disabled") ? `${label} (disabled)` : label;
      }).filter(Boolean);
      if (labels.length) s.options = few(labels);
    } else if (role === "textbox" && el.isContentEditable) {
      // An editor of paragraphs lists them under its line; plain text is its value.
      if (!el.querySelector("p,div,li,h1,h2,h3,h4,h5,h6,pre,blockquote,table")) {
        const t = clean(el.innerText, 200);
        if (t) s.value = t;
      }
      // An empty editor shows its placeholder through a style sheet, from an attribute of its
      // own or of its first paragraph (Quill's, ProseMirror's and Tiptap's `data-placeholder`).
      if (!s.value && !el.innerText.trim()) {
        const ph = [el, el.firstElementChild].map((e) => e && (e.getAttribute("aria-placeholder") || e.getAttribute("data-placeholder") || e.getAttribute("placeholder"))).find(Boolean);
        const said = clean(ph, 100);
        if (said) s.placeholder = said;
      }
    } else if (attr("aria-valuenow") != null) {
      s.value = attr("aria-valuetext") || attr("aria-valuenow");
    } else if (drawnChoice(el, role)) {
      // A combobox that is no field (a box that opens its list, Material UI's Select) shows
      // its choice as its words (not the icons it hides from readers), or its placeholder
      // (Radix marks the box then).
      // (Words of its label drawn inside it, Material's floating label, are its name.)
      let t = clean(subtreeText(el), 200);
      const name = el.hasAttribute("aria-labelledby") || el.hasAttribute("aria-label") ? nameOf(el, role) : "";
      if (name && t.startsWith(name + " ")) t = t.slice(name.length + 1);
      if (/[\p{L}\p{N}]/u.test(t)) s[el.hasAttribute("data-placeholder") ? "placeholder" : "value"] = t;
    }
    if (role === "progressbar" || role === "meter") {
      if (el.value != null && el.max != null) s.value = `${el.value}/${el.max}`;
    }
    const active = deepActiveElement();
    if (active === el) s.focused = true;
    return s;
  }

  // A combobox that is a box of words alone (no field, nor parts with roles of their own, as
  // select2's inner textbox is), whose words are its choice.
  function drawnChoice(el, role) {
    return role === "combobox" && !el.isContentEditable && !el.matches("input,select,textarea") && !el.querySelector(`[role],${CONTROLS}`);
  }
  // A control's choices in one bounded value: the first 12, and how many more.
  function few(labels) {
    return labels.length > 12 ? [...labels.slice(0, 12), `+${labels.length - 12} more`].join(" | ") : labels.join(" | ");
  }

  function deepActiveElement() {
    let a = document.activeElement;
    while (a) {
      if (shadowOf(a) && shadowOf(a).activeElement) a = shadowOf(a).activeElement;
      else if (isFrame(a)) {
        const doc = frameDoc(a);
        const inner = doc?.activeElement;
        if (!inner || inner === doc.body) break;
        a = inner;
      } else break;
    }
    return a;
  }

  // A widget by its role. Other elements a person can act on (a handler, a tab stop) are found by
  // actionable(), which marks them so: a sortable column header reads `columnheader "Name"
  // [ref_7] clickable`, as a list item with a listener does.
  function isInteractive(el, role) {
    return INTERACTIVE_ROLES.has(role) || el.localName === "summary";
  }

  // Roles that hold a page's structure: a tab stop on one of them is for keyboard scrolling or
  // focus management, not a control.
  const STRUCTURE_ROLES = new Set(["dialog", "alertdialog", "main", "region", "navigation", "complementary", "banner", "contentinfo", "form", "search", "article", "document", "application", "list", "table", "grid", "tree", "listbox", "menu", "menubar", "toolbar", "tablist", "tabpanel", "group", "radiogroup", "feed", "log", "status"]);
  const GRID_PARTS = new Set(["gridcell", "row"]);
  const LIVE_ROLES = new Set(["alert", "status", "log", "timer", "marquee"]);
  const BOXED_CONTROLS = "button,input,select,textarea,[role=button],[role=spinbutton],[role=slider],[role=checkbox],[role=radio],[role=switch]";
  const HANDLER_ATTRS = ["onclick", "onmousedown", "onmouseup", "onpointerdown", "onpointerup", "ondblclick", "onkeydown", "onkeyup", "ontouchstart"];
  // Attributes by which a framework gives an element a click of its own, often answered by one
  // listener on the whole page: Alpine's @click, AngularJS's ng-click, Livewire's wire:click,
  // Phoenix's phx-click, htmx's hx-get (whose trigger on a box is a click unless it names
  // another). (A click `.outside` or `.away` is one on anything but the element.)
  const FRAMEWORK_CLICK = /^(?:@click|x-on:click|v-on:click|(?:data-)?ng-click|wire:click|phx-click|hx-(?:get|post|put|patch|delete))(?:\.(?!outside\b|away\b|window\b|document\b)[\w-]+)*$/;
  // Whether the page's markup hands an element a handler: an attribute like onclick, or a
  // framework's click attribute (see frameworkClick).
  function handlerAttr(el) {
    return HANDLER_ATTRS.some((a) => el.hasAttribute(a)) || frameworkClick(el);
  }
  // A framework's click attribute, a jsaction that answers a click (Google's: `click:name`, or
  // a name alone, whose event is the click) or a Stimulus action on a click. (htmx triggers a
  // form on its sending and a field on its change, unless its hx-trigger says click.)
  function frameworkClick(el) {
    const attrs = el.attributes;
    for (let i = 0; i < attrs.length && i < 40; i++) {
      const { name, value } = attrs[i];
      if (FRAMEWORK_CLICK.test(name)) {
        const trigger = el.getAttribute("hx-trigger");
        if (!name.startsWith("hx-") || (trigger ? /\bclick\b/.test(trigger) : !/^(form|input|select|textarea)$/.test(el.localName))) return true;
      } else if (name === "jsaction") {
        if (value.split(";").some((a) => /^\s*(click:|[\w.]+\s*$)/.test(a))) return true;
      } else if (name === "data-action" && /(^|\s)click->/.test(value)) return true;
    }
    return false;
  }
  const TOGGLE_ROLES = new Set(["checkbox", "switch", "radio"]);
  const CONTROLS = "a[href],button,input,select,textarea,[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=option]";

  // Why a person can act on an element that has no widget role: "clickable" (a click, mouse,
  // pointer or key handler, a pointer cursor its parent does not have, a tab stop) or
  // "draggable". Null when nothing says so.
  // Whether a label's control is shown, as read_page judges it (not display: none, hidden,
  // transparent, clipped to a pixel or moved off the page).
  function controlShown(control) {
    const reason = hiddenReason(control, control.getBoundingClientRect());
    return !reason || reason === "open";
  }
  // The role a box takes when it stands in for a control it hides: a label for its hidden
  // checkbox or radio button, or a box that shows a combobox's value (see hiddenCombobox).
  // A wordless box that draws a hidden checkbox or radio button of its own (a switch's track
  // around its 0 × 0 box) stands in for it too, unless a label of that control says its words
  // and stands in already ("covered": the box is no line of its own).
  function standInRole(el) {
    if (el.localName !== "label") {
      if (hiddenCombobox(el)) return "combobox";
      const box = hiddenToggle(el);
      if (!box) return null;
      const labelled = [...(box.labels || [])].some((l) => !el.contains(l) && subtreeText(l).trim() && !hiddenReason(l, l.getBoundingClientRect()));
      return labelled ? "covered" : toggleRole(box);
    }
    const control = labelControl(el);
    if (!control || controlShown(control)) return null;
    // A label around a hidden button is that button (Ionic's select draws its box as a label
    // around a transparent button that says the choice).
    if (control.localName === "button" && el.contains(control)) return "button";
    if (!(control.type === "checkbox" || control.type === "radio")) return null;
    return toggleRole(control);
  }
  // A label's control, or the hidden checkbox or radio button beside a label that names none, in
  // a small box of the two (Fomantic UI's checkbox, whose script answers a click on either).
  function labelControl(label) {
    return label.control || (!label.hasAttribute("for") && label.parentElement ? toggleIn(label.parentElement) : null);
  }
  // A box that says it is a switch is one.
  function toggleRole(control) {
    return control.type === "checkbox" && control.getAttribute("role") === "switch" ? "switch" : control.type;
  }
  // The control a box stands in for.
  function standInControl(el) {
    return el.localName === "label" ? labelControl(el) : hiddenToggle(el);
  }
  // The one hidden checkbox or radio button in a small box with no other control and no words
  // but a label's that names no control (see toggleIn),
  // or beside a wordless part of such a box that has no handler of its own (the track drawn
  // next to a switch's hidden box, clickable by its pointer cursor only).
  function hiddenToggle(el) {
    return toggleIn(el) || (!hasOwnHandler(el) && !el.querySelector("input") && el.parentElement && toggleIn(el.parentElement, false));
  }
  // Whether the page gave an element a handler of its own: a listener (found through CDP, or
  // kept by a framework) or a handler attribute.
  function hasOwnHandler(el) {
    return listened.has(el) || told.has(el) || handlerAttr(el);
  }
  // `worded`: the box may say words, when they are a label's that names no control (Fomantic
  // UI's checkbox: the hidden box, and a label beside it that the box's handler answers for).
  function toggleIn(el, worded = true) {
    // (The children first: a marked element's parent may be a list of thousands.)
    if (el.childElementCount > 6 || el.getElementsByTagName("*").length > 12) return null;
    const words = subtreeText(el).trim();
    if (words) {
      const labels = worded ? el.getElementsByTagName("label") : [];
      if (labels.length !== 1 || labels[0].control || subtreeText(labels[0]).trim() !== words) return null;
    }
    const boxes = el.querySelectorAll("input");
    const box = boxes.length === 1 && (boxes[0].type === "checkbox" || boxes[0].type === "radio") ? boxes[0] : null;
    if (!box || box.disabled || el.querySelector("a[href], button, select, textarea") || controlShown(box)) return null;
    return box;
  }

  // The one combobox field in a small box that shows the combobox's value, while the field is
  // out of sight but there to type in once the box is clicked (Tom Select moves it off the page,
  // react-select makes it transparent): the box is what a person sees and clicks.
  function hiddenCombobox(el) {
    if (el.getElementsByTagName("*").length > 30) return null;
    const fields = el.querySelectorAll("input, textarea, select, [role=combobox], [contenteditable]");
    const field = fields.length === 1 ? fields[0] : null;
    if (!field || roleOf(field) !== "combobox" || field.disabled || field.tabIndex < 0 || controlShown(field)) return null;
    return field.checkVisibility({ visibilityProperty: true }) ? field : null;
  }
  // Whether a field is shown, itself or by a box that stands in for it: its label's words are
  // its name then, not text or a control of their own.
  function fieldShown(field) {
    return controlShown(field) || !!boxShowing(field) || !!comboAround(field);
  }
  // The shown combobox a library drew around a hidden field, which takes the field's label as
  // its name.
  function comboAround(field) {
    const box = field.parentElement?.closest("[role=combobox]");
    return box && !box.labels && !hiddenReason(box, box.getBoundingClientRect()) ? box : null;
  }
  // The shown box around a hidden combobox that stands in for it, if any.
  function boxShowing(field) {
    let box = field.parentElement;
    for (let i = 0; box && i < 3; i++, box = box.parentElement) {
      if (hiddenCombobox(box) === field) return hiddenReason(box, box.getBoundingClientRect()) ? null : box;
    }
    return null;
  }

  // A code editor a library draws (CodeMirror 5, Ace, Monaco): the text a person sees is drawn
  // in boxes of its own, and the keys go to a field kept out of sight (a textarea a pixel wide,
  // or transparent) that takes the focus when the editor is clicked. The editor's box stands in
  // for that field: the nearest box around it of a size a person clicks. Found once per read
  // (each read starts afresh), for the page's document.
  let editorBoxes = null;
  function editorFieldOf(box) {
    if (!editorBoxes) {
      editorBoxes = new Map();
      for (const field of document.querySelectorAll("textarea, [role=textbox]:not(input)")) {
        // (Code editors turn spelling checks off in their field: CodeMirror, Ace and Monaco do.)
        if (field.getAttribute("spellcheck") !== "false" || field.disabled || field.tabIndex < 0 || field.isContentEditable || field.closest("[aria-hidden=true]") || !field.checkVisibility({ visibilityProperty: true }) || (controlShown(field) && !clippedAway(field))) continue;
        // (Where the editor keeps it: inside its box, at the caret. A trap for robots moved off
        // the page, or out of its form's row, is no editor's.)
        const at = field.getBoundingClientRect();
        for (let b = field.parentElement, i = 0; b && i < 4 && b !== document.body && b !== document.documentElement; b = b.parentElement, i++) {
          const r = b.getBoundingClientRect();
          if (r.width < 40 || r.height < 16) continue;
          const inside = at.left >= r.left - 8 && at.left <= r.right && at.top >= r.top - 24 && at.top <= r.bottom + 24;
          if (inside && !editorBoxes.has(b)) editorBoxes.set(b, field);
          break;
        }
      }
    }
    return editorBoxes.get(box) || null;
  }
  // Whether the box around an element clips it to next to nothing (CodeMirror 5 keeps its
  // textarea in a box 3 px wide and 0 high).
  function clippedAway(el) {
    const box = el.parentElement;
    if (!box) return false;
    const r = box.getBoundingClientRect();
    return (r.width < 4 || r.height < 4) && getComputedStyle(box).overflow !== "visible";
  }
  // What names an editor's box: its own label, the labels of the field it was made from (a
  // CodeMirror built from a textarea hides that textarea right before it), a label for nothing
  // right before it, or its field's labels.
  function editorName(box, field) {
    const own = nameOf(box, "textbox");
    if (own) return own;
    // (What comes right before the box, or before the boxes it opens: Monaco draws its editor
    // two boxes down from the element it was made on.)
    let at = box;
    for (let i = 0; at && !at.previousElementSibling && i < 3; i++) at = at.parentElement;
    const before = at?.previousElementSibling;
    if (before && before.localName === "textarea" && !before.checkVisibility()) {
      const name = labelsName(before);
      if (name) return name;
    }
    if (before && before.localName === "label" && !before.control) {
      const name = clean(subtreeText(before, 1), NAME_MAX);
      if (name) return name;
    }
    return labelsName(field) || clean(byIds(field, "aria-labelledby").map(referencedText).join(" "), NAME_MAX);
  }

  // Whether a style sheet draws content before or after an element.
  function drawsPseudo(el) {
    return ["::before", "::after"].some((p) => !/^(none|normal|""|'')$/.test(getComputedStyle(el, p).content));
  }
  // The editable body of a frame's document (an editor drawn in a frame), if `el` is such a frame.
  function editableFrameBody(el) {
    if (!isFrame(el)) return null;
    const body = frameDoc(el)?.body;
    return body && body.isContentEditable ? body : null;
  }
  // What names an editor drawn in a frame: the labels of the textarea it was made from (TinyMCE
  // hides it right before the box it draws the frame in), or the editable body's own label.
  function frameEditorName(frame) {
    for (let at = frame, i = 0; at && at !== document.body && i < 8; at = at.parentElement, i++) {
      const before = at.previousElementSibling;
      if (before?.localName === "textarea" && !before.checkVisibility()) {
        const name = labelsName(before);
        if (name) return name;
      }
    }
    const body = editableFrameBody(frame);
    return body ? nameOf(body, "textbox") : "";
  }

  function actionable(el, style, role) {
    const why = actionableNow(el, style, role);
    // An element that names a shown control through the control's aria-labelledby acts for it,
    // as a label does (a widget library's floating label, whose click focuses the field).
    return why === "clickable" && ((el.id && namesShownControl(el)) || labelsByFor(el)) ? null : why;
  }
  // Whether a web component is a library's own label (Spectrum's sp-field-label), naming by its
  // `for` a shown control or a component that draws one: its click is the control's.
  function labelsByFor(el) {
    const id = el.localName.includes("-") ? el.getAttribute("for") : null;
    if (!id) return false;
    const c = idFor(el, id);
    if (!c || c === el || c.contains(el)) return false;
    const role = roleOf(c);
    return ((FIELD_ROLES.has(role) || INTERACTIVE_ROLES.has(role)) && fieldShown(c)) || !!(shadowOf(c) && holdsShownControl(shadowOf(c)));
  }
  // The ids that some element's aria-labelledby (or aria-describedby) names, per document or
  // shadow root, taken once per read (every read starts afresh).
  let labellingIds = new Map();
  const FIELD_ROLES = new Set(["combobox", "textbox", "searchbox", "spinbutton", "slider", "checkbox", "radio", "switch", "radiogroup"]);
  // The elements that `el` names through their aria-labelledby.
  function namedBy(el, attr = "aria-labelledby") {
    const root = el.getRootNode();
    let byRoot = labellingIds.get(attr);
    if (!byRoot) labellingIds.set(attr, (byRoot = new WeakMap()));
    let ids = byRoot.get(root);
    if (!ids) {
      ids = new Set();
      try {
        for (const c of root.querySelectorAll(`[${attr}]`)) for (const id of c.getAttribute(attr).split(/\s+/)) ids.add(id);
      } catch {}
      byRoot.set(root, ids);
    }
    if (!el.id || !ids.has(el.id)) return [];
    try {
      return [...root.querySelectorAll(`[${attr}~="${CSS.escape(el.id)}"]`)].filter((c) => c !== el);
    } catch {
      return [];
    }
  }
  // What a field's aria-describedby points to that is shown (a hint, the error a form's checks
  // wrote), when its line can say it whole; null otherwise.
  function fieldDescription(field) {
    if (!field.hasAttribute("aria-describedby")) return null;
    const said = byIds(field, "aria-describedby").map((d) => (d.checkVisibility({ visibilityProperty: true }) ? subtreeText(d, 1) : "")).join(" ");
    const d = clean(said, NAME_MAX + 1);
    return d && d.length <= NAME_MAX ? d : null;
  }
  function namesShownControl(el) {
    // A field's label, not a trigger that names the list it opens.
    return namedBy(el).some((c) => FIELD_ROLES.has(roleOf(c)) && fieldShown(c));
  }
  // Whether `el` names, through aria-labelledby, a box around it with a line of its own (a
  // dialog's title, a region's) or a shown control (a web component's label, the label of a
  // button that opens a list to choose from): its words are that line's name already, as a
  // <label>'s are.
  function namesALine(el) {
    return (
      namedBy(el).some((c) => {
        const role = roleOf(c);
        return (c.contains(el) && !!role && role !== "generic") || ((FIELD_ROLES.has(role) || INTERACTIVE_ROLES.has(role)) && fieldShown(c));
      }) ||
      // (Or describes a shown field whose line says it: a hint, an error message.)
      namedBy(el, "aria-describedby").some((c) => FIELD_ROLES.has(roleOf(c)) && controlShown(c) && byIds(c, "aria-describedby").includes(el) && !!fieldDescription(c))
    );
  }
  // Whether `el` is inside a <label> around the shown field it names, beside that field (a
  // component's label drawn in a box of its own next to the box of its field, as Ionic's
  // textarea's): its words are the field's name, which the field's line says.
  function inNamingLabel(el) {
    const label = el?.closest?.("label");
    const field = label?.control;
    // (A native field: a component the label names may name its own line otherwise, as
    // Material's slider does by its value.)
    return !!field && /^(input|textarea|select)$/.test(field.localName) && label.contains(field) && !field.contains(el) && fieldShown(field) && !!labelsName(field);
  }
  // A <label> apart from the shown field it names, within running text: its words are the
  // field's name.
  function labelApart(el) {
    return el.localName === "label" && !!el.control && !el.contains(el.control) && fieldShown(el.control);
  }
  function actionableNow(el, style, role) {
    const doc = el.ownerDocument;
    if (el === doc.body || el === doc.documentElement) return null;
    // A region of the page is something to click only by a handler of its own (a card that is
    // one big link: <article onclick>); a tab stop or pointer cursor there is for scrolling or
    // focus, and a dialog's handler closes it from its backdrop.
    if (STRUCTURE_ROLES.has(role)) {
      const own = !/^(dialog|alertdialog|application)$/.test(role) && HANDLER_ATTRS.some((a) => el.hasAttribute(a));
      return own ? "clickable" : null;
    }
    // A label acts for its control, which has a line of its own; when the control is not shown
    // (a styled upload button or checkbox hides its input), the label is what a person clicks.
    // A label only focuses a field or a list box: for a hidden one (a <select> that a widget
    // library draws again as a combobox of its own) it is a control only by a handler or
    // tab stop of its own.
    if (el.localName === "label" && el.control) {
      if (fieldShown(el.control)) return null;
      if (pressedThroughLabel(el.control)) return "clickable";
    }
    // A press passes through an element that lets pointer events through (a field's floating
    // label drawn over it): its handlers and pointer say nothing a person can click.
    const pressable = style.pointerEvents !== "none";
    if (pressable) {
      if (el.getAttribute("draggable") === "true") return "draggable";
      // A wordless handle with a resize cursor is dragged, not clicked (a grid column's edge).
      if (/resize$/.test(style.cursor) && !el.textContent.trim() && (listened.has(el) || told.has(el)) && ownCursor(el, style.cursor)) return "draggable";
      if (HANDLER_ATTRS.some((a) => el.hasAttribute(a)) || (frameworkClick(el) && !delegates(el))) return "clickable";
      if (told.has(el) && !delegates(el)) return sliderTrack(el) ? null : "clickable";
      if (listened.has(el) && !serving.has(el) && !delegates(el) && !servesTold(el)) return sliderTrack(el) ? null : "clickable";
    }
    // (A web component that hands its focus to the control its shadow root draws is that control.)
    if (el.hasAttribute("tabindex") && el.tabIndex >= 0 && !(shadowOf(el)?.delegatesFocus && holdsShownControl(shadowOf(el)))) return "clickable";
    // A pointer over a box that holds a control is the control's when the box has no words of
    // its own (a slider's track around its thumb) or draws the control, which is transparent in
    // it (a select's box with its placeholder); a card with its own words and a button is a card
    // to click.
    if (pressable && style.cursor === "pointer") {
      const control = el.querySelector(CONTROLS) || shadowOf(el)?.querySelector(CONTROLS);
      const theirs = !!control && (!wordsOutsideControls(el) || getComputedStyle(control).opacity === "0");
      const own = ownCursor(el, "pointer");
      if (own && !theirs) return "clickable";
      if (!own && !control && poppedItem(el)) return "clickable";
    }
    // A grab or move cursor its parent does not show: something to drag (a sortable list's item,
    // which SortableJS makes draggable only once it is pressed).
    if (pressable && (style.cursor === "grab" || style.cursor === "move") && ownCursor(el, style.cursor)) return "draggable";
    return null;
  }
  // An item of a list that pops out of a box a person clicks (a custom select's options, a
  // submenu shown inside its menu item), which the box's one listener answers by the item
  // clicked: the pointer the box shows covers its items, but a person clicks each on its own.
  // Such an item has words, a sibling drawn alike (same tag and class), and a box that pops out
  // (absolute or fixed) between it and the box the pointer is set on, which is no link or
  // button (whose parts are its own).
  function poppedItem(el) {
    const p = el.parentElement;
    if (!p || typeof el.className !== "string" || !/[\p{L}\p{N}]/u.test(el.textContent || "")) return false;
    let alike = 0, looked = 0;
    for (const s of p.children) if ((s.localName === el.localName && s.className === el.className && ++alike > 1) || ++looked > 50) break;
    if (alike < 2) return false;
    let popped = false;
    for (let a = p, i = 0; a && i < 6; a = a.parentElement, i++) {
      const position = getComputedStyle(a).position;
      if ((position === "absolute" || position === "fixed") && popsOut(a)) popped = true;
      if (ownCursor(a, "pointer")) return popped && !a.matches(CONTROLS);
    }
    return false;
  }
  // Whether a box laid over the page lies outside the box around it (a list below its select,
  // `top: 100%`; a submenu beside its entry, `left: 100%`), as a box that pops out does, rather
  // than in it (a virtual list's rows, each placed absolutely inside the list).
  function popsOut(el) {
    const around = el.parentElement;
    if (!around) return false;
    const r = el.getBoundingClientRect(), a = around.getBoundingClientRect();
    return r.top >= a.bottom - 1 || r.bottom <= a.top + 1 || r.left >= a.right - 1 || r.right <= a.left + 1;
  }
  // Whether `el` shows a cursor its parent (or shadow host) does not.
  // A wordless box around a slider's handles: its track, whose press moves the nearest handle,
  // is the slider's (its handles are listed, and form_input and their keys set them).
  function sliderTrack(el) {
    return !!el.querySelector("[role=slider], input[type=range]") && !/\p{L}/u.test(el.textContent || "");
  }
  function ownCursor(el, cursor) {
    const parent = el.parentElement || el.getRootNode().host;
    return !parent || getComputedStyle(parent).cursor !== cursor;
  }

  // Whether an element has words (letters) of its own, outside the controls it holds.
  function wordsOutsideControls(el, words = /\p{L}/u) {
    const it = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = it.nextNode(), i = 0; n && i < 200; n = it.nextNode(), i++) {
      // Text slotted into a web component's shadow root is where its slot is (a button's).
      if (words.test(n.data) && !inControl(n)) return true;
    }
    return false;
  }
  // Whether a text node is a control's words: in it, or in an element slotted into
  // a control's shadow root (Ionic's segment button, its label slotted into its <button>).
  function inControl(n) {
    if (n.parentElement?.closest(CONTROLS)) return true;
    for (let at = n; at; at = at.parentNode) if (at.assignedSlot?.closest(CONTROLS)) return true;
    return false;
  }
  // Whether a click on a control's label presses the control (a box to tick, a file to choose),
  // rather than only focusing it.
  function pressedThroughLabel(control) {
    if (control.localName === "button") return true;
    return control.localName === "input" && /^(checkbox|radio|file|submit|reset|button|image|color)$/.test(control.type);
  }

  // A listener of the page's own on an element that holds elements a framework keeps handlers
  // for is the framework's one listener serving them (a Svelte app's mount target).
  function servesTold(el) {
    return holds(el, (d) => told.has(d));
  }
  // Whether one of the first few hundred elements inside `el` passes `test`.
  function holds(el, test) {
    const inside = el.getElementsByTagName("*");
    for (let i = 0; i < inside.length && i < 300; i++) if (test(inside[i])) return true;
    return false;
  }
  // Whether a box holds a control a person sees (a drop zone's hidden file input, which its
  // click opens, is no control of its own).
  function holdsShownControl(el) {
    const controls = el.querySelectorAll(CONTROLS);
    for (let i = 0; i < controls.length && i < 20; i++) if (controlShown(controls[i])) return true;
    return controls.length > 20;
  }
  // A listener on a container of many elements, or of controls, serves them (event delegation,
  // as React's root or a list does): the container itself is not something to click.
  function delegates(el) {
    const inside = el.getElementsByTagName("*");
    // A web component's host serves the control its shadow root draws (<sl-button> and its
    // <button>).
    if (inside.length > 60 || holdsShownControl(el) || shadowOf(el)?.querySelector(CONTROLS) || slotsControl(el)) return true;
    // A box of tab stops that are no fields, one of them in the tab order at a time, hears them
    // (a tab list's keys and clicks, Material's md-tabs); one tab stop in a box (an info icon)
    // is no such list.
    let stops = 0;
    if (holds(el, (d) => d.hasAttribute("tabindex") && !d.matches(`${CONTROLS},input,select,textarea`) && ++stops >= 2) && holds(el, (d) => d.tabIndex >= 0 && d.hasAttribute("tabindex") && seen(d))) return true;
    // Parts that show a pointer of their own are what the listener serves.
    return getComputedStyle(el).cursor !== "pointer" && holds(el, (d) => getComputedStyle(d).cursor === "pointer");
  }

  // Whether a box in a shadow root shows, through its slots, a control the page put there (an
  // Ionic item's inner box around the field, select or checkbox slotted into it), which the
  // box's listener serves.
  function slotsControl(el) {
    if (el.getRootNode() === el.ownerDocument) return false;
    const slots = el.localName === "slot" ? [el] : el.getElementsByTagName("slot");
    let looked = 0;
    for (let i = 0; i < slots.length && i < 6; i++) {
      for (const a of slots[i].assignedElements({ flatten: true })) {
        if ((a.matches(CONTROLS) && controlShown(a)) || holdsShownControl(a) || shadowOf(a)?.querySelector(CONTROLS)) return true;
        if (++looked >= 20) return false;
      }
    }
    return false;
  }

  // The highest ref this document handed out: a number is never handed out twice, even when
  // the core asks from a number it was not told was taken.
  let handedUpTo = 0;
  function ensureRef(el, counter) {
    let r = refOf.get(el);
    if (r === undefined) {
      r = Math.max(counter.next, handedUpTo + 1);
      counter.next = r + 1;
      handedUpTo = r;
      refOf.set(el, r);
      byRef.set(r, new WeakRef(el));
      collected.register(el, r);
    }
    return r;
  }

  // The element a text run belongs to, for its ref: its parent, or the nearest ancestor with a
  // box when the parent has none (a slot, display: contents).
  function holderOf(parent) {
    let p = parent;
    for (let i = 0; p && i < 10; i++) {
      if (p.localName !== "slot" && getComputedStyle(p).display !== "contents") return p;
      p = p.parentElement || p.getRootNode().host;
    }
    return parent;
  }

  // Collects the tree under `root` as a flat list in document order; each entry has a depth.
  // opts: { next, filter: "visible" | "interactive" | "all", maxDepth, rootRef, limit }
  const collect = pinningExtents(collectNow);
  function collectNow(opts) {
    hookFrames(document, 0);
    noteLive();
    labelsById = new WeakMap();
    const changed = dirty;
    dirty = false;
    // Whether boxes that a closed root may draw are waiting to be asked about (looked for again
    // only once the page changed).
    // (Inside the closed roots found, too: one may hold another that renders later.)
    if (changed) unaskedChecked = unaskedHosts(1, closedFound > 0).length > 0;
    const counter = { next: opts.next };
    labellingIds = new Map();
    editorBoxes = null;
    const out = [];
    const filter = opts.filter || "visible";
    const limit = opts.limit || 60000;
    // Boxes on their way out (a closed dialog fading away): read as gone, as they will be in a
    // moment. Unless everything is read.
    const { vanishing, animating } = fadingOut(filter === "all");
    let truncated = false;
    let root = document.body || document.documentElement;
    if (opts.rootRef != null) {
      const el = resolveEl(opts.rootRef);
      if (!el) return { error: "stale", next: counter.next };
      root = el;
    }
    // (A frame of another site is told the part of it the page around it shows.)
    const shownPart = opts.view && ["left", "top", "right", "bottom"].every((k) => Number.isFinite(opts.view[k])) ? opts.view : null;
    const viewport = shownPart ? { left: Math.max(0, shownPart.left), top: Math.max(0, shownPart.top), right: Math.min(innerWidth, shownPart.right), bottom: Math.min(innerHeight, shownPart.bottom) } : { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    // Whether the page has trees of its own inside (shadow roots, same-origin frames), whose
    // listeners the core then asks for apart.
    let sawInner = !!document.querySelector("iframe, frame");

    function kidsOf(parent) {
      if (shadowOf(parent)) {
        if (parent !== overlayHost) sawInner = true;
        return nodesIn(shadowOf(parent));
      }
      if (parent.localName === "slot") {
        const assigned = parent.assignedNodes({ flatten: true });
        return assigned.length ? assigned : nodesIn(parent);
      }
      return nodesIn(parent);
    }

    // Whether a text node shows: in the clip (unless everything is read), and rendered at all
    // when its parent's box is too small to hold it.
    function textVisible(node, frame, open) {
      if (filter === "all" && !open) return true;
      const range = node.ownerDocument.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (open && !(r.width > 0 && r.height > 0 && !offPage(node, r))) return false;
      return filter === "all" || intersects(r, frame.clip, frame);
    }

    // `entry` is the parent's own line, if it has one; `open` says the parent's box is too small
    // to hold its content.
    function walkChildren(parent, depth, frame, entry, open) {
      const kids = kidsOf(parent);
      // A label's, legend's or caption's text is already some element's name; it is not repeated.
      const quiet =
        filter === "interactive" ||
        (parent.localName === "label" && parent.control && fieldShown(parent.control) && namesItsField(parent)) ||
        parent.localName === "legend" || parent.localName === "caption" || parent.localName === "figcaption";
      const holder = () => ensureRef(holderOf(parent), counter);
      // (Read whole, words out of view are marked so, by the box that holds them.)
      const offView = (box) => {
        if (filter !== "all" || box.nodeType !== Node.ELEMENT_NODE) return undefined;
        const r = box.getBoundingClientRect();
        return r.width + r.height > 0 && !intersects(r, frame.view, frame) ? 1 : undefined;
      };
      // (Asked once, at its first words: whether the parent draws its own words without ink.)
      let bare;
      const inked = () => !(bare ??= parent.nodeType === Node.ELEMENT_NODE && inkless(parent));
      const speaks = (t) => t && /[\p{L}\p{N}]/u.test(t);
      // Words the line around them has in its name (a heading's "[edit]" link with its
      // brackets, a column header's title beside its sort button) are not read again.
      const saidByLine = (t) => !!lineName && lineName.includes(t);
      // Running text with inline parts a person can act on (links, clickable spans) reads as one
      // line, and those parts are listed under it.
      if (!quiet && isTextBlock(kids)) {
        let text = "";
        const parts = [];
        // Where in `text` each part's words are.
        const spans = [];
        // The words beside a checkbox or radio button without a label are its name, not text:
        // the words after it are skipped, the words before it taken back (from `line`, where
        // the text after the last break or part begins).
        let naming = false, line = 0;
        for (const child of kids) {
          if (child.nodeType === Node.TEXT_NODE) {
            if (naming) continue;
            if (child.data.trim() && textVisible(child, frame, open) && inked()) text += child.data;
            else if (child.data) text += " ";
            continue;
          }
          if (child.nodeType !== Node.ELEMENT_NODE || SKIP_TAGS.has(child.tagName)) continue;
          if (child.localName === "br") {
            naming = false;
            text += " ";
            line = text.length;
            continue;
          }
          const shown = filter === "all" || child.localName === "slot" || intersects(child.getBoundingClientRect(), frame.clip, frame);
          if (isPlainInline(child)) {
            if (shown && !naming) text += inlineText(child);
            continue;
          }
          if (labelApart(child)) continue;
          const side = wordsNaming(child)?.side;
          naming = side === "after";
          if (side === "before") text = text.slice(0, line) + " ";
          // (A part that is a box around controls with words of its own, a stepper's buttons
          // around its count, reads them on its own line.)
          // (Nor does a control drawn as a box, a button or a field: its line says its name, which
          // its box may not show, "Next page" for a "›", and the words around it stand apart.)
          if (shown && (boxOfControls(child) || child.matches(BOXED_CONTROLS))) {
            text += " ";
          } else if (shown) {
            // (An inline part that holds blocks, a result's link around its heading, stands apart.)
            const pad = getComputedStyle(child).display === "inline" && ![...child.children].some((c) => !getComputedStyle(c).display.startsWith("inline")) ? "" : " ";
            const start = text.length;
            text += pad + subtreeText(child, 1) + pad;
            spans.push([start, text.length]);
          }
          line = text.length;
          parts.push(child);
        }
        const t = clean(text, TEXT_MAX);
        // The words outside the parts, which have lines of their own.
        let own = "", at = 0;
        for (const [start, end] of spans) {
          own += text.slice(at, start) + " ";
          at = end;
        }
        own = clean(own + text.slice(at), TEXT_MAX);
        const nameSays = (words) => !!entry && !!entry.name && clean(entry.name, TEXT_MAX).includes(words.slice(0, NAME_MAX - 1));
        let partsDepth = depth;
        if (speaks(t)) {
          if (nameSays(t) || nameSays(own)) {
            // The parent's name already says it (what the parts say, their lines do).
          } else if (entry) {
            entry.t = t;
          } else if (!namesALine(holderOf(parent)) && !inNamingLabel(holderOf(parent)) && !saidByLine(t)) {
            out.push({ d: depth, text: t, ref: holder(), off: offView(holderOf(parent)) });
            partsDepth = depth + 1;
          }
        }
        for (const p of parts) {
          if (out.length >= limit) {
            truncated = true;
            return;
          }
          walk(p, partsDepth, frame, open);
        }
        return;
      }
      let text = "";
      // The one inline element all of the words to come are in, when there is one; and whether
      // a line already took the parent's ref: the words after it, in one element of their own
      // (a status beside a header's controls), take that element's, so no two lines share one.
      let sole = null, held = false;
      const flush = () => {
        const t = clean(text, TEXT_MAX);
        text = "";
        const from = sole;
        sole = null;
        // Separators alone ("|", "·") say nothing, nor do the words that are the parent's name
        // (a column header's title beside its sort button).
        if (quiet || !speaks(t) || namesALine(holderOf(parent)) || inNamingLabel(holderOf(parent)) || saidByLine(t)) return;
        const box = held && from ? from : holderOf(parent);
        out.push({ d: depth, text: t, ref: ensureRef(box, counter), off: offView(box) });
        held = true;
      };
      let naming = false;
      for (const child of kids) {
        if (out.length >= limit) {
          truncated = true;
          return;
        }
        if (child.nodeType === Node.TEXT_NODE) {
          if (naming) continue;
          if (child.data.trim()) {
            if (textVisible(child, frame, open) && inked()) {
              text += child.data;
              sole = false;
            }
          } else if (child.data) text += " ";
          continue;
        }
        if (child.nodeType !== Node.ELEMENT_NODE) continue;
        // Inline markup without roles (b, em, span, slot…) is part of the surrounding text,
        // unless it is a shown field's name (a switch's aria-labelledby beside it).
        if (isPlainInline(child)) {
          if (!naming && !namesALine(child) && (filter === "all" || child.localName === "slot" || intersects(child.getBoundingClientRect(), frame.clip, frame))) {
            const words = inlineText(child);
            if (/\S/.test(words)) sole = sole === null && !/\S/.test(text) && child.localName !== "slot" ? child : false;
            text += words;
          }
          continue;
        }
        const side = wordsNaming(child)?.side;
        // The words before it are its name: not read as text too.
        if (side === "before") {
          text = "";
          sole = null;
        }
        flush();
        naming = side === "after";
        walk(child, depth, frame, open);
      }
      flush();
    }

    // A part of running text that is only a box around controls (no link among them) with words
    // of its own between them: a stepper's buttons around its count.
    function boxOfControls(el) {
      if (roleOf(el) || el.matches(INTERACTIVE_SEL) || el.querySelector("a[href]") || !el.querySelector(BOXED_CONTROLS)) return false;
      return !actionable(el, getComputedStyle(el), null) && wordsOutsideControls(el, /[\p{L}\p{N}]/u);
    }

    // Children that make running text: text, with inline elements only (no blocks).
    function isTextBlock(kids) {
      let hasText = false;
      let parts = 0;
      for (const child of kids) {
        if (child.nodeType === Node.TEXT_NODE) {
          if (child.data.trim()) hasText = true;
          continue;
        }
        if (child.nodeType !== Node.ELEMENT_NODE || SKIP_TAGS.has(child.tagName) || child.localName === "br") continue;
        if (isPlainInline(child)) {
          if (child.textContent.trim() && !namesALine(child)) hasText = true;
          continue;
        }
        const display = getComputedStyle(child).display;
        if (display === "none") continue;
        if (!display.startsWith("inline") || child.getElementsByTagName("*").length > 12) return false;
        parts++;
      }
      return hasText && parts > 0;
    }

    function isPlainInline(el, level = 0) {
      if (level > 40 || SKIP_TAGS.has(el.tagName) || shadowOf(el) || !INLINE_TAGS.has(el.localName)) return false;
      if (el.localName === "slot") {
        if (roleOf(el)) return false;
        for (const n of el.assignedNodes({ flatten: true })) if (n.nodeType === Node.ELEMENT_NODE && !isPlainInline(n)) return false;
        return !el.querySelector(ROLEFUL);
      }
      if (roleOf(el) || actionable(el, getComputedStyle(el), null)) return false;
      if (el.querySelector(ROLEFUL)) return false;
      for (const c of el.children) if (!isPlainInline(c, level + 1)) return false;
      return true;
    }

    function inlineText(el) {
      if (el.getAttribute("aria-hidden") === "true") return "";
      if (el.localName !== "slot") {
        const hidden = hiddenReason(el, el.getBoundingClientRect());
        if (hidden && hidden !== "open") return "";
      }
      let t = "";
      const style = el.localName === "slot" ? null : getComputedStyle(el);
      const bare = !!style && inkless(el, style);
      for (const c of kidsOf(el)) {
        if (c.nodeType === Node.TEXT_NODE) t += bare ? "" : c.data;
        else if (c.nodeType === Node.ELEMENT_NODE) t += isPlainInline(c) || c.localName === "slot" ? inlineText(c) : "";
      }
      if (t.trim() && (STRUCK_TAGS.has(el.localName) || style?.textDecorationLine.includes("line-through"))) t = `~~${t.trim()}~~`;
      // A span laid out as a block or an inline box stands apart from its neighbours.
      if (style && style.display !== "inline") t = ` ${t} `;
      return t;
    }

    function intersects(r, clip, frame) {
      const left = r.left + frame.x, top = r.top + frame.y;
      return left < clip.right && left + r.width > clip.left && top < clip.bottom && top + r.height > clip.top;
    }

    // Text only, short enough to be the element's whole name: nothing under it needs a line.
    function textOnly(el) {
      // A label's own (hidden) control inside it is not content of its own.
      const control = el.localName === "label" ? el.control : null;
      for (const c of kidsOf(el)) {
        if (c.nodeType === Node.ELEMENT_NODE && c !== control && !SKIP_TAGS.has(c.tagName) && c.localName !== "br" && !isPlainInline(c)) return false;
      }
      return true;
    }

    // The name of the nearest line above the element walked: words that only repeat it are no
    // line of their own.
    let lineName = null;
    // The web components given a line of their own as controls, and their names.
    const actingHosts = new Map();
    // Elements nested deeper than this are listed as one "more" line to read by its ref: the
    // walk recurses, and a page of thousands of nested boxes would overflow its stack.
    let nesting = 0;
    function walk(el, depth, frame, parentOpen) {
      if (nesting >= MAX_NESTING) {
        if (!SKIP_TAGS.has(el.tagName)) out.push({ d: depth, more: ensureRef(el, counter) });
        return;
      }
      nesting++;
      try {
        walkOne(el, depth, frame, parentOpen);
      } finally {
        nesting--;
      }
    }
    // The fields a press reaches inside a transparent box, a few boxes down (see drawnOver).
    function fieldsInside(el, style) {
      const out = [];
      const look = (e, depth) => {
        for (const c of kidsOf(e)) {
          if (c.nodeType !== Node.ELEMENT_NODE) continue;
          if (c.localName === "input" || c.localName === "textarea") {
            if (seen(c)) out.push(c);
          } else if (depth < 4) look(c, depth + 1);
        }
      };
      if (style.opacity === "0" && style.display !== "none") look(el, 1);
      return out;
    }
    function walkOne(el, depth, frame, parentOpen) {
      if (SKIP_TAGS.has(el.tagName) || el === overlayHost) return;
      if (ariaHidden(el) || el.hasAttribute("inert") || vanishing.has(el)) return;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const boxless = el.localName === "slot" || style.display === "contents";
      const hidden = boxless ? null : hiddenReason(el, rect, style);
      if (hidden && hidden !== "open") {
        // (What a hover shows is listed as such; what shows itself inside, as any element.)
        const listed = hidden === "hidden" && !revealing && listRevealed(el, depth, frame);
        if (hidden === "hidden" && !listed) for (const d of [...shownInside(el, style), ...fieldsInside(el, style)]) walk(d, depth, frame, parentOpen);
        return;
      }
      const open = boxless ? parentOpen : hidden === "open";
      // A fixed box is not clipped by the scrolling boxes around it, nor an absolute one by those
      // outside the box it is placed in.
      if (style.position === "fixed" && frame.scrollBox) frame = { ...frame, clip: filter === "all" ? frame.clip : frame.base, view: frame.base, scrollBox: null, scroller: null, clipper: null };
      if (style.position === "absolute" && frame.clipper) {
        const placed = el.offsetParent;
        while (frame.clipper && !(placed && (placed === frame.clipper || frame.clipper.contains(placed)))) frame = frame.outer;
      }
      let role = roleOf(el);
      // An icon set's icon, labelled with its identifier, is drawing (its control says which).
      if (role === "img" && iconLabelled(el) && !hasInteractiveDescendant(el)) return;
      const inView = intersects(rect, frame.clip, frame);
      let interactive = role != null && isInteractive(el, role);
      // A frame whose document is a rich-text editor's editable body (TinyMCE's, CKEditor 4's)
      // reads as that textbox, its text under it.
      const editsInFrame = editableFrameBody(el) !== null;
      if (editsInFrame) {
        role = "textbox";
        interactive = true;
      }
      // A code editor's box, standing in for the field it keeps out of sight.
      const editor = !interactive && !boxless && (!role || role === "generic") ? editorFieldOf(el) : null;
      if (editor) {
        role = "textbox";
        interactive = true;
      }
      // (An empty box of no area takes no click, whatever listens on it: a library's container
      // for popups still to come.)
      const empty = (rect.width === 0 || rect.height === 0) && !el.firstElementChild && !el.textContent.trim() && !shadowOf(el) && !(el instanceof SVGElement) && !drawsPseudo(el);
      // (A part a web component draws in its shadow root and hears for itself, saying what the
      // component says, is the component, which has a line: a ripple's surface in md-primary-tab.
      // So is a wordless part of a box to tick or switch, which has nothing else to act on: the
      // track of Ionic's toggle.)
      const host = !interactive && (!role || role === "generic" || role === "none" || role === "presentation") && !el.hasAttribute("tabindex") ? el.getRootNode().host : null;
      const said = host ? actingHosts.get(host) : "";
      const part = (!!said && clean(subtreeText(el), NAME_MAX) === said) || (!!host && TOGGLE_ROLES.has(roleOf(host)) && actingHosts.has(host) && !el.textContent.trim() && !el.querySelector(CONTROLS));
      const mark = interactive || boxless || empty || part ? null : actionable(el, style, role);
      const standIn = mark ? standInRole(el) : null;
      if (standIn === "covered") return;
      // The checkbox or radio button a box stands in for.
      const toggle = standIn && standIn !== "combobox" ? standInControl(el) : null;
      if (mark) {
        interactive = true;
        if (!role) role = standIn || "generic";
      }
      // Off-viewport subtrees are skipped unless the filter is "all" (fixed/sticky content and
      // overflowing children are still visited through their parents' boxes).
      if (filter !== "all" && !inView && !boxless) {
        if ((style.overflow === "visible" && style.position !== "fixed" && style.position !== "sticky" && el.children.length === 0) || !overflowsInto(el, rect, frame)) {
          // The read says when the page goes on past the viewport (an empty box on its edge
          // is no sign of that).
          if (rect.width > 0 && rect.height > 0) {
            // Hidden by the scrolling box it is in, or by the viewport. (Content a box clips
            // without scrolling, like a carousel's next slides, is no more than it shows.)
            if (frame.scrollBox && !intersects(rect, frame.scrollBox, frame)) {
              if (frame.scroller && !scrolledIn.includes(frame.scroller)) scrolledIn.push(frame.scroller);
            } else if (rect.top + frame.y >= frame.clip.bottom) beyond.below = true;
            else if (rect.bottom + frame.y <= frame.clip.top) beyond.above = true;
            else if (sideways(frame.doc || document)) {
              if (rect.left + frame.x >= frame.clip.right) beyond.right = true;
              else if (rect.right + frame.x <= frame.clip.left) beyond.left = true;
            }
          }
          return;
        }
      }
      let nextDepth = depth;
      let named = false;
      let entry = null;
      if (role && (role !== "generic" || mark) && !(filter === "interactive" && !interactive)) {
        entry = { d: depth, ref: ensureRef(el, counter), role, name: nameOf(el, role) };
        if (interactive && shadowOf(el)) actingHosts.set(el, clean(subtreeText(el), NAME_MAX));
        const st = states(el, role);
        // A box standing in for a control it hides (a label for its hidden checkbox, a box that
        // shows a combobox's value) reads as that control, with its state; other marked
        // elements say how a person acts on them.
        if (editsInFrame) entry.name = frameEditorName(el) || entry.name;
        if (editor) {
          // Stated as its field is; what the box shows is the text.
          entry.name = editorName(el, editor);
          Object.assign(st, states(editor, "textbox"));
          delete st.value;
          delete st.placeholder;
          unsaid = editor;
          drawnLines = true;
          try {
            const shows = clean(subtreeText(el), 200);
            if (shows) st.value = shows;
          } finally {
            unsaid = null;
            drawnLines = false;
          }
        } else if (standIn === "combobox") {
          // Named and stated as its field is; what the box shows is the value.
          const field = hiddenCombobox(el);
          if (!entry.name) entry.name = nameOf(field, standIn);
          Object.assign(st, states(field, standIn));
          const shows = clean(subtreeText(el), 200);
          if (shows) {
            st.value = shows;
            delete st.placeholder;
          }
        } else if (toggle && standIn === "button") {
          // Named as the button is (with the choice it shows), when that says the label's own
          // words too, and stated as it is.
          const named = nameOf(toggle, standIn);
          if (named && (!entry.name || named.toLowerCase().includes(entry.name.toLowerCase()))) entry.name = named;
          Object.assign(st, states(toggle, standIn));
        } else if (toggle) {
          // The control's own states: what it says of itself (aria-checked) first, as the page
          // draws from it. Element Plus's switch, toggled through its label, keeps its hidden
          // box unticked and says aria-checked="true", and shows itself on.
          st.checked = states(toggle, standIn).checked;
          // A label that only draws the box (a switch's track) is named by the words beside it,
          // as a box without a label is, or by what names its control.
          if (!entry.name) entry.name = nameOf(toggle, standIn) || wordsNaming(el)?.name || "";
        }
        // (An ARIA grid's cells and rows are there to select and act on: the mark says nothing
        // more. A table's clickable row keeps it.)
        else if (mark && !(mark === "clickable" && GRID_PARTS.has(role) && el.closest("[role=grid], [role=treegrid]"))) st[mark] = true;
        if (mark) {
          // An element a person clicks is named by what it says, unless it holds other things
          // to act on (a row with its star, a dialog's sheet with its buttons): their lines
          // and its text follow under it.
          if (!entry.name && !holdsActionable(el, true) && !holdsPart(el)) {
            const said = clean(subtreeText(el), NAME_MAX + 1);
            if (said.length <= NAME_MAX) entry.name = said;
          }
        }
        // A web component read as a box may be a control by its ElementInternals, which no
        // script but the page's own reads: the core asks the browser.
        if (mark && role === "generic" && el.localName.includes("-") && !el.hasAttribute("role")) entry.x = 1;
        // A control with no name, or one of symbols only (an icon's "🗑"), says what it does
        // through its description or the icon it shows.
        if (interactive && !/[\p{L}\p{N}]/u.test(entry.name || "")) Object.assign(st, wordlessHint(el));
        // find knows a named control by the icon it shows too ("the trash icon" of "Remove user").
        else if (interactive && opts.context) {
          const icon = iconName(el);
          if (icon) st.icon = icon;
        }
        // (Words that are the name already, as select2 names its box by the choice it shows.)
        if (st.value && st.value === entry.name && drawnChoice(el, role)) delete st.value;
        for (const k in st) {
          entry.s = st;
          break;
        }
        if (interactive) {
          entry.i = 1;
          // (A read of the controls alone says the words around a field with no name only.)
          if (opts.context && (filter !== "interactive" || (!entry.name && FIELD_ROLES.has(role)))) {
            const ctx = nearbyText(el);
            if (ctx) entry.c = ctx;
          }
        }
        if (filter === "all" && !intersects(rect, frame.view, frame)) entry.off = 1;
        // A link that holds a heading: a listing's title (find's "the first search result").
        if (role === "link" && opts.context && el.querySelector("h1,h2,h3,h4,h5,h6,[role=heading]")) entry.h = 1;
        // Words drawn right before a field that are all its name (a component's label in a box
        // of its own above it, as Material's text field and Ionic's range draw theirs) are said
        // by the field's line.
        const before = out[out.length - 1];
        if (before && typeof before.text === "string" && before.d === entry.d && FIELD_ROLES.has(role) && entry.name && clean(before.text, TEXT_MAX).toLowerCase() === entry.name.toLowerCase()) out.pop();
        out.push(entry);
        nextDepth = depth + 1;
        named = entry.name && (mark ? textOnly(el) : NAME_FROM_CONTENT.has(role));
        // What the box holds is the value its line says (an editor's too, unless it holds
        // controls of its own: a search panel).
        if (standIn === "combobox") return;
        // (A combobox that is no field shows its choice: its value.)
        if ((entry.s?.value || entry.s?.placeholder) && drawnChoice(el, role)) return;
        if (editor && ![...el.querySelectorAll(CONTROLS)].some((c) => c !== editor && controlShown(c))) return;
        // What a box standing in for a checkbox or radio button holds is that control (the
        // words a radio button is drawn with), unless it holds another one (a link in the words
        // of "I agree to the terms").
        if (toggle && ![...el.querySelectorAll(CONTROLS)].some((c) => c !== toggle)) return;
      }
      if (depth >= opts.maxDepth) {
        if (el.childElementCount || shadowOf(el)) out.push({ d: nextDepth, more: ensureRef(el, counter) });
        return;
      }
      if (isFrame(el)) {
        const doc = frameDoc(el);
        const cs = getComputedStyle(el);
        const fx = frame.x + rect.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
        const fy = frame.y + rect.top + parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop);
        const clip = {
          left: Math.max(frame.clip.left, frame.x + rect.left),
          top: Math.max(frame.clip.top, frame.y + rect.top),
          right: Math.min(frame.clip.right, frame.x + rect.right),
          bottom: Math.min(frame.clip.bottom, frame.y + rect.bottom),
        };
        const view = { left: Math.max(frame.view.left, clip.left), top: Math.max(frame.view.top, clip.top), right: Math.min(frame.view.right, clip.right), bottom: Math.min(frame.view.bottom, clip.bottom) };
        if (doc && doc.body) {
          walkChildren(doc.body, nextDepth, { x: fx, y: fy, clip: filter === "all" ? { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 } : clip, view, base: clip, doc }, null, false);
        } else if (!named) {
          // Another site's frame, read in its own document: with the part of it in view, in its
          // own viewport's points (what lies outside is offscreen there too).
          const seen = { left: view.left - fx, top: view.top - fy, right: view.right - fx, bottom: view.bottom - fy };
          out.push({ d: nextDepth, frame: ensureRef(el, counter), view: seen });
        }
        return;
      }
      if (named && !hasInteractiveDescendant(el) && (interactive || !holdsPart(el))) return;
      // A named image's parts are drawing, not content (a chart's axis labels in an
      // <svg role="img" aria-label="Sales by quarter">).
      if (role === "img" && entry && entry.name && !hasInteractiveDescendant(el)) return;
      if (el.localName === "select" || el.localName === "textarea") return;
      const outerName = lineName;
      if (entry && entry.name) lineName = clean(entry.name, TEXT_MAX);
      try {
        walkChildren(el, nextDepth, boxless ? frame : within(el, rect, style, frame), entry, open);
      } finally {
        lineName = outerName;
      }
      // A table's row that holds nothing to read (a spacer between a listing's rows) is no line.
      // Nor is a paragraph that says nothing: one that holds nothing (an output line not yet
      // written), or only lines of their own (a "Forgot password?" link in a <p>), which then
      // stand in its place.
      // Nor is a live region with nothing in it yet (a field's slot for its error message).
      if (entry && (role === "row" || (LIVE_ROLES.has(role) && !entry.t)) && !entry.i && !entry.name && out[out.length - 1] === entry) {
        out.pop();
      } else if (entry && !entry.i && !entry.name && !entry.t && (role === "paragraph" || role === "blockquote")) {
        const at = out.lastIndexOf(entry);
        // (Its own words are a text line with its ref, read as the paragraph's.)
        if (at >= 0 && !out.some((n, i) => i > at && n.text && n.ref === entry.ref)) {
          out.splice(at, 1);
          for (let i = at; i < out.length; i++) out[i].d--;
        }
      } else if (entry && !entry.name && (role === "columnheader" || role === "rowheader")) {
        foldHeader(entry);
      }
    }
    // A header cell whose words are all in the one element a person clicks in it (AG Grid's
    // sortable label, beside a wordless resize handle) reads as that element: one line with the
    // header's role and states, the clicked element's name and ref, and its mark.
    function foldHeader(entry) {
      const at = out.lastIndexOf(entry);
      if (at < 0) return;
      let only = -1;
      for (let i = at + 1; i < out.length; i++) {
        const n = out[i];
        if (!n.role) return;
        if (!n.name) continue;
        if (only >= 0) return;
        only = i;
      }
      const label = out[only];
      if (!label || label.role !== "generic" || !label.s?.clickable || label.s.hover || label.d !== entry.d + 1) return;
      // (Nothing of its own under it.)
      if (out[only + 1] && out[only + 1].d > label.d) return;
      out.splice(only, 1);
      out[at] = { ...label, d: entry.d, role: entry.role, s: { ...entry.s, ...label.s } };
      // (Its role is the header's: the browser is not asked for the label's.)
      delete out[at].x;
    }

    // What a person acts on in a box that shows while the pointer is over it (or over a box
    // around it): its controls and clickable elements, each marked so, where the box lies.
    // Whether it listed them.
    function listRevealed(el, depth, frame) {
      if (!el.matches(CONTROLS) && !el.querySelector(CONTROLS) && !el.querySelector("[onclick],[tabindex]")) return false;
      const over = hoverShows(el);
      // What shows it must be in view (unless everything is read).
      if (!over || (filter !== "all" && !intersects(over.getBoundingClientRect(), frame.clip, frame))) return false;
      revealing = el;
      try {
        const inside = [el, ...el.getElementsByTagName("*")].slice(0, 300);
        for (const e of inside) {
          if (out.length >= limit) break;
          if (SKIP_TAGS.has(e.tagName) || underAriaHidden(e) || !seen(e)) continue;
          const cs = getComputedStyle(e);
          let role = roleOf(e);
          const widget = role != null && isInteractive(e, role);
          const mark = widget ? null : actionable(e, cs, role);
          if (!widget && !mark) continue;
          if (!role) role = "generic";
          const entry = { d: depth, ref: ensureRef(e, counter), role, name: nameOf(e, role), i: 1, s: { hover: true } };
          Object.assign(entry.s, states(e, role));
          if (mark) {
            entry.s[mark] = true;
            if (!entry.name) entry.name = clean(subtreeText(e), NAME_MAX);
          }
          if (!/[\p{L}\p{N}]/u.test(entry.name || "")) Object.assign(entry.s, wordlessHint(e));
          out.push(entry);
        }
      } finally {
        revealing = null;
      }
      return true;
    }

    // The frame a box's children are read in: a box that clips its content (a scrolling panel,
    // a carousel) shows only what lies inside it.
    function within(el, rect, style, frame) {
      if (!ownScroller(el, style)) return frame;
      const left = frame.x + rect.left + el.clientLeft, top = frame.y + rect.top + el.clientTop;
      const box = { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight };
      const cut = (c) => ({ left: Math.max(c.left, box.left), top: Math.max(c.top, box.top), right: Math.min(c.right, box.right), bottom: Math.min(c.bottom, box.bottom) });
      const scroller = /auto|scroll/.test(style.overflowX + style.overflowY) ? el : null;
      return { ...frame, clip: filter === "all" ? frame.clip : cut(frame.clip), view: cut(frame.view), scrollBox: box, scroller, clipper: el, outer: frame };
    }


    function overflowsInto(el, rect, frame) {
      // A box outside the viewport may still hold visible descendants (absolute or fixed children).
      for (const child of el.querySelectorAll("*")) {
        const cs = child.getBoundingClientRect();
        if (cs.width > 0 && intersects(cs, frame.clip, frame)) return true;
        if (child.childElementCount === 0) continue;
      }
      return false;
    }

    const start = performance.now();
    // Whether content was left out for lying above, below or beside the viewport.
    const beyond = { above: false, below: false, left: false, right: false };
    // The scrolling boxes that hold content out of view.
    const scrolledIn = [];
    const all = filter === "all" ? { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 } : viewport;
    const modal = opts.rootRef == null && opts.modal ? openModal() : null;
    const top = { x: 0, y: 0, clip: all, view: viewport, base: viewport };
    if (opts.rootRef != null) walk(root, 0, top, false);
    else if (modal) {
      walk(modal, 0, top, false);
      // What the dialog's own controls opened outside it (a list box or menu a library puts at
      // the end of the page, an open popover) is part of it.
      for (const extra of modalExtras(modal)) walk(extra, 0, top, false);
    }
    else walkChildren(root, 0, top, null, false);
    beyond.inside = scrolledIn.slice(0, 4).map((el) => {
      const role = roleOf(el);
      return { ref: ensureRef(el, counter), role, name: role ? nameOf(el, role) : clean(el.getAttribute("aria-label") || "", NAME_MAX) };
    });
    return { next: counter.next, nodes: out, truncated, inner: sawInner, dirty: changed, unasked: unaskedChecked, modal: !!modal, beyond, animating, pdf: isPdf(), ms: Math.round(performance.now() - start), url: location.href, vw: innerWidth, vh: innerHeight };
  }

  // The modal dialog a person is held in, if one is open: a <dialog> opened with showModal()
  // (the browser makes the rest of the page inert), or a shown dialog that says it is modal
  // (aria-modal, whose backdrop takes the clicks meant for the page behind it).
  function openModal() {
    let modal = null;
    // Of several, the one holding the focus is the one on top.
    const focus = deepActiveElement();
    for (const d of document.querySelectorAll("dialog")) {
      if (d.matches(":modal") && !(modal && modal.contains(focus))) modal = d;
    }
    if (modal) return modal;
    for (const d of document.querySelectorAll('[aria-modal="true"]')) {
      const role = d.getAttribute("role");
      if ((role === "dialog" || role === "alertdialog") && seen(d) && holdsTheView(d)) modal = d;
    }
    return modal || maskedLayer();
  }
  // A dialog that does not say it is modal but is laid over a mask that dims the whole page (a
  // widget library's modal, a newsletter or consent wall): the mask takes the clicks meant for
  // the page behind it. The layer is what the viewport's four corners hit: boxes over the whole
  // view, one of them drawn (not a menu's invisible click catcher), over the page's own content.
  // The dialog is what the middle of the viewport hits above it, in the layer or beside it, or
  // else the largest box with words laid beside or in it.
  function maskedLayer() {
    const w = innerWidth, h = innerHeight;
    if (w < 50 || h < 50) return null;
    const stack = (x, y) => document.elementsFromPoint(x, y).filter((e) => e !== overlayHost);
    const corners = [[4, 4], [w - 5, 4], [4, h - 5], [w - 5, h - 5]].map(([x, y]) => stack(x, y));
    const layer = corners[0][0];
    if (!layer || corners.some((c) => c[0] !== layer) || layer === document.body || layer === document.documentElement) return null;
    const whole = (e) => {
      const cs = getComputedStyle(e);
      const r = e.getBoundingClientRect();
      return /fixed|absolute/.test(cs.position) && cs.pointerEvents !== "none" && r.width * r.height >= 0.9 * w * h ? cs : null;
    };
    const drawn = (cs) => !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(cs.backgroundColor) || cs.backdropFilter !== "none" || cs.backgroundImage !== "none";
    // The box that dims the page: the first drawn one of the boxes over the whole view.
    let dimmer = null;
    for (const e of corners[0]) {
      const cs = whole(e);
      if (!cs) break;
      if (drawn(cs)) {
        dimmer = e;
        break;
      }
    }
    if (!dimmer) return null;
    const middle = stack(w / 2, h / 2);
    const at = middle.indexOf(layer);
    if (at < 0) return null;
    // Page content lies under it somewhere (it is not a decorative layer the page is drawn on).
    const under = (list) => list.includes(dimmer) && list.slice(list.indexOf(dimmer) + 1).some((e) => !e.contains(dimmer) && !whole(e));
    let covers = under(middle) || corners.some(under);
    // Else some of the page's shown content lies under it.
    let looked = 0;
    for (const e of covers ? [] : document.body.querySelectorAll("h1,h2,h3,p,a,button,input,li,td,img,label")) {
      if (looked >= 20) break;
      if (dimmer.contains(e) || e.contains(dimmer) || layer.contains(e)) continue;
      const r = e.getBoundingClientRect();
      if (r.width < 2 || r.height < 2 || r.bottom <= 0 || r.right <= 0 || r.top >= h || r.left >= w) continue;
      looked++;
      const list = stack(Math.min(Math.max((r.left + r.right) / 2, 0), w - 1), Math.min(Math.max((r.top + r.bottom) / 2, 0), h - 1));
      const i = list.indexOf(dimmer);
      if (i >= 0 && list.indexOf(e) > i) covers = true;
      if (covers) break;
    }
    if (!covers) return null;
    let dialog = null;
    if (/^(dialog|alertdialog)$/.test(layer.getAttribute("role") || "")) dialog = layer;
    else if (at > 0) {
      dialog = middle[0];
      if (layer.contains(dialog)) while (dialog.parentElement && dialog.parentElement !== layer) dialog = dialog.parentElement;
      // Beside the layer: the box, under what holds both, that holds what was hit.
      else while (dialog.parentElement && !dialog.parentElement.contains(layer)) dialog = dialog.parentElement;
    } else {
      let most = 0;
      const parent = layer.parentElement;
      const near = [...layer.children, ...(parent ? [...parent.children].filter((e) => layer.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) : [])];
      for (const e of near) {
        if (!floats(e)) continue;
        const r = e.getBoundingClientRect();
        const area = Math.max(0, Math.min(r.right, w) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, h) - Math.max(r.top, 0));
        if (area > most && seen(e) && e.textContent.trim()) [dialog, most] = [e, area];
      }
    }
    return dialog && dialog !== document.body && seen(dialog) && dialog.textContent.trim() ? dialog : null;
  }

  // Elements outside an open modal dialog that belong with it: what its expanded controls
  // name (aria-controls, aria-owns), open popovers, and list boxes, menus and tooltips that
  // float over the page.
  function modalExtras(modal) {
    const extras = [];
    const add = (e) => {
      if (!e || modal.contains(e) || e.contains(modal) || extras.some((x) => x.contains(e))) return;
      if (!seen(e)) return;
      for (let i = extras.length - 1; i >= 0; i--) if (e.contains(extras[i])) extras.splice(i, 1);
      extras.push(e);
    };
    for (const c of modal.querySelectorAll('[aria-expanded="true"]')) {
      for (const id of `${c.getAttribute("aria-controls") || ""} ${c.getAttribute("aria-owns") || ""}`.split(/\s+/).filter(Boolean)) add(document.getElementById(id));
    }
    let popovers = [];
    try {
      popovers = [...document.querySelectorAll(":popover-open")];
    } catch {}
    for (const e of popovers) if (e !== overlayHost) add(e);
    for (const e of document.querySelectorAll('[role="listbox"], [role="menu"], [role="tooltip"]')) if (floats(e)) add(e);
    // Boxes fixed over the page above the modal's mask (a consent banner stacked over a
    // newsletter's): a person sees and clicks them as well. (Nothing is above a dialog the
    // browser holds modal but its own top layer.)
    if (!modal.matches(":modal")) {
      let looked = 0;
      const above = (e) => {
        if (e === overlayHost || composedContains(e, modal) || modal.contains(e)) return;
        const position = getComputedStyle(e).position;
        if (position !== "fixed" && position !== "sticky") return;
        const r = e.getBoundingClientRect();
        const x = Math.min(Math.max((r.left + r.right) / 2, 0), innerWidth - 1);
        const y = Math.min(Math.max((r.top + r.bottom) / 2, 0), innerHeight - 1);
        if (r.width < 1 || r.height < 1 || x < r.left || x > r.right || y < r.top || y > r.bottom) return;
        const hit = document.elementFromPoint(x, y);
        if (hit && e.contains(hit)) add(e);
      };
      for (const c of document.body?.children || []) {
        if (++looked > 300) break;
        above(c);
        for (const g of c.children) if (++looked <= 300) above(g);
      }
    }
    return extras;
  }

  // Whether an element (or one of its few nearest ancestors) is laid over the page rather than
  // in its flow.
  function floats(el) {
    for (let e = el, i = 0; e && e !== document.body && i < 4; e = e.parentElement, i++) {
      const position = getComputedStyle(e).position;
      if (position === "fixed" || position === "absolute") return true;
    }
    return false;
  }

  // Whether a dialog that says it is modal stands over the page: the middle of the viewport is
  // the dialog's, or a backdrop's laid over the whole view. A banner that calls itself modal
  // but leaves the page usable (some consent banners do) is not taken for one.
  function holdsTheView(dialog) {
    const hit = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
    if (!hit || dialog.contains(hit)) return !!hit;
    if (hit === document.body || hit === document.documentElement) return false;
    const r = hit.getBoundingClientRect();
    const style = getComputedStyle(hit);
    return (style.position === "fixed" || style.position === "absolute") && r.width * r.height >= 0.8 * innerWidth * innerHeight && !hit.textContent.trim();
  }

  // The text of the smallest enclosing block that says more than the element itself (a card,
  // a row, a list item), so "the Delete button for Call Bob" can be told apart.
  // A table cell is not that block: the row it sits in is.
  function nearbyText(el) {
    const own = textLength(el);
    let node = el.parentElement;
    for (let i = 0; node && i < 6; i++, node = node.parentElement) {
      if (/^(td|th)$/.test(node.localName) || /^(cell|gridcell)$/.test(node.getAttribute("role") || "")) continue;
      const len = textLength(node);
      if (len > own + 2) return len <= 300 ? clean(spacedText(node), 200) : "";
    }
    return "";
  }

  // An element's text length, kept for the walk: the controls of one long list share their
  // parents, whose text would be read again for each.
  function textLength(node) {
    let n = lengths && lengths.get(node);
    if (n === undefined) {
      n = (node.textContent || "").length;
      if (lengths) lengths.set(node, n);
    }
    return n;
  }

  // An element's text with its text nodes kept apart, so "Chen Wei" and "Remove" in sibling
  // boxes stay two words each.
  // Only words a person sees count: none from scripts and style sheets, boxes not shown, nor
  // words drawn without ink.
  function spacedText(el) {
    const it = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const parts = [];
    const shown = new Map();
    const sees = (box) => {
      if (!box) return false;
      if (!shown.has(box)) shown.set(box, !SKIP_TAGS.has(box.tagName) && box.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !inkless(box));
      return shown.get(box);
    };
    for (let n = it.nextNode(); n; n = it.nextNode()) if (n.data.trim() && sees(n.parentElement)) parts.push(n.data);
    return parts.join(" ");
  }

  // What a cell holding it is read as, not named by: structure of its own.
  const STRUCTURE = "table, ul, ol, dl, h1, h2, h3, h4, h5, h6, [role=table], [role=grid], [role=list], [role=heading], [role=tree]";
  // Controls, or elements the page listens on, inside `el` (the first few hundred looked at).
  // `shown`: only what a person sees counts (a drop zone's hidden file input, which its click
  // opens, is not something it holds to act on).
  function holdsActionable(el, shown) {
    if (!shown) return hasInteractiveDescendant(el) || holds(el, (d) => listened.has(d) || told.has(d));
    const own = el.localName === "label" ? el.control : null;
    const inside = el.querySelectorAll(INTERACTIVE_SEL);
    for (let i = 0; i < inside.length && i < 30; i++) if (inside[i] !== own && seen(inside[i])) return true;
    return inside.length > 30 || holds(el, (d) => (listened.has(d) || told.has(d)) && seen(d));
  }
  // Whether a line named by its words holds a part a person clicks on its own (a table cell's
  // "Edit" link without an address and its trash icon, each with a pointer cursor the cell does
  // not show): its line then lists that part under it, as a paragraph's are. Only a few elements
  // (six) are asked about their style; in a bigger box, only handlers count.
  function holdsPart(el) {
    const inside = el.getElementsByTagName("*");
    if (!inside.length) return false;
    if (inside.length > 6) return holds(el, hasOwnHandler);
    for (const d of inside) if (actionable(d, getComputedStyle(d), roleOf(d)) && seen(d)) return true;
    return false;
  }
  // Whether an element holds a control of its own (a label's own control, which it stands in
  // for, does not count).
  const INTERACTIVE_SEL = "a[href],button,input,select,textarea,[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=option],[role=treeitem],[role^=menuitem],[tabindex]";
  function hasInteractiveDescendant(el) {
    const first = el.querySelector(INTERACTIVE_SEL);
    const own = el.localName === "label" ? el.control : null;
    if (!first || first !== own) return !!first;
    return [...el.querySelectorAll(INTERACTIVE_SEL)].some((d) => d !== own);
  }

  function resolveEl(ref) {
    const weak = byRef.get(ref);
    const el = weak && weak.deref();
    if (!el || !el.isConnected) return null;
    return el;
  }

  // Finds an element with this role and name, for a stale ref's suggestion.
  function suggest(role, name, next) {
    const counter = { next };
    const found = collect({ next, filter: "all", maxDepth: 100 });
    counter.next = found.next;
    // (A box the core took a control's role for from the browser is read here as a box.)
    const hit = found.nodes.find((n) => (n.role === role || (n.x && n.role === "generic")) && n.name === name);
    return { next: counter.next, ref: hit ? hit.ref : null };
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
    for (let i = 0; i < 10; i++) {
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
  // documents). Null when that cannot be told (the point is over another site's frame).
  function wheelAt(x, y, dx, dy, mark) {
    if (mark) markPointer(x, y);
    const hit = deepElementAt(x, y);
    if (hit.crossFrame) return null;
    for (let el = hit.el; el; el = el.parentElement || el.getRootNode().host || el.ownerDocument.defaultView?.frameElement) {
      if (canScroll(el, dx, dy)) return true;
    }
    return canScroll(document.scrollingElement, dx, dy);
  }
  function canScroll(el, dx, dy) {
    if (!el) return false;
    const doc = el.ownerDocument;
    const root = el === doc.scrollingElement || el === doc.documentElement || el === doc.body;
    const overflow = getComputedStyle(el)[dy ? "overflowY" : "overflowX"];
    if (!root && !/^(auto|scroll|overlay)$/.test(overflow)) return false;
    if (root && overflow === "hidden") return false;
    const left = Math.abs(el.scrollLeft);
    if (dy > 0) return el.scrollTop + el.clientHeight < el.scrollHeight - 1;
    if (dy < 0) return el.scrollTop > 0;
    if (dx > 0) return left + el.clientWidth < el.scrollWidth - 1;
    return left > 0;
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
  // which the frame's document sees as its device pixel ratio; 1 for another site's frame).
  function frameBox(f) {
    const r = f.getBoundingClientRect(), cs = getComputedStyle(f);
    let s = 1;
    try {
      s = f.contentWindow.devicePixelRatio / f.ownerDocument.defaultView.devicePixelRatio;
    } catch {}
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

  // Text longer than a field's maxlength, which a person could not type into it: why it is
  // refused (nothing is set), or null.
  const MAXLENGTH_TYPES = new Set(["text", "search", "url", "tel", "email", "password"]);
  function tooLong(el, text) {
    // (A text area holds a line break as one character, however it was written.)
    const length = el.localName === "textarea" ? text.replace(/\r\n?/g, "\n").length : text.length;
    if (!(el.maxLength >= 0) || length <= el.maxLength) return null;
    return `${describe(el)} takes at most ${el.maxLength} characters (its maxlength), and the value given has ${length}, so nothing was set. Give at most ${el.maxLength}.`;
  }
  // Fields where Enter submits the form (implicit submission) and Space types a space.
  const NOT_FIELDS = new Set(["button", "submit", "reset", "image", "checkbox", "radio", "file", "color", "range"]);
  function isTextEntry(el) {
    if (el.localName === "textarea" || el.isContentEditable) return true;
    return el.localName === "input" && !NOT_FIELDS.has((el.getAttribute("type") || "text").toLowerCase());
  }

  // What an activating key (Enter, Space) would act on: the focused element, whether it takes
  // text, and its form. A cross-origin frame says which frame holds the focus instead.
  // Where typed text goes now: "none" when the page itself has the keyboard focus (no field,
  // no editable document), which is where text typed without clicking a field first goes.
  // The element that held the focus as typing began, to compare with where the typing ends.
  let typingInto = null;
  // What an editor (a contenteditable box) held as typing into it began, and how many input
  // events the page had heard by then.
  let editorHeld = null, inputsHeard = 0;
  // The words around the field as typing began (see aroundField).
  let aroundBefore = "";
  // The words a few boxes around a field show (where an address or tag field puts the chip it
  // makes of each entry).
  const aroundField = (el) => {
    const box = el?.parentElement?.parentElement?.parentElement || el?.parentElement;
    return box?.innerText || "";
  };
  addEventListener("input", () => inputsHeard++, true);
  // The text field the last left click pressed (or the field of the label it pressed), until a
  // key or another click: typing is meant for it.
  let clickedField = null;
  const fieldPressed = (el) => {
    const f = el?.closest?.("label")?.control || el;
    return f?.nodeType === 1 && isTextEntry(f) && !f.matches(":disabled") ? f : null;
  };
  // Whether the focus on `el` is the focus on `clicked`: the same element, one inside the other,
  // or the frame whose document holds `clicked` (an editor in a frame of its own).
  const focusedAt = (el, clicked) => composedContains(clicked, el) || composedContains(el, clicked) || inFrame(el, clicked);
  function focusHolder() {
    keyUps = [];
    hookFrames(document, 0);
    const el = deepActiveElement();
    typingInto = el;
    editorHeld = el?.isContentEditable ? { text: el.textContent, inputs: inputsHeard } : null;
    aroundBefore = el && isTextEntry(el) ? aroundField(el) : "";
    const clicked = clickedField;
    clickedField = null;
    const page = !el || el === document.body || el === document.documentElement;
    let out;
    if (page) out = document.designMode !== "on" && !document.body?.isContentEditable ? "none" : "some";
    else {
      // A control that takes no text (a button, a link, a box to tick): the text goes nowhere
      // unless the page listens for keys itself.
      const role = roleOf(el);
      // (A button drawn as a combobox or list takes typed words to go to the choice they name.)
      const control = (["button", "a", "summary"].includes(el.localName) || (el.localName === "input" && !isTextEntry(el)) || ["button", "link", "checkbox", "radio", "switch", "tab", "menuitem"].includes(role)) && !["combobox", "listbox", "textbox", "searchbox"].includes(role);
      out = control && !isTextEntry(el) && document.designMode !== "on" ? { notext: describe(el) } : suggesting(el) ? "suggests" : "some";
    }
    // The page moved the focus from the field Claude clicked (a focus trap that takes it back).
    if (!clicked?.isConnected || focusedAt(el, clicked)) return out;
    return { away: describe(clicked), to: page ? null : describe(el), notext: out.notext || null, suggests: out === "suggests" };
  }

  // Whether a key right behind typing into `el` should wait for the page's answer to the words:
  // it offers suggestions (a combobox; a field with a list, that says it completes or controls a
  // popup; one whose page turned the browser's own completion off for its own, as jQuery UI's
  // does), or a list of choices is open. Enter in a chat box or a plain form field acts on the
  // words at once, as a person's would.
  function suggesting(el) {
    const offers = (e) =>
      e.getAttribute("role") === "combobox" ||
      ["list", "aria-autocomplete", "aria-haspopup", "aria-controls", "aria-owns", "aria-expanded", "aria-activedescendant"].some((a) => e.hasAttribute(a)) ||
      (e.getAttribute("autocomplete") || "").toLowerCase() === "off" ||
      /autocomplete|typeahead|suggest|combo/i.test(typeof e.className === "string" ? e.className : "");
    for (let e = el, up = 0; e && up < 4; e = e.parentElement, up++) {
      if (offers(e)) return true;
    }
    for (const list of document.querySelectorAll("[role=listbox], [role=menu], datalist")) {
      if (list.localName !== "datalist" && seen(list)) return true;
    }
    return false;
  }

  // After typing: null when the focus stayed where the typing began; else where it was and
  // where it is now (null for nothing focused), for Claude to know where the rest of the text
  // went (fields that move it on, as a code split into one box per digit does, or a page that
  // takes it).
  // (`typed`: the text, when it held no key that moves the focus. A field that kept the focus
  // but does not hold it refused or changed some of it: a length limit, a mask, a handler that
  // stops keys or writes the value its own way, a read-only field.)
  function focusMoved(next, typed) {
    keyUps = [];
    const was = typingInto;
    typingInto = null;
    const el = deepActiveElement();
    // (A date, time or number field holds what is typed in a form of its own.)
    const plain = el?.localName === "textarea" || (el?.localName === "input" && MAXLENGTH_TYPES.has(el.type));
    if (was && el === was && typeof typed === "string" && typed && plain && !el.value.includes(typed.trim())) {
      const counter = { next };
      // The words typed (without the comma or line break that ended an entry), shown beside
      // the field now and not before: the page took them out of it into a chip or tag.
      const words = typed.trim().replace(/[\s,;]+$/, "");
      const took = words && el.type !== "password" && aroundField(el).includes(words) && !aroundBefore.includes(words) ? clean(words, 80) : null;
      return { field: describe(el, counter), holds: el.type === "password" ? null : clean(el.value, 80), took, next: counter.next };
    }
    // A field that holds it but whose own check does not accept it (a number over its limit, an
    // address without its @): the form will not be sent so.
    const checked = plain || (el?.localName === "input" && el.type === "number");
    if (was && el === was && typeof typed === "string" && typed.trim() && checked && el.value.includes(typed.trim()) && el.willValidate && !el.validity.valid && el.validationMessage) {
      const counter = { next };
      return { field: describe(el, counter), unaccepted: clean(el.validationMessage, 150), next: counter.next };
    }
    // An editor that took none of it (its page stops the input: no input event came, and it
    // holds what it held). One that took it in a form of its own (a list a "- " starts, quotes
    // made curly) is not judged.
    const held = editorHeld;
    editorHeld = null;
    if (was && el === was && el.isContentEditable && held && typeof typed === "string" && typed.trim() && inputsHeard === held.inputs && el.textContent === held.text) {
      const counter = { next };
      return { field: describe(el, counter), holds: clean(el.innerText || "", 80), next: counter.next };
    }
    if (!was || el === was) return null;
    const counter = { next };
    const nothing = (e) => !e || e === document.body || e === document.documentElement;
    const what = (e) => (nothing(e) ? null : e.isConnected ? describe(e, counter) : "a field the page has since removed");
    return { from: what(was), to: what(el), next: counter.next };
  }

  function describeFocus(next) {
    const counter = { next };
    const el = deepActiveElement();
    if (!el || el === document.body || el === document.documentElement) return { what: "the page itself (nothing is focused)", named: true, entry: false, next };
    if (isFrame(el) && !frameDoc(el)) return { crossFrame: true, frame: ensureRef(el, counter), what: describe(el), next: counter.next };
    const out = { what: describe(el), named: isNamed(el), entry: isTextEntry(el), multiline: el.localName === "textarea" || !!el.isContentEditable, next: counter.next };
    const form = el.form || (el.closest && el.closest("form"));
    if (form) out.form = describeForm(form);
    return out;
  }

  // Whether a ref is a control that submits a form, for form_input's approval.
  function describeControl(ref) {
    const el = resolveEl(ref);
    if (!el) return { error: "stale" };
    const type = (el.getAttribute("type") || "").toLowerCase();
    const submits = (el.localName === "button" && (type || "submit") === "submit") || (el.localName === "input" && ["submit", "image"].includes(type));
    const out = { what: describe(el), named: isNamed(el), submits };
    if (submits && el.form) out.form = describeForm(el.form);
    return out;
  }

  // What is at a viewport point: for a coordinate click's acknowledgement and its approval. With
  // `frames`, a point over another site's frame says which frame (by a ref) and where in it, to
  // be described there.
  function describeAt(x, y, next, frames) {
    const counter = { next };
    const hit = deepElementAt(x, y);
    if (!hit.el) return { what: null, next };
    if (hit.crossFrame && frames) {
      const { fx, fy } = intoFrame(hit.el, (x - hit.ox) / hit.s, (y - hit.oy) / hit.s);
      return { what: `${describe(hit.el)} (another site's frame)`, crossFrame: true, frame: ensureRef(hit.el, counter), fx, fy, next: counter.next };
    }
    if (hit.crossFrame) return { what: `${describe(hit.el)} (another site's frame)`, next: counter.next };
    return { what: describe(hit.el), named: isNamed(hit.el), next: counter.next };
  }

  const TEXT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", "number", ""]);
  const DATE_TYPES = { date: "YYYY-MM-DD", time: "HH:MM", "datetime-local": "YYYY-MM-DDTHH:MM", month: "YYYY-MM", week: "YYYY-Www" };

  // A date or time as a field of `type` takes it, from the forms people write it in, when it
  // can mean only one; null otherwise (an order of day and month that the numbers leave open,
  // as 03/04/2026, is not guessed).
  const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
  // A date written in numbers with its year last (12/25/2026, 25.12.2026): its two first numbers
  // and its year. Which of the two is the day is open when both could be a month.
  const NUMERIC_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/;
  const dayMonthOpen = (a, b) => a !== b && a <= 12 && b <= 12;
  function asDateField(type, given) {
    const pad = (n) => String(n).padStart(2, "0");
    const monthNamed = (w) => (/^[a-z]{3,9}\.?$/i.test(w) ? MONTH_NAMES.indexOf(w.slice(0, 3).toLowerCase()) + 1 : 0);
    const day = (y, m, d) => (y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${String(y).padStart(4, "0")}-${pad(m)}-${pad(d)}` : null);
    const dateOf = (t) => {
      t = t.trim().replace(/,/g, " ").replace(/\s+/g, " ").replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.? /i, "");
      let m;
      if ((m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t))) return day(+m[1], +m[2], +m[3]);
      if ((m = NUMERIC_DATE.exec(t)) && m[0] === t) {
        const [a, b, y] = [+m[1], +m[2], +m[3]];
        if (dayMonthOpen(a, b)) return null;
        return a > 12 ? day(y, b, a) : day(y, a, b);
      }
      if ((m = /^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/i.exec(t)) && monthNamed(m[1])) return day(+m[3], monthNamed(m[1]), +m[2]);
      if ((m = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+\.?) (\d{4})$/i.exec(t)) && monthNamed(m[2])) return day(+m[3], monthNamed(m[2]), +m[1]);
      return null;
    };
    const timeOf = (t) => {
      const m = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(?:([ap])\.?\s?m\.?)?$/i.exec(t.trim());
      if (!m || (!m[2] && !m[4])) return null;
      let h = +m[1];
      if (m[4]) {
        if (h < 1 || h > 12) return null;
        h = (h % 12) + (m[4].toLowerCase() === "p" ? 12 : 0);
      }
      if (h > 23 || +(m[2] || 0) > 59 || +(m[3] || 0) > 59) return null;
      return `${pad(h)}:${m[2] || "00"}${m[3] ? `:${m[3]}` : ""}`;
    };
    const t = given.trim();
    if (type === "date") return dateOf(t);
    if (type === "time") return timeOf(t);
    if (type === "datetime-local") {
      const m = /^(.*?\d)(?:\s*,?\s*(?:at\s+)?|T)(\d{1,2}(?::\d{2}){0,2}\s*(?:[ap]\.?\s?m\.?)?)$/i.exec(t);
      const d = m && dateOf(m[1]), h = m && timeOf(m[2]);
      return d && h ? `${d}T${h}` : null;
    }
    if (type === "month") {
      let m;
      if ((m = /^(\d{4})[-/.](\d{1,2})$/.exec(t))) return day(+m[1], +m[2], 1)?.slice(0, 7) ?? null;
      if ((m = /^(\d{1,2})\s*[-/.]\s*(\d{4}|\d{2})$/.exec(t))) return day(m[2].length === 2 ? 2000 + +m[2] : +m[2], +m[1], 1)?.slice(0, 7) ?? null;
      if ((m = /^([a-z]+\.?),? (\d{4})$/i.exec(t)) && monthNamed(m[1])) return day(+m[2], monthNamed(m[1]), 1).slice(0, 7);
    }
    return null;
  }

  // What the page did with a value set in a field, as its handlers answered the input: a note
  // when the field holds something else (its old value put back, or the value written its own
  // way: in capitals, without the letters a digits-only field refuses).
  function pageKept(el, text, before) {
    const now = el.value;
    if (now === text || (el.type === "number" && now !== "" && Number(now) === Number(text))) return null;
    if (el.type === "password") return "the page changed what the field holds";
    if (now === before) return `the page put back what the field held: it holds ${JSON.stringify(clean(now, 80))}`;
    return `the page changed it: the field holds ${JSON.stringify(clean(now, 80))}`;
  }
  function fire(el, value) {
    el.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertReplacementText", data: value == null ? null : String(value) }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The bounds a number field states, for its error (none when it states none).
  function range(el) {
    if (el.min && el.max) return ` between ${el.min} and ${el.max}`;
    if (el.min) return ` of at least ${el.min}`;
    if (el.max) return ` of at most ${el.max}`;
    return "";
  }
  // The field a combobox drawn by a library stands for: the one text field shown inside it
  // (Choices.js types into one), or the <select> it hides and keeps in step with its changes
  // (select2 puts its box right after that <select>).
  function drawnFor(el) {
    if (roleOf(el) !== "combobox" || el.matches("input, select, textarea") || el.isContentEditable) return null;
    const fields = [...el.querySelectorAll("input:not([type=hidden]), textarea")].filter(controlShown);
    if (fields.length === 1) return fields[0];
    for (let box = el, i = 0; box && i < 4; box = box.parentElement, i++) {
      const before = box.previousElementSibling;
      if (before && before.localName === "select" && !controlShown(before)) return before;
    }
    return null;
  }
  // The control a ref's element sets: a label (one standing in for its hidden checkbox, say)
  // its control, a box that shows a combobox's choice its field, and a combobox a library drew
  // for a field that field.
  function fieldFor(el) {
    return el.localName === "label" && el.control ? el.control : hiddenCombobox(el) || hiddenToggle(el) || drawnFor(el) || editorFieldOf(el) || el;
  }

  // How long after its text a combobox's option is chosen at the soonest (see comboOptions).
  const TYPED_MS = 350;
  // The options a combobox's own list shows (the list its aria-controls or aria-owns names, or
  // the one its active option is in), and a ref for the one named `want`, if any: waits up to
  // `ms` for one so named to show, as a library filters its list a moment after the text.
  function comboOptions(ref, want, ms, next, typed = true) {
    const found = resolveEl(ref);
    if (!found) return { error: "stale" };
    const field = fieldFor(found);
    const counter = { next };
    const norm = (t) => clean(t, 200).toLowerCase();
    const wanted = norm(String(want));
    const bare = (t) => t.normalize("NFD").replace(/\p{M}/gu, "");
    const bareWanted = bare(wanted);
    // A button that opens a dialog to choose in (Ionic's select, whose popover or alert lists
    // its options again as radio buttons) is chosen from in the dialog it opened.
    let popup = null;
    const shown = () => {
      const out = [];
      const lists = comboLists(field);
      // (Found once, and kept while it is there.)
      if (lists.length) popup = null;
      else if (!popup || !popup.isConnected || !controlShown(popup)) popup = openedPopup(field);
      const sel = popup ? CHOICES : "[role=option]";
      for (const list of popup ? [popup] : lists) {
        const inside = list.querySelectorAll(sel);
        for (const o of inside.length ? inside : drawnInside(list, sel)) if (!hiddenReason(o, o.getBoundingClientRect()) && out.length < 200) out.push(o);
      }
      return out;
    };
    const start = performance.now();
    const until = start + ms;
    // A match is taken once it is still there a moment later: a library may draw its list again
    // right after the text (Choices.js does), and the option first found would be gone.
    let seenBefore = null;
    return new Promise((resolve) => {
      const look = () => {
        const options = shown();
        const said = options.map((o) => nameOf(o, "option"));
        const names = said.map(norm);
        const at = options.findIndex((o, i) => names[i] === wanted && o.getAttribute("aria-disabled") !== "true");
        let match = at >= 0 ? options[at] : null;
        const steady = match && match === seenBefore;
        seenBefore = match;
        // A person picks from the list once it answers the words typed, and some time after
        // typing them: a library may filter its list a moment after the text, and take the
        // text in again then (Tom Select does, 300 ms after it, and takes the focus back to its
        // field), so a match is taken no sooner than that, from a list that the text filtered;
        // from a list that never filters, when the time is up.
        const filtered = names.filter((n) => /[\p{L}\p{N}]/u.test(n)).every((n) => bare(n).includes(bareWanted));
        const now = performance.now();
        // (A list a click opened, with nothing typed, is not filtered: its option is taken once
        // it stays.)
        const ready = typed ? steady && filtered && now >= start + TYPED_MS : steady;
        if (!ready && now < until) return void setTimeout(look, 50);
        if (!steady) match = null;
        const offered = said.map((t) => clean(t, 60)).filter(Boolean);
        // (A dialog that takes the choice only once a button of its own is pressed, as Ionic's
        // alert takes it with OK, names its buttons.)
        // (A dialog whose only other button cancels it, as an action sheet's, closes on the choice.)
        const buttons = popup && match ? [...popup.querySelectorAll("button,[role=button]")].filter((b) => !b.matches(CHOICES) && !b.closest(CHOICES) && controlShown(b)).map((b) => clean(nameOf(b, "button"), 40)).filter(Boolean) : [];
        const confirm = buttons.some((b) => !CANCELS.test(b)) ? buttons : [];
        resolve({ offers: few(offered), match: match ? ensureRef(match, counter) : null, name: match ? clean(said[at], 80) : null, next: counter.next, popup: !!popup, confirm: confirm.length ? few(confirm) : null });
      };
      look();
    });
  }
  // The elements matching `sel` that are drawn inside `el`, down through shadow roots and what
  // their slots show (a web component's list slots its options in, and each option draws its
  // own in its shadow root: Material's md-select-option). A few thousand elements at most.
  function drawnInside(el, sel) {
    const out = [];
    let looked = 0;
    const visit = (n) => {
      if (out.length >= 200 || ++looked > 3000) return;
      if (n !== el && n.matches(sel)) return void out.push(n);
      const assigned = n.localName === "slot" ? n.assignedElements({ flatten: true }) : [];
      for (const k of shadowOf(n)?.children || (assigned.length ? assigned : n.children)) visit(k);
    };
    visit(el);
    return out;
  }
  // A button that only closes a dialog.
  const CANCELS = /^(cancel|close|dismiss|back|no|[×✕✖x])$/i;
  // What a person chooses among in a dialog a button opened.
  const CHOICES = "[role=option],[role=radio],[role=menuitemradio],[role=menuitemcheckbox],[role=menuitem]";
  // The dialog a button that says it opens one (aria-haspopup, and expanded now) has opened: the
  // last shown dialog of the document that holds choices, outside the button.
  function openedPopup(field) {
    const kind = field.getAttribute("aria-haspopup");
    // (A list box it opens is its list, found through comboLists.)
    if (!kind || kind === "listbox" || kind === "false" || field.getAttribute("aria-expanded") !== "true") return null;
    const doc = field.ownerDocument;
    const dialogs = [...doc.querySelectorAll(`[aria-modal=true], dialog[open], [role=dialog], [role=alertdialog]${kind === "menu" ? ", [role=menu]" : ""}`)];
    for (let i = dialogs.length - 1; i >= 0 && i >= dialogs.length - 20; i--) {
      const d = dialogs[i];
      // (Not a dialog the field is in: a form in a modal, around a select in a shadow root.)
      if (!composedContains(d, field) && controlShown(d) && (d.querySelector(CHOICES) || drawnInside(d, CHOICES).length)) return d;
    }
    return null;
  }
  function comboLists(field) {
    const byId = (id) => idFor(field, id);
    const box = field.closest("[role=combobox]");
    const ids = [field, box].filter(Boolean).flatMap((e) => `${e.getAttribute("aria-controls") || ""} ${e.getAttribute("aria-owns") || ""}`.split(/\s+/)).filter(Boolean);
    const lists = ids.map(byId).filter(Boolean);
    // (The active option may be slotted into a list in the combobox's shadow root: Fluent UI's
    // fluent-select.)
    const active = field.getAttribute("aria-activedescendant");
    let list = active && byId(active);
    while (list && !list.matches?.("[role=listbox]")) list = flatParent(list);
    if (list) lists.push(list);
    const inner = !lists.length && shadowOf(field)?.querySelector("[role=listbox]");
    if (inner) lists.push(inner);
    // A box that is the combobox around its field holds its list (and, in a box that takes
    // several, a list of the options already chosen, which offers nothing).
    if (!lists.length && box && box !== field) {
      const inside = [...box.querySelectorAll("[role=listbox]")];
      const chosenOnly = (l) => { const o = l.querySelectorAll("[role=option]"); return o.length > 0 && [...o].every((x) => x.getAttribute("aria-selected") === "true"); };
      const offering = inside.filter((l) => !chosenOnly(l));
      lists.push(...(offering.length ? offering : inside));
    }
    return [...new Set(lists)];
  }

  // Sets a form control's value directly and fires the events frameworks listen for.
  // The choices a comma-separated list names, for a select that takes several: at each place
  // the longest run of comma-separated words that is an option's whole label or value, else one
  // piece (found as a part of a label, later).
  function choicesIn(want, options, label) {
    const pieces = want.split(",").map((w) => w.trim());
    const whole = new Set(options.flatMap((o) => [o.value.toLowerCase(), label(o).toLowerCase()]));
    const out = [];
    for (let i = 0; i < pieces.length; ) {
      let j = Math.min(pieces.length, i + 8);
      while (j > i + 1 && !whole.has(pieces.slice(i, j).join(", ").toLowerCase())) j--;
      const choice = pieces.slice(i, j).join(", ");
      if (choice) out.push(choice);
      i = j;
    }
    return out;
  }
  function setValue(ref, value) {
    const found = resolveEl(ref);
    if (!found) return { error: "stale" };
    editorBoxes = null;
    clickedField = null;
    const el = editableFrameBody(found) || fieldFor(found);
    const what = describe(el);
    const tag = el.localName;
    // (`later`: what the page may still change in answer to the input before this one, a list
    // it fills or a field it enables once a choice is made.)
    if (el.disabled) return { error: `${what} is disabled, so its value cannot be set.`, later: true };
    if (el.readOnly) return { error: `${what} is read-only.` };
    // A code editor takes its text as a person gives it: the core clicks it, selects all and
    // types over it. (Its hidden field passes on only what changes in it.)
    if (el !== found && editorFieldOf(found) === el) {
      if (typeof value === "boolean") return { error: `${describe(found)} takes text, not true/false.` };
      return { editor: true };
    }
    const asBool = (v) => (typeof v === "boolean" ? v : typeof v === "string" && /^(true|false|on|off|yes|no|checked|unchecked)$/i.test(v) ? /^(true|on|yes|checked)$/i.test(v) : null);
    if (tag === "input") {
      const type = (el.getAttribute("type") || "text").toLowerCase();
      if (type === "checkbox" || type === "radio") {
        const b = asBool(value);
        if (b === null) return { error: `${what} is a ${type}: pass true or false.` };
        if (type === "radio" && !b && el.checked) return { error: `${what} is a radio button: it is cleared by choosing another one of its group.` };
        if (el.checked !== b) {
          // Toggled as a click toggles it, with the click, input and change events a click
          // fires: frameworks (React among them) hear a box change through its click.
          el.click();
          if (el.checked !== b) return { error: `${what} did not change: the page kept it ${el.checked ? "checked" : "unchecked"}.` };
        }
        return { ok: true, value: String(el.checked) };
      }
      if (type === "file") return { error: `${what} is a file input: use file_upload.` };
      if (["button", "submit", "reset", "image", "hidden"].includes(type)) return { error: `${what} is a button, not a field: use left_click.` };
      if (typeof value === "boolean") return { error: `${what} takes text, not true/false.` };
      let text = String(value);
      // A date or time written as people write it ("December 25, 2026", "3:30 PM", 9:30,
      // 2026-3-5) is the one they mean, when it can mean only one; the field takes only its own
      // form.
      const given = text;
      if (DATE_TYPES[type]) text = asDateField(type, text) ?? text;
      const long = MAXLENGTH_TYPES.has(el.type) ? tooLong(el, text) : null;
      if (long) return { error: long };
      const before = el.value;
      el.focus({ preventScroll: true });
      el.value = text;
      if (el.value !== text && !(type === "number" && Number(el.value) === Number(text))) {
        const want = DATE_TYPES[type] ? ` in the form ${DATE_TYPES[type]}` : type === "range" || type === "number" ? range(el) : "";
        // A slider takes the nearest step in its range; a colour field writes a colour in hex.
        const near = type === "range" && text.trim() !== "" && Number.isFinite(Number(text));
        // (A colour the field cannot read leaves it black.)
        const colour = type === "color" && CSS.supports("color", text) && (el.value !== "#000000" || /^(black|#0{3}(0{3})?|rgba?\(\s*0[\s,]+0[\s,]+0\s*(,\s*1\s*)?\))$/i.test(text.trim()));
        if (near || colour) {
          fire(el, el.value);
          return { ok: true, value: el.value, note: near ? `the slider settled on ${el.value}` : `the field holds it as ${el.value}` };
        }
        // Refused: the field keeps what it held, as a person's rejected input leaves it.
        el.value = before;
        const holds = type === "password" ? "" : ` It still holds ${JSON.stringify(clean(before, 80))}.`;
        const open = (type === "date" || type === "datetime-local") && NUMERIC_DATE.exec(given.trim());
        if (open && dayMonthOpen(+open[1], +open[2])) {
          return { error: `${what} did not accept ${JSON.stringify(given)}: its day and month could be either way round; give it in the form ${DATE_TYPES[type]}.${holds}` };
        }
        return { error: `${what} did not accept ${JSON.stringify(text)}; give a valid ${type} value${want}.${holds}` };
      }
      fire(el, text);
      const answered = pageKept(el, text, before);
      // Text typed into a combobox only filters its list: the core picks the option it names.
      // (A field inside a box that is the combobox, as Choices.js draws one, types into it too.)
      if ((roleOf(el) === "combobox" || el.parentElement?.closest("[role=combobox]")) && !(el.list && el.list.localName === "datalist")) return { ok: true, value: el.value, combobox: true };
      // Set, but outside what the field allows (a date past its max, a number off its step): the
      // page's form will refuse it.
      if (answered) return { ok: true, value: el.value, note: answered };
      if (!el.validity.valid && el.validationMessage) return { ok: true, value: el.value, note: `the field does not pass its own check: ${clean(el.validationMessage, 160).replace(/\.$/, "")}` };
      if (text !== given.trim()) return { ok: true, value: el.value, note: `the field holds it as ${el.value}` };
      return { ok: true, value: el.value };
    }
    if (tag === "textarea") {
      if (typeof value === "boolean") return { error: `${what} takes text, not true/false.` };
      if (tooLong(el, String(value))) return { error: tooLong(el, String(value)) };
      el.focus({ preventScroll: true });
      const before = el.value;
      el.value = String(value);
      const text = el.value;
      fire(el, text);
      const answered = pageKept(el, text, before);
      return answered ? { ok: true, value: el.value, note: answered } : { ok: true, value: el.value };
    }
    if (tag === "select") {
      const want = String(value).trim();
      const options = [...el.options];
      const label = (o) => clean(o.label || o.text, 200);
      const find = (w) => {
        const lower = w.toLowerCase();
        return options.find((o) => o.value === w) || options.find((o) => label(o).toLowerCase() === lower) || options.find((o) => lower.length > 0 && label(o).toLowerCase().includes(lower));
      };
      // A list that takes several: the choices, comma-separated, are its new selection. Words
      // that name an option whole are taken together first ("Paris, France" is one choice).
      const wants = el.multiple && !find(want) ? choicesIn(want, options, label) : [want];
      const matches = [];
      for (const w of wants) {
        const match = find(w);
        if (match && matches.includes(match)) continue;
        if (!match) {
          const list = options.map((o) => JSON.stringify(clean(o.label || o.text, 60))).slice(0, 30).join(", ");
          return { error: `${what} has no option ${JSON.stringify(w)}. Its options are: ${list}.`, later: true };
        }
        if (match.disabled) return { error: `The option ${JSON.stringify(clean(match.text, 60))} of ${what} is disabled.` };
        matches.push(match);
      }
      const before = el.selectedOptions[0];
      if (el.multiple) {
        for (const o of options) o.selected = matches.includes(o);
      } else {
        el.value = matches[0].value;
        matches[0].selected = true;
      }
      fire(el, el.value);
      const chosen = matches.map((o) => clean(o.label || o.text, 80)).join(", ");
      // (A page that answers the change by choosing another option, its old one or its own.)
      // (Compared by value and words: a page may draw its options anew for the change.)
      const now = el.selectedOptions[0];
      const same = (a, b) => !!a && !!b && a.value === b.value && (a.label || a.text) === (b.label || b.text);
      if (!el.multiple && !same(now, matches[0])) {
        const shows = now ? JSON.stringify(clean(now.label || now.text, 80)) : "no option";
        return { ok: true, value: now ? clean(now.label || now.text, 80) : "", note: same(now, before) ? `the page put back its choice: it shows ${shows}` : `the page chose another option: it shows ${shows}` };
      }
      return el.multiple ? { ok: true, value: chosen, note: `it takes several choices, and now has ${chosen} selected (give every choice, comma-separated, to change them)` } : { ok: true, value: chosen };
    }
    const role = el.getAttribute("role");
    if (role === "slider" || role === "spinbutton") {
      // Moved with its keys, as a person moves it (see rangeFocus): it needs a number inside
      // its range, and a value it says.
      const now = rangeValue(el);
      if (now === null) return { error: `${what} is a ${role} the page draws itself and says no value of its own (aria-valuenow), so it cannot be set: click it, then press ${role === "spinbutton" ? "ArrowUp or ArrowDown" : "ArrowRight or ArrowLeft"} (key, with repeat), Home or End until it shows the value wanted.` };
      if (el.getAttribute("aria-disabled") === "true") return { error: `${what} is disabled, so its value cannot be set.`, later: true };
      const want = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : NaN;
      if (!Number.isFinite(want)) return { error: `${what} is a ${role}: give it a number.` };
      const min = Number.parseFloat(el.getAttribute("aria-valuemin") ?? ""), max = Number.parseFloat(el.getAttribute("aria-valuemax") ?? "");
      if ((Number.isFinite(min) && want < min) || (Number.isFinite(max) && want > max)) return { error: `${what} goes from ${min} to ${max}; ${want} is outside that.` };
      return { keyed: true, spin: role === "spinbutton", vertical: el.getAttribute("aria-orientation") === "vertical", want, now, min: Number.isFinite(min) ? min : null, max: Number.isFinite(max) ? max : null };
    }
    // A rich-text editor (ProseMirror, Quill, CodeMirror 6, Lexical…) keeps its own model of
    // the text and redraws it: text set into its DOM is undone or misread. It takes text as a
    // person gives it, so the core types it (see editableFocus).
    if (el.isContentEditable) {
      if (typeof value === "boolean") return { error: `${what} takes text, not true/false.` };
      return { editor: true, editable: true };
    }
    // A combobox that is no field, a box that opens its list when pressed (Material UI's and
    // Radix's Select, Headless UI's Listbox), is set as a person sets it: the core clicks it
    // open unless it is, then clicks the option named.
    // (So is the button of a web component that holds the options it lists: Spectrum's
    // sp-picker.)
    const holdsOptions = el.hasAttribute("aria-haspopup") && !!el.getRootNode().host?.querySelector(":scope > [role=option]");
    if (roleOf(el) === "combobox" || el.getAttribute("aria-haspopup") === "listbox" || holdsOptions) {
      if (typeof value !== "string" && typeof value !== "number") return { error: `${what} is a list to choose from: give the words of the option to choose.` };
      if (el.getAttribute("aria-disabled") === "true") return { error: `${what} is disabled, so its value cannot be set.`, later: true };
      // (Open when it says so, or, saying nothing, when the list it names is shown.)
      const expanded = el.getAttribute("aria-expanded");
      const open = expanded === "true" || (expanded == null && comboLists(el).some((l) => !hiddenReason(l, l.getBoundingClientRect())));
      return { ok: true, combobox: true, drawn: true, opens: !open };
    }
    // A box to tick or switch that the page draws (role checkbox, switch or radio, saying its
    // state with aria-checked) is set as a person sets it: the core clicks it when it is not as
    // asked.
    if (TOGGLE_ROLES.has(role) && el.hasAttribute("aria-checked")) {
      const b = asBool(value);
      const kind = role === "radio" ? "radio button" : role;
      if (b === null) return { error: `${what} is a ${kind}: pass true or false.` };
      const said = el.getAttribute("aria-checked");
      const now = said === "true";
      if (role === "radio" && !b && now) return { error: `${what} is a radio button: it is cleared by choosing another one of its group.` };
      if (el.getAttribute("aria-disabled") === "true") return { error: `${what} is disabled, so it cannot be set.`, later: true };
      // (A box that is partly checked, "mixed", is neither: it is clicked.)
      return now === b && said !== "mixed" ? { ok: true, value: String(now) } : { toggles: true, to: b, what };
    }
    // (A web component may be a control by its ElementInternals, which only the browser tells:
    // the core asks it.)
    return { error: `${what} is not a form control (input, textarea, select or contenteditable). Use left_click, or type after clicking it.`, internals: el.localName.includes("-") && el === found };
  }
  // Whether a box the page draws says it is checked as wanted, waiting up to `ms` for the page
  // to say so (a component draws its new state a frame after the click).
  function checkedAs(ref, want, ms) {
    const el = resolveEl(ref);
    if (!el) return "stale";
    const field = fieldFor(el);
    const until = performance.now() + ms;
    return new Promise((resolve) => {
      const look = () => {
        // (A box the page drew anew for the click says nothing of the new one.)
        if (!field.isConnected) return resolve("unknown");
        const now = field.getAttribute("aria-checked") === "true";
        if (now === want || performance.now() >= until) return resolve(now);
        setTimeout(look, 20);
      };
      look();
    });
  }

  // Whether a ref is a file input that can take `count` files.
  // The file input an element leads to: itself, the one a label is for, or the only one inside
  // it (styled upload buttons often hide theirs).
  function fileInputOf(el) {
    if (isFileInput(el)) return el;
    if (el.localName === "label" && isFileInput(el.control)) return el.control;
    const inside = [...el.querySelectorAll("input")].filter(isFileInput);
    return inside.length === 1 ? inside[0] : null;
  }
  // Whether files can be set through a ref: `none` when it leads to no file input (clicking it
  // may still open a chooser).
  function fileInput(ref, count) {
    const el = resolveEl(ref);
    if (!el) return { error: "stale" };
    const input = fileInputOf(el);
    if (!input) return { none: true, what: describe(el), opens: opensChooser(el) };
    const what = describe(input);
    if (input.disabled) return { error: `${what} is disabled.` };
    if (count > 1 && !input.multiple) return { error: `${what} takes one file, and ${count} were given.` };
    return { ok: true };
  }
  // Whether a click on an element that holds no file input likely opens one's chooser: the page
  // has a file input to open (Dropzone keeps its hidden one at the end of the body), and the
  // element says it takes files ("Drop files here to upload", a "Browse" button, a class such as
  // `dropzone`). Only then does file_upload click it: a click elsewhere could do anything.
  // (Words that begin so: "dropzone", "Uploader", never "Profile"; a link or a submit button
  // goes elsewhere whatever it says.)
  const TAKES_FILES = /(^|[^a-z])(upload|drop|browse|choose|attach|files?([^a-z]|$))/i;
  function opensChooser(el) {
    if (el.closest("a[href]") || el.matches("[type=submit]") || (el.localName === "button" && !el.hasAttribute("type") && el.form)) return false;
    const inputs = [...el.getRootNode().querySelectorAll("input")].filter((i) => isFileInput(i) && !i.disabled);
    const said = [el.textContent, el.getAttribute("aria-label"), el.getAttribute("title"), el.id, typeof el.className === "string" ? el.className : ""].join(" ");
    return inputs.length > 0 && TAKES_FILES.test(said.slice(0, 500));
  }
  // A ref for an element the core found by other means (the file input a chooser was for), with
  // what it is.
  function handOut(el, next) {
    const counter = { next };
    const r = ensureRef(el, counter);
    const role = roleOf(el) || "generic";
    const name = nameOf(el, role) || "";
    return { ref: r, next: counter.next, role, name, what: `${name ? `"${name.replace(/"/g, "'")}" ` : ""}(ref_${r})` };
  }
  function fileInputEl(ref) {
    const el = resolveEl(ref);
    return el ? fileInputOf(el) : null;
  }


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
    const part = (tag, cls, parent, text) => {
      const el = document.createElement(tag);
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
    dragStarts = 0;
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
    if (!presses || released() || releasedSeq >= seq) return answerInput(x, y, describeIt, overlay, presses && button === 0, next, aimed);
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
      upWaiter = () => { if (released()) { upWaiter = null; setTimeout(go, 0); } };
      releaseWaiter = (s) => { if (s >= seq) go(); };
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
    let what = !describeIt ? null : pressed ? describe(press.el) : describeAt(x, y).what;
    // A control the page disabled took the click and did nothing with it.
    if (what && primary) {
      if (atPoint?.closest?.("button, input, select, textarea, option, optgroup")?.matches(":disabled")) what += ", which is disabled, so the click did nothing";
    }
    let astray = null;
    try {
      const target = reached && aimed != null ? resolveEl(aimed) : null;
      if (target && reached.isConnected && !pressReaches(target, target.getBoundingClientRect())(reached)) {
        // (A press on another part of the control the element is in is a press on it: a link's
        // overlay shown on hover over its picture.)
        const control = (n) => n.closest?.(`${CONTROLS},label,[onclick]`) || null;
        const own = control(target);
        if (!own || own !== control(reached)) astray = describe(reached);
      }
    } catch {}
    // A drop-down list the press opened: its options show in a list of the browser's own,
    // which no screenshot holds.
    let dropdown = null;
    try {
      const select = primary && reached?.closest?.("select");
      if (select && !select.multiple && select.size <= 1 && !select.disabled) dropdown = describe(select);
    } catch {}
    // A press the guard stopped (see guardPress): nothing else is told.
    const blocked = guarded?.blocked;
    guarded = null;
    if (blocked) return { blocked };
    // What the page's alerts and statuses announced in answer (a form's checks of its own).
    const said = liveSaid();
    // The core waits for the browser's word on a file chooser only when one was asked for.
    return chooser || stopped || astray || dropdown || said || download ? { what, chooser, input, invalid: stopped, astray, dropdown, said, download } : what;
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

  // The page's visible text: the main or article content first, then the rest of the page with
  // navigation, banners and footers left out. Hidden text never appears.
  const pageText = pinningExtents(pageTextNow);
  function pageTextNow(max) {
    const body = document.body || document.documentElement;
    editorBoxes = null;
    const main =
      body.querySelector("main, [role=main]") ||
      [...body.querySelectorAll("article")].sort((a, b) => b.textContent.length - a.textContent.length)[0] ||
      null;
    // The page's own frame: navigation, search, a closed dialog, and its footer, which is a
    // <footer> of the page itself only (one inside a section or an article is that part's own:
    // a to-do app's count of items left and its filters, as is one a component holds in its
    // shadow root).
    const chrome = "nav, [role=navigation], [role=contentinfo], [role=search], dialog:not([open])";
    const pageFooter = (el) => el.localName === "footer" && el.getRootNode() === el.ownerDocument && !el.parentElement?.closest("article, aside, main, nav, section, [role=article], [role=complementary], [role=main], [role=navigation], [role=region]");
    const parts = [];
    // The walk stops well past what can be returned (tidying takes characters out); the rest of
    // a long page is then counted as the browser lays it out, which is all the count is for.
    const budget = 2 * max + 1000;
    if (main) parts.push(visibleText(main, null, budget));
    const rest = parts[0]?.length > budget ? "" : visibleText(body, (el) => el === main || ((el.matches(chrome) || pageFooter(el)) && !el.contains(main) && !(main && main.contains(el))), budget - (parts[0]?.length || 0));
    if (rest.trim()) parts.push(rest);
    let text = parts.map((p) => p.replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim()).filter(Boolean).join("\n\n");
    const walked = parts.reduce((n, p) => n + p.length, 0);
    const cut = text.length > max || walked > budget;
    if (text.length > max) text = text.slice(0, max);
    const total = walked > budget ? Math.max(walked, (body.innerText || body.textContent || "").length) : walked;
    return { text, cut, total, url: location.href, pdf: isPdf(), unasked: unaskedHosts(1, closedFound > 0).length > 0 };
  }

  // What of its text's white space a box keeps, by its white-space-collapse (see visibleText).
  const KEPT_SPACE = { preserve: "all", "break-spaces": "all", "preserve-breaks": "lines" };

  // The visible text under root, to a little past `budget` characters.
  function visibleText(root, skip, budget = Infinity) {
    // The text so far, as pieces, with its length and last character. (Asking the growing
    // string itself for its end made the browser copy it each time: quadratic on a long page.)
    const out = [];
    let length = 0, last = "";
    const add = (t) => {
      if (!t) return;
      out.push(t);
      length += t.length;
      last = t[t.length - 1];
    };
    const spaced = () => /\s/.test(last);
    let inEditor = false;
    // How the text in hand keeps its white space, as its box lays it out: "" collapses it (the
    // usual), "lines" keeps its line breaks (pre-line), "all" keeps spaces and breaks too (a
    // <pre>, a code sample whose highlighted spans sit between text nodes of line breaks).
    let kept = "";
    // Whether the box in hand draws its own words without ink (see inkless).
    let bare = false;
    // open: under a box too small to hold its content, where each text node is judged by itself.
    // cell: inside a table's cell, whose text stays on its row's line.
    const walk = (node, open, level = 0, cell = false) => {
      // Nesting past what one walk follows (the browser's own stack would overflow first) is
      // walked afresh once this walk is done, its text then after the rest.
      if (length > budget) return;
      if (level > 4 * MAX_NESTING) {
        // (The box that holds it, walked again whole, once: its white space and ink are read
        // from its own style, and its other children come with it.)
        const box = node.parentElement || node;
        if (box && deeper.length < 20 && !deeper.includes(box)) deeper.push(box);
        return;
      }
      // (3 and 1 are Node.TEXT_NODE and Node.ELEMENT_NODE, whose lookup on the global object cost
      // a few percent of a long page's walk.)
      const type = node.nodeType;
      if (type === 3) {
        // (Asked only of boxes that hold words of their own.)
        if (bare === undefined) bare = !!node.parentElement && inkless(node.parentElement);
        if (bare) return;
        if (kept) {
          const t = kept === "all" ? node.data.replace(/\r\n?/g, "\n") : node.data.replace(/[^\S\n]+/g, " ").replace(/ ?\n ?/g, "\n");
          if (t.trim() && open && !textShown(node)) return;
          add(last === "\n" && kept === "lines" ? t.replace(/^ /, "") : t);
          return;
        }
        const t = node.data.replace(/\s+/g, " ");
        if (t.trim() && open && !textShown(node)) return;
        if (t.trim()) add(!last || spaced() ? t.replace(/^ /, "") : t);
        else if (t && last && !spaced()) add(" ");
        return;
      }
      if (type !== 1) return;
      const el = node, tag = el.localName;
      if (SKIP_TAGS.has(el.tagName) || el === overlayHost) return;
      // Inside a code editor's box the lines it draws are its text, though it may hide them from
      // screen readers (Monaco does); its line numbers and the field it keeps out of sight are not.
      if (ariaHidden(el) && !(inEditor && /[^\d\s]/.test(el.textContent))) return;
      if (inEditor && tag === "textarea") return;
      if (skip && skip(el)) return;
      const style = getComputedStyle(el);
      // (Read once: each read of a computed style's property costs as much as the first.)
      const ownDisplay = style.display;
      const boxless = tag === "slot" || ownDisplay === "contents";
      const hidden = boxless ? null : hiddenReason(el, el.getBoundingClientRect(), style);
      if (hidden && hidden !== "open") {
        if (hidden === "hidden") for (const d of shownInside(el, style)) walk(d, open, level + 1, cell);
        return;
      }
      // A box of its own holds its text; one without a box leaves it to its parent's.
      const inner = boxless ? open : hidden === "open";
      // Boxes laid out as blocks (an option of a list box, a span shown as a block) stand on
      // their own lines; inline boxes (chips, buttons) apart from their neighbours.
      const display = boxless ? "contents" : ownDisplay;
      // A table's cells share their row's line, each followed by a tab (as the browser copies a
      // table), and what a cell holds stays on that line.
      const isCell = display === "table-cell" || (boxless && (tag === "td" || tag === "th"));
      const laidOut = !isCell && (LINE_TAGS.has(tag) || BLOCK_DISPLAY.test(display));
      // A table inside a cell (a page laid out with tables) has rows of its own.
      const table = display === "table" || (boxless && tag === "table");
      const block = laidOut && (!cell || table);
      const apart = !isCell && !block && display !== "inline" && display !== "contents";
      if (block && last && last !== "\n") add("\n");
      if (apart && last && !spaced()) add(" ");
      if (tag === "img" && el.getAttribute("alt")) add(`[image: ${clean(el.getAttribute("alt"), 100)}]`);
      // What a field holds now, as a person sees it (never a password).
      const inputType = tag === "input" ? (el.getAttribute("type") || "").toLowerCase() : null;
      if (inputType != null && ["text", "search", "email", "tel", "url", "number", "date", "time", "datetime-local", "month", "week", "range", "color", ""].includes(inputType) && el.value) {
        add(`[${clean(el.value, 100)}]`);
      }
      // A box to tick shows whether it is ticked: [x] or [ ], a radio button (x) or ( ).
      if (inputType === "checkbox") add(el.indeterminate ? "[-] " : el.checked ? "[x] " : "[ ] ");
      if (inputType === "radio") add(el.checked ? "(x) " : "( ) ");
      // A list that shows its options marks those chosen.
      if (tag === "option" && el.selected) {
        const list = el.closest("select");
        if (list && (list.multiple || list.size > 1)) add("[x] ");
      }
      if (tag === "textarea") {
        if (el.value) add(`[${clean(el.value, 300)}]`);
        if (last !== "\n") add("\n");
        return;
      }
      // A closed drop-down shows its chosen option; its other options are not on the page.
      if (tag === "select" && !el.multiple && el.size <= 1) {
        const chosen = el.selectedOptions[0];
        if (chosen) add(`[${clean(chosen.label || chosen.text, 100)}] `);
        return;
      }
      const editor = !inEditor && !!editorFieldOf(el);
      if (editor) inEditor = true;
      const inCell = !table && (cell || isCell);
      const around = kept, aroundBare = bare;
      kept = KEPT_SPACE[style.whiteSpaceCollapse] || "";
      bare = undefined;
      // (A style sheet strikes a price through as often as <s> does; the style is read only for
      // inline boxes, where prices and such words are.)
      const struck = (STRUCK_TAGS.has(tag) || (display === "inline" && style.textDecorationLine.includes("line-through"))) && !!el.textContent.trim();
      if (struck) add(last && !spaced() ? " ~~" : "~~");
      eachDrawnKid(el, (c) => walk(c, inner, level + 1, inCell));
      if (struck) add("~~");
      kept = around;
      bare = aroundBare;
      if (editor) inEditor = false;
      // (A frame's page that breaks the walk loses only its own text.)
      try {
        const doc = frameDoc(el);
        if (doc?.body) walk(doc.body, false);
      } catch {}
      if (block && last !== "\n") add("\n");
      if (apart && last && !spaced()) add(" ");
      if (isCell) {
        // A cell's trailing space gives way to its tab; an empty cell keeps its column.
        if (last === " ") {
          const piece = out.pop().slice(0, -1);
          length -= 1;
          if (piece) out.push(piece);
          const before = out[out.length - 1];
          last = before ? before[before.length - 1] : "";
        }
        add("\t");
      }
    };
    const deeper = [];
    walk(root, false);
    for (let i = 0; i < deeper.length && length <= budget; i++) {
      if (last && last !== "\n") add("\n");
      walk(deeper[i], false);
    }
    return out.join("");
  }

  // The value a slider or spin button the page draws says it has, or null.
  function rangeValue(el) {
    const v = Number.parseFloat(el.getAttribute("aria-valuenow") ?? "");
    return Number.isFinite(v) ? v : null;
  }
  // Before a drawn slider or spin button is moved with keys: it has the keyboard focus.
  function rangeFocus(ref) {
    const el = resolveEl(ref);
    if (!el) return { error: "stale" };
    el.focus();
    return { focused: holdsFocus(el), now: rangeValue(el) };
  }
  // Whether the keyboard focus is on `el` (or where `isIt` says is as good): in the page, or in
  // the element's own document or shadow root while that document has the focus (a frame's body
  // is where the focus ends for the document around it).
  function holdsFocus(el, isIt = (a) => a === el) {
    return isIt(deepActiveElement()) || (isIt(el.getRootNode().activeElement) && el.ownerDocument.hasFocus());
  }
  // The value it says after keys, once it changed from `before` and held for a frame (a slider
  // may ease or take its keys a frame at a time), or as it is after `ms`.
  function rangeNow(ref, before, ms = 300) {
    const until = performance.now() + ms;
    return new Promise((resolve) => {
      let last = null;
      const check = () => {
        const el = resolveEl(ref);
        const now = el ? rangeValue(el) : null;
        if (now === null || (now !== before && now === last) || performance.now() > until) return resolve(now);
        last = now;
        next();
      };
      // (A hidden tab draws no frames.)
      const next = () => (document.hidden ? setTimeout(check, 20) : requestAnimationFrame(check));
      next();
    });
  }
  // The editing host a contenteditable element is part of.
  function editingHost(el) {
    let host = el;
    while (host.parentElement?.isContentEditable) host = host.parentElement;
    return host;
  }
  // Before text is typed into a contenteditable ref: its editing host has the focus (scrolled
  // into view, as a click would), and, when the ref is a part of it (a paragraph), that part's
  // words are selected to be typed over. The whole host is selected by the core with the keys
  // that select all, the editor's own command (a code editor draws only the lines in view).
  function editableFocus(ref) {
    const found = resolveEl(ref);
    if (!found) return { error: "stale" };
    const el = editableFrameBody(found) || found;
    if (!el.isContentEditable) return { focused: false };
    const host = editingHost(el);
    host.focus();
    // (Within the host only where it is editable: not a field an editor holds.)
    if (!holdsFocus(host, (a) => a === host || (!!a?.isContentEditable && editingHost(a) === host))) return { focused: false };
    if (el === host) return { focused: true, part: false };
    const root = el.getRootNode();
    (root.getSelection ? root.getSelection() : el.ownerDocument.getSelection()).selectAllChildren(el);
    // (An editor learns of the selection from its selectionchange event, a task later.)
    return new Promise((resolve) => {
      const done = () => resolve({ focused: true, part: true });
      el.ownerDocument.addEventListener("selectionchange", () => setTimeout(done, 0), { once: true });
      setTimeout(done, 50);
    });
  }
  // After typing into a contenteditable ref: whether its editing host shows the words typed (a
  // page may format or refuse them), and what it shows.
  function editableHolds(ref, want) {
    const found = resolveEl(ref);
    if (!found) return null;
    const el = editableFrameBody(found) || found;
    const host = el.isConnected ? editingHost(el) : null;
    if (!host) return null;
    const norm = (t) => t.replace(/\s+/g, " ").trim();
    return { holds: norm(host.innerText).includes(norm(String(want))), shows: clean(host.innerText, 160) };
  }
  // Hands `text` to the focused field as a paste does, and says whether the page took it (a
  // code editor handles the paste itself). An editor takes a pasted block as it is, where typed
  // lines get its indentation and its closing brackets (Monaco indents each typed line again).
  function pasteText(text) {
    const el = deepActiveElement();
    if (!el) return false;
    const data = new DataTransfer();
    data.setData("text/plain", text);
    const paste = new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true, composed: true });
    el.dispatchEvent(paste);
    return paste.defaultPrevented;
  }
  // Whether the click on a code editor's box gave its field the focus: at once, or within
  // `ms` (Ace moves the focus in a task of its own after the press).
  function editorFocused(ref, ms = 500) {
    const box = resolveEl(ref);
    editorBoxes = null;
    const field = box && editorFieldOf(box);
    if (!field) return false;
    const until = performance.now() + ms;
    return new Promise((resolve) => {
      const check = () => {
        if (deepActiveElement() === field) resolve(true);
        else if (performance.now() > until) resolve(false);
        else setTimeout(check, 10);
      };
      check();
    });
  }

  globalThis.__tabwright = { frameAt, checkedAs, chooserToldSince, dragAnswered, pointerRested, pasteText, rangeFocus, rangeNow, editableFocus, editableHolds, editorFocused, animationsEnd, drawnAfterInput, quiet, closedCandidates, adoptRoot, pointerAt, afterInput, afterKeys, pressDone, takeDragStarts, firstContent, listenerRoots, markListeners, markPlaces, takeToldHandlers, comboOptions, describeRef, describeRefNamed, describeFocus, focusHolder, focusMoved, takeInvalid, wheelAt, describeControl, inputStart, inputEnd, showOverlay, hideOverlay, markPointer, highlight, pageText, pointFor, describeAt, setValue, fileInput, fileInputEl, handOut, collect, resolveEl, suggest, scrollTo, subtreeText, hiddenReason, roleOf, nameOf, clean };
})();
