# Two entry points (see README Quickstart): `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

$(BIN)/wprof: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[test]'
	touch $(BIN)/wprof

setup: $(BIN)/wprof

demo: setup
	$(BIN)/wprof run --log-interval 5 -- examples/train_mlp.py

bench-demo: setup
	$(BIN)/wprof bench examples/bench_ops.py:matmul

# The whole suite, as CI runs it (<= 180 s on a 2-core machine: docs/testing.md), in two pytest-xdist workers that
# take whole files (module fixtures run once); WORKERS=0 runs it in one process. test-fast leaves out the few tests
# that start a Python process (marker e2e, tests/README.md); durations shows where the time goes.
WORKERS ?= 2
XDIST = $(if $(filter 0,$(WORKERS)),-p no:xdist,-n $(WORKERS) --dist loadfile)

test: setup
	$(BIN)/python -m pytest -q -m "not gpu" $(XDIST) tests

test-fast: setup
	$(BIN)/python -m pytest -q -m "not gpu and not e2e" $(XDIST) tests

durations: setup
	$(BIN)/python -m pytest -q -m "not gpu" --durations=15 tests

.PHONY: setup demo bench-demo test test-fast durations
