"""The terminal picture of the game and the menu labels of the actions. Every word comes from
the message catalogs."""

from __future__ import annotations

from typing import Any

from settlers.core import Action, translate
from settlers.core.i18n import lookup
from settlers.core.i18n import player_name as core_player_name
from settlers.games.archipelago.content import RESOURCES, Face
from settlers.games.archipelago.objectives import end_of
from settlers.games.archipelago.state import BUILDING, OWNER, REGION, SHIP, ArchState
from settlers.games.archipelago.view import build_view
from settlers.games.archipelago.words import PERMIT, item_keys


def t(key: str, lang: str, **params: object) -> str:
    return translate(f"archipelago.{key}", lang, **params)


def res_name(res: str, lang: str) -> str:
    return t(f"res.{res}", lang) if res else "-"


def card_name(state: ArchState, card: str, lang: str) -> str:
    """An evolution card's name: the catalog's, else (a card of a user's content file the
    catalog does not know) the name its file gives, never a raw key."""
    name = lookup(f"archipelago.card.{card}", lang)
    if name is not None:
        return name
    for c in state.content.cards:
        if c.id == card:
            return c.name.get(lang) or c.name.get("en") or card
    return card


def card_text(card: str, lang: str) -> str:
    """« — what the card does» from the catalog, or nothing for a card of a user's content
    file the catalog does not know (its name is from the file, its text is not)."""
    text = lookup(f"archipelago.card_text.{card}", lang)
    return f" — {text}" if text else ""


def objective_text(state: ArchState, o: dict[str, Any], lang: str) -> str:
    """What an objective card gives (L920, L950, L1204, L1210): its criterion ranked over all
    players, or the Pacifist's / the Separatist's own rule."""
    crit = o["criterion"]
    if crit in ("pacifist", "separatist"):
        return t(f"objective_text.{crit}", lang, margin=o.get("margin", 10))
    return t("objective_text.ranked", lang, points="/".join(map(str, state.content.objective_points)))


def player_name(seat: int, lang: str) -> str:
    """A seat's name: its colour, or the name a table gives it (``using_player_names``)."""
    return core_player_name(seat, lang, "archipelago")


