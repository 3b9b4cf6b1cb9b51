"""Momox's words: the names a player reads and hears for the seats' colours, the places of the
digits, the fields and the circles, the board in words (the drawing's description), and the
sentence for each rule of position text the engine refuses.

The last are the rules games/momox_position.py raises (`PositionError.rule`), for a player or a
rules author who pasted or edited such a text, formatted with the error's params and the colour
words the view derives from its seats (`MomoxView.move_error_words_from`: `seat` -> {colour},
`turn_seat` -> {turn_colour}, `first_seat` -> {first_colour}).

Its own module because these words are one thing, written from the engine's answers alone; the
view (render/momox.py) asks it for them and sets `position_error_texts` from its table.
"""

from __future__ import annotations

from ..games.momox import Momox, MomoxState
from ..games.momox_board import CENTRE, CORNER_FIELDS, FIELD_KINDS, YELLOW
from ..i18n import N_, _, ngettext
from .momox_board import SEAT_CSS, _corner_of, corner_colour
from .seats import seat_names

SEAT_NAMES = seat_names(SEAT_CSS)
# The corners by colour. Translators: these go into sentences in several grammatical cases
# ("walks to ...", "stands on ...", "4 beside ..."): a form without article fits them all,
# e.g. German "Ecke Rot".
CORNER_NAMES = (N_("the red corner"), N_("the blue corner"), N_("the green corner"), N_("the purple corner"))
PLACE_NAMES = (N_("ones"), N_("tens"), N_("hundreds"), N_("thousands"))


# -- words for places -----------------------------------------------------------------------------


def colour_name(seat: int) -> str:
    return _(SEAT_NAMES[seat])


def place_name(place: int) -> str:
    return _(PLACE_NAMES[place])


def _from_corner(field: int) -> tuple[str, int]:
    """The corner at or before a field, by its colour, and how many fields after it the field is."""
    corner = CORNER_FIELDS[_corner_of(field)]
    colour = corner_colour(corner)
    return _(CORNER_NAMES[colour if colour is not None else _corner_of(field)]), field - corner


def field_words(field: int) -> str:
    """A field as a player finds it on the board: a corner by its colour, others by their distance
    from the corner before them."""
    corner_name, steps = _from_corner(field)
    if not steps:
        return corner_name
    if FIELD_KINDS[field] == YELLOW:
        return ngettext("a yellow field, {n} after {corner}", "a yellow field, {n} after {corner}", steps).format(n=steps, corner=corner_name)
    return ngettext("a plain field, {n} after {corner}", "a plain field, {n} after {corner}", steps).format(n=steps, corner=corner_name)


def field_name(field: int) -> str:
    """A field as `field_words` finds it, in a form that fits any place in a sentence (the diagram's
    marks: "Arrow from {start} to {end}"): no article or adjective that a language inflects.
    Translators: as the corners' names, one form for every grammatical case."""
    corner_name, steps = _from_corner(field)
    if not steps:
        return corner_name
    if FIELD_KINDS[field] == YELLOW:
        return _("field {n} after {corner} (yellow)").format(n=steps, corner=corner_name)
    return _("field {n} after {corner}").format(n=steps, corner=corner_name)


def circle_name(circle: int) -> str:
    """A circle in a form that fits any place in a sentence (as `field_name`)."""
    return _("centre circle 0") if circle == CENTRE else _("circle {n}").format(n=circle)


def circle_words(circle: int) -> str:
    """A circle in the middle of a sentence."""
    return _("the centre circle 0") if circle == CENTRE else _("circle {n}").format(n=circle)


def circle_title(circle: int) -> str:
    """A circle at the start of a label."""
    return _("Centre circle 0") if circle == CENTRE else _("Circle {n}").format(n=circle)


def number_text(tiles: tuple[int, ...]) -> str:
    """The number a seat's tiles form, missing places shown as 0 ('34'), or '–' with none."""
    if not tiles:
        return "–"
    return "".join(str(v) for v in reversed(tiles))


