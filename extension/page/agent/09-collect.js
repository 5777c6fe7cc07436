  // The read: the walk that collects the page's tree as a flat list of entries.

  // Collects the tree under `root` as a flat list in document order; each entry has a depth.
  // opts: { next, filter: "visible" | "interactive" | "all", maxDepth, rootRef, limit }
  const collect = pinningExtents(collectNow);
  function collectNow(opts) {
    // A document the page emptied of its root element holds nothing to read.
    if (!document.documentElement) return { next: opts.next, nodes: [], dirty: true };
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
    // For find, words longer than a line holds show the part with the words asked for when
    // their start does not (a paragraph whose last sentence is the one wanted): "…" and on.
    const sought = String(opts.query || "").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 3 || (w.length > 1 && /\d/.test(w)));
    const lineText = (s) => {
      // (The first 20,000 characters of a text: a log shown whole is one text of megabytes.)
      const whole = clean(s.slice(0, 20000), Infinity);
      if (whole.length <= TEXT_MAX || !sought.length) return bounded(whole, TEXT_MAX);
      const low = whole.toLowerCase();
      const holds = (from) => sought.filter((w) => { const i = low.indexOf(w, from); return i >= 0 && i + w.length < from + TEXT_MAX - 2; }).length;
      let best = 0, most = holds(0);
      for (const w of sought) {
        for (let i = low.indexOf(w, TEXT_MAX / 2), n = 0; i >= 0 && n < 20; i = low.indexOf(w, i + 1), n++) {
          const from = whole.lastIndexOf(" ", i - 80) + 1;
          const has = holds(from);
          if (has > most) [best, most] = [from, has];
        }
      }
      return bounded((best ? "…" : "") + whole.slice(best), TEXT_MAX);
    };
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
      // (Words say something, and so do signs that stand for one: a rating's stars, a tick, an
      // emoji, a price's currency; a separator's bar or dot does not, nor does an icon font's
      // glyph, a line of box drawing, a drawn arrow or shape (▼, ■), a menu's ☰ or a braille
      // spinner. In an editor every line is what was written: a code's "}", a ":-)".)
      const speaks = (t) => t && (/[\p{L}\p{N}\p{Sc}]|(?![\u2500-\u25FF\u2800-\u28FF\u2630-\u2637])\p{So}/u.test(t) || (!!t.trim() && !!holderOf(parent)?.isContentEditable));
      // Words the line around them has in its name (a heading's "[edit]" link with its
      // brackets, a column header's title beside its sort button) are not read again.
      const saidByLine = (t) => !!lineName && lineName.includes(t);
      // (Or that the combobox just read shows as its value or placeholder: what a library draws
      // after its field.)
      const chosenBefore = (t) => {
        const last = out[out.length - 1];
        return last?.role === "combobox" && choiceOf(last, resolveEl(last.ref), t, holderOf(parent));
      };
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
          const shown = filter === "all" || child.localName === "slot" || intersects(child.getBoundingClientRect(), frame.clip, frame) || standsIn(child);
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
        const t = lineText(text);
        // The words outside the parts, which have lines of their own.
        let own = "", at = 0;
        for (const [start, end] of spans) {
          own += text.slice(at, start) + " ";
          at = end;
        }
        own = lineText(own + text.slice(at));
        const nameSays = (words) => !!entry && !!entry.name && clean(entry.name, TEXT_MAX).includes(words.slice(0, NAME_MAX - 1));
        let partsDepth = depth;
        if (speaks(t)) {
          if (nameSays(t) || nameSays(own)) {
            // The parent's name already says it (what the parts say, their lines do).
          } else if (entry) {
            entry.t = t;
          } else if (!namesALine(holderOf(parent)) && !inNamingLabel(holderOf(parent)) && !saidByLine(t) && !chosenBefore(t)) {
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
        const t = lineText(text);
        text = "";
        const from = sole;
        sole = null;
        // Separators alone ("|", "·") say nothing, nor do the words that are the parent's name
        // (a column header's title beside its sort button).
        if (quiet || !speaks(t) || namesALine(holderOf(parent)) || inNamingLabel(holderOf(parent)) || saidByLine(t) || chosenBefore(t)) return;
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
        // A line break parts words of one line (an address's lines), not lines sharing a ref.
        if (child.localName === "br") {
          if (!naming) text += " ";
          continue;
        }
        // Inline markup without roles (b, em, span, slot…) is part of the surrounding text,
        // unless it is a shown field's name (a switch's aria-labelledby beside it).
        if (isPlainInline(child)) {
          if (!naming && !namesALine(child) && (filter === "all" || child.localName === "slot" || intersects(child.getBoundingClientRect(), frame.clip, frame) || standsIn(child))) {
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

    // A box of a frame's document where the top viewport shows it (`s`: the frame's scale, a
    // transform's or CSS zoom's around it).
    function put(frame, r) {
      const s = frame.s || 1;
      return { left: frame.x + s * r.left, top: frame.y + s * r.top, right: frame.x + s * r.right, bottom: frame.y + s * r.bottom };
    }
    function intersects(r, clip, frame) {
      const p = put(frame, r);
      return p.left < clip.right && p.right > clip.left && p.top < clip.bottom && p.bottom > clip.top;
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
            } else if (put(frame, rect).top >= frame.clip.bottom) beyond.below = true;
            else if (put(frame, rect).bottom <= frame.clip.top) beyond.above = true;
            else if (sideways(frame.doc || document)) {
              if (put(frame, rect).left >= frame.clip.right) beyond.right = true;
              else if (put(frame, rect).right <= frame.clip.left) beyond.left = true;
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
        const nameRead = entry.name;
        let words = null;
        // A box with no words of its own says what its style sheet writes in it (a status's
        // "✔ In stock" drawn by ::before).
        if (!entry.name && !el.firstChild && !interactive) {
          const drawn = pseudoText(el);
          if (drawn) entry.t = clean(drawn, TEXT_MAX);
        }
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
          // (What a shadow root draws is read whole.)
          const beside = shownBeside(el, field);
          const shows = beside.value || (beside.placeholder ? "" : clean(subtreeText(el), 200));
          if (shows) {
            st.value = shows;
            delete st.placeholder;
          } else if (beside.placeholder) st.placeholder = beside.placeholder;
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
            if (said.length <= NAME_MAX) entry.name = words = said;
          }
        }
        // The one clicked element of a header cell, in a read that lists no line for the header
        // (an interactive read, or one from that element's ref), reads as the whole read's
        // folded line does (see foldHeader): with the header's role and states.
        const head = mark && role === "generic" && (filter === "interactive" || opts.rootRef != null) ? headerOf(el) : null;
        if (head && (filter === "interactive" || !composedContains(root, head))) {
          entry.role = roleOf(head);
          Object.assign(st, states(head, entry.role));
        }
        // A web component read as a box may be a control by its ElementInternals, which no
        // script but the page's own reads: the core asks the browser.
        else if (mark && role === "generic" && el.localName.includes("-") && !el.hasAttribute("role")) entry.x = 1;
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
        // So are the chosen items a library draws before a combobox's field (its value), or its
        // placeholder.
        for (let last = out[out.length - 1]; role === "combobox" && typeof last?.text === "string" && choiceOf(entry, el, last.text, resolveEl(last.ref)); last = out[out.length - 1]) out.pop();
        out.push(entry);
        if (interactive && !opts.unread) readAs.set(entry.ref, [role, entry.name || "", nameRead, words, statesSaid(el), rowWords(el)]);
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
        const b = frameBox(el), p = put(frame, rect), s = frame.s || 1;
        const fx = frame.x + s * b.x, fy = frame.y + s * b.y, fs = s * b.s;
        const clip = { left: Math.max(frame.clip.left, p.left), top: Math.max(frame.clip.top, p.top), right: Math.min(frame.clip.right, p.right), bottom: Math.min(frame.clip.bottom, p.bottom) };
        const view = { left: Math.max(frame.view.left, clip.left), top: Math.max(frame.view.top, clip.top), right: Math.min(frame.view.right, clip.right), bottom: Math.min(frame.view.bottom, clip.bottom) };
        if (doc && doc.body) {
          walkChildren(doc.body, nextDepth, { x: fx, y: fy, s: fs, clip: filter === "all" ? { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 } : clip, view, base: clip, doc }, null, false);
        } else if (!named) {
          // Another site's frame, read in its own document: with the part of it in view, in its
          // own viewport's points (what lies outside is offscreen there too).
          const seen = { left: (view.left - fx) / fs, top: (view.top - fy) / fs, right: (view.right - fx) / fs, bottom: (view.bottom - fy) / fs };
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
    // Whether words (in `at`) are one of the items a combobox's line (`entry`, for `field`)
    // shows as its value, or its placeholder, drawn in the box around its field.
    function choiceOf(entry, field, text, at) {
      const shows = entry.s ? [...(entry.s.value || "").split(", "), entry.s.placeholder] : [];
      if (!field || !at || !shows.includes(clean(text, TEXT_MAX))) return false;
      let up = field.parentElement;
      for (let i = 0; up && i < 3; i++, up = up.parentElement) if (up.contains(at)) return true;
      return false;
    }
    // The header cell (a few boxes up) whose words are all `el`'s, if any.
    function headerOf(el) {
      let up = el.parentElement;
      for (let i = 0; up && i < 4; i++, up = up.parentElement) {
        const r = roleOf(up);
        if (r === "columnheader" || r === "rowheader") return !hasOwnName(up) && clean(subtreeText(up), NAME_MAX) === clean(subtreeText(el), NAME_MAX) ? up : null;
        if (r && r !== "generic") return null;
      }
      return null;
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
      const s = frame.s || 1, left = frame.x + s * (rect.left + el.clientLeft), top = frame.y + s * (rect.top + el.clientTop);
      const box = { left, top, right: left + s * el.clientWidth, bottom: top + s * el.clientHeight };
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
