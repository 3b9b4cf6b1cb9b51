"""The memory snapshot's file restored in place (scripts/snapshot_file.mjs), in Node: the runtime's
memory after the restore must be the memory the build packed (scripts/build.py, unpack_snapshot),
whatever the runtime had left where the snapshot has zeros; a runtime whose own blocks differ, and a
file whose lengths or indices are wrong, are refused before anything is written."""

from __future__ import annotations

import hashlib
import json
import random
import struct
import subprocess
from pathlib import Path

import pytest

import build  # scripts/build.py (pytest.ini puts scripts/ on the path)

ROOT = Path(__file__).resolve().parent.parent
BLOCK = build.SNAPSHOT_BLOCK
OFFSET = 128  # where Pyodide's header ends and the memory begins, as in Pyodide's snapshots

# For each case (a packed file and the runtime's memory before the restore, as files): the
# memory's SHA-256 after the restore, or the error the reading, the check or the restore raised.
RESTORE = r"""
import fs from "node:fs";
import { checkRuntimeBlocks, restoreInPlace, unpackedSnapshot } from "./scripts/snapshot_file.mjs";

const results = [];
for (let i = 1; i < process.argv.length; i += 2) {
  const packed = new Uint8Array(fs.readFileSync(process.argv[i]));
  const heap = new Uint8Array(fs.readFileSync(process.argv[i + 1]));
  const untouched = heap.slice();
  try {
    const snapshot = unpackedSnapshot(packed);
    await checkRuntimeBlocks(heap, snapshot);
    restoreInPlace(heap, snapshot);
    const digest = Buffer.from(await crypto.subtle.digest("SHA-256", heap)).toString("hex");
    results.push({ memory: digest, header: Buffer.from(snapshot.header).toString("hex") });
  } catch (error) {
    const same = heap.every((byte, at) => byte === untouched[at]);
    results.push({ error: String(error.message), untouched: same });
  }
}
console.log(JSON.stringify(results));
"""


def snapshot_and_runtime(seed: int, blocks: int = 40, tail: int = 1000) -> tuple[bytes, bytes]:
    """A snapshot (Pyodide's header, then the memory) of blocks of every kind, its last one short,
    and the runtime's memory before the restore: the same bytes where the snapshot has them
    (taken), other bytes elsewhere, and left-overs where the snapshot has zeros."""
    draw = random.Random(seed)
    length = blocks * BLOCK + tail
    raw = bytearray(length)
    raw[0:4] = b"PYOD"
    struct.pack_into("<I", raw, 4, OFFSET)
    runtime = bytearray(draw.randbytes(length - OFFSET + 2 * BLOCK))  # the runtime's memory is larger
    kinds = ["kept"] + [draw.choice(["kept", "taken", "zero", "zero-dirty"]) for _ in range(1, blocks + 1)]
    for index, kind in enumerate(kinds):
        start, end = index * BLOCK, min((index + 1) * BLOCK, length)
        if kind == "kept":
            raw[max(start, 8) : end] = draw.randbytes(end - max(start, 8))  # (block 0: after the header's start)
        elif kind == "taken":
            raw[start:end] = runtime[start - OFFSET : end - OFFSET]
        elif kind == "zero":
            runtime[start - OFFSET : end - OFFSET] = bytes(end - start)
        # zero-dirty: zeros in the snapshot, left-overs in the runtime's memory
    return bytes(raw), bytes(runtime)


