"""What a seat may see (docs/protocol.md): the archipelago, the boards, the markets, the
track, the cards in front of the players and the wheel are public; money, cubes and the
objective cards are behind each screen; bids stay in the fist until all are in; the thief's
victim alone knows which fist holds what."""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.i18n import lookup
from settlers.games.archipelago import board, pieces, scoring
from settlers.games.archipelago.content import RESOURCES, Card, Face
from settlers.games.archipelago.evolution import min_price, price
from settlers.games.archipelago.hidden import keeping, put_back, unseen_draws
from settlers.games.archipelago.markers import recruit_price
from settlers.games.archipelago.objectives import end_of, measure
from settlers.games.archipelago.state import ArchState


def objective_json(state: ArchState, o: int) -> dict[str, Any]:
    card = state.content.objectives[o]
    # ``need``: the number the end condition asks with these players (L175: the player keeps
    # it in mind; «5 городов, если играют двое, 6 — если трое, и т.д.»), -1 when it does not
    # play (a population end with two, L1282)
    return {"id": card["id"], "deck": card["deck"], "end": card["end"], "need": end_of(state, o)[1],
            "criterion": card["criterion"], **({"margin": card["margin"]}
                                               if "margin" in card else {})}


def visible_objectives(state: ArchState, viewer: int | None, seat: int) -> list[Any] | None:
    """The seat's objective cards the viewer may see: all of them when they are its own, open
    (L1033) or revealed at the end; else those the viewer's Spy showed it (``state.seen``
    holds cards: with 2 players one use shows one of the two, L1454), or None. An empty list
    before the cards are dealt (turn 0, L143-159)."""
    if state.no_secrets or state.phase == "over" or viewer == seat:
        return [objective_json(state, o) for o in state.objectives[seat]]
    if viewer is not None and state.seen[viewer]:
        seen = state.seen[viewer]
        shown = [objective_json(state, o) for o in state.objectives[seat] if o in seen]
        if shown:
            return shown
    return None


def tables(state: ArchState) -> dict[str, Any]:
    """The printed tables of boards I-IV and the wheel's limits (content data, the same for
    every seat), so that a board can draw the tracks with their rows."""
    c = state.content

    def rows(zones: Any) -> dict[str, Any]:
        return {RESOURCES[r]: [{"first": x.first, "slots": x.slots, "price": x.price,
                                "surplus": x.surplus, "rebellion": x.rebellion} for x in zone]
                for r, zone in enumerate(zones)}

    unknown = {x.id: dict(x.name) for x in c.cards if lookup(f"archipelago.card.{x.id}", "en") is None}
    return {"domestic": rows(c.domestic), "export": rows(c.export),
            "stability": [dict(x) for x in c.stability], "labour": [dict(x) for x in c.labour],
            "rebellion_max": c.rebellion_max, "taxes": list(c.taxes),
            "wheel": dict(c.wheel["5" if state.players == 5 else "2-4"]),
            "objective_points": list(c.objective_points),
            "trends": {c.trends[t]["id"]: {"name": c.trends[t]["name"],
                                           "criterion": c.trends[t]["criterion"]}
                       for t in state.trends},
            # the names of a user's cards the catalogs do not know, from its content file
            **({"card_names": unknown} if unknown else {})}


def ranking(state: ArchState) -> list[dict[str, Any]]:
    """The score table of the rulebook's example (L982-1002), card by card: each objective
    card and the trend card with every player's count by its criterion, the rank (0: nothing
    to count, not ranked — L934) and the points (``scoring.breakdown``); the Separatist and
    the Pacifist apart (L922, L948). Public once the game is over: the screens are lifted."""
    c = state.content
    n = state.players
    points = scoring.breakdown(state)
    rows: list[dict[str, Any]] = []

    def row(kind: str, card_id: str, crit: str, owner: int) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": kind, "id": card_id, "criterion": crit, "owner": owner,
                               "points": [points[s].get(f"{kind}:{card_id}", 0)
                                          for s in range(n)]}
        if crit not in ("separatist", "pacifist"):
            values = [measure(state, s, crit) for s in range(n)]
            out.update(values=values, ranks=scoring.dense_ranks(values))
        return out

    for seat in range(n):
        for o in state.objectives[seat]:
            card = c.objectives[o]
            out = row("objective", card["id"], card["criterion"], seat)
            if card["criterion"] == "pacifist":
                out.update(margin=state.population - state.rebellion,
                           needed=card.get("margin", 10))
            rows.append(out)
    for t in state.trends:
        trend = c.trends[t]
        rows.append(row("trend", trend["id"], trend["criterion"], -1))
    return rows


def card_terms(card: Card) -> dict[str, Any]:
    """How a card is used, as printed on it (L800-864): who may activate it — its owner alone,
    or anyone paying the owner 1f over the price (L822) — or whether it acts without activation
    (the King, the Queen) or is built (a wonder, L866); and its activation price in florins,
    cubes and action discs (a wonder's building cost)."""
    return {"use": card.use, "cost": {"f": card.cost_f, "discs": card.discs,
                                      **{RESOURCES[r]: n for r, n in enumerate(card.cost_cubes)
                                         if n}}}