def render(state: ArchState, seat: int | None, lang: str) -> str:
    state.check_viewer(seat)
    v = build_view(state, seat)
    m = v["markers"]
    price = m["recruit_price"]
    lines = [t("render.header", lang, turn=v["turn"], phase=t(f"phase.{v['phase']}", lang),
               population=m["population"], rebellion=m["rebellion"], surplus=m["surplus"],
               # L577: no recruitment while the surplus is nil — no price then, not "-f"
               price=f"{price}f" if price is not None else t("render.no_recruit", lang))]
    lines.append(t("render.order", lang, order=", ".join(player_name(s, lang) for s in v["order"])))
    deciding = deciding_line(state, lang)
    if deciding:
        lines.append(deciding)
    for reg in v["regions"]:
        units = [u for u in v["units"] if u["region"] == reg["index"]]
        people = " ".join(
            ("⛵" if u["ship"] else ("🧍" if u["standing"] else "🛌")) + str(u["owner"] + 1)
            + (f"<{t('building.' + u['building'], lang)}>" if u["building"] else "")
            + ("*" if u["engaged"] else "")
            for u in units)
        shores = reg.get("building_shores") or {}   # a strait's building: its shore (L621)
        blds = ", ".join(f"{t('building.' + k, lang)}({'-' if o < 0 else o + 1}"
                         + (t("render.on_shore", lang, n=shores[k] + 1) if k in shores else "")
                         + ")" for k, o in reg["buildings"].items())
        lines.append(f"  #{reg['index']} {reg['name'][lang if lang in reg['name'] else 'en']}"
                     f" ({reg['q']},{reg['r']}) {edge_letters(reg['edges'], lang)}"
                     f" ({', '.join(res_name(i, lang) for i in reg['icons'])})"
                     f" {t('render.huts', lang, n=reg['huts'])} {blds} {people}")
    # the sides' letters of the lines above, in the reader's words (L123: terrain meets terrain)
    lines.append("  " + t("render.edges_legend", lang))
    lines += hexes_text(state, v, seat, lang)
    for board_name in ("domestic", "export"):
        lines.append(t(f"render.{board_name}", lang) + ": " + ", ".join(
            f"{res_name(r, lang)} {n}" for r, n in v["markets"][board_name].items()))
    lines.append(t("render.bank", lang, money=v["bank"]["money"]) + " " + ", ".join(
        f"{res_name(r, lang)} {n}" for r, n in v["bank"]["cubes"].items()))
    # the track, a card a line with what it does (bought here, L740-762)
    lines.append(t("render.track", lang) + ":")
    lines += [f"  {card_name(state, x['card'], lang)} {x['price']}f"
              + card_text(x["card"], lang) if x else "  —" for x in v["track"]]
    lines.append(t("render.piles", lang, piles=" ".join(map(str, v["piles"])),
                   deck=v["deck_size"]))
    for p in v["players"]:
        cards = ", ".join(card_name(state, c["card"], lang)
                          + ("↻" if c["turned"] else "") for c in p["cards"])
        extra = ""
        if "money" in p:
            cubes = ", ".join(f"{res_name(r, lang)} {n}" for r, n in p["cubes"].items() if n)
            # no cube behind the screen: no «; » left hanging before the cards
            extra = " " + t("render.screen", lang, money=p["money"], tokens=p["tokens"],
                            cubes=f"; {cubes}" if cubes else "")
        lines.append(f"  {player_name(p['seat'], lang)}: "
                     + t("render.player", lang, discs=p["discs"] - p["discs_used"]) + extra + (f" ({cards})" if cards else ""))
        if p["seat"] == seat:   # the reader's own cards, with what each does (used, L800)
            lines += ["    " + card_name(state, c["card"], lang)
                      + ("↻" if c["turned"] else "") + card_text(c["card"], lang) for c in p["cards"]]
        if p["objectives"]:
            for o in p["objectives"]:
                lines.append("    " + t("render.objective", lang,
                                        crit=t("criterion." + o["criterion"], lang),
                                        end=end_text(o["end"]["kind"], o["need"], lang)))
                if v["phase"] != "over":   # at the end the count card by card says it
                    lines.append("      " + objective_text(state, o, lang))
    if v["trends"]:
        lines.append(t("render.trends", lang, trends=", ".join(
            t("criterion." + state.content.trends[x]["criterion"], lang) for x in state.trends)))
    if v["revealed_cards"]:   # L1105, L1376: five cards face up until the purchase
        r = v["revealed_cards"]
        # a card a line, with what it does: which one to buy is the choice (L1376, L1394)
        lines.append(translate("archipelago.board.five_cards", lang, name=player_name(r["seat"], lang),
                               kind=translate(f"archipelago.board.five_{r['type']}", lang))
                     .rstrip())
        lines += ["  " + card_name(state, x, lang) + card_text(x, lang) for x in r["cards"]]
    if v["deck_top_back"]:   # the next crisis, as the card's back shows it (L336-406)
        back = v["deck_top_back"]
        lines.append(t("render.crisis", lang,
                       normal=crisis_text(back["normal"] or {}, lang),
                       red=crisis_text(back["red"], lang) if back["red"] else "—"))
    # the crisis being resolved now and what is still owed — also while its contributor
    # negotiates (L220-234: the offer keeps the crisis's step to come back to)
    step, ctx = v["step"], v["ctx"]
    if state.offer and state.offer.get("back"):
        step, ctx = state.offer["back"]["step"], state.offer["back"]["ctx"]
    if step == "domestic":
        lines.append(translate("archipelago.board.domestic_now", lang,
                               res=res_name(RESOURCES[ctx["res"]], lang), ratio=ctx["ratio"]))
    elif step == "export":
        lines.append(translate("archipelago.board.export_now", lang, goods=res_count(
            RESOURCES[ctx["res"]], ctx["left"], lang, acc=True)))
    if v["step"] == "bribes":   # L260: the floor before the decider orders the turn
        lines.append(translate("archipelago.board.bribes_now", lang,
                               decider=player_name(v["ctx"]["decider"], lang),
                               speaker=player_name(v["actor"], lang)))
    if v["phase"] == "actions":   # the rounds are decided here: whose discs hold which zone
        lines.append(wheel_text(state, v, lang))
    if v["offer"]:
        o = v["offer"]
        lines.append(t("render.offer", lang, seat=o["from"], to=o["to"],
                       give=item_keys(o["give"], state.content.cards),
                       want=item_keys(o["want"], state.content.cards)))
    if v["phase"] == "over":
        lines += ending_text(state, v, lang)
    return "\n".join(lines)


#: the wheel's zones in its printed order (the web draws them so too)
WHEEL_ZONES = ("taxes", "trade", "explore", "reproduce", "recruit", "migrate", "build", "harvest")


def wheel_text(state: ArchState, v: dict[str, Any], lang: str) -> str:
    """The action wheel of phase 5 (L437-441): each zone with the discs on it by owner, the
    limited zones with their uses out of the limit (L467, L497), and the florins paid into
    the port and market zones (L653, L671)."""
    limits = state.content.wheel["5" if state.players == 5 else "2-4"]
    parts = []
    for zone in WHEEL_ZONES:
        name = t(f"zone.{zone}", lang)
        if zone in limits:
            name = t("render.wheel_limited", lang, zone=name, used=v["wheel"].get(zone, 0),
                     limit=limits[zone])
        seats = [seat for seat, z in v["wheel_discs"] if z == zone]
        owners = ", ".join(
            player_name(seat, lang) + (f" ×{seats.count(seat)}" if seats.count(seat) > 1 else "")
            for seat in dict.fromkeys(seats))
        parts.append(t("render.wheel_zone", lang, zone=name, discs=owners or "—"))
    coins = (" " + t("render.wheel_coins", lang, n=v["wheel_coins"])) if v["wheel_coins"] else ""
    return t("render.wheel", lang, zones="; ".join(parts)) + coins


