"""Teaching logic without widgets: quiz questions, guided hands, answer checking.

May import: ``engine``, ``ai`` and the shared modules (``i18n``, ``content``, ``runtime``...);
never a widget or a store.
"""
