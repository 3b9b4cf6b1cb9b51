"""Momox' position text (the notation of games/momox.py's docstring): a state written as text, an
observation's text with the chips it hides dealt afresh, and text read back into a state, with
every check that the text describes a position the rules can reach (tiles each once, a phase that
fits the figure's field and the yellow count, a turn that fits the round, results that fit the
tiles).

Its own module because writing and reading the notation is one thing, a quarter of the engine's
length, that the rules of play never need; the engine (games/momox.py) answers `position`,
`from_position` and `from_observation` with it.
"""

from __future__ import annotations

from random import Random

from .base import PositionError, Setup, is_ascii_number
from .momox_board import CENTRE, CHIP_VALUES, CIRCLES, COLOUR_LETTERS, COLOURS, FIELD_COUNT, TILE_VALUES, YELLOW_FIELDS
from .momox_state import (
    LIFT,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    OVER,
    PHASES,
    SHUFFLE,
    TILE,
    YELLOWS_FOR_SHUFFLE,
    MomoxPhase,
    MomoxState,
    first_seat,
    numbers_formed,
    open_circle_of,
    seat_of_turn,
    tile_beside,
)

Rows = tuple[tuple[int, ...], ...]  # a number per seat, per round
CHIP_DIGITS = "".join(str(v) for v in CHIP_VALUES)
TOKEN_CLIP = 20  # a refusal's params carry at most this much of a token (a hostile link may carry megabytes)


def position_text(s: MomoxState) -> str:
    if s.hidden:
        # An observation's text (a position link, a diagram's "try it") names only the chip
        # that lies open now: a chip seen earlier and covered again is the players' memory to
        # keep, and the game is a memory game. Which circles lie face up stays in `uncovered`.
        open_c = open_circle_of(s.seen)
        chips = "".join(str(s.chips[c]) if c == open_c and s.chips[c] else "?" for c in range(CIRCLES))
    else:
        chips = "".join(map(str, s.chips))
    tokens = [
        ",".join(map(str, s.figures)),
        ",".join("".join(map(str, reversed(held))) or "-" for held in s.tiles),
        "-" if s.outcome is not None else COLOUR_LETTERS[s.to_move],
        s.phase,
        f"t{s.turn}",
        f"y{s.yellows}",
        chips,
        "".join(str(c) for c, _ in s.seen) or "-",
    ]
    if s.several_rounds:
        tokens.append(f"r{s.round}/{s.rounds}")
        tokens.append("/".join(",".join(map(str, row)) for row in s.results) or "-")
    return " ".join(tokens)


def with_hidden_chips_dealt(text: str, rng: Random) -> str:
    """An observation's text with the chips it hides (`?`) laid out afresh by `rng` from the values
    it does not show (other text unchanged, for `parse_position` to judge)."""
    if not isinstance(text, str):
        raise PositionError("a position is text", rule="not-text")
    tokens = text.split(" ")
    if len(tokens) >= 8 and "?" in tokens[6]:
        chips_text = tokens[6]
        _check_chips_text(chips_text)
        missing = [str(v) for v in CHIP_VALUES if str(v) not in chips_text]
        rng.shuffle(missing)
        dealt = iter(missing)
        tokens[6] = "".join(next(dealt) if ch == "?" else ch for ch in chips_text)
    return " ".join(tokens)


