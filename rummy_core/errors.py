"""The errors the framework raises, each with a stable machine-readable code.

Every refusal a player or a program can meet is a ``RuleError``: ``code`` is stable (tests and
front ends key on it), ``message`` is a sentence a player understands, ``params`` holds the values
the message speaks of. A refused action changes nothing (ruling A2).
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An action, a file or a name was refused; the game state is unchanged."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"

    def __reduce__(self) -> tuple[Any, ...]:
        # Subclasses take other constructor arguments; rebuild from the fields so that a refusal
        # can cross from a worker process to the parent (multiprocessing, Ray) intact.
        return (_restore, (type(self), self.args, dict(self.__dict__)))

    def to_dict(self) -> dict[str, Any]:
        """The refusal as plain data, as it crosses a border (JSON, a front end)."""
        return {"code": self.code, "message": self.message, "params": self.params}


def _restore(cls: type[RuleError], args: tuple[Any, ...], fields: dict[str, Any]) -> RuleError:
    error = Exception.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    return error


class Violation:
    """One broken rule found by a collecting validator hook (several may be found at once)."""

    __slots__ = ("code", "message", "params")

    def __init__(self, code: str, message: str, **params: Any) -> None:
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"Violation({self.code!r}, {self.message!r})"


class IllegalAction(RuleError):
    """An action that breaks a rule. ``violations`` lists every rule it broke, first one first."""

    def __init__(self, violations: list[Violation]) -> None:
        first = violations[0]
        super().__init__(first.code, first.message, **first.params)
        self.violations = violations

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data["violations"] = [
            {"code": v.code, "message": v.message, "params": v.params} for v in self.violations
        ]
        return data


class PluginError(RuleError):
    """A plugin misbehaved: it raised, returned the wrong type, or does not fit the hook spec."""

    def __init__(self, plugin: str, hook: str, problem: str) -> None:
        super().__init__(
            "plugin_error",
            f"The rules plugin {plugin!r} failed in {hook}: {problem}",
            plugin=plugin,
            hook=hook,
            problem=problem,
        )
