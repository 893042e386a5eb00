"""The rules of play: the game flow and each phase, scoring, and the checker of loaded positions.

- ``engine``: the task loop, bidding and tavern order, picks, trades, army and heroes, Troop
  Evaluation, the end of an Age; ``apply``/``legal_actions``/``check``.
- ``scoring``: the five class formulas, heroes, coins, final scores (R-SCORE-...).
- ``flowcheck``: is a loaded or built position one the rules can reach?

Every function cites the rule ids it implements; ``docs/architecture.md`` maps ids to places.
"""
