"""The static site's build steps (``make lite`` runs :mod:`scripts.build_lite`; docs/lite.md).

- :mod:`.config`: where things go and what is pinned (read from pyproject.toml);
- :mod:`.wheels`: the project's wheel (lesson YAML compiled to JSON) and the pure-Python
  wheels the browser needs, from PyPI;
- :mod:`.lock`: the Pyodide lock file that lists exactly the wheels the site holds;
- :mod:`.pyodide_core`: Pyodide's core files from the npm package ``pyodide``;
- :mod:`.pages`: the lesson notebooks as the static site runs them;
- :mod:`.site`: ``voici build`` on all of it.
"""
