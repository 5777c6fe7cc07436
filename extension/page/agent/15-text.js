  // get_page_text, and text fields' ranges, editors and pasting.

  // The page's visible text: the main or article content first, then the rest of the page with
  // navigation, banners and footers left out. Hidden text never appears.
  const pageText = pinningExtents(pageTextNow);
  function pageTextNow(max) {
    const body = document.body || document.documentElement;
    if (!body) return { text: "", cut: false, total: 0, url: location.href };
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
    // What of that frame a person sees is named at the end, so Claude knows where to look for
    // it (a footer's address, a pager, the query in a search box).
    const leftOut = new Set();
    const frameOfPage = (el) => {
      if (el === main || !(el.matches(chrome) || pageFooter(el)) || el.contains(main) || (main && main.contains(el))) return el === main;
      if (el.localName !== "dialog" && el.textContent.trim() && !hiddenReason(el, el.getBoundingClientRect())) leftOut.add(el.matches("nav, [role=navigation]") ? "navigation" : el.matches("[role=search]") ? "search" : "footer");
      return true;
    };
    const rest = parts[0]?.length > budget ? "" : visibleText(body, frameOfPage, budget - (parts[0]?.length || 0));
    if (rest.trim()) parts.push(rest);
    let text = parts.map((p) => p.replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim()).filter(Boolean).join("\n\n");
    const walked = parts.reduce((n, p) => n + p.length, 0);
    const cut = text.length > max || walked > budget;
    if (text.length > max) text = text.slice(0, max);
    const total = walked > budget ? Math.max(walked, (body.innerText || body.textContent || "").length) : walked;
    const kinds = [...leftOut];
    const left = kinds.length ? `the page's ${kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} and ${kinds[kinds.length - 1]}` : kinds[0]}` : null;
    return { text, cut, total, url: location.href, pdf: isPdf(), unasked: unaskedHosts(1, closedFound > 0).length > 0, left };
  }

  const FALLBACK_TAGS = new Set(["canvas", "progress", "meter"]);
  const FIELD_TAGS = new Set(["input", "textarea", "select", "img", "br", "hr", "iframe", "frame"]);
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
      // A line break inside a cell, whose words stay on their row's line, parts them.
      if (tag === "br" && cell && last && !spaced()) add(" ");
      // What a field holds now, as a person sees it (never a password).
      const inputType = tag === "input" ? (el.getAttribute("type") || "").toLowerCase() : null;
      if (inputType != null && ["text", "search", "email", "tel", "url", "number", "date", "time", "datetime-local", "month", "week", "range", "color", ""].includes(inputType) && el.value) {
        add(`[${clean(el.value, 100)}]`);
      }
      // A button drawn by an input shows its value, or the browser's own word for it.
      if (inputType === "submit" || inputType === "reset" || inputType === "button") {
        const label = el.hasAttribute("value") ? el.value : inputType === "submit" ? "Submit" : inputType === "reset" ? "Reset" : "";
        if (label.trim()) add(clean(label, 100));
      }
      if (inputType === "image" && el.getAttribute("alt")) add(`[image: ${clean(el.getAttribute("alt"), 100)}]`);
      // A box to tick shows whether it is ticked: [x] or [ ], a radio button (x) or ( ).
      if (inputType === "checkbox") add(el.indeterminate ? "[-] " : el.checked ? "[x] " : "[ ] ");
      if (inputType === "radio") add(el.checked ? "(x) " : "( ) ");
      // A list that shows its options marks those chosen.
      if (tag === "option" && el.selected) {
        const list = el.closest("select");
        if (list && (list.multiple || list.size > 1)) add("[x] ");
      }
      // What a canvas, a progress bar or a meter holds is drawn only where the browser cannot
      // draw them.
      if (FALLBACK_TAGS.has(tag)) return;
      if (tag === "textarea") {
        // (Its lines as typed.)
        if (el.value) add(`[${cleanLines(el.value, 2000)}]`);
        if (last !== "\n") add("\n");
        return;
      }
      // A closed drop-down shows its chosen option; its other options are not on the page.
      if (tag === "select" && !el.multiple && el.size <= 1) {
        const chosen = el.selectedOptions[0];
        if (chosen) add(`[${clean(chosen.label || chosen.text, 100)}] `);
        return;
      }
      // A box with no words of its own shows what its style sheet writes in it (a status's
      // "✔ In stock" drawn by ::before).
      if (!el.firstElementChild && !el.textContent.trim() && !FIELD_TAGS.has(tag)) {
        const drawn = pseudoText(el);
        if (drawn) add(last && !spaced() ? ` ${drawn}` : drawn);
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
  // After typing into a contenteditable ref (a page may format or refuse the words): what its
  // editing host shows, when it is not the text `want` (`otherwise`, worded for
  // Claude); nothing when it is.
  function editableHolds(ref, want) {
    const found = resolveEl(ref);
    if (!found) return null;
    const el = editableFrameBody(found) || found;
    const host = el.isConnected ? editingHost(el) : null;
    if (!host) return null;
    const norm = (t) => t.replace(/[\s\u200b\ufeff]+/g, " ").trim();
    // The whole editor was typed over: it shows the words and no others (a block editor whose
    // select-all takes only the block the caret is in keeps the rest). A part of it: it shows
    // them among the rest.
    const shows = norm(host.innerText), wanted = norm(String(want));
    const among = shows.includes(wanted);
    if (among && shows !== wanted && (found === host || el === host)) {
      // (What is left, around the value, is what the select-all did not take.)
      const rest = shows.replace(wanted, " … ");
      return { otherwise: `and it shows the value, and besides it words the editor kept (the keys that select everything took only part of it): ${JSON.stringify(clean(rest, 160))}. Read it, then remove what is left` };
    }
    return among ? {} : { otherwise: `but it now shows ${JSON.stringify(clean(host.innerText, 160))}: the page changed or refused what was typed` };
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
