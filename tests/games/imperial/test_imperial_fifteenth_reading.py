"""A fifteenth reading of the rulebook (docs/audits/2026-12-07-fifteenth-imperial-rules.md): the
engine against a second referee written from the rule text (``imperial_referee_turns.py``,
which runs the first one's checks too) over seeded games of every size, lookout and the
peaceful variant, random and heuristic players, with the shared leak check on the views.
Line numbers are those of ``imperial-settlers.ru.txt``."""

import pytest
from imperial_referee_turns import TurnReferee

from settlers.games.imperial.heuristic import make_bot

# (players, seed, options): the solo mode, two to four players, each lookout, peaceful
VARIANTS = [(1, {}), (1, {"peaceful": True}), (2, {}), (3, {"lookout": "alternative"}),
            (4, {"lookout": "advanced"}), (3, {"peaceful": True}), (4, {}),
            (2, {"lookout": "advanced"})]
GAMES = [(*VARIANTS[k % 8][:1], 45000 + k, VARIANTS[k % 8][1]) for k in range(64)]
BOT_GAMES = [(*VARIANTS[k % 8][:1], 45500 + k, VARIANTS[k % 8][1]) for k in range(8)]


@pytest.fixture(scope="module")
def refereed():
    """One referee over every game (played once for the module's tests): random players, then
    heuristic bots in every seat with the views checked every 6 steps."""
    mp = pytest.MonkeyPatch()
    ref = TurnReferee()
    ref.install(mp)
    try:
        for players, seed, options in GAMES:
            ref.play_with(players, seed, options)
        for players, seed, options in BOT_GAMES:
            bots = [make_bot(seed * 10 + s) for s in range(players)]
            ref.play_with(players, seed, options, bots=bots, views_every=6)
    finally:
        mp.undo()
    return ref


def _findings(ref, *kinds):
    return [f for f in ref.findings if f[0].split()[0] in kinds]


def test_the_main_turn_offers_what_the_rules_allow(refereed):
    """L344-L358 one action or a pass; L410-L436 a build paid (gold for any resource, L181)
    with a location or foundation for an empire card that asks one (L652: not a captured one);
    L462-L469 a deal with an empire card and its deal good, for food or gold; L495-L500 a card
    of the hand razed for 1 token, common or Japanese; L510-L516, L387, L602 an opponent's
    location for 2 tokens and its guards, never a player who passed (L356), never in the
    peaceful variant (L766); L530-L538 an activation within its limit, paid once or twice;
    L554 an exchange with 2 workers; L385, L598 the defence token and samurai, before and after
    the main action."""
    assert _findings(refereed, "menu") == []
    assert refereed.checked["menu"] >= 5000 and refereed.checked["menu after"] >= 500


def test_production_and_razing_from_the_hand(refereed):
    """L316-L318 the board, every deal and every production location one controls (L652);
    L493-L498 a card razed from the hand: 1 token, its bonus, the card discarded."""
    assert _findings(refereed, "production", "raze") == []
    assert refereed.checked["production"] >= 600 and refereed.checked["raze card"] >= 600


def test_the_rounds_frame(refereed):
    """L266 the starting hands (2 common, 2 empire); L298-L304, L730, L736, L765, L806-L812 the
    lookout's cards; L373 the first player passed clockwise; L364 no cleanup in the fifth
    round; L276, L391 five rounds."""
    assert _findings(refereed, "starting", "lookout", "solo", "first", "cleanup",
                     "rounds") == []
    games = len(GAMES) + len(BOT_GAMES)
    assert refereed.checked["lookout"] >= 5 * games - 10


def test_the_first_referees_checks_hold_too(refereed):
    """The ninth reading's checks (solo attacks, action targets, builds, activations, deals,
    razing a location, the exchange, the cleanup, the turn order, the end) over these games."""
    assert _findings(refereed, "targets", "build", "activation", "deal", "exchange", "turn",
                     "score", "winners") == []
    assert refereed.checked["end"] == len(GAMES) + len(BOT_GAMES)


def test_views_hide_what_they_must(refereed):
    """L199 deals, L246/L254 the decks, L308 the hands, L730 the alternative lookout's picks:
    each seat's view (and the spectator's) is the same in a world re-dealt from what it may
    see (the shared ``check_views``), at every sixth step of the heuristic games."""
    assert refereed.checked["views"] >= 150


def _open_attacks(st, *goods):
    """The open attack cards of ``goods`` (newest first), the next attack card another."""
    cards = []
    for good in goods:
        cards.append(next(i for i, g in enumerate(st.attack_goods)
                          if g == good and i not in cards))
    st.attack_row = cards
    st.attack_deck = [i for i in range(len(st.attack_goods)) if i not in cards]


def test_solo_messenger_and_league_use_one_s_own_deals_not_the_open_attack_cards():
    """L818 «открытые карточки атаки – его сделками»: the virtual opponent's deals, for the
    actions that act on an opponent's deals («Шпионы», «Разбойники»). «Имперский посланник»
    and «Ганзейский союз» act on one's own deals — L716 («вы можете выбирать и такие сделки
    тоже»: one's «Торговый путь» deals besides those under one's board), L720 («а не только
    сделки под своим планшетом империи») —, so the open attack cards neither pay the League
    (which took them out of the attack row) nor give the Messenger their goods. A deal under
    the board and an attack card taken with «Шпионы» (the player's deal, L818/L664) do."""
    from imperial_scenario import give, scenario, to_deals, to_empire

    from settlers.core import IllegalAction
    from settlers.games.imperial.actions import Activate, Choose
    from settlers.games.imperial.content import G

    st = scenario("romans")
    messenger, league = to_empire(st, 0, "COM057"), to_empire(st, 0, "COM061")
    _open_attacks(st, "G", "Card", "VP")
    give(st, 0, Wk=3)
    menu = st.legal_actions(0)
    assert Activate(messenger) not in menu and Activate(league) not in menu
    with pytest.raises(IllegalAction):
        st.apply(0, Activate(league))
    assert len(st.attack_row) == 3 and st.vp[0] == 0

    # an attack card taken with «Шпионы» and a deal under the board are the player's own
    st.attack_deals.append(st.attack_row.pop(0))          # the gold card, now its deal
    workshop = to_deals(st, 0, "ROM001")                  # a deal of 1 stone
    assert Activate(messenger) in st.legal_actions(0)
    st.apply(0, Activate(messenger))
    assert sorted(a.option for a in st.legal_actions(0)) == [(0, 0), (3, 0)]   # not (2, i)
    st.apply(0, Choose((3, 0)))
    assert st.goods[0][G] == 1 and st.deals[0] == [workshop] and len(st.attack_row) == 2
