"""Issue 15 §2 (a hint from the search bot, searched in a thread, cancellable) and issue 14 §3
(What if… an action's chance draw had come out otherwise), as the browser asks for them."""

import threading

import pytest

from ecogames.core import Game
from ecogames.lab_widgets import HintSearch
from ecogames.widget import GameWidget
from tests.support.messages import send
from tests.support.pond import Pond


def recorded(widget, monkeypatch):
    """Every custom message Python sends the browser (from any thread)."""
    sent = []
    lock = threading.Lock()

    def keep(content, buffers=None):
        with lock:
            sent.append(content)

    monkeypatch.setattr(widget, "send", keep)
    return sent


def hints(sent):
    return [m for m in sent if m["kind"] == "hint"]


@pytest.fixture
def pond():
    return GameWidget(Pond.new_game(players=2, seed=4))


def until_a_roll(widget):
    """Play bot moves until the history holds an action that drew by chance; its index."""
    for _ in range(40):
        for k, entry in enumerate(widget.timeline):
            if entry["chances"]:
                return k
        widget.bot_move()
    raise AssertionError("no chance draw in 40 actions")


# -- the hint ---------------------------------------------------------------------------------

def test_a_hint_sends_progress_then_three_choices_and_plays_nothing(pond, monkeypatch):
    sent = recorded(pond, monkeypatch)
    before = pond.game.to_json()
    search = pond.hint(playouts=60, wait=True)
    assert search.threaded and not search.thread.is_alive()
    messages = hints(sent)
    assert messages[0]["status"] == "searching"
    done = messages[-1]
    assert done["status"] == "done" and done["turn"] == 0 and done["seat"] == 0
    legal = pond.legal_entries()
    assert 1 <= len(done["choices"]) <= 3
    for choice in done["choices"]:
        assert legal[choice["id"]]["action"] == choice["action"]
        assert choice["label"] == legal[choice["id"]]["label"]
        assert 0 <= choice["value"] <= 1
    visits = [c["visits"] for c in done["choices"]]
    assert visits == sorted(visits, reverse=True)
    assert pond.game.to_json() == before and pond.history == []


def test_the_hint_message_starts_a_thread_and_the_kernel_is_free_meanwhile(pond, monkeypatch):
    sent = recorded(pond, monkeypatch)
    monkeypatch.setattr("ecogames.lab_widgets.HINT_PLAYOUTS", 10**6)
    monkeypatch.setattr("ecogames.lab_widgets.HINT_SECONDS", 600.0)  # only Cancel ends it
    send(pond, {"kind": "hint"})
    search = pond.hint_search
    assert search is not None and search.playouts == 10**6
    assert search.running  # the handler returned while it searches
    send(pond, {"kind": "hint_cancel"})
    assert search.wait(60)
    assert hints(sent)[-1]["status"] == "cancelled"
    assert pond.error == ""


def test_the_search_only_sees_what_the_seat_sees(pond, monkeypatch):
    seats = []
    original = Game.determinize

    def spy(self, player, rng):
        seats.append(player)
        return original(self, player, rng)

    monkeypatch.setattr(Game, "determinize", spy)
    recorded(pond, monkeypatch)
    pond.hint(playouts=20, wait=True)
    assert seats and set(seats) == {pond.game.current_player}


def test_playing_on_cancels_a_running_hint(pond, monkeypatch):
    sent = recorded(pond, monkeypatch)
    search = pond.hint(playouts=10**6, seconds=600)
    send(pond, {"kind": "act", "id": 0})
    assert search.wait(60)
    assert hints(sent)[-1]["status"] == "cancelled"
    assert pond.hint_search is search and not search.running


def test_no_hint_on_a_bots_seat_or_when_the_game_is_over(monkeypatch):
    widget = GameWidget(Pond.new_game(players=2, seed=4), bots={0: "random"})
    sent = recorded(widget, monkeypatch)
    send(widget, {"kind": "hint"})
    assert "a hint is for a person" in widget.error
    assert hints(sent) == []
    over = Pond.new_game(players=2, seed=4)
    with pytest.raises(ValueError, match="over"):
        HintSearch(_played_out(over), lambda m: None)


def _played_out(game):
    from ecogames.bots import RandomBot, play

    play(game, RandomBot(1))
    return game


