"""Fenn's words: the colours and players as a player reads them, the hint's values in words, why a
field is closed (from the engine's reason codes), who wins the start with perfect play (from the
solved game), and for position text the engine refuses, for each rule a `PositionError` of
games/fenn.py or games/fenn_position.py names, the sentence a player reads who pasted or edited
a position (formatted with the error's params and the colour the view derives from its seat).

Its own module because these sentences are one thing, said from the engine's answers; the view
(render/fenn.py) and its panels (render/fenn_panels.py) ask them, the view's `position_error_texts` the table.
"""

from __future__ import annotations

from typing import Iterable

from ..games.fenn import GAME, BLUE, RED, FennPositionRule, FennState, FieldReason, opponent
from ..i18n import N_, _, ngettext
from .board_marks import HintValue, SolvedValue
from .fenn_board import SEAT_CSS, shown_value
from .seats import seat_colour_word, seat_names

SEAT_NAMES = seat_names(SEAT_CSS)

# Why a field is closed, as each player reads it (the engine gives only its reason codes).
SHOWS = {
    "black": N_("the black die shows {n}"),
    BLUE: N_("the blue die shows {n}"),
    RED: N_("the red die shows {n}"),
}
STANDS = {BLUE: N_("the blue die stands there"), RED: N_("the red die stands there")}


# -- words ------------------------------------------------------------------------------------------


def colour(seat: int) -> str:
    return _(SEAT_NAMES[seat])


def colour_word(seat: int) -> str:
    return seat_colour_word(SEAT_CSS[seat])


def value_text(value: HintValue) -> str:
    outcome, n = shown_value(value)
    if outcome > 0:
        return _("win this turn") if n == 1 else ngettext("win in {n} turn", "win in {n} turns", n).format(n=n)
    if outcome < 0:
        return ngettext("loss: the opponent wins in {n} turn", "loss: the opponent wins in {n} turns", n).format(n=n)
    return _("draw")


def value_short(value: HintValue) -> str:
    outcome, n = shown_value(value)
    if outcome > 0:
        return _("win {n}").format(n=n)
    if outcome < 0:
        return _("loss {n}").format(n=n)
    return _("draw")


def player(names: list[str], seat: int) -> str:
    """The player's name, with the colour when the name does not already say it."""
    name = names[seat] if seat < len(names) else colour(seat)
    if name.strip().lower() == colour(seat).lower():
        return name
    return _("{name} ({colour})").format(name=name, colour=colour_word(seat))


def ban_texts(s: FennState, seat: int, field: int, reasons: Iterable[FieldReason]) -> list[str]:
    """Words for the engine's reasons that close `field` to the die of `seat`."""
    other = opponent(seat)
    texts = []
    for reason in reasons:
        if reason == FieldReason.BLACK:
            texts.append(_(SHOWS["black"]).format(n=s.black))
        elif reason == FieldReason.OPPONENT_FACE:
            texts.append(_(SHOWS[other]).format(n=s.face_of(other)))
        elif reason == FieldReason.OCCUPIED:
            texts.append(_(STANDS[other]))
        elif reason == FieldReason.TURN_START:
            texts.append(_("this turn began there"))
        elif reason == FieldReason.DISTANCE:
            texts.append(_("it is more than two fields away"))
        elif reason == FieldReason.OWN:
            texts.append(_("the die already stands there"))
    return texts


def closed_message(s: FennState, field: int, reasons: Iterable[FieldReason]) -> str:
    seat = s.to_move
    texts = ban_texts(s, seat, field, [r for r in reasons if r != FieldReason.NOT_STEPPING])
    if not texts:
        return _("Field {n} cannot be entered now.").format(n=field)
    return _("Field {n} is closed to {colour}: {reasons}.").format(n=field, colour=colour_word(seat), reasons="; ".join(texts))