def parse_position(text: str) -> MomoxState:
    """The state a position text describes; PositionError says what is wrong with it."""
    if not isinstance(text, str):
        raise PositionError("a position is text", rule="not-text")
    tokens = text.split(" ")
    if len(tokens) not in (8, 10):
        raise PositionError(
            "a Momox position has 8 tokens (figures, tiles, to move, phase, t<turn>, y<yellows>, chips, "
            "uncovered), then r<round>/<rounds> and results when several rounds are played",
            rule="token-count",
            count=len(tokens),
        )
    figures_text, tiles_text, to_move_text, phase_text, turn_text, yellows_text, chips_text, uncovered_text = tokens[:8]
    figures = _parse_figures(figures_text)
    players = len(figures)
    tiles = _parse_tiles(tiles_text, players)
    phase = _parse_phase(phase_text)
    turn, yellows = _parse_turn_and_yellows(turn_text, yellows_text)
    chips, uncovered = _parse_chips(chips_text, uncovered_text)
    round_number, rounds, results = _parse_rounds(tokens[8:], players, phase)
    if phase == OVER:
        to_move, results = _check_over(to_move_text, tiles, yellows, round_number, rounds, results)
    else:
        to_move = _parse_to_move(to_move_text, players)
        _check_turn_under_way(phase, to_move, figures[to_move], tiles, yellows, uncovered)
    turn_seat = seat_of_turn(round_number, turn, players)
    if turn_seat != to_move:
        who = "the finisher" if phase == OVER else "the seat to move"
        begins = first_seat(round_number, players)
        raise PositionError(
            f"turn {turn} of round {round_number} is {COLOURS[turn_seat]}'s (round {round_number} begins with "
            f"{COLOURS[begins]}), but {who} is {COLOURS[to_move]}",
            rule="turn-seat",
            turn=turn,
            round=round_number,
            seat=to_move,
            turn_seat=turn_seat,
            first_seat=begins,
        )
    setup = Setup(players=players, seed=None, position=text)
    return MomoxState(
        setup=setup,
        figures=figures,
        tiles=tiles,
        to_move=to_move,
        phase=phase,
        yellows=yellows,
        turn=turn,
        chips=chips,
        seen=tuple((c, chips[c]) for c in uncovered),
        round=round_number,
        rounds=rounds,
        results=results,
    )


def _is_plain_number(text: str) -> bool:
    """Digits without a leading zero, so that reading and writing give the same text."""
    return is_ascii_number(text) and len(text) <= 6 and str(int(text)) == text


def _is_round_number(n: int) -> bool:
    digits = str(n)
    if n == 0:
        return True
    return len(set(digits)) == len(digits) and set(digits) <= set("1234")


def _parse_figures(text: str) -> tuple[int, ...]:
    figure_texts = text.split(",")
    if not MIN_PLAYERS <= len(figure_texts) <= MAX_PLAYERS:
        raise PositionError(
            f"figures: give the field of each of the {MIN_PLAYERS} to {MAX_PLAYERS} figures, ',' between, not {text!r}",
            rule="figure-count",
            count=len(figure_texts),
            figures=text[:TOKEN_CLIP],
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
        )
    if not all(_is_plain_number(f) and int(f) < FIELD_COUNT for f in figure_texts):
        raise PositionError(
            f"figures: each figure stands on a field 0-{FIELD_COUNT - 1}, not {text!r}",
            rule="figure-field",
            last=FIELD_COUNT - 1,
            figures=text[:TOKEN_CLIP],
        )
    return tuple(int(f) for f in figure_texts)


def _parse_tiles(text: str, players: int) -> tuple[tuple[int, ...], ...]:
    tile_texts = text.split(",")
    if len(tile_texts) != players:
        raise PositionError(
            f"tiles: give the tiles of each of the {players} seats, ',' between",
            rule="tile-seats",
            players=players,
            count=len(tile_texts),
        )
    tiles = []
    for seat, held_text in enumerate(tile_texts):
        # The text is the number formed: its last digit is the tile taken first.
        held = () if held_text == "-" else tuple(int(ch) for ch in reversed(held_text) if ch in "0123456789")
        if held_text != "-" and (not held_text or len(held) != len(held_text) or len(set(held)) != len(held) or not set(held) <= set(TILE_VALUES)):
            raise PositionError(
                f"tiles: {COLOURS[seat]} holds {held_text!r}; write the number its tiles form (digits 1-4, each once, the tile taken first last), or '-'",
                rule="tiles",
                seat=seat,
                tiles=held_text[:TOKEN_CLIP],
            )
        tiles.append(held)
    return tuple(tiles)


def _parse_phase(text: str) -> MomoxPhase:
    for phase in PHASES:
        if text == phase:
            return phase
    raise PositionError(f"phase must be one of {', '.join(PHASES)}, not {text!r}", rule="phase", phase=text[:TOKEN_CLIP])


