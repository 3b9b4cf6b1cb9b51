"""Byte-identical drawing: SHA-256 of every board (and the view's words around it) on a fixed corpus.

Renders seeded positions of every game and variant (the engines' conformance setups) through the
public view API, `get_view(game_id).board_svg(state, UIState(...))`, with several UI states:
interactive, a cursor, a selection, the last move (still and animated), a hint, not interactive
(review, preview, a picture), replaying, player names; plus every view's thumbnail, setup
previews, the shipped puzzles' start positions and the view's texts beside the board (extra
controls, actions, status, the last move in words, the answer to a click on every target), in
English and German. Each case's SHA-256 goes to a JSON file; `--compare` checks another run.

    python3 bench/board_bytes.py -o /tmp/before.json          # on the code before a change
    python3 bench/board_bytes.py --compare /tmp/before.json   # after it: every case identical?

A refactoring of the drawing code is behaviour-preserving when every case is identical
(docs/benchmarks.md, "Byte-identical boards").
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import re
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludothek.ai.base import Exact  # noqa: E402
from ludothek.ai.puzzles import puzzle_state, puzzles  # noqa: E402
from ludothek.games import get_game  # noqa: E402
from ludothek.i18n import set_language  # noqa: E402
from ludothek.render import get_view  # noqa: E402
from ludothek.render.standalone import standalone_svg  # noqa: E402
from ludothek.render.view import UIState  # noqa: E402

GAMES = ("momentum", "fenn", "mops", "momox", "nummerus")
SEEDS = (1, 2)
SNAPSHOTS = 9  # positions per game, spread over its length
TARGET = re.compile(r'data-target="([^"]*)"')

SETUP_VALUES: dict[str, list[dict[str, str]]] = {
    "momentum": [
        {},
        {"size": "9x9", "specials": "centre-hole"},
        {"size": "7x7", "specials": "hand", "hand_specials": "e5:x c3:d g7:p"},
        {"size": "5x5", "specials": "hand", "hand_specials": ""},
        {"specials": "random", "random_specials": "4"},
    ],
    "fenn": [{}],
    "mops": [{}],
    "momox": [{}],
    "nummerus": [{}, {"layout": "hand", "layout_text": "nonsense"}],
}


def digest(text: Any) -> str:
    return hashlib.sha256(repr(text).encode("utf-8")).hexdigest()


class _Written:
    """A value whose repr is the given text (what `digest` reads)."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text


def ui_as_seen(game: Any, ui: Any) -> Any:
    """A click's UI state with the position before the last move as its notation: the state's repr
    names its fields, which issue 56 renamed and stored anew (a phase), while what the view draws
    from it is its position, which must not change. A field added since at its default (issue 57's
    `picture`, which no click sets) is left out of the repr, so that the answers compare with a run
    before it was added."""
    before = getattr(ui, "last_before", None)
    seen = ui if before is None else dataclasses.replace(ui, last_before=game.position(before))
    if dataclasses.is_dataclass(seen) and getattr(seen, "picture", None) is False:
        return _Written(repr(seen).replace(", picture=False)", ")"))
    return seen


def played_games(game_id: str) -> list[tuple[str, list[tuple[Any, str | None, Any]]]]:
    """(name, [(before, move, after)]) of seeded random games of every conformance setup."""
    game = get_game(game_id)
    found = []
    for number, setup in enumerate(game.conformance_setups()):
        for seed in SEEDS:
            rng = random.Random(seed * 1000 + number)
            s = game.new_game(seed=seed, **setup)
            steps: list[tuple[Any, str | None, Any]] = [(None, None, s)]
            for _ply in range(400):
                legal = game.legal_moves(s)
                if not legal:
                    break
                move = rng.choice(legal)
                after = game.play(s, move)
                steps.append((s, move, after))
                s = after
            found.append((f"{number}{setup}-seed{seed}", steps))
    return found


