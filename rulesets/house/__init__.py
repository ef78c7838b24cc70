"""House rules that ship with the framework, one small module each.

Each is a ``HouseRule`` published under the ``rummy.house_rules`` entry-point group, so
``rummy house-rules`` lists it and a variant string names it: ``riverside+three-of-a-kind``.
``docs/house-rules.md`` explains each one and how to write your own.
"""
