"""What every Landnám action does, recomputed from the rulebook by a referee that keeps its own
copy of the game (``iceland_referee.py``) and compared with the engine after every action of
seeded random games (3, 4 and 5 players, with and without ``offer_limit`` / ``turn_limit``).

Eleventh reading, docs/audits/2026-12-07-eleventh-landnam-referee.md. Fifteenth reading
(docs/audits/2026-12-07-fifteenth-landnam-rules.md): the menus of phases 1-2 and of the Althing
are checked too (``Referee.expected_phase_menu``), every menu for an action listed twice, and
each seat's view for hidden information (``Referee.leak_differences``).
"""

from __future__ import annotations

import random

import pytest
from iceland_referee import Referee
from iceland_scenario import GAME

#: kinds an «eager» player picks first (70 % of the time when it has one): more houses, towns,
#: harbours, ageing, fate cards, chases and cases than a uniform player reaches
EAGER = frozenset(
    {
        "build_farm",
        "build_town",
        "build_settler",
        "build_boat",
        "build_harbour",
        "build_ageing",
        "explore",
        "play_fate",
        "open_case",
        "bid",
        "ask_help",
        "trade_bank",
        "age_hex",
        "choose_number",
    }
)


def play_against_the_referee(
    players: int, seed: int, options: dict, max_actions: int = 1_000_000, eager_share: float = 0.7
) -> dict[str, int]:
    st = GAME.new_state(players, seed, options)
    ref = Referee(st)
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    wrong = ref.differences(st)
    assert not wrong, ("set-up", wrong)
    while not st.over and sum(seen.values()) < max_actions:
        seat = rng.choice(st.to_act)
        menu = st.legal_actions(seat)
        eager = [a for a in menu if a.kind in EAGER]
        action = rng.choice(eager if eager and rng.random() < eager_share else menu)
        if action.kind == "end_turn":  # once a turn: the builds a player could send
            wrong = ref.refusal_differences(st)
            assert not wrong, (players, seed, options, st.turn, wrong)
        before = st.clone()
        st.apply(seat, action)
        ref.apply(before, seat, action, st)
        wrong = ref.differences(st)
        if action.kind == "end_turn":
            for x in range(players):
                wrong.extend(ref.view_differences(st, x))
                if st.turn % 8 == 0:  # (a copy and two views a seat: every eighth turn)
                    wrong.extend(ref.leak_differences(st, x, seed + st.turn))
        elif st.phase == "althing" and st.al["stage"] == "window" and st.al["window"]["choices"]:
            for x in st.to_act:  # a secret answer is given: the seats still to answer
                wrong.extend(ref.leak_differences(st, x, seed + st.turn))
        assert not wrong, (players, seed, options, st.turn, action.to_json(), before.phase, wrong)
        seen[action.kind] = seen.get(action.kind, 0) + 1
        card = getattr(action, "card", "")
        if card and isinstance(card, str) and card in st.discard[-1:]:
            seen["card " + card] = seen.get("card " + card, 0) + 1
    seen["ended by no progress"] = ref.no_progress_ends
    seen.update(ref.branches)  # every key with a space is a count of cards or branches
    return seen


#: seeds picked from scans of 3-5 players, seeds 10-32, for what they hold besides the usual:
#: towns (3/12, 3/15, 4/15), a Good omen (3/12, 3/10), chased pieces lost (all), red tokens won
#: (5/10, 3/15, 5/14, 4/26), kept by an outlaw that moved (4/26, 5/23) or lost by it, black
#: tokens (5/10, 4/26), Reconciliations and Settlements (3/15, 5/10, 3/10), the fate deck
#: reshuffled (most), a table ended by no progress (3/11), many cases with help asked and
#: declined (5/10, 5/14), and a famine (3/22, uniform players: eager ones spend the cards)
CASES = [
    (3, 12, {"offer_limit": 5}, 0.7),
    (4, 11, {"offer_limit": 5}, 0.7),
    (5, 10, {"offer_limit": 5}, 0.7),
    (3, 10, {"turn_limit": 150, "offer_limit": 2}, 0.7),
    (3, 15, {"offer_limit": 5}, 0.7),
    (3, 11, {"offer_limit": 5}, 0.7),
    (4, 15, {"offer_limit": 5}, 0.7),
    (5, 14, {"turn_limit": 150, "offer_limit": 2}, 0.7),
    (4, 26, {"offer_limit": 5}, 0.7),
    (3, 22, {"offer_limit": 5}, 0.0),
    (5, 23, {"offer_limit": 5}, 0.0),
]


@pytest.mark.parametrize(("players", "seed", "options", "eager_share"), CASES)
def test_every_action_does_what_the_rulebook_says(players, seed, options, eager_share):
    seen = play_against_the_referee(players, seed, options, eager_share=eager_share)
    assert seen.get("end_turn", 0) > 40 and seen.get("roll", 0) > 40
