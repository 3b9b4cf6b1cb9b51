"""The worst links play by link can legally carry (issue 55), for each game offered by link: the
most moves, the most draws, the longest names and options, as the seats' own devices would have
played them (every move legal, every value on its chain). What the receiving device must make of
each: take it up and let its player move and send a link the others read ("move"), show the game
ended at the most moves a game by link holds ("stopped"), or refuse it with its rule.

Used by tests/hostile/make_corpus.py (tests/hostile/remote_worst.txt, which tests/test_hostile_corpus.py
and tests/browser/test_hostile.py feed to the app) and tests/test_remote_limits.py."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable

from ludothek.games import get_game
from ludothek.remote import chance, link, protocol
from ludothek.remote.protocol import MAX_LINK_MOVES, Own, RemoteGame
from remote_cheat import packed_unchecked

# Forty characters of four bytes each (UTF-8), each another (nothing for the link's deflate to
# find twice): the longest names a link carries.
LONG_NAMES = ["".join(chr(0x1F400 + 40 * seat + i) for i in range(40)) for seat in range(4)]
# Every option each game offers by link at its longest, with the most players it takes.
WORST_SETUPS: dict[str, tuple[dict[str, Any], int]] = {
    "momentum": ({"size": "9x9", "round_limit": 999, "random_specials": 16}, 3),
    "fenn": ({"first": "blue"}, 2),
    "mops": ({"ersatz": True, "wertung": True}, 4),
    "nummerus": ({"rounds": 20, "swap": True, "swap_chips": 3}, 4),
}


def secret_of(seat: int) -> bytes:
    return bytes([0x60 + seat]) * chance.VALUE_BYTES


# A move chosen by a seat's player: (state, legal moves, random) -> one of them.
Choose = Callable[[Any, list[str], random.Random], str]


@dataclass(frozen=True)
class Played:
    """A game played by every seat, each chance event decided from every seat's value as the
    devices decide it: the game with every commitment and no reveal (`at` adds them), and the
    number of chance events started after each number of moves."""

    rg: RemoteGame
    events: tuple[int, ...]  # events[n]: chance events started once n moves are played

    def at(self, count: int, reveals_of: dict[int, int] | None = None) -> RemoteGame:
        """The game after `count` moves, each seat's value given for every event started by then
        (a seat in `reveals_of`: for the events started once that many moves were played)."""
        reveals = []
        for seat in range(self.rg.players):
            events = self.events[(reveals_of or {}).get(seat, count)]
            reveals.append((events - 1, chance.chain_value(secret_of(seat), events - 1)) if events else None)
        return replace(self.rg, moves=self.rg.moves[:count], reveals=tuple(reveals))


def play(game_id: str, options: dict[str, Any], players: int, choose: Choose, seed: int = 0, most: int = MAX_LINK_MOVES, moves: tuple[str, ...] = ()) -> Played:
    """The game played by `choose` (after `moves`, given) until it ends or holds `most` moves."""
    rng = random.Random(seed)
    rg = protocol.start(game_id, players, 0, options, LONG_NAMES[:players], secret_of(0))
    rg = replace(rg, commitments=tuple(chance.commitment(secret_of(s)) for s in range(players)))
    game, gid = get_game(game_id), rg.game_id
    events = 0
    seed_value = 0
    if chance.setup_has_chance(game_id, options):
        seed_value = chance.setup_seed(chance.event_randomness(gid, 0, [chance.chain_value(secret_of(s), 0) for s in range(players)]))
        events = 1
    state = game.new_game(players=players, seed=seed_value, **options)
    played, started = [], [events]
    while not game.is_over(state) and len(played) < most:
        move = moves[len(played)] if len(played) < len(moves) else choose(state, game.legal_moves(state), rng)
        after = game.play(state, move)
        if chance.starts_event(game_id, state, after):
            randomness = chance.event_randomness(gid, events, [chance.chain_value(secret_of(s), events) for s in range(players)])
            after = chance.play_with(game_id, state, move, randomness)
            events += 1
        played.append(move)
        started.append(events)
        state = after
    return Played(replace(rg, moves=tuple(played)), tuple(started))


def states(rg: RemoteGame) -> list[Any]:
    """The state after each number of moves of a game every seat's values decide (`Played.at`)."""
    found: list[Any] = []
    progress = protocol.replay(rg, Own(0, secret_of(0)), found)
    return found + [progress.state]


def movers(rg: RemoteGame) -> tuple[int, ...]:
    return protocol.replay(rg, Own(0, secret_of(0))).movers


