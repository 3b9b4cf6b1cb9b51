// The standard library the app needs, found and checked with the very Python the page runs
// (Pyodide in Node, at build time). scripts/build.py calls it twice:
//   node scripts/stdlib.mjs find <package zip> <request.json>
//     Starts Pyodide with its own full python_stdlib.zip, unpacks the package where PyScript
//     unpacks it, imports what the request names (every standard module the package, main.py and
//     PyScript's Python import anywhere, and the package's pure-Python modules), and prints as
//     JSON the modules of the zip that Python then holds, closed over every import statement in
//     them (also inside functions), except the request's `exclude` (modules the app never
//     reaches; not followed either), plus the request's `whole` packages and `dynamic` modules
//     (those imported by a computed name: the codecs). Modules frozen into the
//     interpreter are followed but not listed: Python never reads them from the zip.
//   node scripts/stdlib.mjs check <stdlib zip> <package zip> <request.json> <later zip>
//     Starts Pyodide from the new zip, unpacks the package, imports the package's pure-Python
//     modules and every standard import the request lists ([module, name or null]: `import
//     module` or `from module import name`), and checks that none of the request's `later`
//     modules (those the page has from the package's second zip) was wanted meanwhile; then
//     unpacks the later zip beside the package, as the page does the second zip, and imports
//     every module of both zips (`shipped`); exits with 1 and the failures if any fails.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [mode, ...args] = process.argv.slice(2);
const HOME = "/home/pyodide";
const IMPORT_SCAN = path.join(path.dirname(fileURLToPath(import.meta.url)), "import_scan.py");  // where PyScript's "./*" unpacks the package in the page

async function start(stdLibURL) {
  const options = { _sysExecutable: "" };
  if (stdLibURL) options.stdLibURL = path.resolve(stdLibURL);
  return loadPyodide(options);
}

function unpack(py, zipPath) {
  // As PyScript does for `"./package.zip" = "./*"` (polyscript: pyodide.unpackArchive).
  py.unpackArchive(new Uint8Array(fs.readFileSync(zipPath)), "zip", { extractDir: HOME });
}

// The package's modules, then each standard import statement: [module, name] is `from module
// import name` (a name the module lacks must be its submodule), [module, null] is `import module`.
// Imports of what is not the standard library (js, pyscript, the package itself) are skipped.
const IMPORT_ALL = `
import importlib, json, sys

request = json.loads(request_text)  # as JSON: null is None


def import_all(request):
    standard = set(sys.stdlib_module_names) | {"pyodide", "_pyodide"}
    failed = []
    for name in request["modules"]:
        try:
            importlib.import_module(name)
        except Exception as error:
            failed.append(f"import {name}: {error!r}")
    for module, name in request["imports"]:
        if module.split(".")[0] not in standard:
            continue
        try:
            imported = importlib.import_module(module)
            if name is not None and not hasattr(imported, name):
                importlib.import_module(f"{module}.{name}")
        except Exception as error:
            statement = f"from {module} import {name}" if name else f"import {module}"
            failed.append(f"{statement}: {error!r}")
    return failed
`;

async function main() {
  if (mode === "find") {
    const [zipPath, requestPath] = args;
    const py = await start(null);
    unpack(py, zipPath);
    py.globals.set("request_text", fs.readFileSync(requestPath, "utf8"));
    py.runPython(IMPORT_ALL);
    py.runPython(fs.readFileSync(IMPORT_SCAN, "utf8"));  // imported_names, as scripts/build.py reads imports
    const found = py.runPython(`
import ast, importlib.machinery, json, sys, zipfile

stdlib_zip = next(entry for entry in sys.path if entry.endswith(".zip"))
archive = zipfile.ZipFile(stdlib_zip)
files = {}  # module name -> its entry in the zip
for entry in archive.namelist():
    if entry.endswith(".py"):
        module = entry[:-3].replace("/", ".").removesuffix(".__init__")
        files[module] = entry
failed = import_all(request)
if failed:
    raise SystemExit("could not import with Pyodide's own standard library: " + "; ".join(failed))
imported = sorted(name for name, module in list(sys.modules.items())
                  if (getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(stdlib_zip + "/"))

excluded = set(request["exclude"])
def is_excluded(name):
    return any(name == other or name.startswith(other + ".") for other in excluded)

def imports_of(module):
    """Every module of the zip that the module's text imports, anywhere in it."""
    entry = files[module]
    return {name for name in imported_names(archive.read(entry), module, entry.endswith("__init__.py")) if name in files}

wanted = set(imported) | set(request["dynamic"])
wanted |= {module for module in files for package in request["whole"] if module == package or module.startswith(package + ".")}
wanted = {name for name in wanted if name in files}
reason = {name: "imported" for name in wanted}
todo = sorted(wanted)
while todo:
    module = todo.pop()
    parts = module.split(".")
    for other in sorted(imports_of(module) | {".".join(parts[:i]) for i in range(1, len(parts))}):
        if other in files and other not in wanted and not is_excluded(other):
            wanted.add(other)
            reason[other] = module
            todo.append(other)
# Frozen into the interpreter (os, io, codecs, site, importlib's bootstrap, ...): Python never
# reads them from the zip, but what they import is followed above.
frozen = {name for name in wanted if importlib.machinery.FrozenImporter.find_spec(name) is not None}
json.dumps({
    "modules": sorted(wanted - frozen),
    "files": sorted(files[name] for name in wanted - frozen),
    "frozen": sorted(frozen),
    "imported": imported,
    "reasons": {name: reason[name] for name in sorted(wanted) if reason[name] != "imported"},
    "zip_modules": len(files),
})
`);
    process.stdout.write(found + "\n");
  } else if (mode === "check") {
    const [stdlibPath, zipPath, requestPath, laterPath] = args;
    const py = await start(stdlibPath);
    unpack(py, zipPath);
    py.globals.set("request_text", fs.readFileSync(requestPath, "utf8"));
    py.runPython(IMPORT_ALL);
    const early = py.runPython(`
import json, sys
failed = import_all(request)
json.dumps(failed + [f"{name}: imported, but it comes later, in the package's second zip" for name in request["later"] if name in sys.modules])
`);
    const earlyFailed = JSON.parse(early);
    if (earlyFailed.length) {
      console.error("the new standard library lacks what the app imports:\n  " + earlyFailed.join("\n  "));
      process.exit(1);
    }
    if (laterPath) unpack(py, laterPath);
    const failures = py.runPython(`
import json
# The folders' listings forgotten as the page forgets them once the second zip is unpacked.
from ludothek.web.more_modules import forget_folder_listings
forget_folder_listings()
json.dumps(import_all({**request, "modules": request["modules"] + request["shipped"]}))
`);
    const failed = JSON.parse(failures);
    if (failed.length) {
      console.error("the new standard library lacks what the app imports:\n  " + failed.join("\n  "));
      process.exit(1);
    }
    const request = JSON.parse(fs.readFileSync(requestPath, "utf8"));
    console.log(`stdlib: the package's modules, its ${request.imports.length} imports and the ${request.shipped.length - request.later.length} modules of ${path.basename(stdlibPath)} import from it, and the ${request.later.length} of the second zip beside it`);
  } else {
    console.error("usage: node scripts/stdlib.mjs find <package zip> <request.json> | check <stdlib zip> <package zip> <request.json> <later zip>");
    process.exit(2);
  }
}

// A failure as one message (Node would print the line of Pyodide's minified code it came from).
main().catch((error) => {
  console.error(String((error && error.message) || error));
  process.exit(1);
});
