"""No search bot reads what a rulebook hides — twins built by hand, game by game.

`test_no_peeking` builds its twins with `determinize`, so a hidden thing that `redraw_hidden`
forgets to re-draw looks the same in both twins and goes unnoticed. Here each twin is made by
hand: a copy of a position changed in ONE thing the rulebook hides from the deciding seat, so
that ``twin.view(seat) == state.view(seat)``. Then both must determinize to exactly the same
worlds (``redraw_hidden`` is canonical, docs/protocol.md) and every bot must decide the same in
both. Positions come from the games' scenario helpers or from seeded random play.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import settlers.bots as bots
from settlers.core import load

GAMES = Path(__file__).resolve().parents[1] / "games"
for _game in ("archipelago", "imperial", "iceland", "founders"):
    if str(GAMES / _game) not in sys.path:
        sys.path.insert(0, str(GAMES / _game))

BOTS = (("greedy", {"samples": 2}), ("mcts", {"iterations": 40}),
        ("search", {"iterations": 12}), ("guided", {"iterations": 20}))


def assert_unread(state, twin, seat: int, bot_list=BOTS) -> None:
    """``twin`` differs from ``state`` in something hidden from ``seat`` alone: it looks the
    same to ``seat``, determinizes to the same worlds, and no bot decides differently."""
    assert twin.full_state() != state.full_state(), "the twin must differ"
    assert twin.view(seat) == state.view(seat), "the twin must look the same to the seat"
    for x in (1, 2):
        assert (state.determinize(seat, x).full_state()
                == twin.determinize(seat, x).full_state()), "a hidden thing is not re-drawn"
    if len(state.legal_actions(seat)) < 2:
        return
    for name, budget in bot_list:
        if not bots.supports(name, state.game.id):
            continue
        a = bots.make(name, seed=7, **budget).act(state, seat)
        b = bots.make(name, seed=7, **budget).act(twin, seat)
        assert a == b, (name, a, b)


def played(game_id: str, players: int, seed: int, until, options=None, prefer=None,
           limit: int = 20000):
    """Random play (seeded) until ``until(state)``; ``prefer(state, actions)`` may narrow the
    choices so that the wanted situation comes sooner."""
    state = load(game_id).new_state(players, seed, options or {})
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        assert not state.over, "the situation never came"
        seat = state.to_act[0]
        options_ = state.legal_actions(seat)
        if prefer is not None:
            options_ = prefer(state, options_) or options_
        state.apply(seat, options_[rng.randrange(len(options_))])
    raise AssertionError("the situation never came")


# ================================================================== Catan
def catan_midgame(seed: int, buy: bool = False):
    """A Catan position in the main phase of a later turn (``buy``: development cards bought
    whenever possible, so that the others hold some)."""
    from settlers.games.catan import phases as ph

    def prefer(state, actions):
        if buy:
            return [a for a in actions if a.kind == "buy_development_card"]
        return None

    def until(state):
        return (state.phase in (ph.TRADE, ph.BUILD, ph.MAIN) and state.turn >= 12
                and (not buy or sum(sum(state.dev[p]) for p in range(state.players)
                                    if p != state.current) >= 2))

    return played("catan", 4, seed, until, prefer=prefer)


def test_catan_other_hands_are_not_read():
    """Almanac: a player's resource cards are held in hand, face down to the others (only
    their number is public — «карты сырья … на руках»): which cards each rival holds is
    hidden, while the bank shows what they hold together."""
    state = catan_midgame(3)
    seat = state.current
    twin = state.clone()
    others = [p for p in range(4) if p != seat]
    swap = next((p, a, q, b) for p in others for q in others for a in range(5) for b in range(5)
                if p != q and a != b and twin.hands[p][a] and twin.hands[q][b])
    p, a, q, b = swap
    twin.hands[p][a] -= 1
    twin.hands[p][b] += 1
    twin.hands[q][b] -= 1
    twin.hands[q][a] += 1
    assert_unread(state, twin, seat)


def test_catan_other_development_cards_are_not_read():
    """Almanac («Карты развития»): a bought development card is kept hidden in hand until
    played — a rival's card could be any card still unseen (the deck's too)."""
    state = catan_midgame(4, buy=True)
    seat = state.current
    twin = state.clone()
    p, k = next((p, k) for p in range(4) for k in range(5) if p != seat and twin.dev[p][k]
                and not twin.dev_new[p][k])
    j = next(c for c in twin.deck if c != k)
    twin.dev[p][k] -= 1
    twin.dev[p][j] += 1
    twin.deck[twin.deck.index(j)] = k
    assert_unread(state, twin, seat)


def test_catan_development_deck_order_is_not_read():
    """Almanac («Карты развития»): the development cards are shuffled and stacked face down;
    the next card drawn is unknown."""
    state = catan_midgame(5)
    seat = state.current
    twin = state.clone()
    deck = twin.deck
    i = next(i for i in range(len(deck) - 1) if deck[i] != deck[-1])
    deck[i], deck[-1] = deck[-1], deck[i]
    assert_unread(state, twin, seat)


def test_catan_which_rival_card_is_new_is_not_read():
    """Almanac («Карты развития»): a card may not be played the turn it is bought; which of a
    rival's hidden cards is the new one is hidden too (only how many are new)."""
    state = catan_midgame(6, buy=True)
    seat = state.current
    p = next(p for p in range(4) if p != seat and sum(1 for k in range(5) if state.dev[p][k]) >= 2
             and not sum(state.dev_new[p])) if any(
        p != seat and sum(1 for k in range(5) if state.dev[p][k]) >= 2 for p in range(4)) else None
    if p is None:
        p = next(p for p in range(4) if p != seat and sum(state.dev[p]))
        j = next(c for c in state.deck if not state.dev[p][c])
        state.deck.remove(j)
        state.dev[p][j] += 1
    k1, k2 = [k for k in range(5) if state.dev[p][k]][:2]
    twin = state.clone()
    state.dev_new[p][k1] = 1
    twin.dev_new[p][k2] = 1
    assert_unread(state, twin, seat)


