"""Serving the lessons: Voilà, its pools and templates, the static site, the class hub.

- ``server.py``: a Voilà server on this machine (``tressette-learn serve``, tests,
  benchmarks); ``address.py``: where it listens and the address learners type;
  ``pools.py``, ``kernels.py``, ``templates.py``: its pre-heated kernels, the kernel manager
  Voilà builds them on, its page templates compiled once.
- ``static_site.py``: a plain file server for the static site (``tressette-learn lite``).
- ``hub/``: JupyterHub for a class (``tressette-learn hub``).

May import: ``engine``, ``ai``, ``teaching``, ``store``, ``classroom``, ``ui`` and
the shared modules (``i18n``, ``content``, ``runtime``...); never ``cli``.
"""
