"""How ``tools/serve.py`` (``make run``) serves the tutor: its command line, and only what a learner
should see (no hidden files or folders, neither served nor preheated)."""

from __future__ import annotations

import importlib.util
import itertools
import json
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from browser.served import tutor_server  # tests/ is on the path (pytest rootdir conftest)

REPO = Path(__file__).resolve().parents[1]


def _serve_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("serve", REPO / "tools" / "serve.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_run_args_port_replaces_the_default_port() -> None:
    # make run passes --port=$(PORT) and then $(ARGS): ARGS=--port=9000 must win, not crash Voila
    # ("port only accepts one value")
    argv = _serve_module().argv(["--port=8866", "--pool_size=3", "--port=9000"])
    ports = [a for a in argv if a.startswith("--port=")]
    assert ports == ["--port=9000"]
    assert "--pool_size=3" in argv
    assert "--pool_size=1" not in argv  # the tutor's own flag is replaced too


def test_make_run_passes_args_after_the_port() -> None:
    makefile = (REPO / "Makefile").read_text()
    assert "tools/serve.py --port=$(PORT) $(ARGS)" in makefile


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return int(response.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


@pytest.fixture(scope="module")
def served_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A tutor server over a folder with a lesson, a hidden notebook, a hidden file and a hidden
    folder (what an editor or a teacher's drafts leave behind)."""
    root = tmp_path_factory.mktemp("tutorials")
    shutil.copy(REPO / "tutorials" / "01-game-at-a-glance.ipynb", root)
    shutil.copy(REPO / "tutorials" / "01-game-at-a-glance.ipynb", root / ".draft.ipynb")
    (root / ".notes.txt").write_text("teacher's notes")
    (root / ".drafts").mkdir()
    shutil.copy(REPO / "tutorials" / "01-game-at-a-glance.ipynb", root / ".drafts" / "lesson.ipynb")
    log = root.parent / "serve.log"
    with tutor_server(log, env={"NIDAVELLIR_TUTORIALS": str(root)}, timeout=120) as (url, proc):
        deadline = time.monotonic() + 120
        while b"is filled" not in log.read_bytes():
            assert proc.poll() is None, log.read_text()[-2000:]
            assert time.monotonic() < deadline, "the server did not preheat its lesson in 120 s"
            time.sleep(0.2)
        yield url, log


def test_hidden_files_and_folders_are_not_served(served_folder: tuple[str, Path]) -> None:
    url, _ = served_folder
    assert _status(f"{url}/voila/render/01-game-at-a-glance.ipynb") == 200
    for hidden in (
        "/voila/render/.draft.ipynb",
        "/voila/render/.drafts/lesson.ipynb",
        "/voila/files/.notes.txt",
        "/voila/files/.draft.ipynb",
        "/voila/files/.drafts/lesson.ipynb",
        "/voila/api/contents/.notes.txt",
        "/voila/api/contents/.drafts",
    ):
        assert _status(url + hidden) in (403, 404), hidden
    with urllib.request.urlopen(f"{url}/voila/api/contents", timeout=60) as response:
        names = [item["name"] for item in json.load(response)["content"]]
    assert names == ["01-game-at-a-glance.ipynb"]


def test_hidden_notebooks_are_not_preheated(served_folder: tuple[str, Path]) -> None:
    url, log = served_folder
    assert _status(f"{url}/voila/render/01-game-at-a-glance.ipynb") == 200
    pools = [line for line in log.read_text().splitlines() if "Kernel pool of" in line]
    assert pools, "the server preheated nothing"
    assert all("01-game-at-a-glance.ipynb" in line for line in pools), pools


def test_class_option_builds_one_lessons_pages_ahead_for_a_class() -> None:
    serve = _serve_module()
    option = serve.argv(["--class=04-army-and-heroes:10", "--pool_size=2"])[-1]
    name, _, value = option.partition("=")
    assert name == "--VoilaKernelManager.kernel_pools_config"
    assert json.loads(value) == {"default": {"pool_size": 2}, "04-army-and-heroes.ipynb": {"pool_size": 10}}
    assert not any(a.startswith("--class") for a in serve.argv(["--class=04-army-and-heroes:10"]))


@pytest.mark.parametrize(
    ("option", "says"),
    [
        ("--class=99-no-such-lesson:10", "no lesson '99-no-such-lesson'"),
        ("--class=04-army-and-heroes", "from 1 to 60"),
        ("--class=04-army-and-heroes:0", "from 1 to 60"),
        ("--class=04-army-and-heroes:²", "from 1 to 60"),
        ("--class=04-army-and-heroes:500", "from 1 to 60"),
    ],
)
def test_class_option_refuses_what_it_cannot_do_in_one_line(option: str, says: str) -> None:
    result = subprocess.run(
        [sys.executable, str(REPO / "tools" / "serve.py"), option],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert says in lines[0]
    assert "Traceback" not in result.stderr


class _Pools:
    """Voila's preheating kernel manager, as far as pacing is concerned."""

    fill_delay = 1.0

    def __init__(self) -> None:
        self.delays: list[float] = []

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None) -> None:
        self.delays.append(1.0 if delay is None else delay)


def test_a_class_taking_the_pool_gets_its_replacements_one_at_a_time() -> None:
    pools = _Pools()
    _serve_module().pace_refills(pools, 1.5)
    pools.fill_if_needed(delay=0, notebook_name="a.ipynb")  # the first fill at start-up is not paced
    for _ in range(4):  # four learners take a page at the same moment
        pools.fill_if_needed(notebook_name="a.ipynb")
    assert pools.delays[0] == 0
    paced = pools.delays[1:]
    assert paced[0] == pytest.approx(1.0, abs=0.05)  # Voila's own delay for the first
    gaps = [b - a for a, b in itertools.pairwise(paced)]
    assert gaps == pytest.approx([1.5, 1.5, 1.5], abs=0.05)


def test_pacing_leaves_a_server_without_pools_alone() -> None:
    class NoPools:
        pass

    manager = NoPools()
    _serve_module().pace_refills(manager, 1.5)
    assert not hasattr(manager, "fill_if_needed")
