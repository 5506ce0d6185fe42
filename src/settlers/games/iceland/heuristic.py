"""A Landnám heuristic bot: explore, farm, grow towns and, above all, go to the Althing.

"Так как у каждого игрока только девять домов ... хотя бы три очка должны быть получены на
альтинге. Таким образом, ранний выигрыш тяжб в игре очень ценен." A bot that only builds stops
at about nine points (fewer on a crowded island), so this one

* opens every case it expects to win (its cards of the disputed resource against what the
  defence can hold), with the smallest bid, and raises by the smallest step;
* joins a side when asked and when one bid makes that side win (the last to join takes the
  white token);
* keeps its settlers producing on numbered land — next to other players' houses too, where
  three possible cases nobody opens earn a black token;
* walks an outlawed piece away from its accuser's houses (the red token is then removed) and
  saves it with a Reconciliation card at the start of an Althing;
* builds towns before farms, farms on the corner that yields most, a new settler or boat when
  it has too few pieces on the board, and trades with the bank or offers 1-for-1 trades only
  to complete the build it is saving for;
* does not stall with cards it cannot use (``heuristic_stall``): a piece on a farm corner
  does not sail out to the outer sea and back; with no build to save for, houses left and a
  hand of twelve cards or more it trades toward one more piece;
* answers offers by its own plan, never with the cards of a build that brings the player to
  move to the target this turn, and gives a player near the target no card more than it gets
  (``trade_sense``).

It reads only what its seat may see: public board, counts, every resource hand kind by kind
(public: every resource card moves in the open, see ``view.py``) and its own fate cards. Before
2026-12-06 it read other hands by their size only and guessed a defence's cards of the disputed
kind as 45 % of them.

The game's bot knowledge has this one home: ``make_bot(seed, **budget)`` is the heuristic bot
(``act(state, seat)``), ``evaluate(state, seat)`` the position value greedy and MCTS use; what
places and positions are worth is computed in ``heuristic_values.py``.
"""

from __future__ import annotations

from typing import Any

from settlers.games.iceland import actions as A
from settlers.games.iceland import althing, building, heuristic_stall, trade_sense
from settlers.games.iceland.board import OUTER
from settlers.games.iceland.content import UNKNOWN
from settlers.games.iceland.harvest import next_available, producing_hexes
from settlers.games.iceland.heuristic_values import (
    baiting,
    corner_free,
    corner_value,
    evaluate,
    explore_distance,
    harbour_accusers,
    my_gain,
    piece_value,
    total_gain,
    weight,
)
from settlers.games.iceland.movement import may_enter
from settlers.games.iceland.pieces import (
    is_boat,
    is_farmland,
    owner,
    seat_pieces,
)
from settlers.games.iceland.scoring import all_victory_points
from settlers.games.iceland.trade import bank_rate

__all__ = ["IcelandBot", "evaluate", "make_bot"]

#: offers per turn the bot makes at most (the game's own limit is an option)
MAX_OFFERS = 2


