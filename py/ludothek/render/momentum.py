"""Momentum's view: what a click does, the setup form, and the sentences a player reads and hears.
It asks the engine (games/momentum.py) every rule question, what may be clicked, why a click is
refused, the setup's numbers, and draws with render/momentum_board.py, which it hands the marks
(`marks`): the legal cells, the cells' names, the last move's effect and the hints.

Next: the board, render/momentum_board.py; the computer players, ai/momentum.py.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from ..games.base import OptionValue

from ..ai.base import GameAI
from ..ai.puzzles import Puzzle
from ..games.momentum import GAME, SPECIAL_KINDS, SWAP, Momentum, MomentumEffect, MomentumMove, MomentumRule, Push
from ..games.momentum_state import BUFFER, DAMPER, HOLE, SEAT_LETTERS, MomentumState
from ..games.notation import cell_name, parse_cell
from ..i18n import N_, _, ngettext
from .board_marks import BoardMarks, Control, HintValue
from .hinting import StrongestLevelHints
from . import momentum_board
from .momentum_board import SEAT_CSS, SPECIAL_CSS, stone_svg
from .seats import seat_names
from .svg import esc, num, tag
from .view import Action, Choice, ClickResult, Field, GameView, UIState, option_field

SEAT_NAMES = seat_names(SEAT_CSS)
SPECIAL_NAMES = {HOLE: N_("hole"), DAMPER: N_("damper"), BUFFER: N_("buffer")}  # a special cell's code: its name
THUMBNAIL_POSITION = "7x7 ......./..B..../....R../..RB.B./.R...../....B../....... B 5,4"


def parse_specials_text(text: str, size: str) -> dict[str, list[str]]:
    """'e5:x c3:d' (cell:code with x hole, d damper, p buffer) to engine options."""
    width, height = GAME.dimensions(size)
    found: dict[str, list[str]] = {option: [] for option in SPECIAL_KINDS}
    option_of = {kind: option for option, kind in SPECIAL_KINDS.items()}
    for token in text.split():
        cell, _sep, code = token.partition(":")
        if code not in option_of or parse_cell(cell, width, height) is None:
            raise ValueError(_("{token} is not a special cell on the {size} board").format(token=token, size=size))
        found[option_of[code]].append(cell)
    return found


def or_list(items: Iterable[object]) -> str:
    """A list of choices in the player's language: "8, 10 or 12"."""
    texts = [str(item) for item in items]
    return texts[0] if len(texts) == 1 else _("{some} or {last}").format(some=", ".join(texts[:-1]), last=texts[-1])


def stone_name(letter: str) -> str:
    """A stone by its seat's letter: "Red stone"."""
    return _("{colour} stone").format(colour=_(SEAT_NAMES[SEAT_LETTERS.index(letter)]))


