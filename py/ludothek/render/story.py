"""Stories (issue 57): a line of positions with a comment and marks at each step, for authors and
for learning, as lichess' studies are. Pure: data, a plain-text notation with its parser, a link's
code, and the replay through the engine that judges every step.

A story is one game's; it has chapters, each a start position (as everyone at the table sees it)
and a line of steps. A step is a move played from the position before it, or an edit (a position
put in its place, as the diagram editor makes one); after a move a step may pin the table as
chance left it (`then`: the tile turned, the chip uncovered), which the engine reads as an edit.
Every step has an optional comment (plain text, both directions of writing), marks (the diagram
editor's, render/diagram.py) and, on a move, an optional task: the reader is to find the move
before it is shown (the author's move, or with `best` any move the game's strongest evaluation
values as highly).

The notation, as python-chess' PGN a text an author can keep under version control (one
keyword a line; `parse_story` / `format_story` are a round trip):

    ludothek story 1
    game momentum
    title How a stone pushes
    language en

    chapter The centre
    position 7x7 ......./......./......./......./......./......./....... R 8,8 pie
    | Red places first. Every stone pushes its neighbours.

    move d4
    | The first stone has nothing to push.
    marks c:o:d4
    task
    hint The centre reaches furthest.

    edit 7x7 ......./......./......./...R.../......./......./....... B 7,8
    | A position set up by hand.

- `|` lines are the comment of the chapter's start or of the step above (several lines join with
  line breaks); `marks` is a diagram's notation; `task` (or `task best`) and `hint` follow a move.
- `then <position>` after a move pins the table after it (a move that met chance).

A link carries the same text without its first line, deflated (`story_code` / `read_story_code`).
Anything that does not read, or a line the rules refuse, raises `StoryError` with a `rule` and its
params, as the engines' errors do; render/story_words.py says it in the player's language.
"""

from __future__ import annotations

import base64
import binascii
import random
import unicodedata
import zlib
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..games import GAME_IDS
from ..games.base import MoveError, PositionError, StateBase
from .diagram import Diagram, DiagramError, format_diagram, parse_diagram

if TYPE_CHECKING:
    from ..games.base import AnyGame

FORMAT = "ludothek story"
VERSION = 1
MAX_TEXT = 100_000  # characters of a story's text (a file; a link holds less, LINK_CHARS)
LINK_CHARS = 8_000  # characters of a link's code: a longer story goes as a file
MAX_CHAPTERS = 20
MAX_STEPS = 200  # in all chapters together
MAX_COMMENT = 500  # characters of one comment
MAX_TITLE = 80
MAX_HINT = 200
LANGUAGES = ("en", "de")

# Characters a comment may not hold: controls (a line break aside), the bidirectional overrides
# and isolates that reach beyond a comment (a comment is shown isolated, `dir="auto"`, so a
# right-to-left sentence reads as written without them) and the invisible formatting ones.
_FORBIDDEN_CATEGORIES = ("Cc", "Cs", "Co", "Cn")
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
_INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")


