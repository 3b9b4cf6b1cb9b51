// Pyodide's loadPyodide, started from a memory snapshot when the browser has one. pyscript.toml
// names this module as PyScript's interpreter (scripts/build.py writes it beside pyodide.mjs as
// assets/vendor/pyodide/ludothek.mjs, with the SNAPSHOT line filled in); PyScript imports it, reads
// `version` and calls `loadPyodide({stdout, stderr, indexURL})` as it would Pyodide's own.
//
// The snapshot (assets/build/snapshot.<hash>.bin, made by scripts/make_snapshot.mjs) is Python
// with the app's pure-Python modules imported: restoring it skips the interpreter's start and most
// imports. It is only used when it is here already:
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
  return new Uint8Array(bytes);
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

export async function loadPyodide(options = {}) {
  let url = null;
  if (SNAPSHOT && POLICY !== "never") {
    url = new URL(SNAPSHOT.url, import.meta.url).href;
    try {
      const response = await findSnapshot(url);
      if (response) {
        const bytes = checked(response);
        bytes.catch(() => {});  // a refusal is handled below, never reported as unhandled
        const pyodide = await loadPyodideItself({ ...options, _loadSnapshot: bytes });
        performance.mark("ludothek:runtime");  // Python is up (bench/startup.py splits the start by it)
        say("snapshot");
        return pyodide;
      }
    } catch (error) {
      console.info("Ludothek: starting Python without the memory snapshot:", String(error && error.message || error));
    }
  }
  const pyodide = await loadPyodideItself(options);
  performance.mark("ludothek:runtime");
  say("normal");
  if (url && typeof document === "object" && document.body) {
    try { fetchForNextTime(url); } catch (error) { /* only a later start would have been quicker */ }
  }
  return pyodide;
}
