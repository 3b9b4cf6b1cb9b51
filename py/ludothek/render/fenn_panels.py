"""Fenn's panels: what is shown beside and below the board as HTML: below it, while a player
moves, the banner of a Pasch, an extra step or a pass, the faces the die may turn up on the picked
field (or the black die's new number after a Pasch) and every legal step as a list, each with the
hint's value; beside it, the opening roll and who wins the start with perfect play, the warning
before a third repetition and the dice and marks explained, and each seat's die.

Its own module because these panels are one thing, drawn from the engine's answers; the view
(render/fenn.py) hands them to the game screen and keeps the clicks that pick in them, the picked
field and what a step earns (`FennView.step_gain`, kept per position on the view).
"""

from __future__ import annotations

from typing import Callable

from ..games.fenn import BLACK_FACES, BLACK_NAME, BLUE, DIE_FACES, DIE_NAMES, EXTRA, GOAL_FIELD, PASCH, PASS, RED, START_FIELD, STEP, Fenn, FennState
from ..games.fenn import StepGain
from ..games.notation import black_move, step_move
from ..i18n import _, ngettext
from .board_marks import HintValue
from .fenn_board import SEAT_CSS, die_icon, value_css, value_rank
from .fenn_words import colour, colour_word, start_value_sentence, value_short, value_text
from .svg import esc, tag
from .view import UIState

StepGainOf = Callable[[FennState, str], StepGain]  # the view's `step_gain`: what a legal step earns


def extra_html(game: Fenn, s: FennState, ui: UIState[FennState], selected: int | None, step_gain: StepGainOf) -> str:
    """What is shown below the board while a player moves: the Pasch's chooser or the banner of an
    extra step or a pass, then the faces of the picked field or every legal step as a list."""
    phase = s.phase
    seat = s.to_move
    hints = dict(ui.hints)
    parts = []
    if phase == PASCH:
        parts.append(pasch_html(game, s, hints))
    elif phase == EXTRA:
        start = game.turn_start_field(s)
        if start in START_FIELD:
            text = _("Extra step: the {colour} die shows {n} on field {n}. Step again, or end your turn.")
        else:
            text = _(
                "Extra step: the {colour} die shows {n} on field {n}. Step again (but not back to field {start}, where this turn began), or end your turn."
            )
        parts.append(tag("p", esc(text.format(colour=colour_word(seat), n=s.field_of(seat), start=start)), class_="fenn-banner extra"))
    elif phase == PASS:
        parts.append(tag("p", esc(_("No field is open to the {colour} die: pass.").format(colour=colour_word(seat))), class_="fenn-banner"))
    if selected is not None:
        parts.append(faces_html(game, s, selected, hints, step_gain))
    elif phase in (STEP, EXTRA):
        parts.append(steps_list_html(game, s, hints, step_gain))
    return "".join(parts)


def face_note(gain: StepGain) -> str:
    """What a step earns (the view's `step_gain`), as the face's button says it."""
    return {
        "win": _("wins!"),
        "pasch": _("Pasch"),
        "extra": _("extra step"),
        "blocked": _("no extra step possible"),
    }.get(gain, "")


def faces_html(game: Fenn, s: FennState, field: int, hints: dict[str, HintValue], step_gain: StepGainOf) -> str:
    """The faces the die may turn up on the picked field, each a button."""
    seat = s.to_move
    kind = SEAT_CSS[seat]
    buttons = []
    for face in game.faces_for(s, field):
        move = step_move(field, face)
        note = face_note(step_gain(s, move))
        code = hints.get(move)
        label = _("Turn {face} up").format(face=face)
        if note:
            label += ": " + note
        if code:
            label += " " + _("(hint: {value})").format(value=value_text(code))
        inner = die_icon(kind, face, 40) + tag("span", esc(str(face)), class_="fenn-face-number")
        if note:
            inner += tag("span", esc(note), class_="fenn-note")
        buttons.append(face_button(move, inner, label, code, hints, "fenn-face"))
    title = _("Field {n}: choose the new top of the {colour} die").format(n=field, colour=colour_word(seat))
    return chooser_html(title, buttons, "fenn-chooser", title)


