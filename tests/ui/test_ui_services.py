"""The window's services: the stack of scenes calls each scene's enter, leave, pause and resume hooks,
scenes open each other by name through one registry, and no scene reaches the concrete window."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.scenes import ONCE_ON_TOP, SCENES
from chinese_ten.ui.scenes.help import HelpScene
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.scenes.settings import SettingsScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.engine.thinking import ComputerThinker

import chinese_ten.ui as ui_package

UI = Path(ui_package.__file__).resolve().parent


class Probe(Scene):
    """A scene that writes down every hook the stack calls on it."""

    def __init__(self, app: App, name: str, log: list[str]) -> None:
        super().__init__(app)
        self.name = name
        self.log = log

    def enter(self) -> None:
        self.log.append(f"{self.name} enter")

    def leave(self) -> None:
        self.log.append(f"{self.name} leave")

    def pause(self) -> None:
        self.log.append(f"{self.name} pause")

    def resume(self) -> None:
        self.log.append(f"{self.name} resume")


def _app(window: pygame.Surface) -> App:
    return App(window, Settings(), None, None, ComputerThinker(force_inline=True))


def test_the_stack_enters_pauses_resumes_and_leaves_its_scenes_in_order(window: pygame.Surface) -> None:
    app = _app(window)
    log: list[str] = []
    a, b, c = (Probe(app, n, log) for n in "abc")
    app.push(a)
    app.push(b)
    assert log == ["a enter", "a pause", "b enter"]
    log.clear()
    app.pop()
    assert log == ["b leave", "a resume"]
    log.clear()
    app.push(b)
    app.push(c)
    log.clear()
    app.pop(b)  # not the top: it leaves, and nothing is back on top
    assert log == ["b leave"]
    log.clear()
    app.replace(b)
    assert log == ["c leave", "a leave", "b enter"]
    assert app.scenes == [b]


def test_popping_a_scene_that_is_not_in_the_stack_calls_no_hook(window: pygame.Surface) -> None:
    app = _app(window)
    log: list[str] = []
    a, stray = Probe(app, "a", log), Probe(app, "stray", log)
    app.push(a)
    log.clear()
    app.pop(stray)
    assert log == [] and app.scenes == [a]


def test_every_scene_module_is_registered_and_every_name_opens_a_scene_class() -> None:
    registered = {cls.__module__ for cls in SCENES.values()}
    modules = {f"chinese_ten.ui.scenes.{p.stem}" for p in (UI / "scenes").glob("*.py") if p.stem != "__init__"}
    assert modules <= registered
    assert all(issubclass(cls, Scene) for cls in SCENES.values())
    assert ONCE_ON_TOP.issubset(SCENES)


def test_open_by_name_pushes_the_registered_scene_and_the_dialogs_only_once(window: pygame.Surface) -> None:
    app = _app(window)
    app.show("start")
    assert isinstance(app.top(), StartScene) and len(app.scenes) == 1
    menu = app.open("menu")
    assert isinstance(menu, MenuScene) and app.top() is menu and app.top_is("menu")
    assert app.open("menu") is None and len(app.scenes) == 2, "a second menu opened over the first"
    settings = app.open("settings")
    assert isinstance(settings, SettingsScene) and app.top_is("settings") and not app.top_is("menu")
    app.show_help()
    assert isinstance(app.top(), HelpScene)
    app.show_help()
    assert app.top() is settings


def test_a_review_that_cannot_open_is_told_and_pushes_nothing(window: pygame.Surface) -> None:
    app = _app(window)
    app.show("start")
    assert app.open("review", record={"seats": 9}) is None
    assert isinstance(app.top(), StartScene)
    assert "cannot be reviewed" in app.banner_text


def test_the_rules_in_force_are_the_tables_during_a_match_and_the_settings_before(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _table = make_table(seats=3)
    assert app.rules_in_force() == (ctl.match.rules, 3)
    app.show("start")
    assert app.rules_in_force() == (app.settings.ruleset(), app.settings.computers + 1)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_no_scene_imports_another_scene_nor_the_window() -> None:
    for path in sorted((UI / "scenes").glob("*.py")):
        if path.stem == "__init__":
            continue
        imported = _imports(path)
        assert "chinese_ten.ui.app" not in imported, f"{path.name} imports the window"
        others = {m for m in imported if m.startswith("chinese_ten.ui.scenes")}
        assert not others, f"{path.name} imports {sorted(others)}"


def test_no_module_of_the_window_imports_the_app() -> None:
    importers = sorted(str(p.relative_to(UI)) for p in UI.rglob("*.py") if "chinese_ten.ui.app" in _imports(p))
    assert importers == []


def test_the_window_imports_no_scene_inside_a_method() -> None:
    tree = ast.parse((UI / "app.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and inner.module:
                    assert not inner.module.startswith("chinese_ten.ui.scenes"), f"{node.name} imports {inner.module}"
                    assert inner.module != "chinese_ten.ui.table.live", f"{node.name} imports {inner.module}"
