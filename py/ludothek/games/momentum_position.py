"""Momentum's position notation: a state written as text (`position_text`) and read back
(`parse_position`), as the engine's `position` and `from_position` (games/momentum.py). Text is
never trusted: every token is checked, and text that is no position of the game is refused with
a PositionError naming its rule (the view words it: render/momentum.py `position_error_texts`).

    <W>x<H> <ranks top to bottom, '/' between> <to move> <hands in seat order, ','> [pie|swap] [r<round>/<limit>]

Cells: `.` empty, `R` `B` `G` stones, `x` hole, `d` damper, `p` buffer. `pie`: the pie rule is
in force and not yet due; `swap`: the player to move may use it now. `r<round>/<limit>`: the
optional round limit is on, `<round>` is the round being played (beyond the limit: over).
"""

from __future__ import annotations

from typing import Literal

from .base import PositionError, Setup, is_ascii_number
from .momentum_state import BUFFER, DAMPER, EMPTY, HOLE, MAX_ROUND_LIMIT, MAX_SPECIALS, OVER, PIE_PLAYERS, PLACE, PLACE_OR_SWAP, SEAT_LETTERS, SIZES
from .momentum_state import STONE_CHARS, STONES_PER_PLAYER, MomentumPhase, MomentumState, round_limit_winners
from .seats import SEAT_COLOURS as GAME_SEAT_COLOURS

SEAT_COLOURS = GAME_SEAT_COLOURS["momentum"]  # the seats' colours, for the English messages

# The notation's token for the pie rule: `pie` before the first stone, `swap` while it may be used.
PieToken = Literal["pie", "swap"]


def pie_token(s: MomentumState) -> PieToken | None:
    """The pie rule's token of the notation for `s` (None: the pie rule is off or past)."""
    return "pie" if s.swap_ahead else "swap" if s.phase == PLACE_OR_SWAP else None


def pie_phase(token: PieToken | None) -> tuple[MomentumPhase, bool]:
    """The phase and `swap_ahead` a game not over has with the pie rule's token `token`."""
    return (PLACE_OR_SWAP if token == "swap" else PLACE), token == "pie"


def pie_token_holds(token: PieToken, board: str, to_move: int) -> bool:
    """Whether the pie rule's token fits a two-player position: `pie` an empty board with red to
    move, `swap` one red stone alone with blue to move (the second player's first turn)."""
    stones = sum(c in STONE_CHARS for c in board)
    if token == "pie":
        return stones == 0 and to_move == 0
    return stones == 1 and board.count(SEAT_LETTERS[0]) == 1 and to_move == 1


def position_text(s: MomentumState) -> str:
    """`s` in the notation (the engine's `position`)."""
    ranks = [s.board[r * s.width : (r + 1) * s.width] for r in range(s.height - 1, -1, -1)]
    tokens = [f"{s.width}x{s.height}", "/".join(ranks), SEAT_LETTERS[s.to_move], ",".join(map(str, s.hands))]
    token = pie_token(s)
    if token is not None:
        tokens.append(token)
    if s.round_limit:
        tokens.append(f"r{s.round}/{s.round_limit}")
    return " ".join(tokens)


def parse_position(text: str) -> MomentumState:
    """The state a position text describes, every token checked (the engine's `from_position`)."""
    if not isinstance(text, str):
        raise PositionError("a position is text", rule="not-text")
    tokens = text.split(" ")
    if len(tokens) < 4 or len(tokens) > 6:
        raise PositionError(
            "a Momentum position has 4 to 6 tokens: size, board, player to move, hands, [pie|swap], [r<round>/<limit>]",
            rule="token-count",
            count=len(tokens),
        )
    size, ranks_text, to_move_text, hands_text, *extra = tokens
    width, height, board = _parse_board(size, ranks_text)
    hands = _parse_hands(hands_text)
    players = len(hands)
    if to_move_text not in SEAT_LETTERS[:players] or len(to_move_text) != 1:
        letters = ", ".join(SEAT_LETTERS[:players])
        raise PositionError(f"player to move must be one of {letters}, not {to_move_text!r}", rule="to-move", letters=letters, token=to_move_text[:20])
    _check_stones(board, size, hands)
    to_move = SEAT_LETTERS.index(to_move_text)
    token, round_number, round_limit = _parse_extra(extra, board, to_move, players)
    phase, swap_ahead = pie_phase(token)
    winners = _position_result(board, to_move, hands, round_number, round_limit)
    if winners is not None:
        phase = OVER
    return MomentumState(
        setup=Setup(players=players, seed=None, position=text),
        width=width,
        height=height,
        board=board,
        to_move=to_move,
        hands=hands,
        phase=phase,
        swap_ahead=swap_ahead,
        round=round_number,
        round_limit=round_limit,
        winners=winners or (),
    )