class StoryError(ValueError):
    """A story that cannot be read or whose line the rules refuse: `rule` says what (as the engines'
    errors do) and `params` where (`chapter` and `step`, counted from 1; `line` of the text) and why
    (`error`, the engine's MoveError or PositionError). `str(exc)` is English, for logs."""

    def __init__(self, rule: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.rule = rule
        self.params = params


@dataclass(frozen=True)
class Task:
    """The reader is to find the step's move before it is shown: the author's move, or with `best`
    any move the strongest evaluation values as highly (Fenn: the same exact result)."""

    best: bool = False
    hint: str = ""


@dataclass(frozen=True)
class Step:
    """A move (`move`) or an edit (`position`, the position put in the place of the one before);
    after a move, `position` pins the table as chance left it."""

    move: str = ""
    position: str = ""
    comment: str = ""
    marks: Diagram = Diagram()
    task: Task | None = None

    @property
    def is_edit(self) -> bool:
        return not self.move


@dataclass(frozen=True)
class Chapter:
    title: str
    position: str  # the start, as everyone at the table sees it (an observation's text)
    comment: str = ""
    marks: Diagram = Diagram()
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Story:
    game: str
    title: str
    chapters: tuple[Chapter, ...] = ()
    language: str = ""  # the language its words are written in ("" when not said)

    def step_count(self) -> int:
        return sum(len(chapter.steps) for chapter in self.chapters)


# -- checks of the parts ---------------------------------------------------------------------------


def clean_text(text: str, most: int, what: str, *, lines: bool = False, where: dict[str, int] | None = None) -> str:
    """`text` trimmed, each line's white space collapsed; StoryError when it is too long or holds
    a character that reaches beyond it (a control, a bidirectional override, an invisible one).
    `where`: the chapter and step it belongs to, for the error."""
    where = where or {}
    if not isinstance(text, str):
        raise StoryError("not-text", f"the {what} is not text", what=what, **where)
    for ch in text:
        if ch == "\n" and lines:
            continue
        if ch in _BIDI_CONTROLS or ch in _INVISIBLE or unicodedata.category(ch) in _FORBIDDEN_CATEGORIES:
            raise StoryError("control-character", f"the {what} holds the control character U+{ord(ch):04X}", what=what, code=f"U+{ord(ch):04X}", **where)
    kept = [" ".join(line.split()) for line in text.split("\n")] if lines else [" ".join(text.split())]
    cleaned = "\n".join(line for line in kept if line)
    if len(cleaned) > most:
        raise StoryError("too-long-text", f"the {what} is {len(cleaned)} characters long (at most {most})", what=what, length=len(cleaned), most=most, **where)
    return cleaned


def checked_story(story: Story) -> Story:
    """`story` with its texts cleaned, or StoryError for what no story may hold (the line itself is
    judged by `replay`)."""
    if story.game not in GAME_IDS:
        raise StoryError("unknown-game", f"no game {story.game[:40]!r}", game=story.game[:40])
    if story.language and story.language not in LANGUAGES:
        raise StoryError("unknown-language", f"no language {story.language[:10]!r}", language=story.language[:10])
    if not story.chapters:
        raise StoryError("no-chapter", "a story has at least one chapter")
    if len(story.chapters) > MAX_CHAPTERS:
        raise StoryError("too-many-chapters", f"{len(story.chapters)} chapters (at most {MAX_CHAPTERS})", count=len(story.chapters), most=MAX_CHAPTERS)
    if story.step_count() > MAX_STEPS:
        raise StoryError("too-many-steps", f"{story.step_count()} steps (at most {MAX_STEPS})", count=story.step_count(), most=MAX_STEPS)
    chapters = []
    for number, chapter in enumerate(story.chapters, start=1):
        steps = []
        for step_number, step in enumerate(chapter.steps, start=1):
            where = {"chapter": number, "step": step_number}
            if not step.move and not step.position:
                raise StoryError("empty-step", "a step is a move or an edit", **where)
            if step.task is not None and not step.move:
                raise StoryError("task-without-move", "a task asks for a move, and this step is an edit", **where)
            task = step.task and replace(step.task, hint=clean_text(step.task.hint, MAX_HINT, "hint", where=where))
            steps.append(replace(step, comment=clean_text(step.comment, MAX_COMMENT, "comment", lines=True, where=where), task=task))
        where = {"chapter": number, "step": 0}
        chapters.append(
            replace(
                chapter,
                title=clean_text(chapter.title, MAX_TITLE, "title", where=where),
                comment=clean_text(chapter.comment, MAX_COMMENT, "comment", lines=True, where=where),
                steps=tuple(steps),
            )
        )
    return replace(story, title=clean_text(story.title, MAX_TITLE, "title"), chapters=tuple(chapters))


# -- the notation ------------------------------------------------------------------------------------


@dataclass
class _Reading:
    """What the parser has read so far."""

    game: str = ""
    title: str = ""
    language: str = ""
    chapters: list[Chapter] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    comment: list[str] = field(default_factory=list)

    def close_step(self) -> None:
        if self.comment:
            text = "\n".join(self.comment)
            if self.steps:
                self.steps[-1] = replace(self.steps[-1], comment=text)
            elif self.chapters:
                self.chapters[-1] = replace(self.chapters[-1], comment=text)
            self.comment = []

    def close_chapter(self) -> None:
        self.close_step()
        if self.chapters:
            self.chapters[-1] = replace(self.chapters[-1], steps=tuple(self.steps))
        self.steps = []


def _value(line: str) -> tuple[str, str]:
    keyword, _sep, value = line.partition(" ")
    return keyword, value.strip()


def parse_story(text: str) -> Story:
    """The story a text holds (StoryError saying which line is wrong); texts are cleaned, the line
    is not yet judged (`replay`)."""
    if not isinstance(text, str):
        raise StoryError("not-a-story", "a story is text")
    if len(text) > MAX_TEXT:
        raise StoryError("too-long", f"the story is {len(text)} characters long (at most {MAX_TEXT})", length=len(text), most=MAX_TEXT)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    head = lines[0].strip().removeprefix("\ufeff")
    if not head.startswith(FORMAT):
        raise StoryError("not-a-story", "a story's text begins with 'ludothek story'")
    version = head[len(FORMAT) :].strip()
    if not version.isascii() or not version.isdigit() or not 1 <= int(version[:6]) <= VERSION:
        newer = version.isascii() and version.isdigit() and int(version[:6]) > VERSION
        raise StoryError("newer-version" if newer else "not-a-story", f"story format version {version[:10]!r}", version=version[:10])
    reading = _Reading()
    for number, raw in enumerate(lines[1:], start=2):
        _read_line(reading, raw.strip(), number)
    reading.close_chapter()
    return checked_story(Story(reading.game, reading.title, tuple(reading.chapters), reading.language))


def _read_line(reading: _Reading, line: str, number: int) -> None:
    if not line:
        return
    if line.startswith("|"):
        if not reading.chapters:
            raise StoryError("bad-line", "a comment before the first chapter", line=number)
        reading.comment.append(line[1:].strip())
        return
    keyword, value = _value(line)
    where = {"line": number}
    if keyword in ("game", "title", "language"):
        if reading.chapters:
            raise StoryError("bad-line", f"'{keyword}' belongs before the first chapter", **where)
        setattr(reading, keyword, value)
    elif keyword == "chapter":
        reading.close_chapter()
        reading.chapters.append(Chapter(title=value, position=""))
    elif not reading.chapters:
        raise StoryError("bad-line", f"'{keyword[:20]}' before the first chapter", **where)
    elif keyword == "position":
        reading.chapters[-1] = replace(reading.chapters[-1], position=value)
    elif keyword in ("move", "edit"):
        reading.close_step()
        if not value:
            raise StoryError("bad-line", f"'{keyword}' without its {'move' if keyword == 'move' else 'position'}", **where)
        reading.steps.append(Step(move=value) if keyword == "move" else Step(position=value))
    elif keyword == "then":
        if not reading.steps or reading.steps[-1].is_edit:
            raise StoryError("bad-line", "'then' follows a move", **where)
        reading.steps[-1] = replace(reading.steps[-1], position=value)
    elif keyword == "marks":
        marks = _marks(value, where)
        if reading.steps:
            reading.steps[-1] = replace(reading.steps[-1], marks=marks)
        else:
            reading.chapters[-1] = replace(reading.chapters[-1], marks=marks)
    elif keyword == "task":
        if not reading.steps or value not in ("", "best"):
            raise StoryError("bad-line", "'task' (or 'task best') follows a move", **where)
        reading.steps[-1] = replace(reading.steps[-1], task=Task(best=value == "best"))
    elif keyword == "hint":
        task = reading.steps[-1].task if reading.steps else None
        if task is None:
            raise StoryError("bad-line", "'hint' follows a task", **where)
        reading.steps[-1] = replace(reading.steps[-1], task=replace(task, hint=value))
    else:
        raise StoryError("bad-line", f"unknown keyword {keyword[:20]!r}", keyword=keyword[:20], **where)


def _marks(text: str, where: dict[str, int]) -> Diagram:
    try:
        return parse_diagram(text)
    except DiagramError as exc:
        raise StoryError("bad-marks", f"the marks do not read: {exc}", reason=str(exc), **where) from exc


def _comment_lines(comment: str) -> list[str]:
    return [f"| {line}" for line in comment.split("\n") if line]


def format_story(story: Story) -> str:
    """The story's text (see the module's docstring); `parse_story(format_story(s)) == s` for every
    checked story."""
    out = [f"{FORMAT} {VERSION}", f"game {story.game}"]
    if story.title:
        out.append(f"title {story.title}")
    if story.language:
        out.append(f"language {story.language}")
    for chapter in story.chapters:
        out += ["", f"chapter {chapter.title}".rstrip(), f"position {chapter.position}"]
        out += _comment_lines(chapter.comment)
        if chapter.marks != Diagram():
            out.append(f"marks {format_diagram(chapter.marks)}")
        for step in chapter.steps:
            out.append("")
            if step.move:
                out.append(f"move {step.move}")
                if step.position:
                    out.append(f"then {step.position}")
            else:
                out.append(f"edit {step.position}")
            out += _comment_lines(step.comment)
            if step.marks != Diagram():
                out.append(f"marks {format_diagram(step.marks)}")
            if step.task is not None:
                out.append("task best" if step.task.best else "task")
                if step.task.hint:
                    out.append(f"hint {step.task.hint}")
    return "\n".join(out) + "\n"


# -- links --------------------------------------------------------------------------------------------


def story_code(story: Story) -> str:
    """The story for a link's fragment: its text without the first line, deflated, base64url,
    behind the format's version."""
    body = format_story(story).split("\n", 1)[1].encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(body) + packer.flush()
    return str(VERSION) + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def read_story_code(code: str) -> Story:
    """The story of a link's code (StoryError: too long, not a story's code, a newer version, or
    whatever `parse_story` refuses). The inflated text is bounded, so a small code cannot unpack
    to more than a story may hold."""
    if not isinstance(code, str) or not code:
        raise StoryError("bad-code", "an empty story code")
    if len(code) > LINK_CHARS * 2:
        raise StoryError("too-long", f"the story's code is {len(code)} characters long", length=len(code), most=LINK_CHARS)
    version, data = code[0], code[1:]
    if not version.isdigit():
        raise StoryError("bad-code", "a story's code begins with its version")
    if int(version) > VERSION:
        raise StoryError("newer-version", f"story code version {version}", version=version)
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        unpacker = zlib.decompressobj(-15)
        body = unpacker.decompress(packed, MAX_TEXT * 4)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise StoryError("too-long", "the story's code unpacks to more than a story may hold", most=MAX_TEXT)
        text = body.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError) as exc:
        if isinstance(exc, StoryError):
            raise
        raise StoryError("bad-code", "not a story's code") from exc
    return parse_story(f"{FORMAT} {version}\n{text}")


