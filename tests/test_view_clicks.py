"""View conformance: every legal move can be played by clicking what the view offers.

For each game, variants and seeded positions, the clicks are explored as a player would make them:
every enabled target on the board, beside it and among the action buttons; a click that starts a
multi-step input (a field then a face, a combination then the tile to turn, a chip to give then
one to take) shows new targets, which are clicked in turn. The moves so reached must be exactly
the legal moves, and no click may produce a move that is not legal.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from markup import arrow_reachable
from ludothek.games import GAME_IDS, get_game
from ludothek.render import game_panels, get_view
from ludothek.render.view import UIState

MAX_CLICKS = 3  # the longest input of any game is two clicks; one more shows nothing is missed by a step
MAX_PLIES = 60


def targets(view, s, ui: UIState) -> list[str]:
    markup = view.board_svg(s, ui) + view.extra_html(s, ui) + game_panels.actions_html(view.actions(s, ui))
    root = ET.fromstring(f"<root>{markup}</root>")
    found = []
    for element in root.iter():
        target = element.get("data-target")
        if target and element.get("aria-disabled") != "true" and element.get("disabled") is None and target not in found:
            found.append(target)
    return found


def moves_by_clicking(view, s) -> set[str]:
    """Every move some sequence of at most MAX_CLICKS clicks on offered targets produces."""
    legal = set(view.game.legal_moves(s))
    reached: set[str] = set()
    frontier = [UIState(interactive=True)]
    seen = {frontier[0]}
    for _ in range(MAX_CLICKS):
        following = []
        for ui in frontier:
            for target in targets(view, s, ui):
                result = view.click(s, ui, target)
                if result.move is not None:
                    assert result.move in legal, (target, result.move)
                    reached.add(result.move)
                elif result.ui.selection != ui.selection and result.ui.with_(cursor=None) not in seen:
                    seen.add(result.ui.with_(cursor=None))
                    following.append(result.ui)
        frontier = following
    return reached


def positions(game_id: str):
    """Every position of one seeded game per conformance setup (up to MAX_PLIES), as the player to
    move sees them: so the rare steps (a swap after a star move, a combination with two tiles to
    turn, a Pasch) are met where a game reaches them."""
    game = get_game(game_id)
    for number, setup in enumerate(game.conformance_setups()):
        options = dict(setup)
        players = options.pop("players")
        rng = random.Random(f"clicks-{game_id}-{number}")
        s = game.new_game(players=players, seed=number + 11, **options)
        for ply in range(MAX_PLIES):
            if game.is_over(s):
                break
            yield f"{number}:{ply}", game.observation(s, game.current_player(s))
            s = game.play(s, rng.choice(game.legal_moves(s)))


def one_click_moves(view, s) -> set[str]:
    ui = UIState(interactive=True)
    return {move for move in (view.click(s, ui, target).move for target in targets(view, s, ui)) if move}


# Games whose input has a second step somewhere (so the exploration must have used it).
TWO_STEP_GAMES = {"nummerus", "mops"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_move_can_be_clicked(game_id):
    view = get_view(game_id)
    game = view.game
    checked = two_step = 0
    for label, s in positions(game_id):
        legal = set(game.legal_moves(s))
        reached = moves_by_clicking(view, s)
        assert reached == legal, (label, game.position(s), sorted(legal - reached), sorted(reached - legal))
        two_step += len(legal - one_click_moves(view, s))
        checked += 1
    assert checked >= 50, checked
    if game_id in TWO_STEP_GAMES:
        assert two_step, "no position needed a second click: the multi-step input went untested"


def board_targets(view, s, ui: UIState) -> dict[str, ET.Element]:
    root = ET.fromstring(f"<root>{view.board_svg(s, ui)}</root>")
    return {e.get("data-target"): e for e in root.iter() if e.get("data-target")}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_board_target_can_be_reached_by_arrow_keys_from_the_tab_stop(game_id):
    """A keyboard player tabs to the board once (one tab stop) and walks it with the arrow keys
    (web/arrow_keys: the nearest target with data-x/data-y that way). Every enabled target on the
    board, in every step of a multi-step input, must be reachable so."""
    view = get_view(game_id)
    checked = 0
    for label, s in positions(game_id):
        frontier = [UIState(interactive=True)]
        for _ in range(MAX_CLICKS - 1):
            following = []
            for ui in frontier:
                found = board_targets(view, s, ui)
                if not found:
                    continue
                stops = [t for t, e in found.items() if e.get("tabindex") == "0"]
                assert len(stops) == 1, (label, ui, stops)
                placed = {t: e for t, e in found.items() if e.get("data-x") is not None and e.get("data-y") is not None}
                enabled_targets = {t for t, e in found.items() if e.get("aria-disabled") != "true"}
                assert enabled_targets <= set(placed), (label, sorted(enabled_targets - set(placed)))
                reached = arrow_reachable(placed, stops[0])
                assert enabled_targets <= reached, (label, ui, view.game.position(s), stops[0], sorted(enabled_targets - reached))
                checked += 1
                for target in enabled_targets:
                    result = view.click(s, ui, target)
                    if result.move is None and result.ui.selection != ui.selection:
                        following.append(result.ui)
            frontier = following
    assert checked >= 50, checked
