"""Hostile links, saves, files and storage (issue 12): the app always becomes ready, says what is
wrong, and still lists the good saves. Inputs come from the corpus in tests/hostile/ (one a line)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import READY_TIMEOUT_MS, SAVE_PREFIX, device, momentum_record, open_app, put_save, wait_for

CORPUS = Path(__file__).resolve().parents[1] / "hostile"
GOOD = momentum_record("a1")


def corpus(name: str) -> list[str]:
    lines = (CORPUS / name).read_text(encoding="utf-8").split("\n")
    return [line for line in lines if line and not line.startswith("# ")]


def wait_ready(page) -> None:
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)


def reach_for_an_embedded_board(page) -> None:
    """An embedded board starts only when a reader reaches for it (issue 11): press its Play button."""
    cover = page.locator("button.embed-cover")
    if cover.count():
        cover.click()


def assert_home_lists_the_good_save(page, app_url) -> None:
    page.goto(app_url + "#/")
    wait_ready(page)
    expect(page.locator('.save-list li[data-save="good"]')).to_have_count(1)


def test_every_hostile_link_leaves_the_app_ready_with_a_message_and_the_saves_listed(page, app_url):
    open_app(page, app_url)
    put_save(page, "good", GOOD)
    stuck = []
    for number, link in enumerate(corpus("links.txt"), start=1):
        page.goto("about:blank")
        page.goto(app_url + link)
        reach_for_an_embedded_board(page)
        try:
            wait_ready(page)
        except Exception:  # noqa: BLE001 - collect every stuck link, then fail once
            stuck.append((number, link[:80]))
            continue
        screen = page.locator("body").get_attribute("data-screen")
        assert screen in ("home", "error", "setup", "game", "rules", "puzzles", "puzzle", "story", "stories"), (number, screen)
        if screen == "error":
            expect(page.locator("#screen [role=alert]")).not_to_be_empty()
            expect(page.locator("#screen a[href='#/']")).to_be_visible()
        text = page.locator("#screen").inner_text()
        assert "%F0" not in text, (number, text)  # names from the address are shown decoded
    assert stuck == []
    assert_home_lists_the_good_save(page, app_url)
    assert page.requests.foreign() == []


def test_hostile_saves_never_stop_the_start_and_are_set_aside_with_a_message(page, app_url):
    open_app(page, app_url)
    put_save(page, "good", GOOD)
    for line in corpus("saves.txt"):
        key, text = line.split("\t", 1)
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_PREFIX + key, text])
    page.reload()
    wait_ready(page)
    expect(page.locator('.save-list li[data-save="good"]')).to_have_count(1)
    expect(page.locator(".problems")).to_contain_text("could not be read")
    # Every save still listed opens, or is set aside with a message; the app stays usable.
    listed = page.locator(".save-list li").evaluate_all("items => items.map(li => li.dataset.save)")
    for save_id in listed:
        page.goto(app_url + f"#/play/{save_id}")
        # The new address reaches the app (in its worker) as an event after the page's hashchange:
        # read the screen once the app has answered it, not the screen that was there before.
        wait_for(page, "document.body.dataset.route === location.hash && location.hash !== ''")
        wait_for(page, "['game', 'home', 'error'].includes(document.body.dataset.screen)")
        screen = page.locator("body").get_attribute("data-screen")
        if screen == "home":
            expect(page.locator("#toast")).to_contain_text("kept aside")
        elif screen == "error":
            expect(page.locator("#screen [role=alert]")).not_to_be_empty()
    assert_home_lists_the_good_save(page, app_url)
    # Right-to-left overrides never reach the page; names are isolated.
    assert "\u202e" not in page.locator("#saves").inner_text()
    assert page.locator(".save-names bdi").count() >= 2


HOSTILE_VALUES = ("", "null", "[]", "nonsense", "[" * 100_000, '{"momentum": {"mo101": []}}', '{"moves": ["a1"], "review": {"game": "momentum", "moves": 5}}')


@pytest.mark.parametrize("value", HOSTILE_VALUES, ids=range(len(HOSTILE_VALUES)))
def test_hostile_puzzle_progress_kept_review_and_language_never_stop_the_app(page, app_url, value):
    """The keys beside the saves: the puzzles' progress, a save's kept review, the chosen
    language and the saved-games list kept for the next start. Whatever stands there, the app
    starts, the puzzle list draws and the review opens."""
    open_app(page, app_url)
    put_save(page, "good", GOOD)
    for key in ("ludothek.puzzles", "ludothek.review.good", "ludothek.language", "ludothek.home.saves"):
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, value])
    page.reload()
    wait_ready(page)
    expect(page.locator('.save-list li[data-save="good"]')).to_have_count(1)
    page.goto(app_url + "#/puzzles/momentum")
    expect(page.locator(".puzzle-link")).not_to_have_count(0)
    expect(page.locator(".puzzle-progress")).to_contain_text("0 of")
    page.goto(app_url + "#/review/good")
    expect(page.get_by_role("heading", name="Review: Momentum")).to_be_visible()
    page.wait_for_selector("body[data-review-ready='1']", timeout=60_000)
    assert not page.errors


def test_every_hostile_import_gives_a_message_and_the_app_keeps_working(page, app_url, tmp_path):
    open_app(page, app_url)
    put_save(page, "good", GOOD)
    page.reload()
    wait_ready(page)
    for number, text in enumerate(corpus("files.txt"), start=1):
        path = tmp_path / f"file{number}.json"
        path.write_text(text, encoding="utf-8")
        page.evaluate("document.getElementById('toast').textContent = ''")
        page.locator("#import-file").set_input_files(str(path))
        expect(page.locator("#toast")).to_contain_text(re.compile("Imported|No game was imported|already saved"), timeout=60_000)
        assert page.locator("body").get_attribute("data-ready") == "1"
    expect(page.locator('.save-list li[data-save="good"]')).to_have_count(1)
    # The app still imports a good file afterwards, and recognises it the second time.
    count = page.locator(".save-list li").count()
    good_file = tmp_path / "good.json"
    good_file.write_text(json.dumps({**GOOD, "moves": ["a1", "g7", "d4"]}))
    page.locator("#import-file").set_input_files(str(good_file))
    expect(page.locator("#toast")).to_contain_text("Imported 1 game")
    page.locator("#import-file").set_input_files(str(good_file))
    expect(page.locator("#toast")).to_contain_text("1 game was already saved")
    expect(page.locator(".save-list li")).to_have_count(count + 1)


def fill_storage(page) -> None:
    """Fill localStorage up to its quota (about 5 MB of text) with one filler key."""
    page.evaluate("""() => {
        let size = 1 << 22, text = 'x'.repeat(size);
        localStorage.setItem('filler', '');
        while (size >= 16) {
            try { localStorage.setItem('filler', localStorage.getItem('filler') + text.slice(0, size)); }
            catch (e) { size = size >> 1; }
        }
        for (let i = 0; ; i++) { try { localStorage.setItem('f' + i, ''); } catch (e) { break; } }
    }""")


@pytest.fixture
def fresh_page(browser, app_url):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def test_full_storage_keeps_the_saves_listed_and_nothing_is_lost_on_delete_and_undo(fresh_page, app_url):
    page = fresh_page
    open_app(page, app_url)
    put_save(page, "good", GOOD)
    put_save(page, "other", {**GOOD, "moves": ["a1", "g7"]})
    fill_storage(page)
    page.reload()
    wait_ready(page)
    expect(page.locator("#toast")).to_contain_text("storage is full")
    expect(page.locator(".save-list li")).to_have_count(2)
    # The home list's copy for the next start could not be stored either and was removed (an old
    # copy must not show), which frees a little room: fill it again before the move.
    fill_storage(page)
    # A move cannot be saved: the player is told and offered the export.
    page.goto(app_url + "#/play/good")
    expect(page.locator("#board svg")).to_be_visible()
    page.locator("#board [data-target]:not([aria-disabled=true])").first.click()
    expect(page.locator("#toast")).to_contain_text("not being saved")
    expect(page.locator("#toast").get_by_role("button", name="Export")).to_be_visible()
    # Delete, fill the freed room, Undo: the game is offered as a file, never silently gone.
    page.goto(app_url + "#/")
    page.locator('.save-list li[data-save="other"]').get_by_role("button", name=re.compile("^Delete")).click()
    expect(page.locator(".save-list li")).to_have_count(1)
    fill_storage(page)
    page.locator("#toast").get_by_role("button", name="Undo").click()
    expect(page.locator("#toast")).to_contain_text("Download it")
    with page.expect_download() as info:
        page.locator("#toast").get_by_role("button", name="Download").click()
    assert json.loads(Path(info.value.path()).read_text())["record"]["moves"] == ["a1", "g7"]
    # With room again, Undo brings it back.
    page.evaluate("localStorage.removeItem('filler')")
    page.goto(app_url + "#/")
    page.locator('.save-list li[data-save="good"]').get_by_role("button", name=re.compile("^Delete")).click()
    page.locator("#toast").get_by_role("button", name="Undo").click()
    expect(page.locator("#toast")).to_contain_text("The game is back")
    expect(page.locator('.save-list li[data-save="good"]')).to_have_count(1)


def test_two_tabs_never_lose_each_others_moves_and_a_deleted_game_stays_deleted(fresh_page, app_url):
    first = fresh_page
    open_app(first, app_url)
    put_save(first, "good", {**GOOD, "moves": []})
    second = first.context.new_page()
    second.set_default_timeout(30_000)
    open_app(first, app_url, "#/play/good")
    open_app(second, app_url, "#/play/good")
    # A move in the first tab reaches the second (storage event) before it plays on.
    first.locator("[data-target=a1]").click()
    wait_for(second, "Number(document.body.dataset.moves) === 1")
    second.locator("[data-target=g7]").click()
    wait_for(first, "Number(document.body.dataset.moves) === 2")
    stored = json.loads(first.evaluate("localStorage.getItem('ludothek.save.good')"))
    assert stored["record"]["moves"] == ["a1", "g7"]
    # (A stale tab that missed the event cannot overwrite either: tests/test_session_and_saves.py.)
    first.locator("[data-target=d4]").click()
    wait_for(second, "Number(document.body.dataset.moves) === 3")
    assert json.loads(first.evaluate("localStorage.getItem('ludothek.save.good')"))["record"]["moves"] == ["a1", "g7", "d4"]
    # Deleted in one tab: the other says so and never brings it back by itself.
    first.goto(app_url + "#/")
    first.locator('.save-list li[data-save="good"]').get_by_role("button", name=re.compile("^Delete")).click()
    expect(second.locator("#toast")).to_contain_text("deleted in another window")
    second.locator("#board [data-target]:not([aria-disabled=true])").first.click()
    assert first.evaluate("localStorage.getItem('ludothek.save.good')") is None
    expect(first.locator(".save-list li")).to_have_count(0)


def many_long_games(count: int) -> dict:
    """An export file of `count` finished four-player Mops Royal games (the longest to replay),
    played at random; bench/import_slices.py times the same file."""
    import random

    from ludothek.games import get_game

    game = get_game("mops")
    rng = random.Random(12)
    saves = []
    for i in range(count):
        s = game.new_game(players=4, seed=i)
        while game.legal_moves(s):
            s = game.play(s, rng.choice(game.legal_moves(s)))
        record = game.record(s)
        record["players"] = [{"name": f"P{i}-{k}"} for k in range(4)]
        saves.append({"id": f"m{i}", "record": record, "meta": {"created": 1, "updated": 1}})
    return {"format": "ludothek-saves", "version": 1, "saves": saves}


# Every progress value the toast shows ("Importing… 12 of 60 games"), whether the import has
# finished ("Imported 60 games."), and every key the page handled, with what had happened by then.
WATCH_THE_IMPORT = """() => {
    window.__progress = [];
    window.__finished = false;
    window.__answered = [];
    const toast = document.getElementById('toast');
    new MutationObserver(() => {
        const text = toast.textContent;
        const step = text.match(/Importing\\D*(\\d+) of (\\d+)/);
        if (step) window.__progress.push([Number(step[1]), Number(step[2])]);
        if (/Imported/.test(text)) window.__finished = true;
    }).observe(toast, {childList: true, subtree: true, characterData: true});
    document.addEventListener('keydown', event => window.__answered.push(
        {key: event.key, finished: window.__finished, progress: window.__progress.length}), true);
}"""


def test_a_large_import_runs_in_slices_with_progress(page, app_url, tmp_path):
    """A file of many long games takes seconds to replay: the import runs in slices, its progress
    advances in the toast, and the page answers a key pressed between two slices before the import
    ends. How long the slices take is measured by bench/import_slices.py, never asserted here."""
    games = 60
    path = tmp_path / "many.json"
    path.write_text(json.dumps(many_long_games(games)))
    open_app(page, app_url)
    page.evaluate(WATCH_THE_IMPORT)
    page.locator("#import-file").set_input_files(str(path))
    page.wait_for_function("window.__progress.length > 0 || window.__finished", timeout=120_000)
    page.keyboard.press("Shift")  # input while the import runs: it is handled between two slices
    expect(page.locator("#toast")).to_contain_text(f"Imported {games} games", timeout=120_000)
    expect(page.locator(".save-list li")).to_have_count(games)
    progress, answered = page.evaluate("[window.__progress, window.__answered]")
    done = [d for d, _total in progress]
    print("progress seen:", done)
    assert len(set(done)) >= 3, progress  # the progress advanced several times
    assert done == sorted(done) and all(total == games for _d, total in progress) and done[-1] < games, progress
    shift = [a for a in answered if a["key"] == "Shift"]
    assert shift, answered
    # Handled before the import ended, and the import went on afterwards.
    assert not shift[0]["finished"] and shift[0]["progress"] < len(progress), (shift, len(progress))


def test_the_last_resort_screen_leads_home_and_sets_the_save_aside(page, app_url):
    open_app(page, app_url)
    put_save(page, "good", GOOD)
    put_save(page, "bad", {**GOOD, "moves": ["a1", "g7"]})
    # Whatever fails while a save is shown (here: drawing the board) ends on the last-resort screen.
    page.evaluate("""() => { const d = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
        Object.defineProperty(Element.prototype, 'innerHTML', {configurable: true, get() { return d.get.call(this); },
            set(v) { if (this.id === 'board' && window.__breakBoard) throw new Error('drawing failed'); d.set.call(this, v); }}); }""")
    page.evaluate("window.__breakBoard = true")
    page.goto(app_url + "#/play/bad")
    expect(page.get_by_role("heading", name="Something went wrong")).to_be_visible()
    expect(page.locator("#screen [role=alert]")).to_contain_text("drawing failed")
    page.evaluate("window.__breakBoard = false")
    page.get_by_role("button", name="Set this game aside").click()
    expect(page.locator('.save-list li[data-save="good"]')).to_have_count(1)
    expect(page.locator('.save-list li[data-save="bad"]')).to_have_count(0)
    expect(page.locator(".problems")).to_contain_text("1 saved game could not be read")
    assert page.evaluate("localStorage.getItem('ludothek.quarantine.bad') !== null")


def test_the_list_follows_saves_written_in_another_window(fresh_page, app_url):
    first = fresh_page
    open_app(first, app_url)
    second = first.context.new_page()
    open_app(second, app_url)
    expect(second.locator(".save-list li")).to_have_count(0)
    for i in range(30):  # as an import in the other window writes them
        put_save(first, f"w{i}", GOOD)
    expect(second.locator(".save-list li")).to_have_count(30)
    first.evaluate("localStorage.removeItem('ludothek.save.w0')")
    expect(second.locator(".save-list li")).to_have_count(29)


def test_after_a_hostile_link_the_service_worker_still_registers(browser, app_url):
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(app_url + corpus("links.txt")[0])  # a game whose move is 'c²6'
        wait_ready(page)
        expect(page.locator("#screen [role=alert]")).to_contain_text("illegal")
        page.wait_for_selector("body[data-sw-registered]", timeout=30_000)
    finally:
        context.close()


def test_links_against_a_held_game_by_link_say_what_they_are_and_keep_it(page, app_url):
    """The corpus' game by link held by a device, and the links that reach it (replayed, the same,
    forked, edited, cut off, from a newer version; issue 27): each says in the page what the
    device makes of it, in the words CPython finds for it, and the stored game stays as it was."""
    from ludothek.remote import link as remote_link
    from ludothek.remote.protocol import RemoteError
    from ludothek.render import remote as words
    from ludothek.web.remote_games import REMOTE_PREFIX, RemoteStore
    from ludothek.web.saves import DictStorage

    (key, entry), *against = [line.split("\t", 1) for line in corpus("remote_held.txt")]
    open_app(page, app_url)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [REMOTE_PREFIX + key, entry])
    for text, expected in against:
        storage = DictStorage()
        storage.set(REMOTE_PREFIX + key, entry)
        try:
            received = RemoteStore(storage).receive(remote_link.data_of(text), 2.0)
            sentence, screen = words.relation_text(received.relation, received.fork_at, received.locked), "remote"
        except RemoteError as exc:
            sentence, screen = words.remote_error_text(exc), "error"
        page.evaluate("document.body.dataset.screen = 'following'")
        page.evaluate("text => { location.hash = text; }", text)
        wait_for(page, "document.body.dataset.screen !== 'following'")
        expect(page.locator("body")).to_have_attribute("data-screen", screen)
        expect(page.locator(".notice, #screen [role=alert]").first).to_have_text(sentence)
        if expected in ("fork", "locked-fork"):
            expect(page.locator("[data-action=remote-keep]")).to_be_visible()
            expect(page.locator("[data-action=remote-take]")).to_have_count(1 if expected == "fork" else 0)
        assert page.evaluate("key => localStorage.getItem(key)", REMOTE_PREFIX + key) == entry, (text[:40], expected)
    page.evaluate("text => { location.hash = text; }", f"#/by-link/{key}")
    expect(page.locator("body")).to_have_attribute("data-screen", "remote")
    expect(page.locator("#board svg")).to_be_visible()
    assert not page.errors


def test_the_worst_legal_links_each_in_a_fresh_browser(browser, app_url):
    """The worst links a game by link can legally carry (issue 55, tests/hostile/remote_worst.txt),
    each opened in a fresh browser context as a friend's device opens it (holding the game where
    the line gives one): refused with the sentence CPython finds and nothing stored changed, shown
    ended at the limit, or its player moves and Sends a link that the device it is for reads."""
    from test_play_by_link import act, open_at, saves, send

    from ludothek.remote import link as remote_link
    from ludothek.remote.protocol import RemoteError
    from ludothek.render import remote as words
    from ludothek.web.remote_games import REMOTE_PREFIX, RemoteStore
    from ludothek.web.saves import DictStorage
    from remote_worst import corpus_line, read_by_the_next

    for line in corpus("remote_worst.txt"):
        name, expected, _sender, text, held = corpus_line(line)
        context, page = device(browser)
        try:
            open_at(page, app_url + "#/")
            if held is not None:
                page.evaluate("([key, value]) => localStorage.setItem(key, value)", [REMOTE_PREFIX + held[0], held[1]])
            before = saves(page)
            open_at(page, app_url + text)
            if expected not in ("move", "stopped"):
                storage = DictStorage()
                if held is not None:
                    storage.set(REMOTE_PREFIX + held[0], held[1])
                with pytest.raises(RemoteError) as refused:
                    RemoteStore(storage).receive(remote_link.data_of(text), 1.0)
                expect(page.locator("body")).to_have_attribute("data-screen", "error")
                expect(page.locator("#screen [role=alert]")).to_have_text(words.remote_error_text(refused.value))
                assert saves(page) == before, name
            elif expected == "stopped":
                expect(page.locator("body")).to_have_attribute("data-remote", "over")
                expect(page.locator("#status")).to_contain_text("stopped at 2000 moves")
                page.evaluate("location.hash = '#/'")
                expect(page.locator("#saves li.by-link .link-state")).to_have_text("Stopped at 2000 moves")
            else:
                expect(page.locator("body")).to_have_attribute("data-remote", "move")
                act(page)
                answer = remote_link.data_of("#" + send(page).split("#", 1)[1])
                assert read_by_the_next(remote_link.data_of(text), answer).relation == "newer", name
            assert page.errors == [], (name, page.errors)
        finally:
            context.close()
