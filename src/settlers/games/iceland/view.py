"""What each seat may see.

Hidden: other players' resource and fate cards (their counts are public: "называть общее
количество карт ресурсов или карт судьбы, если их спросят"), the order of the fate deck, the
bank's resource cards ("не позволяется пересчитывать"), and the choices already made in a
simultaneous Althing card window. The starting Exploration card is drawn in the open, so it
stays public until it is played. Unexplored positions are not hidden state: they are decided by
dice when explored, and the terrain, number and harbour supplies are public.
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.iceland.actions import Pass, PlayFate
from settlers.games.iceland.scoring import all_victory_points
from settlers.games.iceland.state import IcelandState


def view(s: IcelandState, seat: int | None) -> dict[str, Any]:
    out = s.public_data()
    for player, points in zip(out["players"], all_victory_points(s), strict=True):
        player["points"] = points
    out["althing"] = althing = s.althing_data()
    if seat is not None:
        if althing is not None and althing["window"] is not None:
            choices = s.al["window"]["choices"]  # type: ignore[index]
            if str(seat) in choices:
                althing["window"]["my_choice"] = choices[str(seat)]
        out["hand"] = dict(zip(s.c.resources, s.hands[seat], strict=True))
        out["fate_hand"] = list(s.fate[seat])
    return out


def redact_action(s: IcelandState, actor: int, action: Action,
                  viewer: int | None) -> dict[str, Any]:
    """Answers in an Althing card window are secret: others see only that one answered
    (cards that took effect are announced by events)."""
    s.check_redacted(actor, action, viewer)
    if viewer != actor and (isinstance(action, Pass) or (
            isinstance(action, PlayFate)
            and s.c.fate_cards.get(action.card) is not None
            and s.c.fate_cards[action.card].label == "althing")):
        return {"type": "fate_decision"}
    return action.to_json()
