"""Audit of the card abilities against the rulebook and the printed card facts.

First every card's data against ``imperial-settlers-cards.csv`` (cost, foundation, deal, raze,
type, colour, activation limit, build bonus, the common cards' short abilities); then one
scenario per kind of ability that no other test file plays through: the situation is built
with the scenario helpers and played with the legal actions.
"""

import re

from imperial_scenario import (
    empire,
    give,
    play_with,
    printed_facts,
    scenario,
    supply,
    to_empire,
    to_hand,
)

from settlers.games.imperial import cleanup, production
from settlers.games.imperial.actions import (
    Activate,
    Build,
    Choose,
    Draw,
    EndTurn,
    MakeDeal,
    Pass,
    Pay,
)
from settlers.games.imperial.content import USED, load_cards
from settlers.games.imperial.invariants import problems
from settlers.testing.refusals import refused

FACT_GOOD = {"W": "W", "S": "S", "F": "F", "G": "G", "Wk": "Wk", "VP": "VP", "Card": "Card",
             "RazeTok": "Raze"}
WORD_GOOD = {"wood": "W", "stone": "S", "food": "F", "gold": "G", "worker": "Wk",
             "workers": "Wk", "sword": "Raze", "card": "Card", "deal": "Deal", "VP": "VP"}
FACT_COLOUR = {"grey": "gray"}




def _goods(text):
    """«W 2S» → {"W": 1, "S": 2}; «—» or nothing → None."""
    text = text.strip()
    if text in ("", "—"):
        return None
    out = {}
    for token in text.split():
        n, good = re.fullmatch(r"(\d*)(\w+)", token).groups()
        out[FACT_GOOD[good]] = out.get(FACT_GOOD[good], 0) + int(n or 1)
    return out


def _listed(text):
    """«1 worker and 2 stone» / «1 wood, 1 stone, 1 food» → goods."""
    out = {}
    for n, word in re.findall(r"(\d+) (\w+)", text):
        out[WORD_GOOD[word]] = out.get(WORD_GOOD[word], 0) + int(n)
    return out


def _build_bonus(text):
    """«1 Card, #brown, max6 VP» → [{"goods": {"Card": 1}}, {"per": "brown", ...}]."""
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        if part.startswith("#"):
            colour = part[1:]
            out.append({"per": FACT_COLOUR.get(colour, colour), "good": "VP"})
        elif part.startswith("max"):
            out[-1]["max"] = int(re.search(r"\d+", part).group())
        else:
            out.append({"goods": _goods(part.replace(" ", ""))})   # «1 Card»
    return out


OPS_BY_TEXT = {"build card cheaper": "build_faction_no_foundation",
               "activate another action": "activate_other_action",
               "activate a deal": "activate_deal",
               "activate production location": "activate_production"}


def test_every_card_agrees_with_the_printedprinted_facts():
    """All 204 cards: deck, type, colours, cost, foundation, deal good, raze bonus and (where
    the facts give it) the activation limit agree with ``imperial-settlers-cards.csv``."""
    facts = printed_facts()
    cards = {c.id: c for c in load_cards()}
    assert set(cards) == set(facts) and len(facts) == 204
    wrong = []
    for card_id, fact in facts.items():
        card = cards[card_id]
        colours = () if fact["colour"] == "None" else tuple(
            c.lower() for c in fact["colour"].split("/"))
        deal = None if fact["deal"] in ("", "—") else FACT_GOOD[fact["deal"]]
        checks = {
            "deck": (fact["deck"], card.deck),
            "type": (fact["type"].lower(), card.type),
            "colours": (colours, card.colours),
            "cost": (_goods(fact["cost"]) or {}, card.cost),
            "foundation": (fact["needs_foundation"] == "yes", card.foundation),
            "deal": (deal, card.deal),
            "raze": (_goods(fact["raze"]), card.raze),
        }
        if fact["type"] == "Action" and fact["activation_limit"]:
            checks["limit"] = (int(fact["activation_limit"]), card.action["limit"])
        wrong += [(card_id, what, a, b) for what, (a, b) in checks.items() if a != b]
    assert wrong == []