def step_words(state: ArchState, lang: str) -> str:
    """What is being decided now, in words: the step (a crisis, the bids, a round, an
    exploration's hex...), else the phase."""
    step = state.step
    if step == "choose_shores" and state.ctx.get("lay", -1) >= 0:   # a ship's port (L621)
        step = "lay_port"
    return (t(f"step.{step}", lang) if step and lookup(f"archipelago.step.{step}", lang)
            else t(f"phase.{state.phase}", lang))


def deciding_line(state: ArchState, lang: str) -> str:
    """What is being decided now and by whom; '' once the game is over."""
    seats = state.to_act
    if not seats:
        return ""
    return t("render.deciding", lang, what=step_words(state, lang), count=len(seats),
             who=", ".join(player_name(s, lang) for s in seats))


def edge_letters(edges: list[str], lang: str) -> str:
    """A region's six sides (east, then clockwise) as letters of the reader's language."""
    return "".join(t(f"render.edge_letter_{e}", lang) for e in edges)


def res_count(res: str, n: int, lang: str, acc: bool = False) -> str:
    """«2 железа», «1 рыбу»: a number of cubes of one resource."""
    return translate(f"archipelago.res.{res}.{'count_acc' if acc else 'count'}", lang, count=n)


def crisis_text(part: dict[str, Any], lang: str) -> str:
    """One side of a crisis card's back (the normal side or the red zone): its domestic demand
    (the resource, how many inhabitants one cube raises), its export demand, or its event."""
    out = []
    if part.get("domestic"):
        res, ratio = part["domestic"]
        out.append(translate("archipelago.board.domestic_demand", lang, res=res_name(res, lang),
                             ratio=ratio))
    if part.get("export"):
        res, n = part["export"]
        out.append(translate("archipelago.board.export_demand", lang,
                             goods=res_count(res, n, lang)))
    if part.get("event"):
        out.append(translate(f"archipelago.crisis.{part['event']}", lang))
    return "; ".join(out) or "—"


def hexes_text(state: ArchState, v: dict[str, Any], seat: int | None,
               lang: str) -> list[str]:
    """The hexes the seat holds or has taken, both sides each (turn 0: its three, L117-123;
    an exploration: the hex taken, L501, or the Pioneer's three, L1390), and the stack's open
    hex that everyone sees (L499-501)."""
    lines: list[str] = []
    hand = v["hand_hexes"]
    if hand:
        title = ("board.hand" if seat is not None and state.hands[seat] else
                 "board.drawn_hexes" if state.step == "explore_pick" else "board.taken_hex")
        lines.append(translate(f"archipelago.{title}", lang) + ":")
        for h in hand:
            sides = state.content.hexes[h["hex"]]
            lines.append("  " + " | ".join(face_text(f, lang) for f in sides))
    top = v["stack_top"]
    if top and state.turn > 0:
        face = state.content.hexes[top["hex"]]
        shown = next(f for f in face if f.id == top["face"])
        lines.append(translate("archipelago.board.open_hex", lang, n=v["stack_size"]) + ": "
                     + face_text(shown, lang))
    return lines


def outcome_text(state: ArchState, lang: str) -> str:
    """How the finished game ended in one paragraph, for the end of a terminal game and of a
    replay: the colony fell — all lost, or the Separatist won alone (L904-908) — or all won,
    with the main winner (L910, L980). The count card by card is on the board."""
    v = build_view(state, None)
    return " ".join(line for line in ending_text(state, v, lang) if not line.startswith(" "))


