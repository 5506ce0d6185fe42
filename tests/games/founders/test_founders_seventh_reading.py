"""A seventh reading of the rulebook (2026-12-06): the hidden-information words, each pinned as
the engine reads them (docs/audits/2026-12-06-seventh-founders-iceland-rules.md).

* L114 «вытаскиваете старый квадрат, положите его перед собой лицом вниз», L146 «-1 очко за каждый
  заменённый квадрат (лежащий перед игроком лицом вниз)»: the replaced tile lay face up in the
  state («Все открытые квадраты должны быть видны каждому игроку», L41; every tile of a state
  came from an open row, the open prize tiles, the draft or the nature stack «откройте», L112),
  so turning it over hides nothing a player did not see: every seat and a spectator see which
  tile lies face down, and a seat's determinization keeps it.
* L37 «перемешайте каждую стопку лицом вниз … Остальные призовые квадраты уберите в коробку»,
  L43 «Жетоны мастеров … перемешайте лицом вниз», L216 «тянете его в закрытую, а потом
  показываете всем игрокам»: what lies face down is what a determinization draws again, and
  nothing else.
"""

from __future__ import annotations

from founders_scenario import at, blank, lay, offer

from settlers.games.founders.actions import Attach, ChooseTile


def test_a_replaced_tile_lies_face_down_but_every_seat_knows_it():
    state = blank(players=3)
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff", (0, 1): "river"})
    river = at(state, 0, 0, 1)
    winery = offer(state, "winery")               # plants + stone: the cliff and the forest
    state.apply(0, ChooseTile(winery))
    state.apply(0, Attach(0, 1))                  # instead of the river
    assert state.boards[0].face_down == [river]
    for viewer in (0, 1, 2, None):
        seen = state.view(viewer)["state"]["players"][0]
        assert [t["id"] for t in seen["face_down"]] == [river]
        assert seen["score"] == -1                # L146
    for seat in (1, 2):
        world = state.determinize(seat, 7)
        assert world.boards[0].face_down == [river]
        assert world.view(seat) == state.view(seat)


def test_what_lies_face_down_is_drawn_again_and_nothing_else():
    state = blank(players=2)
    lay(state, 0, {(0, 0): "pottery_yard", (1, 0): "cliff"})
    guild = offer(state, "guild")
    state.apply(0, ChooseTile(guild))
    state.apply(0, Attach(0, 1))                  # a master drawn in secret, then shown
    drawn = list(state.boards[0].hand_masters)
    assert len(drawn) == 1
    changed = {"stacks": False, "prize_box": False, "master_pool": False}
    for k in range(20):
        world = state.determinize(1, k)
        assert world.boards[0].hand_masters == drawn          # L216: shown to everyone
        assert world.view(1) == state.view(1)
        assert sorted(world.master_pool) == sorted(state.master_pool)
        for pile, mine in zip(world.stacks, state.stacks, strict=True):
            assert sorted(pile) == sorted(mine)
        assert sorted(world.prize_box) == sorted(state.prize_box)
        changed["stacks"] |= world.stacks != state.stacks
        changed["prize_box"] |= world.prize_box != state.prize_box
        changed["master_pool"] |= world.master_pool != state.master_pool
    assert all(changed.values()), changed         # L37, L43: their order is unseen
