"""Nummerus Zahlus's panels: what is shown beside and below the board as HTML, the players'
collections (chains boxed, the longest starred), the standings or the tournament's rounds, and
the choosers below the board (which chain a solitaire number joins, the swap).

Its own module because these panels are one thing, drawn from the engine's answers; the view
(render/nummerus.py) hands them to the game screen and keeps the clicks that pick in them.
"""

from __future__ import annotations

from ..games.nummerus import Nummerus, NummerusState, TakeEffect, FIELD_INDEX
from ..games.notation import SIDES, solitaire_move
from ..games.nummerus_scoring import Group, HeldGroup
from ..i18n import _, ngettext
from .nummerus_board import SEAT_CSS, seat_mark
from .svg import empty, esc, num, tag
from .nummerus_words import chain_points_text, grade_text, graded_counts, groups_words, lengths_text, player_name, range_text
from .view import UIState


def piece_svg(seat: int, size: float = 24) -> str:
    """A seat's piece, as the view's `piece_svg` answers and the swap chooser shows it."""
    css = SEAT_CSS[seat]
    body = empty("circle", cx="20", cy="20", r="17", class_=f"nz-piece-body {css}") + seat_mark(seat, 20, 20, 17, "nz-piece-mark")
    return tag("svg", body, viewBox="0 0 40 40", width=num(size), height=num(size), class_="piece nz-piece", aria_hidden="true", focusable="false")


def chips_html(lo: int, hi: int) -> str:
    return "".join(tag("span", esc(str(n)), class_="nz-chip") for n in range(lo, hi + 1))


def groups_html(groups: tuple[HeldGroup, ...], seat_css: str) -> str:
    """A collection as a number line: chains boxed, single chips loose, the longest starred."""
    items = []
    for group in groups:
        classes = ["nz-group"]
        if group.chain:
            classes.append("chain")
            if group.complete:
                classes.append("complete")
            elif group.longest:
                classes.append("longest")
        else:
            classes.append("single")
        lo, hi = group.low, group.high
        items.append(tag("span", chips_html(lo, hi), class_=" ".join(classes), data_range=f"{lo}-{hi}", data_length=str(hi - lo + 1)))
    return tag("span", "".join(items), class_=f"nz-groups seat-{seat_css}", aria_hidden="true")


def seat_details(game: Nummerus, s: NummerusState, seat: int) -> str:
    groups = game.held_groups(s, seat)
    lengths = game.chain_lengths(s, seat)
    parts = []
    if game.is_solitaire(s):
        complete = sum(1 for group in groups if group.complete)
        summary = ngettext("{n} chain", "{n} chains", len(lengths)).format(n=len(lengths))
        if complete:
            longer = ngettext("{n} of them {length} or longer", "{n} of them {length} or longer", complete)
            summary += " · " + longer.format(n=complete, length=game.solitaire_removed_from)
    elif lengths:
        summary = _("Chains: {lengths}").format(lengths=lengths_text(lengths))
    else:
        summary = _("No chain yet")
    parts.append(tag("span", esc(summary), class_="nz-summary", data_lengths=",".join(map(str, lengths))))
    if s.swap_chips_left:
        n = s.swap_chips_left[seat]
        parts.append(tag("span", esc(ngettext("{n} swap chip", "{n} swap chips", n).format(n=n)), class_="nz-swaps", data_swaps=str(n)))
    if groups:
        parts.append(groups_html(groups, SEAT_CSS[seat]))
    parts.append(tag("span", esc(groups_words(groups)), class_="visually-hidden"))
    return tag("span", "".join(parts), class_="nz-seat")


def seat_summary(game: Nummerus, s: NummerusState, seat: int) -> str:
    """A seat's collection in words (a picture's line beside the board), with its swap chips and,
    in a tournament, its total."""
    parts = [groups_words(game.held_groups(s, seat))]
    if s.swap_chips_left:
        n = s.swap_chips_left[seat]
        parts.append(ngettext("{n} swap chip", "{n} swap chips", n).format(n=n))
    if s.rounds:
        total = game.scores(s)[seat]
        parts.append(_("Total: {points}").format(points=ngettext("{n} point", "{n} points", total).format(n=total)))
    return " · ".join(parts)