def ending_text(state: ArchState, v: dict[str, Any], lang: str) -> list[str]:
    """L900-1002: how the game ended, who won (all, the main winner by points then money —
    L910, L980 — or, on independence, the Separatist alone or nobody, L904-908) and the count
    card by card as in the rulebook's example: each player's count, rank and points."""
    n = state.players
    sep = next((s for s in range(n) for o in v["players"][s]["objectives"] or []
                if o["criterion"] == "separatist"), None)
    if v["ended_by"] == "independence":
        outcome = (translate("archipelago.board.separatist_wins", lang, name=player_name(sep, lang))
                   if sep is not None else translate("archipelago.board.collective_loss", lang))
    elif v["ended_by"] == "objective" and v["ender"] >= 0:
        outcome = translate("archipelago.board.ended_objective_by", lang,
                            name=player_name(v["ender"], lang))
    else:
        outcome = translate(f"archipelago.board.ended_{v['ended_by'] or ''}", lang)
    lines = [translate("archipelago.board.game_end", lang) + ": " + outcome]
    if v["ended_by"] == "independence":
        # L425: why — the rebellion marker passed the population marker
        lines.append(translate("archipelago.board.rebellion_passed", lang,
                               rebellion=v["markers"]["rebellion"],
                               population=v["markers"]["population"]))
        # no count: all lose or the Separatist alone wins (L904-908); the objective cards
        # are on the table above, screens lifted
        return lines
    winners = v["winners"] or []
    if v["ended_by"] != "independence" and winners:
        lines.append(translate("archipelago.board.main_winner", lang, names=", ".join(
            player_name(s, lang) for s in winners)))
    points = v["points"] or []
    for r in v["ranking"] or []:
        if r["kind"] == "trend":
            label = (translate("archipelago.board.trend_short", lang) + ": "
                     + t("criterion." + r["criterion"], lang))
        elif r["criterion"] == "separatist":
            label = translate("archipelago.board.separatist_row", lang,
                              name=player_name(r["owner"], lang))
        elif r["criterion"] == "pacifist":
            label = translate("archipelago.board.pacifist_row", lang,
                              name=player_name(r["owner"], lang), margin=r["margin"],
                              needed=r["needed"])
        else:
            label = translate("archipelago.board.objective_of", lang,
                              name=player_name(r["owner"], lang),
                              crit=t("criterion." + r["criterion"], lang))
        cells = []
        for s in range(n):
            cell = player_name(s, lang) + " "
            if "values" in r:
                cell += (translate("archipelago.board.ranked", lang, value=r["values"][s],
                                   rank=r["ranks"][s]) if r["ranks"][s]
                         else translate("archipelago.board.unranked", lang, value=r["values"][s]))
                cell += ", "
            cell += translate("archipelago.board.vp", lang, n=r["points"][s])
            cells.append(cell)
        lines.append("  " + label + ": " + "; ".join(cells))
    cards = sorted({k for row in points for k in row if k.startswith("card:")})
    for k in cards:   # the wonders' points (L874)
        lines.append("  " + card_name(state, k[5:], lang) + ": " + "; ".join(
            player_name(s, lang) + " " + translate("archipelago.board.vp", lang, n=row.get(k, 0))
            for s, row in enumerate(points)))
    lines.append("  " + translate("archipelago.board.total", lang) + ": " + "; ".join(
        f"{player_name(s, lang)} {sum(row.values())}" for s, row in enumerate(points)))
    lines.append("  " + translate("archipelago.board.money_tiebreak", lang) + ": " + "; ".join(
        f"{player_name(p['seat'], lang)} {p['money']}f" for p in v["players"]))
    return lines


OFFER_ITEMS = ("f", "token")


def describe_action(state: ArchState, action: Action, lang: str) -> str:
    state.check_action(action)
    data = action.to_json()
    kind = data.pop("type")
    rnd = state.round
    if kind == "end_round" and not (rnd.get("disc") or rnd.get("card") or rnd.get("building")):
        # L441 (README «Rounds»): a round ended with nothing done is a pass for the rest of
        # phase 5 (wheel.end_round) — what is at stake is said, with the discs given up
        seat = state.actor
        left = state.discs[seat] - state.discs_used[seat]
        return t("word.end_round_pass", lang, n=left) if left > 0 else t("action.end_round", lang)
    if kind == "choose_shores" and state.ctx.get("lay", -1) >= 0:   # a ship's port (L621)
        region = state.ctx["lay"]
        return t("word.lay_port", lang, region=region,
                 shore=shore_text(state, region, action.shores[0], lang))  # type: ignore[attr-defined]
    if kind == "done" and state.step == "reveal":   # L1376, L1394: the rest are discarded
        return t("word.buy_none_revealed", lang)
    if kind == "answer" and state.offer:   # what accepting gives and takes, for the responder
        if not action.accept:  # type: ignore[attr-defined]
            return t("word.decline_offer", lang)
        give, want = state.offer["give"], state.offer["want"]
        # an empty side said so, not «вы получаете ничего» (Russian wants «ничего не …»)
        key = ("word.accept_offer_ask" if want and not give else
               "word.accept_offer_gift" if give and not want else "word.accept_offer")
        return t(key, lang, give=item_keys(give, state.content.cards),
                 want=item_keys(want, state.content.cards))
    return t(f"action.{kind}", lang, **label_params(state, action, lang))


