"""The classroom under load: one Wildlife Web game hosted as ``ecogames.host`` hosts it, with
websocket clients on loopback.

The "kernel" is a separate Python process that hosts the game (so its CPU time is its own).
``--clients`` clients (default 30) join the six seats and the projector in turn; on each turn
one client of the seat on turn sends a legal action it was sent. Meanwhile ``--noisy``
clients (default 30) send malformed JSON, oversized messages, unknown kinds, other seats'
moves and floods of messages as fast as they can.

Prints: the action-to-update latency on every client (from the moment the action is sent to
the moment each client holds the new state: median and 95th percentile), the kernel's CPU
time per action and as a share of one core, the refusals the noisy clients got, and whether
the game is the one the honest clients played (nothing the noisy ones sent changed it).

    python benchmarks/bench_classroom.py                  # 30 + 30 clients, 150 actions
    python benchmarks/bench_classroom.py --clients 8 --noisy 4 --actions 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

REPO = Path(__file__).resolve().parents[1]
KERNEL = """
import json, sys
sys.path.insert(0, {src!r})
import ecogames
from ecogames.games import wildlifeweb
room = ecogames.host(wildlifeweb.new_game(players=6, seed={seed}), rate=5, burst=20)
print(json.dumps({{"seats": room.seat_urls, "projector": room.projector_url}}), flush=True)
for line in sys.stdin:
    if line.strip() == "history":
        print(json.dumps([a.to_json() for a in room.game.history]), flush=True)
room.stop()
"""


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    import os

    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Client:
    """One page: keeps the traits it was sent and when each turn's state arrived."""

    def __init__(self, url: str, seat: int | None) -> None:
        self.url, self.seat = url, seat
        self.traits: dict[str, Any] = {}
        self.arrived: dict[int, float] = {}  # turn -> when its status arrived
        self.refusals = 0
        self.errors = 0
        self.turn_seen = asyncio.Event()
        self.ws: WebSocketClientConnection | None = None

    async def connect(self) -> None:
        host = self.url.split("/")[2]
        base, token = self.url.rsplit("/", 1)
        ws_url = base.rsplit("/", 1)[0].replace("http://", "ws://") + f"/ws/{token}"
        request = HTTPRequest(ws_url, headers={"Origin": f"http://{host}"})
        self.ws = await websocket_connect(request, on_message_callback=self.on_message,
                                          max_message_size=64 * 1024 * 1024)

    def on_message(self, text: str | bytes | None) -> None:
        if text is None:
            return
        data = json.loads(text)
        if data.get("method") == "update":
            state = data["state"]
            self.traits.update(state)
            if state.get("error"):
                self.errors += 1
            if "status" in state:
                self.arrived.setdefault(state["status"]["turn"], time.perf_counter())
                self.turn_seen.set()
        elif data.get("content", {}).get("kind") == "refused":
            self.refusals += 1

    async def send(self, content: Any) -> None:
        assert self.ws is not None
        text = content if isinstance(content, str) else json.dumps(content)
        await self.ws.write_message(text)


async def noisy(client: Client, stop: asyncio.Event) -> int:
    """Sends bad messages until ``stop``: returns how many it sent. None of them is a move
    its seat could make (a token holder plays its seat: that is not noise)."""
    rng = random.Random(id(client))
    bad: list[Any] = [
        "not json", "[1, 2, 3]", "x" * 70_000, {"kind": "eval", "code": "import os"},
        {"kind": "act", "id": 10_000}, {"kind": "act", "action": {"type": "fly"}},
        {"kind": "undo"}, {"kind": "new_game"}, {"kind": "seat", "player": 0, "bot": "random"},
        {"kind": "act"}, {"kind": "act", "id": True}, {"kind": "act", "id": -1},
    ]
    sent = 0
    while not stop.is_set():
        await client.send(rng.choice(bad))
        sent += 1
        await asyncio.sleep(rng.choice([0, 0, 0.01, 0.05]))
    return sent


async def run(clients: int, noisy_count: int, actions: int, seed: int) -> None:
    kernel = subprocess.Popen(
        [sys.executable, "-c", KERNEL.format(src=str(REPO / "src"), seed=seed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO)
    assert kernel.stdin is not None and kernel.stdout is not None
    urls = json.loads(kernel.stdout.readline())
    seats = {int(s): u for s, u in urls["seats"].items()}
    places = [*seats, None]
    honest = [Client(seats[places[i % 7]] if places[i % 7] is not None else urls["projector"],
                     places[i % 7]) for i in range(clients)]
    # the noisy ones hold real seats' links (a token is no licence to break things)
    rascals = [Client(seats[i % 6], i % 6) for i in range(noisy_count)]
    await asyncio.gather(*(c.connect() for c in honest + rascals))
    await asyncio.sleep(0.5)
    stop = asyncio.Event()
    noise = [asyncio.create_task(noisy(c, stop)) for c in rascals]
    rng = random.Random(seed)
    latencies: list[float] = []
    cpu_start, wall_start = cpu_seconds(kernel.pid), time.perf_counter()
    played = 0
    watcher = next(c for c in honest if c.seat is None) if clients >= 7 else honest[0]
    while played < actions and not watcher.traits.get("status", {}).get("is_over"):
        status = watcher.traits["status"]
        seat, turn = status["current_player"], status["turn"]
        mine = [c for c in honest if c.seat == seat and c.traits.get("legal")
                and c.traits["status"]["turn"] == turn]
        if not mine:
            await asyncio.sleep(0.005)
            continue
        actor = mine[0]
        sent_at = time.perf_counter()
        await actor.send({"kind": "act", "id": rng.randrange(len(actor.traits["legal"]))})
        deadline = sent_at + 20
        while not all(turn + 1 in c.arrived for c in honest):
            if time.perf_counter() > deadline:
                raise SystemExit(f"turn {turn + 1} never reached every client")
            await asyncio.sleep(0.001)
        latencies += [c.arrived[turn + 1] - sent_at for c in honest]
        played += 1
    cpu = cpu_seconds(kernel.pid) - cpu_start
    wall = time.perf_counter() - wall_start
    stop.set()
    bad_sent = sum(await asyncio.gather(*noise))
    await asyncio.sleep(0.5)
    kernel.stdin.write("history\n")
    kernel.stdin.flush()
    history = json.loads(kernel.stdout.readline())
    kernel.stdin.close()
    kernel.wait(timeout=30)
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    print(f"Wildlife Web, 6 seats: {clients} clients playing, {noisy_count} noisy clients")
    print(f"  actions played: {played} (the game's history in the kernel: {len(history)})")
    print(f"  action-to-update latency on every client ({len(latencies)} updates): "
          f"median {statistics.median(latencies) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")
    print(f"  kernel CPU: {cpu:.2f} s over {wall:.1f} s ({100 * cpu / wall:.0f} % of one core), "
          f"{1000 * cpu / max(played, 1):.1f} ms per action")
    refusals = sum(c.refusals for c in rascals)
    errors = sum(c.errors for c in rascals)
    print(f"  noisy clients: {bad_sent} bad messages sent; {refusals} refused by the server "
          f"(malformed, oversized, too frequent), {errors} error updates from their seat's "
          "widget (an error repeated is not sent again)")
    same = len(history) == played
    print(f"  nothing the noisy clients sent changed the game: {same}")
    if not same:
        raise SystemExit("the game has actions the honest clients did not play")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=30)
    parser.add_argument("--noisy", type=int, default=30)
    parser.add_argument("--actions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(run(args.clients, args.noisy, args.actions, args.seed))


if __name__ == "__main__":
    main()
