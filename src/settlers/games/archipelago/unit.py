"""The layout of a unit record, read as ``u[U.REGION]`` (``from ... import unit as U``).

``state.units[i]`` = ``[owner, ship, region, standing, engaged, building, icon, shore]``: region
``BOX`` (-1) is the box (not yet in play), ``WONDER`` (-2) a built wonder; building is '' or the
building it occupies; icon is the resource icon (index in the region's face) it is harvesting,
or -1; shore is 0 or 1 on a strait region (L729), else 0. Flat lists keep clones cheap.
"""

OWNER, SHIP, REGION, STANDING, ENGAGED, BUILDING, ICON, SHORE = range(8)
BOX, WONDER = -1, -2

__all__ = ["BOX", "BUILDING", "ENGAGED", "ICON", "OWNER", "REGION", "SHIP", "SHORE", "STANDING",
           "WONDER"]
