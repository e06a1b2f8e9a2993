"""Prove the test suite bites: apply hand-written rule mutations and check that tests catch them.

Each game lists its mutations in ``benchmarks/mutations/<game>.toml`` (one per rulebook
section where it can). For every mutation this script copies ``src/`` and ``tests/`` into a
temporary folder, replaces the mutation's ``old`` text by its ``new`` text there (the checkout
is never touched), runs that game's tests with ``-x`` and reports whether a test failed
(CAUGHT) or the whole suite passed (SURVIVED). A mutation whose ``old`` text is not found
exactly once is STALE: the code moved on and the mutation must be rewritten. One that stops
pytest before any test runs (a collection or import error) is BROKEN: it proves nothing.

    python benchmarks/mutants.py                    # every game
    python benchmarks/mutants.py --game toritori    # one game
    python benchmarks/mutants.py --only ID [-j 2]   # one mutation, or two at a time

``make mutants`` runs it; CI does not (it takes several minutes a game). Exit status 1 when
any mutation survived, is stale or is broken.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]
MUTATIONS = Path(__file__).resolve().parent / "mutations"
COPIED = ("src", "tests", "pyproject.toml")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
PYTEST_TIMEOUT = 1800
VERDICTS = ("CAUGHT", "SURVIVED", "STALE", "BROKEN")


@dataclass(frozen=True)
class Mutation:
    game: str
    id: str
    section: str
    file: str
    old: str
    new: str
    tests: str


@dataclass(frozen=True)
class Result:
    mutation: Mutation
    verdict: str  # CAUGHT, SURVIVED, STALE or BROKEN
    seconds: float
    detail: str = ""


def load_mutations(games: Iterable[str]) -> list[Mutation]:
    mutations = []
    for game in games:
        path = MUTATIONS / f"{game}.toml"
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for entry in data.get("mutation", []):
            unknown = set(entry) - {"id", "section", "file", "old", "new", "tests"}
            if unknown:
                raise SystemExit(f"{path}: mutation {entry.get('id')!r} has unknown keys "
                                 f"{sorted(unknown)}")
            mutations.append(Mutation(game=game, id=entry["id"], section=entry["section"],
                                      file=entry["file"], old=entry["old"], new=entry["new"],
                                      tests=entry.get("tests", f"tests/games/{game}")))
    ids = [m.id for m in mutations]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise SystemExit(f"duplicate mutation ids: {duplicates}")
    return mutations


def available_games() -> list[str]:
    return sorted(path.stem for path in MUTATIONS.glob("*.toml"))


def make_copy(into: Path) -> None:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=IGNORED)
        else:
            shutil.copy2(source, into / name)


def run_tests(copy: Path, tests: str) -> subprocess.CompletedProcess[str] | None:
    """That game's tests on the copy (``None``: they ran out of time)."""
    env = {**os.environ, "PYTHONPATH": str(copy / "src") + os.pathsep + str(copy),
           "PYTHONDONTWRITEBYTECODE": "1", "MPLBACKEND": "Agg"}
    command = [sys.executable, "-m", "pytest", tests, "-x", "-q", "-p", "no:cacheprovider",
               "--no-header", "-m", "not e2e and not notebooks"]
    try:
        return subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True,
                              timeout=PYTEST_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None


def baseline_fails(tests: str) -> str | None:
    """Why the unmutated suite fails (``None`` when it passes): a suite that fails anyway
    would mark every mutation caught."""
    with tempfile.TemporaryDirectory(prefix="mutant-baseline-") as folder:
        copy = Path(folder)
        make_copy(copy)
        done = run_tests(copy, tests)
    if done is None:
        return "the unmutated tests ran out of time"
    if done.returncode != 0:
        return (done.stdout.strip().splitlines() or ["(no output)"])[-1]
    return None


def run_one(mutation: Mutation) -> Result:
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"mutant-{mutation.id}-") as folder:
        copy = Path(folder)
        make_copy(copy)
        target = copy / mutation.file
        text = target.read_text(encoding="utf-8") if target.exists() else ""
        count = text.count(mutation.old)
        if count != 1 or mutation.old == mutation.new:
            why = "identical old and new" if count == 1 else f"old text found {count} times"
            return Result(mutation, "STALE", time.perf_counter() - start, why)
        target.write_text(text.replace(mutation.old, mutation.new), encoding="utf-8")
        done = run_tests(copy, mutation.tests)
        if done is None:
            return Result(mutation, "CAUGHT", time.perf_counter() - start, "tests timed out")
        seconds = time.perf_counter() - start
        last = (done.stdout.strip().splitlines() or [""])[-1]
        if done.returncode == 0:
            return Result(mutation, "SURVIVED", seconds, last)
        if done.returncode in (1,):
            return Result(mutation, "CAUGHT", seconds, last)
        # 2-5: collection error, internal error, usage error, no tests: the run proves nothing
        return Result(mutation, "BROKEN", seconds, f"pytest exited {done.returncode}: {last}")


def check_copy_imports_from_copy() -> None:
    """The mutated copy must be what the tests import, not the editable install."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder)
        shutil.copytree(ROOT / "src", copy / "src", ignore=IGNORED)
        env = {**os.environ, "PYTHONPATH": str(copy / "src")}
        where = subprocess.run([sys.executable, "-c", "import ecogames; print(ecogames.__file__)"],
                               env=env, capture_output=True, text=True, check=True).stdout
        if not where.strip().startswith(str(copy)):
            raise SystemExit(f"the mutated copy is not imported (got {where.strip()})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=available_games(),
                        help="a game (repeatable); every game by default")
    parser.add_argument("--only", action="append", help="a mutation id (repeatable)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="mutations run at once")
    args = parser.parse_args(argv)

    check_copy_imports_from_copy()
    mutations = load_mutations(args.game or available_games())
    if args.only:
        mutations = [m for m in mutations if m.id in set(args.only)]
        if not mutations:
            raise SystemExit(f"no mutation named {args.only}")
    for tests in sorted({m.tests for m in mutations}):
        failing = baseline_fails(tests)
        if failing is not None:
            print(f"the unmutated {tests} fail ({failing}): fix them before judging mutations")
            return 2
    print(f"{len(mutations)} mutations; each runs its game's tests on a mutated copy")
    results = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for result in pool.map(run_one, mutations):
            results.append(result)
            m = result.mutation
            print(f"{result.verdict:8} {m.game:12} {m.id:48} {result.seconds:6.1f} s  "
                  f"[{m.section}] {result.detail}", flush=True)
    print()
    print(f"{'game':12} {'mutations':>9} {'caught':>7} {'survived':>9} {'stale':>6} "
          f"{'broken':>7}")
    for game in sorted({r.mutation.game for r in results}):
        mine = [r for r in results if r.mutation.game == game]
        counts = {v: sum(r.verdict == v for r in mine) for v in VERDICTS}
        print(f"{game:12} {len(mine):9} {counts['CAUGHT']:7} {counts['SURVIVED']:9} "
              f"{counts['STALE']:6} {counts['BROKEN']:7}")
    bad = [r for r in results if r.verdict != "CAUGHT"]
    for result in bad:
        print(f"{result.verdict}: {result.mutation.id} ({result.mutation.file}) "
              f"{result.detail}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
