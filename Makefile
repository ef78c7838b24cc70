# One command sets up and plays, one sets up and tests: see README.md.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play serve test lint i18n chromium postgresql compiled test-compiled bench bench-server soak \
	crosscheck clean rl-train

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Playing needs only the package; the tests also need the dev tools, Ray (for the test that
# runs `rummy compare` on a local Ray instance), the rl extra (the environments' tests), the
# server extra (`rummy serve` and its tests) and the peers extra (OpenSpiel, the oracle of the
# gin cross-check, tests/test_gin_crosscheck.py).
# Each stamp is redone when pyproject.toml changes.
$(VENV)/.play-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.serve-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,plot,ray,rl,server,peers]'
	touch $@

# The MaskablePPO example of docs/rl.md: the rl-train extra (PyTorch, sb3-contrib), then about
# twenty minutes of training on one core, its learning curve written to docs/.
$(VENV)/.rl-train-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[rl-train]'
	touch $@

rl-train: $(VENV)/.rl-train-installed
	$(BIN)/python examples/rl/maskable_ppo.py --plot docs/rl-maskable-ppo.png

play: $(VENV)/.play-installed
	$(BIN)/rummy play

# The game server on 127.0.0.1:8000; HOST=0.0.0.0 lets phones on the same network join.
HOST ?= 127.0.0.1
PORT ?= 8000
serve: $(VENV)/.serve-installed
	$(BIN)/rummy serve --host $(HOST) --port $(PORT)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check rummy_core rulesets tests bench examples i18n setup.py
	$(BIN)/ruff format --check rummy_core rulesets tests bench examples i18n setup.py
	$(BIN)/mypy rummy_core rulesets

# The catalogs (docs/cli.md, Languages): for each domain i18n/<domain>.cfg, extract the marked
# strings into <package>/locale/<domain>.pot, bring every language's .po up to date (a new string
# comes in untranslated, never guessed: tests/test_catalogs.py then fails until it is translated)
# and compile the .mo files the program reads. The .mo files are committed, so an editable install
# and CI need no compile step; the catalog test fails when one is stale.
I18N_LANGS := en is hu it
I18N_KEYWORDS := -k N_ -k N_plural:1,2 -k pN_:1c,2 -k ngettext:1,2 -k pgettext:1c,2 \
	-k RuleError:2 -k Violation:2 -k refuse:2 -k bad:1 -k _bad:1