def table_summary(game: Nummerus, s: NummerusState) -> list[str]:
    """The tournament's round, a picture's line beside the board."""
    if s.rounds and not game.is_over(s):
        return [_("Round {r} of {n}.").format(r=s.round, n=s.rounds)]
    return []


def side_html(game: Nummerus, s: NummerusState, names: list[str]) -> str:
    over = game.is_over(s)
    if game.is_solitaire(s):
        left, grade = game.solitaire_result(s)
        complete = sum(1 for group in game.held_groups(s, 0) if group.complete)
        length = game.solitaire_removed_from
        body = tag(
            "p",
            tag("span", esc(str(left)), class_="nz-score-number") + esc(ngettext("chain left", "chains left", left)),
            class_="nz-score",
            data_score=str(left),
        )
        removed = _(
            "Chains of {length} or more are removed at the end; every other chain counts, single chips too. "
            "Fewer is better: {not_bad} is not bad, {good} is good, {superb} is superb."
        )
        body += tag("p", esc(removed.format(length=length, **graded_counts(game))), class_="nz-help")
        if complete:
            already = ngettext("{n} chain already has {length} or more chips.", "{n} chains already have {length} or more chips.", complete)
            body += tag("p", esc(already.format(n=complete, length=length)), class_="nz-help")
        if over:
            body += tag("p", esc(grade_text(game, left, grade)), class_="nz-grade")
        return tag("section", tag("h2", esc(_("Solitaire score"))) + body, class_="nz-side nz-solitaire", aria_label=_("Solitaire score"))
    if s.rounds:
        return rounds_table(game, s, names)
    return standings_table(game, s, names)


def standings_table(game: Nummerus, s: NummerusState, names: list[str]) -> str:
    over = game.is_over(s)
    leaders = game.leaders(s)
    rows = []
    for place, seats in enumerate(game.standings(s), start=1):
        for seat in seats:
            lengths = game.chain_lengths(s, seat)
            leads = seat in leaders
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


def rounds_table(game: Nummerus, s: NummerusState, names: list[str]) -> str:
    players = len(s.collections)
    table = game.round_table(s)
    finished = game.finished_rounds(s)
    head = tag(
        "tr",
        tag("th", esc(_("Round")), scope="col")
        + "".join(tag("th", esc(player_name(names, seat)), scope="col", class_=f"seat-{SEAT_CSS[seat]}") for seat in range(players)),
    )
    rows = []
    for index, points in enumerate(table):
        playing = index >= finished
        label = _("{n} (playing)").format(n=index + 1) if playing else str(index + 1)
        rows.append(
            tag("tr", tag("th", esc(label), scope="row") + "".join(tag("td", esc(str(p))) for p in points), class_="running" if playing else "finished")
        )
    totals = game.scores(s)
    first = game.standings(s)[0]  # the best total, shared or not: marked once anybody has scored
    foot = tag(
        "tr",
        tag("th", esc(_("Total")), scope="row")
        + "".join(tag("td", esc(str(t)), class_="best" if seat in first and t > 0 else None) for seat, t in enumerate(totals)),
        class_="totals",
    )
    caption = _("Tournament: {done} of {of} rounds finished").format(done=finished, of=s.rounds)
    examples = ", ".join(chain_points_text(n, points) for n, points in game.chain_points_from_shortest(5))
    note = tag(
        "p",
        esc(_("A chain of n chips scores n·(n+1)/2: {examples}. Single chips score nothing.").format(examples=examples)),
        class_="nz-help",
    )
    html = tag(
        "table",
        tag("caption", esc(caption)) + tag("thead", head) + tag("tbody", "".join(rows)) + tag("tfoot", foot),
        class_="nz-table nz-rounds",
        data_round=str(s.round),
    )
    return tag("section", html + note, class_="nz-side")


