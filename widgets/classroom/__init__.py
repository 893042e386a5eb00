"""Lesson 8's live class mode: the room every device of a class shares (:mod:`widgets.classroom.room`,
standard library only), the students' page and the teacher's side of it (:mod:`widgets.classroom.live`).

Importing this package imports nothing else: the room is used by the students' and the teacher's
kernels, by tests and by command-line checks alike.
"""