def menu_group(state: ArchState, action: Action, lang: str) -> tuple[str, str, str] | None:
    """The terminal's two steps for a long menu (heading, title of its own menu, label there):
    a region to lay is picked by its hex and side first (turn 0's three hexes in hand,
    L117-123, or an explorer's hex, L499-515), then by its place and turn — the sides of the
    turned hex in the board's letters; a card to buy, then the card to turn (L740-762), the
    two cards turned instead; a gift, then whom and what; an explorer token, then its cube
    (L429-433). None for every other action (listed as it is)."""
    state.check_action(action)
    kind = action.kind
    if kind not in _GROUPED:
        return None
    data = label_params(state, action, lang)
    if kind == "place_region":
        face = state.content.hexes[action.hex][action.side]  # type: ignore[attr-defined]
        rot = action.rot  # type: ignore[attr-defined]
        letters = "".join(t(f"render.edge_letter_{face.edges[(d - rot) % 6]}", lang)
                          for d in range(6))
        head = t("menu.place_head", lang, face=data["face"])
        return (head, t("menu.place_title", lang, head=head,
                        legend=t("render.edges_legend", lang)),
                t("menu.place_rest", lang, q=data["q"], r=data["r"], rot=rot, sides=letters,
                  unit=data["unit"]))
    if kind == "buy_card":
        head = t("menu.buy_head", lang, slot=data["slot"])
        rest = (t("menu.buy_rest", lang, turn=data["turn"])
                if action.turn >= 0 else t("menu.buy_rest_none", lang))  # type: ignore[attr-defined]
        return head, t("menu.buy_title", lang, head=head), rest
    if kind == "turn_two":
        head = t("menu.turn_two_head", lang)
        return (head, t("menu.turn_two_title", lang),
                t("menu.turn_two_rest", lang, first=data["first"], second=data["second"]))
    if kind == "gift":
        head = t("menu.gift_head", lang)
        return head, t("menu.gift_title", lang), t("menu.gift_rest", lang, to=data["to"],
                                                   item=data["item"])
    head = t("menu.token_head", lang)   # exchange_token
    return head, t("menu.token_title", lang), data["resource"]


_GROUPED = frozenset(("place_region", "buy_card", "turn_two", "gift", "exchange_token"))


