// Pyodide's loadPyodide, in the worker Python runs in, started from a memory snapshot when the
// browser has one. boot.js starts the worker with PyScript's PyWorker and names this module as its
// interpreter (scripts/build.py writes it beside pyodide.mjs as assets/vendor/pyodide/ludothek.mjs,
// with the SNAPSHOT, STDLIB and EARLY lines filled in); PyScript imports it in the worker, reads
// `version` and calls `loadPyodide({stdout, stderr, indexURL})` as it would Pyodide's own.
//
// The page tells this module what it knows in the fragment of the module's address (boot.js): `embed=1` (an
// embedded board), `hand=1` (a first visit whose service worker is yet to install: the runtime's
// files are kept for it), `rehearsal=1` (assets/rehearse.mjs: a start rehearsed after an install),
// `snapshot=` (a benchmark's or a test's choice, below).
//
// The snapshot (assets/build/snapshot.<hash>.bin, made by scripts/make_snapshot.mjs and packed by
// scripts/build.py without its zero blocks and the runtime's own data) is Python with the app's pure-Python modules and
// the standard library's modules the rest imports: restoring it skips the interpreter's start and
// nearly all imports. It is only used when it is here already:
// - the app: in the service worker's cache (it precaches the snapshot after the first visit, once
//   the app is ready); in a browser without service workers, in the HTTP cache;
// - an embedded board: only in the HTTP cache (embeds keep nothing in the reader's storage); after
//   a start without it, the page fetches it once the board is live, for the next start (page.js).
// A first visit never waits for the ~5 MB: on a slow network that costs more than the snapshot
// saves (docs/benchmarks.md). A snapshot that is missing, not the one this build made (checked by
// its SHA-256), or refused by Pyodide (another runtime build) gives the normal start: nothing on
// screen, nothing stored is touched. The page learns which start it was (`startKind`, web/dom.py).
import { loadPyodide as loadPyodideItself, version } from "./pyodide.mjs";
import { unpackingStoredZips } from "./stored_zip.mjs";
import { checkRuntimeBlocks, restoreInPlace, unpackedSnapshot } from "./snapshot_file.mjs";

export { version };

const TOLD = new URLSearchParams(new URL(import.meta.url).hash.slice(1));

// -- no WebAssembly stack switching (JSPI) -------------------------------------------------------
// Chromium's stack switching crashes now and then while Pyodide runs Python on a switched stack
// (Pyodide issues 5702 and 6106): Pyodide checks for these names and runs the way it does in
// browsers without them, so they are hidden before it starts (in this worker's own scope).
if (typeof WebAssembly === "object") {
  for (const name of ["Suspending", "promising", "Suspender"]) {
    try { delete WebAssembly[name]; } catch (error) { /* not deletable: Pyodide uses it */ }
  }
}

// -- PyScript's package cache without IndexedDB ---------------------------------------------------
// PyScript keeps a package cache in IndexedDB and opens and reads it on every start, before it calls
// loadPyodide, even with no packages. The app loads no package and nothing else in this worker uses
// IndexedDB, so the worker's is always a stand-in in memory with what PyScript's IDBMap uses (open;
// get, getKey, getAllKeys, count, put, delete, clear): the browser's database is never opened (that
// took up to 170 ms of a returning visitor's start; where IndexedDB is blocked, the start would stop
// there; and an embedded board keeps nothing in the reader's browser).
function memoryIndexedDB() {
  const databases = {};
  function answer(result) {
    const request = { readyState: "pending", result: undefined, error: null };
    setTimeout(() => {
      request.readyState = "done";
      request.result = result;
      if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: request });
    }, 0);
    return request;
  }
  class Store {
    constructor(entries) { this.entries = entries; }
    get(key) { return answer(this.entries.get(key)); }
    getKey(key) { return answer(this.entries.has(key) ? key : undefined); }
    getAllKeys() { return answer(Array.from(this.entries.keys())); }
    count() { return answer(this.entries.size); }
    put(value, key) { this.entries.set(key, value); return answer(key); }
    delete(key) { this.entries.delete(key); return answer(undefined); }
    clear() { this.entries.clear(); return answer(undefined); }
  }
  class Database {
    constructor(name) { this.name = name; this.stores = {}; this.objectStoreNames = { length: 1, contains: () => true }; }
    store(name) { return this.stores[name] || (this.stores[name] = new Map()); }
    createObjectStore(name) { return new Store(this.store(name)); }
    transaction() { return { objectStore: (name) => new Store(this.store(name)) }; }
    close() {}
  }
  return {
    open(name) { return answer(databases[name] || (databases[name] = new Database(name))); },
    deleteDatabase(name) { delete databases[name]; return answer(undefined); },
  };
}
try {
  Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB(), configurable: true, writable: true });
} catch (error) { /* cannot replace it: the runtime tries the browser's own */ }

