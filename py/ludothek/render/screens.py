"""The app's screens as HTML text (pure). ludothek.web puts them into the page and wires events.

Every interactive element names its intent in data attributes: `data-action` for app commands
(`undo`, `new-game`, ...), `data-target` for game input handled by the game's view. Every text
that came from a user (player names, file contents) is escaped.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable

from ..ai import levels as ai_levels
from ..ai.puzzles import PUZZLE_GAMES
from ..i18n import _, language, ngettext
from .bidi import name_html
from .svg import esc, tag
from .view import Action, Field, GameView, seat_names, shown_seat_names


def button(
    label: str,
    action: str | None = None,
    *,
    target: str | None = None,
    class_: str = "",
    title: str | None = None,
    disabled: bool = False,
    data: dict[str, Any] | None = None,
    **attributes: Any,
) -> str:
    """A button naming its command in data-action (and its arguments in data-*)."""
    extra = {f"data_{k}": v for k, v in (data or {}).items()}
    return tag(
        "button",
        esc(label),
        type="button",
        class_=class_ or None,
        data_action=action,
        data_target=target,
        title=title,
        disabled=disabled,
        **extra,
        **attributes,
    )


# Icons as SVG paths (fonts differ in which arrow glyphs they have).
ICON_FIRST = "M5 4h2v16H5zM20 4v16L9 12z"
ICON_PREV = "M18 4v16L6 12z"
ICON_NEXT = "M6 4v16l12-8z"
ICON_LAST = "M17 4h2v16h-2zM4 4v16l11-8z"


def icon_button(path: str, action: str, label: str) -> str:
    icon = tag("svg", tag("path", "", d=path), viewBox="0 0 24 24", width="20", height="20", aria_hidden="true", focusable="false", class_="icon")
    return tag("button", icon, type="button", data_action=action, title=label, aria_label=label, class_="icon-button")


def level_label(game_id: str, number: int) -> str:
    for level in ai_levels(game_id):
        if level.number == number:
            return _(level.name)
    return str(number)


# -- home -----------------------------------------------------------------------------------


def game_card(view: GameView) -> str:
    game_id = view.game_id
    picture = view.thumbnail_svg()
    body = (
        tag("div", picture, class_="thumb", aria_hidden="true")
        + tag("h3", esc(view.title()))
        + tag("p", esc(view.tagline()), class_="tagline")
        + tag(
            "div",
            tag("a", esc(_("New game")), href=f"#/setup/{game_id}", class_="button primary", data_action="setup", data_game=game_id)
            + tag("a", esc(_("Rules")), href=f"#/rules/{game_id}", class_="button")
            + (tag("a", esc(_("Puzzles")), href=f"#/puzzles/{game_id}", class_="button") if game_id in PUZZLE_GAMES else ""),
            class_="card-actions",
        )
    )
    return tag("article", body, class_="game-card", data_game=game_id)


def home_html(views: list[GameView], saves_html: str = "") -> str:
    cards = "".join(game_card(v) for v in views)
    # The games lead; the player's saved games follow them. Python fills #saves after the page
    # has shown the home screen rendered ahead of time: below the cards, that moves nothing (and
    # the field for a pasted link stands above it, so it never moves either).
    return (
        tag("h1", esc(_("Ludothek")), class_="visually-hidden")
        + tag("section", tag("h2", esc(_("Games"))) + tag("div", cards, class_="cards"), class_="games", aria_labelledby=None)
        + open_link_html()
        + tag("section", saves_html, id="saves", class_="saves", aria_label=_("Your games"))
    )


def language_switch_html() -> str:
    """The top bar's switch to the other language (outside the screens: web/language.render_chrome
    puts it into #lang-switch; the home screen rendered ahead of time carries it for boot.js)."""
    other = "de" if language() == "en" else "en"
    label = {"de": "Deutsch", "en": "English"}[other]
    return tag(
        "button",
        esc(label),
        type="button",
        class_="small",
        data_action="language",
        data_language=other,
        lang=other,
        aria_label=_("Switch the language to {language}").format(language=label),
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


@dataclass(frozen=True)
class LinkItem:
    """A game by link in the home screen's Continue list, beside the saved games (made by
    render/remote.link_item)."""

    key: str
    game_id: str
    names: tuple[str, ...]
    state: str  # "Your move", "Waiting for Anna", "Anna won"
    your_move: bool
    over: bool
    updated: float


def saves_html(summaries, problems, views: dict[str, GameView], now: float | None = None, recent: int = RECENT_SAVES, total: int | None = None) -> str:
    """The 'continue' list: the latest saved games with continue/delete/export, the others behind a
    disclosure, and entries kept aside. `summaries` come newest first; `total` counts the saves
    when only the first of them are drawn now (the app appends the rest to the disclosure)."""

    parts = []
    if summaries:
        items = []
        for summary in summaries:
            if isinstance(summary, LinkItem):
                items.append(link_item_html(summary, views.get(summary.game_id), now))
                continue
            view = views.get(summary.game_id)
            title = view.title() if view else summary.game_id
            shown = shown_seat_names(view, summary.names) if view else list(summary.names)
            who = " – ".join(shown)
            who_html = " – ".join(name_html(name) for name in shown)
            state = _("finished") if summary.over else ngettext("{n} move", "{n} moves", summary.moves).format(n=summary.moves)
            when = _format_time(summary.updated, now)
            info = (
                tag("span", esc(title), class_="save-game")
                + tag("span", who_html, class_="save-names")
                + tag("span", esc(f"{state} · {when}"), class_="save-meta")
            )
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
                + button(
                    _("Export"),
                    "export-save",
                    class_="small",
                    data={"save": summary.save_id},
                    aria_label=_("Export {game}: {names}").format(game=title, names=who),
                )
                + button(
                    _("Delete"),
                    "delete-save",
                    class_="small danger",
                    data={"save": summary.save_id},
                    aria_label=_("Delete {game}: {names}").format(game=title, names=who),
                )
            )
            items.append(tag("li", tag("div", info, class_="save-info") + tag("div", actions, class_="save-actions"), data_save=summary.save_id))
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
    tools = tag(
        "label",
        esc(_("Import games…"))
        + tag("input", "", type="file", accept=".json,application/json", id="import-file", class_="visually-hidden", data_action="import"),
        class_="button small file-button",
    ) + (button(_("Export all"), "export-all", class_="small") if any(not isinstance(s, LinkItem) for s in summaries) else "")
    parts.append(tag("div", tools, class_="save-tools"))
    if problems:
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
        parts.append(
            tag(
                "details",
                tag("summary", esc(ngettext("{n} saved game could not be read", "{n} saved games could not be read", len(problems)).format(n=len(problems))))
                + tag("ul", rows, class_="problem-list"),
                class_="problems",
            )
        )
    return "".join(parts)


