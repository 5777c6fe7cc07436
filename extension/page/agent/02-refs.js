  // Refs and what the page changes: the ref registry, runs of changes, title floods, shadow roots
  // and the handlers the core found for elements.

  const byRef = new Map();
  // An element the page dropped and the browser collected takes its ref's entry with it.
  const collected = new FinalizationRegistry((r) => {
    byRef.delete(r);
    readAs.delete(r);
  });
  // What each control's ref was when a read or find last gave it to Claude: [role, the line's
  // name, its name as nameOf gave it, the words it showed when those named it (or null), its
  // states as the page says them, the words of the list's row it is in (or null)].
  const readAs = new Map();
  const STATE_ATTRS = ["aria-pressed", "aria-expanded", "aria-checked", "aria-selected"];
  const statesSaid = (el) => STATE_ATTRS.map((a) => el.getAttribute(a)).join();
  // A control in a list's row that shows another row than it did when read: a list that sorted
  // its rows again, or a virtual list that reused the element for another row, keeps the
  // element and its ref, so a press would reach another row than the one Claude chose. What it
  // is now, said for an error, or null. Not a control whose state the page changed (Follow,
  // Following), whose words grew or shrank (a count after them), nor one outside a list's rows
  // (a cart's count in a header); a ref refused once acts when passed again, whatever it says
  // then (a timer's words).
  function renamed(ref, el, done) {
    const was = readAs.get(ref);
    if (!was || !el) return null;
    readAs.delete(ref);
    const [role, line, named, words, states, row] = was;
    const name = nameOf(el, role);
    const shows = words == null ? null : clean(subtreeText(el), NAME_MAX + 1);
    const q = (t) => `"${t.replace(/"/g, "'")}"`;
    if (name === named && shows === words) {
      // Named alike in every row (each row's "Edit"): the row it is in tells which. (Its
      // numbers aside: a row's count or price may change with no other row taking its place.)
      const rowNow = row == null ? null : rowWords(el);
      if (row == null || rowNow == null || sansDigits(rowNow) === sansDigits(row) || statesSaid(el) !== states) return null;
      return `${role} ${q(line)} (ref_${ref}) is now in a row that reads ${q(rowNow)}, not ${q(row)} as read: the page put another row where it was (a list that sorted its rows again, or reused them for others), so it was not ${done}. If that row is the one wanted, pass ref_${ref} again; otherwise read the page again for the one wanted.`;
    }
    const now = name || shows || "";
    const before = named || words || "";
    // (One that shows no words now tells of no other row: a menu still drawing what it slots in.)
    if (!now || statesSaid(el) !== states || grew(now, before) || grew(before, now) || !inRows(el)) return null;
    return `${role} ${q(line)} (ref_${ref}) now reads ${role} ${q(now)}: the page changed what this element shows since it was read (a list that sorted its rows again, or reused them for other rows), so it was not ${done}. If ${q(now)} is the one wanted, pass ref_${ref} again; otherwise read the page again for the one wanted.`;
  }
  // The first words of the list item or table row an element is in (what names the row: a
  // person's name, a file's, a subject; not its status further on, which a press may change),
  // or null.
  const ROWS = "li, tr, [role=row], [role=listitem], [role=option], [role=treeitem], article, [role=article]";
  function rowWords(el) {
    const row = el.closest(ROWS);
    // (Its parts apart: a table's cells hold no spaces between them.)
    return row ? clean([...row.childNodes].map((n) => n.textContent).join(" "), 40) : null;
  }
  const sansDigits = (t) => t.replace(/[\d.,]+/g, "#");
  // Whether words are others with more words before or after them ("Cart (1)" of "Cart"; not
  // "Contact 13" of "Contact 1").
  const grew = (a, b) => a !== b && ((a.startsWith(b) && /^[^\p{L}\p{N}]/u.test(a.slice(b.length))) || (a.endsWith(b) && /[^\p{L}\p{N}]$/u.test(a.slice(0, a.length - b.length))));
  // Whether an element is in a row of a list or table: inside a list item, a table's row, an
  // option, or in a box that has two or more like it beside it (a virtual list's rows of
  // <div>s, a grid of cards).
  function inRows(el) {
    if (el.closest(ROWS)) return true;
    // (Boxes around it: the element's own neighbours are a toolbar's buttons, no rows.)
    for (let a = el.parentElement, i = 0; a?.parentElement && a !== document.body && i < 5; a = a.parentElement, i++) {
      let like = 0;
      for (const s of a.parentElement.children) if (s !== a && s.tagName === a.tagName && s.className === a.className && ++like >= 2) return true;
    }
    return false;
  }
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
  // Fields the page marked invalid (aria-invalid="true"), and when: a form's own checks, in
  // answer to a press on its button (see answerInput).
  let markedInvalid = [];
  addEventListener("pointerdown", (e) => { if (e.isTrusted) markedInvalid = []; }, true);
  new MutationObserver((records) => {
    for (const r of records) if (r.attributeName === "aria-invalid" && r.target.getAttribute("aria-invalid") === "true" && markedInvalid.length < 20) markedInvalid.push([r.target, performance.now()]);
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
  // time for anything else: the core is told (a quarter second of them is enough), and takes the
  // tab out of the "Claude" group until a whole second passes with few titles.
  const TITLES_PER_S = 200;
  // The page's own document.title sets then go on to the browser a quarter second apart, the
  // last one always, and the page reads back what it set: at once, from here, in the page's own
  // world (the core does it again through the browser, where the page's rules forbid a script
  // of its own, later: the browser is by then behind with the page's titles).
  function calmTitles() {
    try {
      const s = document.createElement("script");
      s.textContent = "(() => { const d = Object.getOwnPropertyDescriptor(Document.prototype, 'title'); let w, t = 0; Object.defineProperty(document, 'title', { configurable: true, get() { return t ? w : d.get.call(this); }, set(v) { w = String(v); t ||= setTimeout(() => { t = 0; d.set.call(document, w); }, 250); } }); })()";
      (document.head || document.documentElement).append(s);
      s.remove();
    } catch {}
  }
  let titles = 0, titlesFrom = 0, titleFlood = null;
  function noteTitles(records) {
    for (const r of records) if (r.target.nodeName === "TITLE" || r.target.parentNode?.nodeName === "TITLE") titles++;
    const now = performance.now();
    if (now - titlesFrom < 250) return;
    // (A quarter second of titles no typing makes: a page that writes a field into its title
    // as it is typed gets some 200.)
    if (titles > 500 && !titleFlood) {
      calmTitles();
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
