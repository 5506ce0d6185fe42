"""What every Archipelago action does to the markers, markets, screens, bank, board, track and
turn, recomputed from the rulebook by a referee that keeps its own copy
(``archipelago_referee.py``), compared with the engine after every action of seeded games
(2-5 players, uniform and «helpful» players, default options); near-miss actions refused with
the state unchanged and every seat's view blind to what it may not know
(``arch_referee_probes.py``).

Twelfth reading, docs/audits/2026-12-07-twelfth-archipelago-referee.md; the thirteenth
(docs/audits/2026-12-07-thirteenth-archipelago-referee.md) adds the evolution cards' effects
(``arch_referee_cards.py``), the offers (``arch_referee_offers.py``), the end by an objective
or ``max_turns`` and the whole scoring (``arch_referee_end.py``), the building and recruiting
places and the migration routes against the menu (``arch_referee_menus.py``) and the
variants (``OPTION_CASES``).
"""

from __future__ import annotations

import pytest
from arch_content_files import write_set
from arch_referee_play import play, play_hidden

#: picked from a scan of seeds 1-40 × 2-5 players × both policies for the branches they take:
#: together every branch the scan reached (phase 3 and independence inside it, ties bid again,
#: immediate crises and events, the Philanthropist's florins, a pile emptied, churches, towns,
#: ports, markets, double harvests, objective ends)
CASES = [
    ("helpful", 2, 17),
    ("helpful", 2, 8),
    ("uniform", 3, 34),
    ("uniform", 5, 29),
    ("helpful", 2, 38),
    ("helpful", 3, 29),   # ends by an objective's condition, 10 turns
    ("helpful", 2, 5),    # independence in phase 3
    ("uniform", 4, 6),
]


#: the variants, each game ending by an objective or by ``max_turns`` (so scored): picked from
#: scans of seeds 1-25 for the cards they use (11, 8, 8 and 1 distinct effects) and their ends
OPTION_CASES = [
    ("helpful", 5, 1, {"max_turns": 9, "length": "short"}),   # an objective; the Colossus
    ("helpful", 3, 24, {"max_turns": 9, "length": "short"}),  # max_turns
    ("helpful", 4, 5, {"desert_start": True, "no_secrets": True, "max_turns": 7}),
    ("helpful", 3, 1, {"philanthropist": True, "more_sharpness": True, "more_control": True,
                       "max_turns": 7}),
]


@pytest.mark.parametrize(("policy", "players", "seed"), CASES)
def test_every_action_does_what_the_rulebook_says(policy, players, seed):
    seen = play(players, seed, policy, probe_every=2, view_every=4)
    assert seen["turns"] >= 2 and seen["actions"] > 100
    assert sum(v for k, v in seen.items() if k.startswith("refused: ")) > 0
    assert sum(v for k, v in seen.items() if k.startswith("twin ")) > 0


def test_the_sample_reaches_the_rare_branches():
    """The branches the CI sample is there for (counted by the referee)."""
    total: dict[str, int] = {}
    for policy, players, seed in CASES[:3]:
        for k, v in play(players, seed, policy, probe_every=50, view_every=10**9).items():
            total[k] = total.get(k, 0) + v
    for branch in ("phase 3", "domestic crisis", "export cubes missing", "red zone",
                   "a tie: bid again", "workers recruited", "births", "trade on board II"):
        assert total.get("branch " + branch, 0) > 0, branch


@pytest.mark.parametrize(("policy", "players", "seed", "options"), OPTION_CASES)
def test_the_variants_cards_and_scoring_follow_the_rulebook(policy, players, seed, options):
    seen = play(players, seed, policy, options, probe_every=2, view_every=4)
    assert seen["branch scored ends checked"] == 1
    assert seen["branch deals checked"] == 1
    assert any(k.startswith("branch card ") for k in seen)


