// Run by the core only when Chrome refused it the debugger because a frame of the tab is at an
// about: address with a fragment or a query (about:blank#x, which a page gets by setting an empty
// frame's location.hash; about:blank?q=1, where a form in a frame sent itself to about:blank).
// Chrome lets extensions debug bare about:blank and about:srcdoc alone, so such a frame would shut
// Claude out of the whole tab. Each one this frame reaches (itself and its same-origin
// descendants) goes back to its bare address: in place when only the fragment differs (its
// document, content and history state stay; the fragment itself is dropped, which a page that
// keeps state in it would see), and otherwise by loading about:blank into it, but only when its
// document is empty, so nothing the page wrote there is lost. The addresses mended (or being
// mended) are the script's value.
(() => {
  const mended = [];
  // The documents about:blank is on its way to replace, kept across runs (this world lasts as
  // long as its page).
  const reloading = (globalThis.__tabwrightReloading ??= new WeakSet());
  // Nothing the page put there: no element but an empty head and body, no words, no shadow root.
  const empty = (doc) => {
    const root = doc.documentElement;
    if (!root) return true;
    const { head, body } = doc;
    return root.childElementCount <= 2 && (!head || head.childElementCount === 0) && (!body || (body.childElementCount === 0 && !body.textContent.trim() && !body.shadowRoot));
  };
  const visit = (win, depth) => {
    let href;
    try {
      href = String(win.location.href);
    } catch {
      return; // another site's frame: the script runs there itself
    }
    const bare = /^(about:(?:blank|srcdoc))[?#]/is.exec(href);
    if (bare) {
      // (As written: a path differing in case is another address to replaceState.)
      const to = bare[1];
      try {
        win.history.replaceState(win.history.state, "", to);
        mended.push(href);
      } catch {
        // Once: a run a moment later, before about:blank has replaced it, leaves it loading
        // (and says so, as it is still being mended).
        if (empty(win.document) && /^about:blank$/i.test(to)) {
          if (!reloading.has(win.document)) win.location.replace("about:blank");
          reloading.add(win.document);
          mended.push(href);
        }
      }
    }
    if (depth < 20) for (let i = 0; i < win.frames.length; i++) visit(win.frames[i], depth + 1);
  };
  visit(window, 0);
  return mended;
})();