def label_params(state: ArchState, action: Action, lang: str) -> dict[str, Any]:
    """The parameters of an action's menu label (``action.<kind>`` of the catalog), in words."""
    data = action.to_json()
    kind = data.pop("type")
    for key in ("resource", "market", "keep", "left", "right", "item"):
        if key in data and isinstance(data[key], str):
            data[key] = res_name(data[key], lang) if data[key] in (
                "fruit", "wood", "cattle", "fish", "stone", "iron") else (
                data[key] or t("item.nothing", lang))   # a region without icons: «ничего»
    if kind == "trade":   # L485-489: the cube at its row's price, said before it is chosen
        from settlers.games.archipelago.markets import buy_price, sell_price
        raw = action.to_json()
        r = RESOURCES.index(raw["resource"])
        cost = (buy_price if raw["buy"] else sell_price)(state, raw["market"], r)
        data["resource"] = f"archipelago.res.{raw['resource']}"
        data["price"] = "—" if cost is None else f"{cost}f"
    if kind == "thief_hands":   # an empty fist (L1129: a single cube) said so
        for side in ("left", "right"):
            if not action.to_json()[side]:
                data[side] = t("word.empty_fist", lang)
    if kind == "supply":   # the crisis's resource (L356-368, L384): which cube is given
        data["res"] = f"archipelago.res.{RESOURCES[state.ctx['res']]}"
    item = action.to_json().get("item")
    if item in OFFER_ITEMS:  # a florin, an explorer token
        data["item"] = t(f"board.item.{item}", lang)
    elif isinstance(item, str) and item.startswith(PERMIT):   # a permission in a region
        data["item"] = t("board.item.permit_in", lang, region=int(item[len(PERMIT):]))
    elif isinstance(item, str) and item.startswith("card:"):   # an evolution card
        key = item_keys([item], state.content.cards)[0]   # a user's card: named from its file
        data["item"] = (translate(key["key"], lang, **{k: v for k, v in key.items() if k != "key"})
                        if isinstance(key, dict) else translate(key, lang))
    if "market" in data and isinstance(data["market"], int):
        data["market"] = t(f"market.{data['market']}", lang)
    if "what" in data:
        data["what"] = t(f"building.{data['what']}", lang)
    if kind == "place_region":   # the region laid, by what it shows (the hand is the player's)
        face = state.content.hexes[data["hex"]][data["side"]]
        data["face"] = face_text(face, lang)
        # where its fields, mountains and sea lie once turned (L123, L509): the turn's effect
        data["rot"] = t("word.turned", lang, rot=data["rot"], sides="/".join(
            t(f"word.edge_{face.edges[(d - data['rot']) % 6]}", lang) for d in range(6)))
    if kind in ("take_hex", "skip_hex"):   # L501: the open hex's face is what the choice is about
        data["face"] = (face_text(state.content.hexes[state.stack[-1][0]][state.stack[-1][1]], lang)
                        if state.stack else "-")
    if kind == "pick" and state.step == "explore_pick":   # L1390: a drawn hex, both its sides
        both = state.content.hexes[int(data["value"])]
        data["value"] = t("word.drawn_hex", lang, a=face_text(both[0], lang), b=face_text(both[1], lang))
    if kind == "pick" and state.step in _PICK_WORDS:   # a card's step: in words, not ids
        data["value"] = pick_text(state, data["value"], lang)
    if kind == "pick" and state.step == "missionary":   # L1448: a hut's inhabitant or not
        data["value"] = t(f"word.missionary_{data['value']}", lang)
    elif kind == "pick" and state.step == "keep_objective":   # the card kept (L1041), by its text
        card = state.content.objectives[int(data["value"])]
        data["value"] = t("render.objective", lang, crit=t("criterion." + card["criterion"], lang),
                          end=end_text(card["end"]["kind"], end_of(state, int(data["value"]))[1],
                                       lang))
    if kind == "build":   # L647: a port built by a ship, when an inhabitant could too; L615:
        by = data.get("by") or ""   # an inhabitant leaving a building for the new one
        data["by"] = by_text(by, lang, state, data["region"])
        florins, cubes = state.content.costs[action.what]  # type: ignore[attr-defined]
        data["cost"] = t("word.use_cost", lang, cost=cost_text(florins, cubes, 0, lang))
    if kind == "recruit_to":   # L565-569: each worker at the labour board's price now
        from settlers.games.archipelago.markers import recruit_price
        data["price"] = recruit_price(state)
    if kind in ("recruit_to", "expel"):   # L721-725: a strait's shore by its sides and icons
        text = shore_text(state, data["region"], data["shore"], lang)
        data["shore"] = f" — {text}" if text else ""
    if kind == "choose_shores":
        region = state.units[state.ctx["landed"][0]][REGION]
        data["shores"] = "; ".join(shore_text(state, region, x, lang) for x in data["shores"])
    if kind == "buy_card":   # L737-762: the card bought at its price, the card turned by name
        data["slot"] = slot_text(state, data["slot"], lang, price=True)
        data["turn"] = slot_text(state, data["turn"], lang)
    if kind == "turn_two":
        data["first"] = slot_text(state, data["first"], lang)
        data["second"] = slot_text(state, data["second"], lang)
    if "card" in data:
        data["card"] = card_name(state, data['card'], lang)
    if "buy" in data:
        data["buy"] = t("word.buy" if data["buy"] else "word.sell", lang)
    if "accept" in data:
        data["accept"] = t("word.yes" if data["accept"] else "word.no", lang)
    if "own" in data:
        data["own"] = t("word.own" if data["own"] else "word.board", lang)
    if "to" in data:
        data["to"] = player_name(data["to"], lang)
    if "order" in data:
        data["order"] = " → ".join(player_name(s, lang) for s in data["order"])
    if kind == "build_wonder":   # L874: the builder picks which inhabitant leaves
        data["region"] = state.units[data["unit"]][REGION]
        housed = state.units[data["unit"]][BUILDING]   # «из любого места»: a building too
        data["building"] = (t("word.leaves_building", lang, building=t(f"building.{housed}", lang))
                            if housed else "")
    if kind in ("move_unit", "place_region", "harvest_with", "raise"):
        # a unit by what it is and where it stands (the table shows no unit numbers): a
        # migration's moves to one region, an exploration's explorers (L511-515) differ by it
        unit = data["unit"]
        data["piece"] = t("word.piece_ship" if unit >= 0 and state.units[unit][SHIP]
                          else "word.piece_inhabitant", lang)
        data["src"] = state.units[unit][REGION] if unit >= 0 else -1
        # never the unit's index: its owner (a crisis raises anyone's, L368) and, beside a
        # twin of the same player in the region, its place among them as the board lists them
        data["unit"] = unit_text(state, unit, lang) if unit >= 0 else ""
        data["owner"] = player_name(state.units[unit][OWNER], lang) if unit >= 0 else ""
        if unit >= 0 and state.units[unit][BUILDING] and kind in ("move_unit", "harvest_with"):
            # it leaves its building (L451, L583; control follows, L675-727)
            data["src"] = t("word.out_of_building", lang, region=data["src"],
                            building=t(f"building.{state.units[unit][BUILDING]}", lang))
        if kind == "place_region":
            data["unit"] = t("word.explorer_ship" if state.units[unit][SHIP] else
                             "word.explorer_inhabitant", lang, src=data["src"],
                             unit=data["unit"]) if unit >= 0 else ""
        if kind == "move_unit":
            data["building"] = (t("word.into_building", lang,
                                  building=t(f"building.{data['building']}", lang))
                                if data["building"] else "")
    if kind == "use_card":   # what the card's argument chooses, in words (not its numbers)
        arg = card_arg(state, action.card, tuple(action.arg), lang)  # type: ignore[attr-defined]
        data["arg"] = f" {arg}" if arg else ""
        data["cost"] = use_cost(state, action.card, lang)  # type: ignore[attr-defined]
    return data