class MomentumView(StrongestLevelHints[MomentumState, MomentumMove, MomentumEffect], GameView[MomentumState, MomentumMove, MomentumEffect, None]):
    game_id = "momentum"
    game: Momentum
    board = momentum_board
    seat_colours = SEAT_CSS
    default_players = 2
    move_error_texts = {
        MomentumRule.NOT_A_CELL: N_("That is not a legal move now."),
        MomentumRule.PIE_NOT_YET: N_("The pie rule applies only to the second player's first turn."),
        MomentumRule.PIE_UNAVAILABLE: N_("The pie rule is not available now."),
        MomentumRule.CELL_OCCUPIED: N_("{cell} is occupied."),
        MomentumRule.CELL_SPECIAL: N_("{cell} is a {kind_name}: nothing may be placed there."),
    }

    # The words of the move and position errors' params (the lists the engine gives as data).
    move_error_words_from = {
        "kind": lambda kind: {"kind_name": _(SPECIAL_NAMES[kind])},
        "seat": lambda seat: {"colour": _(SEAT_NAMES[seat])},
        "sizes": lambda sizes: {"sizes": or_list(sizes)},
        "counts": lambda counts: {"counts": or_list(counts)},
        "pie_players": lambda players: {"pie_players": or_list(players)},
    }

    position_error_texts = {
        "token-count": N_(
            "A position has 4 to 6 parts separated by single spaces (this one has {count}): the board size, the board, "
            "the player to move, the stones in hand, and if needed pie or swap and r<round>/<limit>."
        ),
        "board-size": N_("The board size must be {sizes}, not “{token}”."),
        "board-shape": N_("A {size} board has {height} rows of {width} cells, separated by /."),
        "cell-content": N_("“{token}” does not stand for a cell: use . (empty), R, B or G (stones), x (hole), d (damper) or p (buffer)."),
        "hands": N_("The stones in hand must be {counts} whole numbers separated by commas, one per player (such as 8,8), not “{token}”."),
        "to-move": N_("The player to move must be one of {letters}, not “{token}”."),
        "green-stones": N_("The stones in hand are for {players} players, Red and Blue: there can be no green stones on the board."),
        "stone-count": N_("{colour} has {on_board} + {in_hand} stones (on the board + in hand), but with {players} players on {size} each player has {total}."),
        "special-count": N_("The board has {count} special cells (x, d, p), but at most {limit} are allowed."),
        "pie-players": N_("The pie rule (pie or swap) is only played with {pie_players} players, not {players}."),
        "pie-start": N_("“pie” (the pie rule, still to come) needs an empty board with Red to move; after Red's first stone write “swap” instead."),
        "swap-start": N_("“swap” (Blue may take over Red's first stone) needs exactly one stone on the board, a red one, with Blue to move."),
        "extra-token": N_("“{token}” does not belong here: after the stones in hand may come only pie or swap, then r<round>/<limit> (such as r1/30)."),
        "round-count": N_("In r<round>/<limit> the limit must be from 1 to {max_limit} and the round from 1 to the limit plus one, not r{round}/{limit}."),
        "empty-hand": N_("Only the player who moved last ({colour}) may have no stones left in hand: that player has won."),
        "past-round-limit": N_("r{round}/{limit} is past the round limit, so the game ended after the last player's turn: Red must be to move."),
    }

    def game_ai(self) -> GameAI[MomentumState, MomentumMove, MomentumEffect]:
        from ..ai.momentum import AI

        return AI

    def tagline(self) -> str:
        return _("Place a stone and push your neighbours away. Empty your hand first.")

    def piece_svg(self, seat: int, players: int, size: float = 24) -> str:
        return tag("svg", stone_svg(SEAT_LETTERS[seat], 20, 20, 17), viewBox="0 0 40 40", width=num(size), height=num(size), class_="piece", aria_hidden="true")

    # -- setup ---------------------------------------------------------------------------------

    def setup_fields(self) -> list[Field]:
        return [
            option_field(
                self.game,
                "size",
                _("Board size"),
                _("Width by height. Bigger boards give each player more stones ({counts}).").format(counts=self._stones_by_size()),
            ),
            option_field(
                self.game,
                "pie",
                _("Pie rule"),
                _(
                    "On their first turn the second player may take over the first stone instead of placing one, so the first player has no advantage from starting."
                ),
            ),
            Field(
                "specials",
                _("Special cells (Bumm, Boing, Zisch!)"),
                _(
                    "Holes swallow a pushed stone (it returns to its owner), dampers stop the momentum, buffers send it back the other way. Nothing may be placed on them."
                ),
                choices=(
                    Choice("none", _("None")),
                    Choice("centre-hole", _("A hole in the centre (recommended for 9x9)")),
                    Choice("random", _("Random, symmetric")),
                    Choice("hand", _("Placed by hand")),
                ),
                default="none",
                options=("holes", "dampers", "buffers", "random_specials"),
            ),
            option_field(
                self.game,
                "random_specials",
                _("Number of random special cells"),
                _("Placed point-symmetrically; the rulebook advises no more than {n}.").format(n=self.game.advised_most_specials),
                default=4,
                minimum=1,
                maximum=12,
                show_when=("specials", "random"),
            ),
            Field(
                "hand_specials",
                _("Special cells by hand"),
                _("Cells and kinds, e.g. 'e5:x c3:d g7:p' (x hole, d damper, p buffer)."),
                kind="text",
                default="",
                show_when=("specials", "hand"),
                options=("holes", "dampers", "buffers"),
            ),
            option_field(
                self.game,
                "round_limit",
                _("Round limit"),
                _(
                    "Optional: after this many full rounds the player with the most stones on the board wins (tied leaders share the win; when all tie, it is a draw)."
                ),
                kind="choice",
                minimum=None,
                maximum=None,
                choices=(Choice("0", _("Off")), Choice("20", "20"), self._designer_round_limit(), Choice("40", "40")),
                default="0",
            ),
        ]

    def _stones_by_size(self) -> str:
        """The stones the engine deals, by player count and size: "2 players: 8, 10 or 12; 3 players: 6, 7 or 8"."""
        sizes = self.game.option("size").choices
        return "; ".join(
            ngettext("{players} player: {stones}", "{players} players: {stones}", players).format(
                players=players, stones=or_list(self.game.stones_each(players, size) for size in sizes)
            )
            for players in range(self.game.min_players, self.game.max_players + 1)
        )

    def _designer_round_limit(self) -> Choice:
        limit = self.game.designer_round_limit
        return Choice(str(limit), _("{n} (the designer's)").format(n=limit))

    def options_from_form(self, values: dict[str, str], players: int) -> dict[str, OptionValue]:
        size = self.form_choice(values, "size", _("Choose a board size."))
        options: dict[str, OptionValue] = {"size": size}
        if self.game.option("pie").applies_to(players):
            options["pie"] = self.form_flag(values, "pie")
        specials = values.get("specials", "none")
        if specials == "centre-hole":
            options["holes"] = [self.game.centre_cell(size)]
        elif specials == "random":
            field = self.setup_field("random_specials")
            options["random_specials"] = self.form_number(
                values,
                "random_specials",
                _("The number of special cells must be a whole number."),
                _("Choose between {least} and {most} special cells.").format(least=field.minimum, most=field.maximum),
            )
        elif specials == "hand":
            options.update({k: v for k, v in parse_specials_text(values.get("hand_specials", ""), size).items() if v})
        limit = self.form_choice(values, "round_limit", _("Choose a round limit."))
        if limit != "0":
            options["round_limit"] = int(limit)
        return options

    def option_warnings(self, options: Mapping[str, OptionValue], players: int) -> list[str]:
        if self.game.specials_beyond_advice(options):
            return [_("The rulebook advises no more than {n} special cells.").format(n=self.game.advised_most_specials)]
        return []

    def setup_preview(self, values: dict[str, str], players: int) -> str:
        """The board as set up so far; with specials placed by hand, a click cycles a cell
        through empty, hole, damper and buffer."""
        sizes = self.game.option("size")
        size = values.get("size", sizes.default)
        if size not in sizes.choices:
            size = sizes.default
        by_hand = values.get("specials") == "hand"
        try:
            options = self.options_from_form(values, players)
            options.pop("random_specials", None)
            s = self.game.new_game(players, seed=0, **options)
        except ValueError:
            s = self.game.new_game(players=players, size=size)
        if not by_hand:
            return self.board.board_svg(s, BoardMarks(label=_("Preview of the board")))
        controls = []
        for index in range(s.width * s.height):
            name = cell_name(index, s.width)
            content = s.board[index]
            what = _(SPECIAL_NAMES[content]) if content in SPECIAL_NAMES else _("empty")
            controls.append(Control(name, "setup-cell", _("{cell}: {what}. Click to change.").format(cell=name, what=what)))
        return self.board.board_svg(s, BoardMarks(label=_("Preview of the board"), controls=tuple(controls)))

    def setup_click(self, values: dict[str, str], cell: str) -> dict[str, str]:
        """Cycle `cell` through empty, hole, damper, buffer in the by-hand text field."""
        cycle = {"": HOLE, HOLE: DAMPER, DAMPER: BUFFER, BUFFER: ""}
        entries = {}
        for token in values.get("hand_specials", "").split():
            name, _sep, code = token.partition(":")
            entries[name] = code
        code = cycle.get(entries.get(cell, ""), "")
        if code:
            entries[cell] = code
        else:
            entries.pop(cell, None)
        return {"hand_specials": " ".join(f"{k}:{v}" for k, v in sorted(entries.items()))}

    # -- drawing -------------------------------------------------------------------------------

    def marks(self, s: MomentumState, ui: UIState[MomentumState]) -> BoardMarks[None, MomentumEffect]:
        effect = self.last_effect(ui)
        interactive = ui.interactive
        legal = frozenset(self.game.legal_cells(s)) if interactive else frozenset()
        marks: BoardMarks[None, MomentumEffect] = BoardMarks(
            interactive=interactive,
            legal=legal,
            labels=self.cell_labels(s) if interactive else {},
            cursor=ui.cursor,
            effect=effect,
            animate=ui.animate,
            hints=dict(ui.hints) if interactive else {},
            diagram=ui.diagram,
        )
        return marks

    def cell_labels(self, s: MomentumState) -> dict[str, str]:
        """Every cell's accessible name: 'd4: Red stone', 'e5: hole', 'a1: empty'."""
        labels = {}
        for index, content in enumerate(s.board):
            if content in SEAT_LETTERS:
                what = stone_name(content)
            elif content in SPECIAL_CSS:
                what = _(SPECIAL_NAMES[content])
            else:
                what = _("empty")
            name = cell_name(index, s.width)
            labels[name] = f"{name}: {what}"
        return labels

    def thumbnail_svg(self) -> str:
        s = self.game.from_position(THUMBNAIL_POSITION)
        return self.board.board_svg(s, BoardMarks(label=_("Momentum"), coordinates=False))

    def score_text(self, s: MomentumState, score: int) -> str | None:
        return ngettext("{n} stone on the board", "{n} stones on the board", score).format(n=score)

    def seat_details(self, s: MomentumState, seat: int) -> str:
        n = s.hands[seat]
        return tag("span", esc(self.seat_summary(s, seat)), class_="hand", data_hand=str(n))

    def seat_summary(self, s: MomentumState, seat: int) -> str:
        n = s.hands[seat]
        return ngettext("{n} stone in hand", "{n} stones in hand", n).format(n=n)

    def table_summary(self, s: MomentumState, names: Sequence[str]) -> list[str]:
        lines = []
        if s.outcome is None and self.game.swap_offered(s):
            lines.append(_("{name} may take over the first stone instead (pie rule).").format(name=names[s.to_move]))
        if s.round_limit and s.outcome is None:
            lines.append(_("Round {r} of {limit}.").format(r=s.round, limit=s.round_limit))
        return lines

    def actions(self, s: MomentumState, ui: UIState[MomentumState]) -> list[Action]:
        if ui.interactive and self.game.swap_offered(s):
            return [Action(SWAP, _("Swap (pie rule)"), _("Take over the first stone instead of placing one."))]
        return []

    def click(self, s: MomentumState, ui: UIState[MomentumState], target: str) -> ClickResult[MomentumState, MomentumMove]:
        for move in self.game.legal_moves(s):
            if move == target:
                return ClickResult(ui.with_(selection=(), cursor=ui.cursor if move == SWAP else move), move)
        return ClickResult(ui, None, self.refusal(s, target) or _("That is not a legal move now."))

    # -- words ---------------------------------------------------------------------------------

    def puzzle_task(self, puzzle: Puzzle, mover: str) -> str:
        if puzzle["depth"] <= 1:
            return _("{name} to move: find the only stone that wins at once.").format(name=mover)
        if puzzle["depth"] <= 3:  # not a rule: the puzzle's depth in plies (1, 3 or 5: one to three own turns)
            return _("{name} to move: find the only stone that wins with your next stone, whatever the opponent does.").format(name=mover)
        return _("{name} to move: find the only stone that wins within three of your turns, whatever the opponent does.").format(name=mover)

    def puzzle_hint(self, puzzle: Puzzle, legal: tuple[str, ...]) -> str:
        return _("Look at file {file}.").format(file=puzzle["solution"][0])

    def hint_text(self, s: MomentumState, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
        if not hints:
            return ""
        move = hints[-1][0]
        if move == SWAP:
            return _("Hint: swap – take over the first stone (pie rule).")
        return _("Hint: place a stone on {cell} (marked with a check).").format(cell=move)

    def status_text(self, s: MomentumState, ui: UIState[MomentumState], names: list[str]) -> str:
        if s.outcome is not None:
            return self.result_text(s, names)
        name = names[s.to_move]
        n = s.hands[s.to_move]
        text = ngettext("{name} to move: place a stone ({n} left).", "{name} to move: place a stone ({n} left).", n).format(name=name, n=n)
        if self.game.swap_offered(s):
            text += " " + _("Or swap: take over the first stone (pie rule).")
        if s.round_limit:
            text += " " + _("Round {r} of {limit}.").format(r=s.round, limit=s.round_limit)
        return text

    def describe_move(self, before: MomentumState, move: str, after: MomentumState, names: list[str]) -> str:
        name = names[before.to_move]
        effect = self.game.effect(before, move)
        if effect.kind == "swapped":
            return _("{name} swapped: the first stone is now theirs.").format(name=name)
        sentences = [_("{name} placed a stone on {cell}.").format(name=name, cell=move)]
        moved = [(p, to) for p in effect.pushes if (to := p.to) is not None]
        gone = [p for p in effect.pushes if p.to is None]

        def colour(p: Push) -> str:
            return _(SEAT_NAMES[SEAT_LETTERS.index(p.stone)])

        if moved:
            sentences.append(
                _("Pushed: {list}.").format(
                    list=", ".join(
                        _("{colour} {a} to {b}").format(colour=colour(p), a=cell_name(p.origin, before.width), b=cell_name(to, before.width)) for p, to in moved
                    )
                )
            )
        if gone:
            sentences.append(
                _("Back to hand: {list}.").format(
                    list=", ".join(_("{colour} from {a}").format(colour=colour(p), a=cell_name(p.origin, before.width)) for p in gone)
                )
            )
        return " ".join(sentences)

    def move_text(self, before: MomentumState, move: str) -> str:
        effect = self.game.effect(before, move)
        if effect.kind == "swapped":
            return _("swap")
        gone = sum(1 for p in effect.pushes if p.to is None)
        return move + (" " + _("({n} off)").format(n=gone) if gone else "")

    def move_choice_text(self, before: MomentumState, move: str) -> str:
        """What the move pushes off, in words: "c3, pushes 1 stone off the board" where the move list says "c3 (1 off)"."""
        effect = self.game.effect(before, move)
        if effect.kind == "swapped":
            return _("take over the first stone (the pie rule)")
        gone = sum(1 for p in effect.pushes if p.to is None)
        if not gone:
            return move
        return ngettext("{cell}, pushes {n} stone off the board", "{cell}, pushes {n} stones off the board", gone).format(cell=move, n=gone)

    # -- the diagram editor (games/momentum_editing.py) --

    def board_edit_note(self, before: MomentumState, after: MomentumState) -> str:
        """The editor keeps the pie rule only where the game's start can have it (the engine's
        `pie_token_holds`): a stone put or taken by hand elsewhere drops it, and the author is told."""
        if not self.game.pie_rule_holds(before) or self.game.pie_rule_holds(after):
            return ""
        return _("The pie rule is now off: only a game's start has it (an empty board with Red to move, or Red's first stone alone with Blue to move).")

    def piece_name(self, piece: str) -> str:
        if piece in SEAT_LETTERS:
            return stone_name(piece)
        return _(SPECIAL_NAMES[piece]).capitalize() if piece in SPECIAL_NAMES else piece

    def setting_name(self, name: str) -> str:
        names = {
            "to-move": _("Player to move"),
            "players": _("Players"),
            "size": _("Board size"),
            "pie": _("Pie rule"),
            "round-limit": _("Round limit (0: off)"),
        }
        return names.get(name, name)

    def setting_value_name(self, name: str, value: str) -> str:
        if name == "to-move" and value in SEAT_LETTERS:
            return _(SEAT_NAMES[SEAT_LETTERS.index(value)])
        if name == "pie":
            return {"off": _("Off"), "pie": _("On, not yet due"), "swap": _("Blue may swap now")}.get(value, value)
        return value


def make_view(game: Momentum) -> MomentumView:
    return MomentumView(game)


# The game's view as its record (render/catalog.py) registers it.
VIEW = make_view(GAME)
