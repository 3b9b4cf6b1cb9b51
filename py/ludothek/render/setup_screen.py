"""The setup screen as HTML text (pure): the form that starts a game, with its player count, one
row per seat (who plays it, a computer's level, the name) and the game's options, each explained."""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from ..ai import Level
from .catalog import levels as ai_levels
from ..i18n import _
from .svg import esc, tag
from .view import Field, seat_names, AnyView


def setup_html(
    view: AnyView,
    players: int,
    values: Mapping[str, object] | None = None,
    errors: Iterable[str] = (),
    warnings: Iterable[str] = (),
    position_preview: str | None = None,
    editor_link: str = "",
    new_to_it: bool = False,
) -> str:
    """The setup form: player count, one row per seat, the game's options, each explained.
    With `position_preview` (a board picture) the game starts from a given position: its
    player count and options are the position's, only the seats are chosen; `editor_link` (the
    diagram editor's address at that position, #/editor/...) is offered under the picture;
    `new_to_it`: the player has not played or learnt this game on this device, and is offered its
    lesson."""
    game = view.game
    values = values or {}
    game_id = view.game_id
    from_position = position_preview is not None
    parts = [tag("h1", esc(_("New game: {title}").format(title=view.title())))]
    if new_to_it:
        parts.append(
            tag(
                "p",
                esc(_("New to {title}? Its lesson teaches it in about five minutes.").format(title=view.title()))
                + " "
                + tag("a", esc(_("Learn it step by step")), href=f"#/learn/{game_id}", class_="button small"),
                class_="learn-offer",
                role="note",
            )
        )
    if position_preview is not None:
        parts.append(tag("figure", position_preview + tag("figcaption", esc(_("The game starts from this position."))), class_="start-position"))
        if editor_link:
            parts.append(
                tag("p", tag("a", esc(_("Edit this position")), href=editor_link, class_="button small", data_editor="1"), class_="start-position-edit")
            )

    if game.min_players != game.max_players and not from_position:
        parts.append(player_count_html(game.min_players, game.max_players, players))
    parts.append(seats_html(view, players, values))
    parts.extend(options_html([] if from_position else view.setup_fields(), players, values))

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


def player_count_html(fewest: int, most: int, players: int) -> str:
    """The radio buttons that choose how many play."""
    radios = "".join(
        tag("label", tag("input", "", type="radio", name="players", value=str(n), checked=n == players, data_action="players") + esc(str(n)), class_="radio")
        for n in range(fewest, most + 1)
    )
    return tag("fieldset", tag("legend", esc(_("Players"))) + tag("div", radios, class_="radios"), class_="field")


def seats_html(view: AnyView, players: int, values: Mapping[str, object]) -> str:
    """One row per seat (its piece, name, human or computer, the computer's level), and what
    the computer levels are."""
    levels = ai_levels(view.game_id)
    default_names = seat_names(view, players)
    seat_rows = [seat_row_html(view, seat, players, values, levels, default_names[seat]) for seat in range(players)]
    level_help = "".join(tag("li", tag("strong", esc(_(lv.name))) + " " + esc(_(lv.description))) for lv in levels)
    return tag(
        "fieldset",
        tag("legend", esc(_("Seats")))
        + "".join(seat_rows)
        + (tag("details", tag("summary", esc(_("About the computer levels"))) + tag("ul", level_help), class_="help") if levels else ""),
        class_="field seats",
    )


def seat_row_html(view: AnyView, seat: int, players: int, values: Mapping[str, object], levels: Sequence[Level], default_name: str) -> str:
    """A seat's row: its piece, the name, who plays it and (for the computer) the level."""
    kind = values.get(f"seat{seat}_kind", "human" if seat == 0 or players == 1 else "computer")
    name = values.get(f"seat{seat}_name", default_name)
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
    return tag("div", tag("span", swatch, class_="seat-piece") + name_input + kind_select + level_select, class_="seat-row", data_seat=str(seat))


def options_html(fields: list[Field], players: int, values: Mapping[str, object]) -> list[str]:
    """The game's options that apply to this many players, each shown only when the option it
    depends on (`show_when`) has the value it needs."""
    defaults = {f.name: f.default for f in fields}
    shown = []
    for field in fields:
        if field.players and players not in field.players:
            continue
        if field.show_when:
            other, wanted = field.show_when
            if str(values.get(other, defaults.get(other))) != wanted:
                continue
        shown.append(field_html(field, values.get(field.name)))
    return shown


def field_html(field: Field, value: object) -> str:
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
