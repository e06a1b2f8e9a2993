"""Builds the JupyterLite site of ecogames (run by `make lite` with the Python of .venv-lite).

    python lite/build.py ECOGAMES_WHEEL OUTPUT_DIR

The site holds the notebooks, the ecogames wheel and the pure-Python wheels it needs (served
by the site itself to piplite), and the widget bundles (anywidget's and ipywidgets' lab
extensions, found in this Python's share/jupyter). Pyodide and its compiled packages (numpy,
scipy, pandas, matplotlib) come from Pyodide's own distribution, online.

Each notebook of the site starts with one cell the repo's notebooks do not have: it installs
ecogames from the site into the browser's Python, and makes a cell that needs a package the
browser could not load say so in one sentence instead of a traceback (lite/ecogames_lite.py).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from jupyterlite_pyodide_kernel import constants
from packaging.requirements import Requirement

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PYODIDE_KERNEL = constants.PYODIDE_KERNEL_PLUGIN_ID
PYODIDE_URL = f"{constants.PYODIDE_CDN_URL}/{constants.PYODIDE_MJS}"
#: The kernel of JupyterLite brings these itself (shims of ipykernel and widgetsnbextension;
#: IPython and its dependencies from Pyodide's distribution, loaded as the kernel starts).
KERNEL_PROVIDES = {"ipykernel", "widgetsnbextension", "ipython"}
LITE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
SETUP_CELL = """\
# JupyterLite: install ecogames into the Python that runs in this browser tab, from this site
%pip install -q ecogames
import ecogames_lite"""


#: What Pyodide's Python answers to environment markers.
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten",
                   "os_name": "posix", "platform_machine": "wasm32",
                   "implementation_name": "cpython", "python_version": "3.14"}


def requirement_names(dist: str) -> list[str]:
    """The names ``dist`` requires in Pyodide's Python (no extras, markers evaluated)."""
    names = []
    for spec in metadata.requires(dist) or []:
        requirement = Requirement(spec)
        if requirement.marker is None or requirement.marker.evaluate(
                {**PYODIDE_MARKERS, "extra": ""}):
            names.append(requirement.name)
    return names


def pure_wheel(name: str, version: str, into: Path) -> Path | None:
    """Downloads the py3-none-any wheel of ``name==version`` from PyPI; None if there is none
    (a compiled package: Pyodide's distribution has its own build)."""
    before = set(into.glob("*.whl"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
         "--no-deps", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
         "--python-version", "3.14", "--abi", "none", "-d", str(into), f"{name}=={version}"],
        capture_output=True, text=True)
    if done.returncode != 0:
        return None
    new = set(into.glob("*.whl")) - before
    return new.pop() if new else next(into.glob(f"{name.replace('-', '_')}-{version}-*.whl"))


def dependency_wheels(into: Path) -> list[Path]:
    """The pure-Python wheels of ecogames' dependencies, walked down from ecogames; a
    compiled package and what it requires are left to Pyodide's distribution."""
    wheels, seen, todo = [], {"ecogames"}, requirement_names("ecogames")
    while todo:
        name = metadata.metadata(todo.pop())["Name"]
        key = name.lower().replace("_", "-")
        if key in seen or key in KERNEL_PROVIDES:
            continue
        seen.add(key)
        wheel = pure_wheel(name, metadata.version(name), into)
        if wheel is None:
            print(f"  {name}: compiled, from Pyodide's distribution")
            continue
        print(f"  {name}: {wheel.name}")
        wheels.append(wheel)
        todo.extend(requirement_names(name))
    return wheels


def site_notebooks(into: Path) -> None:
    """The repo's notebooks, each with the set-up cell first, and the set-up module."""
    into.mkdir(parents=True)
    for source in sorted((REPO / "notebooks").glob("*.ipynb")):
        nb = json.loads(source.read_text(encoding="utf-8"))
        nb["metadata"]["kernelspec"] = LITE_KERNEL  # else Lite asks which kernel to start
        nb["cells"].insert(0, {"cell_type": "code", "execution_count": None,
                               "id": f"{source.stem}-lite", "metadata": {"tags": ["lite-only"]},
                               "outputs": [], "source": SETUP_CELL})
        (into / source.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n",
                                        encoding="utf-8")
    shutil.copy2(HERE / "ecogames_lite.py", into / "ecogames_lite.py")


def main(wheel: Path, output: Path) -> None:
    work = output.with_name(output.name + "-src")
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(output, ignore_errors=True)
    site_notebooks(work / "files")
    (work / "wheels").mkdir()
    print("pure-Python wheels for the site:")
    wheels = [wheel, *dependency_wheels(work / "wheels")]
    (work / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "ecogames",
            "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
            # said here, not left to the kernel's default: Pyodide and its packages come
            # from this version's online distribution (tests/e2e/test_lite_offline.py
            # serves the same version from the npm package instead)
            "litePluginSettings": {PYODIDE_KERNEL: {"pyodideUrl": PYODIDE_URL}},
        },
    }, indent=2))
    command = [str(Path(sys.executable).parent / "jupyter-lite"), "build", "--lite-dir", str(work),
               "--output-dir", str(output), "--contents", str(work / "files")]
    for path in wheels:
        command += ["--piplite-wheels", str(path)]
    subprocess.run(command, check=True, cwd=work)
    # browsers ask every site for /favicon.ico: a 404 there is a console error
    shutil.copy2(output / "lab" / "favicon.ico", output / "favicon.ico")
    print(f"\nThe JupyterLite site is built in {output}/ (open {output}/index.html through any "
          f"static web server, e.g. `python -m http.server -d {output}`).")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve())
