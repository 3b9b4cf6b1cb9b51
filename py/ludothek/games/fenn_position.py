"""Fenn's position text (the notation of games/fenn.py's docstring): a state written as text, and
text read back into a state, with every check that the text describes a position the rules can
reach (dice on fields they may stand on with faces they have, one die a field, at most one winner,
a Pasch or an extra step only where the step before could have earned it).

Its own module because writing and reading the notation is one thing, a fifth of the engine's
length, that the rules of play never need; the engine (games/fenn.py) answers `position` and
`from_position` with it (and, as only the rules know the legal steps, refuses an extra step that
has none).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from .base import PositionError, Setup, is_ascii_number
from .fenn_board import BLACK_FACES, BLUE, COLOURS, DIE_FACES, DIE_NAMES, GOAL_FIELD, LETTERS, RED, START_FACE, START_FIELD, opponent
from .fenn_state import DRAWN, EXTRA, PASCH, STEP, FennPhase, FennState, turn_key, won


class FennPositionRule(StrEnum):
    """Why a text is not a Fenn position (`PositionError.rule`): the view's `position_error_texts`
    are keyed by these; `EXTRA_NO_STEP` is the engine's (only the rules know the legal steps)."""

    NOT_TEXT = "not-text"  # not text at all (worded by the views' common texts)
    SPACES = "spaces"
    TOKEN_COUNT = "token-count"
    AFTER_WIN = "after-win"
    DRAW_MID_TURN = "draw-mid-turn"
    BLACK_DIE = "black-die"
    TO_MOVE = "to-move"
    SAME_FIELD = "same-field"
    BOTH_WON = "both-won"
    EXTRA_FIELD = "extra-field"
    UNEXPECTED_TOKEN = "unexpected-token"
    NO_STEP_YET = "no-step-yet"
    NOT_ENTERABLE = "not-enterable"
    PASCH_TOP = "pasch-top"
    EXTRA_TOP = "extra-top"
    EXTRA_START_TAKEN = "extra-start-taken"
    EXTRA_START_OFF = "extra-start-off"
    DIE_TOKEN = "die-token"
    DIE_FIELD = "die-field"
    DIE_FACE = "die-face"
    START_FACE = "start-face"
    EXTRA_NO_STEP = "extra-no-step"


def position_text(s: FennState) -> str:
    tokens = [turn_key(s.blue, s.blue_face, s.red, s.red_face, s.black, s.to_move)]
    if s.phase == PASCH:
        tokens.append("pasch")
    elif s.phase == EXTRA:
        tokens.append(f"extra{s.turn_start}")
    if s.outcome == DRAWN:
        tokens.append("draw")
    return " ".join(tokens)


def parse_position(text: str) -> FennState:
    """The state `text` describes, its phase as written (the engine settles a new turn's into step
    or pass); PositionError naming the first thing wrong."""
    if not isinstance(text, str):
        raise PositionError("a position is text", rule=FennPositionRule.NOT_TEXT)
    tokens = text.split(" ")
    if len(tokens) > 1 and "" in tokens:
        raise PositionError("the tokens of a position are separated by single spaces, with none before or after", rule=FennPositionRule.SPACES)
    if not 4 <= len(tokens) <= 6:
        raise PositionError(
            "a Fenn position has 4 to 6 tokens: b<field>:<face> r<field>:<face> k<face> <b|r> [pasch|extra<field>] [draw]",
            rule=FennPositionRule.TOKEN_COUNT,
            count=len(tokens),
        )
    blue, blue_face, red, red_face, black, to_move = _parse_dice(tokens[:4])
    winner = _position_winner(blue, red)
    phase, turn_start, drawn = _parse_turn_tokens(tokens[4:])
    if winner is not None and (phase != STEP or drawn):
        raise PositionError(
            f"{COLOURS[winner]} has reached the far end and won: no Pasch, extra step or draw follows", rule=FennPositionRule.AFTER_WIN, seat=winner
        )
    if drawn and phase != STEP:
        raise PositionError("a draw by repetition happens at the start of a turn, not after a Pasch or extra step", rule=FennPositionRule.DRAW_MID_TURN)
    if phase != STEP:
        _check_turn_under_way(phase, to_move, (blue, red), (blue_face, red_face), black, turn_start)
    return FennState(
        setup=Setup(players=2, seed=None, position=text),
        blue=blue,
        blue_face=blue_face,
        red=red,
        red_face=red_face,
        black=black,
        to_move=to_move,
        phase=phase,
        turn_start=turn_start,
        outcome=won(winner) if winner is not None else DRAWN if drawn else None,
        history=(turn_key(blue, blue_face, red, red_face, black, to_move),) if phase == STEP else (),
    )