// -- the runtime's files, each downloaded once, at once ----------------------------------------------
// Pyodide reads the WebAssembly and the standard library with fetch(), and PyScript our package,
// each only when the step before it is done. This module asks for them as it is
// evaluated (the EARLY list, relative to this module: "fetch" at once, "later" once those have
// arrived, since Python reads them only after its own start), and the runtime's own fetch() of the
// same address (a plain GET) is handed that very response, once; every other request is the
// worker's fetch() as ever. On a first visit (`hand=1`) a copy of each is kept for the service
// worker (HANDED_CACHE): its install takes it, checked against the file's content hash, instead of
// downloading the file again (sw.js, "the page's copies"); else the copy is read and dropped (the
// body is read to its end at once, so the download runs at full speed before the runtime asks).
const EARLY = [];  // [[url relative to this module, "fetch" | "later"], ...]: written by scripts/build.py
const HANDED_CACHE = "ludothek-page";  // sw.js reads and deletes it
const early = new Map();  // absolute URL -> the promise of its response, for the runtime's fetch()
const workerFetch = globalThis.fetch;
let critical = 0;
const afterCritical = [];

function whenCriticalArrived(callback) {
  if (critical === 0) callback(); else afterCritical.push(callback);
}

function criticalArrived() {
  if (--critical > 0) return;
  for (const callback of afterCritical.splice(0)) callback();
}

async function drain(copy) {
  try { await copy.arrayBuffer(); } catch (error) { /* the runtime's read reports it */ }
}

function keepingCopies() {
  return TOLD.get("hand") === "1" && typeof caches === "object";
}

// The copy's write into the cache runs in the background: on a phone, writing 10 MB into Cache
// Storage takes longer than the download's last bytes, and the package must not wait for it.
function keep(url, bytes, init) {
  const kept = new Response(bytes, init);
  caches.open(HANDED_CACHE).then((cache) => cache.put(url, kept)).catch(() => {
    /* no room, storage blocked: the service worker downloads it */
  });
}

function responseInit(response) {
  return { status: response.status, statusText: response.statusText, headers: response.headers };
}

// Resolves once the copy's body has arrived (what waits for the critical files goes on then).
async function keepCopy(url, response) {
  const copy = response.clone();
  if (!keepingCopies() || !response.ok) return drain(copy);
  let bytes;
  try {
    bytes = await copy.arrayBuffer();
  } catch (error) {
    return;  // the runtime's read reports it
  }
  keep(url, bytes, responseInit(response));
}

// A critical file other than the WebAssembly is read here to its end, and the runtime is handed a
// response of those bytes: its arrival is counted before the runtime's own read can go on. (With
// a copy read beside the runtime's, the runtime's continuation, the interpreter's start after the
// standard library, could run first, one long task: the files waiting for the critical ones were
// then asked for only once Python was up, in a third of the starts measured.)
async function readToEnd(url, answer, arrived) {
  if (!answer.ok) {
    arrived();
    return answer;
  }
  let bytes;
  try {
    bytes = await answer.arrayBuffer();
  } finally {
    arrived();  // (a failed read: handOver's fallback asks again)
  }
  const init = responseInit(answer);
  if (keepingCopies()) keep(url, bytes, init);
  return new Response(bytes, init);
}

function fetchEarly(href, kind) {
  const url = new URL(href, import.meta.url).href;
  let response;
  if (kind === "later") {
    response = new Promise((resolve) => whenCriticalArrived(() => resolve(workerFetch.call(globalThis, url, { priority: "low" }))));
    response.then((answer) => keepCopy(url, answer), () => {});
  } else {
    critical++;
    let counted = false;
    const arrived = () => {
      if (!counted) { counted = true; criticalArrived(); }
    };
    const helped = globalThis.ludothekCompiledWasm;
    if (url.endsWith(".wasm") && helped && helped.url === url && !keepingCopies()) {
      helped.module.then(arrived);
      response = compiledByHelper(url, helped.module);
    } else if (url.endsWith(".wasm")) {
      response = workerFetch.call(globalThis, url);
      response.then((answer) => keepCopy(url, answer), () => {}).then(arrived);
      compileEarly(url, response, arrived);
    } else {
      response = workerFetch.call(globalThis, url).then((answer) => readToEnd(url, answer, arrived), (error) => {
        arrived();
        throw error;
      });
    }
  }
  early.set(url, response);
}

