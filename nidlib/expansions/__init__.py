"""Where an expansion plugs in (Thingvellir, Idavoll: RULES.md Appendix A).

An expansion adds, beside the base game's and switched on by a game option (``Options``):
its cards (``nidlib.core.cards``-style data), its phases (tasks of the flow in ``nidlib.rules``),
its events and errors (message keys in ``nidlib/locales``) and its rulings (``nidlib.content``).
None is implemented yet; see ``docs/architecture.md``.
"""
