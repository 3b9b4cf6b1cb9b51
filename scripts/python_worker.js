// Python's worker: this prelude, then PyScript's own worker code (scripts/build.py,
// write_python_worker, writes both into assets/build/python-worker.<hash>.js).
//
// boot.js makes this worker as soon as it runs and hands it to PyScript's core when the core asks
// for its worker, which would otherwise start from a Blob of the same code once the page had
// imported the core. The start module (the address boot.js gives as `start` in this file's
// fragment, the same one it gives PyScript as the interpreter) is imported here at once: as it is
// evaluated it asks for the runtime's WebAssembly and the standard library and looks for the
// memory snapshot (scripts/pyodide_start.mjs), so all of that begins now. PyScript's import of
// the same address, once the page has sent the configuration, finds the module already there.
//
// On a return (the browser holds a compiled copy of the WebAssembly beside the file), reading that
// copy back is 150-250 ms of work on the thread that receives the file: done on this thread, it
// held back the snapshot's read and the page's first messages until it was over (a trace of a
// return: one task of 186 ms). It is done instead in a helper worker of its own, started here, the
// moment this worker runs, and its WebAssembly.Module is posted back (a module shares its compiled
// code with the thread it is posted to). The start module takes it (self.ludothekCompiledWasm) and
// instantiates it; if the helper cannot be made or fails, the start module compiles the file
// itself, as before. Not on a first visit (`hand=1` in the start module's fragment): the page then
// keeps a copy of the very download for the service worker, and the file is fetched once.
const HELPER_PATIENCE_MS = 30_000;
{
  const start = new URLSearchParams(self.location.hash.slice(1)).get("start");
  if (start) {
    const address = new URL(start, self.location.href);
    // Only a module of this site (anything else is left to PyScript, which reports its failure).
    if (address.origin === self.location.origin) {
      try {
        compileInHelper(new URL("pyodide.asm.wasm", address).href, new URLSearchParams(address.hash.slice(1)));
      } catch (error) { /* the start module compiles it */ }
      import(address.href).catch(() => {});
    }
  }
}

function compileInHelper(url, told) {
  if (told.get("hand") === "1" || typeof Worker !== "function" || typeof WebAssembly !== "object" || typeof WebAssembly.compileStreaming !== "function") return;
  const code = "onmessage = (event) => { WebAssembly.compileStreaming(fetch(event.data)).then((module) => postMessage(module), () => postMessage(null)); };";
  let helper;
  try {
    helper = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  } catch (error) {
    return;  // no worker from this one (a policy, an old browser): the start module compiles it
  }
  const module = new Promise((resolve) => {
    // A helper that has said nothing for HELPER_PATIENCE_MS is given up (a browser that neither
    // posts the module nor reports an error): the start module then compiles the file itself.
    const patience = setTimeout(() => done(null), HELPER_PATIENCE_MS);
    function done(found) {
      clearTimeout(patience);
      resolve(found instanceof WebAssembly.Module ? found : null);
      helper.terminate();
    }
    helper.onmessage = (event) => done(event.data);
    helper.onmessageerror = () => done(null);
    helper.onerror = () => done(null);
  });
  helper.postMessage(url);
  self.ludothekCompiledWasm = { url, module };
}
