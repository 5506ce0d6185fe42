"""«Подготовка к игре» and «Нулевой ход — Открытие архипелага» (archipelago.ru.txt L64-158),
the 2-player rules (L1010-1015) and the variants (L1022-1060)."""

from __future__ import annotations

from typing import Any

from settlers.core import Action, InvalidOption
from settlers.games.archipelago import board, economy, evolution, exploration, start_ring
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import ChooseShores, Pick, PlaceRegion, RedrawHexes
from settlers.games.archipelago.content import Content, load_content
from settlers.games.archipelago.hidden import keeping, put_back, shuffled_stack
from settlers.games.archipelago.markers import move_surplus
from settlers.games.archipelago.memo import of_board
from settlers.games.archipelago.pieces import in_box, span
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import tables_of

SPECIAL = ("pacifist", "separatist")


def setup(state: ArchState) -> None:
    o = state.options
    n = state.players
    c = state.content = load_content(o["content"])
    rng = state.rng
    desert = o["desert_start"]
    state.no_secrets = bool(o["no_secrets"])
    # ---- the start region (L95; variant «Начало в пустыне», L1025)
    desert_hex = -1
    if desert:
        for h, faces in enumerate(c.hexes):
            for _side, face in enumerate(faces):
                if face.special == "desert":
                    desert_hex = h
                    state.start_face = face
    else:
        state.start_face = c.open_sea
    state.regions = [{"hex": -1, "side": 0, "q": 0, "r": 0, "rot": 0, "buildings": {},
                      "plundered": []}]
    state.grid = {(0, 0): 0}
    # ---- pieces; with 2 players each plays two colours (L1014)
    mult = 2 if n == 2 else 1
    state.units = []
    for s in range(n):
        state.units += [[s, False, -1, True, False, "", -1, 0]
                        for _ in range(c.pieces["inhabitants"] * mult)]
        state.units += [[s, True, -1, True, False, "", -1, 0]
                        for _ in range(c.pieces["ships"] * mult)]
    for s in range(n):
        if desert:
            for u in in_box(state, s, False)[:2]:
                state.units[u][U.REGION] = 0
        else:
            for u in in_box(state, s, True)[: c.start["ships"]]:
                state.units[u][U.REGION] = 0
    state.population = sum(1 for u in state.units if u[U.REGION] == 0 and not u[U.SHIP])
    state.rebellion = 0
    state.surplus = 0
    if desert:
        move_surplus(state, state.start_face.huts)
    # ---- economy (L83-89)
    state.money = [c.start["money"]] * n
    state.bank_money = c.florins - c.start["money"] * n
    state.wheel_coins = state.plunder_coins = 0
    state.phil = [0] * n
    state.cubes = [[0] * 6 for _ in range(n)]
    state.bank_cubes = list(c.cubes)
    state.market = [[0] * 6, [0] * 6]
    for r in range(6):  # L85: one cube of each colour on board I
        economy.bank_to_market(state, 0, r)
    state.tokens = [0] * n
    state.token_cubes = [[0] * 6 for _ in range(n)]
    state.piles = list(c.piles)
    state.tokens_used = 0
    # ---- wheel and discs (L111, L427)
    state.discs = [c.start["discs"]] * n
    state.discs_used = [0] * n
    state.wheel = {}
    state.wheel_discs = []
    state.reproduced = [False] * n
    state.passed = [False] * n
    state.round = {}
    state.used_buildings = []
    state.permits = []
    # ---- evolution deck (L103), trend cards (L149), objectives (L152)
    deck = list(range(len(c.cards)))
    rng.shuffle(deck)
    state.deck = deck
    state.track = [[-1, 0] for _ in range(5)]
    state.card_discard = []
    state.owned = [[] for _ in range(n)]
    # Trend cards (L149-151) and objectives (L152-159) are dealt once turn 0 is over
    # (``deal_trends_and_objectives``). Known from the start are only the cards the options
    # name: the trend the table chose «В начале нулевого хода» (L1045) and the Philanthropist
    # of its variant (L1049). The decks are shuffled here, face down: the cards to be turned
    # up (``face_down_trends``) and the order of ``objective_pool`` are hidden until the deal
    # (hidden.py shuffles them anew), and the random draws of set-up stay as they were.
    fixed = fixed_trends(c, o)   # (an unknown trend id is refused whatever the variants)
    state.trends = [] if state.no_secrets else fixed   # L1033: no trend with open objectives
    state.face_down_trends = [] if state.no_secrets else _draw_trends(state, fixed)
    state.has_philanthropist = _philanthropist_in(state)
    pool = objective_deck(state)
    needed = n * objectives_per_seat(state) * (
        2 if o["more_sharpness"] and not state.no_secrets else 1)
    if needed > len(pool):   # e.g. 5 players, «Больше остроты» and «Благотворитель»: 10 > 8
        raise InvalidOption("archipelago.option.objectives_short", players=n, needed=needed,
                            have=len(pool))
    rng.shuffle(pool)
    state.objective_pool = pool   # face down, in the order they will be drawn (last first)
    state.objectives = [[] for _ in range(n)]   # nobody holds an objective in turn 0
    state.keep_choice = [[] for _ in range(n)]
    state.seen = [[] for _ in range(n)]
    # ---- bids and negotiation
    state.bids = [-1] * n
    state.bidders = []
    state.rebid = False
    state.last_bids = [-1] * n
    state.offers_left = 0
    state.offer = None
    state.ended_by, state.ender = "", -1
    # ---- turn 0 (L115-145): random order, three hexes each
    state.turn = 0
    order = list(range(n))
    rng.shuffle(order)
    state.order = order
    hexes = [h for h in range(len(c.hexes)) if h != desert_hex]
    rng.shuffle(hexes)
    state.hands = [[hexes.pop() for _ in range(3)] for _ in range(n)]
    for hand in state.hands:
        hand.sort()
    state.stack = [[h, rng.randrange(2)] for h in hexes]
    state.hex_discard = []
    state.queue = []
    state.buy_idx = 0
    state.resume = ""
    state.ctx = {}
    state.actor = order[0]
    state.phase = "start"
    state.step = "place_start"