def _is_number(text: str) -> bool:
    """A plain decimal number without sign or leading zero (so every field has one spelling)."""
    return is_ascii_number(text) and len(text) <= 6 and str(int(text)) == text


def _parse_dice(tokens: list[str]) -> tuple[int, int, int, int, int, int]:
    """A position's first four tokens, the dice and the player to move: (blue field, blue face,
    red field, red face, black face, seat to move)."""
    blue, blue_face = _parse_die(tokens[0], BLUE)
    red, red_face = _parse_die(tokens[1], RED)
    black_text = tokens[2]
    if not black_text.startswith("k") or not _is_number(black_text[1:]) or int(black_text[1:]) not in BLACK_FACES:
        raise PositionError(
            f"the black die is written k<face> with a face of {faces_text(BLACK_FACES)}, not {black_text!r}",
            rule=FennPositionRule.BLACK_DIE,
            faces=faces_text(BLACK_FACES),
            token=_clipped(black_text),
        )
    black = int(black_text[1:])
    if tokens[3] not in ("b", "r"):
        raise PositionError(f"the player to move is 'b' (blue) or 'r' (red), not {tokens[3]!r}", rule=FennPositionRule.TO_MOVE, token=_clipped(tokens[3]))
    to_move = LETTERS.index(tokens[3])
    if blue == red:
        raise PositionError(f"both dice stand on field {blue}; a field holds one die", rule=FennPositionRule.SAME_FIELD, field=blue)
    return blue, blue_face, red, red_face, black, to_move


def _position_winner(blue: int, red: int) -> int | None:
    """The seat whose die stands on the far end (it has won), None while nobody has."""
    if blue == GOAL_FIELD[BLUE] and red == GOAL_FIELD[RED]:
        raise PositionError("blue on field 9 and red on field 1: only one player can have won", rule=FennPositionRule.BOTH_WON)
    if blue == GOAL_FIELD[BLUE]:
        return BLUE
    if red == GOAL_FIELD[RED]:
        return RED
    return None


def _parse_turn_tokens(rest: list[str]) -> tuple[FennPhase, int | None, bool]:
    """The optional tokens `pasch` or `extra<field>`, then `draw`: (phase, the field the turn began
    on for an extra step, drawn)."""
    phase: FennPhase = STEP
    turn_start, drawn = None, False
    if rest and rest[0] == "pasch":
        phase = PASCH
        rest.pop(0)
    elif rest and rest[0].startswith("extra"):
        number = rest.pop(0)[5:]
        if not _is_number(number) or not 0 <= int(number) <= 10:
            raise PositionError(
                f"extra<field> names the field (0-10) the turn began on, not {'extra' + number!r}",
                rule=FennPositionRule.EXTRA_FIELD,
                token=_clipped("extra" + number),
            )
        phase, turn_start = EXTRA, int(number)
    if rest and rest[0] == "draw":
        drawn = True
        rest.pop(0)
    if rest:
        raise PositionError(
            f"unexpected token {rest[0]!r} (expected pasch, extra<field> or draw)", rule=FennPositionRule.UNEXPECTED_TOKEN, token=_clipped(rest[0])
        )
    return phase, turn_start, drawn