def test_catan_rivals_discards_in_progress_are_not_read():
    """Almanac (выпала «7»): each player with more than 7 cards discards half; the discards are
    chosen at the same time, a rival's picks are not seen until all are done."""
    from settlers.games.catan import phases as ph

    def until(state):
        owing = [p for p in range(state.players) if state.discard_owed[p] >= 2]
        return state.phase == ph.DISCARD and len(owing) >= 2

    state = played("catan", 4, 11, until)
    owing = [p for p in range(4) if state.discard_owed[p] >= 2]
    p, seat = owing[0], owing[-1]
    discards = [a for a in state.legal_actions(p) if a.kind == "discard"]
    assert len(discards) >= 2
    twin = state.clone()
    state.apply(p, discards[0])
    twin.apply(p, discards[1])
    assert seat in state.to_act
    assert_unread(state, twin, seat)


# ================================================================== Landnám (Iceland)
def iceland_midgame(seed: int):
    return played("iceland", 3, seed, lambda s: s.phase == "build" and s.round >= 4
                  if hasattr(s, "round") else s.phase == "build" and len(s.log) > 60)


def test_iceland_other_hands_are_public_and_kept():
    """L7 the resource cards lie face down, but every one moves in the open (L4, L26-27, L50,
    L52-53 «видимых всем игрокам», L56-60, L66), so a player who keeps count knows every hand
    (tests/games/iceland/test_iceland_tenth_reading.py): a twin whose other hand differs looks
    different to the seat, and determinizing keeps each hand as it is. (Before the tenth
    reading the other hands were hidden and dealt again by their counts.)"""
    state = iceland_midgame(1)
    seat = state.to_act[0]
    twin = state.clone()
    p, a, b = next((p, a, b) for p in range(3) for a in range(4) for b in range(4)
                   if p != seat and a != b and twin.hands[p][a] and twin.bank[b])
    twin.hands[p][a] -= 1
    twin.hands[p][b] += 1
    twin.bank[b] -= 1
    twin.bank[a] += 1
    assert twin.view(seat) != state.view(seat)
    for x in (1, 2):
        assert twin.determinize(seat, x).hands == twin.hands
        assert state.determinize(seat, x).hands == state.hands


