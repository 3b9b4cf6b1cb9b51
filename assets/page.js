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

  function showToast(html, ms) {
    var toast = doc.getElementById("toast");
    if (!toast) return;
    toast.innerHTML = html;
    toast.classList.add("visible");
    if (toastTimer !== null) clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toastTimer = null; toast.classList.remove("visible"); }, ms);
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
      element.innerHTML = html;
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
    html: function (selector, html) { var e = find(selector); if (e) e.innerHTML = html; },
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
    },
    style: function (selector, name, value) { var e = find(selector); if (e) e.style.setProperty(name, value); },
    title: function (text) { doc.title = text; },
    lang: function (code) { doc.documentElement.lang = code; },
    focus: function (selector, scroll) { focus(find(selector), scroll); },
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
    share: function (title, text, url) {
      if (!navigator.share) return Promise.resolve(false);
      return navigator.share({ title: title, text: text, url: url }).then(function () { return true; });
    },
    mark: function (name) { performance.mark(name); },
    measure: function (name, start) { try { performance.measure(name, start); } catch (e) { /* no such mark: nothing to measure */ } },
    error: function (text) { console.error(text); }
  };

  // Carry out one op (a JSON text from Python). Its value (a Promise for copy, share and PNG
  // downloads) goes back to Python, which awaits it.
  function run(opText) {
    var op = JSON.parse(opText);
    var fn = OPS[op[0]];
    if (!fn) throw new Error("page: no such op " + op[0]);
    return fn.apply(null, op.slice(1));
  }

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

  window.ludothekPage = { run: run };
})();
