"""The diagram editor's ways out to a web page (issue 36, "Out to the world"), in CPython: the
embed code carries the marks and the caption (its link and its picture), the embedded board opened
from that link draws them until a move is made, a diagram part that does not read opens the
position without marks and says so, the picture code (an <img>) holds the marks and their words,
and the PNG download is the marked picture. The app is driven by the page's events as
tests/test_editor.py and tests/test_web_app.py drive it."""

from __future__ import annotations

import asyncio
import threading
import html
import re
from typing import Any
from urllib.parse import quote, unquote

import pytest

from ludothek.games import GAME_IDS, get_game
from ludothek.render.diagram import Arrow, Circle, Diagram, captioned_svg, format_diagram, parse_diagram
from ludothek.render.diagram import diagram_text, editor_fragment
from ludothek.render.svg import esc
from ludothek.web.app import App
from ludothek.web.page import PageState, RecordingPage
from ludothek.web.saves import DictStorage
from test_editor import editor_of, region, tool
from test_web_app import control, last, send

BASE = "https://example.org/ludothek/index.html"
MARKS = "a:o:c3-c5;c:b:d4;t:Why%20c5%20%22holds%22%20%26%20c4%20does%20not"
CAPTION = 'Why c5 "holds" & c4 does not'


class AnsweringPage(RecordingPage):
    """A page that records its ops and answers those the app awaits (copy, the PNG) as a browser
    that allows them: at once, with true."""

    def ask(self, *op: Any) -> Any:
        self.ops.append(list(op))
        answer = asyncio.get_running_loop().create_future()
        answer.set_result(True)
        return answer


def momentum_start() -> str:
    game = get_game("momentum")
    return game.position(game.new_game(players=2))


def open_app(hash: str, search: str = "", languages: tuple[str, ...] = ("en",)) -> tuple[App, AnsweringPage]:
    page = AnsweringPage()
    app = App(page, PageState(hash=hash, search=search, base_url=BASE, languages=languages), DictStorage)
    app.start()
    return app, page


async def settled() -> None:
    """The app's background tasks (a copy, a PNG) carried out."""
    for _ in range(5):
        await asyncio.sleep(0)


def tap_and_wait(app: App, control_: dict, embed_play: str | None = None) -> None:
    """A click in the editor with its fields as the page sends them (the caption as it stands),
    and the background work it starts carried out."""
    editor = editor_of(app)
    values = {"label": "A", "caption": editor.diagram.caption, "position": editor.position}
    if embed_play is not None:
        values["embed-play"] = embed_play

    async def run() -> None:
        send(app, type="click", control=control_, pointer="mouse", values=values)
        await settled()

    in_own_loop(run())


def in_own_loop(coroutine: Any) -> None:
    """Run `coroutine` on a loop of its own, in a thread of its own: asyncio.run would leave this
    thread without a current loop, which the app's tests that follow in this process rely on, and
    a browser test run earlier in this process (Playwright's sync API) leaves a loop running in it."""
    failure: list[BaseException] = []

    def run() -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(coroutine)
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread, which raises it
            failure.append(exc)
        finally:
            loop.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


def copied(page: RecordingPage) -> str:
    return last(page, "copy")[1]


def snippet_src(code: str) -> str:
    found = re.search(r'<iframe src="([^"]+)"', code)
    assert found is not None, code
    return html.unescape(found.group(1))


def snippet_picture(code: str) -> str:
    found = re.search(r"data:image/svg\+xml,(.*?)&quot;\)", code)
    assert found is not None, code
    return unquote(html.unescape(found.group(1)))


def editor_with_marks() -> tuple[App, AnsweringPage, Diagram]:
    d = parse_diagram(MARKS)
    assert d.caption == CAPTION and d.arrows == (Arrow("c3", "c5", "o"),) and d.circles == (Circle("d4", "b"),)
    app, page = open_app(editor_fragment("momentum", momentum_start(), d))
    assert editor_of(app).diagram == d
    return app, page, d


def test_the_embed_code_carries_the_marks_and_the_caption_in_its_link_and_its_picture():
    app, page, d = editor_with_marks()
    tap_and_wait(app, tool("editor-copy-embed"))
    code = copied(page)
    src = snippet_src(code)
    assert src.startswith(BASE + "?embed=1&readonly=1&picture=1#/position/momentum/"), "read-only by default, as before"
    assert src.endswith("/" + format_diagram(d)), "the position link's further part is the diagram"
    picture = snippet_picture(code)
    assert "#e69f00" in picture and "#56b4e9" in picture, "the orange arrow and the light blue circle are drawn"
    assert 'Why c5 &quot;holds&quot; &amp; c4 does not' in picture, "the caption is written in the picture"
    assert 'title="Momentum: Why c5 &quot;holds&quot; &amp; c4 does not – Ludothek"' in code
    # The same position without marks: none of the marks' colours, no caption.
    plain = snippet_picture(app.sharing.position_embed_code("momentum", editor_of(app).state, readonly=True))
    assert "#e69f00" not in plain and "Why c5" not in plain
    # A board readers play on: the same marks, the reader against the computer or each other.
    tap_and_wait(app, tool("editor-copy-embed"), embed_play="computer")
    src = snippet_src(copied(page))
    assert "readonly=1" not in src and "vs=computer" in src and src.endswith("/" + format_diagram(d))
    assert editor_of(app).embed_play == "computer"
    assert 'value="computer" selected' in region(page, "editor-out"), "the choice is kept on the screen"
    tap_and_wait(app, tool("editor-copy-embed"), embed_play="human")
    assert "vs=human" in snippet_src(copied(page))


