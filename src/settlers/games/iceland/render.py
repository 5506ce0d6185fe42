"""The terminal picture of the island and the menu labels of actions, in the player's language.

Each hex is drawn as two short lines (no square brackets: the terminal reads them as markup): its id, terrain and number (numbers age 2→3→…→6→8→…→12→2),
then the piece on it and its harbour. Houses, red tokens, players, supplies and the current
decision (movement, builds of this turn, the Althing case, an offer) are listed below.
"""

from __future__ import annotations

from settlers.core import Action, translate
from settlers.core.words import count_words
from settlers.games.iceland import actions as A
from settlers.games.iceland.althing import possible_cases
from settlers.games.iceland.board import OUTER
from settlers.games.iceland.pieces import is_boat, owner
from settlers.games.iceland.scoring import all_victory_points
from settlers.games.iceland.state import BUILD, IcelandState
from settlers.games.iceland.trade import bank_rate
from settlers.games.iceland.words import (
    abbr_key,
    card_key,
    mover_key,
    piece_key,
    res_key,
    res_name_key,
    terrain_key,
)

CELL = 12


def _t(key: str, lang: str, **params: object) -> str:
    return translate(key, lang, **params)


def _piece_mark(s: IcelandState, piece: int, lang: str) -> str:
    kind = "boat" if is_boat(piece) else "horse"
    mark = _t(f"iceland.abbr.{kind}", lang) + str(owner(piece) + 1)
    return mark + ("*" if s.red_tokens.get(piece) else "")


def _hex_lines(s: IcelandState, h: int, lang: str) -> tuple[str, str]:
    t = s.terrain[h]
    name = s.c.terrains[t] if t >= 0 else "unknown"
    top = f"{h:>2} {_t(abbr_key(s, name), lang)}"
    if s.number[h]:
        top += f" {s.number[h]}"
    bottom = ""
    if s.occupant[h] >= 0:
        bottom = _piece_mark(s, s.occupant[h], lang)
    if s.harbour[h] >= 0:
        res = s.c.resources[s.harbour[h]]
        bottom += f" {_t('iceland.abbr.harbour', lang)}:{_t(abbr_key(s, res), lang)}"
    return f"|{top:<{CELL - 1}}", f"|{bottom.strip():<{CELL - 1}}"