def revealed_cards(state: ArchState) -> dict[str, Any] | None:
    """The five cards the Detective / Explorer turned face up (L1105, L1376): on the table while
    the purchase is due (step ``reveal``) and while the 6th card's red zone is resolved first
    (the purchase waits in the flow's queue, ``cards.reveal``) — face up, so seen by all."""
    part: dict[str, Any] | None = None
    if state.step == "reveal":
        part = {**state.ctx, "actor": state.actor}
    else:
        part = next((q for q in state.queue if q.get("kind") == "reveal"), None)
    if part is None:
        return None
    cards = state.content.cards
    # each card's kind (only the kind of the user's card may be bought, L1105, L1376), its
    # minimum price (what it is bought for) and how it is used, to decide with
    return {"cards": [cards[x].id for x in part["cards"]], "type": part["type"],
            "seat": part["actor"],
            "about": [{"type": cards[x].type, "price": min_price(state, x),
                       **card_terms(cards[x])} for x in part["cards"]]}


def offer_json(state: ArchState) -> dict[str, Any] | None:
    """The offer on the table (L229), without the step it interrupts; an offer made in a crisis
    (L364-385) carries what the crisis asks (public, as the crisis card is) — the resource, how
    many inhabitants a cube raises or how much export is missing — for its proposer composing
    it and its addressee answering it."""
    if not state.offer:
        return None
    out = {k: v for k, v in state.offer.items() if k != "back"}
    back = state.offer.get("back") or {}
    if back.get("step") in ("domestic", "export"):
        ctx = back.get("ctx") or {}
        out["crisis"] = {"step": back["step"], "res": ctx.get("res"), "ratio": ctx.get("ratio"),
                         "left": ctx.get("left")}
    return out


def face_drawing(face: Face, rot: int = 0) -> dict[str, Any]:
    """What the table draws of a region's face turned ``rot`` sixths clockwise: the terrain of
    each world side (clockwise from east), its resource icons, huts and strait — the same for a
    region on the table and a hex in a hand or on the stack."""
    return {"face": face.id, "name": face.name, "rot": rot,
            "edges": [board.edge(face, rot, d) for d in range(6)],
            "icons": [RESOURCES[i] for i in face.icons], "huts": face.huts,
            # a strait's shore of each icon (L721-725), for the board to draw it on its side
            "strait": face.strait, "icon_shores": list(face.icon_shores)}


def hexes_in_hand(state: ArchState, seat: int | None) -> list[int]:
    """The hexes whose both sides ``seat`` may look at now: the three in its hand in turn 0
    (L117-123), and in its exploration the hex it took (L501 «Как только игрок выбрал гекс,
    он может посмотреть на обе его стороны») or the three the Pioneer drew to choose from
    (L1390). Never another player's hand, nor a hex face down in the stack."""
    if seat is None:
        return []
    if state.hands[seat]:
        return list(state.hands[seat])
    if state.actor == seat and state.step == "explore_place" and "hex" in state.ctx:
        return [state.ctx["hex"]]
    if state.actor == seat and state.step == "explore_pick":
        return list(state.ctx.get("drawn", []))
    return []


