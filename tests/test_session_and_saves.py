"""The app's game sessions (undo/redo/replay) and saved games, without a browser."""

from __future__ import annotations

import json

import pytest

from ludothek.games.base import RecordError
from ludothek.web.saves import QUARANTINE_PREFIX, SAVE_PREFIX, DictStorage, SaveStore, StorageFull
from ludothek.web.session import GameSession, Seat, clean_name

HUMANS = [Seat("Ada"), Seat("Bea")]
VS_COMPUTER = [Seat("Ada"), Seat("Bot", "computer", 2)]


def session(seats=HUMANS, moves=()):
    s = GameSession.new("momentum", seats, seed=1, options={"pie": False}, save_id="s1")
    for move in moves:
        s.play(move)
    return s


class TestUndoRedo:
    def test_between_humans_undo_takes_back_one_move(self):
        s = session(moves=["a1", "g7", "d4"])
        assert s.undo() == 1 and s.moves == ["a1", "g7"]
        assert s.redo() == 1 and s.moves == ["a1", "g7", "d4"]

    def test_against_the_computer_undo_returns_to_your_own_turn(self):
        s = session(VS_COMPUTER, moves=["a1", "g7", "d4", "b6"])
        assert s.undo() == 2
        assert s.moves == ["a1", "g7"]
        assert s.game.current_player(s.state) == 0
        assert s.redo() == 2  # your move and the computer's reply come back together

    def test_a_new_move_clears_redo_unless_it_is_the_same_move(self):
        s = session(moves=["a1", "g7", "d4"])
        s.undo()
        s.play("d4")
        assert s.can_redo() is False
        s.undo()
        s.play("c3")
        assert s.redo_stack == []

    def test_nothing_to_undo_at_the_start(self):
        s = session()
        assert not s.can_undo() and s.undo() == 0


class TestReplay:
    def test_step_through_and_back(self):
        s = session(moves=["a1", "g7", "d4"])
        s.replay_to(1)
        assert s.shown_index == 1 and s.is_replaying
        assert s.shown_state == s.states[1]
        s.replay_step(+5)
        assert not s.is_replaying and s.shown_state == s.state


class TestRecords:
    def test_record_carries_the_seats_and_round_trips(self):
        s = session(VS_COMPUTER, moves=["a1", "g7"])
        data = s.record()
        assert data["players"] == [{"name": "Ada", "type": "human"}, {"name": "Bot", "type": "computer", "level": 2}]
        again = GameSession.from_record(json.loads(json.dumps(data)))
        assert again.seats == s.seats and again.state == s.state and again.moves == s.moves

    def test_names_are_trimmed_and_bounded(self):
        assert clean_name("  Ada   Lovelace ", "x") == "Ada Lovelace"
        assert clean_name("", "Red") == "Red"
        assert clean_name(None, "Red") == "Red"
        assert len(clean_name("x" * 500, "Red")) == 40

    def test_a_record_with_an_illegal_move_is_refused(self):
        data = session(moves=["a1"]).record()
        data["moves"].append("a1")
        with pytest.raises(RecordError, match="move 2"):
            GameSession.from_record(data)


