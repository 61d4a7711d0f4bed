"""Expert: Hard's search at twice Hard's effort.

Chinese Ten's Expert changes Hard's model (steady opponents in the play-outs, a firmer
guess of their hands). In Go Fishing the hands are refilled from the stock after every
turn, so the others' past plays say little about what they hold now, and the steady
opponents measured worse here: with the other seats playing the quick policy without
noise in the play-outs, Expert scored +20.25 [+2.50, +38.00] a deal against Normal where
Hard scored +34.06 [+17.24, +50.88] on the same 40 deal sets at 2 seats (both at 30 ms;
``benchmarks/strength.py --game fishing --tested hard,expert``), so the model is Hard's
(:attr:`HardPlayer.other_noise` is the knob that was measured). What Expert adds is
effort: it samples twice as many worlds, which its decisions can afford within the
table's pace (Hard's slowest Go Fishing decisions take well under half a second of
processor time). It reads only its seat's view, and its effort is counted in simulated
turns, as Hard's is.
"""

from __future__ import annotations

from chinese_ten.games.fishing.players.hard import DEFAULT_THINK_MS as HARD_THINK_MS, HardPlayer

DEFAULT_THINK_MS: int = 2 * HARD_THINK_MS
"""The thinking time Expert uses unless told otherwise: twice Hard's."""


class ExpertPlayer(HardPlayer):
    """Hard's search at twice the effort."""

    name = "expert"

    def __init__(self, think_ms: int = DEFAULT_THINK_MS) -> None:
        """An Expert player thinking for about ``think_ms`` milliseconds a decision."""
        super().__init__(think_ms)