# -- how each game's longest game is played ----------------------------------------------------------


def any_move(state: Any, legal: list[str], rng: random.Random) -> str:
    return rng.choice(legal)


def nummerus_longest(state: Any, legal: list[str], rng: random.Random) -> str:
    """Every swap declined: the swap chips are kept, so a decision follows every chip taken (two
    moves a chip: a 20-round tournament of 4 near 1,920 moves)."""
    return "noswap" if "noswap" in legal else rng.choice(legal)


def momentum_longest(state: Any, legal: list[str], rng: random.Random) -> str:
    """A move after which the game goes on, keeping the emptiest hand as full as can be."""
    game = get_game("momentum")

    def kept(move: str) -> tuple[int, int, float]:
        after = game.play(state, move)
        return (0 if game.is_over(after) else 1, min(after.hands), rng.random())

    return max(legal, key=kept)


def fenn_padding(state: Any, seat: int, count: int) -> list[str]:
    """`count` steps of one Fenn turn of `seat` from `state` (its start), each earning an extra
    step, so that 'end' may follow any of them: the die goes round a cycle of fields, a turn as
    long as a modified client likes."""
    game = get_game("fenn")

    def extra_steps(s: Any) -> list[tuple[str, Any]]:
        found = []
        for move in game.legal_moves(s):
            after = game.play(s, move) if ":" in move else None
            if after is not None and game.current_player(after) == seat and any(":" in m for m in game.legal_moves(after)):
                found.append((move, after))
        return found

    def cycle(s: Any, moves: list[str], seen: list[str]) -> tuple[list[str], int] | None:
        key = game.position(s)
        if key in seen:
            return moves, seen.index(key)
        if len(moves) > 12:
            return None
        for move, after in extra_steps(s):
            found = cycle(after, moves + [move], seen + [key])
            if found is not None:
                return found
        return None

    found = cycle(state, [], [])
    if found is None:
        raise AssertionError("no cycle of extra steps from this turn's start")
    moves, start = found
    steps = moves[:start]
    while len(steps) < count:
        steps.extend(moves[start:])
    return steps[:count]


# -- the worst links ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Worst:
    """A worst link and the device it reaches: `held` is the game as that device holds it (None:
    a device that holds nothing, the link is an invitation), `seat` its seat. `expected`: "move"
    (its player moves and sends), "stopped" (shown ended), or the rule it is refused by. `sender`
    is the seat whose device sent it (it reads the answer)."""

    name: str
    data: str
    seat: int
    held: RemoteGame | None
    expected: str
    sender: int

    def own(self) -> Own:
        return Own(self.seat, secret_of(self.seat))

    def entry(self) -> tuple[str, str] | None:
        """The receiving device's stored entry (its key after 'ludothek.remote.' and its text)."""
        if self.held is None:
            return None
        from ludothek.web.remote_games import RemoteStore
        from ludothek.web.saves import DictStorage

        storage = DictStorage()
        held = RemoteStore(storage).put(self.held, self.own(), 1.0)
        return held.key, storage.data["ludothek.remote." + held.key]


def _reaching(played: Played, seat: int) -> tuple[int, int]:
    """The latest number of moves after which it is `seat`'s move in a game not yet over, and the
    number of moves up to that seat's last move before (what its device sent last)."""
    game = get_game(played.rg.game)
    every = states(played.at(len(played.rg.moves)))
    who = movers(played.at(len(played.rg.moves)))
    for count in range(len(played.rg.moves), 0, -1):
        if not game.is_over(every[count]) and game.current_player(every[count]) == seat and who[count - 1] != seat:
            mine = [n for n in range(count) if who[n] == seat]
            if mine:
                return count, mine[-1] + 1
    raise AssertionError("no position to send from")


def longest_game(game_id: str) -> Worst:
    """The game played at its longest (Nummerus: every swap declined; Momentum: the longest of a
    few games that keep every hand full; Mops: to its last tile, every draw made), cut where the
    last seat to move a round later is to move again: that seat's device holds the game as it
    last sent it and receives the rest."""
    options, players = WORST_SETUPS[game_id]
    chooser = {"nummerus": nummerus_longest, "momentum": momentum_longest}.get(game_id, any_move)
    played = max((play(game_id, options, players, chooser, seed) for seed in range(4 if game_id == "momentum" else 1)), key=lambda p: len(p.rg.moves))
    seat = players - 1
    count, sent = _reaching(played, seat)
    who = movers(played.at(count))
    return Worst(f"{game_id}-longest", link.encode(played.at(count, {seat: sent})), seat, played.at(sent), "move", who[count - 1])