def objective_deck(state: ArchState) -> list[int]:
    """The objective cards of the game: the deck of the chosen length (L152-156), without the
    Pacifist and the Separatist with 2 players (L1012), open objectives (L1033) or the
    Philanthropist (L1049)."""
    c = state.content
    o = state.options
    pool = [i for i, ob in enumerate(c.objectives) if ob["deck"] == o["length"]]
    if state.players == 2 or o["no_secrets"] or o["philanthropist"]:
        pool = [i for i in pool if c.objectives[i]["criterion"] not in SPECIAL]
    return pool


def fixed_trends(c: Content, o: dict[str, Any]) -> list[int]:
    """The trend cards the options name before turn 0: the Philanthropist (L1049 «Используйте
    карту тренда Благотворитель») and the trend the table chose (L1045); raises InvalidOption
    for an unknown trend id."""
    trend_ids = [t["id"] for t in c.trends]
    out = []
    if o["philanthropist"]:   # the card that scores the Philanthropist (objectives.measure)
        found = [i for i, t in enumerate(c.trends) if t["criterion"] == "philanthropist"]
        if not found:   # a content set without it plays every other variant
            raise InvalidOption("archipelago.option.no_philanthropist", set=c.name)
        out.append(found[0])
    if o["trend"] != "random":
        if o["trend"] not in trend_ids:
            raise InvalidOption("archipelago.option.bad_trend", value=o["trend"],
                                known=", ".join(trend_ids))
        chosen = trend_ids.index(o["trend"])
        if chosen not in out:
            out.append(chosen)
    return out


def trends_wanted(o: dict[str, Any]) -> int:
    """How many trend cards are open once turn 0 is over: one (L151), two with «Больше
    контроля» (L1037 «откройте две карты тренда») and with «Благотворитель» (L1049: the
    Philanthropist and a second one drawn). The cards the options name (``fixed_trends``)
    count among them; the rest is drawn: «Больше контроля» with a chosen trend is that trend
    and one drawn card."""
    return 2 if o["more_control"] or o["philanthropist"] else 1


def _philanthropist_in(state: ArchState) -> bool:
    c = state.content
    return any(c.trends[t]["criterion"] == "philanthropist" for t in state.trends)


def objectives_per_seat(state: ArchState) -> int:
    """L1013: with 2 players each holds two objective cards, else one (L159). Not with «Никаких
    секретов между друзьями» (L1033): nobody draws, as many cards as players lie open (one
    counted for each seat)."""
    return 2 if state.players == 2 and not state.no_secrets else 1


def _draw_trends(state: ArchState, fixed: list[int]) -> list[int]:
    """The trend cards drawn besides those the options name, as many as ``trends_wanted``."""
    c = state.content
    rng = state.rng
    wanted = trends_wanted(state.options) - len(fixed)
    if wanted <= 0:
        return []
    if fixed:   # one card beside the Philanthropist or the chosen trend
        return [rng.choice([t for t in range(len(c.trends)) if t not in fixed])]
    trends = list(range(len(c.trends)))
    rng.shuffle(trends)
    return trends[:wanted]


