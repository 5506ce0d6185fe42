"""Bot moves off the event loop: a thread or process pool that answers "what does seat s play?".

A seat's bot is one of the presets below: a ``settlers.bots`` bot name plus a budget, named by
strength in the lobby. Each decision builds the bot afresh with a seed derived from the game's
seed and the seat, so a bot's play does not depend on server restarts.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

import settlers.bots
from settlers.bots import derive_seed
from settlers.bots.difficulty import LEVELS, level

# preset -> (settlers.bots name, budget); weakest first. The difficulty levels
# (easy/medium/strong) are resolved per game by settlers.bots.difficulty.
PRESETS: dict[str, tuple[str, dict]] = {
    **{name: ("random", {}) for name in LEVELS},  # placeholders: see make_bot
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


def make_bot(preset: str, seed: int, game_id: str | None = None):
    name, budget = (level(game_id, preset) if preset in LEVELS and game_id is not None
                    else PRESETS[preset])
    return settlers.bots.make(name, seed=seed, **budget)


def choose_action(state, seat: int, preset: str) -> dict:
    """Run in a worker: the bot's action for ``seat`` as JSON."""
    bot = make_bot(preset, derive_seed("web", state.seed, seat), state.game.id)
    return bot.act(state, seat).to_json()


# ------------------------------------------------------------------ process workers
_cache: dict[str, object] = {}


def _choose_in_process(key, game_id, players, seed, options, log, seat, preset) -> dict:
    """Process-pool entry point: keeps each game's state between calls, replays what is new."""
    import settlers

    game = settlers.load(game_id)
    state = _cache.pop(key, None)
    if state is None or state.version > len(log):
        state = game.new_state(players=players, seed=seed, options=options)
    for s, a in log[state.version:]:
        state.apply(s, game.action_from_json(a), check=False)
    _cache[key] = state
    while len(_cache) > 64:
        _cache.pop(next(iter(_cache)))
    return choose_action(state.clone(), seat, preset)


class BotPool:
    def __init__(self, kind: str = "thread", workers: int = 2):
        self.kind = kind
        self.executor: Executor = (
            ProcessPoolExecutor(max_workers=workers)
            if kind == "process"
            else ThreadPoolExecutor(max_workers=workers, thread_name_prefix="settlers-bot")
        )

    async def choose(self, room_key: str, state, seat: int, preset: str) -> dict:
        loop = asyncio.get_running_loop()
        if self.kind == "process":
            log = [(s, a.to_json()) for s, a in state.log]
            return await loop.run_in_executor(
                self.executor, _choose_in_process, room_key, state.game.id, state.players,
                state.seed, dict(state.options), log, seat, preset,
            )
        return await loop.run_in_executor(
            self.executor, choose_action, state.clone(), seat, preset
        )

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
