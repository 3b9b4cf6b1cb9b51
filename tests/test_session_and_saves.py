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
