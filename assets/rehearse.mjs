// A returning visitor's start, rehearsed once in a worker of its own when a version of the app has
// just been installed (boot.js, "the next start rehearsed"), so that the real one finds the
// browser's compiled code ready.
//
// A returning start reads Pyodide's JavaScript (pyodide.asm.mjs, 1.25 MB) and our start module
// from the service worker's cache. Chromium keeps the code it compiled for a module script beside
// the cache entry, but only once the module has run from there: the first return after an install
// compiled Pyodide's JavaScript from scratch, function by function as the module factory and the
// restore called them (about 150 ms of a 0.8 s start on this machine's 2 cores; later starts do not
// pay it). Here that first run happens in the background, with nothing of the app: the start module
// restores the memory snapshot as the app's start would (and writes the snapshot's file where the
// service worker could not), Python runs one line, and the worker is left a moment for the browser
// to store what it compiled, then ended by the page.
const start = new URL("./vendor/pyodide/ludothek.mjs", import.meta.url);
start.hash = "sw=1&rehearsal=1";

async function rehearse() {
  const { loadPyodide } = await import(start.href);
  const pyodide = await loadPyodide({});
  pyodide.runPython("import sys");
  return globalThis.ludothekRehearsedKind || "";
}

rehearse().then(
  (kind) => postMessage({ rehearsed: kind }),
  (error) => postMessage({ rehearsed: "", error: String(error && error.message || error) }),
);
