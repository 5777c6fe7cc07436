  // Which elements a person can act on: native controls, widget roles, handlers, a pointer cursor,
  // labels and stand-ins for hidden controls.

  function deepActiveElement() {
    let a = document.activeElement;
    while (a) {
      if (shadowOf(a) && shadowOf(a).activeElement) a = shadowOf(a).activeElement;
      else if (isFrame(a)) {
        const doc = frameDoc(a);
        const inner = doc?.activeElement;
        if (!inner || inner === doc.body) break;
        a = inner;
      } else break;
    }
    return a;
  }

  // A widget by its role. Other elements a person can act on (a handler, a tab stop) are found by
  // actionable(), which marks them so: a sortable column header reads `columnheader "Name"
  // [ref_7] clickable`, as a list item with a listener does.
  function isInteractive(el, role) {
    return INTERACTIVE_ROLES.has(role) || el.localName === "summary";
  }

  // Roles that hold a page's structure: a tab stop on one of them is for keyboard scrolling or
  // focus management, not a control.
  const STRUCTURE_ROLES = new Set(["dialog", "alertdialog", "main", "region", "navigation", "complementary", "banner", "contentinfo", "form", "search", "article", "document", "application", "list", "table", "grid", "tree", "listbox", "menu", "menubar", "toolbar", "tablist", "tabpanel", "group", "radiogroup", "feed", "log", "status"]);
  const GRID_PARTS = new Set(["gridcell", "row"]);
  const LIVE_ROLES = new Set(["alert", "status", "log", "timer", "marquee"]);
  const BOXED_CONTROLS = "button,input,select,textarea,[role=button],[role=spinbutton],[role=slider],[role=checkbox],[role=radio],[role=switch]";
  const HANDLER_ATTRS = ["onclick", "onmousedown", "onmouseup", "onpointerdown", "onpointerup", "ondblclick", "onkeydown", "onkeyup", "ontouchstart"];
  // Attributes by which a framework gives an element a click of its own, often answered by one
  // listener on the whole page: Alpine's @click, AngularJS's ng-click, Livewire's wire:click,
  // Phoenix's phx-click, htmx's hx-get (whose trigger on a box is a click unless it names
  // another). (A click `.outside` or `.away` is one on anything but the element.)
  const FRAMEWORK_CLICK = /^(?:@click|x-on:click|v-on:click|(?:data-)?ng-click|wire:click|phx-click|hx-(?:get|post|put|patch|delete))(?:\.(?!outside\b|away\b|window\b|document\b)[\w-]+)*$/;
  // Whether the page's markup hands an element a handler: an attribute like onclick, or a
  // framework's click attribute (see frameworkClick).
  function handlerAttr(el) {
    return HANDLER_ATTRS.some((a) => el.hasAttribute(a)) || frameworkClick(el);
  }
  // A framework's click attribute, a jsaction that answers a click (Google's: `click:name`, or
  // a name alone, whose event is the click) or a Stimulus action on a click. (htmx triggers a
  // form on its sending and a field on its change, unless its hx-trigger says click.)
  function frameworkClick(el) {
    const attrs = el.attributes;
    for (let i = 0; i < attrs.length && i < 40; i++) {
      const { name, value } = attrs[i];
      if (FRAMEWORK_CLICK.test(name)) {
        const trigger = el.getAttribute("hx-trigger");
        if (!name.startsWith("hx-") || (trigger ? /\bclick\b/.test(trigger) : !/^(form|input|select|textarea)$/.test(el.localName))) return true;
      } else if (name === "jsaction") {
        if (value.split(";").some((a) => /^\s*(click:|[\w.]+\s*$)/.test(a))) return true;
      } else if (name === "data-action" && /(^|\s)click->/.test(value)) return true;
    }
    return false;
  }
  const TOGGLE_ROLES = new Set(["checkbox", "switch", "radio"]);
  const CONTROLS = "a[href],button,input,select,textarea,[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=option]";

  // Why a person can act on an element that has no widget role: "clickable" (a click, mouse,
  // pointer or key handler, a pointer cursor its parent does not have, a tab stop) or
  // "draggable". Null when nothing says so.
  // Whether a label's control is shown, as read_page judges it (not display: none, hidden,
  // transparent, clipped to a pixel or moved off the page).
  function controlShown(control) {
    const reason = hiddenReason(control, control.getBoundingClientRect());
    return !reason || reason === "open";
  }
  // The role a box takes when it stands in for a control it hides: a label for its hidden
  // checkbox or radio button, or a box that shows a combobox's value (see hiddenCombobox).
  // A wordless box that draws a hidden checkbox or radio button of its own (a switch's track
  // around its 0 × 0 box) stands in for it too, unless a label of that control says its words
  // and stands in already ("covered": the box is no line of its own).
  function standInRole(el) {
    if (el.localName !== "label") {
      if (hiddenCombobox(el)) return "combobox";
      const box = hiddenToggle(el);
      if (!box) return null;
      const labelled = [...(box.labels || [])].some((l) => !el.contains(l) && subtreeText(l).trim() && !hiddenReason(l, l.getBoundingClientRect()));
      return labelled ? "covered" : toggleRole(box);
    }
    const control = labelControl(el);
    if (!control || controlShown(control)) return null;
    // A label around a hidden button is that button (Ionic's select draws its box as a label
    // around a transparent button that says the choice).
    if (control.localName === "button" && el.contains(control)) return "button";
    if (!(control.type === "checkbox" || control.type === "radio")) return null;
    return toggleRole(control);
  }
  // A label's control, or the hidden checkbox or radio button beside a label that names none, in
  // a small box of the two (Fomantic UI's checkbox, whose script answers a click on either).
  function labelControl(label) {
    return label.control || (!label.hasAttribute("for") && label.parentElement ? toggleIn(label.parentElement) : null);
  }
  // A box that says it is a switch is one.
  function toggleRole(control) {
    return control.type === "checkbox" && control.getAttribute("role") === "switch" ? "switch" : control.type;
  }
  // The control a box stands in for.
  function standInControl(el) {
    return el.localName === "label" ? labelControl(el) : hiddenToggle(el);
  }
  // The one hidden checkbox or radio button in a small box with no other control and no words
  // but a label's that names no control (see toggleIn),
  // or beside a wordless part of such a box that has no handler of its own (the track drawn
  // next to a switch's hidden box, clickable by its pointer cursor only).
  function hiddenToggle(el) {
    return toggleIn(el) || (!hasOwnHandler(el) && !el.querySelector("input") && el.parentElement && toggleIn(el.parentElement, false));
  }
  // Whether the page gave an element a handler of its own: a listener (found through CDP, or
  // kept by a framework) or a handler attribute.
  function hasOwnHandler(el) {
    return listened.has(el) || told.has(el) || handlerAttr(el);
  }
  // `worded`: the box may say words, when they are a label's that names no control (Fomantic
  // UI's checkbox: the hidden box, and a label beside it that the box's handler answers for).
  function toggleIn(el, worded = true) {
    // (The children first: a marked element's parent may be a list of thousands.)
    if (el.childElementCount > 6 || el.getElementsByTagName("*").length > 12) return null;
    const words = subtreeText(el).trim();
    if (words) {
      const labels = worded ? el.getElementsByTagName("label") : [];
      if (labels.length !== 1 || labels[0].control || subtreeText(labels[0]).trim() !== words) return null;
    }
    const boxes = el.querySelectorAll("input");
    const box = boxes.length === 1 && (boxes[0].type === "checkbox" || boxes[0].type === "radio") ? boxes[0] : null;
    if (!box || box.disabled || el.querySelector("a[href], button, select, textarea") || controlShown(box)) return null;
    return box;
  }

  // The one combobox field in a small box that shows the combobox's value, while the field is
  // out of sight but there to type in once the box is clicked (Tom Select moves it off the page,
  // react-select makes it transparent): the box is what a person sees and clicks.
  function hiddenCombobox(el) {
    if (el.getElementsByTagName("*").length > 30) return null;
    const fields = el.querySelectorAll("input, textarea, select, [role=combobox], [contenteditable]");
    const field = fields.length === 1 ? fields[0] : null;
    if (!field || roleOf(field) !== "combobox" || field.disabled || field.tabIndex < 0 || controlShown(field)) return null;
    return field.checkVisibility({ visibilityProperty: true }) ? field : null;
  }
  // Whether a field is shown, itself or by a box that stands in for it: its label's words are
  // its name then, not text or a control of their own.
  function fieldShown(field) {
    return controlShown(field) || !!boxShowing(field) || !!comboAround(field);
  }
  // The shown combobox a library drew around a hidden field, which takes the field's label as
  // its name.
  function comboAround(field) {
    const box = field.parentElement?.closest("[role=combobox]");
    return box && !box.labels && !hiddenReason(box, box.getBoundingClientRect()) ? box : null;
  }
  // The shown box around a hidden combobox that stands in for it, if any.
  function boxShowing(field) {
    let box = field.parentElement;
    for (let i = 0; box && i < 3; i++, box = box.parentElement) {
      if (hiddenCombobox(box) === field) return hiddenReason(box, box.getBoundingClientRect()) ? null : box;
    }
    return null;
  }

  // A code editor a library draws (CodeMirror 5, Ace, Monaco): the text a person sees is drawn
  // in boxes of its own, and the keys go to a field kept out of sight (a textarea a pixel wide,
  // or transparent) that takes the focus when the editor is clicked. The editor's box stands in
  // for that field: the nearest box around it of a size a person clicks. Found once per read
  // (each read starts afresh), for the page's document.
  let editorBoxes = null;
  function editorFieldOf(box) {
    if (!editorBoxes) {
      editorBoxes = new Map();
      for (const field of document.querySelectorAll("textarea, [role=textbox]:not(input)")) {
        // (Code editors turn spelling checks off in their field: CodeMirror, Ace and Monaco do.)
        if (field.getAttribute("spellcheck") !== "false" || field.disabled || field.tabIndex < 0 || field.isContentEditable || field.closest("[aria-hidden=true]") || !field.checkVisibility({ visibilityProperty: true }) || (controlShown(field) && !clippedAway(field))) continue;
        // (Where the editor keeps it: inside its box, at the caret. A trap for robots moved off
        // the page, or out of its form's row, is no editor's.)
        const at = field.getBoundingClientRect();
        for (let b = field.parentElement, i = 0; b && i < 4 && b !== document.body && b !== document.documentElement; b = b.parentElement, i++) {
          const r = b.getBoundingClientRect();
          if (r.width < 40 || r.height < 16) continue;
          const inside = at.left >= r.left - 8 && at.left <= r.right && at.top >= r.top - 24 && at.top <= r.bottom + 24;
          if (inside && !editorBoxes.has(b)) editorBoxes.set(b, field);
          break;
        }
      }
    }
    return editorBoxes.get(box) || null;
  }
  // Whether the box around an element clips it to next to nothing (CodeMirror 5 keeps its
  // textarea in a box 3 px wide and 0 high).
  function clippedAway(el) {
    const box = el.parentElement;
    if (!box) return false;
    const r = box.getBoundingClientRect();
    return (r.width < 4 || r.height < 4) && getComputedStyle(box).overflow !== "visible";
  }
  // What names an editor's box: its own label, the labels of the field it was made from (a
  // CodeMirror built from a textarea hides that textarea right before it), a label for nothing
  // right before it, or its field's labels.
  function editorName(box, field) {
    const own = nameOf(box, "textbox");
    if (own) return own;
    // (What comes right before the box, or before the boxes it opens: Monaco draws its editor
    // two boxes down from the element it was made on.)
    let at = box;
    for (let i = 0; at && !at.previousElementSibling && i < 3; i++) at = at.parentElement;
    const before = at?.previousElementSibling;
    if (before && before.localName === "textarea" && !before.checkVisibility()) {
      const name = labelsName(before);
      if (name) return name;
    }
    if (before && before.localName === "label" && !before.control) {
      const name = clean(subtreeText(before, 1), NAME_MAX);
      if (name) return name;
    }
    return labelsName(field) || clean(byIds(field, "aria-labelledby").map(referencedText).join(" "), NAME_MAX);
  }

  // Whether a style sheet draws content before or after an element.
  function drawsPseudo(el) {
    return ["::before", "::after"].some((p) => !/^(none|normal|""|'')$/.test(getComputedStyle(el, p).content));
  }
  // The editable body of a frame's document (an editor drawn in a frame), if `el` is such a frame.
  function editableFrameBody(el) {
    if (!isFrame(el)) return null;
    const body = frameDoc(el)?.body;
    return body && body.isContentEditable ? body : null;
  }
  // What names an editor drawn in a frame: the labels of the textarea it was made from (TinyMCE
  // hides it right before the box it draws the frame in), or the editable body's own label.
  function frameEditorName(frame) {
    for (let at = frame, i = 0; at && at !== document.body && i < 8; at = at.parentElement, i++) {
      const before = at.previousElementSibling;
      if (before?.localName === "textarea" && !before.checkVisibility()) {
        const name = labelsName(before);
        if (name) return name;
      }
    }
    const body = editableFrameBody(frame);
    return body ? nameOf(body, "textbox") : "";
  }

  function actionable(el, style, role) {
    const why = actionableNow(el, style, role);
    // An element that names a shown control through the control's aria-labelledby acts for it,
    // as a label does (a widget library's floating label, whose click focuses the field).
    return why === "clickable" && ((el.id && namesShownControl(el)) || labelsByFor(el)) ? null : why;
  }
  // Whether a web component is a library's own label (Spectrum's sp-field-label), naming by its
  // `for` a shown control or a component that draws one: its click is the control's.
  function labelsByFor(el) {
    const id = el.localName.includes("-") ? el.getAttribute("for") : null;
    if (!id) return false;
    const c = idFor(el, id);
    if (!c || c === el || c.contains(el)) return false;
    const role = roleOf(c);
    return ((FIELD_ROLES.has(role) || INTERACTIVE_ROLES.has(role)) && fieldShown(c)) || !!(shadowOf(c) && holdsShownControl(shadowOf(c)));
  }
  // The ids that some element's aria-labelledby (or aria-describedby) names, per document or
  // shadow root, taken once per read (every read starts afresh).
  let labellingIds = new Map();
  const FIELD_ROLES = new Set(["combobox", "textbox", "searchbox", "spinbutton", "slider", "checkbox", "radio", "switch", "radiogroup"]);
  // The elements that `el` names through their aria-labelledby.
  function namedBy(el, attr = "aria-labelledby") {
    const root = el.getRootNode();
    let byRoot = labellingIds.get(attr);
    if (!byRoot) labellingIds.set(attr, (byRoot = new WeakMap()));
    let ids = byRoot.get(root);
    if (!ids) {
      ids = new Set();
      try {
        for (const c of root.querySelectorAll(`[${attr}]`)) for (const id of c.getAttribute(attr).split(/\s+/)) ids.add(id);
      } catch {}
      byRoot.set(root, ids);
    }
    if (!el.id || !ids.has(el.id)) return [];
    try {
      return [...root.querySelectorAll(`[${attr}~="${CSS.escape(el.id)}"]`)].filter((c) => c !== el);
    } catch {
      return [];
    }
  }
  // What a field's aria-describedby points to that is shown (a hint, the error a form's checks
  // wrote), when its line can say it whole; null otherwise.
  function fieldDescription(field) {
    if (!field.hasAttribute("aria-describedby")) return null;
    const said = byIds(field, "aria-describedby").map((d) => (d.checkVisibility({ visibilityProperty: true }) ? subtreeText(d, 1) : "")).join(" ");
    const d = clean(said, NAME_MAX + 1);
    return d && d.length <= NAME_MAX ? d : null;
  }
  function namesShownControl(el) {
    // A field's label, not a trigger that names the list it opens.
    return namedBy(el).some((c) => FIELD_ROLES.has(roleOf(c)) && fieldShown(c));
  }
  // Whether `el` names, through aria-labelledby, a box around it with a line of its own (a
  // dialog's title, a region's) or a shown control (a web component's label, the label of a
  // button that opens a list to choose from): its words are that line's name already, as a
  // <label>'s are.
  function namesALine(el) {
    return (
      namedBy(el).some((c) => {
        const role = roleOf(c);
        return (c.contains(el) && !!role && role !== "generic") || ((FIELD_ROLES.has(role) || INTERACTIVE_ROLES.has(role)) && fieldShown(c));
      }) ||
      // (Or describes a shown field whose line says it: a hint, an error message.)
      namedBy(el, "aria-describedby").some((c) => FIELD_ROLES.has(roleOf(c)) && controlShown(c) && byIds(c, "aria-describedby").includes(el) && !!fieldDescription(c))
    );
  }
  // Whether `el` is inside a <label> around the shown field it names, beside that field (a
  // component's label drawn in a box of its own next to the box of its field, as Ionic's
  // textarea's): its words are the field's name, which the field's line says.
  function inNamingLabel(el) {
    const label = el?.closest?.("label");
    const field = label?.control;
    // (A native field: a component the label names may name its own line otherwise, as
    // Material's slider does by its value.)
    return !!field && /^(input|textarea|select)$/.test(field.localName) && label.contains(field) && !field.contains(el) && fieldShown(field) && !!labelsName(field);
  }
  // A <label> apart from the shown field it names, within running text: its words are the
  // field's name.
  function labelApart(el) {
    return el.localName === "label" && !!el.control && !el.contains(el.control) && fieldShown(el.control);
  }
  function actionableNow(el, style, role) {
    const doc = el.ownerDocument;
    if (el === doc.body || el === doc.documentElement) return null;
    // A region of the page is something to click only by a handler of its own (a card that is
    // one big link: <article onclick>); a tab stop or pointer cursor there is for scrolling or
    // focus, and a dialog's handler closes it from its backdrop.
    if (STRUCTURE_ROLES.has(role)) {
      const own = !/^(dialog|alertdialog|application)$/.test(role) && HANDLER_ATTRS.some((a) => el.hasAttribute(a));
      return own ? "clickable" : null;
    }
    // A label acts for its control, which has a line of its own; when the control is not shown
    // (a styled upload button or checkbox hides its input), the label is what a person clicks.
    // A label only focuses a field or a list box: for a hidden one (a <select> that a widget
    // library draws again as a combobox of its own) it is a control only by a handler or
    // tab stop of its own.
    if (el.localName === "label" && el.control) {
      if (fieldShown(el.control)) return null;
      if (pressedThroughLabel(el.control)) return "clickable";
    }
    // A press passes through an element that lets pointer events through (a field's floating
    // label drawn over it): its handlers and pointer say nothing a person can click.
    const pressable = style.pointerEvents !== "none";
    if (pressable) {
      if (el.getAttribute("draggable") === "true") return "draggable";
      // A wordless handle with a resize cursor is dragged, not clicked (a grid column's edge).
      if (/resize$/.test(style.cursor) && !el.textContent.trim() && (listened.has(el) || told.has(el)) && ownCursor(el, style.cursor)) return "draggable";
      if (HANDLER_ATTRS.some((a) => el.hasAttribute(a)) || (frameworkClick(el) && !delegates(el))) return "clickable";
      if (told.has(el) && !delegates(el)) return sliderTrack(el) ? null : "clickable";
      // (A box around a combobox's hidden field, whose caret shows a pointer of its own, is the
      // combobox a person clicks: Element Plus's filterable select.)
      if (listened.has(el) && !serving.has(el) && (!delegates(el) || hiddenCombobox(el)) && !servesTold(el)) return sliderTrack(el) ? null : "clickable";
    }
    // (A web component that hands its focus to the control its shadow root draws is that control.)
    if (el.hasAttribute("tabindex") && el.tabIndex >= 0 && !(shadowOf(el)?.delegatesFocus && holdsShownControl(shadowOf(el)))) return "clickable";
    // A pointer over a box that holds a control is the control's when the box has no words of
    // its own (a slider's track around its thumb) or draws the control, which is transparent in
    // it (a select's box with its placeholder); a card with its own words and a button is a card
    // to click.
    if (pressable && style.cursor === "pointer") {
      const control = el.querySelector(CONTROLS) || shadowOf(el)?.querySelector(CONTROLS);
      const theirs = !!control && (!wordsOutsideControls(el) || getComputedStyle(control).opacity === "0");
      const own = ownCursor(el, "pointer");
      if (own && !theirs) return "clickable";
      if (!own && !control && poppedItem(el)) return "clickable";
    }
    // A grab or move cursor its parent does not show: something to drag (a sortable list's item,
    // which SortableJS makes draggable only once it is pressed).
    if (pressable && (style.cursor === "grab" || style.cursor === "move") && ownCursor(el, style.cursor)) return "draggable";
    return null;
  }
  // An item of a list that pops out of a box a person clicks (a custom select's options, a
  // submenu shown inside its menu item), which the box's one listener answers by the item
  // clicked: the pointer the box shows covers its items, but a person clicks each on its own.
  // Such an item has words, a sibling drawn alike (same tag and class), and a box that pops out
  // (absolute or fixed) between it and the box the pointer is set on, which is no link or
  // button (whose parts are its own).
  function poppedItem(el) {
    const p = el.parentElement;
    if (!p || typeof el.className !== "string" || !/[\p{L}\p{N}]/u.test(el.textContent || "")) return false;
    let alike = 0, looked = 0;
    for (const s of p.children) if ((s.localName === el.localName && s.className === el.className && ++alike > 1) || ++looked > 50) break;
    if (alike < 2) return false;
    let popped = false;
    for (let a = p, i = 0; a && i < 6; a = a.parentElement, i++) {
      const position = getComputedStyle(a).position;
      if ((position === "absolute" || position === "fixed") && popsOut(a)) popped = true;
      if (ownCursor(a, "pointer")) return popped && !a.matches(CONTROLS);
    }
    return false;
  }
  // Whether a box laid over the page lies outside the box around it (a list below its select,
  // `top: 100%`; a submenu beside its entry, `left: 100%`), as a box that pops out does, rather
  // than in it (a virtual list's rows, each placed absolutely inside the list).
  function popsOut(el) {
    const around = el.parentElement;
    if (!around) return false;
    const r = el.getBoundingClientRect(), a = around.getBoundingClientRect();
    return r.top >= a.bottom - 1 || r.bottom <= a.top + 1 || r.left >= a.right - 1 || r.right <= a.left + 1;
  }
  // Whether `el` shows a cursor its parent (or shadow host) does not.
  // A wordless box around a slider's handles: its track, whose press moves the nearest handle,
  // is the slider's (its handles are listed, and form_input and their keys set them).
  function sliderTrack(el) {
    return !!el.querySelector("[role=slider], input[type=range]") && !/\p{L}/u.test(el.textContent || "");
  }
  function ownCursor(el, cursor) {
    const parent = el.parentElement || el.getRootNode().host;
    return !parent || getComputedStyle(parent).cursor !== cursor;
  }

  // Whether an element has words (letters) of its own, outside the controls it holds.
  function wordsOutsideControls(el, words = /\p{L}/u) {
    const it = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = it.nextNode(), i = 0; n && i < 200; n = it.nextNode(), i++) {
      // Text slotted into a web component's shadow root is where its slot is (a button's).
      if (words.test(n.data) && !inControl(n)) return true;
    }
    return false;
  }
  // Whether a text node is a control's words: in it, or in an element slotted into
  // a control's shadow root (Ionic's segment button, its label slotted into its <button>).
  function inControl(n) {
    if (n.parentElement?.closest(CONTROLS)) return true;
    for (let at = n; at; at = at.parentNode) if (at.assignedSlot?.closest(CONTROLS)) return true;
    return false;
  }
  // Whether a click on a control's label presses the control (a box to tick, a file to choose),
  // rather than only focusing it.
  function pressedThroughLabel(control) {
    if (control.localName === "button") return true;
    return control.localName === "input" && /^(checkbox|radio|file|submit|reset|button|image|color)$/.test(control.type);
  }

  // A listener of the page's own on an element that holds elements a framework keeps handlers
  // for is the framework's one listener serving them (a Svelte app's mount target).
  function servesTold(el) {
    return holds(el, (d) => told.has(d));
  }
  // Whether one of the first few hundred elements inside `el` passes `test`.
  function holds(el, test) {
    const inside = el.getElementsByTagName("*");
    for (let i = 0; i < inside.length && i < 300; i++) if (test(inside[i])) return true;
    return false;
  }
  // Whether a box holds a control a person sees (a drop zone's hidden file input, which its
  // click opens, is no control of its own).
  function holdsShownControl(el) {
    const controls = el.querySelectorAll(CONTROLS);
    for (let i = 0; i < controls.length && i < 20; i++) if (controlShown(controls[i])) return true;
    return controls.length > 20;
  }
  // A listener on a container of many elements, or of controls, serves them (event delegation,
  // as React's root or a list does): the container itself is not something to click.
  function delegates(el) {
    const inside = el.getElementsByTagName("*");
    // A web component's host serves the control its shadow root draws (<sl-button> and its
    // <button>).
    if (inside.length > 60 || holdsShownControl(el) || shadowOf(el)?.querySelector(CONTROLS) || slotsControl(el)) return true;
    // A box of tab stops that are no fields, one of them in the tab order at a time, hears them
    // (a tab list's keys and clicks, Material's md-tabs); one tab stop in a box (an info icon)
    // is no such list.
    let stops = 0;
    if (holds(el, (d) => d.hasAttribute("tabindex") && !d.matches(`${CONTROLS},input,select,textarea`) && ++stops >= 2) && holds(el, (d) => d.tabIndex >= 0 && d.hasAttribute("tabindex") && seen(d))) return true;
    // Parts that show a pointer of their own are what the listener serves.
    return getComputedStyle(el).cursor !== "pointer" && holds(el, (d) => getComputedStyle(d).cursor === "pointer");
  }

  // Whether a box in a shadow root shows, through its slots, a control the page put there (an
  // Ionic item's inner box around the field, select or checkbox slotted into it), which the
  // box's listener serves.
  function slotsControl(el) {
    if (el.getRootNode() === el.ownerDocument) return false;
    const slots = el.localName === "slot" ? [el] : el.getElementsByTagName("slot");
    let looked = 0;
    for (let i = 0; i < slots.length && i < 6; i++) {
      for (const a of slots[i].assignedElements({ flatten: true })) {
        if ((a.matches(CONTROLS) && controlShown(a)) || holdsShownControl(a) || shadowOf(a)?.querySelector(CONTROLS)) return true;
        if (++looked >= 20) return false;
      }
    }
    return false;
  }

  // The highest ref this document handed out: a number is never handed out twice, even when
  // the core asks from a number it was not told was taken.
  let handedUpTo = 0;
  function ensureRef(el, counter) {
    let r = refOf.get(el);
    if (r === undefined) {
      r = Math.max(counter.next, handedUpTo + 1);
      counter.next = r + 1;
      handedUpTo = r;
      refOf.set(el, r);
      byRef.set(r, new WeakRef(el));
      collected.register(el, r);
    }
    return r;
  }

  // The element a text run belongs to, for its ref: its parent, or the nearest ancestor with a
  // box when the parent has none (a slot, display: contents).
  function holderOf(parent) {
    let p = parent;
    for (let i = 0; p && i < 10; i++) {
      if (p.localName !== "slot" && getComputedStyle(p).display !== "contents") return p;
      p = p.parentElement || p.getRootNode().host;
    }
    return parent;
  }
