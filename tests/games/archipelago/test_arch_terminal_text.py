"""Archipelago in the terminal as a player reads it (docs/audits/2026-12-06-seventh-archipelago-
terminal.md): what is being decided and by whom, the next crisis in words, the hexes in hand,
the sides in the reader's letters, menu labels without unit indexes and with the trade's price,
the end with the count card by card and the main winner."""

from __future__ import annotations

import io
import random

from arch_scenario import in_round, legal, new_game, to_turn_limit
from rich.console import Console

from settlers.cli.seats import Seat
from settlers.cli.terminal import TerminalGame
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.render import face_text, player_name


def _played_until(predicate, seed=4, players=3):
    """A game of random moves (no offers or gifts) until ``predicate(state, actions)`` holds
    for the seat to act."""
    state = new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.over:
            break
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        if predicate(state, actions):
            return state, seat, actions
        plain = [a for a in actions if a.kind not in ("propose", "gift")] or actions
        state.apply(seat, rng.choice(plain))
    if predicate(state, []):
        return state, None, []
    raise AssertionError("the situation never came up")


def test_the_board_says_what_is_decided_and_by_whom_and_no_raw_data():
    state = new_game(3, 0)
    first = state.to_act[0]
    for lang in ("ru", "en"):
        text = state.render(first, lang)
        # the next crisis was the card's back as a Python dict (English ids)
        assert "{'normal'" not in text and "'domestic'" not in text
        assert ("Карта кризиса (верх колоды): обычная сторона: кризис внутреннего рынка" in text
                if lang == "ru" else "Crisis card (top of the deck): normal side" in text)
        # no recruitment while the surplus is nil: not "вербовка -f"
        assert "-f)" not in text
    ru = state.render(first, "ru")
    assert f"Решается: первое открытие — ходит {player_name(first, 'ru')}." in ru
    # the open sea's six sides in Russian letters, with their legend (was "ssssss")
    assert "(0,0) мммммм" in ru and "ssssss" not in ru
    assert "м — море, п — поля, г — горы" in ru
    assert "Deciding now: first discovery — Red is to act." in state.render(first, "en")


def test_the_bids_name_every_seat_that_owes_one():
    state, _, _ = _played_until(lambda st, acts: st.step == "bid")
    assert state.to_act == (0, 1, 2)
    assert "Решается: ставка — ходят Красный, Жёлтый, Зелёный." in state.render(0, "ru")


def test_turn_zero_shows_the_seats_own_hexes_and_not_anothers():
    state = new_game(3, 0)
    for seat in range(3):
        text = state.render(seat, "ru")
        assert "Гексы у вас на руке:" in text
        for hex_id in state.hands[seat]:
            for face in state.content.hexes[hex_id]:
                assert face_text(face, "ru") in text
        for other in range(3):
            if other != seat:
                mine = {face_text(f, "ru") for h in state.hands[seat]
                        for f in state.content.hexes[h]}
                theirs = [face_text(f, "ru") for h in state.hands[other]
                          for f in state.content.hexes[h]]
                assert not any(x in text for x in theirs if x not in mine)
    assert "Гексы у вас на руке" not in state.render(None, "ru")


def test_the_prompt_says_what_is_decided():
    state = new_game(3, 0)
    seat = state.to_act[0]
    asked: list[str] = []

    def ask(prompt):
        asked.append(prompt)
        return "1"

    seats = [Seat("human") if i == seat else Seat("random") for i in range(3)]
    out = io.StringIO()
    game = TerminalGame(state, seats, "ru", console=Console(file=out, width=80), ask=ask)
    game.human_turn(seat)
    # (turn 0's menu asks twice: the hex, then its place and turn; the same question)
    assert asked == [f"{player_name(seat, 'ru')}, ваш ход — первое открытие (? — помощь): "] * 2


def test_units_are_named_by_their_place_in_the_region_not_by_index():
    state = in_round(3, 0)
    harvest = next(a for a in legal(state, 0) if a.kind == "harvest")
    state.apply(0, harvest)
    picks = [a for a in legal(state, 0) if a.kind == "harvest_with"]
    region = state.units[picks[0].unit][U.REGION]
    twins = [i for i, u in enumerate(state.units)
             if u[U.OWNER] == 0 and not u[U.SHIP] and u[U.REGION] == region]
    assert len(twins) == 2
    # was "Отправить на добычу жителя 0 / жителя 1" (the unit's index in the state)
    assert [state.describe_action(a, "ru") for a in picks] == [
        f"Отправить на добычу жителя №{twins.index(a.unit) + 1} в регионе {region}"
        for a in picks]
    assert state.describe_action(picks[0], "en").startswith(
        "Harvest with the inhabitant #1 in region")