def spread(steps: list, count: int) -> list:
    if len(steps) <= count:
        return steps
    picks = sorted({round(i * (len(steps) - 1) / (count - 1)) for i in range(count)})
    return [steps[i] for i in picks]


def ui_states(game_id: str, game, before, move, shown, public_before) -> list[tuple[str, UIState]]:
    legal = game.legal_moves(shown) if not game.is_over(shown) else []
    players = shown.setup.players
    names = tuple(f"Player {i + 1}" for i in range(players))
    last = dict(last_before=public_before, last_move=move) if move is not None else {}
    states = [
        ("interactive", UIState()),
        ("interactive-names", UIState(names=names)),
        ("picture", UIState(interactive=False)),
    ]
    if move is not None:
        states += [
            ("last", UIState(**last)),
            ("last-animated", UIState(animate=True, **last)),
            ("review", UIState(interactive=False, **last)),
            ("review-names", UIState(interactive=False, names=names, **last)),
            ("replaying", UIState(interactive=False, replaying=True, **last)),
        ]
    if legal:
        first, final = legal[0], legal[-1]
        states += [
            ("cursor-first", UIState(cursor=first)),
            ("cursor-last", UIState(cursor=final)),
            ("cursor-nonsense", UIState(cursor="zz9")),
            ("hint", UIState(hints=((final, "hint"),))),
            ("hint-picture", UIState(interactive=False, hints=((final, "hint"),))),
        ]
        for token in dict.fromkeys(legal):
            # Selections the views understand: a field (Fenn, Nummerus), a Mops refusal or pick.
            head = token.split(":")[0].split(",")[0].rstrip("+-")
            states.append((f"select-{head}", UIState(selection=(head,), cursor=head)))
            if len(states) > 40:
                break
        if game_id == "fenn":
            codes = (Exact(1, 3), Exact(0, 0), Exact(-1, 2), Exact(1, 1))  # read "win 2", "draw", "loss 1", "win 1"
            hints = tuple((m, codes[i % len(codes)]) for i, m in enumerate(legal))
            fields = tuple((m.split(":")[0], codes[i % len(codes)]) for i, m in enumerate(legal) if ":" in m)
            states.append(("fenn-hints", UIState(hints=hints + fields)))
            states.append(("fenn-hints-selected", UIState(hints=hints + fields, selection=(legal[0].split(":")[0],))))
        if game_id == "mops":
            states.append(("mops-refuse", UIState(selection=("refuse",))))
            for combo in game.scoring_options(shown)[:3]:
                states.append((f"mops-pick-{','.join(combo.cells)}", UIState(selection=("pick", ",".join(combo.cells)))))
        if game_id == "nummerus":
            states.append(("nummerus-swap", UIState(selection=("give:1", "take:2"))))
    return states


def view_texts(view, game, shown, ui: UIState, names: list[str]) -> dict[str, Any]:
    texts: dict[str, Any] = {
        "extra": view.extra_html(shown, ui),
        "actions": [(a.target, a.label, a.hint, a.primary) for a in view.actions(shown, ui)],
        "status": view.status_text(shown, ui, names),
    }
    return texts


