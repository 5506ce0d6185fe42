"""The card data: 84 common cards, four 30-card empire decks, empire boards, attack cards.

Everything is read from ``data/*.json`` and checked by :func:`validate_cards`; the code only
interprets. Each physical card (copies included) is one row, addressed by its index 0..203.
A user may point the option ``cards`` at their own file with the same schema.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, NoReturn, TypeVar

from settlers.core import content_faults as cf
from settlers.core import user_files
from settlers.core.content_faults import shown
from settlers.core.errors import InvalidOption
from settlers.core.i18n import LANGUAGES, add_texts, catalog

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

# Upper bounds of the numbers and lists of a user's card file. A count of goods is gained,
# paid and enumerated (the ways to pay a cost, to fill «Склады», to raze: lists and loops as
# long as the count), so a hostile file must not choose it freely: each bound is a few times
# the largest value printed (imperial-settlers.ru.txt, as the shipped data/*.json hold it).
MAX_GOODS = 15          # goods of one kind on a card or an empire board (printed: at most 5,
#                         the Barbarians' «5 рабочих»)
MAX_ACTION_LIMIT = 6    # activations of an action per round (printed: 1 or 2)
MAX_PER_CAP = 20        # the cap («не больше») of a yield per colour (printed: 3 or 6)
MAX_PICK = 6            # empire cards revealed to pick one (printed: 2)
MAX_SAMURAI = 6         # samurai a card gives (printed: «Ниндзя», 2)
MAX_FEATURE_CAP = 10    # cards under a gate, goods kept on «Склады» (printed: 3)
MAX_ITEMS = 6           # yields of a card, its features, the goods offered by a choice
#                         (printed: at most 2)


class CardDataError(InvalidOption):
    """A content data file (cards, empire boards, attack cards) that does not follow its
    schema; the message names the card, board or attack card that is wrong, and the problem
    in the reader's language (settlers.core.content_faults). An option's error
    (InvalidOption), so whoever starts or loads a game reports it like any other."""


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
    # the catalog key of its name: ``imperial.card.<id>``, or ``imperial.user_<digest>.card.<id>``
    # for a name a user's file gives that the catalog does not hold (:func:`_user_keys`)
    key: str

    @property
    def common(self) -> bool:
        return self.deck == "common"

    def raze_goods(self) -> list[str]:
        """The raze bonus as a sorted multiset of goods (solo attacks compare pairs)."""
        out: list[str] = []
        for good, n in (self.raze or {}).items():
            out.extend([good] * n)
        return sorted(out)


def _fail(card_id: str, problem: dict[str, str]) -> NoReturn:
    raise CardDataError("imperial.content.card", card=shown(card_id), problem=problem)


def _file_fault(file: str, problem: dict[str, str]) -> NoReturn:
    """A fault of the whole file ``file`` (card, empire_board, attack_card)."""
    raise CardDataError("imperial.content.bad", file=f"imperial.content.{file}_file",
                        problem=problem)


def _what(name: str) -> str:
    return f"imperial.content.what.{name}"


def _check_goods(card_id: str, where: str, goods: Any, allowed: tuple[str, ...]) -> None:
    if not isinstance(goods, dict):
        _fail(card_id, cf.wrong_type(where, "core.type.object", goods))
    for good, n in goods.items():
        if good not in allowed:
            _fail(card_id, cf.unknown(_what("good"), good, allowed))
        if not cf.is_integer(n, 1, MAX_GOODS):
            _fail(card_id, cf.not_integer(f"{where}.{good}", n, 1, MAX_GOODS))


def _check_number(card_id: str, where: str, value: Any, hi: int) -> None:
    if not cf.is_integer(value, 1, hi):
        _fail(card_id, cf.not_integer(where, value, 1, hi))


def _check_list(card_id: str, where: str, items: Any, limit: int = MAX_ITEMS) -> None:
    if not isinstance(items, list):
        _fail(card_id, cf.wrong_type(where, "core.type.list", items))
    if len(items) > limit:
        _fail(card_id, cf.too_many(where, limit, len(items)))


def _check_yields(card_id: str, where: str, yields: Any) -> None:
    _check_list(card_id, where, yields)
    for item in yields:
        if not isinstance(item, dict):
            _fail(card_id, cf.wrong_type(where, "core.type.object", item))
        if "goods" in item:
            _check_goods(card_id, where, item["goods"], ALL_GOODS)
        elif "per" in item:
            if item["per"] not in PER_COUNTS:
                _fail(card_id, cf.unknown(_what("per"), item["per"], PER_COUNTS))
            if item.get("good") not in ALL_GOODS:
                _fail(card_id, cf.unknown(_what("good"), item.get("good"), ALL_GOODS))
            if "max" in item:
                _check_number(card_id, f"{where}.max", item["max"], MAX_PER_CAP)
        elif "choice" in item:
            _check_list(card_id, f"{where}.choice", item["choice"])
            for option in item["choice"]:
                _check_goods(card_id, where, option, ALL_GOODS)
        elif "pick" in item:
            _check_number(card_id, f"{where}.pick", item["pick"], MAX_PICK)
        elif "samurai" in item:
            _check_number(card_id, f"{where}.samurai", item["samurai"], MAX_SAMURAI)
        else:
            _fail(card_id, cf.fault("imperial.content.fault.yield", field=where,
                                    value=shown(item)))


_CARD_FIELDS = ("deck", "name", "colours", "type", "cost", "foundation", "deal", "raze",
                "reconstructed")


def _check_card(i: int, row: Any, seen: set[str]) -> str:
    """The deck of the card ``row`` (the ``i``-th of the file), which is checked."""
    if not isinstance(row, dict):
        _file_fault("card", cf.wrong_type(f"cards[{i}]", "core.type.object", row))
    cid = row.get("id")
    if not isinstance(cid, str) or not cid:
        _file_fault("card", cf.wrong_type(f"cards[{i}].id", "core.type.str", cid))
    if cid in seen:
        _fail(cid, cf.duplicate("id", cid))
    seen.add(cid)
    for key in _CARD_FIELDS:
        if key not in row:
            _fail(cid, cf.missing(key))
    if row["deck"] not in DECKS:
        _fail(cid, cf.unknown(_what("deck"), row["deck"], DECKS))
    if not _is_name(row["name"]):
        _fail(cid, cf.fault("core.content.fault.name", field="name"))
    _check_list(cid, "colours", row["colours"], len(COLOURS))
    for colour in row["colours"]:
        if colour not in COLOURS:
            _fail(cid, cf.unknown(_what("colour"), colour, COLOURS))
    if row["type"] not in TYPES:
        _fail(cid, cf.unknown(_what("type"), row["type"], TYPES))
    _check_goods(cid, "cost", row["cost"], ("W", "S", "F"))
    if row["deal"] is not None and row["deal"] not in ALL_GOODS:
        _fail(cid, cf.unknown(_what("deal"), row["deal"], ALL_GOODS))
    if row["deck"] == "common" and (row["deal"] is not None or row["foundation"]):
        _fail(cid, cf.fault("imperial.content.fault.common_extras"))
    if row["raze"] is not None:
        _check_goods(cid, "raze", row["raze"], ALL_GOODS)
    _check_yields(cid, "production", row.get("production", []))
    _check_yields(cid, "build_bonus", row.get("build_bonus", []))
    if row["type"] == "production" and not row.get("production"):
        _fail(cid, cf.fault("imperial.content.fault.needs_production"))
    features = row.get("features", [])
    _check_list(cid, "features", features)
    for feat in features:
        _check_feature(cid, feat)
    _check_action(cid, row)
    return str(row["deck"])


def _check_feature(cid: str, feat: Any) -> None:
    if not isinstance(feat, dict):
        _fail(cid, cf.wrong_type("features", "core.type.object", feat))
    if "on" in feat:
        if feat["on"] not in TRIGGERS:
            _fail(cid, cf.unknown(_what("trigger"), feat["on"], TRIGGERS))
        if "goods" not in feat:
            _fail(cid, cf.missing("features.goods"))
        _check_goods(cid, "features.goods", feat["goods"], ALL_GOODS)
        if feat.get("colour") is not None and feat["colour"] not in COLOURS:
            _fail(cid, cf.unknown(_what("colour"), feat["colour"], COLOURS))
    elif feat.get("passive") not in PASSIVES:
        _fail(cid, cf.unknown(_what("passive"), feat.get("passive"), PASSIVES))
    elif feat["passive"] == "warehouse" and "max" not in feat:
        _fail(cid, cf.missing("features.max"))
    if "max" in feat:
        _check_number(cid, "features.max", feat["max"], MAX_FEATURE_CAP)


def _check_action(cid: str, row: dict[str, Any]) -> None:
    action = row.get("action")
    if row["type"] == "action" and action is None:
        _fail(cid, cf.fault("imperial.content.fault.needs_action"))
    if action is None:
        return
    if not isinstance(action, dict):
        _fail(cid, cf.wrong_type("action", "core.type.object", action))
    for key in ("cost", "limit"):
        if key not in action:
            _fail(cid, cf.missing(f"action.{key}"))
    _check_goods(cid, "action.cost", action["cost"], COST_GOODS)
    _check_number(cid, "action.limit", action["limit"], MAX_ACTION_LIMIT)
    if "goods" in action:
        _check_goods(cid, "action.goods", action["goods"], ALL_GOODS)
    if action.get("op") is not None and action["op"] not in OPS:
        _fail(cid, cf.unknown(_what("op"), action["op"], OPS))
    if "goods" not in action and "op" not in action:
        _fail(cid, cf.fault("imperial.content.fault.action_goods_or_op"))


def _is_name(value: Any) -> bool:
    """A name in both languages: ``{"ru": text, "en": text}``."""
    return (isinstance(value, dict) and set(value) == {"ru", "en"}
            and all(isinstance(v, str) and v for v in value.values()))


def validate_cards(rows: Any) -> None:
    """Raise CardDataError unless ``rows`` follows the card schema."""
    if not isinstance(rows, list):
        _file_fault("card", cf.wrong_type("cards", "core.type.list", rows))
    seen: set[str] = set()
    per_deck = {d: 0 for d in DECKS}
    for i, row in enumerate(rows):
        per_deck[_check_card(i, row, seen)] += 1
    if per_deck["common"] != 84 or any(per_deck[e] != 30 for e in EMPIRES):
        _file_fault("card", cf.fault("imperial.content.fault.deck_sizes", counts=[
            {"deck": d, "count": n} for d, n in per_deck.items()]))


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
        key=f"imperial.card.{row['id']}",
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
    name {ru, en}, the goods produced each production phase, the good kept at cleanup; and
    ``key``, the catalog key of the name (``imperial.empire.<id>``, see :func:`_user_keys`)."""
    _check_file_flag("empire_board", data)
    empires = data.get("empires")
    if not isinstance(empires, dict) or set(empires) != set(EMPIRES):
        _file_fault("empire_board", cf.fault("imperial.content.fault.empires",
                                             known=cf.names(EMPIRES)))
    for name, board in empires.items():
        _check_board(name, board)
    return {name: {**board, "key": f"imperial.empire.{name}"} for name, board in empires.items()}


