# Nidavellir Tutor. Entry points: setup, run, test (plus lint, typecheck, bench, golden, rules, clean).
# Everything runs from the repo-local virtualenv .venv, created on first use.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.setup-stamp
PORT ?= 8866
# Debian's chromium drives the browser tests (never `playwright install`); override with CHROMIUM=/path.
CHROMIUM ?= /usr/bin/chromium
export CHROMIUM

FORMATTED := $(wildcard nidlib zavandor auctionlab widgets typings tests bench tools deploy)
PYTEST_ARGS ?=
ARGS ?=

.PHONY: help setup run test lint format typecheck pytest chromium postgres screenshots bench bench-strong bench-tutor golden rules clean distclean lite bench-lite hub-proxy npm

help:
	@echo "make setup      create .venv and install the project with its dev extras"
	@echo "make run        serve the tutor on http://127.0.0.1:$(PORT)/ (Voila)"
	@echo "make test       lint, type-check, unit + notebook + browser tests"
	@echo "make lite       build the serverless tutor (JupyterLite/voici + Pyodide) into build/lite/"
	@echo "make hub-proxy  configurable-http-proxy (npm) for the JupyterHub test (deploy/, docs/deploy.md)"
	@echo "make lint       ruff check and ruff format --check"
	@echo "make typecheck  mypy (strict on nidlib, zavandor, auctionlab and widgets)"
	@echo "make bench      engine playouts per second (bench-strong, bench-tutor, bench-lite: the other benchmarks)"
	@echo "make golden     regenerate the golden playthroughs"
	@echo "make screenshots  refresh docs/screenshots/ from the browser tests"
	@echo "make rules      regenerate nidlib/data/rules.json from ../shared/RULES.md"
	@echo "make clean      remove caches and test output (distclean also removes .venv)"

$(PY):
	$(PYTHON) -m venv $(VENV)

# Re-installs only when pyproject.toml changes (or the venv is new).
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@

setup: $(STAMP)

# ARGS: more Voila options, e.g. make run ARGS=--pool_size=3 (tools/serve.py)
run: setup
	$(PY) tools/serve.py --port=$(PORT) $(ARGS)

# Runs every check even when an earlier one fails, then fails if any did.
test: setup chromium
	@status=0; \
	$(MAKE) --no-print-directory lint || status=1; \
	$(MAKE) --no-print-directory typecheck || status=1; \
	$(MAKE) --no-print-directory pytest || status=1; \
	exit $$status

lint: setup
	@status=0; \
	echo "$(BIN)/ruff check ."; $(BIN)/ruff check . || status=1; \
	echo "$(BIN)/ruff format --check $(FORMATTED)"; $(BIN)/ruff format --check $(FORMATTED) || status=1; \
	exit $$status

format: setup
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format $(FORMATTED)

typecheck: setup
	$(BIN)/mypy

# One run: unit tests, the lessons under nbval (every cell must run), the browser tests.
pytest: setup chromium hub-proxy postgres
	$(BIN)/pytest tests tutorials nidlib zavandor --doctest-modules --nbval-lax --nbval-current-env \
		--screenshot=only-on-failure --output=test-results --durations=20 $(PYTEST_ARGS)

# Debian's chromium for the browser tests, and a CJK font so the Chinese lessons render (screenshots).
chromium:
	@if [ -x "$(CHROMIUM)" ] && { [ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || [ "$$(id -u)" != 0 ]; }; then \
		true; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian chromium and fonts-wqy-microhei for the browser tests (apt-get)..."; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null; \
	else \
		echo "error: $(CHROMIUM) not found. The browser tests need Debian's chromium:"; \
		echo "  sudo apt-get install -y chromium     (or: make test CHROMIUM=/path/to/chromium)"; \
		exit 1; \
	fi

# PostgreSQL's server programs (initdb, postgres) for the classroom store's tests (tests/classroom/conftest.py
# starts a throwaway server from them): Debian's, installed when missing and running as root.
postgres:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null; then \
		true; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian postgresql for the classroom store's tests (apt-get)..."; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	else \
		echo "error: PostgreSQL's server programs not found. The classroom store's tests need them:"; \
		echo "  sudo apt-get install -y postgresql     (or: NIDAVELLIR_TEST_PG_URL=postgresql://... make test)"; \
		exit 1; \
	fi

# Refresh docs/screenshots/ from the browser tests.
screenshots: setup chromium
	UPDATE_SCREENSHOTS=1 $(BIN)/pytest tests/browser

# Benchmarks (results go to docs/benchmarks.md with --write-docs): engine playouts by default;
# bench-strong (about 20 min: strong bot vs two greedy bots, 300 games) and bench-tutor (Voila in Chromium).
bench: setup
	$(PY) bench/playouts.py --seconds 10

bench-strong: setup
	$(PY) bench/strong_bot.py --games 300

bench-tutor: setup chromium
	$(PY) bench/tutor.py

golden: setup
	$(PY) -m nidlib.tools.transcript --regenerate

# RULES_MD=path/to/RULES.md overrides the default (../shared/RULES.md, or the nearest shared/RULES.md above).
rules: setup
	$(PY) tools/extract_rules.py $(RULES_MD)

# The serverless tutor (voici + Pyodide): build/lite/, served by any static host (docs/adr/0007-static-site.md).
# Its build tools live in .venv-lite (pinned in tools/lite/build.sh); downloads are kept in build/lite-cache.
# Needs npm (Pyodide's core and font-awesome come from the npm registry).
lite: npm
	PYTHON=$(PYTHON) bash tools/lite/build.sh

# npm (Node.js) for make lite and make hub-proxy: Debian's, installed when missing and running as root.
npm:
	@if ! command -v npm >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian npm (apt-get)..."; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
		else \
			echo "error: this needs npm (Node.js): sudo apt-get install -y npm"; exit 1; \
		fi; \
	fi

# configurable-http-proxy (JupyterHub's proxy, pinned with its dependencies in deploy/chp/package-lock.json)
# in build/chp/, for tests/browser/test_hub.py (a real JupyterHub, deploy/jupyterhub_config.py).
CHP := build/chp/node_modules/.bin/configurable-http-proxy
hub-proxy: $(CHP)

$(CHP): deploy/chp/package.json deploy/chp/package-lock.json
	@$(MAKE) --no-print-directory npm
	mkdir -p build/chp
	cp deploy/chp/package.json deploy/chp/package-lock.json build/chp/
	npm ci --prefix build/chp --no-audit --no-fund --loglevel=error
	touch $@

# The static site in Chromium: bundle size, time to interactive cold and warm, a click (docs/benchmarks.md).
bench-lite: setup chromium
	@[ -f build/lite/index.html ] || $(MAKE) --no-print-directory lite
	$(PY) bench/lite.py --runs 3

clean:
	rm -rf .pytest_cache .mypy_cache .ruff_cache test-results build dist *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +
	rm -f $(STAMP)

distclean: clean
	rm -rf $(VENV) .venv-lite
