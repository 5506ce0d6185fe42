"""The deal of the trend and objective cards after turn 0 (archipelago.ru.txt L143-159), the
2-player objectives with «Больше остроты» and «Никаких секретов между друзьями» (L1013, L1033,
L1041), «Больше контроля» with «Выбрать тренд» (L1037, L1045), the inhabitant's shore with the
desert start (L725, L1027) and the Spy with 2 players (L1454)."""

from __future__ import annotations

import json

import pytest
from arch_scenario import after_turn_zero, card_table, give_card, legal, new_game, set_money, touch

from settlers.core import InvalidOption, translate
from settlers.core.invariants import invariant_problems
from settlers.games.archipelago import board, heuristic, setup
from settlers.games.archipelago.actions import ChooseShores, Pick, UseCard
from settlers.games.archipelago.objectives import end_of
from settlers.games.archipelago.render import end_text
from settlers.games.archipelago.state import REGION, SHIP, SHORE
from settlers.testing.refusals import refused


def trend_ids(state):
    return [state.content.trends[t]["id"] for t in state.trends]


def play_turn_zero(state):
    """Turn 0 with the first legal choice each time, up to the deal (the last choose_cubes)."""
    while state.phase == "start" and state.step != "keep_objective":
        seat = state.to_act[0]
        state.apply(seat, legal(state, seat)[0])


# ---------------------------------------------------------------- L143-159: the deal
@pytest.mark.parametrize("players", [2, 4])
def test_trend_and_objectives_are_dealt_when_turn_zero_ends(players):
    """L143 «Как только все игроки совершат свои первые открытия …», then the five evolution
    cards (L147), L151 «Перемешайте карты тренда, наугад вытащите одну …», L159 «Каждый игрок
    наугад вытягивает карту цели, смотрит и помещает её лицевой стороной вниз»: during turn 0
    nobody holds an objective and no trend card is open."""
    state = new_game(players, seed=3)
    while state.phase == "start":
        seat = state.to_act[0]
        assert state.objectives == [[] for _ in range(players)] and state.trends == []
        for viewer in range(players):
            view = state.view(viewer)["state"]
            assert view["trends"] == [] and view["tables"]["trends"] == {}
            assert all(p["objectives"] in ([], None) and p["objective_count"] == 0
                       for p in view["players"])
            assert "face_down" not in json.dumps(view)
            assert all(slot is None for slot in view["track"])
        before = len(state.events)
        state.apply(seat, legal(state, seat)[0])
    keys = [e.key for e in state.events[before:]]
    assert keys.index("archipelago.event.objectives_dealt") < keys.index("archipelago.event.turn")
    assert state.turn == 1 and state.step == "bid"
    assert all(card >= 0 for card, _ in state.track)                 # L147
    assert len(state.trends) == 1 and state.face_down_trends == []   # L151
    per = 2 if players == 2 else 1                                   # L159, L1013
    assert all(len(o) == per for o in state.objectives)
    for s in range(players):
        view = state.view(s)["state"]
        assert [o["id"] for o in view["players"][s]["objectives"]] == [
            state.content.objectives[o]["id"] for o in state.objectives[s]]
        assert all(view["players"][t]["objectives"] is None for t in range(players) if t != s)
    held = [o for os in state.objectives for o in os]
    assert len(set(held)) == len(held) and not set(held) & set(state.objective_pool)


def test_in_turn_zero_the_coming_cards_are_hidden_and_redrawn():
    """Before the deal the shuffled decks are face down: a determinized world turns up another
    trend card and deals other objectives (hidden.py), the real game deals its own."""
    state = new_game(3, seed=5)
    seat = state.to_act[0]
    trends, dealt = set(), set()
    for k in range(12):
        world = state.determinize(seat, k)
        assert sorted(world.objective_pool) == sorted(state.objective_pool)
        assert len(world.face_down_trends) == 1
        assert world.face_down_trends[0] not in world.trends
        play_turn_zero(world)
        trends.add(tuple(world.trends))
        dealt.add(tuple(tuple(o) for o in world.objectives))
    assert len(trends) > 1 and len(dealt) > 1


def test_the_chosen_trend_is_known_from_the_start():
    """L1045 «Выбрать тренд»: «В начале нулевого хода, до того, как игроки получают по 3 гекса,
    они … выбирают карту тренда»: open in turn 0 already; the objectives still come after."""
    state = new_game(3, seed=1, trend="ports")
    assert trend_ids(state) == ["ports"] and state.view(0)["state"]["trends"] == ["ports"]
    assert state.objectives == [[], [], []]
    state = after_turn_zero(3, seed=1, trend="ports")
    assert trend_ids(state) == ["ports"] and all(len(o) == 1 for o in state.objectives)