def deal_trends_and_objectives(state: ArchState) -> None:
    """L151: the trend card(s) turned up, then L152-159: the objective cards drawn, once every
    player made its first discovery (L143) and the track is filled (L147). «Больше остроты»
    (L1041): each seat draws two cards for each it keeps (four at 2 players, L1013) and keeps
    as many as it would have held (the step ``keep_objective``); the others go back, face down,
    to the unused cards. «Никаких секретов» (L1033): one open card a seat."""
    state.trends += state.face_down_trends
    state.face_down_trends = []
    state.has_philanthropist = _philanthropist_in(state)
    pool = state.objective_pool
    per = objectives_per_seat(state)
    n = state.players
    state.objectives = [[pool.pop() for _ in range(per)] for _ in range(n)]
    if state.options["more_sharpness"] and not state.no_secrets:
        state.keep_choice = [sorted([*state.objectives[s], *(pool.pop() for _ in range(per))])
                             for s in range(n)]
        state.objectives = [[] for _ in range(n)]
        state.step = "keep_objective"
    state.objective_pool = sorted(pool)
    if state.record_events:
        state.emit("archipelago.event.objectives_dealt")


def dealt(state: ArchState) -> bool:
    """Whether the objective cards are dealt (after turn 0, L152-159)."""
    return any(state.objectives) or any(state.keep_choice)


def keep_choices(state: ArchState, seat: int) -> list[Action]:
    if not keeping(state, seat):
        return []
    return [Pick(str(o)) for o in state.keep_choice[seat] if o not in state.objectives[seat]]


def keep_objective(state: ArchState, seat: int, objective: int) -> bool:
    """Keep one drawn card; once the seat kept its share the others go back to the unused
    cards, face down (L1041 «вторую отправляет в сброс»). True once every seat has kept."""
    mine = state.objectives[seat]
    mine.append(objective)
    mine.sort()
    if not keeping(state, seat):
        state.objective_pool += put_back(state, seat)
        state.objective_pool.sort()
    return not any(keeping(state, s) for s in range(state.players))


def start_legal(state: ArchState, seat: int) -> list[Action]:
    """L121-123: a region from my hand touching the start hex, matching every side; if none
    fits, the player shows it, discards the three and draws three new (L123), as often as it
    takes — the stack is rebuilt from the discards when empty (L503), so every hex not in
    another player's hand comes round. Only when no hex of that pool fits anywhere would the
    text loop for ever; then (and only then) the side facing the start hex alone must match,
    an engine safeguard documented in the README."""
    out = _start_placements(state, state.hands[seat], relaxed=False)
    if out:
        return out
    pool = sorted({h for h, _side in state.stack} | set(state.hex_discard))
    if _start_placements(state, pool, relaxed=False, first=True):
        return [RedrawHexes()]
    return _start_placements(state, state.hands[seat], relaxed=True) or [RedrawHexes()]


def _place(h: int, side: int, q: int, r: int, rot: int) -> PlaceRegion:
    return start_ring.PLACES[(h, side, q, r, rot, -1)]


def _start_placements(state: ArchState, hexes: list[int], relaxed: bool,
                      first: bool = False) -> list[Action]:
    out: list[Action] = []
    if relaxed:
        for h in hexes:
            for side in (0, 1):
                face = state.content.hexes[h][side]
                for d, (dq, dr) in enumerate(board.DIRS):
                    if (dq, dr) in state.grid:
                        continue
                    for rot in range(6):
                        if board.edge(face, rot, (d + 3) % 6) == board.region_edge(state, 0, d):
                            out.append(_place(h, side, dq, dr, rot))
                            if first:
                                return out
        return out
    # the cells around the start hex that are free and touch a region, with the terrain each
    # touching side shows (board.cell_sides), by their number in the content set's table:
    # which placements of a face fit them is a table lookup
    known = of_board(state)   # the cells depend on the layout alone: kept (memo.py)
    ring: start_ring.Ring | None = known.get("start_ring")
    if ring is None:
        ring = known["start_ring"] = start_ring.ring_of(state, start_ring.fitting_of(state))
    ids = ring.ids
    if not ids:
        return out
    if first:
        fitting = start_ring.fitting_of(state)
        rotations = tables_of(state.content).rotations
        cells = fitting.cells
        for h in hexes:
            for side in (0, 1):
                face = state.content.hexes[h][side]
                for cid in ids:
                    dq, dr, pattern = cells[cid]
                    for rot in rotations(face, pattern):
                        return [start_ring.PLACES[(h, side, dq, dr, rot, -1)]]
        return out
    menus = ring.menus   # (by hex: a slot read per hex in hand)
    for h in hexes:
        got = menus[h]
        if got is None:
            got = start_ring.face_menu(ring.fitting, ring, h)
        out += got
    return out


