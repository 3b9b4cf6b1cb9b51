"""The colours seats play in, in seat order, in one place: engines write them into their options and
messages (Fenn's `first`), boards paint with them (each colour is a CSS class of app.css) and views
name them (render/seats.py holds their names as players read them, translated)."""

from __future__ import annotations

COLOURS = ("red", "blue", "green", "purple")  # every colour a seat plays

# Each game's seats' colours, seat 0 first. Fenn's first seat is blue.
SEAT_COLOURS: dict[str, tuple[str, ...]] = {
    "fenn": ("blue", "red"),
    "momentum": COLOURS[:3],
    "momox": COLOURS,
    "mops": COLOURS,
    "nummerus": COLOURS,
}
