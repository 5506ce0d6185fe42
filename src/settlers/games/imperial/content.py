"""The card data: 84 common cards, four 30-card empire decks, empire boards, attack cards.

Everything is read from ``data/*.json`` and checked by :func:`validate_cards`; the code only
interprets. Each physical card (copies included) is one row, addressed by its index 0..203.
A user may point the option ``cards`` at their own file with the same schema.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from settlers.core.content_sets import MAX_FILE_BYTES
from settlers.core.errors import InvalidOption

# Goods held in a player's supply, by index.
W, S, F, G, WK, RAZE, DEF = range(7)
SUPPLY_GOODS = ("W", "S", "F", "G", "Wk", "Raze", "Def")
GOOD_INDEX = {g: i for i, g in enumerate(SUPPLY_GOODS)}
RESOURCES = (W, S, F)
# The marks on a built location (``state.info[card]``): activations used this round, the
# defence token, a samurai, the seat that captured it with «Храм Ра» (-1: none), goods kept on
# it («Часовня»).
USED, DEFENCE, SAMURAI, CAPTOR, KEPT = range(5)                      # «Ресурсы: еда, дерево, камень»
RA_TOKENS = 4   # the Egyptians' «Храм Ра» capture tokens (``state.captures`` counts those left)
# Every good a card may show (Card: a card from either deck; CardC/CardF: common/empire only).
ALL_GOODS = (*SUPPLY_GOODS, "VP", "Card", "CardC", "CardF")
COST_GOODS = ("W", "S", "F", "G", "Wk", "Raze", "Card", "Deal")

EMPIRES = ("romans", "barbarians", "egyptians", "japanese")
DECKS = ("common", *EMPIRES)
COLOURS = ("black", "purple", "blue", "brown", "gold", "red", "pink", "gray")
TYPES = ("production", "feature", "action")
TRIGGERS = ("build", "raze", "raze_location", "deal", "samurai", "gold", "opponent_exchange")
PASSIVES = ("extra_defence", "gate", "chapel", "warehouse")
OPS = ("steal_resource", "raze_opponent", "discard_opponent", "raze_bonus_good", "raze_own",
       "cancel_opponent_deal", "take_opponent_deal", "deal_with_opponent", "build_from_deal",
       "build_faction_no_foundation", "activate_deal", "activate_other_action",
       "activate_production", "capture", "foundation_from_hand")
PER_COUNTS = (*COLOURS, "samurai")


class CardDataError(InvalidOption):
    """A content data file (cards, empire boards, attack cards) that does not follow its
    schema; the message names the card, board or attack card that is wrong. An option's
    error (InvalidOption), so whoever starts or loads a game reports it like any other."""

    def __init__(self, problem: str, /, key: str = "imperial.content.bad", **params: Any) -> None:
        super().__init__(key, problem=problem, **params)


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    deck: str
    name: dict[str, str]
    colours: tuple[str, ...]
    type: str
    cost: dict[str, int]
    foundation: bool
    deal: str | None
    raze: dict[str, int] | None
    production: tuple[dict[str, Any], ...]
    build_bonus: tuple[dict[str, Any], ...]
    features: tuple[dict[str, Any], ...]
    action: dict[str, Any] | None
    unrazeable: bool
    reconstructed: bool

    @property
    def common(self) -> bool:
        return self.deck == "common"

    def raze_goods(self) -> list[str]:
        """The raze bonus as a sorted multiset of goods (solo attacks compare pairs)."""
        out: list[str] = []
        for good, n in (self.raze or {}).items():
            out.extend([good] * n)
        return sorted(out)


def _fail(card_id: str, what: str) -> None:
    raise CardDataError(f"card {card_id}: {what}")


def _check_goods(card_id: str, where: str, goods: Any, allowed: tuple[str, ...]) -> None:
    if not isinstance(goods, dict):
        _fail(card_id, f"{where} must be an object of good -> count")
    for good, n in goods.items():
        if good not in allowed:
            _fail(card_id, f"{where} names an unknown good {good!r}")
        if type(n) is not int or n <= 0:
            _fail(card_id, f"{where}: {good} must be a positive integer")


def _check_yields(card_id: str, where: str, yields: Any) -> None:
    if not isinstance(yields, list):
        _fail(card_id, f"{where} must be a list")
    for item in yields:
        if "goods" in item:
            _check_goods(card_id, where, item["goods"], ALL_GOODS)
        elif "per" in item:
            if item["per"] not in PER_COUNTS or item.get("good") not in ALL_GOODS:
                _fail(card_id, f"{where}: bad per-count {item}")
        elif "choice" in item:
            for option in item["choice"]:
                _check_goods(card_id, where, option, ALL_GOODS)
        elif "pick" in item or "samurai" in item:
            pass
        else:
            _fail(card_id, f"{where}: unknown yield {item}")


def validate_cards(rows: Any) -> None:
    """Raise CardDataError unless ``rows`` follows the card schema."""
    if not isinstance(rows, list):
        raise CardDataError("the file must hold a list under 'cards'")
    seen: set[str] = set()
    per_deck = {d: 0 for d in DECKS}
    for row in rows:
        cid = row.get("id", "?")
        if cid in seen:
            _fail(cid, "duplicate id")
        seen.add(cid)
        for key in ("deck", "name", "colours", "type", "cost", "foundation", "deal", "raze",
                    "reconstructed"):
            if key not in row:
                _fail(cid, f"missing field {key!r}")
        if row["deck"] not in DECKS:
            _fail(cid, f"unknown deck {row['deck']!r}")
        per_deck[row["deck"]] += 1
        if set(row["name"]) != {"ru", "en"}:
            _fail(cid, "name needs ru and en")
        for colour in row["colours"]:
            if colour not in COLOURS:
                _fail(cid, f"unknown colour {colour!r}")
        if row["type"] not in TYPES:
            _fail(cid, f"unknown type {row['type']!r}")
        _check_goods(cid, "cost", row["cost"], ("W", "S", "F"))
        if row["deal"] is not None and row["deal"] not in ALL_GOODS:
            _fail(cid, f"unknown deal good {row['deal']!r}")
        if row["deck"] == "common" and (row["deal"] is not None or row["foundation"]):
            _fail(cid, "common cards have neither deals nor a foundation cost")
        if row["raze"] is not None:
            _check_goods(cid, "raze", row["raze"], ALL_GOODS)
        _check_yields(cid, "production", row.get("production", []))
        _check_yields(cid, "build_bonus", row.get("build_bonus", []))
        if row["type"] == "production" and not row.get("production"):
            _fail(cid, "a production location needs a production")
        for feat in row.get("features", []):
            if "on" in feat:
                if feat["on"] not in TRIGGERS:
                    _fail(cid, f"unknown trigger {feat['on']!r}")
                _check_goods(cid, "feature goods", feat["goods"], ALL_GOODS)
                if feat.get("colour") is not None and feat["colour"] not in COLOURS:
                    _fail(cid, f"unknown trigger colour {feat['colour']!r}")
            elif feat.get("passive") not in PASSIVES:
                _fail(cid, f"unknown feature {feat}")
        action = row.get("action")
        if row["type"] == "action" and action is None:
            _fail(cid, "an action location needs an action")
        if action is not None:
            _check_goods(cid, "action cost", action["cost"], COST_GOODS)
            if type(action["limit"]) is not int or action["limit"] < 1:
                _fail(cid, "action limit must be a positive integer")
            if "goods" in action:
                _check_goods(cid, "action goods", action["goods"], ALL_GOODS)
            if action.get("op") is not None and action["op"] not in OPS:
                _fail(cid, f"unknown action op {action['op']!r}")
            if "goods" not in action and "op" not in action:
                _fail(cid, "an action needs goods or an op")
    if per_deck["common"] != 84 or any(per_deck[e] != 30 for e in EMPIRES):
        raise CardDataError(f"deck sizes must be 84 common and 30 per empire, got {per_deck}")


def _to_card(index: int, row: dict[str, Any]) -> Card:
    return Card(
        index=index, id=row["id"], deck=row["deck"], name=dict(row["name"]),
        colours=tuple(row["colours"]), type=row["type"], cost=dict(row["cost"]),
        foundation=bool(row["foundation"]), deal=row["deal"],
        raze=dict(row["raze"]) if row["raze"] else None,
        production=tuple(row.get("production", ())),
        build_bonus=tuple(row.get("build_bonus", ())),
        features=tuple(row.get("features", ())), action=row.get("action"),
        unrazeable=bool(row.get("unrazeable", False)) or not row["raze"],
        reconstructed=bool(row["reconstructed"]),
    )


def _read_json(name: str) -> Any:
    return json.loads((resources.files(__package__) / "data" / name).read_text("utf-8"))


# ---------------------------------------------------------------- loading
# Each kind of content is parsed by a function of the parsed file (``cards_from``,
# ``boards_from``, ``attack_cards_from``): the shipped file under ``data/`` or a user's own
# file with the same schema, validated the same way.

def cards_from(data: Any) -> tuple[Card, ...]:
    """All 204 cards of a parsed card file ``{"cards": [...]}``, validated."""
    rows = data.get("cards") if isinstance(data, dict) else None
    validate_cards(rows)
    return tuple(_to_card(i, row) for i, row in enumerate(rows))  # type: ignore[arg-type]


def boards_from(data: Any) -> dict[str, dict[str, Any]]:
    """The four empire boards of a parsed file ``{"reconstructed": bool, "empires": {...}}``:
    name {ru, en}, the goods produced each production phase, the good kept at cleanup."""
    _check_file_flag("empire boards", data)
    empires = data.get("empires")
    if not isinstance(empires, dict) or set(empires) != set(EMPIRES):
        raise CardDataError(f"empire boards: 'empires' must describe exactly {', '.join(EMPIRES)}")
    for name, board in empires.items():
        if not isinstance(board, dict):
            raise CardDataError(f"empire {name}: the board must be an object")
        for key in ("name", "production", "storage"):
            if key not in board:
                raise CardDataError(f"empire {name}: missing field {key!r}")
        if not isinstance(board["name"], dict) or set(board["name"]) != {"ru", "en"}:
            raise CardDataError(f"empire {name}: name needs ru and en")
        _check_goods(name, "board production", board["production"], SUPPLY_GOODS)
        if board["storage"] not in SUPPLY_GOODS:
            raise CardDataError(f"empire {name}: unknown storage good {board['storage']!r}")
    return {name: dict(board) for name, board in empires.items()}


ATTACK_CARDS = 16   # «Возьмите 16 карточек атаки»


def attack_cards_from(data: Any) -> tuple[str, ...]:
    """The solo attack cards of a parsed file ``{"reconstructed": bool, "attack_cards":
    [good, ...]}``: each card shows one target good."""
    _check_file_flag("attack cards", data)
    cards = data.get("attack_cards")
    if not isinstance(cards, list) or len(cards) != ATTACK_CARDS:
        raise CardDataError(f"attack cards: 'attack_cards' must list {ATTACK_CARDS} goods")
    for i, good in enumerate(cards):
        if good not in ALL_GOODS:
            raise CardDataError(f"attack card {i + 1}: unknown good {good!r}")
    return tuple(cards)


def _check_file_flag(what: str, data: Any) -> None:
    if not isinstance(data, dict):
        raise CardDataError(f"{what}: the file must hold an object")
    if type(data.get("reconstructed")) is not bool:
        raise CardDataError(f"{what}: missing field 'reconstructed' (true or false)")


def _read_json(name: str) -> Any:
    return json.loads((resources.files(__package__) / "data" / name).read_text("utf-8"))


def _read_user_file(path: str, what: str) -> Any:
    """The JSON of a user's data file: a regular file of at most MAX_FILE_BYTES (a device or
    a pipe named as the file would be read without end)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise OSError("not a regular file")
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise OSError(f"larger than {MAX_FILE_BYTES} bytes")
        return json.loads(data.decode("utf-8"))
    except (OSError, ValueError) as exc:   # (ValueError: a NUL in the path, not UTF-8, not JSON)
        raise CardDataError(f"cannot read the {what} file {path}: {exc}",
                            key="imperial.content.unreadable", path=str(path)[:200],
                            what=f"imperial.content.{what.replace(' ', '_')}_file",
                            error=str(exc)) from None