def chain_chooser_html(game: Nummerus, s: NummerusState, ui: UIState[NummerusState], choice: tuple[str, tuple[Group, Group]]) -> str:
    field, chains = choice
    chip = s.board[FIELD_INDEX[field]]
    hints = {t for t, _l in ui.hints}
    title = _("{chip} touches two chains, and chains never join. Add it to which one?").format(chip=chip)
    buttons = []
    for side, chain in zip(SIDES, chains):
        move = solitaire_move(field, side)
        effect = game.effect(s, move)  # what the chain becomes
        if not isinstance(effect, TakeEffect) or effect.chain is None:
            continue
        grown = effect.chain
        # The visible words are the button's name (no aria-label: what is read is what is seen).
        inner = (
            tag("span", esc(_("Add {chip} to {chain}:").format(chip=chip, chain=range_text(*chain))), class_="nz-chain-old")
            + " "
            + tag("span", esc(_("it becomes {grown}").format(grown=range_text(*grown))), class_="nz-chain-new")
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


def swap_picks(s: NummerusState, ui: UIState[NummerusState]) -> tuple[int | None, int | None]:
    give = take = None
    for token in ui.selection:
        kind, _sep, value = token.partition(":")
        if value.isdigit():
            if kind == "give":
                give = int(value)
            elif kind == "take":
                take = int(value)
    return give, take


def swap_chooser_html(game: Nummerus, s: NummerusState, ui: UIState[NummerusState]) -> str:
    seat = s.to_move
    give, take = swap_picks(s, ui)
    hints = {t for t, _l in ui.hints}
    left = s.swap_chips_left[seat]
    title = ngettext(
        "Swap? You have {n} swap chip. Pick one of your chips and an opponent's single chip, or choose “No swap”.",
        "Swap? You have {n} swap chips. Pick one of your chips and an opponent's single chip, or choose “No swap”.",
        left,
    ).format(n=left)
    rows = []
    own = []
    for mine in game.held_groups(s, seat):
        chips = []
        for n in range(mine.low, mine.high + 1):
            chips.append(pick_button(f"give:{n}", n, give == n, f"give:{n}" in hints, _("Give {chip}").format(chip=n)))
        own.append(tag("span", "".join(chips), class_="nz-group" + (" chain" if mine.chain else " single")))
    rows.append(
        tag(
            "div",
            tag("span", esc(_("Give:")), class_="nz-row-label") + tag("span", "".join(own), class_="nz-row-chips"),
            class_="nz-swap-row give",
            role="group",
            aria_label=_("Give one of your chips"),
        )
    )
    for other, (free, protected) in sorted(game.chips_to_take(s).items()):
        name = player_name(list(ui.names), other)
        chips = []
        for held in game.held_groups(s, other):
            lo, hi = held.low, held.high
            group = []
            for n in range(lo, hi + 1):
                if n in free:
                    group.append(pick_button(f"take:{n}", n, take == n, f"take:{n}" in hints, _("Take {chip} from {colour}").format(chip=n, colour=name)))
                else:
                    group.append(
                        pick_button(
                            f"take:{n}",
                            n,
                            False,
                            False,
                            _("{chip}: part of {colour}'s chain {chain}, protected").format(chip=n, colour=name, chain=range_text(lo, hi)),
                            disabled=True,
                        )
                    )
            chips.append(tag("span", "".join(group), class_="nz-group" + (" chain" if held.chain else " single")))
        if not chips:
            chips.append(tag("span", esc(_("no chips yet")), class_="nz-none"))
        label = _("Take from {colour}:").format(colour=name)
        rows.append(
            tag(
                "div",
                tag("span", piece_svg(other, 18) + esc(label), class_="nz-row-label") + tag("span", "".join(chips), class_="nz-row-chips"),
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


def pick_button(target: str, number: int, pressed: bool, hinted: bool, label: str, disabled: bool = False) -> str:
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
