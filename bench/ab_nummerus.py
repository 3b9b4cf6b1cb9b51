"""A/B of the strongest Nummerus level's search parameters (development aid, not a benchmark table).

python bench/ab_nummerus.py --think 0.05 --games 20 --a rave_k=300 --b rave_k=0
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from ludothek.render.catalog import get_player  # noqa: E402
from ludothek.games import get_game  # noqa: E402


def parse(text):
    out = {}
    for part in filter(None, text.split(",")):
        k, v = part.split("=")
        out[k] = float(v)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--think", type=float, default=0.05)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--a", default="")
    ap.add_argument("--b", default="")
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()
    game = get_game("nummerus")
    res = {"win": 0, "draw": 0, "loss": 0}
    for g in range(args.games):
        a_seat = g % args.players
        bots = []
        for seat in range(args.players):
            p = get_player("nummerus", 3, seed=g * 10 + seat, think_seconds=args.think, clock=time.process_time)
            for k, v in parse(args.a if seat == a_seat else args.b).items():
                setattr(p, k, v)
            bots.append(p)
        s = game.new_game(players=args.players, seed=1000 + g)
        while not game.is_over(s):
            s = game.play(s, bots[game.current_player(s)].choose(s))
        w = game.winners(s)
        res["win" if w == [a_seat] else "loss" if w and a_seat not in w else "draw"] += 1
    print(json.dumps({"a": args.a, "b": args.b, **res}))


if __name__ == "__main__":
    main()
