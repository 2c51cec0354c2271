"""tressette_learn: learn the Italian card game Tressette with Jupyter and Voila lessons.

The package's parts, each importing only those above it in this list (tests/test_layout.py
keeps it so, and finds no import circle): ``engine`` (the rules), ``ai`` (computer players,
the solver, hints), ``teaching`` (lessons' logic, no widgets), ``store`` (persistence, no
widgets), ``classroom`` (the class computed from stored results), ``ui`` (every widget,
the classroom's in ``ui/classroom``), ``serve`` (Voilà, the static site, the class hub),
``cli`` (the ``tressette-learn`` command). The shared modules at the top, which every part
but the engine may import and which import only the engine and each other: ``i18n`` (the
words layer), ``engine_words``, ``content`` (the ``lessons/`` folder), ``runtime`` (a
server's kernel or the browser) and ``lazy_module``.
"""
