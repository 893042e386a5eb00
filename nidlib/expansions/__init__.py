"""Where an expansion plugs in (Thingvellir, Idavoll: RULES.md Appendix A).

An expansion adds, beside the base game's and switched on by a game option
(``Options.expansions``, ``nidlib.new_game(..., expansions=("thingvellir",))``):

* its **cards** as data beside the base game's: ``nidlib/core/cards.py`` (section "Thingvellir");
* its **part of the state**: an optional value on ``State`` (``State.camp``, a
  :class:`nidlib.core.state.Camp`), ``None`` and absent from the JSON document without the expansion;
* its **tasks and decisions**: typed values in ``nidlib/core/tasks.py`` (``CampRefill``, ``Enlistment``,
  ``EnlistDue``, ``VidofnirDue``...) and its actions in ``nidlib/core/actions.py``;
* its **rules**, in one module: ``nidlib/rules/thingvellir.py`` registers the handlers of its tasks and
  actions and the legal actions and checks of its decisions (``base._LEGAL``, ``base._CHECK``); the base
  rules ask one cheap question where the expansion changes them (``s.camp is not None``, Jarika's +2 in
  ``trades``, Megingjord in the recruitment check, the leftover card of a Camp visit in ``bidding``);
* its **scoring**: ``artifact_points`` in ``nidlib/rules/scoring.py`` (the "artifacts" line);
* its **texts and rulings**: catalogue keys in ``nidlib/locales/<lang>/thingvellir.json``; tests named after
  the ``X-TH-…``/``EC-X…`` ids (``tests/engine/test_thingvellir.py``, the soak
  ``tests/engine/test_thingvellir_soak.py``).

Idavoll follows the same pattern: cards in ``nidlib/core/cards.py`` (section "Idavoll"), ``State.idavoll`` (a
:class:`nidlib.core.state.Idavoll`), tasks ``GodsStep``/``OdinStep`` and the decisions ``LokiDue``...``SkymirDue``,
rules in ``nidlib/rules/idavoll.py`` with the Valkyries' notches in ``nidlib/rules/valkyries.py``, the
"mythology" score line (``mythology_points``), texts in ``nidlib/locales/<lang>/idavoll.json``, tests in
``tests/engine/test_idavoll.py``; both expansions together are simply both options.

``python -m nidlib rule X-TH-4`` (or ``X-ID-8``) finds every place that cites a rule.
"""