def _check_turn_under_way(phase: FennPhase, seat: int, fields: tuple[int, int], faces: tuple[int, int], black: int, turn_start: int | None) -> None:
    """A Pasch or an extra step pending: the player to move has stepped this turn, onto a field it
    could enter, and shows what the pending step needs."""
    opp = opponent(seat)
    field, face = fields[seat], faces[seat]
    if field == START_FIELD[seat]:
        raise PositionError(f"{COLOURS[seat]} is still beside the board: no step of this turn has been made", rule=FennPositionRule.NO_STEP_YET, seat=seat)
    if field in (black, faces[opp]):
        raise PositionError(
            f"{COLOURS[seat]} stands on field {field}, which it could not have entered this turn (the black die or the other die shows {field})",
            rule=FennPositionRule.NOT_ENTERABLE,
            seat=seat,
            field=field,
        )
    if phase == PASCH and face != black:
        raise PositionError(
            f"'pasch' needs {COLOURS[seat]}'s top to equal the black top ({face} is not {black})",
            rule=FennPositionRule.PASCH_TOP,
            seat=seat,
            face=face,
            black=black,
        )
    if phase == EXTRA:
        if face != field:
            raise PositionError(
                f"'extra' needs {COLOURS[seat]}'s top to equal its field ({face} on field {field})",
                rule=FennPositionRule.EXTRA_TOP,
                seat=seat,
                face=face,
                field=field,
            )
        if turn_start == field or turn_start == fields[opp]:
            raise PositionError(
                f"the turn cannot have begun on field {turn_start}: a die stands there", rule=FennPositionRule.EXTRA_START_TAKEN, field=turn_start
            )
        possible = range(0, 9) if seat == BLUE else range(2, 11)  # never the far end: that ends the game
        if turn_start not in possible:
            raise PositionError(
                f"{COLOURS[seat]} cannot have begun its turn on field {turn_start}", rule=FennPositionRule.EXTRA_START_OFF, seat=seat, field=turn_start
            )


def _parse_die(token: str, seat: int) -> tuple[int, int]:
    letter, colour = LETTERS[seat], COLOURS[seat]
    example = "b0:5" if seat == BLUE else "r10:5"
    field_text, _colon, face_text = token[1:].partition(":")
    if not token.startswith(letter) or ":" in face_text or not _is_number(field_text) or not _is_number(face_text):
        raise PositionError(
            f"the {colour} die is written {letter}<field>:<face> such as {example!r}, not {token!r}",
            rule=FennPositionRule.DIE_TOKEN,
            seat=seat,
            letter=letter,
            example=example,
            token=_clipped(token),
        )
    field, face = int(field_text), int(face_text)
    allowed = range(0, 10) if seat == BLUE else range(1, 11)
    if field not in allowed:
        raise PositionError(
            f"the {colour} die stands on field {allowed[0]}-{allowed[-1]} ({START_FIELD[seat]}: beside the board), not {field}",
            rule=FennPositionRule.DIE_FIELD,
            seat=seat,
            field=field,
            lo=allowed[0],
            hi=allowed[-1],
            start=START_FIELD[seat],
        )
    if face not in DIE_FACES[seat]:
        raise PositionError(
            f"the {colour} die ({DIE_NAMES[seat]}) has faces {faces_text(DIE_FACES[seat])}, not {face}",
            rule=FennPositionRule.DIE_FACE,
            seat=seat,
            name=DIE_NAMES[seat],
            faces=faces_text(DIE_FACES[seat]),
            face=face,
        )
    if field == START_FIELD[seat] and face != START_FACE:
        raise PositionError(
            f"the {colour} die beside the board has not moved yet and shows {START_FACE}, not {face}",
            rule=FennPositionRule.START_FACE,
            seat=seat,
            face=face,
            start_face=START_FACE,
        )
    return field, face


def _clipped(token: str) -> str:
    """A token of the text as an error's param: at most 20 characters (a link may carry megabytes)."""
    return token if len(token) <= 20 else token[:19] + "…"


def faces_text(faces: Iterable[int]) -> str:
    """Faces as the messages list them: "1 2 5 6 7 9"."""
    return " ".join(map(str, faces))
