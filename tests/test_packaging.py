"""The packaging scripts, checked on Linux for every system the app is built on.

The spec is run with stand-ins for PyInstaller's build steps under each value of
``sys.platform``, so what it asks PyInstaller for on Windows and macOS is seen here.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import plistlib
import shutil
import stat
import subprocess
import sys
import tarfile
import types
import zipfile
from pathlib import Path
from typing import Any

import pytest

import chinese_ten

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.xdist_group("packaging-build")
"""The spec writes its icons and version files into packaging/build, one folder for the checkout: these tests
run in one process, one after another, when the suite runs in several."""
PACKAGING = ROOT / "packaging"
sys.path.insert(0, str(PACKAGING))

import pack  # noqa: E402
import smoke_test  # noqa: E402
import version_info  # noqa: E402

# ---------------------------------------------------------------- the version


def test_the_packaging_reads_the_packages_own_version() -> None:
    assert version_info.read_version() == chinese_ten.__version__


@pytest.mark.parametrize(("text", "numbers"), [
    ("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)), ("2.10.3.4", (2, 10, 3, 4)), ("1.2.3rc1", (1, 2, 3, 0)),
])
def test_windows_version_numbers_have_four_parts(text: str, numbers: tuple[int, ...]) -> None:
    assert version_info.version_numbers(text) == numbers


def test_a_version_without_a_number_is_refused() -> None:
    with pytest.raises(ValueError, match="not a version number"):
        version_info.version_numbers("unknown")


def test_the_windows_version_resource_parses_with_pyinstallers_reader(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # PyInstaller's reader is plain Python (with pefile); only writing into an .exe needs Windows.
    compat = pytest.importorskip("PyInstaller.compat")
    pytest.importorskip("pefile")
    monkeypatch.setattr(compat, "win32api", None, raising=False)
    versioninfo = importlib.import_module("PyInstaller.utils.win32.versioninfo")
    path = version_info.write_version_file(tmp_path / "v.txt", "1.4.2", "chinese-ten-cli", "Chinese Ten (command line)")
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == ((1 << 16) | 4, 2 << 16)
    assert (info.ffi.productVersionMS, info.ffi.productVersionLS) == ((1 << 16) | 4, 2 << 16)
    strings = {s.name: s.val for s in info.kids[0].kids[0].kids}
    assert strings["ProductName"] == "Chinese Ten"
    assert strings["ProductVersion"] == strings["FileVersion"] == "1.4.2"
    assert strings["OriginalFilename"] == "chinese-ten-cli.exe"
    assert len(info.toRaw()) > 200  # serialises into the binary resource


# ---------------------------------------------------------------- the spec, per system


class _Step:
    """A stand-in for one of PyInstaller's build steps: keeps what it was given."""

    made: list[_Step] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs
        self.kind = type(self).__name__
        self.pure, self.scripts, self.binaries, self.datas = [], [], [], []
        _Step.made.append(self)


