"""Fenn's view: what a click does, the setup field, the sentences a player reads and hears.
The board itself is drawn by render/fenn_board.py (its docstring says what it shows and how input goes),
the panels beside and below it by render/fenn_panels.py, and the words both say are render/fenn_words.py's.
"""

from __future__ import annotations

from typing import Sequence

from ..games.base import OptionValue

from ..ai.puzzles import Puzzle
from ..games.fenn import GAME, BLUE, BOARD_FIELDS, END_TURN, EXTRA, GOAL_FIELD, PASCH, PASS, PASS_TURN, RED, START_FIELD
from ..games.fenn import Fenn, FennEffect, FennMove, FennRule, FennState, FieldReason, FieldStatus, StepGain
from ..games.fenn_editing import FennEditRule
from ..games.notation import parse_black, parse_step
from ..i18n import N_, _, ngettext
from .board_marks import BoardMarks, HintValue
from . import fenn_board
from .fenn_board import SEAT_CSS, FennPayload, die_icon, shown_value, thumbnail_svg, value_rank
from .fenn_panels import extra_html, seat_details, seat_summary, side_html, table_summary
from .fenn_words import POSITION_ERROR_TEXTS, ban_texts, closed_message, colour, colour_word, player, start_value_sentence, value_text
from .view import Action, Choice, ClickResult, Field, GameView, UIState

__all__ = ["FennView", "make_view", "value_text", "shown_value"]


# -- the view ---------------------------------------------------------------------------------------