def test_a_crisis_names_the_cube_and_whose_inhabitant_is_raised():
    state, seat, actions = _played_until(
        lambda st, acts: any(a.kind == "supply" for a in acts))
    supply = next(a for a in actions if a.kind == "supply")
    res = RESOURCES[state.ctx["res"]]
    label = state.describe_action(supply, "ru")
    assert label.startswith("Дать 1 ") and "кубик" not in label
    assert label.split()[2][:3] == {"fruit": "фру", "wood": "дре", "cattle": "ско",
                                    "fish": "рыб", "stone": "кам", "iron": "жел"}[res][:3]
    # the crisis in progress and what it asks is on the board
    text = state.render(seat, "ru")
    assert ("Кризис внутреннего рынка:" in text) if state.step == "domestic" else (
        "Кризис внешнего рынка: ещё нужно отгрузить" in text)
    state, seat, actions = _played_until(lambda st, acts: any(a.kind == "raise" for a in acts))
    for a in actions:
        if a.kind == "raise":
            owner = player_name(state.units[a.unit][U.OWNER], "ru")
            assert f"({owner}) в регионе {state.units[a.unit][U.REGION]}" in \
                state.describe_action(a, "ru")


def test_a_trade_says_its_price_and_costs_what_it_says():
    for resource, buy in (("stone", True), ("stone", False), ("fish", True)):
        state = in_round(3, 0)
        trade = next(a for a in legal(state, 0) if a.kind == "trade" and a.market == 0
                     and a.resource == resource and a.buy == buy)
        label = state.describe_action(trade, "ru")
        before = state.money[0]
        state.apply(0, trade)
        paid = abs(state.money[0] - before)
        word = {"stone": "1 камень", "fish": "1 рыбу"}[resource]
        assert label == (f"внутренний рынок (I): {'купить' if buy else 'продать'} {word} "
                         f"за {paid}f")


def test_the_end_shows_how_it_ended_the_count_and_the_main_winner():
    # independence without a Separatist: all lose (L906)
    state, _, _ = _played_until(lambda st, acts: st.over, seed=4)
    assert (state.ended_by, state.winners()) == ("independence", [])
    text = state.render(None, "ru")
    assert "Конец игры: Архипелаг независим, а Сепаратиста нет: проиграли все." in text
    assert "главный победитель" not in text
    # no count of points that nobody scores (the scores are all 0)
    assert "Итого:" not in text and " ПО" not in text
    assert "    цель: конец —" in text        # the screens lifted: every objective shown
    # independence with a Separatist: it alone wins (L908)
    state, _, _ = _played_until(lambda st, acts: st.over, seed=1)
    assert (state.ended_by, state.winners()) == ("independence", [1])
    assert ("Конец игры: Архипелаг независим: побеждает Сепаратист Жёлтый."
            in state.render(None, "ru"))
    # the turn limit (an engine safeguard): all win, the main winner by points then money
    short = to_turn_limit(3, 2, max_turns=1)
    assert (short.ended_by, short.winners()) == ("turns", [1])
    text = short.render(None, "en")
    assert "End of the game: The turn limit was reached." in text
    assert "Everybody wins; the main winner (most points, then most money): Yellow" in text
    assert "Florins behind the screen (tie-break):" in text
    scores = short.scores()
    assert ("  Total: " + "; ".join(f"{player_name(s, 'en')} {scores[s]:g}" for s in range(3))
            in text)


def _session(state, seat, answers, height):
    asked = list(answers)
    out = io.StringIO()
    seats = [Seat("human") if i == seat else Seat("random") for i in range(state.players)]
    game = TerminalGame(state, seats, "ru",
                        console=Console(file=out, width=80, height=height),
                        ask=lambda prompt: asked.pop(0))
    return game, out


def test_the_board_asked_for_is_not_scrolled_away_by_a_long_menu():
    # turn 0: dozens of ways to lay a region; "b" printed the board, then the whole menu
    # again, which pushed the board off a 50-row screen (a 30-row one for the hex's menu)
    # (now a hex first, then its place and turn: the long menu is the hex's own)
    state = new_game(3, 0)
    seat = state.to_act[0]
    first = state.legal_actions(seat)[0]
    rest = state.menu_group(first, "ru")[2]
    game, out = _session(state, seat, ["1", "b", "1"], height=30)
    game.human_turn(seat)
    text = out.getvalue()
    assert text.count(f"  1 {rest}") == 1             # the hex's menu once, before the board
    after_board = text.rsplit("Решается: первое открытие", 1)[1]
    assert "не поместится на экране вместе с полем: m — показать меню" in after_board
    assert f"  1 {rest}" not in after_board
    assert state.log[-1] == (seat, first)             # the number picks in the hex's menu
    # a short menu still comes back under the board (a tall screen holds both)
    state, seat, _ = _played_until(lambda st, acts: st.step == "bid")
    game, out = _session(state, seat, ["b", "1"], height=200)
    game.human_turn(seat)
    assert out.getvalue().count("  1 Ставка 0f") == 2


