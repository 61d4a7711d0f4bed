"""Expert: Hard's search, with the other seats played in its play-outs as the steady players they are.

Hard plays every seat of its play-outs with the same quick policy and the same noise,
its own future turns and everybody else's. Expert keeps the noise on its own turns
(it stops the search from trusting one line of play) but lets the other seats play the
quick policy, the richest capture else the cheapest card, without it: a sensible
opponent rarely leaves a rich capture on the table, and a model that expects it to
makes Expert give away less (``benchmarks/strength.py --game fishing --tested hard,expert``
measures it). It reads only its seat's view, and its effort is counted in simulated turns,
as Hard's is.
"""

from __future__ import annotations

from chinese_ten.games.fishing.players.hard import HardPlayer

OTHER_NOISE: float = 0.0
"""How often another seat plays a random card in Expert's play-outs."""


class ExpertPlayer(HardPlayer):
    """Hard's search against steady opponents."""

    name = "expert"
    other_noise: float | None = OTHER_NOISE
