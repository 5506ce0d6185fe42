"""Money and cubes moving between the bank, the screens and the market boards. Every transfer
goes through here so that florins and cubes are conserved (L44, L59)."""

from __future__ import annotations

from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.state import ArchState


def res_index(name: str) -> int:
    return RESOURCES.index(name)


def pay_bank(state: ArchState, seat: int, amount: int) -> None:
    assert state.money[seat] >= amount
    state.money[seat] -= amount
    state.bank_money += amount


def from_bank(state: ArchState, seat: int, amount: int) -> int:
    """The bank pays up to ``amount`` (it may run dry, an end condition); returns what it paid."""
    paid = min(amount, state.bank_money)
    state.bank_money -= paid
    state.money[seat] += paid
    return paid


def pay_player(state: ArchState, payer: int, payee: int, amount: int) -> None:
    assert state.money[payer] >= amount
    state.money[payer] -= amount
    state.money[payee] += amount


def can_pay_cubes(state: ArchState, seat: int, cubes: tuple[int, ...]) -> bool:
    have = state.cubes[seat]
    for i, n in enumerate(cubes):  # noqa: SIM110 (a loop: a generator costs more)
        if have[i] < n:
            return False
    return True


def cubes_to_bank(state: ArchState, seat: int, cubes: tuple[int, ...]) -> None:
    for i, n in enumerate(cubes):
        state.cubes[seat][i] -= n
        state.token_cubes[seat][i] = max(0, state.token_cubes[seat][i] - n)   # L433
        state.bank_cubes[i] += n


def gain_cubes(state: ArchState, seat: int, res: int, n: int) -> int:
    """Take up to ``n`` cubes of ``res`` from the bank (the supply is finite, L453)."""
    got = min(n, state.bank_cubes[res])
    state.bank_cubes[res] -= got
    state.cubes[seat][res] += got
    return got


def bank_to_market(state: ArchState, market: int, res: int) -> bool:
    """A cube from the bank into the first free slot of the zone (L137); False if impossible."""
    if state.bank_cubes[res] == 0 or state.market[market][res] >= state.content.capacity(market, res):
        return False
    state.bank_cubes[res] -= 1
    state.market[market][res] += 1
    return True


def market_to_bank(state: ArchState, market: int, res: int) -> bool:
    if state.market[market][res] == 0:
        return False
    state.market[market][res] -= 1
    state.bank_cubes[res] += 1
    return True


def philanthropy(state: ArchState, seat: int) -> None:
    """Philanthropist trend card: 1f from the bank to the seat's zone (L962)."""
    if state.has_philanthropist and state.bank_money > 0:
        state.bank_money -= 1
        state.phil[seat] += 1
