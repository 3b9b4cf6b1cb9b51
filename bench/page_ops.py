#!/usr/bin/env python3
"""What the app says to the page per move: the ops (web/page.py) a hot-seat game of each game sends
when it is played through the app by page events, in CPython (a benchmark, not a test).

    .venv/bin/python bench/page_ops.py [--moves 20] [--seed 1]

For each game: the events sent, the ops the app answered with, their JSON bytes (what a worker
would post to the page per move), and the app's own time per event (Python only: no browser).
The numbers size the message protocol between the page and Python (issue 33)."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from ludothek.games import GAME_IDS  # noqa: E402
from ludothek.render.catalog import is_game  # noqa: E402
from ludothek.web.app import App  # noqa: E402
from ludothek.web.page import Page, PageState  # noqa: E402
from ludothek.web.saves import DictStorage  # noqa: E402
from ludothek.web.session import GameSession, Seat  # noqa: E402


class CountingPage(Page):
    def __init__(self) -> None:
        self.count = 0
        self.bytes = 0
        super().__init__(self._count)

    def _count(self, text: str) -> None:
        self.count += 1
        self.bytes += len(text.encode())


def play(game_id: str, moves: int, rng: random.Random) -> dict:
    page = CountingPage()
    app = App(page, PageState(base_url="https://example.org/index.html", languages=("en",)), DictStorage)
    app.start()
    session = GameSession.new(game_id, [Seat("A"), Seat("B")], seed=rng.getrandbits(31), options={}, save_id="bench", now=0.0)
    app.store.save(session, 0.0)
    app.handle(json.dumps({"type": "route", "hash": "#/play/bench"}))
    per_move = []
    for _ in range(moves):
        s = app.shown_session()
        if s.is_over():
            break
        legal = list(s.game.legal_moves(s.state))
        if not legal:
            break
        before_ops, before_bytes = page.count, page.bytes
        started = time.perf_counter()
        app.game.apply_move(rng.choice(legal))  # what a completed click does (events.on_click -> handle_target)
        per_move.append((page.count - before_ops, page.bytes - before_bytes, time.perf_counter() - started))
    return {
        "moves": len(per_move),
        "ops": statistics.median(m[0] for m in per_move),
        "bytes": statistics.median(m[1] for m in per_move),
        "ms": statistics.median(m[2] for m in per_move) * 1000,
        "max_bytes": max(m[1] for m in per_move),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':10} {'moves':>5} {'ops/move':>8} {'bytes/move':>10} {'max bytes':>9} {'ms/move':>8}")
    for game_id in GAME_IDS:
        if not is_game(game_id):
            continue
        r = play(game_id, args.moves, random.Random(args.seed))
        print(f"{game_id:10} {r['moves']:5} {r['ops']:8.0f} {r['bytes']:10.0f} {r['max_bytes']:9} {r['ms']:8.1f}")


if __name__ == "__main__":
    main()
