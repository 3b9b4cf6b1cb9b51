"""The review screen as text (pure): the advantage chart (SVG) and the panel of judged moves.

The web layer (ludothek.web.review) fills the board with the view's own drawing and wires the
`data-action` names used here: `review-goto` (data-index: the position after that many moves),
`review-prev`, `review-next`, `review-worst`, `review-play-on`, `review-back`.
"""

from __future__ import annotations

from collections.abc import Collection

from ..games.base import StateBase
from ..ai.base import Exact
from ..ai.review import GRADES, MoveReview, Review
from ..i18n import N_, _, ngettext
from .diagram import Circle, Diagram
from .svg import esc, num, svg_document, tag
from .view import AnyView

GRADE_NAMES = {
    "best": N_("best"),
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
}
GRADE_SYMBOLS = {"best": "✓", "good": "", "inaccuracy": "?!", "mistake": "??"}

# What a Fenn move did to the exact result.
FENN_NOTES = {
    "keeps-win": N_("keeps the win"),
    "throws-win": N_("throws the win away"),
    "keeps-draw": N_("keeps the draw"),
    "throws-draw": N_("throws the draw away"),
    "loses-slower": N_("holds out longest"),
    "loses-faster": N_("loses sooner than it must"),
}

CHART_WIDTH = 600.0
CHART_HEIGHT = 150.0
CHART_PAD = 10.0


def grade_name(grade: str | None) -> str:
    return _(GRADE_NAMES[grade]) if grade in GRADE_NAMES else _("not judged")


def exact_text(exact: Exact) -> str:
    """A solved result (ai/base.Exact) in the language: 'win in 3 turns', 'loss in 1 turn', 'draw'."""
    if exact.outcome == 0:
        return _("draw")
    if exact.outcome > 0:
        return ngettext("win in {n} turn", "win in {n} turns", exact.turns).format(n=exact.turns)
    return ngettext("loss in {n} turn", "loss in {n} turns", exact.turns).format(n=exact.turns)


def fenn_value_text(text: str) -> str:
    """fenn_solver.Value.text() ('win in 3 turns', 'loss in 1 turn', 'draw'), as a stored review
    keeps it, in the language (text it does not know, as it is)."""
    if text == "draw":
        return exact_text(Exact(0, 0))
    parts = text.split()
    if len(parts) == 4 and parts[0] in ("win", "loss") and parts[2].isdigit():
        return exact_text(Exact(1 if parts[0] == "win" else -1, int(parts[2])))
    return text


MARKED_GRADES = ("mistake", "inaccuracy")  # the grades the chart marks, and the board marks the better move of
BETTER_MOVE_COLOUR = "g"  # the diagram's bluish green: the move the computer preferred


def better_move_diagram(m: MoveReview | None, targets: Collection[str]) -> Diagram:
    """The move the computer preferred to a mistake or an inaccuracy, as a diagram's circle (as an
    author marks a move) on the board of the position after the move played, when the preferred
    move's notation is the name of one of that board's `targets`: a stone's cell, the chip the star
    goes to, a tile's place, a bowl. A move told otherwise (Fenn's step with its face, a Mops Royal
    combination, take or pass) is left to the panel's words and the preferred move's own board."""
    if m is None or m.grade not in MARKED_GRADES or not m.preferred or m.preferred == m.move or m.preferred not in targets:
        return Diagram()
    return Diagram(circles=(Circle(m.preferred, BETTER_MOVE_COLOUR),))


def _points(review: Review) -> list[tuple[float, float]]:
    count = len(review.moves)
    inner_w = CHART_WIDTH - 2 * CHART_PAD
    inner_h = CHART_HEIGHT - 2 * CHART_PAD
    values = [review.start_advantage] + [m.advantage for m in review.moves]
    step = inner_w / max(1, count)
    return [(CHART_PAD + i * step, CHART_PAD + (1 - (max(-1.0, min(1.0, v)) + 1) / 2) * inner_h) for i, v in enumerate(values)]


