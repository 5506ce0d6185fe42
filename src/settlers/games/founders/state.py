"""The state of a game of Founders of the Empire: who acts, what is legal, applying actions.
The steps themselves live in setup.py, turn.py and ending.py; refusals in legality.py.

Phases, in rulebook order:
  ``draft``  «Подготовка»: snake draft of the revealed nature tiles;
  ``found``  each player lays their two tiles sharing a side;
  ``reveal`` 1. «Открыть квадрат» (or propose ending the game by agreement);
  ``vote``   every other player accepts or refuses the proposal (simultaneous);
  ``main``   2. «Разыграть жетон» (optional, one) and 3. choosing the tile to attach;
  ``place``  3. where the chosen tile goes; then the turn ends;
  ``final_masters`` after an agreement, players may still place their masters;
  ``over``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from settlers.core import Action, GameState, IllegalAction
from settlers.games.founders import scoring, tokens
from settlers.games.founders.actions import (
    STACKS,
    AnswerEnd,
    Attach,
    ChooseTile,
    DraftPick,
    DrawNature,
    EndTurn,
    FinishMasters,
    FoundState,
    PlayCart,
    PlayCoin,
    PlayMaster,
    PlayWar,
    ProposeEnd,
    Reveal,
)
from settlers.games.founders.attaching import attach_cells, fitting_tiles
from settlers.games.founders.board import cell_of, xy_of
from settlers.games.founders.ending import EndSteps
from settlers.games.founders.legality import why_illegal
from settlers.games.founders.setup import SetupSteps
from settlers.games.founders.tiles import NATURE, TileSet
from settlers.games.founders.turn import TurnSteps

_attach = lru_cache(maxsize=None)(Attach)
_choose = lru_cache(maxsize=None)(ChooseTile)
_reveal = {s: Reveal(s) for s in STACKS}
_DRAW = DrawNature()
_END = EndTurn()
_PROPOSE = ProposeEnd()
_YES, _NO = AnswerEnd(True), AnswerEnd(False)
_FINISH = FinishMasters()


class FoundersState(SetupSteps, TurnSteps, EndSteps, GameState):
    ts: TileSet

    def clone(self) -> FoundersState:
        c = FoundersState.__new__(FoundersState)
        c.game, c.players, c.seed, c.options = self.game, self.players, self.seed, self.options
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.log = list(self.log)
        c.version = self.version
        c.events = list(self.events)
        c.record_events = self.record_events
        c.ts = self.ts
        c.boards = [b.copy() for b in self.boards]
        c.stacks = [list(s) for s in self.stacks]
        c.prizes = list(self.prizes)
        c.prize_box = list(self.prize_box)
        c.rows = [list(r) for r in self.rows]
        c.box = list(self.box)
        c.supply = list(self.supply)
        c.master_pool = list(self.master_pool)
        c.token_box = list(self.token_box)
        c.boxed_masters = list(self.boxed_masters)
        c.first, c.current = self.first, self.current
        c.draft_pool = list(self.draft_pool)
        c.draft_order = list(self.draft_order)
        c.founding = [list(f) for f in self.founding]
        c.found_order = list(self.found_order)
        c.phase = self.phase
        c.token_played = self.token_played
        c.borrowed = self.borrowed
        c.chosen, c.chosen_drawn = self.chosen, self.chosen_drawn
        c.proposed = self.proposed
        c.votes = list(self.votes)
        c.final_order = list(self.final_order)
        c.ended_by = self.ended_by
        c._cache = {}
        return c

    # ================================================================ who acts
    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in ("reveal", "main", "place"):
            return (self.current,)
        if phase == "draft":
            return (self.draft_order[0],)
        if phase == "found":
            return (self.found_order[0],)
        if phase == "vote":
            return tuple(s for s in range(self.players)
                         if s != self.current and s not in self.votes)
        if phase == "final_masters":
            return (self.final_order[0],)
        return ()

    @property
    def over(self) -> bool:
        return self.phase == "over"

    # ================================================================ legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        key = ("legal", seat)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._legal(seat) if seat in self.to_act else []
            self._cache[key] = cached
        return list(cached)

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "draft":
            return [DraftPick(t) for t in self.draft_pool]
        if phase == "found":
            a, b = self.founding[seat]
            return [FoundState(a, b, False), FoundState(b, a, False),
                    FoundState(a, b, True), FoundState(b, a, True)]
        if phase == "reveal":
            out: list[Action] = [_reveal[s] for i, s in enumerate(STACKS) if self.stacks[i]]
            # «никто больше не может заработать победных очков»: the proposer at least
            # must be unable to score (the others say so by agreeing)
            if not self.proposed and not scoring.can_still_score(self, seat):
                out.append(_PROPOSE)
            return out
        if phase == "vote":
            return [_YES, _NO]
        if phase == "main":
            out = [] if self.token_played else self.token_actions(seat)
            normal, replace = self.fitting()
            if normal:
                out += [_choose(t) for t in self.open_tiles() if t in normal or t in replace]
            else:
                out += [_choose(t) for t in self.open_tiles() if t in replace]
                out.append(_DRAW if self.stacks[NATURE] else _END)
            return out
        if phase == "place":
            return [_attach(*xy_of(c)) for c in self.chosen_cells()]
        if phase == "final_masters":
            return [*self.master_actions(seat), _FINISH]
        return []

    def token_actions(self, seat: int) -> list[Action]:
        board = self.boards[seat]
        out: list[Action] = []
        if board.hand_war:
            out += [PlayWar(t, *xy_of(c)) for t, c in tokens.war_targets(self, seat)]
        if board.hand_coin:
            goods = self.ts.goods
            out += [PlayCoin(t, *xy_of(c), goods[g].id)
                    for t, c, g in tokens.coin_targets(self, seat)]
        if board.hand_cart:
            out += [PlayCart(*xy_of(c)) for c in tokens.cart_corners(self, seat)]
        return out + self.master_actions(seat)

    def master_actions(self, seat: int) -> list[Action]:
        masters = self.ts.masters
        return [PlayMaster(masters[m].id, *xy_of(c))
                for m in sorted(set(self.boards[seat].hand_masters))
                for c in tokens.master_cells(self, seat, m)]

    def open_tiles(self) -> list[int]:
        """Tiles that may be attached: the three rows and the open prize tiles."""
        return self.rows[0] + self.rows[1] + self.rows[2] + self.prizes

    def attach_options(self, tiles: list[int] | None = None
                       ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """For each open tile (or each of ``tiles``), the empty cells and the replaceable
        cells of the current player's state it may go on."""
        key = ("attach", None if tiles is None else tuple(tiles))
        opts = self._cache.get(key)
        if opts is None:
            ts = self.ts
            borrowed = 1 << self.borrowed[2] if self.borrowed is not None else 0
            opts = attach_cells(self.boards[self.current],
                                self.open_tiles() if tiles is None else tiles,
                                ts.tile_needs, ts.tile_mask, borrowed)
            self._cache[key] = opts
        return opts

    def fitting(self) -> tuple[set[int], set[int]]:
        """Open tiles that fit an empty cell now; of the rest, those that fit by replacing."""
        fit = self._cache.get("fitting")
        if fit is None:
            ts = self.ts
            borrowed = 1 << self.borrowed[2] if self.borrowed is not None else 0
            fit = fitting_tiles(self.boards[self.current], self.open_tiles(), ts.tile_needs,
                                ts.tile_mask, borrowed)
            self._cache["fitting"] = fit
        return fit

    def chosen_cells(self) -> list[int]:
        board = self.boards[self.current]
        if self.chosen_drawn:
            return sorted(board.frontier() + list(board.cells))
        assert self.chosen is not None
        normal, replace = self.attach_options([self.chosen])
        return sorted(normal[self.chosen] + replace[self.chosen])

    def tiles_still_to_come(self) -> list[int]:
        """Tiles not yet in anyone's state that may still be (stacks, rows, draft)."""
        return [t for s in self.stacks for t in s] + [t for r in self.rows for t in r] + \
            self.draft_pool + [t for f in self.founding for t in f]

    # ================================================================ checking
    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
        if action in self.legal_actions(seat):
            return None
        return why_illegal(self, seat, action)

    # ================================================================ applying
    def _apply(self, seat: int, action: Action) -> None:
        self._cache = {}
        kind = action.kind
        if kind == "draft_pick":
            self._draft_pick(seat, action)  # type: ignore[arg-type]
        elif kind == "found_state":
            self._found_state(seat, action)  # type: ignore[arg-type]
        elif kind == "reveal":
            self._reveal(seat, action)  # type: ignore[arg-type]
        elif kind in ("play_war", "play_coin", "play_cart", "play_master"):
            self._play_token(seat, action)
        elif kind == "choose_tile":
            self.chosen = action.tile  # type: ignore[attr-defined]
            self.chosen_drawn = False
            self.phase = "place"
        elif kind == "draw_nature":
            # «откройте верхний квадрат из зелёной стопки и присоедините его»
            self.chosen = self.stacks[NATURE].pop()
            self.chosen_drawn = True
            self.phase = "place"
            self.emit("founders.event.draw_nature", seat=seat, tile=self._names(self.chosen))
        elif kind == "attach":
            self._attach_chosen(seat, action)  # type: ignore[arg-type]
        elif kind == "end_turn":
            self.emit("founders.event.nothing_to_attach", seat=seat)
            self._end_turn()
        elif kind == "propose_end":
            self.phase = "vote"
            self.proposed = True
            self.votes = []
            self.emit("founders.event.propose_end", seat=seat)
        elif kind == "answer_end":
            self._answer_end(seat, action)  # type: ignore[arg-type]
        elif kind == "finish_masters":
            self._next_final_master()

    # ================================================================ results
    def scores(self) -> list[float]:
        return [float(scoring.score(self, s)) for s in range(self.players)]

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.over else []

    def evaluate(self, seat: int) -> float:
        from settlers.games.founders.heuristic import evaluate
        return evaluate(self, seat)

    def rule_of_thumb(self, seat: int) -> Action | None:
        """«при согласии всех участников»: the game ends by agreement when nobody can score
        any more, so a player asked agrees exactly when it cannot score itself."""
        if self.phase == "vote" and seat in self.to_act:
            from settlers.games.founders.actions import AnswerEnd

            return AnswerEnd(not scoring.can_still_score(self, seat))
        return None

    # ================================================================ hidden information
    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Face down: the order of the three stacks, the boxed prize tiles, the master pool."""
        for pile in self.stacks:
            pile.sort()
            rng.shuffle(pile)
        self.prize_box.sort()
        rng.shuffle(self.prize_box)
        self.master_pool.sort()
        rng.shuffle(self.master_pool)
        self._cache = {}

    def full_state(self) -> dict[str, Any]:
        return {
            "tiles": self.ts.source,
            "phase": self.phase, "first": self.first, "current": self.current,
            "boards": [b.to_json() for b in self.boards],
            "stacks": [list(s) for s in self.stacks], "rows": [list(r) for r in self.rows],
            "prizes": list(self.prizes), "prize_box": list(self.prize_box),
            "box": list(self.box), "supply": list(self.supply),
            "master_pool": list(self.master_pool), "token_box": list(self.token_box),
            "boxed_masters": list(self.boxed_masters),
            "draft_pool": list(self.draft_pool), "draft_order": list(self.draft_order),
            "founding": [list(f) for f in self.founding],
            "found_order": list(self.found_order),
            "token_played": self.token_played,
            "borrowed": list(self.borrowed) if self.borrowed else None,
            "chosen": self.chosen, "chosen_drawn": self.chosen_drawn,
            "proposed": self.proposed, "votes": list(self.votes),
            "final_order": list(self.final_order), "ended_by": self.ended_by,
        }

    # ================================================================ presentation
    def _view(self, seat: int | None) -> dict[str, Any]:
        from settlers.games.founders.view import build_view
        return build_view(self, seat)

    def render(self, seat: int | None, lang: str) -> str:
        from settlers.games.founders.view import render
        return render(self, seat, lang)

    def describe_action(self, action: Action, lang: str) -> str:
        from settlers.games.founders.view import describe_action
        return describe_action(self, action, lang)

    # ---------------------------------------------------------------- helpers
    def _names(self, tile: int) -> str:
        """The catalog key of a tile's name (rendered with ``{tile!t}``)."""
        return self.ts.tile_key(tile)

    def _good_names(self, good: int) -> str:
        return self.ts.good_key(good)

    def _tile_at(self, seat: int, x: int, y: int) -> int:
        return self.boards[seat].cells[cell_of(x, y)]
