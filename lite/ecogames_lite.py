"""Imported by the first cell of every notebook of ecogames' JupyterLite site.

In the browser, Python's compiled packages (numpy, scipy, pandas, matplotlib) come from
Pyodide's own package distribution, online. When one cannot be loaded (a site served with no
internet), a cell that needs it prints one sentence saying so instead of a traceback; the
games' engines need none of them.
"""

from __future__ import annotations

from IPython import get_ipython

ONLINE_PACKAGES = {"numpy", "scipy", "pandas", "matplotlib", "PIL", "kiwisolver", "contourpy"}


def _explain(shell, etype, value, tb, tb_offset=None):  # IPython's custom-exception hook
    package = (getattr(value, "name", None) or "").split(".")[0]
    if package in ONLINE_PACKAGES:
        print(f"This cell needs {package}, which JupyterLite loads from Pyodide's package "
              "distribution online, and it could not be loaded here (no internet?). The "
              "games play without it; plots and experiments need it.")
        return None
    return shell.showtraceback((etype, value, tb), tb_offset=tb_offset)


shell = get_ipython()
if shell is not None:
    shell.set_custom_exc((ImportError,), _explain)
