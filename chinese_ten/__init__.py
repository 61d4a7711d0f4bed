"""Chinese Ten (Jian Hong Dian, "pick up red spots"): the rules engine, computer players and table."""

from .cards import Card
from .deal import Action, Deal, IllegalMove, Phase
from .match import Match, MatchLength
from .rules import CLASSIC, PRESETS, RuleSet
from .view import SeatView

__version__ = "0.1.0"
"""The game's version: the one place it is written (the package metadata and the app read it here)."""

__all__ = ["CLASSIC", "PRESETS", "__version__", "Action", "Card", "Deal", "IllegalMove", "Match", "MatchLength",
           "Phase", "RuleSet", "SeatView"]
