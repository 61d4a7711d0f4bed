"""The release workflow (``.github/workflows/release.yml``): valid, and doing what a release needs.

GitHub runs it; here it is checked against the GitHub Actions schema (shipped with
``check-jsonschema``, so no network is needed) and read for the steps a release needs.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"

needs_checker = pytest.mark.skipif(importlib.util.find_spec("check_jsonschema") is None,
                                   reason="check-jsonschema is installed by the ci extra")


def schema_check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                           str(path)], capture_output=True, text=True)


@needs_checker
def test_the_workflow_matches_the_github_actions_schema() -> None:
    done = schema_check(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr


@needs_checker
def test_the_schema_check_catches_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "release.yml"
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("runs-on:", "run-on:", 1), encoding="utf-8")
    assert schema_check(broken).returncode != 0


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    yaml = pytest.importorskip("ruamel.yaml")
    return yaml.YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))


def _steps_text(job: dict[str, Any]) -> str:
    return "\n".join(str(step.get("run", "")) + str(step.get("uses", "")) for step in job["steps"])


def test_it_runs_on_a_version_tag(workflow: dict[Any, Any]) -> None:
    triggers = workflow.get("on", workflow.get(True))
    assert triggers["push"]["tags"] == ["v*"]
    assert "refs/tags/v" in workflow["jobs"]["release"]["if"]


def test_the_tests_run_on_every_system_without_a_screen(workflow: dict[Any, Any]) -> None:
    test = workflow["jobs"]["test"]
    systems = test["strategy"]["matrix"]["os"]
    assert any(s.startswith("ubuntu") for s in systems)
    assert any(s.startswith("windows") for s in systems)
    assert any(s.startswith("macos") for s in systems)
    assert workflow["env"]["SDL_VIDEODRIVER"] == "dummy" and workflow["env"]["SDL_AUDIODRIVER"] == "dummy"
    assert "-m pytest" in _steps_text(test)


def test_the_app_is_built_and_smoke_tested_for_each_system_and_mac_architecture(workflow: dict[Any, Any]) -> None:
    build = workflow["jobs"]["build"]
    assert build["needs"] == "test"
    names = {entry["name"] for entry in build["strategy"]["matrix"]["include"]}
    assert names == {"linux-x86_64", "windows-x86_64", "macos-arm64", "macos-x86_64"}
    assert "packaging/build.sh --smoke-test" in _steps_text(build)


def test_the_mac_app_is_signed_and_notarised_only_when_the_secrets_exist(workflow: dict[Any, Any]) -> None:
    steps = {step.get("name", ""): step for step in workflow["jobs"]["build"]["steps"]}
    notarise = steps["Notarise and staple the Mac app"]
    assert "HAS_MAC_NOTARY == 'true'" in notarise["if"] and "HAS_MAC_SIGNING == 'true'" in notarise["if"]
    assert notarise["run"] == "packaging/notarize-macos.sh"
    keychain = steps["Put the Developer ID certificate in a keychain of its own"]
    assert "HAS_MAC_SIGNING == 'true'" in keychain["if"]


def test_the_archives_and_their_checksums_are_attached(workflow: dict[Any, Any]) -> None:
    upload = next(s for s in workflow["jobs"]["build"]["steps"] if "upload-artifact" in s.get("uses", ""))
    paths = upload["with"]["path"]
    for pattern in ("*.tar.gz", "*.zip", "*.sha256"):
        assert pattern in paths
    release = _steps_text(workflow["jobs"]["release"])
    assert "sha256sum --check" in release and "gh release create" in release
    assert workflow["jobs"]["release"]["permissions"] == {"contents": "write"}
