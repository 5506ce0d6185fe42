"""What must hold in every state of a game of Archipelago (settlers.core.invariants: the
shared conformance suite, the random-playout tests and the benchmark check it): cubes, florins, pieces and explorer tokens conserved; markers within their boards;
the population marker equal to the inhabitants on the archipelago; no inhabitant in the open
sea; at most 3 inhabitants of a player in a region; one building of each kind per region;
every evolution and objective card in one place. ``recomputed_scores``: the final points counted
again from the cards held and the criteria measured (L878-1002), apart from scoring.py."""

from __future__ import annotations

from settlers.games.archipelago import board, negotiation, pieces, setup
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.objectives import measure
from settlers.games.archipelago.state import ArchState


def problems(state: ArchState) -> list[str]:
    c = state.content
    out: list[str] = []
    n = state.players
    f_esc, cube_esc, tok_esc = negotiation.escrow(state.offer)
    hands = [0] * 6
    if state.step == "thief_pick":
        for res in state.ctx.get("hands", []):
            if res:
                hands[RESOURCES.index(res)] += 1
    for r in range(6):
        total = (state.bank_cubes[r] + state.market[0][r] + state.market[1][r]
                 + sum(state.cubes[s][r] for s in range(n)) + cube_esc[r] + hands[r])
        if total != c.cubes[r]:
            out.append(f"{RESOURCES[r]} cubes: {total} != {c.cubes[r]}")
        if min(state.cubes[s][r] for s in range(n)) < 0 or state.bank_cubes[r] < 0:
            out.append(f"negative {RESOURCES[r]} cubes")
        for m in (0, 1):
            if not 0 <= state.market[m][r] <= c.capacity(m, r):
                out.append(f"market {m} zone {RESOURCES[r]} out of range")
    escrow_bids = sum(b for b in state.bids if b > 0) if state.step == "bid" else 0
    money = (state.bank_money + sum(state.money) + state.wheel_coins + state.plunder_coins
             + sum(state.phil) + f_esc + escrow_bids)
    if money != c.florins:
        out.append(f"florins: {money} != {c.florins}")
    if min(state.money) < 0 or state.bank_money < 0:
        out.append("negative money")
    tokens = sum(state.piles) + sum(state.tokens) + state.tokens_used + tok_esc
    if tokens != sum(c.piles):
        out.append(f"explorer tokens: {tokens} != {sum(c.piles)}")
    mult = 2 if n == 2 else 1
    for s in range(n):
        mine = [u for u in state.units if u[U.OWNER] == s]
        if sum(1 for u in mine if not u[U.SHIP]) != c.pieces["inhabitants"] * mult:
            out.append(f"seat {s} inhabitants not conserved")
        if sum(1 for u in mine if u[U.SHIP]) != c.pieces["ships"] * mult:
            out.append(f"seat {s} ships not conserved")
        if not 0 <= state.discs_used[s] <= state.discs[s] <= c.pieces["discs"]:
            out.append(f"seat {s} discs out of range")
        if sum(1 for d in state.wheel_discs if d[0] == s) > state.discs_used[s]:
            out.append(f"seat {s} has more discs on the wheel than it used")
        if not all(0 <= b <= have for b, have in zip(state.token_cubes[s], state.cubes[s],
                                                     strict=True)):
            out.append(f"seat {s} has token cubes it does not hold")
        migrating = (state.actor == s   # L583: checked at its end (a shore chosen inside it)
                     and (state.step == "migrate" or state.ctx.get("then") == "migrate"))
        for k in range(len(state.regions)):
            if not migrating and len(pieces.inhabitants_in(state, k, s)) > 3:
                out.append(f"seat {s} has more than 3 inhabitants in region {k}")
    for i, u in enumerate(state.units):   # L571, L583: inhabitants stand on land
        if not u[U.SHIP] and u[U.REGION] >= 0 and not board.has_land(state, u[U.REGION]):
            out.append(f"inhabitant {i} in region {u[U.REGION]}, which has no land")
    if state.population != pieces.count_population(state):
        out.append(f"population marker {state.population} != {pieces.count_population(state)}")
    if not 0 <= state.rebellion <= c.rebellion_max:
        out.append("rebellion marker off the board")
    if not 0 <= state.surplus <= c.labour[-1]["to"]:
        out.append("surplus marker off the board")
    for k, reg in enumerate(state.regions):
        for kind in reg["buildings"]:
            if sum(1 for u in state.units if u[U.REGION] == k and u[5] == kind) > 1:
                out.append(f"two units in the {kind} of region {k}")
            # L621, L723: a building of a strait region lies on one shore, and an inhabitant
            # in it stands there
            if reg["buildings"][kind] is not True and not board.region_face(state, k).strait:
                out.append(f"the {kind} of region {k} has a shore, and no strait")
            shore = pieces.building_shore(state, k, kind)
            if any(u[U.REGION] == k and u[5] == kind and not u[U.SHIP] and u[U.SHORE] != shore
                   for u in state.units):
                out.append(f"an inhabitant in the {kind} of region {k} off its shore")
    if pieces.tokens_left(state, "market") < 0 or pieces.tokens_left(state, "town") < 0:
        out.append("more buildings than tokens")
    cards = sorted([r[0] for s in state.owned for r in s] + state.deck + state.card_discard
                   + [card for card, _rot in state.track if card >= 0]
                   + (list(state.ctx.get("cards", [])) if state.step == "reveal" else [])
                   # the five Detective / Explorer cards while the 6th's red zone is resolved
                   + [x for part in state.queue if part["kind"] == "reveal"
                      for x in part["cards"]])
    if cards != list(range(len(c.cards))):
        out.append("evolution cards not conserved")
    # objective cards: each of the game's deck in one place (a hand, the cards still to choose
    # from, the unused ones); a card a Spy showed is another seat's (L1454)
    choosing = [o for s in range(n) if 2 * len(state.objectives[s]) < len(state.keep_choice[s])
                for o in state.keep_choice[s] if o not in state.objectives[s]]
    held = [o for s in range(n) for o in state.objectives[s]]
    if sorted(held + choosing + state.objective_pool) != sorted(setup.objective_deck(state)):
        out.append("objective cards not conserved")
    for s in range(n):
        others = {o for t in range(n) if t != s for o in state.objectives[t]}
        if not set(state.seen[s]) <= others:
            out.append(f"seat {s} has seen a card no other seat holds")
    return out


