"""Lesson 8's live class mode: the room every device of a class shares (:mod:`widgets.classroom.room`,
kept in SQLite, standard library, or in PostgreSQL with the optional pg8000:
:mod:`widgets.classroom.store`), the board (:mod:`widgets.classroom.board`), the students' page and the teacher's side of it (:mod:`widgets.classroom.live`).

Importing this package imports nothing else: the room is used by the students' and the teacher's
kernels, by tests and by command-line checks alike.
"""
