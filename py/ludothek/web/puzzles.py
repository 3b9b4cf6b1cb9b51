"""The puzzle screens in the page: #/puzzles/<game> (the list) and #/puzzle/<game>/<id> (one
puzzle, shareable by link and embeddable in a web page: index.html?embed=1#/puzzle/<game>/<id>
shows the puzzle alone in the frame, behind the embeds' Play cover). Progress is kept in storage (the app's storage falls
back to memory when the browser refuses it, so puzzles work without storage too)."""

from __future__ import annotations

import asyncio
import json

from ..ai import puzzles as P
from ..ai.puzzles import Puzzle
from ..games import get_game
from ..games.base import StateBase
from ..i18n import _
from ..render.catalog import get_view, is_game, puzzle_games
from ..render import puzzles as draw
from ..render import review as review_draw
from ..render.diagram import Diagram, editor_fragment
from ..render.view import Action, UIState, seat_names
from . import jsontext
from .context import AppContext
from .page import Control, PageEvent
from .search_runner import in_background

PROGRESS_KEY = "ludothek.puzzles"  # {game: {puzzle id: "solved" | "failed"}}
MAX_PROGRESS_CHARS = 1_000_000  # some 30 characters a puzzle
STEP_SECONDS = 0.9  # between the moves of a solution shown on the board


