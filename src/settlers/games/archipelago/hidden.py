"""Determinization (docs/protocol.md): re-draw everything ``seat`` cannot see. Hidden are the
order of the region stack below its open top hex, the evolution deck below its top card (whose
back is visible, so the new top shares that back), the other players' objectives (but the
cards the Spy showed, and none with «Никаких секретов между друзьями»), and what is behind the other
screens — florins, cubes and explorer tokens, re-dealt among the other players keeping the
totals everybody can count; a bid in the fist and the cubes in the thief's victim's fists go
with its screen."""

from __future__ import annotations

import random
from collections.abc import Callable

from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.memo import BOARD
from settlers.games.archipelago.state import ArchState


def redraw_hidden(state: ArchState, seat: int, rng: random.Random) -> None:
    # ---- region stack: the top hex is face up, the rest is face down (L499); in turn 0 the
    # other players' hands (L119-121) are dealt anew from the same unseen hexes
    hands = [s for s in range(state.players) if s != seat and state.hands[s]]
    # the Pioneer's hexes drawn face down by another player (L1390, ``unseen_draws``)
    unseen = unseen_draws(state) if seat != state.actor else []
    if len(state.stack) > 1 or hands or unseen:
        stack_top = state.stack[-1:]
        rest = sorted([h for h, _side in state.stack[:-1]]
                      + [h for s in hands for h in state.hands[s]] + unseen)
        shuffle(rng, rest)
        for s in hands:
            n = len(state.hands[s])
            state.hands[s] = sorted(rest[:n])
            rest = rest[n:]
        if unseen:   # (a new ctx: the world's may share its dict with the game's)
            ctx = state.ctx
            state.ctx = ({**ctx, "drawn": [h if h not in unseen else rest.pop()
                                           for h in ctx["drawn"]]}
                         if state.step == "explore_pick" else {**ctx, "hex": rest.pop()})
        below = below_of(rng)
        state.stack = [[h, below(2)] for h in rest] + stack_top
    # ---- evolution deck: the back of the top card is visible
    if state.deck:
        cards = state.content.cards
        top = cards[state.deck[-1]]
        pool = sorted(state.deck)
        same = [c for c in pool if cards[c].normal == top.normal and cards[c].red == top.red]
        new_top = rng.choice(same)
        pool.remove(new_top)
        shuffle(rng, pool)
        state.deck = [*pool, new_top]
    # ---- objectives of the others; in turn 0 nobody holds one yet (L143-159): the face-down
    # objective deck and the trend cards still to be turned up are shuffled anew
    if not (any(state.objectives) or any(state.keep_choice)):   # (setup.dealt)
        state.objective_pool.sort()   # (its order is what is hidden)
        shuffle(rng, state.objective_pool)
        if state.face_down_trends:
            rest = [t for t in range(len(state.content.trends)) if t not in state.trends]
            shuffle(rng, rest)
            state.face_down_trends = rest[:len(state.face_down_trends)]
    elif not state.no_secrets:
        redraw_objectives(state, seat, rng)
    # ---- behind the other screens
    others = [s for s in range(state.players) if s != seat]
    if others:
        # L258: a bid is held «в кулаке» until all are in: only who has bid is public, so the
        # florins in the others' fists are re-drawn with their screens (drawn out of them)
        bids = state.bids
        fists = [s for s in others if bids[s] >= 0] if state.step == "bid" else []
        split = _redeal(sum(state.money[s] for s in others) + sum(bids[s] for s in fists),
                        len(others), rng)
        for i, s in enumerate(others):
            state.money[s] = split[i]
        if fists:
            below = below_of(rng)
            for s in fists:
                bids[s] = below(state.money[s] + 1)
                state.money[s] -= bids[s]
        # explorer tokens lie behind the screens too (L129, L521): their total is public
        split = _redeal(sum(state.tokens[s] for s in others), len(others), rng)
        for i, s in enumerate(others):
            state.tokens[s] = split[i]
        # L1472: the thief does not see which cube is in which fist (nor what they are): the
        # fists go back behind the victim's screen and are filled anew after the re-deal
        victim = state.ctx["victim"] if state.step == "thief_pick" else seat
        if victim != seat:
            for res in state.ctx["hands"]:
                if res:
                    state.cubes[victim][RESOURCES.index(res)] += 1
        for r in range(6):
            # cubes bound to an explorer-token exchange were announced (public)
            split = _redeal(sum(state.cubes[s][r] - state.token_cubes[s][r] for s in others),
                            len(others), rng)
            for i, s in enumerate(others):
                state.cubes[s][r] = split[i] + state.token_cubes[s][r]
        if victim != seat:
            state.ctx["hands"] = _fists(state.cubes[victim], rng)
    board = state._cache.get(BOARD)   # the layout is in plain sight: its facts stay
    state._cache = {} if board is None else {BOARD: board}


def unseen_draws(state: ArchState) -> list[int]:
    """The hexes of the Pioneer's exploration (L1390) that only the exploring player has seen:
    while it chooses, the drawn hexes but the open one; then the one it chose, unless that was
    the open one, until it is laid (or fails and goes to the discard). [] otherwise."""
    ctx = state.ctx
    step = state.step
    if step == "explore_pick":
        return [h for h in ctx["drawn"] if h != ctx.get("open", -1)]
    if step == "explore_place" and ctx.get("three") and ctx.get("hex", -1) != ctx.get("open", -1):
        return [ctx["hex"]]
    return []


def keeping(state: ArchState, seat: int) -> bool:
    """«Больше остроты» (L1041): the seat still chooses which of its drawn cards it keeps (one
    of two, two of four at 2 players). (Here, not in setup.py, which imports this module.)"""
    choice = state.keep_choice[seat]
    return bool(choice) and 2 * len(state.objectives[seat]) < len(choice)


