"""Run every benchmark in this folder and print its figures (``make bench``)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    sys.path.insert(0, str(HERE.parent))
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.stem}")
        runpy.run_path(str(script), run_name="__main__")


if __name__ == "__main__":
    main()
