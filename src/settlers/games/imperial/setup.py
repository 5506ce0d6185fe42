"""«ПОДГОТОВКА К ИГРЕ».
"""

from __future__ import annotations

from settlers.core import InvalidOption
from settlers.core.content_sets import resolve as resolve_content
from settlers.core.seats import seats_from
from settlers.games.imperial.content import EMPIRES, RA_TOKENS, load_cards, load_empires
from settlers.games.imperial.decks import draw_card
from settlers.games.imperial.marks import NO_MARKS
from settlers.games.imperial.rounds import advance, start_round
from settlers.games.imperial.solo import solo_setup
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.tables import tables


def setup(st: ImperialState) -> None:
    """«ПОДГОТОВКА К ИГРЕ»."""
    st.cards = load_cards(resolve_content("imperial", "cards", st.options.get("cards")))
    st.tables = tables(st.cards)   # computed once per card table, shared by every clone
    st.twins = st.tables.twins
    st.boards = load_empires(resolve_content("imperial", "boards", st.options.get("boards")))
    st.solo = st.players == 1
    st.peaceful = bool(st.options["peaceful"])
    st.lookout_variant = st.options["lookout"]
    if st.solo and st.lookout_variant != "standard":   # the solo mode has its own
        raise InvalidOption("imperial.solo_lookout", value=st.lookout_variant)
    n = st.players
    st.emp = _choose_empires(st)
    st.common_deck = [c.index for c in st.cards if c.common]
    st.rng.shuffle(st.common_deck)
    st.common_discard = []
    st.fdeck = {}
    st.fdiscard = {}
    for empire in st.emp:
        pile = [c.index for c in st.cards if c.deck == empire]
        st.rng.shuffle(pile)
        st.fdeck[empire] = pile
        st.fdiscard[empire] = []
    st.goods = [[0] * 7 for _ in range(n)]
    st.vp = [0] * n
    st.hand = [[] for _ in range(n)]
    st.locs = [[] for _ in range(n)]
    st.marks = [NO_MARKS] * n   # what the locations tell of each empire (marks.py)
    st.fnd = [[] for _ in range(n)]
    st.fnd_hidden = [[] for _ in range(n)]  # laid face down from a hand
    st.deals = [[] for _ in range(n)]
    st.deal_known = [[] for _ in range(n)]   # others' deal cards a seat has seen
    st.route = [[] for _ in range(n)]   # «Торговый путь» deals
    st.known = [[] for _ in range(n)]   # hand cards all have seen taken
    st.hand_seen = [[] for _ in range(n)]   # cards in others' hands a seat has seen passed
    st.stash_w = [[0, 0, 0] for _ in range(n)]  # kept on «Склады»
    st.info = {}
    st.gate = {}
    st.captures = [RA_TOKENS if e == "egyptians" else 0 for e in st.emp]
    st.ra_start = sum(st.captures)   # the tokens missing from it are the captures
    st.passed = [False] * n
    st.pending = []
    st.round = 0
    st.producing = 0
    st.phase = "setup"
    st.first = 0 if st.solo else st.rng.randrange(n)
    st.turn = st.first
    st.turn_done = False
    st.acted = False
    st.row = []
    st.draft = {}
    st.finished = False
    solo_setup(st)
    # «каждый участник берёт по 2 карточки из общей колоды и по 2 из личной»
    for seat in seats_from(st.first, n):
        for _ in range(2):
            draw_card(st, seat, "common")
        for _ in range(2):
            draw_card(st, seat, "faction")
    start_round(st)
    advance(st)


def _choose_empires(st: ImperialState) -> list[str]:
    choice = st.options["empires"]
    if choice == "random":
        pool = list(EMPIRES)
        st.rng.shuffle(pool)
        return pool[: st.players]
    names = choice.split(",")
    if len(names) != st.players:
        raise InvalidOption("imperial.empires_count", value=choice, players=st.players)
    return names