def fenn_links() -> list[Worst]:
    """Fenn's turn of extra steps, as long as a modified client likes: an invitation that leaves
    Ben the last move a game by link holds (he moves, the game stops, he sends), one that holds
    that many moves itself and one of the issue's length (both refused); and a held game padded
    to the limit (it stops there) and one past it (refused)."""
    options, _ = WORST_SETUPS["fenn"]
    game = get_game("fenn")
    start = game.new_game(players=2, **options)
    anna = Own(0, secret_of(0))
    invited = protocol.start("fenn", 2, 0, options, LONG_NAMES[:2], anna.secret)

    def invitation(steps: int) -> str:
        moves = fenn_padding(start, 0, steps) + ["end"]
        return packed_unchecked(replace(protocol.advance(invited, anna), moves=tuple(moves)))

    found = [
        Worst("fenn-invitation-last-move", invitation(MAX_LINK_MOVES - 2), 1, None, "move", 0),
        Worst("fenn-invitation-at-the-limit", invitation(MAX_LINK_MOVES - 1), 1, None, "too-many-moves", 0),
        Worst("fenn-invitation-of-issue-55", invitation(4_999), 1, None, "too-many-moves", 0),  # 5,000 moves with 'end
    ]
    # A game under way: Ben holds it after his turn; Anna pads hers up to the limit, then past it.
    for seed in range(50):
        opening = play("fenn", options, 2, any_move, seed=seed, most=12)
        every, who = states(opening.rg), movers(opening.rg)
        count = max((n for n in range(1, len(every)) if game.current_player(every[n]) == 0 and who[n - 1] == 1 and not game.is_over(every[n])), default=0)
        try:
            padded = fenn_padding(every[count], 0, MAX_LINK_MOVES - count)
        except AssertionError:
            continue  # no cycle of extra steps from there: another opening
        if count:
            break
    at_limit = play("fenn", options, 2, any_move, moves=opening.rg.moves[:count] + tuple(padded), most=MAX_LINK_MOVES)
    assert len(at_limit.rg.moves) == MAX_LINK_MOVES
    held = at_limit.at(count)
    found.append(Worst("fenn-padded-to-the-limit", link.encode(at_limit.at(MAX_LINK_MOVES)), 1, held, "stopped", 0))
    past = at_limit.at(MAX_LINK_MOVES)
    found.append(Worst("fenn-padded-past-the-limit", packed_unchecked(replace(past, moves=past.moves + ("end",))), 1, held, "too-many-moves", 0))
    return found


def worst_links() -> list[Worst]:
    return [*fenn_links(), *(longest_game(game_id) for game_id in ("momentum", "mops", "nummerus"))]


# -- what the devices make of them ---------------------------------------------------------------------


def corpus_line(line: str) -> tuple[str, str, int, str, tuple[str, str] | None]:
    """A line of tests/hostile/remote_worst.txt: name, what is expected, the seat that sent it, the
    link, and the receiving device's stored entry (key, text) or None."""
    name, expected, sender, text, key, entry = line.split("\t")
    return name, expected, int(sender), text, None if key == "-" else (key, entry)


def turn_played(store: Any, held: Any, now: float) -> Any:
    """The receiving player's turn as the app lets them play it: the first legal move each time
    ('end' where a turn may end), until the game ends or another seat is to act."""
    game = get_game(held.rg.game)
    for _ in range(100):
        progress = protocol.replay(held.rg, held.own)
        if progress.state is None or progress.pending is not None or progress.to_act(held.rg.game) != held.own.seat or game.is_over(progress.state):
            return held
        legal = game.legal_moves(progress.state)
        held = store.play(held, "end" if "end" in legal else legal[0], now)
    raise AssertionError("the turn never ended")


def read_by_the_next(data: str, answer: str) -> Any:
    """The answer's data as the device it is for reads it (it holds the game as `data`, the link
    answered, left it; a game that ended goes to every seat: the first other than the sender's)."""
    from ludothek.web.remote_games import RemoteStore
    from ludothek.web.saves import DictStorage

    rg = link.decode(answer)
    progress = protocol.replay(rg)
    seat = progress.to_act(rg.game)
    if seat is None:  # the game has ended: the seat after the last mover learns it
        seat = (progress.movers[-1] + 1) % rg.players
    own = Own(seat, secret_of(seat))
    store = RemoteStore(DictStorage())
    store.put(link.decode(data, own), own, 1.0)
    return store.receive(answer, 2.0)
