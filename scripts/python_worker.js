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
{
  const start = new URLSearchParams(self.location.hash.slice(1)).get("start");
  if (start) {
    const address = new URL(start, self.location.href);
    // Only a module of this site (anything else is left to PyScript, which reports its failure).
    if (address.origin === self.location.origin) import(address.href).catch(() => {});
  }
}