def _check_board(name: str, board: Any) -> None:
    def fail(problem: dict[str, str]) -> NoReturn:
        raise CardDataError("imperial.content.empire", empire=name, problem=problem)

    if not isinstance(board, dict):
        fail(cf.wrong_type(name, "core.type.object", board))
    for key in ("name", "production", "storage"):
        if key not in board:
            fail(cf.missing(key))
    if not _is_name(board["name"]):
        fail(cf.fault("core.content.fault.name", field="name"))
    if not isinstance(board["production"], dict):
        fail(cf.wrong_type("production", "core.type.object", board["production"]))
    for good, n in board["production"].items():
        if good not in SUPPLY_GOODS:
            fail(cf.unknown(_what("good"), good, SUPPLY_GOODS))
        if not cf.is_integer(n, 1, MAX_GOODS):
            fail(cf.not_integer(f"production.{good}", n, 1, MAX_GOODS))
    if board["storage"] not in SUPPLY_GOODS:
        fail(cf.unknown(_what("storage"), board["storage"], SUPPLY_GOODS))


ATTACK_CARDS = 16   # «Возьмите 16 карточек атаки»


def attack_cards_from(data: Any) -> tuple[str, ...]:
    """The solo attack cards of a parsed file ``{"reconstructed": bool, "attack_cards":
    [good, ...]}``: each card shows one target good."""
    _check_file_flag("attack_card", data)
    cards = data.get("attack_cards")
    if not isinstance(cards, list):
        _file_fault("attack_card", cf.wrong_type("attack_cards", "core.type.list", cards))
    if len(cards) != ATTACK_CARDS:
        _file_fault("attack_card", cf.count("attack_cards", ATTACK_CARDS, len(cards)))
    for i, good in enumerate(cards):
        if good not in ALL_GOODS:
            raise CardDataError("imperial.content.attack_card", number=i + 1,
                                problem=cf.unknown(_what("good"), good, ALL_GOODS))
    return tuple(cards)


