"""JupyterHub for a class on one server (``tressette-learn hub``).

- ``auth.py``: learners sign in with their name, the class code and a PIN, the teacher
  with the teacher key (:class:`~.auth.ClassCodeAuthenticator`).
- ``lessons.py``: the one Voilà every learner's pages come from, a hub-managed service
  behind the hub's login; learners have no server and run no code.
- ``spawner.py``: the teacher's own Jupyter Server (:class:`~.spawner.TeacherSpawner`).
- ``config.py``: the hub's settings and the ``jupyterhub_config.py`` made from them
  (idle culler as a hub-managed service, the proxy, one progress database).
- ``process.py``: starting and stopping the hub (and its proxy) as one process group.

Imported only by the hub itself: ``jupyterhub`` is the optional ``hub`` extra.
"""
