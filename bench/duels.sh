#!/bin/sh
# The expert-vs-greedy duels of docs/bots.md: 400 games per ruleset, two worker processes, the
# expert at its default budget. Long (an hour or more each): run with nohup. Each deal is recorded
# as it finishes in bench/results/duel-expert-greedy-RULESET.jsonl, so a run stopped part way goes
# on from there when started again; the result lands as JSON next to it, the running tally in the
# .log.
set -e
cd "$(dirname "$0")/.."
RUMMY=${RUMMY:-.venv/bin/rummy}
GAMES=${GAMES:-400}
for ruleset in ${RULESETS:-classic riverside hungarian}; do
    "$RUMMY" duel expert greedy --ruleset "$ruleset" --games "$GAMES" --seed 1 --jobs 2 \
        --record "bench/results/duel-expert-greedy-$ruleset.jsonl" \
        --json "bench/results/duel-expert-greedy-$ruleset.json" \
        2>> "bench/results/duel-expert-greedy-$ruleset.log"
done
