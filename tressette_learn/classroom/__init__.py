"""The classroom: learner progress saved to a database, and the teacher's view of it."""