def advantage_chart_svg(review: Review, shown: int, names: list[str], move_texts: list[str]) -> str:
    """The advantage of the first player over the game: above the middle line the first
    player (`names[0]`) is ahead. Every move is a point to click (data-index: the position
    after it); mistakes and inaccuracies are marked. `move_texts`: each move as the move list
    shows it."""
    points = _points(review)
    middle = CHART_HEIGHT / 2
    parts = [
        tag("rect", "", x=num(CHART_PAD), y=num(CHART_PAD), width=num(CHART_WIDTH - 2 * CHART_PAD), height=num(middle - CHART_PAD), class_="chart-ahead"),
        tag("line", "", x1=num(CHART_PAD), y1=num(middle), x2=num(CHART_WIDTH - CHART_PAD), y2=num(middle), class_="chart-axis"),
    ]
    if len(points) > 1:
        line = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        area = f"{num(points[0][0])},{num(middle)} {line} {num(points[-1][0])},{num(middle)}"
        parts.append(tag("polygon", "", points=area, class_="chart-area"))
        parts.append(tag("polyline", "", points=line, class_="chart-line"))
    if 0 <= shown < len(points):
        x = points[shown][0]
        parts.append(tag("line", "", x1=num(x), y1=num(CHART_PAD), x2=num(x), y2=num(CHART_HEIGHT - CHART_PAD), class_="chart-shown"))
    step = (CHART_WIDTH - 2 * CHART_PAD) / max(1, len(review.moves))
    for i, m in enumerate(review.moves):
        x, y = points[i + 1]
        label = _("Move {n}: {move}, {grade}").format(n=i + 1, move=move_texts[i] if i < len(move_texts) else m.move, grade=grade_name(m.grade))
        marked = m.grade in MARKED_GRADES
        radius = 5.0 if m.grade == "mistake" else 4.0 if marked else 2.5
        dot = tag("circle", "", cx=num(x), cy=num(y), r=num(radius), class_=f"chart-dot grade-{m.grade or 'none'}")
        # A wide, invisible strip makes every move easy to hit with a finger.
        hit = tag("rect", "", x=num(x - step / 2), y="0", width=num(max(step, 4.0)), height=num(CHART_HEIGHT), class_="chart-hit")
        parts.append(
            tag(
                "g",
                tag("title", esc(label)) + hit + dot,
                class_="chart-point" + (" shown" if shown == i + 1 else ""),
                role="button",
                tabindex="-1",
                aria_label=label,
                data_action="review-goto",
                data_index=str(i + 1),
            )
        )
    first = names[0] if names else ""
    label = _("Advantage over the game: above the middle line {name} is ahead").format(name=first)
    return svg_document("".join(parts), CHART_WIDTH, CHART_HEIGHT, label=label, class_="advantage-chart", interactive=True)


def _judgement_text(m: MoveReview, move_text: str, preferred_text: str | None, name: str) -> str:
    grade = grade_name(m.grade)
    if m.forced:
        return _("{name} played {move}, the only legal move.").format(name=name, move=move_text)
    if m.grade is None:
        return _("{name} played {move}: this kind of decision is not judged.").format(name=name, move=move_text)
    if m.note in FENN_NOTES:
        text = _("{name} played {move}: {grade}, it {what} ({value}).").format(
            name=name, move=move_text, grade=grade, what=_(FENN_NOTES[m.note]), value=fenn_value_text(m.value_text)
        )
        if m.grade != "best" and preferred_text:
            text += " " + _("Better: {move} ({value}).").format(move=preferred_text, value=fenn_value_text(m.best_text))
        return text
    text = _("{name} played {move}: {grade}.").format(name=name, move=move_text, grade=grade)
    if m.grade != "best" and preferred_text:
        text += " " + _("The computer preferred {move}.").format(move=preferred_text)
    return text


def review_detail_text(review: Review, shown: int, names: list[str], move_texts: list[str], preferred_texts: list[str | None]) -> str:
    """The shown move's judgement, as the panel shows it (and the page says it when the player steps)."""
    if shown == 0 or shown > len(review.moves):
        return _("The start position. Step through the moves, or go to the worst one.")
    m = review.moves[shown - 1]
    return _judgement_text(m, move_texts[shown - 1], preferred_texts[shown - 1], names[m.seat] if m.seat < len(names) else "")


def _progress_html(done: int, total: int) -> str:
    """While the review is still running: how far it is."""
    return tag(
        "div",
        tag("p", esc(_("Reviewing the game: move {done} of {total}…").format(done=done, total=total)), id="review-progress-text")
        + tag("progress", "", value=str(done), max=str(max(1, total)), aria_labelledby="review-progress-text"),
        class_="review-progress",
        role="status",
    )


def _summary_html(review: Review, names: list[str]) -> str:
    """Each player's moves counted by grade, as a table (after what a game of hidden information
    judges by)."""
    parts = []
    if review.hidden_information:
        parts.append(tag("p", esc(_("Each move is judged on what its player could know then: the hidden tiles and chips are not used.")), class_="review-note"))
    rows = []
    for seat, name in enumerate(names):
        counts = review.counts(seat)
        cells = "".join(tag("td", esc(str(counts[g]))) for g in GRADES)
        rows.append(tag("tr", tag("th", esc(name), scope="row") + cells))
    head = tag("tr", tag("th", esc(_("Player")), scope="col") + "".join(tag("th", esc(grade_name(g)), scope="col") for g in GRADES))
    parts.append(tag("table", tag("caption", esc(_("Moves by grade"))) + tag("thead", head) + tag("tbody", "".join(rows)), class_="review-summary"))
    return "".join(parts)


