"""The rulesets that ship with the framework; each is found through the ``rummy.rulesets`` entry points."""