def test_the_heuristic_bot_plays_turn_zero_without_an_objective():
    state = new_game(3, seed=4, more_sharpness=True)
    while state.phase == "start":
        seat = state.to_act[0]
        action = heuristic.make_bot(seat).act(state, seat)
        assert action in legal(state, seat)
        state.apply(seat, action)
    assert all(len(o) == 1 for o in state.objectives)


# ---------------------------------------------------------------- L1041 with L1013
def test_more_sharpness_keep_step_comes_after_turn_zero():
    """L1041 «каждый игрок вытягивает две карты цели, оставляет себе одну из них, а вторую
    отправляет в сброс» — the cards are drawn when they are dealt (L152-159), after turn 0."""
    state = new_game(3, seed=2, more_sharpness=True)
    assert state.step == "place_start" and state.keep_choice == [[], [], []]
    play_turn_zero(state)
    assert state.step == "keep_objective" and state.turn == 0
    assert len(state.regions) == 4 and all(card >= 0 for card, _ in state.track)
    assert set(state.to_act) == {0, 1, 2}
    for s in (0, 1, 2):
        assert len(state.keep_choice[s]) == 2
        assert len(state.view(s)["state"]["players"][s]["choose_objective"]) == 2
        assert "choose_objective" not in state.view((s + 1) % 3)["state"]["players"][s]
        kept = state.keep_choice[s][1]
        state.apply(s, Pick(str(kept)))
        assert state.objectives[s] == [kept]
        refused(state, s, Pick(str(state.keep_choice[s][0])))   # one card only (L1041)
    assert state.step == "bid" and state.turn == 1
    back = [o for s in range(3) for o in state.keep_choice[s] if o not in state.objectives[s]]
    assert set(back) <= set(state.objective_pool)


def test_the_cards_put_back_are_known_to_the_seat_alone_and_in_nobody_elses_hand():
    """L1041 «оставляет себе одну из них, а вторую отправляет в сброс»: the seat saw the card
    it sent back — its view keeps showing it (nobody else's does), a determinized world never
    deals it to another player, and the heuristic does not fear it as another's end
    condition."""
    state = new_game(3, seed=2, more_sharpness=True)
    play_turn_zero(state)
    for s in (0, 1, 2):
        state.apply(s, Pick(str(state.keep_choice[s][0])))
    back = [o for o in state.keep_choice[0] if o not in state.objectives[0]]
    assert len(back) == 1
    ids = [state.content.objectives[o]["id"] for o in back]
    assert [c["id"] for c in state.view(0)["state"]["players"][0]["put_back"]] == ids
    for viewer in (1, 2, None):
        assert "put_back" not in state.view(viewer)["state"]["players"][0]
    for x in range(60):
        world = state.determinize(0, x)
        assert back[0] in world.objective_pool
        assert all(back[0] not in world.objectives[s] for s in (1, 2))
        assert world.objectives[0] == state.objectives[0]
        assert sorted(world.objective_pool + world.objectives[1] + world.objectives[2]) \
            == sorted(state.objective_pool + state.objectives[1] + state.objectives[2])
    # the seat's own put-back card counts for nothing among the others' possible cards
    # (the same as in a world where that card was never in the game)
    from settlers.games.archipelago.heuristic import others_progress
    probe = state.clone()
    probe.objective_pool = [o for o in probe.objective_pool if o != back[0]]
    probe.keep_choice[0] = list(probe.objectives[0])
    assert others_progress(state, 0) == pytest.approx(others_progress(probe, 0))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_cards_to_keep_are_offered_by_their_text(lang):
    """L1041: the player keeps one of the cards it drew, so its menu names each card by what it
    says (how it ends the game, what it ranks by) in the player's language, never by the
    card's number in the deck."""
    state = new_game(3, seed=2, more_sharpness=True)
    play_turn_zero(state)
    for card in state.keep_choice[0]:
        label = state.describe_action(Pick(str(card)), lang)
        objective = state.content.objectives[card]
        crit = translate(f"archipelago.criterion.{objective['criterion']}", lang)
        # the end with its count where the catalog words one («кончились 2 стопки жетонов
        # первооткрывателя», seventeenth i18n round), else «{end}: {n}»
        end = end_text(objective["end"]["kind"], end_of(state, card)[1], lang)
        assert crit in label and end in label and str(card) not in label.split(":")[0]
        assert not label.endswith(f": {card}")


