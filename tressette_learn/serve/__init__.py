"""Serving the lessons: Voilà, its pools and templates, the static site, the class hub."""
