"""Tables computed once per content set and shared by every state that plays it (issue 19):
the price of a trade for every fill of a market zone, each face's sides after each rotation,
and which rotations of a face fit a cell given the sides around it. They are pure functions
of the printed components, so using them changes no rule — only how often it is computed.

``tables_of(content)`` builds them on first use and keeps them with the content set."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from settlers.games.archipelago.content import Content, Face, Row


def _row_holding(rows: tuple[Row, ...], slot: int) -> Row | None:
    for row in rows:
        if row.first <= slot < row.first + row.slots:
            return row
    return None


@dataclass
class Tables:
    #: buy[m][res][count]: the price of buying from zone ``res`` of board m holding ``count``
    #: cubes (the bottom-right cube's row, L485), None when empty; index up to the capacity
    buy: tuple[tuple[tuple[int | None, ...], ...], ...]
    #: sell[m][res][count]: the price of selling into it (the first free slot's row, L487),
    #: None when full
    sell: tuple[tuple[tuple[int | None, ...], ...], ...]
    #: held[m][res][count]: the row holding the bottom-right cube of a zone of board m with
    #: ``count`` cubes (``population.market_row``), None when empty; index up to the capacity
    held: tuple[tuple[tuple[Row | None, ...], ...], ...]
    #: masks[face edges][d][terrain] -> the rotations (bit ``rot``) of a face with those
    #: edges whose side in direction ``d`` shows ``terrain`` (``rotations``), made per face met
    masks: dict[str, tuple[dict[str, int], ...]] = field(default_factory=dict)
    #: labour[v] / stability[v]: the row of board III / IV holding the marker at ``v`` (up to
    #: the track's end; ``markers._row_of``)
    labour: tuple[dict[str, Any], ...] = ()
    stability: tuple[dict[str, Any], ...] = ()
    #: tables of the rules modules that depend on the content only, by name (or name and key)
    memo: dict[Any, Any] = field(default_factory=dict)

    def rotations(self, face: Face, sides: tuple[tuple[int, str], ...]) -> tuple[int, ...]:
        """The rotations of ``face`` whose side in each direction ``d`` of ``sides`` shows its
        terrain (``board.fits_sides`` for every rot, in order)."""
        masks = self.masks.get(face.edges)
        if masks is None:
            masks = self.masks[face.edges] = face_masks(face.edges)
        fit = 63
        for d, terrain in sides:
            fit &= masks[d].get(terrain, 0)
        return ROTATIONS_OF[fit]

    def masks_of(self, face: Face) -> tuple[dict[str, int], ...]:
        """``face_masks(face.edges)``, kept per edges."""
        masks = self.masks.get(face.edges)
        if masks is None:
            masks = self.masks[face.edges] = face_masks(face.edges)
        return masks


def face_masks(edges: str) -> tuple[dict[str, int], ...]:
    """For each direction ``d``, terrain -> the rotations (bit ``rot``) of a face with
    ``edges`` whose side in direction ``d`` shows that terrain (``edges[(d - rot) % 6]``)."""
    masks: tuple[dict[str, int], ...] = tuple({} for _ in range(6))
    for d in range(6):
        for rot in range(6):
            terrain = edges[(d - rot) % 6]
            masks[d][terrain] = masks[d].get(terrain, 0) | 1 << rot
    return masks


#: a set of rotations (bit ``rot``) -> those rotations, ascending
ROTATIONS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(rot for rot in range(6) if fit >> rot & 1) for fit in range(64))


def market_rows(content: Content, market: int, res: int) -> tuple[Row, ...]:
    return (content.domestic, content.export)[market][res]


def build(content: Content) -> Tables:
    buy = []
    sell = []
    held = []
    for market in (0, 1):
        mb = []
        ms = []
        mh = []
        for res in range(6):
            rows = market_rows(content, market, res)
            cap = content.capacity(market, res)
            b: list[int | None] = [None]
            h: list[Row | None] = [None]
            for count in range(1, cap + 1):
                row = _row_holding(rows, count - 1)
                b.append((row or rows[-1]).price)
                h.append(row or rows[-1])
            s: list[int | None] = []
            for count in range(cap + 1):
                row = _row_holding(rows, count)
                s.append(None if row is None else row.price)
            mb.append(tuple(b))
            ms.append(tuple(s))
            mh.append(tuple(h))
        buy.append(tuple(mb))
        sell.append(tuple(ms))
        held.append(tuple(mh))
    return Tables(tuple(buy), tuple(sell), tuple(held), labour=_track(content.labour),
                  stability=_track(content.stability))


def _track(rows: tuple[dict[str, Any], ...]) -> tuple[dict[str, Any], ...]:
    """The row holding each value from 0 to the last row's end (``markers._row_of``)."""
    out = []
    for v in range(rows[-1]["to"] + 1):
        out.append(next((row for row in rows if row["from"] <= v <= row["to"]), rows[-1]))
    return tuple(out)


def tables_of(content: Content) -> Tables:
    try:   # (an attribute read: cheaper than ``content.__dict__.get``, issue 19)
        return content._tables  # type: ignore[attr-defined,no-any-return]
    except AttributeError:
        got = build(content)
        # a cache beside the frozen fields: not a field, so equality and the digest ignore it
        object.__setattr__(content, "_tables", got)
        return got
