// Pyodide's loadPyodide, started from a memory snapshot when the browser has one. pyscript.toml
// names this module as PyScript's interpreter (scripts/build.py writes it beside pyodide.mjs as
// assets/vendor/pyodide/ludothek.mjs, with the SNAPSHOT line filled in); PyScript imports it, reads
// `version` and calls `loadPyodide({stdout, stderr, indexURL})` as it would Pyodide's own. boot.js
// imports it earlier, as the page asks for the runtime, so the search for the snapshot starts then.
//
// The snapshot (assets/build/snapshot.<hash>.bin, made by scripts/make_snapshot.mjs and packed by
// scripts/build.py without its zero blocks and the runtime's own data) is Python with the app's pure-Python modules and
// the standard library's modules the rest imports: restoring it skips the interpreter's start and
// nearly all imports. It is only used when it is here already:
// - the app: in the service worker's cache (it precaches the snapshot after the first visit, once
//   the app is ready); in a browser without service workers, in the HTTP cache;
// - an embedded board: only in the HTTP cache (embeds keep nothing in the reader's storage); after
//   a start without it, the board fetches it in the background once it is live, for the next start.
// A first visit never waits for the ~5 MB: on a slow network that costs more than the snapshot
// saves (docs/benchmarks.md). A snapshot that is missing, not the one this build made (checked by
// its SHA-256), or refused by Pyodide (another runtime build) gives the normal start: nothing on
// screen, nothing stored is touched. document.documentElement.dataset.start says which it was.
import { loadPyodide as loadPyodideItself, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = null;  // {url (relative to this module), sha256}: written by scripts/build.py
// The site's own standard library (assets/build/python_stdlib.<hash>.zip: the modules the app
// imports, compiled), not Pyodide's python_stdlib.zip, which the site does not ship. Its URL
// relative to this module; PyScript's indexURL (this module's folder) stays as it is.
const STDLIB = null;  // written by scripts/build.py
const STDLIB_OPTIONS = STDLIB ? { stdLibURL: new URL(STDLIB, import.meta.url).href } : {};

// A benchmark's or a test's choice (set before the page's scripts run): "local" (the default, as
// above), "fetch" (fetch it from the network if it is not here: a first visit with the snapshot),
// "never" (the normal start).
const POLICY = globalThis.LUDOTHEK_SNAPSHOT || "local";

function say(how) {
  try { document.documentElement.dataset.start = how; } catch (error) { /* no document (a worker) */ }
}

function isEmbed() {
  try { return new URLSearchParams(location.search).get("embed") === "1"; } catch (error) { return false; }
}

function hasServiceWorker() {
  return typeof navigator === "object" && "serviceWorker" in navigator;
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

async function checked(response) {
  const bytes = await response.arrayBuffer();
  performance.mark("ludothek:snapshot-read");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  if (hex !== SNAPSHOT.sha256) throw new Error("the memory snapshot is not the one this build made");
  return unpacked(new Uint8Array(bytes));
}

// The file holds the snapshot without its all-zero blocks and without the blocks the runtime's
// own memory holds before the restore (scripts/build.py, pack_snapshot: the magic "LUDOSNP2"; the
// block size, the unpacked length, where the memory starts in it, the number of blocks kept and of
// blocks taken from the runtime, as little-endian 32-bit numbers; the indices of both; the SHA-256
// of the taken blocks; the kept blocks). The taken ones are filled in by withRuntimeBlocks.
function unpacked(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (new TextDecoder().decode(packed.subarray(0, 8)) !== "LUDOSNP2") throw new Error("not a packed memory snapshot");
  const [block, length, offset, keptCount, takenCount] = [8, 12, 16, 20, 24].map((at) => view.getUint32(at, true));
  const indices = (from, count) => Array.from({ length: count }, (_, i) => view.getUint32(from + 4 * i, true));
  const kept = indices(28, keptCount);
  const taken = indices(28 + 4 * keptCount, takenCount);
  let at = 28 + 4 * (keptCount + takenCount);
  const sha256 = packed.slice(at, at + 32);
  at += 32;
  const memory = new Uint8Array(length);
  for (const index of kept) {
    const start = index * block;
    const size = Math.min(block, length - start);
    memory.set(packed.subarray(at, at + size), start);
    at += size;
  }
  if (at !== packed.length) throw new Error("a packed memory snapshot of the wrong length");
  return { memory, block, offset, taken, sha256 };
}

// The blocks the file left out because the runtime holds them: copied from the memory Pyodide's
// module factory has just made, before Pyodide copies the snapshot over it. They are checked by
// their SHA-256: a runtime that made other bytes there refuses the snapshot (the normal start follows).
async function withRuntimeBlocks(module, snapshot) {
  const { memory, block, offset, taken, sha256 } = snapshot;
  const heap = module.HEAPU8;
  const copied = new Uint8Array(taken.reduce((sum, index) => sum + Math.min(block, memory.length - index * block), 0));
  let at = 0;
  for (const index of taken) {
    const start = index * block;
    const part = heap.subarray(start - offset, Math.min(start + block, memory.length) - offset);
    memory.set(part, start);
    copied.set(part, at);
    at += part.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", copied));
  if (!digest.every((byte, i) => byte === sha256[i])) throw new Error("the runtime's memory is not the one the snapshot was made against");
}

// After a start without the snapshot: bring it into the HTTP cache once the page is ready, for
// the next start. Not for the app where a service worker precaches it (that would be twice).
function fetchForNextTime(url) {
  if (!isEmbed() && hasServiceWorker()) return;
  const body = document.body;
  const fetchIt = () => {
    fetch(url, { priority: "low" }).then((response) => response.arrayBuffer()).catch(() => {});
  };
  if (body.dataset.ready) { fetchIt(); return; }
  new MutationObserver((changes, observer) => {
    if (!body.dataset.ready) return;
    observer.disconnect();
    fetchIt();
  }).observe(body, { attributes: true, attributeFilter: ["data-ready"] });
}

// The page evaluates this module as soon as boot.js asks for the runtime (long before PyScript
// imports it as its interpreter, which waits for its own start-up): the lookup, the read and the
// check of the snapshot overlap with the downloads and PyScript's start instead of following them.
// PyScript's import finds this same module instance, and this promise already under way.
const SNAPSHOT_URL = SNAPSHOT ? new URL(SNAPSHOT.url, import.meta.url).href : null;
const snapshotOnHand = (SNAPSHOT && POLICY !== "never")
  ? lookUp(SNAPSHOT_URL).catch((error) => { startingWithout(error); return null; })
  : null;

function startingWithout(error) {
  console.info("Ludothek: starting Python without the memory snapshot:", String(error && error.message || error));
}

async function lookUp(url) {
  const response = await findSnapshot(url);
  if (!response) return null;
  const snapshot = checked(response);
  snapshot.catch(() => {});  // a refusal is handled in loadPyodide, never reported as unhandled
  return { snapshot };
}

// Let the browser handle a tap, a key or a frame between the start's long steps: without this,
// instantiating the runtime, restoring the snapshot and Python's bootstrap run as one task (over a
// second on a phone's CPU). scheduler.yield where the browser has it; else a message to ourselves,
// which, unlike a timer, is not slowed in a background tab.
function nextTask() {
  if (globalThis.scheduler && typeof globalThis.scheduler.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}

// boot.js draws the home screen rendered ahead of time before Python's start holds the main
// thread: until html[data-home] is "painted" (from "waiting", then "drawn"; never for long: boot.js
// gives up waiting for the home screen after 3 s), the start waits. Pages without boot.js have no
// such attribute.
function homeScreenPainted() {
  const root = typeof document === "object" ? document.documentElement : null;
  if (!root || !["waiting", "drawn"].includes(root.dataset.home)) return null;
  return new Promise((resolve) => {
    new MutationObserver((changes, observer) => {
      if (root.dataset.home !== "painted") return;
      observer.disconnect();
      resolve();
    }).observe(root, { attributes: true, attributeFilter: ["data-home"] });
  });
}

// Pyodide's own module factory (pyodide.asm.mjs, the same module Pyodide would import), with a
// pause before it and after it; for a restore, the snapshot's blocks from the runtime filled in.
async function createModuleInSteps(settings, snapshot = null) {
  const { default: createPyodideModule } = await import("./pyodide.asm.mjs");
  await (homeScreenPainted() || nextTask());
  performance.mark("ludothek:module");  // the runtime's long steps begin (tests check the home came first)
  const module = await createPyodideModule(settings);
  if (snapshot) await withRuntimeBlocks(module, await snapshot);
  await nextTask();
  return module;
}

export async function loadPyodide(options = {}) {
  options = { ...options, ...STDLIB_OPTIONS };
  const inSteps = { ...options, createPyodideModule: (settings) => createModuleInSteps(settings) };
  if (snapshotOnHand) {
    try {
      const found = await snapshotOnHand;
      if (found) {
        const pyodide = await loadPyodideItself({
          ...options,
          createPyodideModule: (settings) => createModuleInSteps(settings, found.snapshot),
          _loadSnapshot: found.snapshot.then((snapshot) => snapshot.memory),
        });
        performance.mark("ludothek:runtime");  // Python is up (bench/startup.py splits the start by it)
        say("snapshot");
        await nextTask();
        return pyodide;
      }
    } catch (error) {
      startingWithout(error);
    }
  }
  const pyodide = await loadPyodideItself(inSteps);
  performance.mark("ludothek:runtime");
  say("normal");
  if (snapshotOnHand && typeof document === "object" && document.body) {
    try { fetchForNextTime(SNAPSHOT_URL); } catch (error) { /* only a later start would have been quicker */ }
  }
  await nextTask();
  return pyodide;
}