i18n: $(VENV)/.test-installed
	@set -e; for cfg in i18n/*.cfg; do \
		domain=$$(basename $$cfg .cfg); \
		case $$domain in rulesets) package=rulesets;; *) package=rummy_core;; esac; \
		case $$domain in web) keywords="-k t -k tn:1,2";; *) keywords="$(I18N_KEYWORDS)";; esac; \
		$(BIN)/pybabel --quiet extract -F $$cfg $$keywords --no-location --sort-output \
			--width 100 --project rummy --copyright-holder "The rummy framework authors" \
			-o $$package/locale/$$domain.pot .; \
		for lang in $(I18N_LANGS); do \
			$(BIN)/pybabel --quiet update --init-missing --no-fuzzy-matching --ignore-obsolete \
				--width 100 -i $$package/locale/$$domain.pot -d $$package/locale -D $$domain -l $$lang; \
			if [ $$lang = en ]; then \
				$(BIN)/python i18n/english.py $$package/locale/en/LC_MESSAGES/$$domain.po; fi; \
			$(BIN)/pybabel --quiet compile -d $$package/locale -D $$domain -l $$lang; \
		done; \
	done

# The store's tests start a real PostgreSQL server (tests/pg_helpers.py) from Debian's package.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
		|| apt-get install -y postgresql || (apt-get update && apt-get install -y postgresql)

# The browser table's tests drive the system Chromium; CI runs as root on a fresh machine.
chromium:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null \
		|| apt-get install -y chromium || (apt-get update && apt-get install -y chromium)

test: lint chromium postgresql
	$(BIN)/rummy check --builtin
	$(BIN)/pytest
	@if command -v cc >/dev/null || command -v gcc >/dev/null; then $(MAKE) test-compiled; \
	else echo "test: no C compiler, so the optional compiled build is not tested"; fi

# The optional compiled build (docs/performance.md): the hot path compiled with mypyc (setup.py
# lists the modules) into a venv of its own, installed from a wheel built here, so that the
# checkout stays pure Python. Needs a C compiler and the Python headers.
CVENV := .venv-compiled
CBIN := $(CVENV)/bin
# Everything the wheel holds: a ruleset, scenario or catalog changed is installed again too.
COMPILED_SOURCES := setup.py pyproject.toml \
	$(shell find rummy_core rulesets scenarios -type f -not -path '*/__pycache__/*')
$(CVENV)/.installed: $(COMPILED_SOURCES)
	test -x $(CBIN)/python || $(PYTHON) -m venv $(CVENV)
	$(CBIN)/python -m pip install --quiet --upgrade pip
	$(CBIN)/python -m pip install --quiet 'setuptools>=69' wheel
	# First the pure build with everything the tests need (mypyc type-checks against it), then
	# the compiled build in its place.
	$(CBIN)/python -m pip install --quiet '.[dev,rl]'
	rm -rf build
	RUMMY_COMPILE=1 $(CBIN)/python -m pip install --quiet --no-build-isolation --force-reinstall \
		--no-deps .
	touch $@

compiled: $(CVENV)/.installed

# The engine's, rules', bots' and solver's tests on the compiled build (run by `make test`).
COMPILED_TESTS := tests/test_compiled.py tests/test_engine.py tests/test_engine_door.py \
	tests/test_bots_*.py tests/test_bot_handle.py tests/test_solver*.py tests/test_melds.py \
	tests/test_classic.py tests/test_riverside_*.py tests/test_hungarian_*.py \
	tests/test_state.py tests/test_stateful.py tests/test_hidden_events.py tests/test_hook_isolation.py \
	tests/test_hookcall.py tests/test_plugin_errors.py tests/test_turn_action_cap.py \
	tests/test_positions.py tests/test_on_show.py tests/test_playouts.py tests/test_duel.py \
	tests/test_scoring_hooks.py tests/test_house_rules.py tests/test_house_rules_play.py \
	tests/test_house_rules_actions.py tests/test_fuzz.py tests/test_digests.py tests/test_env_search.py
test-compiled: compiled
	RUMMY_EXPECT_COMPILED=1 $(CBIN)/pytest -p no:cacheprovider $(COMPILED_TESTS)

# The benchmark: a printed table of hands/s, solver time and memory, and the RL environments'
# steps/s (bench/env_bench.py), with OpenSpiel and RLCard
# measured in the same run (bench/requirements-peers.txt: not project dependencies; PEERS=0
# leaves them out, and bench.py then shows their reference figures).
PEERS ?= 1
# COMPILED=0 leaves out the compiled build's column (and building it).
COMPILED ?= 1
# Then our greedy and expert bots against OpenSpiel's simple bot on the same gin deals from both
# seats (bench/gin_crossplay.py, on both cores): CROSSPLAY_HANDS hands a bot. The expert's 2,000
# take about half an hour of CPU; CROSSPLAY_HANDS=0 leaves the cross-play out.
CROSSPLAY_HANDS ?= 2000
bench: $(VENV)/.test-installed
	@if [ "$(PEERS)" = 1 ]; then $(BIN)/python -m pip install --quiet -r bench/requirements-peers.txt \
		|| echo "bench: the peers could not be installed; their reference figures are shown"; fi
	@if [ "$(COMPILED)" = 1 ]; then $(MAKE) compiled; fi
	$(BIN)/python bench/bench.py $(if $(filter 1,$(COMPILED)),--compiled $(CBIN)/python)
	$(BIN)/python bench/env_bench.py
	@if [ "$(CROSSPLAY_HANDS)" != 0 ] && $(BIN)/python -c "import pyspiel, rlcard" 2>/dev/null; then \
		$(BIN)/python bench/gin_crossplay.py --hands $(CROSSPLAY_HANDS) --jobs 2; \
	else echo "bench: no cross-play (CROSSPLAY_HANDS=0, or the peers are not installed)"; fi

# The server under load: TABLES tables of SEATS scripted people playing a hand each at once
# (bench/server_bench.py); prints actions/s, latency and the leak check. Then a spectator's ping
# times while seats ask the costliest choices question (bench/server_pong.py). Loopback only.
TABLES ?= 50
SEATS ?= 4
bench-server: $(VENV)/.test-installed
	cd bench && ../$(BIN)/python server_bench.py --tables $(TABLES) --seats $(SEATS)
	cd bench && ../$(BIN)/python server_pong.py

# The soak (not in the test run): HANDS hands per ruleset by random and greedy bots, with every
# house rule, checking conservation, scoring and hidden cards; prints hands and breaks found.
HANDS ?= 10000
soak: $(VENV)/.test-installed
	HANDS=$(HANDS) $(BIN)/python bench/soak.py

# The gin cross-check's long form (bench/openspiel_mirror.py; its short form is in the tests):
# HANDS hands of random moves and HANDS of the greedy bot, each mirrored action for action into
# OpenSpiel's gin_rummy; prints the hands, decisions and knocks compared, OpenSpiel's known
# defects met (Q1, Q2, Q4) and the scores that agreed. Stops at the first disagreement.
crosscheck: $(VENV)/.test-installed
	$(BIN)/python bench/openspiel_mirror.py --hands $(HANDS)

clean:
	rm -rf $(VENV) $(CVENV) build *.egg-info
