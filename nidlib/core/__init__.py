"""The data model every rule works on: cards, coins, the game state, actions, events, errors, JSON, views.

Nothing here knows a rule of play; ``nidlib.rules`` does. Modules:

- ``cards``, ``coins``: the components (ids, classes, ranks, values).
- ``state``: :class:`State`, :class:`Player`, :class:`Options`.
- ``tasks``: the flow's tasks (one frozen value per kind) and :class:`Decision` / :class:`DecisionKind`.
- ``actions``: what a player can do (one dataclass per action) and the text parser.
- ``events``, ``errors``: what the engine says, and why it refuses (each with a rule id).
- ``serialize``: exact JSON round trip with validation (``DocumentError`` names the field).
- ``views``: what one player may see (hidden information).
- ``messages``: the message catalogue (``nidlib/locales``) in English, Traditional and Simplified Chinese.
- ``registry``: the rule ids of RULES.md (``nidlib/data/rules.json``, ``make rules``).
"""
