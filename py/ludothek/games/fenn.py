"""Fenn (mgf. Winkelmann), played with Miwin's dice on a 1x9 board.

Two dice are the playing pieces: blue (Miwin's die III, faces 1 2 5 6 7 9) starts beside the
board before field 1 and must reach field 9; red (die IV, faces 1 3 4 5 8 9) starts after
field 9 and must reach field 1. A third, black die (die V, faces 2 3 4 6 7 8) lies beside
the board. The numbers on top of the dice say which fields may not be entered: blue may not
enter the fields shown by black and red, red not those shown by black and blue, and neither
may enter the field the other stands on.

A turn is one step (the die moves 1 or 2 fields forward or back and shows a new face of the
player's choice), possibly followed by:
- a Pasch: the new top equals the black die's top; the player may turn the black die to any
  other face (and so ban another field), which ends the turn;
- an extra step: the new top equals the number of the field the die now stands on; the player
  may step again (again with a new face), as long as the die never returns to the field where
  the turn began.

The first die to reach its far end (blue field 9, red field 1) wins; the same position at the
start of a turn for the third time is a draw. Seats: 0 is blue, 1 is red.

Move notation
-------------

- `3:7`   step to field 3 and turn 7 up.
- `k8`    after a Pasch: turn the black die to 8.
- `end`   stop a turn that could go on (decline the Pasch or the extra step).
- `pass`  no legal step at the start of a turn.

Legal moves are listed steps first (by field, then face), then `k` moves (by face), then `end`.

Position notation
-----------------

    b<field>:<face> r<field>:<face> k<face> <b|r> [pasch | extra<field>] [draw]

Fields are 0-10: 0 is beside the board before field 1 (blue's start), 10 beside it after field 9
(red's start). `k` is the black die. `b`/`r` names the player to move (once the game is won, the
player whose step won it; either letter is read). Optional tokens:

- `pasch`          the player to move has just thrown a Pasch and may set the black die (`k..`)
                   or `end` the turn;
- `extra<field>`   the player to move has earned an extra step; the turn began on <field>,
                   which the die may not enter again this turn (`extra0`: blue's first turn);
- `draw`           the game has ended in a draw by threefold repetition.

A won game needs no token: a die on its far end has won. The start with blue to move is
`b0:5 r10:5 k6 b`; with red to move `b0:5 r10:5 k4 r`. After blue's opening `2:2` (an extra
step, as the new 2 matches field 2): `b2:2 r10:5 k6 b extra0`.

Like a chess FEN, a position holds no history: the turn-start positions seen before (for the
repetition rule) and the opening roll live only in a state reached by play.

Clarifications
--------------

Where the rulebook is silent, Ludothek decided as follows.

1. The dice are Miwin's III (blue), IV (red) and V (black) [decided, from the inventor's site].
2. Both dice start beside the board showing 5: blue before field 1 (field 0), red after field 9
   (field 10). Blue wins on reaching field 9, red on reaching field 1 [decided].
3. Opening: the black die is rolled until it shows 4 or 6; 6: blue begins, 4: red begins; the
   black die keeps that face. The setup option `first="blue"|"red"` fixes the outcome.
4. A die on the board never leaves it again: it cannot step back beside the board [decided].
5. A step of 2 may jump over the other die and over forbidden fields [decided].
6. Only the field stepped onto must be allowed; a die may stay on a field that becomes
   forbidden later. The top of a die beside the board counts like any other: at the start red's
   5 bans field 5 for blue and blue's 5 bans it for red [decided].
7. A player's own top never bans a field for that player [decided].
8. The Pasch is optional; the black die may be set to any of its five other faces; doing so
   ends the turn. A Pasch and an extra step never come together: the new top would have to equal
   both the black top and the field's number, and that field is forbidden [decided].
9. The extra step is optional and may be earned again and again; within the turn only the field
   where it began is barred, other fields may be entered again. If an extra step is earned but
   no step is legal, the turn simply ends [decided].
10. At the start of a turn a player who has a legal step must step; a player without one passes
    [decided].
11. Reaching the far end wins at once, before any Pasch or extra step [decided]. The far end is
    banned like any other field: red showing 9 (or standing on 9) keeps blue out, blue showing 1
    (or standing on 1) keeps red out.
12. Threefold repetition counts positions (fields and tops of both dice, the black top, the player
    to move) at the start of turns only; the start position and turns that were passed count too
    [decided]. Positions inside a turn are not counted: a player chaining extra steps in a
    circle never causes a draw, but can always `end` [decided].
13. Scores: 1 for the winner, 0 otherwise (the rulebook counts nothing else) [decided].

Queries for the view
--------------------

All take a state (the perfect-information game has no hidden parts) and never change it; the
views, their words and the computer players ask these and work no rule out themselves.

- `s.phase` (a `FennPhase`, the state's one phase vocabulary): "step" (a new turn: must step),
  "pass" (a new turn without a legal step: only `pass`), "extra" (may step again or `end`),
  "pasch" (may set the black die or `end`), "over" (won or drawn: `s.outcome` says which, its
  reason a `FennEnd`).
- `why_illegal(s, move)`: None, or the `Refusal` naming the `FennRule` the move breaks.
- `field_statuses(s)`: for each field 1-9, a `FieldStatus(field, enterable, faces, reasons,
  closed)`: whether the player to move may step there now, with which new faces, and if not, why
  (`FieldReason`s, worded for players by the view, render/fenn_words.py: `distance` (a die moves
  1 or 2 fields), `own`, `occupied`, `black`, `opponent-face`, `turn-start`, `not-stepping`);
  `closed`: a die's number, a die standing there or the turn's start keeps the player to move out.
- `field_bans(s, seat)`: {field: reasons} for the fields the die of `seat` may not enter while the
  other dice stay as they are (black and opponent tops, the opponent's field), its own field aside.
- `faces_for(s, field)`: the new faces allowed when stepping to `field` ([] if it may not be entered).
- `pasch_faces(s)`: faces the black die may be turned to now ([] unless a Pasch is pending).
- `can_end(s)`, `can_pass(s)`: whether `end` / `pass` are legal now.
- `turn_start_field(s)`: the field the current turn began on (None after a Pasch or when over);
  `latest_turn_start(s)`: where the latest turn began, as a `TurnStart` (seat, field, face, black).
- `effect(s, move)`: a `FennEffect` saying what the move does, one type per kind of move (games/
  fenn_moves.py: a step with what it earns, the black die set, a turn ended, a pass; each with
  whether it draws); `describe_move(s, move)`: one English sentence.
- `repetitions(s)`: how often the current turn-start position has occurred (1 = first time;
  0 inside a turn, where nothing is counted); `repeats_to_draw(s)`: how many more occurrences of
  it end the game drawn; `ending_draws(s, key)`: whether a turn of `s` that ends in the turn-start
  position `key` draws.
- `opening(s)`: the black die's opening rolls, who began and whether the setup chose it (None for
  positions); `opening_face(seat)`: the black die's face that lets `seat` begin;
  `turns_begun(s)`: the turns begun so far, the one under way included.

The modules
-----------

This module is the engine: the rules above, the landing rule the solver shares (`landing_bans`,
`legal_steps`) and the one `Fenn` class (setup, moves and their checks, the queries). What it
stands on has its own modules: the board and dice tables (games/fenn_board.py), the state, its
phases and end reasons (games/fenn_state.py), the moves, the rules they may break and their
effects (games/fenn_moves.py) and the position text (games/fenn_position.py). The names others
import from here are re-exported (`__all__`).
"""

