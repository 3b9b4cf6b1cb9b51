"""The browser-free parts of the web layer: addresses, the keyboard cursor's geometry, save keys,
the setup form."""

from __future__ import annotations

import re

import pytest

from ludothek.web.arrow_keys import nearest_in_direction
from ludothek.web.routes import parse_route
from ludothek.web.saves import DictStorage, SaveStore
from ludothek.render import get_view
from ludothek.web.session import new_save_id
from ludothek.web.setup_form import form_players, form_seats


@pytest.mark.parametrize(
    "fragment, screen, argument, rest",
    [
        ("", "home", "", ""),
        ("#", "home", "", ""),
        ("#/", "home", "", ""),
        ("#/setup/fenn", "setup", "fenn", ""),
        ("#/play/abc123", "play", "abc123", ""),
        ("#/position/momentum/7x7%20abc", "position", "momentum", "7x7%20abc"),
        ("#//position//momentum//x", "position", "momentum", "x"),  # empty parts are skipped
        ("#/puzzle/fenn/p1/extra", "puzzle", "fenn", "p1"),
        ("/rules/momox", "rules", "momox", ""),  # with or without the '#'
    ],
)
def test_routes_are_read_from_the_fragment(fragment, screen, argument, rest):
    route = parse_route(fragment)
    assert (route.screen, route.argument, route.rest) == (screen, argument, rest)


def test_a_route_keeps_every_part():
    assert parse_route("#/puzzle/fenn/p1/extra").parts == ("puzzle", "fenn", "p1", "extra")


GRID = [(x, y, f"{x},{y}") for x in range(3) for y in range(3)]


@pytest.mark.parametrize(
    "key, expected",
    [
        ("ArrowRight", "2,1"),
        ("ArrowLeft", "0,1"),
        ("ArrowUp", "1,0"),
        ("ArrowDown", "1,2"),
    ],
)
def test_arrow_keys_go_to_the_neighbour_on_a_grid(key, expected):
    assert nearest_in_direction((1, 1), key, GRID) == expected


def test_arrow_keys_stop_at_the_edge():
    assert nearest_in_direction((2, 1), "ArrowRight", GRID) is None
    assert nearest_in_direction((1, 0), "ArrowUp", GRID) is None


def test_a_step_sideways_counts_twice_a_step_along():
    # Straight on but far (score 3) beats near but off the line (1 + 2 * 2 = 5).
    targets = [(1, 2, "diagonal"), (3, 0, "straight")]
    assert nearest_in_direction((0, 0), "ArrowRight", targets) == "straight"
    # ...and near, slightly off the line (1 + 2 * 0.5 = 2), beats straight on but far (3).
    targets = [(3, 0, "straight"), (1, 0.5, "near")]
    assert nearest_in_direction((0, 0), "ArrowRight", targets) == "near"


def test_of_equally_near_targets_the_first_wins():
    targets = [(1, 1, "first"), (1, -1, "second")]
    assert nearest_in_direction((0, 0), "ArrowRight", targets) == "first"


def test_hexagonal_rows_are_reached_with_up_and_down():
    # Offset rows (as on a hex board): Down from (1, 0) goes to the nearer of (0.5, 1) and (1.5, 1).
    targets = [(0.5, 1, "left"), (1.5, 1, "right"), (1, 2, "below")]
    assert nearest_in_direction((1, 0), "ArrowDown", targets) == "left"


def test_the_save_store_names_its_keys():
    store = SaveStore(DictStorage())
    key = store.key("abc")
    assert store.is_save_key(key)
    assert not store.is_save_key("ludothek.language")
    assert store.entry_text("abc") is None
    store.put_entry_text("abc", "{}")
    assert store.entry_text("abc") == "{}"
    assert store.ids() == ["abc"]


def test_new_save_ids_are_valid_and_distinct():
    ids = {new_save_id() for _ in range(100)}
    assert len(ids) == 100
    assert all(re.fullmatch(r"[0-9a-f]{16,}", save_id) for save_id in ids)


@pytest.mark.parametrize("typed, expected", [("3", 3), ("0", 1), ("99", 4), ("many", None), (None, None)])
def test_the_number_of_players_stays_within_the_game(typed, expected):
    game = get_view("mops").game
    values = {} if typed is None else {"players": typed}
    default = get_view("mops").default_players
    assert form_players("mops", values) == (expected if expected is not None else default)
    assert game.min_players <= form_players("mops", values) <= game.max_players


def test_seats_come_from_the_form_with_colour_names_where_none_was_typed():
    view = get_view("momentum")
    seats = form_seats(view, {"seat0_name": "  Ada  ", "seat1_kind": "computer", "seat1_level": "x"}, 2)
    assert seats[0].name == "Ada" and not seats[0].is_computer and seats[0].level == 0
    assert seats[1].name == view.seat_style(1, 2).name and seats[1].is_computer and seats[1].level == 1