def test_iceland_other_fate_cards_are_not_read():
    """L4, L6: fate cards are held in hand (their number is named, the starting
    «Исследование» card was drawn in the open) and the deck is shuffled face down."""
    state = iceland_midgame(3)  # seed 2's game holds no such card since rules 2026-12-06.3
    seat = state.to_act[0]
    twin = state.clone()
    p = next(p for p in range(3) if p != seat and len(twin.fate[p]) > len(twin.fate_public[p]))
    hidden = list(twin.fate[p])
    for card in twin.fate_public[p]:
        hidden.remove(card)
    f = hidden[0]
    g = next(c for c in twin.deck if c != f)
    twin.fate[p].remove(f)
    twin.fate[p].append(g)
    twin.fate[p].sort()
    twin.deck[twin.deck.index(g)] = f
    assert_unread(state, twin, seat)


def test_iceland_fate_deck_order_is_not_read():
    """L4: «Оставшиеся и сброшенные карты судьбы хорошо перемешиваются»: the next fate card is
    unknown."""
    state = iceland_midgame(3)
    seat = state.to_act[0]
    twin = state.clone()
    deck = twin.deck
    i = next(i for i in range(len(deck) - 1) if deck[i] != deck[-1])
    deck[i], deck[-1] = deck[-1], deck[i]
    assert_unread(state, twin, seat)


def test_iceland_althing_window_choice_is_not_read():
    """L72 «Карты судьбы с меткой «Альтинг» могут быть сыграны всеми игроками в течение
    альтинга»: in the engine's simultaneous card window a rival's answer is secret until all
    have answered (others see only that it answered)."""
    from althing_scenario import outlaw_at_the_window

    from settlers.games.iceland.actions import Pass

    state = outlaw_at_the_window()
    state.rng = random.Random(0)   # the scenario's loaded dice have been rolled
    assert 2 in state.to_act
    play = next(a for a in state.legal_actions(2) if not isinstance(a, Pass))
    twin = state.clone()
    state.apply(2, play)
    twin.apply(2, Pass())
    seat = state.to_act[0]
    assert seat != 2
    assert_unread(state, twin, seat)


# ================================================================== Founders of Empire
def founders_position(seed: int):
    from founders_scenario import past_setup
    state = past_setup(2, seed)
    return state, state.to_act[0]


@pytest.mark.parametrize("pile", [0, 1, 2])
def test_founders_stack_order_is_not_read(pile):
    """L37 «Разделите квадраты на 4 стопки по цвету рубашек и перемешайте каждую стопку лицом
    вниз»: the next tile of each stack is unknown."""
    state, seat = founders_position(1)
    twin = state.clone()
    stack = twin.stacks[pile]
    stack[0], stack[-1] = stack[-1], stack[0]
    assert_unread(state, twin, seat)


def test_founders_boxed_prize_tiles_are_not_read():
    """L37: 8 or 12 prize tiles are opened, «остальные» stay in the box unseen."""
    state, seat = founders_position(2)
    twin = state.clone()
    box = twin.prize_box
    box[0], box[-1] = box[-1], box[0]
    assert_unread(state, twin, seat)


def test_founders_master_pool_order_is_not_read():
    """L43, L216: master tokens are shuffled face down and drawn «в закрытую»."""
    state, seat = founders_position(3)
    twin = state.clone()
    pool = twin.master_pool
    pool[0], pool[-1] = pool[-1], pool[0]
    assert_unread(state, twin, seat)


