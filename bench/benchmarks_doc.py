"""docs/benchmarks.md, written from docs/benchmarks.json: one section per benchmark in bench/, each
with what it measures, the command that measures it, the latest figure (its date and the machine's
load) and how to read it. bench/run_all.py and bench/merge_rows.py write the file with `render`.

A section's figure is made from the measured rows where the JSON holds them (the parts
bench/run_all.py measures: "startup", "page", "strength", "uct", "playouts", "embeds"), otherwise
it is the text kept under "figures" in the JSON (figures of single runs, put there by hand or with
`bench/merge_rows.py figure`). Only today's figures are kept: git keeps the earlier ones.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any, Callable

PY = ".venv/bin/python bench/"
WIDTH = 100


@dataclass(frozen=True)
class Section:
    title: str
    what: str  # and how to read it
    commands: tuple[str, ...] = ()
    figures: tuple[str, ...] = ()  # each the rows of that part of the JSON, or the JSON's figures[key]


def strength_row(game_id: str, level: int, opponent: int, r: dict) -> list:
    """One pairing of bench/strength.py (its play_match) as the JSON keeps it."""
    return [
        game_id,
        level,
        opponent or "random",
        r["games"],
        f"{r['win']}/{r['draw']}/{r['loss']}",
        f"{100 * r['win_rate']:.0f}%",
        f"{100 * r['score']:.0f}%",
        round(r["mean_move_s"] * 1000, 1),
        round(r["max_chunk_cpu_s"] * 1000, 1),
    ]


def uct_row(r: dict) -> list:
    """One match of bench/versus_uct.py as the JSON keeps it."""
    played = r["games"]
    score = f"{r['higher_score']}/{played} ({100 * r['higher_score'] / played:.0f}%)"
    return [
        r["game"],
        r["level"],
        r["games"],
        r["ours_s"],
        r["uct_s"],
        r["uct_mean_playouts"],
        f"{r['win']}/{r['draw']}/{r['loss']}",
        f"{100 * r['win'] / played:.0f}%",
        score,
        r["mean_move_ms"],
        r["max_move_ms"],
        r["max_chunk_ms"],
    ]


def table(headers: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join("" if v is None else str(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def _by_game(rows: list[list]) -> dict[str, list[list]]:
    games: dict[str, list[list]] = {}
    for row in rows:
        games.setdefault(row[0], []).append(row)
    return games


def startup_figure(result: dict) -> str:
    """bench/startup.py's main_result: every page's median ready times and their ratio to bare Pyodide's."""
    rows = []
    for name, summary in result["pages"].items():
        ratio = result["ratios"].get(name, {})
        rows.append(
            [
                name,
                summary["cold"]["ready_ms"],
                ratio.get("cold", ""),
                summary["warm"]["ready_ms"],
                ratio.get("warm", ""),
                f"{summary['cold']['transfer_bytes']:,}",
            ]
        )
    return f"median of {result['runs']} rounds:\n\n" + table(
        ["page", "cold ready ms", "/ bare Pyodide", "warm ready ms", "/ bare Pyodide", "cold bytes over the wire"], rows
    )


def page_figure(rows: list[list]) -> str:
    """bench/page_ai.py's rows [game, "number name", moves, median ms, max ms, longest task ms], one line per game."""
    games = _by_game(rows)
    most = max(len(levels) for levels in games.values())

    def cell(row: list) -> str:
        task = f", task {row[5]:g} ms" if row[5] else ""
        return f"{row[1].split(' ', 1)[1]}: {row[3]:g} / {row[4]:g}{task}"

    body = [[game] + [cell(r) for r in levels] + [""] * (most - len(levels)) for game, levels in games.items()]
    return "median / max ms per move; a task over 50 ms the browser reported meanwhile is named:\n\n" + table(
        ["game"] + [f"level {n}" for n in range(1, most + 1)], body
    )