def test_common_abilities_and_build_bonuses_agree_with_theprinted_facts():
    """The 84 common cards' short abilities («Produce 1 stone», «Spend 1 worker and 2 stone
    to get 3 VP», «On build grey, get 1 gold and 1 VP», «On raze, gain VP») and build bonuses
    («1 Card, #brown, max6 VP»). A production card's build bonus is a bonus of its own, also
    where it equals the production (15 common cards): L420/L446 «единовременный и не зависящий
    от типа локации бонус», L422 «вы сразу получаете обе награды» (rules 2026-12-07.2; before,
    those 15 were read as the production given at once, L418, and got it once)."""
    facts = printed_facts()
    wrong = []
    for card in load_cards():
        if not card.common:
            continue
        fact = facts[card.id]
        text = fact["ability_short"]
        bonus = _build_bonus(fact["build_bonus"])
        got = list(card.build_bonus)
        if (m := re.fullmatch(r"Produce (\d+) (\w+)", text)):
            good = WORD_GOOD[m[2]]
            expected = ({"goods": {good: int(m[1])}},)
            if card.production != expected:
                wrong.append((card.id, "production", card.production))
        elif (m := re.fullmatch(r"Produce X (\w+)", text)):
            good = WORD_GOOD[m[1]]
            if [p.get("good") for p in card.production if "per" in p] != [good]:
                wrong.append((card.id, "per-colour production", card.production))
        elif (m := re.fullmatch(r"Spend (.+) to (get (.+)|.+)", text)):
            action = card.action or {}
            if action.get("cost") != _listed(m[1]):
                wrong.append((card.id, "action cost", action.get("cost")))
            if m[3] is not None and action.get("goods") != _listed(m[3]):
                wrong.append((card.id, "action goods", action.get("goods")))
            if m[3] is None and action.get("op") != OPS_BY_TEXT[m[2]]:
                wrong.append((card.id, "action op", action.get("op")))
        elif (m := re.fullmatch(r"On build (\w+), get 1 gold and 1 VP", text)):
            colour = FACT_COLOUR.get(m[1], m[1])
            if card.features != ({"on": "build", "colour": colour, "goods": {"G": 1, "VP": 1}},):
                wrong.append((card.id, "feature", card.features))
        elif text == "On raze, gain VP":
            if card.features != ({"on": "raze", "goods": {"VP": 1}},):
                wrong.append((card.id, "feature", card.features))
        elif text.startswith("On build, gain #"):
            pass                      # the per-colour VP is the build bonus, checked below
        elif text == "<free foundation>":
            if card.cost or card.colours or not card.unrazeable:
                wrong.append((card.id, "ruins", card.cost))
        elif text != "Produce Y Z":
            wrong.append((card.id, "unread ability", text))
        if got != bonus:
            wrong.append((card.id, "build bonus", got, bonus))
    assert wrong == []


# ------------------------------------------------------------------ production locations
def test_production_with_another_build_bonus_gives_both_farmers_at_work():
    """«Примечание 3: Если у локации с производством есть ещё и бонус строительства, вы
    сразу получаете обе награды». COM016 «Produce Y Z», build bonus «1 Card»: built, it gives
    a worker, a food and a card; in a production phase only the worker and the food."""
    st = scenario("romans", "barbarians")
    farmers = to_hand(st, 0, "COM016")
    assert Build(farmers) not in st.legal_actions(0)          # 3 wood, none in the supply
    play_with(st, 0, Build(farmers), W=3)
    assert supply(st, 0) == {"Wk": 1, "F": 1}
    assert st.legal_actions(0) == [Draw("common"), Draw("faction")]
    st.apply(0, Draw("common"))
    assert [st.cards[c].deck for c in st.hand[0]] == ["common"]
    st.goods[0] = [0] * 7
    production.produce_for(st, 0)
    assert st.goods[0][4] == 2 + 1 and st.goods[0][2] == 1     # the board's 2 workers + 1
    assert not st.pending and len(st.hand[0]) == 1             # no card when producing


def test_production_of_a_card_asks_the_deck_each_phase_watchtower():
    """COM065 «Produce 1 card»; «Карточки, если не уточнено особо, можно брать либо из личной
    имперской колоды, либо из общей (выбор за самим игроком)»."""
    st = scenario("romans", "barbarians")
    to_empire(st, 0, "COM065")
    production.produce_for(st, 0)
    assert st.legal_actions(0) == [Draw("common"), Draw("faction")]
    assert st.legal_actions(1) == []                            # the owner answers
    st.apply(0, Draw("faction"))
    assert [st.cards[c].deck for c in st.hand[0]] == ["romans"]


def test_production_of_victory_points_monument():
    """COM026 «Produce 1 VP»: «ПО начисляются перемещением жетона империи по счётчику» — at
    once when built and in every production phase."""
    st = scenario("romans", "barbarians")
    monument = to_hand(st, 0, "COM026")
    assert Build(monument) not in st.legal_actions(0)
    play_with(st, 0, Build(monument), S=1)
    assert st.vp[0] == 1 and supply(st, 0) == {}
    production.produce_for(st, 0)
    assert st.vp[0] == 2


