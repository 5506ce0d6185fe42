"""The Althing, held when the dice show 7.

Order of business (each step a pending decision so every legal action can be listed):

1. "текущий игрок и другие игроки, у которых нет карт судьбы, берут одну карту судьбы каждый".
2. A window for Althing fate cards (see below), then "все объявленные вне закона убираются, и
   все красные жетоны ... получают в награду игроки, владеющие примыкающими поселениями".
3. "Текущий игрок определяет игрока, который начинает раунд альтинга"; the chance to open cases
   goes once round the table clockwise from that player: each may open all, some or none of
   their possible cases, in any order.
4. A case: against another player's settler on a hex whose production it blocks for the
   plaintiff (a farm/town of the plaintiff on a corner), or another player's boat in a harbour
   next to a settlement of the plaintiff. Opening plays >= 1 card of the hex's resource; then
   the sides take turns adding cards of that resource until their total exceeds the other's.
   On its turn a side may instead ask a not-yet-involved player for help (the helper joins by
   playing >= 1 card) or ask one of its members to add cards; only the last player to join a
   side (its leader) asks, decides and collects the white token. A side that cannot or will
   not add cards concedes; the other side's leader takes a white token. If the defence loses,
   the piece is outlawed: a red token lies between it and the plaintiff's settlement, and only
   the plaintiff can win it.
5. At the end: a player against whom at least 3 cases were possible (counted when the round of
   cases starts) and none was opened takes a black token.

Althing fate cards may be played by everyone during the Althing. They are played in windows —
at the start, after a case is opened, before every further decision of a running case (after
each bid, call for help, helper's answer or concession that leaves the case running; L70 «в
течение альтинга», rules 2026-12-06.4), between two cases (after a case is decided, rules
2026-12-06.5; a case interrupted by a card is followed by the window that opens again after
every card) and at the end — in which
every player holding fate cards decides at the same time (secretly) to play one or pass; the
cards are then resolved in turn order from the player to move. A card that no longer has an
effect when its turn comes stays in its owner's hand. "Если тяжба прервана такой картой,
ресурсы остаются использованными, но никто не получает призовое очко. Если прерван сам альтинг,
очки за завершённые тяжбы сохраняются, но текущая тяжба ... прерывается, и никто не получает
чёрный жетон." There is no trading and no harvest card during the Althing.
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.seats import seats_from
from settlers.games.iceland import fate
from settlers.games.iceland import interned as I
from settlers.games.iceland.actions import (
    AskHelp,
    Bid,
    EndCases,
    OpenCase,
    PlayFate,
)
from settlers.games.iceland.movement import remove_piece
from settlers.games.iceland.pieces import counts_as_settler, is_farmland, owner
from settlers.games.iceland.state import ALTHING, MOVE, IcelandState
from settlers.games.iceland.words import piece_key, res_key

# stages of the Althing
WINDOW, STARTER, CASES, CASE, HELP = "window", "starter", "cases", "case", "help"


# --- possible cases -------------------------------------------------------------------------
def possible_cases(s: IcelandState, plaintiff: int) -> list[tuple[int, int]]:
    """``(piece, resource)`` for every case ``plaintiff`` could open now."""
    out: list[tuple[int, int]] = []
    corner_hexes = s.b.corner_hexes
    # the hexes next to a house of the plaintiff (``house_on_hex``), found once
    owners = s.house_owner
    if plaintiff not in owners:
        return out
    near: set[int] = set()
    c = owners.index(plaintiff)
    while True:  # the plaintiff's few houses, found by the list's own search
        near.update(corner_hexes[c])
        try:
            c = owners.index(plaintiff, c + 1)
        except ValueError:
            break
    for piece, h in enumerate(s.pos):
        if h < 0 or h not in near or owner(piece) == plaintiff:
            continue
        if counts_as_settler(s, piece):
            if is_farmland(s, h) and s.number[h]:
                out.append((piece, s.c.terrain_resource[s.terrain[h]]))
        elif s.harbour[h] >= 0:
            out.append((piece, s.harbour[h]))
    return out


def open_cases(s: IcelandState, plaintiff: int) -> list[tuple[int, int]]:
    tried = s.al["tried"]
    return [(p, r) for p, r in possible_cases(s, plaintiff) if [plaintiff, p] not in tried]


# --- flow -----------------------------------------------------------------------------------
def start_althing(s: IcelandState) -> None:
    s.phase = ALTHING
    if s.record_events:
        s.emit("iceland.event.althing", seat=s.current)
    for seat in turn_order(s, s.current):
        if seat == s.current or not s.fate[seat]:
            fate.draw_fate(s, seat)
    s.al = {
        "stage": WINDOW, "window": None, "after": "start", "starter": -1, "order": [],
        "index": 0, "tried": [], "candidates": [], "accused": [], "case": None,
        "dissolved": False,
    }
    open_window(s, "start")


def turn_order(s: IcelandState, first: int) -> list[int]:
    return seats_from(first, s.players)


def open_window(s: IcelandState, after: str) -> None:
    seats = [seat for seat in turn_order(s, s.current) if s.fate[seat]]
    if not seats:
        continue_after(s, after)
        return
    s.al["stage"] = WINDOW
    s.al["after"] = after
    s.al["window"] = {"seats": seats, "choices": {}}


def continue_after(s: IcelandState, after: str) -> None:
    al = s.al
    al["window"] = None
    if after == "start":
        # L64 «В начале альтинга все объявленные вне закона убираются … Для предотвращения
        # этого можно использовать карты судьбы, которые убирают красные жетоны»: only those
        # cards save an outlaw — an Althing broken up at its start (L70: the current case and
        # the black tokens are lost) still begins with the removal
        for piece in sorted(s.red_tokens):
            remove_piece(s, piece)
    if al["dissolved"]:
        end_althing(s, black=False)
        return
    if after == "start":
        al["stage"] = STARTER
    elif after in (CASE, HELP):
        # back to the decision the window came before (a side's or a helper's), or to the
        # round of cases when a card interrupted the case
        al["stage"] = after if al["case"] is not None else CASES
    elif after == "cases":
        al["stage"] = CASES
    elif after == "end":
        end_althing(s, black=True)


def begin_cases(s: IcelandState, starter: int) -> None:
    al = s.al
    al["starter"] = starter
    al["order"] = turn_order(s, starter)
    al["index"] = 0
    counts = [0] * s.players
    for seat in range(s.players):
        for piece, _res in possible_cases(s, seat):
            counts[owner(piece)] += 1
    al["candidates"] = [seat for seat in range(s.players)
                        if counts[seat] >= s.c.black_token_cases]
    al["stage"] = CASES
    if s.record_events:
        s.emit("iceland.event.cases_begin", seat=starter)


def end_althing(s: IcelandState, black: bool) -> None:
    al = s.al
    if black:
        for seat in al["candidates"]:
            if seat not in al["accused"]:
                s.black[seat] += 1
                if s.record_events:
                    s.emit("iceland.event.black_token", seat=seat)
    if s.record_events:
        s.emit("iceland.event.althing_over")
    s.al = None
    s.phase = MOVE


# --- who decides --------------------------------------------------------------------------------
def to_act(s: IcelandState) -> tuple[int, ...]:
    al = s.al
    stage = al["stage"]
    if stage == WINDOW:
        w = al["window"]
        choices = w["choices"]
        if not choices:
            return tuple(w["seats"])
        return tuple(seat for seat in w["seats"] if str(seat) not in choices)
    if stage == STARTER:
        return (s.current,)
    if stage == CASES:
        return (al["order"][al["index"]],)
    case = al["case"]
    if stage == HELP:
        return (case["helper"],)
    return (leader(case, case["turn"]),)


def leader(case: dict[str, Any], side: int) -> int:
    return case["sides"][side][-1]


def involved(case: dict[str, Any]) -> set[int]:
    return set(case["sides"][0]) | set(case["sides"][1])


def legal(s: IcelandState, seat: int) -> list[Action]:
    al = s.al
    stage = al["stage"]
    if stage == WINDOW:
        return legal_window(s, seat)
    if stage == STARTER:
        return [I.choose_starter(x) for x in range(s.players)]
    if stage == CASES:
        out: list[Action] = [I.END_CASES]
        for piece, res in open_cases(s, seat):
            out.extend(I.open_case(piece, n) for n in range(1, s.hands[seat][res] + 1))
        return out
    case = al["case"]
    res = case["resource"]
    if stage == HELP:
        out = [I.DECLINE]
        out.extend(I.bid(n) for n in range(1, s.hands[seat][res] + 1))
        return out
    side = case["turn"]
    out = [I.CONCEDE]
    out.extend(I.bid(n) for n in range(1, s.hands[seat][res] + 1))
    busy = involved(case)
    out.extend(I.ask_help(x) for x in range(s.players)
               if x not in busy and x not in case["asked"][side])
    out.extend(I.ask_help(x) for x in case["sides"][side][:-1] if x not in case["asked_members"])
    return out


def legal_window(s: IcelandState, seat: int) -> list[Action]:
    out: list[Action] = [I.PASS]
    outlaws = sorted(s.red_tokens)
    for card in fate.cards_with_label(s, seat, "althing"):
        effect = s.c.fate_cards[card].effect
        if effect == "remove_red_tokens":
            out.extend(I.play_fate(card, piece) for piece in outlaws)
        elif effect == "interrupt_case":
            if s.al["case"] is not None:
                out.append(I.play_fate(card, -1))
        else:
            out.append(I.play_fate(card, -1))
    return out


# --- applying ---------------------------------------------------------------------------------
def apply(s: IcelandState, seat: int, action: Action) -> None:
    al = s.al
    stage = al["stage"]
    if stage == WINDOW:
        w = al["window"]
        w["choices"][str(seat)] = [action.card, action.target] if isinstance(action, PlayFate) \
            else None
        if all(str(x) in w["choices"] for x in w["seats"]):
            resolve_window(s)
    elif stage == STARTER:
        begin_cases(s, action.seat)
    elif stage == CASES:
        if isinstance(action, EndCases):
            al["index"] += 1
            if al["index"] >= len(al["order"]):
                open_window(s, "end")
        else:
            open_case(s, seat, action)
    elif stage == HELP:
        case = al["case"]
        if isinstance(action, Bid):
            case["conceding"] = False
            add_cards(s, seat, action.cards)
        else:
            case["asked"][case["turn"]].append(seat)
            if s.record_events:   # what was declined: cards for the side's leader, in this case
                s.emit("iceland.event.help_declined", seat=seat,
                       leader=leader(case, case["turn"]), piece=piece_key(case["piece"]),
                       resource=res_key(s, case["resource"]))
            al["stage"] = CASE
            if case.get("conceding"):
                ask_members_before_losing(s)
        window_within_case(s)
    else:
        case = al["case"]
        if isinstance(action, Bid):
            add_cards(s, seat, action.cards)
        elif isinstance(action, AskHelp):
            if action.seat in case["sides"][case["turn"]]:
                case["asked_members"].append(action.seat)
            case["helper"] = action.seat
            al["stage"] = HELP
            if s.record_events:
                s.emit("iceland.event.help_asked", seat=seat, helper=action.seat)
        else:
            case["conceding"] = True
            ask_members_before_losing(s)
        window_within_case(s)


def window_within_case(s: IcelandState) -> None:
    """L70 «Карты судьбы с меткой «Альтинг» могут быть сыграны всеми игроками в течение
    альтинга»: a case still running after any of its steps (a bid that does not go ahead yet,
    a call for help, a helper joining or declining, a member asked after the leader conceded)
    gets a window before its next decision, not only after a side went ahead — so a side
    whose call for help was declined may still interrupt the case (Settlement) before it
    concedes, and anyone may break up the Althing then (rules 2026-12-06.4; before, the only
    windows inside a case followed a bid that went ahead)."""
    al = s.al
    if al is not None and al["case"] is not None and al["stage"] in (CASE, HELP):
        open_window(s, al["stage"])


def ask_members_before_losing(s: IcelandState) -> None:
    """The side's leader concedes: L67 «все вовлечённые могут продолжать добавлять карты» —
    each other member of the side not asked this turn yet (the last to join first) may still
    add cards before the side loses (stage ``help``); once none is left, the case is lost."""
    al = s.al
    case = al["case"]
    side = case["turn"]
    for member in reversed(case["sides"][side][:-1]):
        if member not in case["asked_members"]:
            case["asked_members"].append(member)
            case["helper"] = member
            al["stage"] = HELP
            if s.record_events:
                s.emit("iceland.event.conceded_to_member", seat=leader(case, side),
                       member=member)
            return
    case["conceding"] = False
    finish_case(s, winner=1 - side)


def open_case(s: IcelandState, seat: int, action: OpenCase) -> None:
    al = s.al
    res = dict(open_cases(s, seat))[action.piece]
    defendant = owner(action.piece)
    al["tried"].append([seat, action.piece])
    if defendant not in al["accused"]:
        al["accused"].append(defendant)
    al["case"] = {
        "plaintiff": seat, "piece": action.piece, "resource": res,
        "sides": [[seat], [defendant]], "totals": [0, 0], "turn": 0,
        "asked": [[], []], "asked_members": [], "helper": -1, "conceding": False,
    }
    if s.record_events:
        s.emit("iceland.event.case_opened", seat=seat, piece=piece_key(action.piece),
               defendant=defendant, resource=res_key(s, res))
    add_cards(s, seat, action.cards)


def add_cards(s: IcelandState, seat: int, n: int) -> None:
    al = s.al
    case = al["case"]
    res, side = case["resource"], case["turn"]
    s.hands[seat][res] -= n
    s.bank[res] += n
    if seat not in case["sides"][side]:
        case["sides"][side].append(seat)  # a helper joins and becomes the side's leader
    case["totals"][side] += n
    if s.record_events:
        s.emit("iceland.event.bid", seat=seat, cards=n, total=case["totals"][side])
    al["stage"] = CASE
    if case["totals"][side] > case["totals"][1 - side]:
        case["turn"] = 1 - side
        case["asked_members"] = []
        open_window(s, "case")


def finish_case(s: IcelandState, winner: int) -> None:
    al = s.al
    case = al["case"]
    champion = leader(case, winner)
    s.white[champion] += 1
    if s.record_events:
        s.emit("iceland.event.white_token", seat=champion)
    if winner == 0:
        piece = case["piece"]
        s.red_tokens.setdefault(piece, []).append(case["plaintiff"])
        if s.record_events:
            s.emit("iceland.event.outlawed", piece=piece_key(piece), seat=owner(piece),
                   plaintiff=case["plaintiff"])
    al["case"] = None
    al["stage"] = CASES
    # L70 «могут быть сыграны всеми игроками в течение альтинга»: between two cases too — the
    # case just decided (white and red tokens given) is followed by a window before the next
    # decision of the round of cases (rules 2026-12-06.5; before, the next case could be
    # opened with no window in between, so a Reconciliation for the new outlaw or a break-up
    # before the next opening had to wait for a later window)
    open_window(s, "cases")


def resolve_window(s: IcelandState) -> None:
    """The window's choices in turn order from the player to move. L70 «Карты судьбы с меткой
    «Альтинг» могут быть сыграны всеми игроками в течение альтинга»: once a card took effect
    the window opens again (a second Reconciliation, an answer to the first card), until
    every seat holding a card passes or the Althing is broken up."""
    al = s.al
    w = al["window"]
    played = False
    for seat in w["seats"]:
        choice = w["choices"].get(str(seat))
        if choice is None or al["dissolved"]:
            continue
        card, target = choice
        if card not in s.fate[seat]:
            continue
        effect = s.c.fate_cards[card].effect
        if effect == "remove_red_tokens":
            if target not in s.red_tokens:
                continue
            fate.play_fate(s, seat, card)
            played = True
            del s.red_tokens[target]
            if s.record_events:
                s.emit("iceland.event.reconciled", seat=seat, piece=piece_key(target),
                       owner=owner(target))
        elif effect == "interrupt_case":
            if al["case"] is None:
                continue
            fate.play_fate(s, seat, card)
            played = True
            al["case"] = None
            if s.record_events:
                s.emit("iceland.event.case_interrupted", seat=seat)
        elif effect == "interrupt_althing":
            fate.play_fate(s, seat, card)
            al["case"] = None
            al["dissolved"] = True
            if s.record_events:
                s.emit("iceland.event.althing_interrupted", seat=seat)
    if played and not al["dissolved"]:
        open_window(s, al["after"])
        return
    continue_after(s, al["after"])