def restored(tmp_path: Path, cases: list[tuple[bytes, bytes]]) -> list[dict]:
    arguments = []
    for i, (packed, runtime) in enumerate(cases):
        (tmp_path / f"{i}.packed").write_bytes(packed)
        (tmp_path / f"{i}.runtime").write_bytes(runtime)
        arguments += [str(tmp_path / f"{i}.packed"), str(tmp_path / f"{i}.runtime")]
    run = subprocess.run(["node", "--input-type=module", "-e", RESTORE, *arguments], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def expected_memory(packed: bytes, runtime: bytes) -> str:
    raw = build.unpack_snapshot(packed, runtime)
    memory = raw[OFFSET:] + runtime[len(raw) - OFFSET :]  # beyond the snapshot, the runtime's own
    return hashlib.sha256(memory).hexdigest()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_restored_memory_is_the_one_the_build_packed(tmp_path, seed):
    raw, runtime = snapshot_and_runtime(seed)
    packed = build.pack_snapshot(raw, runtime)
    _, _, _, kept, taken = struct.unpack_from("<5I", packed, 8)
    assert kept and taken and kept + taken < len(raw) // BLOCK  # every kind of block is there
    [result] = restored(tmp_path, [(packed, runtime)])
    assert result.get("memory") == expected_memory(packed, runtime), result
    assert bytes.fromhex(result["header"]) == raw[:OFFSET]  # what Pyodide's own restore reads


def test_a_file_packed_without_the_runtimes_blocks_is_restored_whole(tmp_path):
    # (pack_snapshot without the runtime's memory: every non-zero block is in the file, the file's
    # own offset is 0, and the memory still begins where Pyodide's header says.)
    raw, runtime = snapshot_and_runtime(6)
    packed = build.pack_snapshot(raw)
    assert struct.unpack_from("<5I", packed, 8)[2] == 0 and struct.unpack_from("<5I", packed, 8)[4] == 0
    [result] = restored(tmp_path, [(packed, runtime)])
    assert result.get("memory") == expected_memory(packed, runtime), result
    assert bytes.fromhex(result["header"]) == raw[:OFFSET]


def test_a_runtime_whose_own_blocks_differ_is_refused_before_anything_is_written(tmp_path):
    raw, runtime = snapshot_and_runtime(4)
    packed = build.pack_snapshot(raw, runtime)
    kept = struct.unpack_from("<5I", packed, 8)[3]
    first_taken = struct.unpack_from("<I", packed, 28 + 4 * kept)[0]
    other = bytearray(runtime)
    other[first_taken * BLOCK - OFFSET + 5] ^= 0xFF
    [result] = restored(tmp_path, [(packed, bytes(other))])
    assert "runtime's memory" in result.get("error", ""), result
    assert result["untouched"]


def damaged(packed: bytes, how: str) -> bytes:
    data = bytearray(packed)
    _, _, _, kept, taken = struct.unpack_from("<5I", packed, 8)
    kept_at, taken_at = 28, 28 + 4 * kept
    if how == "kept out of order":
        first, second = struct.unpack_from("<II", data, kept_at + 4)
        struct.pack_into("<II", data, kept_at + 4, second, first)
    elif how == "a block both kept and taken":
        struct.pack_into("<I", data, taken_at, struct.unpack_from("<I", data, kept_at + 4)[0])
    elif how == "a taken block in the header":
        struct.pack_into("<I", data, taken_at, 0)
    elif how == "a block past the memory":
        struct.pack_into("<I", data, taken_at, 0x7FFFFFFF)
    elif how == "truncated":
        del data[-100:]
    return bytes(data)


@pytest.mark.parametrize("how", ["kept out of order", "a block both kept and taken", "a taken block in the header", "a block past the memory", "truncated"])
def test_a_file_whose_lengths_or_indices_are_wrong_is_refused_before_anything_is_written(tmp_path, how):
    raw, runtime = snapshot_and_runtime(5)
    [result] = restored(tmp_path, [(damaged(build.pack_snapshot(raw, runtime), how), runtime)])
    assert "wrong length" in result.get("error", ""), result
    assert result["untouched"]


def test_the_start_module_carries_the_snapshot_file_reader():
    build.main()
    start = (build.DIST / "assets" / "vendor" / "pyodide" / "ludothek.mjs").read_text(encoding="utf-8")
    assert "function restoreInPlace(" in start and "function unpackedSnapshot(" in start
    assert 'from "./snapshot_file.mjs"' not in start
