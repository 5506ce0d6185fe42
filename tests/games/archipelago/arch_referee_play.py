"""The game driver of the Archipelago transition referee: seeded games, uniform or
«helpful» players (benchmarks/verify_sweep.py's ARCHIPELAGO_HELPFUL), every action followed
by ``archipelago_referee.Referee``; the near-miss refusals and the redacted views are checked
by ``arch_referee_probes``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from arch_referee_probes import refusal_differences, view_differences
from archipelago_referee import Referee

import settlers

GAME = settlers.load("archipelago")

#: the colony-minded kinds (benchmarks/verify_sweep.py ARCHIPELAGO_HELPFUL), 90 % of the time
HELPFUL = frozenset({"supply", "raise", "use_church", "recruit", "recruit_to", "reproduce",
                     "buy_card", "use_card", "build", "build_wonder", "harvest",
                     "harvest_with"})
#: «mover» players (fourteenth reading): they grow and migrate, to crowd regions (L555, L583)
#: and land on straits' shores (L721-725), 90 % of the time
MOVER = frozenset({"recruit", "recruit_to", "reproduce", "migrate", "move_unit", "build",
                   "choose_shores", "use_card", "supply", "raise", "use_church"})


def play(players: int, seed: int, policy: str, options: dict[str, Any] | None = None, *,
         probe_every: int = 1, view_every: int = 1, max_actions: int = 200_000,
         menu_every: int | None = None) -> Counter[str]:
    """One seeded game (``policy``: "uniform", "helpful", "mover" or "heuristic", the game's
    heuristic bot in every seat); near misses every ``probe_every`` actions, views every
    ``view_every``, the menu against the rules' places and routes every ``menu_every``
    (``probe_every`` by default)."""
    st = GAME.new_state(players, seed, dict(options or {}))
    st.record_events = False
    ref = Referee(st)
    rng = random.Random(seed * 7919 + players)
    bots: dict[int, Any] = {}
    if policy == "heuristic":   # the game's heuristic bot in every seat (settlers.bots)
        from settlers.bots import derive_seed, make

        bots = {s: make("heuristic", seed=derive_seed("archipelago", seed, s))
                for s in range(players)}
    seen: Counter[str] = Counter()
    k = 0
    while not st.over and k < max_actions:
        seat = st.to_act[0] if len(st.to_act) == 1 else rng.choice(st.to_act)
        menu = st.legal_actions(seat)
        if k % (menu_every or probe_every) == 0:
            wrong = ref.menu_differences(st, seat, menu)
            assert not wrong, (players, seed, policy, k, st.turn, st.phase, st.step, wrong)
        if policy in ("helpful", "mover"):
            good = [a for a in menu if a.kind in (HELPFUL if policy == "helpful" else MOVER)]
            if good and rng.random() < 0.9:
                menu = good
        action = bots[seat].act(st, seat) if bots else menu[rng.randrange(len(menu))]
        if k % probe_every == 0:
            wrong = refusal_differences(st, seat, action, menu, ref, seen)
            assert not wrong, (players, seed, policy, k, st.turn, st.phase, st.step, wrong)
        before = st.clone()
        st.apply(seat, action, check=False)
        wrong = ref.apply(before, seat, action, st)
        if k % view_every == 0:
            for x in range(players):
                wrong.extend(view_differences(st, x, seen))
        assert not wrong, (players, seed, policy, k, before.turn, before.phase, before.step,
                           action.to_json(), wrong)
        seen[action.kind] += 1
        k += 1
    seen["actions"] = k
    seen["turns"] = st.turn
    seen["ended by " + (st.ended_by or "the action bound")] += 1
    seen.update({"resync " + key: v for key, v in ref.resynced.items()})
    seen.update({"branch " + key: v for key, v in ref.branches.items()})
    seen.update({key: v for key, v in ref.checked.items()
                 if key.startswith(("menu: ", "shores: ", "card choices: ", "units: "))})
    return seen


def play_hidden(players: int, seed: int) -> Counter[str]:
    """A short game whose players use the Pioneer and the Thief whenever they can (80 %), the
    views of every seat compared with their twins (and, for the Pioneer's hexes and the
    Thief's fists, the menus) while hexes are drawn and fists held (fourteenth reading)."""
    st = GAME.new_state(players, seed, {"length": "short"})
    st.record_events = False
    rng = random.Random(seed * 31 + players)
    seen: Counter[str] = Counter()
    while not st.over and st.version < 4000:
        seat = st.to_act[0] if len(st.to_act) == 1 else rng.choice(st.to_act)
        menu = st.legal_actions(seat)
        want = [a for a in menu if (a.kind == "use_card" and a.card in ("pioneer", "thief"))
                or a.kind in ("explore", "take_hex", "thief_hands", "buy_card")]
        good = [a for a in menu if a.kind in HELPFUL]
        if want and rng.random() < 0.8:
            menu = want
        elif good and rng.random() < 0.9:
            menu = good
        st.apply(seat, menu[rng.randrange(len(menu))], check=False)
        if st.step in ("explore_pick", "explore_place", "thief_pick"):
            for x in range(players):
                wrong = view_differences(st, x, seen)
                assert not wrong, (players, seed, st.version, wrong)
    return seen
