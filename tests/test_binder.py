"""The Binder configuration (binder/, jupyter_config.json) builds a valid image recipe.

repo2docker's ``--no-build`` mode prints the Dockerfile it would build and needs no docker engine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def dockerfile() -> str:
    result = subprocess.run(
        [str(BIN / "repo2docker"), "--no-build", "--debug", "--no-run", str(REPO)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"repo2docker failed ({result.returncode}):\n{output[-3000:]}"
    return output


def test_repo2docker_installs_binder_requirements_after_copying_the_repo(dockerfile: str) -> None:
    install = 'pip install --no-cache-dir -r "binder/requirements.txt"'
    assert install in dockerfile
    # the "." line needs the whole repository in the image before pip runs
    copy_repo = "COPY --chown=0:0 src/ ${REPO_DIR}/"
    assert copy_repo in dockerfile
    assert dockerfile.index(copy_repo) < dockerfile.index(install)


def test_repo2docker_uses_python_3_11(dockerfile: str) -> None:
    assert "python=3.11" in dockerfile
    # the conda lock file of the base environment, path-escaped: environment.py-3.11-linux-64.lock
    assert "environment-2epy-2d3-2e11-2dlinux" in dockerfile


def test_repo2docker_runs_post_build(dockerfile: str) -> None:
    assert "RUN ./binder/postBuild" in dockerfile
    assert os.access(REPO / "binder" / "postBuild", os.X_OK)


def test_binder_pins_the_tested_voila_and_ipywidgets() -> None:
    lines = [
        line.strip()
        for line in (REPO / "binder" / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert f"voila=={version('voila')}" in lines
    assert f"ipywidgets=={version('ipywidgets')}" in lines
    assert f"pg8000=={version('pg8000')}" in lines  # the classroom's PostgreSQL driver, as tested
    assert "." in lines  # the project itself (nidlib, widgets)
    assert (REPO / "binder" / "runtime.txt").read_text().strip() == "python-3.11"


def _server_config(folder: Path) -> dict[str, Any]:
    """The configuration a Jupyter server started in ``folder`` (its config directory too) loads."""
    result = subprocess.run(
        [str(BIN / "jupyter"), "server", "--show-config-json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=folder,
        env={**os.environ, "JUPYTER_CONFIG_DIR": str(folder)},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    config: dict[str, Any] = json.loads(result.stdout[result.stdout.index("{") :])
    return config


def test_jupyter_config_is_read_by_the_binder_server(tmp_path: Path) -> None:
    """postBuild copies jupyter_config.json into ~/.jupyter; the Jupyter server must then load it."""
    (tmp_path / "jupyter_config.json").write_bytes((REPO / "jupyter_config.json").read_bytes())
    config = _server_config(tmp_path)
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    assert config["MappingKernelManager"] == {"cull_interval": 60, "cull_idle_timeout": 600}
    assert "cp jupyter_config.json" in (REPO / "binder" / "postBuild").read_text()


def test_binder_serves_the_tutor_template(tmp_path: Path) -> None:
    """postBuild puts the tutor's Voila template on the data path and selects it (with the Jinja
    filter its pages need) in ~/.jupyter/jupyter_server_config.json, next to jupyter_config.json."""
    for name in ("jupyter_config.json", "binder/jupyter_server_config.json"):
        (tmp_path / Path(name).name).write_bytes((REPO / name).read_bytes())
    config = _server_config(tmp_path)
    assert config["VoilaConfiguration"] == {
        "show_tracebacks": False,
        "strip_sources": True,
        "template": "tutor",
    }
    assert config["VoilaExporter"]["filters"] == {"nt_page_head": "widgets.guard.page_head"}
    post_build = (REPO / "binder" / "postBuild").read_text()
    assert "cp -r share/jupyter/voila/templates/tutor" in post_build
    assert "cp binder/jupyter_server_config.json" in post_build