def build_view(state: ArchState, seat: int | None) -> dict[str, Any]:
    c = state.content
    regions = []
    for k, reg in enumerate(state.regions):
        face = board.region_face(state, k)
        regions.append({
            "index": k, "q": reg["q"], "r": reg["r"], **face_drawing(face, reg["rot"]),
            "buildings": {kind: pieces.controller(state, k, kind)
                          for kind in sorted(reg["buildings"])},
            # on a strait, the shore each building lies on (L621, L723; rules .6)
            "building_shores": ({kind: pieces.building_shore(state, k, kind)
                                 for kind in sorted(reg["buildings"])} if face.strait else {}),
            "plundered": sorted(reg["plundered"]),
        })
    units = [{"id": i, "owner": u[0], "ship": u[1], "region": u[2], "standing": u[3],
              "engaged": u[4], "building": u[5], "icon": u[6], "shore": u[7]}
             for i, u in enumerate(state.units) if u[2] != -1]
    players = []
    for s in range(state.players):
        p: dict[str, Any] = {
            "seat": s, "discs": state.discs[s], "discs_used": state.discs_used[s],
            "cards": [{"card": c.cards[r[0]].id, "turned": bool(r[1]), "built": bool(r[2]),
                       **card_terms(c.cards[r[0]])} for r in state.owned[s]],
            "philanthropist": state.phil[s],
            "token_cubes": dict(zip(RESOURCES, state.token_cubes[s], strict=True)),
            "passed": state.passed[s], "has_bid": state.bids[s] >= 0,
            "objectives": visible_objectives(state, seat, s),
            # the cards in hand: those drawn while the seat chooses (L1041), else those kept
            "objective_count": (len(state.keep_choice[s]) if keeping(state, s)
                                else len(state.objectives[s])),
        }
        if seat == s or state.phase == "over":
            p["money"] = state.money[s]
            p["tokens"] = state.tokens[s]   # explorer tokens lie behind the screen (L129, L521)
            p["cubes"] = dict(zip(RESOURCES, state.cubes[s], strict=True))
            if state.bids[s] >= 0:
                p["bid"] = state.bids[s]
            if keeping(state, s):
                p["choose_objective"] = [objective_json(state, o) for o in state.keep_choice[s]
                                         if o not in state.objectives[s]]
            elif state.keep_choice[s]:
                # «Больше остроты» (L1041): the cards it put back, face down — seen by it alone
                p["put_back"] = [objective_json(state, o) for o in put_back(state, s)]
        players.append(p)
    top_back = c.cards[state.deck[-1]] if state.deck else None
    ctx = {k: v for k, v in state.ctx.items() if k not in ("hands",)}
    if state.step == "thief_pick" and seat == state.ctx.get("victim"):
        ctx["hands"] = state.ctx["hands"]
    if seat != state.actor:
        # L1390, L501: the Pioneer's hexes drawn from under the open one are seen by the
        # exploring player alone, until laid or discarded (hidden.unseen_draws)
        unseen = unseen_draws(state)
        if unseen:
            if state.step == "explore_pick":
                ctx["drawn"] = [h for h in ctx["drawn"] if h not in unseen]
            else:
                del ctx["hex"]
    revealed = revealed_cards(state)
    return {
        "turn": state.turn, "phase": state.phase, "step": state.step, "actor": state.actor,
        "order": list(state.order), "ctx": ctx,
        "start": state.start_face.id, "regions": regions, "units": units,
        "frontier": [list(x) for x in board.frontier(state)],
        # L499-501: the top hex lies face up, its other side unseen until it is taken
        "stack_top": ({"hex": state.stack[-1][0], **face_drawing(c.hexes[state.stack[-1][0]][
            state.stack[-1][1]])} if state.stack else None),
        "stack_size": len(state.stack), "hex_discard": sorted(state.hex_discard),
        # L119-123: the three hexes are in the player's hand; others see how many (face down)
        "hands": [list(h) if seat == s or state.phase == "over" else None
                  for s, h in enumerate(state.hands)],
        "hand_sizes": [len(h) for h in state.hands],
        # both sides of each hex the seat holds or has taken, to be drawn before it chooses
        "hand_hexes": [{"hex": h, "sides": [face_drawing(f) for f in c.hexes[h]]}
                       for h in hexes_in_hand(state, seat)],
        "markers": {"population": state.population, "rebellion": state.rebellion,
                    "surplus": state.surplus, "recruit_price": recruit_price(state)},
        "markets": {"domestic": dict(zip(RESOURCES, state.market[0], strict=True)),
                    "export": dict(zip(RESOURCES, state.market[1], strict=True))},
        "bank": {"money": state.bank_money, "cubes": dict(zip(RESOURCES, state.bank_cubes,
                                                            strict=True))},
        "wheel": dict(state.wheel), "wheel_coins": state.wheel_coins,
        "wheel_discs": [list(d) for d in state.wheel_discs],
        "piles": list(state.piles),
        "track": [{"card": c.cards[card].id, "rotation": rot, "price": price(state, i),
                   **card_terms(c.cards[card])}
                  if card >= 0 else None for i, (card, rot) in enumerate(state.track)],
        "deck_size": len(state.deck),
        "deck_top_back": ({"normal": top_back.normal, "red": top_back.red}
                          if top_back else None),
        "card_discard": [c.cards[x].id for x in state.card_discard],
        "revealed_cards": revealed,
        "trends": [c.trends[t]["id"] for t in state.trends],
        "players": players, "last_bids": list(state.last_bids),
        "offer": offer_json(state),
        "ended_by": state.ended_by, "ender": state.ender,
        "tables": tables(state),
        "points": scoring.breakdown(state) if state.phase == "over" else None,
        "ranking": ranking(state) if state.phase == "over" else None,
        "winners": scoring.winners(state) if state.phase == "over" else None,
    }


def redact_action(state: ArchState, actor: int, action: Action,
                  viewer: int | None) -> dict[str, Any]:
    """Bids and the thief's fists are secret; so is a pick of a number: the objective kept in
    «Больше остроты» (one of the actor's drawn objective cards) and the hex the Pioneer's user
    chose among its three (L1390: two of them were drawn face down; it is public once laid, by
    ``place_region``, or discarded), whenever the log is read.
    The cube the Pirate's victim hands over from behind its screen (L1384), or its having none
    (the screen lifted for the pirate alone), is as secret as the screen: a pick of a resource
    or of nothing is hidden from all but the victim (the pirate sees its own screen grow)."""
    state.check_redacted(actor, action, viewer)
    data = action.to_json()
    if viewer != actor and action.kind in ("bid", "thief_hands"):
        return {"type": action.kind}
    if (viewer != actor and action.kind == "pick"
            and (action.value in RESOURCES or action.value == "")):   # type: ignore[attr-defined]
        return {"type": action.kind}
    if viewer != actor and action.kind == "pick" and action.value.isdigit():  # type: ignore[attr-defined]
        return {"type": action.kind}
    return data
