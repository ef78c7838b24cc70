"""The questions a study answers in plain words, and the shape of each answer (a verdict).

``rummy compare --question length,skill`` chooses which questions the report leads with; every
report carries a verdict for each question (``Report.verdicts``), worded from its figures by
``rummy_core.compare.verdicts``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.engine.errors import RuleError
from rummy_core.i18n.languages import N_

Question = Literal["length", "fairness", "decisiveness", "skill", "dull"]
"""How long a game takes; whether every seat has a fair chance; whether a match is settled early
or stays open; whether the better player wins more; how often a hand ends with no proper
winner."""

QUESTIONS: tuple[Question, ...] = get_args(Question)
"""Every question, in the order a report asks them unless told otherwise."""

TITLES: dict[Question, str] = {
    "length": N_("How long does a game take?"),
    "fairness": N_("Is it fair to every seat?"),
    "decisiveness": N_("Is a match settled early, or open to the end?"),
    "skill": N_("Does skill matter?"),
    "dull": N_("How often does a hand end with no proper winner?"),
}


class Evidence(BaseModel):
    """One figure behind a verdict, as the table shows it."""

    model_config = ConfigDict(extra="forbid")

    variant: str
    label: str
    value: str = Field(description="The figure as the table writes it, with its interval.")


class Verdict(BaseModel):
    """One question answered in plain words, and the figures that answer it."""

    model_config = ConfigDict(extra="forbid")

    question: Question
    title: str
    asked: bool = Field(description="Named by --question (every question when none is named).")
    answered: bool = Field(description="False: this study cannot answer it (the text says why).")
    sentences: list[str] = Field(
        description="The verdict: a paragraph per variant (a sentence or two), then how the"
        " variants compare."
    )
    figures: list[Evidence] = Field(description="The figures the sentences come from.")


def parse_questions(texts: Sequence[str]) -> tuple[Question, ...]:
    """The questions named by ``--question`` (repeated, or comma-separated), in order, once each.

    Refuses an unknown name with ``bad_question``, before anything is played.
    """
    found: list[Question] = []
    for text in texts:
        for name in (part.strip() for part in text.split(",")):
            if not name:
                continue
            question = next((q for q in QUESTIONS if q == name), None)
            if question is None:
                raise RuleError(
                    "bad_question",
                    "There is no question %(name)r. Questions: %(questions)s.",
                    name=name,
                    questions=", ".join(QUESTIONS),
                )
            if question not in found:
                found.append(question)
    return tuple(found)


def ordered(asked: Sequence[Question]) -> list[Question]:
    """The questions a report asks: those named first, in their order, then the rest."""
    return [*asked, *(q for q in QUESTIONS if q not in asked)]