def _parse_turn_and_yellows(turn_text: str, yellows_text: str) -> tuple[int, int]:
    if not (yellows_text.startswith("y") and _is_plain_number(yellows_text[1:])):
        raise PositionError(
            f"yellows: write y and the yellow fields landed on in this turn, such as y0, not {yellows_text!r}",
            rule="yellows",
            yellows=yellows_text[:TOKEN_CLIP],
        )
    if not (turn_text.startswith("t") and _is_plain_number(turn_text[1:]) and turn_text != "t0"):
        raise PositionError(f"turn: write t and the turn of this round, from t1, not {turn_text!r}", rule="turn", turn=turn_text[:TOKEN_CLIP])
    return int(turn_text[1:]), int(yellows_text[1:])


def _check_chips_text(chips_text: str) -> None:
    """Six chips on circles 0-5: the values 1-6, each at most once, '?' for a covered one (which
    only an observation writes; `_parse_chips` refuses it after this check). Both readers check
    so, that a malformed chips token is refused alike, with or without '?'."""
    values = [ch for ch in chips_text if ch != "?"]
    if len(chips_text) != CIRCLES or not all(ch in CHIP_DIGITS for ch in values) or len(set(values)) != len(values):
        raise PositionError(
            f"chips: write the values 1-6 once each, on circles 0-5, such as 352614 ('?' for a hidden one in an observation), not {chips_text!r}",
            rule="chips",
            chips=chips_text[:TOKEN_CLIP],
        )


