// The memory snapshot's file as scripts/build.py packs it (pack_snapshot), read and restored into
// the runtime's memory. The start module uses it (scripts/pyodide_start.mjs; scripts/build.py
// writes this file into it); tests/test_snapshot_file.py runs it in Node against the build's own
// unpacking.
//
// The file holds the snapshot without its all-zero blocks and without the blocks the runtime's
// own memory holds before the restore: the magic "LUDOSNP2"; the block size, the unpacked length,
// where the memory starts in it, the number of blocks kept and of blocks taken from the runtime,
// as little-endian 32-bit numbers; the indices of both; the SHA-256 of the taken blocks; the kept
// blocks. Nothing is copied when it is read: the restore writes the kept blocks from the file
// straight into the runtime's memory (restoreInPlace), where the taken ones already are.
// (Unpacked into a memory of its own, which Pyodide's restore then copied whole into the
// runtime's, the 30 MB took 45-60 ms of a returning visitor's start.)

const ZERO = 0, KEPT = 1, TAKEN = 2;  // what each block of the memory is in the file

// The file read: its blocks, their kinds (`state`), where its kept blocks begin (`first`), where
// the memory begins in the snapshot (`offset`: byte 0 of the runtime's memory) and the header
// Pyodide's own restore reads (the bytes before it, in block 0). The file's own
// lengths are checked before anything is allocated, so a damaged file is refused, never read past
// or grown into.
export function unpackedSnapshot(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (new TextDecoder().decode(packed.subarray(0, 8)) !== "LUDOSNP2") throw new Error("not a packed memory snapshot");
  const wrong = () => new Error("a packed memory snapshot of the wrong length");
  if (packed.length < 28) throw wrong();
  const [block, length, offset, keptCount, takenCount] = [8, 12, 16, 20, 24].map((at) => view.getUint32(at, true));
  const first = 28 + 4 * (keptCount + takenCount) + 32;
  if (!block || length > 2 ** 31 || first > packed.length) throw wrong();
  const indices = (from, count) => Array.from({ length: count }, (_, i) => view.getUint32(from + 4 * i, true));
  const kept = indices(28, keptCount);
  const taken = indices(28 + 4 * keptCount, takenCount);
  const sha256 = packed.slice(first - 32, first);
  const sizes = kept.map((index) => Math.min(block, length - index * block));
  if (sizes.some((size) => !(size > 0)) || first + sizes.reduce((sum, size) => sum + size, 0) !== packed.length) throw wrong();
  if (kept.some((index, i) => i > 0 && !(index > kept[i - 1]))) throw wrong();  // in the file's order, each once
  // Pyodide's header lies in block 0, before the memory: where the memory begins is its second
  // number (the file's own offset is that number, or 0 for a file packed with no runtime's blocks).
  if (kept[0] !== 0 || sizes[0] < 12) throw wrong();
  const memoryStart = view.getUint32(first + 4, true);
  if (memoryStart < 12 || memoryStart > sizes[0] || (offset !== memoryStart && !(offset === 0 && takenCount === 0))) throw wrong();
  if (taken.some((index) => !(index * block < length && index * block >= memoryStart))) throw wrong();
  const state = new Uint8Array(Math.ceil(length / block));
  for (const index of kept) state[index] = KEPT;
  for (const index of taken) {
    if (state[index] !== ZERO) throw wrong();
    state[index] = TAKEN;
  }
  return { packed, first, block, length, offset: memoryStart, state, taken, sha256, header: packed.slice(first, first + memoryStart) };
}

// The blocks the file left out because the runtime holds them, checked by their SHA-256 in the
// memory (`heap`) Pyodide's module factory has just made: a runtime that made other bytes there
// refuses the snapshot before anything is written.
export async function checkRuntimeBlocks(heap, snapshot) {
  const { block, length, offset, taken, sha256 } = snapshot;
  const copied = new Uint8Array(taken.reduce((sum, index) => sum + Math.min(block, length - index * block), 0));
  let at = 0;
  for (const index of taken) {
    const part = heap.subarray(index * block - offset, Math.min((index + 1) * block, length) - offset);
    copied.set(part, at);
    at += part.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", copied));
  if (!digest.every((byte, i) => byte === sha256[i])) throw new Error("the runtime's memory is not the one the snapshot was made against");
}

// The snapshot's memory written into the runtime's (`heap`, where the snapshot's byte `offset` is
// byte 0): each run of kept blocks copied from the file, each run of zero blocks cleared, the
// taken blocks left as the runtime made them.
export function restoreInPlace(heap, snapshot) {
  const { packed, first, block, length, offset, state } = snapshot;
  let source = first;  // where the next kept block lies in the file
  for (let index = 0; index < state.length;) {
    let end = index + 1;
    while (end < state.length && state[end] === state[index]) end++;
    const from = index * block;
    const to = Math.min(end * block, length);
    if (state[index] === KEPT) {
      const skipped = Math.max(offset - from, 0);  // the header, in block 0
      heap.set(packed.subarray(source + skipped, source + (to - from)), from + skipped - offset);
      source += to - from;
    } else if (state[index] === ZERO) {
      heap.fill(0, from - offset, to - offset);  // (block 0 is kept: from >= offset here)
    }
    index = end;
  }
}