def run_spec(platform: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, env: dict[str, str] | None = None
             ) -> list[_Step]:
    """Run packaging/pyinstaller.spec as PyInstaller would on ``platform``; returns its build steps."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda name: [name]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "PyInstaller", types.ModuleType("PyInstaller"))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils", types.ModuleType("PyInstaller.utils"))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    for name in ("CHINESE_TEN_TARGET_ARCH", "MACOS_CODESIGN_IDENTITY"):
        monkeypatch.delenv(name, raising=False)
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    icons = PACKAGING / "build" / "icons"
    if platform == "win32" and not (icons / "chinese-ten.ico").is_file():
        pytest.importorskip("pygame")
        import make_icons

        make_icons.make_icons(out=icons)
    monkeypatch.setattr(sys, "platform", platform)
    _Step.made = []
    steps = {name: type(name, (_Step,), {}) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    code = compile((PACKAGING / "pyinstaller.spec").read_text(encoding="utf-8"), "pyinstaller.spec", "exec")
    exec(code, {"SPECPATH": str(PACKAGING), "__name__": "__main__", **steps})
    return list(_Step.made)


def _of(steps: list[_Step], kind: str) -> list[_Step]:
    return [s for s in steps if s.kind == kind]


def test_windows_gets_a_windowed_app_and_a_console_companion(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    steps = run_spec("win32", monkeypatch, tmp_path)
    exes = {s.kwargs["name"]: s.kwargs for s in _of(steps, "EXE")}
    assert set(exes) == {"chinese-ten", "chinese-ten-cli"}
    assert exes["chinese-ten"]["console"] is False and exes["chinese-ten-cli"]["console"] is True
    collect = _of(steps, "COLLECT")[0]
    assert [s.kwargs["name"] for s in collect.args if isinstance(s, _Step)] == ["chinese-ten", "chinese-ten-cli"]
    for name, exe in exes.items():
        assert exe["manifest"].endswith("windows.manifest")
        text = Path(exe["version"]).read_text(encoding="utf-8")
        assert f"'OriginalFilename', '{name}.exe'" in text
        assert f"'ProductVersion', '{chinese_ten.__version__}'" in text


def test_linux_gets_one_console_executable_and_no_version_resource(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    steps = run_spec("linux", monkeypatch, tmp_path)
    exes = _of(steps, "EXE")
    assert len(exes) == 1 and exes[0].kwargs["console"] is True
    assert exes[0].kwargs["version"] is None and not _of(steps, "BUNDLE")


def test_the_mac_app_declares_retina_and_its_oldest_macos(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    steps = run_spec("darwin", monkeypatch, tmp_path)
    bundle = _of(steps, "BUNDLE")[0].kwargs
    plist = bundle["info_plist"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["LSMinimumSystemVersion"] == "11.0"
    assert plist["CFBundleShortVersionString"] == chinese_ten.__version__
    exe = _of(steps, "EXE")[0].kwargs
    assert exe["console"] is False
    assert exe["codesign_identity"] is None and exe["entitlements_file"] is None  # ad hoc without an identity
    assert exe["target_arch"] is None


def test_the_mac_app_opens_the_games_own_links(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from chinese_ten.net.links import APP_SCHEME

    steps = run_spec("darwin", monkeypatch, tmp_path)
    types = _of(steps, "BUNDLE")[0].kwargs["info_plist"]["CFBundleURLTypes"]
    assert [scheme for t in types for scheme in t["CFBundleURLSchemes"]] == [APP_SCHEME]
    plistlib.dumps(types)  # writable into Info.plist as it is


def test_a_mac_build_can_be_universal2_and_signed_with_a_developer_id(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    identity = "Developer ID Application: Chinese Ten (ABCDE12345)"
    steps = run_spec("darwin", monkeypatch, tmp_path,
                     {"CHINESE_TEN_TARGET_ARCH": "universal2", "MACOS_CODESIGN_IDENTITY": identity})
    exe = _of(steps, "EXE")[0].kwargs
    assert exe["target_arch"] == "universal2"
    assert exe["codesign_identity"] == identity
    entitlements = plistlib.loads(Path(exe["entitlements_file"]).read_bytes())
    assert entitlements == {"com.apple.security.cs.allow-unsigned-executable-memory": True}


# ---------------------------------------------------------------- packing


@pytest.mark.parametrize(("system", "machine", "arch", "name"), [
    ("Linux", "x86_64", None, "chinese-ten-linux-x86_64.tar.gz"),
    ("Linux", "aarch64", None, "chinese-ten-linux-arm64.tar.gz"),
    ("Darwin", "arm64", None, "chinese-ten-macos-arm64.zip"),
    ("Darwin", "arm64", "universal2", "chinese-ten-macos-universal2.zip"),
    ("Darwin", "x86_64", None, "chinese-ten-macos-x86_64.zip"),
    ("Windows", "AMD64", None, "chinese-ten-windows-x86_64.zip"),
    ("MINGW64_NT-10.0-19045", "x86_64", None, "chinese-ten-windows-x86_64.zip"),
])
def test_archive_names_say_the_system_and_architecture(system: str, machine: str, arch: str | None,
                                                       name: str) -> None:
    assert pack.archive_name(system, machine, arch) == name


def test_the_mac_app_is_zipped_by_ditto_keeping_its_parent() -> None:
    cmd = pack.ditto_command(Path("dist/Chinese Ten.app"), Path("dist/x.zip"))
    assert cmd[:3] == ["ditto", "-c", "-k"] and "--keepParent" in cmd
    assert cmd[-2:] == ["dist/Chinese Ten.app", "dist/x.zip"]


posix_only = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX file modes, links and sh")


def _fake_app(dist: Path) -> Path:
    app = dist / "Chinese Ten"
    (app / "_internal" / "lib").mkdir(parents=True)
    (app / "chinese-ten").write_bytes(b"#!/bin/sh\necho hi\n")
    (app / "chinese-ten").chmod(0o755)
    (app / "_internal" / "lib" / "libthing.so.1").write_bytes(b"lib")
    os.symlink("libthing.so.1", app / "_internal" / "lib" / "libthing.so")
    return app


@posix_only
def test_the_linux_tarball_keeps_executable_bits_and_links(tmp_path: Path) -> None:
    _fake_app(tmp_path)
    archive = pack.pack(tmp_path, system="Linux", machine="x86_64")
    assert archive.name == "chinese-ten-linux-x86_64.tar.gz"
    with tarfile.open(archive) as tar:
        exe = tar.getmember("Chinese Ten/chinese-ten")
        link = tar.getmember("Chinese Ten/_internal/lib/libthing.so")
    assert exe.mode & stat.S_IXUSR
    assert link.issym() and link.linkname == "libthing.so.1"


@posix_only
def test_the_windows_zip_holds_the_folder(tmp_path: Path) -> None:
    _fake_app(tmp_path)
    archive = pack.pack(tmp_path, system="Windows", machine="AMD64")
    with zipfile.ZipFile(archive) as zf:
        assert "Chinese Ten/chinese-ten" in zf.namelist()
        assert zf.read("Chinese Ten/_internal/lib/libthing.so.1") == b"lib"


@posix_only
def test_every_archive_has_a_sha256_file_that_sha256sum_accepts(tmp_path: Path) -> None:
    _fake_app(tmp_path)
    archive = pack.pack(tmp_path, system="Linux", machine="x86_64")
    checksum = archive.with_name(archive.name + ".sha256")
    digest, name = checksum.read_text(encoding="utf-8").split()
    assert name == archive.name
    assert digest == hashlib.sha256(archive.read_bytes()).hexdigest()
    if shutil.which("sha256sum"):
        subprocess.run(["sha256sum", "--check", "--status", checksum.name], cwd=tmp_path, check=True)


def test_packing_without_a_build_says_so(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="build first"):
        pack.pack(tmp_path, system="Linux", machine="x86_64")


# ---------------------------------------------------------------- build.sh's Python


def _fake_tool(folder: Path, name: str, body: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)


def _print_python(path: list[Path], env: dict[str, str] | None = None) -> str:
    full_path = os.pathsep.join([*(str(p) for p in path), "/usr/bin", "/bin"])
    run_env = {"PATH": full_path, "HOME": os.environ.get("HOME", "/tmp"), **(env or {})}
    done = subprocess.run(["bash", str(PACKAGING / "build.sh"), "--print-python"], env=run_env,
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


@pytest.fixture
def git_bash(tmp_path: Path) -> Path:
    """A folder whose ``uname`` says Windows (Git Bash), with the Store's python3 stub after it."""
    tools = tmp_path / "tools"
    _fake_tool(tools, "uname", "echo MINGW64_NT-10.0-19045")
    _fake_tool(tmp_path / "WindowsApps", "python3", "exit 9009")
    return tools


