"""The actions of Archipelago, as frozen dataclasses (JSON "type" = ``kind``)."""

from __future__ import annotations

from settlers.core import Action


# ---------------------------------------------------------------- turn 0 and exploration
class PlaceRegion(Action, kind="place_region"):
    """Lay a region: ``hex`` (0-23) showing ``side`` at axial (q, r) turned ``rot`` sixths;
    ``unit`` is the unit that moves in (-1 in turn 0)."""
    hex: int
    side: int
    q: int
    r: int
    rot: int
    unit: int


class RedrawHexes(Action, kind="redraw_hexes"):
    """Turn 0: none of my three hexes fits; discard them and draw three new (L117)."""


class ChooseCubes(Action, kind="choose_cubes"):
    """Discovery: the resource that goes to the domestic market, and the one I keep ('' none)."""
    market: str
    keep: str


class ChooseShores(Action, kind="choose_shores"):
    """Turn 0 on a strait region: the shore (0/1) of each inhabitant that lands (L725)."""
    shores: tuple[int, ...]


class TakeHex(Action, kind="take_hex"):
    pass


class SkipHex(Action, kind="skip_hex"):
    pass


class FailExplore(Action, kind="fail_explore"):
    pass


# ---------------------------------------------------------------- phase 2
class Bid(Action, kind="bid"):
    amount: int


class SetOrder(Action, kind="set_order"):
    order: tuple[int, ...]


# ---------------------------------------------------------------- phase 4 crises
class Supply(Action, kind="supply"):
    """Give one cube to the crisis: from the market board (``own`` False) or my screen."""
    own: bool


class Raise(Action, kind="raise"):
    unit: int


class UseChurch(Action, kind="use_church"):
    region: int


class PassCrisis(Action, kind="pass_crisis"):
    pass


class ExchangeToken(Action, kind="exchange_token"):
    """Turn an explorer token into a cube of any resource (L418)."""
    resource: str


# ---------------------------------------------------------------- phase 5
class Taxes(Action, kind="taxes"):
    pass


class Trade(Action, kind="trade"):
    """One trade transaction: ``market`` 0 domestic (I), 1 export (II)."""
    market: int
    resource: str
    buy: bool


class Explore(Action, kind="explore"):
    pass


class Reproduce(Action, kind="reproduce"):
    pass


class ReproduceIn(Action, kind="reproduce_in"):
    """Reproduction: add one inhabitant in ``region``, where I have exactly two (L545)."""
    region: int


class Recruit(Action, kind="recruit"):
    pass


class RecruitTo(Action, kind="recruit_to"):
    region: int
    shore: int = 0


class Migrate(Action, kind="migrate"):
    pass


class MoveUnit(Action, kind="move_unit"):
    """Migration of one unit to ``region``; ``building`` '' or the free building it enters."""
    unit: int
    region: int
    building: str


class Build(Action, kind="build"):
    """Build ``what`` (ship, town, market, port, church) in ``region``; ``by`` "ship": a port
    built (and occupied) by a ship of mine where an inhabitant of mine could build it too
    (L615, L647); a building: its inhabitant, who leaves it (L615, L623); "shore0"/"shore1":
    a free inhabitant on that shore of a strait region, where the player has free inhabitants
    on both (L625, L723); "": an inhabitant, or the ship when no inhabitant can."""
    what: str
    region: int
    by: str = ""


class Harvest(Action, kind="harvest"):
    resource: str


class HarvestWith(Action, kind="harvest_with"):
    unit: int


class UseBuilding(Action, kind="use_building"):
    """Use a market or port I control: two trades on its market for 1f (L643-671)."""
    region: int
    what: str


class Expel(Action, kind="expel"):
    """L715: from my town, move another player's striker out of the ``what`` (market or port)
    of ``region`` onto shore ``shore`` of the region (0 unless a strait region); it stays
    lying, and the building is mine through the town."""
    region: int
    what: str
    shore: int = 0


class UseCard(Action, kind="use_card"):
    """Activate an evolution card (mine, or an open one of another player for a fee)."""
    card: str
    arg: tuple[int, ...]


class BuildWonder(Action, kind="build_wonder"):
    card: str
    unit: int


class Done(Action, kind="done"):
    """Finish the current multi-step action (migration, recruitment, harvest, trades...)."""


class EndRound(Action, kind="end_round"):
    pass


# card sub-steps
class Pick(Action, kind="pick"):
    """A choice inside a card effect (a revealed card to buy, a resource, a hand...)."""
    value: str


class ThiefHands(Action, kind="thief_hands"):
    left: str
    right: str


# ---------------------------------------------------------------- phase 6
class BuyCard(Action, kind="buy_card"):
    """Buy the card in track slot ``slot`` and turn the card in ``turn`` (-1: none left)."""
    slot: int
    turn: int


class TurnTwo(Action, kind="turn_two"):
    first: int
    second: int


# ---------------------------------------------------------------- negotiation
class Propose(Action, kind="propose"):
    to: int


class AddGive(Action, kind="add_give"):
    item: str


class AddWant(Action, kind="add_want"):
    item: str


class SendOffer(Action, kind="send_offer"):
    pass


class CancelOffer(Action, kind="cancel_offer"):
    pass


class Answer(Action, kind="answer"):
    accept: bool


class Gift(Action, kind="gift"):
    to: int
    item: str


ACTION_CLASSES: tuple[type[Action], ...] = (
    PlaceRegion, RedrawHexes, ChooseCubes, ChooseShores, TakeHex, SkipHex, FailExplore, Bid, SetOrder,
    Supply, Raise, UseChurch, PassCrisis, ExchangeToken, Taxes, Trade, Explore, Reproduce,
    ReproduceIn, Recruit, RecruitTo, Migrate, MoveUnit, Build, Harvest, HarvestWith, UseBuilding, Expel, UseCard,
    BuildWonder, Done, EndRound, Pick, ThiefHands, BuyCard, TurnTwo, Propose, AddGive,
    AddWant, SendOffer, CancelOffer, Answer, Gift,
)
