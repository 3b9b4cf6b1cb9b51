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


def arrow_step(found: dict[str, ET.Element], current: str, key: str) -> str | None:
    """Where the page's arrow key moves the cursor from `current` among these targets."""
    from ludothek.web.arrow_keys import nearest_in_direction

    def centre(element: ET.Element) -> tuple[float, float]:
        return float(element.get("data-x") or "nan"), float(element.get("data-y") or "nan")

    return nearest_in_direction(centre(found[current]), key, ((*centre(e), t) for t, e in found.items()))


def arrow_reachable(found: dict[str, ET.Element], start: str) -> set[str]:
    """Every target the arrow keys reach from `start`."""
    reached, frontier = {start}, [start]
    while frontier:
        current = frontier.pop()
        for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            nxt = arrow_step(found, current, key)
            if nxt is not None and nxt not in reached:
                reached.add(nxt)
                frontier.append(nxt)
    return reached
