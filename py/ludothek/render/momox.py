"""Momox's view: what a click does, the setup fields, the side panels and the sentences a
player reads and hears. The board itself is drawn by render/momox_board.py; the names of colours,
places, fields and circles, the board in words and the sentences for refused position text are
render/momox_words.py's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from ..games.base import OptionValue

from ..ai.base import GameAI
from ..ai.puzzles import Puzzle
from ..games.momox import GAME, KEEP, LIFT, LEAVE, LIFT_MOVES, OVER, RESHUFFLE, SHUFFLE, STAY, TAKE, TILE
from ..games.momox import LiftEffect, Momox, MomoxEffect, MomoxEnd, MomoxMove, MomoxRule, MomoxState, TakeEffect
from ..games.momox_board import CIRCLES, COLOUR_LETTERS, CORNER_FIELDS, FIELD_COUNT, TILE_VALUES
from ..i18n import N_, _, ngettext
from .board_marks import BoardMarks, HintValue
from .diagram import Diagram
from .svg import esc, piece_icon, tag
from .hinting import StrongestLevelHints
from .view import Action, Choice, ClickResult, Field, GameView, UIState, option_field
from . import momox_board
from .momox_board import SEAT_CSS, MomoxPayload, figure_svg
from .momox_words import (
    POSITION_ERROR_TEXTS,
    board_description,
    circle_name,
    circle_title,
    circle_words,
    colour_name,
    field_name,
    field_words,
    number_text,
    place_name,
)


class MomoxView(StrongestLevelHints[MomoxState, MomoxMove, MomoxEffect], GameView[MomoxState, MomoxMove, MomoxEffect, MomoxPayload]):
    game_id = "momox"
    game: Momox
    board = momox_board
    seat_colours = SEAT_CSS
    default_players = 2
    handover = False  # nothing is private to one player: every chip is hidden from everybody alike
    writes_last_move = True  # extra_html: the walk in words under the board
    move_error_texts = {
        MomoxRule.NOT_A_MOVE: N_("That is not a legal move now."),
        MomoxRule.TILE_PENDING: N_("First take or leave the tile beside this corner."),
        MomoxRule.SHUFFLE_PENDING: N_("The turn is over: first reshuffle the chips or keep them."),
        MomoxRule.STAY_NOT_YELLOW: N_("You may stay only on a yellow field you have just reached in this turn."),
        MomoxRule.OPEN_CIRCLE: N_("This circle is open: no bowl covers it. Lift a bowl from another circle."),
        MomoxRule.NO_TILE: N_("There is no tile to take here: only landing exactly on a corner with your tile offers one."),
        MomoxRule.NO_SHUFFLE: N_("The chips may be reshuffled only after landing on yellow fields {yellows} times in one turn."),
    }
    move_error_words_from = {
        "seat": lambda seat: {"colour": colour_name(seat)},
        "turn_seat": lambda seat: {"turn_colour": colour_name(seat)},
        "first_seat": lambda seat: {"first_colour": colour_name(seat)},
    }
    position_error_texts = POSITION_ERROR_TEXTS  # render/momox_words.py

    def game_ai(self) -> GameAI[MomoxState, MomoxMove, MomoxEffect]:
        from ..ai.momox import AI

        return AI

    def tagline(self) -> str:
        return _("Lift a bowl, walk the number beneath it and collect your four tiles. Remember where the numbers lie!")

    def piece_svg(self, seat: int, players: int, size: float = 24) -> str:
        return piece_icon(figure_svg(seat, 20, 19, 16), size, "piece momox-piece")

    # -- setup ---------------------------------------------------------------------------------

    def setup_fields(self) -> list[Field]:
        return [
            option_field(
                self.game,
                "rounds",
                _("Rounds"),
                _(
                    "One round: the first player to collect all four tiles wins. Several rounds: at the end of each round every "
                    "player scores the number their tiles form (missing digits count as 0); the highest total wins."
                ),
            ),
            Field(
                "chips",
                _("Chips"),
                _(
                    "Normally the six chips are shuffled face down. For teaching you can lay them out yourself; reshuffles "
                    "and later rounds are shuffled as usual."
                ),
                choices=(Choice("shuffled", _("Shuffled (the normal game)")), Choice("hand", _("Laid out by hand (for teaching)"))),
                default="shuffled",
                options=("chips",),
            ),
            Field(
                "chips_text",
                _("Chips on circles 0 to 5"),
                _("Six digits: the chip on the centre circle 0, then on circles 1 to 5, each of 1 to 6 once, e.g. 352614."),
                kind="text",
                default="",
                show_when=("chips", "hand"),
                options=("chips",),
            ),
        ]

    def options_from_form(self, values: dict[str, str], players: int) -> dict[str, OptionValue]:
        options: dict[str, OptionValue] = {}
        most = self.setup_field("rounds").maximum  # the engine's option declares the range
        rounds = self.form_number(values, "rounds", _("The number of rounds must be a whole number."), _("Choose between 1 and {n} rounds.").format(n=most))
        if rounds != self.game.option("rounds").default:  # the normal game needs no option
            options["rounds"] = rounds
        if values.get("chips", "shuffled") == "hand":
            try:
                chips = self.game.chips_from_text("".join(str(values.get("chips_text", "")).split()))
            except ValueError:
                raise ValueError(_("Lay out the chips as six digits, 1 to 6 once each, such as 352614.")) from None
            options["chips"] = list(chips)
        return options

    def option_warnings(self, options: Mapping[str, OptionValue], players: int) -> list[str]:
        if "chips" in options:
            return [_("Everyone who saw the setup knows where the chips lie: good for teaching, not for a real game.")]
        return []

    def setup_preview(self, values: dict[str, str], players: int) -> str:
        s = self.game.observation(self.game.new_game(players=players), None)  # chips face down in any case
        return self.board.board_svg(s, self.marks_with(s, label=_("Preview of the board")))

    # -- drawing -------------------------------------------------------------------------------

    def marks(self, s: MomoxState, ui: UIState[MomoxState]) -> BoardMarks[MomoxPayload, MomoxEffect]:
        return self.marks_with(
            s,
            interactive=ui.interactive,
            cursor=ui.cursor,
            last_before=ui.last_before,
            last_move=ui.last_move,
            animate=ui.animate and ui.last_before is not None and bool(ui.last_move),
            replaying=ui.replaying,
            hints=dict(ui.hints),
            diagram=ui.diagram,
        )

    def thumbnail_svg(self) -> str:
        before = self.game.from_position(THUMBNAIL_BEFORE)
        after = self.game.play(before, THUMBNAIL_MOVE)
        shown = self.game.observation(after, None)
        marks = self.marks_with(shown, last_before=self.game.observation(before, None), last_move=THUMBNAIL_MOVE, label=_("Momox"), describe=False)
        return self.board.board_svg(shown, marks)

    def _target_labels(self, s: MomoxState, targets: set[MomoxMove], replaying: bool) -> dict[str, str]:
        """Each target's accessible name: every bowl (the open circle, the bowls that may be lifted,
        the others), the tile on offer and Stay."""
        game = self.game
        open_c = game.open_circle(s)
        circle = game.circles(s)[open_c]
        labels: dict[str, str] = {}
        for c in range(CIRCLES):
            if c == open_c:
                if circle.face_up and not replaying:
                    labels[LIFT_MOVES[c]] = _("{circle}: open, its chip shows {value}").format(circle=circle_title(c), value=circle.value)
                else:
                    labels[LIFT_MOVES[c]] = _("{circle}: open, its chip lies face down").format(circle=circle_title(c))
            elif LIFT_MOVES[c] in targets:
                labels[LIFT_MOVES[c]] = _("Lift the bowl from {circle}").format(circle=circle_words(c))
            else:
                labels[LIFT_MOVES[c]] = _("{circle}: a bowl").format(circle=circle_title(c))
        pending = game.pending_tile(s)
        if pending is not None:
            labels[TAKE] = _("Take your {value} (it becomes your {place} digit)").format(value=pending.value, place=place_name(pending.place))
        if STAY in targets:
            labels[STAY] = ngettext(
                "Stay on this yellow field and end your turn ({n} yellow field in this turn)",
                "Stay on this yellow field and end your turn ({n} yellow fields in this turn)",
                s.yellows,
            ).format(n=s.yellows)
        return labels

    def _with_last_walk(self, payload: MomoxPayload, s: MomoxState, last_before: MomoxState | None, last_move: str | None) -> MomoxPayload:
        """The payload with the last walk, when the last move lifted a bowl (the engine's
        `lift_seen`): whose figure walked from where along which fields, the bowl lifted, the
        circle covered again, and who shared the field it left."""
        lift = self._lift_shown(last_before, last_move, s)
        if lift is None or last_before is None:
            return payload
        return replace(
            payload,
            walk_seat=lift.seat,
            walk_from=lift.start,
            walk_path=lift.path,
            lifted=lift.circle,
            covered_again=lift.covered_again,
            walk_sharing=tuple(seat for seat, f in enumerate(last_before.figures) if f == lift.start),
        )

    def _lift_shown(self, before: MomoxState | None, move: str | None, after: MomoxState) -> LiftEffect | None:
        """The last move's bowl lifted and walk, as the table saw them (None: no bowl was lifted)."""
        if before is None or move is None:
            return None
        return self.game.lift_seen(before, move, after)

    def marks_with(
        self,
        s: MomoxState,
        *,
        interactive: bool = False,
        cursor: str | None = None,
        last_before: MomoxState | None = None,
        last_move: str | None = None,
        animate: bool = False,
        replaying: bool = False,
        label: str | None = None,
        describe: bool = True,
        hints: dict[str, HintValue] | None = None,
        diagram: Diagram | None = None,
    ) -> BoardMarks[MomoxPayload, MomoxEffect]:
        """What the board marks, from the engine: the bowls that may be lifted, the tile on offer,
        Stay, the last walk, and every target's name; spelled out, for `marks` (a UI state's) and for
        the pictures drawn without one (the setup preview, the thumbnail)."""
        game = self.game
        legal = set(game.legal_moves(s)) if interactive else set()
        targets = {LIFT_MOVES[c] for c in game.liftable_circles(s)} if interactive else set()
        if STAY in legal:
            targets.add(STAY)
        pending = game.pending_tile(s)
        if interactive and pending is not None:
            targets.add(TAKE)
        labels = self._target_labels(s, targets, replaying) if interactive else {}
        open_c = game.open_circle(s)
        circle = game.circles(s)[open_c]
        steps_ahead = game.fields_ahead(s) if interactive else {}
        remaining = game.corner_tiles(s)
        payload = MomoxPayload(
            over=s.outcome is not None,
            open_circle=open_c,
            open_chip=circle.value if circle.face_up and not replaying else None,
            lying={corner: frozenset(seat for seat, _value in remaining[corner]) for corner in CORNER_FIELDS},
            pending_corner=pending.field if pending is not None else None,
            steps_ahead=steps_ahead,
        )
        return BoardMarks(
            interactive=interactive,
            legal=frozenset(targets),
            labels=labels,
            cursor=cursor,
            last_move=last_move,
            animate=animate,
            replaying=replaying,
            hints=hints or {},
            label=label,
            description=board_description(game, s, replaying) if describe else None,
            diagram=diagram if diagram is not None else Diagram(),
            payload=self._with_last_walk(payload, s, last_before, last_move),
        )

    def extra_html(self, s: MomoxState, ui: UIState[MomoxState]) -> str:
        """The last walk in words, under the board (the board shows it; this says it)."""
        lift = None if ui.replaying else self._lift_shown(ui.last_before, ui.last_move, s)
        if lift is None:
            return ""
        text = _("{colour} lifted the bowl from {circle} and walked {value}.").format(
            colour=colour_name(lift.seat), circle=circle_words(lift.circle), value=lift.value
        )
        return tag("p", esc(text), class_="momox-last")

    def seat_details(self, s: MomoxState, seat: int) -> str:
        held = self.game.held_tiles(s, seat)
        places = len(TILE_VALUES)  # a tile a digit
        boxes = []
        for place in reversed(range(places)):
            filled = place < len(held)
            boxes.append(tag("span", esc(str(held[place])) if filled else "", class_="digit" + (" filled" if filled else "")))
        spoken = self._number_words(s, seat)
        parts = [
            tag("span", "".join(boxes), class_=f"momox-number {SEAT_CSS[seat]}", aria_hidden="true", data_number=str(self.game.number(s, seat))),
            tag("span", esc(spoken), class_="visually-hidden"),
        ]
        return tag("span", "".join(parts), class_="momox-seat")

    def _number_words(self, s: MomoxState, seat: int) -> str:
        held = self.game.held_tiles(s, seat)
        return (
            _("Number so far: {number} ({n} of {total} tiles)").format(number=number_text(held), n=len(held), total=len(TILE_VALUES))
            if held
            else _("No tile yet")
        )

    def seat_summary(self, s: MomoxState, seat: int) -> str:
        """The seat's number so far (the tiles it holds, public), and its total over the rounds."""
        words = self._number_words(s, seat)
        if s.several_rounds:
            words += " · " + _("Total: {points}").format(points=self.game.scores(s)[seat])
        return words

    def table_summary(self, s: MomoxState, names: Sequence[str]) -> list[str]:
        if s.several_rounds and not self.game.is_over(s):
            return [_("Round {r} of {n}.").format(r=s.round, n=s.rounds)]
        return []

    def side_html(self, s: MomoxState, names: list[str]) -> str:
        """With several rounds: a running table of the rounds' numbers and the totals."""
        if not s.several_rounds:
            return ""
        table = self.game.round_table(s)
        players = len(s.figures)
        over = self.game.is_over(s)
        head = tag(
            "tr",
            tag("th", esc(_("Round")), scope="col")
            + "".join(tag("th", esc(names[seat]), scope="col", class_=f"seat-{SEAT_CSS[seat]}") for seat in range(players)),
        )
        rows = []
        for index, numbers in enumerate(table.rounds):
            rows.append(tag("tr", tag("th", esc(str(index + 1)), scope="row") + "".join(tag("td", esc(str(n))) for n in numbers), class_="finished"))
        if not over:
            running = [self.game.number(s, seat) for seat in range(players)]
            rows.append(
                tag(
                    "tr",
                    tag("th", esc(_("{n} (playing)").format(n=table.round)), scope="row") + "".join(tag("td", esc(str(n))) for n in running),
                    class_="running",
                )
            )
        totals = self.game.scores(s)
        foot = tag("tr", tag("th", esc(_("Total")), scope="row") + "".join(tag("td", esc(str(t))) for t in totals), class_="totals")
        caption = _("Rounds: {done} of {of} finished").format(done=len(table.rounds), of=table.of)
        return tag(
            "table",
            tag("caption", esc(caption)) + tag("thead", head) + tag("tbody", "".join(rows)) + tag("tfoot", foot),
            class_="momox-rounds",
            data_round=str(table.round),
        )

    def actions(self, s: MomoxState, ui: UIState[MomoxState]) -> list[Action]:
        if not ui.interactive:
            return []
        phase = s.phase
        if phase == TILE:
            tile = self.game.pending_tile(s)
            assert tile is not None  # the phase of a tile on offer
            return [
                Action(
                    TAKE,
                    _("Take the {value}").format(value=tile.value),
                    _("It becomes your {place} digit.").format(place=place_name(tile.place)),
                    primary=True,
                ),
                Action(LEAVE, _("Leave it"), _("You will have to land here exactly again to take it.")),
            ]
        if phase == SHUFFLE:
            return [
                Action(RESHUFFLE, _("Reshuffle the chips"), _("All chips face down, shuffled, the centre open: everybody's memory is wiped.")),
                Action(KEEP, _("Keep the chips"), _("The chips stay where they are.")),
            ]
        if STAY in self.game.legal_moves(s):
            return [Action(STAY, _("Stay"), _("End your turn on this yellow field instead of lifting another bowl."))]
        return []

    # -- input ---------------------------------------------------------------------------------

    def click(self, s: MomoxState, ui: UIState[MomoxState], target: str) -> ClickResult[MomoxState, MomoxMove]:
        for move in self.game.legal_moves(s):
            if move == target:
                cursor = target if target in LIFT_MOVES else ui.cursor
                return ClickResult(ui.with_(selection=(), cursor=cursor), move)
        refusal = self.game.why_illegal(s, target)
        if refusal is None:
            return ClickResult(ui, None, _("That is not a legal move now."))
        return ClickResult(ui, None, self.move_error_text(refusal))

    # -- words ---------------------------------------------------------------------------------

    def status_text(self, s: MomoxState, ui: UIState[MomoxState], names: list[str]) -> str:
        if self.game.is_over(s):
            return self.result_text(s, names)
        name = names[s.to_move]
        phase = s.phase
        yellows = s.yellows
        if phase == TILE:
            tile = self.game.pending_tile(s)
            assert tile is not None  # the phase of a tile on offer
            text = _("{name} may take the {value} here (it would be the {place} digit) or leave it.").format(
                name=name, value=tile.value, place=place_name(tile.place)
            )
        elif phase == SHUFFLE:
            text = ngettext(
                "{name} landed on yellow {n} time in this turn: reshuffle the chips or keep them?",
                "{name} landed on yellow {n} times in this turn: reshuffle the chips or keep them?",
                yellows,
            ).format(name=name, n=yellows)
        elif yellows:
            text = ngettext(
                "{name} is on a yellow field: lift another bowl or stay ({n} yellow field in this turn).",
                "{name} is on a yellow field: lift another bowl or stay ({n} yellow fields in this turn).",
                yellows,
            ).format(name=name, n=yellows)
        else:
            text = _("{name} to move: lift a bowl.").format(name=name)
        if s.several_rounds:
            text += " " + _("Round {r} of {n}.").format(r=s.round, n=s.rounds)
        return text

    def describe_move(self, before: MomoxState, move: str, after: MomoxState, names: list[str]) -> str:
        seat = before.to_move
        name = names[seat]
        if move in LIFT_MOVES:
            lift = self.game.lift_seen(before, move, after)
            return "" if lift is None else self._lift_words(lift, after, name)
        if move == TAKE:
            effect = self.game.effect(before, move)
            assert isinstance(effect, TakeEffect)  # what a take does
            sentences = [
                _("{name} took the {value} as the {place} digit: {number}.").format(
                    name=name, value=effect.tile, place=place_name(effect.place), number=number_text(effect.held)
                )
            ]
            if effect.round_result is not None:
                results = ", ".join(f"{names[i]} {n}" for i, n in enumerate(effect.round_result))
                sentences.append(_("Round {r} is over: {results}.").format(r=before.round, results=results))
                if not self.game.is_over(after):
                    sentences.append(_("Round {r} begins; {name} starts.").format(r=after.round, name=names[after.to_move]))
            elif after.phase == SHUFFLE:
                sentences.append(self._may_reshuffle(after, name))
            return " ".join(sentences)
        if move == LEAVE:
            tile = self.game.pending_tile(before)
            assert tile is not None  # "leave" is legal only with a tile on offer
            text = _("{name} left the {value} beside the corner.").format(name=name, value=tile.value)
            if after.phase == SHUFFLE:
                text += " " + self._may_reshuffle(after, name)
            return text
        if move == STAY:
            text = _("{name} stays on the yellow field; the turn ends.").format(name=name)
            if after.phase == SHUFFLE:
                text += " " + self._may_reshuffle(after, name)
            return text
        if move == RESHUFFLE:
            return _("{name} reshuffled the chips: all lie face down again, the centre circle is open.").format(name=name)
        return _("{name} kept the chips as they lie.").format(name=name)

    def _lift_words(self, lift: LiftEffect, after: MomoxState, name: str) -> str:
        """A bowl lifted: the chip, the walk, and what the landing offers."""
        sentences = [
            _("{name} lifted the bowl from {circle}: a {value}.").format(name=name, circle=circle_words(lift.circle), value=lift.value),
            _("{name} walks to {field}.").format(name=name, field=field_words(lift.landing)),
        ]
        tile = self.game.pending_tile(after)
        if tile is not None:
            sentences.append(_("{name} may take the {value} here or leave it.").format(name=name, value=tile.value))
        elif lift.yellow:
            sentences.append(_("A yellow field: {name} may lift another bowl or stay.").format(name=name))
        elif after.phase == SHUFFLE:
            sentences.append(self._may_reshuffle(after, name))
        return " ".join(sentences)

    def _may_reshuffle(self, after: MomoxState, name: str) -> str:
        n = after.yellows
        return ngettext(
            "{n} yellow field in this turn: {name} may reshuffle the chips.", "{n} yellow fields in this turn: {name} may reshuffle the chips.", n
        ).format(n=n, name=name)

    def puzzle_task(self, puzzle: Puzzle, mover: str) -> str:
        return (
            _("{name} to move: find the only bowl that surely walks your figure to one of your tiles this turn.").format(name=mover)
            + " "
            + _("The table remembers these chips under the bowls:")
        )

    def puzzle_premise_html(self, puzzle: Puzzle) -> str:
        """The remembered chips (the engine's `remembered_chips`), as a list: the board never shows
        them (remembering is the game), a puzzle states them as its premise."""
        remembered = self.game.remembered_chips(self.game.from_position(puzzle["position"]))
        items = "".join(tag("li", esc(_("Circle {n}:").format(n=c)) + " " + tag("span", esc(str(v)), class_="memory-chip")) for c, v in remembered)
        return tag("ul", items, class_="puzzle-memory")

    def puzzle_hint(self, puzzle: Puzzle, legal: tuple[str, ...]) -> str:
        if puzzle["depth"] <= 1:
            return _("Count the fields from your figure to each corner where one of your tiles lies.")
        return _("The way takes {n} lifts: each lands on a yellow field, the last on your corner.").format(n=puzzle["depth"])

    def hint_text(self, s: MomoxState, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
        if not hints:
            return ""
        move = hints[-1][0]
        if move in LIFT_MOVES:
            return _("Hint: lift the bowl from {circle} (marked with a check).").format(circle=circle_words(LIFT_MOVES.index(move)))
        return _("Hint: {move}.").format(move=self.move_text(s, move))

    def move_text(self, before: MomoxState, move: str) -> str:
        """Short, and without the number walked: the list stays on screen long after a bowl covers
        that chip again, and remembering it is the game."""
        if move in LIFT_MOVES:
            return _("bowl {n}").format(n=LIFT_MOVES.index(move))
        if move in (TAKE, LEAVE):
            tile = self.game.pending_tile(before)
            if tile is not None:
                return (_("take {value}") if move == TAKE else _("leave {value}")).format(value=tile.value)
            return _("take") if move == TAKE else _("leave")
        if move == STAY:
            return _("stay")
        return _("reshuffle") if move == RESHUFFLE else _("keep")

    def target_name(self, target: str) -> str:
        """The board draws no field numbers and writes "0" to "5" beside the circles: a field is
        named by its corner and distance (as the board's words name it), a circle by its number,
        never by the notation's "k2" (issue 57). Each in a form that fits any sentence."""
        if target in LIFT_MOVES:
            return circle_name(LIFT_MOVES.index(MomoxMove(target)))
        if target == TAKE:
            return _("tile on offer")
        if target == STAY:
            return _("button “Stay”")
        if target.isdigit() and int(target) < FIELD_COUNT:
            return field_name(int(target))
        return super().target_name(target)

    def result_text(self, s: MomoxState, names: list[str]) -> str:
        winners = self.game.winners(s)
        if s.outcome is not None and s.outcome.reason == MomoxEnd.FOUR_TILES:
            seat = winners[0]
            return _("{name} collected all four tiles first and wins with {number}!").format(
                name=names[seat], number=number_text(self.game.held_tiles(s, seat))
            )
        totals = self.game.scores(s)
        if not winners:
            return _("The game is drawn: everybody scored {total}.").format(total=totals[0])
        if len(winners) == 1:
            return _("{name} wins with {total} points.").format(name=names[winners[0]], total=totals[winners[0]])
        return _("{names} share the win with {total} points.").format(names=", ".join(names[w] for w in winners), total=totals[winners[0]])

    # -- the diagram editor (games/momox_editing.py) --

    def piece_name(self, piece: str) -> str:
        if len(piece) == 1 and piece in COLOUR_LETTERS:
            return _("{colour} figure").format(colour=colour_name(COLOUR_LETTERS.index(piece)))
        if piece == "?":
            return _("Covered chip")
        if piece.isdigit():
            return _("Chip {value}").format(value=piece)
        return piece

    def setting_name(self, name: str) -> str:
        if len(name) == 7 and name.startswith("tiles-") and name[6] in COLOUR_LETTERS:  # not a rule: a setting's code, "tiles-R"
            return _("{colour}'s tiles").format(colour=colour_name(COLOUR_LETTERS.index(name[6])))
        names = {
            "turn": _("Turn in this round"),
            "to-move": _("Player to move"),
            "phase": _("Phase"),
            "yellows": _("Yellow fields in this turn"),
        }
        return names.get(name, name)

    def setting_value_name(self, name: str, value: str) -> str:
        if name == "to-move" and len(value) == 1 and value in COLOUR_LETTERS:
            return colour_name(COLOUR_LETTERS.index(value))
        if name == "phase":
            phases: dict[str, str] = {
                LIFT: _("Lift a bowl"),
                TILE: _("Take or leave the tile"),
                SHUFFLE: _("Reshuffle or keep the chips"),
                OVER: _("Game over"),
            }
            return phases.get(value, value)
        if name.startswith("tiles-") and value == "-":
            return _("None")
        return value

    def edit_refusal_texts(self) -> dict[str, str]:
        return {
            "figure-on-field": N_("A figure stands on a field of the circuit, not on {place}."),
            "chip-on-circle": N_("A chip lies on one of the six circles, not on {place}."),
            "figure-stays": N_("A figure never leaves the circuit: put it on another field to move it."),
            "chip-stays": N_("A chip always lies on {place}: put a chip of another value or a covered chip there instead."),
            "open-chip": N_("No bowl covers {place}, the open circle: put a chip on another circle to open that one instead."),
            "centre-face-down": N_("The centre chip lies face down until another circle has been opened: put a chip on another circle first."),
        }


# The home card: three players in the middle of a round; green has just walked 5 onto a corner.
THUMBNAIL_BEFORE = "6,15,11 43,2,- G key t9 y1 352614 214"
THUMBNAIL_MOVE = "k1"


def make_view(game: Momox) -> MomoxView:
    return MomoxView(game)


# The game's view as its record (render/catalog.py) registers it.
VIEW = make_view(GAME)
