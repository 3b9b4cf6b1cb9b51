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

from .base import PositionError, Setup, is_ascii_number
from .fenn_board import BLACK_FACES, BLUE, COLOURS, DIE_FACES, DIE_NAMES, GOAL_FIELD, LETTERS, RED, START_FACE, START_FIELD
from .fenn_state import EXTRA, PASCH, STEP, FennPhase, FennState, turn_key


def position_text(s: FennState) -> str:
    tokens = [turn_key(s.blue, s.blue_face, s.red, s.red_face, s.black, s.to_move)]
    if s.phase == PASCH:
        tokens.append("pasch")
    elif s.phase == EXTRA:
        tokens.append(f"extra{s.turn_start}")
    if s.drawn:
        tokens.append("draw")
    return " ".join(tokens)


def parse_position(text: str) -> FennState:
    """The state `text` describes, its phase as written (the engine settles a new turn's into step
    or pass); PositionError naming the first thing wrong."""
    if not isinstance(text, str):
        raise PositionError("a position is text", rule="not-text")
    tokens = text.split(" ")
    if not 4 <= len(tokens) <= 6:
        raise PositionError("a Fenn position has 4 to 6 tokens: b<field>:<face> r<field>:<face> k<face> <b|r> [pasch|extra<field>] [draw]")
    blue, blue_face, red, red_face, black, to_move = _parse_dice(tokens[:4])
    winner = _position_winner(blue, red)
    phase, turn_start, drawn = _parse_turn_tokens(tokens[4:])
    if winner is not None and (phase != STEP or drawn):
        raise PositionError(f"{COLOURS[winner]} has reached the far end and won: no Pasch, extra step or draw follows")
    if drawn and phase != STEP:
        raise PositionError("a draw by repetition happens at the start of a turn, not after a Pasch or extra step")
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
        winner=winner,
        drawn=drawn,
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
        raise PositionError(f"the black die is written k<face> with a face of {faces_text(BLACK_FACES)}, not {black_text!r}")
    black = int(black_text[1:])
    if tokens[3] not in ("b", "r"):
        raise PositionError(f"the player to move is 'b' (blue) or 'r' (red), not {tokens[3]!r}")
    to_move = LETTERS.index(tokens[3])
    if blue == red:
        raise PositionError(f"both dice stand on field {blue}; a field holds one die")
    return blue, blue_face, red, red_face, black, to_move


def _position_winner(blue: int, red: int) -> int | None:
    """The seat whose die stands on the far end (it has won), None while nobody has."""
    if blue == GOAL_FIELD[BLUE] and red == GOAL_FIELD[RED]:
        raise PositionError("blue on field 9 and red on field 1: only one player can have won")
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
            raise PositionError(f"extra<field> names the field (0-10) the turn began on, not {'extra' + number!r}")
        phase, turn_start = EXTRA, int(number)
    if rest and rest[0] == "draw":
        drawn = True
        rest.pop(0)
    if rest:
        raise PositionError(f"unexpected token {rest[0]!r} (expected pasch, extra<field> or draw)")
    return phase, turn_start, drawn


def _check_turn_under_way(phase: FennPhase, seat: int, fields: tuple[int, int], faces: tuple[int, int], black: int, turn_start: int | None) -> None:
    """A Pasch or an extra step pending: the player to move has stepped this turn, onto a field it
    could enter, and shows what the pending step needs."""
    opp = 1 - seat
    field, face = fields[seat], faces[seat]
    if field == START_FIELD[seat]:
        raise PositionError(f"{COLOURS[seat]} is still beside the board: no step of this turn has been made")
    if field in (black, faces[opp]):
        raise PositionError(
            f"{COLOURS[seat]} stands on field {field}, which it could not have entered this turn (the black die or the other die shows {field})"
        )
    if phase == PASCH and face != black:
        raise PositionError(f"'pasch' needs {COLOURS[seat]}'s top to equal the black top ({face} is not {black})")
    if phase == EXTRA:
        if face != field:
            raise PositionError(f"'extra' needs {COLOURS[seat]}'s top to equal its field ({face} on field {field})")
        if turn_start == field or turn_start == fields[opp]:
            raise PositionError(f"the turn cannot have begun on field {turn_start}: a die stands there")
        possible = range(0, 9) if seat == BLUE else range(2, 11)  # never the far end: that ends the game
        if turn_start not in possible:
            raise PositionError(f"{COLOURS[seat]} cannot have begun its turn on field {turn_start}")


def _parse_die(token: str, seat: int) -> tuple[int, int]:
    letter, colour = LETTERS[seat], COLOURS[seat]
    example = "b0:5" if seat == BLUE else "r10:5"
    if not token.startswith(letter) or token.count(":") != 1:
        raise PositionError(f"the {colour} die is written {letter}<field>:<face> such as {example!r}, not {token!r}")
    field_text, face_text = token[1:].split(":")
    if not _is_number(field_text) or not _is_number(face_text):
        raise PositionError(f"the {colour} die is written {letter}<field>:<face> such as {example!r}, not {token!r}")
    field, face = int(field_text), int(face_text)
    allowed = range(0, 10) if seat == BLUE else range(1, 11)
    if field not in allowed:
        raise PositionError(f"the {colour} die stands on field {allowed[0]}-{allowed[-1]} ({START_FIELD[seat]}: beside the board), not {field}")
    if face not in DIE_FACES[seat]:
        raise PositionError(f"the {colour} die ({DIE_NAMES[seat]}) has faces {faces_text(DIE_FACES[seat])}, not {face}")
    if field == START_FIELD[seat] and face != START_FACE:
        raise PositionError(f"the {colour} die beside the board has not moved yet and shows {START_FACE}, not {face}")
    return field, face


def faces_text(faces: Iterable[int]) -> str:
    """Faces as the messages list them: "1 2 5 6 7 9"."""
    return " ".join(map(str, faces))
