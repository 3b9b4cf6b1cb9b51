"""Reading the HTML and SVG text that views write, for the view tests (the text is also XML)."""

from __future__ import annotations

import xml.etree.ElementTree as ET


def parse(html: str) -> ET.Element:
    return ET.fromstring(f"<root>{html}</root>")


def targets(html: str) -> dict[str, ET.Element]:
    """The elements a player can point at, by their data-target."""
    return {e.get("data-target"): e for e in parse(html).iter() if e.get("data-target")}


def enabled(html: str) -> set[str]:
    return {t for t, e in targets(html).items() if e.get("aria-disabled") != "true"}


def texts(element: ET.Element) -> list[str]:
    return [t.strip() for t in element.itertext() if t.strip()]