def face_button(move: str, inner: str, label: str, code: HintValue | None, hints: dict[str, HintValue], css: str) -> str:
    """One face to choose, with the hint's value beside it (and marked when it is the best)."""
    if code:
        inner += tag("span", esc(value_text(code)), class_=f"fenn-value {value_css(code)}")
    best = " best" if code and is_best(code, hints) else ""
    return tag("button", inner, type="button", class_=css + best, data_target=move, aria_label=label)


def pasch_html(game: Fenn, s: FennState, hints: dict[str, HintValue]) -> str:
    """The chooser of the black die's new number after a Pasch."""
    buttons = []
    for face in game.pasch_faces(s):
        move = black_move(face)
        code = hints.get(move)
        label = _("Turn the black die to {n} (closes field {n})").format(n=face)
        if code:
            label += " " + _("(hint: {value})").format(value=value_text(code))
        inner = die_icon("black", face, 40) + tag("span", esc(str(face)), class_="fenn-face-number")
        inner += tag("span", esc(_("closes {n}").format(n=face)), class_="fenn-note")
        buttons.append(face_button(move, inner, label, code, hints, "fenn-face black"))
    title = _("Pasch! Your top matches the black die ({n}). Turn the black die to a new number, or end your turn and leave it.").format(n=s.black)
    return chooser_html(title, buttons, "fenn-chooser pasch", _("Pasch: turn the black die"))


def steps_list_html(game: Fenn, s: FennState, hints: dict[str, HintValue], step_gain: StepGainOf) -> str:
    """Every legal step as a button, grouped by field (the hint's values shown beside them)."""
    seat = s.to_move
    rows = []
    count = 0
    for status in game.field_statuses(s):
        if not status.enterable:
            continue
        buttons = []
        for face in status.faces:
            move = step_move(status.field, face)
            note = face_note(step_gain(s, move))
            code = hints.get(move)
            label = _("Step to field {field} and turn {face} up").format(field=status.field, face=face)
            text = str(face)
            if note:
                label += ": " + note
                text += " · " + note
            if code:
                label += " " + _("(hint: {value})").format(value=value_text(code))
                text += " · " + value_short(code)
            buttons.append(
                tag(
                    "button",
                    esc(text),
                    type="button",
                    class_="fenn-step" + (f" {value_css(code)}" if code else "") + (" best" if code and is_best(code, hints) else ""),
                    data_target=move,
                    aria_label=label,
                )
            )
            count += 1
        rows.append(tag("li", tag("span", esc(_("Field {n}").format(n=status.field)), class_="fenn-step-field") + "".join(buttons)))
    summary = ngettext("All {n} steps as a list", "All {n} steps as a list", count).format(n=count)
    return tag(
        "details",
        tag("summary", esc(summary)) + tag("ul", "".join(rows), class_="fenn-step-list"),
        class_="fenn-steps",
        open=bool(hints),
        data_colour=SEAT_CSS[seat],
    )


def is_best(code: HintValue, hints: dict[str, HintValue]) -> bool:
    """Whether a move's value is the best of all (only marked when some moves are worse)."""
    ranks = {value_rank(c) for t, c in hints.items() if not t.isdigit()}
    return len(ranks) > 1 and value_rank(code) == max(ranks)


def seat_summary(s: FennState, seat: int) -> str:
    """Where a seat's die stands and its top, in words (its panel's, a picture's line)."""
    field, face = s.field_of(seat), s.face_of(seat)
    where = _("beside the board") if field in START_FIELD else _("on field {n}").format(n=field)
    return _("{where}, shows {n}").format(where=where, n=face)


def table_summary(game: Fenn, s: FennState) -> list[str]:
    """What a picture of the position says besides the dice: a turn that goes on (a Pasch, an extra
    step) and the warning before a third repetition."""
    lines = []
    if s.outcome is None and s.phase == PASCH:
        lines.append(_("Pasch: the black die may be turned to a new number."))
    elif s.outcome is None and s.phase == EXTRA:
        lines.append(_("An extra step is due: the die may step again."))
    if game.repeats_to_draw(s) == 1:
        lines.append(_("This position has come up twice at the start of a turn: a third time ends the game in a draw."))
    return lines


