"""JupyterHub configuration for a school: every learner gets their own tutor (docs/deploy.md).

What it sets, on top of whatever the hub already has (authenticator, spawner, TLJH's own settings):

* each learner lands on the tutor's landing page (Voila) in their own single-user server, with the
  same Voila settings as Binder (``jupyter_config.json``, ``binder/jupyter_server_config.json``:
  the tutor's template, no tracebacks, no code cells) and the tutor's template on the data path;
* idle servers are stopped by ``jupyterhub-idle-culler`` (a hub-managed service, added to the
  hub's other services; The Littlest JupyterHub's own culler should then be turned off);
* per-learner memory and CPU limits from our measurements (docs/benchmarks.md "JupyterHub"),
  enforced by spawners that can (TLJH's systemd spawner, KubeSpawner; the local process spawner
  only passes them on as ``MEM_LIMIT``/``CPU_LIMIT``);
* ``NIDAVELLIR_ROOM_DB``, when the hub has it, is handed to every learner's server, so that the
  learners of lesson 8's live class meet in one database: a PostgreSQL URL for servers on
  several hosts, or one SQLite file on one host's disk (docs/deploy.md).

Use it as the hub's configuration file (``jupyterhub -f deploy/jupyterhub_config.py``), or load
it from another one: ``load_subconfig("/opt/nidavellir-tutor/deploy/jupyterhub_config.py")``
(TLJH: a file in ``/opt/tljh/config/jupyterhub_config.d/``). The tutor must be installed in the
environment the learners' servers run in (``pip install /opt/nidavellir-tutor``; TLJH:
``sudo /opt/tljh/user/bin/pip install /opt/nidavellir-tutor``).

Settings read from the hub's environment:

``NIDAVELLIR_TUTOR_DIR``
    the checkout of this repository the learners' servers serve (``tutorials/``,
    ``share/jupyter``); default: the repository this file is in.
``NIDAVELLIR_HUB_IDLE_TIMEOUT`` / ``NIDAVELLIR_HUB_CULL_EVERY``
    seconds without activity before a learner's server is stopped (default 1800), and how often
    the culler looks (default 60).
``NIDAVELLIR_HUB_MEM_LIMIT`` / ``NIDAVELLIR_HUB_CPU_LIMIT``
    override the per-learner limits below.
``NIDAVELLIR_ROOM_DB``
    the classroom database every learner's server uses: ``postgresql://user:password@host/db``
    or an SQLite file's path (see docs/deploy.md, "The classroom database").
"""

# ruff: noqa: F821 -- `c` and `load_subconfig` are provided by JupyterHub when it reads this file

from __future__ import annotations

import os
import sys
from pathlib import Path

TUTOR = Path(os.environ.get("NIDAVELLIR_TUTOR_DIR") or Path(__file__).resolve().parents[1])

# ---- each learner's server: the tutor, as Binder serves it -------------------------------------
c.Spawner.notebook_dir = str(TUTOR / "tutorials")
c.Spawner.default_url = "/voila/render/index.ipynb"
c.Spawner.environment.update(
    {
        # jupyter_config.json (repository root) and binder/jupyter_server_config.json: Voila's settings
        "JUPYTER_CONFIG_PATH": os.pathsep.join([str(TUTOR), str(TUTOR / "binder")]),
        # the tutor's Voila template (share/jupyter/voila/templates/tutor)
        "JUPYTER_PATH": str(TUTOR / "share" / "jupyter"),
    }
)
if os.environ.get("NIDAVELLIR_ROOM_DB"):
    c.Spawner.environment.update({"NIDAVELLIR_ROOM_DB": os.environ["NIDAVELLIR_ROOM_DB"]})
c.Spawner.args = [
    # a kernel per open lesson page (~45 MB); a closed page's kernel goes after 3 idle minutes,
    # as with `make run` (tools/serve.py); a page still open keeps its kernel
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_idle_timeout=180",
    # learners need Voila only: no JupyterLab, no terminals (a shell), no language servers; each
    # server then starts faster and is smaller (drop this line to give learners JupyterLab too)
    "--ServerApp.jpserver_extensions="
    + repr(
        dict.fromkeys(
            ("jupyterlab", "jupyter_lsp", "jupyter_server_terminals", "notebook", "notebook_shim"), False
        )
    ),
    "--ServerApp.terminals_enabled=False",
]
# A class logs in at the same moment: on a small machine the last of 30 servers starts after
# ~1 min (docs/benchmarks.md "JupyterHub"), which JupyterHub's default 60 s would call a failure.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180

# ---- per-learner limits (docs/benchmarks.md "JupyterHub" and "Tutor (Voila)") -----------------
# Memory: the learner's server ~95 MB PSS + 45-50 MB per open lesson page (its kernel); a learner
# with 4 pages open uses ~290 MB; 600M leaves room for pages kept open and a kernel starting.
# CPU: a page costs 0.5-1.5 s of one core to build, a click ~20 ms; 1 core caps one learner's
# build, the guarantee is what a learner needs on average in a class (~10 per core).
c.Spawner.mem_limit = os.environ.get("NIDAVELLIR_HUB_MEM_LIMIT", "512M")
c.Spawner.mem_guarantee = "256M"
c.Spawner.cpu_limit = float(os.environ.get("NIDAVELLIR_HUB_CPU_LIMIT", "1"))
c.Spawner.cpu_guarantee = 0.1

# ---- idle servers are stopped -------------------------------------------------------------------
IDLE_TIMEOUT = int(os.environ.get("NIDAVELLIR_HUB_IDLE_TIMEOUT", "1800"))
CULL_EVERY = int(os.environ.get("NIDAVELLIR_HUB_CULL_EVERY", "60"))
# the hub learns of activity through the proxy and the servers at least this often
c.JupyterHub.last_activity_interval = min(300, CULL_EVERY)
c.Spawner.environment.update({"JUPYTERHUB_ACTIVITY_INTERVAL": str(min(300, CULL_EVERY))})

# appended (not assigned), so that the services and roles of a hub loading this file are kept;
# on The Littlest JupyterHub turn its own culler off (docs/deploy.md): `tljh-config set services.cull.enabled False`
c.JupyterHub.services.append(
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={IDLE_TIMEOUT}",
            f"--cull-every={CULL_EVERY}",
        ],
    }
)
c.JupyterHub.load_roles.append(
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
)
