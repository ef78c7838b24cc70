"""Refusals keep their code, message and parameters across processes (pickling)."""

from __future__ import annotations

import pickle

from rummy_core.engine.errors import IllegalAction, PluginError, RuleError, Violation


def test_every_refusal_kind_survives_pickling() -> None:
    errors: list[RuleError] = [
        RuleError("unknown_card", "'ZZ' is not a card", token="ZZ"),
        IllegalAction([Violation("not_a_meld", "no", cards="4S KD"), Violation("x", "y")]),
        PluginError("my-rule", "rummy_draw", "ValueError: boom"),
    ]
    for error in errors:
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error)
        assert copy.to_dict() == error.to_dict()
        assert str(copy) == str(error)
