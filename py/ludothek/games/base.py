"""The common game interface, shared helpers and the record format.

A game is a stateless object (one `Game` instance per game) whose methods take and return
immutable states, in the manner of OpenSpiel's games and python-chess's notation pairs:

    current_player(s)   seat that decides now (0-based), None once over
    legal_moves(s)      every legal move in notation, deterministic order; [] iff over
    play(s, move)       new state; s untouched; IllegalMove names the rule broken,
                        InvalidMoveText refuses text that is not a move
    why_illegal(s, move)    None if `move` may be played in `s`, else a `Refusal`: the rule
                        it breaks (`rule`, `params`) and its English words (`text`); the one
                        question a view asks before it refuses a click
    is_over, winners, scores    the result, read from the state's `outcome`
    position / from_position    text notation of a state (parse/format pair)
    record / from_record        setup + moves, replayed (never trusted)

States are frozen dataclasses that carry their `setup` (how the game began) and `moves`
(everything played since), so a record is always available and replay is deterministic. Every
state answers `outcome` (None while the game runs, else an `Outcome`: winners and a reason) and
`hidden` (True for an observation whose hidden parts are masked). `Game[S, M, E]` is generic over
its state type `S`, its move type `M` (notation text: each game names its own, a `NewType` of str
made only by the engine and its notation) and the type `E` of what a move does (`effect`), so each
engine's methods take and return its own. Moves are read as text (`play(s, text)`): they arrive as
text from links, records and the page, and the engine is what reads them.
Chance comes only from `setup.seed` through `chance_rng`, never from a global generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Generic, Iterable, Mapping, Sequence, TypeVar

from .errors import COMMON_MOVE_RULES, CommonRule, EndReason, HiddenInformationError, IllegalMove, InvalidMoveText, MoveError, PositionError, RecordError
from .errors import Refusal, Rule
from .options import CheckedOptions, Option, OptionValue

RECORD_FORMAT = "ludothek"
RECORD_VERSION = 1
MAX_POSITION_CHARS = 10_000
MAX_RECORD_MOVES = 5_000


R = TypeVar("R")
Y = TypeVar("Y")


def run_to_end(steps: Generator[object, None, R]) -> R:
    """Drive a generator that works in steps (a computer player's search, a replay, a review, an
    import) to its end and return its return value. The page runs the same generators in slices
    between frames instead (web/search_runner.py)."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            # StopIteration types its value Any; a Generator[..., R] returns an R.
            result: R = stop.value
            return result


def steps_as(steps: Generator[object, None, R], step: Y) -> Generator[Y, None, R]:
    """`steps` yielding `step` in place of its own values (a caller's progress), and returning its
    return value: `result = yield from steps_as(replay, (done, total))`."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            # StopIteration types its value Any; a Generator[..., R] returns an R.
            result: R = stop.value
            return result
        yield step


def record_moves(data: Mapping[str, object]) -> Sequence[str]:
    """A record's moves, checked to be a list of texts no longer than any game (RecordError)."""
    moves = data.get("moves", [])
    if not isinstance(moves, Sequence) or isinstance(moves, (str, bytes)) or not all(isinstance(m, str) for m in moves):
        raise RecordError("the record's 'moves' must be a list of move texts", "unreadable-part", part="moves")
    if len(moves) > MAX_RECORD_MOVES:
        raise RecordError(
            f"the record holds {len(moves)} moves; no game of Ludothek lasts more than {MAX_RECORD_MOVES}",
            "too-many-moves",
            moves=len(moves),
            most=MAX_RECORD_MOVES,
        )
    return moves


def is_ascii_number(text: str) -> bool:
    """True for a text of ASCII digits only. `str.isdigit()` also accepts '²', '１' or '𝟙', which
    `int()` reads (or refuses with a bare ValueError) and a notation must not."""
    return bool(text) and text.isascii() and text.isdigit()


