"""Compare variants and house rules side by side by simulation (``rummy compare``).

>>> from rummy_core.compare import Study, run_study, build_report
>>> study = Study(("classic:target=null", "riverside"), units=4, seed=1)
>>> report = build_report(run_study(study))
>>> [v.hands for v in report.variants]
[4, 4]

See ``docs/compare.md`` for the figures, the tests of differences and the ``--json`` schema.
"""

from __future__ import annotations

from rummy_core.compare.report import Report, build_report
from rummy_core.compare.running import Outcome, run_study
from rummy_core.compare.spec import Study, parse_bots

__all__ = ["Outcome", "Report", "Study", "build_report", "parse_bots", "run_study"]
