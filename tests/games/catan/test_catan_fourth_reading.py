"""Fourth reading of the almanac (shared/rules/catan-almanac.ru.txt) against the engine
(2026-12-06): the departures found, each built as an exact situation. Each test cites the lines
it checks (L…)."""

import pytest
from catan_scenario import give, hand, scenario

from settlers.core import IllegalAction
from settlers.games.catan.actions import PlayYearOfPlenty
from settlers.games.catan.content import RESOURCE_INDEX, YEAR_OF_PLENTY
from settlers.testing.refusals import refused

ME = 0


@pytest.mark.parametrize("named", [("brick", "ore"), ("ore", "brick")])
def test_year_of_plenty_takes_two_cards_named_in_either_order(named):
    """L268 «Изобретение: тот, кто играет эту карту, может сразу взять 2 любые карты сырья из
    резервной стопки»: which two cards, not the order they are named in. Sent explicitly (JSON
    in the terminal, any client), «руда и глина» was refused with «даёт две карты, которые есть
    в резерве» though the bank held both, while «глина и руда» was taken."""
    st = scenario(current=ME)
    st.dev[ME][YEAR_OF_PLENTY] = 1
    card = PlayYearOfPlenty(named)
    assert st.illegal_reason(ME, card) is None
    st.apply(ME, card)
    assert hand(st, ME) == {"brick": 1, "ore": 1}
    assert st.dev[ME][YEAR_OF_PLENTY] == 0 and st.dev_played


def test_year_of_plenty_in_either_order_still_needs_the_cards_in_the_bank():
    """L268 «из резервной стопки»: the order does not open a card the bank lacks."""
    st = scenario(current=ME)
    st.dev[ME][YEAR_OF_PLENTY] = 1
    st.bank[RESOURCE_INDEX["brick"]] = 0
    for named in (("ore", "brick"), ("brick", "ore")):
        assert refused(st, ME, PlayYearOfPlenty(named)).key == "catan.err.year_of_plenty_choice"
        with pytest.raises(IllegalAction):
            st.apply(ME, PlayYearOfPlenty(named))
    assert st.illegal_reason(ME, PlayYearOfPlenty(("ore", "grain"))) is None
    assert st.illegal_reason(ME, PlayYearOfPlenty(("grain", "ore"))) is None


def test_the_terminal_shows_a_discard_in_progress():
    """L160 (a 7: «сбрасывают половину карт»): the engine takes the
    discard card by card and changes the hand once everybody is done, so the terminal says
    how many cards are still owed and which are picked so far — to their owner only."""
    from settlers.games.catan import render, robber
    from settlers.games.catan.actions import Discard

    st = scenario(phases="separate", current=0)
    give(st, 1, brick=4, ore=4)
    robber.start_seven(st)
    st.apply(1, Discard("brick"))
    own = render.render(st, 1, "en", markup=False)
    assert "Discard 3 more cards" in own and "Picked so far: brick 1" in own
    assert "Сбросьте ещё 3 карты" in render.render(st, 1, "ru", markup=False)
    other = render.render(st, 0, "en", markup=False)
    assert "Discard 3 more" not in other and "Picked so far" not in other
