"""The Wildlife Web widget's Python side: messages in, traits out, bad messages refused."""

import json

import pytest

from ecogames.bots import BOTS, make_bot, play
from ecogames.games import wildlifeweb
from ecogames.games.wildlifeweb.bots import GreedyBot, win_chance
from ecogames.games.wildlifeweb.widget import Widget, card_faces, species_in_packs
from tests.support.messages import send, snapshot


def after_setup(seed=629):
    """A game whose Packs the greedy bot has chosen: the dealer's first turn."""
    game = wildlifeweb.new_game(players=2, seed=seed)
    bot = GreedyBot(seed)
    while game.phase in ("setup_roadkill", "draft"):
        game.apply(bot.choose(game, game.legal_actions()))
    return game


def until_hunt(widget):
    """Play the dealer's first turn up to feeding, then return a legal hunt's id."""
    if widget.game.phase == "swap":
        send(widget, {"kind": "act", "action": {"type": "keep_pack"}})
    assert widget.game.phase == "feed"
    return next(a["id"] for a in widget.legal_entries() if a["action"]["type"] == "hunt")


@pytest.fixture
def widget():
    return wildlifeweb.new_game(players=2, seed=7).widget()


def test_widget_function_and_initial_traits(widget):
    assert isinstance(widget, Widget) and widget.game_id == "wildlifeweb"
    assert widget.title == "Wildlife Web" and widget.bots == {}
    assert widget.status["phase"] == "setup_roadkill" and widget.status["current_player"] == 0
    # one choice per species of the habitat: two cards of a species are alike (D33)
    species = {c["species"] for c in widget.view["habitat"]}
    assert len(widget.legal_entries()) == len(species)
    assert {a["action"]["type"] for a in widget.legal_entries()} == {"place_roadkill"}
    assert all(a["label"].startswith("Place the ") for a in widget.legal_entries())
    # the static parts of the view travel once, in the layout
    assert "highway_cards" not in widget.view and "reference" not in widget.view
    assert widget.drawing["static_view"]["highway_cards"][0] == "Interstate 90"
    assert widget.drawing["static_view"]["pack_size"] == 4
    assert len(widget.view["habitat"]) == 20 and widget.view["highway"] == []
    # every card on the table has a face the browser can draw
    faces = widget.drawing["cards"]
    assert faces == card_faces() and len(faces["species"]) == 52
    hawk = faces["species"]["red_tailed_hawk"]
    assert (hawk["size"], hawk["power"], hawk["habitats"]) == (2, 16, ["air", "trees", "ground"])
    assert [b["name"] for b in hawk["abilities"]] == ["Pair Hunting", "Swipe"]
    assert faces["pets"] == {"e.house_cat.1": "house_cat", "e.house_cat.2": "house_cat",
                             "e.ranch_dog.1": "dog", "e.ranch_dog.2": "dog"}
    assert len(faces["events"]) == 48 and len(faces["forage"]) == 24
    for card in widget.view["habitat"]:
        assert card["species"] in faces["species"]


def test_a_game_plays_in_its_widget():
    w = after_setup().widget(bots={1: "wildlifeweb-greedy"})
    assert isinstance(w, Widget) and w.bots == {"1": "wildlifeweb-greedy"}
    assert wildlifeweb.Widget is Widget


def test_options_reach_the_game():
    w = wildlifeweb.new_game(players=3, seed=1, offspring_to_win=2).widget()
    assert w.game.players == 3 and w.game.target == 2
    assert w.drawing["static_view"]["target"] == 2 and len(w.status["players"]) == 3


def test_a_click_places_roadkill(widget):
    card = widget.view["habitat"][0]["card"]
    send(widget, {"kind": "act", "action": {"type": "place_roadkill", "card": card}})
    assert widget.error == ""
    assert widget.view["highway"] == [card] and len(widget.view["habitat"]) == 19
    assert widget.history == [widget.cascade["label"]]
    assert widget.history[0].startswith("Player 1: Place the ")
    event = widget.cascade["events"][0]
    assert event["kind"] == "roadkill" and event["touched"]["cards"] == [card]
    assert widget.event_log == [event["text"]]


def test_a_hunt_sends_its_dice_and_the_view_before_each_roll():
    w = Widget(after_setup())
    hunt = until_hunt(w)
    action = w.legal_entries()[hunt]["action"]
    send(w, {"kind": "act", "id": hunt})
    assert w.error == ""
    events = w.cascade["events"]
    kinds = [e["kind"] for e in events]
    assert kinds[0] == "hunt" and ("roll" in kinds or "hide" in kinds)
    assert events[0]["touched"]["cards"] == [action["animal"], action["prey"]]
    for e in events:
        if e["kind"] == "roll":
            assert len(e["touched"]["dice"]) == 2
            assert all(1 <= d <= 6 for d in e["touched"]["dice"])
    assert len(w.cascade["patches"]) == len(events)
    pack = {a["card"]: a for a in w.view["packs"][0]}
    assert pack[action["animal"]]["acted"] is True
    if kinds[-1] == "eat":
        assert action["prey"] in pack[action["animal"]]["food"]
    send(w, {"kind": "step", "index": 0})
    assert w.step == 0 and w.error == ""


