"""Registering ``chinese-ten://`` links: the registry values on Windows (with a stand-in for ``winreg``),
the desktop entry and ``xdg-mime`` on Linux, and that a failure never stops the game."""

from __future__ import annotations

import logging
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from chinese_ten import url_scheme
from chinese_ten.url_scheme import (DESKTOP_FILE, MIME_TYPE, WINDOWS_KEY, desktop_entry, exec_line, register_at_start,
                                    register_linux, register_windows)

EXE = r"C:\Users\Ann Lee\Games\Chinese Ten\chinese-ten.exe"


class FakeRegistry:
    """The few ``winreg`` functions the registration uses, over a dict of (key, value name) -> value."""

    HKEY_CURRENT_USER = "HKCU"
    REG_SZ = 1

    def __init__(self) -> None:
        self.values: dict[tuple[str, str], str] = {}
        self.writes = 0

    class _Key:
        def __init__(self, path: str) -> None:
            self.path = path

        def __enter__(self) -> FakeRegistry._Key:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

    def QueryValue(self, root: str, sub_key: str) -> str:  # noqa: N802 - winreg's names
        try:
            return self.values[(f"{root}\\{sub_key}", "")]
        except KeyError:
            raise FileNotFoundError(sub_key) from None

    def SetValue(self, root: str, sub_key: str, kind: int, value: str) -> None:  # noqa: N802
        assert kind == self.REG_SZ
        self.values[(f"{root}\\{sub_key}", "")] = value
        self.writes += 1

    def CreateKey(self, root: str, sub_key: str) -> FakeRegistry._Key:  # noqa: N802
        return self._Key(f"{root}\\{sub_key}")

    def SetValueEx(self, key: FakeRegistry._Key, name: str, reserved: int, kind: int, value: str) -> None:  # noqa: N802
        assert reserved == 0 and kind == self.REG_SZ
        self.values[(key.path, name)] = value
        self.writes += 1


def test_windows_registers_the_scheme_for_this_user_with_the_exe_and_the_link() -> None:
    reg = FakeRegistry()
    assert register_windows([EXE], reg) is True
    key = f"HKCU\\{WINDOWS_KEY}"
    assert WINDOWS_KEY == r"Software\Classes\chinese-ten"
    assert reg.values[(key, "URL Protocol")] == ""
    assert reg.values[(key, "")].startswith("URL:")
    assert reg.values[(key + r"\shell\open\command", "")] == f'"{EXE}" "%1"'
    assert reg.values[(key + r"\DefaultIcon", "")] == f'"{EXE}",0'


def test_windows_leaves_a_registration_that_names_this_exe_alone_and_mends_one_naming_another() -> None:
    reg = FakeRegistry()
    register_windows([EXE], reg)
    writes = reg.writes
    assert register_windows([EXE], reg) is False and reg.writes == writes
    moved = r"D:\Chinese Ten\chinese-ten.exe"
    assert register_windows([moved], reg) is True
    assert reg.values[(f"HKCU\\{WINDOWS_KEY}\\shell\\open\\command", "")] == f'"{moved}" "%1"'


def _fake_tool(folder: Path, name: str, status: int = 0) -> Path:
    """A stand-in program on PATH that writes its arguments to ``calls`` and exits with ``status``."""
    folder.mkdir(exist_ok=True)
    tool = folder / name
    tool.write_text(f'#!/bin/sh\necho "$@" >> "{folder}/calls"\necho "no desktop here" >&2\nexit {status}\n',
                    encoding="utf-8")
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    return folder / "calls"


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private XDG_DATA_HOME, and a PATH with no ``xdg-mime`` on it (tests add a stand-in)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    return tmp_path / "share"


def _entry_fields(path: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in path.read_text(encoding="utf-8").splitlines() if "=" in line)


def test_linux_writes_a_desktop_entry_that_opens_the_links(data_home: Path) -> None:
    assert register_linux(["/opt/Chinese Ten/chinese-ten"]) is True
    path = data_home / "applications" / DESKTOP_FILE
    fields = _entry_fields(path)
    assert path.read_text(encoding="utf-8").startswith("[Desktop Entry]\n")
    assert fields["MimeType"] == "x-scheme-handler/chinese-ten;"
    assert fields["Exec"] == '"/opt/Chinese Ten/chinese-ten" %u'
    assert fields["Type"] == "Application" and fields["Name"] == "Chinese Ten"


@pytest.mark.skipif(os.name != "posix", reason="the stand-in tool is a shell script")
def test_linux_makes_the_entry_the_handler_with_xdg_mime_once(data_home: Path, tmp_path: Path) -> None:
    calls = _fake_tool(tmp_path / "bin", "xdg-mime")
    assert register_linux(["/opt/ct/chinese-ten"]) is True
    assert calls.read_text(encoding="utf-8").split() == ["default", DESKTOP_FILE, MIME_TYPE]
    assert register_linux(["/opt/ct/chinese-ten"]) is False  # already so: nothing written, xdg-mime not run again
    assert len(calls.read_text(encoding="utf-8").splitlines()) == 1


