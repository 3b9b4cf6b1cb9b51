"""Game options are declared once (`Game.options`): the base class checks every value against the
declaration, and the setup screen's fields are built from it."""

from __future__ import annotations

import pytest

from ludothek.games import GAME_IDS, get_game
from ludothek.render import get_view

DECLARED = [pytest.param(game_id, option.name, id=f"{game_id}-{option.name}") for game_id in GAME_IDS for option in get_game(game_id).options]


def players_for(game, option) -> int:
    return option.players[0] if option.players else game.min_players


def test_every_game_declares_its_options_with_known_kinds():
    for game_id in GAME_IDS:
        game = get_game(game_id)
        assert game.options, game_id
        for option in game.options:
            assert option.kind in ("bool", "int", "choice", "list"), option
            if option.kind == "int":
                assert option.minimum is not None and option.maximum is not None and option.minimum <= option.maximum
                assert option.default is None or option.minimum <= option.default <= option.maximum
            if option.kind == "choice":
                assert option.choices and (option.default is None or option.default in option.choices)
            assert all(game.min_players <= n <= game.max_players for n in option.players)


@pytest.mark.parametrize("game_id,name", DECLARED)
def test_a_value_of_the_wrong_type_is_refused_naming_the_option(game_id, name):
    game = get_game(game_id)
    option = game.option(name)
    players = players_for(game, option)
    wrong = {"bool": ["yes", 1, None], "int": ["3", 2.5, True, None], "choice": [True, 17, None], "list": ["e5", 5, True]}[option.kind]
    for value in wrong:
        with pytest.raises(ValueError) as info:
            game.new_game(players=players, **{name: value})
        assert (option.what or option.name) in str(info.value) and "must" in str(info.value), str(info.value)


@pytest.mark.parametrize("game_id,name", [p for p in DECLARED if get_game(p.values[0]).option(p.values[1]).kind in ("int", "choice")])
def test_a_value_out_of_range_is_refused_saying_what_is_allowed(game_id, name):
    game = get_game(game_id)
    option = game.option(name)
    players = players_for(game, option)
    if option.kind == "int":
        for value in (option.minimum - 1, option.maximum + 1):
            with pytest.raises(ValueError, match=f"from {option.minimum} to {option.maximum}"):
                game.new_game(players=players, **{name: value})
    else:
        with pytest.raises(ValueError) as info:
            game.new_game(players=players, **{name: "no-such-choice"})
        assert all(repr(choice) in str(info.value) for choice in option.choices), str(info.value)


@pytest.mark.parametrize("game_id,name", DECLARED)
def test_a_declared_value_within_range_is_accepted(game_id, name):
    game = get_game(game_id)
    option = game.option(name)
    players = players_for(game, option)
    good = {"bool": [True, False], "int": [option.minimum, option.maximum], "choice": list(option.choices), "list": []}[option.kind]
    for value in good:
        if option.name == "random_specials" and value > 12:
            continue  # the board's own limit on special cells applies on top (a rule, not a type)
        game.new_game(players=players, **{name: value})


@pytest.mark.parametrize("game_id,name", [p for p in DECLARED if get_game(p.values[0]).option(p.values[1]).players])
def test_an_option_for_other_player_counts_is_refused(game_id, name):
    game = get_game(game_id)
    option = game.option(name)
    others = [n for n in range(game.min_players, game.max_players + 1) if n not in option.players]
    value = True if option.kind == "bool" else option.minimum if option.kind == "int" else option.choices[0]
    for players in others:
        with pytest.raises(ValueError, match="only played with"):
            game.new_game(players=players, **{name: value})
        if option.kind == "bool":
            game.new_game(players=players, **{name: False})  # a switch given as off is no variant


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_unknown_option_is_refused_listing_the_known_ones(game_id):
    game = get_game(game_id)
    with pytest.raises(ValueError) as info:
        game.new_game(players=game.min_players, colour_of_the_box="red")
    assert "colour_of_the_box" in str(info.value)
    assert all(option.name in str(info.value) for option in game.options)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_setup_field_sets_a_declared_option_within_its_declaration(game_id):
    game, view = get_game(game_id), get_view(game_id)
    declared = {option.name: option for option in game.options}
    for field in view.setup_fields():
        assert set(field.sets()) <= set(declared), (field.name, field.sets())
        if field.options:
            continue  # a form of its own for a structured option (a layout typed in, ages, cells)
        option = declared[field.name]
        assert field.players == option.players, field.name
        if option.kind == "bool":
            assert field.kind == "bool"
        elif option.kind == "int" and field.kind == "int":
            assert option.minimum <= field.minimum <= field.maximum <= option.maximum, field.name
        else:  # offered as a choice: every value is one the engine accepts
            for choice in field.choices:
                value = int(choice.value) if option.kind == "int" else choice.value
                option.check(value, players_for(game, option))
    # Every option a player can set by hand has its field (structured ones may be for programs only).
    shown = {name for field in view.setup_fields() for name in field.sets()}
    assert {o.name for o in game.options if o.kind != "list"} <= shown


def test_an_option_field_may_narrow_every_field_but_its_words():
    """`option_field`'s typed `**shown` (FieldNarrowing) names every field of a setup Field but
    the ones it is given as words, so that a view can narrow any of them and mypy checks each."""
    from dataclasses import fields

    from ludothek.render.view import Field, FieldNarrowing

    assert set(FieldNarrowing.__annotations__) == {f.name for f in fields(Field)} - {"name", "label", "help"}


def test_an_engine_reads_each_checked_option_by_its_kind():
    """`check_options` gives every option's value typed by its declaration (CheckedOptions): read by
    another kind, or unset where the engine expects a value, is a declaration error, not a value
    of the wrong type handed on."""
    values = get_game("momentum").check_options(2, {"size": "9x9", "holes": ["e5"]})
    assert (values.choice("size"), list(values.entries("holes")), values.flag("pie"), values.number("round_limit")) == ("9x9", ["e5"], True, 0)
    for read, name in ((values.flag, "size"), (values.number, "pie"), (values.choice, "holes"), (values.entries, "round_limit")):
        with pytest.raises(TypeError, match=repr(name)):
            read(name)
    nummerus = get_game("nummerus").check_options(1, {})
    assert nummerus.number_or_none("swap_chips") is None and nummerus.flag("swap") is False
    with pytest.raises(TypeError, match="unset"):
        nummerus.number("swap_chips")
