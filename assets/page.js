// The page's side of the app: the only code that changes the page once Python runs. Python
// (ludothek.web) decides what every tap and key does and says what the page is to show as a
// list of effects ("ops", web/page.py writes them); this file carries them out. Python never
// reaches into the DOM to write, so the same effects can come from Python anywhere: today from
// the page's own thread, tomorrow from a worker (issue 33). Each op is a JSON array, its first
// item the op's name; a selector is a CSS selector ("#id" for a region).
(function () {
  "use strict";
  var doc = document;
  var toastTimer = null;

  function find(selector) {
    if (selector === "body") return doc.body;
    if (selector === "html") return doc.documentElement;
    try { return doc.querySelector(selector); } catch (e) { return null; }  // an odd selector finds nothing
  }

  // A live region speaks only when its text changes: the same text again gets a trailing space.
  function announce(text) {
    var region = doc.getElementById("announce");
    if (!region) return;
    var old = region.textContent || "";
    region.textContent = text + (old === text ? "\u00a0" : "");
  }

  // A sticky toast (boot.js: a new version is ready, with Reload) comes back when the app's own
  // toast over it has had its time: the offer is not lost to a message that came after it.
  var stickyToast = null;
  function showToast(html, ms) {
    var toast = doc.getElementById("toast");
    if (!toast) return;
    if (toast.classList.contains("sticky")) {
      stickyToast = Array.prototype.slice.call(toast.childNodes);
      toast.classList.remove("sticky");
    }
    toast.innerHTML = html;
    toast.classList.add("visible");
    if (toastTimer !== null) clearTimeout(toastTimer);
    toastTimer = setTimeout(function () {
      toastTimer = null;
      if (stickyToast) {
        toast.replaceChildren.apply(toast, stickyToast);
        toast.classList.add("sticky");
        stickyToast = null;
        return;
      }
      toast.classList.remove("visible");
    }, ms);
  }

  // A selector that finds the focused control of `within` again after it is drawn anew.
  var FOCUS_KEYS = ["href", "data-action", "data-save", "data-index", "id"];
  function focusKey(within) {
    var active = doc.activeElement;
    if (!active || active === within || !within.contains(active)) return null;
    var names = FOCUS_KEYS.filter(function (name) { return active.hasAttribute(name); });
    if (!names.length) return null;
    return active.localName + names.map(function (name) { return "[" + name + '="' + CSS.escape(active.getAttribute(name)) + '"]'; }).join("");
  }

  var notes = {};
  function within(selector) {
    var active = doc.activeElement;
    return !!(active && active.closest && active.closest(selector));
  }
  function holds(when) {
    var ok = true;
    if (when.note) { ok = !!notes[when.note]; notes[when.note] = false; }
    if (ok && when.outside) ok = !within(when.outside);
    if (ok && when.idleOr) {
      var active = doc.activeElement;
      ok = !active || active === doc.body || within(when.idleOr);
    }
    return ok;
  }

  function focus(element, scroll) {
    if (!element) return;
    if (scroll === false) element.focus({ preventScroll: true });
    else element.focus();
  }

  // The dialog shows `html` and puts the keyboard on `focusSelector` when it is there; a dialog just
  // opened without one starts on its first control (the browser would pick the body that scrolls).
  var FIRST_CONTROL = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])";
  function openDialog(html, focusSelector) {
    var dialog = doc.getElementById("dialog");
    if (!dialog) return;
    dialog.innerHTML = html;
    var opening = !dialog.open;
    if (opening) dialog.showModal();
    var button = focusSelector ? dialog.querySelector(focusSelector) : null;
    if (!button && opening) button = dialog.querySelector(FIRST_CONTROL);
    if (button) button.focus();
  }
  function closeDialog() {
    var dialog = doc.getElementById("dialog");
    if (dialog && dialog.open) dialog.close();
  }

  function download(filename, href) {
    var anchor = doc.createElement("a");
    anchor.href = href;
    anchor.download = filename;
    anchor.style.display = "none";
    doc.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  }
  function downloadText(filename, mime, text) {
    var url = URL.createObjectURL(new Blob([text], { type: mime }));
    download(filename, url);
    setTimeout(function () { URL.revokeObjectURL(url); }, 2000);
  }
  // An SVG drawn onto a white canvas `width` pixels wide, downloaded as a PNG; resolves false when
  // the browser could not draw it.
  function downloadPng(filename, svg, width) {
    return new Promise(function (resolve) {
      var url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
      var image = new Image();
      image.onerror = function () { URL.revokeObjectURL(url); resolve(false); };
      image.onload = function () {
        URL.revokeObjectURL(url);
        var ratio = (image.naturalHeight || 1) / (image.naturalWidth || 1);
        var canvas = doc.createElement("canvas");
        canvas.width = width;
        canvas.height = Math.round(width * ratio) || 1;
        var context = canvas.getContext("2d");
        context.fillStyle = "#ffffff";
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(function (png) {
          if (!png) { resolve(false); return; }
          var pngUrl = URL.createObjectURL(png);
          download(filename, pngUrl);
          setTimeout(function () { URL.revokeObjectURL(pngUrl); }, 2000);
          resolve(true);
        }, "image/png");
      };
      image.src = url;
    });
  }

  function whenReady(callback) {
    var body = doc.body;
    if (body.dataset.ready) { callback(); return; }
    new MutationObserver(function (changes, observer) {
      if (!body.dataset.ready) return;
      observer.disconnect();
      callback();
    }).observe(body, { attributes: true, attributeFilter: ["data-ready"] });
  }

  // What the player typed into a text field stays when the field is drawn anew: the app hears of a
  // field only when it changes, and a redraw it sent before (after a choice in another field) may
  // arrive while the player types. A field the app itself gave another value takes the app's.
  var TYPED = "input[name]:not([type]), input[name][type=text], input[name][type=search], textarea[name]";
  function withTypedText(element, draw) {
    var typed = {};
    element.querySelectorAll(TYPED).forEach(function (field) {
      if (field.value !== field.defaultValue) typed[field.name] = [field.defaultValue, field.value];
    });
    draw();
    Object.keys(typed).forEach(function (name) {
      element.querySelectorAll(TYPED).forEach(function (field) {
        if (field.name === name && field.defaultValue === typed[name][0]) field.value = typed[name][1];
      });
    });
  }

  var OPS = {
    // A new screen: its name on the body, its HTML, its title; the live region's last words are
    // about the old screen; the page shows the new screen's top unless told to keep the scroll.
    screen: function (name, html, title, keepScroll) {
      doc.body.dataset.screen = name;
      var screen = doc.getElementById("screen");
      screen.removeAttribute("data-static");
      screen.innerHTML = html;
      var region = doc.getElementById("announce");
      if (region) region.textContent = "";
      doc.title = title;
      if (!keepScroll) window.scrollTo(0, 0);
    },
    // A region drawn anew. A disclosure the player opened stays open (details[data-keep], and the
    // one `keepOpen` names); with `keepFocus`, the control that had the keyboard has it again
    // when the new HTML has its like (same tag and href, data-action, data-save, data-index, id).
    region: function (id, html, keepFocus, keepOpen) {
      var element = doc.getElementById(id);
      if (!element) return;
      var opened = Array.prototype.map.call(element.querySelectorAll("details[data-keep][open]"), function (d) { return d.getAttribute("data-keep"); });
      var wasOpen = keepOpen ? !!element.querySelector(keepOpen + "[open]") : false;
      var focused = keepFocus ? focusKey(element) : null;
      withTypedText(element, function () { element.innerHTML = html; });
      opened.forEach(function (key) {
        element.querySelectorAll("details[data-keep]").forEach(function (d) { if (d.getAttribute("data-keep") === key) d.open = true; });
      });
      if (wasOpen) { var details = element.querySelector(keepOpen); if (details) details.open = true; }
      if (focused && !element.contains(doc.activeElement)) {
        var again = null;
        try { again = element.querySelector(focused); } catch (e) { /* an odd id: the focus goes where the page puts it */ }
        if (again && !again.disabled) focus(again, false);
      }
    },
    html: function (selector, html) { var e = find(selector); if (e) withTypedText(e, function () { e.innerHTML = html; }); },
    append: function (selector, html) { var e = find(selector); if (e) e.insertAdjacentHTML("beforeend", html); },
    text: function (selector, text) { var e = find(selector); if (e) e.textContent = text; },
    attr: function (selector, name, value) {
      var e = find(selector);
      if (!e) return;
      if (value === null) e.removeAttribute(name); else e.setAttribute(name, value);
    },
    prop: function (selector, name, value) { var e = find(selector); if (e) e[name] = value; },
    "class": function (selector, name, on) { var e = find(selector); if (e) e.classList.toggle(name, !!on); },
    // On every element that matches: a class set or taken away, an attribute set or removed.
    classAll: function (selector, name, on) { doc.querySelectorAll(selector).forEach(function (e) { e.classList.toggle(name, !!on); }); },
    attrAll: function (selector, name, value) {
      doc.querySelectorAll(selector).forEach(function (e) { if (value === null) e.removeAttribute(name); else e.setAttribute(name, value); });
    },
    data: function (selector, name, value) {
      var e = find(selector);
      if (!e) return;
      if (value === null) delete e.dataset[name]; else e.dataset[name] = value;
      if (e === doc.body && name === "ready" && value) performance.mark("ludothek:ready");
    },
    style: function (selector, name, value) { var e = find(selector); if (e) e.style.setProperty(name, value); },
    title: function (text) { doc.title = text; },
    // Only a change: writing the root's lang, even the same value, has the browser restyle every
    // element (:lang() may match anew), and Python says it with its first screen, at ready, when
    // the page shows that language already (a 22 ms task on the page's thread, 4x on a phone).
    lang: function (code) { if (doc.documentElement.lang !== code) doc.documentElement.lang = code; },
    // The keyboard on the first of `selectors` that is there and not disabled, when `when` holds:
    // {note: a focus noted earlier (noteFocus), outside: the focus is not in these, idleOr: the
    // focus is nowhere or in these}. A note is used up by the focus op that names it.
    focus: function (selectors, scroll, when) {
      if (when && !holds(when)) return;
      var list = typeof selectors === "string" ? [selectors] : selectors;
      for (var i = 0; i < list.length; i++) {
        var element = find(list[i]);
        if (element && !element.disabled) { focus(element, scroll); return; }
      }
    },
    // Whether the keyboard is in `selector` now (or `already`), kept under `name` until a focus op
    // uses it: the regions drawn between would take the focus away.
    noteFocus: function (name, selector, already) { notes[name] = !!notes[name] || !!already || within(selector); },
    select: function (selector) { var e = find(selector); if (e && e.select) { e.focus(); e.select(); } },
    scrollTop: function (selector) { var e = find(selector); if (e) e.scrollTop = e.scrollHeight; },
    // Into view only when its top is above the window (on a phone the move list is far below the board).
    showTop: function (selector) {
      var e = find(selector);
      if (e && e.getBoundingClientRect().top < 0) e.scrollIntoView({ block: "start" });
    },
    announce: announce,
    toast: showToast,
    dialog: function (html, focusSelector) { if (html === null) closeDialog(); else openDialog(html, focusSelector); },
    go: function (hash) { location.hash = hash; },
    replaceHash: function (hash) { location.replace(hash); },
    replaceUrl: function (url) { history.replaceState(null, "", url); },
    download: downloadText,
    downloadPng: downloadPng,
    copy: function (text) { return navigator.clipboard.writeText(text).then(function () { return true; }); },
    copyField: function (id) {
      var field = doc.getElementById(id);
      return field ? navigator.clipboard.writeText(field.value).then(function () { return true; }) : Promise.resolve(false);
    },
    share: function (title, text, url) {
      if (!navigator.share) return Promise.resolve(false);
      return navigator.share({ title: title, text: text, url: url }).then(function () { return true; });
    },
    // localStorage[key] = value (null: removed), for web/saves.MirroredStorage. A refusal is told
    // back (the key as the page holds it now, and whether for want of room), and so is the first
    // write that goes through after one.
    store: function (seq, key, value) {
      var storage = localStore();
      try {
        if (!storage) throw new Error("no storage");
        if (value === null) storage.removeItem(key); else storage.setItem(key, value);
      } catch (e) {
        var held = null;
        try { held = storage ? storage.getItem(key) : null; } catch (e2) { /* unreadable: absent */ }
        known[key] = held;
        refusing = true;
        send({ type: "refused", seq: seq, key: key, full: isQuotaError(e), held: held });
        return;
      }
      known[key] = value;
      if (refusing) { refusing = false; send({ type: "written" }); }
    },
    // How Python's worker started ("snapshot" or "normal"). After a normal start, the package's
    // second zip (py/ludothek/web/more_modules.py: the modules the first screen did not import) is
    // brought into the HTTP cache once the app is ready, so the worker's first import of one of
    // them is answered at once; and where no service worker precaches the memory snapshot (an
    // embedded board, a browser without service workers), the snapshot too, for the next start.
    // `wasm`: where the worker's compiled WebAssembly came from ("helper": a helper worker read the
    // browser's compiled copy, scripts/python_worker.js; "here": the worker compiled it), for the tests.
    runtime: function (how, snapshotURL, moreURL, wasm) {
      doc.documentElement.dataset.start = how;
      if (wasm) doc.documentElement.dataset.wasm = wasm;
      if (how !== "normal") return;
      var precached = !doc.documentElement.classList.contains("embed") && "serviceWorker" in navigator;
      var later = [moreURL].concat(precached ? [] : [snapshotURL]).filter(Boolean);
      whenReady(function () {
        later.forEach(function (url) {
          fetch(url, { priority: "low" }).then(function (response) { return response.arrayBuffer(); })["catch"](function () {});
        });
      });
    },
    // Answered once every op before it is carried out (an import waits for its writes).
    settled: function () { return true; },
    mark: function (name) { performance.mark(name); },
    measure: function (name, start) { try { performance.measure(name, start); } catch (e) { /* no such mark: nothing to measure */ } },
    error: function (text) { console.error(text); }
  };

  // Carry out one op (a JSON text from Python). Its value (a Promise for copy, share and PNG
  // downloads) goes back to Python, which awaits it.
  function run(opText) {
    return runOp(JSON.parse(opText));
  }
  function runOp(op) {
    var fn = OPS[op[0]];
    if (!fn) throw new Error("page: no such op " + op[0]);
    return fn.apply(null, op.slice(1));
  }
  // A batch of ops (a JSON array of them), in order; one that fails is logged, the rest run, and
  // the app is told (its first failure in the batch), as it was when it wrote to the page itself.
  function runAll(batchText) {
    var failed = null;
    JSON.parse(batchText).forEach(function (op) {
      try { runOp(op); } catch (e) {
        console.error("page: the op " + op[0] + " failed:", e);
        if (!failed) failed = { type: "failed", op: String(op[0]), error: String((e && e.message) || e) };
      }
    });
    if (failed) send(failed);
  }

  // -- the page's storage, for Python ----------------------------------------------------------
  // Python (in its worker) has no localStorage: it keeps a mirror of the ludothek.* keys
  // (web/saves.MirroredStorage), sent with the start, and writes through the "store" op. `known`
  // is the page's copy of what that mirror holds: a key found changed when the address changes
  // (another window's write, or one by hand in the developer tools) is told to Python then.
  var PREFIX = "ludothek.";
  var known = {};
  var refusing = false;  // the last write was refused
  function localStore() {
    try { return window.localStorage; } catch (e) { return null; }  // SecurityError: none at all
  }
  function isQuotaError(e) {
    var text = ((e && e.name) || "") + " " + String(e);
    return /quota/i.test(text) || /NS_ERROR_DOM_QUOTA_REACHED/.test(text) || (e && e.code === 22);
  }
  // The ludothek.* keys and texts, and whether a write goes through ("ok"), does not fit ("full")
  // or is refused ("blocked": nothing is kept beyond this page).
  function storedAtStart() {
    var storage = localStore();
    var items = {};
    var status = "blocked";
    try {
      if (!storage) throw new Error("no storage");
      for (var i = 0; i < storage.length; i++) {
        var key = storage.key(i);
        if (typeof key === "string" && key.indexOf(PREFIX) === 0) items[key] = storage.getItem(key);
      }
      try {
        storage.setItem("ludothek.probe", "1");
        storage.removeItem("ludothek.probe");
        status = "ok";
      } catch (e) {
        status = isQuotaError(e) ? "full" : "blocked";
      }
    } catch (e) {
      items = {};
    }
    known = Object.assign({}, items);
    return { status: status, items: items };
  }
  // The keys whose text differs from `known` (null: removed), and `known` brought up to date.
  function storedChanges() {
    var storage = localStore();
    var now = {};
    var changed = {};
    try {
      if (!storage) return changed;
      for (var i = 0; i < storage.length; i++) {
        var key = storage.key(i);
        if (typeof key === "string" && key.indexOf(PREFIX) === 0 && key !== "ludothek.probe") now[key] = storage.getItem(key);
      }
    } catch (e) { return changed; }
    Object.keys(now).forEach(function (key) { if (known[key] !== now[key]) changed[key] = now[key]; });
    Object.keys(known).forEach(function (key) { if (!(key in now) && known[key] !== null) changed[key] = null; });
    known = now;
    return changed;
  }

  // -- what the page tells Python ---------------------------------------------------------------
  // Every tap, key, form change, address change and storage change is described as plain data
  // (web/page.py reads it as a PageEvent) and handed to Python. The page itself decides what the
  // browser must not do (preventDefault), by the same rules Python acts on: a tap on a board target,
  // the board's keys, a form sent.
  var handler = null;  // Python's, once the app has started
  var BOARD_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " "];
  var REVIEW_KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];

  // `message`: the event as data, or a function that describes it when the app takes it (a key:
  // see onKeydown).
  function send(message) {
    if (handler) handler(typeof message === "function" ? message : JSON.stringify(message));
  }

  // An element as Python sees it: its tag, id, name, type, data attributes, classes, and the ids
  // and classes of the elements it stands in ("#board", ".review-moves").
  function describe(element) {
    if (!element) return null;
    var data = {};
    Array.prototype.forEach.call(element.attributes || [], function (attribute) {
      if (attribute.name.indexOf("data-") === 0) data[attribute.name.slice(5)] = attribute.value;
    });
    var within = [];
    for (var up = element.parentElement; up; up = up.parentElement) {
      if (up.id) within.push("#" + up.id);
      if (up.classList) up.classList.forEach(function (name) { within.push("." + name); });
    }
    return {
      tag: element.localName || "",
      id: element.id || "",
      name: element.getAttribute ? element.getAttribute("name") || "" : "",
      kind: element.type ? String(element.type) : "",
      data: data,
      classes: element.classList ? Array.prototype.slice.call(element.classList) : [],
      within: within
    };
  }

  // A form's fields by name (a checkbox "on" or "off", a radio group its checked value).
  function fieldValues(container) {
    var values = {};
    if (!container) return values;
    container.querySelectorAll("input, select, textarea").forEach(function (field) {
      var name = field.name;
      if (!name) return;
      if (field.type === "checkbox") values[name] = field.checked ? "on" : "off";
      else if (field.type === "radio") { if (field.checked) values[name] = field.value; }
      else if (field.type !== "file") values[name] = field.value;
    });
    return values;
  }
  function setupForm() {
    var form = doc.querySelector("form.setup");
    return form ? { game: form.getAttribute("data-game") || "", fromPosition: form.hasAttribute("data-from-position"), values: fieldValues(form) } : null;
  }

  function closestIn(target, selector) {
    while (target && !target.closest) target = target.parentElement;
    return target ? target.closest(selector) : null;
  }

  function onClick(event) {
    var skip = closestIn(event.target, "a.skip-link");
    if (skip) {
      // Its href (#main) would become the address, which the router reads as the home screen:
      // the link only moves the focus to the screen's content, the screen stays.
      event.preventDefault();
      var main = doc.getElementById("main");
      if (main) main.focus();
      return;
    }
    var control = closestIn(event.target, "[data-action], [data-target]");
    if (!control) return;
    var isTarget = control.hasAttribute("data-target") && !control.hasAttribute("data-action");
    if (isTarget && control.closest("#board, #extra, #actions")) event.preventDefault();
    var message = { type: "click", control: describe(control), pointer: event.pointerType || "", setup: setupForm() };
    // A screen whose fields the app reads with every tap (the diagram editor) marks them [data-form].
    var fields = closestIn(control, "[data-form]");
    if (fields) message.values = fieldValues(fields);
    send(message);
  }

  function onKeydown(event) {
    var target = event.target;
    var tag = target && target.localName ? target.localName : "";
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var key = event.key;
    var onBoard = closestIn(target, "#board [data-target]");
    if (onBoard && BOARD_KEYS.indexOf(key) >= 0) {
      event.preventDefault();
    } else if (doc.body.dataset.screen === "review" && REVIEW_KEYS.indexOf(key) >= 0) {
      event.preventDefault();
    }
    // Described when the app takes it, after it has answered the keys before: an arrow pressed
    // quickly after another starts where the one before put the keyboard, not where it was.
    send(function () {
      var focused = onBoard ? closestIn(doc.activeElement, "#board [data-target]") || onBoard : null;
      var message = { type: "key", key: key, control: describe(focused) };
      var fields = focused ? closestIn(focused, "[data-form]") : null;
      if (fields) message.values = fieldValues(fields);
      if (focused && key.indexOf("Arrow") === 0 && BOARD_KEYS.indexOf(key) >= 0) {
        // Where the arrows can go: every target on the board's grid.
        message.targets = Array.prototype.map.call(doc.querySelectorAll("#board [data-target][data-x][data-y]"), function (e) {
          return [e.getAttribute("data-target"), Number(e.getAttribute("data-x")), Number(e.getAttribute("data-y"))];
        });
      }
      return message;
    });
  }

  function onChange(event) {
    var element = event.target;
    if (!element) return;
    if (element.id === "import-file") {
      var file = element.files && element.files.length ? element.files[0] : null;
      element.value = "";
      if (!file) return;
      file.text().then(function (text) {
        send({ type: "import", text: text });
      }, function () {
        send({ type: "import", text: null });
      });
      return;
    }
    var options = closestIn(element, "[data-action=embed-options]");
    if (options) {
      send({ type: "change", form: "embed-options", control: describe(element), values: fieldValues(options) });
      return;
    }
    if (closestIn(element, "form.setup")) { send({ type: "change", form: "setup", control: describe(element), setup: setupForm() }); return; }
    // A screen whose fields the app reads with every tap ([data-form]) hears of a field left after typing too.
    var fields = closestIn(element, "[data-form]");
    if (fields) send({ type: "change", form: fields.getAttribute("data-form") || "", control: describe(element), values: fieldValues(fields) });
  }

  function onSubmit(event) {
    var form = event.target;
    if (closestIn(form, "form.open-link")) {
      event.preventDefault();
      var field = form.elements.namedItem("link");
      send({ type: "submit", form: "open-link", text: field ? String(field.value || "") : "" });
    } else if (closestIn(form, "form.setup")) {
      event.preventDefault();
      send({ type: "submit", form: "setup", setup: setupForm() });
    }
  }

  // What Python needs to know of the page when it starts: the address, the browser's languages and
  // wishes, and what boot.js showed before it (a screen rendered ahead of time, a Play pressed).
  function startInfo() {
    var screen = doc.getElementById("screen");
    var body = doc.body;
    return {
      type: "start",
      hash: location.hash,
      search: location.search,
      base: location.origin + location.pathname,
      languages: Array.prototype.slice.call(navigator.languages || [navigator.language || "en"]),
      reducedMotion: !!(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches),
      shown: screen && screen.getAttribute("data-static") === "1" ? {
        lang: screen.getAttribute("data-static-lang") || "",
        screen: screen.getAttribute("data-static-screen") || "home"
      } : null,
      starting: body.dataset.starting || ""
    };
  }

  // Python's handler of the page's events (a function of the event's JSON text): from now on the
  // page tells it every event. Returns the start message (web/page.PageEvent "start").
  function connect(pythonHandler) {
    handler = pythonHandler;
    doc.addEventListener("click", onClick);
    doc.addEventListener("keydown", onKeydown);
    doc.addEventListener("change", onChange);
    doc.addEventListener("submit", onSubmit);
    window.addEventListener("hashchange", function () { send({ type: "route", hash: location.hash, changed: storedChanges() }); });
    window.addEventListener("storage", function (event) {
      if (event.key !== null && event.key.indexOf(PREFIX) !== 0) return;
      send({ type: "storage", key: event.key, changed: storedChanges() });
    });
    var info = startInfo();
    info.stored = storedAtStart();
    return JSON.stringify(info);
  }

  // Python's worker (PyScript's PyWorker, started by boot.js, its main.py run): the page gives it
  // the functions it calls (a batch of ops; an op whose answer it awaits), then starts the app.
  // Events go to the worker in order, each once the one before it has been handled there, so an
  // event never overtakes the screen the one before it drew.
  function attach(worker) {
    worker.sync.ops = runAll;
    worker.sync.ask = run;
    var queue = Promise.resolve();
    function deliver(message) {
      queue = queue.then(function () {
        return worker.sync.handle(typeof message === "function" ? JSON.stringify(message()) : message);
      }).then(null, function (e) {
        console.error("ludothek: the app could not handle an event:", e);
      });
    }
    var startText = connect(deliver);
    idle = function () { return queue.then(function () { return true; }); };
    return worker.sync.start(startText);
  }
  // A promise that resolves once the app has answered every event sent so far (tests and
  // benchmarks wait for it; a player sees the answer).
  var idle = function () { return Promise.resolve(true); };

  // A control focused in a dialog is brought wholly into view. The browser scrolls only as far as
  // it must to show part of it (of a text area, the line with the caret), which left the middle of
  // the embed code's box below the dialog's visible body, where the actions are.
  function onBody(callback) {
    if (doc.body) callback(); else doc.addEventListener("DOMContentLoaded", callback);
  }
  onBody(function () {
    var dialog = doc.getElementById("dialog");
    if (!dialog) return;
    dialog.addEventListener("focusin", function (event) {
      var target = event.target;
      if (target && target.closest && target.closest(".dialog-body")) target.scrollIntoView({ block: "nearest" });
    });
  });

  // attach: boot.js hands the page Python's worker; fieldValues: how a test reads a form as Python
  // gets it; idle: tests and benchmarks wait for the app's answer.
  window.ludothekPage = { attach: attach, fieldValues: fieldValues, idle: function () { return idle(); } };
})();
