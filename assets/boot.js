// Boot: everything that must happen before Python is ready, kept small.
// 1. Show the home screen at once: it was rendered ahead of time by the same Python code
//    (scripts/build.py) for each language; the app replaces it when it is ready.
// 2. Show loading progress while the runtime downloads and starts.
// 3. Register the service worker (offline play) and say when a new version is ready.
(function () {
  "use strict";
  var doc = document;

  // -- no WebAssembly stack switching ------------------------------------------------------
  // Chromium's stack switching (JSPI) crashes the tab now and then while Pyodide runs Python on
  // a switched stack (a segfault just past the end of V8's secondary stack; Pyodide issues 5702
  // and 6106 report the same). Nothing here needs it: Pyodide checks for these names and runs
  // the way it does in browsers without JSPI, so the page hides them before Pyodide starts.
  if (typeof WebAssembly === "object") {
    ["Suspending", "promising", "Suspender"].forEach(function (name) {
      try { delete WebAssembly[name]; } catch (e) { /* not deletable here: Pyodide will use it, the boot goes on */ }
    });
  }
  var LANG_KEY = "ludothek.language";

  function language() {
    try {
      var saved = localStorage.getItem(LANG_KEY);
      if (saved === "de" || saved === "en") return saved;
    } catch (e) { /* storage blocked: fall back to the browser's language */ }
    var langs = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < langs.length; i++) {
      var base = String(langs[i]).split("-")[0].toLowerCase();
      if (base === "de" || base === "en") return base;
    }
    return "en";
  }

  var params = new URLSearchParams(location.search);
  var embed = params.get("embed") === "1";
  var lang = language();
  doc.documentElement.lang = lang;
  if (embed) doc.body.classList.add("embed");

  // -- progress ----------------------------------------------------------------------------
  var STAGES = {
    en: ["Loading the games…", "Downloading the Python runtime…", "Starting Python…", "Setting up the games…"],
    de: ["Die Spiele werden geladen…", "Python-Laufzeit wird geladen…", "Python startet…", "Die Spiele werden vorbereitet…"]
  };
  var stage = 0;
  function setStage(n, fraction) {
    var boot = doc.getElementById("boot");
    if (!boot || doc.body.dataset.ready) return;
    if (n > stage) stage = n;
    var text = boot.querySelector(".boot-text");
    if (text) text.textContent = STAGES[lang][stage];
    var fill = boot.querySelector(".boot-fill");
    if (fill) fill.style.width = Math.round((fraction || [0.05, 0.3, 0.7, 0.9][stage]) * 100) + "%";
  }
  setStage(0);
  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          if (/pyodide\.mjs$/.test(entry.name)) setStage(1);
          if (/pyodide\.asm\.wasm$/.test(entry.name)) setStage(2);
          if (/python_stdlib\.zip$|ludothek\.zip$/.test(entry.name)) setStage(3);
        });
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* older browsers: the first stage text stays */ }
  }

  // -- the home screen before Python -------------------------------------------------------
  function showStaticHome() {
    var screen = doc.getElementById("screen");
    var route = location.hash.replace(/^#\/?/, "");
    if (!screen || embed || screen.childElementCount || (route && route !== "/")) return;
    fetch("./assets/build/home." + lang + ".html").then(function (response) {
      return response.ok ? response.text() : "";
    }).then(function (html) {
      // Python may have been quicker: never overwrite the live screen.
      if (html && !doc.body.dataset.ready && !screen.childElementCount) {
        screen.innerHTML = html;
        screen.dataset.static = "1";
        screen.dataset.staticLang = lang;
      }
    }).catch(function () {});
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", showStaticHome);
  else showStaticHome();

  // -- service worker ----------------------------------------------------------------------
  var UPDATE_TEXT = {
    en: ["A new version of Ludothek is ready.", "Reload"],
    de: ["Eine neue Version von Ludothek ist bereit.", "Neu laden"]
  };
  function offerReload() {
    var toast = doc.getElementById("toast");
    if (!toast) return;
    toast.innerHTML = "";
    var text = doc.createElement("span");
    text.textContent = UPDATE_TEXT[lang][0] + " ";
    var button = doc.createElement("button");
    button.type = "button";
    button.textContent = UPDATE_TEXT[lang][1];
    button.addEventListener("click", function () { location.reload(); });
    toast.appendChild(text);
    toast.appendChild(button);
    toast.classList.add("visible", "sticky");
    doc.body.dataset.updateReady = "1";
  }
  // Register the worker once the app is ready: its first install downloads every file of the
  // app again, which must not compete with the page's own start.
  function whenReady(callback) {
    if (doc.body.dataset.ready) { callback(); return; }
    new MutationObserver(function (changes, observer) {
      if (doc.body.dataset.ready) { observer.disconnect(); callback(); }
    }).observe(doc.body, { attributes: true, attributeFilter: ["data-ready"] });
  }
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    whenReady(function () {
      var hadController = !!navigator.serviceWorker.controller;
      navigator.serviceWorker.register("./sw.js").then(function (registration) {
        doc.body.dataset.swRegistered = "1";
        registration.addEventListener("updatefound", function () {
          var worker = registration.installing;
          if (!worker) return;
          worker.addEventListener("statechange", function () {
            if (worker.state === "activated" && hadController) offerReload();
          });
        });
      }).catch(function (error) {
        // Storage blocked (e.g. in a sandboxed iframe): the app still works online.
        doc.body.dataset.swError = String(error && error.name || error);
      });
    });
  }
})();