class TestSaveStore:
    def test_save_list_load_delete(self):
        store = SaveStore(DictStorage())
        s = session(moves=["a1"])
        store.save(s, 100.0)
        summaries, problems = store.summaries()
        assert [x.save_id for x in summaries] == ["s1"] and problems == []
        assert summaries[0].names == ("Ada", "Bea") and summaries[0].moves == 1
        loaded = store.load("s1")
        assert loaded.moves == ["a1"]
        store.delete("s1")
        assert store.summaries() == ([], [])

    def test_broken_entries_are_kept_aside_and_do_not_hide_the_others(self):
        storage = DictStorage()
        store = SaveStore(storage)
        store.save(session(moves=["a1"]), 1.0)
        storage.set(SAVE_PREFIX + "junk", "{oops")
        storage.set(SAVE_PREFIX + "alien", json.dumps({"record": {"game": "chess", "players": [], "moves": []}}))
        summaries, problems = store.summaries()
        assert [x.save_id for x in summaries] == ["s1"]
        assert {p.key for p in problems} == {"junk", "alien"}
        assert storage.get(QUARANTINE_PREFIX + "junk") is not None
        assert store.quarantined_text("junk") == "{oops"

    def test_a_save_that_does_not_replay_is_moved_aside_when_opened(self):
        storage = DictStorage()
        store = SaveStore(storage)
        s = session(moves=["a1"])
        store.save(s, 1.0)
        entry = json.loads(storage.get(SAVE_PREFIX + "s1"))
        entry["record"]["moves"] = ["a1", "a1"]
        storage.set(SAVE_PREFIX + "s1", json.dumps(entry))
        with pytest.raises(RecordError):
            store.load("s1")
        assert store.ids() == [] and [p.key for p in store.quarantined()] == ["s1"]

    def test_full_storage_raises_storage_full(self):
        store = SaveStore(DictStorage(quota=50))
        with pytest.raises(StorageFull):
            store.save(session(moves=["a1"]), 1.0)

    def test_export_and_import(self):
        source = SaveStore(DictStorage())
        source.save(session(moves=["a1", "b2"]), 1.0)
        text = source.export_text()
        target = SaveStore(DictStorage())
        ids = iter(["n1", "n2"])
        imported, problems = target.import_text(text, lambda: next(ids), 5.0)
        assert imported == ["n1"] and problems == []
        assert target.load("n1").moves == ["a1", "b2"]
        # A single record file imports too.
        imported, _ = target.import_text(json.dumps(session(moves=["c3"]).record()), lambda: next(ids), 6.0)
        assert imported == ["n2"]

    @pytest.mark.parametrize(
        "text,reason",
        [
            ("not json", "not JSON"),
            ("[]", "not a Ludothek save file"),
            (json.dumps({"format": "ludothek-saves", "version": 1, "saves": "x"}), "not a list"),
            (json.dumps({"format": "ludothek", "version": 1, "game": "momentum", "players": [{}, {}], "moves": ["z9"]}), "illegal"),
        ],
    )
    def test_bad_import_files_are_reported(self, text, reason):
        store = SaveStore(DictStorage())
        imported, problems = store.import_text(text, lambda: "x", 1.0)
        assert imported == [] and reason in problems[0].reason
        assert store.ids() == []


# -- hostile storage, saves and files (issue 12) ------------------------------------------------

from ludothek.web.saves import MirroredStorage, SaveConflict  # noqa: E402


class QuotaExceededError(Exception):
    name = "QuotaExceededError"


class SecurityError(Exception):
    name = "SecurityError"


class FakeLocalStorage:
    """window.localStorage as a browser may have it: full, throwing on every call, or fine."""

    def __init__(self, quota=None, throw=None):
        self.data, self.quota, self.throw = {}, quota, throw

    def _check(self):
        if self.throw:
            raise self.throw("The operation is insecure.")

    @property
    def length(self):
        self._check()
        return len(self.data)

    def key(self, i):
        self._check()
        return list(self.data)[i]

    def getItem(self, key):
        self._check()
        return self.data.get(key)

    def setItem(self, key, value):
        self._check()
        if self.quota is not None and sum(len(k) + len(v) for k, v in self.data.items() if k != key) + len(key) + len(value) > self.quota:
            raise QuotaExceededError("Failed to execute 'setItem' on 'Storage': exceeded the quota.")
        self.data[key] = value

    def removeItem(self, key):
        self._check()
        self.data.pop(key, None)


