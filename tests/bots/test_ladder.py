"""The bot ladder (benchmarks/bot_ladder.py) on a tiny budget: its table's shape and counts."""

from __future__ import annotations

import importlib.util
import sys
from itertools import combinations
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bot_ladder.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_ladder", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bot_ladder"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


ladder_module = _load()


@pytest.fixture(scope="module")
def ladder():  # type: ignore[no-untyped-def]
    from ecogames import bots

    m = ladder_module
    registry = (dict(bots.BOTS), dict(bots._GAME_OF))
    try:
        yield m.run_ladder(games=2, base=m.Budget(playouts=2), strong=m.Budget(playouts=3),
                           competitive=("tulikko",), difficulties=("basic",), players=(3,))
    finally:  # the ladder's bots leave the registry as it was (widgets list every bot)
        bots.BOTS.clear()
        bots.BOTS.update(registry[0])
        bots._GAME_OF.clear()
        bots._GAME_OF.update(registry[1])


def test_every_pair_plays_each_seat_and_the_counts_add_up(ladder) -> None:  # type: ignore[no-untyped-def]
    bots = ["random", "tulikko-greedy", "mcts-2p", "mcts-3p"]
    assert [(m.first, m.second) for m in ladder.matches] == list(combinations(bots, 2))
    for m in ladder.matches:
        assert m.game == "tulikko"
        assert m.games == 2 and m.errors == 0
        assert m.wins + m.draws + m.losses + m.errors == m.games
        assert m.seat0 == {m.first: 1, m.second: 1}
        low, high = m.interval
        assert 0 <= low <= m.rate <= high <= 1
    assert ladder.games == {"tulikko": 2, "toritori": 2}


def test_toritori_teams(ladder) -> None:  # type: ignore[no-untyped-def]
    assert [(t.bot, t.difficulty, t.players) for t in ladder.teams] == [
        ("random", "basic", 3), ("toritori-heuristic", "basic", 3), ("mcts-2p", "basic", 3)]
    for t in ladder.teams:
        assert t.games == 2 and t.errors == 0
        assert t.wins + t.losses + t.errors == t.games


def test_the_table_has_a_row_per_cell(ladder) -> None:  # type: ignore[no-untyped-def]
    text = ladder_module.render(ladder)
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    # two header rows per table, then one row per cell
    assert len(rows) == 2 + 6 + 2 + 3
    tulikko = text.split("**Tulikko**")[1].split("\n\n")[1].splitlines()[2:]
    assert [row.split(" | ")[2:7] for row in tulikko] == [
        [str(m.games), str(m.wins), str(m.draws), str(m.losses), str(m.errors)]
        for m in ladder.matches]
    assert "**Tori**: not played" in text and "2 playouts per move" in text
    targets = [line for line in text.splitlines() if line.startswith("- ")]
    assert len(targets) == 4 + 9  # every competitive game, every Tori-Tori cell
    measured = [line for line in targets if not line.startswith("- not measured")]
    assert [line.split(": ")[1] for line in measured] == [
        "Tulikko", "Tori-Tori basic, 3 players"]


def test_wilson() -> None:
    wilson = ladder_module.wilson
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_section_replaces_itself_and_keeps_the_rest(tmp_path: Path) -> None:
    m = ladder_module
    doc = tmp_path / "bots.md"
    doc.write_text("# Bots\n\nwritten by hand\n", encoding="utf-8")
    m.write_section("first table\n", doc)
    m.write_section("second table\n", doc)
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("# Bots\n\nwritten by hand\n")
    assert text.count(m.START) == 1 and text.count(m.END) == 1
    assert "second table" in text and "first table" not in text
    doc.write_text(text + "\nafter\n", encoding="utf-8")
    m.write_section("third table\n", doc)
    assert doc.read_text(encoding="utf-8").endswith(f"third table\n{m.END}\n\nafter\n")


