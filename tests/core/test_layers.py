"""Layers point one way (docs/architecture.md), read from the import statements themselves.

    games/<game>/   components -> rules -> graphs -> widget (+ plots, bots)
    widget.py       the widget base (anywidget), above core and bots
    bots/           the Bot protocol's players, above core
    core/           the Game protocol; imports nothing of ecogames outside core/

Every ``import`` and ``from ... import`` anywhere in a module counts, also those inside
functions (a lazy import is still a dependency).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ecogames

PACKAGE = Path(ecogames.__file__).resolve().parent
GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir()
               if (p / "__init__.py").exists())

RULES_MAY_NOT_IMPORT = {"graphs", "widget", "plots", "bots"}
"""What a game's engine (``rules.py``, and ``components.py`` below it) never imports: the
engine knows nothing of how it is drawn, laid out or played by programs."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every ecogames module ``path`` imports, absolute and dotted (``from a import b``
    gives both ``a`` and ``a.b``: b may be a module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return {m for m in found if m == "ecogames" or m.startswith("ecogames.")}


def modules(under: str) -> list[Path]:
    return sorted((PACKAGE / under).rglob("*.py")) if (PACKAGE / under).is_dir() \
        else [PACKAGE / under]


def test_the_walker_reads_relative_and_absolute_imports():
    assert "ecogames.core.game" in imported(PACKAGE / "core" / "__init__.py")
    assert "ecogames.core.actions" in imported(PACKAGE / "core" / "game.py")


@pytest.mark.parametrize("path", modules("core"), ids=lambda p: p.name)
def test_core_imports_nothing_of_ecogames_outside_core(path):
    outside = sorted(m for m in imported(path)
                     if m != "ecogames.core" and not m.startswith("ecogames.core."))
    assert not outside, f"{module_name(path)} imports {outside}: core knows no bot, widget or game"


@pytest.mark.parametrize("path", modules("bots"), ids=lambda p: p.name)
def test_bots_import_core_only(path):
    above = sorted(m for m in imported(path)
                   if not m.startswith(("ecogames.core", "ecogames.bots")) and m != "ecogames")
    assert not above, f"{module_name(path)} imports {above}"


def test_the_widget_base_imports_no_game():
    base = PACKAGE / "widget.py"
    assert base.exists(), "the widget base lives in ecogames/widget.py, above core"
    games = sorted(m for m in imported(base) if m.startswith("ecogames.games"))
    assert not games, f"ecogames.widget imports {games}"


@pytest.mark.parametrize("game", GAMES)
def test_no_game_imports_another(game):
    for path in modules(f"games/{game}"):
        others = sorted(m for m in imported(path) if m.startswith("ecogames.games.")
                        and m.split(".")[2] != game)
        assert not others, f"{module_name(path)} imports another game: {others}"


def game_imports(game: str) -> dict[str, set[str]]:
    """Module -> the modules of the same game it imports (short names: 'rules', 'graphs')."""
    folder = PACKAGE / "games" / game
    names = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    prefix = f"ecogames.games.{game}."
    return {name: {m[len(prefix):].split(".")[0] for m in imported(folder / f"{name}.py")
                   if m.startswith(prefix)} & names
            for name in names}


def reached_from(start: str, graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """Every module ``start`` imports, directly or through others, with the chain."""
    chains = {start: [start]}
    todo = [start]
    while todo:
        here = todo.pop()
        for there in sorted(graph.get(here, ())):
            if there not in chains:
                chains[there] = [*chains[here], there]
                todo.append(there)
    return chains


# The per-game half. When it was written, other helpers were breaking the rules <-> graphs
# circles of Tori-Tori, Tulikko and Biotopes (and Tori's rules -> graphs); it fails for a
# game until its engine stands below its drawing.
@pytest.mark.parametrize("game", GAMES)
def test_a_games_engine_imports_none_of_its_graphs_widget_plots_or_bots(game):
    graph = game_imports(game)
    for layer in ("components", "rules"):
        if layer not in graph:
            continue
        forbidden = RULES_MAY_NOT_IMPORT | ({"rules"} if layer == "components" else set())
        upward = [" -> ".join(chain) for name, chain in reached_from(layer, graph).items()
                  if name in forbidden]
        assert not upward, f"{game}'s engine sits below its drawing, yet imports {upward}"


def test_the_engine_check_follows_imports_through_other_modules():
    graph = {"rules": {"narration"}, "narration": {"graphs"}, "graphs": {"rules"}}
    assert reached_from("rules", graph)["graphs"] == ["rules", "narration", "graphs"]