# -- the line, judged by the engine ------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """One position of a story as the reader sees it: where it is (`chapter` from 0, `step` 0 for
    the chapter's start), the position as everyone at the table sees it, the one before and the
    move that led here (None at a start and after an edit), and the words, marks and task."""

    chapter: int
    step: int
    state: StateBase  # the game's own state: a story is of any game (AnyGame)
    before: StateBase | None
    move: str | None
    comment: str
    marks: Diagram
    task: Task | None


def _rng(game_id: str, chapter: int, step: int) -> random.Random:
    """What deals the hidden parts of a story's positions (Mops Royal's pile, Momox' covered
    chips): fixed by the story's game and the place, so a story replays the same everywhere."""
    return random.Random(f"ludothek-story:{game_id}:{chapter}:{step}")


def line_steps(game: AnyGame, start: str, moves: list[str], seen: list[str], chapter: int = 0) -> tuple[Step, ...]:
    """A game's moves as a chapter's steps from `start` (a position as everyone saw it): after a
    move whose outcome the story's own deal would tell otherwise than the game did (a tile turned,
    a chip uncovered), the step pins the table as it was seen (`seen[i]`: the position after move i,
    as everyone saw it), so the story shows the game as it was played."""
    s = game.from_observation(start, _rng(game.id, chapter, 0))
    steps = []
    for number, (move, after) in enumerate(zip(moves, seen), start=1):
        s = game.play(s, move)
        pinned = ""
        if game.position(game.observation(s, None)) != after:
            pinned = after
            s = game.from_observation(after, _rng(game.id, chapter, number))
        steps.append(Step(move=move, position=pinned))
    return tuple(steps)