def test_one_card_left_on_the_last_slot_is_turned_once():
    """L738 with one card left on the track (the deck empty): «turn two» names it and no
    second card (-1). The referee once read -1 as the track's last slot and turned that card
    twice; this game reaches the case (a 5-player game whose one card left lies on slot 4)."""
    seen = play(5, 7000, "helpful", probe_every=10**9, view_every=10**9, menu_every=10**9)
    assert seen["turn_two"] > 0 and seen["ended by independence"] + seen["ended by objective"] \
        + seen["ended by max_turns"] == 1


#: fourteenth reading: «mover» players (``arch_referee_play.MOVER``) crowd regions and land on
#: straits; 3/7 reaches a move whose only way out of the 3-inhabitant limit is a ship moving
#: to convoy another inhabitant off (refused before rules 2026-12-07.7)
MOVER_CASES = [("mover", 3, 7)]


@pytest.mark.parametrize(("policy", "players", "seed"), MOVER_CASES)
def test_the_limit_and_the_shores_follow_the_rulebook(policy, players, seed):
    """L555, L583 (the limit at a migration's end, searched by ``arch_referee_limits``),
    L591 and L721-725 (shores, ``arch_referee_shores``); the menu compared at every action.
    Fails on the engine before rules 2026-12-07.7 (its action 218)."""
    seen = play(players, seed, policy, probe_every=10**9, view_every=10**9, menu_every=1)
    assert seen["menu: migration over the limit"] > 0
    assert seen["menu: migration limit searches"] > 0
    assert seen["shores: a choice after a move"] > 0 and seen["shores: a strait move"] > 0


def test_the_card_choices_are_compared_both_ways():
    """L1384, L1478, L1532, L1564 (``arch_referee_card_args``): the Pirate's, Barbarian's,
    Shipbuilding's and Architecture's choices were compared in the CI games."""
    total: dict[str, int] = {}
    for policy, players, seed, options in OPTION_CASES[:2]:
        for k, v in play(players, seed, policy, options, probe_every=10**9,
                         view_every=10**9, menu_every=1).items():
            total[k] = total.get(k, 0) + v
    for card in ("pirate", "barbarian", "shipbuilding", "architecture"):
        assert total.get("card choices: " + card, 0) > 0, card
    assert total.get("units: one of identical builders", 0) > 0   # L625 (arch_referee_units)


def test_the_pioneers_hexes_and_the_thiefs_fists_stay_hidden():
    """L1390 with L501 (the Pioneer's two face-down hexes, and the one chosen until laid) and
    L1472, L1129 (which cube is in which fist): for every other seat a twin differing only
    there gives the same view, and the same menu to the seat to act."""
    seen = play_hidden(4, 8) + play_hidden(3, 12)
    assert seen["twin pioneer"] > 0 and seen["twin fists"] > 0
    assert seen["twin menus (pioneer, fists)"] > 0


def test_a_content_set_other_than_standard_follows_the_rulebook(tmp_path):
    """Only ``standard`` ships with the game; an operator may install another set (option
    ``content``, a directory of the six files). The referee reads the tables from the set, so
    it must agree with the engine on one: other costs, three ships, fewer building tokens
    and explorer piles of two tokens, which empty in turn 0 — a disc for everyone at once
    then too (L447 «Как только первая стопка … кончается», L129; the referee once gave it
    outside turn 0 alone)."""
    def edit(boards):
        boards["costs"] = {"ship": {"wood": 2}, "town": {"stone": 1, "f": 3},
                           "market": {"fruit": 1, "f": 1}, "port": {"fish": 1, "f": 1},
                           "church": {"stone": 1, "cattle": 1}}
        boards["pieces"] = {"ships": 3, "inhabitants": 8, "discs": 5}
        boards["market_port_tokens"], boards["town_church_tokens"] = 5, 4
        boards["explorer_piles"] = [2, 2, 2]

    content = write_set(tmp_path, "boards", edit)
    seen = play(4, 1, "helpful", {"content": content}, probe_every=10**9, view_every=10**9,
                menu_every=2)
    assert seen["branch a pile emptied: a disc each"] > 0
    assert seen["menu: building places"] > 0
