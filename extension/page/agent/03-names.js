  // Roles and accessible names: implicit roles, labels, words that name a control, and the text
  // of a subtree.

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
    "menuitemradio", "tab", "treeitem", "cell", "gridcell", "columnheader", "rowheader", "tooltip", "label", "legend",
    "caption", "figcaption", "listitem-name",
  ]);
  const CONTAINER_ROLES = new Set(["cell", "gridcell", "columnheader", "rowheader", "listitem-name", "tooltip"]);
  const LANDMARK_BY_TAG = { nav: "navigation", main: "main", aside: "complementary", search: "search" };
  // Words struck through (a price before its reduction, text deleted in a document's changes),
  // by their tag or their style, are read struck through, as Markdown writes it: ~~$120.00~~.
  const STRUCK_TAGS = new Set(["s", "del", "strike"]);
  const INLINE_TAGS = new Set(["b", "i", "em", "strong", "span", "small", "mark", "code", "kbd", "samp", "var", "abbr", "cite", "q", "s", "u", "sub", "sup", "time", "data", "font", "slot", "bdi", "bdo", "wbr", "dfn", "ins", "del"]);
  const ROLEFUL = "a[href],button,input,select,textarea,img,svg,[role],h1,h2,h3,h4,h5,h6,iframe,frame,canvas,video,audio,table,ul,ol,nav,main,form,section,article,aside,header,footer,details,summary,label,p,figure,progress,meter,[contenteditable],[tabindex],[onclick]";
  const SKIP_TAGS = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE"]);
  const NAME_MAX = 150;
  const TEXT_MAX = 300;

  // Text cut to `max` UTF-16 units at most, marked with an ellipsis: the cut falls between two
  // characters as a person sees them, never inside an emoji, a flag or a letter with its marks
  // (half of one reads as a broken character).
  const graphemes = new Intl.Segmenter();
  const bounded = (t, max) => {
    if (t.length <= max) return t;
    let end = 0;
    for (const { index } of graphemes.segment(t.slice(0, max + 64))) {
      if (index > max - 1) break;
      end = index;
    }
    // (A first character longer than the bound itself is cut between its code points.)
    if (!end) end = /[\uD800-\uDBFF]/.test(t[max - 2]) ? max - 2 : max - 1;
    return t.slice(0, end) + "…";
  };
  // (Characters that draw nothing inside a word, a zero-width space, a word joiner or the
  // byte-order mark, are dropped: "Del\u200Bete" is "Delete"; so are the tag characters and the
  // variation selectors after them, which can spell words no one sees (a region's flag reads as
  // a black flag). Letters with marks are read in their composed form, as Claude writes them:
  // "Jose\u0301" is "José".)
  const composed = (s) => (/[^\x00-\x7f]/.test(s) ? s.normalize("NFC") : s);
  const clean = (s, max) => bounded(composed(s || "").replace(/[\u200B\u2060-\u2064\uFEFF\u{E0000}-\u{E01EF}]/gu, "").replace(/\s+/g, " ").trim(), max);
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
        return thRole(el);
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
    if (SKIP_TAGS.has(el.tagName) || FALLBACK_TAGS.has(el.localName) || el === unsaid) return "";
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
    // (Outside a read nothing is kept.)
    const kept = pseudos ? pseudos.get(el) : undefined;
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

  // A header cell heads its column or its row: as its scope says, in a table's head a column;
  // otherwise it heads its row when it is the row's first cell with words and a data cell with
  // words follows it (`Weight | 300 g`), and its column else (a plain table's first row of
  // header cells, one after an empty corner cell).
  function thRole(el) {
    const scope = (el.getAttribute("scope") || "").toLowerCase();
    if (scope === "col" || scope === "colgroup" || el.closest("thead")) return "columnheader";
    if (scope === "row" || scope === "rowgroup") return "rowheader";
    const cells = [...(el.parentElement?.children || [])];
    const i = cells.indexOf(el);
    const worded = (c) => !!c.textContent.trim();
    return cells.slice(0, i).every((c) => !worded(c)) && cells.slice(i + 1).some((c) => c.localName === "td" && worded(c)) ? "rowheader" : "columnheader";
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
