"""The diagram editor's and the boards' words per game (issue 57): what a reader finds on the board
is what the words name, and two different moves never read the same."""

from __future__ import annotations

import random
import re


from ludothek.games import get_game
from ludothek.render import get_view
from ludothek.render.view import UIState

MOPS = get_game("mops")


def playout_states(game_id: str, seeds: range, plies: int = 80):
    """Positions of seeded random games of every player count the game takes (2 to 4, and 1 where
    it has a solo game), as the engine holds them."""
    game = get_game(game_id)
    for seed in seeds:
        for players in (1, 2, 3, 4):
            try:
                s = game.new_game(players=players, seed=seed)
            except ValueError:
                continue
            rng = random.Random(seed * 10 + players)
            for _ply in range(plies):
                yield s
                if game.is_over(s):
                    break
                s = game.play_with_chance(s, rng.choice(game.legal_moves(s)), rng)


def test_mops_names_only_the_files_and_ranks_its_board_draws():
    view = get_view("mops")
    coordinate = re.compile(r'<text x="[0-9.]+" y="[0-9.]+" class="coord" aria-hidden="true">([a-i1-9])</text>')
    cell = re.compile(r'<g class="cell ([a-z]+)[^"]*" data-cell="([a-i][1-9])"')
    undrawn_seen = 0
    for s in playout_states("mops", range(6)):
        svg = view.board_svg(s, UIState(interactive=False))
        drawn = {name for kind, name in cell.findall(svg) if kind != "off"}
        named = coordinate.findall(svg)
        for name in named:
            line = {c for c in drawn if name in c}
            assert line, f"{name} is written beside the board, but none of its cells is drawn, in {MOPS.position(s)}"
        windows = {c[0] for _kind, c in cell.findall(svg)} | {c[1] for _kind, c in cell.findall(svg)}
        undrawn_seen += len(windows - {ch for c in drawn for ch in c})
    assert undrawn_seen > 0, "no position had a file or rank the board does not draw: the test proves nothing"