HOSTILE_ENTRIES = {
    "neg": '{"record":{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"seed":1,"options":{},"moves":[]},"meta":{"updated":-1e20,"created":-1e20}}',
    "huge": '{"record":{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"seed":1,"options":{},"moves":[]},"meta":{"updated":'
    + "9" * 401
    + "}}",
    "deep": '{"record":' + "[" * 50_000 + "]" * 50_000 + "}",
    "deep2": '{"record":{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"moves":[],"options":{"a":' + "[" * 50_000 + "]" * 50_000 + "}}}",
    "sup": '{"record":{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"seed":1,"options":{},"moves":["c\u00b26"]},"meta":{"created":'
    + "1" * 401
    + "}}",
    "nan": '{"record":{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"seed":1,"options":{},"moves":[]},"meta":{"updated":NaN}}',
    "names": '{"record":{"format":"ludothek","version":1,"game":"momentum","players":[{"name":{"x":1}},{"name":"\\u202eevil"}],"seed":1,"options":{},"moves":[]}}',
    "badredo": '{"record":{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"seed":1,"options":{"pie":false},"moves":["a1"]},"meta":{"redo":["zz",5]}}',
    "": '{"record":{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"seed":1,"options":{},"moves":[]}}',
    "mopsobs": json.dumps(
        {
            "record": {
                "format": "ludothek",
                "version": 1,
                "game": "mops",
                "players": [{}, {}],
                "position": "9/9/9/9/4Cg4/9/9/9/9,9/9/9/9/4Wv4/9/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWpWvCbCoCpCvCyKbKgKoKpKvKyHbHgHoHpHvHy Wy p1 0,0",
                "moves": ["e4"],
            }
        }
    ),
}


class TestHostileSaves:
    def store_with_hostile_entries(self, storage=None):
        storage = storage or DictStorage()
        store = SaveStore(storage)
        store.save(session(moves=["a1"]), 100.0)
        for key, text in HOSTILE_ENTRIES.items():
            storage.set(SAVE_PREFIX + key, text)
        return store, storage

    def test_no_entry_stops_the_list_and_every_entry_opens_or_is_set_aside(self):
        store, storage = self.store_with_hostile_entries()
        summaries, problems = store.summaries()
        listed = {s.save_id for s in summaries}
        assert "s1" in listed
        assert {"deep", "deep2", ""} <= {p.key for p in problems}
        for summary in summaries:
            assert 0 <= summary.updated < 1e11
            assert all("\u202e" not in name for name in summary.names)
            try:
                loaded = store.load(summary.save_id)
            except RecordError as exc:
                assert str(exc) and summary.save_id in {p.key for p in store.quarantined()}
            else:
                assert all(isinstance(m, str) for m in loaded.redo_stack)
        assert store.load("s1").moves == ["a1"]
        assert {"sup", "mopsobs"} <= {p.key for p in store.quarantined()}
        assert store.load("badredo").redo_stack == []

    def test_a_broken_entry_in_full_storage_stays_listed_as_a_problem(self):
        storage = DictStorage()
        store = SaveStore(storage)
        store.save(session(moves=["a1"]), 100.0)
        storage.set(SAVE_PREFIX + "junk", "{oops")
        storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())
        summaries, problems = store.summaries()
        assert [s.save_id for s in summaries] == ["s1"]
        assert problems == [Problem("junk", problems[0].reason, kept_aside=False)]
        assert store.quarantined_text("junk") == "{oops"
        store.forget_broken("junk")
        assert store.ids() == ["s1"]


from ludothek.web.saves import Problem  # noqa: E402


class PageStorage:
    """The page's side of the storage as assets/page.js keeps it: localStorage (here a fake one),
    probed at the start, written by the "store" op, refusals told back to the mirror."""

    def __init__(self, raw=None, refuse=False):
        self.raw = raw if raw is not None else FakeLocalStorage()
        self.refuse = refuse  # reaching localStorage itself throws
        self.mirror = None
        self.failing = False

    def start(self):
        """What page.js sends with its start: the status and the ludothek.* keys."""
        if self.refuse:
            return {"status": "blocked", "items": {}}
        try:
            items = {k: v for k, v in self.raw.data.items() if k.startswith("ludothek.")}
            assert self.raw.length >= 0
        except SecurityError:
            return {"status": "blocked", "items": {}}
        try:
            self.raw.setItem("ludothek.probe", "1")
            self.raw.removeItem("ludothek.probe")
            status = "ok"
        except QuotaExceededError:
            status = "full"
        except Exception:  # noqa: BLE001 - as page.js: any other refusal is a blocked storage
            status = "blocked"
        return {"status": status, "items": items}

    def open(self):
        self.mirror = MirroredStorage.from_start(self.start(), self.store)
        return self.mirror

    def store(self, sequence, key, value):
        try:
            if value is None:
                self.raw.removeItem(key)
            else:
                self.raw.setItem(key, value)
        except Exception as exc:  # noqa: BLE001 - as page.js: a refusal of any kind is told back
            self.failing = True
            self.mirror.on_refusal(sequence, key, isinstance(exc, QuotaExceededError), self.raw.data.get(key))
            return
        if self.failing:
            self.failing = False
            self.mirror.on_written()