def board_lines(s: IcelandState, lang: str) -> list[str]:
    rows: dict[int, list[int]] = {}
    for h, (_q, r) in enumerate(s.b.grid.hexes):
        rows.setdefault(r, []).append(h)
    widest = max(len(v) for v in rows.values())
    out = []
    for r in sorted(rows):
        hexes = rows[r]
        pad = " " * ((widest - len(hexes)) * CELL // 2)
        cells = [_hex_lines(s, h, lang) for h in hexes]
        out.append(pad + "".join(c[0] for c in cells) + "|")
        out.append(pad + "".join(c[1] for c in cells) + "|")
    return out


def where(s: IcelandState, position: int, lang: str) -> str:
    return _t("iceland.outer", lang) if position == OUTER else _t("iceland.hex", lang, hex=position)


def corner_hexes(s: IcelandState, corner: int) -> str:
    return ",".join(str(h) for h in s.b.corner_hexes[corner])


def _cards(s: IcelandState, counts: list[int] | tuple[int, ...], lang: str, *,
           accusative: bool = False) -> str:
    """"2 зерна, 1 шерсть" (the accusative when the bundle is a verb's object)."""
    return count_words(counts, lambda r: res_key(s, r), lang, sep=", ", accusative=accusative,
                       empty=_t("iceland.render.none", lang))


def costs_line(s: IcelandState, lang: str) -> str:
    """«Цены: хутор — зерно + дерево + шерсть; …» on two lines, from the rules data
    (``rules.json costs``): what each piece, a harbour and ageing a hex cost."""
    def cost(cards: tuple[int, ...]) -> str:
        # «железо + зерно», «2 шерсти»: a count only where it is more than one
        return " + ".join(_t(res_key(s, r), lang) if n == 1 else
                          count_words([n if i == r else 0 for i in range(len(cards))],
                                      lambda k: res_key(s, k), lang)
                          for r, n in enumerate(cards) if n)

    costs = s.c.costs
    return _t("iceland.costs_line", lang, farm=cost(costs["farm"]), town=cost(costs["town"]),
              settler=cost(costs["settler"]), boat=cost(costs["boat"]),
              harbour=_t("iceland.costs.harbour", lang, count=s.c.harbour_cost),
              ageing=_t("iceland.costs.ageing", lang, count=s.c.ageing_cost))


def render(s: IcelandState, seat: int | None, lang: str) -> str:
    s.check_viewer(seat)
    # at the end nobody is to move: no «ходит Игрок 3» under the final scores
    lines = [_t("iceland.render.title_over", lang, turn=s.turn + 1) if s.over else
             _t("iceland.render.title", lang, turn=s.turn + 1, seat=s.current,
                phase=f"iceland.phase.{s.phase}")]
    if s.dice:
        lines.append(_t("iceland.render.dice", lang, d1=s.dice[0], d2=s.dice[1],
                        total=sum(s.dice)))
    lines.append("")
    lines.extend(board_lines(s, lang))
    outer = [_piece_mark(s, p, lang) for p, h in enumerate(s.pos) if h == OUTER]
    lines.append(_t("iceland.render.outer", lang,
                    pieces=" ".join(outer) or _t("iceland.render.none", lang)))
    houses = [c for c in range(s.b.corner_count) if s.house_owner[c] >= 0]
    if houses:
        lines.append(_t("iceland.render.houses", lang))
        for c in houses:
            kind = "iceland.render.town" if s.house_level[c] == 2 else "iceland.render.farm"
            lines.append(_t("iceland.render.house", lang, corner=c, hexes=corner_hexes(s, c),
                            kind=kind, seat=s.house_owner[c]))
    if s.red_tokens:
        tokens = "; ".join(f"{_piece_mark(s, p, lang)}@{s.pos[p]} → "
                           + ",".join(str(x + 1) for x in v)
                           for p, v in sorted(s.red_tokens.items()))
        lines.append(_t("iceland.render.red", lang, tokens=tokens))
    lines.append("")
    for x in range(s.players):
        known = ""
        if s.fate_public[x]:
            known = _t("iceland.render.known", lang,
                       cards=[card_key(s, c) for c in s.fate_public[x]])
        # every hand is public by count (view.py): named kind by kind
        held = _t("iceland.render.held", lang, cards=_cards(s, s.hands[x], lang)) \
            if sum(s.hands[x]) else ""
        lines.append(_t("iceland.render.player", lang, seat=x, points=all_victory_points(s)[x],
                        white=s.white[x], red=s.red_won[x], black=s.black[x],
                        cards=sum(s.hands[x]), held=held, fate=len(s.fate[x]), known=known))
    if seat is not None:
        lines.append(_t("iceland.render.hand", lang, cards=_cards(s, s.hands[seat], lang)))
        fate_names = ", ".join(_t(card_key(s, c), lang) for c in s.fate[seat])
        lines.append(_t("iceland.render.fate_hand", lang,
                        cards=fate_names or _t("iceland.render.none", lang)))
    lines.append(_t(
        "iceland.render.supply", lang,
        terrain=", ".join(f"{_t(terrain_key(s, t), lang)} {n}"
                          for t, n in enumerate(s.terrain_pool)),
        numbers=" ".join(f"{k}×{v}" for k, v in sorted(s.number_pool.items()) if v),
        harbours=", ".join(f"{_t(res_key(s, r), lang)} {n}"
                           for r, n in enumerate(s.harbour_pool)),
        deck=len(s.deck)))
    lines.append(_t("iceland.render.ageing", lang))
    if seat is not None and s.phase == BUILD:
        # the costs card every player keeps in front of them, as Catan's: the menu lists
        # only what the hand pays for now, not what a boat or a harbour would cost
        lines.append(costs_line(s, lang))
    if s.phase == "move":
        lines.append(_t("iceland.render.movement", lang, steps=s.mv_steps, taken=s.mv_taken))
    if s.pending:
        lines.append(_t("iceland.render.pending", lang,
                        builds=[f"iceland.build.build_{b[0]}" if b[0] != "age"
                                else "iceland.build.build_ageing" for b in s.pending]))
    if s.offer:
        lines.append(_t("iceland.render.offer", lang, seat=s.current, to=s.offer[0],
                        give=[res_key(s, r) for r, n in enumerate(s.offer[1]) for _ in range(n)],
                        get=[res_key(s, r) for r, n in enumerate(s.offer[2]) for _ in range(n)]))
    if s.al is not None:
        case = s.al["case"]
        if case is not None:
            lines.append(_t("iceland.render.case", lang, resource=res_key(s, case["resource"]),
                            piece=piece_key(case["piece"]), defendant=owner(case["piece"]),
                            plaintiffs=case["sides"][0], a=case["totals"][0],
                            defence=case["sides"][1], b=case["totals"][1]))
        window = s.al["window"]
        if window is not None:
            answered = [x + 1 for x in window["seats"] if str(x) in window["choices"]]
            lines.append(_t("iceland.render.window", lang,
                            answered=", ".join(map(str, answered)) or "—"))
    lines.append("")
    lines.append(_t("iceland.render.legend", lang))
    return "\n".join(lines)


def menu_group(s: IcelandState, action: Action, lang: str) -> tuple[str, str, str] | None:
    """The terminal's two steps for the long menu of offers (up to 14 bundles to give, each
    to every other player for up to 9 asks: a hundred and more lines, the board scrolled
    away): first what the player gives, then to whom and for what. None for every other
    action (listed as it is)."""
    s.check_action(action)
    if not isinstance(action, A.OfferTrade):
        return None
    give = _cards(s, action.give, lang, accusative=True)
    return (_t("iceland.menu.offer_head", lang, give=give),
            _t("iceland.menu.offer_title", lang, give=give),
            _t("iceland.menu.offer_rest", lang, to=action.to,
               get=_cards(s, action.get, lang, accusative=True)))


def describe_action(s: IcelandState, action: Action, lang: str) -> str:
    s.check_action(action)
    k = "iceland.action."
    if isinstance(action, A.PlayFate):
        card = card_key(s, action.card)
        effect = s.c.fate_cards[action.card].effect if action.card in s.c.fate_cards else ""
        if effect == "blight_hex":
            return _t(k + "play_fate_target_hex", lang, card=card, hex=action.target)
        if effect == "remove_red_tokens" and 0 <= action.target < len(s.pos):
            return _t(k + "play_fate_target_piece", lang, card=card,
                      piece=piece_key(action.target), owner=owner(action.target),
                      where=where(s, s.pos[action.target], lang))
        return _t(k + "play_fate", lang, card=card)
    if isinstance(action, A.AgeHex):
        t = s.terrain[action.hex]
        return _t(k + "age_hex", lang, hex=action.hex, terrain=terrain_key(s, t),
                  number=s.number[action.hex])
    if isinstance(action, A.Move | A.Explore):
        params = {"piece": piece_key(action.piece), "mover": mover_key(action.piece), "src": where(s, s.pos[action.piece], lang),
                  "dst": where(s, action.to, lang), "card": card_key(s, action.card)}
        base = "explore" if isinstance(action, A.Explore) else "move"
        if action.card:
            return _t(k + base + "_card", lang, **params)
        if base == "move" and action.to >= 0 and s.occupant[action.to] >= 0:
            return _t(k + "move_chase", lang, **params)
        return _t(k + base, lang, **params)
    if isinstance(action, A.Retreat):
        return _t(k + "retreat", lang, dst=where(s, action.to, lang))
    if isinstance(action, A.ChooseNumber):
        return _t(k + "choose_number", lang, number=action.number)
    if isinstance(action, A.TradeWithBank):
        give = s.c.resources.index(action.give) if action.give in s.c.resources else 0
        return _t(k + "trade_bank", lang, count=bank_rate(s, s.current, give),
                  give=res_name_key(s, action.give), get=res_name_key(s, action.get))
    if isinstance(action, A.OfferTrade):
        return _t(k + "offer_trade", lang, to=action.to, give=_cards(s, action.give, lang, accusative=True),
                  get=_cards(s, action.get, lang, accusative=True))
    if isinstance(action, A.AnswerOffer):
        return _t(k + ("answer_offer_yes" if action.accept else "answer_offer_no"), lang)
    if isinstance(action, A.BuildFarm):
        return _t(k + "build_farm", lang, corner=action.corner,
                  hexes=corner_hexes(s, action.corner), piece=piece_key(action.piece),
                  where=where(s, s.pos[action.piece], lang))
    if isinstance(action, A.BuildTown):
        return _t(k + "build_town", lang, corner=action.corner,
                  hexes=corner_hexes(s, action.corner))
    if isinstance(action, A.BuildBoat) and action.corner == OUTER:
        return _t(k + "build_boat_outer", lang)
    if isinstance(action, A.BuildSettler | A.BuildBoat):
        return _t(k + action.kind, lang, corner=action.corner, hex=action.hex)
    if isinstance(action, A.BuildHarbour):
        return _t(k + "build_harbour", lang, resource=res_name_key(s, action.resource),
                  hex=s.pos[action.piece])
    if isinstance(action, A.BuildAgeing):
        return _t(k + "build_ageing", lang, hex=s.pos[action.piece])
    if isinstance(action, A.ChooseStarter | A.AskHelp):
        return _t(k + action.kind, lang, seat=action.seat)
    if isinstance(action, A.OpenCase):
        res = dict(possible_cases(s, s.al["order"][s.al["index"]]) if s.al else []).get(
            action.piece, 0)
        return _t(k + "open_case", lang, piece=piece_key(action.piece),
                  owner=owner(action.piece), hex=s.pos[action.piece], cards=action.cards,
                  resource=res_key(s, res))
    if isinstance(action, A.Bid):
        res = s.al["case"]["resource"] if s.al and s.al["case"] else 0
        return _t(k + "bid", lang, cards=action.cards, resource=res_key(s, res))
    return _t(k + action.kind, lang)