def freeze(value: OptionValue | dict[str, OptionValue]) -> OptionValue:
    """Lists and dicts of options turned into tuples so that setups compare and hash."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    return value


def thaw(value: OptionValue) -> OptionValue:
    """The JSON-friendly form of a frozen option value (tuples back to lists)."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Setup:
    """How a game began: either from options and a seed, or from a position text."""

    players: int
    seed: int | None = 0
    options: tuple[tuple[str, OptionValue], ...] = ()
    position: str | None = None

    # `options` as the engine was given them (a record's or a link's parsed JSON, a form's), each
    # one `check_options` accepted: kept as given, not as checked (which adds every default).
    @staticmethod
    def from_options(players: int, seed: int | None, options: Mapping[str, Any]) -> "Setup":
        return Setup(players=players, seed=seed, options=tuple(sorted((k, freeze(v)) for k, v in options.items())))

    def option(self, name: str, default: OptionValue = None) -> OptionValue:
        for key, value in self.options:
            if key == name:
                return value
        return default

    def options_dict(self) -> dict[str, OptionValue]:
        return {key: thaw(value) for key, value in self.options}


def chance_rng(seed: int | str | None, *keys: object) -> random.Random:
    """A generator for one chance event, derived from the game's seed (or, for a game begun from a
    position, which has none, that position's text) and the event's keys.

    Seeding with a string is stable across Python versions and platforms (it hashes with
    SHA-512), so a record replays the same in CPython and in Pyodide.
    """
    return random.Random(":".join(["ludothek", str(seed), *map(str, keys)]))


def check_players(game: "AnyGame", players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        if game.min_players == game.max_players:
            raise ValueError(f"{game.name} is played by exactly {game.min_players} players, not {players}")
        raise ValueError(f"{game.name} is played by {game.min_players} to {game.max_players} players, not {players}")
    return players


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {str(seed)[:40]}")
    if not -(2**63) <= seed < 2**63:
        raise ValueError("seed must be a whole number of at most 19 digits")
    return seed


def derived_words(params: Mapping[str, object], derive: Mapping[str, Callable[[Any], Mapping[str, object]]]) -> dict[str, object]:
    """`params` and the words `derive` makes from those of them it knows."""
    words = dict(params)
    for name, make in derive.items():
        if name in params:
            words.update(make(params[name]))
    return words


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as python-chess's `Outcome`: the seats that won (empty: a draw, or a
    solitaire not won) and why it ended, the engine's declared `EndReason` (Momentum's
    `MomentumEnd.HAND_EMPTY`, Fenn's `FennEnd.REPETITION`, ...)."""

    winners: tuple[int, ...]
    reason: str


@dataclass(frozen=True, kw_only=True)
class StateBase:
    """Fields every state has; games add theirs (all immutable: tuples, strings, numbers).

    `hidden`: this state is an observation, its hidden parts masked (Mops Royal's pile in sorted
    order, Momox' covered chips as 0): it can be drawn, not played to the end (`is_observation`).
    A game without hidden information never sets it."""

    setup: Setup
    moves: tuple[str, ...] = field(default=())
    hidden: bool = False

    @property
    def outcome(self) -> Outcome | None:
        """None while the game runs; once it is over, its winners and the reason it ended."""
        raise NotImplementedError


S = TypeVar("S", bound=StateBase)
M = TypeVar("M", bound=str)  # a move of the game: notation text the engine made or read
E = TypeVar("E")  # what a move does (`Game.effect`): plain data the views draw and word


