"""«Исследование» (archipelago.ru.txt L495-537) and the discovery of turn 0 (L117-145): draw
or skip the open hex, lay a region that touches two regions and matches every shore, move one
unit in, take an explorer token, put a resource on the domestic market and keep another, and
add the huts to the surplus labour."""

from __future__ import annotations

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import board, economy
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import (
    ChooseCubes,
    Done,
    FailExplore,
    Pick,
    PlaceRegion,
    SkipHex,
    TakeHex,
)
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.hidden import shuffled_stack
from settlers.games.archipelago.markers import move_surplus
from settlers.games.archipelago.pieces import has_in_box, in_box, span
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import ROTATIONS_OF, tables_of

# one instance per action value (issue 19)
#: a placement's values are many (hex, side, cell, rotation, unit): kept for the process up to
#: a bound (≈ 35,000 were met in 20,000 random games)
_PLACE: Pool[PlaceRegion] = Pool(PlaceRegion, limit=32_768)
_TAKE, _SKIP, _FAIL, _DONE = TakeHex(), SkipHex(), FailExplore(), Done()


def refill_stack(state: ArchState) -> None:
    """L505: an empty stack is rebuilt from the shuffled discards."""
    if not state.stack and state.hex_discard:
        pile = sorted(state.hex_discard)
        # rng.shuffle, then rng.randrange(2) per hex: the same draws, faster
        state.stack = shuffled_stack(state.rng, pile)
        state.hex_discard = []


def start(state: ArchState, count: int, three: bool, missionary: bool) -> None:
    state.step = "explore_draw"
    state.ctx = {"skips": 0, "left": count, "three": three, "missionary": missionary,
                 "drawn": []}
    refill_stack(state)
    if three:
        draw_three(state)


def draw_three(state: ArchState) -> None:
    """Pioneer: the three top hexes, choose one, the rest are discarded (L1390). The first is
    the open hex everybody saw on the stack (``open``); the two below it lay face down (L501
    «не зная заранее, что на следующем гексе»): only the player who drew them looks at them
    (``hidden.unseen_draws``)."""
    drawn = []
    for _ in range(3):
        refill_stack(state)
        if state.stack:
            drawn.append(state.stack.pop()[0])
    state.ctx["drawn"] = drawn
    state.ctx["open"] = drawn[0] if drawn else -1
    state.step = "explore_pick"


def draw_legal(state: ArchState) -> list[Action]:
    if state.step == "explore_pick":
        return [Pick(str(h)) for h in state.ctx["drawn"]] or [FailExplore()]
    ctx = state.ctx
    if ctx.get("may_stop"):
        # L1430 (Scout) «вы можете произвести два исследования»: the second is optional; with
        # the Pioneer too, ``take`` then draws its three hexes (L1390)
        if ctx.get("three"):
            return [_TAKE, _DONE] if state.stack else [_DONE]
        return [_TAKE, *_skip(state), _DONE] if state.stack else [_DONE]
    if not state.stack:
        return [_FAIL]
    return [_TAKE, *_skip(state)]


def _skip(state: ArchState) -> list[Action]:
    """[``SkipHex``] if the open hex may be sent to the discard now, else []."""
    out: list[Action] = []
    # L501: the text bounds neither the skips nor the reshuffles of L503; the option
    # ``explore_skips`` (0 = unlimited, the rulebook) is a bound for bot tables only.
    limit = state.options.get("explore_skips", 0)
    if (not limit or state.ctx["skips"] < limit) and (len(state.stack) > 1 or state.hex_discard):
        out.append(_SKIP)
    return out


def skip(state: ArchState) -> None:
    state.hex_discard.append(state.stack.pop()[0])
    state.ctx.pop("may_stop", None)   # the second exploration (Scout) is under way
    state.ctx["skips"] += 1
    refill_stack(state)


def take(state: ArchState) -> None:
    ctx = state.ctx
    if ctx.pop("may_stop", False) and ctx.get("three"):
        draw_three(state)   # the second exploration of a Scout with the Pioneer (L1390)
        return
    ctx["hex"] = state.stack.pop()[0]
    state.step = "explore_place"


def stop(state: ArchState) -> None:
    """L1430: the Scout's second exploration is not made; the action ends."""
    state.step, state.ctx = "", {}


def pick(state: ArchState, hex_id: int) -> None:
    for h in state.ctx["drawn"]:
        if h != hex_id:
            state.hex_discard.append(h)
    state.ctx["drawn"] = []
    state.ctx["hex"] = hex_id
    state.step = "explore_place"


