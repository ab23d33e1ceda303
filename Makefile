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

test: setup
	$(BIN)/python -m pytest -q -m "not gpu" tests

.PHONY: setup demo bench-demo test