def test_the_food_web_panel_shows_the_packs_species():
    w = wildlifeweb.new_game(players=2, seed=7).widget()
    ids = {n["id"] for n in w.food_web["nodes"]}
    assert ids == {"plants", "invertebrates", "fish", "carrion"}  # the Packs are empty
    game = after_setup()
    w = Widget(game)
    ids = {n["id"] for n in w.food_web["nodes"]}
    assert set(species_in_packs(game)) <= ids and len(ids) == len(species_in_packs(game)) + 4
    labels = {n["id"]: n["label"] for n in w.food_web["nodes"]}
    assert labels["coyote"] == "Coyote" and labels["black_capped_chickadee"] == "Chickadee"


def test_the_held_event_card_is_seen_only_by_its_holder():
    game = after_setup()
    game.pending[1] = "e.full_moon.1"
    game.edeck.remove("e.full_moon.1")
    w = Widget(game)
    assert w.view["you"] == 0 and w.view["held_event"] == [None, "hidden"]
    assert "e.full_moon.1" not in json.dumps(w.traits_json())


@pytest.mark.parametrize("message", [
    "not an object",
    {"kind": "fly"},
    {"kind": "act"},
    {"kind": "act", "id": 999},
    {"kind": "act", "id": True},
    {"kind": "act", "action": {"type": "hunt", "animal": "w.coyote.2"}},
    {"kind": "act", "action": {"type": "place_roadkill", "card": "w.no_such_animal.1"}},
    {"kind": "act", "action": {"type": "end_turn"}},
    {"kind": "act", "action": {"type": "draft", "card": 7}},
    {"kind": "act", "action": {"type": "place_roadkill", "card": "x" * 70_000}},
    {"kind": "step", "index": 3},
    {"kind": "seat", "player": 5, "bot": "wildlifeweb-greedy"},
    {"kind": "seat", "player": 1, "bot": "nobody"},
    {"kind": "undo", "to": 3},
])
def test_a_malformed_or_illegal_message_is_refused_and_changes_nothing(widget, message):
    before = snapshot(widget)
    send(widget, message)
    assert widget.error != ""
    assert snapshot(widget) == before


def test_an_illegal_hunt_is_explained_and_changes_nothing():
    w = Widget(after_setup())
    chosen = until_hunt(w)
    hunt = next(a for a in w.legal_entries() if a["id"] == chosen)["action"]
    before = snapshot(w)
    mine = next(a["card"] for a in w.view["packs"][0] if a["card"] != hunt["animal"])
    send(w, {"kind": "act", "action": {"type": "hunt", "animal": hunt["animal"], "prey": mine}})
    assert "a carnivore hunts the central habitat or other players' animals" in w.error
    assert snapshot(w) == before


def test_bot_seats_undo_and_new_game():
    w = wildlifeweb.new_game(players=2, seed=3).widget(bots={1: "wildlifeweb-greedy"})
    assert "wildlifeweb-greedy" in w.bot_names and w.bots == {"1": "wildlifeweb-greedy"}
    for _ in range(12):
        w.bot_move()  # the seat on turn's bot, or a random move for the person in seat 0
    assert w.error == "" and len(w.history) == 12
    send(w, {"kind": "undo", "to": 4})
    assert len(w.history) == 4 and len(w.game.history) == 4
    send(w, {"kind": "new_game", "seed": 9})
    assert w.history == [] and w.status["phase"] == "setup_roadkill"
    assert w.game.options == {"offspring_to_win": 3}


def test_the_greedy_bot_is_registered_and_finishes_games():
    assert "wildlifeweb-greedy" in BOTS
    assert win_chance(10, 10) == pytest.approx(0.5) and win_chance(20, 10) == 1.0
    for seed in range(3):
        game = wildlifeweb.new_game(players=2, seed=seed)
        outcome = play(game, [make_bot("wildlifeweb-greedy", seed), GreedyBot(seed + 1)])
        assert outcome.winners and game.turn < 40


def test_the_greedy_bot_feeds_mates_and_raises_offspring():
    game = after_setup()
    bot = GreedyBot(1)
    if game.phase == "swap":
        game.apply({"type": "keep_pack"})
    assert bot.choose(game, game.legal_actions()).type != "end_feeding"
    done = {a.type for a in _played_by(bot, game, 300)}
    assert {"forage", "take_mate", "raise_offspring"} <= done


def _played_by(bot, game, n):
    played = []
    for _ in range(n):
        if game.is_over:
            break
        action = bot.choose(game, game.legal_actions())
        played.append(action)
        game.push(action)
    return played
