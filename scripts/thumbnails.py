#!/usr/bin/env python3
"""The home screen's game pictures as WebP files (assets/thumbs/<game>.webp), drawn from each
game's thumbnail SVG by Debian's Chromium.

    .venv/bin/python scripts/thumbnails.py [--force]

Why rasters: an <img> of an SVG is a whole document the page's thread parses, styles, lays out and
paints (15-40 ms a picture at a desktop's speed, four times that on a phone's CPU: the home
screen's longest tasks while Python starts), where a raster image is decoded off that thread.
The SVG stays the source (each view's thumbnail_svg): the text the home showed as a data: URL is
loaded as an image in Chromium (from a Blob of that very text), drawn onto a SIZE x SIZE canvas
and written with canvas.toDataURL("image/webp", QUALITY). assets/thumbs/manifest.json holds, for
each game, the SHA-256 of that SVG text, the size and the quality; tests/test_thumbnails.py fails
when a picture's SVG has changed since its file was drawn (and the build says so).
Only the pictures whose SVG (or size, or quality) changed are drawn again, unless --force.
The pictures do not depend on the language (checked here and by the test): one file per game.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from ludothek.games import GAME_IDS  # noqa: E402
from ludothek.i18n import LANGUAGES, language, set_language  # noqa: E402
from ludothek.render import get_view  # noqa: E402
from ludothek.render.catalog import is_game  # noqa: E402
from ludothek.render.standalone import compact_picture, styled_svg  # noqa: E402

THUMBS = ROOT / "assets" / "thumbs"
MANIFEST = THUMBS / "manifest.json"
CHROMIUM = "/usr/bin/chromium"
# Pixels a side: three times the 160 CSS px the card shows (app.css, .game-card .thumb img), as
# sharp as the SVG on a phone's three device pixels a CSS pixel. At twice (320) a phone showed
# the pictures scaled up, visibly softer (the numbers, the tiles' outlines), for 61 KB in all
# against 98 KB.
SIZE = 480
QUALITY = 0.6  # canvas.toDataURL's WebP quality: at 480 px, 0.6 looks as 0.8 does on a phone, 20% fewer bytes


def picture_svg(game_id: str) -> str:
    """The picture's SVG text exactly as the home showed it as a data: URL: the thumbnail with the
    styles it uses inside, made small (standalone.picture_url is this text, URL-encoded)."""
    return compact_picture(styled_svg(game_id, get_view(game_id).thumbnail_svg()))


def sources() -> dict[str, str]:
    """Each game's picture SVG, checked to be the same in every language (one file per game)."""
    found: dict[str, dict[str, str]] = {}
    shown = language()  # the build calls this between drawing other pages: their language stays
    try:
        for code in LANGUAGES:
            set_language(code)
            for game_id in GAME_IDS:
                if is_game(game_id):
                    found.setdefault(game_id, {})[code] = picture_svg(game_id)
    finally:
        set_language(shown)
    for game_id, texts in found.items():
        if len(set(texts.values())) != 1:
            raise SystemExit(f"thumbnails: {game_id}'s picture differs by language ({', '.join(texts)}): it needs one file per language")
    return {game_id: texts["en"] for game_id, texts in found.items()}


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def entry(svg: str) -> dict[str, object]:
    return {"svg_sha256": sha256(svg), "size": SIZE, "quality": QUALITY}


def read_manifest() -> dict[str, dict[str, object]]:
    return json.loads(MANIFEST.read_text(encoding="utf-8")) if MANIFEST.exists() else {}


def stale(pictures: dict[str, str] | None = None) -> list[str]:
    """The games whose picture is missing or was drawn from another SVG (or size, or quality)."""
    pictures = sources() if pictures is None else pictures
    manifest = read_manifest()
    return [game_id for game_id, svg in pictures.items() if manifest.get(game_id) != entry(svg) or not (THUMBS / f"{game_id}.webp").exists()]


# Drawn as the page draws an <img width=160 height=160>: the SVG scaled to fit the square, its
# aspect kept, centred (the root's preserveAspectRatio is the default, xMidYMid meet). The canvas
# is given the whole square; the image decodes at the size it is drawn, so the SVG is rasterised
# at SIZE, not scaled up from its natural size. The aspect is the viewBox's (the natural size an
# SVG without width and height is given is rounded to whole pixels).
RASTERISE = """async ([svg, aspect, size, quality]) => {
    const image = new Image();
    image.src = URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"}));
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    const width = aspect >= 1 ? size : size * aspect, height = aspect >= 1 ? size / aspect : size;
    canvas.getContext("2d").drawImage(image, (size - width) / 2, (size - height) / 2, width, height);
    return canvas.toDataURL("image/webp", quality);
}"""


def aspect(svg: str) -> float:
    """Width over height of the picture's viewBox."""
    root = svg[: svg.index(">")]
    match = re.search(r"""viewBox=['"][-\d.]+[ ,]+[-\d.]+[ ,]+([\d.]+)[ ,]+([\d.]+)['"]""", root)
    if not match:
        raise SystemExit(f"thumbnails: a picture without a viewBox ({root[:80]})")
    return float(match.group(1)) / float(match.group(2))


def rasterise(pictures: dict[str, str]) -> dict[str, bytes]:
    """Each SVG drawn in Chromium and encoded as WebP (the bytes of the file)."""
    from playwright.sync_api import sync_playwright  # only when pictures are drawn (the test imports this module)

    out: dict[str, bytes] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            page = browser.new_page()
            page.set_content("<!doctype html><title>thumbnails</title>")
            for game_id, svg in pictures.items():
                url = page.evaluate(RASTERISE, [svg, aspect(svg), SIZE, QUALITY])
                prefix = "data:image/webp;base64,"
                if not url.startswith(prefix):
                    raise SystemExit(f"thumbnails: Chromium wrote no WebP for {game_id} ({url[:40]})")
                out[game_id] = base64.b64decode(url.removeprefix(prefix))
        finally:
            browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="draw every picture again, changed or not")
    args = parser.parse_args()
    pictures = sources()
    drawn = pictures if args.force else {game_id: pictures[game_id] for game_id in stale(pictures)}
    THUMBS.mkdir(parents=True, exist_ok=True)
    for game_id, data in rasterise(drawn).items() if drawn else ():
        (THUMBS / f"{game_id}.webp").write_bytes(data)
        print(f"thumbnails: {game_id}.webp, {len(data)} bytes")
    # A game that is gone leaves no picture behind.
    for old in THUMBS.glob("*.webp"):
        if old.stem not in pictures:
            old.unlink()
    manifest = {game_id: entry(svg) for game_id, svg in pictures.items()}
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    total = sum((THUMBS / f"{game_id}.webp").stat().st_size for game_id in pictures)
    print(f"thumbnails: {len(drawn)} of {len(pictures)} drawn, {total} bytes in all")


if __name__ == "__main__":
    main()
