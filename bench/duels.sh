#!/bin/sh
# The expert-vs-greedy duels of docs/bots.md: 400 games per ruleset, two worker processes, the
# expert at its default budget. Long (tens of minutes each): run with nohup; each result lands in
# bench/results/ as JSON next to the progress log.
set -e
cd "$(dirname "$0")/.."
RUMMY=${RUMMY:-.venv/bin/rummy}
GAMES=${GAMES:-400}
for ruleset in ${RULESETS:-classic riverside hungarian}; do
    "$RUMMY" duel expert greedy --ruleset "$ruleset" --games "$GAMES" --seed 1 --jobs 2 \
        --json "bench/results/duel-expert-greedy-$ruleset.json" \
        2> "bench/results/duel-expert-greedy-$ruleset.log"
done