def mover_choices(state: ArchState, seat: int, region: int, ship: bool,
                  shore: int = -1) -> list[int]:
    """L511-515: the free active units of the seat in ``region`` that may move into a new
    region (an inhabitant of a strait region must stand on ``shore``, the shore of the side it
    leaves by, L729), one per distinct choice, in index order: units outside any building are
    interchangeable (the first stands for them all); a unit in a building is a choice of its
    own, as the building is left empty when it goes."""
    units = state.units
    out: list[int] = []
    seen: set[str] = set()
    for i in span(state, seat):
        u = units[i]
        if (u[U.OWNER] == seat and u[U.REGION] == region and u[U.SHIP] == ship and u[U.STANDING]
                and not u[U.ENGAGED] and (ship or shore < 0 or u[U.SHORE] == shore)
                and u[U.BUILDING] not in seen):
            seen.add(u[U.BUILDING])
            out.append(i)
    return out


def movers(state: ArchState, seat: int) -> dict[tuple[int, bool, int], list[int]]:
    """``mover_choices`` for every place at once, from one pass over the seat's units:
    (region, True, -1) -> its free active ships there, (region, False, shore) -> its free
    active inhabitants standing on that shore, one per distinct choice (index order)."""
    units = state.units
    first: dict[tuple[int, bool, int], list[int]] = {}
    seen: set[tuple[tuple[int, bool, int], str]] = set()
    for i in span(state, seat):
        u = units[i]
        if u[U.OWNER] == seat and u[U.REGION] >= 0 and u[U.STANDING] and not u[U.ENGAGED]:
            key = (u[U.REGION], True, -1) if u[U.SHIP] else (u[U.REGION], False, u[U.SHORE])
            tag = (key, u[U.BUILDING])
            if tag in seen:
                continue
            seen.add(tag)
            got = first.get(key)
            if got is None:
                first[key] = [i]
            else:
                got.append(i)
    return first


def placements(state: ArchState, seat: int, hex_id: int) -> list[Action]:
    """L509-517: touches two regions, matches every side, a free active unit of mine in a
    touching region can get there (a ship by sea, an inhabitant by land)."""
    out: list[Action] = []
    faces = state.content.hexes[hex_id]
    first = movers(state, seat)
    masks_of = tables_of(state.content).masks_of
    masks = (masks_of(faces[0]), masks_of(faces[1]))
    pool = _PLACE
    # frontier cells (empty), the sides around them, the shore of each touching region's side
    for q, r, sides, pattern, shores in board.frontier_cells(state):
        if len(sides) < 2:
            continue
        # mover_choices(state, seat, other, sea, shore) of each touching region: by sea (its
        # ships) where the side is sea, by land (its inhabitants on the side's shore) where it
        # is land. A fitting turn shows each side's terrain on the face's side facing it
        # (``rotations``), so the movers are those of the cell, whatever the face and its turn;
        # a cell none of them reaches has no placement (issue 19)
        units: set[int] = set()
        for (_d, other, terrain), shore in zip(sides, shores, strict=True):
            got = first.get((other, True, -1) if terrain == "s" else (other, False, shore))
            if got is not None:
                units.update(got)
        if not units:
            continue
        movers_in_order = sorted(units)
        for side in (0, 1):
            fit = 63   # the fitting turns (board.fits_sides: Tables.rotations without the call)
            for d, terrain in pattern:
                fit &= masks[side][d].get(terrain, 0)
            for rot in ROTATIONS_OF[fit]:
                out += [pool[(hex_id, side, q, r, rot, u)] for u in movers_in_order]
    return out


def place_legal(state: ArchState, seat: int) -> list[Action]:
    return placements(state, seat, state.ctx["hex"]) or [_FAIL]


def fail(state: ArchState, seat: int) -> None:
    if "hex" in state.ctx:
        state.hex_discard.append(state.ctx.pop("hex"))
    if state.record_events:
        state.emit("archipelago.event.explore_failed", seat=seat)
    after_one(state)


def lay(state: ArchState, seat: int, action: PlaceRegion) -> int:
    """Put the region on the table; returns its index."""
    k = len(state.regions)
    state.regions.append({"hex": action.hex, "side": action.side, "q": action.q,
                          "r": action.r, "rot": action.rot, "buildings": {},
                          "plundered": []})
    state.grid[(action.q, action.r)] = k
    face = state.content.hexes[action.hex][action.side]
    if state.record_events:
        state.emit("archipelago.event.region", seat=seat, region=k, name=face.name)
    return k