def embedded(fragment: str, query: str = "?embed=1&vs=human&picture=1") -> tuple[App, AnsweringPage]:
    app, page = open_app(fragment, search=query)
    assert app.embed.embed and app.screen == "game", app.screen
    return app, page


def test_the_embedded_board_draws_the_marks_until_a_move_and_undo_brings_them_back():
    app, page, d = editor_with_marks()
    tap_and_wait(app, tool("editor-copy-embed"), embed_play="human")
    src = snippet_src(copied(page))
    query, fragment = src[len(BASE) : src.index("#")], src[src.index("#") :]
    board_app, board_page = embedded(fragment, query)
    assert board_app.sharing.embed_diagram == d
    board = region(board_page, "board")
    assert 'class="diagram"' in board and "diagram-caption" in board and "Why c5 &quot;holds&quot; &amp; c4 does not" in board
    assert "data-target=" in board, "the board takes moves under the marks"
    said = last(board_page, "announce")[1]
    assert said == diagram_text(d) and "Arrow from c3 to c5, orange." in said
    # The live board is drawn in the box of the snippet's picture: the same viewBox (caption included).
    picture_box = re.search(r"viewBox='([^']+)'", snippet_picture(copied(page)))  # compact: single quotes
    live_box = re.search(r'viewBox="([^"]+)"', board)
    assert picture_box is not None and live_box is not None and picture_box.group(1) == live_box.group(1)
    # A move: the marks and the caption go, and the frame's address holds the game, not the marks.
    send(board_app, type="click", control=control(target="a1", within="#board #screen"), pointer="mouse")
    assert board_app.session is not None and board_app.session.moves == ["a1"]
    board = region(board_page, "board")
    assert 'class="diagram"' not in board and "Why c5" not in board
    assert "#/game/" in last(board_page, "replaceUrl")[1]
    # Undo back to the position the marks were made for: they explain it again.
    send(board_app, type="click", control=control(action="undo"), pointer="mouse")
    assert board_app.session.moves == []
    assert 'class="diagram"' in region(board_page, "board")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_games_embed_draws_the_marks_made_in_its_editor(game_id):
    app, page = open_app(f"#/editor/{game_id}")
    first, second = sorted(editor_of(app).centres())[:2]
    editor_of(app).diagram = Diagram(arrows=(Arrow(first, second, "r"),), circles=(Circle(second, "g"),), caption="Look here")
    tap_and_wait(app, tool("editor-copy-embed"), embed_play="human")
    code = copied(page)
    assert "#d55e00" in snippet_picture(code) and "Look here" in snippet_picture(code)
    src = snippet_src(code)
    board_app, board_page = embedded(src[src.index("#") :], src[len(BASE) : src.index("#")])
    board = region(board_page, "board")
    assert board_app.sharing.embed_diagram == editor_of(app).diagram, "every mark is on a place the live board has"
    assert 'class="diagram"' in board and "Look here" in board and not board_page.named("toast")


@pytest.mark.parametrize(
    "marks, said",
    [
        ("a:zz:c3-c5", "The marks in the link cannot be read"),
        ("c:o:c3;c:o:c3;bogus", "The marks in the link cannot be read"),
        ("t:%FF%FE", "The marks in the link cannot be read"),
        ("x" * 9000, "The marks in the link cannot be read"),
        ("c:o:z9;c:b:d4", "1 mark of the link is on a place this board does not have: it is left out."),
    ],
)
def test_a_diagram_part_that_does_not_read_opens_the_position_without_it_and_says_so(marks, said):
    fragment = f"#/position/momentum/{quote(momentum_start(), safe='')}/{marks}"
    app, page = embedded(fragment)
    assert app.session is not None and app.session.moves == [], "the position is open"
    board = region(page, "board")
    assert "data-target=" in board
    toast = last(page, "toast")[1]
    assert said in toast and said in last(page, "announce")[1]
    if "left out" in said:
        assert app.sharing.embed_diagram.circles == (Circle("d4", "b"),) and 'class="diagram"' in board
    else:
        assert app.sharing.embed_diagram == Diagram() and 'class="diagram"' not in board
    assert not any("Traceback" in str(op) for op in page.named("error"))