# ------------------------------------------------------------------ build bonuses
def test_per_colour_build_bonus_stops_at_its_cap_statue():
    """COM001 «On build, gain #grey VP», build bonus «#grey, max 6 VP» (no card: the facts give
    none): seven grey locations and the Statue score 6, not 8."""
    st = scenario("romans", "barbarians")
    empire(st, 0, "COM008", "COM009", "COM010", "COM011", "COM033", "COM034", "COM035")
    statue = to_hand(st, 0, "COM001")
    play_with(st, 0, Build(statue), W=1, S=2)
    assert st.vp[0] == 6 and st.hand[0] == [] and not st.pending


def test_fixed_build_bonus_on_an_empire_feature_idol():
    """BAR027 Idol: 3 stone and a location to discard («needs_foundation=yes»), «on-build:
    SCORE_FOUR_POINTS»: 4 VP once; it cannot be built without a location or foundation."""
    st = scenario("barbarians", "romans")
    idol = to_hand(st, 0, "BAR027")
    give(st, 0, S=3)
    assert Build(idol) not in st.legal_actions(0)               # nothing to discard
    ruins = to_empire(st, 0, "COM069")
    st.apply(0, Build(idol))
    assert idol in st.locs[0] and ruins not in st.locs[0] and st.vp[0] == 4
    assert supply(st, 0) == {}


def test_empire_card_with_no_cost_still_needs_a_foundation_golden_bazaar():
    """EGY009 «golden bazaar»: cost «—» but «needs_foundation=yes» — built for nothing but a
    discarded location or foundation."""
    st = scenario("egyptians", "romans")
    bazaar = to_hand(st, 0, "EGY009")
    assert Build(bazaar) not in st.legal_actions(0)
    st.fnd[0].append(to_hand(st, 0, "COM007"))
    st.hand[0].remove(st.fnd[0][0])
    st.apply(0, Build(bazaar))
    assert st.locs[0] == [bazaar] and st.fnd[0] == [] and supply(st, 0) == {}


def test_action_location_with_a_build_bonus_court_sculptor():
    """COM036 «Spend 1 stone to get 1 VP», limit 2, build bonus «1 Card»: the card comes at
    once; the action may be used twice a round (twice in a row paying double), not thrice."""
    st = scenario("romans", "barbarians")
    st.passed[1] = True
    sculptor = to_hand(st, 0, "COM036")
    play_with(st, 0, Build(sculptor), S=1)
    assert st.legal_actions(0) == [Draw("common"), Draw("faction")]
    st.apply(0, Draw("common"))
    assert len(st.hand[0]) == 1
    give(st, 0, S=3)
    assert Activate(sculptor, 2) in st.legal_actions(0)
    st.apply(0, Activate(sculptor, 2))
    assert st.vp[0] == 2 and st.goods[0][1] == 1
    assert refused(st, 0, Activate(sculptor)).key == "imperial.limit_reached"


# ------------------------------------------------------------------ features
def test_feature_on_building_a_colour_gives_a_worker_slaver():
    """EGY006 «slaver» (pink; reconstructed: 1 worker each time a pink location is built —
    «Каждый раз, построив…», the feature itself counted): a red location gives nothing."""
    st = scenario("egyptians", "romans")
    slaver = to_hand(st, 0, "EGY006")
    to_empire(st, 0, "COM069")
    play_with(st, 0, Build(slaver), S=1)
    assert st.goods[0][4] == 1
    st.apply(1, Pass())
    village, field = to_hand(st, 0, "COM012"), to_hand(st, 0, "COM023")
    play_with(st, 0, Build(village), W=1)
    assert st.goods[0][4] == 1 + 1 + 1 + 1       # the feature + production + building bonus
    play_with(st, 0, Build(field), W=1, F=1)
    assert st.goods[0][4] == 4 and st.goods[0][2] == 2         # red: no worker


