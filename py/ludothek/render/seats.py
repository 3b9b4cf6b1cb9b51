"""The names of the colours seats play in, in one place: each colour (games/seats.py, also its CSS
class for the swatches and pieces of app.css) as players read it. A game's view lists the colours
of its seats in seat order (`GameView.seat_colours`, from games/seats.py); everything that names a
seat by its colour takes the name from here."""

from __future__ import annotations

from ..i18n import N_, _

# CSS class -> the seat's name (translated where shown). Capitalised: a seat's name stands alone.
SEAT_COLOUR_NAMES: dict[str, str] = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "purple": N_("Purple"),
}


# The same names as they stand inside an English sentence ("the blue die"); German nouns keep
# their capital ("Kein Feld ist für Blau offen").
SEAT_COLOUR_WORDS: dict[str, str] = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "purple": N_("purple"),
}


def seat_names(colours: tuple[str, ...]) -> tuple[str, ...]:
    """The untranslated names (N_ messages) of seats playing `colours`, in seat order."""
    return tuple(SEAT_COLOUR_NAMES[colour] for colour in colours)


def seat_colour_name(colour: str) -> str:
    """The name of the seat that plays `colour`, in the current language."""
    return _(SEAT_COLOUR_NAMES[colour])


def seat_colour_word(colour: str) -> str:
    """The seat's name inside a sentence, in the current language (lower case in English)."""
    return _(SEAT_COLOUR_WORDS[colour])
