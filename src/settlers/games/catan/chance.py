"""The dice and the robber's blind draw, from a 64-bit counter in the state (SplitMix64).

Set-up (board, development deck, the roll for the first player) draws from ``state.rng``; so
does ``redraw_hidden``, which also re-seeds this counter, so a determinization's future dice
are unknown. During play every chance event draws from ``state.chance``: a plain integer, so a
clone copies it for free instead of the 2.5 KB Mersenne Twister state (clones are the hot path
of the search bots). ``state.rng`` is never advanced after set-up.
"""

from __future__ import annotations

from .state import CatanState

MASK = (1 << 64) - 1


def next_value(counter: int) -> tuple[int, int]:
    """SplitMix64: the next counter and a 64-bit pseudo-random value."""
    counter = (counter + 0x9E3779B97F4A7C15) & MASK
    z = counter
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return counter, z ^ (z >> 31)


def draw(st: CatanState, n: int) -> int:
    """A uniform pseudo-random number in 0..n-1 from the state's chance counter."""
    st.chance, z = next_value(st.chance)
    return z % n


def roll_dice(st: CatanState) -> tuple[int, int]:
    """Two dice from the chance counter."""
    z = draw(st, 36)
    return z % 6 + 1, z // 6 + 1