# ================================================================== Archipelago
@pytest.mark.parametrize("seed", [2, 3])
def test_archipelago_thief_fists_are_not_read(seed):
    """L1472 «Один из игроков … должен зажать в кулаках по одному кубичку ресурсов … Вы
    выбираете, из какой руки вы возьмёте себе ресурс»: the thief does not see which fist
    holds which cube."""
    from arch_scenario import clear_units, give_card, give_cubes, in_round

    from settlers.games.archipelago.actions import ThiefHands, UseCard

    state = in_round(3, seed)
    clear_units(state)
    for s in range(3):
        state.owned[s] = []
    give_card(state, 0, "thief")
    for r in range(6):
        state.bank_cubes[r] += state.cubes[1][r]
        state.cubes[1][r] = 0
    give_cubes(state, 1, iron=1, fish=1)
    state.apply(0, UseCard("thief", (1,)))
    twin = state.clone()
    state.apply(1, ThiefHands("iron", "fish"))
    twin.apply(1, ThiefHands("fish", "iron"))
    assert_unread(state, twin, 0)


def arch_round(seed: int = 1, **options):
    """Turn 1, phase 5, seat 0 to play a round (3 players)."""
    from arch_scenario import in_round
    return in_round(3, seed, **options)


def test_archipelago_region_stack_below_its_top_is_not_read():
    """L499 (the region stack shows its top hex), L503: the hexes below it are shuffled face
    down — which comes next after the top one, and its side, is unknown."""
    state = arch_round()
    twin = state.clone()
    stack = twin.stack
    i = next(i for i in range(1, len(stack) - 1) if stack[i][0] != stack[0][0])
    stack[0], stack[i] = stack[i], stack[0]
    assert_unread(state, twin, 0)


def test_archipelago_turn_zero_hexes_in_hand_are_not_read():
    """L117 «раздайте каждому игроку по 3 гекса»: the hexes in a rival's hand are hidden (its
    number is seen), like the stack below its top."""
    from arch_scenario import new_game

    state = new_game(3, 2)
    seat = state.to_act[0]
    rival = next(s for s in range(3) if s != seat and state.hands[s])
    twin = state.clone()
    h = twin.hands[rival][0]
    twin.hands[rival][0] = twin.stack[0][0]
    twin.stack[0] = [h, twin.stack[0][1]]   # (a clone shares the stack's rows)
    twin.hands[rival].sort()
    assert_unread(state, twin, seat)


def test_archipelago_evolution_deck_below_its_top_is_not_read():
    """L103 (the evolution cards shuffled), L770: only the back of the deck's top card is seen
    (a red zone or not) — the cards below it are unknown."""
    state = arch_round()
    twin = state.clone()
    deck = twin.deck
    i = next(i for i in range(1, len(deck) - 1) if deck[i] != deck[0])
    deck[0], deck[i] = deck[i], deck[0]
    assert_unread(state, twin, 0)


def test_archipelago_evolution_deck_top_face_is_not_read():
    """L766-770: the deck's top card shows its back (a red zone or not), not its face."""
    state = arch_round(2)
    twin = state.clone()
    deck, cards = twin.deck, twin.content.cards
    top = cards[deck[-1]]
    i = next(i for i in range(len(deck) - 1) if deck[i] != deck[-1]
             and (cards[deck[i]].normal, cards[deck[i]].red) == (top.normal, top.red))
    deck[-1], deck[i] = deck[i], deck[-1]
    assert_unread(state, twin, 0)


def test_archipelago_rival_objectives_are_not_read():
    """L159 «Эта карта содержит самую секретную информацию в игре»: a rival's objective card
    could be any card of the chosen deck the seat has not seen."""
    state = arch_round(2)
    twin = state.clone()
    rival = 1
    o = twin.objectives[rival][0]
    twin.objectives[rival][0] = twin.objective_pool[0]
    twin.objective_pool[0] = o
    twin.objective_pool.sort()
    twin.objectives[rival].sort()
    assert_unread(state, twin, 0)


