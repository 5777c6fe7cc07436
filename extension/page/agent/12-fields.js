  // Fields: what typing into one did, the focus, date fields, options, setting a value, file inputs.

  // Text longer than a field's maxlength, which a person could not type into it: why it is
  // refused (nothing is set), or null.
  const MAXLENGTH_TYPES = new Set(["text", "search", "url", "tel", "email", "password"]);
  function tooLong(el, text) {
    // (A text area holds a line break as one character, however it was written.)
    const length = el.localName === "textarea" ? text.replace(/\r\n?/g, "\n").length : text.length;
    if (!(el.maxLength >= 0) || length <= el.maxLength) return null;
    // (The browser counts UTF-16 units: an emoji or a letter written with its accent apart counts
    // as two or more.)
    const units = [...graphemes.segment(text)].length < length ? `, counted as the browser counts them (an emoji or a letter with a separate accent counts as 2 or more)` : "";
    return `${describe(el)} takes at most ${el.maxLength} characters (its maxlength), and the value given has ${length}${units}, so nothing was set. Give at most ${el.maxLength}.`;
  }
  // Fields where Enter submits the form (implicit submission) and Space types a space.
  const NOT_FIELDS = new Set(["button", "submit", "reset", "image", "checkbox", "radio", "file", "color", "range"]);
  function isTextEntry(el) {
    if (el.localName === "textarea" || el.isContentEditable) return true;
    return el.localName === "input" && !NOT_FIELDS.has((el.getAttribute("type") || "text").toLowerCase());
  }

  // What an activating key (Enter, Space) would act on: the focused element, whether it takes
  // text, and its form. A cross-origin frame says which frame holds the focus instead.
  // Where typed text goes now: "none" when the page itself has the keyboard focus (no field,
  // no editable document), which is where text typed without clicking a field first goes.
  // The element that held the focus as typing began, to compare with where the typing ends.
  let typingInto = null;
  // What an editor (a contenteditable box) held as typing into it began, and how many input
  // events the page had heard by then.
  let editorHeld = null, inputsHeard = 0;
  // The words around the field as typing began (see aroundField).
  let aroundBefore = "";
  // The words a few boxes around a field show (where an address or tag field puts the chip it
  // makes of each entry).
  const aroundField = (el) => {
    const box = el?.parentElement?.parentElement?.parentElement || el?.parentElement;
    return box?.innerText || "";
  };
  addEventListener("input", () => inputsHeard++, true);
  // What the field typing went into held as the text's first Enter went down (the words
  // before the line break in it, which Enter may then send away).
  let atEnter = null;
  // The field the last typing went into, and when it began.
  let typedInto = [null, 0];
  addEventListener("keydown", (e) => {
    if (e.isTrusted && e.key === "Enter" && typingInto && !atEnter) atEnter = { el: deepActiveElement(), value: typingInto.value ?? "" };
  }, true);
  // The text field the last left click pressed (or the field of the label it pressed), until a
  // key or another click: typing is meant for it.
  let clickedField = null;
  const fieldPressed = (el) => {
    const f = el?.closest?.("label")?.control || el;
    return f?.nodeType === 1 && isTextEntry(f) && !f.matches(":disabled") ? f : null;
  };
  // Whether the focus on `el` is the focus on `clicked`: the same element, one inside the other,
  // or the frame whose document holds `clicked` (an editor in a frame of its own).
  const focusedAt = (el, clicked) => composedContains(clicked, el) || composedContains(el, clicked) || inFrame(el, clicked);
  function focusHolder() {
    keyUps = [];
    hookFrames(document, 0);
    const el = deepActiveElement();
    typingInto = el;
    typedInto = [el, performance.now()];
    atEnter = null;
    editorHeld = el?.isContentEditable ? { text: el.textContent, inputs: inputsHeard } : null;
    dateBefore = el?.localName === "input" && DATE_TYPES[el.type] ? el.value : null;
    aroundBefore = el && isTextEntry(el) ? aroundField(el) : "";
    const clicked = clickedField;
    clickedField = null;
    const page = !el || el === document.body || el === document.documentElement;
    let out;
    if (page) out = document.designMode !== "on" && !document.body?.isContentEditable ? "none" : "some";
    else {
      // A control that takes no text (a button, a link, a box to tick): the text goes nowhere
      // unless the page listens for keys itself.
      out = takesNoText(el) ? { notext: describe(el) } : [liveSearch(el) && "live", suggesting(el) && "suggests"].filter(Boolean).join(" ") || "some";
    }
    // The page moved the focus from the field Claude clicked (a focus trap that takes it back).
    if (!clicked?.isConnected || focusedAt(el, clicked)) return out;
    return { away: describe(clicked), to: page ? null : describe(el), notext: out.notext || null, suggests: /suggests/.test(out), live: /live/.test(out) };
  }

  // A field that searches as the words are typed, asking its server once they pause (htmx's
  // `hx-trigger="keyup changed delay:500ms"`, a debounced filter): a search field, one that says
  // it searches, filters or finds, one in a search landmark, or one htmx sends.
  function liveSearch(el) {
    if (!isTextEntry(el) && !el.isContentEditable) return false;
    const says = [el.type, el.getAttribute("role"), el.name, el.id, el.getAttribute("placeholder"), el.getAttribute("aria-label")].join(" ");
    return /search|filter|query|find|look ?up/i.test(says) || !!el.closest("[role=search], search, [hx-get], [hx-post], [data-hx-get], [data-hx-post]");
  }

  // A control that takes no text (a button, a link, a box to tick).
  function takesNoText(el) {
    const role = roleOf(el);
    // (A button drawn as a combobox or list takes typed words to go to the choice they name.)
    const control = (["button", "a", "summary"].includes(el.localName) || (el.localName === "input" && !isTextEntry(el)) || ["button", "link", "checkbox", "radio", "switch", "tab", "menuitem"].includes(role)) && !["combobox", "listbox", "textbox", "searchbox"].includes(role);
    return control && !isTextEntry(el) && document.designMode !== "on";
  }

  // Whether a key right behind typing into `el` should wait for the page's answer to the words:
  // it offers suggestions (a combobox; a field with a list, that says it completes or controls a
  // popup; one whose page turned the browser's own completion off for its own, as jQuery UI's
  // does), or a list of choices is open. Enter in a chat box or a plain form field acts on the
  // words at once, as a person's would.
  function suggesting(el) {
    const offers = (e) =>
      e.getAttribute("role") === "combobox" ||
      ["list", "aria-autocomplete", "aria-haspopup", "aria-controls", "aria-owns", "aria-expanded", "aria-activedescendant"].some((a) => e.hasAttribute(a)) ||
      (e.getAttribute("autocomplete") || "").toLowerCase() === "off" ||
      /autocomplete|typeahead|suggest|combo/i.test(typeof e.className === "string" ? e.className : "");
    for (let e = el, up = 0; e && up < 4; e = e.parentElement, up++) {
      if (offers(e)) return true;
    }
    for (const list of document.querySelectorAll("[role=listbox], [role=menu], datalist")) {
      if (list.localName !== "datalist" && seen(list)) return true;
    }
    return false;
  }

  // A date or time field's value as typing into it began.
  let dateBefore = null;

  // After typing: null when the focus stayed where the typing began; else where it was and
  // where it is now (null for nothing focused), for Claude to know where the rest of the text
  // went (fields that move it on, as a code split into one box per digit does, or a page that
  // takes it).
  // (`typed`: the text, when it held no key that moves the focus. A field that kept the focus
  // but does not hold it refused or changed some of it: a length limit, a mask, a handler that
  // stops keys or writes the value its own way, a read-only field.)
  function focusMoved(next, typed) {
    keyUps = [];
    const was = typingInto;
    typingInto = null;
    const el = deepActiveElement();
    const nothing = (e) => !e || e === document.body || e === document.documentElement;
    const plainField = (f) => f?.localName === "textarea" || (f?.localName === "input" && MAXLENGTH_TYPES.has(f.type));
    // Whether a field's value holds the words typed. (The spaces, dashes, brackets, dots,
    // slashes, colons and commas a mask puts between them are its own, as capitals a field writes
    // are; every other character typed, a symbol, an emoji or a mark on a letter, is kept, and
    // text the field put in its composed form is the same text.)
    const bare = (v) => v.normalize("NFC").toLowerCase().replace(/[\s\-\u2010-\u2015().,:/']/gu, "");
    const holds = (value, words) => value.includes(words) || (!!bare(words) && bare(value).includes(bare(words)));
    const enter = atEnter;
    atEnter = null;
    // A Tab in the text moved the focus as Claude meant it to (or an editor took it as a key of
    // its own): only what came after the last one is told, when it left every field.
    if (typeof typed === "string" && typed.includes("\t")) {
      editorHeld = null;
      const after = typed.slice(typed.lastIndexOf("\t") + 1);
      if (!after.trim()) return null;
      if (nothing(el)) return document.designMode !== "on" && !el?.isContentEditable ? { lost: clean(after, 80), next } : null;
      const counter = { next };
      // (Into the next field, which may cut it: a length limit of its own.)
      if (plainField(el) && el.type !== "password" && !/[\r\n]/.test(after) && !holds(el.value, after.trim())) {
        return { misread: `A Tab in the text took the keyboard focus to ${describe(el, counter)}, which does not hold all of what was typed after it: it holds ${JSON.stringify(clean(el.value, 80))}. Read the page to see what each field holds`, next: counter.next };
      }
      // (A Tab that reached a button between two fields: a help button beside a field.)
      if (!takesNoText(el)) return null;
      const pressed = after.includes(" ") && !el.closest("a[href]") ? ", and a Space in it pressed that control" : "";
      return { misread: `A Tab in the text took the keyboard focus to ${describe(el, counter)}, which takes no text, so unless the page listens for keys itself, what was typed after it (${JSON.stringify(clean(after, 80))}) went nowhere${pressed}. Click the next field (or use form_input on it), then type the rest`, next: counter.next };
    }
    // Line breaks press Enter, which may send the form (and the page may empty the field for
    // the next entry) or move on: the field is judged by what it held as the first Enter went
    // down, and by the words after the last line break.
    if (typeof typed === "string" && /[\r\n]/.test(typed)) {
      const first = typed.split(/[\r\n]/)[0].trim();
      typed = typed.slice(Math.max(typed.lastIndexOf("\n"), typed.lastIndexOf("\r")) + 1);
      if (enter && enter.el === was && plainField(was) && was.type !== "password" && first && !holds(enter.value, first)) {
        const counter = { next };
        return { misread: `${describe(was, counter)} did not hold all of what was typed before the line break when Enter was pressed: it held ${JSON.stringify(clean(enter.value, 80))}, so the page refused or changed some of it (a length limit, a mask, a read-only field, a handler of its own)`, next: counter.next };
      }
      // (Every word typed before Enter moved the focus on, as it does.)
      if (!typed.trim() && el !== was) return null;
    }
    // A date or time field takes keys part by part, in the order the browser shows its parts
    // (month, day, year here), not the form read_page gives its value in: typed that way, it
    // holds another date (a year of five digits) or nothing.
    if (was && el === was && typeof typed === "string" && typed.trim() && el.localName === "input" && DATE_TYPES[el.type]) {
      // (A part typed over, a day, leaves the rest as it was; a whole date or time left empty,
      // or a year of five digits, or one not typed, was not taken as meant.)
      const year = (v) => v?.match(/\d{4,}/)?.[0];
      const groups = typed.match(/\d+/g) || [];
      const whole = groups.length >= 3 || groups.some((g) => g.length >= 4) || (el.type === "time" && groups.length >= 2);
      const now = year(el.value);
      if ((!el.value && whole) || now?.length > 4 || (now && now !== year(dateBefore) && !typed.includes(now))) {
        const counter = { next };
        const holds = el.value ? `it holds ${JSON.stringify(el.value)}` : "it is empty";
        return { misread: `${describe(el, counter)} did not take what was typed as meant: ${holds}. A date or time field takes keys part by part in the order it shows its parts; set it with form_input instead, which takes it in the form ${DATE_TYPES[el.type]}`, next: counter.next };
      }
    }
    // (A date, time or number field holds what is typed in a form of its own.)
    const plain = el?.localName === "textarea" || (el?.localName === "input" && MAXLENGTH_TYPES.has(el.type));
    // (A number field holds no letters.)
    const lost = typeof typed === "string" && !!typed && ((plain && !holds(el.value, typed.trim())) || (el?.localName === "input" && el.type === "number" && !el.value && !!typed.trim()));
    if (was && el === was && lost) {
      const counter = { next };
      // The words typed (without the comma or line break that ended an entry), shown beside
      // the field now and not before: the page took them out of it into a chip or tag.
      const words = typed.trim().replace(/[\s,;]+$/, "");
      const took = words && el.type !== "password" && aroundField(el).includes(words) && !aroundBefore.includes(words) ? clean(words, 80) : null;
      return { field: describe(el, counter), holds: el.type === "password" ? null : clean(el.value, 80), took, next: counter.next };
    }
    // A field that holds it but whose own check does not accept it (a number over its limit, an
    // address without its @): the form will not be sent so.
    const checked = plain || (el?.localName === "input" && el.type === "number");
    if (was && el === was && typeof typed === "string" && typed.trim() && checked && el.value.includes(typed.trim()) && el.willValidate && !el.validity.valid && el.validationMessage) {
      const counter = { next };
      return { field: describe(el, counter), unaccepted: clean(el.validationMessage, 150), next: counter.next };
    }
    // An editor that took none of it (its page stops the input: no input event came, and it
    // holds what it held). One that took it in a form of its own (a list a "- " starts, quotes
    // made curly) is not judged.
    const held = editorHeld;
    editorHeld = null;
    if (was && el === was && el.isContentEditable && held && typeof typed === "string" && typed.trim() && inputsHeard === held.inputs && el.textContent === held.text) {
      const counter = { next };
      return { field: describe(el, counter), holds: clean(el.innerText || "", 80), next: counter.next };
    }
    if (!was || el === was) return null;
    const counter = { next };
    const what = (e) => (nothing(e) ? null : e.isConnected ? describe(e, counter) : "a field the page has since removed");
    return { from: what(was), to: what(el), next: counter.next };
  }

  function describeFocus(next) {
    const counter = { next };
    const el = deepActiveElement();
    if (!el || el === document.body || el === document.documentElement) return { what: "the page itself (nothing is focused)", named: true, entry: false, next };
    if (isFrame(el) && !frameDoc(el)) return { crossFrame: true, frame: ensureRef(el, counter), what: describe(el), next: counter.next };
    const out = { what: describe(el), named: isNamed(el), entry: isTextEntry(el), multiline: el.localName === "textarea" || !!el.isContentEditable, next: counter.next };
    const form = el.form || (el.closest && el.closest("form"));
    if (form) out.form = describeForm(form);
    return out;
  }

  // Whether a ref is a control that submits a form, for form_input's approval.
  function describeControl(ref) {
    const el = resolveEl(ref);
    if (!el) return { error: "stale" };
    const type = (el.getAttribute("type") || "").toLowerCase();
    const submits = (el.localName === "button" && (type || "submit") === "submit") || (el.localName === "input" && ["submit", "image"].includes(type));
    const out = { what: describe(el), named: isNamed(el), submits };
    if (submits && el.form) out.form = describeForm(el.form);
    return out;
  }

  // What is at a viewport point: for a coordinate click's acknowledgement and its approval. With
  // `frames`, a point over another site's frame says which frame (by a ref) and where in it, to
  // be described there.
  function describeAt(x, y, next, frames) {
    if (onScrollbar(x, y)) return { what: PAGE_SCROLLBAR, next };
    const counter = { next };
    const hit = deepElementAt(x, y);
    if (!hit.el) return { what: null, next };
    if (hit.crossFrame && frames) {
      const { fx, fy } = intoFrame(hit.el, (x - hit.ox) / hit.s, (y - hit.oy) / hit.s);
      return { what: `${describe(hit.el)} (another site's frame)`, crossFrame: true, frame: ensureRef(hit.el, counter), fx, fy, next: counter.next };
    }
    if (hit.crossFrame) return { what: `${describe(hit.el)} (another site's frame)`, next: counter.next };
    return { what: describe(hit.el), named: isNamed(hit.el), next: counter.next };
  }

  // Whether a viewport point is on the page's own scrollbar (part of the window, and of the
  // screenshot, but not of the page): on the right of the page's box, or on its left when the
  // page is written right to left, and below it for the sideways one.
  const PAGE_SCROLLBAR = "the page's scrollbar, not an element of the page (a press there scrolls the page)";
  function onScrollbar(x, y) {
    const root = document.documentElement;
    if (!root) return false;
    const side = innerWidth - root.clientWidth, below = innerHeight - root.clientHeight;
    const rtl = side > 0 && getComputedStyle(root).direction === "rtl";
    return (side > 0 && (rtl ? x < side : x >= root.clientWidth)) || (below > 0 && y >= root.clientHeight && y < innerHeight);
  }

  const TEXT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", "number", ""]);
  const DATE_TYPES = { date: "YYYY-MM-DD", time: "HH:MM", "datetime-local": "YYYY-MM-DDTHH:MM", month: "YYYY-MM", week: "YYYY-Www" };

  // A date or time as a field of `type` takes it, from the forms people write it in, when it
  // can mean only one; null otherwise (an order of day and month that the numbers leave open,
  // as 03/04/2026, is not guessed).
  const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
  // A date written in numbers with its year last (12/25/2026, 25.12.2026): its two first numbers
  // and its year. Which of the two is the day is open when both could be a month.
  const NUMERIC_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/;
  const dayMonthOpen = (a, b) => a !== b && a <= 12 && b <= 12;
  function asDateField(type, given) {
    const pad = (n) => String(n).padStart(2, "0");
    const monthNamed = (w) => (/^[a-z]{3,9}\.?$/i.test(w) ? MONTH_NAMES.indexOf(w.slice(0, 3).toLowerCase()) + 1 : 0);
    const day = (y, m, d) => (y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${String(y).padStart(4, "0")}-${pad(m)}-${pad(d)}` : null);
    const dateOf = (t) => {
      t = t.trim().replace(/,/g, " ").replace(/\s+/g, " ").replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.? /i, "");
      let m;
      if ((m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t))) return day(+m[1], +m[2], +m[3]);
      if ((m = NUMERIC_DATE.exec(t)) && m[0] === t) {
        const [a, b, y] = [+m[1], +m[2], +m[3]];
        if (dayMonthOpen(a, b)) return null;
        return a > 12 ? day(y, b, a) : day(y, a, b);
      }
      if ((m = /^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/i.exec(t)) && monthNamed(m[1])) return day(+m[3], monthNamed(m[1]), +m[2]);
      if ((m = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+\.?) (\d{4})$/i.exec(t)) && monthNamed(m[2])) return day(+m[3], monthNamed(m[2]), +m[1]);
      return null;
    };
    const timeOf = (t) => {
      const m = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(?:([ap])\.?\s?m\.?)?$/i.exec(t.trim());
      if (!m || (!m[2] && !m[4])) return null;
      let h = +m[1];
      if (m[4]) {
        if (h < 1 || h > 12) return null;
        h = (h % 12) + (m[4].toLowerCase() === "p" ? 12 : 0);
      }
      if (h > 23 || +(m[2] || 0) > 59 || +(m[3] || 0) > 59) return null;
      return `${pad(h)}:${m[2] || "00"}${m[3] ? `:${m[3]}` : ""}`;
    };
    const t = given.trim();
    if (type === "date") return dateOf(t);
    if (type === "time") return timeOf(t);
    if (type === "datetime-local") {
      const m = /^(.*?\d)(?:\s*,?\s*(?:at\s+)?|T)(\d{1,2}(?::\d{2}){0,2}\s*(?:[ap]\.?\s?m\.?)?)$/i.exec(t);
      const d = m && dateOf(m[1]), h = m && timeOf(m[2]);
      return d && h ? `${d}T${h}` : null;
    }
    if (type === "month") {
      let m;
      if ((m = /^(\d{4})[-/.](\d{1,2})$/.exec(t))) return day(+m[1], +m[2], 1)?.slice(0, 7) ?? null;
      if ((m = /^(\d{1,2})\s*[-/.]\s*(\d{4}|\d{2})$/.exec(t))) return day(m[2].length === 2 ? 2000 + +m[2] : +m[2], +m[1], 1)?.slice(0, 7) ?? null;
      if ((m = /^([a-z]+\.?),? (\d{4})$/i.exec(t)) && monthNamed(m[1])) return day(+m[2], monthNamed(m[1]), 1).slice(0, 7);
    }
    return null;
  }

  // What the page did with a value set in a field, as its handlers answered the input: a note
  // when the field holds something else (its old value put back, or the value written its own
  // way: in capitals, without the letters a digits-only field refuses).
  function pageKept(el, text, before) {
    const now = el.value;
    if (now === text || (el.type === "number" && now !== "" && Number(now) === Number(text))) return null;
    if (el.type === "password") return "the page changed what the field holds";
    if (now === before) return `the page put back what the field held: it holds ${JSON.stringify(clean(now, 80))}`;
    return `the page changed it: the field holds ${JSON.stringify(clean(now, 80))}`;
  }
  // form_input's answer for a combobox whose list is chosen from, never filtered by text: the
  // core clicks it open unless it is, then clicks the option named.
  function chosenFromList(el, what, value) {
    if (typeof value !== "string" && typeof value !== "number") return { error: `${what} is a list to choose from: give the words of the option to choose.` };
    if (el.getAttribute("aria-disabled") === "true") return { error: `${what} is disabled, so its value cannot be set.`, later: true };
    // (Open when it says so, or, saying nothing, when the list it names is shown.)
    const expanded = el.getAttribute("aria-expanded");
    const open = expanded === "true" || (expanded == null && comboLists(el).some((l) => !hiddenReason(l, l.getBoundingClientRect())));
    return { ok: true, combobox: true, drawn: true, opens: !open };
  }
  // Whether a field is a combobox with a list to choose from: one itself, or in a box that is
  // one, saying it has a list (by naming or popping one up, or saying whether it is open). A
  // field in a box that says only that it is a combobox, as an older Element Plus date picker's
  // is, is none.
  function listOpener(el) {
    const box = roleOf(el) === "combobox" ? el : el.parentElement?.closest("[role=combobox]");
    // (One that pops up a dialog or a grid is a picker, which takes what is typed: a date.)
    if (!box || [el, box].some((e) => /^(dialog|grid)$/.test(e.getAttribute("aria-haspopup") || ""))) return false;
    const says = (e) => ["aria-controls", "aria-owns", "aria-expanded", "aria-activedescendant"].some((a) => e.hasAttribute(a)) || /^(listbox|true)$/.test(e.getAttribute("aria-haspopup") || "") || /^(list|both)$/.test(e.getAttribute("aria-autocomplete") || "");
    return says(el) || says(box);
  }
  // Whether a box's `checked` is `b` within `ms`, looked at as checkedAs looks at a drawn box.
  function settledAs(el, b, ms) {
    const until = performance.now() + ms;
    return new Promise((resolve) => {
      const look = () => (el.checked === b || performance.now() >= until ? resolve(el.checked === b) : setTimeout(look, 20));
      setTimeout(look, 0);
    });
  }
  // A field the page answered in a task of its own (a controlled field drawn again a tick
  // later puts back what its state holds): looked at again once the timers it set have run.
  // (Not in a hidden tab, whose timers the browser holds back for up to a second.)
  function keptAfterTask(el, text, before) {
    const now = () => {
      const later = pageKept(el, text, before);
      return later ? { ok: true, value: el.value, note: later } : { ok: true, value: el.value };
    };
    if (document.visibilityState !== "visible") return now();
    return new Promise((resolve) => setTimeout(() => resolve(now()), 0));
  }
  function fire(el, value) {
    el.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertReplacementText", data: value == null ? null : String(value) }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The bounds a number field states, for its error (none when it states none).
  function range(el) {
    if (el.min && el.max) return ` between ${el.min} and ${el.max}`;
    if (el.min) return ` of at least ${el.min}`;
    if (el.max) return ` of at most ${el.max}`;
    return "";
  }
  // The field a combobox drawn by a library stands for: the one text field shown inside it
  // (Choices.js types into one), or the <select> it hides and keeps in step with its changes
  // (select2 puts its box right after that <select>).
  function drawnFor(el) {
    if (roleOf(el) !== "combobox" || el.matches("input, select, textarea") || el.isContentEditable) return null;
    const fields = [...el.querySelectorAll("input:not([type=hidden]), textarea")].filter(controlShown);
    if (fields.length === 1) return fields[0];
    for (let box = el, i = 0; box && i < 4; box = box.parentElement, i++) {
      const before = box.previousElementSibling;
      if (before && before.localName === "select" && !controlShown(before)) return before;
    }
    return null;
  }
  // The control a ref's element sets: a label (one standing in for its hidden checkbox, say)
  // its control, a box that shows a combobox's choice its field, and a combobox a library drew
  // for a field that field.
  function fieldFor(el) {
    return el.localName === "label" && el.control ? el.control : hiddenCombobox(el) || hiddenToggle(el) || drawnFor(el) || editorFieldOf(el) || el;
  }

  // How long after its text a combobox's option is chosen at the soonest (see comboOptions).
  const TYPED_MS = 350;
  // The options a combobox's own list shows (the list its aria-controls or aria-owns names, or
  // the one its active option is in), and a ref for the one named `want`, if any: waits up to
  // `ms` for one so named to show, as a library filters its list a moment after the text.
  function comboOptions(ref, want, ms, next, typed = true) {
    const found = resolveEl(ref);
    if (!found) return { error: "stale" };
    // (A box that stood in for its field while the field was hidden holds it shown now that
    // the box's click opened it.)
    const inner = roleOf(found) !== "combobox" && found.querySelectorAll("[role=combobox]");
    const field = inner?.length === 1 && !hiddenCombobox(found) ? inner[0] : fieldFor(found);
    const counter = { next };
    const norm = (t) => clean(t, 200).toLowerCase();
    const wanted = norm(String(want));
    const bare = (t) => t.normalize("NFD").replace(/\p{M}/gu, "");
    const bareWanted = bare(wanted);
    // A button that opens a dialog to choose in (Ionic's select, whose popover or alert lists
    // its options again as radio buttons) is chosen from in the dialog it opened.
    let popup = null;
    const shown = () => {
      const out = [];
      const lists = comboLists(field);
      // (Found once, and kept while it is there.)
      if (lists.length) popup = null;
      else if (!popup || !popup.isConnected || !controlShown(popup)) popup = openedPopup(field);
      const sel = popup ? CHOICES : "[role=option]";
      for (const list of popup ? [popup] : lists) {
        const inside = list.querySelectorAll(sel);
        for (const o of inside.length ? inside : drawnInside(list, sel)) if (!hiddenReason(o, o.getBoundingClientRect()) && out.length < 200) out.push(o);
      }
      return out.length || popup ? out : drawnBeside(lists);
    };
    const start = performance.now();
    const until = start + ms;
    // A match is taken once it is still there a moment later: a library may draw its list again
    // right after the text (Choices.js does), and the option first found would be gone.
    let seenBefore = null;
    return new Promise((resolve) => {
      const look = () => {
        const options = shown();
        const said = options.map((o) => nameOf(o, "option"));
        const names = said.map(norm);
        const at = options.findIndex((o, i) => names[i] === wanted && o.getAttribute("aria-disabled") !== "true");
        let match = at >= 0 ? options[at] : null;
        const steady = match && match === seenBefore;
        seenBefore = match;
        // A person picks from the list once it answers the words typed, and some time after
        // typing them: a library may filter its list a moment after the text, and take the
        // text in again then (Tom Select does, 300 ms after it, and takes the focus back to its
        // field), so a match is taken no sooner than that, from a list that the text filtered;
        // from a list that never filters, when the time is up.
        const filtered = names.filter((n) => /[\p{L}\p{N}]/u.test(n)).every((n) => bare(n).includes(bareWanted));
        const now = performance.now();
        // (A list a click opened, with nothing typed, is not filtered: its option is taken once
        // it stays.)
        const ready = typed ? steady && filtered && now >= start + TYPED_MS : steady;
        if (!ready && now < until) return void setTimeout(look, 50);
        if (!steady) match = null;
        const offered = said.map((t) => clean(t, 60)).filter(Boolean);
        // (A dialog that takes the choice only once a button of its own is pressed, as Ionic's
        // alert takes it with OK, names its buttons.)
        // (A dialog whose only other button cancels it, as an action sheet's, closes on the choice.)
        const buttons = popup && match ? [...popup.querySelectorAll("button,[role=button]")].filter((b) => !b.matches(CHOICES) && !b.closest(CHOICES) && controlShown(b)).map((b) => clean(nameOf(b, "button"), 40)).filter(Boolean) : [];
        const confirm = buttons.some((b) => !CANCELS.test(b)) ? buttons : [];
        if (match) readAs.delete(refOf.get(match));
        resolve({ offers: few(offered), match: match ? ensureRef(match, counter) : null, name: match ? clean(said[at], 80) : null, next: counter.next, popup: !!popup, confirm: confirm.length ? few(confirm) : null });
      };
      look();
    });
  }
  // The options a library draws for a list it keeps out of sight for screen readers (Ant
  // Design's select keeps a listbox of no size, with only the options around the active one,
  // beside the list a person sees, whose options have no role): what is clickable in the shown
  // box around that list, outside it.
  function drawnBeside(lists) {
    const out = [];
    for (const list of lists) {
      // (A list laid out at no size, in a box that is shown: not one closed with the rest of its
      // popup, nor one a popup's opening animation draws small for now.)
      if ((list.offsetWidth > 1 && list.offsetHeight > 1) || !list.querySelector("[role=option]") || hiddenReason(list, list.getBoundingClientRect()) !== "tiny") continue;
      const box = list.parentElement;
      const r = box?.getBoundingClientRect();
      if (!box || box === document.body || r.width < 20 || r.height < 20 || hiddenReason(box, r)) continue;
      let looked = 0;
      for (const o of box.querySelectorAll("*")) {
        if (out.length >= 200 || ++looked > 3000) break;
        if (list.contains(o) || !o.textContent.trim() || actionable(o, getComputedStyle(o), roleOf(o)) !== "clickable" || hiddenReason(o, o.getBoundingClientRect())) continue;
        out.push(o);
      }
    }
    return out;
  }
  // The elements matching `sel` that are drawn inside `el`, down through shadow roots and what
  // their slots show (a web component's list slots its options in, and each option draws its
  // own in its shadow root: Material's md-select-option). A few thousand elements at most.
  function drawnInside(el, sel) {
    const out = [];
    let looked = 0;
    const visit = (n) => {
      if (out.length >= 200 || ++looked > 3000) return;
      if (n !== el && n.matches(sel)) return void out.push(n);
      const assigned = n.localName === "slot" ? n.assignedElements({ flatten: true }) : [];
      for (const k of shadowOf(n)?.children || (assigned.length ? assigned : n.children)) visit(k);
    };
    visit(el);
    return out;
  }
  // A button that only closes a dialog.
  const CANCELS = /^(cancel|close|dismiss|back|no|[×✕✖x])$/i;
  // What a person chooses among in a dialog a button opened.
  const CHOICES = "[role=option],[role=radio],[role=menuitemradio],[role=menuitemcheckbox],[role=menuitem]";
  // The dialog a button that says it opens one (aria-haspopup, and expanded now) has opened: the
  // last shown dialog of the document that holds choices, outside the button.
  function openedPopup(field) {
    const kind = field.getAttribute("aria-haspopup");
    // (A list box it opens is its list, found through comboLists.)
    if (!kind || kind === "listbox" || kind === "false" || field.getAttribute("aria-expanded") !== "true") return null;
    const doc = field.ownerDocument;
    const dialogs = [...doc.querySelectorAll(`[aria-modal=true], dialog[open], [role=dialog], [role=alertdialog]${kind === "menu" ? ", [role=menu]" : ""}`)];
    for (let i = dialogs.length - 1; i >= 0 && i >= dialogs.length - 20; i--) {
      const d = dialogs[i];
      // (Not a dialog the field is in: a form in a modal, around a select in a shadow root.)
      if (!composedContains(d, field) && controlShown(d) && (d.querySelector(CHOICES) || drawnInside(d, CHOICES).length)) return d;
    }
    return null;
  }
  function comboLists(field) {
    const byId = (id) => idFor(field, id);
    const box = field.closest("[role=combobox]");
    const ids = [field, box].filter(Boolean).flatMap((e) => `${e.getAttribute("aria-controls") || ""} ${e.getAttribute("aria-owns") || ""}`.split(/\s+/)).filter(Boolean);
    const lists = ids.map(byId).filter(Boolean);
    // (The active option may be slotted into a list in the combobox's shadow root: Fluent UI's
    // fluent-select.)
    const active = field.getAttribute("aria-activedescendant");
    let list = active && byId(active);
    while (list && !list.matches?.("[role=listbox]")) list = flatParent(list);
    if (list) lists.push(list);
    const inner = !lists.length && shadowOf(field)?.querySelector("[role=listbox]");
    if (inner) lists.push(inner);
    // A box that is the combobox around its field holds its list (and, in a box that takes
    // several, a list of the options already chosen, which offers nothing).
    if (!lists.length && box && box !== field) {
      const inside = [...box.querySelectorAll("[role=listbox]")];
      const chosenOnly = (l) => { const o = l.querySelectorAll("[role=option]"); return o.length > 0 && [...o].every((x) => x.getAttribute("aria-selected") === "true"); };
      const offering = inside.filter((l) => !chosenOnly(l));
      lists.push(...(offering.length ? offering : inside));
    }
    // A button that opens a list it does not name (no aria-controls): the one list shown beside
    // it, in the few boxes around it.
    const opens = field.getAttribute("aria-haspopup") === "listbox" || field.getAttribute("aria-expanded") === "true";
    for (let up = field.parentElement, i = 0; opens && !lists.length && up && up !== document.body && i < 3; up = up.parentElement, i++) {
      const near = [...up.querySelectorAll("[role=listbox]")].filter((l) => seen(l) && !l.contains(field) && l.querySelector("[role=option]:not([aria-selected=true])"));
      if (near.length === 1) lists.push(near[0]);
      else if (near.length > 1) break;
    }
    return [...new Set(lists)];
  }

  // Sets a form control's value directly and fires the events frameworks listen for.
  // The choices a comma-separated list names, for a select that takes several: at each place
  // the longest run of comma-separated words that is an option's whole label or value, else one
  // piece (found as a part of a label, later).
  function choicesIn(want, options, label) {
    const pieces = want.split(",").map((w) => w.trim());
    const whole = new Set(options.flatMap((o) => [o.value.toLowerCase(), label(o).toLowerCase()]));
    const out = [];
    for (let i = 0; i < pieces.length; ) {
      let j = Math.min(pieces.length, i + 8);
      while (j > i + 1 && !whole.has(pieces.slice(i, j).join(", ").toLowerCase())) j--;
      const choice = pieces.slice(i, j).join(", ");
      if (choice) out.push(choice);
      i = j;
    }
    return out;
  }
  function setValue(ref, value) {
    const found = resolveEl(ref);
    if (!found) return { error: "stale" };
    const changed = renamed(ref, found, "set");
    if (changed) return { error: changed };
    editorBoxes = null;
    clickedField = null;
    const el = editableFrameBody(found) || fieldFor(found);
    const what = describe(el);
    const tag = el.localName;
    // (`later`: what the page may still change in answer to the input before this one, a list
    // it fills or a field it enables once a choice is made.)
    if (el.disabled) return { error: `${what} is disabled, so its value cannot be set.`, later: true };
    // Out of a person's reach: behind an open modal dialog (all else is inert), or in a part of
    // the page marked inert.
    const modals = [...el.ownerDocument.querySelectorAll("dialog")].filter((d) => d.matches(":modal"));
    if (modals.length && !modals.some((d) => composedContains(d, el)) && !el.closest(":popover-open")) return { error: `${what} is behind ${describe(modals[modals.length - 1])}, which is open: a person cannot reach it until the dialog closes, so its value was not set. Act in the dialog, or close it first.` };
    if (el.closest("[inert]")) return { error: `${what} is in a part of the page marked inert, which a person cannot reach, so its value was not set.` };
    if (el.readOnly) {
      // A read-only field that is a combobox (Ant Design's and Element Plus's selects draw theirs
      // so) is chosen from as a box that opens its list is, unless it says it is read-only too.
      if (listOpener(el) && el.getAttribute("aria-readonly") !== "true") return chosenFromList(el, what, value);
      const picker = el.closest("[aria-haspopup], [aria-expanded]") || listened.has(el) || told.has(el);
      return { error: `${what} is read-only, so its value cannot be set.${picker ? " It opens a picker or list when clicked: click it, then click the choice." : ""}` };
    }
    // So is a combobox field that shows only once its box is clicked (a box around it is
    // transparent until then, as Element Plus's filterable select keeps it): text set into it
    // while its list is closed filters nothing a person sees.
    if (found !== el && tag === "input" && hiddenCombobox(found) === el && getComputedStyle(el).opacity !== "0" && !el.checkVisibility({ opacityProperty: true })) return chosenFromList(el, what, value);
    // A code editor takes its text as a person gives it: the core clicks it, selects all and
    // types over it. (Its hidden field passes on only what changes in it.)
    if (el !== found && editorFieldOf(found) === el) {
      if (typeof value === "boolean") return { error: `${describe(found)} takes text, not true/false.` };
      return { editor: true };
    }
    const asBool = (v) => (typeof v === "boolean" ? v : typeof v === "string" && /^(true|false|on|off|yes|no|checked|unchecked)$/i.test(v) ? /^(true|on|yes|checked)$/i.test(v) : null);
    if (tag === "input") {
      const type = (el.getAttribute("type") || "text").toLowerCase();
      if (type === "checkbox" || type === "radio") {
        const b = asBool(value);
        if (b === null) return { error: `${what} is a ${type}: pass true or false.` };
        if (type === "radio" && !b && el.checked) return { error: `${what} is a radio button: it is cleared by choosing another one of its group.` };
        if (el.checked !== b) {
          // Toggled as a click toggles it, with the click, input and change events a click
          // fires: frameworks (React among them) hear a box change through its click.
          el.click();
          // (A page that draws the box from its own state puts the click's toggle back and sets
          // it again as it renders, a tick or a frame later: Vue's switches and radios do.)
          const kept = () => ({ error: `${what} did not change: the page kept it ${el.checked ? "checked" : "unchecked"}.` });
          if (el.checked !== b) return settledAs(el, b, 300).then((now) => (now ? { ok: true, value: String(b) } : kept()));
        }
        return { ok: true, value: String(el.checked) };
      }
      if (type === "file") return { error: `${what} is a file input: use file_upload.` };
      if (["button", "submit", "reset", "image", "hidden"].includes(type)) return { error: `${what} is a button, not a field: use left_click.` };
      if (typeof value === "boolean") return { error: `${what} takes text, not true/false.` };
      let text = String(value);
      // A date or time written as people write it ("December 25, 2026", "3:30 PM", 9:30,
      // 2026-3-5) is the one they mean, when it can mean only one; the field takes only its own
      // form.
      const given = text;
      if (DATE_TYPES[type]) text = asDateField(type, text) ?? text;
      const long = MAXLENGTH_TYPES.has(el.type) ? tooLong(el, text) : null;
      if (long) return { error: long };
      const before = el.value;
      el.focus({ preventScroll: true });
      el.value = text;
      if (el.value !== text && !(type === "number" && Number(el.value) === Number(text))) {
        const want = DATE_TYPES[type] ? ` in the form ${DATE_TYPES[type]}` : type === "range" || type === "number" ? range(el) : "";
        // A slider takes the nearest step in its range; a colour field writes a colour in hex.
        const near = type === "range" && text.trim() !== "" && Number.isFinite(Number(text));
        // (A colour the field cannot read leaves it black.)
        const colour = type === "color" && CSS.supports("color", text) && (el.value !== "#000000" || /^(black|#0{3}(0{3})?|rgba?\(\s*0[\s,]+0[\s,]+0\s*(,\s*1\s*)?\))$/i.test(text.trim()));
        if (near || colour) {
          fire(el, el.value);
          return { ok: true, value: el.value, note: near ? `the slider settled on ${el.value}` : `the field holds it as ${el.value}` };
        }
        // Refused: the field keeps what it held, as a person's rejected input leaves it.
        el.value = before;
        const holds = type === "password" ? "" : ` It still holds ${JSON.stringify(clean(before, 80))}.`;
        const open = (type === "date" || type === "datetime-local") && NUMERIC_DATE.exec(given.trim());
        if (open && dayMonthOpen(+open[1], +open[2])) {
          return { error: `${what} did not accept ${JSON.stringify(given)}: its day and month could be either way round; give it in the form ${DATE_TYPES[type]}.${holds}` };
        }
        return { error: `${what} did not accept ${JSON.stringify(text)}; give a valid ${type} value${want}.${holds}` };
      }
      fire(el, text);
      const answered = pageKept(el, text, before);
      // Text typed into a combobox only filters its list: the core picks the option it names.
      // (A field inside a box that is the combobox, as Choices.js draws one, types into it too.)
      // (A date picker's field is a field: its picker takes the date typed.)
      if (listOpener(el) && !(el.list && el.list.localName === "datalist")) return { ok: true, value: el.value, combobox: true };
      // Set, but outside what the field allows (a date past its max, a number off its step): the
      // page's form will refuse it.
      if (answered) return { ok: true, value: el.value, note: answered };
      if (!el.validity.valid && el.validationMessage) return { ok: true, value: el.value, note: `the field does not pass its own check: ${clean(el.validationMessage, 160).replace(/\.$/, "")}` };
      if (text !== given.trim()) return { ok: true, value: el.value, note: `the field holds it as ${el.value}` };
      return keptAfterTask(el, text, before);
    }
    if (tag === "textarea") {
      if (typeof value === "boolean") return { error: `${what} takes text, not true/false.` };
      if (tooLong(el, String(value))) return { error: tooLong(el, String(value)) };
      el.focus({ preventScroll: true });
      const before = el.value;
      el.value = String(value);
      const text = el.value;
      fire(el, text);
      const answered = pageKept(el, text, before);
      return answered ? { ok: true, value: el.value, note: answered } : keptAfterTask(el, text, before);
    }
    if (tag === "select") {
      const want = String(value).trim();
      const options = [...el.options];
      const label = (o) => clean(o.label || o.text, 200);
      // The option whose words are the value, as the read lists them; else the one whose value
      // it is (the page's own code for it, "us" for "United States"); else the one option whose
      // words hold it. Words that several options hold choose none of them ("M" of Mr, Mrs, Ms).
      const find = (w) => {
        const lower = w.normalize("NFC").toLowerCase();
        const named = options.find((o) => label(o).toLowerCase() === lower);
        if (named) return { option: named };
        const coded = options.find((o) => o.value === w) || options.find((o) => lower.length > 0 && o.value.toLowerCase() === lower);
        if (coded) return { option: coded, by: `the option whose value is ${JSON.stringify(coded.value)}` };
        const holding = lower.length > 0 ? options.filter((o) => label(o).toLowerCase().includes(lower)) : [];
        if (holding.length === 1) return { option: holding[0], by: `the one option whose words hold ${JSON.stringify(w)}` };
        return holding.length > 1 ? { several: holding } : null;
      };
      // A list that takes several: the choices, comma-separated, are its new selection. Words
      // that name an option whole are taken together first ("Paris, France" is one choice).
      const wants = el.multiple && !find(want)?.option ? choicesIn(want, options, label) : [want];
      const matches = [];
      const ways = [];
      for (const w of wants) {
        const found = find(w);
        const quoted = (list) => list.slice(0, 30).map((o) => JSON.stringify(clean(o.label || o.text, 60))).join(", ") + (list.length > 30 ? `, and ${list.length - 30} more` : "");
        if (found?.several) return { error: `${w === "" ? "An empty value" : JSON.stringify(w)} is part of several options of ${what}: ${quoted(found.several)}. Give the whole words of the one to choose.` };
        const match = found?.option;
        if (match && matches.includes(match)) continue;
        if (!match) return { error: `${what} has no option ${JSON.stringify(w)}. Its options are: ${quoted(options)}.`, later: true };
        // (An option in a disabled group is disabled too.)
        if (match.matches(":disabled")) return { error: `The option ${JSON.stringify(clean(match.text, 60))} of ${what} is disabled${match.disabled ? "" : " (its group is)"}.` };
        matches.push(match);
        if (found.by) ways.push(`${JSON.stringify(w)} chose ${JSON.stringify(clean(match.label || match.text, 80))}, ${found.by}`);
      }
      const before = el.selectedOptions[0];
      if (el.multiple) {
        for (const o of options) o.selected = matches.includes(o);
      } else {
        el.value = matches[0].value;
        matches[0].selected = true;
      }
      fire(el, el.value);
      const chosen = matches.map((o) => clean(o.label || o.text, 80)).join(", ");
      // (A page that answers the change by choosing another option, its old one or its own.)
      // (Compared by value and words: a page may draw its options anew for the change.)
      const now = el.selectedOptions[0];
      const same = (a, b) => !!a && !!b && a.value === b.value && (a.label || a.text) === (b.label || b.text);
      if (!el.multiple && !same(now, matches[0])) {
        const shows = now ? JSON.stringify(clean(now.label || now.text, 80)) : "no option";
        return { ok: true, value: now ? clean(now.label || now.text, 80) : "", note: same(now, before) ? `the page put back its choice: it shows ${shows}` : `the page chose another option: it shows ${shows}` };
      }
      const how = ways.length ? `${ways.join("; ")}` : null;
      if (el.multiple) return { ok: true, value: chosen, note: `${how ? how + "; " : ""}it takes several choices, and now has ${chosen} selected (give every choice, comma-separated, to change them)` };
      return how ? { ok: true, value: chosen, note: how } : { ok: true, value: chosen };
    }
    const role = el.getAttribute("role");
    if (role === "slider" || role === "spinbutton") {
      // Moved with its keys, as a person moves it (see rangeFocus): it needs a number inside
      // its range, and a value it says.
      const now = rangeValue(el);
      if (now === null) return { error: `${what} is a ${role} the page draws itself and says no value of its own (aria-valuenow), so it cannot be set: click it, then press ${role === "spinbutton" ? "ArrowUp or ArrowDown" : "ArrowRight or ArrowLeft"} (key, with repeat), Home or End until it shows the value wanted.` };
      if (el.getAttribute("aria-disabled") === "true") return { error: `${what} is disabled, so its value cannot be set.`, later: true };
      const want = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : NaN;
      if (!Number.isFinite(want)) return { error: `${what} is a ${role}: give it a number.` };
      const min = Number.parseFloat(el.getAttribute("aria-valuemin") ?? ""), max = Number.parseFloat(el.getAttribute("aria-valuemax") ?? "");
      if ((Number.isFinite(min) && want < min) || (Number.isFinite(max) && want > max)) return { error: `${what} goes from ${min} to ${max}; ${want} is outside that.` };
      return { keyed: true, spin: role === "spinbutton", vertical: el.getAttribute("aria-orientation") === "vertical", want, now, min: Number.isFinite(min) ? min : null, max: Number.isFinite(max) ? max : null };
    }
    // A rich-text editor (ProseMirror, Quill, CodeMirror 6, Lexical…) keeps its own model of
    // the text and redraws it: text set into its DOM is undone or misread. It takes text as a
    // person gives it, so the core types it (see editableFocus).
    if (el.isContentEditable) {
      if (typeof value === "boolean") return { error: `${what} takes text, not true/false.` };
      return { editor: true, editable: true };
    }
    // A combobox that is no field, a box that opens its list when pressed (Material UI's and
    // Radix's Select, Headless UI's Listbox), is set as a person sets it: the core clicks it
    // open unless it is, then clicks the option named.
    // (So is the button of a web component that holds the options it lists: Spectrum's
    // sp-picker.)
    const holdsOptions = el.hasAttribute("aria-haspopup") && !!el.getRootNode().host?.querySelector(":scope > [role=option]");
    if (roleOf(el) === "combobox" || el.getAttribute("aria-haspopup") === "listbox" || holdsOptions) {
      return chosenFromList(el, what, value);
    }
    // A box to tick or switch that the page draws (role checkbox, switch or radio, saying its
    // state with aria-checked) is set as a person sets it: the core clicks it when it is not as
    // asked.
    if (TOGGLE_ROLES.has(role) && el.hasAttribute("aria-checked")) {
      const b = asBool(value);
      const kind = role === "radio" ? "radio button" : role;
      if (b === null) return { error: `${what} is a ${kind}: pass true or false.` };
      const said = el.getAttribute("aria-checked");
      const now = said === "true";
      if (role === "radio" && !b && now) return { error: `${what} is a radio button: it is cleared by choosing another one of its group.` };
      if (el.getAttribute("aria-disabled") === "true") return { error: `${what} is disabled, so it cannot be set.`, later: true };
      // (A box that is partly checked, "mixed", is neither: it is clicked.)
      return now === b && said !== "mixed" ? { ok: true, value: String(now) } : { toggles: true, to: b, what };
    }
    // (A web component may be a control by its ElementInternals, which only the browser tells:
    // the core asks it.)
    return { error: `${what} is not a form control (input, textarea, select or contenteditable). Use left_click, or type after clicking it.`, internals: el.localName.includes("-") && el === found };
  }
  // Whether a box the page draws says it is checked as wanted, waiting up to `ms` for the page
  // to say so (a component draws its new state a frame after the click).
  function checkedAs(ref, want, ms) {
    const el = resolveEl(ref);
    if (!el) return "stale";
    const field = fieldFor(el);
    const until = performance.now() + ms;
    return new Promise((resolve) => {
      const look = () => {
        // (A box the page drew anew for the click says nothing of the new one.)
        if (!field.isConnected) return resolve("unknown");
        const now = field.getAttribute("aria-checked") === "true";
        if (now === want || performance.now() >= until) return resolve(now);
        setTimeout(look, 20);
      };
      look();
    });
  }

  // Whether a ref is a file input that can take `count` files.
  // The file input an element leads to: itself, the one a label is for, or the only one inside
  // it (styled upload buttons often hide theirs).
  function fileInputOf(el) {
    if (isFileInput(el)) return el;
    if (el.localName === "label" && isFileInput(el.control)) return el.control;
    const inside = [...el.querySelectorAll("input")].filter(isFileInput);
    return inside.length === 1 ? inside[0] : null;
  }
  // Whether files can be set through a ref: `none` when it leads to no file input (clicking it
  // may still open a chooser).
  function fileInput(ref, names) {
    const el = resolveEl(ref);
    if (!el) return { error: "stale" };
    const input = fileInputOf(el);
    if (!input) return { none: true, what: describe(el), opens: opensChooser(el) };
    const what = describe(input);
    if (input.disabled) return { error: `${what} is disabled.` };
    if (names.length > 1 && !input.multiple) return { error: `${what} takes one file, and ${names.length} were given.` };
    // The types the input says it takes (`.pdf`, `image/*`): a person's chooser offers only
    // those, and a site may refuse the rest.
    const accept = (input.getAttribute("accept") || "").split(",").map((a) => a.trim().toLowerCase()).filter(Boolean);
    const takes = (name) => {
      const lower = name.toLowerCase();
      const ext = lower.includes(".") ? lower.slice(lower.lastIndexOf(".")) : "";
      const kind = EXT_KINDS[ext.slice(1)];
      return accept.some((a) => (a.startsWith(".") ? a === ext : a.endsWith("/*") ? kind === a.slice(0, -2) : kind && EXT_TYPES[ext.slice(1)] === a) || (!a.startsWith(".") && !kind));
    };
    const off = accept.length ? names.filter((n) => !takes(n)) : [];
    return off.length ? { ok: true, unaccepted: `${what} says it takes ${clean(accept.join(", "), 120)}, and ${off.map((n) => JSON.stringify(n)).join(", ")} ${off.length === 1 ? "is" : "are"} not of those: a person's file chooser would not offer ${off.length === 1 ? "it" : "them"}, and the site may refuse ${off.length === 1 ? "it" : "them"}` } : { ok: true };
  }
  // The kinds and types of files by their extension, for an input's `accept`.
  const EXT_TYPES = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", svg: "image/svg+xml", txt: "text/plain", csv: "text/csv", html: "text/html", json: "application/json", zip: "application/zip", mp4: "video/mp4", mp3: "audio/mpeg", wav: "audio/wav", doc: "application/msword", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", xls: "application/vnd.ms-excel", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" };
  const EXT_KINDS = Object.fromEntries(Object.entries(EXT_TYPES).map(([e, t]) => [e, t.split("/")[0]]));
  // Whether a click on an element that holds no file input likely opens one's chooser: the page
  // has a file input to open (Dropzone keeps its hidden one at the end of the body), and the
  // element says it takes files ("Drop files here to upload", a "Browse" button, a class such as
  // `dropzone`). Only then does file_upload click it: a click elsewhere could do anything.
  // (Words that begin so: "dropzone", "Uploader", never "Profile"; a link or a submit button
  // goes elsewhere whatever it says.)
  const TAKES_FILES = /(^|[^a-z])(upload|drop|browse|choose|attach|files?([^a-z]|$))/i;
  function opensChooser(el) {
    if (el.closest("a[href]") || el.matches("[type=submit]") || (el.localName === "button" && !el.hasAttribute("type") && el.form)) return false;
    const inputs = [...el.getRootNode().querySelectorAll("input")].filter((i) => isFileInput(i) && !i.disabled);
    const said = [el.textContent, el.getAttribute("aria-label"), el.getAttribute("title"), el.id, typeof el.className === "string" ? el.className : ""].join(" ");
    return inputs.length > 0 && TAKES_FILES.test(said.slice(0, 500));
  }
  // A ref for an element the core found by other means (the file input a chooser was for), with
  // what it is.
  function handOut(el, next) {
    const counter = { next };
    const r = ensureRef(el, counter);
    const role = roleOf(el) || "generic";
    const name = nameOf(el, role) || "";
    return { ref: r, next: counter.next, role, name, what: `${name ? `"${name.replace(/"/g, "'")}" ` : ""}(ref_${r})` };
  }
  function fileInputEl(ref) {
    const el = resolveEl(ref);
    return el ? fileInputOf(el) : null;
  }
