# The two commands of the README: `make demo` and `make test`. Everything they need is
# installed from this repository's own files (Debian's chromium, pip, npm).

VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PORT ?= 8888
PYTEST_ARGS ?=
VOILA_TEMPLATE := $(VENV)/share/jupyter/voila/templates/ecogames
LABCONFIG := $(VENV)/etc/jupyter/labconfig/page_config.json
SERVER_CONFIG := $(VENV)/etc/jupyter/jupyter_server_config.json
LITE_VENV ?= .venv-lite
LITE_DIR ?= build/lite
LITE_WHEEL := build/lite-wheel

.PHONY: demo test install build chromium lint typecheck test-js test-py lite bench mutants fixtures clean

# The demo opens playable: Voila's app view of notebooks/index.ipynb (the board, no code),
# served by a JupyterLab server whose Lab opens the same notebook (the page's link).
demo: install build $(VOILA_TEMPLATE) $(LABCONFIG) $(SERVER_CONFIG)
	@echo "Opening the ecogames demo: a Tori-Tori board, ready to play (Voila's app view of"
	@echo "notebooks/index.ipynb; its link 'Open as a notebook in JupyterLab' opens the notebook)."
	@echo "The URL to open follows (http://127.0.0.1:$(PORT)/voila/render/index.ipynb?token=...)."
	$(VENV)/bin/jupyter lab --no-browser --allow-root --ip=127.0.0.1 --port=$(PORT) \
		--ServerApp.root_dir=notebooks --LabApp.default_url=/voila/render/index.ipynb

test: install build chromium lint test-js lite test-py

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml js/package.json js/package-lock.json
	$(PY) -m pip install --upgrade pip
	# torch's CPU build first (this machine kind keeps its wheel on disk), so that the
	# rl-train extra (sb3-contrib, for tests/rl/test_train.py's smoke test) pulls no CUDA build
	$(PY) -m pip install "torch==2.13.0"
	$(PY) -m pip install -e ".[test,rl-train]"
	touch $(STAMP)

install: $(STAMP) $(VOILA_TEMPLATE) $(SERVER_CONFIG)

# Voila finds its templates in share/jupyter/voila/templates: the app template of this
# repo (picked by ./voila.json) is linked into the venv's, so `voila notebooks/index.ipynb`
# from the repo root shows the app view.
$(VOILA_TEMPLATE):
	mkdir -p $(dir $(VOILA_TEMPLATE))
	ln -sfn $(CURDIR)/share/jupyter/voila/templates/ecogames $(VOILA_TEMPLATE)

# Every Jupyter server of this venv saves a widget as "run this cell to play" (no "model not
# found" when a notebook is reopened), and tells the Voila app it may link to JupyterLab
# (etc/jupyter/jupyter_server_config.json; standalone Voila does not read it).
$(SERVER_CONFIG):
	mkdir -p $(dir $(SERVER_CONFIG))
	ln -sfn $(CURDIR)/etc/jupyter/jupyter_server_config.json $(SERVER_CONFIG)

# Jupyter's news pop-up covers the board: off for every JupyterLab of this venv
# ($(VENV)/etc/jupyter/labconfig/page_config.json; the user's home is left alone).
$(LABCONFIG):
	$(VENV)/bin/jupyter labextension disable --level=sys_prefix \
		"@jupyterlab/apputils-extension:announcements"

# The widget bundles (src/ecogames/static, git-ignored); `pip install -e .` builds them
# too, this keeps them fresh while developing.
build: js/node_modules/.package-lock.json
	cd js && npm run build

js/node_modules/.package-lock.json: js/package.json js/package-lock.json
	cd js && npm ci --no-audit --no-fund

chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

lint: install typecheck
	$(VENV)/bin/ruff check src tests benchmarks

# mypy on src/ecogames, configured in pyproject.toml ([tool.mypy]: strict on core and the
# public API, the default elsewhere)
typecheck: install
	$(VENV)/bin/mypy

test-js: build
	cd js && npm run typecheck && npm test

test-py: install build chromium
	$(VENV)/bin/python -m pytest $(PYTEST_ARGS)

# The JupyterLite site (git-ignored $(LITE_DIR)): the notebooks, the ecogames wheel and the
# pure-Python wheels it needs, the widget bundles; Pyodide runs it all in the browser. Built
# in a venv of its own, whose Python has the site's lab extensions and nothing else.
lite: install build
	rm -rf $(LITE_WHEEL)
	$(PY) -m pip wheel --no-deps -q -w $(LITE_WHEEL) .
	test -x $(LITE_VENV)/bin/python || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install -q --disable-pip-version-check \
		"$$(ls $(LITE_WHEEL)/ecogames-*.whl)[lite]"
	$(LITE_VENV)/bin/python -m pip install -q --disable-pip-version-check --no-deps \
		--force-reinstall $(LITE_WHEEL)/ecogames-*.whl
	$(LITE_VENV)/bin/python lite/build.py $(LITE_WHEEL)/ecogames-*.whl $(LITE_DIR)

# Widget fixtures for the JS tests, exported from the real engines (commit the result).
fixtures: install
	$(PY) -m tests.support.fixtures

bench: install
	$(PY) benchmarks/run_all.py

# Every hand-written rule mutation (benchmarks/mutations/<game>.toml) must make a test fail.
# Not part of `make test`: it runs each game's tests once per mutation. MUTANTS_ARGS="--game tori"
MUTANTS_ARGS ?=
mutants: install build
	$(PY) benchmarks/mutants.py $(MUTANTS_ARGS)

clean:
	rm -rf $(VENV) $(LITE_VENV) js/node_modules src/ecogames/static test-artifacts build
