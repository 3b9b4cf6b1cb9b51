"""Fenn's words for position text the engine refuses: for each rule a `PositionError` of
games/fenn.py or games/fenn_position.py names, the sentence a player reads who pasted or edited
a position (formatted with the error's params and the colour the view derives from its seat).

Its own module because render/fenn.py is long and these sentences are one table that only the
view's `position_error_texts` reads.
"""

from __future__ import annotations

from ..i18n import N_

POSITION_ERROR_TEXTS = {
    "spaces": N_("The parts of a position are separated by single spaces, with none at the start or end."),
    "token-count": N_("A Fenn position has 4 to 6 parts separated by spaces, such as “b0:5 r10:5 k6 b”; this one has {count}."),
    "die-token": N_("The {colour} die is written {letter}, its field, a colon and its top number, such as “{example}”, not “{token}”."),
    "die-field": N_("The {colour} die stands on a field from {lo} to {hi} ({start} is beside the board), not on {field}."),
    "die-face": N_("The {colour} die (die {name}) has the faces {faces}, not {face}."),
    "start-face": N_("The {colour} die beside the board has not moved yet, so it shows {start_face}, not {face}."),
    "black-die": N_("The black die is written k and its top number, one of {faces}, such as “k6”, not “{token}”."),
    "to-move": N_("The player to move is written b (blue) or r (red), not “{token}”."),
    "same-field": N_("Both dice stand on field {field}, but a field holds only one die."),
    "both-won": N_("The blue die on field 9 and the red die on field 1 have both reached the far end: only one player can have won."),
    "extra-field": N_("After “extra” comes the field the turn began on, from 0 to 10, such as “extra0”, not “{token}”."),
    "unexpected-token": N_("“{token}” is out of place: after the player to move may follow only “pasch” or “extra” with a field, then “draw”."),
    "after-win": N_("The {colour} die has reached the far end and won: no Pasch, extra step or draw can follow."),
    "draw-mid-turn": N_("A draw by repetition happens at the start of a turn, not after a Pasch or an extra step."),
    "no-step-yet": N_("The {colour} die is still beside the board: it has not stepped this turn, so there is no Pasch or extra step yet."),
    "not-enterable": N_("The {colour} die cannot have stepped onto field {field} this turn: the black die or the other die shows {field}."),
    "pasch-top": N_("A Pasch needs the {colour} die to show the black die's number ({face} is not {black})."),
    "extra-top": N_("An extra step needs the {colour} die to show the number of its field ({face} on field {field})."),
    "extra-start-taken": N_("The turn cannot have begun on field {field}: a die stands there."),
    "extra-start-off": N_("The {colour} die cannot have begun its turn on field {field}: it never stands there while the game goes on."),
    "extra-no-step": N_("An extra step is pending, but the {colour} die has no legal step: the turn would have ended."),
}
