// Run by the core only when Chrome refused it the debugger because a frame of the tab is at an
// about: address with a fragment or a query (about:blank#x, which a page gets by setting an empty
// frame's location.hash; about:blank?q=1, where a form in a frame sent itself to about:blank).
// Chrome lets extensions debug bare about:blank and about:srcdoc alone, so such a frame would shut
// Claude out of the whole tab. Each one this frame reaches (itself and its same-origin
// descendants) goes back to its bare address: in place when only the fragment differs (its
// document, content and history state stay), and otherwise by loading about:blank into it, but
// only when its document is empty, so nothing the page wrote there is lost. The addresses mended
// are the script's value.
(() => {
  const mended = [];
  const visit = (win, depth) => {
    let href;
    try {
      href = String(win.location.href);
    } catch {
      return; // another site's frame: the script runs there itself
    }
    const bare = /^(about:(?:blank|srcdoc))([?#].*)$/is.exec(href);
    if (bare) {
      const to = bare[1].toLowerCase();
      try {
        win.history.replaceState(win.history.state, "", to);
        mended.push(href);
      } catch {
        const doc = win.document;
        const empty = !doc.body || (doc.body.childElementCount === 0 && !doc.body.textContent.trim());
        if (empty && to === "about:blank") {
          win.location.replace(to);
          mended.push(href);
        }
      }
    }
    if (depth < 20) for (let i = 0; i < win.frames.length; i++) visit(win.frames[i], depth + 1);
  };
  visit(window, 0);
  return mended;
})();
