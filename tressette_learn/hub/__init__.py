"""JupyterHub for a class on one server (``tressette-learn hub``).

- ``auth.py``: learners sign in with their name and the class code, the teacher with the
  teacher key (:class:`~.auth.ClassCodeAuthenticator`).
- ``spawner.py``: each learner's own Jupyter Server, as a system user of their own when
  the hub runs as root, opening on the Voilà index (:class:`~.spawner.LearnerSpawner`).
- ``config.py``: the hub's settings and the ``jupyterhub_config.py`` made from them
  (idle culler as a hub-managed service, the proxy, one progress database).
- ``process.py``: starting and stopping the hub (and its proxy) as one process group.

Imported only by the hub itself: ``jupyterhub`` is the optional ``hub`` extra.
"""
