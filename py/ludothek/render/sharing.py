"""What sharing a game shows, as HTML text (pure): the share dialog (the links to the game and the
position, the code that embeds the board in another page, the pictures) and the game screen of a
board embedded in such a page."""

from __future__ import annotations

from typing import Mapping, Sequence

from ..ai import Level
from ..i18n import _
from .screens import button, copy_field_html, dialog_html
from .svg import esc, tag
from .view import AnyView


def share_dialog_html(
    view: AnyView,
    game_link: str | None,
    position_link: str,
    snippet: str,
    embed_values: Mapping[str, str | int | bool],
    levels: Sequence[Level],
    editor_link: str | None = None,
) -> str:
    """Links to the game and the position, and an iframe snippet with its options. For a game with
    hidden information `game_link` is None: it would carry the chance of the game (its seed), so it
    is made only when copied and never shown in the page. `editor_link`: the diagram editor's
    address at the position (#/editor/...), offered as "Edit this position"."""
    return dialog_html(
        tag("h2", esc(_("Share")), id="result-title")
        + (copy_row_html(_("Link to this game"), game_link, "game") if game_link is not None else secret_game_link_html())
        + copy_row_html(_("Link to this position"), position_link, "position")
        + embed_options_html(snippet, embed_values, levels)
        + tag(
            "div",
            button(_("Download picture (SVG)"), "download-svg", class_="small")
            + button(_("Download picture (PNG)"), "download-png", class_="small")
            + (tag("a", esc(_("Edit this position")), href=editor_link, class_="button small", data_editor="1") if editor_link else ""),
            class_="picture-actions",
        ),
        button(_("Close"), "close-dialog", class_="primary"),
    )


def copy_row_html(label: str, value: str, name: str) -> str:
    """A text to copy (a link), shown in a read-only field beside its Copy button."""
    field_id = f"share-{name}"
    return copy_field_html(label, field_id, tag("input", "", type="text", id=field_id, value=value, readonly=True, class_="share-text"))


def secret_game_link_html() -> str:
    """The link to a game with hidden information: a button that copies it, never shown."""
    return tag(
        "div",
        button(_("Copy a link to this game"), "copy-secret")
        + tag(
            "p",
            esc(
                _(
                    "This game has hidden information. A link to it holds the order of what is still hidden, "
                    "so it is copied without being shown here. The link to this position and the code for your "
                    "page show only what everyone sees: whoever opens them gets the hidden part dealt afresh."
                )
            ),
            class_="help",
        ),
        class_="field",
    )


def embed_options_html(snippet: str, embed_values: Mapping[str, str | int | bool], levels: Sequence[Level]) -> str:
    """The options of an embedded board (read-only, who plays, the computer's level, its size)
    and the code that embeds it with them."""
    opponent = embed_values.get("vs", "computer")
    level_options = "".join(tag("option", esc(_(lv.name)), value=str(lv.number), selected=str(lv.number) == str(embed_values.get("level"))) for lv in levels)
    return tag(
        "fieldset",
        tag("legend", esc(_("Embed this board in a web page")))
        + tag(
            "label",
            tag("input", "", type="checkbox", name="readonly", checked=bool(embed_values.get("readonly"))) + esc(_("Read-only (a diagram)")),
            class_="check",
        )
        + tag("label", esc(_("Readers play")), for_="embed-vs")
        + tag(
            "select",
            tag("option", esc(_("against the computer")), value="computer", selected=opponent == "computer")
            + tag("option", esc(_("against each other")), value="human", selected=opponent == "human"),
            id="embed-vs",
            name="vs",
        )
        + tag("label", esc(_("Computer level")), for_="embed-level")
        + tag("select", level_options, id="embed-level", name="level")
        + tag(
            "div",
            tag("label", esc(_("Width")) + tag("input", "", type="number", name="width", value=str(embed_values.get("width", 420)), min="200", max="2000"))
            + tag(
                "label", esc(_("Height")) + tag("input", "", type="number", name="height", value=str(embed_values.get("height", 520)), min="200", max="2000")
            ),
            class_="size-row",
        )
        + tag("label", esc(_("Code for your page")), for_="share-snippet")
        + tag("textarea", esc(snippet), id="share-snippet", rows="5", readonly=True, class_="share-text")
        + button(_("Copy the code"), "copy", class_="small", data={"copy": "share-snippet"}),
        class_="embed-options",
        data_action="embed-options",
    )


def embed_frame_html(title: str, app_link: str) -> str:
    """The game screen of a board embedded in a blog, made to fit its frame without scrolling:
    whose turn it is above the board, the essential controls under it, and the rest (players,
    the game's reference material, the link to the app) behind "More", over the board. The regions
    have the ids `game_parts` fills, so the app updates both screens alike."""
    more_label = _("More about this game")
    return tag(
        "div",
        tag("h1", esc(title), class_="visually-hidden")
        + tag("p", "", id="status", class_="status embed-status")
        + tag("div", "", id="board", class_="board-wrap")
        + tag(
            "div",
            tag("div", "", id="extra", class_="extra")
            + tag(
                "div",
                tag("div", "", id="actions", class_="actions")
                + tag("div", "", id="controls", class_="controls")
                + tag(
                    "button",
                    esc(_("More")),
                    type="button",
                    class_="small embed-more-button",
                    data_embed_toggle="1",
                    aria_controls="embed-more",
                    aria_expanded="false",
                    title=more_label,
                ),
                class_="embed-bar",
            ),
            class_="embed-dock",
        )
        + tag(
            "section",
            tag(
                "div",
                tag("h2", esc(title))
                + tag("button", esc(_("Back to the board")), type="button", class_="small", data_embed_toggle="1", aria_controls="embed-more"),
                class_="embed-more-head",
            )
            + tag("div", "", id="players", class_="players")
            + tag("div", "", id="side-extra", class_="side-extra")
            + tag("p", tag("a", esc(_("Open in Ludothek")), href=app_link, target="_blank", rel="noopener"), class_="embed-credit"),
            id="embed-more",
            class_="embed-more",
            hidden=True,
            aria_label=more_label,
        ),
        class_="embed-layout",
    )
