"""Rules pages: plain-text documents per game and language, with diagrams drawn by the game's
own renderer.

Documents live in ludothek/rules/<game>.<lang>.md and use a small, well-known subset of
Markdown: `#`/`##`/`###` headings, paragraphs, `- ` lists, `**bold**`, `*italic*`, and diagram
blocks:

    :::diagram
    position: 7x7 ......./......./......./...R.../......./......./....... B 7,8 swap
    move: d5
    caption: Blue places on d5 and pushes the red stone to d3.
    :::

A diagram shows `position`, or, with `move`, the position after that move with the move's
effect marked. Every diagram is checked by a test: its position parses and its move is legal.

Diagrams that tell a story carry `story: <name>`; each one after the first may list `via: <moves>`
(space-separated), the moves played from the previous diagram of the story (after its `move`)
to its `position`. A test replays every story as one game, so the diagrams cannot contradict
each other; `via` is not shown to the reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..games.base import StateBase
from ..games import get_game
from ..i18n import DEFAULT_LANGUAGE, _, language
from ..package_files import package_file
from .screens import rules_html
from .svg import esc, tag
from .view import UIState, AnyView

RULES_FOLDER = "rules/"  # in the package (package_files: the texts come with the second zip)


@dataclass(frozen=True)
class Diagram:
    game_id: str
    position: str
    move: str | None
    caption: str
    story: str | None = None  # diagrams of one story follow from each other (see the module docstring)
    via: tuple[str, ...] = ()  # moves from the previous diagram of the story to this position

    def states(self) -> tuple[StateBase | None, StateBase]:
        """The state before the move (None without one) and the state shown."""
        game = get_game(self.game_id)
        before = game.from_public_position(self.position)
        if self.move is None:
            return None, before
        return before, game.play(before, self.move)


def rules_path(game_id: str, language: str) -> Path:
    path = package_file(f"{RULES_FOLDER}{game_id}.{language}.md")
    return path if path.exists() else package_file(f"{RULES_FOLDER}{game_id}.{DEFAULT_LANGUAGE}.md")


def has_rules(game_id: str) -> bool:
    return package_file(f"{RULES_FOLDER}{game_id}.{DEFAULT_LANGUAGE}.md").exists()


def parse_diagram(game_id: str, lines: list[str]) -> Diagram:
    fields: dict[str, str] = {}
    for line in lines:
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"diagram line without 'key: value': {line!r}")
        fields[key.strip()] = value.strip()
    if "position" not in fields:
        raise ValueError("a diagram needs a position")
    return Diagram(
        game_id, fields["position"], fields.get("move") or None, fields.get("caption", ""), fields.get("story") or None, tuple(fields.get("via", "").split())
    )


def diagrams(game_id: str, language: str) -> list[Diagram]:
    return [block for block in _blocks(game_id, rules_path(game_id, language).read_text(encoding="utf-8")) if isinstance(block, Diagram)]


@dataclass(frozen=True)
class Heading:
    level: int  # the number of '#'
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Items:
    """A list: its items' texts."""

    items: list[str]


# A block of a rules document, in the order written.
Block = Heading | Paragraph | Items | Diagram


def _blocks(game_id: str, text: str) -> Iterator[Block]:
    """The document's headings, paragraphs, lists and diagrams."""
    lines = text.splitlines()
    i = 0
    para: list[str] = []
    items: list[str] = []

    def flush() -> list[Block]:
        nonlocal para, items
        found: list[Block] = []
        if para:
            found.append(Paragraph(" ".join(para)))
            para = []
        if items:
            found.append(Items(items))
            items = []
        return found

    while i < len(lines):
        line = lines[i].rstrip()
        if line.startswith(":::diagram"):
            yield from flush()
            body = []
            i += 1
            while i < len(lines) and lines[i].strip() != ":::":
                if lines[i].strip():
                    body.append(lines[i].strip())
                i += 1
            yield parse_diagram(game_id, body)
        elif line.startswith("#"):
            yield from flush()
            level = len(line) - len(line.lstrip("#"))
            yield Heading(level, line[level:].strip())
        elif line.startswith("- "):
            if para:
                yield from flush()
            items.append(line[2:].strip())
        elif line.startswith("  ") and items:
            items[-1] += " " + line.strip()
        elif not line.strip():
            yield from flush()
        else:
            if items:
                yield from flush()
            para.append(line.strip())
        i += 1
    yield from flush()


_INLINE = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*")


def inline(text: str) -> str:
    """Escape text, then mark up **bold** and *italic*."""
    out, pos = [], 0
    for match in _INLINE.finditer(text):
        out.append(esc(text[pos : match.start()]))
        if match.group(1) is not None:
            out.append(tag("strong", esc(match.group(1))))
        else:
            out.append(tag("em", esc(match.group(2))))
        pos = match.end()
    out.append(esc(text[pos:]))
    return "".join(out)


def diagram_html(view: AnyView, diagram: Diagram) -> str:
    game = view.game
    before, after = diagram.states()
    ui = UIState(interactive=False, last_before=game.observation(before, None) if before is not None else None, last_move=diagram.move)
    svg = view.board_svg(game.observation(after, None), ui)
    caption = tag("figcaption", inline(diagram.caption)) if diagram.caption else ""
    try_it = ""
    if not game.is_over(after):
        # What the diagram hides (a pile's order, covered chips) stays out of the link: opening it
        # deals the hidden part afresh.
        position = game.position(game.observation(after, None))
        # urllib.parse when a diagram is drawn, not at the start (compiled from source in the page).
        from urllib.parse import quote

        try_it = tag(
            "a",
            esc(_("Try it")),
            href=f"#/try/{view.game_id}/{quote(position, safe='')}",
            class_="button small try-it",
            aria_label=_("Try it: play from this position"),
        )
    return tag("figure", svg + caption + try_it, class_="diagram")


def rules_body_html(view: AnyView, language: str) -> str:
    """The rules document of `view`'s game in `language` (English when there is no translation)."""
    path = rules_path(view.game_id, language)
    if not path.exists():
        return tag("p", esc(_("The rules of this game are not written yet.")))
    parts = []
    for block in _blocks(view.game_id, path.read_text(encoding="utf-8")):
        if isinstance(block, Heading):
            parts.append(tag(f"h{min(block.level + 1, 4)}", inline(block.text)))
        elif isinstance(block, Paragraph):
            parts.append(tag("p", inline(block.text)))
        elif isinstance(block, Items):
            parts.append(tag("ul", "".join(tag("li", inline(item)) for item in block.items)))
        else:
            parts.append(diagram_html(view, block))
    return "".join(parts)


def rules_screen_html(view: AnyView) -> str:
    """The rules screen (#/rules/<game>) of `view`'s game in the current language: what the app
    draws, and what the build renders ahead of time for boot.js (render/static.py)."""
    return rules_html(view, rules_body_html(view, language()))
