"""The order of play (archipelago.ru.txt L236-238): turn 0, then turns of six phases. Which
decision is awaited (``state.step``), who owes it, which actions are legal, and where the game
goes once a step is finished. The rules themselves are in the modules named after the
rulebook's parts; this module only sequences them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from settlers.core import Action
from settlers.games.archipelago import (
    balance,
    building,
    cards,
    evolution,
    exploration,
    explorer_tokens,
    growth,
    harvest,
    liberation,
    markets,
    migration,
    negotiation,
    objectives,
    pieces,
    population,
    setup,
    turn_order,
    wheel,
)
from settlers.games.archipelago.actions import Done
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.state import ArchState

_UNBOUND = explorer_tokens.UNBOUND
_DONE = Done()
CARD_STEPS = ("reveal", "pirate_pay", "thief_hands", "thief_pick", "move_cubes")


# ---------------------------------------------------------------- who acts
#: ``(seat,)`` for each seat: ``to_act`` when the actor alone acts (one shared tuple per seat)
ONE_SEAT = {seat: (seat,) for seat in range(8)}
#: the steps in which several seats may owe a decision at once; in every other step only the
#: actor does (and nobody once the game is over: ``end`` leaves no step)
MANY_ACT = frozenset(("bid", "keep_objective", ""))


def to_act(state: ArchState) -> tuple[int, ...]:
    """The seats that owe a decision now, from the step, the actor and the phase (what the
    protocol's ``state.to_act`` holds: ``keep_to_act``)."""
    step = state.step
    if step not in MANY_ACT and state.phase != "over":
        return ONE_SEAT[state.actor]
    if state.phase == "over":
        return ()
    if step == "bid":
        return turn_order.waiting(state)
    if step == "keep_objective":
        return tuple(s for s in range(state.players) if setup.keeping(state, s))
    return ONE_SEAT[state.actor]


def keep_to_act(state: ArchState) -> None:
    """Set the state's ``to_act`` and ``over`` from its step, actor and phase. Both are plain
    attributes of a game's state, not properties (issue 19): every driver reads them before
    each action, and a property costs a Python call per read (≈ 800 machine instructions in
    CPython 3.11 before its body runs). ``ArchipelagoGame.apply`` keeps them after every
    action, and before checking one (for callers that set the step, the actor or the phase
    themselves); any other code that does so calls this after."""
    state.to_act = to_act(state)
    state.over = state.phase == "over"


# ---------------------------------------------------------------- legal actions
def _shores_legal(state: ArchState, seat: int) -> list[Action]:
    return setup.shore_choices(state)


def _cubes_legal(state: ArchState, seat: int) -> list[Action]:
    return exploration.cube_choices(state, state.ctx["region"])


def _order_legal(state: ArchState, seat: int) -> list[Action]:
    out = turn_order.legal_orders(state)
    out += negotiation.openings(state, seat)
    return out


def _bribes_legal(state: ArchState, seat: int) -> list[Action]:
    out = list(negotiation.openings(state, seat))
    out.append(_DONE)
    return out


#: The contributor's crisis actions and its negotiation openings (L228 «во время
#: разрешения кризиса»), also between paying a cube and raising the inhabitants it pays for
#: (L376 «И снова наступает идеальное время для вступления в переговоры ... Игрок, который
#: потратил ресурс, обязан поднять указанное число жителей ... даже в случае провала
#: переговоров»): ``balance.legal`` then lists only the raises, so the crisis cannot move on
#: before they are made. Not while a church's controller raises for free (L687). The openings
#: are listed by ``balance.legal`` itself (one call less per crisis menu).
_crisis_legal = balance.legal


def _draw_legal(state: ArchState, seat: int) -> list[Action]:
    return exploration.draw_legal(state)


def _expel_legal(state: ArchState, seat: int) -> list[Action]:
    return [*pieces.expel_options(state, seat), _DONE]


#: the steps in which only the actor acts, with the rules function of (state, seat) that lists
#: its legal actions
LEGAL_OF_STEP: dict[str, Callable[[ArchState, int], list[Action]]] = {
    "place_start": setup.start_legal, "round": wheel.round_legal,
    "explore_place": exploration.place_legal, "recruit": growth.legal,
    "reproduce": growth.reproduce_legal,
    "migrate": migration.legal, "harvest": harvest.legal, "trades": markets.trades_legal,
    "buy": evolution.legal, "offer": negotiation.building_legal,
    "answer": negotiation.answer_legal, **dict.fromkeys(CARD_STEPS, cards.sub_legal),
    "choose_shores": _shores_legal, "choose_cubes": _cubes_legal, "order": _order_legal,
    "bribes": _bribes_legal,
    "domestic": _crisis_legal, "export": _crisis_legal,
    "explore_draw": _draw_legal, "explore_pick": _draw_legal,
    "missionary": exploration.missionary_legal,
    "expel": _expel_legal,
}
assert not MANY_ACT & frozenset(LEGAL_OF_STEP)


def legal(state: ArchState, seat: int) -> Sequence[Action]:
    listed = LEGAL_OF_STEP.get(state.step)
    if listed is not None and state.phase != "over":   # to_act(state) == (state.actor,)
        return listed(state, seat) if seat == state.actor else []
    step = state.step
    if step == "bid":   # (to_act: the bidders whose bid is not in yet, nobody once it is over)
        if state.phase == "over" or seat not in state.bidders or state.bids[seat] >= 0:
            return []
        return turn_order.legal_bids(state, seat)
    if seat not in to_act(state):
        return []
    if step == "keep_objective":
        return setup.keep_choices(state, seat)
    return []


# ---------------------------------------------------------------- applying
def _add_give(state: ArchState, seat: int, a: Action) -> None:
    state.offer["give"].append(a.item)  # type: ignore[index,attr-defined]


def _add_want(state: ArchState, seat: int, a: Action) -> None:
    state.offer["want"].append(a.item)  # type: ignore[index,attr-defined]


def _exchange_token(state: ArchState, seat: int, a: Action) -> None:
    explorer_tokens.exchange(state, seat, RESOURCES.index(a.resource))  # type: ignore[attr-defined]


#: negotiation and token exchanges may interrupt several steps: they are carried out whatever
#: the step, and none of them uses or ends an action under way (explorer_tokens.NEUTRAL)
AT_ANY_STEP: dict[str, Callable[[ArchState, int, Action], None]] = {
    "propose": negotiation.propose, "gift": negotiation.gift, "add_give": _add_give,
    "add_want": _add_want, "send_offer": negotiation.send, "cancel_offer": negotiation.close,
    "answer": negotiation.answer,
    "exchange_token": _exchange_token,
}
assert frozenset(AT_ANY_STEP) == frozenset(explorer_tokens.NEUTRAL)


def apply(state: ArchState, seat: int, action: Action) -> None:
    kind = action.kind
    at_any_step = AT_ANY_STEP.get(kind)
    if at_any_step is not None:
        # explorer_tokens.expire: nothing to expire. ``settle`` has nothing to do either:
        # these move only items between screens (no marker, so no independence) and leave a
        # decision awaited (the step they interrupt, an offer or its answer)
        at_any_step(state, seat, action)
    else:
        apply_in_step(state, seat, action)


def apply_in_step(state: ArchState, seat: int, action: Action) -> None:
    """``apply`` of an action that is not one of ``AT_ANY_STEP``: the step's own, then the
    explorer tokens that expire with it and the flow's next step."""
    if state.step == "round":   # (apply_at_step's first test, without a call to it)
        apply_round(state, seat, action)
    else:
        apply_at_step(state, seat, action)
    token_cubes = state.token_cubes   # explorer_tokens.expire, called only for a bound cube
    unbound = _UNBOUND.get(len(token_cubes))
    if unbound is None or token_cubes != unbound:
        explorer_tokens.expire(state, action.kind)
    # settle's first tests, without a call when a decision is awaited
    phase = state.phase
    if phase == "over" or (state.turn >= 1 and state.rebellion > state.population):
        settle(state)
        return
    step = state.step
    if step and step != "round_over":
        return
    if phase == "actions":   # in phase 5, ``settle``'s one pass (its ``advance``) inline: the
        # next pass would return (the phase over, or a step awaited: nothing here moves a marker)
        if step:   # a round over: the game ends by an objective, the next round or the buying
            ender = objectives.check_end(state)   # starts
            if ender >= 0:
                end(state, "objective", ender)
            elif not wheel.next_round(state):
                start_buy(state)
            return
        if not state.queue:   # a disc action's step over: back to the round
            state.step = "round"
            state.actor = state.round.get("seat", state.actor)
            state.ctx = {}
            return
    settle(state)


def apply_at_step(state: ArchState, seat: int, action: Action) -> None:
    kind = action.kind
    step = state.step
    a = action
    if step == "round":
        apply_round(state, seat, action)   # no kind below the turn-0 and crisis ones is a round's
    # ---- the most frequent kinds first (each is legal in one step alone, none of those below)
    elif kind == "raise":   # phase 4 and immediate crises
        balance.raise_unit(state, a.unit)  # type: ignore[attr-defined]
    elif kind == "pass_crisis":
        balance.pass_turn(state)
        state.offers_left = negotiation.OFFERS_PER_MOMENT
    elif kind == "bid":   # phase 2
        if turn_order.place_bid(state, seat, a.amount):  # type: ignore[attr-defined]
            decider = turn_order.reveal(state)
            if decider >= 0:
                turn_order.start_bribes(state, decider)
            elif decider == -1:
                state.step = ""
    elif kind == "supply":
        balance.supply(state, seat, a.own)  # type: ignore[attr-defined]
    elif kind == "done":   # (the branches below that a ``done`` reaches, in their order)
        _apply_done(state, seat, action, step)
    # ---- turn 0
    elif step == "keep_objective":   # after turn 0 (setup.deal_trends_and_objectives)
        if setup.keep_objective(state, seat, int(a.value)):  # type: ignore[attr-defined]
            begin_turn(state)
    elif kind == "redraw_hexes":
        setup.redraw(state, seat)
    elif step == "expel":
        if kind == "expel":
            pieces.expel(state, seat, a.region, a.what, a.shore)  # type: ignore[attr-defined]
        if (kind == "done" or not pieces.expel_options(state, seat)) \
                and not expel_window(state, state.ctx["pos"] + 1):
            begin_turn(state)
    elif step == "place_start":
        setup.place_start(state, seat, a)  # type: ignore[arg-type]
    elif kind == "choose_shores":
        setup.choose_shores(state, seat, a)  # type: ignore[arg-type]
    elif kind == "choose_cubes":
        exploration.choose_cubes(state, seat, a)  # type: ignore[arg-type]
        if state.phase == "start":
            state.step = ""
    # ---- phase 2 (bids: above)
    elif step == "bribes":   # Done: this player has said its piece (turn_order.start_bribes)
        turn_order.next_briber(state)
    elif kind == "set_order":
        state.order = list(a.order)  # type: ignore[attr-defined]
        if state.record_events:
            state.emit("archipelago.event.order", seat=seat, order=list(state.order))
        state.step = ""
    # ---- phase 4 and immediate crises (supplies, raises and passes: above)
    elif kind == "use_church":
        balance.use_church(state, seat, a.region)  # type: ignore[attr-defined]
    elif kind == "done" and step == "domestic":
        balance.end_church(state)
    # ---- phase 5
    elif step == "round":
        apply_round(state, seat, action)
    elif kind == "take_hex":
        exploration.take(state)
    elif kind == "skip_hex":
        exploration.skip(state)
    elif kind == "done" and step == "explore_draw":
        exploration.stop(state)
    elif kind == "fail_explore":
        exploration.fail(state, seat)
    elif kind == "place_region":
        exploration.place(state, seat, a)  # type: ignore[arg-type]
    elif step == "missionary":
        exploration.missionary(state, seat, a.value == "inhabitant")  # type: ignore[attr-defined]
    elif step == "explore_pick":
        exploration.pick(state, int(a.value))  # type: ignore[attr-defined]
    elif kind == "recruit_to":
        growth.recruit_to(state, seat, a.region, a.shore)  # type: ignore[attr-defined]
    elif kind == "reproduce_in":
        growth.reproduce_in(state, seat, a.region)  # type: ignore[attr-defined]
    elif kind == "move_unit":
        migration.move(state, seat, a)  # type: ignore[arg-type]
    elif kind == "harvest_with":
        harvest.harvest_with(state, seat, a.unit)  # type: ignore[attr-defined]
    elif kind == "trade":
        markets.trade(state, seat, a.market, RESOURCES.index(a.resource), a.buy)  # type: ignore[attr-defined]
        state.ctx["left"] -= 1
    elif step in CARD_STEPS:
        cards.sub_apply(state, seat, action)
    elif kind == "done":
        state.step, state.ctx = "", {}
    # ---- phase 6
    elif kind == "buy_card":
        evolution.buy(state, seat, a.slot, a.turn)  # type: ignore[attr-defined]
        after_buy_step(state)
    elif kind == "turn_two":
        for slot in sorted({a.first, a.second} - {-1}):  # type: ignore[attr-defined]
            evolution.turn(state, slot)
        after_buy_step(state)


def _apply_done(state: ArchState, seat: int, action: Action, step: str) -> None:
    """``apply_at_step`` of a ``done`` in a step other than ``round`` (its first test): the
    branches below it that test the step alone or a ``done``, in the same order (none of
    those that test another kind applies), without the tests of every other kind."""
    a = action
    if step == "keep_objective":
        if setup.keep_objective(state, seat, int(a.value)):  # type: ignore[attr-defined]
            begin_turn(state)
    elif step == "expel":
        if not expel_window(state, state.ctx["pos"] + 1):
            begin_turn(state)
    elif step == "place_start":
        setup.place_start(state, seat, a)  # type: ignore[arg-type]
    elif step == "bribes":
        turn_order.next_briber(state)
    elif step == "domestic":
        balance.end_church(state)
    elif step == "explore_draw":
        exploration.stop(state)
    elif step == "missionary":
        exploration.missionary(state, seat, a.value == "inhabitant")  # type: ignore[attr-defined]
    elif step == "explore_pick":
        exploration.pick(state, int(a.value))  # type: ignore[attr-defined]
    elif step in CARD_STEPS:
        cards.sub_apply(state, seat, action)
    else:
        state.step, state.ctx = "", {}


_ZONE_OF = {"trade": "trade", "taxes": "taxes", "explore": "explore", "reproduce": "reproduce",
            "recruit": "recruit", "migrate": "migrate", "build": "build", "harvest": "harvest"}


def apply_round(state: ArchState, seat: int, action: Action) -> None:
    kind = action.kind
    a = action
    if kind == "end_round":
        wheel.end_round(state, seat)
        state.step = "round_over"
        return
    if kind == "use_card":
        cards.use(state, seat, a)  # type: ignore[arg-type]
        return
    if kind == "build_wonder":
        cards.build_wonder(state, seat, a)  # type: ignore[arg-type]
        return
    if kind == "expel":
        pieces.expel(state, seat, a.region, a.what, a.shore)  # type: ignore[attr-defined]
        return
    if kind == "use_building":
        state.round["building"] = True
        markets.use_building(state, seat, a.region, a.what)  # type: ignore[attr-defined]
        return
    zone = _ZONE_OF[kind]
    wheel.place_disc(state, seat, zone)
    rnd = state.round
    if kind == "taxes":
        wheel.taxes(state, seat)
    elif kind == "trade":
        markets.trade(state, seat, a.market, RESOURCES.index(a.resource), a.buy)  # type: ignore[attr-defined]
    elif kind == "explore":
        exploration.start(state, 2 if rnd.get("twice") else 1, bool(rnd.get("three")),
                          bool(rnd.get("missionary")))
        return
    elif kind == "reproduce":
        growth.start_reproduction(state, seat)
        return
    elif kind == "recruit":
        growth.start(state, 99)
        return
    elif kind == "migrate":
        migration.start(state, -1, False)
        return
    elif kind == "build":
        building.build(state, seat, a.what, a.region, by=a.by)  # type: ignore[attr-defined]
    elif kind == "harvest":
        harvest.start(state, RESOURCES.index(a.resource))  # type: ignore[attr-defined]
        return


def after_buy_step(state: ArchState) -> None:
    """The empty slots are refilled one card at a time; a red zone uncovered by a card drawn
    is resolved before the next card is drawn (evolution.refill, L756-792): the flow goes on
    refilling in ``advance`` once the immediate crises are over."""
    state.queue.extend(evolution.refill(state))
    state.buy_idx += 1
    state.step = ""


# ---------------------------------------------------------------- sequencing
def settle(state: ArchState) -> None:
    """After an action: end the game if the archipelago is independent, start pending crises,
    and move on through the phases until a decision is awaited."""
    step = state.step
    if (step and step != "round_over" and state.phase != "over"
            and not (state.turn >= 1 and state.rebellion > state.population)):
        return   # the usual case: a decision is awaited (the first pass of the loop below)
    for _ in range(1000):
        if state.phase == "over":
            return
        if state.turn >= 1 and state.rebellion > state.population:   # independence(state)
            end(state, "independence", -1)
            return
        if state.step and state.step != "round_over":
            return
        if state.queue and state.step != "round_over":
            part = state.queue.pop(0)
            if part["kind"] == "reveal":   # the Detective's / Explorer's purchase, after the
                cards.resume_reveal(state, part)   # 6th card's red zone (L1105)
                return
            if balance.start_part(state, part):
                state.offers_left = negotiation.OFFERS_PER_MOMENT
                return
            continue
        advance(state)
    raise RuntimeError("archipelago: the flow does not settle")


def advance(state: ArchState) -> None:
    phase = state.phase
    if phase == "start":
        pos = state.order.index(state.actor) + 1
        if pos < len(state.order):
            state.actor = state.order[pos]
            state.step = "place_start"
            state.ctx = {}
        else:
            setup.finish_turn_zero(state)   # the track, the trend(s), the objectives (L143-159)
            if state.step != "keep_objective":   # «Больше остроты»: the seats keep first
                begin_turn(state)
    elif phase == "bids" or phase == "order":
        after_bids(state)
    elif phase == "crisis":
        start_actions(state)
    elif phase == "actions":
        if state.step == "round_over":
            ender = objectives.check_end(state)
            if ender >= 0:   # L896: the game ends once the active player finished the round
                end(state, "objective", ender)
                return
            if not wheel.next_round(state):
                start_buy(state)
        else:
            state.step = "round"
            state.actor = state.round.get("seat", state.actor)
            state.ctx = {}
    elif phase == "buy":
        state.ctx = {}
        crises = evolution.refill(state)   # the slots left empty by an immediate crisis (L792)
        if crises:
            state.queue.extend(crises)
            return
        idx = state.buy_idx
        ender = objectives.check_end(state) if idx > 0 else -1
        if ender >= 0:
            end(state, "objective", ender)
            return
        if idx < len(state.order):
            state.actor = state.order[idx]
            state.step = "buy"
        elif not expel_window(state, 0):
            begin_turn(state)


def expel_window(state: ArchState, pos: int) -> bool:
    """L715 «Если после разрешения кризиса … юнит игрока Б становится забастовщиком, игрок А
    может выгнать его»: a striker made by an immediate crisis of phase 6 would stand up in its
    building at the next liberation (L252) before any round of phase 5, so once phase 6 is over
    each town controller who may expel (``pieces.expel_options``), in turn order from position
    ``pos``, gets the step ``expel``: any number of expulsions, then ``done``. Whether a step
    was set (not before a last turn's end: nothing would stand up)."""
    if state.turn >= state.options["max_turns"]:
        return False
    order = state.order
    for p in range(pos, len(order)):
        seat = order[p]
        if pieces.expel_options(state, seat):
            state.step = "expel"
            state.actor = seat
            state.ctx = {"pos": p}
            return True
    return False


def begin_turn(state: ArchState) -> None:
    if state.turn >= state.options["max_turns"]:
        end(state, "turns", -1)
        return
    state.turn += 1
    liberation.liberate(state)   # phase 1
    if state.record_events:
        state.emit("archipelago.event.turn", turn=state.turn)
    turn_order.start_bids(state, list(range(state.players)), False)   # phase 2


def after_bids(state: ArchState) -> None:
    if population.population_results(state):   # phase 3, stopped by independence (L218)
        end(state, "independence", -1)
        return
    state.phase = "crisis"                 # phase 4, skipped in the first turn (L338)
    state.step = ""
    if state.turn > 1:
        state.queue.extend(evolution.normal_of_top(state))


def start_actions(state: ArchState) -> None:
    state.phase = "actions"
    state.passed = [False] * state.players
    wheel.start_round(state, state.order[0])


def start_buy(state: ArchState) -> None:
    """L741: discs come back, the 1f coins of the port and market zones go to the bank."""
    state.phase = "buy"
    state.discs_used = [0] * state.players
    state.wheel_discs = []
    state.bank_money += state.wheel_coins
    state.wheel_coins = 0
    state.round = {}
    state.ctx = {}
    state.buy_idx = 0
    state.actor = state.order[0]
    state.step = "buy"


def end(state: ArchState, how: str, seat: int) -> None:
    state.phase = "over"
    state.step = ""
    state.to_act, state.over = (), True   # (keep_to_act: nobody acts any more)
    state.ended_by = how
    state.ender = seat
    if state.record_events:
        state.emit(f"archipelago.event.end_{how}", seat=seat)