def test_the_counts_are_the_games_played_again(ladder) -> None:  # type: ignore[no-untyped-def]
    """Each cell's wins, draws and losses, from its games replayed outside the ladder."""
    from ecogames.bots import make_bot, play
    from ecogames.core import registered_games
    from ecogames.experiments import seat_seed

    def winners(game: str, players: int, seats: tuple[str, ...], seed: int,
                **options: object) -> set[int]:
        state = registered_games()[game].new_game(players=players, seed=seed, **options)
        bots = [make_bot(name, seat_seed(seed, seat)) for seat, name in enumerate(seats)]
        return set(play(state, bots).winners)

    for m in ladder.matches:
        tally = [0, 0, 0]  # first wins, draws, second wins
        for seats in ((m.first, m.second), (m.second, m.first)):
            won = winners("tulikko", 2, seats, 0)
            first = seats.index(m.first)
            tally[0 if won == {first} else 2 if won == {1 - first} else 1] += 1
        assert tally == [m.wins, m.draws, m.losses], (m.first, m.second)
    for t in ladder.teams:
        wins = sum(len(winners("toritori", 3, (t.bot,) * 3, seed, difficulty="basic")) == 3
                   for seed in range(2))
        assert wins == t.wins, t.bot
    assert sum(t.wins for t in ladder.teams) > 0  # the heuristic team wins these two


def test_the_store_keeps_each_games_cells_and_merges_a_rerun(ladder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    m = ladder_module
    path = tmp_path / "ladder.json"
    entries = m.store(ladder, path)
    assert set(entries) == {"tulikko", "toritori"}
    again = m.read_store(path)
    assert m.render(again) == m.render(entries)  # the JSON keeps everything the table shows
    # a rerun of one cell with the same budgets replaces that cell and keeps the others
    first = ladder.matches[0]
    rerun = m.Ladder(ladder.base, ladder.strong, {"tulikko": 2},
                     [m.Match("tulikko", first.first, first.second, wins=2, games=2)], [], 1.0,
                     "rerun")
    merged = m.store(rerun, path)["tulikko"]
    assert len(merged.matches) == len(ladder.matches)
    assert merged.matches[0].wins == 2 and merged.matches[1:] == ladder.matches[1:]
    assert merged.commands[-1] == "rerun" and "toritori" in m.read_store(path)
    # other budgets start the game afresh: their cells do not compare with the old ones
    other = m.Ladder(m.Budget(playouts=7), ladder.strong, {"tulikko": 2},
                     [m.Match("tulikko", "random", "mcts-7p", wins=1, games=2)], [], 1.0, "new")
    fresh = m.store(other, path)["tulikko"]
    assert [(c.first, c.second) for c in fresh.matches] == [("random", "mcts-7p")]
    assert "7 playouts per move" in m.render(m.read_store(path))


def test_a_note_on_cells_is_shown_kept_and_dropped_by_a_rerun(ladder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    m = ladder_module
    path = tmp_path / "ladder.json"
    m.store(ladder, path)
    entries = m.annotate("toritori", "played with earlier settings", path)
    text = m.render(m.read_store(path))
    assert m.render(entries) == text
    assert "*Note on these cells:* played with earlier settings" in text
    cell_lines = [line for line in text.splitlines() if line.startswith("- ")]
    noted = [line for line in cell_lines if line.endswith("see the note on these cells")]
    assert noted and all(line.startswith("- ") and "Tori-Tori" in line for line in noted)
    assert "Tulikko" in text and text.count("*Note on these cells:*") == 1
    rerun = m.Ladder(ladder.base, ladder.strong, {"toritori": 2}, [], list(ladder.teams), 1.0,
                     "rerun")
    assert m.store(rerun, path)["toritori"].note == ""
    assert "Note on these cells" not in m.render(m.read_store(path))
    with pytest.raises(KeyError):
        m.annotate("biotopes", "never played here", path)


def test_the_command_line_plays_only_the_toritori_cells_named(tmp_path: Path) -> None:
    from ecogames import bots

    registry = (dict(bots.BOTS), dict(bots._GAME_OF))
    try:
        ladder = ladder_module.main([
            "--game", "toritori", "--playouts", "2", "--games", "1", "--rungs", "mcts",
            "--difficulty", "medium", "--players", "2", "4", "--no-write"])
    finally:
        bots.BOTS.clear()
        bots.BOTS.update(registry[0])
        bots._GAME_OF.clear()
        bots._GAME_OF.update(registry[1])
    assert ladder is not None
    assert [(t.bot, t.difficulty, t.players, t.games) for t in ladder.teams] == [
        ("mcts-2p", "medium", 2, 1), ("mcts-2p", "medium", 4, 1)]
