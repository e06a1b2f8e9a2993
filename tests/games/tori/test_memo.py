"""What the rules remember of a board (``Tori._board``, the walled-in customers, the walks'
caches) never goes stale: at every step of random and greedy games, in the games and in their
copies, the legal actions, the expansion supply and the closed market are what a game read
afresh from the same state finds, and marketing's closer rivals what the game walks now."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecogames.bots import make_bot
from ecogames.core import Rng
from ecogames.games.tori import Tori
from ecogames.games.tori.components import GOODS

NO_SHRINK = ("explicit", "reuse", "generate")


def fresh(game: Tori) -> Tori:
    """The same state, read into a new game: nothing remembered."""
    return Tori.from_state(game._state())


def assert_as_fresh(game: Tori) -> None:
    new = fresh(game)
    assert game.legal_actions() == new.legal_actions()
    assert [game.expansion_supply(g) for g in GOODS] == [new.expansion_supply(g) for g in GOODS]
    assert game.market_closed() == new.market_closed()
    assert [game.walled_in(g) for g in GOODS] == [new.walled_in(g) for g in GOODS]
    # marketing's rivals as kept with the board (_board["closer"]) and as walked now
    stalls = sorted(game.stalls)
    assert [game._closer_competitors(*key) for key in stalls] == [
        game._closer_now(*key) for key in stalls]


@settings(max_examples=4, deadline=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), greedy=st.booleans())
def test_the_memo_of_a_board_is_never_stale(seed, players, greedy):
    game, rng = Tori.new_game(players=players, seed=seed), Rng(seed)
    bot = make_bot("tori-greedy", seed)
    for step in range(700):
        if game.is_over:
            break
        if step % 3 == 0:
            assert_as_fresh(game)
        if step % 50 == 25:
            # a copy goes its own way (its board changes); the game's memory stays true
            twin = game.clone()
            for _ in range(12):
                if twin.is_over:
                    break
                twin.push(rng.choice(twin.legal_actions()))
            assert_as_fresh(twin)
            assert_as_fresh(game)
            assert_as_fresh(game.determinize(game.current_player, rng))
        legal = game.legal_actions()
        game.push(bot.choose(game, legal) if greedy else rng.choice(legal))
    assert_as_fresh(game)


def test_a_stall_knows_its_tiles_and_zones():
    from ecogames.games.tori.rules import Stall, _zones_beside
    from ecogames.games.tori.walking import BIT

    stall = Stall(0, "lemonade", (3, 4), "N", ((3, 3), (2, 3)))
    assert stall.entrance == (2, 4) and stall.door == BIT[(2, 4)]
    assert stall.size == 3 and stall.tiles == ((3, 4), (3, 3), (2, 3))
    assert stall.zone == 5 and stall.zones == _zones_beside(stall.tiles) == {1, 2, 4, 5}
    around = {(3, 4), (3, 3), (2, 3), (2, 4), (4, 4), (3, 5), (3, 2), (4, 3), (1, 3), (2, 2)}
    assert stall.around == sum(BIT[c] for c in around)
    assert Stall(0, "lemonade", (3, 4), "N") == Stall(0, "lemonade", (3, 4), "N", ())