@posix_only
def test_on_windows_build_sh_prefers_the_py_launcher(tmp_path: Path, git_bash: Path) -> None:
    _fake_tool(tmp_path / "launcher", "py", 'exit 0')
    assert _print_python([git_bash, tmp_path / "WindowsApps", tmp_path / "launcher"]) == "py -3"


@posix_only
def test_on_windows_build_sh_skips_the_store_stub_for_python(tmp_path: Path, git_bash: Path) -> None:
    _fake_tool(tmp_path / "Python312", "python", "exit 0")
    chosen = _print_python([git_bash, tmp_path / "WindowsApps", tmp_path / "Python312"])
    assert chosen == str(tmp_path / "Python312" / "python")


@posix_only
def test_build_sh_takes_the_python_it_is_given(tmp_path: Path, git_bash: Path) -> None:
    assert _print_python([git_bash], {"PYTHON": "/opt/python3.12/bin/python3"}) == "/opt/python3.12/bin/python3"


# ---------------------------------------------------------------- the smoke test's checks


def test_the_smoke_test_wants_decisions_from_hards_worker() -> None:
    ok = json.dumps({"strength": "hard", "worker_answers": 24})
    assert smoke_test.check_worker("demo log\n" + ok) == 24
    with pytest.raises(smoke_test.SmokeTestFailure, match="answered no decision"):
        smoke_test.check_worker(json.dumps({"strength": "hard", "worker_answers": 0}))
    with pytest.raises(smoke_test.SmokeTestFailure, match="not hard"):
        smoke_test.check_worker(json.dumps({"strength": "normal", "worker_answers": 3}))


