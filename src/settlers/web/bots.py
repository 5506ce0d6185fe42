"""Bot moves off the event loop: a thread or process pool that answers "what does seat s play?".

A seat's bot is one of the presets below: a ``settlers.bots`` bot name plus a budget, named by
strength in the lobby. Each decision builds the bot afresh with a seed derived from the game's
seed and the seat, so a bot's play does not depend on server restarts.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import zlib
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

import settlers.bots
from settlers.bots import derive_seed

# preset -> (settlers.bots name, budget); weakest first
PRESETS: dict[str, tuple[str, dict]] = {
    "random": ("random", {}),
    "greedy": ("greedy", {}),
    "heuristic": ("heuristic", {}),
    "mcts": ("mcts", {"ms": 400}),
    "mcts-strong": ("mcts", {"ms": 1500}),
}


def bot_names(game_id: str | None = None) -> list[str]:
    """The presets that can play ``game_id`` (all presets if None)."""
    known = set(settlers.bots.names())
    out = []
    for preset, (name, _budget) in PRESETS.items():
        if name not in known:
            continue
        if game_id is not None and not settlers.bots.supports(name, game_id):
            continue
        out.append(preset)
    return out


def make_bot(preset: str, seed: int):
    name, budget = PRESETS[preset]
    return settlers.bots.make(name, seed=seed, **budget)


def choose_action(state, seat: int, preset: str) -> dict:
    """Run in a worker: the bot's action for ``seat`` as JSON."""
    bot = make_bot(preset, derive_seed("web", state.seed, seat))
    return bot.act(state, seat).to_json()


# ------------------------------------------------------------------ process workers
# Each game is pinned to one worker process, which keeps the game's state between decisions:
# a decision ships only the actions since the worker's last look (the whole log only when the
# worker lost the game from its cache). The event loop's process does no bot thinking at all.
CACHE_GAMES = 256
_cache: dict[str, object] = {}
RESYNC = "resync"


def _choose_in_process(key, game_id, players, seed, options, base, tail, seat, preset):
    """Process-pool entry point. ``tail`` is the log from action ``base`` on; answers RESYNC
    when this worker does not hold the game at version ``base`` (then the caller sends all)."""
    import settlers

    state = _cache.pop(key, None)
    if base == 0 and (state is None or state.version != 0):
        state = settlers.load(game_id).new_state(players=players, seed=seed, options=options)
    if state is None or state.version != base:
        return RESYNC
    game = state.game
    for s, a in tail:
        state.apply(s, game.action_from_json(a), check=False)
    _cache[key] = state
    while len(_cache) > CACHE_GAMES:
        _cache.pop(next(iter(_cache)))
    return choose_action(state.clone(), seat, preset)


def _ready() -> bool:
    return True


class BotPool:
    def __init__(self, kind: str = "thread", workers: int = 2):
        self.kind = kind
        self.workers: list[Executor] = []
        self.sent: dict[str, int] = {}  # game -> the version its worker holds
        if kind == "process":
            # forked now, while the server has hardly any thread: the workers inherit every
            # registered game (a game registered at run time included) and imported module
            ctx = multiprocessing.get_context("fork")
            self.workers = [ProcessPoolExecutor(max_workers=1, mp_context=ctx)
                            for _ in range(max(1, workers))]
            for ex in self.workers:
                ex.submit(_ready)
            self.executor: Executor = self.workers[0]
        else:
            self.executor = ThreadPoolExecutor(max_workers=workers,
                                               thread_name_prefix="settlers-bot")

    async def choose(self, room_key: str, state, seat: int, preset: str) -> dict:
        loop = asyncio.get_running_loop()
        if self.kind != "process":
            return await loop.run_in_executor(
                self.executor, choose_action, state.clone(), seat, preset
            )
        worker = self.workers[zlib.crc32(room_key.encode()) % len(self.workers)]
        base = self.sent.get(room_key, 0)
        if base > state.version:
            base = 0
        for _attempt in range(2):
            tail = [(s, a.to_json()) for s, a in state.log[base:]]
            answer = await loop.run_in_executor(
                worker, _choose_in_process, room_key, state.game.id, state.players,
                state.seed, dict(state.options), base, tail, seat, preset,
            )
            if answer != RESYNC:
                self.sent[room_key] = state.version
                return answer
            base = 0
        raise RuntimeError(f"bot worker could not rebuild game {room_key}")

    def forget(self, room_key: str) -> None:
        self.sent.pop(room_key, None)

    def shutdown(self) -> None:
        for ex in self.workers or [self.executor]:
            ex.shutdown(wait=False, cancel_futures=True)
