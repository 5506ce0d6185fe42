"""Archipelago in the terminal, eighth pass (docs/audits/2026-12-06-eighth-archipelago-
terminal.md): turn 0's placements chosen in two steps (the hex, then its place and turn), the
action wheel on the board, how the game ended at the end of play and of a replay, the labels of
the cards' own steps and of an answer to an offer."""

from __future__ import annotations

import io

from arch_scenario import card_table, give_card, in_round, legal, new_game, to_turn_limit, touch
from rich.console import Console
from test_arch_terminal_text import _played_until

from settlers.cli.replay_command import Replayer, show_position
from settlers.cli.seats import Seat
from settlers.cli.terminal import TerminalGame


def _session(state, seat, answers, lang="ru", height=50):
    asked = list(answers)
    out = io.StringIO()
    seats = [Seat("human") if i == seat else Seat("random") for i in range(state.players)]
    game = TerminalGame(state, seats, lang, console=Console(file=out, width=80, height=height),
                        ask=lambda prompt: asked.pop(0))
    return game, out


def _groups(state, seat, lang="ru"):
    """Turn 0's placements by the hex face they lay, in the menu's order."""
    groups: dict[str, list] = {}
    for action in state.legal_actions(seat):
        groups.setdefault(state.menu_group(action, lang)[0], []).append(action)
    return groups


def test_turn_zero_is_chosen_by_the_hex_then_by_its_place_and_turn():
    # L117-123: three hexes in hand, each with two sides, laid anywhere they fit at any turn:
    # the menu listed every placement, two lines each at 80 columns (76-168 of them)
    state = new_game(3, 0)
    seat = state.to_act[0]
    actions = state.legal_actions(seat)
    assert all(a.kind == "place_region" for a in actions)
    groups = _groups(state, seat)
    heads = list(groups)
    game, out = _session(state, seat, ["3", "0", "3", "5"])
    game.human_turn(seat)
    assert state.log[-1] == (seat, groups[heads[2]][4])   # the 3rd hex's 5th place and turn
    text = out.getvalue()
    title, rest = state.menu_group(groups[heads[2]][4], "ru")[1:]
    # the first menu: a line per hex face, saying how many places and turns it has
    lines = [line for line in text.split(": где и с каким")[0].splitlines() if "вариант" in line]
    assert len(lines) == len(groups) < len(actions) / 10
    n = len(groups[heads[0]])
    ending = ("" if n % 10 == 1 and n % 100 != 11 else
              "а" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "ов")
    assert lines[0] == f"  1 {heads[0]} — {n} вариант{ending}"
    # the hex's own menu, one line for each place and turn under the sides' legend
    assert title.startswith(heads[2] + ": где и с каким поворотом. Стороны (В, ЮВ, ЮЗ, З,")
    assert " 5 " + rest in text and "0 — назад к первому меню." in text
    assert rest.startswith("в (") and ", поворот " in rest and ": стороны " in rest
    assert text.count(f"  1 {heads[0]}") == 2             # "0" brought the first menu back


def test_every_placement_is_in_one_hexs_menu_once():
    state = new_game(4, 3)
    seat = state.to_act[0]
    out = io.StringIO()
    game = TerminalGame(state, [Seat("human")] * 4, "en", console=Console(file=out, width=80),
                        ask=lambda prompt: "")
    actions = state.legal_actions(seat)
    labels = [state.describe_action(a, "en") for a in actions]
    from settlers.cli.terminal import Entry

    first, title = game.first_menu(actions, labels, [Entry(x, (i,)) for i, x in enumerate(labels)])
    picks = [i for entry in first for i in entry.picks]
    assert sorted(picks) == list(range(len(actions))) and title == ""
    assert [c.picks[0] for e in first if len(e.picks) > 1 for c in e.choices] == [
        i for e in first if len(e.picks) > 1 for i in e.picks]


def test_a_word_filters_every_placement_and_a_number_picks_among_the_matches():
    state = new_game(3, 0)
    seat = state.to_act[0]
    heads = list(_groups(state, seat))
    word = heads[1].split("(")[0].replace("Выложить гекс: ", "").strip().lower()   # «регион 7a»
    matches = [a for a in state.legal_actions(seat)
               if word in state.describe_action(a, "ru").lower()]
    assert len(matches) > 2
    game, out = _session(state, seat, [word, "2"])
    game.human_turn(seat)
    assert state.log[-1] == (seat, matches[1])
    assert f"Действия, где есть «{word}»:" in out.getvalue()


def test_a_short_menu_is_not_grouped():
    # an exploration's few placements stay one menu (no step more for a handful of lines)
    state = new_game(3, 0)
    seat = state.to_act[0]
    out = io.StringIO()
    game = TerminalGame(state, [Seat("human")] * 3, "ru", console=Console(file=out, width=80))
    from settlers.cli.terminal import Entry

    actions = state.legal_actions(seat)[:6]
    labels = [state.describe_action(a, "ru") for a in actions]
    every = [Entry(x, (i,)) for i, x in enumerate(labels)]
    assert game.first_menu(actions, labels, every) == (every, "")