@posix_only
def test_the_smoke_test_wants_sound_that_is_not_silence(tmp_path: Path) -> None:
    from array import array

    audio = tmp_path / "audio.raw"
    with pytest.raises(smoke_test.SmokeTestFailure, match="no sound"):
        smoke_test.check_audio(audio)
    audio.write_bytes(bytes(44100 * 4))
    with pytest.raises(smoke_test.SmokeTestFailure, match="silence"):
        smoke_test.check_audio(audio)
    audio.write_bytes(array("h", [0, 0, 8000, 8000, -8000, -8000] * 14700).tobytes())
    assert smoke_test.check_audio(audio) == pytest.approx(1.0)


def test_the_smoke_test_catches_a_process_left_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(smoke_test, "LEFTOVER_WAIT_S", 1.0)
    sh = Path(shutil.which("sh") or "/bin/sh")
    assert smoke_test.run(sh, ["-c", "echo done"], dict(os.environ), timeout=30) == "done\n"
    with pytest.raises(smoke_test.SmokeTestFailure, match="left processes running"):
        smoke_test.run(sh, ["-c", "sleep 60 >/dev/null 2>&1 & echo started"], dict(os.environ), timeout=30)


@posix_only
def test_the_smoke_test_checks_the_exit_status_it_expects() -> None:
    sh = Path(shutil.which("sh") or "/bin/sh")
    smoke_test.run(sh, ["-c", "exit 2"], dict(os.environ), timeout=30, status=2)
    with pytest.raises(smoke_test.SmokeTestFailure, match="exited 0, not 2"):
        smoke_test.run(sh, ["-c", "exit 0"], dict(os.environ), timeout=30, status=2)


@posix_only
def test_in_git_bash_a_windows_path_in_python_becomes_a_posix_one(tmp_path: Path, git_bash: Path) -> None:
    # What Git Bash's cygpath does to the path setup-python reports.
    _fake_tool(git_bash, "cygpath", r'''printf '%s\n' "$2" | sed -e 's|^C:|/c|' -e 's|\\|/|g' ''')
    chosen = _print_python([git_bash], {"PYTHON": r"C:\hostedtoolcache\Python\3.12.7\x64\python.exe"})
    assert chosen == "/c/hostedtoolcache/Python/3.12.7/x64/python.exe"


def test_install_linux_script_registers_the_chinese_ten_link_scheme(tmp_path: Path) -> None:
    """The menu entry install-linux.sh writes opens chinese-ten:// links with the folder's executable."""
    folder = tmp_path / "Chinese Ten"
    (folder / "share" / "applications").mkdir(parents=True)
    shutil.copy(ROOT / "packaging" / "install-linux.sh", folder / "install-linux.sh")
    shutil.copy(ROOT / "packaging" / "chinese-ten.desktop", folder / "share" / "applications")
    icons = folder / "share" / "icons" / "hicolor" / "64x64" / "apps"
    icons.mkdir(parents=True)
    (icons / "chinese-ten.png").write_bytes(b"png")
    data = tmp_path / "data"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(data)}
    subprocess.run(["sh", str(folder / "install-linux.sh")], check=True, env=env, capture_output=True)
    entry = (data / "applications" / "chinese-ten.desktop").read_text()
    assert f'Exec="{folder}/chinese-ten" %u' in entry.splitlines()
    assert "MimeType=x-scheme-handler/chinese-ten;" in entry.splitlines()
