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

# The whole suite, as CI runs it (<= 180 s on a 2-core machine: docs/testing.md). test-fast leaves out the few tests
# that start a Python process (marker e2e, tests/README.md); durations shows where the time goes.
test: setup
	$(BIN)/python -m pytest -q -m "not gpu" tests

test-fast: setup
	$(BIN)/python -m pytest -q -m "not gpu and not e2e" tests

durations: setup
	$(BIN)/python -m pytest -q -m "not gpu" --durations=15 tests

.PHONY: setup demo bench-demo test test-fast durations
