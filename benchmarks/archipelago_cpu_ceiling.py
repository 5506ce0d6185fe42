"""The ceiling of an Archipelago speed idea in CPU time: ``engine_speed.py``'s decile row with
chosen listing functions answered from a recording instead of computed — what the tenths would
cost in CPU time (cold caches and all) if those parts cost nothing. ``engine_ceiling.py`` does
the same by callgrind instructions; this one reads the clock.

    PYTHONPATH=src python benchmarks/archipelago_cpu_ceiling.py record 1000 FILE disc place
    PYTHONPATH=src python benchmarks/archipelago_cpu_ceiling.py replay 1000 FILE disc place
    PYTHONPATH=src python benchmarks/archipelago_cpu_ceiling.py replay 1000 FILE0   (nothing)

``record`` (its own process: the measured one must not be warmed by the same games) plays the
seeded 4-player games of seeds 0..N-1 and keeps every answer of the parts named, in call order.
``replay`` plays the same games as ``engine_speed.py`` plays them — in turn from seed 0, no
warm-up, ``LongRun`` between games, the clock (``time.process_time``) read at each tenth's end
only — with the parts named handing out the recorded answers (a list copied), and prints
actions per CPU-second for all and by tenth, slowest / fastest and second slowest / fastest.
Their side effects are left out too (what they kept for later is paid where next needed).
Compare with a replay of a recording made with nothing named (the same driver); alternate the
runs on a loaded host. Name no part together with one that calls it (``round`` with ``disc``,
``disc`` with ``units``): the inner one's calls would not come in the recorded order. Parts (``PARTS``): the menus of a step of ``flow.LEGAL_OF_STEP``
(``round``, ``place``, ``explore``; ``all``: every such step), functions by name wherever the
game's modules hold them (``disc``, ``cards``, ``builds``, ``harvest``, ``growth``, ``room``),
``units`` (``pieces.SeatUnits`` built) and ``trades`` (``markets.add_trade_options``'s part).
"""

from __future__ import annotations

import pickle
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from settlers.core.collector import LongRun
from settlers.games.archipelago import (
    building,
    cards,
    flow,
    growth,
    harvest,
    markets,
    pieces,
    wheel,
)

TENTHS = 10
#: a part answered from the recording: a step's menus, or a function by (module, name)
PARTS: dict[str, tuple[str, Any, str]] = {
    "round": ("step", None, "round"),
    "place": ("step", None, "place_start"),
    "explore": ("step", None, "explore_place"),
    "disc": ("function", wheel, "disc_actions"),
    "cards": ("function", cards, "options"),
    "builds": ("function", building, "options"),
    "harvest": ("function", harvest, "_find_harvesters"),
    "growth": ("function", growth, "reproduces_somewhere"),
    "room": ("function", growth, "has_room"),
}
SPECIAL = ("all", "units", "trades")
#: the answers being handed out (each must be used up by the replay: else the games differed)
_HANDING: list[Any] = []


def _answering(original: Callable[..., Any], name: str, record: dict[str, list[Any]] | None,
               recorded: dict[str, list[Any]] | None) -> Callable[..., Any]:
    if record is not None:
        kept = record.setdefault(name, [])

        def recording(*args: Any, **kwargs: Any) -> Any:
            answer = original(*args, **kwargs)
            kept.append(list(answer) if isinstance(answer, list) else answer)
            return answer
        return recording
    assert recorded is not None
    answers = iter(recorded[name])
    _HANDING.append(answers)

    def answered(*args: Any, **kwargs: Any) -> Any:
        answer = next(answers)
        return list(answer) if isinstance(answer, list) else answer
    return answered


def _patch_trades(record: dict[str, list[Any]] | None,
                  recorded: dict[str, list[Any]] | None) -> Callable[[], None]:
    """``markets.add_trade_options``'s part of a menu recorded or handed out."""
    own = markets.add_trade_options
    if record is not None:
        kept = record.setdefault("trades", [])

        def trades(out: list[Any], state: Any, seat: int) -> None:
            before = len(out)
            own(out, state, seat)
            kept.append(out[before:])
    else:
        assert recorded is not None
        answers = iter(recorded["trades"])
        _HANDING.append(answers)

        def trades(out: list[Any], state: Any, seat: int) -> None:
            out += next(answers)
    markets.add_trade_options = trades
    return lambda: setattr(markets, "add_trade_options", own)


def _patch_units(record: dict[str, list[Any]] | None,
                 recorded: dict[str, list[Any]] | None) -> Callable[[], None]:
    """``pieces.SeatUnits`` built: recorded, or handed out (kept by ``seat_units`` as before)."""
    own = pieces.SeatUnits
    built = _answering(own, "units", record, recorded)

    class Answered(own):  # type: ignore[misc, valid-type]
        __slots__ = ()

        def __new__(cls, *args: Any) -> Any:
            # (``SeatUnits.__new__(SeatUnits)`` of a derived scan: a plain instance)
            return object.__new__(cls) if not args else built(*args)
    pieces.SeatUnits = Answered  # type: ignore[misc]
    return lambda: setattr(pieces, "SeatUnits", own)


