"""The state of a game of Landnám and the turn cycle that ties the rules modules together.

A turn: 1. roll — harvest (``harvest.py``) or, on 7, the Althing (``althing.py``);
2. movement or exploration (``movement.py``, ``exploration.py``);
3. trade (``trade.py``) and building (``building.py``) in any order, builds taking effect at the
end of the turn; then the end of the game is checked (``scoring.py``).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from settlers.core import Action, GameState, IllegalAction
from settlers.core.content_sets import resolve as resolve_content
from settlers.games.iceland import althing, building, exploration, harvest, movement, trade
from settlers.games.iceland.actions import (
    BuildAgeing,
    BuildBoat,
    BuildFarm,
    BuildHarbour,
    BuildSettler,
    BuildTown,
    EndMovement,
    EndTurn,
    Explore,
    Move,
    OfferTrade,
    Pass,
    PlayFate,
    Roll,
    TradeWithBank,
)
from settlers.games.iceland.board import board_for
from settlers.games.iceland.content import load_content
from settlers.games.iceland.pieces import owner
from settlers.games.iceland.scoring import (
    all_victory_points,
    evaluate,
    ranking_winners,
    someone_reached_target,
)
from settlers.games.iceland.setup import set_up

ROLL, HARVEST_FATE, AGE, ALTHING = "roll", "harvest_fate", "age", "althing"
MOVE, CHOOSE_NUMBER, RETREAT = "move", "choose_number", "retreat"
BUILD, OFFER, OVER = "build", "offer", "over"

_BUILD_TYPES = (BuildFarm, BuildTown, BuildSettler, BuildBoat, BuildHarbour, BuildAgeing)

# mutable containers copied by clone(); everything else is immutable or shared
_LISTS = ("terrain", "number", "harbour", "occupant", "house_owner", "house_level", "pos",
          "terrain_pool", "harbour_pool", "bank", "white", "red_won", "black", "deck",
          "discard", "first_turn", "age_choices", "log", "events")
_NESTED = ("hands", "fate", "fate_public", "pending")


class IcelandState(GameState):
    # ------------------------------------------------------------------ set-up
    def setup(self) -> None:
        self.c = load_content(resolve_content("iceland", "data_dir", self.options.get("data_dir")))
        self.b = board_for(self.c.board_radius)
        set_up(self)

    def reset_turn(self) -> None:
        self.mv_piece: int | None = None
        self.mv_steps = self.c.movement_steps
        self.mv_taken = 0
        self.mv_wind = False
        self.mv_blocked: tuple[int, int] | None = None
        self.retreat: tuple[int, int] | None = None
        self.exploring: tuple[int, int] | None = None
        self.age_choices: list[int] = []
        self.pending: list[list[int | str]] = []
        self.built: dict[str, int] = {}
        self.offer: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None
        self.offers_made = 0

    # ------------------------------------------------------------------ who acts
    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == ALTHING:
            return althing.to_act(self)
        if phase == RETREAT:
            return (owner(self.retreat[0]),)
        if phase == OFFER:
            return (self.offer[0],)
        return (self.current,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        phase = self.phase
        if phase == ROLL:
            return [Roll()]
        if phase == HARVEST_FATE:
            return harvest.legal_harvest_fate(self, seat)
        if phase == AGE:
            return harvest.legal_age(self, seat)
        if phase == ALTHING:
            return althing.legal(self, seat)
        if phase == MOVE:
            return movement.legal_movement(self, seat)
        if phase == CHOOSE_NUMBER:
            return exploration.legal_choose_number(self, seat)
        if phase == RETREAT:
            return movement.legal_retreat(self, seat)
        if phase == OFFER:
            return trade.legal_answers(self, seat)
        out = trade.legal_bank_trades(self, seat)
        out.extend(trade.legal_offers(self, seat))
        out.extend(building.legal_builds(self, seat))
        out.append(EndTurn())
        return out

    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
        phase = self.phase
        if phase == BUILD and isinstance(action, OfferTrade):
            return trade.offer_problem(self, seat, action)
        if phase == BUILD and isinstance(action, _BUILD_TYPES):
            key = building.build_problem(self, seat, action)
            return None if key is None else IllegalAction(key)
        if action in self.legal_actions(seat):
            return None
        if phase == BUILD and isinstance(action, TradeWithBank):
            return IllegalAction("iceland.error.bank_trade")
        if phase == MOVE and isinstance(action, Move | Explore) and \
                movement.first_step_rule(self, seat):
            return IllegalAction("iceland.error.first_move")
        return IllegalAction("iceland.error.not_now", action=action.kind,
                             phase=f"iceland.phase.{phase}")

    # ------------------------------------------------------------------ applying
    def _apply(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase == ROLL:
            harvest.roll(self)
        elif phase == HARVEST_FATE:
            harvest.apply_harvest_fate(self, seat, action)
        elif phase == AGE:
            harvest.apply_age(self, seat, action)  # type: ignore[arg-type]
        elif phase == ALTHING:
            althing.apply(self, seat, action)
        elif phase == MOVE:
            if isinstance(action, Move):
                movement.apply_move(self, seat, action)
            elif isinstance(action, Explore):
                exploration.apply_explore(self, seat, action)
            elif isinstance(action, PlayFate):
                movement.apply_fair_wind(self, seat, action)
            elif isinstance(action, EndMovement):
                movement.apply_end_movement(self, seat, action)
        elif phase == CHOOSE_NUMBER:
            exploration.apply_choose_number(self, seat, action)  # type: ignore[arg-type]
        elif phase == RETREAT:
            movement.apply_retreat(self, seat, action)  # type: ignore[arg-type]
        elif phase == OFFER:
            trade.apply_answer(self, seat, action)  # type: ignore[arg-type]
        elif isinstance(action, TradeWithBank):
            trade.apply_bank_trade(self, seat, action)
        elif isinstance(action, OfferTrade):
            trade.apply_offer(self, seat, action)
        elif isinstance(action, EndTurn):
            self.end_turn()
        else:
            building.apply_build(self, seat, action)

    def end_turn(self) -> None:
        building.complete_builds(self)
        self.first_turn[self.current] = False
        self.turn += 1
        self.emit("iceland.event.turn_over", seat=self.current)
        limit = self.options["turn_limit"]
        if someone_reached_target(self) or (limit and self.turn >= limit):
            self.finished = True
            self.phase = OVER
            self.emit("iceland.event.game_over", winners=self.winners())
            return
        self.current = (self.current + 1) % self.players
        self.dice = None
        self.reset_turn()
        self.phase = ROLL

    # ------------------------------------------------------------------ results
    @property
    def over(self) -> bool:
        return self.finished

    def scores(self) -> list[float]:
        return [float(p) for p in all_victory_points(self)]

    def public_scores(self) -> list[float]:
        """Every victory point lies open on the table (houses, white/red/black tokens)."""
        return self.scores()

    def winners(self) -> list[int]:
        return ranking_winners(self) if self.finished else []

    def evaluate(self, seat: int) -> float:
        return evaluate(self, seat)

    # ------------------------------------------------------------------ information
    def _view(self, seat: int | None) -> dict[str, Any]:
        from settlers.games.iceland.view import view
        return view(self, seat)

    def full_state(self) -> dict[str, Any]:
        from settlers.games.iceland.view import full_state
        return full_state(self)

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        from settlers.games.iceland.view import redraw_hidden
        redraw_hidden(self, seat, rng)

    def redact_action(self, actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
        """Answers in an Althing card window are secret: others see only that one answered
        (cards that took effect are announced by events)."""
        if viewer != actor and (isinstance(action, Pass) or (
                isinstance(action, PlayFate)
                and self.c.fate_cards.get(action.card) is not None
                and self.c.fate_cards[action.card].label == "althing")):
            return {"type": "fate_decision"}
        return action.to_json()

    def render(self, seat: int | None, lang: str) -> str:
        from settlers.games.iceland.render import render
        return render(self, seat, lang)

    def describe_action(self, action: Action, lang: str) -> str:
        from settlers.games.iceland.render import describe_action
        return describe_action(self, action, lang)

    # ------------------------------------------------------------------ speed
    def clone(self) -> IcelandState:
        new = object.__new__(type(self))
        d = dict(self.__dict__)
        for name in _LISTS:
            d[name] = list(d[name])
        for name in _NESTED:
            d[name] = [list(x) for x in d[name]]
        d["number_pool"] = dict(d["number_pool"])
        d["red_tokens"] = {k: list(v) for k, v in d["red_tokens"].items()}
        d["built"] = dict(d["built"])
        d["al"] = copy.deepcopy(d["al"])
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        new.__dict__.update(d)
        return new