def recomputed_scores(state: ArchState) -> list[float]:
    """«Конец игры» counted again: on independence 1 for the Separatist's holder, 0 for the
    others (L906-908); else each objective card held ranks every seat by its criterion
    (the Pacifist gives its holder 3 if the population beats the rebellion by its margin, the
    Separatist nothing), each trend card ranks them too, and the evolution cards held give their
    medals (a wonder only once built); ties share a rank and the next rank follows (L934)."""
    c = state.content
    n = state.players
    held = [(seat, c.objectives[o]) for seat in range(n) for o in state.objectives[seat]]
    if state.ended_by == "independence":
        return [1.0 if any(seat == s and card["criterion"] == "separatist"
                           for s, card in held) else 0.0 for seat in range(n)]
    points = [0] * n
    for holder, card in held:
        if card["criterion"] == "pacifist":
            if state.population - state.rebellion > card.get("margin", 10):
                points[holder] += 3
        elif card["criterion"] != "separatist":
            _add_ranked(points, [measure(state, s, card["criterion"]) for s in range(n)],
                        c.objective_points)
    for trend in state.trends:
        _add_ranked(points, [measure(state, s, c.trends[trend]["criterion"]) for s in range(n)],
                    c.trend_points)
    for seat in range(n):
        for card, _turned, built, *_ in state.owned[seat]:
            evo = c.cards[card]
            if evo.vp and (evo.use != "wonder" or built):
                points[seat] += evo.vp
    return [float(p) for p in points]


def _add_ranked(points: list[int], values: list[int], prizes: tuple[int, ...]) -> None:
    """The first distinct positive value earns ``prizes[0]``, the next ``prizes[1]``, …"""
    ladder = sorted({v for v in values if v > 0}, reverse=True)[:len(prizes)]
    for seat, value in enumerate(values):
        if value in ladder:
            points[seat] += prizes[ladder.index(value)]