def _parse_board(size: str, ranks_text: str) -> tuple[int, int, str]:
    """A position's size and board tokens: (width, height, the board's cells from rank 1)."""
    if size not in SIZES:
        raise PositionError(f"board size must be one of {', '.join(SIZES)}, not {size!r}", rule="board-size", token=size[:20], sizes=tuple(SIZES))
    width, height = SIZES[size]
    ranks = ranks_text.split("/")
    if len(ranks) != height or any(len(r) != width for r in ranks):
        raise PositionError(f"a {size} board needs {height} ranks of {width} cells separated by '/'", rule="board-shape", size=size, height=height, width=width)
    board = "".join(reversed(ranks))
    bad = set(board) - STONE_CHARS - {EMPTY, HOLE, DAMPER, BUFFER}
    if bad:
        raise PositionError(f"unknown cell content {sorted(bad)[0]!r} (use . R B G x d p)", rule="cell-content", token=sorted(bad)[0])
    return width, height, board


def _parse_hands(hands_text: str) -> tuple[int, ...]:
    hand_texts = hands_text.split(",")
    counts = tuple(STONES_PER_PLAYER)  # the player counts the rulebook deals stones for
    if len(hand_texts) not in counts or not all(is_ascii_number(h) and len(h) <= 3 for h in hand_texts):
        raise PositionError(
            f"hands must be {' or '.join(map(str, counts))} numbers separated by ',' (stones in hand per seat)",
            rule="hands",
            token=hands_text[:20],
            counts=counts,
        )
    return tuple(int(h) for h in hand_texts)


def _check_stones(board: str, size: str, hands: tuple[int, ...]) -> None:
    """Only the seats' colours on the board, each seat's stones (board and hand) as dealt, and
    not too many special cells."""
    players = len(hands)
    letters_present = {c for c in board if c in STONE_CHARS}
    if any(SEAT_LETTERS.index(c) >= players for c in letters_present):
        raise PositionError(f"a {players}-player position holds no green stones", rule="green-stones", players=players)
    total = STONES_PER_PLAYER[players][size]
    for seat in range(players):
        on_board = board.count(SEAT_LETTERS[seat])
        if on_board + hands[seat] != total:
            raise PositionError(
                f"{SEAT_COLOURS[seat]} has {on_board} stones on the board and {hands[seat]} in hand; a {players}-player {size} game gives each player {total}",
                rule="stone-count",
                seat=seat,
                on_board=on_board,
                in_hand=hands[seat],
                players=players,
                size=size,
                total=total,
            )
    specials = sum(c not in STONE_CHARS and c != EMPTY for c in board)
    if specials > MAX_SPECIALS:
        raise PositionError(f"at most {MAX_SPECIALS} special cells", rule="special-count", count=specials, limit=MAX_SPECIALS)


def _parse_extra(extra: list[str], board: str, to_move: int, players: int) -> tuple[PieToken | None, int, int]:
    """The optional tokens `pie`/`swap` and `r<round>/<limit>`: (pie token, round, round limit)."""
    token: PieToken | None = None
    round_number, round_limit = 1, 0
    rest = list(extra)
    if rest and rest[0] in ("pie", "swap"):
        token = "pie" if rest.pop(0) == "pie" else "swap"
        if players not in PIE_PLAYERS:
            raise PositionError(
                f"the pie rule is only played with {' or '.join(map(str, PIE_PLAYERS))} players",
                rule="pie-players",
                players=players,
                pie_players=PIE_PLAYERS,
            )
        if not pie_token_holds(token, board, to_move):
            stones = sum(c in STONE_CHARS for c in board)
            if token == "pie":
                raise PositionError("'pie' (not yet due) needs an empty board with red to move", rule="pie-start", stones=stones)
            raise PositionError("'swap' needs exactly one red stone on the board and blue to move", rule="swap-start", stones=stones)
    if rest:
        text = rest.pop(0)
        parts = text[1:].split("/")
        if not text.startswith("r") or len(parts) != 2 or not all(is_ascii_number(p) and len(p) <= 4 for p in parts):
            raise PositionError(f"unknown token {text!r} (expected pie, swap or r<round>/<limit>)", rule="extra-token", token=text[:20])
        round_number, round_limit = int(parts[0]), int(parts[1])
        if not 1 <= round_limit <= MAX_ROUND_LIMIT or not 1 <= round_number <= round_limit + 1:
            raise PositionError(
                f"round {round_number} of limit {round_limit} is not a valid round count",
                rule="round-count",
                round=round_number,
                limit=round_limit,
                max_limit=MAX_ROUND_LIMIT,
            )
    if rest:
        raise PositionError(f"unexpected token {rest[0]!r}", rule="extra-token", token=rest[0][:20])
    return token, round_number, round_limit


def _position_result(board: str, to_move: int, hands: tuple[int, ...], round_number: int, round_limit: int) -> tuple[int, ...] | None:
    """The winners of a position that is over (the last mover's hand is empty: they won; or
    the round limit is past), None while it goes on."""
    players = len(hands)
    empty_hands = [i for i, h in enumerate(hands) if h == 0]
    if empty_hands:
        previous = (to_move - 1) % players
        if empty_hands != [previous]:
            raise PositionError("only the player who moved last can have an empty hand (that player has won)", rule="empty-hand", seat=previous)
        return (previous,)
    if round_limit and round_number > round_limit:
        if to_move != 0:
            raise PositionError(
                "a game past its round limit ends after the last seat's turn (red to move)", rule="past-round-limit", round=round_number, limit=round_limit
            )
        return round_limit_winners(board, players)
    return None
