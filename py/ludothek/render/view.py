"""The contract between a game's drawing code and the app (pure: text in, text out).

Like chessground, a view holds no rules: it asks the engine what may be clicked, draws it, and
turns a click into an intent. The app (ludothek.web) owns the DOM and calls only these methods.

Everything clickable in `board_svg` / `extra_html` carries `data-target="<token>"`; the app passes
that token to `click`, which answers with a new UI state and perhaps a complete move for the
engine. Targets that are board cells also carry `data-x`/`data-y` (grid coordinates) so that the
app's keyboard navigation (arrow keys) can move between them spatially, and an `aria-label`.
Views only ever receive what a player at the table may see (`game.observation`).

A view is a `GameView[S, M, E, P]`: `S`, `M` and `E` are its engine's state, move and effect types
(`Game[S, M, E]`; an observation is an `S` too), `P` the payload type of the marks its board is
drawn with (`BoardMarks[P, E]`, the one thing besides the state and the last move's effect that
differs between the five boards; Momentum's is None). The payload and the effect tie what the view
builds (`marks`) to what its board draws (`Board[S, P, E]`): mypy checks each view against its
engine's types and its board's signature. `board_svg` and `target_centres` are written once, here:
each view declares its board module (`board = momentum_board`) and builds its marks (`marks`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypedDict, TypeVar, Unpack

from ..ai.puzzles import Puzzle
from ..games.base import AnyGame, Game, MoveError, OptionValue, PositionError, Refusal, StateBase, derived_words
from ..i18n import N_, _, in_every_language, ngettext
from .board_marks import BoardMarks, HintSearch, HintValue
from .diagram import Diagram, target_name as diagram_target_name
from .seats import seat_colour_name

# The player's sentence for the move errors every engine can raise (games add theirs).
COMMON_MOVE_ERROR_TEXTS: dict[str, str] = {
    "not-text": N_("That is not a legal move now."),
    "game-over": N_("The game is over."),
}

# Position text refused for reasons every game shares (`PositionError.rule`).
COMMON_POSITION_ERROR_TEXTS: dict[str, str] = {
    "not-text": N_("A position is text."),
}


S = TypeVar("S", bound=StateBase)  # the engine's state type
M = TypeVar("M", bound=str)  # the engine's move type
E = TypeVar("E")  # the engine's effect type
P = TypeVar("P")  # the payload type of the board's marks
S_contra = TypeVar("S_contra", bound=StateBase, contravariant=True)


@dataclass(frozen=True)
class UIState(Generic[S]):
    """What the app knows beyond the game state: a partial multi-step input, the keyboard
    cursor, the last move (to highlight and animate it), and whether input is accepted; generic
    over the state type of the game shown (the state before the last move is one)."""

    selection: tuple[str, ...] = ()
    cursor: str | None = None
    last_before: S | None = None  # the state before the last move (None: nothing to show)
    last_move: str | None = None
    animate: bool = False
    interactive: bool = True
    # Optional extra hints the app may show (e.g. the value of each move from a solver).
    hints: tuple[tuple[str, HintValue], ...] = ()
    # Showing an earlier position in replay: views of games with hidden information must not show
    # what has been covered again since (e.g. Momox chips seen then).
    replaying: bool = False
    # The players' names in seat order, for views that mention players beside the board.
    names: tuple[str, ...] = ()
    # Marks that explain the position (render/diagram.py), drawn over the board: the editor's.
    diagram: Diagram = Diagram()
    # The board is drawn for a picture (a download, a diagram, a story's step): aids that help a
    # player choose a move (Nummerus' rings round the chips the star can reach) are left out.
    picture: bool = False

    def with_(self, **changes: Unpack[UIChanges[S]]) -> "UIState[S]":
        return replace(self, **changes)


class UIChanges(TypedDict, Generic[S], total=False):
    """The fields of a `UIState` that `with_` changes, each of its type."""

    selection: tuple[str, ...]
    cursor: str | None
    last_before: S | None
    last_move: str | None
    animate: bool
    interactive: bool
    hints: tuple[tuple[str, HintValue], ...]
    replaying: bool
    names: tuple[str, ...]
    diagram: Diagram
    picture: bool


@dataclass(frozen=True)
class SideLine:
    """One line of what lies beside the board (`GameView.side_lines`): its words, and the seat it
    is about (a picture draws a chip of that seat's colour before it), None for the table's."""

    text: str
    seat: int | None = None


@dataclass(frozen=True)
class ClickResult(Generic[S, M]):
    ui: UIState[S]
    move: M | None = None
    message: str | None = None  # said aloud and shown when the click does nothing (why not)


@dataclass(frozen=True)
class Action:
    """A button beside the board for a move (or a step of one) that has no place on the board."""

    target: str
    label: str
    hint: str = ""
    primary: bool = False


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class Field:
    """One option of the setup screen. kind: 'choice' (select), 'bool' (checkbox), 'int', 'text'."""

    name: str
    label: str
    help: str
    kind: str = "choice"
    choices: tuple[Choice, ...] = ()
    default: OptionValue = None
    minimum: int | None = None
    maximum: int | None = None
    # Only shown for these player counts (empty: always).
    players: tuple[int, ...] = ()
    # Only shown while another field has this value, e.g. ("specials", "random").
    show_when: tuple[str, str] | None = None
    # The engine options (`Game.options`) this field sets; empty: the one named like the field.
    options: tuple[str, ...] = ()

    def sets(self) -> tuple[str, ...]:
        return self.options or (self.name,)


class FieldNarrowing(TypedDict, total=False):
    """What a view's form offers of an option more narrowly than the engine allows (`option_field`)."""

    kind: str
    choices: tuple[Choice, ...]
    default: OptionValue
    minimum: int | None
    maximum: int | None
    players: tuple[int, ...]
    show_when: tuple[str, str] | None
    options: tuple[str, ...]


def option_field(game: AnyGame, name: str, label: str, help: str, *, labels: Mapping[int | str, str] | None = None, **shown: Unpack[FieldNarrowing]) -> Field:
    """The setup field of the engine's option `name`, built from its declaration (kind, default,
    range, choices, player counts): the view adds the words (label, help, choice labels) and, in
    `shown`, what the form offers more narrowly than the engine allows (a smaller maximum).

    A whole number given `labels` (a small range with words for some numbers, such as 0 for "as
    in the rulebook") is offered as a choice of every number of the declared range, the default
    chosen; `form_option` reads it back."""
    option = game.option(name)
    labels = labels or {}
    if option.kind == "int" and labels and option.minimum is not None and option.maximum is not None:
        numbers = range(option.minimum, option.maximum + 1)
        choices = tuple(Choice(str(n), labels.get(n, str(n))) for n in numbers)
        field = Field(name, label, help, kind="choice", choices=choices, default=str(option.default), players=option.players)
        return replace(field, **shown)
    choices = tuple(Choice(str(value), labels.get(value, str(value))) for value in option.choices)
    field = Field(
        name, label, help, kind=option.kind, choices=choices, default=option.default, minimum=option.minimum, maximum=option.maximum, players=option.players
    )
    return replace(field, **shown)


class Board(Protocol[S_contra, P, E]):
    """A board module (render/<game>_board.py) as its view uses it: the board drawn from a state and
    its marks, and where it draws each target. A module satisfies it (mypy checks the functions'
    signatures): the view declares it as `board = <game>_board`, a module, which stays a module
    when read from the view (a function stored on a class would be bound to the view)."""

    def board_svg(self, s: S_contra, marks: BoardMarks[P, E], /) -> str: ...

    def target_centres(self, s: S_contra, marks: BoardMarks[P, E], /) -> dict[str, tuple[float, float]]: ...


@dataclass(frozen=True)
class SeatStyle:
    name: str  # translated colour/seat name, e.g. "Red"
    css: str  # CSS class suffix for swatches and highlights, e.g. "red"


class GameView(Generic[S, M, E, P]):
    """Base class: one subclass per game in ludothek.render.<game_id>, a `GameView[<its state>,
    <its move>, <its effect>, <its board's payload>]` (see the module's docstring)."""

    game_id: str = ""
    default_players: int = 2
    # Hot-seat: ask to pass the device when the turn goes from one human to another.
    handover: bool = False
    # The game screen writes the shown move in words under the status line (describe_move), unless
    # the view says it itself beside the board (Momox's walk under the board).
    writes_last_move: bool = False

    # The game's board module (render/<game>_board.py): `board_svg` and `target_centres` draw with it.
    board: Board[S, P, E]

    def __init__(self, game: Game[S, M, E]):
        self.game = game

    # -- identity ------------------------------------------------------------------------------

    def title(self) -> str:
        return self.game.name

    def tagline(self) -> str:
        raise NotImplementedError

    # The colours of the seats in seat order, as CSS classes named in `seats.SEAT_COLOUR_NAMES`.
    seat_colours: tuple[str, ...] = ()

    def seat_style(self, seat: int, players: int) -> SeatStyle:
        colour = self.seat_colours[seat]
        return SeatStyle(seat_colour_name(colour), colour)

    def piece_svg(self, seat: int, players: int, size: float = 24) -> str:
        """A small picture of a seat's piece (for player panels), standalone SVG."""
        return ""

    # -- setup ---------------------------------------------------------------------------------

    def setup_fields(self) -> list[Field]:
        return []

    def options_from_form(self, values: dict[str, str], players: int) -> dict[str, OptionValue]:
        """Engine options from the setup form's strings; ValueError with a message on bad input."""
        return {}

    # Reading the setup form: each value within what its field offers (a field built from an
    # option carries the option's declared range and choices, or the narrower ones of the form).

    def setup_field(self, name: str) -> Field:
        return next(field for field in self.setup_fields() if field.name == name)

    def form_flag(self, values: Mapping[str, object], name: str) -> bool:
        """A switch of the form (a checkbox sends "on"); the field's default when it is absent."""
        value = values.get(name, "on" if self.setup_field(name).default else "off")
        return value in ("on", "true", "1", True)

    def form_choice(self, values: Mapping[str, object], name: str, refusal: str) -> str:
        """One of the field's choices (its default when absent); ValueError(refusal) otherwise."""
        field = self.setup_field(name)
        value = values.get(name, field.default)
        if value not in [choice.value for choice in field.choices]:
            raise ValueError(refusal)
        return str(value)

    def form_option(self, values: Mapping[str, object], name: str, refusal: str) -> int:
        """A whole-number option offered as a choice (`option_field` with `labels`): the number
        chosen (the field's default when absent); ValueError(refusal) for anything it does not offer."""
        return int(self.form_choice(values, name, refusal))

    def form_number(self, values: Mapping[str, object], name: str, not_whole: str, out_of_range: str) -> int:
        """A whole number within the field's range (its default when empty); ValueError with the
        (translated) sentence that says what is wrong otherwise."""
        field = self.setup_field(name)
        text = str(values.get(name, field.default) or field.default).strip()
        try:
            number = int(text)
        except ValueError:
            raise ValueError(not_whole) from None
        if field.minimum is not None and field.maximum is not None and not field.minimum <= number <= field.maximum:
            raise ValueError(out_of_range)
        return number

    def option_warnings(self, options: Mapping[str, OptionValue], players: int) -> list[str]:
        """Advice that does not stop the game from starting (e.g. more special cells than recommended)."""
        return []

    def setup_preview(self, values: dict[str, str], players: int) -> str:
        """What the setup screen shows under the form for these values (HTML or SVG text: the board
        as set up so far, the tiles of the game); "" when this game shows none."""
        return ""

    def setup_click(self, values: dict[str, str], cell: str) -> dict[str, str] | None:
        """The form's fields a click on `cell` of the setup preview changes (a preview drawn with
        controls over its cells, as Momentum's special cells by hand); None when this game's
        preview has no cells to click."""
        return None

    # -- drawing -------------------------------------------------------------------------------

    def board_svg(self, s: S, ui: UIState[S]) -> str:
        """The board as SVG text: its board module's drawing of `s` with the view's marks."""
        return self.board.board_svg(s, self.marks(s, ui))

    def target_centres(self, s: S, ui: UIState[S]) -> dict[str, tuple[float, float]]:
        """Where the board draws each target (its board module's `target_centres`), in the board's
        user units: the places a diagram's marks may go (the diagram editor's click targets)."""
        return self.board.target_centres(s, self.marks(s, ui))

    def board_edit_note(self, before: S, after: S) -> str:
        """What an edit of the board by hand (the diagram editor's pieces) changed beside the board
        without being asked, in the player's words ("": nothing), so that it never happens
        silently (Momentum's pie rule, which only the game's start has)."""
        return ""

    def target_name(self, target: str) -> str:
        """One of `target_centres`' targets as the marks' words name it: by what the board shows
        there (its coordinates, a field's number), so that a reader finds it on the board."""
        return diagram_target_name(target)

    def marks(self, s: S, ui: UIState[S]) -> BoardMarks[P, E]:
        """The marks the board is drawn with in this UI state, built from the engine (what may be
        clicked and each target's words, the last move, the hints, `ui.diagram`): the one thing
        each view writes for `board_svg` and `target_centres`."""
        raise NotImplementedError

    def last_effect(self, ui: UIState[S]) -> E | None:
        """The engine's effect of the last move the UI shows (its board marks), None when none is
        shown or the engine refuses it."""
        if ui.last_before is None or not ui.last_move:
            return None
        try:
            return self.game.effect(ui.last_before, ui.last_move)
        except ValueError:
            return None

    def thumbnail_svg(self) -> str:
        """A small picture of the game for the home screen (a typical position)."""
        raise NotImplementedError

    def extra_html(self, s: S, ui: UIState[S]) -> str:
        """Game-specific controls beside the board (e.g. a face chooser); may hold data-targets."""
        return ""

    def seat_details(self, s: S, seat: int) -> str:
        """Short HTML about one seat for its panel (e.g. stones in hand)."""
        return ""

    def actions(self, s: S, ui: UIState[S]) -> list[Action]:
        return []

    def side_html(self, s: S, names: list[str]) -> str:
        """Game-specific information beside the player panels (e.g. a table of round results)."""
        return ""

    # -- what lies beside the board, for a picture of the position ------------------------------

    def side_lines(self, s: S, names: Sequence[str]) -> list[SideLine]:
        """What a reader of a picture needs besides the board to understand the position, as
        short lines (render/pictures.py writes them under the board): whose turn it is (or the
        result), then each seat's public side information (`seat_summary`) and the table's
        (`table_summary`). Only what everyone at the table sees."""
        mover = self.game.current_player(s)
        if s.outcome is not None:
            lines = [SideLine(self.result_text(s, list(names)))]
        elif mover is not None:
            lines = [SideLine(_("{name} to move.").format(name=names[mover]), mover)]
        else:
            lines = []
        for seat in range(s.setup.players):
            summary = self.seat_summary(s, seat)
            if summary:
                lines.append(SideLine(_("{name}: {summary}").format(name=names[seat], summary=summary), seat))
        lines += [SideLine(text) for text in self.table_summary(s, names)]
        return lines

    def seat_summary(self, s: S, seat: int) -> str:
        """One seat's side information in a few words (its panel's, e.g. "5 stones in hand"); ""
        when the game has none."""
        return ""

    def table_summary(self, s: S, names: Sequence[str]) -> list[str]:
        """The side information that belongs to no seat (the pile, the round), short sentences."""
        return []

    # -- hints ---------------------------------------------------------------------------------

    def hint_label(self) -> str | None:
        """The label of the hint button, None when the game offers no hints."""
        return None

    def hints(self, s: S) -> tuple[tuple[str, HintValue], ...]:
        """(target, short label) pairs the view marks on the board, e.g. ('3:7', 'wins')."""
        return ()

    def hint_search(self, s: S) -> HintSearch:
        """The hints as a time-sliced search: a generator that yields None between small chunks of
        work and returns what `hints` returns. The default computes them in one go."""
        yield None
        return self.hints(s)

    def hint_text(self, s: S, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
        """One or two sentences that sum the hints up (spoken and shown)."""
        return ""

    # -- puzzles (render/puzzles.py asks these; ai/puzzles.py holds the puzzles) ----------------

    def puzzle_task(self, puzzle: Puzzle, mover: str) -> str:
        """What a puzzle asks `mover` (a seat's name) to find ("" for a game without puzzles)."""
        return ""

    def puzzle_premise_html(self, puzzle: Puzzle) -> str:
        """What the task builds on that the board does not show, as HTML ("" when nothing)."""
        return ""

    def puzzle_hint(self, puzzle: Puzzle, legal: tuple[str, ...]) -> str:
        """A nudge towards the puzzle's solution that does not give it away (`legal`: the
        position's moves, perhaps empty)."""
        return ""

    # -- input ---------------------------------------------------------------------------------

    def click(self, s: S, ui: UIState[S], target: str) -> ClickResult[S, M]:
        """Default: a target is a complete move."""
        for move in self.game.legal_moves(s):
            if move == target:
                return ClickResult(ui.with_(selection=()), move)
        return ClickResult(ui, None, _("That is not a legal move now."))

    def cancel(self, ui: UIState[S]) -> UIState[S]:
        """Escape: drop a partial input."""
        return ui.with_(selection=())

    # -- refused moves -------------------------------------------------------------------------

    # The one table of the game: each rule identifier its engine raises (`MoveError.rule`) and the
    # sentence the player reads, marked with N_ and formatted with the error's params (and the
    # words `move_error_words` adds). A test checks that every identifier has its sentence.
    move_error_texts: Mapping[str, str] = {}

    # Words the sentences derive from a param, in the player's language: param name -> function
    # of its value giving words (e.g. "seat" -> {"colour": "Blau"}); called when a sentence is made.
    # Each function takes its own param's type (a seat, a cell), which one table cannot name: Any.
    move_error_words_from: Mapping[str, Callable[[Any], Mapping[str, object]]] = {}

    def move_error_words(self, error: MoveError | Refusal) -> dict[str, object]:
        """The error's params and the words derived from them (`move_error_words_from`)."""
        return derived_words(error.params, self.move_error_words_from)

    def move_error_text(self, error: MoveError | Refusal) -> str:
        """Why the move was refused, in the player's language: the game's sentence for the rule
        (never the engine's English message). `error` is the engine's MoveError or its Refusal."""
        template = self.move_error_texts.get(error.rule) or COMMON_MOVE_ERROR_TEXTS.get(error.rule)
        if template is None:
            return _("That is not a legal move now.")
        return _(template).format(**self.move_error_words(error))

    # The game's sentences for position text the engine refuses (`PositionError.rule` -> a
    # template marked with N_, formatted with the error's params and the words
    # `move_error_words_from` derives), beside COMMON_POSITION_ERROR_TEXTS. A test reads every
    # rule the game's modules raise and checks each has its sentence here.
    position_error_texts: Mapping[str, str] = {}

    def position_error_text(self, error: Exception) -> str:
        """Why position text is not a position of this game, in the player's language (never the
        engine's English message): the sentence for the PositionError's rule, or a general one
        for any other error reading it raised."""
        if isinstance(error, PositionError) and error.rule is not None:
            template = self.position_error_texts.get(error.rule) or COMMON_POSITION_ERROR_TEXTS.get(error.rule)
            if template is not None:
                return _(template).format(**derived_words(error.params, self.move_error_words_from))
        return _("The text does not describe a position of this game.")

    def refusal(self, s: S, move: str) -> str | None:
        """The sentence for why `move` may not be played in `s` (None if it may): the engine's
        answer (`game.why_illegal`) in the player's words. A view refuses a click only so."""
        refused = self.game.why_illegal(s, move)
        return None if refused is None else self.move_error_text(refused)

    # -- words ---------------------------------------------------------------------------------

    def status_text(self, s: S, ui: UIState[S], names: list[str]) -> str:
        """One line: whose turn and what to do (or the result)."""
        raise NotImplementedError

    def describe_move(self, before: S, move: str, after: S, names: list[str]) -> str:
        """A sentence for the screen reader and the status line after a move."""
        raise NotImplementedError

    def move_text(self, before: S, move: str) -> str:
        """The move as shown in the move list (notation, perhaps with a short effect)."""
        return move

    def move_choice_text(self, before: S, move: str) -> str:
        """The move as named among the other moves of `before` (the diagram editor's best moves):
        in words a newcomer reads, and never the same for two different moves. The move list's
        short text where that already holds."""
        return self.move_text(before, move)

    def score_text(self, s: S, score: int) -> str | None:
        """A seat's score with what it counts, e.g. "12 points" (None: the game counts nothing but the win)."""
        return ngettext("{n} point", "{n} points", score).format(n=score)

    def result_text(self, s: S, names: list[str]) -> str:
        winners = self.game.winners(s)
        if not winners:
            return _("The game is drawn.")
        if len(winners) == 1:
            return _("{name} wins!").format(name=names[winners[0]])
        return _("{names} share the win.").format(names=", ".join(names[w] for w in winners))

    # -- the diagram editor's words for the game's pieces and settings (games/editing.py) --------

    def piece_name(self, piece: str) -> str:
        """A piece the editor's Pieces tool offers, in words ("Red stone")."""
        return piece

    def setting_name(self, name: str) -> str:
        """A setting beside the board, in words ("Player to move")."""
        return name

    def setting_value_name(self, name: str, value: str) -> str:
        """One of a setting's choices, in words ("Blue")."""
        return value

    def edit_refusal_texts(self) -> dict[str, str]:
        """The game's own reasons for refusing an edit (games/editing.EditRefused's `rule` to a
        template marked with N_), beside the common ones of render/editor.py."""
        return {}


# A view picked at run time by a game's id (the app's screens, the catalog): its state, move, effect
# and payload types are its game's, which the code that picks it cannot name.
AnyView = GameView[Any, Any, Any, Any]


def seat_names(view: AnyView, players: int) -> list[str]:
    """The default name of each seat: its colour, for humans and computers alike (so that two
    computers are told apart, and the board, which speaks of colours, agrees with the panels)."""
    return [view.seat_style(i, players).name for i in range(players)]


_DEFAULT_NAMES: dict[tuple[str, int, int], frozenset[str]] = {}


def is_default_name(view: AnyView, seat: int, players: int, name: str) -> bool:
    """Whether `name` is what the app filled in for this seat, in any language: the seat's colour,
    or "Computer" (the default of computer seats in older saves)."""
    key = (view.game_id, seat, players)
    if key not in _DEFAULT_NAMES:
        _DEFAULT_NAMES[key] = frozenset(
            in_every_language(lambda: view.seat_style(seat, players).name) | in_every_language(lambda: _("Computer")) | {"Computer"}
        )
    return name in _DEFAULT_NAMES[key]


def shown_seat_names(view: AnyView, names: Sequence[str]) -> list[str]:
    """The one name each seat goes by everywhere (panels, status, move list, dialogs, saves list):
    the name a player typed, or else the seat's colour in the current language. This is the single
    place that decides a seat's name; everything that shows one takes it from here."""
    names = list(names)
    players = len(names)
    return [view.seat_style(i, players).name if is_default_name(view, i, players, name) else name for i, name in enumerate(names)]


__all__ = [
    "UIState",
    "ClickResult",
    "Action",
    "Choice",
    "Field",
    "SeatStyle",
    "SideLine",
    "Board",
    "GameView",
    "AnyView",
    "seat_names",
    "shown_seat_names",
    "is_default_name",
    "field",
]
