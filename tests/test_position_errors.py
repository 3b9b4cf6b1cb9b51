"""Refused position text is data, as refused moves are: every `PositionError` an engine raises
names its rule, every rule has its sentence in the game's view, and each rule is shown by a
literal position text (tests/data/position_errors/<game>.json) that the engine refuses with it.
So an author pasting a broken position into the editor, or following a broken position link,
reads why in their own language, never the engine's English."""

from __future__ import annotations

import ast
import importlib
import json
import string
from enum import StrEnum
from pathlib import Path
from random import Random
from types import ModuleType

import pytest

from ludothek.games import GAME_IDS, PositionError, get_game
from ludothek.i18n import language, set_language
from ludothek.render import get_view
from ludothek.render.view import COMMON_POSITION_ERROR_TEXTS

GAMES = Path(__file__).resolve().parent.parent / "py" / "ludothek" / "games"
EXAMPLES = Path(__file__).resolve().parent / "data" / "position_errors"
FALLBACK_EN = "The text does not describe a position of this game."


def literal_rules(node: ast.expr | None, module: ModuleType) -> list[str]:
    """The rule names a `rule=` argument can take: a string literal, a member of a rule the
    module declares (`FennPositionRule.SPACES`: its text), or either of those in
    `"a" if condition else "b"` (one check that serves two rules); [] for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        declared = getattr(getattr(module, node.value.id, None), node.attr, None)
        return [str(declared)] if isinstance(declared, StrEnum) else []
    if isinstance(node, ast.IfExp):
        both = literal_rules(node.body, module) + literal_rules(node.orelse, module)
        return both if len(both) == 2 else []
    return []


def raise_sites() -> list[tuple[str, int, str | None, set[str]]]:
    """Every rule each `PositionError(...)` call in the games' modules can raise: (file, line,
    rule, param names); rule None for a call whose rule is not written as a literal."""
    sites: list[tuple[str, int, str | None, set[str]]] = []
    for path in sorted(GAMES.glob("*.py")):
        module = importlib.import_module("ludothek.games" if path.stem == "__init__" else f"ludothek.games.{path.stem}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "PositionError":
                keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
                rules = literal_rules(keywords.pop("rule", None), module)
                sites.extend((path.name, node.lineno, rule, set(keywords)) for rule in rules or [None])
    return sites


def game_of(file_name: str) -> str | None:
    """The game a module of games/ belongs to (None: shared by all)."""
    return next((g for g in GAME_IDS if file_name.startswith(g)), None)


def raised_rules(game_id: str) -> set[str]:
    return {rule for name, _line, rule, _params in raise_sites() if rule is not None and game_of(name) in (game_id, None)}


def examples(game_id: str) -> dict[str, str]:
    return json.loads((EXAMPLES / f"{game_id}.json").read_text(encoding="utf-8"))


def fields(template: str) -> set[str]:
    return {name.split("!")[0].split(":")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def refusal(game_id: str, text: str) -> PositionError:
    """The error the engine raises reading `text` as a full position, else as an observation."""
    game = get_game(game_id)
    for read in (game.from_position, lambda t: game.from_observation(t, Random(7))):
        try:
            read(text)
        except PositionError as exc:
            return exc
    raise AssertionError(f"{game_id} reads {text!r} without refusing it")


def test_every_raise_names_a_literal_rule():
    sites = raise_sites()
    assert len(sites) > 100, "the scan found too few raises: the pattern no longer matches the engines' code"
    unnamed = [f"{name}:{line}" for name, line, rule, _params in sites if rule is None]
    assert not unnamed, f"PositionError without a literal or declared rule= at {unnamed}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_has_its_sentence_and_no_sentence_is_dead(game_id):
    view = get_view(game_id)
    raised = raised_rules(game_id)
    worded = set(view.position_error_texts) | set(COMMON_POSITION_ERROR_TEXTS)
    assert raised <= worded, f"no sentence in the {game_id} view for {sorted(raised - worded)}"
    assert set(view.position_error_texts) <= raised, f"the view words rules {game_id}'s engine never raises: {sorted(set(view.position_error_texts) - raised)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_sentence_uses_only_what_every_raise_of_its_rule_gives(game_id):
    view = get_view(game_id)
    derived = set(view.move_error_words_from)
    for name, line, rule, params in raise_sites():
        if rule is None or game_of(name) not in (game_id, None):
            continue
        template = view.position_error_texts.get(rule) or COMMON_POSITION_ERROR_TEXTS[rule]
        missing = fields(template) - params
        # A derived word (such as {colour} from seat) needs its param at the raise.
        assert not missing or (params & derived), f"{name}:{line} raises {rule!r} without {sorted(missing)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_is_shown_by_a_literal_position_the_engine_refuses_with_it(game_id):
    table = examples(game_id)
    assert set(table) == raised_rules(game_id), (
        f"examples missing for {sorted(raised_rules(game_id) - set(table))}, or for no rule: {sorted(set(table) - raised_rules(game_id))}"
    )
    for rule, text in table.items():
        assert refusal(game_id, text).rule == rule, f"{text!r} is refused, but not for {rule!r}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_german_player_reads_each_refusal_in_german(game_id):
    view, before = get_view(game_id), language()
    try:
        for rule, text in examples(game_id).items():
            error = refusal(game_id, text)
            set_language("en")
            english = view.position_error_text(error)
            set_language("de")
            german = view.position_error_text(error)
            assert english != FALLBACK_EN and "{" not in english and "{" not in german, (rule, english, german)
            assert german != english, f"{rule!r} has no German sentence: {english!r}"
            assert str(error) not in german, "the engine's English message is never shown"
    finally:
        set_language(before)


def test_anything_else_a_reader_raises_is_worded_generally():
    set_language("en")
    assert get_view("fenn").position_error_text(KeyError("x")) == FALLBACK_EN
    assert get_view("fenn").position_error_text(PositionError("a message", rule=None)) == FALLBACK_EN
