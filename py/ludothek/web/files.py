"""Games as files: export one game or all saves, import an export file (in slices, with progress)."""

from __future__ import annotations

import json
import time

from ..i18n import _, ngettext
from .context import AppContext
from .saves import EXPORT_FORMAT, MAX_IMPORT_BYTES, MAX_IMPORT_ITEMS, ImportResult, MirroredStorage, Problem, refusal_reason
from .search_runner import run_sliced
from .session import new_save_id

PROGRESS_SECONDS = 0.25  # an import shows its progress this often


def split_export(text: str) -> list[str] | None:
    """The games of an export file, each as its own JSON text, read by the browser's JSON parser
    (a megabyte in about 10 ms, where Python's takes 300 ms in the page); None when the file is
    no export (the Python reader then reads it and says why). Each game's text is read again,
    bounded, by the SaveStore, one game a step."""
    if len(text) > MAX_IMPORT_BYTES:
        return None
    import js  # type: ignore[import-not-found]  # (the browser's parser; this module also runs in tests)

    try:
        data = js.JSON.parse(text)
        if not js.Array.isArray(data.saves) or str(data.format) != EXPORT_FORMAT:
            return None
        saves = data.saves
        if int(saves.length) > MAX_IMPORT_ITEMS:
            return None
        texts = []
        for i in range(int(saves.length)):
            try:
                texts.append(str(js.JSON.stringify(saves[i])))
            except Exception:  # noqa: BLE001 - nested too deep for the browser: an item the reader refuses
                texts.append("[" * 100)
        return texts
    except Exception:  # noqa: BLE001 - not JSON, or not an object: the Python reader says why
        return None


class Files:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.importing = False

    def export_current(self) -> None:
        session = self.app.session
        if session is None:
            return
        stamp = time.strftime("%Y-%m-%d")
        self.app.page.download(f"ludothek-{session.game_id}-{stamp}.json", json.dumps(session.record(), indent=1))
        self.app.toast(_("The game was downloaded as a file."))

    def export_saves(self, save_ids: list[str] | None = None) -> None:
        stamp = time.strftime("%Y-%m-%d")
        self.app.page.download(f"ludothek-games-{stamp}.json", self.app.store.export_text(save_ids))

    async def import_text(self, text: str | None) -> None:
        """An export file the player chose, as the page read it (None: it could not be read)."""
        app = self.app
        if text is None:
            app.toast(_("The file could not be read."))
            return
        if self.importing:
            app.toast(_("An import is already running."))
            return
        if text.lstrip("\ufeff \t\r\n").startswith("ludothek story"):
            self.import_story(text)
            return
        self.importing = True
        try:
            result = await self.run_import(text)
        finally:
            self.importing = False
        imported, problems = result.imported, result.problems
        message = ngettext("Imported {n} game.", "Imported {n} games.", len(imported)).format(n=len(imported)) if imported else _("No game was imported.")
        if result.duplicates:
            message += " " + ngettext("{n} game was already saved.", "{n} games were already saved.", result.duplicates).format(n=result.duplicates)
        if problems:
            message += " " + " ".join(f"{p.key}: {p.reason}." for p in problems[:3])
            if len(problems) > 3:
                message += " " + ngettext("And {n} more problem.", "And {n} more problems.", len(problems) - 3).format(n=len(problems) - 3)
        if problems:
            app.toast(message, seconds=12)
        else:
            app.toast(message)
        app.home.refresh_saves()

    def import_story(self, text: str) -> None:
        """A story's file (render/story.py's notation): kept on the device and opened, or refused
        with the reason (a step the rules refuse, in the game's own words)."""
        from ..render.catalog import get_view
        from ..render.story import StoryError, parse_story, replay
        from ..render.story_words import story_error_text
        from .saves import StorageError
        from .story_store import StoryStore, new_story_id

        app = self.app
        game_id = None
        try:
            story = parse_story(text)
            game_id = story.game
            replay(get_view(game_id).game, story)
        except StoryError as exc:
            app.toast(_("The story was not imported: {reason}").format(reason=story_error_text(exc, game_id)), seconds=12)
            return
        story_id = new_story_id()
        try:
            StoryStore(app.storage).save(story_id, story)
        except StorageError:
            app.toast(_("The browser's storage refused to keep the story."), seconds=12)
            return
        app.toast(_("The story was imported."))
        app.go(f"#/stories/{story_id}")

    async def run_import(self, text: str) -> ImportResult:
        """Import in slices between frames (a file of 1,000 long games takes many seconds to
        replay), with progress in the toast; the page never stops answering."""
        self.app.page.mark("import-split-start")
        item_texts = split_export(text)
        self.app.page.measure("import-split", "import-split-start")
        steps = self.app.store.import_steps(text, new_save_id, time.time(), item_texts=item_texts)
        done = total = 0
        shown_at = time.perf_counter()

        def note(step: tuple[int, int]) -> None:
            nonlocal done, total
            done, total = step

        def show_progress() -> None:
            nonlocal shown_at
            if time.perf_counter() - shown_at > PROGRESS_SECONDS and total:
                shown_at = time.perf_counter()
                self.app.toast(_("Importing… {done} of {total} games").format(done=done, total=total), seconds=30)

        result: ImportResult = await run_sliced(
            steps, on_step=note, after_slice=show_progress, measure=(self.app.page, "import-slice")
        )  # the tests look for long slices
        if result.imported:
            keys = await self.app.refused_writes([self.app.store.key(save_id) for save_id in result.imported])
            refused = [save_id for save_id in result.imported if self.app.store.key(save_id) in keys]
            if refused:
                storage = self.app.storage
                full = isinstance(storage, MirroredStorage) and storage.status == "full"
                result.imported = [save_id for save_id in result.imported if save_id not in refused]
                result.problems.append(Problem(ngettext("{n} game", "{n} games", len(refused)).format(n=len(refused)), refusal_reason(full)))
        return result
