  // An element's states: checked, expanded, selected, its value and limits, and its choices.

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
      if (href != null) {
        let shown = href.replace(/[\t\n\r]/g, "");
        // Where it goes as the browser reads it: one that leaves the page's site (a <base> that
        // sends relative addresses elsewhere, a path the browser reads as another host) is
        // shown whole, not as the part the page wrote.
        try {
          const to = new URL(shown, el.baseURI);
          if (to.origin !== el.ownerDocument.defaultView?.location.origin && /^(https?|wss?|ftp):$/.test(to.protocol)) shown = to.href;
        } catch {}
        s.href = clean(shown, 200);
      }
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
        // An empty combobox field whose choice a library draws beside it (Ant Design's select,
        // react-select) has that choice for its value.
        if (role === "combobox" && tag === "input" && !el.value) {
          let box = el.parentElement;
          for (let i = 0; box && i < 3 && box !== el.ownerDocument.body && !box.textContent.trim(); i++) box = box.parentElement;
          // (A small box that holds no control but the field, icons aside, nor a label: not a
          // form's row.)
          const other = (c) => c !== el && !["img", "presentation", "none", null].includes(roleOf(c)) && !underAriaHidden(c);
          const alone = box && box !== el.ownerDocument.body && box.getElementsByTagName("*").length <= 40 && box.textContent.trim() && !box.querySelector("label") && ![...box.querySelectorAll(`[role],${CONTROLS}`)].some(other);
          const shown = alone ? shownBeside(box, el) : null;
          if (shown?.value) s.value = shown.value;
          else if (shown?.placeholder && !ph) s.placeholder = shown.placeholder;
        }
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
      // Its range, as a native range field's (the values form_input and its keys can reach).
      if (role === "slider" || role === "spinbutton") {
        if (attr("aria-valuemin") != null) s.min = clean(attr("aria-valuemin"), 40);
        if (attr("aria-valuemax") != null) s.max = clean(attr("aria-valuemax"), 40);
      }
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

  // What a box drawn around a combobox's `field` shows beside it: its choice (each chosen item
  // apart), or its placeholder, which a library draws in an element it names so, in a colour
  // other than the field's (Element Plus, Ant Design, react-select).
  function shownBeside(box, field) {
    const chosen = [], placeholder = [];
    const colour = getComputedStyle(field).color;
    // (Words drawn on the field's line, not a key's hint, a unit or a message beside it.)
    const line = field.getBoundingClientRect(), around = box.getBoundingClientRect();
    const top = line.height > 1 ? line.top : around.top, bottom = line.height > 1 ? line.bottom : around.bottom;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(), i = 0; n && i < 40; n = walker.nextNode(), i++) {
      const e = n.parentElement;
      const words = clean(n.data, 100);
      if (!words || !e || field.contains(e) || SKIP_TAGS.has(e.tagName) || !seen(e) || underAriaHidden(e) || e.closest("kbd, [role=alert], [aria-live]")) continue;
      const r = e.getBoundingClientRect();
      if (r.bottom <= top || r.top >= bottom) continue;
      const marked = e.closest("[class*=placeholder i]");
      (marked && box.contains(marked) && getComputedStyle(e).color !== colour ? placeholder : chosen).push(words);
    }
    return { value: clean(chosen.join(", "), 200), placeholder: clean(placeholder.join(" "), 100) };
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
