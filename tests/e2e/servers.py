"""Starting Jupyter servers and Chromium the way the e2e recipe says (shared by the e2e
tests and the browser benchmarks): free ports, private config/runtime/data folders, the
announcements pop-up off, Chromium kept off the closed network, stopped by PID."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("ECOGAMES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--disable-dev-shm-usage",
]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_env(base: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name in ["JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR",
                 "JUPYTERLAB_WORKSPACES_DIR"]:
        folder = base / name.lower()
        folder.mkdir(parents=True, exist_ok=True)
        env[name] = str(folder)
    labconfig = base / "jupyter_config_dir" / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    # the kernels must find the venv's ipykernel and data (anywidget's lab extension lives
    # in the venv's share/jupyter, which stays on the path through sys.prefix); the repo's
    # share/jupyter holds the Voila app template (pip installs it too: hatch shared-data)
    env["JUPYTER_PATH"] = os.pathsep.join(
        [str(REPO / "share" / "jupyter"), str(Path(sys.prefix) / "share" / "jupyter")])
    # the repo's server config (as `make install` links it into the venv): widgets saved as
    # "run this cell to play", and the Voila app's link to JupyterLab
    env["JUPYTER_CONFIG_PATH"] = str(REPO / "etc" / "jupyter")
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def serve(command: list[str], ready_url: str, env: dict[str, str], log: Path,
           timeout: float = 60, cwd: Path | None = None) -> subprocess.Popen:
    with log.open("w") as out:
        proc = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=cwd)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{command[0]} exited with {proc.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(ready_url, timeout=2):
                return proc
        except OSError:
            time.sleep(0.3)
    stop(proc)
    raise RuntimeError(f"{command[0]} did not answer within {timeout}s:\n{log.read_text()}")


def stop_group(proc: subprocess.Popen) -> None:
    """Stop a process started with ``start_new_session=True`` and everything it started
    (``make demo`` runs JupyterLab under make)."""
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
