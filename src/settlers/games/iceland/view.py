"""What each seat may see.

Shown: every player's resource hand, kind by kind (``players[x].hand``). The cards lie face
down (L7), but every resource card that enters or leaves a hand does so in the open, and a
player who keeps count knows every hand: two of each kind at the start (L4), harvests and
famines by the dice (L26-27), the finder's card by the hex found (L50), trades «видимых всем
игрокам» (L53) and with the bank at a named rate (L52), builds at printed prices (L56-60), bids
played in court (L66). No resource card is ever drawn face down or taken unseen. The bank is
not shown (L5 «не позволяется пересчитывать количество оставшихся карт ресурсов в стопке»),
but it hides nothing either: it is the 24 cards of a kind (L27, ``bank_per_resource``) less
the hands.

Hidden: other players' fate cards (their number is public: L6 «называть общее количество карт
ресурсов или карт судьбы, если их спросят»; they are drawn face down, L4, L19, L50), the order
of the fate deck, and the choices already made in a simultaneous Althing card window. The
starting Exploration card is drawn in the open, so it stays public until it is played.
Unexplored positions are not hidden state: they are decided by dice when explored, and the
terrain, number and harbour supplies are public.
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.iceland.actions import Pass, PlayFate
from settlers.games.iceland.scoring import all_victory_points
from settlers.games.iceland.state import IcelandState


def view(s: IcelandState, seat: int | None) -> dict[str, Any]:
    out = s.public_data()
    resources = s.c.resources
    for player, points, hand in zip(out["players"], all_victory_points(s), s.hands,
                                    strict=True):
        player["points"] = points
        player["hand"] = dict(zip(resources, hand, strict=True))   # public by count (above)
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
