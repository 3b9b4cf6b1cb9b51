"""Nummerus Zahlus's view: clicks, setup fields, hints and the status line, the answers the app
asks of a game's view. The board itself is drawn by render/nummerus_board.py, the players' chains
beside it and the choosers below it by render/nummerus_panels.py, and the sentences a player reads
and hears are written by render/nummerus_words.py.

The view and the board ask the engine for everything that depends on the rules (`star_targets`,
`must_jump`, `effect`, `chain_choice`, `held_groups`, `why_illegal`, ...); only the words for those
rules are here, in one table (`move_error_texts`), so that they can be translated.

What a player sees, and how it is told without colour:
- chips the star can reach carry a ring and a dotted line from the star (a jump: every chip);
- the last path: a dashed trail from the field the star left (dashed outline) to where it took
  its chip (tinted); a jump is drawn as an arc; the star travels it when `ui.animate`;
- a chip the hint suggests carries a check badge; collections: chips in runs, chains boxed.

Input: click a reachable chip; the solitaire's chain choice and the swap variant's picks (one's
own chip and an opponent's single chip, or "No swap") are buttons below the board.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..games.base import OptionValue

from ..ai.puzzles import Puzzle
from ..games.nummerus import GAME, Nummerus, NummerusState, FIELD_COUNT, FIELD_INDEX, FIELD_NAMES, BOARD_FILES, NO_SWAP, LAYOUT_STAR, parse_field
from ..games.nummerus import STAR_PHASE, SWAP_PHASE, LayoutError, LayoutRule, NummerusEffect, NummerusMove, NummerusRule, TakeEffect
from ..games.nummerus_editing import seat_setting
from ..games.nummerus_scoring import Group
from ..games.notation import parse_swap, split_side, swap_move
from ..i18n import N_, _, ngettext
from .board_marks import BoardMarks, HintSearch, HintValue
from . import nummerus_board
from .nummerus_board import CELL, HEIGHT, PAD, SEAT_CSS, WIDTH, X0, Y0, NummerusPayload
from .nummerus_panels import chain_chooser_html, piece_svg, seat_details, seat_summary, side_html, swap_chooser_html, swap_picks, table_summary
from .nummerus_words import board_label, chain_points_text, colour_name, describe_move, field_words, hint_text, move_text, player_name, range_text, result_text
from .svg import esc, tag
from .view import Action, Choice, ClickResult, Field, GameView, SeatStyle, UIState, option_field

LAYOUT_HELP_EXAMPLE = "3 16 17 / 18 7 36 39 38 / …"

# The board's size, for callers that drew from this module before the board had its own.
__all__ = ["NummerusView", "make_view", "parse_layout", "WIDTH", "HEIGHT"]


# The long chain the setup's help shows the points of, after the shortest ones (an example, not a rule).
LONG_CHAIN_EXAMPLE = 11


def _start_fields() -> list[Field]:
    """Who begins, with several players: seat 1, or by age (the `ages` option), then each seat's
    age, asked of the seats there are."""
    several = (2, 3, 4)
    start = Field(
        "start",
        _("Who begins"),
        _("The rulebook lets the player whose age is closest to {age} begin; then play goes round in seat order. Without ages, seat 1 begins.").format(
            age=GAME.starting_age
        ),
        choices=(Choice("seat1", _("Seat 1")), Choice("age", _("By age: closest to {age} begins").format(age=GAME.starting_age))),
        default="seat1",
        players=several,
        options=("ages",),
    )
    ages = [
        Field(
            f"age{seat}",
            _("Age of seat {n}").format(n=seat + 1),
            _("In years. Between two players equally close to {age}, the lower seat begins.").format(age=GAME.starting_age),
            kind="text",
            default="",
            players=tuple(p for p in several if p > seat),
            show_when=("start", "age"),
            options=("ages",),
        )
        for seat in range(4)
    ]
    return [start, *ages]


# -- the view ---------------------------------------------------------------------------------------


class NummerusView(GameView[NummerusState, NummerusMove, NummerusEffect, NummerusPayload]):
    game_id = "nummerus"
    game: Nummerus
    board = nummerus_board
    seat_colours = SEAT_CSS
    default_players = 2
    handover = False  # nothing is private: every chip lies open
    move_error_texts: Mapping[str, str] = {
        NummerusRule.NOT_A_FIELD: N_("That is not a legal move now."),
        NummerusRule.SWAP_TEXT: N_("The chip is taken. Now swap – pick one of your chips and an opponent's single chip – or choose “No swap”."),
        NummerusRule.SWAP_PENDING: N_("The chip is taken. Now swap – pick one of your chips and an opponent's single chip – or choose “No swap”."),
        NummerusRule.SWAP_NOT_NOW: N_("A swap may only follow your own star move, in the swap variant."),
        NummerusRule.STAR_HERE: N_("The star stands on {field}: move it to a chip it can reach (ringed)."),
        NummerusRule.FIELD_EMPTY: N_("{field} is empty: the star moves to a chip and takes it."),
        NummerusRule.NOT_IN_LINE: N_("{chip} on {field} is not in a straight line (row, column or diagonal) from the star on {here}."),
        NummerusRule.GAP: N_("The line from {here} to {field} crosses a gap in the board (such as the waist of the 8): the star never leaves the board."),
        NummerusRule.BLOCKED: N_("{chip} on {blocker_field} comes first in that line: the star stops at the first chip it meets."),
        NummerusRule.CHOOSE_CHAIN: N_("{chip} touches the chains {lower_text} and {upper_text}: choose which one it joins."),
        NummerusRule.NO_TWO_CHAINS: N_("{chip} does not touch two chains: there is no chain to choose."),
        NummerusRule.SIDE_NOT_SOLITAIRE: N_("Only in the solitaire does a chip choose its chain."),
        NummerusRule.GIVE_NOT_YOURS: N_("{chip} is not yours: give one of your own chips."),
        NummerusRule.TAKE_NOT_HELD: N_("No opponent holds {chip}."),
        NummerusRule.TAKE_OWN: N_("{chip} is your own: take a single chip of an opponent."),
        NummerusRule.TAKE_CHAIN: N_("{chip} is part of {colour}'s chain {chain_text}: a swap may only take a single chip."),
    }

    move_error_words_from = {
        "lower": lambda chain: {"lower_text": range_text(*chain)},
        "upper": lambda chain: {"upper_text": range_text(*chain)},
        "chain": lambda chain: {"chain_text": range_text(*chain)},
        "seat": lambda seat: {"colour": colour_name(seat)},
        "other_seat": lambda seat: {"other_colour": colour_name(seat)},
    }

    # Position text the engine refuses (games/nummerus_position.py), in the player's words.
    position_error_texts = {
        "token-count": N_(
            "A position has 3 to 7 parts separated by single spaces – the board, the player to move and the collections, then as needed "
            "the round (r…), the points (p…), the swap chips (x…) and swap – not {count}."
        ),
        "unexpected-token": N_(
            "“{token}” is out of place: after the collections come only the round (r…), the points (p…), the swap chips (x…) and swap, "
            "each at most once and in this order."
        ),
        "empty-board-before-last-round": N_(
            "The board is empty, but round {round} of {rounds} is not the last: the next round begins as soon as one ends, "
            "so only the last round ends with an empty board."
        ),
        "to-move": N_("The player to move, after the board, must be a seat number from 1 to {players}."),
        "chip-on-board-and-held": N_(
            "Chip {chip} lies on the board and is also in {colour}'s collection: each chip is either on the board or in one collection."
        ),
        "chip-held-twice": N_("Chip {chip} is in both {other_colour}'s and {colour}'s collections: each chip is either on the board or in one collection."),
        "chip-missing": N_("Chip {chip} is missing: each chip from 1 to 48 is either on the board or in one collection."),
        "round-token": N_("“{token}” is not a round: write r, the round in play, a slash and the number of rounds, such as r2/5."),
        "solitaire-rounds": N_("The solitaire has no tournament rounds (r…)."),
        "round-range": N_("There is no round {round} of {rounds}: a tournament has at most {most} rounds, and the round in play is not past the last."),
        "points-missing": N_("Round {round} needs the points of the finished rounds right after it, such as r2/3 p12,7."),
        "points-out-of-place": N_("The points (p…) belong only to a tournament from round 2 on, right after the round, such as r2/3 p12,7."),
        "points-rounds": N_("The points (p…) list each finished round once, separated by semicolons: before round {round} that makes {finished}, not {count}."),
        "points-row": N_("Each finished round lists {players} point totals, whole numbers separated by commas, not “{token}”."),
        "solitaire-swaps": N_("The solitaire has no swap chips (x…)."),
        "swap-without-swap-chips": N_("“swap” (the player to move decides on a swap) needs the swap chips of the swap variant before it, such as x2,1 swap."),
        "no-swap-chip-left": N_("“swap” says {colour} decides on a swap, but {colour} has no swap chip left."),
        "nothing-to-swap": N_("“swap” says {colour} decides on a swap, but there is nothing to swap: no opponent holds a chip outside a chain."),
        "rank-count": N_("The board lists 9 ranks, from rank 9 down to rank 1, separated by /, not {count}."),
        "rank-fields": N_("Rank {rank} has {fields} fields, {first} to {last}, separated by commas, not {count}."),
        "star-twice": N_("There is only one star, but it is on both {field} and {again}."),
        "chip-on-board-twice": N_("Chip {chip} lies on the board twice (again on {field})."),
        "field-content": N_("Field {field} holds “{token}”: a field holds a chip from 1 to 48, * for the star or . when empty."),
        "no-star": N_("The board has no star (*)."),
        "collection-count": N_("There is one collection per player, 1 to 4, separated by /, not {count}."),
        "collection-item": N_("In {colour}'s collection, “{token}” is neither a chip nor a range such as 3-5 (an empty collection is .)."),
        "range-downward": N_("In {colour}'s collection, “{token}” is not a range: a range runs upward, such as 3-5."),
        "collection-chip-number": N_("In {colour}'s collection, {chip} is not a chip: the chips are numbered 1 to 48."),
        "collection-order": N_("In {colour}'s collection, “{token}” overlaps or comes before {previous}: list the chips in ascending order."),
        "collection-run": N_("In {colour}'s collection, {previous} and {token} form one run: write it as {run}."),
        "swap-chips-dealt": N_("After the slash, the swap chips (x…) give how many each player was dealt: a number from 1 to {most}, not “{token}”."),
        "swap-chips-left": N_("The swap chips (x…) list how many each player has left: {players} numbers from 0 to {most}, separated by commas."),
    }

    def tagline(self) -> str:
        return _("Move the star in a straight line to the first number and take it. Collect the longest chains of consecutive numbers.")

    def seat_style(self, seat: int, players: int) -> SeatStyle:
        if players == 1:
            return SeatStyle(_("Player"), SEAT_CSS[seat])
        return super().seat_style(seat, players)

    def piece_svg(self, seat: int, players: int, size: float = 24) -> str:
        return piece_svg(seat, size)

    # -- setup -------------------------------------------------------------------------------------

    def setup_fields(self) -> list[Field]:
        return [
            *_start_fields(),
            option_field(
                self.game,
                "rounds",
                _("Rounds"),
                _(
                    "One round: the longest chains win. Several rounds: tournament scoring. A chain of n chips scores "
                    "n·(n+1)/2 points ({shortest} … {longer}), single chips score nothing; "
                    "the highest total wins. Each round is laid out afresh and the next player in turn begins it."
                ).format(
                    shortest=", ".join(chain_points_text(n, points) for n, points in GAME.chain_points_from_shortest(3)),
                    longer=chain_points_text(LONG_CHAIN_EXAMPLE, GAME.chain_points(LONG_CHAIN_EXAMPLE)),
                ),
                default=1,
            ),
            option_field(
                self.game,
                "swap",
                _("Swap variant"),
                _(
                    "Everybody gets 2 swap chips (1 each with 4 players). Right after taking a chip you may spend one: give any "
                    "of your chips to an opponent and take one of theirs in return – but only a single chip, never one that is "
                    "part of their chain."
                ),
            ),
            option_field(
                self.game,
                "swap_chips",
                _("Swap chips per player"),
                _("How many swap chips everybody gets at the start of each round. More chips mean more swaps; fewer make each one precious."),
                labels={0: _("As in the rulebook: 2 (1 each with 4 players)")},
                show_when=("swap", "on"),
            ),
            Field(
                "layout",
                _("Layout"),
                _(
                    "Normally the chips and the star are shuffled onto the board. To replay a layout from a table or a book, "
                    "enter it by hand (in a tournament only the first round)."
                ),
                choices=(Choice("shuffled", _("Shuffled (the normal game)")), Choice("hand", _("Entered by hand"))),
                default="shuffled",
                options=("layout",),
            ),
            Field(
                "layout_text",
                _("The layout by hand"),
                _(
                    "All 49 fields, rank 9 at the top down to rank 1, each rank left to right: every number 1 to 48 once and "
                    "* for the star, separated by spaces, commas or slashes, e.g. {example}"
                ).format(example=LAYOUT_HELP_EXAMPLE),
                kind="text",
                default="",
                show_when=("layout", "hand"),
                options=("layout",),
            ),
        ]

    def options_from_form(self, values: dict[str, str], players: int) -> dict[str, OptionValue]:
        options: dict[str, OptionValue] = {}
        if players > 1:
            if values.get("start", "seat1") == "age":
                ages = []
                for seat in range(players):
                    text = str(values.get(f"age{seat}", "") or "").strip()
                    if not text.isdigit() or not self.game.is_age(int(text)):
                        ages_text = _("Enter the age of seat {n} in whole years ({youngest} to {oldest}), or let seat 1 begin.")
                        raise ValueError(ages_text.format(n=seat + 1, youngest=self.game.ages[0], oldest=self.game.ages[-1]))
                    ages.append(int(text))
                options["ages"] = ages
            most = self.setup_field("rounds").maximum
            rounds = self.form_number(values, "rounds", _("The number of rounds must be a whole number."), _("Choose between 1 and {n} rounds.").format(n=most))
            if rounds > 1:
                options["rounds"] = rounds
            if self.form_flag(values, "swap"):
                options["swap"] = True
                swap_chips = self.form_option(values, "swap_chips", _("Choose how many swap chips each player gets."))
                if swap_chips:
                    options["swap_chips"] = swap_chips
        if values.get("layout", "shuffled") == "hand":
            options["layout"] = parse_layout(self.game, str(values.get("layout_text", "") or ""))
        return options

    def setup_preview(self, values: dict[str, str], players: int) -> str:
        """The board laid out by hand, as entered so far (nothing for a shuffled board)."""
        if values.get("layout") != "hand":
            return ""
        try:
            layout = parse_layout(self.game, str(values.get("layout_text", "") or ""))
        except ValueError as exc:
            return tag("p", esc(str(exc)), class_="nz-preview-note")
        s = self.game.new_game(players=players, layout=layout)
        return self.board.board_svg(s, self.marks(s, UIState(interactive=False), label=_("Preview of the layout")))

    # -- drawing -----------------------------------------------------------------------------------

    def thumbnail_svg(self) -> str:
        before = self.game.from_position(THUMBNAIL_BEFORE)
        after = self.game.play(before, THUMBNAIL_MOVE)
        ui = UIState(interactive=False, last_before=before, last_move=THUMBNAIL_MOVE)
        # The whole board with its rim (a crop through a row of chips looked like a mistake).
        crop = (X0 - PAD - 2, Y0 - PAD - 2, len(BOARD_FILES) * CELL + 2 * PAD + 4, 9 * CELL + 2 * PAD + 4)
        return self.board.board_svg(after, self.marks(after, ui, label=_("Nummerus Zahlus"), coordinates=False, view_box=crop))

    def marks(
        self,
        s: NummerusState,
        ui: UIState[NummerusState],
        *,
        label: str | None = None,
        coordinates: bool = True,
        view_box: tuple[float, float, float, float] | None = None,
    ) -> BoardMarks[NummerusPayload, NummerusEffect]:
        """What the board marks, from the engine: the chips the star can reach, the last star move
        of this round, the hint, the picked chip, and each field's words."""
        game = self.game
        over = game.is_over(s)
        interactive = ui.interactive and not over
        targets = {t.field: t for t in game.star_targets(s)}
        jump = game.must_jump(s)
        hints = dict(ui.hints)
        selected = ui.selection[0] if ui.selection and ui.selection[0] in targets else None
        # The last move when it was a star move of this round (a round's last chip is followed by a fresh board).
        found = self.last_effect(ui)
        effect = found if isinstance(found, TakeEffect) and found.round_end is None else None
        labels = {}
        if interactive:
            labels = {FIELD_NAMES[i]: field_words(s, i, targets, effect, hints, selected) for i in range(FIELD_COUNT)}
        return BoardMarks(
            interactive=interactive,
            legal=frozenset(targets) if interactive else frozenset(),
            labels=labels,
            selection=(selected,) if selected is not None else (),
            cursor=ui.cursor,
            last_move=ui.last_move,
            effect=effect,
            animate=ui.animate,
            hints=hints,
            label=label or board_label(game, s, targets, jump, over),
            coordinates=coordinates,
            view_box=view_box,
            diagram=ui.diagram,
            # A picture shows the position, not the aids to choosing a move: no rings, no rays.
            payload=NummerusPayload(over=over, targets=() if ui.picture else tuple(targets), jump=jump),
        )

    def extra_html(self, s: NummerusState, ui: UIState[NummerusState]) -> str:
        parts = []  # the last move in words (a swap, a round's end) is the game screen's line under the status
        if ui.interactive and not self.game.is_over(s):
            if s.phase == SWAP_PHASE:
                parts.append(swap_chooser_html(self.game, s, ui))
            else:
                choice = self._chain_choice(s, ui)
                if choice is not None:
                    parts.append(chain_chooser_html(self.game, s, ui, choice))
                elif self.game.must_jump(s):
                    parts.append(tag("p", esc(_("No chip lies in line with the star: it may jump to any chip.")), class_="nz-banner"))
        return "".join(parts)

    def _chain_choice(self, s: NummerusState, ui: UIState[NummerusState]) -> tuple[str, tuple[Group, Group]] | None:
        """(field, (lower chain, upper chain)) when a solitaire chip the star may take is picked
        that touches two chains (the engine's `chain_choice`)."""
        if not ui.selection:
            return None
        field = ui.selection[0]
        chains = self.game.chain_choice(s, field)
        return None if chains is None else (field, chains)

    def actions(self, s: NummerusState, ui: UIState[NummerusState]) -> list[Action]:
        if not ui.interactive or self.game.is_over(s) or s.phase != SWAP_PHASE:
            return []
        hinted = any(t == NO_SWAP for t, _l in ui.hints)
        label = _("No swap") + (" · " + _("hint") if hinted else "")
        return [Action(NO_SWAP, label, _("Keep your chips and your swap chips; the turn passes on."))]

    def score_text(self, s: NummerusState, score: int) -> str | None:
        if self.game.is_solitaire(s):
            return ngettext("{n} chain shorter than {length} left", "{n} chains shorter than {length} left", score).format(
                n=score, length=self.game.solitaire_removed_from
            )
        if s.rounds:
            return ngettext("{n} point", "{n} points", score).format(n=score)
        return _("longest chain {n}").format(n=score)

    def seat_details(self, s: NummerusState, seat: int) -> str:
        return seat_details(self.game, s, seat)

    def side_html(self, s: NummerusState, names: list[str]) -> str:
        return side_html(self.game, s, names)

    def seat_summary(self, s: NummerusState, seat: int) -> str:
        return seat_summary(self.game, s, seat)

    def table_summary(self, s: NummerusState, names: Sequence[str]) -> list[str]:
        return table_summary(self.game, s)

    # -- hints -------------------------------------------------------------------------------------

    def hint_label(self) -> str | None:
        return _("Hint")

    def hints(self, s: NummerusState) -> tuple[tuple[str, HintValue], ...]:
        from ..ai.nummerus import hint

        if self.game.is_over(s):
            return ()
        return self._hints_for(hint(self.game, s)[0].move)

    def hint_search(self, s: NummerusState) -> HintSearch:
        """The strongest level's search, in slices (the app runs it between frames)."""
        from ..ai.nummerus import LEVELS, make_player

        if self.game.is_over(s):
            return ()
        move = yield from make_player(self.game, LEVELS[-1].number, 0).search(s)
        return self._hints_for(move)

    def _hints_for(self, move: str) -> tuple[tuple[str, HintValue], ...]:
        if move == NO_SWAP:
            return ((NO_SWAP, "hint"),)
        swap = parse_swap(move)
        if swap:
            give, take = swap
            return ((f"give:{give}", "hint"), (f"take:{take}", "hint"), (move, "hint"))
        field, side = split_side(move)
        if side:
            return ((field, "hint"), (move, "hint"))
        return ((move, "hint"),)

    def puzzle_task(self, puzzle: Puzzle, mover: str) -> str:
        return _("{name} to move: find the only chip that wins the round, whatever the opponent takes.").format(name=mover)

    def puzzle_hint(self, puzzle: Puzzle, legal: tuple[str, ...]) -> str:
        return _("Look at file {file}.").format(file=puzzle["solution"][0])

    def hint_text(self, s: NummerusState, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
        return hint_text(self.game, s, hints, names)

    # -- input -------------------------------------------------------------------------------------

    def click(self, s: NummerusState, ui: UIState[NummerusState], target: str) -> ClickResult[NummerusState, NummerusMove]:
        game = self.game
        legal = game.legal_moves(s)
        if game.is_over(s):
            return ClickResult(ui, None, _("The game is over."))
        if target == "cancel":
            return ClickResult(ui.with_(selection=()), None)
        if s.phase == SWAP_PHASE:
            return self._swap_click(s, ui, target, legal)
        move = legal_move(legal, target)
        if move is not None:
            cursor, _side = split_side(move)
            return ClickResult(ui.with_(selection=(), cursor=cursor if cursor in FIELD_INDEX else ui.cursor), move)
        index = parse_field(target)
        if index is None:
            return ClickResult(ui, None, _("That is not a legal move now."))
        if self.game.chain_choice(s, target) is not None:
            # A solitaire number touching two chains: ask which.
            if ui.selection == (target,):
                return ClickResult(ui.with_(selection=(), cursor=target), None)
            return ClickResult(ui.with_(selection=(target,), cursor=target), None)
        return ClickResult(ui.with_(cursor=target), None, self.unreachable_message(s, target))

    def _swap_click(self, s: NummerusState, ui: UIState[NummerusState], target: str, legal: list[NummerusMove]) -> ClickResult[NummerusState, NummerusMove]:
        if target == NO_SWAP:
            return ClickResult(ui.with_(selection=()), NO_SWAP)
        kind, _sep, value = target.partition(":")
        if kind not in ("give", "take") or not value.isdigit():
            if parse_field(target) is not None:
                return ClickResult(ui, None, _("The chip is taken. Now swap – pick one of your chips and an opponent's single chip – or choose “No swap”."))
            return ClickResult(ui, None, _("That is not a legal move now."))
        number = int(value)
        give, take = swap_picks(s, ui)
        refused = self.game.why_illegal_give(s, number) if kind == "give" else self.game.why_illegal_take(s, number)
        if refused is not None:
            return ClickResult(ui, None, self.move_error_text(refused))
        if kind == "give":
            give = None if give == number else number
        else:
            take = None if take == number else number
        if give is not None and take is not None:
            move = legal_move(legal, swap_move(give, take))
            if move is not None:
                return ClickResult(ui.with_(selection=()), move)
        selection = tuple(t for t in ((f"give:{give}" if give is not None else None), (f"take:{take}" if take is not None else None)) if t)
        return ClickResult(ui.with_(selection=selection), None)

    def cancel(self, ui: UIState[NummerusState]) -> UIState[NummerusState]:
        return ui.with_(selection=())

    def unreachable_message(self, s: NummerusState, field: str) -> str:
        """Why the star may not take the chip on `field` now, in the player's language: the
        engine's `why_illegal` names the rule, this game's table words it."""
        return self.refusal(s, field) or _("That is not a legal move now.")

    # -- words -------------------------------------------------------------------------------------

    def status_text(self, s: NummerusState, ui: UIState[NummerusState], names: list[str]) -> str:
        game = self.game
        if game.is_over(s):
            return self.result_text(s, names)
        name = player_name(names, s.to_move)
        if s.phase == SWAP_PHASE:
            text = _("{name} may swap: pick one of your chips and an opponent's single chip, or choose “No swap”.").format(name=name)
        else:
            choice = self._chain_choice(s, ui) if ui.interactive else None
            if choice is not None:
                field, (lower, upper) = choice
                text = _("{chip} touches the chains {lower} and {upper}: choose one below.").format(
                    chip=s.board[FIELD_INDEX[field]], lower=range_text(*lower), upper=range_text(*upper)
                )
            elif game.must_jump(s):
                text = _("{name} to move: no chip is in line with the star, so it may jump to any chip.").format(name=name)
            else:
                n = len(game.star_targets(s))
                text = ngettext(
                    "{name} to move: take the chip the star can reach (ringed).", "{name} to move: take one of the {n} chips the star can reach (ringed).", n
                ).format(name=name, n=n)
        if s.rounds:
            text += " " + _("Round {r} of {n}.").format(r=s.round, n=s.rounds)
        return text

    def describe_move(self, before: NummerusState, move: str, after: NummerusState, names: list[str]) -> str:
        return describe_move(self.game, before, move, after, names)

    def move_text(self, before: NummerusState, move: str) -> str:
        return move_text(self.game, before, move)

    def result_text(self, s: NummerusState, names: list[str]) -> str:
        return result_text(self.game, s, names)

    # -- the diagram editor (games/nummerus_editing.py) --

    def piece_name(self, piece: str) -> str:
        if piece == "*":
            return _("Star")
        if piece.isascii() and piece.isdigit():
            return _("Chip {n}").format(n=int(piece))
        return piece

    def setting_name(self, name: str) -> str:
        names = {
            "to-move": _("Player to move"),
            "players": _("Players"),
            "rounds": _("Tournament rounds (0: one round, longest chains win)"),
            "round": _("Round in play"),
            "swap": _("Swap variant"),
            "phase": _("Step of the turn"),
        }
        if name in names:
            return names[name]
        of = seat_setting(name)
        if of is None:
            return name
        if of.round is not None:
            return _("{colour}'s points in round {r}").format(colour=colour_name(of.seat), r=of.round)
        return _("{colour}'s swap chips left").format(colour=colour_name(of.seat))

    def setting_value_name(self, name: str, value: str) -> str:
        if name == "to-move" and value in ("1", "2", "3", "4"):
            return colour_name(int(value) - 1)
        if name == "swap":
            return {"off": _("Off"), "on": _("On")}.get(value, value)
        if name == "phase":
            phases: dict[str, str] = {STAR_PHASE: _("Move the star"), SWAP_PHASE: _("Swap or not (the chip is taken)")}
            return phases.get(value, value)
        return value

    def edit_refusal_texts(self) -> dict[str, str]:
        return {
            "star-stays": N_("The star never leaves the board: to move it, put it on another field."),
            "star-covered": N_("The star stands on {place} and never leaves the board: move the star first, then put {piece} there."),
        }


def legal_move(legal: list[NummerusMove], text: str) -> NummerusMove | None:
    """The legal move `text` names (a click's target, a swap picked), None if it names none."""
    return next((move for move in legal if move == text), None)


def parse_layout(game: Nummerus, text: str) -> list[int]:
    """A layout typed by hand: 49 entries in position order, numbers 1-48 and * (or 0) for the
    star, as the engine's `check_layout` accepts it; ValueError in the player's words if not."""
    tokens = text.replace("/", " ").replace(",", " ").replace(";", " ").split()
    # What each token says: the star, a number, or else the token itself (which no field holds).
    layout: list[int | str] = [LAYOUT_STAR if token in ("*", "0") else int(token) if token.isdigit() and token.strip("0") else token for token in tokens]
    try:
        board, _star = game.check_layout(layout)
    except LayoutError as error:
        raise ValueError(layout_error_text(error, tokens)) from None
    return list(board)


def layout_error_text(error: LayoutError, tokens: list[str]) -> str:
    """Why a layout typed by hand is refused, in the player's words."""
    if error.rule == LayoutRule.SIZE:
        n = len(tokens)
        return ngettext("The layout needs all 49 fields; {n} was entered.", "The layout needs all 49 fields; {n} were entered.", n).format(n=n)
    field = str(error.params["field"])
    if error.rule == LayoutRule.CONTENT:
        return _("Field {field} holds “{text}”: use a number from 1 to 48, or * for the star.").format(field=field, text=tokens[FIELD_INDEX[field]])
    what = _("the star") if error.params["value"] == LAYOUT_STAR else str(error.params["value"])
    return _("The layout has {what} twice (again on {field}).").format(what=what, field=field)


# The home card: two players in mid-game; the star has just run up the middle of the 8, through
# its waist, to take 44.
THUMBNAIL_BEFORE = (
    "46,18,32/6,24,44,.,./20,48,22,.,.,21,9/4,11,3,.,.,29,16/13,.,.,31,42/19,.,.,.,27,36,14/.,17,30,*,2,47,43/"
    ".,1,.,.,12/.,45,33 1 7,10,23,28,35,38-39,41/5,8,15,25-26,34,37,40"
)
THUMBNAIL_MOVE = "d8"


def make_view(game: Nummerus) -> NummerusView:
    return NummerusView(game)


# The game's view as its record (render/catalog.py) registers it.
VIEW = make_view(GAME)