def _check_file_flag(file: str, data: Any) -> None:
    if not isinstance(data, dict):
        _file_fault(file, cf.fault("core.content.fault.not_object"))
    if type(data.get("reconstructed")) is not bool:
        _file_fault(file, cf.wrong_type("reconstructed", "core.type.bool",
                                        data.get("reconstructed")))


def _read_user_file(path: str, file: str) -> Any:
    """The JSON of a user's data file ``file`` (card, empire_board, attack_card)."""
    try:
        return user_files.read_user_json(path)
    except user_files.UnreadableFile as exc:
        raise exc.said_as("imperial.content.unreadable", CardDataError,
                          what=f"imperial.content.{file}_file") from None


T = TypeVar("T")

# a fault the validators name by its place (a card, a board, an attack card, the whole file),
# said of a user's file: the same, with the file's name
_IN_FILE = {"imperial.content.card": "imperial.content.card_in_file",
            "imperial.content.empire": "imperial.content.empire_in_file",
            "imperial.content.attack_card": "imperial.content.attack_card_in_file",
            "imperial.content.bad": "imperial.content.bad_in_file"}


def _from_user_file(path: str, file: str, parse: Callable[[Any], T]) -> T:
    """``parse`` of the user's data file ``file`` (card, empire_board, attack_card) at
    ``path``: a fault names the file once, then the place in it and what is wrong."""
    data = _read_user_file(path, file)
    try:
        return parse(data)
    except CardDataError as exc:
        if exc.key not in _IN_FILE:
            raise
        raise CardDataError(_IN_FILE[exc.key], **exc.params,
                            path=shown(user_files.shown_name(path), 200),
                            title=f"imperial.content.{file}_file_title") from None


