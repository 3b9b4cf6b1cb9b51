"""A rules blog on another site, for the embedding tests and the embeds benchmark.

The app is served on 127.0.0.1 and the blog on `localhost`: two different sites, so the browser
treats the embedded boards as third-party frames (as on a real blog), and a fresh default context
blocks their storage the way a private window does.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ludothek.games import get_game
from ludothek.render.standalone import embed_snippet, picture_svg
from ludothek.web.links import EmbedOptions, position_fragment

EMBED_GAMES = ("momentum", "nummerus", "fenn", "mops", "momox")


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
) -> str:
    """The Share dialog's snippet for the start of a two-player game (what the app writes)."""
    from ludothek.render.standalone import embed_size

    game, state = start_state(game_id)
    public = game.observation(state, None)
    options = EmbedOptions(
        embed=True, opponent=opponent, level=level, readonly=readonly, seat=game.current_player(state) or 0, picture=True, sides=not readonly
    )
    default_width, default_height = embed_size(game_id)
    src = app_url + "index.html" + options.query() + position_fragment(game_id, game.position(public))
    return embed_snippet(
        src,
        start_picture(game_id),
        width or default_width,
        height or default_height,
        f"{game.name} – Ludothek",
        game_id=game_id,
        readonly=readonly,
    )


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
