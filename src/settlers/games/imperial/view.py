"""What a seat may see: the view (schema in README.md) and the redacted log.

«Нельзя показывать свои карточки другим игрокам»: a hand is shown only to its owner (others
see its size, the cards everyone saw it take in the open lookout and, the one who passed it,
the card it kept in the alternative lookout); deck orders, foundations'
faces, cards under the Gate and private picks are hidden; «Ресурсы, рабочие и жетоны в личных
запасах игроков должны быть видны всем».
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.imperial.actions import (
    Activate,
    Build,
    Exchange,
    Pass,
    PlaceDefence,
    PlaceSamurai,
    PutOnShrine,
    RazeCard,
    RazeLocation,
)
from settlers.games.imperial.content import CAPTOR, DEFENCE, KEPT, SAMURAI, SUPPLY_GOODS, USED
from settlers.games.imperial.scoring import achievement, empire_locations, location_points
from settlers.games.imperial.state import ImperialState

ROWS = ("production", "feature", "action")   # «ПРИНЦИП РАЗМЕЩЕНИЯ ЛОКАЦИЙ»


PRIVATE_PENDING = ("empire_pick", "build", "activate", "op", "solo_draft")


def card_ref(st: ImperialState, cid: int) -> dict[str, Any]:
    return {"card": cid, "id": st.cards[cid].id}


def _location(st: ImperialState, cid: int) -> dict[str, Any]:
    info = st.info[cid]
    out = card_ref(st, cid)
    out.update({"used": info[USED], "defence": bool(info[DEFENCE]), "samurai": bool(info[SAMURAI]),
                "captured_by": info[CAPTOR], "kept": info[KEPT],
                "under_gate": _backs(st, st.gate.get(cid, []))})
    return out


def _backs(st: ImperialState, cards: list[int]) -> dict[str, int]:
    """Face-down cards as others see them: how many of each back."""
    common = sum(1 for c in cards if st.cards[c].common)
    return {"common": common, "empire": len(cards) - common}


def _player_view(st: ImperialState, s: int, seat: int | None) -> dict[str, Any]:
    rows: dict[str, list[dict[str, Any]]] = {r: [] for r in ROWS}
    for cid in st.locs[s]:
        rows[st.cards[cid].type].append(_location(st, cid))
    mine = seat == s
    return {
        "empire": st.emp[s],
        "vp": st.vp[s],
        "score": st.vp[s] + location_points(st, s),
        "goods": dict(zip(SUPPLY_GOODS, st.goods[s], strict=True)),
        "kept_on_warehouses": list(st.stash_w[s]),
        "passed": st.passed[s],
        "hand": list(st.hand[s]) if mine else None,
        "hand_count": len(st.hand[s]),
        "hand_common_count": sum(1 for c in st.hand[s] if st.cards[c].common),
        "hand_known": list(st.known[s]),
        # the card the viewer passed in the alternative lookout and saw this player keep
        "hand_seen": [] if seat is None or mine else [c for c in st.hand_seen[seat]
                                                      if c in st.hand[s]],
        "locations": rows,
        # foundations face down from a hand are secret; razed locations were seen by all
        "foundations": list(st.fnd[s]) if mine else [
            c for c in st.fnd[s] if c not in st.fnd_hidden[s]],
        "foundation_count": len(st.fnd[s]),
        "secret_foundations": _backs(st, st.fnd_hidden[s]),
        "empire_discard_cards": list(st.fdiscard[st.emp[s]]),
        # «подкладываются под планшет… так, чтобы игроку был виден только бонус сделки» (L199)
        "deals": list(st.deals[s]) if mine else [
            c if seat is not None and c in st.deal_known[seat] else None for c in st.deals[s]],
        "deal_goods": [st.cards[c].deal for c in st.deals[s]],
        "route_deals": list(st.route[s]),
        "captures_left": st.captures[s],
        "empire_deck": len(st.fdeck[st.emp[s]]),
        "empire_discard": len(st.fdiscard[st.emp[s]]),
    }


def state_view(st: ImperialState, seat: int | None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "cards": card_table(st.cards),   # public: what every card is (not where it is)
        "round": st.round,
        "phase": st.phase,
        "first": st.first,
        "turn": st.turn,
        "acted": st.acted,   # the turn's main action is done (free actions or EndTurn left)
        "lookout": st.lookout_variant,
        "peaceful": st.peaceful,
        "row": list(st.row),
        "common_deck": len(st.common_deck),
        "common_discard": list(st.common_discard),   # discards lie face up
        "players": [_player_view(st, s, seat) for s in range(st.players)],
        "pending": _pending_view(st, seat),
    }
    # an empire a user's board file names otherwise than the catalog: the catalog key of
    # its name (content.load_empires), for the board's words (a card's name is in ``cards``)
    names = {f"imperial.empire.{e}": b["key"] for e, b in st.boards.items()
             if b["key"] != f"imperial.empire.{e}"}
    if names:
        view["names"] = names
    d = st.draft
    if d.get("mode") == "alt":
        view["alt_lookout"] = {
            "step": d["step"],
            "offer": list(d["offer"][seat]) if seat is not None else None,
            "picked": [c >= 0 for c in d["choice"]],
            "my_pick": d["choice"][seat] if seat is not None else None,
            "offer_counts": [len(o) for o in d["offer"]],
            # step 2: the cards this seat passed, the next seat's offer now (L730)
            "passed": list(d["offer"][(seat + 1) % st.players])
            if seat is not None and d["step"] == 2 else None,
        }
    if st.solo:
        view["solo"] = {
            "opponent_locations": list(st.virtual),
            "attack_row": [st.attack_goods[c] for c in st.attack_row],
            "attack_deck": len(st.attack_deck),
            "attack_deals": [st.attack_goods[c] for c in st.attack_deals],
            "trophies": len(st.trophies),
            "empire_locations": empire_locations(st, 0),
            "achievement": achievement(st),
        }
    return view


def _pending_view(st: ImperialState, seat: int | None) -> dict[str, Any] | None:
    if not st.pending:
        return None
    p = st.pending[-1]
    out: dict[str, Any] = {"kind": p["kind"], "seat": p["seat"], "await": p["await"]}
    if p["seat"] == seat or p["kind"] not in PRIVATE_PENDING:
        out["options"] = [list(o) for o in p["options"]]
        if "card" in p and (p["seat"] == seat or p["kind"] not in ("build", "deal")):
            out["card"] = p["card"]
    return out


def redact_action(st: ImperialState, actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
    st.check_redacted(actor, action, viewer)
    if viewer == actor or isinstance(action, (Build, RazeCard, RazeLocation,
                                              Activate, Pass, Exchange, PlaceDefence,
                                              PlaceSamurai, PutOnShrine)):
        return action.to_json()
    out = action.to_json()
    for key in ("card", "option", "deck", "gold"):
        if key in out:
            out[key] = None
    return out


_TABLES: dict[int, tuple[Any, list[dict[str, Any]]]] = {}


def card_table(cards: Any) -> list[dict[str, Any]]:
    """The printed face of every card, by index (the same list for every view of a game:
    built once per card table, so views stay cheap and browsers get names, types, colours
    and costs even from a user's own card file)."""
    cached = _TABLES.get(id(cards))
    if cached is not None and cached[0] is cards:
        return cached[1]
    table = [{"id": c.id, "name": dict(c.name), "deck": c.deck, "type": c.type,
              "colours": list(c.colours), "cost": dict(c.cost), "foundation": c.foundation,
              "deal": c.deal, "raze": dict(c.raze) if c.raze else None} for c in cards]
    _TABLES[id(cards)] = (cards, table)
    return table