// -- the WebAssembly compiled as it arrives -------------------------------------------------------
// Pyodide compiles its WebAssembly only when its module factory runs, and a start from the
// snapshot reaches that only once the snapshot is read and checked: compiling a 9.6 MB module
// (100-250 ms where the browser has no compiled copy of it yet) came after that. It is compiled
// here instead, from the early response as its bytes arrive, beside the snapshot's read; Pyodide's
// instantiateStreaming of that address is given this module (instantiated with Pyodide's own
// imports), once. Its completion is the moment the WebAssembly's last bytes have arrived
// (`arrived`, if its copy's reading has not said so first: the reaction to the copy's last bytes can
// wait behind the interpreter's start, one long task of this thread that follows the compiling at
// once, and the files waiting for the critical ones would be asked for only after it).
function compileEarly(url, response, arrived) {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.compileStreaming !== "function") return;
  // (After keepCopy's clone: the response's .then callbacks run in the order they were added.)
  const module = response.then((answer) => (answer.ok ? WebAssembly.compileStreaming(answer) : null));
  module.then(arrived, () => {});
  giveCompiledToPyodide(url, (answer) => !!answer && answer.url === url, module, "here");
}

// The module the worker's prelude had compiled in a helper (scripts/python_worker.js) is given to
// Pyodide the same way; the runtime's own fetch() of the file is answered with an empty stand-in,
// which is never read.
function compiledByHelper(url, module) {
  const standIn = new Response(null);
  giveCompiledToPyodide(url, (answer) => answer === standIn, module, "helper");
  return Promise.resolve(standIn);
}

// Pyodide's instantiateStreaming of the WebAssembly (the response `isTheFile` recognises) is given
// `module`, the promise of the WebAssembly.Module compiled beforehand, instantiated with Pyodide's
// own imports, once; `from` names where it was compiled (globalThis.ludothekWasmFrom: the tests
// read it). Not compiled (an error page, a failed read, a helper that failed): Pyodide's own
// request and compile, as without this.
function giveCompiledToPyodide(url, isTheFile, module, from) {
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    const answer = await source;
    if (!isTheFile(answer)) return instantiateStreaming.call(WebAssembly, answer, imports);
    WebAssembly.instantiateStreaming = instantiateStreaming;
    const compiled = await module.catch(() => null);
    globalThis.ludothekWasmFrom = compiled ? from : "here";
    if (!compiled) return instantiateStreaming.call(WebAssembly, workerFetch.call(globalThis, url), imports);
    return { module: compiled, instance: await WebAssembly.instantiate(compiled, imports) };
  };
}

function handOver(input, init) {
  let url = null;
  if ((typeof input === "string" || input instanceof URL) && (!init || !Object.keys(init).length)) {
    try { url = new URL(input, import.meta.url).href; } catch (error) { /* not an address */ }
  }
  const response = url && early.get(url);
  if (!response) return workerFetch.apply(globalThis, arguments);
  early.delete(url);
  if (!early.size && globalThis.fetch === handOver) globalThis.fetch = workerFetch;
  // Failed early (the network gone for a moment): the runtime's own request, as without this.
  return response.then(null, () => workerFetch.call(globalThis, url));
}

if (typeof workerFetch === "function" && EARLY.length) {
  for (const [href, kind] of EARLY) fetchEarly(href, kind);
  globalThis.fetch = handOver;
}
// Pyodide's own module factory, imported now rather than when loadPyodide gets to it.
const RUNTIME_MODULE = import("./pyodide.asm.mjs");
RUNTIME_MODULE.catch(() => {});  // a failure is reported where it is awaited

