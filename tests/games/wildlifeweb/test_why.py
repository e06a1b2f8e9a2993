"""Why did it happen (issue 20, D34): Wildlife Web's ids and chains across actions, asserted
link by link on the rulebook's examples, and checked over random games.

Scenarios are laid out with ``helpers.scenario``, the decks left unstacked (a stacked deck is
a trick of one game object; the chains are built by replaying the history from its set-up).
The table is numbered habitat first, then each Pack: ``animal:1`` is the first habitat card.
"""

from __future__ import annotations

import pytest

from ecogames.core import Rng
from ecogames.games.wildlifeweb import EndFeeding, EndTurn, Hunt, KeepPack, TakeMate, new_game
from ecogames.games.wildlifeweb.components import CARD_ANIMAL
from ecogames.games.wildlifeweb.rules import WildlifeWeb
from tests.games.wildlifeweb.helpers import E, F, O, W, animal, dice, scenario

HAWK, HAWK2 = W("red_tailed_hawk"), W("red_tailed_hawk", 2)
MARMOT, EAGLE, COYOTE = W("yellow_bellied_marmot"), W("golden_eagle"), W("coyote")
FROST = E("late_frost")
"""Held by Player 2 to come up next turn: no card is drawn, and nothing in these Packs eats
insects, so the Event does nothing."""


def chain(answer: object) -> list[tuple[int, str]]:
    return [(link.action, link.kind) for link in answer.chain]  # type: ignore[attr-defined]


def test_sample_hunt_why_the_marmot_died() -> None:
    """RB "Sample Hunt": the tie, the chase, the Marmot eaten; its death goes back to the
    hunt, and its roots are the four dice and the hunter's choice."""
    game = scenario(packs=[[animal(HAWK)], []], habitat=[MARMOT], rng=dice(4, 5, 6, 6),
                    stacked=False)
    game.apply(Hunt(HAWK, MARMOT))
    answer = game.why("animal:1")
    assert chain(answer) == [(0, "eat"), (0, "roll"), (0, "tie"), (0, "roll"), (0, "hunt")]
    assert answer.chain[0].text == ("The Yellow-bellied Marmot is eaten and placed as food "
                                    "under the Red-tailed Hawk (food value 2)")
    assert [r.text for r in answer.roots[answer.chain[0].node]] == [
        "the Red-tailed Hawk's die (roll 2) came out 6 (chance 1 in 6)",
        "the Yellow-bellied Marmot's die (roll 2) came out 6 (chance 1 in 6)",
        "the Red-tailed Hawk's die came out 4 (chance 1 in 6)",
        "the Yellow-bellied Marmot's die came out 5 (chance 1 in 6)",
        "Player 1 chose Red-tailed Hawk hunts the Yellow-bellied Marmot in the habitat"]
    eaten = game.last_cascade[4]  # type: ignore[index]
    assert eaten.touched["ids"] == ("animal:2", "family:1", "animal:1")
    assert ("gone", "animal:1") in eaten.writes
    assert ("extinct", "yellow_bellied_marmot") in eaten.writes  # its mate is in the deck
    story = game.story("animal:1")
    assert story.end == "gone" and [link.kind for link in story.events] == ["hunt", "eat"]
    assert game.story("animal:2").end == "in play"  # the Hawk


def test_why_the_pack_did_not_raise_its_offspring() -> None:
    """RB "Hunting Mated Animals": an attack takes one mate; "If both mates are killed in
    separate attacks, the Offspring is returned to the Offspring deck". The Hawk takes one
    Marmot of the pair, the Coyote the other: Player 2 lost its Offspring, and why goes
    back through both attacks."""
    game = scenario(packs=[[animal(HAWK), animal(COYOTE)],
                           [animal(MARMOT, mate=True, food=F(1, 2), offspring=O(1))]],
                    rng=dice(6, 1, 6, 1), stacked=False)
    game.apply(Hunt(HAWK, MARMOT))
    game.apply(Hunt(COYOTE, MARMOT))
    answer = game.why("offspring", seat=1)
    assert chain(answer) == [(1, "orphan"), (1, "roll"), (1, "hunt"),
                             (0, "eat"), (0, "roll"), (0, "hunt")]
    assert answer.chain[0].text == ("Both parents are gone: the Yellow-bellied Marmot's "
                                    "Offspring returns to the Offspring deck")
    assert answer.chain[4].text == ("Red-tailed Hawk: Power 16 + die 6 = 22; Yellow-bellied "
                                    "Marmot: Power 10 + 5 Fortress + 2 Chirp + die 1 = 18")
    # the family (Player 2's Marmot slot) ends with its second parent; the first hunt took
    # the mate (animal:4) and left the family in play
    assert game.story("family:3").end == "gone"
    assert game.why("animal:4").chain[0].action == 0
    assert game.why("family:3").chain[0].kind == "eat"
    assert game.why("family:3").chain[0].action == 1
    with pytest.raises(ValueError, match=r'game\.why\("offspring", seat=1\)'):
        game.why("offspring", seat=0)  # nothing set Player 1's Pack back