def strength_figure(strength: dict) -> str:
    """bench/strength.py's pairings, one line per level: against random and against the level below."""
    lines: dict[tuple[str, int], dict[str, list]] = {}
    for row in strength["rows"]:
        lines.setdefault((row[0], row[1]), {})["random" if row[2] == "random" else "below"] = row
    body = []
    for (game_id, level), found in lines.items():
        random, below = found.get("random"), found.get("below")
        played = [r for r in (random, below) if r]
        body.append(
            [
                game_id,
                level,
                f"{random[4]} of {random[3]}" if random else "",
                f"{below[4]} of {below[3]} ({below[6]})" if below else "",
                " / ".join(f"{r[7]:g}" for r in played),
                " / ".join(f"{r[8]:g}" for r in played),
            ]
        )
    head = f"won/drawn/lost; the strongest levels think {strength['think_seconds']:g} s of CPU time per move."
    note = f" {strength['note']}" if strength.get("note") else ""
    return (
        head
        + note
        + "\n\n"
        + table(["game", "level", "against random", "against the level below (score)", "ms per move, CPython (random / below)", "longest chunk ms, CPU"], body)
    )


def uct_figure(uct: dict) -> str:
    headers = ["game", "level", "games", "our s/move", "UCT s/move", "UCT playouts/move", "won/drawn/lost", "win rate", "higher score"]
    headers += ["mean ms/move", "max ms/move", "longest chunk ms (CPU)"]
    return table(headers, uct["rows"]) + "".join("\n\n" + note for note in uct.get("notes", []))


def playouts_figure(rows: list[list]) -> str:
    """bench/playouts.py's rows [game, CPython moves/s, page moves/s, page / CPython] (None: not in the page)."""
    games = [f"{game} {native:,} and {page:,} ({ratio})" if page else f"{game} {native:,} (not in the page)" for game, native, page, ratio in rows]
    return "moves a second in CPython and in the page: " + "; ".join(games) + "."


def embeds_figure(result: dict) -> str:
    """bench/embeds.py's main_result (its raw runs left out)."""
    images, embeds, blanks = result["images"], result["embeds"], result["blanks"]
    rows = [
        [name, f"{int(page['bytes']):,}", f"{page['mib']} / {page['pss_mib']}", page["cpu_s"]]
        for name, page in (("ten `<img>` pictures", images), ("ten empty frames of the app's site", blanks), ("ten idle embeds", embeds))
    ]
    sizes = result["snippet_bytes"].values()
    return (
        table([f"median of {result['runs']} runs", "bytes", "renderer MiB, private / PSS", "renderer CPU s"], rows)
        + f"\n\nEmbeds / pictures {result['memory_ratio']} private, {result['pss_ratio']} PSS (empty frames {result['floor_ratio']}). "
        f"Play to live: {embeds['first_live_ms']:.0f} ms for a first board, {embeds['second_live_ms']:.0f} for a second "
        f"({embeds['one_live_mib']} MiB, {int(embeds['played_bytes']):,} bytes with one live); snippets "
        f"{min(sizes) / 1024:.1f}-{max(sizes) / 1024:.1f} KB."
    )


# The parts bench/run_all.py measures, each with the figure made from its rows.
FIGURES: dict[str, Callable[[Any], str]] = {
    "startup": startup_figure,
    "page": page_figure,
    "strength": strength_figure,
    "uct": uct_figure,
    "playouts": playouts_figure,
    "embeds": embeds_figure,
}

HEAD = """# Benchmarks

Today's figures, one section per benchmark in `bench/`: what it measures and how to read it, the
command (from the checkout's root; `<folder>` is another build's published site), the latest figure
with its date and load. Machine: {machine}, shared: timings move with the load, bytes and counts do
not; earlier figures are in git's history. `bench/run_all.py` writes this file from
`docs/benchmarks.json` (`scripts/bench` measures and writes both, `--render` only writes this file,
`bench/merge_rows.py` puts a single run into the JSON)."""

