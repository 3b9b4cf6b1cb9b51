"""Nummerus Zahlus's view: clicks, setup fields, the players' chains beside the board, and the
sentences a player reads and hears. The board itself is drawn by render/nummerus_board.py.

The view and the board ask the engine for everything that depends on the rules: which chips the star may
take (`star_targets`, `must_jump`), what the last move did (`effect`), which chains a solitaire
number touches (`solitaire_sides`), which chips a swap may take (`swappable`), and why a chip is
out of reach (`why_illegal`: a rule identifier and its fields). Only the words for those
rules are found here, in one table (`move_error_texts`), so that they can be translated.

What a player sees, and how it is told without colour:
- chips the star can reach carry a thick ring and a dotted line from the star; with no chip in
  line (a jump) every chip carries the ring and the status says so;
- the last path: a dashed trail from the field the star left (dashed outline) to where it took
  its chip (tinted); a jump is drawn as an arc; the star travels it when `ui.animate`;
- a chip the hint suggests carries a check badge;
- collections: chips in runs, the chains boxed, the longest chain starred and named.

Input: click a reachable chip. In the solitaire, a number that touches two chains asks which
chain it joins (two buttons below the board). In the swap variant, after taking a chip the
player picks one of their own chips and one single chip of an opponent (buttons below the
board), or "No swap".
"""

from __future__ import annotations

from typing import Any

from ..games.nummerus import (
    CHIPS,
    DIRECTION_NAMES,
    FIELD_COUNT,
    FIELD_INDEX,
    FIELD_NAMES,
    FILES,
    MAX_ROUNDS,
    NO_SWAP,
    SOLITAIRE_REMOVED_FROM,
    STAR,
    parse_field,
)
from ..games.notation import parse_swap, solitaire_move, split_side
from ..i18n import N_, _, ngettext
from .board_marks import BoardMarks, HintValue
from .nummerus_board import CELL, HEIGHT, PAD, SEAT_CSS, WIDTH, X0, Y0, NummerusPayload, board_svg, seat_mark
from .seats import seat_names
from .svg import empty, esc, num, tag
from .view import Action, Choice, ClickResult, Field, GameView, SeatStyle, UIState, option_field

GRADES = {0: N_("superb"), 1: N_("good"), 2: N_("not bad")}
LAYOUT_HELP_EXAMPLE = "3 16 17 / 18 7 36 39 38 / …"

# The board's size, for callers that drew from this module before the board had its own.
__all__ = ["NummerusView", "make_view", "parse_layout", "WIDTH", "HEIGHT"]

SEAT_NAMES = seat_names(SEAT_CSS)
# The engine's direction names (ludothek.games.nummerus.DIRECTION_NAMES), for translation.
DIRECTION_WORDS = {
    "up": N_("up"),
    "up-right": N_("up and to the right"),
    "right": N_("to the right"),
    "down-right": N_("down and to the right"),
    "down": N_("down"),
    "down-left": N_("down and to the left"),
    "left": N_("to the left"),
    "up-left": N_("up and to the left"),
}
if set(DIRECTION_WORDS) != set(DIRECTION_NAMES):
    raise AssertionError("the view needs a word for every direction of the engine")


def range_text(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}–{hi}"


def colour_name(seat: int) -> str:
    return _(SEAT_NAMES[seat])


def player_name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else colour_name(seat)


def direction_words(direction: str | None) -> str:
    return _(DIRECTION_WORDS[direction]) if direction else ""


# -- collections (panels and choosers) ------------------------------------------------------------


def chips_html(lo: int, hi: int) -> str:
    return "".join(tag("span", esc(str(n)), class_="nz-chip") for n in range(lo, hi + 1))


def groups_html(groups, solitaire: bool, seat_css: str) -> str:
    """A collection as a number line: chains boxed, single chips loose, the longest starred."""
    least = 1 if solitaire else 2
    lengths = [hi - lo + 1 for lo, hi in groups if hi - lo + 1 >= least]
    longest = max(lengths, default=0)
    items = []
    for lo, hi in groups:
        n = hi - lo + 1
        is_chain = n >= least
        classes = ["nz-group"]
        if is_chain:
            classes.append("chain")
            if solitaire and n >= SOLITAIRE_REMOVED_FROM:
                classes.append("complete")
            elif not solitaire and n == longest:
                classes.append("longest")
        else:
            classes.append("single")
        items.append(tag("span", chips_html(lo, hi), class_=" ".join(classes), data_range=f"{lo}-{hi}", data_length=str(n)))
    return tag("span", "".join(items), class_=f"nz-groups seat-{seat_css}", aria_hidden="true")


