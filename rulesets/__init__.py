"""The rulesets that ship with the framework, found through the ``rummy.rulesets`` entry points."""
