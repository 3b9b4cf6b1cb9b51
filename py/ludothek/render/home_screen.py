"""The home screen as HTML text (pure): the games' cards, the field for a link a friend sent, and
the Continue list (the saved games and the games by link, with their actions, and the saved games
that could not be read)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..i18n import _, ngettext
from .bidi import isolate, isolated_html, name_html
from .screens import button
from .svg import esc, tag
from .catalog import puzzle_games
from .view import shown_seat_names, AnyView


# The game's picture on its card is an image, not inline SVG: its hundreds of elements would be
# styled and laid out against the page's whole stylesheet on every layout of the page; on a
# phone's CPU the five inline pictures made the home screen's first frames the page's longest
# tasks (issue 33). Nor an image of the SVG (a data: URL, as it was): the page's thread builds a
# whole document for each (parse, style, layout, paint: 15-40 ms a picture at a desktop's speed,
# four times that on a phone), where a raster image is decoded off that thread. So each picture
# is a WebP file drawn from the game's thumbnail_svg by scripts/thumbnails.py (480 px a side,
# three times the size shown: as sharp as the SVG on a phone), committed in assets/thumbs/ with
# the SVG's hash (tests/test_thumbnails.py says when it is stale). Pictures do not depend on the
# language: one per game. The address is relative to the page: the home is only ever shown in
# index.html, at the site's root (an embedded board is index.html too).
def thumbnail_img(view: AnyView) -> str:
    """The card's picture: the game's thumbnail as a WebP image (decorative: its card names it)."""
    return f'<img src="assets/thumbs/{view.game_id}.webp" alt="" width="160" height="160" decoding="async"/>'


def game_card(view: AnyView) -> str:
    game_id = view.game_id
    body = (
        tag("div", thumbnail_img(view), class_="thumb", aria_hidden="true")
        + tag("h3", esc(view.title()))
        + tag("p", esc(view.tagline()), class_="tagline")
        + tag(
            "div",
            tag("a", esc(_("New game")), href=f"#/setup/{game_id}", class_="button primary", data_action="setup", data_game=game_id)
            + tag("a", esc(_("Learn")), href=f"#/learn/{game_id}", class_="button")
            + tag("a", esc(_("Rules")), href=f"#/rules/{game_id}", class_="button")
            + (tag("a", esc(_("Puzzles")), href=f"#/puzzles/{game_id}", class_="button") if game_id in puzzle_games() else "")
            + tag("a", esc(_("Make a diagram")), href=f"#/editor/{game_id}", class_="button"),
            class_="card-actions",
        )
    )
    return tag("article", body, class_="game-card", data_game=game_id)


def home_html(views: list[AnyView], saves_html: str = "") -> str:
    cards = "".join(game_card(v) for v in views)
    # The games lead; the player's saved games follow them. Python fills #saves after the page
    # has shown the home screen rendered ahead of time: below the cards, that moves nothing (and
    # the field for a pasted link stands above it, so it never moves either).
    return (
        tag("h1", esc(_("Ludothek")), class_="visually-hidden")
        + tag("section", tag("h2", esc(_("Games"))) + tag("div", cards, class_="cards"), class_="games", aria_labelledby=None)
        + open_link_html()
        + tag("section", saves_html, id="saves", class_="saves", aria_label=_("Your games"))
        + tag("p", tag("a", esc(_("Your stories")), href="#/stories", class_="button"), class_="stories-link")
    )


RECENT_SAVES = 3  # the Continue list shows this many; the rest are behind "All saved games"


def open_link_html() -> str:
    """A field to paste a link into: in an app installed to a home screen, a link a friend sent
    opens in the browser, not in the app (method "dialog": a submit before Python is ready goes
    nowhere, rather than reloading the page)."""
    field = tag(
        "input",
        "",
        id="open-link-text",
        name="link",
        type="text",
        inputmode="url",
        autocomplete="off",
        spellcheck="false",
        enterkeyhint="go",
        aria_describedby="open-link-error",
    )
    return tag(
        "form",
        tag("label", esc(_("Open a link a friend sent you")), for_="open-link-text")
        + tag("div", field + tag("button", esc(_("Open")), type="submit", class_="small"), class_="open-link-row")
        + tag("p", "", id="open-link-error", class_="field-error", aria_live="polite"),
        class_="open-link",
        method="dialog",
    )


class SavedGame(Protocol):
    """A saved game as the Continue list shows it (web.saves.SaveSummary; render does not
    import the web layer)."""

    @property
    def save_id(self) -> str: ...
    @property
    def game_id(self) -> str: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def moves(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def updated(self) -> float: ...


class KeptAside(Protocol):
    """A saved game that could not be read, kept aside (web.saves.Problem)."""

    @property
    def key(self) -> str: ...
    @property
    def reason(self) -> str: ...


@dataclass(frozen=True)
class LinkItem:
    """A game by link in the home screen's Continue list, beside the saved games (made by
    render/remote.link_item)."""

    key: str
    game_id: str
    names: tuple[str, ...]
    state: str  # "Your move", "Waiting for Anna", "Anna won" (names isolated: render/bidi.isolate)
    your_move: bool
    over: bool
    updated: float


def saves_html(
    summaries: Sequence[SavedGame | LinkItem],
    problems: Sequence[KeptAside],
    views: dict[str, AnyView],
    now: float | None = None,
    recent: int = RECENT_SAVES,
    total: int | None = None,
) -> str:
    """The 'continue' list: the latest saved games with continue/delete/export, the others behind a
    disclosure, and entries kept aside. `summaries` come newest first; `total` counts the saves
    when only the first of them are drawn now (the app appends the rest to the disclosure)."""

    parts = []
    if summaries:
        items = [
            link_item_html(summary, views.get(summary.game_id), now)
            if isinstance(summary, LinkItem)
            else save_item_html(summary, views.get(summary.game_id), now)
            for summary in summaries
        ]
        parts.append(tag("h2", esc(_("Continue"))) + tag("ul", "".join(items[:recent]), class_="save-list"))
        if len(items) > recent:
            more = (total if total is not None else len(items)) - recent
            parts.append(
                tag(
                    "details",
                    tag("summary", esc(ngettext("All saved games ({n} more)", "All saved games ({n} more)", more).format(n=more)))
                    + tag("ul", "".join(items[recent:]), class_="save-list"),
                    class_="more-saves",
                )
            )
    parts.append(save_tools_html(any(not isinstance(s, LinkItem) for s in summaries)))
    if problems:
        parts.append(problems_html(problems))
    return "".join(parts)


def save_item_html(summary: SavedGame, view: AnyView | None, now: float | None) -> str:
    """A saved game in the Continue list: its game, players, moves and age, and its actions."""
    title = view.title() if view else summary.game_id
    shown = shown_seat_names(view, summary.names) if view else list(summary.names)
    who = " – ".join(shown)
    who_html = " – ".join(name_html(name) for name in shown)
    state = _("finished") if summary.over else ngettext("{n} move", "{n} moves", summary.moves).format(n=summary.moves)
    when = _format_time(summary.updated, now)
    info = tag("span", esc(title), class_="save-game") + tag("span", who_html, class_="save-names") + tag("span", esc(f"{state} · {when}"), class_="save-meta")
    actions = (
        tag(
            "a",
            esc(_("Continue") if not summary.over else _("View")),
            href=f"#/play/{summary.save_id}",
            class_="button primary",
            aria_label=_("Continue {game}: {names}").format(game=title, names=who),
        )
        + (
            tag(
                "a",
                esc(_("Review")),
                href=f"#/review/{summary.save_id}",
                class_="button small",
                aria_label=_("Review {game}: {names}").format(game=title, names=who),
            )
            if summary.moves
            else ""
        )
        + "".join(
            button(label, action, class_=classes, data={"save": summary.save_id}, aria_label=named.format(game=title, names=who))
            for label, action, classes, named in (
                (_("Export"), "export-save", "small", _("Export {game}: {names}")),
                (_("Delete"), "delete-save", "small danger", _("Delete {game}: {names}")),
            )
        )
    )
    return tag("li", tag("div", info, class_="save-info") + tag("div", actions, class_="save-actions"), data_save=summary.save_id)


def save_tools_html(any_saved: bool) -> str:
    """Import games from a file, and export them all when there is a saved game (`any_saved`)."""
    tools = tag(
        "label",
        esc(_("Import games…"))
        + tag("input", "", type="file", accept=".json,.story,application/json,text/plain", id="import-file", class_="visually-hidden", data_action="import"),
        class_="button small file-button",
    ) + (button(_("Export all"), "export-all", class_="small") if any_saved else "")
    return tag("div", tools, class_="save-tools")


def problems_html(problems: Sequence[KeptAside]) -> str:
    """The saved games that could not be read, kept aside: each to download or remove."""
    rows = "".join(
        tag(
            "li",
            tag("span", esc(_("Kept aside: {key}").format(key=p.key)))
            + tag("span", esc(p.reason), class_="reason")
            + button(_("Download"), "download-problem", class_="small", data={"save": p.key})
            + button(_("Remove"), "forget-problem", class_="small danger", data={"save": p.key}),
        )
        for p in problems
    )
    return tag(
        "details",
        tag("summary", esc(ngettext("{n} saved game could not be read", "{n} saved games could not be read", len(problems)).format(n=len(problems))))
        + tag("ul", rows, class_="problem-list"),
        class_="problems",
    )


def link_item_html(item: LinkItem, view: AnyView | None, now: float | None) -> str:
    """A game by link in the Continue list (render.remote.LinkItem): its state first ("Your
    move", "Waiting for Anna", "Anna won"), then that it goes by link and when it last moved."""
    title = view.title() if view else item.game_id
    who = " – ".join(isolate(name) for name in item.names)  # (an accessible name holds no <bdi>)
    info = (
        tag("span", esc(title), class_="save-game")
        + tag("span", " – ".join(name_html(name) for name in item.names), class_="save-names")
        + tag(
            "span",
            tag("span", isolated_html(item.state), class_="link-state" + (" your-move" if item.your_move else ""))
            + esc(" · " + _("by link") + " · " + _format_time(item.updated, now)),
            class_="save-meta",
        )
    )
    actions = tag(
        "a",
        esc(_("View") if item.over else _("Continue")),
        href=f"#/by-link/{item.key}",
        class_="button primary",
        aria_label=_("Continue {game}: {names}").format(game=title, names=who),
    ) + button(
        _("Delete"), "delete-remote", class_="small danger", data={"save": item.key}, aria_label=_("Delete {game}: {names}").format(game=title, names=who)
    )
    return tag("li", tag("div", info, class_="save-info") + tag("div", actions, class_="save-actions"), class_="by-link", data_save=item.key)


def _format_time(stamp: float, now: float | None) -> str:
    if not stamp:
        return ""
    now = now if now is not None else time.time()
    delta = max(0, now - stamp)
    if delta < 60:
        return _("just now")
    if delta < 3600:
        return ngettext("{n} minute ago", "{n} minutes ago", int(delta // 60)).format(n=int(delta // 60))
    if delta < 86400:
        return ngettext("{n} hour ago", "{n} hours ago", int(delta // 3600)).format(n=int(delta // 3600))
    return time.strftime("%Y-%m-%d", time.localtime(stamp))