from __future__ import annotations

from dataclasses import replace
from collections.abc import Mapping

from .base import Game, Option, OptionValue, Outcome, PositionError, Setup, chance_rng, check_players, check_seed
from .fenn_board import BLACK_FACES, BLACK_NAME, BLUE, BOARD_FIELDS, COLOURS, DIE_FACES, DIE_NAMES, FIRST_FIELD, GOAL_FIELD, LAST_FIELD, OPENING_FACE, RED
from .fenn_board import START_FACE, START_FIELD, opponent
from .fenn_moves import BAN_RULES, END_TURN, PASS_TURN, BlackEffect, EndEffect, FennEffect, FennMove, FennRule, FieldReason, FieldStatus, PassEffect
from .fenn_moves import StepEffect, StepGain
from .fenn_moves import black_to, step_to
from .fenn_position import FennPositionRule, faces_text, parse_position, position_text
from .fenn_state import DRAWN, EXTRA, NEW_TURN, OVER, PASCH, PASS, STEP, FennEnd, FennPhase, FennState, Opening, TurnStart, turn_key, won
from .notation import BLACK_RE, STEP_RE
from .notation import is_fenn_move as _is_move_text

# What other modules import from here (the engine's names, the board's and dice's tables, the state).
__all__ = ["GAME", "Fenn", "FieldReason", "FieldStatus", "Opening", "TurnStart", "landing_bans", "legal_steps", "opening_roll"]
__all__ += ["FennMove", "FennRule", "FennEffect", "StepEffect", "BlackEffect", "EndEffect", "PassEffect", "StepGain", "END_TURN", "PASS_TURN"]
__all__ += ["FennState", "FennPhase", "FennEnd", "STEP", "PASS", "EXTRA", "PASCH", "OVER", "NEW_TURN", "turn_key"]
__all__ += ["BLUE", "RED", "COLOURS", "BLACK_FACES", "BLACK_NAME", "BOARD_FIELDS", "DIE_FACES", "DIE_NAMES", "GOAL_FIELD", "OPENING_FACE"]
__all__ += ["START_FACE", "START_FIELD", "FIRST_FIELD", "LAST_FIELD", "opponent"]
__all__ += ["FennPositionRule"]

