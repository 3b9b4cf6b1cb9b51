"""The setup form read without the browser: the number of players, the seats, and what the
game's view says about the options (the page reads the fields: assets/page.js fieldValues;
setup_screen.py puts the screen in the page)."""

from __future__ import annotations

from ..render.catalog import get_view
from ..render.view import AnyView
from .session import Seat, clean_name


def form_players(game_id: str, values: dict[str, str]) -> int:
    """The number of players the form asks for, within what the game allows."""
    view = get_view(game_id)
    try:
        players = int(values.get("players", view.default_players))
    except ValueError:
        players = int(view.default_players)
    return min(max(players, int(view.game.min_players)), int(view.game.max_players))


def form_seats(view: AnyView, values: dict[str, str], players: int) -> list[Seat]:
    seats = []
    default_names = [view.seat_style(i, players).name for i in range(players)]
    for seat in range(players):
        kind = values.get(f"seat{seat}_kind", "human")
        try:
            level = int(values.get(f"seat{seat}_level", "1"))
        except ValueError:
            level = 1
        name = clean_name(values.get(f"seat{seat}_name"), default_names[seat])
        seats.append(Seat(name, "computer" if kind == "computer" else "human", level if kind == "computer" else 0))
    return seats


def setup_warnings(view: AnyView, values: dict[str, str], players: int) -> list[str]:
    try:
        return list(view.option_warnings(view.options_from_form(values, players), players))
    except ValueError:
        return []


def setup_preview(view: AnyView, values: dict[str, str], players: int) -> str:
    return view.setup_preview(values, players)
