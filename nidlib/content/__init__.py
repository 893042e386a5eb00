"""Teaching content built on the engine: the rulings gallery and the rule lawyer's :class:`Scenario`."""