def link_item_html(item, view: GameView | None, now: float | None) -> str:
    """A game by link in the Continue list (render.remote.LinkItem): its state first ("Your
    move", "Waiting for Anna", "Anna won"), then that it goes by link and when it last moved."""
    title = view.title() if view else item.game_id
    who = " – ".join(item.names)
    info = (
        tag("span", esc(title), class_="save-game")
        + tag("span", " – ".join(name_html(name) for name in item.names), class_="save-names")
        + tag(
            "span",
            tag("span", esc(item.state), class_="link-state" + (" your-move" if item.your_move else ""))
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


# -- setup ----------------------------------------------------------------------------------


def setup_html(
    view: GameView,
    players: int,
    values: dict[str, Any] | None = None,
    errors: Iterable[str] = (),
    warnings: Iterable[str] = (),
    position_preview: str | None = None,
) -> str:
    """The setup form: player count, one row per seat, the game's options, each explained.
    With `position_preview` (a board picture) the game starts from a given position: its
    player count and options are the position's, only the seats are chosen."""
    game = view.game
    values = values or {}
    game_id = view.game_id
    from_position = position_preview is not None
    parts = [tag("h1", esc(_("New game: {title}").format(title=view.title())))]
    if from_position:
        parts.append(tag("figure", position_preview + tag("figcaption", esc(_("The game starts from this position."))), class_="start-position"))

    if game.min_players != game.max_players and not from_position:
        radios = "".join(
            tag(
                "label", tag("input", "", type="radio", name="players", value=str(n), checked=n == players, data_action="players") + esc(str(n)), class_="radio"
            )
            for n in range(game.min_players, game.max_players + 1)
        )
        parts.append(tag("fieldset", tag("legend", esc(_("Players"))) + tag("div", radios, class_="radios"), class_="field"))

    levels = ai_levels(game_id)
    default_names = seat_names(view, players)
    seat_rows = []
    for seat in range(players):
        kind = values.get(f"seat{seat}_kind", "human" if seat == 0 or players == 1 else "computer")
        name = values.get(f"seat{seat}_name", default_names[seat])
        level = str(values.get(f"seat{seat}_level", levels[len(levels) // 2].number if levels else 1))
        kind_select = tag(
            "select",
            "".join(tag("option", esc(label), value=v, selected=v == kind) for v, label in (("human", _("Human")), ("computer", _("Computer")))),
            name=f"seat{seat}_kind",
            data_action="seat-kind",
            aria_label=_("Seat {n}: human or computer").format(n=seat + 1),
        )
        level_select = tag(
            "select",
            "".join(tag("option", esc(f"{_(lv.name)}"), value=str(lv.number), selected=str(lv.number) == level, title=_(lv.description)) for lv in levels),
            name=f"seat{seat}_level",
            aria_label=_("Seat {n}: computer level").format(n=seat + 1),
            hidden=kind != "computer",
        )
        name_input = tag(
            "input", "", type="text", name=f"seat{seat}_name", value=name, maxlength="40", autocomplete="off", aria_label=_("Seat {n}: name").format(n=seat + 1)
        )
        swatch = view.piece_svg(seat, players, 28)
        seat_rows.append(tag("div", tag("span", swatch, class_="seat-piece") + name_input + kind_select + level_select, class_="seat-row", data_seat=str(seat)))
    level_help = "".join(tag("li", tag("strong", esc(_(lv.name))) + " " + esc(_(lv.description))) for lv in levels)
    parts.append(
        tag(
            "fieldset",
            tag("legend", esc(_("Seats")))
            + "".join(seat_rows)
            + (tag("details", tag("summary", esc(_("About the computer levels"))) + tag("ul", level_help), class_="help") if levels else ""),
            class_="field seats",
        )
    )

    fields = [] if from_position else view.setup_fields()
    defaults = {f.name: f.default for f in fields}
    for field in fields:
        if field.players and players not in field.players:
            continue
        if field.show_when:
            other, wanted = field.show_when
            if str(values.get(other, defaults.get(other))) != wanted:
                continue
        parts.append(field_html(field, values.get(field.name)))

    if warnings:
        parts.append(tag("ul", "".join(tag("li", esc(w)) for w in warnings), class_="warnings", role="status"))
    if errors:
        parts.append(tag("ul", "".join(tag("li", esc(e)) for e in errors), class_="errors", role="alert"))
    parts.append(
        tag(
            "div",
            tag("button", esc(_("Start game")), type="submit", class_="primary") + tag("a", esc(_("Back")), href="#/", class_="button"),
            class_="form-actions",
        )
    )
    return tag(
        "form", "".join(parts), class_="setup", data_game=game_id, novalidate=True, data_action="start", data_from_position="1" if from_position else None
    )


def field_html(field: Field, value: Any) -> str:
    value = field.default if value is None else value
    control_id = f"opt-{field.name}"
    help_id = f"{control_id}-help"
    if field.kind == "bool":
        checked = value in (True, "on", "true", "1")
        control = tag(
            "label",
            tag("input", "", type="checkbox", name=field.name, id=control_id, checked=checked, aria_describedby=help_id) + esc(field.label),
            class_="check",
        )
        label = ""
    else:
        if field.kind == "choice":
            control = tag(
                "select",
                "".join(tag("option", esc(c.label), value=c.value, selected=str(c.value) == str(value)) for c in field.choices),
                name=field.name,
                id=control_id,
                aria_describedby=help_id,
            )
        elif field.kind == "int":
            control = tag(
                "input",
                "",
                type="number",
                name=field.name,
                id=control_id,
                value=str(value),
                min=field.minimum,
                max=field.maximum,
                inputmode="numeric",
                aria_describedby=help_id,
            )
        else:
            control = tag("input", "", type="text", name=field.name, id=control_id, value=str(value or ""), aria_describedby=help_id, autocomplete="off")
        label = tag("label", esc(field.label), for_=control_id)
    return tag("div", label + control + tag("p", esc(field.help), id=help_id, class_="help"), class_=f"field option-{field.kind}", data_field=field.name)


# -- game -----------------------------------------------------------------------------------


def game_frame_html(game_id: str, title: str) -> str:
    """The static frame of the game screen; its regions are filled by `game_parts`."""
    return (
        tag(
            "div",
            tag("h1", esc(title), class_="game-title") + tag("p", "", id="status", class_="status") + tag("p", "", id="last-move", class_="last-move"),
            class_="game-head",
        )
        # Beside the board (below it on a phone): the choices of the move, then the replay buttons,
        # so that stepping through the game keeps the board in view.
        + tag(
            "div",
            tag("div", "", id="board", class_="board-wrap")
            + tag("div", "", id="extra", class_="extra")
            + tag("div", "", id="actions", class_="actions")
            + tag("div", "", id="replay", class_="replay"),
            class_="play-area",
        )
        # The side: what a player uses often (Undo, Share, the players, the moves) before what is
        # there to look up (the game's own panels).
        + tag(
            "aside",
            tag("div", "", id="controls", class_="controls")
            + tag("div", "", id="players", class_="players")
            + tag(
                "section",
                tag("h2", esc(_("Moves")), id="moves-heading") + tag("div", "", id="moves", class_="moves"),
                class_="move-list",
                aria_labelledby="moves-heading",
            )
            + tag("div", "", id="side-extra", class_="side-extra"),
            class_="side",
        )
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


def players_html(view: GameView, session, s, thinking_seat: int | None, kinds: list[str] | None = None) -> str:
    """One panel per seat: piece, name, kind, the game's details, whose turn, winners. `kinds`
    says who plays each seat when it is not "human" or a computer (a game by link: "you")."""
    game = view.game
    players = len(session.seats)
    current = game.current_player(s)
    scores = game.scores(s)
    winners = set(game.winners(s)) if game.is_over(s) else set()
    rows = []
    names = shown_seat_names(view, session.names())
    for seat, info in enumerate(session.seats):
        style = view.seat_style(seat, players)
        who = _("computer, {level}").format(level=level_label(session.game_id, info.level)) if info.is_computer else _("human")
        if kinds is not None:
            who = kinds[seat]
        badges = ""
        if seat == current:
            badges += tag("span", esc(_("thinking…") if seat == thinking_seat else _("to move")), class_="badge turn")
        if seat in winners:
            badges += tag("span", esc(_("winner")), class_="badge winner")
        rows.append(
            tag(
                "li",
                tag("span", view.piece_svg(seat, players, 26), class_="seat-piece")
                + tag(
                    "span",
                    tag("span", name_html(names[seat]), class_="name")
                    + tag("span", esc(who if names[seat] == style.name else f"{style.name} · {who}"), class_="seat-kind"),
                    class_="who",
                )
                + tag("span", view.seat_details(s, seat), class_="details")
                + badges,
                class_="player" + (" current" if seat == current else "") + (" winner" if seat in winners else ""),
                data_seat=str(seat),
                data_score=str(scores[seat]),
                aria_current="true" if seat == current else None,
            )
        )
    return tag("ul", "".join(rows), class_="player-list", aria_label=_("Players"))


def actions_html(actions: list[Action]) -> str:
    return "".join(
        tag("button", esc(a.label), type="button", data_target=a.target, class_="action" + (" primary" if a.primary else ""), title=a.hint or None)
        for a in actions
    )


@dataclass(frozen=True)
class Control:
    """A button of the game screen's control row: its command, words, and whether it may be pressed."""

    action: str  # data-action
    label: str
    title: str
    enabled: bool = True
    key: str | None = None  # its keyboard shortcut (aria-keyshortcuts)


def game_controls(session, busy: bool, hint_label: str | None = None) -> tuple[Control, ...]:
    """The control row under the game (a session, or any value that reads as one: is_replaying,
    can_undo(), can_redo(), moves). `hint_label`: the game's hint button, None for none."""
    replaying = session.is_replaying
    return (
        *((Control("hint", hint_label, _("Show what the computer thinks of the moves (H)"), key="h"),) if hint_label else ()),
        Control("undo", _("Undo"), _("Take back your last move (U)"), enabled=not (busy or replaying or not session.can_undo()), key="u"),
        Control("redo", _("Redo"), _("Replay a move taken back (R)"), enabled=not (busy or replaying or not session.can_redo()), key="r"),
        Control("new-same", _("New game"), _("Start again with the same players and options")),
        *((Control("review-open", _("Review"), _("Every move judged by the computer, with the turning points")),) if session.moves else ()),
        Control("share", _("Share"), _("Links, an embeddable board and pictures of this game")),
        Control("export-current", _("Export"), _("Download this game as a file")),
    )


def control_row_html(controls: Iterable[Control]) -> str:
    return tag(
        "div",
        "".join(button(c.label, c.action, disabled=not c.enabled, title=c.title, aria_keyshortcuts=c.key) for c in controls),
        class_="control-row",
    )


def controls_html(session, busy: bool, hint_label: str | None = None) -> str:
    return control_row_html(game_controls(session, busy, hint_label))


def moves_html(view: GameView, session, public=lambda state: state) -> str:
    """The move list with step-through replay: each entry shows the position after it.
    `public` turns a state into what the players may see (the game's observation)."""
    shown = session.shown_index
    items = [
        tag(
            "li",
            button(_("Start"), "replay-to", class_="move" + (" shown" if shown == 0 else ""), data={"index": 0}, aria_current="step" if shown == 0 else None),
            class_="start",
        )
    ]
    players = len(session.seats)
    names = shown_seat_names(view, session.names())
    for i, move in enumerate(session.moves):
        before = public(session.states[i])
        seat = view.game.current_player(before)
        style = view.seat_style(seat, players) if seat is not None else None
        label = view.move_text(before, move)
        items.append(
            tag(
                "li",
                button(
                    f"{i + 1}. {label}",
                    "replay-to",
                    class_="move " + (f"seat-{style.css}" if style else "") + (" shown" if shown == i + 1 else ""),
                    data={"index": i + 1},
                    aria_current="step" if shown == i + 1 else None,
                    aria_label=_("{text}, by {name}").format(text=f"{i + 1}. {label}", name=names[seat] if seat is not None else ""),
                ),
            )
        )
    return tag("ol", "".join(items), class_="move-items")


def replay_html(session) -> str:
    """The buttons that step through the game, under the board; while replaying, which move is shown."""
    if not session.moves:
        return ""
    shown = session.shown_index
    nav = tag(
        "div",
        icon_button(ICON_FIRST, "replay-first", _("First position"))
        + icon_button(ICON_PREV, "replay-prev", _("Previous move"))
        + icon_button(ICON_NEXT, "replay-next", _("Next move"))
        + icon_button(ICON_LAST, "replay-live", _("Back to the game")),
        class_="replay-nav",
        role="group",
        aria_label=_("Replay"),
    )
    banner = (
        tag("p", esc(_("Replay: showing the position after move {n} of {total}.").format(n=shown, total=len(session.moves))), class_="replay-banner")
        if session.is_replaying
        else ""
    )
    return banner + nav


def result_dialog_html(view: GameView, session, state) -> str:
    names = shown_seat_names(view, session.names())
    text = view.result_text(state, names)
    scores = view.game.scores(state)
    # Each number says what it counts ("8 points", "longest chain: 5"); a game that counts only
    # the win lists nothing.
    counted = [(name, view.score_text(state, score)) for name, score in zip(names, scores)]
    rows = "".join(tag("li", esc(_("{name}: {score}").format(name=name, score=score))) for name, score in counted if score is not None)
    return dialog_html(
        tag("h2", esc(_("Game over")), id="result-title")
        + tag("p", esc(text), class_="result-text")
        + (tag("ul", rows, class_="result-scores", aria_label=_("Scores")) if rows else ""),
        button(_("Rematch"), "rematch", class_="primary")
        + (button(_("Review"), "review-open") if session.moves else "")
        + button(_("Look at the board"), "close-dialog")
        + tag("a", esc(_("Home")), href="#/", class_="button", data_action="close-dialog"),
    )


def dialog_html(body: str, actions: str) -> str:
    """What the page's dialog shows: its body, which scrolls when the window is short, and below it
    the actions (Close and the main one), always in view. The actions lie outside the part that
    scrolls, so a control focused or scrolled to in the body is never hidden under them (WCAG 2.2
    Focus Not Obscured), whatever the actions' height."""
    return tag("div", body, class_="dialog-body") + tag("div", actions, class_="dialog-actions")


def share_dialog_html(view: GameView, game_link: str | None, position_link: str, snippet: str, embed_values: dict[str, Any], levels: list) -> str:
    """Links to the game and the position, and an iframe snippet with its options. For a game with
    hidden information `game_link` is None: it would carry the chance of the game (its seed), so it
    is made only when copied and never shown in the page."""

    def copy_row(label: str, value: str, name: str) -> str:
        field_id = f"share-{name}"
        return tag(
            "div",
            tag("label", esc(label), for_=field_id)
            + tag(
                "div",
                tag("input", "", type="text", id=field_id, value=value, readonly=True, class_="share-text")
                + button(_("Copy"), "copy", class_="small", data={"copy": field_id}),
                class_="copy-row",
            ),
            class_="field",
        )

    opponent = embed_values.get("vs", "computer")
    level_options = "".join(tag("option", esc(_(lv.name)), value=str(lv.number), selected=str(lv.number) == str(embed_values.get("level"))) for lv in levels)
    embed_form = tag(
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
    return dialog_html(
        tag("h2", esc(_("Share")), id="result-title")
        + (
            copy_row(_("Link to this game"), game_link, "game")
            if game_link is not None
            else tag(
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
        )
        + copy_row(_("Link to this position"), position_link, "position")
        + embed_form
        + tag(
            "div",
            button(_("Download picture (SVG)"), "download-svg", class_="small") + button(_("Download picture (PNG)"), "download-png", class_="small"),
            class_="picture-actions",
        ),
        button(_("Close"), "close-dialog", class_="primary"),
    )


def link_error_html(message: str) -> str:
    return (
        tag("h1", esc(_("This link cannot be opened")))
        + tag("p", esc(message), role="alert", class_="errors")
        + tag("p", tag("a", esc(_("Go to the games")), href="#/", class_="button primary"))
    )


def handover_dialog_html(name: str) -> str:
    return dialog_html(
        tag("h2", esc(_("Your turn, {name}").format(name=name)), id="result-title") + tag("p", esc(_("Pass the device to {name}.").format(name=name))),
        button(_("I am {name}: play").format(name=name), "close-dialog", class_="primary"),
    )


def rules_html(view: GameView, body: str) -> str:
    return tag(
        "article",
        tag("h1", esc(_("Rules: {title}").format(title=view.title())))
        + body
        + tag("p", tag("a", esc(_("Start a game")), href=f"#/setup/{view.game_id}", class_="button primary")),
        class_="rules",
        lang=language(),
    )


__all__ = [
    "home_html",
    "saves_html",
    "setup_html",
    "game_frame_html",
    "players_html",
    "actions_html",
    "Control",
    "game_controls",
    "control_row_html",
    "controls_html",
    "moves_html",
    "replay_html",
    "result_dialog_html",
    "rules_html",
    "button",
    "level_label",
]
