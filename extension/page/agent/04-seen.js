  // Whether an element is seen: opacity and visibility, controls shown on hover, icons named by
  // their set, boxes drawn over others.

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
      // (A field's own classes say what field it is, as Bootstrap's `btn-check` on the box a
      // toggle button hides: no icon.)
      if (e.localName === "input") return "";
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