def put_back(state: ArchState, seat: int) -> list[int]:
    """«Больше остроты» (L1041): the drawn cards the seat sent back, face down among the unused
    ones, once it kept its share (``keeping`` is over) — it saw them, so it knows they are in
    nobody's hand."""
    choice = state.keep_choice[seat]
    if not choice or keeping(state, seat):
        return []
    mine = state.objectives[seat]
    return [o for o in choice if o not in mine]


def redraw_objectives(state: ArchState, seat: int, rng: random.Random) -> None:
    """The others' objective cards among the cards ``seat`` has not seen: the unused ones and
    the others' cards but those its Spy showed it (``state.seen[seat]``, L1454), which stay
    with their holders. While a seat still chooses («Больше остроты», L1041) all its drawn
    cards are unknown and are drawn anew, those kept so far among them; once it has kept, the
    cards it put back lie among the unused ones (each counted once, as the unseen card it is).
    The cards ``seat`` put back itself (``put_back``) stay unused: it saw them go.
    Which of a holder's cards another seat's Spy showed is unknown too (a blind pick of a face
    down card): it is drawn anew among the holder's cards, as many as before."""
    seen = state.seen[seat]
    players = range(state.players)
    others = [s for s in players if s != seat]
    spied = any(state.seen[t] for t in others)
    if spied:   # how many of each holder's cards each other seat saw
        counts = {(t, u): sum(1 for o in state.objectives[u] if o in state.seen[t])
                  for t in others for u in players if u != t}
    # the cards the seat put back itself stay unused: it saw them go (L1041)
    known_unused = put_back(state, seat)
    pool = [o for o in state.objective_pool if o not in known_unused]
    unseen = len(pool)
    choosing = [False] * state.players
    for s in others:
        if keeping(state, s):
            choosing[s] = True
            pool += state.keep_choice[s]
        else:
            pool += [o for o in state.objectives[s] if o not in seen]
    if len(pool) > unseen:
        pool.sort()
        shuffle(rng, pool)
        for s in others:
            mine = state.objectives[s]
            k = len(state.keep_choice[s])
            if choosing[s]:
                drawn = pool[:k]
                pool = pool[k:]
                state.keep_choice[s] = sorted(drawn)
                state.objectives[s] = sorted(drawn[:len(mine)])
                continue
            known = [o for o in mine if o in seen]
            m = len(mine) - len(known)
            if m:
                state.objectives[s] = sorted(known + pool[:m])
                pool = pool[m:]
            if k:   # the cards it put back lie among the unused ones
                state.keep_choice[s] = sorted(state.objectives[s] + pool[:k - len(mine)])
        state.objective_pool = sorted(pool + known_unused)
    if spied:
        below = below_of(rng)
        for t in others:
            got: list[int] = []
            for u in players:
                if u == t:
                    continue
                want = counts[(t, u)]
                if not want:
                    continue
                hand = list(state.objectives[u])
                while len(hand) > want:
                    hand.pop(below(len(hand)))
                got += hand
            state.seen[t] = sorted(got)


def _fists(cubes: list[int], rng: random.Random) -> list[str]:
    """Two cubes of a screen (one when it holds one, none when empty) taken at random into the
    two fists, as the thief's victim must (L1129); they leave ``cubes``."""
    have = [r for r in range(6) for _ in range(cubes[r])]
    below = below_of(rng)
    hands = ["", ""]
    for fist in ((0, 1) if below(2) == 0 else (1, 0))[:min(2, len(have))]:
        r = have.pop(below(len(have)))
        cubes[r] -= 1
        hands[fist] = RESOURCES[r]
    return hands


def _redeal(total: int, places: int, rng: random.Random) -> list[int]:
    """``total`` items behind ``places`` screens, dealt anew one by one at random: the sum
    everybody can count stays, the parts are re-drawn."""
    split = [0] * places
    below = below_of(rng)
    for _ in range(total):
        split[below(places)] += 1
    return split


# ---------------------------------------------------------------- the same draws, faster
# ``random.Random``'s own algorithm (CPython's ``_randbelow_with_getrandbits``, which
# ``randrange(n)``, ``choice`` and ``shuffle`` use), without a Python call per draw for the
# arguments' checks: the same numbers from the same RNG. Any other RNG uses its own methods.
_GETRANDBITS = random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


def below_of(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` for one positive bound."""
    if not _GETRANDBITS or type(rng) is not random.Random:
        return rng.randrange
    getrandbits = rng.getrandbits

    def below(n: int) -> int:
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    return below


#: ``n.bit_length()`` for the lengths ``shuffle`` meets (a tuple read costs less than the call)
_BIT_LENGTH = tuple(n.bit_length() for n in range(257))


def shuffle(rng: random.Random, x: list[int]) -> None:
    """``rng.shuffle(x)``: the same permutation from the same draws."""
    if not _GETRANDBITS or type(rng) is not random.Random or len(x) >= len(_BIT_LENGTH):
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    bit_length = _BIT_LENGTH
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bit_length[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def shuffled_stack(rng: random.Random, pile: list[int]) -> list[list[int]]:
    """The hex stack from ``pile``: ``shuffle(rng, pile)``, then ``[h, rng.randrange(2)]`` for
    each hex in order (its side up) — the same draws, with no Python call per hex."""
    shuffle(rng, pile)
    if not _GETRANDBITS or type(rng) is not random.Random:
        return [[h, rng.randrange(2)] for h in pile]
    getrandbits = rng.getrandbits
    stack = []
    for h in pile:
        side = getrandbits(2)   # (randrange(2): two bits, drawn again while >= 2)
        while side >= 2:
            side = getrandbits(2)
        stack.append([h, side])
    return stack
