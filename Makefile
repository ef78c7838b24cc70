# One command sets up and plays, one sets up and tests: see README.md.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/rummy play

lint: $(STAMP)
	$(BIN)/ruff check rummy_core rulesets tests
	$(BIN)/ruff format --check rummy_core rulesets tests
	$(BIN)/mypy rummy_core rulesets

test: lint
	$(BIN)/rummy check scenarios
	$(BIN)/pytest

clean:
	rm -rf $(VENV) build *.egg-info
