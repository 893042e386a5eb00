"""The rules of play: the game flow and each phase, scoring, and the checker of loaded positions.

- ``engine``: the public facade: ``new_game``, ``decision``, ``legal_actions``, ``check``, ``apply``,
  ``advance`` (re-exported from the modules below).
- ``flow``: the task loop, set-up, ``apply``/``advance``, the end of a round.
- ``bidding``: Enter the Dwarves, bids, revelation, Uline's bid, pick order, gem ties.
- ``taverns``: picks, the golden rule of recruitment, heroes, Thrud and Ylud.
- ``trades``: coin trades, transformations, the Royal Treasury.
- ``evaluation``: the end of an Age: Ylud, Troop Evaluation, distinctions, Thrud's return, final scoring.
- ``legal``: decisions, legal actions, ``check``.
- ``base``: constants, event helpers, ranks and lines, the registries of task handlers and actions.
- ``scoring``: the five class formulas, heroes, coins, final scores (R-SCORE-...).
- ``flowcheck``: is a loaded or built position one the rules can reach?

Every function cites the rule ids it implements; ``docs/architecture.md`` maps ids to places.
"""
