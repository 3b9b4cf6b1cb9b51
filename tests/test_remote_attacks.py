"""Play by link attacked as a cheating friend would (issue 34): a modified client that crafts any
link, against the app's own code (`web/remote_games.RemoteStore` over `ludothek.remote`). Each
attack that once held is replayed here and must now be refused, with the held game untouched:

1. a move made up for the receiver's own seat (a held game, an invitation, after a fork);
2. a fork that replaces the cheater's move once the receiver's part of its draw is out, to choose
   the draw (Mops Royal: the tile it turns);
3. "Play on from the link" on a line with fewer draws than the held game's;
4. names changed by a link (the receiver's own, a name already learnt);
5. a link made from a held game with other options or without the receiver's commitment.

With three or four players a move forged for a third seat is accepted by the devices it passes
(nothing in a link proves who made a move); the seat's own device refuses it, and the app says so
where such a game is set up. That limit is proven here too."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludothek.games import get_game
from ludothek.i18n import set_language
from ludothek.remote import chance, link, protocol
from ludothek.remote.protocol import Own, RemoteError
from ludothek.render.bidi import isolate
from ludothek.render import remote as words
from ludothek.web.remote_games import RemoteStore
from ludothek.web.saves import DictStorage
from remote_cheat import Table, cut, fork_after_draw, forged_turn, mops_draw_seen, own_turn, packed_unchecked, progress_of, secret_of


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# -- 1. a move made up for the receiver's seat -------------------------------------------------------


@pytest.mark.parametrize(("game_id", "options"), [("momentum", {}), ("fenn", {})])
def test_a_friend_cannot_move_for_you_in_a_held_game(game_id, options):
    table = Table(game_id, options)
    while not (table.addressee() == 0 and len(link.decode(table.data).moves) >= 2):
        table.step()
    anna, ben = table.own(0), table.own(1)
    # Anna's modified client: her move, a move made up for Ben, her next move.
    rg = link.decode(table.data, anna)
    forged = own_turn(forged_turn(own_turn(rg, anna), anna, 1), anna)
    assert len(forged.moves) > len(rg.moves) + 1
    before = table.snapshot(1)
    with pytest.raises(RemoteError) as info:
        table.stores[1].receive(link.encode(forged, anna), 99.0)
    assert info.value.rule == "forged-move" and info.value.params["seat"] == 1
    assert table.snapshot(1) == before
    assert "you did not make it" in words.remote_error_text(info.value, forged)
    # Without the made-up move the same link goes through: only the forgery is refused.
    honest = own_turn(rg, anna)
    assert table.stores[1].receive(link.encode(honest, anna), 100.0).relation == "newer"
    del ben


def test_an_invitation_cannot_hold_a_move_for_the_joining_seat():
    anna = Own(0, secret_of(0))
    rg = protocol.advance(protocol.start("momentum", 2, 0, {}, ["Anna", "Ben"], anna.secret), anna, "d4")
    state = get_game("momentum").play(get_game("momentum").new_game(players=2, seed=0), "d4")
    forged = replace(rg, moves=rg.moves + (get_game("momentum").legal_moves(state)[0],))
    ben = RemoteStore(DictStorage())
    with pytest.raises(RemoteError) as info:
        ben.receive(packed_unchecked(forged), 2.0)
    assert info.value.rule == "unjoined-move" and info.value.params == {"number": 2, "seat": 1}
    assert ben.held() == ([], [])
    # The same with a commitment made up for Ben: the link is then for a seat that has joined, so
    # Ben's device cannot take it up (it shows the game, keeps nothing).
    made_up = replace(forged, commitments=(rg.commitments[0], chance.commitment(b"\x01" * chance.VALUE_BYTES)))
    assert ben.receive(packed_unchecked(made_up), 3.0).relation == "onlooker"
    assert ben.held() == ([], [])


def test_a_fork_cannot_hold_a_move_in_the_receiver_seat():
    table = Table("momentum", {})
    for _ in range(3):
        table.step()
    assert table.addressee() == 1
    ben_held = table.deliver(1)
    anna = table.own(0)
    # Anna goes back before her last move, plays another, then a move for Ben and hers.
    rg = replace(ben_held.rg, moves=ben_held.rg.moves[:-1])
    other = [m for m in get_game("momentum").legal_moves(progress_of(rg, anna).state) if m != ben_held.rg.moves[-1]][0]
    forked = protocol.advance(rg, anna, other)
    honest_fork = table.stores[1].receive(link.encode(forked, anna), 50.0)
    assert honest_fork.relation == "fork" and not honest_fork.locked
    forged = own_turn(forged_turn(forked, anna, 1), anna)
    before = table.snapshot(1)
    with pytest.raises(RemoteError) as info:
        table.stores[1].receive(link.encode(forged, anna), 51.0)
    assert info.value.rule == "forged-move"
    assert table.snapshot(1) == before


def nummerus_for_three() -> Table:
    table = Table("nummerus", {"rounds": 2}, players=3)
    for _ in range(30):
        table.step()
        rg = link.decode(table.data)
        if len(rg.moves) >= 3 and table.addressee() == 0 and protocol.replay(rg).pending is None:
            return table
    raise AssertionError("no position to attack from")


def test_with_three_players_a_move_made_up_for_the_receiver_is_refused():
    table = nummerus_for_three()
    for seat in (1, 2):
        table.deliver(seat)
    anna, ben, cleo = table.own(0), table.own(1), table.own(2)
    rg = link.decode(table.data, anna)
    # Anna sends her move, a move made up for Ben and one for Cleo straight to Cleo.
    forged = forged_turn(forged_turn(own_turn(rg, anna), anna, 1), anna, 2)
    data = link.encode(forged, anna)
    before = table.snapshot(2)
    with pytest.raises(RemoteError) as info:
        table.stores[2].receive(data, 99.0)
    assert info.value.rule == "forged-move" and info.value.params["seat"] == 2
    assert table.snapshot(2) == before
    del ben, cleo


def test_with_three_players_a_move_made_up_for_a_third_seat_is_seen_only_by_that_seat():
    """The limit the app states where such a game is set up: Anna makes up Ben's move and sends
    the link to Cleo, whose device cannot tell (nothing in a link proves who made a move); Ben's
    own device refuses it when the line reaches him."""
    table = nummerus_for_three()
    for seat in (1, 2):
        table.deliver(seat)
    anna = table.own(0)
    forged = forged_turn(own_turn(link.decode(table.data, anna), anna), anna, 1)
    data = link.encode(forged, anna)
    assert table.stores[2].receive(data, 99.0).relation == "newer"
    before = table.snapshot(1)
    with pytest.raises(RemoteError) as info:
        table.stores[1].receive(data, 100.0)
    assert info.value.rule == "forged-move"
    assert table.snapshot(1) == before
    assert "three or four players" in words.setup_offer_html("nummerus")
    assert "three or four players" not in words.setup_offer_html("fenn")


# -- 2. a fork that would choose a draw --------------------------------------------------------------


def test_a_fork_cannot_turn_a_revealed_draw_into_a_choice():
    table, rg, at = mops_draw_seen()
    game = get_game("mops")
    anna, ben = table.own(0), table.own(1)
    # Ben's client holds both values of the draw his move started, so it knows the tile the draw
    # turns on any line; it goes back and plays that move otherwise, knowing what comes.
    fork = fork_after_draw(rg, at, ben)
    predicted = game.revealed_tile(protocol.replay(fork, ben).state)
    assert predicted is not None
    # Had Anna's device played on from the fork, the tile Ben's client worked out would come.
    assert game.revealed_tile(protocol.replay(protocol.fork_line(rg, fork, anna), anna).state) == predicted
    held = table.deliver(0)
    assert held.rg.reveals[0] == rg.reveals[0]
    before = table.snapshot(0)
    received = table.stores[0].receive(link.encode(fork, ben), 99.0)
    assert received.relation == "fork" and received.locked and received.fork_at == at
    assert table.snapshot(0) == before
    with pytest.raises(RemoteError) as info:
        table.stores[0].choose(received.held, received.other, 100.0)
    assert info.value.rule == "fork-after-draw"
    assert table.snapshot(0) == before
    assert "cannot be played on" in words.relation_text("fork", received.fork_at, received.locked)
    html = words.screen_html(received.held.rg, anna, protocol.replay(received.held.rg, anna), _ui(), "x", received.other, fork_locked=True)
    assert "remote-keep" in html and "remote-take" not in html
    # Keeping the held game still works.
    assert table.stores[0].choose(received.held, received.held.rg, 101.0).rg == received.held.rg


def _ui():
    from ludothek.render.view import UIState

    return UIState()


# -- 3. play on from a line with fewer draws ---------------------------------------------------------


def test_play_on_from_a_line_with_fewer_draws_than_the_held_game():
    """Anna holds Ben's reveal for the draw his last move started (the round's last move turns the
    next tile); his fork goes back to his placement before it and places elsewhere, so the line
    ends before that draw. Anna may play on from it (it goes back to no draw she gave her part
    to), and the held reveal for a draw the line never reaches must not break it (it raised)."""
    table = Table("mops", {})
    game = get_game("mops")
    anna, ben = table.own(0), table.own(1)
    found = None
    for _ in range(100):
        if table.step() != 1:
            continue
        rg = link.decode(table.data, anna)
        progress = progress_of(rg, anna)
        mine, theirs = rg.reveals[0], rg.reveals[1]
        if progress.pending is not None or mine is None or theirs is None or theirs[0] <= mine[0]:
            continue
        for at in range(progress.event_moves[mine[0]] + 1, progress.event_moves[theirs[0]] + 1):
            events = sum(1 for start in progress.event_moves if start < at)
            if progress.movers[at] != 1 or events > theirs[0]:
                continue
            before = protocol.replay(cut(rg, at, events), ben).state
            quiet = [m for m in game.legal_moves(before) if m != rg.moves[at] and not chance.starts_event("mops", before, game.play(before, m))]
            if quiet:
                found = rg, at, events, quiet[0]
                break
        if found:
            break
    assert found, "no such position"
    rg, at, events, quiet_move = found
    table.deliver(0)
    fork = protocol.advance(replace(cut(rg, at, events), moves=rg.moves[:at] + (quiet_move,)), ben)
    assert protocol.replay(fork, anna).events <= rg.reveals[1][0]  # fewer draws than Ben's held reveal
    received = table.stores[0].receive(link.encode(fork, ben), 99.0)
    assert received.relation == "fork" and not received.locked
    chosen = table.stores[0].choose(received.held, received.other, 100.0)
    assert chosen.rg.moves == fork.moves
    assert protocol.replay(chosen.rg, anna).state is not None
    # The merge the fork screen used before kept Ben's reveal for the draw the line never reaches.
    with pytest.raises(RemoteError):
        protocol.replay(protocol.merge(received.held.rg, received.other, anna), anna)


def test_every_choice_on_the_fork_screen_keeps_the_game_or_says_why():
    """Whatever line a fork offers, choosing it either plays on or raises RemoteError with the
    held game untouched: the screen shows the reason (web/remote_screen.RemoteScreen.choose)."""
    table, rg, at = mops_draw_seen()
    anna = table.own(0)
    held = table.deliver(1)
    before = table.snapshot(1)
    lines = [replace(rg, moves=rg.moves[:cut]) for cut in range(len(rg.moves))]
    for line in lines:
        for reveals in ((None, rg.reveals[1]), rg.reveals, (None, None)):
            candidate = replace(line, reveals=reveals)
            try:
                table.stores[1].choose(held, candidate, 100.0)
            except RemoteError as exc:
                assert words.remote_error_text(exc, held.rg)
                assert table.snapshot(1) == before
            else:
                table.stores[1].put(held.rg, held.own, held.updated, held.base, held.sent)
    del anna, at


# -- 4. names ----------------------------------------------------------------------------------------


def test_a_link_cannot_rename_the_receiver_or_a_name_already_learnt():
    table = Table("momentum", {})
    for _ in range(3):
        table.step()
    assert table.addressee() == 1
    anna = table.own(0)
    rg = link.decode(table.data, anna)
    renamed = own_turn(replace(rg, names=("Queen", "Ben (resigned)")), anna)
    held = table.stores[1].receive(link.encode(renamed, anna), 99.0).held
    assert held.rg.names == ("Anna", "Ben")
    assert words.status(held.rg, held.own, protocol.replay(held.rg, held.own)) == f"Your move, {isolate('Ben')}"
    assert table.stores[1].get(held.key).rg.names == ("Anna", "Ben")


def test_a_seat_without_a_name_keeps_the_first_it_learns():
    anna, ben = Own(0, secret_of(0)), RemoteStore(DictStorage())
    rg = protocol.advance(protocol.start("momentum", 2, 0, {}, ["Anna", ""], anna.secret), anna, "d4")
    held = ben.receive(link.encode(rg, anna), 1.0, new_secret=lambda: secret_of(1)).held
    _, url = ben.send(held, get_game("momentum").legal_moves(protocol.replay(held.rg, held.own).state)[0], 2.0)
    back = link.decode(link.data_of(url), anna)
    named = own_turn(replace(back, names=("Annabel", "Bo")), anna)
    assert ben.receive(link.encode(named, anna), 3.0).held.rg.names == ("Anna", "")


# -- 5. a held game with other options or without the receiver's commitment --------------------------


def test_a_link_made_from_a_held_game_with_other_options_is_shown_not_kept():
    table = Table("momentum", {})
    for _ in range(3):
        table.step()
    ben_held = table.deliver(1)
    anna = table.own(0)
    rg = link.decode(table.data, anna)
    for changed in (
        replace(rg, options=(("round_limit", 3),), commitments=(rg.commitments[0], None), moves=()),
        replace(rg, options=(("round_limit", 3),), moves=()),
        replace(rg, host=1, commitments=(None, rg.commitments[1]), moves=()),
    ):
        before = table.snapshot(1)
        received = table.stores[1].receive(link.pack(changed, []), 99.0)
        assert received.relation == "altered" and received.held.key == ben_held.key
        assert table.snapshot(1) == before
        assert "settings or players changed" in words.relation_text("altered")


def test_a_link_without_the_receiver_commitment_but_with_its_moves_is_refused():
    table = Table("momentum", {})
    for _ in range(3):
        table.step()
    table.deliver(1)
    rg = link.decode(table.data, table.own(0))
    stripped = replace(rg, commitments=(rg.commitments[0], None), reveals=(rg.reveals[0], None))
    before = table.snapshot(1)
    with pytest.raises(RemoteError) as info:
        table.stores[1].receive(packed_unchecked(stripped), 99.0)
    assert info.value.rule == "unjoined-move"
    assert table.snapshot(1) == before


def test_every_new_rule_has_its_sentence_in_both_languages():
    for rule in ("forged-move", "unjoined-move", "fork-after-draw"):
        error = RemoteError("x", rule, number=3, seat=1)
        english = words.remote_error_text(error)
        set_language("de")
        german = words.remote_error_text(error)
        set_language("en")
        assert "3" in english and english != german
    for relation, locked in (("fork", True), ("altered", False)):
        english = words.relation_text(relation, 2, locked)
        set_language("de")
        assert words.relation_text(relation, 2, locked) not in (None, english)
        set_language("en")
