"""Go Fishing in the games registry, and what its package may import."""

import ast
import random
from pathlib import Path

import chinese_ten.games.fishing as fishing
from chinese_ten.engine.game import GameSpec
from chinese_ten.games import GAMES, game_named
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.state import FishingDeal

PACKAGE = Path(fishing.__file__).parent
ALLOWED = {"chinese_ten.cards", "chinese_ten.i18n", "chinese_ten.engine.match", "chinese_ten.quote", "chinese_ten.engine",
           "chinese_ten.games"}


def test_the_spec_is_registered_as_fishing_with_its_record_format() -> None:
    spec = game_named("fishing")
    assert spec is GAMES["fishing"] is fishing.SPEC and isinstance(spec, GameSpec)
    assert spec.title == "Chinese Go Fishing" and spec.record_format == "chinese-ten/fishing-v1"
    assert spec.seat_counts == (2, 3, 4, 5, 6, 7, 8) and spec.strengths == ("easy", "normal", "hard")
    assert spec.match_lengths == ("per-seat", "one", "two-per-seat")
    assert spec.parse_action("play 9S take 5D+4H 9C") == FishingAction.parse("play 9S take 5D+4H 9C")


def test_the_spec_deals_replays_and_writes_a_deal() -> None:
    spec = fishing.SPEC
    deal = spec.deal(6, random.Random(2), 3, spec.default_rules)
    assert isinstance(deal, FishingDeal) and deal.seats == 6 and deal.dealer == 3 and deal.to_act == 4
    deal.apply(deal.legal_actions()[0])
    again = spec.replay(spec.record_of(deal))
    assert spec.record_of(again) == spec.record_of(deal)
    player = spec.players["normal"]()
    assert player.act(again.observe(again.to_act), random.Random(0)) in again.legal_actions()  # type: ignore[arg-type]


def _imports(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved, in-function imports included."""
    parts = ["chinese_ten", *path.relative_to(PACKAGE.parent.parent).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    package = parts if path.name == "__init__.py" else parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names if not node.module)
    return found


def test_the_package_imports_no_window_and_none_of_chinese_tens_own_modules() -> None:
    for path in PACKAGE.rglob("*.py"):
        for module in _imports(path):
            if not module.startswith("chinese_ten"):
                assert module.split(".")[0] not in {"pygame", "platformdirs"}, (path.name, module)
                continue
            inside = module.startswith("chinese_ten.games.fishing") or module == "chinese_ten.games"
            assert inside or any(module == a or module.startswith(a + ".") for a in ALLOWED), (path.name, module)
            assert not module.startswith("chinese_ten.ui"), (path.name, module)
