"""The locations of one empire an opponent could raze, kept between actions (issue 19).

«ЧТОБЫ РАЗРУШИТЬ ЛОКАЦИЮ ПРОТИВНИКА» costs 2 raze tokens, +1 per defence token or samurai on
it, +1 for a common location of an empire with a guarding feature (``razing.raze_cost``). The
main turn's list asks, for every opponent, which of its locations the seat's raze tokens
reach; an empire grows to a dozen locations and more late in a game, and the rest of the
listing does not depend on it. So each empire's razeable locations and their costs are worked
out once and kept on the state (``st.raze_menu[owner]``, one immutable tuple per owner), and
dropped (``forget``) by the only changes that alter them: a location placed in the empire or
taken out of it, a defence token or a samurai placed on one, the tokens cleared at the end of
a round. Listing the razes of an opponent is then a comparison of the seat's tokens with the
dearest and the cheapest cost, and one loop only when the tokens reach some but not all.

A clone copies the per-owner list (its tuples are immutable and shared); the differential
test (``tests/games/imperial/test_imperial_kept_menus.py``) checks the kept tuples against
the from-scratch list at every step of seeded games.
"""

from __future__ import annotations

from settlers.games.imperial.actions import RazeLocation
from settlers.games.imperial.content import DEFENCE, SAMURAI
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.tables import has_passive_in

RAZE_LOCATION_COST = 2   # «за 2 жетона разрушения» (razing.RAZE_LOCATION_COST)

#: an owner's razes: (the cheapest cost, the dearest, ((cost, action), …), (action, …)),
#: in the order of the owner's locations
KeptRazes = tuple[int, int, tuple[tuple[int, RazeLocation], ...], tuple[RazeLocation, ...]]
NO_RAZES: KeptRazes = (1 << 30, 0, (), ())

# one instance per (owner, card): owners and card indices are few
_RAZE_LOCATION: dict[tuple[int, int], RazeLocation] = {}


def raze_location_action(target: int, cid: int) -> RazeLocation:
    action = _RAZE_LOCATION.get((target, cid))
    if action is None:
        action = _RAZE_LOCATION[(target, cid)] = RazeLocation(target, cid)
    return action


def owner_razes(st: ImperialState, owner: int) -> KeptRazes:
    """``owner``'s razeable locations with their costs (kept until ``forget``)."""
    kept = st.raze_menu[owner]
    if kept is None:
        kept = st.raze_menu[owner] = razes_from_scratch(st, owner)
    return kept


def razes_from_scratch(st: ImperialState, owner: int) -> KeptRazes:
    """What ``owner_razes`` keeps, worked out from the state."""
    t = st.tables
    loc_razeable = t.loc_razeable
    common = t.common
    info = st.info
    locs = st.locs[owner]
    guarded = None
    pairs: list[tuple[int, RazeLocation]] = []
    for cid in locs:
        if not loc_razeable[cid]:
            continue
        i = info[cid]
        cost = RAZE_LOCATION_COST + i[DEFENCE] + i[SAMURAI]
        if common[cid]:
            if guarded is None:
                guarded = has_passive_in(t, locs, "extra_defence")
            cost += guarded
        pairs.append((cost, raze_location_action(owner, cid)))
    if not pairs:
        return NO_RAZES
    costs = [cost for cost, _ in pairs]
    return min(costs), max(costs), tuple(pairs), tuple(action for _, action in pairs)


def forget(st: ImperialState, owner: int) -> None:
    """``owner``'s empire changed in a way that changes what razing it costs."""
    st.raze_menu[owner] = None


def forget_card(st: ImperialState, cid: int) -> None:
    """The location ``cid`` changed (a token or a samurai on it): its empire's list."""
    for owner, locs in enumerate(st.locs):
        if cid in locs:
            st.raze_menu[owner] = None


def forget_all(st: ImperialState) -> None:
    st.raze_menu = [None] * st.players


__all__ = ["NO_RAZES", "KeptRazes", "forget", "forget_all", "forget_card", "owner_razes",
           "raze_location_action", "razes_from_scratch"]