def test_archipelago_rival_objective_pair_is_not_read():
    """L1041 («Больше остроты»): each player draws two objective cards, keeps one and discards
    the other — neither the kept card nor the discarded one is seen by the others."""
    state = arch_round(3, more_sharpness=True)
    rival = 1
    kept = state.objectives[rival][0]
    dropped = next(o for o in state.keep_choice[rival] if o != kept)
    other = next(o for o in state.objective_pool if o != dropped
                 and o not in state.keep_choice[0])
    twin = state.clone()   # the rival drew ``other`` instead and discarded it: same pool
    twin.keep_choice[rival] = sorted([kept, other])
    assert_unread(state, twin, 0)


def _move(rows, a: int, b: int, i: int | None = None) -> None:
    if i is None:
        rows[a] -= 1
        rows[b] += 1
    else:
        rows[a][i] -= 1
        rows[b][i] += 1


def test_archipelago_florins_behind_the_screens_are_not_read():
    """L258 and L1239 («количество денег за ширмой у каждого игрока»): florins lie behind each
    player's screen; the others see only what everybody can count."""
    state = arch_round(4)
    twin = state.clone()
    a, b = (1, 2) if twin.money[1] else (2, 1)
    _move(twin.money, a, b)
    assert_unread(state, twin, 0)


def test_archipelago_cubes_behind_the_screens_are_not_read():
    """L990, L1138 («за ширмой у каждого игрока»): resource cubes lie behind each screen."""
    from arch_scenario import give_cubes

    state = arch_round(5)
    give_cubes(state, 1, iron=1, fish=1)
    twin = state.clone()
    _move(twin.cubes, 1, 2, 5)
    assert_unread(state, twin, 0)


def test_archipelago_explorer_tokens_behind_the_screens_are_not_read():
    """L129, L521: an explorer token is put «за своей ширмой»; how many each rival holds is
    hidden (L1255)."""
    state = arch_round(6)
    if not state.tokens[1]:
        state.tokens[1] += 1
    twin = state.clone()
    _move(twin.tokens, 1, 2)
    assert_unread(state, twin, 0)


# ================================================================== Imperial Settlers
def imperial_midgame(seed: int = 1):
    """Round 2 or later, the actions phase, nothing pending: (state, deciding seat, a rival)."""
    state = played("imperial", 2, seed, lambda s: s.phase == "actions" and s.round >= 2
                   and not s.pending)
    seat = state.to_act[0]
    return state, seat, 1 - seat


def _common_swap(state, twin, rival: int) -> None:
    """In ``twin``, one common card of ``rival`` that ``seat`` has not seen trades places with a
    different common card of the common deck."""
    i, c = next((i, c) for i, c in enumerate(twin.hand[rival])
                if twin.cards[c].common and c not in twin.known[rival])
    j = next(j for j, d in enumerate(twin.common_deck) if twin.cards[d].id != twin.cards[c].id)
    twin.hand[rival][i], twin.common_deck[j] = twin.common_deck[j], c


def test_imperial_other_hands_are_not_read():
    """L308 «Нельзя показывать свои карточки другим игрокам»: a rival's hand is hidden (bar
    the cards all saw it take in the open lookout)."""
    state, seat, rival = imperial_midgame()
    twin = state.clone()
    _common_swap(state, twin, rival)
    assert_unread(state, twin, seat)


def test_imperial_deck_order_is_not_read():
    """L246, L254: the common deck and each empire deck are shuffled and laid face down (the
    seat's own empire deck as well)."""
    state, seat, _ = imperial_midgame()
    for deck in ("common", state.emp[seat]):
        twin = state.clone()
        pile = twin.common_deck if deck == "common" else twin.fdeck[deck]
        i = next(i for i in range(len(pile) - 1)
                 if twin.cards[pile[i]].id != twin.cards[pile[-1]].id)
        pile[i], pile[-1] = pile[-1], pile[i]
        assert_unread(state, twin, seat)