def cost_text(florins: int, cubes: tuple[int, ...] | list[int], discs: int, lang: str) -> str:
    """A price in florins, cubes (one count per resource) and discs: «5f, 1 камень»."""
    parts = [f"{florins}f"] if florins else []
    parts += [res_count(RESOURCES[r], n, lang, acc=True) for r, n in enumerate(cubes) if n]
    if discs:
        parts.append(t("word.discs_n", lang, n=discs))
    return ", ".join(parts) or t("word.free", lang)


def use_cost(state: ArchState, card_id: str, lang: str) -> str:
    """What a card's use costs the seat to act (L806-830): its florins — to the bank for its
    owner, to the owner plus 1f for anyone else —, its cubes and its discs; and whose it is."""
    from settlers.games.archipelago.cards import find
    index = state.content.card_index(card_id)
    c = state.content.cards[index]
    found = find(state, index)
    owner = found[0] if found is not None else state.actor
    fee = c.cost_f + (0 if owner == state.actor else 1)
    cost = cost_text(fee, c.cost_cubes, c.discs, lang)
    if owner == state.actor:
        return t("word.use_cost", lang, cost=cost)
    return t("word.use_cost_other", lang, owner=player_name(owner, lang), cost=cost)


def unit_text(state: ArchState, unit: int, lang: str) -> str:
    """'' for a unit alone of its kind and owner in its region; else its place among them in
    the board's order («№2»), so that twins in one region read apart."""
    owner, ship, region = (state.units[unit][OWNER], state.units[unit][SHIP],
                           state.units[unit][REGION])
    twins = [i for i, u in enumerate(state.units)
             if u[OWNER] == owner and u[SHIP] == ship and u[REGION] == region]
    return t("word.unit_nth", lang, n=twins.index(unit) + 1) if len(twins) > 1 else ""


def shore_text(state: ArchState, region: int, shore: int, lang: str) -> str:
    """A shore of a strait region (L721-725) as the table shows it: the sides of the hex it
    runs along (turned as the region lies) and the resource icons on it; '' off a strait."""
    from settlers.games.archipelago.board import region_face
    face = region_face(state, region)
    if not face.strait:
        return ""
    rot = state.regions[region]["rot"]
    sides = "/".join(t(f"word.dir_{d}", lang) for d in range(6)
                     if face.edge_shores[(d - rot) % 6] == shore)
    icons = ", ".join(res_name(RESOURCES[r], lang) for r, s in zip(face.icons, face.icon_shores,
                                                                      strict=True) if s == shore)
    return t("word.shore", lang, n=shore + 1, sides=sides, icons=icons or t("word.no_icons", lang))


def slot_text(state: ArchState, slot: int, lang: str, price: bool = False) -> str:
    """A card of the track by its name (its slot's number means nothing on the table), with its
    price, or, when turned, whether the quarter turn brings it to the skull (L762: discarded)."""
    if slot < 0 or state.track[slot][0] < 0:
        return t("word.no_card", lang)
    from settlers.games.archipelago.evolution import SKULL
    from settlers.games.archipelago.evolution import price as price_of
    card, rot = state.track[slot]
    name = card_name(state, state.content.cards[card].id, lang)
    if price:
        return t("word.card_price", lang, card=name, price=price_of(state, slot))
    return t("word.card_to_skull" if rot + 1 >= SKULL else "word.card_turned", lang, card=name)


_PICK_WORDS = frozenset(("reveal", "pirate_pay", "thief_pick", "move_cubes"))


def pick_text(state: ArchState, value: str, lang: str) -> str:
    """A choice inside a card's effect: a revealed card to buy, at its price (L1105, L1376);
    the cube paid to the Pirate (L1374); the Thief's fist (L1128); a cube the Trade minister
    moves, and which way between the two markets."""
    step = state.step
    if step == "reveal":
        from settlers.games.archipelago.evolution import min_price
        x = state.content.card_index(value)
        return t("word.buy_revealed", lang, card=card_name(state, value, lang),
                 price=min_price(state, x))
    if step == "pirate_pay":
        return res_name(value, lang) if value else t("word.no_cube", lang)
    if step == "thief_pick":   # whose fist: the victim's (L1128)
        return t(f"word.fist_{value}", lang, name=player_name(state.ctx["victim"], lang))
    way = "word.to_export" if value.endswith(">") else "word.to_domestic"
    return t(way, lang, res=res_name(value[:-1], lang))