def test_two_players_more_sharpness_draw_four_keep_two():
    """L1013 «Каждому из игроков достаётся по 2 карты цели» with L1041 (variants combine,
    L1019): each player draws four cards and keeps two; the 2-player deck (no Pacifist, no
    Separatist) has exactly those eight."""
    state = new_game(2, seed=5, more_sharpness=True)
    play_turn_zero(state)
    assert state.step == "keep_objective"
    assert all(len(choice) == 4 for choice in state.keep_choice)
    assert state.objective_pool == []
    assert state.view(0)["state"]["players"][1]["objective_count"] == 4
    for s in (0, 1):
        first, second, third, _fourth = state.keep_choice[s]
        assert set(legal(state, s)) == {Pick(str(o)) for o in state.keep_choice[s]}
        state.apply(s, Pick(str(first)))
        assert s in state.to_act and Pick(str(first)) not in legal(state, s)
        refused(state, s, Pick(str(first)))                      # the same card twice
        assert len(state.view(s)["state"]["players"][s]["choose_objective"]) == 3
        state.apply(s, Pick(str(second)))
        assert sorted(state.objectives[s]) == [first, second]
        refused(state, s, Pick(str(third)))                      # a third card
    assert state.step == "bid"
    assert len(state.objective_pool) == 4
    # the kept cards are secret in the log, whenever it is read
    shown = state.log_json(viewer=1, redact=True)
    picks = [entry for entry in shown if entry[1]["type"] == "pick"]
    assert [p[1] for p in picks if p[0] == 0] == [{"type": "pick"}] * 2
    assert all("value" in p[1] for p in picks if p[0] == 1)


def test_a_deck_too_small_for_the_variants_is_refused():
    """«Благотворитель» takes the Pacifist and the Separatist out (L1049): eight cards, but
    «Больше остроты» at 5 players needs ten (L1041); at 4 players the eight suffice."""
    with pytest.raises(InvalidOption):
        new_game(5, seed=1, philanthropist=True, more_sharpness=True)
    state = new_game(4, seed=1, philanthropist=True, more_sharpness=True)
    play_turn_zero(state)
    assert all(len(choice) == 2 for choice in state.keep_choice) and not state.objective_pool


# ---------------------------------------------------------------- L1033
@pytest.mark.parametrize("players", [2, 3])
def test_no_secrets_opens_as_many_objectives_as_players(players):
    """L1033 «Откройте карты цели по количеству участников игры» — two at 2 players, not the
    four of L1013's dealing (nobody draws in this variant); all open, no trend (L1033)."""
    state = after_turn_zero(players, seed=1, no_secrets=True)
    assert sum(len(o) for o in state.objectives) == players
    assert all(len(o) == 1 for o in state.objectives)
    assert state.trends == []
    view = state.view(0)["state"]
    assert all(len(p["objectives"]) == 1 for p in view["players"])


# ---------------------------------------------------------------- L1037 with L1045, L1049
def test_more_control_with_a_chosen_trend_adds_a_drawn_one():
    """L1037 «В начале игры откройте две карты тренда» with L1045 (the table chooses one):
    the chosen card and one drawn card; alone, «Выбрать тренд» gives one card."""
    state = new_game(3, seed=1, more_control=True, trend="ports")
    assert trend_ids(state) == ["ports"]                 # known in turn 0 (L1045)
    state = after_turn_zero(3, seed=1, more_control=True, trend="ports")
    ids = trend_ids(state)
    assert ids[0] == "ports" and len(ids) == 2 and ids[1] != "ports"
    assert len(after_turn_zero(3, seed=1, trend="ports").trends) == 1
    assert len(after_turn_zero(3, seed=1, more_control=True).trends) == 2


def test_philanthropist_with_a_chosen_trend():
    """L1049 «Используйте карту тренда Благотворитель и вытяните вторую карту тренда» with
    L1045: the chosen trend is that second card (it was dropped before)."""
    state = new_game(3, seed=1, philanthropist=True, trend="ports")
    assert trend_ids(state) == ["philanthropist", "ports"] and state.has_philanthropist
    state = after_turn_zero(3, seed=1, philanthropist=True, trend="ports")
    assert trend_ids(state) == ["philanthropist", "ports"]


# ---------------------------------------------------------------- L725 with L1027
def desert_strait():
    """A desert-start game whose first player can lay a strait region in turn 0."""
    for seed in range(60):
        state = new_game(3, seed, desert_start=True)
        seat = state.to_act[0]
        c = state.content
        straits = [h for h in range(len(c.hexes)) if any(f.strait for f in c.hexes[h])
                   and all(h not in state.hands[s] for s in range(3) if s != seat)]
        state.hands[seat] = sorted(straits)
        state.stack = [x for x in state.stack if x[0] not in straits]
        touch(state)
        moves = [a for a in legal(state) if a.kind == "place_region"
                 and c.hexes[a.hex][a.side].strait]
        if moves:
            return state, seat, moves[0]
    raise AssertionError("no strait region can be laid in turn 0")