class TestMirroredStorage:
    def test_blocked_storage_keeps_games_in_memory(self):
        page = PageStorage(FakeLocalStorage(throw=SecurityError))
        storage = page.open()
        assert storage.status == "blocked" and not storage.persistent
        storage.set("ludothek.k", "v")
        assert storage.get("ludothek.k") == "v" and storage.keys() == ["ludothek.k"]
        assert page.raw.data == {}

    def test_reaching_local_storage_itself_may_throw(self):
        storage = PageStorage(refuse=True).open()
        assert storage.status == "blocked" and storage.get("x") is None and storage.keys() == []

    def test_what_the_start_tells_is_read_and_written_through_the_page(self):
        raw = FakeLocalStorage()
        raw.data.update({"ludothek.save.s1": "a", "other.app": "b"})
        page = PageStorage(raw)
        storage = page.open()
        assert storage.keys() == ["ludothek.save.s1"] and storage.get("other.app") is None
        storage.set("ludothek.language", "de")
        storage.remove("ludothek.save.s1")
        assert raw.data == {"other.app": "b", "ludothek.language": "de"}

    def test_full_storage_is_told_apart_and_its_saves_stay_listed(self):
        raw = FakeLocalStorage()
        store = SaveStore(PageStorage(raw).open())
        store.save(session(moves=["a1"]), 100.0)
        raw.quota = sum(len(k) + len(v) for k, v in raw.data.items())
        page = PageStorage(raw)
        storage = page.open()
        assert storage.status == "full" and storage.persistent
        told = []
        storage.on_refused = lambda full, key: told.append((full, key))
        store = SaveStore(storage)
        assert [s.save_id for s in store.summaries()[0]] == ["s1"]
        s = store.load("s1")
        s.play("g7")
        store.save(s, 200.0)  # refused by the page: the mirror holds what localStorage holds
        assert told == [(True, "ludothek.save.s1")]
        assert store.load("s1").moves == ["a1"]
        raw.quota = None
        store.save(s, 300.0)
        assert store.load("s1").moves == ["a1", "g7"] and storage.status == "ok"
        assert json.loads(raw.data["ludothek.save.s1"])["record"]["moves"] == ["a1", "g7"]

    def test_a_write_refused_for_another_reason_is_no_full_storage(self):
        raw = FakeLocalStorage()
        storage = PageStorage(raw).open()
        told = []
        storage.on_refused = lambda full, key: told.append(full)
        raw.throw = SecurityError
        storage.set("ludothek.k", "v")
        assert told == [False] and storage.status == "ok"
        assert storage.get("ludothek.k") is None and storage.keys() == []

    def test_a_late_refusal_never_undoes_a_later_write_of_the_same_key(self):
        sent = []
        storage = MirroredStorage("ok", {}, lambda *write: sent.append(write))
        storage.set("ludothek.k", "1")
        storage.set("ludothek.k", "2")
        storage.on_refusal(sent[0][0], "ludothek.k", True, None)  # the first write's refusal arrives late
        assert storage.get("ludothek.k") == "2" and storage.status == "full"
        assert "ludothek.k" not in storage.refused, "the latest write of it was not refused"
        storage.on_refusal(sent[1][0], "ludothek.k", True, None)
        assert storage.get("ludothek.k") is None and "ludothek.k" in storage.refused
        storage.set("ludothek.k", "3")
        assert "ludothek.k" not in storage.refused, "a new write: the old refusal is not its"

    def test_another_windows_changes_reach_the_mirror_and_nothing_else_does(self):
        storage = MirroredStorage("ok", {"ludothek.a": "1", "ludothek.b": "2"}, lambda *write: None)
        storage.changed({"ludothek.a": None, "ludothek.c": "3", "elsewhere": "x"})
        assert sorted(storage.keys()) == ["ludothek.b", "ludothek.c"]

    @pytest.mark.parametrize("told", [None, [], "ok", {"status": "ok", "items": []}, {"status": "weird", "items": {"ludothek.a": 5}}])
    def test_a_start_message_of_any_shape_gives_a_storage(self, told):
        storage = MirroredStorage.from_start(told, lambda *write: None)
        assert storage.status in ("ok", "blocked") and storage.keys() == []


