# `make serve` and `make test` are the whole set-up on a fresh machine: each installs what it needs.
PORT ?= 8000
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CHROMIUM := /usr/bin/chromium
# WebKit (WebKitWebDriver drives MiniBrowser on a virtual display) and Firefox ESR for tests/e2e/engines.
ENGINES := /usr/bin/WebKitWebDriver /usr/bin/firefox-esr /usr/bin/xvfb-run /usr/bin/xauth
# A worker per core (two here): the browser tests run about twice as fast on 2 cores. loadgroup: a
# module's tests in one engine (tests/e2e/engines) go to one worker, which starts that browser once for them.
PYTEST_ARGS ?= -n auto --dist loadgroup

.PHONY: serve test unit e2e bench dist generate setup lint clean

serve: setup generate
	$(PY) tools/serve.py --port $(PORT)

# Lint first (ruff, and mypy --strict over all of py/): CI runs `make test`, so it runs them too.
test: lint generate $(CHROMIUM) $(ENGINES)
	$(PY) -m pytest $(PYTEST_ARGS)

unit: setup
	$(PY) -m pytest tests/unit $(PYTEST_ARGS)

e2e: setup generate $(CHROMIUM) $(ENGINES)
	$(PY) -m pytest tests/e2e $(PYTEST_ARGS)

bench: setup generate $(CHROMIUM)
	$(PY) bench/engine.py
	$(PY) bench/solver.py
	$(PY) bench/page.py
	$(PY) bench/solver_page.py
	$(PY) bench/phone.py

lint: setup
	$(PY) -m ruff check py tests tools bench
	$(PY) -m mypy

dist: setup generate
	$(PY) tools/dist.py

setup: $(VENV)/.installed vendor/.installed

# Python tools for tests, benchmarks and the generators, in a local virtual environment.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

# The pinned runtime: npm installs exactly package-lock.json, tools/vendor.py copies what the page loads.
# Node also runs tools/bundle.py (the vendored Pyodide compiles the page's modules).
node_modules/.package-lock.json: package.json package-lock.json
	command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm; }
	npm ci --no-audit --no-fund
	touch $@

vendor/.installed: node_modules/.package-lock.json tools/vendor.py tools/stdlib.py tools/startup-modules.txt | $(VENV)/.installed
	$(PY) tools/vendor.py
	touch $@

# Everything derived from the sources: the catalogues compiled, PyScript's file list, icons, the counters' font,
# the precache list.
generate: setup
	$(PY) tools/generate.py

# Debian's Chromium for the browser tests (Playwright cannot download its own browsers here).
$(CHROMIUM):
	$(SUDO) apt-get update
	$(SUDO) apt-get install -y chromium

# Debian's WebKitGTK driver and browser, Firefox ESR, and Xvfb for WebKit's window: nothing else downloads a
# browser (Selenium is given the driver's path; Firefox is driven over WebDriver BiDi, with no geckodriver).
$(ENGINES) &:
	$(SUDO) apt-get update
	$(SUDO) apt-get install -y webkit2gtk-driver firefox-esr xvfb xauth

clean:
	rm -rf vendor dist pyscript.json precache-manifest.js icons fonts i18n po/messages.pot