@pytest.fixture
def hawks_die_out() -> WildlifeWeb:
    """The Hawk eats the last Marmot on the table (the other card is in the deck), which is
    the food it needs to take the mate waiting in the habitat; on Player 2's turn the Golden
    Eagle takes one Hawk of the pair and the Coyote the other: the Hawks are gone too."""
    game = scenario(packs=[[animal(HAWK)],
                           [animal(EAGLE), animal(COYOTE), animal(W("elk")),
                            animal(W("moose"))]],
                    habitat=[MARMOT, HAWK2], pending=[None, FROST],
                    rng=dice(6, 1, 6, 1, 6, 1), stacked=False)
    for action in (Hunt(HAWK, MARMOT), TakeMate(HAWK, (MARMOT,)), EndTurn(), KeepPack(),
                   Hunt(EAGLE, HAWK), Hunt(COYOTE, HAWK)):
        game.apply(action)
    return game


def test_an_extinction_chain_runs_through_the_prey_species_extinction(
        hawks_die_out: WildlifeWeb) -> None:
    """D34: the last Red-tailed Hawk dies; the chain runs back through the pair the Eagle
    broke, the mate the Hawk took, and the meal that let it: the last Marmot."""
    answer = hawks_die_out.why("extinction", species="red_tailed_hawk")
    assert chain(answer) == [(5, "eat"), (5, "roll"), (5, "hunt"),
                             (4, "eat"), (4, "roll"), (4, "hunt"),
                             (1, "mate"), (1, "seek_mate"),
                             (0, "eat"), (0, "roll"), (0, "hunt")]
    texts = [link.text for link in answer.chain]
    assert texts[6] == ("The Red-tailed Hawk takes a mate found in the central habitat; it "
                        "discards 1 food card(s)")
    assert texts[8] == ("The Yellow-bellied Marmot is eaten and placed as food under the "
                        "Red-tailed Hawk (food value 2)")
    marmot = hawks_die_out.why("extinction", species="yellow_bellied_marmot")
    assert answer.chain[8].node == marmot.chain[0].node  # the Marmots' own extinction
    assert ("extinct", "yellow_bellied_marmot") in hawks_die_out.provenance().event(
        answer.chain[8].node).writes
    assert "<- The Red-tailed Hawk takes a mate" in answer.text
    assert hawks_die_out.story("red_tailed_hawk").end == "gone"


def test_the_first_hawk_eaten_leaves_the_species_on_the_table(
        hawks_die_out: WildlifeWeb) -> None:
    prov = hawks_die_out.provenance()
    first = prov.cascades[4].events[2]
    assert first.kind == "eat"
    assert not any(k[0] == "extinct" for k in first.writes)
    assert ("family", 1) in first.writes and ("gone", "family:1") not in first.writes


def test_why_the_game_was_won_goes_back_to_the_meal_that_matured_the_offspring() -> None:
    """Secure Mature Offspring: the Coyote pair (both day and night) eats a Marmot, its
    Offspring's food is complete; at the start of Player 1's next turn the family is secured,
    the third: Player 1 wins."""
    done = [{"cards": [W("elk"), W("elk", 2)], "offspring": O(1)},
            {"cards": [W("moose"), W("moose", 2)], "offspring": O(2)}]
    game = scenario(packs=[[animal(COYOTE, mate=True, food=F(1, 2, 3), offspring=O(3))],
                           [animal(W("mule_deer")), animal(W("snowshoe_hare")),
                            animal(W("beaver")), animal(W("least_chipmunk"))]],
                    secured=[done, []], habitat=[MARMOT], pending=[None, FROST],
                    highway=[W("pronghorn"), W("pronghorn", 2), W("porcupine"),
                             W("porcupine", 2)], rng=dice(6, 1), stacked=False)
    for action in (Hunt(COYOTE, MARMOT), EndTurn(), KeepPack(), EndFeeding(), EndTurn()):
        game.apply(action)
    assert game.is_over
    answer = game.why("outcome")
    assert chain(answer) == [(4, "win"), (4, "secure"), (0, "eat"), (0, "roll"), (0, "hunt")]
    assert answer.chain[0].text == "Player 1 has raised 3 Offspring and wins the game"
    secure = game.provenance().event(answer.chain[1].node)
    assert ("gone", "family:1") in secure.writes and ("secured", 0) in secure.writes
    assert game.story("animal:2").end == "gone"  # the Coyote left the game with its family