# ------------------------------------------------------------------ actions
def test_acting_troupe_uses_a_spent_action_location_once_more():
    """COM041 «Spend 1 worker to activate another action» (reconstructed: another of one's
    action locations once more, paying its cost, its own limit untouched); the troupe itself
    once a round and never on itself."""
    st = scenario("romans", "barbarians")
    troupe, mine = empire(st, 0, "COM041", "COM021")
    st.passed[1] = True
    give(st, 0, Wk=4)
    st.apply(0, Activate(mine, 2))                              # the Gold Mine's 2 uses
    assert refused(st, 0, Activate(mine)).key == "imperial.limit_reached"
    st.apply(0, Activate(troupe))                               # 1 worker, then the mine's
    assert supply(st, 0) == {"G": 3} and st.info[mine][0] == 2
    give(st, 0, Wk=2)
    assert refused(st, 0, Activate(troupe)).key == "imperial.limit_reached"
    st2 = scenario("romans", "barbarians")
    troupe = to_empire(st2, 0, "COM041")
    give(st2, 0, Wk=5)
    assert Activate(troupe) not in st2.legal_actions(0)         # no other action location


def test_acting_troupe_use_paid_with_a_card_never_leaves_a_negative_mark():
    """The use marks are the goods laid on a location (L531 «Товары остаются на карточке до
    конца раунда… Воспользоваться действием каждой отдельной локации можно только один раз за
    раунд, если на самой карточке не сказано иного»; L638/L712 a worker laid instead «чтобы
    показать, что действие локации было использовано»), thrown away at the cleanup (L369):
    never fewer than none. «Бродячие актёры» (COM041, reconstructed) give one more use that does
    not count against the target's limit. With a target paid by a chosen card («Таверна»,
    COM049: 1 card → 2 VP, once a round) the choice of the card was asked with the Tavern's
    mark at −1 (the random verification games 119 and 159); the mark stays 0 instead, and the
    Tavern's own use is still there, once."""
    st = scenario("romans", "barbarians")
    troupe, tavern = empire(st, 0, "COM041", "COM049")
    st.passed[1] = True
    first, second = to_hand(st, 0, "COM001"), to_hand(st, 0, "COM002")
    give(st, 0, Wk=1)
    st.apply(0, Activate(troupe))          # 1 worker; the Tavern, the only target, at once
    assert st.pending[-1]["kind"] == "activate" and st.pending[-1]["slot"] == "paid_cards"
    assert st.info[tavern][USED] == 0 and problems(st) == []
    tavern_seen = [loc for loc in st.view(1)["state"]["players"][0]["locations"]["action"]
                   if loc["card"] == tavern]
    assert tavern_seen[0]["used"] == 0
    st.apply(0, Choose((first,)))
    assert st.vp[0] == 2 and st.hand[0] == [second] and st.info[tavern][USED] == 0
    assert problems(st) == []
    # legal: the Tavern's own use, untouched by the extra one
    assert Activate(tavern) in st.legal_actions(0)
    st.apply(0, Activate(tavern))
    assert st.vp[0] == 4 and st.info[tavern][USED] == 1 and problems(st) == []
    # illegal: a second use of the Tavern, and the troupe again
    to_hand(st, 0, "COM003")
    give(st, 0, Wk=1)
    assert refused(st, 0, Activate(tavern)).key == "imperial.limit_reached"
    assert refused(st, 0, Activate(troupe)).key == "imperial.limit_reached"
    # the cleanup throws the goods away: no mark left (L369)
    cleanup.cleanup(st)
    assert st.info[tavern][USED] == 0 and st.info[troupe][USED] == 0


def test_acting_troupe_use_paid_food_or_gold_never_leaves_a_negative_mark():
    """The same with a target whose payment is asked as food or gold («Свинарь», COM053:
    1 worker and 1 food → 2 VP; gold stands in for the food): no mark while it is asked, none
    after (the verification game 681 saw −1)."""
    st = scenario("romans", "barbarians")
    troupe, farmer = empire(st, 0, "COM041", "COM053")
    st.passed[1] = True
    give(st, 0, Wk=3, F=1, G=1)
    st.apply(0, Activate(troupe))
    assert st.pending[-1]["kind"] == "activate" and st.pending[-1]["slot"] == "gold"
    assert st.info[farmer][USED] == 0 and problems(st) == []
    st.apply(0, Pay((0, 0, 1)))                                 # the food paid in gold
    assert st.vp[0] == 2 and supply(st, 0) == {"F": 1, "Wk": 1}
    assert st.info[farmer][USED] == 0
    st.apply(0, Activate(farmer))                               # its own use, once
    assert st.vp[0] == 4 and st.info[farmer][USED] == 1 and problems(st) == []
    give(st, 0, Wk=1, F=1)
    assert refused(st, 0, Activate(farmer)).key == "imperial.limit_reached"


