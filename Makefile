# The two quick-start commands: `make serve` (set up, then the server: play in the browser) and
# `make test`. `make play` plays in the terminal instead.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: setup play serve test lint typecheck unit bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[all]"
	touch $(STAMP)

setup: $(STAMP)

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
