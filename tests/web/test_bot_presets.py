"""The lobby's bot presets: what each name plays per game, and labels that make no claim the
ladders do not back (issue 17: "strong" is the difficulty level, measured per game)."""

import json
from pathlib import Path

import pytest

from settlers.bots.difficulty import SEARCH
from settlers.core.registry import load
from settlers.web.bots import PRESETS, bot_names, decide, resolve

MESSAGES = Path(__file__).resolve().parents[2] / "src/settlers/web/messages"


@pytest.mark.parametrize("game_id", sorted(SEARCH))
def test_search_preset_plays_the_budget_of_the_games_ladder(game_id):
    assert "search" in bot_names(game_id)
    assert resolve("search", game_id) == SEARCH[game_id]


def test_search_preset_without_a_ladder_budget_keeps_its_default():
    assert resolve("search", "archipelago") == PRESETS["search"]
    assert resolve("search") == PRESETS["search"]


def test_search_preset_decides_a_legal_move_at_the_table():
    game = load("founders")
    state = game.new_state(players=3, seed=5)
    seat = state.to_act[0]
    before = state.digest()
    action = decide(state, seat, "search")
    assert action in state.legal_actions(seat)
    assert state.digest() == before


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_preset_has_a_label_without_a_strength_claim(lang):
    catalog = json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
    claims = ("strong", "weak", "medium", "сильн", "слаб", "средн")
    for preset in PRESETS:
        label = catalog[f"web.botname.{preset}"]
        if preset in ("easy", "medium", "strong"):
            continue  # the difficulty levels are the strength names, resolved per game
        assert not any(word in label.lower() for word in claims), (preset, label)


def test_a_seats_search_bot_is_kept_between_its_decisions_at_a_table():
    # issue 17: "reuse of the tree between decisions where the information set allows" — at
    # the table too: the seat's bot carries the samples of its last move into the next one
    from settlers.web.bots import forget_bots, seat_bot

    game = load("catan")
    state = game.new_state(players=3, seed=7)
    fresh_reused, kept_reused = [], []
    try:
        for _ in range(12):
            seat = state.to_act[0]
            fresh = seat_bot(None, state, seat, "search")
            fresh.act(state.clone(), seat)
            fresh_reused.append(fresh.last_reused)
            action = decide(state, seat, "search", table="t-kept")
            kept = seat_bot("t-kept", state, seat, "search")
            kept_reused.append(kept.last_reused)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
        assert max(fresh_reused) == 0  # a bot built per decision has nothing to carry over
        assert max(kept_reused) > 0
        assert seat_bot("t-kept", state, 0, "search") is seat_bot("t-kept", state, 0, "search")
    finally:
        forget_bots("t-kept")
    assert seat_bot("t-kept", state, 0, "search").last_reused == 0  # forgotten: a new bot
    forget_bots("t-kept")


def test_the_thread_pool_keeps_a_seats_bot_per_table_and_forgets_it():
    import asyncio

    from settlers.web import bots as web_bots

    game = load("founders")
    state = game.new_state(players=3, seed=5)
    seat = state.to_act[0]
    pool = web_bots.BotPool("thread", workers=1)
    try:
        answer = asyncio.run(pool.choose("t-pool", state, seat, "search"))
        assert game.action_from_json(answer) in state.legal_actions(seat)
        assert any(key[0] == "t-pool" for key in web_bots._bots)
        pool.forget("t-pool")
        assert not any(key[0] == "t-pool" for key in web_bots._bots)
    finally:
        pool.shutdown()


def test_an_rl_seat_without_a_fitting_policy_is_refused_when_the_table_is_made(
        client, tmp_path, monkeypatch):
    # the shipped policies of a game, here one for 2 players only (no features): a 3-player
    # table's rl seat used to be accepted and fail at its first move, the game stalled
    import numpy as np

    import settlers.rl.bot as rl_bot
    from settlers.rl.encoding import encoding_for
    from settlers.rl.policy import Policy

    encoding = encoding_for("founders", 2)
    Policy([(np.zeros((encoding.max_actions, encoding.observation_size)),
             np.zeros(encoding.max_actions))], {"game": "founders", "players": 2}
           ).save(tmp_path / "founders-2p.npz")
    monkeypatch.setattr(rl_bot, "POLICIES", tmp_path)
    assert "rl" in bot_names("founders")
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "rl"}]
    r = client.post("/api/games?lang=ru", json={"game": "founders", "seats": seats})
    assert r.status_code == 400, r.text
    assert r.json()["message"] == ("У бота rl нет политики для игры «Поселенцы: Основатели Империи» "
                                   "с 3 игроками; "
                                   "укажите её: rl:policy=ФАЙЛ.npz.")
    assert client.get("/api/games").json()["games"] == []
    r = client.post("/api/games?lang=en", json={"game": "founders", "seats": seats[1:]})
    assert r.status_code == 200, r.text  # two players: the policy fits