def _parse_chips(chips_text: str, uncovered_text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The chips on circles 0-5 and the circles uncovered, least recently first."""
    _check_chips_text(chips_text)
    if "?" in chips_text:
        raise PositionError(
            "chips: a position must name every chip ('?' marks an observation, which cannot be read back)",
            rule="chips-hidden",
            chips=chips_text,
        )
    chips = tuple(int(ch) for ch in chips_text)
    if uncovered_text == "-":
        return chips, ()
    if not all(ch in "012345"[:CIRCLES] for ch in uncovered_text) or len(set(uncovered_text)) != len(uncovered_text):
        raise PositionError(
            f"uncovered: list circles 0-5, each at most once, or '-', not {uncovered_text!r}",
            rule="uncovered",
            uncovered=uncovered_text[:TOKEN_CLIP],
        )
    uncovered = tuple(int(ch) for ch in uncovered_text)
    if uncovered == (CENTRE,):
        raise PositionError("uncovered: the centre can be uncovered only after another circle was", rule="centre-uncovered-first")
    return chips, uncovered


def _parse_rounds(tokens: list[str], players: int, phase: MomoxPhase) -> tuple[int, int, Rows]:
    """The tokens `r<round>/<rounds>` and the results of the finished rounds, if given:
    (round, rounds, results); (1, 1, ()) for a game of one round."""
    if not tokens:
        return 1, 1, ()
    round_text, results_text = tokens
    parts = round_text[1:].split("/")
    if not round_text.startswith("r") or len(parts) != 2 or not all(_is_plain_number(p) for p in parts):
        raise PositionError(f"rounds: write r<round>/<rounds> such as r2/3, not {round_text!r}", rule="rounds", rounds=round_text[:TOKEN_CLIP])
    round_number, rounds = int(parts[0]), int(parts[1])
    if not 2 <= rounds <= MAX_ROUNDS or not 1 <= round_number <= rounds:
        raise PositionError(
            f"rounds: round {round_number} of {rounds} is not a round of a 2-{MAX_ROUNDS} round game",
            rule="round-range",
            round=round_number,
            rounds=rounds,
            max_rounds=MAX_ROUNDS,
        )
    results: Rows = ()
    if results_text != "-":
        rows = []
        for row_text in results_text.split("/"):
            row = row_text.split(",")
            if len(row) != players or not all(_is_plain_number(n) and _is_round_number(int(n)) for n in row):
                raise PositionError(
                    f"results: each finished round lists {players} numbers formed of tiles 1-4, not {row_text!r}",
                    rule="result-row",
                    players=players,
                    row=row_text[:TOKEN_CLIP],
                )
            if sum(len(n) == len(TILE_VALUES) for n in row) != 1:
                raise PositionError(
                    f"results: in each finished round exactly one player holds four tiles, not {row_text!r}",
                    rule="result-finisher",
                    row=row_text[:TOKEN_CLIP],
                )
            rows.append(tuple(int(n) for n in row))
        results = tuple(rows)
    finished_expected = round_number if phase == OVER else round_number - 1
    if len(results) != finished_expected:
        raise PositionError(
            f"results: round {round_number} needs the numbers of {finished_expected} finished rounds",
            rule="result-count",
            round=round_number,
            finished=finished_expected,
            given=len(results),
        )
    return round_number, rounds, results


def _check_over(to_move_text: str, tiles: Rows, yellows: int, round_number: int, rounds: int, results: Rows) -> tuple[int, Rows]:
    """A game that is over: (the finisher, the results with the last round's numbers)."""
    complete = [seat for seat, held in enumerate(tiles) if len(held) == len(TILE_VALUES)]
    if to_move_text != "-":
        raise PositionError("to move: '-' once the game is over", rule="over-to-move", to_move=to_move_text[:TOKEN_CLIP])
    if len(complete) != 1:
        raise PositionError("over: exactly one player holds all four tiles (the one who ended the round)", rule="over-finisher", complete=len(complete))
    if round_number != rounds:
        raise PositionError("over: the game ends only after its last round", rule="over-before-last-round", round=round_number, rounds=rounds)
    if yellows:
        raise PositionError("over: the yellow count is y0 once the game is over", rule="over-yellows", yellows=yellows)
    numbers = numbers_formed(tiles)
    if rounds == 1:
        results = (numbers,)
    elif results[-1] != numbers:
        raise PositionError(
            "results: the last round's numbers must be those formed by the tiles on the board",
            rule="over-results",
            numbers=numbers,
            given=results[-1],
        )
    return complete[0], results


def _parse_to_move(text: str, players: int) -> int:
    if len(text) != 1 or text not in COLOUR_LETTERS[:players]:
        raise PositionError(
            f"to move must be one of {', '.join(COLOUR_LETTERS[:players])}, not {text!r}",
            rule="to-move",
            letters=", ".join(COLOUR_LETTERS[:players]),
            to_move=text[:TOKEN_CLIP],
        )
    return COLOUR_LETTERS.index(text)


def _check_turn_under_way(phase: MomoxPhase, to_move: int, field: int, tiles: Rows, yellows: int, uncovered: tuple[int, ...]) -> None:
    """A round in play: nobody holds four tiles yet, and the phase fits the figure's field and the
    bowls lifted this turn."""
    complete = [seat for seat, held in enumerate(tiles) if len(held) == len(TILE_VALUES)]
    if complete:
        raise PositionError("a player holding all four tiles has ended the round: use phase 'over'", rule="four-tiles-in-play", seat=complete[0])
    if not uncovered and (phase in (TILE, SHUFFLE) or yellows):
        raise PositionError(
            f"phase {phase} y{yellows}: a bowl was lifted this turn, so some chip lies face up", rule="nothing-uncovered", phase=phase, yellows=yellows
        )
    if phase == TILE and not tile_beside(field, to_move, tiles[to_move]):
        raise PositionError(
            f"phase tile: {COLOURS[to_move]}'s figure must stand on a corner beside which a tile of its colour lies",
            rule="no-tile-beside",
            seat=to_move,
            field=field,
        )
    if phase == LIFT and yellows and field not in YELLOW_FIELDS:
        raise PositionError(
            f"y{yellows}: a turn goes on after yellow fields only while the figure stands on one",
            rule="yellows-off-yellow",
            yellows=yellows,
            seat=to_move,
            field=field,
        )
    if phase == SHUFFLE and yellows < YELLOWS_FOR_SHUFFLE:
        raise PositionError(f"phase shuffle needs y{YELLOWS_FOR_SHUFFLE} or more", rule="shuffle-yellows", needed=YELLOWS_FOR_SHUFFLE, yellows=yellows)
