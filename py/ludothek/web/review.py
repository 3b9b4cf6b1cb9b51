"""The review screen in the page (#/review/<save id>): runs the review in slices between frames,
keeps a finished review beside the save, and lets the player step through the judged moves,
jump to the worst one and play on from any position."""

from __future__ import annotations

from dataclasses import replace

import json
import time
import traceback


from ..ai.review import Progress, Review, review_record
from ..games.base import StateBase
from ..i18n import _
from ..render.catalog import game_ai, get_view
from ..render import review as draw
from ..render.diagram import Diagram, editor_fragment
from ..render.svg import esc, tag
from ..render.view import UIState
from . import jsontext
from .context import AppContext
from .page import Control
from .saves import REVIEW_PREFIX  # beside the save: {"moves": [...], "review": {...}}; deleted with it
from .search_runner import SearchCancelled, in_background, run_sliced
from .session import GameSession, new_save_id

MAX_KEPT_REVIEW_CHARS = 4_000_000  # a review is about 100 characters a move


class ReviewScreen:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.session: GameSession | None = None  # the game reviewed
        self.review: Review | None = None
        self.progress: tuple[int, int] | None = None
        self.shown = 0
        self.detail = ""  # the shown move's judgement as the panel last showed it (said when the player steps)
        self.token = 0

    # -- opening -------------------------------------------------------------------------------

    def open(self, save_id: str) -> None:
        app = self.app
        session = app.session if app.session is not None and app.session.save_id == save_id else None
        if session is None:
            try:
                session = app.store.load(save_id)
            except Exception:  # noqa: BLE001 - a missing or unreadable save: back home
                app.toast(_("That saved game does not exist (any more)."))
                app.go("#/")
                return
        if not session.moves:
            app.go(f"#/play/{save_id}")  # nothing to review yet (the page offers no Review then)
            return
        app.session = session
        app.view = get_view(session.game_id)
        self.session = session
        self.token += 1
        self.review = self._kept(session)
        self.shown = 0
        app.set_screen("review", draw.review_frame_html(app.view.title()), _("Review: {title}").format(title=app.view.title()))
        app.page.body_data("game", session.game_id)
        if self.review is None:
            self.progress = (0, len(session.moves))
            in_background(self._run(self.token))
        else:
            self.progress = None
        self.update()

    def reviewed(self) -> GameSession:
        """The game reviewed (the screen is open, so there is one)."""
        if self.session is None:
            raise RuntimeError("no game is reviewed")
        return self.session

    def _key(self) -> str:
        return REVIEW_PREFIX + self.reviewed().save_id

    def _kept(self, session: GameSession) -> Review | None:
        """The review kept with the save, if it is of these very moves."""
        text = self.app.storage.get(REVIEW_PREFIX + session.save_id)
        if not text:
            return None
        try:
            # Storage is the reader's: any text may stand there (another version's, a hand-edited one).
            entry = jsontext.loads(text, MAX_KEPT_REVIEW_CHARS)
            if not isinstance(entry, dict):
                return None
            review = entry.get("review")
            if entry.get("moves") != list(session.moves) or not isinstance(review, dict) or review.get("game") != session.game_id:
                return None
            return Review.from_json(review)
        except (ValueError, AttributeError, TypeError):
            return None

    async def _run(self, token: int) -> None:
        session = self.reviewed()

        def note(step: object) -> None:
            if isinstance(step, Progress):
                self.progress = (step.done, step.total)

        try:
            result = await run_sliced(
                review_record(game_ai(session.game_id), session.record()),
                on_step=note,
                after_slice=self.update,
                still_wanted=lambda: token == self.token and self.app.screen == "review",
            )
        except SearchCancelled:
            return
        except Exception as exc:  # noqa: BLE001 - report, never leave the screen stuck
            self.app.page.error(traceback.format_exc())
            self.app.toast(_("Something went wrong: {error}").format(error=str(exc)))
            return
        self.review = result
        self.progress = None
        try:
            self.app.storage.set(self._key(), json.dumps({"moves": list(session.moves), "review": result.to_json()}, separators=(",", ":")))
        except Exception:  # noqa: BLE001 - storage full: the review is simply not kept
            pass
        self.app.announce(_("The review is ready."))
        self.update()
        self.app.page.focus(["[data-action=review-worst]", "[data-action=review-next]"])

    # -- drawing -------------------------------------------------------------------------------

    def public(self, state: StateBase) -> StateBase:
        public: StateBase = self.reviewed().game.observation(state, None)
        return public

    def texts(self) -> tuple[list[str], list[str | None]]:
        view, session = self.app.shown_view(), self.reviewed()
        moves, preferred = [], []
        for i, move in enumerate(session.moves):
            before = self.public(session.states[i])
            moves.append(view.move_text(before, move))
            judged = self.review.moves[i] if self.review is not None and i < len(self.review.moves) else None
            choice = judged.preferred if judged is not None and judged.preferred and judged.preferred != move else None
            text = self._move_text(before, choice) if choice else None
            if text is not None and text == moves[-1]:
                text = f"{text} ({choice})"  # told alike (e.g. the same shape, another tile flipped): add the notation
            preferred.append(text)
        return moves, preferred

    def _move_text(self, before: StateBase, move: str) -> str:
        try:
            return self.app.shown_view().move_text(before, move)
        except Exception:  # noqa: BLE001 - a move the public state cannot tell (hidden chance): its notation
            return move

    def update(self) -> None:
        app, session, view = self.app, self.session, self.app.view
        if app.screen != "review" or session is None or view is None:
            return
        shown = max(0, min(self.shown, len(session.moves)))
        state = self.public(session.states[shown])
        ui = UIState(
            interactive=False,
            last_before=self.public(session.states[shown - 1]) if shown else None,
            last_move=session.moves[shown - 1] if shown else None,
            names=tuple(session.names()),
        )
        judged = self.review.moves[shown - 1] if self.review is not None and 0 < shown <= len(self.review.moves) else None
        # The better move is ringed on the board as an author marks one; its words are the panel's.
        marks = draw.better_move_diagram(judged, view.target_centres(state, ui)) if judged is not None else Diagram()
        ui = ui.with_(diagram=marks)
        board = view.board_svg(state, ui)
        move_texts, preferred_texts = self.texts()
        names = session.names()
        if self.review is None:
            panel = draw.review_panel_html(Review(session.game_id, ()), 0, names, [], [], "", progress=self.progress or (0, len(session.moves)))
            preferred_html = ""
        else:
            self.detail = draw.review_detail_text(self.review, shown, names, move_texts, preferred_texts)
            chart = draw.advantage_chart_svg(self.review, shown, names, move_texts)
            panel = draw.review_panel_html(self.review, shown, names, move_texts, preferred_texts, chart, editor_link=self.editor_link(state, marks))
            preferred_html = self._preferred_board(shown, preferred_texts)
        status = _("The start position.") if shown == 0 else _("After move {n} of {total}.").format(n=shown, total=len(session.moves))
        seats = draw.seats_html(view, state, names)
        for region, html in (
            ("board", board),
            ("review-seats", seats),
            ("review-panel", panel),
            ("review-preferred", preferred_html),
            ("status", esc(status)),
        ):
            if app.rendered.get(region) != html:
                # Redrawing the panel replaces the focused control: the keyboard stays on its successor.
                app.page.region(region, html, keep_focus=region == "review-panel")
                app.rendered[region] = html
        app.page.body_data("reviewShown", str(shown))
        app.page.body_data("reviewReady", "1" if self.review is not None else "0")

    def editor_link(self, public: StateBase, marks: Diagram) -> str:
        """The diagram editor at the shown position, `public`: what everyone sees of it (the
        review's board), never the pile's order or the covered chips the save holds; with the
        `marks` the board draws (the better move's ring), for the author to keep or change."""
        session = self.reviewed()
        return editor_fragment(session.game_id, session.game.position(public), marks)

    def _preferred_board(self, shown: int, preferred_texts: list[str | None]) -> str:
        """The preferred move on a small board, when the game lets it be played on what everyone
        sees (with hidden chance it may not: then the panel names it only)."""
        if shown == 0 or self.review is None or not preferred_texts[shown - 1]:
            return ""
        judged = self.review.moves[shown - 1]
        if judged.preferred is None:
            return ""
        session = self.reviewed()
        before = self.public(session.states[shown - 1])
        try:
            after = session.game.play(before, judged.preferred)
        except Exception:  # noqa: BLE001 - hidden chance: cannot be shown on a board
            return ""
        board = self.app.shown_view().board_svg(after, UIState(interactive=False, last_before=before, last_move=judged.preferred))
        caption = _("The computer preferred {move}.").format(move=preferred_texts[shown - 1])
        return tag("figure", board + tag("figcaption", esc(caption)), class_="preferred-board")

    # -- commands ------------------------------------------------------------------------------

    def go_to(self, index: int, focus: str | None = None) -> None:
        self.shown = max(0, min(index, len(self.reviewed().moves)))
        self.update()
        if 0 < self.shown and self.review is not None:
            self.app.announce(self.detail)
        if focus:
            self.app.page.focus(focus)

    def play_on(self) -> None:
        session = self.reviewed()
        record = session.record()
        record["moves"] = list(session.moves[: self.shown])
        now = time.time()
        fresh = GameSession.from_record(record, save_id=new_save_id(), created=now, updated=now)
        self.app.announce(_("A new game from this position."))
        self.app.begin_session(fresh)

    def click(self, action: str, control: Control) -> bool:
        if self.session is None:
            return False
        if action == "review-goto":
            self.go_to(
                int(control.get("index") or 0),
                focus=f"#review-panel [data-action=review-goto][data-index='{control.get('index')}']"
                if control.inside("#review-panel") and control.inside(".review-moves")
                else None,
            )
        elif action == "review-prev":
            self.go_to(self.shown - 1, focus="[data-action=review-prev]")
        elif action == "review-next":
            self.go_to(self.shown + 1, focus="[data-action=review-next]")
        elif action == "review-worst":
            self.go_to(int(control.get("index") or 0), focus="[data-action=review-play-on]")
        elif action == "review-play-on":
            self.play_on()
        elif action == "review-back":
            self.app.go(f"#/play/{self.session.save_id}")
        elif action == "review-story":
            self.make_story()
        else:
            return False
        return True

    def make_story(self) -> None:
        """The game reviewed as a story of one's own (web/story_editor.py): its moves as everyone
        saw them, the review's judgement of each as its first comment and the better move's ring as
        its marks, to be written on."""
        from ..render.story import MAX_COMMENT, MAX_STEPS, Chapter, Story, checked_story, line_steps
        from .links import LinkError
        from .story_editor import start_story

        session, view = self.reviewed(), self.app.shown_view()
        game = session.game
        publics = [game.position(self.public(state)) for state in session.states]
        moves = list(session.moves[:MAX_STEPS])
        steps = line_steps(game, publics[0], moves, publics[1 : len(moves) + 1])
        if self.review is not None:
            move_texts, preferred_texts = self.texts()
            names = session.names()
            commented = []
            for number, step in enumerate(steps, start=1):
                judged = self.review.moves[number - 1] if number <= len(self.review.moves) else None
                state = self.public(session.states[number])
                marks = draw.better_move_diagram(judged, view.target_centres(state, UIState(interactive=False))) if judged is not None else Diagram()
                comment = draw.review_detail_text(self.review, number, names, move_texts, preferred_texts)[:MAX_COMMENT]
                commented.append(replace(step, comment=comment, marks=marks))
            steps = tuple(commented)
        title = _("{game}, reviewed").format(game=view.title())[:80]
        try:
            start_story(self.app, checked_story(Story(session.game_id, title, (Chapter("", publics[0], steps=steps),))))
        except (LinkError, ValueError) as exc:
            self.app.toast(str(exc))

    def keydown(self, key: str) -> bool:
        """The arrows, Home and End step through the moves (the page keeps them from scrolling it)."""
        if self.session is None:
            return False
        moves = {"ArrowLeft": self.shown - 1, "ArrowRight": self.shown + 1, "Home": 0, "End": len(self.session.moves)}
        if key in moves:
            self.go_to(moves[key])
            return True
        return False