def redraw(state: ArchState, seat: int) -> None:
    """L117: show that nothing fits, discard the three, draw three new."""
    state.hex_discard += state.hands[seat]
    state.hands[seat] = []
    for _ in range(3):
        exploration.refill_stack(state)
        if state.stack:
            state.hands[seat].append(state.stack.pop()[0])
    state.hands[seat].sort()
    if state.record_events:
        state.emit("archipelago.event.redraw_hexes", seat=seat)


def place_start(state: ArchState, seat: int, action: PlaceRegion) -> None:
    k = exploration.lay(state, seat, action)
    state.hands[seat].remove(action.hex)
    if state.start_face.special == "desert":
        # L1027: one of the two inhabitants walks into the new region
        mine = [i for i, u in enumerate(state.units) if u[U.OWNER] == seat and u[U.REGION] == 0]
        state.units[mine[0]][U.REGION] = k
        landed = mine[:1]
    else:
        # L125-129: the ship sails in; two inhabitants land; population +2
        # its first ship in the start region, and its first inhabitants in the box (in_box), in
        # index order: two short scans that stop once found (issue 19)
        units = state.units
        owner, ship, region, box = U.OWNER, U.SHIP, U.REGION, U.BOX
        seats_units = span(state, seat)
        # (``setup`` lays out each seat's inhabitants before its ships: the scan for the ship
        # starts after the inhabitants)
        inhabitants = state.content.pieces["inhabitants"] * (2 if state.players == 2 else 1)
        for i in range(seats_units.start + inhabitants, seats_units.stop):
            unit = units[i]
            if unit[ship] and unit[region] == 0 and unit[owner] == seat:
                unit[region] = k
                break
        landed = []
        wanted = state.content.start["inhabitants"]
        if wanted > 0:
            for i in seats_units:
                unit = units[i]
                if unit[region] == box and not unit[ship] and unit[owner] == seat:
                    landed.append(i)
                    if len(landed) == wanted:
                        break
        for i in landed:
            units[i][region] = k
            units[i][U.STANDING] = True
            state.population += 1
    exploration.take_token(state, seat)
    face = state.content.hexes[action.hex][action.side]
    move_surplus(state, face.huts)  # L131
    state.step = "choose_cubes"
    state.ctx = {"region": k, "left": 1}
    if face.strait:
        # L725: «При открытии архипелага во время нулевого хода вы можете поместить своих
        # жителей на любой из берегов или на оба берега» — with the desert start too, whose
        # turn 0 is played «так же, как и в игре с началом в открытом море» (L1027): the
        # inhabitant who walks in chooses its shore
        state.step = "choose_shores"
        state.ctx["landed"] = landed


def shore_choices(state: ArchState) -> list[Action]:
    """The shores of the landed inhabitants (they are alike, so the tuple is sorted)."""
    n = len(state.ctx["landed"])
    return [ChooseShores(tuple([0] * (n - ones) + [1] * ones)) for ones in range(n + 1)]


def choose_shores(state: ArchState, seat: int, action: ChooseShores) -> None:
    landed = state.ctx.pop("landed")
    region = state.ctx.pop("lay", -1)
    if region >= 0:   # a port built by a ship on a strait: its shore (building.build, L621)
        state.regions[region]["buildings"]["port"] = action.shores[0]
        if state.record_events:
            state.emit("archipelago.event.port_shore", seat=seat, region=region,
                       shore=action.shores[0] + 1)
    else:
        for unit, shore in zip(landed, action.shores, strict=True):
            state.units[unit][U.SHORE] = shore
        if state.record_events:
            state.emit("archipelago.event.shores", seat=seat,
                       shores=", ".join(str(s + 1) for s in action.shores))
    # a discovery goes on to its cubes; a migration's inhabitant (migration.move) back to it
    state.step = state.ctx.pop("then", "choose_cubes")


def finish_turn_zero(state: ArchState) -> None:
    """L143-159: unused hexes go back and the stack is shuffled; five cards on the track; the
    trend card(s) and the objective cards are dealt."""
    for hand in state.hands:
        state.hex_discard += hand
    state.hands = [[] for _ in range(state.players)]
    pile = sorted([h for h, _side in state.stack] + state.hex_discard)
    # rng.shuffle, then rng.randrange(2) per hex: the same draws, faster
    state.stack = shuffled_stack(state.rng, pile)
    state.hex_discard = []
    evolution.refill(state, reds=False)
    state.ctx = {}
    deal_trends_and_objectives(state)
