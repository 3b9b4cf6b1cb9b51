"""A rules blog on another site, for the embedding tests and the embeds benchmark.

The app is served on 127.0.0.1 and the blog on `localhost`: two different sites, so the browser
treats the embedded boards as third-party frames (as on a real blog), and a fresh default context
blocks their storage the way a private window does.
"""

from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ludothek.games import get_game
from ludothek.render.diagram import Diagram, captioned_svg, format_diagram
from ludothek.render.standalone import embed_snippet, picture_svg
from ludothek.render.view import UIState
from ludothek.web.links import EmbedOptions, position_fragment

EMBED_GAMES = ("momentum", "nummerus", "fenn", "mops", "momox")
RUNTIME = re.compile(r"/assets/vendor/(pyodide|pyscript)/|/py/main\.py|ludothek\.zip|pyscript\.toml")


def start_state(game_id: str):
    game = get_game(game_id)
    return game, game.new_game(players=2, seed=7)


def start_picture(game_id: str) -> str:
    """The picture the snippet draws: the start position with what lies beside the board under it."""
    game, state = start_state(game_id)
    return picture_svg(game_id, game.observation(state, None))


def snippet(
    game_id: str,
    app_url: str,
    *,
    opponent: str = "computer",
    readonly: bool = False,
    width: int | None = None,
    height: int | None = None,
    level: int | None = 1,
    position: str | None = None,
    diagram: Diagram | None = None,
) -> str:
    """The Share dialog's snippet for the start of a two-player game (what the app writes), or the
    diagram editor's for `position` (a position in the game's notation) with `diagram`'s marks
    and caption."""
    from ludothek.render.standalone import embed_size

    game, state = start_state(game_id)
    if position is not None:
        state = game.from_position(position)
    public = game.observation(state, None)
    options = EmbedOptions(
        embed=True, opponent=opponent, level=level, readonly=readonly, seat=game.current_player(state) or 0, picture=True, sides=not readonly
    )
    default_width, default_height = embed_size(game_id)
    diagram = diagram or Diagram()
    marks = "" if diagram.is_empty() else format_diagram(diagram)
    src = app_url + "index.html" + options.query() + position_fragment(game_id, game.position(public), marks)
    picture = captioned_svg(picture_svg(game_id, public, UIState(interactive=False, diagram=diagram)), diagram.caption)
    return embed_snippet(
        src,
        picture,
        width or default_width,
        height or default_height,
        f"{game.name} – Ludothek",
        game_id=game_id,
        readonly=readonly,
    )


def story_snippet(app_url: str, story) -> str:
    """The story reader's embed code for `story` (web/story_screen.StoryReader.share)."""
    from ludothek.render.catalog import get_view
    from ludothek.render.standalone import embed_size
    from ludothek.render.story import replay
    from ludothek.render.story_pictures import story_embed_size, story_embed_snippet

    first = replay(get_game(story.game), story)[0][0]
    return story_embed_snippet(app_url + "index.html", get_view(story.game), story, first, story_embed_size(*embed_size(story.game)))


class BlogServer:
    """Serves one blog page (the given HTML body) on http://localhost:<port>/."""

    def __init__(self, body: str, title: str = "A rules blog"):
        self.set_body(body, title)
        blog = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - http.server's name
                content = blog.content
                if self.path.startswith("/picture/"):  # plain pictures for the benchmark's comparison page
                    content = blog.pictures.get(self.path, b"")
                    self.send_response(200 if content else 404)
                    self.send_header("Content-Type", "image/svg+xml")
                else:
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)

            def log_message(self, *args):
                pass

        self.pictures: dict[str, bytes] = {}
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://localhost:{self.server.server_address[1]}/"

    def set_body(self, body: str, title: str = "A rules blog") -> None:
        page = (
            f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<style>body{font:16px/1.5 Georgia,serif;max-width:46rem;margin:1rem auto;padding:0 1rem}"
            "p{margin:1rem 0}</style></head>"
            f"<body><h1>{title}</h1>{body}</body></html>"
        )
        self.content = page.encode("utf-8")

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Blog:
    """The blog page with the given snippets, in a fresh default context (no storage for frames)."""

    def __init__(self, browser, body: str, viewport=(1000, 900), phone: bool = False):
        self.server = BlogServer(body)
        touch = {"has_touch": True, "is_mobile": True} if phone else {}
        self.context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, **touch)
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" and ("Traceback" in m.text or "InvalidState" in m.text) else None)
        self.page.goto(self.server.url)

    def frames(self):
        return [f for f in self.page.frames if f != self.page.main_frame]

    def runtime_requests(self) -> list[str]:
        return [u for u in self.requests if RUNTIME.search(u)]

    def close(self) -> None:
        self.context.close()
        self.server.stop()