def test_the_explorer_token_has_the_rulebooks_one_name():
    # the rulebook says «жетон первооткрывателя» (17 times, never «жетон исследователя»: the
    # Explorer, «Исследователь», is a card); the screen and the offers said the latter
    import json
    from importlib import resources

    ru = json.loads(resources.files("settlers.games.archipelago").joinpath(
        "messages/ru.json").read_text(encoding="utf-8"))
    assert not [k for k, v in ru.items() if "жетон" in v.lower() and "исследовател" in v]
    state = in_round(3, 0)
    assert "жетонов первооткрывателя" in state.render(0, "ru")
    want = next(a for a in legal(state, 0) if a.kind == "propose")
    state.apply(0, want)
    token = next(a for a in legal(state, 0) if a.kind == "add_want" and a.item == "token")
    assert state.describe_action(token, "ru") == "Прошу: жетон первооткрывателя"
    state.apply(0, token)
    # «даёт ничего» is not Russian: the lists follow a colon
    assert "Предложение: Красный → Жёлтый: даёт: ничего; просит: 1 жетон первооткрывателя" \
        in state.render(0, "ru")


def test_the_crisis_stays_on_the_board_while_its_contributor_negotiates():
    state, seat, actions = _played_until(
        lambda st, acts: st.step in ("domestic", "export")
        and any(a.kind == "propose" for a in acts))
    now = ("Кризис внутреннего рынка:" if state.step == "domestic"
           else "Кризис внешнего рынка: ещё нужно отгрузить")
    assert now in state.render(seat, "ru")
    state.apply(seat, next(a for a in actions if a.kind == "propose"))
    assert state.step == "offer"
    assert now in state.render(seat, "ru")


def test_a_cards_use_says_its_cost_and_whose_card_it_is():
    # L806-830: its owner pays the bank; anyone else pays the owner the price + 1f. The label
    # said only «Карта «Дороги»» — neither the price nor that it is another player's card
    state, seat, actions = _played_until(lambda st, acts: any(
        a.kind == "use_card" and a.card == "roads" for a in acts), seed=10)
    labels = {a.card: state.describe_action(a, "ru") for a in actions if a.kind == "use_card"}
    assert labels["roads"] == "Карта «Дороги» (карта игрока Жёлтый; цена: 2f, флорины — владельцу)"
    assert labels["pioneer"] == "Карта «Первооткрыватель» (цена: 1f)"
    for card, fee, owner in (("roads", 2, 1), ("pioneer", 1, None)):
        copy = state.clone()
        before, owner_before = copy.money[seat], copy.money[owner] if owner is not None else 0
        copy.apply(seat, next(a for a in actions if a.kind == "use_card" and a.card == card))
        assert before - copy.money[seat] == fee
        if owner is not None:
            assert copy.money[owner] - owner_before == fee


def test_a_recruits_label_says_what_the_worker_costs():
    # L559-569: each worker at the labour board's price when it is recruited
    state, seat, actions = _played_until(lambda st, acts: any(
        a.kind == "recruit_to" for a in acts), seed=1)
    recruit = next(a for a in actions if a.kind == "recruit_to")
    label = state.describe_action(recruit, "ru")
    before = state.money[seat]
    state.apply(seat, recruit)
    assert label.endswith(f" ({before - state.money[seat]}f)")
    assert label.startswith(f"Завербовать рабочего в регион {recruit.region}")


def test_a_buildings_label_says_its_price():
    state, seat, actions = _played_until(lambda st, acts: any(
        a.kind == "build" for a in acts), seed=1)
    build = next(a for a in actions if a.kind == "build")
    label = state.describe_action(build, "ru")
    cubes_before, money_before = list(state.cubes[seat]), state.money[seat]
    state.apply(seat, build)
    paid = [b - a for b, a in zip(cubes_before, state.cubes[seat], strict=True)]
    assert label == "Построить: рынок в регионе 3 (цена: 1 фрукт, 1 скот)"
    assert (money_before - state.money[seat], paid) == (0, [1, 0, 1, 0, 0, 0])


def test_revealed_cards_are_named_in_the_log_not_by_their_ids():
    """A card whose effect turns up the next five cards of the evolution deck (its data's
    ``reveal_progress``) writes them to the log by their names in the reader's language; the
    log showed the data's ids («Открыты карты: peace, merchant, …»)."""
    from settlers.games.archipelago import cards

    state = new_game(3, 4)
    card = next(c for c in state.content.cards if c.effect == "reveal_progress")
    top = [state.content.cards[x] for x in state.deck[-5:]]
    cards.apply_effect(state, 0, card, ())
    texts = {lang: state.events[-1].to_json(lang)["text"] for lang in ("ru", "en")}
    for lang, text in texts.items():
        for c in top:
            assert c.name[lang] in text
        assert not any(f" {c.id}," in text or text.endswith(f" {c.id}") for c in top
                       if c.id != c.name[lang])
    assert texts["ru"].startswith("Открыты карты: «")