SECTIONS: tuple[Section, ...] = (
    Section(
        "Start-up on localhost and on the phone profiles",
        "The app as shipped (a first visit, then a return through its service worker) beside a bare Pyodide page, "
        "interleaved; the phone profiles add slow 4G and a quarter of a CPU per thread (phone-threads) or for the whole "
        "browser (phone-quota), as root, or slow the page's thread only (phone). Read: ratios within one run; the goals "
        "are a return at most 0.5x and a phone's first visit at most 0.8x bare Pyodide's.",
        (
            PY + 'startup.py --runs 8 --only "bare Pyodide|Ludothek as shipped"',
            PY + 'startup.py --profile phone-threads --runs 3 --only "bare Pyodide|Ludothek as shipped"',
            PY + 'startup.py --profile phone-quota --runs 2 --only "bare Pyodide|Ludothek as shipped"',
            PY + 'startup.py --profile phone --runs 3 --only "bare Pyodide|Ludothek as shipped"',
        ),
        ("startup", "phone", "data_config"),
    ),
    Section(
        "Lighthouse",
        "Lighthouse's mobile run on `dist/`, a first visit (npm installs it into `.cache/`). Read: the goals are a "
        "Performance median of 95 or more and a total blocking time of 100 ms or less.",
        (PY + "startup.py --lighthouse --runs 5",),
        ("lighthouse",),
    ),
    Section(
        "The page's long tasks",
        "A first visit's main thread at 4x slower CPU (not Python's worker), traced: its longest task, blocking time "
        "and a tap's wait. Read: the goals are no task and no tap's wait over 200 ms.",
        (PY + "longtasks.py --runs 6", PY + "longtasks.py --runs 2 --network phone"),
        ("longtasks",),
    ),
    Section(
        "A first return",
        "The first return after the install: the marks of Python's worker, each thread's busy time, the service "
        "worker's lookup. Read: a return moves by 150 ms here; compare builds in one run.",
        (PY + "first_return.py --rounds 12 after=dist before=<folder>", PY + "return_cpu.py --rounds 3 after=dist", PY + "sw_lookup.py"),
        ("first_return", "return_cpu", "sw_lookup"),
    ),
    Section(
        "The home screen while idle",
        "The home at phone size, the Momox card in view, 3 s after ready: paints and the page's busy time. Read: any paint is an animation left running.",
        (PY + "idle_paints.py",),
        ("idle_paints",),
    ),
    Section(
        "Bytes of a first visit, and the HTTP cache probe",
        "The bytes the server sends each engine until ready and until the service worker is installed (the snapshot "
        "in), per file; and whether each engine's automated browser keeps an HTTP cache. Read: exact; the goals are 4 MB "
        "(Brotli) or less before ready and each file once, but where a session keeps no cache it fetches files twice.",
        (PY + "engines_startup.py --runs 1 --starts shipped --until installed --files", PY + "http_cache.py"),
        ("bytes", "http_cache"),
    ),
    Section(
        "Each engine's start",
        "Chromium, Firefox ESR and WebKit's MiniBrowser, interleaved. Read: compare engines within one run.",
        (
            PY + "engines_startup.py --runs 3 --starts shipped --until installed --warm",
            PY + "engines_startup.py --runs 5 --starts bare,pyscript,normal,snapshot --warm",
        ),
        ("engines",),
    ),
    Section(
        "Embeds in a blog",
        "Ten snippets of the Share dialog in a blog, idle, against the same pictures as `<img>`; then Play to a live "
        "board. Read: the goal is 1.5x the pictures' memory or less. A story's embed (Momentum's lesson) on the phone "
        "profile: its first step shown (no Python) and its first task answered, for a first and a returning reader.",
        (PY + "embeds.py --runs 4", PY + "startup.py --embed --runs 3", PY + "story_embed.py --runs 5"),
        ("embeds", "embed_play", "story_embed"),
    ),
    Section(
        "Computer players in the page",
        "Two computer players of a level play each other in the page (Momentum on 9x9): each search's time, any "
        "task over 50 ms, a strongest level's busy share. Read: a task over 50 ms is a stutter.",
        (PY + "page_ai.py momentum --level 4 --moves 10 --option size=9x9", "scripts/bench --only page --moves 12", PY + "ai_share.py --moves 6"),
        ("page", "ai_share"),
    ),
    Section(
        "What the app says to the page per move",
        "A hot-seat game of each game by page events in CPython: the ops a move posts to the page, their JSON bytes, "
        "the app's time. Read: mostly the board's SVG; tens of KB a message need no diff protocol.",
        (PY + "page_ops.py --moves 20",),
        ("page_ops",),
    ),
    Section(
        "Strength tables",
        "Each level against random (0) and the level below, seeded games, seats alternating; CPU ms in CPython, where "
        "the longest chunk of a sliced search bounds a task of the page. Read: a level beats the one below at a score "
        "(wins and half the draws) of 65% or more.",
        (
            PY + "strength.py momentum 4 3 --games 100 --think 0.1",
            PY + "strength.py nummerus 3 0 --players 4 --games 100 --think 0.1",
            "scripts/bench --only strength --games 100 --uct-seconds 0.1",
        ),
        ("strength", "strength_players"),
    ),
    Section(
        "Against plain UCT",
        "The strongest levels (Fenn's is perfect) against plain UCT (bench/uct.py), 2 players, at our CPU time a move "
        "and at four times it. Read: \"higher score\" is Mops Royal's measure; the page gives our level about 0.25 s.",
        (PY + "versus_uct.py nummerus --ours 0.1 --uct 0.4 --games 100 --seed 1000 --jobs 2", "scripts/bench --only uct --uct-seconds 0.1 --uct-games 100"),
        ("uct",),
    ),
    Section(
        "Engine playouts",
        "Random playouts a second per engine, in CPython and in the page. Read: the ratio is Pyodide's cost.",
        (PY + "playouts.py --seconds 3",),
        ("playouts",),
    ),
    Section(
        "Byte-identical boards",
        "SHA-256 of every board and its words on a fixed corpus, base against change. Read: any case not identical is something a player sees.",
        (PY + "board_bytes.py -o before.json", PY + "board_bytes.py --compare before.json"),
        ("board_bytes",),
    ),
    Section(
        "Links of games by link",
        "The final link of 100 seeded games of random moves per game and player count, longest options. Read: messengers take 2,000 characters.",
        (PY + "remote_links.py --games 100",),
        ("remote_links",),
    ),
    Section(
        "The home screen with games held by link",
        "The home and its Continue list with 20 saved games and 0, 10 or 100 whole games held by link: CPython's time "
        "of the route home and of a new link, and in the page on the phone profile (every thread a quarter of a CPU) "
        "the time to the list drawn and Python's own part. Read: the goal is no visible difference with 100 held and "
        "under 50 ms of Python.",
        (PY + "home_by_link.py --visits 5", PY + "home_by_link.py --page dist --profile phone-threads"),
        ("home_by_link",),
    ),
    Section(
        "Importing many games",
        "150 Mops Royal games imported in the page in slices of 12 ms of work, and the long tasks meanwhile. Read: a slice far over 12 ms is the machine's load.",
        (PY + "import_slices.py --games 150",),
        ("import_slices",),
    ),
    Section(
        "The test command's time",
        "The whole check on a clean clone: npm ci, the build, lint, types, pytest. Read: browser tests are most of it.",
        (".ci/run",),
        ("test_time",),
    ),
    Section(
        "Benchmarks of one game's levels",
        "For tuning one game's computer players; no figure of them is kept here. Each runs with "
        "`.venv/bin/python`: `bench/fenn_levels.py --games 100` (Fenn's levels against the solution), "
        "`bench/fenn_solve.py` (the solve, the table shipped, hint times), `bench/momox_bench.py seats --games 200` "
        "(or `table`, `rounds`, `memory`, `speed`), `bench/mops_strength.py duel 4 2 --games 100` (or `solo`), "
        "`bench/nummerus_solitaire.py 3 --games 100` (chains left), `bench/nummerus_speed.py 3 0 --players 4 --games 40` "
        "(2-4 players and options), `bench/ab_nummerus.py --games 40` (two settings of the strongest level).",
    ),
)