class IcelandBot:
    name = "heuristic"
    #: value of one step nearer to an unexplored position
    explore_pull = 0.3
    #: most cards the bot adds to one case in one bid, and its side's total it will go to
    max_raise = 4
    max_spend = 9
    #: pieces on the board a bot without houses left keeps (more fill the island and keep out
    #: the other players' pieces its own cases need: seed 120064 of the mixed sweep; 4 or 5 leave seed 60038 stalled)
    capped_pieces = 6

    def __init__(self, seed: int = 0, strict: bool = False) -> None:
        # the bot is deterministic (ties go to the first listed action); the seed is kept for
        # the bot interface. ``strict``: raise instead of falling back when a rule of the bot
        # picks an action that is not legal (tests use it; players get the safe fallback)
        self.seed = seed
        self.strict = strict

    # ------------------------------------------------------------------ dispatch
    def act(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == "roll":
            return A.Roll()
        if phase == "harvest_fate":
            choice = self.harvest_fate(state, seat, legal)
        elif phase == "age":
            choice = self.age(state, seat, legal)
        elif phase == "althing":
            choice = self.althing(state, seat, legal)
        elif phase == "move":
            choice = self.movement(state, seat, legal)
        elif phase == "choose_number":
            choice = max(legal, key=lambda a: (weight(a.number), -a.number))
        elif phase == "retreat":
            choice = max(legal, key=lambda a: piece_value(state, seat, state.retreat[0], a.to))
        elif phase == "offer":
            choice = self.answer_offer(state, seat, legal)
        else:
            choice = self.build_phase(state, seat, legal)
        if choice in legal:
            return choice
        if self.strict:
            raise AssertionError(f"iceland bot chose {choice!r}, not legal in {phase}")
        return legal[0]

    # ------------------------------------------------------------------ phase 1
    def harvest_fate(self, s: Any, seat: int, legal: list) -> Any:
        hexes = producing_hexes(s)
        mine = sum(my_gain(s, seat, h) for h in hexes)
        best, best_value = A.Pass(), 0.0
        for a in legal:
            if not isinstance(a, A.PlayFate):
                continue
            effect = s.c.fate_cards[a.card].effect
            if effect == "bonus_harvest" and mine > 0:
                value = 1.0 + mine
            elif effect == "blight_hex" and a.target >= 0:
                value = (total_gain(s, a.target) - 2 * my_gain(s, seat, a.target)) - 2.5
            else:
                continue
            if value > best_value:
                best, best_value = a, value
        return best

    def age(self, s: Any, seat: int, legal: list) -> Any:
        def score(a: A.AgeHex) -> float:
            old = s.number[a.hex]
            new = next_available(s, old) or old
            delta = weight(new) - weight(old)
            mine = my_gain(s, seat, a.hex)
            others = total_gain(s, a.hex) - mine
            return delta * (mine - 0.5 * others)
        return max(legal, key=score)

    # ------------------------------------------------------------------ the Althing
    def althing(self, s: Any, seat: int, legal: list) -> Any:
        al = s.al
        stage = al["stage"]
        if stage == "window":
            return self.althing_card(s, seat, legal)
        if stage == "starter":
            return A.ChooseStarter((s.current + 1) % s.players)
        if stage == "cases":
            return self.open_case(s, seat, legal)
        case = al["case"]
        res = case["resource"]
        hand = s.hands[seat][res]
        if stage == "help":
            side = case["turn"]
            need = case["totals"][1 - side] - case["totals"][side] + 1
            if 1 <= need <= min(hand, self.max_raise):
                return A.Bid(need)  # joining makes me the side's leader: the white token is mine
            return A.Decline()
        return self.bid(s, seat, legal, case, hand)

    def bid(self, s: Any, seat: int, legal: list, case: dict, hand: int) -> Any:
        side = case["turn"]
        need = case["totals"][1 - side] - case["totals"][side] + 1
        spent_here = case["totals"][side]
        if 1 <= need <= min(hand, self.max_raise) and \
                spent_here + need <= max(self.max_spend, hand):
            return A.Bid(need)
        # ask the uninvolved player with most cards of the disputed kind (a helper who wins
        # takes the white token, but the other side's leader does not), unless that player
        # is about to win; hands are public kind by kind (view.py)
        points = all_victory_points(s)
        askable = [a for a in legal if isinstance(a, A.AskHelp)
                   and a.seat not in case["sides"][side]]
        askable = [a for a in askable if points[a.seat] < s.c.victory_points - 1]
        if askable:
            res = case["resource"]
            return max(askable, key=lambda a: (s.hands[a.seat][res], sum(s.hands[a.seat])))
        return A.Concede()

    def open_case(self, s: Any, seat: int, legal: list) -> Any:
        options: dict[int, int] = {}
        for a in legal:
            if isinstance(a, A.OpenCase):
                options[a.piece] = max(options.get(a.piece, 0), a.cards)
        if not options:
            return A.EndCases()
        points = all_victory_points(s)
        resources = dict(althing.open_cases(s, seat))
        best, best_value = None, 0.0
        for piece, mine in options.items():
            defendant = owner(piece)
            res = resources.get(piece)
            # the defence bids cards of the disputed kind, and its hand is public kind by kind
            theirs = s.hands[defendant][res] if res is not None else 0
            value = mine - theirs
            if defendant in s.al["candidates"] and defendant not in s.al["accused"]:
                value += 0.5  # stops a black token
            value += 0.2 * points[defendant]
            if mine >= 2 or theirs == 0:
                value += 0.3
            if res is not None and value > best_value:
                best, best_value = piece, value
        if best is None:
            return A.EndCases()
        return A.OpenCase(best, 1)

    def althing_card(self, s: Any, seat: int, legal: list) -> Any:
        al = s.al
        case = al["case"]
        points = all_victory_points(s)
        for a in legal:
            if not isinstance(a, A.PlayFate):
                continue
            effect = s.c.fate_cards[a.card].effect
            if effect == "remove_red_tokens" and owner(a.target) == seat:
                return a
            if effect == "interrupt_case" and case is not None:
                side = case["turn"]
                if seat in case["sides"][side] and owner(case["piece"]) == seat:
                    need = case["totals"][1 - side] - case["totals"][side] + 1
                    if need > min(s.hands[seat][case["resource"]], self.max_raise):
                        return a
            if effect == "interrupt_althing" and al["after"] == "end":
                gainers = [x for x in al["candidates"] if x not in al["accused"]]
                if seat not in gainers and any(points[x] >= s.c.victory_points - 2
                                               for x in gainers):
                    return a
        return A.Pass()

    # ------------------------------------------------------------------ phase 2
    def movement(self, s: Any, seat: int, legal: list) -> Any:
        best, best_value = None, 0.0
        unknown_left = UNKNOWN in s.terrain
        distances: dict[int, dict[int, int]] = {}
        explorers = {a.piece for a in legal if isinstance(a, A.Explore)}
        for a in legal:
            if isinstance(a, A.EndMovement):
                value = 0.0
            elif isinstance(a, A.Move):
                here = s.pos[a.piece]
                if a.to == OUTER:
                    value = -0.2 if here >= 0 else -2.0
                    # out to the outer sea gives up the farm corner the piece stands by (it
                    # sailed in and out every turn: seed 3050987059722170677)
                    value -= heuristic_stall.outer_cost(s, seat, a.piece, here)
                    if here >= 0 and is_boat(a.piece) and baiting(s, seat):
                        # a harbour by another player's house (L65) out of the boat's reach
                        # by sea is reached round by the outer sea, next to every edge
                        # position (seed 120377: a boat built by its own town stayed there)
                        value += 0.9 * (self.best_from_outer(s, seat, a.piece) -
                                        piece_value(s, seat, a.piece, here))
                else:
                    value = piece_value(s, seat, a.piece, a.to) - \
                        piece_value(s, seat, a.piece, here) - 0.05  # no idle wandering
                    if not is_boat(a.piece) and baiting(s, seat):
                        # a settler takes the harvest of the houses round its hex: a player
                        # without cards whose houses it blocks can neither open a case against
                        # it nor build a piece by the seat's houses for a case of the seat's —
                        # the only points left once the seat's houses are used up (L82; seeds
                        # 120036 and 120711 stalled with such a player blocked for ever)
                        value += 3.0 * (self.starved(s, seat, here) - self.starved(s, seat, a.to))
                    occ = s.occupant[a.to]
                    if occ >= 0:
                        value += 0.5 if seat in s.red_tokens.get(occ, ()) else -0.5
                if unknown_left and not a.card:
                    # head for the unexplored: new land, new resources, a card for the finder
                    if a.piece not in distances:
                        distances[a.piece] = explore_distance(s, a.piece)
                    d = distances[a.piece]
                    value += self.explore_pull * (d.get(here, 6) - d.get(a.to, 6))
                if a.card:
                    value -= 1.5
                if here == OUTER and a.to != OUTER and a.piece not in explorers:
                    # off the outer sea onto the island — unless the boat can explore from
                    # here: it sailed out for that (else it sailed out and in every turn,
                    # seed 428 of the no-limit run)
                    value += 2.0
            elif isinstance(a, A.Explore):
                here = s.pos[a.piece]
                value = 3.0 - 0.5 * max(0.0, piece_value(s, seat, a.piece, here) - 4)
                if here == OUTER:
                    value += 2.0
                if a.card:
                    effect = s.c.fate_cards[a.card].effect
                    terrain = s.c.fate_cards[a.card].terrain
                    useful = effect == "choose_number" or (
                        terrain is not None and terrain != "sea" and not is_boat(a.piece))
                    value += 0.5 if useful else -2.0
            elif isinstance(a, A.PlayFate):
                piece = s.mv_piece
                unknown = piece is not None and s.pos[piece] >= 0 and any(
                    s.terrain[n] == UNKNOWN for n in s.b.grid.hex_neighbours[s.pos[piece]])
                value = 1.0 if s.mv_steps == 0 and unknown else -1.0
            else:
                value = -1.0
            if best is None or value > best_value:
                best, best_value = a, value
        return best

    def starved(self, s: Any, seat: int, h: int) -> int:
        """Houses of other players without a resource card on the corners of ``h``, a numbered
        land position (a settler there takes their harvest)."""
        if h < 0 or not s.number[h] or not is_farmland(s, h):
            return 0
        return sum(1 for c in s.b.hex_corners[h]
                   if s.house_owner[c] >= 0 and s.house_owner[c] != seat
                   and not sum(s.hands[s.house_owner[c]]))

    def best_from_outer(self, s: Any, seat: int, piece: int) -> float:
        """The best place for ``piece`` one move from the outer sea (a free edge position)."""
        return max((piece_value(s, seat, piece, h) for h in s.b.outer_neighbours
                    if s.occupant[h] < 0 and s.terrain[h] >= 0 and may_enter(s, piece, h)),
                   default=-1.0)

    # ------------------------------------------------------------------ phase 3
    def target_cost(self, s: Any, seat: int) -> tuple[str, tuple[int, ...]] | None:
        """The build the bot saves for: town, farm, else a piece to found farms with."""
        costs = s.c.costs
        if building.houses_left(s, seat) >= 1:
            for c in range(s.b.corner_count):
                if s.house_owner[c] == seat and s.house_level[c] == 1 and \
                        building.corner_touches_sea(s, c) and not building.builds_of(s, f"c{c}"):
                    return "town", costs["town"]
            if self.farm_spot(s, seat) is not None:
                return "farm", costs["farm"]
        capped = building.houses_left(s, seat) <= 0
        on_board = self.pieces_on_board(s, seat)
        if on_board < 2 or (capped and on_board < self.capped_pieces):
            # L58: a settler only where a farm/town of the seat has a free hex; else a boat,
            # which may always be built on the outer sea (with houses capped, L82, pieces next
            # to other players' houses are the way to cases and black tokens)
            if building.pieces_left(s, seat, False) and self.settler_place(s, seat):
                return "settler", costs["settler"]
            if building.pieces_left(s, seat, True):
                return "boat", costs["boat"]
        elif capped and self.bait_boat(s, seat, on_board):
            return "boat", costs["boat"]
        if heuristic_stall.stalled(s, seat, on_board):
            # no farm or town to save for, houses left, a full hand: one more piece to reach
            # farm corners with (seed 3050987059722170677 held 18 wool and 7 iron for ever)
            piece = heuristic_stall.stall_piece(s, seat, self.settler_place(s, seat))
            if piece is not None:
                return piece, costs[piece]
        return None

    def cases_against(self, s: Any, seat: int) -> int:
        """The cases the other players could open against the seat's pieces now (L69: three
        and none opened earn it a black token at the end of an Althing)."""
        return sum(1 for other in range(s.players) if other != seat
                   for piece, _res in althing.possible_cases(s, other) if owner(piece) == seat)

    def bait_harbour(self, s: Any, seat: int) -> bool:
        """A free sea hex inside the frame next to another player's house with a harbour, or
        room for one (L59: next to non-mountain land, a harbour token left): a boat of the
        seat there is a possible case (L65)."""
        taken = building.pending_targets(s)
        neighbours = s.b.grid.hex_neighbours
        for h, terrain in enumerate(s.terrain):
            if terrain != s.c.sea or s.occupant[h] >= 0 or h in taken or \
                    not harbour_accusers(s, seat, h):
                continue
            if s.harbour[h] >= 0 or (any(s.harbour_pool) and
                                     any(is_farmland(s, n) for n in neighbours[h])):
                return True
        return False

    def bait_boat(self, s: Any, seat: int, on_board: int) -> bool:
        """With no house left (L82) and fewer possible cases against it than a black token
        needs, a boat more than ``capped_pieces`` for a harbour next to another player's house
        (L65, L69): one boat per missing case at most. Seed 120377 of the mixed sweep: the
        leader at 11 points had its six pieces on its own land, the other players no cards
        and no production, and nobody could score again."""
        if on_board < self.capped_pieces:
            return False   # the pieces up to the cap are built as before (target_cost)
        missing = s.c.black_token_cases - self.cases_against(s, seat)
        return (missing > 0 and on_board < self.capped_pieces + missing
                and bool(building.pieces_left(s, seat, True)) and self.bait_harbour(s, seat))

    def settler_place(self, s: Any, seat: int) -> bool:
        """Has a farm or town of the seat a free hex a settler could be built on?"""
        taken = building.pending_targets(s)
        probe = seat * 10 + 5
        for c in range(s.b.corner_count):
            if s.house_owner[c] != seat:
                continue
            for h in s.b.corner_hexes[c]:
                if s.terrain[h] >= 0 and s.occupant[h] < 0 and h not in taken and \
                        may_enter(s, probe, h):
                    return True
        return False

    def farm_spot(self, s: Any, seat: int) -> tuple[int, int] | None:
        pending = building.pending_farm_corners(s)
        best, best_value = None, -1.0
        for p in seat_pieces(seat):
            h = s.pos[p]
            if h < 0 or building.builds_of(s, f"p{p}") or s.red_tokens.get(p):
                continue
            for c in s.b.hex_corners[h]:
                if corner_free(s, c, pending):
                    v = corner_value(s, seat, c)
                    if v > best_value:
                        best, best_value = (p, c), v
        return best

    def pieces_on_board(self, s: Any, seat: int) -> int:
        farming = {b[1] for b in s.pending if b[0] == "farm"}
        n = sum(1 for p in seat_pieces(seat) if s.pos[p] >= OUTER and p not in farming)
        return n + sum(1 for b in s.pending if b[0] in ("settler", "boat"))

    def build_phase(self, s: Any, seat: int, legal: list) -> Any:
        best, best_value = None, 0.0
        on_board = self.pieces_on_board(s, seat)
        target = self.target_cost(s, seat)
        hand = s.hands[seat]
        houses = any(s.house_owner[c] == seat for c in range(s.b.corner_count)) or any(
            b[0] == "farm" for b in s.pending)

        def keeps_target(cost: tuple[int, ...]) -> bool:
            """A new piece must not eat the cards saved for a farm or a town."""
            if target is None or target[0] not in ("farm", "town"):
                return True
            return all(hand[r] - cost[r] >= target[1][r] for r in range(4))

        bait = baiting(s, seat)
        # L82: nine houses give at most nine points; the rest is won at the Althing, with
        # pieces next to other players' houses (cases, black tokens) — so a capped bot keeps
        # building pieces and harbours (else a table of such bots never ends, seed 60038)
        no_houses = building.houses_left(s, seat) <= 0
        capped = no_houses and on_board < self.capped_pieces
        bait_boat = no_houses and self.bait_boat(s, seat, on_board)
        piece_ok = {"settler": keeps_target(s.c.costs["settler"]),
                    "boat": keeps_target(s.c.costs["boat"])}
        # with houses left and two pieces on the board a piece is the target only when the
        # bot is stalled (target_cost, heuristic_stall)
        stall_piece = target[0] if target is not None and target[0] in ("settler", "boat") \
            and on_board >= 2 and not no_houses else None
        for a in legal:
            value = 0.0
            if isinstance(a, A.BuildTown):
                value = 20.0 + corner_value(s, seat, a.corner)
            elif isinstance(a, A.BuildFarm):
                value = 15.0 + corner_value(s, seat, a.corner)
            elif isinstance(a, A.BuildSettler):
                if on_board < 2 or (on_board < 3 and piece_ok["settler"]) or bait or capped or \
                        stall_piece == "settler":
                    value = 6.0 + piece_value(s, seat, seat * 10 + 5, a.hex) * 0.3
            elif isinstance(a, A.BuildBoat):
                if (on_board < 2 and piece_ok["boat"] and (a.hex >= 0 or not houses)) or \
                        (capped and (a.hex >= 0 or not self.settler_place(s, seat))) or \
                        bait_boat or stall_piece == "boat":
                    value = 5.0 + (piece_value(s, seat, seat * 10, a.hex) * 0.3
                                   if a.hex >= 0 else 0.0)
            elif isinstance(a, A.BuildAgeing):
                h = s.pos[a.piece]
                new = next_available(s, s.number[h]) or s.number[h]
                if weight(new) > weight(s.number[h]) and self.spare(s, seat) > 4:
                    value = 2.0
            elif isinstance(a, A.BuildHarbour):
                r = s.c.resource_index(a.resource)
                if s.hands[seat][r] >= 5:
                    value = 1.0
                if no_houses and harbour_accusers(s, seat, s.pos[a.piece]):
                    # a boat in a harbour next to others' houses: cases against it (L65), a
                    # black token when nobody opens three (L69); in the resource it holds most
                    value = 3.0 + 0.1 * s.hands[seat][r]
            if value > best_value:
                best, best_value = a, value
        if isinstance(best, A.BuildAgeing) and (no_houses or stall_piece):
            # with its houses used up the pieces are the way to points: trade toward the piece
            # first, age with what is left over after it
            trade = self.trade_for_target(s, seat, legal)
            if trade is not None:
                return trade
        if best is not None:
            return best
        trade = self.trade_for_target(s, seat, legal)
        if trade is not None:
            return trade
        return A.EndTurn()

    def spare(self, s: Any, seat: int) -> int:
        return sum(s.hands[seat])

    def trade_for_target(self, s: Any, seat: int, legal: list) -> Any:
        target = self.target_cost(s, seat)
        if target is None:
            return None
        _kind, cost = target
        hand = s.hands[seat]
        missing = [max(0, cost[r] - hand[r]) for r in range(4)]
        if not any(missing):
            return None
        surplus = [hand[r] - cost[r] for r in range(4)]
        names = s.c.resources
        want = max(range(4), key=lambda r: missing[r])
        # the bank: 4:1 or 2:1 at a harbour, from the largest surplus
        for a in sorted((a for a in legal if isinstance(a, A.TradeWithBank)),
                        key=lambda a: -surplus[s.c.resource_index(a.give)]):
            give = s.c.resource_index(a.give)
            if a.get == names[want] and missing[give] == 0 and \
                    surplus[give] >= self.rate(s, seat, give):
                return a
        # a 1-for-1 offer to the player with the most cards, not the leader
        if s.offers_made < MAX_OFFERS:
            points = all_victory_points(s)
            refused = trade_sense.refused_offers(s, seat)   # asked again, refused again
            offers = [a for a in legal if isinstance(a, A.OfferTrade) and a.get[want] == 1
                      and sum(a.give) == 1 and sum(a.get) == 1 and a not in refused]
            offers = [a for a in offers if surplus[a.give.index(1)] >= 1
                      and points[a.to] < s.c.victory_points - 2]
            if offers:
                return max(offers, key=lambda a: (surplus[a.give.index(1)], sum(s.hands[a.to]),
                                                  -a.to))
        return None

    def rate(self, s: Any, seat: int, res: int) -> int:
        return bank_rate(s, seat, res)

    def answer_offer(self, s: Any, seat: int, legal: list) -> Any:
        if A.AnswerOffer(True) not in legal:
            return A.AnswerOffer(False)
        points = all_victory_points(s)
        _to, give, get = s.offer  # give: what the offerer gives me; get: what I give
        if trade_sense.hands_the_game(s, s.current, get, give):
            return A.AnswerOffer(False)  # never the cards of a winning build
        if trade_sense.near_victory(s, s.current) and sum(get) > sum(give):
            return A.AnswerOffer(False)  # a leader near the target gets no card more
        target = self.target_cost(s, seat)
        cost = target[1] if target is not None else (0, 0, 0, 0)
        hand = s.hands[seat]
        gain = 0.0
        for r in range(4):
            before = min(hand[r], cost[r])
            after = min(hand[r] + give[r] - get[r], cost[r])
            gain += after - before
        if gain > 0 or (gain == 0 and sum(give) > sum(get)):
            return A.AnswerOffer(True)
        if gain == 0 and points[s.current] <= points[seat] + 1:
            # neutral for my plan: accept when it evens out my hand
            after = [hand[r] + give[r] - get[r] for r in range(4)]
            if max(after) - min(after) < max(hand) - min(hand):
                return A.AnswerOffer(True)
        return A.AnswerOffer(False)


def make_bot(seed: int = 0, **budget: Any) -> IcelandBot:
    """The heuristic bot; it searches nothing, so the budget is ignored."""
    return IcelandBot(seed=seed)


#: the name ``settlers.bots.heuristics`` calls until it discovers ``make_bot`` by itself
