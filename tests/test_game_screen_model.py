"""The game screen's model (render/game_screen.py), in CPython: what the screen shows for a state,
as literal text and values, for every game. web/game_screen.py only writes it into the page."""

from __future__ import annotations

import random

import pytest

from random_games import random_game
from ludothek.games import GAME_IDS, get_game
from ludothek.i18n import set_language
from ludothek.render import get_view
from ludothek.render.game_screen import REGIONS, History, game_screen_model, player_may_move, refused_click_text
from ludothek.render.game_screen import move_announcement, redo_announcement, replay_announcement, undo_announcement
from ludothek.render.view import UIState
from ludothek.web.session import GameSession, Seat

# Per game: the status at the start of seed 1 (Ada human, Bo the computer), and after random moves
# (random.Random(3)) to the end: how many moves, the status naming the winner, the last move in words.
CASES = {
    "momentum": (
        "Ada to move: place a stone (8 left).",
        17,
        "Ada wins!",
        "Ada placed a stone on a3. Pushed: Blue b3 to c3, Red b4 to c5.",
    ),
    "nummerus": (
        "Ada to move: take one of the 7 chips the star can reach (ringed).",
        48,
        "Ada wins with the chains 4 · 3 · 3 · 2 · 2 · 2!",
        "Bo moves the star down from f5 to f3 and takes 5. Now a chain of 2: 4–5.",
    ),
    "fenn": (
        "The black die shows 4: Red begins. Bo (red) to move: pick a field, then the die's new top.",
        69,
        "Ada (blue) wins: the die has crossed the board!",
        "Ada (blue) steps from field 7 to field 9 and turns 5 up. The die has reached the far end: Ada (blue) wins!",
    ),
    "mops": ("Ada: place the yellow bowl.", 53, "Ada wins with 7 points!", "Bo placed the green bowl on h7."),
    # Momox writes its walk under the board itself: no line under the status.
    "momox": ("Ada to move: lift a bowl.", 233, "Bo collected all four tiles first and wins with 1234!", ""),
}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def new_session(game_id: str) -> GameSession:
    return GameSession.new(game_id, [Seat("Ada"), Seat("Bo", "computer", 1)], seed=1, options={}, save_id="s1")


def model_of(session: GameSession, ui: UIState | None = None, *, thinking_seat: int | None = None, readonly: bool = False):
    view = get_view(session.game_id)
    interactive = player_may_move(
        readonly=readonly,
        replaying=session.is_replaying,
        over=session.is_over(),
        computer_to_move=session.computer_to_move(),
        thinking=thinking_seat is not None,
    )
    return game_screen_model(
        view,
        History.of(session, lambda state: session.game.observation(state, None)),
        ui or UIState(),
        turn=session.game.current_player(session.state),
        over=session.is_over(),
        thinking_seat=thinking_seat,
        interactive=interactive,
    )


def played_to_end(game_id: str) -> GameSession:
    session = new_session(game_id)
    rng = random.Random(3)
    while moves := session.game.legal_moves(session.state):
        session.play(rng.choice(moves))
    return session


def enabled(model) -> dict[str, bool]:
    return {control.action: control.enabled for control in model.controls}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_the_start_offers_no_undo_and_says_who_moves(game_id):
    session = new_session(game_id)
    model = model_of(session)
    status = CASES[game_id][0]
    assert model.status == status
    assert model.last_move == ""
    controls = enabled(model)
    # Nothing to take back or replay yet, and nothing to review.
    assert controls["undo"] is False and controls["redo"] is False
    assert "review-open" not in controls
    assert controls["new-same"] and controls["share"] and controls["export-current"]
    assert 'data-action="undo" title="Take back your last move (U)" disabled=""' in model.region("controls")
    assert [name for name, _ in model.regions] == list(REGIONS)
    assert model.names == ("Ada", "Bo")
    assert model.dataset == {"turn": str(session.game.current_player(session.state)), "moves": "0", "over": "0", "thinking": "0"}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_on_the_computers_turn_the_status_says_it_thinks_and_the_board_takes_no_input(game_id):
    session = new_session(game_id)
    assert "hint" in enabled(model_of(session)) or session.computer_to_move(), "the human's turn offers the hint"
    while not session.computer_to_move():  # Ada's first moves, up to Bo's turn
        session.play(session.game.legal_moves(session.state)[0])
    model = model_of(session)
    assert model.ui.interactive is False and model.region("actions") == ""
    thinking = model_of(session, thinking_seat=1)
    assert thinking.status == "Bo is thinking…"
    assert thinking.thinking and thinking.dataset["thinking"] == "1" and thinking.dataset["turn"] == "1"
    assert thinking.ui.interactive is False
    assert thinking.region("actions") == ""
    assert "hint" not in enabled(thinking), "no hint while the computer plays"
    assert '<span class="badge turn">thinking…</span>' in thinking.region("players")


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_at_the_end_the_status_names_the_winner(game_id):
    _, moves, status, last_move = CASES[game_id]
    session = played_to_end(game_id)
    model = model_of(session)
    assert len(session.moves) == moves
    assert model.status == status
    assert model.last_move == last_move
    assert model.over and model.dataset["over"] == "1" and model.dataset["turn"] == "None"
    assert model.ui.interactive is False and model.region("actions") == ""
    assert enabled(model)["review-open"] is True
    assert 'class="badge winner"' in model.region("players")
    # Said aloud with the last move: the result.
    view = get_view(game_id)
    before, after = (session.game.observation(s, None) for s in session.states[-2:])
    said = move_announcement(view, before, session.moves[-1], after, list(model.names), over=True)
    assert said.endswith(" " + view.result_text(after, list(model.names)))


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_a_replay_shows_the_earlier_position_and_locks_undo(game_id):
    session = played_to_end(game_id)
    total = len(session.moves)
    session.replay_to(0)
    model = model_of(session)
    assert model.status == f"Replay: move 0 of {total}. Use “Back to the game” to play on."
    assert model.last_move == ""
    assert model.ui.replaying and not model.ui.interactive and model.ui.last_move is None
    assert enabled(model)["undo"] is False and enabled(model)["redo"] is False
    assert f"Replay: showing the position after move 0 of {total}." in model.region("replay")
    session.replay_to(1)
    one = model_of(session)
    assert one.ui.last_move == session.moves[0]
    assert one.status == f"Replay: move 1 of {total}. Use “Back to the game” to play on."
    assert 'aria-current="step"' in one.region("moves")


