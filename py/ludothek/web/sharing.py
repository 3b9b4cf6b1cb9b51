"""Sharing: opening a shared link (#/position/..., #/game/...), boards embedded in other pages
(?embed=1), the Share dialog with its links and iframe code, and pictures of the board."""

from __future__ import annotations

import time


from ..games.base import RecordError, StateBase
from ..i18n import _
from ..render.catalog import get_view, is_game
from ..render.diagram import Diagram, DiagramError, captioned_svg, diagram_text, editor_fragment, format_diagram, keep_known_of_link, parse_diagram
from ..render.sharing import embed_frame_html, share_dialog_html
from ..render.record_errors import record_error_text
from ..render.catalog import embed_layout, levels as ai_levels
from ..render.embed_layout import EMBED_TOP
from ..render.standalone import embed_size, embed_snippet, picture_svg
from ..render.view import UIState
from .context import AppContext
from .search_runner import in_background
from .links import EmbedOptions, LinkError, decode_position, decode_record, position_fragment, record_fragment, without_tail
from .session import GameSession, Seat, new_save_id


NO_DIAGRAM = Diagram()  # the default of the arguments below: no marks (a Diagram is frozen, so one is shared)


class Sharing:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.values: dict[str, str | int | bool] = {"vs": "computer", "readonly": False}  # the Share dialog's embed options
        self.embed_diagram = Diagram()  # the marks an embedded board draws on the position its link names

    # -- opening links ---------------------------------------------------------------------------

    def open_position_link(self, game_id: str, encoded: str, marks: str = "") -> None:
        """A position link: an embedded board plays from it (drawing the diagram `marks`, the
        link's further part, until a move is made); the app offers a game from it (the marks
        are not drawn on a new game's setup screen)."""
        app = self.app
        game, state = decode_position(game_id, encoded)
        if not is_game(game_id):
            raise LinkError(_("this game is not available yet"))
        position = game.position(state)
        if app.embed.embed:
            diagram, message = self.link_diagram(game_id, game.observation(state, None), marks)
            self.begin_embedded(GameSession.from_position(game_id, self.embed_seats(game_id, state), position, save_id="embed"), diagram)
            if message:
                app.announce(message, show=True)
        else:
            app.setup.show(game_id, position=position)

    def link_diagram(self, game_id: str, public: StateBase, marks: str) -> tuple[Diagram, str | None]:
        """The diagram a position link carries, and what to say when it cannot be drawn: a part
        that does not read (read once more without a sentence's tail, as a position) leaves the
        marks out; marks on places the board lacks are dropped. Never raises: the board opens."""
        if not marks:
            return Diagram(), None
        try:
            diagram = parse_diagram(marks)
        except DiagramError as exc:
            tidy = without_tail(marks)
            if not tidy or tidy == marks:
                return Diagram(), self.unread_marks(exc)
            try:
                diagram = parse_diagram(tidy)
            except DiagramError:
                return Diagram(), self.unread_marks(exc)  # the fault as written, not the tail's
        view = get_view(game_id)
        return keep_known_of_link(diagram, view.target_centres(public, UIState(interactive=False, diagram=diagram)))

    def open_game_link(self, encoded: str) -> None:
        app = self.app
        record = decode_record(encoded)
        try:
            session = GameSession.from_record(record, save_id="embed" if app.embed.embed else new_save_id())
        except RecordError as exc:
            raise LinkError(_("the game in the link does not replay: {reason}").format(reason=record_error_text(exc))) from None
        if not is_game(session.game_id):
            raise LinkError(_("this game is not available yet"))
        if app.embed.embed:
            self.begin_embedded(session)
            return
        session.created = session.updated = time.time()
        app.begin_session(session)

    # -- embedded boards -------------------------------------------------------------------------

    def embed_seats(self, game_id: str, state: StateBase) -> list[Seat]:
        """Seats for an embedded board: two readers, or one reader against the computer."""
        embed = self.app.embed
        view = get_view(game_id)
        players = state.setup.players
        names = [view.seat_style(i, players).name for i in range(players)]
        if embed.readonly or embed.opponent == "human":
            return [Seat(name) for name in names]
        levels = ai_levels(game_id)
        level = embed.level if embed.level in [lv.number for lv in levels] else levels[len(levels) // 2].number
        reader = min(embed.seat, players - 1)
        return [Seat(name) if i == reader else Seat(name, "computer", level) for i, name in enumerate(names)]

    @staticmethod
    def unread_marks(exc: DiagramError) -> str:
        return _("The marks in the link cannot be read ({reason}): the board is shown without them.").format(reason=exc)

    def begin_embedded(self, session: GameSession, diagram: Diagram = NO_DIAGRAM) -> None:
        """An embedded board plays `session`; `diagram`: the marks drawn on its first position
        (web/game_screen.GameScreen.shown_diagram), none for a game link or a rematch."""
        app = self.app
        self.embed_diagram = diagram
        app.session = session
        app.view = get_view(session.game_id)
        app.ui = app.game.live_ui()
        layout = embed_frame_html(app.view.title(), self.full_app_url())
        app.set_screen("game", layout, app.view.title())
        app.page.body_data("game", session.game_id)
        # The board takes the box the snippet's picture was drawn in (the same numbers).
        app.page.style("body", "--embed-top", f"{EMBED_TOP}px")
        app.page.style("body", "--embed-bottom", f"{embed_layout(session.game_id).bottom}px")
        if app.embed.readonly:
            app.page.set_class("body", "readonly", True)
        # A reader who pressed Play (click, tap, key or Tab) goes on with the keyboard on the board,
        # now or when the computer's first move is made; a pointer resting on the frame takes nothing.
        # (An older read-only snippet starts without Play: no data-starting, which Pyodide's dataset
        # would raise AttributeError for.)
        if app.page_state.starting not in ("", "pointermove", "pointer rest"):
            app.game.board_focus_wanted = True
        app.game.update()
        if diagram.has_marks() or diagram.caption:
            # The marks are drawn for the eye only (as on every board); their words are said once.
            app.announce(diagram_text(diagram, app.view.target_name))
        app.computer.schedule()

    def full_app_url(self) -> str:
        session = self.app.session
        return self.app.base_url() + (record_fragment(session.record()) if session is not None else "")

    # -- the Share dialog ------------------------------------------------------------------------

    def show_dialog(self) -> None:
        session = self.app.session
        if session is None:
            return
        if self.values.get("game") != session.game_id:
            # Each game proposes its own frame size: one its board and controls fit without scrolling.
            width, height = embed_size(session.game_id)
            self.values.update(game=session.game_id, width=width, height=height)
        self.app.page.open_dialog(self.dialog_html())

    def dialog_html(self) -> str:
        app = self.app
        session = app.shown_session()
        levels = ai_levels(session.game_id)
        self.values.setdefault("level", levels[len(levels) // 2].number)
        # The position link and the embed code carry what everyone sees (whoever opens them gets
        # anything hidden dealt afresh); the game link of a hidden-information game carries its
        # chance, so it is copied without being shown.
        position = session.game.position(app.public(session.shown_state))
        position_link = app.base_url() + position_fragment(session.game_id, position)
        game_link = None if session.game.has_hidden_information else app.base_url() + record_fragment(session.record())
        editor_link = editor_fragment(session.game_id, position, Diagram())
        return share_dialog_html(app.shown_view(), game_link, position_link, self.embed_code(), self.values, levels, editor_link)

    def embed_code(self) -> str:
        """The iframe code for the shown position, as everyone at the table sees it."""
        session = self.app.shown_session()
        return self.position_embed_code(session.game_id, self.app.public(session.shown_state))

    def position_embed_code(
        self, game_id: str, public: StateBase, readonly: bool | None = None, diagram: Diagram = NO_DIAGRAM, opponent: str | None = None
    ) -> str:
        """The iframe code for a position as everyone sees it (`public`), with the Share dialog's
        options (`readonly` and `opponent` override its choice: the diagram editor's own). With a
        `diagram`, its marks and caption are in the link and in the snippet's picture, drawn as the
        live board draws them (web/game_screen.GameScreen.model), in the same box."""
        app = self.app
        values = self.values
        if values.get("game") != game_id:
            width, height = embed_size(game_id)
            values.update(game=game_id, width=width, height=height)
        levels = ai_levels(game_id)
        values.setdefault("level", levels[len(levels) // 2].number)
        game = get_view(game_id).game
        readonly = bool(values["readonly"]) if readonly is None else readonly
        options = EmbedOptions(
            embed=True,
            opponent=opponent or str(values["vs"]),
            level=int(values["level"]),
            readonly=readonly,
            seat=game.current_player(public) or 0,
            picture=True,
            sides=not readonly,  # a read-only picture never comes alive
        )
        fragment = position_fragment(game_id, game.position(public), "" if diagram.is_empty() else format_diagram(diagram))
        picture = captioned_svg(picture_svg(game_id, public, UIState(interactive=False, diagram=diagram)), diagram.caption)
        title = get_view(game_id).title()
        # The frame's title names the picture drawn as its background (never read out itself).
        if diagram.caption:
            title = _("{title}: {caption}").format(title=title, caption=diagram.caption)
        return embed_snippet(
            app.base_url() + options.query() + fragment,
            picture,
            int(values["width"]),
            int(values["height"]),
            _("{title} – Ludothek").format(title=title),
            game_id=game_id,
            readonly=options.readonly,
        )

    def update_options(self, fields: dict[str, str]) -> None:
        """The Share dialog's embed options as the page read them (a checkbox "on" or "off")."""
        values = self.values
        for name, value in fields.items():
            if name == "readonly":
                values["readonly"] = value == "on"
            elif name in ("width", "height"):
                try:
                    values[name] = min(2000, max(200, int(value)))
                except ValueError:
                    pass
            elif name in ("vs", "level"):
                values[name] = value
        self.app.page.prop("#share-snippet", "value", self.embed_code())

    async def copy_game_link(self) -> None:
        """Copy the link to a game with hidden information: it must not appear in the page."""
        session = self.app.session
        if session is None:
            return
        text = self.app.base_url() + record_fragment(session.record())
        try:
            await self.app.page.copy(text)
            self.app.toast(_("Copied."))
        except Exception:  # noqa: BLE001 - no clipboard: offer the file instead
            self.app.toast(_("The browser did not allow copying. Use Export to pass the game on as a file."))

    async def copy_text(self, field_id: str) -> None:
        """Copy the text field #`field_id` shows; where the clipboard is refused, the text is
        selected for copying by hand."""
        try:
            copied = await self.app.page.copy_field(field_id)
        except Exception:  # noqa: BLE001 - clipboard refused: let the reader copy by hand
            self.app.page.select("#" + field_id)
            self.app.toast(_("Press Ctrl+C to copy the selected text."))
            return
        if copied:
            self.app.toast(_("Copied."))

    # -- pictures --------------------------------------------------------------------------------

    def download_picture(self, kind: str) -> None:
        app = self.app
        session = app.session
        if session is None:
            return
        shown = app.public(session.shown_state)
        index = session.shown_index
        ui = UIState(
            interactive=False, last_before=app.public(session.states[index - 1]) if index else None, last_move=session.moves[index - 1] if index else None
        )
        svg = picture_svg(session.game_id, shown, ui)
        name = f"ludothek-{session.game_id}-{time.strftime('%Y-%m-%d')}"
        if kind == "svg":
            app.page.download(name + ".svg", svg, "image/svg+xml")
        else:
            in_background(self.download_png(name + ".png", svg))

    async def download_png(self, filename: str, svg: str) -> None:
        """The picture as a PNG 1,200 pixels wide; the player is told when the browser cannot draw it."""
        if not await self.app.page.download_png(filename, svg, 1200):
            self.app.toast(_("Something went wrong: {error}").format(error=_("the picture could not be drawn")))
