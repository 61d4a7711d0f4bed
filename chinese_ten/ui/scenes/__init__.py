"""The screens of the window, registered by name: one place lists them all, so a screen opens another
by its name (``app.open("review", record=...)``) and no screen imports another. The modules are named
here, not found by listing the folder, which a frozen build cannot do."""

from __future__ import annotations

from chinese_ten.ui.scene import Scene
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.deal_number import DealNumberScene
from chinese_ten.ui.scenes.friends import FriendsScene
from chinese_ten.ui.scenes.help import HelpScene
from chinese_ten.ui.scenes.history import HistoryScene
from chinese_ten.ui.scenes.lobby import LobbyScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.scenes.practice import PracticeScene
from chinese_ten.ui.scenes.review import ReviewScene
from chinese_ten.ui.scenes.rules import RulesScene
from chinese_ten.ui.scenes.seat_strengths import SeatStrengthsScene
from chinese_ten.ui.scenes.settings import SettingsScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.scenes.stats import StatsScene
from chinese_ten.ui.scenes.tables import TablesScene
from chinese_ten.ui.scenes.tutorial import GuidedTableScene, OfferScene, TutorialEndScene
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.stakes import ConfirmScene

SCENES: dict[str, type[Scene]] = {
    "start": StartScene,
    "table": TableScene,
    "lesson": GuidedTableScene,
    "lesson-end": TutorialEndScene,
    "offer": OfferScene,
    "choice": ChoiceScene,
    "count": CountScene,
    "match": MatchScene,
    "menu": MenuScene,
    "confirm": ConfirmScene,
    "help": HelpScene,
    "settings": SettingsScene,
    "rules": RulesScene,
    "stats": StatsScene,
    "history": HistoryScene,
    "review": ReviewScene,
    "practice": PracticeScene,
    "deal-number": DealNumberScene,
    "seat-strengths": SeatStrengthsScene,
    "friends": FriendsScene,
    "lobby": LobbyScene,
    "tables": TablesScene,
}
"""Every screen by the name it is opened with."""

ONCE_ON_TOP: frozenset[str] = frozenset({"menu", "settings", "stats", "history"})
"""Screens that open only when they are not already on top (a second press of their key opens no second one)."""