def cases_for(game_id: str, lang: str) -> dict[str, str]:
    game = get_game(game_id)
    view = get_view(game_id)
    out: dict[str, str] = {}
    out[f"{lang}/{game_id}/thumbnail"] = digest(view.thumbnail_svg())
    for players in sorted({view.default_players} | {setup.get("players", view.default_players) for setup in game.conformance_setups()}):
        for i, values in enumerate(SETUP_VALUES[game_id]):
            try:
                preview = view.setup_preview(values, players) if hasattr(view, "setup_preview") else ""
            except ValueError as exc:
                preview = f"ValueError {exc}"
            out[f"{lang}/{game_id}/setup-preview-{players}p-{i}"] = digest(preview)
        for seat in range(players):
            out[f"{lang}/{game_id}/piece-{players}p-{seat}"] = digest(view.piece_svg(seat, players))
    for p in puzzles(game_id):
        start = game.observation(puzzle_state(game, p), None)
        out[f"{lang}/{game_id}/puzzle-{p['id']}"] = digest(view.board_svg(start, UIState()))
        out[f"{lang}/{game_id}/puzzle-{p['id']}-picture"] = digest(standalone_svg(game_id, start, UIState(interactive=False)))
    for name, steps in played_games(game_id):
        for before, move, after in spread(steps, SNAPSHOTS):
            seat = game.current_player(after)
            shown = game.observation(after, seat)
            public_before = game.observation(before, game.current_player(before)) if before is not None else None
            names = [f"Player {i + 1}" for i in range(after.setup.players)]
            key = f"{lang}/{game_id}/{name}/ply{len(after.moves) if hasattr(after, 'moves') else '?'}-{move}"
            for ui_name, ui in ui_states(game_id, game, before, move, shown, public_before):
                svg = view.board_svg(shown, ui)
                out[f"{key}/{ui_name}/board"] = digest(svg)
                out[f"{key}/{ui_name}/texts"] = digest(view_texts(view, game, shown, ui, names))
                if ui_name in ("interactive", "last") or ui_name.startswith("select-") or ui_name.startswith("mops-"):
                    answers = []
                    for token in list(dict.fromkeys(TARGET.findall(svg + view.extra_html(shown, ui)))) + ["nonsense", "a1", "5", "cancel"]:
                        try:
                            result = view.click(shown, ui, token)
                            answers.append((token, ui_as_seen(game, result.ui), result.move, result.message))
                        except Exception as exc:  # noqa: BLE001 - the answer itself is what is compared
                            answers.append((token, type(exc).__name__, str(exc)))
                    out[f"{key}/{ui_name}/clicks"] = digest(answers)
            if before is not None:
                public_after = game.observation(after, None)
                public_b = game.observation(before, None)
                words = (view.describe_move(public_b, move, public_after, names), view.move_text(public_b, move))
                out[f"{key}/words"] = digest(words)
            out[f"{key}/side"] = digest((view.side_html(shown, names), [view.seat_details(shown, i) for i in range(after.setup.players)]))
            out[f"{key}/standalone"] = digest(standalone_svg(game_id, game.observation(after, None)))
    return out


def run(games: tuple[str, ...] = GAMES) -> dict[str, str]:
    cases: dict[str, str] = {}
    for lang in ("en", "de"):
        set_language(lang)
        for game_id in games:
            cases.update(cases_for(game_id, lang))
    set_language("en")
    return cases


def main(argv: list[str] | None = None, report: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-o", "--output", help="write the digests to this JSON file")
    parser.add_argument("--compare", help="compare with the digests in this JSON file")
    parser.add_argument("--games", default=",".join(GAMES), help="the games, comma-separated (default: all five)")
    args = parser.parse_args(argv)
    games = tuple(args.games.split(","))
    cases = run(games)
    boards = sum(1 for k in cases if k.endswith("/board") or "thumbnail" in k or "puzzle" in k or "preview" in k or "standalone" in k)
    report(f"{len(cases)} cases ({boards} drawings of boards, the rest the view's texts and click answers)")
    if args.output:
        Path(args.output).write_text(json.dumps(cases, indent=0, sort_keys=True), encoding="utf-8")
    if args.compare:
        before = json.loads(Path(args.compare).read_text(encoding="utf-8"))
        before = {k: v for k, v in before.items() if k.split("/")[1] in games}
        missing = sorted(set(before) - set(cases))
        new = sorted(set(cases) - set(before))
        changed = sorted(k for k in set(before) & set(cases) if before[k] != cases[k])
        same = len(set(before) & set(cases)) - len(changed)
        report(f"identical {same}, changed {len(changed)}, missing {len(missing)}, new {len(new)}")
        for k in (changed + missing + new)[:40]:
            report(f"  {'changed' if k in changed else 'missing' if k in missing else 'new'}: {k}")
        return 0 if not (changed or missing or new) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
