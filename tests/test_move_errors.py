"""Refused moves are data: every rule identifier an engine raises has its sentence in the game's
view table (one table per game), and a German player reads German, never the engine's English."""

from __future__ import annotations

import inspect
import random
import re
import string

import pytest

from ludothek.games import GAME_IDS, IllegalMove, InvalidMoveText, MoveError, get_game
from ludothek.games.base import COMMON_MOVE_RULES
from ludothek.i18n import language, set_language
from ludothek.render import get_view
from ludothek.render.view import COMMON_MOVE_ERROR_TEXTS

RAISED = re.compile(r"self\.(?:illegal|invalid)\(\s*\w+,\s*(\"[a-z-]+\"|[\w.]+)")


def raised_rules(game) -> set[str]:
    """The rule identifiers written where the engine raises (the whole module of the engine's class
    and of each of its game's own bases, such as Mops Royal's move checks): as literals, or as
    names the module binds to a declared rule (`FennRule.SAME_FACE`) or to a mapping of them
    (Fenn's `BAN_RULES`, which stands for every rule in it)."""
    rules = set()
    for cls in type(game).__mro__:
        module = inspect.getmodule(cls)
        if module is None or not module.__name__.startswith("ludothek.games.") or module.__name__ == "ludothek.games.base":
            continue
        for written in RAISED.findall(inspect.getsource(module)):
            if written.startswith('"'):
                rules.add(written.strip('"'))
                continue
            if not hasattr(module, written.split(".")[0]):
                continue  # a local name (Mops Royal's `broken`): the rules it holds are raised as literals or members elsewhere
            named = module
            for part in written.split("."):
                named = getattr(named, part)
            rules |= {str(rule) for rule in named.values()} if isinstance(named, dict) else {str(named)}
    # A prefix such as "ban-" + reason (Fenn's landing bans) stands for every rule it begins.
    return {r for r in rules if not r.endswith("-")} | {d for r in rules if r.endswith("-") for d in game.move_rules if d.startswith(r)}


def fields(template: str) -> set[str]:
    return {name.split("!")[0].split(":")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_the_engine_raises_is_declared_and_worded_by_the_view(game_id):
    game, view = get_game(game_id), get_view(game_id)
    declared = set(game.move_rules) | set(COMMON_MOVE_RULES)
    raised = raised_rules(game)
    assert raised, "the scan found no raise: the pattern no longer matches the engine's code"
    assert raised <= declared, f"raised but not in {game_id}'s move_rules: {sorted(raised - declared)}"
    worded = set(view.move_error_texts) | set(COMMON_MOVE_ERROR_TEXTS)
    assert set(game.move_rules) <= worded, f"no sentence in the {game_id} view for {sorted(set(game.move_rules) - worded)}"
    assert set(view.move_error_texts) <= set(game.move_rules), "the view words a rule the engine does not have"


def _refusals(game, seed: int):
    """Errors raised by real positions of seeded random games: garbage, moves of other moments."""
    rng = random.Random(f"refusals-{game.id}-{seed}")
    for setup in game.conformance_setups():
        options = dict(setup)
        players = options.pop("players")
        s = game.new_game(players=players, seed=seed, **options)
        seen: set[str] = set()
        for _ in range(game.move_cap()):
            legal = set(game.legal_moves(s))
            for candidate in sorted(seen - legal)[:30] + ["", "??", "zz9", "a1,a2!a9", "99:99", "xa1", "k6", "d5+", "1x2"]:
                if candidate in legal:
                    continue
                try:
                    game.play(s, candidate)
                except MoveError as error:
                    yield error
            if game.is_over(s):
                break
            seen |= legal
            s = game.play(s, rng.choice(sorted(legal)))
        for candidate in ["d4", "pass", "end", "take"]:
            try:
                game.play(s, candidate)
            except MoveError as error:
                yield error


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_refusals_of_real_positions_read_in_the_players_language(game_id):
    game, view = get_game(game_id), get_view(game_id)
    before = language()
    rules_seen = set()
    try:
        for seed in (0, 1):
            for error in _refusals(game, seed):
                assert isinstance(error, (IllegalMove, InvalidMoveText))
                assert error.rule in view.move_error_texts or error.rule in COMMON_MOVE_ERROR_TEXTS, error.rule
                rules_seen.add(error.rule)
                set_language("en")
                english = view.move_error_text(error)
                set_language("de")
                german = view.move_error_text(error)
                assert english and german
                assert str(error) not in german, "the engine's English reached a German player"
                if english != "That is not a legal move now.":
                    assert german != english, (error.rule, english)
    finally:
        set_language(before)
    assert len(rules_seen) >= 4, rules_seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_sentence_formats_in_every_language(game_id):
    """Each sentence (and its German translation) formats from params of the kind the engine
    gives, the view's derived words included (live params are checked by the test above)."""
    view = get_view(game_id)
    before = language()
    try:
        for rule, sentence in view.move_error_texts.items():
            needed = fields(sentence)
            error = MoveError(rule, **{name: _sample(name) for name in (needed - _derived()) | _sources(needed)})
            for lang in ("en", "de"):
                set_language(lang)
                assert view.move_error_text(error), (rule, lang)
    finally:
        set_language(before)


def _derived() -> set[str]:
    return {"kind_name", "colour", "cells", "lower_text", "upper_text", "chain_text"}


def _sources(derived: set[str]) -> set[str]:
    """The params each view-derived word is made from."""
    sources = {"kind_name": "kind", "colour": "seat", "cells": "marks", "lower_text": "lower", "upper_text": "upper", "chain_text": "chain"}
    return {sources[name] for name in derived if name in sources}


def _sample(name: str):
    return {"kind": "x", "seat": 0, "lower": (1, 3), "upper": (5, 6), "chain": (7, 9), "faces": (1, 2, 3), "marks": ("e5",)}.get(name, 1)
