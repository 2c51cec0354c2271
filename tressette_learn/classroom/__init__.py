"""The class computed from stored results (no widgets)."""
