"""The school set-ups in ``deploy/`` agree with each other and with the repository (docs/deploy.md).

``deploy/jupyterhub_config.py`` (a hub on one machine: TLJH or any JupyterHub) is run for real by
``tests/browser/test_hub.py``; here it is only read, the way JupyterHub reads it, and compared with the
Helm values for Zero to JupyterHub (``deploy/z2jh-values.yaml``), whose image repo2docker builds
from ``binder/`` (``tests/test_binder.py``).
"""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy"


def hub_config(monkeypatch: pytest.MonkeyPatch, **env: str) -> Config:
    """``deploy/jupyterhub_config.py`` as JupyterHub loads it, with ``env`` in the hub's environment."""
    for name in ("NIDAVELLIR_TUTOR_DIR", "NIDAVELLIR_ROOM_DB", "NIDAVELLIR_HUB_MEM_LIMIT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return PyFileConfigLoader("jupyterhub_config.py", path=str(DEPLOY)).load_config()


@pytest.fixture
def values() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())
    return loaded


def test_each_learner_lands_on_the_landing_page(monkeypatch: pytest.MonkeyPatch) -> None:
    c = hub_config(monkeypatch)
    page = Path(c.Spawner.notebook_dir) / c.Spawner.default_url.removeprefix("/voila/render/")
    assert page == REPO / "tutorials" / "index.ipynb"
    assert page.is_file()
    env = c.Spawner.environment.get_value({})
    # the same Voila settings as Binder's server (tests/test_binder.py) and the tutor's template
    assert env["JUPYTER_CONFIG_PATH"].split(os.pathsep) == [str(REPO), str(REPO / "binder")]
    assert (REPO / "jupyter_config.json").is_file()
    assert (REPO / "binder" / "jupyter_server_config.json").is_file()
    assert (Path(env["JUPYTER_PATH"]) / "voila" / "templates" / "tutor").is_dir()


def test_the_tutor_may_live_elsewhere_and_the_classroom_database_is_handed_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    c = hub_config(monkeypatch, NIDAVELLIR_TUTOR_DIR=str(tmp_path), NIDAVELLIR_ROOM_DB="/srv/room.sqlite")
    assert c.Spawner.notebook_dir == str(tmp_path / "tutorials")
    assert c.Spawner.environment.get_value({})["NIDAVELLIR_ROOM_DB"] == "/srv/room.sqlite"
    assert "NIDAVELLIR_ROOM_DB" not in hub_config(monkeypatch).Spawner.environment.get_value({})


def test_one_idle_culler_service_with_the_rights_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    c = hub_config(monkeypatch)
    (culler,) = c.JupyterHub.services.get_value([])
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    assert "--timeout=1800" in culler["command"]
    (role,) = c.JupyterHub.load_roles.get_value([])
    assert role["services"] == [culler["name"]]
    assert {"list:users", "read:users:activity", "read:servers", "delete:servers"} <= set(role["scopes"])


def test_loaded_by_another_hub_config_it_keeps_that_hubs_services(tmp_path: Path) -> None:
    """As The Littlest JupyterHub loads it (``load_subconfig``, after its own settings)."""
    tljh = tmp_path / "tljh_config.py"
    tljh.write_text(
        "c.JupyterHub.services = [{'name': 'configurator', 'command': ['python3', '-m', 'tljh.configurator']}]\n"
        "c.Spawner.environment = {'TLJH': '1'}\n"
        f"load_subconfig({str(DEPLOY / 'jupyterhub_config.py')!r})\n"
    )
    c = PyFileConfigLoader(tljh.name, path=str(tmp_path)).load_config()
    assert [s["name"] for s in c.JupyterHub.services] == ["configurator", "idle-culler"]
    assert c.Spawner.environment["TLJH"] == "1"
    assert c.Spawner.environment["JUPYTER_PATH"].endswith("share/jupyter")
    assert c.Spawner.default_url == "/voila/render/index.ipynb"


def test_helm_values_match_the_hub_config(monkeypatch: pytest.MonkeyPatch, values: dict[str, Any]) -> None:
    c = hub_config(monkeypatch)
    single = values["singleuser"]
    assert single["memory"] == {"limit": c.Spawner.mem_limit, "guarantee": c.Spawner.mem_guarantee}
    assert single["cpu"] == {"limit": c.Spawner.cpu_limit, "guarantee": c.Spawner.cpu_guarantee}
    spawner = values["hub"]["config"]["KubeSpawner"]
    assert spawner["args"] == list(c.Spawner.args)
    assert spawner["start_timeout"] == c.Spawner.start_timeout
    assert values["cull"] == {"enabled": True, "timeout": 1800, "every": 60}


def test_helm_values_open_the_landing_page_where_repo2docker_puts_the_repository(
    values: dict[str, Any],
) -> None:
    """repo2docker copies the repository into the home folder, the server's root: the default URL is
    the landing page's path in the repository. No home volume: it would hide that folder."""
    url = values["singleuser"]["defaultUrl"]
    assert url.startswith("/voila/render/")
    assert (REPO / url.removeprefix("/voila/render/")).is_file()
    assert values["singleuser"]["storage"]["type"] == "none"
    # the Voila settings of that image come from binder/postBuild (tests/test_binder.py)
    assert "jupyter_server_config.json" in (REPO / "binder" / "postBuild").read_text()


def test_learners_servers_run_voila_without_jupyterlab_or_terminals(monkeypatch: pytest.MonkeyPatch) -> None:
    args = list(hub_config(monkeypatch).Spawner.args)
    (arg,) = [a for a in args if a.startswith("--ServerApp.jpserver_extensions=")]
    extensions = ast.literal_eval(arg.split("=", 1)[1])
    assert {"jupyterlab", "jupyter_server_terminals"} <= set(extensions)
    assert "voila.server_extension" not in extensions
    assert set(extensions.values()) == {False}
    assert "--ServerApp.terminals_enabled=False" in args


def test_helm_values_hand_every_pod_the_classroom_database_from_a_secret(values: dict[str, Any]) -> None:
    """Pods on several nodes share no SQLite file: the live class's PostgreSQL URL comes from a secret
    (optional: without it the rest of the tutor works), and the image has the driver."""
    env = values["singleuser"]["extraEnv"]["NIDAVELLIR_ROOM_DB"]
    assert env == {
        "valueFrom": {"secretKeyRef": {"name": "nidavellir-rooms", "key": "url", "optional": True}}
    }
    requirements = (REPO / "binder" / "requirements.txt").read_text().splitlines()
    assert any(line.startswith("pg8000==") for line in requirements)