REPETITION_LIMIT = 3  # the occurrence of a turn-start position that draws the game
STEP_LENGTHS = (1, 2)  # how many fields a die moves, either way
_STEP_OFFSETS = tuple(sorted(sign * length for length in STEP_LENGTHS for sign in (-1, 1)))  # -2, -1, 1, 2


# -- the rule in one place: which landing fields are banned -------------------------------------
# The engine, its view queries and the solver (ludothek.ai.fenn_solver) all use these two
# functions on plain integers, so they can never disagree about a step.


def landing_bans(seat: int, to: int, opp_field: int, opp_face: int, black: int, turn_start: int) -> tuple[FieldReason, ...]:
    """Reasons that forbid the die of `seat` to land on board field `to` (distance aside)."""
    reasons = []
    if to == opp_field:
        reasons.append(FieldReason.OCCUPIED)
    if to == black:
        reasons.append(FieldReason.BLACK)
    if to == opp_face:
        reasons.append(FieldReason.OPPONENT_FACE)
    if to == turn_start:
        reasons.append(FieldReason.TURN_START)
    return tuple(reasons)


def legal_steps(seat: int, field: int, face: int, opp_field: int, opp_face: int, black: int, turn_start: int) -> list[tuple[int, int]]:
    """Every legal step (landing field, new face) of the die of `seat`, ordered by field then face.

    A step goes 1 or 2 fields either way but never off the board (fields 1-9; a die beside the
    board can only step onto it), lands on a field that the black top, the opponent's top, the
    opponent's die and the turn's starting field leave free, and turns up a different face.
    """
    steps = []
    faces = DIE_FACES[seat]
    for offset in _STEP_OFFSETS:
        to = field + offset
        if not FIRST_FIELD <= to <= LAST_FIELD:
            continue
        if landing_bans(seat, to, opp_field, opp_face, black, turn_start):
            continue
        for new_face in faces:
            if new_face != face:
                steps.append((to, new_face))
    return steps


def _turn_start(s: FennState) -> int:
    """The field the turn of the player to move began on, which its die may not enter again: the
    field it stands on, or during an extra step the field kept in the state."""
    if s.phase != EXTRA:
        return s.field_of(s.to_move)
    assert s.turn_start is not None, "a state in the extra step keeps the field its turn began on"
    return s.turn_start