const SNAPSHOT = null;  // {url (relative to this module), sha256}: written by scripts/build.py
// The site's own standard library (assets/build/python_stdlib.<hash>.zip: the modules the app
// imports, compiled), not Pyodide's python_stdlib.zip, which the site does not ship. Its URL
// relative to this module; PyScript's indexURL (this module's folder) stays as it is.
const STDLIB = null;  // written by scripts/build.py
// The lock file: Pyodide's own `info` and no packages (the app loads none), so Pyodide neither
// downloads nor parses the index of its 357 packages (scripts/build.py, runtime_lock).
const LOCK = null;  // written by scripts/build.py
const STDLIB_OPTIONS = STDLIB ? { stdLibURL: new URL(STDLIB, import.meta.url).href } : {};
// The package's modules the first screen does not import (assets/build/ludothek.more.zip),
// relative to this module: Python fetches them itself once the first screen is live, or when it
// first imports one of them (py/ludothek/web/more_modules.py).
const MORE = null;  // written by scripts/build.py
globalThis.ludothekMoreModulesURL = MORE ? new URL(MORE, import.meta.url).href : null;
// The standard modules that zip holds too (only a function of another module imports them).
const MORE_STDLIB = [];  // written by scripts/build.py
globalThis.ludothekMoreStdlib = MORE ? MORE_STDLIB : [];

// A benchmark's or a test's choice (set before the page's scripts run): "local" (the default, as
// above), "fetch" (fetch it from the network if it is not here: a first visit with the snapshot),
// "never" (the normal start).
const POLICY = TOLD.get("snapshot") || "local";

// Which start it was ("snapshot" or "normal"): web/dom.py tells the page (a rehearsal's,
// assets/rehearse.mjs, under a name of its own: tests find the app's Python by this one).
function say(how) {
  if (TOLD.get("rehearsal") === "1") globalThis.ludothekRehearsedKind = how;
  else globalThis.ludothekStartKind = how;
}

function isEmbed() {
  return TOLD.get("embed") === "1";
}

function hasServiceWorker() {
  return TOLD.get("sw") === "1";
}

// The snapshot's response if the browser has it (or, for "fetch", from the network), else null.
// The app asks the service worker's cache (asking the HTTP cache for a file it does not hold
// logs a failed request in the console); an embedded board, or a browser without service
// workers, the HTTP cache.
async function findSnapshot(url) {
  if (POLICY === "fetch") {
    const response = await fetch(url);
    return response.ok ? response : null;
  }
  if (!isEmbed() && hasServiceWorker()) {
    try {
      return (await caches.match(url)) || null;
    } catch (error) {
      return null;  // Cache Storage refused (a private window)
    }
  }
  try {
    const cached = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    if (cached.ok) return cached;
  } catch (error) { /* not in the HTTP cache */ }
  return null;
}

// The snapshot's file read (unpackedSnapshot), with `verified`: the promise of its SHA-256 checked
// against the one this build made. The check (WebCrypto's; Chromium computes it on this thread,
// 8-15 ms) is started here and awaited only before the restore (createModuleInSteps), not before
// the factory: awaited first, it was 20 ms of a returning visitor's start before the factory, 80
// on a phone.
async function checked(bytes) {
  performance.mark("ludothek:snapshot-read");
  const verified = crypto.subtle.digest("SHA-256", bytes).then((digest) => {
    const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
    if (hex !== SNAPSHOT.sha256) throw new Error("the memory snapshot is not the one this build made");
  });
  verified.catch(() => {});  // awaited before the restore; a refusal is handled in loadPyodide
  const snapshot = unpackedSnapshot(new Uint8Array(bytes));
  return { ...snapshot, handed: handedSnapshot(snapshot), verified };
}

// -- the snapshot as a file of the origin's own file system -----------------------------------------
// Read from Cache Storage, the 14 MB took 130-180 ms of a returning visitor's start on this
// machine's 2 cores (the WebAssembly and the standard library read from it at the same time), and
// Pyodide's module factory waited for it; read from the origin private file system with a
// synchronous access handle, which only a dedicated worker such as this one has, it takes about
// 10 ms. The service worker writes the file as it installs (sw.js, "the snapshot as a file");
// where it cannot (no writable streams in a service worker), this module writes it itself after
// a start from Cache Storage, once Python is up and the app has had time to be ready. The file
// must have the snapshot's length (a write cut short) and its SHA-256 (checked as for any other
// source; a refused file is removed, so the next start reads Cache Storage again). Never for an
// embedded board (it keeps nothing in the reader's browser) or a start told where to look.
const SNAPSHOT_FOLDER = "ludothek";  // sw.js writes into the same folder
// (The rehearsal of a start after an install, assets/rehearse.mjs, is a worker of its own, with no
// app to share this thread with: it writes the file at once.)
const SNAPSHOT_WRITE_DELAY_MS = TOLD.get("rehearsal") === "1" ? 0 : 5000;