class TestTwoWindows:
    def test_a_stale_window_never_overwrites_moves_made_in_another(self):
        storage = DictStorage()
        store = SaveStore(storage)
        store.save(session(moves=["a1"]), 1.0)
        first, second = store.load("s1"), store.load("s1")
        first.play("g7")
        store.save(first, 2.0)
        second.play("d4")
        with pytest.raises(SaveConflict) as conflict:
            store.save(second, 3.0)
        assert conflict.value.entry_text is not None
        assert store.load("s1").moves == ["a1", "g7"]
        # A window that has caught up (its moves extend the stored ones) saves normally.
        third = store.load("s1")
        third.play("d4")
        store.save(third, 4.0)
        assert store.load("s1").moves == ["a1", "g7", "d4"]

    def test_a_game_deleted_in_one_window_stays_deleted(self):
        storage = DictStorage()
        store = SaveStore(storage)
        store.save(session(moves=["a1"]), 1.0)
        other = store.load("s1")
        store.delete("s1")
        other.play("g7")
        with pytest.raises(SaveConflict) as conflict:
            store.save(other, 2.0)
        assert conflict.value.entry_text is None and store.ids() == []


class TestHostileImports:
    def test_deep_nesting_is_refused_with_a_message(self):
        store = SaveStore(DictStorage())
        for text in ["[" * 100_000 + "]" * 100_000, "[" * 100_000, '{"format":"ludothek-saves","saves":[' + "{" * 60 + "}" * 60 + "]}"]:
            imported, problems = store.import_text(text, lambda: "x", 1.0)
            assert imported == [] and problems and problems[0].reason

    def test_each_bad_item_gets_a_message_and_good_items_import(self):
        good = session(moves=["a1"]).record()
        items = [
            {"record": good, "meta": {"created": 10**400 // 10**380, "redo": ["zz"]}},
            {"record": {**good, "moves": ["c\u00b26"]}},
            {"record": {**good, "seed": 1e300}},
            "junk",
            {"record": None},
        ]
        text = json.dumps({"format": "ludothek-saves", "version": 1, "saves": items})
        ids = iter(f"n{i}" for i in range(10))
        store = SaveStore(DictStorage())
        imported, problems = store.import_text(text, lambda: next(ids), 5.0)
        assert imported == ["n0"] and len(problems) == 4 and all(p.reason for p in problems)
        assert store.load("n0").redo_stack == []

    def test_the_same_file_twice_is_recognised(self):
        source = SaveStore(DictStorage())
        source.save(session(moves=["a1", "b2"]), 1.0)
        text = source.export_text()
        target = SaveStore(DictStorage())
        ids = iter(["n1", "n2", "n3"])
        assert target.import_text(text, lambda: next(ids), 5.0) == (["n1"], [])
        imported, problems = target.import_text(text, lambda: next(ids), 6.0)
        assert imported == [] and "already" in problems[0].reason
        assert target.ids() == ["n1"]
        # A record file as people write it (seats without types) is recognised too.
        record = {"format": "ludothek", "version": 1, "game": "momentum", "players": [{"name": "A"}, {}], "seed": 3, "moves": ["a1"]}
        assert len(target.import_text(json.dumps(record), lambda: next(ids), 7.0)[0]) == 1
        assert target.import_text(json.dumps(record), lambda: next(ids), 8.0)[0] == []

    def test_import_runs_in_steps_with_progress(self):
        source = SaveStore(DictStorage())
        for i in range(5):
            s = session(moves=["a1"][: i % 2])
            s.save_id = f"s{i}"
            s.seats = [Seat(f"P{i}"), Seat("Q")]
            source.save(s, 1.0)
        ids = iter(f"n{i}" for i in range(10))
        steps = SaveStore(DictStorage()).import_steps(source.export_text(), lambda: next(ids), 2.0)
        progress = []
        while True:
            try:
                progress.append(next(steps))
            except StopIteration as stop:
                result = stop.value
                break
        assert progress[-1] == (5, 5) and len(result.imported) == 5

    def test_items_split_by_the_caller_are_read_one_by_one(self):
        good = json.dumps({"record": session(moves=["a1"]).record()})
        texts = [good, "[" * 100_000, "5", '{"record": {"game": "momentum"}}', good]
        ids = iter(f"n{i}" for i in range(10))
        steps = SaveStore(DictStorage()).import_steps(None, lambda: next(ids), 1.0, item_texts=texts)
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                result = stop.value
                break
        assert len(result.imported) == 1 and result.duplicates == 1 and len(result.problems) == 3

    def test_opening_a_save_that_is_not_there_is_a_key_error_even_for_odd_ids(self):
        store = SaveStore(DictStorage())
        for save_id in ["", "%F0%9F%8E%B2", "../x", "x" * 500]:
            with pytest.raises(KeyError):
                store.load(save_id)
        assert store.quarantined() == []


def test_isolate_names_wraps_only_right_to_left_names():
    from ludothek.render.bidi import isolate_names, name_html

    assert isolate_names("Ada &amp; سارا to move", ["Ada", "سارا", "amp"]) == "Ada &amp; <bdi>سارا</bdi> to move"
    assert name_html("<b>") == "<bdi>&lt;b&gt;</bdi>"


def test_names_lose_bidi_overrides():
    assert clean_name("\u202eevil\u202c", "x") == "evil"
    assert clean_name("\u2067سارا\u2069", "x") == "سارا"


# -- arbitrary entries (hypothesis): nothing stored stops the list or escapes as anything but RecordError

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["record", "meta", "game", "players", "moves", "seed", "options", "position", "format", "version", "name", "updated", "redo", "x"]),
            children,
            max_size=6,
        )
    ),
    max_leaves=20,
)
GOOD_RECORD = {"format": "ludothek", "version": 1, "game": "momentum", "players": [{}, {}], "seed": 1, "options": {}, "moves": ["a1"]}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    value=json_values,
    key=st.sampled_from(["record", "meta", "game", "players", "moves", "seed", "options", "position", "redo", "updated"]),
    raw=st.text(max_size=30),
)
def test_any_stored_entry_is_listed_opened_or_set_aside(value, key, raw):
    storage = DictStorage()
    store = SaveStore(storage)
    entry = {"record": dict(GOOD_RECORD), "meta": {"updated": 5}}
    if key in ("meta", "record"):
        entry[key] = value
    elif key in ("redo", "updated"):
        entry["meta"][key] = value
    else:
        entry["record"][key] = value
    storage.set(SAVE_PREFIX + "a", json.dumps(entry))
    storage.set(SAVE_PREFIX + "b", raw)
    storage.set(SAVE_PREFIX + "good", json.dumps({"record": GOOD_RECORD}))
    summaries, problems = store.summaries()
    assert "good" in [s.save_id for s in summaries]
    for summary in summaries:
        assert 0 <= summary.updated < 1e11
        try:
            store.load(summary.save_id)
        except RecordError as exc:
            assert str(exc)
