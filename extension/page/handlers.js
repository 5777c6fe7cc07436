// Run in the page's own world by the core (listeners.rs), where frameworks keep the handlers
// they call for an element from one listener on a container: React's props, Svelte's and
// Solid's delegated handlers, jQuery's delegated selectors. DevTools sees only that container's
// listener, and the page agent's world cannot see these properties, so each element found is
// told to the agent by an event on it (events reach every world), and so is each container whose
// listener serves them. Same-origin frames are looked into as well. Answers how many were told,
// and how many elements it looked at.
// Nothing of the page is changed; a page that breaks what is called here only hides its
// handlers.
(() => {
  // The most elements looked at, and told, in one pass (same-origin frames included).
  const LOOKED = 20000;
  const TOLD = 1500;
  const found = new Set();
  // The elements whose one listener serves the others (a React root, an element jQuery's
  // delegated handlers are bound on): not something to click themselves.
  const serving = new Set();
  const add = (el) => {
    if (found.size < TOLD && el && el.nodeType === 1) found.add(el);
  };
  let looked = 0;
  // Frames are looked into only while the look is quick (the core cuts it off at 150 ms, and
  // what was found by then would be lost).
  const clock = () => {
    try {
      return performance.now();
    } catch {
      return 0;
    }
  };
  const until = clock() + 80;
  const ownKeys = (node) => {
    try {
      return Object.keys(node);
    } catch {
      return [];
    }
  };
  const ACTIONS = ["click", "dblclick", "auxclick", "contextmenu", "mousedown", "mouseup", "pointerdown", "pointerup", "keydown", "keyup", "keypress", "touchstart", "touchend"];
  // Own properties only, read without calling a getter: a property the page defines on a
  // prototype is not a framework's handler.
  const ownFunction = (el, key) => {
    const d = Object.getOwnPropertyDescriptor(el, key);
    return !!d && typeof d.value === "function";
  };
  const own = (el, prefix) => ACTIONS.some((a) => ownFunction(el, prefix + a));
  const REACT = ["onClick", "onClickCapture", "onDoubleClick", "onAuxClick", "onContextMenu", "onMouseDown", "onMouseUp", "onPointerDown", "onPointerUp", "onKeyDown", "onKeyUp", "onKeyPress", "onTouchStart", "onTouchEnd"];
  const svelteEvents = (el) => {
    for (const sym of Object.getOwnPropertySymbols(el)) {
      if (sym.description !== "events") continue;
      const d = Object.getOwnPropertyDescriptor(el, sym);
      const events = d && d.value;
      if (events && typeof events === "object" && ACTIONS.some((a) => ownFunction(events, a))) return true;
    }
    return false;
  };

  // One document, with the globals of its own window; then its same-origin frames, each after
  // an event on its frame element that has the agent hear that frame's document too.
  const look = (document, window, depth) => {
    const all = document.getElementsByTagName("*");
    const count = Math.min(all.length, LOOKED - looked);
    looked += count;

    // React keeps each element's props under `__reactProps$<id>` (`__reactEventHandlers$<id>`
    // before 17); its roots are marked `__reactContainer$<id>` or `_reactRootContainer`, at the
    // document itself when a server-rendered page is hydrated.
    const reactRoots = () => {
      const near = [document, document.documentElement, document.body];
      const body = document.body;
      if (body) {
        // The body's elements down to a few levels: roots sit near the top.
        const walk = document.createTreeWalker(body, NodeFilter.SHOW_ELEMENT);
        for (let n = walk.nextNode(), seen = 0; n && seen < 400; n = walk.nextNode(), seen++) {
          let level = 0;
          for (let p = n.parentElement; p && p !== body && level < 5; p = p.parentElement) level++;
          if (level < 5) near.push(n);
        }
      }
      return near.filter((n) => n && ownKeys(n).some((k) => k.startsWith("__reactContainer$") || k === "_reactRootContainer"));
    };
    const reactKey = () => {
      const roots = reactRoots();
      if (!roots.length) return null;
      for (const root of roots) serving.add(root);
      for (let i = 0; i < count; i++) {
        const k = ownKeys(all[i]).find((k) => k.startsWith("__reactProps$") || k.startsWith("__reactEventHandlers$"));
        if (k) return k;
      }
      return null;
    };
    const props = reactKey();
    // Svelte 5 keeps an element's delegated handlers in an object under its own symbol
    // `Symbol(events)` (`__click` before 5.x's later releases); Solid as `$$click`.
    const svelte = !!window.__svelte;
    const solid = !!document._$DX_DELEGATE;
    if (props || svelte || solid) {
      for (let i = 0; i < count && found.size < TOLD; i++) {
        const el = all[i];
        const d = props && Object.getOwnPropertyDescriptor(el, props);
        const p = d && d.value;
        if (p && typeof p === "object" && REACT.some((h) => typeof p[h] === "function")) add(el);
        else if ((svelte && (svelteEvents(el) || own(el, "__"))) || (solid && own(el, "$$"))) add(el);
      }
    }

    // jQuery's handlers bound with a selector (`$(document).on("click", ".item", …)`), kept in
    // its own data for the element they are bound on.
    const $ = window.jQuery;
    if ($ && typeof $.hasData === "function" && typeof $._data === "function" && typeof $.find === "function") {
      const bound = [document];
      for (let i = 0; i < count; i++) if ($.hasData(all[i])) bound.push(all[i]);
      for (const node of bound) {
        if (!$.hasData(node)) continue;
        const events = $._data(node, "events") || {};
        for (const type of ACTIONS) {
          for (const h of events[type] || []) {
            if (!h || typeof h.selector !== "string" || !h.selector) continue;
            serving.add(node);
            try {
              for (const el of $.find(h.selector, node)) add(el);
            } catch {}
          }
        }
      }
    }

    if (depth >= 4) return;
    for (const frame of document.querySelectorAll("iframe, frame")) {
      if (looked >= LOOKED || found.size >= TOLD || clock() > until) return;
      let inner = null, win = null;
      try {
        inner = frame.contentDocument;
        win = frame.contentWindow;
      } catch {}
      if (!inner || !win || !inner.documentElement) continue;
      // A frame whose page breaks what the look calls loses only its own handlers.
      try {
        frame.dispatchEvent(new Event("tabwright-frame"));
        look(inner, win, depth + 1);
      } catch {}
    }
  };
  try {
    look(document, globalThis, 0);
  } catch {}

  const tell = (els, name) => {
    for (const el of els) {
      try {
        if (el.nodeType === 1) el.dispatchEvent(new Event(name));
      } catch {}
    }
  };
  tell(serving, "tabwright-serving");
  tell(found, "tabwright-handler");
  return [found.size + serving.size, looked];
})()