@pytest.mark.skipif(os.name != "posix", reason="the stand-in tool is a shell script")
def test_a_failing_xdg_mime_is_logged_and_the_entry_stays(data_home: Path, tmp_path: Path,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    _fake_tool(tmp_path / "bin", "xdg-mime", status=3)
    with caplog.at_level(logging.WARNING, "chinese_ten.url_scheme"):
        assert register_linux(["/opt/ct/chinese-ten"]) is True
    assert "no desktop here" in caplog.text
    assert (data_home / "applications" / DESKTOP_FILE).is_file()


def test_the_menu_entry_already_there_keeps_its_lines_and_gains_the_scheme(data_home: Path) -> None:
    folder = data_home / "applications"
    folder.mkdir(parents=True)
    menu = ("[Desktop Entry]\nType=Application\nName=Chinese Ten\nComment=The fishing card game\n"
            'Exec="/old/place/chinese-ten"\nMimeType=text/x-chinese-ten-record;\nIcon=chinese-ten\n\n'
            "[Desktop Action Demo]\nName=Demo\nExec=chinese-ten demo\n")
    (folder / DESKTOP_FILE).write_text(menu, encoding="utf-8")
    assert register_linux(["/new/place/chinese-ten"]) is True
    text = (folder / DESKTOP_FILE).read_text(encoding="utf-8")
    assert 'Exec="/new/place/chinese-ten" %u' in text and "/old/place" not in text
    assert "MimeType=text/x-chinese-ten-record;x-scheme-handler/chinese-ten;" in text
    assert "Comment=The fishing card game" in text
    assert text.endswith("[Desktop Action Demo]\nName=Demo\nExec=chinese-ten demo\n")  # another group's Exec stays


def test_an_entry_without_exec_or_mime_type_gets_them_in_its_own_group() -> None:
    text = desktop_entry(["/x/chinese-ten"], "[Desktop Entry]\nName=Chinese Ten\n[Desktop Action A]\nName=A\n")
    head = text.split("[Desktop Action A]")[0]
    assert "Exec=" in head and f"MimeType={MIME_TYPE};" in head


def test_exec_words_are_quoted_as_the_desktop_entry_specification_asks() -> None:
    assert exec_line(["/usr/bin/python3", "-m", "chinese_ten"]) == '"/usr/bin/python3" "-m" "chinese_ten" %u'
    assert exec_line(['/a b/$x"`\\100%']) == '"/a b/\\\\$x\\\\"\\\\`\\\\\\\\100%%" %u'


def test_only_the_packaged_app_registers_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[Any] = []
    monkeypatch.setattr(url_scheme, "register", lambda *a, **k: called.append(a) or True)
    monkeypatch.delattr(sys, "frozen", raising=False)
    register_at_start()
    assert called == []
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    register_at_start()
    assert len(called) == 1


def test_a_registration_that_fails_at_start_is_logged_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    def refuse(*args: object, **kw: object) -> bool:
        raise PermissionError("read-only home")

    monkeypatch.setattr(url_scheme, "register", refuse)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with caplog.at_level(logging.WARNING, "chinese_ten.url_scheme"):
        register_at_start()  # no exception
    assert "read-only home" in caplog.text


def test_the_windows_console_companion_registers_the_windowed_program(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    (tmp_path / "chinese-ten.exe").write_bytes(b"")
    (tmp_path / "chinese-ten-cli.exe").write_bytes(b"")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "chinese-ten-cli.exe"))
    assert url_scheme.game_command() == [str(tmp_path / "chinese-ten.exe")]


def test_a_copy_run_from_source_registers_python_running_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert url_scheme.game_command() == [sys.executable, "-m", "chinese_ten"]


def test_macos_needs_nothing_written(data_home: Path) -> None:
    assert url_scheme.register(["/Applications/Chinese Ten.app/Contents/MacOS/chinese-ten"], platform="darwin") is False
    assert not (data_home / "applications").exists()


def test_with_no_entry_yet_the_packaged_folders_menu_entry_is_the_one_written(data_home: Path, tmp_path: Path) -> None:
    app = tmp_path / "Chinese Ten"
    (app / "share" / "applications").mkdir(parents=True)
    packaged = Path(__file__).resolve().parent.parent / "packaging" / DESKTOP_FILE
    (app / "share" / "applications" / DESKTOP_FILE).write_text(packaged.read_text(encoding="utf-8"), encoding="utf-8")
    assert register_linux([str(app / "chinese-ten")]) is True
    fields = _entry_fields(data_home / "applications" / DESKTOP_FILE)
    assert fields["Comment"] == _entry_fields(packaged)["Comment"]
    assert fields["Exec"] == f'"{app / "chinese-ten"}" %u' and fields["MimeType"] == f"{MIME_TYPE};"