def groups_words(groups, solitaire: bool) -> str:
    """The collection for a screen reader."""
    if not groups:
        return _("No chips yet.")
    least = 1 if solitaire else 2
    chains = [(lo, hi) for lo, hi in groups if hi - lo + 1 >= least]
    singles = [lo for lo, hi in groups if hi - lo + 1 < least]
    parts = []
    if chains:
        parts.append(
            _("Chains: {list}.").format(
                list=", ".join(
                    ngettext("{range} ({n} chip)", "{range} ({n} chips)", hi - lo + 1).format(range=range_text(lo, hi), n=hi - lo + 1) for lo, hi in chains
                )
            )
        )
    if singles:
        parts.append(_("Single chips: {list}.").format(list=", ".join(map(str, singles))))
    return " ".join(parts)


def lengths_text(lengths: list[int]) -> str:
    return " · ".join(map(str, lengths)) if lengths else "–"


# -- the view ---------------------------------------------------------------------------------------


class NummerusView(GameView):
    game_id = "nummerus"
    seat_colours = SEAT_CSS
    default_players = 2
    handover = False  # nothing is private: every chip lies open
    move_error_texts = {
        "not-a-field": N_("That is not a legal move now."),
        "swap-text": N_("The chip is taken. Now swap – pick one of your chips and an opponent's single chip – or choose “No swap”."),
        "swap-pending": N_("The chip is taken. Now swap – pick one of your chips and an opponent's single chip – or choose “No swap”."),
        "swap-not-now": N_("A swap may only follow your own star move, in the swap variant."),
        "star-here": N_("The star stands on {field}: move it to a chip it can reach (ringed)."),
        "field-empty": N_("{field} is empty: the star moves to a chip and takes it."),
        "not-in-line": N_("{chip} on {field} is not in a straight line (row, column or diagonal) from the star on {here}."),
        "gap": N_("The line from {here} to {field} crosses a gap in the board (such as the waist of the 8): the star never leaves the board."),
        "blocked": N_("{chip} on {blocker_field} comes first in that line: the star stops at the first chip it meets."),
        "choose-chain": N_("{chip} touches the chains {lower_text} and {upper_text}: choose which one it joins."),
        "no-two-chains": N_("{chip} does not touch two chains: there is no chain to choose."),
        "side-not-solitaire": N_("Only in the solitaire does a chip choose its chain."),
        "give-not-yours": N_("{chip} is not yours: give one of your own chips."),
        "take-not-held": N_("No opponent holds {chip}."),
        "take-own": N_("{chip} is your own: take a single chip of an opponent."),
        "take-chain": N_("{chip} is part of {colour}'s chain {chain_text}: a swap may only take a single chip."),
    }

    move_error_words_from = {
        "lower": lambda chain: {"lower_text": range_text(*chain)},
        "upper": lambda chain: {"upper_text": range_text(*chain)},
        "chain": lambda chain: {"chain_text": range_text(*chain)},
        "seat": lambda seat: {"colour": colour_name(seat)},
    }

    def tagline(self) -> str:
        return _("Move the star in a straight line to the first number and take it. Collect the longest chains of consecutive numbers.")

    def seat_style(self, seat: int, players: int) -> SeatStyle:
        if players == 1:
            return SeatStyle(_("Player"), SEAT_CSS[seat])
        return super().seat_style(seat, players)

    def piece_svg(self, seat: int, players: int, size: float = 24) -> str:
        css = SEAT_CSS[seat]
        body = empty("circle", cx="20", cy="20", r="17", class_=f"nz-piece-body {css}") + seat_mark(seat, 20, 20, 17, "nz-piece-mark")
        return tag("svg", body, viewBox="0 0 40 40", width=num(size), height=num(size), class_="piece nz-piece", aria_hidden="true", focusable="false")

    # -- setup -------------------------------------------------------------------------------------

    def setup_fields(self) -> list[Field]:
        several = (2, 3, 4)
        fields = [
            Field(
                "start",
                _("Who begins"),
                _("The rulebook lets the player whose age is closest to 48 begin; then play goes round in seat order. Without ages, seat 1 begins."),
                choices=(Choice("seat1", _("Seat 1")), Choice("age", _("By age: closest to 48 begins"))),
                default="seat1",
                players=several,
                options=("ages",),
            ),
        ]
        for seat in range(4):
            fields.append(
                Field(
                    f"age{seat}",
                    _("Age of seat {n}").format(n=seat + 1),
                    _("In years. Between two players equally close to 48, the lower seat begins."),
                    kind="text",
                    default="",
                    players=tuple(p for p in several if p > seat),
                    show_when=("start", "age"),
                    options=("ages",),
                )
            )
        fields += [
            option_field(
                self.game,
                "rounds",
                _("Rounds"),
                _(
                    "One round: the longest chains win. Several rounds: tournament scoring. A chain of n chips scores "
                    "n·(n+1)/2 points (2 chips 3, 3 chips 6, 4 chips 10 … 11 chips 66), single chips score nothing; "
                    "the highest total wins. Each round is laid out afresh and the next player in turn begins it."
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
        return fields

    def options_from_form(self, values: dict[str, str], players: int) -> dict[str, Any]:
        options: dict[str, Any] = {}
        if players > 1:
            if values.get("start", "seat1") == "age":
                ages = []
                for seat in range(players):
                    text = str(values.get(f"age{seat}", "") or "").strip()
                    if not text.isdigit() or not 0 <= int(text) <= 150:
                        raise ValueError(_("Enter the age of seat {n} in whole years (0 to 150), or let seat 1 begin.").format(n=seat + 1))
                    ages.append(int(text))
                options["ages"] = ages
            rounds = self.form_number(
                values, "rounds", _("The number of rounds must be a whole number."), _("Choose between 1 and {n} rounds.").format(n=MAX_ROUNDS)
            )
            if rounds > 1:
                options["rounds"] = rounds
            if self.form_flag(values, "swap"):
                options["swap"] = True
        if values.get("layout", "shuffled") == "hand":
            options["layout"] = parse_layout(str(values.get("layout_text", "") or ""))
        return options

    def setup_preview(self, values: dict[str, str], players: int) -> str:
        """The board laid out by hand, as entered so far (nothing for a shuffled board)."""
        if values.get("layout") != "hand":
            return ""
        try:
            layout = parse_layout(str(values.get("layout_text", "") or ""))
        except ValueError as exc:
            return tag("p", esc(str(exc)), class_="nz-preview-note")
        s = self.game.new_game(players=players, layout=layout)
        return board_svg(s, self.marks(s, UIState(interactive=False), label=_("Preview of the layout")))

    # -- drawing -----------------------------------------------------------------------------------

    def board_svg(self, s, ui: UIState) -> str:
        return board_svg(s, self.marks(s, ui))

    def thumbnail_svg(self) -> str:
        before = self.game.from_position(THUMBNAIL_BEFORE)
        after = self.game.play(before, THUMBNAIL_MOVE)
        ui = UIState(interactive=False, last_before=before, last_move=THUMBNAIL_MOVE)
        # The whole board with its rim (a crop through a row of chips looked like a mistake).
        crop = (X0 - PAD - 2, Y0 - PAD - 2, len(FILES) * CELL + 2 * PAD + 4, 9 * CELL + 2 * PAD + 4)
        return board_svg(after, self.marks(after, ui, label=_("Nummerus Zahlus"), coordinates=False, view_box=crop))

    def marks(
        self, s, ui: UIState, *, label: str | None = None, coordinates: bool = True, view_box: tuple[float, float, float, float] | None = None
    ) -> BoardMarks[NummerusPayload]:
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
        effect = found if found is not None and found.target is not None and not found.round_over else None
        labels = {}
        if interactive:
            labels = {FIELD_NAMES[i]: self._field_words(s, i, targets, effect, hints, selected) for i in range(FIELD_COUNT)}
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
            label=label or self._board_label(s, targets, jump, over),
            coordinates=coordinates,
            view_box=view_box,
            payload=NummerusPayload(over=over, targets=tuple(targets), jump=jump),
        )

    def _field_words(self, s, index: int, targets, effect, hints, selected) -> str:
        name = FIELD_NAMES[index]
        chip = s.board[index]
        if index == s.star:
            text = _("{field}: the star.").format(field=name)
        elif chip:
            text = _("{field}: {chip}.").format(field=name, chip=chip)
        else:
            text = _("{field}: empty.").format(field=name)
        extra = []
        target = targets.get(name)
        if target is not None:
            if target.direction is None:
                extra.append(_("No chip is in line: the star may jump here and take it."))
            else:
                extra.append(_("The star can take it ({direction}).").format(direction=direction_words(target.direction)))
        if effect is not None:
            if name == effect.origin:
                extra.append(_("The star came from here."))
            elif name in effect.path:
                extra.append(_("The star passed here."))
        if name in hints:
            extra.append(_("Hint: take this chip."))
        if selected == name:
            extra.append(_("Picked: choose its chain below."))
        return " ".join([text] + extra)

    def _board_label(self, s, targets, jump: bool, over: bool) -> str:
        chips = sum(1 for n in s.board if n)
        text = [
            ngettext("Nummerus Zahlus board: the star on {field}, {n} chip left.", "Nummerus Zahlus board: the star on {field}, {n} chips left.", chips).format(
                field=FIELD_NAMES[s.star], n=chips
            )
        ]
        if targets and not over:
            if jump:
                text.append(_("No chip is in line with the star: it may jump to any chip."))
            else:
                reach = ", ".join(_("{chip} on {field}").format(chip=t.chip, field=t.field) for t in targets.values())
                text.append(_("The star can reach: {list}.").format(list=reach))
        return " ".join(text)

    def extra_html(self, s, ui: UIState) -> str:
        parts = []  # the last move in words (a swap, a round's end) is the game screen's line under the status
        if ui.interactive and not self.game.is_over(s):
            if s.swap_step:
                parts.append(self._swap_html(s, ui))
            else:
                choice = self._choice(s, ui)
                if choice is not None:
                    parts.append(self._choice_html(s, ui, choice))
                elif self.game.must_jump(s):
                    parts.append(tag("p", esc(_("No chip lies in line with the star: it may jump to any chip.")), class_="nz-banner"))
        return "".join(parts)

    def _choice(self, s, ui: UIState) -> tuple[str, tuple[str, str]] | None:
        """(field, (lower chain, upper chain)) when a solitaire number touching two chains is picked."""
        if len(s.collections) != 1 or not ui.selection:
            return None
        field = ui.selection[0]
        if field not in {t.field for t in self.game.star_targets(s)}:
            return None
        sides = self.game.solitaire_sides(s, field)
        return (field, (sides[0], sides[1])) if len(sides) == 2 else None

    def _choice_html(self, s, ui: UIState, choice) -> str:
        field, (lower, upper) = choice
        chip = s.board[FIELD_INDEX[field]]
        hints = {t for t, _l in ui.hints}
        title = _("{chip} touches two chains, and chains never join. Add it to which one?").format(chip=chip)
        buttons = []
        for side, chain in (("-", lower), ("+", upper)):
            lo, _sep, hi = chain.partition("-")
            lo_n, hi_n = int(lo), int(hi or lo)
            grown = range_text(lo_n, chip) if side == "-" else range_text(chip, hi_n)
            move = solitaire_move(field, side)
            # The visible words are the button's name (no aria-label: what is read is what is seen).
            inner = (
                tag("span", esc(_("Add {chip} to {chain}:").format(chip=chip, chain=range_text(lo_n, hi_n))), class_="nz-chain-old")
                + " "
                + tag("span", esc(_("it becomes {grown}").format(grown=grown)), class_="nz-chain-new")
            )
            if move in hints:
                inner += " " + tag("span", esc(_("(hint)")), class_="nz-hint-tag")
            buttons.append(tag("button", inner, type="button", class_="nz-choice-button" + (" hinted" if move in hints else ""), data_target=move))
        buttons.append(tag("button", esc(_("Cancel")), type="button", class_="small", data_target="cancel", title=_("Pick another chip")))
        return tag(
            "section",
            tag("p", esc(title), class_="nz-title", id="nz-choice-title") + tag("div", "".join(buttons), class_="nz-buttons"),
            class_="nz-choice",
            role="group",
            aria_labelledby="nz-choice-title",
        )

    def _swap_picks(self, s, ui: UIState) -> tuple[int | None, int | None]:
        give = take = None
        for token in ui.selection:
            kind, _sep, value = token.partition(":")
            if value.isdigit():
                if kind == "give":
                    give = int(value)
                elif kind == "take":
                    take = int(value)
        return give, take

    def _swap_html(self, s, ui: UIState) -> str:
        seat = s.to_move
        give, take = self._swap_picks(s, ui)
        hints = {t for t, _l in ui.hints}
        left = s.swaps[seat]
        title = ngettext(
            "Swap? You have {n} swap chip. Pick one of your chips and an opponent's single chip, or choose “No swap”.",
            "Swap? You have {n} swap chips. Pick one of your chips and an opponent's single chip, or choose “No swap”.",
            left,
        ).format(n=left)
        rows = []
        own = []
        for lo, hi in self.game.groups(s, seat):
            chips = []
            for n in range(lo, hi + 1):
                chips.append(self._swap_button(f"give:{n}", n, give == n, f"give:{n}" in hints, _("Give {chip}").format(chip=n)))
            own.append(tag("span", "".join(chips), class_="nz-group" + (" chain" if hi > lo else " single")))
        rows.append(
            tag(
                "div",
                tag("span", esc(_("Give:")), class_="nz-row-label") + tag("span", "".join(own), class_="nz-row-chips"),
                class_="nz-swap-row give",
                role="group",
                aria_label=_("Give one of your chips"),
            )
        )
        for other, (free, protected) in sorted(self.game.swappable(s).items()):
            name = player_name(list(ui.names), other)
            chips = []
            for lo, hi in self.game.groups(s, other):
                group = []
                for n in range(lo, hi + 1):
                    if n in free:
                        group.append(
                            self._swap_button(f"take:{n}", n, take == n, f"take:{n}" in hints, _("Take {chip} from {colour}").format(chip=n, colour=name))
                        )
                    else:
                        group.append(
                            self._swap_button(
                                f"take:{n}",
                                n,
                                False,
                                False,
                                _("{chip}: part of {colour}'s chain {chain}, protected").format(chip=n, colour=name, chain=range_text(lo, hi)),
                                disabled=True,
                            )
                        )
                chips.append(tag("span", "".join(group), class_="nz-group" + (" chain" if hi > lo else " single")))
            if not chips:
                chips.append(tag("span", esc(_("no chips yet")), class_="nz-none"))
            label = _("Take from {colour}:").format(colour=name)
            rows.append(
                tag(
                    "div",
                    tag("span", self.piece_svg(other, len(s.collections), 18) + esc(label), class_="nz-row-label")
                    + tag("span", "".join(chips), class_="nz-row-chips"),
                    class_=f"nz-swap-row take seat-{SEAT_CSS[other]}",
                    role="group",
                    aria_label=_("Take a single chip from {colour}").format(colour=name),
                )
            )
        return tag(
            "section",
            tag("p", esc(title), class_="nz-title", id="nz-swap-title") + "".join(rows),
            class_="nz-swap",
            role="group",
            aria_labelledby="nz-swap-title",
        )

    @staticmethod
    def _swap_button(target: str, number: int, pressed: bool, hinted: bool, label: str, disabled: bool = False) -> str:
        classes = ["nz-chip", "nz-pick"]
        if pressed:
            classes.append("picked")
        if hinted:
            classes.append("hinted")
            label += " " + _("(hint)")
        if disabled:
            classes.append("protected")
        return tag(
            "button",
            esc(str(number)),
            type="button",
            class_=" ".join(classes),
            data_target=target,
            aria_label=label,
            aria_pressed=("true" if pressed else "false") if not disabled else None,
            aria_disabled="true" if disabled else None,
        )

    def actions(self, s, ui: UIState) -> list[Action]:
        if not ui.interactive or self.game.is_over(s) or not s.swap_step:
            return []
        hinted = any(t == NO_SWAP for t, _l in ui.hints)
        label = _("No swap") + (" · " + _("hint") if hinted else "")
        return [Action(NO_SWAP, label, _("Keep your chips and your swap chips; the turn passes on."))]

    def score_text(self, s, score) -> str | None:
        if len(s.collections) == 1:
            return ngettext("{n} chain shorter than 6 left", "{n} chains shorter than 6 left", score).format(n=score)
        if s.rounds:
            return ngettext("{n} point", "{n} points", score).format(n=score)
        return _("longest chain {n}").format(n=score)

    def seat_details(self, s, seat: int) -> str:
        groups = self.game.groups(s, seat)
        solitaire = len(s.collections) == 1
        lengths = self.game.chain_lengths(s, seat)
        parts = []
        if solitaire:
            complete = sum(1 for n in lengths if n >= SOLITAIRE_REMOVED_FROM)
            summary = ngettext("{n} chain", "{n} chains", len(lengths)).format(n=len(lengths))
            if complete:
                summary += " · " + ngettext("{n} of them 6 or longer", "{n} of them 6 or longer", complete).format(n=complete)
        elif lengths:
            summary = _("Chains: {lengths}").format(lengths=lengths_text(lengths))
        else:
            summary = _("No chain yet")
        parts.append(tag("span", esc(summary), class_="nz-summary", data_lengths=",".join(map(str, lengths))))
        if s.swaps:
            n = s.swaps[seat]
            parts.append(tag("span", esc(ngettext("{n} swap chip", "{n} swap chips", n).format(n=n)), class_="nz-swaps", data_swaps=str(n)))
        if groups:
            parts.append(groups_html(groups, solitaire, SEAT_CSS[seat]))
        parts.append(tag("span", esc(groups_words(groups, solitaire)), class_="visually-hidden"))
        return tag("span", "".join(parts), class_="nz-seat")

    def side_html(self, s, names: list[str]) -> str:
        game = self.game
        players = len(s.collections)
        over = game.is_over(s)
        if players == 1:
            left, grade = game.solitaire_result(s)
            lengths = game.chain_lengths(s, 0)
            complete = sum(1 for n in lengths if n >= SOLITAIRE_REMOVED_FROM)
            body = tag(
                "p",
                tag("span", esc(str(left)), class_="nz-score-number") + esc(ngettext("chain left", "chains left", left)),
                class_="nz-score",
                data_score=str(left),
            )
            body += tag(
                "p",
                esc(
                    _(
                        "Chains of 6 or more are removed at the end; every other chain counts, single chips too. "
                        "Fewer is better: 2 is not bad, 1 is good, 0 is superb."
                    )
                ),
                class_="nz-help",
            )
            if complete:
                body += tag(
                    "p",
                    esc(ngettext("{n} chain already has 6 or more chips.", "{n} chains already have 6 or more chips.", complete).format(n=complete)),
                    class_="nz-help",
                )
            if over:
                body += tag("p", esc(self._grade_text(left)), class_="nz-grade")
            return tag("section", tag("h2", esc(_("Solitaire score"))) + body, class_="nz-side nz-solitaire", aria_label=_("Solitaire score"))
        if s.rounds:
            return self._rounds_table(s, names)
        return self._standings_table(s, names)

    def _standings_table(self, s, names: list[str]) -> str:
        game = self.game
        over = game.is_over(s)
        standings = game.standings(s)
        rows = []
        all_tied = len(standings) == 1 and len(standings[0]) > 1
        for place, seats in enumerate(standings, start=1):
            for seat in seats:
                lengths = game.chain_lengths(s, seat)
                leads = place == 1 and not all_tied and lengths
                mark = ""
                if leads:
                    mark = tag("span", esc(_("wins") if over else _("leads")), class_="nz-lead")
                rows.append(
                    tag(
                        "tr",
                        tag("th", esc(str(place)), scope="row")
                        + tag("td", esc(player_name(names, seat)) + mark, class_=f"seat-{SEAT_CSS[seat]}")
                        + tag("td", esc(lengths_text(lengths)), class_="nz-lengths"),
                        class_="leader" if leads else None,
                        data_seat=str(seat),
                    )
                )
        head = tag(
            "tr", tag("th", esc(_("Place")), scope="col") + tag("th", esc(_("Player")), scope="col") + tag("th", esc(_("Chains, longest first")), scope="col")
        )
        caption = _("Standings") if not over else _("Result")
        note = tag("p", esc(_("The longest chain wins; if it is a tie, the next longest decides, and so on.")), class_="nz-help")
        table = tag("table", tag("caption", esc(caption)) + tag("thead", head) + tag("tbody", "".join(rows)), class_="nz-table nz-standings")
        return tag("section", table + note, class_="nz-side")

    def _rounds_table(self, s, names: list[str]) -> str:
        game = self.game
        players = len(s.collections)
        over = game.is_over(s)
        table = game.round_table(s)
        finished = len(s.round_points)
        head = tag(
            "tr",
            tag("th", esc(_("Round")), scope="col")
            + "".join(tag("th", esc(player_name(names, seat)), scope="col", class_=f"seat-{SEAT_CSS[seat]}") for seat in range(players)),
        )
        rows = []
        for index, points in enumerate(table):
            playing = index >= finished and not over
            label = _("{n} (playing)").format(n=index + 1) if playing else str(index + 1)
            rows.append(
                tag("tr", tag("th", esc(label), scope="row") + "".join(tag("td", esc(str(p))) for p in points), class_="running" if playing else "finished")
            )
        totals = game.scores(s)
        best = max(totals)
        foot = tag(
            "tr",
            tag("th", esc(_("Total")), scope="row") + "".join(tag("td", esc(str(t)), class_="best" if t == best and best > 0 else None) for t in totals),
            class_="totals",
        )
        done = s.rounds if over else s.round - 1
        caption = _("Tournament: {done} of {of} rounds finished").format(done=done, of=s.rounds)
        note = tag(
            "p",
            esc(_("A chain of n chips scores n·(n+1)/2: 2 chips 3, 3 chips 6, 4 chips 10, 5 chips 15, 6 chips 21. Single chips score nothing.")),
            class_="nz-help",
        )
        html = tag(
            "table",
            tag("caption", esc(caption)) + tag("thead", head) + tag("tbody", "".join(rows)) + tag("tfoot", foot),
            class_="nz-table nz-rounds",
            data_round=str(s.round),
        )
        return tag("section", html + note, class_="nz-side")

    # -- hints -------------------------------------------------------------------------------------

    def hint_label(self) -> str | None:
        return _("Hint")

    def hints(self, s) -> tuple[tuple[str, HintValue], ...]:
        from ..ai.nummerus import hint

        if self.game.is_over(s):
            return ()
        return self._hints_for(hint(self.game, s)[0].move)

    def hint_search(self, s):
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

    def hint_text(self, s, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
        moves = [t for t, _l in hints]
        if not moves:
            return ""
        move = moves[-1]
        if move == NO_SWAP:
            return _("Hint: keep your chips – no swap now.")
        swap = parse_swap(move)
        if swap:
            give, take = swap
            owner = next((seat for seat, (free, _p) in self.game.swappable(s).items() if take in free), None)
            return _("Hint: give {give} and take {take} from {name}.").format(
                give=give, take=take, name=player_name(names, owner) if owner is not None else "?"
            )
        field, _side = split_side(move)
        chip = s.board[FIELD_INDEX[field]]
        text = _("Hint: take {chip} on {field} (marked with a check).").format(chip=chip, field=field)
        if move[-1] in "+-":
            lower, upper = self.game.solitaire_sides(s, field)
            text += " " + _("Add it to {chain}.").format(chain=(lower if move[-1] == "-" else upper).replace("-", "–"))
        return text

    # -- input -------------------------------------------------------------------------------------

    def click(self, s, ui: UIState, target: str) -> ClickResult:
        game = self.game
        legal = game.legal_moves(s)
        if game.is_over(s):
            return ClickResult(ui, None, _("The game is over."))
        if target == "cancel":
            return ClickResult(ui.with_(selection=()), None)
        if s.swap_step:
            return self._swap_click(s, ui, target, legal)
        if target in legal:
            cursor, _side = split_side(target)
            return ClickResult(ui.with_(selection=(), cursor=cursor if cursor in FIELD_INDEX else ui.cursor), target)
        index = parse_field(target)
        if index is None:
            return ClickResult(ui, None, _("That is not a legal move now."))
        if target + "-" in legal:
            # A solitaire number touching two chains: ask which.
            if ui.selection == (target,):
                return ClickResult(ui.with_(selection=(), cursor=target), None)
            return ClickResult(ui.with_(selection=(target,), cursor=target), None)
        return ClickResult(ui.with_(cursor=target), None, self.unreachable_message(s, target))

    def _swap_click(self, s, ui: UIState, target: str, legal: list[str]) -> ClickResult:
        if target == NO_SWAP:
            return ClickResult(ui.with_(selection=()), NO_SWAP)
        kind, _sep, value = target.partition(":")
        if kind not in ("give", "take") or not value.isdigit():
            if parse_field(target) is not None:
                return ClickResult(ui, None, _("The chip is taken. Now swap – pick one of your chips and an opponent's single chip – or choose “No swap”."))
            return ClickResult(ui, None, _("That is not a legal move now."))
        number = int(value)
        give, take = self._swap_picks(s, ui)
        # Half a swap is asked of the engine as a whole one, completed by a swap it allows (one
        # exists whenever a swap is asked for): its refusal names the half picked.
        allowed_give, allowed_take, _partner = self.game.swap_options(s)[0]
        refusal = self.refusal(s, f"{number}x{allowed_take}" if kind == "give" else f"{allowed_give}x{number}")
        if refusal is not None:
            return ClickResult(ui, None, refusal)
        if kind == "give":
            give = None if give == number else number
        else:
            take = None if take == number else number
        if give is not None and take is not None:
            move = f"{give}x{take}"
            if move in legal:
                return ClickResult(ui.with_(selection=()), move)
        selection = tuple(t for t in ((f"give:{give}" if give is not None else None), (f"take:{take}" if take is not None else None)) if t)
        return ClickResult(ui.with_(selection=selection), None)

    def cancel(self, ui: UIState) -> UIState:
        return ui.with_(selection=())

    def unreachable_message(self, s, field: str) -> str:
        """Why the star may not take the chip on `field` now, in the player's language: the
        engine's `why_illegal` names the rule, this game's table words it."""
        return self.refusal(s, field) or _("That is not a legal move now.")

    # -- words -------------------------------------------------------------------------------------

    def status_text(self, s, ui: UIState, names: list[str]) -> str:
        game = self.game
        if game.is_over(s):
            return self.result_text(s, names)
        name = player_name(names, s.to_move)
        if s.swap_step:
            text = _("{name} may swap: pick one of your chips and an opponent's single chip, or choose “No swap”.").format(name=name)
        else:
            choice = self._choice(s, ui) if ui.interactive else None
            if choice is not None:
                field, (lower, upper) = choice
                text = _("{chip} touches the chains {lower} and {upper}: choose one below.").format(
                    chip=s.board[FIELD_INDEX[field]], lower=lower.replace("-", "–"), upper=upper.replace("-", "–")
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

    def describe_move(self, before, move: str, after, names: list[str]) -> str:
        game = self.game
        effect = game.effect(before, move)
        name = player_name(names, effect.seat)
        sentences = []
        if effect.give is not None:
            sentences.append(
                _("{name} swaps: gives {give} to {other} and takes {take}.").format(
                    name=name, give=effect.give, other=player_name(names, effect.partner), take=effect.take
                )
            )
        elif move == NO_SWAP:
            sentences.append(_("{name} does not swap.").format(name=name))
        else:
            if effect.jump:
                sentences.append(
                    _("No chip was in line: {name} jumps the star from {a} to {b} and takes {chip}.").format(
                        name=name, a=effect.origin, b=effect.target, chip=effect.chip
                    )
                )
            else:
                direction = next((t.direction for t in game.star_targets(before) if t.field == effect.target), None)
                sentences.append(
                    _("{name} moves the star {direction} from {a} to {b} and takes {chip}.").format(
                        name=name, direction=direction_words(direction), a=effect.origin, b=effect.target, chip=effect.chip
                    )
                )
            sentences.append(self._chain_sentence(before, effect, after))
            if after.swap_step and not game.is_over(after):
                sentences.append(_("{name} may swap now.").format(name=name))
        if effect.round_over and effect.round_points is not None:
            points = ", ".join(f"{player_name(names, i)} {p}" for i, p in enumerate(effect.round_points))
            sentences.append(_("Round {r} is over: {points} points.").format(r=before.round, points=points))
            if not effect.game_over:
                sentences.append(_("Round {r} begins on a fresh board; {name} starts.").format(r=after.round, name=player_name(names, after.to_move)))
        return " ".join(t for t in sentences if t)

    def _chain_sentence(self, before, effect, after) -> str:
        """What the chip taken did to the mover's chains (nothing to say when a new round has
        begun: the collections are put away)."""
        if after.round != before.round:
            return ""
        chip = effect.chip
        solitaire = len(before.collections) == 1
        if solitaire and effect.joined == "new":
            return _("It starts a new chain.")
        chain = next(((lo, hi) for lo, hi in after.collections[effect.seat] if lo <= chip <= hi), None)
        if chain is None or chain[0] == chain[1]:
            return ""
        n = chain[1] - chain[0] + 1
        if solitaire:
            return _("It joins a chain, now {chain}.").format(chain=range_text(*chain))
        return ngettext("Now a chain of {n}: {chain}.", "Now a chain of {n}: {chain}.", n).format(n=n, chain=range_text(*chain))

    def move_text(self, before, move: str) -> str:
        if move == NO_SWAP:
            return _("no swap")
        swap = parse_swap(move)
        if swap:
            give, take = swap
            return f"{give} ⇄ {take}"
        field, side = split_side(move)
        index = FIELD_INDEX.get(field)
        chip = before.board[index] if index is not None else 0
        if side and chip:
            sides = self.game.solitaire_sides(before, field)
            if len(sides) == 2:
                chain = sides[0] if side == "-" else sides[1]
                return f"{field}: {chip} → {chain.replace('-', '–')}"
        return f"{field}: {chip}" if chip else move

    def _grade_text(self, left: int) -> str:
        if left in GRADES:
            return ngettext("{n} chain left: {grade}!", "{n} chains left: {grade}!", left).format(n=left, grade=_(GRADES[left]))
        return ngettext(
            "{n} chain left. The rulebook calls 2 not bad, 1 good and 0 superb.", "{n} chains left. The rulebook calls 2 not bad, 1 good and 0 superb.", left
        ).format(n=left)

    def result_text(self, s, names: list[str]) -> str:
        game = self.game
        players = len(s.collections)
        if players == 1:
            left, _grade = game.solitaire_result(s)
            return _("The solitaire is over: {grade}").format(grade=self._grade_text(left))
        winners = game.winners(s)
        if s.rounds:
            totals = game.scores(s)
            if not winners:
                return _("The tournament is drawn: everybody scored {total} points.").format(total=totals[0])
            if len(winners) == 1:
                return _("{name} wins the tournament with {total} points.").format(name=player_name(names, winners[0]), total=totals[winners[0]])
            return _("{names} share the win with {total} points.").format(names=", ".join(player_name(names, w) for w in winners), total=totals[winners[0]])
        if not winners:
            lengths = lengths_text(game.chain_lengths(s, 0))
            return _("The game is drawn: everybody has the same chains ({lengths}).").format(lengths=lengths)
        lengths = lengths_text(game.chain_lengths(s, winners[0]))
        if len(winners) == 1:
            return _("{name} wins with the chains {lengths}!").format(name=player_name(names, winners[0]), lengths=lengths)
        return _("{names} share the win with the chains {lengths}.").format(names=", ".join(player_name(names, w) for w in winners), lengths=lengths)


def parse_layout(text: str) -> list[int]:
    """A layout typed by hand: 49 entries in position order, numbers 1-48 and * (or 0) for the star."""
    tokens = text.replace("/", " ").replace(",", " ").replace(";", " ").split()
    if len(tokens) != FIELD_COUNT:
        raise ValueError(
            ngettext("The layout needs all 49 fields; {n} was entered.", "The layout needs all 49 fields; {n} were entered.", len(tokens)).format(n=len(tokens))
        )
    layout = []
    seen: set[int] = set()
    for i, token in enumerate(tokens):
        value = STAR if token in ("*", "0") else int(token) if token.isdigit() and 1 <= int(token) <= CHIPS else None
        if value is None:
            raise ValueError(_("Field {field} holds “{text}”: use a number from 1 to 48, or * for the star.").format(field=FIELD_NAMES[i], text=token))
        if value in seen:
            what = _("the star") if value == STAR else str(value)
            raise ValueError(_("The layout has {what} twice (again on {field}).").format(what=what, field=FIELD_NAMES[i]))
        seen.add(value)
        layout.append(value)
    return layout


# The home card: two players in mid-game; the star has just run up the middle of the 8, through
# its waist, to take 44.
THUMBNAIL_BEFORE = (
    "46,18,32/6,24,44,.,./20,48,22,.,.,21,9/4,11,3,.,.,29,16/13,.,.,31,42/19,.,.,.,27,36,14/.,17,30,*,2,47,43/"
    ".,1,.,.,12/.,45,33 1 7,10,23,28,35,38-39,41/5,8,15,25-26,34,37,40"
)
THUMBNAIL_MOVE = "d8"


def make_view(game) -> NummerusView:
    return NummerusView(game)
