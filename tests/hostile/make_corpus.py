"""Writes the hostile-input corpus of issue 12 (links.txt, saves.txt, files.txt: one input a line;
remote_held.txt and remote_worst.txt: games by link, issues 27, 34 and 55; stories.txt: stories'
files and links, issue 57).

PYTHONPATH=py python3 tests/hostile/make_corpus.py
"""

import base64
import json
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/: remote_worst.py


def pack(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def rec(**changes) -> str:
    return json.dumps(
        {
            "format": "ludothek",
            "version": 1,
            "game": "momentum",
            "players": [{"name": "A"}, {"name": "B"}],
            "seed": 1,
            "options": {"pie": False},
            "moves": [],
            **changes,
        }
    )


R = json.loads(rec())
MOPS_OBSERVATION = "9/9/9/9/4Cg4/9/9/9/9,9/9/9/9/4Wv4/9/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWpWvCbCoCpCvCyKbKgKoKpKvKyHbHgHoHpHvHy Wy p1 0,0"
MOPS_FROM_OBSERVATION = {"format": "ludothek", "version": 1, "game": "mops", "players": [{}, {}], "position": MOPS_OBSERVATION, "moves": ["e4"]}
DEEP = "[" * 100_000 + "]" * 100_000
EMPTY_7X7 = "7x7%20" + "%2F".join(["......."] * 7) + "%20R%208%2C8"


def remote_links() -> list[str]:
    """Games by link (issue 27) as an editing player or a chat program leaves them: cut off,
    a revealed value changed, a move out of range, a value for a chance event to come, a newer
    format, a deflate bomb, far too long, Momox (not offered), a commitment missing."""
    from dataclasses import replace

    from ludothek.remote import chance, link, protocol

    owns = [protocol.Own(s, bytes([s + 1]) * chance.VALUE_BYTES) for s in range(2)]
    rg = protocol.start("mops", 2, 0, {}, ["Anna", "Ben"], owns[0].secret)
    rg = protocol.advance(rg, owns[1])
    rg = protocol.advance(rg, owns[0], "e4")
    good = link.encode(rg)
    indices = link.move_indices(rg)
    event, value = rg.reveals[0]
    bad_reveal = replace(rg, reveals=(rg.reveals[0][:1] + (bytes([value[0] ^ 1]) + value[1:],), rg.reveals[1]))
    future = replace(rg, reveals=((event + 3, chance.chain_value(owns[0].secret, event + 3)), rg.reveals[1]))
    raw = lambda version, flag, body: base64.urlsafe_b64encode(bytes([version, flag]) + body).decode().rstrip("=")  # noqa: E731
    return [
        "#/remote/" + good[: len(good) // 2],
        "#/remote/" + link.pack(bad_reveal, indices),
        "#/remote/" + link.pack(rg, indices[:-1] + [77]),
        "#/remote/" + link.pack(future, indices),
        "#/remote/" + raw(7, 1, b"future"),
        "#/remote/" + raw(1, 1, zlib.compress(b"\0" * 2_000_000, 9)[2:-4]),
        "#/remote/" + "A" * 50_000,
        "#/remote/" + raw(1, 0, bytes([4, 2, 0, 0, 0, 0, 0, 0, 0])),
        "#/remote/" + raw(1, 0, bytes([2, 2, 0, 2, 123, 125, 0, 0, 0, 0, 0])),
        "#/remote/%F0%9F%8E%B2",
        "#/remote/",
    ]


def remote_against_held() -> tuple[str, str, list[tuple[str, str]]]:
    """A game of Mops Royal by link as Ben's device holds it after four links (its key and stored
    entry, with his secret), and links that reach it: replayed (older ones, the same one again),
    forked (Anna took her last move back and played another), edited (Ben's own commitment, Anna's
    revealed value), cut off, and issue 34's attacks. Each with what the device must make of it:
    `older`, `same`, `fork` (both shown, nothing kept until the player chooses), `locked-fork`
    (only the held game offered), `altered` (the held game shown, nothing kept), or the rule it
    is refused by."""
    from dataclasses import replace

    from ludothek.games import get_game
    from ludothek.remote import chance, link, protocol

    game = get_game("mops")
    anna, ben = (protocol.Own(s, bytes([0x40 + s]) * chance.VALUE_BYTES) for s in range(2))
    rg = protocol.start("mops", 2, 0, {}, ["Anna", "Ben"], anna.secret)
    sent = [link.link(rg, anna)]
    before_annas_turn = rg
    for own in (ben, anna, ben, anna):
        if own is anna:
            before_annas_turn = rg
        progress = protocol.replay(rg, own)
        while progress.pending is None and progress.state is not None and progress.to_act("mops") == own.seat:
            rg = protocol.advance(rg, own, game.legal_moves(progress.state)[0])
            progress = protocol.replay(rg, own)
        rg = protocol.advance(rg, own)
        sent.append(link.link(rg, own))
    # Anna's last turn played otherwise: the last legal move of her first choice.
    progress = protocol.replay(before_annas_turn, anna)
    forked = protocol.advance(before_annas_turn, anna, game.legal_moves(progress.state)[-1])
    forked = protocol.advance(forked, anna)
    commitments = (rg.commitments[0], bytes(chance.VALUE_BYTES))
    event, value = rg.reveals[0]
    edited_reveal = (event, bytes([value[0] ^ 0x80]) + value[1:])
    indices = link.move_indices(rg, ben)
    entry = json.dumps({"version": 1, "seat": 1, "secret": ben.secret.hex(), "link": link.encode(rg, ben), "updated": 1})
    # Issue 34, as Anna's modified client writes them: made-up moves for Ben's seat after hers (the
    # first legal move each, read by Ben's device once it adds its part of the draw); her first
    # move played otherwise, a fork back before a draw Ben gave his part to; the game with other
    # options and without Ben's commitment; without Ben's commitment but with his moves; the
    # same link with both names changed.
    setup_only = replace(rg, moves=(), reveals=tuple((0, chance.earlier_value(r[1], r[0], 0)) for r in rg.reveals))
    first = rg.moves[0]
    other_first = [m for m in game.legal_moves(protocol.replay(setup_only, anna).state) if m != first][0]
    early_fork = protocol.advance(replace(setup_only, moves=(other_first,)), anna)
    assert protocol.replay(rg, ben).to_act("mops") == 1
    forged_turn = [0]  # Ben's placement: the first cell listed
    changed_options = replace(rg, options=(("ersatz", True),), commitments=(rg.commitments[0], None), reveals=(None, None), moves=())
    without_ben = replace(rg, commitments=(rg.commitments[0], None), reveals=(rg.reveals[0], None))
    links = [
        (sent[0], "older"),
        (sent[2], "older"),
        (sent[-1], "same"),
        (link.link(forked, anna), "fork"),
        ("#/remote/" + link.pack(replace(rg, commitments=commitments), indices), "tampered"),
        ("#/remote/" + link.pack(replace(rg, reveals=(edited_reveal, rg.reveals[1])), indices), "tampered"),
        (sent[-1][: len(sent[-1]) - 12], "truncated"),
        ("#/remote/" + base64.urlsafe_b64encode(bytes([link.LINK_VERSION + 1, 1]) + b"future").decode().rstrip("="), "newer-version"),
        ("#/remote/" + link.pack(replace(rg, moves=rg.moves + ("",) * len(forged_turn)), indices + forged_turn), "forged-move"),
        (link.link(early_fork, anna), "locked-fork"),
        ("#/remote/" + link.pack(changed_options, []), "altered"),
        ("#/remote/" + link.pack(without_ben, indices), "early-move"),
        ("#/remote/" + link.pack(replace(rg, names=("Queen", "Ben (resigned)")), indices), "same"),
    ]
    return rg.game_id.hex(), entry, links


def remote_worst() -> list[str]:
    """The worst links a game by link can legally carry (issue 55, tests/remote_worst.py): the
    longest Fenn turns (up to the most moves a game by link holds, and past it), and each game's
    longest game with the most draws, the longest names and every option. Each line: its name,
    what the device must make of it ("move": its player moves and sends; "stopped"; or the rule
    it is refused by), the seat whose device sent it, the link, and the key and stored entry of
    the game the receiving device holds ("-" for none: an invitation)."""
    from remote_worst import worst_links

    lines = []
    for worst in worst_links():
        key, entry = worst.entry() or ("-", "-")
        lines.append("\t".join([worst.name, worst.expected, str(worst.sender), link_prefix() + worst.data, key, entry]))
    return lines


def link_prefix() -> str:
    from ludothek.remote import link

    return link.PREFIX


LINKS = [
    "#/game/" + pack(rec(moves=["c\u00b26"])),
    "#/game/" + pack(DEEP),
    "#/game/" + pack(json.dumps(MOPS_FROM_OBSERVATION)),
    "?embed=1&level=%C2%B2#/game/" + pack(rec(moves=["a1"])),
    "?embed=1&seat=%C2%B2#/game/" + pack(rec(moves=["a1"])),
    "?embed=1&level=" + "9" * 5000 + "#/game/" + pack(rec(moves=["a1"])),
    "?embed=1&seat=" + "9" * 5000 + "&vs=%00&readonly=%C2%B2#/position/momentum/" + EMPTY_7X7,
    "?embed=1#/game/" + pack(DEEP),
    "?embed=1#/",
    "?" + "&".join(f"k{i}=1" for i in range(3000)) + "#/",
    "#/game/" + pack(rec(seed=10**401)),
    "#/game/" + pack(rec(seed=1e300)),
    "#/game/" + pack(rec(moves=["a\uff11"])),
    "#/game/" + pack(rec(moves=["a\U0001d7d9"])),
    "#/game/" + pack(rec(players=[{}] * 100)),
    "#/game/" + pack(json.dumps({"format": "ludothek", "version": 1, "game": "mops", "players": [{}, {}], "seed": 1, "moves": ["b3,c2,b2!b2"]})),
    "#/game/" + pack("x" * 2_000_000),
    "#/game/!!!!",
    "#/game/",
    "#/game/" + "A" * 200_000,
    "#/position/momentum/" + "%C2%B2" * 50,
    "#/position/%F0%9F%8E%B2/abc",
    "#/position/fenn/%E0%A5%A9",
    "#/position/nummerus/" + "%25" * 1000,
    "#/play/",
    "#/play/%F0%9F%8E%B2",
    "#/play/..%2F..%2Fx",
    "#/setup/%00",
    "#/rules/" + "a" * 10_000,
    "#/position",
    "#////////",
    "#/puzzle/fenn/" + "x" * 10_000,
    "#/puzzle/%F0%9F%8E%B2/x",
    "#/puzzle/momox/" + "%29" * 3_000,
    "#/puzzle/momox/%00).",
    "#/puzzles/%00",
    "#/puzzles/" + "fenn" * 3_000,
    "#/review/..%2F..%2Fx",
    "#/review/" + "%E0%A5%A9" * 500,
    "?embed=1#/puzzle/momox/%00",
    "?embed=1#/review/x",
]


def entry(record=None, meta=None) -> str:
    return json.dumps({"record": R if record is None else record, "meta": meta or {}})


SAVES = [
    ("neg", entry(meta={"updated": -1e20, "created": -1e20})),
    ("huge", '{"record":' + rec() + ',"meta":{"updated":' + "9" * 401 + "}}"),
    ("hugecreated", '{"record":' + rec(moves=["a1"]) + ',"meta":{"created":' + "1" * 401 + "}}"),
    ("deep", '{"record":' + "[" * 50_000 + "]" * 50_000 + "}"),
    (
        "deepopts",
        '{"record":{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"moves":[],"options":{"a":' + "[" * 50_000 + "]" * 50_000 + "}}}",
    ),
    ("sup", entry({**R, "moves": ["c\u00b26"]})),
    ("nan", '{"record":' + rec() + ',"meta":{"updated":NaN,"created":Infinity}}'),
    ("names", entry({**R, "players": [{"name": {"x": 1}}, {"name": "\u202eevil"}]})),
    ("badredo", entry({**R, "moves": ["a1"]}, {"redo": ["zz", 5]})),
    ("", entry()),
    ("mopsobs", entry(MOPS_FROM_OBSERVATION)),
    ("junk", "{oops"),
    ("null", "null"),
    ("alien", entry({"game": "chess", "players": [], "moves": []})),
    ("many", entry({**R, "players": [{}] * 1000})),
    ("seedbig", entry({**R, "seed": 10**30})),
    ("moves", entry({**R, "moves": "a1"})),
]


def export(items) -> str:
    return json.dumps({"format": "ludothek-saves", "version": 1, "saves": items})


FILES = [
    DEEP,
    "[" * 100_000,
    export([{"record": {**R, "moves": ["c\u00b26"]}}]),
    export([{"record": {**R, "moves": ["a1", "g7"]}, "meta": {"created": 10**401}}]),
    json.dumps({**R, "moves": ["a\uff11"]}),
    export("x"),
    export([None, 5, "x", [], {"record": None}]),
    export([{"record": R}] * 1001),
    "not json",
    "",
    json.dumps({**R, "seed": 1e300}),
    json.dumps(MOPS_FROM_OBSERVATION),
    export([{"record": R, "meta": {"redo": ["zz"] * 5000}}]),
    '{"format":"ludothek-saves","saves":[' + "{" * 60 + "}" * 60 + "]}",
]


def story_texts() -> list[str]:
    """Stories as a stranger writes them (issue 57): the text of a .story file or of a link."""
    fenn = "ludothek story 1\ngame fenn\nchapter A\nposition b0:5 r10:5 k4 r\n"
    return [
        fenn + "| \u202eevil override\n",
        fenn + "| <script>alert(1)</script> <img src=x onerror=alert(1)>\n",
        fenn + "move 1:1\n",  # not a legal step there
        fenn + "move 9:1\nthen not a position\n",
        fenn + "| " + "x" * 600 + "\n",
        fenn + "hint outside a task\n",
        "ludothek story 1\ngame fenn\n" + "chapter A\nposition b0:5 r10:5 k4 r\n" * 30,
        "ludothek story 1\ngame fenn\nchapter A\nposition b0:5 r10:5 k4 r\n" + "move 9:1\nmove 2:6\n" * 150,
        "ludothek story 1\ngame chess\nchapter A\nposition e4\n",
        "ludothek story 9\ngame fenn\n",
        "ludothek story 1\ngame momentum\nchapter A\nposition " + "." * 20_000 + "\n",
        "ludothek story 1\ngame mops\nchapter A\nposition 9/9/9/9/4Cg4/9/9/9/9 ?? Wy p1 0\n",
        "ludothek story 1\u0000\ngame fenn\n",
        "ludothek story 1\ngame fenn\nmarks " + "a:o:1-2;" * 500 + "\n",
    ]


def story_code_of(text: str) -> str:
    """A link's code of any text (as render/story.story_code packs a story's: raw deflate)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = text.split("\n", 1)[1] if "\n" in text else text
    return "1" + base64.urlsafe_b64encode(packer.compress(body.encode()) + packer.flush()).decode().rstrip("=")


def story_links() -> list[str]:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"game fenn\n" + b"| x\n" * 3_000_000) + packer.flush()
    return ["#/story/" + story_code_of(text) for text in story_texts()] + [
        "#/story/1" + base64.urlsafe_b64encode(bomb).decode().rstrip("="),
        "#/story/9abc",
        "#/story/",
        "#/story/" + "A" * 40_000,
        "#/story/1%%%%",
        "?embed=1#/story/" + story_code_of(story_texts()[1]),
        "#/learn/chess",
        "#/learn/" + "%E0%A5%A9" * 300,
        "#/stories/..%2F..%2Fx",
        "#/story-edit/" + "x" * 5_000,
        "?embed=1#/story-edit/abc",
    ]


def main() -> None:
    with open(HERE / "links.txt", "w", encoding="utf-8") as f:
        f.write("# One hostile address per line (issue 12): a query and/or fragment after the app's URL.\n")
        f.writelines(line + "\n" for line in LINKS + remote_links() + story_links())
    key, entry, against = remote_against_held()
    with open(HERE / "remote_held.txt", "w", encoding="utf-8") as f:
        f.write("# A game by link a device holds (its key after 'ludothek.remote.', a tab, its stored entry), then links that reach it\n")
        f.write("# (the link, a tab, what the device makes of it: older, same, fork, or the rule it is refused by). Issue 27.\n")
        f.write(f"{key}\t{entry}\n")
        f.writelines(f"{text}\t{expected}\n" for text, expected in against)
    with open(HERE / "remote_worst.txt", "w", encoding="utf-8") as f:
        f.write("# The worst links a game by link can legally carry (issue 55), one a line: its name, a tab, what the device makes of it (move: its\n")
        f.write(
            "# player moves and sends; stopped; or the rule it is refused by), the seat that sent it, the link, the held game's key and entry ('-': none).\n"
        )
        f.writelines(line + "\n" for line in remote_worst())
    with open(HERE / "saves.txt", "w", encoding="utf-8") as f:
        f.write("# One hostile stored entry per line (issue 12): its key after 'ludothek.save.', a tab, the stored text.\n")
        f.writelines(f"{key}\t{text}\n" for key, text in SAVES)
    with open(HERE / "stories.txt", "w", encoding="utf-8") as f:
        f.write("# Stories as a stranger writes them (issue 57), one a line: 'file', a tab, the file's text as a JSON string; or 'link', a tab, an address.\n")
        f.writelines("file\t" + json.dumps(text) + "\n" for text in story_texts())
        f.writelines("link\t" + link + "\n" for link in story_links())
    with open(HERE / "files.txt", "w", encoding="utf-8") as f:
        f.write("# One hostile import file per line (issue 12): the whole text of the file.\n")
        for text in FILES:
            assert "\n" not in text
            f.write(text + "\n")


if __name__ == "__main__":
    main()