class FennView(GameView[FennState, FennMove, FennEffect, FennPayload]):
    game_id = "fenn"
    game: Fenn
    board = fenn_board
    seat_colours = SEAT_CSS
    default_players = 2
    move_error_texts = {
        FennRule.NOT_A_MOVE: N_("That is not a legal move now."),
        FennRule.PASS_NOT_NEW_TURN: N_("Only a new turn can be passed; to stop after a Pasch or an extra step, end your turn."),
        FennRule.PASS_MUST_STEP: N_("You have a legal step, so you must step."),
        FennRule.END_NOT_YET: N_("A turn begins with a step; ending it is for declining a Pasch or an extra step."),
        FennRule.BLACK_NOT_AFTER_PASCH: N_("The black die may be turned only after a Pasch."),
        FennRule.BLACK_NO_FACE: N_("The black die has no face {face}."),
        FennRule.BLACK_SAME_FACE: N_("The Pasch turns the black die to another number (it shows {face}); to keep it, end your turn."),
        FennRule.STEP_AFTER_PASCH: N_("Pasch: first turn the black die to a new number, or end your turn."),
        FennRule.DIE_NO_FACE: N_("The {colour} die has no face {face}."),
        FennRule.SAME_FACE: N_("A step must turn up a new number (the {colour} die already shows {face})."),
        FennRule.OFF_BOARD: N_("Field {field} is not on the board: a die never leaves the board once on it."),
        FennRule.STEP_LENGTH: N_("A die moves one or two fields (the {colour} die stands on field {field})."),
        FennRule.BAN_OCCUPIED: N_("Field {field} is closed to {colour}: the other die stands there."),
        FennRule.BAN_BLACK: N_("Field {field} is closed to {colour}: the black die shows this number."),
        FennRule.BAN_OPPONENT_FACE: N_("Field {field} is closed to {colour}: the other die shows this number."),
        FennRule.BAN_TURN_START: N_("Field {field} is closed to {colour}: this turn began there."),
    }

    move_error_words_from = {"seat": lambda seat: {"colour": colour_word(seat)}}
    position_error_texts = POSITION_ERROR_TEXTS

    def __init__(self, game: Fenn) -> None:
        super().__init__(game)
        self._gains: dict[tuple[str, str], StepGain] = {}

    def tagline(self) -> str:
        return _("Three dice, nine fields: the numbers on top say where nobody may go. Cross the strip first.")

    def piece_svg(self, seat: int, players: int, size: float = 24) -> str:
        return die_icon(SEAT_CSS[seat], None, size)

    # -- setup -------------------------------------------------------------------------------------

    def setup_fields(self) -> list[Field]:
        return [
            Field(
                "first",
                _("Who begins"),
                _(
                    "By the rules the black die is rolled until it shows {red} or {blue}: with {blue} blue begins, with {red} red "
                    "begins, and the black die keeps that number, closing field {blue} or {red}. You may also fix who begins "
                    "(the black die then shows {blue} or {red} all the same)."
                ).format(blue=self.game.opening_face(BLUE), red=self.game.opening_face(RED))
                + " "
                + start_value_sentence(),
                choices=(
                    Choice("roll", _("Roll the black die (the rules)")),
                    Choice("blue", _("Blue begins (black shows {n})").format(n=self.game.opening_face(BLUE))),
                    Choice("red", _("Red begins (black shows {n})").format(n=self.game.opening_face(RED))),
                ),
                default="roll",
                options=("first",),  # "roll": the option left out, as the rules have it
            ),
        ]

    def options_from_form(self, values: dict[str, str], players: int) -> dict[str, OptionValue]:
        first = self.form_choice(values, "first", _("Choose who begins."))
        return {} if first == "roll" else {"first": first}

    # -- drawing -----------------------------------------------------------------------------------

    def marks(self, s: FennState, ui: UIState[FennState]) -> BoardMarks[FennPayload, FennEffect]:
        """What the board marks, from the engine: the fields the die may enter and those closed to
        it, the last move, where the latest turn began, the opening roll, and each field's words."""
        game = self.game
        mover = game.current_player(s)
        interactive = ui.interactive and s.outcome is None
        statuses = {st.field: st for st in game.field_statuses(s)}
        bans = {seat: game.field_bans(s, seat) for seat in (BLUE, RED)}
        hints = dict(ui.hints)
        effect = self.last_effect(ui)
        selected = None
        if interactive and ui.selection and ui.selection[0].isdigit():
            field = int(ui.selection[0])
            if statuses.get(field) and statuses[field].enterable:
                selected = field
        opening = game.opening(s)
        # The opening roll is shown beside the black die during each player's first turn.
        first_turns = game.turns_begun(s) <= s.setup.players
        payload = FennPayload(
            phase=s.phase,
            enterable=frozenset(field for field, status in statuses.items() if status.enterable),
            closed=frozenset(field for field, status in statuses.items() if status.closed),
            latest_turn_start=game.latest_turn_start(s),
            rolls=opening.rolls if opening is not None and not opening.chosen and first_turns and s.outcome is None else (),
        )
        labels = {str(field): self._field_words(s, field, statuses, bans, mover, hints, selected) for field in BOARD_FIELDS}
        return BoardMarks(
            interactive=interactive,
            legal=frozenset(str(field) for field in payload.enterable) if interactive else frozenset(),
            labels=labels,
            selection=(str(selected),) if selected is not None else (),
            cursor=ui.cursor,
            last_move=ui.last_move,
            effect=effect,
            animate=ui.animate,
            hints=hints,
            label=self._board_label(s),
            diagram=ui.diagram,
            payload=payload,
        )

    def _field_words(
        self,
        s: FennState,
        field: int,
        statuses: dict[int, FieldStatus],
        bans: dict[int, dict[int, tuple[FieldReason, ...]]],
        mover: int | None,
        hints: dict[str, HintValue],
        selected: int | None,
    ) -> str:
        """A field's title and accessible name: its number, goal, die, why it is closed, the hint."""
        words = [_("Field {n}").format(n=field)]
        for seat in (BLUE, RED):
            if field == GOAL_FIELD[seat]:
                words.append(_("the goal of the {colour} die").format(colour=colour_word(seat)))
        for seat in (BLUE, RED):
            if s.field_of(seat) == field:
                words.append(_("the {colour} die stands here, showing {n}").format(colour=colour_word(seat), n=s.face_of(seat)))
        sentence = ", ".join(words) + "."
        extra = []
        for seat in (BLUE, RED):
            reasons = bans[seat].get(field, ())
            if reasons:
                extra.append(_("Closed to {colour}: {reasons}.").format(colour=colour_word(seat), reasons="; ".join(ban_texts(s, seat, field, reasons))))
        if mover is not None:
            status = statuses[field]
            seat = mover
            if status.enterable:
                faces = ", ".join(map(str, status.faces))
                extra.append(_("{colour} may step here, new top {faces}.").format(colour=colour(seat), faces=faces))
            elif FieldReason.TURN_START in status.reasons:
                extra.append(_("{colour}'s turn began here: no return this turn.").format(colour=colour(seat)))
            elif FieldReason.DISTANCE in status.reasons and not status.closed:
                extra.append(_("Out of reach for {colour} (a die moves one or two fields).").format(colour=colour_word(seat)))
        code = hints.get(str(field))
        if code:
            extra.append(_("Hint: best step here: {value}.").format(value=value_text(code)))
        if selected == field:
            extra.append(_("Picked: choose the new top below."))
        return " ".join([sentence] + extra)

    def _board_label(self, s: FennState) -> str:
        parts = [_("Fenn board, fields 1 to 9.")]
        for seat in (BLUE, RED):
            field = s.field_of(seat)
            if field in START_FIELD:
                where = _("beside the board before field 1") if field == START_FIELD[BLUE] else _("beside the board after field 9")
            else:
                where = _("on field {n}").format(n=field)
            parts.append(_("The {colour} die is {where}, showing {n}.").format(colour=colour_word(seat), where=where, n=s.face_of(seat)))
        parts.append(_("The black die shows {n}.").format(n=s.black))
        return " ".join(parts)

    def thumbnail_svg(self) -> str:
        return thumbnail_svg()

    def extra_html(self, s: FennState, ui: UIState[FennState]) -> str:
        if not ui.interactive or s.outcome is not None:
            return ""
        return extra_html(self.game, s, ui, self._selected(s, ui), self.step_gain)

    def _selected(self, s: FennState, ui: UIState[FennState]) -> int | None:
        """The field picked for a step, if it can still be entered."""
        if not ui.selection:
            return None
        token = ui.selection[0]
        if not token.isdigit():
            return None
        field = int(token)
        return field if self.game.faces_for(s, field) else None

    def step_gain(self, s: FennState, move: str) -> StepGain:
        """What a legal move earns, by the engine's own `effect`: a step's `StepEffect.earns`
        ("win", "pasch", "extra", "blocked" or "nothing"), "nothing" for any other move. Kept per
        position and move on the view: the move list and the choosers ask again on every redraw,
        and the answer does not depend on history."""
        key = (self.game.position(s), move)
        gain = self._gains.get(key)
        if gain is None:
            effect = self.game.effect(s, move)
            gain = effect.earns if effect.kind == "step" else "nothing"
            if len(self._gains) > 20000:  # not a rule: the cache of drawn fields stays small
                self._gains.clear()
            self._gains[key] = gain
        return gain

    def actions(self, s: FennState, ui: UIState[FennState]) -> list[Action]:
        if not ui.interactive or s.outcome is not None:
            return []
        game = self.game
        hints = dict(ui.hints)

        def valued(label: str, move: FennMove) -> str:
            code = hints.get(move)
            return f"{label} · {value_text(code)}" if code else label

        if game.can_pass(s):
            return [Action(PASS_TURN, valued(_("Pass"), PASS_TURN), _("No step is possible: the turn goes to the other player."), primary=True)]
        if game.can_end(s):
            if s.phase == PASCH:
                return [Action(END_TURN, valued(_("End turn (black stays {n})").format(n=s.black), END_TURN), _("Leave the black die as it is."))]
            return [Action(END_TURN, valued(_("End turn"), END_TURN), _("Do not take the extra step."))]
        return []

    def score_text(self, s: FennState, score: int) -> str | None:
        return None  # Fenn counts nothing but the win

    def seat_details(self, s: FennState, seat: int) -> str:
        return seat_details(s, seat)

    def side_html(self, s: FennState, names: list[str]) -> str:
        return side_html(self.game, s, names)

    def seat_summary(self, s: FennState, seat: int) -> str:
        return seat_summary(s, seat)

    def table_summary(self, s: FennState, names: Sequence[str]) -> list[str]:
        return table_summary(self.game, s)

    # -- hints -------------------------------------------------------------------------------------

    def hint_label(self) -> str | None:
        return _("Hint")

    def hints(self, s: FennState) -> tuple[tuple[str, HintValue], ...]:
        from ..ai.fenn import hint

        if s.outcome is not None:
            return ()
        values = hint(self.game, s)
        pairs: list[tuple[str, HintValue]] = [(mv.move, mv.exact) for mv in values if mv.exact is not None]  # Fenn is solved: every move has one
        best_by_field: dict[str, HintValue] = {}
        for move, code in pairs:
            step = parse_step(move)
            if step:
                field = str(step[0])
                if field not in best_by_field or value_rank(code) > value_rank(best_by_field[field]):
                    best_by_field[field] = code
        return tuple(pairs) + tuple(best_by_field.items())

    def puzzle_task(self, puzzle: Puzzle, mover: str) -> str:
        turns = puzzle["depth"]
        if turns <= 1:
            return _("{name} to move: find the only step that wins this turn.").format(name=mover)
        return _("{name} to move: find the only step that keeps the win (it wins in {n} turns).").format(name=mover, n=turns)

    def puzzle_hint(self, puzzle: Puzzle, legal: tuple[str, ...]) -> str:
        solution = parse_step(puzzle["solution"])
        if solution is None:
            return _("Think about the black die.")
        field = solution[0]
        steps = [step for step in map(parse_step, legal) if step]
        if legal and all(step[0] == field for step in steps):
            return _("Every step goes to field {field}: the face it shows decides.").format(field=field)
        return _("The step goes to field {field}.").format(field=field)

    def hint_text(self, s: FennState, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
        moves = [(t, c) for t, c in hints if not t.isdigit()]
        if not moves:
            return ""
        best = max(value_rank(c) for _t, c in moves)
        best_code = next(c for _t, c in moves if value_rank(c) == best)
        count = sum(1 for _t, c in moves if value_rank(c) == best)
        who = player(names, s.to_move)
        outcome, _n = shown_value(best_code)
        if outcome > 0:
            text = _("With perfect play {who} wins ({value}).").format(who=who, value=value_text(best_code))
            text += " " + ngettext("{k} of {n} moves keeps the win; it is marked.", "{k} of {n} moves keep the win; they are marked.", count).format(
                k=count, n=len(moves)
            )
        elif outcome < 0:
            text = _("Against perfect play {who} loses ({value}).").format(who=who, value=value_text(best_code))
            text += " " + ngettext("The marked move holds out longest.", "The {k} marked moves hold out longest.", count).format(k=count)
        else:
            text = _("With perfect play the game is a draw.")
            if count == len(moves):
                text += " " + _("Every move keeps it.")
            else:
                text += " " + ngettext("{k} of {n} moves keeps the draw; the others lose.", "{k} of {n} moves keep the draw; the others lose.", count).format(
                    k=count, n=len(moves)
                )
        if any(shown_value(c)[0] for _t, c in moves):
            text += " " + _("Turns are counted for the player who wins, this one included.")
        return text

    # -- input -------------------------------------------------------------------------------------

    def click(self, s: FennState, ui: UIState[FennState], target: str) -> ClickResult[FennState, FennMove]:
        game = self.game
        move = next((legal for legal in game.legal_moves(s) if legal == target), None)
        if move is not None:
            step = parse_step(move)
            cursor = str(step[0]) if step else ui.cursor
            return ClickResult(ui.with_(selection=(), cursor=cursor), move)
        if not target.isdigit() or int(target) not in BOARD_FIELDS:
            return ClickResult(ui, None, _("That is not a legal move now."))
        field = int(target)
        if s.outcome is not None:
            return ClickResult(ui, None, _("The game is over."))
        phase = s.phase
        if phase == PASCH:
            return ClickResult(ui, None, _("Pasch: first turn the black die to a new number, or end your turn."))
        if phase == PASS:
            return ClickResult(ui, None, _("No field is open to you: pass."))
        status = game.field_statuses(s)[field - 1]
        if status.enterable:
            if ui.selection == (target,):
                return ClickResult(ui.with_(selection=(), cursor=target), None)
            return ClickResult(ui.with_(selection=(target,), cursor=target), None)
        return ClickResult(ui, None, closed_message(s, field, status.reasons))

    def cancel(self, ui: UIState[FennState]) -> UIState[FennState]:
        return ui.with_(selection=())

    # -- words -------------------------------------------------------------------------------------

    def status_text(self, s: FennState, ui: UIState[FennState], names: list[str]) -> str:
        if s.outcome is not None:
            return self.result_text(s, names)
        game = self.game
        seat = s.to_move
        who = player(names, seat)
        phase = s.phase
        if phase == PASCH:
            return _("{who}: Pasch! Turn the black die to a new number, or end the turn.").format(who=who)
        if phase == PASS:
            return _("{who} cannot step: pass.").format(who=who)
        selected = self._selected(s, ui)
        if selected is not None:
            return _("{who}: field {n} picked. Now choose the die's new top (or pick another field).").format(who=who, n=selected)
        if phase == EXTRA:
            return _("{who}: extra step! Pick a field to step again, or end the turn.").format(who=who)
        text = _("{who} to move: pick a field, then the die's new top.").format(who=who)
        opening = game.opening(s)
        if opening is not None and not s.moves:
            text = _("The black die shows {n}: {colour} begins.").format(n=opening.rolls[-1], colour=colour(opening.starter)) + " " + text
        return text

    def describe_move(self, before: FennState, move: str, after: FennState, names: list[str]) -> str:
        effect = self.game.effect(before, move)
        who = player(names, effect.seat)
        if effect.kind == "pass":
            text = _("{who} cannot step and passes.").format(who=who)
        elif effect.kind == "end":
            if effect.declined == "pasch":
                text = _("{who} leaves the black die at {n} and ends the turn.").format(who=who, n=effect.black)
            else:
                text = _("{who} ends the turn without the extra step.").format(who=who)
        elif effect.kind == "black":
            text = _("{who} turns the black die from {a} to {b}: field {b} is now closed to both.").format(who=who, a=effect.black_before, b=effect.black_after)
        else:
            if effect.from_field in START_FIELD:
                text = _("{who} steps from beside the board to field {to} and turns {face} up.").format(who=who, to=effect.to_field, face=effect.new_face)
            else:
                text = _("{who} steps from field {a} to field {to} and turns {face} up.").format(
                    who=who, a=effect.from_field, to=effect.to_field, face=effect.new_face
                )
            if effect.earns == "win":
                text += " " + _("The die has reached the far end: {who} wins!").format(who=who)
            elif effect.earns == "pasch":
                text += " " + _("Pasch: {n} matches the black die, which may now be turned.").format(n=effect.new_face)
            elif effect.earns == "extra":
                text += " " + _("{n} matches the field: an extra step.").format(n=effect.new_face)
            elif effect.earns == "blocked":
                text += " " + _("{n} matches the field, but no further step is possible: the turn ends.").format(n=effect.new_face)
        if effect.draw:
            text += " " + _("The position has come up for the third time: the game is drawn.")
        return text

    def move_text(self, before: FennState, move: str) -> str:
        if move == END_TURN:
            return _("end")
        if move == PASS_TURN:
            return _("pass")
        face = parse_black(move)
        if face is not None:
            return _("black {n}").format(n=face)
        gain = self.step_gain(before, move)
        if gain == "win":
            return move + " " + _("wins")
        if gain == "pasch":
            return move + " " + _("Pasch")
        if gain == "extra":
            return move + " +"
        return move

    def result_text(self, s: FennState, names: list[str]) -> str:
        if s.outcome is not None and s.outcome.winners:
            return _("{who} wins: the die has crossed the board!").format(who=player(names, s.outcome.winners[0]))
        return _("Drawn: the same position came up for the third time.")

    # -- the diagram editor (games/fenn_editing.py) --

    def piece_name(self, piece: str) -> str:
        names = {"b": _("Blue die"), "r": _("Red die")}
        return names.get(piece, piece)

    def setting_name(self, name: str) -> str:
        names = {
            "to-move": _("Player to move"),
            "blue-face": _("Blue die's top"),
            "red-face": _("Red die's top"),
            "black": _("Black die's top"),
            "turn": _("The turn so far"),
            "draw": _("Drawn by repetition"),
        }
        return names.get(name, name)

    def setting_value_name(self, name: str, value: str) -> str:
        if name == "to-move" and value in ("b", "r"):
            return colour("br".index(value))
        if name == "draw":
            return {"no": _("No"), "yes": _("Yes")}.get(value, value)
        if name == "turn":
            if value == "new":
                return _("A new turn begins")
            if value == "pasch":
                return _("Pasch: the black die may be turned")
            start = value.removeprefix("extra")
            if start.isdigit() and int(start) in START_FIELD:
                return _("Extra step; the turn began beside the board")
            if start.isdigit():
                return _("Extra step; the turn began on field {n}").format(n=start)
        return value

    def edit_refusal_texts(self) -> dict[str, str]:
        return {
            FennEditRule.FIELD_TAKEN: N_("A die already stands on {place}: a field holds one die."),
            FennEditRule.DIE_STAYS: N_(
                "The die on {place} stays: a die never leaves the board once on it. Put it on another field, "
                "or choose Empty board to set both dice beside the board."
            ),
        }


def make_view(game: Fenn) -> FennView:
    return FennView(game)


# The game's view as its record (render/catalog.py) registers it.
VIEW = make_view(GAME)