def test_the_wheel_shows_whose_discs_are_in_each_zone():
    # L437-441: each round puts a disc on a zone of the wheel; taxes and exploration have a
    # limit of uses (L467, L497): none of it was on the terminal's board
    state = in_round(3, 0)
    assert "Колесо действий" in state.render(0, "ru")
    taxes = next(a for a in legal(state, 0) if a.kind == "taxes")
    state.apply(0, taxes)
    ru = state.render(1, "ru")
    assert ("Колесо действий: налоги (1 из 2): Красный; торговая сделка: —; "
            "исследование (0 из 3): —;") in ru
    assert "Action wheel: taxes (1 of 2): Red; trade: —; exploration (0 of 3): —;" in \
        state.render(None, "en")
    assert "Колесо действий" not in new_game(3, 0).render(0, "ru")   # turn 0: no wheel


def test_the_end_says_how_the_game_ended_in_play_and_in_replay():
    # L904-910: independence is everybody's loss (or the Separatist's win alone); otherwise
    # all win and one is the main winner. The panel gave the bare scores, the replay
    # «Итоговые очки: 0, 0, 0; победители: .»
    fallen, _, _ = _played_until(lambda st, acts: st.over, seed=4)
    separatist, _, _ = _played_until(lambda st, acts: st.over, seed=1)
    short = to_turn_limit(3, 2, max_turns=1)
    for state, said in (
            (fallen, "Архипелаг независим, а Сепаратиста нет: проиграли все."),
            (separatist, "Архипелаг независим: побеждает Сепаратист Жёлтый."),
            (short, "Победили все; главный победитель (больше всех ПО, затем денег): Жёлтый")):
        game, out = _session(state, 0, [])
        game.show_result()
        assert said in " ".join(out.getvalue().replace("│", " ").split())
        out = io.StringIO()
        replayer = Replayer(state)
        show_position(replayer, len(replayer), None, "ru",
                      Console(file=out, width=400, force_terminal=False))
        last = out.getvalue().rstrip().splitlines()[-1]
        assert said in last and "Итоговые очки" not in last
    assert fallen.outcome_text("en") == (
        "End of the game: The archipelago is independent and nobody holds the Separatist: "
        f"everybody loses. The rebellion marker ({fallen.rebellion}) passed the population "
        f"marker ({fallen.population}).")


def test_the_thiefs_fists_say_which_is_empty():
    # L1129: a victim with one cube closes it in one fist; the menu read «В кулаки: камень | -»
    state = in_round(3, 0)
    give_card(state, 0, "thief")
    state.apply(0, next(a for a in legal(state, 0) if a.kind == "use_card" and a.card == "thief"
                        and a.arg[0] == 1))
    for r in range(6):
        state.cubes[1][r] = 0
    state.cubes[1][1] = 1
    touch(state)
    assert [state.describe_action(a, "ru") for a in legal(state, 1)] == [
        "Левый кулак: древесина; правый кулак: пусто",
        "Левый кулак: пусто; правый кулак: древесина"]


def test_the_cards_turned_up_say_what_they_do_and_buying_none_says_the_rest_are_discarded():
    # L1376, L1394: five cards face up, one may be bought, «Остальные карты отправляются в
    # сброс»: the board named them only, and the way out of the choice was «Готово»
    state = card_table(3, 1)
    give_card(state, 0, "detective")
    state.money[0] += 30
    touch(state)
    state.apply(0, next(a for a in legal(state, 0) if a.kind == "use_card"
                        and a.card == "detective"))
    while state.step != "reveal":   # a red zone on the 6th card is resolved first (L1105)
        seat = state.to_act[0]
        acts = legal(state, seat)
        state.apply(seat, next((a for a in acts if a.kind == "pass_crisis"), acts[-1]))
    text = state.render(0, "ru")
    from settlers.games.archipelago.render import card_name, card_text

    for card in state.ctx["cards"]:
        cid = state.content.cards[card].id
        assert "\n  " + card_name(state, cid, "ru") + card_text(cid, "ru") + "\n" in text
    done = next(a for a in legal(state, 0) if a.kind == "done")
    assert state.describe_action(done, "ru") == "Ничего не покупать (открытые карты уходят в сброс)"


def test_an_answer_to_an_offer_says_what_it_gets_and_gives():
    state = in_round(3, 0)
    state.apply(0, next(a for a in legal(state, 0) if a.kind == "propose" and a.to == 1))
    state.apply(0, next(a for a in legal(state, 0) if a.kind == "add_give" and a.item == "f"))
    state.apply(0, next(a for a in legal(state, 0) if a.kind == "add_want" and a.item == "token"))
    state.apply(0, next(a for a in legal(state, 0) if a.kind == "send_offer"))
    labels = sorted(state.describe_action(a, "ru") for a in legal(state, 1))
    # was «Ответ: да» / «Ответ: нет»
    assert labels == ["Отклонить предложение",
                      "Принять: вы получаете 1 флорин, отдаёте 1 жетон первооткрывателя"]


