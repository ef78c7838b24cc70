# One command sets up and plays, one sets up and tests: see README.md.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Playing needs only the package; the tests also need the dev tools and Ray (for the test that
# runs `rummy compare` on a local Ray instance). Each stamp is redone when pyproject.toml changes.
$(VENV)/.play-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $@

play: $(VENV)/.play-installed
	$(BIN)/rummy play

lint: $(VENV)/.test-installed
	$(BIN)/ruff check rummy_core rulesets tests
	$(BIN)/ruff format --check rummy_core rulesets tests
	$(BIN)/mypy rummy_core rulesets

test: lint
	$(BIN)/rummy check scenarios
	$(BIN)/pytest

clean:
	rm -rf $(VENV) build *.egg-info
