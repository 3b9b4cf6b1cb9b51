// Boot: everything that must happen before Python is ready, kept small. It runs in <head>, before
// the stylesheets, so that the runtime's download starts as early as it did when index.html named it.
// 1. Start Python's worker (PyScript's PyWorker), at once for the app; for an embedded board
//    (?embed=1) only when the reader reaches for it, and never for a read-only diagram (see
//    "embedded boards"). The page's side (assets/page.js) connects it to the page once it is up.
// 2. Where the browser blocks IndexedDB (a blog's frame in a private window, storage switched off),
//    give PyScript a memory stand-in, on the page and in the worker: PyScript opens IndexedDB
//    during its start and stops there.
// 3. Show the home screen at once: it was rendered ahead of time by the same Python code
//    (scripts/build.py) for each language; the app takes it over when it is ready. Taps on it
//    meanwhile are acted on at once or when the app is ready, with the progress where the
//    player tapped (see "early taps"). A game's rules page (#/rules/<game>) likewise (see "the
//    rules pages before Python").
// 4. Show loading progress while the runtime downloads and starts.
// 5. Register the service worker (offline play) and say when a new version is ready.
(function () {
  "use strict";
  var doc = document;
  var root = doc.documentElement;

  var LANG_KEY = "ludothek.language";
  var params = new URLSearchParams(location.search);
  var embed = params.get("embed") === "1";
  var readonly = embed && params.get("readonly") === "1";
  // Snippets written since the picture fix say so: their frame's background is the board drawn
  // where the live board will stand. Older snippets (without it) keep their old behaviour.
  var pictured = embed && params.get("picture") === "1";

  function language() {
    // An embedded board reads nothing from the reader's storage (it may be blocked, and the
    // promise to blog readers is that embeds use none): the browser's language decides.
    if (!embed) {
      try {
        var saved = localStorage.getItem(LANG_KEY);
        if (saved === "de" || saved === "en") return saved;
      } catch (e) { /* storage blocked: fall back to the browser's language */ }
    }
    var langs = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < langs.length; i++) {
      var base = String(langs[i]).split("-")[0].toLowerCase();
      if (base === "de" || base === "en") return base;
    }
    return "en";
  }
  var lang = language();
  if (root.lang !== lang) root.lang = lang;  // a write, even of the same value, restyles the page (page.js, "lang")
  if (embed) {
    root.classList.add("embed");
    // The embed's own stylesheet, only where it is needed (the app's start has one request less),
    // and written by the parser so that it holds the first paint back in every browser (an
    // inserted <link> would not: the blog's reader would see the app's top bar for a moment).
    doc.write('<link rel="stylesheet" href="./assets/embed.css">');
  }

  // -- IndexedDB where the browser refuses it ----------------------------------------------
  // PyScript keeps a package cache in IndexedDB and opens it on every start, even with no
  // packages and with packages_cache = "never" (it then clears it); its file-system module
  // opens another database when it is imported. Where IndexedDB is blocked the open fails and
  // the start stops. This stand-in keeps those databases in memory for the page's lifetime:
  // only what PyScript's IDBMap uses (open; get, getKey, getAllKeys, count, put, delete, clear).
  function memoryIndexedDB() {
    var databases = {};
    function answer(result) {
      var request = { readyState: "pending", result: undefined, error: null };
      setTimeout(function () {
        request.readyState = "done";
        request.result = result;
        if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: request });
      }, 0);
      return request;
    }
    function Store(entries) { this.entries = entries; }
    Store.prototype.get = function (key) { return answer(this.entries.get(key)); };
    Store.prototype.getKey = function (key) { return answer(this.entries.has(key) ? key : undefined); };
    Store.prototype.getAllKeys = function () { return answer(Array.from(this.entries.keys())); };
    Store.prototype.count = function () { return answer(this.entries.size); };
    Store.prototype.put = function (value, key) { this.entries.set(key, value); return answer(key); };
    Store.prototype["delete"] = function (key) { this.entries["delete"](key); return answer(undefined); };
    Store.prototype.clear = function () { this.entries.clear(); return answer(undefined); };
    function Database(name) { this.name = name; this.stores = {}; }
    Database.prototype.store = function (name) { return this.stores[name] || (this.stores[name] = new Map()); };
    Database.prototype.createObjectStore = function (name) { return new Store(this.store(name)); };
    Database.prototype.transaction = function () {
      var database = this;
      return { objectStore: function (name) { return new Store(database.store(name)); } };
    };
    Database.prototype.close = function () {};
    return {
      open: function (name) { return answer(databases[name] || (databases[name] = new Database(name))); },
      deleteDatabase: function (name) { delete databases[name]; return answer(undefined); }
    };
  }
  function useMemoryIndexedDB() {
    try {
      Object.defineProperty(window, "indexedDB", { value: memoryIndexedDB(), configurable: true, writable: true });
      root.dataset.storage = "memory";
    } catch (e) { /* cannot replace it: the runtime tries the browser's own */ }
  }
  // Calls back once IndexedDB is known to open, or has been replaced by the stand-in.
  function whenIndexedDBUsable(callback) {
    var settled = false;
    function settle(works) {
      if (settled) return;
      settled = true;
      if (!works) useMemoryIndexedDB();
      callback(works);
    }
    var factory = null;
    try { factory = window.indexedDB; } catch (e) { /* SecurityError where storage is denied */ }
    if (!factory || typeof factory.open !== "function") { settle(false); return; }
    try {
      var request = factory.open("ludothek.probe");
      request.onsuccess = function () { try { request.result.close(); } catch (e) { /* closed already */ } settle(true); };
      request.onerror = function (event) { if (event && event.preventDefault) event.preventDefault(); settle(false); };
      request.onblocked = function () { settle(true); };
    } catch (e) { settle(false); return; }
    // Some browsers leave the request hanging in private windows: do not wait for ever.
    setTimeout(function () { settle(false); }, 2000);
  }

  // -- the runtime: Python in a worker ---------------------------------------------------------
  // Python runs in a worker that PyScript starts (PyWorker, from its core.js): its start, seconds
  // of work, never holds the page's thread, so taps, keys and scrolling are answered throughout.
  // The page keeps the DOM (assets/page.js carries out what Python answers); the worker has
  // Python, the engines, the computer players and the drawing code. main.py and the
  // configuration are named on this script's tag (data-main, data-config: pyscript.toml, which
  // scripts/build.py writes there as JSON), and so are the files the page asks for at once
  // (data-preload: PyScript's chunks; main.py, which PyScript reads here and hands to the worker).
  // The worker asks for its own files (the runtime, the standard library, the package) as soon as
  // our start module is evaluated there (scripts/pyodide_start.mjs).
  var CORE = "./assets/vendor/pyscript/core.js";
  var script = doc.currentScript;
  var preloads = [];
  var homes = {};  // language -> the promise of its pre-rendered home screen's text
  var rulesTexts = {};  // "<game>.<language>" -> the promise of its pre-rendered rules page's text
  try { preloads = JSON.parse((script && script.getAttribute("data-preload")) || "[]"); } catch (e) { /* none */ }
  var pythonMain = (script && script.getAttribute("data-main")) || "./py/main.py";
  var pythonConfig = null;
  try { pythonConfig = JSON.parse((script && script.getAttribute("data-config")) || "null"); } catch (e) { /* unbuilt page */ }
  var pageConfig = (script && script.getAttribute("data-page-config")) || "";
  var runtimeRequested = false;
  // PyScript's page side's configuration (index.html, data-page-config), as the <py-config> and
  // <mpy-config> it looks for, in the head. The <py-config>'s is an address (a data: URL; what
  // follows its "#" only tells PyScript it is JSON), not text: the core fetches a configuration
  // named by address, and a fetch is answered in a task of its own, so the core's evaluation,
  // which awaits it two thirds of the way through, is two tasks, not one that held a phone's
  // thread for up to 210 ms (issue 33). The <mpy-config> (MicroPython's, read next) stays text.
  function placePageConfig() {
    if (!pageConfig || doc.querySelector("py-config, mpy-config")) return;
    ["py-config", "mpy-config"].forEach(function (tag) {
      var element = doc.createElement(tag);
      element.setAttribute("type", "json");
      element.hidden = true;
      if (tag === "py-config") element.setAttribute("src", "data:application/json," + encodeURIComponent(pageConfig) + "#.json");
      else element.textContent = pageConfig;
      doc.head.appendChild(element);
    });
  }
  function preload(href, as) {
    var link = doc.createElement("link");
    if (as === "module") {
      link.rel = "modulepreload";
    } else {
      link.rel = "preload";
      link.as = as;
      // fetch() asks in CORS mode: a preload without this would not be the one fetch() finds.
      link.crossOrigin = "anonymous";
    }
    link.href = href;
    doc.head.appendChild(link);
  }
  // What the worker's start module is told in its address's fragment (scripts/pyodide_start.mjs;
  // a fragment, not a query: the file is the one cached under its own address): an embedded
  // board, a first visit whose service worker takes the runtime's files from the worker's
  // downloads, the snapshot's policy (a benchmark's or a test's choice). (The worker's IndexedDB
  // is always the memory stand-in: the start module's own decision.)
  function startModuleURL(handing) {
    var url = new URL(pythonConfig.interpreter, doc.baseURI);
    var told = new URLSearchParams();
    if (embed) told.set("embed", "1");
    if (handing) told.set("hand", "1");
    if (!embed && "serviceWorker" in navigator) told.set("sw", "1");
    if (window.LUDOTHEK_SNAPSHOT) told.set("snapshot", String(window.LUDOTHEK_SNAPSHOT));
    url.hash = told.toString();
    return url.href;
  }
  // Whether this is a first visit whose service worker will install once the app is ready: it
  // then takes the runtime's files the worker downloaded instead of downloading them again.
  function firstWorker() {
    try {
      if (!embed && "serviceWorker" in navigator && !navigator.serviceWorker.controller && location.protocol !== "file:" && typeof caches === "object") {
        return navigator.serviceWorker.getRegistration().then(function (registration) { return !registration; }, function () { return false; });
      }
    } catch (e) { /* storage blocked: no service worker */ }
    return Promise.resolve(false);
  }

  // Python's worker is made as soon as the start module's address is known, from the file the
  // build writes (data-worker: PyScript's worker code behind a prelude that imports the start
  // module at once, scripts/python_worker.js), not once the page has imported PyScript's core,
  // which then makes it from a Blob of the same code: on a return the worker is made about 60 ms
  // sooner, and the app is ready about 40 ms sooner (docs/benchmarks.md). The core takes the
  // Worker class it finds as it is evaluated; the one it is shown hands it this worker (as an
  // instance of the core's own class) the first time it asks, and makes a worker as usual
  // otherwise: where this file failed to load, the core's own worker starts Python as before.
  // html[data-python-worker] says which it was ("early", "pyscript").
  var earlyWorker = null;  // made and not yet taken by the core
  var workerFile = (script && script.getAttribute("data-worker")) || "";
  function makeWorkerEarly(moduleURL) {
    if (!workerFile || typeof Worker !== "function" || location.protocol === "file:") return;
    try {
      var address = new URL(workerFile, doc.baseURI);
      address.hash = new URLSearchParams({ start: moduleURL }).toString();
      var worker = new Worker(address.href, { type: "module" });
      // A script that could not be loaded fires a plain Event; an ErrorEvent is the worker's own
      // uncaught error, which PyScript reports.
      worker.addEventListener("error", function (event) {
        if (typeof ErrorEvent === "function" && event instanceof ErrorEvent) return;
        if (earlyWorker === worker) { earlyWorker = null; worker.terminate(); return; }
        sayStalled(true, "Python's worker could not be loaded (" + workerFile + ")");
      });
      earlyWorker = worker;
    } catch (e) { earlyWorker = null; }
  }
  function withEarlyWorker(importCore) {
    var Native = window.Worker;
    if (typeof Native !== "function") return importCore();
    class PythonWorker extends Native {
      constructor(url, options) {
        var worker = earlyWorker;
        if (!worker) {
          super(url, options);
          if (!root.dataset.pythonWorker) root.dataset.pythonWorker = "pyscript";
          return;
        }
        earlyWorker = null;
        root.dataset.pythonWorker = "early";
        if (typeof url === "string" && url.indexOf("blob:") === 0) URL.revokeObjectURL(url);
        Object.setPrototypeOf(worker, new.target.prototype);
        return worker;
      }
    }
    return whileImporting("Worker", PythonWorker, importCore)["catch"](function (error) {
      // No core to hand it to: the worker would only download the runtime for nobody.
      if (earlyWorker) { earlyWorker.terminate(); earlyWorker = null; }
      throw error;
    });
  }
  // window[name] is standIn while the core is imported (the core takes the class it finds as it
  // is evaluated), and the browser's own again once the import has settled either way.
  function whileImporting(name, standIn, importCore) {
    var native = window[name];
    window[name] = standIn;
    function restore() { if (window[name] === standIn) window[name] = native; }
    return importCore().then(function (core) { restore(); return core; }, function (error) { restore(); throw error; });
  }

  // PyScript's core watches the whole document, as it is evaluated, for <script type="py"> and
  // py-* event attributes added later (a MutationObserver of every added node and attribute, each
  // added node searched by XPath): up to 30 ms of a phone's thread when the app's first screen
  // arrives (issue 33), and 3-6 ms at each screen after it. The app has neither: Python runs in its
  // worker, and every page it draws is escaped text. The observer the core makes is given an
  // observe() that does nothing; it is told from any other by the core's address in the stack of
  // the call that makes it, and any other observer made while the core is imported is the
  // browser's own. (Where a stack names no address, the core's observer works as before.)
  var PYSCRIPT_CODE = /\/assets\/vendor\/pyscript\//;
  function withoutPyScriptsObserver(importCore) {
    var Native = window.MutationObserver;
    if (typeof Native !== "function") return importCore();
    function Observer(callback) {
      var observer = new Native(callback);
      var stack = "";
      try { stack = String(new Error().stack || ""); } catch (e) { /* no stack: an observer as any other */ }
      if (PYSCRIPT_CODE.test(stack)) observer.observe = function () {};
      return observer;
    }
    Observer.prototype = Native.prototype;
    return whileImporting("MutationObserver", Observer, importCore);
  }

  // A worker that fails, or takes far longer than a start ever should, is said so, with a way on.
  var STALLED_MS = 120000;
  var FAILED_TEXT = {
    en: ["The games could not start. Reload the page to try again.", "Still starting the games… this takes much longer than it should.", "Reload"],
    de: ["Die Spiele konnten nicht starten. Lade die Seite neu, um es noch einmal zu versuchen.", "Die Spiele starten noch… das dauert viel länger als sonst.", "Neu laden"]
  };
  function sayStalled(failed, error) {
    if (isReady()) return;
    if (error) console.error("ludothek: Python's worker failed:", error);
    onBody(function () {
      var box = doc.getElementById("boot");
      if (!box || isReady()) return;
      var words = FAILED_TEXT[lang];
      root.dataset.runtime = "stalled";
      box.classList.add("boot-stalled");
      box.setAttribute("role", "alert");
      var text = box.querySelector(".boot-text");
      if (text) text.textContent = failed ? words[0] : words[1];
      if (!box.querySelector("button")) {
        var button = doc.createElement("button");
        button.type = "button";
        button.textContent = words[2];
        button.addEventListener("click", function () { location.reload(); });
        box.appendChild(button);
      }
      if (failed) { root.dataset.runtime = "failed"; doc.body.dataset.startFailed = "1"; }
    });
  }
  // page.js is deferred: it is there once the page is parsed.
  function pageSide() {
    return new Promise(function (resolve) {
      onBody(function () { resolve(window.ludothekPage); });
    });
  }

  function startRuntime() {
    if (runtimeRequested) return;
    runtimeRequested = true;
    root.dataset.runtime = "loading";
    // The downloads start now; the worker once IndexedDB is settled (a few milliseconds).
    preload(CORE, "module");
    preloads.forEach(function (item) { preload(item[0], item[1]); });
    function run() {
      if (!pythonConfig) { sayStalled(true, "the page carries no configuration (an unbuilt index.html)"); return; }
      var stalled = setTimeout(function () { sayStalled(false); }, STALLED_MS);
      // core.js reads the page's <py-config> and <mpy-config> (which plugins) as it is evaluated:
      // they are put in first, so the core is imported at once, not once the page is parsed
      // (40 ms sooner on a returning visit). (A dynamic import in a classic script is relative
      // to the script's own address.)
      placePageConfig();
      // One address for the start module, the early worker's and PyScript's: the worker's
      // module is found already evaluated only under the very same address.
      var startModule = firstWorker().then(function (handing) {
        var address = startModuleURL(handing);
        makeWorkerEarly(address);
        return address;
      });
      var core = withEarlyWorker(function () {
        return withoutPyScriptsObserver(function () { return import(new URL(CORE, doc.baseURI).href); });
      });
      // PyWorker's set-up (its worker's proxies and first messages, up to 80 ms on a phone) in a
      // task of its own: in the one that evaluated the core, the two held a phone's thread for up
      // to 280 ms (issue 33).
      Promise.all([core, startModule]).then(nextTask).then(function (found) {
        setStage(1);
        var config = Object.assign({}, pythonConfig);
        delete config.interpreter;
        return found[0].PyWorker(new URL(pythonMain, doc.baseURI).href, {
          config: config,
          version: found[1]
        });
      }).then(function (worker) {
        setStage(3);
        performance.mark("ludothek:python");
        return pageSide().then(function (page) { return page.attach(worker); });
      }).then(function () {
        clearTimeout(stalled);
      }, function (error) {
        clearTimeout(stalled);
        sayStalled(true, error);
      });
    }
    // An embedded board keeps nothing in the reader's browser: always the memory stand-in.
    // The page's own IndexedDB: the memory stand-in for an embedded board (it keeps nothing in the
    // reader's browser), and wherever the browser refuses it. The worker does not wait for the
    // probe: it has a stand-in of its own (scripts/pyodide_start.mjs).
    if (embed) useMemoryIndexedDB(); else whenIndexedDBUsable(function () {});
    run();
  }
  // The home screen comes first. Its text is asked for before the runtime's files (on a slow
  // network it would otherwise queue behind megabytes it does not need). html[data-home] says how
  // far it is ("waiting", "drawn", "painted"; given up waiting for after HOME_WAIT_MS): tests and
  // benchmarks read it. Nothing else waits for it: Python starts in its worker, off this thread.
  // A rules page opened by its address comes first the same way (html[data-home] is about the
  // first screen, whichever of the two it is).
  var HOME_WAIT_MS = 3000;
  if (!embed && (isHomeRoute(location.hash) || rulesGame(location.hash))) {
    root.dataset.home = "waiting";
    if (rulesGame(location.hash)) rulesText(rulesGame(location.hash), lang); else homeText(lang);
    setTimeout(settleHome, HOME_WAIT_MS);
  }
  function settleHome() {
    if (root.dataset.home !== "waiting") return;
    root.dataset.home = "drawn";
    afterPaint(function () { root.dataset.home = "painted"; });
  }
  // After the next paint; a hidden page paints no frames, and its start must not wait for one.
  function afterPaint(callback) {
    var done = false;
    function once() { if (!done) { done = true; callback(); } }
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(function () { setTimeout(once, 0); });
    setTimeout(once, 100);
  }
  if (!embed || (readonly && !pictured)) startRuntime();
  // An older read-only snippet has no picture of its own: it is drawn by Python, as before.

  // Everything below needs the body: it runs once the page is parsed.
  function onBody(callback) {
    if (doc.body && doc.readyState !== "loading") callback();
    else doc.addEventListener("DOMContentLoaded", callback);
  }
  function isReady() { return !!(doc.body && doc.body.dataset.ready); }
  // A promise of `value` settled in a task of its own, so that the work after it does not lengthen
  // the task that is running. A message, not a timer: a hidden page's timers wait up to a second.
  function nextTask(value) {
    return new Promise(function (resolve) {
      if (typeof MessageChannel !== "function") { setTimeout(function () { resolve(value); }, 0); return; }
      var channel = new MessageChannel();
      channel.port1.onmessage = function () { channel.port1.close(); resolve(value); };
      channel.port2.postMessage(null);
    });
  }

  // -- progress ----------------------------------------------------------------------------
  var STAGES = {
    en: ["Loading the games…", "Downloading the Python runtime…", "Starting Python…", "Setting up the games…"],
    de: ["Die Spiele werden geladen…", "Python-Laufzeit wird geladen…", "Python startet…", "Die Spiele werden vorbereitet…"]
  };
  var stage = 0;
  var stageFill = "scaleX(0.05)";
  function setStage(n, fraction) {
    if (n > stage) stage = n;
    stageFill = "scaleX(" + (fraction || [0.05, 0.3, 0.7, 0.9][stage]) + ")";
    showStage();
  }
  // The bar at the foot of the page, and its copy where the player tapped (see "early taps").
  function showStage() {
    // Once the start is said to be stalled or failed, no later stage writes over what it says.
    if (isReady() || root.dataset.runtime === "stalled" || root.dataset.runtime === "failed") return;
    doc.querySelectorAll("#boot, .tap-progress").forEach(function (box) {
      var text = box.querySelector(".boot-text");
      if (text) text.textContent = STAGES[lang][stage];
      var fill = box.querySelector(".boot-fill");
      // A transform, not a width: the bar's growth is then the compositor's, with no layout or
      // paint on the page's thread, each frame of it, while a phone's CPU is busy starting.
      if (fill) fill.style.transform = stageFill;
    });
  }
  onBody(function () { setStage(stage); });
  if ("PerformanceObserver" in window) {
    try {
      var observe = function (list) {
        list.getEntries().forEach(function (entry) {
          // Python's worker has run main.py: the games are being set up.
          if (entry.name === "ludothek:python") setStage(3);
        });
      };
      new PerformanceObserver(observe).observe({ type: "mark", buffered: true });
    } catch (e) { /* older browsers: the first stage text stays */ }
  }

  // -- the home screen before Python -------------------------------------------------------
  // The home screen rendered ahead of time (render/static.py, one per language), the top bar's
  // language switch that comes with it, and the saved-games list as the app last drew it (kept
  // by web/home_screen.py under SAVES_KEY; without it the list comes when Python is ready).
  var SAVES_KEY = "ludothek.home.saves";
  var SAVES_MAX_CHARS = 200000;
  // What the kept list may hold: the elements and attributes saves_html writes, nothing else
  // (a stored value is data: one that holds anything more is not shown at all).
  var SAVES_TAGS = /^(h2|ul|li|div|span|bdi|a|button|label|input|details|summary|p)$/;
  var SAVES_ATTRIBUTES = /^(class|id|type|accept|aria-label|data-action|data-save|dir|lang)$/;
  function homeText(code) {
    if (!homes[code]) {
      homes[code] = fetch("./assets/build/home." + code + ".html").then(function (response) {
        return response.ok ? response.text() : "";
      })["catch"](function () { return ""; });
    }
    return homes[code];
  }
  function isHomeRoute(hash) {
    var route = String(hash || "").replace(/^#\/?/, "");
    return !route || route === "/";
  }
  function staticScreen() {
    var screen = doc.getElementById("screen");
    return screen && screen.dataset.static === "1" && !isReady() ? screen : null;
  }
  function keptSaves(code) {
    var text = null;
    try { text = localStorage.getItem(SAVES_KEY); } catch (e) { return null; }
    if (typeof text !== "string" || text.length > SAVES_MAX_CHARS) return null;
    var kept = null;
    try { kept = JSON.parse(text); } catch (e) { return null; }
    if (!kept || kept.lang !== code || typeof kept.html !== "string") return null;
    try {
      var template = doc.createElement("template");  // inert: nothing in it loads or runs
      template.innerHTML = kept.html;
      var elements = template.content.querySelectorAll("*");
      for (var i = 0; i < elements.length; i++) {
        var element = elements[i];
        if (!SAVES_TAGS.test(element.localName) || element.namespaceURI !== "http://www.w3.org/1999/xhtml") return null;
        for (var j = 0; j < element.attributes.length; j++) {
          var attribute = element.attributes[j];
          if (!SAVES_ATTRIBUTES.test(attribute.name) && !(attribute.name === "href" && /^#\/[A-Za-z0-9_\/-]*$/.test(attribute.value))) return null;
        }
      }
      return template.content;
    } catch (e) { return null; }
  }
  function drawHome(screen, html, code) {
    var other = screen.dataset.staticScreen && screen.dataset.staticScreen !== "home";  // a rules page was shown
    // Parsed in a template (inert: nothing in it loads until it is in the page). The board
    // pictures go in with the cards: each is a raster file (assets/thumbs/, decoded off this
    // thread) whose place its width and height keep while it loads. Until they were images of
    // SVG (data: URLs), each a document this thread parsed, styled, laid out and painted (15-40 ms
    // a picture, four times that on a phone: in one frame the five held a phone's thread for a
    // quarter of a second, issue 33), they went in one a frame.
    var template = doc.createElement("template");
    template.innerHTML = html;
    screen.textContent = "";  // (the other language's home, when the switch redraws it)
    screen.appendChild(template.content);
    screen.dataset.static = "1";
    screen.dataset.staticLang = code;
    screen.dataset.staticScreen = "home";
    placeLanguageSwitch(screen);
    if (other) newScreen("home", "Ludothek");
    var saves = screen.querySelector("#saves");
    var kept = saves && !saves.childElementCount ? keptSaves(code) : null;
    if (kept) saves.appendChild(kept);
    showIntent();
  }
  // The top bar's language switch that comes with a pre-rendered screen, moved into the top bar
  // (keeping the keyboard focus on it if it had it).
  function placeLanguageSwitch(screen) {
    var focused = doc.activeElement && doc.activeElement.closest && doc.activeElement.closest("#lang-switch");
    var chrome = screen.querySelector("template#static-lang-switch");
    var switcher = doc.getElementById("lang-switch");
    if (chrome) {
      if (switcher) {
        switcher.innerHTML = "";
        switcher.appendChild(chrome.content.cloneNode(true));
        var button = switcher.querySelector("button");
        if (focused && button) button.focus();
      }
      chrome.parentNode.removeChild(chrome);
    }
  }
  // Another pre-rendered screen than the one shown: named on the body, titled, from its top (as
  // the app's set_screen does).
  function newScreen(name, title) {
    doc.body.dataset.screen = name;
    doc.title = title;
    window.scrollTo(0, 0);
  }
  function showStaticHome() {
    if (rulesGame(location.hash)) { showStaticRules(); return; }
    var screen = doc.getElementById("screen");
    if (!screen || embed || screen.childElementCount || !isHomeRoute(location.hash)) { settleHome(); return; }
    // In a task of its own: when the text is there before the page is parsed, the home would
    // otherwise be drawn, styled and laid out in the task that runs page.js and the page's
    // DOMContentLoaded listeners (up to 220 ms on a phone, issue 33).
    homeText(lang).then(nextTask).then(function (html) {
      // Python may have been quicker: never overwrite the live screen.
      if (html && !isReady() && !screen.childElementCount) drawHome(screen, html, lang);
      settleHome();
    });
  }
  if (!embed) onBody(showStaticHome);

  // -- the rules pages before Python -------------------------------------------------------
  // A game's rules page (#/rules/<game>) is shown at once too: when the page is opened at that
  // address, and when the address becomes one before the app is ready (a Rules link tapped on
  // the home screen, Back); the home screen likewise when the address goes back to it (Back, the
  // top bar's Ludothek). It is the page the build rendered with the app's own code in each
  // language (render/static.py: assets/build/rules.<game>.<lang>.html), with the top bar's
  // language switch; the app keeps it as it is when it is ready (web/rules_screen.py). Its links
  // (Start a game, Try it) are early taps like the home screen's.
  function rulesGame(hash) {
    // The pattern is written here, not kept in a variable: the first-screen code above calls
    // this before a variable set down here would have its value.
    var match = /^#\/*rules\/+([a-z]+)\/*$/.exec(String(hash || ""));
    return match ? match[1] : null;
  }
  function rulesText(game, code) {
    var key = game + "." + code;
    if (!rulesTexts[key]) {
      rulesTexts[key] = fetch("./assets/build/rules." + key + ".html").then(function (response) {
        return response.ok ? response.text() : "";  // no such game: nothing is drawn, the app says so
      })["catch"](function () { return ""; });
    }
    return rulesTexts[key];
  }
  // Which pre-rendered screen is shown ("home" or "rules/<game>"), null when none is.
  function shownScreen() {
    var screen = staticScreen();
    return screen ? screen.dataset.staticScreen || "home" : null;
  }
  // Whether the address is the screen shown (a link tapped now is a new history entry then).
  function addressShown() {
    var shown = shownScreen();
    return shown === "home" ? isHomeRoute(location.hash) : shown === "rules/" + rulesGame(location.hash);
  }
  function drawRules(screen, html, game, code) {
    var other = screen.childElementCount > 0 && screen.dataset.staticScreen !== "rules/" + game;
    screen.innerHTML = html;
    screen.dataset.static = "1";
    screen.dataset.staticLang = code;
    screen.dataset.staticScreen = "rules/" + game;
    placeLanguageSwitch(screen);
    var heading = screen.querySelector("h1");
    var title = (heading ? heading.textContent + " – " : "") + "Ludothek";
    if (other) newScreen("rules", title);
    else { doc.body.dataset.screen = "rules"; doc.title = title; }
    showIntent();
  }
  function showStaticRules() {
    var screen = doc.getElementById("screen");
    var game = rulesGame(location.hash);
    var code = lang;
    // Over nothing, or over a screen of ours: never over the live app's.
    if (!screen || !game || (screen.childElementCount && !staticScreen())) { settleHome(); return; }
    rulesText(game, code).then(function (html) {
      var over = !screen.childElementCount || staticScreen();
      if (html && over && !isReady() && code === lang && rulesGame(location.hash) === game) drawRules(screen, html, game, code);
      settleHome();
    });
  }
  // The address changed before the app is ready: show its screen where we have one.
  function followAddress() {
    var shown = shownScreen();
    if (!shown) return;  // nothing of ours shown yet: the first drawing reads the address
    var game = rulesGame(location.hash);
    if (game && shown !== "rules/" + game) {
      showStaticRules();
    } else if (isHomeRoute(location.hash) && shown !== "home") {
      var code = lang;
      homeText(code).then(function (html) {
        var screen = staticScreen();
        if (html && screen && code === lang && isHomeRoute(location.hash)) drawHome(screen, html, code);
      });
    }
  }

  // -- early taps ----------------------------------------------------------------------------
  // Every control on that home screen answers while Python starts (on a phone, many seconds).
  // - What needs no Python happens at once: the language switch stores the choice where the app
  //   reads it (LANG_KEY) and shows the other language's home; a disclosure opens; the file
  //   picker of "Import games" opens (the chosen file waits for the app).
  // - Everything else is the player's intent, one, the latest: a link (New game, Rules, Puzzles,
  //   Continue, Review) becomes the address at once (the first as a new history entry, as a tap
  //   after the start would, the next ones replacing it), so the app's start opens that screen
  //   instead of the home screen (a rules page is shown at once, and its links are taps of the
  //   same kind); a command (Export, Delete, ...) is clicked on the live page once it is ready,
  //   exactly as if the player had tapped it then.
  // - The tapped card or row is busy (aria-busy) and shows the start's progress where the player
  //   tapped, over its picture or text (out of the flow: nothing moves).
  var action = null;  // the command waiting for the app: {selector} or {selector, files}
  var pushed = false;  // the waiting link is a history entry of ours (Back returns home)
  var switchedLanguage = false;  // the player chose the language before the app was ready
  function selectorOf(control) {
    var selector = control.localName;
    ["data-action", "data-save", "id"].forEach(function (name) {
      if (control.hasAttribute(name)) selector += "[" + name + '="' + CSS.escape(control.getAttribute(name)) + '"]';
    });
    return selector;
  }
  function waitingControl(screen) {
    if (action) {
      var element = doc.querySelector(action.selector);
      return element && element.localName === "input" ? element.closest("label") || element : element;
    }
    if (isHomeRoute(location.hash)) return null;
    var links = screen.querySelectorAll("a[href]");
    for (var i = 0; i < links.length; i++) {
      if (links[i].getAttribute("href") === location.hash) return links[i];
    }
    return null;
  }
  function clearIntentMarks() {
    doc.querySelectorAll(".tap-progress").forEach(function (box) { box.parentNode.removeChild(box); });
    doc.querySelectorAll(".tap-busy").forEach(function (element) {
      element.classList.remove("tap-busy");
      element.removeAttribute("aria-busy");
    });
    doc.querySelectorAll(".tapped").forEach(function (element) { element.classList.remove("tapped"); });
    if (doc.body) doc.body.classList.remove("tap-waiting");
  }
  function showIntent() {
    clearIntentMarks();
    var screen = staticScreen();
    var control = screen && waitingControl(screen);
    if (!control) return;
    var busy = control.closest(".game-card, li") || control.parentNode;
    var host = busy.querySelector(".thumb, .save-info") || busy;
    control.classList.add("tapped");
    busy.classList.add("tap-busy");
    busy.setAttribute("aria-busy", "true");
    var box = doc.createElement("div");
    box.className = "tap-progress";
    box.setAttribute("aria-hidden", "true");  // the page's own status region (#boot) speaks
    box.innerHTML = '<div class="boot-bar"><div class="boot-fill"></div></div><p class="boot-text"></p>';
    host.appendChild(box);
    doc.body.classList.add("tap-waiting");
    showStage();
  }
  function intendLink(href) {
    action = null;
    if (location.hash === href) { showIntent(); return; }  // the same control: nothing twice
    if (addressShown()) {
      location.hash = href;
      pushed = true;
    } else {
      location.replace(href);
    }
    showIntent();
  }
  function intendAction(intent) {
    if (action && action.selector === intent.selector && !intent.files) return;
    action = intent;
    if (!isHomeRoute(location.hash)) {
      // A link was waiting: the command replaces it (the app would open the link otherwise).
      if (pushed) history.back(); else location.replace("#/");
      pushed = false;
    }
    showIntent();
  }
  function switchLanguage(code) {
    if ((code !== "de" && code !== "en") || code === lang) return;
    try { localStorage.setItem(LANG_KEY, code); } catch (e) { /* blocked: switched once the app is ready */ }
    switchedLanguage = true;
    lang = code;
    root.lang = code;
    showStage();
    var shown = shownScreen();
    var game = shown && shown.indexOf("rules/") === 0 ? shown.slice(6) : null;
    (game ? rulesText(game, code) : homeText(code)).then(function (html) {
      var screen = staticScreen();
      if (!html || !screen || lang !== code || shownScreen() !== shown) return;
      if (game) drawRules(screen, html, game, code); else drawHome(screen, html, code);
    });
  }
  function earlyClick(event) {
    if (isReady() || event.defaultPrevented || event.button > 0 || !event.target || !event.target.closest) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;  // a new tab or window: the browser's
    var control = event.target.closest("a[href], button, summary, label, input");
    if (!control) return;
    if (control.closest("#lang-switch")) {
      event.preventDefault();
      switchLanguage(control.getAttribute("data-language"));
      return;
    }
    var screen = staticScreen();
    if (!screen || !screen.contains(control)) return;
    var href = control.localName === "a" ? control.getAttribute("href") || "" : "";
    if (href.charAt(0) === "#") {
      event.preventDefault();
      intendLink(href);
    } else if (control.localName === "button" && control.hasAttribute("data-action")) {
      intendAction({ selector: selectorOf(control) });
    }
    // A disclosure (summary), the file picker (label, input): the browser's own, at once.
  }
  function earlyChange(event) {
    var input = event.target;
    var screen = staticScreen();
    if (!screen || !input || input.id !== "import-file" || !screen.contains(input) || !input.files || !input.files.length) return;
    intendAction({ selector: selectorOf(input), files: input.files });
  }
  // Carried out once the app is ready (its handlers are in place then): a waiting link is the
  // address the app opened already; a command is clicked on the live page.
  function carryOut() {
    clearIntentMarks();
    if (switchedLanguage && root.lang !== lang) {
      // The player's choice could not be stored (storage blocked): the app's own switch makes it.
      var switcher = doc.querySelector("#lang-switch button[data-language='" + lang + "']");
      if (switcher) switcher.click();
    }
    var intent = action;
    action = null;
    if (!intent) return;
    var element = doc.querySelector(intent.selector);
    if (!element) return;
    if (intent.files) {
      if (element.files !== intent.files) {
        try { element.files = intent.files; } catch (e) { return; }
      }
      element.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    element.focus();
    element.click();
  }
  if (!embed) {
    doc.addEventListener("click", earlyClick, true);
    doc.addEventListener("change", earlyChange, true);
    window.addEventListener("hashchange", function () {
      if (isReady()) return;
      if (isHomeRoute(location.hash)) pushed = false;  // Back: the link waits no more
      else action = null;  // a link is the latest intent now
      showIntent();
      followAddress();
    });
    onBody(function () { whenReady(carryOut); });
  }

  // -- embedded boards -----------------------------------------------------------------------
  // A blog may hold many boards, and a reader plays one, if any. Until the reader reaches for a
  // board (the pointer rests on it, it gets the keyboard focus, a tap or a click), the frame shows
  // the picture the snippet carries (the frame's own background) and a Play button, and fetches
  // nothing of the runtime. Then the button shows the progress, and the live board appears where
  // the picture was. A read-only diagram is the picture alone: no Python at all.
  var EMBED_TEXT = {
    en: { play: "Play", hint: "Starts the game in this frame", open: "Open in Ludothek" },
    de: { play: "Spielen", hint: "Startet das Spiel in diesem Rahmen", open: "In Ludothek öffnen" }
  };
  var POINTER_REST_MS = 300;  // a pointer that only passes over while the page scrolls starts nothing
  var POINTER_GAP_MS = 150;
  function embedCover() {
    var body = doc.body;
    body.classList.add("embed");
    if (readonly) body.classList.add("readonly");
    if (pictured) body.classList.add("pictured");
    var words = EMBED_TEXT[lang];
    if (readonly && pictured) {
      var credit = doc.createElement("p");
      credit.className = "embed-credit embed-diagram-credit";
      var link = doc.createElement("a");
      link.href = location.pathname + location.hash;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = words.open;
      credit.appendChild(link);
      body.appendChild(credit);
      body.dataset.diagram = "1";
      return;
    }
    if (runtimeRequested) return;
    var cover = doc.createElement("button");
    cover.type = "button";
    cover.className = "embed-cover";
    cover.setAttribute("aria-describedby", "embed-cover-hint");
    cover.innerHTML = '<span class="embed-play"><svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">'
      + '<path d="M8 5v14l11-7z" fill="currentColor"/></svg><span class="embed-play-text"></span></span>'
      + '<span class="embed-hint" id="embed-cover-hint"></span>';
    cover.querySelector(".embed-play-text").textContent = words.play;
    cover.querySelector(".embed-hint").textContent = words.hint;
    cover.title = words.hint;
    body.insertBefore(cover, body.firstChild);
    var boot = doc.getElementById("boot");
    function go(event) {
      if (runtimeRequested) return;
      body.dataset.starting = (event && event.type) || "pointer rest";
      if (boot) cover.appendChild(boot);  // the progress shows where the Play button was
      startRuntime();
    }
    // The pointer "rests" on the board when it keeps moving over it for a moment. (A frame on
    // another site is not always told when the pointer leaves it, so a timer from the moment it
    // entered would start boards the pointer only crossed.)
    var movingSince = 0, lastMove = 0;
    function moved(event) {
      var now = event.timeStamp || Date.now();
      if (now - lastMove > POINTER_GAP_MS) movingSince = now;
      lastMove = now;
      if (now - movingSince >= POINTER_REST_MS) go(event);
    }
    doc.addEventListener("pointermove", moved, true);
    ["pointerdown", "touchstart", "keydown", "focusin"].forEach(function (type) {
      doc.addEventListener(type, go, { capture: true, passive: true });
    });
    cover.addEventListener("click", go);
    // Once live, the keyboard goes on from the Play button to the board (web/sharing.py begin_embedded).
    window.addEventListener("focus", go);
  }
  if (embed) onBody(embedCover);
  // "More" in an embedded board: the players, the game's reference material and the link to the
  // app, over the board (the frame itself never scrolls).
  if (embed) {
    doc.addEventListener("click", function (event) {
      var toggle = event.target && event.target.closest ? event.target.closest("[data-embed-toggle]") : null;
      if (!toggle) return;
      var panel = doc.getElementById(toggle.getAttribute("aria-controls") || "embed-more");
      if (!panel) return;
      var open = panel.hidden;
      panel.hidden = !open;
      doc.querySelectorAll("[data-embed-toggle][aria-controls='" + panel.id + "']").forEach(function (button) {
        if (button.hasAttribute("aria-expanded")) button.setAttribute("aria-expanded", open ? "true" : "false");
      });
      var focusTarget = open ? panel.querySelector("[data-embed-toggle]") : doc.querySelector("[data-embed-toggle][aria-expanded]");
      if (focusTarget) focusTarget.focus();
    });
    doc.addEventListener("keydown", function (event) {
      var panel = doc.getElementById("embed-more");
      if (event.key === "Escape" && panel && !panel.hidden) {
        panel.hidden = true;
        var opener = doc.querySelector("[data-embed-toggle][aria-expanded]");
        if (opener) { opener.setAttribute("aria-expanded", "false"); opener.focus(); }
      }
    });
  }

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
  // Register the worker once the app is ready: its first install reads every file of the app (the
  // page's copies, the HTTP cache revalidated) and downloads the memory snapshot, which must not
  // compete with the page's own start.
  function whenReady(callback) {
    if (isReady()) { callback(); return; }
    new MutationObserver(function (changes, observer) {
      if (isReady()) { observer.disconnect(); callback(); }
    }).observe(doc.body, { attributes: true, attributeFilter: ["data-ready"] });
  }
  var HANDED_CACHE = "ludothek-page";  // the runtime's files the worker kept for the install (sw.js)
  // -- the next start rehearsed ---------------------------------------------------------------
  // Once a version's service worker is active (a first visit's install, an update's), a returning
  // visitor's start is rehearsed in a worker of its own (assets/rehearse.mjs): the browser keeps
  // the code it compiles for Pyodide's JavaScript beside the cache entry only once that has run
  // from the cache, and the first return after an install otherwise compiled it all from scratch
  // (docs/architecture.md, "the next start rehearsed"). A second Python works for about half a
  // second (a few seconds on a slow phone), off this thread, and is ended after REHEARSAL_GRACE_MS
  // more: not where the browser says it is short of memory or the reader asked to save data. body[data-rehearsed] says how it went
  // (the start's kind, "failed", "stopped", "skipped"): tests and benchmarks wait for it.
  var REHEARSAL_MS = 60000;
  var REHEARSAL_GRACE_MS = 3000;  // for the browser to store the compiled code
  var rehearsing = false;
  function rehearse() {
    if (rehearsing) return;
    rehearsing = true;
    var memory = navigator.deviceMemory;
    var connection = navigator.connection;
    if ((typeof memory === "number" && memory < 4) || (connection && connection.saveData)) {
      doc.body.dataset.rehearsed = "skipped";
      return;
    }
    var worker;
    try {
      worker = new Worker(new URL("./assets/rehearse.mjs", doc.baseURI).href, { type: "module" });
    } catch (e) {
      doc.body.dataset.rehearsed = "failed";
      return;
    }
    var ended = false;
    var timer = setTimeout(function () { end("stopped"); }, REHEARSAL_MS);
    function end(how) {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      worker.terminate();
      doc.body.dataset.rehearsed = how;
    }
    worker.onmessage = function (event) {
      var kind = event.data && event.data.rehearsed;
      setTimeout(function () { end(kind || "failed"); }, REHEARSAL_GRACE_MS);
    };
    worker.onerror = function () { end("failed"); };
  }
  // Not in an embedded board: its install would store the whole app in the blog reader's browser.
  if (!embed && "serviceWorker" in navigator && location.protocol !== "file:") {
    // The worker this page was loaded by, and whether another took over since: a new version's
    // worker installs and claims the page while Python starts, and on a slow start it has done
    // so before the page is ready (its "controllerchange" then came before the listener below).
    var loadedBy = null;
    var takenOver = false;
    try {
      loadedBy = navigator.serviceWorker.controller;
      navigator.serviceWorker.addEventListener("controllerchange", function () { takenOver = true; });
    } catch (e) { /* storage blocked: no service worker */ }
    onBody(function () {
      whenReady(function () {
        var hadController = !!loadedBy;
        var offered = false;
        function newVersion() {
          if (!hadController || offered) return;
          offered = true;
          offerReload();
        }
        // A new version's worker may have been found (the browser looks at every navigation) and
        // even have taken over before this page was ready: watch the one installing or waiting,
        // and the page's change of controller, not only a later "updatefound".
        function activated() {
          newVersion();
          rehearse();
        }
        function watch(worker) {
          if (!worker) return;
          if (worker.state === "activated") { activated(); return; }
          worker.addEventListener("statechange", function () { if (worker.state === "activated") activated(); });
        }
        navigator.serviceWorker.addEventListener("controllerchange", activated);
        if (takenOver) activated();
        navigator.serviceWorker.register("./sw.js").then(function (registration) {
          doc.body.dataset.swRegistered = "1";
          registration.addEventListener("updatefound", function () { watch(registration.installing); });
          watch(registration.installing || registration.waiting);
        }).catch(function (error) {
          // Storage blocked (e.g. in a sandboxed iframe): the app still works online.
          doc.body.dataset.swError = String(error && error.name || error);
          try { caches["delete"](HANDED_CACHE).then(null, function () {}); } catch (e) { /* none kept */ }
        });
      });
    });
  }
})();