class PuzzleScreen:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.game_id = ""
        self.puzzle: Puzzle | None = None
        self._start: StateBase | None = None  # the puzzle's position
        self._state: StateBase | None = None  # the position on the board
        self.ui: UIState[StateBase] = UIState()
        self.outcome = ""
        self.hint_shown = False
        self.token = 0
        self.embed_code = ""

    # -- progress ------------------------------------------------------------------------------

    def progress(self) -> dict[str, dict[str, str]]:
        try:
            data = jsontext.loads(self.app.storage.get(PROGRESS_KEY) or "{}", MAX_PROGRESS_CHARS)
        except ValueError:
            return {}
        return P.clean_progress(data)

    def mark(self, outcome: str) -> None:
        data = self.progress()
        game = data.setdefault(self.game_id, {})
        if game.get(self.current()["id"]) != "solved":  # once solved, a later miss does not undo it
            game[self.current()["id"]] = outcome
        try:
            self.app.storage.set(PROGRESS_KEY, json.dumps(data, separators=(",", ":")))
        except Exception:  # noqa: BLE001 - storage full: progress just is not kept
            pass

    # -- screens -------------------------------------------------------------------------------

    def show_list(self, game_id: str) -> None:
        app = self.app
        if game_id not in puzzle_games():
            game_id = _without_tail(game_id)  # '#/puzzles/fenn).' from a sentence
        if game_id not in puzzle_games() or not is_game(game_id):
            app.go("#/")
            return
        view = get_view(game_id)
        shipped = P.puzzles(game_id)
        html = draw.puzzle_list_html(view.title(), game_id, shipped, self.progress().get(game_id, {}))
        app.set_screen("puzzles", html, _("Puzzles: {title}").format(title=view.title()))
        app.page.body_data("game", game_id)

    def show(self, game_id: str, puzzle_id: str) -> None:
        from .links import LinkError

        app = self.app
        known_game = game_id in puzzle_games() and is_game(game_id)
        # A link with a sentence's tail ('…/mo101).') is read once more without it.
        puzzle = (P.puzzle(game_id, puzzle_id) or P.puzzle(game_id, _without_tail(puzzle_id))) if known_game else None
        if puzzle is None and known_game and not self.embedded():
            # An old or damaged link to one of a game's puzzles: the game's puzzles, not a dead end;
            # replace() keeps Back from leading into this link again.
            app.toast(_("There is no such puzzle (any more). Here are all the puzzles of {game}.").format(game=get_view(game_id).title()))
            app.page_state.hash = f"#/puzzles/{game_id}"
            app.page.replace_route(app.page_state.hash)
            return
        if puzzle is None:
            raise LinkError(_("there is no such puzzle"))
        self.token += 1
        self.game_id, self.puzzle = game_id, puzzle
        game = get_game(game_id)
        self.start = self.state = P.puzzle_state(game, puzzle)
        self.outcome, self.hint_shown = "", False
        self.ui = UIState(interactive=True)
        app.view = get_view(game_id)
        title = _("Puzzle: {title}").format(title=app.view.title())
        app.set_screen("puzzle", draw.puzzle_frame_html(title), title)
        app.page.body_data("game", game_id)
        self.embed_code = "" if self.embedded() else self._embed_code(title)
        self.update()
        app.page.body_data("puzzle", puzzle["id"])
        if self.embedded():
            # The reader pressed Play on the frame's cover: the keyboard goes on to the board,
            # and the blog around the frame stays where the reader scrolled it.
            app.page.focus('#board [tabindex="0"]', scroll=False)

    @property
    def start(self) -> StateBase:
        """The puzzle's position (the screen is open, so there is one)."""
        if self._start is None:
            raise RuntimeError("no puzzle is shown")
        return self._start

    @start.setter
    def start(self, state: StateBase) -> None:
        self._start = state

    @property
    def state(self) -> StateBase:
        """The position on the board."""
        if self._state is None:
            raise RuntimeError("no puzzle is shown")
        return self._state

    @state.setter
    def state(self, state: StateBase) -> None:
        self._state = state

    def current(self) -> Puzzle:
        """The puzzle shown (the screen is open, so there is one)."""
        if self.puzzle is None:
            raise RuntimeError("no puzzle is shown")
        return self.puzzle

    def embedded(self) -> bool:
        """The puzzle alone in a blog's frame (index.html?embed=1#/puzzle/...)."""
        return bool(self.app.embed.embed)

    def _embed_code(self, title: str) -> str:
        from ..render.standalone import standalone_svg

        picture = standalone_svg(self.game_id, self.public(self.start), UIState(interactive=False))
        return draw.puzzle_embed_snippet(self.app.base_url(), self.game_id, self.current()["id"], picture, f"{title} – Ludothek")

    def public(self, state: StateBase) -> StateBase:
        public: StateBase = get_game(self.game_id).observation(state, None)
        return public

    def legal(self) -> tuple[str, ...]:
        return tuple(get_game(self.game_id).legal_moves(self.start))

    def mover_name(self) -> str:
        game = get_game(self.game_id)
        seat = game.current_player(self.start)  # a puzzle's position always has a player to move
        return self.app.shown_view().seat_style(seat or 0, self.start.setup.players).name

    def update(self) -> None:
        app = self.app
        if app.screen != "puzzle" or self.puzzle is None:
            return
        view = app.shown_view()
        shipped = P.puzzles(self.game_id)
        number = next(i for i, p in enumerate(shipped, start=1) if p["id"] == self.puzzle["id"])
        next_id = shipped[number]["id"] if number < len(shipped) else None
        shown = self.public(self.state)
        ui = self.ui.with_(interactive=not self.outcome)
        solution = self._move_text(self.start, self.puzzle["solution"])
        link = app.base_url() + f"#/puzzle/{self.game_id}/{self.puzzle['id']}"
        names = seat_names(view, self.start.setup.players)
        regions = {
            "puzzle-seats": review_draw.seats_html(view, shown, names),
            "board": view.board_svg(shown, ui),
            "extra": view.extra_html(shown, ui) if not self.outcome else "",
            "actions": "" if self.outcome else _actions_html(view.actions(shown, ui)),
            "puzzle-panel": draw.puzzle_panel_html(
                self.game_id,
                self.puzzle,
                number,
                len(shipped),
                self.mover_name(),
                self.outcome,
                self.hint_shown,
                next_id,
                solution,
                link,
                self.legal(),
                self.embed_code,
                self.embedded(),
                self.editor_link(),
            ),
        }
        for region, html in regions.items():
            if app.rendered.get(region) != html:
                app.page.html("#" + region, html)
                app.rendered[region] = html
        app.page.body_data("puzzleOutcome", self.outcome or "open")

    def editor_link(self) -> str:
        """The diagram editor at the puzzle's position as everyone sees it (Momox' covered chips
        stay covered: the remembered ones are the task's premise, said beside the board)."""
        game = get_game(self.game_id)
        return editor_fragment(self.game_id, game.position(self.public(self.start)), Diagram())

    def _move_text(self, before: StateBase, move: str) -> str:
        try:
            return self.app.shown_view().move_text(self.public(before), move)
        except Exception:  # noqa: BLE001 - the move in words is a courtesy: its notation says the same
            return move

    # -- answering -----------------------------------------------------------------------------

    def target(self, target: str) -> None:
        if self.outcome:
            return
        result = self.app.shown_view().click(self.public(self.state), self.ui, target)
        self.ui = result.ui
        if result.move is None:
            if result.message:
                self.app.announce(result.message, show=True)
            self.update()
            return
        game = get_game(self.game_id)
        if P.is_solution(self.current(), result.move):
            self.outcome = "solved"
            self.state = game.play(self.start, result.move)
            self.ui = UIState(interactive=False, last_before=self.public(self.start), last_move=result.move)
            self.mark("solved")
            self.app.announce(_("Solved! {move} is the move.").format(move=self._move_text(self.start, self.current()["solution"])))
        else:
            self.outcome = "failed"
            self.mark("failed")
            self.app.announce(
                _("Not this time: the move was {move}. Watch the solution on the board.").format(move=self._move_text(self.start, self.current()["solution"]))
            )
            in_background(self.show_solution(self.token))
        self.update()
        self.app.page.focus("#puzzle-panel [data-action=puzzle-next], #puzzle-panel [data-action=puzzle-solution]")

    async def show_solution(self, token: int) -> None:
        """Play the solution's line on the board, one move at a time."""
        game = get_game(self.game_id)
        state = self.start
        self.state, self.ui = state, UIState(interactive=False)
        self.update()
        for move in self.current()["line"]:
            await asyncio.sleep(STEP_SECONDS)
            if token != self.token or self.app.screen != "puzzle":
                return
            before, state = state, game.play(state, move)
            self.state = state
            self.ui = UIState(interactive=False, last_before=self.public(before), last_move=move, animate=self.app.animations_wanted())
            self.update()

    def click(self, action: str | None, target: str | None, control: Control) -> bool:
        if self.puzzle is None:
            return False
        if target is not None and action is None and control.inside("#board", "#extra", "#actions"):
            self.target(str(target))
            return True
        if action == "puzzle-hint":
            self.hint_shown = True
            self.update()
            self.app.announce(draw.hint_text(self.game_id, self.puzzle, self.legal()))
        elif action == "puzzle-solution":
            self.token += 1
            in_background(self.show_solution(self.token))
        elif action == "puzzle-story":
            self.make_story()
        elif action == "puzzle-retry":
            self.show(self.game_id, self.puzzle["id"])
            self.app.page.focus('#board [tabindex="0"]')
        else:
            return False
        return True

    def make_story(self) -> None:
        """The puzzle as a story of one's own (web/story_editor.py): its position as everyone sees
        it with the task as the first comment, its solution as a step the reader finds (the
        puzzle's hint with it), and the line after it."""
        from ..render.story import Chapter, Step, Story, Task, checked_story, line_steps
        from .links import LinkError
        from .story_editor import start_story

        puzzle, game = self.current(), get_game(self.game_id)
        view = self.app.shown_view()
        line = list(puzzle["line"]) or [puzzle["solution"]]
        seen, state = [], self.start
        for move in line:
            state = game.play(state, move)
            seen.append(game.position(self.public(state)))
        start = game.position(self.public(self.start))
        steps = line_steps(game, start, line, seen)
        hint = draw.hint_text(self.game_id, puzzle, self.legal())[:200]
        first = Step(move=steps[0].move, position=steps[0].position, task=Task(hint=hint))
        task = draw.task_text(self.game_id, puzzle, self.mover_name())[:500]
        title = _("Puzzle: {title}").format(title=view.title())[:80]
        try:
            start_story(self.app, checked_story(Story(self.game_id, title, (Chapter("", start, comment=task, steps=(first, *steps[1:])),))))
        except (LinkError, ValueError) as exc:
            self.app.toast(str(exc))

    def keydown(self, event: PageEvent) -> bool:
        """The board's keys (the page keeps them from scrolling it): arrows move, Enter and Space choose."""
        on_board, key = event.control, event.key
        token = on_board.get("target") if on_board is not None else None
        if token is None:
            return False
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            self.app.move_cursor(event)
            self.ui = self.ui.with_(cursor=self.app.ui.cursor)
            return True
        if key in ("Enter", " "):
            self.ui = self.ui.with_(cursor=token)
            self.target(token)
            return True
        return False


def _without_tail(part: str) -> str:
    """A part of a puzzle link without the punctuation a sentence left after the link."""
    from urllib.parse import unquote

    from .links import without_tail

    return without_tail(unquote(part))


def _actions_html(actions: list[Action]) -> str:
    from ..render.game_panels import actions_html

    return actions_html(actions)
