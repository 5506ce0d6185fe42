# The two quick-start commands: `make serve` (set up, then the server: play in the browser) and
# `make test`. `make play` plays in the terminal instead.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?= -n 2
PORT ?= 8000
HOST ?= 127.0.0.1

# Written by `.ci/services` (the test services): the PostgreSQL URL for the storage tests.
-include .test-env
export SETTLERS_TEST_PG_URL

.PHONY: setup setup-train play serve test lint typecheck unit bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[all]"
	touch $(STAMP)

setup: $(STAMP)

# The RL training extra (examples/train_*.py): torch's CPU build from a wheel file, then the rest.
TORCH_WHEEL ?= $(firstword $(wildcard /opt/wheels/torch-*+cpu-*.whl))
setup-train: setup
	@test -n "$(TORCH_WHEEL)" || { echo "set TORCH_WHEEL=<a CPU build of torch (.whl)>"; exit 2; }
	$(BIN)/pip install --quiet "$(TORCH_WHEEL)"
	$(BIN)/pip install --quiet -e ".[train]"

serve: setup
	$(BIN)/settlers serve --open --host $(HOST) --port $(PORT)

play: setup
	$(BIN)/settlers play catan

lint: setup
	$(BIN)/ruff check src tests benchmarks

typecheck: setup
	$(BIN)/mypy

unit: setup
	$(BIN)/pytest $(PYTEST_ARGS)

test: lint typecheck unit

bench: setup
	$(BIN)/python benchmarks/run_all.py