def test_an_empty_screen_leaves_no_semicolon_hanging():
    state = card_table(3, 1, empty_screens=True)
    line = next(x for x in state.render(0, "ru").splitlines() if x.startswith("  Красный:"))
    assert line.rstrip().endswith(f"жетонов первооткрывателя {state.tokens[0]}"), line


def test_the_colonys_fall_says_why_and_the_log_says_what_raised_the_rebellion():
    # L378, L388: every striker, every cube not shipped moves the rebellion marker up one;
    # L425: independence when it passes the population marker. The log read «Забастовщиков:
    # 9», then «Архипелаг объявил независимость!»: nothing said the 9 went onto the rebellion
    from settlers.core import translate

    state, _, _ = _played_until(lambda st, acts: st.over, seed=4)
    assert state.rebellion > state.population
    said = (f"Маркер мятежных настроений ({state.rebellion}) обогнал маркер населения "
            f"({state.population}).")
    assert said in state.render(None, "ru") and said in state.outcome_text("ru")
    texts = [translate(e.key, "ru", **e.params) for e in state.events
             if e.key in ("archipelago.event.strikers", "archipelago.event.export_missing")]
    assert texts and all(x.endswith(f"(мятеж +{x.split(': ')[1].split(' ')[0]})")
                         for x in texts)


def test_an_offer_put_together_item_by_item_shows_what_changed_not_the_board_again():
    # L220-234: an offer is built item by item, each a prompt; each printed the whole board
    # again (some 50 lines at 80 columns) for a change of one line
    state = in_round(3, 0)
    game, out = _session(state, 0, [])
    answers: list[str] = []
    game.ask = lambda prompt: answers.pop(0)

    def number(kind, **fields):   # (the action's JSON: the round's menu is grouped)
        return next(a for a in state.legal_actions(0) if a.kind == kind
                    and all(getattr(a, k) == v for k, v in fields.items())).to_json_text()

    answers.append(number("propose", to=1))
    game.human_turn(0)                                    # the round: the board
    answers.append(number("add_give", item="f"))
    game.human_turn(0)                                    # the offer: its own decision, the board
    out.seek(0)
    out.truncate()
    answers.append(number("add_give", item="f"))
    game.human_turn(0)                                    # the same offer goes on
    text = out.getvalue()
    assert "Архипелаг" not in text and "Население" not in text   # no board again
    assert text.startswith("Что изменилось на поле (b — всё поле):\n"
                           "Предложение: Красный → Жёлтый: даёт: 1 флорин; просит: ничего\n")
    assert state.offer["give"] == ["f", "f"]
    answers.append("b")                                   # the whole board on asking
    answers.append(number("send_offer"))
    out.seek(0)
    out.truncate()
    game.human_turn(0)
    assert "Предложение: Красный → Жёлтый: даёт: 2 флорина; просит: ничего" in out.getvalue()
    assert "Население" in out.getvalue()


def test_the_buy_phase_picks_the_card_then_the_card_to_turn():
    # L740-762: buy a card and turn one, or turn two: 30 lines of every pair at a full track
    state, seat, actions = _played_until(lambda st, acts: st.step == "buy" and len(acts) > 24)
    buys = [a for a in actions if a.kind == "buy_card" and a.slot == actions[0].slot]
    game, out = _session(state, seat, ["1", "2"])
    game.human_turn(seat)
    assert state.log[-1] == (seat, buys[1])
    text = out.getvalue()
    assert "  1 Купить «" in text and f"— {len(buys)} варианта\n" in text
    assert "Повернуть две карты, ничего не покупая — 10 вариантов" in text
    assert "; какую карту повернуть?" in text and "  2 и повернуть «" in text


def test_gifts_are_one_line_of_a_long_round_menu():
    # every gift to every player (4 × 3 at five players) padded each round's and each crisis's
    # menu; they are one line now, opening whom and what
    state, seat, actions = _played_until(
        lambda st, acts: st.step == "round" and len(acts) > 30, players=5)
    gifts = [a for a in actions if a.kind == "gift"]
    game, out = _session(state, seat, [])
    labels = [state.describe_action(a, "ru") for a in actions]
    from settlers.cli.terminal import Entry

    first, _ = game.first_menu(actions, labels, [Entry(x, (i,)) for i, x in enumerate(labels)])
    number = next(i for i, e in enumerate(first) if e.label.startswith("Подарок другому")) + 1
    assert first[number - 1].label == f"Подарок другому игроку — {len(gifts)} вариантов"
    assert not [e for e in first if e.label.startswith("Подарок →")]
    game.ask = lambda prompt, said=iter([str(number), "1"]): next(said)
    game.human_turn(seat)
    assert state.log[-1] == (seat, gifts[0])
    assert "Подарок: кому и что?" in out.getvalue()