def test_a_link_tail_after_the_marks_is_left_out_and_the_app_ignores_the_marks():
    position = quote(momentum_start(), safe="")
    app, page = embedded(f"#/position/momentum/{position}/c:b:d4).")
    assert app.sharing.embed_diagram.circles == (Circle("d4", "b"),) and not page.named("toast")
    # The app itself (not embedded) offers a game from the position; the marks are not its business.
    app, page = open_app(f"#/position/momentum/{position}/a:zz:c3-c5")
    assert app.screen == "setup"


def test_the_picture_code_is_an_img_with_the_marks_and_their_words():
    app, page, d = editor_with_marks()
    tap_and_wait(app, tool("editor-copy-picture"))
    code = copied(page)
    found = re.fullmatch(r'<img src="data:image/svg\+xml,([^"]+)" alt="([^"]*)" width="(\d+)" height="(\d+)" [^>]*>', code)
    assert found is not None, code
    picture, alt = unquote(found.group(1)), html.unescape(found.group(2))
    assert alt == diagram_text(d) == 'Why c5 "holds" & c4 does not: Circle around d4, light blue. Arrow from c3 to c5, orange.'
    assert picture.startswith("<svg") and "#e69f00" in picture and "#56b4e9" in picture
    assert 'Why c5 &quot;holds&quot; &amp; c4 does not' in picture, "the caption is in the picture too"
    assert "<script" not in picture and "http://" not in picture.replace("http://www.w3.org/2000/svg", "")
    # Its size keeps the picture's shape (the caption makes it taller than the square board).
    width, height = int(found.group(3)), int(found.group(4))
    assert width == 420 and height > width
    # Without marks or caption the alt text is the game's name.
    editor_of(app).diagram = Diagram()
    tap_and_wait(app, tool("editor-copy-picture"))
    assert 'alt="Momentum"' in copied(page)


def test_download_png_sends_the_marked_picture():
    app, page, d = editor_with_marks()
    tap_and_wait(app, tool("editor-download-png"))
    op = last(page, "downloadPng")
    name, svg, width = op[1], op[2], op[3]
    assert re.fullmatch(r"ludothek-momentum-diagram-\d{4}-\d\d-\d\d\.png", name) and width == 1200
    assert 'class="diagram"' in svg and "diagram-caption" in svg and "diagram-circle" in svg
    desc = re.search(r"<desc>(.*?)</desc>", svg)
    assert desc is not None and desc.group(1).startswith(esc(diagram_text(d)) + " "), "the picture says its caption and marks first"
    assert "to move. Red: " in desc.group(1), "then what lies beside the board"
    # The SVG download is the same picture.
    tap_and_wait(app, tool("editor-download-svg"))
    assert next(part for part in last(page, "download")[2:] if "<svg" in part) == svg
    # A browser that cannot draw it: the author is told.
    page.ask = lambda *op: _refused(page, op)  # type: ignore[method-assign]
    tap_and_wait(app, tool("editor-download-png"))
    assert "the picture could not be drawn" in last(page, "toast")[1]


def _refused(page: RecordingPage, op: tuple[Any, ...]) -> Any:
    page.ops.append(list(op))
    answer = asyncio.get_running_loop().create_future()
    answer.set_result(False)
    return answer


def test_a_caption_grows_the_picture_and_never_overflows_it():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 308 308" class="board"><rect/></svg>'
    assert captioned_svg(svg, "") == svg and captioned_svg("<svg></svg>", "text") == "<svg></svg>"
    caption = "W" * 30 + " " + " ".join(["word"] * 40)
    out = captioned_svg(svg, caption)
    box = re.search(r'viewBox="0 0 308 ([0-9.]+)"', out)
    assert box is not None and float(box.group(1)) > 308
    lines = re.findall(r"<text [^>]*>([^<]*)</text>", out)
    assert len(lines) > 3 and " ".join(lines) == caption
    ys = [float(y) for y in re.findall(r'<text x="[0-9.]+" y="([0-9.]+)"', out)]
    assert ys == sorted(ys) and ys[-1] < float(box.group(1)) and ys[0] > 308
    assert out.endswith("</g></svg>") and out.count("<svg") == 1


def test_the_editor_offers_the_new_ways_out_in_german(in_german):
    app, page = open_app(editor_fragment("momentum", momentum_start(), parse_diagram(MARKS)), languages=("de",))
    out = region(page, "editor-out") if page.named("region") else last(page, "screen")[2]
    for english in ("Copy picture code", "Download PNG", "For a web page", "A picture only (read-only)"):
        assert english not in out
    assert "PNG herunterladen" in out and "Bildcode kopieren" in out
    tap_and_wait(app, tool("editor-copy-embed"))
    assert "/position/momentum/" in copied(page)
    fragment = f"#/position/momentum/{quote(momentum_start(), safe='')}/a:zz:c3-c5"
    app, page = open_app(fragment, search="?embed=1&vs=human&picture=1", languages=("de",))
    assert "Die Markierungen im Link" in last(page, "toast")[1]


@pytest.fixture
def in_german():
    from ludothek.i18n import set_language

    yield
    set_language("en")