def patch(names: list[str], record: dict[str, list[Any]] | None,
          recorded: dict[str, list[Any]] | None) -> Callable[[], None]:
    """Put the recording (``record`` given) or answering wrappers in place; returns the
    function that puts the engine's own back."""
    undo: list[Callable[[], None]] = []
    steps = flow.LEGAL_OF_STEP
    for name in names:
        if name == "all" or PARTS.get(name, ("",))[0] == "step":
            for step in list(steps) if name == "all" else [PARTS[name][2]]:
                own = steps[step]
                steps[step] = _answering(own, f"{name}:{step}", record, recorded)
                undo.append(lambda step=step, own=own: steps.__setitem__(step, own))
        elif name == "trades":
            undo.append(_patch_trades(record, recorded))
        elif name == "units":
            undo.append(_patch_units(record, recorded))
        else:
            _kind, module, attribute = PARTS[name]
            own = getattr(module, attribute)
            wrapper = _answering(own, name, record, recorded)
            for module_name, held in list(sys.modules.items()):   # every module that holds it
                if module_name.startswith("settlers.games.archipelago") and held is not None:
                    for key, value in list(vars(held).items()):
                        if value is own:
                            setattr(held, key, wrapper)
                            undo.append(lambda held=held, key=key, own=own:
                                        setattr(held, key, own))

    def put_back() -> None:
        for step in reversed(undo):
            step()
    return put_back


def play(game: Any, seed: int, length: int = 0, spans: list[float] | None = None) -> int:
    """One seeded game of uniform random legal actions (``engine_speed.play``'s draws); with
    ``spans``, the CPU time of each tenth of its ``length`` actions added to them."""
    state = game.new_state(4, seed, {})
    state.record_events = False
    rng = random.Random(seed)
    clock = time.process_time
    marks = [d * length // TENTHS for d in range(1, TENTHS + 1)]
    at = 0
    steps = 0
    started = clock()
    while not state.over:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
        steps += 1
        if spans is not None and steps == marks[at]:
            spans[at] += clock() - started
            at += 1
            while at < TENTHS and marks[at] == steps:
                at += 1
            started = clock()
    return steps


def record(game: Any, games: int, names: list[str], out: Path) -> int:
    answers: dict[str, list[Any]] = {}
    put_back = patch(names, answers, None)
    try:
        lengths = [play(game, seed) for seed in range(games)]
    finally:
        put_back()
    out.write_bytes(pickle.dumps((lengths, answers)))
    return sum(lengths)


def replay(game: Any, games: int, names: list[str],
           recording: Path) -> tuple[float, list[float]]:
    """Actions per CPU-second in all and by tenth."""
    lengths, answers = pickle.loads(recording.read_bytes())
    put_back = patch(names, None, answers)
    spans = [0.0] * TENTHS
    counts = [0] * TENTHS
    long_run = LongRun()
    try:
        for seed in range(games):
            length = lengths[seed]
            for d in range(TENTHS):
                counts[d] += (d + 1) * length // TENTHS - d * length // TENTHS
            played = play(game, seed, length, spans)
            if played != length:
                raise ValueError(f"seed {seed} played {played} actions, recorded {length}")
            long_run.game_over()
        if any(next(answers, None) is not None for answers in _HANDING):
            raise ValueError("answers left over: the replay asked less than the recording "
                             "(a part named inside another one named?)")
    finally:
        put_back()
        _HANDING.clear()
    return (sum(counts) / max(sum(spans), 1e-9),
            [n / max(t, 1e-9) for n, t in zip(counts, spans, strict=True)])


def main(argv: list[str] | None = None) -> int:
    import argparse

    import settlers

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("record", "replay"))
    parser.add_argument("games", type=int)
    parser.add_argument("recording", type=Path)
    parser.add_argument("parts", nargs="*", help=f"any of {', '.join([*PARTS, *SPECIAL])}")
    args = parser.parse_args(argv)
    unknown = set(args.parts) - {*PARTS, *SPECIAL}
    if unknown:
        parser.error(f"no such part: {', '.join(sorted(unknown))}")
    game = settlers.load("archipelago")
    if args.command == "record":
        print("actions", record(game, args.games, args.parts, args.recording))
        return 0
    overall, rates = replay(game, args.games, args.parts, args.recording)
    ordered = sorted(rates)
    print(" ".join(args.parts) or "nothing", f"{overall / 1000:.1f}k",
          " ".join(f"{r / 1000:.0f}" for r in rates),
          f"slowest/fastest {ordered[0] / ordered[-1]:.3f}",
          f"second slowest/fastest {ordered[1] / ordered[-1]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