def start_value_sentence(starter: int | None = None, black: int | None = None) -> str:
    """Who wins the start with perfect play (from the solved game)."""
    from ..ai.fenn import start_values

    values = start_values()
    if starter is None:
        outcomes = {values[(SEAT_CSS[seat], GAME.opening_face(seat))].outcome for seat in (BLUE, RED)}
        if outcomes == {0}:
            return _("Fenn is solved: with perfect play from the start it is a draw, whoever begins.")
        parts = []
        for seat in (BLUE, RED):
            parts.append(value_sentence(values[(SEAT_CSS[seat], GAME.opening_face(seat))], seat))
        return _("Fenn is solved: {a} {b}").format(a=parts[0], b=parts[1])
    assert black is not None, "the black die's face goes with the starter"
    return value_sentence(values[(SEAT_CSS[starter], black)], starter)


def value_sentence(value: SolvedValue, starter: int) -> str:
    if value.outcome == 0:
        return _("With perfect play from this start the game is a draw.")
    winner = starter if value.outcome > 0 else opponent(starter)
    return _("With perfect play from this start {colour} wins.").format(colour=colour_word(winner))


POSITION_ERROR_TEXTS: dict[str, str] = {  # keyed by FennPositionRule
    FennPositionRule.SPACES: N_("The parts of a position are separated by single spaces, with none at the start or end."),
    FennPositionRule.TOKEN_COUNT: N_("A Fenn position has 4 to 6 parts separated by spaces, such as “b0:5 r10:5 k6 b”; this one has {count}."),
    FennPositionRule.DIE_TOKEN: N_("The {colour} die is written {letter}, its field, a colon and its top number, such as “{example}”, not “{token}”."),
    FennPositionRule.DIE_FIELD: N_("The {colour} die stands on a field from {lo} to {hi} ({start} is beside the board), not on {field}."),
    FennPositionRule.DIE_FACE: N_("The {colour} die (die {name}) has the faces {faces}, not {face}."),
    FennPositionRule.START_FACE: N_("The {colour} die beside the board has not moved yet, so it shows {start_face}, not {face}."),
    FennPositionRule.BLACK_DIE: N_("The black die is written k and its top number, one of {faces}, such as “k6”, not “{token}”."),
    FennPositionRule.TO_MOVE: N_("The player to move is written b (blue) or r (red), not “{token}”."),
    FennPositionRule.SAME_FIELD: N_("Both dice stand on field {field}, but a field holds only one die."),
    FennPositionRule.BOTH_WON: N_("The blue die on field 9 and the red die on field 1 have both reached the far end: only one player can have won."),
    FennPositionRule.EXTRA_FIELD: N_("After “extra” comes the field the turn began on, from 0 to 10, such as “extra0”, not “{token}”."),
    FennPositionRule.UNEXPECTED_TOKEN: N_("“{token}” is out of place: after the player to move may follow only “pasch” or “extra” with a field, then “draw”."),
    FennPositionRule.AFTER_WIN: N_("The {colour} die has reached the far end and won: no Pasch, extra step or draw can follow."),
    FennPositionRule.DRAW_MID_TURN: N_("A draw by repetition happens at the start of a turn, not after a Pasch or an extra step."),
    FennPositionRule.NO_STEP_YET: N_("The {colour} die is still beside the board: it has not stepped this turn, so there is no Pasch or extra step yet."),
    FennPositionRule.NOT_ENTERABLE: N_("The {colour} die cannot have stepped onto field {field} this turn: the black die or the other die shows {field}."),
    FennPositionRule.PASCH_TOP: N_("A Pasch needs the {colour} die to show the black die's number ({face} is not {black})."),
    FennPositionRule.EXTRA_TOP: N_("An extra step needs the {colour} die to show the number of its field ({face} on field {field})."),
    FennPositionRule.EXTRA_START_TAKEN: N_("The turn cannot have begun on field {field}: a die stands there."),
    FennPositionRule.EXTRA_START_OFF: N_("The {colour} die cannot have begun its turn on field {field}: it never stands there while the game goes on."),
    FennPositionRule.EXTRA_NO_STEP: N_("An extra step is pending, but the {colour} die has no legal step: the turn would have ended."),
}