def test_imperial_rival_deal_cards_are_not_read():
    """L199: a deal is slid under the empire board «так, чтобы игроку был виден только бонус
    сделки»: only the deal's good is seen, not which card it is."""
    state, seat, rival = imperial_midgame()
    (c,) = state.deals[rival]
    assert c not in state.deal_known[seat]
    card = state.cards[c]
    twin = state.clone()
    pile = twin.fdeck[card.deck]
    j = next(j for j, d in enumerate(pile)
             if twin.cards[d].deal == card.deal and twin.cards[d].id != card.id)
    twin.deals[rival][0], pile[j] = pile[j], c
    assert_unread(state, twin, seat)


def test_imperial_face_down_foundations_are_not_read():
    """L483 a razed location turns «лицом вниз» as a foundation — seen by all; a card laid face
    down from the hand («Святилище») is not: which card it is stays hidden."""
    state, seat, rival = imperial_midgame()
    twin = state.clone()
    for st, k in ((state, 0), (twin, 1)):
        c = st.common_deck.pop(k)
        st.fnd[rival].append(c)
        st.fnd_hidden[rival].append(c)
    assert state.cards[state.fnd[rival][-1]].id != twin.cards[twin.fnd[rival][-1]].id
    assert_unread(state, twin, seat)


def test_imperial_cards_under_the_gate_are_not_read():
    """«Врата» (Japanese): cards are put face down under the Gate; the others see how many, not
    which."""
    from imperial_scenario import to_empire

    state, seat, rival = imperial_midgame()
    assert state.emp[rival] == "japanese"
    gate = to_empire(state, rival, "JAP013")
    twin = state.clone()
    for st, k in ((state, 0), (twin, 1)):
        st.gate[gate] = [st.common_deck.pop(k)]
    assert state.cards[state.gate[gate][0]].id != twin.cards[twin.gate[gate][0]].id
    assert_unread(state, twin, seat)


def alt_lookout():
    """The alternative lookout: every seat has 3 common cards to pick from, none picked yet."""
    state = played("imperial", 3, 1, lambda s: s.draft.get("mode") == "alt"
                   and len(s.to_act) == 3, options={"lookout": "alternative"})
    return state


def test_imperial_alternative_lookout_offers_are_not_read():
    """L730 «игроки откладывают карточки … лицом вниз, каждый из них берёт 3 общие карточки,
    выбирает … одну, после чего передаёт оставшиеся две следующему игроку»: the cards a
    rival is choosing from are hidden."""
    state = alt_lookout()
    seat, rival = state.to_act[-1], state.to_act[0]
    twin = state.clone()
    offer = twin.draft["offer"][rival]
    j = next(j for j, d in enumerate(twin.common_deck)
             if all(twin.cards[d].id != twin.cards[c].id for c in offer))
    offer[0], twin.common_deck[j] = twin.common_deck[j], offer[0]
    assert_unread(state, twin, seat)


def test_imperial_alternative_lookout_picks_are_not_read():
    """L730: a rival's pick is added face down to its set-aside cards; others see only that it
    has picked."""
    from settlers.games.imperial.actions import Pick

    state = alt_lookout()
    seat, rival = state.to_act[-1], state.to_act[0]
    a, b = state.draft["offer"][rival][:2]
    twin = state.clone()
    state.apply(rival, Pick(a))
    twin.apply(rival, Pick(b))
    assert seat in state.to_act
    assert_unread(state, twin, seat)


def test_imperial_solo_attack_deck_order_is_not_read():
    """L789 «Возьмите 16 карточек атаки, перемешайте их и сложите стопкой»: the attack deck
    lies face down (only its top card is opened, L790)."""
    state = played("imperial", 1, 3, lambda s: s.phase == "actions" and s.round >= 1
                   and not s.pending)
    twin = state.clone()
    deck = twin.attack_deck
    goods = twin.attack_goods
    i = next(i for i in range(len(deck) - 1) if goods[deck[i]] != goods[deck[-1]])
    deck[-1], deck[i] = deck[i], deck[-1]   # the next attack strikes elsewhere
    assert_unread(state, twin, 0)
