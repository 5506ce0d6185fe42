"""The Imperial heuristic's samurai go where a guard keeps a raze off (L598 «В любой момент
своего хода японцы могут выставить любое количество имеющихся у них рабочих на свои имперские
локации»; L602 a samurai stays and adds 1 to the raze tokens a location asks): the location
an opponent could raze and that is worth most, not the first one offered; and the threat
counts the raze tokens an opponent can still take this round from what the seat may see —
its unused action locations, a hand card it was seen to take —, a hidden card only as the
share of its deck that would give them (seventeenth pass)."""

from imperial_scenario import empire, scenario, to_empire, to_hand

from settlers.games.imperial import rounds
from settlers.games.imperial.actions import EndTurn, Pass, PlaceSamurai
from settlers.games.imperial.content import RAZE, WK, F, S, W
from settlers.games.imperial.heuristic import make_bot
from settlers.games.imperial.heuristic_threat import GAINABLE, raze_chance, raze_gains


def _after_main_action(*built: str, workers: int = 1):
    """Round 1's action phase, the Japanese seat 1's turn after its main action, with
    ``workers`` workers and ``built`` in its empire (in this order: the order offered)."""
    st = scenario("romans", "japanese")
    locs = empire(st, 1, *built)
    st.turn = 1
    st.acted = True
    st.goods[1][WK] = workers
    return st, locs


def _window(*built: str):
    """Round 1's production, the Roman seat 0 first; the Japanese seat 1 holds ``built`` and
    its samurai window is open (its 4 workers produced: none wanted by an action)."""
    st = scenario("romans", "japanese")
    locs = empire(st, 1, *built)
    st.phase = "production"
    st.producing = 0
    rounds.advance(st)
    assert st.phase == "production" and st.to_act == (1,)
    assert st.legal_actions(1)[-1] == EndTurn()
    return st, locs


def _answer(st, seat=1):
    return make_bot(seed=1).act(st, seat)


def test_the_samurai_goes_to_the_threatened_location_not_the_first_offered():
    """The «Врата» (JAP013) cannot be razed; the «Ферма» can, and the Roman, still playing,
    holds the 2 tokens for it: the one spare worker guards the farm, not the gate offered
    first."""
    st, (gate, farm) = _after_main_action("JAP013", "JAP001")
    st.goods[0][RAZE] = 2
    assert st.legal_actions(1)[:2] == [PlaceSamurai(gate), PlaceSamurai(farm)]
    assert _answer(st) == PlaceSamurai(farm)


def test_of_two_threatened_locations_the_one_worth_more_is_guarded():
    """Both within the Roman's 2 tokens: the «Рисовые поля» (2 food a round) before the
    «Ферма» (1 food, 1 worker) offered first."""
    st, (farm, rice) = _after_main_action("JAP001", "JAP004", workers=2)
    st.goods[0][RAZE] = 2
    assert _answer(st) == PlaceSamurai(rice)
    st.apply(1, PlaceSamurai(rice))
    assert _answer(st) == PlaceSamurai(farm)


def test_a_worker_an_action_location_still_wants_is_kept_without_a_threat():
    """The «Игорный дом» (1 worker: 1 gold, 1 point) is unused: with nobody able to raze,
    the one worker is kept for it rather than becoming a samurai; a second worker, spare,
    does (on the house itself, worth more than the farm for its action)."""
    st, (casino, _farm) = _after_main_action("JAP012", "JAP001")
    assert _answer(st) == EndTurn()
    st.goods[1][WK] = 2
    assert _answer(st) == PlaceSamurai(casino)


def test_workers_left_when_passing_become_samurai():
    """Nothing to build or activate: the seat passes, but first its worker, lost at the
    cleanup otherwise, becomes a samurai (it stays, L602)."""
    st, (farm,) = _after_main_action("JAP001")
    st.acted = False
    assert Pass() in st.legal_actions(1)
    assert _answer(st) == PlaceSamurai(farm)
    st.apply(1, PlaceSamurai(farm))
    assert _answer(st) == Pass()


def test_no_samurai_against_a_raze_that_ignores_it():
    """The Egyptian, first to act, holds 2 tokens: against its 2-token raze a samurai puts
    the farm out of reach and the window places one; with its unused «Строитель колесниц»
    (EGY003: 2 tokens, «Вы можете разрушать локацию, защищённые самураем», L640) the same
    2 tokens raze the farm, samurai or not, and the window ends."""
    st = scenario("egyptians", "japanese")
    farm = to_empire(st, 1, "JAP001")
    st.phase = "production"
    st.producing = 0
    rounds.advance(st)
    st.goods[0][RAZE] = 2
    assert _answer(st) == PlaceSamurai(farm)
    to_empire(st, 0, "EGY003")
    assert _answer(st) == EndTurn()


def test_raze_tokens_the_opponent_can_still_take_are_a_threat():
    """The Roman acts first with 1 token: no threat to the «Рисовые поля». With its unused
    «Школа гладиаторов» (ROM006: 1 food → 1 raze token, 1 point) and a food it can take the second token
    before the Japanese seat's turn, and the window guards the fields; without the food it
    cannot, and the window ends."""
    st, (rice,) = _window("JAP004")
    st.goods[0][RAZE] = 1
    assert _answer(st) == EndTurn()
    to_empire(st, 0, "ROM006")
    assert _answer(st) == EndTurn()             # no food to pay for it
    st.goods[0][F] = 1
    assert raze_gains(st, 1, 0) == (1, 0.0)
    assert _answer(st) == PlaceSamurai(rice)


def test_a_hand_card_counts_when_seen_and_only_as_unknown_when_hidden():
    """The Roman (1 token, 1 wood, 1 stone) holds an «Оружейник» (COM018, a production location:
    1 raze token, produced at once when built). Seen taken (``known``), it is a threat to the
    fields; hidden, it counts only as an unknown common card — the same answer as for any
    other hidden card."""
    st, (rice,) = _window("JAP004")
    st.goods[0][RAZE] = 1
    st.goods[0][W] = st.goods[0][S] = 1
    card = to_hand(st, 0, "COM018")
    st.known[0] = [card]
    assert raze_gains(st, 1, 0) == (1, 0.0)
    assert _answer(st) == PlaceSamurai(rice)
    st.known[0] = []
    hidden = raze_chance(st, 1, rice, [0])
    assert 0 < hidden < GAINABLE and _answer(st) == EndTurn()
    st.hand[0].remove(card)                       # another hidden common card instead
    st.common_deck.append(card)
    to_hand(st, 0, "COM001")
    assert raze_chance(st, 1, rice, [0]) == hidden and _answer(st) == EndTurn()