def test_without_threads_the_hint_runs_at_once_with_a_small_budget(pond, monkeypatch):
    sent = recorded(pond, monkeypatch)

    def no_threads(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    search = pond.hint(playouts=500)
    assert not search.threaded and not search.running
    assert search.result is not None and search.result.playouts <= 60
    assert hints(sent)[-1]["status"] == "done" and hints(sent)[-1]["threaded"] is False


# -- what if ----------------------------------------------------------------------------------

def test_timeline_entries_count_their_chance_draws(pond):
    k = until_a_roll(pond)
    assert pond.timeline[k]["chances"] == len(pond.game.chances(k)) == 1
    assert all(e["chances"] == len(pond.game.chances(i)) for i, e in enumerate(pond.timeline))


def test_the_draws_come_with_every_outcome_and_its_probability(pond, monkeypatch):
    k = until_a_roll(pond)
    sent = recorded(pond, monkeypatch)
    send(pond, {"kind": "chances", "action": k})
    (message,) = sent
    (die,) = message["draws"]
    assert message == {"kind": "chances", "action": k, "draws": [die]}
    assert die["name"] == "the die" and die["open"] and not die["secret"]
    assert sum(o["probability"] for o in die["outcomes"]) == pytest.approx(1)
    assert die["outcome"] == pond.game.chances(k)[0].outcome


def test_what_if_another_outcome_shows_its_cascade_and_populations_and_changes_nothing(
        pond, monkeypatch):
    k = until_a_roll(pond)
    for _ in range(4):
        if not pond.game.is_over:
            pond.bot_move()
    real = pond.game.chances(k)[0]
    other = next(j for j, o in enumerate(real.outcomes) if o != real.outcome)
    before = (pond.game.to_json(), pond.timeline, dict(pond.series))
    sent = recorded(pond, monkeypatch)
    send(pond, {"kind": "what_if", "action": k, "draw": 0, "choice": other})
    assert pond.error == ""
    (message,) = sent
    assert (pond.game.to_json(), pond.timeline, dict(pond.series)) == before
    assert message["outcome"] == real.label(real.outcomes[other])
    assert message["real"] == real.label(real.outcome)
    texts = [e["text"] for e in message["cascade"]["events"]]
    assert f"The die shows {real.outcomes[other]}" in texts
    fork = pond.game.fork(k, chance=real.outcomes[other])
    assert message["view"] == pond._dynamic(fork.view(pond.viewer()))
    assert message["played_on"] == len(pond.game.history) - k - 1
    assert message["series"]["steps"][0] == 0 and set(message["series"]["values"]) == \
        set(pond.series["values"])


def test_what_if_the_same_outcome_is_what_happened(pond, monkeypatch):
    k = until_a_roll(pond)
    real = pond.game.chances(k)[0]
    same = real.outcomes.index(real.outcome)
    recorded(pond, monkeypatch)
    message = pond.what_if(k, 0, same)
    cascade, view, _ = pond.cascade_of(k)
    assert message["cascade"] == cascade and message["view"] == view


def test_a_secret_draw_stays_hidden_and_cannot_be_changed(monkeypatch):
    original = Game.chance

    def secret(self, name, outcomes, weights=None, label=None, seen_by=None):
        return original(self, name, outcomes, weights, label, seen_by=(0,))

    monkeypatch.setattr(Game, "chance", secret)
    widget = GameWidget(Pond.new_game(players=2, seed=4), bots={0: "random"})
    k = until_a_roll(widget)
    assert widget.viewer() == 1
    sent = recorded(widget, monkeypatch)
    send(widget, {"kind": "chances", "action": k})
    (die,) = sent[-1]["draws"]
    assert die["secret"] and die["outcome"] is None and die["open"] is False
    assert len(die["outcomes"]) == 6  # what was possible is no secret
    before = widget.game.to_json()
    send(widget, {"kind": "what_if", "action": k, "draw": 0, "choice": 0})
    assert "drawn in secret" in widget.error
    assert widget.game.to_json() == before and len(sent) == 1


@pytest.mark.parametrize("fields, words", [
    ({"action": 99, "draw": 0, "choice": 0}, "no action 99"),
    ({"draw": 5, "choice": 0}, "no draw 5"),
    ({"draw": 0, "choice": 6}, "no outcome 6"),
])
def test_a_what_if_that_cannot_be_is_an_error_and_changes_nothing(pond, monkeypatch, fields,
                                                                   words):
    k = until_a_roll(pond)
    sent = recorded(pond, monkeypatch)
    before = pond.game.to_json()
    send(pond, {"kind": "what_if", "action": k, **fields})
    assert words in pond.error
    assert sent == [] and pond.game.to_json() == before