def figure_of(key: str, raw: dict) -> tuple[str, str]:
    """The section's latest figure and when it was measured."""
    if key in FIGURES and key in raw:
        return raw["measured"][key], FIGURES[key](raw[key])
    kept = raw["figures"][key]
    return kept["measured"], kept["figure"]


def _wrap(text: str) -> str:
    """Prose wrapped at WIDTH; tables, code and list items' own lines kept."""
    out = []
    for block in text.split("\n\n"):
        if block.startswith(("|", "    ")):
            out.append(block)
        elif block.startswith("- "):
            items = ("- " + item for item in block[2:].split("\n- "))
            out.append("\n".join(textwrap.fill(item, WIDTH, subsequent_indent="  ", break_on_hyphens=False) for item in items))
        else:
            out.append(textwrap.fill(block, WIDTH, break_on_hyphens=False))
    return "\n\n".join(out)


def section_text(section: Section, raw: dict) -> str:
    parts = [f"## {section.title}", section.what]
    if section.commands:
        parts.append("\n".join("    " + command for command in section.commands))
    for key in section.figures:
        measured, figure = figure_of(key, raw)
        parts.append(f"Latest ({measured}):" + ("\n\n" if figure.startswith(("|", "- ")) else " ") + figure)
    return _wrap("\n\n".join(parts))


def render(raw: dict) -> str:
    return "\n\n".join([_wrap(HEAD.format(machine=raw["machine"]))] + [section_text(s, raw) for s in SECTIONS]) + "\n"