def seat_details(s: FennState, seat: int) -> str:
    """A seat's die beside its name: where it stands, its top, its faces."""
    field, face = s.field_of(seat), s.face_of(seat)
    faces = " ".join(map(str, DIE_FACES[seat]))
    return tag(
        "span",
        die_icon(SEAT_CSS[seat], face, 22) + esc(seat_summary(s, seat)),
        class_="fenn-where",
        data_field=str(field),
        data_face=str(face),
    ) + tag("span", esc(_("die {name}: {faces}").format(name=DIE_NAMES[seat], faces=faces)), class_="fenn-faces-list")


def side_html(game: Fenn, s: FennState, names: list[str]) -> str:
    """Beside the board: the opening roll (or who was chosen to begin) with who wins the start with
    perfect play, the warning before a third repetition, and the dice and the marks explained."""
    parts = []
    opening = game.opening(s)
    if opening is not None:
        rolls, starter = opening.rolls, opening.starter
        dice = "".join(
            tag("span", die_icon("black", r, 30), class_="fenn-roll-die" + (" decisive" if i == len(rolls) - 1 else " rerolled"), style=f"--i:{i}")
            for i, r in enumerate(rolls)
        )
        roll_text = _("The black die was rolled until it showed {red} or {blue}: {rolls}. {colour} begins.").format(
            red=game.opening_face(RED), blue=game.opening_face(BLUE), rolls=", ".join(map(str, rolls)), colour=colour(starter)
        )
        chosen = opening.chosen
        if chosen:
            roll_text = _("{colour} begins, as chosen; the black die shows {n}.").format(colour=colour(starter), n=rolls[-1])
        parts.append(
            tag("h2", esc(_("Who begins") if chosen else _("Opening roll")))
            + tag("p", dice, class_="fenn-roll" + (" rolling" if not s.moves else ""), aria_hidden="true")
            + tag("p", esc(roll_text), class_="fenn-roll-text")
            + tag("p", esc(start_value_sentence(starter, rolls[-1])), class_="fenn-solved")
        )
    if game.repeats_to_draw(s) == 1:
        parts.append(
            tag("p", esc(_("This position has come up twice at the start of a turn: a third time ends the game in a draw.")), class_="fenn-banner repeat")
        )
    dice_rows = "".join(
        tag("li", die_icon(kind, None, 22) + esc(text))
        for kind, text in (
            (
                "blue",
                _("Blue: die {name}, faces {faces}; runs to field {goal}").format(
                    name=DIE_NAMES[BLUE], faces=" ".join(map(str, DIE_FACES[BLUE])), goal=GOAL_FIELD[BLUE]
                ),
            ),
            (
                "red",
                _("Red: die {name}, faces {faces}; runs to field {goal}").format(
                    name=DIE_NAMES[RED], faces=" ".join(map(str, DIE_FACES[RED])), goal=GOAL_FIELD[RED]
                ),
            ),
            ("black", _("Black: die {name}, faces {faces}").format(name=BLACK_NAME, faces=" ".join(map(str, BLACK_FACES)))),
        )
    )
    legend = tag(
        "ul",
        "".join(
            tag("li", esc(t))
            for t in (
                _(
                    "A small die above a field: that die's number closes the field. The black die's closes it to both, "
                    "the blue die's to red, the red die's to blue."
                ),
                _("Hatched with a no-entry sign: closed to the player to move."),
                _("A dashed die: where the latest turn began (no return to it during that turn)."),
                _("Tinted: the field of the last step."),
            )
        ),
    )
    parts.append(
        tag("details", tag("summary", esc(_("The dice and the marks"))) + tag("ul", dice_rows, class_="fenn-dice-list") + legend, class_="fenn-legend")
    )
    return tag("section", "".join(parts), class_="fenn-side", aria_label=_("Fenn: the start and the dice"))


def chooser_html(title: str, buttons: list[str], css: str, label: str) -> str:
    return tag(
        "div",
        tag("p", esc(title), class_="fenn-chooser-title") + tag("div", "".join(buttons), class_="fenn-faces"),
        class_=css,
        role="group",
        aria_label=label,
    )