def replay(game: AnyGame, story: Story) -> list[list[Shown]]:
    """Every position of every chapter, judged by the engine: a position it cannot read or a move
    it refuses raises StoryError ("bad-position", "illegal-move") naming the chapter and step and
    carrying the engine's error."""
    if story.game != game.id:
        raise StoryError("other-game", f"a story of {story.game!r}, not of {game.id!r}", game=story.game)
    chapters = []
    for index, chapter in enumerate(story.chapters):
        number = index + 1
        s = _read_position(game, chapter.position, _rng(story.game, index, 0), number, 0)
        shown = [Shown(index, 0, game.observation(s, None), None, None, chapter.comment, chapter.marks, None)]
        for step_index, step in enumerate(chapter.steps, start=1):
            before = game.observation(s, None)
            if step.move:
                try:
                    s = game.play(s, step.move)
                except MoveError as exc:
                    raise StoryError(
                        "illegal-move", f"chapter {number}, step {step_index}: {exc}", chapter=number, step=step_index, move=step.move[:40], error=exc
                    ) from exc
            if step.position:
                s = _read_position(game, step.position, _rng(story.game, index, step_index), number, step_index)
            move = step.move or None
            shown.append(Shown(index, step_index, game.observation(s, None), before if move else None, move, step.comment, step.marks, step.task))
        chapters.append(shown)
    return chapters


def _read_position(game: AnyGame, text: str, rng: random.Random, chapter: int, step: int) -> StateBase:
    try:
        state: StateBase = game.from_observation(text, rng)
    except (PositionError, ValueError) as exc:
        raise StoryError("bad-position", f"chapter {chapter}, step {step}: {exc}", chapter=chapter, step=step, error=exc) from exc
    return state


__all__ = [
    "Chapter",
    "LINK_CHARS",
    "MAX_CHAPTERS",
    "MAX_COMMENT",
    "MAX_STEPS",
    "Shown",
    "Step",
    "Story",
    "StoryError",
    "Task",
    "checked_story",
    "format_story",
    "line_steps",
    "parse_story",
    "read_story_code",
    "replay",
    "story_code",
]