class Fenn(Game[FennState, FennMove, FennEffect]):
    id = "fenn"
    name = "Fenn"
    min_players = 2
    max_players = 2
    # Who begins; absent: the black die is rolled (the rules).
    options = (Option("first", "choice", default=None, choices=COLOURS),)
    move_examples = ("3:7", "k8", "end", "pass")
    move_rules = {
        FennRule.NOT_A_MOVE: "not a Fenn move: write '3:7' (step to field 3 showing 7), 'k8', 'end' or 'pass'",
        FennRule.PASS_NOT_NEW_TURN: "only a new turn can be passed; 'end' stops a turn after a Pasch or an extra step",
        FennRule.PASS_MUST_STEP: "a player who has a legal step must step",
        FennRule.END_NOT_YET: "a turn begins with a step; 'end' only declines a Pasch or an extra step",
        FennRule.BLACK_NOT_AFTER_PASCH: "the black die may be set only after a Pasch (your new top equals the black die's top)",
        FennRule.BLACK_NO_FACE: "the black die (" + BLACK_NAME + ") has no face {face} (faces {faces_text})",
        FennRule.BLACK_SAME_FACE: "the Pasch turns the black die to another face (it shows {face}); to keep it, 'end'",
        FennRule.STEP_AFTER_PASCH: "after a Pasch the turn goes on only with setting the black die ('k..') or 'end'",
        FennRule.DIE_NO_FACE: "the {colour} die ({die_name}) has no face {face} (faces {faces_text})",
        FennRule.SAME_FACE: "a step must turn up a new face (the {colour} die already shows {face})",
        FennRule.OFF_BOARD: "field {field} is not on the board (fields 1-9); a die never leaves the board once on it",
        FennRule.STEP_LENGTH: "a die moves 1 or 2 fields (the {colour} die stands on field {field})",
        FennRule.BAN_OCCUPIED: "field {field} may not be entered: the {other} die stands there",
        FennRule.BAN_BLACK: "field {field} may not be entered: the black die shows this number",
        FennRule.BAN_OPPONENT_FACE: "field {field} may not be entered: the {other} die shows this number",
        FennRule.BAN_TURN_START: "field {field} may not be entered: the turn began there, and a die may not return to its turn's starting field",
    }

    move_words = {
        "seat": lambda seat: {"colour": COLOURS[seat], "other": COLOURS[opponent(seat)], "die_name": DIE_NAMES[seat]},
        "faces": lambda faces: {"faces_text": faces_text(faces)},
    }

    # -- setup ---------------------------------------------------------------------------------

    def new_game(self, players: int = 2, seed: int = 0, **options: object) -> FennState:
        check_players(self, players)
        check_seed(seed)
        first = self.check_options(players, options).choice_or_none("first")
        if first is None:
            rolls = opening_roll(seed)
        else:
            rolls = (self.opening_face(COLOURS.index(first)),)
        to_move = BLUE if rolls[-1] == self.opening_face(BLUE) else RED
        black = rolls[-1]
        blue, red = START_FIELD
        start = FennState(
            setup=Setup.from_options(players, seed, options),
            blue=blue,
            blue_face=START_FACE,
            red=red,
            red_face=START_FACE,
            black=black,
            to_move=to_move,
            opening_rolls=rolls,
            history=(turn_key(blue, START_FACE, red, START_FACE, black, to_move),),
        )
        return self._settled(start)

    def opening_face(self, seat: int) -> int:
        """The black die's face that lets `seat` begin (and that it keeps): 6 for blue, 4 for red."""
        return OPENING_FACE[seat]

    # -- interface queries -----------------------------------------------------------------------

    def current_player(self, s: FennState) -> int | None:
        return None if s.outcome is not None else s.to_move

    def scores(self, s: FennState) -> list[int]:
        """1 for the winner, 0 otherwise: Fenn counts nothing but the win."""
        winners = () if s.outcome is None else s.outcome.winners
        return [int(seat in winners) for seat in (BLUE, RED)]

    def setup_has_chance(self, options: Mapping[str, OptionValue]) -> bool:
        """Only the opening roll, when the setup does not say who begins (`first`)."""
        return options.get("first") is None

    def legal_moves(self, s: FennState) -> list[FennMove]:
        if s.outcome is not None:
            return []
        if s.phase == PASCH:
            return [black_to(face) for face in self.pasch_faces(s)] + [END_TURN]
        steps = [step_to(to, face) for to, face in self._steps(s)]
        if s.phase == EXTRA:
            return steps + [END_TURN]
        return steps or [PASS_TURN]

    def _steps(self, s: FennState) -> list[tuple[int, int]]:
        seat, opp = s.to_move, opponent(s.to_move)
        start = _turn_start(s)
        return legal_steps(seat, s.field_of(seat), s.face_of(seat), s.field_of(opp), s.face_of(opp), s.black, start)

    # -- moves ---------------------------------------------------------------------------------

    def _apply(self, s: FennState, move: str) -> tuple[FennState, FennEffect]:
        self.require_text(move)
        if not _is_move_text(move):
            raise self.invalid(move, FennRule.NOT_A_MOVE)
        self.require_not_over(s, move)
        seat = s.to_move
        if move == PASS_TURN:
            if s.phase not in NEW_TURN:
                raise self.illegal(move, FennRule.PASS_NOT_NEW_TURN)
            if self._steps(s):
                raise self.illegal(move, FennRule.PASS_MUST_STEP)
            new = self._end_turn(s, s.blue, s.blue_face, s.red, s.red_face, s.black, move)
            return new, PassEffect(seat, draw=new.outcome == DRAWN)
        if move == END_TURN:
            if s.phase in NEW_TURN:
                raise self.illegal(move, FennRule.END_NOT_YET)
            new = self._end_turn(s, s.blue, s.blue_face, s.red, s.red_face, s.black, move)
            return new, EndEffect(seat, "pasch" if s.phase == PASCH else "extra", s.black, draw=new.outcome == DRAWN)
        match = BLACK_RE.fullmatch(move)
        if match:
            new_black = int(match.group(1))
            if s.phase != PASCH:
                raise self.illegal(move, FennRule.BLACK_NOT_AFTER_PASCH)
            if new_black not in BLACK_FACES:
                raise self.illegal(move, FennRule.BLACK_NO_FACE, face=match.group(1), faces=BLACK_FACES)
            if new_black == s.black:
                raise self.illegal(move, FennRule.BLACK_SAME_FACE, face=s.black)
            new = self._end_turn(s, s.blue, s.blue_face, s.red, s.red_face, new_black, move)
            return new, BlackEffect(seat, s.black, new_black, draw=new.outcome == DRAWN)
        match = STEP_RE.fullmatch(move)
        assert match is not None  # _is_move_text let only steps through
        return self._step(s, move, int(match.group(1)), int(match.group(2)))

    def _step(self, s: FennState, move: str, to: int, new_face: int) -> tuple[FennState, StepEffect]:
        """The step `to:new_face`, checked, and what it earns."""
        self._check_step(s, move, to, new_face)
        seat = s.to_move
        field, face = s.field_of(seat), s.face_of(seat)
        blue, blue_face, red, red_face = s.blue, s.blue_face, s.red, s.red_face
        if seat == BLUE:
            blue, blue_face = to, new_face
        else:
            red, red_face = to, new_face
        moves = s.moves + (move,)

        def stepped(earns: StepGain, draw: bool = False) -> StepEffect:
            return StepEffect(seat, field, to, face, new_face, earns, draw)

        if to == GOAL_FIELD[seat]:
            new = self._replace(s, blue, blue_face, red, red_face, s.black, moves, phase=OVER, outcome=won(seat))
            return new, stepped("win")
        if new_face == s.black:
            return self._replace(s, blue, blue_face, red, red_face, s.black, moves, phase=PASCH), stepped("pasch")
        if new_face == to:
            start = s.turn_start if s.phase == EXTRA else field
            new = self._replace(s, blue, blue_face, red, red_face, s.black, moves, phase=EXTRA, turn_start=start)
            if self._steps(new):
                return new, stepped("extra")
            # The extra step was earned but every step is blocked: the turn is over [decided].
            new = self._end_turn(s, blue, blue_face, red, red_face, s.black, move)
            return new, stepped("blocked", new.outcome == DRAWN)
        new = self._end_turn(s, blue, blue_face, red, red_face, s.black, move)
        return new, stepped("nothing", new.outcome == DRAWN)

    def _check_step(self, s: FennState, move: str, to: int, new_face: int) -> None:
        """Raise IllegalMove naming the first rule the step `to:new_face` breaks."""
        seat, opp = s.to_move, opponent(s.to_move)
        if s.phase == PASCH:
            raise self.illegal(move, FennRule.STEP_AFTER_PASCH)
        field, face = s.field_of(seat), s.face_of(seat)
        faces = DIE_FACES[seat]
        if new_face not in faces:
            raise self.illegal(move, FennRule.DIE_NO_FACE, seat=seat, face=new_face, faces=faces)
        if new_face == face:
            raise self.illegal(move, FennRule.SAME_FACE, seat=seat, face=face)
        if not FIRST_FIELD <= to <= LAST_FIELD:
            raise self.illegal(move, FennRule.OFF_BOARD, field=to)
        if abs(to - field) not in STEP_LENGTHS:
            raise self.illegal(move, FennRule.STEP_LENGTH, seat=seat, field=field)
        start = _turn_start(s)
        bans = landing_bans(seat, to, s.field_of(opp), s.face_of(opp), s.black, start)
        if bans:
            raise self.illegal(move, BAN_RULES[bans[0]], seat=seat, field=to)

    def _replace(
        self,
        s: FennState,
        blue: int,
        blue_face: int,
        red: int,
        red_face: int,
        black: int,
        moves: tuple[str, ...],
        *,
        phase: FennPhase,
        turn_start: int | None = None,
        outcome: Outcome | None = None,
    ) -> FennState:
        return replace(
            s, moves=moves, blue=blue, blue_face=blue_face, red=red, red_face=red_face, black=black, phase=phase, turn_start=turn_start, outcome=outcome
        )

    def _end_turn(self, s: FennState, blue: int, blue_face: int, red: int, red_face: int, black: int, move: str) -> FennState:
        """The next player's turn begins; a third occurrence of its position is a draw."""
        to_move = opponent(s.to_move)
        key = turn_key(blue, blue_face, red, red_face, black, to_move)
        outcome = DRAWN if self.ending_draws(s, key) else None
        state = self._replace(s, blue, blue_face, red, red_face, black, s.moves + (move,), phase=STEP, outcome=outcome)
        return self._settled(replace(state, to_move=to_move, history=s.history + (key,)))

    def _settled(self, s: FennState) -> FennState:
        """`s` with the phase its fields give: OVER once won or drawn, and at the start of a turn
        STEP or PASS as a step is possible or not (EXTRA and PASCH are set by the move)."""
        if s.outcome is not None:
            phase: FennPhase = OVER
        elif s.phase in NEW_TURN:
            phase = STEP if self._steps(s) else PASS
        else:
            phase = s.phase
        return s if phase == s.phase else replace(s, phase=phase)

    # -- queries for the view ------------------------------------------------------------------

    def field_bans(self, s: FennState, seat: int) -> dict[int, tuple[FieldReason, ...]]:
        """Fields 1-9 the die of `seat` may not enter while the other dice stay as they are, with
        the reasons; the field it stands on aside."""
        opp = opponent(seat)
        bans = {}
        for to in BOARD_FIELDS:
            reasons = landing_bans(seat, to, s.field_of(opp), s.face_of(opp), s.black, -1)
            if reasons and to != s.field_of(seat):
                bans[to] = reasons
        return bans

    def field_statuses(self, s: FennState) -> list[FieldStatus]:
        """Each field 1-9 for the player to move: may it be entered now, with which faces, why not,
        and whether it is closed to them (never once the game is over: nobody is to move)."""
        stepping = s.phase in (STEP, EXTRA)
        seat = s.to_move
        opp = opponent(seat)
        field = s.field_of(seat)
        start = _turn_start(s)
        steps = self._steps(s) if stepping else []
        statuses = []
        for to in BOARD_FIELDS:
            reasons: list[FieldReason] = []
            bans: tuple[FieldReason, ...] = ()
            if not stepping:
                reasons.append(FieldReason.NOT_STEPPING)
            if to == field:
                reasons.append(FieldReason.OWN)
            else:
                if abs(to - field) not in STEP_LENGTHS:
                    reasons.append(FieldReason.DISTANCE)
                bans = landing_bans(seat, to, s.field_of(opp), s.face_of(opp), s.black, start)
                reasons.extend(bans)
            faces = tuple(f for t, f in steps if t == to)
            statuses.append(FieldStatus(to, bool(faces), faces, tuple(dict.fromkeys(reasons)), bool(bans) and s.outcome is None))
        return statuses

    def faces_for(self, s: FennState, field: int) -> list[int]:
        """The new faces allowed when stepping to `field` now ([] if it may not be entered)."""
        if s.phase not in (STEP, EXTRA):
            return []
        return [f for t, f in self._steps(s) if t == field]

    def pasch_faces(self, s: FennState) -> list[int]:
        if s.phase != PASCH:
            return []
        return [face for face in BLACK_FACES if face != s.black]

    def can_end(self, s: FennState) -> bool:
        return s.phase in (EXTRA, PASCH)

    def can_pass(self, s: FennState) -> bool:
        return s.phase == PASS

    def turn_start_field(self, s: FennState) -> int | None:
        """The field the current turn began on (barred for the rest of the turn); None when it no
        longer matters: after a Pasch (the turn can only end) or once the game is over."""
        if s.outcome is not None or s.phase == PASCH:
            return None
        return _turn_start(s)

    def latest_turn_start(self, s: FennState) -> TurnStart | None:
        """Where the latest turn began: the current one once a step of it is made (a Pasch or an
        extra step pending, or the step that won), else the previous one; None when that is not
        known (the turn a position began with) or nothing has moved yet."""
        history = s.history
        winner = s.outcome is not None and bool(s.outcome.winners)
        if s.phase in (EXTRA, PASCH) or winner:
            key, seat = (history[-1] if history else None), s.to_move
        else:
            key, seat = (history[-2] if len(history) >= 2 else None), opponent(s.to_move)
        if key is None:
            if s.phase == EXTRA and s.turn_start is not None:
                return TurnStart(s.to_move, s.turn_start, None, None)
            return None
        start = parse_position(key)
        return TurnStart(seat, start.field_of(seat), start.face_of(seat), start.black)

    def repetitions(self, s: FennState) -> int:
        """Occurrences of the current turn-start position (1: first time; 3: the game is drawn)."""
        if s.phase in (EXTRA, PASCH):
            return 0
        key = turn_key(s.blue, s.blue_face, s.red, s.red_face, s.black, s.to_move)
        return max(1, s.history.count(key))

    def repeats_to_draw(self, s: FennState) -> int | None:
        """How many more occurrences of the current turn-start position end the game drawn (1: the
        next one does); None inside a turn, where nothing is counted, and once the game is over."""
        if s.outcome is not None or s.phase in (EXTRA, PASCH):
            return None
        return REPETITION_LIMIT - self.repetitions(s)

    def ending_draws(self, s: FennState, key: str) -> bool:
        """Whether a turn of `s` that ends with the next turn beginning in the position `key` (a
        `turn_key`) draws the game: that position would occur for the third time."""
        return s.history.count(key) + 1 >= REPETITION_LIMIT

    def opening(self, s: FennState) -> Opening | None:
        """How the game began: the opening roll, who began and whether the setup chose it; None for
        a game begun from a position."""
        rolls = s.opening_rolls
        if not rolls:
            return None
        starter = BLUE if rolls[-1] == self.opening_face(BLUE) else RED
        return Opening(rolls, starter, chosen=s.setup.option("first") is not None)

    def turns_begun(self, s: FennState) -> int:
        """The turns begun since the setup or the position the game began with, the one under way
        included (a position read in the middle of a turn counts from the turn after it)."""
        return len(s.history)

    def describe_move(self, s: FennState, move: str) -> str:
        """One English sentence saying what `move` does in `s`."""
        e = self.effect(s, move)
        who = COLOURS[e.seat].capitalize()
        if e.kind == "pass":
            text = f"{who} cannot step and passes"
        elif e.kind == "end":
            text = f"{who} ends the turn"
        elif e.kind == "black":
            text = f"{who} turns the black die from {e.black_before} to {e.black_after}"
        else:
            where = "from beside the board" if e.from_field in START_FIELD else f"from field {e.from_field}"
            text = f"{who} steps {where} to field {e.to_field} and turns {e.new_face} up" + STEP_GAIN_WORDS[e.earns].format(
                colour=COLOURS[e.seat], face=e.new_face
            )
        if e.draw:
            text += "; the position occurs for the third time: a draw"
        return text + "."

    # -- notation ------------------------------------------------------------------------------

    def position(self, s: FennState) -> str:
        return position_text(s)

    def from_position(self, text: str) -> FennState:
        s = parse_position(text)
        if s.phase == EXTRA and not self._steps(s):
            raise PositionError(
                "an extra step is pending but no step is legal (the turn would have ended)", rule=FennPositionRule.EXTRA_NO_STEP, seat=s.to_move
            )
        return self._settled(s)

    # -- tests and tools -----------------------------------------------------------------------

    def conformance_setups(self) -> list[dict[str, object]]:
        return [{"players": 2}, {"players": 2, "first": "blue"}, {"players": 2, "first": "red"}]

    def move_cap(self) -> int:
        return 400


# What a step earns, as the English sentence of `describe_move` goes on.
STEP_GAIN_WORDS: dict[StepGain, str] = {
    "win": ", reaching the far end: {colour} wins",
    "pasch": ": a Pasch with the black die, which {colour} may now turn",
    "extra": ": {face} matches the field, an extra step",
    "blocked": ": an extra step is earned, but no step is possible",
    "nothing": "",
}


def opening_roll(seed: int) -> tuple[int, ...]:
    """The black die rolled until it shows 4 or 6: the rolls in order, the decisive one last."""
    rng = chance_rng(seed, "fenn-opening")
    rolls: list[int] = []
    while not rolls or rolls[-1] not in OPENING_FACE.values():
        rolls.append(rng.choice(BLACK_FACES))
    return tuple(rolls)


GAME = Fenn()