def test_ids_survive_save_load_undo_and_replay(hawks_die_out: WildlifeWeb) -> None:
    def seen(game: WildlifeWeb) -> tuple[object, ...]:
        prov = game.provenance()
        return tuple(sorted(prov.ids)), tuple(sorted(prov.gone.items()))

    before = seen(hawks_die_out)
    assert seen(WildlifeWeb.from_json(hawks_die_out.to_json())) == before
    assert seen(hawks_die_out.replay()) == before
    assert seen(hawks_die_out.clone()) == before
    hawks_die_out.undo(2)
    hawks_die_out.apply(Hunt(EAGLE, HAWK))
    hawks_die_out.apply(Hunt(COYOTE, HAWK))
    assert seen(hawks_die_out) == before
    assert hawks_die_out.register.animals == hawks_die_out.replay().register.animals


def test_questions_it_cannot_answer_say_what_can_be_asked(hawks_die_out: WildlifeWeb) -> None:
    with pytest.raises(ValueError, match="has not left the game"):
        hawks_die_out.why("animal:999")
    with pytest.raises(ValueError, match="still in play"):
        hawks_die_out.why("animal:4")  # the Golden Eagle
    with pytest.raises(ValueError, match="a seat is a whole number"):
        hawks_die_out.why("offspring", seat="two")
    with pytest.raises(ValueError, match="has not gone extinct"):
        hawks_die_out.why("extinction", species="golden_eagle")
    with pytest.raises(ValueError, match="not over yet"):
        hawks_die_out.why("outcome")


# -- random play ---------------------------------------------------------------------------

GAMES = [(seed, 2 + seed % 5) for seed in range(24)]


def played(seed: int, players: int) -> WildlifeWeb:
    game = new_game(players=players, seed=seed)
    rng = Rng(7000 + seed)
    while not game.is_over and len(game.history) < 4000:
        actions = game.legal_actions()
        game.push(actions[rng.below(len(actions))])
    return game


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_random_play_every_chain_holds(seed: int, players: int) -> None:
    game = played(seed, players)
    assert game.is_over
    living = set(game.habitat) | {c for pack in game.packs for a in pack
                                  for c in (a["card"], a["mate"]) if c}
    assert set(game.register.animals) == living
    assert set(game.register.families) == {a["card"] for pack in game.packs for a in pack}
    prov = game.provenance()
    for node, parents in prov.parents.items():  # every dependency points back in time
        for parent in parents:
            assert parent[1] < node[1] or (parent[1] == node[1] and (
                parent[0] != "event" or parent[2] < node[2])), (node, parent)
    in_play = ({f"animal:{n}" for n in game.register.animals.values()}
               | {f"family:{f}" for f in game.register.families.values()})
    for thing, nodes in prov.ids.items():  # every story ends in exactly one state
        story = game.story(thing)
        if thing in prov.gone:  # gone with its cause: the last event naming it
            assert story.end == "gone" and thing not in in_play
            assert max(nodes) == prov.gone[thing], thing
            answer = game.why(thing)
            assert answer.chain[0].node == prov.gone[thing] and answer.roots
        else:
            assert story.end == "in play" and thing in in_play, thing
    assert in_play <= set(prov.ids) | {f"animal:{n}" for n in range(1, 21)}
    assert game.why("outcome").chain[0].kind == "win"
    on_table = {CARD_ANIMAL[card].id for card in game.register.animals}
    for key, node in prov.last_write.items():  # a species can come back from the deck
        if key[0] == "extinct":
            story = game.story(key[1])
            if key[1] in on_table:
                assert story.end == "in play", key
            if story.events[-1].node == node:
                assert story.end == "gone", key
    for key in list(prov.last_write):
        if key[0] == "extinct":
            game.why("extinction", species=key[1])
        elif key[0] == "offspring":
            game.why("offspring", seat=key[1])


def test_tell_makes_the_event_emit_and_note_make() -> None:
    """``why.tell`` (the event made once) gives the event ``log.emit`` then ``note`` give:
    the same touched (ids last), reads, writes and cause (fails if tell drops any)."""
    from ecogames.core import EventLog
    from ecogames.games.wildlifeweb.why import note, tell

    for named in ([], ["animal:3", "family:1"]):
        two, one = EventLog(), EventLog()
        for log in (two, one):
            log.emit("start", "before")
        e = two.emit("eat", "The Elk is eaten", cause=0, cards=["w.01"], nodes=["elk"])
        note(two, e, [("chance", 0)], [("food", 1), ("gone", "animal:2")], named)
        tell(one, "eat", "The Elk is eaten", 0, [("chance", 0)],
             [("food", 1), ("gone", "animal:2")], named, cards=["w.01"], nodes=["elk"])
        assert one.events == two.events
        assert list(one.events[1].touched) == list(two.events[1].touched)