def test_raze_token_as_an_action_cost_missionaries():
    """COM039 «Spend 1 worker and 1 sword to get 3 VP» (sword: a raze token)."""
    st = scenario("romans", "barbarians")
    missionaries = to_empire(st, 0, "COM039")
    give(st, 0, Wk=1, W=3, G=3)
    assert Activate(missionaries) not in st.legal_actions(0)    # gold is no raze token
    give(st, 0, Raze=1)
    st.apply(0, Activate(missionaries))
    assert st.vp[0] == 3 and supply(st, 0) == {"W": 3, "G": 3}


def test_raze_token_for_a_card_and_a_point_expedition():
    """BAR023 «expedition» (reconstructed: 1 raze token → 1 card + 1 VP, once a round)."""
    st = scenario("barbarians", "romans")
    expedition = to_empire(st, 0, "BAR023")
    st.passed[1] = True
    give(st, 0, Raze=2)
    st.apply(0, Activate(expedition))
    assert st.vp[0] == 1 and st.legal_actions(0) == [Draw("common"), Draw("faction")]
    st.apply(0, Draw("faction"))
    assert [st.cards[c].deck for c in st.hand[0]] == ["barbarians"]
    assert refused(st, 0, Activate(expedition)).key == "imperial.limit_reached"


def test_cards_from_hand_pay_an_action_twice_barter():
    """BAR025 «barter» (reconstructed: 1 card → 1 gold, twice a round): twice in a row costs
    two cards («тратя, соответственно, в два раза больше указанных товаров»), chosen from the
    hand and discarded; with one card only once."""
    st = scenario("barbarians", "romans")
    barter = to_empire(st, 0, "BAR025")
    st.passed[1] = True
    a = to_hand(st, 0, "COM007")
    assert Activate(barter) in st.legal_actions(0)
    assert Activate(barter, 2) not in st.legal_actions(0)
    b = to_hand(st, 0, "COM026")
    st.apply(0, Activate(barter, 2))
    assert st.legal_actions(0) == [Choose((a,)), Choose((b,))]  # which card pays first
    st.apply(0, Choose((b,)))                                   # the last one is not asked
    assert st.hand[0] == [] and supply(st, 0) == {"G": 2}
    assert a in st.common_discard and b in st.common_discard


def test_food_for_a_raze_token_sumo_school():
    """JAP028 «sumo school» (reconstructed: 1 food → 1 raze token, twice a round); gold
    stands in for the food («Золотые можно использовать при оплате как любой ресурс»)."""
    st = scenario("japanese", "romans")
    sumo = to_empire(st, 0, "JAP028")
    st.passed[1] = True
    give(st, 0, F=2, G=1)
    st.apply(0, Activate(sumo, 2))
    assert st.legal_actions(0) == [Pay((0, 0, 0)), Pay((0, 0, 1))]   # gold for a food or not
    st.apply(0, Pay((0, 0, 1)))
    assert supply(st, 0) == {"F": 1, "Raze": 2}
    assert refused(st, 0, Activate(sumo)).key == "imperial.limit_reached"


# ------------------------------------------------------------------ deals
def test_deal_goods_raze_token_and_victory_point():
    """«Игрок получает указанный товар в момент заключения сделки и в фазе производства
    каждого последующего раунда»: JAP008 (deal «RazeTok») and JAP023 (deal «VP»)."""
    st = scenario("japanese", "romans")
    garrison, route = to_hand(st, 0, "JAP008"), to_hand(st, 0, "JAP023")
    assert MakeDeal(garrison) not in st.legal_actions(0)       # no food
    play_with(st, 0, MakeDeal(garrison), F=1)
    assert st.goods[0][5] == 1 and st.deals[0] == [garrison]
    st.apply(1, Pass())
    play_with(st, 0, MakeDeal(route), F=1)
    assert st.vp[0] == 1
    st.goods[0] = [0] * 7
    production.produce_for(st, 0)
    assert st.goods[0][5] == 1 + 1 and st.vp[0] == 2             # the board's token + deal


# ------------------------------------------------------------------ timing
def test_a_free_action_does_not_end_the_turn_before_the_main_action():
    """«В фазе действий (в любой момент своего хода) игрок может поместить этот жетон»: the
    defence token before the main action leaves the turn with the player."""
    st = scenario("romans", "barbarians")
    quarry = to_empire(st, 0, "COM008")
    give(st, 0, Def=1, Wk=2)
    st.apply(0, st.legal_actions(0)[[a.kind for a in st.legal_actions(0)].index(
        "place_defence")])
    assert st.turn == 0 and st.info[quarry][1] == 1
    assert EndTurn() not in st.legal_actions(0)                 # a main action still owed
    st.apply(0, Pass())
    assert st.turn == 1