def test_undo_and_redo_become_possible_as_the_game_goes():
    session = GameSession.new("momentum", [Seat("Ada"), Seat("Bo")], seed=1, options={}, save_id="s")
    session.play("d4")
    assert enabled(model_of(session)) | {} == {
        "hint": True,
        "undo": True,
        "redo": False,
        "new-same": True,
        "review-open": True,
        "share": True,
        "export-current": True,
    }
    assert model_of(session).last_move == "Ada placed a stone on d4."
    session.undo()
    after_undo = enabled(model_of(session))
    assert after_undo["undo"] is False and after_undo["redo"] is True


def test_a_read_only_board_takes_no_input():
    model = model_of(new_session("momentum"), readonly=True)
    assert model.ui.interactive is False and model.region("actions") == ""
    assert model.status == "Ada to move: place a stone (8 left)."  # it still says whose turn it is


def test_the_model_reads_plain_data():
    # A history written out by hand, no session: a Momentum start and one move.
    game = get_game("momentum")
    start = game.new_game(players=2, seed=1)
    after = game.play(start, "d4")
    history = History("momentum", (Seat("Ada"), Seat("Bo")), (start, after), ("d4",), shown_index=1, undo=True)
    model = game_screen_model(get_view("momentum"), history, UIState(), turn=1, over=False)
    assert model.status == "Bo to move: place a stone (8 left). Or swap: take over the first stone (pie rule)."
    assert model.last_move == "Ada placed a stone on d4."
    assert enabled(model)["undo"] is True and enabled(model)["redo"] is False
    assert model.dataset == {"turn": "1", "moves": "1", "over": "0", "thinking": "0"}
    # Names come escaped and isolated: a name is never markup.
    hostile = History("momentum", (Seat("<b>Ada</b>"), Seat("Bo")), (start,), (), shown_index=0)
    status = game_screen_model(get_view("momentum"), hostile, UIState(), turn=0, over=False).region("status")
    assert "<b>" not in status and "&lt;b&gt;Ada&lt;/b&gt;" in status


def test_the_model_never_holds_what_is_hidden():
    # Mops Royal's pile and Momox's covered chips: the model is fed observations only.
    for game_id in ("mops", "momox"):
        session = new_session(game_id)
        history = History.of(session, lambda state, game=session.game: game.observation(state, None))
        assert all(state.hidden for state in history.states), game_id


def test_the_model_speaks_german():
    set_language("de")
    model = model_of(new_session("momentum"), thinking_seat=1)
    assert model.status == "Bo denkt nach …"
    assert [control.label for control in model.controls][:3] == ["Zurücknehmen", "Wiederholen", "Neues Spiel"]


def test_what_is_said_when_something_happens():
    assert undo_announcement(1) == "Took back 1 move."
    assert undo_announcement(2) == "Took back 2 moves."
    view = get_view("momentum")
    start = get_game("momentum").new_game(players=2, seed=1)
    assert redo_announcement(view, start, "d4") == "Replayed: d4."
    assert redo_announcement(view, start, None) == ""
    assert replay_announcement(3, was_replaying=False) == "Showing the position after move 3."
    assert replay_announcement(None, was_replaying=True) == "Back to the game."
    assert replay_announcement(None, was_replaying=False) == ""
    assert refused_click_text(replaying=True, thinking=True).startswith("You are looking at an earlier position.")
    assert refused_click_text(replaying=False, thinking=True) == "Please wait: the computer is thinking."
    assert refused_click_text(replaying=False, thinking=False) == ""
    assert player_may_move(readonly=False, replaying=False, over=False, computer_to_move=False, thinking=False)
    for blocked in ("readonly", "replaying", "over", "computer_to_move", "thinking"):
        flags = dict.fromkeys(("readonly", "replaying", "over", "computer_to_move", "thinking"), False) | {blocked: True}
        assert not player_may_move(**flags), blocked


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_move_of_seeded_random_games_is_told_in_words(game_id):
    """The screen model shows the last move in words (`describe_move` on what everyone sees) and
    no longer hides a view's error behind empty text: no move of a seeded random game of any
    setup makes the words fail."""
    game, view = get_game(game_id), get_view(game_id)
    for i, setup in enumerate(game.conformance_setups()):
        s, rng = random_game(game, setup, i, f"words-{game_id}-{i}")
        names = [f"P{k}" for k in range(setup["players"])]
        for _ in range(game.move_cap()):
            if game.is_over(s):
                break
            move = rng.choice(game.legal_moves(s))
            after = game.play(s, move)
            assert isinstance(view.describe_move(game.observation(s, None), move, game.observation(after, None), names), str)
            s = after


def test_ui_changes_name_every_field_of_the_ui_state():
    """`UIState.with_` takes typed changes (UIChanges): each field of the UI state, of its type,
    so that a misspelt or mistyped change fails mypy instead of reaching `replace`."""
    from dataclasses import fields

    from ludothek.render.view import UIChanges

    assert set(UIChanges.__annotations__) == {f.name for f in fields(UIState)}