def test_desert_start_the_inhabitant_chooses_its_shore_on_a_strait():
    """L1027 «Разыграйте нулевой ход так же, как и в игре с началом в открытом море. Выложив
    свой первый гекс, каждый игрок передвигает одного из своих двоих жителей в новый открытый
    регион» and L725 «При открытии архипелага во время нулевого хода вы можете поместить своих
    жителей на любой из берегов»: the one inhabitant who walks in chooses its shore."""
    state, seat, move = desert_strait()
    state.apply(seat, move)
    assert state.step == "choose_shores"
    assert set(legal(state)) == {ChooseShores((0,)), ChooseShores((1,))}
    refused(state, seat, ChooseShores((0, 1)))        # one inhabitant, not two
    k = state.ctx["region"]
    # the shore the edge facing the desert belongs to is not forced: the other one is allowed
    other = 1 - board.shore_towards(state, k, 0)
    state.apply(seat, ChooseShores((other,)))
    mine = [u for u in state.units if u[0] == seat and not u[SHIP] and u[REGION] == k]
    assert len(mine) == 1 and mine[0][SHORE] == other
    assert state.step == "choose_cubes"
    assert sum(1 for u in state.units if u[0] == seat and u[REGION] == 0) == 1


# ---------------------------------------------------------------- L1454 with L1013
def spy_table(players):
    state = card_table(players, 1)
    give_card(state, 0, "spy")
    set_money(state, 0, 5)
    return state


def test_spy_with_two_players_sees_one_of_the_two_cards():
    """L1454 «Вы можете посмотреть карту цели любого игрока» — one card; with 2 players the
    target holds two (L1013), face down: the spy sees one of them, drawn at random; the view
    never shows the other; a determinized world keeps the card seen with its holder and draws
    the other anew among the cards seat 0 has not seen."""
    shown = set()
    for seed in range(8):
        state = spy_table(2)
        state.rng.seed(seed)
        held = list(state.objectives[1])
        assert len(held) == 2
        state.apply(0, UseCard("spy", (1,)))
        assert len(state.seen[0]) == 1 and state.seen[0][0] in held
        assert invariant_problems(state) == []
        seen = state.seen[0][0]
        other = next(o for o in held if o != seen)
        shown.add(held.index(seen))
        view = state.view(0)["state"]["players"][1]["objectives"]
        assert [o["id"] for o in view] == [state.content.objectives[seen]["id"]]
        assert state.view(1)["state"]["players"][1]["objectives"] and \
            len(state.view(1)["state"]["players"][1]["objectives"]) == 2
        redrawn = set()
        for k in range(16):
            world = state.determinize(0, k)
            assert seen in world.objectives[1] and len(world.objectives[1]) == 2
            new = next(o for o in world.objectives[1] if o != seen)
            assert new not in state.objectives[0]
            redrawn.add(new)
            assert world.seen[0] == [seen]
            assert invariant_problems(world) == []
        assert len(redrawn) > 1 and other in redrawn | set(state.objective_pool)
        # the target does not know which of its cards was seen: drawn anew in its worlds
        picked = {tuple(state.determinize(1, k).seen[0]) for k in range(16)}
        assert picked <= {(o,) for o in held} and len(picked) == 2
    assert shown == {0, 1}


def test_spy_a_second_time_sees_the_other_card():
    state = spy_table(2)
    state.apply(0, UseCard("spy", (1,)))
    first = state.seen[0][0]
    state.owned[0][0][1] = 0          # the card ready again (a later turn)
    state.round = {}
    set_money(state, 0, 5)
    touch(state)
    state.apply(0, UseCard("spy", (1,)))
    assert sorted(state.seen[0]) == sorted(state.objectives[1]) and first in state.seen[0]
    assert len(state.view(0)["state"]["players"][1]["objectives"]) == 2


def test_spy_with_three_players_sees_the_one_card_and_draws_nothing():
    state = spy_table(3)
    rng = state.rng.getstate()
    state.apply(0, UseCard("spy", (2,)))
    assert state.seen[0] == state.objectives[2]
    assert state.rng.getstate() == rng
    assert state.view(0)["state"]["players"][2]["objectives"]
    assert state.view(1)["state"]["players"][2]["objectives"] is None
    world = state.determinize(0, 3)
    assert world.objectives[2] == state.objectives[2]


def test_keep_choices_are_empty_outside_the_step():
    state = after_turn_zero(3, seed=1)
    assert all(setup.keep_choices(state, s) == [] for s in range(3))
    assert not any(setup.keeping(state, s) for s in range(3))
