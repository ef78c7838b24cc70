"""The rulesets that ship with the framework, found through the ``rummy.rulesets`` entry points."""

DOMAIN = "rulesets"
"""The gettext domain of these rulesets and house rules (``locale/`` in this package, found
through the ``rummy.locales`` entry point): refusals, summaries, option help."""
