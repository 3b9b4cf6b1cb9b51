"""Draw a position as an SVG file, without a browser:

    python -m ludothek.render <game> "<position>" [-o diagram.svg] [--move <move>]

With --move, the picture shows the position after that move, with the move marked. Run it with
the py/ folder on the module path (e.g. `PYTHONPATH=py python3 -m ludothek.render ...`).
"""

from __future__ import annotations


import argparse
import sys

from ..games.base import StateBase
from ..games import GAME_IDS, MoveError, get_game
from .standalone import standalone_svg
from .view import UIState


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ludothek.render", description="Draw a position of a Ludothek game as SVG.")
    parser.add_argument("game", choices=GAME_IDS)
    parser.add_argument("position", help="the position in the game's notation (quote it)")
    parser.add_argument("-o", "--output", help="file to write (default: standard output)")
    parser.add_argument("--move", help="show the position after this move, with the move marked")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    try:
        state = game.from_position(args.position)
        ui: UIState[StateBase] = UIState(interactive=False)
        if args.move:
            before = state
            state = game.play(before, args.move)
            ui = ui.with_(last_before=game.observation(before, None), last_move=args.move)
        svg = standalone_svg(args.game, game.observation(state, None), ui)
    except (ValueError, MoveError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(svg)
    else:
        sys.stdout.write(svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
