"""A game played by link (pure): what a link carries, how a device replays and checks it, and how
a link compares with the game a device already holds.

A `RemoteGame` is the public part: game, options, seats' names, each seat's commitment and its
latest revealed chain value, the moves. A device adds its own seat and secret (`Own`), which never
leave it. `replay` checks every revealed value against its commitment and plays the moves, each
chance event decided by the seats' values (chance.py); an event whose values are not all known
yet stops the replay there (`Progress.pending`), and no move may follow it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping

from ..games import GAME_IDS, get_game
from ..games.base import MoveError, OptionValue, StateBase
from ..names import clean_name
from . import chance

# A game by link ends when it reaches this many moves, with no winner ("stopped"): every position
# a link holds then either lets the player to move make a move and send it, or has ended. No game
# reaches it in play (Nummerus' longest, a 20-round tournament, has at most 20 x 96 = 1,920
# moves; Mops Royal about 120); Momentum and Fenn could go on for ever (stones pushed off come
# back; a Fenn turn of extra steps may go back and forth), and a modified client could pad its own
# turn to the engine's cap (games/base.MAX_RECORD_MOVES), where no move could follow. At two bytes
# a move (an index in fewer than 16,384 legal moves) the longest link stays far under the link's
# own limit (link.MAX_DATA_CHARS), so the link after any move is read by every device.
MAX_LINK_MOVES = 2_000


class RemoteError(ValueError):
    """A link or game that cannot be played on. `rule` names what is wrong (`damaged`, `truncated`,
    `newer-version`, `too-long`, `unknown-game`, `not-offered`, `tampered`, `illegal-move`,
    `too-many-moves`, `too-many-draws`, `bad-options`, `early-move`, `unjoined-move`, `forged-move`,
    `fork-after-draw`, `not-your-move`, `nothing-to-take-back`),
    `params` its data; str() is English."""

    def __init__(self, message: str, rule: str, **params: object):
        super().__init__(message)
        self.rule = rule
        self.params = params


@dataclass(frozen=True)
class RemoteGame:
    game: str
    players: int
    host: int  # the seat that invited
    options: tuple[tuple[str, OptionValue], ...] = ()  # sorted (name, JSON value) pairs
    names: tuple[str, ...] = ()
    commitments: tuple[bytes | None, ...] = ()
    reveals: tuple[tuple[int, bytes] | None, ...] = ()  # per seat: (event, value) of its latest reveal
    moves: tuple[str, ...] = ()

    def options_dict(self) -> dict[str, OptionValue]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.options}

    @property
    def game_id(self) -> bytes:
        """The game's identity: its setup and the host's commitment (random, so never repeated)."""
        host_commit = self.commitments[self.host] or b""
        text = json.dumps([self.game, self.players, self.host, self.options_dict()], sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(b"ludothek-game:" + text.encode() + host_commit).digest()[:8]

    def join_order(self) -> list[int]:
        """Seats in the order they commit: the host, then the others in seat order after it."""
        return [(self.host + i) % self.players for i in range(self.players)]


@dataclass(frozen=True)
class Own:
    """What one device alone knows: its seat and secret."""

    seat: int
    secret: bytes


@dataclass(frozen=True)
class Pending:
    event: int
    missing: tuple[int, ...]  # seats whose value is not known here, in the order they are asked


@dataclass(frozen=True)
class Progress:
    state: StateBase | None  # the state after the moves played (None before the setup's chance is decided)
    played: int  # moves played into `state`
    events: int  # chance events started so far
    pending: Pending | None = None
    before_last: StateBase | None = None  # the state before the last move played (to mark it)
    joining: tuple[int, ...] = field(default=())  # seats that have not committed yet
    movers: tuple[int, ...] = field(default=())  # the seat that made each move walked (0-based)
    event_moves: tuple[int, ...] = field(default=())  # per chance event, the move that started it
    # (0-based; -1 for the setup's)
    stopped: bool = False  # the game reached MAX_LINK_MOVES unfinished: it ended there, nobody won

    def to_act(self, game_id: str) -> int | None:
        """The seat the next link is for: who must commit, reveal or move (None: nobody, the
        game has ended by the limit of moves or the engine says nobody moves)."""
        if self.stopped:
            return None
        if self.pending is not None:
            return self.pending.missing[0]
        if self.state is None:  # the setup's chance waits for every seat's commitment
            return self.joining[0] if self.joining else None
        return get_game(game_id).current_player(self.state)  # (a game without setup chance
        # starts at once; each seat commits with its first move)


def start(game_id: str, players: int, host: int, options: Mapping[str, OptionValue], names: list[str], secret: bytes) -> RemoteGame:
    """A new game by link, set up by the device of seat `host` (it commits first)."""
    if game_id in GAME_IDS and not get_game(game_id).offered_by_link:
        raise RemoteError(f"{game_id} is not offered by link", "not-offered", game=game_id)
    if game_id not in chance.REMOTE_GAMES:
        raise RemoteError(f"unknown game {game_id!r}", "unknown-game")
    game = get_game(game_id)
    if not max(2, game.min_players) <= players <= game.max_players:
        raise RemoteError(f"{game.name} by link is played by 2 to {game.max_players} players", "bad-options")
    check_options(game_id, players, options)
    commitments: list[bytes | None] = [None] * players
    commitments[host] = chance.commitment(secret)
    names_fixed = tuple(clean_name(n, "") for n in names) + ("",) * (players - len(names))
    return RemoteGame(
        game=game_id,
        players=players,
        host=host,
        options=tuple(sorted(options.items(), key=lambda option: option[0])),
        names=names_fixed[:players],
        commitments=tuple(commitments),
        reveals=(None,) * players,
    )


def check_options(game_id: str, players: int, options: Mapping[str, OptionValue]) -> None:
    game = get_game(game_id)
    kinds = {o.name: o.kind for o in game.options}
    for name in options:
        if kinds.get(name) == "list":  # start tiles, layouts, ages, cells: not chance-free in a link
            raise RemoteError(f"the option {name!r} is not offered by link", "bad-options", option=name)
    try:
        game.check_options(players, options)
    except (ValueError, TypeError) as exc:
        raise RemoteError(f"the game's options are invalid: {exc}", "bad-options") from exc


def _values(rg: RemoteGame, own: Own | None, event: int) -> list[bytes] | None:
    values = []
    for seat in range(rg.players):
        if own is not None and own.seat == seat:
            values.append(chance.chain_value(own.secret, event))
            continue
        reveal = rg.reveals[seat]
        if reveal is None or reveal[0] < event:
            return None
        values.append(chance.earlier_value(reveal[1], reveal[0], event))
    return values


def _missing(rg: RemoteGame, own: Own | None, event: int, after: int) -> tuple[int, ...]:
    order = [(after + 1 + i) % rg.players for i in range(rg.players)]
    return tuple(s for s in order if not (own is not None and own.seat == s) and (rg.reveals[s] is None or rg.reveals[s][0] < event))  # type: ignore[index]


def check_move_count(count: int) -> None:
    """RemoteError (`too-many-moves`) for a game of more moves than a game by link holds."""
    if count > MAX_LINK_MOVES:
        raise RemoteError(f"the link holds {count} moves; a game by link ends at {MAX_LINK_MOVES}", "too-many-moves", count=count, most=MAX_LINK_MOVES)


def check_chains(rg: RemoteGame, own: Own | None = None) -> None:
    """Every revealed value hashes to its seat's commitment; the device's own commitment is its."""
    for seat in range(rg.players):
        reveal = rg.reveals[seat]
        commit = rg.commitments[seat]
        if reveal is not None and (commit is None or not chance.verifies(reveal[1], reveal[0], commit)):
            raise RemoteError(f"seat {seat + 1}'s revealed value does not match its commitment", "tampered", seat=seat)
    if own is not None and rg.commitments[own.seat] not in (None, chance.commitment(own.secret)):
        raise RemoteError("the link changes this device's own commitment", "tampered", seat=own.seat)


def replay(rg: RemoteGame, own: Own | None = None, states: list[StateBase] | None = None) -> Progress:
    """Play the game as far as the known values decide its chance. RemoteError when a value does
    not match its commitment, a move is illegal, or a move follows an undecided chance event.
    `states`, when given, receives the state before each move."""
    if states is None:
        try:
            hash((rg, own))
        except TypeError:  # an option value read from a link as a list: replayed, not kept
            pass
        else:
            return _replay_remembered(rg, own)
    return walk(rg, own, len(rg.moves), lambda state, number: rg.moves[number - 1], states)


@functools.lru_cache(maxsize=8)
def _replay_remembered(rg: RemoteGame, own: Own | None) -> Progress:
    """The same game is replayed by every part of a screen that shows it (the board, the status,
    the panels, Continue's state): a long Mops Royal game took a second of every tap in the page
    before its replay was kept. Both keys are frozen values and states are never changed, so a
    result given out twice is safe; a refusal (RemoteError) is not kept."""
    return walk(rg, own, len(rg.moves), lambda state, number: rg.moves[number - 1], None)


# The move numbered `number` (from 1) in the replay, given the state before it (None while the
# setup's chance is undecided): its text. The state is the game's, chosen at run time by the link.
MoveAt = Callable[[StateBase | None, int], str]


def walk(rg: RemoteGame, own: Own | None, count: int, move_at: MoveAt, states: list[StateBase] | None = None) -> Progress:
    """The replay of `count` moves, each given by `move_at(state, number)` (text, or read from a
    link's index in the legal moves); `rg.moves` is not read."""
    check_move_count(count)
    check_chains(rg, own)
    game = get_game(rg.game)
    joining = tuple(s for s in rg.join_order() if rg.commitments[s] is None)
    committed = not joining
    gid = rg.game_id
    options = rg.options_dict()
    events = 0
    if chance.setup_has_chance(rg.game, options):
        if not committed:
            if count:
                raise RemoteError("a move before the setup's chance is decided", "early-move", number=1)
            return Progress(None, 0, 0, None, joining=joining)
        events = 1
        values = _values(rg, own, 0)
        if values is None:
            if count:
                raise RemoteError("a move before the setup's chance is decided", "early-move", number=1)
            return Progress(None, 0, 1, Pending(0, _missing(rg, own, 0, rg.join_order()[-1])), joining=joining)
        seed = chance.setup_seed(chance.event_randomness(gid, 0, values))
    else:
        seed = 0
    try:
        state = game.new_game(players=rg.players, seed=seed, **options)
    except (ValueError, TypeError) as exc:
        raise RemoteError(f"the game's options are invalid: {exc}", "bad-options") from exc
    before = None
    movers: list[int] = []
    event_moves = [-1] * events
    for number in range(1, count + 1):
        move = move_at(state, number)
        if states is not None:
            states.append(state)
        mover = game.current_player(state)
        if mover is not None and rg.commitments[mover] is None:
            # A device commits before its first move (`advance`): a move in a seat that has not
            # joined was made for that seat by somebody else.
            raise RemoteError(f"move {number} is in seat {mover + 1}, which has not joined the game", "unjoined-move", number=number, seat=mover)
        movers.append(-1 if mover is None else mover)
        try:
            after = game.play(state, move)
            if chance.starts_event(rg.game, state, after):
                event = events
                if event >= chance.CHAIN_LENGTH:  # (no game offered by link has that many: docs/remote-play.md)
                    raise RemoteError(f"move {number} starts a draw beyond the {chance.CHAIN_LENGTH} a game by link holds", "too-many-draws", number=number)
                events += 1
                event_moves.append(number - 1)
                values = _values(rg, own, event) if committed else None
                if values is None:
                    if number < count:
                        raise RemoteError(f"move {number + 1} follows a chance event not yet decided", "early-move", number=number + 1)
                    pending = Pending(event, _missing(rg, own, event, mover if mover is not None else 0))
                    return Progress(
                        state,
                        number - 1,
                        events,
                        pending,
                        before_last=before,
                        joining=joining,
                        movers=tuple(movers),
                        event_moves=tuple(event_moves),
                        stopped=count >= MAX_LINK_MOVES,
                    )
                after = chance.play_with(rg.game, state, move, chance.event_randomness(gid, event, values))
        except MoveError as exc:
            raise RemoteError(f"move {number} ({move!r}) is illegal: {exc}", "illegal-move", number=number, move=move, error=exc) from exc
        before, state = state, after
    for seat in range(rg.players):
        reveal = rg.reveals[seat]
        if reveal is not None and reveal[0] >= events:
            raise RemoteError(f"seat {seat + 1} revealed a value for a chance event that has not happened", "tampered", seat=seat)
    stopped = count >= MAX_LINK_MOVES and not game.is_over(state)
    return Progress(state, count, events, None, before_last=before, joining=joining, movers=tuple(movers), event_moves=tuple(event_moves), stopped=stopped)


def advance(rg: RemoteGame, own: Own, move: str | None = None) -> RemoteGame:
    """The game as this device sends it on: its commitment (when missing), `move` (when given;
    RemoteError if it is illegal or it is not this seat's turn), and its value for every chance
    event started so far (only once every seat has committed, so nobody can choose a secret
    after seeing another's value)."""
    commitments = list(rg.commitments)
    commitments[own.seat] = chance.commitment(own.secret)
    rg = replace(rg, commitments=tuple(commitments))
    if move is not None:
        check_move_count(len(rg.moves) + 1)
        progress = replay(rg, own)
        if progress.pending is not None or progress.state is None or progress.to_act(rg.game) != own.seat:
            raise RemoteError("it is not this seat's move", "not-your-move", seat=own.seat)
        rg = replace(rg, moves=rg.moves + (move,))
    progress = replay(rg, own)
    if all(c is not None for c in rg.commitments) and progress.events:
        reveals = list(rg.reveals)
        last = progress.events - 1
        reveals[own.seat] = (last, chance.chain_value(own.secret, last))
        rg = replace(rg, reveals=tuple(reveals))
    return rg


# -- a link against the game a device holds ------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """How a received link stands to the game held: `same` game or not; `relation` one of
    `new` (not held), `newer` (the link goes on from the held game), `same`, `older` (the held
    game is further along), `fork` (the moves part at `fork_at`, 0-based). A fork is `locked`
    when it goes back to or before the move that started a chance event whose value this device
    has revealed: whoever sent it may have seen that draw, so it is never played on."""

    relation: str
    fork_at: int | None = None
    locked: bool = False


def compare(held: RemoteGame, link: RemoteGame, own: Own | None = None) -> Comparison:
    """`link` against the game held. RemoteError (`tampered`) when it changes a commitment held,
    and, given this device's `own` seat, (`forged-move`) when it holds a move in that seat that
    this device did not make: one beyond the held moves, or after the point where a fork parts."""
    if held.game_id != link.game_id:
        return Comparison("new")
    for seat in range(held.players):
        a, b = held.commitments[seat], link.commitments[seat]
        if a is not None and b is not None and a != b:
            raise RemoteError(f"the link changes seat {seat + 1}'s commitment", "tampered", seat=seat)
    common = 0
    for held_move, link_move in zip(held.moves, link.moves):
        if held_move != link_move:
            break
        common += 1
    if own is not None and len(link.moves) > common:
        movers = replay(link, own).movers
        for number in range(common, len(link.moves)):
            if number < len(movers) and movers[number] == own.seat:
                raise RemoteError(f"move {number + 1} is in this device's seat and was not made here", "forged-move", number=number + 1, seat=own.seat)
    if common < min(len(held.moves), len(link.moves)):
        return Comparison("fork", common, locked=own is not None and _draw_seen(held, own, common))
    if len(link.moves) > len(held.moves):
        return Comparison("newer")
    if len(link.moves) < len(held.moves):
        return Comparison("older")
    if _knowledge(link) > _knowledge(held):
        return Comparison("newer")
    if _knowledge(link) < _knowledge(held):
        return Comparison("older")
    return Comparison("same")


def _draw_seen(held: RemoteGame, own: Own, fork_at: int) -> bool:
    """Whether a line that parts from `held` at move `fork_at` (0-based) goes back to or before a
    move that started a chance event this device has given its value for. Its value and the
    sender's decide the draw, so the sender may know it and have chosen the new line to change it
    (or to keep it while changing the moves before it); binding chance to the moves would not help,
    since the values are out and any line's draw can be worked out from them."""
    reveal = held.reveals[own.seat]
    if reveal is None or reveal[0] < 1:
        return False  # the setup's draw comes before every move: both lines share it
    started = replay(held, own).event_moves
    return reveal[0] < len(started) and fork_at <= started[reveal[0]]


def _knowledge(rg: RemoteGame) -> tuple[int, int]:
    return (sum(c is not None for c in rg.commitments), sum(r[0] + 1 for r in rg.reveals if r is not None))


def merge(held: RemoteGame, link: RemoteGame, own: Own | None = None) -> RemoteGame:
    """The held game brought up to a newer link of the same game: the link's moves, every
    commitment either knows, each seat's latest reveal, and the names the device learnt first
    (its own player's always: a link cannot rename the player holding the device)."""
    reveals = tuple(max((r for r in pair if r is not None), key=lambda r: r[0], default=None) for pair in zip(held.reveals, link.reveals))
    return replace(fork_line(held, link, own), reveals=reveals)


def fork_line(held: RemoteGame, link: RemoteGame, own: Own | None = None) -> RemoteGame:
    """The link's line of a fork as this device plays on from it: the link's moves and reveals
    (the held line's reveals may be for draws that line never reaches), every commitment either
    knows, and the names the device learnt first."""
    commitments = tuple(a if a is not None else b for a, b in zip(held.commitments, link.commitments))
    return replace(link, commitments=commitments, names=_names(held, link, own))


def _names(held: RemoteGame, link: RemoteGame, own: Own | None) -> tuple[str, ...]:
    names = [a or b for a, b in zip(held.names, link.names)]
    if own is not None:
        names[own.seat] = held.names[own.seat]
    return tuple(names)
