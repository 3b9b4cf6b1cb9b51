"""Nummerus Zahlus's words: the sentences a player reads and hears (the status's parts, a move
described and in short, the result, the hint, each field's and the board's words for a screen
reader) and the names and ranges they are made of.

Its own module because the words are one thing, the half of the view that only writes text from
the engine's answers; the view (render/nummerus.py) asks it and keeps the clicks and setup.
"""

from __future__ import annotations

from ..games.nummerus import Nummerus, NummerusState, StarTarget, DIRECTION_NAMES, FIELD_INDEX, FIELD_NAMES, NO_SWAP, SWAP_PHASE
from ..games.nummerus import NoSwapEffect, SwapEffect, TakeEffect
from ..games.notation import SIDES, parse_swap, split_side
from ..games.nummerus_scoring import HeldGroup, SolitaireGrade
from ..i18n import N_, _, ngettext
from .board_marks import HintValue
from .nummerus_board import SEAT_CSS
from .seats import seat_names

# The rulebook's grades of a solitaire (the engine's `solitaire_grade`), for translation.
GRADE_WORDS = {SolitaireGrade.SUPERB: N_("superb"), SolitaireGrade.GOOD: N_("good"), SolitaireGrade.NOT_BAD: N_("not bad")}
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


def chain_points_text(length: int, points: int) -> str:
    """What a chain of `length` chips scores, as the scoring's help lists it: '3 chips 6'."""
    return ngettext("{n} chip {points}", "{n} chips {points}", length).format(n=length, points=points)


def colour_name(seat: int) -> str:
    return _(SEAT_NAMES[seat])


def player_name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else colour_name(seat)


def direction_words(direction: str | None) -> str:
    return _(DIRECTION_WORDS[direction]) if direction else ""


def groups_words(groups: tuple[HeldGroup, ...]) -> str:
    """The collection for a screen reader."""
    if not groups:
        return _("No chips yet.")
    chains = [(group.low, group.high) for group in groups if group.chain]
    singles = [group.low for group in groups if not group.chain]
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


def field_words(
    s: NummerusState, index: int, targets: dict[str, StarTarget], effect: TakeEffect | None, hints: dict[str, HintValue], selected: str | None
) -> str:
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


def board_label(game: Nummerus, s: NummerusState, targets: dict[str, StarTarget], jump: bool, over: bool) -> str:
    chips = game.chips_on_board(s)
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


def hint_text(game: Nummerus, s: NummerusState, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
    moves = [t for t, _l in hints]
    if not moves:
        return ""
    move = moves[-1]
    if move == NO_SWAP:
        return _("Hint: keep your chips – no swap now.")
    swap = parse_swap(move)
    if swap:
        give, take = swap
        effect = game.effect(s, move)
        name = player_name(names, effect.partner) if isinstance(effect, SwapEffect) else "?"
        return _("Hint: give {give} and take {take} from {name}.").format(give=give, take=take, name=name)
    field, side = split_side(move)
    chip = s.board[FIELD_INDEX[field]]
    text = _("Hint: take {chip} on {field} (marked with a check).").format(chip=chip, field=field)
    chains = game.chain_choice(s, field)
    if side and chains is not None:
        text += " " + _("Add it to {chain}.").format(chain=range_text(*chains[SIDES.index(side)]))
    return text


def describe_move(game: Nummerus, before: NummerusState, move: str, after: NummerusState, names: list[str]) -> str:
    effect = game.effect(before, move)
    name = player_name(names, effect.seat)
    sentences = []
    if isinstance(effect, SwapEffect):
        sentences.append(
            _("{name} swaps: gives {give} to {other} and takes {take}.").format(
                name=name, give=effect.give, other=player_name(names, effect.partner), take=effect.take
            )
        )
    elif isinstance(effect, NoSwapEffect):
        sentences.append(_("{name} does not swap.").format(name=name))
    else:
        if effect.jump:
            sentences.append(
                _("No chip was in line: {name} jumps the star from {a} to {b} and takes {chip}.").format(
                    name=name, a=effect.origin, b=effect.target, chip=effect.chip
                )
            )
        else:
            sentences.append(
                _("{name} moves the star {direction} from {a} to {b} and takes {chip}.").format(
                    name=name, direction=direction_words(effect.direction), a=effect.origin, b=effect.target, chip=effect.chip
                )
            )
        sentences.append(chain_sentence(effect))
        if after.phase == SWAP_PHASE:
            sentences.append(_("{name} may swap now.").format(name=name))
    end = effect.round_end
    if end is not None and end.points is not None:
        points = ", ".join(f"{player_name(names, i)} {p}" for i, p in enumerate(end.points))
        sentences.append(_("Round {r} is over: {points} points.").format(r=before.round, points=points))
        if not end.game_over:
            sentences.append(_("Round {r} begins on a fresh board; {name} starts.").format(r=after.round, name=player_name(names, after.to_move)))
    return " ".join(t for t in sentences if t)


def chain_sentence(effect: TakeEffect) -> str:
    """What the chip taken did to the mover's chains (nothing to say when a new round has
    begun: the collections are put away)."""
    if effect.round_end is not None and not effect.round_end.game_over:
        return ""
    if effect.joined == "new":
        return _("It starts a new chain.")
    chain = effect.chain
    if chain is None:
        return ""
    if effect.joined is not None:
        return _("It joins a chain, now {chain}.").format(chain=range_text(*chain))
    n = chain[1] - chain[0] + 1
    return ngettext("Now a chain of {n}: {chain}.", "Now a chain of {n}: {chain}.", n).format(n=n, chain=range_text(*chain))


def move_text(game: Nummerus, before: NummerusState, move: str) -> str:
    if move == NO_SWAP:
        return _("no swap")
    swap = parse_swap(move)
    if swap:
        give, take = swap
        return f"{give} ⇄ {take}"
    field, side = split_side(move)
    index = FIELD_INDEX.get(field)
    chip = before.board[index] if index is not None else 0
    chains = game.chain_choice(before, field) if side and chip else None
    if side and chains is not None:
        return f"{field}: {chip} → {range_text(*chains[SIDES.index(side)])}"
    return f"{field}: {chip}" if chip else move


def grade_text(game: Nummerus, left: int, grade: SolitaireGrade | None) -> str:
    """A finished solitaire's `left` chains and the rulebook's `grade` of them (None: ungraded)."""
    if grade is not None:
        return ngettext("{n} chain left: {grade}!", "{n} chains left: {grade}!", left).format(n=left, grade=_(GRADE_WORDS[grade]))
    return ngettext(
        "{n} chain left. The rulebook calls {not_bad} not bad, {good} good and {superb} superb.",
        "{n} chains left. The rulebook calls {not_bad} not bad, {good} good and {superb} superb.",
        left,
    ).format(n=left, **graded_counts(game))


def graded_counts(game: Nummerus) -> dict[str, int]:
    """The chains left that the rulebook grades, by its grade's name in the sentences that list them."""
    names = {SolitaireGrade.SUPERB: "superb", SolitaireGrade.GOOD: "good", SolitaireGrade.NOT_BAD: "not_bad"}
    return {names[grade]: left for left, grade in game.solitaire_grades().items()}


def result_text(game: Nummerus, s: NummerusState, names: list[str]) -> str:
    if game.is_solitaire(s):
        left, grade = game.solitaire_result(s)
        return _("The solitaire is over: {grade}").format(grade=grade_text(game, left, grade))
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