def board_description(game: Momox, s: MomoxState, replaying: bool = False) -> str:
    """The board in words (the SVG's description): figures, the open circle, the tiles left."""
    players = len(s.figures)
    sentences = []
    for seat in range(players):
        sentences.append(_("{colour}'s figure stands on {field}.").format(colour=colour_name(seat), field=field_words(s.figures[seat])))
    open_c = game.open_circle(s)
    circle = game.circles(s)[open_c]
    if circle.face_up and not replaying:
        sentences.append(_("The open circle is {circle}; its chip shows {value}.").format(circle=circle_words(open_c), value=circle.value))
    else:
        sentences.append(_("The open circle is {circle}; its chip lies face down.").format(circle=circle_words(open_c)))
    sentences.append(_("Bowls cover the other circles."))
    remaining = game.corner_tiles(s)
    for seat in range(players):
        where = [(value, corner) for corner, lying in remaining.items() for p, value in lying if p == seat]
        if where:
            sentences.append(
                _("{colour}'s tiles still to take: {list}.").format(
                    colour=colour_name(seat),
                    list=", ".join(_("{value} beside {corner}").format(value=v, corner=field_words(c)) for v, c in sorted(where)),
                )
            )
    return " ".join(sentences)


# -- position text the engine refuses ------------------------------------------------------------

POSITION_ERROR_TEXTS: dict[str, str] = {
    "token-count": N_(
        "A position has 8 parts separated by single spaces: the figures, the tiles, the player to move, the phase, "
        "the turn, the yellow fields, the chips and the uncovered circles; when several rounds are played, 2 more follow: "
        "the round and the results. This text has {count}."
    ),
    "figure-count": N_(
        "The position begins with the field of each player's figure, separated by commas, such as 0,8: {least} to {most} figures, one for each player."
    ),
    "figure-field": N_("Each figure's field is a number from 0 to {last}, such as 0,8 (without leading zeros)."),
    "tile-seats": N_("The tiles must be given for each of the {players} players, separated by commas (- for a player without tiles)."),
    "tiles": N_("{colour}'s tiles are written as the number they form, such as 34 when the 4 was taken first, each digit 1 to 4 at most once, or - for none."),
    "phase": N_("The phase must be key (lift a bowl), tile (take or leave the tile), shuffle (reshuffle or keep the chips) or over."),
    "turn": N_("The turn in this round is written t and its number, from t1."),
    "yellows": N_("The yellow fields landed on in this turn are written y and their number, such as y0."),
    "chips": N_("The chips must be the six values 1 to 6, each once, on circles 0 to 5 in order, such as 352614; ? stands for a covered chip."),
    "chips-hidden": N_("This position must give every chip's value: ? for a covered chip is not accepted here."),
    "uncovered": N_("The uncovered circles are listed by their numbers 0 to 5 in the order they were uncovered, each at most once, or - for none."),
    "centre-uncovered-first": N_(
        "The centre circle 0 cannot be the only uncovered circle: its chip turns face up only after another circle has been uncovered."
    ),
    "rounds": N_("The round is written r, its number, / and the number of rounds, such as r2/3."),
    "round-range": N_("There is no round {round} of {rounds}: the round is written only when 2 to {max_rounds} rounds are played, and it must be one of them."),
    "result-row": N_(
        "Each finished round in the results lists {players} numbers, one for each player, separated by commas, each formed of the tiles 1 to 4 (0 for none)."
    ),
    "result-finisher": N_("In each finished round exactly one player has all four tiles: the one who ended it."),
    "result-count": N_("The results do not fit round {round}: give the numbers of every finished round and no others, or - before the first round ends."),
    "over-to-move": N_("Once the game is over, nobody is to move: write - for the player to move."),
    "over-finisher": N_("When the game is over, exactly one player holds all four tiles: the one who ended the round."),
    "over-before-last-round": N_("The game ends only after its last round, and round {round} of {rounds} is not the last."),
    "over-yellows": N_("Once the game is over, the yellow fields are y0."),
    "over-results": N_("The last round's numbers in the results must be the numbers the tiles on the board form."),
    "to-move": N_("The player to move is written as the letter of their colour: {letters}."),
    "four-tiles-in-play": N_("{colour} holds all four tiles and so has ended the round: the phase must be over."),
    "nothing-uncovered": N_("In phase {phase} with y{yellows} a bowl has been lifted in this turn, so at least one chip must lie face up."),
    "no-tile-beside": N_("In phase tile, {colour}'s figure must stand on a corner beside which a tile of its colour still lies."),
    "yellows-off-yellow": N_(
        "With y{yellows}, {colour}'s figure must stand on a yellow field: a turn goes on after yellow fields only while the figure stands on one."
    ),
    "shuffle-yellows": N_(
        "The phase shuffle needs y{needed} or more: the chips may be reshuffled only after landing on yellow fields {needed} times in one turn."
    ),
    "turn-seat": N_("In round {round}, {first_colour} plays turn 1, so turn {turn} is {turn_colour}'s, not {colour}'s."),
}
