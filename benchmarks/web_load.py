"""Load on the web server: many concurrent games with bots and connected WebSocket clients.

Starts `settlers serve` on 127.0.0.1 (a fresh SQLite file), creates GAMES games — seat 0 a
scripted "human" on a WebSocket, the other seats bots — plus SPECTATORS watching sockets per
game, and lets everything play for SECONDS. The human picks a uniformly random legal action
whenever it may act; the round trip is the time from sending an action to receiving the state
that contains it (stored, then broadcast).

    .venv/bin/python benchmarks/web_load.py --games 40 --seconds 30
    .venv/bin/python benchmarks/web_load.py --games 200 --seconds 30 --bot-delay 0.6

Bounded in count and time; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import httpx
import websockets

from settlers.testing.web_server import free_port
from settlers.testing.web_server import start_server as launch


def start_server(port: int, db: Path, bot_workers: int, bot_pool: str,
                 bot_delay: float) -> subprocess.Popen:
    return launch(port, f"sqlite:///{db}",
                  ["--bot-delay", str(bot_delay), "--bot-workers", str(bot_workers),
                   "--bot-pool", bot_pool],
                  # every simulated player shares 127.0.0.1: lift the per-address flood limit
                  env={"SETTLERS_IP_RATE_BURST": "100000",
                       "SETTLERS_IP_RATE_PER_SECOND": "100000"})


class Stats:
    def __init__(self):
        self.rtts: list[float] = []
        self.stale = 0
        self.errors: dict[str, int] = {}
        self.messages = 0
        self.finished = 0


async def player(url: str, stop: float, stats: Stats, rng: random.Random) -> None:
    async with websockets.connect(url, max_size=2**24) as ws:
        sent_at: float | None = None
        sent_version = -1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            stats.messages += 1
            if msg["type"] == "error":
                if msg["code"] == "stale_version":
                    stats.stale += 1
                else:
                    stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                sent_at = None
                continue
            if msg["type"] != "state":
                continue
            if sent_at is not None and msg["version"] > sent_version:
                stats.rtts.append(time.perf_counter() - sent_at)
                sent_at = None
            if msg["over"]:
                stats.finished += 1
                return
            if msg["actions"] and sent_at is None:
                choice = rng.choice(msg["actions"])["action"]
                sent_version = msg["version"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "version": sent_version,
                                          "action": choice}))


async def spectator(url: str, stop: float, stats: Stats) -> None:
    async with websockets.connect(url, max_size=2**24) as ws:
        while time.monotonic() < stop:
            try:
                await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic()))
            except TimeoutError:
                break
            stats.messages += 1


async def run(args) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, Path(tmp) / "load.db", args.bot_workers, args.bot_pool,
                            args.bot_delay)
        try:
            async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                info = (await http.get("/api/meta")).json()
                game = next(g for g in info["games"] if g["id"] == args.game)
                players = max(game["min_players"], min(args.players, game["max_players"]))
                seats = [{"kind": "human"}] + [{"kind": "bot", "bot": args.bot}] * (players - 1)
                made = []
                for i in range(args.games):
                    while True:
                        r = await http.post("/api/games", json={"game": args.game, "seed": i,
                                                                "seats": seats})
                        if r.status_code != 429:  # the server's flood limit: pace ourselves
                            break
                        await asyncio.sleep(0.2)  # (only if the limit was not lifted)
                    r.raise_for_status()
                    made.append(r.json())
                stats = Stats()
                start = time.monotonic()
                stop = start + args.seconds
                rng = random.Random(args.seed)
                ws_base = f"ws://127.0.0.1:{port}/ws/games"
                tasks = []
                for g in made:
                    tasks.append(player(f"{ws_base}/{g['id']}?token={g['tokens']['0']}", stop,
                                        stats, random.Random(rng.random())))
                    tasks += [spectator(f"{ws_base}/{g['id']}", stop, stats)
                              for _ in range(args.spectators)]
                await asyncio.gather(*tasks)
                elapsed = time.monotonic() - start
                listing = (await http.get("/api/games", params={"limit": 500})).json()["games"]
        finally:
            proc.kill()
            proc.wait()
    versions = [g["version"] for g in listing]
    rtts = sorted(stats.rtts)

    def pct(p):
        return rtts[min(len(rtts) - 1, int(p * len(rtts)))] * 1000 if rtts else float("nan")

    return {
        "game": args.game,
        "bot_delay": args.bot_delay,
        "games": len(listing),
        "games_progressing": sum(1 for v in versions if v > 0),
        "connections": args.games * (1 + args.spectators),
        "seconds": round(elapsed, 1),
        "actions_stored": sum(versions),
        "actions_per_second": round(sum(versions) / elapsed, 1),
        "human_actions": len(rtts),
        "rtt_ms_p50": round(pct(0.50), 1),
        "rtt_ms_p99": round(pct(0.99), 1),
        "rtt_ms_mean": round(statistics.fmean(rtts) * 1000, 1) if rtts else None,
        "stale_refusals": stats.stale,
        "errors": stats.errors,
        "messages_received": stats.messages,
        "games_finished_seen": stats.finished,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="catan")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--spectators", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--bot-workers", type=int, default=2)
    ap.add_argument("--bot-delay", type=float, default=0.0,
                    help="visible pause before each bot move (the server default is 0.6)")
    ap.add_argument("--bot-pool", default="thread", choices=("thread", "process"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.games > 500 or args.seconds > 600 or args.spectators > 10:
        raise SystemExit("bounded: at most 500 games, 10 spectators per game, 600 seconds")
    print(json.dumps(asyncio.run(run(args)), ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
