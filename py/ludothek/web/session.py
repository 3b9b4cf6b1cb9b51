"""A game being played in the app: seats, the states so far, undo/redo and replay (pure Python).

The record (docs/architecture.md, "The game interface") is the source of truth: a session is built by replaying one, and saved
as one. The players list of the record carries the seats: name, human or computer, level.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Generator, Sequence

from ..games import get_game
from ..games.base import OptionValue, RecordError, StateBase, record_moves, run_to_end
from ..names import clean_name

MAX_REDO = 1000


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"  # "human" or "computer"
    level: int = 0

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def to_json(self) -> dict[str, str | int]:
        data: dict[str, str | int] = {"name": self.name, "type": self.kind}
        if self.is_computer:
            data["level"] = self.level
        return data

    @staticmethod
    def from_json(data: object, fallback_name: str) -> "Seat":
        if not isinstance(data, dict):
            data = {}
        name = clean_name(data.get("name"), fallback_name)
        kind = "computer" if data.get("type", data.get("kind")) == "computer" else "human"
        level = data.get("level", 0)
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 9:
            level = 1
        return Seat(name, kind, level if kind == "computer" else 0)


def new_save_id() -> str:
    """A fresh save id: the time in milliseconds and 24 random bits, in hex."""
    return f"{int(time.time() * 1000):x}{random.getrandbits(24):06x}"


class GameSession:
    """States from the start to the newest move, a redo stack, and a replay cursor."""

    def __init__(
        self,
        game_id: str,
        seats: list[Seat],
        start: StateBase,
        moves: list[str] | None = None,
        *,
        save_id: str = "",
        redo: list[str] | None = None,
        created: float = 0.0,
        updated: float = 0.0,
    ) -> None:
        self.game = get_game(game_id)
        self.game_id = game_id
        self.seats = list(seats)
        self.states = [start]
        self.moves: list[str] = []
        for move in moves or []:
            self.states.append(self.game.play(self.states[-1], move))
            self.moves.append(move)
        self.redo_stack: list[str] = list(redo or [])
        self.save_id = save_id
        self.created = created
        self.updated = updated
        self.replay_index: int | None = None  # None: showing the live position
        self.revision: int | None = None  # the stored entry's revision this session holds; None: never stored

    # -- construction and records --------------------------------------------------------------

    @classmethod
    def new(cls, game_id: str, seats: list[Seat], *, seed: int, options: dict[str, OptionValue], save_id: str = "", now: float = 0.0) -> GameSession:
        game = get_game(game_id)
        start = game.new_game(players=len(seats), seed=seed, **options)
        return cls(game_id, seats, start, save_id=save_id, created=now, updated=now)

    @classmethod
    def from_position(cls, game_id: str, seats: list[Seat], position: str, *, save_id: str = "", now: float = 0.0) -> GameSession:
        start = get_game(game_id).from_position(position)
        return cls(game_id, seats, start, save_id=save_id, created=now, updated=now)

    @classmethod
    def from_record(cls, data: object, *, save_id: str = "", redo: object = None, created: float = 0.0, updated: float = 0.0) -> GameSession:
        """Replay a record (never trusted): RecordError says what is wrong, whatever the fault."""
        session: GameSession = run_to_end(cls.replay_steps(data, save_id=save_id, redo=redo, created=created, updated=updated))
        return session

    @classmethod
    def replay_steps(
        cls, data: object, *, save_id: str = "", redo: object = None, created: float = 0.0, updated: float = 0.0, moves_per_step: int = 8
    ) -> Generator[int, None, GameSession]:
        """from_record as a generator: it yields every few moves, so a page can replay a long game
        between frames; its return value is the session."""
        try:
            session, moves = cls._start_of_record(data, save_id=save_id, created=created, updated=updated)
            for number, (move, state) in enumerate(zip(moves, session.game.replay(session.state, moves)), start=1):
                session.states.append(state)
                session.moves.append(move)
                if number % moves_per_step == 0:
                    yield number
            session.redo_stack = session.checked_redo(redo)
            return session
        except RecordError:
            raise
        except Exception as exc:  # noqa: BLE001 - a record is data: no fault in it may escape as anything else
            raise RecordError(f"the record does not replay ({type(exc).__name__}: {str(exc)[:200]})", "does-not-replay") from None

    @classmethod
    def _start_of_record(cls, data: object, *, save_id: str, created: float, updated: float) -> tuple[GameSession, Sequence[str]]:
        """The session at the record's start (checked by the engine's own record reader) and the
        moves still to replay."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object", "not-a-record")
        game_id = data.get("game")
        try:
            game = get_game(game_id) if isinstance(game_id, str) else None
        except ValueError:
            game = None
        if game is None:
            raise RecordError(f"unknown game {str(game_id)[:40]!r}", "unknown-game", game=str(game_id)[:40])
        start = game.from_record({**data, "moves": []})
        moves = record_moves(data)
        players = data["players"]
        seats = [Seat.from_json(p, f"{i + 1}") for i, p in enumerate(players)]
        return cls(game.id, seats, start, save_id=save_id, created=created, updated=updated), moves

    def checked_redo(self, redo: object) -> list[str]:
        """A stored redo stack when it replays from the live position; otherwise none (the game
        itself is fine, only the moves to redo are lost)."""
        if not isinstance(redo, list) or not redo or len(redo) > MAX_REDO or not all(isinstance(m, str) for m in redo):
            return []
        state = self.state
        try:
            for move in reversed(redo):
                state = self.game.play(state, move)
        except Exception:  # noqa: BLE001 - IllegalMove or any fault: the redo stack is dropped
            return []
        return list(redo)

    def record(self) -> dict[str, object]:
        data = self.game.record(self.state)
        data["players"] = [seat.to_json() for seat in self.seats]
        return data

    # -- the position ----------------------------------------------------------------------------

    @property
    def state(self) -> StateBase:
        """The newest state (the live game)."""
        return self.states[-1]

    @property
    def shown_index(self) -> int:
        return len(self.moves) if self.replay_index is None else self.replay_index

    @property
    def shown_state(self) -> StateBase:
        return self.states[self.shown_index]

    @property
    def is_replaying(self) -> bool:
        return self.replay_index is not None

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def current_seat(self) -> Seat | None:
        seat = self.game.current_player(self.state)
        return None if seat is None else self.seats[seat]

    def computer_to_move(self) -> bool:
        seat = self.current_seat()
        return seat is not None and seat.is_computer

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    # -- playing ------------------------------------------------------------------------------

    def play(self, move: str) -> StateBase:
        """Play a move on the live position (IllegalMove if it is not legal); clears redo."""
        state: StateBase = self.game.play(self.state, move)
        self.states.append(state)
        self.moves.append(move)
        self.replay_index = None
        if self.redo_stack and self.redo_stack[-1] == move:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        return state

    def undo_floor(self) -> int:
        return self.game.undo_floor(self.state)

    def can_undo(self) -> bool:
        return self._undo_count() > 0

    def _undo_count(self) -> int:
        """How many moves one press of undo takes back: back to the latest turn of a human, so
        that against the computer undo returns to your own move rather than to its reply."""
        floor = self.undo_floor()
        if len(self.moves) <= floor:
            return 0
        if not any(seat.is_computer for seat in self.seats):
            return 1
        index = len(self.moves) - 1
        while index >= floor:
            mover = self.game.current_player(self.states[index])
            if mover is not None and not self.seats[mover].is_computer:
                return len(self.moves) - index
            index -= 1
        return 0

    def undo(self) -> int:
        """Take back to the previous human decision; returns how many moves were taken back."""
        count = self._undo_count()
        for _ in range(count):
            self.states.pop()
            self.redo_stack.append(self.moves.pop())
        self.replay_index = None
        return count

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> int:
        """Replay moves taken back by undo, up to the next human decision (or one move)."""
        count = 0
        while self.redo_stack:
            self.play_redo_one()
            count += 1
            if not self.computer_to_move() or not self.redo_stack:
                break
        return count

    def play_redo_one(self) -> None:
        move = self.redo_stack.pop()
        self.states.append(self.game.play(self.state, move))
        self.moves.append(move)
        self.replay_index = None

    # -- replay -------------------------------------------------------------------------------

    def replay_to(self, index: int | None) -> None:
        """Show the position after `index` moves (0 = the start); None or the end: live again."""
        if index is None or index >= len(self.moves):
            self.replay_index = None
        else:
            self.replay_index = max(0, index)

    def replay_step(self, delta: int) -> None:
        self.replay_to(self.shown_index + delta)


__all__ = ["GameSession", "Seat", "clean_name", "RecordError"]
