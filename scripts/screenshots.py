#!/usr/bin/env python3
"""Screenshots of every game's main moments, to look at before a change goes in.

    .venv/bin/python scripts/screenshots.py [--out shots] [--games mops,fenn] [--sizes desktop,phone] [--languages en,de]

For each game, screen size (desktop 1280x800; phone 390x844 with touch) and language it saves what
the player sees (the viewport) at: 1 the setup screen, 2 the game just started, 3 a game in the
middle (plus the whole page: 3-mid-page), 4 a dialog (Share) over it, 5 the result dialog. The
middle and the end come from games played at random here (saved into the page's storage, then
opened), so every run shows the same positions for the same --seed.
Files: <out>/<game>-<size>-<language>-<moment>.png. Needs the runtime (scripts/setup) and Chromium.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))

from ludothek.games import GAME_IDS, get_game  # noqa: E402
from ludothek.render import get_view  # noqa: E402
from ludothek.render.catalog import is_game  # noqa: E402
from ludothek.render.view import seat_names  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 1},
}
READY_MS = 120_000
PLAYERS = {"mops": 3}  # more seats show more of a game's layout


def random_game(game_id: str, players: int, seed: int) -> tuple[dict, list]:
    """A whole game of random legal moves: its record (no players yet) and its states."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed)
    states = [state]
    while not game.is_over(state) and len(states) < 400:
        state = game.play(state, rng.choice(game.legal_moves(state)))
        states.append(state)
    return game.record(state), states


def seats_json(game_id: str, players: int, computers: bool) -> list[dict]:
    """Seat 0 human, the others computers (or humans), named as the setup screen names them."""
    names = seat_names(get_view(game_id), players)
    return [{"name": name, "type": "human"} if i == 0 or not computers else {"name": name, "type": "computer", "level": 1} for i, name in enumerate(names)]


def saved_games(game_id: str, seed: int = 1) -> dict[str, dict]:
    """Two saves for a game: 'mid', halfway and seat 0 to move; 'end', one move before the end
    with that move waiting on the redo stack (Redo then ends the game and shows the result)."""
    game = get_game(game_id)
    players = PLAYERS.get(game_id, get_view(game_id).default_players)
    for attempt in range(50):
        record, states = random_game(game_id, players, seed + attempt)
        moves = record["moves"]
        if game.is_over(states[-1]) and len(moves) >= 4:
            break
    half = len(moves) // 2
    while half < len(moves) - 1 and game.current_player(states[half]) != 0:
        half += 1
    mid = {**record, "moves": moves[:half], "players": seats_json(game_id, players, computers=True)}
    end = {**record, "moves": moves[:-1], "players": seats_json(game_id, players, computers=False)}
    return {
        "mid": {"record": mid, "meta": {"created": 1, "updated": 1}},
        "end": {"record": end, "meta": {"created": 1, "updated": 1, "redo": [moves[-1]]}},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "shots"))
    parser.add_argument("--games", default=",".join(g for g in GAME_IDS if is_game(g)))
    parser.add_argument("--sizes", default="desktop,phone")
    parser.add_argument("--languages", default="en,de")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-build", action="store_true", help="use assets/build as it is")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if not args.no_build:
        import build

        build.main()
    from serve import make_server
    from playwright.sync_api import sync_playwright

    server = make_server("127.0.0.1", 0, root=ROOT)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    games = [g for g in args.games.split(",") if g]
    saves = {g: saved_games(g, args.seed) for g in games}
    written = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for size in args.sizes.split(","):
                for language in args.languages.split(","):
                    context = browser.new_context(service_workers="block", reduced_motion="reduce", **SIZES[size])
                    page = context.new_page()
                    page.set_default_timeout(60_000)
                    page.goto(url + "assets/icon.svg")
                    page.evaluate("lang => { localStorage.clear(); localStorage.setItem('ludothek.language', lang); }", language)
                    page.goto(url)
                    page.wait_for_selector("body[data-ready]", timeout=READY_MS)

                    def shot(game_id: str, moment: str, full: bool = False) -> None:
                        nonlocal written
                        # let fonts and the last redraw settle (shot() is called in this iteration only: B023)
                        page.wait_for_timeout(250)  # noqa: B023
                        page.screenshot(path=str(out / f"{game_id}-{size}-{language}-{moment}.png"), full_page=full)  # noqa: B023
                        written += 1

                    page.screenshot(path=str(out / f"home-{size}-{language}.png"))
                    page.screenshot(path=str(out / f"home-{size}-{language}-page.png"), full_page=True)
                    for game_id in games:
                        page.goto(url + f"#/setup/{game_id}")
                        page.wait_for_selector("form.setup")
                        shot(game_id, "1-setup")
                        start = page.locator("form.setup button[type=submit]")
                        start.tap() if size == "phone" else start.click()  # a tap leaves no mouse hovering on the board
                        page.wait_for_selector("#board svg")
                        page.wait_for_function("document.body.dataset.thinking === '0'")
                        shot(game_id, "2-start")
                        for name, entry in saves[game_id].items():
                            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"ludothek.save.shot-{name}-{game_id}", json.dumps(entry)])
                        page.goto(url + f"#/play/shot-mid-{game_id}")
                        page.wait_for_selector("#board svg")
                        page.wait_for_function("document.body.dataset.thinking === '0'")
                        shot(game_id, "3-mid")
                        shot(game_id, "3-mid-page", full=True)
                        page.locator("[data-action=share]").click()
                        page.wait_for_selector("dialog#dialog[open]")
                        shot(game_id, "4-dialog")
                        page.locator("dialog#dialog [data-action=close-dialog]").click()
                        page.goto(url + f"#/play/shot-end-{game_id}")
                        page.wait_for_selector("#board svg")
                        page.locator("[data-action=redo]").click()
                        page.wait_for_selector("dialog#dialog[open]")
                        shot(game_id, "5-result")
                        page.locator("dialog#dialog [data-action=close-dialog]").first.click()
                        shot(game_id, "6-end-board")
                    page.goto(url)
                    page.wait_for_selector("body[data-ready]", timeout=READY_MS)
                    page.screenshot(path=str(out / f"home-{size}-{language}-with-saves.png"), full_page=True)
                    context.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"{written} screenshots in {out}")


if __name__ == "__main__":
    main()