def _commands_html(review: Review, shown: int, can_play_on: bool, editor_link: str = "") -> str:
    """The commands: previous and next move, the worst move, play on, edit the shown position
    in the diagram editor (`editor_link`, when given), back to the game."""
    worst = review.worst()
    commands = (
        tag("button", esc(_("Previous")), type="button", data_action="review-prev", disabled=shown <= 0, aria_keyshortcuts="ArrowLeft")
        + tag("button", esc(_("Next")), type="button", data_action="review-next", disabled=shown >= len(review.moves), aria_keyshortcuts="ArrowRight")
        + (
            tag("button", esc(_("Go to the worst move")), type="button", data_action="review-worst", data_index=str(worst.index + 1))
            if worst is not None
            else ""
        )
        + (tag("button", esc(_("Play on from here")), type="button", data_action="review-play-on", class_="primary") if can_play_on else "")
        + (tag("a", esc(_("Edit this position")), href=editor_link, class_="button", data_editor="1") if editor_link else "")
        + tag("button", esc(_("Make a story of this game")), type="button", data_action="review-story")
        + tag("button", esc(_("Back to the game")), type="button", data_action="review-back")
    )
    return tag("div", commands, class_="review-commands")


def _moves_html(review: Review, shown: int, move_texts: list[str]) -> str:
    """The start and every move with its grade, each a button that shows the position after it."""
    items = [
        tag(
            "li",
            tag(
                "button",
                esc(_("Start")),
                type="button",
                data_action="review-goto",
                data_index="0",
                class_="move" + (" shown" if shown == 0 else ""),
                aria_current="step" if shown == 0 else None,
            ),
        )
    ]
    for i, m in enumerate(review.moves):
        symbol = GRADE_SYMBOLS.get(m.grade or "", "")
        text = f"{i + 1}. {move_texts[i]}{symbol}"
        label = _("Move {n}: {move}, {grade}").format(n=i + 1, move=move_texts[i], grade=grade_name(m.grade))
        items.append(
            tag(
                "li",
                tag(
                    "button",
                    esc(text),
                    type="button",
                    data_action="review-goto",
                    data_index=str(i + 1),
                    class_=f"move grade-{m.grade or 'none'}" + (" shown" if shown == i + 1 else ""),
                    aria_current="step" if shown == i + 1 else None,
                    aria_label=label,
                ),
            )
        )
    return tag(
        "section",
        tag("h2", esc(_("Moves")), id="review-moves-heading") + tag("ol", "".join(items), class_="move-items review-moves"),
        aria_labelledby="review-moves-heading",
    )


def review_panel_html(
    review: Review,
    shown: int,
    names: list[str],
    move_texts: list[str],
    preferred_texts: list[str | None],
    chart: str,
    progress: tuple[int, int] | None = None,
    can_play_on: bool = True,
    editor_link: str = "",
) -> str:
    """The panel beside the board: summary per player, the chart, the shown move's judgement,
    the moves with their grades, and the commands. `shown`: the position after that many moves.
    `progress` (done, total) while the review is still running (then only that is shown).
    `editor_link`: the diagram editor's address at the shown position (#/editor/...)."""
    if progress is not None:
        return _progress_html(*progress)
    parts = [_summary_html(review, names)]
    if names:
        legend = _("Above the middle line {name} is ahead, below it {other}.").format(name=names[0], other=names[1] if len(names) == 2 else _("the others"))
        parts.append(tag("figure", chart + tag("figcaption", esc(legend)), class_="chart-wrap"))
    else:
        parts.append(tag("div", chart, class_="chart-wrap"))
    detail = review_detail_text(review, shown, names, move_texts, preferred_texts)
    parts.append(
        tag(
            "p",
            esc(detail),
            class_="review-detail" + (f" grade-{review.moves[shown - 1].grade}" if 0 < shown <= len(review.moves) else ""),
            id="review-detail",
            aria_live="polite",
        )
    )
    parts.append(_commands_html(review, shown, can_play_on, editor_link))
    parts.append(_moves_html(review, shown, move_texts))
    return "".join(parts)


def seats_html(view: AnyView, s: StateBase, names: list[str]) -> str:
    """Each seat with its piece and the game's details (chains, stones in hand, points): what a
    position needs beside the board to be judged, as the game screen's player panels show it."""
    players = len(names)
    rows = "".join(
        tag(
            "li",
            tag("span", view.piece_svg(seat, players, 26), class_="seat-piece")
            + tag("span", tag("span", esc(name), class_="name"), class_="who")
            + tag("span", view.seat_details(s, seat), class_="details"),
            class_="player",
            data_seat=str(seat),
        )
        for seat, name in enumerate(names)
    )
    return tag("ul", rows, class_="player-list", aria_label=_("Players"))


def review_frame_html(title: str) -> str:
    """The review screen's regions: the board (filled with the view's drawing), the preferred
    move's board, and the panel."""
    return tag(
        "div",
        tag(
            "div",
            tag("h1", esc(_("Review: {title}").format(title=title)), class_="game-title") + tag("p", "", id="status", class_="status"),
            class_="game-head",
        )
        + tag("div", tag("div", "", id="board", class_="board-wrap") + tag("div", "", id="review-preferred", class_="review-preferred"), class_="play-area")
        + tag("aside", tag("div", "", id="review-seats", class_="players") + tag("div", "", id="review-panel", class_="review-panel"), class_="side"),
        class_="game-layout review-layout",
    )


__all__ = ["better_move_diagram", "seats_html", "advantage_chart_svg", "review_panel_html", "review_frame_html", "grade_name", "exact_text", "fenn_value_text"]
