"""Expert in Go Fishing: for now Hard's own search, so that the strength is offered in both games.

Chinese Ten's Expert changes Hard's model (steady opponents in the play-outs, a firmer
guess of their hands). Neither change has paid in Go Fishing, whose hands are refilled
from the stock after every turn, so the others' past plays say little about what they
hold now. Measured at 2 seats against Normal on the same 40 deal sets (seed 11;
``benchmarks/strength.py --game fishing --tested hard,expert``): Hard at 30 ms scored
+34.06 [+17.24, +50.88] a deal; with the other seats playing the play-outs without noise
(:attr:`HardPlayer.other_noise` = 0) +20.25 [+2.50, +38.00]; Hard's search at twice the
effort +31.19 [+14.65, +47.72]. So Expert plays as Hard does, at Hard's effort, until a
change measures better. It reads only its seat's view.
"""

from __future__ import annotations

from chinese_ten.games.fishing.players.hard import HardPlayer


class ExpertPlayer(HardPlayer):
    """Hard's search under the Expert name (see the module's measurements)."""

    name = "expert"