def load_cards(path: str | None = None) -> tuple[Card, ...]:
    """The shipped cards, or a user's replacement file (read every time)."""
    return _shipped_cards() if path is None else cards_from(_read_user_file(path, "card"))


def load_empires(path: str | None = None) -> dict[str, dict[str, Any]]:
    """The shipped empire boards, or a user's replacement file."""
    if path is None:
        return _shipped_boards()
    return boards_from(_read_user_file(path, "empire board"))


def load_attack_cards(path: str | None = None) -> tuple[str, ...]:
    """The shipped solo attack cards, or a user's replacement file."""
    if path is None:
        return _shipped_attack_cards()
    return attack_cards_from(_read_user_file(path, "attack card"))


@lru_cache(maxsize=1)
def _shipped_cards() -> tuple[Card, ...]:
    return cards_from(_read_json("cards.json"))


@lru_cache(maxsize=1)
def _shipped_boards() -> dict[str, dict[str, Any]]:
    return boards_from(_read_json("empires.json"))


@lru_cache(maxsize=1)
def _shipped_attack_cards() -> tuple[str, ...]:
    return attack_cards_from(_read_json("attack_cards.json"))


def twin_indices(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """For each card, the first card with exactly the same data (copies in a deck): the
    legal actions offer one of identical copies in a hand."""
    first: dict[str, int] = {}
    out = []
    for card in cards:
        key = repr((card.deck, card.name, card.colours, card.type, card.cost, card.foundation,
                    card.deal, card.raze, card.production, card.build_bonus, card.features,
                    card.action, card.unrazeable))
        out.append(first.setdefault(key, card.index))
    return tuple(out)
