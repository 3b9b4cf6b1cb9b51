"""The home screen's pictures (assets/thumbs/<game>.webp, drawn by scripts/thumbnails.py from each
game's thumbnail SVG: a raster image is decoded off the page's thread, an SVG image is a document
the page's thread builds) are drawn from the current SVG, one per game, WebP files of the size
the script draws."""

from __future__ import annotations

import json
import struct

import pytest

import thumbnails  # scripts/thumbnails.py (pytest.ini puts scripts/ on the path)

RUN = "run `.venv/bin/python scripts/thumbnails.py` and commit assets/thumbs/"


def webp_size(data: bytes) -> tuple[int, int]:
    """Width and height of a WebP file, from its RIFF header and first chunk (VP8X: the canvas;
    VP8: the lossy frame's header; VP8L: the lossless stream's header)."""
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", data[:16]
    assert struct.unpack("<I", data[4:8])[0] == len(data) - 8, "the RIFF size is the file's"
    chunk = data[12:16]
    if chunk == b"VP8X":
        return 1 + int.from_bytes(data[24:27], "little"), 1 + int.from_bytes(data[27:30], "little")
    if chunk == b"VP8 ":
        assert data[23:26] == b"\x9d\x01\x2a", "a key frame's start code"
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L":
        assert data[20] == 0x2F, "the lossless stream's signature"
        bits = int.from_bytes(data[21:25], "little")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    raise AssertionError(f"not a WebP image chunk: {chunk!r}")


def test_webp_size_reads_each_kind_of_header():
    def riff(body: bytes) -> bytes:
        return b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body

    extended = riff(b"VP8X" + struct.pack("<I", 10) + b"\x10\0\0\0" + (319).to_bytes(3, "little") + (239).to_bytes(3, "little"))
    lossy = riff(b"VP8 " + struct.pack("<I", 10) + b"\0\0\0\x9d\x01\x2a" + struct.pack("<HH", 320, 240 | 0x4000))
    lossless = riff(b"VP8L" + struct.pack("<I", 5) + b"\x2f" + (319 | 239 << 14).to_bytes(4, "little"))
    assert webp_size(extended) == webp_size(lossy) == webp_size(lossless) == (320, 240)
    with pytest.raises(AssertionError):
        webp_size(b"\x89PNG\r\n\x1a\n" + bytes(24))


@pytest.fixture(scope="module")
def manifest() -> dict:
    assert thumbnails.MANIFEST.exists(), f"no {thumbnails.MANIFEST.name}: {RUN}"
    return json.loads(thumbnails.MANIFEST.read_text(encoding="utf-8"))


def test_every_picture_is_drawn_from_the_current_svg(manifest):
    # thumbnails.sources() also refuses a picture that differs by language (one file would not do).
    pictures = thumbnails.sources()
    assert sorted(manifest) == sorted(pictures), f"the pictures are not those of the games with a view: {RUN}"
    for game_id, svg in pictures.items():
        entry = manifest[game_id]
        assert entry["svg_sha256"] == thumbnails.sha256(svg), f"{game_id}'s thumbnail SVG changed since its picture was drawn: {RUN}"
        assert (entry["size"], entry["quality"]) == (thumbnails.SIZE, thumbnails.QUALITY), f"{game_id}'s picture has another size or quality: {RUN}"


def test_every_picture_is_a_webp_file_of_the_size_drawn(manifest):
    for game_id in manifest:
        path = thumbnails.THUMBS / f"{game_id}.webp"
        assert path.is_file(), f"{path.name} is missing: {RUN}"
        assert webp_size(path.read_bytes()) == (thumbnails.SIZE, thumbnails.SIZE), path.name
    assert sorted(path.stem for path in thumbnails.THUMBS.glob("*.webp")) == sorted(manifest), "a picture of no game"