def by_text(by: str, lang: str, state: ArchState | None = None, region: int = -1) -> str:
    """Who builds (``Build.by``): a ship, an inhabitant leaving its building, a free inhabitant
    on a shore of the strait ``region`` (L625, L723), or '' (a free inhabitant)."""
    if by.startswith("shore") and state is not None:
        return t("word.by_shore", lang, shore=shore_text(state, region, int(by[5:]), lang))
    if by == "ship":
        return t("word.by_ship", lang)
    return t("word.by_occupant", lang, building=t(f"building.{by}", lang)) if by else ""


def end_text(kind: str, need: int, lang: str) -> str:
    """An objective's end condition with its number for these players (L175, objectives.end_of):
    «towns in play: 6», «surplus labour: more than 21»; -1: not played with two (L1282)."""
    end = t(f"end.{kind}", lang)
    if kind == "bank_money_empty":
        return end
    if need < 0:
        return t("board.end_unused", lang, end=end)
    counted = lookup(f"archipelago.end.{kind}.n", lang)   # «кончились 2 стопки жетонов…» (L1237)
    if counted is not None:
        return t(f"end.{kind}.n", lang, n=need)
    return t("board.end_above" if kind == "surplus_above" else "board.end_need", lang, end=end, n=need)


def face_text(face: Face, lang: str) -> str:
    """A region's face as the printed hex shows it: its name, resource icons, huts, strait."""
    icons = ", ".join(res_name(RESOURCES[i], lang) for i in face.icons)
    return t("word.face", lang, name=face.name.get(lang) or face.name.get("en") or face.id,
             icons=icons or t("word.no_icons", lang), huts=t("render.huts", lang, n=face.huts),
             strait=t("word.face_strait", lang) if face.strait else "")


def card_arg(state: ArchState, card_id: str, arg: tuple[int, ...], lang: str) -> str:
    """A card use's argument as the player chooses it (cards.args): a resource, a player, a
    region, a ship, a card, a building, how many 5f shown... — never its bare numbers (a
    resource's index, a 0-based seat, a unit's or a card's index mean nothing on the table)."""
    c = state.content
    effect = c.cards[c.card_index(card_id)].effect
    res = lambda r: res_name(RESOURCES[r], lang)  # noqa: E731
    if effect in ("merchant", "exporter"):
        return t("card_arg.resource", lang, res=res(arg[0]))
    if effect in ("spy", "thief"):
        return t("card_arg.player", lang, name=player_name(arg[0], lang))
    if effect == "assassin":
        owner = next((s for s in range(state.players) if any(r[0] == arg[0] for r in state.owned[s])), -1)
        return t("card_arg.assassin", lang, card=card_name(state, c.cards[arg[0]].id, lang),
                 name=player_name(owner, lang) if owner >= 0 else "-")
    if effect == "pirate":
        ship = state.units[arg[0]]
        return t("card_arg.pirate", lang, name=player_name(ship[0], lang), region=ship[REGION])
    if effect == "labour_minister":
        return t("card_arg.labour_up" if arg[0] else "card_arg.labour_down", lang)
    if effect == "agriculture_minister":
        return (t("card_arg.agriculture", lang, list=", ".join(res(r) for r in arg)) if arg
                else t("card_arg.agriculture_none", lang))
    if effect == "foreign_trade":
        return t("card_arg.foreign_in" if arg[1] else "card_arg.foreign_out", lang, res=res(arg[0]))
    if effect == "domestic_trade":
        return t("card_arg.trade", lang, buy=t("word.buy" if arg[1] else "word.sell", lang),
                 res=res(arg[0]))
    if effect == "church_gifts":
        # L1093-1095: one cube of fruit, or one of fruit and one of cattle — counted («1 фрукт»)
        return t("card_arg.church_gifts", lang, n=arg[0],
                 cubes=", ".join(res_count(RESOURCES[r], 1, lang, acc=True) for r in (0, 2)[:arg[0]]))
    if effect == "treasurer":
        return t("card_arg.treasurer", lang, n=5 * arg[0])
    if effect in ("barbarian", "shipbuilding"):
        return t("card_arg.region", lang, region=arg[0])
    if effect == "architecture":
        from settlers.games.archipelago.building import KINDS
        from settlers.games.archipelago.cards import architecture_by
        by = architecture_by(arg[2]) if len(arg) > 2 else ""
        return t("card_arg.architecture", lang, what=t(f"building.{KINDS[arg[0]]}", lang),
                 region=arg[1], by=by_text(by, lang, state, arg[1]))
    return ",".join(map(str, arg))
