// Make the Python runtime's memory snapshot with the app's pure-Python modules imported, with the
// very Pyodide the page runs (in Node, at build time), so the page can start Python from it instead
// of starting the interpreter and importing the package itself (assets/vendor/pyodide/ludothek.mjs
// loads it; scripts/build.py calls this script and names the file by its content hash).
//   node scripts/make_snapshot.mjs <package zip> <stdlib zip> <lock> <output file> <module> [<module> ...]
// <stdlib zip> is the standard library the page starts with (scripts/build.py, make_stdlib): a
// snapshot must be made with the zip it is restored with. <lock> is the text of the lock file the
// page starts with (scripts/build.py, runtime_lock: no packages), for the same reason.
// Beside <output file> it writes <output file>.runtime: the memory a restore of this snapshot
// finds before it copies the snapshot in (Pyodide's module factory's work: the runtime's own data).
// scripts/build.py leaves out of the shipped file what the snapshot shares with it.
// The snapshot is Pyodide's whole WebAssembly memory. It must hold no JavaScript object (so only
// modules that import nothing of js, pyodide or pyscript go in) and must not grow the memory past
// the size Pyodide starts with (a larger snapshot cannot be restored). The virtual file system is
// not part of it: the page unpacks the package again (PyScript's [files]) into the same place, so
// what the imported modules read later (catalogs, rules, puzzles) is found where it was.
import { loadPyodide } from "pyodide";
import createPyodideModule from "pyodide/pyodide.asm.mjs";
import fs from "node:fs";
import path from "node:path";
import { storedZipEntries, writeEntries } from "./stored_zip.mjs";

const [zipPath, stdlibPath, lockFileContents, output, ...modules] = process.argv.slice(2);
const stdLibURL = path.resolve(stdlibPath);
const HOME = "/home/pyodide/";  // where PyScript's "./*" unpacks the package in the page

// As in the page: the program's name is not this script's path on the build machine.
const py = await loadPyodide({ _makeSnapshot: true, _sysExecutable: "", stdLibURL, lockFileContents });
const memory = () => py._module.HEAP8.length;
const startMemory = memory();
// The package zip is stored, not deflated (scripts/build.py): its files written as the page's
// start module writes them (scripts/stored_zip.mjs).
const entries = storedZipEntries(new Uint8Array(fs.readFileSync(zipPath)));
if (!entries) throw new Error("not a zip of stored files: " + zipPath);
writeEntries(py.FS, HOME, entries);
py.globals.set("wanted", py.toPy(modules));
const report = py.runPython(`
import gc, importlib, os, sys
# Nothing of the build machine in the published file (Node puts the script's path there).
os.environ.pop("_", None)
os.unsetenv("_")
for name in wanted:
    importlib.import_module(name)
# A module that holds a browser object cannot be restored in another page.
browser = sorted(name for name in ("js", "pyscript") if name in sys.modules)
del wanted
gc.collect()
f"{len(sys.modules)} modules; browser modules: {browser}"
`);
if (!/browser modules: \[\]/.test(report)) throw new Error("a module imported the browser: " + report);
// Python's freed memory still holds what the imports left there: written over with zeros (large
// zeroed blocks taken from the allocator while there is room below the memory's end, then freed),
// the snapshot compresses by about a sixth more. Never past the end: that would grow the memory.
const sbrkPointer = py._module._emscripten_get_sbrk_ptr();
const room = () => memory() - py._module.HEAPU32[sbrkPointer >>> 2];
py.runPython("_zeros = []");
for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 9]) {
  while (room() > 2 * size + (1 << 19)) py.runPython(`_zeros.append(bytearray(${size}))`);
}
py.runPython("del _zeros; import gc; gc.collect()");
if (memory() !== startMemory) {
  throw new Error(`the imports grew the memory from ${startMemory} to ${memory()} bytes: the snapshot could not be restored; import fewer modules`);
}
const snapshot = py.makeMemorySnapshot();
fs.writeFileSync(output, snapshot);

// A restore as the page makes one (scripts/pyodide_start.mjs), stopped where the module factory
// has made the memory and the snapshot is not copied in yet.
let runtimeMemory = null;
try {
  await loadPyodide({
    _loadSnapshot: snapshot,
    _sysExecutable: "",
    stdLibURL,
    lockFileContents,
    createPyodideModule: async (settings) => {
      const module = await createPyodideModule(settings);
      runtimeMemory = module.HEAPU8.slice();
      throw new Error("the runtime's memory is kept: the restore goes no further");
    },
  });
} catch (error) {
  if (!runtimeMemory) throw error;
}
fs.writeFileSync(output + ".runtime", runtimeMemory);
console.log(`snapshot: ${modules.length} of the package's modules imported, ${report.split(";")[0]}, ${(snapshot.length / 1048576).toFixed(1)} MiB`);