class Game(Generic[S, M, E]):
    """Base class of the five engines, generic over the engine's state type `S`, its move type `M`
    and its moves' effect type `E`. Subclasses set the class attributes and implement the abstract
    methods; `record`/`from_record`, `replay`, the result (`is_over`, `winners`, from the state's
    `outcome`) and the option helpers are shared."""

    id: str = ""
    name: str = ""
    min_players: int = 2
    max_players: int = 2
    has_hidden_information: bool = False
    # Whether a game of it may be played by link (ludothek.remote): a game whose chance is met in
    # the middle of a turn, hidden from the mover (Momox' covered chips), could only be decided
    # there with a message from every other player at each such step, so it is not offered.
    offered_by_link: bool = True

    # The game's options, declared once (see `Option`); `check_options` enforces them.
    options: tuple[Option, ...] = ()

    def option(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def check_options(self, players: int, options: Mapping[str, object]) -> CheckedOptions:
        """Every declared option's value for a new game of `players` players: the given one, checked
        against its declaration, or its default (None where it does not apply). ValueError names
        an unknown option, a value of the wrong type or out of range, or one for other player counts."""
        known = [o.name for o in self.options]
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(f"{self.name} has no option {unknown[0]!r} (options: {', '.join(sorted(known)) or 'none'})")
        values: dict[str, OptionValue] = {}
        for option in self.options:
            if option.name in options:
                values[option.name] = option.check(options[option.name], players)
            elif option.applies_to(players):
                values[option.name] = option.default
            else:
                values[option.name] = False if option.kind == "bool" else None
        return CheckedOptions(values)

    # -- the interface every game implements -------------------------------------------------

    def new_game(self, players: int = 2, seed: int = 0, **options: object) -> S:
        raise NotImplementedError

    def current_player(self, s: S) -> int | None:
        raise NotImplementedError

    def legal_moves(self, s: S) -> list[M]:
        raise NotImplementedError

    def play(self, s: S, move: str) -> S:
        return self._apply(s, move)[0]

    def effect(self, s: S, move: str) -> E:
        """What `move` does in `s` (for drawing and telling it), without playing it; IllegalMove if
        it is not legal."""
        return self._apply(s, move)[1]

    def _apply(self, s: S, move: str) -> tuple[S, E]:
        """The state after `move` and what it did: the one place a game checks and plays a move."""
        raise NotImplementedError

    def why_illegal(self, s: S, move: str) -> Refusal | None:
        """None if `move` may be played in `s`, else the `Refusal` saying which rule it breaks:
        the one question a view asks before it refuses a click (it never re-checks a rule itself).
        The answer is the error `play` would raise, found by the same check (`effect`)."""
        try:
            self.effect(s, move)
        except MoveError as error:
            return Refusal.of(error)
        return None

    def is_over(self, s: S) -> bool:
        return s.outcome is not None

    def winners(self, s: S) -> list[int]:
        """The seats that won, as the rulebook counts; [] while the game runs and for a draw."""
        outcome = s.outcome
        return [] if outcome is None else list(outcome.winners)

    def scores(self, s: S) -> Sequence[int]:
        raise NotImplementedError

    def position(self, s: S) -> str:
        raise NotImplementedError

    def from_position(self, text: str) -> S:
        raise NotImplementedError

    def from_public_position(self, text: str) -> S:
        """The state a position text describes as it reads, hidden parts left hidden (an
        observation's text, for drawing it: rules diagrams, pictures). Not a game to go on from:
        `from_position` refuses such text; `from_observation` deals what it hides."""
        return self.from_position(text)

    def from_observation(self, text: str, rng: random.Random) -> S:
        """A playable state from a position text that may leave things hidden (an observation's
        text, as a rules diagram or a link shows it): what it hides is dealt afresh from `rng`,
        consistent with what it tells. Perfect-information games: `from_position(text)`."""
        return self.from_position(text)

    def is_observation(self, s: S) -> bool:
        """True when `s` leaves something hidden (an observation, or read from an observation's
        text): it can be drawn but not played to the end, so no record may begin from it."""
        return s.hidden

    # -- optional hooks ------------------------------------------------------------------------

    def observation(self, s: S, seat: int | None) -> S:
        """What `seat` may know of `s` (None: an onlooker). Perfect-information games return
        `s` itself; games with hidden information return a state with the hidden parts masked,
        which is all a view or a computer player may be given."""
        return s

    def undo_floor(self, s: S) -> int:
        """The fewest moves `s` may be rewound to by undo: a game with hidden chance (a revealed
        tile, an uncovered chip) never lets undo take back a reveal. Default: all the way."""
        return 0

    # -- chance in play by link (ludothek.remote.chance asks; OpenSpiel's chance nodes) ----------
    # Where a game meets chance, declared by the game: a game played by link has no dealer, so
    # each chance event's outcome comes from both players' revealed values (remote/chance.py).

    def setup_has_chance(self, options: Mapping[str, OptionValue]) -> bool:
        """Whether a new game with these options is dealt by chance (its setup is an event)."""
        return True

    def starts_chance(self, before: S, after: S) -> bool:
        """Whether the move from `before` to `after` (played as the engine alone would) starts a
        chance event, whose outcome then decides the state after it (`play_with_chance`)."""
        return False

    def play_with_chance(self, s: S, move: str, rng: random.Random) -> S:
        """`move` played with the chance event it starts decided by `rng` (and by nothing else)."""
        return self.play(s, move)

    def conformance_setups(self) -> list[dict[str, object]]:
        """Setups (players and options) that the conformance test plays through."""
        return [{"players": n} for n in range(self.min_players, self.max_players + 1)]

    def move_cap(self) -> int:
        """A bound on the length of a random game, for tests."""
        return 500

    # -- records -----------------------------------------------------------------------------------

    def record(self, s: S) -> dict[str, object]:
        setup: Setup = s.setup
        data: dict[str, object] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.id,
            "players": [{"seat": i} for i in range(setup.players)],
        }
        if setup.position is not None:
            data["position"] = setup.position
        else:
            data["options"] = setup.options_dict()
            data["seed"] = setup.seed
        data["moves"] = list(s.moves)
        return data

    def from_record(self, data: object) -> S:
        """Replay a record. Every problem raises RecordError naming what is wrong and where."""
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object", "not-a-record")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a Ludothek record (format is {data.get('format')!r}, expected {RECORD_FORMAT!r})", "not-a-record")
        if data.get("version") != RECORD_VERSION:
            version = data.get("version")
            newer = isinstance(version, int) and not isinstance(version, bool) and version > RECORD_VERSION
            raise RecordError(f"record version {version!r} is not supported (expected {RECORD_VERSION})", "newer-version" if newer else "not-a-record")
        if data.get("game") != self.id:
            raise RecordError(f"the record is a game of {data.get('game')!r}, not of {self.id!r}", "not-a-record")
        players = data.get("players")
        if not isinstance(players, Sequence) or isinstance(players, (str, bytes)):
            raise RecordError("the record's 'players' must be a list", "unreadable-part", part="players")
        moves = record_moves(data)
        if not self.min_players <= len(players) <= self.max_players:
            raise RecordError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, the record lists {len(players)}",
                "player-count",
                players=len(players),
                least=self.min_players,
                most=self.max_players,
                game=self.id,
            )
        try:
            if "position" in data:
                position = data["position"]
                if not isinstance(position, str):
                    raise RecordError("the record's 'position' must be text", "unreadable-part", part="position")
                if len(position) > MAX_POSITION_CHARS:
                    raise RecordError("the record's 'position' is too long", "unreadable-part", part="position")
                try:
                    s = self.from_position(position)
                except (ValueError, TypeError) as exc:
                    raise RecordError(f"the record's position is invalid: {exc}", "invalid-position") from exc
                if self.is_observation(s):
                    raise RecordError("the record's position hides part of the game (it is what a player sees), so it cannot be replayed", "hidden-position")
                if s.setup.players != len(players):
                    raise RecordError(
                        f"the position is for {s.setup.players} players, the record lists {len(players)}",
                        "players-mismatch",
                        expected=s.setup.players,
                        players=len(players),
                    )
            else:
                options = data.get("options", {})
                if not isinstance(options, Mapping):
                    raise RecordError("the record's 'options' must be an object", "unreadable-part", part="options")
                s = self.new_game(players=len(players), seed=data.get("seed", 0), **options)
        except RecordError:
            raise
        except (ValueError, TypeError) as exc:
            raise RecordError(f"the record's setup is invalid: {exc}", "invalid-setup") from exc
        return run_to_end(self.replay(s, moves))

    def replay(self, s: S, moves: Iterable[str]) -> Generator[S, None, S]:
        """Play a record's `moves` from `s`, one at a time: yields the state after each move and
        returns the last. The one replay of records (`from_record`, the app's sessions, imports,
        reviews). A move that is not legal raises RecordError "illegal-move" with its number."""
        for number, move in enumerate(moves, start=1):
            try:
                s = self.play(s, move)
            except MoveError as exc:
                raise RecordError(
                    f"move {number} ({move[:40]!r}) is illegal: {exc}", "illegal-move", number=number, move=move[:40], error=exc, game=self.id
                ) from exc
            yield s
        return s

    # -- helpers for subclasses ---------------------------------------------------------------

    # Rule identifier -> English message (a format string over the error's params). One table per
    # engine; its view holds the same identifiers with translatable sentences.
    move_rules: Mapping[str, str] = {}
    # Words the messages derive from a param: param name -> function of its value giving words
    # (e.g. "seat" -> {"colour": "blue"}), so that the params stay data. Each function takes its
    # own param's type (a seat, a cell), which one table cannot name: Any.
    move_words: Mapping[str, Callable[[Any], Mapping[str, object]]] = {}
    # Moves in notation, quoted when text that is no move at all is refused.
    move_examples: tuple[str, ...] = ()

    def move_rule_message(self, rule: str, params: Mapping[str, object]) -> str:
        """The English message of a move error: its rule's template, filled with the params and
        the words derived from them."""
        template = self.move_rules.get(rule) or COMMON_MOVE_RULES[rule]
        return template.format(**derived_words(params, self.move_words))

    def illegal(self, move: str, rule: str, **params: object) -> IllegalMove:
        """The error for a move the rules forbid: `rule` names the rule, `params` its data."""
        return IllegalMove(rule, move=move, message=self.move_rule_message(rule, params), **params)

    def invalid(self, move: object, rule: str, **params: object) -> InvalidMoveText:
        """The error for text that is not a move of this game's notation."""
        return InvalidMoveText(rule, move=move, message=self.move_rule_message(rule, params), **params)

    def require_text(self, move: object) -> None:
        if not isinstance(move, str):
            examples = ", ".join(repr(m) for m in self.move_examples)
            raise InvalidMoveText("not-text", move=move, message=COMMON_MOVE_RULES["not-text"].format(examples=examples), examples=self.move_examples)

    def require_not_over(self, s: S, move: str) -> None:
        if self.is_over(s):
            raise self.illegal(move, "game-over")


# An engine picked at run time by a game's id (a record, a link, a saved game): its state, move and
# effect types are its game's, which the code that picks it cannot name.
AnyGame = Game[Any, Any, Any]

# The errors are read from here too (games/errors.py holds them).
__all__ = [
    "AnyGame",
    "CheckedOptions",
    "COMMON_MOVE_RULES",
    "CommonRule",
    "EndReason",
    "Game",
    "HiddenInformationError",
    "IllegalMove",
    "InvalidMoveText",
    "MAX_POSITION_CHARS",
    "MAX_RECORD_MOVES",
    "MoveError",
    "Option",
    "OptionValue",
    "Outcome",
    "PositionError",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RecordError",
    "Refusal",
    "Rule",
    "Setup",
    "StateBase",
    "chance_rng",
    "check_players",
    "check_seed",
    "derived_words",
    "freeze",
    "is_ascii_number",
    "record_moves",
    "run_to_end",
    "steps_as",
    "thaw",
]
