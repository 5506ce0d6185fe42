"""The seventh reading of archipelago.ru.txt (2026-12-06, docs/audits/2026-12-06-seventh-
archipelago-rules.md): one scenario per departure found, with the legal and the illegal side,
and the rulebook's worked examples that had no test of their own."""

from __future__ import annotations

import random

import pytest
from arch_scenario import (
    R,
    after_turn_zero,
    clear_units,
    give_card,
    in_round,
    place_inhabitants,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import balance, board, exploration, flow, pieces, wheel
from settlers.games.archipelago.actions import (
    ChooseCubes,
    Done,
    EndRound,
    Explore,
    Migrate,
    MoveUnit,
    Pick,
    Taxes,
    TurnTwo,
    UseBuilding,
    UseCard,
)
from settlers.testing.conformance import check_views


# ---------------------------------------------------------------- rounds (L242-246, L441)
def card_round():
    """Seat 0 to play a round of turn 1 with its three discs, the Bishop (1f, no disc) and
    the Pope (3f, no disc) in front of it; every seat has two inhabitants on the archipelago."""
    state = in_round(3, seed=1)
    clear_units(state)
    for seat in range(3):
        place_inhabitants(state, seat, 1, 2)
    give_card(state, 0, "bishop")
    give_card(state, 0, "pope")
    set_money(state, 0, 10)
    state.rebellion = 5
    return state


def test_a_round_with_a_card_alone_is_no_pass():
    """L242-246: a round is, «в произвольном порядке по выбору игрока», one action, one card,
    one market or port — each optional; L441 «Игроки продолжают разыгрывать раунды до тех пор,
    пока все участники не используют свои диски действия или не смогут ничего совершить».
    Seat 0 uses the Bishop (no disc) and ends its round with its three discs in hand: it is
    not out of phase 5, and its next round places a disc (before, any round without a disc on
    the wheel or on a card passed the player for the rest of the phase)."""
    state = card_round()
    state.apply(0, UseCard("bishop", ()))
    assert state.discs_used[0] == 0
    state.apply(0, EndRound())
    assert not state.passed[0]
    state.apply(1, Taxes())
    state.apply(1, EndRound())
    state.apply(2, EndRound())                 # seat 2 does nothing: it passes
    assert state.passed[2]
    assert state.actor == 0 and state.step == "round"
    state.apply(0, Taxes())                    # a disc of the round before's player
    assert state.discs_used[0] == 1


def test_a_round_with_nothing_done_still_passes():
    """The other side (README «Rounds»): a round ended with no disc, no card and no market or
    port is the player's pass; it gets no further round of phase 5."""
    state = card_round()
    state.apply(0, EndRound())
    assert state.passed[0]
    state.apply(1, EndRound())
    state.apply(2, Taxes())
    state.apply(2, EndRound())
    assert state.actor == 2                    # seats 0 and 1 are out
    with pytest.raises(IllegalAction):
        state.apply(0, UseCard("bishop", ()))


def test_with_every_disc_used_the_player_plays_its_cards_in_later_rounds():
    """L441 «... или не смогут ничего совершить»: a player whose discs are all used still can
    do something while a card of it is upright — each round one card (L800) — and passes
    once a round has nothing done."""
    state = card_round()
    state.discs_used[0] = state.discs[0]
    state.apply(0, UseCard("bishop", ()))
    state.apply(0, EndRound())
    assert not state.passed[0]
    state.apply(1, EndRound())
    state.apply(2, EndRound())
    assert state.actor == 0
    with pytest.raises(IllegalAction):
        state.apply(0, UseCard("bishop", ()))  # used this turn (L800)
    staffed(state, 1, 1, "church")   # a church in play: the Pope has something to do (L1113-1115)
    touch(state)
    state.apply(0, UseCard("pope", ()))
    state.apply(0, EndRound())
    assert not state.passed[0] and state.actor == 0   # seats 1 and 2 passed
    state.apply(0, EndRound())
    assert state.passed[0] and state.phase == "buy"


def test_a_round_with_a_market_use_alone_is_no_pass():
    """L242-246 «Использовать рынок или порт» is a round's content of its own (L653 «Каждый
    игрок может использовать один порт или рынок во время каждого из своих раундов»): seat 0
    uses its market, trades nothing more, ends the round and keeps its discs for later rounds."""
    state = in_round(3, seed=1)
    clear_units(state)
    for seat in range(3):
        place_inhabitants(state, seat, 2, 1)
    staffed(state, 0, 1, "market")
    set_money(state, 0, 10)
    state.apply(0, UseBuilding(1, "market"))
    state.apply(0, Done())
    state.apply(0, EndRound())
    assert not state.passed[0]
    state.apply(1, EndRound())
    state.apply(2, EndRound())
    assert state.actor == 0 and state.step == "round"
    with pytest.raises(IllegalAction):
        state.apply(0, UseBuilding(1, "market"))   # once in the phase (L653)
    state.apply(0, Taxes())


# ---------------------------------------------------------------- worked examples
def test_example_four_players_population_eight_after_turn_zero():
    """L131 «Пример: В игре с 4 игроками к концу нулевого хода маркер населения будет
    указывать на 8»: two inhabitants land for each player (L129)."""
    state = after_turn_zero(4, seed=0)
    assert state.turn == 1 and state.phase == "bids"
    assert state.population == 8 == pieces.count_population(state)


def test_example_two_wood_two_fish_discovery():
    """L141 «Только что открытый регион производит 2 древесины и 2 рыбы. Игрок может решить
    поместить одну древесину на внутренний рынок, а вторую взять себе, или может точно так же
    поступить с рыбой, или взять себе одну рыбу, а древесину поместить на внутренний рынок (или
    наоборот)»: the four choices, no other."""
    icons = tuple(R[i] for i in ("wood", "wood", "fish", "fish"))
    assert set(exploration._cube_choices(icons)) == {
        ChooseCubes("wood", "wood"), ChooseCubes("fish", "fish"),
        ChooseCubes("wood", "fish"), ChooseCubes("fish", "wood")}


def test_example_phase_six_pirate_to_the_skull_then_an_immediate_crisis():
    """L760-766, the rulebook's example of phase 6: the first player turns the Pirate and
    Domestic trade instead of buying; the two other players turn the Pirate too; on its third
    quarter turn the red arrow points at the skull and the Pirate is discarded (L754). The top
    card of the deck, the Exporter, fills the slot upright (L756); the back of the card now on
    top shows a red zone, a domestic crisis, resolved at once (L770) — here at the end of the
    phase, before turn 2."""
    state = in_round(3, seed=1)
    state.order = [0, 1, 2]
    flow.start_buy(state)
    ids = [state.content.card_index(x) for x in ("pirate", "domestic_trade", "bishop", "spy",
                                                 "scout")]
    for x in ids:   # out of the deck, the track or a hand, wherever the seed put them
        give_card(state, 0, state.content.cards[x].id)
    state.owned[0] = []
    state.track = [[x, 0] for x in ids]   # five upright cards, the Pirate in slot 0
    exporter, thief = (state.content.card_index(x) for x in ("exporter", "thief"))
    for x in (exporter, thief):
        if x in state.deck:
            state.deck.remove(x)
    state.deck += [thief, exporter]                   # the Exporter on top, the Thief below
    assert state.content.cards[thief].red == {"domestic": ["iron", 5]}
    touch(state)
    state.apply(0, TurnTwo(0, 1))                     # the Pirate and Domestic trade
    state.apply(1, TurnTwo(0, 2))
    assert state.track[0] == [ids[0], 2] and state.step == "buy"
    with pytest.raises(IllegalAction):
        state.apply(2, TurnTwo(0, 0))                 # two different cards (L738)
    state.apply(2, TurnTwo(0, 3))                     # the third turn: the skull
    assert ids[0] in state.card_discard
    assert state.track[0] == [exporter, 0]            # upright, readable (L756)
    assert state.track[1:] == [[ids[1], 1], [ids[2], 1], [ids[3], 1], [ids[4], 0]]
    assert state.deck[-1] == thief
    # the immediate domestic crisis, from the first player (L770 «по тем же правилам, что и
    # в фазу 4», L364): every inhabitant lies down
    assert state.phase == "buy" and state.step == "domestic" and state.actor == 0
    assert state.ctx["res"] == R["iron"] and state.ctx["ratio"] == 5
    assert balance.lying(state) and state.turn == 1


def test_example_convoy_across_a_strait_then_the_ship_migrates():
    """L600 «Морской конвой через пролив в тот же регион, затем перемещается корабль», L591
    «Корабль может совершить собственное действие Миграция до или после участия в морском
    конвое»: in one migration the ship carries the inhabitant to the other shore of its strait
    region, then sails on to a neighbour; without the ship the shore is out of reach."""
    from test_arch_actions import strait_game

    state, k = strait_game()
    u = place_inhabitants(state, 0, k, 1)[0]
    state.apply(0, Migrate())
    assert MoveUnit(u, k, "") not in state.legal_actions(0)   # no ship: no crossing
    state.apply(0, Done())
    wheel.start_round(state, 0)
    ship = ship_to(state, 0, k)
    sea = [b for b in range(len(state.regions)) if b != k and board.sea_link(state, k, b)]
    assert sea
    state.apply(0, Migrate())
    shore = state.units[u][7]
    state.apply(0, MoveUnit(u, k, ""))                        # across the strait
    assert state.units[u][2] == k and state.units[u][7] == 1 - shore
    state.apply(0, MoveUnit(ship, sea[0], ""))                # then the ship moves
    assert state.units[ship][2] == sea[0]
    state.apply(0, Done())


def test_example_convoy_with_a_change_of_ships_carries_two_inhabitants_two_regions():
    """L602 «Конвой с пересадкой: корабли транспортируют 2 [жителей] через 2 региона», L593
    «Пересаживаясь с одного корабля на другой, житель может быть доставлен через несколько
    регионов за одно действие Миграция»: two inhabitants cross two sea borders in one migration
    by two ships of their owner; without the second ship neither gets past the first border."""
    for seed in range(60):
        state = in_round(3, seed=seed)
        clear_units(state)
        n = len(state.regions)
        chains = [(a, b, c) for a in range(n) for b in range(n) for c in range(n)
                  if len({a, b, c}) == 3 and board.sea_link(state, a, b)
                  and board.sea_link(state, b, c) and not board.land_link(state, a, b)
                  and board.has_land(state, b) and board.has_land(state, c)
                  and c not in [x for _d, x in board.neighbours(state, a)]]
        if chains:
            break
    a, _b, c = chains[0]
    pair = place_inhabitants(state, 0, a, 2)
    ship_to(state, 0, a)
    state.apply(0, Migrate())
    assert all(MoveUnit(u, c, "") not in state.legal_actions(0) for u in pair)
    state.apply(0, Done())
    wheel.start_round(state, 0)
    ship_to(state, 0, c)
    state.apply(0, Migrate())
    for u in pair:
        state.apply(0, MoveUnit(u, c, ""))
    state.apply(0, Done())
    assert [state.units[u][2] for u in pair] == [c, c]


# ---------------------------------------------------------------- the Pioneer's hexes (L1390)
def pioneer_pick(seed: int = 0):
    """Seat 0 has used the Pioneer and placed its exploration disc: it chooses among the three
    hexes drawn from the top of the stack (the first the open one, L501)."""
    state = in_round(3, seed=seed, seat=0)
    give_card(state, 0, "pioneer")
    set_money(state, 0, 20)
    open_hex = state.stack[-1][0]
    state.apply(0, UseCard("pioneer", ()))
    touch(state)
    state.apply(0, Explore())
    assert state.step == "explore_pick"
    drawn = list(state.ctx["drawn"])
    assert len(drawn) == 3 and drawn[0] == open_hex
    return state, drawn


def test_the_pioneers_hexes_drawn_face_down_are_seen_by_its_user_alone():
    """L1390 «возьмите 3 верхних гекса из колоды и выберите один»; L501 «не зная заранее, что на
    следующем гексе»: the two hexes under the open one lie face down; the player who draws them
    looks at them, nobody else does until one is laid or they go to the discard. Before, the
    three hex numbers were in every seat's and the spectator's view (``ctx.drawn``) and the
    determinized worlds of the others kept them."""
    state, drawn = pioneer_pick()
    assert state.view(0)["state"]["ctx"]["drawn"] == drawn
    for seat in (1, 2, None):
        ctx = state.view(seat)["state"]["ctx"]
        assert ctx["drawn"] == drawn[:1]                  # the open hex everybody saw
    # a world of seat 1 draws the two face-down hexes anew among the unseen ones
    seen = set()
    for seed in range(12):
        world = state.determinize(1, seed)
        got = world.ctx["drawn"]
        assert got[0] == drawn[0] and len(got) == 3
        seen.add(tuple(got[1:]))
        assert sorted([*got, *(h for h, _s in world.stack)]) == sorted(
            [*drawn, *(h for h, _s in state.stack)])   # the same hexes, dealt anew
        assert state.determinize(0, seed).ctx["drawn"] == drawn   # its user's world keeps them
    assert len(seen) > 1
    rng = random.Random(5)
    check_views(state, rng)                               # views equal in every world


def test_the_hex_the_pioneers_user_chose_stays_hidden_until_laid():
    """Once a face-down hex is chosen it is in its user's hand until laid (public: the region)
    or discarded: the others' view, their worlds and the log do not name it; the open hex,
    chosen, was public all along."""
    state, drawn = pioneer_pick()
    state.apply(0, Pick(str(drawn[1])))
    assert state.step == "explore_place" and state.ctx["hex"] == drawn[1]
    assert state.view(0)["state"]["ctx"]["hex"] == drawn[1]
    for seat in (1, 2, None):
        assert "hex" not in state.view(seat)["state"]["ctx"]
    assert state.redact_action(0, Pick(str(drawn[1])), 1) == {"type": "pick"}
    assert state.redact_action(0, Pick(str(drawn[1])), 0)["value"] == str(drawn[1])
    assert any(state.determinize(1, seed).ctx["hex"] != drawn[1] for seed in range(8))
    check_views(state, random.Random(6))
    # the other side: the open hex chosen is no secret
    state, drawn = pioneer_pick()
    state.apply(0, Pick(str(drawn[0])))
    assert state.view(1)["state"]["ctx"]["hex"] == drawn[0]
    assert state.determinize(1, 3).ctx["hex"] == drawn[0]


def test_example_a_ship_leaves_its_port_for_the_next_region():
    """L601 «Корабль покидает порт и мигрирует в соседний регион»; L641 «Если юнит покидает
    здание, оно считается ничьим»: the ship keeping a port sails to a neighbour by sea and the
    port is nobody's; the other side (L657): a ship that used its port this phase is engaged and
    does not move."""
    state = in_round(3, seed=1)
    clear_units(state)
    k, nb = next((a, b) for a in range(1, len(state.regions)) for b in range(len(state.regions))
                 if a != b and board.sea_link(state, a, b) and board.has_sea(state, a))
    place_inhabitants(state, 1, k, 1)        # somebody on the archipelago besides
    ship = ship_to(state, 0, k)
    state.regions[k]["buildings"]["port"] = True
    state.units[ship][5] = "port"
    touch(state)
    assert pieces.controller(state, k, "port") == 0
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(ship, nb, ""))
    assert state.units[ship][2] == nb and state.units[ship][5] == ""
    assert pieces.controller(state, k, "port") == -1
    state.apply(0, Done())
    # the other side: back in its port, used, it is engaged
    state.units[ship][2], state.units[ship][5] = k, "port"
    wheel.start_round(state, 0)
    set_money(state, 0, 10)
    state.apply(0, UseBuilding(k, "port"))
    state.apply(0, Done())
    assert state.units[ship][4]                              # engaged (L657)
    touch(state)
    assert Migrate() not in state.legal_actions(0)           # its only unit may not move