function snapshotFileName() {
  return SNAPSHOT.url.split("/").pop();
}

function usesSnapshotFile() {
  const storage = globalThis.navigator && navigator.storage;
  return !isEmbed() && hasServiceWorker() && POLICY === "local" && !!SNAPSHOT.size && !!storage && typeof storage.getDirectory === "function";
}

async function snapshotFolder(create = false) {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(SNAPSHOT_FOLDER, { create });
}

// The file's bytes, or null: none, not this build's length, or out of reach (another tab's start
// holds its access handle: the file as a Blob then; a private window without the file system).
async function readSnapshotFile() {
  try {
    const file = await (await snapshotFolder()).getFileHandle(snapshotFileName());
    if (typeof file.createSyncAccessHandle === "function") {
      let access = null;
      try {
        access = await file.createSyncAccessHandle();
      } catch (error) { /* held elsewhere: read as a Blob below */ }
      if (access) {
        try {
          if (access.getSize() !== SNAPSHOT.size) return null;
          const bytes = new Uint8Array(SNAPSHOT.size);
          return access.read(bytes, { at: 0 }) === SNAPSHOT.size ? bytes.buffer : null;
        } finally {
          access.close();
        }
      }
    }
    const blob = await file.getFile();
    return blob.size === SNAPSHOT.size ? await blob.arrayBuffer() : null;
  } catch (error) {
    return null;
  }
}

async function removeSnapshotFile() {
  try {
    await (await snapshotFolder()).removeEntry(snapshotFileName());
  } catch (error) { /* gone already */ }
}

// This build's snapshot written as the file (a complete file or none: it is written under a
// temporary name and only then given its own), and any other build's removed.
async function writeSnapshotFile(bytes) {
  let folder;
  try {
    folder = await snapshotFolder(true);
    const partName = snapshotFileName() + ".part";
    const part = await folder.getFileHandle(partName, { create: true });
    if (typeof part.createSyncAccessHandle !== "function" || typeof part.move !== "function") {
      await folder.removeEntry(partName);
      return;
    }
    const access = await part.createSyncAccessHandle();
    try {
      access.truncate(0);
      const written = access.write(new Uint8Array(bytes), { at: 0 });
      access.flush();
      if (written !== bytes.byteLength) throw new Error("the snapshot's file was cut short");
    } finally {
      access.close();
    }
    await part.move(snapshotFileName());
  } catch (error) {
    if (folder) folder.removeEntry(snapshotFileName() + ".part").catch(() => {});
    return;  // no room, no file system: the next start reads Cache Storage, as this one did
  }
  try {
    const stale = [];
    for await (const name of folder.keys()) {
      if (name !== snapshotFileName()) stale.push(name);
    }
    await Promise.all(stale.map((name) => folder.removeEntry(name)));
  } catch (error) { /* left for the next write */ }
}

// -- the snapshot restored in place (scripts/snapshot_file.mjs) ----------------------------------
// What Pyodide is handed as the snapshot: its header, in a view that gives the memory's length
// (Pyodide sizes the runtime's memory by it). Pyodide's own restore checks the header and reads
// it; restoreInPlace, put in its place, then writes the memory.
function handedSnapshot(snapshot) {
  const handed = new Uint8Array(snapshot.header);
  Object.defineProperty(handed, "length", { value: snapshot.length });
  return handed;
}

// Pyodide's restore for the handed snapshot: the header checked and read by Pyodide (a snapshot
// of another runtime build is refused there, before anything is written), then the memory
// written from the file (restoreInPlace; the blocks the runtime holds were checked before).
function restoringInPlace(module, snapshot) {
  const API = module.API;
  const restore = API && API.restoreSnapshot;
  if (typeof restore !== "function") throw new Error("this Pyodide restores no snapshot");
  API.restoreSnapshot = function (given) {
    if (given !== snapshot.handed) return restore.apply(this, arguments);
    API.restoreSnapshot = restore;
    const recorded = restore.call(this, snapshot.header);
    restoreInPlace(module.HEAPU8, snapshot);
    return recorded;
  };
}

