// The entries of a zip whose files are stored, not compressed (the package zips scripts/build.py
// writes, write_stored_zip): read where they lie, in JavaScript. Python's worker unpacks the
// package's first zip with this (unpackingStoredZips; scripts/build.py writes this file into the
// start module, assets/vendor/pyodide/ludothek.mjs) instead of Pyodide's own unpacking, which
// imports and runs Python's tempfile, shutil and zipfile on every start, before main.py;
// scripts/make_snapshot.mjs writes the package into the snapshot's file system with it too.
//
// storedZipEntries(bytes) gives [[name, Uint8Array], ...] (directories included, named with their
// trailing "/"), or null for anything else: a compressed, encrypted or zip64 entry, a name
// that is not plain UTF-8 or ASCII, a CRC-32 that does not match, a truncated file. The caller
// then hands the zip to Python's own unpacking, which reads every kind of zip and reports a bad one
// as it always has. Names are checked by the caller (unpackedPath), as Python's shutil checks them.

let crcTable = null;

function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

export function storedZipEntries(bytes) {
  if (!(bytes instanceof Uint8Array) || bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record: the last 22 bytes unless the zip carries a comment (ours never do).
  let end = bytes.length - 22;
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  while (end >= lowest && view.getUint32(end, true) !== END_OF_DIRECTORY) end--;
  if (end < lowest) return null;
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  if (view.getUint16(end + 8, true) !== count || at + directorySize > end) return null;  // split or zip64
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    if (method !== 0 || flags & 0x1 || compressed !== size || size === 0xffffffff || next > end) return null;
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    // Without the UTF-8 flag a name is CP437: only its ASCII part reads the same.
    if (!(flags & 0x800) && nameBytes.some((byte) => byte > 0x7f)) return null;
    let name;
    try { name = utf8.decode(nameBytes); } catch (error) { return null; }
    if (local + 30 > end || view.getUint32(local, true) !== LOCAL_HEADER) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > end) return null;
    const data = bytes.subarray(start, start + size);
    if (crc32(data) !== crc) return null;
    entries.push([name, data]);
    at = next;
  }
  return entries;
}

// Where an entry goes under `folder` (an absolute path without its trailing "/": "" for the root),
// or null for a name Python's shutil also leaves out (absolute, or with ".." in it), or for the
// folder itself.
export function unpackedPath(folder, name) {
  if (name.startsWith("/") || name.includes("..")) return null;
  const parts = name.split("/").filter((part) => part !== "" && part !== ".");
  return parts.length ? `${folder}/${parts.join("/")}` : null;
}

// `pyodide` with its unpackArchive unpacking a zip of stored files here, into Pyodide's file system,
// as Pyodide's own would (the folder made, every file and folder written, names that Python's
// shutil leaves out left out); any other archive, or a zip that fails the checks above, goes to
// Pyodide's own unpacking, which reads it or reports it as before.
export function unpackingStoredZips(pyodide) {
  const unpackArchive = pyodide && pyodide.unpackArchive;
  const FS = pyodide && pyodide.FS;
  const resolve = pyodide && pyodide._module && pyodide._module.PATH_FS && pyodide._module.PATH_FS.resolve;
  if (typeof unpackArchive !== "function" || !FS || typeof resolve !== "function") return pyodide;
  pyodide.unpackArchive = function (buffer, format, options = {}) {
    const bytes = ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
      : buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : null;
    const entries = bytes && String(format).toLowerCase() === "zip" ? storedZipEntries(bytes) : null;
    if (!entries) return unpackArchive.apply(this, arguments);
    writeEntries(FS, resolve((options && options.extractDir) || "."), entries);
    return undefined;
  };
  return pyodide;
}

// `entries` (storedZipEntries) written into the Emscripten file system `FS` under `folder` (an
// absolute path), the folders made as they are needed.
export function writeEntries(FS, folder, entries) {
  const base = folder.replace(/\/+$/, "");
  FS.mkdirTree(base || "/");
  for (const [name, data] of entries) {
    const path = unpackedPath(base, name);
    if (!path) continue;
    if (name.endsWith("/")) {
      FS.mkdirTree(path);
    } else {
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || "/");
      FS.writeFile(path, data);
    }
  }
}