def take_token(state: ArchState, seat: int) -> None:
    """L521-525: a token from the first pile left; an emptied pile gives everyone a disc."""
    for i, n in enumerate(state.piles):
        if n > 0:
            state.piles[i] -= 1
            state.tokens[seat] += 1
            if state.piles[i] == 0:
                most = state.content.pieces["discs"]
                discs, used, passed = state.discs, state.discs_used, state.passed
                for s in range(state.players):
                    if discs[s] < most:
                        # L441: rounds go on «пока все участники не используют свои диски»: a
                        # player who passed because every disc was used (wheel.end_round) plays
                        # rounds again with the disc it now holds (L447, L525 «немедленно
                        # получает»); one who passed with a disc left stays out. A seat comes
                        # back at most once per pile emptied: phase 5 still ends.
                        if passed[s] and used[s] >= discs[s] and state.phase == "actions":
                            passed[s] = False
                        discs[s] += 1
                if state.record_events:
                    state.emit("archipelago.event.pile_empty", pile=i + 1)
            return


def place(state: ArchState, seat: int, action: PlaceRegion) -> None:
    came_from = state.units[action.unit][U.REGION]
    k = lay(state, seat, action)
    u = state.units[action.unit]
    u[U.REGION], u[U.BUILDING], u[U.ICON] = k, "", -1
    u[U.SHORE] = 0 if u[U.SHIP] else board.shore_towards(state, k, came_from)
    take_token(state, seat)
    face = state.content.hexes[action.hex][action.side]
    huts = face.huts
    state.ctx.pop("hex", None)
    state.ctx["region"] = k
    if state.ctx.get("missionary") and huts > 0 and has_in_box(state, seat, False):
        # L1448: «одна из хижин в регионе может предоставить активного жителя вместо излишков
        # рабочей силы» — may: the player chooses (``missionary_legal``)
        state.step = "missionary"
        return
    move_surplus(state, huts)  # L531
    state.step = "choose_cubes"


_MISSIONARY = (Pick("inhabitant"), Pick("surplus"))


def missionary_legal(state: ArchState, seat: int) -> list[Action]:
    """L1448 (Missionary): one hut of the region just laid gives an active inhabitant, or
    every hut moves the surplus labour (L531)."""
    return list(_MISSIONARY)


def missionary(state: ArchState, seat: int, take: bool) -> None:
    """L1448: ``take``: an inhabitant from the box stands in the new region instead of one
    hut's surplus labour; the other huts (all of them if not ``take``) move the surplus. On a
    strait the player then chooses the inhabitant's shore."""
    k = state.ctx["region"]
    huts = board.region_face(state, k).huts
    unit = -1
    if take:
        unit = in_box(state, seat, False)[0]
        u = state.units[unit]
        u[U.REGION], u[U.STANDING], u[U.SHORE] = k, True, 0
        state.population += 1
        huts -= 1
    move_surplus(state, huts)  # L531
    state.step = "choose_cubes"
    if unit >= 0 and board.region_face(state, k).strait:
        # L721-725: a strait region has two shores, and «одна из хижин» is the player's to
        # choose; which shore a printed hut lies on is not in the data, so the player chooses
        # the shore its inhabitant stands on (``setup.choose_shores``, as in turn 0)
        state.step = "choose_shores"
        state.ctx["landed"] = [unit]


_CUBE_CHOICES: dict[tuple[int, ...], tuple[ChooseCubes, ...]] = {}   # by the face's icons


def cube_choices(state: ArchState, region: int) -> list[Action]:
    icons_of = board.region_face(state, region).icons
    made = _CUBE_CHOICES.get(icons_of)
    if made is None:
        made = _CUBE_CHOICES[icons_of] = tuple(_cube_choices(icons_of))
    return list(made)


def _cube_choices(icon_ids: tuple[int, ...]) -> list[ChooseCubes]:
    icons = [RESOURCES[i] for i in icon_ids]
    if not icons:
        return [ChooseCubes("", "")]
    out: list[ChooseCubes] = []
    for m in sorted(set(icons)):
        rest = list(icons)
        rest.remove(m)
        keeps = sorted(set(rest)) or [""]
        out += [ChooseCubes(m, k) for k in keeps]
    return out


def choose_cubes(state: ArchState, seat: int, action: ChooseCubes) -> None:
    """L137-141, L527-533."""
    if action.market:
        economy.bank_to_market(state, 0, RESOURCES.index(action.market))
    if action.keep:
        economy.gain_cubes(state, seat, RESOURCES.index(action.keep), 1)
    after_one(state)


def after_one(state: ArchState) -> None:
    ctx = state.ctx
    ctx["left"] = ctx.get("left", 1) - 1
    if ctx["left"] > 0:
        # L1430 «вы можете произвести два исследования» (Scout): the player may stop here
        # (``Done`` in ``draw_legal``), before anything of the next one is drawn
        ctx["skips"] = 0
        ctx["may_stop"] = True
        refill_stack(state)
        state.step = "explore_draw"
    else:
        state.step = ""