// The lookup, the read and the check of the snapshot begin as this module is evaluated, and
// overlap with the downloads below and PyScript's setting up of the interpreter.
const SNAPSHOT_URL = SNAPSHOT ? new URL(SNAPSHOT.url, import.meta.url).href : null;
globalThis.ludothekSnapshotURL = SNAPSHOT_URL;  // after a normal start the page fetches it for the next (web/dom.py)
const snapshotOnHand = (SNAPSHOT && POLICY !== "never")
  ? lookUp(SNAPSHOT_URL).catch((error) => { startingWithout(error); return null; })
  : null;

function startingWithout(error) {
  console.info("Ludothek: starting Python without the memory snapshot:", String(error && error.message || error));
}

// Found: the promise of the snapshot's file read, its check under way (`verified`).
// (Pyodide awaits it before its module factory runs, though it reads it only after. Handing
// Pyodide the memory at once and having the factory's steps await the read at their end was
// measured no faster: the read, which this thread carries out, is then slowed by the factory's
// work; so was a second worker reading it.)
async function lookUp(url) {
  let bytes = usesSnapshotFile() ? await readSnapshotFile() : null;
  let source = "file";
  if (!bytes) {
    const response = await findSnapshot(url);
    if (!response) return null;
    source = POLICY === "fetch" ? "network" : !isEmbed() && hasServiceWorker() ? "cache" : "http-cache";
    bytes = response.arrayBuffer();
  }
  globalThis.ludothekSnapshotFrom = source;  // the tests read it
  const snapshot = Promise.resolve(bytes).then(async (read) => {
    const found = await checked(read);
    found.verified.then(() => {
      if (source === "cache" && usesSnapshotFile()) setTimeout(() => writeSnapshotFile(read), SNAPSHOT_WRITE_DELAY_MS);
    }, () => {
      if (source === "file") removeSnapshotFile();
    });
    return found;
  });
  snapshot.catch(() => {});  // a refusal is handled in loadPyodide, never reported as unhandled
  return { snapshot };
}

// Let the worker take a message between the start's long steps. scheduler.yield where the
// browser has it; else a message to ourselves, which, unlike a timer, is not slowed in a
// background tab.
function nextTask() {
  if (globalThis.scheduler && typeof globalThis.scheduler.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}

// Pyodide's own module factory (pyodide.asm.mjs, the same module Pyodide would import), with a
// pause before it and after it (the worker answers the page's messages in between); for a
// restore, the file checked, the runtime's own blocks checked, and Pyodide's restore made the one
// in place (restoringInPlace).
async function createModuleInSteps(settings, snapshot = null) {
  const { default: createPyodideModule } = await RUNTIME_MODULE;
  await nextTask();
  performance.mark("ludothek:module");  // the runtime's long steps begin (tests check the home came first)
  const module = await createPyodideModule(settings);
  if (snapshot) {
    const found = await snapshot;
    await found.verified;
    await checkRuntimeBlocks(module.HEAPU8, found);
    restoringInPlace(module, found);
  }
  await nextTask();
  return module;
}

// The Pyodide PyScript is given unpacks the package's zip ([files] "./*") from JavaScript
// (unpackingStoredZips, scripts/stored_zip.mjs), not with Python's tempfile, shutil and zipfile:
// 23 ms against 61 of a returning visitor's start, 10-15 ms in all once main.py pays for the
// runtime's code run for the first time (docs/architecture.md).
export async function loadPyodide(options = {}) {
  options = { ...options, ...STDLIB_OPTIONS };
  // (PyScript names a lock of its own only for packages it has cached: the app has none.)
  if (LOCK && !options.lockFileURL && !options.lockFileContents) options.lockFileContents = LOCK;
  const inSteps = { ...options, createPyodideModule: (settings) => createModuleInSteps(settings) };
  if (snapshotOnHand) {
    try {
      const found = await snapshotOnHand;
      if (found) {
        const pyodide = await loadPyodideItself({
          ...options,
          createPyodideModule: (settings) => createModuleInSteps(settings, found.snapshot),
          _loadSnapshot: found.snapshot.then((snapshot) => snapshot.handed),
        });
        performance.mark("ludothek:runtime");  // Python is up (bench/startup.py splits the start by it)
        say("snapshot");
        await nextTask();
        return unpackingStoredZips(pyodide);
      }
    } catch (error) {
      startingWithout(error);
    }
  }
  const pyodide = await loadPyodideItself(inSteps);
  performance.mark("ludothek:runtime");
  say("normal");
  await nextTask();
  return unpackingStoredZips(pyodide);
}
