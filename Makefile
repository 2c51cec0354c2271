# `make serve` and `make test` build .venv on first use; later runs reuse it
# until pyproject.toml changes.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8866
STAMP  := $(VENV)/.installed

LITE_STAMP := $(VENV)/.installed-lite

.PHONY: serve test lint typecheck pytest nbval bench clean install chromium hub-runtime lite serve-lite notebooks

install: $(STAMP)

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,hub]'
	touch $@

# As root, `tressette-learn hub` runs each learner's server as a user of their own, who may
# not reach this .venv or checkout: from a virtual environment made from /usr/bin/python3
# with the pins of pyproject.toml, built once into /var/cache/tressette_learn/hub-runtime/<hash of the
# pins> (tressette_learn/serve/hub/runtime.py). Built here so the hub tests never wait for it.
# Not root: nothing to build.
hub-runtime: $(STAMP)
	$(PY) -m tressette_learn.serve.hub.runtime

# Voila on notebooks/ with notebooks/voila.json (the file the installed command uses too);
# it prints the index page's URL; Ctrl-C stops it and its kernels.
serve: $(STAMP)
	$(VENV)/bin/tressette-learn serve --port $(PORT)

# The static site (docs/lite.md): build/lite/, lessons run in the browser (Pyodide); needs npm.
# Downloads (PyPI, the npm registry) are kept in build/lite-cache/ for the next build.
$(LITE_STAMP): pyproject.toml $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,hub,lite]'
	touch $@

lite: $(LITE_STAMP)
	$(PY) -m scripts.build_lite

serve-lite: lite
	$(VENV)/bin/tressette-learn lite --port $(PORT)

# The browser tests (tests/browser) use Debian's Chromium, installed here when missing.
chromium:
	scripts/ensure-chromium

lint: $(STAMP)
	$(PY) -m ruff check .

typecheck: $(STAMP)
	$(PY) -m mypy

pytest: chromium $(STAMP) $(LITE_STAMP) hub-runtime
	$(PY) -m pytest

# Every lesson's notebook, written from lessons/course.yaml and lessons/pages/<id>.yaml
# (scripts/make_notebooks.py; tests/course/test_course.py fails when one is out of date).
notebooks: $(STAMP)
	$(PY) -m scripts.make_notebooks

nbval: $(STAMP)
	$(PY) -m pytest --nbval-lax --nbval-current-env notebooks/

# One pytest run for the unit tests and the notebooks, so its last line counts them all; in
# TEST_WORKERS processes (pytest-xdist), a file's tests in one of them with its own servers
# (--dist loadfile). The browser tests mostly wait on kernels: two halve the time on 2 cores.
TEST_WORKERS ?= 2
test: chromium lint typecheck $(STAMP) $(LITE_STAMP) hub-runtime
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --durations=25 --nbval-lax \
		--nbval-current-env tests notebooks

bench: $(STAMP)
	@if [ -f benchmarks/engine.py ]; then $(PY) benchmarks/engine.py; \
	else echo "benchmarks/engine.py not found: nothing to run"; fi

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
