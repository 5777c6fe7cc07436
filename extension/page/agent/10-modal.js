  // Around the read: an open modal and its layer, floating boxes, and the words near an element.

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
