"""Lesson content: each lesson notebook in tutorials/ imports its module here.

Notebooks stay thin (markdown + one-line cells); the scenarios and panels of a
lesson live in ``widgets/lessons/lNN_<slug>.py`` and are built from nidlib
scenarios and the components of :mod:`widgets`.
"""

from __future__ import annotations

#: (notebook file stem, catalogue key of its title, catalogue key of its one-line summary)
LESSONS: tuple[tuple[str, str, str], ...] = (
    ("01-game-at-a-glance", "lesson.01.title", "lesson.01.summary"),
    ("02-bidding", "lesson.02.title", "lesson.02.summary"),
    ("03-coin-trades", "lesson.03.title", "lesson.03.summary"),
    ("04-army-and-heroes", "lesson.04.title", "lesson.04.summary"),
    ("05-class-formulas", "lesson.05.title", "lesson.05.summary"),
    ("06-troop-evaluation", "lesson.06.title", "lesson.06.summary"),
    ("07-final-scoring", "lesson.07.title", "lesson.07.summary"),
    ("08-classroom-auction", "lesson.08.title", "lesson.08.summary"),
    ("09-play-a-game", "lesson.09.title", "lesson.09.summary"),
    ("10-edge-case-lab", "lesson.10.title", "lesson.10.summary"),
    ("16-thingvellir", "lesson.16.title", "lesson.16.summary"),
    ("17-idavoll", "lesson.17.title", "lesson.17.summary"),
)

#: The teachers' auction lab (issue 15): listed on the landing page under its own heading, with the
#: same navigation among themselves. Same layout as :data:`LESSONS`.
LAB_PAGES: tuple[tuple[str, str, str], ...] = (
    ("11-auction-lab-bidding", "lesson.11.title", "lesson.11.summary"),
    ("12-auction-lab-games", "lesson.12.title", "lesson.12.summary"),
    ("13-zavandor-play", "lesson.13.title", "lesson.13.summary"),
    ("14-zavandor-simulation", "lesson.14.title", "lesson.14.summary"),
    ("15-zavandor-vs-nidavellir", "lesson.15.title", "lesson.15.summary"),
)