def load_cards(path: str | None = None) -> tuple[Card, ...]:
    """The shipped cards, or a user's replacement file (read every time)."""
    if path is None:
        return _shipped_cards()
    cards = _from_user_file(path, "card", cards_from)
    keys = _user_keys({f"card.{c.id}": c.name for c in cards})
    return tuple(dataclasses.replace(c, key=keys[f"card.{c.id}"]) if f"card.{c.id}" in keys
                 else c for c in cards)


def load_empires(path: str | None = None) -> dict[str, dict[str, Any]]:
    """The shipped empire boards, or a user's replacement file."""
    if path is None:
        return _shipped_boards()
    boards = _from_user_file(path, "empire_board", boards_from)
    keys = _user_keys({f"empire.{e}": board["name"] for e, board in boards.items()})
    for e, board in boards.items():
        board["key"] = keys.get(f"empire.{e}", board["key"])
    return boards


# ---------------------------------------------------------------- names
# Every card and empire board of a file is named in it, {ru, en} (``_is_name``): a user's file
# may give a card an id the catalog does not know, or a built-in id a name of its own. The
# names are what the log, the menus, the terminal and the web table show, as in Landnám's and
# Founders' files; the shipped files name everything as the catalog does.

def _user_keys(names: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """Of the names a user's file gives (``{"card.<id>": {"ru", "en"}}``), those the catalog
    does not hold under ``imperial.<entry>`` (a new id, or a built-in one renamed) become
    catalog entries under a prefix of their digest (two files may name one id differently):
    ``{entry: "imperial.user_<digest>.<entry>"}``."""
    def held(entry: str, name: Mapping[str, str]) -> bool:
        return all(catalog(__package__, lang).get(f"imperial.{entry}") == name[lang]
                   for lang in LANGUAGES)

    new = {entry: dict(name) for entry, name in names.items() if not held(entry, name)}
    if not new:
        return {}
    digest = hashlib.sha1(json.dumps(new, sort_keys=True).encode("utf-8")).hexdigest()[:10]
    keys = {entry: f"imperial.user_{digest}.{entry}" for entry in new}
    add_texts(__package__, {keys[entry]: name for entry, name in new.items()})
    return keys


def load_attack_cards(path: str | None = None) -> tuple[str, ...]:
    """The shipped solo attack cards, or a user's replacement file."""
    if path is None:
        return _shipped_attack_cards()
    return _from_user_file(path, "attack_card", attack_cards_from)


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
